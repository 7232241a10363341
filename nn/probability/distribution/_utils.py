"""Argument checks and conversions of the distributions, with MindSpore's exception classes."""
import operator

import numpy as np

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter

__all__ = []


def read_only(attr):
    """A read-only property returning ``self.<attr>``."""
    return property(operator.attrgetter(attr))


class LocScale:
    """The ``loc`` and ``scale`` properties of the location-scale distributions and bijectors
    (read from ``_loc`` / ``_scale``)."""
    loc = read_only("_loc")
    scale = read_only("_scale")


def cast_to_tensor(t, hint_type=mstype.float32):
    if t is None:
        raise ValueError("Input cannot be None in cast_to_tensor")
    if isinstance(t, Parameter):
        return t
    if isinstance(t, bool):
        raise TypeError("Input cannot be Type Bool")
    if isinstance(t, (Tensor, np.ndarray, list, int, float)):
        return Tensor(t, dtype=hint_type)
    raise TypeError(f"Unable to convert input of type {type(t)} to a Tensor of type {hint_type}")


def _values(value):
    return None if isinstance(value, Parameter) else value.asnumpy()


def check_greater_equal_zero(value, name):
    v = _values(value)
    if v is not None and np.any(v < 0):
        raise ValueError(f"{name} must be greater than or equal to zero.")


def check_greater_zero(value, name):
    v = _values(value)
    if v is not None and not np.all(v > 0):
        raise ValueError(f"{name} must be greater than zero.")


def check_greater(a, b, name_a, name_b):
    if isinstance(a, Parameter) or isinstance(b, Parameter):
        return
    if not np.all(a.asnumpy() < b.asnumpy()):
        raise ValueError(f"{name_a} must be less than {name_b}")


def check_prob(p):
    v = _values(p)
    if v is None:
        return
    if not np.all(v > 0):
        raise ValueError("Probabilities must be greater than zero")
    if not np.all(v < 1):
        raise ValueError("Probabilities must be less than one")


def check_sum_equal_one(probs):
    v = _values(probs)
    if v is None:
        return
    total = np.sum(v, axis=-1)
    eps = np.finfo(total.dtype).eps
    if not np.allclose(total, np.ones(total.shape), rtol=eps * 10, atol=eps):
        raise ValueError("Probabilities for each category should sum to one for Categorical distribution.")


def check_rank(probs):
    v = _values(probs)
    if v is not None and v.ndim == 0:
        raise ValueError("probs for Categorical distribution must have rank >= 1.")


def check_distribution_name(name, expected):
    if name is None:
        raise ValueError("Input dist must be a constant which is not None.")
    if name != expected:
        raise ValueError(f"Expected dist input is {expected}, but got {name}.")


def check_tensor(x, name):
    if x is None or isinstance(x, Tensor):
        return x
    raise TypeError(f"For {name}, input type must be a Tensor or Parameter.")


def check_tuple(x, name):
    if isinstance(x, tuple):
        return x
    raise TypeError(f"For {name}, input type must be a tuple.")


def raise_none_error(name):
    raise TypeError(f"the type {name} must be subclass of Tensor. It can not be None since it is not specified "
                    f"during initialization.")


def raise_not_implemented(func_name, obj):
    raise NotImplementedError(f"{func_name} is not implemented for {obj} distribution.")


def raise_not_defined(func_name, obj):
    raise ValueError(f"{func_name} is undefined for {obj} distribution.")


def set_param_type(args, hint_type):
    """The dtype the parameters are computed in: float32 for integer/float64 inputs or hints."""
    ints = tuple(mstype.int_type) + tuple(mstype.uint_type)
    if hint_type in ints or hint_type is None:
        hint_type = mstype.float32
    common = None
    for name, arg in args.items():
        if hasattr(arg, "dtype"):
            cur = mstype.pytype_to_dtype(arg.dtype) if isinstance(arg, np.ndarray) else arg.dtype
            if common is None:
                common = cur
            elif cur != common:
                raise TypeError(f"{name} should have the same dtype as other arguments.")
    if common in ints or common == mstype.float64:
        return mstype.float32
    return hint_type if common is None else common
