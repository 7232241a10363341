"""``mindspore._c_expression.amp``: the automatic mixed precision strategies of MindSpore's C++
extension, which ``amp.auto_mixed_precision(..., "auto")``, ``recompute`` and model packages
(mindone's ``set_amp_strategy``) use: the strategy objects and rules (``train/_amp_strategy.py``)
and this thread's stack of active strategies.

``push_amp_strategy``/``pop_amp_strategy`` push and pop a strategy; ``get_curr_amp_strategy`` is the
top of the stack, also while a network prepared with level ``auto`` runs. While an ``AmpAuto``
strategy is on top the operators run with the casts of level ``auto`` (``train/_amp_auto.py``:
MindSpore's auto lists, which ``auto_mixed_precision`` passes); the other levels are applied by
``auto_mixed_precision`` per Cell, so a pushed O0-O3 strategy is recorded on the stack and casts
nothing by itself.
"""
import threading

from mscompat.train import _amp_auto
from mscompat.train._amp_strategy import (AmpLevel, AmpStrategy, PrimCastStrategy, PrimCastStrategyInfo,
                                          AutoPromoteList, SetDtypeList, SetDtypeOptList, create_amp_strategy,
                                          get_prim_cast_strategy_info, new_strategy)

__all__ = ["AmpLevel", "AmpStrategy", "PrimCastStrategy", "PrimCastStrategyInfo", "AutoPromoteList",
           "SetDtypeList", "SetDtypeOptList", "create_amp_strategy", "get_curr_amp_strategy",
           "get_prim_cast_strategy_info", "push_amp_strategy", "pop_amp_strategy"]


_PUSHED = threading.local()     # .contexts: this thread's contexts entered by push_amp_strategy


def _pushed():
    contexts = getattr(_PUSHED, "contexts", None)
    if contexts is None:
        contexts = _PUSHED.contexts = []
    return contexts


def push_amp_strategy(*args, **kwargs):
    """``push_amp_strategy(level, dtype, white_list, black_list)``: make a new strategy this
    thread's current one (level ``AmpAuto`` with a dtype: its operator casts apply until the
    matching :func:`pop_amp_strategy`)."""
    strategy = new_strategy("push_amp_strategy", "None", args, kwargs)
    auto = strategy.get_amp_level() == AmpLevel.AmpAuto and strategy.get_amp_dtype() is not None
    ctx = _amp_auto.running(strategy.get_amp_dtype(), "auto" if auto else None, strategy)
    ctx.__enter__()
    _pushed().append(ctx)


def pop_amp_strategy():
    """Remove the strategy of the last :func:`push_amp_strategy` of this thread (nothing when
    there is none)."""
    pushed = _pushed()
    if pushed:
        pushed.pop().__exit__(None, None, None)


def get_curr_amp_strategy():
    """This thread's current :class:`AmpStrategy` (None when none is active)."""
    return _amp_auto.current_strategy()
