"""``mindspore.dataset.transforms``: general data transforms, callable eagerly on numpy arrays.

Every transform is a plain Python callable: ``TypeCast(np.int32)(arr)`` returns a numpy array
(a tuple for transforms with several outputs), so the pipeline engine can run them in ``map``.
Argument checks happen in ``__init__`` (``TypeError``/``ValueError`` as MindSpore), errors found
while transforming raise ``RuntimeError`` as MindSpore's C++ kernels do.
"""
import contextlib
import random as _pyrandom
import threading
from enum import IntEnum

import numpy as np
from mscompat.common.dtype import dtype_to_nptype
from ._arg_checks import check_value, type_check

__all__ = ["Compose", "Concatenate", "Duplicate", "Fill", "Mask", "OneHot", "PadEnd", "RandomApply",
           "RandomChoice", "RandomOrder", "Relational", "Slice", "TypeCast", "Unique"]

INT32_MAX = 2147483647


# ---------------------------------------------------------------------------------------
# Shared helpers (also used by ``vision``)


_local = threading.local()


def _rng():
    """The random source of random transforms: the generator of the innermost :func:`rng_scope` of
    this thread, else Python's ``random`` module (which ``dataset.config.set_seed`` seeds)."""
    r = getattr(_local, "rng", None)
    return _pyrandom if r is None else r


def _np_rng():
    """A numpy Generator drawn from :func:`_rng` (for Beta/normal draws and permutations)."""
    return np.random.default_rng(_rng().getrandbits(64))


@contextlib.contextmanager
def rng_scope(seed):
    """Make random transforms called in this thread, inside the block, draw from ``random.Random(seed)``:
    the engine uses it to give each sample its own stream, so results do not depend on which
    worker ran the sample."""
    prev = getattr(_local, "rng", None)
    _local.rng = _pyrandom.Random(seed)
    try:
        yield _local.rng
    finally:
        _local.rng = prev


def _is_pil(x):
    return type(x).__module__.startswith("PIL.") and hasattr(x, "getbands")


def _to_array(x):
    if isinstance(x, np.ndarray):
        return x
    if hasattr(x, "asnumpy"):
        return x.asnumpy()
    try:
        a = np.asarray(x)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"Invalid user input. Got {type(x)}: {x}, cannot be converted into tensor.") from exc
    if a.dtype == object:
        raise TypeError(f"Invalid user input. Got {type(x)}: {x}, cannot be converted into tensor.")
    return a


def _op_error(name, msg):
    return RuntimeError(f"{name}: {msg}")


def _np_dtype(data_type, arg="data_type"):
    """numpy dtype of a numpy dtype / type, a dtype name, or a MindSpore (mscompat) dtype."""
    if isinstance(data_type, str):
        try:
            return np.dtype(data_type)
        except TypeError as exc:
            raise TypeError(f"Argument {arg} with value {data_type} is not of type [<class 'mindspore._c_expression"
                            f".typing.Type'>, <class 'numpy.dtype'>], but got {type(data_type)}.") from exc
    if isinstance(data_type, np.dtype) or (isinstance(data_type, type) and issubclass(data_type, np.generic)):
        return np.dtype(data_type)
    if type(data_type).__module__.startswith("mscompat"):
        return np.dtype(dtype_to_nptype(data_type))
    raise TypeError(f"Argument {arg} with value {data_type!r} is not of type [<class 'mindspore.dtype'>, "
                    f"<class 'numpy.dtype'>], but got {type(data_type)}.")


def _check_type(value, types, name):
    """The dataset's ``type_check`` (``types`` one type or a tuple)."""
    type_check(value, types if isinstance(types, tuple) else (types,), name)


def _check_range(value, lo, hi, name, lo_incl=True, hi_incl=True):
    check_value(value, (lo, hi), name, left_open=not lo_incl, right_open=not hi_incl)


def _is_transform(op):
    return callable(op)


class _Transform:
    """Base: converts inputs to numpy arrays and calls ``_apply``."""

    _pil = None  # transforms that take and give PIL images (MindSpore's Python implementation) set this

    def __call__(self, *args):
        if self._pil is not None and len(args) == 1 and _is_pil(args[0]):
            return self._pil(args[0])
        arrs = [_to_array(a) for a in args]
        return self._apply(*arrs)

    def _apply(self, *arrs):  # pragma: no cover - overridden
        raise TypeError(f"{type(self).__name__} is not callable on data.")


def _run(op, args):
    out = op(*args)
    return out if isinstance(out, tuple) else (out,)


# ---------------------------------------------------------------------------------------
# Compound transforms


def _check_transforms_list(transforms, name="transforms", allow_empty=False):
    if not isinstance(transforms, list):
        raise TypeError(f"Argument {name} with value {transforms} is not of type [<class 'list'>], "
                        f"but got {type(transforms)}.")
    if not transforms and not allow_empty:
        raise ValueError(f"{name} list can not be empty.")
    for i, op in enumerate(transforms):
        if not callable(op):
            raise TypeError(f"{name}[{i}] is neither a transforms op (TensorOperation) nor a callable pyfunc. "
                            f"Got {type(op)}.")


def _run_all(transforms, args):
    """``args`` through each of ``transforms`` in order (each one's outputs are the next one's
    inputs); a single output unpacked."""
    out = tuple(args)
    for op in transforms:
        out = _run(op, out)
    return out[0] if len(out) == 1 else out


class _TransformList(_Transform):
    """A transform made of the (checked, non-empty) list ``transforms``."""

    def __init__(self, transforms):
        _check_transforms_list(transforms)
        self.transforms = list(transforms)


class Compose(_TransformList):
    """Apply ``transforms`` in order; each one's outputs are the next one's inputs."""

    def __call__(self, *args):
        return _run_all(self.transforms, args)


class RandomApply(_Transform):
    """Apply the whole list of ``transforms`` (in order) with probability ``prob``."""

    def __init__(self, transforms, prob=0.5):
        _check_transforms_list(transforms)
        _check_type(prob, (float, int), "prob")
        _check_range(prob, 0.0, 1.0, "prob")
        self.transforms = list(transforms)
        self.prob = prob

    def __call__(self, *args):
        return _run_all(self.transforms if _rng().random() < self.prob else (), args)


class RandomChoice(_TransformList):
    """Apply one transform chosen uniformly from ``transforms``."""

    def __call__(self, *args):
        return _run_all([self.transforms[_rng().randrange(len(self.transforms))]], args)


class RandomOrder(_TransformList):
    """Apply every transform of ``transforms``, in a random order."""

    def __call__(self, *args):
        order = list(self.transforms)
        _rng().shuffle(order)
        return _run_all(order, args)


# ---------------------------------------------------------------------------------------
# Tensor transforms


class TypeCast(_Transform):
    """Cast the input to ``data_type`` (numpy dtype, dtype name or MindSpore dtype)."""

    def __init__(self, data_type):
        self.data_type = _np_dtype(data_type)

    def _apply(self, x):
        if x.dtype.kind in "SU" or self.data_type.kind in "SU":
            if x.dtype.kind != self.data_type.kind:
                raise _op_error("TypeCast", f"Unsupported cast from {x.dtype} to {self.data_type}.")
        return x.astype(self.data_type)


class OneHot(_Transform):
    """One-hot encode integer labels into ``num_classes`` classes, with optional label smoothing."""

    def __init__(self, num_classes, smoothing_rate=0.0):
        _check_type(num_classes, int, "num_classes")
        _check_range(num_classes, 0, INT32_MAX, "num_classes")
        _check_type(smoothing_rate, (int, float), "smoothing_rate")
        _check_range(smoothing_rate, 0.0, 1.0, "smoothing_rate")
        self.num_classes = num_classes
        self.smoothing_rate = smoothing_rate

    def _apply(self, x):
        if x.dtype.kind not in "iu":
            raise _op_error("OneHot", f"Only support input of int type, but got: {x.dtype}")
        if x.ndim > 1 and x.size != max(x.shape):
            raise _op_error("OneHot", f"Only support scalar or 1D input, got rank: {x.ndim}")
        flat = x.reshape(-1).astype(np.int64)
        if flat.size and flat.max() >= self.num_classes:
            raise _op_error("OneHot", f"index values should not bigger than num classes: {self.num_classes}, "
                            f"but got: {int(flat.max())}")
        n, c = flat.size, self.num_classes
        # MindSpore writes position ``row * num_classes + index``: a negative index lands in the row
        # before (or nowhere, for the first row)
        pos = np.arange(n) * c + flat
        pos = pos[(pos >= 0) & (pos < n * c)]
        hot = np.zeros(n * c, np.bool_)
        hot[pos] = True
        hot = hot.reshape(n, c)
        if self.smoothing_rate:
            off = self.smoothing_rate / c
            out = np.where(hot, 1.0 - self.smoothing_rate + off, off).astype(np.float64)
        else:
            out = hot.astype(x.dtype)
        return out.reshape(c) if x.ndim == 0 or n == 1 else out


class Fill(_Transform):
    """A tensor of the input's shape and dtype filled with ``fill_value``."""

    def __init__(self, fill_value):
        _check_type(fill_value, (str, float, bool, int, bytes), "fill_value")
        self.fill_value = fill_value

    def _apply(self, x):
        fv = self.fill_value
        if isinstance(fv, (str, bytes)) != (x.dtype.kind in "SU"):
            raise _op_error("Fill", "fill_value and the input tensor must both be strings or both numeric.")
        if x.dtype.kind == "b":
            return np.full(x.shape, bool(fv))
        if x.dtype.kind in "iu":  # out-of-range values wrap, as a C cast does
            return np.full(x.shape, np.array(int(fv), np.int64).astype(x.dtype), dtype=x.dtype)
        return np.full(x.shape, fv, dtype=x.dtype)


class Concatenate(_Transform):
    """Concatenate ``prepend``, the input and ``append`` along ``axis`` (1-D inputs)."""

    def __init__(self, axis=0, prepend=None, append=None):
        _check_type(axis, int, "axis")
        if axis not in (0, -1):
            raise ValueError("only 1D concatenation supported.")
        for name, v in (("prepend", prepend), ("append", append)):
            if v is not None and not isinstance(v, np.ndarray):
                raise TypeError(f"Argument {name} with value {v} is not of type [<class 'numpy.ndarray'>], "
                                f"but got {type(v)}.")
        self.axis, self.prepend, self.append = axis, prepend, append

    def _apply(self, *xs):
        """Concatenates ``prepend``, every input (all 1-D, same type) and ``append``."""
        for x in xs:
            if x.ndim != 1:
                raise _op_error("Concatenate", f"only 1D input supported, got rank of input: {x.ndim}")
        x = xs[0]
        for y in xs[1:]:
            if y.dtype != x.dtype and not (y.dtype.kind in "SU" and x.dtype.kind in "SU"):
                raise _op_error("Concatenate", f"all input tensors should have the same type, got {x.dtype} "
                                f"and {y.dtype}")
        parts = []
        for name, v in (("prepend", self.prepend), *((None, y) for y in xs), ("append", self.append)):
            if v is None:
                continue
            if name is not None:
                if v.ndim != 1:
                    raise _op_error("Concatenate", f"Only 1D {name} tensor supported, got rank: {v.ndim}")
                if v.dtype != x.dtype and not (v.dtype.kind in "SU" and x.dtype.kind in "SU"):
                    raise _op_error("Concatenate", f"input datatype does not match the {name} datatype, got "
                                    f"input datatype: {x.dtype}, {name} datatype:{v.dtype}")
            parts.append(v)
        return np.concatenate(parts)


class Duplicate(_Transform):
    """Return the input and a copy of it."""

    def _apply(self, x):
        return x, x.copy()


class Relational(IntEnum):
    """Relational operators for :class:`Mask`."""
    EQ = 0
    NE = 1
    GT = 2
    GE = 3
    LT = 4
    LE = 5


_RELOPS = {Relational.EQ: np.equal, Relational.NE: np.not_equal, Relational.GT: np.greater,
           Relational.GE: np.greater_equal, Relational.LT: np.less, Relational.LE: np.less_equal}


class Mask(_Transform):
    """Elementwise ``input <operator> constant``, cast to ``dtype`` (bool by default)."""

    def __init__(self, operator, constant, dtype=None):
        if not isinstance(operator, Relational):
            raise TypeError(f"Argument operator with value {operator} is not of type [<enum 'Relational'>], "
                            f"but got {type(operator)}.")
        _check_type(constant, (str, bytes, bool, int, float), "constant")
        self.operator, self.constant = operator, constant
        self.dtype = np.dtype(np.bool_) if dtype is None else _np_dtype(dtype, "dtype")
        if self.dtype.kind in "SU":
            raise TypeError("Mask: dtype can not be string.")

    def _apply(self, x):
        c = self.constant
        if isinstance(c, (str, bytes)) != (x.dtype.kind in "SU"):
            raise _op_error("Mask", "input datatype does not match the value datatype.")
        if x.dtype.kind in "SU":
            if isinstance(c, str) and x.dtype.kind == "S":
                c = c.encode()
            cval = np.array(c)
        elif x.dtype.kind == "b":
            cval = np.array(bool(c))
        else:
            cval = np.array(c).astype(x.dtype)
        return _RELOPS[self.operator](x, cval).astype(self.dtype)


class PadEnd(_Transform):
    """Pad (or cut) the input at the end of every dimension to ``pad_shape``."""

    def __init__(self, pad_shape, pad_value=None):
        if not isinstance(pad_shape, list):
            raise TypeError(f"Argument pad_shape with value {pad_shape} is not of type [<class 'list'>], "
                            f"but got {type(pad_shape)}.")
        for v in pad_shape:
            if v is not None:
                _check_type(v, int, "pad_shape")
                if v <= 0:
                    raise ValueError("Input is not within the required interval of [1, 9223372036854775807].")
        if pad_value is not None:
            _check_type(pad_value, (str, bytes, int, float, bool), "pad_value")
        self.pad_shape, self.pad_value = pad_shape, pad_value

    def _apply(self, x):
        if len(self.pad_shape) != x.ndim:
            raise _op_error("PadEnd", f"invalid pad shape, as rank of input is: {x.ndim}, "
                            f"and rank of pad value: {len(self.pad_shape)}")
        if any(p is None for p in self.pad_shape):
            raise _op_error("PadEnd", "Failed to create empty tensor, tensor shape is unknown.")
        shape = list(self.pad_shape)
        pv = self.pad_value
        if pv is None:
            pv = b"" if x.dtype.kind in "SU" else 0
        elif isinstance(pv, (str, bytes)) != (x.dtype.kind in "SU"):
            raise _op_error("PadEnd", "pad_value and the input tensor must both be strings or both numeric.")
        out = np.full(shape, pv, dtype=x.dtype if x.dtype.kind not in "SU" else x.dtype)
        sl = tuple(slice(0, min(a, b)) for a, b in zip(x.shape, shape))
        out[sl] = x[sl]
        return out


class _SliceOption:
    def __init__(self, slice_option):
        self.slice_option = slice_option


def _slice_index(opt, n):
    if isinstance(opt, _SliceOption):
        opt = opt.slice_option
    if opt is True or opt is None or opt is Ellipsis:
        return np.arange(n)
    if isinstance(opt, bool):
        return np.arange(0)
    if isinstance(opt, int):
        idx = [opt]
    elif isinstance(opt, slice):
        return np.arange(n)[opt]
    else:
        idx = list(opt)
    out = []
    for i in idx:
        j = i + n if i < 0 else i
        if not 0 <= j < n:
            raise _op_error("Slice", f"Index {i} is out of bounds.")
        out.append(j)
    return np.array(out, dtype=np.int64)


class Slice(_Transform):
    """Select elements with slice options per dimension (int, list of ints, slice, None, Ellipsis);
    dimensions are kept (an int selects a length-1 dimension)."""

    def __init__(self, *slices):
        for s in slices:
            if not isinstance(s, (int, list, slice, type(None), type(Ellipsis), _SliceOption)):
                raise TypeError(f"Argument slice_option with value {s} is not of type [<class 'int'>, <class "
                                f"'list'>, <class 'slice'>, <class 'NoneType'>, <class 'ellipsis'>], "
                                f"but got {type(s)}.")
        self.slices = slices

    def _apply(self, x):
        if len(self.slices) > x.ndim:
            raise _op_error("Slice", f"too many slice options: {len(self.slices)} for rank {x.ndim}")
        out = x
        for d, opt in enumerate(self.slices):
            out = np.take(out, _slice_index(opt, x.shape[d]), axis=d)
        return out


class Unique(_Transform):
    """Unique elements (in order of first occurrence), the index of each element into them, and
    their counts; the input is flattened (MindSpore requires rank >= 2... see ``_apply``)."""

    def _apply(self, x):
        if x.ndim < 2:
            raise _op_error("Unique", f"input must be at least 2-D in order to do unique op, got rank:{x.ndim}")
        if x.dtype.kind in "SU":
            raise _op_error("Unique", "Unique op does not support string tensors.")
        flat = x.reshape(-1)
        uniq, first, inv, counts = np.unique(flat, return_index=True, return_inverse=True, return_counts=True)
        order = np.argsort(first, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(order.size)
        return uniq[order], rank[inv.reshape(-1)].astype(np.int32), counts[order].astype(np.int32)

from ._module_paths import add_submodule_paths as _add_submodule_paths  # noqa: E402
_add_submodule_paths(__name__, ("transforms",))
