"""``Loss``: the average of the (per-batch mean) losses passed to ``update``."""
from .metric import _Accumulator, _py_scalar_op

__all__ = ["Loss"]


class Loss(_Accumulator):
    """Average loss over the ``update`` calls; each call takes a scalar or a 1-D loss (its mean is used)."""
    _name = "Loss"
    _initial_state = {"_sum_loss": 0, "_total_num": 0}
    _inputs_count = 1
    _inputs_message = "it needs 1 input (loss), but got {}"

    def __init__(self):
        super().__init__()
        self.clear()

    def _accumulate(self, loss):
        if loss.ndim == 0:
            loss = loss.reshape(1)
        if loss.ndim != 1:
            raise ValueError(f"For 'Loss.update', the dimension of your input (loss) must be 1, but got {loss.ndim}.")
        self._sum_loss += _py_scalar_op(loss.mean(-1))
        self._total_num += 1

    def eval(self):
        if self._total_num == 0:
            raise RuntimeError("The 'Loss' can not be calculated, because the number of samples is 0, please "
                               "check whether has called update method before calling eval method.")
        return self._sum_loss / self._total_num
