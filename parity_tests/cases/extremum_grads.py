"""Gradients of ``maximum`` / ``minimum`` as MindSpore's MaximumGrad / MinimumGrad: equal operands
share the gradient (half each), a NaN in either operand gives both the whole of it, broadcast
operands get it summed, integer operands with an integer ``sens`` get integer gradients; forward
mode (``jvp``) agrees."""
import numpy as np

from parity_tests.harness import case, Raw, F32

_NAN = float("nan")
_X = Raw(np.array([1., 2., 3., _NAN, 2., _NAN, -1.], np.float32))
_Y = Raw(np.array([1., 1., 4., 2., _NAN, _NAN, -1.], np.float32))
_D = Raw(np.array([1., 2., 3., 4., 5., 6., 7.], np.float32))


def _grad_sens(ms, fn, x, y, d):
    return ms.ops.GradOperation(get_all=True, sens_param=True)(fn)(x, y, d)


def _int_grads(ms):
    x = ms.Tensor(np.array([1, 5, 3, 7], np.int16))
    y = ms.Tensor(np.array([2, 5, 1, 7], np.int16))
    return _grad_sens(ms, ms.ops.maximum, x, y, ms.Tensor(np.array([7, 8, 9, 5], np.int16)))


CASES = [
    case("extremum_grads/maximum", lambda ms, x, y, d: _grad_sens(ms, ms.ops.maximum, x, y, d), _X, _Y, _D),
    case("extremum_grads/minimum", lambda ms, x, y, d: _grad_sens(ms, ms.ops.minimum, x, y, d), _X, _Y, _D),
    case("extremum_grads/broadcast", lambda ms, x, y: ms.ops.grad(lambda a, b: ms.ops.maximum(a, b).sum(), (0, 1))(
        x, y), Raw(np.array([[1., 2.], [3., 0.]], np.float32)), Raw(np.array([1., 1.], np.float32))),
    case("extremum_grads/scalar_kink", lambda ms, x: ms.ops.grad(lambda a: ms.ops.minimum(a, 0.).sum())(x),
         Raw(np.array([-1., 0., 2.], np.float32))),
    case("extremum_grads/int16_sens", _int_grads),
    case("extremum_grads/jvp", lambda ms, x, y: ms.ops.jvp(lambda a: ms.ops.maximum(a, y), x, ms.ops.ones_like(x)),
         Raw(np.array([1., 2., 0.], np.float32)), Raw(np.array([1., 1., 1.], np.float32))),
    case("extremum_grads/random", lambda ms, x, y: ms.ops.grad(lambda a, b: (ms.ops.maximum(a, b) * a).sum(), (0, 1))(
        x, y), F32(3, 4), F32(4)),
]
