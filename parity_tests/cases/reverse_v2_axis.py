"""``ops.ReverseV2(axis)``: ``axis`` is a list or tuple of int (None accepted) when the Primitive is
made; another type is a TypeError there, with MindSpore's message naming the accepted types."""

from parity_tests.harness import case, F32


def _message(ms, axis):
    try:
        ms.ops.ReverseV2(axis)
    except TypeError as e:
        return "should be one of '[list of int, tuple of int]'" in str(e)
    return "no error"


CASES = [
    case("reverse_v2_axis/list", lambda ms, x: ms.ops.ReverseV2([1])(x), F32(2, 3)),
    case("reverse_v2_axis/negative", lambda ms, x: ms.ops.ReverseV2((-1, 0))(x), F32(2, 3, 2)),
    case("reverse_v2_axis/float_message", lambda ms: _message(ms, 0.1)),
    case("reverse_v2_axis/int_message", lambda ms: _message(ms, 1)),
    case("reverse_v2_axis/float", lambda ms: ms.ops.ReverseV2(0.1), error=True),
    case("reverse_v2_axis/missing", lambda ms: ms.ops.ReverseV2(), error=True),
]
