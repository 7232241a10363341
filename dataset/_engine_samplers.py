"""Samplers: which source rows an epoch reads, in which order (MindSpore's order for a given seed)."""
import bisect
import enum
import math
import numbers

import numpy as np

from . import _engine_config as config
from ._engine_rng import MT19937, std_shuffle, uniform_int

INT32_MAX = 2147483647
INT64_MAX = 9223372036854775807


def _check_num_samples(num_samples):
    if num_samples is not None:
        if not isinstance(num_samples, int) or isinstance(num_samples, bool):
            raise TypeError("num_samples must be integer but was: {}.".format(num_samples))
        if num_samples < 0 or num_samples > INT64_MAX:
            raise ValueError("num_samples exceeds the boundary between {} and {}(INT64_MAX)!"
                             .format(0, INT64_MAX))


class Shuffle(str, enum.Enum):
    """Shuffle modes of file-based sources (``mindspore.dataset.Shuffle``)."""
    FALSE = "false"
    ADAPTIVE = "adaptive"
    GLOBAL = "global"
    PARTIAL = "partial"
    FILES = "files"
    INFILE = "infile"


class BuiltinSampler:
    """Base of the built-in samplers.  ``_epoch_ids(n, epoch, state)`` gives the ids of one epoch."""

    def __init__(self, num_samples=None):
        self.num_samples = num_samples
        self.child_sampler = None

    def add_child(self, sampler):
        if self.child_sampler is not None:
            raise RuntimeError("Cannot add child sampler, this sampler already has a child.")
        if sampler is not None and not isinstance(sampler, BuiltinSampler):
            # MindSpore asks the argument for its shuffle mode
            raise AttributeError("'{}' object has no attribute 'get_shuffle_mode'".format(type(sampler).__name__))
        self.child_sampler = sampler

    def get_child(self):
        return self.child_sampler

    def get_num_samples(self):
        return self.num_samples

    # per-iterator state (e.g. the seed, the last shuffled order)
    def _new_state(self):
        return {}

    def _limit(self, ids):
        if self.num_samples:
            return ids[:self.num_samples]
        return ids

    def _epoch_ids(self, n, epoch, state):
        raise NotImplementedError  # pragma: no cover - abstract

    def _ids_for(self, n, epoch, state):
        """Ids over the dataset (through the child sampler if one is chained)."""
        if self.child_sampler is not None:
            child_ids = self.child_sampler._ids_for(n, epoch, state.setdefault("child", {}))
            own = self._epoch_ids(len(child_ids), epoch, state)
            return [child_ids[i] for i in own]
        return self._epoch_ids(n, epoch, state)

    def _size(self, n):
        """Rows one epoch yields over a dataset of n rows."""
        if self.child_sampler is not None:
            n = self.child_sampler._size(n)
        return len(self._epoch_ids(n, 0, self._new_state()))

    def is_shuffled(self):
        return False

    def is_sharded(self):
        return False


class _PipelineSeeded:
    """Mixin of the samplers that draw with the pipeline seed, taken when each iterator starts."""

    def _new_state(self):
        return {"seed": config._pipeline_seed()}


class SequentialSampler(BuiltinSampler):
    def __init__(self, start_index=None, num_samples=None):
        if start_index is not None and (not isinstance(start_index, int) or isinstance(start_index, bool)):
            raise TypeError("start_index must be integer but was: {}.".format(start_index))
        _check_num_samples(num_samples)
        self.start_index = 0 if start_index is None else start_index
        super().__init__(num_samples)

    def _epoch_ids(self, n, epoch, state):
        if self.start_index < 0:
            raise RuntimeError("Invalid parameter, start_index must be greater than or equal to 0, but got {}."
                               .format(self.start_index))
        if self.start_index >= n and n > 0:
            raise RuntimeError("Invalid data, start_index: {} exceeds the dataset size: {}."
                               .format(self.start_index, n))
        return self._limit(list(range(self.start_index, n)))


    def _size(self, n):
        if self.child_sampler is not None:
            n = self.child_sampler._size(n)
        if self.num_samples and self.num_samples > n - self.start_index:
            # MindSpore's size before a run: min(num_samples, n) - start_index (even when negative)
            return min(self.num_samples, n) - self.start_index
        return len(self._epoch_ids(n, 0, self._new_state()))


class RandomSampler(_PipelineSeeded, BuiltinSampler):
    def __init__(self, replacement=False, num_samples=None):
        if not isinstance(replacement, bool):
            raise TypeError("replacement must be a boolean value but was: {}.".format(replacement))
        _check_num_samples(num_samples)
        self.replacement = replacement
        self.reshuffle_each_epoch = True
        super().__init__(num_samples)

    def _epoch_ids(self, n, epoch, state):
        seed = state.setdefault("seed", config._pipeline_seed())
        if self.replacement:
            gen = MT19937(seed + epoch)
            count = min(self.num_samples, n) if self.num_samples else n  # MindSpore caps at the dataset size
            return [uniform_int(gen, 0, n - 1) for _ in range(count)] if n else []
        if not self.reshuffle_each_epoch:
            epoch = 0
        # each epoch reshuffles the previous epoch's order with a generator seeded seed + epoch
        done, ids = state.get("perm", (-1, list(range(n))))
        if done > epoch:
            done, ids = -1, list(range(n))
        ids = list(ids)
        for e in range(done + 1, epoch + 1):
            std_shuffle(ids, MT19937(seed + e))
        state["perm"] = (epoch, ids)
        return self._limit(ids)

    def is_shuffled(self):
        return True


class DistributedSampler(BuiltinSampler):
    def __init__(self, num_shards, shard_id, shuffle=True, num_samples=None, offset=-1):
        if not isinstance(num_shards, int) or isinstance(num_shards, bool):
            raise TypeError("num_shards must be integer but was: {}.".format(num_shards))
        if not isinstance(shard_id, int) or isinstance(shard_id, bool):
            raise TypeError("shard_id must be integer but was: {}.".format(shard_id))
        self.shuffle_mode = None
        if not isinstance(shuffle, bool):
            # a ``ds.Shuffle`` mode (a str enum): FALSE is no shuffle, the others shuffle globally here
            mode = getattr(shuffle, "value", shuffle)
            if not isinstance(shuffle, str) or mode not in ("false", "adaptive", "global", "partial", "files",
                                                           "infile"):
                raise TypeError("shuffle must be a boolean value or valid shuffle mode but was: {}."
                                .format(shuffle))
            self.shuffle_mode = mode
            shuffle = mode != "false"
        _check_num_samples(num_samples)
        if not isinstance(offset, int):
            raise TypeError("offset must be integer but was: {}.".format(offset))
        self.num_shards = num_shards
        self.shard_id = shard_id
        self.shuffle = shuffle
        self.offset = offset
        self.seed = config.get_seed()
        super().__init__(num_samples)

    def _new_state(self):
        # MindSpore builds each pipeline from a copy of the sampler whose seed it bumps once
        return {"seed": self.seed + 1}

    def _epoch_ids(self, n, epoch, state):
        if self.num_shards <= 0 or self.shard_id < 0 or self.shard_id >= self.num_shards:
            raise RuntimeError("Invalid parameter, num_shard must be greater than shard_id and greater than 0, got "
                               "num_shard: {}, shard_id: {}.".format(self.num_shards, self.shard_id))
        if self.offset > self.num_shards:
            raise RuntimeError("Invalid parameter, offset must be no more than num_shards={}, but got offset={}."
                               .format(self.num_shards, self.offset))
        if n == 0:
            return []
        ids = list(range(n))
        if self.shuffle:
            seed = state.setdefault("seed", self.seed + 1)
            done, prev = state.get("perm", (-1, ids))
            if done > epoch:
                done, prev = -1, ids
            ids = list(prev)
            for e in range(done + 1, epoch + 1):
                std_shuffle(ids, MT19937(seed + e))
            state["perm"] = (epoch, ids)
        k, sid = self.num_shards, self.shard_id
        if self.offset == -1:
            # even split: every shard gets ceil(n / k) rows, wrapping around to the first rows
            per_shard = -(-n // k)
            out = [ids[(i * k + sid) % n] for i in range(per_shard)]
            return self._limit(out)
        # with an offset, row r goes to shard (r + offset) % k and shards are not padded
        off = self.offset
        per_shard = (n + off) // k + (1 if sid < (n + off) % k else 0) - (1 if sid < off else 0)
        if per_shard <= 0:
            return [0]  # MindSpore gives an empty shard one row (row 0)
        pos = [k * c + sid - off for c in range(per_shard + 1)]
        pos = [m for m in pos if m >= 0][:per_shard]
        return self._limit([ids[m % n] for m in pos])

    def is_shuffled(self):
        return self.shuffle

    def is_sharded(self):
        return True


class SubsetSampler(BuiltinSampler):
    def __init__(self, indices, num_samples=None):
        if not isinstance(indices, (list, tuple, np.ndarray)):
            indices = [indices]
        for i, item in enumerate(indices):
            if not isinstance(item, (numbers.Integral,)) or isinstance(item, bool):
                raise TypeError("SubsetSampler: Type of indices element must be int, but got list[{}]: {}, "
                                "type: {}.".format(i, item, type(item)))
        _check_num_samples(num_samples)
        self.indices = [int(i) for i in indices]
        super().__init__(num_samples)

    def _epoch_ids(self, n, epoch, state):
        for i in self.indices:
            if i < 0 or i >= n:
                raise RuntimeError("Invalid data, sample ID {} is out of bound [0, {}).".format(i, n))
        return self._limit(list(self.indices))


class SubsetRandomSampler(_PipelineSeeded, SubsetSampler):
    def _epoch_ids(self, n, epoch, state):
        base = super()._epoch_ids(n, epoch, state)
        seed = state.setdefault("seed", config._pipeline_seed())
        # MindSpore re-seeds with the same seed at each epoch and shuffles the previous epoch's order
        done, ids = state.get("perm", (-1, base))
        if done > epoch:
            done, ids = -1, base
        ids = list(ids)
        for _ in range(done + 1, epoch + 1):
            std_shuffle(ids, MT19937(seed))
        state["perm"] = (epoch, ids)
        return self._limit(ids)

    def is_shuffled(self):
        return True


class WeightedRandomSampler(_PipelineSeeded, BuiltinSampler):
    def __init__(self, weights, num_samples=None, replacement=True):
        if not isinstance(weights, (list, tuple, np.ndarray)):
            weights = [weights]
        weights = list(weights)
        for ind, w in enumerate(weights):
            if not isinstance(w, numbers.Number) or isinstance(w, bool):
                raise TypeError("type of weights element must be number, but got w[{}]: {}, type: {}."
                                .format(ind, w, type(w)))
        _check_num_samples(num_samples)
        if not isinstance(replacement, bool):
            raise TypeError("replacement must be a boolean value but was: {}.".format(replacement))
        self.weights = [float(w) for w in weights]
        self.replacement = replacement
        super().__init__(num_samples)

    def _epoch_ids(self, n, epoch, state):
        if not self.weights:
            raise RuntimeError("Invalid parameter, weights vector must not be empty.")
        if any(w < 0 for w in self.weights):
            raise RuntimeError("Invalid parameter, weights vector must not contain negative numbers.")
        if all(w == 0 for w in self.weights):
            raise RuntimeError("Invalid parameter, elements of weights vector must not be all zero.")
        if len(self.weights) > n:
            raise RuntimeError("Invalid parameter, size of sample weights must be less than or equal to num of "
                               "data, but got weight size: {}, num of data: {}".format(len(self.weights), n))
        seed = state.setdefault("seed", config._pipeline_seed())
        count = n if not self.num_samples or self.num_samples > n else self.num_samples
        # MindSpore re-seeds its std::mt19937 with the same seed at every epoch
        gen = MT19937(seed)

        def canonical():  # std::generate_canonical<double, 53> over a 32-bit generator
            p = (gen() + gen() * 4294967296.0) / 18446744073709551616.0
            return np.nextafter(1.0, 0.0) if p >= 1.0 else p
        if self.replacement:
            # std::discrete_distribution (libstdc++): lower_bound of a canonical draw in the normalized
            # cumulative weights, whose last entry is forced to 1
            total = float(sum(self.weights))
            cp = np.cumsum([x / total for x in self.weights]).tolist()
            cp[-1] = 1.0
            ids = [bisect.bisect_left(cp, canonical()) for _ in range(count)]
        else:
            if len(self.weights) < count:
                raise RuntimeError("Invalid parameter, without replacement, weight size must be greater than or "
                                   "equal to num_samples, but got weight size: {}, num_samples: {}"
                                   .format(len(self.weights), count))
            # one-pass sampling: key exponential(1) / weight per row, the count smallest keys in order
            keys = []
            for i, wi in enumerate(self.weights):
                e = -math.log(1.0 - canonical())
                keys.append((e / wi if wi != 0 else math.inf, i))
            keys.sort()
            ids = [i for _, i in keys[:count]]
        for i in ids:
            if i >= n:
                raise RuntimeError("Invalid data, sample ID {} is out of bound [0, {}).".format(i, n))
        return [int(i) for i in ids]

    def is_shuffled(self):
        return True


class _IterableSampler(BuiltinSampler):
    """A user sampler: any iterable of ids (re-iterated each epoch)."""

    def __init__(self, sampler, num_samples=None):
        self.user = sampler
        super().__init__(num_samples)

    def _epoch_ids(self, n, epoch, state):
        return self._limit([int(i) for i in self.user])


def _select_sampler(num_samples, sampler, shuffle, num_shards, shard_id):
    """The sampler a source uses from its (sampler, shuffle, num_shards, shard_id) arguments."""
    if sampler is not None:
        if isinstance(sampler, BuiltinSampler) and any(
                a is not None for a in (shuffle, num_shards, shard_id, num_samples)):
            raise ValueError("Conflicting arguments during sampler assignments. num_samples: {}, num_shards: {},"
                             " shard_id: {}, shuffle: {}.".format(num_samples, num_shards, shard_id, shuffle))
        if isinstance(sampler, BuiltinSampler):
            return sampler
        # MindSpore: a list / tuple / ndarray of ids is a SubsetSampler, any other iterable an IterSampler,
        # both limited by num_samples
        if isinstance(sampler, (list, tuple, np.ndarray)):
            return SubsetSampler(sampler, num_samples)
        if isinstance(sampler, int) and not isinstance(sampler, bool):
            return SubsetSampler([sampler])
        return _IterableSampler(sampler, num_samples)
    shuffle = True if shuffle is None else shuffle
    if num_shards is not None:
        return DistributedSampler(num_shards, shard_id, shuffle=shuffle, num_samples=num_samples)
    if shuffle:
        # MindSpore: a shuffled source limited by num_samples draws its ids with replacement
        return RandomSampler(replacement=num_samples is not None, num_samples=num_samples)
    return SequentialSampler(num_samples=num_samples)


class PKSampler(_PipelineSeeded, BuiltinSampler):
    """K samples (drawn at random, with replacement) from each of the P classes of a labelled source.

    MindSpore's order: the classes sorted (or ``std::shuffle``-d once when ``shuffle``), then for
    sample j the class ``j // num_val`` and a ``uniform_int_distribution`` pick among its rows, all
    from one ``std::mt19937`` seeded with the pipeline seed (re-seeded seed + e at epoch e).
    GeneratorDataset/NumpySlicesDataset refuse it; labelled file sources call ``_ids_from_labels``."""

    def __init__(self, num_val, num_class=None, shuffle=False, class_column="label", num_samples=None):
        if not isinstance(num_val, int):
            raise TypeError("num_val must be integer but was: {}.".format(num_val))
        if num_class is not None:
            raise NotImplementedError("Not supported to specify num_class for PKSampler.")
        if not isinstance(shuffle, bool):
            raise TypeError("shuffle must be a boolean value but was: {}.".format(shuffle))
        if not isinstance(class_column, str):
            raise TypeError("class_column must be a str value but was: {}.".format(class_column))
        if num_samples is not None:
            if not isinstance(num_samples, int):
                raise TypeError("num_samples must be integer but was: {}.".format(num_samples))
            if num_samples < 0 or num_samples > INT64_MAX:
                raise ValueError("num_samples exceeds the boundary between {} and {}(INT64_MAX)!"
                                 .format(0, INT64_MAX))
        self.num_val = num_val
        self.shuffle = shuffle
        self.class_column = class_column
        super().__init__(num_samples)

    def _ids_from_labels(self, label_to_ids, epoch, state):
        """Ids of pass ``epoch`` given ``{label: [row ids]}`` of the source."""
        if self.num_val <= 0:
            raise RuntimeError("Invalid parameter, num_val must be greater than 0, but got {}.".format(self.num_val))
        seed = state.setdefault("seed", config._pipeline_seed())
        labels = sorted(k for k, v in label_to_ids.items() if len(v))
        gen = MT19937(seed)
        if self.shuffle:
            std_shuffle(labels, gen)
        if epoch:
            gen = MT19937(seed + epoch)
        total = self.num_val * len(labels)
        count = total if not self.num_samples or self.num_samples > total else self.num_samples
        if count <= 0:
            raise RuntimeError("Invalid parameter, num_class or K (num samples per class) must be greater than 0, "
                               "but got {}.".format(count))
        out = []
        for j in range(count):
            ids = label_to_ids[labels[j // self.num_val]]
            out.append(int(ids[uniform_int(gen, 0, len(ids) - 1)]))
        return out

    def _epoch_ids(self, n, epoch, state):
        # a labelled source puts {label: [row ids]} into the sampler state under "label_to_ids"
        labels = state.get("label_to_ids")
        if labels is None:
            raise RuntimeError("PKSampler needs a source with class labels.")
        return self._ids_from_labels(labels, epoch, state)

    def _size_from_labels(self, label_to_ids):
        """Rows one epoch yields over a source with these classes."""
        total = self.num_val * sum(1 for v in label_to_ids.values() if len(v))
        return total if not self.num_samples or self.num_samples > total else self.num_samples

    def is_shuffled(self):
        return self.shuffle if self.child_sampler is None else self.child_sampler.is_shuffled()

    def is_sharded(self):
        return False if self.child_sampler is None else self.child_sampler.is_sharded()


# --------------------------------------------------------------------------- file sources' argument checks
def _check_shard_args(num_shards, shard_id):
    """MindSpore's checks of ``num_shards``/``shard_id`` in the file sources (after their type checks)."""
    if num_shards is not None:
        if num_shards <= 0 or num_shards > INT32_MAX:
            raise ValueError("Input num_shards is not within the required interval of [1, {}].".format(INT32_MAX))
        if shard_id is None:
            raise RuntimeError("num_shards is specified and currently requires shard_id as well.")
        if shard_id < 0 or shard_id > num_shards - 1:
            raise ValueError("Input shard_id is not within the required interval of [0, {}].".format(num_shards - 1))
    if num_shards is None and shard_id is not None:
        raise RuntimeError("shard_id is specified but num_shards is not.")


def _check_sampler_args(sampler, shuffle, num_samples, num_shards, shard_id):
    """A sampler excludes shuffle, sharding and num_samples in the file sources; then the shard checks."""
    if sampler is not None:
        if shuffle is not None:
            raise RuntimeError("sampler and shuffle cannot be specified at the same time.")
        if num_shards is not None or shard_id is not None:
            raise RuntimeError("sampler and sharding cannot be specified at the same time.")
        if num_samples is not None:
            raise RuntimeError("sampler and num_samples cannot be specified at the same time.")
    _check_shard_args(num_shards, shard_id)
