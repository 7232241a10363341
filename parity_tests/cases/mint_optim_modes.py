"""mindspore.mint.optim in compiled training steps and on float16/float64 parameters: Adam, AdamW,
FusedAdamW and SGD updating a small Dense network inside an ``ms.jit`` train step (PyNative) and
inside a GRAPH_MODE train-step Cell, for several steps; the parameters and the losses compared.

Oracles: real MindSpore 2.10 CPU runs ``Adam`` and ``SGD`` in a compiled step, where their in-place
updates do reach the network's Parameters (in PyNative they do not: see ``mint_cover_optim``), so
those cases compare with MindSpore itself, float64 parameters included (MindSpore's graph takes the
betas, eps and the bias corrections as float32 scalars; mscompat does the same). ``AdamW`` has no CPU
kernel and ``FusedAdamW`` cannot be built there: their cases have an ``ms_ref``, the documented AdamW
update (decoupled weight decay, bias corrections, AMSGrad's running maximum) written with MindSpore
ops its CPU runs, in the parameters' dtype, from the same weights and gradients.
"""
import numpy as np

from parity_tests.harness import case, F32

W0 = F32(3, 4, seed=700)
B0 = F32(3, seed=701)
X = F32(5, 4, seed=702)
Y = F32(5, 3, seed=703)


def _net(ms, dtype, w, b):
    """A Dense(4, 3) of ``dtype`` (a dtype name) with the case's weights."""
    dt = getattr(ms, dtype)
    net = ms.nn.Dense(4, 3, dtype=dt)
    net.weight.set_data(w.astype(dt))
    net.bias.set_data(b.astype(dt))
    return net


def _result(ms, net, losses):
    return [p.asnumpy() for p in net.trainable_params()] + [ms.ops.stack(losses)]


def _jit_steps(ms, name, kwargs, steps, dtype, w, b, x, y):
    """``steps`` training steps, each one ``ms.jit`` function: gradients, then the optimizer."""
    dt = getattr(ms, dtype)
    net = _net(ms, dtype, w, b)
    opt = getattr(ms.mint.optim, name)(net.trainable_params(), **kwargs)

    def loss_fn(xx, yy):
        return ((net(xx) - yy) ** 2).mean()

    grad_fn = ms.value_and_grad(loss_fn, None, opt.parameters)

    @ms.jit
    def train_step(xx, yy):
        loss, grads = grad_fn(xx, yy)
        opt(grads)
        return loss

    losses = [train_step(x.astype(dt), y.astype(dt)) for _ in range(steps)]
    return _result(ms, net, losses)


def _graph_steps(ms, name, kwargs, steps, dtype, w, b, x, y):
    """``steps`` training steps of a train-step Cell (the case runs in GRAPH_MODE)."""
    dt = getattr(ms, dtype)
    net = _net(ms, dtype, w, b)
    opt = getattr(ms.mint.optim, name)(net.trainable_params(), **kwargs)

    class LossNet(ms.nn.Cell):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def construct(self, xx, yy):
            return ((self.inner(xx) - yy) ** 2).mean()

    class TrainStep(ms.nn.Cell):
        def __init__(self, loss_net, optimizer):
            super().__init__()
            self.optimizer = optimizer
            self.grad_fn = ms.value_and_grad(loss_net, None, optimizer.parameters)

        def construct(self, xx, yy):
            loss, grads = self.grad_fn(xx, yy)
            self.optimizer(grads)
            return loss

    step = TrainStep(LossNet(net), opt)
    losses = [step(x.astype(dt), y.astype(dt)) for _ in range(steps)]
    return _result(ms, net, losses)


def _adamw_ref(ms, kwargs, steps, dtype, w, b, x, y):
    """The documented AdamW update with MindSpore ops its CPU runs, in the parameters' dtype; computed
    in PyNative (the step loop updates Parameters between calls of one grad function, which a GRAPH_MODE
    context would compile once; the harness sets PyNative back after the case)."""
    ms.set_context(mode=ms.PYNATIVE_MODE)
    dt = getattr(ms, dtype)
    lr = kwargs.get("lr", 1e-3)
    b1, b2 = kwargs.get("betas", (0.9, 0.999))
    eps = kwargs.get("eps", 1e-8)
    wd = kwargs.get("weight_decay", 1e-2)
    ams = kwargs.get("amsgrad", False)
    net = _net(ms, dtype, w, b)
    params = net.trainable_params()

    def loss_fn(xx, yy):
        return ((net(xx) - yy) ** 2).mean()

    grad_fn = ms.value_and_grad(loss_fn, None, params)
    m = [ms.ops.zeros_like(p) for p in params]
    v = [ms.ops.zeros_like(p) for p in params]
    vmax = [ms.ops.zeros_like(p) for p in params]
    losses = []
    for t in range(1, steps + 1):
        loss, grads = grad_fn(x.astype(dt), y.astype(dt))
        losses.append(loss)
        for i, (p, g) in enumerate(zip(params, grads)):
            val = p.value() * (1 - lr * wd)
            m[i] = m[i] * b1 + g * (1 - b1)
            v[i] = v[i] * b2 + g * g * (1 - b2)
            if ams:
                vmax[i] = ms.ops.maximum(vmax[i], v[i])
            vv = vmax[i] if ams else v[i]
            denom = ms.ops.sqrt(vv) / float(np.sqrt(1 - b2 ** t)) + eps
            p.set_data((val - (lr / (1 - b1 ** t)) * m[i] / denom).astype(dt))
    return _result(ms, net, losses)


def _ms_case(tag, name, kwargs, steps, dtype, graph=False, **kw):
    run = _graph_steps if graph else _jit_steps
    return case(f"mint.optim.{name}/{tag}", lambda ms, w, b, x, y: run(ms, name, kwargs, steps, dtype, w, b, x, y),
                W0, B0, X, Y, mode="graph" if graph else "pynative", **kw)


def _ref_case(tag, name, kwargs, steps, dtype, graph=False, **kw):
    run = _graph_steps if graph else _jit_steps
    return case(f"mint.optim.{name}/{tag}", lambda ms, w, b, x, y: run(ms, name, kwargs, steps, dtype, w, b, x, y),
                W0, B0, X, Y, mode="graph" if graph else "pynative",
                ms_ref=lambda ms, w, b, x, y: _adamw_ref(ms, kwargs, steps, dtype, w, b, x, y), **kw)


# AdamW's float64 reference takes its bias corrections in float64, where mscompat computes them from
# the float32 ``state_step`` Parameter that MindSpore's AdamW passes to its kernel: the two differ by
# ~1e-6 relative, so the float64 AdamW/FusedAdamW cases compare at 1e-5
_F32_STEP = {"rtol": 1e-5, "atol": 1e-5}
CASES = [
    # Adam and SGD: MindSpore's compiled step is the oracle
    _ms_case("jit_f64", "Adam", {"lr": 0.05, "weight_decay": 0.1}, 3, "float64"),
    _ms_case("jit_f16", "Adam", {"lr": 0.05}, 3, "float16"),
    _ms_case("graph_f32", "Adam", {"lr": 0.05, "betas": (0.8, 0.99)}, 3, "float32", graph=True),
    _ms_case("graph_amsgrad_f64", "Adam", {"lr": 0.02, "amsgrad": True, "maximize": True}, 3, "float64", graph=True,
             slow=True),
    _ms_case("jit_f64", "SGD", {"lr": 0.1, "momentum": 0.9, "nesterov": True}, 3, "float64"),
    _ms_case("jit_f16", "SGD", {"lr": 0.1, "momentum": 0.5, "weight_decay": 0.05}, 3, "float16"),
    _ms_case("graph_f32", "SGD", {"lr": 0.1, "momentum": 0.9, "dampening": 0.2}, 3, "float32", graph=True),
    _ms_case("graph_f64", "SGD", {"lr": 0.05, "maximize": True}, 3, "float64", graph=True, slow=True),
    # AdamW and FusedAdamW: the documented update on MindSpore
    _ref_case("jit_f64", "AdamW", {"lr": 0.05, "weight_decay": 0.1}, 3, "float64", **_F32_STEP),
    _ref_case("jit_f16", "AdamW", {"lr": 0.05}, 3, "float16"),
    _ref_case("graph_f32", "AdamW", {"lr": 0.02, "amsgrad": True}, 3, "float32", graph=True),
    _ref_case("jit_f64", "FusedAdamW", {"lr": 0.02}, 3, "float64", **_F32_STEP),
    _ref_case("jit_f16", "FusedAdamW", {"lr": 0.05, "weight_decay": 0.2}, 3, "float16", slow=True),
    _ref_case("graph_f32", "FusedAdamW", {"lr": 0.05, "betas": (0.8, 0.95)}, 3, "float32", graph=True),
]
