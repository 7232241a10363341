"""``ops.DataFormatDimMap``: dimension indices of one layout (NHWC / NCHW) as indices of the
other, negative and out-of-range indices taken modulo 4; in PyNative, GRAPH_MODE and under vmap."""
import numpy as np

from parity_tests.harness import case, F32


def _graph(ms, x):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.op = ms.ops.DataFormatDimMap("NCHW", "NHWC")

        def construct(self, a):
            return self.op(a)
    return Net()(x)


def _vmap(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, a):
            return ms.ops.DataFormatDimMap()(a)
    return ms.ops.vmap(Net())(x)


_X = np.array([-4, -3, -2, -1, 0, 1, 2, 3, 5, 9], np.int32)

CASES = [
    case("format_dim_map/default", lambda ms, x: ms.ops.DataFormatDimMap()(x), _X),
    case("format_dim_map/nchw_to_nhwc_i64", lambda ms, x: ms.ops.DataFormatDimMap("NCHW", "NHWC")(x),
         _X.astype(np.int64).reshape(2, 5)),
    case("format_dim_map/same_format", lambda ms, x: ms.ops.DataFormatDimMap("NCHW", "NCHW")(x), _X),
    case("format_dim_map/graph", _graph, _X, mode="graph"),
    case("format_dim_map/vmap", _vmap, _X.reshape(5, 2)),
    case("format_dim_map/float_input", lambda ms, x: ms.ops.DataFormatDimMap()(x), F32(3), error=True),
    case("format_dim_map/not_tensor", lambda ms: ms.ops.DataFormatDimMap()(1), error=True),
    case("format_dim_map/bad_format", lambda ms: ms.ops.DataFormatDimMap("NCH", "NHWC"), error=True),
    case("format_dim_map/format_not_str", lambda ms: ms.ops.DataFormatDimMap("NHWC", 1), error=True),
]
