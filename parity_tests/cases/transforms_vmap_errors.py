"""Function transforms, ``ms.vmap`` bad input: malformed ``in_axes`` / ``out_axes``, axis-size
mismatches, out-of-range axes, non-callables, keyword and dict arguments, in PyNative and
GRAPH_MODE (MindSpore raises RuntimeError for every malformed axis specification).

MindSpore compiles these functions by parsing their source, so every compiled function is a
nested ``def`` or a Cell class (never a lambda). Most cases run in both modes (``both_modes``).
"""
from parity_tests.harness import both_modes
from parity_tests.cases._transforms_common import X43, Y43, V3, V4


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


CASES = (
    # bad input: MindSpore raises RuntimeError for every malformed axis specification
    both_modes("vmap/tf_in_axes_too_short", _vme_in_len, X43, V3, error=True)
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
