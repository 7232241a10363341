"""mindspore.mint reductions and scans: whole-tensor, ``dim``, negative ``dim``, ``keepdim``,
tuple ``dim``, float16 and integer inputs, ``dtype=``, gradients, GRAPH_MODE, and bad input
(out-of-range ``dim``, non-Tensor input).

Oracles: real MindSpore 2.10 CPU where its build runs the mint op (``sum``, ``mean``, ``prod``,
``amax``/``amin``, ``all``/``any``, ``nansum``, ``cumprod``, ``cummax``, ``max``/``min``), and for every
bad-input case (MindSpore raises while checking arguments and shapes, before it selects a kernel;
MindSpore 2.10's ``mint.nansum`` takes ``dim``/``keepdim`` positionally only, its keyword forms are a
TypeError). Where its CPU build lacks the mint kernel (``Std``, ``Var``, ``StdMean``, ``VarMean``,
``LogSumExp``, ``CountNonZero``, ``CumsumExt``, ``CumminExt``, ``ArgMaxExt``, ``ArgMinExt``,
``Median*``, ``Norm``), PyTorch is the oracle (``torch_ref``: the same call on ``torch``, ``_op``):
values, dtypes and gradients (``grad_sum``). Known differences are written into the ``torch_ref``
with the reason (``mint.cumsum`` of int32 keeps int32)."""
import numpy as np

from parity_tests.harness import case, F32, F16, I32, I64, BOOL
from parity_tests.cases._mint_cover_common import mint_fn, grad_sum, default_run


def _op(m, name):
    """``mint.<name>`` of MindSpore/mscompat, or ``torch.<name>``."""
    return mint_fn(m, name) if hasattr(m, "mint") else getattr(m, name)


# name -> (PyTorch the oracle: MindSpore's CPU lacks the kernel, ``dim`` may be a tuple)
REDUCE = {
    "sum": (False, True), "mean": (False, True), "prod": (False, False), "amax": (False, True),
    "amin": (False, True), "nansum": (False, True), "logsumexp": (True, True), "std": (True, True),
    "var": (True, True), "count_nonzero": (True, True), "all": (False, True), "any": (False, False),
}


def _case(name, tag, fn, *inputs, torch=False, **kw):
    """``mint.<name>/cov_<tag>``; ``torch=True``: PyTorch runs the same lambda body (``torch_ref=fn``)."""
    return case(f"mint.{name}/cov_{tag}", fn, *inputs, **({"torch_ref": fn} if torch else {}), **kw)


CASES = []
X3 = F32(2, 3, 4, seed=51)
for _name, (_torch, _tuple) in REDUCE.items():
    _x = BOOL(2, 3, 4, seed=52) if _name in ("all", "any") else X3
    # mint.count_nonzero has no ``keepdim`` (a TypeError on MindSpore, as on PyTorch); MindSpore 2.10's
    # mint.nansum rejects the ``dim=``/``keepdim=`` keywords (TypeError): MindSpore is their oracle
    _kw_torch = _torch and _name != "count_nonzero"
    if _name != "logsumexp":   # (logsumexp's dim is required)
        CASES.append(_case(_name, "all", lambda m, x, _n=_name: _op(m, _n)(x), _x, torch=_torch))
    CASES += [
        _case(_name, "dim1", lambda m, x, _n=_name: _op(m, _n)(x, 1), _x, torch=_torch),
        _case(_name, "dim_neg_keepdim", lambda m, x, _n=_name: _op(m, _n)(x, -1, keepdim=True), _x, torch=_kw_torch),
        _case(_name, "dim_kw", lambda m, x, _n=_name: _op(m, _n)(x, dim=0), _x, torch=_torch),
        _case(_name, "bad_dim", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, 3), _x, error=True),
        _case(_name, "bad_list", lambda ms, _n=_name: mint_fn(ms, _n)([1.0, 2.0], 0), error=True),
    ]
    if _tuple:
        CASES.append(_case(_name, "dim_tuple", lambda m, x, _n=_name: _op(m, _n)(x, (0, 2)), _x, torch=_torch))
        CASES.append(_case(_name, "dim_tuple_keepdim", lambda m, x, _n=_name: _op(m, _n)(x, (-1, 0), keepdim=True),
                           _x, torch=_kw_torch))
    if _name not in ("all", "any", "count_nonzero"):
        CASES.append(_case(_name, "f16", lambda m, x, _n=_name: _op(m, _n)(x, 1), X3.astype(np.float16),
                           torch=_torch, **({"rtol": 4e-3, "atol": 4e-3} if _name in ("std", "var") else {})))
        CASES.append(_case(_name, "grad", lambda m, x, _n=_name: grad_sum(m, lambda u: _op(m, _n)(u, 1), x),
                           F32(3, 4, seed=53), torch=_torch))
CASES += [
    _case("nansum", "dim_positional_keepdim", lambda ms, x: ms.mint.nansum(x, -1, True), X3),
    _case("nansum", "dim_tuple_positional_keepdim", lambda ms, x: ms.mint.nansum(x, (0, 1), True), X3),
]

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
    _case("count_nonzero", "int", lambda m, x: _op(m, "count_nonzero")(x, 1), INT * (INT > 0), torch=True),
    _case("nansum", "with_nan", lambda ms, x: ms.mint.nansum(x, 0),
          np.array([[np.nan, 1.0], [2.0, np.nan]], np.float32)),
    _case("nansum", "int", lambda ms, x: ms.mint.nansum(x), INT),
    _case("std", "correction0", lambda m, x: _op(m, "std")(x, 1, correction=0), F32(3, 4), torch=True),
    _case("var", "correction2_keepdim", lambda m, x: _op(m, "var")(x, 0, correction=2, keepdim=True), F32(5, 2),
          torch=True),
    _case("std_mean", "dim_keepdim", lambda m, x: _op(m, "std_mean")(x, 0, keepdim=True), F32(4, 3), torch=True),
    _case("std_mean", "tuple_correction0", lambda m, x: _op(m, "std_mean")(x, (0, 1), correction=0), X3,
          torch=True),
    _case("var_mean", "dim", lambda m, x: _op(m, "var_mean")(x, 1), F32(3, 4), torch=True),
    _case("var_mean", "correction0_keepdim", lambda m, x: _op(m, "var_mean")(x, -1, correction=0, keepdim=True),
          F32(3, 4), torch=True),
    _case("var_mean", "bad_dim", lambda ms, x: ms.mint.var_mean(x, 4), F32(3, 4), error=True),
    _case("logsumexp", "large", lambda m, x: _op(m, "logsumexp")(x * 100, 1), F32(2, 3), torch=True),
]

# scans: cumsum / cumprod / cummax / cummin
CASES += [
    _case("cumsum", "dim0", lambda m, x: _op(m, "cumsum")(x, 0), X3, torch=True),
    _case("cumsum", "dim_neg", lambda m, x: _op(m, "cumsum")(x, -1), X3, torch=True),
    _case("cumsum", "dtype", lambda m, x: _op(m, "cumsum")(x, 1, dtype=m.float64), F32(2, 3), torch=True),
    # MindSpore's CumsumExt keeps int32 (its graph-mode infer gives Int32; torch gives int64)
    case("mint.cumsum/cov_int32", lambda ms, x: ms.mint.cumsum(x, 1), INT,
         torch_ref=lambda torch, x: torch.cumsum(x, 1).to(torch.int32)),
    _case("cumsum", "bool", lambda m, x: _op(m, "cumsum")(x, 0), BOOL(3, 2), torch=True),
    _case("cumsum", "f16", lambda m, x: _op(m, "cumsum")(x, 1), F16(2, 4), torch=True),
    _case("cumsum", "grad", lambda m, x: grad_sum(m, lambda u: _op(m, "cumsum")(u, 1), x), F32(2, 4), torch=True),
    _case("cumsum", "bad_dim", lambda ms, x: ms.mint.cumsum(x, 2), F32(2, 3), error=True),
    _case("cumsum", "bad_list", lambda ms: ms.mint.cumsum([1.0, 2.0], 0), error=True),
    _case("cumprod", "dim0", lambda ms, x: ms.mint.cumprod(x, 0), X3),
    _case("cumprod", "dim_neg", lambda ms, x: ms.mint.cumprod(x, -1), F32(2, 3)),
    _case("cumprod", "int32", lambda ms, x: ms.mint.cumprod(x, 1), INT),
    _case("cumprod", "dtype", lambda ms, x: ms.mint.cumprod(x, 1, dtype=ms.float64), F32(2, 3)),
    _case("cumprod", "grad", lambda ms, x: grad_sum(ms, lambda u: ms.mint.cumprod(u, 1), x), F32(2, 4, low=0.5)),
    _case("cumprod", "bad_dim", lambda ms, x: ms.mint.cumprod(x, -3), F32(2, 3), error=True),
]
for _name in ("cummax", "cummin"):
    _t = _name == "cummin"   # MindSpore's CPU runs cummax itself (CumminExt is the one it lacks)
    CASES += [
        _case(_name, "dim1", lambda m, x, _n=_name: tuple(_op(m, _n)(x, 1)), F32(3, 4), torch=_t),
        _case(_name, "dim0_3d", lambda m, x, _n=_name: tuple(_op(m, _n)(x, 0)), X3, torch=_t),
        _case(_name, "dim_neg", lambda m, x, _n=_name: tuple(_op(m, _n)(x, -1)), F32(2, 5), torch=_t),
        _case(_name, "int32", lambda m, x, _n=_name: tuple(_op(m, _n)(x, 1)), INT, torch=_t),
        _case(_name, "ties", lambda m, x, _n=_name: tuple(_op(m, _n)(x, 0)),
              np.array([1.0, 1.0, 3.0, 3.0, 0.0], np.float32), torch=_t),
        _case(_name, "bad_dim", lambda ms, x, _n=_name: mint_fn(ms, _n)(x, 2), F32(2, 3), error=True),
        _case(_name, "bad_list", lambda ms, _n=_name: mint_fn(ms, _n)([1.0, 2.0], 0), error=True),
    ]
CASES.append(_case("cummin", "grad", lambda m, x: grad_sum(m, lambda u: _op(m, "cummin")(u, 1)[0], x), F32(3, 4),
                   torch=True))

# argmax / argmin / max / min / median / norm
CASES += [
    _case("argmax", "all", lambda m, x: _op(m, "argmax")(x), X3, torch=True),
    _case("argmax", "dim_neg", lambda m, x: _op(m, "argmax")(x, -1), X3, torch=True),
    _case("argmax", "int", lambda m, x: _op(m, "argmax")(x, 1), INT, torch=True),
    _case("argmax", "keepdim_kw", lambda m, x: _op(m, "argmax")(x, dim=1, keepdim=True), F32(3, 4), torch=True),
    _case("argmax", "bad_dim", lambda ms, x: ms.mint.argmax(x, 2), F32(3, 4), error=True),
    _case("argmin", "all", lambda m, x: _op(m, "argmin")(x), X3, torch=True),
    _case("argmin", "dim1", lambda m, x: _op(m, "argmin")(x, 1), X3, torch=True),
    _case("argmin", "keepdim", lambda m, x: _op(m, "argmin")(x, 0, True), F32(3, 4), torch=True),
    _case("argmin", "int", lambda m, x: _op(m, "argmin")(x, 1), INT, torch=True),
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
    _case("median", "dim_keepdim", lambda m, x: tuple(_op(m, "median")(x, 0, True)), F32(5, 3), torch=True),
    _case("median", "even_all", lambda m, x: _op(m, "median")(x), F32(6), torch=True),
    _case("median", "int_all", lambda m, x: _op(m, "median")(x), INT, torch=True),
    _case("median", "grad_dim", lambda m, x: grad_sum(m, lambda u: _op(m, "median")(u, 1)[0], x), F32(3, 5),
          torch=True),
    _case("median", "bad_dim", lambda ms, x: ms.mint.median(x, 2), F32(2, 3), error=True),
    _case("norm", "p_inf", lambda m, x: _op(m, "norm")(x, float("inf")), F32(2, 3), torch=True),
    _case("norm", "p3_dim_keepdim", lambda m, x: _op(m, "norm")(x, 3, dim=1, keepdim=True), F32(2, 3), torch=True),
    _case("norm", "p0", lambda m, x: _op(m, "norm")(x, 0), np.array([[0.0, 1.0], [2.0, 0.0]], np.float32),
          torch=True),
    _case("norm", "dim_tuple", lambda m, x: _op(m, "norm")(x, 2, dim=(0, 2)), X3, torch=True),
    _case("norm", "fro_default", lambda m, x: _op(m, "norm")(x), X3, torch=True),
    _case("norm", "grad", lambda m, x: grad_sum(m, lambda u: _op(m, "norm")(u, 2, dim=1), x), F32(2, 3),
          torch=True),
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
    case("mint.count_nonzero/cov_graph", lambda m, x: _op(m, "count_nonzero")(x > 0, 2), X3, mode="graph",
         torch_ref=lambda m, x: _op(m, "count_nonzero")(x > 0, 2)),
]

CASES = default_run(CASES)
