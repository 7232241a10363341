"""Attach Python operators and Tensor methods to ``Tensor`` from the op registry.

Operators map onto functional ops by name (``__add__`` -> ``add``), looked up when the
operator runs; while an op family does not define the op yet, a ``jnp`` expression with
MindSpore's promotion (``binary``) stands in. MindSpore semantics kept here:

- comparisons return bool Tensors; ``x == None`` / ``x == 'a'`` give Python ``False``;
- ``~`` is logical NOT for every dtype (bool result); ``bool - bool`` is ``!=``;
- ``& | ^`` have no reflected forms and there are no shift operators (MindSpore has none);
- augmented assignment (``x += 1``, ``-=``, ``*=``, ``/=``, ``//=``, ``%=``) rebinds the name to
  a new Tensor in PyNative, but inside a compiled call (GRAPH_MODE, ``jit``) it is in place, as
  MindSpore's graph makes it: the other operand is cast to the Tensor's dtype, the result cast
  back, and an input Tensor so changed changes the caller's Tensor (``_augmented``).

Methods come from ``METHODS`` (filled by ``@op(method=...)`` and ``@tensor_method``).
Runs once, when ``mscompat.ops`` is imported.
"""
import numbers
import types

import numpy as np
import jax.numpy as jnp

from mscompat.common.tensor import Tensor, COOTensor, CSRTensor
from mscompat.common._scope import compiling

from ._args import binary, arr
from ._registry import OPS, METHODS
from ._elementwise import abs_array

_CLASS_OWN = frozenset(Tensor.__dict__)  # defined in the class body: never overridden
_wrap = Tensor._wrap


def _fb_arith(name, f):
    def fb(x, y):
        a, b = binary(name, x, y)
        return _wrap(f(a, b))
    return fb


def _true_div(a, b):
    if a.dtype.kind in "biu":
        a, b = a.astype(np.float32), b.astype(np.float32)
    return a / b


def _cmp(f):
    return _fb_arith("compare", f)


def _bitwise(name, f):
    def fb(x, y):
        a, b = binary(name, x, y)
        if a.dtype.kind not in "biu":
            raise TypeError(f"For primitive[{name}], the input argument[x] must be a type of "
                            f"{{Tensor[Bool], Tensor[Int16], Tensor[Int32], Tensor[Int64], Tensor[Int8], "
                            f"Tensor[UInt16], Tensor[UInt32], Tensor[UInt64], Tensor[UInt8]}}.")
        return _wrap(f(a, b))
    return fb


# dunder -> (op name, reflected, fallback)
_OPERATORS = {
    "__add__": ("add", False, _fb_arith("Add", jnp.add)),
    "__radd__": ("add", True, _fb_arith("Add", jnp.add)),
    "__sub__": ("sub", False, _fb_arith("Sub", jnp.subtract)),
    "__rsub__": ("sub", True, _fb_arith("Sub", jnp.subtract)),
    "__mul__": ("mul", False, _fb_arith("Mul", jnp.multiply)),
    "__rmul__": ("mul", True, _fb_arith("Mul", jnp.multiply)),
    "__truediv__": ("div", False, _fb_arith("Div", _true_div)),
    "__rtruediv__": ("div", True, _fb_arith("Div", _true_div)),
    "__floordiv__": ("floor_divide", False, _fb_arith("FloorDiv", jnp.floor_divide)),
    "__rfloordiv__": ("floor_divide", True, _fb_arith("FloorDiv", jnp.floor_divide)),
    "__mod__": ("remainder", False, _fb_arith("FloorMod", jnp.remainder)),
    "__rmod__": ("remainder", True, _fb_arith("FloorMod", jnp.remainder)),
    "__pow__": ("pow", False, _fb_arith("Pow", jnp.power)),
    "__rpow__": ("pow", True, _fb_arith("Pow", jnp.power)),
    "__matmul__": ("matmul", False, None),
    "__rmatmul__": ("matmul", True, None),
    "__and__": ("bitwise_and", False, _bitwise("BitwiseAnd", jnp.bitwise_and)),
    "__or__": ("bitwise_or", False, _bitwise("BitwiseOr", jnp.bitwise_or)),
    "__xor__": ("bitwise_xor", False, _bitwise("BitwiseXor", jnp.bitwise_xor)),
    "__lt__": ("less", False, _cmp(jnp.less)),
    "__le__": ("less_equal", False, _cmp(jnp.less_equal)),
    "__gt__": ("greater", False, _cmp(jnp.greater)),
    "__ge__": ("greater_equal", False, _cmp(jnp.greater_equal)),
}


def _fn(name, fallback):
    d = OPS.get(name)
    if d is not None:
        return d.fn
    if fallback is None:
        raise TypeError(f"The operator needs the op '{name}', which is not available.")
    return fallback


# operators that take a list or tuple operand as a Tensor (MindSpore: ``x + [1, 2]``, ``[1, 2] - x``,
# ``x // (1, 2)`` and ``[1, 2] ** x`` compute; ``x * [1, 2]``, ``x / [1, 2]``, ``x ** [1, 2]`` and
# ``ops.add(x, [1, 2])`` raise TypeError): op name -> the directions that convert
_SEQUENCE_OPERANDS = {"add": (False, True), "sub": (False, True), "floor_divide": (False, True), "pow": (True,)}


# operators whose Tensor form takes a sparse right operand (MindSpore's ``add``/``sub``/``mul`` multitype
# graphs: ``dense + coo`` and ``dense - coo`` are dense, ``dense * coo`` / ``dense * csr`` sparse); the
# functional ops (``ops.add(dense, coo)``) reject it: op name -> (sparse classes, ``fn(dense, sparse)``)
# (``dense - coo``: ``_sub_op``)
_SPARSE_OPERANDS = {"add": ((COOTensor,), lambda d, s: s + d), "mul": ((COOTensor, CSRTensor), lambda d, s: s * d)}


def _binary(name, reflected, fallback):
    fn = _fn(name, fallback)  # every family is registered before attach() runs
    sparse, sparse_fn = _SPARSE_OPERANDS.get(name, ((), None)) if not reflected else ((), None)
    if reflected in _SEQUENCE_OPERANDS.get(name, ()):
        def method(self, other):
            if type(other) in (list, tuple):
                other = Tensor(other, self.dtype)      # in the Tensor's dtype, as MindSpore converts it
            elif type(other) in sparse:
                return sparse_fn(self, other)
            return fn(other, self) if reflected else fn(self, other)
        return method
    if sparse:
        def method(self, other):
            if type(other) in sparse:
                return sparse_fn(self, other)
            return fn(self, other)
        return method
    if not reflected and isinstance(fn, types.FunctionType):
        return fn       # the op's public form itself: ``x * y`` is ``mul(x, y)``, one call less
    if reflected:
        def method(self, other):
            return fn(other, self)
    else:
        def method(self, other):
            return fn(self, other)
    return method


def _eq_method(name, fallback, missing):
    def method(self, other):
        if other is None or isinstance(other, str):
            return missing
        return _fn(name, fallback)(self, other)
    return method


def _neg(self):
    a = arr(self)
    if a.dtype == np.bool_:
        raise TypeError("Select CPU operator[Neg] fail! Unsupported data type!")
    return _fn("neg", lambda x: _wrap(jnp.negative(arr(x))))(self)


def _abs(self):
    return _fn("abs", lambda x: _wrap(abs_array(arr(x))))(self)


def _invert(self):
    # MindSpore's ``~`` is logical NOT for every dtype (floats and complex included): bool result
    return _fn("logical_not", lambda x: _wrap(jnp.logical_not(arr(x))))(self)


def _sub_op(self, other):
    # ``bool_tensor - bool_tensor`` (or ``- True``) gives a bool Tensor in MindSpore (x != y),
    # although ops.sub rejects bools; the reflected ``True - bool_tensor`` still raises.
    if isinstance(other, (Tensor, bool)) and arr(self).dtype == np.bool_ and (
            isinstance(other, bool) or arr(other).dtype == np.bool_):
        a, b = binary("Sub", self, other)
        return _wrap(jnp.not_equal(a, b))
    if type(other) in (list, tuple):
        other = Tensor(other, self.dtype)
    elif type(other) is COOTensor:
        return -other + self
    return _fn("sub", _OPERATORS["__sub__"][2])(self, other)


def _round(self, ndigits=None):
    if ndigits is None:
        return _fn("round", lambda x: _wrap(jnp.round(arr(x))))(self)
    return _fn("round", lambda x, decimals=0: _wrap(jnp.round(arr(x), decimals)))(self, decimals=ndigits)


# augmented assignments that are in place inside a compiled call -> the binary operator
_AUGMENTED = {"__iadd__": "__add__", "__isub__": "__sub__", "__imul__": "__mul__", "__itruediv__": "__truediv__",
              "__ifloordiv__": "__floordiv__", "__imod__": "__mod__"}


def _augmented(binary_dunder):
    def method(self, other):
        if not compiling():
            return NotImplemented      # PyNative: Python computes ``x = x op other`` (a new Tensor)
        dtype = arr(self).dtype
        if isinstance(other, Tensor):
            other = _wrap(arr(other).astype(dtype))
        elif isinstance(other, (bool, int, float)):
            other = _wrap(jnp.asarray(other).astype(dtype))
        result = getattr(Tensor, binary_dunder)(self, other)
        if result is NotImplemented:
            return result
        self._data = arr(result).astype(dtype)
        return self
    return method


def attach():
    for dunder, binary_dunder in _AUGMENTED.items():
        setattr(Tensor, dunder, _augmented(binary_dunder))
    for dunder, (name, reflected, fallback) in _OPERATORS.items():
        setattr(Tensor, dunder, _binary(name, reflected, fallback))
    Tensor.__eq__ = _eq_method("equal", _cmp(jnp.equal), False)
    Tensor.__ne__ = _eq_method("not_equal", _cmp(jnp.not_equal), True)
    Tensor.__neg__ = _neg
    Tensor.__abs__ = _abs
    Tensor.__invert__ = _invert
    Tensor.__sub__ = _sub_op
    Tensor.__pos__ = lambda self: self
    Tensor.__round__ = _round
    Tensor.__hash__ = lambda self: id(self)  # __eq__ returns a Tensor, identity hashing stays
    for name, fn in METHODS.items():
        if name in _CLASS_OWN:
            raise RuntimeError(f"Tensor method '{name}' is defined in the Tensor class and registered as an op")
        setattr(Tensor, name, fn)
