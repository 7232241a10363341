"""State of the global RNG: dropout masks differ between steps (ops, ``nn.Dropout``, inside
``ms.jit``), and ``set_seed`` repeats draws for fresh cells, jit functions and primitive instances.

Every case runs in PyNative and GRAPH_MODE (``both_modes``); in GRAPH_MODE real MindSpore
compiles the outermost Cell call. Each case returns the outputs of every step AND the final
Parameter values, so the mutated state is compared, not only return values. Cells are
classes defined inside the case (MindSpore parses their source); no lambdas are compiled.
"""
import numpy as np

from parity_tests.harness import both_modes, F32


# --- RNG: dropout masks differ between steps; set_seed repeats draws ---------------------------
def _dropout_masks_differ(ms, x):
    ops = ms.ops

    class Drop(ms.nn.Cell):
        def construct(self, a):
            return ops.dropout(a, p=0.5, training=True)

    d = Drop()
    m1 = d(x) != 0
    m2 = d(x) != 0
    m3 = d(x) != 0
    differ = bool((m1 != m2).asnumpy().any()) or bool((m2 != m3).asnumpy().any())
    kept = d(x)
    kept_ok = bool(np.all((kept.asnumpy() == 0) | np.isclose(kept.asnumpy(), x.asnumpy() * 2.0)))
    return differ, kept_ok, m1.shape, m1.dtype


def _nn_dropout_masks_differ(ms, x):
    d = ms.nn.Dropout(p=0.5)
    d.set_train(True)
    m1 = d(x) != 0
    m2 = d(x) != 0
    d.set_train(False)
    same = bool((d(x) == x).asnumpy().all())
    return bool((m1 != m2).asnumpy().any()), same, m1.shape


def _dropout_in_jit_differ(ms, x):
    ops = ms.ops

    @ms.jit
    def drop(a):
        return ops.dropout(a, p=0.5, training=True)

    m1 = drop(x) != 0
    m2 = drop(x) != 0
    m3 = drop(x) != 0
    return bool((m1 != m2).asnumpy().any()) or bool((m2 != m3).asnumpy().any()), m1.shape


def _seed_repeats_fresh_cell(ms):
    ops = ms.ops

    class Draw(ms.nn.Cell):
        def construct(self, a):
            return ops.uniform((64,), ms.Tensor(0.0, ms.float32), ms.Tensor(1.0, ms.float32)) + a

    z = ms.Tensor(np.zeros(64, np.float32))
    ms.set_seed(7)
    d = Draw()
    a1 = d(z).asnumpy()
    a2 = d(z).asnumpy()
    ms.set_seed(7)
    b1 = Draw()(z).asnumpy()
    return bool(np.array_equal(a1, b1)), bool(np.array_equal(a1, a2)), a1.shape


def _seed_repeats_fresh_jit(ms):
    ops = ms.ops

    def make():
        @ms.jit
        def draw(a):
            return ops.rand((32,)) + a
        return draw

    z = ms.Tensor(np.zeros(32, np.float32))
    ms.set_seed(11)
    f = make()
    a1 = f(z).asnumpy()
    a2 = f(z).asnumpy()
    ms.set_seed(11)
    b1 = make()(z).asnumpy()
    return bool(np.array_equal(a1, b1)), bool(np.array_equal(a1, a2))


def _seed_eager_after_compiled(ms):
    ops = ms.ops

    class Draw(ms.nn.Cell):
        def construct(self, a):
            return ops.rand((16,)) + a

    z = ms.Tensor(np.zeros(16, np.float32))
    ms.set_seed(9)
    c1 = Draw()(z).asnumpy()
    e1 = ops.rand((16,)).asnumpy()
    ms.set_seed(9)
    e2 = ops.rand((16,)).asnumpy()
    e3 = ops.rand((16,)).asnumpy()
    return bool(np.array_equal(c1, e2)), bool(np.array_equal(c1, e1)), bool(np.array_equal(e1, e3))


def _seed_primitive_fresh_instance(ms):
    ops = ms.ops

    class Draw(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.normal = ops.StandardNormal(seed=2, seed2=3)

        def construct(self):
            return self.normal((5, 4))

    ms.set_seed(123)
    d = Draw()
    a1 = d().asnumpy()
    a2 = d().asnumpy()
    ms.set_seed(123)
    b1 = Draw()().asnumpy()
    return bool(np.array_equal(a1, b1)), bool(np.array_equal(a1, a2)), a1.shape


def _seed_dropout_fresh_cell(ms, x):
    ops = ms.ops

    class Drop(ms.nn.Cell):
        def construct(self, a):
            return ops.dropout(a, p=0.5, training=True)

    ms.set_seed(5)
    d = Drop()
    m1 = (d(x) != 0).asnumpy()
    m2 = (d(x) != 0).asnumpy()
    ms.set_seed(5)
    n1 = (Drop()(x) != 0).asnumpy()
    return bool(np.array_equal(m1, n1)), bool(np.array_equal(m1, m2))


CASES = (
    both_modes("state/dropout_masks_differ", _dropout_masks_differ, F32(64))
    + both_modes("state/nn_dropout_masks_differ", _nn_dropout_masks_differ, F32(64))
    + both_modes("state/dropout_in_jit_differ", _dropout_in_jit_differ, F32(64))
    + both_modes("state/seed_repeats_fresh_cell", _seed_repeats_fresh_cell)
    + both_modes("state/seed_repeats_fresh_jit", _seed_repeats_fresh_jit)
    + both_modes("state/seed_eager_after_compiled", _seed_eager_after_compiled)
    + both_modes("state/seed_primitive_fresh_instance", _seed_primitive_fresh_instance)
    + both_modes("state/seed_dropout_fresh_cell", _seed_dropout_fresh_cell, np.ones(64, np.float32))
)
