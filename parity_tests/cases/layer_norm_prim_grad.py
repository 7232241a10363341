"""Gradients through the ``ops.LayerNorm`` Primitive: only the normalized output's gradient flows back
(MindSpore's LayerNormGrad), the mean and variance outputs pass none."""
from parity_tests.harness import case, F32


def _ln(ms):
    return ms.ops.LayerNorm(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7)


CASES = [
    case("layer_norm_prim_grad/all_outputs", lambda ms, x, g, b: ms.ops.grad(lambda *a: _ln(ms)(*a), (0, 1, 2))(x, g, b),
         F32(2, 3), F32(3), F32(3), rtol=1e-4, atol=1e-4),
    case("layer_norm_prim_grad/mean_only", lambda ms, x, g, b: ms.ops.grad(lambda *a: _ln(ms)(*a)[1] * 3, (0, 1, 2))(
        x, g, b), F32(2, 3), F32(3), F32(3)),
    case("layer_norm_prim_grad/y_weighted", lambda ms, x, g, b: ms.ops.grad(lambda *a: (_ln(ms)(*a)[0] * a[0]).sum(),
                                                                          (0, 1))(x, g, b),
         F32(3, 4), F32(4), F32(4), rtol=1e-4, atol=1e-4),
]
