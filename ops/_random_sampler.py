"""Candidate samplers: UniformCandidateSampler, LogUniformCandidateSampler and their functions.

Each call draws with a fresh key from the global RNG state (``op_key``). With
``unique=True`` candidates are drawn until ``num_sampled`` distinct ones are found, and
the expected counts use the number of tries, ``1 - (1 - p) ** num_tries`` (``p *
num_sampled`` otherwise), as MindSpore reports them. The number of tries depends on the
drawn values, so the samplers run on concrete inputs (not under ``jax.jit``).
"""
import math

import numpy as np
import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.seed import op_key
from ._args import Tensor
from ._registry import op, register_primitive_class
from .primitive import Primitive

_wrap = Tensor._wrap


def _type_check(name, arg, v, types):
    ok = isinstance(v, types) and not (isinstance(v, bool) and bool not in types)
    if not ok:
        tname = types[0].__name__
        raise TypeError(f"For '{name}', the type of '{arg}' should be '{tname}', but got type '{type(v).__name__}'.")
    return v


def _sampler_types(name, num_true, num_sampled, unique, range_max, seed):
    """Type checks shared by the candidate samplers' ``__init__`` (MindSpore's order)."""
    _type_check(name, "num_true", num_true, (int,))
    _type_check(name, "num_sampled", num_sampled, (int,))
    _type_check(name, "unique", unique, (bool,))
    _type_check(name, "range_max", range_max, (int,))
    _type_check(name, "seed", seed, (int,))


def _numpy_rng(seed):
    """A numpy Generator keyed by a fresh JAX subkey (``seed`` folded in when non-zero)."""
    key = op_key(seed, 0)
    return np.random.default_rng(np.asarray(jax.random.key_data(key)).astype(np.uint32).tolist())


class _CandidateSampler(Primitive):
    """Shared sampling loop: subclasses define ``_draw(rng, n)`` and ``_prob(values)``."""

    _dtypes = (mstype.int32, mstype.int64)

    def _sample(self, true_classes):
        if not isinstance(true_classes, Tensor) or true_classes.dtype not in self._dtypes:
            names = ", ".join(f"Tensor[{d}]" for d in self._dtypes)
            got = f"Tensor[{true_classes.dtype}]" if isinstance(true_classes, Tensor) else type(true_classes).__name__
            raise TypeError(f"For primitive[{self.name}], the input argument[true_classes] must be a type of "
                            f"{{{names}}}, but got {got}.")
        if true_classes.ndim != 2:
            raise ValueError(f"For '{self.name}', the input 'true_classes' dims should be 2, "
                             f"but got {true_classes.ndim}.")
        if true_classes.shape[1] != self.num_true:
            raise ValueError(f"For primitive[{self.name}], the num_true must be equal to {true_classes.shape[1]}, "
                             f"but got {self.num_true}.")
        rng = _numpy_rng(self.seed)
        n = self.num_sampled
        if self.unique:
            picked, seen, tries = [], set(), 0
            while len(picked) < n:
                for v in self._draw(rng, max(n, 16)).tolist():
                    tries += 1
                    if v not in seen:
                        seen.add(v)
                        picked.append(v)
                        if len(picked) == n:
                            break
            sampled = np.array(picked, np.int64)
        else:
            sampled = self._draw(rng, n)
            tries = n
        np_dt = np.int32 if true_classes.dtype == mstype.int32 else np.int64
        true_np = np.asarray(true_classes.asnumpy()).astype(np.int64)
        return (_wrap(jnp.asarray(sampled.astype(np_dt))),
                _wrap(jnp.asarray(self._expected(self._prob(true_np), n, tries))),
                _wrap(jnp.asarray(self._expected(self._prob(sampled), n, tries))))

    @staticmethod
    def _expected(p, n, tries):
        p = np.asarray(p, np.float64)
        if tries == n:
            return (p * n).astype(np.float32)
        return (-np.expm1(tries * np.log1p(-p))).astype(np.float32)


@register_primitive_class
class UniformCandidateSampler(_CandidateSampler):
    """Candidates uniform over ``[0, range_max)``; returns (sampled_candidates,
    true_expected_count, sampled_expected_count)."""

    def __init__(self, num_true, num_sampled, unique, range_max, seed=0, remove_accidental_hits=False):
        Primitive.__init__(self, "UniformCandidateSampler")
        name = self.name
        _sampler_types(name, num_true, num_sampled, unique, range_max, seed)
        _type_check(name, "remove_accidental_hits", remove_accidental_hits, (bool,))
        for arg, v in (("num_true", num_true), ("num_sampled", num_sampled), ("range_max", range_max)):
            if v <= 0:
                raise ValueError(f"For '{name}', the value of {arg} should be > : 0, but got {v}.")
        if unique and num_sampled > range_max:
            raise ValueError(f"For '{name}', the value of num_sampled should be <= value of range_max: "
                             f"{range_max}, but got {num_sampled}.")
        if seed < 0:
            raise ValueError(f"For '{name}', the value of seed should be >= : 0, but got {seed}.")
        for attr, v in (("num_true", num_true), ("num_sampled", num_sampled), ("unique", unique),
                        ("range_max", range_max), ("seed", seed), ("remove_accidental_hits", remove_accidental_hits)):
            self.add_prim_attr(attr, v)
        self.add_prim_attr("side_effect_hidden", True)

    def _draw(self, rng, n):
        return rng.integers(0, self.range_max, size=n, dtype=np.int64)

    def _prob(self, values):
        return np.full(np.shape(values), 1.0 / self.range_max)

    def __call__(self, true_classes):
        return self._sample(true_classes)


@register_primitive_class
class LogUniformCandidateSampler(_CandidateSampler):
    """Candidates from the log-uniform (Zipfian) distribution over ``[0, range_max)``:
    P(c) = log((c + 2) / (c + 1)) / log(range_max + 1)."""

    _dtypes = (mstype.int64,)

    def __init__(self, num_true=1, num_sampled=5, unique=True, range_max=5, seed=0):
        Primitive.__init__(self, "LogUniformCandidateSampler")
        name = self.name
        _sampler_types(name, num_true, num_sampled, unique, range_max, seed)
        for arg, v in (("num_true", num_true), ("num_sampled", num_sampled), ("range_max", range_max)):
            if v < 1:
                raise ValueError(f"For '{name}', the argument '{arg}' must >= 1, but got {v}.")
        if unique and range_max < num_sampled:
            raise ValueError(f"For '{name}', the 'range_max' should be >= num_sampled: {num_sampled}, "
                             f"but got {range_max}.")
        if seed < 0:
            raise ValueError(f"For '{name}', the argument 'seed' must >= 0, but got {seed}.")
        for attr, v in (("num_true", num_true), ("num_sampled", num_sampled), ("unique", unique),
                        ("range_max", range_max), ("seed", seed)):
            self.add_prim_attr(attr, v)
        self.add_prim_attr("side_effect_hidden", True)

    def _draw(self, rng, n):
        log_range = math.log(self.range_max + 1)
        v = (np.exp(rng.random(n) * log_range)).astype(np.int64) - 1
        return v % self.range_max

    def _prob(self, values):
        v = np.asarray(values, np.float64)
        return np.log((v + 2.0) / (v + 1.0)) / math.log(self.range_max + 1)

    def __call__(self, true_classes):
        return self._sample(true_classes)


@op("uniform_candidate_sampler")
def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=0,
                              remove_accidental_hits=False):
    """Functional :class:`UniformCandidateSampler`."""
    return UniformCandidateSampler(num_true, num_sampled, unique, range_max, seed=seed,
                                   remove_accidental_hits=remove_accidental_hits)(true_classes)


@op("log_uniform_candidate_sampler")
def log_uniform_candidate_sampler(true_classes, num_true=1, num_sampled=5, unique=True, range_max=5, seed=0):
    """Functional :class:`LogUniformCandidateSampler`."""
    return LogUniformCandidateSampler(num_true, num_sampled, unique, range_max, seed)(true_classes)
