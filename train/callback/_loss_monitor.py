"""``LossMonitor``: prints the loss every ``per_print_times`` steps, as MindSpore does."""
import numpy as np

from ._callback import Callback, _handle_loss
from mscompat._checkparam import check_non_negative_int

__all__ = ["LossMonitor"]


class LossMonitor(Callback):
    """Print ``epoch: E step: S, loss is L`` every ``per_print_times`` steps (0: never), and the
    evaluation metrics at the end of an epoch of ``Model.fit``. Raises ``ValueError`` when the
    loss is NaN or Inf."""

    def __init__(self, per_print_times=1):
        super().__init__()
        check_non_negative_int(per_print_times)
        self._per_print_times = per_print_times
        self._last_print_time = 0

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        cur_epoch_num = cb_params.get("cur_epoch_num", 1)
        loss = _handle_loss(cb_params.net_outputs)
        cur_step_in_epoch = (cb_params.cur_step_num - 1) % cb_params.batch_num + 1
        if isinstance(loss, float) and (np.isnan(loss) or np.isinf(loss)):
            raise ValueError(f"In epoch: {cur_epoch_num} step: {cur_step_in_epoch}, loss is NAN or INF, training "
                             "process cannot continue, terminating training.")
        per = self._per_print_times
        if per != 0 and cb_params.cur_step_num <= self._last_print_time:
            # a new run (or sink steps) restarted the count: step the reference back
            while cb_params.cur_step_num <= self._last_print_time:
                self._last_print_time -= max(per, cb_params.batch_num if cb_params.dataset_sink_mode else 1)
        if per != 0 and cb_params.cur_step_num - self._last_print_time >= per:
            self._last_print_time = cb_params.cur_step_num
            print(f"epoch: {cur_epoch_num} step: {cur_step_in_epoch}, loss is {loss}", flush=True)

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        metrics = cb_params.get("metrics")
        if metrics:
            print("Eval result: epoch %d, metrics: %s" % (cb_params.cur_epoch_num, metrics))
