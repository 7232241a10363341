"""``LambdaCallback``: a callback built from plain functions."""
from ._callback import Callback

__all__ = ["LambdaCallback"]

_NAMES = ("on_train_epoch_begin", "on_train_epoch_end", "on_train_step_begin", "on_train_step_end",
          "on_train_begin", "on_train_end", "on_eval_epoch_begin", "on_eval_epoch_end", "on_eval_step_begin",
          "on_eval_step_end", "on_eval_begin", "on_eval_end")


def _nothing(run_context):
    return None


class LambdaCallback(Callback):
    """Each argument, a function of ``run_context``, becomes that callback method; the others do
    nothing."""

    def __init__(self, on_train_epoch_begin=None, on_train_epoch_end=None, on_train_step_begin=None,
                 on_train_step_end=None, on_train_begin=None, on_train_end=None, on_eval_epoch_begin=None,
                 on_eval_epoch_end=None, on_eval_step_begin=None, on_eval_step_end=None, on_eval_begin=None,
                 on_eval_end=None):
        super().__init__()
        given = locals()
        for name in _NAMES:
            setattr(self, name, given[name] if given[name] else _nothing)
