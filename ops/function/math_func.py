"""``mindspore.ops.function.math_func``: MindSpore's math functional ops at their internal import
path; the objects are ``mindspore.ops``'s (one implementation, several paths)."""
from mscompat import ops as _ops
from mscompat.ops._module_paths import bind as _bind

_NAMES = (
    'abs', 'absolute', 'accumulate_n', 'acos', 'acosh', 'add', 'addbmm', 'addcdiv', 'addcmul', 'addmm', 'addmv',
    'addn', 'addr', 'adjoint', 'all', 'amax', 'amin', 'angle', 'any', 'approximate_equal', 'arccos', 'arccosh',
    'arcsin', 'arcsinh', 'arctan', 'arctan2', 'arctanh', 'argmin', 'asin', 'asinh', 'atan', 'atan2', 'atanh',
    'atleast_1d', 'atleast_2d', 'atleast_3d', 'baddbmm', 'baddbmm_ext', 'batch_dot', 'bernoulli', 'bessel_i0',
    'bessel_i0e', 'bessel_i1', 'bessel_i1e', 'bessel_j0', 'bessel_j1', 'bessel_k0', 'bessel_k0e', 'bessel_k1',
    'bessel_k1e', 'bessel_y0', 'bessel_y1', 'bincount', 'bitwise_and', 'bitwise_left_shift', 'bitwise_or',
    'bitwise_right_shift', 'bitwise_xor', 'block_diag', 'bmm', 'bucketize', 'cartesian_prod', 'cdist', 'ceil',
    'cholesky', 'cholesky_inverse', 'cholesky_solve', 'combinations', 'conj', 'copysign', 'cos', 'cosh',
    'cosine_similarity', 'count_nonzero', 'cov', 'cross', 'cummax', 'cummin', 'cumprod', 'cumsum', 'deg2rad',
    'det', 'diag_embed', 'diff', 'diff_ext', 'digamma', 'dist', 'div', 'divide', 'dot', 'dstack', 'einsum',
    'einsum_ext', 'eps', 'eq', 'equal', 'erf', 'erfc', 'erfinv', 'exp', 'exp2', 'expm1', 'fft', 'fft2', 'fftn',
    'float_power', 'floor', 'floor_div', 'floor_divide', 'floor_mod', 'floordiv', 'floormod', 'fmax', 'fmin',
    'fmod', 'frac', 'gcd', 'ge', 'greater', 'greater_equal', 'gt', 'gumbel_softmax', 'hann_window', 'heaviside',
    'histc', 'hypot', 'i0', 'ifft', 'ifft2', 'ifftn', 'igamma', 'igammac', 'imag', 'inner', 'inplace_add',
    'inplace_index_add', 'inplace_sub', 'inplace_update', 'inv', 'inverse', 'invert', 'iou', 'is_complex',
    'isclose', 'isfinite', 'isinf', 'isnan', 'isnan_ext', 'isneginf', 'isposinf', 'isreal', 'kaiser_window',
    'kron', 'lcm', 'ldexp', 'le', 'lerp', 'less', 'less_equal', 'lgamma', 'linspace', 'log', 'log10', 'log1p',
    'log2', 'log_matrix_determinant', 'logaddexp', 'logaddexp2', 'logcumsumexp', 'logdet', 'logical_and',
    'logical_not', 'logical_or', 'logical_xor', 'logit', 'logspace', 'logsumexp', 'lt', 'lu_solve', 'lu_unpack',
    'matmul', 'matrix_determinant', 'matrix_exp', 'matrix_norm', 'matrix_power', 'matrix_solve', 'maximum',
    'mean', 'median', 'minimum', 'mul', 'multi_scale_deformable_attn_function', 'multiply', 'mv', 'nan_to_num',
    'nanmean', 'nanmedian', 'nanquantile', 'nansum', 'ne', 'neg', 'negative', 'nextafter', 'norm', 'not_equal',
    'numel', 'orgqr', 'ormqr', 'outer', 'permute', 'polar', 'polygamma', 'positive', 'pow', 'pows', 'prod',
    'quantile', 'rad2deg', 'real', 'reciprocal', 'remainder', 'renorm', 'roll', 'rot90', 'rotated_iou', 'round',
    'row_stack', 'rsqrt', 'sgn', 'sign', 'signbit', 'sin', 'sinc', 'sinh', 'slogdet', 'sparse_segment_mean',
    'sqrt', 'square', 'std', 'std_mean', 'stft', 'sub', 'subtract', 'sum', 't', 'tan', 'tanh', 'tanh_',
    'tanhshrink', 'tensor_add', 'tensor_div', 'tensor_dot', 'tensor_exp', 'tensor_expm1', 'tensor_floordiv',
    'tensor_ge', 'tensor_gt', 'tensor_le', 'tensor_lt', 'tensor_mod', 'tensor_mul', 'tensor_muls', 'tensor_pow',
    'tensor_sub', 'trace', 'trapz', 'tril_indices', 'triu_indices', 'true_divide', 'trunc', 'truncate_div',
    'truncate_mod', 'vander', 'var', 'var_mean', 'vecdot', 'vector_norm', 'view_as_real', 'vstack', 'xdivy',
    'xlogy', 'zeta',
)

__all__ = _bind(globals(), _NAMES, _ops)
