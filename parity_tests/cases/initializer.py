"""Initializers and seeds: exact values after set_seed (MindSpore's numpy-seeded Philox stream),
dtypes and shapes, argument errors; Generator / rng-state API."""
import importlib

import numpy as np

from parity_tests.harness import case, F32


def _I(ms):
    return importlib.import_module(ms.__name__ + ".common.initializer")


def _init(seed, make, shape, dtype="float32"):
    """A case function: set_seed, then initializer(make(module), shape, dtype).init_data()."""
    def fn(ms):
        ms.set_seed(seed)
        I = _I(ms)
        return I.initializer(make(I), shape, getattr(ms, dtype)).init_data()
    return fn


def _raises(make, shape, dtype="float32"):
    def fn(ms):
        I = _I(ms)
        return I.initializer(make(I), shape, getattr(ms, dtype)).init_data()
    return fn


def _two_draws(ms):
    ms.set_seed(11)
    I = _I(ms)
    return [I.initializer("normal", (3,), ms.float32).init_data(),
            I.initializer("uniform", (2, 2), ms.float32).init_data(),
            I.initializer(I.TruncatedNormal(0.5), (5,), ms.float32).init_data()]


def _param(ms):
    ms.set_seed(5)
    I = _I(ms)
    w = ms.Parameter(I.initializer(I.HeUniform(), (4, 3), ms.float32), name="w")
    b = ms.Parameter(I.initializer("normal", (4,), ms.float32), name="b")
    return [w, b, w.has_init if isinstance(w.has_init, bool) else w.has_init()]


def _lazy(ms):
    ms.set_seed(2)
    I = _I(ms)
    t = ms.Tensor(shape=(2, 3), dtype=ms.float32, init=I.Normal(0.2))
    return t.init_data()


def _np_after_seed(ms):
    ms.set_seed(123)
    return np.random.randint(0, 1000, 6)


def _tensor_passthrough(ms, x):
    return _I(ms).initializer(x, (2, 3), ms.float32)


CASES = [
    # --- exact values (float32) ---
    case("initializer/normal_default", _init(7, lambda I: "normal", (2, 3))),
    case("initializer/normal_obj", _init(8, lambda I: I.Normal(sigma=0.5, mean=1.0), (4, 5))),
    case("initializer/normal_big_parallel", _init(9, lambda I: I.Normal(), (100, 50))),
    case("initializer/normal_scalar_shape", _init(9, lambda I: I.Normal(1.0), ())),
    case("initializer/normal_odd_size", _init(19, lambda I: "normal", (3, 5))),
    case("initializer/uniform_default", _init(1, lambda I: "uniform", (3, 4))),
    case("initializer/uniform_scale", _init(2, lambda I: I.Uniform(scale=2.0), (7,))),
    case("initializer/uniform_big_parallel", _init(3, lambda I: I.Uniform(), (33, 70))),
    case("initializer/truncated_default", _init(4, lambda I: I.TruncatedNormal(), (3, 4))),
    case("initializer/truncated_args", _init(5, lambda I: I.TruncatedNormal(sigma=1.0, mean=0.2, a=-1.0, b=0.5),
                                             (50, 40))),
    case("initializer/truncated_str", _init(6, lambda I: "truncatedNormal", (2, 3))),
    case("initializer/xavier_uniform_conv", _init(7, lambda I: I.XavierUniform(), (3, 4, 2, 2))),
    case("initializer/xavier_normal_gain", _init(8, lambda I: I.XavierNormal(gain=2), (5, 6))),
    case("initializer/xavier_uniform_f16", _init(9, lambda I: "xavier_uniform", (4, 6), "float16")),
    case("initializer/he_uniform_default", _init(10, lambda I: I.HeUniform(), (3, 4))),
    case("initializer/he_uniform_fan_out_relu", _init(11, lambda I: I.HeUniform(mode="fan_out", nonlinearity="relu"),
                                                      (4, 3, 3))),
    case("initializer/he_uniform_big", _init(12, lambda I: "he_uniform", (64, 40))),
    case("initializer/he_normal_default", _init(13, lambda I: I.HeNormal(), (3, 4))),
    case("initializer/he_normal_slope_f64", _init(14, lambda I: I.HeNormal(negative_slope=0.2), (6, 2), "float64")),
    case("initializer/he_normal_tanh", _init(14, lambda I: I.HeNormal(nonlinearity="tanh"), (6, 2))),
    case("initializer/he_uniform_leaky_none", _init(15, lambda I: I.HeUniform(negative_slope=None), (5, 3))),
    case("initializer/variance_scaling_default", _init(16, lambda I: I.VarianceScaling(), (4, 5))),
    case("initializer/variance_scaling_normal_avg",
         _init(17, lambda I: I.VarianceScaling(2.0, "fan_avg", "untruncated_normal"), (4, 5))),
    case("initializer/variance_scaling_uniform_out",
         _init(18, lambda I: I.VarianceScaling(0.5, "fan_out", "uniform"), (3, 2, 2))),
    case("initializer/sparse", _init(20, lambda I: I.Sparse(0.5), (6, 3))),
    case("initializer/orthogonal_wide", _init(21, lambda I: I.Orthogonal(), (3, 5)), rtol=1e-4, atol=1e-5),
    case("initializer/orthogonal_gain_tall", _init(22, lambda I: I.Orthogonal(gain=2.0), (4, 2, 2)),
         rtol=1e-4, atol=1e-5),
    case("initializer/normal_int32_dtype", _init(23, lambda I: I.Normal(), (2, 3), "int32")),
    case("initializer/uniform_f16", _init(24, lambda I: I.Uniform(3.0), (5,), "float16")),
    case("initializer/two_draws_in_order", _two_draws),
    case("initializer/parameter_eager", _param),
    case("initializer/tensor_init_lazy", _lazy),
    # --- deterministic initializers ---
    case("initializer/zeros_int32", _init(0, lambda I: "zeros", (2, 3), "int32")),
    case("initializer/ones_f16", _init(0, lambda I: I.One(), (3,), "float16")),
    case("initializer/constant_int", _init(0, lambda I: I.Constant(3), (2, 2), "int32")),
    case("initializer/constant_float_to_int", _init(0, lambda I: I.Constant(2.7), (2,), "int32")),
    case("initializer/number", _init(0, lambda I: 2.5, (2, 2))),
    case("initializer/number_int_shape", _init(0, lambda I: 1, 3)),
    case("initializer/identity", _init(0, lambda I: I.Identity(), (2, 3))),
    case("initializer/identity_str_tall", _init(0, lambda I: "identity", (4, 2))),
    case("initializer/dirac_groups", _init(0, lambda I: I.Dirac(groups=2), (6, 4, 3, 3))),
    case("initializer/dirac_3d", _init(0, lambda I: "dirac", (2, 2, 3))),
    case("initializer/dirac_5d", _init(0, lambda I: I.Dirac(), (2, 3, 3, 1, 3))),
    case("initializer/tensor_passthrough", _tensor_passthrough, F32(2, 3)),
    case("initializer/ms_set_seed_seeds_numpy", _np_after_seed),
    # --- bad input ---
    case("initializer/bad_init_type", _raises(lambda I: [1, 2], (2,)), error=True),
    case("initializer/bad_alias", _raises(lambda I: "foo", (2,)), error=True),
    case("initializer/bad_shape_zero", _raises(lambda I: "normal", (2, 0)), error=True),
    case("initializer/bad_shape_negative", _raises(lambda I: "ones", (-1,)), error=True),
    case("initializer/bad_shape_float", _raises(lambda I: "ones", (2.5,)), error=True),
    case("initializer/bad_tensor_shape", lambda ms, x: _I(ms).initializer(x, (3, 2), ms.float32), F32(2, 3),
         error=True),
    case("initializer/bad_identity_3d", _raises(lambda I: I.Identity(), (2, 2, 2)), error=True),
    case("initializer/bad_dirac_2d", _raises(lambda I: I.Dirac(), (2, 3)), error=True),
    case("initializer/bad_dirac_groups", _raises(lambda I: I.Dirac(groups=4), (6, 2, 3)), error=True),
    case("initializer/bad_orthogonal_1d", _raises(lambda I: I.Orthogonal(), (3,)), error=True),
    case("initializer/bad_variance_scale", lambda ms: _I(ms).VarianceScaling(scale=0.0), error=True),
    case("initializer/bad_variance_mode", lambda ms: _I(ms).VarianceScaling(mode="x"), error=True),
    case("initializer/bad_variance_distribution", lambda ms: _I(ms).VarianceScaling(distribution="x"), error=True),
    case("initializer/bad_he_mode", _raises(lambda I: I.HeUniform(mode="bad"), (2, 3)), error=True),
    case("initializer/bad_he_nonlinearity", _raises(lambda I: I.HeNormal(nonlinearity="bad"), (2, 3)), error=True),
    case("initializer/bad_he_slope_str", _raises(lambda I: I.HeNormal(negative_slope="a"), (2, 3)), error=True),
    case("initializer/bad_xavier_1d", _raises(lambda I: I.XavierUniform(), (3,)), error=True),
    case("initializer/bad_normal_sigma", _raises(lambda I: I.Normal(sigma=-1.0), (3,)), error=True),
    case("initializer/bad_sparse_3d", _raises(lambda I: I.Sparse(0.1), (2, 2, 2)), error=True),
    # --- seeds and generators ---
    case("set_seed/get_seed", lambda ms: (ms.set_seed(42), ms.get_seed())[1]),
    case("set_seed/bad_negative", lambda ms: ms.set_seed(-1), error=True),
    case("set_seed/bad_float", lambda ms: ms.set_seed(1.5), error=True),
    case("manual_seed/state", lambda ms: (ms.manual_seed(13), ms.get_rng_state())[1]),
    case("manual_seed/initial_seed", lambda ms: (ms.manual_seed(14), ms.initial_seed())[1]),
    case("manual_seed/bad_float", lambda ms: ms.manual_seed(1.5), error=True),
    case("Generator/fresh_initial_seed", lambda ms: ms.Generator().initial_seed()),
    case("Generator/fresh_state", lambda ms: ms.Generator().get_state()),
    case("Generator/manual_seed_state", lambda ms: ms.Generator().manual_seed(5).get_state()),
    case("Generator/manual_seed_initial", lambda ms: ms.Generator().manual_seed(77).initial_seed()),
    case("Generator/seed_roundtrip", lambda ms: (lambda g: g.seed() == g.initial_seed())(ms.Generator())),
    case("Generator/set_state", lambda ms: (lambda g, h: (h.set_state(g.manual_seed(9).get_state()),
                                                          h.get_state())[1])(ms.Generator(), ms.Generator())),
    case("Generator/bad_manual_seed", lambda ms: ms.Generator().manual_seed("a"), error=True),
    case("default_generator/is_generator", lambda ms: type(ms.default_generator).__name__),
]
