"""mindspore.mint.optim: Adam, AdamW, FusedAdamW and SGD. Parameters after one and several
training steps of a small network with the same initial weights, the optimizer's state names and
values, ``param_groups``, per-group hyper-parameters, and bad hyper-parameters (MindSpore's
ValueError/TypeError).

Oracle: on real MindSpore 2.10 CPU, ``mint.optim.Adam`` and ``SGD`` steps run but leave the
parameters unchanged (their in-place updates of the parameter tuple's elements do not reach the
network's Parameters in PyNative), ``AdamW`` has no kernel ("The kernel AdamW unregistered") and
``FusedAdamW`` cannot be built. So the step cases have an ``ms_ref``: the update of MindSpore's
mint source (Adam: L2 weight decay added to the gradient, its AMSGrad maximum never written back;
AdamW: decoupled decay, AMSGrad; SGD: PyTorch's momentum buffer, dampening, Nesterov) written
with MindSpore ops its CPU runs, from the same weights and gradients. Construction needs no kernel,
so state names, ``param_groups`` and argument errors run the mint class on both sides."""
import numpy as np

from parity_tests.harness import case, F32

W0 = F32(3, 4, seed=500)
B0 = F32(3, seed=501)
X = F32(5, 4, seed=502)
Y = F32(5, 3, seed=503)


class _Net:
    """A Dense layer built the same way on both sides (weights copied in)."""

    @staticmethod
    def make(ms, w, b):
        net = ms.nn.Dense(4, 3)
        net.weight.set_data(w)
        net.bias.set_data(b)
        return net


def _loss_fn(ms, net, x, y):
    return lambda: ((net(x) - y) ** 2).mean()


def _train(ms, opt_cls, kwargs, steps, w, b, x, y, groups=False):
    net = _Net.make(ms, w, b)
    params = net.trainable_params()
    if groups:
        params = [{"params": [params[0]], "lr": 0.05}, {"params": [params[1]], "weight_decay": 0.0}]
    opt = opt_cls(params, **kwargs)
    grad_fn = ms.value_and_grad(lambda xx, yy: ((net(xx) - yy) ** 2).mean(), None, opt.parameters)
    losses = []
    for _ in range(steps):
        loss, grads = grad_fn(x, y)
        opt(grads)
        losses.append(loss)
    return [p.asnumpy() for p in net.trainable_params()] + [ms.ops.stack(losses)]


def _adamw_ref(ms, kwargs, steps, w, b, x, y, groups=False):
    """AdamW as documented, with MindSpore ops that run on its CPU build."""
    lr = kwargs.get("lr", 1e-3)
    b1, b2 = kwargs.get("betas", (0.9, 0.999))
    eps = kwargs.get("eps", 1e-8)
    wd = kwargs.get("weight_decay", 1e-2)
    ams = kwargs.get("amsgrad", False)
    maximize = kwargs.get("maximize", False)
    net = _Net.make(ms, w, b)
    params = net.trainable_params()
    hyper = [(lr, wd), (lr, wd)] if not groups else [(0.05, wd), (lr, 0.0)]
    grad_fn = ms.value_and_grad(lambda xx, yy: ((net(xx) - yy) ** 2).mean(), None, params)
    m = [ms.ops.zeros_like(p) for p in params]
    v = [ms.ops.zeros_like(p) for p in params]
    vmax = [ms.ops.zeros_like(p) for p in params]
    losses = []
    for t in range(1, steps + 1):
        loss, grads = grad_fn(x, y)
        losses.append(loss)
        for i, (p, g) in enumerate(zip(params, grads)):
            plr, pwd = hyper[i]
            g = -g if maximize else g
            val = p.value() * (1 - plr * pwd)
            m[i] = m[i] * b1 + g * (1 - b1)
            v[i] = v[i] * b2 + g * g * (1 - b2)
            vv = v[i]
            if ams:
                vmax[i] = ms.ops.maximum(vmax[i], v[i])
                vv = vmax[i]
            denom = ms.ops.sqrt(vv) / np.float32(np.sqrt(1 - b2 ** t)) + eps
            p.set_data(val - (plr / (1 - b1 ** t)) * m[i] / denom)
    return [p.asnumpy() for p in params] + [ms.ops.stack(losses)]


def _adam_ref(ms, kwargs, steps, w, b, x, y, groups=False):
    """mint.optim.Adam's update: L2 decay into the gradient; AMSGrad's stored maximum stays zero."""
    lr = kwargs.get("lr", 1e-3)
    b1, b2 = kwargs.get("betas", (0.9, 0.999))
    eps = kwargs.get("eps", 1e-8)
    wd = kwargs.get("weight_decay", 0.0)
    net = _Net.make(ms, w, b)
    params = net.trainable_params()
    hyper = [(lr, wd), (lr, wd)] if not groups else [(0.05, wd), (lr, 0.0)]
    grad_fn = ms.value_and_grad(lambda xx, yy: ((net(xx) - yy) ** 2).mean(), None, params)
    m = [ms.ops.zeros_like(p) for p in params]
    v = [ms.ops.zeros_like(p) for p in params]
    losses = []
    for t in range(1, steps + 1):
        loss, grads = grad_fn(x, y)
        losses.append(loss)
        for i, (p, g) in enumerate(zip(params, grads)):
            plr, pwd = hyper[i]
            g = -g if kwargs.get("maximize", False) else g
            g = g + p.value() * pwd
            m[i] = m[i] * b1 + g * (1 - b1)
            v[i] = v[i] * b2 + g * g * (1 - b2)
            denom = ms.ops.sqrt(v[i]) / np.float32(np.sqrt(1 - b2 ** t)) + eps
            p.set_data(p.value() - (plr / (1 - b1 ** t)) * m[i] / denom)
    return [p.asnumpy() for p in params] + [ms.ops.stack(losses)]


def _sgd_ref(ms, kwargs, steps, w, b, x, y, groups=False):
    """mint.optim.SGD's update (PyTorch's): the buffer starts as the first gradient."""
    lr, mom = kwargs["lr"], kwargs.get("momentum", 0)
    damp, wd = kwargs.get("dampening", 0), kwargs.get("weight_decay", 0)
    net = _Net.make(ms, w, b)
    params = net.trainable_params()
    hyper = [(lr, wd), (lr, wd)] if not groups else [(0.05, wd), (lr, 0.0)]
    grad_fn = ms.value_and_grad(lambda xx, yy: ((net(xx) - yy) ** 2).mean(), None, params)
    bufs = [None, None]
    losses = []
    for _ in range(steps):
        loss, grads = grad_fn(x, y)
        losses.append(loss)
        for i, (p, g) in enumerate(zip(params, grads)):
            plr, pwd = hyper[i]
            g = -g if kwargs.get("maximize", False) else g
            g = g + p.value() * pwd
            if mom:
                bufs[i] = g if bufs[i] is None else bufs[i] * mom + g * (1 - damp)
                g = g + bufs[i] * mom if kwargs.get("nesterov", False) else bufs[i]
            p.set_data(p.value() - g * plr)
    return [p.asnumpy() for p in params] + [ms.ops.stack(losses)]


_REFS = {"Adam": _adam_ref, "SGD": _sgd_ref, "AdamW": _adamw_ref, "FusedAdamW": _adamw_ref}


def _opt(ms, name):
    return getattr(ms.mint.optim, name)


# (case tag, optimizer, kwargs)
RUNS = [
    ("Adam/default", "Adam", {}),
    ("Adam/lr", "Adam", {"lr": 0.05}),
    ("Adam/betas", "Adam", {"lr": 0.02, "betas": (0.8, 0.99)}),
    ("Adam/eps", "Adam", {"lr": 0.02, "eps": 1e-3}),
    ("Adam/weight_decay", "Adam", {"lr": 0.02, "weight_decay": 0.1}),
    ("Adam/amsgrad", "Adam", {"lr": 0.02, "amsgrad": True}),
    ("Adam/maximize", "Adam", {"lr": 0.02, "maximize": True}),
    ("SGD/plain", "SGD", {"lr": 0.1}),
    ("SGD/momentum", "SGD", {"lr": 0.1, "momentum": 0.9}),
    ("SGD/dampening", "SGD", {"lr": 0.1, "momentum": 0.9, "dampening": 0.5}),
    ("SGD/nesterov", "SGD", {"lr": 0.1, "momentum": 0.9, "nesterov": True}),
    ("SGD/weight_decay", "SGD", {"lr": 0.1, "momentum": 0.5, "weight_decay": 0.05}),
    ("SGD/maximize", "SGD", {"lr": 0.1, "momentum": 0.9, "maximize": True}),
    ("AdamW/default", "AdamW", {}),
    ("AdamW/lr", "AdamW", {"lr": 0.05}),
    ("AdamW/weight_decay", "AdamW", {"lr": 0.02, "weight_decay": 0.3}),
    ("AdamW/betas", "AdamW", {"lr": 0.02, "betas": (0.7, 0.95)}),
    ("AdamW/amsgrad", "AdamW", {"lr": 0.02, "amsgrad": True}),
    ("AdamW/maximize", "AdamW", {"lr": 0.02, "maximize": True}),
    ("FusedAdamW/default", "FusedAdamW", {"lr": 0.02}),
    ("FusedAdamW/amsgrad", "FusedAdamW", {"lr": 0.02, "amsgrad": True, "weight_decay": 0.1}),
]


def _step_case(tag, name, kwargs, steps, groups=False):
    def ref(ms, w, b, x, y):
        return _REFS[name](ms, kwargs, steps, w, b, x, y, groups)

    # several float32 steps computed in another order (moments, square roots) on each side
    return case(f"mint.optim.{tag}/steps{steps}" + ("_groups" if groups else ""),
                lambda ms, w, b, x, y: _train(ms, _opt(ms, name), kwargs, steps, w, b, x, y, groups),
                W0, B0, X, Y, ms_ref=ref, rtol=1e-4, atol=1e-5)


CASES = []
for _tag, _name, _kw in RUNS:
    CASES.append(_step_case(_tag, _name, _kw, 1))
    CASES.append(_step_case(_tag, _name, _kw, 4))
for _tag, _name, _kw in RUNS[::3]:
    CASES.append(_step_case(_tag, _name, _kw, 3, groups=True))


def _state(ms, name, kwargs):
    net = _Net.make(ms, ms.Tensor(W0), ms.Tensor(B0))
    opt = _opt(ms, name)(net.trainable_params(), **kwargs)
    return sorted((p.name, tuple(p.shape), str(p.dtype)) for p in opt.get_parameters()
                  if p.name not in ("dense.weight", "dense.bias", "weight", "bias"))


for _name, _kw in (("Adam", {}), ("Adam", {"amsgrad": True}), ("SGD", {"lr": 0.1}),
                   ("SGD", {"lr": 0.1, "momentum": 0.9}), ("AdamW", {}), ("AdamW", {"amsgrad": True})):
    _t = "_".join(f"{k}" for k in _kw) or "default"
    CASES.append(case(f"mint.optim.{_name}/state_names_{_t}", lambda ms, n=_name, k=_kw: _state(ms, n, k)))


def _groups(ms, name, kwargs):
    net = _Net.make(ms, ms.Tensor(W0), ms.Tensor(B0))
    p = net.trainable_params()
    opt = _opt(ms, name)([{"params": [p[0]], "lr": 0.5}, {"params": [p[1]]}], **kwargs)
    out = []
    for g in opt.param_groups:
        row = {}
        for k, val in sorted(g.items()):
            if k == "params":
                row[k] = [q.name for q in val]
            elif hasattr(val, "asnumpy"):
                row[k] = float(val.asnumpy())
            else:
                row[k] = val
        out.append(row)
    return out


for _name, _kw in (("Adam", {}), ("AdamW", {"weight_decay": 0.2}), ("SGD", {"lr": 0.1, "momentum": 0.3}),
                   ("FusedAdamW", {"betas": (0.8, 0.9)})):
    CASES.append(case(f"mint.optim.{_name}/param_groups", lambda ms, n=_name, k=_kw: _groups(ms, n, k)))

# bad hyper-parameters
BAD = [
    ("Adam", {"lr": -1.0}), ("Adam", {"eps": -1e-3}), ("Adam", {"betas": (1.0, 0.9)}), ("Adam", {"betas": (0.9, -0.1)}),
    ("Adam", {"weight_decay": -0.5}), ("AdamW", {"lr": -0.1}), ("AdamW", {"betas": (0.9, 1.5)}),
    ("AdamW", {"eps": -1.0}), ("AdamW", {"weight_decay": -1.0}), ("FusedAdamW", {"lr": -1.0}),
    ("SGD", {"lr": -0.1}), ("SGD", {"lr": 0.1, "momentum": -0.5}), ("SGD", {"lr": 0.1, "weight_decay": -1.0}),
    ("SGD", {"lr": 0.1, "nesterov": True}), ("SGD", {"lr": 0.1, "momentum": 0.9, "dampening": 0.1, "nesterov": True}),
    ("Adam", {"amsgrad": 1}), ("SGD", {"lr": 0.1, "nesterov": 1}), ("AdamW", {"maximize": "yes"}),
]
for _i, (_name, _kw) in enumerate(BAD):
    CASES.append(case(f"mint.optim.{_name}/bad_{_i}", lambda ms, n=_name, k=_kw: _opt(ms, n)(
        _Net.make(ms, ms.Tensor(W0), ms.Tensor(B0)).trainable_params(), **k), error=True))
CASES += [
    case("mint.optim.SGD/lr_required", lambda ms: _opt(ms, "SGD")(_Net.make(ms, ms.Tensor(W0), ms.Tensor(B0))
                                                                  .trainable_params()), error=True),
    case("mint.optim.Adam/empty_params", lambda ms: _opt(ms, "Adam")([]), error=True),
    case("mint.optim.Adam/tensor_params", lambda ms: _opt(ms, "Adam")(ms.Tensor(W0)), error=True),
]
