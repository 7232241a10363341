"""``comm_exec_order_check(action)``: start/stop collecting the execution order of the
collective operations (``'start'``, then ``'end'``). Stopping writes the collected order through
the collective library, so it raises RuntimeError when communication is not initialized."""
from mscompat import log as logger
from mscompat.communication import _comm_helper

__all__ = ["comm_exec_order_check"]


class CommExecOrderCheck:
    """The process-wide collector (a singleton, as in MindSpore)."""

    _instance = None

    def __new__(cls, *args, **kwargs):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
            cls._instance.is_collecting = False
            cls._instance.action = None
        return cls._instance

    def __call__(self, action):
        self.action = action
        if action == "start":
            self.start_function()
        elif action == "end":
            self.end_function()
        else:
            raise ValueError("Invalid action. Please use 'start' or 'end'.")

    def start_function(self):
        if self.is_collecting:
            logger.error("The 'start' action cannot be called twice.")
            return
        self.is_collecting = True

    def end_function(self):
        if not self.is_collecting:
            logger.error("The 'end' action cannot be called before the 'start' action.")
            return
        self.is_collecting = False
        if not _comm_helper._is_initialized():
            raise RuntimeError("The pointer[comm_lib] is null: the collective execution order is written through "
                               "the communication library; call 'mindspore.communication.init()' first.")


def comm_exec_order_check(action):
    if not isinstance(action, str):
        raise TypeError("The 'action' parameter must be a string.")
    CommExecOrderCheck()(action)
