"""mindspore.mint shape and indexing ops (cat, split, chunk, permute, transpose, squeeze,
unsqueeze, flatten, gather, where, ...). Oracle: real MindSpore 2.10 CPU; PyTorch (``torch_ref``,
to which mint is documented as aligned) where the mint kernel is unregistered there
(``IndexSelect``, ``TrilExt``, ``RepeatInterleaveInt``)."""
import numpy as np

from parity_tests.harness import case, both_modes, F32, I32, BOOL


IDX = np.array([[0, 2], [1, 0]], np.int64)

CASES = [
    case("mint.cat/dim0", lambda ms, a, b: ms.mint.cat([a, b]), F32(2, 3), F32(1, 3)),
    case("mint.cat/dim1_tuple", lambda ms, a, b: ms.mint.cat((a, b), dim=1), F32(2, 3), F32(2, 2)),
    case("mint.cat/int32", lambda ms, a, b: ms.mint.cat([a, b], -1), I32(2, 2), I32(2, 1)),
    case("mint.cat/grad", lambda ms, a, b: ms.grad(lambda u, v: (ms.mint.cat([u, v], 1) ** 2).sum(), (0, 1))(a, b),
         F32(2, 3), F32(2, 2)),
    case("mint.cat/bad_rank", lambda ms, a, b: ms.mint.cat([a, b]), F32(2, 3), F32(3), error=True),
    case("mint.concat/alias", lambda ms, a, b: ms.mint.concat([a, b], dim=0), F32(1, 2), F32(2, 2)),
    case("mint.split/int", lambda ms, x: ms.mint.split(x, 2), F32(5, 2)),
    case("mint.split/sections_dim1", lambda ms, x: ms.mint.split(x, [1, 3], dim=1), F32(2, 4)),
    case("mint.chunk/3", lambda ms, x: ms.mint.chunk(x, 3), F32(6, 2)),
    case("mint.chunk/dim1_uneven", lambda ms, x: ms.mint.chunk(x, 2, dim=1), F32(2, 5)),
    case("mint.permute/3d", lambda ms, x: ms.mint.permute(x, (2, 0, 1)), F32(2, 3, 4)),
    case("mint.transpose/dims", lambda ms, x: ms.mint.transpose(x, 0, 2), F32(2, 3, 4)),
    case("mint.transpose/neg", lambda ms, x: ms.mint.transpose(x, -1, -2), F32(2, 3)),
    case("mint.unsqueeze/0", lambda ms, x: ms.mint.unsqueeze(x, 0), F32(3)),
    case("mint.unsqueeze/neg", lambda ms, x: ms.mint.unsqueeze(x, -1), F32(2, 3)),
    case("mint.squeeze/missing_dim", lambda ms, x: ms.mint.squeeze(x), F32(1, 3, 1), error=True),
    case("mint.squeeze/tuple", lambda ms, x: ms.mint.squeeze(x, (0, 2)), F32(1, 3, 1)),
    case("mint.squeeze/dim", lambda ms, x: ms.mint.squeeze(x, 0), F32(1, 3, 1)),
    case("mint.flatten/default", lambda ms, x: ms.mint.flatten(x), F32(2, 3, 4)),
    case("mint.flatten/start1", lambda ms, x: ms.mint.flatten(x, 1), F32(2, 3, 4)),
    case("mint.flatten/range", lambda ms, x: ms.mint.flatten(x, 0, 1), F32(2, 3, 4)),
    case("mint.reshape/basic", lambda ms, x: ms.mint.reshape(x, (3, -1)), F32(2, 3)),
    case("mint.gather/dim1", lambda ms, x, i: ms.mint.gather(x, 1, i), F32(2, 3), IDX),
    case("mint.gather/dim0", lambda ms, x, i: ms.mint.gather(x, 0, i), F32(3, 3), np.array([[0, 2, 1]], np.int64)),
    case("mint.gather/grad", lambda ms, x, i: ms.grad(lambda u: ms.mint.gather(u, 1, i).sum())(x), F32(2, 3), IDX),
    case("mint.where/tensors", lambda ms, c, a, b: ms.mint.where(c, a, b), BOOL(2, 3), F32(2, 3), F32(2, 3, seed=5)),
    case("mint.where/scalar_other", lambda ms, a: ms.mint.where(a > 0, a, 0.0), F32(2, 3)),
    case("mint.tile/basic", lambda ms, x: ms.mint.tile(x, (2, 1)), F32(2, 3)),
    case("mint.broadcast_to/basic", lambda ms, x: ms.mint.broadcast_to(x, (2, 3)), F32(3)),
    case("mint.flip/dims", lambda ms, x: ms.mint.flip(x, (0, 1)), F32(2, 3)),
    case("mint.triu/default", lambda ms, x: ms.mint.triu(x), F32(3, 3)),
    case("mint.triu/diag1", lambda ms, x: ms.mint.triu(x, 1), F32(3, 4)),
    case("mint.tril/default", lambda ms, x: ms.mint.tril(x), F32(3, 3),
         torch_ref=lambda torch, x: torch.tril(x)),
    case("mint.nonzero/basic", lambda ms, x: ms.mint.nonzero(x), I32(3, 3)),
    case("mint.meshgrid/ij", lambda ms, a, b: ms.mint.meshgrid(a, b, indexing="ij"), F32(2), F32(3)),
    case("mint.meshgrid/xy", lambda ms, a, b: ms.mint.meshgrid(a, b, indexing="xy"), F32(2), F32(3)),
    case("mint.index_select/dim1", lambda ms, x, i: ms.mint.index_select(x, 1, i), F32(2, 4), np.array([0, 3], np.int64),
         torch_ref=lambda torch, x, i: torch.index_select(x, 1, i)),
    case("mint.index_select/dim0", lambda ms, x, i: ms.mint.index_select(x, 0, i), F32(3, 2), np.array([2, 2], np.int64),
         torch_ref=lambda torch, x, i: torch.index_select(x, 0, i)),
    case("mint.repeat_interleave/dim", lambda ms, x: ms.mint.repeat_interleave(x, 2, 1), F32(2, 2),
         torch_ref=lambda torch, x: torch.repeat_interleave(x, 2, 1)),
]
CASES += both_modes("mint.cat/modes", lambda ms, a, b: ms.mint.cat([a, b], dim=1), F32(2, 3), F32(2, 2))
CASES += both_modes("mint.permute/modes", lambda ms, x: ms.mint.permute(x, (1, 0)), F32(2, 3))
CASES += both_modes("mint.split/modes", lambda ms, x: ms.mint.split(x, 2, dim=1), F32(2, 4))
