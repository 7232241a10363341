"""Special math (Bessel, gamma family, zeta), complex parts, binary arithmetic primitives,
in-place functional ops, Bernoulli variants, AccumulateNV2/AssignSub, operator edge cases."""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, F64, I32, I64, BOOL

POS = F32(2, 3, low=0.1, high=3.0)
POS16 = F16(4, low=0.1, high=3.0)
UNIT = F32(2, 3, low=-0.9, high=0.9)
C64 = (F32(4) + 1j * F32(4, seed=3)).astype(np.complex64)
I32A = np.array([-7, -3, 0, 3, 7, 12], np.int32)
I32B = np.array([2, -2, 5, 0, -4, 18], np.int32)
EDGE = np.array([0.0, -1.0, 2.0, np.nan, -np.inf, np.inf], np.float32)
F_NAN = np.array([np.nan, np.inf, -np.inf, 1.5, -2.0], np.float32)


def _param_after(ms, fn, x):
    p = ms.Parameter(x, name="p")
    out = fn(p)
    return out, p.value()


def _fmin_ref(ms, x, y):
    # fmin: the smaller value, ignoring a NaN operand (NaN only when both are NaN)
    m = ms.ops.minimum(x, y)
    x, y = ms.ops.broadcast_to(x.astype(m.dtype), m.shape), ms.ops.broadcast_to(y.astype(m.dtype), m.shape)
    return ms.ops.where(ms.ops.isnan(x), y, ms.ops.where(ms.ops.isnan(y), x, m))


def _bessel(name):
    return [
        case(f"{name}/f32", lambda ms, x: getattr(ms.ops, name)()(x), POS, rtol=1e-4, atol=1e-5),
        case(f"{name}/f64", lambda ms, x: getattr(ms.ops, name)()(x), F64(5, low=0.2, high=4.0), rtol=1e-6, atol=1e-8),
        case(f"{name}/f16", lambda ms, x: getattr(ms.ops, name)()(x), POS16, rtol=5e-3, atol=5e-3),
        case(f"{name}/int_bad", lambda ms, x: getattr(ms.ops, name)()(x), I32(3), error=True),
    ]


CASES = []
for _n in ("BesselI0", "BesselI0e", "BesselI1", "BesselJ0", "BesselJ1", "BesselK0", "BesselK0e", "BesselK1",
           "BesselY0", "BesselY1"):
    CASES += _bessel(_n)

CASES += [
    case("BesselJ0/negative", lambda ms, x: ms.ops.BesselJ0()(x), F32(6, low=-5.0, high=5.0), rtol=1e-4, atol=1e-5),
    case("BesselI1/negative", lambda ms, x: ms.ops.BesselI1()(x), F32(6, low=-3.0, high=3.0), rtol=1e-4, atol=1e-5),
    case("BesselI0e/negative", lambda ms, x: ms.ops.BesselI0e()(x), F32(6, low=-3.0, high=3.0), rtol=1e-4, atol=1e-5),
    *[case(f"{_n}/edges", lambda ms, x, _n=_n: getattr(ms.ops, _n)()(x), EDGE, rtol=1e-4, atol=1e-5)
      for _n in ("BesselK0", "BesselK0e", "BesselK1", "BesselY0", "BesselY1", "BesselJ0", "BesselJ1", "BesselI0",
                 "BesselI0e", "BesselI1")],
    # addcdiv / addcmul primitives
    case("Addcdiv/f32", lambda ms, a, b, c: ms.ops.Addcdiv()(a, b, c, ms.Tensor(np.array([0.5], np.float32))),
         F32(2, 3), F32(2, 3), POS),
    case("Addcdiv/broadcast", lambda ms, a, b, c: ms.ops.Addcdiv()(a, b, c, ms.Tensor(np.array([2.0], np.float32))),
         F32(3), F32(2, 1), POS),
    case("Addcdiv/dtype_mismatch_bad", lambda ms, a, b, c: ms.ops.Addcdiv()(a, b, c, ms.Tensor(np.array([1.0], np.float32))),
         F32(3), F16(3), F32(3), error=True),
    case("Addcdiv/shape_bad", lambda ms, a, b, c: ms.ops.Addcdiv()(a, b, c, ms.Tensor(np.array([1.0], np.float32))),
         F32(3), F32(4), F32(3), error=True),
    case("Addcmul/f32", lambda ms, a, b, c: ms.ops.Addcmul()(a, b, c, ms.Tensor(np.array([0.5], np.float32))),
         F32(2, 3), F32(2, 3), F32(2, 3)),
    case("Addcmul/int32", lambda ms, a, b, c: ms.ops.Addcmul()(a, b, c, ms.Tensor(np.array([3], np.int32))),
         I32(4), I32(4), I32(4)),
    case("Addcmul/dtype_mismatch_bad", lambda ms, a, b, c: ms.ops.Addcmul()(a, b, c, ms.Tensor(np.array([1.0], np.float32))),
         F32(3), I32(3), F32(3), error=True),
    # complex parts
    case("Angle/c64", lambda ms, x: ms.ops.Angle()(x), C64),
    case("Angle/f32", lambda ms, x: ms.ops.Angle()(x), F32(4)),
    case("Angle/int_bad", lambda ms, x: ms.ops.Angle()(x), I32(3), error=True),
    case("Real/c64", lambda ms, x: ms.ops.Real()(x), C64),
    case("Real/f32", lambda ms, x: ms.ops.Real()(x), F32(4)),
    case("Imag/c64", lambda ms, x: ms.ops.Imag()(x), C64),
    case("Imag/f32", lambda ms, x: ms.ops.Imag()(x), F32(4)),
    case("Conj/c64", lambda ms, x: ms.ops.Conj()(x), C64),
    case("Conj/f32", lambda ms, x: ms.ops.Conj()(x), F32(4)),
    case("Conj/int32", lambda ms, x: ms.ops.Conj()(x), I32(4)),
    case("ComplexAbs/c64", lambda ms, x: ms.ops.ComplexAbs()(x), C64),
    case("ComplexAbs/f32_bad", lambda ms, x: ms.ops.ComplexAbs()(x), F32(4), error=True),
    case("Polar/f32", lambda ms, a, t: ms.ops.Polar()(a, t), POS, F32(2, 3)),
    case("Polar/f64", lambda ms, a, t: ms.ops.Polar()(a, t), F64(3, low=0.1), F64(3)),
    case("Polar/dtype_mismatch_bad", lambda ms, a, t: ms.ops.Polar()(a, t), F32(3), F64(3), error=True),
    case("Polar/int_bad", lambda ms, a, t: ms.ops.Polar()(a, t), I32(3), I32(3), error=True),
    # elementwise unary
    case("Asin/f32", lambda ms, x: ms.ops.Asin()(x), UNIT),
    case("Asin/out_of_domain", lambda ms: ms.ops.Asin()(ms.Tensor(np.array([1.5, -1.0, 0.5], np.float32)))),
    case("Asin/f16", lambda ms, x: ms.ops.Asin()(x), F16(4, low=-0.9, high=0.9)),
    case("Asin/int_bad", lambda ms, x: ms.ops.Asin()(x), I32(3), error=True),
    case("Sinc/f32", lambda ms, x: ms.ops.Sinc()(x), np.array([0.0, 0.5, 1.0, -1.5, 2.25], np.float32)),
    case("Sinc/int32", lambda ms, x: ms.ops.Sinc()(x), I32(4)),
    case("Lgamma/f32", lambda ms, x: ms.ops.Lgamma()(x), F32(2, 3, low=-3.0, high=5.0), rtol=1e-4, atol=1e-5),
    case("Lgamma/f64", lambda ms, x: ms.ops.Lgamma()(x), F64(4, low=0.1, high=9.0)),
    case("Lgamma/int32", lambda ms, x: ms.ops.Lgamma()(x), np.array([1, 2, 5, 7], np.int32)),
    case("Lgamma/int64_bad", lambda ms, x: ms.ops.Lgamma()(x), I64(3), error=True),
    case("Lgamma/bool_bad", lambda ms, x: ms.ops.Lgamma()(x), BOOL(3), error=True),
    case("NanToNum/default", lambda ms, x: ms.ops.NanToNum()(x), F_NAN),
    case("NanToNum/values", lambda ms, x: ms.ops.NanToNum(1.0, 100.0, -100.0)(x), F_NAN),
    case("NanToNum/f16", lambda ms, x: ms.ops.NanToNum(nan=2.0)(x), F_NAN.astype(np.float16)),
    case("NanToNum/int_bad", lambda ms, x: ms.ops.NanToNum()(x), I32(3), error=True),
    # gamma family / zeta
    case("Igamma/f32", lambda ms, a, x: ms.ops.Igamma()(a, x), POS, F32(2, 3, low=0.1, high=4.0), rtol=1e-4,
         atol=1e-5),
    case("Igamma/broadcast_f64", lambda ms, a, x: ms.ops.Igamma()(a, x), F64(3, 1, low=0.5, high=3.0),
         F64(4, low=0.1, high=4.0), rtol=1e-6, atol=1e-8),
    case("Igamma/dtype_mismatch_bad", lambda ms, a, x: ms.ops.Igamma()(a, x), F32(3), F64(3), error=True),
    case("Igamma/int_bad", lambda ms, a, x: ms.ops.Igamma()(a, x), I32(3), I32(3), error=True),
    case("Igammac/f32", lambda ms, a, x: ms.ops.Igammac()(a, x), POS, F32(2, 3, low=0.1, high=4.0), rtol=1e-4,
         atol=1e-5),
    case("Igammac/int_bad", lambda ms, a, x: ms.ops.Igammac()(a, x), I32(3), I32(3), error=True),
    case("igamma/f32", lambda ms, a, x: ms.ops.igamma(a, x), POS, F32(2, 3, low=0.1, high=4.0), rtol=1e-4,
         atol=1e-5),
    case("igamma/edges", lambda ms: ms.ops.igamma(ms.Tensor(np.array([0.0, -1.0, 2.0, 0.0, 1.0, 1.0, np.nan], np.float32)),
                                                   ms.Tensor(np.array([1.0, 1.0, -1.0, 0., 0., np.inf, 1.0], np.float32)))),
    case("igammac/f32", lambda ms, a, x: ms.ops.igammac(a, x), POS, F32(2, 3, low=0.1, high=4.0), rtol=1e-4,
         atol=1e-5),
    case("igammac/edges", lambda ms: ms.ops.igammac(ms.Tensor(np.array([0.0, -1.0, 2.0, 0.0, 1.0, 1.0, np.nan], np.float32)),
                                                     ms.Tensor(np.array([1.0, 1.0, -1.0, 0., 0., np.inf, 1.0], np.float32)))),
    case("igammac/shape_bad", lambda ms, a, x: ms.ops.igammac(a, x), F32(3), F32(4), error=True),
    case("Betainc/f32", lambda ms, a, b, x: ms.ops.Betainc()(a, b, x), POS, F32(2, 3, low=0.5, high=2.0),
         F32(2, 3, low=0.05, high=0.95), rtol=1e-4, atol=1e-5),
    case("Betainc/f64", lambda ms, a, b, x: ms.ops.Betainc()(a, b, x), F64(3, low=0.5, high=3.0),
         F64(3, low=0.5, high=3.0), F64(3, low=0.1, high=0.9), rtol=1e-8, atol=1e-10),
    case("Betainc/dtype_mismatch_bad", lambda ms, a, b, x: ms.ops.Betainc()(a, b, x), F32(3), F64(3), F32(3),
         error=True),
    case("Betainc/shape_bad", lambda ms, a, b, x: ms.ops.Betainc()(a, b, x), F32(3), F32(4), F32(3), error=True),
    case("Polygamma/n1", lambda ms, x: ms.ops.Polygamma()(ms.Tensor(1, ms.int64), x), POS, rtol=1e-4, atol=1e-5),
    case("Polygamma/n0", lambda ms, x: ms.ops.Polygamma()(ms.Tensor(0, ms.int64), x), POS, rtol=1e-4, atol=1e-5),
    case("Polygamma/n3_f64", lambda ms, x: ms.ops.Polygamma()(ms.Tensor(3, ms.int64), x), F64(4, low=0.5, high=4.0),
         rtol=1e-8, atol=1e-10),
    case("Polygamma/int_x_bad", lambda ms, x: ms.ops.Polygamma()(ms.Tensor(1, ms.int64), x), I32(3), error=True),
    case("Zeta/f32", lambda ms, x, q: ms.ops.Zeta()(x, q), F32(2, 3, low=1.5, high=4.0), POS, rtol=1e-4, atol=1e-5),
    case("Zeta/f64", lambda ms, x, q: ms.ops.Zeta()(x, q), F64(4, low=1.5, high=4.0), F64(4, low=0.5, high=3.0),
         rtol=1e-8, atol=1e-10),
    case("Zeta/dtype_mismatch_bad", lambda ms, x, q: ms.ops.Zeta()(x, q), F32(3), F64(3), error=True),
    case("zeta/f32", lambda ms, x, q: ms.ops.zeta(x, q), F32(3, low=1.5, high=4.0), F32(3, low=0.5, high=2.0),
         rtol=1e-4, atol=1e-5),
    case("zeta/x_below_one", lambda ms: ms.ops.zeta(ms.Tensor(np.array([1.0, 0.5, 2.0], np.float32)),
                                                    ms.Tensor(np.array([1.0, 1.0, -1.0], np.float32)))),
    case("zeta/shape_bad", lambda ms, x, q: ms.ops.zeta(x, q), F32(3), F32(4), error=True),
    # binary arithmetic primitives / aliases
    case("Div/f32", lambda ms, x, y: ms.ops.Div()(x, y), F32(2, 3), F32(3, low=0.5)),
    case("Div/int32", lambda ms, x, y: ms.ops.Div()(x, y), I32A, I32B),
    case("Div/int_float_scalar", lambda ms, x: ms.ops.Div()(x, 2.0), I32(4)),
    case("Div/bool_bad", lambda ms, x, y: ms.ops.Div()(x, "a"), F32(3), F32(3), error=True),
    case("FloorDiv/int32", lambda ms, x, y: ms.ops.FloorDiv()(x, y), I32A, I32B),
    case("FloorDiv/f32", lambda ms, x, y: ms.ops.FloorDiv()(x, y), F32(6), F32(6, low=0.5)),
    case("FloorDiv/int_f32", lambda ms, x, y: ms.ops.FloorDiv()(x, y), I32(6), F32(6, low=0.5)),
    case("FloorDiv/shape_bad", lambda ms, x, y: ms.ops.FloorDiv()(x, y), F32(3), F32(4), error=True),
    case("floordiv/int32", lambda ms, x, y: ms.ops.floordiv(x, y), I32A, I32B),
    case("floordiv/scalar", lambda ms, x: ms.ops.floordiv(x, -3), I32A),
    case("divide/f32", lambda ms, x, y: ms.ops.divide(x, y), F32(2, 3), F32(3, low=0.5)),
    case("divide/int_floor", lambda ms, x, y: ms.ops.divide(x, y, rounding_mode="floor"), I32A, I32B + (I32B == 0)),
    case("divide/int_trunc", lambda ms, x, y: ms.ops.divide(x, y, rounding_mode="trunc"), I32A, I32B + (I32B == 0)),
    case("divide/mode_bad", lambda ms, x, y: ms.ops.divide(x, y, rounding_mode="round"), F32(3), F32(3), error=True),
    case("multiply/int_f32", lambda ms, x, y: ms.ops.multiply(x, y), I32(3), F32(3)),
    case("multiply/bool", lambda ms, x, y: ms.ops.multiply(x, y), BOOL(4), BOOL(4)),
    case("multiply/bad_string", lambda ms, x: ms.ops.multiply(x, "a"), F32(3), error=True),
    case("subtract/alpha", lambda ms, x, y: ms.ops.subtract(x, y, alpha=2), F32(2, 3), F32(3)),
    case("subtract/int", lambda ms, x, y: ms.ops.subtract(x, y), I32(4), I32(4)),
    case("subtract/bad_string", lambda ms, x: ms.ops.subtract(x, "a"), F32(3), error=True),
    case("Fmax/f32_nan", lambda ms, x, y: ms.ops.Fmax()(x, y), F_NAN, np.array([1.0, np.nan, 0.0, 2.0, -3.0], np.float32)),
    case("Fmax/int32", lambda ms, x, y: ms.ops.Fmax()(x, y), I32A, I32B),
    case("Fmax/shape_bad", lambda ms, x, y: ms.ops.Fmax()(x, y), F32(3), F32(4), error=True),
    case("Fmin/f32_nan", lambda ms, x, y: ms.ops.Fmin()(x, y), F_NAN, np.array([1.0, np.nan, 0.0, 2.0, -3.0], np.float32),
         ms_ref=_fmin_ref),
    case("Fmin/broadcast", lambda ms, x, y: ms.ops.Fmin()(x, y), F32(2, 3), F32(3), ms_ref=_fmin_ref),
    case("Fmin/bool_bad", lambda ms, x, y: ms.ops.Fmin()(x, y), BOOL(3), BOOL(3), error=True),
    case("fmin/f32_nan", lambda ms, x, y: ms.ops.fmin(x, y), F_NAN, np.array([1.0, np.nan, 0.0, 2.0, -3.0], np.float32),
         ms_ref=_fmin_ref),
    case("fmin/f64", lambda ms, x, y: ms.ops.fmin(x, y), F64(4), F64(4, seed=2), ms_ref=_fmin_ref),
    case("fmin/int_f32", lambda ms, x, y: ms.ops.fmin(x, y), I32(4), F32(4), ms_ref=_fmin_ref),
    case("fmin/bool_bad", lambda ms, x, y: ms.ops.fmin(x, y), BOOL(3), BOOL(3), error=True),
    case("Heaviside/f32", lambda ms, x, v: ms.ops.Heaviside()(x, v),
         np.array([-1.5, 0.0, 2.0, 0.0], np.float32), np.array([0.5, 0.5, 0.5, 3.0], np.float32)),
    case("Heaviside/int32", lambda ms, x, v: ms.ops.Heaviside()(x, v), I32A, I32B),
    case("Heaviside/dtype_mismatch_bad", lambda ms, x, v: ms.ops.Heaviside()(x, v), F32(3), I32(3), error=True),
    case("Lcm/int32", lambda ms, x, y: ms.ops.Lcm()(x, y), I32A, I32B),
    case("Lcm/int64_broadcast", lambda ms, x, y: ms.ops.Lcm()(x, y), I64(2, 3), I64(3, seed=5)),
    case("Lcm/f32_bad", lambda ms, x, y: ms.ops.Lcm()(x, y), F32(3), F32(3), error=True),
    case("NextAfter/f32", lambda ms, x, y: ms.ops.NextAfter()(x, y), F32(2, 3), F32(2, 3, seed=9)),
    case("NextAfter/f64", lambda ms, x, y: ms.ops.NextAfter()(x, y), F64(4), np.zeros(4, np.float64)),
    case("NextAfter/int_bad", lambda ms, x, y: ms.ops.NextAfter()(x, y), I32(3), I32(3), error=True),
    case("NextAfter/dtype_mismatch_bad", lambda ms, x, y: ms.ops.NextAfter()(x, y), F32(3), F64(3), error=True),
    case("LerpScalar/f32", lambda ms, x, y: ms.ops.LerpScalar()(x, y, 0.25), F32(2, 3), F32(2, 3, seed=4),
         ms_ref=lambda ms, x, y: ms.ops.lerp(x, y, 0.25)),
    case("LerpScalar/broadcast", lambda ms, x, y: ms.ops.LerpScalar()(x, y, 0.75), F32(2, 3), F32(3),
         ms_ref=lambda ms, x, y: ms.ops.lerp(x, y, 0.75)),
    case("LerpScalar/f16", lambda ms, x, y: ms.ops.LerpScalar()(x, y, 0.5), F16(4), F16(4, seed=4),
         ms_ref=lambda ms, x, y: ms.ops.lerp(x, y, 0.5)),
    case("LerpScalar/weight_str_bad", lambda ms, x, y: ms.ops.LerpScalar()(x, y, "a"), F32(3), F32(3), error=True),
    case("float_power_ext/f32", lambda ms, x: ms.ops.float_power_ext(x, 2), F32(4)),
    case("float_power_ext/int", lambda ms, x, y: ms.ops.float_power_ext(x, y), I32(4), I32(4, low=0)),
    # in-place functional ops (kernels missing on MindSpore's CPU build: ms_ref = out-of-place op,
    # returned for both the result and the mutated input)
    case("erfinv_/f32", lambda ms, x: (ms.ops.erfinv_(x), x), UNIT, rtol=1e-4, atol=1e-5,
         ms_ref=lambda ms, x: (ms.ops.erfinv(x), ms.ops.erfinv(x))),
    case("erfinv_/float_bad", lambda ms: ms.ops.erfinv_(1.0), error=True),
    case("clamp_/min_max", lambda ms, x: (ms.ops.clamp_(x, -0.5, 0.5), x), F32(2, 3),
         ms_ref=lambda ms, x: (ms.ops.clamp(x, -0.5, 0.5),) * 2),
    case("clamp_/int_min", lambda ms, x: (ms.ops.clamp_(x, min=0), x), I32(5),
         ms_ref=lambda ms, x: (ms.ops.clamp(x, min=0),) * 2),
    case("clamp_/tensor_bounds", lambda ms, x, lo, hi: (ms.ops.clamp_(x, lo, hi), x), F32(2, 3),
         np.full(3, -0.5, np.float32), np.full(3, 0.75, np.float32),
         ms_ref=lambda ms, x, lo, hi: (ms.ops.clamp(x, lo, hi),) * 2),
    case("clamp_/none_bad", lambda ms, x: ms.ops.clamp_(x), F32(3), error=True),
    case("clamp_/str_bad", lambda ms, x: ms.ops.clamp_(x, "a"), F32(3), error=True),
    case("tanh_/f32", lambda ms, x: (ms.ops.tanh_(x), x), F32(2, 3), ms_ref=lambda ms, x: (ms.ops.tanh(x),) * 2),
    case("tanh_/f16", lambda ms, x: (ms.ops.tanh_(x), x), F16(4), ms_ref=lambda ms, x: (ms.ops.tanh(x),) * 2),
    # Bernoulli variants (bernoulli_ / BernoulliExt kernels missing on MindSpore's CPU build)
    case("bernoulli_/p_one", lambda ms, x: (ms.ops.bernoulli_(x, 1.0), x), F32(2, 3),
         ms_ref=lambda ms, x: (ms.ops.bernoulli(x, 1.0),) * 2),
    case("bernoulli_/p_zero", lambda ms, x: (ms.ops.bernoulli_(x, 0.0), x), F32(2, 3),
         ms_ref=lambda ms, x: (ms.ops.bernoulli(x, 0.0),) * 2),
    case("bernoulli_/shape", lambda ms, x: ms.ops.bernoulli_(x), F32(3, 4), check_values=False,
         ms_ref=lambda ms, x: ms.ops.bernoulli(x, 0.5)),
    case("bernoulli_/p_str_bad", lambda ms, x: ms.ops.bernoulli_(x, "a"), F32(3), error=True),
    case("bernoulli_ext/probs_01", lambda ms, x: ms.ops.bernoulli_ext(x),
         np.array([[0.0, 1.0, 1.0], [0.0, 0.0, 1.0]], np.float32),
         ms_ref=lambda ms, x: ms.ops.bernoulli(ms.ops.zeros_like(x), x)),
    case("bernoulli_ext/shape", lambda ms, x: ms.ops.bernoulli_ext(x), F32(3, 4, low=0.0, high=1.0),
         check_values=False, ms_ref=lambda ms, x: ms.ops.bernoulli(ms.ops.zeros_like(x), x)),
    case("bernoulli_ext/int_bad", lambda ms, x: ms.ops.bernoulli_ext(x), I32(3), error=True),
    case("Bernoulli/p_str_bad", lambda ms, x: ms.ops.Bernoulli()(x, "a"), F32(3), error=True),
    # accumulation / assignment
    case("AccumulateNV2/f32", lambda ms, a, b, c: ms.ops.AccumulateNV2()((a, b, c)), F32(2, 3), F32(2, 3, seed=1),
         F32(2, 3, seed=2), ms_ref=lambda ms, a, b, c: ms.ops.addn((a, b, c))),
    case("AccumulateNV2/int32", lambda ms, a, b: ms.ops.AccumulateNV2()([a, b]), I32(4), I32(4, seed=3),
         ms_ref=lambda ms, a, b: ms.ops.addn([a, b])),
    case("AccumulateNV2/single", lambda ms, a: ms.ops.AccumulateNV2()([a]), F32(2, 3)),
    case("AccumulateNV2/shape_bad", lambda ms, a, b: ms.ops.AccumulateNV2()((a, b)), F32(3), F32(4), error=True),
    case("AccumulateNV2/dtype_bad", lambda ms, a, b: ms.ops.AccumulateNV2()((a, b)), F32(3), I32(3), error=True),
    case("AssignSub/param", lambda ms, x, y: _param_after(ms, lambda p: ms.ops.AssignSub()(p, y), x), F32(2, 3),
         F32(2, 3, seed=1)),
    case("AssignSub/int32", lambda ms, x, y: _param_after(ms, lambda p: ms.ops.AssignSub()(p, y), x), I32(4),
         I32(4, seed=1)),
    case("AssignSub/shape_bad", lambda ms, x, y: _param_after(ms, lambda p: ms.ops.AssignSub()(p, y), x), F32(3),
         F32(4), error=True),
]

# Operator edge cases (Tensor dunders) and interpolate(mode='bicubic')
X4 = F32(1, 2, 5, 6)
CASES += [
    case("operator_invert/f32", lambda ms, x: ~x, np.array([1.5, 0.0, -0.0, np.nan, -2.0], np.float32)),
    case("operator_invert/int32", lambda ms, x: ~x, I32A),
    case("operator_invert/bool", lambda ms, x: ~x, BOOL(4)),
    case("operator_sub/bool_bool", lambda ms, x, y: x - y, np.array([True, False, True, False]),
         np.array([True, True, False, False])),
    case("operator_sub/bool_pybool", lambda ms, x: x - True, np.array([True, False, True, False])),
    case("operator_sub/bool_int", lambda ms, x, y: x - y, BOOL(4), I32(4)),
    case("operator_sub/bool_pyint", lambda ms, x: x - 1, BOOL(4)),
    case("operator_sub/shape_bad", lambda ms, x, y: x - y, F32(3), F32(4), error=True),
    case("operator_floordiv/int_zero", lambda ms, x: x // 0, I32A),
    case("operator_floordiv/int_by_zero_tensor", lambda ms, x, y: x // y, I32A, np.array([0, 0, 0, 2, -2, 0], np.int32)),
    case("operator_floordiv/int64_zero", lambda ms, x: x // 0, I32A.astype(np.int64)),
    case("operator_floordiv/int16_zero", lambda ms, x: x // 0, I32A.astype(np.int16)),
    case("operator_floordiv/uint8_zero", lambda ms, x, y: x // y, np.array([7, 0, 7], np.uint8), np.array([0, 0, 2], np.uint8)),
    case("operator_floordiv/bool", lambda ms, x, y: x // y, np.array([True, False, True, False]),
         np.array([True, True, False, False])),
    case("operator_floordiv/f32_zero", lambda ms, x: x // 0, np.array([-7.0, 0.0, 7.0], np.float32)),
    case("floor_divide/int_zero_scalar", lambda ms, x: ms.ops.floor_divide(x, 0), I32A),
    case("floor_divide/int_zero_tensor", lambda ms, x, y: ms.ops.floor_divide(x, y), I32A,
         np.array([0, 0, 0, 2, -2, 0], np.int32)),
    case("FloorDiv/int_zero", lambda ms, x, y: ms.ops.FloorDiv()(x, y), I32A, np.zeros(6, np.int32)),
    case("interpolate/bicubic_up", lambda ms, x: ms.ops.interpolate(x, size=(7, 9), mode="bicubic"), X4),
    case("interpolate/bicubic_down", lambda ms, x: ms.ops.interpolate(x, size=(3, 4), mode="bicubic"), X4),
    case("interpolate/bicubic_align_corners", lambda ms, x: ms.ops.interpolate(
        x, size=(10, 13), mode="bicubic", align_corners=True), X4),
    case("interpolate/bicubic_scale", lambda ms, x: ms.ops.interpolate(
        x, scale_factor=(1.5, 2.0), mode="bicubic", recompute_scale_factor=True), X4),
    case("interpolate/bicubic_f16", lambda ms, x: ms.ops.interpolate(x, size=(4, 8), mode="bicubic"),
         X4.astype(np.float16)),
    case("interpolate/bicubic_3d_bad", lambda ms, x: ms.ops.interpolate(x, size=(4,), mode="bicubic"),
         F32(1, 2, 5), error=True),
]
