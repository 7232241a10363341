"""The optimizer-update Primitives (``ApplyMomentum``, ``ApplyAdagrad``, ``ApplyRMSProp``, ``Adam``,
``SGD``, ...) and ``Load``: the Parameters they update in place, over two calls. (MindSpore's CPU
kernels of ApplyRMSProp, ApplyCenteredRMSProp and Adam return placeholder outputs, so the cases
compare the updated Parameters.)"""
import numpy as np

from parity_tests.harness import case

_G = [np.array([0.5, -1.0, 0.25], np.float32), np.array([-0.3, 0.8, 0.0], np.float32)]
_INIT = {"var": [1.0, 2.0, -0.5], "a": [0.1, 0.2, 0.3], "b": [0.3, 0.4, 0.1], "c": [0.0, 0.1, -0.2],
         "d": [0.01, 0.02, -0.03]}


def _params(ms, names, dtype=np.float32):
    return [ms.Parameter(ms.Tensor(np.array(_INIT[n], dtype)), name=n) for n in names]


def _run(prim, names, make_args, *init, dtype=np.float32):
    """Call ``ops.<prim>(*init)`` twice with ``make_args(ms, params, grad)``; the params after."""
    def fn(ms):
        ps = _params(ms, names, dtype)
        op = getattr(ms.ops, prim)(*init)
        for g in _G:
            op(*make_args(ms, ps, ms.Tensor(g.astype(dtype))))
        return [p.value() for p in ps]
    return fn


def _t(ms, v):
    return ms.Tensor(np.float32(v))


_CASES = [
    ("ApplyMomentum", ["var", "a"], lambda ms, p, g: (p[0], p[1], 0.1, g, 0.9), ()),
    ("ApplyMomentum", ["var", "a"], lambda ms, p, g: (p[0], p[1], _t(ms, 0.05), g, _t(ms, 0.5)), ()),
    ("ApplyGradientDescent", ["var"], lambda ms, p, g: (p[0], _t(ms, 0.1), g), ()),
    ("ApplyProximalGradientDescent", ["var"], lambda ms, p, g: (p[0], _t(ms, 0.1), _t(ms, 0.05), _t(ms, 0.1), g), ()),
    ("ApplyAdagrad", ["var", "a"], lambda ms, p, g: (p[0], p[1], _t(ms, 0.1), g), ()),
    # (ApplyAdagrad(update_slots=False): MindSpore's CPU kernel updates accum anyway; mscompat honours the flag)
    ("ApplyAdagradV2", ["var", "a"], lambda ms, p, g: (p[0], p[1], _t(ms, 0.1), g), (1e-6,)),
    ("ApplyProximalAdagrad", ["var", "a"], lambda ms, p, g: (p[0], p[1], _t(ms, 0.1), _t(ms, 0.05), _t(ms, 0.1), g),
     ()),
    ("ApplyRMSProp", ["var", "a", "c"], lambda ms, p, g: (p[0], p[1], p[2], _t(ms, 0.1), g, 0.9, 0.5, 1e-6), ()),
    ("ApplyCenteredRMSProp", ["var", "d", "a", "c"],
     lambda ms, p, g: (p[0], p[1], p[2], p[3], g, _t(ms, 0.1), _t(ms, 0.9), _t(ms, 0.5), _t(ms, 1e-6)), ()),
    ("ApplyAdadelta", ["var", "a", "b"],
     lambda ms, p, g: (p[0], p[1], p[2], _t(ms, 1.0), _t(ms, 0.9), _t(ms, 1e-6), g), ()),
    ("ApplyAdaMax", ["var", "a", "b"],
     lambda ms, p, g: (p[0], p[1], p[2], _t(ms, 0.9), _t(ms, 0.1), _t(ms, 0.9), _t(ms, 0.99), _t(ms, 1e-7), g), ()),
    ("ApplyAddSign", ["var", "c"], lambda ms, p, g: (p[0], p[1], _t(ms, 0.1), _t(ms, 1.0), _t(ms, 0.5), _t(ms, 0.9), g),
     ()),
    ("ApplyPowerSign", ["var", "c"],
     lambda ms, p, g: (p[0], p[1], _t(ms, 0.1), _t(ms, 2.718), _t(ms, 0.5), _t(ms, 0.9), g), ()),
    ("Adam", ["var", "a", "b"], lambda ms, p, g: (p[0], p[1], p[2], _t(ms, 0.9), _t(ms, 0.999), _t(ms, 0.01),
                                                  _t(ms, 0.9), _t(ms, 0.999), _t(ms, 1e-8), g), ()),
    ("SGD", ["var", "a", "b"], lambda ms, p, g: (p[0], g, _t(ms, 0.1), p[1], _t(ms, 0.9), p[2]), (0.0, 0.1, False)),
    ("SGD", ["var", "a", "c"], lambda ms, p, g: (p[0], g, _t(ms, 0.1), p[1], _t(ms, 0.9), p[2]), (0.2, 0.0, True)),
    ("SGD", ["var", "a", "b"], lambda ms, p, g: (p[0], g, _t(ms, 0.1), p[1], _t(ms, 0.0), p[2]), ()),
]


def _returns(prim, names, make_args, *init):
    def fn(ms):
        ps = _params(ms, names)
        return getattr(ms.ops, prim)(*init)(*make_args(ms, ps, ms.Tensor(_G[0])))
    return fn


def _bad_shape(prim, names, make_args, *init):
    def fn(ms):
        ps = _params(ms, names)
        return getattr(ms.ops, prim)(*init)(*make_args(ms, ps, ms.Tensor(np.ones(2, np.float32))))
    return fn


def _load(ms):
    p = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="q")
    return ms.ops.operations.Load()(p, ms.Tensor(0))


def _load_after_assign(ms):
    p = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="q")
    ms.ops.assign(p, ms.Tensor(np.array([3.0, 4.0], np.float32)))
    return ms.ops.operations.Load()(p, ms.Tensor(0))


CASES = (
    [case(f"param_update/{p}/{i}", _run(p, names, mk, *init), rtol=1e-5, atol=1e-6)
     for i, (p, names, mk, init) in enumerate(_CASES)]
    + [case(f"param_update/{_CASES[i][0]}/float16", _run(*_CASES[i][:3], *_CASES[i][3], dtype=np.float16))
       for i in (0, 2, 4)]
    + [case(f"param_update/{_CASES[i][0]}/returns", _returns(*_CASES[i][:3], *_CASES[i][3]))
       for i in (0, 2, 3, 4, 5, 6, 9, 10, 11, 12)]
    + [case(f"param_update/{_CASES[i][0]}/bad_grad_shape", _bad_shape(*_CASES[i][:3], *_CASES[i][3]), error=True)
       for i in (0, 2, 3, 9, 11)]
    + [
        case("param_update/ApplyMomentum/bad_nesterov", lambda ms: ms.ops.ApplyMomentum(use_nesterov=1), error=True),
        case("param_update/ApplyAdagrad/bad_update_slots", lambda ms: ms.ops.ApplyAdagrad(update_slots=1), error=True),
        case("param_update/ApplyAdagradV2/int_epsilon", lambda ms: ms.ops.ApplyAdagradV2(epsilon=1), error=True),
        case("param_update/ApplyAdagradV2/no_epsilon", lambda ms: ms.ops.ApplyAdagradV2(), error=True),
        case("param_update/Adam/bad_use_locking", lambda ms: ms.ops.Adam(use_locking=1), error=True),
        case("param_update/Adam/bad_nesterov", lambda ms: ms.ops.Adam(use_nesterov="yes"), error=True),
        case("param_update/ApplyRMSProp/bad_use_locking", lambda ms: ms.ops.ApplyRMSProp(use_locking=None),
             error=True),
        case("param_update/Load", _load),
        case("param_update/Load_not_in_ops", lambda ms: hasattr(ms.ops, "Load")),
        case("param_update/Load_after_assign", _load_after_assign),
    ]
)
