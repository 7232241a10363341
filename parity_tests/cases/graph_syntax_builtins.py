"""Static-graph syntax, Python builtin functions inside ``ms.jit`` (GRAPH_MODE): len,
isinstance, range, enumerate, zip, map, filter, abs, all, any, round, max, min, sum,
getattr, hasattr, type, list, tuple, dict, int, float, bool, str, divmod, pow, sorted,
reversed, ... on Python values and on Tensors, and the types their results come back as."""
import numpy as np

from parity_tests.cases._graph_syntax_common import table, V3, V4, X23, I3, I4, ONE, POS, NEG

ms = None
J, C = table(__name__)


def len_tensor(x):
    return len(x)


def len_tuple(x):
    return len((1, 2, 3)), len([x, x]), len({"a": 1}), len("abcd")


def len_scalar_bad(x):
    return len(3)


def isinstance_tensor(x):
    return isinstance(x, ms.Tensor), isinstance(3, int), isinstance(2.5, (int, float)), isinstance((1,), list)


def isinstance_bad(x):
    return isinstance(x, 3)


def range_tuple(x):
    return tuple(range(5)), tuple(range(2, 8, 3)), tuple(range(5, 0, -2))


def range_list(x):
    return list(range(3))


def range_return(x):
    return range(3)


def range_float_bad(x):
    return tuple(range(1.5))


def enumerate_return(x):
    return enumerate((10, 20))


def enumerate_list(x):
    return list(enumerate((10, 20), 1))


def enumerate_tensor(x):
    s = 0
    for i, v in enumerate(x):
        s = s + i * v
    return s


def zip_return(x):
    return zip((1, 2), (3, 4))


def zip_tuple(x):
    return tuple(zip((1, 2, 3), ("a", "b")))


def zip_tensor(x):
    out = 0
    for a, b in zip(x, x * 2):
        out = out + a * b
    return out


def map_return(x):
    return map(lambda a: a * 2, (1, 2, 3))


def map_tuple(x):
    return tuple(map(lambda a, b: a + b, (1, 2), (10, 20)))


def map_list_tensor(x):
    return list(map(lambda a: a * 2, [x, x + 1]))


def filter_return(x):
    return filter(lambda a: a > 1, (1, 2, 3))


def filter_list(x):
    return list(filter(lambda a: a % 2 == 0, [1, 2, 3, 4]))


def abs_values(x):
    return abs(-3), abs(-2.5), abs(x)


def all_any(x):
    return all((1, 2, 0)), any((0, 0, 1)), all(()), any([])


def all_tensor(x):
    return all(x > -5), any(x > 1)


def round_values(x):
    return round(2.567, 2), round(3.5), round(-2.5), round(7)


def round_tensor(x):
    return round(x)


def max_min_values(x):
    return max(1, 5, 3), min(2.5, -1.0), max((4, 9, 2)), min([7, 3])


def max_tensor(x):
    return max(x), min(x)


def max_tensors_pair(x):
    return max(x, x * 2)


def max_empty_bad(x):
    return max(())


def sum_values(x):
    return sum((1, 2, 3)), sum([1.5, 2.5], 10), sum(x)


def getattr_values(x):
    return getattr(x, "shape"), getattr(x, "ndim"), getattr(x, "nothing", 7)


def getattr_missing_bad(x):
    return getattr(x, "nothing")


def hasattr_values(x):
    return hasattr(x, "shape"), hasattr(x, "nothing")


def type_values(x):
    return type(3) == int, type(2.5) == float


def list_ctor(x):
    return list((1, 2)), list(x), list("ab")


def tuple_ctor(x):
    return tuple([1, 2]), tuple(x)


def tuple_numpy(x):
    return tuple(np.array([1, 2, 3]))


def tuple_numpy_float(x):
    return tuple(np.array([1.5, 2.5]))


def dict_ctor(x):
    return dict(a=1, b=2), dict([("k", 3)])


def dict_order(x):
    d = {"z": 1, "a": 2, "m": 3}
    return tuple(d.keys()), d


def int_float_bool(x):
    return int(2.7), int(-2.7), float(3), bool(0), bool(2), int("12"), float("1.5"), int(True)


def int_tensor(x):
    return int(x[0]), float(x[1]), bool(x[2])


def str_values(x):
    return str(3), str(2.5), str(True), str((1, 2))


def str_tensor_shape(x):
    return str(x.shape)


def divmod_pow(x):
    return divmod(7, 3), divmod(-7, 2), pow(2, 10), pow(2.0, -1)


def sorted_reversed(x):
    return sorted((3, 1, 2)), tuple(reversed((1, 2, 3))), sorted([2.5, -1.0], reverse=True)


def ord_chr(x):
    return ord("a"), chr(98)


def callable_id(x):
    return callable(len), callable(3)


def int_bad(x):
    return int("abc")


def float_tensor_bad(x):
    return float(x)


def min_tensor_scalar(x):
    return min(x[0], 1.0)


def print_builtin(x):
    print("val", x)
    return x


def sum_tensor_start(x):
    return sum((x, x), x)


def next_iter(x):
    it = iter((5, 6))
    return next(it)


def isinstance_tuple_of_tensors(x):
    t = (x, x)
    return isinstance(t, tuple), isinstance(t[0], ms.Tensor), isinstance(x, (int, ms.Tensor))


def bool_tensor_bad(x):
    return bool(x)


def len_0d_bad(x):
    return len(x.sum())


CASES = [
    J("gs_builtin/len_tensor", len_tensor, X23, default=True),
    J("gs_builtin/len_containers", len_tuple, V3),
    J("gs_builtin/len_0d_bad", len_0d_bad, V3, error=True),
    J("gs_builtin/isinstance", isinstance_tensor, V3, default=True),
    J("gs_builtin/isinstance_tuple_tensors", isinstance_tuple_of_tensors, V3),
    J("gs_builtin/isinstance_bad", isinstance_bad, V3, error=True),
    J("gs_builtin/range_tuple", range_tuple, V3, default=True),
    J("gs_builtin/range_list", range_list, V3),
    J("gs_builtin/range_return", range_return, V3),
    J("gs_builtin/range_float_bad", range_float_bad, V3, error=True),
    J("gs_builtin/enumerate_return", enumerate_return, V3, default=True),
    J("gs_builtin/enumerate_list", enumerate_list, V3),
    J("gs_builtin/enumerate_tensor", enumerate_tensor, V3),
    J("gs_builtin/zip_return", zip_return, V3, default=True),
    J("gs_builtin/zip_tuple", zip_tuple, V3),
    J("gs_builtin/zip_tensor", zip_tensor, V3),
    J("gs_builtin/map_return", map_return, V3, default=True),
    J("gs_builtin/map_tuple", map_tuple, V3),
    J("gs_builtin/map_list_tensor", map_list_tensor, V3),
    J("gs_builtin/filter_return", filter_return, V3, default=True),
    J("gs_builtin/filter_list", filter_list, V3),
    J("gs_builtin/abs", abs_values, V3),
    J("gs_builtin/all_any", all_any, V3),
    J("gs_builtin/all_any_tensor", all_tensor, V3),
    J("gs_builtin/round", round_values, V3),
    J("gs_builtin/round_tensor", round_tensor, V3),
    J("gs_builtin/max_min", max_min_values, V3, default=True),
    J("gs_builtin/max_min_tensor", max_tensor, V3),
    J("gs_builtin/max_tensor_pair_bad", max_tensors_pair, V3, error=True),
    J("gs_builtin/max_empty_bad", max_empty_bad, V3, error=True),
    J("gs_builtin/min_tensor_scalar", min_tensor_scalar, V3),
    J("gs_builtin/sum", sum_values, V3),
    J("gs_builtin/sum_tensor_start", sum_tensor_start, V3),
    J("gs_builtin/getattr", getattr_values, X23, default=True),
    J("gs_builtin/getattr_missing_bad", getattr_missing_bad, V3, error=True),
    J("gs_builtin/hasattr", hasattr_values, V3),
    J("gs_builtin/type", type_values, V3),
    J("gs_builtin/list", list_ctor, V3),
    J("gs_builtin/tuple", tuple_ctor, V3),
    J("gs_builtin/tuple_numpy", tuple_numpy, V3, default=True),
    J("gs_builtin/tuple_numpy_float", tuple_numpy_float, V3),
    J("gs_builtin/dict", dict_ctor, V3),
    J("gs_builtin/dict_order", dict_order, V3, default=True),
    J("gs_builtin/int_float_bool", int_float_bool, V3),
    J("gs_builtin/int_tensor", int_tensor, V3),
    J("gs_builtin/str", str_values, V3),
    J("gs_builtin/str_shape", str_tensor_shape, X23),
    J("gs_builtin/divmod_pow", divmod_pow, V3),
    J("gs_builtin/sorted_reversed", sorted_reversed, V3),
    J("gs_builtin/ord_chr", ord_chr, V3),
    J("gs_builtin/callable", callable_id, V3),
    J("gs_builtin/int_bad", int_bad, V3, error=True),
    J("gs_builtin/float_tensor_bad", float_tensor_bad, V3, error=True),
    J("gs_builtin/bool_tensor_bad", bool_tensor_bad, V3, error=True),
    J("gs_builtin/print", print_builtin, V3, out=True, default=True),
]
