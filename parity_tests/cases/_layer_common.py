"""Layer parity cases with the same weights on both sides (not a table: the leading underscore
keeps it out of ``parity_tests.cases.families()``).

:func:`layer_case` builds a Cell on each side, gives every Parameter deterministic values derived
from its name and shape, loads them through the checkpoint path
(``load_param_into_net(net, {name: Parameter})``, strictly), and returns:

* the Parameters' names, shapes, dtypes and ``requires_grad`` (MindSpore's names and layouts),
* the forward outputs,
* with ``grad=True``: the gradients of ``sum(out_i * ct_i)`` (fixed cotangents ``ct_i``, one per
  float output) with respect to the float inputs and to every trainable Parameter,
* with ``after=True``: every Parameter's value after the call (moving statistics),

all compared by the harness's tolerance policy.

    layer_case("Conv2d/basic", lambda ms: ms.nn.Conv2d(3, 4, 3), F32(2, 3, 8, 8))
"""
import zlib

import numpy as np

from parity_tests.harness import case, rand

__all__ = ["layer_case", "weights_of", "param_info", "flat_outputs", "one_per_class_by_default"]


def weights_of(net):
    """Deterministic values for every Parameter of ``net``, by name: ``{name: ndarray}``.
    Variances (names ending in ``variance``) are positive."""
    out = {}
    for p in net.get_parameters():
        a = p.asnumpy()
        seed = zlib.crc32(p.name.encode()) & 0xFFFF
        if a.dtype.kind in "iub":
            out[p.name] = a
            continue
        low, high = (0.5, 1.5) if p.name.endswith("variance") else (-0.5, 0.5)
        out[p.name] = rand(*a.shape, dtype=np.float32, low=low, high=high, seed=seed).astype(a.dtype)
    return out


def _load(ms, net, values):
    params = {n: ms.Parameter(ms.Tensor(v), name=n) for n, v in values.items()}
    not_loaded = ms.load_param_into_net(net, params, strict_load=True)
    # MindSpore returns (param_not_load, ckpt_not_load) lists; both must be empty here
    flat = [n for part in (not_loaded if isinstance(not_loaded, tuple) else (not_loaded,)) for n in (part or [])]
    if flat:
        raise AssertionError(f"not loaded: {flat}")


def param_info(net):
    return [(p.name, list(p.shape), str(p.dtype), bool(p.requires_grad)) for p in net.get_parameters()]


def flat_outputs(out):
    """The tensors of a (nested) output, in order."""
    if isinstance(out, (tuple, list)):
        return [t for o in out for t in flat_outputs(o)]
    return [out] if hasattr(out, "asnumpy") else []


def _is_float(t):
    return np.dtype(t.asnumpy().dtype).kind == "f"


def layer_case(name, build, *inputs, grad=True, train=False, after=False, rtol=None, atol=None, error=False,
               mode="pynative", check_values=True):
    """A parity case of the layer ``build(ms)`` on ``inputs`` (numpy arrays or ``Raw``); see the module
    docstring. ``train`` sets ``set_train``; ``after`` also returns the Parameters after the call."""

    def fn(ms, *args):
        net = build(ms)
        net.set_train(train)
        _load(ms, net, weights_of(net))
        info = param_info(net)
        out = net(*args)
        outs = flat_outputs(out)
        result = [info, outs]
        if after:
            result.append([p.asnumpy() for p in net.get_parameters()])
            _load(ms, net, weights_of(net))   # the gradient pass starts from the same state
        if grad:
            cts = [ms.Tensor(rand(*t.shape, dtype=np.float32, seed=11 + i).astype(t.asnumpy().dtype))
                   for i, t in enumerate(outs)]
            positions = tuple(i for i, a in enumerate(args) if hasattr(a, "asnumpy") and _is_float(a))
            weights = net.trainable_params()

            floats = [_is_float(t) for t in outs]

            def loss(*xs):
                total = None
                for t, c, f in zip(flat_outputs(net(*xs)), cts, floats):
                    if f:
                        s = (t * c).sum()
                        total = s if total is None else total + s
                return total

            if positions or weights:
                _, grads = ms.value_and_grad(loss, grad_position=positions or None,
                                             weights=weights if weights else None)(*args)
                result.append(grads)
        return result

    return case(name, fn, *inputs, rtol=rtol, atol=atol, error=error, mode=mode, check_values=check_values)


def one_per_class_by_default(cases):
    """Keep the suite's default run short: of each class's value cases (the name before the first
    '/'), the first stays in the default run and the others are marked ``slow`` (``pytest -m slow``
    runs them). Bad-input cases are cheap and all stay. Returns ``cases``."""
    seen = set()
    for c in cases:
        if c.error:
            continue
        cls = c.name.split("/")[0]
        if cls in seen:
            c.slow = True
        seen.add(cls)
    return cases
