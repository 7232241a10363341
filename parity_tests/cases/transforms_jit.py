"""Function transforms, ``ms.jit``: decorator and call forms, arguments and results (scalars,
tuples, lists, dicts, None, strings, dtypes), nested jit, closures over Parameters, gradients
inside and of jit functions, Cell classes, instances and methods, recompilation, in PyNative and
GRAPH_MODE (options and bad arguments: ``transforms_jit_args``).

MindSpore compiles these functions by parsing their source, so every compiled function is a
nested ``def`` or a Cell class (never a lambda). Most cases run in both modes (``both_modes``).
"""
import numpy as np

from parity_tests.harness import both_modes, I32
from parity_tests.cases._transforms_common import X43, Y43, X34, V3, V4, POS, NEG, _param


def _jit_plain(ms, x, y):
    @ms.jit
    def f(a, b):
        return ms.ops.sin(a) * b + 1
    return f(x, y)


def _jit_parens(ms, x, y):
    @ms.jit()
    def f(a, b):
        return a * b - b
    return f(x, y)


def _jit_level_o1(ms, x):
    @ms.jit(jit_level="O1")
    def f(a):
        return ms.ops.exp(a) - a
    return f(x)


def _jit_capture_ast(ms, x):
    @ms.jit(capture_mode="ast")
    def f(a):
        return ms.ops.relu(a) * 3
    return f(x)


def _jit_fullgraph(ms, x, y):
    @ms.jit(fullgraph=True)
    def f(a, b):
        return ms.ops.matmul(a, b.T)
    return f(x, y)


def _jit_call_form(ms, x):
    def f(a):
        return a * a + 2
    return ms.jit(f)(x), ms.jit(f, jit_level="O0")(x)


def _jit_python_scalars(ms, x):
    @ms.jit
    def f(a, k, n):
        return a * k + n
    return f(x, 2.5, 3), f(x, 0.5, -1)


def _jit_int_scalar_only(ms):
    @ms.jit
    def f(k, n):
        return k * n + 1
    return f(3, 4)


def _jit_tuple_arg(ms, x, y):
    @ms.jit
    def f(pair):
        return pair[0] + pair[1], pair[0] * pair[1]
    return f((x, y))


def _jit_list_arg(ms, x, y):
    @ms.jit
    def f(items):
        return items[0] - items[1] * 2
    return f([x, y])


def _jit_dict_arg(ms, x, y):
    @ms.jit
    def f(d):
        return d["a"] * d["b"]
    return f({"a": x, "b": y})


def _jit_return_tuple(ms, x):
    @ms.jit
    def f(a):
        return a + 1, a * 2, a.sum()
    return f(x)


def _jit_return_constant(ms, x):
    @ms.jit
    def f(a):
        return 7
    return f(x)


def _jit_return_mixed(ms, x):
    @ms.jit
    def f(a):
        return a * 2, 3
    return f(x)


def _jit_return_none(ms, x):
    @ms.jit
    def f(a):
        b = a * 2
        return None
    return f(x)


def _jit_no_return(ms, x):
    @ms.jit
    def f(a):
        b = a + 1
    return f(x)


def _jit_nested(ms, x, y):
    @ms.jit
    def inner(a, b):
        return a * b
    @ms.jit
    def outer(a, b):
        return inner(a, b) + inner(b, b)
    return outer(x, y)


def _jit_calls_plain(ms, x):
    def helper(a):
        return ms.ops.tanh(a) * 2
    @ms.jit
    def f(a):
        return helper(a) + helper(a * 2)
    return f(x)


def _jit_closure_param(ms, x):
    w = _param(ms, V3, "jit_tf_w")
    @ms.jit
    def f(a):
        return a * w + 1
    first = f(x)
    ms.ops.assign(w, ms.Tensor(POS))   # (after set_data, MindSpore's compiled f keeps the old value)
    return first, f(x)


def _jit_closure_param_assign(ms, x):
    acc = _param(ms, np.zeros(3, np.float32), "jit_tf_acc", requires_grad=False)
    @ms.jit
    def f(a):
        ms.ops.assign_add(acc, a)
        return acc * 2
    f(x)
    out = f(x)
    return out, acc.value()


def _jit_two_shapes(ms, x, y):
    @ms.jit
    def f(a):
        return a.sum(axis=0) * 2
    return f(x), f(y)


def _jit_default_arg(ms, x):
    @ms.jit
    def f(a, k=3.0):
        return a * k
    return f(x), f(x, 0.5)


def _jit_kwargs_call(ms, x, y):
    @ms.jit
    def f(a, b):
        return a - b
    return f(a=x, b=y), f(x, b=y)


def _jit_varargs(ms, x, y):
    @ms.jit
    def f(*args):
        return args[0] * args[1] + args[0]
    return f(x, y)


def _jit_grad_inside(ms, x):
    def g(a):
        return (a * a * a).sum()
    @ms.jit
    def f(a):
        return ms.grad(g)(a)
    return f(x)


def _jit_grad_of_jit(ms, x):
    @ms.jit
    def f(a):
        return (ms.ops.sin(a) * a).sum()
    return ms.grad(f)(x)


def _jit_cell_construct(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _param(ms, V3, "jitc_w")

        @ms.jit
        def construct(self, a):
            return a * self.w - 1
    net = Net()
    return net(x), net(x * 2)


def _jit_cell_method(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _param(ms, V3, "jitm_w")

        @ms.jit
        def scaled(self, a, k):
            return a * self.w * k

        def construct(self, a):
            return self.scaled(a, 2.0) + 1
    net = Net()
    return net(x), net.scaled(x, 3.0)


def _jit_cell_instance(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _param(ms, V3, "jiti_w")

        def construct(self, a):
            return ms.ops.relu(a + self.w)
    return ms.jit(Net())(x)


def _jit_cell_param_update(ms, x):
    class Counter(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.total = _param(ms, np.zeros(3, np.float32), "jitu_total", requires_grad=False)

        @ms.jit
        def construct(self, a):
            self.total = self.total + a
            return self.total * 1
    net = Counter()
    net(x)
    return net(x), net.total.value()


def _jit_recompile_scalar(ms, x):
    @ms.jit
    def f(a, k):
        return a * k
    return tuple(f(x, k) for k in (1, 2, 3.5))


def _jit_return_list(ms, x):
    @ms.jit
    def f(a):
        return [a + 1, a * 3]
    return f(x)


def _jit_return_dict(ms, x):
    @ms.jit
    def f(a):
        return {"double": a * 2, "neg": -a}
    out = f(x)
    return out["double"], out["neg"], sorted(out.keys())


def _jit_dtype_arg(ms, x):
    @ms.jit
    def f(a, dt):
        return ms.ops.cast(a, dt) * 2
    return f(x, ms.int32), f(x, ms.float16)


def _jit_tensor_inside(ms, x):
    @ms.jit
    def f(a):
        c = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
        return a + c, ms.ops.ones((2,), ms.int32)
    return f(x)


def _jit_shape_loop(ms, x):
    @ms.jit
    def f(a):
        out = a[0] * 0
        for i in range(a.shape[0]):
            out = out + a[i] * i
        return out
    return f(x)


def _jit_identity(ms, x):
    @ms.jit
    def f(a):
        return a
    return f(x)


def _jit_int_tensor_ops(ms, x, y):
    @ms.jit
    def f(a, b):
        return a // 3, a % 4, (a * b).sum(), a > b
    return f(x, y)


def _jit_tuple_of_constants(ms, x):
    @ms.jit
    def f(a):
        return (1, 2.5, True), a.shape, a.ndim
    return f(x)


def _jit_string_arg(ms, x):
    @ms.jit
    def f(a, mode):
        if mode == "double":
            return a * 2
        return a
    return f(x, "double"), f(x, "same")


def _jit_none_arg(ms, x):
    @ms.jit
    def f(a, b=None):
        if b is None:
            return a + 1
        return a + b
    return f(x), f(x, x)


def _jit_nested_structure_arg(ms, x, y):
    @ms.jit
    def f(data):
        (a, b), c = data
        return a * c["k"] + b
    return f(((x, y), {"k": 2.0}))


def _jit_cell_grad_train_step(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _param(ms, V3, "jts_w")

        def construct(self, a):
            return (a * self.w).sum() ** 2
    net = Net()
    grad_fn = ms.value_and_grad(net, None, net.trainable_params())
    @ms.jit
    def step(a):
        loss, grads = grad_fn(a)
        ms.ops.assign_sub(net.w, grads[0] * 0.1)
        return loss
    l1 = step(x)
    l2 = step(x)
    return l1, l2, net.w.value()


def _jit_param_argument(ms, x):
    p = _param(ms, V3, "jit_parg")
    @ms.jit
    def f(w, a):
        ms.ops.assign(w, w * a)
        return w + 0
    out = f(p, x)
    return out, p.value()


def _jit_list_append(ms, x):
    @ms.jit
    def f(a):
        out = []
        for i in range(3):
            out.append(a * i)
        return out[0] + out[1] + out[2], len(out)
    return f(x)


def _jit_iterate_tensor(ms, x):
    @ms.jit
    def f(a):
        total = a[0] * 0
        for row in a:
            total = total + row * row
        return total
    return f(x)


def _jit_enumerate_zip(ms, x, y):
    @ms.jit
    def f(a, b):
        out = a * 0
        for i, (u, w) in enumerate(zip((a, b), (b, a))):
            out = out + u * w * (i + 1)
        return out
    return f(x, y)


def _jit_static_shape_if(ms, x, y):
    @ms.jit
    def f(a):
        if a.shape[0] > 3:
            return a.sum(axis=0)
        return a.sum(axis=1)
    return f(x), f(y)


def _jite_shape_mismatch(ms, x, v4):
    @ms.jit
    def f(a, b):
        return a + b
    return f(x, v4)


def _jit_cell_param_argument(ms, x):
    p = _param(ms, V3, "cell_parg")
    class Net(ms.nn.Cell):
        def construct(self, w, a):
            ms.ops.assign(w, w * a)
            return w + 0
    out = Net()(p, x)
    return out, p.value()


def _jit_cell_class(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _param(ms, V3, "jitk_w")

        def construct(self, a):
            return a * self.w + 2
    Net = ms.jit(Net)
    return Net()(x)


def _jit_method_of_cell(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _param(ms, V3, "jitb_w")

        def construct(self, a):
            return a - self.w

        def twice(self, a):
            return self.construct(a) * 2
    net = Net()
    return ms.jit(net.twice)(x)


CASES = (
    both_modes("jit/tf_decorator_plain", _jit_plain, X43, Y43)
    + both_modes("jit/tf_decorator_parens", _jit_parens, X43, Y43)
    + both_modes("jit/tf_jit_level_o1", _jit_level_o1, X43)
    + both_modes("jit/tf_capture_ast", _jit_capture_ast, X43)
    + both_modes("jit/tf_fullgraph", _jit_fullgraph, X43, Y43)
    + both_modes("jit/tf_call_form", _jit_call_form, V4)
    + both_modes("jit/tf_python_scalars", _jit_python_scalars, V3)
    + both_modes("jit/tf_int_scalars_only", _jit_int_scalar_only)
    + both_modes("jit/tf_tuple_arg", _jit_tuple_arg, X43, Y43)
    + both_modes("jit/tf_list_arg", _jit_list_arg, X43, Y43)
    + both_modes("jit/tf_dict_arg", _jit_dict_arg, X43, Y43)
    + both_modes("jit/tf_return_tuple", _jit_return_tuple, V3)
    + both_modes("jit/tf_return_constant", _jit_return_constant, V3)
    + both_modes("jit/tf_return_mixed", _jit_return_mixed, V3)
    + both_modes("jit/tf_return_none", _jit_return_none, V3)
    + both_modes("jit/tf_no_return", _jit_no_return, V3)
    + both_modes("jit/tf_nested_jit", _jit_nested, X43, Y43)
    + both_modes("jit/tf_calls_plain_fn", _jit_calls_plain, V4)
    + both_modes("jit/tf_closure_param", _jit_closure_param, V3)
    + both_modes("jit/tf_closure_param_assign", _jit_closure_param_assign, V3)
    + both_modes("jit/tf_two_shapes", _jit_two_shapes, X43, X34)
    + both_modes("jit/tf_default_arg", _jit_default_arg, V3)
    + both_modes("jit/tf_kwargs_call", _jit_kwargs_call, V3, POS)
    + both_modes("jit/tf_varargs", _jit_varargs, V3, POS)
    + both_modes("jit/tf_grad_inside", _jit_grad_inside, V3)
    + both_modes("jit/tf_grad_of_jit", _jit_grad_of_jit, V3)
    + both_modes("jit/tf_cell_construct", _jit_cell_construct, V3)
    + both_modes("jit/tf_cell_method", _jit_cell_method, V3)
    + both_modes("jit/tf_cell_instance", _jit_cell_instance, NEG)
    + both_modes("jit/tf_cell_param_update", _jit_cell_param_update, V3)
    + both_modes("jit/tf_cell_class", _jit_cell_class, V3)
    + both_modes("jit/tf_bound_method", _jit_method_of_cell, V3)
    + both_modes("jit/tf_recompile_scalar", _jit_recompile_scalar, V3)
    + both_modes("jit/tf_return_list", _jit_return_list, V3)
    + both_modes("jit/tf_return_dict", _jit_return_dict, V3)
    + both_modes("jit/tf_dtype_arg", _jit_dtype_arg, V3)
    + both_modes("jit/tf_tensor_inside", _jit_tensor_inside, V3)
    + both_modes("jit/tf_shape_loop", _jit_shape_loop, X43)
    + both_modes("jit/tf_identity", _jit_identity, I32(3, 2))
    + both_modes("jit/tf_int_tensor_ops", _jit_int_tensor_ops, I32(3, 2), I32(3, 2, seed=5))
    + both_modes("jit/tf_tuple_of_constants", _jit_tuple_of_constants, X43)
    + both_modes("jit/tf_string_arg", _jit_string_arg, V3)
    + both_modes("jit/tf_none_arg", _jit_none_arg, V3)
    + both_modes("jit/tf_nested_structure_arg", _jit_nested_structure_arg, V3, POS)
    + both_modes("jit/tf_train_step", _jit_cell_grad_train_step, V3)
    + both_modes("jit/tf_parameter_argument", _jit_param_argument, V3)
    + both_modes("jit/tf_cell_parameter_argument", _jit_cell_param_argument, V3)
    + both_modes("jit/tf_list_append", _jit_list_append, V3)
    + both_modes("jit/tf_iterate_tensor", _jit_iterate_tensor, X43)
    + both_modes("jit/tf_enumerate_zip", _jit_enumerate_zip, V3, POS)
    + both_modes("jit/tf_static_shape_if", _jit_static_shape_if, X43, X34)
    + both_modes("jit/tf_shape_mismatch", _jite_shape_mismatch, X43, V4, error=True)
)
