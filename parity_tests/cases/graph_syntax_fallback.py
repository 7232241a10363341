"""Static-graph syntax, JIT Fallback in ``ms.jit`` (GRAPH_MODE): numpy and math calls on
constants, third-party/standard-library calls, Tensors built from numpy values inside the
graph, ``asnumpy()`` on graph values, ``raise`` with runtime values, and the results they
give back (numpy arrays stay numpy, numpy scalars become Python numbers)."""
import math

import numpy as np

from parity_tests.cases._graph_syntax_common import table, V3, V4, X23, I3, I4, ONE, POS, NEG

ms = None
J, C = table(__name__)


def np_const_tensor(x):
    a = np.array([1.0, 2.0, 3.0], np.float32)
    return x + ms.Tensor(a)


def np_arange_tensor(x):
    return x * ms.Tensor(np.arange(3).astype(np.float32))


def np_scalar_math(x):
    return x * np.sqrt(4.0) + np.pi


def np_return_array(x):
    return np.array([1, 2])


def np_return_scalar(x):
    return np.float64(2.5), np.int64(3)


def np_tuple_of_array(x):
    return tuple(np.array([4, 5, 6]))


def np_sum_const(x):
    return x + np.sum(np.ones((2, 2)))


def np_linspace(x):
    return ms.Tensor(np.linspace(0, 1, 3), ms.float32) + x


def np_where_const(x):
    m = np.where(np.array([1, -1, 2]) > 0, 1.0, 0.0).astype(np.float32)
    return x * ms.Tensor(m)


def math_calls(x):
    return math.floor(2.7), math.ceil(2.1), math.sqrt(16.0), math.log(math.e), math.pi


def math_in_graph(x):
    return x * math.cos(0.0) + math.factorial(4)


def np_shape_from_tensor(x):
    return np.zeros(x.shape).shape


def asnumpy_result(x):
    return x.asnumpy()


def asnumpy_arith(x):
    return x.asnumpy() * 2


def raise_with_runtime_value(x):
    if x.max() > 1:
        raise ValueError(f"max too big: {x.max()}")
    return x


def raise_fmt_const(x):
    n = x.shape[0]
    raise ValueError("length %d" % n)


def raise_not_taken_runtime(x):
    if x.max() > 100:
        raise ValueError("never")
    return x * 2


def list_from_numpy(x):
    return np.array([1, 2, 3]).tolist()


def str_of_shape(x):
    return "shape=" + str(x.shape)


def third_party_sorted_dict(x):
    d = dict(sorted({"b": 2, "a": 1}.items()))
    return tuple(d.keys())


def np_random_state(x):
    rs = np.random.RandomState(0)
    return x + ms.Tensor(rs.uniform(size=3).astype(np.float32))


def tensor_from_list(x):
    return ms.Tensor([1, 2, 3]) + 1


def tensor_from_tuple_float(x):
    return ms.Tensor((1.5, 2.5), ms.float32) * 2


def getattr_numpy_module(x):
    f = getattr(np, "abs")
    return f(-3)


def bool_of_np(x):
    if np.array([1, 2]).sum() > 2:
        return x + 1
    return x


def _np_helper(n):
    return np.ones(n, np.float32) * n


def user_fn_numpy(x):
    return x + ms.Tensor(_np_helper(3))


def tensor_item(x):
    return x.sum().item()


def tensor_tolist(x):
    return x.tolist()


def int_of_tensor_sum(x):
    return int(x.sum())


def str_of_tensor(x):
    return "v:" + str(x)


def fstring_of_tensor(x):
    return f"max={x.max()}"


def percent_of_tensor(x):
    return "%s" % x.sum()


def asnumpy_with_containers(x):
    y = x.asnumpy()
    return map(lambda a: a * 2, (1, 2)), np.float64(y.sum()), tuple(np.array([1, 2])), filter(lambda v: v > 0, [0, 3])


def asnumpy_dict_order(x):
    y = x.asnumpy()
    return tuple({"z": y.shape[0], "a": 1}.items())


def _raise_text(text):
    raise ValueError(text)


def raise_text_static_cond(x):
    if x.shape[0] > 2:     # a condition known when compiling: the raise is taken while tracing
        _raise_text(f"wrong shape, {x}.")
    return x


def _caught_text(m, fn, *args):
    try:
        fn(*args)
    except ValueError as e:
        return str(e)
    return "no error"


def raise_text_static_cond_message(m, x):
    return _caught_text(m, m.jit(raise_text_static_cond), x)


def raise_text_under_grad_message(m, x):
    class Net(m.nn.Cell):
        def construct(self, v):
            raise_text_static_cond(v)
            return v * 2

    class GradNet(m.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.grad = m.ops.GradOperation()

        def construct(self, v):
            return self.grad(self.net)(v)

    return _caught_text(m, GradNet(Net()), x)


CASES = [
    J("gs_fallback/np_const_tensor", np_const_tensor, V3, default=True),
    J("gs_fallback/np_arange_tensor", np_arange_tensor, V3),
    J("gs_fallback/np_scalar_math", np_scalar_math, V3),
    J("gs_fallback/np_return_array", np_return_array, V3, default=True),
    J("gs_fallback/np_return_scalar", np_return_scalar, V3),
    J("gs_fallback/np_tuple_of_array", np_tuple_of_array, V3),
    J("gs_fallback/np_sum_const", np_sum_const, V3),
    J("gs_fallback/np_linspace", np_linspace, V3),
    J("gs_fallback/np_where_const", np_where_const, V3),
    J("gs_fallback/math_calls", math_calls, V3, default=True),
    J("gs_fallback/math_in_graph", math_in_graph, V3),
    J("gs_fallback/np_shape_from_tensor", np_shape_from_tensor, X23),
    J("gs_fallback/asnumpy_result", asnumpy_result, V3),
    J("gs_fallback/asnumpy_arith", asnumpy_arith, V3),
    J("gs_fallback/raise_with_runtime_value", raise_with_runtime_value, V3, error=True, default=True),
    J("gs_fallback/raise_fmt_const", raise_fmt_const, V3, error=True),
    J("gs_fallback/raise_not_taken_runtime", raise_not_taken_runtime, V3),
    J("gs_fallback/list_from_numpy", list_from_numpy, V3),
    J("gs_fallback/str_of_shape", str_of_shape, X23),
    J("gs_fallback/sorted_dict", third_party_sorted_dict, V3),
    J("gs_fallback/np_random_state", np_random_state, V3),
    J("gs_fallback/tensor_from_list", tensor_from_list, V3),
    J("gs_fallback/tensor_from_tuple_float", tensor_from_tuple_float, V3),
    J("gs_fallback/getattr_numpy_module", getattr_numpy_module, V3),
    J("gs_fallback/bool_of_np", bool_of_np, V3),
    J("gs_fallback/user_fn_numpy", user_fn_numpy, V3),
    J("gs_fallback/tensor_item", tensor_item, V3),
    J("gs_fallback/tensor_tolist", tensor_tolist, V3),
    J("gs_fallback/int_of_tensor_sum", int_of_tensor_sum, V3),
    J("gs_fallback/str_of_tensor", str_of_tensor, V3, default=True),
    J("gs_fallback/fstring_of_tensor", fstring_of_tensor, V3),
    J("gs_fallback/percent_of_tensor", percent_of_tensor, V3),
    J("gs_fallback/asnumpy_with_containers", asnumpy_with_containers, V3),
    J("gs_fallback/asnumpy_dict_order", asnumpy_dict_order, V3),
    C("gs_fallback/raise_text_static_cond", raise_text_static_cond_message, V3, default=True),
    C("gs_fallback/raise_text_under_grad", raise_text_under_grad_message, V3),
]
