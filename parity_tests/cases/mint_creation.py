"""mindspore.mint creation ops (zeros, ones, full, arange, linspace, *_like, empty, eye, stack).

Oracle: real MindSpore 2.10 CPU where its CPU build runs the mint op; where it lacks the kernel
(``Arange``, ``FillScalar``, ``ZerosLikeExt``, ``FullLike``, ``LinSpaceExt``, ``StackExt``
unregistered), ``ms_ref`` computes the documented (PyTorch-aligned) result with MindSpore ops
its CPU build runs. Values of ``empty``/``empty_like`` are unspecified: only shape and dtype count.
"""
import numpy as np

from parity_tests.harness import case, both_modes, Raw, F32, I32, I64


def _np_const(ms, value, dtype):
    return ms.Tensor(np.asarray(value, dtype=dtype))


CASES = [
    case("mint.zeros/tuple", lambda ms: ms.mint.zeros((2, 3))),
    case("mint.zeros/int_dtype", lambda ms: ms.mint.zeros((2,), dtype=ms.int32)),
    case("mint.zeros/list_f16", lambda ms: ms.mint.zeros([3, 1], dtype=ms.float16)),
    case("mint.ones/tuple", lambda ms: ms.mint.ones((2, 2))),
    case("mint.ones/int64", lambda ms: ms.mint.ones((3,), dtype=ms.int64)),
    case("mint.ones/bad_two_ints", lambda ms: ms.mint.ones(2, 3), error=True),
    case("mint.empty/shape_dtype", lambda ms: ms.mint.empty(2, 3), check_values=False),
    case("mint.empty/tuple_int32", lambda ms: ms.mint.empty((4,), dtype=ms.int32), check_values=False),
    case("mint.empty_like/f32", lambda ms, x: ms.mint.empty_like(x), F32(2, 3), check_values=False),
    case("mint.eye/n", lambda ms: ms.mint.eye(3)),
    case("mint.eye/nm_int", lambda ms: ms.mint.eye(2, 4, ms.int32)),
    case("mint.arange/end", lambda ms: ms.mint.arange(5),
         ms_ref=lambda ms: _np_const(ms, np.arange(5), np.int64)),
    case("mint.arange/start_end_step", lambda ms: ms.mint.arange(1, 10, 3),
         ms_ref=lambda ms: _np_const(ms, np.arange(1, 10, 3), np.int64)),
    case("mint.arange/float", lambda ms: ms.mint.arange(0.0, 1.0, 0.25),
         ms_ref=lambda ms: _np_const(ms, np.arange(0.0, 1.0, 0.25), np.float32)),
    case("mint.arange/dtype", lambda ms: ms.mint.arange(4, dtype=ms.float32),
         ms_ref=lambda ms: _np_const(ms, np.arange(4), np.float32)),
    case("mint.full/int_fill", lambda ms: ms.mint.full((2, 2), 3),
         ms_ref=lambda ms: _np_const(ms, np.full((2, 2), 3), np.int64)),
    case("mint.full/float_fill", lambda ms: ms.mint.full((3,), 1.5),
         ms_ref=lambda ms: _np_const(ms, np.full((3,), 1.5), np.float32)),
    case("mint.full/dtype", lambda ms: ms.mint.full((2,), 2, dtype=ms.float16),
         ms_ref=lambda ms: _np_const(ms, np.full((2,), 2), np.float16)),
    case("mint.zeros_like/f32", lambda ms, x: ms.mint.zeros_like(x), F32(2, 3),
         ms_ref=lambda ms, x: ms.ops.zeros(x.shape, x.dtype)),
    case("mint.zeros_like/dtype", lambda ms, x: ms.mint.zeros_like(x, dtype=ms.int32), F32(3),
         ms_ref=lambda ms, x: ms.ops.zeros(x.shape, ms.int32)),
    case("mint.ones_like/i32", lambda ms, x: ms.mint.ones_like(x), I32(2, 2),
         ms_ref=lambda ms, x: ms.ops.ones(x.shape, x.dtype)),
    case("mint.full_like/f32", lambda ms, x: ms.mint.full_like(x, 7), F32(2, 2),
         ms_ref=lambda ms, x: ms.ops.ones(x.shape, x.dtype) * 7),
    case("mint.linspace/basic", lambda ms: ms.mint.linspace(0, 1, 5),
         ms_ref=lambda ms: _np_const(ms, np.linspace(0, 1, 5), np.float32)),
    case("mint.linspace/negative", lambda ms: ms.mint.linspace(-2.0, 2.0, 9),
         ms_ref=lambda ms: _np_const(ms, np.linspace(-2, 2, 9), np.float32)),
    case("mint.stack/dim0", lambda ms, a, b: ms.mint.stack([a, b]), F32(2, 3), F32(2, 3, seed=3),
         ms_ref=lambda ms, a, b: ms.ops.concat([a[None], b[None]], 0)),
    case("mint.stack/dim_neg", lambda ms, a, b: ms.mint.stack((a, b), dim=-1), F32(2, 3), F32(2, 3, seed=3),
         ms_ref=lambda ms, a, b: ms.ops.concat([a[..., None], b[..., None]], -1)),
]
CASES += both_modes("mint.zeros/modes", lambda ms, x: ms.mint.zeros((2, 3)) + x, F32(2, 3))
CASES += both_modes("mint.eye/modes", lambda ms, x: ms.mint.eye(3) * x, F32(3, 3))
