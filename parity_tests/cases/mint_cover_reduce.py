"""mindspore.mint reductions and scans: whole-tensor, ``dim``, negative ``dim``, ``keepdim``,
tuple ``dim``, float16 and integer inputs, ``dtype=``, gradients, GRAPH_MODE, and bad input
(out-of-range ``dim``, non-Tensor input).

Oracle: real MindSpore 2.10 CPU; where its CPU build lacks the mint kernel (``Std``, ``Var``,
``CumsumExt``, ``ArgMaxExt``, ``ArgMinExt``, ``LogSumExp``, ``Cummin``/``Cummax`` ext, ...) the value
cases carry an ``ms_ref`` computing the same numbers with numpy (``np_ref``) or with the ``ops``
twin; the bad-input cases need none (MindSpore raises while checking arguments and shapes)."""
import numpy as np

from parity_tests.harness import case, F32, F16, I32, I64, BOOL
from parity_tests.cases._mint_cover_common import mint_fn, np_ref, grad_sum, default_run


def _npr(f, dtype=None):
    return np_ref(f, dtype)


def _std(x, axis=None, keepdims=False, correction=1):
    return np.std(x.astype(np.float64), axis=axis, ddof=correction, keepdims=keepdims).astype(x.dtype)


def _var(x, axis=None, keepdims=False, correction=1):
    return np.var(x.astype(np.float64), axis=axis, ddof=correction, keepdims=keepdims).astype(x.dtype)


def _lse(x, axis, keepdims=False):
    m = np.max(x, axis=axis, keepdims=True)
    out = np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m
    return out if keepdims else np.squeeze(out, axis=axis)


# name -> numpy reference of ``f(x, dim, keepdim)`` (None: MindSpore's CPU runs the mint op itself)
# and whether ``dim`` may be a tuple
REDUCE = {
    "sum": (None, True), "mean": (None, True), "prod": (None, False), "amax": (None, True), "amin": (None, True),
    "nansum": (lambda x, d, k: np.nansum(x, d, keepdims=k), True), "logsumexp": (lambda x, d, k: _lse(x, d, k), True),
    "std": (lambda x, d, k: _std(x, d, k), True), "var": (lambda x, d, k: _var(x, d, k), True),
    "count_nonzero": (lambda x, d, k: _cnz(x, d, k), True), "all": (None, True), "any": (None, False),
}


def _cnz(x, d, k):   # CountNonZero: no CPU kernel in MindSpore 2.10; and no ``keepdim`` in mint
    if k:
        raise TypeError("count_nonzero() takes from 1 to 2 positional arguments but 3 were given")
    return np.asarray(np.count_nonzero(x, axis=d), np.int64)


def _case(name, tag, fn, *inputs, ref=None, **kw):
    return case(f"mint.{name}/cov_{tag}", fn, *inputs, **({"ms_ref": ref} if ref is not None else {}), **kw)


CASES = []
X3 = F32(2, 3, 4, seed=51)
for _name, (_ref, _tuple) in REDUCE.items():
    _f = (lambda ms, x, *a, _n=_name, **k: mint_fn(ms, _n)(x, *a, **k))
    _dt = np.int64 if _name == "count_nonzero" else None
    _r = (lambda d, k, _rr=_ref, _d=_dt: _npr(lambda x: _rr(x, d, k), _d)) if _ref else (lambda d, k: None)
    _x = BOOL(2, 3, 4, seed=52) if _name in ("all", "any") else X3
    if _name == "logsumexp":   # dim is required
        pass
    else:
        CASES.append(_case(_name, "all", lambda ms, x, _n=_name: mint_fn(ms, _n)(x), _x,
                           ref=_npr(lambda x, _rr=_ref: _rr(x, None, False), _dt) if _ref else None))
    CASES += [
        _case(_name, "dim1", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, 1), _x, ref=_r(1, False)),
        _case(_name, "dim_neg_keepdim", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, -1, keepdim=True), _x,
              ref=_r(-1, True)),
        _case(_name, "dim_kw", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, dim=0), _x, ref=_r(0, False)),
        _case(_name, "bad_dim", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, 3), _x, error=True),
        _case(_name, "bad_list", lambda ms, _n=_name: mint_fn(ms, _n)([1.0, 2.0], 0), error=True),
    ]
    if _tuple:
        CASES.append(_case(_name, "dim_tuple", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, (0, 2)), _x,
                           ref=_r((0, 2), False)))
        CASES.append(_case(_name, "dim_tuple_keepdim", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, (-1, 0), keepdim=True), _x,
                           ref=_r((-1, 0), True)))
    if _name not in ("all", "any", "count_nonzero"):
        CASES.append(_case(_name, "f16", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, 1), X3.astype(np.float16),
                           ref=_r(1, False)))
        CASES.append(_case(_name, "grad", lambda ms, x, _n=_name: grad_sum(ms, lambda u: mint_fn(ms, _n)(u, 1), x),
                           F32(3, 4, seed=53),
                           ref=(lambda ms, x, _n=_name: grad_sum(ms, lambda u: REF_GRAD[_n](ms, u, 1), x))
                           if _ref else None))

# reference grads (ops that MindSpore's CPU differentiates) for the names whose mint kernel it lacks
REF_GRAD = {
    "logsumexp": lambda ms, u, d: ms.ops.logsumexp(u, d),
    "nansum": lambda ms, u, d: u.sum(d),
    "std": lambda ms, u, d: ms.ops.sqrt(((u - u.mean(d, True)) ** 2).sum(d) / (u.shape[d] - 1)),
    "var": lambda ms, u, d: ((u - u.mean(d, True)) ** 2).sum(d) / (u.shape[d] - 1),
}

INT = np.array([[3, -1, 4], [1, -5, 9]], np.int32)
CASES += [
    _case("sum", "int32_promotes", lambda ms, x: ms.mint.sum(x), INT),
    _case("sum", "int32_dim", lambda ms, x: ms.mint.sum(x, 1), INT),
    _case("sum", "bool", lambda ms, x: ms.mint.sum(x, 0), BOOL(3, 4)),
    _case("sum", "dtype_f16", lambda ms, x: ms.mint.sum(x, 1, dtype=ms.float16), F32(2, 3)),
    _case("sum", "dtype_int", lambda ms, x: ms.mint.sum(x, dtype=ms.int32), F32(2, 3, low=0, high=5)),
    _case("sum", "empty_dim_list", lambda ms, x: ms.mint.sum(x, []), F32(2, 3)),
    _case("sum", "bad_dim_float", lambda ms, x: ms.mint.sum(x, 1.5), F32(2, 3), error=True),
    _case("mean", "dtype", lambda ms, x: ms.mint.mean(x, 1, dtype=ms.float16), F32(2, 3)),
    _case("mean", "int_stays_int", lambda ms, x: ms.mint.mean(x), INT),
    _case("any", "bad_dim_tuple", lambda ms, x: ms.mint.any(x, (0, 1)), BOOL(2, 3), error=True),
    _case("count_nonzero", "bad_keepdim", lambda ms, x: ms.mint.count_nonzero(x, 1, True), F32(2, 3), error=True),
    _case("prod", "int32", lambda ms, x: ms.mint.prod(x, 0), INT),
    _case("prod", "dtype", lambda ms, x: ms.mint.prod(x, 1, dtype=ms.float64), F32(2, 3)),
    _case("prod", "all_int", lambda ms, x: ms.mint.prod(x), INT),
    _case("amax", "int", lambda ms, x: ms.mint.amax(x, 1), INT),
    _case("amin", "int", lambda ms, x: ms.mint.amin(x, (0, 1)), INT),
    _case("amax", "empty_dim", lambda ms, x: ms.mint.amax(x), F32(2, 3)),
    _case("all", "float", lambda ms, x: ms.mint.all(x, 1), np.array([[0.0, 1.0], [2.0, 3.0]], np.float32)),
    # (MindSpore 2.10's CPU ReduceAny of a non-bool tensor answers False everywhere, [[0, 0], [0, 3]] included:
    # a kernel bug, left out; the bool form with a True in one column only is compared)
    _case("any", "one_column", lambda ms, x: ms.mint.any(x, 0), np.array([[False, False], [False, True]])),
    _case("count_nonzero", "int", lambda ms, x: ms.mint.count_nonzero(x, 1), INT * (INT > 0),
          ref=_npr(lambda x: np.count_nonzero(x, 1), np.int64)),
    _case("nansum", "with_nan", lambda ms, x: ms.mint.nansum(x, 0),
          np.array([[np.nan, 1.0], [2.0, np.nan]], np.float32)),
    _case("nansum", "int", lambda ms, x: ms.mint.nansum(x), INT),
    _case("std", "correction0", lambda ms, x: ms.mint.std(x, 1, correction=0), F32(3, 4),
          ref=_npr(lambda x: _std(x, 1, correction=0))),
    _case("var", "correction2_keepdim", lambda ms, x: ms.mint.var(x, 0, correction=2, keepdim=True), F32(5, 2),
          ref=_npr(lambda x: _var(x, 0, True, 2))),
    _case("std_mean", "dim_keepdim", lambda ms, x: ms.mint.std_mean(x, 0, keepdim=True), F32(4, 3),
          ref=_npr(lambda x: (_std(x, 0, True), np.mean(x, 0, keepdims=True)))),
    _case("std_mean", "tuple_correction0", lambda ms, x: ms.mint.std_mean(x, (0, 1), correction=0), X3,
          ref=_npr(lambda x: (_std(x, (0, 1), correction=0), np.mean(x, (0, 1))))),
    _case("var_mean", "dim", lambda ms, x: ms.mint.var_mean(x, 1), F32(3, 4),
          ref=_npr(lambda x: (_var(x, 1), np.mean(x, 1)))),
    _case("var_mean", "correction0_keepdim", lambda ms, x: ms.mint.var_mean(x, -1, correction=0, keepdim=True),
          F32(3, 4), ref=_npr(lambda x: (_var(x, -1, True, 0), np.mean(x, -1, keepdims=True)))),
    _case("var_mean", "bad_dim", lambda ms, x: ms.mint.var_mean(x, 4), F32(3, 4), error=True),
    _case("logsumexp", "large", lambda ms, x: ms.mint.logsumexp(x * 100, 1), F32(2, 3),
          ref=_npr(lambda x: _lse(x * 100, 1))),
]

# scans: cumsum / cumprod / cummax / cummin
CASES += [
    _case("cumsum", "dim0", lambda ms, x: ms.mint.cumsum(x, 0), X3, ref=lambda ms, x: ms.ops.cumsum(x, 0)),
    _case("cumsum", "dim_neg", lambda ms, x: ms.mint.cumsum(x, -1), X3, ref=lambda ms, x: ms.ops.cumsum(x, -1)),
    _case("cumsum", "dtype", lambda ms, x: ms.mint.cumsum(x, 1, dtype=ms.float64), F32(2, 3),
          ref=lambda ms, x: ms.ops.cumsum(x.astype(ms.float64), 1)),
    # MindSpore's CumsumExt keeps int32 (its graph-mode infer gives Int32; torch gives int64)
    _case("cumsum", "int32", lambda ms, x: ms.mint.cumsum(x, 1), INT,
          ref=_npr(lambda x: np.cumsum(x, 1))),
    _case("cumsum", "bool", lambda ms, x: ms.mint.cumsum(x, 0), BOOL(3, 2),
          ref=_npr(lambda x: np.cumsum(x, 0), np.int64)),
    _case("cumsum", "f16", lambda ms, x: ms.mint.cumsum(x, 1), F16(2, 4), ref=lambda ms, x: ms.ops.cumsum(x, 1)),
    _case("cumsum", "grad", lambda ms, x: grad_sum(ms, lambda u: ms.mint.cumsum(u, 1), x), F32(2, 4),
          ref=lambda ms, x: grad_sum(ms, lambda u: ms.ops.cumsum(u, 1), x)),
    _case("cumsum", "bad_dim", lambda ms, x: ms.mint.cumsum(x, 2), F32(2, 3), error=True),
    _case("cumsum", "bad_list", lambda ms: ms.mint.cumsum([1.0, 2.0], 0), error=True),
    _case("cumprod", "dim0", lambda ms, x: ms.mint.cumprod(x, 0), X3),
    _case("cumprod", "dim_neg", lambda ms, x: ms.mint.cumprod(x, -1), F32(2, 3)),
    _case("cumprod", "int32", lambda ms, x: ms.mint.cumprod(x, 1), INT),
    _case("cumprod", "dtype", lambda ms, x: ms.mint.cumprod(x, 1, dtype=ms.float64), F32(2, 3)),
    _case("cumprod", "grad", lambda ms, x: grad_sum(ms, lambda u: ms.mint.cumprod(u, 1), x), F32(2, 4, low=0.5)),
    _case("cumprod", "bad_dim", lambda ms, x: ms.mint.cumprod(x, -3), F32(2, 3), error=True),
]
for _name, _npf in (("cummax", np.maximum), ("cummin", np.minimum)):
    def _scan_ref(dim, _f=_npf):
        def ref(x):
            v = _f.accumulate(x, axis=dim)
            n = x.shape[dim]
            idx = np.zeros(x.shape, np.int64)
            xm, vm = np.moveaxis(x, dim, -1), np.moveaxis(v, dim, -1)
            im = np.moveaxis(idx, dim, -1)
            for pos in np.ndindex(xm.shape[:-1]):
                best = 0
                for j in range(n):
                    if xm[pos + (j,)] == vm[pos + (j,)]:
                        best = j
                    im[pos + (j,)] = best
            return v, np.moveaxis(im, -1, dim)

        def wrap(ms, x):
            v, i = ref(x.asnumpy())
            return ms.Tensor(v), ms.Tensor(i)
        return wrap
    if _name == "cummax":   # MindSpore's CPU runs cummax itself (CumminExt is the one it lacks)
        _scan_ref = (lambda dim: None)  # noqa: E731
    CASES += [
        _case(_name, "dim1", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, 1), F32(3, 4), ref=_scan_ref(1)),
        _case(_name, "dim0_3d", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, 0), X3, ref=_scan_ref(0)),
        _case(_name, "dim_neg", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, -1), F32(2, 5), ref=_scan_ref(-1)),
        _case(_name, "int32", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, 1), INT, ref=_scan_ref(1)),
        _case(_name, "ties", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, 0),
              np.array([1.0, 1.0, 3.0, 3.0, 0.0], np.float32), ref=_scan_ref(0)),
        _case(_name, "bad_dim", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, 2), F32(2, 3), error=True),
        _case(_name, "bad_list", lambda ms, _n=_name: mint_fn(ms, _n)([1.0, 2.0], 0), error=True),
    ]

# argmax / argmin / max / min / median / norm
CASES += [
    _case("argmax", "all", lambda ms, x: ms.mint.argmax(x), X3, ref=_npr(lambda x: np.argmax(x), np.int64)),
    _case("argmax", "dim_neg", lambda ms, x: ms.mint.argmax(x, -1), X3,
          ref=_npr(lambda x: np.argmax(x, -1), np.int64)),
    _case("argmax", "int", lambda ms, x: ms.mint.argmax(x, 1), INT, ref=_npr(lambda x: np.argmax(x, 1), np.int64)),
    _case("argmax", "keepdim_kw", lambda ms, x: ms.mint.argmax(x, dim=1, keepdim=True), F32(3, 4),
          ref=_npr(lambda x: np.argmax(x, 1)[:, None], np.int64)),
    _case("argmax", "bad_dim", lambda ms, x: ms.mint.argmax(x, 2), F32(3, 4), error=True),
    _case("argmin", "all", lambda ms, x: ms.mint.argmin(x), X3, ref=_npr(lambda x: np.argmin(x), np.int64)),
    _case("argmin", "dim1", lambda ms, x: ms.mint.argmin(x, 1), X3, ref=_npr(lambda x: np.argmin(x, 1), np.int64)),
    _case("argmin", "keepdim", lambda ms, x: ms.mint.argmin(x, 0, True), F32(3, 4),
          ref=_npr(lambda x: np.argmin(x, 0)[None], np.int64)),
    _case("argmin", "int", lambda ms, x: ms.mint.argmin(x, 1), INT, ref=_npr(lambda x: np.argmin(x, 1), np.int64)),
    _case("argmin", "bad_dim", lambda ms, x: ms.mint.argmin(x, -3), F32(3, 4), error=True),
    _case("max", "dim_neg_3d", lambda ms, x: ms.mint.max(x, -1), X3),
    _case("max", "keepdim_kw", lambda ms, x: ms.mint.max(x, dim=1, keepdim=True), X3),
    _case("max", "int_all", lambda ms, x: ms.mint.max(x), INT),
    _case("max", "f16", lambda ms, x: ms.mint.max(x, 0), F16(3, 4)),
    _case("max", "broadcast_other", lambda ms, x, y: ms.mint.max(x, y), F32(2, 3), F32(3, seed=9)),
    _case("max", "grad_dim", lambda ms, x: grad_sum(ms, lambda u: ms.mint.max(u, 1)[0], x), F32(3, 4)),
    _case("max", "grad_all", lambda ms, x: grad_sum(ms, ms.mint.max, x), F32(3, 4)),
    _case("min", "keepdim", lambda ms, x: ms.mint.min(x, 1, True), X3),
    _case("min", "int_dim", lambda ms, x: ms.mint.min(x, 0), INT),
    _case("min", "bad_dim", lambda ms, x: ms.mint.min(x, 3), F32(2, 3), error=True),
    _case("min", "grad_dim", lambda ms, x: grad_sum(ms, lambda u: ms.mint.min(u, 0)[0], x), F32(3, 4)),
    _case("median", "dim_keepdim", lambda ms, x: ms.mint.median(x, 0, True), F32(5, 3),
          ref=lambda ms, x: (ms.Tensor(np.sort(x.asnumpy(), 0)[2:3]),
                             ms.Tensor(np.argsort(x.asnumpy(), 0, kind="stable")[2:3].astype(np.int64)))),
    _case("median", "even_all", lambda ms, x: ms.mint.median(x), F32(6),
          ref=lambda ms, x: ms.Tensor(np.sort(x.asnumpy())[2])),
    _case("median", "int_all", lambda ms, x: ms.mint.median(x), INT,
          ref=lambda ms, x: ms.Tensor(np.sort(x.asnumpy().ravel())[2])),
    _case("median", "bad_dim", lambda ms, x: ms.mint.median(x, 2), F32(2, 3), error=True),
    _case("norm", "p_inf", lambda ms, x: ms.mint.norm(x, float("inf")), F32(2, 3),
          ref=_npr(lambda x: np.abs(x).max())),
    _case("norm", "p3_dim_keepdim", lambda ms, x: ms.mint.norm(x, 3, dim=1, keepdim=True), F32(2, 3),
          ref=_npr(lambda x: (np.abs(x) ** 3).sum(1, keepdims=True) ** (1 / 3))),
    _case("norm", "p0", lambda ms, x: ms.mint.norm(x, 0), np.array([[0.0, 1.0], [2.0, 0.0]], np.float32),
          ref=_npr(lambda x: np.count_nonzero(x))),
    _case("norm", "dim_tuple", lambda ms, x: ms.mint.norm(x, 2, dim=(0, 2)), X3,
          ref=_npr(lambda x: np.sqrt((x * x).sum((0, 2))))),
    _case("norm", "grad", lambda ms, x: grad_sum(ms, lambda u: ms.mint.norm(u, 2, dim=1), x), F32(2, 3),
          ref=lambda ms, x: grad_sum(ms, lambda u: ms.ops.sqrt((u * u).sum(1)), x)),
    _case("norm", "bad_dim", lambda ms, x: ms.mint.norm(x, 2, dim=3), F32(2, 3), error=True),
]
CASES += [
    case("mint.sum/cov_graph_dim_keepdim", lambda ms, x: ms.mint.sum(x, (0, 2), True), X3, mode="graph"),
    case("mint.mean/cov_graph_neg", lambda ms, x: ms.mint.mean(x, -1), X3, mode="graph"),
    case("mint.prod/cov_graph", lambda ms, x: ms.mint.prod(x, 1), X3, mode="graph"),
    case("mint.amax/cov_graph", lambda ms, x: ms.mint.amax(x, (1, 2)), X3, mode="graph"),
    case("mint.amin/cov_graph", lambda ms, x: ms.mint.amin(x, 0, True), X3, mode="graph"),
    case("mint.max/cov_graph_keepdim", lambda ms, x: ms.mint.max(x, 2, True), X3, mode="graph"),
    case("mint.min/cov_graph_all", lambda ms, x: ms.mint.min(x), X3, mode="graph"),
    case("mint.cumprod/cov_graph", lambda ms, x: ms.mint.cumprod(x, 1), X3, mode="graph"),
    case("mint.all/cov_graph", lambda ms, x: ms.mint.all(x > 0, 1), X3, mode="graph"),
    case("mint.any/cov_graph", lambda ms, x: ms.mint.any(x > 1, 1), X3, mode="graph"),
    case("mint.nansum/cov_graph", lambda ms, x: ms.mint.nansum(x, 1), X3, mode="graph"),
    case("mint.count_nonzero/cov_graph", lambda ms, x: ms.mint.count_nonzero(x > 0, 2), X3, mode="graph",
         ms_ref=_npr(lambda x: np.count_nonzero(x > 0, 2), np.int64)),
]

CASES = default_run(CASES)
