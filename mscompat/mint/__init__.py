"""``mindspore.mint``: MindSpore 2.x's torch-style op namespace (``dim=``, ``keepdim=``).

Every mint op is a form of an op registry entry (``ops/_registry.py``): the ops that agree with
their ``ops`` twin are that entry (``mint_form``), the others are mint entries of their own whose
kernels call the twin's (``mint_op``, in ``_array``, ``_creation``, ``_math``). The names of this
namespace, and of ``mint.nn.functional``, ``mint.linalg`` and ``mint.special``, are generated from
the registry's ``MINT`` table."""
from mscompat.ops._registry import mint_exports
from . import _array, _creation, _math
from . import nn, optim, linalg, special, distributed
from .nn import functional
from . import _kernels  # noqa: F401,E402  (the Primitive classes of mint's kernels: AddExt, SumExt, ...)

globals().update(mint_exports(""))
sigmoid = functional.sigmoid
conv2d = functional.conv2d

__all__ = sorted(mint_exports("")) + ["nn", "optim", "linalg", "special", "distributed"]
