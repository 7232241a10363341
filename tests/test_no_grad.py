"""``mscompat._no_grad`` is per thread: a block in one thread does not cut the gradients another
thread computes at the same time, and the fast path is restored when every block has ended."""
import threading

import numpy as np

import mscompat as ms
import importlib

_tensor_mod = importlib.import_module("mscompat.common.tensor")


def test_no_grad_is_per_thread():
    inside, release = threading.Event(), threading.Event()

    def hold():
        with ms._no_grad():
            inside.set()
            release.wait(10)

    t = threading.Thread(target=hold)
    t.start()
    assert inside.wait(10)
    try:
        g = ms.grad(lambda a: (a * a).sum())(ms.Tensor(np.array([1.0, 2.0], np.float32)))
        np.testing.assert_allclose(g.asnumpy(), [2.0, 4.0])
        assert _tensor_mod.grad_enabled()
    finally:
        release.set()
        t.join()
    assert _tensor_mod._NO_GRAD_THREADS[0] == 0


def test_no_grad_nested_restores():
    with ms._no_grad():
        with ms._no_grad():
            assert not _tensor_mod.grad_enabled()
        assert not _tensor_mod.grad_enabled()
    assert _tensor_mod.grad_enabled() and _tensor_mod._NO_GRAD_THREADS[0] == 0
