"""nn pooling and padding layers (nn/layer/pooling.py, nn/layer/padding.py).

Forward values and input gradients (``layer_case``) for every pad_mode, strides, dilation,
ceil_mode, count_include_pad, divisor_override and return_indices; unbatched inputs; adaptive,
LP, fractional (fixed samples) and unpooling; padding layers; repr strings; bad arguments and
inputs (same exception class).
"""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, I32
from parity_tests.cases._layer_common import layer_case, one_per_class_by_default

X1 = F32(2, 3, 9, seed=21)
X2 = F32(2, 3, 7, 6, seed=22)
X3 = F32(1, 2, 5, 6, 7, seed=23)
X2S = F32(3, 7, 6, seed=24)


def _b(cls, *args, **kw):
    return lambda ms: getattr(ms.nn, cls)(*args, **kw)


def _err(cls, *args, **kw):
    return lambda ms: getattr(ms.nn, cls)(*args, **kw)


def _call(cls, args, kw):
    def fn(ms, *xs):
        return getattr(ms.nn, cls)(*args, **kw)(*xs)
    return fn


def _repr(cls, *args, **kw):
    return lambda ms: repr(getattr(ms.nn, cls)(*args, **kw))


def _unpool(pool_cls, pool_kw, unpool_cls, unpool_kw, out_size=None):
    def fn(ms, x):
        out, idx = getattr(ms.nn, pool_cls)(**pool_kw)(x)
        up = getattr(ms.nn, unpool_cls)(**unpool_kw)
        return up(out, idx) if out_size is None else up(out, idx, out_size)
    return fn


def _unpool_grad(pool_cls, pool_kw, unpool_cls, unpool_kw):
    def fn(ms, x):
        out, idx = getattr(ms.nn, pool_cls)(**pool_kw)(x)
        up = getattr(ms.nn, unpool_cls)(**unpool_kw)
        ct = ms.Tensor(np.linspace(-1, 1, int(np.prod(x.shape))).reshape(x.shape).astype(np.float32))
        return ms.grad(lambda o: (up(o, idx) * ct).sum())(out)
    return fn


S2 = Raw(np.array([[[0.3, 0.6], [0.1, 0.9], [0.5, 0.5]], [[0.7, 0.2], [0.0, 0.4], [0.8, 0.05]]], np.float32))
S3 = Raw(np.array([[[0.3, 0.6, 0.2], [0.9, 0.1, 0.45]]], np.float32))


def _frac2(**kw):
    def fn(ms, x, s):
        return ms.nn.FractionalMaxPool2d(_random_samples=ms.Tensor(s), **kw)(x)
    return fn


def _frac3(**kw):
    def fn(ms, x, s):
        return ms.nn.FractionalMaxPool3d(_random_samples=ms.Tensor(s), **kw)(x)
    return fn


def _frac_random(cls, shape_only, **kw):
    def fn(ms, x):
        out = getattr(ms.nn, cls)(**kw)(x)
        return out
    return fn


CASES = [
    # --- MaxPool2d -----------------------------------------------------------------------
    layer_case("MaxPool2d/valid", _b("MaxPool2d", 3, 2), X2),
    layer_case("MaxPool2d/default_k1", _b("MaxPool2d"), X2),
    layer_case("MaxPool2d/valid_tuple", _b("MaxPool2d", (2, 3), (1, 2)), X2),
    layer_case("MaxPool2d/same", _b("MaxPool2d", 3, 2, pad_mode='same'), X2),
    layer_case("MaxPool2d/same_k4", _b("MaxPool2d", 4, (3, 1), pad_mode='SAME'), X2),
    layer_case("MaxPool2d/unbatched", _b("MaxPool2d", 2, 2), X2S),
    layer_case("MaxPool2d/pad", _b("MaxPool2d", 3, 2, pad_mode='pad', padding=1), X2),
    layer_case("MaxPool2d/pad_indices", _b("MaxPool2d", 3, 2, pad_mode='pad', padding=(1, 0), return_indices=True),
               X2),
    layer_case("MaxPool2d/pad_ceil", _b("MaxPool2d", 3, 2, pad_mode='pad', ceil_mode=True), X2),
    layer_case("MaxPool2d/pad_ceil_indices", _b("MaxPool2d", 2, 3, pad_mode='pad', padding=1, ceil_mode=True,
                                                return_indices=True), X2),
    layer_case("MaxPool2d/pad_dilation", _b("MaxPool2d", 2, 1, pad_mode='pad', dilation=2), X2),
    layer_case("MaxPool2d/pad_dilation_tuple", _b("MaxPool2d", (2, 3), 1, pad_mode='pad', padding=(1, 1),
                                                  dilation=(2, 1), return_indices=True), X2),
    layer_case("MaxPool2d/pad_unbatched_indices", _b("MaxPool2d", 3, 2, pad_mode='pad', padding=1,
                                                     return_indices=True), X2S),
    layer_case("MaxPool2d/f16", _b("MaxPool2d", 2, 2), F16(1, 2, 4, 5, seed=3), grad=False),
    layer_case("MaxPool2d/graph", _b("MaxPool2d", 3, 2, pad_mode='same'), X2, mode="graph", grad=False),
    layer_case("MaxPool2d/graph_pad_indices", _b("MaxPool2d", 3, 2, pad_mode='pad', padding=1, return_indices=True),
               X2, mode="graph", grad=False),
    case("MaxPool2d/repr", _repr("MaxPool2d", 3, 2)),
    case("MaxPool2d/repr_tuple", _repr("MaxPool2d", (2, 3), (1,), pad_mode='same')),
    case("MaxPool2d/bad_k0", _err("MaxPool2d", 0), error=True),
    case("MaxPool2d/bad_k_float", _err("MaxPool2d", 2.0), error=True),
    case("MaxPool2d/bad_stride_neg", _err("MaxPool2d", 2, (1, -1)), error=True),
    case("MaxPool2d/bad_pad_mode", _err("MaxPool2d", 2, pad_mode='full'), error=True),
    case("MaxPool2d/bad_pad_mode_type", _err("MaxPool2d", 2, pad_mode=1), error=True),
    case("MaxPool2d/bad_nhwc", _err("MaxPool2d", 2, data_format='NHWC'), error=True),
    case("MaxPool2d/bad_ceil_not_pad", _err("MaxPool2d", 3, 2, ceil_mode=True), error=True),
    case("MaxPool2d/bad_indices_not_pad", _err("MaxPool2d", 3, 2, return_indices=True), error=True),
    case("MaxPool2d/bad_padding_not_pad", _err("MaxPool2d", 3, 2, padding=1), error=True),
    case("MaxPool2d/bad_kernel_len_pad", _err("MaxPool2d", (2, 2, 2), pad_mode='pad'), error=True),
    case("MaxPool2d/bad_padding_len", _err("MaxPool2d", 3, pad_mode='pad', padding=(1, 1, 1)), error=True),
    case("MaxPool2d/bad_dilation_len", _err("MaxPool2d", 3, pad_mode='pad', dilation=(1, 1, 1)), error=True),
    case("MaxPool2d/bad_padding_big", _call("MaxPool2d", (3, 2), {"pad_mode": "pad", "padding": 2}), X2, error=True),
    case("MaxPool2d/bad_kernel_big", _call("MaxPool2d", (8,), {}), X2, error=True),
    case("MaxPool2d/bad_rank", _call("MaxPool2d", (2,), {}), X3, error=True),
    case("MaxPool2d/bad_int_input", _call("MaxPool2d", (2,), {}), I32(1, 2, 4, 4), error=True),

    # --- MaxPool1d -----------------------------------------------------------------------
    layer_case("MaxPool1d/valid", _b("MaxPool1d", 3, 2), X1),
    layer_case("MaxPool1d/same", _b("MaxPool1d", 4, 2, pad_mode='same'), X1),
    layer_case("MaxPool1d/unbatched", _b("MaxPool1d", 2, 2), F32(3, 9, seed=5)),
    layer_case("MaxPool1d/pad_indices", _b("MaxPool1d", 3, 2, pad_mode='pad', padding=1, return_indices=True), X1),
    layer_case("MaxPool1d/pad_dilation_ceil", _b("MaxPool1d", 2, 2, pad_mode='pad', dilation=2, ceil_mode=True), X1),
    layer_case("MaxPool1d/graph", _b("MaxPool1d", 3, 2), X1, mode="graph", grad=False),
    case("MaxPool1d/repr", _repr("MaxPool1d", 3, 2)),
    case("MaxPool1d/repr_pad", _repr("MaxPool1d", 3, 2, pad_mode='pad')),
    case("MaxPool1d/bad_kernel_tuple", _err("MaxPool1d", (3,), 2), error=True),
    case("MaxPool1d/bad_dilation_not_pad", _err("MaxPool1d", 3, 2, dilation=2), error=True),
    case("MaxPool1d/bad_dilation_len", _err("MaxPool1d", 3, 2, pad_mode='pad', dilation=(1, 2)), error=True),
    case("MaxPool1d/bad_rank", _call("MaxPool1d", (2,), {}), X2, error=True),

    # --- MaxPool3d -----------------------------------------------------------------------
    layer_case("MaxPool3d/valid", _b("MaxPool3d", 2, 2), X3),
    layer_case("MaxPool3d/same", _b("MaxPool3d", 3, 2, pad_mode='same'), X3),
    layer_case("MaxPool3d/valid_tuple", _b("MaxPool3d", (1, 2, 3), (2, 1, 2)), X3),
    layer_case("MaxPool3d/pad", _b("MaxPool3d", 3, 2, pad_mode='pad', padding=1), X3),
    layer_case("MaxPool3d/pad_ceil", _b("MaxPool3d", 3, 2, pad_mode='pad', padding=1, ceil_mode=True), X3),
    layer_case("MaxPool3d/pad_indices", _b("MaxPool3d", 3, 2, pad_mode='pad', padding=(1, 0, 1),
                                           return_indices=True), X3),
    layer_case("MaxPool3d/pad_dilation", _b("MaxPool3d", 2, 1, pad_mode='pad', dilation=2), X3),
    layer_case("MaxPool3d/unbatched", _b("MaxPool3d", 2, 2), F32(2, 4, 5, 4, seed=7)),
    case("MaxPool3d/repr", _repr("MaxPool3d", (1, 2, 2))),
    case("MaxPool3d/bad_indices_not_pad", _err("MaxPool3d", 3, 2, return_indices=True), error=True),
    case("MaxPool3d/bad_ceil_not_pad", _err("MaxPool3d", 3, 2, ceil_mode=True), error=True),
    case("MaxPool3d/bad_padding_not_pad", _err("MaxPool3d", 3, 2, padding=1), error=True),
    case("MaxPool3d/bad_padding_neg", _err("MaxPool3d", 3, 2, pad_mode='pad', padding=-1), error=True),

    # --- AvgPool2d -----------------------------------------------------------------------
    layer_case("AvgPool2d/valid", _b("AvgPool2d", 3, 2), X2),
    layer_case("AvgPool2d/same", _b("AvgPool2d", 3, 2, pad_mode='same'), X2),
    layer_case("AvgPool2d/same_k4", _b("AvgPool2d", 4, (2, 3), pad_mode='same'), X2),
    layer_case("AvgPool2d/unbatched", _b("AvgPool2d", 2, 1), X2S),
    layer_case("AvgPool2d/pad", _b("AvgPool2d", 3, 2, pad_mode='pad', padding=1), X2),
    layer_case("AvgPool2d/pad_no_count_pad", _b("AvgPool2d", 3, 2, pad_mode='pad', padding=1,
                                                count_include_pad=False), X2),
    layer_case("AvgPool2d/pad_ceil", _b("AvgPool2d", 3, 2, pad_mode='pad', padding=(1, 0), ceil_mode=True), X2),
    layer_case("AvgPool2d/pad_ceil_no_count_pad", _b("AvgPool2d", 2, 3, pad_mode='pad', padding=1, ceil_mode=True,
                                                     count_include_pad=False), X2),
    layer_case("AvgPool2d/pad_divisor", _b("AvgPool2d", 3, 2, pad_mode='pad', padding=1, divisor_override=2), X2),
    layer_case("AvgPool2d/valid_divisor", _b("AvgPool2d", 3, 2, divisor_override=5), X2),
    layer_case("AvgPool2d/valid_ceil", _b("AvgPool2d", 2, 4, ceil_mode=True), X2),
    layer_case("AvgPool2d/same_no_count_pad", _b("AvgPool2d", 4, 2, pad_mode='same', count_include_pad=False), X2),
    layer_case("AvgPool2d/same_3d_form", _b("AvgPool2d", 4, 3, pad_mode='same', ceil_mode=True), X2),
    layer_case("AvgPool2d/same_divisor", _b("AvgPool2d", 4, 2, pad_mode='same', divisor_override=3), X2),
    layer_case("AvgPool2d/pad_unbatched", _b("AvgPool2d", 3, 2, pad_mode='pad', padding=1), X2S),
    layer_case("AvgPool2d/graph", _b("AvgPool2d", 3, 2, pad_mode='same'), X2, mode="graph", grad=False),
    layer_case("AvgPool2d/graph_pad", _b("AvgPool2d", 3, 2, pad_mode='pad', padding=1, count_include_pad=False),
               X2, mode="graph", grad=False),
    case("AvgPool2d/repr", _repr("AvgPool2d", 3, 2, pad_mode='pad')),
    case("AvgPool2d/bad_divisor0", _err("AvgPool2d", 3, 2, divisor_override=0), error=True),
    case("AvgPool2d/bad_padding_valid", _err("AvgPool2d", 3, 2, padding=1), error=True),
    case("AvgPool2d/bad_padding_len", _err("AvgPool2d", 3, 2, pad_mode='pad', padding=(1, 1, 1)), error=True),
    case("AvgPool2d/bad_padding_big", _call("AvgPool2d", (3, 2), {"pad_mode": "pad", "padding": 2}), X2, error=True),
    case("AvgPool2d/bad_kernel_len", _err("AvgPool2d", (3, 3, 3), 2, pad_mode='pad'), error=True),
    case("AvgPool2d/bad_rank", _call("AvgPool2d", (2,), {}), X3, error=True),
    case("AvgPool2d/bad_int_input", _call("AvgPool2d", (2,), {}), I32(1, 2, 4, 4), error=True),

    # --- AvgPool1d -----------------------------------------------------------------------
    layer_case("AvgPool1d/valid", _b("AvgPool1d", 3, 2), X1),
    layer_case("AvgPool1d/same", _b("AvgPool1d", 4, 2, pad_mode='same'), X1),
    layer_case("AvgPool1d/kernel_eq_width", _b("AvgPool1d", 9, 1, pad_mode='same'), X1),
    layer_case("AvgPool1d/width_lt_stride", _b("AvgPool1d", 6, 5), X1),
    layer_case("AvgPool1d/unbatched", _b("AvgPool1d", 2, 2), F32(3, 9, seed=8)),
    layer_case("AvgPool1d/pad", _b("AvgPool1d", 3, 2, pad_mode='pad', padding=1), X1),
    layer_case("AvgPool1d/pad_ceil_no_count_pad", _b("AvgPool1d", 3, 2, pad_mode='pad', padding=1, ceil_mode=True,
                                                     count_include_pad=False), X1),
    layer_case("AvgPool1d/graph", _b("AvgPool1d", 3, 2), X1, mode="graph", grad=False),
    case("AvgPool1d/repr", _repr("AvgPool1d", 3, 2, pad_mode='pad')),
    case("AvgPool1d/bad_kernel_tuple", _err("AvgPool1d", (3, 3), 2), error=True),
    case("AvgPool1d/bad_rank", _call("AvgPool1d", (2,), {}), X2, error=True),

    # --- AvgPool3d -----------------------------------------------------------------------
    layer_case("AvgPool3d/valid", _b("AvgPool3d", 2, 2), X3),
    layer_case("AvgPool3d/same", _b("AvgPool3d", 3, 2, pad_mode='same'), X3),
    layer_case("AvgPool3d/same_no_count_pad", _b("AvgPool3d", 3, 2, pad_mode='same', count_include_pad=False), X3),
    layer_case("AvgPool3d/pad_ceil", _b("AvgPool3d", 3, 2, pad_mode='pad', padding=1, ceil_mode=True), X3),
    layer_case("AvgPool3d/pad_tuple_no_count_pad", _b("AvgPool3d", (2, 3, 2), 2, pad_mode='pad', padding=(1, 1, 0),
                                                      count_include_pad=False), X3),
    layer_case("AvgPool3d/divisor", _b("AvgPool3d", 2, 1, divisor_override=3), X3),
    layer_case("AvgPool3d/unbatched", _b("AvgPool3d", 2, 2), F32(2, 4, 5, 4, seed=9)),
    layer_case("AvgPool3d/graph", _b("AvgPool3d", 3, 2, pad_mode='pad', padding=1), X3, mode="graph", grad=False),
    case("AvgPool3d/repr", _repr("AvgPool3d", 3)),
    case("AvgPool3d/bad_divisor", _err("AvgPool3d", 3, divisor_override=-1), error=True),
    case("AvgPool3d/bad_padding_valid", _err("AvgPool3d", 3, padding=1), error=True),

    # --- adaptive ------------------------------------------------------------------------
    layer_case("AdaptiveAvgPool1d/basic", _b("AdaptiveAvgPool1d", 3), X1),
    layer_case("AdaptiveAvgPool1d/same_size", _b("AdaptiveAvgPool1d", 9), X1),
    case("AdaptiveAvgPool1d/bad_not_divisible", _call("AdaptiveAvgPool1d", (4,), {}), X1, error=True),
    case("AdaptiveAvgPool1d/bad_rank", _call("AdaptiveAvgPool1d", (3,), {}), X2, error=True),
    case("AdaptiveAvgPool1d/bad_type", _err("AdaptiveAvgPool1d", 3.0), error=True),
    case("AdaptiveAvgPool1d/bad_zero", _err("AdaptiveAvgPool1d", 0), error=True),
    layer_case("AdaptiveMaxPool1d/basic", _b("AdaptiveMaxPool1d", 3), X1),
    case("AdaptiveMaxPool1d/bad_not_divisible", _call("AdaptiveMaxPool1d", (2,), {}), X1, error=True),
    layer_case("AdaptiveAvgPool2d/basic", _b("AdaptiveAvgPool2d", (3, 4)), X2),
    layer_case("AdaptiveAvgPool2d/int", _b("AdaptiveAvgPool2d", 4), X2),
    layer_case("AdaptiveAvgPool2d/none", _b("AdaptiveAvgPool2d", (None, 4)), X2),
    layer_case("AdaptiveAvgPool2d/unbatched", _b("AdaptiveAvgPool2d", (2, 5)), X2S),
    layer_case("AdaptiveAvgPool2d/graph", _b("AdaptiveAvgPool2d", (3, 4)), X2, mode="graph", grad=False),
    layer_case("AdaptiveAvgPool3d/basic", _b("AdaptiveAvgPool3d", (2, 4, 3)), X3),
    layer_case("AdaptiveAvgPool3d/none", _b("AdaptiveAvgPool3d", (2, None, 3)), X3),
    layer_case("AdaptiveMaxPool2d/basic", _b("AdaptiveMaxPool2d", (3, 4)), X2),
    layer_case("AdaptiveMaxPool2d/indices", _b("AdaptiveMaxPool2d", (3, 4), return_indices=True), X2),
    layer_case("AdaptiveMaxPool2d/none_unbatched", _b("AdaptiveMaxPool2d", (None, 4)), X2S),
    layer_case("AdaptiveMaxPool3d/basic", _b("AdaptiveMaxPool3d", (2, 4, 3)), X3),
    layer_case("AdaptiveMaxPool3d/indices", _b("AdaptiveMaxPool3d", 3, return_indices=True), X3),
    layer_case("AdaptiveMaxPool3d/unbatched", _b("AdaptiveMaxPool3d", (2, 3, 2)), F32(2, 4, 5, 4, seed=10)),

    # --- LP pooling ----------------------------------------------------------------------
    layer_case("LPPool1d/p2", _b("LPPool1d", 2, 3, 2), F32(2, 3, 9, low=0.1, high=2.0, seed=11)),
    layer_case("LPPool1d/p3_ceil_negative", _b("LPPool1d", 3, 3, 2, ceil_mode=True), X1, grad=False),
    layer_case("LPPool1d/unbatched_stride_none", _b("LPPool1d", 1.5, 2), F32(3, 8, low=0.1, high=2.0, seed=12)),
    layer_case("LPPool2d/p2", _b("LPPool2d", 2, 2), F32(2, 3, 6, 6, low=0.1, high=2.0, seed=13)),
    layer_case("LPPool2d/p1_tuple_ceil", _b("LPPool2d", 1, (2, 3), 2, ceil_mode=True),
               F32(1, 2, 5, 7, low=0.1, high=2.0, seed=14)),
    case("LPPool1d/bad_norm_zero", _call("LPPool1d", (0, 2), {}), X1, error=True),

    # --- fractional ----------------------------------------------------------------------
    case("FractionalMaxPool2d/output_size", _frac2(kernel_size=2, output_size=(3, 4)), X2, S2),
    case("FractionalMaxPool2d/indices", _frac2(kernel_size=(2, 3), output_size=4, return_indices=True), X2, S2),
    case("FractionalMaxPool2d/ratio", _frac2(kernel_size=2, output_ratio=0.5, return_indices=True), X2, S2),
    case("FractionalMaxPool2d/random", lambda ms, x: ms.nn.FractionalMaxPool2d(2, output_size=(3, 3))(x), X2,
         check_values=False),
    case("FractionalMaxPool2d/bad_no_size", _frac2(kernel_size=2), X2, S2, error=True),
    case("FractionalMaxPool2d/bad_too_big", _frac2(kernel_size=3, output_size=(6, 5)), X2, S2, error=True),
    case("FractionalMaxPool3d/output_size", _frac3(kernel_size=2, output_size=(3, 4, 3), return_indices=True),
         X3, S3),
    case("FractionalMaxPool3d/ratio", _frac3(kernel_size=(1, 2, 2), output_ratio=(0.5, 0.5, 0.6)), X3, S3),
    case("FractionalMaxPool3d/random", lambda ms, x: ms.nn.FractionalMaxPool3d(2, output_size=(2, 3, 3))(x), X3,
         check_values=False),

    # --- max unpooling -------------------------------------------------------------------
    case("MaxUnpool2d/roundtrip", _unpool("MaxPool2d", dict(kernel_size=2, stride=2, pad_mode='pad',
                                                            return_indices=True),
                                          "MaxUnpool2d", dict(kernel_size=2, stride=2)), F32(2, 3, 6, 6, seed=15)),
    case("MaxUnpool2d/output_size", _unpool("MaxPool2d", dict(kernel_size=2, stride=2, pad_mode='pad',
                                                              return_indices=True),
                                            "MaxUnpool2d", dict(kernel_size=2), (2, 3, 7, 7)), X2),
    case("MaxUnpool2d/grad", _unpool_grad("MaxPool2d", dict(kernel_size=2, stride=2, pad_mode='pad',
                                                            return_indices=True),
                                          "MaxUnpool2d", dict(kernel_size=2)), F32(2, 3, 6, 6, seed=15)),
    case("MaxUnpool2d/bad_output_size_type", _unpool("MaxPool2d", dict(kernel_size=2, stride=2, pad_mode='pad',
                                                                       return_indices=True),
                                                     "MaxUnpool2d", dict(kernel_size=2), [2, 3, 6, 6]),
         F32(2, 3, 6, 6, seed=15), error=True),
    case("MaxUnpool1d/roundtrip", _unpool("MaxPool1d", dict(kernel_size=3, stride=3, pad_mode='pad',
                                                            return_indices=True),
                                          "MaxUnpool1d", dict(kernel_size=3)), X1),
    case("MaxUnpool3d/roundtrip", _unpool("MaxPool3d", dict(kernel_size=2, stride=2, pad_mode='pad',
                                                            return_indices=True),
                                          "MaxUnpool3d", dict(kernel_size=2, stride=2)), F32(1, 2, 4, 4, 6, seed=16)),
]

# --- padding layers (nn/layer/padding.py and nn.Pad) ---------------------------------------------
XP = F32(2, 3, 4, 5, seed=31)
CASES += [
    layer_case("ConstantPad1d/int", _b("ConstantPad1d", 2, 0.5), F32(2, 3, 4, seed=32)),
    layer_case("ConstantPad1d/tuple_negative", _b("ConstantPad1d", (1, -2), 1), F32(2, 3, 4, seed=32)),
    layer_case("ConstantPad2d/int", _b("ConstantPad2d", 1, -1.5), XP),
    layer_case("ConstantPad2d/tuple2", _b("ConstantPad2d", (1, 2), 3.0), XP),
    layer_case("ConstantPad2d/tuple4", _b("ConstantPad2d", (0, 1, 2, -1), 0.25), XP),
    layer_case("ConstantPad2d/int_input", _b("ConstantPad2d", 1, 7), I32(2, 3, 3), grad=False),
    layer_case("ConstantPad3d/tuple6", _b("ConstantPad3d", (1, 0, 0, 2, 1, 1), 2.0), XP),
    layer_case("ConstantPad3d/graph", _b("ConstantPad3d", 1, 2.0), XP, mode="graph", grad=False),
    layer_case("ZeroPad2d/int", _b("ZeroPad2d", 2), XP),
    layer_case("ZeroPad2d/tuple", _b("ZeroPad2d", (1, 0, 2, 3)), XP),
    case("ConstantPad1d/bad_len", _err("ConstantPad1d", (1, 2, 3, 4), 0.0), error=True),
    case("ConstantPad2d/bad_len", _err("ConstantPad2d", (1, 2, 3, 4, 5, 6), 0.0), error=True),
    case("ConstantPad2d/bad_odd", _err("ConstantPad2d", (1, 2, 3), 0.0), error=True),
    case("ConstantPad3d/bad_type", _err("ConstantPad3d", [1, 2], 0.0), error=True),
    case("ConstantPad3d/bad_value", _err("ConstantPad3d", 1, "0"), error=True),
    layer_case("ReflectionPad1d/int", _b("ReflectionPad1d", 2), F32(2, 3, 4, seed=33)),
    layer_case("ReflectionPad1d/tuple_2d_input", _b("ReflectionPad1d", (3, 1)), F32(3, 5, seed=34)),
    layer_case("ReflectionPad2d/tuple", _b("ReflectionPad2d", (1, 2, 3, 0)), XP),
    layer_case("ReflectionPad2d/unbatched", _b("ReflectionPad2d", 1), F32(3, 4, 5, seed=35)),
    layer_case("ReflectionPad3d/int", _b("ReflectionPad3d", 1), XP),
    layer_case("ReflectionPad2d/graph", _b("ReflectionPad2d", (1, 2, 0, 1)), XP, mode="graph", grad=False),
    case("ReflectionPad2d/bad_list", _err("ReflectionPad2d", [1, 1, 1, 1]), error=True),
    case("ReflectionPad2d/bad_odd", _err("ReflectionPad2d", (1, 1, 1)), error=True),
    case("ReflectionPad2d/bad_negative", _err("ReflectionPad2d", (1, -1, 1, 1)), error=True),
    case("ReflectionPad1d/bad_too_big", _call("ReflectionPad1d", (4,), {}), F32(2, 3, 4, seed=33), error=True),
    layer_case("ReplicationPad1d/int", _b("ReplicationPad1d", 2), F32(2, 3, 4, seed=36)),
    layer_case("ReplicationPad1d/unbatched", _b("ReplicationPad1d", (0, 3)), F32(3, 4, seed=37)),
    layer_case("ReplicationPad2d/tuple", _b("ReplicationPad2d", (1, 2, 3, 0)), XP),
    layer_case("ReplicationPad2d/unbatched", _b("ReplicationPad2d", 2), F32(3, 4, 5, seed=38)),
    layer_case("ReplicationPad3d/int", _b("ReplicationPad3d", 1), F32(1, 2, 3, 4, 5, seed=39)),
    layer_case("ReplicationPad3d/unbatched", _b("ReplicationPad3d", (1, 0, 2, 1, 0, 1)), F32(2, 3, 4, 5, seed=40)),
    case("ReplicationPad2d/bad_odd", _err("ReplicationPad2d", (1, 1, 1)), error=True),
    case("ReplicationPad2d/bad_type", _err("ReplicationPad2d", 1.0), error=True),
    layer_case("nn.Pad/constant", _b("Pad", ((0, 0), (1, 2), (0, 1), (2, 0))), XP),
    layer_case("nn.Pad/constant_2d", _b("Pad", ((1, 1), (2, 0))), F32(3, 4, seed=41)),
    layer_case("nn.Pad/reflect", _b("Pad", ((0, 0), (0, 0), (1, 2), (2, 1)), mode="REFLECT"), XP),
    layer_case("nn.Pad/symmetric", _b("Pad", ((1, 0), (0, 2), (3, 1)), mode="SYMMETRIC"), F32(2, 3, 4, seed=42)),
    layer_case("nn.Pad/graph", _b("Pad", ((0, 0), (0, 0), (1, 2), (2, 1)), mode="REFLECT"), XP, mode="graph",
               grad=False),
    case("nn.Pad/bad_mode", _err("Pad", ((1, 1),), mode="EDGE"), error=True),
    case("nn.Pad/bad_type", _err("Pad", [[1, 1]]), error=True),
    case("nn.Pad/bad_pair", _err("Pad", ((1, 1, 1),)), error=True),
    case("nn.Pad/bad_rank5", _err("Pad", ((1, 1),) * 5), error=True),
    case("nn.Pad/bad_constant_rank", _call("Pad", (((1, 1), (1, 1)),), {}), XP, error=True),
]


def _graph_grad(build):
    """Forward and input gradient of ``sum(net(x)[0] * ct)`` compiled in GRAPH_MODE."""
    def fn(ms, x):
        net = build(ms)

        def first(o):
            return o[0] if isinstance(o, tuple) else o
        out = first(net(x))
        ct = ms.Tensor(np.linspace(-1, 1, int(np.prod(out.shape))).reshape(out.shape).astype(np.float32))

        def loss(v):
            return (first(net(v)) * ct).sum()
        return out, ms.grad(loss)(x)
    return fn


CASES += [
    case("MaxPool2d/graph_grad", _graph_grad(_b("MaxPool2d", 3, 2, pad_mode='same')), X2, mode="graph"),
    case("MaxPool2d/graph_grad_pad", _graph_grad(_b("MaxPool2d", 3, 2, pad_mode='pad', padding=1,
                                                    return_indices=True)), X2, mode="graph"),
    case("AvgPool2d/graph_grad_pad", _graph_grad(_b("AvgPool2d", 3, 2, pad_mode='pad', padding=1, ceil_mode=True,
                                                    count_include_pad=False)), X2, mode="graph"),
    case("AvgPool1d/graph_grad", _graph_grad(_b("AvgPool1d", 3, 2)), X1, mode="graph"),
    case("AdaptiveMaxPool2d/graph_grad", _graph_grad(_b("AdaptiveMaxPool2d", (3, 4))), X2, mode="graph"),
    case("ReplicationPad2d/graph_grad", _graph_grad(_b("ReplicationPad2d", (1, 2, 0, 1))), XP, mode="graph"),
]

# the default run keeps the first value case of each class; the rest run with -m slow
one_per_class_by_default(CASES)
