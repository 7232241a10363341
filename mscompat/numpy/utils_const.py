"""``mindspore.numpy.utils_const``: the compile-time helpers of MindSpore's numpy package
under the names model code imports (``_raise_value_error``, ``_infer_out_shape``,
``_check_axis_valid``, ...). They work on Python values (shapes, axes, dtypes)."""
from mscompat.common import dtype as mstype
from mscompat import context
from . import utils

__all__ = []  # private helpers; imported by name


def _raise_type_error(info, param=None):
    """TypeError with ``info`` (and the type of ``param``)."""
    utils.raise_type(info, param)


def _raise_value_error(info, param=None):
    """ValueError with ``info`` (and the value of ``param``)."""
    utils.raise_value(info, param)


def _raise_runtime_error(info, param=None):
    """RuntimeError with ``info`` (and the value of ``param``)."""
    raise RuntimeError(info if param is None else f"{info}{param}")


def _raise_unimplemented_error(info, param=None):
    """NotImplementedError with ``info`` (and the value of ``param``)."""
    raise NotImplementedError(info if param is None else f"{info}{param}")


def _infer_out_shape(*shapes):
    """The broadcast shape of ``shapes``; ValueError when they do not broadcast."""
    out = []
    ndim = max(len(s) for s in shapes)
    for i in range(ndim):
        items = [s[i - ndim + len(s)] if i - ndim + len(s) >= 0 else 1 for s in shapes]
        size = 0 if 0 in items else max(items)
        if any(item not in (1, size) for item in items):
            raise ValueError(f"operands could not be broadcast together with shapes {(*shapes,)}")
        out.append(size)
    return tuple(out)


def _check_axis_valid(axes, ndim):
    """Axes as a tuple of non-negative ints (every axis for None); ValueError for duplicates."""
    return utils.check_axes(axes, ndim)


def _canonicalize_axis(axis, ndim):
    """An axis or tuple of axes normalized to non-negative values."""
    return utils.canonical_axis(axis, ndim)


def _check_shape(shape):
    return utils.check_shape(shape)


def _check_dtype(dtype):
    return utils.check_dtype(dtype)


def _check_same_type(dtype1, dtype2):
    return dtype1 == dtype2


def _check_is_float(dtype):
    return dtype in (mstype.float16, mstype.float32)


def _check_is_int(dtype):
    return isinstance(dtype, mstype.Int)


def _is_shape_empty(shp):
    if isinstance(shp, int):
        return shp == 0
    return 0 in tuple(shp)


def _get_device():
    return context.get_context("device_target")


def _tile_size(shape, out_shape, ndim):
    size = [1] * ndim
    for idx, (i, j) in enumerate(zip(shape, out_shape)):
        if i != j:
            size[idx] = j
    return tuple(size)


def _add_unit_axes(shape, ndim, append=False):
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    pad = (1,) * max(ndim - len(shape), 0)
    return shape + pad if append else pad + shape


def _tuple_setitem(tup, idx, value):
    tup = list(tup)
    tup[idx] = value
    return tuple(tup)


def _type_convert(force, obj):
    return force(obj)
