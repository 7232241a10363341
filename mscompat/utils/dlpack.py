"""``to_dlpack(tensor)`` / ``from_dlpack(obj)``: exchange Tensors with other frameworks through
DLPack (a capsule, or any object with ``__dlpack__``)."""
import jax
import numpy as np

from mscompat.common.tensor import Tensor

__all__ = ["from_dlpack", "to_dlpack"]

_KDL_CPU = 1


class _Capsule:
    """A bare DLPack capsule presented with the protocol methods ``jax.dlpack`` expects."""

    def __init__(self, capsule):
        self._capsule = capsule

    def __dlpack__(self, *args, **kwargs):
        return self._capsule

    def __dlpack_device__(self):
        return (_KDL_CPU, 0)


def to_dlpack(tensor):
    """A DLPack capsule sharing ``tensor``'s data."""
    if tensor.has_init:
        tensor.init_data()
    data = tensor._data
    if data.dtype == np.bool_ or np.issubdtype(data.dtype, np.complexfloating):
        # MindSpore's DLPack export covers the integer and floating dtypes only
        raise RuntimeError(f"Unsupported data type: {tensor.dtype}")
    return data.__dlpack__()


def from_dlpack(dlpack):
    """A Tensor from a DLPack capsule (consumable once) or an object with ``__dlpack__``."""
    source = dlpack if hasattr(dlpack, "__dlpack__") else _Capsule(dlpack)
    try:
        return Tensor._wrap(jax.dlpack.from_dlpack(source))
    except (TypeError, ValueError, RuntimeError) as e:
        raise RuntimeError("from_dlpack received an invalid capsule. Note that DLTensor capsules can be consumed "
                           f"only once, so you might have already constructed a tensor from it once. ({e})") from None
