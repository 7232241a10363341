"""Grads of the mindspore.mint ops and layers MindSpore 2.10's CPU build lacks
(``cpu_untestable.tsv``), PyTorch the oracle (``torch_grad``, PyTorch's form of ``ms.grad``: the
gradient of the output against a sensitivity of ones). Layers: the gradient with respect to the
input, with the weights MindSpore and PyTorch both start with (ones/zeros) or set from the inputs."""
import numpy as np

from parity_tests.harness import case, F32
from parity_tests.torch_oracle import functional as _F, torch_set as _torch_set, torch_grad

X = F32(2, 5)
IMG = F32(2, 2, 5, 5)
LABELS = np.array([0, 2, 1], np.int64)
UPPER = np.triu(F32(3, 3, low=0.5, high=1.5)) + np.eye(3, dtype=np.float32)


def grad(name, ms_fn, torch_fn, *inputs, position=0, **kw):
    """A case comparing ``ms.grad(ms_fn(ms), position)`` with ``torch_grad(torch_fn(torch), position)``;
    ``ms_fn``/``torch_fn`` take the framework module and return the differentiated function."""
    return case(name, lambda ms, *a: ms.grad(ms_fn(ms), position)(*a), *inputs,
                torch_ref=lambda torch, *a: torch_grad(torch_fn(torch), position)(*a), **kw)


def _ms_set(net, **values):
    for name, v in values.items():
        getattr(net, name).set_data(v)
    return net


CASES = [
    grad("mint.std_mean/grad", lambda ms: lambda u: sum(t.sum() for t in ms.mint.std_mean(u, 1)),
         lambda torch: lambda u: sum(t.sum() for t in torch.std_mean(u, 1)), X),
    grad("mint.var_mean/grad", lambda ms: lambda u: (ms.mint.var_mean(u, 0)[0] * 2 + ms.mint.var_mean(u, 0)[1]).sum(),
         lambda torch: lambda u: (torch.var_mean(u, 0)[0] * 2 + torch.var_mean(u, 0)[1]).sum(), X),
    grad("mint.vdot/grad", lambda ms: lambda a, b: ms.mint.vdot(a, b), lambda torch: lambda a, b: torch.vdot(a, b),
         F32(4), F32(4, seed=3), position=(0, 1)),
    grad("mint.kthvalue/grad", lambda ms: lambda u: ms.mint.kthvalue(u, 2, 1)[0].sum(),
         lambda torch: lambda u: torch.kthvalue(u, 2, 1)[0].sum(), X),
    grad("mint.median/grad_dim", lambda ms: lambda u: ms.mint.median(u, 1)[0].sum(),
         lambda torch: lambda u: torch.median(u, 1)[0].sum(), X),
    grad("mint.triangular_solve/grad", lambda ms: lambda b, a: ms.mint.triangular_solve(b, a)[0].sum(),
         lambda torch: lambda b, a: torch.triangular_solve(b, a)[0].sum(), F32(3, 2), UPPER, position=(0, 1),
         rtol=1e-4, atol=1e-5),
    grad("mint.linalg.matrix_norm/grad", lambda ms: lambda u: ms.mint.linalg.matrix_norm(u).sum(),
         lambda torch: lambda u: torch.linalg.matrix_norm(u).sum(), F32(2, 3, 3)),
    grad("mint.special.log_softmax/grad", lambda ms: lambda u: (ms.mint.special.log_softmax(u, 0) ** 2).sum(),
         lambda torch: lambda u: (torch.special.log_softmax(u, 0) ** 2).sum(), X),
    grad("mint.F.cosine_embedding_loss/grad",
         lambda ms: lambda a, b: _F(ms).cosine_embedding_loss(a, b, ms.Tensor(np.array([1.0, -1.0, 1.0], np.float32)),
                                                               margin=0.1),
         lambda torch: lambda a, b: _F(torch).cosine_embedding_loss(a, b, torch.tensor([1.0, -1.0, 1.0]), margin=0.1),
         F32(3, 4), F32(3, 4, seed=2), position=(0, 1)),
    grad("mint.F.dropout2d/grad_eval", lambda ms: lambda u: (_F(ms).dropout2d(u, 0.5, training=False) ** 2).sum(),
         lambda torch: lambda u: (_F(torch).dropout2d(u, 0.5, training=False) ** 2).sum(), IMG),
    # layers: the gradient with respect to the input
    case("mint.nn.Conv2d/grad_input", lambda ms, x, w, b: ms.grad(
        lambda u: (_ms_set(ms.mint.nn.Conv2d(2, 3, 3, padding=1), weight=w, bias=b)(u) ** 2).sum())(x),
        IMG, F32(3, 2, 3, 3), F32(3),
        torch_ref=lambda torch, x, w, b: torch_grad(
            lambda u: (_torch_set(torch.nn.Conv2d(2, 3, 3, padding=1), weight=w, bias=b)(u) ** 2).sum())(x),
        rtol=1e-4, atol=1e-5),
    case("mint.nn.LayerNorm/grad_input", lambda ms, x, w: ms.grad(
        lambda u: (_ms_set(ms.mint.nn.LayerNorm(5), weight=w)(u) * u).sum())(x), X, F32(5, seed=4),
        torch_ref=lambda torch, x, w: torch_grad(lambda u: (_torch_set(torch.nn.LayerNorm(5), weight=w)(u) * u).sum())(x),
        rtol=1e-4, atol=1e-5),
    grad("mint.nn.BatchNorm2d/grad_eval", lambda ms: lambda u: (ms.mint.nn.BatchNorm2d(2).set_train(False)(u) ** 2).sum(),
         lambda torch: lambda u: (torch.nn.BatchNorm2d(2).eval()(u) ** 2).sum(), IMG),
    grad("mint.nn.GELU/grad_tanh", lambda ms: lambda u: ms.mint.nn.GELU("tanh")(u).sum(),
         lambda torch: lambda u: torch.nn.GELU("tanh")(u).sum(), X),
    case("mint.nn.CrossEntropyLoss/grad_indices", lambda ms, x, t: ms.grad(lambda u: ms.mint.nn.CrossEntropyLoss()(u, t))(x),
         F32(3, 4), LABELS, torch_ref=lambda torch, x, t: torch_grad(lambda u: torch.nn.CrossEntropyLoss()(u, t))(x)),
    case("mint.nn.MSELoss/grad_mean", lambda ms, x, y: ms.grad(lambda u: ms.mint.nn.MSELoss()(u, y))(x), X, F32(2, 5, seed=3),
         torch_ref=lambda torch, x, y: torch_grad(lambda u: torch.nn.MSELoss()(u, y))(x)),
    case("mint.nn.L1Loss/grad_sum", lambda ms, x, y: ms.grad(lambda u: ms.mint.nn.L1Loss(reduction="sum")(u, y))(x), X,
         F32(2, 5, seed=3), torch_ref=lambda torch, x, y: torch_grad(lambda u: torch.nn.L1Loss(reduction="sum")(u, y))(x)),
    grad("mint.nn.AdaptiveAvgPool2d/grad_2x3", lambda ms: lambda u: (ms.mint.nn.AdaptiveAvgPool2d((2, 3))(u) ** 2).sum(),
         lambda torch: lambda u: (torch.nn.AdaptiveAvgPool2d((2, 3))(u) ** 2).sum(), IMG),
    grad("mint.nn.AvgPool2d/grad_stride", lambda ms: lambda u: (ms.mint.nn.AvgPool2d(2, 1)(u) ** 2).sum(),
         lambda torch: lambda u: (torch.nn.AvgPool2d(2, 1)(u) ** 2).sum(), IMG),
    grad("mint.nn.ZeroPad2d/grad_asymmetric", lambda ms: lambda u: (ms.mint.nn.ZeroPad2d((1, 0, 2, 1))(u) ** 2).sum(),
         lambda torch: lambda u: (torch.nn.ZeroPad2d((1, 0, 2, 1))(u) ** 2).sum(), IMG),
    grad("mint.nn.AvgPool3d/grad", lambda ms: lambda u: (ms.mint.nn.AvgPool3d(2)(u) ** 2).sum(),
         lambda torch: lambda u: (torch.nn.AvgPool3d(2)(u) ** 2).sum(), F32(1, 1, 4, 4, 4)),
    grad("mint.nn.ReLU6/grad", lambda ms: lambda u: ms.mint.nn.ReLU6()(u * 4).sum(),
         lambda torch: lambda u: torch.nn.ReLU6()(u * 4).sum(), X),
    grad("mint.nn.ELU/grad", lambda ms: lambda u: ms.mint.nn.ELU(0.5)(u).sum(),
         lambda torch: lambda u: torch.nn.ELU(0.5)(u).sum(), X),
    grad("mint.nn.LogSoftmax/grad", lambda ms: lambda u: (ms.mint.nn.LogSoftmax(dim=0)(u) * u).sum(),
         lambda torch: lambda u: (torch.nn.LogSoftmax(dim=0)(u) * u).sum(), X),
    case("mint.nn.SoftMarginLoss/grad", lambda ms, x, y: ms.grad(lambda u: ms.mint.nn.SoftMarginLoss()(u, y))(x), X,
         np.sign(F32(2, 5, seed=5)).astype(np.float32),
         torch_ref=lambda torch, x, y: torch_grad(lambda u: torch.nn.SoftMarginLoss()(u, y))(x)),
    case("mint.F.embedding/grad_weighted", lambda ms, i, w: ms.grad(
        lambda v: (ms.mint.nn.functional.embedding(i, v) * ms.mint.arange(1.0, 3.0)).sum())(w), LABELS, F32(4, 2),
        torch_ref=lambda torch, i, w: torch_grad(lambda v: (torch.nn.functional.embedding(i, v) *
                                                            torch.arange(1.0, 3.0)).sum())(w)),
]
