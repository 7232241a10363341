"""Tensor methods not covered by the op tables: dtype casts, in-place methods, creation from a
Tensor, shape helpers, and the memory/bookkeeping API (data_ptr, storage_offset, move_to, ...).

MindSpore 2.10's CPU build runs ``add_ sub_ mul_ div_ floor_divide_ remainder_ exp_`` through
out-of-place kernels: the result is right but ``self`` is left unchanged, so those cases compare
the returned value only (mscompat follows the documented in-place semantics; mutation and
identity are checked in tests/test_tensor_inplace_methods.py). In-place methods whose CPU
kernel is missing (``log_ ... zero_``, see cpu_untestable.tsv) compare against ``ms_ref``,
the documented math: ``self`` takes the op's result and is returned.
"""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, F64, I32

X = np.array([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]], np.float32)
XI = np.array([[1, -2, 3], [5, 4, -1]], np.int32)
UNIT = np.array([0.2, -0.5, 0.9], np.float32)
GE1 = np.array([1.5, 2.0, 3.0], np.float32)
MASK = np.array([True, False, True])
QR_A = np.array([[-114.6, 10.9, 1.1], [-0.3, -203.1, -0.8], [1.6, 0.2, -116.4]], np.float32)
TAU = np.array([1.1, 1.3, 0.0], np.float32)
C33 = np.array([[1.0, 2.0, 0.5], [0.0, 1.0, -1.0], [3.0, 0.0, 2.0]], np.float32)


def _ip(method, *args, **kwargs):
    """``x.method(*args)`` for a method MindSpore's CPU build runs out of place: the result."""
    return lambda ms, x: getattr(x, method)(*args, **kwargs)


def _ip_ref(call, ref):
    """An in-place method ``call(x)`` whose CPU kernel MindSpore lacks: mscompat returns (result, self,
    result is self); MindSpore runs the documented math ``ref`` (self becomes ref(self), and is returned)."""
    def fn(ms, x):
        r = call(x)
        return r, x, r is x

    def ms_ref(ms, x):
        r = ref(ms, x)
        return r, r, True
    return dict(fn=fn, ms_ref=ms_ref)


def _case_ref(name, spec, *inputs, **kw):
    return case(name, spec["fn"], *inputs, ms_ref=spec["ms_ref"], **kw)


def _fmin_ref(ms, x, y):
    """fmin: the smaller element, NaN only where both are NaN."""
    m = ms.ops.minimum(x, y)
    return ms.ops.where(ms.ops.isnan(x), y, ms.ops.where(ms.ops.isnan(y), x, m))


def _after(fn):
    """(fn(x), x): a method's result and the Tensor afterwards."""
    return lambda ms, x, *a: (fn(ms, x, *a), x)


CASES = [
    # ---- inverse trigonometric/hyperbolic aliases
    case("arccosh/method_f32", lambda ms, x: x.arccosh(), GE1),
    case("arccosh/method_f16", lambda ms, x: x.arccosh(), GE1.astype(np.float16)),
    case("arccosh/method_int_bad", lambda ms: ms.Tensor(np.array([1, 2], np.int32)).arccosh(), error=True),
    case("arcsinh/method_f32", lambda ms, x: x.arcsinh(), UNIT),
    case("arcsinh/method_f16", lambda ms, x: x.arcsinh(), UNIT.astype(np.float16)),
    case("arcsinh/method_int_bad", lambda ms: ms.Tensor(np.array([1, 2], np.int32)).arcsinh(), error=True),
    case("arctan/method_f32", lambda ms, x: x.arctan(), X),
    case("arctan/method_f64", lambda ms, x: x.arctan(), F64(4)),
    case("arctan/method_int_bad", lambda ms: ms.Tensor(np.array([1, 2], np.int32)).arctan(), error=True),
    case("arctanh/method_f32", lambda ms, x: x.arctanh(), UNIT),
    case("arctanh/method_f16", lambda ms, x: x.arctanh(), UNIT.astype(np.float16)),
    case("arctanh/method_int_bad", lambda ms: ms.Tensor(np.array([0, 1], np.int32)).arctanh(), error=True),

    # ---- dtype casts
    case("bool/method_f32", lambda ms, x: x.bool(), np.array([1.5, 0.0, -2.0], np.float32)),
    case("bool/method_int", lambda ms, x: x.bool(), np.array([0, 3, -1], np.int32)),
    case("byte/method_f32", lambda ms, x: x.byte(), np.array([1.7, 0.0, 200.2], np.float32)),
    case("byte/method_int", lambda ms, x: x.byte(), np.array([3, 0, 250], np.int32)),
    case("double/method", lambda ms, x: x.double(), X),
    case("double/method_from_int", lambda ms, x: x.double(), XI),
    case("float/method_int", lambda ms, x: x.float(), XI),
    case("float/method_f16", lambda ms, x: x.float(), F16(3)),
    case("float/method_memory_format_bad", lambda ms, x: x.float(memory_format=None), XI, error=True),
    case("half/method", lambda ms, x: x.half(), X),
    case("half/method_from_int", lambda ms, x: x.half(), XI),
    case("int/method_f32", lambda ms, x: x.int(), np.array([2.9, -3.9, 0.5], np.float32)),
    case("int/method_from_bool", lambda ms, x: x.int(), MASK),
    case("int/method_arg_bad", lambda ms, x: x.int(1), X, error=True),
    case("long/method", lambda ms, x: x.long(), X),
    case("long/method_from_bool", lambda ms, x: x.long(), MASK),
    case("short/method", lambda ms, x: x.short(), X),
    case("short/method_from_int", lambda ms, x: x.short(), XI),
    case("type/method_str_f32", lambda ms, x: x.type(), X),
    case("type/method_str_i32", lambda ms, x: x.type(), XI),
    case("type/method_to_int32", lambda ms, x: x.type(ms.int32), X),
    case("type/method_to_f16_kw", lambda ms, x: x.type(dtype=ms.float16), XI),
    case("type/method_str_name", lambda ms, x: x.type("int"), X),
    case("type_as/method_to_int", lambda ms, x, y: x.type_as(y), X, XI),
    case("type_as/method_to_float", lambda ms, x, y: x.type_as(y), XI, F16(2)),
    case("type_as/method_same", lambda ms, x, y: x.type_as(y), X, F32(3)),

    # ---- binary-op methods
    case("divide/method_scalar", lambda ms, x: x.divide(2), X),
    case("divide/method_int_int", lambda ms, x: x.divide(2), XI),
    case("divide/method_tensor", lambda ms, x, y: x.divide(y), X, np.array([2.0, 4.0, -1.0], np.float32)),
    # rounding modes with a Tensor divisor: MindSpore 2.10 CPU's scalar path (DivMods) fails at random
    # depending on earlier kernels ('KernelMod Init Failed: FloorDiv', 'FloorDiv should have 1 outputs')
    case("divide/method_floor", lambda ms, x, y: x.divide(y, rounding_mode="floor"), X,
         np.array([0.7, 0.7, 2.0], np.float32)),
    case("divide/method_trunc", lambda ms, x, y: x.divide(y, rounding_mode="trunc"), X,
         np.array([0.7, 0.7, 2.0], np.float32)),
    case("divide/method_int_floor", lambda ms, x, y: x.divide(y, rounding_mode="floor"), XI,
         np.array([2, -3, 2], np.int32)),
    case("multiply/method_tensor", lambda ms, x, y: x.multiply(y), X, XI),
    case("multiply/method_int_float", lambda ms, x: x.multiply(2.5), XI),
    case("multiply/method_int_int", lambda ms, x: x.multiply(3), XI),
    case("multiply/method_bad", lambda ms, x: x.multiply("a"), X, error=True),
    case("subtract/method_scalar", lambda ms, x: x.subtract(1), X),
    case("subtract/method_alpha", lambda ms, x, y: x.subtract(y, alpha=2), X, XI),
    case("subtract/method_int_float", lambda ms, x: x.subtract(2.5), XI),
    case("subtract/method_bad", lambda ms, x: x.subtract("a"), X, error=True),
    case("floor/method_f32", lambda ms, x: x.floor(), X),
    case("floor/method_f16", lambda ms, x: x.floor(), F16(5)),
    case("floor/method_int_bad", lambda ms, x: x.floor(), XI, error=True),
    case("floor_divide/method_tensor", lambda ms, x, y: x.floor_divide(y), X, np.array([0.7, 0.7, 2.0], np.float32)),
    case("floor_divide/method_int", lambda ms, x, y: x.floor_divide(y), XI, np.array([2, -3, 2], np.int32)),
    # FloorDivScalar has no CPU kernel in MindSpore 2.10: the documented math, floor(x / y)
    case("floor_divide/method_scalar", lambda ms, x: x.floor_divide(0.7), X,
         ms_ref=lambda ms, x: ms.ops.floor(ms.ops.div(x, ms.Tensor(np.float32(0.7))))),
    case("fmin/method", lambda ms, x, y: x.fmin(y), X, np.array([0.0, np.nan, 5.0], np.float32), ms_ref=_fmin_ref),
    case("fmin/method_both_nan", lambda ms, x, y: x.fmin(y), np.array([np.nan, 1.0, np.nan], np.float32),
         np.array([np.nan, np.nan, -1.0], np.float32), ms_ref=_fmin_ref),
    case("igamma/method", lambda ms, a, x: a.igamma(x), GE1, np.abs(UNIT), rtol=1e-4, atol=1e-5),
    case("igamma/method_int_bad", lambda ms, a: a.igamma(a), np.array([1, 2], np.int32), error=True),
    case("igamma/method_mixed_bad", lambda ms, a, x: a.igamma(x), GE1, np.array([1.0, 2.0, 3.0]), error=True),
    case("igammac/method", lambda ms, a, x: a.igammac(x), GE1, np.abs(UNIT), rtol=1e-4, atol=1e-5),
    case("igammac/method_f64", lambda ms, a, x: a.igammac(x), GE1.astype(np.float64), np.abs(UNIT).astype(np.float64),
         rtol=1e-8, atol=1e-12),
    case("cross/method", lambda ms, x, y: x.cross(y), X, np.array([[1.0, 2, 3], [4, 5, 6]], np.float32)),
    case("cross/method_dim_kw", lambda ms, x, y: x.cross(y, dim=1), X, np.array([[1.0, 2, 3], [4, 5, 6]], np.float32)),
    case("cross/method_int", lambda ms, x, y: x.cross(y), XI, np.array([[1, 0, 2], [0, 1, 1]], np.int32)),
    case("cross/method_shape_bad", lambda ms, x, y: x.cross(y), X, F32(2, 2), error=True),
    case("cov/method", lambda ms, x: x.cov(), X),
    case("cov/method_correction", lambda ms, x: x.cov(correction=0), X),
    case("cov/method_fweights", lambda ms, x, w: x.cov(fweights=w), X, np.array([1, 2, 1], np.int32)),
    case("cov/method_aweights", lambda ms, x, w: x.cov(aweights=w), X, np.array([1.0, 2.0, 1.0], np.float32)),
    case("cov/method_int", lambda ms, x: x.cov(), XI),
    case("cov/method_vector", lambda ms, x: x.cov(), np.array([1.0, 2.0, 4.0], np.float32)),
    case("cov/method_ndim_bad", lambda ms, x: x.cov(), F32(2, 2, 2), error=True),
    case("diff/method", lambda ms, x: x.diff(), X),
    case("diff/method_axis0", lambda ms, x: x.diff(1, 0), X),
    case("diff/method_prepend", lambda ms, x, p: x.diff(prepend=p), X, np.zeros((2, 1), np.float32)),
    case("diff/method_append_kw", lambda ms, x, p: x.diff(axis=0, append=p), X, np.ones((1, 3), np.float32)),
    case("diff/method_int", lambda ms, x: x.diff(), XI),
    case("diff/method_bool", lambda ms, x: x.diff(), np.array([True, False, False])),
    case("diff/method_n_bad", lambda ms, x: x.diff(n=2, axis=1), X, error=True),
    case("diff/method_axis_bad", lambda ms, x: x.diff(axis=5), X, error=True),
    case("diff/method_negative_axis_bad", lambda ms, x: x.diff(axis=-3), X, error=True),
    case("diff/method_scalar_bad", lambda ms: ms.Tensor(1.0).diff(), error=True),
    case("ormqr/method", lambda ms, a, t, c: a.ormqr(t, c), QR_A, TAU, C33, rtol=1e-4, atol=1e-4,
         ms_ref=lambda ms, a, t, c: ms.ops.matmul(ms.ops.orgqr(a, t), c)),
    case("ormqr/method_transpose", lambda ms, a, t, c: a.ormqr(t, c, transpose=True), QR_A, TAU, C33, rtol=1e-4,
         atol=1e-4, ms_ref=lambda ms, a, t, c: ms.ops.matmul(ms.ops.orgqr(a, t).T, c)),
    case("ormqr/method_right", lambda ms, a, t, c: a.ormqr(t, c, left=False), QR_A, TAU, C33, rtol=1e-4, atol=1e-4,
         ms_ref=lambda ms, a, t, c: ms.ops.matmul(c, ms.ops.orgqr(a, t))),
    case("take/method", lambda ms, x, i: x.take(i), X, np.array([0, 4], np.int64)),
    case("take/method_2d_index", lambda ms, x, i: x.take(i), X, np.array([[5, 0], [1, 1]], np.int64)),
    case("take/method_negative", lambda ms, x, i: x.take(i), XI, np.array([-1, -6], np.int64)),
    # Roll has no CPU kernel in MindSpore 2.10: the documented math, concatenated slices
    case("roll/method", lambda ms, x: x.roll(1), X,
         ms_ref=lambda ms, x: ms.ops.concat((x.reshape(-1)[-1:], x.reshape(-1)[:-1])).reshape(x.shape)),
    case("roll/method_dims", lambda ms, x: x.roll(-1, 1), X,
         ms_ref=lambda ms, x: ms.ops.concat((x[:, 1:], x[:, :1]), 1)),
    case("roll/method_multi", lambda ms, x: x.roll((1, 2), (0, 1)), XI,
         ms_ref=lambda ms, x: ms.ops.concat((x[::-1][:, 1:], x[::-1][:, :1]), 1)),

    # ---- in-place methods that MindSpore's CPU build runs out of place: the result
    case("add_/method_scalar", _ip("add_", 2.0), X),
    case("add_/method_alpha", lambda ms, x, y: x.add_(y, alpha=2), X, F32(2, 3)),
    case("add_/method_broadcast", lambda ms, x, y: x.add_(y), X, F32(3)),
    case("add_/method_int", lambda ms, x: x.add_(3), XI),
    case("add_/method_str_bad", _ip("add_", "a"), X, error=True),
    case("add_/method_shape_bad", lambda ms, x, y: x.add_(y), X, F32(4), error=True),
    case("sub_/method_scalar", _ip("sub_", 1), X),
    case("sub_/method_alpha", lambda ms, x, y: x.sub_(y, alpha=0.5), X, F32(2, 3)),
    case("sub_/method_int", lambda ms, x, y: x.sub_(y), XI, I32(3)),
    case("sub_/method_bool_bad", lambda ms, x, y: x.sub_(y), MASK, MASK, error=True),
    case("mul_/method_scalar", _ip("mul_", 3), X),
    case("mul_/method_tensor", lambda ms, x, y: x.mul_(y), X, np.array([1.0, 2.0, 3.0], np.float32)),
    case("mul_/method_str_bad", _ip("mul_", "a"), X, error=True),
    case("div_/method_scalar", _ip("div_", 2.0), X),
    case("div_/method_tensor", lambda ms, x, y: x.div_(y), X, np.array([2.0, 4.0, -1.0], np.float32)),
    case("div_/method_floor", lambda ms, x, y: x.div_(y, rounding_mode="floor"), X, np.array([0.7, -0.7, 2.0], np.float32)),
    case("div_/method_trunc", lambda ms, x, y: x.div_(y, rounding_mode="trunc"), X, np.array([0.7, -0.7, 2.0], np.float32)),
    case("div_/method_rounding_bad", _ip("div_", 0.7, rounding_mode="x"), X, error=True),
    case("div_/method_str_bad", _ip("div_", "a"), X, error=True),
    case("floor_divide_/method_scalar", _ip("floor_divide_", 2.0), X),
    case("floor_divide_/method_tensor", lambda ms, x, y: x.floor_divide_(y), X, np.array([0.7, 0.7, 2.0], np.float32)),
    case("floor_divide_/method_int", lambda ms, x, y: x.floor_divide_(y), XI, np.array([2, -3, 2], np.int32)),
    case("remainder_/method_scalar", _ip("remainder_", 0.7), X),
    case("remainder_/method_int", _ip("remainder_", 3), XI),
    case("remainder_/method_tensor", lambda ms, x, y: x.remainder_(y), X, np.array([0.7, 0.7, 2.0], np.float32)),
    case("remainder_/method_str_bad", _ip("remainder_", "a"), X, error=True),
    case("exp_/method_f32", lambda ms, x: x.exp_(), X),
    case("exp_/method_f16", lambda ms, x: x.exp_(), F16(4)),
    case("exp_/method_arg_bad", _ip("exp_", 1), X, error=True),

    # ---- in-place methods whose CPU kernel MindSpore lacks: the documented math
    _case_ref("log_/method_f32", _ip_ref(lambda x: x.log_(), lambda ms, x: ms.ops.log(x)), GE1),
    _case_ref("sigmoid_/method_f32", _ip_ref(lambda x: x.sigmoid_(), lambda ms, x: ms.ops.sigmoid(x)), X),
    # MindSpore's CPU tanh is an approximation (tanh(4) = 0.999344, exact 0.999329): rtol 1e-4
    _case_ref("tanh_/method_f32", _ip_ref(lambda x: x.tanh_(), lambda ms, x: ms.ops.tanh(x)), X, rtol=1e-4),
    _case_ref("floor_/method_f32", _ip_ref(lambda x: x.floor_(), lambda ms, x: ms.ops.floor(x)), X),
    _case_ref("erfinv_/method_f32", _ip_ref(lambda x: x.erfinv_(), lambda ms, x: ms.ops.erfinv(x)), UNIT,
              rtol=1e-5, atol=1e-5),
    _case_ref("sign_/method_f32", _ip_ref(lambda x: x.sign_(), lambda ms, x: ms.ops.sign(x)),
              np.array([1.5, 0.0, -2.0], np.float32)),
    _case_ref("sign_/method_int", _ip_ref(lambda x: x.sign_(), lambda ms, x: ms.ops.sign(x)), XI),
    _case_ref("clamp_/method_both", _ip_ref(lambda x: x.clamp_(-1.0, 2.0), lambda ms, x: ms.ops.clamp(x, -1.0, 2.0)),
              X),
    _case_ref("clamp_/method_min_kw", _ip_ref(lambda x: x.clamp_(min=0.0), lambda ms, x: ms.ops.clamp(x, min=0.0)),
              X),
    _case_ref("clamp_/method_max_kw_int", _ip_ref(lambda x: x.clamp_(max=2), lambda ms, x: ms.ops.clamp(x, max=2)),
              XI),
    case("clamp_/method_none_bad", _ip("clamp_"), X, error=True),
    _case_ref("fill_/method_scalar", _ip_ref(lambda x: x.fill_(7), lambda ms, x: ms.ops.fill(x.dtype, x.shape, 7)),
              X),
    _case_ref("fill_/method_int_float", _ip_ref(lambda x: x.fill_(2.5),
                                                lambda ms, x: ms.ops.fill(x.dtype, x.shape, 2)), XI),
    _case_ref("zero_/method_f32", _ip_ref(lambda x: x.zero_(), lambda ms, x: ms.ops.zeros_like(x)), X),
    _case_ref("zero_/method_int", _ip_ref(lambda x: x.zero_(), lambda ms, x: ms.ops.zeros_like(x)), XI),
    case("masked_fill_/method_scalar", lambda ms, x, m: (lambda r: (r, x, r is x))(x.masked_fill_(m, 9.0)), X, MASK,
         ms_ref=lambda ms, x, m: (lambda r: (r, r, True))(ms.ops.masked_fill(x, m, ms.Tensor(9.0, ms.float32)))),
    case("masked_fill_/method_value_bad", lambda ms, x, m: x.masked_fill_(m, "a"), X, MASK, error=True),

    # ---- in-place methods that do write self in MindSpore's CPU build
    case("copy_/method_same", lambda ms, x, s: (x.copy_(s), x), X, F32(2, 3)),
    case("copy_/method_cast_and_broadcast", lambda ms, x, s: (x.copy_(s), x), X, np.array([1, 2, 3], np.int32)),
    case("copy_/method_f_to_int", lambda ms, x, s: (x.copy_(s), x), XI, X),
    case("copy_/method_non_blocking", lambda ms, x, s: (x.copy_(s, non_blocking=True), x), X, F64(2, 3)),
    case("copy_/method_shape_bad", lambda ms, x, s: x.copy_(s), X, F32(4), error=True),
    case("copy_/method_scalar_bad", lambda ms, x: x.copy_(1.0), X, error=True),
    case("copy_/method_numpy_bad", lambda ms, x: x.copy_(np.ones((2, 3), np.float32)), X, error=True),
    case("set_/method_same_shape", lambda ms, x, s: (x.set_(s), x), X, F32(2, 3)),
    case("set_/method_new_shape", lambda ms, x, s: (x.set_(s), x), X, F32(4)),
    case("set_/method_dtype_bad", lambda ms, x, s: x.set_(s), X, I32(2), error=True),
    case("set_/method_scalar_bad", lambda ms, x: x.set_(1.0), X, error=True),
    case("set_/method_source_kw", lambda ms, x, s: (x.set_(source=s), x), X, F32(3)),
    case("set_/method_empty", lambda ms, x: (x.set_(), x), X),
    case("requires_grad_/method_returns_none", lambda ms, x: x.requires_grad_() is None, X),
    case("requires_grad_/method_parameter", lambda ms, x: (lambda p: (p.requires_grad_(), p.requires_grad))(
        ms.Parameter(x, name="w", requires_grad=False)), X),
    case("requires_grad_/method_parameter_false", lambda ms, x: (lambda p: (p.requires_grad_(False), p.requires_grad))(
        ms.Parameter(x, name="w")), X),

    # ---- itemset returns a new Tensor; self is unchanged
    case("itemset/method_flat_index", lambda ms, x: (x.itemset(1, 9.0), x), X),
    case("itemset/method_tuple_index", lambda ms, x: (x.itemset((1, 2), 9), x), X),
    case("itemset/method_int_tensor", lambda ms, x: (x.itemset(0, 2.7), x), XI),
    case("itemset/method_size1", lambda ms, x: (x.itemset(9), x), np.array([1.0], np.float32)),
    case("itemset/method_one_arg_bad", lambda ms, x: x.itemset(9.0), X, error=True),
    case("itemset/method_no_arg_bad", lambda ms, x: x.itemset(), X, error=True),
    case("itemset/method_negative", lambda ms, x: x.itemset(-1, 7), X),
    case("itemset/method_tuple_negative", lambda ms, x: x.itemset((-1, 0), 7), X),
    case("itemset/method_bool_tensor", lambda ms, x: x.itemset(0, 0), np.array([True, False])),
    case("itemset/method_tensor_value", lambda ms, x: x.itemset(1, ms.Tensor(2.0)), X),
    case("itemset/method_three_args_bad", lambda ms, x: x.itemset(1, 2, 3), X, error=True),
    case("itemset/method_tuple_len_bad", lambda ms, x: x.itemset((1,), 3), X, error=True),
    case("itemset/method_float_index_bad", lambda ms, x: x.itemset(1.5, 3), X, error=True),
    case("itemset/method_out_of_bounds_bad", lambda ms, x: x.itemset(10, 3), X, error=True),
    case("itemset/method_str_value_bad", lambda ms, x: x.itemset(1, "a"), X, error=True),
    case("itemset/method_size1_tensor_bad", lambda ms, x: x.itemset(ms.Tensor(2.0)), np.array([1.0], np.float32),
         error=True),

    # ---- creation from a Tensor
    case("new_zeros/method", lambda ms, x: x.new_zeros((1, 2)), X),
    case("new_zeros/method_dtype", lambda ms, x: x.new_zeros((2,), dtype=ms.int8), X),
    case("new_zeros/method_varargs_bad", lambda ms, x: x.new_zeros(1, 2), X, error=True),
    case("new_zeros/method_size_bad", lambda ms, x: x.new_zeros("a"), X, error=True),
    case("new_zeros/method_dtype_bad", lambda ms, x: x.new_zeros((2,), dtype="int"), X, error=True),
    case("new_ones/method", lambda ms, x: x.new_ones((2, 3)), XI),
    case("new_ones/method_int_size", lambda ms, x: x.new_ones(3), XI),
    case("new_ones/method_list_size", lambda ms, x: x.new_ones([2]), X),
    case("new_ones/method_dtype", lambda ms, x: x.new_ones((2,), dtype=ms.float16), XI),
    case("new_ones/method_float_size_bad", lambda ms, x: x.new_ones((2.5,)), X, error=True),
    case("new_ones/method_negative_bad", lambda ms, x: x.new_ones((-1,)), X, error=True),
    case("new_empty/method_shape_dtype", lambda ms, x: (lambda r: (r.shape, r.dtype))(x.new_empty((2, 3))), X),
    case("new_empty/method_dtype", lambda ms, x: (lambda r: (r.shape, r.dtype))(x.new_empty((2,), dtype=ms.int32)), X),
    case("new_empty/method_size_bad", lambda ms, x: x.new_empty("a"), X, error=True),
    case("new_empty/method_negative_bad", lambda ms, x: x.new_empty((-1,)), X, error=True),
    case("new_empty/method_int_size", lambda ms, x: x.new_empty(3).shape, X),
    case("new_zeros/method_tensor_size_bad", lambda ms, x: x.new_zeros(ms.Tensor(np.array([2, 3]))), X, error=True),
    case("new_zeros/method_nested_bad", lambda ms, x: x.new_zeros(((2,),)), X, error=True),
    case("new_zeros/method_bool_size_bad", lambda ms, x: x.new_zeros((True,)), X, error=True),
    case("new_zeros/method_dtype_none", lambda ms, x: x.new_zeros((2,), dtype=None), XI),
    case("new_zeros/method_scalar", lambda ms, x: x.new_zeros(()), X),
    case("new_ones/method_numpy_int_size", lambda ms, x: x.new_ones((np.int64(2),)), X),
    # new_full is Ascend-only in MindSpore 2.10: the documented math, ops.full with self's dtype
    case("new_full/method", lambda ms, x: x.new_full((2, 2), 3), X,
         ms_ref=lambda ms, x: ms.ops.full((2, 2), 3, dtype=x.dtype)),
    case("new_full/method_dtype", lambda ms, x: x.new_full((2,), 3.7, dtype=ms.int32), X,
         ms_ref=lambda ms, x: ms.ops.full((2,), 3, dtype=ms.int32)),
    case("new_full/method_int_self", lambda ms, x: x.new_full((2,), 3.7), XI,
         ms_ref=lambda ms, x: ms.ops.full((2,), 3, dtype=x.dtype)),

    # ---- shape helpers
    case("view/method_shape", lambda ms, x: x.view(3, 2), X),
    case("view/method_tuple", lambda ms, x: x.view((6,)), X),
    case("view/method_infer", lambda ms, x: x.view(-1, 2), X),
    case("view/method_dtype_same_size", lambda ms, x: x.view(ms.int32), X),
    case("view/method_dtype_smaller", lambda ms, x: x.view(ms.float16), X),
    case("view/method_size_bad", lambda ms, x: x.view(4, 2), X, error=True),
    case("view/method_none_bad", lambda ms, x: x.view(), X, error=True),
    case("view/method_list", lambda ms, x: x.view([3, 2]), X),
    case("view/method_dtype_kw", lambda ms, x: x.view(dtype=ms.int32), X),
    case("view/method_to_uint8", lambda ms, x: x.view(ms.uint8), X),
    case("view/method_to_bool", lambda ms, x: x.view(ms.bool_), X),
    case("view/method_f16_to_f32", lambda ms, x: x.view(ms.float32), F16(2, 4)),
    case("view/method_i32_to_f32", lambda ms, x: x.view(ms.float32), XI),
    case("view/method_not_divisible_bad", lambda ms, x: x.view(ms.float64), X, error=True),
    case("view/method_scalar_bad", lambda ms: ms.Tensor(np.float32(1.0)).view(ms.float16), error=True),
    case("reshape_as/method", lambda ms, x, o: x.reshape_as(o), X, F32(3, 2)),
    case("reshape_as/method_int", lambda ms, x, o: x.reshape_as(o), XI, F32(6)),
    case("reshape_as/method_size_bad", lambda ms, x, o: x.reshape_as(o), X, F32(4, 2), error=True),
    case("reshape_as/method_not_tensor_bad", lambda ms, x: x.reshape_as((3, 2)), X, error=True),
    case("resize/method_grow", lambda ms, x: x.resize(3, 3), X),
    case("resize/method_shrink_tuple", lambda ms, x: x.resize((2, 2)), X),
    case("resize/method_int", lambda ms, x: x.resize(4), XI),
    case("resize/method_none", lambda ms, x: x.resize(), X),
    case("resize/method_list_bad", lambda ms, x: x.resize([1, 7]), X, error=True),
    case("resize/method_str_bad", lambda ms, x: x.resize("a"), X, error=True),
    case("resize/method_negative", lambda ms, x: x.resize(-1), X),
    # 'repeat' is not supported on MindSpore 2.10's CPU: the documented math, ops.tile
    case("repeat/method", lambda ms, x: x.repeat(2, 1), X, ms_ref=lambda ms, x: ms.ops.tile(x, (2, 1))),
    case("repeat/method_tuple", lambda ms, x: x.repeat((1, 2)), XI, ms_ref=lambda ms, x: ms.ops.tile(x, (1, 2))),
    case("repeat/method_more_dims", lambda ms, x: x.repeat(2, 1, 2), X, ms_ref=lambda ms, x: ms.ops.tile(x, (2, 1, 2))),
    # Tensor.index is Ascend-only in MindSpore 2.10: the documented math, advanced indexing
    case("index/method_one", lambda ms, x, i: x.index((i,)), X, np.array([1, 0], np.int64),
         ms_ref=lambda ms, x, i: x[i]),
    case("index/method_two", lambda ms, x, i, j: x.index((i, j)), X, np.array([1, 0], np.int64),
         np.array([2, 2], np.int64), ms_ref=lambda ms, x, i, j: x[i, j]),
    case("index/method_int_bad", lambda ms, x: x.index(1), X, error=True),

    # ---- memory and bookkeeping API
    case("data_ptr/method_int_and_stable", lambda ms, x: (type(x.data_ptr()).__name__, x.data_ptr() == x.data_ptr()), X),
    case("storage_offset/method_base", lambda ms, x: x.storage_offset(), X),
    # pinned host memory needs an Ascend device context in MindSpore: the documented result, the same data
    case("pin_memory/method", lambda ms, x: x.pin_memory(), X, ms_ref=lambda ms, x: x),
    case("is_init/method", lambda ms, x: x.is_init(), X),
    case("is_pinned/method", lambda ms, x: x.is_pinned(), X),
    case("is_shared/method", lambda ms, x: x.is_shared(), X),
    case("set_const_arg/method_default", lambda ms, x: (x.set_const_arg() is x, x.const_arg), X),
    case("set_const_arg/method_false", lambda ms, x: (x.set_const_arg(False) is x, x.const_arg), X),
    case("set_const_arg/method_bad", lambda ms, x: x.set_const_arg(1), X, error=True),
    case("move_to/method_cpu", lambda ms, x: x.move_to("CPU"), X),
    case("move_to/method_cpu_nonblocking", lambda ms, x: x.move_to("CPU", blocking=False), X),
    case("move_to/method_name_bad", lambda ms, x: x.move_to("XPU"), X, error=True),
    case("move_to/method_other_device_bad", lambda ms, x: x.move_to("Ascend"), X, error=True),
    case("move_to/method_blocking_bad", lambda ms, x: x.move_to("CPU", blocking=1), X, error=True),
    case("to_/method_device_bad", lambda ms, x: x.to_(), X, error=True),
    case("to_/method_non_blocking_bad", lambda ms, x: x.to_("CPU", non_blocking=1), X, error=True),
    case("delete_/method_non_blocking_bad", lambda ms, x: x.delete_(1), X, error=True),
    case("register_hook/method_handle", lambda ms, x: (lambda h: (hasattr(h, "remove"), callable(h.remove)))(
        x.register_hook(lambda g: g * 2)), X),
    case("register_hook/method_not_callable_bad", lambda ms, x: x.register_hook(1), X, error=True),
]
