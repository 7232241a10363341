"""Matrix diagonals of batched matrices: matrix_diag, matrix_diag_part, matrix_set_diag (the V3
Primitives with ``k`` ranges and ``align``) and FillDiagonal."""
import builtins

import numpy as np
import jax.numpy as jnp

from ._args import arr, Tensor, is_int as _is_int, tensor_arg as _tensor
from ._registry import op, primitive, tensor_method

_wrap = Tensor._wrap


def _k_pair(k):
    if isinstance(k, Tensor):
        k = np.asarray(arr(k)).reshape(-1).tolist()
    if _is_int(k):
        return int(k), int(k)
    k = list(k)
    if len(k) == 1:
        return int(k[0]), int(k[0])
    if len(k) != 2 or k[0] > k[1]:
        raise ValueError(f"For 'MatrixDiag', 'k' must be an int or a pair (low, high) with low <= high, but got {k}.")
    return int(k[0]), int(k[1])


def _diag_len(m, n, d):
    return builtins.max(builtins.min(m + builtins.min(d, 0), n - builtins.max(d, 0)), 0)


def _aligned_offset(align, d, length, maxlen):
    """Offset of diagonal ``d``'s values inside its padded row of ``maxlen``."""
    sup, sub = {"RIGHT_LEFT": ("R", "L"), "LEFT_RIGHT": ("L", "R"), "LEFT_LEFT": ("L", "L"),
                "RIGHT_RIGHT": ("R", "R")}[align]
    side = sup if d >= 0 else sub
    return maxlen - length if side == "R" else 0


def _check_align(name, align):
    if align not in ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"):
        raise ValueError(f"For '{name}', 'align' must be one of RIGHT_LEFT, LEFT_RIGHT, LEFT_LEFT, RIGHT_RIGHT, "
                         f"but got {align}.")


def _diag_part(a, lo, hi, pad, align):
    m, n = a.shape[-2:]
    maxlen = builtins.max(_diag_len(m, n, d) for d in builtins.range(lo, hi + 1))
    rows = []
    for d in builtins.range(hi, lo - 1, -1):
        length = _diag_len(m, n, d)
        r = np.arange(length) + builtins.max(-d, 0)
        c = np.arange(length) + builtins.max(d, 0)
        vals = a[..., r, c]
        off = _aligned_offset(align, d, length, maxlen)
        row = jnp.full(a.shape[:-2] + (maxlen,), pad, a.dtype)
        rows.append(row.at[..., off:off + length].set(vals))
    out = jnp.stack(rows, axis=-2)
    return out[..., 0, :] if lo == hi else out


@op("matrix_diag_part")
def matrix_diag_part(x, k, padding_value, align="RIGHT_LEFT"):
    """Diagonals ``k`` (an int or (low, high)) of the innermost matrices of ``x``."""
    return _wrap(_matrix_diag_part(x, k, padding_value, align))


def _matrix_diag_part(x, k, padding_value, align="RIGHT_LEFT"):
    a = _tensor("MatrixDiagPartV3", "x", x)
    _check_align("MatrixDiagPartV3", align)
    if a.ndim < 2:
        raise ValueError(f"For 'MatrixDiagPartV3', the rank of 'x' must be at least 2, but got {a.ndim}.")
    lo, hi = _k_pair(k)
    m, n = a.shape[-2:]
    if not (-m < lo <= n - 1 and -m < hi <= n - 1) and not (m == 0 or n == 0):
        raise ValueError(f"For 'MatrixDiagPartV3', 'k' must be in (-{m}, {n}), but got {(lo, hi)}.")
    pad = arr(padding_value).reshape(()) if isinstance(padding_value, Tensor) else padding_value
    return _diag_part(a, lo, hi, jnp.asarray(pad).astype(a.dtype), align)


primitive("MatrixDiagPartV3", lambda x, k, padding_value, align="RIGHT_LEFT":
          _wrap(_matrix_diag_part(x, k, padding_value, align)), attrs=(("align", "RIGHT_LEFT", (str,)),))


def _matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    a = _tensor("MatrixDiagV3", "x", x)
    _check_align("MatrixDiagV3", align)
    lo, hi = _k_pair(k)
    nr = int(num_rows) if isinstance(num_rows, Tensor) else num_rows
    nc = int(num_cols) if isinstance(num_cols, Tensor) else num_cols
    pad = arr(padding_value).reshape(()) if isinstance(padding_value, Tensor) else padding_value
    if lo == hi:
        diags = a[..., None, :]
    else:
        if a.ndim < 2 or a.shape[-2] != hi - lo + 1:
            raise ValueError(f"For MatrixDiagV3, the second to last dimension of 'x' must be {hi - lo + 1}.")
        diags = a
    maxlen = diags.shape[-1]
    min_rows = maxlen + builtins.max(-lo, 0)
    min_cols = maxlen + builtins.max(hi, 0)
    if nr == -1 and nc == -1:
        nr, nc = builtins.max(min_rows, min_cols), builtins.max(min_rows, min_cols)
    elif nr == -1:
        nr = min_rows
    elif nc == -1:
        nc = min_cols
    if nr < min_rows or nc < min_cols or (nr != min_rows and nc != min_cols):
        raise ValueError("For MatrixDiagV3, the number of rows or columns is not consistent with the specified k "
                         "and x.")
    out = jnp.full(diags.shape[:-2] + (nr, nc), jnp.asarray(pad).astype(a.dtype), a.dtype)
    for j, d in enumerate(builtins.range(hi, lo - 1, -1)):
        length = _diag_len(nr, nc, d)
        off = _aligned_offset(align, d, length, maxlen)
        r = np.arange(length) + builtins.max(-d, 0)
        c = np.arange(length) + builtins.max(d, 0)
        out = out.at[..., r, c].set(diags[..., j, off:off + length])
    return out


@op("matrix_diag")
def matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    """Batched matrices with the innermost dims of ``x`` on diagonals ``k``."""
    return _wrap(_matrix_diag(x, k, num_rows, num_cols, padding_value, align))


primitive("MatrixDiagV3", lambda x, k, num_rows, num_cols, padding_value, align="RIGHT_LEFT":
          _wrap(_matrix_diag(x, k, num_rows, num_cols, padding_value, align)),
          attrs=(("align", "RIGHT_LEFT", (str,)),))


def _matrix_set_diag(x, diagonal, k=0, align="RIGHT_LEFT"):
    a = _tensor("MatrixSetDiagV3", "x", x)
    dg = _tensor("MatrixSetDiagV3", "diagonal", diagonal)
    _check_align("MatrixSetDiagV3", align)
    lo, hi = _k_pair(k)
    m, n = a.shape[-2:]
    diags = dg[..., None, :] if lo == hi else dg
    maxlen = builtins.max(_diag_len(m, n, d) for d in builtins.range(lo, hi + 1))
    if diags.shape[-1] != maxlen or diags.shape[:-2] != a.shape[:-2]:
        raise ValueError(f"For 'MatrixSetDiagV3', the shape of 'diagonal' {dg.shape} does not match 'x' {a.shape} "
                         f"and 'k'.")
    out = a
    for j, d in enumerate(builtins.range(hi, lo - 1, -1)):
        length = _diag_len(m, n, d)
        off = _aligned_offset(align, d, length, maxlen)
        r = np.arange(length) + builtins.max(-d, 0)
        c = np.arange(length) + builtins.max(d, 0)
        out = out.at[..., r, c].set(diags[..., j, off:off + length].astype(a.dtype))
    return out


@op("matrix_set_diag")
def matrix_set_diag(x, diagonal, k=0, align="RIGHT_LEFT"):
    """``x`` with diagonals ``k`` replaced by ``diagonal``."""
    return _wrap(_matrix_set_diag(x, diagonal, k, align))


primitive("MatrixSetDiagV3", lambda x, diagonal, k, align="RIGHT_LEFT":
          _wrap(_matrix_set_diag(x, diagonal, k, align)), attrs=(("align", "RIGHT_LEFT", (str,)),))


def _fill_diagonal(prim, x):
    a = _tensor("FillDiagonal", "input_x", x)
    if a.ndim < 2:
        raise ValueError(f"For 'FillDiagonal', the rank of 'input_x' must be at least 2, but got {a.ndim}.")
    if a.ndim > 2 and len(set(a.shape)) != 1:
        raise ValueError(f"For 'FillDiagonal', all dimensions of 'input_x' must be equal when its rank is greater "
                         f"than 2, but got {a.shape}.")
    shape = a.shape
    step = 1 + int(np.sum(np.cumprod(shape[:0:-1])))
    end = a.size
    if a.ndim == 2 and not prim.wrap and shape[0] > shape[1]:
        end = shape[1] * shape[1]
    pos = np.arange(0, end, step)
    v = prim.fill_value
    fill = jnp.asarray(int(v) if a.dtype.kind in "iu" else v).astype(a.dtype)
    return _wrap(a.reshape(-1).at[pos].set(fill).reshape(shape))


_FillDiagonal = primitive("FillDiagonal", None, attrs=(("fill_value", None, (float,)), ("wrap", False, (bool,))),
                          call=_fill_diagonal)


@tensor_method("fill_diagonal")
def _tensor_fill_diagonal(self, fill_value, wrap=False):
    """``Tensor.fill_diagonal(fill_value, wrap=False)``: a copy with the main diagonal set to
    ``fill_value`` (with ``wrap``, restarting below a tall matrix's square part); the Primitive
    ``FillDiagonal``'s rules."""
    return _FillDiagonal(fill_value, wrap)(self)
