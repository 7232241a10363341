"""``mindspore.device_context.cpu.op_tuning``."""
__all__ = ["threads_num"]

_conf = {}


def threads_num(num):
    """Threads of MindSpore's CPU kernels. XLA sizes its CPU thread pool when its backend starts;
    the value is validated and recorded (once per process, as in MindSpore)."""
    if not isinstance(num, int) or isinstance(num, bool):
        raise TypeError(f"The parameter 'num' must be {int}, but got {type(num)}")
    if "threads_num" in _conf:
        raise RuntimeError("The 'threads_num' can not be set repeatedly.")
    if num <= 0:
        raise ValueError(f"The argument 'num' must be positive, but got {num}.")
    _conf["threads_num"] = num
