"""``mindspore.parallel._auto_parallel_context.auto_parallel_context()``: the object form of the
auto-parallel settings some model code reads (``get_parallel_mode()``, ``get_device_num()``, ...);
it reads and writes the same settings as ``set/get_auto_parallel_context``."""
from mscompat import context
__all__ = ["auto_parallel_context"]


class _AutoParallelContext:
    def __getattr__(self, name):
        for prefix in ("get_", "set_"):
            if name.startswith(prefix):
                key = name[len(prefix):]
                key = {"strategy_search_mode": "search_mode"}.get(key, key)
                if key in context._auto_parallel or key == "device_num":
                    if prefix == "get_":
                        return lambda: context.get_auto_parallel_context(key)
                    return lambda value: context.set_auto_parallel_context(**{key: value})
        raise AttributeError(f"'_AutoParallelContext' object has no attribute '{name}'")

    def get_device_num_is_set(self):
        return bool(context._auto_parallel.get("device_num_set"))

    def reset(self):
        context.reset_auto_parallel_context()


_CONTEXT = _AutoParallelContext()


def auto_parallel_context():
    """The process-wide auto-parallel context object."""
    return _CONTEXT
