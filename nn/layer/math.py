"""``mindspore.nn`` math layers: ReduceLogSumExp, Range, LGamma, DiGamma, IGamma, LBeta,
CosineSimilarity, MatMul, Moments, MatInverse, MatDet.

LGamma, DiGamma and LBeta use MindSpore's formulas (Lanczos approximation with g = 7 and its
coefficients; the minimax Stirling correction of LBeta), so values match its float32 results.
"""
import math

import numpy as np
import jax.numpy as jnp
import jax.scipy.linalg as jsl

from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.nn.cell import Cell
from mscompat._checkparam import check_type_name, check_value_type

__all__ = ['ReduceLogSumExp', 'Range', 'LGamma', 'DiGamma', 'IGamma', 'LBeta', 'CosineSimilarity', 'MatMul',
           'Moments', 'MatInverse', 'MatDet']

_wrap = Tensor._wrap
_BASE_LANCZOS_COEFF = 0.99999999999980993227684700473478
_LANCZOS_COEFFICIENTS = [676.520368121885098567009190444019, -1259.13921672240287047156078755283,
                         771.3234287776530788486528258894, -176.61502916214059906584551354,
                         12.507343278686904814458936853, -0.13857109526572011689554707,
                         9.984369578019570859563e-6, 1.50563273514931155834e-7]
_LANCZOS_GAMMA = 7


def _a(x):
    return x._data if x._data is not None else (x.init_data(), x._data)[1]


class ReduceLogSumExp(Cell):
    """``log(sum(exp(x), axis))`` stabilized by the global maximum of ``x``."""

    def __init__(self, axis, keep_dims=False):
        super().__init__()
        check_value_type('axis', axis, [int, list, tuple], self.cls_name)
        check_value_type('keep_dims', keep_dims, [bool], self.cls_name)
        self.axis = axis
        self.keep_dims = keep_dims
        self.sum = ops.ReduceSum(keep_dims)
        self.max = ops.ReduceMax()

    def construct(self, x):
        x_max = self.max(x)
        sumexp = self.sum(ops.exp(x - x_max), self.axis)
        return ops.log(sumexp) + x_max


class Range(Cell):
    """A constant Tensor ``arange(start, limit, delta)`` (float32 for float arguments, else int32)."""

    def __init__(self, start, limit=None, delta=1):
        super().__init__()
        if delta == 0:
            raise ValueError(f"For '{self.cls_name}', the 'delta' can not be zero.")
        data = np.arange(start, limit, delta)
        self.ms_dtype = mstype.float32 if data.dtype == np.float64 else mstype.int32
        self.result_tensor = Tensor(data, dtype=self.ms_dtype)

    def construct(self):
        return self.result_tensor


def _lanczos_sum(z):
    """MindSpore's ``_calculate_reflected_x`` and its derivative parts."""
    reflex = _BASE_LANCZOS_COEFF
    num = 0
    denom = _BASE_LANCZOS_COEFF
    for i in range(8):
        j = z + i + 1
        reflex = _LANCZOS_COEFFICIENTS[i] / j + reflex
        num = num - _LANCZOS_COEFFICIENTS[i] / (j * j)
        denom = denom + _LANCZOS_COEFFICIENTS[i] / j
    return reflex, num, denom


def _lanczos_terms(x):
    """What log-gamma and digamma share: the reflection mask, ``z``, the Lanczos sums of ``z``,
    ``t = z + g + 1/2`` and ``log t``."""
    need_to_reflect = x < 0.5
    z = jnp.where(need_to_reflect, -x, x - 1)
    gph = _LANCZOS_GAMMA + 0.5
    t = z + gph
    return need_to_reflect, z, _lanczos_sum(z), t, jnp.log1p(z / gph) + math.log(gph)


def _lgamma(x):
    """MindSpore's nn.LGamma on a jax array."""
    dt = x.dtype
    inf = jnp.asarray(np.inf, dt)
    need_to_reflect, z, (reflex_x, _, _), t, log_t = _lanczos_terms(x)
    log_y = jnp.log(reflex_x) + (z + 0.5 - t / log_t) * log_t + (math.log(2) + math.log(math.pi)) / 2
    abs_input = jnp.abs(x)
    abs_frac = abs_input - jnp.floor(abs_input)
    x = jnp.where(x <= 0.0, jnp.where(abs_frac == 0.0, inf, x), x)
    reduced_frac = jnp.where(abs_frac > 0.5, 1 - abs_frac, abs_frac)
    reflection_denom = jnp.log(jnp.sin(math.pi * reduced_frac))
    reflection = jnp.where(jnp.isfinite(reflection_denom), -reflection_denom - log_y + math.log(math.pi),
                           -reflection_denom)
    result = jnp.where(need_to_reflect, reflection, log_y)
    return jnp.where(jnp.isfinite(x), result, inf).astype(dt)


class LGamma(Cell):
    """Log of the absolute value of the Gamma function (Lanczos approximation)."""

    def construct(self, x):
        check_type_name('x', x.dtype, [mstype.float16, mstype.float32], self.cls_name)
        return _wrap(_lgamma(_a(x)))


class DiGamma(Cell):
    """Digamma function (derivative of the Lanczos log-gamma)."""

    def construct(self, x):
        check_type_name('x', x.dtype, [mstype.float16, mstype.float32], self.cls_name)
        a = _a(x)
        need_to_reflect, z, (_, num, denom), t, log_t = _lanczos_terms(a)
        y = log_t + num / denom - _LANCZOS_GAMMA / t
        reduced = a + jnp.abs(jnp.floor(a + 0.5))
        reflection = y - math.pi * jnp.cos(math.pi * reduced) / jnp.sin(math.pi * reduced)
        result = jnp.where(need_to_reflect, reflection, y)
        nan = jnp.full(a.shape, np.nan, a.dtype)
        return _wrap(jnp.where((a < 0) & (a == jnp.floor(a)), nan, result).astype(a.dtype))


class IGamma(Cell):
    """Regularized lower incomplete gamma function ``P(a, x)`` (float32)."""

    def construct(self, a, x):
        check_type_name('a', a.dtype, [mstype.float32], self.cls_name)
        check_type_name('x', x.dtype, a.dtype, self.cls_name)
        return ops.igamma(a, x)


_MINIMAX = [-0.00165322962780713, 0.000837308034031215, -0.00059520293135187, 0.00079365066682539,
            -0.00277777777760991, 0.0833333333333333]


def _log_gamma_correction(x):
    inv = 1.0 / x
    inv2 = inv * inv
    accum = _MINIMAX[0]
    for c in _MINIMAX[1:]:
        accum = accum * inv2 + c
    return accum * inv


class LBeta(Cell):
    """``log(|Beta(x, y)|)`` with MindSpore's large-argument corrections."""

    def construct(self, x, y):
        check_type_name('x', x.dtype, [mstype.float16, mstype.float32], self.cls_name)
        check_type_name('y', y.dtype, x.dtype, self.cls_name)
        a, b = _a(x), _a(y)
        dt = a.dtype
        shape = jnp.broadcast_shapes(a.shape, b.shape)
        a, b = jnp.broadcast_to(a, shape), jnp.broadcast_to(b, shape)
        x_min = jnp.where(a < b, a, b)
        y_max = jnp.where(a < b, b, a)
        x_plus_y = x_min + y_max
        cx, cy, cxy = _log_gamma_correction(x_min), _log_gamma_correction(y_max), _log_gamma_correction(x_plus_y)
        two_large = (jnp.asarray(0.5 * math.log(2 * math.pi), dt) - 0.5 * jnp.log(y_max) + cx + cy - cxy
                     + (x_min - 0.5) * jnp.log(x_min / (x_min + y_max)) - y_max * jnp.log1p(x_min / y_max))
        cancelled = -1 * (x_min + y_max - 0.5) * jnp.log1p(x_min / y_max) - x_min * jnp.log(y_max) + x_min
        one_large = _lgamma(x_min) + (cy - cxy) + cancelled
        small = _lgamma(x_min) + _lgamma(y_max) - _lgamma(x_min + y_max)
        out = jnp.where(x_min < 8, jnp.where(y_max < 8, small, one_large), two_large)
        return _wrap(out.astype(dt))


class CosineSimilarity(Cell):
    """Cosine similarity of ``x1`` and ``x2`` along ``dim`` (``DivNoNan`` of the dot product by
    ``sqrt(max(|x1|^2 |x2|^2, eps^2))``)."""

    def __init__(self, dim=1, eps=1e-08):
        super().__init__()
        self.dim = dim
        self.eps = eps
        self.div = ops.DivNoNan()

    def construct(self, x1, x2):
        if not isinstance(x1, Tensor):
            raise TypeError(f"For 'CosineSimilarity', 'x1' must be a tensor, but got {type(x1)}")
        if not isinstance(x2, Tensor):
            raise TypeError(f"For 'CosineSimilarity', 'x2' must be a tensor, but got {type(x2)}")
        w12 = ops.mul(x1, x2).sum(self.dim)
        w1 = ops.mul(x1, x1).sum(self.dim)
        w2 = ops.mul(x2, x2).sum(self.dim)
        n12 = ops.maximum(ops.mul(w1, w2), self.eps * self.eps).sqrt()
        return self.div(w12, n12)


def _broadcast_matmul_shapes(x_shape, y_shape, cls_name):
    if len(x_shape) < 2 or len(y_shape) < 2:
        raise ValueError(f"For '{cls_name}', the length of 'x_shape' and 'y_shape' must be equal to or greater than "
                         f"2, but got the length of 'x_shape': {len(x_shape)} and the length of 'y_shape': "
                         f"{len(y_shape)}.")
    xb, yb = x_shape[:-2], y_shape[:-2]
    if xb == yb:
        return x_shape, y_shape
    length = min(len(x_shape), len(y_shape))
    back = []
    for i in range(-length, -2):
        xv, yv = x_shape[i], y_shape[i]
        if not (xv == 1 or yv == 1 or xv == yv):
            raise ValueError(f"For '{cls_name}', the 'x_shape[{i}]' must be equal to 1, or the 'y_shape[{i}]' must be "
                             f"equal to 1, or the 'x_shape[{i}]' must be equal to 'y_shape[{i}]', but got "
                             f"'x_shape[{i}]': {xv}, 'y_shape[{i}]': {yv}.")
        back.append(yv if xv == 1 else xv)
    front = y_shape[:len(y_shape) - length] if length == len(x_shape) else x_shape[:len(x_shape) - length]
    return front + tuple(back) + x_shape[-2:], front + tuple(back) + y_shape[-2:]


class MatMul(Cell):
    """Matrix product with broadcasting of the batch dimensions and optional transposes."""

    def __init__(self, transpose_x1=False, transpose_x2=False):
        super().__init__()
        check_value_type('transpose_x1', transpose_x1, [bool], self.cls_name)
        check_value_type('transpose_x2', transpose_x2, [bool], self.cls_name)
        self.transpose_x1 = transpose_x1
        self.transpose_x2 = transpose_x2

    def construct(self, x1, x2):
        s1, s2 = tuple(ops.shape(x1)), tuple(ops.shape(x2))
        t1, t2 = self.transpose_x1, self.transpose_x2
        c1 = ((1,) + s1) if len(s1) == 1 else s1
        c2 = (s2 + (1,)) if len(s2) == 1 else s2
        col = c1[-2:][0 if (t1 and len(s1) > 1) else 1]
        row = c2[-2:][1 if (t2 and len(s2) > 1) else 0]
        if col != row:
            raise ValueError(f"For '{self.cls_name}', the column of matrix dimensions of 'x1' must be equal to the row "
                             f"of matrix dimensions of 'x2', but got 'x1_col' {col} and 'x2_row' {row}.")
        d1, d2 = len(s1), len(s2)
        if d1 == 1 and d2 == 1:
            return ops.ReduceSum()(ops.mul(x1, x2), -1)
        if d1 == 1:
            x1, t1 = ops.expand_dims(x1, 0), False
        if d2 == 1:
            x2, t2 = ops.expand_dims(x2, 1), False
        b1, b2 = _broadcast_matmul_shapes(tuple(x1.shape), tuple(x2.shape), self.cls_name)
        if b1 != tuple(x1.shape):
            x1 = ops.broadcast_to(x1, b1)
        if b2 != tuple(x2.shape):
            x2 = ops.broadcast_to(x2, b2)
        if len(b1) == 2:
            out = ops.MatMul(t1, t2)(x1, x2)
        else:
            out = ops.BatchMatMul(t1, t2)(x1, x2)
        if d1 == 1:
            out = ops.squeeze(out, -2)
        if d2 == 1:
            out = ops.squeeze(out, -1)
        return out


class Moments(Cell):
    """Mean and (biased) variance of ``x`` over ``axis`` (float16 inputs computed in float32)."""

    def __init__(self, axis=None, keep_dims=None):
        super().__init__()
        if axis is None:
            axis = ()
        if isinstance(axis, tuple):
            for idx, item in enumerate(axis):
                check_value_type('axis[%d]' % idx, item, [int], self.cls_name)
        self.axis = check_value_type('axis', axis, [int, tuple], self.cls_name)
        if keep_dims is None:
            keep_dims = False
        self.keep_dims = check_value_type('keep_dims', keep_dims, [bool], self.cls_name)
        self.reduce_mean = ops.ReduceMean(keep_dims=True)
        self.square_diff = ops.SquaredDifference()

    def construct(self, x):
        dtype = x.dtype
        check_type_name('input x', dtype, [mstype.float16, mstype.float32], self.cls_name)
        if dtype == mstype.float16:
            x = ops.cast(x, mstype.float32)
        mean = self.reduce_mean(x, self.axis)
        variance = self.reduce_mean(self.square_diff(x, ops.stop_gradient(mean)), self.axis)
        if not self.keep_dims:
            axis = self.axis
            if axis == ():
                mean, variance = ops.squeeze(mean), ops.squeeze(variance)
            else:
                mean, variance = ops.squeeze(mean, axis), ops.squeeze(variance, axis)
        if dtype == mstype.float16:
            return ops.cast(mean, mstype.float16), ops.cast(variance, mstype.float16)
        return mean, variance


_MATMUL_TA = ops.MatMul(transpose_a=True)


class MatInverse(Cell):
    """Inverse of a symmetric positive-definite matrix (through its Cholesky factor)."""

    def construct(self, a):
        check_type_name('input_a', a.dtype, [mstype.float16, mstype.float32], self.cls_name)
        m = _a(a)
        lower = jnp.linalg.cholesky(m.astype(jnp.float32))
        eye = jnp.broadcast_to(jnp.eye(m.shape[-1], dtype=jnp.float32), lower.shape)
        l_inv = jsl.solve_triangular(lower, eye, lower=True)
        if l_inv.ndim == 2:      # MindSpore: MatMul(transpose_a=True)(L^-1, L^-1), so op policies apply
            return _wrap(_a(_MATMUL_TA(_wrap(l_inv), _wrap(l_inv))).astype(m.dtype))
        return _wrap(jnp.matmul(jnp.swapaxes(l_inv, -1, -2), l_inv).astype(m.dtype))


class MatDet(Cell):
    """Determinant of a symmetric positive-definite matrix (square of its Cholesky factor's)."""

    def construct(self, a):
        check_type_name('input_a', a.dtype, [mstype.float16, mstype.float32], self.cls_name)
        m = _a(a)
        lower = jnp.linalg.cholesky(m.astype(jnp.float32))
        det = jnp.prod(jnp.diagonal(lower, axis1=-2, axis2=-1), axis=-1)
        return _wrap(jnp.square(det).astype(m.dtype))
