"""Graph/functional helpers: stop_gradient, depend, partial, vmap, the ``ops.functional``
sequence/scalar/type helpers, user Primitive subclasses and constexpr."""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, F64, I32, I64, BOOL

F = lambda ms: ms.ops.functional  # noqa: E731


def _user_prim(ms, x):
    class Scale(ms.ops.PrimitiveWithInfer):
        @ms.ops.prim_attr_register
        def __init__(self, alpha=1.0, beta=2):
            self.init_prim_io_names(inputs=["x"], outputs=["y"])

        def infer_shape(self, s):
            return s

        def infer_dtype(self, d):
            return d

        def __call__(self, v):
            return v * self.alpha
    p = Scale(alpha=3.0)
    info = p.__infer__({"shape": (2, 3), "dtype": ms.float32, "value": None})
    return [p(x), sorted(p.attrs.items()), p.name, repr(p), p.beta, sorted(p.init_attrs.items()),
            info["shape"], info["dtype"], info["value"]]


def _user_prim_check(ms, x):
    class Check(ms.ops.PrimitiveWithCheck):
        @ms.ops.prim_attr_register
        def __init__(self):
            pass

        def __call__(self, v):
            return v + 1
    return Check()(x)


def _user_prim_noimpl(ms, x):
    class NoImpl(ms.ops.PrimitiveWithInfer):
        @ms.ops.prim_attr_register
        def __init__(self):
            pass
    return NoImpl()(x)


def _constexpr(ms):
    @ms.ops.constexpr
    def twice(a):
        return a * 2
    cls = ms.ops.constexpr(get_instance=False)(lambda a: a + 1)
    return [twice(3), twice.name, sorted(twice.attrs.items()), isinstance(twice, ms.ops.PrimitiveWithInfer),
            cls()(4), isinstance(cls, type)]


def _vmap_fn(a, b):
    return a * b


CASES = [
    # gradient barrier, ordering, partial application, vmap
    case("stop_gradient/tensor", lambda ms, x: ms.ops.stop_gradient(x), F32(2, 3)),
    case("stop_gradient/tuple_mixed", lambda ms, x: ms.ops.stop_gradient((x, 1, [x])), F16(3)),
    case("stop_gradient/int", lambda ms: ms.ops.stop_gradient(3)),
    case("StopGradient/prim", lambda ms, x: ms.ops.StopGradient()(x), I32(4)),
    case("depend/tensor", lambda ms, x, y: ms.ops.depend(x, y), F32(3), F32(2)),
    case("depend/tuple_value", lambda ms, x: ms.ops.depend((x, 1), x), F32(2)),
    case("Depend/int_value", lambda ms, x: ms.ops.Depend()(3, x), F32(2)),
    case("Depend/prim", lambda ms, x, y: ms.ops.Depend()(x, ms.ops.add(x, y)), F32(2, 2), F32(2, 2)),
    case("partial/add", lambda ms, x, y: ms.ops.partial(ms.ops.add, x)(y), F32(3), F32(3)),
    case("partial/keyword", lambda ms, x, y: ms.ops.partial(ms.ops.add, x)(other=y), F32(3), F32(3)),
    case("partial/nested", lambda ms, x: ms.ops.partial(ms.ops.partial(ms.ops.mul, x))(x), I32(3)),
    case("partial/prim_fn", lambda ms, x: ms.ops.partial(ms.ops.Mul(), x)(2), F32(3)),
    case("partial/not_callable", lambda ms, x: ms.ops.partial(3, x), F32(2), error=True),
    case("Partial/prim", lambda ms, x, y: ms.ops.Partial()(ms.ops.sub, x)(y), F32(3), F32(3)),
    case("vmap/in_axes_none", lambda ms, x, y: ms.ops.vmap(_vmap_fn, in_axes=(0, None))(x, y), F32(2, 3), F32(3)),
    case("vmap/out_axes", lambda ms, x, y: ms.ops.vmap(_vmap_fn, in_axes=(1, None), out_axes=1)(x, y),
         F32(3, 2), F32(1)),
    case("vmap/axis_size_mismatch", lambda ms, x, y: ms.ops.vmap(_vmap_fn, in_axes=(0, 0))(x, y),
         F32(2, 3), F32(3), error=True),
    # sequences, dicts, slices
    case("make_tuple/ints", lambda ms: F(ms).make_tuple(1, 2)),
    case("make_list/ints", lambda ms: F(ms).make_list(1, 2)),
    case("tuple_getitem/int", lambda ms: F(ms).tuple_getitem((1, 2, 3), 1)),
    case("tuple_getitem/negative", lambda ms: F(ms).tuple_getitem((1, 2, 3), -1)),
    case("tuple_getitem/out_of_range", lambda ms: F(ms).tuple_getitem((1, 2), 5), error=True),
    case("list_getitem/negative", lambda ms: F(ms).list_getitem([1, 2, 3], -1)),
    case("tuple_setitem/negative", lambda ms: F(ms).tuple_setitem((1, 2, 3), -1, 9)),
    case("list_setitem/int", lambda ms: F(ms).list_setitem([1, 2], 1, 9)),
    case("tuple_len/tuple", lambda ms: F(ms).tuple_len((1, 2, 3))),
    case("list_len/list", lambda ms: F(ms).list_len([1, 2])),
    case("tuple_reversed/tuple", lambda ms: F(ms).tuple_reversed((4, 6))),
    case("tuple_reversed/list", lambda ms: F(ms).tuple_reversed([4, 6]), error=True),
    case("tuple_equal/values", lambda ms: [F(ms).tuple_equal((4, 6), (4, 6)), F(ms).tuple_equal((4, 6), (4,))]),
    case("list_equal/values", lambda ms: F(ms).list_equal([1], [1])),
    case("tuple_div/shapes", lambda ms: F(ms).tuple_div((4, 6), (2, 3))),
    case("tuple_div/not_divisible", lambda ms: F(ms).tuple_div((4, 6), (3, 3)), error=True),
    case("dict_getitem/key", lambda ms: F(ms).dict_getitem({"a": 1}, "a")),
    case("in_dict/key", lambda ms: [F(ms).in_dict("a", {"a": 1}), F(ms).not_in_dict("a", {"a": 1})]),
    case("make_slice/values", lambda ms: str(F(ms).make_slice(None, 3, 1))),
    case("SliceGetItem/stop", lambda ms: F(ms).SliceGetItem(slice(1, 5, 2), "stop")),
    case("make_range/one_arg", lambda ms: F(ms).make_range(4)),
    case("make_range/two_args", lambda ms: F(ms).make_range(1, 4)),
    case("make_range/negative_step", lambda ms: F(ms).make_range(5, 0, -2)),
    case("make_range/zero_step", lambda ms: F(ms).make_range(0, 5, 0), error=True),
    case("make_range/float", lambda ms: F(ms).make_range(0.5), error=True),
    # scalars and bools
    case("scalar_add/int_float", lambda ms: F(ms).scalar_add(1, 2.5)),
    case("scalar_add/bool_int", lambda ms: F(ms).scalar_add(True, 1)),
    case("scalar_add/tensor", lambda ms, x: F(ms).scalar_add(x, 1), F32(3)),
    case("scalar_sub/int_float", lambda ms: F(ms).scalar_sub(1, 1.5)),
    case("scalar_mul/int_float", lambda ms: F(ms).scalar_mul(4, 2.5)),
    case("scalar_div/ints", lambda ms: [F(ms).scalar_div(3, 2), F(ms).scalar_div(4, 2)]),
    case("scalar_div/zero", lambda ms: F(ms).scalar_div(1, 0), error=True),
    case("scalar_floordiv/values", lambda ms: [F(ms).scalar_floordiv(7, 2), F(ms).scalar_floordiv(-7, 2),
                                               F(ms).scalar_floordiv(7.5, 2)]),
    case("scalar_floordiv/zero", lambda ms: F(ms).scalar_floordiv(1, 0), error=True),
    case("scalar_mod/values", lambda ms: [F(ms).scalar_mod(7, 3), F(ms).scalar_mod(-7, 2), F(ms).scalar_mod(7.5, 2)]),
    case("scalar_mod/zero", lambda ms: F(ms).scalar_mod(1, 0), error=True),
    case("scalar_pow/values", lambda ms: [F(ms).scalar_pow(2, 3), F(ms).scalar_pow(2, -1), F(ms).scalar_pow(2.0, -1)]),
    case("scalar_log/int", lambda ms: F(ms).scalar_log(8)),
    case("scalar_compare/values", lambda ms: [F(ms).scalar_lt(1, 2.5), F(ms).scalar_ge(1, 1), F(ms).scalar_gt(3, 2),
                                              F(ms).scalar_le(3, 2), F(ms).scalar_eq(2, 3)]),
    case("scalar_max/values", lambda ms: [F(ms).scalar_max(2, 3), F(ms).scalar_min(1, 2.5)]),
    case("scalar_usub/values", lambda ms: [F(ms).scalar_usub(2), F(ms).scalar_uadd(-3)]),
    case("scalar_cast/values", lambda ms: [F(ms).scalar_cast(2.7, ms.int64), F(ms).scalar_cast(0, ms.bool_),
                                           F(ms).scalar_cast(3, ms.float64)]),
    case("scalar_cast/float32_unsupported", lambda ms: F(ms).scalar_cast(3, ms.float32), error=True),
    case("ScalarCast/prim", lambda ms: ms.ops.ScalarCast()(2.5, ms.int64)),
    case("ScalarCast/tensor_input", lambda ms: ms.ops.ScalarCast()(ms.Tensor(3.5), ms.int64), error=True),
    case("bool_not/values", lambda ms: [F(ms).bool_not(True), F(ms).bool_not(False)]),
    case("is_/values", lambda ms: [F(ms).is_(None, None), F(ms).is_not(1, None)]),
    # types
    case("typeof/tensor", lambda ms, x: F(ms).typeof(x), F16(2)),
    case("typeof/int", lambda ms: F(ms).typeof(1)),
    case("typeof/float", lambda ms: F(ms).typeof(1.5)),
    case("typeof/tuple", lambda ms: str(F(ms).typeof((1, 2)))),
    case("typeof/tensor_eq", lambda ms, x: F(ms).typeof(x) == ms.TensorType(ms.float32), F32(2)),
    case("hastype/values", lambda ms, x: [F(ms).hastype(x, ms.float32), F(ms).hastype(x, ms.tensor_type),
                                          F(ms).hastype(1, ms.int64)], F32(2)),
    case("isconstant/values", lambda ms, x: [F(ms).isconstant(x), F(ms).isconstant(1)], F32(2)),
    case("is_tensor_bool_cond/tensor", lambda ms: F(ms).is_tensor_bool_cond(ms.Tensor(True))),
    case("is_tensor_bool_cond/bool", lambda ms: F(ms).is_tensor_bool_cond(True), error=True),
    case("is_sequence_value_unknown/tuple", lambda ms: [F(ms).is_sequence_value_unknown((1, 2)),
                                                        F(ms).is_sequence_shape_unknown((1, 2))]),
    case("DtypeToEnum/values", lambda ms: [ms.ops.DtypeToEnum()("x", "d", t) for t in
                                           (ms.bool_, ms.int8, ms.int32, ms.int64, ms.uint8, ms.float16,
                                            ms.float32, ms.float64, ms.bfloat16, ms.complex64)]),
    case("DtypeToEnum/bad", lambda ms: ms.ops.DtypeToEnum()("x", "d", 3), error=True),
    # control flow
    case("switch/python_bool", lambda ms: [F(ms).switch(True, 1, 2), F(ms).switch(False, 1, 2)]),
    # shape helpers
    case("reduced_shape/values", lambda ms: [F(ms).reduced_shape((2, 3, 4), (1,)), F(ms).reduced_shape((2, 3, 4), -1),
                                             F(ms).reduced_shape((2, 3, 4), (0, 2)), F(ms).reduced_shape((2, 3, 4), ())]),
    case("broadcast_gradient_args/values", lambda ms: [F(ms).broadcast_gradient_args((2, 3), (3,)),
                                                       F(ms).broadcast_gradient_args((2, 1, 3), (4, 3)),
                                                       F(ms).broadcast_gradient_args((1,), (2, 3)),
                                                       F(ms).broadcast_gradient_args((2, 3), (2, 3))]),
    case("broadcast_gradient_args/ones", lambda ms: F(ms).broadcast_gradient_args((1, 3), (1, 3))),
    case("broadcast_gradient_args/incompatible", lambda ms: F(ms).broadcast_gradient_args((2, 3), (4,)), error=True),
    # precision cast
    case("mixed_precision_cast/tensor", lambda ms, x: F(ms).mixed_precision_cast(ms.float16, x), F32(3)),
    case("mixed_precision_cast/int_unchanged", lambda ms, x: F(ms).mixed_precision_cast(ms.float16, x), I64(3)),
    case("mixed_precision_cast/f64", lambda ms, x: F(ms).mixed_precision_cast(ms.float32, x), F64(2)),
    case("mixed_precision_cast/nested", lambda ms, x: F(ms).mixed_precision_cast(ms.float16, (x, [x, 1], 1.5)), F32(2)),
    # user primitives, constexpr
    case("PrimitiveWithInfer/user_subclass", _user_prim, F32(2, 3)),
    case("PrimitiveWithCheck/user_subclass", _user_prim_check, F32(3)),
    case("PrimitiveWithInfer/no_implementation", _user_prim_noimpl, F32(3), error=True),
    case("Primitive/base_attrs", lambda ms: [repr(ms.ops.Primitive("Foo").add_prim_attr("a", 1)),
                                             ms.ops.Add().set_prim_instance_name("x").instance_name]),
    case("constexpr/instance_and_class", _constexpr),
]
