"""Device backends: one small plugin interface behind ``set_device`` / ``set_context(device_target=...)``.

A backend owns what MindSpore's device plugins own: the devices of a target (count, names,
placement), a hook around compiled programs, memory statistics and synchronisation. ``CPU``,
``GPU`` and ``TPU`` are XLA platforms (:mod:`._xla`); ``Ascend`` is an emulated device runtime
that runs on the host's XLA (:mod:`.ascend`, documented in ``docs/ascend_emulation.md``).

>>> from mscompat import backends
>>> backends.current().name          # the active backend (lazily the XLA default platform)
'CPU'

Hooks other modules call (cheap on the XLA targets):

- ``backends.cube``: ``None`` unless the active backend emulates a matrix unit with its own
  precision; the matmul and convolution ops then call ``cube(compute, a, b)`` (see
  :meth:`Backend.cube`).
- ``backends.wrap_program(jitted, name)``: wraps a ``jax.jit`` object before a compiled
  callable uses it; XLA targets return it unchanged.
"""
import importlib.util
import os
import jax
from jax._src import xla_bridge

__all__ = ["Backend", "current", "activate", "get", "is_available", "TARGETS", "cube", "wrap_program",
           "estimate", "last_estimate", "StepEstimate", "device_target", "device_id"]

# MindSpore's targets, plus TPU (an XLA platform mscompat adds).
TARGETS = ("CPU", "GPU", "Ascend", "TPU")
_PLATFORM = {"CPU": "cpu", "GPU": "gpu", "TPU": "tpu"}
_TARGET_OF_PLATFORM = {"cpu": "CPU", "gpu": "GPU", "cuda": "GPU", "rocm": "GPU", "tpu": "TPU"}

cube = None          # set by a backend that emulates a cube unit (ops/_matmul.py, ops/_conv.py read it)


class Backend:
    """The plugin interface. Subclasses: :class:`._xla.XlaBackend`, :class:`.ascend.AscendBackend`.

    Attributes:
        name: the MindSpore device target (``"CPU"``, ``"GPU"``, ``"Ascend"``, ``"TPU"``).
        device_id: the device this process runs on (``set_device(target, device_id)``).
    """

    name = None
    comm_backend = None     # MindSpore's collective library name: "hccl" (Ascend), "nccl" (GPU), "mccl" (CPU)
    world_group = None      # its world group: "hccl_world_group", ...

    def __init__(self, device_id=0):
        self.device_id = device_id

    # --- devices ------------------------------------------------------------------
    def available(self):
        """Whether this target can run here (False: ``set_device`` raises MindSpore's error)."""
        raise NotImplementedError

    def xla_devices(self):
        """The ``jax.Device`` objects programs of this backend run on (all processes)."""
        raise NotImplementedError

    def device_count(self):
        """Devices of this target on this host (``hal.device_count``)."""
        raise NotImplementedError

    def device_name(self, device_id):
        """``hal.get_device_name``."""
        raise NotImplementedError

    def device_properties(self, device_id):
        """``hal.get_device_properties`` (None where MindSpore gives None)."""
        return None

    def device_capability(self, device_id):
        return None

    def arch_list(self):
        return None

    def device(self, device_id=None):
        """The ``jax.Device`` for a MindSpore device id (the current one by default)."""
        devs = self.local_devices()
        i = self.device_id if device_id is None else device_id
        return devs[i % len(devs)]

    def local_devices(self):
        pid = jax.process_index()
        return [d for d in self.xla_devices() if d.process_index == pid]

    def place(self, array, device_id=None):
        """``array`` on this backend's device ``device_id`` (the current one by default)."""
        return jax.device_put(array, self.device(device_id))

    # --- compile and run -----------------------------------------------------------
    def wrap_program(self, jitted, name):
        """Hook around a compiled callable's ``jax.jit`` object (identity on XLA targets)."""
        return jitted

    def synchronize(self):
        """Wait for every computation dispatched so far (``hal.synchronize``)."""
        for a in jax.live_arrays():
            a.block_until_ready()

    # --- memory ----------------------------------------------------------------------
    def memory_stats(self):
        """MindSpore's ``memory_stats`` dictionary."""
        return _empty_stats()

    def reset_peak_memory_stats(self):
        pass

    def empty_cache(self):
        pass

    # --- activation --------------------------------------------------------------------
    def activate(self):
        """Called when the backend becomes the active one."""

    def deactivate(self):
        """Called when another backend replaces this one."""


def _empty_stats():
    return {"total_reserved_memory": 0, "total_allocated_memory": 0, "total_idle_memory": 0,
            "total_eager_free_memory": 0, "max_reserved_memory": 0, "max_allocated_memory": 0,
            "common_mem_pool_stats": {"block_unit_size": 0, "block_counts": 0, "blocks_info": {}},
            "persistent_mem_pool_stats": {"block_counts": 0, "block_unit_size": 0, "blocks_info": {}}}


_state = {"active": None, "target": None, "device_id": 0, "explicit": False, "wrap_all": False}
_instances = {}


def _create(target):
    if target == "Ascend":
        from .ascend import AscendBackend  # cycle: the backend modules subclass Backend, defined here
        return AscendBackend()
    from ._xla import XlaBackend  # cycle: the backend modules subclass Backend, defined here
    return XlaBackend(target, _PLATFORM[target])


def get(target):
    """The backend object for ``target`` (created once)."""
    b = _instances.get(target)
    if b is None:
        b = _instances[target] = _create(target)
    return b


def _default_target():
    """The target of JAX's default platform (CPU where no accelerator is present)."""
    return _TARGET_OF_PLATFORM.get(jax.default_backend(), "CPU")


def device_target():
    """The active target's name without creating any device (``get_context('device_target')``).
    Before any ``set_device`` it is JAX's default platform's target; reading it does not start
    JAX's backends while several processes still have to call ``communication.init()``."""
    if _state["target"] is None:
        if _defer_probe():
            return "CPU"
        _state["target"] = _default_target()
    return _state["target"]


def device_id():
    return _state["device_id"]


def current():
    """The active backend object."""
    b = _state["active"]
    if b is None:
        b = get(device_target())
        b.device_id = _state["device_id"]
        _state["active"] = b
        b.activate()
    return b


def _defer_probe():
    """True while probing devices would start JAX's backends too early: a launcher started
    several processes and ``jax.distributed.initialize`` has not run yet."""
    if xla_bridge.backends_are_initialized():
        return False
    n = os.environ.get("MS_WORKER_NUM") or os.environ.get("RANK_SIZE") or "1"
    try:
        return int(n) > 1
    except ValueError:
        return False


def is_available(target):
    """Whether ``target`` can run in this process (the Ascend emulation always can)."""
    if target == "Ascend":
        return True
    return get(target).available()


# What to install when an XLA target has no JAX backend (the extras of pyproject.toml), and the
# module each of those installs (when it is there, the plugin loaded but found no usable device).
INSTALL_HINT = {
    "GPU": ("No GPU backend was found: JAX sees no GPU device. To run on an NVIDIA GPU, install JAX's CUDA "
            "plugin with: pip install \"mscompat[cuda12]\" (docs/accelerators.md)."),
    "TPU": ("No TPU backend was found: JAX sees no TPU device. To run on a Cloud TPU VM, install libtpu with: "
            "pip install \"mscompat[tpu]\" (docs/accelerators.md)."),
}
_PLUGIN_MODULE = {"GPU": ("jax_cuda12_plugin", "jax_cuda13_plugin", "jax_rocm7_plugin"), "TPU": ("libtpu",)}


def _install_hint(target):
    """The line telling what to install for ``target`` ('' for CPU and Ascend)."""
    if target not in INSTALL_HINT:
        return ""
    found = [m for m in _PLUGIN_MODULE[target] if importlib.util.find_spec(m) is not None]
    if found:
        return (f"\nNo {target} backend was found although {found[0]} is installed: JAX could not use it "
                f"(driver, CUDA or device problem: see the device load error message below; docs/accelerators.md).")
    return "\n" + INSTALL_HINT[target]


def unsupported_target_error(target):
    """MindSpore's error for a target this process cannot run (its CPU build says the same), with
    what to install for an accelerator JAX has no backend for."""
    supported = [t for t in ("CPU", "GPU", "Ascend") if t == "Ascend" or get(t).available()]
    hint = _install_hint(target)
    return RuntimeError(
        f"Unsupported device target {target}. This process only supports one of the {supported}. Please check "
        f"whether the {target} environment is installed and configured correctly, and check whether current "
        f"mindspore wheel package was built with \"-e {target}\". For details, please refer to \"Device load "
        f"error message\".{hint}\n\n----------------------------------------------------\n"
        f"- Device load error message:\n"
        f"----------------------------------------------------\n{get(target).load_error()}")


def activate(target, device_id=None):
    """Make ``target`` the active backend (``set_device``/``set_context(device_target=...)``).

    Raises MindSpore's ``RuntimeError`` when the target cannot run here (checked at once, or,
    while a multi-process launch still has to initialise JAX, when the backend is first used).
    """
    if target not in TARGETS:
        raise ValueError(f"The argument 'device_target' must be one of {list(TARGETS[:3])}, but got {target}.")
    if target != "Ascend" and not _defer_probe() and not get(target).available():
        raise unsupported_target_error(target)
    old = _state["active"]
    if device_id is not None:
        _state["device_id"] = device_id
    _state["target"] = target
    _state["explicit"] = True
    new = get(target)
    new.device_id = _state["device_id"]
    if old is not new:
        if old is not None:
            old.deactivate()
        _state["active"] = new
        new.activate()
    elif device_id is not None:
        new.activate()        # placement follows the device id
    return new


def set_device_id(device_id):
    _state["device_id"] = device_id
    b = _state["active"]
    if b is not None and b.device_id != device_id:
        b.device_id = device_id
        b.activate()          # placement follows the device id


def wrap_program(jitted, name="function"):
    """``current().wrap_program(jitted, name)``: compiled callables pass their ``jax.jit`` object
    here so a backend can see each compiled program (Ascend: memory check, cost model). With
    ``MINDSPORE_DUMP_CONFIG`` set, the program also dumps its data (``mscompat._data_dump``)."""
    if os.environ.get("MINDSPORE_DUMP_CONFIG"):
        from .. import _data_dump   # noqa: PLC0415  (cycle: the dump names ops by Cell, and nn builds on the backends)
        jitted = _data_dump.wrap_program(jitted, name)
    if _state["wrap_all"]:
        return get("Ascend").wrap_program(jitted, name)
    b = _state["active"]
    return jitted if b is None else b.wrap_program(jitted, name)


from .roofline import StepEstimate, estimate, last_estimate  # noqa: E402
