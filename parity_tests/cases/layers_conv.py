"""nn convolution layers (nn/layer/conv.py): Conv1d/2d/3d and Conv1d/2d/3dTranspose.

Forward values and gradients (inputs and weights) with the same weights on both sides
(``layer_case``) for each pad_mode, strides, dilations, groups, biases and output_padding;
the default initial weights after ``set_seed`` compared BIT for bit; repr strings; bad
constructor arguments and bad inputs (same exception class).
"""
import numpy as np

from parity_tests.harness import case, F32, F16
from parity_tests.cases._layer_common import layer_case, one_per_class_by_default

X1 = F32(2, 4, 9, seed=1)
X2 = F32(2, 4, 7, 6, seed=2)
X3 = F32(1, 4, 4, 5, 6, seed=3)


def _bits(t):
    a = t.asnumpy()
    return a.view(np.int16 if a.dtype == np.float16 else np.int32)


def _init_bits(cls, *args, seed=1, **kw):
    def fn(ms):
        ms.set_seed(seed)
        kw2 = dict(kw)
        if kw2.get("dtype") == "f16":
            kw2["dtype"] = ms.float16
        net = getattr(ms.nn, cls)(*args, **kw2)
        return [(p.name, tuple(p.shape), p.dtype) for p in net.get_parameters()], \
            [_bits(p) for p in net.get_parameters()]
    return fn


def _build(cls, *args, **kw):
    return lambda ms: getattr(ms.nn, cls)(*args, **kw)


def _err(cls, *args, **kw):
    return lambda ms: getattr(ms.nn, cls)(*args, **kw)


def _call_err(cls, args, kw):
    def fn(ms, x):
        return getattr(ms.nn, cls)(*args, **kw)(x)
    return fn


def _repr(cls, *args, **kw):
    return lambda ms: repr(getattr(ms.nn, cls)(*args, **kw))


CASES = [
    # --- Conv2d --------------------------------------------------------------------------
    layer_case("Conv2d/same_default", _build("Conv2d", 4, 3, 3), X2),
    layer_case("Conv2d/same_bias", _build("Conv2d", 4, 3, 3, has_bias=True), X2),
    layer_case("Conv2d/same_stride2_even_kernel", _build("Conv2d", 4, 3, 2, stride=2, has_bias=True), X2),
    layer_case("Conv2d/same_stride_tuple", _build("Conv2d", 4, 2, (3, 2), stride=(2, 1)), X2),
    layer_case("Conv2d/valid", _build("Conv2d", 4, 3, 3, pad_mode='valid', has_bias=True), X2),
    layer_case("Conv2d/valid_stride3", _build("Conv2d", 4, 3, (2, 3), stride=3, pad_mode='valid'), X2),
    layer_case("Conv2d/pad_int", _build("Conv2d", 4, 3, 3, pad_mode='pad', padding=1, has_bias=True), X2),
    layer_case("Conv2d/pad_tuple", _build("Conv2d", 4, 3, 3, pad_mode='pad', padding=(0, 2, 1, 0)), X2),
    layer_case("Conv2d/dilation", _build("Conv2d", 4, 3, 3, dilation=2, has_bias=True), X2),
    layer_case("Conv2d/dilation_tuple_valid", _build("Conv2d", 4, 3, 2, dilation=(2, 3), pad_mode='valid'), X2),
    layer_case("Conv2d/group2", _build("Conv2d", 4, 6, 3, group=2, has_bias=True), X2),
    layer_case("Conv2d/depthwise", _build("Conv2d", 4, 4, 3, group=4, pad_mode='pad', padding=1), X2),
    layer_case("Conv2d/1x1", _build("Conv2d", 4, 5, 1, has_bias=True), X2),
    layer_case("Conv2d/graph", _build("Conv2d", 4, 3, 3, stride=2, has_bias=True), X2, mode="graph", grad=False),
    layer_case("Conv2d/graph_pad_group", _build("Conv2d", 4, 2, 3, pad_mode='pad', padding=1, group=2),
               X2, mode="graph", grad=False),
    layer_case("Conv2d/weight_init_str", _build("Conv2d", 4, 3, 3, weight_init='ones', bias_init='zeros',
                                                has_bias=True), X2),
    case("Conv2d/init_default_bits", _init_bits("Conv2d", 4, 6, 3, seed=1)),
    case("Conv2d/init_bias_bits", _init_bits("Conv2d", 4, 6, (3, 2), has_bias=True, seed=7)),
    case("Conv2d/init_group_bias_bits", _init_bits("Conv2d", 4, 6, 3, group=2, has_bias=True, seed=3)),
    case("Conv2d/init_f16_bits", _init_bits("Conv2d", 3, 2, 3, has_bias=True, dtype="f16", seed=5)),
    case("Conv2d/init_normal_bits", _init_bits("Conv2d", 3, 2, 3, weight_init='normal', seed=2)),
    case("Conv2d/init_tensor", lambda ms: [p for p in ms.nn.Conv2d(
        1, 2, 2, weight_init=ms.Tensor(np.arange(8, dtype=np.float32).reshape(2, 1, 2, 2)),
        bias_init=ms.Tensor(np.array([1.0, -1.0], np.float32)), has_bias=True).get_parameters()]),
    case("Conv2d/repr", _repr("Conv2d", 4, 6, 3, weight_init='normal', bias_init='zeros', has_bias=True)),
    case("Conv2d/repr_pad", _repr("Conv2d", 4, 6, (3, 2), stride=2, pad_mode='pad', padding=(1, 0, 1, 0),
                                  weight_init='ones')),
    case("Conv2d/bad_nhwc", _err("Conv2d", 4, 6, 3, data_format='NHWC'), error=True),
    case("Conv2d/bad_format", _err("Conv2d", 4, 6, 3, data_format='NCWH'), error=True),
    case("Conv2d/bad_group_divisible", _err("Conv2d", 4, 6, 3, group=3), error=True),
    case("Conv2d/bad_group_zero", _err("Conv2d", 4, 6, 3, group=0), error=True),
    case("Conv2d/bad_kernel_len", _err("Conv2d", 4, 6, (3, 3, 3)), error=True),
    case("Conv2d/bad_kernel_zero", _err("Conv2d", 4, 6, 0), error=True),
    case("Conv2d/bad_kernel_float", _err("Conv2d", 4, 6, 2.0), error=True),
    case("Conv2d/bad_stride4", _err("Conv2d", 4, 6, 3, stride=(1, 1, 1, 1)), error=True),
    case("Conv2d/bad_in_channels", _err("Conv2d", 0, 6, 3), error=True),
    case("Conv2d/bad_out_channels_type", _err("Conv2d", 4, 6.0, 3), error=True),
    case("Conv2d/bad_padding_len", _err("Conv2d", 4, 6, 3, pad_mode='pad', padding=(1, 1)), error=True),
    case("Conv2d/bad_padding_neg", _err("Conv2d", 4, 6, 3, pad_mode='pad', padding=-1), error=True),
    case("Conv2d/bad_padding_type", _err("Conv2d", 4, 6, 3, pad_mode='pad', padding=[1, 1, 1, 1]), error=True),
    case("Conv2d/bad_padding_not_pad_mode", _err("Conv2d", 4, 6, 3, padding=1), error=True),
    case("Conv2d/bad_pad_mode", _err("Conv2d", 4, 6, 3, pad_mode='full'), error=True),
    case("Conv2d/bad_has_bias", _err("Conv2d", 4, 6, 3, has_bias=1), error=True),
    case("Conv2d/bad_input_rank", _call_err("Conv2d", (4, 3, 3), {}), F32(4, 5, 5), error=True),
    case("Conv2d/bad_input_channels", _call_err("Conv2d", (4, 3, 3), {}), F32(1, 3, 5, 5), error=True),
    case("Conv2d/bad_input_dtype", _call_err("Conv2d", (4, 3, 3), {}), F16(1, 4, 5, 5), error=True),
    case("Conv2d/bad_input_small", _call_err("Conv2d", (4, 3, 5), {"pad_mode": "valid"}), F32(1, 4, 3, 3),
         error=True),

    # --- Conv1d --------------------------------------------------------------------------
    layer_case("Conv1d/same", _build("Conv1d", 4, 3, 3), X1),
    layer_case("Conv1d/same_stride2_bias", _build("Conv1d", 4, 3, 4, stride=2, has_bias=True), X1),
    layer_case("Conv1d/valid_dilation", _build("Conv1d", 4, 3, 3, pad_mode='valid', dilation=2), X1),
    layer_case("Conv1d/pad_group", _build("Conv1d", 4, 6, 3, pad_mode='pad', padding=2, group=2, has_bias=True),
               X1),
    layer_case("Conv1d/graph", _build("Conv1d", 4, 3, 3, stride=2, has_bias=True), X1, mode="graph", grad=False),
    case("Conv1d/init_bits", _init_bits("Conv1d", 4, 6, 3, has_bias=True, seed=4)),
    case("Conv1d/init_tensor_3d", lambda ms: [p for p in ms.nn.Conv1d(
        1, 2, 2, weight_init=ms.Tensor(np.arange(4, dtype=np.float32).reshape(2, 1, 2))).get_parameters()]),
    case("Conv1d/repr", _repr("Conv1d", 4, 6, 3, weight_init='ones')),
    case("Conv1d/bad_kernel_tuple", _err("Conv1d", 4, 6, (3,)), error=True),
    case("Conv1d/bad_stride_zero", _err("Conv1d", 4, 6, 3, stride=0), error=True),
    case("Conv1d/bad_padding_neg", _err("Conv1d", 4, 6, 3, pad_mode='pad', padding=-1), error=True),
    case("Conv1d/bad_group", _err("Conv1d", 4, 6, 3, group=4), error=True),
    case("Conv1d/bad_weight_init_rank", lambda ms: ms.nn.Conv1d(1, 2, 2, weight_init=ms.Tensor(
        np.ones((2, 1, 1, 2), np.float32))), error=True),
    case("Conv1d/bad_input_rank", _call_err("Conv1d", (4, 3, 3), {}), F32(4, 9), error=True),

    # --- Conv3d --------------------------------------------------------------------------
    layer_case("Conv3d/same", _build("Conv3d", 4, 2, 3), X3),
    layer_case("Conv3d/same_stride_bias", _build("Conv3d", 4, 2, (2, 3, 2), stride=(1, 2, 2), has_bias=True), X3),
    layer_case("Conv3d/valid_dilation", _build("Conv3d", 4, 2, 2, pad_mode='valid', dilation=(1, 2, 2)), X3),
    layer_case("Conv3d/pad", _build("Conv3d", 4, 2, 3, pad_mode='pad', padding=(1, 0, 0, 1, 1, 1),
                                    has_bias=True), X3),
    layer_case("Conv3d/group2_bias", _build("Conv3d", 4, 2, 3, group=2, has_bias=True), X3),
    layer_case("Conv3d/graph", _build("Conv3d", 4, 2, 3, stride=2, has_bias=True), X3, mode="graph", grad=False),
    case("Conv3d/init_bits", _init_bits("Conv3d", 4, 2, 3, has_bias=True, seed=6)),
    case("Conv3d/repr", _repr("Conv3d", 4, 2, 3, weight_init='ones', has_bias=True, bias_init='ones')),
    case("Conv3d/bad_kernel_len", _err("Conv3d", 4, 2, (3, 3)), error=True),
    case("Conv3d/bad_kernel_zero", _err("Conv3d", 4, 2, (3, 0, 3)), error=True),
    case("Conv3d/bad_padding_len", _err("Conv3d", 4, 2, 3, pad_mode='pad', padding=(1, 1, 1, 1)), error=True),
    case("Conv3d/bad_group", _err("Conv3d", 4, 2, 3, group=3), error=True),
    case("Conv3d/bad_input_rank", _call_err("Conv3d", (4, 2, 3), {}), F32(1, 4, 5, 5), error=True),

    # --- Conv2dTranspose -----------------------------------------------------------------
    layer_case("Conv2dTranspose/same", _build("Conv2dTranspose", 4, 3, 3), X2),
    layer_case("Conv2dTranspose/same_stride2_bias", _build("Conv2dTranspose", 4, 3, 3, stride=2, has_bias=True), X2),
    layer_case("Conv2dTranspose/same_stride3_k2", _build("Conv2dTranspose", 4, 3, 2, stride=3), X2),
    layer_case("Conv2dTranspose/valid", _build("Conv2dTranspose", 4, 3, 3, stride=2, pad_mode='valid',
                                               has_bias=True), X2),
    layer_case("Conv2dTranspose/valid_k_lt_stride", _build("Conv2dTranspose", 4, 3, 2, stride=3,
                                                           pad_mode='valid'), X2),
    layer_case("Conv2dTranspose/pad", _build("Conv2dTranspose", 4, 3, 3, stride=2, pad_mode='pad', padding=1,
                                             has_bias=True), X2),
    layer_case("Conv2dTranspose/pad_tuple", _build("Conv2dTranspose", 4, 3, 3, stride=(2, 1), pad_mode='pad',
                                                   padding=(1, 0, 0, 2)), X2),
    layer_case("Conv2dTranspose/output_padding", _build("Conv2dTranspose", 4, 3, 3, stride=2, pad_mode='pad',
                                                        padding=1, output_padding=1, has_bias=True), X2),
    layer_case("Conv2dTranspose/output_padding_tuple", _build("Conv2dTranspose", 4, 3, 3, stride=(2, 3),
                                                              pad_mode='pad', padding=1, output_padding=(1, 2)), X2,
               atol=5e-5),
    layer_case("Conv2dTranspose/dilation", _build("Conv2dTranspose", 4, 3, 3, dilation=2, has_bias=True), X2),
    layer_case("Conv2dTranspose/group2", _build("Conv2dTranspose", 4, 6, 3, stride=2, group=2, has_bias=True), X2),
    layer_case("Conv2dTranspose/graph", _build("Conv2dTranspose", 4, 3, 3, stride=2, has_bias=True), X2,
               mode="graph", grad=False),
    case("Conv2dTranspose/init_bits", _init_bits("Conv2dTranspose", 4, 6, 3, has_bias=True, group=2, seed=8)),
    case("Conv2dTranspose/repr", _repr("Conv2dTranspose", 4, 6, 3, weight_init='ones')),
    case("Conv2dTranspose/bad_output_padding_mode", _call_err("Conv2dTranspose", (4, 3, 3),
                                                              {"stride": 2, "output_padding": 1}), X2, error=True),
    case("Conv2dTranspose/bad_output_padding_range", _call_err("Conv2dTranspose", (4, 3, 3),
                                                               {"stride": 2, "pad_mode": "pad",
                                                                "output_padding": 2}), X2, error=True),
    case("Conv2dTranspose/bad_output_padding_len", _err("Conv2dTranspose", 4, 3, 3, output_padding=(1, 1, 1)),
         error=True),
    case("Conv2dTranspose/bad_padding_len", _err("Conv2dTranspose", 4, 3, 3, pad_mode='pad', padding=(1, 1)),
         error=True),
    case("Conv2dTranspose/bad_pad_mode", _err("Conv2dTranspose", 4, 3, 3, pad_mode='SAME'), error=True),
    case("Conv2dTranspose/bad_input_rank", _call_err("Conv2dTranspose", (4, 3, 3), {}), F32(4, 5, 5), error=True),

    # --- Conv1dTranspose -----------------------------------------------------------------
    layer_case("Conv1dTranspose/same", _build("Conv1dTranspose", 4, 3, 3), X1),
    layer_case("Conv1dTranspose/same_stride2_bias", _build("Conv1dTranspose", 4, 3, 3, stride=2, has_bias=True), X1),
    layer_case("Conv1dTranspose/valid", _build("Conv1dTranspose", 4, 3, 3, stride=2, pad_mode='valid'), X1),
    layer_case("Conv1dTranspose/pad_dilation", _build("Conv1dTranspose", 4, 3, 3, stride=2, pad_mode='pad',
                                                      padding=1, dilation=2, has_bias=True), X1),
    layer_case("Conv1dTranspose/group", _build("Conv1dTranspose", 4, 2, 3, group=2), X1),
    layer_case("Conv1dTranspose/graph", _build("Conv1dTranspose", 4, 3, 3, stride=2, has_bias=True), X1,
               mode="graph", grad=False),
    case("Conv1dTranspose/init_bits", _init_bits("Conv1dTranspose", 4, 6, 3, has_bias=True, seed=9)),
    case("Conv1dTranspose/bad_input_rank", _call_err("Conv1dTranspose", (4, 3, 3), {}), X2, error=True),
    case("Conv1dTranspose/bad_kernel_type", _err("Conv1dTranspose", 4, 3, (3,)), error=True),

    # --- Conv3dTranspose -----------------------------------------------------------------
    layer_case("Conv3dTranspose/same", _build("Conv3dTranspose", 4, 2, 3), X3),
    layer_case("Conv3dTranspose/same_stride2_bias", _build("Conv3dTranspose", 4, 2, 3, stride=2, has_bias=True),
               F32(1, 4, 3, 2, 3, seed=5)),
    layer_case("Conv3dTranspose/same_stride3_k2", _build("Conv3dTranspose", 4, 2, 2, stride=3),
               F32(1, 4, 2, 3, 2, seed=6)),
    layer_case("Conv3dTranspose/valid", _build("Conv3dTranspose", 4, 2, 3, stride=(1, 2, 1), pad_mode='valid'), X3,
               atol=5e-5),
    layer_case("Conv3dTranspose/valid_k_lt_stride", _build("Conv3dTranspose", 4, 2, 2, stride=3, pad_mode='valid'),
               F32(1, 4, 2, 3, 2, seed=7)),
    layer_case("Conv3dTranspose/pad_output_padding", _build("Conv3dTranspose", 4, 2, 3, stride=2, pad_mode='pad',
                                                            padding=1, output_padding=1, has_bias=True),
               F32(1, 4, 3, 2, 3, seed=8)),
    layer_case("Conv3dTranspose/group2", _build("Conv3dTranspose", 4, 2, 3, group=2), X3),
    layer_case("Conv3dTranspose/graph", _build("Conv3dTranspose", 4, 2, 3, stride=2, has_bias=True),
               F32(1, 4, 3, 2, 3, seed=5), mode="graph", grad=False),
    case("Conv3dTranspose/init_bits", _init_bits("Conv3dTranspose", 4, 2, 3, has_bias=True, seed=10)),
    case("Conv3dTranspose/bad_output_padding_mode", _err("Conv3dTranspose", 4, 2, 3, stride=2, output_padding=1),
         error=True),
    case("Conv3dTranspose/bad_output_padding_neg", _err("Conv3dTranspose", 4, 2, 3, pad_mode='pad',
                                                        output_padding=-1), error=True),
    case("Conv3dTranspose/bad_group", _err("Conv3dTranspose", 4, 2, 3, group=3), error=True),
]


def _graph_grad(build):
    """Forward and gradients (input and weights) of ``sum(net(x) * ct)`` compiled in GRAPH_MODE,
    with the same weights on both sides."""
    from parity_tests.cases._layer_common import weights_of, _load

    def fn(ms, x):
        net = build(ms)
        _load(ms, net, weights_of(net))
        out = net(x)
        ct = ms.Tensor(np.linspace(-1, 1, int(np.prod(out.shape))).reshape(out.shape).astype(np.float32))
        params = net.trainable_params()

        def loss(v):
            return (net(v) * ct).sum()
        return out, ms.value_and_grad(loss, grad_position=0, weights=params)(x)
    return fn


CASES += [
    case("Conv2d/graph_grad", _graph_grad(_build("Conv2d", 4, 3, 3, stride=2, has_bias=True)), X2, mode="graph"),
    case("Conv1d/graph_grad", _graph_grad(_build("Conv1d", 4, 3, 3, pad_mode='pad', padding=1)), X1, mode="graph"),
    case("Conv2dTranspose/graph_grad", _graph_grad(_build("Conv2dTranspose", 4, 3, 3, stride=2, has_bias=True)), X2,
         mode="graph"),
    case("Conv3d/graph_grad", _graph_grad(_build("Conv3d", 4, 2, 3, has_bias=True)), X3, mode="graph", atol=5e-5),
]

CASES += [
    layer_case("Conv2d/f16", lambda ms: ms.nn.Conv2d(2, 3, 3, has_bias=True, dtype=ms.float16), F16(1, 2, 5, 5, seed=4),
               grad=False, rtol=2e-3, atol=2e-3),
    case("Conv2d/init_f64_dtype", lambda ms: [p.dtype for p in ms.nn.Conv2d(1, 2, 2, has_bias=True,
                                                                           dtype=ms.float64).get_parameters()]),
    case("Conv2d/bad_weight_init_shape", lambda ms: ms.nn.Conv2d(1, 2, 2, weight_init=ms.Tensor(
        np.ones((2, 1, 3, 3), np.float32))), error=True),
    case("Conv2d/bad_bias_init_shape", lambda ms: ms.nn.Conv2d(1, 2, 2, has_bias=True, bias_init=ms.Tensor(
        np.ones((3,), np.float32))), error=True),
    case("Conv2d/bad_weight_init_name", _err("Conv2d", 1, 2, 2, weight_init='foo'), error=True),
    case("Conv2d/bad_dilation4", _err("Conv2d", 1, 2, 2, dilation=(1, 1, 2, 2)), error=True),
    case("Conv2d/bad_group_neg", _err("Conv2d", 4, 4, 2, group=-2), error=True),
    case("Conv2d/bad_kernel_bool", _err("Conv2d", 4, 4, True), error=True),
    case("Conv2d/bad_f64", lambda ms, x: ms.nn.Conv2d(1, 2, 2, dtype=ms.float64)(x),
         np.ones((1, 1, 4, 4), np.float64), error=True),
    case("Conv3d/bad_stride5", _err("Conv3d", 1, 2, 2, stride=(1, 1, 2, 2, 2)), error=True),
]


def _two_layers_bits(ms):
    ms.set_seed(11)
    a = ms.nn.Conv2d(3, 4, 3, has_bias=True)
    b = ms.nn.Conv1d(4, 2, 2, has_bias=True)
    c = ms.nn.Conv2dTranspose(2, 3, 2)
    return [_bits(p) for n in (a, b, c) for p in n.get_parameters()]


CASES += [case("Conv2d/init_sequence_bits", _two_layers_bits)]

CASES += [
    layer_case("Conv2d/same_stride_dilation", _build("Conv2d", 4, 3, 3, stride=2, dilation=2, has_bias=True), X2),
    layer_case("Conv2dTranspose/valid_stride_dilation", _build("Conv2dTranspose", 4, 3, 2, stride=2, dilation=2,
                                                               pad_mode='valid'), X2),
    layer_case("Conv1dTranspose/pad_stride3", _build("Conv1dTranspose", 4, 3, 4, stride=3, pad_mode='pad',
                                                     padding=2), X1),
    layer_case("Conv3d/valid_stride_group", _build("Conv3d", 4, 4, 2, stride=(2, 1, 2), pad_mode='valid', group=4,
                                                   has_bias=True), X3),
]

# the default run keeps the first value case of each class; the rest run with -m slow
one_per_class_by_default(CASES)
