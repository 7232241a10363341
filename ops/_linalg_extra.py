"""Ops from the linalg helper's list that belong to no other of its families:
ResizeNearestNeighborV2 (NCHW nearest-neighbour resize; ``ResizeNearestNeighbor`` is in ``_image.py``).

Source pixel of output index ``i`` (scale ``in/out``; with ``align_corners``
``(in-1)/(out-1)``): ``round(i*scale)`` when ``align_corners``, ``floor((i+0.5)*scale)``
with ``half_pixel_centers``, else ``floor(i*scale)``; clamped to ``in-1``. Scales are
computed in float32 as MindSpore's kernels do.
"""
import numpy as np

from mscompat.common import dtype as mstype
from ._args import arr, Tensor
from ._registry import primitive

_wrap = Tensor._wrap


def _src_index(in_size, out_size, align_corners, half_pixel_centers):
    f32 = np.float32
    if align_corners and out_size > 1:
        scale = f32(in_size - 1) / f32(out_size - 1)
    else:
        scale = f32(in_size) / f32(out_size) if out_size else f32(0)
    i = np.arange(out_size, dtype=f32)
    if half_pixel_centers:
        src = np.floor((i + f32(0.5)) * scale)
    elif align_corners:
        src = np.floor(i * scale + f32(0.5))   # roundf (values are >= 0)
    else:
        src = np.floor(i * scale)
    return np.clip(src.astype(np.int64), 0, max(in_size - 1, 0))


def _bool(name, arg, v):
    if not isinstance(v, (bool, np.bool_)):
        raise TypeError(f"For '{name}', the type of '{arg}' should be 'bool', but got type '{type(v).__name__}'.")
    return bool(v)


def _resize(name, x, size, align_corners, half_pixel_centers):
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{name}', the input 'x' must be a Tensor, but got {type(x).__name__}.")
    align_corners = _bool(name, "align_corners", align_corners)
    half_pixel_centers = _bool(name, "half_pixel_centers", half_pixel_centers)
    if align_corners and half_pixel_centers:
        raise ValueError(f"For '{name}', 'align_corners' and 'half_pixel_centers' cannot both be True.")
    a = arr(x)
    if a.ndim != 4:
        raise ValueError(f"For '{name}', the dimension of 'x' must be 4 (N, C, H, W), but got {a.ndim}.")
    if a.dtype == np.bool_:
        raise TypeError(f"For '{name}', the dtype of 'x' Bool is not supported.")
    h, w = size
    if h <= 0 or w <= 0:
        raise ValueError(f"For '{name}', the size must be positive, but got {list(size)}.")
    ri = _src_index(a.shape[2], h, align_corners, half_pixel_centers)
    ci = _src_index(a.shape[3], w, align_corners, half_pixel_centers)
    return _wrap(a[:, :, ri][:, :, :, ci])


def _resize_nn_v2(x, size, align_corners=False, half_pixel_centers=False):
    name = "ResizeNearestNeighborV2"
    if not isinstance(size, Tensor):
        raise TypeError(f"For '{name}', the 'size' must be a Tensor, but got {type(size).__name__}.")
    s = np.asarray(size.asnumpy())
    if s.dtype != np.int32:
        raise TypeError(f"For '{name}', the dtype of 'size' must be int32, but got {mstype.from_numpy_dtype(s.dtype)}.")
    if s.shape != (2,):
        raise ValueError(f"For '{name}', the shape of 'size' must be (2,), but got {s.shape}.")
    return _resize(name, x, tuple(int(v) for v in s), align_corners, half_pixel_centers)


primitive("ResizeNearestNeighborV2", _resize_nn_v2, attrs=(("align_corners", False), ("half_pixel_centers", False)),
          call=lambda p, x, size: _resize_nn_v2(x, size, p.align_corners, p.half_pixel_centers))
