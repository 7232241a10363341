"""mindspore.mint creation ops (zeros, ones, full, arange, linspace, *_like, empty, eye, stack).

Oracle: real MindSpore 2.10 CPU where its CPU build runs the mint op; where it lacks the kernel
(``Arange``, ``FillScalar``, ``ZerosLikeExt``, ``FullLike``, ``LinSpaceExt``, ``StackExt``
unregistered), PyTorch (``torch_ref``), to which mint is documented as aligned. Values of
``empty``/``empty_like`` are unspecified: only shape and dtype count.
"""
from parity_tests.harness import case, both_modes, F32, I32

CASES = [
    case("mint.zeros/tuple", lambda ms: ms.mint.zeros((2, 3))),
    case("mint.zeros/int_dtype", lambda ms: ms.mint.zeros((2,), dtype=ms.int32)),
    case("mint.zeros/list_f16", lambda ms: ms.mint.zeros([3, 1], dtype=ms.float16)),
    case("mint.ones/tuple", lambda ms: ms.mint.ones((2, 2))),
    case("mint.ones/int64", lambda ms: ms.mint.ones((3,), dtype=ms.int64)),
    case("mint.ones/bad_two_ints", lambda ms: ms.mint.ones(2, 3), error=True),
    case("mint.zeros/int_size", lambda ms: ms.mint.zeros(3)),
    case("mint.zeros/bad_negative", lambda ms: ms.mint.zeros((-1, 2)), error=True),
    case("mint.zeros/bad_nested", lambda ms: ms.mint.zeros(((2, 3),)), error=True),
    case("mint.zeros/bad_bool_dim", lambda ms: ms.mint.zeros((2, True)), error=True),
    case("mint.ones/bad_float_list", lambda ms: ms.mint.ones([2.0]), error=True),
    case("mint.empty/shape_dtype", lambda ms: ms.mint.empty(2, 3), check_values=False),
    case("mint.empty/tuple_int32", lambda ms: ms.mint.empty((4,), dtype=ms.int32), check_values=False),
    case("mint.empty_like/f32", lambda ms, x: ms.mint.empty_like(x), F32(2, 3), check_values=False),
    case("mint.eye/n", lambda ms: ms.mint.eye(3)),
    case("mint.eye/nm_int", lambda ms: ms.mint.eye(2, 4, ms.int32)),
    case("mint.arange/end", lambda ms: ms.mint.arange(5),
         torch_ref=lambda torch: torch.arange(5)),
    case("mint.arange/start_end_step", lambda ms: ms.mint.arange(1, 10, 3),
         torch_ref=lambda torch: torch.arange(1, 10, 3)),
    case("mint.arange/float", lambda ms: ms.mint.arange(0.0, 1.0, 0.25),
         torch_ref=lambda torch: torch.arange(0.0, 1.0, 0.25)),
    case("mint.arange/dtype", lambda ms: ms.mint.arange(4, dtype=ms.float32),
         torch_ref=lambda torch: torch.arange(4, dtype=torch.float32)),
    case("mint.full/int_fill", lambda ms: ms.mint.full((2, 2), 3),
         torch_ref=lambda torch: torch.full((2, 2), 3)),
    case("mint.full/float_fill", lambda ms: ms.mint.full((3,), 1.5),
         torch_ref=lambda torch: torch.full((3,), 1.5)),
    case("mint.full/dtype", lambda ms: ms.mint.full((2,), 2, dtype=ms.float16),
         torch_ref=lambda torch: torch.full((2,), 2, dtype=torch.float16)),
    case("mint.zeros_like/f32", lambda ms, x: ms.mint.zeros_like(x), F32(2, 3),
         torch_ref=lambda torch, x: torch.zeros_like(x)),
    case("mint.zeros_like/dtype", lambda ms, x: ms.mint.zeros_like(x, dtype=ms.int32), F32(3),
         torch_ref=lambda torch, x: torch.zeros_like(x, dtype=torch.int32)),
    case("mint.ones_like/i32", lambda ms, x: ms.mint.ones_like(x), I32(2, 2),
         torch_ref=lambda torch, x: torch.ones_like(x)),
    case("mint.full_like/f32", lambda ms, x: ms.mint.full_like(x, 7), F32(2, 2),
         torch_ref=lambda torch, x: torch.full_like(x, 7)),
    case("mint.linspace/basic", lambda ms: ms.mint.linspace(0, 1, 5),
         torch_ref=lambda torch: torch.linspace(0, 1, 5)),
    case("mint.linspace/negative", lambda ms: ms.mint.linspace(-2.0, 2.0, 9),
         torch_ref=lambda torch: torch.linspace(-2.0, 2.0, 9)),
    case("mint.stack/dim0", lambda ms, a, b: ms.mint.stack([a, b]), F32(2, 3), F32(2, 3, seed=3),
         torch_ref=lambda torch, a, b: torch.stack([a, b])),
    case("mint.stack/dim_neg", lambda ms, a, b: ms.mint.stack((a, b), dim=-1), F32(2, 3), F32(2, 3, seed=3),
         torch_ref=lambda torch, a, b: torch.stack((a, b), dim=-1)),
]
CASES += both_modes("mint.zeros/modes", lambda ms, x: ms.mint.zeros((2, 3)) + x, F32(2, 3))
CASES += both_modes("mint.eye/modes", lambda ms, x: ms.mint.eye(3) * x, F32(3, 3))
