"""mindspore.mint.nn layers and mint.nn.functional ops in other dtypes than float32 (float16,
float64, bfloat16, integers), in GRAPH_MODE, and with bad input (issue #15's gaps for these names).

Oracles, by case:

- real MindSpore 2.10 CPU where its build runs the op: ``Linear``, ``GroupNorm``/``group_norm``,
  ``PReLU``, ``SyncBatchNorm`` (eval: the ``BatchNorm`` primitive, float16/float32 only, a TypeError
  for float64), ``Dropout``/``Dropout2d``/``dropout`` (eval, ``p=0``: the input back, any dtype),
  ``Identity``, ``NLLLoss`` (float16/float32; integer logits a TypeError), ``Embedding`` in GRAPH_MODE,
  ``ops.cosine_embedding_loss`` of integer inputs;
- PyTorch (``torch_ref``: the same lambda body on ``torch.nn``) where MindSpore's CPU build has no
  kernel (``Conv1DExt``/``Conv2DExt``/``Conv3DExt``, ``ConvTranspose2D``, ``BatchNormExt``,
  ``LayerNormExt``, ``AvgPool3DExt``, ``SoftMarginLoss``, ``Dropout2dExt``, ``InplaceElu``/
  ``InplaceReLU``/``InplaceSigmoid``/``InplaceHardtanh``/``InplaceThreshold``, ``CosineEmbeddingLoss``'s
  ops). PyTorch's CPU lacks float16 ``avg_pool3d``: that name is checked in float64. Bad input there
  (integer ``elu_``/``soft_margin_loss``): PyTorch raises too, and mscompat raises the class MindSpore
  documents (``ms_error``).

bfloat16 has no numpy dtype: those cases cast a float32 input inside the case (``_as``) and compare
in float32 with the dtype name (``_bf``), MindSpore's ``asnumpy`` having no bfloat16 either."""
import numpy as np

from parity_tests.harness import case, F32, F16, F64, I32
from parity_tests.torch_oracle import functional as _F
from parity_tests.cases._mint_cover_common import set_params as _set

SIGNS = np.sign(F32(2, 3, seed=9)).astype(np.float32)
COS_T = np.array([1, -1, 1], np.int64)
LABELS = np.array([0, 2, 1, 3], np.int64)


def _N(m):
    """``mint.nn`` of MindSpore/mscompat, or ``torch.nn``."""
    return m.mint.nn if hasattr(m, "mint") else m.nn


def _eval(net):
    return net.set_train(False) if hasattr(net, "set_train") else net.eval()


def _train(net):
    """Training mode (a MindSpore cell starts in eval mode, a torch module in training mode)."""
    return net.set_train(True) if hasattr(net, "set_train") else net.train()


def _as(m, x, dtype):
    """``x`` cast to ``m.<dtype>`` (``Tensor.astype``; PyTorch: ``Tensor.to``)."""
    dt = getattr(m, dtype)
    return x.astype(dt) if hasattr(m, "mint") else x.to(dt)


def _bf(m, y):
    """A bfloat16 result as ``(its dtype's name, its values in float32)``."""
    return str(y.dtype).replace("torch.", "").lower(), _as(m, y, "float32")


def _sigmoid_(m, x):
    return m.sigmoid_(x) if not hasattr(m, "mint") else m.mint.nn.functional.sigmoid_(x)


def tcase(name, fn, *inputs, **kw):
    """A case whose oracle is PyTorch running the same lambda body (MindSpore's CPU lacks the kernel)."""
    return case(name, fn, *inputs, torch_ref=fn, **kw)


CASES = []

# ------------------------------------------------------------------ convolutions (PyTorch oracle)
# float16: PyTorch's CPU convolution accumulates in float32 and rounds once; XLA's float16
# convolution on CPU rounds the same sums in another order: 1e-2 (a few float16 ulps of outputs ~5)
_H = dict(rtol=1e-2, atol=1e-2)
_BF = dict(rtol=3e-2, atol=3e-2)   # bfloat16: 8 bits of mantissa, the sums rounded in another order
for nd, cls, fn_name, xs in [(1, "Conv1d", "conv1d", (2, 2, 7)), (2, "Conv2d", "conv2d", (1, 2, 5, 5)),
                             (3, "Conv3d", "conv3d", (1, 2, 4, 4, 4))]:
    k = (3,) * nd if nd < 3 else (2,) * nd
    W16, B16 = F16(3, 2, *k, seed=20 + nd), F16(3, seed=30 + nd)
    CASES += [
        tcase(f"mint.nn.{cls}/dtype_f16", lambda m, x, w, b, c=cls, kk=k: _set(
            getattr(_N(m), c)(2, 3, kk, padding=1, dtype=m.float16), weight=w, bias=b)(x),
            F16(*xs, seed=10 + nd), W16, B16, **_H),
        tcase(f"mint.nn.{cls}/dtype_bf16", lambda m, x, w, b, c=cls, kk=k: _bf(m, _set(
            getattr(_N(m), c)(2, 3, kk, dtype=m.bfloat16), weight=_as(m, w, "bfloat16"),
            bias=_as(m, b, "bfloat16"))(_as(m, x, "bfloat16"))),
            F32(*xs, seed=10 + nd), F32(3, 2, *k, seed=20 + nd), F32(3, seed=30 + nd), **_BF),
        tcase(f"mint.nn.functional.{fn_name}/f16", lambda m, x, w, b, f=fn_name: getattr(_F(m), f)(x, w, b, 1, 1),
              F16(*xs, seed=10 + nd), W16, B16, **_H),
        tcase(f"mint.nn.functional.{fn_name}/bf16_stride2", lambda m, x, w, f=fn_name: _bf(m, getattr(_F(m), f)(
            _as(m, x, "bfloat16"), _as(m, w, "bfloat16"), None, 2)),
            F32(*xs, seed=10 + nd), F32(3, 2, *k, seed=20 + nd), **_BF),
    ]
CASES += [
    tcase("mint.nn.ConvTranspose2d/dtype_f16", lambda m, x, w, b: _set(_N(m).ConvTranspose2d(
        2, 3, 3, stride=2, dtype=m.float16), weight=w, bias=b)(x), F16(1, 2, 4, 4), F16(2, 3, 3, 3, seed=10),
        F16(3, seed=11), **_H),
    tcase("mint.nn.ConvTranspose2d/dtype_bf16", lambda m, x, w: _bf(m, _set(_N(m).ConvTranspose2d(
        2, 3, 3, bias=False, dtype=m.bfloat16), weight=_as(m, w, "bfloat16"))(_as(m, x, "bfloat16"))),
        F32(1, 2, 4, 4), F32(2, 3, 3, 3, seed=10), **_BF),
    tcase("mint.nn.functional.conv_transpose2d/f16", lambda m, x, w: _F(m).conv_transpose2d(x, w, None, 2, 1, 1),
          F16(1, 2, 4, 4), F16(2, 3, 3, 3, seed=10), **_H),
    # GRAPH_MODE: MindSpore's graph run stops at the same missing kernel
    tcase("mint.nn.Conv1d/graph", lambda m, x, w, b: _set(_N(m).Conv1d(2, 3, 3, padding=1), weight=w, bias=b)(x),
          F32(2, 2, 7), F32(3, 2, 3, seed=6), F32(3, seed=7), mode="graph", rtol=1e-4, atol=1e-5),
    tcase("mint.nn.Conv3d/graph", lambda m, x, w, b: _set(_N(m).Conv3d(2, 3, 2), weight=w, bias=b)(x),
          F32(1, 2, 4, 4, 4), F32(3, 2, 2, 2, 2, seed=8), F32(3, seed=9), mode="graph", rtol=1e-4, atol=1e-5),
]

# ------------------------------------------------------------------ normalization
CASES += [
    # BatchNormExt (PyTorch oracle): float16 layers, training (batch statistics) and eval (running ones)
    tcase("mint.nn.BatchNorm1d/dtype_f16_train", lambda m, x: (lambda net: (net(x), net.running_mean,
                                                                             net.running_var))(
        _train(_N(m).BatchNorm1d(4, dtype=m.float16))), F16(6, 4), **_H),
    tcase("mint.nn.BatchNorm2d/dtype_f16_train", lambda m, x: _train(_N(m).BatchNorm2d(3, dtype=m.float16))(x),
          F16(2, 3, 2, 2), **_H),
    tcase("mint.nn.BatchNorm2d/dtype_f16_eval", lambda m, x, w, b: _eval(_set(_N(m).BatchNorm2d(
        3, dtype=m.float16), weight=w, bias=b))(x), F16(2, 3, 2, 2), F16(3, seed=1), F16(3, seed=2), **_H),
    tcase("mint.nn.BatchNorm3d/dtype_f16_train", lambda m, x: _train(_N(m).BatchNorm3d(2, dtype=m.float16))(x),
          F16(2, 2, 2, 2, 2), **_H),
    tcase("mint.nn.functional.batch_norm/f16_eval", lambda m, x, rm, rv, w, b: _F(m).batch_norm(x, rm, rv, w, b),
          F16(4, 3), F16(3, seed=1), F16(3, seed=2, low=0.5, high=2.0), F16(3, seed=3), F16(3, seed=4), **_H),
    # bfloat16: documented for BatchNormExt (MindSpore's CPU cannot build a bfloat16 BatchNorm layer:
    # its Assign kernel has no bfloat16, so the layers are checked in float16 only)
    tcase("mint.nn.functional.batch_norm/bf16_train", lambda m, x, rm, rv: (lambda c: _bf(m, _F(m).batch_norm(
        c(x), c(rm), c(rv), None, None, True, 0.1)))(lambda t: _as(m, t, "bfloat16")),
        F32(4, 3), F32(3, seed=1), F32(3, seed=2, low=0.5, high=2.0), **_BF),
    tcase("mint.nn.functional.batch_norm/bf16_stats", lambda m, x, rm, rv: (lambda rm, rv: (
        _F(m).batch_norm(_as(m, x, "bfloat16"), rm, rv, None, None, True, 0.5), _bf(m, rm), _bf(m, rv))[1:])(
        _as(m, rm, "bfloat16"), _as(m, rv, "bfloat16")),
        F32(4, 3), F32(3, seed=1), F32(3, seed=2, low=0.5, high=2.0), **_BF),
    tcase("mint.nn.functional.batch_norm/graph_train", lambda m, x, rm, rv: (lambda y: (y, rm, rv))(
        _F(m).batch_norm(x, rm, rv, None, None, True, 0.2)),
        F32(4, 3), F32(3, seed=1), F32(3, seed=2, low=0.5, high=2.0), mode="graph", rtol=1e-5, atol=1e-5),
    # LayerNormExt (PyTorch oracle)
    tcase("mint.nn.LayerNorm/dtype_f16", lambda m, x: _N(m).LayerNorm((3, 4), dtype=m.float16)(x), F16(2, 3, 4), **_H),
    tcase("mint.nn.LayerNorm/dtype_bf16", lambda m, x: _bf(m, _N(m).LayerNorm(4, dtype=m.bfloat16)(
        _as(m, x, "bfloat16"))), F32(2, 3, 4), **_BF),
    # GroupNorm: MindSpore's CPU kernel runs float16 and float64
    case("mint.nn.GroupNorm/dtype_f16", lambda ms, x: _N(ms).GroupNorm(2, 4, dtype=ms.float16)(x), F16(2, 4, 3),
         **_H),
    case("mint.nn.GroupNorm/dtype_f64", lambda ms, x, w, b: _set(_N(ms).GroupNorm(2, 4, dtype=ms.float64), weight=w,
                                                                  bias=b)(x), F64(2, 4, 3), F64(4, seed=1),
         F64(4, seed=2)),
    case("mint.nn.functional.group_norm/f16", lambda ms, x, w, b: _F(ms).group_norm(x, 2, w, b), F16(2, 4, 3),
         F16(4, seed=1), F16(4, seed=2), **_H),
    case("mint.nn.functional.group_norm/f64", lambda ms, x: _F(ms).group_norm(x, 3), F64(2, 6, 2, 2)),
    case("mint.nn.functional.group_norm/bad_int", lambda ms, x: _F(ms).group_norm(x, 2), I32(2, 4, 3),
         error=True),
    # SyncBatchNorm in eval: the BatchNorm primitive (float16/float32; float64 a TypeError)
    case("mint.nn.SyncBatchNorm/dtype_f16_eval", lambda ms, x: _eval(_N(ms).SyncBatchNorm(3, dtype=ms.float16))(x),
         F16(2, 3, 4), **_H),
    case("mint.nn.SyncBatchNorm/bad_f64", lambda ms, x: _eval(_N(ms).SyncBatchNorm(3, dtype=ms.float64))(x),
         F64(2, 3, 4), error=True),
    case("mint.nn.SyncBatchNorm/graph_eval", lambda ms, x: _eval(_N(ms).SyncBatchNorm(3))(x), F32(2, 3, 4),
         mode="graph"),
]

# ------------------------------------------------------------------ Linear, PReLU (MindSpore runs them)
CASES += [
    case("mint.nn.Linear/dtype_f16", lambda ms, x, w, b: _set(_N(ms).Linear(3, 4, dtype=ms.float16), weight=w,
                                                               bias=b)(x), F16(2, 3), F16(4, 3, seed=1),
         F16(4, seed=2), **_H),
    case("mint.nn.Linear/dtype_f64", lambda ms, x, w, b: _set(_N(ms).Linear(3, 4, dtype=ms.float64), weight=w,
                                                               bias=b)(x), F64(2, 3), F64(4, 3, seed=1),
         F64(4, seed=2)),
    case("mint.nn.PReLU/dtype_f16", lambda ms, x: _N(ms).PReLU(3, 0.1, dtype=ms.float16)(x), F16(2, 3, 2)),
    case("mint.nn.PReLU/bad_f64", lambda ms, x: _N(ms).PReLU(dtype=ms.float64)(x), F64(2, 3), error=True),
]

# ------------------------------------------------------------------ pooling, padding, embedding
CASES += [
    # PyTorch's CPU has no float16 avg_pool3d: float64
    tcase("mint.nn.AvgPool3d/dtype_f64", lambda m, x: _N(m).AvgPool3d(2, 1, 1, count_include_pad=False)(x),
          F64(1, 2, 4, 4, 4)),
    tcase("mint.nn.functional.avg_pool3d/f64", lambda m, x: _F(m).avg_pool3d(x, (2, 3, 2), 2, ceil_mode=True),
          F64(1, 2, 5, 5, 5)),
    # GRAPH_MODE: MindSpore's CPU graph runs Embedding. ReflectionPad3d's CPU graph lowers ReflectionPad3D
    # to PadV3, which rejects 5-D "reflect" input, unbatched input included (a ValueError of the CPU
    # build's fallback): PyTorch is its graph case's oracle.
    tcase("mint.nn.ReflectionPad3d/graph", lambda m, x: _N(m).ReflectionPad3d((1, 2, 0, 1, 1, 0))(x),
          F32(1, 2, 3, 3, 3), mode="graph",
          ms_crashes="its CPU graph lowers ReflectionPad3D to PadV3, which rejects 5-D 'reflect' input (ValueError)"),
    case("mint.nn.Embedding/graph", lambda ms, i, w: _set(_N(ms).Embedding(5, 3), weight=w)(i),
         np.array([[0, 4], [2, 2]], np.int64), F32(5, 3, seed=3), mode="graph"),
    case("mint.nn.Embedding/graph_padding_idx_int32", lambda ms, i, w: _set(_N(ms).Embedding(5, 3, padding_idx=1),
                                                                            weight=w)(i),
         np.array([1, 3, 0], np.int32), F32(5, 3, seed=3), mode="graph", slow=True),
]

# ------------------------------------------------------------------ losses
CASES += [
    tcase("mint.nn.SoftMarginLoss/dtype_f16", lambda m, x, y: _N(m).SoftMarginLoss(reduction="sum")(x, y),
          F16(2, 3), SIGNS.astype(np.float16), rtol=5e-3, atol=5e-3),
    tcase("mint.nn.SoftMarginLoss/dtype_bf16", lambda m, x, y: _bf(m, _N(m).SoftMarginLoss(reduction="none")(
        _as(m, x, "bfloat16"), _as(m, y, "bfloat16"))), F32(2, 3), SIGNS, **_BF),
    tcase("mint.nn.functional.soft_margin_loss/f16", lambda m, x, y: _F(m).soft_margin_loss(x, y), F16(2, 3),
          SIGNS.astype(np.float16), **_H),
    tcase("mint.nn.functional.soft_margin_loss/bf16_none", lambda m, x, y: _bf(m, _F(m).soft_margin_loss(
        _as(m, x, "bfloat16"), _as(m, y, "bfloat16"), reduction="none")), F32(2, 3), SIGNS, **_BF),
    # integer input: TypeError as MindSpore documents (its CPU stops at the missing kernel first; PyTorch
    # cannot write the float loss into an integer result: RuntimeError)
    case("mint.nn.functional.soft_margin_loss/bad_int", lambda m, x, y: _F(m).soft_margin_loss(x, y), I32(2, 3),
         SIGNS.astype(np.int32), error=True, torch_ref=lambda m, x, y: _F(m).soft_margin_loss(x, y),
         ms_error="TypeError"),
    case("mint.nn.SoftMarginLoss/bad_int", lambda m, x, y: _N(m).SoftMarginLoss()(x, y), I32(2, 3),
         SIGNS.astype(np.int32), error=True, torch_ref=lambda m, x, y: _N(m).SoftMarginLoss()(x, y),
         ms_error="TypeError"),
    tcase("mint.nn.CosineEmbeddingLoss/dtype_f16", lambda m, a, b, t: _N(m).CosineEmbeddingLoss(0.1)(a, b, t),
          F16(3, 4), F16(3, 4, seed=1), COS_T, **_H),
    tcase("mint.nn.CosineEmbeddingLoss/dtype_f64", lambda m, a, b, t: _N(m).CosineEmbeddingLoss(
        reduction="none")(a, b, t), F64(3, 4), F64(3, 4, seed=1), COS_T),
    # integer inputs: a float32 loss (MindSpore's ops form, which its CPU runs, and PyTorch for mint)
    tcase("mint.nn.CosineEmbeddingLoss/int32", lambda m, a, b, t: _N(m).CosineEmbeddingLoss()(a, b, t), I32(3, 4),
          I32(3, 4, seed=1), COS_T),
    case("cosine_embedding_loss/int32_inputs", lambda ms, a, b, t: ms.ops.cosine_embedding_loss(a, b, t, 0.2),
         I32(3, 4), I32(3, 4, seed=1), COS_T.astype(np.int32)),
    # NLLLoss: MindSpore's CPU kernel takes float32 logits only; its own checks of the other arguments
    case("mint.nn.NLLLoss/bad_reduction", lambda ms, x, t: _N(ms).NLLLoss(reduction="bad")(x, t), F32(4, 5), LABELS,
         error=True),
    case("mint.nn.NLLLoss/bad_batch", lambda ms, x, t: _N(ms).NLLLoss()(x, t[:3]), F32(4, 5), LABELS, error=True),
    case("mint.nn.NLLLoss/bad_int_input", lambda ms, x, t: _N(ms).NLLLoss()(x, t), I32(4, 5), LABELS, error=True),
    case("mint.nn.NLLLoss/dtype_f16", lambda ms, x, t: _N(ms).NLLLoss()(x, t), F16(4, 5), LABELS, **_H),
]

# ------------------------------------------------------------------ dropout, identity (MindSpore runs them)
CASES += [
    case("mint.nn.Dropout/dtype_f16_eval", lambda ms, x: _eval(_N(ms).Dropout(0.4))(x), F16(3, 4)),
    case("mint.nn.Dropout/dtype_f64_p0", lambda ms, x: _N(ms).Dropout(0.0)(x), F64(3, 4)),
    case("mint.nn.Dropout/int32_eval", lambda ms, x: _eval(_N(ms).Dropout(0.5))(x), I32(3, 4)),
    case("mint.nn.Dropout/graph_eval", lambda ms, x: _eval(_N(ms).Dropout(0.5))(x), F32(3, 4), mode="graph"),
    case("mint.nn.Dropout2d/dtype_f16_eval", lambda ms, x: _eval(_N(ms).Dropout2d(0.5))(x), F16(2, 3, 2, 2)),
    case("mint.nn.Dropout2d/dtype_f64_p0", lambda ms, x: _N(ms).Dropout2d(0.0)(x), F64(2, 3, 2, 2)),
    case("mint.nn.Dropout2d/graph_eval", lambda ms, x: _eval(_N(ms).Dropout2d(0.3))(x), F32(2, 3, 2, 2),
         mode="graph"),
    case("mint.nn.Identity/dtype_f64", lambda ms, x: _N(ms).Identity()(x), F64(2, 3)),
    case("mint.nn.Identity/int32", lambda ms, x: _N(ms).Identity(1, a=2)(x), I32(2, 3)),
    case("mint.nn.Identity/graph", lambda ms, x: _N(ms).Identity()(x) * 2, F32(2, 3), mode="graph"),
    case("mint.nn.functional.dropout/f16_eval", lambda ms, x: _F(ms).dropout(x, 0.5, training=False), F16(3, 4)),
    case("mint.nn.functional.dropout/f64_p0", lambda ms, x: _F(ms).dropout(x, 0.0), F64(3, 4)),
    case("mint.nn.functional.dropout/graph_eval", lambda ms, x: _F(ms).dropout(x, 0.5, training=False) + 1,
         F32(3, 4), mode="graph"),
    # Dropout2dExt: no CPU kernel in MindSpore ("Not implement exception"): PyTorch
    tcase("mint.nn.functional.dropout2d/f16_eval", lambda m, x: _F(m).dropout2d(x, 0.5, training=False),
          F16(2, 3, 2, 2)),
    tcase("mint.nn.functional.dropout2d/f64_p0", lambda m, x: _F(m).dropout2d(x, 0.0), F64(2, 3, 2, 2)),
]

# ------------------------------------------------------------------ in-place activations (PyTorch oracle)
_INPLACE = {
    "relu_": lambda m, x: (_F(m).relu_(x), x),
    "hardtanh_": lambda m, x: (_F(m).hardtanh_(x, -0.5, 1.0), x),
    "threshold_": lambda m, x: (_F(m).threshold_(x, 0.1, 2.0), x),
    "elu_": lambda m, x: (_F(m).elu_(x, 0.5), x),
    "sigmoid_": lambda m, x: (_sigmoid_(m, x), x),
}
for n, f in _INPLACE.items():
    CASES += [
        tcase(f"mint.nn.functional.{n}/f16", f, F16(2, 3, seed=40), **_H),
        tcase(f"mint.nn.functional.{n}/f64", f, F64(2, 3, seed=41)),
    ]
    # bfloat16: not sigmoid_, whose out-of-place twin MindSpore's CPU Sigmoid kernel rejects in bfloat16
    if n != "sigmoid_":
        CASES.append(tcase(f"mint.nn.functional.{n}/bf16", lambda m, x, f=f: tuple(_bf(m, y) for y in f(
            m, _as(m, x, "bfloat16"))), F32(2, 3, seed=42), **_BF))
# integer inputs: ReLU, Hardtanh and Threshold keep them; ELU and Sigmoid reject them (a RuntimeError, as
# MindSpore documents for elu_; PyTorch: NotImplementedError / RuntimeError)
CASES += [tcase(f"mint.nn.functional.{n}/int32", _INPLACE[n], I32(2, 3, seed=43))
          for n in ("relu_", "hardtanh_", "threshold_")]
CASES += [
    case("mint.nn.functional.elu_/bad_int", _INPLACE["elu_"], I32(2, 3), error=True, torch_ref=_INPLACE["elu_"],
         ms_error="RuntimeError"),
]
