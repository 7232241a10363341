"""mindspore.mint elementwise math, every unary and binary name: float32 values on two shapes,
float16, integer inputs (promotion), gradients, broadcasting, scalar operands, keyword forms,
GRAPH_MODE, and bad input (the exception class MindSpore raises).

Oracles: real MindSpore 2.10 CPU, where its build runs the mint op, and for every bad-input case
(MindSpore raises while parsing the arguments, before it selects a kernel). Where its CPU build
lacks the mint kernel (``REF``/``BIN_REF`` below: ``acos``..``arctan`` and their aliases, ``exp2``,
``frac``, ``log10``, ``log2``, ``isneginf``, ``bitwise_not``, ``atan2``, ``logaddexp(2)``,
``BitwiseOr/XorTensor`` and the bitwise ``*Scalar`` kernels, ``clone`` of integers, ``AddcdivExt``),
PyTorch is the oracle (``torch_ref``): the same call on ``torch`` (``_op``), values, dtypes and
gradients (``_grad_sum``, the ramp-weighted sum of ``grad_sum``). Re-expressions run on MindSpore
remain where MindSpore's CPU answers otherwise than PyTorch by design: ``round`` with ``decimals``
(its CPU kernel raises a RuntimeError of its own) and integer inputs of the float unary ops
(``INT_REF``)."""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, I32, I64, BOOL
from parity_tests.cases._mint_cover_common import mint_fn, grad_sum, default_run, mint_or_torch as _op


def _torch(fn):
    """``torch_ref=fn``: PyTorch runs the same lambda body."""
    return {"torch_ref": fn}

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
# names whose mint kernel MindSpore's CPU lacks (from the oracle): PyTorch is their oracle
REF = {"acos", "arccos", "acosh", "arccosh", "asin", "arcsin", "asinh", "arcsinh", "atan", "arctan", "exp2", "frac",
       "log10", "log2", "isneginf", "bitwise_not"}
# float16 transcendental kernels round differently (Eigen half vs XLA): widened where noted
F16_TOL = {"erfinv": 5e-3, "sinc": 5e-3, "expm1": 5e-3, "exp2": 5e-3, "acosh": 5e-3, "arccosh": 5e-3}


def _x(shape, dom, seed=None, dtype=np.float32):
    return (F32(*shape, low=dom[0], high=dom[1], seed=seed)).astype(dtype)


def _unary_cases(name, dom):
    op = (lambda m, x, _n=name: _op(m, _n)(x))
    kw = _torch(op) if name in REF else {}
    out = [
        case(f"mint.{name}/cov_f32_2d", op, _x((2, 3), dom), **kw),
        case(f"mint.{name}/cov_f32_3d", op, _x((2, 1, 4), dom, seed=11), **kw),
        case(f"mint.{name}/cov_f16", op, _x((5,), dom, seed=12, dtype=np.float16),
             rtol=F16_TOL.get(name), atol=F16_TOL.get(name), **kw),
        case(f"mint.{name}/cov_scalar_tensor", op, np.array(_x((1,), dom, seed=13)[0]), **kw),
        case(f"mint.{name}/cov_bad_list", lambda ms, _n=name: mint_fn(ms, _n)([0.5, 0.25]), error=True),
    ]
    if name not in NO_GRAD:
        g = (lambda m, x, _n=name: grad_sum(m, _op(m, _n), x))
        out.append(case(f"mint.{name}/cov_grad", g, _x((2, 3), dom, seed=14), **(_torch(g) if name in REF else {})))
    return out


CASES = []
for _name, _dom in UNARY.items():
    CASES += _unary_cases(_name, _dom)

# integer inputs: float-valued ops promote to float32, sign-like ops keep the integer dtype
INT_IN = ["abs", "neg", "negative", "sign", "square", "exp", "log", "sqrt", "sin", "cos", "tanh", "sigmoid",
          "reciprocal", "ceil", "floor", "round", "erf", "exp2", "log2", "expm1", "log1p", "atan", "rsqrt", "frac",
          "fix", "sinc"]
INT_POS = np.array([[1, 2, 3], [4, 7, 9]], np.int32)
# MindSpore's CPU build rejects integer inputs of its float kernels (mint.log/sin/tanh: "Select CPU
# operator[Log] fail! Unsupported data type!", where PyTorch promotes to float32): for the names whose
# mint kernel it lacks, the ops twin's CPU kernel on MindSpore is the reference (a TypeError too, or
# frac's integer result)
INT_REF = {"exp2": "exp2", "log2": "log2", "atan": "atan", "frac": "frac"}
for _name in INT_IN:
    _f = (lambda m, x, _n=_name: _op(m, _n)(x))
    CASES.append(case(f"mint.{_name}/cov_int32", _f, INT_POS, **(
        {"ms_ref": lambda ms, x, _t=INT_REF[_name]: getattr(ms.ops, _t)(x)} if _name in REF else {})))
for _name in ["abs", "neg", "sign", "square", "exp", "sqrt", "floor"]:
    _f = (lambda m, x, _n=_name: _op(m, _n)(x))
    CASES.append(case(f"mint.{_name}/cov_int64", _f, INT_POS.astype(np.int64), **(_torch(_f) if _name in REF else {})))
for _name in ["abs", "neg", "exp", "sqrt", "sign", "logical_not", "bitwise_not", "isfinite", "isnan"]:
    _f = (lambda m, x, _n=_name: _op(m, _n)(x))
    CASES.append(case(f"mint.{_name}/cov_bool", _f, BOOL(2, 3), **(_torch(_f) if _name in REF else {})))

# special values
SPECIAL = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-30, -2.5, 2.5], np.float32)
for _name in ["abs", "sign", "sqrt", "exp", "log", "isfinite", "isinf", "isnan", "isneginf", "round", "floor",
              "ceil", "frac", "fix", "nan_to_num", "reciprocal", "rsqrt", "sigmoid", "tanh", "erf", "log1p", "expm1",
              "sinc"]:
    _f = (lambda m, x, _n=_name: _op(m, _n)(x))
    CASES.append(case(f"mint.{_name}/cov_special_values", _f, SPECIAL, **(_torch(_f) if _name in REF else {})))

CASES += [
    case("mint.nan_to_num/cov_args", lambda ms, x: ms.mint.nan_to_num(x, nan=1.0, posinf=9.0, neginf=-9.0), SPECIAL),
    case("mint.nan_to_num/cov_posinf_only", lambda ms, x: ms.mint.nan_to_num(x, posinf=5.0), SPECIAL),
    # MindSpore's CPU Round kernel only runs decimals=0 (round_cpu_kernel raises RuntimeError "only support
    # decimals equal 0", which is not the missing-kernel stop a torch case needs): numpy's rounding, on MindSpore
    case("mint.round/cov_decimals", lambda ms, x: ms.mint.round(x, decimals=2), F32(2, 3),
         ms_ref=lambda ms, x: ms.Tensor(np.round(x.asnumpy(), 2))),
    case("mint.round/cov_decimals_neg", lambda ms, x: ms.mint.round(x * 100, decimals=-1), F32(2, 3),
         ms_ref=lambda ms, x: ms.Tensor(np.round(x.asnumpy() * 100, -1))),
    case("mint.logical_not/cov_f32", lambda ms, x: ms.mint.logical_not(x), np.array([0.0, 1.5, -2.0], np.float32)),
    case("mint.logical_not/cov_int", lambda ms, x: ms.mint.logical_not(x), np.array([0, 3, -1], np.int32)),
    case("mint.bitwise_not/cov_int64", lambda m, x: _op(m, "bitwise_not")(x), I64(2, 3),
         torch_ref=lambda m, x: _op(m, "bitwise_not")(x)),
    case("mint.bitwise_not/cov_uint8", lambda m, x: _op(m, "bitwise_not")(x), np.array([0, 1, 254], np.uint8),
         torch_ref=lambda m, x: _op(m, "bitwise_not")(x)),
    case("mint.bitwise_not/cov_bad_float", lambda ms, x: ms.mint.bitwise_not(x), F32(3), error=True),
    case("mint.isneginf/cov_int", lambda m, x: _op(m, "isneginf")(x), I32(4),   # integers are never -inf
         torch_ref=lambda m, x: _op(m, "isneginf")(x)),
    case("mint.isfinite/cov_f16", lambda ms, x: ms.mint.isfinite(x), SPECIAL.astype(np.float16)),
    case("mint.isinf/cov_f16", lambda ms, x: ms.mint.isinf(x), SPECIAL.astype(np.float16)),
    case("mint.isnan/cov_f16", lambda ms, x: ms.mint.isnan(x), SPECIAL.astype(np.float16)),
    case("mint.clone/cov_int", lambda m, x: _op(m, "clone")(x), I32(2, 3), torch_ref=lambda m, x: _op(m, "clone")(x)),
    case("mint.clone/cov_grad", lambda m, x: grad_sum(m, _op(m, "clone"), x), F32(2, 3),
         torch_ref=lambda m, x: grad_sum(m, _op(m, "clone"), x)),
    case("mint.clone/cov_bad_list", lambda ms: ms.mint.clone([1.0]), error=True),
]

# ---------------------------------------------------------------------------------------------
# binary ops: same shape, broadcasting, a Python scalar operand, integers, float16, grads, bad input
# name -> (domain of input, domain of other, integer inputs defined, differentiable)
BINARY = {
    "add": (WIDE, WIDE, True, True), "sub": (WIDE, WIDE, True, True), "mul": (WIDE, WIDE, True, True),
    "div": (WIDE, POS, True, True), "divide": (WIDE, POS, True, True), "pow": (POS, WIDE, False, True),
    "float_power": (POS, WIDE, False, True), "fmod": (WIDE, POS, True, True),
    "remainder": (WIDE, POS, True, True), "atan2": (WIDE, WIDE, False, True), "arctan2": (WIDE, WIDE, False, True),
    "maximum": (WIDE, WIDE, True, True), "minimum": (WIDE, WIDE, True, True), "logaddexp": (WIDE, WIDE, False, True),
    "logaddexp2": (WIDE, WIDE, False, True), "xlogy": (WIDE, POS, False, True), "floor_divide": (WIDE, POS, True, False),
}
INT_BINARY_ONLY = ["gcd", "bitwise_and", "bitwise_or", "bitwise_xor"]
LOGICAL = ["logical_and", "logical_or", "logical_xor"]
# mint kernels MindSpore's CPU lacks: PyTorch is their oracle
BIN_REF = {"atan2", "arctan2", "logaddexp", "logaddexp2"}
# names whose Python-scalar ``other`` MindSpore rejects (TypeError while parsing, before the kernel)
NO_SCALAR = {"logaddexp", "logaddexp2"}
# names whose scalar form's kernel MindSpore's CPU lacks (``FloorDivScalar``)
# KNOWN DEFECT: mscompat's functional add/sub/mul/div take a list ``other`` (Tensor operators share
# them, and ``x + [..]`` is valid); MindSpore's functional forms raise TypeError. Left out here.
LIST_ACCEPTED = {"add", "sub", "mul", "div", "divide"}
SCALAR_REF = {"floor_divide"}


def _bin_cases(name, da, db, ints, diff):
    op = (lambda m, a, b, _n=name: _op(m, _n)(a, b))
    ref = name in BIN_REF
    kw = _torch(op) if ref else {}
    a, b = _x((2, 3), da, seed=21), _x((2, 3), db, seed=22)
    out = [
        case(f"mint.{name}/cov_same_shape", op, a, b, **kw),
        case(f"mint.{name}/cov_broadcast", op, _x((2, 1, 3), da, seed=23), _x((4, 1), db, seed=24), **kw),
        # PyTorch's atan2 takes a Tensor ``other``: a 0-d float32 one (the same promotion as the scalar)
        case(f"mint.{name}/cov_scalar_other", lambda ms, x, _n=name: mint_fn(ms, _n)(x, 1.5), a,
             **({"torch_ref": lambda m, x, _n=name: _op(m, _n)(x, 1.5 if _n in SCALAR_REF else m.tensor(1.5))}
                if (ref or name in SCALAR_REF) and name not in NO_SCALAR else {})),
        case(f"mint.{name}/cov_f16", op, a.astype(np.float16), b.astype(np.float16), **kw),
        case(f"mint.{name}/cov_mixed_f16_f32", op, a.astype(np.float16), b, **kw),
        case(f"mint.{name}/cov_bad_shapes", op, F32(2, 3), F32(4, 5), error=True),
    ]
    if name not in LIST_ACCEPTED:
        out.append(case(f"mint.{name}/cov_bad_list", lambda ms, x, _n=name: mint_fn(ms, _n)(x, [1.0, 2.0]), a,
                        error=True))
    if ints:
        ia, ib = np.array([[7, -8, 9], [3, 4, -5]], np.int32), np.array([[2, 3, -4], [1, 5, 2]], np.int32)
        out.append(case(f"mint.{name}/cov_int32", op, ia, ib, **kw))
        out.append(case(f"mint.{name}/cov_int_float", op, ia, b, **kw))
    if diff:
        g = (lambda m, x, y, _n=name: grad_sum(m, _op(m, _n), x, y, argnums=(0, 1)))
        out.append(case(f"mint.{name}/cov_grad", g, a, b, **(_torch(g) if ref else {})))
    return out


for _name, _spec in BINARY.items():
    CASES += _bin_cases(_name, *_spec)



def _addcdiv_value(m, x, a, b):
    return _op(m, "addcdiv")(x, a, b, value=0.5)


def _addcdiv(m, x, a, b):
    return _op(m, "addcdiv")(x, a, b)


def _addcdiv_grad(m, x, a, b):
    return grad_sum(m, lambda u, v, w: _op(m, "addcdiv")(u, v, w, value=2), x, a, b, argnums=(0, 1, 2))


_IA = np.array([[12, -7, 9], [0, 45, 30]], np.int32)
_IB = np.array([[8, 21, -3], [5, 10, 4]], np.int32)
# MindSpore's CPU lacks BitwiseOrTensor/BitwiseXorTensor and the *Scalar kernels: PyTorch is their oracle
for _name in INT_BINARY_ONLY:
    _f = (lambda m, a, b, _n=_name: _op(m, _n)(a, b))
    _kw = _torch(_f) if _name in ("bitwise_or", "bitwise_xor") else {}
    CASES += [
        case(f"mint.{_name}/cov_int32", _f, _IA, _IB, **_kw),
        case(f"mint.{_name}/cov_int64_broadcast", _f, _IA.astype(np.int64), _IB[0].astype(np.int64), **_kw),
        case(f"mint.{_name}/cov_bad_float", _f, F32(2, 3), F32(2, 3), error=True),
        case(f"mint.{_name}/cov_bad_list", lambda ms, a, _n=_name: mint_fn(ms, _n)(a, [1, 2, 3]), _IA, error=True),
    ]
    if _name != "gcd":
        CASES.append(case(f"mint.{_name}/cov_bool", _f, BOOL(2, 3), BOOL(2, 3, seed=31), **_kw))
        _s = (lambda m, a, _n=_name: _op(m, _n)(a, 6))
        CASES.append(case(f"mint.{_name}/cov_scalar", _s, _IA, **_torch(_s)))
for _name in LOGICAL:
    _f = (lambda ms, a, b, _n=_name: mint_fn(ms, _n)(a, b))
    CASES += [
        case(f"mint.{_name}/cov_bool", _f, BOOL(2, 3), BOOL(2, 3, seed=32)),
        case(f"mint.{_name}/cov_float", _f, np.array([0.0, 1.5, -2.0, 0.0], np.float32),
             np.array([0.0, 0.0, 3.0, 1.0], np.float32)),
        case(f"mint.{_name}/cov_int_broadcast", _f, np.array([[0, 1], [2, 0]], np.int32), np.array([1, 0], np.int32)),
        case(f"mint.{_name}/cov_bad_list", lambda ms, a, _n=_name: mint_fn(ms, _n)(a, [True]), BOOL(3), error=True),
    ]

CASES += [
    case("mint.add/cov_alpha_int", lambda ms, a, b: ms.mint.add(a, b, alpha=3), I32(2, 3), I32(2, 3, seed=3)),
    case("mint.add/cov_alpha_float", lambda ms, a, b: ms.mint.add(a, b, alpha=0.5), F32(2, 3), F32(3)),
    case("mint.add/cov_bool", lambda ms, a, b: ms.mint.add(a, b), BOOL(4), BOOL(4, seed=5)),
    case("mint.add/cov_scalar_first", lambda ms, a: ms.mint.add(2, a), F32(3)),
    case("mint.sub/cov_alpha", lambda ms, a, b: ms.mint.sub(a, b, alpha=2), F32(2, 3), F32(2, 3, seed=3)),
    case("mint.sub/cov_bool", lambda ms, a, b: ms.mint.sub(a, b), BOOL(4), BOOL(4, seed=5)),
    case("mint.mul/cov_bool", lambda ms, a, b: ms.mint.mul(a, b), BOOL(4), BOOL(4, seed=5)),
    case("mint.mul/cov_int_by_float", lambda ms, a: ms.mint.mul(a, 2.5), I32(4)),
    case("mint.div/cov_trunc", lambda ms, a, b: ms.mint.div(a, b, rounding_mode="trunc"), F32(2, 3),
         F32(2, 3, low=0.3, high=1.0, seed=7)),
    case("mint.div/cov_floor_int", lambda ms, a, b: ms.mint.div(a, b, rounding_mode="floor"), _IA, _IB),
    case("mint.div/cov_int_true", lambda ms, a, b: ms.mint.div(a, b), _IA, _IB),
    case("mint.div/cov_bad_mode", lambda ms, a, b: ms.mint.div(a, b, rounding_mode="xx"), F32(3), F32(3),
         error=True),
    case("mint.div/cov_bad_mode_int", lambda ms, a, b: ms.mint.div(a, b, rounding_mode=3), F32(3), F32(3),
         error=True),
    case("mint.divide/cov_bad_mode", lambda ms, a, b: ms.mint.divide(a, b, rounding_mode="ceil"), F32(3), F32(3),
         error=True),
    case("mint.divide/cov_trunc_int", lambda ms, a, b: ms.mint.divide(a, b, rounding_mode="trunc"), _IA, _IB),
    case("mint.pow/cov_scalar_base", lambda ms, x: ms.mint.pow(2.0, x), F32(2, 3)),
    case("mint.pow/cov_int_exp", lambda ms, x: ms.mint.pow(x, 3), I32(2, 3)),
    case("mint.pow/cov_neg_base_int_exp", lambda ms, x: ms.mint.pow(x, 2.0), F32(2, 3)),
    case("mint.pow/cov_grad_exponent", lambda ms, x, y: grad_sum(ms, ms.mint.pow, x, y, argnums=1),
         F32(2, 3, low=0.5, high=2.0), F32(2, 3, seed=3)),
    case("mint.float_power/cov_int", lambda ms, a: ms.mint.float_power(a, 2), I32(2, 3)),
    case("mint.fmod/cov_negative", lambda ms, a: ms.mint.fmod(a, -1.5), F32(2, 3)),
    case("mint.remainder/cov_negative", lambda ms, a: ms.mint.remainder(a, -1.5), F32(2, 3)),
    case("mint.remainder/cov_scalar_first", lambda ms, a: ms.mint.remainder(5.0, a), F32(2, 3, low=0.5, high=2.0)),
    case("mint.maximum/cov_nan", lambda ms, a, b: ms.mint.maximum(a, b), SPECIAL, SPECIAL[::-1].copy()),
    case("mint.minimum/cov_nan", lambda ms, a, b: ms.mint.minimum(a, b), SPECIAL, SPECIAL[::-1].copy()),
    case("mint.xlogy/cov_zero_x", lambda ms, a, b: ms.mint.xlogy(a, b), np.array([0.0, 0.0, 1.0], np.float32),
         np.array([0.0, 2.0, 3.0], np.float32)),
    case("mint.xlogy/cov_scalar_first", lambda ms, b: ms.mint.xlogy(2.0, b), F32(3, low=0.5, high=2.0)),
    case("mint.floor_divide/cov_int", lambda ms, a, b: ms.mint.floor_divide(a, b), _IA, _IB),
    case("mint.gcd/cov_zero", lambda ms, a, b: ms.mint.gcd(a, b), np.array([0, 0, 6], np.int32),
         np.array([0, 5, 0], np.int32)),
    case("mint.lerp/cov_scalar_weight", lambda ms, a, b: ms.mint.lerp(a, b, 0.3), F32(2, 3), F32(2, 3, seed=3)),
    case("mint.lerp/cov_tensor_weight", lambda ms, a, b, w: ms.mint.lerp(a, b, w), F32(2, 3), F32(2, 3, seed=3),
         F32(3, low=0.0, high=1.0)),
    case("mint.lerp/cov_f16", lambda ms, a, b: ms.mint.lerp(a, b, 0.5), F16(4), F16(4, seed=3)),
    case("mint.lerp/cov_grad", lambda ms, a, b: grad_sum(ms, lambda u, v: ms.mint.lerp(u, v, 0.25), a, b,
                                                          argnums=(0, 1)), F32(2, 3), F32(2, 3, seed=3)),
    case("mint.lerp/cov_bad_shapes", lambda ms, a, b: ms.mint.lerp(a, b, 0.5), F32(2, 3), F32(4), error=True),
    # AddcdivExt: no CPU kernel; PyTorch's addcdiv is the oracle
    case("mint.addcdiv/cov_value", _addcdiv_value, F32(2, 3), F32(2, 3, seed=3), F32(2, 3, low=0.5, high=2.0, seed=4),
         torch_ref=_addcdiv_value),
    case("mint.addcdiv/cov_broadcast", _addcdiv, F32(3), F32(2, 3, seed=3), F32(2, 1, low=0.5, high=2.0, seed=4),
         torch_ref=_addcdiv),
    case("mint.addcdiv/cov_grad", _addcdiv_grad, F32(2, 3), F32(2, 3, seed=3), F32(2, 3, low=0.5, high=2.0, seed=4),
         torch_ref=_addcdiv_grad),
    case("mint.addcdiv/cov_bad_shapes", lambda ms, x, a, b: ms.mint.addcdiv(x, a, b), F32(3), F32(4),
         F32(2), error=True),
    case("mint.clamp/cov_tensor_bounds", lambda ms, x, lo, hi: ms.mint.clamp(x, lo, hi), F32(2, 3),
         F32(3, low=-1.0, high=0.0), F32(2, 1, low=0.0, high=1.0)),
    case("mint.clamp/cov_int", lambda ms, x: ms.mint.clamp(x, -3, 4), I32(2, 5)),
    case("mint.clamp/cov_max_only", lambda ms, x: ms.mint.clamp(x, max=0.0), F32(2, 3)),
    case("mint.clamp/cov_f16", lambda ms, x: ms.mint.clamp(x, -0.5, 0.5), F16(6)),
    case("mint.clamp/cov_bad_none", lambda ms, x: ms.mint.clamp(x), F32(3), error=True),
    case("mint.clamp/cov_min_gt_max", lambda ms, x: ms.mint.clamp(x, 1.0, -1.0), F32(4)),
    case("mint.eq/cov_int_scalar_2d", lambda ms, x: ms.mint.eq(x, 3), I32(2, 5)),
]
for _name, _fn in (("add", lambda ms, a, b: ms.mint.add(a, b, alpha=2)), ("mul", lambda ms, a, b: ms.mint.mul(a, b)),
                   ("pow", lambda ms, a, b: ms.mint.pow(ms.mint.abs(a) + 0.5, b)),
                   ("maximum", lambda ms, a, b: ms.mint.maximum(a, b)),
                   ("atan2", lambda ms, a, b: ms.mint.atan2(a, b)), ("exp", lambda ms, a, b: ms.mint.exp(a) + b),
                   ("sqrt", lambda ms, a, b: ms.mint.sqrt(ms.mint.abs(a)) * b),
                   ("sigmoid", lambda ms, a, b: ms.mint.sigmoid(a - b)), ("div", lambda ms, a, b: ms.mint.div(a, b + 3)),
                   ("logaddexp", lambda ms, a, b: ms.mint.logaddexp(a, b)),
                   ("clamp", lambda ms, a, b: ms.mint.clamp(a, -0.5, 0.5) + b),
                   ("lerp", lambda ms, a, b: ms.mint.lerp(a, b, 0.5))):
    _r = {"atan2": lambda m, a, b: _op(m, "atan2")(a, b), "logaddexp": lambda m, a, b: _op(m, "logaddexp")(a, b)}
    CASES.append(case(f"mint.{_name}/cov_graph", _r.get(_name, _fn), F32(2, 3, seed=41), F32(2, 3, seed=42),
                      mode="graph", **({"torch_ref": _r[_name]} if _name in _r else {})))

CASES = default_run(CASES)
