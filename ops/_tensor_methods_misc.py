"""Tensor methods that call no functional op: creation from a Tensor (``new_zeros`` ...),
``itemset``, and the memory and bookkeeping API (``data_ptr``, ``move_to``, ``register_hook``
...), with MindSpore 2.10's argument checks. The methods that map onto ops are in
``_tensor_methods.py``."""
import numbers

import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from ._args import arr, Tensor, to_np_dtype
from ._registry import tensor_method

_wrap = Tensor._wrap


# ----------------------------------------------------------------------------------------
# creation from a Tensor


def _new_args(method, size, dtype, self):
    """MindSpore's checks of ``new_*(size, dtype)``: ``(shape, numpy dtype)``."""
    if isinstance(size, numbers.Integral) and not isinstance(size, bool):
        size = (size,)
    if not isinstance(size, (tuple, list)):
        raise TypeError(f"{method}(): argument 'size' (position 1) must be tuple of int, not {type(size).__name__}.")
    for i, s in enumerate(size):
        if isinstance(s, bool) or not isinstance(s, numbers.Integral):
            raise TypeError(f"{method}(): argument 'size' (position 1) must be tuple of int but found type of "
                            f"{type(s).__name__} at pos {i}.")
    if dtype is not None and not isinstance(dtype, mstype.Type):
        raise TypeError(f"{method}(): argument 'dtype' must be mstype but got {type(dtype).__name__}.")
    shape = tuple(int(s) for s in size)
    for i, s in enumerate(shape):
        if s < 0:
            if method == "new_empty":
                raise ValueError("negative dimensions are not allowed")
            raise ValueError(f"For primitive[{'Zeros' if method == 'new_zeros' else 'Ones'}], the {i}th dimension "
                             f"of input shape must be greater than or equal to 0, but got {s}.")
    return shape, to_np_dtype(dtype if dtype is not None else self.dtype)


def _new(name, fill):
    def method(self, size, dtype=None, **kwargs):
        shape, dt = _new_args(name, size, dtype, self)
        if fill is None:
            return _wrap(jnp.zeros(shape, dt))
        return _wrap(jnp.full(shape, fill, dt))
    return method


tensor_method("new_zeros")(_new("new_zeros", 0))
tensor_method("new_ones")(_new("new_ones", 1))
tensor_method("new_empty")(_new("new_empty", None))


@tensor_method("new_full")
def _new_full(self, size, fill_value, *, dtype=None, **kwargs):
    shape, dt = _new_args("new_full", size, dtype, self)
    return _wrap(jnp.full(shape, fill_value, dt))


# ----------------------------------------------------------------------------------------
# misc tensor API


@tensor_method("value")
def _value(self):
    return self


def _item_value(a, value):
    if isinstance(value, Tensor):
        return arr(value).astype(a.dtype)
    if not isinstance(value, numbers.Number):
        raise TypeError(f'Failed calling Cast with "Cast()(input={type(value).__name__}, dtype=mindspore.dtype)".')
    return jnp.asarray(value).astype(a.dtype)


@tensor_method("itemset")
def _itemset(self, *args):
    """A new Tensor with one element set (``self`` is unchanged, as in MindSpore)."""
    if not args:
        raise ValueError("'Tensor.itemset()' must have at least one argument, but got None.")
    if len(args) > 2:
        raise ValueError(f"'Tensor.itemset()' must have at most 2 argument, but got {len(args)}.")
    a = arr(self)
    if len(args) == 1:
        value = args[0]
        if not isinstance(value, numbers.Number):
            raise IndexError(f"'Tensor.itemset()' only support number input, but got {value}")
        if a.shape != (1,):
            raise IndexError(f"Only tensor which shape is (1,) support 1 arg that means omit index, but the "
                             f"tensor shape is {a.shape} and got 1 input.")
        return _wrap(jnp.asarray([value]).astype(a.dtype))
    index, value = args
    if isinstance(index, numbers.Integral) and not isinstance(index, bool):
        if not -a.size <= index < a.size:
            raise IndexError(f"index {index} is out of bounds for axis 0 with size {a.size}")
        return _wrap(a.reshape(-1).at[index].set(_item_value(a, value)).reshape(a.shape))
    if isinstance(index, tuple):
        if len(index) != a.ndim:
            raise IndexError(f"Tuple index len({len(index)}) is not same to tensor dimension({a.ndim})")
        for i, (k, n) in enumerate(zip(index, a.shape)):
            if isinstance(k, bool) or not isinstance(k, numbers.Integral):
                raise TypeError("The index object cannot be interpreted as an integer")
            if not -n <= k < n:
                raise IndexError(f"index {k} is out of bounds for axis {i} with size {n}")
        return _wrap(a.at[index].set(_item_value(a, value)))
    raise TypeError("The index object cannot be interpreted as an integer")


@tensor_method("set_const_arg")
def _set_const_arg(self, const_arg=True):
    if not isinstance(const_arg, bool):
        raise TypeError(f"For 'Tensor.set_const_arg', the type of 'const_arg' should be 'bool', "
                        f"but got '{type(const_arg).__name__}'.")
    self.const_arg = const_arg
    return self


@tensor_method("storage_offset")
def _storage_offset(self):
    return 0


@tensor_method("data_ptr")
def _data_ptr(self):
    return id(self)


@tensor_method("is_pinned")
def _is_pinned(self):
    return False


@tensor_method("is_shared")
def _is_shared(self):
    return False


@tensor_method("pin_memory")
def _pin_memory(self):
    return self


@tensor_method("move_to")
def _move_to(self, to, blocking=True):
    """A new Tensor on ``to``, which must be the context's device target."""
    from mscompat.context import get_context
    if not isinstance(blocking, bool):
        raise ValueError(f"The type of 'blocking' must be bool, but got {blocking}")
    if to not in ("Ascend", "GPU", "CPU"):
        raise ValueError(f"The value of 'to' must be one of ['Ascend', 'GPU', 'CPU'], but got {to}")
    target = get_context("device_target")
    if to != target:
        raise RuntimeError(f"The value of arg 'to' of method 'move_to' should be same with device target, "
                           f"but got to:{to}, device target: {target}")
    return _wrap(arr(self))


@tensor_method("to_")
def _to_(self, device=None, non_blocking=False):
    if not isinstance(non_blocking, bool):
        raise ValueError(f"The type of 'non_blocking' must be bool, but got {non_blocking}")
    if device not in ("Ascend", "CPU"):
        raise ValueError(f"The value of 'to' must be one of ['Ascend', 'CPU'], but got {device}")
    return self


@tensor_method("delete_")
def _delete_(self, non_blocking=False):
    """Releases the device memory in MindSpore; JAX frees it with the last reference. Returns ``self``."""
    if not isinstance(non_blocking, bool):
        raise ValueError(f"The type of 'non_blocking' must be bool, but got {non_blocking}")
    return self


def _gradient_hook_identity(hooks):
    @jax.custom_vjp
    def ident(x):
        return x

    def fwd(x):
        return x, None

    def bwd(_, g):
        t = Tensor._wrap(g)
        for h in list(hooks.values()):
            ret = h(t)
            if ret is not None:
                t = ret
        return (t._data.astype(g.dtype),)

    ident.defvjp(fwd, bwd)
    return ident


@tensor_method("register_hook")
def _register_hook(self, hook):
    if not callable(hook):
        raise TypeError(f"Expected a callable hook function, but got {type(hook).__name__}.")
    hooks = self.__dict__.setdefault("_hooks", {})
    key = len(hooks)
    hooks[key] = hook
    if isinstance(self._data, jax.core.Tracer) and len(hooks) == 1:
        # an intermediate value being differentiated: an identity whose backward pass runs
        # the hooks still registered then (a leaf input's hooks run in mscompat._autodiff)
        self._data = _gradient_hook_identity(hooks)(self._data)

    class _Handle:
        def remove(self_h):
            hooks.pop(key, None)
    return _Handle()


@tensor_method("is_init")
def _is_init(self):
    return getattr(self, "_is_init_flag", False)
