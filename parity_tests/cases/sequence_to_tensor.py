"""``TupleToTensor`` / ``ListToTensor`` (``mindspore.ops.operations._sequence_ops``) and the ready-made
Primitive instances of ``mindspore.ops.function.array_func`` (``arg_max_with_value_``, ...)."""
import numpy as np

from parity_tests.harness import case


def _seq(ms):
    return __import__(f"{ms.__name__}.ops.operations._sequence_ops", fromlist=["TupleToTensor"])


def _array_func(ms):
    return __import__(f"{ms.__name__}.ops.function.array_func", fromlist=["arg_max_with_value_"])


def _tuple_to_tensor(ms, value, dtype):
    return _seq(ms).TupleToTensor()(value, getattr(ms, dtype))


def _list_to_tensor(ms, value, dtype):
    return _seq(ms).ListToTensor()(value, getattr(ms, dtype))


def _instances(ms, x):
    f = _array_func(ms)
    return [f.arg_max_with_value_(x), f.arg_min_with_value_(x), f.tuple_to_tensor_((1, 2), ms.int32),
            f.cast_(x, ms.float16), f.reduce_max_(x), f.transpose_(x.reshape(1, 5), (1, 0)).shape,
            f.arg_max_with_value_ is f.arg_max_with_value_]


_X = np.array([0.0, 0.4, 0.6, 0.7, 0.1], np.float32)

CASES = [
    case("seq_to_tensor/tuple_int64", lambda ms: _tuple_to_tensor(ms, (1, 2, 3, 4), "int64")),
    case("seq_to_tensor/tuple_float", lambda ms: _tuple_to_tensor(ms, (1.5, 2.0), "float32")),
    case("seq_to_tensor/tuple_to_float", lambda ms: _tuple_to_tensor(ms, (1, 2), "float64")),
    case("seq_to_tensor/range", lambda ms: _tuple_to_tensor(ms, range(3), "int32")),
    case("seq_to_tensor/not_a_tuple_is_none", lambda ms: _tuple_to_tensor(ms, [1, 2], "int32")),
    case("seq_to_tensor/list", lambda ms: _list_to_tensor(ms, [3, 1], "float32")),
    case("seq_to_tensor/list_of_tuple_raises", lambda ms: _list_to_tensor(ms, (3, 1), "float32"), error=True),
    case("seq_to_tensor/array_func_instances", _instances, _X),
]
