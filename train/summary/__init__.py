"""``mindspore.train.summary``: ``SummaryRecord`` (TensorBoard event files)."""
from . import summary_record
from .summary_record import *  # noqa: F401,F403

__all__ = []
__all__.extend(summary_record.__all__)
