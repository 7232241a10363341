"""``mindspore.numpy`` dtypes: MindSpore's dtype objects under numpy's names, the constants,
and the promotion table ``mindspore.numpy`` applies (``promote_types``/``result_type``).

``int_`` is int32 and ``float_`` float32: ``mindspore.numpy`` defaults to 32-bit types where
numpy would pick 64-bit ones.
"""
from mscompat.common.dtype import (int8, int16, int32, int64, uint8, uint16, uint32, uint64,
                                   float16, float32, float64, bool_)

__all__ = ["int_", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64",
           "float_", "float16", "float32", "float64", "bool_", "inf", "nan", "pi", "PINF", "NINF",
           "numeric_types", "dtype_tuple", "dtype_map", "promotion_rule", "rule_for_trigonometric"]

inf = float("inf")
PINF = float("inf")
NINF = float("-inf")
nan = float("nan")
pi = 3.141592653589793

int_ = int32
uint = uint32
float_ = float32

numeric_types = ["int_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                 "float_", "float16", "float32", "float64", "bool_"]

dtype_tuple = (int_, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64,
               float_, float16, float32, float64, bool_)

# dtype names accepted where a dtype is expected ('int' and 'float' are the 32-bit types)
dtype_map = {"int": int_, "int8": int8, "int16": int16, "int32": int32, "int64": int64,
             "uint": uint, "uint8": uint8, "uint16": uint16, "uint32": uint32, "uint64": uint64,
             "float": float_, "float16": float16, "float32": float32, "float64": float64,
             "bool": bool_}


def _build_promotion():
    """Pairwise promotion of ``mindspore.numpy`` (keys ordered as (lower, higher))."""
    rule = {}
    unsigned = [uint8, uint16, uint32, uint64]
    signed = [int8, int16, int32, int64]
    floats = [float16, float32, float64]
    for i, a in enumerate(unsigned):
        for b in unsigned[i + 1:]:
            rule[(a, b)] = b
    # unsigned with signed: the smallest signed type holding both, float64 past int64
    widths = {uint8: 8, uint16: 16, uint32: 32, uint64: 64, int8: 8, int16: 16, int32: 32, int64: 64}
    by_width = {8: int8, 16: int16, 32: int32, 64: int64}
    for a in unsigned:
        for b in signed:
            need = max(2 * widths[a], widths[b])
            rule[(a, b)] = by_width[need] if need <= 64 else float64
    for a in unsigned + signed:
        for f in floats:
            rule[(a, f)] = f
    rule[(uint16, float64)] = float32  # as MindSpore's table has it
    for i, a in enumerate(signed):
        for b in signed[i + 1:]:
            rule[(a, b)] = b
    for i, a in enumerate(floats):
        for b in floats[i + 1:]:
            rule[(a, b)] = b
    for b in unsigned + signed + floats:
        rule[(bool_, b)] = b
    return rule


promotion_rule = _build_promotion()

# result dtype of the trigonometric functions for each input dtype
rule_for_trigonometric = {float16: float16, float32: float32, float64: float64,
                          int8: float16, int16: float32, int32: float32, int64: float32,
                          uint8: float16, uint16: float32, uint32: float32, uint64: float32,
                          bool_: float16}
