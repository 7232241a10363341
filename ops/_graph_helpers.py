"""Graph/functional helpers: ``stop_gradient``, ``depend``, ``partial``, ``vmap``, and the
``mindspore.ops.functional`` helpers of MindSpore's graph compiler (``make_tuple``,
``tuple_getitem``, ``typeof``, ``switch``, ...), which here are the Python operations they
stand for (the scalar ones are in ``_scalar.py``); the Python-level loop Primitives
(``WhileLoop``, ``ForiLoop``, ``Scan``), ``UpdateState`` and ``move_to``/``MoveTo``. The composite objects (``MultitypeFuncGraph``, ``HyperMap``, ...)
live in ``ops/composite`` and are registered here.
"""
import functools
import numbers
import types

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

from mscompat.common import dtype as mstype
from mscompat._graph_print import in_compiled
from ._args import arr, Tensor
from ._registry import op, primitive, register_primitive_class
from .primitive import Primitive, prim_attr_register
from ._scalar import _NUM, _uniform2
from . import composite as _C
from .composite import _env
from .composite.multitype import type_tags, type_name_check

_wrap = Tensor._wrap

# ----------------------------------------------------------------------------------------
# composite objects (defined in ops/composite)
for _n in _C.__all__:
    op(_n)(getattr(_C, _n))


# ----------------------------------------------------------------------------------------
# gradient barriers, ordering, partial application, vmap

def _stop(x):
    if isinstance(x, Tensor):
        return _wrap(lax.stop_gradient(arr(x)))
    if isinstance(x, tuple):
        return tuple(_stop(v) for v in x)
    if isinstance(x, list):
        return [_stop(v) for v in x]
    if isinstance(x, dict):
        return {k: _stop(v) for k, v in x.items()}
    return x


@op("stop_gradient")
def stop_gradient(value):
    """``value`` (Tensors in nested tuples/lists/dicts too) with its gradient cut."""
    return _stop(value)


@op("stop_gradient_")
def stop_gradient_(input):
    """In-place ``stop_gradient``: ``input`` itself stops the gradient from now on."""
    if not isinstance(input, Tensor):
        raise TypeError(f"For 'InplaceStopGradient', the type of 'input' must be Tensor, "
                        f"but got {type(input).__name__}.")
    input._data = lax.stop_gradient(arr(input))


primitive("StopGradient", stop_gradient)


@op("depend")
def depend(value, expr):
    """``value``; ``expr`` is evaluated before it (JAX orders by data dependence, so the
    call has no further effect)."""
    return value


primitive("Depend", depend)


@op("partial")
def partial(func, *args, **kwargs):
    """``func`` with its first arguments bound (``functools.partial``); keyword arguments too
    inside compiled code (GRAPH_MODE, ``ms.jit``), where MindSpore accepts them."""
    if kwargs and not in_compiled():
        raise TypeError(f"partial() got an unexpected keyword argument '{next(iter(kwargs))}'")
    return functools.partial(func.__call__, *args, **kwargs)


primitive("Partial", None, call=lambda prim, *args: partial(*args))


from mscompat import _state, _graph  # noqa: E402
from . import _vmap_axes as _vx  # noqa: E402


@op("vmap")
def vmap(fn, in_axes=0, out_axes=0):
    """``fn`` vectorized over the axes ``in_axes`` of its inputs (``jax.vmap`` on Tensors).

    Axis specifications are checked like MindSpore's (``RuntimeError`` for every malformed
    one, see ``ops/_vmap_axes.py``); results that are lists come back as tuples and Python
    numbers as Tensors broadcast along the mapped axis."""
    def after_vmap(*args, **kwargs):
        if kwargs:
            raise RuntimeError(f"Got an unexpected keyword argument '{next(iter(kwargs))}'")
        if not callable(fn):
            raise RuntimeError(f"'VmapOperation' arg0 must be a 'Function' or 'Cell', but got "
                               f"{type(fn).__name__} {fn!r}.")
        _vx.check_axes_type(out_axes, "out_axes")
        args = _vx.plain_args(args)
        from mscompat.nn import CellList  # cycle: nn is built on ops
        if isinstance(fn, CellList):
            # model ensembling: cell k runs with its own Parameters on example k; the cells'
            # Parameter values are stacked and mapped along axis 0 (cell 0 runs them all)
            # cell k's writes to its own Parameters come back stacked and are written to cell k's
            # Parameters after the call (a write inside a differentiated call passes no gradient
            # to the written value, as outside vmap)
            cells = list(fn)
            plist = _vx.ensemble_params(cells)
            axes = (0,) + _vx.in_axes_for(in_axes, args, ensemble=len(cells))
            stacked = [jnp.stack([arr(p) for p in col]) for col in zip(*plist)]
            args = (stacked,) + tuple(args)
            outer = _state.current()
            differentiable = outer is not None and outer.differentiable

            def call(values, *a):
                with _state.Scope(plist[0], values, differentiable=differentiable) as cell_scope:
                    out = cells[0](*a)
                meta["written"] = [i for i, p in enumerate(plist[0]) if id(p) in cell_scope.written]
                return out, tuple(cell_scope.values[id(plist[0][i])] for i in meta["written"])
        else:
            axes = _vx.in_axes_for(in_axes, args)
            plist = None

            def call(*a):
                return fn(*a), ()
        meta = {}

        def in_scope(*a):
            # Parameters read inside are unbatched constants of the mapped function (state
            # threading, DESIGN section 2); writing one inside vmap has no meaning per example.
            with _state.Scope() as scope:
                out, cell_writes = call(*a)
                out = _vx.normalize_outputs(out)
            if scope.written:
                names = ", ".join(p.name for p in scope.written_params())
                raise RuntimeError(f"For 'vmap', the mapped function writes Parameter(s) {names}; "
                                   "Parameters cannot be updated inside vmap. Update them outside the "
                                   "vmapped function.")
            leaf_axes = _vx.out_leaf_axes(out_axes, out)
            leaves, meta["tree"] = jax.tree_util.tree_flatten(out)
            meta["axes"] = leaf_axes
            # mapped results come out on axis 0 (moved below); out_axes None must be unbatched
            return (tuple(x for x, ax in zip(leaves, leaf_axes) if ax is not None),
                    tuple(x for x, ax in zip(leaves, leaf_axes) if ax is None), cell_writes)

        try:
            mapped, unmapped, cell_writes = jax.vmap(in_scope, in_axes=axes, out_axes=(0, None, 0))(*args)
        except ValueError as e:
            if "got axis spec None but output was batched" in str(e):
                raise RuntimeError("It is invalid that source is not None and dst is None.") from None
            raise
        except jax.errors.TracerBoolConversionError:
            # Python control flow on a per-example value: MindSpore's vmap refuses it too
            raise ValueError("In the scenario where vmap contains control flow, currently only the case of each "
                             "batch branch with the same processing operations is supported: a Python 'if' or "
                             "'while' on a mapped value cannot be vectorized. Use ops.select / ops.where "
                             "instead.") from None
        for i, values in zip(meta.get("written", ()), cell_writes):
            for k, cell_params in enumerate(plist):
                cell_params[i]._data = values[k]
        mapped, unmapped = iter(mapped), iter(unmapped)
        leaves = [next(unmapped) if ax is None else jnp.moveaxis(next(mapped), 0, ax) for ax in meta["axes"]]
        return jax.tree_util.tree_unflatten(meta["tree"], leaves)
    return _graph.compiled_when_graph(after_vmap)


# ----------------------------------------------------------------------------------------
# sequences, dicts, slices, strings

def _check_type(op_name, x, kinds, what):
    if not isinstance(x, kinds):
        raise TypeError(f"For '{op_name}', input[0] should be {what}, but got {type(x).__name__}.")


@op("make_tuple")
def make_tuple(*elements):
    return tuple(elements)


@op("make_list")
def make_list(*elements):
    return list(elements)


def _index(op_name, seq, index):
    if isinstance(index, Tensor):
        index = int(index)
    if isinstance(index, bool) or not isinstance(index, numbers.Integral):
        raise TypeError(f"For '{op_name}', the index should be an int, but got {type(index).__name__}.")
    n = len(seq)
    if not -n <= index < n:
        raise IndexError(f"{op_name} evaluator index should be in range[{-n}, {n}), but got {index}.")
    return int(index)


@op("tuple_getitem")
def tuple_getitem(data, index):
    _check_type("TupleGetItem", data, (tuple, list), "Tuple")
    return data[_index("TupleGetItem", data, index)]


@op("list_getitem")
def list_getitem(data, index):
    _check_type("list_getitem", data, (list, tuple), "List")
    return data[_index("list_getitem", data, index)]


@op("tuple_setitem")
def tuple_setitem(data, index, value):
    _check_type("tuple_setitem", data, tuple, "Tuple")
    out = list(data)
    out[_index("tuple_setitem", data, index)] = value
    return tuple(out)


@op("list_setitem")
def list_setitem(data, index, value):
    _check_type("list_setitem", data, list, "List")
    out = list(data)
    out[_index("list_setitem", data, index)] = value
    return out


@op("tuple_len")
def tuple_len(data):
    _check_type("sequence_len", data, (tuple, list), "Tuple or List")
    return len(data)


op("list_len")(tuple_len)


@op("tuple_reversed")
def tuple_reversed(data):
    if not isinstance(data, tuple):
        raise TypeError(f"For 'tuple_reversed', input[0] should be Tuple, but got {type(data).__name__}.")
    return tuple(reversed(data))


@op("tuple_equal")
def tuple_equal(x, y):
    return tuple(x) == tuple(y) if isinstance(x, tuple) and isinstance(y, tuple) else False


@op("list_equal")
def list_equal(x, y):
    return list(x) == list(y) if isinstance(x, list) and isinstance(y, list) else False


@op("tuple_div")
def tuple_div(x, y):
    """Element-wise exact integer division of two shapes."""
    if len(x) != len(y):
        raise ValueError(f"The size of inputs of 'tuple_div' operator must be the same, but the size of divisor "
                         f"tuple is {len(y)}, the size of dividend tuple is {len(x)}.")
    out = []
    for a, b in zip(x, y):
        if b == 0:
            raise ValueError("The divisor value should not be 0!")
        if a % b:
            raise RuntimeError(f"The inputs of 'tuple_div' operator should be divisible, but they are not "
                               f"divisible now, the dividend is {a}, the divisor is {b}.")
        out.append(a // b)
    return tuple(out)


@op("dict_getitem")
def dict_getitem(data, key):
    _check_type("dict_getitem", data, dict, "Dictionary")
    if key not in data:
        raise KeyError(f"The key {key} does not exist in the dict.")
    return data[key]


@op("dict_setitem")
def dict_setitem(data, key, value):
    _check_type("dict_setitem", data, dict, "Dictionary")
    out = dict(data)
    out[key] = value
    return out


@op("make_dict")
def make_dict(keys, values):
    for i, v in enumerate((keys, values)):
        if not isinstance(v, (tuple, list)):
            raise TypeError(f"For 'make_dict', input[{i}] should be Sequence, but got {type(v).__name__}.")
    if len(keys) != len(values):
        raise RuntimeError(f"make_dict evaluator keys' size is not equal with values' size, got "
                           f"{len(keys)} and {len(values)}.")
    return dict(zip(keys, values))


@op("in_dict")
def in_dict(key, data):
    _check_type("in_dict", data, dict, "Dictionary")
    return key in data


@op("not_in_dict")
def not_in_dict(key, data):
    _check_type("not_in_dict", data, dict, "Dictionary")
    return key not in data


@op("make_slice")
def make_slice(start, stop, step):
    return slice(start, stop, step)


@op("SliceGetItem")
def SliceGetItem(slice_value, attr):
    if attr not in ("start", "stop", "step"):
        raise ValueError(f"For 'SliceGetItem', the attribute should be 'start', 'stop' or 'step', but got {attr}.")
    return getattr(slice_value, attr)


@op("make_range")
def make_range(start, stop=None, step=1):
    """``tuple(range(start, stop, step))`` (``make_range(n)`` is ``range(n)``)."""
    for i, v in enumerate((start, stop, step)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, numbers.Integral)):
            raise TypeError(f"For 'make_range', the {i}th input should be a int scalar but got {v!r}.")
    if stop is None:
        start, stop = 0, start
    if step == 0:
        raise RuntimeError("For 'range', the argument 'step' could not be 0.")
    return tuple(range(int(start), int(stop), int(step)))


def _string_args(x, y):
    # graph-mode MindSpore's evaluator: RuntimeError "The expected is String, not Int64"
    for v in (x, y):
        if not isinstance(v, str):
            if not isinstance(v, _NUM):
                raise RuntimeError("Expect scalar arguments for uniform primitives.")
            raise RuntimeError(f"The expected is String, not {type(v).__name__}")


@op("string_concat")
@_uniform2
def string_concat(x, y):
    _string_args(x, y)
    return x + y


@op("string_eq")
@_uniform2
def string_eq(x, y):
    _string_args(x, y)
    return x == y


# ----------------------------------------------------------------------------------------
# types

def _elem_type(x):
    if isinstance(x, Tensor) or (hasattr(x, "shape") and isinstance(getattr(x, "dtype", None), mstype.Type)):
        return mstype.TensorType(x.dtype)
    if isinstance(x, (bool, np.bool_)):
        return mstype.bool_
    if isinstance(x, numbers.Integral):
        return mstype.int64
    if isinstance(x, numbers.Real):
        return mstype.float32
    if isinstance(x, str):
        return mstype.string
    if x is None:
        return mstype.none
    if isinstance(x, (tuple, list)):
        items = [str(_elem_type(v)) for v in x]
        kind = "Tuple" if isinstance(x, tuple) else "List"
        if items and all(i == items[0] for i in items):
            name = f"{kind}[{items[0]}*{len(items)}]"
        else:
            name = f"{kind}[{', '.join(items)}]"
        return (mstype.Tuple if kind == "Tuple" else mstype.List)(name)
    if isinstance(x, mstype.Type):
        return mstype.Type("TypeType")
    if isinstance(x, dict):
        return mstype.Type("Dictionary")
    if callable(x):
        return mstype.Type("Function")
    return mstype.Type(type(x).__name__)


@op("typeof")
def typeof(x):
    """The MindSpore type of ``x`` (``Tensor[Float32]``, ``Int64``, ``Tuple[Int64*2]``, ...)."""
    return _elem_type(x)


_TOP_TYPES = {   # Python type -> the generic MindSpore type TopTypeof gives (no element types)
    slice: lambda: mstype.Type("Slice"), list: mstype.List, tuple: mstype.Tuple, type(None): lambda: mstype.none,
    int: mstype.Int, bool: mstype.Bool, type(...): lambda: mstype.Type("Ellipsis"),
    dict: lambda: mstype.Type("Dictionary"),
}


@register_primitive_class
class TopTypeof(Primitive):
    """``TopTypeof()(x)``: the top-level type of ``x`` without its details (``Tensor``, ``Tuple``,
    ``Int``, ...), the fast path of :func:`typeof` for indexing code; other values give ``typeof``."""

    def __init__(self):
        Primitive.__init__(self, "TopTypeof")

    def __call__(self, x):
        if isinstance(x, Tensor):
            return mstype.TensorType()
        make = _TOP_TYPES.get(type(x))
        return make() if make is not None else _elem_type(x)


@op("hastype")
def hastype(x, type_):
    """Whether ``x`` is of MindSpore type ``type_`` (or a subtype)."""
    key = type_name_check(type_)
    return key in type_tags(x)


@op("isconstant")
def isconstant(x):
    """True unless ``x`` holds a value traced by a JAX transform."""
    leaves = jax.tree_util.tree_leaves(x)
    return not any(isinstance(v, jax.core.Tracer) for v in leaves)


def _convert_to_dynamic(x, is_dynamic_rank=False):
    """MindSpore's dynamic-shape test helper: hides the static shape (or rank) of ``x`` from its
    graph compiler. The value passes unchanged; XLA programs here are compiled per input shape,
    so there is nothing to hide."""
    if not isinstance(x, Tensor):
        raise TypeError(f"For 'ConvertToDynamic', input[0] should be Tensor, but got {_elem_type(x)}.")
    return x


primitive("ConvertToDynamic", _convert_to_dynamic, attrs=(("is_dynamic_rank", False, (bool,)),))


@op("is_tensor_bool_cond")
def is_tensor_bool_cond(x):
    if not isinstance(x, Tensor):
        raise TypeError(f"The input of IsTensorBoolCond should be a tensor but got {type(x).__name__}.")
    return True


@op("is_sequence_value_unknown")
def is_sequence_value_unknown(x):
    """mscompat sequences always have known values: False."""
    _check_type("IsShapeUnKnown", x, (tuple, list), "Tuple or List")
    return False


@op("is_sequence_shape_unknown")
def is_sequence_shape_unknown(x):
    """mscompat sequences always have known lengths: False."""
    _check_type("IsDimUnKnown", x, (tuple, list), "Tuple or List")
    return False


_DTYPE_ENUM = {mstype.bool_: 30, mstype.int8: 32, mstype.int16: 33, mstype.int32: 34, mstype.int64: 35,
               mstype.uint8: 37, mstype.uint16: 38, mstype.uint32: 39, mstype.uint64: 40,
               mstype.float16: 42, mstype.float32: 43, mstype.float64: 44, mstype.bfloat16: 45,
               mstype.complex64: 51, mstype.complex128: 52}


class DtypeToEnum(Primitive):
    """``DtypeToEnum()(op_name, arg_name, dtype)``: MindSpore's TypeId number of ``dtype``."""

    def __init__(self):
        Primitive.__init__(self, "DtypeToEnum")

    def __call__(self, op_name, arg_name, dtype):
        if not isinstance(dtype, mstype.Type) or dtype not in _DTYPE_ENUM:
            raise TypeError(f"For '{op_name}', the input '{arg_name}' should be mindspore dtype, but got {dtype}.")
        return _DTYPE_ENUM[dtype]


op("DtypeToEnum")(DtypeToEnum)


# ----------------------------------------------------------------------------------------
# control flow

def _concrete_bool(c):
    if isinstance(c, Tensor):
        c = c._data
    return bool(c)


@op("switch")
def switch(cond, true_branch, false_branch):
    """``true_branch if cond else false_branch``; a traced Tensor ``cond`` selects element-wise."""
    if isinstance(cond, Tensor) and isinstance(cond._data, jax.core.Tracer):
        return jax.tree_util.tree_map(lambda a, b: jnp.where(arr(cond).astype(bool), a, b),
                                      true_branch, false_branch)
    return true_branch if _concrete_bool(cond) else false_branch


@op("switch_layer")
def switch_layer(index, branches):
    """The branch ``branches[index]``; a traced ``index`` gives a function running ``lax.switch``."""
    if not isinstance(index, Tensor):
        raise TypeError(f"For 'switch_layer', input[0] should be Tensor, but got {type(index).__name__}.")
    if not isinstance(branches, (tuple, list)) or not branches:
        raise TypeError("For 'switch_layer', the branches should be a non-empty tuple of functions.")
    if isinstance(index._data, jax.core.Tracer):
        idx = jnp.clip(arr(index).astype(jnp.int32), 0, len(branches) - 1)
        return lambda *args: lax.switch(idx, list(branches), *args)
    i = int(index)
    if not -len(branches) <= i < len(branches):
        raise IndexError(f"For 'switch_layer', the index {i} is out of range [{-len(branches)}, {len(branches)}).")
    return branches[i]


# ----------------------------------------------------------------------------------------
# shape helpers

@op("reduced_shape")
def reduced_shape(shape, axis):
    """``shape`` with the ``axis`` dimensions set to 1 (all of them for an empty ``axis``)."""
    shape = tuple(shape)
    n = len(shape)
    axes = (axis,) if isinstance(axis, numbers.Integral) else tuple(axis)
    if not axes:
        return (1,) * n
    norm = set()
    for a in axes:
        if not -n <= a < n:
            raise ValueError(f"For 'reduced_shape', the axis {a} is out of range [{-n}, {n}).")
        norm.add(a % n)
    return tuple(1 if i in norm else s for i, s in enumerate(shape))


@op("broadcast_gradient_args")
def broadcast_gradient_args(x_shape, y_shape):
    """The axes along which the gradients of two broadcast operands must be summed."""
    if tuple(x_shape) == tuple(y_shape):
        return (), ()
    n = max(len(x_shape), len(y_shape))
    xs = (1,) * (n - len(x_shape)) + tuple(x_shape)
    ys = (1,) * (n - len(y_shape)) + tuple(y_shape)
    rx, ry = [], []
    for i, (a, b) in enumerate(zip(xs, ys)):
        if a == b:
            if a == 1:
                rx.append(i)
                ry.append(i)
            continue
        if a == 1:
            rx.append(i)
        elif b == 1:
            ry.append(i)
        else:
            raise RuntimeError("Not compatible shape input for BroadcastGradientArgs.")
    return tuple(rx), tuple(ry)


@op("array_to_scalar")
def array_to_scalar(x):
    """The Python number held by a 0-d Tensor."""
    if not isinstance(x, Tensor):
        raise TypeError(f"For 'array_to_scalar', input[0] should be Tensor, but got {type(x).__name__}.")
    if x.ndim != 0:
        raise RuntimeError(f"array_to_scalar requires zero size shape, but got shape {tuple(x.shape)}.")
    return x.item()


@op("array_reduce")
def array_reduce(fn, x, shape):
    """Reduce ``x`` with the binary function ``fn`` down to ``shape`` (dimensions of size 1)."""
    target = tuple(shape)
    out = x
    nd = len(x.shape)
    target = (1,) * (nd - len(target)) + target
    for ax in range(nd):
        if target[ax] == 1 and out.shape[ax] != 1:
            parts = [out[(slice(None),) * ax + (slice(i, i + 1),)] for i in range(out.shape[ax])]
            out = functools.reduce(fn, parts)
    return out


# ----------------------------------------------------------------------------------------
# precision cast

def _mp_cast(dst, x):
    if isinstance(x, Tensor):
        a = arr(x)
        if jnp.issubdtype(a.dtype, jnp.floating):
            np_dt = mstype.dtype_to_nptype(dst)
            return _wrap(a if a.dtype == np_dt else a.astype(np_dt))
        return x
    if isinstance(x, (tuple, list)):
        return tuple(_mp_cast(dst, v) for v in x)
    return x


@op("mixed_precision_cast")
def mixed_precision_cast(dst_type, input_x):
    """Floating-point Tensors of ``input_x`` (nested in tuples/lists too, returned as tuples)
    cast to ``dst_type``; other values unchanged."""
    return _mp_cast(mstype.to_dtype(dst_type), input_x)


# ----------------------------------------------------------------------------------------
# environments (composite/_env.py)

for _n in ("environ_create", "environ_set", "environ_get", "environ_add", "embed", "ref_to_embed"):
    op(_n)(getattr(_env, _n))
# ----------------------------------------------------------------------------------------
# loops (Python-level, as MindSpore's PyNative implementations)

_FUNC_TYPES = (types.FunctionType, types.MethodType)


def _check_func(prim, name, fn):
    if not isinstance(fn, _FUNC_TYPES):
        raise TypeError(f"For '{prim}', the type of '{name}' should be one of '['function', 'method']', "
                        f"but got type '{type(fn).__name__}'.")


def _loop_error(e):
    return ValueError(f"Invalid loop_func, please check input arguments and return value, error info: {e}")


@register_primitive_class
class WhileLoop(Primitive):
    """``WhileLoop()(cond_func, loop_func, init_val)``: ``while cond(val): val = loop(val)``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, cond_func, loop_func, init_val):
        _check_func("WhileLoop", "cond_func", cond_func)
        _check_func("WhileLoop", "loop_func", loop_func)
        val = init_val
        try:
            while cond_func(val):
                val = loop_func(val)
        except Exception as e:
            raise _loop_error(e) from e
        return val


@register_primitive_class
class ForiLoop(Primitive):
    """``ForiLoop()(lower, upper, loop_func, init_val, unroll=True)``: ``val = loop(i, val)``
    for ``i`` in ``range(lower, upper)``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, lower, upper, loop_func, init_val, unroll=True):
        for name, v in (("lower", lower), ("upper", upper)):
            if not isinstance(v, (int, Tensor)):
                raise TypeError(f"For 'ForiLoop', the type of '{name}' should be one of '['int', 'Tensor']', "
                                f"but got type '{type(v).__name__}'.")
        _check_func("ForiLoop", "loop_func", loop_func)
        val = init_val
        try:
            for i in range(lower, upper):
                val = loop_func(i, val)
        except Exception as e:
            raise _loop_error(e) from e
        return val


@register_primitive_class
class Scan(Primitive):
    """``Scan()(loop_func, init, xs, length=None, unroll=True)``: ``carry, y = loop(carry, x)``
    over ``xs``; returns ``(carry, [y, ...])``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, loop_func, init, xs, length=None, unroll=True):
        _check_func("Scan", "loop_func", loop_func)
        if xs is not None and not isinstance(xs, (list, tuple)):
            raise TypeError(f"For 'Scan', the type of 'xs' should be one of '['list', 'tuple', 'None']', "
                            f"but got type '{type(xs).__name__}'.")
        if xs is None:
            if isinstance(length, bool) or not isinstance(length, int):
                raise TypeError(f"For 'Scan', the type of 'length' should be 'int', "
                                f"but got type '{type(length).__name__}'.")
            xs = [None] * length
        carry, ys = init, []
        try:
            for x in xs:
                carry, y = loop_func(carry, x)
                ys.append(y)
        except Exception as e:
            raise _loop_error(e) from e
        return carry, ys
_DEVICES = ("CPU", "Ascend", "GPU")


@op("move_to")
def move_to(input, to="CPU", blocking=True):
    """A copy of ``input`` placed on ``to`` (mscompat keeps arrays on JAX's default device,
    which plays the role of every MindSpore device)."""
    if isinstance(input, (list, tuple)):   # documented: a list/tuple is converted to a Tensor first
        input = Tensor(input)
    if not isinstance(input, Tensor):
        raise TypeError(f"For 'move_to', the type of 'input' should be Tensor, but got {type(input).__name__}.")
    if to not in _DEVICES:
        raise ValueError(f"For 'move_to', the argument 'to' should be one of {list(_DEVICES)}, but got {to}.")
    if not isinstance(blocking, bool):
        raise TypeError(f"For 'move_to', the type of 'blocking' should be bool, but got {type(blocking).__name__}.")
    out = jnp.array(arr(input), copy=True)
    if blocking and not isinstance(out, jax.core.Tracer):
        out.block_until_ready()
    return _wrap(out)


@register_primitive_class
class MoveTo(Primitive):
    """``MoveTo()(input, to='CPU', blocking=True)``; see :func:`move_to`."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, input, to="CPU", blocking=True):
        return move_to(input, to, blocking)


@register_primitive_class
class UpdateState(Primitive):
    """``UpdateState()(state, *effects)``: the state token, unchanged (ordering of side effects
    is by data dependence in JAX)."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, *args):
        return args[0]
