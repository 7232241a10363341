"""mindspore.mint math names with a second dtype, a gradient, bad input or a GRAPH_MODE form still to
check: ``addmm``, ``addr_``, ``logsumexp``, ``nan_to_num``, the SyncBatchNorm statistic pieces
(``batch_norm_stats``, ``batch_norm_elemt``, ``batch_norm_gather_stats_with_counts``), ``conv2d``,
``conv_tbc``, ``einsum``, ``npu_gelu``, ``real``/``imag``/``polar`` and ``linalg.norm``.

Oracles (one per case):

- real MindSpore 2.10 CPU where its build runs the op (``nan_to_num``, ``real``, ``imag``, ``polar``,
  ``linalg.norm``'s argument checks) and for every dtype MindSpore rejects while checking the arguments
  (float64 ``addmm``/``logsumexp``/``nan_to_num``, float64 and integer inputs of the batch-norm pieces:
  the TypeError comes before kernel selection, so the CPU build answers for Ascend);
- PyTorch (``torch_ref``) where MindSpore's CPU stops at the missing kernel (``Addmm``, ``LogSumExp``,
  ``InplaceAddr``, ``Conv2DExt``, ``ConvTbc``, "einsum only supports Ascend");
- a MindSpore re-expression (``ms_ref``) where PyTorch has no CPU form either: ``npu_gelu`` (not a
  PyTorch op: ``ops.gelu``, which MindSpore's CPU runs) and the batch-norm pieces (CUDA-only in
  PyTorch: their documented math in numpy).
"""
import numpy as np

from parity_tests.harness import case, F16, F32, F64, I32
from parity_tests.cases._mint_cover_common import np_ref, grad_sum, mint_or_torch as _op


def _both(fn):
    """``torch_ref=fn``: PyTorch runs the same body."""
    return {"torch_ref": fn}


def _addr_(m, x, a, b, **kw):
    """``addr_`` of mint or ``torch.Tensor``: the result and the input it updated in place."""
    out = m.mint.addr_(x, a, b, **kw) if hasattr(m, "mint") else x.addr_(a, b, **kw)
    return out, x


# ---- the batch-norm pieces' documented math (numpy, float64 inside, the input's dtype out) ----------

def _bn_shape(x):
    return (1, -1) + (1,) * (x.ndim - 2)


def _np_stats(x):
    axes = (0,) + tuple(range(2, x.ndim))
    v = x.astype(np.float64)
    mean = v.mean(axes)
    var = ((v - mean.reshape(_bn_shape(x))) ** 2).mean(axes)
    return mean, 1.0 / np.sqrt(var + 1e-5)


def _np_elemt(x, w, b, mu, s):
    shape = _bn_shape(x)
    out = (x.astype(np.float64) - mu.reshape(shape)) * s.reshape(shape)
    return out * w.reshape(shape) + b.reshape(shape)


def _np_gather(x, mu, s, counts):
    c = counts.astype(np.float64)[:, None]
    n = c.sum()
    mu, s = mu.astype(np.float64), s.astype(np.float64)
    mean = (c * mu).sum(0) / n
    var = (c * (1.0 / s ** 2 - 1e-5 + mu ** 2)).sum(0) / n - mean ** 2
    return mean, 1.0 / np.sqrt(var + 1e-5)


_COUNTS = np.array([3.0, 5.0], np.float32)
_BN16 = F16(4, 3, 2, seed=604)


def _stats(m, x):
    return m.mint.batch_norm_stats(x, 1e-5)


def _elemt(m, x, w, b, mu, s):
    return m.mint.batch_norm_elemt(x, w, b, mu, s, 1e-5)


def _gather(m, x, mu, s, counts):
    return m.mint.batch_norm_gather_stats_with_counts(x, mu, s, None, None, 0.1, 1e-5, counts)


def _gather_running(m, x, mu, s, rm, rv, counts):
    out = m.mint.batch_norm_gather_stats_with_counts(x, mu, s, rm, rv, 0.1, 1e-5, counts)
    return out, rm, rv


def _np_gather_running(x, mu, s, rm, rv, counts):
    mean, invstd = _np_gather(x, mu, s, counts)
    n = counts.astype(np.float64).sum()
    var = 1.0 / invstd ** 2 - 1e-5
    return mean, invstd, 0.9 * rm + 0.1 * mean, 0.9 * rv + 0.1 * var * n / (n - 1)


def _ref_gather_running(ms, *args):
    """``_np_gather_running`` on MindSpore, shaped like the case's ``((mean, invstd), rm, rv)``."""
    mean, invstd, rm, rv = np_ref(_np_gather_running)(ms, *args)
    return (mean, invstd), rm, rv


BN = [
    # float16: the second dtype of each piece (float32 is in mint_cover_functional)
    case("mint.batch_norm_stats/f16", _stats, _BN16, ms_ref=np_ref(lambda x: _np_stats(x))),
    case("mint.batch_norm_elemt/f16", _elemt, _BN16, F16(3, seed=605), F16(3, seed=606), F16(3, seed=607),
         F16(3, low=0.5, high=2.0, seed=608), ms_ref=np_ref(_np_elemt)),
    case("mint.batch_norm_gather_stats_with_counts/f16", _gather, _BN16, F16(2, 3, seed=609),
         F16(2, 3, low=0.5, high=2.0, seed=610), _COUNTS, ms_ref=np_ref(lambda x, mu, s, c: _np_gather(x, mu, s, c))),
    # GRAPH_MODE
    case("mint.batch_norm_stats/graph", _stats, F32(3, 4, 5, seed=611), mode="graph",
         ms_ref=np_ref(lambda x: _np_stats(x))),
    case("mint.batch_norm_elemt/graph", _elemt, F32(2, 3, 4, seed=612), F32(3, seed=613), F32(3, seed=614),
         F32(3, seed=615), F32(3, low=0.5, high=2.0, seed=616), mode="graph", ms_ref=np_ref(_np_elemt)),
    case("mint.batch_norm_gather_stats_with_counts/graph_running", _gather_running, F32(4, 3, seed=617),
         F32(2, 3, seed=618), F32(2, 3, low=0.5, high=2.0, seed=619), F32(3, seed=620),
         F32(3, low=0.5, high=1.5, seed=621), _COUNTS, mode="graph", ms_ref=_ref_gather_running),
]
# bad input: MindSpore checks the input's dtype (float16/float32, bfloat16 for elemt and gather) and
# that it is a Tensor while parsing the arguments, before kernel selection
for _tag, _x in (("bad_f64", F64(4, 3, seed=622)), ("bad_int32", I32(4, 3, seed=623))):
    BN += [
        case(f"mint.batch_norm_stats/{_tag}", _stats, _x, error=True),
        case(f"mint.batch_norm_elemt/{_tag}", _elemt, _x, F32(3), F32(3, seed=2), F32(3, seed=3),
             F32(3, low=0.5, high=2.0), error=True),
        case(f"mint.batch_norm_gather_stats_with_counts/{_tag}", _gather, _x, F32(2, 3), F32(2, 3, low=0.5, high=2.0),
             _COUNTS, error=True),
    ]
BN += [
    case("mint.batch_norm_stats/bad_list", lambda ms: ms.mint.batch_norm_stats([1.0, 2.0], 1e-5), error=True),
    case("mint.batch_norm_stats/bad_str_eps", lambda ms, x: ms.mint.batch_norm_stats(x, "a"), F32(4, 3), error=True),
]

# ---- addmm, logsumexp, nan_to_num: the dtypes MindSpore's mint kernels reject ------------------------
REJECTED = [
    # MindSpore's Addmm takes float16/bfloat16/float32 ``input`` (TypeError for float64 and integers, where
    # ops.addmm takes them); LogSumExp rejects float64; NanToNum (ops.nan_to_num's kernel too) float64
    case("mint.addmm/bad_f64", lambda ms, c, a, b: ms.mint.addmm(c, a, b), F64(2, 2), F64(2, 3), F64(3, 2), error=True),
    case("mint.addmm/bad_int32", lambda ms, c, a, b: ms.mint.addmm(c, a, b), I32(2, 2), I32(2, 3), I32(3, 2),
         error=True),
    case("mint.logsumexp/bad_f64", lambda ms, x: ms.mint.logsumexp(x, 1), F64(2, 3), error=True),
    case("mint.logsumexp/bad_f64_keepdim", lambda ms, x: ms.mint.logsumexp(x, (0, 1), True), F64(2, 3), error=True),
    case("mint.logsumexp/bad_complex128", lambda ms, x: ms.mint.logsumexp(x, 0),
         np.array([1 + 1j, 2 - 1j], np.complex128), error=True),
    case("mint.logsumexp/bad_uint16", lambda ms, x: ms.mint.logsumexp(x, 0), np.array([1, 2], np.uint16), error=True),
    case("mint.nan_to_num/bad_f64", lambda ms, x: ms.mint.nan_to_num(x), F64(2, 3), error=True),
    case("mint.nan_to_num/bad_f64_args", lambda ms, x: ms.mint.nan_to_num(x, nan=1.0, posinf=2.0), F64(4),
         error=True),
    case("mint.nan_to_num/ops_bad_f64", lambda ms, x: ms.ops.nan_to_num(x), F64(2, 3), error=True),
    # accepted dtypes: float16 (MindSpore's CPU runs NanToNum), integers (LogSumExp takes them: PyTorch,
    # whose logsumexp of integers is float32, is the oracle where MindSpore's CPU lacks the kernel)
    case("mint.nan_to_num/f16_special", lambda ms, x: ms.mint.nan_to_num(x, nan=0.5),
         np.array([np.nan, np.inf, -np.inf, 1.5], np.float16)),
    case("mint.logsumexp/int32", lambda m, x: _op(m, "logsumexp")(x, 1), I32(2, 3, seed=624),
         **_both(lambda m, x: _op(m, "logsumexp")(x, 1))),
    case("mint.addmm/f16", lambda m, c, a, b: _op(m, "addmm")(c, a, b, beta=0.5, alpha=2), F16(2, 2, seed=625),
         F16(2, 3, seed=626), F16(3, 2, seed=627), **_both(lambda m, c, a, b: _op(m, "addmm")(c, a, b, beta=0.5,
                                                                                             alpha=2))),
]

# ---- addr_: dtypes, GRAPH_MODE and bad input -----------------------------------------------------
ADDR = [
    case("mint.addr_/f64", lambda m, x, a, b: _addr_(m, x, a, b, beta=2, alpha=0.5), F64(2, 3, seed=628),
         F64(2, seed=629), F64(3, seed=630), **_both(lambda m, x, a, b: _addr_(m, x, a, b, beta=2, alpha=0.5))),
    case("mint.addr_/f16", lambda m, x, a, b: _addr_(m, x, a, b), F16(2, 3, seed=631), F16(2, seed=632),
         F16(3, seed=633), **_both(lambda m, x, a, b: _addr_(m, x, a, b))),
    case("mint.addr_/graph", lambda m, x, a, b: _addr_(m, x, a, b, alpha=3), F32(3, 2, seed=634), F32(3, seed=635),
         F32(2, seed=636), mode="graph", **_both(lambda m, x, a, b: _addr_(m, x, a, b, alpha=3))),
    # MindSpore checks that the three are Tensors and the scalars' types while parsing the arguments
    case("mint.addr_/bad_list_vec", lambda ms, x, b: ms.mint.addr_(x, [1.0, 2.0], b), F32(2, 3), F32(3), error=True),
    case("mint.addr_/bad_not_tensor", lambda ms, a, b: ms.mint.addr_([[1.0]], a, b), F32(1), F32(1), error=True),
    case("mint.addr_/bad_str_beta", lambda ms, x, a, b: ms.mint.addr_(x, a, b, beta="a"), F32(2, 3), F32(2), F32(3),
         error=True),
]

# ---- conv2d (mint.conv2d, PyTorch's torch.conv2d), conv_tbc, einsum: gradients and a second dtype ---
# (float16 convolutions sum in another order than PyTorch's: widened to 5e-3; float32 grads to 1e-4)


def _conv2d_grad(m, x, w):
    return grad_sum(m, lambda u, v: _op(m, "conv2d")(u, v, None, 1, 1), x, w, argnums=(0, 1))


def _conv2d_bias_grad(m, x, w, b):
    return grad_sum(m, lambda u, v, c: _op(m, "conv2d")(u, v, c, 2), x, w, b, argnums=(0, 1, 2))


CONV = [
    case("mint.conv2d/grad", _conv2d_grad, F32(1, 2, 5, 5, seed=637), F32(3, 2, 3, 3, seed=638), rtol=1e-4, atol=1e-4,
         **_both(_conv2d_grad)),
    case("mint.conv2d/grad_bias_stride", _conv2d_bias_grad, F32(2, 2, 6, 6, seed=639), F32(4, 2, 3, 3, seed=640),
         F32(4, seed=641), rtol=1e-4, atol=1e-4, slow=True, **_both(_conv2d_bias_grad)),
    case("mint.conv2d/f16", lambda m, x, w: _op(m, "conv2d")(x, w), F16(1, 2, 5, 5, seed=642), F16(3, 2, 3, 3, seed=643),
         rtol=5e-3, atol=5e-3, **_both(lambda m, x, w: _op(m, "conv2d")(x, w))),
    case("mint.conv_tbc/f16", lambda m, x, w, b: _op(m, "conv_tbc")(x, w, b, 1), F16(5, 2, 3, seed=644),
         F16(3, 3, 4, seed=645), F16(4, seed=646), rtol=5e-3, atol=5e-3,
         **_both(lambda m, x, w, b: _op(m, "conv_tbc")(x, w, b, 1))),
    case("mint.einsum/f64", lambda m, a, b: _op(m, "einsum")("bij,bjk->bik", a, b), F64(2, 2, 3, seed=647),
         F64(2, 3, 4, seed=648), **_both(lambda m, a, b: _op(m, "einsum")("bij,bjk->bik", a, b))),
    case("mint.einsum/f16", lambda m, a: _op(m, "einsum")("ij->j", a), F16(3, 4, seed=649),
         **_both(lambda m, a: _op(m, "einsum")("ij->j", a))),
]

# ---- real, imag, polar: gradients through the complex result, GRAPH_MODE, bad input (MindSpore) -----


def _real_grad(ms, a, b):
    return grad_sum(ms, lambda u, v: ms.mint.real(ms.mint.polar(u, v)), a, b, argnums=(0, 1))


def _imag_grad(ms, a, b):
    return grad_sum(ms, lambda u, v: ms.mint.imag(ms.mint.polar(u, v)), a, b, argnums=(0, 1))


def _polar_grad(ms, a, b):
    return grad_sum(ms, lambda u, v: ms.mint.real(ms.mint.polar(u, v)) - 2 * ms.mint.imag(ms.mint.polar(u, v)),
                    a, b, argnums=(0, 1))


_ABS = F32(2, 3, low=0.5, high=2.0, seed=650)
_ANG = F32(2, 3, low=-3.0, high=3.0, seed=651)
_C64 = np.array([[1 + 2j, -3 - 0.5j], [0.25 - 1j, 2j]], np.complex64)
COMPLEX = [
    case("mint.real/grad", _real_grad, _ABS, _ANG),
    case("mint.imag/grad", _imag_grad, _ABS, _ANG),
    case("mint.polar/grad", _polar_grad, _ABS, _ANG),
    case("mint.real/graph", lambda ms, x: ms.mint.real(x), _C64, mode="graph"),
    case("mint.imag/graph", lambda ms, x: ms.mint.imag(x), _C64, mode="graph"),
    case("mint.polar/graph", lambda ms, a, b: ms.mint.polar(a, b), _ABS, _ANG, mode="graph"),
    case("mint.imag/bad_list", lambda ms: ms.mint.imag([1.0, 2.0]), error=True),
    case("mint.imag/bad_int_tuple", lambda ms: ms.mint.imag((1, 2)), error=True),
]

# ---- linalg.norm: bad arguments (MindSpore's Python checks, ValueError) -----------------------------
NORM = [
    case("mint.linalg.norm/bad_str_ord", lambda ms, x: ms.mint.linalg.norm(x, ord="abc"), F32(2, 3), error=True),
    case("mint.linalg.norm/bad_dim", lambda ms, x: ms.mint.linalg.norm(x, dim=3), F32(2, 3), error=True),
    case("mint.linalg.norm/bad_fro_1d", lambda ms, x: ms.mint.linalg.norm(x, ord="fro"), F32(3), error=True),
    case("mint.linalg.norm/bad_three_dims", lambda ms, x: ms.mint.linalg.norm(x, dim=(0, 1, 2)), F32(2, 3, 4),
         error=True),
]

# ---- npu_gelu: MindSpore's CPU has no NpuGelu kernel and PyTorch no such op: ops.gelu on MindSpore --


def _gelu_ref(approximate="none"):
    return lambda ms, x: ms.ops.gelu(x, approximate=approximate)


NPU_GELU = [
    case("mint.npu_gelu/f16", lambda ms, x: ms.mint.npu_gelu(x), F16(2, 3, seed=652), ms_ref=_gelu_ref()),
    case("mint.npu_gelu/f64_tanh", lambda ms, x: ms.mint.npu_gelu(x, approximate="tanh"), F64(2, 3, seed=653),
         ms_ref=_gelu_ref("tanh")),
    case("mint.npu_gelu/grad", lambda ms, x: grad_sum(ms, ms.mint.npu_gelu, x), F32(2, 3, seed=654),
         ms_ref=lambda ms, x: grad_sum(ms, ms.ops.gelu, x)),
    case("mint.npu_gelu/grad_tanh", lambda ms, x: grad_sum(ms, lambda u: ms.mint.npu_gelu(u, approximate="tanh"), x),
         F32(3, 2, seed=655), ms_ref=lambda ms, x: grad_sum(ms, lambda u: ms.ops.gelu(u, approximate="tanh"), x)),
    case("mint.npu_gelu/graph", lambda ms, x: ms.mint.npu_gelu(x), F32(2, 3, seed=656), mode="graph",
         ms_ref=_gelu_ref()),
    # MindSpore checks that the input is a Tensor while parsing the arguments
    case("mint.npu_gelu/bad_list", lambda ms: ms.mint.npu_gelu([1.0, 2.0]), error=True),
]

CASES = BN + REJECTED + ADDR + CONV + COMPLEX + NORM + NPU_GELU
