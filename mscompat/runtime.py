"""``mindspore.runtime``: device memory, synchronisation and executor settings of the active backend.

Memory figures come from the active backend (:mod:`mscompat.backends`): zeros on CPU as in
MindSpore, the PJRT allocator's on GPU/TPU, the emulated pool's on Ascend. Executor settings
that tune MindSpore's own kernel-launch threads (``dispatch_threads_num``,
``set_kernel_launch_group``, ``set_kernel_launch_capture``, ``set_cpu_affinity``) have no XLA
counterpart: they are validated as MindSpore validates them and recorded, and change nothing.
"""
import jax

from mscompat._checkparam import check_str_by_regular
from mscompat import backends
from mscompat import context

__all__ = ["launch_blocking", "dispatch_threads_num", "set_cpu_affinity", "set_kernel_launch_group",
           "set_kernel_launch_capture", "synchronize", "set_memory", "memory_stats", "memory_reserved",
           "max_memory_reserved", "empty_cache", "reset_peak_memory_stats", "memory_summary", "memory_allocated",
           "max_memory_allocated", "reset_max_memory_reserved", "reset_max_memory_allocated"]

_MEMORY_PATTERN = r"[1-9][0-9]*(\.)?[0-9]*GB|0\.[0-9]*GB"
_RESERVE_PATTERN = r"[0-9][0-9]*(\.)?[0-9]*GB|0\.[0-9]*GB"
_GB = 1024 ** 3

_conf = {}   # settings made once: name -> value


def _backend():
    return backends.current()


def _type_check(name, value, types):
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in (types if isinstance(types, tuple)
                                                                                 else (types,))):
        raise TypeError(f"The parameter '{name}' must be {types}, but got {type(value)}")


def _once(key, message):
    if key in _conf:
        raise RuntimeError(message)


# --- executor -------------------------------------------------------------------------
def launch_blocking():
    """Run operators synchronously (errors point at the Python line that launched them): XLA's
    asynchronous CPU dispatch is switched off and ``pynative_synchronize`` is set."""
    context._context["pynative_synchronize"] = True
    try:
        jax.config.update("jax_cpu_enable_async_dispatch", False)
    except (AttributeError, KeyError):  # pragma: no cover - option absent in this JAX
        pass
    _conf["launch_blocking"] = True


def dispatch_threads_num(threads_num):
    """Threads of MindSpore's runtime dispatcher (recorded; XLA schedules its own threads)."""
    _type_check("threads_num", threads_num, int)
    _once("dispatch_threads_num", "The 'dispatch_threads_num' can not be set repeatedly.")
    if threads_num <= 0:
        raise ValueError(f"The argument 'threads_num' must be positive, but got {threads_num}.")
    _conf["dispatch_threads_num"] = threads_num


def set_cpu_affinity(enable_affinity, affinity_cpu_list=None, module_to_cpu_dict=None, bind_file=None):
    """Bind MindSpore's runtime threads to CPUs (recorded; XLA's threads are not bound)."""
    _type_check("enable_affinity", enable_affinity, bool)
    _once("set_cpu_affinity", "The 'mindspore.runtime.set_cpu_affinity' cannot be set repeatedly.")
    if affinity_cpu_list is not None and not isinstance(affinity_cpu_list, list):
        raise TypeError(f"The parameter 'affinity_cpu_list' must be list, but got {type(affinity_cpu_list)}")
    if module_to_cpu_dict is not None and not isinstance(module_to_cpu_dict, dict):
        raise TypeError(f"The parameter 'module_to_cpu_dict' must be dict, but got {type(module_to_cpu_dict)}")
    _conf["set_cpu_affinity"] = (enable_affinity, affinity_cpu_list, module_to_cpu_dict, bind_file)


def set_kernel_launch_group(thread_num=2, kernel_group_num=8):
    """Parallel kernel launch groups of MindSpore's O0 runtime (recorded)."""
    _once("kernel_launch_group", "The 'kernel_launch_group' can not be set repeatedly.")
    if _conf.get("kernel_launch_capture"):
        raise RuntimeError("The kernel launch group and kernel launch capture can not be set together")
    if thread_num < 1:
        raise ValueError(f"The value of thread_num should be at least 1, but got {thread_num}")
    if kernel_group_num < 1:
        raise ValueError(f"The value of kernel_group_num should be at least 1, but got {kernel_group_num}")
    if kernel_group_num % thread_num != 0:
        raise ValueError(f"Invalid parameter value, kernel_group_num: {kernel_group_num} cannot "
                         f"be evenly divisible by thread_num: {thread_num}")
    _conf["kernel_launch_group"] = (thread_num, kernel_group_num)


def set_kernel_launch_capture(enable_capture_graph, op_capture_skip=None):
    """Capture of host-side kernel dispatch into a graph (recorded; XLA programs are compiled whole)."""
    _type_check("enable_capture_graph", enable_capture_graph, bool)
    if "kernel_launch_group" in _conf:
        raise RuntimeError("The kernel launch group and kernel launch capture can not be set together")
    if op_capture_skip is None:
        op_capture_skip = []
    if not isinstance(op_capture_skip, list):
        raise TypeError("op_capture_skip must be a list")
    _conf["kernel_launch_capture"] = enable_capture_graph


def synchronize():
    """Wait until every computation dispatched to the active device has finished."""
    _backend().synchronize()


# --- memory ---------------------------------------------------------------------------
def _check_memory_conf_valid(memory_size):
    check_str_by_regular(memory_size, _MEMORY_PATTERN)
    if memory_size in ["0GB", "0.0GB"]:
        raise ValueError("The memory value should not be \"0GB\".")


def set_memory(init_size="2GB", increase_size="2GB", max_size="1024GB", optimize_level="O0",
               huge_page_reserve_size="0GB"):
    """Configure the device memory pool; ``max_size`` caps the memory the device may use (the
    emulated Ascend device raises MindSpore's out-of-memory error beyond it). Once per process."""
    for name, v in (("init_size", init_size), ("increase_size", increase_size), ("max_size", max_size),
                    ("optimize_level", optimize_level), ("huge_page_reserve_size", huge_page_reserve_size)):
        _type_check(name, v, str)
    _once("set_memory", "The 'set_memory' can not be set repeatedly.")
    for v in (init_size, increase_size, max_size):
        _check_memory_conf_valid(v)
    check_str_by_regular(huge_page_reserve_size, _RESERVE_PATTERN)
    if optimize_level not in ("O0", "O1"):
        raise ValueError(f"The optimize_level must be one of ['O0', 'O1'], but got {optimize_level}.")
    backends.get("Ascend").max_size = int(float(max_size[:-2]) * _GB)
    _conf["set_memory"] = dict(init_size=init_size, increase_size=increase_size, max_size=max_size,
                               optimize_level=optimize_level, huge_page_reserve_size=huge_page_reserve_size)


def _stats(device_target=None):
    b = backends.current() if device_target is None else backends.get(device_target)
    return b.memory_stats()


def memory_stats():
    """Status of the device memory pool (MindSpore's dictionary; zeros on CPU)."""
    return _stats()


def memory_reserved():
    """Bytes the memory pool holds."""
    return _stats()["total_reserved_memory"]


def max_memory_reserved():
    """Peak bytes the memory pool held."""
    return _stats()["max_reserved_memory"]


def memory_allocated():
    """Bytes of device memory Tensors occupy now."""
    return _stats()["total_allocated_memory"]


def max_memory_allocated():
    """Peak bytes of device memory Tensors occupied (since the last reset)."""
    return _stats()["max_allocated_memory"]


def empty_cache():
    """Release cached, unused pool memory (XLA frees buffers as soon as they die)."""
    _backend().empty_cache()


def reset_peak_memory_stats():
    """Restart the peak figures from the current use."""
    _backend().reset_peak_memory_stats()


def reset_max_memory_reserved():
    _backend().reset_peak_memory_stats()


def reset_max_memory_allocated():
    _backend().reset_peak_memory_stats()


def _format_size(sz, pref_sz):
    prefixes = ["B  ", "KB", "MB", "GB", "TB", "PB"]
    prefix = prefixes[0]
    for new_prefix in prefixes[1:]:
        if pref_sz < 768 * 1024:
            break
        prefix = new_prefix
        sz //= 1024
        pref_sz /= 1024
    return f"{sz:6d} {prefix}"


def memory_summary(device_target=None):
    """The pool's status as MindSpore's table."""
    stats = _stats(device_target)
    rows = [("total_reserved_memory", "Reserved memory"), ("total_allocated_memory", "Allocated memory"),
            ("total_idle_memory", "Idle memory"), ("total_eager_free_memory", "Eager free memory"),
            ("max_reserved_memory", "Max reserved memory"), ("max_allocated_memory", "Max allocated memory")]
    lines = ["=" * 45, " {:^43} ".format("Memory summary"), "=" * 45, " {:<20} | {:<20} ".format("Metric", "Data")]
    for key, title in rows:
        lines.append("-" * 45)
        lines.append(" {:<20} | {:<20} ".format(title, _format_size(stats[key], stats[key])))
    lines.append("=" * 45)
    return "|" + "|\n|".join(lines) + "|\n"
