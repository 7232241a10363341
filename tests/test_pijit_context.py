"""``PIJitCaptureContext`` (``mindspore.common._pijit_context`` / ``graph._utils.pijit_context``) and
``_c_expression.get_code_extra``: bytecode capture runs the function eagerly, so Python control flow
sees Tensor values, and no code object has a PIJit compile record."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops
from mscompat._c_expression import get_code_extra
from mscompat.common._pijit_context import PIJitCaptureContext
from mscompat.graph._utils.pijit_context import PIJitCaptureContext as GraphPIJit


def test_same_class_on_both_paths():
    assert PIJitCaptureContext is GraphPIJit


def test_function_runs_with_concrete_values():
    def f(x):
        if x.sum() > 0:           # a Python branch on a Tensor value
            return x * 2
        return x - 1
    g = PIJitCaptureContext()(f)
    assert np.allclose(g(ms.Tensor([1.0, 2.0])).asnumpy(), [2.0, 4.0])
    assert np.allclose(g(ms.Tensor([-1.0, -2.0])).asnumpy(), [-2.0, -3.0])


def test_cell_and_fullgraph_config():
    class Net(nn.Cell):
        def construct(self, x):
            return ops.relu(x) + 1
    net = Net()
    wrapped = PIJitCaptureContext(fullgraph=True, jit_config={"jit_level": "O0"})(net)
    assert np.allclose(wrapped(ms.Tensor([-1.0, 3.0])).asnumpy(), [1.0, 4.0])


def test_disable_pijit_must_be_callable():
    with pytest.raises(TypeError, match="_disable_pijit"):
        PIJitCaptureContext(jit_config={"_disable_pijit": 1})


def test_context_manager_and_no_code_record():
    def f():
        return 1
    with PIJitCaptureContext() as ctx:
        assert isinstance(ctx, PIJitCaptureContext)
    assert get_code_extra(f) is None
    assert get_code_extra(f.__code__) is None
    assert get_code_extra(PIJitCaptureContext()(f)) is None
