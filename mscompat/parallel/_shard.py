"""``mindspore.shard`` / ``Cell.shard``: layouts at a function's or cell's boundary.

In SEMI_AUTO_PARALLEL / AUTO_PARALLEL, while a compiled program is traced, the function's tensor
inputs are constrained to ``in_strategy`` (a tuple per input: split counts, a ``Layout``, or
``None`` for "as it comes") and its tensor outputs to ``out_strategy``; ``parameter_plan``
(``{"self.dense.weight": (4, 1)}`` or a ``Layout``) fixes the layout the Parameter is kept in.
Operators inside without a strategy are laid out by XLA's sharding propagation. On one device
(or in STAND_ALONE / DATA_PARALLEL) the function is returned / runs unchanged.
"""
import logging

import jax

from mscompat.common.tensor import Tensor
from ._mesh import _ACTIVE, in_program
from ._layout import Layout, layout_sharding, strategy_sharding
from ._mesh import device_count

logger = logging.getLogger("mscompat")

__all__ = ["shard", "ShardFn", "check_shard_args"]


def _check_tuple_strategy(dim_strategy):
    if not all(isinstance(x, int) for x in dim_strategy):
        raise TypeError("The tuple strategy for each dimension should be tuple(int).")


def _check_inner(strategy, log_info):
    kinds = set()
    for s in strategy:
        if s is None:
            continue
        if not isinstance(s, (tuple, Layout)):
            raise TypeError(f"The '{log_info}' should be a tuple(tuple(int)) or tuple(mindspore.parallel.Layout), "
                            f"but got {type(s).__name__}")
        if isinstance(s, Layout):
            kinds.add("layout")
        else:
            kinds.add("tuple")
            _check_tuple_strategy(s)
    if len(kinds) > 1:
        raise TypeError("For 'Shard', the strategy can only pass in consistent type for all dimensions.")


def check_shard_args(fn, in_strategy, out_strategy, parameter_plan, device="Ascend", level=0):
    """MindSpore's argument checks of ``Shard.__call__``; returns the resolved parameter plan
    ``[(Parameter, strategy or Layout), ...]``."""
    if not isinstance(in_strategy, tuple):
        raise TypeError(f"For 'Shard', the 'in_strategy' should be a tuple, but got {type(in_strategy).__name__}.")
    _check_inner(in_strategy, "in_strategy")
    if not isinstance(out_strategy, (type(None), tuple)):
        raise TypeError("For 'Shard', the 'out_strategy' should be None or tuple, "
                        f"but got {type(out_strategy).__name__}.")
    if out_strategy is not None:
        _check_inner(out_strategy, "out_strategy")
    if not isinstance(device, str):
        raise TypeError(f"For 'Shard', the 'device' should be a string, but got {type(device).__name__}")
    if not isinstance(level, int):
        raise TypeError(f"For 'Shard', the 'level' should be an integer, but got {type(level).__name__}")
    plan = []
    if parameter_plan is None:
        return plan
    from mscompat.nn.cell import Cell  # cycle: nn is built on parallel
    if not isinstance(parameter_plan, dict):
        raise TypeError(f"For 'Shard', the 'parameter_plan' should be a dict or None, "
                        f"but got {type(parameter_plan).__name__}")
    if not isinstance(fn, Cell):
        raise TypeError(f"If parameter_plan is set, type of fn must be mindspore.nn.Cell, but got {type(fn)}")
    for k, v in parameter_plan.items():
        if not isinstance(k, str) or not isinstance(v, (tuple, Layout)):
            raise TypeError("For 'Shard', the type of each key and value in 'parameter_plan' must be str and "
                            f"tuple/Layout, but got {type(k).__name__} and {type(v).__name__}")
    params = {p.name: p for p in fn.trainable_params()}
    for k, v in parameter_plan.items():
        p = params.get(k.replace("self.", ""))
        if p is None:
            logger.warning(f"{k} is not exist, ignored its setting.")
            continue
        if isinstance(v, tuple):
            if len(v) != len(p.shape):
                raise ValueError(f"For {k}, the length of param_strategy: {len(v)}, is not equal to param_shape "
                                 f"len: {len(p.shape)}.")
            for i, (n, s) in enumerate(zip(p.shape, v)):
                if n % s != 0:
                    raise ValueError(f"For '{k}', the param_shape is {tuple(p.shape)} and the setting param_strategy "
                                     f"is {v}. The param_shape[{i}]: {n} cannot be divisible by "
                                     f"param_strategy[{i}]: {s}.")
        plan.append((p, v))
    return plan


def _sharding(st, s):
    if s is None:
        return None
    return layout_sharding(st, s) if isinstance(s, Layout) else strategy_sharding(st, s)


def _constrain_all(st, values, strategies):
    if strategies is None:
        return values
    out = list(values)
    k = 0
    for i, x in enumerate(values):
        if isinstance(x, Tensor):
            if k < len(strategies) and strategies[k] is not None:
                if len(strategies[k]) != x.ndim and not isinstance(strategies[k], Layout):
                    raise RuntimeError(f"For 'Shard', the strategy {strategies[k]} of input {k} does not match the "
                                       f"rank of its shape {tuple(x.shape)}.")
                out[i] = Tensor._wrap(jax.lax.with_sharding_constraint(x._data, _sharding(st, strategies[k])))
            k += 1
    return out


class ShardFn:
    """A function or cell with boundary layouts (what ``shard`` returns, and what
    ``Cell.shard`` installs as the cell's ``_shard_fn``)."""

    def __init__(self, fn, in_strategy, out_strategy=None, plan=()):
        self.fn = fn
        self.in_strategy = in_strategy
        self.out_strategy = out_strategy
        st = _ACTIVE[0]
        if st is not None:
            for p, s in plan:
                if id(p) in st.param_plans:
                    logger.warning(f"The layout of parameter '{p.name}' has been set, current setting will be "
                                   "ignored.")
                else:
                    st.param_plans[id(p)] = (p, s)

    def wrap(self, forward):
        """``forward`` with the boundary constraints applied while tracing in (semi-)auto parallel."""
        def run(*args, **kwargs):
            st = _ACTIVE[0]
            if st is None or not st.semi or not in_program():
                return forward(*args, **kwargs)
            args = _constrain_all(st, args, self.in_strategy)
            out = forward(*args, **kwargs)
            if self.out_strategy is None:
                return out
            if isinstance(out, Tensor):
                return _constrain_all(st, [out], self.out_strategy)[0]
            if isinstance(out, (tuple, list)):
                return type(out)(_constrain_all(st, list(out), self.out_strategy))
            return out
        return run

    def __call__(self, *args, **kwargs):
        return self.wrap(self.fn)(*args, **kwargs)


def shard(fn, in_strategy, out_strategy=None, parameter_plan=None):
    """``fn`` whose inputs/outputs are laid out by ``in_strategy``/``out_strategy`` and whose
    Parameters follow ``parameter_plan`` in SEMI_AUTO/AUTO_PARALLEL; ``fn`` itself when one
    device is in use (MindSpore returns ``fn`` when the group has one member)."""
    if device_count() == 1:
        return fn
    from mscompat.nn.cell import Cell  # cycle: nn is built on parallel
    if not isinstance(fn, Cell):
        logger.warning("'fn' is not a mindspore.nn.Cell, and its definition cannot involve Parameter; "
                       "otherwise, the result may be incorrect.")
    plan = check_shard_args(fn, in_strategy, out_strategy, parameter_plan)
    return ShardFn(fn, in_strategy, out_strategy, plan)
