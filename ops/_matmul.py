"""Matrix products: matmul, MatMul, BatchMatMul, bmm, mm, dot, inner, outer, kron,
tensor_dot, batch_dot, einsum, the add-and-multiply ops (addmm, addmv, addbmm, baddbmm,
addr) and vecdot.

Operand dtypes are not promoted: MindSpore's matmul kernels need equal input dtypes
(TypeError otherwise) and reject bool. Integer products wrap around in the input dtype;
float16 products accumulate in float32.
"""
import numbers

import numpy as np
import jax.numpy as jnp

from mscompat import backends
from mscompat.backends import precision
from mscompat.common import dtype as mstype
from ._args import arr, Tensor, CONCRETE
from ._programs import one_program
from ._registry import op, primitive, WHITE, REQUIRED
from ._args import binary
from ._reduce import sum as _sum

_wrap = Tensor._wrap
_BOOL = np.dtype(np.bool_)
_F64 = np.dtype(np.float64)
_F32 = np.dtype(np.float32)


def _ms(dt):
    return mstype.from_numpy_dtype(np.dtype(dt))


def _call_fail(name, detail):
    return TypeError(f"Failed calling {name} with \"{name}({detail})\".")


def _same_dtype(name, a, b):
    if a.dtype != b.dtype:
        raise TypeError(f"For '{name}', the type of 'x2' should be same as 'x1', but got 'x1' with type "
                        f"Tensor[{_ms(a.dtype)}] and 'x2' with type Tensor[{_ms(b.dtype)}].")
    if a.dtype == _BOOL:
        raise TypeError(f"Select CPU operator[{name}] fail! Unsupported data type!")


_ACTIVE = object()     # the active target's precision (read when the product is traced)


def _product(a, b, fn=jnp.matmul, float_precision=_ACTIVE):
    """``fn(a, b)`` in ``a``'s dtype: integers wrap, low-precision floats accumulate in float32,
    float32/float64 at ``float_precision`` (default: the active target's). (A backend's matrix
    unit, the emulated Ascend cube, rounds the ops whose entry has ``ascend_cube`` at the op
    dispatch point.)"""
    dt = a.dtype
    if dt == _F32 or dt == _F64:
        return fn(a, b, precision=precision.matmul_precision() if float_precision is _ACTIVE else float_precision)
    if dt.kind in "iu":
        wide = np.int64 if dt.kind == "i" else np.uint64
        return fn(a.astype(wide), b.astype(wide)).astype(dt)
    if dt == np.float16 or dt.name == "bfloat16":
        return fn(a, b, preferred_element_type=_F32).astype(dt)
    return fn(a, b)


def _both_tensors(name, x, y, names=("input", "other")):
    if not isinstance(x, Tensor) or not isinstance(y, Tensor):
        raise _call_fail(name, f")({names[0]}={type(x).__name__ if isinstance(x, Tensor) else type(x)}, "
                               f"{names[1]}={type(y).__name__ if isinstance(y, Tensor) else type(y)}")
    return arr(x), arr(y)


def _eager_product(x, y):
    """The product of two Tensors holding concrete (eager) float32 or float64 matrices of one
    dtype whose inner sizes agree: the common case, which passes every check of the matrix
    products; else None (the caller then takes its full path)."""
    if isinstance(x, Tensor) and isinstance(y, Tensor):
        a, b = x._data, y._data
        if type(a) is CONCRETE and type(b) is CONCRETE:
            va, vb = a.aval, b.aval
            dt, sa, sb = va.dtype, va.shape, vb.shape
            if (dt == vb.dtype and (dt == _F32 or dt == _F64) and len(sa) == 2 and len(sb) == 2
                    and sa[1] == sb[0]):
                prec = precision.matmul_precision()
                return _wrap(jnp.matmul(a, b) if prec is None else jnp.matmul(a, b, precision=prec))
    return None


@op("matmul", amp=WHITE, ascend_cube=True)
def matmul(input, other):
    """Matrix product with numpy's broadcasting rules (1-D inputs are vectors)."""
    out = _eager_product(input, other)
    if out is not None:
        return out
    a, b = _both_tensors("MatMulExt", input, other)
    _same_dtype("MatMulExt", a, b)
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError("For 'MatMulExt' op, inputs must be all tensors and rank >= 1")
    ka = a.shape[-1]
    kb = b.shape[-2] if b.ndim >= 2 else b.shape[0]
    if ka != kb:
        raise RuntimeError(f"For 'MatMulExt' op, shape1[-1] must be equal to shape2[-2], but got {ka} and {kb}.")
    try:
        if a.ndim > 2 or b.ndim > 2:
            np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    except ValueError:
        raise RuntimeError(f"For 'MatMulExt' op,  shape1 and shape2 must be broadcastable, but got "
                           f"{list(a.shape)} and {list(b.shape)}") from None
    return _wrap(_product(a, b))


def _matmul_2d(x, w, transpose_a=False, transpose_b=False, name="MatMul", names=("input", "mat2")):
    if transpose_a is False and transpose_b is False:
        out = _eager_product(x, w)
        if out is not None:
            return out
    if not isinstance(transpose_a, bool) or not isinstance(transpose_b, bool):
        raise _call_fail(name, f"transpose_a={type(transpose_a).__name__}, transpose_b="
                               f"{type(transpose_b).__name__})(input=Tensor, mat2=Tensor")
    a, b = _both_tensors(name, x, w, names)
    _same_dtype(name, a, b)
    if a.ndim != 2 or b.ndim != 2:
        raise ValueError(f"{name} inputs should have the same dimension size and equal to 2.")
    inner_a, inner_b = a.shape[0 if transpose_a else 1], b.shape[1 if transpose_b else 0]
    if inner_a != inner_b:
        raise ValueError(f"For '{name}' the input dimensions must be equal, but got 'x1_col': {inner_a} "
                         f"and 'x2_row': {inner_b}.")
    if not (transpose_a or transpose_b):
        return _wrap(_product(a, b))
    return _wrap(_transposed_product(a, b, transpose_a, transpose_b, precision.matmul_precision()))


@one_program(static_argnums=(2, 3, 4))
def _transposed_product(a, b, transpose_a, transpose_b, float_precision):
    """The product of ``a`` (transposed with ``transpose_a``) and ``b`` (with ``transpose_b``)."""
    return _product(a.T if transpose_a else a, b.T if transpose_b else b, float_precision=float_precision)


def _batch_matmul(x, w, transpose_a=False, transpose_b=False):
    name = "BatchMatMul"
    if not isinstance(transpose_a, bool) or not isinstance(transpose_b, bool):
        raise _call_fail(name, f"transpose_a={type(transpose_a).__name__}, transpose_b="
                               f"{type(transpose_b).__name__})(x=Tensor, y=Tensor")
    a, b = _both_tensors(name, x, w, ("x", "y"))
    _same_dtype(name, a, b)
    for arg, t in (("x", a), ("y", b)):
        if t.ndim < 2:
            raise ValueError(f"For 'BatchMatMul', the input '{arg}' must be a 2D or higher dimensional Tensor, "
                             f"but got {t.ndim}D shape {list(t.shape)}")
    if a.shape[:-2] != b.shape[:-2]:
        # the CPU/GPU kernels do not broadcast batch dimensions; the Ascend kernel does (numpy rules)
        on_ascend = backends.current().name == "Ascend"
        try:
            np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
        except ValueError:
            raise ValueError(f"For BatchMatMul, inputs shape cannot be broadcast{'' if on_ascend else ' on CPU/GPU'}, "
                             f"with x shape {list(a.shape)}, y shape {list(b.shape)}") from None
        if not on_ascend:
            raise ValueError(f"For BatchMatMul, inputs shape cannot be broadcast on CPU/GPU, with x shape "
                             f"{list(a.shape)}, y shape {list(b.shape)}")
    if transpose_a:
        a = jnp.swapaxes(a, -1, -2)
    if transpose_b:
        b = jnp.swapaxes(b, -1, -2)
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"For BatchMatMul, the row of the input 'y' should be same as the col of the input 'x', "
                         f"with x shape {list(a.shape)}(transpose_a={int(transpose_a)}), y shape "
                         f"{list(b.shape)}(transpose_b={int(transpose_b)})")
    return _wrap(_product(a, b))


@op("bmm", amp=WHITE, ascend_cube=True)
def bmm(input_x, mat2):
    """Batched matrix product; batch dimensions must be equal (no broadcasting)."""
    return _batch_matmul(input_x, mat2)


@op("mm", ascend_cube=True)
def mm(input, mat2):
    """Product of two 2-D matrices of the same dtype."""
    return _matmul_2d(input, mat2)


def _matmul_call(prim, x, w):
    """``MatMul(transpose_a, transpose_b)(x, w)``: the common eager case first (no transposes)."""
    ta, tb = prim.transpose_a, prim.transpose_b
    if ta is False and tb is False:
        out = _eager_product(x, w)
        if out is not None:
            return out
    return _matmul_2d(x, w, ta, tb)


primitive("MatMul", _matmul_2d, attrs=(("transpose_a", False), ("transpose_b", False)),
          call=_matmul_call,
          amp={"O1": WHITE, "auto": WHITE}, ascend_cube=True, shard_rule="matmul", amp_order=6)
primitive("BatchMatMul", _batch_matmul, attrs=(("transpose_a", False), ("transpose_b", False)),
          amp={"O1": WHITE, "auto": WHITE}, ascend_cube=True, amp_order=7)


def _float_pair(name, a, b, allowed):
    for arg, t in (("x1", a), ("x2", b)):
        if t.dtype not in allowed:
            names = ", ".join(f"mindspore.{_ms(d).__str__().lower()}" for d in allowed)
            raise TypeError(f"The '{arg}' doesn't support '{_ms(t.dtype)}' and expect to receive [{names}].")


@op("dot", ascend_cube=True)
def dot(input, other):
    """``input`` (..., k) times ``other`` (..., k, n): every pair of rows and columns."""
    a, b = _both_tensors("dot", input, other)
    _float_pair("dot", a, b, (np.dtype(np.float16), _F32))
    if a.dtype != b.dtype:
        raise TypeError(f"For 'dot', the inputs must be the same type, but got x1_type: {_ms(a.dtype)} "
                        f"and x2_type: {_ms(b.dtype)}.")
    if a.ndim < 2 or b.ndim < 2:
        raise ValueError(f"For 'dot', the inputs x1, x2 should have 'dimension >= 2',but got "
                         f"'len(x1_shape)': ({a.ndim}) and 'len(x2_shape)': ({b.ndim}).")
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"For 'MatMul' the input dimensions must be equal, but got 'x1_col': {a.shape[-1]} "
                         f"and 'x2_row': {b.shape[-2]}.")
    return _wrap(_product(a, b, lambda p, q, **kw: jnp.tensordot(p, q, axes=((-1,), (q.ndim - 2,)), **kw)))


@op("inner", ascend_cube=True)
def inner(input, other):
    """Sum of products over the last axes; a 0-D operand multiplies."""
    a, b = _both_tensors("inner", input, other)
    if a.ndim == 0 or b.ndim == 0:
        return input * other
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(f"For 'inner', the last dimension of 'input' and 'other' must be the same, "
                         f"but got input.shape: {a.shape} and other.shape: {b.shape}.")
    return tensor_dot(input, other, ((-1,), (-1,)))


@op("outer")
def outer(input, vec2):
    """Outer product of the flattened ``input`` with ``vec2``."""
    if not isinstance(input, Tensor):
        raise TypeError("the input input must be Tensor!")
    if not isinstance(vec2, Tensor):
        raise TypeError("the input vec2 must be Tensor!")
    return _wrap(arr(input).reshape(-1, 1)) * vec2


@op("kron")
def kron(input, other):
    """Kronecker product (numpy's ``kron``) with MindSpore's type promotion."""
    if not isinstance(input, Tensor) or not isinstance(other, Tensor):
        raise TypeError(f"For 'kron', the input and other must be Tensor, but got {type(input).__name__} "
                        f"and {type(other).__name__}.")
    a, b = binary("Mul", input, other, broadcast=False)
    if a.dtype == _BOOL:
        return _wrap(jnp.kron(a.astype(np.int8), b.astype(np.int8)).astype(_BOOL))
    return _wrap(jnp.kron(a, b))


def _td_axes(axes, nd1, nd2):
    if isinstance(axes, numbers.Integral) and not isinstance(axes, bool):
        if axes < 0:
            raise ValueError(f"For 'tensor_dot', 'axes' must be non-negative, but got {axes}.")
        return list(range(nd1 - axes, nd1)), list(range(axes))
    if isinstance(axes, (tuple, list)) and len(axes) == 2:
        a0, a1 = axes
        a0 = [a0] if isinstance(a0, int) else list(a0)
        a1 = [a1] if isinstance(a1, int) else list(a1)
        if len(a0) != len(a1):
            raise ValueError(f"For 'tensor_dot', both axes lists must have the same length, but got {axes}.")
        return [v % nd1 for v in a0], [v % nd2 for v in a1]
    raise TypeError(f"For 'tensor_dot', 'axes' must be an int or a pair of sequences, but got {axes}.")


@op("tensor_dot", ascend_cube=True)
def tensor_dot(x1, x2, axes):
    """Sum of products over ``axes`` (an int N: the last N of ``x1`` with the first N of ``x2``)."""
    a, b = _both_tensors("tensor_dot", x1, x2, ("x1", "x2"))
    ax1, ax2 = _td_axes(axes, a.ndim, b.ndim)
    if any(a.shape[i] != b.shape[j] for i, j in zip(ax1, ax2)):
        raise ValueError(f"For 'tensor_dot', the 'i' should exist such that 'x1_shape[axes[0][i]]' is equal to "
                         f"'x2_shape[axes[1][i]]', but got 'x1_shape': {a.shape}, 'x2_shape': {b.shape} "
                         f"and 'axes': {axes}.")
    _same_dtype("MatMul", a, b)
    return _wrap(_product(a, b, lambda p, q, **kw: jnp.tensordot(p, q, axes=(ax1, ax2), **kw)))


@op("batch_dot", ascend_cube=True)
def batch_dot(x1, x2, axes=None):
    """Per-batch (axis 0) dot product of float32 tensors over ``axes``."""
    a, b = _both_tensors("batch_dot", x1, x2, ("x1", "x2"))
    if a.ndim < 2 or b.ndim < 2:
        raise ValueError(f"For 'batch_dot', the inputs x1, x2 should have 'dimension >= 2', but got "
                         f"'len(x1_shape)': ({a.ndim}) and 'len(x2_shape)': ({b.ndim}).")
    _float_pair("batch_dot", a, b, (_F32,))
    if a.shape[0] != b.shape[0]:
        raise ValueError(f"For 'batch_dot', the inputs 'x1', 'x2' should have the same batch sizes, but got "
                         f"'x1_batch_size': {a.shape[0]} and 'x2_batch_size': {b.shape[0]}.")
    if axes is None:
        axes = (a.ndim - 1, b.ndim - 1) if b.ndim == 2 else (a.ndim - 1, b.ndim - 2)
    elif isinstance(axes, numbers.Integral) and not isinstance(axes, bool):
        axes = (axes, axes)
    if not isinstance(axes, (tuple, list)) or len(axes) != 2:
        raise ValueError(f"For 'batch_dot', the length of 'axes' must be 2, but got {axes}.")
    i, j = (int(axes[0]) % a.ndim, int(axes[1]) % b.ndim)
    if i == 0 or j == 0:
        raise ValueError(f"For 'batch_dot', the 'axes' cannot contain the batch dimension 0, but got {axes}.")
    if a.shape[i] != b.shape[j]:
        raise ValueError(f"For BatchMatMul, the row of the input 'y' should be same as the col of the input 'x', "
                         f"with x shape {list(a.shape)}, y shape {list(b.shape)} and axes {axes}.")
    pa = jnp.moveaxis(a, i, -1)
    pb = jnp.moveaxis(b, j, 1)
    ra = pa.reshape(pa.shape[0], -1, pa.shape[-1])
    rb = pb.reshape(pb.shape[0], pb.shape[1], -1)
    out = jnp.matmul(ra, rb, precision=precision.matmul_precision()).reshape((a.shape[0],) + pa.shape[1:-1] + pb.shape[2:])
    if out.ndim == 1:
        out = out.reshape(-1, 1)
    return _wrap(out)


def _einsum(equation, operands, name="Einsum"):
    if not isinstance(equation, str):
        raise TypeError(f"For '{name}', the 'equation' must be a str, but got {type(equation).__name__}.")
    arrays = []
    for t in operands:
        if not isinstance(t, Tensor):
            raise TypeError(f"For '{name}', the inputs must be Tensors, but got {type(t).__name__}.")
        a = arr(t)
        if a.dtype not in (np.float16, np.float32, np.float64):
            raise TypeError(f"For primitive[{name}], the input argument[out_type] must be a type of "
                            f"{{Tensor[Float16], Tensor[Float32], Tensor[Float64]}}, but got Tensor[{_ms(a.dtype)}].")
        arrays.append(a)
    if len({a.dtype for a in arrays}) > 1:
        raise TypeError(f"For '{name}', all inputs must have the same dtype.")
    try:
        out = jnp.einsum(equation, *arrays, precision=precision.matmul_precision())
    except ValueError as e:
        raise ValueError(f"For '{name}', {e}") from None
    return _wrap(out.astype(arrays[0].dtype))


def _einsum_sublist(equation, operands, name):
    """The sublist form ``(op1, sub1, op2, sub2, ..., [sub_out])`` as ``(equation, operands)``:
    labels 0..25 are 'A'..'Z', 26..51 are 'a'..'z', ``...`` is Ellipsis."""
    if not isinstance(equation, Tensor):
        return equation, operands

    def label(num):
        if num is Ellipsis:
            return "..."
        if 0 <= num < 26:
            return chr(num + 65)
        if 26 <= num < 52:
            return chr(num + 71)
        raise ValueError(f"For {name}, the number in sublist should be in range [0, 52), but got {num}")
    rest = tuple(operands)   # sub1, op2, sub2, ..., [sub_out]
    eq = ",".join("".join(label(n) for n in rest[i]) for i in range(0, len(rest) - (len(rest) % 2 == 0), 2))
    if len(rest) % 2 == 0:
        eq += "->" + "".join(label(n) for n in rest[-1]) if rest else ""
        return eq, (equation,) + rest[1:-1:2]
    return eq, (equation,) + rest[1::2]


@op("einsum", amp=WHITE, targets_lacking=("Ascend", "CPU"), kernel="Einsum")
def einsum(equation, *operands):
    """Einstein summation over float operands (``...`` broadcasting supported)."""
    if isinstance(equation, Tensor):
        return _einsum(*_einsum_sublist(equation, operands, "Einsum"))
    if len(operands) == 1 and isinstance(operands[0], (tuple, list)):
        operands = tuple(operands[0])
    return _einsum(equation, operands)


@op("einsum_ext")
def einsum_ext(equation, *operands):
    """``einsum`` with at least one operand required (sublist form supported)."""
    equation, operands = _einsum_sublist(equation, operands, "einsum")
    if not operands:
        raise ValueError("For einsum, the 'operands' must have at least one operand.")
    return _einsum(equation, operands)


def _check_equation(prim):
    if not isinstance(prim.equation, str):
        raise TypeError("the equation must be str!")
    if len(prim.equation.split("->")) > 2:
        raise TypeError("the equation can contain only one arrow !")


primitive("Einsum", _einsum, (("equation", REQUIRED),),
          call=lambda p, x: _einsum(p.equation, tuple(x) if isinstance(x, (tuple, list)) else (x,)),
          init=_check_equation, amp=WHITE, targets_lacking=("Ascend", "CPU"),
          doc="``Einsum(equation)((x1, x2, ...))``.")


def _scalar_arg(name, arg, v, types=(int, float)):
    if not isinstance(v, types):
        raise TypeError(f"For '{name}', parameter '{arg}' must be an int or float, but got {type(v)}.")


@op("addmm", ascend_cube=(1, 2))
def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    """``beta * input + alpha * (mat1 @ mat2)``."""
    _scalar_arg("addmm", "alpha", alpha)
    _scalar_arg("addmm", "beta", beta)
    return beta * input + alpha * _matmul_2d(mat1, mat2)


_ADD_TYPES = (np.float16, np.float32, np.float64, np.int16, np.int32, np.int64)


def _add_checks(name, x, u, v, beta, alpha, argnames):
    if not (isinstance(x, Tensor) and isinstance(u, Tensor) and isinstance(v, Tensor)):
        raise TypeError(f"For {name}, inputs must be all tensors.")
    if arr(u).dtype != arr(v).dtype:
        raise TypeError(f"For {name}, the {argnames[0]} and {argnames[1]} should be the same dtype.")
    dt = arr(x).dtype
    if dt not in [np.dtype(t) for t in _ADD_TYPES]:
        raise TypeError(f"For '{name}', the '{argnames[2]}' should be one of [mindspore.float16, mindspore.float32, "
                        f"mindspore.float64, mindspore.int16, mindspore.int32, mindspore.int64], but got "
                        f"'mindspore.{str(_ms(dt)).lower()}'.")
    for arg, s in (("alpha", alpha), ("beta", beta)):
        if not isinstance(s, (int, float, bool)):
            raise TypeError(f"For '{name}', the type of '{arg}' should be int, float or bool, but got "
                            f"{type(s).__name__}.")
    if dt.kind == "i":
        beta, alpha = int(beta), int(alpha)
    return beta, alpha


@op("addmv", amp=WHITE, ascend_cube=(1, 2))
def addmv(input, mat, vec, *, beta=1, alpha=1):
    """``beta * input + alpha * (mat @ vec)``."""
    beta, alpha = _add_checks("Addmv", input, mat, vec, beta, alpha, ("mat", "vec", "input"))
    v = arr(vec)
    prod_ = _matmul_2d(mat, _wrap(v.reshape(-1, 1) if v.ndim == 1 else v))
    return beta * input + alpha * _wrap(arr(prod_).reshape(-1) if v.ndim == 1 or v.shape[-1] == 1 else arr(prod_))


@op("addr", ascend_cube=(1, 2))
def addr(x, vec1, vec2, *, beta=1, alpha=1):
    """``beta * x + alpha * outer(vec1, vec2)``."""
    beta, alpha = _add_checks("Addr", x, vec1, vec2, beta, alpha, ("vec1", "vec2", "x"))
    u, v = arr(vec1), arr(vec2)
    prod_ = _matmul_2d(_wrap(u.reshape(u.shape[0], 1)), _wrap(v.reshape(1, v.shape[0])))
    return beta * x + alpha * prod_


@op("addbmm", amp=WHITE, ascend_cube=(1, 2))
def addbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """``beta * input + alpha * sum_b(batch1[b] @ batch2[b])``; integer batch sums are int64."""
    _scalar_arg("addbmm", "alpha", alpha)
    _scalar_arg("addbmm", "beta", beta)
    r = arr(_batch_matmul(batch1, batch2))
    s = jnp.sum(r, axis=0, dtype=np.int64 if r.dtype.kind in "iu" else None)
    return beta * input + alpha * _wrap(s)


@op("baddbmm", amp=WHITE, ascend_cube=(1, 2))
def baddbmm(input, batch1, batch2, beta=1, alpha=1):
    """``beta * input + alpha * (batch1 @ batch2)`` for tensors of one dtype."""
    if not (isinstance(input, Tensor) and isinstance(batch1, Tensor) and isinstance(batch2, Tensor)):
        raise TypeError("For Baddbmm, inputs must be all tensors.")
    dt = arr(input).dtype
    if not (dt == arr(batch1).dtype and dt == arr(batch2).dtype):
        raise TypeError("For Baddbmm, the inputs should be the same dtype.")
    if dt.kind == "f":
        if isinstance(alpha, bool) or isinstance(beta, bool) or not (
                isinstance(alpha, (int, float)) and isinstance(beta, (int, float))):
            raise TypeError("For attributes alpha and beta should be real numbers.")
    elif not (isinstance(alpha, int) and isinstance(beta, int)):
        raise TypeError("For inputs of type not FloatTensor or DoubleTensor, "
                        "arguments beta and alpha must be integers.")
    return beta * input + alpha * _batch_matmul(batch1, batch2)


@op("vecdot")
def vecdot(x, y, *, axis=-1):
    """Sum of ``conj(x) * y`` along ``axis``."""
    if not isinstance(x, Tensor) or not isinstance(y, Tensor):
        raise TypeError("For vecdot, x or y must be Tensor.")
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise TypeError(f"For vecdot, the dim should be int, but got {type(axis)}.")
    ndim = max(x.ndim, y.ndim)
    if axis < -ndim or axis >= ndim:
        raise ValueError("For vecdot, the dim is out of range.")
    if arr(x).dtype.kind == "c":
        x = _wrap(jnp.conj(arr(x)))
    return _sum(x * y, axis)
