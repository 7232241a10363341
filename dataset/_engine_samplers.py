"""Samplers: which source rows an epoch reads, in which order (MindSpore's order for a given seed)."""
import bisect
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


class BuiltinSampler:
    """Base of the built-in samplers.  ``_epoch_ids(n, epoch, state)`` gives the ids of one epoch."""

    def __init__(self, num_samples=None):
        self.num_samples = num_samples
        self.child_sampler = None

    def add_child(self, sampler):
        if not isinstance(sampler, BuiltinSampler):
            raise TypeError("Sampler is not of type BuiltinSampler.")
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


class RandomSampler(BuiltinSampler):
    def __init__(self, replacement=False, num_samples=None):
        if not isinstance(replacement, bool):
            raise TypeError("replacement must be a boolean value but was: {}.".format(replacement))
        _check_num_samples(num_samples)
        self.replacement = replacement
        self.reshuffle_each_epoch = True
        super().__init__(num_samples)

    def _new_state(self):
        return {"seed": config._pipeline_seed()}

    def _epoch_ids(self, n, epoch, state):
        seed = state.setdefault("seed", config._pipeline_seed())
        if self.replacement:
            gen = MT19937(seed + epoch)
            count = self.num_samples if self.num_samples else n
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
        if not isinstance(shuffle, bool):
            raise TypeError("shuffle must be a boolean value but was: {}.".format(shuffle))
        _check_num_samples(num_samples)
        if not isinstance(offset, int):
            raise TypeError("offset must be integer but was: {}.".format(offset))
        if num_shards <= 0 or num_shards > INT32_MAX:
            raise ValueError("num_shards exceeds the boundary between {} and {}(INT32_MAX)!"
                             .format(1, INT32_MAX))
        if offset > num_shards:
            raise RuntimeError("offset should be no more than num_shards={}, but got offset={}."
                               .format(num_shards, offset))
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
        if self.shard_id < 0 or self.shard_id >= self.num_shards:
            raise RuntimeError("Invalid parameter, shard_id must be in range [0, {}), but got {}."
                               .format(self.num_shards, self.shard_id))
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
        per_shard = -(-n // self.num_shards)
        out = [ids[(i * self.num_shards + self.shard_id) % n] for i in range(per_shard)]
        return self._limit(out)

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


class SubsetRandomSampler(SubsetSampler):
    def _new_state(self):
        return {"seed": config._pipeline_seed()}

    def _epoch_ids(self, n, epoch, state):
        base = super()._epoch_ids(n, epoch, state)
        seed = state.setdefault("seed", config._pipeline_seed())
        done, ids = state.get("perm", (-1, base))
        if done > epoch:
            done, ids = -1, base
        ids = list(ids)
        for e in range(done + 1, epoch + 1):
            std_shuffle(ids, MT19937(seed + e))
        state["perm"] = (epoch, ids)
        return self._limit(ids)

    def is_shuffled(self):
        return True


class WeightedRandomSampler(BuiltinSampler):
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

    def _new_state(self):
        return {"seed": config._pipeline_seed()}

    def _epoch_ids(self, n, epoch, state):
        if not self.weights:
            raise RuntimeError("Invalid parameter, weights vector must not be empty.")
        if any(w < 0 for w in self.weights):
            raise RuntimeError("Invalid parameter, weights vector must not contain negative numbers.")
        if all(w == 0 for w in self.weights):
            raise RuntimeError("Invalid parameter, elements of weights vector must not be all zero.")
        seed = state.setdefault("seed", config._pipeline_seed())
        count = self.num_samples if self.num_samples else len(self.weights)
        w = np.asarray(self.weights, np.float64)
        if self.replacement:
            # std::discrete_distribution over std::mt19937 (libstdc++): generate_canonical<double>
            # from two 32-bit draws, then upper_bound in the normalized cumulative weights
            total = float(sum(self.weights))
            cp = np.cumsum([x / total for x in self.weights]).tolist()
            cp[-1] = 1.0
            gen = MT19937(seed + epoch)
            ids = []
            for _ in range(count):
                p = (gen() + gen() * 4294967296.0) / 18446744073709551616.0
                if p >= 1.0:
                    p = np.nextafter(1.0, 0.0)
                ids.append(bisect.bisect_right(cp, p))
        else:
            if count > int((w > 0).sum()):
                raise RuntimeError("Invalid data, num_samples exceeds the number of non-zero weights.")
            rng = np.random.RandomState((seed + epoch) & 0xFFFFFFFF)
            ids = rng.choice(len(w), size=count, replace=False, p=w / w.sum())
        for i in ids:
            if i >= n:
                raise RuntimeError("Invalid data, sample ID {} is out of bound [0, {}).".format(i, n))
        return [int(i) for i in ids]

    def is_shuffled(self):
        return True


class _IterableSampler(BuiltinSampler):
    """A user sampler: any iterable of ids (re-iterated each epoch)."""

    def __init__(self, sampler):
        self.user = sampler
        super().__init__(None)

    def _epoch_ids(self, n, epoch, state):
        return [int(i) for i in self.user]


def _select_sampler(num_samples, sampler, shuffle, num_shards, shard_id):
    """The sampler a source uses from its (sampler, shuffle, num_shards, shard_id) arguments."""
    if sampler is not None:
        if shuffle is not None or num_shards is not None or shard_id is not None or num_samples is not None:
            raise ValueError("Conflicting arguments during sampler assignments. num_samples: {}, num_shards: {},"
                             " shard_id: {}, shuffle: {}.".format(num_samples, num_shards, shard_id, shuffle))
        if isinstance(sampler, BuiltinSampler):
            return sampler
        return _IterableSampler(sampler)
    shuffle = True if shuffle is None else shuffle
    if num_shards is not None:
        return DistributedSampler(num_shards, shard_id, shuffle=shuffle, num_samples=num_samples)
    if shuffle:
        return RandomSampler(num_samples=num_samples)
    return SequentialSampler(num_samples=num_samples)
