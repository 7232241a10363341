"""``mindspore.dataset.Sampler``: the base class of user-defined samplers. A subclass
implements ``__iter__`` (yielding row ids, or lists of ids); each epoch the pipeline tells it
the dataset size (``dataset_size``) and reads ids until ``num_samples``
yields (``reset()`` runs before every epoch but the first). It can sit under or over built-in
samplers (``add_child``)."""
import copy
import numbers

import numpy as np

from ._engine_samplers import BuiltinSampler

__all__ = ["Sampler"]


class Sampler(BuiltinSampler):
    def __init__(self, num_samples=None):
        super().__init__(num_samples)
        self.dataset_size = 0
        self.child_sampler = None
        self.num_samples = num_samples
        if self.num_samples is None and hasattr(self, "__len__"):
            self.num_samples = len(self)
        self.batch_sizes = []

    def __iter__(self):
        raise NotImplementedError(f"'{type(self).__name__}' must implement __iter__ (the ids it yields).")

    def reset(self):
        """Called before each epoch."""

    def _handshake(self, ds_size):
        self.dataset_size = ds_size

    def get_indices(self):
        """The ids of one pass over ``self`` (at most ``num_samples`` yields), as an array."""
        ids, sizes = [], []
        for count, idx in enumerate(self):
            if isinstance(idx, numbers.Number):
                idx = [idx]
                sizes.append(0)
            else:
                sizes.append(len(idx))
            ids.extend(idx)
            if self.num_samples is not None and count + 1 >= self.num_samples:
                break
        self.batch_sizes.append(sizes)
        indices = np.array(ids)
        if indices.dtype == object:
            raise RuntimeError("Fetched indices can not be converted to a valid ndarray.")
        return indices

    def _get_batch_sizes(self):
        return self.batch_sizes.pop(0) if self.batch_sizes else []

    def add_child(self, sampler):
        self.child_sampler = sampler

    def get_child(self):
        return self.child_sampler

    def is_shuffled(self):
        return False if self.child_sampler is None else self.child_sampler.is_shuffled()

    def is_sharded(self):
        return False if self.child_sampler is None else self.child_sampler.is_sharded()

    def get_num_samples(self):
        if self.num_samples is not None:
            return self.num_samples
        probe = copy.deepcopy(self)
        probe.get_indices()
        return len(probe.batch_sizes[-1])

    # --- the pipeline's side -----------------------------------------------------------------
    def _epoch_ids(self, n, epoch, state):
        # the pipeline works on its own copy (as MindSpore's does): the user's object is untouched,
        # the copy keeps its state from epoch to epoch of one iterator
        own = state.get("user_sampler")
        if own is None:
            own = state["user_sampler"] = copy.deepcopy(self)
        else:
            own.reset()   # between epochs, not before the first
        own._handshake(n)
        ids = own.get_indices()
        own._get_batch_sizes()
        bad = [int(i) for i in ids if not 0 <= int(i) < n]
        if bad:
            raise RuntimeError(f"Sample ID ({bad[0]}) is out of bound, expected range [0, {n - 1}].")
        return [int(i) for i in ids]
