"""mindspore.mint elementwise math, every unary and binary name: float32 values on two shapes,
float16, integer inputs (promotion), gradients, broadcasting, scalar operands, keyword forms,
GRAPH_MODE, and bad input (the exception class MindSpore raises).

Oracle: real MindSpore 2.10 CPU. Where its CPU build lacks the mint kernel (``REF`` below), the
value and grad cases carry an ``ms_ref`` computing the same math with the ``ops`` twin (whose
CPU kernel exists); bad-input cases need no ``ms_ref`` (MindSpore raises while parsing the
arguments, before it selects a kernel)."""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, I32, I64, BOOL
from parity_tests.cases._mint_cover_common import mint_fn, grad_sum

# name -> input domain (low, high)
WIDE = (-2.0, 2.0)
UNIT = (-0.9, 0.9)
POS = (0.5, 3.0)
GT1 = (1.1, 3.0)
UNARY = {
    "abs": WIDE, "acos": UNIT, "arccos": UNIT, "acosh": GT1, "arccosh": GT1, "asin": UNIT, "arcsin": UNIT,
    "asinh": WIDE, "arcsinh": WIDE, "atan": WIDE, "arctan": WIDE, "atanh": UNIT, "arctanh": UNIT,
    "ceil": WIDE, "cos": WIDE, "cosh": WIDE, "erf": WIDE, "erfc": WIDE, "erfinv": UNIT, "exp": WIDE,
    "exp2": WIDE, "expm1": WIDE, "floor": WIDE, "frac": WIDE, "log": POS, "log10": POS, "log1p": POS,
    "log2": POS, "neg": WIDE, "negative": WIDE, "reciprocal": POS, "round": WIDE, "rsqrt": POS,
    "sigmoid": WIDE, "sign": WIDE, "sin": WIDE, "sinc": WIDE, "sinh": WIDE, "sqrt": POS, "square": WIDE,
    "tan": UNIT, "tanh": WIDE, "fix": WIDE, "nan_to_num": WIDE,
}
# piecewise-constant ops: their gradient is zero (or undefined at integers)
NO_GRAD = {"ceil", "floor", "round", "sign", "fix", "frac"}
# the ops twin MindSpore's CPU runs, for names whose mint kernel it lacks (filled from the oracle)
REF = {n: (lambda ms, x, _t=t: getattr(ms.ops, _t)(x)) for n, t in (
    ("acos", "acos"), ("arccos", "acos"), ("acosh", "acosh"), ("arccosh", "acosh"), ("asin", "asin"),
    ("arcsin", "asin"), ("asinh", "asinh"), ("arcsinh", "asinh"), ("atan", "atan"), ("arctan", "atan"),
    ("exp2", "exp2"), ("frac", "frac"), ("log10", "log10"), ("log2", "log2"), ("isneginf", "isneginf"))}
REF["bitwise_not"] = lambda ms, x: ms.ops.logical_not(x) if x.dtype == ms.bool_ else -x - 1
# float16 transcendental kernels round differently (Eigen half vs XLA): widened where noted
F16_TOL = {"erfinv": 5e-3, "sinc": 5e-3, "expm1": 5e-3, "exp2": 5e-3, "acosh": 5e-3, "arccosh": 5e-3}


def _x(shape, dom, seed=None, dtype=np.float32):
    return (F32(*shape, low=dom[0], high=dom[1], seed=seed)).astype(dtype)


def _unary_cases(name, dom):
    op = (lambda ms, x, _n=name: mint_fn(ms, _n)(x))
    ref = REF.get(name)
    kw = {"ms_ref": ref} if ref else {}
    out = [
        case(f"mint.{name}/cov_f32_2d", op, _x((2, 3), dom), **kw),
        case(f"mint.{name}/cov_f32_3d", op, _x((2, 1, 4), dom, seed=11), **kw),
        case(f"mint.{name}/cov_f16", op, _x((5,), dom, seed=12, dtype=np.float16),
             rtol=F16_TOL.get(name), atol=F16_TOL.get(name), **kw),
        case(f"mint.{name}/cov_scalar_tensor", op, np.array(_x((1,), dom, seed=13)[0]), **kw),
        case(f"mint.{name}/cov_bad_list", lambda ms, _n=name: mint_fn(ms, _n)([0.5, 0.25]), error=True),
    ]
    if name not in NO_GRAD:
        gref = (lambda ms, x, _r=ref: grad_sum(ms, lambda u: _r(ms, u), x)) if ref else None
        out.append(case(f"mint.{name}/cov_grad", lambda ms, x, _n=name: grad_sum(ms, mint_fn(ms, _n), x),
                        _x((2, 3), dom, seed=14), **({"ms_ref": gref} if gref else {})))
    return out


CASES = []
for _name, _dom in UNARY.items():
    CASES += _unary_cases(_name, _dom)

# integer inputs: float-valued ops promote to float32, sign-like ops keep the integer dtype
INT_IN = ["abs", "neg", "negative", "sign", "square", "exp", "log", "sqrt", "sin", "cos", "tanh", "sigmoid",
          "reciprocal", "ceil", "floor", "round", "erf", "exp2", "log2", "expm1", "log1p", "atan", "rsqrt", "frac",
          "fix", "sinc"]
INT_POS = np.array([[1, 2, 3], [4, 7, 9]], np.int32)
for _name in INT_IN:
    _ref = REF.get(_name)
    CASES.append(case(f"mint.{_name}/cov_int32", lambda ms, x, _n=_name: mint_fn(ms, _n)(x), INT_POS,
                      **({"ms_ref": _ref} if _ref else {})))
for _name in ["abs", "neg", "sign", "square", "exp", "sqrt", "floor"]:
    _ref = REF.get(_name)
    CASES.append(case(f"mint.{_name}/cov_int64", lambda ms, x, _n=_name: mint_fn(ms, _n)(x),
                      INT_POS.astype(np.int64), **({"ms_ref": _ref} if _ref else {})))
for _name in ["abs", "neg", "exp", "sqrt", "sign", "logical_not", "bitwise_not", "isfinite", "isnan"]:
    _ref = REF.get(_name)
    CASES.append(case(f"mint.{_name}/cov_bool", lambda ms, x, _n=_name: mint_fn(ms, _n)(x), BOOL(2, 3),
                      **({"ms_ref": _ref} if _ref else {})))

# special values
SPECIAL = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-30, -2.5, 2.5], np.float32)
for _name in ["abs", "sign", "sqrt", "exp", "log", "isfinite", "isinf", "isnan", "isneginf", "round", "floor",
              "ceil", "frac", "fix", "nan_to_num", "reciprocal", "rsqrt", "sigmoid", "tanh", "erf", "log1p", "expm1",
              "sinc"]:
    _ref = REF.get(_name)
    CASES.append(case(f"mint.{_name}/cov_special_values", lambda ms, x, _n=_name: mint_fn(ms, _n)(x), SPECIAL,
                      **({"ms_ref": _ref} if _ref else {})))

CASES += [
    case("mint.nan_to_num/cov_args", lambda ms, x: ms.mint.nan_to_num(x, nan=1.0, posinf=9.0, neginf=-9.0), SPECIAL),
    case("mint.nan_to_num/cov_posinf_only", lambda ms, x: ms.mint.nan_to_num(x, posinf=5.0), SPECIAL),
    # MindSpore's CPU Round kernel only runs decimals=0 (round_cpu_kernel raises): numpy reference
    case("mint.round/cov_decimals", lambda ms, x: ms.mint.round(x, decimals=2), F32(2, 3),
         ms_ref=lambda ms, x: ms.Tensor(np.round(x.asnumpy(), 2))),
    case("mint.round/cov_decimals_neg", lambda ms, x: ms.mint.round(x * 100, decimals=-1), F32(2, 3),
         ms_ref=lambda ms, x: ms.Tensor(np.round(x.asnumpy() * 100, -1))),
    case("mint.logical_not/cov_f32", lambda ms, x: ms.mint.logical_not(x), np.array([0.0, 1.5, -2.0], np.float32)),
    case("mint.logical_not/cov_int", lambda ms, x: ms.mint.logical_not(x), np.array([0, 3, -1], np.int32)),
    case("mint.bitwise_not/cov_int64", lambda ms, x: ms.mint.bitwise_not(x), I64(2, 3), ms_ref=REF["bitwise_not"]),
    case("mint.bitwise_not/cov_uint8", lambda ms, x: ms.mint.bitwise_not(x), np.array([0, 1, 254], np.uint8),
         ms_ref=lambda ms, x: ms.Tensor(np.invert(x.asnumpy()))),
    case("mint.bitwise_not/cov_bad_float", lambda ms, x: ms.mint.bitwise_not(x), F32(3), error=True),
    case("mint.isneginf/cov_int", lambda ms, x: ms.mint.isneginf(x), I32(4), ms_ref=lambda ms, x: x != x),  # integers are never -inf
    case("mint.isfinite/cov_f16", lambda ms, x: ms.mint.isfinite(x), SPECIAL.astype(np.float16)),
    case("mint.isinf/cov_f16", lambda ms, x: ms.mint.isinf(x), SPECIAL.astype(np.float16)),
    case("mint.isnan/cov_f16", lambda ms, x: ms.mint.isnan(x), SPECIAL.astype(np.float16)),
    case("mint.clone/cov_int", lambda ms, x: ms.mint.clone(x), I32(2, 3), ms_ref=lambda ms, x: x * 1),
    case("mint.clone/cov_grad", lambda ms, x: grad_sum(ms, ms.mint.clone, x), F32(2, 3),
         ms_ref=lambda ms, x: grad_sum(ms, lambda u: u * 1, x)),
    case("mint.clone/cov_bad_list", lambda ms: ms.mint.clone([1.0]), error=True),
]
