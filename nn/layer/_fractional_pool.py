"""Fractional max pooling with a fixed kernel size (``nn.FractionalMaxPool2d/3d``), as MindSpore's
FractionalMaxPoolWithFixedKsize / FractionalMaxPool3DWithFixedKsize: per (batch, channel) plane,
sample ``u`` in [0, 1) gives the window starts ``int((i + u) * alpha) - int(u * alpha)`` with
``alpha = (in - k) / (out - 1)`` (the last window ends at the input's end); the output is the
window maximum, the indices are flat over the plane (int64). ``_random_samples`` (N, C, 2|3)
holds ``u`` for (W, H) or (D, H, W)... in MindSpore's order; without it the samples are drawn
from the global RNG.
"""
import jax.numpy as jnp

from mscompat import ops
from mscompat.common.tensor import Tensor
from mscompat.ops._args import arr
from mscompat.nn.cell import Cell
from mscompat._checkparam import check_value_type

__all__ = ["FractionalMaxPool2d", "FractionalMaxPool3d"]

_wrap = Tensor._wrap


def _starts(u, size, out, k):
    """Window starts (…, out) int32 for samples ``u`` (…), computed in ``u``'s float dtype."""
    if out > 1:
        alpha = jnp.asarray((size - k) / (out - 1), u.dtype)
        i = jnp.arange(out - 1, dtype=u.dtype)
        first = jnp.floor((i + u[..., None]) * alpha).astype(jnp.int32) - \
            jnp.floor(u[..., None] * alpha).astype(jnp.int32)
        last = jnp.full(u.shape + (1,), size - k, jnp.int32)
        return jnp.concatenate([first, last], axis=-1)
    return jnp.full(u.shape + (1,), size - k, jnp.int32)


def _fractional(name, a, samples, ksize, outs, order):
    """``a`` (N, C, *spatial), ``samples`` (N, C, nd); ``order[i]`` = the sample column of spatial axis i."""
    nd = len(ksize)
    spatial = a.shape[2:]
    n, c = a.shape[:2]
    idx_axes = []
    for i in range(nd):
        if outs[i] + ksize[i] - 1 > spatial[i]:
            raise ValueError(f"For '{name}', the output size plus kernel size minus 1 must be less than or equal to "
                             f"the input size, but got output_size {outs}, kernel_size {ksize} and input shape "
                             f"{list(a.shape)}.")
        st = _starts(samples[:, :, order[i]], spatial[i], outs[i], ksize[i])     # (N, C, out_i)
        idx_axes.append(st[..., None] + jnp.arange(ksize[i], dtype=jnp.int32))   # (N, C, out_i, k_i)
    # broadcast to (N, C, o1, k1, o2, k2, ...)
    full = []
    for i in range(nd):
        shape = [n, c] + [1] * (2 * nd)
        shape[2 + 2 * i], shape[3 + 2 * i] = outs[i], ksize[i]
        full.append(idx_axes[i].reshape(shape))
    ni = jnp.arange(n).reshape([n, 1] + [1] * (2 * nd))
    ci = jnp.arange(c).reshape([1, c] + [1] * (2 * nd))
    vals = a[(ni, ci) + tuple(full)]
    flat = 0
    for i in range(nd):
        flat = flat * spatial[i] + full[i]
    flat = jnp.broadcast_to(flat, vals.shape)
    perm = [0, 1] + [2 + 2 * i for i in range(nd)] + [3 + 2 * i for i in range(nd)]
    vals = jnp.transpose(vals, perm).reshape((n, c) + tuple(outs) + (-1,))
    flat = jnp.transpose(flat, perm).reshape((n, c) + tuple(outs) + (-1,))
    arg = jnp.argmax(vals, axis=-1)
    out = jnp.max(vals, axis=-1)
    idx = jnp.take_along_axis(flat, arg[..., None], axis=-1)[..., 0].astype(jnp.int64)
    return out, idx


def _sizes(name, ksize, nd, output_size, output_ratio, spatial):
    if output_size is None and output_ratio is None:
        raise ValueError(f"For {name}, 'output_size' and 'output_ratio' can not be Noneat the same time, but got "
                         f"{output_ratio} and {output_size} .")
    k = (ksize,) * nd if isinstance(ksize, int) else tuple(ksize)
    if len(k) != nd or any(not isinstance(v, int) or v <= 0 for v in k):
        raise ValueError(f"For '{name}', the 'kernel_size' must be a positive int or a tuple of {nd} positive ints, "
                         f"but got {ksize}.")
    if output_size is None:
        if isinstance(output_ratio, (float, int)):
            check_value_type('output_ratio', output_ratio, [float], name)
            output_ratio = (output_ratio,) * nd
        for i in range(nd):
            r = output_ratio[i]
            if not isinstance(r, float) or not 0.0 < r < 1.0:
                raise ValueError(f"For '{name}', the 'output_ratio[{i}]' must be in range of (0.0, 1.0), but got {r}.")
        outs = tuple(int(spatial[i] * output_ratio[i]) for i in range(nd))
    else:
        outs = (output_size,) * nd if isinstance(output_size, int) else tuple(output_size)
        if len(outs) != nd or any(not isinstance(v, int) or v <= 0 for v in outs):
            raise ValueError(f"For '{name}', the 'output_size' must be a positive int or a tuple of {nd} positive "
                             f"ints, but got {output_size}.")
    return k, outs


class _FractionalMaxPoolNd(Cell):
    """The arguments FractionalMaxPool2d and FractionalMaxPool3d keep (checked when called)."""

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                 _random_samples=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.output_size = output_size
        self.output_ratio = output_ratio
        self.return_indices = return_indices
        self._random_samples = _random_samples


class FractionalMaxPool2d(_FractionalMaxPoolNd):
    """Fractional max pooling over ``(N, C, H, W)`` or ``(C, H, W)`` with a fixed ``kernel_size``;
    ``output_size`` or ``output_ratio`` (in (0, 1)) gives the output size."""

    def construct(self, input):  # pylint: disable=redefined-builtin
        name = "fractional_max_pool2d"
        check_value_type('return_indices', self.return_indices, [bool], name)
        a = arr(input)
        squeeze = a.ndim == 3
        if squeeze:
            a = a[None]
        if a.ndim != 4:
            raise ValueError(f"For 'FractionalMaxPoolWithFixedKsize', the dimension of 'input_x' must be 3 or 4, "
                             f"but got {a.ndim}.")
        if str(a.dtype) not in ("float16", "float32", "float64", "int32", "int64"):
            raise TypeError(f"For 'FractionalMaxPoolWithFixedKsize', the type of 'input_x' is not supported: "
                            f"{a.dtype}.")
        samples = self._random_samples
        if samples is None:
            samples = ops.rand(a.shape[0], a.shape[1], 2, dtype=input.dtype if a.dtype.kind == "f" else None)
        s = arr(samples)
        if s.ndim != 3 or s.shape[2] != 2:
            raise ValueError(f"For 'FractionalMaxPoolWithFixedKsize', the shape of 'random_samples' must be "
                             f"(N, C, 2), but got {list(s.shape)}.")
        if s.shape[0] != a.shape[0]:
            raise ValueError("The first dimension size of input_x and random_samples must be equal.")
        if s.shape[1] != a.shape[1]:
            raise ValueError("The second dimension size of input_x and random_samples must be equal.")
        k, outs = _sizes(name, self.kernel_size, 2, self.output_size, self.output_ratio, a.shape[2:])
        out, idx = _fractional("FractionalMaxPoolWithFixedKsize", a, s, k, outs, (1, 0))
        if squeeze:
            out, idx = out[0], idx[0]
        if self.return_indices:
            return _wrap(out), _wrap(idx)
        return _wrap(out)


class FractionalMaxPool3d(_FractionalMaxPoolNd):
    """Fractional max pooling over ``(N, C, D, H, W)`` or ``(C, D, H, W)`` with a fixed ``kernel_size``."""

    def construct(self, input):  # pylint: disable=redefined-builtin
        name = "fractional_max_pool3d"
        if self.output_size is None and self.output_ratio is None:
            _sizes(name, self.kernel_size, 3, None, None, ())
        check_value_type('return_indices', self.return_indices, [bool], name)
        a = arr(input)
        if a.ndim not in (4, 5):
            raise ValueError(f"For 'FractionalMaxPool3DWithFixedKsize', the dimension of 'x' must be 4 or 5, "
                             f"but got {a.ndim}.")
        samples = self._random_samples
        if samples is None:
            n = 1 if a.ndim == 4 else a.shape[0]
            samples = ops.rand(n, a.shape[-4], 3, dtype=input.dtype if a.dtype.kind == "f" else None)
        s = arr(samples)
        if s.ndim != 3 or s.shape[2] != 3:
            raise ValueError(f"For 'FractionalMaxPool3DWithFixedKsize', the shape of 'random_samples' must be "
                             f"(N, C, 3), but got {list(s.shape)}.")
        if s.dtype != a.dtype:
            raise TypeError(f"For 'fractional_max_pool3d', 'input' and '_random_samples' must be same dtype, but got "
                            f"Tensor[{input.dtype}] and Tensor[{samples.dtype}].")
        squeeze = a.ndim == 4
        if squeeze:
            a = a[None]
        if s.shape[0] != a.shape[0] or s.shape[1] != a.shape[1]:
            raise ValueError("For 'FractionalMaxPool3DWithFixedKsize', if 'x' is 5 dimensional, the second dimension "
                             "size of 'x' and 'random_samples' must be equal.")
        k, outs = _sizes(name, self.kernel_size, 3, self.output_size, self.output_ratio, a.shape[2:])
        out, idx = _fractional("FractionalMaxPool3DWithFixedKsize", a, s, k, outs, (0, 1, 2))
        if squeeze:
            out, idx = out[0], idx[0]
        if self.return_indices:
            return _wrap(out), _wrap(idx)
        return _wrap(out)
