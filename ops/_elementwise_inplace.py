"""Row-wise in-place style updates (inplace_add/sub/update, index_add), LU unpack/solve,
Householder products, ragged ranges, batch-to-space and binary cross entropy of the
elementwise name list; quantile/nanquantile (Quantile)."""
import numbers

import numpy as np
import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl

from mscompat.common import dtype as mstype
from mscompat._checkparam import check_value_type
from mscompat.common.seed import op_key
from ._args import arr, Tensor, to_np_dtype
from ._registry import op, primitive, REQUIRED
from ._elementwise import _kind, _dtype_error, _need_tensor
from ._random import type_word

_wrap = Tensor._wrap


def _row_indices(name, indices, x, v):
    if isinstance(indices, Tensor):
        idx = [int(i) for i in np.asarray(indices.asnumpy()).reshape(-1)]
    elif isinstance(indices, numbers.Integral) and not isinstance(indices, bool):
        idx = [int(indices)]
    elif isinstance(indices, (tuple, list)) and all(isinstance(i, numbers.Integral) and not isinstance(i, bool)
                                                    for i in indices):
        idx = [int(i) for i in indices]
    else:
        raise TypeError(f"For '{name}', 'indices' must be an int or a tuple of ints, but got {indices}.")
    if v.ndim != x.ndim or tuple(v.shape[1:]) != tuple(x.shape[1:]):
        raise ValueError(f"For '{name}', 'v' must have the same rank and trailing shape as 'x', but got "
                         f"{tuple(v.shape)} and {tuple(x.shape)}.")
    if v.shape[0] != len(idx):
        raise ValueError(f"For primitive[{name}], the size of indices must be equal to {v.shape[0]} , but got "
                         f"{len(idx)}.")
    n = x.shape[0]
    for i in idx:
        if not -n <= i < n:
            raise ValueError(f"For '{name}', each value of 'indices' must be in [{-n}, {n}), but got {i}.")
    return jnp.asarray([i % n for i in idx], np.int32)


def _rows(name, x, v):
    a, b = _need_tensor(name, x, "x"), _need_tensor(name, v, "v")
    if a.dtype != b.dtype:
        raise TypeError(f"For '{name}', 'x' and 'v' must have the same dtype, but got {a.dtype} and {b.dtype}.")
    return a, b


@op("inplace_add")
def inplace_add(x, v, indices):
    """``x`` with ``v`` added to the rows ``indices`` (repeated rows accumulate)."""
    a, b = _rows("InplaceAdd", x, v)
    return _wrap(a.at[_row_indices("InplaceAdd", indices, a, b)].add(b))


@op("inplace_sub")
def inplace_sub(x, v, indices):
    """``x`` with ``v`` subtracted from the rows ``indices``."""
    a, b = _rows("InplaceSub", x, v)
    return _wrap(a.at[_row_indices("InplaceSub", indices, a, b)].add(-b))


@op("inplace_update")
def inplace_update(x, v, indices):
    """``x`` with the rows ``indices`` replaced by ``v``."""
    a, b = _rows("InplaceUpdate", x, v)
    return _wrap(a.at[_row_indices("InplaceUpdate", indices, a, b)].set(b))


primitive("InplaceAdd", None, attrs=(("indices", None),), call=lambda p, x, v: inplace_add(x, v, p.indices))
primitive("InplaceSub", None, attrs=(("indices", None),), call=lambda p, x, v: inplace_sub(x, v, p.indices))
primitive("InplaceUpdate", None, attrs=(("indices", None),), call=lambda p, x, v: inplace_update(x, v, p.indices))
primitive("InplaceUpdateV2", None, call=lambda p, x, indices, v: inplace_update(x, v, indices))


def _index_add(name, var, indices, updates, axis):
    a = _need_tensor(name, var, "var")
    idx = _need_tensor(name, indices, "indices")
    u = _need_tensor(name, updates, "updates")
    if _kind(idx.dtype) not in "iu" or idx.ndim != 1:
        raise TypeError(f"For '{name}', 'indices' must be a 1-D int Tensor, but got {idx.dtype} of rank {idx.ndim}.")
    if a.dtype != u.dtype:
        raise TypeError(f"For '{name}', 'var' and 'updates' must have the same dtype, but got {a.dtype} and "
                        f"{u.dtype}.")
    if isinstance(axis, bool) or not isinstance(axis, numbers.Integral) or not -a.ndim <= axis < max(a.ndim, 1):
        raise ValueError(f"For '{name}', 'axis' must be an int in [{-a.ndim}, {a.ndim}), but got {axis}.")
    axis = axis % a.ndim
    expect = a.shape[:axis] + (idx.shape[0],) + a.shape[axis + 1:]
    if tuple(u.shape) != tuple(expect):
        raise ValueError(f"For '{name}', the shape of 'updates' must be {expect}, but got {tuple(u.shape)}.")
    moved = jnp.moveaxis(a, axis, 0).at[idx].add(jnp.moveaxis(u, axis, 0))
    new = jnp.moveaxis(moved, 0, axis)
    var._data = new
    return _wrap(new)


@op("inplace_index_add")
def inplace_index_add(var, indices, updates, axis):
    """Add ``updates`` into ``var`` at ``indices`` along ``axis`` (writes ``var``)."""
    return _index_add("InplaceIndexAdd", var, indices, updates, axis)


primitive("InplaceIndexAdd", None, attrs=(("axis", 0),),
          call=lambda p, var, indices, updates: _index_add("InplaceIndexAdd", var, indices, updates, p.axis))


# --- LU ----------------------------------------------------------------------------------------


def _perm_matrix(pivots, n, dtype):
    """Permutation matrix P (A = P L U) from 1-based LAPACK row-swap ``pivots``."""
    piv = pivots.astype(np.int32) - 1
    batch = piv.shape[:-1]
    perm = jnp.broadcast_to(jnp.arange(n, dtype=np.int32), batch + (n,))

    def swap(i, p):
        j = piv[..., i][..., None]
        pi = jnp.take_along_axis(p, jnp.full(batch + (1,), i, np.int32), -1)
        pj = jnp.take_along_axis(p, j, -1)
        ar = jnp.arange(n)
        p = jnp.where(ar == i, pj, p)
        return jnp.where(ar == j, pi, p)
    for i in range(piv.shape[-1]):
        perm = swap(i, perm)
    # P[perm[i], i] = 1
    return (perm[..., None, :] == jnp.arange(n)[:, None]).astype(dtype)


def _lu_parts(lu):
    n = lu.shape[-1]
    m = lu.shape[-2]
    k = min(m, n)
    low = jnp.tril(lu[..., :, :k], -1) + jnp.eye(m, k, dtype=lu.dtype)
    up = jnp.triu(lu[..., :k, :])
    return low, up


def _lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    lu = _need_tensor("LuUnpack", LU_data, "LU_data")
    piv = _need_tensor("LuUnpack", LU_pivots, "LU_pivots")
    if lu.ndim < 2:
        raise ValueError(f"For 'LuUnpack', 'LU_data' must have at least 2 dimensions, but got {lu.ndim}.")
    if _kind(piv.dtype) not in "iu":
        raise TypeError(f"For 'LuUnpack', 'LU_pivots' must be an int Tensor, but got {piv.dtype}.")
    m = lu.shape[-2]
    p = _perm_matrix(piv, m, lu.dtype) if unpack_pivots else jnp.zeros((0,), lu.dtype)
    if unpack_data:
        low, up = _lu_parts(lu)
    else:
        low = up = jnp.zeros((0,), lu.dtype)
    return _wrap(p), _wrap(low), _wrap(up)


@op("lu_unpack", targets_lacking=("Ascend",), kernel="LuUnpack")
def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    """``(P, L, U)`` from a packed LU factorization and its 1-based pivots."""
    return _lu_unpack(LU_data, LU_pivots, unpack_data, unpack_pivots)


primitive("LuUnpack", None, attrs=(("unpack_data", True), ("unpack_pivots", True)),
          call=lambda p, lu, piv: _lu_unpack(lu, piv, p.unpack_data, p.unpack_pivots), targets_lacking=("Ascend",))


def _lu_solve(b, LU_data, LU_pivots):
    rhs = _need_tensor("LuSolve", b, "b")
    lu = _need_tensor("LuSolve", LU_data, "LU_data")
    piv = _need_tensor("LuSolve", LU_pivots, "LU_pivots")
    if rhs.dtype != lu.dtype or _kind(lu.dtype) != "f":
        raise TypeError(f"For 'LuSolve', 'b' and 'LU_data' must be float Tensors of the same dtype, but got "
                        f"{rhs.dtype} and {lu.dtype}.")
    if piv.dtype != np.int32:
        raise TypeError(f"For primitive[LuSolve], the input argument[lu_pivots] must be a type of "
                        f"{{Tensor[Int32]}}, but got {LU_pivots.dtype}.")
    for arg, t, lo in (("x", rhs, 2), ("lu_data", lu, 2), ("lu_pivots", piv, 1)):
        if t.ndim < lo:
            raise ValueError(f"For 'LuSolve', {arg}'s dimension must be greater than or equal to {lo}, "
                             f"but got: {t.ndim}.")
    n = lu.shape[-1]
    p = _perm_matrix(piv, n, lu.dtype)
    low, up = _lu_parts(lu)
    y = jnp.swapaxes(p, -1, -2) @ rhs
    y = jsl.solve_triangular(low, y, lower=True, unit_diagonal=True)
    return _wrap(jsl.solve_triangular(up, y, lower=False))


@op("lu_solve")
def lu_solve(b, LU_data, LU_pivots):
    """Solve ``A x = b`` from the LU factorization of ``A``."""
    return _lu_solve(b, LU_data, LU_pivots)


primitive("LuSolve", _lu_solve)


# --- Householder products ----------------------------------------------------------------------


def _orgqr(input, input2):
    a = _need_tensor("Orgqr", input, "x")
    tau = _need_tensor("Orgqr", input2, "tau")
    if a.dtype != tau.dtype or _kind(a.dtype) not in "fc":
        raise TypeError(f"For 'Orgqr', 'x' and 'tau' must be float or complex Tensors of the same dtype, but got "
                        f"{a.dtype} and {tau.dtype}.")
    if a.ndim < 2 or a.shape[-2] < a.shape[-1] or tau.shape[-1] > a.shape[-1]:
        raise ValueError(f"For 'Orgqr', expected x of shape [..., M, N] with M >= N and tau of size <= N, but got "
                         f"{tuple(a.shape)} and {tuple(tau.shape)}.")
    return _wrap(jax.lax.linalg.householder_product(a, tau))


@op("orgqr")
def orgqr(input, input2):
    """The explicit Q of a QR factorization given as Householder reflectors (LAPACK ``orgqr``)."""
    return _orgqr(input, input2)


primitive("Orgqr", _orgqr)


def _ormqr(input, tau, other, left=True, transpose=False):
    a = _need_tensor("Ormqr", input, "input")
    t = _need_tensor("Ormqr", tau, "tau")
    c = _need_tensor("Ormqr", other, "other")
    if not (a.dtype == t.dtype == c.dtype) or _kind(a.dtype) not in "fc":
        raise TypeError(f"For 'Ormqr', 'input', 'tau' and 'other' must be float Tensors of the same dtype.")
    if a.ndim < 2:
        raise ValueError(f"For 'Ormqr', the x_rank must be greater than or equal to 2, but got {a.ndim}.")
    m = a.shape[-2]
    k = t.shape[-1]
    full = jnp.concatenate([a[..., :, :k], jnp.zeros(a.shape[:-1] + (m - k,), a.dtype)], -1) if m > k else a[..., :, :m]
    taus = jnp.concatenate([t, jnp.zeros(t.shape[:-1] + (m - k,), t.dtype)], -1) if m > k else t[..., :m]
    q = jax.lax.linalg.householder_product(full, taus)
    if transpose:
        q = jnp.conj(jnp.swapaxes(q, -1, -2)) if _kind(q.dtype) == "c" else jnp.swapaxes(q, -1, -2)
    return _wrap(q @ c if left else c @ q)


@op("ormqr", targets_lacking=("Ascend", "CPU"), kernel="Ormqr")
def ormqr(input, tau, other, left=True, transpose=False):
    """``Q @ other`` (or ``other @ Q``, with ``Q^H`` when ``transpose``) for Q given as reflectors."""
    return _ormqr(input, tau, other, left, transpose)


primitive("Ormqr", None, attrs=(("left", True), ("transpose", False)),
          call=lambda p, a, t, c: _ormqr(a, t, c, p.left, p.transpose), targets_lacking=("Ascend", "CPU"))


# --- misc ---------------------------------------------------------------------------------


def _ragged_range(p, starts, limits, deltas):
    for v, n in ((starts, "starts"), (limits, "limits"), (deltas, "deltas")):
        _need_tensor("RaggedRange", v, n)
    s, l, d = (np.asarray(v.asnumpy()) for v in (starts, limits, deltas))
    if not (s.dtype == l.dtype == d.dtype):
        raise TypeError("For 'RaggedRange', 'starts', 'limits' and 'deltas' must have the same dtype.")
    s, l, d = np.broadcast_arrays(np.atleast_1d(s), np.atleast_1d(l), np.atleast_1d(d))
    if np.any(d == 0):
        raise ValueError("For 'RaggedRange', 'deltas' must not contain zero.")
    rows = [np.arange(a, b, c, dtype=s.dtype) for a, b, c in zip(s, l, d)]
    splits = np.concatenate([[0], np.cumsum([len(r) for r in rows])]).astype(to_np_dtype(p.Tsplits))
    values = np.concatenate(rows) if rows else np.zeros((0,), s.dtype)
    return _wrap(jnp.asarray(splits)), _wrap(jnp.asarray(values.astype(s.dtype)))


primitive("RaggedRange", None, attrs=(("Tsplits", mstype.int64),), call=_ragged_range)


# --- Bernoulli sampling ----------------------------------------------------------------------


def _bernoulli_sample(name, x, p, key):
    a = _need_tensor(name, x, "input")
    if name == "Bernoulli" and str(a.dtype) not in ("bool", "float32", "float64", "int8", "int16", "int32",
                                                     "int64", "uint8"):
        raise TypeError(f"For 'Bernoulli', the input argument[x] must be a type of {{Tensor[Bool], Tensor[Float32], "
                        f"Tensor[Float64], Tensor[Int16], Tensor[Int32], Tensor[Int64], Tensor[Int8], Tensor[UInt8]}}, "
                        f"but got {a.dtype}.")
    if isinstance(p, Tensor):
        prob = arr(p).astype(np.float32)
    elif isinstance(p, (int, float)) and not isinstance(p, bool):
        if not 0 <= p <= 1:
            raise ValueError(f"For '{name}', 'p' must be in [0, 1], but got {p}.")
        prob = jnp.asarray(p, np.float32)
    else:
        raise TypeError(f"For '{name}', 'p' must be a float or a Tensor, but got {type(p).__name__}.")
    u = jax.random.uniform(key, a.shape, np.float32)
    return (u < prob).astype(a.dtype)


def _seed(name, seed):
    if seed is None:
        return 0
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"For '{name}', 'seed' must be an int, but got {type(seed).__name__}.")
    return -1 if seed < 0 else seed


@op("bernoulli")
def bernoulli(input, p=0.5, seed=None):
    """0/1 samples of ``input``'s shape and dtype, 1 with probability ``p``."""
    return _wrap(_bernoulli_sample("bernoulli", input, p, op_key(_seed("bernoulli", seed), 0)))


@op("bernoulli_ext")
def bernoulli_ext(input, *, generator=None):
    """0/1 samples, 1 with probability ``input`` (elementwise)."""
    a = _need_tensor("bernoulli", input)
    if str(a.dtype) not in ("float16", "float32", "float64", "bfloat16"):
        raise TypeError(f"For primitive[BernoulliExt], the input[input] supports types: Float16, Float32, "
                        f"Float64, BFloat16. But got {a.dtype}.")
    key = generator._next_key() if generator is not None else op_key(0, 0)
    return _wrap((jax.random.uniform(key, a.shape, np.float32) < a.astype(np.float32)).astype(a.dtype))


@op("bernoulli_")
def bernoulli_(input, p=0.5, *, generator=None):
    """In-place :func:`bernoulli`: fills ``input`` with 0/1 samples and returns it."""
    if not isinstance(p, Tensor) and (isinstance(p, bool) or not isinstance(p, numbers.Real)):
        raise TypeError(f'Failed calling bernoulli_ with "bernoulli_(Tensor, {type_word(p)}, Tensor, Tensor)".')
    if not isinstance(p, Tensor) and not 0 <= p <= 1:
        raise RuntimeError(f"For 'bernoulli_', 'p' must be in [0, 1], but got {p}.")
    key = generator._next_key() if generator is not None else op_key(0, 0)
    input._data = _bernoulli_sample("bernoulli_", input, p, key)
    return input


primitive("Bernoulli", None, attrs=(("seed", -1), ("offset", 0)),
          call=lambda prim, x, p: _wrap(_bernoulli_sample("Bernoulli", x, p, op_key(prim.seed, prim.offset))))


@op("gumbel_softmax")
def gumbel_softmax(logits, tau=1.0, hard=False, dim=-1):
    """Softmax of ``(logits + Gumbel noise) / tau`` along ``dim``; one-hot (straight-through) when ``hard``."""
    a = _need_tensor("gumbel_softmax", logits, "logits")
    if a.dtype not in (np.dtype(np.float16), np.dtype(np.float32)):
        raise TypeError(f"For 'gumbel_softmax', the 'logits' should be one of [mindspore.float16, mindspore.float32], "
                        f"but got 'mindspore.{mstype.from_numpy_dtype(a.dtype)!r}'.".replace("mindspore.mindspore.",
                                                                                              "mindspore."))
    if not isinstance(tau, float) or tau <= 0:
        raise ValueError(f"For 'gumbel_softmax', the 'tau' must be float and must > 0, but got '{tau}' with type "
                         f"'{type(tau).__name__}'.")
    if not isinstance(hard, bool):
        raise TypeError(f"For 'gumbel_softmax', the 'hard' must be bool, but got {type(hard).__name__}.")
    nd = max(a.ndim, 1)
    if isinstance(dim, bool) or not isinstance(dim, int) or not -nd <= dim < nd:
        raise ValueError(f"For 'gumbel_softmax', the 'dim' must be in range of [{-nd}, {nd}), but got {dim} with type "
                         f"'{type(dim).__name__}'.")
    u = jax.random.uniform(op_key(0, 0), a.shape, np.float32, minval=1e-10, maxval=1.0)
    g = -jnp.log(-jnp.log(u))
    y = jax.nn.softmax((a.astype(np.float32) + g) / tau, axis=dim)
    if hard:
        idx = jnp.argmax(y, axis=dim, keepdims=True)
        onehot = (jnp.arange(a.shape[dim]).reshape([-1 if i == dim % nd else 1 for i in range(nd)]) == idx)
        onehot = onehot.astype(y.dtype)
        y = jax.lax.stop_gradient(onehot - y) + y
    return _wrap(y.astype(a.dtype))


def _cauchy(p):
    size = p.size
    if not isinstance(size, (list, tuple)) or not all(isinstance(s, int) and not isinstance(s, bool) and s > 0
                                                      for s in size):
        raise ValueError(f"For 'Cauchy', 'size' must be a list of positive ints, but got {size}.")
    u = jax.random.uniform(op_key(0, 0), tuple(size), np.float32, minval=1e-7, maxval=1.0 - 1e-7)
    return _wrap((p.median + p.sigma * jnp.tan(np.pi * (u - 0.5))).astype(np.float32))


primitive("Cauchy", None, attrs=(("size", None), ("median", 0.0), ("sigma", 1.0)), call=_cauchy)


def _quantile(p, input, q):
    a = _need_tensor("Quantile", input, "input")
    qs = arr(q) if isinstance(q, Tensor) else jnp.asarray(q, a.dtype)
    if isinstance(q, Tensor) and qs.dtype != a.dtype:
        raise TypeError("For 'Quantile', the input type must be same.")
    if _kind(a.dtype) != "f":
        raise _dtype_error("Quantile", "input", a.dtype, "f")
    fn = jnp.nanquantile if p.ignore_nan else jnp.quantile
    axis = p.dim
    out = fn(a if axis is not None else a.reshape(-1), qs.astype(a.dtype), axis=axis if axis is not None else 0,
             keepdims=bool(p.keep_dims) and axis is not None)
    return _wrap(out.astype(a.dtype))


_Quantile = primitive("Quantile", None, attrs=(("dim", None), ("keep_dims", False), ("ignore_nan", False)),
                      call=_quantile)


def _quantile_func(name, input, q, axis, keepdims, ignore_nan):
    if axis is not None:
        check_value_type("axis", axis, [int], name)
    if keepdims is not None:
        check_value_type("keepdims", keepdims, [bool], name)
    c = None if isinstance(q, Tensor) and isinstance(arr(q), jax.core.Tracer) else np.asarray(
        q.asnumpy() if isinstance(q, Tensor) else q)
    if c is not None and c.dtype.kind == "f" and c.size and (c.min() < 0 or c.max() > 1):
        raise ValueError(f"For '{name}', 'q' must be in the range [0, 1], but got {c.tolist()}.")
    return _Quantile(dim=axis, keep_dims=keepdims, ignore_nan=ignore_nan)(input, q)


@op("quantile", method="quantile")
def quantile(input, q, axis=None, keepdims=False):
    """The ``q``-th quantiles of ``input`` along ``axis`` (flattened when None), linearly interpolated."""
    return _quantile_func("quantile", input, q, axis, keepdims, False)


@op("nanquantile", method="nanquantile")
def nanquantile(input, q, axis=None, keepdims=False):
    """:func:`quantile` ignoring NaN values."""
    return _quantile_func("nanquantile", input, q, axis, keepdims, True)


def _float_status(x):
    a = _need_tensor("FloatStatus", x, "x")
    if np.dtype(a.dtype) not in (np.float16, np.float32, np.float64):
        raise TypeError(f"For primitive[FloatStatus], the input argument[x] must be a type of {{Tensor[Float16], "
                        f"Tensor[Float32], Tensor[Float64]}}, but got Tensor[{x.dtype}].")
    bad = jnp.any(~jnp.isfinite(a))
    return _wrap(bad.astype(a.dtype).reshape(1))


primitive("FloatStatus", _float_status)


def _matrix_solve_ls(p, matrix, rhs, l2):
    a = _need_tensor("MatrixSolveLs", matrix, "matrix")
    b = _need_tensor("MatrixSolveLs", rhs, "rhs")
    if a.dtype != b.dtype or _kind(a.dtype) not in "fc":
        raise TypeError(f"For 'MatrixSolveLs', 'matrix' and 'rhs' must be float or complex with the same dtype, but "
                        f"got {a.dtype} and {b.dtype}.")
    lam = arr(l2).astype(a.dtype) if isinstance(l2, Tensor) else jnp.asarray(l2, a.dtype)
    if p.fast:
        ah = jnp.conj(jnp.swapaxes(a, -1, -2)) if _kind(a.dtype) == "c" else jnp.swapaxes(a, -1, -2)
        m, n = a.shape[-2], a.shape[-1]
        if m >= n:
            gram = ah @ a + lam * jnp.eye(n, dtype=a.dtype)
            return _wrap(jnp.linalg.solve(gram, ah @ b))
        gram = a @ ah + lam * jnp.eye(m, dtype=a.dtype)
        return _wrap(ah @ jnp.linalg.solve(gram, b))
    return _wrap(jnp.linalg.lstsq(a, b)[0] if a.ndim == 2 else jax.vmap(lambda u, v: jnp.linalg.lstsq(u, v)[0])(
        a.reshape((-1,) + a.shape[-2:]), b.reshape((-1,) + b.shape[-2:])).reshape(a.shape[:-2] + (a.shape[-1],
                                                                                                 b.shape[-1])))


primitive("MatrixSolveLs", None, attrs=(("fast", True),), call=_matrix_solve_ls)


@op("index_add")
def index_add(x, indices, y, axis, use_lock=True, check_index_bound=True):
    """``x`` with the slices ``y`` added at ``indices`` along ``axis``; like MindSpore, ``x``
    is updated in place and the result returned."""
    if not isinstance(x, Tensor) or not isinstance(y, Tensor) or not isinstance(indices, Tensor):
        raise TypeError("For primitive[IndexAdd], 'x', 'indices' and 'y' must be Tensors.")
    xa, ia, ya = arr(x), arr(indices), arr(y)
    if ia.dtype != np.int32:
        raise TypeError(f"For primitive[IndexAdd], the input argument[indices type] must be a type of "
                        f"{{Tensor[Int32]}}, but got Tensor[{indices.dtype}].")
    if isinstance(axis, bool) or not isinstance(axis, numbers.Integral):
        raise TypeError(f"For primitive[IndexAdd], the 'axis' must be an int, but got {type(axis).__name__}.")
    nd = xa.ndim
    if not -nd <= axis < nd:
        raise ValueError(f"For primitive[IndexAdd], the axis must be in ({-nd - 1},{nd}), but got {axis}.")
    axis %= nd
    if ia.ndim != 1:
        raise ValueError(f"For primitive[IndexAdd], the 'indices' must be 1-D, but got {ia.ndim}-D.")
    if ya.ndim != nd:
        raise ValueError(f"For primitive[IndexAdd], the rank of 'y' must be {nd}, but got {ya.ndim}.")
    if ya.shape[axis] != ia.shape[0]:
        raise ValueError(f"For primitive[IndexAdd], the attribute[size of indices] must be equal to "
                         f"{ya.shape[axis]}, but got {ia.shape[0]}.")
    for d in range(nd):
        if d != axis and ya.shape[d] != xa.shape[d]:
            raise ValueError(f"For primitive[IndexAdd], the shape of 'y' {ya.shape} must equal the shape of 'x' "
                             f"{xa.shape} except at the axis {axis}.")
    if check_index_bound and not isinstance(ia, jax.core.Tracer):
        bad = np.asarray(ia)
        if bad.size and (bad.min() < 0 or bad.max() >= xa.shape[axis]):
            raise RuntimeError(f"For 'IndexAdd', the indices are out of range with input_shape: {xa.shape}.")
    ya = ya.astype(xa.dtype)
    moved = jnp.moveaxis(xa, axis, 0).at[ia].add(jnp.moveaxis(ya, axis, 0), mode="drop")
    out = jnp.moveaxis(moved, 0, axis)
    x._data = out
    return _wrap(out)


primitive("IndexAdd", index_add, attrs=(("axis", REQUIRED), ("use_lock", True), ("check_index_bound", True)),
          call=lambda p, x, indices, y: index_add(x, indices, y, p.axis, p.use_lock, p.check_index_bound))
