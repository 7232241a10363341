"""``mindspore.mutable`` tuples, lists and dicts in compiled calls: made inside a graph they come
back as plain containers of values (never JAX tracers); passed into a compiled call they stay
mutable inside it; in GRAPH_MODE their Tensors are differentiable and the gradient has the
container's structure (the parity table ``autodiff_mutable`` compares with MindSpore)."""
import jax
import numpy as np
import pytest

import mscompat as ms
from mscompat.common.mutable import is_mutable_container


@pytest.fixture
def graph_mode():
    saved = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=saved)


def _no_tracers(tree):
    leaves = jax.tree_util.tree_leaves(tree, is_leaf=lambda x: isinstance(x, ms.Tensor))
    return not any(isinstance(getattr(x, "_data", x), jax.core.Tracer) for x in leaves)


def test_mutable_containers_made_in_a_graph_come_back_with_values(graph_mode):
    @ms.jit
    def foo():
        return (ms.mutable([1, 2, 3], True), ms.mutable([ms.Tensor([1]), ms.Tensor([[2, 3]])], True),
                ms.mutable({"a": ms.Tensor([4])}))

    out = foo()
    assert out[0] == [1, 2, 3] and type(out[0]) is list
    assert type(out[1]) is list and _no_tracers(out)
    assert [t.asnumpy().tolist() for t in out[1]] == [[1], [[2, 3]]]
    assert type(out[2]) is dict and out[2]["a"].asnumpy().tolist() == [4]


def test_tuple_subclass_output_is_a_plain_tuple(graph_mode):
    class Pair(tuple):
        pass

    @ms.jit
    def f(x):
        return Pair((x + 1, x * 2))

    out = f(ms.Tensor(np.array([1.0], np.float32)))
    assert type(out) is tuple and _no_tracers(out)
    assert [t.asnumpy().tolist() for t in out] == [[2.0], [2.0]]


def test_mutable_container_stays_mutable_inside_a_compiled_call(graph_mode):
    seen = []

    @ms.jit
    def f(z):
        seen.append((is_mutable_container(z), type(z).__mro__[1]))
        return z[0] + z[1]

    a = ms.Tensor(np.array([1.0, 2.0], np.float32))
    out = f(ms.mutable((a, a)))
    assert seen[-1] == (True, tuple)
    assert np.allclose(out.asnumpy(), [2.0, 4.0])
    f((a, a))
    assert seen[-1] == (False, object)


def test_gradient_of_mutable_containers_has_their_structure(graph_mode, monkeypatch):
    class Net(ms.nn.Cell):
        def construct(self, z):
            return z["a"][0] * z["b"] * z["a"][2]

    a = ms.Tensor(np.array([1.0, 2.0], np.float32))
    b = ms.Tensor(np.array([3.0, 4.0], np.float32))
    grad = ms.ops.GradOperation()
    g = grad(Net())(ms.mutable({"a": (a, b, 2.0), "b": b}))
    assert type(g) is dict and type(g["a"]) is tuple
    assert np.allclose(g["a"][0].asnumpy(), [6.0, 8.0]) and np.allclose(g["a"][1].asnumpy(), 0.0)
    assert g["a"][2] == 0.0 and type(g["a"][2]) is float
    assert np.allclose(g["b"].asnumpy(), [2.0, 4.0])
    # MindSpore's STRICT syntax level gives a dict's gradient as the tuple of its values
    monkeypatch.setenv("MS_DEV_JIT_SYNTAX_LEVEL", "0")
    g = grad(Net())(ms.mutable({"a": (a, b, 2.0), "b": b}))
    assert type(g) is tuple and len(g) == 2 and type(g[0]) is tuple
    # a plain (constant) container is no differentiable input
    assert grad(Net())({"a": (a, b, 2.0), "b": b}) == ()
