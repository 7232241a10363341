"""``mindspore.dataset.engine.samplers`` (also ``mindspore.dataset.samplers``): the sampler
classes at MindSpore's internal path (the objects are ``mindspore.dataset``'s)."""
from mscompat import dataset as _ds

_NAMES = ("Sampler", "BuiltinSampler", "DistributedSampler", "PKSampler", "RandomSampler", "SequentialSampler",
          "SubsetSampler", "SubsetRandomSampler", "WeightedRandomSampler", "IterSampler", "Shuffle")

__all__ = [n for n in _NAMES if hasattr(_ds, n)]
globals().update({n: getattr(_ds, n) for n in __all__})
