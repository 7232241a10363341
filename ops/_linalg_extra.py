"""Ops from the linalg helper's list that belong to no other of its families:
AdamWeightDecay, NonDeterministicInts, exponential_, nsa_compress, and
ResizeNearestNeighborV2 (NCHW nearest-neighbour resize; ``ResizeNearestNeighbor`` is in ``_image.py``).

Source pixel of output index ``i`` (scale ``in/out``; with ``align_corners``
``(in-1)/(out-1)``): ``round(i*scale)`` when ``align_corners``, ``floor((i+0.5)*scale)``
with ``half_pixel_centers``, else ``floor(i*scale)``; clamped to ``in-1``. Scales are
computed in float32 as MindSpore's kernels do.
"""
import numpy as np
import jax

from mscompat.common import dtype as mstype
from ._args import arr, check_bool as _bool, Tensor
from ._registry import op, primitive, register_primitive_class
from .primitive import Primitive

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


# ---------------------------------------------------------------------------------------
# AdamWeightDecay (writes var, m, v in place)


def _adam_weight_decay(var, m, v, lr, beta1, beta2, epsilon, decay, gradient, use_locking=False):
    name = "AdamWeightDecay"
    for n, t in (("var", var), ("m", m), ("v", v), ("gradient", gradient)):
        if not isinstance(t, Tensor):
            raise TypeError(f"For '{name}', the '{n}' must be a Tensor or Parameter, but got {type(t).__name__}.")
    w, mm, vv, g = arr(var), arr(m), arr(v), arr(gradient)
    for n, a in (("var", w), ("m", mm), ("v", vv)):
        if a.dtype not in (np.dtype(np.float16), np.dtype(np.float32)):
            raise TypeError(f"For '{name}', the dtype of '{n}' must be float16 or float32, but got "
                            f"{mstype.from_numpy_dtype(a.dtype)}.")
    if not (w.shape == mm.shape == vv.shape == g.shape):
        raise ValueError(f"For '{name}', 'var', 'm', 'v' and 'gradient' must have the same shape, but got "
                         f"{list(w.shape)}, {list(mm.shape)}, {list(vv.shape)} and {list(g.shape)}.")

    def scalar(n, s):
        if isinstance(s, Tensor):
            return arr(s).astype(np.float32).reshape(())
        if isinstance(s, bool) or not isinstance(s, (int, float)):
            raise TypeError(f"For '{name}', the '{n}' must be a float, but got {type(s).__name__}.")
        return np.float32(s)
    lr, b1, b2 = scalar("lr", lr), scalar("beta1", beta1), scalar("beta2", beta2)
    eps, wd = scalar("epsilon", epsilon), scalar("decay", decay)
    g32 = g.astype(np.float32)
    m_new = b1 * mm.astype(np.float32) + (1 - b1) * g32
    v_new = b2 * vv.astype(np.float32) + (1 - b2) * g32 * g32
    update = m_new / (jax.numpy.sqrt(v_new) + eps) + wd * w.astype(np.float32)
    w_new = w.astype(np.float32) - lr * update
    var._data, m._data, v._data = w_new.astype(w.dtype), m_new.astype(mm.dtype), v_new.astype(vv.dtype)
    return _wrap(var._data), _wrap(m._data), _wrap(v._data)


primitive("AdamWeightDecay", _adam_weight_decay, attrs=(("use_locking", False, (bool,)),))


# ---------------------------------------------------------------------------------------
# random integers over a dtype's whole range; exponential_ (in place)

_NDI_TYPES = {mstype.int32: np.int32, mstype.int64: np.int64, mstype.uint32: np.uint32, mstype.uint64: np.uint64}


def _random_bits(shape, np_dtype):
    from mscompat.common.seed import op_key
    unsigned = np.uint64 if np.dtype(np_dtype).itemsize == 8 else np.uint32
    bits = jax.random.bits(op_key(), shape, unsigned)
    return jax.lax.bitcast_convert_type(bits, np_dtype)


@register_primitive_class
class NonDeterministicInts(Primitive):
    """Random integers over the whole range of ``dtype`` (int32, int64, uint32, uint64) of shape ``shape``."""

    def __init__(self, dtype=mstype.int64):
        Primitive.__init__(self, "NonDeterministicInts")
        if dtype not in _NDI_TYPES:
            raise TypeError(f"For 'NonDeterministicInts', the 'dtype' must be one of int32, int64, uint32, uint64, "
                            f"but got {dtype}.")
        self.dtype = dtype
        self.add_prim_attr("dtype", dtype)
        self.add_prim_attr("side_effect_hidden", True)

    def __call__(self, shape):
        if not isinstance(shape, Tensor):
            raise TypeError(f"For Primitive[NonDeterministicInts], the type of input argument[shape] must be Tensor "
                            f"but got {type(shape).__name__}.")
        s = np.asarray(shape.asnumpy())
        if s.dtype not in (np.dtype(np.int32), np.dtype(np.int64)) or s.ndim != 1:
            raise TypeError("For 'NonDeterministicInts', 'shape' must be a 1-D int32 or int64 Tensor.")
        if s.size < 2:
            raise ValueError("For 'NonDeterministicInts', 'shape' must be at least 2-dimensional.")
        if (s < 0).any():
            raise ValueError(f"For 'NonDeterministicInts', 'shape' must be non-negative, but got {s.tolist()}.")
        return _wrap(_random_bits(tuple(int(v) for v in s), _NDI_TYPES[self.dtype]))


@op("exponential_")
def exponential_(input, lambd=1, *, generator=None):
    """Fill ``input`` in place with samples of Exponential(``lambd``); returns ``input``."""
    if not isinstance(input, Tensor):
        raise TypeError(f"For 'exponential_', the 'input' must be a Tensor, but got {type(input).__name__}.")
    a = arr(input)
    if a.dtype.kind != "f" and a.dtype != jax.numpy.bfloat16:
        raise TypeError(f"For 'exponential_', the 'input' must be a floating Tensor, but got "
                        f"{mstype.from_numpy_dtype(a.dtype)}.")
    if isinstance(lambd, bool) or not isinstance(lambd, (int, float)) or lambd <= 0:
        raise ValueError(f"For 'exponential_', 'lambd' must be a positive number, but got {lambd}.")
    if generator is not None:
        key = generator._next_key()
    else:
        from mscompat.common.seed import op_key
        key = op_key()
    sample = jax.random.exponential(key, a.shape, np.float32 if a.dtype.itemsize < 4 else a.dtype) / lambd
    input._data = sample.astype(a.dtype)
    return input


# ---------------------------------------------------------------------------------------
# nsa_compress (Native Sparse Attention KV compression; an Ascend kernel in MindSpore)


@op("nsa_compress")
def nsa_compress(input, weight, compress_block_size, compress_stride, *, actual_seq_len):
    """Compress the token axis of ``input`` (T, N, D) with sliding windows of
    ``compress_block_size`` tokens every ``compress_stride`` tokens, inside each segment
    given by the prefix sums ``actual_seq_len``: window ``w`` of head ``n`` is
    ``sum_j weight[j, n] * input[start_w + j, n, :]`` (accumulated in float32)."""
    name = "nsa_compress"
    for n_, t in (("input", input), ("weight", weight)):
        if not isinstance(t, Tensor):
            raise TypeError(f"For '{name}', '{n_}' must be a Tensor, but got {type(t).__name__}.")
    x, w = arr(input), arr(weight)
    if x.dtype != w.dtype:
        raise TypeError(f"For '{name}', 'input' and 'weight' must have the same dtype, but got "
                        f"{mstype.from_numpy_dtype(x.dtype)} and {mstype.from_numpy_dtype(w.dtype)}.")
    if x.dtype not in (np.dtype(np.float16), np.dtype(jax.numpy.bfloat16)):
        raise TypeError(f"For '{name}', the dtype must be float16 or bfloat16, but got "
                        f"{mstype.from_numpy_dtype(x.dtype)}.")
    for n_, v in (("compress_block_size", compress_block_size), ("compress_stride", compress_stride)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"For '{name}', '{n_}' must be an int, but got {type(v).__name__}.")
    if not isinstance(actual_seq_len, (tuple, list)) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in actual_seq_len):
        raise TypeError(f"For '{name}', 'actual_seq_len' must be a tuple or list of ints.")
    block, stride, seq = compress_block_size, compress_stride, list(actual_seq_len)
    if x.ndim != 3 or w.ndim != 2:
        raise RuntimeError(f"For '{name}', 'input' must be 3-D (T, N, D) and 'weight' 2-D, but got ranks "
                           f"{x.ndim} and {w.ndim}.")
    t, heads, d = x.shape
    checks = [(w.shape[0] != block, "weight.shape[0] must equal compress_block_size"),
              (w.shape[1] != heads, "weight.shape[1] must equal N"),
              (d % 16 != 0 or d > 256, "D must be a multiple of 16 and at most 256"),
              (not 1 <= heads <= 128, "N must be in [1, 128]"),
              (block % 16 != 0 or not 16 <= block <= 128, "compress_block_size must be a multiple of 16 in [16, 128]"),
              (stride % 16 != 0 or not 16 <= stride <= block,
               "compress_stride must be a multiple of 16 in [16, compress_block_size]"),
              (not seq, "actual_seq_len must not be empty"),
              (any(v <= 0 for v in seq), "actual_seq_len must be positive"),
              (any(b < a for a, b in zip(seq, seq[1:])), "actual_seq_len must be non-decreasing"),
              (bool(seq) and seq[-1] != t, "the last element of actual_seq_len must equal T")]
    for bad, msg in checks:
        if bad:
            raise RuntimeError(f"For '{name}', {msg}.")
    starts = []
    for s0, s1 in zip([0] + seq[:-1], seq):
        count = max(0, 1 + (s1 - s0 - block) // stride)
        starts += [s0 + k * stride for k in range(count)]
    if not starts:
        return _wrap(jax.numpy.zeros((0, heads, d), x.dtype))
    idx = np.asarray(starts)[:, None] + np.arange(block)[None, :]          # (T', block)
    win = x[idx].astype(np.float32)                                        # (T', block, N, D)
    out = jax.numpy.einsum("wbnd,bn->wnd", win, w.astype(np.float32))
    return _wrap(out.astype(x.dtype))
