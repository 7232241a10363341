"""``no_init_parameters()``: a context manager under which Parameters created from an
``initializer`` are left uninitialized (``Parameter.init_param`` is False), so loading a checkpoint
fills them without first drawing their initial values; ``Cell.init_parameters_data()`` (or the
first use of a Parameter) initializes whatever is still uninitialized. As in MindSpore, the
switch is a class attribute of ``Parameter``."""
from contextlib import contextmanager

from mscompat.common.parameter import Parameter

__all__ = ["no_init_parameters"]


@contextmanager
def no_init_parameters():
    Parameter.init_param = False
    try:
        yield
    finally:
        Parameter.init_param = True
