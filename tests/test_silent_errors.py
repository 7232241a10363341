"""Errors MindSpore raises that must never become a silent wrong result: indices out of range
in compiled code (Embedding, gather, cross entropy), optimizers given the wrong gradients or a
NaN learning rate, unknown context keys."""
import math

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops, Tensor

MODES = [ms.PYNATIVE_MODE, ms.GRAPH_MODE]


@pytest.fixture(params=MODES, ids=["pynative", "graph"])
def mode(request):
    ms.set_context(mode=request.param)
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


class _Gather(nn.Cell):
    def construct(self, x, i):
        return ops.gather(x, i, 0)


class _CrossEntropy(nn.Cell):
    def construct(self, x, t):
        return ops.cross_entropy(x, t)


class _NLL(nn.Cell):
    def construct(self, x, t):
        return ops.NLLLoss()(x, t, ops.ones(4, ms.float32))[0]


X = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
LOGITS = Tensor(np.array([[0.1, -0.3, 0.7, 0.2], [1.2, 0.0, -0.5, 0.4]], np.float32))


# --- indices out of range ------------------------------------------------------------------
def test_embedding_out_of_range_raises(mode):
    net = nn.Embedding(5, 3)
    with pytest.raises(RuntimeError, match=r"For 'Gather', the 'input_indices' should be in the range \[0, 5\), "
                                           r"but got 7"):
        net(Tensor([[1, 7]], ms.int32)).asnumpy()
    assert np.isfinite(net(Tensor([[1, 4], [0, -1]], ms.int32)).asnumpy()).all()


def test_embedding_train_step_out_of_range_raises(mode):
    net = nn.Embedding(5, 3)
    opt = nn.SGD(net.trainable_params(), 0.1)
    gf = ms.value_and_grad(lambda i: net(i).sum(), None, opt.parameters)

    def step(i):
        loss, grads = gf(i)
        opt(grads)
        return loss
    if mode == ms.GRAPH_MODE:
        step = ms.jit(step)
    before = net.embedding_table.asnumpy().copy()
    step(Tensor([[1, 2]], ms.int32))
    good = net.embedding_table.asnumpy().copy()
    assert not np.allclose(before, good)
    with pytest.raises(RuntimeError, match="should be in the range"):
        step(Tensor([[1, 5]], ms.int32))
    # the failed step did not update the table with garbage
    np.testing.assert_array_equal(net.embedding_table.asnumpy(), good)


def test_gather_forms_out_of_range_raise(mode):
    bad = Tensor([0, 3], ms.int32)
    for fn in (lambda: ops.gather(X, bad, 0), lambda: ops.Gather()(X, bad, 0), lambda: X.gather(bad, 0),
               lambda: _Gather()(X, bad), lambda: ms.jit(lambda x, i: ops.gather(x, i, 0))(X, bad)):
        with pytest.raises(RuntimeError, match=r"range \[0, 3\), but got 3"):
            fn().asnumpy()
    # negative indices wrap once; the message shows the wrapped value as MindSpore does
    with pytest.raises(RuntimeError, match="but got -1"):
        _Gather()(X, Tensor([-4], ms.int32)).asnumpy()
    np.testing.assert_array_equal(_Gather()(X, Tensor([-3], ms.int32)).asnumpy(), X.asnumpy()[:1])


def test_vmapped_gather_checks_each_row():
    f = ms.vmap(lambda i: ops.gather(X, i, 0))
    np.testing.assert_array_equal(f(Tensor([[0, 1], [2, 1]], ms.int32)).asnumpy()[1, 0], X.asnumpy()[2])
    with pytest.raises(RuntimeError, match="but got 5"):
        f(Tensor([[0, 1], [2, 5]], ms.int32)).asnumpy()


def test_cross_entropy_out_of_range_raises(mode):
    for t in ([1, 9], [1, -5]):
        with pytest.raises(RuntimeError, match=r"For 'GatherD', the value of 'index' must be in \[-4, 4\)"):
            _CrossEntropy()(LOGITS, Tensor(t, ms.int32)).asnumpy()
        with pytest.raises(RuntimeError, match="'GatherD'"):
            nn.CrossEntropyLoss()(LOGITS, Tensor(t, ms.int32)).asnumpy()
    # ignore_index and in-range negative classes are fine and finite
    assert math.isfinite(float(_CrossEntropy()(LOGITS, Tensor([1, -100], ms.int32))))
    assert math.isfinite(float(_CrossEntropy()(LOGITS, Tensor([1, -3], ms.int32))))


def test_nll_loss_primitive_label_out_of_range_raises_value_error(mode):
    with pytest.raises(ValueError, match=r"For 'NLLLoss', the label must in scope\[0, C-1\], but got4"):
        _NLL()(LOGITS, Tensor([1, 4], ms.int32)).asnumpy()
    assert math.isfinite(float(_NLL()(LOGITS, Tensor([1, 3], ms.int32))))


def test_embedding_ext_out_of_range_raises(mode):
    net = nn.EmbeddingExt(5, 3)
    with pytest.raises(RuntimeError, match=r"For 'Embedding', the 'input' should be in the range \[0, 5\)"):
        net(Tensor([[1, 5]], ms.int64)).asnumpy()


# --- optimizers ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["SGD", "Momentum", "Adam", "Lamb", "AdamWeightDecay"])
@pytest.mark.parametrize("n_grads", [1, 3])
def test_optimizer_gradient_count_must_match(name, n_grads):
    net = nn.Dense(3, 2)
    params = net.trainable_params()
    opt = getattr(nn, name)(params, 0.1, **({"momentum": 0.9} if name == "Momentum" else {}))
    before = [p.asnumpy().copy() for p in params]
    grads = (ops.ones_like(params[0]), ops.ones_like(params[1]), ops.ones_like(params[1]))[:n_grads]
    with pytest.raises(RuntimeError, match=rf"For '{name}', .*2 parameters, but got {n_grads} gradients"):
        opt(grads)
    for p, b in zip(params, before):    # nothing was updated
        np.testing.assert_array_equal(p.asnumpy(), b)


@pytest.mark.parametrize("lr", [float("nan"), float("inf"), -float("inf")])
def test_optimizer_learning_rate_must_be_finite(lr):
    params = nn.Dense(3, 2).trainable_params()
    for make in (lambda: nn.SGD(params, lr), lambda: nn.Adam(params, lr), lambda: nn.Momentum(params, lr, 0.9),
                 lambda: nn.Momentum([{"params": params, "lr": lr}], 0.1, 0.9)):
        with pytest.raises(ValueError, match=r"the 'learning rate' must be a legal value, but got '-?(nan|inf)'"):
            make()


# --- context keys ----------------------------------------------------------------------------
def test_set_context_unknown_key_raises_and_sets_nothing():
    mode = ms.get_context("mode")
    other = ms.PYNATIVE_MODE if mode == ms.GRAPH_MODE else ms.GRAPH_MODE
    with pytest.raises(ValueError, match="the keyword argument no_such_key is not recognized"):
        ms.set_context(mode=other, no_such_key=1)
    assert ms.get_context("mode") == mode
    with pytest.raises(ValueError, match="the argument no_such_key is not recognized"):
        ms.get_context("no_such_key")
    with pytest.raises(ValueError, match="through parameter ascend_config"):
        ms.set_context(precision_mode="force_fp16")
    with pytest.raises(ValueError, match="'device_target' must be one of"):
        ms.set_device("NPU")
    # keys MindSpore knows stay accepted
    ms.set_context(max_call_depth=1000, pynative_synchronize=False, save_graphs=False)
    assert ms.get_context("max_call_depth") == 1000


def test_gather_nd_out_of_range_raises_in_compiled_code(mode):
    f = ms.jit(lambda x, i: ops.gather_nd(x, i))
    np.testing.assert_array_equal(f(X, Tensor([[2, 3]], ms.int32)).asnumpy(), [11.0])
    with pytest.raises(RuntimeError, match="'GatherNd'.*does not index into input_shape: \\[3, 4\\]"):
        f(X, Tensor([[0, 1], [2, 4]], ms.int32)).asnumpy()


def test_out_of_range_in_data_parallel_step_raises_without_deadlock():
    # the bad index is on one device's shard: raising there would leave the other devices waiting
    # in the gradient all-reduce (XLA aborts the process after 40 s); the error is raised after the
    # call instead, before any Parameter is updated
    assert len(__import__("jax").devices()) >= 2
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, device_num=2)
    try:
        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.e = nn.Embedding(10, 4)

            def construct(self, i):
                return self.e(i).sum()
        net = Net()
        step = nn.TrainOneStepCell(net, nn.SGD(net.trainable_params(), 0.1))
        step(Tensor(np.array([[1, 2], [3, 4]], np.int32)))
        good = net.e.embedding_table.asnumpy().copy()
        with pytest.raises(RuntimeError, match=r"range \[0, 10\), but got 40"):
            step(Tensor(np.array([[1, 2], [3, 40]], np.int32)))
        np.testing.assert_array_equal(net.e.embedding_table.asnumpy(), good)
        step(Tensor(np.array([[1, 2], [3, 4]], np.int32)))     # the next good step runs
        assert not np.array_equal(net.e.embedding_table.asnumpy(), good)
    finally:
        ms.reset_auto_parallel_context()
        ms.set_context(mode=ms.PYNATIVE_MODE)
