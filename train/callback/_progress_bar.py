"""``ProgressBar``: a tqdm progress bar over training/evaluation steps (mscompat's own; off by
default: add it to ``callbacks`` to use it)."""
from ._callback import Callback, _handle_loss
from mscompat._checkparam import check_bool

__all__ = ["ProgressBar"]


class ProgressBar(Callback):
    """One tqdm bar per epoch (training) or per evaluation, advanced by each step (by
    ``sink_size`` steps per sink call), showing the last loss.

    Args:
        leave (bool): keep finished bars on the terminal. Default True.
        file: stream for the bar (default: tqdm's, stderr).
    """

    def __init__(self, leave=True, file=None):
        super().__init__()
        self.leave = check_bool(leave, "leave")
        self.file = file
        self._bar = None
        self._last_step = 0

    def _open(self, total, desc):
        from tqdm.auto import tqdm  # deferred: tqdm adds ~20 ms to `import mscompat`
        self._close()
        self._bar = tqdm(total=total, desc=desc, leave=self.leave, file=self.file, unit="step", dynamic_ncols=True)

    def _close(self):
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def on_train_epoch_begin(self, run_context):
        cb = run_context.original_args()
        self._last_step = cb.get("cur_step_num", 0)
        total = cb.get("batch_num")
        self._open(total if isinstance(total, int) and total > 0 else None,
                   f"Epoch {cb.get('cur_epoch_num', 1)}/{cb.get('epoch_num', '?')}")

    def on_train_step_end(self, run_context):
        cb = run_context.original_args()
        if self._bar is None:
            return
        cur = cb.get("cur_step_num", self._last_step + 1)
        self._bar.update(max(cur - self._last_step, 0))
        self._last_step = cur
        loss = _handle_loss(cb.get("net_outputs"))
        if hasattr(loss, "asnumpy"):
            loss = float(loss.asnumpy().mean())
        if isinstance(loss, float):
            self._bar.set_postfix(loss=f"{loss:.4f}", refresh=False)

    def on_train_epoch_end(self, run_context):
        self._close()

    def on_train_end(self, run_context):
        self._close()

    def on_eval_begin(self, run_context):
        cb = run_context.original_args()
        self._last_step = 0
        total = cb.get("batch_num")
        self._open(total if isinstance(total, int) and total > 0 else None, "Eval")

    def on_eval_step_end(self, run_context):
        if self._bar is not None:
            cur = run_context.original_args().get("cur_step_num", self._last_step + 1)
            self._bar.update(max(cur - self._last_step, 0))
            self._last_step = cur

    def on_eval_end(self, run_context):
        self._close()
