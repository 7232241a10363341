"""Function transforms: ``ms.vmap`` / ``ops.vmap`` (axes, Cells with Parameters, composition
with ``grad`` and ``jit``, bad axes), ``ms.jit`` (decorator forms, arguments and results,
nested jit, Cell methods, bad arguments) and Python control flow on Tensor values inside
compiled code (``ms.jit`` functions and GRAPH_MODE cells).

MindSpore compiles these functions by parsing their source, so every compiled function is a
nested ``def`` or a Cell class (never a lambda). Most cases run in both modes (``both_modes``).
"""
import numpy as np

from parity_tests.harness import both_modes, case, Raw, F32, I32

X43 = np.arange(12, dtype=np.float32).reshape(4, 3) / 4 - 1
Y43 = np.linspace(-1, 2, 12, dtype=np.float32).reshape(4, 3)
X34 = np.ascontiguousarray(X43.T)
V3 = np.array([0.5, -1.0, 2.0], np.float32)
V4 = np.array([1.0, 2.0, -3.0, 0.25], np.float32)
X234 = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 8 - 1
W32 = np.array([[0.5, -1.0], [1.5, 0.25], [-0.75, 2.0]], np.float32)
POS = np.array([0.5, 1.5, 2.5], np.float32)
NEG = np.array([-0.5, -1.5, -2.5], np.float32)


def _param(ms, value, name, requires_grad=True):
    return ms.Parameter(ms.Tensor(np.asarray(value)), name=name, requires_grad=requires_grad)


# =============================================================================================
# (a) vmap
# =============================================================================================
def _vm_default(ms, x, y):
    def f(a, b):
        return a * b + 1
    return ms.vmap(f)(x, y)


def _vm_ops_vmap(ms, x, y):
    def f(a, b):
        return ms.ops.reduce_sum(a * b)
    return ms.ops.vmap(f, 0, 0)(x, y)


def _vm_in_none(ms, x, v):
    def f(a, b):
        return a - b * 2
    return ms.vmap(f, in_axes=(0, None))(x, v)


def _vm_in_axis1(ms, x, v):
    def f(a, b):
        return a * b
    return ms.vmap(f, in_axes=(1, None))(x, v)


def _vm_out_axis1(ms, x, v):
    def f(a, b):
        return a * b
    return ms.vmap(f, in_axes=(0, None), out_axes=1)(x, v)


def _vm_negative_axes(ms, x, v):
    def f(a, b):
        return a + b
    return ms.vmap(f, in_axes=(-1, None), out_axes=-1)(x, v)


def _vm_negative_in_3d(ms, x):
    def f(a):
        return ms.ops.reduce_sum(a, 0)
    return ms.vmap(f, in_axes=-2)(x)


def _vm_list_in_axes(ms, x, y):
    def f(a, b):
        return a * b
    return ms.vmap(f, in_axes=[1, 0])(x, y)


def _vm_nested_in_axes(ms, x, xt, v):
    def f(pair, c):
        return pair[0] * pair[1] + c
    return ms.vmap(f, in_axes=((0, 1), None))((x, xt), v)


def _vm_nested_int_for_tuple(ms, x, y):
    def f(pair):
        return pair[0] - pair[1]
    return ms.vmap(f, in_axes=0)((x, y))


def _vm_nested_tuple_none(ms, x, v, w):
    def f(pair, c):
        return pair[0] * pair[1] + c
    return ms.vmap(f, in_axes=((0, None), 0))((x, v), w)


def _vm_multi_out(ms, x, v):
    def f(a, b):
        return a + b, a * b
    return ms.vmap(f, in_axes=(0, None), out_axes=(0, 1))(x, v)


def _vm_multi_out_int(ms, x, v):
    def f(a, b):
        return a + b, a * b - 1
    return ms.vmap(f, in_axes=(0, None), out_axes=1)(x, v)


def _vm_single_out_axes_tuple(ms, x):
    def f(a):
        return ms.ops.exp(a)
    return ms.vmap(f, out_axes=(1,))(x)


def _vm_list_out(ms, x, v):
    def f(a, b):
        return [a + b, a * b]
    return ms.vmap(f, in_axes=(0, None), out_axes=[0, 1])(x, v)


def _vm_list_arg(ms, x, xt, v):
    def f(items, c):
        return items[0] * items[1] + c
    return ms.vmap(f, in_axes=([0, 1], None))([x, xt], v)


def _vm_out_none_unbatched(ms, x, v):
    def f(a, b):
        return a + b, b * 2
    return ms.vmap(f, in_axes=(0, None), out_axes=(0, None))(x, v)


def _vm_constant_out(ms, x):
    def f(a):
        return a * 2, 3
    return ms.vmap(f)(x)


def _vm_scalar_reduce_out(ms, x):
    def f(a):
        return a.sum(), a.max()
    return ms.vmap(f, in_axes=1)(x)


def _vm_param_arg(ms, x):
    w = _param(ms, X43 * 2, "vm_arg_w")
    def f(a, b):
        return a * b
    return ms.vmap(f, in_axes=(0, 1))(w, x)


def _vm_nested_out_axes(ms, x, v):
    def f(a, b):
        return (a + b, a - b), a * b
    return ms.vmap(f, in_axes=(0, None), out_axes=((1, 0), 0))(x, v)


def _vm_broadcast_unbatched_out(ms, x, v):
    def f(a, b):
        return a * 2, b * 3
    return ms.vmap(f, in_axes=(0, None))(x, v)


def _vm_nested_vmap(ms, u, v):
    def outer(a, b):
        return a * b
    inner = ms.vmap(outer, in_axes=(None, 0))
    return ms.vmap(inner, in_axes=(0, None))(u, v)


def _vm_matmul(ms, x, w):
    def f(a, m):
        return ms.ops.matmul(a, m)
    return ms.vmap(f, in_axes=(0, None))(x, w)


def _vm_python_scalar(ms, x):
    def f(a, k):
        return a * k + 1
    return ms.vmap(f, in_axes=(0, None))(x, 2.5)


def _vm_int32(ms, x, y):
    def f(a, b):
        return a * b - a
    return ms.vmap(f)(x, y)


def _vm_reduce_keepdims(ms, x):
    def f(a):
        return a.max(axis=1, keepdims=True), ms.ops.mean(a)
    return ms.vmap(f, in_axes=2, out_axes=0)(x)


def _vm_cell(ms, x):
    class Lin(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _param(ms, W32, "vm_w")
            self.b = _param(ms, np.array([0.1, -0.2], np.float32), "vm_b")

        def construct(self, a):
            return ms.ops.matmul(a, self.w) + self.b
    net = Lin()
    out = ms.vmap(net, in_axes=0)(x)
    return out, net.w.value()


def _vm_cell_axis1(ms, x):
    class Scale(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.s = _param(ms, np.array([2.0, -1.0, 0.5], np.float32), "vm_s")

        def construct(self, a):
            return ms.ops.tanh(a * self.s)
    return ms.vmap(Scale(), in_axes=1, out_axes=1)(x)


def _vm_cell_two_inputs(ms, x, v):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.k = _param(ms, np.array([1.0, 2.0, 3.0], np.float32), "vm_k")

        def construct(self, a, b):
            return (a * self.k + b).sum(), a - b
    return ms.vmap(Net(), in_axes=(0, None), out_axes=(0, 1))(x, v)


def _vm_grad_of_vmap(ms, x, v):
    def f(a, b):
        return ms.ops.sin(a) * b
    def g(a, b):
        return ms.vmap(f, in_axes=(0, None))(a, b).sum()
    return ms.grad(g, (0, 1))(x, v)


def _vm_vmap_of_grad(ms, x, v):
    def f(a, b):
        return (a * a * b).sum()
    return ms.vmap(ms.grad(f), in_axes=(0, None))(x, v)


def _vm_vmap_of_grad_pos1(ms, x, v):
    def f(a, b):
        return (ms.ops.exp(a) * b).sum()
    return ms.vmap(ms.grad(f, 1), in_axes=(0, None))(x, v)


def _vm_value_and_grad_of_vmap(ms, x):
    def f(a):
        return (a * a).sum()
    def g(a):
        return ms.vmap(f)(a).sum()
    return ms.value_and_grad(g)(x)


def _vm_in_jit(ms, x, v):
    def f(a, b):
        return a * b + 1
    @ms.jit
    def h(a, b):
        return ms.vmap(f, in_axes=(0, None))(a, b) * 2
    return h(x, v)


def _vm_of_jit(ms, x, y):
    @ms.jit
    def f(a, b):
        return ms.ops.maximum(a, b)
    return ms.vmap(f, in_axes=(1, 1))(x, y)


def _vm_in_cell_construct(ms, x, v):
    def f(a, b):
        return a * b
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.vf = ms.vmap(f, in_axes=(0, None))

        def construct(self, a, b):
            return self.vf(a, b) + 1
    return Net()(x, v)


def _vm_grad_weights_cell(ms, x):
    class Lin(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _param(ms, W32, "vmg_w")

        def construct(self, a):
            return ms.ops.matmul(a, self.w)
    net = Lin()
    def loss(a):
        return ms.vmap(net)(a).sum()
    return ms.grad(loss, None, net.trainable_params())(x)


def _vm_reuse(ms, x, y):
    def f(a, b):
        return a * b
    vf = ms.vmap(f)
    return vf(x, y), vf(y, x)


def _ensemble(ms, n):
    class Lin(ms.nn.Cell):
        def __init__(self, k):
            super().__init__()
            self.w = _param(ms, W32 * (k + 1), f"ens_w{k}")
            self.b = _param(ms, np.array([0.1, -0.2], np.float32) * k, f"ens_b{k}")

        def construct(self, a):
            return ms.ops.matmul(a, self.w) + self.b
    return ms.nn.CellList([Lin(k) for k in range(n)])


def _vm_celllist_shared_input(ms, x):
    return ms.vmap(_ensemble(ms, 3), in_axes=None)(x)


def _vm_celllist_out_axis1(ms, x):
    return ms.vmap(_ensemble(ms, 3), in_axes=None, out_axes=1)(x)


def _vme_celllist_size(ms, x):
    return ms.vmap(_ensemble(ms, 3), in_axes=0)(x)


def _vm_dense(ms, x):
    dense = ms.nn.Dense(3, 2, weight_init=ms.Tensor(W32.T.copy()), bias_init=ms.Tensor(np.array([0.5, -0.5], np.float32)),
                        activation="relu")
    return ms.vmap(dense, in_axes=1)(x)


def _vm_softmax_rows(ms, x):
    def f(a):
        return ms.ops.softmax(a, axis=-1)
    return ms.vmap(f, in_axes=2, out_axes=2)(x)


def _vm_where_select(ms, x, y):
    def f(a, b):
        return ms.ops.where(a > b, a, b * 2)
    return ms.vmap(f, in_axes=(0, 0))(x, y)


def _vm_index_inside(ms, x):
    def f(a):
        return a[1:] - a[:-1], a[0]
    return ms.vmap(f)(x)


def _vm_three_nested(ms, x):
    def f(a):
        return a * a
    return ms.vmap(ms.vmap(ms.vmap(f)))(x)


def _vm_jit_grad_vmap(ms, x, v):
    def f(a, b):
        return (ms.ops.tanh(a) * b).sum()
    @ms.jit
    def g(a, b):
        return ms.vmap(ms.grad(f), in_axes=(0, None))(a, b)
    return g(x, v)


# --- vmap: bad input ---------------------------------------------------------------------------
def _vme_in_len(ms, x, v):
    def f(a, b):
        return a + b
    return ms.vmap(f, in_axes=(0,))(x, v)


def _vme_in_len3(ms, x, v):
    def f(a, b):
        return a + b
    return ms.vmap(f, in_axes=(0, None, 0))(x, v)


def _vme_in_str(ms, x, v):
    def f(a, b):
        return a + b
    return ms.vmap(f, in_axes="a")(x, v)


def _vme_in_float(ms, x, v):
    def f(a, b):
        return a + b
    return ms.vmap(f, in_axes=(0.5, None))(x, v)


def _vme_size_mismatch(ms, x, y):
    def f(a, b):
        return a + b
    return ms.vmap(f, in_axes=(0, 1))(x, y)


def _vme_all_none(ms, x, v):
    def f(a, b):
        return a + b
    return ms.vmap(f, in_axes=(None, None))(x, v)


def _vme_in_oob(ms, x):
    def f(a):
        return a * 2
    return ms.vmap(f, in_axes=2)(x)


def _vme_in_oob_neg(ms, x):
    def f(a):
        return a * 2
    return ms.vmap(f, in_axes=-3)(x)


def _vme_out_oob(ms, x):
    def f(a):
        return a * 2
    return ms.vmap(f, out_axes=2)(x)


def _vme_out_str(ms, x):
    def f(a):
        return a * 2
    return ms.vmap(f, out_axes="x")(x)


def _vme_out_len(ms, x, v):
    def f(a, b):
        return a + b, a * b
    return ms.vmap(f, in_axes=(0, None), out_axes=(0, 1, 0))(x, v)


def _vme_out_none_batched(ms, x, v):
    def f(a, b):
        return a + b, a * b
    return ms.vmap(f, in_axes=(0, None), out_axes=(0, None))(x, v)


def _vme_not_callable(ms, x):
    return ms.vmap(3)(x)


def _vme_scalar_mapped(ms, x):
    def f(a, b):
        return a + b
    return ms.vmap(f, in_axes=0)(x, 2.0)


def _vme_out_tuple_single(ms, x):
    def f(a):
        return a * 2
    return ms.vmap(f, out_axes=(0, 1))(x)


def _vme_in_tuple_for_tensor(ms, x):
    def f(a):
        return a * 2
    return ms.vmap(f, in_axes=((0, 1),))(x)


def _vme_bool_axis(ms, x):
    def f(a):
        return a * 2
    return ms.vmap(f, in_axes=True)(x)


def _vme_out_axes_none(ms, x, v):
    def f(a, b):
        return a + b, b * 2
    return ms.vmap(f, in_axes=(0, None), out_axes=None)(x, v)


def _vme_kwargs(ms, x, y):
    def f(a, b):
        return a + b
    return ms.vmap(f)(x, b=y)


def _vme_dict_arg(ms, x):
    def f(d):
        return d["a"] * 2
    return ms.vmap(f)({"a": x})


def _vme_out_oob_scalar(ms, x, v):
    def f(a, b):
        return a + b, ms.ops.reduce_sum(a)
    return ms.vmap(f, in_axes=(0, None), out_axes=1)(x, v)


def _vme_user_shape_error(ms, x, v4):
    def f(a, b):
        return a + b
    return ms.vmap(f, in_axes=(0, None))(x, v4)


def _vme_no_arguments(ms):
    def f():
        return 1
    return ms.vmap(f)()


VMAP_CASES = (
    both_modes("vmap/tf_default_axes", _vm_default, X43, Y43)
    + both_modes("vmap/tf_ops_vmap_reduce", _vm_ops_vmap, X43, Y43)
    + both_modes("vmap/tf_in_axes_none", _vm_in_none, X43, V3)
    + both_modes("vmap/tf_in_axis1", _vm_in_axis1, X34, V3)
    + both_modes("vmap/tf_out_axis1", _vm_out_axis1, X43, V3)
    + both_modes("vmap/tf_negative_axes", _vm_negative_axes, X34, V3)
    + both_modes("vmap/tf_negative_in_3d", _vm_negative_in_3d, X234)
    + both_modes("vmap/tf_list_in_axes", _vm_list_in_axes, X34, X43)
    + both_modes("vmap/tf_nested_in_axes", _vm_nested_in_axes, X43, X34, V3)
    + both_modes("vmap/tf_int_axes_tuple_arg", _vm_nested_int_for_tuple, X43, Y43)
    + both_modes("vmap/tf_nested_none", _vm_nested_tuple_none, X43, V3, V4)
    + both_modes("vmap/tf_multi_out_axes", _vm_multi_out, X43, V3)
    + both_modes("vmap/tf_multi_out_int", _vm_multi_out_int, X43, V3)
    + both_modes("vmap/tf_single_out_axes_tuple", _vm_single_out_axes_tuple, X43)
    + both_modes("vmap/tf_list_out", _vm_list_out, X43, V3)
    + both_modes("vmap/tf_list_arg", _vm_list_arg, X43, X34, V3)
    + both_modes("vmap/tf_out_none_unbatched", _vm_out_none_unbatched, X43, V3)
    + both_modes("vmap/tf_constant_out", _vm_constant_out, X43)
    + both_modes("vmap/tf_scalar_outs", _vm_scalar_reduce_out, X43)
    + both_modes("vmap/tf_parameter_arg", _vm_param_arg, X34)
    + both_modes("vmap/tf_nested_out_axes", _vm_nested_out_axes, X43, V3)
    + both_modes("vmap/tf_broadcast_unbatched", _vm_broadcast_unbatched_out, X43, V3)
    + both_modes("vmap/tf_nested_vmap", _vm_nested_vmap, V4, V3)
    + both_modes("vmap/tf_matmul", _vm_matmul, X43, W32)
    + both_modes("vmap/tf_python_scalar", _vm_python_scalar, X43)
    + both_modes("vmap/tf_int32", _vm_int32, I32(4, 3), I32(4, 3, seed=5))
    + both_modes("vmap/tf_reduce_two_out", _vm_reduce_keepdims, X234)
    + both_modes("vmap/tf_cell_params", _vm_cell, X43)
    + both_modes("vmap/tf_cell_axis1", _vm_cell_axis1, X43.reshape(3, 4))
    + both_modes("vmap/tf_cell_two_inputs", _vm_cell_two_inputs, X43, V3)
    + both_modes("vmap/tf_grad_of_vmap", _vm_grad_of_vmap, X43, V3)
    + both_modes("vmap/tf_vmap_of_grad", _vm_vmap_of_grad, X43, V3)
    + both_modes("vmap/tf_vmap_of_grad_pos1", _vm_vmap_of_grad_pos1, X43, V3)
    + both_modes("vmap/tf_value_and_grad_of_vmap", _vm_value_and_grad_of_vmap, X43)
    + both_modes("vmap/tf_inside_jit", _vm_in_jit, X43, V3)
    + both_modes("vmap/tf_of_jit_fn", _vm_of_jit, X34, Y43.T.copy())
    + both_modes("vmap/tf_in_cell_construct", _vm_in_cell_construct, X43, V3)
    + both_modes("vmap/tf_grad_weights_cell", _vm_grad_weights_cell, X43)
    + both_modes("vmap/tf_reuse", _vm_reuse, X43, Y43)
    + both_modes("vmap/tf_celllist_shared_input", _vm_celllist_shared_input, X43)
    + both_modes("vmap/tf_celllist_out_axis1", _vm_celllist_out_axis1, X43)
    + both_modes("vmap/tf_celllist_size_mismatch", _vme_celllist_size, X43, error=True)
    + both_modes("vmap/tf_nn_dense", _vm_dense, X34)
    + both_modes("vmap/tf_softmax_axis2", _vm_softmax_rows, X234)
    + both_modes("vmap/tf_where", _vm_where_select, X43, Y43)
    + both_modes("vmap/tf_slicing", _vm_index_inside, X43)
    + both_modes("vmap/tf_triple_nested", _vm_three_nested, X234)
    + both_modes("vmap/tf_jit_of_vmap_of_grad", _vm_jit_grad_vmap, X43, V3)
    # bad input: MindSpore raises RuntimeError for every malformed axis specification
    + both_modes("vmap/tf_in_axes_too_short", _vme_in_len, X43, V3, error=True)
    + both_modes("vmap/tf_in_axes_too_long", _vme_in_len3, X43, V3, error=True)
    + both_modes("vmap/tf_in_axes_str", _vme_in_str, X43, V3, error=True)
    + both_modes("vmap/tf_in_axes_float", _vme_in_float, X43, V3, error=True)
    + both_modes("vmap/tf_axis_size_mismatch", _vme_size_mismatch, X43, X43, error=True)
    + both_modes("vmap/tf_in_axes_all_none", _vme_all_none, X43, V3, error=True)
    + both_modes("vmap/tf_in_axis_oob", _vme_in_oob, X43, error=True)
    + both_modes("vmap/tf_in_axis_oob_negative", _vme_in_oob_neg, X43, error=True)
    + both_modes("vmap/tf_out_axis_oob", _vme_out_oob, X43, error=True)
    + both_modes("vmap/tf_out_axes_str", _vme_out_str, X43, error=True)
    + both_modes("vmap/tf_out_axes_too_long", _vme_out_len, X43, V3, error=True)
    + both_modes("vmap/tf_out_axes_none_batched", _vme_out_none_batched, X43, V3, error=True)
    + both_modes("vmap/tf_fn_not_callable", _vme_not_callable, X43, error=True)
    + both_modes("vmap/tf_scalar_arg_mapped", _vme_scalar_mapped, X43, error=True)
    + both_modes("vmap/tf_out_axes_tuple_single_out", _vme_out_tuple_single, X43, error=True)
    + both_modes("vmap/tf_in_axes_tuple_for_tensor", _vme_in_tuple_for_tensor, X43, error=True)
    + both_modes("vmap/tf_in_axes_bool", _vme_bool_axis, X43, error=True)
    + both_modes("vmap/tf_out_axes_single_none", _vme_out_axes_none, X43, V3, error=True)
    + both_modes("vmap/tf_keyword_argument", _vme_kwargs, X43, Y43, error=True)
    + both_modes("vmap/tf_dict_arg_mapped", _vme_dict_arg, X43, error=True)
    + both_modes("vmap/tf_out_axis_oob_scalar_out", _vme_out_oob_scalar, X43, V3, error=True)
    + both_modes("vmap/tf_fn_shape_error", _vme_user_shape_error, X43, V4, error=True)
    + both_modes("vmap/tf_no_arguments", _vme_no_arguments, error=True)
)


# =============================================================================================
# (b) jit
# =============================================================================================
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


# --- jit: bad arguments ---------------------------------------------------------------------
def _jite_capture_mode(ms, x):
    def f(a):
        return a
    return ms.jit(f, capture_mode="x")(x)


def _jite_jit_level(ms, x):
    def f(a):
        return a
    return ms.jit(f, jit_level="O3")(x)


def _jite_dynamic(ms, x):
    def f(a):
        return a
    return ms.jit(f, dynamic=2)(x)


def _jite_dynamic_type(ms, x):
    def f(a):
        return a
    return ms.jit(f, dynamic="1")(x)


def _jite_fullgraph_type(ms, x):
    def f(a):
        return a
    return ms.jit(f, fullgraph=1)(x)


def _jit_backend_unchecked(ms, x):
    def f(a):
        return a * 2
    return ms.jit(f, backend="foo")(x)


def _jit_options(ms, x):
    def f(a):
        return a + 1
    return ms.jit(f, exec_order="dfs", infer_boost="off", exc_mode="auto")(x)


def _jite_exec_order(ms, x):
    def f(a):
        return a
    return ms.jit(f, exec_order="x")(x)


def _jite_exec_order_type(ms, x):
    def f(a):
        return a
    return ms.jit(f, exec_order=1)(x)


def _jite_infer_boost(ms, x):
    def f(a):
        return a
    return ms.jit(f, infer_boost="maybe")(x)


def _jite_exc_mode(ms, x):
    def f(a):
        return a
    return ms.jit(f, exc_mode="x")(x)


def _jite_format_transform(ms, x):
    def f(a):
        return a
    return ms.jit(f, disable_format_transform="yes")(x)


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


def _jite_capture_mode_decorator(ms, x):
    @ms.jit(capture_mode="x")
    def f(a):
        return a
    return f(x)


def _jit_not_function(ms):
    return ms.jit(3)


JIT_CASES = (
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
    + [case("jit/tf_not_a_function", _jit_not_function)]
    + both_modes("jit/tf_bad_backend", _jit_backend_unchecked, V3, error=True)
    + both_modes("jit/tf_options", _jit_options, V3)
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
    # bad arguments
    + both_modes("jit/tf_bad_capture_mode", _jite_capture_mode, V3, error=True)
    + both_modes("jit/tf_bad_jit_level", _jite_jit_level, V3, error=True)
    + both_modes("jit/tf_bad_dynamic", _jite_dynamic, V3, error=True)
    + both_modes("jit/tf_bad_dynamic_type", _jite_dynamic_type, V3, error=True)
    + both_modes("jit/tf_bad_fullgraph_type", _jite_fullgraph_type, V3, error=True)
    + both_modes("jit/tf_bad_exec_order", _jite_exec_order, V3, error=True)
    + both_modes("jit/tf_bad_exec_order_type", _jite_exec_order_type, V3, error=True)
    + both_modes("jit/tf_bad_infer_boost", _jite_infer_boost, V3, error=True)
    + both_modes("jit/tf_bad_exc_mode", _jite_exc_mode, V3, error=True)
    + both_modes("jit/tf_bad_disable_format_transform", _jite_format_transform, V3, error=True)
    + [case("jit/tf_bad_capture_mode_decorator", _jite_capture_mode_decorator, V3, error=True)]
)


# =============================================================================================
# (c) Python control flow on Tensor values in compiled code
# =============================================================================================
def _cf_jit_if(ms, x):
    @ms.jit
    def f(a):
        if a.sum() > 0:
            out = a * 2
        else:
            out = a - 1
        return out
    return f(x)


def _cf_jit_if_no_else(ms, x):
    @ms.jit
    def f(a):
        out = a + 1
        if a.max() > 1:
            out = out * 3
        return out
    return f(x)


def _cf_jit_elif(ms, x):
    @ms.jit
    def f(a):
        s = a.sum()
        if s > 5:
            out = a * 2
        elif s > 0:
            out = a + 10
        else:
            out = -a
        return out
    return f(x)


def _cf_jit_if_return(ms, x):
    @ms.jit
    def f(a):
        if a[0] > 0:
            return a * 3
        return a - 3
    return f(x)


def _cf_jit_while(ms, x):
    @ms.jit
    def f(a):
        n = ms.Tensor(0, ms.int32)
        while a.sum() < 20:
            a = a * 2 + 1
            n = n + 1
        return a, n
    return f(x)


def _cf_jit_for_range(ms, x):
    @ms.jit
    def f(a):
        out = a
        for i in range(4):
            out = out * 0.5 + i
        return out
    return f(x)


def _cf_jit_for_with_if(ms, x):
    @ms.jit
    def f(a):
        out = a
        for _ in range(3):
            if out.sum() > 0:
                out = out - 1
            else:
                out = out + 2
        return out
    return f(x)


def _cf_jit_if_static_arg(ms, x):
    @ms.jit
    def f(a, flag):
        if flag:
            return a * 2
        return a + 2
    return f(x, True), f(x, False)


def _cf_jit_for_tuple(ms, x, y):
    @ms.jit
    def f(a, b):
        out = a * 0
        for t in (a, b, a * b):
            out = out + t
        return out
    return f(x, y)


def _cf_jit_while_counter(ms, x):
    @ms.jit
    def f(a):
        i = 0
        out = a
        while i < 3:
            out = out + a * i
            i = i + 1
        return out
    return f(x)


def _cf_cell_if(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _param(ms, V3, "cf_w")

        def construct(self, a):
            if (a * self.w).sum() > 0:
                out = a * self.w
            else:
                out = a + self.w
            return out
    net = Net()
    return net(x)


def _cf_cell_while(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, a):
            while a.max() < 10:
                a = a * 3
            return a
    return Net()(x)


def _cf_cell_for_if(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.b = _param(ms, np.array([0.25, -0.5, 1.0], np.float32), "cf_b")

        def construct(self, a):
            out = a
            for i in range(3):
                if out.sum() > 1:
                    out = out * 0.5
                else:
                    out = out + self.b
            return out
    return Net()(x)


def _cf_cell_grad_if(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, a):
            if a.sum() > 0:
                out = a * a
            else:
                out = a * 3
            return out.sum()
    return ms.grad(Net())(x)


def _cf_jit_while_break(ms, x):
    @ms.jit
    def f(a):
        i = 0
        while i < 10:
            a = a + 1
            if a.sum() > 8:
                break
            i = i + 1
        return a
    return f(x)


def _cf_jit_and_or(ms, x):
    @ms.jit
    def f(a):
        if a.max() > 1 and a.min() < 0:
            out = a * 2
        elif a.max() > 10 or a.min() > 0:
            out = a + 1
        else:
            out = a
        return out
    return f(x)


def _cf_jit_not(ms, x):
    @ms.jit
    def f(a):
        if not a.sum() > 0:
            return a - 5
        return a + 5
    return f(x)


def _cf_jit_ternary(ms, x):
    @ms.jit
    def f(a):
        b = a * 2 if a.sum() > 0 else a * -2
        return b + 1
    return f(x)


def _cf_jit_nested_if_in_while(ms, x):
    @ms.jit
    def f(a):
        n = 0
        while n < 4:
            if a[0] > 0:
                a = a - 0.5
            else:
                a = a + 0.25
            n = n + 1
        return a
    return f(x)


def _cf_jit_for_index(ms, x):
    @ms.jit
    def f(a):
        out = ms.ops.zeros_like(a[0])
        for i in range(3):
            if a[i].sum() > 0:
                out = out + a[i]
        return out
    return f(x)


def _cf_cell_param_branch(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.count = _param(ms, np.zeros(3, np.float32), "cfp_count", requires_grad=False)

        def construct(self, a):
            if a.sum() > 0:
                ms.ops.assign_add(self.count, a)
            else:
                ms.ops.assign_sub(self.count, a)
            return self.count + 0
    net = Net()
    net(x)
    return net(x * -1), net.count.value()


def _cf_cell_while_tensor_counter(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, a):
            i = ms.Tensor(0, ms.int32)
            total = a * 0
            while i < 5:
                total = total + a * ms.ops.cast(i, ms.float32)
                i = i + 1
            return total, i
    return Net()(x)


def _cf_jit_float_of_tensor(ms, x):
    @ms.jit
    def f(a):
        if float(a.sum()) > 0:
            return a * 10
        return a / 10
    return f(x)


def _cf_jit_branch_dtypes(ms, x):
    @ms.jit
    def f(a):
        if a.sum() > 0:
            out = a * 2
        else:
            out = a * 3
        return out, ms.ops.cast(out > 1, ms.int32)
    return f(x)


def _cf_jit_while_two_carries(ms, x):
    @ms.jit
    def f(a):
        b = a * 0 + 1
        while (a * b).sum() < 50:
            a = a + 1
            b = b * 2
        return a, b
    return f(x)


CONTROL_FLOW_CASES = (
    both_modes("control_flow/tf_jit_if_pos", _cf_jit_if, POS)
    + both_modes("control_flow/tf_jit_if_neg", _cf_jit_if, NEG)
    + both_modes("control_flow/tf_jit_if_no_else", _cf_jit_if_no_else, POS)
    + both_modes("control_flow/tf_jit_elif", _cf_jit_elif, V3)
    + both_modes("control_flow/tf_jit_elif_neg", _cf_jit_elif, NEG)
    + both_modes("control_flow/tf_jit_if_return", _cf_jit_if_return, NEG)
    + both_modes("control_flow/tf_jit_while", _cf_jit_while, V3)
    + both_modes("control_flow/tf_jit_for_range", _cf_jit_for_range, V3)
    + both_modes("control_flow/tf_jit_for_with_if", _cf_jit_for_with_if, V3)
    + both_modes("control_flow/tf_jit_if_static_arg", _cf_jit_if_static_arg, V3)
    + both_modes("control_flow/tf_jit_for_tuple", _cf_jit_for_tuple, V3, POS)
    + both_modes("control_flow/tf_jit_while_counter", _cf_jit_while_counter, V3)
    + both_modes("control_flow/tf_cell_if_pos", _cf_cell_if, POS)
    + both_modes("control_flow/tf_cell_if_neg", _cf_cell_if, NEG)
    + both_modes("control_flow/tf_cell_while", _cf_cell_while, POS)
    + both_modes("control_flow/tf_cell_for_if", _cf_cell_for_if, V3)
    + both_modes("control_flow/tf_cell_grad_if", _cf_cell_grad_if, NEG)
    + both_modes("control_flow/tf_jit_while_break", _cf_jit_while_break, V3)
    + both_modes("control_flow/tf_jit_and_or", _cf_jit_and_or, V3)
    + both_modes("control_flow/tf_jit_and_or_pos", _cf_jit_and_or, POS)
    + both_modes("control_flow/tf_jit_not", _cf_jit_not, NEG)
    + both_modes("control_flow/tf_jit_ternary", _cf_jit_ternary, NEG)
    + both_modes("control_flow/tf_jit_nested_if_in_while", _cf_jit_nested_if_in_while, V3)
    + both_modes("control_flow/tf_jit_for_index", _cf_jit_for_index, X43)
    + both_modes("control_flow/tf_cell_param_branch", _cf_cell_param_branch, V3)
    + both_modes("control_flow/tf_cell_while_tensor_counter", _cf_cell_while_tensor_counter, V3)
    + both_modes("control_flow/tf_jit_float_of_tensor", _cf_jit_float_of_tensor, NEG)
    + both_modes("control_flow/tf_jit_branch_dtypes", _cf_jit_branch_dtypes, V3)
    + both_modes("control_flow/tf_jit_while_two_carries", _cf_jit_while_two_carries, POS)
)

CASES = VMAP_CASES + JIT_CASES + CONTROL_FLOW_CASES
