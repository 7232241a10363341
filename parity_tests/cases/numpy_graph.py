"""``mindspore.numpy`` inside compiled code: Cells in GRAPH_MODE whose construct calls the
functions model code uses there (mindcv and model-zoo patterns: arange/empty/ones/zeros/
tile/roll/split/tensordot/where/isin/meshgrid/...)."""
import numpy as np

from parity_tests.harness import case, F32, I32

mnp = None  # the numpy namespace of the side running the case (set before the Cell compiles)


def _cell(ms, body):
    global mnp
    mnp = ms.numpy

    class Net(ms.nn.Cell):
        def construct(self, *args):
            return body(*args)
    return Net()


def graph(name, body, *inputs, **kw):
    """A GRAPH_MODE case: ``body(*tensors)``, written with ``mnp``, runs as a Cell's construct."""
    return case(f"mnp.graph/{name}", lambda ms, *xs: _cell(ms, body)(*xs), *inputs, mode="graph", **kw)


def _relative_position_index(x):
    # Swin-style relative position index (mindcv's swin_transformer builds one with mnp)
    coords = mnp.stack(mnp.meshgrid(mnp.arange(3), mnp.arange(3), indexing="ij"))
    flat = coords.reshape(2, -1)
    rel = mnp.expand_dims(flat, 2) - mnp.expand_dims(flat, 1)
    rel = mnp.transpose(rel, (1, 2, 0))
    idx = rel[:, :, 0] * 5 + rel[:, :, 1]
    return x + idx.astype(x.dtype)


def _arange_add(x):
    return x + mnp.arange(4)


def _arange_float(x):
    return x * mnp.arange(0, 2, 0.5)


def _empty_shape(x):
    return mnp.empty((2, 3), x.dtype) + 1


def _ones_zeros(x):
    return x + mnp.ones(x.shape) - mnp.zeros((1, 3))


def _full_like(x):
    return mnp.full_like(x, 2.5) * x


def _tile(x):
    return mnp.tile(x, (2, 1))


def _roll(x):
    return mnp.roll(x, (1, -1), (0, 1))


def _split(x):
    return mnp.split(x, 2, axis=1)


def _tensordot(a, b):
    return mnp.tensordot(a, b, ((1,), (0,)))


def _where_isin(x):
    return mnp.where(mnp.isin(x, mnp.array([1, 2, 3])), x, -1)


def _expand_dims_mul(m, f):
    return mnp.expand_dims(m, -1) * f


def _mean_std_sum(x):
    return mnp.mean(x, 1), mnp.std(x, 0), mnp.sum(x, keepdims=True)


def _sqrt_abs_max(x):
    return mnp.sqrt(mnp.abs(x)) + mnp.max(x)


def _argmin_minimum(x, y):
    return mnp.argmin(x, 1), mnp.minimum(x, y)


def _concat_stack(a, b):
    return mnp.concatenate((a, b), 1), mnp.vstack((a, b)), mnp.hstack((a, b))


def _pad_diff(x):
    return mnp.diff(mnp.pad(x, ((0, 0), (1, 1))), axis=1)


def _take_along_axis(x, i):
    return mnp.take_along_axis(x, i, 1)


def _array_split_append(x):
    return mnp.append(mnp.array_split(x, 3)[0], x)


def _clip_exp_log(x):
    return mnp.log(mnp.clip(mnp.exp(x), 0.5, 2.0))


def _linspace_eye(x):
    return mnp.matmul(x, mnp.eye(3)) + mnp.linspace(0, 1, 3)


def _tril_triu(x):
    return mnp.tril(x) + mnp.triu(x, 1) * 2


def _logic(a, b):
    return mnp.logical_and(a > 0, b > 0), mnp.isnan(a), mnp.isclose(a, b)


def _flip_rot90(x):
    return mnp.flip(mnp.rot90(x), 0)


def _norm_matmul(a, b):
    return mnp.norm(mnp.matmul(a, b))


def _cumsum_moveaxis(x):
    return mnp.cumsum(mnp.moveaxis(x, 0, -1), 1)


def _anchor_points(feature):
    # detection-head anchor centres (FCOS/YOLO-style heads build them with mnp in construct)
    h, w = feature.shape[1:3]
    shifts_x = mnp.arange(start=0, stop=w * 8, step=8)
    shifts_y = mnp.arange(start=0, stop=h * 8, step=8)
    shift_y, shift_x = mnp.meshgrid(shifts_y, shifts_x)
    shift_x = mnp.reshape(shift_x.transpose(), -1)
    shift_y = mnp.reshape(shift_y.transpose(), -1)
    return mnp.stack((shift_x, shift_y), axis=1) + 4


def _trace_negative_axes(x):
    return mnp.trace(x, 1, -1, -2), mnp.diagonal(x, -1, -1, 0)


CASES = [
    graph("anchor_points", _anchor_points, F32(1, 3, 4, 2)),
    graph("trace_negative_axes", _trace_negative_axes, F32(3, 4, 5)),
    graph("arange_add", _arange_add, I32(4)),
    graph("arange_float", _arange_float, F32(4)),
    graph("empty_shape_dtype", _empty_shape, F32(2)),
    graph("ones_zeros", _ones_zeros, F32(2, 3)),
    graph("full_like", _full_like, F32(2, 3)),
    graph("tile", _tile, F32(2, 3)),
    graph("roll", _roll, F32(3, 4)),
    graph("split", _split, F32(2, 4)),
    graph("tensordot", _tensordot, F32(2, 3), F32(3, 4)),
    graph("where_isin", _where_isin, np.array([0, 1, 5, 3, 7], np.int32)),
    graph("expand_dims_mul", _expand_dims_mul, F32(4), F32(4, 3)),
    graph("mean_std_sum", _mean_std_sum, F32(3, 4)),
    graph("sqrt_abs_max", _sqrt_abs_max, F32(3, 4)),
    graph("argmin_minimum", _argmin_minimum, F32(3, 4), F32(4)),
    graph("concat_stack", _concat_stack, F32(2, 2), F32(2, 2)),
    graph("pad_diff", _pad_diff, F32(2, 3)),
    graph("take_along_axis", _take_along_axis, F32(2, 3), np.array([[2, 0], [1, 1]], np.int32)),
    graph("meshgrid_index", _relative_position_index, np.zeros((9, 9), np.int32)),
    graph("array_split_append", _array_split_append, F32(5)),
    graph("clip_exp_log", _clip_exp_log, F32(6)),
    graph("linspace_eye", _linspace_eye, F32(2, 3)),
    graph("tril_triu", _tril_triu, F32(3, 3)),
    graph("logic", _logic, F32(5), F32(5)),
    graph("flip_rot90", _flip_rot90, F32(2, 3)),
    graph("norm_matmul", _norm_matmul, F32(2, 3), F32(3, 2)),
    graph("cumsum_moveaxis", _cumsum_moveaxis, F32(2, 3)),
]
