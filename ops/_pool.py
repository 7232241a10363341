"""Pooling in NC(D)HW layout: AvgPool/MaxPool (+3D), avg_pool1d/2d/3d, max_pool2d/3d (with
indices), adaptive avg/max pools, lp pools, max_unpool1d/2d/3d and MaxUnpool2D/3D.

Windows are gathered as strided slices of the padded input (one per kernel offset), so max,
argmax and averages with MindSpore's divisor rules are plain reductions over that axis.
"""
import functools
import itertools
import math

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

from mscompat.backends import device_target
from mscompat.common import dtype as mstype
from ._args import Tensor
from ._nn import need_tensor, check_dtype, is_int
from ._programs import one_program
from ._registry import op, primitive

_wrap = Tensor._wrap
_POOL_DTYPES = ("float16", "float32", "float64")


def _ntuple(name, arg, v, n, allow_zero=False):
    if is_int(v):
        out = (v,) * n
    elif isinstance(v, (tuple, list)) and all(is_int(i) for i in v) and len(v) in (n, n + 2):
        out = tuple(v)[-n:]
    elif isinstance(v, (tuple, list)) and len(v) == 1 and is_int(v[0]):
        out = (v[0],) * n
    else:
        raise TypeError(f"For '{name}', the '{arg}' must be an int or a tuple of {n} ints, but got {v}.")
    if any(i < 0 or (i == 0 and not allow_zero) for i in out):
        raise ValueError(f"For '{name}', the '{arg}' must be {'non-negative' if allow_zero else 'positive'}, "
                         f"but got {v}.")
    return out


def _out_size(size, k, s, d, lo, hi, ceil):
    eff = d * (k - 1) + 1
    span = size + lo + hi - eff
    if ceil:
        out = -(-span // s) + 1
        if (out - 1) * s >= size + lo:
            out -= 1
    else:
        out = span // s + 1
    return out


def _windows(a, ksize, stride, dilation, pads, outs, fill):
    """Stack of the windows' elements: shape (prod(k), N, C, *outs)."""
    return jnp.stack(_window_slices(a, ksize, stride, dilation, pads, outs, fill))


def _window_slices(a, ksize, stride, dilation, pads, outs, fill):
    """The windows' elements as one strided slice of the padded input per kernel offset (row-major
    offset order), each of shape (N, C, *outs)."""
    nd = len(ksize)
    extra = [max(0, (outs[i] - 1) * stride[i] + dilation[i] * (ksize[i] - 1) + 1
                 - (a.shape[2 + i] + pads[i][0] + pads[i][1])) for i in range(nd)]
    cfg = [(0, 0, 0), (0, 0, 0)] + [(pads[i][0], pads[i][1] + extra[i], 0) for i in range(nd)]
    p = lax.pad(a, jnp.asarray(fill, a.dtype), cfg)
    slices = []
    for off in itertools.product(*[range(k) for k in ksize]):
        start = [0, 0] + [off[i] * dilation[i] for i in range(nd)]
        limit = [p.shape[0], p.shape[1]] + [start[2 + i] + (outs[i] - 1) * stride[i] + 1 for i in range(nd)]
        slices.append(lax.slice(p, start, limit, [1, 1] + list(stride)))
    return slices


def _reduce_window(a, init, fn, ksize, stride, dilation, pads, outs):
    """``fn``-reduction over exactly ``outs`` windows (ceil mode's partial windows included) with one
    ``lax.reduce_window``; ``init`` must be ``fn``'s identity (a NumPy scalar, so JAX differentiates it)."""
    cfg = [(0, 0), (0, 0)]
    crop = [slice(None), slice(None)]
    for i in range(len(ksize)):
        lo = pads[i][0]
        total = (outs[i] - 1) * stride[i] + dilation[i] * (ksize[i] - 1) + 1
        hi = total - a.shape[2 + i] - lo
        crop.append(slice(0, a.shape[2 + i] + min(hi, 0)))
        cfg.append((lo, max(hi, 0)))
    return lax.reduce_window(a[tuple(crop)], init, fn, (1, 1) + tuple(ksize), (1, 1) + tuple(stride), cfg,
                             window_dilation=(1, 1) + tuple(dilation))


@functools.partial(jax.custom_jvp, nondiff_argnums=(1, 2, 3, 4, 5))
def _max_window_cpu(a, ksize, stride, dilation, pads, outs):
    """Max pooling of a floating ``a`` with a derivative XLA:CPU computes fast. The derivative of
    ``reduce_window(max)`` becomes ``select_and_scatter``, which XLA:CPU expands into index planes
    (iotas), a variadic ``reduce_window`` and a scatter: 3-10x slower than the pooling itself. Here
    the tangent is the tangent of each window's first maximum (the element MindSpore's gradient
    goes to), picked from one strided slice per kernel offset; its transpose (the gradient) is one
    padded select per offset, all elementwise."""
    return _reduce_window(a, np.array(-np.inf, a.dtype), lax.max, ksize, stride, dilation, pads, outs)


@_max_window_cpu.defjvp
def _max_window_cpu_jvp(ksize, stride, dilation, pads, outs, primals, tangents):
    a, = primals
    t, = tangents
    out = _max_window_cpu(a, ksize, stride, dilation, pads, outs)
    values = _window_slices(a, ksize, stride, dilation, pads, outs, -np.inf)
    # the offset of each window's first maximum (windows without one, all NaN, pick none)
    # (lax, not jnp: each jnp call traces a program of its own)
    itype = np.int8 if len(values) < 127 else np.int32
    first = lax.full(out.shape, len(values), itype)
    for i in reversed(range(len(values))):
        first = lax.select(lax.eq(values[i], out), lax.full(out.shape, i, itype), first)
    tout = None
    for i, ti in enumerate(_window_slices(t, ksize, stride, dilation, pads, outs, 0)):
        pick = lax.select(lax.eq(first, lax.full(out.shape, i, itype)), ti, lax.full_like(ti, 0))
        tout = pick if tout is None else lax.add(tout, pick)
    return out, tout


_max_window_program = one_program(_max_window_cpu, static_argnums=(1, 2, 3, 4, 5))


def _max_pool(a, ksize, stride, dilation, pads, ceil, with_index=False, index_dtype=jnp.int64):
    nd = len(ksize)
    spatial = a.shape[2:]
    outs = [_out_size(spatial[i], ksize[i], stride[i], dilation[i], pads[i][0], pads[i][1], ceil)
            for i in range(nd)]
    if any(o <= 0 for o in outs):
        raise ValueError(f"The output size of the pooling is not positive: {outs}.")
    if jnp.issubdtype(a.dtype, jnp.floating):
        low = -jnp.inf
    else:
        low = jnp.iinfo(a.dtype).min
    if not with_index:
        # one reduce_window (its gradient goes to the first maximum of a window, as MindSpore's)
        if device_target() == "CPU" and jnp.issubdtype(a.dtype, jnp.floating):
            return _max_window_program(a, tuple(ksize), tuple(stride), tuple(dilation), tuple(map(tuple, pads)),
                                       tuple(outs)), None
        return _reduce_window(a, np.array(low, a.dtype), lax.max, ksize, stride, dilation, pads, outs), None
    w = _windows(a, ksize, stride, dilation, pads, outs, low)
    out = jnp.max(w, axis=0)
    flat = jnp.arange(int(np.prod(spatial)), dtype=jnp.int64).reshape((1, 1) + tuple(spatial))
    iw = _windows(flat, ksize, stride, dilation, pads, outs, -1)
    arg = jnp.argmax(w, axis=0)
    idx = jnp.take_along_axis(jnp.broadcast_to(iw, (iw.shape[0],) + w.shape[1:]), arg[None], axis=0)[0]
    return out, idx.astype(index_dtype)


def _avg_pool(a, ksize, stride, pads, ceil, count_include_pad=True, divisor_override=0):
    return _avg_pool_program(a, tuple(ksize), tuple(stride), tuple(map(tuple, pads)), bool(ceil),
                             bool(count_include_pad), divisor_override)


@one_program(static_argnums=(1, 2, 3, 4, 5, 6))
def _avg_pool_program(a, ksize, stride, pads, ceil, count_include_pad, divisor_override):
    nd = len(ksize)
    spatial = a.shape[2:]
    ones_d = (1,) * nd
    outs = [_out_size(spatial[i], ksize[i], stride[i], 1, pads[i][0], pads[i][1], ceil) for i in range(nd)]
    if any(o <= 0 for o in outs):
        raise ValueError(f"The output size of the pooling is not positive: {outs}.")
    ct = np.float64 if a.dtype == np.float64 else np.float32   # float64 sums in float64, the rest in float32
    f = a.astype(ct)
    total = _reduce_window(f, np.array(0, ct), lax.add, ksize, stride, ones_d, pads, outs)
    if divisor_override:
        div = ct(divisor_override)
    else:
        if count_include_pad:
            base = jnp.ones((1, 1) + tuple(spatial[i] + pads[i][0] + pads[i][1] for i in range(nd)), ct)
            cnt = _windows(base, ksize, stride, ones_d, [(0, 0)] * nd, outs, 0)
        else:
            cnt = _windows(jnp.ones((1, 1) + tuple(spatial), ct), ksize, stride, ones_d, pads, outs, 0)
        div = jnp.sum(cnt, axis=0)
    return (total / div).astype(a.dtype)


def _check_pool_input(name, x, nd, dtypes=_POOL_DTYPES):
    a = need_tensor(name, "x", x)
    if str(a.dtype) not in dtypes:
        raise TypeError(f"For primitive[{name}], the input argument[x] must be a type of {dtypes}, "
                        f"but got {mstype.from_numpy_dtype(a.dtype)}.")
    if a.ndim != nd + 2:
        raise ValueError(f"For primitive[{name}], the length of input must be equal to {nd + 2} , but got {a.ndim}.")
    return a


def _tf_pads(name, pad_mode, spatial, ksize, stride):
    mode = pad_mode.upper() if isinstance(pad_mode, str) else pad_mode
    if mode not in ("VALID", "SAME"):
        raise ValueError(f"For '{name}', the 'pad_mode' must be 'VALID' or 'SAME', but got {pad_mode}.")
    if mode == "VALID":
        for i in range(len(ksize)):
            if spatial[i] < ksize[i]:
                raise RuntimeError(f"For '{name}' op, H_out/W_out must be positive, but H_out/W_out is 0, please "
                                   "check input and parameters of op")
        return [(0, 0)] * len(ksize)
    pads = []
    for i in range(len(ksize)):
        out = -(-spatial[i] // stride[i])
        need = max(0, (out - 1) * stride[i] + ksize[i] - spatial[i])
        pads.append((need // 2, need - need // 2))
    return pads


def _tf_pool_attrs(prim, nd, fmt):
    """MaxPool/AvgPool's constructor checks: ``kernel_size``/``strides`` as tuples, ``pad_mode``
    upper case."""
    name = prim.name
    prim.kernel_size = _ntuple(name, "kernel_size", prim.kernel_size, nd)
    prim.strides = _ntuple(name, "strides", prim.strides, nd)
    pad_mode = prim.pad_mode
    if not isinstance(pad_mode, str) or pad_mode.upper() not in ("VALID", "SAME"):
        raise ValueError(f"For '{name}', the 'pad_mode' must be 'VALID' or 'SAME', but got {pad_mode}.")
    prim.pad_mode = pad_mode.upper()
    prim.data_format = prim.data_format or fmt
    if prim.data_format != fmt:
        raise ValueError(f"For '{name}', the '{prim.data_format}' format is only supported in GPU target, "
                         f"but got the 'data_format' is {prim.data_format} and platform is CPU.")
    for k in ("kernel_size", "strides", "pad_mode", "data_format"):
        prim.add_prim_attr(k, getattr(prim, k))


def _tf_max_pool(prim, x):
    a = _check_pool_input(prim.name, x, 2)
    pads = _tf_pads(prim.name, prim.pad_mode, a.shape[2:], prim.kernel_size, prim.strides)
    return _wrap(_max_pool(a, prim.kernel_size, prim.strides, (1, 1), pads, False)[0])


def _tf_avg_pool(prim, x):
    a = _check_pool_input(prim.name, x, 2)
    pads = _tf_pads(prim.name, prim.pad_mode, a.shape[2:], prim.kernel_size, prim.strides)
    return _wrap(_avg_pool(a, prim.kernel_size, prim.strides, pads, False, count_include_pad=False))


_TF_POOL_ATTRS = (("kernel_size", 1), ("strides", 1), ("pad_mode", "valid"), ("data_format", "NCHW"))

primitive("MaxPool", _max_pool, _TF_POOL_ATTRS, call=_tf_max_pool, init=lambda prim: _tf_pool_attrs(prim, 2, "NCHW"),
          doc="Max pooling with TF-style 'VALID'/'SAME' padding.")
primitive("AvgPool", _avg_pool, _TF_POOL_ATTRS, call=_tf_avg_pool, init=lambda prim: _tf_pool_attrs(prim, 2, "NCHW"),
          doc="Average pooling with TF-style 'VALID'/'SAME' padding (padding is not counted).")


def _pad_pairs(name, padding, nd):
    if is_int(padding):
        p = (padding,) * nd
    elif isinstance(padding, (tuple, list)) and len(padding) == nd and all(is_int(i) for i in padding):
        p = tuple(padding)
    elif isinstance(padding, (tuple, list)) and len(padding) == 2 * nd and all(is_int(i) for i in padding):
        return [(padding[2 * i], padding[2 * i + 1]) for i in range(nd)]
    else:
        raise TypeError(f"For '{name}', the 'padding' must be an int or a tuple of {nd} ints, but got {padding}.")
    if any(i < 0 for i in p):
        raise ValueError(f"For '{name}', the 'padding' must be non-negative, but got {padding}.")
    return [(i, i) for i in p]


def _half_kernel_pads(name, padding, k, kernel_size, size_name):
    """The (before, after) pads of ``padding``, each at most half of the kernel ``k``
    (``size_name`` names the kernel size in the error, as MindSpore's avg and max pools do)."""
    pads = _pad_pairs(name, padding, len(k))
    for i, (before, _) in enumerate(pads):
        if before > k[i] // 2:
            raise ValueError(f"For '{name}', pad should be at most half of {size_name}, but got pad {padding} and "
                             f"kernel_size {kernel_size}.")
    return pads


def _avg_fn(nd, name, input_x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override=0):
    a = _check_pool_input(name, input_x, nd)
    k = _ntuple(name, "kernel_size", kernel_size, nd)
    s = _ntuple(name, "stride", stride, nd)
    pads = _half_kernel_pads(name, padding, k, kernel_size, "kernel size")
    if not isinstance(ceil_mode, bool) or not isinstance(count_include_pad, bool):
        raise TypeError(f"For '{name}', 'ceil_mode' and 'count_include_pad' must be bool.")
    if not is_int(divisor_override) or divisor_override < 0:
        raise ValueError(f"For '{name}', 'divisor_override' must be a non-negative int, but got {divisor_override}.")
    return _wrap(_avg_pool(a, k, s, pads, ceil_mode, count_include_pad, divisor_override))


@op("avg_pool1d")
def avg_pool1d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True):
    a = need_tensor("avg_pool1d", "input_x", input_x)
    if a.ndim != 3:
        raise ValueError(f"For avg_pool1d, the input should be a 3D Tensor, but got {a.ndim}D.")
    out = _avg_fn(1, "avg_pool1d", input_x, kernel_size, stride, padding, ceil_mode, count_include_pad)
    return out


@op("avg_pool2d")
def avg_pool2d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=0):
    return _avg_fn(2, "AvgPool2D", input_x, kernel_size, stride, padding, ceil_mode, count_include_pad,
                   divisor_override or 0)


@op("avg_pool3d")
def avg_pool3d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=0):
    return _avg_fn(3, "AvgPool3D", input_x, kernel_size, stride, padding, ceil_mode, count_include_pad,
                   divisor_override or 0)


def _max_fn(nd, name, x, kernel_size, stride, padding, dilation, ceil_mode, return_indices):
    a = _check_pool_input(name, x, nd)
    k = _ntuple(name, "kernel_size", kernel_size, nd)
    s = k if stride is None or stride == 0 else _ntuple(name, "stride", stride, nd)
    d = _ntuple(name, "dilation", dilation, nd)
    pads = _half_kernel_pads(name, padding, k, kernel_size, "effective kernel size")
    out, idx = _max_pool(a, k, s, d, pads, bool(ceil_mode), return_indices)
    return (_wrap(out), _wrap(idx)) if return_indices else _wrap(out)


@op("max_pool2d")
def max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
    return _max_fn(2, "MaxPoolWithArgmaxV2", x, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


@op("max_pool3d")
def max_pool3d(x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _max_fn(3, "MaxPool3DWithArgmax", x, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def _pool3d_attrs(prim, op_name, modes_text, pad_attr):
    """The constructor normalisation MaxPool3D and AvgPool3D share: kernel_size and strides as
    triples, pad_mode upper-cased and checked (``modes_text`` spells the allowed values in the
    error), the ``pad_attr`` padding as 6 ints; all four recorded as primitive attributes."""
    prim.kernel_size = _ntuple(prim.name, "kernel_size", prim.kernel_size, 3)
    prim.strides = _ntuple(prim.name, "strides", prim.strides, 3)
    pad_mode = prim.pad_mode
    mode = pad_mode.upper() if isinstance(pad_mode, str) else pad_mode
    if mode not in ("VALID", "SAME", "PAD"):
        raise ValueError(f"For '{op_name}', the 'pad_mode' must be {modes_text}, but got {pad_mode}.")
    prim.pad_mode = mode
    pad = getattr(prim, pad_attr)
    setattr(prim, pad_attr, (pad,) * 6 if is_int(pad) else tuple(pad))
    for k in ("kernel_size", "strides", "pad_mode", pad_attr):
        prim.add_prim_attr(k, getattr(prim, k))


def _max_pool3d_attrs(prim):
    _pool3d_attrs(prim, "MaxPool3D", "'VALID', 'SAME' or 'PAD'", "pad_list")
    if prim.pad_mode != "PAD" and any(prim.pad_list):
        raise ValueError("For 'MaxPool3D', the 'pad_list' must be zero when 'pad_mode' is not 'PAD'.")
    prim.ceil_mode = bool(prim.ceil_mode) if prim.ceil_mode is not None else False


def _max_pool3d_prim(prim, x):
    a = _check_pool_input(prim.name, x, 3)
    if prim.pad_mode == "PAD":
        pads = [(prim.pad_list[2 * i], prim.pad_list[2 * i + 1]) for i in range(3)]
        ceil = prim.ceil_mode
    else:
        pads = _tf_pads(prim.name, prim.pad_mode, a.shape[2:], prim.kernel_size, prim.strides)
        ceil = False
    return _wrap(_max_pool(a, prim.kernel_size, prim.strides, (1, 1, 1), pads, ceil)[0])


primitive("MaxPool3D", _max_pool,
          (("kernel_size", 1), ("strides", 1), ("pad_mode", "VALID"), ("pad_list", 0), ("ceil_mode", None),
           ("data_format", "NCDHW")),
          call=_max_pool3d_prim, init=_max_pool3d_attrs,
          doc="3D max pooling: pad_mode 'VALID', 'SAME' or 'PAD' (with ``pad_list``).")


def _avg_pool3d_attrs(prim):
    _pool3d_attrs(prim, "AvgPool3D", "'valid', 'same' or 'pad'", "pad")


def _avg_pool3d_prim(prim, x):
    a = _check_pool_input(prim.name, x, 3)
    if prim.pad_mode == "PAD":
        pads = [(prim.pad[2 * i], prim.pad[2 * i + 1]) for i in range(3)]
        return _wrap(_avg_pool(a, prim.kernel_size, prim.strides, pads, prim.ceil_mode, prim.count_include_pad,
                               prim.divisor_override))
    pads = _tf_pads(prim.name, prim.pad_mode, a.shape[2:], prim.kernel_size, prim.strides)
    return _wrap(_avg_pool(a, prim.kernel_size, prim.strides, pads, False, count_include_pad=False,
                           divisor_override=prim.divisor_override))


primitive("AvgPool3D", _avg_pool,
          (("kernel_size", 1), ("strides", 1), ("pad_mode", "valid"), ("pad", 0), ("ceil_mode", False),
           ("count_include_pad", True), ("divisor_override", 0), ("data_format", "NCDHW")),
          call=_avg_pool3d_prim, init=_avg_pool3d_attrs,
          doc="3D average pooling with MindSpore's pad modes and divisor rules.")


# ---------------------------------------------------------------------------------------
# Adaptive pooling: output cell i covers [floor(i*L/out), ceil((i+1)*L/out)).


def _adaptive_gather(a, outs):
    """Windows of adaptive pooling: values (N, C, *outs, K) and their flat input indices and a
    mask of valid (non-repeated) entries."""
    nd = len(outs)
    spatial = a.shape[2:]
    vals = a
    idx_axes = []
    masks = []
    for i in range(nd):
        L, o = spatial[i], outs[i]
        starts = [(j * L) // o for j in range(o)]
        ends = [-(-((j + 1) * L) // o) for j in range(o)]
        kmax = max(e - s for s, e in zip(starts, ends))
        g = np.array([[min(s + t, e - 1) for t in range(kmax)] for s, e in zip(starts, ends)])
        m = np.array([[s + t < e for t in range(kmax)] for s, e in zip(starts, ends)])
        idx_axes.append(g)
        masks.append(m)
    # gather along each spatial axis -> (N, C, o1, k1, o2, k2, ...)
    out = vals
    for i in range(nd):
        ax = 2 + 2 * i
        out = jnp.take(out, jnp.asarray(idx_axes[i].reshape(-1)), axis=ax)
        out = out.reshape(out.shape[:ax] + idx_axes[i].shape + out.shape[ax + 1:])
    perm = [0, 1] + [2 + 2 * i for i in range(nd)] + [3 + 2 * i for i in range(nd)]
    out = jnp.transpose(out, perm)
    out = out.reshape(out.shape[:2 + nd] + (-1,))
    # flat indices and mask
    flat = np.zeros([o for o in outs] + [g.shape[1] for g in idx_axes], np.int64)
    mask = np.ones_like(flat, dtype=bool)
    strides = [int(np.prod(spatial[i + 1:])) for i in range(nd)]
    for i in range(nd):
        shape = [1] * (2 * nd)
        shape[i], shape[nd + i] = idx_axes[i].shape
        flat = flat + (idx_axes[i] * strides[i]).reshape(shape)
        mask = mask & masks[i].reshape(shape)
    flat = flat.reshape(tuple(outs) + (-1,))
    mask = mask.reshape(tuple(outs) + (-1,))
    return out, flat, mask


def _adaptive_outs(name, output_size, spatial):
    nd = len(spatial)
    if is_int(output_size):
        outs = (output_size,) * nd
    elif isinstance(output_size, (tuple, list)) and len(output_size) == nd:
        outs = tuple(spatial[i] if output_size[i] is None else output_size[i] for i in range(nd))
    else:
        raise TypeError(f"For '{name}', the 'output_size' must be an int or a tuple of {nd} ints, "
                        f"but got {output_size}.")
    if any((not is_int(o)) or o <= 0 for o in outs):
        raise ValueError(f"For '{name}', the 'output_size' must be positive, but got {output_size}.")
    return outs


def _adaptive_input(name, x, nd):
    """Checked input of an adaptive pool with a batch axis added when it has none; (array, added)."""
    a = need_tensor(name, "input", x)
    check_dtype(name, "input", a, _POOL_DTYPES)
    if a.ndim not in (nd + 1, nd + 2):
        raise ValueError(f"For '{name}', the dimension of 'input' must be {nd + 1} or {nd + 2}, but got {a.ndim}.")
    squeeze = a.ndim == nd + 1
    if squeeze:
        a = a[None]
    return a, squeeze


def _adaptive_avg(name, x, output_size, nd):
    a, squeeze = _adaptive_input(name, x, nd)
    outs = _adaptive_outs(name, output_size, a.shape[2:])
    out = _adaptive_avg_program(a, tuple(outs))
    return _wrap(out[0] if squeeze else out)


@one_program(static_argnums=(1,))
def _adaptive_avg_program(a, outs):
    vals, _, mask = _adaptive_gather(a, outs)
    m = jnp.asarray(mask)
    f = vals.astype(jnp.float32)
    return (jnp.sum(jnp.where(m, f, 0), axis=-1) / jnp.sum(m, axis=-1)).astype(a.dtype)


def _adaptive_max(name, x, output_size, nd, return_indices, index_dtype=jnp.int64):
    a, squeeze = _adaptive_input(name, x, nd)
    outs = _adaptive_outs(name, output_size, a.shape[2:])
    vals, flat, _ = _adaptive_gather(a, outs)
    arg = jnp.argmax(vals, axis=-1)
    out = jnp.max(vals, axis=-1)
    idx = jnp.take_along_axis(jnp.broadcast_to(jnp.asarray(flat), vals.shape), arg[..., None], axis=-1)[..., 0]
    if squeeze:
        out, idx = out[0], idx[0]
    if return_indices:
        return _wrap(out), _wrap(idx.astype(index_dtype))
    return _wrap(out)


def _divisible_1d(name, x, output_size):
    a = need_tensor(name, "input", x)
    if not is_int(output_size):
        raise TypeError(f"For {name}, the 'output_size' must be int, but got {type(output_size).__name__}.")
    if a.ndim != 3:
        raise ValueError(f"For {name}, the input must be a 3D Tensor, but got {a.ndim}D.")
    if a.shape[-1] % output_size:
        raise ValueError(f"For {name} input's last dimension must be divisible by output size {output_size}, "
                         f"but got {a.shape[-1]}.")


@op("adaptive_avg_pool1d")
def adaptive_avg_pool1d(input, output_size):
    _divisible_1d("adaptive_avg_pool1d", input, output_size)
    return _adaptive_avg("adaptive_avg_pool1d", input, output_size, 1)


@op("adaptive_max_pool1d")
def adaptive_max_pool1d(input, output_size):
    _divisible_1d("adaptive_max_pool1d", input, output_size)
    return _adaptive_max("adaptive_max_pool1d", input, output_size, 1, False)


@op("adaptive_avg_pool2d")
def adaptive_avg_pool2d(input, output_size):
    return _adaptive_avg("AdaptiveAvgPool2D", input, output_size, 2)


@op("adaptive_avg_pool2d_ext")
def adaptive_avg_pool2d_ext(input, output_size):
    if isinstance(output_size, (tuple, list)) and len(output_size) != 2:
        raise ValueError(f"For 'AdaptiveAvgPool2DExt', the length of 'output_size' must be 2, "
                         f"but got {len(output_size)}.")
    if not isinstance(output_size, (int, tuple, list)) or isinstance(output_size, bool):
        raise ValueError(f"For 'AdaptiveAvgPool2DExt', the value of 'output_size' is invalid: '{output_size}'.")
    return _adaptive_avg("AdaptiveAvgPool2D", input, output_size, 2)


@op("adaptive_avg_pool3d")
def adaptive_avg_pool3d(input, output_size):
    return _adaptive_avg("AdaptiveAvgPool3D", input, output_size, 3)


@op("adaptive_max_pool2d")
def adaptive_max_pool2d(input, output_size, return_indices=False):
    return _adaptive_max("AdaptiveMaxPool2D", input, output_size, 2, return_indices)


@op("adaptive_max_pool3d")
def adaptive_max_pool3d(input, output_size, return_indices=False):
    return _adaptive_max("AdaptiveMaxPool3D", input, output_size, 3, return_indices, jnp.int32)


primitive("AdaptiveAvgPool2D", None, attrs=(("output_size", None),),
          call=lambda p, x: _adaptive_avg("AdaptiveAvgPool2D", x, p.output_size, 2))
primitive("AdaptiveAvgPool3D", None, attrs=(("output_size", None),),
          call=lambda p, x: _adaptive_avg("AdaptiveAvgPool3D", x, p.output_size, 3))
primitive("AdaptiveMaxPool2D", None, attrs=(("output_size", None),),
          call=lambda p, x: _adaptive_max("AdaptiveMaxPool2D", x, p.output_size, 2, True))


# ---------------------------------------------------------------------------------------
# Lp pooling


def _lp_pool(nd, x, norm_type, kernel_size, stride, ceil_mode):
    name = f"lp_pool{nd}d"
    a = need_tensor(name, "x", x)
    if not isinstance(norm_type, (int, float)) or isinstance(norm_type, bool):
        raise TypeError(f"For '{name}', the 'norm_type' must be an int or float, but got {type(norm_type).__name__}.")
    squeeze = a.ndim == nd + 1
    if squeeze:
        a = a[None]
    if a.ndim != nd + 2:
        raise ValueError(f"For '{name}', the dimension of 'x' must be {nd + 1} or {nd + 2}, but got {a.ndim}.")
    k = _ntuple(name, "kernel_size", kernel_size, nd)
    s = k if stride is None else _ntuple(name, "stride", stride, nd)
    if norm_type == 0:
        raise ValueError(f"For {name}, the value of 'norm_type' can not be 0.")
    p = jnp.power(a, jnp.asarray(float(norm_type), a.dtype))
    avg = _avg_pool(p, k, s, [(0, 0)] * nd, bool(ceil_mode))
    # MindSpore: (sign(avg) * relu(abs(avg)) * prod(k)) ** (1 / p): a negative total gives NaN, and its
    # Sign/ReLU kernels map a NaN average to 0
    avg = jnp.where(jnp.isnan(avg), jnp.zeros((), avg.dtype), avg)
    tot = avg * jnp.asarray(int(np.prod(k)), a.dtype)
    out = jnp.power(tot, jnp.asarray(1.0 / norm_type, a.dtype))
    return _wrap(out[0] if squeeze else out)


@op("lp_pool1d")
def lp_pool1d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(1, x, norm_type, kernel_size, stride, ceil_mode)


@op("lp_pool2d")
def lp_pool2d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(2, x, norm_type, kernel_size, stride, ceil_mode)


# ---------------------------------------------------------------------------------------
# Max unpooling


def _max_unpool(nd, name, x, indices, kernel_size, stride, padding, output_size):
    a = need_tensor(name, "x", x)
    idx = need_tensor(name, "argmax", indices)
    if str(idx.dtype) not in ("int32", "int64"):
        raise TypeError(f"For primitive[{name}], the input argument[argmax] must be a type of {{Tensor[Int32], "
                        f"Tensor[Int64]}}, but got Tensor[{mstype.from_numpy_dtype(idx.dtype)}].")
    if a.shape != idx.shape:
        raise ValueError(f"For '{name}', the shape of 'x' and 'argmax' must be the same, but got "
                         f"{list(a.shape)} and {list(idx.shape)}.")
    squeeze = a.ndim == nd + 1
    if squeeze:
        a, idx = a[None], idx[None]
    if a.ndim != nd + 2:
        raise ValueError(f"For '{name}', the dimension of 'x' must be {nd + 1} or {nd + 2}, but got {a.ndim}.")
    k = _ntuple(name, "kernel_size", kernel_size, nd)
    s = k if stride is None or stride == 0 else _ntuple(name, "stride", stride, nd)
    p = _ntuple(name, "padding", padding, nd, allow_zero=True)
    default = tuple((a.shape[2 + i] - 1) * s[i] + k[i] - 2 * p[i] for i in range(nd))
    if output_size is None or len(output_size) == 0:
        outs = default
    else:
        outs = tuple(output_size)[-nd:]
        for i in range(nd):
            if not default[i] - s[i] < outs[i] < default[i] + s[i]:
                raise ValueError(f"For '{name}', the 'output_size' must be in range ({default[i] - s[i]}, "
                                 f"{default[i] + s[i]}), but got {output_size}.")
    total = int(np.prod(outs))
    n, c = a.shape[:2]
    flat_i = idx.reshape(n, c, -1).astype(jnp.int64)
    if not isinstance(flat_i, jax.core.Tracer):
        bad = np.asarray((flat_i < 0) | (flat_i >= total))
        if bad.any():
            raise RuntimeError(f"{name}: internal error, output_size H * W should be bigger than some indicis, "
                               f"now H * W is {total} and value of argmax is {int(np.asarray(flat_i).max())}.")
    out = jnp.zeros((n, c, total), a.dtype)
    ni = jnp.arange(n)[:, None, None]
    ci = jnp.arange(c)[None, :, None]
    out = out.at[ni, ci, flat_i].set(a.reshape(n, c, -1))
    out = out.reshape((n, c) + outs)
    return _wrap(out[0] if squeeze else out)


@op("max_unpool1d")
def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(1, "MaxUnpool2D", x, indices, kernel_size, stride, padding, output_size)


@op("max_unpool2d")
def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(2, "MaxUnpool2D", x, indices, kernel_size, stride, padding, output_size)


@op("max_unpool3d")
def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(3, "MaxUnpool3D", x, indices, kernel_size, stride, padding, output_size)


primitive("MaxUnpool2D", None, attrs=(("ksize", None), ("strides", 0), ("pads", 0), ("output_shape", ()),
                                      ("data_format", "NCHW")),
          call=lambda p, x, argmax: _max_unpool(2, "MaxUnpool2D", x, argmax, p.ksize, p.strides, p.pads,
                                                p.output_shape))
primitive("MaxUnpool3D", None, attrs=(("ksize", None), ("strides", 0), ("pads", 0), ("output_shape", ()),
                                      ("data_format", "NCDHW")),
          call=lambda p, x, argmax: _max_unpool(3, "MaxUnpool3D", x, argmax, p.ksize, p.strides, p.pads,
                                                p.output_shape))
