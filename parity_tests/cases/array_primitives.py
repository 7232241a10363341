"""Array-family Primitives and functions no other table exercised: BatchToSpace/SpaceToBatch/SplitV
checks, AffineGrid, Lstsq, is_nonzero and the array_info names, and the validation MindSpore runs
before kernel selection for ops whose CPU kernels are missing."""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, F64, I32, I64, U8, BOOL


def _np(a, dt=np.float32):
    return Raw(np.array(a, dt))


def _b2s(ms, x):
    return ms.ops.BatchToSpace(2, [[0, 0], [0, 0]])(x)


def _s2b(ms, x):
    return ms.ops.SpaceToBatch(2, [[0, 0], [0, 0]])(x)


CASES = [
    # --- _array_move
    case("BatchToSpace/bad_batch", _b2s, F32(3, 1, 2, 2), error=True),
    case("BatchToSpace/bad_block", lambda ms: ms.ops.BatchToSpace(1, [[0, 0], [0, 0]]), error=True),
    case("SpaceToBatch/bad_shape", _s2b, F32(1, 1, 3, 4), error=True),
    case("SpaceToBatch/bad_block", lambda ms: ms.ops.SpaceToBatch(1, [[0, 0], [0, 0]]), error=True),
    case("SplitV/bad_sum", lambda ms, x: ms.ops.SplitV([1, 1], 1, 2)(x), F32(2, 3), error=True),
    # --- _image (affine_grid), _linalg (lstsq)
    case("AffineGrid/f32", lambda ms, t: ms.ops.AffineGrid(False)(t, (1, 1, 3, 4)), F32(1, 2, 3)),
    case("AffineGrid/align", lambda ms, t: ms.ops.AffineGrid(True)(t, (2, 3, 2, 3)), F32(2, 2, 3)),
    case("AffineGrid/3d", lambda ms, t: ms.ops.AffineGrid(False)(t, (1, 1, 2, 3, 2)), F32(1, 3, 4)),
    case("AffineGrid/bad_theta", lambda ms, t: ms.ops.AffineGrid(False)(t, (1, 1, 3, 4)), F32(1, 3, 3),
         error=True),
    case("Lstsq/f32", lambda ms: ms.ops.Lstsq()(
        ms.Tensor(np.array([[2, 1], [1, 3], [0, 1]], np.float32)),
        ms.Tensor(np.array([[1], [2], [3]], np.float32))), atol=1e-4),
    case("Lstsq/bad_rank", lambda ms, a, b: ms.ops.Lstsq()(a, b), F32(3), F32(3, 1), error=True),
    # --- _array_info
    case("is_nonzero/one", lambda ms: ms.ops.is_nonzero(ms.Tensor([1.5]))),
    case("is_nonzero/zero", lambda ms: ms.ops.is_nonzero(ms.Tensor(0, ms.int32))),
    case("is_nonzero/bool", lambda ms: ms.ops.is_nonzero(ms.Tensor([False]))),
    case("is_nonzero/bad_many", lambda ms, x: ms.ops.is_nonzero(x), F32(2), error=True),
    case("ScatterNonAliasingAdd/bad_dtype", lambda ms, x, u: ms.ops.ScatterNonAliasingAdd()(
        ms.Parameter(x, name="x"), ms.Tensor([[2], [4]], ms.float32), u), F32(8), F32(2), error=True),
    case("fills/bad_value", lambda ms, x: ms.ops.fills(x, "a"), F32(3), error=True),
]


def _ident_hook(g):
    return None


def _times3(g):
    return g * 3.0


CASES += [
    # --- kernels missing on CPU: validation that runs before kernel selection
    case("BatchToSpace/bad_crops_len", lambda ms: ms.ops.BatchToSpace(2, [[0, 0]]), error=True),
    case("SpaceToBatch/bad_paddings_neg", lambda ms: ms.ops.SpaceToBatch(2, [[0, -1], [0, 0]]), error=True),
    case("SplitV/bad_dim", lambda ms, x: ms.ops.SplitV([1, 2], 2, 2)(x), F32(2, 3), error=True),
    case("SparseGatherV2/bad_indices", lambda ms, x: ms.ops.SparseGatherV2()(x, ms.Tensor([1.0, 2.0]), 1),
         F32(2, 4), error=True),
    case("Fills/bad_value", lambda ms, x: ms.ops.Fills()(x, "a"), F32(2, 3), error=True),
    case("matrix_exp/bad_nonsquare", lambda ms, x: ms.ops.matrix_exp(x), F32(2, 3), error=True),
    case("Ormqr/bad_rank", lambda ms, a, t, c: ms.ops.Ormqr()(a, t, c), F32(3), F32(2), F32(3, 3), error=True),
    case("Quantile/bad_q_dtype", lambda ms, x: ms.ops.Quantile()(x, ms.Tensor([1, 2], ms.int32)), F32(5),
         error=True),
    case("EuclideanNorm/bad_axes_dtype", lambda ms, x: ms.ops.EuclideanNorm()(x, ms.Tensor([1.0])), F32(2, 3),
         error=True),
    case("triplet_margin_loss/bad_margin", lambda ms, a, p, n: ms.ops.triplet_margin_loss(a, p, n, margin="a"),
         F32(2, 3), F32(2, 3), F32(2, 3), error=True),
    case("triplet_margin_loss/bad_reduction", lambda ms, a, p, n: ms.ops.triplet_margin_loss(
        a, p, n, reduction="bad"), F32(2, 3), F32(2, 3), F32(2, 3), error=True),
    # --- runnable on CPU
    case("soft_shrink/f32", lambda ms, x: ms.ops.soft_shrink(x), F32(2, 4)),
    case("soft_shrink/lambd", lambda ms, x: ms.ops.soft_shrink(x, 1.2), F32(6)),
    case("soft_shrink/f16", lambda ms, x: ms.ops.soft_shrink(x, 0.3), F16(5)),
    case("soft_shrink/bad_lambd", lambda ms, x: ms.ops.soft_shrink(x, -1.0), F32(3), error=True),
    case("soft_shrink/bad_int", lambda ms, x: ms.ops.soft_shrink(x), I32(3), error=True),
    case("AdaptiveAvgPool3D/f32", lambda ms, x: ms.ops.AdaptiveAvgPool3D((1, 2, 2))(x), F32(1, 2, 2, 2, 4)),
    case("AdaptiveAvgPool3D/uneven", lambda ms, x: ms.ops.AdaptiveAvgPool3D((2, 3, 2))(x), F32(2, 3, 5, 4)),
    case("AdaptiveAvgPool3D/int_size", lambda ms, x: ms.ops.AdaptiveAvgPool3D(2)(x), F32(1, 1, 3, 4, 5)),
    case("AdaptiveAvgPool3D/bad_rank", lambda ms, x: ms.ops.AdaptiveAvgPool3D(2)(x), F32(2, 3), error=True),
    case("MaxUnpool3D/f32", lambda ms, x: ms.ops.MaxUnpool3D(ksize=2, strides=2)(
        x, ms.Tensor(np.array([1, 2, 12, 63], np.int64).reshape(1, 1, 1, 2, 2))), F32(1, 1, 1, 2, 2)),
    case("MaxUnpool3D/i32_idx", lambda ms, x: ms.ops.MaxUnpool3D(ksize=2)(
        x, ms.Tensor(np.array([0, 9, 18, 27, 36, 45, 54, 63], np.int32).reshape(1, 1, 2, 2, 2))),
        F32(1, 1, 2, 2, 2)),
    case("MaxUnpool3D/output_shape", lambda ms, x: ms.ops.MaxUnpool3D(ksize=2, strides=2, output_shape=(1, 1, 3, 3, 3))(
        x, ms.Tensor(np.array([[[[[4]]]]], np.int64))), F32(1, 1, 1, 1, 1)),
    case("MaxUnpool3D/bad_rank", lambda ms, x: ms.ops.MaxUnpool3D(ksize=2)(
        x, ms.Tensor(np.zeros((1, 2, 2), np.int64))), F32(1, 2, 2), error=True),
    case("RandpermV2/shape", lambda ms: ms.ops.RandpermV2(seed=1)(6), check_values=False),
    case("RandpermV2/sorted", lambda ms: ms.ops.sort(ms.ops.RandpermV2(seed=3, dtype=ms.int32)(7))[0]),
    case("RandpermV2/f32_sum", lambda ms: ms.ops.RandpermV2(dtype=ms.float32)(5).sum()),
    case("RandpermV2/bad_n", lambda ms: ms.ops.RandpermV2()(0), error=True),
    case("RandpermV2/bad_dtype", lambda ms: ms.ops.RandpermV2(dtype=ms.bool_)(4), error=True),
    case("Bernoulli/shape", lambda ms, x: ms.ops.Bernoulli(seed=1)(x, 0.5), F32(3, 4), check_values=False),
    case("Bernoulli/p_one", lambda ms, x: ms.ops.Bernoulli()(x, 1.0), F32(2, 3)),
    case("Bernoulli/p_zero_f16", lambda ms, x: ms.ops.Bernoulli()(x, 0.0), F16(4)),
    case("Bernoulli/p_tensor", lambda ms, x: ms.ops.Bernoulli()(x, ms.Tensor(np.array([0.0, 1.0, 1.0], np.float32))),
         F32(3)),
    case("TensorSummary/none", lambda ms, x: ms.ops.TensorSummary()("t", x), F32(3)),
    case("HistogramSummary/none", lambda ms, x: ms.ops.HistogramSummary()("h", x), F32(3)),
    case("ImageSummary/none", lambda ms, x: ms.ops.ImageSummary()("i", x), F32(1, 3, 2, 2)),
    case("HookBackward/bad_fn", lambda ms: ms.ops.HookBackward(3), error=True),
    case("DumpGradient/forward", lambda ms, x: ms.ops.DumpGradient()("/tmp/_g1_dump", x, "in"), F32(2, 2)),
    case("HookBackward/forward", lambda ms, x: ms.ops.HookBackward(_ident_hook)(x), F32(3)),
    case("InsertGradientOf/forward", lambda ms, x: ms.ops.InsertGradientOf(_times3)(x), F32(3)),
    case("make_sparse_tensor/bad_indices", lambda ms: ms.ops.make_sparse_tensor(
        ms.Tensor([[0.0, 1.0]]), ms.Tensor([1.0]), (2, 3)), error=True),
    case("make_row_tensor/bad_indices", lambda ms: ms.ops.make_row_tensor(
        ms.Tensor([0.5]), ms.Tensor(np.ones((1, 3), np.float32)), (3, 3)), error=True),
    case("csr_mm/bad_dense_b", lambda ms: ms.ops.csr_mm(ms.CSRTensor(
        ms.Tensor([0, 1, 2], ms.int32), ms.Tensor([0, 1], ms.int32), ms.Tensor([1.0, 2.0]), (2, 2)),
        ms.Tensor(np.ones((2, 2), np.float32))), error=True),
    case("csr_reduce_sum/bad_axis", lambda ms: ms.ops.csr_reduce_sum(ms.CSRTensor(
        ms.Tensor([0, 1, 2], ms.int32), ms.Tensor([0, 1], ms.int32), ms.Tensor([1.0, 2.0]), (2, 2)), 1.5),
        error=True),
    case("coo2csr/bad_indices", lambda ms: ms.ops.coo2csr(ms.Tensor([0.0, 1.0]), 2), error=True),
    case("CountNonZero/bad_dims", lambda ms, x: ms.ops.CountNonZero()(x, 1.5), I32(2, 3), error=True),
    case("csr2coo/bad_indptr", lambda ms: ms.ops.csr2coo(ms.Tensor([0.0, 1.0, 2.0]), 2), error=True),
    case("csr_gather/bad_indptr", lambda ms, d: ms.ops.csr_gather(
        ms.Tensor([0.0, 2.0, 3.0]), ms.Tensor([0, 2, 1], ms.int32), d, (2, 3)), F32(2, 3), error=True),
]
