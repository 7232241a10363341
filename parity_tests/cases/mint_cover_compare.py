"""mindspore.mint comparisons, closeness tests, sorting and searching: every comparison name on
float/int/bool inputs, broadcasting, Python scalars, NaN, float16, GRAPH_MODE and bad input;
isclose/allclose keywords; sort/argsort/topk/kthvalue/searchsorted/unique_consecutive forms.

Oracle: real MindSpore 2.10 CPU; where its CPU build lacks the mint kernel (``SortExt``,
``ArgSort``, ``TopkExt``, ``KthvalueExt``, ...) PyTorch is (``torch_ref``: mint is documented as
aligned with it)."""
import numpy as np

from parity_tests.harness import case, F32, F16, I32, I64, BOOL
from parity_tests.cases._mint_cover_common import mint_fn, default_run

CMP = ["eq", "ne", "not_equal", "greater", "gt", "greater_equal", "less", "lt", "less_equal", "le"]
A = np.array([[1.0, 2.0, np.nan], [-1.0, 0.5, 3.0]], np.float32)
B = np.array([[1.0, 3.0, np.nan], [-2.0, 0.5, 2.0]], np.float32)
IA = np.array([[1, 5, -3], [0, 2, 2]], np.int32)
IB = np.array([[1, 4, -3], [1, 2, 3]], np.int32)

CASES = []
for _n in CMP:
    _op = (lambda ms, a, b, _m=_n: mint_fn(ms, _m)(a, b))
    CASES += [
        case(f"mint.{_n}/cov_f32_nan", _op, A, B),
        case(f"mint.{_n}/cov_int32", _op, IA, IB),
        case(f"mint.{_n}/cov_broadcast", _op, F32(2, 1, 3, seed=61), F32(4, 1, seed=62)),
        case(f"mint.{_n}/cov_scalar", lambda ms, a, _m=_n: mint_fn(ms, _m)(a, 2), IA),
        case(f"mint.{_n}/cov_float_scalar_int_tensor", lambda ms, a, _m=_n: mint_fn(ms, _m)(a, 1.5), IA),
        case(f"mint.{_n}/cov_mixed_dtypes", _op, IA, B),
        case(f"mint.{_n}/cov_f16", _op, A.astype(np.float16), B.astype(np.float16)),
        case(f"mint.{_n}/cov_bool", _op, BOOL(2, 3, seed=63), BOOL(2, 3, seed=64)),
        case(f"mint.{_n}/cov_bad_shapes", _op, F32(2, 3), F32(3, 2), error=True),
        case(f"mint.{_n}/cov_bad_list", lambda ms, a, _m=_n: mint_fn(ms, _m)(a, [1.0, 2.0, 3.0]), A, error=True),
        case(f"mint.{_n}/cov_graph", _op, F32(2, 3, seed=65), F32(3, seed=66), mode="graph"),
    ]

CASES += [
    case("mint.isclose/cov_default", lambda ms, a, b: ms.mint.isclose(a, b), A, A + np.float32(1e-6)),
    case("mint.isclose/cov_rtol_atol", lambda ms, a, b: ms.mint.isclose(a, b, rtol=0.1, atol=0.5), A, B),
    case("mint.isclose/cov_equal_nan", lambda ms, a, b: ms.mint.isclose(a, b, equal_nan=True), A, B),
    case("mint.isclose/cov_broadcast", lambda ms, a, b: ms.mint.isclose(a, b, atol=1.0), F32(2, 3), F32(3)),
    case("mint.isclose/cov_int", lambda ms, a, b: ms.mint.isclose(a, b), IA, IB),
    case("mint.isclose/cov_inf", lambda ms, a, b: ms.mint.isclose(a, b),
         np.array([np.inf, -np.inf, np.inf, 1.0], np.float32), np.array([np.inf, np.inf, 1.0, 1.0], np.float32)),
    case("mint.isclose/cov_bad_list", lambda ms, a: ms.mint.isclose(a, [1.0, 2.0, 3.0]), F32(3), error=True),
    case("mint.allclose/cov_nan", lambda ms, a: ms.mint.allclose(a, a), A),
    case("mint.allclose/cov_nan_equal", lambda ms, a: ms.mint.allclose(a, a, equal_nan=True), A),
    case("mint.allclose/cov_atol", lambda ms, a, b: ms.mint.allclose(a, b, atol=1.5, equal_nan=True), A, B),
    case("mint.allclose/cov_int", lambda ms, a: ms.mint.allclose(a, a), IA),
    case("mint.allclose/cov_broadcast", lambda ms, a, b: ms.mint.allclose(a, b), F32(2, 3), F32(2, 3)[0]),
]

# sorting: MindSpore's CPU lacks SortExt/ArgSort/TopkExt/KthvalueExt; PyTorch is the oracle there
X = F32(3, 5, seed=67)
XT = np.array([[3.0, 1.0, 3.0, 2.0, 1.0], [0.0, 0.0, -1.0, 5.0, 5.0]], np.float32)
X3 = F32(2, 3, 4, seed=68)
SORTS = [
    ("sort", "last", lambda m, x: m.sort(x), X),
    ("sort", "dim0", lambda m, x: m.sort(x, dim=0), X),
    ("sort", "desc", lambda m, x: m.sort(x, descending=True), X),
    ("sort", "desc_dim_neg_3d", lambda m, x: m.sort(x, dim=-2, descending=True), X3),
    ("sort", "stable_ties", lambda m, x: m.sort(x, stable=True), XT),
    ("sort", "int32", lambda m, x: m.sort(x, dim=1), IA),
    ("sort", "f16", lambda m, x: m.sort(x), X.astype(np.float16)),
    ("argsort", "last", lambda m, x: m.argsort(x), X),
    ("argsort", "dim0_desc", lambda m, x: m.argsort(x, dim=0, descending=True), X),
    ("argsort", "stable_ties", lambda m, x: m.argsort(x, stable=True), XT),
    ("argsort", "3d", lambda m, x: m.argsort(x, 1), X3),
    ("argsort", "int", lambda m, x: m.argsort(x, -1), IA),
    ("topk", "k3", lambda m, x: m.topk(x, 3), X),
    ("topk", "smallest", lambda m, x: m.topk(x, 2, largest=False), X),
    ("topk", "dim0", lambda m, x: m.topk(x, 2, dim=0), X),
    ("topk", "3d_dim1", lambda m, x: m.topk(x, 1, 1), X3),
    ("topk", "int", lambda m, x: m.topk(x, 2), IA),
    ("topk", "k_full", lambda m, x: m.topk(x, 5, sorted=True), X),
    ("kthvalue", "k1", lambda m, x: m.kthvalue(x, 1), X),
    ("kthvalue", "k3_dim0", lambda m, x: m.kthvalue(x, 2, 0), X),
    ("kthvalue", "keepdim", lambda m, x: m.kthvalue(x, 4, -1, True), X),
    ("kthvalue", "3d", lambda m, x: m.kthvalue(x, 2, 2), X3),
]
for _n, _tag, _f, _x in SORTS:
    CASES.append(case(f"mint.{_n}/cov_{_tag}", lambda ms, x, _g=_f: _g(ms.mint, x), _x,
                      torch_ref=lambda torch, x, _g=_f: _g(torch, x)))

CASES += [
    case("mint.sort/cov_grad", lambda ms, x: ms.grad(lambda u: (ms.mint.sort(u)[0] * ms.mint.arange(5)).sum())(x),
         X, torch_ref=lambda torch, x: _torch_grad(torch, lambda u: (torch.sort(u)[0] * torch.arange(5)).sum(), x)),
    case("mint.topk/cov_grad", lambda ms, x: ms.grad(lambda u: ms.mint.topk(u, 2)[0].sum())(x), X,
         torch_ref=lambda torch, x: _torch_grad(torch, lambda u: torch.topk(u, 2)[0].sum(), x)),
    case("mint.kthvalue/cov_grad", lambda ms, x: ms.grad(lambda u: ms.mint.kthvalue(u, 2)[0].sum())(x), X,
         torch_ref=lambda torch, x: _torch_grad(torch, lambda u: torch.kthvalue(u, 2)[0].sum(), x)),
    case("mint.sort/cov_bad_dim", lambda ms, x: ms.mint.sort(x, dim=2), X, error=True),
    case("mint.sort/cov_bad_list", lambda ms: ms.mint.sort([3.0, 1.0]), error=True),
    case("mint.argsort/cov_bad_dim", lambda ms, x: ms.mint.argsort(x, 3), X, error=True, ms_error="ValueError",
         torch_ref=lambda torch, x: torch.argsort(x, 3)),
    case("mint.topk/cov_bad_k_float", lambda ms, x: ms.mint.topk(x, 1.5), X, error=True),
    case("mint.topk/cov_bad_list", lambda ms: ms.mint.topk([1.0, 2.0], 1), error=True),
    case("mint.kthvalue/cov_bad_k_float", lambda ms, x: ms.mint.kthvalue(x, 1.5), X, error=True),
    case("mint.kthvalue/cov_bad_list", lambda ms: ms.mint.kthvalue([1.0, 2.0], 1), error=True),
]


def _torch_grad(torch, f, x):
    x = x.detach().clone().requires_grad_(True)
    f(x).backward()
    return x.grad


# searchsorted
SEQ = np.array([1.0, 3.0, 5.0, 7.0, 9.0], np.float32)
VAL = np.array([[3.0, 6.0, 9.0], [0.0, 10.0, 5.0]], np.float32)
SEQ2 = np.array([[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]], np.float32)
CASES += [
    case("mint.searchsorted/cov_left", lambda ms, s, v: ms.mint.searchsorted(s, v), SEQ, VAL),
    case("mint.searchsorted/cov_right", lambda ms, s, v: ms.mint.searchsorted(s, v, right=True), SEQ, VAL),
    case("mint.searchsorted/cov_side", lambda ms, s, v: ms.mint.searchsorted(s, v, side="right"), SEQ, VAL),
    # (out_int32=True and sorter= are left out: MindSpore 2.10's CPU SearchSorted kernel rejects both, "the
    # dimension of `v` and output must be equal" / "CPU Device is not supported sorter param")
    case("mint.searchsorted/cov_batched", lambda ms, s, v: ms.mint.searchsorted(s, v), SEQ2,
         np.array([[2.0, 5.0], [1.0, 7.0]], np.float32)),
    case("mint.searchsorted/cov_int", lambda ms, s, v: ms.mint.searchsorted(s, v), np.array([1, 3, 5], np.int32),
         np.array([0, 3, 6], np.int32)),
    case("mint.searchsorted/cov_scalar_value", lambda ms, s: ms.mint.searchsorted(s, 4.0), SEQ),
    case("mint.searchsorted/cov_bad_batch", lambda ms, s, v: ms.mint.searchsorted(s, v), SEQ2,
         np.zeros((3, 2), np.float32), error=True),
    case("mint.searchsorted/cov_side_over_right", lambda ms, s, v: ms.mint.searchsorted(s, v, right=False,
                                                                                          side="right"), SEQ, VAL),
]

# unique_consecutive
U = np.array([1, 1, 2, 2, 3, 1, 1, 2], np.int64)
U2 = np.array([[1, 1, 2], [1, 1, 2], [3, 3, 3]], np.int32)
UC = [
    ("plain", lambda m, x: m.unique_consecutive(x), U),
    ("inverse", lambda m, x: m.unique_consecutive(x, return_inverse=True), U),
    ("counts", lambda m, x: m.unique_consecutive(x, return_counts=True), U),
    ("both", lambda m, x: m.unique_consecutive(x, True, True), U),
    ("dim0", lambda m, x: m.unique_consecutive(x, dim=0), U2),
    ("dim1_counts", lambda m, x: m.unique_consecutive(x, return_counts=True, dim=1), U2),
    ("float", lambda m, x: m.unique_consecutive(x), np.array([1.5, 1.5, -2.0, 1.5], np.float32)),
]
for _tag, _f, _x in UC:
    CASES.append(case(f"mint.unique_consecutive/cov_{_tag}", lambda ms, x, _g=_f: _g(ms.mint, x), _x))
CASES += [
    case("mint.unique_consecutive/cov_bad_dim", lambda ms, x: ms.mint.unique_consecutive(x, dim=2), U2, error=True),
    case("mint.unique_consecutive/cov_bad_list", lambda ms: ms.mint.unique_consecutive([1, 1, 2]), error=True),
]

CASES = default_run(CASES)
