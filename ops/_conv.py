"""Convolutions in MindSpore's NC(D)HW layout, weights (out, in/group, k...):
conv1d/conv2d/conv3d, Conv2D/Conv3D, Conv2DTranspose/Conv2DBackpropInput, conv_transpose2d,
conv3d_transpose/Conv3DTranspose. pad_mode is 'valid', 'same' (TF-style split, extra at the
end) or 'pad' (explicit). Transposed convolutions are the exact gradient of the forward
convolution with respect to its input (``jax.vjp``), which is their definition.
"""
import functools
import itertools
import math

import jax
import jax.numpy as jnp
from jax import lax
from jax.custom_derivatives import SymbolicZero

from mscompat.backends import device_target, precision
from mscompat.common import dtype as mstype
from ._args import Tensor
from ._nn import need_tensor, is_int
from ._programs import one_program
from ._registry import op, primitive, WHITE, REQUIRED

_wrap = Tensor._wrap
_CONV_DTYPES = ("float16", "float32", "bfloat16")
_SPATIAL = {1: "H", 2: "HW", 3: "DHW"}


def _tuple(name, arg, v, n, allow=()):
    """``v`` as a tuple of ``n`` positive ints (an int is repeated; lengths in ``allow``
    drop the leading (N, C) entries)."""
    if is_int(v):
        out = (v,) * n
    elif isinstance(v, (tuple, list)) and len(v) == n and all(is_int(i) for i in v):
        out = tuple(v)
    elif isinstance(v, (tuple, list)) and len(v) in allow and all(is_int(i) for i in v):
        out = tuple(v)[-n:]
    else:
        raise ValueError(f"For '{name}' attr '{arg}' must be an positive int number or a tuple of {n} "
                         f"positive int numbers, but got {v}")
    if any(i <= 0 for i in out):
        raise ValueError(f"For '{name}' attr '{arg}' must be an positive int number or a tuple of {n} "
                         f"positive int numbers, but got {v}")
    return out


def _same_pads(size, k, s, d):
    out = -(-size // s)
    need = max(0, (out - 1) * s + d * (k - 1) + 1 - size)
    return need // 2, need - need // 2


def _check_inputs(name, x, w, nd):
    a = need_tensor(name, "x", x)
    b = need_tensor(name, "w", w)
    if a.dtype != b.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same.")
    if str(a.dtype) not in _CONV_DTYPES:
        raise TypeError(f"For primitive[{name}], the input argument[w] must be a type of {{Tensor[Float16], "
                        f"Tensor[Float32]}}, but got Tensor[{mstype.from_numpy_dtype(a.dtype)}].")
    if a.ndim != nd + 2:
        raise ValueError(f"For primitive[{name}], the x shape size must be equal to {nd + 2}, but got {a.ndim}.")
    if b.ndim != nd + 2:
        raise ValueError(f"For primitive[{name}], the w shape size must be equal to {nd + 2}, but got {b.ndim}.")
    return a, b


def _pads(name, pad_mode, pad, spatial, ksize, stride, dilation):
    nd = len(spatial)
    if pad_mode == "valid":
        return [(0, 0)] * nd
    if pad_mode == "same":
        return [_same_pads(spatial[i], ksize[i], stride[i], dilation[i]) for i in range(nd)]
    return [(pad[2 * i], pad[2 * i + 1]) for i in range(nd)]


def _dn(nd):
    s = _SPATIAL[nd]
    return ("NC" + s, "OI" + s, "NC" + s)


def _conv_forward(a, b, stride, pads, dilation, groups):
    return _conv_program(a, b, tuple(stride), tuple(map(tuple, pads)), tuple(dilation), groups, device_target(),
                         precision.conv_precision())


@one_program(static_argnums=(2, 3, 4, 5, 6, 7))
def _conv_program(a, b, stride, pads, dilation, groups, target, conv_precision):
    """The convolution on ``target`` at ``conv_precision`` (read outside: a program keeps them)."""
    nd = a.ndim - 2
    dt = a.dtype
    a, b, acc = precision.conv_operands(a, b, target)
    if nd == 2 and groups == 1 and a.dtype == jnp.float32 \
            and (_im2col_derivative(b.shape, stride) or _value_as_shifts(b.shape)) and target == "CPU":
        return _conv2d_cpu(a, b, stride, pads, dilation).astype(dt)
    out = lax.conv_general_dilated(a, b, stride, pads, rhs_dilation=dilation, dimension_numbers=_dn(nd),
                                   feature_group_count=groups, precision=conv_precision,
                                   preferred_element_type=acc)
    return out.astype(dt)


# XLA:CPU's convolution kernels are fast for the forward pass and most gradients, but both
# gradients of a 1x1 strided convolution (ResNet's shortcut) are 1.7-2.8x slower than their im2col
# form: the input's patches (one strided slice per kernel offset) against the filter as one matrix
# product, whose derivative is that product transposed and the slices' transposes (pads). The
# im2col input gradient of larger kernels (2x faster alone for LeNet's 6 -> 16 channels, 5x5) is
# not used: its sum of pads is elementwise, and XLA fuses it into the ops that consume it (a max-pool
# gradient, a transpose), recomputing it per element: a LeNet step ran 3x slower.
# ``benchmarks/conv_cpu.py`` measures each form.

def _patches(x, ksize, stride, pads, dilation):
    """(C * prod(k), N * prod(out)) patches of an NCHW ``x``, rows channel-major then kernel
    offset (the order of an OIHW filter's flattened (I, H, W)); and the output's spatial size."""
    n, c = x.shape[:2]
    nd = len(ksize)
    outs = [(x.shape[2 + i] + pads[i][0] + pads[i][1] - dilation[i] * (ksize[i] - 1) - 1) // stride[i] + 1
            for i in range(nd)]
    xt = lax.pad(jnp.moveaxis(x, 0, 1), jnp.zeros((), x.dtype),
                 [(0, 0, 0), (0, 0, 0)] + [(lo, hi, 0) for lo, hi in pads])
    cols = []
    for off in itertools.product(*[range(k) for k in ksize]):
        start = [0, 0] + [off[i] * dilation[i] for i in range(nd)]
        limit = [c, n] + [start[2 + i] + (outs[i] - 1) * stride[i] + 1 for i in range(nd)]
        cols.append(lax.slice(xt, start, limit, [1, 1] + list(stride)))
    return jnp.stack(cols, axis=1).reshape(c * len(cols), -1), outs


def _conv_im2col(x, w, stride, pads, dilation):
    """The convolution as one matrix product of the filter and the input's patches (NCHW out)."""
    cols, outs = _patches(x, w.shape[2:], stride, pads, dilation)
    out = lax.dot_general(w.reshape(w.shape[0], -1), cols, (((1,), (0,)), ((), ())), precision=lax.Precision.HIGHEST)
    return jnp.moveaxis(out.reshape((w.shape[0], x.shape[0]) + tuple(outs)), 0, 1)


def _im2col_derivative(w_shape, stride):
    """Whether the derivative takes its im2col form on XLA:CPU: for a 1x1 strided kernel (its
    patches are one strided slice, whose transpose is one strided pad)."""
    return max(w_shape[2:]) == 1 and max(stride) > 1


def _value_as_shifts(w_shape):
    """Whether the value takes its shifted-slices form on XLA:CPU: one input channel and a small
    filter (LeNet's first convolution, 1 -> 6 channels 5x5: XLA's kernel 4x oneDNN's, this form
    several times faster than XLA's kernel; its derivative stays XLA's)."""
    return w_shape[1] == 1 and w_shape[0] * math.prod(w_shape[2:]) <= 256


def _conv_shifts(x, w, stride, pads, dilation):
    """A one-input-channel convolution as a sum over kernel offsets of the input's strided slice
    times that offset's filter column: elementwise, NCHW out."""
    ksize = w.shape[2:]
    outs = [(x.shape[2 + i] + pads[i][0] + pads[i][1] - dilation[i] * (ksize[i] - 1) - 1) // stride[i] + 1
            for i in range(2)]
    xp = lax.pad(x, jnp.zeros((), x.dtype), [(0, 0, 0), (0, 0, 0)] + [(lo, hi, 0) for lo, hi in pads])
    shape = (x.shape[0], w.shape[0], outs[0], outs[1])
    cols = lax.reshape(w, (w.shape[0], math.prod(ksize)))     # (O, kh * kw): one input channel
    out = None
    # (lax, not the array operators: each of those traces a program of its own)
    for k, off in enumerate(itertools.product(*[range(k) for k in ksize])):
        start = [0, 0] + [off[i] * dilation[i] for i in range(2)]
        limit = [x.shape[0], 1] + [start[2 + i] + (outs[i] - 1) * stride[i] + 1 for i in range(2)]
        part = lax.broadcast_in_dim(lax.slice(xp, start, limit, [1, 1] + list(stride)), shape, (0, 1, 2, 3))
        col = lax.broadcast_in_dim(lax.reshape(lax.slice_in_dim(cols, k, k + 1, axis=1), (w.shape[0],)), shape, (1,))
        term = lax.mul(part, col)
        out = term if out is None else lax.add(out, term)
    return out


def _xla_conv(x, w, stride, pads, dilation):
    return lax.conv_general_dilated(x, w, stride, pads, rhs_dilation=dilation, dimension_numbers=_dn(2),
                                    precision=lax.Precision.HIGHEST)


@functools.partial(jax.custom_jvp, nondiff_argnums=(2, 3, 4))
def _conv2d_cpu(x, w, stride, pads, dilation):
    """A float32 NCHW convolution (one group) on XLA:CPU, each of its value and derivative in the
    form faster there for its shape: XLA's kernel, shifted slices (the value of a one-channel
    input) or im2col (the derivative of a 1x1 strided kernel)."""
    form = _conv_shifts if _value_as_shifts(w.shape) else _xla_conv
    return form(x, w, stride, pads, dilation)


@functools.partial(_conv2d_cpu.defjvp, symbolic_zeros=True)
def _conv2d_cpu_jvp(stride, pads, dilation, primals, tangents):
    x, w = primals
    tx, tw = tangents
    out = _conv2d_cpu(x, w, stride, pads, dilation)
    form = _conv_im2col if _im2col_derivative(w.shape, stride) else _xla_conv
    terms = [form(a, b, stride, pads, dilation)
             for a, b, t in ((tx, w, tx), (x, tw, tw)) if not isinstance(t, SymbolicZero)]
    return out, terms[0] if len(terms) == 1 else terms[0] + terms[1]


def _conv(name, x, w, stride, pad_mode, pad, dilation, group, out_channel=None, kernel_size=None):
    """Forward convolution with MindSpore's checks; ``pad`` is (lo, hi) per spatial dim, flat."""
    nd = len(stride)
    a, b = _check_inputs(name, x, w, nd)
    if a.shape[1] != b.shape[1] * group:
        raise RuntimeError(f"For '{name}', 'C_in' of input 'x' shape divide by parameter 'group' must be equal to "
                           f"'C_in' of input 'weight' shape: {b.shape[1]}, but got 'C_in' of input 'x' shape: "
                           f"{a.shape[1]}, and 'group': {group}.")
    if out_channel is not None and b.shape[0] != out_channel:
        raise RuntimeError(f"For '{name}', 'w_shape[0]' must be equal to 'out_channel', but got 'w_shape[0]': "
                           f"{b.shape[0]}, 'out_channel': {out_channel}.")
    if kernel_size is not None:
        for i, k in enumerate(kernel_size):
            if b.shape[2 + i] != k:
                raise RuntimeError(f"For '{name}', 'w_shape[{2 + i}]' must be equal to 'kernel_size[{i}]', but got "
                                   f"'w_shape[{2 + i}]': {b.shape[2 + i]}, 'kernel_size[{i}]': {k}.")
    if b.shape[0] % group:
        raise ValueError(f"The argument 'groups' should be divisible by 'in_channel' and 'out_channel', but got "
                         f"group:{group}, in_channel:{a.shape[1]}, out_channel:{b.shape[0]}.")
    spatial = a.shape[2:]
    ksize = b.shape[2:]
    pads = _pads(name, pad_mode, pad, spatial, ksize, stride, dilation)
    for i in range(nd):
        if spatial[i] + sum(pads[i]) < dilation[i] * (ksize[i] - 1) + 1:
            raise ValueError(f"For '{name}', input shape's h and w after padding must be greater than or equal to "
                             "kernel_size's h and w respectively.")
    return _conv_forward(a, b, stride, pads, dilation, group)


def _check_pad_mode(name, pad_mode, pad_flat):
    if not isinstance(pad_mode, str) or pad_mode.lower() not in ("valid", "same", "pad"):
        raise ValueError(f"For '{name}', the 'pad_mode' must be str and must be in '['valid', 'same', 'pad']', "
                         f"but got '{pad_mode}'.")
    pad_mode = pad_mode.lower()
    if pad_mode != "pad" and any(pad_flat):
        raise ValueError(f"For '{name}', the 'pad' must be zero when 'pad_mode' is not 'pad', but got 'pad': "
                         f"{pad_flat} and 'pad_mode': {pad_mode}.")
    if pad_mode == "pad" and any((not is_int(p)) or p < 0 for p in pad_flat):
        raise ValueError(f"For '{name}', the 'pad item' must be a non-negative int, but got {pad_flat}.")
    return pad_mode


def _functional_padding(dim, padding):
    if is_int(padding):
        return (padding,) * (2 * dim)
    if isinstance(padding, (tuple, list)):
        if len(padding) != dim:
            raise ValueError(f"For 'conv{dim}d', 'padding' must be a tuple or list of {dim} integers, "
                             f"but got {padding}.")
        return tuple(p for p in padding for _ in range(2))
    raise TypeError(f"For 'conv{dim}d', 'padding' must be a tuple, list or int, but got {type(padding)}.")


def _add_bias(dim, out, weight, bias):
    if bias is None:
        return out
    if not isinstance(bias, Tensor):
        raise TypeError(f"For 'conv{dim}d', the 'bias' must be a Tensor, but got {type(bias)}.")
    b = bias._data if bias._data is not None else need_tensor("conv", "bias", bias)
    oc = weight.shape[0]
    if b.shape[0] != oc:
        raise ValueError(f"For 'conv{dim}d', Given weight of size {tuple(weight.shape)}, expected bias to be "
                         f"1-dimensional with {oc} elements, but got bias of size {b.shape[0]} instead.")
    if b.dtype != out.dtype:
        raise TypeError("For primitive[BiasAdd], the input type must be same.")
    return out + b.reshape((oc,) + (1,) * (out.ndim - 2))


def _conv_fn(dim, input, weight, bias, stride, pad_mode, padding, dilation, groups):
    name = {1: "Conv2D", 2: "Conv2D", 3: "Conv3D"}[dim]
    if not isinstance(input, Tensor) or not isinstance(weight, Tensor):
        raise TypeError(f"For 'conv{dim}d', 'input' and 'weight' must be Tensors.")
    if dim == 1:
        if input.ndim != 3:
            raise ValueError(f"For 'conv1d', the input must be a 3D Tensor, but got input of {input.ndim}D.")
        if weight.ndim != 3:
            raise ValueError(f"For 'conv1d', the weight must be a 3D Tensor, but got input of {weight.ndim}D.")
    for n, v in (("stride", stride), ("dilation", dilation)):
        if isinstance(v, (tuple, list)) and len(v) != dim:
            raise ValueError(f"For 'conv{dim}d', the {n} must be a int or a tuple/list with length {dim}, "
                             f"but got {v}.")
    pad = _functional_padding(dim, padding)
    pad_mode = _check_pad_mode(name, pad_mode, pad)
    stride = _tuple(name, "stride", stride, dim)
    dilation = _tuple(name, "dilation", dilation, dim)
    if not is_int(groups) or groups <= 0:
        raise ValueError(f"For '{name}', the 'group' must be a positive int, but got {groups}.")
    out = _conv(name, input, weight, stride, pad_mode, pad, dilation, groups)
    return _wrap(_add_bias(dim, out, weight, bias))


@op("conv1d", ascend_cube=True)
def conv1d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    return _conv_fn(1, input, weight, bias, stride, pad_mode, padding, dilation, groups)


@op("conv2d", amp=WHITE, ascend_cube=True)
def conv2d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    return _conv_fn(2, input, weight, bias, stride, pad_mode, padding, dilation, groups)


@op("conv3d", amp=WHITE, ascend_cube=True)
def conv3d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    return _conv_fn(3, input, weight, bias, stride, pad_mode, padding, dilation, groups)


def _conv_attrs(prim, nd, fmt):
    """The constructor checks of the convolution Primitives: normalises ``kernel_size``,
    ``stride``, ``dilation`` and ``pad`` to tuples and ``pad_mode`` to lower case."""
    name = prim.name
    prim.kernel_size = _tuple(name, "kernel_size", prim.kernel_size, nd)
    prim.stride = _tuple(name, "stride", prim.stride, nd, allow=(nd + 2,))
    prim.dilation = _tuple(name, "dilation", prim.dilation, nd, allow=(nd + 2,))
    pad, pad_mode = prim.pad, prim.pad_mode
    if isinstance(pad, bool) or not isinstance(pad, (int, tuple)):
        raise TypeError(f"For '{name}', the type of 'pad' should be one of '['int', 'tuple']', "
                        f"but got type '{type(pad).__name__}'.")
    if isinstance(pad, int):
        pad = (pad,) * (2 * nd)
    elif len(pad) != 2 * nd:
        raise ValueError(f"For '{name}', the 'pad size' must be equal to {2 * nd}, but got {len(pad)}.")
    if not isinstance(pad_mode, str):
        raise TypeError(f"For '{name}', the type of 'pad_mode' should be 'str', "
                        f"but got type '{type(pad_mode).__name__}'.")
    prim.pad_mode = _check_pad_mode(name, pad_mode, pad)
    prim.pad = pad
    if prim.mode != 1:
        raise ValueError(f"For '{name}', the 'mode' must be 1, but got {prim.mode}.")
    if prim.data_format != fmt:
        raise ValueError(f"For '{name}', the '{prim.data_format}' format is only supported in GPU target, "
                         f"but got the 'data_format' is {prim.data_format} and platform is CPU.")
    if not is_int(prim.out_channel) or prim.out_channel <= 0:
        raise ValueError(f"For '{name}', the 'out_channel' must be a positive int, but got {prim.out_channel}.")
    if not is_int(prim.group) or prim.group <= 0:
        raise ValueError(f"For '{name}', the 'group' must be a positive int, but got {prim.group}.")
    for k in ("kernel_size", "stride", "dilation", "pad", "pad_mode"):
        prim.add_prim_attr(k, getattr(prim, k))


def _conv_prim(prim, x, w):
    """Conv2D/Conv3D's call: the functional ops' kernel with the Primitive's attributes."""
    return _wrap(_conv(prim.name, x, w, prim.stride, prim.pad_mode, prim.pad, prim.dilation, prim.group,
                       prim.out_channel, prim.kernel_size))


_CONV_ATTRS = (("out_channel", REQUIRED), ("kernel_size", REQUIRED), ("mode", 1), ("pad_mode", "valid"), ("pad", 0),
               ("stride", 1), ("dilation", 1), ("group", 1))

primitive("Conv2D", _conv, _CONV_ATTRS + (("data_format", "NCHW"),), call=_conv_prim,
          init=lambda prim: _conv_attrs(prim, 2, "NCHW"), amp={"O1": WHITE, "auto": WHITE}, ascend_cube=True,
          amp_order=1, doc="2D convolution primitive: ``Conv2D(out_channel, kernel_size, ...)(x, w)``.")
primitive("Conv3D", _conv, _CONV_ATTRS + (("data_format", "NCDHW"),), call=_conv_prim,
          init=lambda prim: _conv_attrs(prim, 3, "NCDHW"), amp={"O1": WHITE, "auto": WHITE}, ascend_cube=True,
          amp_order=2, doc="3D convolution primitive: ``Conv3D(out_channel, kernel_size, ...)(x, w)``.")


def _transpose_via_vjp(dout, w, in_shape, stride, pads, dilation, groups):
    """The transposed convolution: gradient of conv(x, w) w.r.t. ``x`` of shape ``in_shape``."""
    dt = dout.dtype
    wf = w.astype(jnp.float32)

    def fwd(x):
        return lax.conv_general_dilated(x, wf, stride, pads, rhs_dilation=dilation, dimension_numbers=_dn(len(stride)),
                                        feature_group_count=groups, precision=precision.conv_precision())
    x0 = jnp.zeros(in_shape, jnp.float32)
    out_shape = jax.eval_shape(fwd, x0).shape
    if tuple(out_shape) != tuple(dout.shape):
        raise ValueError(f"The shape of 'dout' {list(dout.shape)} does not match the convolution output "
                         f"{list(out_shape)} for an input of size {list(in_shape)}.")
    _, vjp = jax.vjp(fwd, x0)
    return vjp(dout.astype(jnp.float32))[0].astype(dt)


def _backprop_input(prim, dout, weight, input_size):
    """Conv2DBackpropInput/Conv2DTranspose's call: the gradient of the convolution with respect
    to its input of shape ``input_size``."""
    name = prim.name
    d, w = _check_inputs(name, dout, weight, 2)
    if isinstance(input_size, Tensor):
        input_size = tuple(int(v) for v in input_size.asnumpy())
    if not isinstance(input_size, (tuple, list)) or len(input_size) != 4:
        raise ValueError(f"For '{name}', 'input_size' must be a tuple of 4 ints, but got {input_size}.")
    input_size = tuple(input_size)
    if w.shape[0] != d.shape[1]:
        raise ValueError(f"For '{name}', the channel of 'dout' must equal weight's first dimension, "
                         f"but got {d.shape[1]} and {w.shape[0]}.")
    if input_size[1] != w.shape[1] * prim.group:
        raise ValueError(f"For '{name}', 'input_size[1]' must equal weight's C_in times 'group', "
                         f"but got {input_size[1]}.")
    pad = tuple(prim.pad_list) if prim.pad_list and prim.pad_mode == "pad" else prim.pad
    pads = _pads(name, prim.pad_mode, pad, input_size[2:], w.shape[2:], prim.stride, prim.dilation)
    return _wrap(_transpose_via_vjp(d, w, input_size, prim.stride, pads, prim.dilation, prim.group))


_BACKPROP_ATTRS = (("out_channel", REQUIRED), ("kernel_size", REQUIRED), ("pad_mode", "valid"), ("pad", 0),
                   ("pad_list", None), ("mode", 1), ("stride", 1), ("dilation", 1), ("group", 1),
                   ("data_format", "NCHW"))

primitive("Conv2DBackpropInput", _transpose_via_vjp, _BACKPROP_ATTRS, call=_backprop_input,
          init=lambda prim: _conv_attrs(prim, 2, "NCHW"), amp={"O1": WHITE}, amp_order=5,
          doc="Gradient of Conv2D w.r.t. its input: ``(dout, weight, input_size)`` -> dx.")
primitive("Conv2DTranspose", _transpose_via_vjp, _BACKPROP_ATTRS, call=_backprop_input,
          init=lambda prim: _conv_attrs(prim, 2, "NCHW"), amp={"O1": WHITE, "auto": WHITE}, amp_order=3,
          doc="Transposed 2D convolution; the same computation as ``Conv2DBackpropInput``.")


@op("conv_transpose2d", amp=WHITE)
def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """PyTorch-style transposed convolution; ``weight`` is (C_in, C_out / groups, kh, kw)."""
    name = "ConvTranspose2D"
    a = need_tensor(name, "input", input)
    for arg, v in (("stride", stride), ("padding", padding), ("output_padding", output_padding),
                   ("dilation", dilation)):
        if not (is_int(v) or isinstance(v, (tuple, list)) and all(is_int(i) for i in v)):
            raise TypeError(f"For '{name}', '{arg}' must be an int or a tuple/list of ints, but got {v!r}.")
    if not is_int(groups):
        raise TypeError(f"For '{name}', 'groups' must be an int, but got {type(groups).__name__}.")
    if bias is not None and not isinstance(bias, Tensor):
        raise TypeError(f"For '{name}', 'bias' must be a Tensor or None, but got {type(bias).__name__}.")
    unbatched = a.ndim == 3
    if unbatched:
        input = _wrap(a[None])
    d, w = _check_inputs(name, input, weight, 2)
    stride = _tuple(name, "stride", stride, 2)
    dilation = _tuple(name, "dilation", dilation, 2)
    padding = (padding,) * 2 if is_int(padding) else tuple(padding)
    output_padding = (output_padding,) * 2 if is_int(output_padding) else tuple(output_padding)
    if d.shape[1] != w.shape[0]:
        raise ValueError(f"For '{name}', the channel of 'input' must equal weight's first dimension, "
                         f"but got {d.shape[1]} and {w.shape[0]}.")
    size = [(d.shape[2 + i] - 1) * stride[i] - 2 * padding[i] + dilation[i] * (w.shape[2 + i] - 1)
            + output_padding[i] + 1 for i in range(2)]
    in_shape = (d.shape[0], w.shape[1] * groups, size[0], size[1])
    pads = [(padding[i], padding[i]) for i in range(2)]
    out = _transpose_via_vjp(d, w, in_shape, stride, pads, dilation, groups)
    if bias is not None:
        out = out + need_tensor(name, "bias", bias).reshape((-1, 1, 1)).astype(out.dtype)
    return _wrap(out[0] if unbatched else out)


def _conv3d_transpose(name, x, w, pad_mode, pad, stride, dilation, group, output_padding):
    d, b = _check_inputs(name, x, w, 3)
    if d.shape[1] != b.shape[0]:
        raise ValueError(f"For '{name}', the channel of 'dout' must equal weight's first dimension, "
                         f"but got {d.shape[1]} and {b.shape[0]}.")
    k = b.shape[2:]
    size, pads = [], []
    for i in range(3):
        base = (d.shape[2 + i] - 1) * stride[i] + dilation[i] * (k[i] - 1) + 1
        full = d.shape[2 + i] * stride[i]
        if pad_mode == "same":   # MindSpore: the output is input * stride
            need = max(0, base - full)
            lo, hi = need // 2, need - need // 2
            size.append(full)
        elif pad_mode == "pad":
            lo, hi = pad[2 * i], pad[2 * i + 1]
            size.append(base - lo - hi + output_padding[i])
        else:                    # 'valid': at least input * stride
            lo = hi = 0
            size.append(max(base, full))
        pads.append((lo, hi))
    in_shape = (d.shape[0], b.shape[1] * group) + tuple(size)
    return _wrap(_transpose_via_vjp(d, b, in_shape, stride, pads, dilation, group))


def _check_output_padding(pad_mode, op_, given):
    if pad_mode != "pad" and tuple(op_) != (0, 0, 0):
        raise ValueError(f"For 'Conv3DTranspose', the 'output_padding' must be zero or (0, 0, 0) when 'pad_mode' "
                         f"is not \"pad\", but got 'output_padding' is {given} and 'pad_mode' is {pad_mode}.")


def _conv3d_transpose_attrs(prim):
    _conv_attrs(prim, 3, "NCDHW")
    if not is_int(prim.in_channel) or prim.in_channel <= 0:
        raise ValueError(f"For 'Conv3DTranspose', the 'in_channel' must be a positive int, but got {prim.in_channel}.")
    given = prim.output_padding
    prim.output_padding = (given,) * 3 if is_int(given) else tuple(given)[-3:]
    _check_output_padding(prim.pad_mode, prim.output_padding, given)
    prim.add_prim_attr("output_padding", prim.output_padding)


def _conv3d_transpose_prim(prim, dout, weight):
    return _conv3d_transpose(prim.name, dout, weight, prim.pad_mode, prim.pad, prim.stride, prim.dilation,
                             prim.group, prim.output_padding)


primitive("Conv3DTranspose", _conv3d_transpose,
          (("in_channel", REQUIRED), ("out_channel", REQUIRED), ("kernel_size", REQUIRED), ("mode", 1),
           ("pad_mode", "valid"), ("pad", 0), ("stride", 1), ("dilation", 1), ("group", 1), ("output_padding", 0),
           ("data_format", "NCDHW")),
          call=_conv3d_transpose_prim, init=_conv3d_transpose_attrs, amp={"O1": WHITE, "auto": WHITE}, amp_order=4,
          doc="Transposed 3D convolution: ``Conv3DTranspose(in_channel, out_channel, kernel_size, ...)(dout, w)``.")


@op("conv3d_transpose")
def conv3d_transpose(inputs, weight, pad_mode="valid", padding=0, stride=1, dilation=1, group=1, output_padding=0):
    name = "Conv3DTranspose"
    pad = (padding,) * 6 if is_int(padding) else tuple(padding)
    pad_mode = _check_pad_mode(name, pad_mode, pad)
    stride = _tuple(name, "stride", stride, 3, allow=(5,))
    dilation = _tuple(name, "dilation", dilation, 3, allow=(5,))
    op_ = (output_padding,) * 3 if is_int(output_padding) else tuple(output_padding)[-3:]
    _check_output_padding(pad_mode, op_, output_padding)
    return _conv3d_transpose(name, inputs, weight, pad_mode, pad, stride, dilation, group, op_)
