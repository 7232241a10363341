"""``mindspore.train._utils``: which ranks hold the same slice of each parameter under a parallel
strategy (``get_parameter_redundancy``), and one holder per slice (``remove_param_redundancy``),
as checkpoint code uses them to save each slice once; ``parse_strategy_ckpt`` reads a strategy
file (``node_strategy.proto``) into ``{param: [dev_matrix, tensor_map, opt_shard_step,
opt_shard_size]}``.

A layout maps each tensor dimension onto an axis of the device matrix (tensor-map value ``v``:
axis ``len(dev_matrix) - 1 - v``; -1: not split). Devices whose coordinates agree on every axis
the tensor is split over hold the same slice; their ranks (row-major device order, from
``initial_rank``) form one redundancy group. Groups are listed in the order of the slice
coordinates. The optimizer's weight sharding splits each group further, round-robin."""
import numpy as np

from mscompat.communication.management import get_rank, get_group_size, get_process_group_ranks
from mscompat.nn.cell import Cell
from .node_strategy_pb2 import ParallelStrategyMap

__all__ = ["parse_strategy_ckpt", "get_parameter_redundancy", "remove_param_redundancy"]


def parse_strategy_ckpt(file_name):
    """``{param_name: [dev_matrix, tensor_map, opt_weight_shard_step, opt_weight_shard_size]}`` of a
    strategy file."""
    model = ParallelStrategyMap()
    with open(file_name, "rb") as f:
        model.ParseFromString(f.read())
    out = {}
    for item in model.parallel_layout_item:
        lay = item.parallel_layouts
        out[item.param_name] = [list(lay.dev_matrix[0].dim), list(lay.tensor_map[0].dim),
                                lay.opt_weight_shard_step, lay.opt_weight_shard_size]
    return out


def _groups(dev_matrix, tensor_map, initial_rank):
    """The redundancy groups of one layout, ordered by the slice each holds."""
    n = len(dev_matrix)
    used = [v for v in tensor_map if v != -1]
    by_slice = {}
    for index in range(int(np.prod(dev_matrix, dtype=np.int64))):
        coords = np.unravel_index(index, dev_matrix)
        where = [0] * n
        for v in used:
            where[v] = int(coords[n - 1 - v])
        by_slice.setdefault(tuple(where), []).append(index + initial_rank)
    return tuple(tuple(ranks) for _, ranks in sorted(by_slice.items()))


def _split_for_optimizer(groups, shards):
    """Each group split into ``shards`` round-robin parts (groups whose size ``shards`` does not
    divide are dropped, as MindSpore does)."""
    out = []
    for ranks in groups:
        if len(ranks) % shards == 0:
            out.extend(ranks[i::shards] for i in range(shards))
    return tuple(out)


def get_parameter_redundancy(layout_obj, initial_rank=None):
    """``{param_name: ((ranks holding one slice), ...)}``, sorted by name, from a strategy file name,
    a network's ``parameter_layout_dict`` (``{name: [dev_matrix, tensor_map, slice_shape, field,
    uniform_split, opt_shard_group, ...]}``) or a network (every parameter on every rank of the
    world group). ``initial_rank``: the first rank of this pipeline stage (default: from this
    process's rank)."""
    if isinstance(layout_obj, Cell):
        world = (tuple(get_process_group_ranks()),)
        return {name: world for name in sorted(p.name for _, p in layout_obj.parameters_and_names())}
    from_file = isinstance(layout_obj, str)
    layouts = parse_strategy_ckpt(layout_obj) if from_file else layout_obj
    if initial_rank is None:
        first = next(iter(layouts.values()), None)
        dev_num = int(np.prod(first[0], dtype=np.int64)) if first is not None and first[0] else 1
        initial_rank = (get_rank() // dev_num) * dev_num
    result = {name: _groups(list(v[0]), list(v[1]), initial_rank) for name, v in layouts.items()}
    for name, v in layouts.items():
        if from_file:
            step, size = v[2], v[3]
            if size == 0:
                continue
            groups = result[name]
            if size == -1:
                if not groups:
                    raise ValueError("For get_parameter_redundancy, the format of the parallel communication domain "
                                     "for the optimizer is incorrect.")
                size = len(groups) * len(groups[0]) // step
            result[name] = _split_for_optimizer(groups, size)
        elif len(v) > 5 and v[5]:
            result[name] = _split_for_optimizer(result[name], get_group_size(v[5]))
    return {name: result[name] for name in sorted(result)}


def _one_holder_each(holders):
    """``{group: [params]}`` -> ``{rank: [params]}``: a group's parameters dealt to its ranks in
    turn."""
    out = {}
    for ranks, params in holders.items():
        for i, param in enumerate(params):
            out.setdefault(ranks[i % len(ranks)], []).append(param)
    return out


def remove_param_redundancy(param_redundancy_dict, keep_redundancy=1):
    """``{rank: {param_name, ...}}``: the parameters each rank saves so that every slice is saved
    by ``keep_redundancy`` ranks of its redundancy group (parameters dealt round-robin over the
    group, the k-th copy starting k ranks later)."""
    by_group = {}
    for name, groups in param_redundancy_dict.items():
        for group in groups:
            by_group.setdefault(group, []).append(name)
    result = {}
    for k in range(keep_redundancy):
        rotated = {tuple(g[(k + j) % len(g)] for j in range(len(g))): names for g, names in by_group.items()}
        for rank, names in _one_holder_each(rotated).items():
            result.setdefault(rank, set()).update(names)
    return result
