"""``ReduceLROnPlateau``: lower the learning rate when a monitored value stops improving."""
import numpy as np

from mscompat.common.parameter import Parameter
from mscompat.common.tensor import Tensor
from mscompat._checkparam import INC_NEITHER, check_bool, check_float_range, check_non_negative_int, check_value_type
from ._early_stop import _PlateauCallback, _monitor_value
from mscompat import ops

__all__ = ["ReduceLROnPlateau"]


class ReduceLROnPlateau(_PlateauCallback):
    """After ``patience`` epochs without improvement of ``monitor``, multiply the optimizer's
    ``learning_rate`` Parameter by ``factor`` (not below ``min_lr``), then wait ``cooldown``
    epochs."""
    _counters = ("cooldown_counter", "wait")

    def __init__(self, monitor="eval_loss", factor=0.1, patience=10, verbose=False, mode="auto", min_delta=1e-4,
                 cooldown=0, min_lr=0):
        super().__init__()
        self.monitor = check_value_type("monitor", monitor, str)
        self.factor = check_float_range(factor, 0.0, 1.0, INC_NEITHER)
        self.patience = check_non_negative_int(patience)
        self.verbose = check_bool(verbose)
        self.mode = check_value_type("mode", mode, str)
        min_delta = check_value_type("min_delta", min_delta, [float, int])
        self.min_delta = abs(min_delta)
        self.cooldown = check_non_negative_int(cooldown)
        self.min_lr = check_value_type("min_lr", min_lr, [float, int])
        self._init_monitor()

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        cur_lr = cb_params.optimizer.learning_rate
        if not isinstance(cur_lr, Parameter):
            raise ValueError("ReduceLROnPlateau does not support dynamic learning rate and group learning rate now.")
        current = _monitor_value(cb_params, self.monitor, "Learning rate reduction")
        if current is None:
            return
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if self.is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif self.cooldown_counter <= 0:
            self.wait += 1
            if self.wait >= self.patience:
                lr = np.float32(cur_lr.asnumpy())
                if lr > np.float32(self.min_lr):
                    reduced = Tensor(cur_lr) * self.factor
                    new_lr = reduced if float(reduced.asnumpy()) > self.min_lr else self.min_lr
                    ops.assign(cur_lr, Tensor(np.float32(new_lr.asnumpy() if isinstance(new_lr, Tensor)
                                                         else new_lr)))
                    if self.verbose:
                        print("Epoch %05d: ReduceLROnPlateau reducing learning rate to %s."
                              % (cb_params.cur_epoch_num, new_lr))
                self.cooldown_counter = self.cooldown
                self.wait = 0
