"""PyNative ops whose computation takes several JAX operations run as one compiled program
(``ops/_programs.py``): BatchNorm, the activations, softmax, convolution and the CPU max pool
compile one program per new input signature, not one per JAX operation; differentiated at call
time their derivative is one program too; traced into a compiled graph they are inlined (the
graph holds no call of them). Values are those of the same computation run operation by
operation but for XLA's contraction of a multiply and an add into one rounding."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax._src import pjit

import mscompat as ms
from mscompat import nn, ops, Tensor


@pytest.fixture
def programs(monkeypatch):
    """The names of the programs JAX lowers (one per compile) while the test runs."""
    names = []
    original = pjit._resolve_and_lower

    def counting(*args, **kwargs):
        names.append(kwargs.get("name"))
        return original(*args, **kwargs)

    monkeypatch.setattr(pjit, "_resolve_and_lower", counting)
    return names


def _x(*shape, seed=0):
    return Tensor(np.random.RandomState(seed).standard_normal(shape).astype(np.float32))


def _op_by_op(fn, *args):
    """``fn(*args)`` with every jitted function run operation by operation."""
    with jax.disable_jit():
        return fn(*args)


CASES = [
    ("BatchNorm2d inference", lambda: nn.BatchNorm2d(5).set_train(False), (2, 5, 7, 9)),
    ("BatchNorm2d training", lambda: nn.BatchNorm2d(5).set_train(True), (2, 5, 7, 9)),
    ("SiLU", nn.SiLU, (3, 11, 13)),
    ("Sigmoid", nn.Sigmoid, (3, 11, 13)),
    ("ReLU", nn.ReLU, (3, 11, 13)),
    ("GELU", nn.GELU, (3, 11, 13)),
    ("Softmax", lambda: nn.Softmax(-1), (3, 11, 13)),
    ("LogSoftmax", lambda: nn.LogSoftmax(1), (3, 11, 13)),
    ("Softplus", lambda: ops.softplus, (3, 11, 13)),
    ("Conv2d", lambda: nn.Conv2d(5, 4, 3, has_bias=False), (2, 5, 9, 9)),
    ("Conv2d 1x1 stride 2", lambda: nn.Conv2d(5, 4, 1, stride=2, has_bias=False), (2, 5, 9, 9)),
    ("MaxPool2d", lambda: nn.MaxPool2d(3, 2, pad_mode="same"), (2, 5, 9, 9)),
    ("AvgPool2d", lambda: nn.AvgPool2d(3, 2, pad_mode="same"), (2, 5, 9, 9)),
    ("AdaptiveAvgPool2d", lambda: nn.AdaptiveAvgPool2d(3), (2, 5, 9, 9)),
    ("LayerNorm", lambda: nn.LayerNorm((13,)), (3, 11, 13)),
    ("ReLU6", nn.ReLU6, (3, 11, 13)),
    ("HSwish", nn.HSwish, (3, 11, 13)),
    ("HSigmoid", nn.HSigmoid, (3, 11, 13)),
    ("Dense", lambda: nn.Dense(13, 4), (33, 13)),        # two ops: MatMul (transposed weight), BiasAdd
    ("SoftmaxCrossEntropyWithLogits",
     lambda: (lambda t: nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")(
         t, Tensor(np.arange(t.shape[0]) % 5))), (3, 13)),
    ("cross_entropy", lambda: (lambda t: ops.cross_entropy(t, Tensor(np.arange(t.shape[0]) % 5), label_smoothing=0.1)),
     (3, 13)),
    ("ReduceMean", lambda: (lambda t: ops.mean(t, (0, 2))), (3, 11, 13)),
    ("ReduceSum", lambda: (lambda t: ops.sum(t, 1)), (3, 11, 13)),
]


@pytest.mark.parametrize("name,make,shape", CASES, ids=[c[0] for c in CASES])
def test_an_op_on_a_new_shape_compiles_one_program_with_the_values_of_its_operations(programs, name, make, shape):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    layer = make()
    shape = (shape[0] + 37,) + shape[1:]      # a shape no other test uses
    x = _x(*shape)
    out = layer(x)
    assert len(programs) == (2 if name == "Dense" else 1), programs
    ref = _op_by_op(layer, x)
    # XLA:CPU contracts a multiply and an add of one program into one rounding: the last bit, more
    # where the result cancels (GELU's 1 + erf(x / sqrt(2)) near x = -3: 1e-5 of it)
    np.testing.assert_allclose(out.asnumpy(), ref.asnumpy(), rtol=3e-5, atol=1e-7)
    programs.clear()
    layer(_x(*shape, seed=1))
    assert programs == []       # the same signature: no new program


def test_batchnorm_training_updates_its_moving_statistics_in_pynative():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    bn = nn.BatchNorm2d(3, momentum=0.8).set_train(True)
    x = _x(4, 3, 5, 5)
    bn(x)
    a = x.asnumpy()
    mean = a.mean(axis=(0, 2, 3))
    var = a.var(axis=(0, 2, 3), ddof=1)
    np.testing.assert_allclose(bn.moving_mean.asnumpy(), 0.2 * mean, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(bn.moving_variance.asnumpy(), 0.8 + 0.2 * var, rtol=1e-5, atol=1e-6)
    assert not isinstance(bn.moving_mean._data, jax.core.Tracer)


class _Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 6, 3, has_bias=False)
        self.bn = nn.BatchNorm2d(6)
        self.act = nn.SiLU()
        self.pool = nn.MaxPool2d(2, 2)

    def construct(self, x):
        return self.pool(self.act(self.bn(self.conv(x)))).sum()


def test_a_pynative_gradient_compiles_one_backward_program_per_op(programs):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net = _Block()
    net.set_train(False)
    x = _x(2, 3, 10, 10)
    grad_fn = ms.grad(net, grad_position=0, weights=net.trainable_params())
    dx, dw = grad_fn(x)
    counted = len(programs)
    # the forward (four ops and the sum) and each op's derivative: a few programs per op,
    # against about five times as many when each JAX operation was its own
    assert counted <= 14, programs
    with jax.disable_jit():
        rx, rw = grad_fn(x)
    np.testing.assert_allclose(dx.asnumpy(), rx.asnumpy(), rtol=1e-5, atol=1e-6)
    for g, r in zip(dw, rw):
        np.testing.assert_allclose(g.asnumpy(), r.asnumpy(), rtol=1e-5, atol=1e-6)
    programs.clear()
    grad_fn(_x(2, 3, 10, 10, seed=3))
    assert programs == []


def test_in_a_compiled_graph_the_ops_are_inlined():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net = _Block()
    net.set_train(False)
    closed = jax.make_jaxpr(lambda a: net(Tensor(a))._data)(jnp.zeros((2, 3, 10, 10), jnp.float32))
    names = {e.primitive.name for e in closed.jaxpr.eqns}
    assert "pjit" not in names and "conv_general_dilated" in names
    graph = ms.jit(net)
    np.testing.assert_allclose(graph(_x(2, 3, 10, 10)).asnumpy(), net(_x(2, 3, 10, 10)).asnumpy(), rtol=1e-5)


def test_vmap_of_an_op_computes_each_row():
    x = _x(4, 3, 11)
    out = ms.vmap(lambda t: ops.softmax(t, -1))(x)
    np.testing.assert_allclose(out.asnumpy(), ops.softmax(x, -1).asnumpy(), rtol=1e-6, atol=1e-7)
