"""Shared helpers of the ``mint_cover_*`` tables: resolving a dotted mint name on either
framework, numpy-computed references, and grads of a summed result."""
import numpy as np

from parity_tests.torch_oracle import torch_set


def mint_fn(ms, name):
    """``ms.mint.<name>`` (``name`` may be dotted: ``nn.functional.relu``, ``linalg.qr``)."""
    obj = ms.mint
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def mint_or_torch(m, name):
    """``mint.<name>`` of MindSpore/mscompat, or ``torch.<name>`` (the same name in PyTorch)."""
    if hasattr(m, "mint"):
        return mint_fn(m, name)
    f = m
    for part in name.split("."):
        f = getattr(f, part)
    return f


def set_params(net, **values):
    """The layer with its parameters set to the given tensors (``set_data``; PyTorch: ``torch_set``)."""
    if not hasattr(net, "get_parameters"):
        return torch_set(net, **values)
    for name, v in values.items():
        getattr(net, name).set_data(v)
    return net


def np_ref(fn, dtype=None):
    """An ``ms_ref`` computing with numpy on the inputs' values (for ops whose mint kernel
    MindSpore 2.10's CPU build lacks); ``dtype`` defaults to the first input's."""
    def ref(ms, *args):
        arrs = [a.asnumpy() if hasattr(a, "asnumpy") else a for a in args]
        out = fn(*arrs)
        dt = dtype or arrs[0].dtype

        def wrap(o):
            return ms.Tensor(np.asarray(o).astype(dt))
        return tuple(wrap(o) for o in out) if isinstance(out, tuple) else wrap(out)
    return ref


def grad_sum(ms, f, *args, argnums=0):
    """Gradient of ``f(*args).sum()``: the sum weighted by a fixed ramp, so that a wrong
    gradient cannot hide behind equal weights. ``ms`` may also be ``torch`` (the second oracle):
    the same weighted sum through ``torch.autograd.grad``."""
    if not hasattr(ms, "mint"):
        pos = (argnums,) if isinstance(argnums, int) else tuple(argnums)
        args = [a.detach().clone().requires_grad_(True) if i in pos else a for i, a in enumerate(args)]
        y = f(*args)
        w = ms.arange(1, y.numel() + 1).reshape(y.shape).to(y.dtype) / y.numel()
        gs = ms.autograd.grad((y * w).sum(), [args[p] for p in pos])
        return gs[0] if isinstance(argnums, int) else tuple(gs)

    def loss(*a):
        y = f(*a)
        w = ms.ops.arange(1, y.size + 1).reshape(y.shape).astype(y.dtype) / y.size
        return (y * w).sum()
    return ms.grad(loss, argnums)(*args)


def default_run(cases):
    """Keep in the default run one value case, one bad-input case and one GRAPH_MODE case of each
    name (its first of each kind); mark the other variants ``slow`` (``pytest -m slow`` runs them)."""
    seen = set()
    for c in cases:
        kind = "bad" if c.error else ("graph" if c.mode == "graph" else "value")
        key = (c.name.split("/")[0], kind)
        if key in seen:
            c.slow = True
        seen.add(key)
    return cases
