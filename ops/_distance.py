"""Pairwise distances: ``ops.pdist`` / ``ops.Pdist`` (the p-norm distance between every pair of
rows of a 2-D Tensor, in the row-major order of the upper triangle)."""
import numpy as np
import jax.numpy as jnp

from ._args import arr, Tensor, wrap
from ._nn import check_dtype, F16_32_64
from ._registry import op, primitive


def _pdist(x, p=2.0):
    _check_p(p)
    if not isinstance(x, Tensor):
        raise TypeError(f"For Primitive[Pdist], the type of input argument[x] must be Tensor but got "
                        f"{type(x).__name__}.")
    a = check_dtype("Pdist", "x", arr(x), F16_32_64)
    if a.ndim != 2:
        raise ValueError(f"For primitive[Pdist], the x dim must be equal to 2, but got {a.ndim}.")
    n = a.shape[0]
    i, j = np.triu_indices(n, k=1)
    work = a.astype(jnp.float32) if a.dtype == jnp.float16 else a
    d = jnp.abs(work[i] - work[j])
    if p == 0:
        out = jnp.sum(d != 0, axis=-1).astype(work.dtype)
    elif np.isinf(p):
        out = jnp.max(d, axis=-1, initial=0)   # d >= 0: the initial 0 only serves rows of no columns
    else:
        s = jnp.sum(d ** p, axis=-1)
        pos = s > 0   # the root's derivative at a zero distance: 0, not inf * 0
        out = jnp.where(pos, jnp.where(pos, s, 1) ** (1.0 / p), 0)
    return wrap(out.astype(a.dtype))


def _check_p(p):
    if isinstance(p, bool) or not isinstance(p, float):
        raise TypeError(f"For 'Pdist', the type of 'p' should be 'float', but got type '{type(p).__name__}'.")
    if p < 0:
        raise ValueError(f"Pdist p must be a non-negative value, but got `{p}`.")


@op("pdist")
def pdist(input, p=2.0):
    """The ``p``-norm distance between each pair of rows of the 2-D ``input`` (``p`` 0 counts the
    differing elements, ``inf`` takes the largest difference), as a 1-D Tensor of ``n(n-1)/2``."""
    _check_p(p)
    return _pdist(input, p)


primitive("Pdist", _pdist, attrs=(("p", 2.0, (float,)),))
