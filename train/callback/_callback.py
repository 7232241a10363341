"""``Callback``, ``RunContext`` and the callback list the training loops drive (MindSpore's
``mindspore.train.callback._callback``)."""
from contextlib import ExitStack
import logging

import numpy as np

from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.train.serialization import load_param_into_net

__all__ = ["Callback", "RunContext"]

logger = logging.getLogger("mscompat")

_HOOKS = ("begin", "epoch_begin", "epoch_end", "step_begin", "step_end", "end")


class Callback:
    """Base class of training/evaluation callbacks.

    Each ``on_train_*``/``on_eval_*`` method defaults to the matching old-style method
    (``begin``, ``epoch_begin``, ``epoch_end``, ``step_begin``, ``step_end``, ``end``), so a
    subclass may override either. Methods get a :class:`RunContext`; its ``original_args()``
    is the ``cb_params`` dict of the running loop.
    """

    def __enter__(self):
        return self

    def __exit__(self, *err):
        pass

    def begin(self, run_context):
        """Called once before the network runs (old-style alias)."""

    def epoch_begin(self, run_context):
        """Called before each epoch (old-style alias)."""

    def epoch_end(self, run_context):
        """Called after each epoch (old-style alias)."""

    def step_begin(self, run_context):
        """Called before each step (old-style alias)."""

    def step_end(self, run_context):
        """Called after each step (old-style alias)."""

    def end(self, run_context):
        """Called once after the run (old-style alias)."""

    def on_train_begin(self, run_context):
        self.begin(run_context)

    def on_train_epoch_begin(self, run_context):
        self.epoch_begin(run_context)

    def on_train_epoch_end(self, run_context):
        self.epoch_end(run_context)

    def on_train_step_begin(self, run_context):
        self.step_begin(run_context)

    def on_train_step_end(self, run_context):
        self.step_end(run_context)

    def on_train_end(self, run_context):
        self.end(run_context)

    def on_eval_begin(self, run_context):
        self.begin(run_context)

    def on_eval_epoch_begin(self, run_context):
        self.epoch_begin(run_context)

    def on_eval_epoch_end(self, run_context):
        self.epoch_end(run_context)

    def on_eval_step_begin(self, run_context):
        self.step_begin(run_context)

    def on_eval_step_end(self, run_context):
        self.step_end(run_context)

    def on_eval_end(self, run_context):
        self.end(run_context)


def _fan_out(name):
    def call(self, run_context):
        for cb in self._callbacks:
            getattr(cb, name)(run_context)
    call.__name__ = name
    return call


class CallbackManager(Callback):
    """Runs a list of callbacks in order (entered as context managers for the run)."""

    def __init__(self, callbacks):
        self._callbacks, self._stack = [], None
        if isinstance(callbacks, Callback):
            self._callbacks.append(callbacks)
        elif isinstance(callbacks, list):
            for cb in callbacks:
                if not isinstance(cb, Callback):
                    raise TypeError("When the 'callbacks' is a list, the elements in "
                                    "'callbacks' must be Callback functions.")
                self._callbacks.append(cb)
        elif callbacks is not None:
            raise TypeError("The 'callbacks' is not a Callback or a list of Callback.")

    def __enter__(self):
        if self._stack is None:
            entered, self._stack = [], ExitStack().__enter__()
            for cb in self._callbacks:
                target = self._stack.enter_context(cb)
                if not isinstance(target, Callback):
                    logger.warning("Please return 'self' or a Callback as the enter target.")
                    entered.append(cb)
                else:
                    entered.append(target)
            self._callbacks = entered
        return self

    def __exit__(self, *err):
        return self._stack.__exit__(*err)


for _n in _HOOKS + tuple(f"on_{m}_{h}" for m in ("train", "eval")
                         for h in ("begin", "epoch_begin", "epoch_end", "step_begin", "step_end", "end")):
    setattr(CallbackManager, _n, _fan_out(_n))
del _n


class InternalCallbackParam(dict):
    """``cb_params``: a dict whose keys are also attributes."""

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None

    def __setattr__(self, key, value):
        self[key] = value


class RunContext:
    """The context handed to callbacks: ``original_args()`` (the loop's ``cb_params``) and the
    stop request (``request_stop()``/``get_stop_requested()``)."""

    def __init__(self, original_args):
        if not isinstance(original_args, dict):
            raise TypeError("The argument 'original_args' of RunContext should be dict type, "
                            "but got {}.".format(type(original_args)))
        self._original_args = original_args
        self._stop_requested = False

    def original_args(self):
        """The ``cb_params`` dict of the running loop."""
        return self._original_args

    def request_stop(self):
        """Ask the loop to stop after the current step (training) or epoch."""
        self._stop_requested = True

    def get_stop_requested(self):
        """Whether a stop was requested."""
        return self._stop_requested


def _handle_loss(loss):
    """The loss a monitor reports: the first output of a tuple, or a Tensor's mean as float."""
    if isinstance(loss, (tuple, list)):
        if loss and isinstance(loss[0], Tensor):
            loss = loss[0]
    elif isinstance(loss, Tensor):
        loss = float(np.mean(loss.asnumpy()))
    return loss


# --- the network a checkpoint-save op writes its parameters back into (MindSpore's CUR_NET) ----

CUR_NET = None


def set_cur_net(net):
    """Set the network that :func:`checkpoint_cb_for_save_op` fills (None: none)."""
    global CUR_NET
    CUR_NET = net


def checkpoint_cb_for_save_op(parameter_list):
    """Load ``parameter_list`` (``[{"name": name, "data": Tensor}, ...]``, consumed) into the
    network set by :func:`set_cur_net`, strictly, then forget that network. Returns False (with a
    warning) when no network is set."""
    if CUR_NET is None:
        logger.warning("CUR_NET is None. parameters are not updated.")
        return False
    params = {}
    while parameter_list:
        item = parameter_list.pop(0)
        name, value = item["name"], np.asarray(item["data"].asnumpy())
        params[name] = Parameter(Tensor(value), name=name)
    load_param_into_net(CUR_NET, params, strict_load=True)
    set_cur_net(None)
    return True
