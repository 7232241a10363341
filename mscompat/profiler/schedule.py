"""``mindspore.profiler.schedule``: which steps a profiler records (``Schedule``)."""
import logging
from enum import Enum

__all__ = ["ProfilerAction", "Schedule"]

logger = logging.getLogger("mscompat")


class ProfilerAction(Enum):
    """What the profiler does at a step."""
    NONE = 0
    WARM_UP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3

    @staticmethod
    def get_by_value(value):
        for action in ProfilerAction:
            if action.value == value:
                return action
        return None


class Schedule:
    """Cycles of ``wait`` idle steps, ``warmup`` steps, ``active`` recorded steps (the last one
    saves the trace and calls ``on_trace_ready``), after ``skip_first`` steps; ``repeat`` cycles
    (0: no limit). Bad values are reset to their defaults with a warning, as in MindSpore."""

    def __init__(self, *, wait: int, active: int, warmup: int = 0, repeat: int = 0, skip_first: int = 0) -> None:
        self.wait = wait
        self.active = active
        self.warmup = warmup
        self.repeat = repeat
        self.skip_first = skip_first
        self._check_params()

    def __call__(self, step: int) -> ProfilerAction:
        if step < 0:
            raise ValueError("Invalid parameter step, which must be not less than 0.")
        if step < self.skip_first:
            return ProfilerAction.NONE
        step -= self.skip_first
        cycle = self.wait + self.warmup + self.active
        if 0 < self.repeat <= step / cycle:
            return ProfilerAction.NONE
        pos = step % cycle
        if pos < self.wait:
            return ProfilerAction.NONE
        if pos < self.wait + self.warmup:
            return ProfilerAction.WARM_UP
        return ProfilerAction.RECORD if pos < cycle - 1 else ProfilerAction.RECORD_AND_SAVE

    def __repr__(self):
        return (f"Schedule(wait={self.wait!r}, active={self.active!r}, warmup={self.warmup!r}, "
                f"repeat={self.repeat!r}, skip_first={self.skip_first!r})")

    def _check_params(self):
        for name, low, default in (("wait", 0, 0), ("warmup", 0, 0), ("active", 1, 1), ("repeat", 0, 0),
                                   ("skip_first", 0, 0)):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                logger.warning("Parameter '%s' should be of type int, but got %s. reset to int %d.", name,
                               type(value).__name__, default)
                setattr(self, name, default)
        if self.warmup == 0:
            logger.warning("Profiler won't be using warmup, this can skew profiler results")

    def to_dict(self):
        """The schedule's parameters as a dict."""
        return {"wait": self.wait, "active": self.active, "warmup": self.warmup, "repeat": self.repeat,
                "skip_first": self.skip_first}


def _default_schedule_fn(_: int) -> ProfilerAction:
    """Without a schedule every step is recorded."""
    return ProfilerAction.RECORD
