"""``mindspore.ops.communication``: the collective communication functions (``all_reduce``,
``all_gather_into_tensor``, ``broadcast``, ``set_comm_ops_inplace``, ...) at MindSpore 2.10's
public path; the objects are ``ops.function.comm_func``'s (one implementation, several paths)."""
from .function import comm_func as _comm_func
from ._module_paths import bind as _bind

__all__ = _bind(globals(), _comm_func._NAMES, _comm_func)
