"""The remaining common ``mindspore.nn`` layers: basic (OneHot, Upsample, Unfold, ClipByNorm, Norm,
Dropout1d/2d/3d, Tril/Triu, Roll, Unflatten, L1Regularizer, matrix diagonals), normalization
(InstanceNorm1d/2d/3d, SyncBatchNorm), image (ImageGradients, SSIM, MSSSIM, PSNR, CentralCrop,
PixelShuffle/Unshuffle), math (Moments, MatMul, Range, ReduceLogSumExp, LGamma, DiGamma, IGamma, LBeta,
CosineSimilarity, MatInverse, MatDet), ChannelShuffle, TimeDistributed, BiDense, GLU, LRN,
Conv2dBnAct and DenseBnAct.

Layers with Parameters go through ``layer_case`` (same weights loaded through the checkpoint path;
forward, gradients, Parameter names). MindSpore 2.10's CPU build has no kernel for InstanceNorm,
ExtractImagePatches (nn.Unfold), Roll, MatrixDiag/MatrixDiagPart/MatrixSetDiag, CholeskyTrsm
(MatInverse) and DetTriangle (MatDet): those value cases use ``ms_ref`` (the documented math written
with MindSpore ops); their constructor checks run on MindSpore. SSIM/MSSSIM/PSNR fail in MindSpore's
PyNative mode (a ScalarCast of the Python max value), so they run in GRAPH_MODE with their
Gaussian windows (random windows make SSIM ill-conditioned). MindSpore's ClipByNorm CPU kernel
returns wrong values for an ``axis`` (the norm of another position is used), so only the
all-axes form and a no-clipping case are compared; its result is float32 for float16 inputs.
"""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, I32
from parity_tests.cases._layer_common import layer_case, weights_of, param_info, flat_outputs, one_per_class_by_default

L = dict(rtol=2e-5, atol=2e-6)
X4 = F32(2, 3, 4, 4)
X3 = F32(2, 3, 5)


def _grads(ms, f, args, weights=None):
    """Gradients of ``sum(out_i * ct_i)`` (fixed cotangents) with respect to the float inputs (and
    ``weights``); the summed function is written so that MindSpore's GRAPH_MODE parser takes it."""
    pos = tuple(i for i, a in enumerate(args) if hasattr(a, "asnumpy") and a.asnumpy().dtype.kind == "f")
    if not pos and not weights:
        return []
    first = f(*args)
    single = not isinstance(first, (tuple, list))
    n = 1 if single else len(first)
    cts = tuple(ms.Tensor(np.random.RandomState(11 + i).uniform(-1, 1, o.shape).astype(np.float32))
                for i, o in enumerate([first] if single else first))

    if single:
        def total(*a):
            return (f(*a).astype(ms.float32) * cts[0]).sum()
    else:
        def total(*a):
            out = f(*a)
            s = (out[0].astype(ms.float32) * cts[0]).sum()
            for i in range(1, n):
                s = s + (out[i].astype(ms.float32) * cts[i]).sum()
            return s
    if weights:
        return [ms.grad(total, grad_position=pos or None, weights=weights)(*args)]
    return [ms.grad(total, grad_position=pos)(*args)]


def glayer_case(name, build, *inputs, train=False, after=False, load=True, **kw):
    """``layer_case`` for GRAPH_MODE: same weights loaded through the checkpoint path, Parameter
    info, outputs, gradients wrt float inputs and trainable Parameters (graph-parsable sum)."""
    def fn(ms, *args):
        net = build(ms)
        net.set_train(train)
        vals = weights_of(net) if load else {p.name: p.asnumpy() for p in net.get_parameters()}
        ms.load_param_into_net(net, {n: ms.Parameter(ms.Tensor(v), name=n) for n, v in vals.items()},
                               strict_load=True)
        result = [param_info(net), flat_outputs(net(*args))]
        if after:
            result.append([p.asnumpy() for p in net.get_parameters()])
            ms.load_param_into_net(net, {n: ms.Parameter(ms.Tensor(v), name=n) for n, v in vals.items()},
                                   strict_load=True)
        return result + _grads(ms, net, args, net.trainable_params() or None)
    return case(name, fn, *inputs, mode="graph", **kw)


def ref_case(name, build, ref, *inputs, grad=True, **kw):
    """mscompat runs the Cell ``build(ms)``; MindSpore runs ``ref(ms)`` (the documented math
    written with ops its CPU build has): outputs and input gradients."""
    def fn(ms, *args):
        f = build(ms)
        return [flat_outputs(f(*args))] + (_grads(ms, f, args) if grad else [])

    def ms_fn(ms, *args):
        f = ref(ms)
        return [flat_outputs(f(*args))] + (_grads(ms, f, args) if grad else [])
    return case(name, fn, *inputs, ms_ref=ms_fn, **kw)


def cell_case(name, build, *inputs, grad=True, mode="pynative", **kw):
    """A parameterless Cell: outputs and input gradients."""
    def fn(ms, *args):
        f = build(ms)
        return [flat_outputs(f(*args))] + (_grads(ms, f, args) if grad else [])
    return case(name, fn, *inputs, mode=mode, **kw)


def bad(name, build, *inputs):
    return case(name, lambda ms, *a: build(ms)(*a), *inputs, error=True)


def bad_init(name, build):
    return case(name, lambda ms: build(ms), error=True)


CASES = []

# --- OneHot ---------------------------------------------------------------------------------------
IDX = np.array([1, 0, 3, 2], np.int32)
CASES += [
    cell_case("OneHot/default", lambda ms: ms.nn.OneHot(depth=4), IDX),
    cell_case("OneHot/axis0_values", lambda ms: ms.nn.OneHot(axis=0, depth=5, on_value=3.0, off_value=-1.0), IDX),
    cell_case("OneHot/2d_f16", lambda ms: ms.nn.OneHot(depth=3, dtype=ms.float16), np.array([[0, 2], [1, 1]],
                                                                                            np.int32)),
    cell_case("OneHot/int64_indices", lambda ms: ms.nn.OneHot(depth=4), IDX.astype(np.int64)),
    cell_case("OneHot/out_of_range", lambda ms: ms.nn.OneHot(depth=2), np.array([0, 5, -1], np.int32)),
    cell_case("OneHot/graph", lambda ms: ms.nn.OneHot(depth=4), IDX, mode="graph"),
    bad("OneHot/float_indices", lambda ms: ms.nn.OneHot(depth=4), F32(4)),
    bad("OneHot/bad_axis", lambda ms: ms.nn.OneHot(axis=3, depth=4), IDX),
]

# --- Upsample ----------------------------------------------------------------------------------------
CASES += [
    cell_case("Upsample/nearest_size", lambda ms: ms.nn.Upsample(size=(6, 8)), X4),
    cell_case("Upsample/bilinear_align", lambda ms: ms.nn.Upsample(size=(7, 5), mode="bilinear",
                                                                   align_corners=True), X4, **L),
    cell_case("Upsample/bilinear", lambda ms: ms.nn.Upsample(size=(8, 8), mode="bilinear"), X4, **L),
    cell_case("Upsample/bicubic", lambda ms: ms.nn.Upsample(size=(5, 6), mode="bicubic"), X4, rtol=1e-4, atol=1e-5),
    cell_case("Upsample/area", lambda ms: ms.nn.Upsample(size=(2, 2), mode="area"), X4, **L),
    cell_case("Upsample/linear", lambda ms: ms.nn.Upsample(size=9, mode="linear"), X3, **L),
    cell_case("Upsample/trilinear", lambda ms: ms.nn.Upsample(size=(2, 3, 3), mode="trilinear"), F32(1, 2, 2, 2, 2),
              **L),
    cell_case("Upsample/nearest_recompute", lambda ms: ms.nn.Upsample(scale_factor=2.0, recompute_scale_factor=True),
              X4),
    cell_case("Upsample/graph", lambda ms: ms.nn.Upsample(size=(6, 6), mode="bilinear"), X4, mode="graph", **L),
    bad("Upsample/nearest_scale_factor", lambda ms: ms.nn.Upsample(scale_factor=2.0), X4),
    bad("Upsample/bad_mode", lambda ms: ms.nn.Upsample(size=(6, 6), mode="cubic"), X4),
    bad("Upsample/both", lambda ms: ms.nn.Upsample(size=(6, 6), scale_factor=2.0, mode="bilinear"), X4),
    bad("Upsample/bilinear_3d", lambda ms: ms.nn.Upsample(size=6, mode="bilinear"), X3),
]

# --- PixelShuffle / PixelUnshuffle / ChannelShuffle / CentralCrop / ImageGradients -------------------
CASES += [
    cell_case("PixelShuffle/r2", lambda ms: ms.nn.PixelShuffle(2), F32(2, 8, 2, 3)),
    cell_case("PixelShuffle/3d", lambda ms: ms.nn.PixelShuffle(3), F32(9, 2, 2)),
    cell_case("PixelUnshuffle/r2", lambda ms: ms.nn.PixelUnshuffle(2), F32(2, 2, 4, 6)),
    cell_case("PixelShuffle/graph", lambda ms: ms.nn.PixelShuffle(2), F32(1, 4, 2, 2), mode="graph"),
    bad("PixelShuffle/not_divisible", lambda ms: ms.nn.PixelShuffle(2), F32(1, 6, 2, 2)),
    bad("PixelUnshuffle/not_divisible", lambda ms: ms.nn.PixelUnshuffle(2), F32(1, 1, 3, 4)),
    cell_case("ChannelShuffle/g3", lambda ms: ms.nn.ChannelShuffle(3), F32(2, 6, 2, 2)),
    cell_case("ChannelShuffle/3d", lambda ms: ms.nn.ChannelShuffle(2), F32(2, 4, 3)),
    bad_init("ChannelShuffle/float_groups", lambda ms: ms.nn.ChannelShuffle(2.0)),
    bad_init("ChannelShuffle/zero_groups", lambda ms: ms.nn.ChannelShuffle(0)),
    cell_case("CentralCrop/4d", lambda ms: ms.nn.CentralCrop(0.5), F32(2, 3, 6, 5)),
    cell_case("CentralCrop/3d", lambda ms: ms.nn.CentralCrop(0.7), F32(3, 7, 7)),
    cell_case("CentralCrop/full", lambda ms: ms.nn.CentralCrop(1.0), F32(3, 4, 4)),
    bad_init("CentralCrop/zero", lambda ms: ms.nn.CentralCrop(0.0)),
    bad_init("CentralCrop/int", lambda ms: ms.nn.CentralCrop(1)),
    bad("CentralCrop/2d", lambda ms: ms.nn.CentralCrop(0.5), F32(4, 4)),
    cell_case("ImageGradients/basic", lambda ms: ms.nn.ImageGradients(), X4),
    cell_case("ImageGradients/single_row", lambda ms: ms.nn.ImageGradients(), F32(1, 2, 1, 3)),
    bad("ImageGradients/3d", lambda ms: ms.nn.ImageGradients(), F32(2, 4, 4)),
]

# --- SSIM / MSSSIM / PSNR (GRAPH_MODE) ----------------------------------------------------------------
IMG1 = F32(2, 2, 8, 8, low=0.0, high=1.0, seed=61)
IMG2 = F32(2, 2, 8, 8, low=0.0, high=1.0, seed=62)
CASES += [
    glayer_case("SSIM/f32", lambda ms: ms.nn.SSIM(filter_size=3), IMG1, IMG2, load=False, rtol=1e-4, atol=1e-5),
    glayer_case("SSIM/sigma", lambda ms: ms.nn.SSIM(max_val=2, filter_size=5, filter_sigma=0.8, k1=0.02, k2=0.05),
                IMG1, IMG2, load=False, rtol=1e-4, atol=1e-5),
    glayer_case("MSSSIM/two_levels", lambda ms: ms.nn.MSSSIM(filter_size=3, power_factors=(0.4, 0.6)), IMG1, IMG2,
                load=False, rtol=1e-4, atol=1e-5),
    glayer_case("PSNR/f32", lambda ms: ms.nn.PSNR(), IMG1, IMG2, rtol=1e-5, atol=1e-5),
    glayer_case("PSNR/uint8", lambda ms: ms.nn.PSNR(255), (IMG1 * 255).astype(np.uint8),
                (IMG2 * 255).astype(np.uint8), rtol=1e-5, atol=1e-5),
    case("SSIM/window", lambda ms: ms.nn.SSIM(filter_size=5, filter_sigma=1.2).conv.weight),
    case("SSIM/params", lambda ms: param_info(ms.nn.SSIM(filter_size=3))),
    case("MSSSIM/params", lambda ms: param_info(ms.nn.MSSSIM(filter_size=3, power_factors=(0.5, 0.5)))),
    bad_init("SSIM/bad_max_val", lambda ms: ms.nn.SSIM(max_val=0)),
    bad_init("SSIM/str_max_val", lambda ms: ms.nn.SSIM(max_val="1")),
    bad_init("SSIM/bad_filter_size", lambda ms: ms.nn.SSIM(filter_size=0)),
    bad_init("SSIM/int_sigma", lambda ms: ms.nn.SSIM(filter_sigma=1)),
    bad_init("SSIM/int_k1", lambda ms: ms.nn.SSIM(k1=1)),
    bad_init("MSSSIM/power_factors", lambda ms: ms.nn.MSSSIM(power_factors=0.5)),
    bad_init("PSNR/bad_max_val", lambda ms: ms.nn.PSNR(-1.0)),
]

# --- ClipByNorm / Norm / L1Regularizer / Tril / Triu / Unflatten ---------------------------------------
CASES += [
    cell_case("ClipByNorm/all", lambda ms: ms.nn.ClipByNorm(), X4, np.array(1.5, np.float32), **L),
    cell_case("ClipByNorm/axes_big", lambda ms: ms.nn.ClipByNorm(axis=(2, 3)), X4, np.array(100.0, np.float32), **L),
    cell_case("ClipByNorm/f16", lambda ms: ms.nn.ClipByNorm(), F16(3, 4), np.array(1.0, np.float32), rtol=2e-3,
              atol=2e-3),
    bad("ClipByNorm/int", lambda ms: ms.nn.ClipByNorm(), I32(3, 4), np.array(1.0, np.float32)),
    bad("ClipByNorm/number_clip", lambda ms: ms.nn.ClipByNorm(), F32(3, 4), Raw(1.0)),
    cell_case("Norm/all", lambda ms: ms.nn.Norm(), X4, **L),
    cell_case("Norm/axis_keep", lambda ms: ms.nn.Norm(axis=1, keep_dims=True), X4, **L),
    cell_case("Norm/axes", lambda ms: ms.nn.Norm(axis=(0, 2)), X4, **L),
    bad_init("Norm/int_keep_dims", lambda ms: ms.nn.Norm(keep_dims=1)),
    cell_case("L1Regularizer/f32", lambda ms: ms.nn.L1Regularizer(0.5), X4, **L),
    cell_case("L1Regularizer/int_scale", lambda ms: ms.nn.L1Regularizer(2), F32(3), **L),
    bad_init("L1Regularizer/zero", lambda ms: ms.nn.L1Regularizer(0)),
    bad_init("L1Regularizer/str", lambda ms: ms.nn.L1Regularizer("1")),
    bad_init("L1Regularizer/inf", lambda ms: ms.nn.L1Regularizer(float("inf"))),
    cell_case("Tril/k1", lambda ms: ms.nn.Tril(), X4, Raw(1)),
    cell_case("Tril/default", lambda ms: ms.nn.Tril(), F32(3, 4)),
    cell_case("Triu/km1", lambda ms: ms.nn.Triu(), X4, Raw(-1)),
    cell_case("Triu/int", lambda ms: ms.nn.Triu(), I32(3, 3)),
    bad("Tril/float_k", lambda ms: ms.nn.Tril(), F32(3, 3), Raw(1.0)),
    cell_case("Unflatten/axis1", lambda ms: ms.nn.Unflatten(1, (3, 1)), X4),
    cell_case("Unflatten/last", lambda ms: ms.nn.Unflatten(-1, [2, 2]), X4),
    cell_case("Unflatten/neg2", lambda ms: ms.nn.Unflatten(-2, (2, -1)), X4),
    bad_init("Unflatten/float_axis", lambda ms: ms.nn.Unflatten(1.0, (3, 1))),
    bad_init("Unflatten/int_size", lambda ms: ms.nn.Unflatten(1, 3)),
    bad("Unflatten/bad_size", lambda ms: ms.nn.Unflatten(1, (2, 2)), X4),
]

# --- Roll / Unfold / matrix diagonals (ms_ref) ---------------------------------------------------------


def _ref_roll(shifts, axes):
    def build(ms):
        def f(x):
            for s, a in zip(shifts, axes):
                n = x.shape[a]
                s = s % n
                if s:
                    idx = [slice(None)] * x.ndim
                    idx[a] = slice(n - s, n)
                    tail = x[tuple(idx)]
                    idx[a] = slice(0, n - s)
                    x = ms.ops.concat((tail, x[tuple(idx)]), a)
            return x
        return f
    return build


def _ref_unfold(k, s, r, same=False):
    def build(ms):
        def f(x):
            n, c, h, w = x.shape
            ekh, ekw = (k[0] - 1) * r[0] + 1, (k[1] - 1) * r[1] + 1
            if same:
                oh, ow = -(-h // s[0]), -(-w // s[1])
                ph, pw = max((oh - 1) * s[0] + ekh - h, 0), max((ow - 1) * s[1] + ekw - w, 0)
                x = ms.ops.pad(x, (pw // 2, pw - pw // 2, ph // 2, ph - ph // 2))
            else:
                oh, ow = (h - ekh) // s[0] + 1, (w - ekw) // s[1] + 1
            parts = []
            for i in range(k[0]):
                for j in range(k[1]):
                    parts.append(x[:, :, i * r[0]:i * r[0] + (oh - 1) * s[0] + 1:s[0],
                                   j * r[1]:j * r[1] + (ow - 1) * s[1] + 1:s[1]])
            return ms.ops.stack(parts, 1).reshape(n, k[0] * k[1] * c, oh, ow)
        return f
    return build


def _ref_matrix_diag(ms):
    return lambda x: ms.ops.expand_dims(x, -2) * ms.ops.eye(x.shape[-1], x.shape[-1], x.dtype)


def _ref_matrix_diag_part(ms):
    def f(x):
        m, n = x.shape[-2], x.shape[-1]
        return (x * ms.ops.eye(m, n, x.dtype)).sum(-1)[..., :min(m, n)] if m <= n else \
            (x * ms.ops.eye(m, n, x.dtype)).sum(-2)[..., :min(m, n)]
    return f


def _ref_matrix_set_diag(ms):
    def f(x, d):
        m, n = x.shape[-2], x.shape[-1]
        k = min(m, n)
        eye = ms.ops.eye(m, n, x.dtype)
        dm = ms.ops.pad(ms.ops.expand_dims(d, -1) * ms.ops.eye(k, k, x.dtype), (0, n - k, 0, m - k))
        return x * (1 - eye) + dm
    return f


CASES += [
    ref_case("Roll/single", lambda ms: ms.nn.Roll(2, 1), _ref_roll([2], [1]), F32(3, 5)),
    ref_case("Roll/multi", lambda ms: ms.nn.Roll([1, -2], [0, -1]), _ref_roll([1, -2], [0, 3]), X4),
    bad_init("Roll/float_shift", lambda ms: ms.nn.Roll(1.0, 0)),
    bad_init("Roll/length_mismatch", lambda ms: ms.nn.Roll([1, 2], [0])),
    ref_case("Unfold/valid", lambda ms: ms.nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1]),
             _ref_unfold((2, 2), (1, 1), (1, 1)), F32(2, 2, 3, 3)),
    ref_case("Unfold/stride_rate", lambda ms: ms.nn.Unfold([1, 2, 3, 1], [1, 2, 1, 1], [1, 1, 2, 1]),
             _ref_unfold((2, 3), (2, 1), (1, 2)), F32(1, 3, 6, 7), grad=False),
    ref_case("Unfold/same", lambda ms: ms.nn.Unfold([1, 3, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], "same"),
             _ref_unfold((3, 3), (2, 2), (1, 1), True), F32(1, 2, 5, 4), grad=False),
    bad_init("Unfold/bad_ksizes", lambda ms: ms.nn.Unfold([2, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1])),
    bad_init("Unfold/zero_stride", lambda ms: ms.nn.Unfold([1, 2, 2, 1], [1, 0, 1, 1], [1, 1, 1, 1])),
    bad_init("Unfold/int_ksizes", lambda ms: ms.nn.Unfold(2, [1, 1, 1, 1], [1, 1, 1, 1])),
    ref_case("MatrixDiag/2d", lambda ms: ms.nn.MatrixDiag(), _ref_matrix_diag, F32(2, 3)),
    ref_case("MatrixDiagPart/wide", lambda ms: ms.nn.MatrixDiagPart(), _ref_matrix_diag_part, F32(2, 3, 4)),
    ref_case("MatrixDiagPart/tall", lambda ms: ms.nn.MatrixDiagPart(), _ref_matrix_diag_part, F32(4, 2)),
    ref_case("MatrixSetDiag/wide", lambda ms: ms.nn.MatrixSetDiag(), _ref_matrix_set_diag, F32(2, 3, 4), F32(2, 3)),
]

# --- Dropout1d/2d/3d and the Ext dropouts ----------------------------------------------------------------


def _channel_dropout_property(build, shape, p):
    """In training: every (sample, channel) slice of ones is all 0 or all 1/(1-p)."""
    def fn(ms):
        ms.set_seed(3)
        net = build(ms)
        net.set_train()
        out = net(ms.Tensor(np.ones(shape, np.float32))).asnumpy()
        flat = out.reshape(out.shape[0] * out.shape[1], -1) if len(shape) > 2 else out.reshape(out.shape[0], -1)
        ok = all((np.allclose(r, 0) or np.allclose(r, 1.0 / (1 - p))) for r in flat)
        return [ok, list(out.shape), str(out.dtype)]
    return fn


CASES += [
    layer_case("Dropout1d/eval", lambda ms: ms.nn.Dropout1d(0.3), X3),
    layer_case("Dropout2d/eval", lambda ms: ms.nn.Dropout2d(0.3), X4),
    layer_case("Dropout3d/eval", lambda ms: ms.nn.Dropout3d(0.3), F32(2, 3, 2, 2, 2)),
    layer_case("Dropout2d/train_p0", lambda ms: ms.nn.Dropout2d(0.0), X4, train=True),
    case("Dropout1d/train_channels", _channel_dropout_property(lambda ms: ms.nn.Dropout1d(0.5), (4, 6, 5), 0.5)),
    case("Dropout2d/train_channels", _channel_dropout_property(lambda ms: ms.nn.Dropout2d(0.5), (4, 6, 3, 3), 0.5)),
    case("Dropout3d/train_channels", _channel_dropout_property(lambda ms: ms.nn.Dropout3d(0.25), (3, 4, 2, 2, 2),
                                                               0.25)),
    case("Dropout2d/repr", lambda ms: repr(ms.nn.Dropout2d(0.2))),
    bad_init("Dropout1d/int_p", lambda ms: ms.nn.Dropout1d(1)),
    bad_init("Dropout2d/p_range", lambda ms: ms.nn.Dropout2d(1.5)),
    bad_init("Dropout3d/str_p", lambda ms: ms.nn.Dropout3d("0.5")),
    bad("Dropout2d/3d_input", lambda ms: (lambda n: (n.set_train(), n)[1])(ms.nn.Dropout2d(0.5)), X3),
]

# --- InstanceNorm (ms_ref) / SyncBatchNorm ---------------------------------------------------------------


def _instance_norm_case(name, cls, shape, train=False, **kw):
    x = F32(*shape, seed=71)

    def run(ms, xt, ref):
        net = getattr(ms.nn, cls)(shape[1], **kw)
        net.set_train(train)
        vals = weights_of(net)
        params = {n: ms.Parameter(ms.Tensor(v), name=n) for n, v in vals.items()}
        ms.load_param_into_net(net, params, strict_load=True)
        info = param_info(net)
        eps = net.eps
        pshape = (1, shape[1]) + (1,) * (len(shape) - 2)
        axes = tuple(range(2, len(shape)))

        def f(a):
            if not ref:
                return net(a)
            mean = a.mean(axes, keep_dims=True)
            var = ((a - mean) ** 2).mean(axes, keep_dims=True)
            g = ms.Tensor(vals["gamma"]).reshape(pshape)
            b = ms.Tensor(vals["beta"]).reshape(pshape)
            return (a - mean) / ms.ops.sqrt(var + eps) * g + b
        return [info, f(xt)] + _grads(ms, f, (xt,))

    return case(name, lambda ms, xt: run(ms, xt, False), x, ms_ref=lambda ms, xt: run(ms, xt, True), rtol=1e-4,
                atol=1e-5)


CASES += [
    _instance_norm_case("InstanceNorm2d/basic", "InstanceNorm2d", (2, 3, 4, 4)),
    _instance_norm_case("InstanceNorm2d/train_eps", "InstanceNorm2d", (2, 3, 3, 5), train=True, eps=1e-3),
    _instance_norm_case("InstanceNorm1d/basic", "InstanceNorm1d", (2, 4, 6)),
    _instance_norm_case("InstanceNorm3d/basic", "InstanceNorm3d", (1, 2, 2, 3, 3)),
    case("InstanceNorm2d/repr", lambda ms: repr(ms.nn.InstanceNorm2d(3))),
    case("InstanceNorm2d/params_no_affine", lambda ms: param_info(ms.nn.InstanceNorm2d(3, affine=False))),
    bad_init("InstanceNorm2d/int_eps", lambda ms: ms.nn.InstanceNorm2d(3, eps=1)),
    bad_init("InstanceNorm2d/int_momentum", lambda ms: ms.nn.InstanceNorm2d(3, momentum=1)),
    bad_init("InstanceNorm2d/momentum_range", lambda ms: ms.nn.InstanceNorm2d(3, momentum=1.5)),
    bad_init("InstanceNorm2d/zero_features", lambda ms: ms.nn.InstanceNorm2d(0)),
    bad_init("InstanceNorm2d/int_affine", lambda ms: ms.nn.InstanceNorm2d(3, affine=1)),
    bad_init("InstanceNorm2d/list_gamma", lambda ms: ms.nn.InstanceNorm2d(3, gamma_init=[1, 2, 3])),
    bad_init("InstanceNorm2d/f16_gamma", lambda ms: ms.nn.InstanceNorm2d(3, gamma_init=ms.Tensor(
        np.ones(3, np.float16)))),
    bad("InstanceNorm2d/3d_input", lambda ms: ms.nn.InstanceNorm2d(3), X3),
    bad("InstanceNorm1d/4d_input", lambda ms: ms.nn.InstanceNorm1d(3), X4),
    layer_case("SyncBatchNorm/eval", lambda ms: ms.nn.SyncBatchNorm(3), X4, rtol=1e-5, atol=1e-5),
    layer_case("SyncBatchNorm/train", lambda ms: ms.nn.SyncBatchNorm(3, momentum=0.8), X4, train=True, after=True,
               rtol=1e-4, atol=1e-5),
    layer_case("SyncBatchNorm/2d_input_train", lambda ms: ms.nn.SyncBatchNorm(4, process_groups=[[0]]), F32(5, 4),
               train=True, after=True, rtol=1e-4, atol=1e-5),
    glayer_case("SyncBatchNorm/graph_train", lambda ms: ms.nn.SyncBatchNorm(3), X4, train=True, after=True,
                rtol=1e-4, atol=1e-5),
    case("SyncBatchNorm/repr", lambda ms: repr(ms.nn.SyncBatchNorm(3))),
    case("SyncBatchNorm/attrs", lambda ms: [ms.nn.SyncBatchNorm(3).is_global, ms.nn.SyncBatchNorm(3).group_name]),
    bad_init("SyncBatchNorm/rank_range", lambda ms: ms.nn.SyncBatchNorm(3, process_groups=[[0, 1]])),
    bad_init("SyncBatchNorm/duplicate", lambda ms: ms.nn.SyncBatchNorm(3, process_groups=[[0, 0]])),
    bad_init("SyncBatchNorm/str_groups", lambda ms: ms.nn.SyncBatchNorm(3, process_groups="a")),
    bad_init("SyncBatchNorm/momentum", lambda ms: ms.nn.SyncBatchNorm(3, momentum=1.5)),
    bad("SyncBatchNorm/3d_input", lambda ms: ms.nn.SyncBatchNorm(3), X3),
]

# --- LayerNormExt (no CPU kernel: ms_ref) ----------------------------------------------------------


def _ref_layer_norm(nd, eps=1e-5):
    def build(ms):
        def f(x):
            axes = tuple(range(x.ndim - nd, x.ndim))
            mean = x.mean(axes, keep_dims=True)
            var = ((x - mean) ** 2).mean(axes, keep_dims=True)
            return (x - mean) / ms.ops.sqrt(var + eps)
        return f
    return build


CASES += [
    ref_case("LayerNormExt/last", lambda ms: ms.nn.LayerNormExt(4), _ref_layer_norm(1), F32(2, 3, 4), rtol=1e-5,
             atol=1e-5),
    ref_case("LayerNormExt/two_dims_eps", lambda ms: ms.nn.LayerNormExt((3, 4), eps=1e-3), _ref_layer_norm(2, 1e-3),
             F32(2, 3, 4), rtol=1e-5, atol=1e-5),
    case("LayerNormExt/params", lambda ms: [param_info(ms.nn.LayerNormExt((3, 4))),
                                            param_info(ms.nn.LayerNormExt(4, bias=False)),
                                            param_info(ms.nn.LayerNormExt(4, elementwise_affine=False))]),
    case("LayerNormExt/repr", lambda ms: repr(ms.nn.LayerNormExt((3, 4)))),
    bad_init("LayerNormExt/str_shape", lambda ms: ms.nn.LayerNormExt("3")),
    bad_init("LayerNormExt/empty_shape", lambda ms: ms.nn.LayerNormExt(())),
]

# --- math layers -------------------------------------------------------------------------------------------
_SPD = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], np.float32)


def _ref_inv(ms):
    return lambda a: ms.ops.inverse(a)


def _ref_det(ms):
    return lambda a: ms.ops.det(a)


CASES += [
    cell_case("Moments/axis", lambda ms: ms.nn.Moments(axis=1), X4, **L),
    cell_case("Moments/keep_dims", lambda ms: ms.nn.Moments(axis=(0, 2), keep_dims=True), X4, **L),
    cell_case("Moments/all", lambda ms: ms.nn.Moments(), F32(3, 4), **L),
    cell_case("Moments/f16", lambda ms: ms.nn.Moments(axis=0), F16(4, 3), rtol=2e-3, atol=2e-3),
    bad("Moments/int", lambda ms: ms.nn.Moments(axis=0), I32(4, 3)),
    bad_init("Moments/float_axis", lambda ms: ms.nn.Moments(axis=1.0)),
    cell_case("MatMul/2d", lambda ms: ms.nn.MatMul(), F32(3, 4), F32(4, 2), **L),
    cell_case("MatMul/transpose", lambda ms: ms.nn.MatMul(True, True), F32(4, 3), F32(2, 4), **L),
    cell_case("MatMul/broadcast", lambda ms: ms.nn.MatMul(), F32(2, 1, 3, 4), F32(5, 4, 2), **L),
    cell_case("MatMul/vec_mat", lambda ms: ms.nn.MatMul(), F32(4), F32(2, 4, 3), **L),
    cell_case("MatMul/vec_vec", lambda ms: ms.nn.MatMul(), F32(4), F32(4), **L),
    bad("MatMul/mismatch", lambda ms: ms.nn.MatMul(), F32(3, 4), F32(3, 4)),
    bad_init("MatMul/int_transpose", lambda ms: ms.nn.MatMul(1)),
    case("Range/int", lambda ms: ms.nn.Range(1, 8, 2)()),
    case("Range/float", lambda ms: ms.nn.Range(0.5, 3.0, 0.5)()),
    case("Range/limit_none", lambda ms: ms.nn.Range(5)()),
    bad_init("Range/zero_delta", lambda ms: ms.nn.Range(1, 5, 0)),
    cell_case("ReduceLogSumExp/axis", lambda ms: ms.nn.ReduceLogSumExp(1), X4, **L),
    cell_case("ReduceLogSumExp/keep", lambda ms: ms.nn.ReduceLogSumExp((1, 2), True), X4, **L),
    bad_init("ReduceLogSumExp/float_axis", lambda ms: ms.nn.ReduceLogSumExp(1.0)),
    cell_case("LGamma/values", lambda ms: ms.nn.LGamma(), np.array([0.5, 1.5, 3.2, -0.5, 10.0, -2.5, 0.1], np.float32),
              rtol=1e-5, atol=1e-5),
    cell_case("DiGamma/values", lambda ms: ms.nn.DiGamma(), np.array([0.5, 1.5, 3.2, -0.5, 10.0, -2.5], np.float32),
              rtol=1e-5, atol=1e-5),
    cell_case("IGamma/values", lambda ms: ms.nn.IGamma(), np.array([0.5, 1.5, 3.2, 2.0], np.float32),
              np.array([0.5, 1.0, 3.2, 5.0], np.float32), grad=False, rtol=1e-5, atol=1e-5),
    cell_case("LBeta/values", lambda ms: ms.nn.LBeta(), np.array([0.5, 1.5, 9.2, 12.0], np.float32),
              np.array([0.5, 10.5, 3.2, 20.0], np.float32), rtol=1e-5, atol=1e-5),
    bad("LGamma/int", lambda ms: ms.nn.LGamma(), I32(3)),
    bad("IGamma/f16", lambda ms: ms.nn.IGamma(), F16(3), F16(3)),
    bad("LBeta/mixed", lambda ms: ms.nn.LBeta(), F32(3), F16(3)),
    cell_case("CosineSimilarity/dim1", lambda ms: ms.nn.layer.math.CosineSimilarity(), F32(3, 4), F32(3, 4, seed=9),
              **L),
    cell_case("CosineSimilarity/dim0", lambda ms: ms.nn.layer.math.CosineSimilarity(0, 1e-6), F32(3, 2),
              F32(3, 2, seed=4), **L),
    bad("CosineSimilarity/not_tensor", lambda ms: ms.nn.layer.math.CosineSimilarity(), Raw(1.0), F32(3)),
    ref_case("MatInverse/spd", lambda ms: ms.nn.MatInverse(), _ref_inv, _SPD, grad=False, rtol=1e-5, atol=1e-6),
    ref_case("MatDet/spd", lambda ms: ms.nn.MatDet(), _ref_det, _SPD, rtol=1e-5, atol=1e-5),
    bad("MatInverse/int", lambda ms: ms.nn.MatInverse(), np.eye(3, dtype=np.int32)),
    bad("MatDet/f64", lambda ms: ms.nn.MatDet(), _SPD.astype(np.float64)),
]

# --- TimeDistributed / BiDense / GLU / LRN / Conv2dBnAct / DenseBnAct -------------------------------------


def _bidense_init(ms):
    ms.set_seed(5)
    net = ms.nn.BiDense(3, 4, 2)
    return param_info(net), [p.asnumpy().view(np.int32) for p in net.get_parameters()]


CASES += [
    layer_case("TimeDistributed/dense", lambda ms: ms.nn.TimeDistributed(ms.nn.Dense(5, 2), time_axis=1),
               F32(2, 3, 5), **L),
    layer_case("TimeDistributed/reshape_with_axis", lambda ms: ms.nn.TimeDistributed(
        ms.nn.Dense(5, 2), time_axis=1, reshape_with_axis=0), F32(2, 3, 5), **L),
    layer_case("TimeDistributed/conv", lambda ms: ms.nn.TimeDistributed(ms.nn.Conv2d(2, 3, 3), time_axis=1),
               F32(2, 2, 2, 4, 4), rtol=1e-4, atol=1e-5),
    bad_init("TimeDistributed/not_cell", lambda ms: ms.nn.TimeDistributed(3, 1)),
    bad_init("TimeDistributed/float_axis", lambda ms: ms.nn.TimeDistributed(ms.nn.ReLU(), 1.0)),
    bad("TimeDistributed/2d_input", lambda ms: ms.nn.TimeDistributed(ms.nn.ReLU(), 1), F32(2, 3)),
    layer_case("BiDense/2d", lambda ms: ms.nn.BiDense(3, 4, 5), F32(2, 3), F32(2, 4), **L),
    layer_case("BiDense/3d_no_bias", lambda ms: ms.nn.BiDense(3, 2, 4, has_bias=False), F32(2, 5, 3),
               F32(2, 5, 2), **L),
    glayer_case("BiDense/graph", lambda ms: ms.nn.BiDense(3, 4, 2), F32(2, 3), F32(2, 4), **L),
    case("BiDense/init_bits", _bidense_init),
    case("BiDense/repr", lambda ms: repr(ms.nn.BiDense(3, 4, 5))),
    bad_init("BiDense/zero_channels", lambda ms: ms.nn.BiDense(0, 4, 5)),
    bad_init("BiDense/weight_shape", lambda ms: ms.nn.BiDense(3, 4, 5, weight_init=ms.Tensor(
        np.ones((5, 4, 3), np.float32)))),
    bad("BiDense/last_dim", lambda ms: ms.nn.BiDense(3, 4, 5), F32(2, 4), F32(2, 4)),
    bad("BiDense/batch_mismatch", lambda ms: ms.nn.BiDense(3, 4, 5), F32(2, 3), F32(3, 4)),
    cell_case("GLU/last", lambda ms: ms.nn.GLU(), F32(3, 4), **L),
    cell_case("GLU/axis0", lambda ms: ms.nn.GLU(0), F32(4, 3), **L),
    bad("GLU/odd", lambda ms: ms.nn.GLU(), F32(3, 5)),
    cell_case("LRN/default", lambda ms: ms.nn.LRN(), X4, rtol=1e-5, atol=1e-5),
    cell_case("LRN/args", lambda ms: ms.nn.LRN(2, 2.0, 0.5, 0.75), F32(1, 6, 3, 3), rtol=1e-5, atol=1e-5),
    bad("LRN/3d", lambda ms: ms.nn.LRN(), X3),
    layer_case("Conv2dBnAct/bn_relu", lambda ms: ms.nn.Conv2dBnAct(3, 4, 3, has_bn=True, activation="relu"), X4,
               rtol=1e-4, atol=1e-5),
    layer_case("Conv2dBnAct/train_leaky", lambda ms: ms.nn.Conv2dBnAct(3, 2, 3, pad_mode="valid", has_bias=True,
                                                                       has_bn=True, activation="leakyrelu",
                                                                       alpha=0.1), X4, train=True, after=True,
               rtol=1e-4, atol=1e-5),
    layer_case("DenseBnAct/plain", lambda ms: ms.nn.DenseBnAct(4, 3), F32(5, 4), **L),
    layer_case("DenseBnAct/bn_tanh_train", lambda ms: ms.nn.DenseBnAct(4, 3, has_bn=True, activation="tanh"),
               F32(5, 4), train=True, after=True, rtol=1e-4, atol=1e-5),
    bad_init("DenseBnAct/bad_activation", lambda ms: ms.nn.DenseBnAct(4, 3, activation=3)),
    bad_init("Conv2dBnAct/int_has_bn", lambda ms: ms.nn.Conv2dBnAct(3, 4, 3, has_bn=1)),
]

# the default run keeps the first value case of each class; the rest run with -m slow
one_per_class_by_default(CASES)

# --- BatchNorm in training mode: gradients ---------------------------------------------------------
# MindSpore's bprop of BatchNorm takes the gradient of its output y alone: cotangents on the batch
# statistics it also returns reach neither the input nor scale and bias.


def _bn_train_grads(ms, x, w, stats_weight, mode):
    ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
    c = x.shape[1]
    scale = ms.Parameter(ms.Tensor(np.linspace(0.5, 1.5, c).astype(np.float32)), name="scale")
    bias = ms.Parameter(ms.Tensor(np.linspace(-0.2, 0.3, c).astype(np.float32)), name="bias")
    mean = ms.Parameter(ms.Tensor(np.zeros(c, np.float32)), name="mean")
    var = ms.Parameter(ms.Tensor(np.ones(c, np.float32)), name="var")
    bn = ms.ops.BatchNorm(is_training=True, epsilon=1e-3, momentum=0.2)

    def total(x):
        out = bn(x, scale, bias, mean, var)
        s = (out[0] * w).sum()
        return s + (out[3] * stats_weight).sum() + (out[4] * stats_weight * 2).sum()
    grads = ms.grad(total, grad_position=0, weights=[scale, bias])(x)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return [grads[0], list(grads[1]), mean, var]


CASES += [
    case("BatchNorm/train_grads_ignore_stats_cotangents",
         lambda ms, x, w: _bn_train_grads(ms, x, w, 3.0, "pynative"), F32(4, 3, 2, 2), F32(4, 3, 2, 2, seed=5),
         rtol=2e-5, atol=2e-6),
    case("BatchNorm/train_grads_graph", lambda ms, x, w: _bn_train_grads(ms, x, w, 0.0, "graph"),
         F32(2, 5, 3, 3), F32(2, 5, 3, 3, seed=6), rtol=2e-5, atol=2e-6),
]
