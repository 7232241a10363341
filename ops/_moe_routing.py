"""Mixture-of-experts token routing: ``ops.moe_token_permute`` / ``ops.moe_token_unpermute`` and their
Primitives ``MoeTokenPermute`` / ``MoeTokenUnpermute``.

MindSpore 2.10 has these kernels on Ascend only. On CPU it parses the arguments (TypeError),
``MoeTokenPermute`` also runs its shape inference (TypeError/ValueError), and then both refuse
with a RuntimeError; mscompat does the same. On the emulated Ascend (DESIGN section 8) they
compute the documented algorithm: permute groups the ``(token, k)`` routing entries by expert
(a stable sort of the flattened ``indices``), gathering ``tokens[entry // topk]``, and returns for
each entry the row it went to (``sorted_indices``); unpermute gathers the rows back by
``sorted_indices`` and, given ``probs``, sums each token's ``topk`` rows weighted by them."""
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from ._args import Tensor, arr, wrap
from ._ascend_only import _on_ascend
from ._registry import op, primitive

__all__ = ["moe_token_permute", "moe_token_unpermute"]


def _parse(name, spec, values):
    """MindSpore's argument-parser TypeError ("Failed calling X with ...") unless each value is of its
    kind in ``spec`` ({name: (allowed python types, or "Tensor")})."""
    def kind(v):
        return "Tensor" if isinstance(v, Tensor) else "None" if v is None else type(v).__name__

    def ok(v, allowed):
        if "Tensor" in allowed and isinstance(v, Tensor):
            return True
        if v is None:
            return None in allowed
        if isinstance(v, bool):
            return bool in allowed
        return any(isinstance(v, t) for t in allowed if isinstance(t, type))

    if not all(ok(v, spec[n]) for n, v in values.items()):
        given = ", ".join(f"{n}={kind(v)}" for n, v in values.items())
        raise TypeError(f"Failed calling {name} with \"{name}()({given})\".")


def _permute(tokens, indices, num_out_tokens=None, padded_mode=False):
    name = "MoeTokenPermute"
    _parse(name, {"tokens": ("Tensor",), "indices": ("Tensor",), "num_out_tokens": (None, int),
                  "padded_mode": (bool,)},
           {"tokens": tokens, "indices": indices, "num_out_tokens": num_out_tokens, "padded_mode": padded_mode})
    if indices.dtype not in (mstype.int32, mstype.int64):
        raise TypeError(f"For primitive[{name}], indices dtype is invalid , should be int32 or int64.")
    if padded_mode:
        raise ValueError(f"For primitive[{name}], it only support padded_mode is false.")
    if tokens.ndim != 2:
        raise ValueError(f"For primitive[{name}], input 'tokens' should be 2 dimensional, but got "
                         f"{tokens.ndim}-dimensional.")
    if indices.ndim not in (1, 2):
        raise ValueError(f"For primitive[{name}], input 'indices' should be 1 or 2 dimensional, but got "
                         f"{indices.ndim}-dimensional.")
    if indices.ndim == 2 and indices.shape[1] > 512:
        raise ValueError(f"For primitive[{name}], the second dim of 'indices' must be less than or equal to 512, "
                         f"but got {indices.shape[1]}.")
    if num_out_tokens is not None and num_out_tokens < 0:
        raise ValueError(f"For primitive[{name}], the num_out_tokens must be greater than or equal to 0, but got "
                         f"{num_out_tokens}.")
    if not _on_ascend():
        raise RuntimeError(f"The kernel {name} unregistered.")
    if indices.shape[0] != tokens.shape[0]:
        raise RuntimeError(f"For primitive[{name}], the first dim of 'tokens' ({tokens.shape[0]}) and 'indices' "
                           f"({indices.shape[0]}) must be the same.")
    t, idx = arr(tokens), arr(indices)
    topk = 1 if idx.ndim == 1 else idx.shape[1]
    flat = idx.reshape(-1)
    order = jnp.argsort(flat, stable=True)                    # entries grouped by expert, in token order
    permuted = t[order // topk]
    rows = jnp.zeros(flat.shape, jnp.int32).at[order].set(jnp.arange(flat.shape[0], dtype=jnp.int32))
    if num_out_tokens:                                        # None or 0: no entry is dropped
        permuted = permuted[:num_out_tokens]
    return wrap(permuted), wrap(rows)


def _unpermute(permuted_tokens, sorted_indices, probs=None, padded_mode=False, restore_shape=None):
    name = "MoeTokenUnpermute"
    _parse(name, {"permuted_tokens": ("Tensor",), "sorted_indices": ("Tensor",), "probs": (None, "Tensor"),
                  "padded_mode": (bool,), "restore_shape": (None, tuple, list)},
           {"permuted_tokens": permuted_tokens, "sorted_indices": sorted_indices, "probs": probs,
            "padded_mode": padded_mode, "restore_shape": restore_shape})
    if not _on_ascend():     # MindSpore's CPU build has neither its shape inference nor a kernel
        raise RuntimeError(f"For primitive[{name}], the shape inference and kernel are not implemented on "
                           f"this target (MindSpore runs it on Ascend only): Not implement exception.")
    if padded_mode:
        raise ValueError(f"For primitive[{name}], it only support padded_mode is false.")
    if sorted_indices.dtype != mstype.int32:
        raise TypeError(f"For primitive[{name}], 'sorted_indices' must be int32, but got {sorted_indices.dtype}.")
    p, rows = arr(permuted_tokens), arr(sorted_indices)
    if p.ndim != 2 or rows.ndim != 1:
        raise ValueError(f"For primitive[{name}], 'permuted_tokens' must be 2-D and 'sorted_indices' 1-D, but got "
                         f"{p.ndim}-D and {rows.ndim}-D.")
    gathered = p.at[rows].get(mode="fill", fill_value=0)       # rows dropped by num_out_tokens give zeros
    if probs is None:
        return wrap(gathered)
    w = arr(probs)
    if w.ndim != 2 or w.shape[0] * w.shape[1] != rows.shape[0]:
        raise ValueError(f"For primitive[{name}], 'probs' must be (num_tokens, topk) with num_tokens * topk equal to "
                         f"the length of 'sorted_indices' ({rows.shape[0]}), but got {tuple(w.shape)}.")
    out = jnp.sum(gathered.reshape(w.shape + (p.shape[1],)).astype(jnp.float32) * w[..., None].astype(jnp.float32),
                  axis=1)
    return wrap(out.astype(p.dtype))


primitive("MoeTokenPermute", _permute,
          doc="``MoeTokenPermute()(tokens, indices, num_out_tokens=None, padded_mode=False)``: tokens grouped by "
              "expert and the row each routing entry went to; Ascend only in MindSpore.")
primitive("MoeTokenUnpermute", _unpermute,
          doc="``MoeTokenUnpermute()(permuted_tokens, sorted_indices, probs=None, padded_mode=False, "
              "restore_shape=None)``: the inverse of MoeTokenPermute, merging each token's rows weighted by "
              "``probs``; Ascend only in MindSpore.")


@op("moe_token_permute")
def moe_token_permute(tokens, indices, num_out_tokens=None, padded_mode=False):
    """(permuted_tokens, sorted_indices) of ``MoeTokenPermute``."""
    return _permute(tokens, indices, num_out_tokens, padded_mode)


@op("moe_token_unpermute")
def moe_token_unpermute(permuted_tokens, sorted_indices, probs=None, padded_mode=False, restore_shape=None):
    """The tokens restored from ``moe_token_permute``'s output (merged by ``probs`` when given)."""
    return _unpermute(permuted_tokens, sorted_indices, probs, padded_mode, restore_shape)
