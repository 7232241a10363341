"""``mindspore.ops.operations._thor_ops``: MindSpore's THOR optimizer Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'Cholesky', 'CholeskyTrsm', 'CusBatchMatMul', 'CusCholeskyTrsm', 'CusFusedAbsMax1', 'CusImg2Col',
    'CusMatMulCube', 'CusMatMulCubeDenseLeft', 'CusMatMulCubeDenseRight', 'CusMatMulCubeFraczLeftCast',
    'CusMatMulCubeFraczRightMul', 'CusMatrixCombine', 'CusTranspose02314', 'DetTriangle', 'LoadIm2Col',
    'NewIm2Col', 'PrimitiveWithInfer', 'ProdForceSeA', 'ThorIm2Col', 'UpdateThorGradient', '_Cholesky',
)

__all__ = _bind(globals(), _NAMES, _operations)
