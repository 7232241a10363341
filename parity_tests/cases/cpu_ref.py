"""Ops whose kernel MindSpore 2.10's CPU build lacks (parity_tests/cpu_untestable.tsv).

mscompat runs the op itself; real MindSpore runs ``ms_ref``: the op's documented math written
with MindSpore ops its CPU build can run. Bad-input cases without ``ms_ref`` are ones where
MindSpore validates the arguments in Python before it looks for a kernel.
"""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, F64, I32, I64, BOOL


# ---------------------------------------------------------------------------------------
# Reference implementations (run on real MindSpore only)


def _ref_roll(ms, x, shifts, dims=None):
    """Rotation by slicing and concatenation, one dimension at a time."""
    if dims is None:
        return _ref_roll(ms, x.reshape(-1), shifts, 0).reshape(x.shape)
    shifts = (shifts,) if isinstance(shifts, int) else tuple(shifts)
    dims = (dims,) if isinstance(dims, int) else tuple(dims)
    for s, d in zip(shifts, dims):
        d = d % x.ndim
        n = x.shape[d]
        s = s % n
        if s == 0:
            continue
        head = [slice(None)] * x.ndim
        tail = [slice(None)] * x.ndim
        head[d] = slice(n - s, n)
        tail[d] = slice(0, n - s)
        x = ms.ops.concat((x[tuple(head)], x[tuple(tail)]), d)
    return x


def _ref_rms_norm(ms, x, gamma, eps=1e-6):
    """(x * rsqrt(mean(x^2) + eps) * gamma, rstd): mean over gamma's trailing dims, in float32."""
    axes = tuple(range(x.ndim - gamma.ndim, x.ndim))
    xf = x.astype(ms.float32)
    rstd = ms.ops.rsqrt(ms.ops.mean(xf * xf, axes, keep_dims=True) + eps)
    return (xf * rstd * gamma.astype(ms.float32)).astype(x.dtype), rstd


def _ref_add_layer_norm(ms, x1, x2, gamma, beta, eps=1e-5):
    x = x1 + x2
    xf = x.astype(ms.float32)
    mean = ms.ops.mean(xf, -1, keep_dims=True)
    var = ms.ops.mean((xf - mean) * (xf - mean), -1, keep_dims=True)
    rstd = ms.ops.rsqrt(var + eps)
    y = (xf - mean) * rstd * gamma.astype(ms.float32) + beta.astype(ms.float32)
    return y.astype(x.dtype), mean, rstd, x


def _reduce(ms, loss, reduction):
    if reduction == "mean":
        return ms.ops.mean(loss)
    if reduction == "sum":
        return ms.ops.sum(loss)
    return loss


def _ref_mse(ms, x, y, reduction="mean"):
    d = x - y
    return _reduce(ms, d * d, reduction)


def _ref_soft_margin(ms, x, y, reduction="mean"):
    """mean/sum/none of log(1 + exp(-y * x)), computed in float32, result in x's dtype."""
    xf, yf = x.astype(ms.float32), y.astype(ms.float32)
    loss = ms.ops.log(1 + ms.ops.exp(-yf * xf))
    return _reduce(ms, loss, reduction).astype(x.dtype)


def _ref_adaptive_avg_pool2d(ms, x, output_size):
    """Documented formula: window [floor(i*H/oh), ceil((i+1)*H/oh)) averaged, per output cell."""
    h, w = x.shape[-2:]
    if isinstance(output_size, int):
        output_size = (output_size, output_size)
    oh = h if output_size[0] is None else output_size[0]
    ow = w if output_size[1] is None else output_size[1]
    rows = []
    for i in range(oh):
        h0, h1 = (i * h) // oh, -((-(i + 1) * h) // oh)
        cols = []
        for j in range(ow):
            w0, w1 = (j * w) // ow, -((-(j + 1) * w) // ow)
            cols.append(ms.ops.mean(x[..., h0:h1, w0:w1], (-2, -1)))
        rows.append(ms.ops.stack(cols, -1))
    return ms.ops.stack(rows, -2)


def _ref_conv_transpose2d(ms, x, w, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """Conv2DTranspose (the gradient of a convolution) with the output size of the documented formula."""
    pair = lambda v: (v, v) if isinstance(v, int) else tuple(v)
    stride, padding, output_padding, dilation = map(pair, (stride, padding, output_padding, dilation))
    unbatched = x.ndim == 3
    if unbatched:
        x = x.expand_dims(0)
    kh, kw = w.shape[2:]
    cout = w.shape[1] * groups
    oh = (x.shape[2] - 1) * stride[0] - 2 * padding[0] + dilation[0] * (kh - 1) + output_padding[0] + 1
    ow = (x.shape[3] - 1) * stride[1] - 2 * padding[1] + dilation[1] * (kw - 1) + output_padding[1] + 1
    # the uncropped result, then zeros where output_padding reaches past it, then the window
    fh = (x.shape[2] - 1) * stride[0] + dilation[0] * (kh - 1) + 1
    fw = (x.shape[3] - 1) * stride[1] + dilation[1] * (kw - 1) + 1
    prim = ms.ops.Conv2DTranspose(cout, (kh, kw), pad_mode="valid", stride=stride, dilation=dilation, group=groups)
    out = prim(x, w, (x.shape[0], cout, fh, fw))
    extra_h, extra_w = max(0, padding[0] + oh - fh), max(0, padding[1] + ow - fw)
    if extra_h or extra_w:
        out = ms.ops.pad(out, (0, extra_w, 0, extra_h))
    out = out[:, :, padding[0]:padding[0] + oh, padding[1]:padding[1] + ow]
    if bias is not None:
        out = out + bias.reshape(1, -1, 1, 1)
    return out[0] if unbatched else out


def _ref_put(ms, x, index, source, accumulate=False):
    flat = x.reshape(-1)
    idx = index.reshape(-1, 1).astype(ms.int64)
    src = source.reshape(-1).astype(x.dtype)
    out = (ms.ops.tensor_scatter_add if accumulate else ms.ops.tensor_scatter_update)(flat, idx, src)
    out = out.reshape(x.shape)
    return out, out


def _ref_csr_mv(ms, indptr, indices, values, shape, dense):
    """Sum over the stored entries of row r of values * dense[col]."""
    ptr = indptr.asnumpy()
    rows = ms.Tensor(np.repeat(np.arange(len(ptr) - 1), np.diff(ptr)).astype(np.int32))
    prod = values.reshape(-1, 1) * ms.ops.gather(dense, indices, 0)
    return ms.ops.unsorted_segment_sum(prod, rows, shape[0])


# ---------------------------------------------------------------------------------------
# Inputs

RANGE5 = np.arange(5, dtype=np.float32)
GAMMA4 = F32(4, seed=11)
GAMMA34 = F32(3, 4, seed=12)
IDX64 = np.array([0, 5, 2, 11, 7], np.int64)
IDX64_2D = np.array([[1, 3], [0, 8]], np.int64)


def _csr(ms, indptr, indices, values, shape):
    return ms.CSRTensor(indptr, indices, values, shape)


CSR_PTR = np.array([0, 2, 2, 5], np.int32)
CSR_IDX = np.array([0, 3, 1, 2, 3], np.int32)
CSR_VAL = np.array([1.5, -2.0, 0.5, 3.0, 1.0], np.float32)


CASES = [
    # roll / Roll
    case("roll/f32_shift2", lambda ms, x: ms.ops.roll(x, 2, 0), RANGE5,
         ms_ref=lambda ms, x: _ref_roll(ms, x, 2, 0)),
    case("roll/f32_negative", lambda ms, x: ms.ops.roll(x, shifts=-2, dims=0), RANGE5,
         ms_ref=lambda ms, x: _ref_roll(ms, x, -2, 0)),
    case("roll/2d_tuple", lambda ms, x: ms.ops.roll(x, (1, -3), (0, 1)), F32(3, 4),
         ms_ref=lambda ms, x: _ref_roll(ms, x, (1, -3), (0, 1))),
    case("roll/dims_none_flatten", lambda ms, x: ms.ops.roll(x, 5), I32(3, 4),
         ms_ref=lambda ms, x: _ref_roll(ms, x, 5)),
    case("roll/neg_dim_big_shift", lambda ms, x: ms.ops.roll(x, 7, -1), F16(2, 3),
         ms_ref=lambda ms, x: _ref_roll(ms, x, 7, -1)),
    case("roll/int64_3d", lambda ms, x: ms.ops.roll(x, [2], [1]), I64(2, 3, 2),
         ms_ref=lambda ms, x: _ref_roll(ms, x, [2], [1])),
    case("roll/bool", lambda ms, x: ms.ops.roll(x, 1, 0), BOOL(6),
         ms_ref=lambda ms, x: _ref_roll(ms, x, 1, 0)),
    case("roll/tensor_method", lambda ms, x: x.roll(1, 1), F32(2, 3),
         ms_ref=lambda ms, x: _ref_roll(ms, x, 1, 1)),
    case("Roll/prim", lambda ms, x: ms.ops.Roll(2, 0)(x), F32(4, 2),
         ms_ref=lambda ms, x: _ref_roll(ms, x, 2, 0)),
    case("Roll/prim_tuple", lambda ms, x: ms.ops.Roll((1, 1), (0, 1))(x), I32(3, 3),
         ms_ref=lambda ms, x: _ref_roll(ms, x, (1, 1), (0, 1))),
    case("roll/bad_list_input", lambda ms: ms.ops.roll([1, 2], 1, 0), error=True),

    # type_as
    case("type_as/f32_to_i32", lambda ms, x, y: ms.ops.type_as(x, y), F32(2, 3), I32(2),
         ms_ref=lambda ms, x, y: x.astype(y.dtype)),
    case("type_as/i32_to_f16", lambda ms, x, y: ms.ops.type_as(x, y), I32(4), F16(1),
         ms_ref=lambda ms, x, y: x.astype(y.dtype)),
    case("type_as/f32_to_bool", lambda ms: ms.ops.type_as(ms.Tensor([0.0, 1.5, -2.0], ms.float32),
                                                           ms.Tensor([True])),
         ms_ref=lambda ms: ms.Tensor([0.0, 1.5, -2.0], ms.float32).astype(ms.bool_)),
    case("type_as/bool_to_f32", lambda ms, x, y: ms.ops.type_as(x, y), BOOL(5), F32(1),
         ms_ref=lambda ms, x, y: x.astype(y.dtype)),
    case("type_as/f64_to_i64", lambda ms, x, y: ms.ops.type_as(x, y), F64(3, 2), I64(1),
         ms_ref=lambda ms, x, y: x.astype(y.dtype)),
    # same dtype: MindSpore returns the input itself without a kernel (runs on CPU)
    case("type_as/same_dtype", lambda ms, x, y: ms.ops.type_as(x, y), F32(2, 2), F32(3)),

    # take
    case("take/f32", lambda ms, x, i: ms.ops.take(x, i), F32(3, 4), IDX64,
         ms_ref=lambda ms, x, i: ms.ops.gather(x.reshape(-1), i, 0)),
    case("take/2d_index", lambda ms, x, i: ms.ops.take(x, i), I32(3, 3), IDX64_2D,
         ms_ref=lambda ms, x, i: ms.ops.gather(x.reshape(-1), i, 0)),
    case("take/f16_3d", lambda ms, x, i: ms.ops.take(x, i), F16(2, 2, 3), IDX64,
         ms_ref=lambda ms, x, i: ms.ops.gather(x.reshape(-1), i, 0)),

    # put_
    case("put_/set", lambda ms, x, i, s: (ms.ops.put_(x, i, s), x), F32(3, 4),
         np.array([0, 5, 11], np.int64), F32(3, seed=3),
         ms_ref=lambda ms, x, i, s: _ref_put(ms, x, i, s)),
    case("put_/accumulate", lambda ms, x, i, s: (ms.ops.put_(x, i, s, accumulate=True), x), F32(2, 3),
         np.array([[1, 4], [1, 0]], np.int64), F32(2, 2, seed=4),
         ms_ref=lambda ms, x, i, s: _ref_put(ms, x, i, s, True)),
    case("put_/int32", lambda ms, x, i, s: (ms.ops.put_(x, i, s), x), I32(6),
         np.array([2, 3], np.int64), I32(2, seed=5),
         ms_ref=lambda ms, x, i, s: _ref_put(ms, x, i, s)),

    # zero_
    case("zero_/f32", lambda ms, x: (ms.ops.zero_(x), x), F32(2, 3),
         ms_ref=lambda ms, x: (ms.ops.zeros_like(x), ms.ops.zeros_like(x))),
    case("zero_/int64", lambda ms, x: (ms.ops.zero_(x), x), I64(4),
         ms_ref=lambda ms, x: (ms.ops.zeros_like(x), ms.ops.zeros_like(x))),
    case("zero_/bool_returns_input", lambda ms, x: (ms.ops.zero_(x) is x, x), BOOL(3),
         ms_ref=lambda ms, x: (True, ms.ops.zeros_like(x))),
    case("zero_/tensor_method", lambda ms, x: x.zero_(), F16(3, 2),
         ms_ref=lambda ms, x: ms.ops.zeros_like(x)),

    # exponential_ (random: seed-independent properties)
    case("exponential_/props",
         lambda ms, x: (lambda r: (r is x, bool((r >= 0).all()), r.shape, r.dtype))(ms.ops.exponential_(x)),
         F32(4, 5), ms_ref=lambda ms, x: (True, True, x.shape, x.dtype)),
    case("exponential_/mean_lambd",
         lambda ms, x: bool(abs(float(ms.ops.exponential_(x, 4.0).mean()) * 4.0 - 1.0) < 0.1), F32(200, 100),
         ms_ref=lambda ms, x: True),
    case("exponential_/f16", lambda ms, x: ms.ops.exponential_(x, 2), F16(3, 3), check_values=False,
         ms_ref=lambda ms, x: x),
]

CASES += [
    # mse_loss_ext
    case("mse_loss_ext/mean", lambda ms, x, y: ms.ops.mse_loss_ext(x, y), F32(3, 4), F32(3, 4, seed=2),
         ms_ref=_ref_mse),
    case("mse_loss_ext/none_broadcast", lambda ms, x, y: ms.ops.mse_loss_ext(x, y, reduction="none"),
         F32(3), F32(2, 3, seed=2), ms_ref=lambda ms, x, y: _ref_mse(ms, x, y, "none")),
    case("mse_loss_ext/sum_f16", lambda ms, x, y: ms.ops.mse_loss_ext(x, y, "sum"), F16(2, 3), F16(2, 3, seed=2),
         ms_ref=lambda ms, x, y: _ref_mse(ms, x, y, "sum"), rtol=5e-3, atol=5e-3),
    case("mse_loss_ext/bad_reduction", lambda ms, x, y: ms.ops.mse_loss_ext(x, y, reduction="bad"),
         F32(3), F32(3), error=True),

    # soft_margin_loss / SoftMarginLoss
    case("soft_margin_loss/mean", lambda ms, x, y: ms.ops.soft_margin_loss(x, y), F32(2, 3),
         np.sign(F32(2, 3, seed=9)), ms_ref=_ref_soft_margin),
    case("soft_margin_loss/none", lambda ms, x, y: ms.ops.soft_margin_loss(x, y, "none"), F32(4),
         np.sign(F32(4, seed=9)), ms_ref=lambda ms, x, y: _ref_soft_margin(ms, x, y, "none")),
    case("soft_margin_loss/sum_f16", lambda ms, x, y: ms.ops.soft_margin_loss(x, y, reduction="sum"), F16(3, 2),
         np.sign(F16(3, 2, seed=9)), ms_ref=lambda ms, x, y: _ref_soft_margin(ms, x, y, "sum"),
         rtol=5e-3, atol=5e-3),
    case("soft_margin_loss/bad_reduction", lambda ms, x, y: ms.ops.soft_margin_loss(x, y, reduction="bad"),
         F32(3), F32(3), error=True),
    case("SoftMarginLoss/prim_mean", lambda ms, x, y: ms.ops.SoftMarginLoss()(x, y), F32(2, 3),
         np.sign(F32(2, 3, seed=9)), ms_ref=_ref_soft_margin),
    case("SoftMarginLoss/prim_none", lambda ms, x, y: ms.ops.SoftMarginLoss("none")(x, y), F32(5),
         np.sign(F32(5, seed=9)), ms_ref=lambda ms, x, y: _ref_soft_margin(ms, x, y, "none")),
    case("SoftMarginLoss/bad_reduction", lambda ms, x, y: ms.ops.SoftMarginLoss(reduction="bad")(x, y),
         F32(3), F32(3), error=True),

    # rms_norm / RmsNorm / add_rms_norm
    case("rms_norm/f32", lambda ms, x, g: ms.ops.rms_norm(x, g), F32(3, 4), GAMMA4, ms_ref=_ref_rms_norm),
    case("rms_norm/eps_3d", lambda ms, x, g: ms.ops.rms_norm(x, g, 0.1), F32(2, 3, 4), GAMMA4,
         ms_ref=lambda ms, x, g: _ref_rms_norm(ms, x, g, 0.1)),
    case("rms_norm/gamma_2d", lambda ms, x, g: ms.ops.rms_norm(x, g), F32(2, 3, 4), GAMMA34,
         ms_ref=_ref_rms_norm),
    case("rms_norm/f16", lambda ms, x, g: ms.ops.rms_norm(x, g), F16(2, 4), F16(4, seed=11),
         ms_ref=_ref_rms_norm),
    case("RmsNorm/prim", lambda ms, x, g: ms.ops.RmsNorm(1e-5)(x, g), F32(5, 4), GAMMA4,
         ms_ref=lambda ms, x, g: _ref_rms_norm(ms, x, g, 1e-5)),
    case("RmsNorm/prim_default", lambda ms, x, g: ms.ops.RmsNorm()(x, g), F32(1, 2, 4), GAMMA4,
         ms_ref=_ref_rms_norm),
    case("RmsNorm/bad_epsilon_int", lambda ms, x, g: ms.ops.RmsNorm(epsilon=1)(x, g), F32(2, 4), GAMMA4,
         error=True),
    case("add_rms_norm/f32", lambda ms, a, b, g: ms.ops.add_rms_norm(a, b, g), F32(3, 4), F32(3, 4, seed=5),
         GAMMA4, ms_ref=lambda ms, a, b, g: _ref_rms_norm(ms, a + b, g) + (a + b,)),
    case("add_rms_norm/eps_3d", lambda ms, a, b, g: ms.ops.add_rms_norm(a, b, g, 0.5), F32(2, 2, 4),
         F32(2, 2, 4, seed=5), GAMMA4, ms_ref=lambda ms, a, b, g: _ref_rms_norm(ms, a + b, g, 0.5) + (a + b,)),
    case("add_rms_norm/f16", lambda ms, a, b, g: ms.ops.add_rms_norm(a, b, g), F16(2, 4), F16(2, 4, seed=5),
         F16(4, seed=11), ms_ref=lambda ms, a, b, g: _ref_rms_norm(ms, a + b, g) + (a + b,)),

    # add_layer_norm
    case("add_layer_norm/f32", lambda ms, a, b, g, be: ms.ops.add_layer_norm(a, b, g, be), F32(3, 4),
         F32(3, 4, seed=5), GAMMA4, F32(4, seed=13), ms_ref=_ref_add_layer_norm),
    case("add_layer_norm/eps_additional", lambda ms, a, b, g, be: ms.ops.add_layer_norm(a, b, g, be, 1e-3, True),
         F32(2, 3, 4), F32(2, 3, 4, seed=5), GAMMA4, F32(4, seed=13),
         ms_ref=lambda ms, a, b, g, be: _ref_add_layer_norm(ms, a, b, g, be, 1e-3)),
    case("add_layer_norm/f16", lambda ms, a, b, g, be: ms.ops.add_layer_norm(a, b, g, be), F16(2, 8),
         F16(2, 8, seed=5), F16(8, seed=11), F16(8, seed=13), ms_ref=_ref_add_layer_norm),
    case("add_layer_norm/bad_epsilon_int", lambda ms, a, b, g, be: ms.ops.add_layer_norm(a, b, g, be, 1),
         F32(2, 4), F32(2, 4), GAMMA4, GAMMA4, error=True),

    # adaptive_avg_pool2d_ext
    case("adaptive_avg_pool2d_ext/chw_3x2", lambda ms, x: ms.ops.adaptive_avg_pool2d_ext(x, (3, 2)), F32(3, 3, 3),
         ms_ref=lambda ms, x: _ref_adaptive_avg_pool2d(ms, x, (3, 2))),
    case("adaptive_avg_pool2d_ext/nchw_int", lambda ms, x: ms.ops.adaptive_avg_pool2d_ext(x, 2), F32(2, 3, 5, 7),
         ms_ref=lambda ms, x: _ref_adaptive_avg_pool2d(ms, x, 2)),
    case("adaptive_avg_pool2d_ext/none_w", lambda ms, x: ms.ops.adaptive_avg_pool2d_ext(x, (None, 3)),
         F32(1, 2, 4, 5), ms_ref=lambda ms, x: _ref_adaptive_avg_pool2d(ms, x, (None, 3))),
    case("adaptive_avg_pool2d_ext/f16_upsample", lambda ms, x: ms.ops.adaptive_avg_pool2d_ext(x, (4, 3)),
         F16(2, 3, 2), ms_ref=lambda ms, x: _ref_adaptive_avg_pool2d(ms, x, (4, 3))),
    case("adaptive_avg_pool2d_ext/bad_output_size_len", lambda ms, x: ms.ops.adaptive_avg_pool2d_ext(x, (1, 2, 3)),
         F32(1, 2, 3), error=True),

    # conv_transpose2d
    case("conv_transpose2d/basic", lambda ms, x, w: ms.ops.conv_transpose2d(x, w), F32(1, 4, 5, 5),
         F32(4, 8, 3, 3, seed=21), ms_ref=_ref_conv_transpose2d),
    case("conv_transpose2d/stride_pad_bias",
         lambda ms, x, w, b: ms.ops.conv_transpose2d(x, w, b, stride=2, padding=1), F32(2, 3, 4, 4),
         F32(3, 2, 3, 3, seed=21), F32(2, seed=22),
         ms_ref=lambda ms, x, w, b: _ref_conv_transpose2d(ms, x, w, b, stride=2, padding=1)),
    case("conv_transpose2d/output_padding",
         lambda ms, x, w: ms.ops.conv_transpose2d(x, w, None, (2, 3), (0, 1), (1, 2)), F32(1, 2, 3, 4),
         F32(2, 3, 2, 3, seed=21),
         ms_ref=lambda ms, x, w: _ref_conv_transpose2d(ms, x, w, None, (2, 3), (0, 1), (1, 2))),
    case("conv_transpose2d/dilation_unbatched",
         lambda ms, x, w: ms.ops.conv_transpose2d(x, w, dilation=2), F32(2, 4, 4), F32(2, 3, 2, 2, seed=21),
         ms_ref=lambda ms, x, w: _ref_conv_transpose2d(ms, x, w, dilation=2)),
    case("conv_transpose2d/groups",
         lambda ms, x, w: ms.ops.conv_transpose2d(x, w, groups=2), F32(1, 4, 3, 3), F32(4, 1, 2, 2, seed=21),
         ms_ref=lambda ms, x, w: _ref_conv_transpose2d(ms, x, w, groups=2)),
    case("conv_transpose2d/bad_stride_str", lambda ms, x, w: ms.ops.conv_transpose2d(x, w, stride="a"),
         F32(1, 2, 3, 3), F32(2, 2, 2, 2), error=True),

    # BatchToSpaceNDV2 (block_shape and crops as Tensors)
    case("BatchToSpaceNDV2/basic",
         lambda ms, x: ms.ops.BatchToSpaceNDV2()(x, ms.Tensor(np.array([2, 2], np.int32)),
                                                  ms.Tensor(np.array([[0, 0], [0, 0]], np.int32))),
         F32(4, 1, 1, 1),
         ms_ref=lambda ms, x: ms.ops.BatchToSpaceND((2, 2), ((0, 0), (0, 0)))(x)),
    case("BatchToSpaceNDV2/crops",
         lambda ms, x: ms.ops.BatchToSpaceNDV2()(x, ms.Tensor(np.array([2, 3], np.int32)),
                                                  ms.Tensor(np.array([[1, 0], [0, 2]], np.int32))),
         F32(12, 2, 2, 3),
         ms_ref=lambda ms, x: ms.ops.BatchToSpaceND((2, 3), ((1, 0), (0, 2)))(x)),

    # csr_mv
    case("csr_mv/f32",
         lambda ms, p, i, v, d: ms.ops.csr_mv(_csr(ms, p, i, v, (3, 4)), d), CSR_PTR, CSR_IDX, CSR_VAL,
         F32(4, 1), ms_ref=lambda ms, p, i, v, d: _ref_csr_mv(ms, p, i, v, (3, 4), d)),
    case("csr_mv/empty_rows",
         lambda ms, p, i, v, d: ms.ops.csr_mv(_csr(ms, p, i, v, (4, 3)), d),
         np.array([0, 0, 1, 1, 3], np.int32), np.array([2, 0, 1], np.int32), np.array([2.0, -1.0, 4.0], np.float32),
         F32(3, 1), ms_ref=lambda ms, p, i, v, d: _ref_csr_mv(ms, p, i, v, (4, 3), d)),
]

# Bad inputs MindSpore rejects while parsing arguments, before it looks for a kernel.
X23 = F32(2, 3)
G3 = F32(3, seed=11)
X4D = F32(1, 2, 3, 3)
W4D = F32(2, 2, 2, 2, seed=21)
CASES += [
    case("roll/bad_shift_float", lambda ms, x: ms.ops.roll(x, 1.5, 0), X23, error=True),
    case("Roll/bad_shifts_str", lambda ms, x: ms.ops.Roll("a", 0)(x), X23, error=True),
    case("take/bad_input_list", lambda ms, i: ms.ops.take([1, 2], i), np.array([0], np.int64), error=True),
    case("put_/bad_accumulate_int", lambda ms, x: ms.ops.put_(x, ms.Tensor([0]), ms.Tensor([1.0]), 1), X23,
         error=True),
    case("zero_/bad_list", lambda ms: ms.ops.zero_([1.0]), error=True),
    case("exponential_/bad_list", lambda ms: ms.ops.exponential_([1.0]), error=True),
    case("mse_loss_ext/bad_input_list", lambda ms, x: ms.ops.mse_loss_ext([1.0], x), X23, error=True),
    case("soft_margin_loss/bad_reduction_int", lambda ms, x: ms.ops.soft_margin_loss(x, x, 1), X23, error=True),
    case("rms_norm/bad_epsilon_int", lambda ms, x, g: ms.ops.rms_norm(x, g, 1), X23, G3, error=True),
    case("RmsNorm/bad_input_list", lambda ms, g: ms.ops.RmsNorm()([1.0], g), G3, error=True),
    case("add_rms_norm/bad_epsilon_int", lambda ms, x, g: ms.ops.add_rms_norm(x, x, g, 1), X23, G3, error=True),
    case("add_layer_norm/bad_additional_output_int",
         lambda ms, x, g: ms.ops.add_layer_norm(x, x, g, g, 1e-5, 1), X23, G3, error=True),
    case("add_layer_norm/bad_epsilon_none", lambda ms, x, g: ms.ops.add_layer_norm(x, x, g, g, None), X23, G3,
         error=True),
    case("adaptive_avg_pool2d_ext/bad_output_size_float",
         lambda ms, x: ms.ops.adaptive_avg_pool2d_ext(x, 2.5), X4D, error=True),
    case("adaptive_avg_pool2d_ext/bad_input_list", lambda ms: ms.ops.adaptive_avg_pool2d_ext([1.0], 2), error=True),
    case("conv_transpose2d/bad_padding_str", lambda ms, x, w: ms.ops.conv_transpose2d(x, w, padding="a"),
         X4D, W4D, error=True),
    case("conv_transpose2d/bad_groups_float", lambda ms, x, w: ms.ops.conv_transpose2d(x, w, groups=1.0),
         X4D, W4D, error=True),
    case("conv_transpose2d/bad_stride_float_tuple",
         lambda ms, x, w: ms.ops.conv_transpose2d(x, w, stride=(1.5, 1)), X4D, W4D, error=True),
    case("conv_transpose2d/bad_bias_list", lambda ms, x, w: ms.ops.conv_transpose2d(x, w, bias=[1.0, 2.0]),
         X4D, W4D, error=True),
    case("conv_transpose2d/bad_input_list", lambda ms, w: ms.ops.conv_transpose2d([1.0], w), W4D, error=True),
]


# Morph (runs only in GRAPH_MODE; tests/test_debug_single.py) and nsa_compress
# (MindSpore: Ascend only; mscompat computes it): only what both do the same is compared here,
# construction and argument parsing.
def _morph_fn_default(x, y=1.0):
    return x * y


def _morph_fn(x, y):
    return x * y


def _morph_bprop(x, y, out, dout):
    return dout * y, dout * x


def _first(*args):
    return args[0]


NSA_X = F16(8, 2, 4)
NSA_W = F16(4, 2, seed=31)
CASES += [
    case("Morph/bad_bprop_fn_default_param",
         lambda ms: ms.ops.Morph(_morph_fn_default, _first, _first, bprop_fn=_morph_bprop),
         error=True),
    case("Morph/infer_shape_dtype",
         lambda ms: (lambda m: (m.infer_shape((2, 3), (2, 3)), m.infer_dtype(ms.float32, ms.float32)))(
             ms.ops.Morph(_morph_fn, _first, _first, bprop_fn=_morph_bprop))),
    case("nsa_compress/bad_input_list",
         lambda ms, w: ms.ops.nsa_compress([1.0], w, 4, 2, actual_seq_len=(8,)), NSA_W, error=True),
    case("nsa_compress/bad_block_size_float",
         lambda ms, x, w: ms.ops.nsa_compress(x, w, 4.0, 2, actual_seq_len=(8,)), NSA_X, NSA_W, error=True),
]
