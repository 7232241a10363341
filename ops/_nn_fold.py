"""Sliding-window patches of images: unfold/fold (im2col and its inverse), the Primitives
Im2Col/Col2Im and col2im, and ExtractVolumePatches (NCDHW)."""
import builtins
import numbers

import numpy as np
import jax
import jax.numpy as jnp

from ._args import arr, check_tensor, Tensor, is_int as _is_int, tensor_arg as _tensor
from ._registry import op, primitive

_wrap = Tensor._wrap


def _int_pair(name, arg, v, allow_zero=False):
    """An int or 1-2 ints as a pair of positive (non-negative with ``allow_zero``) ints."""
    if _is_int(v):
        v = (int(v), int(v))
    elif isinstance(v, (tuple, list)) and all(_is_int(e) for e in v) and len(v) in (1, 2):
        v = (int(v[0]), int(v[-1]))
    else:
        raise TypeError(f"For '{name}', the type of '{arg}' must be int, tuple or list of int, but got {v}.")
    if any(e < 0 or (e == 0 and not allow_zero) for e in v):
        raise ValueError(f"For '{name}', '{arg}' must be {'non-negative' if allow_zero else 'positive'}, "
                         f"but got {v}.")
    return v


@op("unfold")
def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """Sliding ``kernel_size`` blocks of a (N, C, H, W) input as columns: (N, C*kh*kw, L)."""
    a = _tensor("unfold", "input", input)
    if a.ndim != 4:
        raise ValueError(f"For 'unfold', the rank of 'input' must be 4, but got {a.ndim}.")
    k = _int_pair("unfold", "kernel_size", kernel_size)
    d = _int_pair("unfold", "dilation", dilation)
    p = _int_pair("unfold", "padding", padding, True)
    s = _int_pair("unfold", "stride", stride)
    n, c = a.shape[:2]
    patches = jax.lax.conv_general_dilated_patches(a, k, s, [(p[0], p[0]), (p[1], p[1])], rhs_dilation=d)
    return _wrap(patches.reshape(n, c * k[0] * k[1], -1))


def _output_size_tensor(t):
    """A (H, W) ``output_size`` given as MindSpore's Col2Im takes it: a 1-D int32/int64 Tensor of two
    non-negative values."""
    v = np.asarray(arr(t))
    if v.dtype not in (np.int32, np.int64):
        raise TypeError(f"For primitive[Col2Im], the input argument[output_size] must be a type of "
                        f"{{Tensor[Int32], Tensor[Int64]}}, but got Tensor[{t.dtype}].")
    if v.ndim != 1:
        raise ValueError(f"For 'Col2Im', 'output_size' must be a 1D Tensor, but got a {v.ndim}-D Tensor.")
    if v.size != 2:
        raise ValueError(f"For 'Col2Im', 'output_size' must be a 1D Tensor with 2 elements, but got a 1-D Tensor "
                         f"with {v.size} elements.")
    if (v < 0).any():
        raise ValueError(f"For 'Col2Im', the value of 'output_size' must not be negative, but got {v.tolist()}.")
    return int(v[0]), int(v[1])


@op("fold")
def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """Sum the columns of (N, C*kh*kw, L) back into a (N, C, H, W) image (inverse of unfold)."""
    a = _tensor("fold", "input", input)
    if isinstance(output_size, Tensor):
        output_size = _output_size_tensor(output_size)
        oh, ow = output_size
    else:
        oh, ow = _int_pair("fold", "output_size", output_size)
    k = _int_pair("fold", "kernel_size", kernel_size)
    d = _int_pair("fold", "dilation", dilation)
    p = _int_pair("fold", "padding", padding, True)
    s = _int_pair("fold", "stride", stride)
    if a.ndim != 3 or a.shape[1] % (k[0] * k[1]):
        raise ValueError(f"For 'fold', 'input' must be 3-D with dim 1 divisible by kernel size, got {a.shape}.")
    n = a.shape[0]
    c = a.shape[1] // (k[0] * k[1])
    bh = (oh + 2 * p[0] - d[0] * (k[0] - 1) - 1) // s[0] + 1
    bw = (ow + 2 * p[1] - d[1] * (k[1] - 1) - 1) // s[1] + 1
    if bh * bw != a.shape[2]:
        raise ValueError(f"For 'fold', the number of blocks {a.shape[2]} does not match output_size.")
    cols = a.reshape(n, c, k[0], k[1], bh, bw)
    out = jnp.zeros((n, c, oh + 2 * p[0], ow + 2 * p[1]), a.dtype)
    for i in builtins.range(k[0]):
        for j in builtins.range(k[1]):
            r0, c0 = i * d[0], j * d[1]
            out = out.at[:, :, r0:r0 + s[0] * bh:s[0], c0:c0 + s[1] * bw:s[1]].add(cols[:, :, i, j])
    return _wrap(out[:, :, p[0]:p[0] + oh, p[1]:p[1] + ow])


def _pads4(name, pads):
    if isinstance(pads, numbers.Integral):
        return (int(pads),) * 4
    pads = tuple(int(p) for p in pads)
    if len(pads) == 1:
        return pads * 4
    if len(pads) == 2:
        return (pads[0], pads[0], pads[1], pads[1])
    if len(pads) == 4:
        return pads
    raise ValueError(f"For '{name}', 'pads' must be an int or a tuple of 1, 2 or 4 ints, but got {pads}.")


def _im2col(prim, x):
    check_tensor("Im2Col", "x", x)
    a = arr(x)
    if a.ndim != 4:
        raise ValueError(f"For 'Im2Col', the rank of 'x' must be 4, but got {a.ndim}.")
    k = _int_pair("Im2Col", "ksizes", prim.ksizes)
    s = _int_pair("Im2Col", "strides", prim.strides)
    d = _int_pair("Im2Col", "dilations", prim.dilations)
    p = _pads4("Im2Col", prim.pads)
    n, c = a.shape[:2]
    patches = jax.lax.conv_general_dilated_patches(a, k, s, [(p[0], p[1]), (p[2], p[3])], rhs_dilation=d)
    return _wrap(patches.reshape(n, c, k[0] * k[1], -1))


primitive("Im2Col", None, attrs=(("ksizes", None), ("strides", 1), ("dilations", 1), ("pads", 0)), call=_im2col)


def _col2im(x, output_size, kernel_size, dilation, padding, stride):
    check_tensor("Col2Im", "x", x)
    a = arr(x)
    if a.ndim != 4:
        raise ValueError(f"For 'Col2Im', the rank of 'x' must be 4, but got {a.ndim}.")
    return fold(_wrap(a.reshape(a.shape[0], -1, a.shape[-1])), output_size, kernel_size, dilation, padding, stride)


primitive("Col2Im", None, attrs=(("kernel_size", None), ("dilation", 1), ("padding", 0), ("stride", 1)),
          call=lambda p, x, output_size: _col2im(x, output_size, p.kernel_size, p.dilation, p.padding, p.stride))


@op("col2im")
def col2im(input_x, output_size, kernel_size, dilation, padding_value, stride):
    """Sum (N, C, kh*kw, L) columns into a (N, C, H, W) image."""
    return _col2im(input_x, output_size, kernel_size, dilation, padding_value, stride)


def _extract_volume_patches(prim, x):
    check_tensor("ExtractVolumePatches", "input_x", x)
    a = arr(x)
    if a.ndim != 5:
        raise ValueError(f"For 'ExtractVolumePatches', the rank of 'input_x' must be 5, but got {a.ndim}.")
    k = tuple(int(v) for v in prim.kernel_size)[-3:]
    s = tuple(int(v) for v in prim.strides)[-3:]
    if prim.padding not in ("VALID", "SAME"):
        raise ValueError(f"For 'ExtractVolumePatches', 'padding' must be 'VALID' or 'SAME', but got {prim.padding}.")
    n, c = a.shape[:2]
    patches = jax.lax.conv_general_dilated_patches(a, k, s, prim.padding)
    out_sp = patches.shape[2:]
    # (N, C*kd*kh*kw, ...) with C outermost -> MindSpore orders kernel positions outer, channel inner
    patches = patches.reshape((n, c, int(np.prod(k))) + out_sp)
    patches = jnp.swapaxes(patches, 1, 2)
    return _wrap(patches.reshape((n, -1) + out_sp))


primitive("ExtractVolumePatches", None, attrs=(("kernel_size", None), ("strides", None), ("padding", None)),
          call=_extract_volume_patches)
