"""``mindspore.utils.dryrun``: simulation (dry-run) helpers. ``set_simulation()`` marks the
process as simulating (``MS_SIMULATION_LEVEL=1``) and makes reading a Tensor's values warn once
per call site; ``mock(value, fn_or_value, *args)`` gives ``value`` while simulating, else the
real result."""
import os
import traceback

from mscompat import log as logger
from mscompat.common.tensor import Tensor

__all__ = ["set_simulation", "mock"]


class TraceBack:
    """Wraps Tensor methods that read values: warn once per distinct call stack."""

    def __init__(self):
        self.stack_str_set = set()

    def inject(self, method):
        def wrapped(*args, **kwargs):
            stack = traceback.format_list(traceback.extract_stack())
            text = "".join(stack)
            if "Parameter" not in text and text not in self.stack_str_set:
                self.stack_str_set.add(text)
                logger.warning(f"In dryrun mode, you cannot obtain real tensor value, and the traceback is {stack}")
            return method(*args, **kwargs)
        return wrapped


def no_inject_traceback_for_print(self):
    if self.has_init:
        self.init_data()
    return str(Tensor.asnumpy(self))


def set_simulation():
    os.environ["MS_SIMULATION_LEVEL"] = "1"
    tb = TraceBack()
    for name in ("asnumpy", "__getitem__", "tolist", "__int__", "__float__"):
        setattr(Tensor, name, tb.inject(getattr(Tensor, name)))
    Tensor.__str__ = no_inject_traceback_for_print


def mock(mock_val, *args):
    """``mock_val`` when simulating; otherwise ``args[0]()`` (a callable alone), ``args[0]`` (a
    value alone) or ``args[0](*args[1:])``."""
    if os.environ.get("MS_SIMULATION_LEVEL"):
        return mock_val
    if len(args) == 1:
        return args[0]() if callable(args[0]) else args[0]
    return args[0](*args[1:])
