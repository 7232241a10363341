"""Backward passes of the building blocks of mindocr 0.5.0's ResNet-45 (VisionLAN) and
TableMaster backbones, written out with MindSpore's public layers and ops (the zoo harness's
``compat_tests/README.md`` tells why their whole-model gradients differ: rounding in
ill-conditioned computations, not a differing op; these cases pin the ops' backward rules).

Every case returns the loss, the input gradient and every trainable parameter's gradient of a
block in eval mode (BatchNorm on its moving statistics, as the zoo harness computes gradients),
with the parameters set from fixed numpy arrays on both sides.
"""
import numpy as np

from parity_tests.harness import case, F32

T = dict(rtol=1e-4, atol=1e-5)
T16 = dict(rtol=2e-3, atol=2e-3)  # float16 products rounded to 11 bits


def _set_params(ms, net, seed):
    """Every parameter of ``net`` from a fixed stream: BatchNorm gammas and moving variances in
    [0.5, 1.5], everything else normal (weights scaled by 0.2)."""
    rs = np.random.RandomState(seed)
    for p in net.get_parameters():
        if "moving_variance" in p.name or "gamma" in p.name:
            v = rs.uniform(0.5, 1.5, p.shape)
        else:
            v = rs.standard_normal(p.shape) * (0.2 if "weight" in p.name else 0.5)
        p.set_data(ms.Tensor(v.astype(np.float32)))


def _grads(ms, net, x, seed=3):
    """Loss ``sum(net(x) * w)`` for a fixed ``w``, its gradient w.r.t. ``x`` and each trainable
    parameter, in eval mode."""
    _set_params(ms, net, seed)
    net.set_train(False)
    out_shape = net(x).shape
    w = ms.Tensor(np.random.RandomState(seed + 1).standard_normal(out_shape).astype(np.float32))

    def loss(x):
        return (net(x) * w).sum()

    params = net.trainable_params()
    value, (gx, gp) = ms.value_and_grad(loss, 0, params)(x)
    return (value, gx) + tuple(gp)


def _basic_block(ms, cin, cout, stride):
    """ResNet-45's BasicBlock: conv-BN-ReLU-conv-BN, an in-place ``out += identity`` (a strided
    1x1 conv + BN shortcut when the shape changes), ReLU."""
    nn = ms.nn

    class BasicBlock(nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(cin, cout, 3, stride=stride, padding=1, pad_mode="pad")
            self.bn1 = nn.BatchNorm2d(cout)
            self.relu = nn.ReLU()
            self.conv2 = nn.Conv2d(cout, cout, 3, padding=1, pad_mode="pad")
            self.bn2 = nn.BatchNorm2d(cout)
            self.down_sample = None
            if stride != 1 or cin != cout:
                self.down_sample = nn.SequentialCell([nn.Conv2d(cin, cout, 1, stride=stride), nn.BatchNorm2d(cout)])

        def construct(self, x):
            identity = x
            out = self.relu(self.bn1(self.conv1(x)))
            out = self.bn2(self.conv2(out))
            if self.down_sample is not None:
                identity = self.down_sample(x)
            out += identity
            return self.relu(out)

    return BasicBlock()


def resnet45_block(ms, x, cin=8, cout=8, stride=1):
    return _grads(ms, _basic_block(ms, cin, cout, stride), x)


def resnet45_stem(ms, x):
    """ResNet-45's stem (3x3 conv with pad_mode "same", BN, ReLU) and two blocks, the second
    strided and widening, on an odd-sized map."""
    nn = ms.nn
    net = nn.SequentialCell([nn.Conv2d(3, 8, 3, pad_mode="same"), nn.BatchNorm2d(8), nn.ReLU(),
                             _basic_block(ms, 8, 8, 1), _basic_block(ms, 8, 16, 2)])
    return _grads(ms, net, x)


def _gc_attention(ms, channels, headers, fp16):
    """TableMaster's multi-aspect global-context attention: a 1x1 conv scores every position of
    each header's slice, a softmax over the H*W positions weights the slice (a float16 matmul in
    mindocr when ``fp16``), and a conv-LayerNorm-ReLU-conv transform of that context is added to
    every position."""
    nn, ops = ms.nn, ms.ops
    single = channels // headers

    class ChannelNorm(nn.Cell):      # LayerNorm over the channels of an (N, C, 1, 1) context
        def __init__(self, planes):
            super().__init__()
            self.layer_norm = nn.LayerNorm([planes])

        def construct(self, x):
            return self.layer_norm(x.reshape((x.shape[0], -1)))[..., None, None]

    class GCAttention(nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv_mask = nn.Conv2d(single, 1, 1, has_bias=True)
            self.softmax = nn.Softmax(axis=2)
            self.channel_add_conv = nn.SequentialCell([
                nn.Conv2d(channels, channels // 2, 1, has_bias=True), ChannelNorm(channels // 2),
                nn.ReLU(), nn.Conv2d(channels // 2, channels, 1, has_bias=True)])

        def construct(self, x):
            batch, _, height, width = x.shape
            xs = x.reshape([batch * headers, single, height, width])
            flat = xs.reshape([batch * headers, single, height * width]).unsqueeze(1)
            mask = self.conv_mask(xs).reshape([batch * headers, 1, height * width])
            if headers > 1:
                mask = mask / ops.sqrt(ms.Tensor(float(single)))
            mask = self.softmax(mask).unsqueeze(-1)
            if fp16:
                context = ops.matmul(flat.astype(ms.float16), mask.astype(ms.float16)).astype(ms.float32)
            else:
                context = ops.matmul(flat, mask)
            context = context.reshape([batch, channels, 1, 1])
            return x + self.channel_add_conv(context)

    return GCAttention()


def gc_attention(ms, x, headers=1, fp16=False):
    return _grads(ms, _gc_attention(ms, x.shape[1], headers, fp16), x)


def gc_block(ms, x):
    """TableMaster's first global-context block: ResNet block (conv-BN-ReLU-conv-BN), the
    attention (float16 matmul, one header), the shortcut add, ReLU."""
    nn = ms.nn

    class GCBlock(nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(8, 8, 3, padding=1, pad_mode="pad")
            self.bn1 = nn.BatchNorm2d(8)
            self.conv2 = nn.Conv2d(8, 8, 3, padding=1, pad_mode="pad")
            self.bn2 = nn.BatchNorm2d(8)
            self.relu = nn.ReLU()
            self.context_block = _gc_attention(ms, 8, 1, True)

        def construct(self, x):
            out = self.relu(self.bn1(self.conv1(x)))
            out = self.context_block(self.bn2(self.conv2(out)))
            return self.relu(out + x)

    return _grads(ms, GCBlock(), x)


def fp16_matmul_grads(ms, a, m):
    """The float16 round trip of TableMaster's attention pooling: gradients of a float32 loss
    through ``matmul(a.astype(float16), m.astype(float16)).astype(float32)``."""
    ops = ms.ops
    w = ms.Tensor(np.random.RandomState(9).standard_normal((a.shape[0], 1, a.shape[2], 1)).astype(np.float32))

    def loss(a, m):
        return (ops.matmul(a.astype(ms.float16), m.astype(ms.float16)).astype(ms.float32) * w).sum()

    return ms.value_and_grad(loss, (0, 1))(a, m)


def _softmax_weights(n, length):
    s = np.random.RandomState(11).standard_normal((n, 1, length, 1))
    return (np.exp(s) / np.exp(s).sum(2, keepdims=True)).astype(np.float32)


CASES = [
    case("zoo_backward/resnet45_block", resnet45_block, F32(2, 8, 6, 10), **T),
    case("zoo_backward/resnet45_block_stride2_odd",
         lambda ms, x: resnet45_block(ms, x, 8, 16, 2), F32(2, 8, 7, 9), **T),
    case("zoo_backward/resnet45_block_1x1_map", lambda ms, x: resnet45_block(ms, x, 8, 16, 2), F32(2, 8, 1, 1), **T),
    case("zoo_backward/resnet45_stem_odd", resnet45_stem, F32(2, 3, 9, 13), **T),
    case("zoo_backward/gc_attention", gc_attention, F32(2, 8, 4, 6), **T),
    case("zoo_backward/gc_attention_headers", lambda ms, x: gc_attention(ms, x, headers=2), F32(2, 8, 4, 6), **T),
    case("zoo_backward/gc_attention_fp16", lambda ms, x: gc_attention(ms, x, fp16=True), F32(2, 8, 4, 6), **T16),
    case("zoo_backward/gc_block", gc_block, F32(2, 8, 5, 6), **T16),
    case("zoo_backward/fp16_matmul_grads", fp16_matmul_grads, F32(4, 1, 16, 24), _softmax_weights(4, 24), **T16),
]
