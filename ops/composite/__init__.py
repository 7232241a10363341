"""``mindspore.ops.composite`` (``C``): composite ops (HyperMap, Map, MultitypeFuncGraph, ...).

Names defined here are registered as ops by ``ops/_graph_helpers.py``; the composite names of other
families (``C.normal``, ``C.matmul``, ...) are looked up in the op registry on access.
"""
from .._registry import OPS as _OPS
from mscompat._autodiff import GradOperation
from .multitype import MultitypeFuncGraph, HyperMap, Map
from .base import (add_flags, tail, zip_operation, iter_converter, ms_hasnext, ms_next, recompute_block,
                   augassign_add, augassign_sub, augassign_mul, augassign_div, augassign_floordiv,
                   augassign_mod, hyper_add, env_get)

__all__ = ["GradOperation", "MultitypeFuncGraph", "HyperMap", "Map", "add_flags", "tail", "zip_operation",
           "iter_converter", "ms_hasnext", "ms_next", "recompute_block", "augassign_add", "augassign_sub",
           "augassign_mul", "augassign_div", "augassign_floordiv", "augassign_mod", "hyper_add", "env_get"]

# MindSpore's ops.composite also re-exports these functional ops of other families.
_FROM_REGISTRY = ("batch_dot", "count_nonzero", "cummin", "dot", "gamma", "laplace",
                  "matmul", "mm", "multinomial", "normal", "ones_like", "poisson", "repeat_elements",
                  "repeat_interleave", "sequence_mask", "tensor_dot", "uniform", "vecdot", "zeros_like")


def __getattr__(name):
    if name in _FROM_REGISTRY and name in _OPS:
        return _OPS[name].fn
    raise AttributeError(f"module 'mscompat.ops.composite' has no attribute '{name}'")


def __dir__():
    return sorted(set(__all__) | {n for n in _FROM_REGISTRY if n in _OPS})
