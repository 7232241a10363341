"""``mindspore.ops.function.grad.grad_func``: the autodiff transforms at their internal import path
(the objects of ``mindspore.ops``)."""
from mscompat import ops as _ops
from mscompat.ops._module_paths import bind as _bind

_NAMES = (
    'derivative', 'get_grad', 'grad', 'jacfwd', 'jacrev', 'jet', 'jvp', 'linearize', 'stop_gradient',
    'stop_gradient_', 'value_and_grad', 'vjp',
)

__all__ = _bind(globals(), _NAMES, _ops)
