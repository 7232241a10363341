"""``TimeMonitor``: epoch and per-step time."""
import time

from ._callback import Callback
from mscompat._checkparam import check_bool, check_positive_int

__all__ = ["TimeMonitor"]


class TimeMonitor(Callback):
    """Print ``Train epoch time: X ms, per step time: Y ms`` at each epoch end (``data_time``:
    also the time spent waiting for data, in non-sink mode, or fetching blocks in sink mode)."""

    def __init__(self, data_size=None, data_time=False):
        super().__init__()
        self.data_size = data_size
        self.epoch_time = time.time()
        self.data_time = data_time
        self.data_time_sum = 0.0
        self.data_time_start = 0.0
        self.data_sink = lambda c: c.original_args()["dataset_sink_mode"]
        check_bool(data_time, "data_time")

    def on_train_step_begin(self, run_context):
        if self.data_time and not self.data_sink(run_context):
            self.data_time_sum += time.time() - self.data_time_start

    def on_train_step_end(self, run_context):
        if self.data_time and not self.data_sink(run_context):
            self.data_time_start = time.time()

    def epoch_begin(self, run_context):
        self.epoch_time = time.time()
        if self.data_time and not self.data_sink(run_context):
            self.data_time_sum = 0.0
            self.data_time_start = time.time()

    def epoch_end(self, run_context):
        epoch_ms = (time.time() - self.epoch_time) * 1000
        step_size = self.data_size
        cb_params = run_context.original_args()
        mode = cb_params.get("mode", "")
        batch_num = cb_params.get("batch_num")
        if isinstance(batch_num, int) and batch_num > 0:
            step_size = batch_num
        check_positive_int(step_size)
        log = "{} epoch time: {:5.3f} ms, per step time: {:5.3f} ms".format(mode.title(), epoch_ms,
                                                                           epoch_ms / step_size)
        if self.data_time and not self.data_sink(run_context):
            log += " (data time: {:5.3f} ms)".format(self.data_time_sum * 1000 / step_size)
        elif self.data_time and self.data_sink(run_context):
            helper = cb_params.get("dataset_helper")
            fetch = getattr(helper, "fetch_time_ms", None) if helper is not None else None
            if fetch is not None:
                log += " (data time: {:5.3f} ms)".format(fetch(cb_params.get("cur_epoch_num", 1)))
        print(log, flush=True)
