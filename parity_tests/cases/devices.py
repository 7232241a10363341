"""Device queries and device settings on the CPU target (mscompat.backends, hal, runtime):
values and error classes against MindSpore 2.10's CPU build. Only calls that leave the
context unchanged (errors raised before any setting, queries, settings CPU ignores)."""
import numpy as np

from parity_tests.harness import case

CASES = [
    case("hal.device_count/cpu", lambda ms: ms.hal.device_count()),
    case("hal.device_count/cpu_named", lambda ms: ms.hal.device_count("CPU")),
    case("hal.get_device_name/cpu", lambda ms: ms.hal.get_device_name(0)),
    case("hal.get_device_name/id_past_count", lambda ms: ms.hal.get_device_name(1), error=True),
    case("hal.get_device_name/negative_id", lambda ms: ms.hal.get_device_name(-1), error=True),
    case("hal.get_device_name/id_not_int", lambda ms: ms.hal.get_device_name("0"), error=True),
    case("hal.get_device_properties/cpu_none", lambda ms: ms.hal.get_device_properties(0) is None),
    case("hal.get_device_capability/cpu_none", lambda ms: ms.hal.get_device_capability(0) is None),
    case("hal.is_available/cpu", lambda ms: ms.hal.is_available("CPU")),
    case("hal.is_available/bad_target", lambda ms: ms.hal.is_available("XPU"), error=True),
    case("hal.device_count/bad_target", lambda ms: ms.hal.device_count("XPU"), error=True),
    case("hal.device_count/target_not_str", lambda ms: ms.hal.device_count(1), error=True),
    case("hal.memory_allocated/cpu_zero", lambda ms: (ms.ops.ones((64, 64)) * 2).asnumpy().sum() > 0
         and ms.hal.memory_allocated()),
    case("hal.max_memory_allocated/cpu_zero", lambda ms: ms.hal.max_memory_allocated()),
    case("hal.memory_reserved/cpu_zero", lambda ms: ms.hal.memory_reserved()),
    case("runtime.memory_allocated/cpu_zero", lambda ms: ms.runtime.memory_allocated()),
    case("runtime.memory_summary/cpu_table", lambda ms: ms.runtime.memory_summary()),
    case("runtime.memory_stats/cpu_totals",
         lambda ms: sorted((k, v) for k, v in ms.runtime.memory_stats().items() if not isinstance(v, dict))),
    case("runtime.synchronize/none", lambda ms: ms.runtime.synchronize()),
    case("get_current_device/cpu", lambda ms: tuple(ms.get_current_device())),
    case("get_context/device_target_cpu", lambda ms: ms.get_context("device_target")),
    case("set_device/bad_target", lambda ms: ms.set_device("XPU"), error=True),
    case("set_device/negative_id", lambda ms: ms.set_device("CPU", -1), error=True),
    case("set_device/target_not_str", lambda ms: ms.set_device(1), error=True),
    case("set_context/bad_device_target", lambda ms: ms.set_context(device_target="XPU"), error=True),
    case("set_context/ascend_config_ignored_on_cpu",
         lambda ms: ms.set_context(ascend_config={"precision_mode": "no_such_mode"})),
    case("runtime.set_memory/bad_format", lambda ms: ms.runtime.set_memory(max_size="2G"), error=True),
    case("runtime.set_memory/not_str", lambda ms: ms.runtime.set_memory(max_size=2), error=True),
    case("runtime.set_kernel_launch_group/not_divisible",
         lambda ms: ms.runtime.set_kernel_launch_group(3, 8), error=True),
    case("runtime.set_kernel_launch_group/zero_threads",
         lambda ms: ms.runtime.set_kernel_launch_group(0, 8), error=True),
    case("runtime.dispatch_threads_num/not_int", lambda ms: ms.runtime.dispatch_threads_num(2.5), error=True),
    case("Tensor/after_device_queries", lambda ms: ms.Tensor(np.arange(3, dtype=np.float32)) + 1),
]
