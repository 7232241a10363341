"""``mindspore.ops.function.grad``: the autodiff transforms (``grad_func``)."""
from .grad_func import *  # noqa: F401,F403
from .grad_func import __all__  # noqa: F401
