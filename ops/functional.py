"""``mindspore.ops.functional`` (``F``): the functional ops, same objects as ``mindspore.ops``."""
from ._registry import OPS as _OPS

globals().update({n: d.fn for n, d in _OPS.items()})
__all__ = sorted(_OPS)

# the autodiff transforms are ``F.`` names too (``F.jvp``, ``F.vjp``, ...), as in MindSpore
from mscompat._autodiff import (grad, value_and_grad, jvp, vjp, jacfwd, jacrev, jet, derivative, linearize,  # noqa: E402
                                get_grad)  # noqa: E402
__all__ += ["grad", "value_and_grad", "jvp", "vjp", "jacfwd", "jacrev", "jet", "derivative", "linearize",
            "get_grad"]
