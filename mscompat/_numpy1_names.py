"""NumPy 1.x names that NumPy 2 removed, back on ``numpy`` while the ``mindspore`` alias is installed.

MindSpore 2.10's binaries are built against NumPy 1.x, so MindSpore programs (and MindSpore's own
tests) are written for it: ``np.NINF``, ``np.float_``, ``np.asfarray``, ``np.trapz``, ... mscompat
runs on NumPy 2 (JAX needs it), where those names raise AttributeError. While the alias runs a
MindSpore program (``python -m mscompat``, ``pytest -p mscompat.alias``), the removed names that
were plain aliases, constants or thin wrappers come back with their NumPy 1.x meaning, and numpy
scalars print as NumPy 1.x printed them (``9.0``, not ``np.float64(9.0)``: printed metrics, dicts
of results); names NumPy 2 still has are never touched, and :func:`remove` takes back what
:func:`add` set. What NumPy 2 changed in behaviour (type promotion, ``copy=False``) stays as
NumPy 2 does it.
"""
import numpy as np

__all__ = ["add", "remove"]


def _asfarray(a, dtype=np.float64):
    """NumPy 1.x ``asfarray``: ``a`` as an array of a floating dtype (``float64`` unless
    ``dtype`` is inexact)."""
    if not np.issubdtype(np.dtype(dtype), np.inexact):
        dtype = np.float64
    return np.asarray(a, dtype=dtype)


def _in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None):
    """NumPy 1.x ``in1d``: ``isin`` of the flattened ``ar1``."""
    return np.isin(np.asarray(ar1).ravel(), ar2, assume_unique=assume_unique, invert=invert, kind=kind)


def _msort(a):
    """NumPy 1.x ``msort``: a copy sorted along the first axis."""
    return np.sort(a, axis=0)


_NAMES = {
    # constants
    "NINF": -np.inf, "PINF": np.inf, "NZERO": -0.0, "PZERO": 0.0, "Inf": np.inf, "Infinity": np.inf,
    "infty": np.inf, "NaN": np.nan,
    # scalar type aliases
    "float_": np.float64, "complex_": np.complex128, "cfloat": np.complex128, "singlecomplex": np.complex64,
    "longfloat": np.longdouble, "clongfloat": np.clongdouble, "longcomplex": np.clongdouble,
    "unicode_": np.str_, "string_": np.bytes_, "bool8": np.bool_, "int0": np.intp, "uint0": np.uintp,
    "object0": np.object_, "str0": np.str_, "bytes0": np.bytes_, "void0": np.void,
    # functions renamed or folded into others
    "product": np.prod, "cumproduct": np.cumprod, "sometrue": np.any, "alltrue": np.all, "round_": np.round,
    "trapz": np.trapezoid, "row_stack": np.vstack, "asfarray": _asfarray, "in1d": _in1d, "msort": _msort,
}

_ADDED = []
_LEGACY_PRINT = []      # the print option ``legacy`` before add() set it


def add():
    """Put the removed NumPy 1.x names that this NumPy lacks on the ``numpy`` module; numpy
    scalars print as in NumPy 1.x."""
    if np.lib.NumpyVersion(np.__version__) >= "2.0.0" and not _LEGACY_PRINT:
        old = np.get_printoptions()["legacy"]
        if old is False:
            _LEGACY_PRINT.append(old)
            np.set_printoptions(legacy="1.25")
    for name, value in _NAMES.items():
        if name in np.__dict__:
            continue
        try:
            getattr(np, name)
        except AttributeError:
            setattr(np, name, value)
            _ADDED.append(name)


def remove():
    """Take the names :func:`add` set off ``numpy`` again."""
    while _ADDED:
        np.__dict__.pop(_ADDED.pop(), None)
    if _LEGACY_PRINT:
        np.set_printoptions(legacy=_LEGACY_PRINT.pop())
