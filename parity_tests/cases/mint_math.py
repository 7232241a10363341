"""mindspore.mint math: elementwise ops (the ``ops`` entries themselves), reductions with
``dim=``/``keepdim=``, max/min's three forms, softmax, sorting. Oracle: real MindSpore 2.10 CPU;
PyTorch (``torch_ref``, to which mint is documented as aligned) where the mint kernel is
unregistered there (``CumsumExt``, ``ArgMaxExt``, ``TopkExt``, ``SortExt``, ``ArgSort``, ``Std``, ``Var``,
``LinalgVectorNorm``, ``Mm``, ``Outer``, ...); a MindSpore re-expression (``ms_ref``) where
PyTorch's CPU build lacks the op too (``batch_norm_stats``, ``npu_gelu``)."""
import numpy as np

from parity_tests.harness import case, both_modes, F32, F16, I32, I64, BOOL


POS = F32(2, 3, low=0.5, high=3.0)

CASES = [
    case("mint.sum/all", lambda ms, x: ms.mint.sum(x), F32(2, 3)),
    case("mint.sum/dim_keepdim", lambda ms, x: ms.mint.sum(x, 1, True), F32(2, 3)),
    case("mint.sum/dims_tuple", lambda ms, x: ms.mint.sum(x, dim=(0, 2)), F32(2, 3, 2)),
    case("mint.sum/int_dtype", lambda ms, x: ms.mint.sum(x, dim=0, dtype=ms.float32), I32(3, 2)),
    case("mint.sum/grad", lambda ms, x: ms.grad(lambda u: ms.mint.sum(u * u, dim=1).sum())(x), F32(2, 3)),
    case("mint.mean/all", lambda ms, x: ms.mint.mean(x), F32(2, 3)),
    case("mint.mean/dim", lambda ms, x: ms.mint.mean(x, 1), F32(2, 3)),
    case("mint.mean/keepdim", lambda ms, x: ms.mint.mean(x, dim=0, keepdim=True), F32(2, 3)),
    case("mint.mean/grad", lambda ms, x: ms.grad(lambda u: ms.mint.mean(u * u))(x), F32(2, 3)),
    case("mint.max/all", lambda ms, x: ms.mint.max(x), F32(2, 3)),
    case("mint.max/dim", lambda ms, x: ms.mint.max(x, 1), F32(2, 3)),
    case("mint.max/dim_keepdim", lambda ms, x: ms.mint.max(x, dim=0, keepdim=True), F32(2, 3)),
    case("mint.max/other", lambda ms, x, y: ms.mint.max(x, y), F32(2, 3), F32(2, 3, seed=4)),
    case("mint.max/int", lambda ms, x: ms.mint.max(x, 0), I32(3, 2)),
    case("mint.min/all", lambda ms, x: ms.mint.min(x), F32(2, 3)),
    case("mint.min/dim", lambda ms, x: ms.mint.min(x, 0), F32(2, 3)),
    case("mint.min/other", lambda ms, x, y: ms.mint.min(x, y), F32(2, 3), F32(2, 3, seed=4)),
    case("mint.prod/dim", lambda ms, x: ms.mint.prod(x, 1), F32(2, 3)),
    case("mint.amax/dim", lambda ms, x: ms.mint.amax(x, 1), F32(2, 3)),
    case("mint.all/bool", lambda ms, x: ms.mint.all(x), BOOL(2, 3)),
    case("mint.any/dim", lambda ms, x: ms.mint.any(x, 1), BOOL(2, 3)),
    case("mint.cumprod/dim", lambda ms, x: ms.mint.cumprod(x, 1), F32(2, 3)),
    case("mint.exp/f32", lambda ms, x: ms.mint.exp(x), F32(2, 3)),
    case("mint.exp/f16", lambda ms, x: ms.mint.exp(x), F16(4)),
    case("mint.exp/int_to_float", lambda ms, x: ms.mint.exp(x), I32(3)),
    case("mint.log/pos", lambda ms, x: ms.mint.log(x), POS),
    case("mint.rsqrt/pos", lambda ms, x: ms.mint.rsqrt(x), POS),
    case("mint.sqrt/pos", lambda ms, x: ms.mint.sqrt(x), POS),
    case("mint.sin/f32", lambda ms, x: ms.mint.sin(x), F32(5)),
    case("mint.sigmoid/f32", lambda ms, x: ms.mint.sigmoid(x), F32(5)),
    case("mint.tanh/f32", lambda ms, x: ms.mint.tanh(x), F32(5)),
    case("mint.abs/int", lambda ms, x: ms.mint.abs(x), I32(5)),
    case("mint.floor/f32", lambda ms, x: ms.mint.floor(x), F32(5)),
    case("mint.round/f32", lambda ms, x: ms.mint.round(x), F32(5)),
    case("mint.isinf/f32", lambda ms, x: ms.mint.isinf(x / 0.0), F32(4)),
    case("mint.isnan/f32", lambda ms, x: ms.mint.isnan(x), F32(4)),
    case("mint.clamp/both", lambda ms, x: ms.mint.clamp(x, -1, 1), F32(2, 3)),
    case("mint.clamp/min_only", lambda ms, x: ms.mint.clamp(x, min=0.5), F32(2, 3)),
    case("mint.clamp/grad", lambda ms, x: ms.grad(lambda u: ms.mint.clamp(u, -1, 1).sum())(x), F32(2, 3)),
    case("mint.matmul/2d", lambda ms, a, b: ms.mint.matmul(a, b), F32(2, 3), F32(3, 4)),
    case("mint.matmul/batched", lambda ms, a, b: ms.mint.matmul(a, b), F32(2, 2, 3), F32(3, 2)),
    case("mint.matmul/grad", lambda ms, a, b: ms.grad(lambda u, v: ms.mint.matmul(u, v).sum(), (0, 1))(a, b),
         F32(2, 3), F32(3, 4)),
    case("mint.bmm/basic", lambda ms, a, b: ms.mint.bmm(a, b), F32(2, 2, 3), F32(2, 3, 2)),
    case("mint.mul/scalar", lambda ms, x: ms.mint.mul(x, 2), F32(2, 3)),
    case("mint.add/alpha", lambda ms, x, y: ms.mint.add(x, y, alpha=2), F32(2, 3), F32(2, 3, seed=4)),
    case("mint.sub/tensor", lambda ms, x, y: ms.mint.sub(x, y), F32(2, 3), F32(3)),
    case("mint.div/tensor", lambda ms, x, y: ms.mint.div(x, y), F32(2, 3), POS),
    case("mint.div/floor", lambda ms, x, y: ms.mint.div(x, y, rounding_mode="floor"), F32(2, 3), POS),
    case("mint.pow/scalar", lambda ms, x: ms.mint.pow(x, 2), F32(2, 3)),
    case("mint.maximum/f32", lambda ms, x, y: ms.mint.maximum(x, y), F32(3), F32(3, seed=9)),
    case("mint.logical_and/bool", lambda ms, x, y: ms.mint.logical_and(x, y), BOOL(4), BOOL(4, seed=2)),
    case("mint.softmax/dim1", lambda ms, x: ms.mint.softmax(x, 1), F32(2, 3)),
    case("mint.softmax/dim0", lambda ms, x: ms.mint.softmax(x, dim=0), F32(2, 3)),
    case("mint.softmax/grad", lambda ms, x: ms.grad(lambda u: (ms.mint.softmax(u, -1) * u).sum())(x), F32(2, 3)),
    case("mint.cumsum/dim1", lambda ms, x: ms.mint.cumsum(x, 1), F32(2, 3),
         torch_ref=lambda torch, x: torch.cumsum(x, 1)),
    case("mint.cumsum/int", lambda ms, x: ms.mint.cumsum(x, dim=0), I64(3, 2),
         torch_ref=lambda torch, x: torch.cumsum(x, dim=0)),
    case("mint.argmax/dim", lambda ms, x: ms.mint.argmax(x, 1), F32(2, 3),
         torch_ref=lambda torch, x: torch.argmax(x, 1)),
    case("mint.argmax/keepdim", lambda ms, x: ms.mint.argmax(x, 0, True), F32(3, 2),
         torch_ref=lambda torch, x: torch.argmax(x, 0, True)),
    case("mint.topk/k2", lambda ms, x: ms.mint.topk(x, 2), F32(2, 4),
         torch_ref=lambda torch, x: torch.topk(x, 2)),
    case("mint.sort/descending", lambda ms, x: ms.mint.sort(x, descending=True), F32(2, 4),
         torch_ref=lambda torch, x: torch.sort(x, descending=True)),
    case("mint.sort/ascending", lambda ms, x: ms.mint.sort(x), F32(3, 4),
         torch_ref=lambda torch, x: torch.sort(x)),
    case("mint.argsort/dim", lambda ms, x: ms.mint.argsort(x, -1), F32(2, 4),
         torch_ref=lambda torch, x: torch.argsort(x, -1)),
    case("mint.var/dim", lambda ms, x: ms.mint.var(x, 1), F32(2, 5),
         torch_ref=lambda torch, x: torch.var(x, 1)),
    case("mint.var/correction0", lambda ms, x: ms.mint.var(x, 0, correction=0), F32(4, 2),
         torch_ref=lambda torch, x: torch.var(x, 0, correction=0)),
    case("mint.std/dim_keepdim", lambda ms, x: ms.mint.std(x, 1, keepdim=True), F32(2, 5),
         torch_ref=lambda torch, x: torch.std(x, 1, keepdim=True)),
    case("mint.norm/fro", lambda ms, x: ms.mint.norm(x), F32(2, 3),
         torch_ref=lambda torch, x: torch.norm(x)),
    case("mint.norm/p1_dim", lambda ms, x: ms.mint.norm(x, 1, dim=1), F32(2, 3),
         torch_ref=lambda torch, x: torch.norm(x, 1, dim=1)),
    case("mint.mm/basic", lambda ms, a, b: ms.mint.mm(a, b), F32(2, 3), F32(3, 2),
         torch_ref=lambda torch, a, b: torch.mm(a, b)),
    case("mint.outer/basic", lambda ms, a, b: ms.mint.outer(a, b), F32(3), F32(2),
         torch_ref=lambda torch, a, b: torch.outer(a, b)),
    case("mint.max/float_other", lambda ms, x: ms.mint.max(x, 1.5), F32(2, 3)),
    case("mint.max/bad_dim_str", lambda ms, x: ms.mint.max(x, "a"), F32(2, 3), error=True),
    case("mint.softmax/bad_missing_dim", lambda ms, x: ms.mint.softmax(x), F32(2, 3), error=True),
]
CASES += both_modes("mint.sum/modes", lambda ms, x: ms.mint.sum(x, dim=1, keepdim=True), F32(2, 3))
CASES += both_modes("mint.exp/modes", lambda ms, x: ms.mint.exp(x), F32(2, 3))
CASES += both_modes("mint.max/modes", lambda ms, x: ms.mint.max(x, 1), F32(2, 3))
CASES += both_modes("mint.matmul/modes", lambda ms, a, b: ms.mint.matmul(a, b), F32(2, 3), F32(3, 2))

# less used mint math names
CASES += [
    case("mint.addmm/beta_alpha", lambda ms, c, a, b: ms.mint.addmm(c, a, b, beta=0.5, alpha=2), F32(2, 2), F32(2, 3),
         F32(3, 2), torch_ref=lambda torch, c, a, b: torch.addmm(c, a, b, beta=0.5, alpha=2)),
    case("mint.cross/dim1", lambda ms, a, b: ms.mint.cross(a, b, dim=1), F32(2, 3), F32(2, 3, seed=6)),
    case("mint.swapaxes/basic", lambda ms, x: ms.mint.swapaxes(x, 0, 1), F32(2, 3)),
    case("mint.t/2d", lambda ms, x: ms.mint.t(x), F32(2, 3)),
    case("mint.clone/f32", lambda ms, x: ms.mint.clone(x), F32(2, 3), torch_ref=lambda torch, x: torch.clone(x)),
    case("mint.nansum/dim", lambda ms, x: ms.mint.nansum(x, 1), F32(2, 3)),
    case("mint.std_mean/dim", lambda ms, x: ms.mint.std_mean(x, 1), F32(2, 5),
         torch_ref=lambda torch, x: torch.std_mean(x, 1)),
    case("mint.var_mean/all", lambda ms, x: ms.mint.var_mean(x), F32(2, 5),
         torch_ref=lambda torch, x: torch.var_mean(x)),
    case("mint.vdot/f32", lambda ms, a, b: ms.mint.vdot(a, b), F32(4), F32(4, seed=8),
         torch_ref=lambda torch, a, b: torch.vdot(a, b)),
    case("mint.cdist/p2", lambda ms, a, b: ms.mint.cdist(a, b), F32(3, 2), F32(4, 2)),
    case("mint.index_add/alpha", lambda ms, x, i, s: ms.mint.index_add(x, 0, i, s, alpha=2), F32(3, 2),
         np.array([2, 0], np.int32), F32(2, 2, seed=4)),
    case("mint.bincount/plain", lambda ms, x: ms.mint.bincount(x), np.array([0, 1, 1, 3], np.int64),
         torch_ref=lambda torch, x: torch.bincount(x)),
    case("mint.bincount/weights", lambda ms, x, w: ms.mint.bincount(x, w, minlength=5), np.array([0, 1, 1, 3], np.int64),
         np.array([0.5, 1.0, 2.0, 1.5], np.float32),
         torch_ref=lambda torch, x, w: torch.bincount(x, w, minlength=5)),
    case("mint.histc/bins4", lambda ms, x: ms.mint.histc(x, 4, -2, 2), F32(10),
         torch_ref=lambda torch, x: torch.histc(x, 4, -2, 2)),
]

UPPER = np.triu(F32(3, 3, low=0.5, high=1.5)) + np.eye(3, dtype=np.float32)
CASES += [
    case("mint.kthvalue/k2", lambda ms, x: ms.mint.kthvalue(x, 2, 1), np.array([[3., 1., 2.], [0., 5., 4.]], np.float32),
         torch_ref=lambda torch, x: torch.kthvalue(x, 2, 1)),
    case("mint.triangular_solve/upper", lambda ms, b, a: ms.mint.triangular_solve(b, a)[0], F32(3, 2), UPPER,
         torch_ref=lambda torch, b, a: torch.triangular_solve(b, a)[0],
         rtol=1e-4, atol=1e-5),
    # ms_ref kept: PyTorch's CPU build has no batch_norm_stats kernel (CUDA only), and npu_gelu is not a torch op
    case("mint.batch_norm_stats/3d", lambda ms, x: ms.mint.batch_norm_stats(x, 1e-5), F32(4, 2, 3),
         ms_ref=lambda ms, x: (x.mean(axis=(0, 2)),
                               1 / ms.ops.sqrt(((x - x.mean(axis=(0, 2), keep_dims=True)) ** 2).mean(axis=(0, 2))
                                               + 1e-5))),
    case("mint.npu_gelu/none", lambda ms, x: ms.mint.npu_gelu(x), F32(2, 3), ms_ref=lambda ms, x: ms.ops.gelu(x)),
]
CASES += [
    case("mint.allclose/true", lambda ms, x: ms.mint.allclose(x, x + 1e-7), F32(2, 3)),
    case("mint.allclose/false", lambda ms, x: ms.mint.allclose(x, x + 1), F32(2, 3)),
    case("mint.fix/f32", lambda ms, x: ms.mint.fix(x), F32(2, 3)),
    case("mint.bitwise_not/int32", lambda ms, x: ms.mint.bitwise_not(x), I32(5),
         torch_ref=lambda torch, x: torch.bitwise_not(x)),
]
CASES += both_modes("mint.softmax/modes", lambda ms, x: ms.mint.softmax(x, dim=1), F32(2, 3))
CASES += both_modes("mint.cumsum/modes", lambda ms, x: ms.mint.cumsum(x, 1), F32(2, 3),
                    torch_ref=lambda torch, x: torch.cumsum(x, 1))
CASES += both_modes("mint.mean/modes", lambda ms, x: ms.mint.mean(x, dim=0, keepdim=True), F32(2, 3))

SPD = F32(3, 3, low=0.0, high=0.5) + 2 * np.eye(3, dtype=np.float32)
CASES += [
    case("mint.linalg.vector_norm/dim", lambda ms, x: ms.mint.linalg.vector_norm(x, 2, 1), F32(2, 3),
         torch_ref=lambda torch, x: torch.linalg.vector_norm(x, 2, 1)),
    case("mint.linalg.matrix_norm/fro", lambda ms, x: ms.mint.linalg.matrix_norm(x), F32(2, 3, 3),
         torch_ref=lambda torch, x: torch.linalg.matrix_norm(x)),
    case("mint.linalg.inv/spd", lambda ms, x: ms.mint.linalg.inv(x), SPD,
         torch_ref=lambda torch, x: torch.linalg.inv(x), rtol=1e-4, atol=1e-5),
    case("mint.special.log_softmax/dim", lambda ms, x: ms.mint.special.log_softmax(x, 1), F32(2, 3),
         torch_ref=lambda torch, x: torch.special.log_softmax(x, 1)),
    case("mint.special.expm1/f32", lambda ms, x: ms.mint.special.expm1(x), F32(4)),
    case("mint.special.round/f32", lambda ms, x: ms.mint.special.round(x), F32(4)),
    case("mint.special.round/bad_decimals", lambda ms, x: ms.mint.special.round(x, decimals=1), F32(4), error=True),
    case("mint.unique/sorted", lambda ms, x: ms.mint.unique(x), np.array([3, 1, 3, 2], np.int64),
         torch_ref=lambda torch, x: torch.unique(x)),
    case("mint.unique/inverse_counts", lambda ms, x: ms.mint.unique(x, return_inverse=True, return_counts=True),
         np.array([3, 1, 3, 2], np.int64),
         torch_ref=lambda torch, x: torch.unique(x, return_inverse=True, return_counts=True)),
    case("mint.median/all", lambda ms, x: ms.mint.median(x), F32(7),
         torch_ref=lambda torch, x: torch.median(x)),
    case("mint.median/dim", lambda ms, x: ms.mint.median(x, 1), F32(2, 5),
         torch_ref=lambda torch, x: torch.median(x, 1)),
    case("mint.diff/default", lambda ms, x: ms.mint.diff(x), F32(2, 5)),
]
