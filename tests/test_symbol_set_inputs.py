"""The Symbol constraints of a set_inputs placeholder, checked at a GRAPH_MODE call (the checker
reads the placeholder's ``symbolic_shape``, MindSpore's list of ``Symbol.to_dict()`` / ints)."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import nn


class Net(nn.Cell):
    def construct(self, x, y):
        return x + y


def _placeholder(symbols, n=2):
    t = ms.Tensor(shape=[None if isinstance(s, ms.Symbol) else s for s in symbols], dtype=ms.float32)
    t.symbolic_shape = [s.to_dict() if isinstance(s, ms.Symbol) else s for s in symbols]
    return t


@pytest.fixture
def graph_net():
    before = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    s1, s2 = ms.Symbol(max=16, divisor=8), ms.Symbol(unique=True)
    net = Net()
    net.set_inputs(_placeholder([s1, s2]), _placeholder([s1, s2]))
    yield net
    ms.set_context(mode=before)


def _t(*shape):
    return ms.Tensor(np.ones(shape, np.float32))


def test_values_within_the_symbols_pass(graph_net):
    assert graph_net(_t(16, 3), _t(16, 3)).shape == (16, 3)
    assert graph_net(_t(8, 5), _t(8, 5)).shape == (8, 5)


@pytest.mark.parametrize("x, y, words", [
    ((32, 3), (32, 3), "less than or equal to the 'max' value '16'"),
    ((10, 3), (10, 3), "'d * N + r' for 'N > 0', got d=8 and r=0"),
    ((16, 3), (16, 4), "is a unique symbol, all values must be the same. The previous value is 3"),
])
def test_violations_raise_value_error(graph_net, x, y, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)").replace("*", r"\*")
                       .replace("+", r"\+")):
        graph_net(_t(*x), _t(*y))


def test_min_constraint():
    before = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = Net()
        p = _placeholder([ms.Symbol(min=4), 3])
        net.set_inputs(p, p)
        with pytest.raises(ValueError, match="greater than or equal to the 'min' value '4'"):
            net(_t(2, 3), _t(2, 3))
        assert net(_t(4, 3), _t(4, 3)).shape == (4, 3)
    finally:
        ms.set_context(mode=before)


def test_tensor_shape_with_symbols_keeps_the_constraints():
    import mscompat as ms
    from mscompat import Symbol
    t = ms.Tensor(shape=[Symbol(max=16, divisor=8), 3], dtype=ms.float32)
    assert t.shape == (-1, 3)
    assert t.symbolic_shape == [{"max": 16, "divisor": 8}, 3]
    one = Symbol()
    t = ms.Tensor(shape=one, dtype=ms.float32)
    assert t.shape == (-1,) and t.symbolic_shape == [one]
    assert not hasattr(ms.Tensor(shape=[2, 3], dtype=ms.float32), "symbolic_shape")
    assert ms.common.Symbol is Symbol


def test_cell_graph_executor_compiles_once_per_signature():
    import numpy as np
    import mscompat as ms
    from mscompat import nn
    from mscompat.common.api import _cell_graph_executor
    net = nn.Dense(3, 2)
    x = ms.Tensor(np.ones((4, 3), np.float32))
    phase, new = _cell_graph_executor.compile(net, x)
    assert new and phase.startswith("predict.")
    assert _cell_graph_executor.compile(net, x) == (phase, False)
    np.testing.assert_allclose(_cell_graph_executor(net, x).asnumpy(), net(x).asnumpy(), rtol=1e-6)
    with pytest.raises(AttributeError, match="does not have method construct"):
        _cell_graph_executor.compile(object(), x)
