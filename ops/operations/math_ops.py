"""``mindspore.ops.operations.math_ops``: MindSpore's math Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'ACos', 'Abs', 'AccumulateNV2', 'Acosh', 'Add', 'AddN', 'AddV2', 'Addcdiv', 'AddcdivExt', 'Addcmul',
    'AddcmulExt', 'Angle', 'ApproximateEqual', 'Asin', 'Asinh', 'AssignAdd', 'AssignSub', 'Atan', 'Atan2',
    'Atanh', 'BatchMatMul', 'Bernoulli', 'BesselI0', 'BesselI0e', 'BesselI1', 'BesselI1e', 'BesselJ0',
    'BesselJ1', 'BesselK0', 'BesselK0e', 'BesselK1', 'BesselK1e', 'BesselY0', 'BesselY1', 'Betainc',
    'BitwiseAnd', 'BitwiseOr', 'BitwiseXor', 'Bucketize', 'Cauchy', 'Cdist', 'Ceil', 'Cholesky',
    'CholeskyInverse', 'CholeskySolve', 'CompareAndBitpack', 'Complex', 'ComplexAbs', 'Conj', 'Cos', 'Cosh',
    'Cross', 'CumProd', 'CumSum', 'CumulativeLogsumexp', 'Digamma', 'Div', 'DivMod', 'DivNoNan', 'Eig',
    'Einsum', 'Eps', 'Equal', 'EqualCount', 'Erf', 'Erfc', 'Erfinv', 'EuclideanNorm', 'Exp', 'Expm1',
    'FFTWithSize', 'FloatStatus', 'Floor', 'FloorDiv', 'FloorMod', 'Fmax', 'Fmin', 'Gcd', 'Ger', 'Greater',
    'GreaterEqual', 'Heaviside', 'Histogram', 'HistogramFixedWidth', 'Hypot', 'Igamma', 'Igammac', 'Imag',
    'IndexAdd', 'InplaceAdd', 'InplaceIndexAdd', 'InplaceSub', 'InplaceUpdateV2', 'Inv', 'Invert', 'IsClose',
    'IsFinite', 'IsInf', 'IsNan', 'Lcm', 'Lerp', 'LerpScalar', 'Less', 'LessEqual', 'Lgamma', 'LinSpace', 'Log',
    'Log1p', 'LogMatrixDeterminant', 'LogicalAnd', 'LogicalNot', 'LogicalOr', 'LogicalXor', 'Logit', 'LpNorm',
    'Lu', 'LuSolve', 'LuUnpack', 'MatMul', 'MatrixDeterminant', 'MatrixExp', 'MatrixInverse', 'MatrixLogarithm',
    'MatrixPower', 'MatrixSolve', 'MatrixSolveLs', 'MatrixTriangularSolve', 'Maximum', 'Median', 'Minimum',
    'Mod', 'Mul', 'MulNoNan', 'NMSWithMask', 'NPUAllocFloatStatus', 'NPUClearFloatStatus',
    'NPUClearFloatStatusV2', 'NPUGetFloatStatus', 'NPUGetFloatStatusV2', 'NanToNum', 'Neg', 'NextAfter',
    'NotEqual', 'Orgqr', 'Ormqr', 'Polar', 'Polygamma', 'Pow', 'Primitive', 'PrimitiveWithCheck',
    'PrimitiveWithInfer', 'Qr', 'Quantile', 'RaggedRange', 'Real', 'RealDiv', 'Reciprocal', 'ReduceAll',
    'ReduceAny', 'ReduceMax', 'ReduceMean', 'ReduceMin', 'ReduceProd', 'ReduceStd', 'ReduceSum', 'Renorm',
    'Roll', 'Round', 'Rsqrt', 'STFT', 'SelfAdjointEig', 'Sign', 'Sin', 'Sinc', 'Sinh', 'SparseSegmentMean',
    'Sqrt', 'Square', 'SquareSumAll', 'SquaredDifference', 'Sub', 'Tan', 'TanhGrad', 'Trace',
    'TridiagonalMatMul', 'TridiagonalSolve', 'TrilIndices', 'TriuIndices', 'Trunc', 'TruncateDiv',
    'TruncateMod', 'Xdivy', 'Xlogy', 'Zeta', '_BinaryOp', '_BitwiseBinaryOp', '_LogicBinaryOp', '_MathBinaryOp',
    '_Reduce',
)

__all__ = _bind(globals(), _NAMES, _operations)
