"""Internal module paths MindSpore's own tests import: ``ops.operations.manually_defined`` (``shape_``,
``Shape``, ``Rank``, ``tile``), ``common.sparse_tensor.RowTensorInner`` and
``scipy.ops_wrapper.matrix_set_diag`` (``k`` an int or a band, the alignment of short diagonals) and
``ops.operations._sequence_ops.SequenceStack`` (a dynamic-length tuple in GRAPH_MODE) and
``_grad_ops.ConcatOffset`` (the start of each input in a concatenation, from the shapes)."""
import importlib

import numpy as np

from parity_tests.harness import case, F32, I32


def _mod(ms, path):
    return importlib.import_module(f"{ms.__name__}.{path}")


def _row(ms):
    cls = _mod(ms, "common.sparse_tensor").RowTensorInner
    r = cls(ms.Tensor(np.array([0, 2], np.int32)), ms.Tensor(np.array([[1., 2.], [3., 4.]], np.float32)), (3, 2))
    r2 = cls(row_tensor=r)
    return isinstance(r2, cls), r2.indices, r2.values, tuple(r2.dense_shape)


def _set_diag(ms, x, d, k=0, alignment="RIGHT_LEFT"):
    return _mod(ms, "scipy.ops_wrapper").matrix_set_diag(x, d, k, alignment)


CASES = [
    case("internal_module_paths/manually_defined_shape", lambda ms, x: (
        _mod(ms, "ops.operations.manually_defined").shape_(x), _mod(ms, "ops.operations.manually_defined").Shape()(x),
        _mod(ms, "ops.operations.manually_defined").Rank()(x)), F32(2, 3, 4)),
    case("internal_module_paths/manually_defined_tile", lambda ms, x: _mod(ms, "ops.operations.manually_defined").tile(
        x, (2, 1)), F32(2, 3)),
    case("internal_module_paths/row_tensor_inner", _row),
    case("internal_module_paths/matrix_set_diag", lambda ms, x, d: _set_diag(ms, x, d), F32(2, 3, 4), F32(2, 3)),
    case("internal_module_paths/matrix_set_diag_band", lambda ms, x, d: _set_diag(ms, x, d, (-1, 1)), I32(3, 4),
         I32(3, 3)),
    case("internal_module_paths/matrix_set_diag_left_right", lambda ms, x, d: _set_diag(ms, x, d, [0, 1], "LEFT_RIGHT"),
         F32(3, 4), F32(2, 3)),
    case("internal_module_paths/matrix_set_diag_bad_k", lambda ms, x, d: _set_diag(ms, x, d, 1.5), F32(3, 4), F32(3),
         error=True),
]


def _sequence_stack(ms, x, y, axis):
    cls = _mod(ms, "ops.operations._sequence_ops").SequenceStack

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.op = cls(axis=axis)

        def construct(self, seq):
            return self.op(seq)
    return Net()(ms.mutable((x, y), True))


CASES += [
    case("internal_module_paths/sequence_stack", lambda ms, x, y: _sequence_stack(ms, x, y, 0), F32(2, 3), F32(2, 3),
         mode="graph"),
    case("internal_module_paths/sequence_stack_axis", lambda ms, x, y: _sequence_stack(ms, x, y, -1), F32(2, 3),
         F32(2, 3), mode="graph"),
]


def _concat_offset(ms, axis, *xs):
    return _mod(ms, "ops.operations._grad_ops").ConcatOffset(len(xs), axis)(xs)


CASES += [
    case("internal_module_paths/concat_offset", lambda ms, x, y: _concat_offset(ms, 1, x, y), F32(2, 3), F32(2, 5)),
    case("internal_module_paths/concat_offset_three", lambda ms, x, y, z: _concat_offset(ms, -3, x, y, z),
         F32(2, 1, 2), F32(3, 1, 2), F32(1, 1, 2)),
    case("internal_module_paths/concat_offset_bad_axis", lambda ms, x, y: _concat_offset(ms, 2, x, y), F32(2, 3),
         F32(2, 5), error=True),
]
