"""GPU/TPU set-up: the ``cuda12``/``tpu`` extras, the error on a machine without the accelerator
(MindSpore's RuntimeError plus what to install), and the selection of JAX's gpu/tpu backend
when one is present (checked here with a mocked device list: this machine has no GPU)."""
import os
import re
import tomllib

import jax
import pytest

import mscompat as ms
from mscompat import backends

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _has(platform):
    try:
        return bool(jax.devices(platform))
    except RuntimeError:
        return False


@pytest.fixture(autouse=True)
def _restore():
    yield
    backends.activate("CPU", 0)
    # the next test probes JAX's platforms afresh (no mocked devices kept in a cached backend)
    backends._instances.pop("GPU", None)
    backends._instances.pop("TPU", None)


# --- the extras -----------------------------------------------------------------------------

def _pyproject():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)


def test_extras_pull_jax_plugins_with_the_base_jax_bound():
    project = _pyproject()["project"]
    base = next(d for d in project["dependencies"] if re.match(r"jax\s*[><=]", d))
    bound = re.search(r">=\s*([\w.]+)", base).group(1)
    extras = project["optional-dependencies"]
    assert extras["cuda12"] == [f"jax[cuda12]>={bound}"]
    assert extras["tpu"] == [f"jax[tpu]>={bound}"]


def test_readme_has_one_line_per_extra_outside_the_commands():
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    blocks = re.findall(r"<!-- (?:main|test)-command -->\n```\n(.*?)\n```", readme, re.S)
    assert len(blocks) == 2 and not any("cuda12" in b or "[tpu]" in b for b in blocks)
    assert 'pip install -e ".[cuda12]"' in readme and 'pip install -e ".[tpu]"' in readme


# --- no accelerator here: MindSpore's error, and what to install ----------------------------

@pytest.mark.skipif(_has("gpu"), reason="a GPU is present")
@pytest.mark.parametrize("how", ["set_device", "set_context"])
def test_no_gpu_error_says_what_to_install(how, monkeypatch):
    monkeypatch.setattr(backends.importlib.util, "find_spec", lambda name, *a: None)
    with pytest.raises(RuntimeError) as e:
        if how == "set_device":
            ms.set_device("GPU")
        else:
            ms.set_context(device_target="GPU")
    msg = str(e.value)
    # MindSpore 2.10's CPU build raises RuntimeError("Unsupported device target GPU. ...") at set_device
    assert msg.startswith("Unsupported device target GPU. This process only supports one of the ['CPU', 'Ascend'].")
    assert "No GPU backend was found" in msg
    assert 'pip install "mscompat[cuda12]"' in msg
    assert "Device load error message" in msg
    assert ms.get_context("device_target") == "CPU"


@pytest.mark.skipif(_has("tpu"), reason="a TPU is present")
def test_no_tpu_error_says_what_to_install(monkeypatch):
    monkeypatch.setattr(backends.importlib.util, "find_spec", lambda name, *a: None)
    with pytest.raises(RuntimeError) as e:
        ms.set_device("TPU")
    msg = str(e.value)
    assert msg.startswith("Unsupported device target TPU.")
    assert "No TPU backend was found" in msg and 'pip install "mscompat[tpu]"' in msg
    assert ms.get_current_device() == ("CPU", 0)


@pytest.mark.skipif(_has("gpu"), reason="a GPU is present")
def test_plugin_installed_but_no_device_points_at_the_load_error(monkeypatch):
    monkeypatch.setattr(backends.importlib.util, "find_spec",
                        lambda name, *a: object() if name == "jax_cuda12_plugin" else None)
    with pytest.raises(RuntimeError) as e:
        ms.set_device("GPU")
    msg = str(e.value)
    assert "although jax_cuda12_plugin is installed" in msg and "device load error message below" in msg
    assert "mscompat[cuda12]" not in msg


def test_cpu_and_ascend_errors_have_no_install_hint():
    assert backends._install_hint("CPU") == "" and backends._install_hint("Ascend") == ""


# --- an accelerator present (mocked): JAX's gpu/tpu backend is selected ------------------------

class _FakeDevice:
    def __init__(self, platform, i, kind):
        self.platform, self.id, self.process_index, self.device_kind = platform, i, 0, kind

    def memory_stats(self):
        return {"bytes_limit": 80 << 30, "bytes_in_use": 1 << 20, "peak_bytes_in_use": 2 << 20}

    def __repr__(self):
        return f"{self.platform.upper()}Device(id={self.id})"


@pytest.fixture
def fake_platform(monkeypatch):
    """``jax.devices(platform)`` answers two fake devices for the platform given to ``make``;
    ``jax_default_device`` updates are recorded instead of performed."""
    real_devices, real_update = jax.devices, jax.config.update
    placed = []

    def make(platform, kind):
        fakes = [_FakeDevice(platform, i, kind) for i in range(2)]

        def devices(backend=None):
            if backend == platform:
                return fakes
            return real_devices(backend)

        def update(name, value):
            if name == "jax_default_device":
                placed.append(value)
            else:
                real_update(name, value)

        monkeypatch.setattr(jax, "devices", devices)
        monkeypatch.setattr(jax.config, "update", update)
        backends._instances.pop(platform.upper(), None)
        return fakes

    make.placed = placed
    return make


@pytest.mark.parametrize("target, platform, kind", [("GPU", "gpu", "NVIDIA H100 80GB HBM3"),
                                                    ("TPU", "tpu", "TPU v5 lite")])
@pytest.mark.parametrize("how", ["set_device", "set_context"])
def test_present_accelerator_is_selected(fake_platform, target, platform, kind, how):
    fakes = fake_platform(platform, kind)
    if how == "set_device":
        ms.set_device(target, 1)
    else:
        ms.set_context(device_target=target, device_id=1)
    assert ms.get_context("device_target") == target
    assert ms.get_current_device() == (target, 1)
    b = backends.current()
    assert b.name == target and b.platform == platform
    assert b.xla_devices() == fakes
    # new arrays go to the selected device
    assert fake_platform.placed[-1] is fakes[1]
    assert ms.hal.is_available(target)
    assert ms.hal.device_count(target) == 2
    assert ms.hal.get_device_name(0, target) == kind
    props = ms.hal.get_device_properties(1, target)
    assert props.name == kind and props.total_memory == 80 << 30
    # switching back to CPU clears the placement
    ms.set_device("CPU")
    assert fake_platform.placed[-1] is None and ms.get_context("device_target") == "CPU"


def test_gpu_present_is_the_default_target(monkeypatch):
    # JAX's default platform decides the target before any set_device (a GPU machine: GPU)
    monkeypatch.setattr(jax, "default_backend", lambda: "gpu")
    assert backends._default_target() == "GPU"
    monkeypatch.setattr(jax, "default_backend", lambda: "tpu")
    assert backends._default_target() == "TPU"
    monkeypatch.setattr(jax, "default_backend", lambda: "cpu")
    assert backends._default_target() == "CPU"
