"""``mindspore.jit`` (``mindspore.common.api``): compile a function or Cell method.

A ``jit`` function is compiled with ``jax.jit`` through the state threading
(``mscompat._graph.Compiled``) once per input signature, in either mode; Parameters it
reads or writes (through closures, cells or optimizers) are inputs and outputs of the
compiled program. Called inside another transform it runs inline.

>>> import mscompat as ms
>>> @ms.jit
... def add(x, y):
...     return x + y
>>> add(ms.Tensor([1.0]), ms.Tensor([2.0]))
Tensor(shape=[1], dtype=Float32, value= [ 3.00000000e+00])
"""
import functools
import json

from .. import _state, _graph

__all__ = ["jit", "jit_class", "ms_function"]


def _check_string(value, allowed, arg):
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"For 'jit', the argument '{arg}' should be str and must be in {allowed}, "
                         f"but got {value}.")
    return value


def _check_jit_args(capture_mode, jit_level, dynamic, fullgraph, backend, options):
    _check_string(capture_mode, ["ast", "bytecode", "trace"], "capture_mode")
    _check_string(jit_level, ["O0", "O1"], "jit_level")
    if isinstance(dynamic, bool) or not isinstance(dynamic, int):
        raise TypeError(f"For 'jit', the type of 'dynamic' should be 'int', but got '{type(dynamic).__name__}'.")
    if not 0 <= dynamic <= 1:
        raise ValueError(f"For 'jit', the 'dynamic' should be in range [0, 1], but got {dynamic}.")
    if not isinstance(fullgraph, bool):
        raise TypeError(f"For 'jit', the type of 'fullgraph' should be 'bool', but got "
                        f"'{type(fullgraph).__name__}'.")
    if not isinstance(backend, str):
        raise TypeError(f"For 'jit', the type of 'backend' should be 'str', but got '{type(backend).__name__}'.")
    if backend not in ("", "ms_backend", "GE"):
        raise ValueError(f"For 'jit', the 'backend' must be one of ['ms_backend', 'GE'], but got {backend}.")
    json.dumps(options)


class _JitFunction:
    """The object ``@jit`` returns: compiled when called outside a transform."""

    def __init__(self, fn, config):
        functools.update_wrapper(self, fn)
        self.fn = fn
        self.config = config
        self._compiled = None

    def __call__(self, *args, **kwargs):
        if _state._CURRENT[0] is not None:
            return self.fn(*args, **kwargs)
        if self._compiled is None:
            self._compiled = _graph.Compiled(self.fn, name=getattr(self.fn, "__name__", "function"))
        return self._compiled(args, kwargs)

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        # a jit method: one compiled callable per instance
        cache = obj.__dict__.setdefault("_jit_methods", {})
        bound = cache.get(self.fn.__name__)
        if bound is None:
            bound = cache[self.fn.__name__] = _JitFunction(self.fn.__get__(obj, objtype), self.config)
            known = getattr(obj, "parameters_and_names", None)
            if known is not None:
                bound._compiled = _graph.Compiled(bound.fn, name=self.fn.__name__,
                                                  known=lambda: [p for _, p in obj.parameters_and_names()])
        return bound


def jit(function=None, *, capture_mode="ast", jit_level="O0", dynamic=0, fullgraph=False, backend="", **options):
    """Compile ``function`` (a function or a Cell method); usable with or without arguments."""
    _check_jit_args(capture_mode, jit_level, dynamic, fullgraph, backend, options)
    config = {"capture_mode": capture_mode, "jit_level": jit_level, "dynamic": dynamic,
              "fullgraph": fullgraph, "backend": backend, **options}

    def wrap(fn):
        if isinstance(fn, _JitFunction):
            return fn
        if not callable(fn):
            raise TypeError(f"For 'jit', the 'function' must be callable, but got {type(fn).__name__}.")
        return _JitFunction(fn, config)

    if function is not None:
        return wrap(function)
    return wrap


ms_function = jit


def jit_class(cls):
    """Mark a class usable inside compiled functions (all classes are, here); returns it."""
    if not isinstance(cls, type):
        raise TypeError(f"Decorator jit_class can only be used for class type, but got {cls}.")
    cls.__ms_class__ = True
    return cls
