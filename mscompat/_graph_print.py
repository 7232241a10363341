"""``print`` in compiled code (GRAPH_MODE, ``ms.jit``), in MindSpore's graph-mode format.

In a compiled graph MindSpore prints when the graph *runs*, every call, not when it is
compiled, and in the format of its C++ printer, which differs from Python's ``print``:

- every argument on its own line; ``print()`` with no argument prints nothing;
- a tuple/list of Python ints prints as ``(1, 2)`` (so does a shape), one of Python floats as
  ``( 1.50000000e+00,  2.50000000e+00)``; any other tuple, list or dict (its values) is
  flattened, each item on its own line;
- Python bools print as ``1``/``0``, floats like C's ``%g``, dtypes as ``Float32``;
- a 0-d Tensor prints its value (``%g``); other Tensors as
  ``Tensor(shape=[2], dtype=Float32, value=[ 1.00000000e+00  2.00000000e+00])``: floats in
  ``% .8e`` (``% .4e`` for 16-bit floats), numbers right-aligned to the widest one shown, a
  newline after ``value=`` from two dimensions on; 1-D Tensors of up to 1000 elements are
  printed whole, 24 integers or 12 floats/bools a line; longer ones, and every dimension
  over 6 of an n-D Tensor, show their first and last 3 entries around ``...``.

:func:`graph_print` is what ``print(...)`` in converted code (``mscompat._control_flow``)
and ``ops.Print`` inside a compiled call run: traced Tensors reach the host through an
ordered ``jax.debug.callback``, so the text comes out on each run of the compiled program,
in program order.
"""
import builtins
import sys
import threading

import numpy as np
import jax

from . import _state
from .common.dtype import Type
from .common.tensor import Tensor
from .parallel._mesh import _ACTIVE as _PAR

__all__ = ["graph_print", "graph_text", "in_compiled", "running_eagerly"]

_EDGE = 3            # entries shown at each end of a summarized dimension
_DIM_MAX = 6         # n-D Tensors: a dimension longer than this is summarized
_FULL_1D_MAX = 1000  # 1-D Tensors: printed whole up to this many elements
_PER_LINE = {"int": 24, "float": 12, "bool": 12, "complex": 12}


class _Slot:
    """A traced Tensor's place in the printed arguments: filled in on the host."""
    __slots__ = ("index", "dtype")

    def __init__(self, index, dtype):
        self.index, self.dtype = index, dtype


class _HostTensor:
    """A Tensor's value on the host with MindSpore's dtype name."""
    __slots__ = ("value", "dtype")

    def __init__(self, value, dtype):
        self.value, self.dtype = np.asarray(value), dtype


_EAGER = threading.local()   # depth of compiled calls running eagerly (JIT Fallback), per thread


class running_eagerly:
    """Context of a compiled call that runs its Python eagerly (JIT Fallback): it still has
    graph semantics (print format, ...)."""

    def __enter__(self):
        _EAGER.depth = getattr(_EAGER, "depth", 0) + 1

    def __exit__(self, *exc):
        _EAGER.depth -= 1
        return False


def in_compiled():
    """True while a compiled call (GRAPH_MODE Cell, ``ms.jit``) is traced or runs eagerly."""
    if getattr(_EAGER, "depth", 0):
        return True
    s = _state.current()
    while s is not None:
        if s.strict:
            return True
        s = s.parent
    return False


def _g(v):
    """A number as C++ streams print it (``%g``)."""
    return "%g" % v


def _scalar_text(v):
    if isinstance(v, (bool, np.bool_)):
        return "1" if v else "0"
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, (float, np.floating)):
        return _g(float(v))
    if isinstance(v, complex):
        return str(v).strip("()")
    return str(v)


def _kind(a):
    k = a.dtype.kind
    if k == "b":
        return "bool"
    if k in "iu":
        return "int"
    if k == "c":
        return "complex"
    return "float"


def _elem(v, kind, prec):
    if kind == "bool":
        return "True" if v else "False"
    if kind == "int":
        return str(int(v))
    if kind == "complex":
        return str(complex(v)).strip("()")
    f = float(v)
    if np.isnan(f):
        return "nan"
    if np.isinf(f):
        return "inf" if f > 0 else "-inf"
    return f"{f: .{prec}e}"


def _min_width(kind, prec):
    """Narrowest column: ``False`` for bools, a full ``% .Ne`` number for floats (nan/inf too)."""
    return {"bool": 5, "float": prec + 7}.get(kind, 1)


def _shown(n, limit):
    return list(range(n)) if n <= limit else list(range(_EDGE)) + [None] + list(range(n - _EDGE, n))


def _leaves(a, out):
    """The entries of n-D ``a`` that the summarized print shows."""
    for i in _shown(a.shape[0], _DIM_MAX):
        if i is None:
            continue
        if a.ndim == 1:
            out.append(a[i])
        else:
            _leaves(a[i], out)


def _tensor_text(t):
    a, dtype = t.value, t.dtype
    if a.ndim == 0:
        return _scalar_text(a.item())
    kind = _kind(a)
    prec = 4 if (kind == "float" and a.dtype.itemsize == 2) else 8
    head = f"Tensor(shape={list(a.shape)}, dtype={dtype}, value="
    if a.size == 0:
        return head + "[])"
    if a.ndim == 1:
        idx = _shown(a.shape[0], _FULL_1D_MAX)
        strs = [None if i is None else _elem(a[i], kind, prec) for i in idx]
        width = max(_min_width(kind, prec), max(len(s) for s in strs if s is not None))
        cells = ["..." if s is None else s.rjust(width) for s in strs]
        if None in strs:
            return head + "[" + " ".join(cells) + "])"
        per = _PER_LINE[kind]
        body = "".join(c if j == 0 else (" \n " if j % per == 0 else " ") + c for j, c in enumerate(cells))
        return head + "[" + body + "])"
    shown = []
    _leaves(a, shown)
    width = max(_min_width(kind, prec), max(len(_elem(v, kind, prec)) for v in shown))

    def block(sub, depth):
        idx = _shown(sub.shape[0], _DIM_MAX)
        if sub.ndim == 1:
            return "[" + " ".join("..." if i is None else _elem(sub[i], kind, prec).rjust(width) for i in idx) + "]"
        sep = "\n" + " " * (depth + 1)
        return "[" + sep.join("..." if i is None else block(sub[i], depth + 1) for i in idx) + "]"

    return head + "\n" + block(a, 0) + ")"


def _lines(v, out, top=True):
    """Append the printed lines of one argument (``top``) or of an item of a flattened one."""
    if isinstance(v, _HostTensor):
        out.append(_tensor_text(v))
    elif isinstance(v, dict):
        _lines(tuple(v.values()), out, top)
    elif isinstance(v, (tuple, list)):
        if top and v and all(type(x) is int for x in v):
            out.append("(" + ", ".join(str(x) for x in v) + ")")
        elif top and v and all(type(x) is float for x in v):
            out.append("(" + ", ".join(f"{float(np.float32(x)): .8e}" for x in v) + ")")
        elif top and not v:
            out.append("()")
        else:
            for x in v:
                _lines(x, out, False)
    elif isinstance(v, np.ndarray):
        out.append(str(v))
    elif isinstance(v, (bool, int, float, complex, np.generic)):
        out.append(_scalar_text(v))
    else:
        out.append(str(v))


def _graph_value(v):
    """Whether the graph printer takes ``v``; any other object (numpy values, slices, objects of
    JIT Fallback) makes MindSpore print the whole call as Python does."""
    if v is None or isinstance(v, (str, int, float, bool, Tensor, _HostTensor, _Slot, Type)):
        return True
    if isinstance(v, (tuple, list)):
        return all(_graph_value(x) for x in v)
    if isinstance(v, dict):
        return all(_graph_value(x) for x in v.values())
    return False


def _python_text(parts):
    """The Python-style line: Tensors as their numpy text, everything space-separated."""
    def one(v):
        if isinstance(v, _HostTensor):
            return str(v.value)
        if isinstance(v, (tuple, list)):
            items = [one(x) for x in v]
            return ("[" + ", ".join(items) + "]") if isinstance(v, list) else \
                ("(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")")
        return str(v)
    return " ".join(one(p) for p in parts) + "\n"


def graph_text(*args):
    """The text MindSpore's graph-mode ``print(*args)`` writes (Tensors given by value)."""
    out = []
    for a in args:
        _lines(_to_host(a), out)
    return "".join(line + "\n" for line in out)


def _to_host(v):
    if isinstance(v, Tensor):
        return _HostTensor(np.asarray(v._data), str(v.dtype))
    if isinstance(v, dict):
        return {k: _to_host(x) for k, x in v.items()}
    if isinstance(v, (tuple, list)):
        return type(v)(_to_host(x) for x in v) if type(v) in (tuple, list) else tuple(_to_host(x) for x in v)
    return v


class _TextSlot:
    """A string made from traced values (``_control_flow_runtime.RuntimeStr``), made on the host."""
    __slots__ = ("start", "count", "render")

    def __init__(self, start, count, render):
        self.start, self.count, self.render = start, count, render


def _split(v, arrays):
    """``v`` with each traced Tensor replaced by a :class:`_Slot` (its array appended to
    ``arrays``) and each concrete one by its host value."""
    if getattr(type(v), "_runtime_text", False):
        start = len(arrays)
        arrays.extend(v.arrays)
        return _TextSlot(start, len(v.arrays), v.render)
    if isinstance(v, Tensor):
        if isinstance(v._data, jax.core.Tracer):
            arrays.append(v._data)
            return _Slot(len(arrays) - 1, str(v.dtype))
        return _to_host(v)
    if isinstance(v, dict):
        return {k: _split(x, arrays) for k, x in v.items()}
    if isinstance(v, (tuple, list)):
        items = [_split(x, arrays) for x in v]
        return list(items) if type(v) is list else tuple(items)
    return v


def _fill(v, vals):
    if isinstance(v, _Slot):
        return _HostTensor(vals[v.index], v.dtype)
    if isinstance(v, _TextSlot):
        return v.render(vals[v.start:v.start + v.count])
    if isinstance(v, dict):
        return {k: _fill(x, vals) for k, x in v.items()}
    if isinstance(v, (tuple, list)):
        return type(v)(_fill(x, vals) for x in v)
    return v


def _write(text):
    sys.stdout.write(text)
    sys.stdout.flush()


def _pynative_print(args, kwargs):
    """Python's ``print`` (PyNative semantics, e.g. code traced by a PyNative ``grad``): traced
    Tensors are printed with their values when the computation runs."""
    arrays = []
    parts = [_split(a, arrays) for a in args]
    if not arrays:
        builtins.print(*args, **kwargs)
        return None

    def as_python(v):
        if isinstance(v, _HostTensor):
            return Tensor._wrap(v.value)
        if isinstance(v, (tuple, list)):
            return type(v)(as_python(x) for x in v)
        if isinstance(v, dict):
            return {k: as_python(x) for k, x in v.items()}
        return v

    def host(*vals):
        builtins.print(*[as_python(_fill(p, vals)) for p in parts], **kwargs)

    jax.debug.callback(host, *arrays, ordered=_PAR[0] is None)
    return None


def graph_print(*args, _interpreted=False, **kwargs):
    """``print(*args)`` as a compiled MindSpore graph runs it (see the module docstring).
    ``_interpreted``: an argument is a string MindSpore builds at run time (an f-string,
    ``%`` formatting): the call prints as Python does, like one with a numpy value."""
    if not in_compiled():
        return _pynative_print(args, kwargs)
    if kwargs:
        raise RuntimeError(f"Got an unexpected keyword argument '{next(iter(kwargs))}'")
    arrays = []
    parts = [_split(a, arrays) for a in args]
    python_style = _interpreted or not all(_graph_value(p) for p in parts) or \
        any(isinstance(p, _TextSlot) for p in parts)

    def text(vals):
        filled = [_fill(p, vals) for p in parts]
        if python_style:
            return _python_text(filled)
        out = []
        for p in filled:
            _lines(p, out)
        return "".join(line + "\n" for line in out)

    if not arrays and not _state.tracing():
        _write(text(()))
        return None

    def host(*vals):
        _write(text(vals))

    # one ordered stream of host effects; a program laid out over several devices takes none
    jax.debug.callback(host, *arrays, ordered=_PAR[0] is None)
    return None
