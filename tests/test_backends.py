"""Device backends on the XLA targets: set_device/set_context(device_target), hal and runtime
queries, unavailable targets (messages probed from MindSpore 2.10's CPU build)."""
import jax
import numpy as np
import pytest

import mscompat as ms
from mscompat import backends, context, runtime


@pytest.fixture(autouse=True)
def _restore():
    yield
    backends.activate("CPU", 0)
    context._context["device_id"] = 0
    runtime._conf.clear()
    backends.get("Ascend").max_size = None


def _has(platform):
    try:
        return bool(jax.devices(platform))
    except RuntimeError:
        return False


def test_default_target_and_current_device():
    assert ms.get_context("device_target") == "CPU"
    assert ms.get_current_device() == ("CPU", 0)
    assert ms.get_current_device().device_target == "CPU"
    assert backends.current().name == "CPU"
    assert backends.cube is None          # the matmul/conv hook costs nothing on XLA targets


@pytest.mark.skipif(_has("gpu"), reason="a GPU is present")
@pytest.mark.parametrize("how", ["context", "set_device"])
def test_unavailable_gpu_gives_mindspore_error(how):
    with pytest.raises(RuntimeError) as e:
        if how == "context":
            ms.set_context(device_target="GPU")
        else:
            ms.set_device("GPU")
    msg = str(e.value)
    assert msg.startswith("Unsupported device target GPU. This process only supports one of the ['CPU', 'Ascend'].")
    assert "built with \"-e GPU\"" in msg and "Device load error message" in msg
    assert ms.get_context("device_target") == "CPU"      # unchanged


@pytest.mark.skipif(_has("tpu"), reason="a TPU is present")
def test_unavailable_tpu():
    with pytest.raises(RuntimeError, match="Unsupported device target TPU"):
        ms.set_device("TPU")


def test_invalid_targets_and_ids():
    with pytest.raises(ValueError, match=r"The argument 'device_target' must be one of \['CPU', 'GPU', 'Ascend'\], "
                                         r"but got XPU\."):
        ms.set_device("XPU")
    with pytest.raises(ValueError, match=r"'device_target' must be one of \['CPU', 'GPU', 'Ascend', 'Davinci'\]"):
        ms.set_context(device_target="XPU")
    with pytest.raises(ValueError, match="The device id must bigger than or equal to 0."):
        ms.set_device("CPU", -1)
    with pytest.raises(TypeError):
        ms.set_device("CPU", "0")
    with pytest.raises(ValueError, match=r"'device_id' must be in range \[0, 4095\]"):
        ms.set_context(device_id=5000)


def test_hal_device_queries_cpu():
    assert ms.hal.device_count() == 1 and ms.hal.device_count("CPU") == 1
    assert ms.hal.get_device_name(0) == "CPU"
    assert ms.hal.get_device_properties(0) is None and ms.hal.get_device_capability(0) is None
    assert ms.hal.is_available("CPU") and ms.hal.is_available("Ascend")
    with pytest.raises(ValueError, match="must be less than device count: 1, but got 1"):
        ms.hal.get_device_name(1)
    with pytest.raises(ValueError, match="For 'hal.is_available', the argument 'device_target' must be one of"):
        ms.hal.is_available("XPU")
    with pytest.raises(TypeError):
        ms.hal.get_device_name("0")
    if not _has("gpu"):
        assert ms.hal.is_available("GPU") is False
        with pytest.raises(ValueError, match="GPU backend is not available for this MindSpore package"):
            ms.hal.device_count("GPU")


def test_memory_queries_cpu_are_zero_like_mindspore():
    ms.ops.ones((256, 256)).asnumpy()
    assert ms.hal.memory_allocated() == 0 and ms.runtime.max_memory_allocated() == 0
    stats = ms.runtime.memory_stats()
    assert set(stats) >= {"total_reserved_memory", "total_allocated_memory", "max_allocated_memory",
                          "common_mem_pool_stats", "persistent_mem_pool_stats"}
    assert "Allocated memory" in ms.runtime.memory_summary()
    ms.runtime.empty_cache()
    ms.hal.reset_peak_memory_stats()
    ms.synchronize()
    ms.hal.synchronize()


def test_set_memory_validation():
    with pytest.raises(TypeError, match="The parameter 'max_size' must be"):
        runtime.set_memory(max_size=2)
    with pytest.raises(ValueError, match=r"The '2G' is illegal, it must be match regular"):
        runtime.set_memory(max_size="2G")
    with pytest.raises(ValueError, match=r"The '0GB' is illegal"):
        runtime.set_memory(max_size="0GB")
    with pytest.raises(ValueError, match="The memory value should not be \"0GB\"."):
        runtime.set_memory(max_size="0.0GB")
    with pytest.raises(ValueError, match="optimize_level must be one of"):
        runtime.set_memory(optimize_level="O3")
    runtime.set_memory(max_size="3GB")
    assert backends.get("Ascend").max_size == 3 * 1024 ** 3
    with pytest.raises(RuntimeError, match="The 'set_memory' can not be set repeatedly."):
        ms.runtime.set_memory(max_size="4GB")


def test_max_device_memory_context_key():
    ms.set_context(max_device_memory="2GB")          # ignored on CPU, as MindSpore does
    assert ms.get_context("max_device_memory") == 1024.0
    ms.set_device("Ascend")
    with pytest.raises(ValueError, match="The '3.5G' is illegal"):
        ms.set_context(max_device_memory="3.5G")
    with pytest.raises(ValueError, match="should not be \"0GB\""):
        ms.set_context(max_device_memory="0.0GB")
    ms.set_context(max_device_memory="3.5GB")
    assert ms.get_context("max_device_memory") == 3.5
    assert backends.current().capacity() == int(3.5 * 1024 ** 3)
    ms.set_context(max_device_memory="1024GB")


def test_executor_settings_validated():
    with pytest.raises(ValueError, match="cannot be evenly divisible by thread_num: 3"):
        runtime.set_kernel_launch_group(3, 8)
    runtime.set_kernel_launch_group(2, 8)
    with pytest.raises(RuntimeError, match="'kernel_launch_group' can not be set repeatedly"):
        runtime.set_kernel_launch_group()
    with pytest.raises(TypeError):
        runtime.dispatch_threads_num(2.5)


def test_ascend_config_validation():
    ms.set_context(ascend_config={"precision_mode": "fp8"})      # ignored on CPU, as MindSpore does
    assert ms.get_context("ascend_config") == {}
    ms.set_device("Ascend")
    with pytest.raises(ValueError, match="the key of argument 'ascend_config' must be one of"):
        ms.set_context(ascend_config={"precision": "force_fp16"})
    with pytest.raises(ValueError, match="the value of argument precision_mode must be one of"):
        ms.set_context(ascend_config={"precision_mode": "fp8"})


def test_placement_and_switch_back():
    ms.set_device("Ascend")
    assert backends.current().name == "Ascend" and backends.cube is not None
    ms.set_context(device_target="CPU")
    assert backends.current().name == "CPU" and backends.cube is None
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    np.testing.assert_array_equal(ms.ops.matmul(x, x.T).asnumpy(), x.asnumpy() @ x.asnumpy().T)
    assert backends.current().place(np.ones(3)).devices() == {backends.current().device()}
    assert backends.current().comm_backend == "mccl"
