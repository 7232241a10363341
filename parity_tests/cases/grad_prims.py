"""Gradient Primitives called directly (``ops.operations._grad_ops`` / ``ops.auto_generate``):
InvGrad, ReciprocalGrad, SoftplusGrad, EluGrad, ReLU6Grad, SigmoidCrossEntropyWithLogitsGrad,
MaximumGradGrad — values, dtypes and the errors for bad inputs."""
import importlib

import numpy as np

from parity_tests.harness import case, F16, F32, F64, I32, I64


def _g(ms, name):
    return getattr(importlib.import_module(f"{ms.__name__}.ops.operations._grad_ops"), name)


def _auto(ms, name):
    return getattr(importlib.import_module(f"{ms.__name__}.ops.auto_generate"), name)


def _prim(name, *init, auto=False):
    return lambda ms, *xs: (_auto if auto else _g)(ms, name)(*init)(*xs)


def _c64(ms):
    y = ms.Tensor(np.array([1 + 2j, -0.5j, 3], np.complex64))
    dy = ms.Tensor(np.array([2 - 1j, 1, 0.5j], np.complex64))
    return _g(ms, "InvGrad")()(y, dy)


def _recip_graph(ms, y, dy):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.op = _auto(ms, "ReciprocalGrad")()

        def construct(self, a, b):
            return self.op(a, b)
    return Net()(y, dy)


CASES = (
    [case(f"grad_prims/InvGrad/{n}", _prim("InvGrad"), mk(2, 3), mk(2, 3))
     for n, mk in (("f16", F16), ("f32", F32), ("f64", F64), ("i32", I32), ("i64", I64))]
    + [
        case("grad_prims/InvGrad/c64", _c64),
        case("grad_prims/InvGrad/mixed_dtype", _prim("InvGrad"), F32(3), F64(3), error=True),
        case("grad_prims/InvGrad/not_tensor", lambda ms, y: _g(ms, "InvGrad")()(y, [1.0, 2.0]), F32(2), error=True),
        case("grad_prims/ReciprocalGrad/f32", _prim("ReciprocalGrad", auto=True), F32(4), F32(4)),
        case("grad_prims/ReciprocalGrad/f64", _prim("ReciprocalGrad", auto=True), F64(2, 2), F64(2, 2)),
        case("grad_prims/ReciprocalGrad/graph", _recip_graph, F32(3), F32(3), mode="graph"),
        case("grad_prims/ReciprocalGrad/i32", _prim("ReciprocalGrad", auto=True), I32(3), I32(3), error=True),
        case("grad_prims/SoftplusGrad/f32", _prim("SoftplusGrad"), F32(2, 4), F32(2, 4, low=-3, high=3)),
        case("grad_prims/SoftplusGrad/f16", _prim("SoftplusGrad"), F16(5), F16(5, low=-3, high=3)),
        case("grad_prims/SoftplusGrad/i32", _prim("SoftplusGrad"), I32(3), I32(3), error=True),
        case("grad_prims/SoftplusGrad/shape", _prim("SoftplusGrad"), F32(1, 4), F32(2, 4), error=True),
        case("grad_prims/EluGrad/f32", _prim("EluGrad"), F32(6), F32(6, low=-0.9, high=2)),
        case("grad_prims/EluGrad/f64", _prim("EluGrad"), F64(2, 3), F64(2, 3, low=-0.9, high=2)),
        case("grad_prims/ReLU6Grad/f32", _prim("ReLU6Grad"), F32(8), F32(8, low=-3, high=9)),
        case("grad_prims/ReLU6Grad/edges", lambda ms: _g(ms, "ReLU6Grad")()(
            ms.Tensor(np.ones(4, np.float32)), ms.Tensor(np.array([-1, 0, 6, 7], np.float32)))),
        case("grad_prims/SigmoidCEWithLogitsGrad/f32", _prim("SigmoidCrossEntropyWithLogitsGrad"),
             F32(2, 3, low=-3, high=3), F32(2, 3, low=0, high=1), F32(2, 3)),
        case("grad_prims/SigmoidCEWithLogitsGrad/i32", _prim("SigmoidCrossEntropyWithLogitsGrad"),
             I32(3), I32(3), I32(3), error=True),
        case("grad_prims/MaximumGradGrad/f32", _prim("MaximumGradGrad", auto=True),
             np.array([1, 5, 3], np.float32), np.array([2, 4, 3], np.float32), F32(3), F32(3)),
        case("grad_prims/MaximumGradGrad/broadcast", _prim("MaximumGradGrad", False, True, auto=True),
             F32(2, 1), F32(3), F32(2, 1), F32(3)),
        case("grad_prims/MaximumGradGrad/i32", _prim("MaximumGradGrad", auto=True), I32(4), I32(4), I32(4), I32(4)),
    ]
)
