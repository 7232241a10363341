"""``mindspore.hal``: device queries and memory statistics per device target.

Each function reads the backend of ``device_target`` (the active one by default) from
:mod:`mscompat.backends`; the checks and messages are MindSpore's.
"""
import functools
import inspect

from jax._src import xla_bridge

from mscompat import runtime as _runtime
from mscompat import backends

__all__ = ["is_initialized", "is_available", "device_count", "get_device_capability", "get_device_properties",
           "get_device_name", "get_arch_list", "synchronize", "memory_stats", "memory_reserved",
           "max_memory_reserved", "empty_cache", "reset_peak_memory_stats", "memory_summary", "memory_allocated",
           "max_memory_allocated", "reset_max_memory_reserved", "reset_max_memory_allocated"]

_VALID = ["CPU", "GPU", "Ascend", "TPU"]


def _backends():
    return backends


def _target_checked(fn):
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def deco(*args, **kwargs):
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        p = bound.arguments
        t = p.get("device_target")
        if t is None:
            t = p["device_target"] = _backends().device_target()
        if not isinstance(t, str):
            raise TypeError(f"The argument 'device_target' must be str, but got {t}, type is {type(t)}.")
        if t not in _VALID:
            raise ValueError(f"The argument 'device_target' must be one of {_VALID}, but got {t}.")
        if not _backends().is_available(t):
            raise ValueError(f"{t} backend is not available for this MindSpore package."
                             "You can call hal.is_available to check the reason.")
        if "device_id" in p:
            d = p["device_id"]
            if not isinstance(d, int) or isinstance(d, bool):
                raise TypeError(f"The argument 'device_id' must be int, but got {d}, type is {type(d)}.")
            if d < 0:
                raise ValueError(f"The argument 'device_id' should not be negative, but got {d}.")
            n = _backends().get(t).device_count()
            if d >= n:
                raise ValueError(f"The argument 'device_id' must be less than device count: {n}, but got {d}.")
        return fn(*bound.args, **bound.kwargs)
    return deco


def _check_name(api, device_target):
    if device_target not in _VALID:
        raise ValueError(f"For 'hal.{api}', the argument 'device_target' must be one of {_VALID}, "
                         f"but got {device_target}.")


def is_initialized(device_target):
    """Whether ``device_target`` is the active target and its device runtime (XLA's backends) has started."""
    _check_name("is_initialized", device_target)
    return _backends().device_target() == device_target and xla_bridge.backends_are_initialized()


def is_available(device_target):
    """Whether ``device_target`` can run in this process (``Ascend``: always, emulated)."""
    _check_name("is_available", device_target)
    return _backends().is_available(device_target)


@_target_checked
def device_count(device_target=None):
    """Devices of ``device_target`` on this host (1 for CPU, as in MindSpore)."""
    return _backends().get(device_target).device_count()


@_target_checked
def get_device_capability(device_id, device_target=None):
    """``None`` (MindSpore gives a capability only for CUDA devices)."""
    return _backends().get(device_target).device_capability(device_id)


@_target_checked
def get_device_properties(device_id, device_target=None):
    """Name and memory of a device (``None`` for CPU)."""
    return _backends().get(device_target).device_properties(device_id)


@_target_checked
def get_device_name(device_id, device_target=None):
    """The device's name: ``"CPU"``, the GPU/TPU kind, ``"Ascend910A"`` on the emulated Ascend."""
    return _backends().get(device_target).device_name(device_id)


@_target_checked
def get_arch_list(device_target=None):
    return _backends().get(device_target).arch_list()


def synchronize():
    """Wait for every computation dispatched to the active device."""
    _runtime.synchronize()


def _stats(device_target):
    return _backends().get(device_target).memory_stats()


@_target_checked
def memory_stats(device_target=None):
    return _stats(device_target)


@_target_checked
def memory_reserved(device_target=None):
    return _stats(device_target)["total_reserved_memory"]


@_target_checked
def max_memory_reserved(device_target=None):
    return _stats(device_target)["max_reserved_memory"]


@_target_checked
def memory_allocated(device_target=None):
    return _stats(device_target)["total_allocated_memory"]


@_target_checked
def max_memory_allocated(device_target=None):
    return _stats(device_target)["max_allocated_memory"]


def empty_cache():
    _runtime.empty_cache()


@_target_checked
def reset_peak_memory_stats(device_target=None):
    _backends().get(device_target).reset_peak_memory_stats()


@_target_checked
def reset_max_memory_reserved(device_target=None):
    _backends().get(device_target).reset_peak_memory_stats()


@_target_checked
def reset_max_memory_allocated(device_target=None):
    _backends().get(device_target).reset_peak_memory_stats()


@_target_checked
def memory_summary(device_target=None):
    return _runtime.memory_summary(device_target)
