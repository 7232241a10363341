"""``LearningRateScheduler``: change the optimizer's learning rate after each step."""
import logging
import math

import numpy as np

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from ._callback import Callback
from mscompat import ops

__all__ = ["LearningRateScheduler"]

logger = logging.getLogger("mscompat")


class LearningRateScheduler(Callback):
    """After each step, ``new_lr = learning_rate_function(lr, cur_step_num)`` is assigned to the
    optimizer's ``learning_rate`` Parameter when it differs."""

    def __init__(self, learning_rate_function):
        super().__init__()
        self.learning_rate_function = learning_rate_function

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        lr_param = cb_params.optimizer.learning_rate
        lr = float(np.array2string(lr_param.asnumpy()))
        new_lr = self.learning_rate_function(lr, cb_params.cur_step_num)
        if not math.isclose(lr, new_lr, rel_tol=1e-10):
            ops.assign(lr_param, Tensor(new_lr, mstype.float32))
            logger.info("At step %s, learning_rate change to %s", cb_params.cur_step_num, new_lr)
