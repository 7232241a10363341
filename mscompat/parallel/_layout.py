"""``mindspore.parallel.Layout`` and the conversion of MindSpore strategies to JAX shardings.

A MindSpore *strategy* for a tensor is a tuple of split counts, one per dimension; the
operator's *device matrix* is the product space of those splits (plus a leading
repeated-calculation dimension when the product is smaller than the device number). A
:class:`Layout` names the device matrix axes and maps tensor dimensions onto them. Both become
``NamedSharding``\\ s on the flat device list reshaped to the device matrix.
"""
import copy
import math

import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["Layout", "strategy_sharding", "layout_sharding", "check_tensor_strategy"]


class Layout:
    """A device matrix with named axes; calling it with axis names per tensor dimension gives
    the tensor's layout (``"None"``: not split; a tuple of names: split over several axes)."""

    def __init__(self, device_matrix, alias_name, rank_list=None):
        if not isinstance(device_matrix, tuple):
            raise TypeError(f"device_matrix must be tuple type, but got:{type(device_matrix)}")
        if not isinstance(alias_name, tuple):
            raise TypeError(f"alias_name must be tuple type, but got:{type(alias_name)}")
        if len(device_matrix) != len(alias_name):
            raise ValueError("device_matrix length should be equal to alias_name length")
        for v in device_matrix:
            if not isinstance(v, int):
                raise TypeError(f"The element of device_matrix must be int type, but got:{type(v)}")
        for v in alias_name:
            if not isinstance(v, str):
                raise TypeError(f"The element of alias_name must be str type, but got:{type(v)}")
            if not v:
                raise ValueError("The element of alias_name can not be empty.")
            if v == "None":
                raise ValueError("The element of alias_name can not set 'None', because 'None' means no sharding.")
        if len(set(alias_name)) != len(alias_name):
            raise ValueError(f"Each element of alias_name {alias_name} should be different")
        if "interleaved_parallel" in alias_name and alias_name.index("interleaved_parallel") != len(alias_name) - 1:
            raise ValueError(f"When alias_name {alias_name} contains keyword 'interleaved_parallel', it should be at "
                             "the last dim of alias_name, which means the virtual sharding.")
        self._device_shape = device_matrix
        self._alias_name = alias_name
        self._tensor_map = None
        n = int(np.prod(np.array(device_matrix)))
        if rank_list is not None:
            if not isinstance(rank_list, list):
                raise TypeError(f"The rank_list should be a list, but got {type(rank_list).__name__}.")
            for v in rank_list:
                if not isinstance(v, int):
                    raise TypeError(f"The element of rank_list should be int, but got {type(v).__name__}.")
            if len(rank_list) != n:
                raise ValueError("The length of rank_list should be equal to the product of device_matrix, "
                                 f"but got {len(rank_list)} and {n}.")
        self._rank_list = list(range(n)) if rank_list is None else rank_list

    def _index(self, name, written):
        if name not in self._alias_name:
            raise ValueError(f"The axis {name} is not found in {self._alias_name}")
        if name in written:
            raise ValueError(f"The axis {name} has been set more than one in {self._alias_name}")
        written.append(name)
        return len(self._alias_name) - 1 - self._alias_name.index(name)

    def __call__(self, *tensor_map):
        written, out = [], ()
        for ele in tensor_map:
            if isinstance(ele, tuple):
                out += (tuple(-1 if item == "None" else self._index(item, written) for item in ele),)
            else:
                out += (-1 if ele == "None" else self._index(ele, written),)
        new = copy.deepcopy(self)
        new._tensor_map = out
        return new

    def to_dict(self):
        if self._device_shape is None:
            raise ValueError("The device_shape of layout is None")
        if self._tensor_map is None:
            raise ValueError("The tensor_map of layout is None")
        return {"device_matrix": self._device_shape, "tensor_map": self._tensor_map,
                "interleaved_parallel": "interleaved_parallel" in self._alias_name,
                "alias_name": self._alias_name, "rank_list": self._rank_list}

    def __repr__(self):
        return f"Layout(device_matrix={self._device_shape}, alias_name={self._alias_name}, " \
               f"tensor_map={self._tensor_map})"


def layout_sharding(state, layout):
    """The ``NamedSharding`` of a :class:`Layout` (or its ``to_dict()``) on the active devices."""
    d = layout.to_dict() if isinstance(layout, Layout) else layout
    shape, names, tmap = tuple(d["device_matrix"]), tuple(d["alias_name"]), d["tensor_map"]
    if math.prod(shape) != state.size:
        raise RuntimeError(f"The device matrix {shape} of the layout does not match the device number "
                           f"{state.size}.")
    mesh = state.reshaped(shape, names)

    def axis(v):
        return None if v == -1 else names[len(names) - 1 - v]

    spec = []
    for v in tmap:
        if isinstance(v, (tuple, list)):
            axes = tuple(a for a in (axis(x) for x in v) if a is not None)
            spec.append(axes if axes else None)
        else:
            spec.append(axis(v))
    return NamedSharding(mesh, P(*spec))


def check_tensor_strategy(op, i, strategy, shape, dev_num):
    """MindSpore's strategy checks for input ``i``: one positive split per dimension, each split
    dividing its dimension, the product dividing the device number."""
    if len(strategy) != len(shape):
        raise RuntimeError(f"For '{op}', the strategy {strategy} of input {i} has {len(strategy)} dimensions, but "
                           f"the input's shape {tuple(shape)} has {len(shape)}: Invalid strategy.")
    for s, n in zip(strategy, shape):
        if isinstance(s, bool) or not isinstance(s, int) or s <= 0:
            raise RuntimeError(f"For '{op}', the strategy {strategy} of input {i} must hold positive integers: "
                               "Invalid strategy.")
        if n % s:
            raise RuntimeError(f"For '{op}', the strategy {strategy} of input {i} can not divide its shape "
                               f"{tuple(shape)}: Invalid strategy.")
    prod = math.prod(strategy)
    if dev_num % prod:
        raise RuntimeError(f"For '{op}', the product of the strategy {strategy} of input {i} is {prod}, which "
                           f"does not divide the device number {dev_num}: Invalid strategy.")


def strategy_sharding(state, strategy):
    """One tensor's strategy alone as a sharding: device matrix ``(repeat, *strategy)``."""
    strategy = tuple(strategy)
    rep = state.size // math.prod(strategy)
    names = ("rep",) + tuple(f"s{i}" for i in range(len(strategy)))
    mesh = state.reshaped((rep,) + strategy, names)
    return NamedSharding(mesh, P(*(f"s{i}" if s > 1 else None for i, s in enumerate(strategy))))
