"""``mindspore.nn.probability.distribution`` Laplace, StudentT and HalfNormal: the distributions
MindSpore defines by their density alone (``log_prob``/``prob``, with construction-time and call-time
parameters, in PyNative and inside a GRAPH_MODE Cell), the statistics they leave undefined
(NotImplementedError) and the parameter checks."""
import importlib

import numpy as np

from parity_tests.harness import case

X = np.array([0.3, 4.0, np.pi, np.e, -2.0], np.float32)
PARAMS = {
    "Laplace": dict(mean=np.array([0.0, 0.0, 0.5, 0.7, 1.0], np.float32), sd=np.array([1.5, 1.0, 2.0, 3.0, 2.0],
                                                                                       np.float32)),
    "StudentT": dict(df=np.array([0.1, 0.3, 0.5, 0.7, 1.0], np.float32),
                     mean=np.array([0.0, 0.0, 0.5, 0.7, 1.0], np.float32),
                     sd=np.array([1.5, 1.0, 2.0, 3.0, 2.0], np.float32)),
    "HalfNormal": dict(mean=np.array([0.0, 0.0, 0.5, 0.7, 1.0], np.float32),
                       sd=np.array([1.5, 1.0, 2.0, 3.0, 2.0], np.float32)),
}


def _msd(ms):
    return importlib.import_module(f"{ms.__name__}.nn.probability.distribution")


def _stat(name, stat, at_call):
    def fn(ms):
        cls = getattr(_msd(ms), name)
        if at_call:
            return getattr(cls(), stat)(ms.Tensor(X), *[ms.Tensor(v) for v in PARAMS[name].values()])
        return getattr(cls(**PARAMS[name]), stat)(ms.Tensor(X))
    return fn


def _in_graph_cell(name):
    def fn(ms):
        cls = getattr(_msd(ms), name)

        class Net(ms.nn.Cell):
            def __init__(self):
                super().__init__()
                self.d = cls(**PARAMS[name])

            def construct(self, x):
                return self.d.log_prob(x)

        return Net()(ms.Tensor(X))
    return fn


def _undefined(name, stat):
    def fn(ms):
        d = getattr(_msd(ms), name)(**{k: 1.0 for k in PARAMS[name]})
        return getattr(d, stat)(ms.Tensor(X)) if stat == "cdf" else getattr(d, stat)()
    return fn


def _scalar_params(name):
    def fn(ms):
        d = getattr(_msd(ms), name)(**{k: 2.0 for k in PARAMS[name]})
        return d.log_prob(ms.Tensor(X)), d.prob(ms.Tensor(X)), str(d)
    return fn


def _bad(name, **kw):
    def fn(ms):
        return getattr(_msd(ms), name)(**kw)
    return fn


CASES = []
for _name in PARAMS:
    for _s in ("log_prob", "prob"):
        CASES.append(case(f"prob_density/{_name}/{_s}", _stat(_name, _s, False), rtol=1e-5, atol=1e-6))
        CASES.append(case(f"prob_density/{_name}/{_s}_call_params", _stat(_name, _s, True), rtol=1e-5, atol=1e-6))
    CASES.append(case(f"prob_density/{_name}/graph_cell", _in_graph_cell(_name), mode="graph", rtol=1e-5, atol=1e-6))
    CASES.append(case(f"prob_density/{_name}/scalar_params", _scalar_params(_name), rtol=1e-5, atol=1e-6))
    for _s in ("mean", "sd", "entropy", "cdf", "sample"):
        CASES.append(case(f"prob_density/{_name}/{_s}_undefined", _undefined(_name, _s), error=True))
    CASES.append(case(f"prob_density/{_name}/sd_not_positive", _bad(_name, mean=0.0, sd=0.0), error=True)
                 if _name != "StudentT" else
                 case(f"prob_density/{_name}/sd_not_positive", _bad(_name, df=1.0, mean=0.0, sd=-1.0), error=True))
    CASES.append(case(f"prob_density/{_name}/int_dtype",
                      lambda ms, _n=_name: getattr(_msd(ms), _n)(dtype=ms.int32), error=True))
CASES.append(case("prob_density/StudentT/df_not_positive", _bad("StudentT", df=0.0, mean=0.0, sd=1.0), error=True))
CASES.append(case("prob_density/StudentT/no_params", lambda ms: _msd(ms).StudentT().log_prob(ms.Tensor(X)),
                  error=True))
