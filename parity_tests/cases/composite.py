"""Composite ops: MultitypeFuncGraph dispatch, HyperMap, Map, augassign_*, hyper_add, add_flags."""
import numpy as np

from parity_tests.harness import case, Raw, F32, I32, F16


def _mtfg(ms):
    m = ms.ops.MultitypeFuncGraph("m")
    m.register("Tensor")(lambda a: "tensor")
    m.register("Number")(lambda a: "number")
    m.register("Int")(lambda a: "int")
    m.register("Tuple")(lambda a: "tuple")
    m.register("List")(lambda a: "list")
    m.register("String")(lambda a: "string")
    m.register("None")(lambda a: "none")
    return m


def _add2(ms):
    m = ms.ops.MultitypeFuncGraph("add2")
    m.register("Number", "Number")(lambda a, b: a + b)
    m.register("Tensor", "Tensor")(lambda a, b: ms.ops.add(a, b))
    m.register("Tensor", "Number")(lambda a, b: ms.ops.mul(a, b))
    return m


def _square(ms):
    m = ms.ops.MultitypeFuncGraph("square")
    m.register("Tensor")(lambda a: ms.ops.mul(a, a))
    m.register("Number")(lambda a: a * a)
    return m


def _flags(ms):
    def f():
        return 1
    g = ms.ops.add_flags(f, a=True, b=False)
    h = ms.ops.add_flags(c=True)(f)
    return [g is f, sorted(g._func_graph_flags.items()) == [("a", True), ("b", False)], "c" in h._func_graph_flags]


CASES = [
    case("MultitypeFuncGraph/tensor", lambda ms, x: _mtfg(ms)(x), F32(3)),
    case("MultitypeFuncGraph/int_first_match_number", lambda ms: _mtfg(ms)(5)),
    case("MultitypeFuncGraph/float", lambda ms: _mtfg(ms)(2.5)),
    case("MultitypeFuncGraph/bool_is_number", lambda ms: _mtfg(ms)(True)),
    case("MultitypeFuncGraph/tuple", lambda ms: _mtfg(ms)((1, 2))),
    case("MultitypeFuncGraph/list", lambda ms: _mtfg(ms)([1])),
    case("MultitypeFuncGraph/string", lambda ms: _mtfg(ms)("s")),
    case("MultitypeFuncGraph/none", lambda ms: _mtfg(ms)(None)),
    case("MultitypeFuncGraph/parameter_is_tensor", lambda ms, x: _mtfg(ms)(ms.Parameter(x, name="p")), F32(2)),
    case("MultitypeFuncGraph/two_args_tensor_tensor", lambda ms, x, y: _add2(ms)(x, y), F32(2, 3), F32(3)),
    case("MultitypeFuncGraph/two_args_tensor_number", lambda ms, x: _add2(ms)(x, 3), F32(4)),
    case("MultitypeFuncGraph/two_args_numbers", lambda ms: _add2(ms)(2, 3.5)),
    case("MultitypeFuncGraph/mstype_register", lambda ms, x: (lambda m: (m.register(ms.tensor_type)(lambda a: "T"),
         m.register(ms.number)(lambda a: "N"), m(x), m(3))[2:])(ms.ops.MultitypeFuncGraph("t")), F32(2)),
    case("MultitypeFuncGraph/specific_int64", lambda ms: (lambda m: (m.register("Int32")(lambda a: "i32"),
         m.register("Int64")(lambda a: "i64"), m(7))[2])(ms.ops.MultitypeFuncGraph("t"))),
    case("MultitypeFuncGraph/single_entry_no_check", lambda ms: (lambda m: (m.register("Tensor")(lambda a: a * 2),
         m(21))[1])(ms.ops.MultitypeFuncGraph("t"))),
    case("MultitypeFuncGraph/no_match", lambda ms, x: _add2(ms)("a", "b"), error=True),
    case("MultitypeFuncGraph/wrong_arity", lambda ms, x: _add2(ms)(x), F32(2), error=True),
    case("MultitypeFuncGraph/ndarray_input", lambda ms: _mtfg(ms)(np.ones(2)), error=True),
    case("MultitypeFuncGraph/register_bad_type", lambda ms: ms.ops.MultitypeFuncGraph("t").register(3)(lambda a: a),
         error=True),
    case("MultitypeFuncGraph/register_unknown_name",
         lambda ms: ms.ops.MultitypeFuncGraph("t").register("Foo")(lambda a: a), error=True),
    case("HyperMap/ops_nested", lambda ms, x, y: ms.ops.HyperMap(_square(ms))(((x, 2), [y])), F32(3), F32(2, 2)),
    case("HyperMap/leading_fn", lambda ms, x, y: ms.ops.HyperMap()(_add2(ms), (x, 1), (y, 2)), F32(3), F32(3)),
    case("HyperMap/lambda_first_input", lambda ms: ms.ops.HyperMap()(lambda a, b: a * b, [1, 2], [3, 4])),
    case("HyperMap/nested_lists_to_tuples", lambda ms: ms.ops.HyperMap()(lambda a: a * 2, ((1, 2), [3, (4,)]))),
    case("HyperMap/shortest_length", lambda ms: ms.ops.HyperMap()(lambda a, b: a + b, (1, 2), (3,))),
    case("HyperMap/leaf_input", lambda ms, x: ms.ops.HyperMap(_square(ms))(x), I32(4)),
    case("HyperMap/C_alias", lambda ms, x: ms.ops.composite.HyperMap(_square(ms))((x,)), F16(3)),
    case("HyperMap/bad_ops", lambda ms: ms.ops.HyperMap(3), error=True),
    case("HyperMap/lambda_ops", lambda ms: ms.ops.HyperMap(lambda a: a), error=True),
    case("Map/ops", lambda ms, x: ms.ops.Map(_square(ms))((x, 3, 1.5)), F32(2)),
    case("Map/leading_fn", lambda ms: ms.ops.Map()(lambda a, b: a - b, (5, 6), [1, 2])),
    case("Map/one_level_only", lambda ms: ms.ops.Map()(lambda a: a, ((1, 2), [3]))),
    case("Map/bad_ops", lambda ms: ms.ops.Map(3), error=True),
    case("augassign_add/numbers", lambda ms: ms.ops.augassign_add(1, 2.5)),
    case("augassign_add/tensor_tensor", lambda ms, x, y: ms.ops.augassign_add(x, y), F32(2, 3), F32(3)),
    case("augassign_add/tuples", lambda ms: ms.ops.augassign_add((1,), (2, 3))),
    case("augassign_add/lists", lambda ms: ms.ops.augassign_add([1], [2])),
    case("augassign_add/strings", lambda ms: ms.ops.augassign_add("a", "b")),
    case("augassign_add/str_int", lambda ms: ms.ops.augassign_add("a", 1), error=True),
    case("augassign_sub/tensor", lambda ms, x: ms.ops.augassign_sub(x, 1), I32(3)),
    case("augassign_sub/tuple_bad", lambda ms: ms.ops.augassign_sub((1,), (1,)), error=True),
    case("augassign_mul/tensor_scalar", lambda ms, x: ms.ops.augassign_mul(x, 2), F32(3)),
    case("augassign_mul/tuple_int", lambda ms: ms.ops.augassign_mul((1, 2), 2)),
    case("augassign_div/ints", lambda ms: ms.ops.augassign_div(3, 2)),
    case("augassign_div/int_tensor", lambda ms: ms.ops.augassign_div(ms.Tensor([3, 4]), 2)),
    case("augassign_div/zero", lambda ms: ms.ops.augassign_div(3, 0), error=True),
    case("augassign_floordiv/ints", lambda ms: ms.ops.augassign_floordiv(-7, 2)),
    case("augassign_floordiv/tensor", lambda ms, x: ms.ops.augassign_floordiv(x, 3), I32(4)),
    case("augassign_mod/ints", lambda ms: ms.ops.augassign_mod(-7, 3)),
    case("augassign_mod/float", lambda ms: ms.ops.augassign_mod(7.5, 2)),
    case("hyper_add/numbers", lambda ms: ms.ops.hyper_add((1, 2.5), (3, 4))),
    case("hyper_add/nested", lambda ms: ms.ops.hyper_add(((1,), 2), ((3,), 4))),
    case("hyper_add/tensors", lambda ms, x, y: ms.ops.hyper_add((x,), (y,)), F32(3), F32(3)),
    case("hyper_add/none", lambda ms: ms.ops.hyper_add((None,), (None,))),
    case("add_flags/flags", lambda ms: _flags(ms)),
]
