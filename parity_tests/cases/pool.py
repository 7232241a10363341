"""Pooling: AvgPool/MaxPool (+3D), avg/max pool functions, adaptive pools, lp pools, max_unpool."""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, F64, I32, I64

X = F32(2, 2, 5, 5)
X3 = F32(1, 2, 4, 4, 4)
V = dict(rtol=1e-5, atol=1e-5)  # averages of float32 values summed in another order


def _unpool_in(ms):
    return (ms.Tensor(np.array([[[[1., 2], [3, 4]]]], np.float32)), ms.Tensor(np.array([[[[0, 3], [9, 15]]]], np.int64)))


CASES = [
    case("AvgPool/valid", lambda ms, x: ms.ops.AvgPool(2, 2)(x), X, **V),
    case("AvgPool/same", lambda ms, x: ms.ops.AvgPool(3, 2, "SAME")(x), X, **V),
    case("AvgPool/same_lower_rect", lambda ms, x: ms.ops.AvgPool((2, 3), (1, 2), "same")(x), X, **V),
    case("AvgPool/bad_kernel_too_big", lambda ms, x: ms.ops.AvgPool(6, 2)(x), X, error=True),
    case("MaxPool/valid", lambda ms, x: ms.ops.MaxPool(2, 2)(x), X),
    case("MaxPool/same", lambda ms, x: ms.ops.MaxPool(3, 2, "same")(x), X),
    case("MaxPool/f16", lambda ms, x: ms.ops.MaxPool(2, 1)(x), F16(1, 2, 3, 3)),
    case("MaxPool/bad_rank", lambda ms, x: ms.ops.MaxPool(2, 2)(x), F32(1, 4, 4), error=True),
    case("MaxPool/bad_i32", lambda ms, x: ms.ops.MaxPool(2, 2)(x), I32(1, 1, 4, 4), error=True),
    case("MaxPool/bad_pad_mode", lambda ms: ms.ops.MaxPool(2, 2, "full"), error=True),
    case("avg_pool2d/basic", lambda ms, x: ms.ops.avg_pool2d(x, 2, 2), X, **V),
    case("avg_pool2d/pad_include", lambda ms, x: ms.ops.avg_pool2d(x, 3, 2, padding=1), X, **V),
    case("avg_pool2d/pad_exclude", lambda ms, x: ms.ops.avg_pool2d(x, 3, 2, padding=1, count_include_pad=False),
         X, **V),
    case("avg_pool2d/ceil", lambda ms, x: ms.ops.avg_pool2d(x, 2, 2, ceil_mode=True), X, **V),
    case("avg_pool2d/divisor", lambda ms, x: ms.ops.avg_pool2d(x, 2, 2, divisor_override=3), X, **V),
    case("avg_pool2d/bad_pad_over_half", lambda ms, x: ms.ops.avg_pool2d(x, 2, 2, padding=2), X, error=True),
    case("avg_pool1d/basic", lambda ms, x: ms.ops.avg_pool1d(x, 2, 2), F32(1, 2, 5), **V),
    case("avg_pool1d/pad", lambda ms, x: ms.ops.avg_pool1d(x, 3, 2, padding=1), F32(1, 2, 5), **V),
    case("avg_pool1d/ceil", lambda ms, x: ms.ops.avg_pool1d(x, 2, 2, ceil_mode=True), F32(1, 2, 5), **V),
    case("avg_pool1d/bad_rank", lambda ms, x: ms.ops.avg_pool1d(x, 2, 2), F32(2, 5), error=True),
    case("avg_pool3d/basic", lambda ms, x: ms.ops.avg_pool3d(x, 2, 2), X3, **V),
    case("avg_pool3d/pad_ceil", lambda ms, x: ms.ops.avg_pool3d(x, 3, 2, padding=1, ceil_mode=True), X3, **V),
    case("AvgPool3D/valid", lambda ms, x: ms.ops.AvgPool3D(2, 2)(x), X3, **V),
    case("max_pool2d/basic", lambda ms, x: ms.ops.max_pool2d(x, 2, 2), X),
    case("max_pool2d/indices_pad", lambda ms, x: ms.ops.max_pool2d(x, 3, 2, padding=1, return_indices=True), X),
    case("max_pool2d/ceil", lambda ms, x: ms.ops.max_pool2d(x, 2, 2, ceil_mode=True, return_indices=True), X),
    case("max_pool2d/dilation", lambda ms, x: ms.ops.max_pool2d(x, 2, 1, dilation=2), X),
    case("max_pool2d/default_stride", lambda ms, x: ms.ops.max_pool2d(x, 2), F32(1, 3, 4, 6)),
    case("max_pool3d/basic", lambda ms, x: ms.ops.max_pool3d(x, 2, 2), X3),
    case("max_pool3d/indices", lambda ms, x: ms.ops.max_pool3d(x, 2, 1, return_indices=True), X3),
    case("MaxPool3D/valid", lambda ms, x: ms.ops.MaxPool3D(2, 2)(x), X3),
    case("MaxPool3D/same", lambda ms, x: ms.ops.MaxPool3D(3, 2, "SAME")(x), X3),
    case("adaptive_avg_pool1d/div", lambda ms, x: ms.ops.adaptive_avg_pool1d(x, 3), F32(1, 2, 6), **V),
    case("adaptive_avg_pool1d/bad_indivisible", lambda ms, x: ms.ops.adaptive_avg_pool1d(x, 3), F32(1, 2, 7),
         error=True),
    case("adaptive_avg_pool2d/basic", lambda ms, x: ms.ops.adaptive_avg_pool2d(x, (2, 3)), X, **V),
    case("adaptive_avg_pool2d/none_dim", lambda ms, x: ms.ops.adaptive_avg_pool2d(x, (None, 3)), X, **V),
    case("adaptive_avg_pool2d/int_3d_input", lambda ms, x: ms.ops.adaptive_avg_pool2d(x, 3), F32(2, 7, 5), **V),
    case("AdaptiveAvgPool2D/prim", lambda ms, x: ms.ops.AdaptiveAvgPool2D((2, 3))(x), X, **V),
    case("adaptive_avg_pool3d/basic", lambda ms, x: ms.ops.adaptive_avg_pool3d(x, 3), X3, **V),
    case("adaptive_max_pool1d/basic", lambda ms, x: ms.ops.adaptive_max_pool1d(x, 2), F32(1, 2, 6)),
    case("adaptive_max_pool2d/indices", lambda ms, x: ms.ops.adaptive_max_pool2d(x, (2, 3), return_indices=True), X),
    case("adaptive_max_pool2d/values", lambda ms, x: ms.ops.adaptive_max_pool2d(x, 4), F32(1, 3, 7, 6)),
    case("AdaptiveMaxPool2D/prim", lambda ms, x: ms.ops.AdaptiveMaxPool2D((2, 3))(x), X),
    case("adaptive_max_pool3d/indices", lambda ms, x: ms.ops.adaptive_max_pool3d(x, 3, True), X3),
    case("lp_pool1d/p2", lambda ms, x: ms.ops.lp_pool1d(x, 2, 2), F32(1, 2, 5, low=0.0), rtol=1e-5, atol=1e-5),
    case("lp_pool2d/p2", lambda ms, x: ms.ops.lp_pool2d(x, 2, 2), F32(2, 2, 5, 5, low=0.0), rtol=1e-5, atol=1e-5),
    case("lp_pool2d/p3_stride1", lambda ms, x: ms.ops.lp_pool2d(x, 3, (2, 2), 1), F32(1, 2, 3, 4, low=0.0),
         rtol=1e-5, atol=1e-5),
    case("max_unpool2d/default", lambda ms: ms.ops.max_unpool2d(*_unpool_in(ms), 2)),
    case("max_unpool2d/output_size", lambda ms: ms.ops.max_unpool2d(*_unpool_in(ms), 2, output_size=(5, 4))),
    case("max_unpool2d/i32_indices", lambda ms: ms.ops.max_unpool2d(
        _unpool_in(ms)[0], ms.Tensor(np.array([[[[0, 3], [9, 15]]]], np.int32)), 2)),
    case("max_unpool2d/bad_float_indices", lambda ms: ms.ops.max_unpool2d(
        _unpool_in(ms)[0], ms.Tensor(np.array([[[[0, 3], [9, 15]]]], np.float32)), 2), error=True),
    case("max_unpool2d/bad_index_range", lambda ms: ms.ops.max_unpool2d(
        _unpool_in(ms)[0], ms.Tensor(np.array([[[[0, 3], [9, 16]]]], np.int64)), 2), error=True),
    case("max_unpool2d/roundtrip", lambda ms, x: ms.ops.max_unpool2d(*ms.ops.max_pool2d(x, 2, 2, return_indices=True),
                                                                      2, 2), F32(1, 2, 4, 6)),
    case("max_unpool1d/basic", lambda ms: ms.ops.max_unpool1d(ms.Tensor(np.array([[[1., 2, 3]]], np.float32)),
                                                              ms.Tensor(np.array([[[1, 2, 5]]], np.int64)), 2)),
    case("max_unpool3d/basic", lambda ms: ms.ops.max_unpool3d(ms.Tensor(np.ones((1, 1, 1, 1, 2), np.float32)),
                                                              ms.Tensor(np.array([[[[[1, 6]]]]], np.int64)), 2)),
    case("MaxUnpool2D/prim", lambda ms: ms.ops.MaxUnpool2D(2)(*_unpool_in(ms))),
]
