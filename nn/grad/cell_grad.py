"""``Jvp(fn)(*inputs, v)`` and ``Vjp(fn)(*inputs, v)``: MindSpore's deprecated Cell forms of the
Jacobian-vector and vector-Jacobian products; each returns ``(fn(*inputs), product)``. They run
through mscompat's autodiff transforms (``ops.jvp``, ``GradOperation``)."""
from mscompat import log as logger
from mscompat._autodiff import jvp, GradOperation
from mscompat.nn.cell import Cell

__all__ = ["Jvp", "Vjp"]


_WARNED = set()


def _deprecated(name, replacement):
    """MindSpore warns once per deprecated class."""
    if name in _WARNED:
        return
    _WARNED.add(name)
    logger.warning(f"'{name}' is deprecated from version 1.9 and will be removed in a future version, "
                   f"use '{replacement}' instead.")


class Jvp(Cell):
    """``Jvp(fn)(*inputs, v)``: ``(fn(*inputs), J·v)``; ``v`` is one tangent per input (a tuple
    when there are several inputs)."""

    def __init__(self, fn):
        _deprecated("Jvp", "ops.jvp")
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        inputs, v = args[:-1], args[-1]
        if len(inputs) == 1:
            return jvp(self.fn, inputs[0], v)
        return jvp(self.fn, tuple(inputs), v)


class Vjp(Cell):
    """``Vjp(fn)(*inputs, v)``: ``(fn(*inputs), v·J)``; the gradient is a tuple (one per input)
    when there are several inputs."""

    def __init__(self, fn):
        _deprecated("Vjp", "ops.vjp")
        super().__init__()
        self.fn = fn
        self.grad = GradOperation(get_all=True, sens_param=True)
        self.grad_single_value = GradOperation(sens_param=True)

    def construct(self, *args):
        inputs = args[:-1]
        output = self.fn(*inputs)
        grad = self.grad_single_value if len(inputs) == 1 else self.grad
        return output, grad(self.fn)(*args)
