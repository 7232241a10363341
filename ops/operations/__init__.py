"""``mindspore.ops.operations`` (``P``): every Primitive class, from the op registry."""
from .._registry import PRIMITIVES as _PRIMITIVES
from ..primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register

globals().update(_PRIMITIVES)
__all__ = sorted(_PRIMITIVES)

from .._param_update import Load  # noqa: E402,F401  (ops.operations only, outside __all__, as in MindSpore)

# the family submodules are attributes of the package, as in MindSpore (``P.array_ops.MatrixDiagPartV3``)
from . import (_csr_ops, _embedding_cache_ops, _grad_ops, _inner_ops, _map_tensor_ops, _quant_ops,  # noqa: E402,F401
               _rl_inner_ops, _scalar_ops, _sequence_ops, _thor_ops, array_ops, comm_ops, control_ops, custom_ops,
               debug_ops, image_ops, inner_ops, linalg_ops, math_ops, nn_ops, other_ops, random_ops, reshard_ops,
               sparse_ops, spectral_ops, manually_defined)
