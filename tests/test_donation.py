"""Donation (``mscompat._graph._donated``): a compiled program writes the new values of the
Parameters it updates into the buffers of the old ones, so a training step holds one copy of the
weights and optimizer state. Every test runs with and without it (``MSCOMPAT_DONATE=0``) and
compares; a value something else still holds (a Tensor of it, another Parameter, a NumPy view)
keeps its value and stays readable."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import _graph, nn, ops


@pytest.fixture(autouse=True)
def small_programs_donate(monkeypatch):
    monkeypatch.setattr(_graph, "DONATE_MIN_BYTES", 0)    # these tests' programs are small


def _t(*shape, seed=0):
    return ms.Tensor(np.random.RandomState(seed).randn(*shape).astype(np.float32))


def _train(steps, hold=None):
    """A GRAPH_MODE TrainOneStepCell over Dense + BatchNorm; ``hold(net, step)`` runs before
    each step. Returns the losses, the final weights and the network."""
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(0)
    net = nn.SequentialCell([nn.Dense(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Dense(16, 4)])
    loss = nn.WithLossCell(net, nn.MSELoss())
    step = nn.TrainOneStepCell(loss, nn.Momentum(net.trainable_params(), 0.1, 0.9))
    x, y = _t(32, 8), _t(32, 4, seed=1)
    losses = []
    for k in range(steps):
        if hold is not None:
            hold(net, k)
        losses.append(float(step(x, y).asnumpy()))
    return losses, {p.name: p.asnumpy() for p in net.get_parameters()}, step, net


def _counting_copies(monkeypatch):
    copies = []
    own = _graph._own

    def counted(value):
        copies.append(value.shape)
        return own(value)
    monkeypatch.setattr(_graph, "_own", counted)
    return copies


def test_a_training_step_donates_its_state_and_gives_the_same_numbers(monkeypatch):
    copies = _counting_copies(monkeypatch)
    losses, weights, step, net = _train(6)
    weight = net[0].weight
    before = weight._stored.unsafe_buffer_pointer()
    step(_t(32, 8), _t(32, 4, seed=1))
    assert weight._stored.unsafe_buffer_pointer() == before    # the new weights written into the old buffer
    assert not copies       # nothing else held a donated value: no copy made
    monkeypatch.setenv("MSCOMPAT_DONATE", "0")
    plain_losses, plain_weights, step, net = _train(6)
    weight = net[0].weight
    before = weight._stored
    step(_t(32, 8), _t(32, 4, seed=1))
    assert weight._stored.unsafe_buffer_pointer() != before.unsafe_buffer_pointer()
    np.testing.assert_array_equal(losses, plain_losses)
    for name, value in weights.items():
        np.testing.assert_array_equal(value, plain_weights[name])


def test_values_held_elsewhere_keep_their_values():
    held = {}

    def hold(net, k):
        w = net[0].weight
        if k == 2:
            held["tensor"] = ms.Tensor(w)               # a Tensor sharing the weight's array
            held["expected"] = w.asnumpy()
            held["view"] = np.asarray(w._stored)        # a NumPy view of the same buffer
        if k == 3:
            held["other"] = ms.Parameter(held["tensor"], name="other")     # another Parameter of it
    losses, weights, _, _ = _train(6, hold)
    plain_losses, plain_weights, _, _ = _train(6)
    np.testing.assert_array_equal(losses, plain_losses)
    np.testing.assert_array_equal(weights["0.weight"], plain_weights["0.weight"])
    np.testing.assert_array_equal(held["tensor"].asnumpy(), held["expected"])
    np.testing.assert_array_equal(held["other"].asnumpy(), held["expected"])
    np.testing.assert_array_equal(held["view"], held["expected"])
    assert not np.array_equal(weights["0.weight"], held["expected"])


def test_an_output_that_is_a_written_parameter_stays_readable():
    ms.set_context(mode=ms.GRAPH_MODE)

    class Counter(nn.Cell):
        def __init__(self):
            super().__init__()
            self.total = ms.Parameter(ms.Tensor(np.zeros(4, np.float32)), name="total")

        def construct(self, x):
            ops.assign(self.total, self.total + x)
            return self.total

    net = Counter()
    x = ms.Tensor(np.ones(4, np.float32))
    outs = [net(x) for _ in range(5)]      # each output holds the value its call wrote
    for k, out in enumerate(outs, 1):
        np.testing.assert_array_equal(out.asnumpy(), np.full(4, float(k)))
    np.testing.assert_array_equal(net.total.asnumpy(), np.full(4, 5.0))


def test_a_jit_function_writing_a_parameter_donates_it_and_copies_what_is_held(front):
    w = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name="w")

    @ms.jit
    def step(x):
        ops.assign(w, w + x)
        return x.sum()      # another shape: the donated buffer can only take the new value of w

    x = ms.Tensor(np.ones(3, np.float32))
    step(x)
    step(x)
    if front == "c":
        assert isinstance(step.front, _graph._cfront.Front)
    before = w._stored.unsafe_buffer_pointer()
    step(x)                                 # the repeated call
    assert w._stored.unsafe_buffer_pointer() == before
    kept = ms.Tensor(w)
    for _ in range(3):
        step(x)
    np.testing.assert_array_equal(kept.asnumpy(), np.full(3, 3.0))
    np.testing.assert_array_equal(w.asnumpy(), np.full(3, 6.0))


def test_small_programs_do_not_donate(monkeypatch):
    monkeypatch.setattr(_graph, "DONATE_MIN_BYTES", 1 << 20)
    w = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name="w")

    @ms.jit
    def step(x):
        ops.assign(w, w + x)
        return x

    x = ms.Tensor(np.ones(3, np.float32))
    for _ in range(3):
        before = w._stored
        step(x)
        assert w._stored.unsafe_buffer_pointer() != before.unsafe_buffer_pointer()


def _in_threads(fn, n_threads=3):
    import threading
    errors = []

    def work():
        try:
            fn()
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(repr(e))
    threads = [threading.Thread(target=work) for _ in range(n_threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def test_threads_calling_one_donating_step_take_turns(front):
    # each call reads, donates and writes back the state under the state's lock: no call reads a
    # value another thread's call has donated, and no update is lost
    w = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name="w")

    @ms.jit
    def step(x):
        ops.assign(w, w + x)
        return x.sum()

    x = ms.Tensor(np.ones(3, np.float32))
    step(x)
    step(x)

    def calls():
        for _ in range(50):
            step(x)
    assert _in_threads(calls) == []
    np.testing.assert_array_equal(w.asnumpy(), np.full(3, 152.0))

    ms.set_context(mode=ms.GRAPH_MODE)
    net = nn.SequentialCell([nn.Dense(16, 32), nn.ReLU(), nn.Dense(32, 16)])
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.Momentum(net.trainable_params(), 0.01, 0.9))
    a, b = _t(8, 16), _t(8, 16, seed=1)
    train(a, b)

    def steps():
        for _ in range(30):
            train(a, b)
    assert _in_threads(steps) == []
    assert np.isfinite(float(train(a, b).asnumpy()))
