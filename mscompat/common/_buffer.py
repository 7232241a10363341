"""``_Buffer`` (``mindspore.common.parameter._Buffer``): a Tensor that is Cell state but not a
Parameter (BatchNorm's running statistics). ``_Buffer(t)`` returns a gradient-stopped Tensor
flagged as a buffer, so assigning it to a Cell attribute registers it (``Cell.buffers()``), and
``isinstance(x, _Buffer)`` holds for every flagged Tensor, as in MindSpore."""
import jax

from .tensor import Tensor

__all__ = ["_Buffer"]


class _BufferMeta(type):
    def __instancecheck__(cls, instance):
        if cls is _Buffer:
            return isinstance(instance, Tensor) and getattr(instance, "_is_buffer", False) is True
        return super().__instancecheck__(instance)


class _Buffer(Tensor, metaclass=_BufferMeta):
    """``_Buffer(data, *, persistent=True)``."""

    def __new__(cls, data, *, persistent=True):
        if data is None:
            raise ValueError("For create Buffer, input data should not be None")
        if not isinstance(data, Tensor):
            raise TypeError("For create Buffer, type of input data should be Tensor")
        t = Tensor._wrap(jax.lax.stop_gradient(data._data if data._data is not None else data.init_data()._data))
        t._is_buffer = True
        t.persistent = persistent
        return t
