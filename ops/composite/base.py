"""``mindspore.ops.composite`` helpers: ``add_flags``, ``tail``, ``zip_operation``, the
iteration helpers, ``recompute_block``, the ``augassign_*`` overload sets, ``hyper_add``
and ``env_get``.
"""
import operator

import jax.numpy as jnp

from .multitype import MultitypeFuncGraph, HyperMap
from . import _env
from mscompat.common.tensor import Tensor
from .._arith import add
from .._creation import zeros_like

__all__ = ["add_flags", "tail", "zip_operation", "iter_converter", "ms_hasnext", "ms_next",
           "recompute_block", "augassign_add", "augassign_sub", "augassign_mul", "augassign_div",
           "augassign_floordiv", "augassign_mod", "hyper_add", "env_get"]


def add_flags(fn=None, **flags):
    """Attach ``flags`` to ``fn`` (a function or Cell) as ``fn._func_graph_flags``; returns ``fn``.
    Without ``fn``, returns the decorator."""
    def deco(f):
        merged = dict(getattr(f, "_func_graph_flags", None) or {})
        merged.update(flags)
        try:
            object.__setattr__(f, "_func_graph_flags", merged)
        except (AttributeError, TypeError):
            f.__dict__["_func_graph_flags"] = merged
        return f
    return deco if fn is None else deco(fn)


def _check_seq(op_name, x, kinds=(tuple, list)):
    if not isinstance(x, kinds):
        names = " or ".join(k.__name__ for k in kinds)
        raise TypeError(f"For '{op_name}', the input should be {names}, but got {type(x).__name__}.")


def tail(*args):
    """All elements of a tuple or list but the first (graph-mode ``Tail``)."""
    if not args:
        raise RuntimeError("'Tail' requires at least 1 argument, but got 0")
    if len(args) > 1:
        raise TypeError(f"The parameters number of the function is 1, but the number of provided arguments is "
                        f"{len(args)}.")
    seq = args[0]
    if not isinstance(seq, (tuple, list)):
        raise RuntimeError(f"'Tail' arg0 must be tuple or list, but got {type(seq).__name__}.")
    return type(seq)(seq[1:])


def zip_operation(*seqs):
    """``tuple(zip(*seqs))`` with each row a tuple (graph-mode ``ZipOperation``)."""
    if not seqs:
        raise RuntimeError("The zip operator must have at least 1 argument, but the size of arguments is 0.")
    for s in seqs:
        if not hasattr(s, "__len__") or not hasattr(s, "__getitem__"):
            raise TypeError(f"For 'zip_operation', all inputs should be sequences, but got {type(s).__name__}.")
    return tuple(tuple(row) for row in zip(*seqs))


def iter_converter(x):
    """``x`` as an iterable sequence: tuples, lists, strings and Tensors unchanged, a dict's keys
    (as graph-mode MindSpore does)."""
    if isinstance(x, (tuple, list, str)):
        return x
    if isinstance(x, dict):
        return tuple(x.keys())
    if hasattr(x, "shape") and hasattr(x, "dtype"):
        return x
    raise TypeError(f"For 'iter_converter', the input can not be iterated: {type(x).__name__}.")


def ms_hasnext(seq):
    """Whether ``seq`` has another element (``len(seq) > 0``)."""
    if not isinstance(seq, (tuple, list, str, dict)) and not (hasattr(seq, "shape") and hasattr(seq, "dtype")):
        # graph-mode MindSpore calls the abstract value's ``__len__``
        kind = {bool: "Bool", int: "Int", float: "Float", type(None): "NoneType"}.get(type(seq), type(seq).__name__)
        raise AttributeError(f"'{kind}' object has no attribute '__len__'")
    return len(iter_converter(seq)) > 0


def ms_next(seq):
    """``(first element, the rest)`` of ``seq``."""
    if isinstance(seq, dict):
        # a dict yields its first key and the dict without that key
        if not seq:
            raise ValueError("For primitive:'TupleGetItem', cannot get item by index from an empty sequence.")
        first = next(iter(seq))
        return first, {k: v for k, v in seq.items() if k != first}
    seq = iter_converter(seq)
    if not len(seq):
        if isinstance(seq, str):
            raise RuntimeError("String index out of range, expect:[0, -1], but got 0.")
        kind = "list_getitem" if isinstance(seq, list) else "TupleGetItem"
        raise ValueError(f"For primitive:'{kind}', cannot get item by index from an empty sequence.")
    return seq[0], seq[1:]


def recompute_block(*args):
    """MindSpore's PyNative ``recompute_block``: a graph-compiler marker whose call does nothing
    and returns None (recomputation is a memory schedule; XLA decides rematerialization)."""
    return None


def _aug(name, fn):
    m = MultitypeFuncGraph(name, True)
    m._register_default()(fn)
    return m


def _true_div(x, y):
    if y != 0:
        return x / y
    raise ValueError("division by zero")


def _floordiv(x, y):
    if y == 0:
        raise ValueError("division by zero")
    return x // y


augassign_add = _aug("augassign_add", operator.add)
augassign_sub = _aug("augassign_sub", operator.sub)
augassign_mul = _aug("augassign_mul", operator.mul)
augassign_div = _aug("augassign_div", _true_div)
augassign_floordiv = _aug("augassign_floordiv", _floordiv)
augassign_mod = _aug("augassign_mod", operator.mod)

_add_backward = MultitypeFuncGraph("add_backward")


@_add_backward.register("Number", "Number")
def _add_nn(x, y):
    return x + y


@_add_backward.register("Tensor", "Tensor")
def _add_tt(x, y):
    return add(x, y)


@_add_backward.register("EnvType", "EnvType")
def _add_env(x, y):
    return _env.environ_add(x, y)


@_add_backward.register("RowTensor", "Tensor")
def _add_rt(x, y):
    return add(_row_dense(x), y)


@_add_backward.register("Tensor", "RowTensor")
def _add_tr(x, y):
    return add(x, _row_dense(y))


@_add_backward.register("None", "None")
def _add_none(x, y):
    return x + y  # MindSpore's overload: a TypeError, as in Python


def _row_dense(rt):
    vals = rt.values._data
    out = jnp.zeros(rt.dense_shape, vals.dtype)
    return Tensor._wrap(out.at[rt.indices._data].add(vals))


hyper_add = HyperMap(_add_backward)

env_get = MultitypeFuncGraph("env_get")


@env_get.register("EnvType", "Tensor")
def _tensor_env_get(env, parameter):
    return _env.environ_get(env, _env.ref_to_embed(parameter), Tensor._wrap(jnp.zeros_like(parameter._data)))


@env_get.register("EnvType", "MapTensor")
def _map_tensor_env_get(env, map_parameter):
    # MindSpore's second overload; with two entries, arguments are dispatched by type, so a
    # non-environment first argument raises ValueError as in MindSpore.
    return _env.environ_get(env, _env.ref_to_embed(map_parameter), zeros_like(map_parameter))
