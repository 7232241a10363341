"""Cells that change their own derivative: a user ``bprop``, backward hooks, ``recompute``.

Each is a JAX transform of the cell's forward function (``jax.custom_vjp`` or
``jax.checkpoint``). The cell's Parameters are passed to that function explicitly, bound
through the state threading (``mscompat._state``), so nothing traced is closed over:

- ``bprop(self, *inputs, out, dout)`` gives the input gradients; the cell's own
  Parameters get zero gradients, as in MindSpore;
- ``register_backward_pre_hook(hook(cell, grad_output))`` may replace the output
  gradients, ``register_backward_hook(hook(cell, grad_input, grad_output))`` the input
  gradients;
- ``recompute()`` recomputes the forward pass during the backward pass instead of
  keeping its intermediates (``jax.checkpoint``).
"""
import jax
import jax.numpy as jnp

from mscompat import _state, _graph
from mscompat.common.tensor import Tensor, tree_arrays, tree_tensors

__all__ = ["call_with_bprop", "call_with_backward_hooks", "call_recomputed"]


class _Split:
    """A cell call split into (Tensor inputs, the rest) and the cell's Parameters."""

    def __init__(self, cell, args):
        self.args = list(args)
        self.pos = [i for i, a in enumerate(self.args) if isinstance(a, Tensor)]
        self.params = [p for _, p in cell.parameters_and_names()]

    def arrays(self):
        return tuple(self.args[i]._data for i in self.pos), tuple(p._data for p in self.params)

    def run(self, forward, in_arrs, p_vals, kwargs):
        a = list(self.args)
        for i, v in zip(self.pos, in_arrs):
            a[i] = Tensor._wrap(v)
        with _state.Scope(self.params, p_vals) as scope:
            out = forward(*a, **kwargs)
        if scope.written:
            names = ", ".join(p.name for p in scope.written_params())
            raise RuntimeError(f"Parameters {names} are written inside a Cell with a custom bprop, backward hook "
                               "or recompute; MindSpore does not support that either. Move the update out of "
                               "that Cell.")
        return tree_arrays(out)


def _zeros_like(vals):
    return tuple(jnp.zeros_like(v) for v in vals)


def call_with_bprop(cell, forward, args, kwargs):
    """``forward(*args)`` whose input gradients come from ``cell.bprop``."""
    s = _Split(cell, args)

    @jax.custom_vjp
    def f(in_arrs, p_vals):
        return s.run(forward, in_arrs, p_vals, kwargs)

    def fwd(in_arrs, p_vals):
        out = f(in_arrs, p_vals)
        return out, (in_arrs, p_vals, out)

    def bwd(res, dout):
        in_arrs, p_vals, out = res
        a = list(s.args)
        for i, v in zip(s.pos, in_arrs):
            a[i] = Tensor._wrap(v)
        grads = cell.bprop(*a, tree_tensors(out), tree_tensors(dout))
        if not isinstance(grads, tuple):
            grads = (grads,)
        n = len(s.args)
        if len(grads) >= n:      # as MindSpore, gradients past the inputs' count are left out
            tensor_grads = [grads[i] for i in s.pos]
        elif len(grads) == len(in_arrs):
            tensor_grads = list(grads)      # one per Tensor input
        elif _graph.graph_mode():
            raise RuntimeError(f"The output size of the 'bprop' must match the number of parameters in its "
                               f"corresponding primal function '{type(cell).__name__}()' : {len(grads)} vs. {n}.")
        else:
            raise RuntimeError(f"Grad size should lager than forward inputs, but got {len(grads)} vs {n}")
        g_in = tuple(jnp.broadcast_to(jnp.asarray(tree_arrays(g)).astype(x.dtype), x.shape)
                     for g, x in zip(tensor_grads, in_arrs))
        return g_in, _zeros_like(p_vals)

    f.defvjp(fwd, bwd)
    return tree_tensors(f(*s.arrays()))


def _as_tuple(x):
    return x if isinstance(x, tuple) else (x,)


def call_with_backward_hooks(cell, forward, args, kwargs, pre_hooks, hooks):
    """``forward(*args)`` with MindSpore's cell backward (pre-)hooks on its gradients."""
    s = _Split(cell, args)

    def g(in_arrs, p_vals):
        return s.run(forward, in_arrs, p_vals, kwargs)

    @jax.custom_vjp
    def f(in_arrs, p_vals):
        return g(in_arrs, p_vals)

    def fwd(in_arrs, p_vals):
        out, vjp_fn = jax.vjp(g, in_arrs, p_vals)
        return out, vjp_fn

    def bwd(vjp_fn, dout):
        leaves, treedef = jax.tree_util.tree_flatten(dout)
        gout = tuple(Tensor._wrap(x) for x in leaves)
        for hook in pre_hooks:
            ret = hook(cell, gout)
            if ret is not None:
                gout = _as_tuple(ret)
        dout = jax.tree_util.tree_unflatten(treedef, [t._data for t in gout])
        g_in, g_p = vjp_fn(dout)
        gin = tuple(Tensor._wrap(x) for x in g_in)
        for hook in hooks:
            ret = hook(cell, gin, gout)
            if ret is not None:
                gin = _as_tuple(ret)
        return tuple(t._data.astype(x.dtype) for t, x in zip(gin, g_in)), g_p

    f.defvjp(fwd, bwd)
    return tree_tensors(f(*s.arrays()))


def call_recomputed(cell, forward, args, kwargs):
    """``forward(*args)`` under ``jax.checkpoint``: intermediates recomputed in backward."""
    s = _Split(cell, args)

    @jax.checkpoint
    def f(in_arrs, p_vals):
        return s.run(forward, in_arrs, p_vals, kwargs)

    return tree_tensors(f(*s.arrays()))
