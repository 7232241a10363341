"""Function transforms, ``ms.vmap`` / ``ops.vmap``: ``in_axes`` / ``out_axes`` forms, nested and
list/tuple arguments, Cells with Parameters (and CellList ensembles), composition with ``grad``
and ``jit``, in PyNative and GRAPH_MODE (bad axes: ``transforms_vmap_errors``).

MindSpore compiles these functions by parsing their source, so every compiled function is a
nested ``def`` or a Cell class (never a lambda). Most cases run in both modes (``both_modes``).
"""
import numpy as np

from parity_tests.harness import both_modes, I32
from parity_tests.cases._transforms_common import X43, Y43, X34, V3, V4, X234, W32, _param


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


CASES = (
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
)
