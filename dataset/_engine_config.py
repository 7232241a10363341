"""``mindspore.dataset.config``: global settings of the data pipeline."""
import os
import random as _pyrandom

import numpy as _np

INT32_MAX = 2147483647
UINT32_MAX = 4294967295
_DEFAULT_SEED = 5489  # std::mt19937::default_seed, what MindSpore reports when unset

_state = {
    "seed": None,
    "prefetch_size": 16,
    "num_parallel_workers": min(8, os.cpu_count() or 1),
    "monitor_sampling_interval": 1000,
    "callback_timeout": 60,
    "enable_shared_mem": True,
    "auto_offload": False,
    "enable_watchdog": True,
    "multiprocessing_timeout_interval": 300,
    "worker_timeout": 0,
    "debug_mode": False,
    "error_samples_mode": None,
}


def _check_int(value, name):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} isn't of type int.")


def set_seed(seed):
    """Seed the pipeline's random generators (also Python's ``random`` and ``numpy.random``)."""
    _check_int(seed, "seed")
    if seed < 0 or seed > UINT32_MAX:
        raise ValueError("seed given is not within the required range [0, UINT32_MAX(4294967295)].")
    _state["seed"] = seed
    _pyrandom.seed(seed)
    _np.random.seed(seed)


def get_seed():
    """The seed set by :func:`set_seed`, else mt19937's default seed (5489)."""
    return _DEFAULT_SEED if _state["seed"] is None else _state["seed"]


def _pipeline_seed():
    """Seed for a new random component: the configured seed, or a fresh random one when unset."""
    if _state["seed"] is None:
        return int.from_bytes(os.urandom(4), "little")
    return _state["seed"]


def set_prefetch_size(size):
    """Set the capacity of the queues between pipeline stages (rows)."""
    _check_int(size, "size")
    if size <= 0 or size > INT32_MAX:
        raise ValueError("size is not within the required range (0, INT32_MAX(2147483647)].")
    _state["prefetch_size"] = size


def get_prefetch_size():
    return _state["prefetch_size"]


def set_num_parallel_workers(num):
    """Set the default number of parallel workers of each pipeline op."""
    _check_int(num, "num")
    if num <= 0 or num > INT32_MAX:
        raise ValueError("Number of parallel workers given is not within the required range "
                         "(0, INT32_MAX(2147483647)].")
    cpus = os.cpu_count() or 1
    if num > cpus:  # MindSpore's C++ config manager refuses more workers than CPUs
        raise RuntimeError("Syntax error. Invalid Parameter, num_parallel_workers exceeds the boundary between 1 "
                           "and {}, as got {}.".format(cpus, num))
    _state["num_parallel_workers"] = num


def get_num_parallel_workers():
    return _state["num_parallel_workers"]


def set_monitor_sampling_interval(interval):
    _check_int(interval, "interval")
    if interval < 0 or interval > INT32_MAX:
        raise ValueError(f"Interval given is not within the required range [0, {INT32_MAX}].")
    _state["monitor_sampling_interval"] = interval


def get_monitor_sampling_interval():
    return _state["monitor_sampling_interval"]


def set_callback_timeout(timeout):
    _check_int(timeout, "timeout")
    if timeout <= 0 or timeout > INT32_MAX:
        raise ValueError(f"Timeout given is not within the required range (0, {INT32_MAX}].")
    _state["callback_timeout"] = timeout


def get_callback_timeout():
    return _state["callback_timeout"]


def set_enable_shared_mem(enable):
    if not isinstance(enable, bool):
        raise TypeError("enable isn't of type bool.")
    _state["enable_shared_mem"] = enable


def get_enable_shared_mem():
    return _state["enable_shared_mem"]


def set_auto_offload(offload):
    if not isinstance(offload, bool):
        raise TypeError("offload isn't of type bool.")
    _state["auto_offload"] = offload


def get_auto_offload():
    return _state["auto_offload"]


def set_enable_watchdog(enable):
    if not isinstance(enable, bool):
        raise TypeError("enable isn't of type bool.")
    _state["enable_watchdog"] = enable


def get_enable_watchdog():
    return _state["enable_watchdog"]


def set_multiprocessing_timeout_interval(interval):
    _check_int(interval, "interval")
    if interval <= 0 or interval > INT32_MAX:
        raise ValueError(f"Interval given is not within the required range (0, {INT32_MAX}].")
    _state["multiprocessing_timeout_interval"] = interval


def get_multiprocessing_timeout_interval():
    return _state["multiprocessing_timeout_interval"]


def set_worker_timeout(timeout):
    """mscompat's option (MindSpore has none): seconds a Python transform of ``map``/``batch``
    (``per_batch_map``) may take on its rows before the pipeline stops with a RuntimeError,
    with ``python_multiprocessing`` True or False; ``0`` (the default) waits forever, as
    MindSpore does, logging a warning every ``multiprocessing_timeout_interval`` seconds."""
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError(f"timeout isn't of type int or float, but got {type(timeout).__name__}.")
    if not 0 <= timeout <= INT32_MAX or timeout != timeout:
        raise ValueError(f"Timeout given is not within the required range [0, {INT32_MAX}], but got {timeout}.")
    _state["worker_timeout"] = timeout


def get_worker_timeout():
    """Seconds set by :func:`set_worker_timeout` (``0``: no limit)."""
    return _state["worker_timeout"]


def set_debug_mode(debug_mode_flag=True, debug_hook_list=None):
    if not isinstance(debug_mode_flag, bool):
        raise TypeError("debug_mode_flag isn't of type boolean.")
    _state["debug_mode"] = debug_mode_flag


def get_debug_mode():
    return _state["debug_mode"]
