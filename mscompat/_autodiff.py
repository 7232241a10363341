"""Automatic differentiation: ``grad``, ``value_and_grad``, ``GradOperation``, ``jvp``,
``vjp``, ``jacfwd``, ``jacrev`` (DESIGN sections 2 and 5).

Every derivative is ``jax.vjp``/``jax.jvp`` of the user's function run inside a
lenient :class:`mscompat._state.Scope`: the Parameters to differentiate (``weights``)
are bound to the differentiated arrays, other Parameters read through to their values,
and writes made during the forward pass (BatchNorm statistics, ``ops.assign``) are
written back after it. In PyNative mode the function runs eagerly, so Python control flow
on Tensor values works; in GRAPH_MODE the gradient function is compiled as a whole
(``mscompat._graph.Compiled``) when called outside another transform.

MindSpore's conventions: the output is differentiated with a sensitivity of ones (all
outputs of a tuple, summed), or with ``sens`` given as the last argument when
``sens_param=True``; gradients of integer inputs are computed as float and cast back.

>>> import mscompat as ms
>>> x = ms.Tensor([1.0, 2.0])
>>> ms.grad(lambda a: (a * a * a).sum())(x)
Tensor(shape=[2], dtype=Float32, value= [ 3.00000000e+00,  1.20000000e+01])
"""
import inspect
import types

import jax
import jax.experimental.jet  # noqa: F401  (jax.experimental.jet.jet: Taylor mode)
import jax.numpy as jnp

from . import _state, _graph, _control_flow
from .common.tensor import Tensor, grad_enabled, tree_arrays, tree_tensors
from .common.parameter import Parameter, ParameterTuple
from .common.mutable import is_mutable_container, container_grads

__all__ = ["grad", "value_and_grad", "GradOperation", "jvp", "vjp", "jacfwd", "jacrev", "jet", "derivative",
           "linearize", "get_grad"]


def _is_tensor(x):
    return isinstance(x, Tensor)


def _diff_dtype(a):
    """The float dtype an input of dtype ``a.dtype`` is differentiated in."""
    return a.dtype if jnp.issubdtype(a.dtype, jnp.inexact) else jnp.float32


def _float_leaves(out):
    """(leaves as arrays or None for non-differentiable ones, treedef) of a function output."""
    leaves, treedef = jax.tree_util.tree_flatten(out, is_leaf=_is_tensor)
    arrs = []
    for x in leaves:
        a = x._data if isinstance(x, Tensor) else x
        arrs.append(a if isinstance(a, jax.Array) and jnp.issubdtype(a.dtype, jnp.inexact) else None)
    return arrs, treedef


def _sens_leaves(sens, target_arrs, int_inputs=False):
    if isinstance(sens, Tensor) or not isinstance(sens, (tuple, list)):
        sens_list = [sens]
    else:
        sens_list = jax.tree_util.tree_leaves(sens, is_leaf=_is_tensor)
    if len(sens_list) != len(target_arrs):
        raise ValueError(f"For 'GradOperation' with sens_param=True, the sens must match the outputs: "
                         f"{len(target_arrs)} outputs, got {len(sens_list)} sens values.")
    out = []
    graph = _graph.graph_mode()
    for s, t in zip(sens_list, target_arrs):
        if t is None:
            out.append(None)
            continue
        out.append(_check_sens(s, t, graph, int_inputs))
    return out


def _check_sens(s, t, graph, int_inputs=False):
    """The sensitivity ``s`` for output array ``t``, checked as MindSpore checks it: the same
    dtype; in PyNative the same shape, in GRAPH_MODE a shape that broadcasts to ``t``'s.
    ``int_inputs``: integer inputs are differentiated as float, so an output computed from them is
    float here where MindSpore's is integer: an integer ``s`` for it is taken as that float."""
    if not isinstance(s, Tensor):
        if graph:
            raise TypeError(f"Type Join Failed: dtype1 = {_dtype_name(t.dtype)}, dtype2 = Any.")
        raise RuntimeError(f"For grad interface or custom function, grad tensor should be broadcast to expected "
                           f"shape, but got {list(jnp.shape(s))} vs {list(t.shape)}")
    sa = s._data
    if int_inputs and sa.dtype != t.dtype and t.dtype == jnp.float32 and not jnp.issubdtype(sa.dtype, jnp.inexact):
        sa = sa.astype(t.dtype)
    if sa.dtype != t.dtype:
        if graph:
            raise TypeError(f"Type Join Failed: dtype1 = {_dtype_name(sa.dtype)}, dtype2 = {_dtype_name(t.dtype)}.")
        raise TypeError(f"The dtype should be {_dtype_name(t.dtype)}, but got {_dtype_name(sa.dtype)}")
    if sa.shape != t.shape:
        try:
            fits = graph and jnp.broadcast_shapes(sa.shape, t.shape) == t.shape
        except ValueError:
            fits = False
        if not fits:
            if not graph and sa.ndim == 0:
                raise RuntimeError(f"For grad interface or custom function, grad tensor should be broadcast to "
                                   f"expected shape, but got {list(sa.shape)} vs {list(t.shape)}")
            raise ValueError(f"The shape should be {list(t.shape)}, but got {list(sa.shape)}")
        sa = jnp.broadcast_to(sa, t.shape)
    return sa


def _dtype_name(dt):
    return str(Tensor._wrap(jnp.zeros((), dt)).dtype)


def _traced_fn(fn):
    """``fn`` as it runs inside a compiled GRAPH_MODE call: a plain function with its Python
    control flow on Tensor values converted (``mscompat._control_flow``); Cells convert their
    own ``construct``."""
    if not (_state.tracing() and _graph.graph_mode() and isinstance(fn, types.FunctionType)):
        return fn
    return _control_flow.convert(fn)


class _Derivative:
    """One differentiated call: inputs at ``positions`` and ``weights`` are differentiable.

    In GRAPH_MODE a ``mutable`` tuple, list or dict input is differentiable too (MindSpore
    differentiates a variable container): each Tensor in it is, and its gradient has the
    container's structure."""

    def __init__(self, fn, args, kwargs, positions, weights):
        self.fn, self.args, self.kwargs = fn, list(args), kwargs
        # a mutable scalar input of a compiled call is no differentiable input: its gradient is the
        # zero of its Python type (0, 0.0, False), as in MindSpore's GRAPH_MODE
        self.zeros = {i: _SCALAR_ZEROS[self.args[i]._data.dtype.kind] for i in positions
                      if _is_tensor(self.args[i]) and self.args[i].__dict__.get("_mutable_scalar")}
        self.positions = [i for i in positions if _is_tensor(self.args[i]) and i not in self.zeros]
        # position -> (leaves, treedef) of a mutable container input (GRAPH_MODE)
        self.containers = {}
        if _graph.graph_mode():
            for i in positions:
                if is_mutable_container(self.args[i]):
                    self.containers[i] = jax.tree_util.tree_flatten(self.args[i], is_leaf=_is_tensor)
        # the differentiable Tensors: (position, None) for a Tensor input, (position, k) for leaf k of a container
        self.slots = [(i, None) for i in self.positions] + [
            (i, k) for i, (leaves, _) in self.containers.items() for k, x in enumerate(leaves) if _is_tensor(x)]
        self.out_positions = [i for i in positions if i in self.zeros or i in self.positions or i in self.containers]
        self.weights = list(weights)
        self.in_dtypes = [self._tensor(i, k)._data.dtype for i, k in self.slots]
        self.written = []
        self.keep_dtypes = False

    def _tensor(self, i, k):
        return self.args[i] if k is None else self.containers[i][0][k]

    def primals(self):
        ins = [self._tensor(i, k)._data for i, k in self.slots]
        ws = [p._data for p in self.weights]
        if not self.keep_dtypes:     # integer inputs and Parameters are differentiated as float
            ins = [a.astype(_diff_dtype(a)) for a in ins]
            ws = [a.astype(_diff_dtype(a)) for a in ws]
        return ins, ws

    def retry_with_own_dtypes(self):
        """After the forward pass failed on integer/bool inputs made float (an op that takes them
        as indices or conditions checks their dtype): run it again with them at their own dtype;
        their gradients are then zeros, as MindSpore gives for such inputs. False when there are
        no such inputs (the failure is the function's own)."""
        if self.keep_dtypes or all(jnp.issubdtype(dt, jnp.inexact)
                                   for dt in self.in_dtypes + [p._data.dtype for p in self.weights]):
            return False
        self.keep_dtypes = True
        return True

    def call(self, in_vals, w_vals):
        a = list(self.args)
        leaves = {i: list(v[0]) for i, v in self.containers.items()}
        # a Parameter given as a differentiable input stays that Parameter, bound to its traced value:
        # what the function assigns to it is written back, as MindSpore does
        params, values = list(self.weights), list(w_vals)
        for (i, k), v in zip(self.slots, in_vals):
            if k is None:
                t = self.args[i]
                if isinstance(t, Parameter) and all(t is not p for p in params):
                    params.append(t)
                    values.append(v)
                    a[i] = t
                else:
                    a[i] = Tensor._wrap(v)
            else:
                leaves[i][k] = Tensor._wrap(v)
        for i, (_, treedef) in self.containers.items():
            a[i] = jax.tree_util.tree_unflatten(treedef, leaves[i])
        fn = _traced_fn(self.fn)
        with _state.Scope(params, values, differentiable=True) as scope:
            out = fn(*a, **self.kwargs)
            # a Parameter returned as an output is its value here (differentiated as any output)
            out = jax.tree_util.tree_map(lambda v: Tensor._wrap(v._data) if isinstance(v, Parameter) else v, out,
                                         is_leaf=_is_tensor)
        self.written = scope.written_params()
        return out, scope.written_values()

    def commit(self, written_values):
        for p, v in zip(self.written, written_values):
            dt = p._data.dtype
            p._data = v if v.dtype == dt else v.astype(dt)    # an integer Parameter written as float here

    def wrap_grads(self, g_in, g_w):
        grads = {}
        for (i, k), g, dt in zip(self.slots, g_in, self.in_dtypes):
            grads[i, k] = _hooked(self._tensor(i, k), Tensor._wrap(jnp.zeros(g.shape, dt)
                                                                    if g.dtype == jax.dtypes.float0 else g.astype(dt)))
        gi = []
        for i in self.out_positions:
            if i in self.containers:
                leaves, treedef = self.containers[i]
                gi.append(container_grads(jax.tree_util.tree_unflatten(treedef, [
                    grads[i, k] if (i, k) in grads else type(x)(0) if isinstance(x, (bool, int, float)) else 0
                    for k, x in enumerate(leaves)])))
            else:
                gi.append(grads[i, None] if (i, None) in grads else self.zeros[i])
        gw = [_hooked(p, Tensor._wrap(jnp.zeros(g.shape, p._data.dtype) if g.dtype == jax.dtypes.float0
                                      else g.astype(p._data.dtype))) for g, p in zip(g_w, self.weights)]
        return gi, gw


_SCALAR_ZEROS = {"b": False, "i": 0, "u": 0, "f": 0.0}


def _hooked(tensor, g):
    """``g`` after the hooks registered with ``tensor.register_hook`` (each may replace it)."""
    hooks = tensor.__dict__.get("_hooks")
    if hooks:
        for hook in list(hooks.values()):
            ret = hook(g)
            if ret is not None:
                g = ret
    return g


def _vjp(fn, args, kwargs, positions, weights, has_aux=False, sens=None):
    """(full output, input grads, weight grads, derivative) of ``fn(*args)``."""
    d = _Derivative(fn, args, kwargs, positions, weights)
    holder = {}

    def f(in_vals, w_vals):
        out, written = d.call(in_vals, w_vals)
        if has_aux:
            if not isinstance(out, tuple) or len(out) < 2:
                cls = RuntimeError if _graph.graph_mode() else ValueError
                raise cls("When has_aux is True, origin fn requires more than one outputs.")
            target = out[0]
        else:
            target = out
        arrs, treedef = _float_leaves(target)
        holder["mask"] = [a is not None for a in arrs]
        return [a for a in arrs if a is not None], (out, written, arrs)

    ins, ws = d.primals()
    try:
        target, vjp_fn, (out, written, arrs) = jax.vjp(f, ins, ws, has_aux=True)
    except TypeError:
        if not d.retry_with_own_dtypes():
            raise
        ins, ws = d.primals()
        target, vjp_fn, (out, written, arrs) = jax.vjp(f, ins, ws, has_aux=True)
    d.commit(written)
    if not d.slots and not d.weights:
        # nothing differentiable (only mutable scalars): their zeros, no backward pass to feed sens to
        g_in, g_w = [], []
    elif sens is None:
        g_in, g_w = vjp_fn([jnp.ones_like(t) for t in target])
    else:
        int_inputs = not all(jnp.issubdtype(dt, jnp.inexact) for dt in d.in_dtypes) and not d.keep_dtypes
        g_in, g_w = vjp_fn([s for s in _sens_leaves(sens, arrs, int_inputs) if s is not None])
    gi, gw = d.wrap_grads(g_in, g_w)
    return out, gi, gw, d


# --- argument checks ------------------------------------------------------------------------
def _check_grad_enabled():
    if not grad_enabled():
        raise RuntimeError("In no_grad context, you can not calculate gradient.")


def _check_fn(fn):
    if not callable(fn) and not _graph.graph_mode():
        raise TypeError(f"The fn should be callable, but got {type(fn).__name__}")


def _check_fn_at_call(fn):
    # GRAPH_MODE checks the function when the graph is built, i.e. at the first call
    if not callable(fn):
        raise RuntimeError(f"For 'GradOperation', the first argument must be a 'Function' or 'Cell', "
                           f"but got {type(fn).__name__}.")


def _check_call_signature(fn, args, kwargs):
    """MindSpore calls ``fn`` before it looks at ``grad_position``: a call with arguments that do
    not fit ``fn``'s signature fails with the call's TypeError first."""
    target = getattr(fn, "construct", None) if not inspect.isroutine(fn) else fn
    if target is None:
        return
    try:
        sig = inspect.signature(target)
    except (TypeError, ValueError):
        return
    try:
        sig.bind(*args, **kwargs)
    except TypeError as e:
        raise TypeError(f"{getattr(fn, '__name__', type(fn).__name__)}(): {e}") from None


def _positions(grad_position, nargs, jac=False):
    if grad_position is None:
        return None
    if isinstance(grad_position, bool) and _graph.graph_mode() and not jac:
        raise RuntimeError(f"Position element must be Int64Imm, but got {str(grad_position).lower()}")
    if isinstance(grad_position, tuple):
        if not grad_position and not jac:
            raise RuntimeError("grad_position should not be empty when grad by position" +
                               ("." if _graph.graph_mode() else "!"))
        if len(set(grad_position)) != len(grad_position):
            raise ValueError("There are duplicate positions in `grad_position`, please check it")
        pos = tuple(int(i) if isinstance(i, bool) else i for i in grad_position)
        for i in pos:
            if not isinstance(i, int):
                raise TypeError("For 'F.grad', the element in 'grad_position' must be int.")
            if i < 0:
                raise ValueError("The element in grad_position must be >= 0.")
    elif isinstance(grad_position, int):
        if grad_position < 0:
            raise ValueError("grad_position must be >= 0.")
        pos = (grad_position,)
    else:
        raise TypeError("For 'F.grad', the 'grad_position' must be int or tuple.")
    for i in pos:
        if jac and i >= nargs:
            raise ValueError("The element in grad_position must belong to [0, args_num).")
        if i >= nargs:
            cls = IndexError if _state.tracing() else RuntimeError  # GRAPH_MODE: IndexError, as MindSpore
            raise cls(f"Position index {i} is exceed input size.")
    return pos


def _weights_list(weights):
    if weights is None:
        return None, False
    if isinstance(weights, Parameter):
        return [weights], True
    if isinstance(weights, (list, tuple, ParameterTuple)) and all(isinstance(w, Parameter) for w in weights):
        return list(weights), False
    raise TypeError(f"For 'grad', the 'weights' must be a Parameter, ParameterTuple or a list of Parameters, "
                    f"but got {type(weights).__name__}.")


# --- mindspore.grad / value_and_grad --------------------------------------------------------
def _call_args(fn, args, sens_param):
    """The call-time checks of a gradient function, then ``(args, sens)``: with ``sens_param`` the last
    argument is the sensitivity."""
    _check_fn_at_call(fn)
    _check_grad_enabled()
    if sens_param:
        return args[:-1], args[-1]
    return args, None


def _grad_impl(fn, grad_position, weights, has_aux, return_ids, sens_param, with_value):
    _check_fn(fn)
    if grad_position is None and weights is None:
        raise ValueError("`grad_position` and `weight` can not be None at the same time.")
    wlist, single_weight = _weights_list(weights)

    def grad_fn(*args, **kwargs):
        args, sens = _call_args(fn, args, sens_param)
        _check_call_signature(fn, args, kwargs)
        pos = _positions(grad_position, len(args))
        out, gi, gw, d = _vjp(fn, args, kwargs, pos or (), wlist or (), has_aux, sens)
        if return_ids:
            gi = [(i, g) for i, g in zip(d.out_positions, gi)]
            gw = [(p.name, g) for p, g in zip(wlist or (), gw)]
        if pos is not None:
            # one position (an int, or a tuple of one) gives its gradient alone, as MindSpore
            g_inputs = gi[0] if len(gi) == 1 else tuple(gi)
        if wlist is not None:
            g_weights = gw[0] if single_weight else tuple(gw)
        if pos is None:
            result = g_weights
        elif wlist is None:
            result = g_inputs
        else:
            result = (g_inputs, g_weights)
        if with_value:
            return out, result
        if has_aux:
            return result, tuple(out[1:]) if isinstance(out, tuple) else ()
        return result

    return _graph.compiled_when_graph(grad_fn)


def grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False, sens_param=False):
    """The gradient function of ``fn`` w.r.t. inputs ``grad_position`` and/or ``weights``."""
    return _grad_impl(fn, grad_position, weights, has_aux, return_ids, sens_param, with_value=False)


def value_and_grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False, sens_param=False):
    """Like :func:`grad`, returning ``(fn's output, gradients)``."""
    return _grad_impl(fn, grad_position, weights, has_aux, return_ids, sens_param, with_value=True)


def get_grad(gradients, identifier):
    """The gradient for ``identifier`` (an input position, or a Parameter) in ``gradients``, the result
    of :func:`grad` / :func:`value_and_grad` with ``return_ids=True`` ((id, gradient) pairs, nested)."""
    if isinstance(identifier, Parameter):
        key = identifier.name
    elif isinstance(identifier, int) and not isinstance(identifier, bool):
        key = identifier
    else:
        raise TypeError(f"For `get_grad`, the `x` should be an integer or a Parameter, but got {identifier}")
    stack = [gradients]
    while stack:
        g = stack.pop(0)
        if not isinstance(g, (tuple, list)):
            continue
        if len(g) == 2 and isinstance(g[0], (int, str)) and not isinstance(g[0], bool) and not isinstance(g[1], (
                tuple, list)):
            if type(g[0]) is type(key) and g[0] == key:
                return g[1]
            continue
        stack.extend(g)
    raise RuntimeError(f"Can not find the gradient for position or Parameter {identifier}")


def _kwargs_as_inputs(fn, args, kwargs):
    """``(fn', args', kwargs')``: the Tensors given by keyword are inputs after the positional ones, as
    MindSpore's GradOperation differentiates them (other keyword values stay constants)."""
    names = [k for k, v in kwargs.items() if isinstance(v, Tensor)]
    if not names:
        return fn, args, kwargs
    n, rest = len(args), {k: v for k, v in kwargs.items() if k not in names}

    def with_keywords(*a, **kw):
        return _traced_fn(fn)(*a[:n], **dict(rest, **dict(zip(names, a[n:])), **kw))
    return with_keywords, tuple(args) + tuple(kwargs[k] for k in names), {}


# --- ops.GradOperation ------------------------------------------------------------------------
class GradOperation:
    """``GradOperation(get_all, get_by_list, sens_param)(fn[, weights])``: MindSpore's
    higher-order gradient function."""

    def __init__(self, get_all=False, get_by_list=False, sens_param=False):
        for name, v in (("get_all", get_all), ("get_by_list", get_by_list), ("sens_param", sens_param)):
            if not isinstance(v, bool):
                raise TypeError(f"For 'GradOperation', the '{name}' should be bool, but got {type(v).__name__}.")
        self.get_all, self.get_by_list, self.sens_param = get_all, get_by_list, sens_param
        self.name = "GradOperation"

    def __call__(self, fn, weights=None):
        _check_fn(fn)
        single_weight = False
        if self.get_by_list:
            if weights is None:
                # PyNative: the Cell's trainable Parameters; GRAPH_MODE: none (an empty tuple of gradients)
                params = getattr(fn, "trainable_params", None)
                weights = params() if callable(params) and not _graph.graph_mode() else ()
            wlist, single_weight = _weights_list(weights)
            if wlist is None:
                raise TypeError("For 'GradOperation', when 'get_by_list' is True, the 'weights' should be a "
                                "Parameter, ParameterTuple or a list of Parameters.")
        else:
            wlist = None
        get_all, sens_param = self.get_all, self.sens_param

        def grad_fn(*args, **kwargs):
            args, sens = _call_args(fn, args, sens_param)
            target, args, kwargs = _kwargs_as_inputs(fn, args, kwargs)
            pos = tuple(range(len(args))) if get_all else ((0,) if args else ())
            _, gi, gw, _ = _vjp(target, args, kwargs, pos, wlist or (), False, sens)
            if get_all:
                g_inputs = tuple(gi)
            else:
                g_inputs = gi[0] if gi else ()
            if wlist is None:
                return g_inputs
            g_weights = gw[0] if single_weight else tuple(gw)   # a single Parameter: its gradient alone
            if not get_all:
                return g_weights
            return g_inputs, g_weights

        return _graph.compiled_when_graph(grad_fn)


# --- jvp / vjp / jacobians --------------------------------------------------------------------
def _tensors(x):
    return x if isinstance(x, (tuple, list)) else (x,)


def _check_tensors(x):
    items = x if isinstance(x, (tuple, list)) else (x,)
    if not all(isinstance(t, Tensor) for t in items):
        raise TypeError("The inputs type must be a Tensor, tuple or list of Tensors.")


def _check_tangents(name, ins, vs):
    """The tangents ``vs`` match the inputs ``ins`` in number, dtype and shape (``name``: jvp or linearize)."""
    if len(ins) != len(vs):
        raise ValueError(f"v has invalid length: should be {len(ins)}, but got {len(vs)}")
    for t, tv in zip(ins, vs):
        if tv.dtype != t.dtype:
            raise TypeError(f"Type Join Failed: dtype1 = {tv.dtype}, dtype2 = {t.dtype}.")
        if tuple(tv.shape) != tuple(t.shape):
            raise ValueError(f"For '{name}', the shape of v {tuple(tv.shape)} must be the shape of its input "
                             f"{tuple(t.shape)}.")


def jvp(fn, inputs, v, has_aux=False):
    """``(fn(*inputs), J @ v)``; with ``has_aux``, ``(out, jvp_out, aux)``."""
    _check_fn(fn)
    _check_tensors(inputs)
    _check_tensors(v)
    ins, vs = _tensors(inputs), _tensors(v)
    _check_tangents("jvp", ins, vs)
    single = not isinstance(inputs, (tuple, list))

    def f(*arrs):
        with _state.Scope():
            out = fn(*[Tensor._wrap(a) for a in arrs])
        if has_aux:
            return out[0], out[1:] if isinstance(out, tuple) else ()
        return out

    primals = [t._data for t in ins]
    tangents = [t._data.astype(t._data.dtype) for t in vs]
    if not all(jnp.issubdtype(p.dtype, jnp.inexact) for p in primals):
        return _integer_jvp(f, primals, tangents, has_aux)
    if has_aux:
        out, tan, aux = jax.jvp(f, primals, tangents, has_aux=True)
        return out, tan, (aux[0] if len(aux) == 1 else aux)
    del single
    return jax.jvp(f, primals, tangents)


def _integer_jvp(f, primals, tangents, has_aux):
    """jvp with integer inputs: MindSpore pushes integer tangents through the function in the
    inputs' dtype, where JAX gives integers no tangent; the map runs on float32 copies of the
    integer inputs and tangents and every result is cast back to the dtype ``f`` gives on the
    original inputs."""
    def widen(a):
        return a if jnp.issubdtype(a.dtype, jnp.inexact) else a.astype(jnp.float32)

    shapes = jax.eval_shape(f, *primals)
    res = jax.jvp(f, [widen(p) for p in primals], [widen(t) for t in tangents], has_aux=has_aux)
    out_shapes = shapes[0] if has_aux else shapes
    out, tan = (jax.tree_util.tree_map(lambda v, s: v.astype(s.dtype), r, out_shapes) for r in res[:2])
    if has_aux:
        aux = jax.tree_util.tree_map(lambda v, s: v.astype(s.dtype), res[2], shapes[1])
        return out, tan, (aux[0] if len(aux) == 1 else aux)
    return out, tan


def _check_vjp_tensors(items):
    for t in jax.tree_util.tree_leaves(items, is_leaf=_is_tensor):
        if not isinstance(t, Tensor):
            raise TypeError("The inputs type must be Tensor.")


def vjp(fn, *inputs, weights=None, has_aux=False):
    """``(fn(*inputs), vjp_fn)``; ``vjp_fn(v)`` returns the input gradients (and weight
    gradients when ``weights`` is given)."""
    _check_fn(fn)
    _check_vjp_tensors(inputs)
    wlist, single_weight = _weights_list(weights)
    d = _Derivative(fn, inputs, {}, range(len(inputs)), wlist or ())

    def f(in_vals, w_vals):
        out, written = d.call(in_vals, w_vals)
        if has_aux:
            return out[0], (out[1:], written)
        return out, ((), written)

    ins, ws = d.primals()
    out, vjp_fn, (aux, written) = jax.vjp(f, ins, ws, has_aux=True)
    d.commit(written)

    def back(*v):
        _check_vjp_tensors(v)
        v = v[0] if len(v) == 1 else v   # vjp_fn(v) or, for several outputs, vjp_fn(v1, v2, ...)
        graph = _graph.graph_mode()
        ct = jax.tree_util.tree_map(lambda t, o: Tensor._wrap(_check_sens(t, o._data, graph)), v, out,
                                    is_leaf=_is_tensor)
        g_in, g_w = vjp_fn(ct)
        gi, gw = d.wrap_grads(g_in, g_w)
        # MindSpore: the input gradients always as a tuple; a single Parameter's gradient alone
        gi = tuple(gi)
        if wlist is None:
            return gi
        return gi, (gw[0] if single_weight else tuple(gw))

    if has_aux:
        return out, back, (aux[0] if len(aux) == 1 else aux)
    return out, back


def _jac(kind, fn, grad_position, has_aux):
    _check_fn(fn)

    def jac_fn(*args):
        pos = _positions(grad_position, len(args), jac=True)

        def f(*diff):
            a = list(args)
            for i, v in zip(pos, diff):
                a[i] = Tensor._wrap(v)
            with _state.Scope():
                out = fn(*a)
            if has_aux:
                return tree_arrays(out[0]), tree_arrays(out[1:])
            return tree_arrays(out)

        transform = jax.jacfwd if kind == "fwd" else jax.jacrev
        argnums = 0 if isinstance(grad_position, int) else tuple(range(len(pos)))
        res = transform(f, argnums=argnums, has_aux=has_aux)(*[args[i]._data for i in pos])
        if has_aux:
            jac, aux = res
            return tree_tensors(jac), tree_tensors(aux[0] if len(aux) == 1 else aux)
        return tree_tensors(res)

    return jac_fn


def jacfwd(fn, grad_position=0, has_aux=False):
    """Jacobian of ``fn`` by forward-mode differentiation."""
    return _jac("fwd", fn, grad_position, has_aux)


def jacrev(fn, grad_position=0, has_aux=False):
    """Jacobian of ``fn`` by reverse-mode differentiation."""
    return _jac("rev", fn, grad_position, has_aux)


# --- Taylor mode: jet / derivative; linearize ---------------------------------------------------
_TAYLOR_DTYPES = ("int32", "int64", "float32", "float64")


def _tan_jet_rule(primals_in, series_in, **params):
    """Taylor propagation through ``tan`` (JAX's jet has no rule for it): as ``sin / cos``, on the
    unscaled coefficients jet hands its rules."""
    return jax.experimental.jet.jet(lambda v: jax.lax.sin(v) / jax.lax.cos(v), primals_in, series_in,
                                    factorial_scaled=False)


jax.experimental.jet.jet_rules.setdefault(jax.lax.tan_p, _tan_jet_rule)


def _taylor_item(op, p, s):
    """One input's primal and series arrays, ints as float32 (as MindSpore); TypeError for other
    dtypes or a series of another dtype than its primal."""
    if str(p._data.dtype) not in _TAYLOR_DTYPES or (s is not None and s._data.dtype != p._data.dtype):
        what = "elements' types of primals and series must be the same and belong to" if s is not None \
            else "elements of primals must belong to"
        raise TypeError(f"For `F.{op}`, the {what} `mstype.int32, mstype.int64, mstype.float32, mstype.float64`, "
                        f"but got other dtype.")
    a = p._data if s is None else (p._data, s._data)
    if str(p._data.dtype).startswith("int"):
        a = jax.tree_util.tree_map(lambda v: v.astype(jnp.float32), a)
    return a


def _taylor(fn, primals, series):
    """``fn``'s outputs and their Taylor series (``series[i][k]``: the ``k+1``-th derivative of input
    ``i``); per output ``(primal, [terms])``."""
    def f(*arrs):
        with _state.Scope():
            out = fn(*[Tensor._wrap(a) for a in arrs])
        return tree_arrays(out)

    out, terms = jax.experimental.jet.jet(f, tuple(primals), tuple(list(s) for s in series))
    multi = isinstance(out, (tuple, list))
    outs, term_lists = (list(out), list(terms)) if multi else ([out], [terms])
    pairs = []
    for o, ts in zip(outs, term_lists):
        # an output that does not depend on the inputs has zero terms (JAX's symbolic zero)
        ts = [t if isinstance(t, jax.Array) else jnp.zeros_like(o) for t in ts]
        pairs.append((o, ts))
    return pairs, multi


def jet(fn, primals, series):
    """Taylor-mode derivatives: ``(fn(*primals), out_series)``, where ``series[k]`` holds the
    ``k+1``-th derivatives of the inputs and ``out_series[k]`` those of the output (a list per
    output when ``fn`` returns several)."""
    if not ((isinstance(primals, Tensor) and isinstance(series, Tensor))
            or (isinstance(primals, tuple) and isinstance(series, tuple))):
        raise TypeError("For 'F.jet', the 'primals' and `series` must be both Tensor or tuple.")
    if isinstance(primals, Tensor):
        if tuple(primals.shape) == tuple(series.shape):
            series = Tensor._wrap(series._data[None])
        elif tuple(primals.shape) != tuple(series.shape[1:]):
            raise ValueError("In series, the shape of each element must be the same as the primals.")
        primals, series = (primals,), (series,)
    elif len(primals) != len(series):
        raise ValueError("The lengths of primals and series must be the same.")
    items = [_taylor_item("jet", p, s) for p, s in zip(primals, series)]
    pairs, multi = _taylor(fn, [p for p, _ in items], [list(s) for _, s in items])
    res = [(Tensor._wrap(o), Tensor._wrap(jnp.stack(ts))) for o, ts in pairs]
    if multi:
        return [r[0] for r in res], [r[1] for r in res]
    return res[0]


def derivative(fn, primals, order):
    """``(fn(*primals), the order-th derivative of the output)``: :func:`jet` with a first-order
    series of ones (every input moves together) and zeros above."""
    if not isinstance(order, int) or isinstance(order, bool):
        raise TypeError("For `F.derivative`, the type of order must be int.")
    if order < 1:
        raise ValueError(f"For `F.derivative`, value of order should not be less than 1, but got {order}.")
    items = [_taylor_item("derivative", p, None) for p in (primals if isinstance(primals, tuple) else (primals,))]
    series = [[jnp.ones_like(p)] + [jnp.zeros_like(p)] * (order - 1) for p in items]
    pairs, multi = _taylor(fn, items, series)
    res = [(Tensor._wrap(o), Tensor._wrap(ts[-1])) for o, ts in pairs]
    if multi:
        return [r[0] for r in res], [r[1] for r in res]
    return res[0]


def linearize(fn, inputs):
    """``(fn(*inputs), jvp_fn)``: ``jvp_fn(v)`` is the Jacobian-vector product at ``inputs`` for
    tangents ``v`` (a Tensor, or a tuple/list of them for several inputs), the linearization
    computed once and reused."""
    _check_fn(fn)
    if not isinstance(inputs, (Tensor, tuple, list)):
        raise TypeError("The inputs type must be a Tensor, tuple or list of Tensors.")
    ins = (inputs,) if isinstance(inputs, Tensor) else tuple(inputs)
    _check_tensors(ins)

    def f(*arrs):
        with _state.Scope():
            out = fn(*[Tensor._wrap(a) for a in arrs])
        return tree_arrays(out)

    out, lin = jax.linearize(f, *[t._data for t in ins])

    def jvp_fn(v):
        _check_tensors(v)
        vs = _tensors(v)
        _check_tangents("linearize", ins, vs)
        return tree_tensors(lin(*[tv._data for tv in vs]))

    return tree_tensors(out), jvp_fn
