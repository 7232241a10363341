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
import contextlib
import functools
import inspect
import json
import os
import types
import warnings

import jax

from .. import _state, _graph
from .tensor import grad_enabled as _grad_enabled, set_grad_enabled as _set_grad_enabled
from .._control_flow import convert
from ..parallel._mesh import _ACTIVE as _PAR
from .._state import _CURRENT
from .._graph import _MISS

__all__ = ["jit", "jit_class", "ms_function"]


def _check_string(value, allowed, arg):
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"For 'jit', the argument '{arg}' should be str and must be in {allowed}, "
                         f"but got {value}.")
    return value


def _check_jit_args(capture_mode, jit_level, dynamic, fullgraph, backend, options):
    """MindSpore's checks of ``jit``'s arguments (``backend`` is not checked there either)."""
    _check_string(capture_mode, ["ast", "bytecode", "trace"], "capture_mode")
    _check_string(jit_level, ["O0", "O1"], "jit_level")
    if isinstance(dynamic, bool) or not isinstance(dynamic, int):
        raise TypeError(f"For 'jit', the type of 'dynamic' should be 'int', but got '{type(dynamic).__name__}'.")
    if not 0 <= dynamic <= 1:
        raise ValueError(f"For 'jit', the 'dynamic' should be in range [0, 1], but got {dynamic}.")
    if not isinstance(fullgraph, bool):
        raise TypeError(f"For 'jit', the type of 'fullgraph' should be 'bool', but got "
                        f"'{type(fullgraph).__name__}'.")
    options.pop("hash_args", None)
    for key in ("mode", "input_signature", "jit_config", "compile_once"):   # deprecated, ignored
        options.pop(key, None)
    for key, value in options.items():
        check = _OPTION_CHECKS.get(key)
        if check is not None:
            check(key, value)
    if options.get("exc_mode", "auto") not in ("auto", "sink", "no_sink"):
        raise ValueError("For 'exc_mode' must be one of '['auto', 'sink', 'no_sink']'.")
    json.dumps(options)


def _option_choice(kind, choices):
    def check(key, value):
        if not isinstance(value, kind):
            raise TypeError(f"For 'jit(options)', the type of '{key}' must be {kind.__name__}, but got "
                            f"{type(value)}.")
        if choices is not None and value not in choices:
            raise ValueError(f"For '{key}', the value of '{key}' must be one of {list(choices)}, but got '{value}'.")
    return check


def _check_ge_options(key, value):
    if not isinstance(value, dict):
        raise TypeError(f"For 'jit(options)', the type of '{key}' must be dict, but got {type(value)}.")
    for level, opts in value.items():
        if level not in ("global", "session"):
            raise ValueError(f"For '{key}', the key of '{key}' must be one of ['global', 'session'], but got "
                             f"'{level}'.")
        if not isinstance(opts, dict):
            raise TypeError(f"For '{key}', the type of {level} options must be dict, but got {type(opts)}.")
        for k, v in opts.items():
            if not isinstance(k, str) or not isinstance(v, str):
                raise TypeError(f"For '{key}', the type of key and value must be str, but got "
                                f"{type(k) if not isinstance(k, str) else type(v)}.")


_OPTION_CHECKS = {
    "disable_format_transform": _option_choice(bool, None),
    "exec_order": _option_choice(str, ("bfs", "dfs")),
    "ge_options": _check_ge_options,
    "infer_boost": _option_choice(str, ("on", "off")),
    "auto_offload": _option_choice(str, ("weight", "activation", "all")),
}


def _arity(fn):
    """``(inputs without a default, inputs with one)`` of the Python function or method ``fn``,
    counted as MindSpore counts them (positional-or-keyword parameters; a method's ``self``
    left out); None where MindSpore checks no count (``*args`` or ``**kwargs``, not a Python
    function)."""
    if isinstance(fn, types.MethodType) and hasattr(fn.__func__, "__code__"):
        function, is_method = fn.__func__, True
    elif isinstance(fn, types.FunctionType):
        function, is_method = fn, False
    else:
        return None
    code = function.__code__
    if code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS):
        return None
    defaults = len(function.__defaults__ or ())
    return code.co_argcount - code.co_posonlyargcount - is_method - defaults, defaults


def _bind_inputs(fn, arity, args, kwargs):
    """A jit function's inputs as MindSpore takes them (``graph/api.py``): keyword arguments
    bound to the signature (``inspect``'s error for one missing or unknown), then the number
    of positional inputs checked against ``arity`` (:func:`_arity`), with MindSpore's
    ``TypeError``."""
    if kwargs:
        try:
            signature = inspect.signature(fn)
        except (TypeError, ValueError):     # no signature to read (a builtin): the call itself binds
            return args, kwargs
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        args, kwargs = bound.args, bound.kwargs
    if arity is not None:
        positional, defaults = arity
        if len(args) < positional:
            raise TypeError(f"Function {fn.__name__} needs {positional} positional argument, but got {len(args)}.")
        if len(args) > positional + defaults:
            raise TypeError(f"Function {fn.__name__} needs {positional} positional argument and {defaults} default "
                            f"argument, total {positional + defaults}, but got {len(args)}.")
    return args, kwargs


class _JitFunction:
    """The object ``@jit`` returns: compiled when called outside a transform."""

    def __init__(self, fn, config):
        functools.update_wrapper(self, fn)
        self.fn = fn
        self.config = config
        # MindSpore's binding of the inputs (_bind_inputs); its bytecode capture runs the function as called
        self._binds = config.get("capture_mode") != "bytecode"
        self._arity = _arity(fn)
        self._compiled = None
        self._front = None      # the repeated call its own __call__ was made from (_install_front)
        self._function = None   # the function form, for a plain function (_function_form)

    _owner = None       # the object of a jit method

    def __call__(self, *args, **kwargs):
        return self._call(args, kwargs, False)

    def _call(self, args, kwargs, tried):
        """The call; ``tried``: the repeated call was tried and missed."""
        if self._binds:
            args, kwargs = _bind_inputs(self.fn, self._arity, args, kwargs)
        if _CURRENT.value is not None:
            # inside a transform the function is part of the traced program; in GRAPH_MODE its
            # Python control flow on Tensor values is converted, as the outer program's own
            return (convert(self.fn) if _graph.graph_mode() else self.fn)(*args, **kwargs)
        compiled = self._compiled
        if compiled is not None and not kwargs and not tried:
            # the repeated call: straight to the program when nothing changed (_graph._fast_call)
            fast = compiled.fast
            if fast is not None and _PAR[0] is None and self._owner is None:
                out = fast(args)
                if out is not _MISS:
                    return out
                tried = True
        owner = self._owner
        if owner is not None:
            # as MindSpore's compile of a jit method: the object is parsed as this method from now on
            # when a compiled graph calls or differentiates it (until its own graph call resets it)
            owner.__dict__["__parse_method__"] = self.fn.__name__
        backend = self.config.get("backend", "")
        if backend not in ("", "ms_backend", "GE"):
            # MindSpore looks the backend up when it compiles the first call
            raise RuntimeError(f"Invalid backend name: {backend}, you should register custom backend first")
        if self.config.get("capture_mode") == "bytecode":
            # MindSpore's bytecode capture (PIJit) runs the Python bytecode itself: Python control
            # flow and builtins see concrete values (``range`` over a one-element Tensor, ...)
            return self.fn(*args, **kwargs)
        if self._compiled is None:
            self._compiled = _graph.Compiled(convert(self.fn), name=getattr(self.fn, "__name__", "function"),
                                             strict=self._strict)
            if self._function is not None:
                self._function._compiled = self._compiled
        compiled = self._compiled
        out = compiled.call_full(args, kwargs) if tried else compiled(args, kwargs)  # a miss is not tried twice
        if compiled.fast is not self._front and owner is None:
            self._install_front(compiled.fast)
        return out

    def _install_front(self, fast):
        """Makes the repeated call ``fast`` this object's own ``__call__`` (one Python frame for
        the whole call: ``_graph._make_fast``), on a class of its own, or the code of its function
        form; None: the plain call."""
        self._front = fast
        function = self._function
        if function is not None:
            if type(function) is not types.FunctionType:    # _front.Function: its front is the call
                if fast is not None and getattr(fast, "function_front", None) is None:   # made once per call
                    fast.function_front = fast.front(self._call, into=function)
                function.front = None if fast is None else fast.function_front
                return
            if fast is None:
                function.__code__ = _PLAIN_FUNCTION_CODE
                return
            code = getattr(fast, "function_code", None)     # made once per repeated call
            if code is None:
                code = fast.function_code = fast.front(self._call, into=function).__code__
            function.__code__ = code
            return
        cls = type(self)
        if fast is None:
            if cls is not _JitFunction:
                cls.__call__ = _JitFunction.__call__
            return
        if cls is _JitFunction:
            cls = self.__class__ = type("_JitFunction", (_JitFunction,), {"__slots__": (), "__module__": __name__})
        cls.__call__ = fast.front(_JitFunction._call)

    def _strict(self):
        """``fullgraph=True`` is MindSpore's STRICT syntax level for a jit function (no JIT Fallback)."""
        return self.config.get("fullgraph") is True

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        # a jit method: one compiled callable per instance
        cache = obj.__dict__.setdefault("_jit_methods", {})
        bound = cache.get(self.fn.__name__)
        if bound is None:
            bound = cache[self.fn.__name__] = _JitFunction(self.fn.__get__(obj, objtype), self.config)
            bound._owner = obj
            known = getattr(obj, "parameters_and_names", None)
            if known is not None:
                bound._compiled = _graph.Compiled(convert(bound.fn), name=self.fn.__name__,
                                                  known=lambda: [p for _, p in obj.parameters_and_names()],
                                                  strict=bound._strict)
        return bound


def _jitted(*args, **kwargs):
    return call(args, kwargs, False)     # noqa: F821  (``call``: the function's own globals, _function_form)


_PLAIN_FUNCTION_CODE = _jitted.__code__


def _method_like(fn):
    """Whether the function ``fn`` is a method: defined in a class body (``Net.construct``, from
    its qualified name) or taking ``self`` first (a function assigned into a class later)."""
    parts = fn.__qualname__.split(".")
    code = fn.__code__
    return (len(parts) > 1 and parts[-2] != "<locals>") or code.co_varnames[:code.co_argcount][:1] == ("self",)


def _function_form(jf):
    """``jf`` as a plain function, as MindSpore's ``jit`` returns one: called directly, without
    an object's ``__call__`` in between. Where the C module was built it is a
    ``mscompat._front.Function`` (a function's attributes, bound as a method like a function):
    positional calls go to its ``front``, the repeated call once there is one, without a Python
    frame. Otherwise it is a function whose code becomes the repeated call
    (``_JitFunction._install_front``), with globals of its own for that."""
    if _graph._cfront is not None and os.environ.get("MSCOMPAT_FRONT", "") != "python":
        function = _graph._cfront.Function(call=jf.__call__)     # every call the front does not take
    else:
        function = types.FunctionType(_PLAIN_FUNCTION_CODE, {"call": jf._call, "__builtins__": __builtins__},
                                      argdefs=_graph.MISS_DEFAULTS)
    functools.update_wrapper(function, jf.fn)
    function._jit_function = jf
    function._compiled = None
    jf._function = function
    return function


def jit(function=None, *, capture_mode="ast", jit_level="O0", dynamic=0, fullgraph=False, backend="", **options):
    """Compile ``function`` (a function or a Cell method); usable with or without arguments."""
    _check_jit_args(capture_mode, jit_level, dynamic, fullgraph, backend, options)
    config = {"capture_mode": capture_mode, "jit_level": jit_level, "dynamic": dynamic,
              "fullgraph": fullgraph, "backend": backend, **options}

    def wrap(fn):
        if isinstance(fn, _JitFunction) or hasattr(fn, "_jit_function"):
            return fn
        if hasattr(fn, "construct"):
            from ..nn.cell import Cell  # layering: nn builds on common (importing nn here would load all of it)
            if isinstance(fn, Cell):            # a cell: its construct, compiled, bound to it
                return wrap(type(fn).construct).__get__(fn, type(fn))
            if isinstance(fn, type) and issubclass(fn, Cell):
                fn.construct = wrap(fn.construct)
            return fn
        if not callable(fn):
            # MindSpore warns and leaves what is not a function, method or cell unchanged
            warnings.warn(f"The func should be function, method or cell instance/class, but got {fn}")
            return fn
        if isinstance(fn, types.FunctionType) and not _method_like(fn):
            return _function_form(_JitFunction(fn, config))
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


class _PyNativeExecutor:
    """The PyNative executor handle MindSpore's own scripts import
    (``from mindspore.common.api import _pynative_executor``). Ops run eagerly here, so ``sync``
    only waits for dispatched device work (and the host callbacks it triggers) to finish."""

    def sync(self):
        jax.effects_barrier()

    def enable_grad(self):
        """Whether this thread records gradients."""
        return _grad_enabled()

    def set_enable_grad(self, flag):
        _set_grad_enabled(flag)


_pynative_executor = _PyNativeExecutor()


def _function_forbid_reuse(func):
    """Marks ``func`` (a plain function; a TypeError otherwise) as one whose results a compiled
    graph must not share between calls (MindSpore's random functions): each call in a graph runs
    it again. mscompat's graphs never merge calls of an op that draws random numbers, so the mark
    (``__function_forbid_reuse__``) is the whole effect."""
    if not inspect.isfunction(func):
        raise TypeError(f"Decorator _function_forbid_reuse can only be used for function type, but got {func}.")
    func.__function_forbid_reuse__ = True
    return func


class _no_grad(contextlib.ContextDecorator):
    """``with mindspore._no_grad():`` (or ``@_no_grad()``): the values computed inside carry no
    gradient to what they were computed from, and taking a gradient there raises RuntimeError;
    the previous setting comes back on exit (per thread)."""

    def __init__(self):
        self.prev_state = False

    def __enter__(self):
        self.prev_state = _set_grad_enabled(False)

    def __exit__(self, exc_type, exc_val, exc_tb):
        _set_grad_enabled(self.prev_state)
        return False


class _CellGraphExecutor:
    """MindSpore's executor that compiles and runs a Cell's graph, as tests and tools reach it
    (``mindspore.common.api._cell_graph_executor``): ``compile(cell, *inputs)`` traces and
    compiles the cell's construct for those inputs (the next call with inputs of that signature
    reuses the program) and returns ``(phase, compiled_now)``; ``__call__(cell, *inputs)`` runs it."""

    def __init__(self):
        self._phases = set()
        self._compiled = {}     # phase key -> (cell, inputs) of the graph compiled for it

    def compile(self, obj, *args, phase="predict", do_convert=True, jit_config_dict=None, **kwargs):
        if not hasattr(obj, "construct"):
            raise AttributeError(f"The class {type(obj).__name__} does not have method construct")
        before = _graph._cell_entry(obj).compiles
        _graph.compile_cell(obj, args, kwargs)
        key = f"{phase}.{type(obj).__name__}.{id(obj)}"
        new = key not in self._phases or _graph._cell_entry(obj).compiles != before
        self._phases.add(key)
        self._compiled[key] = (obj, args, kwargs)
        return key, new

    def flops_collection(self, phase="train"):
        """``(full_model_flops, full_model_flops, shard_model_flops, shard_model_flops, is_dynamic_shape)``
        of the graph compiled for ``phase`` (a key :meth:`compile` returned): XLA's count of the
        floating-point operations of the compiled program (one count for all four: XLA reports the
        program it runs); RuntimeError when no graph was compiled for ``phase``."""
        got = self._compiled.get(phase)
        if got is None:
            raise RuntimeError(f"The pointer[graph] is null: no graph was compiled for phase '{phase}'.")
        obj, args, kwargs = got
        flops = float(_graph._cell_entry(obj).cost_analysis(args, kwargs).get("flops", 0.0))
        return flops, flops, flops, flops, False

    def __call__(self, obj, *args, phase="predict"):
        return _graph.call_compiled(obj, args, {})


_cell_graph_executor = _CellGraphExecutor()


def flops_collection(phase="train"):
    """The FLOPs of the graph compiled for ``phase``: see :meth:`_CellGraphExecutor.flops_collection`."""
    return _cell_graph_executor.flops_collection(phase)
