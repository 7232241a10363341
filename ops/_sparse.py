"""Sparse ops on ``COOTensor``/``CSRTensor``: element-wise ``coo_*``/``csr_*`` functions on
the stored values, conversions (dense <-> COO/CSR, CSR -> COO), ``coalesce``,
``coo_add``, ``coo_concat``, ``csr_add``, ``csr_softmax``, and the Primitives
``SparseToDense``, ``SparseTensorDenseAdd``, ``SparseTensorDenseMatmul``, ``SparseSlice``,
``Coalesce``, ``EditDistance`` (on sparse sequences).

Index structure is computed with numpy on concrete values (its size depends on the data);
values stay JAX arrays.
"""
import numpy as np
import jax
import jax.numpy as jnp

from mscompat._checkparam import check_is_tensor
from mscompat.common import dtype as mstype
from mscompat.common.tensor import COOTensor, CSRTensor
from ._args import arr, check_tensor, Tensor, tensor_arg as _tensor, shape_value
from ._registry import op, primitive
from mscompat.common._promotion import promote_types
from mscompat.common.tensor import RowTensor

_wrap = Tensor._wrap


def _dt(a):
    return mstype.from_numpy_dtype(a.dtype)


# ---------------------------------------------------------------------------------------
# element-wise functions of the stored values

_FLOATS = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))
_COMPLEX = (np.dtype(np.complex64), np.dtype(np.complex128))
_BF16 = np.dtype(jnp.bfloat16)


def _float_only(prim, complex_ok=True):
    """Values must be floating (or complex); integer values raise TypeError as on MindSpore's CPU."""
    def check(a):
        if a.dtype in _FLOATS or a.dtype == _BF16 or (complex_ok and a.dtype in _COMPLEX):
            return a
        raise TypeError(f"Select CPU operator[{prim}] fail! Unsupported data type {_dt(a)}!")
    return check


def _any_int_to_float(a):
    return a.astype(np.float32) if a.dtype.kind in "biu" else a


def _keep(a):
    return a


def _no_bool(prim):
    def check(a):
        if a.dtype == np.bool_:
            raise TypeError(f"For '{prim}', the input dtype Bool is not supported.")
        return a
    return check


def _inv(a):
    if a.dtype.kind in "iu":  # integer reciprocal, truncated (MindSpore's Inv on ints)
        return jax.lax.div(jnp.ones_like(a), jnp.where(a == 0, jnp.ones_like(a), a))
    return 1 / a


def _relu6(a):
    return jnp.clip(a, 0, 6)


def _softsign(a):
    return a / (1 + jnp.abs(a))


def _round(a):
    return a if a.dtype.kind in "biu" else jnp.round(a)


def _relu(a):
    return jnp.maximum(a, jnp.zeros((), a.dtype))


def _isfinite(a):
    return jnp.isfinite(a) if a.dtype.kind in "fc" else jnp.ones(a.shape, bool)


def _isinf(a):
    return jnp.isinf(a) if a.dtype.kind in "fc" else jnp.zeros(a.shape, bool)


def _isnan(a):
    return jnp.isnan(a) if a.dtype.kind in "fc" else jnp.zeros(a.shape, bool)


_RELU6_CHECK = _float_only("ReLU6", complex_ok=False)


def _round_check(a):
    if a.dtype == np.bool_:
        raise RuntimeError("KernelMod Init Failed: Round (bool values are not supported).")
    return a


# name -> (prepare/check the values, function)
_UNARY = {
    "abs": (_keep, lambda a: a if a.dtype == np.bool_ else jnp.abs(a)),
    "acos": (_float_only("ACos"), jnp.arccos),
    "acosh": (_float_only("Acosh"), jnp.arccosh),
    "asin": (_float_only("Asin"), jnp.arcsin),
    "asinh": (_float_only("Asinh"), jnp.arcsinh),
    "atan": (_float_only("Atan", complex_ok=False), jnp.arctan),
    "atanh": (_float_only("Atanh"), jnp.arctanh),
    "ceil": (_float_only("Ceil", complex_ok=False), jnp.ceil),
    "cos": (_float_only("Cos"), jnp.cos),
    "cosh": (_float_only("Cosh"), jnp.cosh),
    "exp": (_float_only("Exp"), jnp.exp),
    "expm1": (_float_only("Expm1"), jnp.expm1),
    "floor": (_float_only("Floor", complex_ok=False), jnp.floor),
    "inv": (_no_bool("Inv"), _inv),
    "isfinite": (_keep, _isfinite),
    "isinf": (_float_only("IsInf"), _isinf),
    "isnan": (_keep, _isnan),
    "log": (_float_only("Log"), jnp.log),
    "log1p": (_float_only("Log1p"), jnp.log1p),
    "neg": (_no_bool("Neg"), jnp.negative),
    "relu": (_keep, lambda a: a if a.dtype == np.bool_ else _relu(a)),
    "relu6": (_RELU6_CHECK, _relu6),
    "round": (_round_check, _round),
    "sigmoid": (_float_only("Sigmoid"), jax.nn.sigmoid),
    "sin": (_float_only("Sin"), jnp.sin),
    "sinh": (_float_only("Sinh"), jnp.sinh),
    "softsign": (_float_only("Softsign", complex_ok=False), _softsign),
    "sqrt": (_any_int_to_float, jnp.sqrt),
    "square": (_no_bool("Square"), jnp.square),
    "tan": (_float_only("Tan"), jnp.tan),
    "tanh": (_float_only("Tanh"), jnp.tanh),
}


def _values_fn(name):
    check, fn = _UNARY[name]

    def apply(values):
        return _wrap(fn(check(arr(values))))
    return apply


def _make_sparse(name, cls, prefix, rebuild, kept):
    """``{prefix}_{name}``: op ``name`` on the stored values of a ``cls`` (``rebuild(x, values)``)."""
    apply = _values_fn(name)

    def f(x):
        if not isinstance(x, cls):
            raise TypeError(f"Expects {cls.__name__} for {prefix}_{name}")
        return rebuild(x, apply(x.values))
    f.__name__ = f.__qualname__ = f"{prefix}_{name}"
    f.__doc__ = f"``{name}`` of the stored values of a {cls.__name__} ({kept} kept)."
    return f


def _make_coo(name):
    return _make_sparse(name, COOTensor, "coo", lambda x, v: COOTensor(x.indices, v, x.shape), "indices and shape")


def _make_csr(name):
    return _make_sparse(name, CSRTensor, "csr", lambda x, v: CSRTensor(x.indptr, x.indices, v, x.shape),
                        "structure and shape")


for _name in _UNARY:
    op(f"coo_{_name}")(_make_coo(_name))
    op(f"csr_{_name}")(_make_csr(_name))


# ---------------------------------------------------------------------------------------
# conversions


def _check_2d(what, shape, target):
    if len(shape) > 2:
        raise ValueError(f"Currently only support 2-D {what} when converting to {target}.")


def _rows_of(indptr):
    indptr = np.asarray(indptr)
    return np.repeat(np.arange(len(indptr) - 1), np.diff(indptr))


@op("csr_to_dense")
def csr_to_dense(csr_tensor):
    """The dense Tensor of a 2-D CSRTensor."""
    if not isinstance(csr_tensor, CSRTensor):
        raise TypeError("For functional operator csr_to_dense, input argument must be a CSRTensor.")
    _check_2d("CSRTensor", csr_tensor.shape, "COOTensor")
    rows = _rows_of(csr_tensor.indptr.asnumpy())
    vals = arr(csr_tensor.values)
    if vals.dtype not in (np.dtype(np.float32), np.dtype(np.float64)) + _COMPLEX:
        raise TypeError("For primitive[CSRSparseMatrixToDense], the input argument[x_values] must be a type of "
                        f"{{Tensor[Complex128], Tensor[Complex64], Tensor[Float32], Tensor[Float64]}}, but got "
                        f"Tensor[{_dt(vals)}].")
    out = jnp.zeros(csr_tensor.shape, vals.dtype)
    return _wrap(out.at[rows, arr(csr_tensor.indices)].add(vals))


@op("csr_to_coo")
def csr_to_coo(tensor):
    """A 2-D CSRTensor as a COOTensor (indices ``(nnz, 2)``)."""
    if not isinstance(tensor, CSRTensor):
        raise TypeError("For functional operator csr_to_coo, input argument must be a CSRTensor.")
    _check_2d("CSRTensor", tensor.shape, "COOTensor")
    cols = tensor.indices.asnumpy()
    rows = _rows_of(tensor.indptr.asnumpy()).astype(cols.dtype)
    return COOTensor(Tensor(np.stack([rows, cols], 1)), tensor.values, tensor.shape)


def _dense_nonzero(fn_name, tensor, sparse_name):
    """The array of a 2-D Tensor and the (row, column) int32 indices of its nonzero entries."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"For functional operator {fn_name}, input argument must be a Tensor.")
    _check_2d("Tensor", tensor.shape, sparse_name)
    a = arr(tensor)
    return a, np.argwhere(shape_value(a) != 0).astype(np.int32)


@op("dense_to_sparse_coo")
def dense_to_sparse_coo(tensor):
    """The nonzero entries of a 2-D Tensor as a COOTensor (int32 indices)."""
    a, idx = _dense_nonzero("dense_to_sparse_coo", tensor, "COOTensor")
    return COOTensor(Tensor(idx), _wrap(a[tuple(idx.T)]), tensor.shape)


@op("dense_to_sparse_csr")
def dense_to_sparse_csr(tensor):
    """The nonzero entries of a 2-D Tensor as a CSRTensor (int32 indptr and indices)."""
    a, idx = _dense_nonzero("dense_to_sparse_csr", tensor, "CSRTensor")
    indptr = np.zeros(a.shape[0] + 1, np.int32)
    np.add.at(indptr, idx[:, 0] + 1, 1)
    return CSRTensor(Tensor(np.cumsum(indptr).astype(np.int32)), Tensor(idx[:, 1].copy()),
                     _wrap(a[tuple(idx.T)]), tensor.shape)


@op("coalesce")
def coalesce(x_indices, x_values, x_shape):
    """Sort COO indices ``(ndim, nnz)`` and sum the values of repeated ones."""
    for n, v in (("x_indices", x_indices), ("x_values", x_values), ("x_shape", x_shape)):
        check_is_tensor(n, v, "Coalesce", form="input")
    idx, shape = np.asarray(x_indices.asnumpy()), np.asarray(x_shape.asnumpy())
    if idx.dtype != np.int64 or shape.dtype != np.int64:
        raise TypeError("For 'Coalesce', 'x_indices' and 'x_shape' must be int64 Tensors.")
    vals = arr(x_values)
    if vals.dtype not in _FLOATS:
        raise TypeError(f"For 'Coalesce', 'x_values' must be float16, float32 or float64, but got {_dt(vals)}.")
    if idx.ndim != 2 or vals.ndim != 1 or shape.ndim != 1:
        raise ValueError("For 'Coalesce', 'x_indices' must be 2-D, 'x_values' and 'x_shape' 1-D.")
    if idx.shape[1] != vals.shape[0] or idx.shape[0] != shape.shape[0]:
        raise ValueError(f"For 'Coalesce', the shapes of the inputs do not match: indices {idx.shape}, values "
                         f"{vals.shape}, shape {shape.shape}.")
    if idx.size and ((idx < 0).any() or (idx >= shape[:, None]).any()):
        raise ValueError("For 'Coalesce', the indices must be in the range of the dense shape.")
    lin = np.ravel_multi_index(tuple(idx), tuple(shape)) if idx.size else np.zeros((0,), np.int64)
    uniq, inv = np.unique(lin, return_inverse=True)
    out_vals = jnp.zeros((len(uniq),), vals.dtype).at[inv.reshape(-1)].add(vals)
    out_idx = np.stack(np.unravel_index(uniq, tuple(shape))).astype(np.int64) if len(uniq) else \
        np.zeros((idx.shape[0], 0), np.int64)
    return Tensor(out_idx), _wrap(out_vals), Tensor(shape.astype(np.int64))


primitive("Coalesce", coalesce)


def _promote(a, b):
    dt = promote_types(a.dtype, b.dtype, "sparse")
    return a.astype(dt), b.astype(dt)


def _check_int64_indices(prim, name, t):
    if arr(t).dtype != np.int64:
        raise TypeError(f"For primitive[{prim}], the input argument[{name}] must be a type of {{Tensor[Int64]}}, "
                        f"but got Tensor[{t.dtype}].")


@op("coo_add")
def coo_add(x1, x2, thresh):
    """Sum of two COOTensors; entries whose |sum| is below ``thresh`` are dropped."""
    for x in (x1, x2):
        if not isinstance(x, COOTensor):
            raise TypeError("For 'coo_add', the inputs 'x1' and 'x2' must be COOTensor.")
    i1, i2 = _promote(arr(x1.indices), arr(x2.indices))
    v1, v2 = _promote(arr(x1.values), arr(x2.values))
    if i1.dtype != np.int64:
        raise TypeError(f"For primitive[SparseAdd], the input argument[x1_indices] must be a type of "
                        f"{{Tensor[Int64]}}, but got Tensor[{_dt(i1)}].")
    if tuple(x1.shape) != tuple(x2.shape):
        raise ValueError(f"For 'SparseAdd', the shapes of the inputs must be the same, but got {x1.shape} and "
                         f"{x2.shape}.")
    th = arr(thresh).astype(v1.dtype)
    a_idx, b_idx = np.asarray(i1), np.asarray(i2)
    # Merge of the two index lists as stored (each assumed sorted): equal indices are summed
    # and kept when |sum| >= thresh; an index in one input only is kept as is.
    srcs, out_idx, i, j = [], [], 0, 0
    while i < len(a_idx) or j < len(b_idx):
        if j >= len(b_idx) or (i < len(a_idx) and tuple(a_idx[i]) < tuple(b_idx[j])):
            srcs.append((i, -1)); out_idx.append(a_idx[i]); i += 1
        elif i >= len(a_idx) or tuple(b_idx[j]) < tuple(a_idx[i]):
            srcs.append((-1, j)); out_idx.append(b_idx[j]); j += 1
        else:
            srcs.append((i, j)); out_idx.append(a_idx[i]); i += 1; j += 1
    ia = np.array([p[0] for p in srcs], np.int64)
    ib = np.array([p[1] for p in srcs], np.int64)
    va = jnp.where(jnp.asarray(ia >= 0), v1[np.maximum(ia, 0)] if len(v1) else 0, 0) if len(srcs) else v1[:0]
    vb = jnp.where(jnp.asarray(ib >= 0), v2[np.maximum(ib, 0)] if len(v2) else 0, 0) if len(srcs) else v1[:0]
    sums = (va + vb).astype(v1.dtype)
    both = (ia >= 0) & (ib >= 0)
    keep = ~both | np.asarray(jnp.abs(sums) >= th)
    sel = np.nonzero(keep)[0]
    idx = np.asarray(out_idx, np.int64).reshape(-1, a_idx.shape[1] if a_idx.ndim == 2 else len(x1.shape))
    return COOTensor(Tensor(idx[sel]), _wrap(sums[sel]), x1.shape)


@op("coo_concat")
def coo_concat(sp_input, concat_dim=0):
    """Concatenate COOTensors (int64 indices) along ``concat_dim``."""
    if not isinstance(sp_input, (tuple, list)) or len(sp_input) < 2:
        raise ValueError("For coo_concat, not support COOTensor input number < 2.")
    parts = [(x.indices, x.values, tuple(x.shape)) if isinstance(x, COOTensor) else tuple(x) for x in sp_input]
    for k, (ind, _, _) in enumerate(parts):
        _check_int64_indices("SparseConcat", f"indices{k}", ind)
    if isinstance(concat_dim, bool) or not isinstance(concat_dim, int):
        raise TypeError(f"For 'SparseConcat', the type of 'concat_dim' should be 'int', but got type "
                        f"'{type(concat_dim).__name__}'.")
    if any(v.dtype != parts[0][1].dtype for _, v, _ in parts[1:]):
        raise TypeError("For primitive[SparseConcat], the input type must be same.")
    rank = len(parts[0][2])
    if not -rank <= concat_dim < rank:
        # MindSpore indexes the shape with it (a Python IndexError)
        raise IndexError(f"For 'SparseConcat', 'concat_dim' must be in range [{-rank}, {rank}), but got "
                         f"{concat_dim}.")
    d = concat_dim % rank
    for k, (_, _, s) in enumerate(parts[1:], 1):
        # the kernel checks the shapes when it runs: a RuntimeError, as in MindSpore
        bad = [i for i, (a, b) in enumerate(zip(s, parts[0][2])) if i != d and a != b]
        if len(s) != rank or bad:
            i = bad[0] if bad else 0
            raise RuntimeError(f"For op SparseConcat, the No.{k} input COO tensor shape size is incorrect. The "
                               f"No.{i} shape is {s[i] if i < len(s) else None} not equal with first COO tensor "
                               f"shape: {parts[0][2][i]}.")
    idx_parts, offset = [], 0
    for ind, _, s in parts:
        i = np.asarray(ind.asnumpy()).copy()
        i[:, d] += offset
        offset += s[d]
        idx_parts.append(i)
    out_shape = list(parts[0][2])
    out_shape[d] = offset
    idx = np.concatenate(idx_parts)
    vals = jnp.concatenate([arr(v) for _, v, _ in parts])
    order = np.lexsort(tuple(idx[:, k] for k in reversed(range(rank)))) if len(idx) else np.zeros((0,), int)
    return COOTensor(Tensor(idx[order]), _wrap(vals[order]), tuple(out_shape))


def _csr_parts(x):
    return np.asarray(x.indptr.asnumpy()), np.asarray(x.indices.asnumpy()), arr(x.values)


@op("csr_add")
def csr_add(a, b, alpha, beta):
    """``alpha * a + beta * b`` for CSRTensors of the same shape."""
    if not isinstance(a, CSRTensor) or not isinstance(b, CSRTensor):
        raise TypeError("For functional operator csr_add, both inputs a and b must be type of CSRTensor.")
    if not isinstance(alpha, Tensor) or not isinstance(beta, Tensor):
        raise TypeError("For functional operator csr_add, both inputs alpha and beta must be Tensor.")
    if tuple(a.shape) != tuple(b.shape) or len(a.shape) != 2:
        raise ValueError(f"For 'SparseMatrixAdd', the inputs must be 2-D of the same shape, but got {a.shape} "
                         f"and {b.shape}.")
    pa, ia, va = _csr_parts(a)
    pb, ib, vb = _csr_parts(b)
    va, vb = _promote(va, vb)
    al, be = arr(alpha).astype(va.dtype).reshape(()), arr(beta).astype(va.dtype).reshape(())
    rows = np.concatenate([_rows_of(pa), _rows_of(pb)])
    cols = np.concatenate([ia, ib]).astype(np.int64)
    lin = rows.astype(np.int64) * a.shape[1] + cols
    uniq, inv = np.unique(lin, return_inverse=True)
    vals = jnp.zeros((len(uniq),), va.dtype).at[inv.reshape(-1)].add(jnp.concatenate([al * va, be * vb]))
    out_rows, out_cols = uniq // a.shape[1], uniq % a.shape[1]
    indptr = np.zeros(a.shape[0] + 1, np.int64)
    np.add.at(indptr, out_rows + 1, 1)
    idt = np.result_type(pa.dtype, pb.dtype)
    return CSRTensor(Tensor(np.cumsum(indptr).astype(idt)), Tensor(out_cols.astype(np.result_type(ia, ib))),
                     _wrap(vals), a.shape)


@op("csr_softmax")
def csr_softmax(logits, dtype):
    """Softmax over the stored values of each row of a CSRTensor."""
    if not isinstance(logits, CSRTensor):
        raise TypeError("For functional operator sparse_matrix_softmax, logits must be type of CSRTensor.")
    dt = np.dtype(mstype.dtype_to_nptype(mstype.to_dtype(dtype)))
    if dt not in (np.dtype(np.float32), np.dtype(np.float64)):
        raise TypeError(f"For 'SparseMatrixSoftmax', the 'dtype' must be float32 or float64, but got {dtype}.")
    indptr, _, vals = _csr_parts(logits)
    rows = jnp.asarray(_rows_of(indptr))
    n = len(indptr) - 1
    v = vals.astype(dt)
    mx = jax.ops.segment_max(v, rows, n)
    e = jnp.exp(v - mx[rows])
    s = jax.ops.segment_sum(e, rows, n)
    return CSRTensor(logits.indptr, logits.indices, _wrap(e / s[rows]), logits.shape)


# ---------------------------------------------------------------------------------------
# Primitives


def _shape_list(name, shape):
    if isinstance(shape, Tensor):
        return [int(v) for v in shape.asnumpy().reshape(-1)]
    if isinstance(shape, (tuple, list)):
        return [int(v) for v in shape]
    raise TypeError(f"For '{name}', the 'sparse_shape' must be a tuple or Tensor, but got {type(shape).__name__}.")


def _check_sparse(name, indices, values, shape):
    ind, val = arr(indices), arr(values)
    if ind.dtype not in (np.dtype(np.int32), np.dtype(np.int64)):
        raise TypeError(f"For '{name}', the 'indices' must be int32 or int64, but got {_dt(ind)}.")
    if ind.ndim != 2 or val.ndim != 1 or ind.shape[0] != val.shape[0]:
        raise ValueError(f"For '{name}', 'indices' must be 2-D (nnz, rank) and 'values' 1-D (nnz,), but got "
                         f"{list(ind.shape)} and {list(val.shape)}.")
    if ind.shape[1] != len(shape):
        raise ValueError(f"For '{name}', indices.shape[1] must equal the rank of the dense shape {len(shape)}, "
                         f"but got {ind.shape[1]}.")
    return ind, val


def _sparse_to_dense(indices, values, sparse_shape):
    shape = _shape_list("SparseToDense", sparse_shape)
    ind = np.asarray(arr(indices))
    if ind.ndim == 2 and (ind.shape[1] != len(shape) or (ind < 0).any() or (ind >= np.asarray(shape)).any()):
        raise RuntimeError("For 'SparseToDense', the index of 'indices' out of bounds.")
    ind, val = _check_sparse("SparseToDense", indices, values, shape)
    return _wrap(jnp.zeros(shape, val.dtype).at[tuple(ind.T)].add(val))


primitive("SparseToDense", _sparse_to_dense, targets_lacking=("Ascend", "GPU"))


def _sparse_tensor_dense_add(x1_indices, x1_values, x1_shape, x2):
    shape = _shape_list("SparseTensorDenseAdd", x1_shape)
    ind, val = _check_sparse("SparseTensorDenseAdd", x1_indices, x1_values, shape)
    d = arr(x2)
    if list(d.shape) != shape:
        raise ValueError(f"For 'SparseTensorDenseAdd', the shape of 'x2' {list(d.shape)} must equal x1_shape "
                         f"{shape}.")
    if d.dtype != val.dtype:
        raise TypeError(f"For 'SparseTensorDenseAdd', 'x1_values' and 'x2' must have the same dtype, but got "
                        f"{_dt(val)} and {_dt(d)}.")
    return _wrap(d.at[tuple(ind.T)].add(val))


primitive("SparseTensorDenseAdd", _sparse_tensor_dense_add)


def _sparse_tensor_dense_matmul(indices, values, sparse_shape, dense, adjoint_st=False, adjoint_dt=False):
    name = "SparseTensorDenseMatmul"
    shape = _shape_list(name, sparse_shape)
    if len(shape) != 2:
        raise ValueError(f"For '{name}', the 'sparse_shape' must be 2-D, but got {shape}.")
    ind, val = _check_sparse(name, indices, values, shape)
    d = arr(dense)
    if d.ndim != 2:
        raise ValueError(f"For '{name}', the 'dense' must be 2-D, but got {d.ndim}-D.")
    if d.dtype != val.dtype:
        raise TypeError(f"For '{name}', 'values' and 'dense' must have the same dtype, but got {_dt(val)} and "
                        f"{_dt(d)}.")
    sp = jnp.zeros(shape, val.dtype).at[tuple(ind.T)].add(val)
    if adjoint_st:
        sp = jnp.conj(sp.T)
    if adjoint_dt:
        d = jnp.conj(d.T)
    if sp.shape[1] != d.shape[0]:
        raise ValueError(f"For '{name}', the inner dimensions do not match: {list(sp.shape)} and {list(d.shape)}.")
    return _wrap(sp @ d)


primitive("SparseTensorDenseMatmul", _sparse_tensor_dense_matmul,
          attrs=(("adjoint_st", False, (bool,)), ("adjoint_dt", False, (bool,))))


def _sparse_slice(indices, values, shape, start, size):
    name = "SparseSlice"
    for n, t in (("indices", indices), ("shape", shape), ("start", start), ("size", size)):
        _check_int64_indices(name, n, t)
    sh = [int(v) for v in shape.asnumpy()]
    ind, val = _check_sparse(name, indices, values, sh)
    st, sz = np.asarray(start.asnumpy()), np.asarray(size.asnumpy())
    if st.shape != (len(sh),) or sz.shape != (len(sh),):
        raise ValueError(f"For '{name}', 'start' and 'size' must have shape ({len(sh)},).")
    end = np.minimum(st + sz, sh)
    i = np.asarray(ind)
    keep = np.all((i >= st) & (i < end), axis=1)
    out_shape = np.maximum(end - st, 0).astype(np.int64)
    return Tensor((i[keep] - st).astype(np.int64)), _wrap(val[np.nonzero(keep)[0]]), Tensor(out_shape)


primitive("SparseSlice", _sparse_slice)


# ---------------------------------------------------------------------------------------
# CSR arithmetic and index conversions (MindSpore runs these on GPU; here on any backend)


def _check_csr(name, x):
    if not isinstance(x, CSRTensor):
        raise TypeError(f"For '{name}', the input must be a CSRTensor, but got {type(x).__name__}.")


def _csr_elementwise(name, x, y, fn):
    _check_csr(name, x)
    if isinstance(y, (int, float, bool)):
        y = Tensor(y)
    if not isinstance(y, Tensor):
        raise TypeError(f"For '{name}', the input 'y' must be a Tensor or a number, but got {type(y).__name__}.")
    vals, d = arr(x.values), arr(y)
    if d.size == 1 and d.ndim <= 2:   # a scalar: MindSpore returns the new values only
        if d.ndim > len(x.shape):
            raise ValueError("dense tensor cannot broadcast to the sparse tensor.")
        v, s = _promote(vals, d.reshape(()))
        return _wrap(fn(v, s).reshape(vals.shape))
    v, d = _promote(vals, d)
    d = jnp.broadcast_to(d, tuple(x.shape))
    rows = _rows_of(x.indptr.asnumpy())
    return CSRTensor(x.indptr, x.indices, _wrap(fn(v, d[rows, arr(x.indices)])), x.shape)


@op("csr_mul")
def csr_mul(x, y):
    """``x * y`` on the stored entries of CSRTensor ``x`` (``y`` dense, broadcast to ``x.shape``)."""
    if isinstance(x, CSRTensor) and isinstance(x.values, Tensor) and x.values.dtype != mstype.float32:
        # MindSpore's CPU kernel library has CSRMul for float32 values only
        raise TypeError(f"Select CPU operator[CSRMul] fail! Unsupported data type! The supported data types are "
                        f"Float32, but got values of {x.values.dtype}.")
    return _csr_elementwise("csr_mul", x, y, lambda a, b: a * b)


@op("csr_div")
def csr_div(x, y):
    """``x / y`` on the stored entries of CSRTensor ``x`` (``y`` dense, broadcast to ``x.shape``)."""
    def div(a, b):
        if a.dtype.kind in "biu":   # MindSpore's true division of integers gives float32
            a, b = a.astype(np.float32), b.astype(np.float32)
        return a / b
    return _csr_elementwise("csr_div", x, y, div)


@op("csr_mv")
def csr_mv(csr_tensor, dense):
    """CSR matrix (m, n) times dense ``(n, 1)`` (or ``(n, k)``): a dense ``(m, 1)`` Tensor."""
    _check_csr("csr_mv", csr_tensor)
    v, d = _promote(arr(csr_tensor.values), arr(dense))
    m, n = csr_tensor.shape
    if d.shape[0] != n:
        raise ValueError(f"For 'CSRMV', the first dimension of 'dense' must be {n}, but got {d.shape[0]}.")
    rows = jnp.asarray(_rows_of(csr_tensor.indptr.asnumpy()))
    contrib = v.reshape((-1,) + (1,) * (d.ndim - 1)) * d[arr(csr_tensor.indices)]
    return _wrap(jax.ops.segment_sum(contrib, rows, m))


@op("csr_reduce_sum")
def csr_reduce_sum(csr_tensor, axis):
    """Sum of a 2-D CSRTensor along ``axis``, keeping the axis (size 1)."""
    _check_csr("csr_reduce_sum", csr_tensor)
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise TypeError(f"For CSRReduceSum, `axis` should be int32 or int64, but got {type(axis).__name__}.")
    if not -2 <= axis < 2:
        raise ValueError(f"For 'CSRReduceSum', 'axis' must be an int in [-2, 2), but got {axis}.")
    dense = csr_to_dense(csr_tensor) if arr(csr_tensor.values).dtype.kind in "fc" else None
    if dense is None:
        rows = _rows_of(csr_tensor.indptr.asnumpy())
        dense = _wrap(jnp.zeros(csr_tensor.shape, arr(csr_tensor.values).dtype).at[
            rows, arr(csr_tensor.indices)].add(arr(csr_tensor.values)))
    return _wrap(jnp.sum(arr(dense), axis=axis, keepdims=True))


@op("csr_gather")
def csr_gather(indptr, indices, dense, sparse_shape):
    """``dense[row, col]`` for each stored entry of the CSR structure ``(indptr, indices)``."""
    rows = _rows_of(np.asarray(indptr.asnumpy()))
    d = arr(dense)
    if tuple(d.shape[:2]) != tuple(sparse_shape)[:2]:
        raise ValueError(f"For 'CSRGather', the shape of 'dense' {list(d.shape)} must start with 'sparse_shape' "
                         f"{list(sparse_shape)}.")
    return _wrap(d[rows, arr(indices)])


@op("csr2coo")
def csr2coo(indptr, nnz):
    """Row index of each of the ``nnz`` entries of a CSR ``indptr`` (dtype of ``indptr``)."""
    p = np.asarray(indptr.asnumpy())
    rows = _rows_of(p)
    if len(rows) != nnz:
        raise ValueError(f"For 'CSR2COO', 'nnz' must be {len(rows)} (indptr[-1]), but got {nnz}.")
    return Tensor(rows.astype(p.dtype))


@op("coo2csr")
def coo2csr(row_indices, height):
    """CSR ``indptr`` (``height + 1`` entries) of sorted COO row indices."""
    if not isinstance(row_indices, Tensor) or str(row_indices.dtype) != "Int32":
        raise TypeError("The dtype of row_indices only support Int32 for now, but got "
                        f"{getattr(row_indices, 'dtype', type(row_indices).__name__)}.")
    r = np.asarray(row_indices.asnumpy())
    counts = np.bincount(r.astype(np.int64), minlength=height)[:height]
    return Tensor(np.concatenate([[0], np.cumsum(counts)]).astype(r.dtype))


@op("csr_mm")
def csr_mm(a, b, trans_a=False, trans_b=False, adjoint_a=False, adjoint_b=False):
    """Product of two 2-D CSRTensors, as a CSRTensor."""
    if not isinstance(a, CSRTensor) or not isinstance(b, CSRTensor):
        raise TypeError("For functional operator csr_mm, inputs a and b must be type of CSRTensor currently.")
    da, db = arr(csr_to_dense(a)), arr(csr_to_dense(b))
    if trans_a or adjoint_a:
        da = jnp.conj(da.T) if adjoint_a else da.T
    if trans_b or adjoint_b:
        db = jnp.conj(db.T) if adjoint_b else db.T
    if da.shape[1] != db.shape[0]:
        raise ValueError(f"For 'SparseMatrixSparseMatMul', the shapes {list(da.shape)} and {list(db.shape)} "
                         "cannot be multiplied.")
    out = dense_to_sparse_csr(_wrap(da @ db))
    idt = arr(a.indices).dtype
    return CSRTensor(Tensor(out.indptr.asnumpy().astype(idt)), Tensor(out.indices.asnumpy().astype(idt)),
                     out.values, out.shape)


@op("make_sparse_tensor")
def make_sparse_tensor(indices, values, dense_shape):
    """A COOTensor (the deprecated ``SparseTensor`` constructor)."""
    print("WARNING: 'SparseTensor' is deprecated from version 1.7 and will be removed after version 2.9.0. "
          "Please use 'COOTensor' instead.")
    if isinstance(indices, Tensor) and str(indices.dtype) not in ("Int16", "Int32", "Int64"):
        raise TypeError(f"The dtype of Indices must be Int16 or Int32 or Int64, but got {indices.dtype}.")
    return COOTensor(indices, values, dense_shape)


@op("make_row_tensor")
def make_row_tensor(indices, values, dense_shape):
    """A RowTensor (deprecated constructor)."""
    print("WARNING: 'RowTensor' is deprecated from version 2.0 and will be removed after version 2.9.0.")
    if isinstance(indices, Tensor) and str(indices.dtype) not in ("Int8", "Int16", "Int32", "Int64", "UInt8",
                                                                  "UInt16", "UInt32", "UInt64"):
        raise TypeError(f"The dtype of indices must be a Int, but got {indices.dtype}")
    return RowTensor(indices, values, dense_shape)


def _sparse_sequences(idx, vals, shape):
    """{batch prefix: list of values} of a sparse (indices, values, shape) tensor, in index order."""
    order = np.lexsort(idx.T[::-1]) if idx.size else np.arange(0)
    out = {}
    for r in order:
        out.setdefault(tuple(idx[r, :-1].tolist()), []).append(vals[r])
    return out


def _levenshtein(a, b):
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y))
        prev = cur
    return prev[-1]


def _edit_distance(prim, h_idx, h_val, h_shape, t_idx, t_val, t_shape):
    hi, hv, hs = (np.asarray(arr(check_tensor("EditDistance", n, t))) for n, t in
                  (("hypothesis_indices", h_idx), ("hypothesis_values", h_val), ("hypothesis_shape", h_shape)))
    ti, tv, ts = (np.asarray(arr(check_tensor("EditDistance", n, t))) for n, t in
                  (("truth_indices", t_idx), ("truth_values", t_val), ("truth_shape", t_shape)))
    if hv.dtype != tv.dtype:
        raise TypeError("For 'EditDistance', 'hypothesis_values' and 'truth_values' must have the same dtype.")
    if hs.size != ts.size or hi.shape[-1] != hs.size or ti.shape[-1] != ts.size:
        raise ValueError("For 'EditDistance', the ranks of hypothesis and truth must match their indices.")
    out_shape = tuple(int(v) for v in np.maximum(hs, ts)[:-1])
    hyp, truth = _sparse_sequences(hi, hv, hs), _sparse_sequences(ti, tv, ts)
    out = np.zeros(out_shape, np.float32)
    for pos in np.ndindex(*out_shape):
        h, t = hyp.get(pos, []), truth.get(pos, [])
        d = float(_levenshtein(h, t))
        if prim.normalize:
            d = d / len(t) if t else (np.inf if h else 0.0)
        out[pos] = d
    return _wrap(jnp.asarray(out))


primitive("EditDistance", None, attrs=(("normalize", True, (bool,)),), call=_edit_distance)


# --- sparse segment reductions --------------------------------------------------------------------

def _sparse_segment_mean(x, indices, segment_ids):
    name = "SparseSegmentMean"
    a = _tensor(name, "x", x)
    if a.dtype not in (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64)):
        raise TypeError(f"For primitive[{name}], the input argument[x] must be a type of {{Tensor[Float16], "
                        f"Tensor[Float32], Tensor[Float64]}}, but got Tensor[{_dt(a)}].")
    idx, seg = _tensor(name, "indices", indices), _tensor(name, "segment_ids", segment_ids)
    for arg, t in (("indices", idx), ("segment_ids", seg)):
        if t.dtype not in (np.dtype(np.int32), np.dtype(np.int64)):
            raise TypeError(f"For primitive[{name}], the input argument[{arg}] must be a type of {{Tensor[Int32], "
                            f"Tensor[Int64]}}, but got Tensor[{_dt(t)}].")
    if idx.dtype != seg.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same.")
    if a.ndim < 1 or idx.ndim != 1 or seg.ndim != 1:
        raise ValueError(f"For '{name}', 'x' must have rank >= 1 and 'indices', 'segment_ids' rank 1, but got "
                         f"{a.ndim}, {idx.ndim} and {seg.ndim}.")
    if idx.shape[0] != seg.shape[0]:
        raise ValueError(f"For '{name}', the size of 'indices' and 'segment_ids' must be the same, but got "
                         f"{idx.shape[0]} vs {seg.shape[0]}.")
    ids, pos = shape_value(seg).astype(np.int64), shape_value(idx).astype(np.int64)
    # the kernel checks the values when it runs (RuntimeError)
    if ids.size and (ids[0] < 0 or (np.diff(ids) < 0).any()):
        raise RuntimeError(f"For '{name}', 'segment_ids' must be non-negative and sorted in ascending order, but "
                           f"got {ids.tolist()}.")
    if pos.size and ((pos < 0) | (pos >= a.shape[0])).any():
        raise RuntimeError(f"For '{name}', each value of 'indices' must be in [0, {a.shape[0]}), but got "
                           f"{pos.tolist()}.")
    n = int(ids[-1]) + 1 if ids.size else 0
    rows = a[jnp.asarray(pos)].astype(jnp.promote_types(a.dtype, jnp.float32))
    sums = jax.ops.segment_sum(rows, jnp.asarray(ids), num_segments=n)
    counts = jnp.bincount(jnp.asarray(ids), length=n).astype(sums.dtype)
    shape = (n,) + (1,) * (a.ndim - 1)
    return _wrap((sums / jnp.maximum(counts, 1).reshape(shape)).astype(a.dtype))


@op("sparse_segment_mean")
def sparse_segment_mean(x, indices, segment_ids):
    """The mean of the rows ``x[indices]`` in each segment of the sorted ``segment_ids`` (empty
    segments: zeros); ``segment_ids[-1] + 1`` segments."""
    return _sparse_segment_mean(x, indices, segment_ids)


primitive("SparseSegmentMean", _sparse_segment_mean)


def _sparse_matrix_add(a_shape, a_batch_pointers, a_indptr, a_indices, a_values,
                       b_shape, b_batch_pointers, b_indptr, b_indices, b_values, alpha, beta):
    """``alpha * a + beta * b`` for (batched) CSR matrices given by their parts: dense shape (M, N)
    or (B, M, N), batch pointers (nnz offsets per batch), indptr (M + 1 per batch), indices, values;
    returns the same five parts of the sum."""
    name = "SparseMatrixAdd"
    parts = (a_shape, a_batch_pointers, a_indptr, a_indices, a_values,
             b_shape, b_batch_pointers, b_indptr, b_indices, b_values, alpha, beta)
    for k, t in enumerate(parts):
        check_tensor(name, f"input {k}", t)
    sa, sb = (tuple(int(v) for v in np.asarray(arr(s))) for s in (a_shape, b_shape))
    if sa != sb or len(sa) not in (2, 3):
        raise ValueError(f"For '{name}', the dense shapes of 'a' and 'b' must be the same 2-D or 3-D shape, but got "
                         f"{list(sa)} and {list(sb)}.")
    m, n = sa[-2:]
    batches = sa[0] if len(sa) == 3 else 1
    ba, bb = np.asarray(arr(a_batch_pointers)), np.asarray(arr(b_batch_pointers))
    pa, pb = np.asarray(arr(a_indptr)), np.asarray(arr(b_indptr))
    out_ptr, out_idx, out_val, out_batch = [], [], [], [0]
    for k in range(batches):
        rows = slice(k * (m + 1), (k + 1) * (m + 1))
        csr_a = CSRTensor(Tensor(pa[rows] - pa[rows][0]), _wrap(arr(a_indices)[int(ba[k]):int(ba[k + 1])]),
                          _wrap(arr(a_values)[int(ba[k]):int(ba[k + 1])]), (m, n))
        csr_b = CSRTensor(Tensor(pb[rows] - pb[rows][0]), _wrap(arr(b_indices)[int(bb[k]):int(bb[k + 1])]),
                          _wrap(arr(b_values)[int(bb[k]):int(bb[k + 1])]), (m, n))
        c = csr_add(csr_a, csr_b, alpha, beta)
        out_ptr.append(arr(c.indptr))
        out_idx.append(arr(c.indices))
        out_val.append(arr(c.values))
        out_batch.append(out_batch[-1] + int(c.values.shape[0]))
    return (Tensor(np.asarray(sa, np.asarray(arr(a_shape)).dtype)),
            Tensor(np.asarray(out_batch, ba.dtype)), _wrap(jnp.concatenate(out_ptr).astype(pa.dtype)),
            _wrap(jnp.concatenate(out_idx)), _wrap(jnp.concatenate(out_val)))


primitive("SparseMatrixAdd", _sparse_matrix_add)


# --- CSRTensor methods (MindSpore's CSRTensor calls these ops through its operator registry) ----------

def _csr_with_values(x, values):
    return CSRTensor(x.indptr, x.indices, values, x.shape)


def _csr_mm_method(self, matrix):
    if isinstance(matrix, CSRTensor):
        return csr_mm(self, matrix)
    m = _tensor("CSRMM", "dense_matrix", matrix)
    d = arr(csr_to_dense(self))
    return _wrap(d.astype(jnp.promote_types(d.dtype, m.dtype)) @ m)


def _csr_sum(self, axis):
    return csr_reduce_sum(self, axis)


def _csr_add_method(self, b, alpha, beta):
    return csr_add(self, b, alpha, beta)


def _csr_plus(self, other, sign):
    if not isinstance(other, CSRTensor):
        raise TypeError(f"CSRTensor {'add' if sign > 0 else 'subtract'} with {type(other)} is not supported.")
    if tuple(self.shape) != tuple(other.shape):
        raise ValueError("Input tensors should have the same shape.")
    one = Tensor(1, self.values.dtype)
    return csr_add(self, other, one, Tensor(sign, self.values.dtype))


for _name, _fn in {
        "add": _csr_add_method, "mv": lambda self, dense_vector: csr_mv(self, dense_vector), "mm": _csr_mm_method,
        "sum": _csr_sum, "to_coo": lambda self: csr_to_coo(self),
        "to_tuple": lambda self: (self.indptr, self.indices, self.values, self.shape),
        "astype": lambda self, dtype: _csr_with_values(self, self.values.astype(dtype)),
        "abs": lambda self: _csr_with_values(self, _wrap(jnp.abs(arr(self.values)))),
        "__neg__": lambda self: _csr_with_values(self, _wrap(-arr(self.values))),
        "__mul__": lambda self, other: csr_mul(self, other),
        "__truediv__": lambda self, other: csr_div(self, other),
        "__add__": lambda self, other: _csr_plus(self, other, 1),
        "__sub__": lambda self, other: _csr_plus(self, other, -1)}.items():
    if _name not in CSRTensor.__dict__:
        setattr(CSRTensor, _name, _fn)
for _name, _fn in {"ndim": lambda self: len(self.shape), "size": lambda self: self.values.size,
                   "itemsize": lambda self: self.values.itemsize}.items():
    if _name not in CSRTensor.__dict__:
        setattr(CSRTensor, _name, property(_fn))
