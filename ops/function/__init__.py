"""``mindspore.ops.function``: the functional ops (the objects of ``mindspore.ops``), and the
``<family>_func`` submodules MindSpore keeps them in, which model code imports from directly."""
from mscompat.ops._registry import OPS as _OPS
from . import grad as _grad_package  # noqa: F401  (loaded first: the name ``grad`` is then the function, as in MindSpore)
from mscompat._autodiff import (grad, value_and_grad, jvp, vjp, jacfwd, jacrev, jet, derivative, linearize,  # noqa: E402
                                get_grad)

globals().update({n: d.fn for n, d in _OPS.items()})
__all__ = sorted(set(_OPS) | {"grad", "value_and_grad", "jvp", "vjp", "jacfwd", "jacrev", "jet", "derivative",
                                  "linearize", "get_grad"})
