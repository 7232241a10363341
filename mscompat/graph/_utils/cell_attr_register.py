"""``cell_attr_register``: the decorator of a Cell's ``__init__`` that records its constructor
arguments in ``cell_init_args`` (``"<ClassName>" + str(arguments)``), which MindSpore uses to tell
apart instances of a cell class built with different arguments."""
from functools import wraps

from ...common.lazy_inline import init_arguments

__all__ = ["cell_attr_register"]


def cell_attr_register(fn=None, attrs=None):
    """Decorate a Cell's ``__init__`` (``@cell_attr_register`` or ``@cell_attr_register(attrs=...)``):
    after it runs, ``cell_init_args`` is the class name followed by every argument given to it
    (``attrs`` None), the values of the attributes named in the list ``attrs``, or the value of the
    one attribute named by the string ``attrs``. Any other ``attrs`` is a ValueError."""

    def wrap_cell(init):
        @wraps(init)
        def deco(self, *args, **kwargs):
            arguments = init_arguments(init, self, args, kwargs, attrs)
            self.cell_init_args = type(self).__name__ + str(arguments)

        return deco

    if fn is not None:
        return wrap_cell(fn)
    return wrap_cell
