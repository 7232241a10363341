"""Indices out of range at run time: nn.Embedding, ops.gather / Gather / Tensor.gather,
gather_elements, cross_entropy / nll_loss / nn.CrossEntropyLoss and NLLLoss, in PyNative and
GRAPH_MODE (inside a compiled Cell). MindSpore raises where JAX would clamp or give NaN.
MindSpore 2.10's CPU build crashes after a dozen run-time kernel errors in one process, so the
error cases here are mostly the compiled ones; tests/test_silent_errors.py covers both modes.

The in-range cases come first: after a failed graph step MindSpore's CPU runtime reports the
previous error on the next graph call, so every error case follows the cases that must pass."""
import numpy as np

from parity_tests.harness import case, both_modes

TABLE = np.arange(15, dtype=np.float32).reshape(5, 3) / 10
A = np.arange(12, dtype=np.float32).reshape(3, 4)
LOGITS = np.array([[0.1, -0.3, 0.7, 0.2], [1.2, 0.0, -0.5, 0.4]], np.float32)


def _i32(v):
    return np.array(v, dtype=np.int32)


def _i64(v):
    return np.array(v, dtype=np.int64)


def _embedding(ms, ids):
    net = ms.nn.Embedding(5, 3, embedding_table=ms.Tensor(TABLE))
    return net(ids)


def _embedding_grad(ms, ids):
    net = ms.nn.Embedding(5, 3, embedding_table=ms.Tensor(TABLE))

    def forward(i):
        return net(i).sum()
    gf = ms.value_and_grad(forward, None, net.trainable_params())
    loss, grads = gf(ids)
    return loss, grads[0]


def _gather(ms, x, i):
    return _GatherNet(ms, 0)(x, i)


def _GatherNet(ms, axis):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.axis = axis

        def construct(self, x, i):
            return ms.ops.gather(x, i, self.axis)
    return Net()


def _gather_axis1(ms, x, i):
    return _GatherNet(ms, 1)(x, i)


def _gather_prim(ms, x, i):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.op = ms.ops.Gather()

        def construct(self, x, i):
            return self.op(x, i, 0)
    return Net()(x, i)


def _tensor_gather(ms, x, i):
    class Net(ms.nn.Cell):
        def construct(self, x, i):
            return x.gather(i, 0)
    return Net()(x, i)


def _gather_elements(ms, x, i):
    class Net(ms.nn.Cell):
        def construct(self, x, i):
            return ms.ops.gather_elements(x, 1, i)
    return Net()(x, i)


def _cross_entropy(ms, x, t):
    class Net(ms.nn.Cell):
        def construct(self, x, t):
            return ms.ops.cross_entropy(x, t)
    return Net()(x, t)


def _cross_entropy_none(ms, x, t):
    class Net(ms.nn.Cell):
        def construct(self, x, t):
            return ms.ops.cross_entropy(x, t, reduction="none", label_smoothing=0.1)
    return Net()(x, t)


def _cross_entropy_ignore(ms, x, t):
    class Net(ms.nn.Cell):
        def construct(self, x, t):
            return ms.ops.cross_entropy(x, t, ignore_index=9)
    return Net()(x, t)


def _ce_loss(ms, x, t):
    return ms.nn.CrossEntropyLoss()(x, t)


def _nll_loss(ms, x, t):
    class Net(ms.nn.Cell):
        def construct(self, x, t):
            return ms.ops.nll_loss(ms.ops.log_softmax(x, 1), t)
    return Net()(x, t)


def _nll_prim(ms, x, t):
    return ms.ops.NLLLoss()(x, t, ms.ops.ones(4, ms.float32))


CASES = [
    # in range (negative indices wrap once) -------------------------------------------------
    *both_modes("index_errors/embedding_ok", _embedding, _i32([[1, 4], [0, -1]])),
    *both_modes("index_errors/embedding_grad_ok", _embedding_grad, _i32([[1, 4], [1, 2]])),
    *both_modes("index_errors/gather_neg_ok", _gather, A, _i32([0, -3])),
    *both_modes("index_errors/gather_elements_ok", _gather_elements, A, _i64([[0, -4], [3, 1], [2, 2]])),
    *both_modes("index_errors/cross_entropy_neg_ok", _cross_entropy, LOGITS, _i32([1, -3])),
    *both_modes("index_errors/cross_entropy_ignored_ok", _cross_entropy, LOGITS, _i32([1, -100])),
    *both_modes("index_errors/cross_entropy_ignore_index_ok", _cross_entropy_ignore, LOGITS, _i32([2, 9])),
    case("index_errors/nll_prim_ok", _nll_prim, LOGITS, _i32([3, 0])),
    # (an error case of its own: MindSpore 2.10's CPU build crashes on it after other errors)
    case("index_errors/nll_loss_bad", _nll_loss, LOGITS, _i32([1, 4]), error=True),
    # out of range: MindSpore raises ------------------------------------------------------
    case("index_errors/nll_prim_bad", _nll_prim, LOGITS, _i32([1, 4]), error=True),
    *both_modes("index_errors/embedding_bad", _embedding, _i32([[1, 7]]), error=True),
    # (graph: MindSpore's CPU backward kernel then fails on the next steps; mscompat's graph
    # case is in tests/test_silent_errors.py)
    case("index_errors/embedding_grad_bad", _embedding_grad, _i32([[1, 5]]), error=True),
    *both_modes("index_errors/gather_bad", _gather, A, _i32([0, 3]), error=True),
    case("index_errors/gather_neg_bad/graph", _gather, A, _i32([0, -4]), error=True, mode="graph"),
    case("index_errors/gather_axis1_bad/graph", _gather_axis1, A, _i64([4]), error=True, mode="graph"),
    case("index_errors/Gather_prim_bad/graph", _gather_prim, A, _i32([7]), error=True, mode="graph"),
    case("index_errors/tensor_gather_bad/graph", _tensor_gather, A, _i32([9]), error=True, mode="graph"),
    case("index_errors/gather_elements_bad/graph", _gather_elements, A, _i64([[0, 7], [1, 1], [2, 2]]),
         error=True, mode="graph"),
    case("index_errors/cross_entropy_bad/graph", _cross_entropy, LOGITS, _i32([1, 9]), error=True, mode="graph"),
    case("index_errors/cross_entropy_neg_bad/graph", _cross_entropy, LOGITS, _i32([1, -5]), error=True,
         mode="graph"),
    case("index_errors/cross_entropy_none_bad/graph", _cross_entropy_none, LOGITS, _i32([4, 1]), error=True,
         mode="graph"),
    case("index_errors/CrossEntropyLoss_bad/graph", _ce_loss, LOGITS, _i32([1, 9]), error=True, mode="graph"),
]
