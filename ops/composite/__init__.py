"""``mindspore.ops.composite`` (``C``): composite ops (HyperMap, Map, MultitypeFuncGraph, ...)."""
from .._registry import OPS as _OPS

__all__ = []
