"""``ops.grid_sample`` (GridSampler2D/3D): 4-D and 5-D inputs, both modes, the three padding
modes, both corner alignments, gradients, and bad arguments. Oracle: real MindSpore 2.10 CPU."""
import numpy as np

from parity_tests.harness import case


def _inputs(nd, seed=0):
    rs = np.random.RandomState(seed)
    if nd == 2:
        return rs.randn(2, 3, 5, 6).astype(np.float32), (rs.rand(2, 4, 3, 2) * 2.4 - 1.2).astype(np.float32)
    return rs.randn(1, 2, 3, 4, 5).astype(np.float32), (rs.rand(1, 2, 3, 2, 3) * 2.4 - 1.2).astype(np.float32)


def _sample(ms, x, g, mode, padding, align):
    return ms.ops.grid_sample(ms.Tensor(x), ms.Tensor(g), mode, padding, align)


def _grad(ms, x, g):
    def f(a, b):
        return (ms.ops.grid_sample(a, b, "bilinear", "zeros", False) ** 2).sum()
    return ms.grad(f, grad_position=(0, 1))(ms.Tensor(x), ms.Tensor(g))


def _graph(ms, x, g):
    @ms.jit
    def f(a, b):
        return ms.ops.grid_sample(a, b, "bilinear", "border", True)
    return f(ms.Tensor(x), ms.Tensor(g))


CASES = []
for _nd in (2, 3):
    _x, _g = _inputs(_nd)
    for _mode in ("bilinear", "nearest"):
        for _pad in ("zeros", "border", "reflection"):
            for _align in (False, True):
                CASES.append(case(f"grid_sample/{_nd}d_{_mode}_{_pad}_{'align' if _align else 'noalign'}",
                                  _sample, _x, _g, _mode, _pad, _align, rtol=1e-4, atol=1e-5))
    CASES.append(case(f"grid_sample/{_nd}d_grad", _grad, _x, _g, rtol=1e-4, atol=1e-4))

_x2, _g2 = _inputs(2)
CASES += [
    case("grid_sample/default_align_none", lambda ms, x, g: ms.ops.grid_sample(ms.Tensor(x), ms.Tensor(g)), _x2, _g2,
         rtol=1e-4, atol=1e-5),
    case("grid_sample/graph", lambda ms, x, g: _graph(ms, x, g), _x2, _g2, rtol=1e-4, atol=1e-5),
    case("grid_sample/bad_mode", _sample, _x2, _g2, "bicubic", "zeros", False, error=True),
    case("grid_sample/bad_padding", _sample, _x2, _g2, "bilinear", "wrap", False, error=True),
    case("grid_sample/bad_align", _sample, _x2, _g2, "bilinear", "zeros", 1, error=True),
    case("grid_sample/bad_grid_last_dim", _sample, _x2, _g2[..., :1], "bilinear", "zeros", False, error=True),
    case("grid_sample/bad_batch", _sample, _x2, _g2[:1], "bilinear", "zeros", False, error=True),
]
