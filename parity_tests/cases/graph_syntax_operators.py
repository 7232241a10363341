"""Static-graph syntax, operators inside ``ms.jit`` (GRAPH_MODE): arithmetic, comparison,
logical, bitwise, membership, identity, unary, subscripts and slices on tuples, lists,
strings and Tensors, between Python scalars, Tensors and mixed operands."""
import numpy as np

from parity_tests.cases._graph_syntax_common import table, V3, V4, X23, I3, I4, ONE, POS, NEG

ms = None
J, C = table(__name__)

X34 = np.arange(12, dtype=np.float32).reshape(3, 4)


def arith_scalars(x):
    return 7 + 2, 7 - 2, 7 * 2, 7 / 2, 7 // 2, 7 % 3, 2 ** 5, -7 // 2, -7 % 3, 7.5 // 2


def arith_tensor_scalar(x):
    return x + 1, x - 1.5, x * 2, x / 4, 2 - x, 1 / (x + 3)


def arith_tensor_floor_mod(x):
    return x // 2, x % 2, x ** 2


def arith_int_tensor(x):
    return x + 1, x * 2, x / 2, x // 2, x % 3, x ** 2


def arith_int_tensor_float(x):
    return x + 1.5, x * 0.5


def arith_tensor_tensor(x):
    y = x * 2
    return x + y, x - y, x * y, x / y, x @ x


def matmul_op(x):
    return x @ x.T


def unary_ops(x):
    return -x, +x, -(3), +2.5, ~5


def unary_invert_bool(x):
    return ~(x > 0)


def unary_not_const(x):
    return not 0, not (1, 2), not []


def cmp_scalars(x):
    return 1 < 2, 2 <= 2, 3 > 4, 4 >= 5, 1 == 1.0, 1 != 2, "a" == "a", (1, 2) == (1, 2), [1] != [2]


def cmp_chain(x):
    return 1 < 2 < 3, 3 > 2 > 5


def cmp_tensor(x):
    return x > 0, x <= 0.5, x == 2.0, x != -1.0


def cmp_tensor_tensor(x):
    return x < x * 2, x >= -x


def cmp_none(x):
    a = None
    return a is None, a is not None, x is None, x is not None


def logic_scalars(x):
    return True and False, True or False, 0 or 5, 3 and 4, None or "d"


def logic_tensor_scalar(x):
    return x.sum() > 0 and x.max() > 1


def bitwise_scalars(x):
    return 6 & 3, 6 | 3, 6 ^ 3, 1 << 4, 64 >> 2


def bitwise_tensor(x):
    return x & 3, x | 8, x ^ 1


def bitwise_bool_tensor(x):
    a = x > 0
    b = x < 1
    return a & b, a | b, a ^ b


def in_tuple(x):
    return 2 in (1, 2, 3), 5 not in [1, 2], "a" in ("a", "b"), "k" in {"k": 1}, "bc" in "abcd"


def in_tensor_tuple(x):
    t = (x, x + 1)
    return x in t


def in_tensor_variants(x):
    y = x * 1
    return x in (x + 1,), x not in [x * 2, x], x in (y,), x in (1, 2)


def is_identity(x):
    a = None
    b = "s"
    c = 1
    d = 2
    return a is None, b is b, c is d, ms.float32 is ms.float32


def is_tuple_bad(x):
    a = (1, 2)
    b = a
    return a is b


def mod_zero_bad(x):
    return 5 % 0


def str_index_bad(x):
    return "abc"[10]


def list_index_bad(x):
    return [1][3]


def is_tensor_type(x):
    return type(x) is ms.Tensor


def sub_tuple(x):
    t = (10, 20, 30, 40)
    return t[0], t[-1], t[1:3], t[::2], t[::-1], t[5:]


def sub_list(x):
    lst = [10, 20, 30, 40]
    return lst[1], lst[-2], lst[1:], lst[:-1], lst[::-2]


def sub_str(x):
    s = "abcdef"
    return s[0], s[-1], s[1:4], s[::2]


def sub_tensor_int(x):
    return x[0], x[-1], x[1]


def sub_tensor_slice(x):
    return x[1:], x[:, 1:3], x[::2], x[:, ::-1]


def sub_tensor_ellipsis_none(x):
    return x[..., 0], x[None], x[:, None, 1], x[..., None]


def sub_tensor_tuple_idx(x):
    return x[1, 2], x[(0, 1)], x[-1, -1]


def sub_tensor_tensor_idx(x):
    idx = ms.Tensor(np.array([2, 0], np.int32))
    return x[idx], x[:, idx]


def sub_tensor_bool_mask(x):
    return x[x > 0]


def sub_tensor_list_idx(x):
    return x[[0, 2]]


def sub_tuple_out_of_range(x):
    t = (1, 2)
    return t[5]


def sub_tensor_out_of_range(x):
    return x[10]


def sub_tensor_negative_range(x):
    return x[-10]


def sub_tuple_tensor_idx(x):
    t = (10, 20, 30)
    return t[ms.Tensor(1)]


def sub_dict(x):
    d = {"a": x, "b": 2}
    return d["a"] * d["b"]


def sub_dict_missing(x):
    d = {"a": 1}
    return d["z"]


def tuple_concat_repeat(x):
    return (1, 2) + (3,), (0,) * 3, [1] * 2, [1] + [2, 3]


def str_ops(x):
    return "ab" + "cd", "ab" * 2, "%s-%d" % ("x", 3), f"{3 + 4}-{'s'}", "a,b".split(","), "Ab".upper()


def str_format(x):
    return "{}:{}".format(1, "z"), "abc".replace("b", "X"), "  s ".strip(), "abc".startswith("a")


def add_tensor_str_bad(x):
    return x + "a"


def add_tuple_int_bad(x):
    return (1, 2) + 3


def div_zero_bad(x):
    return 1 / 0


def floordiv_zero_bad(x):
    return 5 // 0


def mixed_dtype_promotion(x):
    y = ms.Tensor(np.array([1, 2, 3], np.int32))
    return x + y, y * 2.5, y + True


def bool_arith(x):
    return True + 1, True * 2.5, False - 1


def pow_tensor(x):
    return 2 ** x, x ** 0.5


def shape_ops(x):
    return x.shape + (1,), x.shape[0] * x.shape[1], x.ndim, x.size


def tensor_scalar_compare_chain(x):
    return 0 < x.sum() < 10


def tensor_neg_zero(x):
    return -x * 0


def matmul_shape_bad(x):
    return x @ x


def number_bitwise_tensor(m, x):
    class Net(m.nn.Cell):
        def construct(self, a, b):
            return a & b, a | b, a ^ b, True & (b > 0)     # a number on the left: MindSpore's graph takes it
    return Net()(1, m.Tensor(x))


CASES = [
    J("gs_op/arith_scalars", arith_scalars, V3, default=True),
    J("gs_op/arith_tensor_scalar", arith_tensor_scalar, V3, default=True),
    J("gs_op/arith_tensor_floor_mod", arith_tensor_floor_mod, V4),
    J("gs_op/arith_int_tensor", arith_int_tensor, I3),
    J("gs_op/arith_int_tensor_float", arith_int_tensor_float, I3),
    J("gs_op/arith_tensor_tensor", arith_tensor_tensor, V3),
    J("gs_op/matmul", matmul_op, X23),
    J("gs_op/matmul_shape_bad", matmul_shape_bad, X23, error=True),
    J("gs_op/unary", unary_ops, V3),
    J("gs_op/unary_invert_bool", unary_invert_bool, V3),
    J("gs_op/unary_not_const", unary_not_const, V3),
    J("gs_op/cmp_scalars", cmp_scalars, V3, default=True),
    J("gs_op/cmp_chain", cmp_chain, V3),
    J("gs_op/cmp_tensor", cmp_tensor, V3),
    J("gs_op/cmp_tensor_tensor", cmp_tensor_tensor, V3),
    J("gs_op/cmp_none", cmp_none, V3),
    J("gs_op/logic_scalars", logic_scalars, V3),
    J("gs_op/logic_tensor_scalar", logic_tensor_scalar, V3),
    J("gs_op/bitwise_scalars", bitwise_scalars, V3),
    J("gs_op/bitwise_tensor", bitwise_tensor, I3),
    J("gs_op/bitwise_bool_tensor", bitwise_bool_tensor, V3),
    J("gs_op/in_containers", in_tuple, V3, default=True),
    J("gs_op/in_tensor_tuple", in_tensor_tuple, V3),
    J("gs_op/in_tensor_variants", in_tensor_variants, V3),
    J("gs_op/is_identity", is_identity, V3),
    J("gs_op/is_tensor_type", is_tensor_type, V3),
    J("gs_op/is_tuple_bad", is_tuple_bad, V3, error=True),
    J("gs_op/mod_zero_bad", mod_zero_bad, V3, error=True),
    J("gs_op/str_index_bad", str_index_bad, V3, error=True),
    J("gs_op/list_index_bad", list_index_bad, V3, error=True),
    J("gs_op/sub_tuple", sub_tuple, V3, default=True),
    J("gs_op/sub_list", sub_list, V3),
    J("gs_op/sub_str", sub_str, V3),
    J("gs_op/sub_tensor_int", sub_tensor_int, V3),
    J("gs_op/sub_tensor_slice", sub_tensor_slice, X34, default=True),
    J("gs_op/sub_tensor_ellipsis_none", sub_tensor_ellipsis_none, X34),
    J("gs_op/sub_tensor_tuple_idx", sub_tensor_tuple_idx, X34),
    J("gs_op/sub_tensor_tensor_idx", sub_tensor_tensor_idx, X34),
    J("gs_op/sub_tensor_bool_mask", sub_tensor_bool_mask, V3),
    J("gs_op/sub_tensor_list_idx", sub_tensor_list_idx, V3),
    J("gs_op/sub_tuple_out_of_range", sub_tuple_out_of_range, V3, error=True),
    J("gs_op/sub_tensor_out_of_range", sub_tensor_out_of_range, V3, error=True),
    J("gs_op/sub_tensor_negative_range", sub_tensor_negative_range, V3, error=True),
    J("gs_op/sub_tuple_tensor_idx", sub_tuple_tensor_idx, V3),
    J("gs_op/sub_dict", sub_dict, V3),
    J("gs_op/sub_dict_missing", sub_dict_missing, V3, error=True),
    J("gs_op/tuple_concat_repeat", tuple_concat_repeat, V3),
    J("gs_op/str_ops", str_ops, V3),
    J("gs_op/str_format", str_format, V3),
    J("gs_op/add_tensor_str_bad", add_tensor_str_bad, V3, error=True),
    J("gs_op/add_tuple_int_bad", add_tuple_int_bad, V3, error=True),
    J("gs_op/div_zero_bad", div_zero_bad, V3, error=True),
    J("gs_op/floordiv_zero_bad", floordiv_zero_bad, V3, error=True),
    J("gs_op/mixed_dtype_promotion", mixed_dtype_promotion, V3),
    J("gs_op/bool_arith", bool_arith, V3),
    J("gs_op/pow_tensor", pow_tensor, POS),
    J("gs_op/shape_ops", shape_ops, X23),
    J("gs_op/tensor_compare_chain", tensor_scalar_compare_chain, V3),
    J("gs_op/tensor_neg_zero", tensor_neg_zero, V3),
    C("gs_op/number_bitwise_tensor", number_bitwise_tensor, np.array([1, 2, -4], np.int64), default=True),
]
