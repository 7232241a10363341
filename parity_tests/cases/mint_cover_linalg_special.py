"""mindspore.mint matrix products, ``mint.linalg`` and ``mint.special``: values on 2-D and batched
shapes, broadcasting, ``beta``/``alpha`` keywords, integer and float16 inputs, gradients,
GRAPH_MODE and bad input (mismatched shapes, wrong ranks, non-Tensors).

Each spec's function takes the namespace first (``ms.mint`` or ``torch``). Oracle: real MindSpore
2.10 CPU; where its CPU build lacks the mint kernel (``Mm``, ``Outer``, ``Dot``, ``Addmv``,
``LinalgQr``, ``LinalgVectorNorm``, ``Exp2``, ...) PyTorch is (``torch_ref``): mint is documented as
aligned with it."""
import sys

import numpy as np

from parity_tests.cases._mint_cover_common import default_run
from parity_tests.harness import case, F32, F16, I32, I64
from parity_tests.torch_oracle import torch_grad

A = F32(2, 3, seed=81)
B = F32(3, 4, seed=82)
BA = F32(2, 2, 3, seed=83)
BB = F32(2, 3, 2, seed=84)
V3 = F32(3, seed=85)
V4 = F32(4, seed=86)
SPD = (F32(3, 3, low=0.0, high=0.5, seed=87) + 2 * np.eye(3, dtype=np.float32)).astype(np.float32)
SQ = F32(3, 3, seed=88)


def _la(m):
    return m.linalg


def _sp(m):
    return m.special


def _f64(m):
    """float64 of torch, or of the framework whose ``mint`` namespace ``m`` is."""
    return getattr(m, "float64", None) or sys.modules[m.__name__.split(".")[0]].float64


# (name, tag, f(m, *inputs), inputs, via, tolerance): via "ms" (MindSpore runs it) or "torch"
SPECS = [
    ("matmul", "vec_mat", lambda m, a, b: m.matmul(a, b), (V3, B), "ms"),
    ("matmul", "mat_vec", lambda m, a, b: m.matmul(a, b), (A, V3), "ms"),
    ("matmul", "vec_vec", lambda m, a, b: m.matmul(a, b), (V3, V3 * 2), "ms"),
    ("matmul", "broadcast_batch", lambda m, a, b: m.matmul(a, b), (F32(2, 1, 2, 3), F32(3, 3, 2)), "ms"),
    ("matmul", "int", lambda m, a, b: m.matmul(a, b), (I32(2, 3), I32(3, 2)), "ms"),
    ("matmul", "f16", lambda m, a, b: m.matmul(a, b), (A.astype(np.float16), B.astype(np.float16)), "ms"),
    ("bmm", "f16", lambda m, a, b: m.bmm(a, b), (BA.astype(np.float16), BB.astype(np.float16)), "ms"),
    ("bmm", "batch3", lambda m, a, b: m.bmm(a, b), (F32(3, 1, 2), F32(3, 2, 4)), "ms"),
    ("mm", "rect", lambda m, a, b: m.mm(a, b), (A, B), "torch"),
    ("mm", "int", lambda m, a, b: m.mm(a, b), (I32(2, 2), I32(2, 3)), "torch"),
    ("mv", "basic", lambda m, a, v: m.mv(a, v), (A, V3), "torch"),
    ("mv", "square", lambda m, a, v: m.mv(a, v), (SQ, V3), "torch"),
    ("dot", "basic", lambda m, a, b: m.dot(a, b), (V3, V3 * 3), "torch"),
    ("dot", "int", lambda m, a, b: m.dot(a, b), (I32(4), I32(4, seed=3)), "torch"),
    ("vdot", "basic", lambda m, a, b: m.vdot(a, b), (V4, V4 + 1), "torch"),
    ("outer", "basic", lambda m, a, b: m.outer(a, b), (V3, V4), "torch"),
    ("outer", "int", lambda m, a, b: m.outer(a, b), (I32(2), I32(3)), "torch"),
    ("addmm", "default", lambda m, c, a, b: m.addmm(c, a, b), (F32(2, 4), A, B), "torch"),
    ("addmm", "broadcast_input", lambda m, c, a, b: m.addmm(c, a, b, beta=2, alpha=0.5), (F32(4), A, B), "torch"),
    ("addmm", "beta0", lambda m, c, a, b: m.addmm(c, a, b, beta=0), (F32(2, 4), A, B), "torch"),
    ("addmv", "default", lambda m, c, a, v: m.addmv(c, a, v), (F32(2), A, V3), "torch"),
    ("addmv", "beta_alpha", lambda m, c, a, v: m.addmv(c, a, v, beta=0.5, alpha=3), (F32(2), A, V3), "torch"),
    ("addbmm", "default", lambda m, c, a, b: m.addbmm(c, a, b), (F32(2, 2), BA, BB), "torch"),
    ("addbmm", "beta_alpha", lambda m, c, a, b: m.addbmm(c, a, b, beta=2, alpha=0.5), (F32(2, 2), BA, BB), "torch"),
    ("baddbmm", "default", lambda m, c, a, b: m.baddbmm(c, a, b), (F32(2, 2, 2), BA, BB), "torch"),
    ("baddbmm", "beta_alpha", lambda m, c, a, b: m.baddbmm(c, a, b, beta=0.5, alpha=2), (F32(2, 2, 2), BA, BB),
     "torch"),
    ("baddbmm", "broadcast_input", lambda m, c, a, b: m.baddbmm(c, a, b), (F32(2), BA, BB), "torch"),
    ("einsum", "matmul", lambda m, a, b: m.einsum("ij,jk->ik", a, b), (A, B), "torch"),
    ("einsum", "trace", lambda m, a: m.einsum("ii", a), (SQ,), "torch"),
    ("einsum", "batch_outer", lambda m, a, b: m.einsum("bi,bj->bij", a, b), (A, F32(2, 2)), "torch"),
    ("einsum", "sum_axis", lambda m, a: m.einsum("ijk->j", a), (BA,), "torch"),
    ("cross", "default_dim", lambda m, a, b: m.cross(a, b), (F32(4, 3), F32(4, 3, seed=2)), "ms"),
    ("cross", "dim0", lambda m, a, b: m.cross(a, b, dim=0), (F32(3, 2), F32(3, 2, seed=2)), "ms"),
    ("cross", "int", lambda m, a, b: m.cross(a, b), (I32(2, 3), I32(2, 3, seed=2)), "ms"),
    ("cdist", "p1", lambda m, a, b: m.cdist(a, b, p=1.0), (F32(3, 2), F32(4, 2)), "ms"),
    ("cdist", "batched", lambda m, a, b: m.cdist(a, b), (F32(2, 3, 4), F32(2, 5, 4)), "ms"),
    ("cdist", "p_inf", lambda m, a, b: m.cdist(a, b, p=float("inf")), (F32(3, 2), F32(2, 2)), "ms"),
    ("cdist", "p0", lambda m, a, b: m.cdist(a, b, p=0.0), (np.round(F32(3, 2)), np.round(F32(2, 2))), "ms"),
    ("inverse", "spd", lambda m, a: m.inverse(a), (SPD,), "torch"),
    ("inverse", "batched", lambda m, a: m.inverse(a), (np.stack([SPD, SPD * 2]),), "torch"),
    ("triangular_solve", "lower", lambda m, b, a: m.triangular_solve(b, a, upper=False)[0],
     (F32(3, 2), np.tril(SPD)), "torch"),
    ("triangular_solve", "transpose", lambda m, b, a: m.triangular_solve(b, a, transpose=True)[0],
     (F32(3, 2), np.triu(SPD)), "torch"),
    ("triangular_solve", "unitriangular", lambda m, b, a: m.triangular_solve(b, a, unitriangular=True)[0],
     (F32(3, 2), np.triu(SPD)), "torch"),
    # mint.linalg
    ("linalg.vector_norm", "all", lambda m, x: _la(m).vector_norm(x), (A,), "torch"),
    ("linalg.vector_norm", "ord1_keepdim", lambda m, x: _la(m).vector_norm(x, 1, -1, True), (A,), "torch"),
    ("linalg.vector_norm", "ord_inf", lambda m, x: _la(m).vector_norm(x, float("inf"), 0), (A,), "torch"),
    ("linalg.vector_norm", "ord0", lambda m, x: _la(m).vector_norm(x, 0), (np.round(A),), "torch"),
    ("linalg.vector_norm", "dims_tuple", lambda m, x: _la(m).vector_norm(x, 3, (0, 2)), (BA,), "torch"),
    ("linalg.vector_norm", "dtype", lambda m, x: _la(m).vector_norm(x, dtype=_f64(m)), (A,), "torch"),
    ("linalg.matrix_norm", "fro_keepdim", lambda m, x: _la(m).matrix_norm(x, keepdim=True), (BA,), "torch"),
    ("linalg.matrix_norm", "ord1", lambda m, x: _la(m).matrix_norm(x, 1), (SQ,), "torch"),
    ("linalg.matrix_norm", "ord_inf", lambda m, x: _la(m).matrix_norm(x, float("inf")), (BA,), "torch"),
    ("linalg.matrix_norm", "nuc", lambda m, x: _la(m).matrix_norm(x, "nuc"), (SQ,), "ms"),
    ("linalg.matrix_norm", "ord2", lambda m, x: _la(m).matrix_norm(x, 2), (SQ,), "ms"),
    ("linalg.matrix_norm", "ord_neg1_dims", lambda m, x: _la(m).matrix_norm(x, -1, (0, 2)), (BA,), "torch"),
    ("linalg.norm", "vector_default", lambda m, x: _la(m).norm(x), (V4,), "torch"),
    ("linalg.norm", "matrix_default", lambda m, x: _la(m).norm(x), (A,), "torch"),
    ("linalg.norm", "ord_fro", lambda m, x: _la(m).norm(x, "fro"), (A,), "torch"),
    ("linalg.norm", "vector_ord3", lambda m, x: _la(m).norm(x, 3, dim=1), (A,), "torch"),
    ("linalg.norm", "matrix_ord1", lambda m, x: _la(m).norm(x, 1, dim=(0, 1)), (A,), "torch"),
    ("linalg.norm", "keepdim", lambda m, x: _la(m).norm(x, dim=-1, keepdim=True), (BA,), "torch"),
    ("linalg.inv", "batched", lambda m, x: _la(m).inv(x), (np.stack([SPD, SPD + np.eye(3, dtype=np.float32)]),),
     "torch"),
    ("linalg.qr", "reduced_r", lambda m, x: m.abs(_la(m).qr(x)[1]), (F32(4, 3),), "torch"),
    ("linalg.qr", "reconstruct", lambda m, x: (lambda q, r: m.matmul(q, r))(*_la(m).qr(x)), (F32(3, 3),), "torch"),
    ("linalg.qr", "complete_shapes", lambda m, x: tuple(t.shape for t in _la(m).qr(x, mode="complete")),
     (F32(4, 2),), "torch"),
    ("linalg.qr", "r_mode", lambda m, x: m.abs(_la(m).qr(x, mode="r")[1]), (F32(3, 2),), "torch"),
    ("linalg.qr", "orthonormal_q", lambda m, x: (lambda q: m.matmul(m.swapaxes(q, -1, -2), q))(_la(m).qr(x)[0]),
     (F32(2, 4, 3),), "torch"),
    # mint.special
    ("special.erfc", "f32", lambda m, x: _sp(m).erfc(x), (A,), "ms"),
    ("special.erfc", "f16", lambda m, x: _sp(m).erfc(x), (A.astype(np.float16),), "ms"),
    ("special.expm1", "3d", lambda m, x: _sp(m).expm1(x), (BA,), "ms"),
    ("special.exp2", "f32", lambda m, x: _sp(m).exp2(x), (A,), "torch"),
    ("special.exp2", "int", lambda m, x: _sp(m).exp2(x), (I32(4),), "torch"),
    ("vdot", "2x", lambda m, a, b: m.vdot(a, b), (V3, V3 * 2), "torch"),
    ("special.log1p", "f32", lambda m, x: _sp(m).log1p(x), (F32(2, 3, low=-0.5, high=3.0),), "ms"),
    ("special.log1p", "f16", lambda m, x: _sp(m).log1p(x), (F16(4, low=0.0, high=2.0),), "ms"),
    ("special.sinc", "f32", lambda m, x: _sp(m).sinc(x), (np.array([0.0, 0.5, -1.5, 2.0], np.float32),), "ms"),
    ("special.sinc", "int", lambda m, x: _sp(m).sinc(x), (I32(4),), "ms"),
    ("special.round", "halves", lambda m, x: _sp(m).round(x), (np.array([0.5, 1.5, 2.5, -0.5], np.float32),), "ms"),
    ("special.round", "f16", lambda m, x: _sp(m).round(x), (A.astype(np.float16),), "ms"),
    ("special.log_softmax", "dim0", lambda m, x: _sp(m).log_softmax(x, 0), (A,), "torch"),
    ("special.log_softmax", "3d_neg", lambda m, x: _sp(m).log_softmax(x, -1), (BA,), "torch"),
    ("special.log_softmax", "dtype", lambda m, x: _sp(m).log_softmax(x, 1, dtype=_f64(m)), (A,), "torch"),
]
GRADS = [
    ("matmul", lambda m, a: m.matmul(a, m.ones((3, 2))), A, "ms"),
    ("bmm", lambda m, a: m.bmm(a, m.swapaxes(a, 1, 2)), BA, "ms"),
    ("mm", lambda m, a: m.mm(a, m.t(a)), A, "torch"),
    ("mv", lambda m, a: m.mv(a, a[0]), SQ, "torch"),
    ("dot", lambda m, a: m.dot(a, a * 2), V3, "torch"),
    ("outer", lambda m, a: m.outer(a, a), V3, "torch"),
    ("addmm", lambda m, a: m.addmm(a, a, a, beta=0.5, alpha=2), SQ, "torch"),
    ("baddbmm", lambda m, a: m.baddbmm(a, a, a, alpha=0.5), F32(2, 2, 2), "torch"),
    ("einsum", lambda m, a: m.einsum("ij,kj->ik", a, a), A, "torch"),
    ("cross", lambda m, a: m.cross(a, a * a), F32(2, 3), "ms"),
    ("cdist", lambda m, a: m.cdist(a, a + 1), F32(3, 2), "ms"),
    ("inverse", lambda m, a: m.inverse(a), SPD, "torch"),
    ("linalg.vector_norm", lambda m, a: _la(m).vector_norm(a, 2, 1), A, "torch"),
    ("linalg.matrix_norm", lambda m, a: _la(m).matrix_norm(a), BA, "torch"),
    ("linalg.inv", lambda m, a: _la(m).inv(a), SPD, "torch"),
    ("special.erfc", lambda m, a: _sp(m).erfc(a), A, "ms"),
    ("special.expm1", lambda m, a: _sp(m).expm1(a), A, "ms"),
    ("special.exp2", lambda m, a: _sp(m).exp2(a), A, "torch"),
    ("special.log1p", lambda m, a: _sp(m).log1p(a), F32(2, 3, low=0.0, high=2.0), "ms"),
    ("special.sinc", lambda m, a: _sp(m).sinc(a), A, "ms"),
    ("special.log_softmax", lambda m, a: _sp(m).log_softmax(a, 1), A, "torch"),
]
# where MindSpore's CPU and XLA/LAPACK order the float32 sums of a factorization differently
TOL = {"inverse": 1e-4, "linalg.inv": 1e-4, "triangular_solve": 1e-4, "linalg.qr": 1e-5, "linalg.matrix_norm": 1e-5}

CASES = []
for _n, _tag, _f, _in, _via in SPECS:
    _tol = TOL.get(_n)
    _kw = {"rtol": _tol, "atol": _tol} if _tol else {}
    if _via == "torch":
        _kw["torch_ref"] = (lambda torch, *a, _g=_f: _g(torch, *a))
    CASES.append(case(f"mint.{_n}/cov_{_tag}", lambda ms, *a, _g=_f: _g(ms.mint, *a), *_in, **_kw))
for _n, _f, _x, _via in GRADS:
    _tol = TOL.get(_n)
    _kw = {"rtol": _tol, "atol": _tol} if _tol else {}
    if _via == "torch":
        _kw["torch_ref"] = (lambda torch, x, _g=_f: torch_grad(lambda u: (_g(torch, u) ** 2).sum())(x))
    CASES.append(case(f"mint.{_n}/cov_grad", lambda ms, x, _g=_f: ms.grad(lambda u: (_g(ms.mint, u) ** 2).sum())(x),
                      _x, **_kw))

BAD = [
    ("matmul", "shapes", lambda ms, a: ms.mint.matmul(a, a), (A,)),
    ("matmul", "scalar", lambda ms, a: ms.mint.matmul(a, 2.0), (A,)),
    ("bmm", "rank", lambda ms, a, b: ms.mint.bmm(a, b), (A, B)),
    ("bmm", "batch", lambda ms, a, b: ms.mint.bmm(a, b), (BA, F32(3, 3, 2))),
    ("bmm", "inner", lambda ms, a: ms.mint.bmm(a, a), (BA,)),
    ("mm", "not_tensor", lambda ms, a: ms.mint.mm(a, [[1.0]]), (A,)),
    ("cross", "no_dim3", lambda ms, a: ms.mint.cross(a, a), (F32(2, 2),)),
    ("cross", "shapes", lambda ms, a, b: ms.mint.cross(a, b), (F32(2, 3), F32(3, 2))),
    ("special.erfc", "not_tensor", lambda ms: ms.mint.special.erfc([0.5]), ()),
    ("special.expm1", "not_tensor", lambda ms: ms.mint.special.expm1(1.0), ()),
    ("special.log1p", "not_tensor", lambda ms: ms.mint.special.log1p([1.0]), ()),
    ("special.sinc", "not_tensor", lambda ms: ms.mint.special.sinc((1.0,)), ()),
    ("special.round", "not_tensor", lambda ms: ms.mint.special.round([1.5]), ()),
    ("linalg.inv", "f64", lambda ms, x: ms.mint.linalg.inv(x), (SPD.astype(np.float64),)),
]
for _n, _tag, _f, _in in BAD:
    CASES.append(case(f"mint.{_n}/cov_bad_{_tag}", _f, *_in, error=True))

# PyTorch-checked bad input (MindSpore's CPU stops at the missing kernel first): the documented class
TBAD = [
    ("mm", "shapes", lambda m, a: m.mm(a, a), (A,), "ValueError"),
    ("mm", "rank", lambda m, a, b: m.mm(a, b), (BA, B), "ValueError"),
    ("mv", "shapes", lambda m, a, v: m.mv(a, v), (A, V4), "ValueError"),
    ("dot", "shapes", lambda m, a, b: m.dot(a, b), (V3, V4), "ValueError"),
    ("outer", "rank", lambda m, a, b: m.outer(a, b), (A, V3), "ValueError"),
    ("linalg.inv", "not_square", lambda m, a: _la(m).inv(a), (A,), "ValueError"),
    ("linalg.qr", "bad_mode", lambda m, a: _la(m).qr(a, mode="x"), (A,), "ValueError"),
    ("linalg.vector_norm", "bad_dim", lambda m, a: _la(m).vector_norm(a, 2, 2), (A,), "ValueError"),
    ("linalg.matrix_norm", "rank1", lambda m, a: _la(m).matrix_norm(a), (V3,), "ValueError"),
    ("baddbmm", "shapes", lambda m, c, a: m.baddbmm(c, a, a), (F32(2, 2, 2), BA), "RuntimeError"),
]
for _n, _tag, _f, _in, _cls in TBAD:
    CASES.append(case(f"mint.{_n}/cov_bad_{_tag}", lambda ms, *a, _g=_f: _g(ms.mint, *a), *_in, error=True,
                      ms_error=_cls, torch_ref=lambda torch, *a, _g=_f: _g(torch, *a)))

GRAPH = [
    ("matmul", lambda m, a, b: m.matmul(a, b), (A, B)),
    ("bmm", lambda m, a, b: m.bmm(a, b), (BA, BB)),
    ("cross", lambda m, a, b: m.cross(a, b, dim=1), (F32(2, 3), F32(2, 3, seed=4))),
    ("special.erfc", lambda m, x: _sp(m).erfc(x), (A,)),
    ("special.log1p", lambda m, x: _sp(m).log1p(x * x), (A,)),
]
for _n, _f, _in in GRAPH:
    CASES.append(case(f"mint.{_n}/cov_graph", lambda ms, *a, _g=_f: _g(ms.mint, *a), *_in, mode="graph"))

CASES = default_run(CASES)
