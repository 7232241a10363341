"""``mindspore.graph.api``: MindSpore 2.10's home of the compilation API (``jit``, ``_no_grad``,
``_cell_graph_executor``, ...), of which ``mindspore.common.api`` is the older path. mscompat
writes them once in ``mscompat.common.api``; this module holds the same objects."""
from mscompat.common import api as _api

globals().update({k: v for k, v in vars(_api).items() if not k.startswith("__")})
__all__ = list(getattr(_api, "__all__", ()))
