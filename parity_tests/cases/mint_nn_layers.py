"""mindspore.mint.nn layers and losses: parameter names, shapes and flags as MindSpore makes
them, forward values with weights set from the inputs, grads, and constructor errors.
Oracle: real MindSpore 2.10 CPU where it runs the layer; PyTorch (``torch_ref``: the same layer
of ``torch.nn`` with the same weights; mint is documented as aligned with it) where the layer's
kernel is unregistered there (``Conv2DExt``, ``Embedding``,
``LayerNormExt``, ``BatchNormExt``, ``LogSoftmaxExt``, ``MSELossExt``, ``L1LossExt``,
``AdaptiveAvgPool2DExt``, ``AvgPool2D``, ``ConstantPadND``)."""
import numpy as np

from parity_tests.harness import case, both_modes, F32
from parity_tests.torch_oracle import torch_set as _torch_set

IMG = F32(2, 2, 5, 5)
LABELS = np.array([0, 2, 1], np.int64)


def _params(net):
    return [(p.name, tuple(p.shape), bool(p.requires_grad)) for p in net.get_parameters()]


def _set(ms, net, **values):
    for name, v in values.items():
        getattr(net, name).set_data(v)
    return net


def _linear(ms, x, w, b):
    net = _set(ms, ms.mint.nn.Linear(3, 4), weight=w, bias=b)
    return net(x)


def _conv(ms, x, w, b, **kw):
    net = _set(ms, ms.mint.nn.Conv2d(2, 3, 3, **kw), weight=w, bias=b)
    return net(x)


def _torch_conv(torch, x, w, b, **kw):
    return _torch_set(torch.nn.Conv2d(2, 3, 3, **kw), weight=w, bias=b)(x)


def _torch_ln(torch, x, w, b):
    return _torch_set(torch.nn.LayerNorm(3), weight=w, bias=b)(x)


CASES = [
    # parameter names, shapes and flags
    case("mint.nn.Linear/params", lambda ms: _params(ms.mint.nn.Linear(3, 4))),
    case("mint.nn.Linear/params_nobias", lambda ms: _params(ms.mint.nn.Linear(3, 4, bias=False))),
    case("mint.nn.Conv2d/params", lambda ms: _params(ms.mint.nn.Conv2d(2, 4, 3))),
    case("mint.nn.Conv2d/params_groups", lambda ms: _params(ms.mint.nn.Conv2d(4, 4, (3, 1), groups=2, bias=False))),
    case("mint.nn.Conv1d/params", lambda ms: _params(ms.mint.nn.Conv1d(2, 4, 5))),
    case("mint.nn.Conv3d/params", lambda ms: _params(ms.mint.nn.Conv3d(2, 4, 3))),
    case("mint.nn.ConvTranspose2d/params", lambda ms: _params(ms.mint.nn.ConvTranspose2d(2, 4, 3))),
    case("mint.nn.BatchNorm2d/params", lambda ms: _params(ms.mint.nn.BatchNorm2d(3))),
    case("mint.nn.BatchNorm1d/params_noaffine", lambda ms: _params(ms.mint.nn.BatchNorm1d(3, affine=False))),
    case("mint.nn.GroupNorm/params", lambda ms: _params(ms.mint.nn.GroupNorm(2, 4))),
    case("mint.nn.LayerNorm/params", lambda ms: _params(ms.mint.nn.LayerNorm((3,)))),
    case("mint.nn.Embedding/params", lambda ms: _params(ms.mint.nn.Embedding(5, 3))),
    # initial values that are fixed
    case("mint.nn.GroupNorm/init", lambda ms: [p.asnumpy() for p in ms.mint.nn.GroupNorm(2, 4).get_parameters()]),
    case("mint.nn.BatchNorm2d/init", lambda ms: [p.asnumpy() for p in ms.mint.nn.BatchNorm2d(2).get_parameters()]),
    case("mint.nn.LayerNorm/init", lambda ms: [p.asnumpy() for p in ms.mint.nn.LayerNorm(3).get_parameters()]),
    # forward values
    case("mint.nn.Linear/forward", _linear, F32(2, 3), F32(4, 3), F32(4)),
    case("mint.nn.Linear/grad", lambda ms, x, w, b: ms.grad(lambda u: _linear(ms, u, w, b).sum())(x),
         F32(2, 3), F32(4, 3), F32(4)),
    case("mint.nn.Conv2d/forward", lambda ms, x, w, b: _conv(ms, x, w, b), IMG, F32(3, 2, 3, 3), F32(3),
         torch_ref=lambda torch, x, w, b: _torch_conv(torch, x, w, b)),
    case("mint.nn.Conv2d/pad_stride", lambda ms, x, w, b: _conv(ms, x, w, b, stride=2, padding=1), IMG,
         F32(3, 2, 3, 3), F32(3), torch_ref=lambda torch, x, w, b: _torch_conv(torch, x, w, b, stride=2, padding=1)),
    case("mint.nn.LayerNorm/forward", lambda ms, x, w, b: _set(ms, ms.mint.nn.LayerNorm(3), weight=w, bias=b)(x),
         F32(2, 3), F32(3), F32(3, seed=2), torch_ref=_torch_ln),
    case("mint.nn.Embedding/forward", lambda ms, i, w: _set(ms, ms.mint.nn.Embedding(4, 2), weight=w)(i),
         LABELS, F32(4, 2), torch_ref=lambda torch, i, w: _torch_set(torch.nn.Embedding(4, 2), weight=w)(i)),
    case("mint.nn.BatchNorm2d/eval", lambda ms, x: ms.mint.nn.BatchNorm2d(2).set_train(False)(x), IMG,
         torch_ref=lambda torch, x: torch.nn.BatchNorm2d(2).eval()(x)),
    case("mint.nn.GroupNorm/forward", lambda ms, x: ms.mint.nn.GroupNorm(2, 2)(x), IMG),
    case("mint.nn.Dropout/eval", lambda ms, x: ms.mint.nn.Dropout(0.3).set_train(False)(x), F32(2, 3)),
    case("mint.nn.SiLU/forward", lambda ms, x: ms.mint.nn.SiLU()(x), F32(2, 3)),
    case("mint.nn.ReLU/forward", lambda ms, x: ms.mint.nn.ReLU()(x), F32(2, 3)),
    case("mint.nn.Tanh/forward", lambda ms, x: ms.mint.nn.Tanh()(x), F32(2, 3)),
    case("mint.nn.Sigmoid/forward", lambda ms, x: ms.mint.nn.Sigmoid()(x), F32(2, 3)),
    case("mint.nn.Softmax/dim", lambda ms, x: ms.mint.nn.Softmax(dim=0)(x), F32(2, 3)),
    case("mint.nn.Identity/forward", lambda ms, x: ms.mint.nn.Identity()(x), F32(2, 3)),
    case("mint.nn.Flatten/forward", lambda ms, x: ms.mint.nn.Flatten()(x), F32(2, 3, 4)),
    case("mint.nn.Upsample/nearest", lambda ms, x: ms.mint.nn.Upsample(scale_factor=2.0)(x), F32(1, 1, 2, 3)),
    case("mint.nn.GELU/forward", lambda ms, x: ms.mint.nn.GELU()(x), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.GELU()(x)),
    case("mint.nn.BCEWithLogitsLoss/mean", lambda ms, x, t: ms.mint.nn.BCEWithLogitsLoss()(x, t), F32(2, 3),
         F32(2, 3, low=0.0, high=1.0)),
    case("mint.nn.CrossEntropyLoss/mean", lambda ms, x, t: ms.mint.nn.CrossEntropyLoss()(x, t), F32(3, 4), LABELS,
         torch_ref=lambda torch, x, t: torch.nn.CrossEntropyLoss()(x, t)),
    case("mint.nn.MSELoss/sum", lambda ms, x, y: ms.mint.nn.MSELoss(reduction="sum")(x, y), F32(2, 3),
         F32(2, 3, seed=3), torch_ref=lambda torch, x, y: torch.nn.MSELoss(reduction="sum")(x, y)),
    case("mint.nn.L1Loss/mean", lambda ms, x, y: ms.mint.nn.L1Loss()(x, y), F32(2, 3), F32(2, 3, seed=3),
         torch_ref=lambda torch, x, y: torch.nn.L1Loss()(x, y)),
    case("mint.nn.AdaptiveAvgPool2d/1", lambda ms, x: ms.mint.nn.AdaptiveAvgPool2d(1)(x), IMG,
         torch_ref=lambda torch, x: torch.nn.AdaptiveAvgPool2d(1)(x)),
    case("mint.nn.AvgPool2d/k2", lambda ms, x: ms.mint.nn.AvgPool2d(2)(x), F32(1, 1, 4, 4),
         torch_ref=lambda torch, x: torch.nn.AvgPool2d(2)(x)),
    case("mint.nn.ZeroPad2d/1", lambda ms, x: ms.mint.nn.ZeroPad2d(1)(x), F32(1, 1, 2, 2),
         torch_ref=lambda torch, x: torch.nn.ZeroPad2d(1)(x)),
    # constructor errors
    case("mint.nn.GroupNorm/bad_groups", lambda ms: ms.mint.nn.GroupNorm(3, 4), error=True),
    case("mint.nn.GroupNorm/bad_eps_type", lambda ms: ms.mint.nn.GroupNorm(2, 4, eps=1), error=True),
    case("mint.nn.Conv2d/bad_padding_mode", lambda ms: ms.mint.nn.Conv2d(2, 4, 3, padding_mode="bad"), error=True),
    case("mint.nn.Conv2d/bad_groups", lambda ms: ms.mint.nn.Conv2d(3, 4, 3, groups=2), error=True),
    case("mint.nn.Conv2d/bad_padding_str", lambda ms: ms.mint.nn.Conv2d(2, 4, 3, padding="full"), error=True),
    case("mint.nn.Conv2d/bad_kernel", lambda ms: ms.mint.nn.Conv2d(2, 4, 0), error=True),
]
CASES += both_modes("mint.nn.Linear/modes", _linear, F32(2, 3), F32(4, 3), F32(4))
CASES += both_modes("mint.nn.GroupNorm/modes", lambda ms, x: ms.mint.nn.GroupNorm(2, 2)(x), IMG)

CASES += [
    case("mint.nn.AvgPool3d/k2", lambda ms, x: ms.mint.nn.AvgPool3d(2)(x), F32(1, 1, 4, 4, 4),
         torch_ref=lambda torch, x: torch.nn.AvgPool3d(2)(x)),
    case("mint.nn.SyncBatchNorm/params", lambda ms: _params(ms.mint.nn.SyncBatchNorm(3))),
    case("mint.nn.PReLU/params", lambda ms: _params(ms.mint.nn.PReLU(3))),
    case("mint.nn.ReLU6/forward", lambda ms, x: ms.mint.nn.ReLU6()(x * 4), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.ReLU6()(x * 4)),
    case("mint.nn.ELU/forward", lambda ms, x: ms.mint.nn.ELU()(x), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.ELU()(x)),
    case("mint.nn.LogSoftmax/dim", lambda ms, x: ms.mint.nn.LogSoftmax(dim=1)(x), F32(2, 3),
         torch_ref=lambda torch, x: torch.nn.LogSoftmax(dim=1)(x)),
]
CASES += both_modes("mint.nn.Conv2d/modes", lambda ms, x, w, b: _conv(ms, x, w, b, padding=1), IMG, F32(3, 2, 3, 3),
                    F32(3), torch_ref=lambda torch, x, w, b: _torch_conv(torch, x, w, b, padding=1))
CASES += both_modes("mint.nn.LayerNorm/modes", lambda ms, x, w, b: _set(ms, ms.mint.nn.LayerNorm(3), weight=w,
                                                                        bias=b)(x),
                    F32(2, 3), F32(3), F32(3, seed=2), torch_ref=_torch_ln)
CASES += both_modes("mint.nn.SiLU/modes", lambda ms, x: ms.mint.nn.SiLU()(x), F32(2, 3))
