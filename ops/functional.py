"""``mindspore.ops.functional`` (``F``): the functional ops, same objects as ``mindspore.ops``."""
from ._registry import OPS as _OPS

globals().update({n: d.fn for n, d in _OPS.items()})
__all__ = sorted(_OPS)
