"""``mint.nn.functional.interpolate``'s resampling, aligned with PyTorch's CPU kernels (the
``Upsample*`` ops MindSpore's mint calls): separable, each spatial axis resized by a gather
(nearest) or an (out, in) weight matrix built from the static shapes (linear, cubic).

Where a ``scale_factor`` is given (and not recomputed into a size), output position ``i`` maps to
the input through ``1/scale_factor``, not through ``in/out``; the coordinates are computed in
float32, as PyTorch's kernels compute them for float inputs."""
import math

import numpy as np
import jax.numpy as jnp

from mscompat.common.tensor import Tensor
from mscompat.ops._args import arr

MODES = ["nearest", "linear", "bilinear", "bicubic", "trilinear"]
# mode -> (spatial dims it takes or None for nearest's 1/2/3, MindSpore's kernel names by dims)
_KERNELS = {"nearest": {1: "UpsampleNearest1D", 2: "UpsampleNearest2D", 3: "UpsampleNearest3D"},
            "linear": {1: "UpsampleLinear1D"}, "bilinear": {2: "UpsampleBilinear2D"},
            "bicubic": {2: "UpsampleBicubic2D"}, "trilinear": {3: "UpsampleTrilinear3D"}}
_CUBIC_A = -0.75


def _scale(in_size, out_size, align_corners, scale, ct):
    """PyTorch's ``area_pixel_compute_scale``, in the compute type ``ct`` (float32; float64 for float64)."""
    if align_corners:
        return ct((in_size - 1) / (out_size - 1)) if out_size > 1 else ct(0)
    return ct(1.0 / scale) if scale is not None and scale > 0 else ct(in_size) / ct(out_size)


def _source(in_size, out_size, align_corners, scale, cubic, ct):
    """The source coordinate of every output position (``area_pixel_compute_source_index``)."""
    r = _scale(in_size, out_size, align_corners, scale, ct)
    d = np.arange(out_size, dtype=ct)
    if align_corners:
        return r * d
    src = r * (d + ct(0.5)) - ct(0.5)
    return src if cubic else np.maximum(src, ct(0))


def _index_and_lambda(src, in_size):
    """PyTorch's ``guard_index_and_lambda``: the left tap and the fraction past it, both clamped."""
    idx = np.minimum(np.floor(src).astype(np.int64), in_size - 1)
    lam = np.clip(src - idx.astype(src.dtype), 0, 1).astype(src.dtype)
    return idx, lam


def _linear_matrix(in_size, out_size, align_corners, scale, ct):
    idx, lam = _index_and_lambda(_source(in_size, out_size, align_corners, scale, False, ct), in_size)
    nxt = np.where(idx < in_size - 1, idx + 1, idx)
    m = np.zeros((out_size, in_size), np.float64)
    rows = np.arange(out_size)
    np.add.at(m, (rows, idx), 1 - lam)
    np.add.at(m, (rows, nxt), lam)
    return m


def _cubic_matrix(in_size, out_size, align_corners, scale, ct):
    """Keys' cubic convolution with A = -0.75; taps beyond the border repeat the edge pixel."""
    idx, t = _index_and_lambda(_source(in_size, out_size, align_corners, scale, True, ct), in_size)
    t = t.astype(np.float64)
    a = _CUBIC_A

    def near(x):
        return ((a + 2) * x - (a + 3)) * x * x + 1

    def far(x):
        return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a
    weights = (far(t + 1), near(t), near(1 - t), far(2 - t))
    m = np.zeros((out_size, in_size), np.float64)
    rows = np.arange(out_size)
    for k, w in enumerate(weights):
        np.add.at(m, (rows, np.clip(idx - 1 + k, 0, in_size - 1)), w)
    return m


def _apply_matrix(a, axis, m):
    """Resize axis ``axis`` of ``a`` by the (out, in) weights ``m``, in float32 (float64 for float64)."""
    ct = jnp.float64 if a.dtype == jnp.float64 else jnp.float32
    out = jnp.tensordot(a.astype(ct), jnp.asarray(m, ct), axes=([axis], [1]))
    return jnp.moveaxis(out, -1, axis)


def _nearest_index(in_size, out_size, scale):
    """PyTorch's ``nearest_idx``: ``floor(i * s)`` with ``s`` = 1/scale_factor (or in/out) in float32."""
    if out_size == in_size:
        return np.arange(out_size)
    if out_size == 2 * in_size:
        return np.arange(out_size) >> 1
    s = np.float32(1.0 / scale) if scale is not None and scale > 0 else np.float32(in_size) / np.float32(out_size)
    return np.minimum(np.floor(np.arange(out_size, dtype=np.float32) * s).astype(np.int64), in_size - 1)


def _sizes(kernel, nd, shape, size, scale_factor, recompute):
    """(output sizes, scales or None per axis) from ``size`` or ``scale_factor``, checked as MindSpore checks them."""
    if size is not None:
        sizes = tuple(size) if isinstance(size, (tuple, list)) else (size,) * nd
        if len(sizes) != nd:
            raise ValueError(f"For primitive[{kernel}], the number of size must be equal to {nd}, but got {len(sizes)}.")
        for s in sizes:
            if isinstance(s, bool) or not isinstance(s, (int, np.integer)):
                raise TypeError(f"For primitive[{kernel}], 'output_size' must be a tuple of int, but got {size}.")
        return sizes, (None,) * nd
    scales = tuple(scale_factor) if isinstance(scale_factor, (tuple, list)) else (scale_factor,) * nd
    if recompute:
        if len(scales) != nd:
            raise ValueError(f"For primitive[{kernel}], the number of scales must be equal to {nd}, "
                             f"but got {len(scales)}.")
        return tuple(int(math.floor(d * s)) for d, s in zip(shape, scales)), (None,) * nd
    if not all(isinstance(s, (float, np.floating)) for s in scales):
        got = ", ".join(type(s).__name__ for s in scales)
        raise TypeError(f"For primitive[{kernel}], 'scales' must be a tuple or list of float, but got a tuple of "
                        f"({got}): pass the scale factor as a float (2.0, not 2).")
    if len(scales) != nd:
        raise ValueError(f"For primitive[{kernel}], the number of scales must be equal to {nd}, but got {len(scales)}.")
    return tuple(int(math.floor(d * float(s))) for d, s in zip(shape, scales)), tuple(float(s) for s in scales)


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None):
    """Resize the 1-3 spatial axes of an (N, C, ...) float tensor as PyTorch's ``interpolate``."""
    if mode not in MODES:
        raise ValueError(f"For 'interpolate', 'mode' must be in '{MODES}', but got {mode}")
    if mode == "nearest" and align_corners is not None:
        raise ValueError("align_corners option can only be set with the interpolating modes: "
                         "linear | bilinear | bicubic | trilinear")
    align = bool(align_corners)
    if size is not None and scale_factor is not None:
        raise ValueError("For 'interpolate', 'size' and 'scale_factor' cannot be set simultaneously")
    if size is None and scale_factor is None:
        raise ValueError("For 'interpolate', 'size' and 'scale_factor' cannot be both empty")
    if recompute_scale_factor and size is not None:
        raise ValueError("For 'interpolate', it is incorrect to set 'recompute_scale_factor' to True after "
                         "specifying an explicit 'size'.")
    if not isinstance(input, Tensor):
        raise TypeError(f"For 'interpolate', 'input' must be a Tensor, but got {type(input).__name__}.")
    kernels = _KERNELS[mode]
    nd = input.ndim - 2
    if mode == "nearest":
        nd = nd if nd in (1, 2) else 3
    kernel = kernels.get(nd) or next(iter(kernels.values()))
    want = int(kernel[-2]) + 2
    if input.ndim != want:
        raise ValueError(f"For primitive[{kernel}], the image rank must be equal to {want}, but got {input.ndim}.")
    sizes, scales = _sizes(kernel, nd, input.shape[2:], size, scale_factor, recompute_scale_factor)
    for s in sizes:
        if s <= 0:
            raise ValueError(f"For primitive[{kernel}], the size value must be greater than 0, but got {s}.")
    a = arr(input)
    if not jnp.issubdtype(a.dtype, jnp.floating):
        raise TypeError(f"For primitive[{kernel}], the input must be float16, float32 or float64, "
                        f"but got {input.dtype}.")
    ct = np.float64 if a.dtype == jnp.float64 else np.float32
    out = a
    for i in range(nd):
        ax, n_in = 2 + i, a.shape[2 + i]
        if mode == "nearest":
            out = jnp.take(out, jnp.asarray(_nearest_index(n_in, sizes[i], scales[i])), axis=ax)
        elif mode == "bicubic":
            out = _apply_matrix(out, ax, _cubic_matrix(n_in, sizes[i], align, scales[i], ct))
        else:
            out = _apply_matrix(out, ax, _linear_matrix(n_in, sizes[i], align, scales[i], ct))
    return Tensor._wrap(out.astype(a.dtype))
