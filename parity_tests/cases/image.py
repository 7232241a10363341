"""Resizing (interpolate, ResizeNearestNeighbor, ResizeBilinearV2), padding, ROIAlign.

mode='bicubic' is not covered: mscompat uses PyTorch's cubic kernel (A=-0.75, clamped taps) and
MindSpore's CPU kernel differs by ~1e-3 (known gap)."""
import numpy as np

from parity_tests.harness import case, F32, F16, F64, I32, I64

X = F32(2, 3, 3, 4)
X1 = F32(1, 2, 5)
R = dict(rtol=1e-5, atol=1e-5)  # interpolation weights computed in another order


def _rois(ms):
    return ms.Tensor(np.array([[0, 0.5, 0.5, 3.0, 2.5], [1, 1.0, 0.0, 4.5, 3.0], [0, 2.2, 1.1, 2.8, 1.9]], np.float32))


CASES = [
    case("interpolate/nearest_size", lambda ms, x: ms.ops.interpolate(x, size=(5, 6)), X),
    case("interpolate/nearest_downscale", lambda ms, x: ms.ops.interpolate(x, size=(2, 3)), F32(1, 2, 5, 7)),
    case("interpolate/nearest_scale_recompute", lambda ms, x: ms.ops.interpolate(
        x, scale_factor=(2.0, 1.5), recompute_scale_factor=True), X),
    case("interpolate/nearest_1d", lambda ms, x: ms.ops.interpolate(x, size=7), X1),
    case("interpolate/nearest_3d", lambda ms, x: ms.ops.interpolate(x, size=(3, 3, 4)), F32(1, 1, 2, 2, 3)),
    case("interpolate/nearest_exact", lambda ms, x: ms.ops.interpolate(x, size=(5, 6), mode="nearest-exact"), X),
    case("interpolate/bilinear", lambda ms, x: ms.ops.interpolate(x, size=(5, 6), mode="bilinear"), X, **R),
    case("interpolate/bilinear_down", lambda ms, x: ms.ops.interpolate(x, size=(2, 3), mode="bilinear"),
         F32(1, 2, 5, 7), **R),
    case("interpolate/bilinear_align", lambda ms, x: ms.ops.interpolate(x, size=(5, 6), mode="bilinear",
                                                                         align_corners=True), X, **R),
    case("interpolate/linear", lambda ms, x: ms.ops.interpolate(x, size=7, mode="linear"), X1, **R),
    case("interpolate/linear_align", lambda ms, x: ms.ops.interpolate(x, size=7, mode="linear", align_corners=True),
         X1, **R),
    case("interpolate/trilinear", lambda ms, x: ms.ops.interpolate(x, size=(3, 3, 4), mode="trilinear"),
         F32(1, 1, 2, 2, 3), **R),
    case("interpolate/area", lambda ms, x: ms.ops.interpolate(x, size=(2, 2), mode="area"), F32(1, 2, 4, 5), **R),
    case("interpolate/bad_mode", lambda ms, x: ms.ops.interpolate(x, size=(5, 6), mode="foo"), X, error=True),
    case("interpolate/bad_both", lambda ms, x: ms.ops.interpolate(x, size=(5, 6), scale_factor=2.0), X, error=True),
    case("interpolate/bad_none", lambda ms, x: ms.ops.interpolate(x), X, error=True),
    case("interpolate/bad_align_nearest", lambda ms, x: ms.ops.interpolate(x, size=(5, 6), align_corners=True), X,
         error=True),
    case("interpolate/bad_scale_nearest_4d", lambda ms, x: ms.ops.interpolate(x, scale_factor=2.0), X, error=True),
    case("upsample/bilinear", lambda ms, x: ms.ops.upsample(x, size=(4, 7), mode="bilinear"), X, **R),
    case("ResizeNearestNeighbor/basic", lambda ms, x: ms.ops.ResizeNearestNeighbor((5, 6))(x), X),
    case("ResizeNearestNeighbor/align", lambda ms, x: ms.ops.ResizeNearestNeighbor((5, 6), align_corners=True)(x), X),
    case("ResizeNearestNeighbor/half_pixel", lambda ms, x: ms.ops.ResizeNearestNeighbor((5, 6), False, True)(x), X),
    case("ResizeNearestNeighbor/half_pixel_down", lambda ms, x: ms.ops.ResizeNearestNeighbor((2, 3), half_pixel_centers=True)(x), X),
    case("ResizeNearestNeighbor/i32_down", lambda ms, x: ms.ops.ResizeNearestNeighbor((2, 3))(x), I32(1, 2, 5, 7)),
    case("ResizeBilinearV2/legacy", lambda ms, x: ms.ops.ResizeBilinearV2()(x, (5, 6)), X, **R),
    case("ResizeBilinearV2/align", lambda ms, x: ms.ops.ResizeBilinearV2(align_corners=True)(x, (5, 6)), X, **R),
    case("ResizeBilinearV2/half_pixel", lambda ms, x: ms.ops.ResizeBilinearV2(half_pixel_centers=True)(x, (5, 6)),
         X, **R),
    case("ResizeBilinearV2/tensor_size_down", lambda ms, x: ms.ops.ResizeBilinearV2()(
        x, ms.Tensor(np.array([2, 3], np.int32))), F32(1, 2, 5, 7), **R),
    case("ResizeBilinearV2/f16", lambda ms, x: ms.ops.ResizeBilinearV2()(x, (3, 5)), F16(1, 1, 2, 3)),
    case("ResizeBilinearV2/bad_i32", lambda ms, x: ms.ops.ResizeBilinearV2()(x, (3, 3)), I32(1, 1, 2, 2), error=True),
    case("pad/last_dim", lambda ms, x: ms.ops.pad(x, (1, 2)), X),
    case("pad/two_dims_value", lambda ms, x: ms.ops.pad(x, (1, 2, 0, 1), value=3.0), X),
    case("pad/negative_crop", lambda ms, x: ms.ops.pad(x, (-1, 1)), X),
    case("pad/reflect", lambda ms, x: ms.ops.pad(x, (1, 2, 1, 1), mode="reflect"), X),
    case("pad/replicate", lambda ms, x: ms.ops.pad(x, (1, 2, 1, 1), mode="replicate"), X),
    case("pad/circular", lambda ms, x: ms.ops.pad(x, (1, 2, 1, 1), mode="circular"), X),
    case("pad/i32_value", lambda ms, x: ms.ops.pad(x, (1, 1), value=2), I32(2, 3)),
    case("pad/bad_odd", lambda ms, x: ms.ops.pad(x, (1, 2, 1)), X, error=True),
    case("pad/bad_mode", lambda ms, x: ms.ops.pad(x, (1, 1), mode="foo"), X, error=True),
    case("Pad/prim", lambda ms, x: ms.ops.Pad(((0, 0), (1, 1), (2, 0), (0, 3)))(x), X),
    case("Pad/prim_i64", lambda ms, x: ms.ops.Pad(((1, 2), (0, 1)))(x), I64(2, 3)),
    case("Pad/bad_rank", lambda ms, x: ms.ops.Pad(((0, 0), (1, 1)))(x), X, error=True),
    case("Pad/bad_negative", lambda ms, x: ms.ops.Pad(((0, 0), (1, 1), (-1, 0), (0, 3)))(x), X, error=True),
    case("MirrorPad/reflect", lambda ms, x: ms.ops.MirrorPad()(x, ms.Tensor(np.array([[0, 0], [0, 0], [1, 1], [2, 1]],
                                                                                         np.int64))), X),
    case("MirrorPad/symmetric", lambda ms, x: ms.ops.MirrorPad("SYMMETRIC")(
        x, ms.Tensor(np.array([[0, 0], [1, 0], [1, 1], [2, 1]], np.int64))), X),
    case("mirror_pad/reflect", lambda ms, x: ms.ops.mirror_pad(x, ms.Tensor(np.array([[1, 1], [2, 1]], np.int64)),
                                                               "REFLECT"), F32(3, 4)),
    case("PadV3/constant", lambda ms, x: ms.ops.PadV3()(x, ms.Tensor(np.array([1, 2, 0, 1], np.int64)),
                                                         ms.Tensor(1.5, ms.float32)), X),
    case("ROIAlign/basic", lambda ms, x: ms.ops.ROIAlign(2, 2, 1.0, 2)(x, _rois(ms)), F32(2, 3, 4, 5), **R),
    case("ROIAlign/scale_mode0", lambda ms, x: ms.ops.ROIAlign(3, 2, 0.5, 1, 0)(
        x, _rois(ms) * ms.Tensor(np.array([1, 2, 2, 2, 2], np.float32))), F32(2, 2, 5, 6),
         **R),
]
