"""Operator-level mixed precision: level ``auto`` of ``amp.auto_mixed_precision``, and the
operator casts of level ``O1``. Both are one op policy (``ops/_dispatch.py``) reading each
op's entry field ``amp`` (``{level: "white" | "black" | "promote"}``, given on its registration).

Level ``auto``: while a network (or function) prepared with it runs, the float Tensor inputs of
white-class ops are cast to the low-precision ``dtype``, those of black-class ops (exp, log,
pow, softmax, sums, products, normalizations, cumulative ops, some losses) to float32, those of
promote-class ops (``BiasAdd``, ``AddN``, ``Concat``, ``Addcmul``, ...) to the widest float type
among their inputs; other ops run in the type of their inputs. The classes are MindSpore 2.10's
(by Primitive), and apply to every public form of the op (functional, Primitive, Tensor method
and operator). Level ``O1``: the white-list Primitive instances held by the network's cells
(marked by ``train.amp``) cast their float inputs to ``dtype`` and their float outputs to
float32 while the network runs. The policy is active while such a call runs (in any thread; the
levels are per thread), so nothing else is affected.
"""
import functools
import inspect
import threading
import types

import jax.numpy as jnp
import numpy as np

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.ops import _dispatch
from mscompat.ops._registry import WHITE, BLACK
from mscompat import _control_flow, _state
from mscompat.nn.cell import Cell

__all__ = ["apply", "amp_level", "O1_DTYPE_ATTR"]

O1_DTYPE_ATTR = "_amp_o1_dtype"     # set on a Primitive instance that level O1 casts

_LOCAL = threading.local()          # .stack: [(level, low-precision dtype, AmpStrategy)] of this thread's active calls
_USERS = [0]                        # active calls in all threads (the policy is active while > 0)
_USERS_LOCK = threading.Lock()


def _stack():
    st = getattr(_LOCAL, "stack", None)
    if st is None:
        st = _LOCAL.stack = []
    return st


def _is_float(x):
    return isinstance(x, Tensor) and jnp.issubdtype(x._data.dtype, jnp.floating)


def _cast(x, np_dtype):
    if _is_float(x) and x._data.dtype != np_dtype:
        out = Tensor._wrap(x._data.astype(np_dtype))
        return out
    if isinstance(x, (tuple, list)) and type(x) in (tuple, list):
        return type(x)(_cast(v, np_dtype) for v in x)
    return x


def _float_dtypes(args, kwargs):
    out = []

    def visit(x):
        if _is_float(x):
            out.append(np.dtype(x._data.dtype))
        elif isinstance(x, (tuple, list)):
            for v in x:
                visit(v)
    for a in args:
        visit(a)
    for v in kwargs.values():
        visit(v)
    return out


def _widest(dts):
    if not dts:
        return None
    kinds = set(dts)
    if len(kinds) == 1:
        return dts[0]
    size = max(d.itemsize for d in kinds)
    if size == 2:        # float16 with bfloat16: float32
        return np.dtype(np.float32)
    return max(kinds, key=lambda d: d.itemsize)


def _target(kind, low, args, kwargs):
    if kind == WHITE:
        return np.dtype(mstype.dtype_to_nptype(low))
    if kind == BLACK:
        return np.dtype(np.float32)
    return _widest(_float_dtypes(args, kwargs))


def _cast_out(out, np_dtype):
    if _is_float(out):
        return _cast(out, np_dtype)
    if type(out) in (tuple, list):
        return type(out)(_cast_out(v, np_dtype) for v in out)
    return out


class _AmpPolicy(_dispatch.Policy):
    """The casts of the innermost active level of this thread."""

    name = "amp"
    rank = 20

    def wrap(self, entry, prim, call):
        st = getattr(_LOCAL, "stack", None)
        if not st:
            return call
        level, low, _ = st[-1]
        if level == "O1":
            dtype = getattr(prim, O1_DTYPE_ATTR, None) if prim is not None else None
            if dtype is None:
                return call
            np_low = np.dtype(mstype.dtype_to_nptype(dtype))

            def o1_cast(*args, **kwargs):
                args = tuple(_cast(a, np_low) for a in args)
                kwargs = {k: _cast(v, np_low) for k, v in kwargs.items()}
                return _cast_out(call(*args, **kwargs), np.dtype(np.float32))
            return o1_cast
        kind = entry.amp.get(level)
        if kind is None:
            return call

        def cast(*args, **kwargs):
            dt = _target(kind, low, args, kwargs)
            if dt is not None:
                args = tuple(_cast(a, dt) for a in args)
                kwargs = {k: _cast(v, dt) for k, v in kwargs.items()}
            return call(*args, **kwargs)
        return cast


_POLICY = _AmpPolicy()


def amp_level():
    """``(level, dtype)`` of this thread's innermost active operator-level AMP call, or None."""
    st = getattr(_LOCAL, "stack", None)
    return st[-1][:2] if st else None


def current_strategy():
    """The ``_c_expression.amp.AmpStrategy`` of this thread's innermost active call (None when
    there is none, or it has none)."""
    st = getattr(_LOCAL, "stack", None)
    return st[-1][2] if st else None


class _AutoAmp:
    """Context: the casts of ``level`` (``"auto"``, ``"O1"``, or None: none) for ``dtype`` in this
    thread; ``strategy`` is the ``AmpStrategy`` it stands for (``get_curr_amp_strategy``)."""

    def __init__(self, dtype, level="auto", strategy=None):
        self.dtype = dtype
        self.level = level
        self.strategy = strategy

    def __enter__(self):
        with _USERS_LOCK:
            _USERS[0] += 1
            if _USERS[0] == 1:
                _dispatch.activate(_POLICY)
        _stack().append((self.level, self.dtype, self.strategy))
        return self

    def __exit__(self, *exc):
        _stack().pop()
        with _USERS_LOCK:
            _USERS[0] -= 1
            if _USERS[0] == 0:
                _dispatch.deactivate(_POLICY)
        return False


def running(dtype, level, strategy=None):
    """The context in which ``level``'s operator casts for ``dtype`` apply (``train.amp`` runs a
    level-O1 network in it; ``_c_expression.amp.push_amp_strategy`` enters one for ``strategy``)."""
    return _AutoAmp(dtype, level, strategy)


def _decorate(fn, dtype, strategy):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with _AutoAmp(dtype, "auto", strategy):
            return fn(*args, **kwargs)
    wrapper.amp_strategy = strategy
    return wrapper


def _auto_construct(self, *args, **kwargs):
    """``construct`` of a Cell prepared with level ``auto``."""
    d = self.__dict__
    orig = d.get("_amp_auto_orig") or types.MethodType(type(self).construct, self)
    fn = _control_flow.convert(orig) if _state.tracing() else orig
    with _AutoAmp(d["_amp_auto_dtype"], "auto", d.get("amp_strategy")):
        return fn(*args, **kwargs)


_auto_construct.__cf_converted__ = True


def apply(network, dtype, strategy=None):
    """``network`` (a Cell, changed in place, or a function, wrapped) running with level
    ``auto``; ``strategy`` (its ``_c_expression.amp.AmpStrategy``) becomes its ``amp_strategy``."""
    if isinstance(network, Cell):
        d = network.__dict__
        if "_amp_auto_dtype" not in d:
            d["_amp_auto_orig"] = d.get("construct")
        d["_amp_auto_dtype"] = dtype
        d["construct"] = types.MethodType(_auto_construct, network)
        network.__dict__["amp_strategy"] = strategy
        for _, cell in network.cells_and_names():
            cell.__dict__.pop("_compiled", None)
            cell.__dict__.pop("_converted_construct", None)
        return network
    if inspect.isfunction(network) or inspect.ismethod(network):
        return _decorate(network, dtype, strategy)
    raise TypeError(f"For amp_level 'auto', the network type should be Cell or function, bot got {type(network)}.")
