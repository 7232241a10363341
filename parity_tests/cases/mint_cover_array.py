"""mindspore.mint shape, joining, splitting and indexing names: values on several shapes and
dtypes, keyword forms, negative and out-of-range dims, gradients, GRAPH_MODE and bad input.

Each spec's function takes the namespace (``ms.mint``, or ``torch`` for the PyTorch oracle) first.
Oracle: real MindSpore 2.10 CPU; where its CPU build lacks the mint kernel (``Roll``, ``Take``,
``ScatterAddExt``, ``DiagExt``, ``TraceExt``, ``TrilExt``, ``RepeatInterleaveInt``/``Tensor``,
``NonZeroExt``, ``IndexSelect``, ...) PyTorch is (``torch_ref``): mint is documented as aligned
with it."""
import numpy as np

from parity_tests.cases._mint_cover_common import default_run
from parity_tests.harness import case, F32, F16, I32, I64, BOOL
from parity_tests.torch_oracle import torch_grad

X = F32(2, 3, seed=71)
X3 = F32(2, 3, 4, seed=72)
XI = I32(3, 4, seed=73)
IDX = np.array([[0, 2], [1, 0]], np.int64)


def _sq(m, f):
    """``sum(f(u) ** 2)`` of the namespace ``m``: a loss whose gradient differs per element."""
    return lambda u: (f(m, u) ** 2).sum()


# (name, tag, f(m, *inputs), inputs, via): via "ms" = MindSpore runs the mint op; "torch" = PyTorch is
# the oracle (no CPU kernel in MindSpore); "grad" / "grad_torch" = gradient of sum(f ** 2) w.r.t. input 0
SPECS = [
    # joining
    ("cat", "3d_dim2", lambda m, a, b: m.cat([a, b], 2), (X3, F32(2, 3, 1)), "ms"),
    ("cat", "f16", lambda m, a, b: m.cat((a, b), 0), (X.astype(np.float16), X.astype(np.float16)), "ms"),
    ("cat", "bool", lambda m, a, b: m.cat([a, b], -1), (BOOL(2, 2), BOOL(2, 1)), "ms"),
    ("cat", "grad", lambda m, a: m.cat([a, a * 2], 1), (X,), "grad"),
    ("concat", "dim_neg", lambda m, a, b: m.concat([a, b], dim=-2), (X3, F32(2, 1, 4)), "ms"),
    ("concat", "int64", lambda m, a, b: m.concat([a, b]), (I64(1, 3), I64(2, 3)), "ms"),
    ("stack", "dim1", lambda m, a, b: m.stack([a, b], 1), (X, X * 2), "torch"),
    ("stack", "three_int", lambda m, a: m.stack([a, a, a], -1), (XI,), "torch"),
    ("stack", "grad", lambda m, a: m.stack([a, a * 3], 0), (X,), "grad_torch"),
    ("dstack", "2d", lambda m, a, b: m.dstack([a, b]), (X, X * 2), "ms"),
    ("dstack", "1d", lambda m, a, b: m.dstack((a, b)), (F32(3), F32(3, seed=2)), "ms"),
    ("dstack", "int", lambda m, a: m.dstack([a, a]), (XI,), "ms"),
    ("dstack", "grad", lambda m, a: m.dstack([a, a]), (X,), "grad"),
    ("hstack", "2d", lambda m, a, b: m.hstack([a, b]), (X, F32(2, 1)), "ms"),
    ("hstack", "1d", lambda m, a, b: m.hstack((a, b)), (F32(3), F32(2, seed=2)), "ms"),
    ("hstack", "3d", lambda m, a, b: m.hstack([a, b]), (X3, F32(2, 2, 4)), "ms"),
    ("hstack", "grad", lambda m, a: m.hstack([a, a]), (X,), "grad"),
    # splitting
    ("split", "sections_3d", lambda m, x: m.split(x, [1, 2], 1), (X3,), "ms"),
    ("split", "int_dim_neg", lambda m, x: m.split(x, 3, -1), (X3,), "ms"),
    ("split", "int_input", lambda m, x: m.split(x, 2), (XI,), "ms"),
    ("split", "grad", lambda m, x: m.split(x, 1, 1)[1], (X,), "grad"),
    ("chunk", "3d", lambda m, x: m.chunk(x, 2, 2), (X3,), "ms"),
    ("chunk", "more_than_dim", lambda m, x: m.chunk(x, 5, 0), (X,), "ms"),
    ("chunk", "int", lambda m, x: m.chunk(x, 3, 1), (XI,), "ms"),
    ("unbind", "dim0", lambda m, x: m.unbind(x), (X,), "ms"),
    ("unbind", "dim_neg_3d", lambda m, x: m.unbind(x, -1), (X3,), "ms"),
    ("unbind", "int", lambda m, x: m.unbind(x, 1), (XI,), "ms"),
    # narrowing and selecting
    ("narrow", "dim1", lambda m, x: m.narrow(x, 1, 1, 2), (X,), "ms"),
    ("narrow", "dim_neg_3d", lambda m, x: m.narrow(x, -1, 0, 3), (X3,), "ms"),
    ("narrow", "int", lambda m, x: m.narrow(x, 0, 1, 2), (XI,), "ms"),
    ("narrow", "grad", lambda m, x: m.narrow(x, 1, 1, 2), (X,), "grad"),
    ("select", "dim0", lambda m, x: m.select(x, 0, 1), (X,), "ms"),
    ("select", "neg_index", lambda m, x: m.select(x, 1, -1), (X3,), "ms"),
    ("select", "int", lambda m, x: m.select(x, 1, 2), (XI,), "ms"),
    ("index_select", "int_input", lambda m, x, i: m.index_select(x, 0, i), (XI, np.array([2, 0], np.int64)),
     "torch"),
    ("index_select", "3d_dim_neg", lambda m, x, i: m.index_select(x, -1, i), (X3, np.array([3, 1, 1], np.int64)),
     "torch"),
    ("masked_select", "broadcast_mask", lambda m, x, k: m.masked_select(x, k), (X, np.array([True, False, True])),
     "ms"),
    ("masked_select", "int", lambda m, x: m.masked_select(x, x > 0), (XI,), "ms"),
    ("masked_select", "3d", lambda m, x: m.masked_select(x, x < 0), (X3,), "ms"),
    ("gather", "3d_dim2", lambda m, x, i: m.gather(x, 2, i), (X3, np.array([[[0, 3], [1, 1], [2, 0]]] * 2, np.int64)),
     "ms"),
    ("gather", "int_dim_neg", lambda m, x, i: m.gather(x, -1, i), (XI, np.array([[0], [3], [1]], np.int64)), "ms"),
    ("take", "flat", lambda m, x, i: m.take(x, i), (X, np.array([0, 5, 3], np.int64)), "torch"),
    ("take", "neg_2d_index", lambda m, x, i: m.take(x, i), (X3, np.array([[-1, 0], [7, 10]], np.int64)), "torch"),
    ("take", "int", lambda m, x, i: m.take(x, i), (XI, np.array([11, 2], np.int64)), "torch"),
    # scatter
    ("scatter", "src_dim1", lambda m, x, i, s: m.scatter(x, 1, i, s), (X, IDX, F32(2, 2, seed=5)), "ms"),
    ("scatter", "value", lambda m, x, i: m.scatter(x, 0, i, 7.5), (F32(3, 3), np.array([[2, 0, 1]], np.int64)),
     "ms"),
    ("scatter", "int", lambda m, x, i, s: m.scatter(x, 1, i, s), (XI, np.array([[0], [2], [3]], np.int64),
                                                                    I32(3, 1, seed=6)), "ms"),
    ("scatter_add", "dim1", lambda m, x, i, s: m.scatter_add(x, 1, i, s), (X, IDX, F32(2, 2, seed=5)), "torch"),
    ("scatter_add", "dim0_dup", lambda m, x, i, s: m.scatter_add(x, 0, i, s),
     (F32(3, 2), np.array([[1, 1], [1, 0]], np.int64), F32(2, 2, seed=7)), "torch"),
    ("scatter_add", "int", lambda m, x, i, s: m.scatter_add(x, 1, i, s),
     (XI, np.array([[0, 0], [3, 1], [2, 2]], np.int64), I32(3, 2, seed=8)), "torch"),
    # reshaping
    ("reshape", "neg_one_3d", lambda m, x: m.reshape(x, (-1, 4)), (X3,), "ms"),
    ("reshape", "int", lambda m, x: m.reshape(x, (2, 2, 3)), (XI,), "ms"),
    ("reshape", "grad", lambda m, x: m.reshape(x, (3, 2)), (X,), "grad"),
    ("ravel", "3d", lambda m, x: m.ravel(x), (X3,), "ms"),
    ("ravel", "int", lambda m, x: m.ravel(x), (XI,), "ms"),
    ("ravel", "grad", lambda m, x: m.ravel(x), (X,), "grad"),
    ("flatten", "neg_dims", lambda m, x: m.flatten(x, -2, -1), (X3,), "ms"),
    ("flatten", "int", lambda m, x: m.flatten(x), (XI,), "ms"),
    ("flatten", "grad", lambda m, x: m.flatten(x, 1), (X3,), "grad"),
    ("squeeze", "neg_dim", lambda m, x: m.squeeze(x, -1), (F32(2, 3, 1),), "ms"),
    ("squeeze", "non_one_dim", lambda m, x: m.squeeze(x, 1), (F32(2, 3, 1),), "ms"),
    ("squeeze", "int", lambda m, x: m.squeeze(x, 0), (I32(1, 4),), "ms"),
    ("unsqueeze", "middle", lambda m, x: m.unsqueeze(x, 1), (X3,), "ms"),
    ("unsqueeze", "end", lambda m, x: m.unsqueeze(x, 2), (X,), "ms"),
    ("unsqueeze", "int", lambda m, x: m.unsqueeze(x, -2), (XI,), "ms"),
    ("unsqueeze", "grad", lambda m, x: m.unsqueeze(x, 0), (X,), "grad"),
    ("permute", "int", lambda m, x: m.permute(x, (1, 0)), (XI,), "ms"),
    ("permute", "neg", lambda m, x: m.permute(x, (-1, 0, 1)), (X3,), "ms"),
    ("permute", "grad", lambda m, x: m.permute(x, (2, 1, 0)), (X3,), "grad"),
    ("transpose", "int", lambda m, x: m.transpose(x, 0, 1), (XI,), "ms"),
    ("transpose", "grad", lambda m, x: m.transpose(x, 1, 2), (X3,), "grad"),
    ("swapaxes", "3d", lambda m, x: m.swapaxes(x, 0, -1), (X3,), "ms"),
    ("swapaxes", "int", lambda m, x: m.swapaxes(x, 1, 0), (XI,), "ms"),
    ("t", "1d", lambda m, x: m.t(x), (F32(4),), "ms"),
    ("t", "int", lambda m, x: m.t(x), (XI,), "ms"),
    ("t", "grad", lambda m, x: m.t(x), (X,), "grad"),
    ("t", "3d_swaps_first_two", lambda m, x: m.t(x), (X3,), "ms"),
    ("broadcast_to", "neg_one", lambda m, x: m.broadcast_to(x, (2, -1, 3)), (F32(1, 3),), "ms"),
    ("broadcast_to", "int", lambda m, x: m.broadcast_to(x, (3, 2, 4)), (I32(2, 1),), "ms"),
    ("broadcast_to", "grad", lambda m, x: m.broadcast_to(x, (4, 3)), (F32(1, 3),), "grad"),
    ("tile", "more_reps", lambda m, x: m.tile(x, (2, 1, 2)), (X,), "ms"),
    ("tile", "fewer_reps", lambda m, x: m.tile(x, (2,)), (X3,), "ms"),
    ("tile", "int", lambda m, x: m.tile(x, (1, 2)), (XI,), "ms"),
    ("tile", "grad", lambda m, x: m.tile(x, (2, 2)), (X,), "grad"),
    ("repeat_interleave", "flat", lambda m, x: m.repeat_interleave(x, 2), (X,), "torch"),
    ("repeat_interleave", "tensor_repeats", lambda m, x, r: m.repeat_interleave(x, r, 0),
     (X, np.array([1, 3], np.int64)), "torch"),
    ("repeat_interleave", "int_dim_neg", lambda m, x: m.repeat_interleave(x, 3, -1), (XI,), "torch"),
    ("repeat_interleave", "grad", lambda m, x: m.repeat_interleave(x, 2, 1), (X,), "grad_torch"),
    ("flip", "neg_dim", lambda m, x: m.flip(x, (-1,)), (X3,), "ms"),
    ("flip", "int", lambda m, x: m.flip(x, (0, 1)), (XI,), "ms"),
    ("flip", "grad", lambda m, x: m.flip(x, (1,)), (X,), "grad"),
    ("roll", "flat", lambda m, x: m.roll(x, 2), (X,), "torch"),
    ("roll", "dims", lambda m, x: m.roll(x, (1, -1), (0, 2)), (X3,), "torch"),
    ("roll", "int", lambda m, x: m.roll(x, -1, 1), (XI,), "torch"),
    ("roll", "grad", lambda m, x: m.roll(x, 1, 1), (X,), "grad_torch"),
    # triangles, diagonals, trace
    ("tril", "diag_neg", lambda m, x: m.tril(x, -1), (F32(4, 4),), "torch"),
    ("tril", "batched", lambda m, x: m.tril(x, 1), (X3,), "torch"),
    ("tril", "int", lambda m, x: m.tril(x), (XI,), "torch"),
    ("tril", "grad", lambda m, x: m.tril(x), (F32(3, 3),), "grad_torch"),
    ("triu", "diag_neg", lambda m, x: m.triu(x, -1), (F32(4, 4),), "ms"),
    ("triu", "batched", lambda m, x: m.triu(x, 2), (X3,), "ms"),
    ("triu", "int", lambda m, x: m.triu(x), (XI,), "ms"),
    ("triu", "grad", lambda m, x: m.triu(x), (F32(3, 3),), "grad"),
    ("diag", "vector", lambda m, x: m.diag(x), (F32(3),), "torch"),
    ("diag", "vector_offset", lambda m, x: m.diag(x, -1), (F32(3),), "torch"),
    ("diag", "matrix", lambda m, x: m.diag(x), (F32(3, 4),), "torch"),
    ("diag", "matrix_offset", lambda m, x: m.diag(x, 1), (F32(3, 4),), "torch"),
    ("diag", "int", lambda m, x: m.diag(x), (XI,), "torch"),
    ("trace", "square", lambda m, x: m.trace(x), (F32(3, 3),), "torch"),
    ("trace", "rect", lambda m, x: m.trace(x), (F32(2, 4),), "torch"),
    ("trace", "int", lambda m, x: m.trace(x), (XI,), "torch"),
    ("trace", "grad", lambda m, x: m.trace(x), (F32(3, 3),), "grad_torch"),
    # nonzero / where
    ("nonzero", "3d", lambda m, x: m.nonzero(x), (I32(2, 2, 3, seed=9) * (I32(2, 2, 3, seed=9) > 0),), "ms"),
    ("nonzero", "bool", lambda m, x: m.nonzero(x), (BOOL(3, 3),), "ms"),
    ("nonzero", "float", lambda m, x: m.nonzero(x), (np.array([0.0, 1.5, 0.0, -2.0], np.float32),), "ms"),
    ("nonzero", "as_tuple", lambda m, x: m.nonzero(x, as_tuple=True), (BOOL(2, 3),), "torch"),
    ("where", "one_arg", lambda m, x: m.where(x), (BOOL(2, 3),), "torch"),
    ("where", "broadcast", lambda m, c, a, b: m.where(c, a, b), (BOOL(2, 1), F32(3), F32(2, 3)), "ms"),
    ("where", "int", lambda m, c, a, b: m.where(c, a, b), (BOOL(3, 4), XI, XI * 2), "ms"),
    ("where", "scalar_both", lambda m, c: m.where(c, 1.0, 0.0), (BOOL(2, 3),), "ms"),
    # complex parts and polar
    ("real", "complex", lambda m, x: m.real(x), (np.array([1 + 2j, -3 - 0.5j], np.complex64),), "ms"),
    ("real", "float", lambda m, x: m.real(x), (X,), "ms"),
    ("imag", "complex", lambda m, x: m.imag(x), (np.array([1 + 2j, -3 - 0.5j], np.complex64),), "ms"),
    ("polar", "f32", lambda m, a, b: m.polar(a, b), (F32(2, 3, low=0.5, high=2.0), X), "ms"),
    ("polar", "1d", lambda m, a, b: m.polar(a, b), (F32(4, low=0.1, high=1.0), F32(4)), "ms"),
    # meshgrid
    ("meshgrid", "three_ij", lambda m, a, b, c: m.meshgrid(a, b, c, indexing="ij"), (F32(2), F32(3), F32(1)), "ms"),
    ("meshgrid", "list_xy", lambda m, a, b: m.meshgrid([a, b], indexing="xy"), (I32(2), I32(3)), "ms"),
]

CASES = []
for _n, _tag, _f, _in, _via in SPECS:
    _ms_fn = (lambda ms, *a, _g=_f: _g(ms.mint, *a))
    _torch_fn = (lambda torch, *a, _g=_f: _g(torch, *a))
    if _via == "ms":
        CASES.append(case(f"mint.{_n}/cov_{_tag}", _ms_fn, *_in))
    elif _via == "torch":
        CASES.append(case(f"mint.{_n}/cov_{_tag}", _ms_fn, *_in, torch_ref=_torch_fn))
    else:
        _g_ms = (lambda ms, x, _g=_f: ms.grad(_sq(ms.mint, _g))(x))
        _g_t = (lambda torch, x, _g=_f: torch_grad(_sq(torch, _g))(x))
        CASES.append(case(f"mint.{_n}/cov_{_tag}", _g_ms, *_in,
                          **({"torch_ref": _g_t} if _via == "grad_torch" else {})))

# the gradients of unbind and select MindSpore's CPU fails to run (framework errors: "The pointer[input_tensor]
# is null", "InplaceCopy, an unexpected kernel"): the same gradient through indexing is the reference
CASES += [
    case("mint.unbind/cov_grad", lambda ms, x: ms.grad(_sq(ms.mint, lambda m, u: m.unbind(u, 1)[2]))(x), X,
         ms_ref=lambda ms, x: ms.grad(lambda u: (u[:, 2] ** 2).sum())(x)),
    case("mint.select/cov_grad", lambda ms, x: ms.grad(_sq(ms.mint, lambda m, u: m.select(u, 1, 0)))(x), X,
         ms_ref=lambda ms, x: ms.grad(lambda u: (u[:, 0] ** 2).sum())(x)),
]

# bad input: MindSpore checks these while parsing arguments or inferring shapes (a float mask to
# masked_select and an out-of-range scatter dim are left out: MindSpore's CPU fails there building the
# kernel, RuntimeError, not checking the argument)
BAD = [
    ("cat", "dtype_mix_shapes", lambda m, a, b: m.cat([a, b], 1), (X, F32(3, 3))),
    ("cat", "bad_dim_neg", lambda m, a: m.cat([a, a], -3), (X,)),
    ("concat", "not_list", lambda m, a: m.concat(a), (X,)),
    ("dstack", "not_list", lambda m, a: m.dstack(a), (X,)),
    ("hstack", "shapes", lambda m, a, b: m.hstack([a, b]), (X, F32(3, 3))),
    ("split", "bad_sections", lambda m, x: m.split(x, [1, 1], 1), (X,)),
    ("split", "bad_dim", lambda m, x: m.split(x, 1, 2), (X,)),
    ("chunk", "zero", lambda m, x: m.chunk(x, 0), (X,)),
    ("chunk", "bad_dim", lambda m, x: m.chunk(x, 2, 3), (X,)),
    ("unbind", "bad_dim", lambda m, x: m.unbind(x, 2), (X,)),
    ("narrow", "bad_length", lambda m, x: m.narrow(x, 1, 2, 3), (X,)),
    ("narrow", "bad_dim", lambda m, x: m.narrow(x, 3, 0, 1), (X,)),
    ("select", "bad_index", lambda m, x: m.select(x, 1, 5), (X,)),
    ("select", "bad_dim", lambda m, x: m.select(x, 2, 0), (X,)),
    ("masked_select", "bad_shapes", lambda m, x, k: m.masked_select(x, k), (X, BOOL(4))),
    ("gather", "bad_dim", lambda m, x, i: m.gather(x, 2, i), (X, IDX)),
    ("gather", "bad_rank", lambda m, x, i: m.gather(x, 0, i), (X, np.array([0, 1], np.int64))),
    ("scatter", "bad_index_dtype", lambda m, x, i, s: m.scatter(x, 1, i, s), (X, IDX.astype(np.float32), F32(2, 2))),
    ("reshape", "two_neg_one", lambda m, x: m.reshape(x, (-1, -1)), (X,)),
    ("reshape", "bad_type", lambda m, x: m.reshape(x, "a"), (X,)),
    ("ravel", "not_tensor", lambda m: m.ravel([1.0, 2.0]), ()),
    ("flatten", "bad_range", lambda m, x: m.flatten(x, 2, 1), (X3,)),
    ("flatten", "bad_dim", lambda m, x: m.flatten(x, 0, 5), (X3,)),
    ("squeeze", "bad_dim", lambda m, x: m.squeeze(x, 3), (X,)),
    ("unsqueeze", "bad_float_dim", lambda m, x: m.unsqueeze(x, 1.0), (X,)),
    ("permute", "bad_len", lambda m, x: m.permute(x, (0,)), (X,)),
    ("permute", "bad_repeat", lambda m, x: m.permute(x, (0, 0)), (X,)),
    ("transpose", "bad_neg_dim", lambda m, x: m.transpose(x, -3, 0), (X,)),
    ("swapaxes", "bad_dim", lambda m, x: m.swapaxes(x, 0, 2), (X,)),
    ("scatter", "reduce_kw", lambda m, x, i, s: m.scatter(x, 1, i, s, reduce="add"), (X, IDX, F32(2, 2, seed=5))),
    ("broadcast_to", "bad_shape", lambda m, x: m.broadcast_to(x, (2, 4)), (X,)),
    ("tile", "bad_reps", lambda m, x: m.tile(x, 2), (X,)),
    ("flip", "bad_dim", lambda m, x: m.flip(x, (2,)), (X,)),
    ("flip", "bad_repeat", lambda m, x: m.flip(x, (0, 0)), (X,)),
    ("triu", "bad_1d", lambda m, x: m.triu(x), (F32(3),)),
    ("where", "bad_cond_dtype", lambda m, c, a: m.where(c, a, a), (X, X)),
    ("where", "bad_shapes", lambda m, c, a, b: m.where(c, a, b), (BOOL(2, 3), X, F32(4))),
    ("polar", "bad_dtype", lambda m, a, b: m.polar(a, b), (XI, XI)),
    ("meshgrid", "bad_indexing", lambda m, a, b: m.meshgrid(a, b, indexing="ab"), (F32(2), F32(3))),
    ("real", "not_tensor", lambda m: m.real([1.0]), ()),
    ("unbind", "not_tensor", lambda m: m.unbind([1.0, 2.0]), ()),
]
for _n, _tag, _f, _in in BAD:
    CASES.append(case(f"mint.{_n}/cov_bad_{_tag}", lambda ms, *a, _g=_f: _g(ms.mint, *a), *_in, error=True))

GRAPH = [
    ("cat", lambda m, a, b: m.cat([a, b], 1), (X, F32(2, 1))),
    ("split", lambda m, x: m.split(x, [1, 2], 1), (X,)),
    ("chunk", lambda m, x: m.chunk(x, 2, -1), (X3,)),
    ("narrow", lambda m, x: m.narrow(x, 2, 1, 2), (X3,)),
    ("select", lambda m, x: m.select(x, 0, -1), (X3,)),
    ("gather", lambda m, x, i: m.gather(x, 1, i), (X, IDX)),
    ("scatter", lambda m, x, i, s: m.scatter(x, 1, i, s), (X, IDX, F32(2, 2, seed=5))),
    ("reshape", lambda m, x: m.reshape(x, (4, -1)), (X3,)),
    ("flatten", lambda m, x: m.flatten(x, 1), (X3,)),
    ("squeeze", lambda m, x: m.squeeze(x, (0, 2)), (F32(1, 3, 1),)),
    ("unsqueeze", lambda m, x: m.unsqueeze(x, -1), (X,)),
    ("permute", lambda m, x: m.permute(x, (1, 2, 0)), (X3,)),
    ("transpose", lambda m, x: m.transpose(x, 0, 2), (X3,)),
    ("broadcast_to", lambda m, x: m.broadcast_to(x, (2, 2, 3)), (X,)),
    ("tile", lambda m, x: m.tile(x, (1, 2)), (X,)),
    ("flip", lambda m, x: m.flip(x, (0, 2)), (X3,)),
    ("triu", lambda m, x: m.triu(x, 1), (F32(3, 3),)),
    ("where", lambda m, a: m.where(a > 0, a, -a), (X,)),
    ("unbind", lambda m, x: m.unbind(x, 1), (X,)),
    ("masked_select", lambda m, x: m.masked_select(x, x > 0), (X,)),
]
for _n, _f, _in in GRAPH:
    CASES.append(case(f"mint.{_n}/cov_graph", lambda ms, *a, _g=_f: _g(ms.mint, *a), *_in, mode="graph"))

CASES = default_run(CASES)
