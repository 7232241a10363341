"""Convolutions (NCHW, weights (out, in/group, k...)), transposed convolutions.

float32 convolutions sum many products in a different order than MindSpore's CPU kernel, so
value cases use rtol=1e-4, atol=1e-5 (about 10x float32 rounding of the accumulated sums).
"""
import numpy as np

from parity_tests.harness import case, F32, F16, F64, I32

T = dict(rtol=1e-4, atol=1e-5)
T16 = dict(rtol=1e-2, atol=1e-2)  # float16 results of sums of 8-32 products
X = F32(2, 4, 5, 5)
W = F32(6, 4, 3, 3)

CASES = [
    case("conv2d/valid", lambda ms, x, w: ms.ops.conv2d(x, w), X, W, **T),
    case("conv2d/same_stride2", lambda ms, x, w: ms.ops.conv2d(x, w, pad_mode="same", stride=2), X, W, **T),
    case("conv2d/pad_tuple", lambda ms, x, w: ms.ops.conv2d(x, w, pad_mode="pad", padding=(1, 2)), X, W, **T),
    case("conv2d/pad_int_bias", lambda ms, x, w, b: ms.ops.conv2d(x, w, b, pad_mode="pad", padding=1), X, W, F32(6),
         **T),
    case("conv2d/groups", lambda ms, x, w: ms.ops.conv2d(x, w, groups=2), X, F32(6, 2, 3, 3), **T),
    case("conv2d/dilation", lambda ms, x, w: ms.ops.conv2d(x, w, dilation=2), F32(1, 4, 6, 7), W, **T),
    case("conv2d/stride_tuple", lambda ms, x, w: ms.ops.conv2d(x, w, stride=(1, 2)), X, W, **T),
    case("conv2d/f16", lambda ms, x, w: ms.ops.conv2d(x, w), F16(1, 2, 4, 4), F16(3, 2, 2, 2), **T16),
    case("conv2d/bad_i32", lambda ms, x, w: ms.ops.conv2d(x, w), I32(1, 1, 3, 3), I32(1, 1, 2, 2), error=True),
    case("conv2d/bad_f64", lambda ms, x, w: ms.ops.conv2d(x, w), F64(1, 1, 3, 3), F64(1, 1, 2, 2), error=True),
    case("conv2d/bad_channels", lambda ms, x, w: ms.ops.conv2d(x, w), X, F32(6, 3, 3, 3), error=True),
    case("conv2d/bad_pad_mode", lambda ms, x, w: ms.ops.conv2d(x, w, pad_mode="foo"), X, W, error=True),
    case("conv2d/bad_padding_len", lambda ms, x, w: ms.ops.conv2d(x, w, pad_mode="pad", padding=(1, 2, 0, 1)),
         X, W, error=True),
    case("conv2d/bad_valid_with_padding", lambda ms, x, w: ms.ops.conv2d(x, w, padding=1), X, W, error=True),
    case("conv2d/bad_rank", lambda ms, x, w: ms.ops.conv2d(x, w), F32(4, 5, 5), W, error=True),
    case("conv2d/bad_kernel_too_big", lambda ms, x, w: ms.ops.conv2d(x, w), F32(1, 4, 2, 2), W, error=True),
    case("Conv2D/valid", lambda ms, x, w: ms.ops.Conv2D(6, 3)(x, w), X, W, **T),
    case("Conv2D/pad_stride", lambda ms, x, w: ms.ops.Conv2D(6, 3, pad_mode="pad", pad=1, stride=2)(x, w), X, W, **T),
    case("Conv2D/pad4", lambda ms, x, w: ms.ops.Conv2D(6, 3, pad_mode="pad", pad=(1, 0, 2, 1))(x, w), X, W, **T),
    case("Conv2D/same", lambda ms, x, w: ms.ops.Conv2D(6, 3, pad_mode="same", stride=2)(x, w), X, W, **T),
    case("Conv2D/group", lambda ms, x, w: ms.ops.Conv2D(6, 3, group=2)(x, w), X, F32(6, 2, 3, 3), **T),
    case("Conv2D/kernel_rect", lambda ms, x, w: ms.ops.Conv2D(2, (2, 3))(x, w), X, F32(2, 4, 2, 3), **T),
    case("Conv2D/bad_out_channel", lambda ms, x, w: ms.ops.Conv2D(5, 3)(x, w), X, W, error=True),
    case("Conv2D/bad_kernel", lambda ms, x, w: ms.ops.Conv2D(6, 2)(x, w), X, W, error=True),
    case("Conv2D/bad_nhwc_cpu", lambda ms: ms.ops.Conv2D(6, 3, data_format="NHWC"), error=True),
    case("Conv2D/bad_pad_valid", lambda ms: ms.ops.Conv2D(6, 3, pad=1), error=True),
    case("Conv2D/bad_dtype_mix", lambda ms, x, w: ms.ops.Conv2D(6, 3)(x, w), X, F16(6, 4, 3, 3), error=True),
    case("conv1d/pad_stride", lambda ms, x, w: ms.ops.conv1d(x, w, stride=2, pad_mode="pad", padding=1),
         F32(2, 4, 7), F32(3, 4, 3), **T),
    case("conv1d/same_bias", lambda ms, x, w, b: ms.ops.conv1d(x, w, b, pad_mode="same"),
         F32(2, 4, 7), F32(3, 4, 3), F32(3), **T),
    case("conv1d/bad_rank", lambda ms, x, w: ms.ops.conv1d(x, w), F32(2, 4, 7, 1), F32(3, 4, 3), error=True),
    case("conv3d/valid", lambda ms, x, w: ms.ops.conv3d(x, w), F32(1, 2, 4, 4, 4), F32(3, 2, 2, 2, 2), **T),
    case("conv3d/pad", lambda ms, x, w: ms.ops.conv3d(x, w, pad_mode="pad", padding=(1, 0, 1)),
         F32(1, 2, 4, 4, 4), F32(3, 2, 2, 2, 2), **T),
    case("Conv3D/stride", lambda ms, x, w: ms.ops.Conv3D(3, 2, stride=2)(x, w), F32(1, 2, 4, 5, 4),
         F32(3, 2, 2, 2, 2), **T),
    case("Conv2DTranspose/valid", lambda ms, d, w: ms.ops.Conv2DTranspose(4, 3)(d, w, (2, 4, 5, 5)),
         F32(2, 6, 3, 3), W, **T),
    case("Conv2DTranspose/pad_stride", lambda ms, d, w: ms.ops.Conv2DTranspose(4, 3, pad_mode="pad", pad=1,
                                                                               stride=2)(d, w, (2, 4, 5, 5)),
         F32(2, 6, 3, 3), W, **T),
    case("Conv2DTranspose/same", lambda ms, d, w: ms.ops.Conv2DTranspose(4, 3, pad_mode="same", stride=2)(
        d, w, (2, 4, 6, 6)), F32(2, 6, 3, 3), W, **T),
    case("Conv2DBackpropInput/valid", lambda ms, d, w: ms.ops.Conv2DBackpropInput(4, 3)(d, w, (2, 4, 5, 5)),
         F32(2, 6, 3, 3), W, **T),
    case("Conv2DTranspose/group", lambda ms, d, w: ms.ops.Conv2DTranspose(4, 3, group=2)(d, w, (1, 4, 5, 5)),
         F32(1, 6, 3, 3), F32(6, 2, 3, 3), **T),
    case("conv3d_transpose/f16", lambda ms, d, w: ms.ops.conv3d_transpose(d, w), F16(1, 3, 2, 2, 2),
         F16(3, 2, 2, 2, 2), **T16),
    case("Conv3DTranspose/f16_stride", lambda ms, d, w: ms.ops.Conv3DTranspose(3, 2, 2, stride=2)(d, w),
         F16(1, 3, 2, 2, 2), F16(3, 2, 2, 2, 2), **T16),
]
