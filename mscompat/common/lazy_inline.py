"""``lazy_inline``: MindSpore's decorator for a Cell's ``__init__`` that marks the Cell's graph for
reuse (compiled once, called at every instance) instead of being inlined. XLA compiles the
traced program as a whole, so here it records what MindSpore records (the Cell's
``cell_init_args`` key, ``no_inline`` for ``policy='front'``) and checks its arguments the same way."""
import functools
import inspect

from mscompat import log as logger

__all__ = ["lazy_inline", "no_inline"]


def _check_construct(self, fn):
    """MindSpore's one-time hints: construct's parameters should have no defaults."""
    if hasattr(fn, "has_tips_"):
        return
    if not hasattr(self, "construct"):
        logger.warning(f"The {type(self).__name__} must be a cell and must has a construct function. line: "
                       f"{fn.__code__.co_firstlineno} in {fn.__code__.co_filename}")
        fn.has_tips_ = True
        return
    defaults = [n for n, p in inspect.signature(self.construct).parameters.items()
                if p.default is not inspect.Parameter.empty]
    if defaults:
        logger.info(f"The function construct's parameters: {' , '.join(defaults)} must be  key word or "
                    f"positional arguments and can't have default values.")
        fn.has_tips_ = True


def init_arguments(init, self, args, kwargs, attrs, after_init=None):
    """Run the Cell ``__init__`` ``init`` and return the arguments MindSpore records for the cell
    (``cell_init_args`` of ``lazy_inline``/``cell_attr_register``): every argument given to it
    (``attrs`` None), the values of the attributes named in the list ``attrs``, or the value of
    the one attribute named by the string ``attrs``; any other ``attrs`` is a ValueError."""
    values = []
    if attrs is None:
        bound = inspect.signature(init).bind(self, *args, **kwargs).arguments
        bound.pop("self", None)
        values = bound.values()
    init(self, *args, **kwargs)
    if after_init is not None:
        after_init()
    if isinstance(attrs, list):
        values = []
        for a in attrs:
            if not isinstance(a, str):
                raise ValueError("attr must be a string")
            if hasattr(self, a):
                values.append(getattr(self, a))
    elif isinstance(attrs, str):
        if hasattr(self, attrs):
            values = getattr(self, attrs)
    elif attrs is not None:
        raise ValueError("attrs must be list or string")
    return values


def _policy(cell, policy):
    if policy == "front":
        cell.no_inline = False
    elif policy is not None:
        raise ValueError("policy must be None or 'front'")


def lazy_inline(fn=None, attrs=None, policy=None):
    """Decorate a Cell's ``__init__`` (``@lazy_inline`` or ``@lazy_inline(attrs=..., policy=...)``)."""
    def wrap(init):
        if inspect.isclass(init):
            raise ValueError(f"The lazy_inline should decorate the __init__ function, not the class "
                             f"{init.__name__}. File: {inspect.getfile(init)}")
        if init.__name__ != "__init__":
            raise ValueError(f"The lazy_inline should decorate the __init__ function, not the function: "
                             f"{init.__name__}. line: {init.__code__.co_firstlineno} in {init.__code__.co_filename}")

        @functools.wraps(init)
        def decorated(self, *args, **kwargs):
            _check_construct(self, init)
            key_args = init_arguments(init, self, args, kwargs, attrs, after_init=lambda: _policy(self, policy))
            self.cell_init_args = "lazy_inline_" + type(self).__name__ + str(key_args)
        return decorated

    return wrap(fn) if fn is not None else wrap


def no_inline(fn=None):
    """Mark ``fn`` (a function or a Cell's ``construct``) as not to be inlined by the graph
    compiler (``fn.no_inline = True``); XLA decides inlining itself, so it is a marker here."""
    def wrap(f):
        f.no_inline = True
        return f
    return wrap(fn) if fn is not None else wrap
