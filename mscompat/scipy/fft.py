"""``mindspore.scipy.fft``: the orthonormal DCT-II and its inverse, along one axis or several.

As in MindSpore 2.10 only ``type=2`` and ``norm="ortho"`` (or ``None``, which means the same)
are computed; integer and float16 inputs give float32, complex inputs are transformed in their
real and imaginary parts.
"""
from __future__ import absolute_import, division

import jax
import jax.numpy as jnp
import jax.scipy.fft as jfft

from mscompat.common.tensor import Tensor
from mscompat.common.mutable import scalar_value
from mscompat.ops._args import arr
from mscompat.ops.primitive import Primitive

__all__ = ['dct', 'idct', 'dctn', 'idctn']  # and the Primitives DCT, IDCT, DCTN, IDCTN

# one compiled kernel per shape and options (op-by-op dispatch of these transforms is slow)
_DCT = jax.jit(jfft.dct, static_argnames=("type", "n", "axis", "norm"))
_IDCT = jax.jit(jfft.idct, static_argnames=("type", "n", "axis", "norm"))
_DCTN = jax.jit(jfft.dctn, static_argnames=("type", "s", "axes", "norm"))
_IDCTN = jax.jit(jfft.idctn, static_argnames=("type", "s", "axes", "norm"))

_wrap = Tensor._wrap
_NORMS = (None, "ortho", "backward", "forward")


def _check_common(prim, x, type_, norm):
    if not isinstance(x, Tensor):
        raise TypeError(f"Failed calling {prim} with \"{prim}()(x={type(x)})\". The valid calling should be: "
                        f"\"{prim}()(x=<Tensor>, type=<int>, ...)\".")
    if norm not in _NORMS:
        raise ValueError(f"Failed to convert the value \"{norm}\" of input 'norm' of '{prim}' to enum.")
    a = arr(x)
    if a.dtype == jnp.bool_:
        raise TypeError(f"For '{prim}', the input 'x' must be a Tensor of a number type, but got Tensor[Bool].")
    if type_ != 2:
        raise ValueError(f"Only {prim.lower().rstrip('n')} type II is supported currently.")
    if norm not in (None, "ortho"):
        raise ValueError('Only norm "ortho" is supported currently.')
    if jnp.issubdtype(a.dtype, jnp.integer) or a.dtype == jnp.float16:
        a = a.astype(jnp.float32)
    return a


def _apply(fn, a, **kw):
    if jnp.iscomplexobj(a):
        return _complex(fn(a.real, **kw), fn(a.imag, **kw)).astype(a.dtype)
    return fn(a, **kw).astype(a.dtype)


def _complex(re, im):
    return re + 1j * im


def _one(prim, fn, x, type_, n, axis, norm):
    a = _check_common(prim, x, type_, norm)
    n, axis = scalar_value(n), scalar_value(axis)
    rank = a.ndim
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise TypeError(f"For primitive[{prim}], the axis must be an int, but got {type(axis).__name__}.")
    if not -rank <= axis < rank:
        raise ValueError(f"For primitive[{prim}], the axis must be in [{-rank},{rank}), but got {axis}.")
    if n is not None and n <= 0:
        raise ValueError(f"The argument[n] must be greater than 0, but got {n}.")
    return _wrap(_apply(fn, a, type=2, n=n, axis=axis, norm="ortho"))


def _many(prim, fn, x, type_, s, axes, norm):
    a = _check_common(prim, x, type_, norm)
    rank = a.ndim
    if s is not None and axes is not None and len(s) != len(axes):
        raise ValueError("When given, dim and s arguments must have the same length.")
    if axes is None:
        axes = tuple(range(rank - len(s), rank)) if s is not None else tuple(range(rank))
    axes = tuple(axes)
    for ax in axes:
        if not -rank <= ax < rank:
            raise ValueError(f"For primitive[{prim}], the axes must be in [{-rank},{rank}), but got {ax}.")
    if len({ax % rank for ax in axes}) != len(axes):
        raise ValueError(f"For primitive[{prim}], the axes must be unique, but got {axes}.")
    if s is not None:
        s = tuple(s)
        for size in s:
            if size <= 0:
                raise ValueError(f"The argument[s] must be greater than 0, but got {size}.")
    return _wrap(_apply(fn, a, type=2, s=s, axes=axes, norm="ortho"))


def dct(x, type=2, n=None, axis=-1, norm=None):  # pylint: disable=redefined-builtin
    """Orthonormal DCT-II of ``x`` along ``axis``, zero-padded or cut to length ``n``."""
    return _one("DCT", _DCT, x, type, n, axis, norm)


def idct(x, type=2, n=None, axis=-1, norm=None):  # pylint: disable=redefined-builtin
    """Inverse of the orthonormal DCT-II (the orthonormal DCT-III) along ``axis``."""
    return _one("IDCT", _IDCT, x, type, n, axis, norm)


def dctn(x, type=2, s=None, axes=None, norm=None):  # pylint: disable=redefined-builtin
    """Orthonormal DCT-II over ``axes`` (all axes by default), with output sizes ``s``."""
    return _many("DCTN", _DCTN, x, type, s, axes, norm)


def idctn(x, type=2, s=None, axes=None, norm=None):  # pylint: disable=redefined-builtin
    """Inverse of :func:`dctn`."""
    return _many("IDCTN", _IDCTN, x, type, s, axes, norm)


class DCT(Primitive):
    """Primitive form of :func:`dct`: ``DCT()(x, type, n, axis, norm)``."""

    def __init__(self):
        super().__init__("DCT")

    def __call__(self, x, type=2, n=None, axis=-1, norm=None):  # pylint: disable=redefined-builtin
        return dct(x, type, n, axis, norm)


class IDCT(Primitive):
    """Primitive form of :func:`idct`: ``IDCT()(x, type, n, axis, norm)``."""

    def __init__(self):
        super().__init__("IDCT")

    def __call__(self, x, type=2, n=None, axis=-1, norm=None):  # pylint: disable=redefined-builtin
        return idct(x, type, n, axis, norm)


class DCTN(Primitive):
    """Primitive form of :func:`dctn`: ``DCTN()(x, type, s, axes, norm)``."""

    def __init__(self):
        super().__init__("DCTN")

    def __call__(self, x, type=2, s=None, axes=None, norm=None):  # pylint: disable=redefined-builtin
        return dctn(x, type, s, axes, norm)


class IDCTN(Primitive):
    """Primitive form of :func:`idctn`: ``IDCTN()(x, type, s, axes, norm)``."""

    def __init__(self):
        super().__init__("IDCTN")

    def __call__(self, x, type=2, s=None, axes=None, norm=None):  # pylint: disable=redefined-builtin
        return idctn(x, type, s, axes, norm)
