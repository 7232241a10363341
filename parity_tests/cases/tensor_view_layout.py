"""The layout of PyNative view results (``stride()``, ``storage_offset()``, ``is_contiguous()``):
transpose-like ops permute the strides, slicing and ``narrow`` / ``select`` / ``split`` / ``chunk``
/ ``unbind`` move the offset, ``broadcast_to`` / ``expand_as`` read one element along new axes
(stride 0), ``diagonal`` steps over both axes, ``unsqueeze`` / ``squeeze`` keep the base's strides;
``contiguous()`` and any other op give a fresh row-major Tensor."""
from parity_tests.harness import case, F32


def _lay(t):
    return t.is_contiguous(), tuple(t.stride()), t.storage_offset(), t


_X = F32(2, 3, 4)

CASES = [
    case("tensor_view_layout/fresh", lambda ms, x: _lay(x), _X),
    case("tensor_view_layout/transpose", lambda ms, x: _lay(ms.ops.transpose(x, (1, 0, 2))), _X),
    case("tensor_view_layout/permute", lambda ms, x: _lay(x.permute(2, 1, 0)), _X),
    case("tensor_view_layout/swapaxes", lambda ms, x: _lay(x.swapaxes(0, 2)), _X),
    case("tensor_view_layout/movedim", lambda ms, x: _lay(ms.ops.movedim(x, 0, 2)), _X),
    case("tensor_view_layout/T_t_mT", lambda ms, x: (_lay(x[0].T), _lay(x[1].t()), _lay(x.mT)), _X),
    case("tensor_view_layout/getitem", lambda ms, x: (_lay(x[:, ::2]), _lay(x[:, 1:]), _lay(x[1:]), _lay(x[:, 1]),
                                                      _lay(x[..., 2]), _lay(x[None, 1])), _X),
    case("tensor_view_layout/narrow_select", lambda ms, x: (_lay(x.narrow(2, 1, 2)), _lay(x.select(1, 2))), _X),
    case("tensor_view_layout/split_chunk_unbind", lambda ms, x: (_lay(x.chunk(2, 2)[1]), _lay(ms.ops.split(x, 2, 1)[1]),
                                                                 _lay(x.unbind(2)[3])), _X),
    case("tensor_view_layout/expand", lambda ms, x: (_lay(ms.ops.broadcast_to(x[:, :1], (2, 3, 4))),
                                                     _lay(x[0, :1].expand_as(x))), _X),
    case("tensor_view_layout/diagonal", lambda ms, x: (_lay(x[0].diagonal()), _lay(x[1].diagonal(1)),
                                                       _lay(x.diagonal(-1, 1, 2))), _X),
    case("tensor_view_layout/unsqueeze_squeeze", lambda ms, x: (_lay(x.unsqueeze(0)), _lay(x[:, :1].squeeze(1)),
                                                                _lay(ms.ops.transpose(x, (2, 0, 1)).unsqueeze(1))), _X),
    case("tensor_view_layout/contiguous", lambda ms, x: (_lay(ms.ops.transpose(x, (1, 0, 2)).contiguous()),
                                                         _lay(x.contiguous()), _lay(x.permute(1, 0, 2) + 1)), _X),
    case("tensor_view_layout/chained", lambda ms, x: _lay(ms.ops.transpose(x, (2, 1, 0))[1:, :, 1]), _X),
]
