"""MindSpore's implicit type promotion, where it differs from JAX's.

Tensor-Tensor: bool < integers < floats < complex; within a kind the wider type wins;
uint8 with int8 gives int16 (as numpy). Tensor-scalar: a Python ``bool`` never changes
the tensor's type, a Python ``int`` keeps any non-bool tensor type (bool -> int64), a
Python ``float`` keeps a float tensor's type and turns bool/int tensors into float32.
"""
import numpy as np
import jax.numpy as jnp
import ml_dtypes

_BOOL = np.dtype(np.bool_)
_F32 = np.dtype(np.float32)
_I64 = np.dtype(np.int64)
_C64 = np.dtype(np.complex64)


def _kind(dt):
    if dt == _BOOL:
        return 0
    k = dt.kind
    if k in "iu":
        return 1
    if k == "c":
        return 3
    return 2  # f, bfloat16 ("V" in some numpy versions)


_U64 = np.dtype(np.uint64)


def promote_types(a, b, op_name="Op"):
    """Result dtype of a binary op on two tensors of numpy dtypes ``a`` and ``b``.

    uint64 with a signed integer has no integer result type: TypeError, as MindSpore.
    """
    if a == b:
        return a
    if (a == _U64 and b.kind == "i") or (b == _U64 and a.kind == "i"):
        raise TypeError(f"For Op[{op_name}], the promote output type is invalid: {a} and {b} have no common "
                        "type; cast one of them first.")
    return np.dtype(jnp.promote_types(a, b))


def scalar_result_dtype(tensor_dtype, scalar):
    """Result dtype of a binary op between a tensor of ``tensor_dtype`` and a Python scalar."""
    if isinstance(scalar, bool):
        return tensor_dtype
    kind = _kind(tensor_dtype)
    if isinstance(scalar, int):
        return _I64 if kind == 0 else tensor_dtype
    if isinstance(scalar, float):
        return tensor_dtype if kind >= 2 else _F32
    if isinstance(scalar, complex):
        return tensor_dtype if kind == 3 else _C64
    raise TypeError(f"unsupported scalar {scalar!r}")


def is_floating(dt):
    return _kind(np.dtype(dt)) == 2


def is_integer(dt):
    return _kind(np.dtype(dt)) == 1


def is_complex(dt):
    return np.dtype(dt).kind == "c"


BFLOAT16 = np.dtype(ml_dtypes.bfloat16)
