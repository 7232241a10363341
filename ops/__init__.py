"""``mindspore.ops``: functional ops, Primitive classes, composite ops.

Every op is defined once in a family module (``_arith.py``, ``_array.py``, ...) and
registered; this package exports what the registry holds (``_registry.exports``).
"""
import importlib

from ._registry import OPS, PRIMITIVES, exports as _exports
from .primitive import (Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register,
                        prim_arg_register, constexpr)

# One line per op family; each module registers its ops on import.
_FAMILIES = (
    "_arith", "_elementwise", "_elementwise_binary", "_elementwise_special", "_elementwise_matrix", "_elementwise_inplace",
    "_compare", "_scalar",                                    # elementwise math
    "_matmul", "_matmul_geom", "_reduce", "_cumulative", "_norm",                                   # matmul family, reductions
    "_array", "_array_info", "_array_move", "_matrix_diag", "_creation", "_index_ops", "_scatter", "_sort",             # array manipulation
    "_nn", "_nn_norm", "_nn_dropout", "_nn_fold", "_conv", "_pool", "_loss", "_ctc", "_image", "_image_boxes",  # neural-network ops
    "_random", "_random_sampler", "_linalg", "_spectral", "_comm", "_comm_prims", "_comm_store", "_sparse", "_debug",
    "_graph_helpers", "_custom", "_param_update",        # functional/graph helpers, optimizer updates
    "_ascend_only",                                           # Ascend-only primitives
    "_attention",                                             # fused attention (FlashAttentionScore; Ascend only)
    "_moe_routing",                                           # MoE token permute/unpermute (Ascend only)
    "_ascend_fused",                                          # fused MoE / quantization kernels (Ascend only)
    "_grad_prims",                                            # gradient primitives (G.InvGrad, ...)
    "_distance",                                              # pairwise distances (pdist)
    "_tensor_methods",                                        # Tensor methods (last)
)
for _name in _FAMILIES:
    importlib.import_module(f"{__name__}.{_name}")

from ._registry import check_policies as _check_policies  # noqa: E402
_check_policies()      # every op policy names a registered op

from . import _tensor_api  # noqa: E402
_tensor_api.attach()

globals().update(_exports())

from . import operations, functional, composite  # noqa: E402
from . import auto_generate  # noqa: E402,F401  (MindSpore's generated op modules, at their paths)
from .operations import *  # noqa: E402,F401,F403  (Primitive classes are ops.X too)
from .composite import *  # noqa: E402,F401,F403

# Autodiff is a transform, not an op (DESIGN section 2): it lives with the state threading.
from mscompat._autodiff import grad, value_and_grad, GradOperation, jvp, vjp, jacfwd, jacrev  # noqa: E402,F401
from mscompat._autodiff import jet, derivative, linearize, get_grad  # noqa: E402,F401

P = operations
F = functional
C = composite
Tensor = _tensor_api.Tensor     # MindSpore's ops namespace re-exports the Tensor class (ops.Tensor)
