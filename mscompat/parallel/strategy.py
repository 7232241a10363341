"""``mindspore.parallel.strategy``: the parameter layouts of a network compiled for parallel
execution, as :class:`Layout` metadata per rank (``{rank: {param_name: [layout, dtype, shape]}}``).

They exist once the network was compiled with a parallel strategy: ``network.compile_phase`` is
set and ``network.parameter_layout_dict`` holds MindSpore's per-parameter layout entries
(``[device_matrix, tensor_map, slice_shape, ...]``). Otherwise (a stand-alone or PyNative network)
the functions return None, as MindSpore's do. Saving is switched on by
``enable_save_strategy_online`` and the saved metadata dropped by ``clear_strategy_metadata``.
"""
import string

from ._layout import Layout

__all__ = ["get_strategy_metadata", "get_current_strategy_metadata", "enable_save_strategy_online",
           "clear_strategy_metadata"]

_SAVE = {"online": False, "cleared": False}


def enable_save_strategy_online():
    """Save the parameter layouts of networks compiled from now on."""
    _SAVE["online"] = True
    _SAVE["cleared"] = False


def clear_strategy_metadata():
    """Drop the saved parameter layouts (until saving is enabled again)."""
    _SAVE["cleared"] = True


def _param_layouts(network):
    """``{param_name: [Layout, dtype, shape]}`` of ``network``'s compiled phase, or None."""
    phase = network.compile_phase
    if not phase or not _SAVE["online"] or _SAVE["cleared"]:
        return None
    entries = network.parameter_layout_dict
    if not entries:
        return None
    params = network.parameters_dict()
    out = {}
    for name, entry in entries.items():
        dev_mat, tensor_map = tuple(entry[0]), entry[1]
        alias = tuple(string.ascii_lowercase[:len(dev_mat)])
        names = []
        for dim in tensor_map:
            axes = dim if isinstance(dim, (tuple, list)) else (dim,)
            picked = tuple("None" if a == -1 else alias[len(alias) - a - 1] for a in axes)
            names.append(picked[0] if len(picked) == 1 else picked)
        p = params.get(name)
        dtype = str(p.dtype) if p is not None else ""
        shape = str(tuple(p.shape)) if p is not None else ""
        out[name] = [Layout(dev_mat, alias)(*names), dtype, shape]
    return out


def get_strategy_metadata(network, rank_id=None):
    """The parameter layouts of every rank (or of ``rank_id`` only); None when ``network`` was not
    compiled with a parallel strategy."""
    layouts = _param_layouts(network)
    if layouts is None:
        return None
    first = next(iter(layouts.values()))[0]
    ranks = first.to_dict()["rank_list"]
    if rank_id is not None:
        return {rank_id: layouts}
    return {r: layouts for r in ranks}


def get_current_strategy_metadata(network):
    """The parameter layouts of this rank, under key 0; None as :func:`get_strategy_metadata`."""
    layouts = _param_layouts(network)
    return None if layouts is None else {0: layouts}
