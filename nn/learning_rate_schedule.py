"""``mindspore.nn.learning_rate_schedule``: learning-rate schedules (Cells mapping a step to an lr)."""
from mscompat.nn.cell import Cell

__all__ = ["LearningRateSchedule"]


class LearningRateSchedule(Cell):
    """Base class of learning-rate schedules: ``construct(global_step)`` returns the learning rate
    at that step as a scalar Tensor. Subclasses override ``construct``."""

    def __init__(self):
        super().__init__()

    def construct(self, global_step):
        raise NotImplementedError
