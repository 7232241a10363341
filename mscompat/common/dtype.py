"""MindSpore data types (``mindspore.common.dtype``, imported as ``mstype``).

Each dtype is a singleton object that prints like MindSpore's (``str(float32)`` is
``Float32``, ``repr`` is ``mindspore.float32``) and converts to numpy/JAX dtypes through
one table, :data:`_TABLE`.

>>> from mscompat.common import dtype as mstype
>>> str(mstype.float32), mstype.dtype_to_nptype(mstype.int8)
('Float32', <class 'numpy.int8'>)
"""
import builtins

import numpy as np
import ml_dtypes

__all__ = [
    "Type", "Number", "Bool", "Int", "UInt", "Float", "BFloat", "Complex", "TensorType",
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "bfloat16", "complex64", "complex128",
    "half", "single", "double", "float_", "int_", "uint", "short", "intc", "intp", "long",
    "byte", "ubyte", "ushort", "uintc", "uintp", "cfloat", "cdouble", "qint4x2",
    "float8_e4m3fn", "float8_e5m2", "hifloat8",
    "tensor_type", "list_", "tuple_", "string", "type_none", "none", "number", "int_type",
    "uint_type", "float_type", "all_types", "number_type", "complex_type", "signed_type",
    "dtype_to_nptype", "dtype_to_pytype", "pytype_to_dtype", "get_py_obj_dtype",
    "is_float", "is_int", "is_signed", "QuantDtype",
]


class Type:
    """Base of every MindSpore type object."""

    _name = "Type"

    def __init__(self, name=None):
        if name is not None:
            self._name = name

    def __str__(self):
        return self._name

    def __repr__(self):
        key = _REPR_NAMES.get(self._name)
        return f"mindspore.{key}" if key else self._name

    def __eq__(self, other):
        return isinstance(other, Type) and self._name == other._name

    def __hash__(self):
        return hash(self._name)

    def __reduce__(self):
        return (_by_name, (self._name,))

    def to_numpy(self):
        return _TABLE[self][0]


class Number(Type):
    _name = "Number"


class Bool(Number):
    _name = "Bool"


class Int(Number):
    _name = "Int"


class UInt(Number):
    _name = "UInt"


class Float(Number):
    _name = "Float"


class BFloat(Number):
    _name = "BFloat"


class Complex(Number):
    _name = "Complex"


class TensorType(Type):
    """``mstype.TensorType(elem)``; prints as ``Tensor[Float32]``."""

    def __init__(self, element_type=None):
        self.element_type = element_type
        super().__init__("Tensor" if element_type is None else f"Tensor[{element_type}]")

    def element_type_(self):
        return self.element_type


class List(Type):
    _name = "List"


class Tuple(Type):
    _name = "Tuple"


class String(Type):
    _name = "String"


class TypeNone(Type):
    _name = "NoneType"


bool_ = Bool("Bool")
int8, int16, int32, int64 = (Int(f"Int{n}") for n in (8, 16, 32, 64))
uint8, uint16, uint32, uint64 = (UInt(f"UInt{n}") for n in (8, 16, 32, 64))
float16, float32, float64 = (Float(f"Float{n}") for n in (16, 32, 64))
bfloat16 = BFloat("BFloat16")
complex64, complex128 = Complex("Complex64"), Complex("Complex128")
float8_e4m3fn = Float("Float8E4M3FN")
float8_e5m2 = Float("Float8E5M2")
hifloat8 = Float("HiFloat8")
qint4x2 = Int("QInt4x2")

half, single, double, float_ = float16, float32, float64, float32
int_, uint, short, intc, intp = int32, uint32, int16, int32, int64
long = int64
byte, ubyte, ushort, uintc, uintp = int8, uint8, uint16, uint32, uint64
cfloat, cdouble = complex64, complex128

tensor_type = TensorType
list_ = List()
tuple_ = Tuple()
string = String()
type_none = none = TypeNone()
number = Number()

int_type = (int8, int16, int32, int64)
uint_type = (uint8, uint16, uint32, uint64)
float_type = (float16, float32, float64, bfloat16)
complex_type = (complex64, complex128)
signed_type = (int8, int16, int32, int64, float16, float32, float64, bfloat16, complex64, complex128)
number_type = (int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32,
               float64, bfloat16, complex64, complex128)
all_types = (bool_,) + number_type

# The one conversion table: mstype -> (numpy scalar type, python type).
_TABLE = {
    bool_: (np.bool_, builtins.bool),
    int8: (np.int8, builtins.int), int16: (np.int16, builtins.int),
    int32: (np.int32, builtins.int), int64: (np.int64, builtins.int),
    uint8: (np.uint8, builtins.int), uint16: (np.uint16, builtins.int),
    uint32: (np.uint32, builtins.int), uint64: (np.uint64, builtins.int),
    float16: (np.float16, builtins.float), float32: (np.float32, builtins.float),
    float64: (np.float64, builtins.float), bfloat16: (ml_dtypes.bfloat16, builtins.float),
    complex64: (np.complex64, builtins.complex), complex128: (np.complex128, builtins.complex),
    float8_e4m3fn: (ml_dtypes.float8_e4m3fn, builtins.float),
    float8_e5m2: (ml_dtypes.float8_e5m2, builtins.float),
}
_FROM_NP = {np.dtype(np_t): ms_t for ms_t, (np_t, _) in _TABLE.items()}
_BY_NAME = {t._name: t for t in _TABLE}
_REPR_NAMES = {str(t): n for n, t in [
    ("bool", bool_), ("int8", int8), ("int16", int16), ("int32", int32), ("int64", int64),
    ("uint8", uint8), ("uint16", uint16), ("uint32", uint32), ("uint64", uint64),
    ("float16", float16), ("float32", float32), ("float64", float64),
    ("bfloat16", bfloat16), ("complex64", complex64), ("complex128", complex128),
    ("float8_e4m3fn", float8_e4m3fn), ("float8_e5m2", float8_e5m2)]}


def _by_name(name):
    return _BY_NAME[name]


def dtype_to_nptype(type_):
    """Numpy scalar type of a MindSpore dtype (``int32`` -> ``numpy.int32``)."""
    try:
        return _TABLE[type_][0]
    except (KeyError, TypeError):
        raise TypeError(f"The dtype {type_} has no numpy equivalent.") from None


def dtype_to_pytype(type_):
    """Python type of a MindSpore dtype (``float32`` -> ``float``)."""
    if type_ in _TABLE:
        return _TABLE[type_][1]
    return {list_: list, tuple_: tuple, string: str, none: type(None)}.get(type_, type_)


def pytype_to_dtype(obj):
    """MindSpore dtype of a python or numpy type (``int`` -> ``int64``, ``np.float16`` -> ``float16``)."""
    if isinstance(obj, Type):
        return obj
    if obj is builtins.bool:
        return bool_
    if obj is builtins.int:
        return int64
    if obj is builtins.float:
        return float64
    if obj is builtins.complex:
        return complex128
    if obj is list:
        return list_
    if obj is tuple:
        return tuple_
    if obj is str:
        return string
    if obj is None or obj is type(None):
        return none
    try:
        return _FROM_NP[np.dtype(obj)]
    except (KeyError, TypeError):
        raise NotImplementedError(f"Unsupported convert python type {obj} to MindSpore type.") from None


def get_py_obj_dtype(obj):
    """MindSpore type of a python object: a Tensor's dtype wrapped as TensorType, else its type."""
    dt = getattr(obj, "dtype", None)
    if isinstance(dt, Type):
        return TensorType(dt)
    if isinstance(obj, type):
        return pytype_to_dtype(obj)
    return pytype_to_dtype(type(obj))


def from_numpy_dtype(np_dtype):
    """MindSpore dtype of a numpy/JAX dtype."""
    try:
        return _FROM_NP[np.dtype(np_dtype)]
    except KeyError:
        raise TypeError(f"The numpy dtype {np_dtype} is not supported by MindSpore.") from None


def to_dtype(value):
    """Accept an mstype, numpy dtype, python type or dtype name and return the mstype."""
    if isinstance(value, Type):
        return value
    if isinstance(value, str):
        if value in _BY_NAME:
            return _BY_NAME[value]
        value = {"bool": np.bool_, "bfloat16": ml_dtypes.bfloat16}.get(value, value)
    return pytype_to_dtype(value)


def is_float(t):
    return t in float_type or isinstance(t, (Float, BFloat))


def is_int(t):
    return t in int_type or t in uint_type


def is_signed(t):
    return t in signed_type


class QuantDtype:
    """Quantization data types of ``mindspore.common.dtype.QuantDtype``."""

    INT2, INT3, INT4, INT5, INT6, INT7, INT8 = ("INT2", "INT3", "INT4", "INT5", "INT6", "INT7", "INT8")
    UINT2, UINT3, UINT4, UINT5, UINT6, UINT7, UINT8 = ("UINT2", "UINT3", "UINT4", "UINT5", "UINT6",
                                                       "UINT7", "UINT8")
