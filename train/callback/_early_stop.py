"""``EarlyStopping``: stop training when a monitored value stops improving."""
import logging

import numpy as np

from ._callback import Callback, _handle_loss
from mscompat._checkparam import check_bool, check_non_negative_int, check_value_type
from mscompat.common.tensor import Tensor

__all__ = ["EarlyStopping"]

logger = logging.getLogger("mscompat")

_SMALLER_BETTER = ["hausdorff_distance", "mae", "mse", "loss", "perplexity", "mean_surface_distance",
                   "root_mean_square_distance", "eval_loss"]


def _monitor_value(cb_params, monitor, what):
    """The monitored scalar (``loss``: the training loss; otherwise from ``eval_results`` of
    ``Model.fit``), or None with a warning when it is not available."""
    candidates = {}
    if monitor == "loss":
        loss = cb_params.get("net_outputs")
        value = _handle_loss(loss)
        if isinstance(loss, float) and (np.isnan(loss) or np.isinf(loss)):
            logger.warning("Invalid %s.", monitor)
    else:
        candidates = cb_params.get("eval_results", {})
        value = candidates.get(monitor)
    if value is None:
        logger.warning("%s is conditioned on %s, which is not available. Available choices are: %s", what, monitor,
                       set(["loss"] + list(candidates.keys())))
    if hasattr(value, "asnumpy"):
        value = value.asnumpy()
    if isinstance(value, np.ndarray) and value.shape != ():
        raise ValueError(f"{'EarlyStopping' if what == 'Early stopping' else 'ReduceLROnPlateau'} only supports "
                         "scalar monitor now.")
    return np.array(value) if value else None


def _comparator(obj):
    if obj.mode == "min" or (obj.mode == "auto" and obj.monitor in _SMALLER_BETTER):
        return (lambda a, b: np.less(a, b - obj.min_delta)), np.inf
    return (lambda a, b: np.greater(a, b + obj.min_delta)), -np.inf


class _PlateauCallback(Callback):
    """What EarlyStopping and ReduceLROnPlateau share (not part of MindSpore's API): the ``mode``
    check, the improvement test ``is_improvement`` and the starting ``best`` by mode, and the
    counters named in ``_counters`` set to 0 (and ``best`` reset) at each training start."""
    _counters = ()

    def _init_monitor(self):
        if self.mode not in ["auto", "min", "max"]:
            raise ValueError("mode should be 'auto', 'min' or 'max', but got %s." % self.mode)
        self._reset()
        self.is_improvement, self.best = _comparator(self)

    def _reset(self):
        for counter in self._counters:
            setattr(self, counter, 0)
        _, self.best = _comparator(self)

    def on_train_begin(self, run_context):
        self._reset()


class EarlyStopping(_PlateauCallback):
    """Request a stop after ``patience`` epochs without improvement of ``monitor`` by more than
    ``min_delta`` (``mode`` 'min', 'max' or 'auto'); optionally restore the best weights."""
    _counters = ("wait", "stopped_epoch")

    def __init__(self, monitor="eval_loss", min_delta=0, patience=0, verbose=False, mode="auto", baseline=None,
                 restore_best_weights=False):
        super().__init__()
        self.monitor = check_value_type("monitor", monitor, str)
        min_delta = check_value_type("min_delta", min_delta, [float, int])
        self.min_delta = abs(min_delta)
        self.patience = check_non_negative_int(patience)
        self.verbose = check_bool(verbose)
        self.mode = check_value_type("mode", mode, str)
        # as in MindSpore 2.10: a given baseline is replaced by min_delta
        self.baseline = check_value_type("min_delta", min_delta, [float, int]) if baseline else None
        self.restore_best_weights = check_bool(restore_best_weights)
        self.best_weights_param_dict = None
        self._init_monitor()

    def on_train_begin(self, run_context):
        self._reset()
        self.best_weights_param_dict = None

    @staticmethod
    def _snapshot(network):
        return {name: p.asnumpy().copy() for name, p in network.parameters_dict().items()}

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        current = _monitor_value(cb_params, self.monitor, "Early stopping")
        if current is None:
            return
        if self.restore_best_weights and self.best_weights_param_dict is None:
            self.best_weights_param_dict = self._snapshot(cb_params.train_network)
        self.wait += 1
        if self.is_improvement(current, self.best):
            self.best = current
            if self.restore_best_weights:
                self.best_weights_param_dict = self._snapshot(cb_params.train_network)
            if self.baseline is None or self.is_improvement(current, self.baseline):
                self.wait = 0
        if self.wait >= self.patience:
            self.stopped_epoch = cb_params.get("cur_epoch_num")
            run_context.request_stop()
            if self.restore_best_weights and self.best_weights_param_dict is not None:
                if self.verbose:
                    print("Restoring model weights from the end of the best epoch.")
                params = cb_params.train_network.parameters_dict()
                for name, value in self.best_weights_param_dict.items():
                    if name in params:
                        params[name].set_data(Tensor(value))

    def on_train_end(self, run_context):
        if self.stopped_epoch > 0 and self.verbose:
            print("Epoch %05d: early stopping" % self.stopped_epoch)
