"""``mindspore.common._grad_function._Function``: a custom autograd function (PyNative mode), in
the form of ``torch.autograd.Function``: a subclass writes ``forward(ctx, *args)`` (or
``forward(*args)`` with ``setup_context(ctx, inputs, output)``) and ``backward(ctx, *grad_outputs)``
returning one gradient per input (None: no gradient); ``Sub.apply(*args)`` runs it.

``apply`` is a ``jax.custom_vjp`` over the Tensor inputs: the forward runs once, what it keeps on
``ctx`` (``save_for_backward``, Tensor attributes) goes to the backward as residuals."""
import inspect
from typing import Any

import jax
import jax.numpy as jnp

from mscompat.common.tensor import Tensor, tree_arrays, tree_tensors

__all__ = ["_Function"]


class _Function:
    """Base class of a custom autograd function; see the module docstring."""

    _has_setup_context = False

    @staticmethod
    def forward(ctx: Any, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError("forward function should be customized.")

    @staticmethod
    def backward(ctx: Any, *grad_outputs: Any) -> Any:
        raise NotImplementedError("backward function should be customized.")

    @staticmethod
    def setup_context(ctx: Any, inputs: tuple, output: Any) -> Any:
        raise NotImplementedError("setup_context is not implemented.")

    def save_for_backward(self, *tensors):
        self.saved_tensors = tensors

    def mark_dirty(self, *args):
        self.dirty_tensors = args

    def mark_non_differentiable(self, *args):
        self.non_differentiable = args

    def set_materialize_grads(self, value: bool):
        self.materialize_grads = value

    @classmethod
    def apply(cls, *args, **kwargs):
        """Run ``forward`` on ``args``; the gradients of its Tensor inputs come from ``backward``."""
        cls._has_setup_context = cls.setup_context is not _Function.setup_context
        if cls._has_setup_context:
            bound = inspect.signature(cls.forward).bind(*args, **kwargs)
            bound.apply_defaults()
            args, kwargs = bound.args, bound.kwargs
        args = list(args)
        pos = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
        ctx = cls()

        def run(arrs):
            a = list(args)
            for i, v in zip(pos, arrs):
                a[i] = Tensor._wrap(v)
            if cls._has_setup_context:
                out = cls.forward(*a, **kwargs)
                cls.setup_context(ctx, tuple(a), out)
            else:
                out = cls.forward(ctx, *a, **kwargs)
            return tree_arrays(out)

        def kept():
            return {k: tree_arrays(v) for k, v in vars(ctx).items()}

        @jax.custom_vjp
        def f(arrs):
            return run(arrs)

        def fwd(arrs):
            out = run(arrs)
            return out, (arrs, kept())

        def bwd(res, dout):
            arrs, state = res
            vars(ctx).update({k: tree_tensors(v) for k, v in state.items()})
            douts = dout if isinstance(dout, tuple) else (dout,)
            grads = cls.backward(ctx, *tree_tensors(douts))
            grads = grads if isinstance(grads, tuple) else (grads,)
            if len(grads) == len(args):
                grads = [grads[i] for i in pos]
            if len(grads) != len(pos):
                raise RuntimeError(f"function {cls.__name__}.backward returned an incorrect number of gradients "
                                   f"(expected {len(args)}, got {len(grads)})")
            return (tuple(jnp.zeros_like(x) if g is None else jnp.broadcast_to(jnp.asarray(tree_arrays(g)), x.shape)
                          .astype(x.dtype) for g, x in zip(grads, arrs)),)

        f.defvjp(fwd, bwd)
        return tree_tensors(f(tuple(args[i]._data for i in pos)))
