"""The repeated compiled call (``mscompat._graph._fast_call``): after the first call of a
signature, an ``ms.jit`` function or a GRAPH_MODE cell hands its arrays straight to the compiled
executable. Every test compares it with the full call path (the fast call switched off) or with
known values: Parameter reads and writes, the RNG key, changing signatures, non-Tensor inputs,
gradients through it, threads."""
import threading
import types

import numpy as np
import pytest

import mscompat as ms
from mscompat import _graph, nn, ops


# every test with each repeated call of an ``ms.jit`` function (the ``front`` fixture, conftest.py)
pytestmark = pytest.mark.usefixtures("front")


@pytest.fixture
def no_fast(monkeypatch):
    """Switch the repeated-call path off (every call takes the full path)."""
    def off():
        monkeypatch.setattr(_graph, "_FAST_MISS_LIMIT", 0)
    return off


def _t(*shape, seed=0):
    return ms.Tensor(np.random.RandomState(seed).randn(*shape).astype(np.float32))


def _linear():
    w = ms.Parameter(_t(4, 3, seed=1), name="w")
    b = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name="b")

    @ms.jit
    def fn(x, y):
        return ops.matmul(x, w) + b + y
    return fn, w, b


def test_repeated_call_takes_the_fast_path_and_reads_parameters_each_call():
    fn, w, b = _linear()
    x, y = _t(2, 4), _t(2, 3, seed=2)
    first = fn(x, y).asnumpy()
    assert fn._compiled.fast is not None
    np.testing.assert_allclose(fn(x, y).asnumpy(), first, rtol=1e-6)
    b.set_data(ms.Tensor(np.ones(3, np.float32)))          # a Parameter changed outside the call
    np.testing.assert_allclose(fn(x, y).asnumpy(), first + 1, rtol=1e-6)
    ops.assign(w, ms.Tensor(np.zeros((4, 3), np.float32)))
    np.testing.assert_allclose(fn(x, y).asnumpy(), y.asnumpy() + 1, rtol=1e-6)
    assert fn._compiled.compiles == 1


def test_other_signatures_and_inputs_take_the_full_path():
    fn, w, b = _linear()
    expect = lambda x, y: x.asnumpy() @ w.asnumpy() + b.asnumpy() + np.asarray(y)   # noqa: E731
    a, c = _t(2, 4), _t(5, 4, seed=3)
    for x in (a, c, a, c, a):            # alternating shapes: each answer is its own
        y = _t(x.shape[0], 3, seed=4)
        np.testing.assert_allclose(fn(x, y).asnumpy(), expect(x, y), rtol=1e-5)
    assert fn._compiled.compiles == 2
    # a float64 input and a Python number: not the compiled signature of plain Tensors
    np.testing.assert_allclose(fn(a, 2.0).asnumpy(), expect(a, 2.0), rtol=1e-5)
    with pytest.raises(TypeError):      # as MindSpore: Add of a Tensor and a numpy array in the graph
        fn(a, np.ones(3, np.float32))
    y64 = ms.Tensor(np.ones((2, 3)), ms.float64)
    assert fn(a, y64).dtype == ms.float64
    np.testing.assert_allclose(fn(a, y64).asnumpy(), expect(a, 1.0), rtol=1e-5)


def test_parameter_writes_and_random_draws_match_the_full_path(no_fast):
    def run():
        ms.set_seed(7)
        p = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name="acc")

        @ms.jit
        def step(x):
            ops.assign_add(p, x)
            return x * 2, ops.uniform((3,), ms.Tensor(0.0), ms.Tensor(1.0))

        outs = [step(_t(3, seed=i)) for i in range(4)]
        return p.asnumpy(), [(a.asnumpy(), r.asnumpy()) for a, r in outs], step._compiled.fast

    acc, outs, fast = run()
    assert fast is not None
    no_fast()
    acc_ref, outs_ref, fast_ref = run()
    assert fast_ref is None
    np.testing.assert_array_equal(acc, acc_ref)
    for (a, r), (a_ref, r_ref) in zip(outs, outs_ref):
        np.testing.assert_array_equal(a, a_ref)
        np.testing.assert_array_equal(r, r_ref)
    assert not np.array_equal(outs[1][1], outs[2][1])      # the key advances on every call


def test_graph_mode_cell_with_batchnorm_matches_the_full_path(no_fast):
    def run():
        ms.set_context(mode=ms.GRAPH_MODE)
        try:
            ms.set_seed(0)
            net = nn.SequentialCell([nn.Dense(4, 4), nn.BatchNorm1d(4), nn.Dense(4, 2)])
            net.set_train(True)
            outs = [net(_t(8, 4, seed=i)).asnumpy() for i in range(4)]
            return outs, {n: p.asnumpy() for n, p in net.parameters_and_names()}
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)

    outs, params = run()
    no_fast()
    outs_ref, params_ref = run()
    for a, b in zip(outs, outs_ref):
        np.testing.assert_array_equal(a, b)
    assert params.keys() == params_ref.keys()
    for name in params:
        np.testing.assert_array_equal(params[name], params_ref[name], err_msg=name)
    assert not np.array_equal(params["1.moving_mean"], np.zeros(4))


def test_tuple_and_dict_outputs():
    @ms.jit
    def pair(x):
        return x + 1, (x * 2, x - 1)

    @ms.jit
    def named(x):
        return {"a": x + 1, "b": x * 3}

    x = _t(3)
    for _ in range(3):
        a, (b, c) = pair(x)
        np.testing.assert_allclose(c.asnumpy(), x.asnumpy() - 1, rtol=1e-6)
        d = named(x)
        assert type(d) is dict and list(d) == ["a", "b"]
        np.testing.assert_allclose(d["b"].asnumpy(), x.asnumpy() * 3, rtol=1e-6)


def test_gradient_through_a_jit_function_after_its_fast_path_exists():
    fn, w, b = _linear()
    x, y = _t(2, 4), _t(2, 3, seed=2)
    for _ in range(3):
        fn(x, y)
    assert fn._compiled.fast is not None
    grads = ms.grad(lambda x: fn(x, y).sum(), grad_position=None, weights=[w, b])(x)
    np.testing.assert_allclose(grads[0].asnumpy(), np.repeat(x.asnumpy().sum(0)[:, None], 3, 1), rtol=1e-5)
    np.testing.assert_allclose(grads[1].asnumpy(), np.full(3, 2.0), rtol=1e-6)


def test_threads_share_one_function():
    fn, w, b = _linear()
    fn(_t(2, 4), _t(2, 3))
    errors = []

    def work(seed):
        try:
            for i in range(30):
                x, y = _t(2 + seed % 2, 4, seed=seed + i), _t(2 + seed % 2, 3, seed=seed)
                got = fn(x, y).asnumpy()
                np.testing.assert_allclose(got, x.asnumpy() @ w.asnumpy() + b.asnumpy() + y.asnumpy(), rtol=1e-5)
        except Exception as e:       # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_the_repeated_call_is_the_functions_own_call_and_hands_back_what_it_cannot_take(front):
    fn, w, b = _linear()
    x, y = _t(2, 4), _t(2, 3, seed=2)
    first = fn(x, y).asnumpy()
    assert fn.__name__ == "fn"
    if front == "c":    # a function-like C object: its positional calls go to the C repeated call
        assert isinstance(fn.front, _graph._cfront.Front)
    else:   # as MindSpore's jit, the decorated function is a function; its code is the repeated call
        assert isinstance(fn, types.FunctionType)
        assert fn.__code__.co_filename.startswith("<fast call of")   # one generated frame for the call
    np.testing.assert_allclose(fn(x, y).asnumpy(), first, rtol=1e-6)
    np.testing.assert_allclose(fn(x, y=y).asnumpy(), first, rtol=1e-6)      # keywords: the full call
    np.testing.assert_allclose(fn(x, 1.0).asnumpy(), x.asnumpy() @ w.asnumpy() + 1.0, rtol=1e-5)
    # inside a transform the function is traced, not run: the gradient reaches the Parameter
    g = ms.grad(lambda x: fn(x, y).sum(), grad_position=None, weights=[w])(x)[0]
    np.testing.assert_allclose(g.asnumpy(), np.tile(x.asnumpy().sum(0)[:, None], (1, 3)), rtol=1e-5)
    other = _linear()[0]
    other(x, y)
    if front == "c":
        assert other.front is not fn.front      # each its own
    else:
        assert other.__code__ is not fn.__code__ and other.__globals__ is not fn.__globals__
    compiles = fn._compiled.compiles
    np.testing.assert_allclose(fn(x, y).asnumpy(), first, rtol=1e-6)
    assert fn._compiled.compiles == compiles    # back to the first signature: nothing compiled


def test_the_function_form_swaps_its_code_per_signature_and_keeps_methods_per_object():
    fn, w, b = _linear()
    assert ms.jit(fn) is fn                      # decorating again changes nothing
    small, big = (_t(2, 4), _t(2, 3, seed=2)), (_t(5, 4, seed=3), _t(5, 3, seed=4))
    for _ in range(3):                           # alternating signatures: each its own repeated call
        for x, y in (small, big):
            np.testing.assert_allclose(fn(x, y).asnumpy(), x.asnumpy() @ w.asnumpy() + b.asnumpy() + y.asnumpy(),
                                       rtol=1e-5)
    assert fn._compiled.compiles == 2

    class Scale:
        def __init__(self, k):
            self.k = k

        @ms.jit
        def apply(self, x):
            return x * self.k

    x = _t(2, 3)
    one, two = Scale(1.0), Scale(2.0)
    np.testing.assert_allclose(two.apply(x).asnumpy(), 2 * x.asnumpy(), rtol=1e-6)
    np.testing.assert_allclose(one.apply(x).asnumpy(), x.asnumpy(), rtol=1e-6)
    assert not isinstance(Scale.__dict__["apply"], types.FunctionType)   # a descriptor: one program per object


def test_a_program_that_draws_nothing_takes_no_key_and_one_that_draws_advances_it():
    fn, w, b = _linear()
    x, y = _t(2, 4), _t(2, 3, seed=2)
    fn(x, y)
    entry = fn._compiled.programs._last[1]
    assert entry.key_at == 2          # the RNG key's place among (w, b, key, x, y): left out of the program
    assert len(fn._compiled.programs.params) + 2 == len(entry.executable.in_tree.children()[0].children())

    @ms.jit
    def noisy(x):
        return x + ops.uniform(x.shape, ms.Tensor(0.0), ms.Tensor(1.0))

    first, second, third = noisy(x).asnumpy(), noisy(x).asnumpy(), noisy(x).asnumpy()   # full, full, repeated call
    assert noisy._compiled.programs._last[1].key_at is None
    assert not np.array_equal(first, second) and not np.array_equal(second, third)
    ms.set_seed(5)
    again = noisy(x).asnumpy()
    ms.set_seed(5)
    np.testing.assert_array_equal(noisy(x).asnumpy(), again)


def test_the_repeated_call_hands_other_calls_on_and_they_bind_as_mindspores_jit(front):
    fn, w, b = _linear()
    x, y = _t(2, 4), _t(2, 3, seed=2)
    first = fn(x, y).asnumpy()
    fn(x, y)
    if front == "c":
        assert isinstance(fn.front, _graph._cfront.Front)
    np.testing.assert_allclose(fn(y=y, x=x).asnumpy(), first, rtol=1e-6)     # keywords: bound, then the call
    np.testing.assert_allclose(fn(x, y=y).asnumpy(), first, rtol=1e-6)
    assert fn._compiled.compiles == 1
    # MindSpore's own messages (graph/api.py), read from MindSpore 2.10 for this function
    with pytest.raises(TypeError, match=r"^missing a required argument: 'x'$"):
        fn(y=y)
    with pytest.raises(TypeError, match=r"^Function fn needs 2 positional argument and 0 default argument, "
                                        r"total 2, but got 3\.$"):
        fn(x, y, y)
    with pytest.raises(TypeError, match=r"^Function fn needs 2 positional argument, but got 1\.$"):
        fn(x)
    np.testing.assert_allclose(fn(x, 2.0).asnumpy(), x.asnumpy() @ w.asnumpy() + b.asnumpy() + 2.0, rtol=1e-5)
    np.testing.assert_allclose(fn(x, y).asnumpy(), first, rtol=1e-6)

    @ms.jit
    def star(*xs, scale=1.0):
        return xs[0] * w[0] * scale + xs[1]

    for _ in range(3):
        np.testing.assert_allclose(star(y, y).asnumpy(), y.asnumpy() * w.asnumpy()[0] + y.asnumpy(), rtol=1e-6)
    np.testing.assert_allclose(star(y, y, scale=2.0).asnumpy(), 2 * y.asnumpy() * w.asnumpy()[0] + y.asnumpy(),
                               rtol=1e-6)


def test_the_repeated_call_writes_parameters_back_and_raises_mindsporess_run_time_errors():
    w = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name="w")

    @ms.jit
    def step(x):
        ops.assign(w, w + x)
        return w * 2

    x = ms.Tensor(np.ones(3, np.float32))
    outs = [step(x).asnumpy() for _ in range(4)]
    np.testing.assert_array_equal(outs, [np.full(3, 2.0 * k) for k in range(1, 5)])
    np.testing.assert_array_equal(w.asnumpy(), np.full(3, 4.0))

    @ms.jit
    def pick(p, i):
        return ops.gather(p, i, 0)

    p = _t(4, 2)
    good = ms.Tensor(np.array([0, 3], np.int32))
    for _ in range(3):
        np.testing.assert_array_equal(pick(p, good).asnumpy(), p.asnumpy()[[0, 3]])
    with pytest.raises(Exception) as info:       # an index out of range: the kernel's own error, at run time
        pick(p, ms.Tensor(np.array([0, 9], np.int32)))
    assert "9" in str(info.value) and not isinstance(info.value, _graph.RUNTIME_CHECK_ERROR)
    np.testing.assert_array_equal(pick(p, good).asnumpy(), p.asnumpy()[[0, 3]])


def _double(x):
    """Twice x."""
    return x * 2


def test_the_function_form_behaves_as_a_function(front):
    import copy
    import inspect
    import pickle
    import weakref
    fn = ms.jit(_double)
    globals()["_jitted_double"] = fn
    fn.__qualname__ = "_jitted_double"     # pickled by reference, as a function: found by this name
    try:
        assert pickle.loads(pickle.dumps(fn)) is fn
    finally:
        del globals()["_jitted_double"]
    assert copy.copy(fn) is fn and copy.deepcopy({"f": fn})["f"] is fn
    assert weakref.ref(fn)() is fn
    assert fn.__wrapped__ is _double and fn.__doc__ == "Twice x." and fn.__module__ == __name__
    assert str(inspect.signature(fn)) == "(x)" and repr(fn).startswith("<function _jitted_double at")
    fn.note = 1                             # attributes of its own, as a function has
    assert fn.__dict__["note"] == 1

    class Holder:                           # a class attribute binds as a method, as a function does
        twice = fn

    x = _t(2, 3)
    for _ in range(3):
        np.testing.assert_allclose(fn(x).asnumpy(), 2 * x.asnumpy(), rtol=1e-6)
        with pytest.raises(TypeError, match="positional argument"):
            Holder().twice(x)               # the object is the first input: two inputs for one
        assert Holder.twice is fn
