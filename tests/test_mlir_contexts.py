"""JAX's lowerings share one MLIR context per thread (``mscompat._mlir_contexts``), renewed every
``LOWERINGS_PER_CONTEXT`` lowerings; other threads lower into their own; the programs compute
what they did with a fresh context each."""
import threading

import jax
import jax.numpy as jnp
import numpy as np

from mscompat import _mlir_contexts


def _lowered_context(fn, shape):
    lowered = jax.jit(fn).lower(jax.ShapeDtypeStruct(shape, jnp.float32))
    return lowered.compiler_ir("stablehlo").context


def test_lowerings_of_one_thread_share_a_context_renewed_after_a_while(monkeypatch):
    monkeypatch.setattr(_mlir_contexts, "LOWERINGS_PER_CONTEXT", 3)
    monkeypatch.setattr(_mlir_contexts, "_local", threading.local())
    contexts = [_lowered_context(lambda x, k=k: x * k, (2, 3 + k)) for k in range(7)]
    assert contexts[0] is contexts[1] is contexts[2]
    assert contexts[3] is contexts[4] is contexts[5] and contexts[3] is not contexts[0]
    assert contexts[6] is not contexts[3]


def test_each_thread_lowers_into_its_own_context():
    seen = {}

    def lower(name):
        seen[name] = _lowered_context(lambda x: x + 1, (5, 17))
    threads = [threading.Thread(target=lower, args=(n,)) for n in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lower("main")
    assert len({id(c) for c in seen.values()}) == 3


def test_programs_compute_the_same_in_shared_contexts(monkeypatch):
    monkeypatch.setattr(_mlir_contexts, "LOWERINGS_PER_CONTEXT", 2)
    x = np.random.RandomState(0).randn(4, 9).astype(np.float32)
    results = []

    def worker():
        for k in range(5):
            results.append(float(jax.jit(lambda a, k=k: jnp.tanh(a * (k + 1)).sum())(x)))
    threads = [threading.Thread(target=worker) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    expected = [float(np.tanh(x.astype(np.float64) * (k + 1)).sum()) for k in range(5)]
    assert len(results) == 15
    for k in range(5):
        got = [r for r in results if abs(r - expected[k]) < 1e-3]
        assert len(got) == 3, (k, results)


def test_the_switch_leaves_jax_as_it_is(monkeypatch):
    monkeypatch.setenv("MSCOMPAT_SHARED_MLIR_CONTEXT", "0")
    assert _mlir_contexts.install() is False
    monkeypatch.delenv("MSCOMPAT_SHARED_MLIR_CONTEXT")
    assert _mlir_contexts.install() is False       # installed once, at import
