"""Primitives MindSpore 2.10 runs only on Ascend: argument validation, then RuntimeError on CPU."""
import numpy as np

from parity_tests.harness import case, F32

_X, _W1, _W2 = F32(1, 3, 5, 5), F32(1, 3, 3, 3), F32(2, 3, 3, 3)


def _P(ms):
    return ms.ops.operations


CASES = [
    case("NPUAllocFloatStatus/cpu_unsupported", lambda ms: _P(ms).NPUAllocFloatStatus()(), error=True),
    case("NPUClearFloatStatus/cpu_unsupported",
         lambda ms: _P(ms).NPUClearFloatStatus()(ms.Tensor(np.zeros(8, np.float32))), error=True),
    case("NPUGetFloatStatus/cpu_unsupported",
         lambda ms: _P(ms).NPUGetFloatStatus()(ms.Tensor(np.zeros(8, np.float32))), error=True),
    case("DepthwiseConv2dNative/cpu_unsupported",
         lambda ms, x, w: _P(ms).DepthwiseConv2dNative(1, 3)(x, w), _X, _W1, error=True),
    case("DepthwiseConv2dNative/weight_batch_not_1",
         lambda ms, x, w: _P(ms).DepthwiseConv2dNative(2, 3)(x, w), _X, _W2, error=True),
    case("DepthwiseConv2dNative/kernel_mismatch",
         lambda ms, x, w: _P(ms).DepthwiseConv2dNative(1, 5)(x, w), _X, _W1, error=True),
    case("DepthwiseConv2dNative/unequal_stride", lambda ms: _P(ms).DepthwiseConv2dNative(1, 3, stride=(1, 2)),
         error=True),
    case("DepthwiseConv2dNative/pad_without_pad_mode",
         lambda ms: _P(ms).DepthwiseConv2dNative(1, 3, pad=1), error=True),
    case("DepthwiseConv2dNative/bad_pad_mode", lambda ms: _P(ms).DepthwiseConv2dNative(1, 3, pad_mode="full"),
         error=True),
    case("DepthwiseConv2dNative/attrs",
         lambda ms: sorted(k for k in _P(ms).DepthwiseConv2dNative(2, 3, pad_mode="same").attrs
                           if k in ("channel_multiplier", "pad_mode", "mode", "group"))),
]
