"""Static-graph syntax, containers inside ``ms.jit`` (GRAPH_MODE): list, tuple and dict
creation, methods (append, extend, insert, pop, reverse, index, count, keys, values,
items, get, update, fromkeys, setdefault), nesting, Tensors inside containers,
containers as arguments and results (their types and order), global lists mutated by a
compiled function, and the errors MindSpore gives for misuse."""
import numpy as np

from parity_tests.cases._graph_syntax_common import table, V3, V4, X23, I3, I4, ONE, POS, NEG

ms = None
J, C = table(__name__)


def list_append(x):
    a = [1, 2]
    a.append(3)
    a.append(x)
    return a


def list_extend(x):
    a = [1]
    a.extend([2, 3])
    a.extend((4,))
    return a


def list_insert(x):
    a = [1, 3]
    a.insert(1, 2)
    a.insert(-1, 9)
    return a


def list_pop(x):
    a = [1, 2, 3]
    b = a.pop()
    c = a.pop(0)
    return a, b, c


def list_reverse(x):
    a = [1, 2, 3]
    a.reverse()
    return a


def list_index_count(x):
    a = [5, 6, 5]
    return a.index(6), a.count(5)


def list_clear(x):
    a = [1, 2]
    a.clear()
    return a


def list_setitem_tensor(x):
    a = [x, x]
    a[0] = x * 2
    return a[0] + a[1]


def list_of_tensors_stack(x):
    a = []
    for i in range(3):
        a.append(x * i)
    return ms.ops.stack(a)


def list_slice_assign(x):
    a = [1, 2, 3, 4]
    a[1:3] = [9, 9, 9]
    return a


def str_join_split(x):
    return "-".join(["a", "b"]), "a b c".split(), "abc".find("c"), "x".join(("1", "2"))


def mutable_len(t):
    return len(t), t[0] + t[2]


def list_remove(x):
    a = [1, 2, 3]
    a.remove(2)
    return a


def list_in_loop_len(x):
    a = []
    for i in range(4):
        if i % 2 == 0:
            a.append(i)
    return len(a), a


def list_arg(x):
    return x[0] * x[1]


def tuple_methods(x):
    t = (1, 2, 2, 3)
    return t.index(3), t.count(2), len(t)


def tuple_nested_unpack(x):
    t = ((1, 2), (3, (4, 5)))
    (a, b), (c, (d, e)) = t
    return a + b + c + d + e


def tuple_setitem_bad(x):
    t = (1, 2)
    t[0] = 5
    return t


def tuple_of_tensors(x):
    t = (x, x * 2, x * 3)
    return t[1], t[-1], len(t)


def tuple_slice_tensors(x):
    t = (x, x + 1, x + 2)
    return t[1:]


def tuple_compare(x):
    return (1, 2) < (1, 3), (2,) > (1, 9), (1, 2) == (1, 2)


def tuple_arg_return(x):
    return x


def tuple_mul_tensor_bad(x):
    return (x,) * x


def dict_methods(x):
    d = {"a": 1, "b": 2}
    return d.keys(), d.values(), d.items()


def dict_get(x):
    d = {"a": 1}
    return d.get("a"), d.get("z", 5), d.get("z")


def dict_update(x):
    d = {"a": 1}
    d.update({"b": 2, "a": 3})
    return d


def dict_setitem_new(x):
    d = {}
    d["k"] = x
    d["j"] = 2
    return d


def dict_fromkeys(x):
    return dict.fromkeys(("a", "b"), 0)


def dict_setdefault(x):
    d = {"a": 1}
    v = d.setdefault("b", 7)
    return d, v


def dict_pop(x):
    d = {"a": 1, "b": 2}
    v = d.pop("a")
    return d, v


def dict_tensor_values(x):
    d = {"x": x, "y": x * 2}
    return d["x"] + d["y"]


def dict_len_in(x):
    d = {"a": 1, "b": 2}
    return len(d), "a" in d, "c" not in d


def dict_order_result(x):
    return {"z": x, "a": x + 1, "m": 3}


def dict_tuple_key(x):
    d = {(1, 2): "p", 3: "q"}
    return d[(1, 2)], d[3]


def dict_nested(x):
    d = {"a": {"b": [1, 2]}}
    return d["a"]["b"][1]


def dict_arg(x):
    return x["w"] * 2


def dict_iter_values_sum(x):
    d = {"a": x, "b": x}
    s = 0
    for v in d.values():
        s = s + v
    return s


def list_comprehension_nested(x):
    return [[i * j for j in range(2)] for i in range(3)]


def list_of_lists_return(x):
    return [[1, 2], [3]]


def list_return_with_tensor(x):
    return [x, [x * 2, 1]]


def tuple_from_list(x):
    a = [x, 1]
    return tuple(a)


def list_len_tensor_loop(x):
    out = []
    for v in x:
        out.append(v * 2)
    return out


def set_literal_bad(x):
    return {1, 2}


def list_mul(x):
    return [0] * 3, [x] * 2


def list_max_min(x):
    return max([3, 9, 1]), min((4, 2))


def zip_dict(x):
    return dict(zip(("a", "b"), (1, 2)))


def list_getitem_tensor_idx(x):
    a = [10, 20, 30]
    return a[ms.Tensor(2)]


def sum_list_tensors(x):
    return sum([x, x, x])


def enumerate_list_tensors(x):
    out = 0
    for i, t in enumerate([x, x * 2]):
        out = out + t * i
    return out


def nested_containers_in_out(x):
    return x


_GLOBAL_LIST = [1, 2]


def global_list_append(x):
    _GLOBAL_LIST.append(3)
    return len(_GLOBAL_LIST)


def global_list_read(x):
    return x + _GLOBAL_LIST[0]


def _global_list_run(m, x):
    _GLOBAL_LIST[:] = [1, 2]
    out = m.jit(global_list_append)(x)
    return out, list(_GLOBAL_LIST)


CASES = [
    J("gs_cont/list_append", list_append, V3, default=True),
    J("gs_cont/list_extend", list_extend, V3),
    J("gs_cont/list_insert", list_insert, V3),
    J("gs_cont/list_pop", list_pop, V3, default=True),
    J("gs_cont/list_reverse", list_reverse, V3),
    J("gs_cont/list_index_count", list_index_count, V3),
    J("gs_cont/list_clear", list_clear, V3),
    J("gs_cont/list_setitem_tensor", list_setitem_tensor, V3),
    J("gs_cont/list_of_tensors_stack", list_of_tensors_stack, V3, default=True),
    J("gs_cont/list_slice_assign", list_slice_assign, V3),
    J("gs_cont/str_join_split", str_join_split, V3),
    C("gs_cont/mutable_list_arg", lambda m, x: m.jit(list_arg)(m.mutable([x, x * 2])), V3),
    C("gs_cont/mutable_tuple_len", lambda m, x: m.jit(mutable_len)(m.mutable((x, x, x))), V3),
    J("gs_cont/list_in_loop_len", list_in_loop_len, V3),
    C("gs_cont/list_arg", lambda m, x: m.jit(list_arg)([x, x * 2]), V3),
    J("gs_cont/tuple_methods", tuple_methods, V3),
    J("gs_cont/tuple_nested_unpack", tuple_nested_unpack, V3),
    J("gs_cont/tuple_setitem_bad", tuple_setitem_bad, V3, error=True),
    J("gs_cont/tuple_of_tensors", tuple_of_tensors, V3, default=True),
    J("gs_cont/tuple_slice_tensors", tuple_slice_tensors, V3),
    J("gs_cont/tuple_compare", tuple_compare, V3),
    C("gs_cont/tuple_arg_return", lambda m, x: m.jit(tuple_arg_return)((x, 1, "s")), V3),
    J("gs_cont/dict_methods", dict_methods, V3, default=True),
    J("gs_cont/dict_get", dict_get, V3),
    J("gs_cont/dict_update", dict_update, V3),
    J("gs_cont/dict_setitem_new", dict_setitem_new, V3),
    J("gs_cont/dict_fromkeys", dict_fromkeys, V3),
    J("gs_cont/dict_setdefault", dict_setdefault, V3),
    J("gs_cont/dict_tensor_values", dict_tensor_values, V3),
    J("gs_cont/dict_len_in", dict_len_in, V3),
    C("gs_cont/dict_order_result", lambda m, x: tuple(m.jit(dict_order_result)(x).items()), V3, default=True),
    J("gs_cont/dict_tuple_key", dict_tuple_key, V3),
    J("gs_cont/dict_nested", dict_nested, V3),
    C("gs_cont/dict_arg", lambda m, x: m.jit(dict_arg)({"w": x}), V3),
    J("gs_cont/dict_iter_values_sum", dict_iter_values_sum, V3),
    J("gs_cont/list_comprehension_nested", list_comprehension_nested, V3),
    J("gs_cont/list_of_lists_return", list_of_lists_return, V3),
    J("gs_cont/list_return_with_tensor", list_return_with_tensor, V3),
    J("gs_cont/tuple_from_list", tuple_from_list, V3),
    J("gs_cont/list_tensor_loop", list_len_tensor_loop, V3),
    J("gs_cont/set_literal_bad", set_literal_bad, V3, error=True),
    J("gs_cont/list_mul", list_mul, V3),
    J("gs_cont/list_max_min", list_max_min, V3),
    J("gs_cont/zip_dict", zip_dict, V3),
    J("gs_cont/list_getitem_tensor_idx", list_getitem_tensor_idx, V3),
    J("gs_cont/sum_list_tensors", sum_list_tensors, V3),
    J("gs_cont/enumerate_list_tensors", enumerate_list_tensors, V3),
    C("gs_cont/nested_containers_in_out",
      lambda m, x: m.jit(nested_containers_in_out)({"a": [x, (1, 2)], "b": (x * 2,)}), V3),
    C("gs_cont/global_list_append", _global_list_run, V3, default=True),
    J("gs_cont/global_list_read", global_list_read, V3),
]
