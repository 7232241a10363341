"""``Distribution``: the base of the probability distributions (a Cell).

A distribution holds default parameters (given at construction, or None) and computes with
parameters given at call time instead when they are passed (``d.prob(x, mean, sd)``). The
statistics a subclass does not define are derived as MindSpore derives them (``prob`` from
``log_prob``, ``var`` from ``sd``, ``survival_function`` from ``cdf``, ...); the others raise
NotImplementedError. ``d('prob', x, ...)`` calls a statistic by name.
"""
import jax.numpy as jnp

from mscompat import _checkparam as validator
from mscompat.common import dtype as mstype
from mscompat.common.seed import op_key
from mscompat.nn.cell import Cell
from mscompat.ops._args import arr, wrap
from . import _utils as U

__all__ = ["Distribution"]

class Distribution(Cell):
    def __init__(self, seed, dtype, name, param):
        super().__init__()
        if seed is None:
            seed = 0
        validator.check_value_type("name", name, [str], type(self).__name__)
        validator.check_non_negative_int(seed, "seed", name)
        self._name = name
        self._seed = seed
        self._dtype = dtype
        self._parameters_dict = {k: v for k, v in param.items() if k != "self" and not k.startswith("_")}
        self.default_parameters = []
        self.parameter_names = []
        if "distribution" not in self._parameters_dict:
            self.parameter_type = U.set_param_type(self._parameters_dict.get("param_dict", {}), dtype)
            self._batch_shape = self._calc_batch_shape()
            self._is_scalar_batch = self._check_is_scalar_batch()
            self._broadcast_shape = self._batch_shape

    def _setup_mean_sd(self, mean, sd, seed, dtype, name):
        """The constructor of the distributions given by a ``mean`` and a positive ``sd``."""
        p = self._setup(dtype, mstype.float_type, seed, name, {"mean": mean, "sd": sd},
                        [(U.check_greater_zero, "sd", "Standard deviation")])
        self._mean_value, self._sd_value = p["mean"], p["sd"]

    def _setup(self, dtype, valid_dtypes, seed, name, params, checks=()):
        """The subclasses' constructor: check ``dtype``, initialize, add ``params`` (name ->
        value, in order) as the default parameters and run ``checks`` (``(fn, param, label)``)
        on the given ones; returns the parameters as Tensors (None where not given)."""
        validator.check_type_name("dtype", dtype, valid_dtypes, type(self).__name__)
        local = dict(params)
        local.update(seed=seed, dtype=dtype, name=name, param_dict=dict(params))
        Distribution.__init__(self, seed, dtype, name, local)
        values = {k: self._add_parameter(v, k) for k, v in params.items()}
        for fn, key, label in checks:
            if values[key] is not None:
                fn(values[key], label)
        return values

    # --- properties ----------------------------------------------------------------------------
    name = U.read_only("_name")
    dtype = U.read_only("_dtype")
    seed = U.read_only("_seed")
    parameters = U.read_only("_parameters_dict")
    is_scalar_batch = U.read_only("_is_scalar_batch")
    batch_shape = U.read_only("_batch_shape")
    broadcast_shape = U.read_only("_broadcast_shape")

    def _check_is_scalar_batch(self):
        return all(v is None or isinstance(v, (int, float)) for v in self._parameters_dict["param_dict"].values())

    def _calc_batch_shape(self):
        shape = None
        for value in self._parameters_dict["param_dict"].values():
            if value is None:
                return None
            t = arr(U.cast_to_tensor(value))
            shape = t.shape if shape is None else jnp.broadcast_shapes(shape, t.shape)
        return tuple(shape) if shape is not None else None

    # --- parameters ----------------------------------------------------------------------------
    def _add_parameter(self, value, name):
        t = None if value is None else U.cast_to_tensor(value, self.parameter_type)
        self.default_parameters.append(t)
        self.parameter_names.append(name)
        return t

    def _dist_params(self, *args):
        """The parameters to compute with (call-time ones override the defaults), broadcast
        together and cast to ``parameter_type``; jax arrays."""
        values = []
        for a, name, default in zip(args, self.parameter_names, self.default_parameters):
            if a is not None:
                U.check_tensor(a, name)
            else:
                a = default if default is not None else U.raise_none_error(name)
            values.append(arr(a))
        shape = jnp.broadcast_shapes(*[v.shape for v in values])
        dt = mstype.dtype_to_nptype(self.parameter_type)
        out = [jnp.broadcast_to(v, shape).astype(dt) for v in values]
        return out[0] if len(out) == 1 else out

    def _dist_value(self, value, name="value"):
        U.check_tensor(value, name)
        return arr(value).astype(mstype.dtype_to_nptype(self.dtype))

    def _value_params(self, value, *params):
        """The checked ``value`` then the :meth:`_dist_params` of ``params``, as one tuple."""
        x = self._dist_value(value)
        p = self._dist_params(*params)
        return (x, *p) if len(params) > 1 else (x, p)

    def _param_value(self, value, name):
        U.check_tensor(value, name)
        return arr(value).astype(mstype.dtype_to_nptype(self.parameter_type))

    def _dist_out(self, x):
        return wrap(jnp.asarray(x).astype(mstype.dtype_to_nptype(self.parameter_type)))

    def _get_dist_args(self, *args):
        U.raise_not_implemented("get_dist_args", self.name)

    def get_dist_args(self, *args):
        """The parameters a call with ``args`` would use (the defaults where not given)."""
        out = []
        for a, name, default in zip(args + (None,) * (len(self.parameter_names) - len(args)), self.parameter_names,
                                    self.default_parameters):
            out.append(U.check_tensor(a, name) if a is not None else default)
        return tuple(out)

    def get_dist_type(self):
        return type(self).__name__

    # --- the statistics --------------------------------------------------------------------------
    def _has(self, *impls):
        return any(getattr(self, i, None) is not None for i in impls)

    def _missing(self, stat):
        U.raise_not_implemented(stat, self.name)

    def prob(self, value, *args, **kwargs):
        if self._has("_prob"):
            return self._prob(value, *args, **kwargs)
        if self._has("_log_prob"):
            return wrap(jnp.exp(arr(self._log_prob(value, *args, **kwargs))))
        return self._missing("prob")

    def log_prob(self, value, *args, **kwargs):
        if self._has("_log_prob"):
            return self._log_prob(value, *args, **kwargs)
        if self._has("_prob"):
            return wrap(jnp.log(arr(self._prob(value, *args, **kwargs))))
        return self._missing("log_prob")

    def cdf(self, value, *args, **kwargs):
        if self._has("_cdf"):
            return self._cdf(value, *args, **kwargs)
        if self._has("_log_cdf"):
            return wrap(jnp.exp(arr(self._log_cdf(value, *args, **kwargs))))
        if self._has("_survival_function"):
            return wrap(1.0 - arr(self._survival_function(value, *args, **kwargs)))
        if self._has("_log_survival"):
            return wrap(1.0 - jnp.exp(arr(self._log_survival(value, *args, **kwargs))))
        return self._missing("cdf")

    def survival_function(self, value, *args, **kwargs):
        if self._has("_survival_function"):
            return self._survival_function(value, *args, **kwargs)
        if self._has("_log_survival"):
            return wrap(jnp.exp(arr(self._log_survival(value, *args, **kwargs))))
        if self._has("_cdf", "_log_cdf"):
            return wrap(1.0 - arr(self.cdf(value, *args, **kwargs)))
        return self._missing("survival_function")

    def log_cdf(self, value, *args, **kwargs):
        if self._has("_log_cdf"):
            return self._log_cdf(value, *args, **kwargs)
        if self._has("_cdf", "_survival_function", "_log_survival"):
            return wrap(jnp.log(arr(self.cdf(value, *args, **kwargs))))
        return self._missing("log_cdf")

    def log_survival(self, value, *args, **kwargs):
        if self._has("_log_survival"):
            return self._log_survival(value, *args, **kwargs)
        if self._has("_survival_function", "_cdf", "_log_cdf"):
            return wrap(jnp.log(arr(self.survival_function(value, *args, **kwargs))))
        return self._missing("log_cdf")

    def sd(self, *args, **kwargs):
        if self._has("_sd"):
            return self._sd(*args, **kwargs)
        if self._has("_var"):
            return wrap(jnp.sqrt(arr(self._var(*args, **kwargs))))
        return self._missing("sd")

    def var(self, *args, **kwargs):
        if self._has("_var"):
            return self._var(*args, **kwargs)
        if self._has("_sd"):
            return wrap(jnp.square(arr(self._sd(*args, **kwargs))))
        return self._missing("var")

    def mean(self, *args, **kwargs):
        return self._call_plain("mean", *args, **kwargs)

    def mode(self, *args, **kwargs):
        return self._call_plain("mode", *args, **kwargs)

    def entropy(self, *args, **kwargs):
        return self._call_plain("entropy", *args, **kwargs)

    def kl_loss(self, dist, *args, **kwargs):
        return self._call_plain("kl_loss", dist, *args, **kwargs)

    def cross_entropy(self, dist, *args, **kwargs):
        """``entropy + kl_loss`` against the distribution ``dist`` (a name) with parameters ``args``."""
        if getattr(self, "_kl_loss", None) is None or getattr(self, "_entropy", None) is None:
            U.raise_not_implemented("cross_entropy", self.name)
        n = len(self.parameter_names)
        theirs, mine = args[:n], args[n:]
        kl = arr(self._kl_loss(dist, *theirs, *mine, **kwargs))
        return wrap(arr(self._entropy(*mine)) + kl)

    def sample(self, *args, **kwargs):
        return self._call_plain("sample", *args, **kwargs)

    def _call_plain(self, stat, *args, **kwargs):
        fn = getattr(self, "_" + stat, None)
        if fn is None:
            U.raise_not_implemented(stat, self.name)
        return fn(*args, **kwargs)

    def construct(self, name, *args, **kwargs):
        stats = ("log_prob", "prob", "cdf", "log_cdf", "survival_function", "log_survival", "var", "sd", "mode",
                 "mean", "entropy", "kl_loss", "cross_entropy", "sample", "get_dist_args", "get_dist_type")
        if name not in stats:
            raise ValueError(f"Unknown statistic '{name}' for {self.name} distribution.")
        return getattr(self, name)(*args, **kwargs)

    # --- sampling helper -------------------------------------------------------------------------
    def _sample_shape(self, shape, *params):
        U.check_tuple(shape, "shape")
        batch = jnp.broadcast_shapes(*[p.shape for p in params]) if params else ()
        return tuple(shape) + tuple(batch)

    def _key(self):
        return op_key(self._seed, 0)

    def _format_params(self, names, values):
        if self.is_scalar_batch:
            return ", ".join(f"{n} = {v}" for n, v in zip(names, values))
        return f"batch_shape = {self._broadcast_shape}"


class ParamDistribution(Distribution):
    """Base of the distributions given by the parameters named in ``_PARAMS``: each is kept as
    ``_<name>``, read through a property of its name and shown by ``extend_repr`` (under the
    ``_REPR_NAMES`` where MindSpore shows other names)."""
    _PARAMS = ()
    _REPR_NAMES = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for n in cls.__dict__.get("_PARAMS", ()):
            setattr(cls, n, U.read_only("_" + n))

    def _setup_params(self, values, valid_dtypes, seed, dtype, name, checks=()):
        p = self._setup(dtype, valid_dtypes, seed, name, dict(zip(self._PARAMS, values)), checks)
        for n in self._PARAMS:
            setattr(self, "_" + n, p[n])

    def _setup_positive_tensors(self, values, valid_dtypes, seed, dtype, name):
        """``_setup_params`` for parameters that must be positive and may not be Python scalars."""
        for label, v in zip(self._PARAMS, values):
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                raise TypeError(f"Input {label} can't be scalar")
        self._setup_params(values, valid_dtypes, seed, dtype, name,
                           [(U.check_greater_zero, n, n) for n in self._PARAMS])

    def extend_repr(self):
        values = [getattr(self, "_" + n) for n in self._PARAMS]
        return self._format_params(list(self._REPR_NAMES or self._PARAMS), values)


class LocScaleDistribution(ParamDistribution):
    """Base of the distributions given by a location ``loc`` and a positive ``scale`` (Cauchy,
    Gumbel, Logistic, LogNormal)."""
    _PARAMS = ("loc", "scale")

    def _setup_loc_scale(self, loc, scale, seed, dtype, name):
        self._setup_params((loc, scale), mstype.float_type, seed, name=name, dtype=dtype,
                           checks=[(U.check_greater_zero, "scale", "scale")])
