"""Static-graph syntax, ``print`` / ``ops.Print`` / ``ops.print_`` inside compiled code
(GRAPH_MODE, ``ms.jit``, Cells): what is printed, on every call, in MindSpore's graph-mode
format (one argument a line; Tensors as ``Tensor(shape=..., dtype=..., value=...)`` with
``% .8e`` floats; 0-d Tensors and Python numbers as ``%g``; int tuples as ``(1, 2)``;
containers flattened; long Tensors summarized). Every case compares the printed text."""
import numpy as np

from parity_tests.cases._graph_syntax_common import table, V3, V4, X23, I3, I4, ONE, POS, NEG
from parity_tests.harness import case

ms = None
J, C = table(__name__)


def P(name, fn, *inputs, **kw):
    return J(name, fn, *inputs, out=True, **kw)


def pr_tensor(x):
    print(x)
    return x


def pr_mixed(x):
    print("value:", x, 3, 2.5, True, None)
    return x + 1


def pr_shape_dtype(x):
    print(x.shape, x.dtype, x.ndim, len(x))
    return x


def pr_scalar_floats(x):
    print(0.1, 1 / 3, 1234567.0, -0.0, 1e-5, 100000.0, 1e6, 2 ** 40)
    return x


def pr_int_tuple(x):
    print((1, 2, 3), [4, 5], (7,))
    return x


def pr_float_tuple(x):
    print((1.5, 2.5))
    return x


def pr_nested_flatten(x):
    print(((1, 2), (3, 4)), (1, (2, 3)), [[1, 2], [3]])
    return x


def pr_tuple_with_tensor(x):
    print((x, 1), [x, "s"])
    return x


def pr_dict(x):
    print({"a": 1, "b": 2}, {"k": x})
    return x


def pr_strings(x):
    print("a", 'b c', "%d-%s" % (3, "z"), f"v={1 + 1}")
    return x


def pr_no_args(x):
    print()
    print("end")
    return x


def pr_0d(x):
    print(x.sum(), x[0], x.max() > 0)
    return x


def pr_bool_tensor(x):
    print(x > 0)
    return x


def pr_in_if(x):
    if x.sum() > 0:
        print("positive", x.sum())
    else:
        print("negative", x.sum())
    return x


def pr_in_loop(x):
    for i in range(3):
        print("i", i, x * i)
    return x


def pr_in_while(x):
    i = 0
    while x.sum() < 20:
        x = x * 2
        i += 1
        print(i)
    return x


def pr_ops_print(x):
    ms.ops.Print()("P", x, x.dtype)
    return x


def pr_ops_print_(x):
    ms.ops.print_("p_", x, (1, 2))
    return x


def pr_kwarg_bad(x):
    print("a", sep="-")
    return x


def pr_numpy(x):
    print(np.array([1, 2]), np.float32(1.5), np.int64(3))
    return x


def pr_intermediate(x):
    y = x * 2
    print("y", y)
    z = y + 1
    print("z", z)
    return z


def pr_slice_type(x):
    print(slice(1, 2), ms.int32)
    return x


def pr_fstring_tensor(x):
    print(f"x={x}")
    return x


def pr_percent_tensor(x):
    print("sum %s" % x.sum())
    return x


def pr_str_tensor(x):
    print("v", str(x.max()))
    return x


def pr_concat_str_tensor(x):
    print("t:" + str(x))
    return x


def pr_in_nested_fn(x):
    return _helper_print(x) + 1


def _helper_print(a):
    print("helper", a)
    return a


def _pr_cell(m, x):
    class Net(m.nn.Cell):
        def __init__(self):
            super().__init__()
            self.print = m.ops.Print()

        def construct(self, x):
            self.print("cell", x)
            print("py", x * 2)
            return x

    net = Net()
    net(x)
    return net(x + 1)


def _pr_twice(m, x):
    f = m.jit(pr_mixed)
    f(x)
    return f(x * 3)


def _pr_pynative_print_op(m, x):
    m.ops.print_("pyn", x)
    return x


def _pynative_grad_print(m, x):
    class Net(m.nn.Cell):
        def construct(self, a):
            print("in", a, a.sum())
            return (a * a).sum()

    return m.grad(Net())(x)


CASES = [
    P("gs_print/tensor_f32", pr_tensor, V3, default=True),
    P("gs_print/tensor_2d", pr_tensor, X23, default=True),
    P("gs_print/tensor_3d_int", pr_tensor, np.arange(24, dtype=np.int32).reshape(2, 3, 4)),
    P("gs_print/tensor_int_neg", pr_tensor, np.array([-1, 20, -300], np.int32)),
    P("gs_print/tensor_int64", pr_tensor, I4),
    P("gs_print/tensor_bool", pr_tensor, np.array([[True], [False]])),
    P("gs_print/tensor_f16", pr_tensor, np.array([1.5, -2.25], np.float16)),
    P("gs_print/tensor_f64", pr_tensor, np.array([1e-8, 123456.7], np.float64)),
    P("gs_print/tensor_nan_inf", pr_tensor, np.array([np.nan, np.inf, -np.inf], np.float32)),
    P("gs_print/tensor_0d", pr_tensor, np.array(1.5, np.float32)),
    P("gs_print/tensor_0d_int", pr_tensor, np.array(-5, np.int32)),
    P("gs_print/tensor_long_1d_int", pr_tensor, np.arange(60, dtype=np.int32) % 10),
    P("gs_print/tensor_long_1d_float", pr_tensor, np.arange(26, dtype=np.float32)),
    P("gs_print/tensor_1d_bool_wrap", pr_tensor, np.ones(13, np.bool_)),
    P("gs_print/tensor_summarized_1d", pr_tensor, np.arange(1001, dtype=np.int32)),
    P("gs_print/tensor_summarized_cols", pr_tensor, np.arange(14, dtype=np.int32).reshape(2, 7)),
    P("gs_print/tensor_summarized_rows", pr_tensor, np.arange(14, dtype=np.int32).reshape(7, 2)),
    P("gs_print/tensor_summarized_width", pr_tensor,
      np.where(np.arange(49).reshape(7, 7) == 24, 99999, np.arange(49).reshape(7, 7)).astype(np.int32)),
    P("gs_print/tensor_4d", pr_tensor, np.ones((2, 2, 2, 2), np.int8)),
    P("gs_print/mixed", pr_mixed, V3, default=True),
    P("gs_print/shape_dtype", pr_shape_dtype, X23),
    P("gs_print/scalar_floats", pr_scalar_floats, V3),
    P("gs_print/int_tuple", pr_int_tuple, V3),
    P("gs_print/float_tuple", pr_float_tuple, V3),
    P("gs_print/nested_flatten", pr_nested_flatten, V3),
    P("gs_print/tuple_with_tensor", pr_tuple_with_tensor, V3),
    P("gs_print/dict", pr_dict, V3),
    P("gs_print/strings", pr_strings, V3),
    P("gs_print/no_args", pr_no_args, V3),
    P("gs_print/tensor_0d_results", pr_0d, V3),
    P("gs_print/bool_tensor", pr_bool_tensor, V3),
    P("gs_print/in_if_pos", pr_in_if, V3, default=True),
    P("gs_print/in_if_neg", pr_in_if, NEG),
    P("gs_print/in_loop", pr_in_loop, V3),
    P("gs_print/in_while", pr_in_while, POS),
    P("gs_print/ops_print", pr_ops_print, V3, default=True),
    P("gs_print/ops_print_", pr_ops_print_, V3),
    J("gs_print/kwarg_bad", pr_kwarg_bad, V3, error=True),
    P("gs_print/numpy_values", pr_numpy, V3),
    P("gs_print/intermediate", pr_intermediate, V3),
    P("gs_print/slice_type", pr_slice_type, V3),
    P("gs_print/nested_fn", pr_in_nested_fn, V3),
    P("gs_print/fstring_tensor", pr_fstring_tensor, V3, default=True),
    P("gs_print/fstring_tensor_2d", pr_fstring_tensor, X23),
    P("gs_print/percent_tensor", pr_percent_tensor, V3),
    P("gs_print/str_tensor", pr_str_tensor, V3),
    P("gs_print/concat_str_tensor", pr_concat_str_tensor, V3),
    C("gs_print/fstring_every_call", lambda m, x: (m.jit(pr_fstring_tensor)(x), m.jit(pr_fstring_tensor)(x * 2))[1],
      V3, out=True),
    C("gs_print/cell_twice", _pr_cell, V3, out=True, default=True),
    C("gs_print/jit_every_call", _pr_twice, V3, out=True, default=True),
    C("gs_print/pynative_print_op", _pr_pynative_print_op, V3, out=True),
    case("gs_print/pynative_grad_python_print", _pynative_grad_print, V3, capture_output=True),
]
