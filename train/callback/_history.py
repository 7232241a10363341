"""``History``: network outputs and evaluation metrics per epoch."""
import numpy as np

from mscompat.common.tensor import Tensor
from ._callback import Callback

__all__ = ["History"]


class History(Callback):
    """Record ``net_output`` (mean of the loss) and the ``Model.fit`` metrics at each epoch end
    into ``self.history`` (a dict of lists); ``self.epoch`` lists the epoch numbers."""

    def __init__(self):
        super().__init__()
        self.history = {}
        self.epoch = None

    def begin(self, run_context):
        self.epoch = {"epoch": []}

    def epoch_end(self, run_context):
        cb_params = run_context.original_args()
        self.epoch.get("epoch").append(cb_params.get("cur_epoch_num", 1))
        net_output = cb_params.net_outputs
        if isinstance(net_output, (tuple, list)) and net_output and isinstance(net_output[0], Tensor):
            net_output = net_output[0]
        if isinstance(net_output, Tensor):
            net_output = np.mean(net_output.asnumpy())
        cur = {"net_output": net_output}
        metrics = cb_params.get("metrics")
        if metrics:
            cur.update(metrics)
        for k, v in cur.items():
            self.history.setdefault(k, []).append(v)
