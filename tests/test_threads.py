"""State is per thread: threads that train or predict with compiled networks at once get the
results of the sequential run, and never see each other's tracers (DESIGN section 2)."""
import threading

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops, _state

STEPS = 200


class _Net(nn.Cell):
    def __init__(self, seed):
        super().__init__()
        rng = np.random.RandomState(seed)
        self.w = ms.Parameter(ms.Tensor(rng.randn(4, 3).astype(np.float32) * 0.5), name="w")
        self.b = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name="b")

    def construct(self, x):
        return ops.tanh(ops.matmul(x, self.w) + self.b)


def _data(seed):
    rng = np.random.RandomState(100 + seed)
    return ms.Tensor(rng.randn(8, 4).astype(np.float32)), ms.Tensor(rng.randn(8, 3).astype(np.float32))


def _train_cell(seed, out):
    """GRAPH_MODE TrainOneStepCell: the losses of STEPS steps and the final weights."""
    net = _Net(seed)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.05))
    x, y = _data(seed)
    losses = [float(step(x, y).asnumpy()) for _ in range(STEPS)]
    out[seed] = (losses, net.w.asnumpy().copy())


def _train_jit(seed, out):
    """ms.jit + value_and_grad + optimizer (Momentum)."""
    net = _Net(seed)
    opt = nn.Momentum(net.trainable_params(), 0.05, 0.9)
    loss_fn = nn.MSELoss()

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)

    @ms.jit
    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    x, y = _data(seed)
    losses = [float(step(x, y).asnumpy()) for _ in range(STEPS)]
    out[seed] = (losses, net.w.asnumpy().copy())


def _predict(net, seed, out):
    x, _ = _data(seed)
    out[seed] = [net(x * (i % 7)).asnumpy() for i in range(STEPS)]


def _run_threads(target, seeds, *args):
    out, errors = {}, []

    def run(seed):
        try:
            target(*args, seed, out)
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=run, args=(s,)) for s in seeds]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not any(t.is_alive() for t in threads), "a thread hangs"
    assert not errors, errors
    return out


@pytest.fixture
def graph_mode():
    old = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=old)


def _same(a, b):
    losses_a, w_a = a
    losses_b, w_b = b
    np.testing.assert_allclose(losses_a, losses_b, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(w_a, w_b, rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("train", [_train_cell, _train_jit], ids=["TrainOneStepCell", "jit_value_and_grad"])
def test_threads_train_and_predict(graph_mode, train):
    seeds = [0, 1, 2, 3]
    sequential = {}
    for s in seeds:
        train(s, sequential)
    shared = _Net(9)
    shared_seq = {}
    for s in seeds:
        _predict(shared, s, shared_seq)

    out, errors = {}, []
    predicted = {}

    def trainer(seed):
        try:
            train(seed, out)
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    def predictor(seed):
        try:
            _predict(shared, seed, predicted)
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=trainer, args=(s,)) for s in seeds]
    threads += [threading.Thread(target=predictor, args=(s,)) for s in seeds]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not any(t.is_alive() for t in threads), "a thread hangs"
    assert not errors, errors
    for s in seeds:
        _same(out[s], sequential[s])
        for a, b in zip(predicted[s], shared_seq[s]):
            np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)
    # nothing is left bound: Parameters can be created and read everywhere afterwards
    assert _state.current() is None
    p = ms.Parameter(ms.Tensor([1.0]), name="after_threads")
    assert float(p.asnumpy()[0]) == 1.0


def test_reader_thread_never_sees_a_tracer(graph_mode):
    """While one thread traces (its Parameters are bound to tracers), another thread reads the
    same Parameters: it gets their values, never a tracer."""
    net = _Net(5)
    started, release = threading.Event(), threading.Event()

    class Slow(nn.Cell):
        def __init__(self):
            super().__init__()
            self.net = net

        def construct(self, x):
            y = self.net(x)
            started.set()
            release.wait(30)     # hold the trace open while the reader reads
            return y

    seen, errors = [], []

    def reader():
        started.wait(30)
        try:
            seen.append(net.w.asnumpy())
            seen.append(ms.Parameter(ms.Tensor([2.0]), name="made_while_tracing").asnumpy())
        except BaseException as e:  # noqa: BLE001
            errors.append(e)
        finally:
            release.set()

    t = threading.Thread(target=reader)
    t.start()
    x, _ = _data(5)
    Slow()(x)
    t.join(30)
    assert not errors, errors
    assert isinstance(seen[0], np.ndarray) and seen[0].shape == (4, 3)
    np.testing.assert_array_equal(seen[1], [2.0])


def test_unknown_parameter_caught_by_user_code_is_still_discovered(graph_mode):
    """``except Exception`` in traced user code does not hide a Parameter from discovery."""
    outer = ms.Parameter(ms.Tensor(np.float32(3.0)), name="outer")

    # code the graph compiler does not parse (no source: library code, exec): it runs as Python
    space = {"outer": outer}
    exec("def scaled(x):\n"             # pylint: disable=exec-used
         "    try:\n"
         "        return x * outer\n"
         "    except Exception:\n"
         "        return x\n", space)
    scaled = space["scaled"]

    class Net(nn.Cell):
        def construct(self, x):
            return scaled(x)

    assert issubclass(_state.UnknownParameter, Exception)
    out = Net()(ms.Tensor(np.float32(2.0)))
    assert float(out.asnumpy()) == 6.0


def test_thread_seeds_and_global_rng_single_thread():
    """The global seed stays process-wide: a thread sees the seed set in the main thread, and
    random draws after set_seed are reproducible."""
    ms.set_seed(7)
    a = ops.uniform((3,), ms.Tensor(0.0), ms.Tensor(1.0)).asnumpy()
    ms.set_seed(7)
    got = {}
    t = threading.Thread(target=lambda: got.update(seed=ms.get_seed(),
                                                   x=ops.uniform((3,), ms.Tensor(0.0), ms.Tensor(1.0)).asnumpy()))
    t.start()
    t.join(30)
    assert got["seed"] == 7
    np.testing.assert_array_equal(got["x"], a)
