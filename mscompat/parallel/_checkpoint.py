"""Distributed checkpoints: strategy files, merging parameter slices, loading a checkpoint saved
on another device count.

A run in SEMI_AUTO/AUTO_PARALLEL with ``strategy_ckpt_save_file`` (or
``strategy_ckpt_config={"save_file": ...}``) writes the layout of every Parameter of each
compiled program in MindSpore's JSON strategy format (``parallel_layout_item``: ``dev_matrix``,
``tensor_map`` with MindSpore's right-to-left axis numbering, ``field``, ``opt_weight_shard_*``).
:func:`build_searched_strategy` reads such a file (written by mscompat or by MindSpore as JSON);
:func:`merge_sliced_parameter` rebuilds a whole Parameter from the per-rank slices (rank order =
row-major order of the device matrix); :func:`load_distributed_checkpoint` merges per-rank
checkpoint files with the training strategy and loads the result.

``save_checkpoint`` saves WHOLE Parameters (a sharded Parameter is a global array: ``asnumpy``
gathers it, across processes too, where every process must call it), so a checkpoint written on
8 devices loads as is on 4 devices or on one: the next compiled call lays the values out for the
new mesh. Per-rank slice files (``integrated_save=False``) are not written by mscompat.
"""
import json
import os

import numpy as np
from mscompat.common.parameter import Parameter
from mscompat.common.tensor import Tensor

__all__ = ["build_searched_strategy", "merge_sliced_parameter", "load_distributed_checkpoint",
           "save_strategy_file", "sharding_to_layout"]


class _Dims:
    __slots__ = ("dim",)

    def __init__(self, dims):
        self.dim = list(dims)


class ParallelLayouts:
    """One Parameter's layout as ``build_searched_strategy`` returns it (the fields of MindSpore's
    ``ParallelLayouts`` message: ``dev_matrix[0].dim``, ``tensor_map[0].dim``, ...)."""

    def __init__(self, dev_matrix, tensor_map, param_split_shape=(), field=0, opt_weight_shard_size=0,
                 opt_weight_shard_step=0):
        self.dev_matrix = [_Dims(dev_matrix)]
        self.tensor_map = [_Dims(tensor_map)]
        self.param_split_shape = [_Dims(param_split_shape)]
        self.indices_offset = [_Dims(())]
        self.field = field
        self.opt_weight_shard_size = opt_weight_shard_size
        self.opt_weight_shard_step = opt_weight_shard_step

    def __repr__(self):
        return (f"ParallelLayouts(dev_matrix={self.dev_matrix[0].dim}, tensor_map={self.tensor_map[0].dim}, "
                f"field={self.field})")


def sharding_to_layout(sharding, ndim):
    """(dev_matrix, tensor_map) of a NamedSharding in MindSpore's convention."""
    mesh = sharding.mesh
    # MindSpore's device matrix has no repeated-calculation dimension when nothing repeats
    names = [n for n in mesh.axis_names if not (n == "rep" and int(mesh.shape[n]) == 1)]
    dev = [int(mesh.shape[n]) for n in names]
    spec = list(sharding.spec) + [None] * (ndim - len(sharding.spec))
    tmap = []
    for entry in spec[:ndim]:
        if entry is None:
            tmap.append(-1)
        elif isinstance(entry, tuple):
            tmap.append([len(names) - 1 - names.index(a) for a in entry] if len(entry) > 1
                        else len(names) - 1 - names.index(entry[0]))
        else:
            tmap.append(len(names) - 1 - names.index(entry))
    return dev, tmap


def save_strategy_file(path, params, shardings):
    """Write (or update) a JSON strategy file with the layouts of ``params``."""
    content = {"parallel_strategy_item": {}, "parallel_layout_item": {}}
    if os.path.isfile(path) and os.path.getsize(path):
        try:
            with open(path, encoding="utf-8") as f:
                content = json.load(f)
        except ValueError:
            pass
    items = content.setdefault("parallel_layout_item", {})
    for p, s in zip(params, shardings):
        dev, tmap = sharding_to_layout(s, len(p.shape))
        items[p.name] = {"dev_matrix": dev, "tensor_map": tmap, "param_split_shape": [], "indices_offset": [],
                         "field": 0, "opt_weight_shard_step": 0, "opt_weight_shard_size": 0}
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(content, f)


def build_searched_strategy(strategy_filename):
    """``{parameter name: ParallelLayouts}`` from a JSON strategy file."""
    if not isinstance(strategy_filename, str):
        raise TypeError(f"For 'build_searched_strategy', the argument 'strategy_filename' should be string, "
                        f"but got {type(strategy_filename)}.")
    if not os.path.isfile(strategy_filename):
        raise ValueError(f"For 'build_searched_strategy', no such strategy file: {strategy_filename}. "
                         f"Please check whether the 'strategy_filename' exists.")
    if os.path.getsize(strategy_filename) == 0:
        raise ValueError(f"For 'build_searched_strategy', the strategy file {strategy_filename} should not "
                         f"be empty. Please check whether the 'strategy_filename' is correct.")
    if not strategy_filename.endswith(".json"):
        raise TypeError("The strategy file type should be one of json or protobuf. When the file name extension is "
                        "not '.json', the file is considered as a protobuf file (protobuf strategy files are not "
                        "supported by mscompat).")
    with open(strategy_filename, encoding="utf-8") as f:
        content = json.load(f)
    out = {}
    for name, item in content.get("parallel_layout_item", {}).items():
        out[name] = ParallelLayouts(item.get("dev_matrix", []), item.get("tensor_map", []),
                                    item.get("param_split_shape", []), item.get("field", 0) or 0,
                                    item.get("opt_weight_shard_size", 0) or 0,
                                    item.get("opt_weight_shard_step", 0) or 0)
    return out


def _merge(slices, dev_mat, tensor_map):
    """The whole array from the per-rank ``slices`` (rank order: row-major in ``dev_mat``)."""
    n = int(np.prod(dev_mat)) if dev_mat else 1
    if len(slices) != n:
        raise ValueError("For 'merge_sliced_parameter', the length of 'sliced_parameters' should be equal to "
                         f"device_count. The length of 'sliced_parameters' is {len(slices)}, but device_count is "
                         f"{n}.")
    k = len(dev_mat)
    splits = []
    for v in tensor_map:
        vs = v if isinstance(v, (list, tuple)) else [v]
        splits.append(int(np.prod([dev_mat[k - 1 - a] for a in vs if a != -1])) if any(a != -1 for a in vs) else 1)
    piece = slices[0].shape
    full = np.empty(tuple(s * c for s, c in zip(piece, splits)), dtype=slices[0].dtype)
    for rank, sl in enumerate(slices):
        coords = np.unravel_index(rank, dev_mat) if dev_mat else ()
        index = []
        for d, v in enumerate(tensor_map):
            vs = [a for a in (v if isinstance(v, (list, tuple)) else [v]) if a != -1]
            c = 0
            for a in vs:
                c = c * dev_mat[k - 1 - a] + int(coords[k - 1 - a])
            index.append(slice(c * piece[d], (c + 1) * piece[d]))
        full[tuple(index)] = sl
    return full


def merge_sliced_parameter(sliced_parameters, strategy=None):
    """One Parameter from its per-rank slices: concatenated on axis 0 without ``strategy``, laid
    out by ``strategy[name]`` (``dev_matrix``/``tensor_map``) otherwise."""
    if not isinstance(sliced_parameters, list):
        raise TypeError("For 'merge_sliced_parameter', the argument 'sliced_parameters' should be list, "
                        f"but got {type(sliced_parameters)}.")
    if not sliced_parameters:
        raise ValueError("For 'merge_sliced_parameter', the argument 'sliced_parameters' should not be empty.")
    if strategy and not isinstance(strategy, dict):
        raise TypeError(f"For 'merge_sliced_parameter', the argument 'strategy' should be dict, but got "
                        f"{type(strategy)}.")
    first = sliced_parameters[0]
    if not isinstance(first, Parameter):
        raise TypeError("For 'merge_sliced_parameter', the element in 'sliced_parameters' should be 'Parameter', "
                        f"but got {type(first)} at index 0.")
    name, shape = first.name, tuple(first.shape)
    for i, p in enumerate(sliced_parameters):
        if not isinstance(p, Parameter):
            raise TypeError("For 'merge_sliced_parameter', the element in 'sliced_parameters' should be "
                            f"'Parameter', but got {type(p)} at index {i}.")
        if p.name != name or len(p.shape) != len(shape) or tuple(p.shape[1:]) != shape[1:]:
            raise ValueError("For 'merge_sliced_parameter', please make sure that the elements in 'slice_parameters' "
                             "have the same name, dimension length and shape except 0 axis. The name, dimension "
                             f"length, shape except 0 axis should be {name}, {len(shape)}, {shape[1:]}, but got name: "
                             f"{p.name}, dimension length: {len(p.shape)}, shape except 0 axis: {tuple(p.shape[1:])} "
                             f"at index {i}.")
    data = [p.asnumpy() for p in sliced_parameters]
    if not strategy:
        merged = np.concatenate(data)
    else:
        if name not in strategy:
            raise KeyError(f"For 'merge_sliced_parameter', the parameter name {name} should be a key in the "
                           "'strategy'. Please check 'sliced_parameter' and 'strategy'.")
        lay = strategy[name]
        merged = _merge(data, list(lay.dev_matrix[0].dim), list(lay.tensor_map[0].dim))
    return Parameter(Tensor(merged), name, first.requires_grad, first.layerwise_parallel)


def load_distributed_checkpoint(network, checkpoint_filenames=None, predict_strategy=None,
                                train_strategy_filename=None, strict_load=False, dec_key=None, dec_mode='AES-GCM',
                                format='ckpt', unified_safetensors_dir=None, dst_safetensors_dir=None,
                                rank_id=None, output_format='safetensors', name_map=None, max_process_num=64,
                                return_param_dict=False):
    """Merge the per-rank checkpoints ``checkpoint_filenames`` (rank order) with the training
    strategy file and load the whole Parameters into ``network`` (its next compiled call lays
    them out for the current mesh, so ``predict_strategy`` needs no slicing here)."""
    from mscompat.train.serialization import load_checkpoint, load_param_into_net  # cycle: train builds on parallel
    if format != "ckpt":
        raise ValueError(f"For 'load_distributed_checkpoint', only the 'ckpt' format is supported by mscompat, "
                         f"but got {format}.")
    if not isinstance(checkpoint_filenames, list) or not checkpoint_filenames:
        raise TypeError("For 'load_distributed_checkpoint', the argument 'checkpoint_filenames' should be a "
                        f"non-empty list, but got {type(checkpoint_filenames)}.")
    strategy = build_searched_strategy(train_strategy_filename) if train_strategy_filename else {}
    per_rank = [load_checkpoint(f) for f in checkpoint_filenames]
    merged = {}
    for name, value in per_rank[0].items():
        lay = strategy.get(name)
        if lay is None or int(np.prod(lay.dev_matrix[0].dim)) == 1:
            merged[name] = value
            continue
        data = [r[name].asnumpy() for r in per_rank]
        merged[name] = Parameter(Tensor(_merge(data, list(lay.dev_matrix[0].dim), list(lay.tensor_map[0].dim))),
                                 name)
    if return_param_dict:
        return merged
    load_param_into_net(network, merged, strict_load=strict_load)
    return None
