"""``mindspore.nn.probability.distribution``: every statistic of the 13 distributions with the
construction-time parameters and with call-time ones, KL divergence and cross entropy against
the same kind, sample dtypes/shapes, and the argument checks."""
import importlib

import numpy as np

from parity_tests.harness import case


def _msd(ms):
    return importlib.import_module(f"{ms.__name__}.nn.probability.distribution")


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


# name: (scalar params, call-time params, values, value dtype, builds without params)
SPECS = {
    "Normal": (dict(mean=0.5, sd=2.0), dict(mean=[0.0, 1.0], sd=[1.0, 3.0]), [-1.0, 0.3, 2.0], np.float32, True),
    "Uniform": (dict(low=-1.0, high=2.0), dict(low=[0.0, -2.0], high=[1.0, 3.0]), [-1.5, 0.3, 1.5], np.float32, True),
    "Exponential": (dict(rate=1.5), dict(rate=[0.5, 2.0]), [-1.0, 0.3, 2.0], np.float32, True),
    "Bernoulli": (dict(probs=0.3), dict(probs=[0.2, 0.7]), [0, 1, 1], np.float32, True),
    "Geometric": (dict(probs=0.3), dict(probs=[0.2, 0.7]), [0, 1, 3], np.float32, True),
    "Logistic": (dict(loc=0.5, scale=2.0), dict(loc=[0.0, 1.0], scale=[1.0, 3.0]), [-1.0, 0.3, 2.0], np.float32, True),
    "Cauchy": (dict(loc=0.5, scale=2.0), dict(loc=[0.0, 1.0], scale=[1.0, 3.0]), [-1.0, 0.3, 2.0], np.float32, True),
    "Gumbel": (dict(loc=0.5, scale=2.0), dict(loc=[0.0, 1.0], scale=[1.0, 3.0]), [-1.0, 0.3, 2.0], np.float32, False),
    "LogNormal": (dict(loc=0.5, scale=0.8), dict(loc=[0.0, 1.0], scale=[1.0, 0.5]), [0.5, 1.3, 2.0], np.float32, True),
    "Poisson": (dict(rate=[1.5]), dict(rate=[0.5, 2.0]), [0.0, 1.0, 3.0], np.float32, True),
    "Categorical": (dict(probs=[0.2, 0.3, 0.5]), dict(probs=[[0.1, 0.8, 0.1], [0.3, 0.3, 0.4]]), [0, 2, 1], np.int32,
                    True),
    "Gamma": (dict(concentration=[2.0], rate=[1.5]), dict(concentration=[0.5, 3.0], rate=[1.0, 2.0]), [0.5, 1.3, 2.0],
              np.float32, True),
    "Beta": (dict(concentration1=[2.0], concentration0=[1.5]), dict(concentration1=[0.5, 3.0], concentration0=[1.0, 2.0]),
             [0.1, 0.5, 0.9], np.float32, True),
}
_NO_CALL_PARAMS = ("Gumbel",)
_VALUE_STATS = ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival")
_PLAIN_STATS = ("mean", "mode", "var", "sd", "entropy")
# MindSpore 2.10 on CPU: Bernoulli.mode fails (TypeError), Gamma/Beta/Poisson have no sampling kernel;
# mscompat computes them, so they have no case here. Statistics MindSpore does not define raise below.
_UNDEFINED = {("Uniform", "mode"), ("Poisson", "entropy"), ("Bernoulli", "mode")}
_NO_CDF = {"Beta"}
_NO_KL = {"Logistic", "Poisson"}


def _dist(ms, name):
    scal = SPECS[name][0]
    return getattr(_msd(ms), name)(**scal)


def _bare(ms, name):
    if SPECS[name][4]:
        return getattr(_msd(ms), name)()
    return getattr(_msd(ms), name)(**{k: 1.0 for k in SPECS[name][0]})


def _vec(ms, name):
    return [_t(ms, v) for v in SPECS[name][1].values()]


def _value_stat(name, stat, with_args):
    def fn(ms):
        vals, vdt = SPECS[name][2], SPECS[name][3]
        if with_args:
            v = _t(ms, [0, 2] if name == "Categorical" else vals[:2], vdt)
            return getattr(_bare(ms, name), stat)(v, *_vec(ms, name))
        return getattr(_dist(ms, name), stat)(_t(ms, vals, vdt))
    return fn


def _plain_stat(name, stat, with_args):
    def fn(ms):
        if with_args:
            return getattr(_bare(ms, name), stat)(*_vec(ms, name))
        return getattr(_dist(ms, name), stat)()
    return fn


def _kl(name, which):
    def fn(ms):
        return getattr(_dist(ms, name), which)(name, *_vec(ms, name))
    return fn


def _sample(name, shape, with_args):
    def fn(ms):
        if with_args:
            s = _bare(ms, name).sample(shape, *_vec(ms, name))
        else:
            s = _dist(ms, name).sample(shape)
        return s.dtype, s.shape
    return fn


def _construct(name):
    def fn(ms):
        vals, vdt = SPECS[name][2], SPECS[name][3]
        d = _dist(ms, name)
        return d("prob", _t(ms, vals, vdt)), d("mean")
    return fn


def _meta(name):
    def fn(ms):
        d = _dist(ms, name)
        return (d.get_dist_type(), d.batch_shape, d.is_scalar_batch, d.dtype, d.name, d.seed,
                [None if a is None else a.value() if hasattr(a, "value") else a for a in d.get_dist_args()])
    return fn


CASES = []
for _name in SPECS:
    for _stat in _VALUE_STATS:
        if _name in _NO_CDF and _stat not in ("prob", "log_prob"):
            CASES.append(case(f"prob/{_name}/{_stat}_undefined", _value_stat(_name, _stat, False), error=True))
            continue
        CASES.append(case(f"prob/{_name}/{_stat}", _value_stat(_name, _stat, False), rtol=1e-4, atol=1e-5))
        if _name in _NO_CALL_PARAMS:
            CASES.append(case(f"prob/{_name}/{_stat}_call_params", _value_stat(_name, _stat, True), error=True))
        else:
            # the call-time-parameter variants of the value statistics run in the slow suite (the
            # default run keeps prob/log_prob of each distribution)
            CASES.append(case(f"prob/{_name}/{_stat}_call_params", _value_stat(_name, _stat, True), rtol=1e-4,
                              atol=1e-5, slow=_stat not in ("prob", "log_prob")))
    for _stat in _PLAIN_STATS:
        if (_name, _stat) in _UNDEFINED:
            if _name != "Bernoulli":
                CASES.append(case(f"prob/{_name}/{_stat}_undefined", _plain_stat(_name, _stat, False), error=True))
            continue
        if _name == "Cauchy" and _stat in ("mean", "var", "sd"):
            CASES.append(case(f"prob/{_name}/{_stat}_undefined", _plain_stat(_name, _stat, False), error=True))
            continue
        CASES.append(case(f"prob/{_name}/{_stat}", _plain_stat(_name, _stat, False), rtol=1e-4, atol=1e-5))
        if _name not in _NO_CALL_PARAMS:
            CASES.append(case(f"prob/{_name}/{_stat}_call_params", _plain_stat(_name, _stat, True), rtol=1e-4,
                              atol=1e-5))
    if _name in _NO_KL:
        CASES.append(case(f"prob/{_name}/kl_loss_undefined", _kl(_name, "kl_loss"), error=True))
    else:
        CASES.append(case(f"prob/{_name}/kl_loss", _kl(_name, "kl_loss"), rtol=1e-4, atol=1e-5))
        CASES.append(case(f"prob/{_name}/cross_entropy", _kl(_name, "cross_entropy"), rtol=1e-4, atol=1e-5))
        CASES.append(case(f"prob/{_name}/kl_loss_wrong_dist",
                          lambda ms, n=_name: _dist(ms, n).kl_loss("Foo", *_vec(ms, n)), error=True))
    if _name not in ("Gamma", "Beta", "Poisson"):
        CASES.append(case(f"prob/{_name}/sample", _sample(_name, (3, 2), False)))
        CASES.append(case(f"prob/{_name}/sample_scalar", _sample(_name, (), False)))
        if _name not in _NO_CALL_PARAMS:
            CASES.append(case(f"prob/{_name}/sample_call_params", _sample(_name, (4,), True), slow=True))
        CASES.append(case(f"prob/{_name}/sample_shape_list", lambda ms, n=_name: _dist(ms, n).sample([2]),
                          error=True))
    CASES.append(case(f"prob/{_name}/construct", _construct(_name), rtol=1e-4, atol=1e-5))
    CASES.append(case(f"prob/{_name}/meta", _meta(_name)))
    CASES.append(case(f"prob/{_name}/value_not_tensor",
                      lambda ms, n=_name: _dist(ms, n).prob(SPECS[n][2]), error=True))
    if SPECS[_name][4] and _name not in _NO_CALL_PARAMS and (_name, "mean") not in _UNDEFINED and _name != "Cauchy":
        CASES.append(case(f"prob/{_name}/no_params", lambda ms, n=_name: getattr(_msd(ms), n)().mean(), error=True))

_BAD_BUILD = [
    ("Normal", dict(mean=0.0, sd=0.0)), ("Normal", dict(mean=0.0, sd=-1.0)), ("Normal", dict(mean=0.0, sd=[1.0, -1.0])),
    ("Normal", dict(mean=0.0, sd=1.0, dtype="float32")), ("Normal", dict(mean=True, sd=1.0)),
    ("Normal", dict(mean=0.0, sd=1.0, seed=-1)), ("Normal", dict(mean=0.0, sd=1.0, name=3)),
    ("Normal", dict(mean="a", sd=1.0)), ("Uniform", dict(low=1.0, high=1.0)), ("Uniform", dict(low=2.0, high=1.0)),
    ("Exponential", dict(rate=0.0)), ("Exponential", dict(rate=-2.0)), ("Bernoulli", dict(probs=1.0)),
    ("Bernoulli", dict(probs=0.0)), ("Bernoulli", dict(probs=1.5)), ("Geometric", dict(probs=1.0)),
    ("Geometric", dict(probs=-0.1)), ("Logistic", dict(loc=0.0, scale=0.0)), ("Cauchy", dict(loc=0.0, scale=-1.0)),
    ("Gumbel", dict(loc=0.0, scale=0.0)), ("LogNormal", dict(loc=0.0, scale=-0.5)), ("Poisson", dict(rate=1.5)),
    ("Poisson", dict(rate=[0.0])), ("Categorical", dict(probs=[0.5, 0.6])), ("Categorical", dict(probs=0.5)),
    ("Categorical", dict(probs=[1.0, 0.0])), ("Gamma", dict(concentration=2.0, rate=[1.0])),
    ("Gamma", dict(concentration=[-1.0], rate=[1.0])), ("Beta", dict(concentration1=[1.0], concentration0=0.5)),
    ("Beta", dict(concentration1=[1.0], concentration0=[0.0])), ("Bernoulli", dict(probs=0.5, dtype="int")),
]
CASES += [case(f"prob/bad_build/{n}/{i}", lambda ms, n=n, kw=kw: getattr(_msd(ms), n)(**kw), error=True)
          for i, (n, kw) in enumerate(_BAD_BUILD)]
CASES += [
    case("prob/Normal/param_not_tensor", lambda ms: _msd(ms).Normal().prob(_t(ms, [0.5]), 0.0, 1.0), error=True),
    case("prob/Normal/float64_dtype", lambda ms: _msd(ms).Normal(0.0, 1.0, dtype=ms.float64).log_prob(
        _t(ms, [0.5, 1.0], np.float64))),
    case("prob/Normal/float16_dtype", lambda ms: _msd(ms).Normal(0.0, 1.0, dtype=ms.float16).cdf(
        _t(ms, [0.5, 1.0], np.float16)), rtol=1e-3, atol=1e-3),
    case("prob/Normal/broadcast_params", lambda ms: _msd(ms).Normal(_t(ms, [[0.0], [1.0]]), _t(ms, [1.0, 2.0, 3.0]))
         .log_prob(_t(ms, 0.5)), rtol=1e-5, atol=1e-6),
    case("prob/Normal/parameter_input", lambda ms: _msd(ms).Normal(ms.Parameter(_t(ms, [0.0, 1.0]), name="m"),
                                                                 ms.Parameter(_t(ms, [1.0, 2.0]), name="s"))
         .prob(_t(ms, [0.5, 0.5])), rtol=1e-5, atol=1e-6),
    case("prob/Bernoulli/float_dtype", lambda ms: _msd(ms).Bernoulli(0.4, dtype=ms.float32).sample((2,)).dtype),
    case("prob/Categorical/batch_probs", lambda ms: (lambda d: (d.batch_shape, d.is_scalar_batch))(
        _msd(ms).Categorical(_t(ms, [[0.2, 0.8], [0.5, 0.5]])))),
]


# --- bijectors ----------------------------------------------------------------------------------
def _msb(ms):
    return importlib.import_module(f"{ms.__name__}.nn.probability.bijector")


_BIJECTORS = {
    "Exp": lambda ms: _msb(ms).Exp(),
    "PowerTransform_half": lambda ms: _msb(ms).PowerTransform(0.5),
    "PowerTransform_batch": lambda ms: _msb(ms).PowerTransform(_t(ms, [0.0, 2.0])),
    "ScalarAffine": lambda ms: _msb(ms).ScalarAffine(2.0, 1.0),
    "ScalarAffine_negative": lambda ms: _msb(ms).ScalarAffine(-0.5),
    "Softplus": lambda ms: _msb(ms).Softplus(),
    "Softplus_sharp": lambda ms: _msb(ms).Softplus(2.0),
    "GumbelCDF": lambda ms: _msb(ms).GumbelCDF(0.5, 2.0),
    "Invert_ScalarAffine": lambda ms: _msb(ms).Invert(_msb(ms).ScalarAffine(2.0, 1.0)),
    "Invert_Exp": lambda ms: _msb(ms).Invert(_msb(ms).Exp()),
}
_BIJ_X, _BIJ_Y = [0.3, 1.2], [0.4, 0.7]


def _bij(name, method):
    def fn(ms):
        b = _BIJECTORS[name](ms)
        v = _t(ms, _BIJ_X if method.startswith("forward") else _BIJ_Y)
        return getattr(b, method)(v), b(method, v)
    return fn


def _bij_meta(name):
    def fn(ms):
        b = _BIJECTORS[name](ms)
        return b.name, b.batch_shape, b.is_scalar_batch, b.is_constant_jacobian, b.is_injective, b.dtype
    return fn


for _b in _BIJECTORS:
    for _m in ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian"):
        CASES.append(case(f"prob/bijector/{_b}/{_m}", _bij(_b, _m), rtol=1e-4, atol=1e-5))
    CASES.append(case(f"prob/bijector/{_b}/meta", _bij_meta(_b)))
CASES += [
    case("prob/bijector/ScalarAffine/repr", lambda ms: (repr(_msb(ms).ScalarAffine(2.0, 1.0)), repr(_msb(ms).Exp()))),
    case("prob/bijector/bad/PowerTransform_negative", lambda ms: _msb(ms).PowerTransform(-1.0), error=True),
    case("prob/bijector/bad/GumbelCDF_scale", lambda ms: _msb(ms).GumbelCDF(0.0, 0.0), error=True),
    case("prob/bijector/bad/ScalarAffine_bool", lambda ms: _msb(ms).ScalarAffine(True), error=True),
    case("prob/bijector/bad/Softplus_none", lambda ms: _msb(ms).Softplus(None), error=True),
    case("prob/bijector/bad/value_list", lambda ms: _msb(ms).Exp().forward([1.0]), error=True),
    case("prob/bijector/bad/value_int", lambda ms: _msb(ms).Exp().forward(_t(ms, [1, 2], np.int32)), error=True),
    case("prob/bijector/bad/Invert_not_bijector", lambda ms: _msb(ms).Invert(3), error=True),
    case("prob/bijector/bad/name_not_str", lambda ms: _msb(ms).Exp(name=3), error=True),
]
