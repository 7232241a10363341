"""``vmap``'s axis specifications, checked like MindSpore's ``VmapOperation``.

MindSpore validates ``in_axes``/``out_axes`` against the arguments and results while it
compiles the vectorized function and reports every malformed specification as a
``RuntimeError``; these helpers do the same checks before (inputs) and while (results)
``jax.vmap`` traces, and turn the specification into the prefix tree ``jax.vmap`` takes.
"""
import numbers

import jax
import numpy as np

from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter

__all__ = ["check_axes_type", "in_axes_for", "out_leaf_axes", "normalize_outputs", "plain_args"]


def _is_axis(a):
    return a is None or (isinstance(a, numbers.Integral) and not isinstance(a, (bool, np.bool_)))


def _describe(v):
    return f"{type(v).__name__} {v!r}"


def check_axes_type(spec, which):
    """Every leaf of ``spec`` (nested tuples/lists) is an int or None."""
    if isinstance(spec, (tuple, list)):
        for s in spec:
            check_axes_type(s, which)
    elif not _is_axis(spec):
        if isinstance(spec, (numbers.Number, np.generic)) and not isinstance(spec, (bool, np.bool_)):
            raise RuntimeError(f"The axis in vmap's '{which}' should be a None or a scalar of type Int64Imm, "
                               f"but got a {spec}.")
        raise RuntimeError(f"The axis in vmap`s '{which}' can only be of type Int or None, but got "
                           f"{_describe(spec)}.")


def _is_array(x):
    return isinstance(x, (Tensor, jax.Array, np.ndarray))


def _arg_axes(spec, arg, sizes):
    """The jax in_axes prefix for one argument; records the sizes of the mapped axes."""
    if isinstance(spec, (tuple, list)):
        if not isinstance(arg, (tuple, list)):
            raise RuntimeError(f"The axis in vmap's 'in_axes' should be a None or a scalar of type Int64Imm, "
                               f"but got a {tuple(spec)}.")
        if len(spec) != len(arg):
            raise RuntimeError(f"The size of vmap's 'in_axes' should be equal to the size of the corresponding "
                               f"argument: {len(arg)}, but got size: {len(spec)}.")
        return type(arg)(_arg_axes(s, a, sizes) for s, a in zip(spec, arg)) if type(arg) in (tuple, list) \
            else tuple(_arg_axes(s, a, sizes) for s, a in zip(spec, arg))
    if spec is None:
        return None
    if isinstance(arg, (tuple, list)):
        if type(arg) not in (tuple, list):   # namedtuple and other tuple subclasses
            return tuple(_arg_axes(spec, a, sizes) for a in arg)
        return type(arg)(_arg_axes(spec, a, sizes) for a in arg)
    if not _is_array(arg):
        kind = type(arg).__name__
        raise RuntimeError(f"The orig_abs should be AbstractTensor when corresponding axis is {spec}, but got "
                           f"a {kind} ({arg!r}). Tip: Please check the correspondence between vmap's 'in_axes' "
                           "and inputs.")
    nd = len(arg.shape)
    if not -nd <= spec < nd:
        raise RuntimeError(f"The axis: {spec} in 'in_axes' is out of bounds for array of dimension [{-nd},{nd}).")
    sizes.append(int(arg.shape[spec]))
    return int(spec)


def in_axes_for(in_axes, args, ensemble=None):
    """The checked ``in_axes`` for ``args`` as a tuple with one jax prefix per argument.
    ``ensemble``: the number of cells when ``fn`` is a CellList (model ensembling: the
    cells' Parameters are mapped, so every argument may be unmapped)."""
    check_axes_type(in_axes, "in_axes")
    if isinstance(in_axes, (tuple, list)):
        if len(in_axes) != len(args):
            raise RuntimeError(f"When vmap`s 'in_axes' is a tuple or list, and its size must be equal to the number "
                               f"of arguments of 'fn': {len(args)}, but got size: {len(in_axes)}.")
        specs = tuple(in_axes)
    else:
        specs = (in_axes,) * len(args)
    sizes = []
    axes = tuple(_arg_axes(s, a, sizes) for s, a in zip(specs, args))
    if ensemble is not None:
        for s in sizes:
            if s != ensemble:
                raise ValueError("If you want to execute the model ensembling parallel training, please make sure "
                                 "the 'axis_size' in the scope of vmap consistent with the cell size of the input "
                                 f"'CellList', otherwise, please do not enter 'CellList' as the first argument, "
                                 f"but got axis_size: {s} and the cell size: {ensemble}.")
        return axes
    if not sizes:
        raise RuntimeError(f"The 'in_axes' of 'vmap' cannot be all None while 'fn' is not a 'CellList', but got "
                           f"{in_axes}.")
    for s in sizes[1:]:
        if s != sizes[0]:
            raise RuntimeError(f"The 'axis_size' of each argument in the scope of 'vmap' should be equal, but got "
                               f"{sizes[0]} and {s}.")
    return axes


def _check_out(spec, out, axes):
    if isinstance(spec, (tuple, list)):
        if isinstance(out, tuple):
            if len(spec) != len(out):
                raise RuntimeError(f"The size of vmap's 'out_axes' should be equal to the number of results of "
                                   f"'fn': {len(out)}, but got size: {len(spec)}.")
            for s, o in zip(spec, out):
                _check_out(s, o, axes)
            return
        if len(spec) != 1:
            raise RuntimeError(f"The size of vmap's 'out_axes' should be equal to the result size: 1, but got "
                               f"size: {len(spec)}.")
        _check_out(spec[0], out, axes)
        return
    for leaf in jax.tree_util.tree_leaves(out):
        if spec is not None:
            nd = len(leaf.shape) + 1
            if not -nd <= spec < nd:
                raise RuntimeError(f"The axis: {spec} in 'out_axes' is out of bounds for array of dimension "
                                   f"[{-nd},{nd}).")
        axes.append(None if spec is None else int(spec))


def out_leaf_axes(out_axes, out):
    """Check ``out_axes`` against the (per-example) results ``out``; returns the output
    axis (int or None) of each leaf of ``out``, in ``jax.tree_util.tree_leaves`` order."""
    if out_axes is None:
        raise RuntimeError("The 'out_axes' of 'vmap' cannot be a single None while 'fn' is not a 'CellList'.")
    axes = []
    _check_out(out_axes, out, axes)
    return axes


def normalize_outputs(out):
    """MindSpore's results of a vectorized function: lists become tuples, Python numbers
    become Tensors (int64 / float32 / bool), broadcast along the mapped axis."""
    if isinstance(out, (tuple, list)):
        return tuple(normalize_outputs(o) for o in out)
    if isinstance(out, Parameter):
        return Tensor._wrap(out._data)   # its value
    if isinstance(out, (bool, np.bool_)):
        return Tensor(np.bool_(out))
    if isinstance(out, (numbers.Integral, np.integer)):
        return Tensor(np.int64(out))
    if isinstance(out, (numbers.Real, np.floating)):
        return Tensor(np.float32(out))
    return out


def plain_args(x):
    """Arguments with Parameters replaced by Tensors of their values (``jax.vmap`` maps
    Tensors; a Parameter passed as an argument is mapped like any Tensor)."""
    if isinstance(x, Parameter):
        return Tensor._wrap(x._data)
    if type(x) in (tuple, list):
        return type(x)(plain_args(v) for v in x)
    if isinstance(x, dict):
        return {k: plain_args(v) for k, v in x.items()}
    return x


def ensemble_params(cells):
    """The Parameters of each cell of a CellList (model ensembling); the cells must have the
    same structure."""
    plist = [[p for _, p in c.parameters_and_names()] for c in cells]
    if not plist:
        raise ValueError("For 'vmap', the 'CellList' for model ensembling must not be empty.")
    for ps in plist[1:]:
        if len(ps) != len(plist[0]) or any(tuple(a.shape) != tuple(b.shape) or a.dtype != b.dtype
                                           for a, b in zip(ps, plist[0])):
            raise ValueError("For 'vmap', the cells of the 'CellList' for model ensembling must have the same "
                             "structure (Parameters of the same shapes and dtypes).")
    return plist
