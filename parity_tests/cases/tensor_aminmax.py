"""``Tensor.aminmax(*, axis=0, keepdims=False)``: the (min, max) pair along an axis, as
``ops.aminmax``, in PyNative and GRAPH_MODE; bad axis and keepdims are errors."""
from parity_tests.harness import case, F32, I32


def _graph(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, a):
            return a.aminmax(axis=1, keepdims=True)
    return Net()(x)


CASES = [
    case("tensor_aminmax/default", lambda ms, x: x.aminmax(), F32(2, 3)),
    case("tensor_aminmax/axis1", lambda ms, x: x.aminmax(axis=1), F32(2, 3)),
    case("tensor_aminmax/neg_axis_keep", lambda ms, x: x.aminmax(axis=-1, keepdims=True), F32(3, 4)),
    case("tensor_aminmax/int", lambda ms, x: x.aminmax(), I32(5)),
    case("tensor_aminmax/axis_none", lambda ms, x: x.aminmax(axis=None), F32(2, 3)),
    case("tensor_aminmax/axis_none_keep", lambda ms, x: x.aminmax(axis=None, keepdims=True), F32(2, 3)),
    case("tensor_aminmax/graph", _graph, F32(2, 4), mode="graph"),
    case("tensor_aminmax/axis_out_of_range", lambda ms, x: x.aminmax(axis=2), F32(2, 3), error=True),
    case("tensor_aminmax/float_axis", lambda ms, x: x.aminmax(axis=1.0), F32(2, 3), error=True),
    case("tensor_aminmax/int_keepdims", lambda ms, x: x.aminmax(keepdims=1), F32(2, 3), error=True),
]
