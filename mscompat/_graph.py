"""Compiled execution: GRAPH_MODE cells and ``ms.jit`` (DESIGN section 5).

The outermost ``Cell.__call__`` in GRAPH_MODE, and every call of an ``ms.jit`` function
outside a transform, runs through :class:`Compiled`: the function becomes a pure
function of (Parameter values, RNG key, array inputs) by the state threading of
``mscompat._state`` and is compiled once per input signature with ``jax.jit``. The
Parameter values are inputs of the compiled program, so changing them never recompiles;
writes made during the call are written back afterwards; non-array arguments (Python
numbers, strings, None, dtypes) are compile-time constants, as in MindSpore.

Python control flow on traced values is converted by ``mscompat._control_flow`` while
tracing. Code that still needs a concrete value (an unconvertible ``if`` on a Tensor,
``Tensor.asnumpy()`` inside the graph, ...) makes that callable fall back to eager
execution, with one :class:`GraphFallbackWarning` naming the file and line (MindSpore's
"JIT Fallback"): a slower answer, never a wrong one.
"""
import collections
import functools
import importlib
import itertools
import operator
import os
import sys
import threading
import time
import types
import warnings

import jax
import numpy as np
from jax._src.array import ArrayImpl as _CONCRETE

from . import _compile_options, _host_memory, _state, backends, log as logger
from ._conv_layout import evaluate as _evaluate_program
try:    # the optional C extension (setup.py; a compiled module, not a Python one); the Python call does the same
    _cfront = importlib.import_module(f"{__package__}._front")
except ImportError:
    _cfront = None
from ._control_flow import ControlFlowFallback, user_frame
from ._control_flow_runtime import graph_outputs, plain_dicts, run_eagerly, runtime_text_error
from ._runtime_checks import clean_runtime_errors, RUNTIME_CHECK_ERROR, reraise, _raise_recorded, _RECORDING
from .common.seed import _state as _rng
from .common.tensor import Tensor
from .common.parameter import Parameter
from .common.mutable import is_mutable_scalar, _Bool as _MutableBool, _Int as _MutableInt, _Float as _MutableFloat
from .context import _context as _CONTEXT, GRAPH_MODE as _GRAPH_MODE, STRICT as _STRICT
from .parallel._mesh import _ACTIVE as _PAR, _IN_PROGRAM as _PROGRAM
from .parallel import _data as _per_device
from .parallel import _auto
from .parallel._placement import constrain_updates
from .parallel._placement import place_params
from .parallel._placement import save_strategy
from .parallel._placement import place_inputs

__all__ = ["Compiled", "GraphFallbackWarning", "call_compiled", "compile_cell", "compiled_when_graph",
           "tracing", "graph_mode"]

tracing = _state.tracing


class GraphFallbackWarning(UserWarning):
    """A compiled call could not be traced and runs eagerly instead."""


def graph_mode():
    return _CONTEXT["mode"] == _GRAPH_MODE


def _cell_entry(cell):
    """The :class:`Compiled` of ``cell`` for its current phase (training flag, hooks)."""
    key = (cell.training, cell._compile_version)
    cache = cell.__dict__.get("_compiled")
    if cache is None:
        cache = cell.__dict__["_compiled"] = {}
    entry = cache.get(key)
    if entry is None:
        entry = cache[key] = Compiled(lambda *a, **k: cell._run_construct(a, k), name=type(cell).__name__,
                                      known=lambda: [p for _, p in cell.parameters_and_names()],
                                      strict=lambda: _cell_strict(cell))
    return entry


def _cell_strict(cell):
    """The jit syntax level of ``cell`` is STRICT: its ``JitConfig``, else ``set_context``'s."""
    level = (cell.__dict__.get("_jit_config_dict") or {}).get("jit_syntax_level", "")
    if level:
        return level == "STRICT"
    return _CONTEXT.get("jit_syntax_level") == _STRICT


def call_compiled(cell, args, kwargs):
    """Run ``cell(*args, **kwargs)`` compiled; one :class:`Compiled` per cell and phase."""
    return _cell_entry(cell)(args, kwargs)


def compile_cell(cell, args, kwargs):
    """Trace and compile ``cell`` for these inputs without running it (``Cell.compile``)."""
    _cell_entry(cell).compile(args, kwargs)


def compiled_when_graph(impl):
    """``impl`` run compiled when called in GRAPH_MODE outside every transform (for the
    functions returned by ``grad``, ``vmap``, ...), eagerly otherwise."""
    holder = {}

    def call(*args, **kwargs):
        if _state._CURRENT.value is None and graph_mode():
            c = holder.get("compiled")
            if c is None:
                c = holder["compiled"] = Compiled(impl, name=getattr(impl, "__name__", "function"))
            return c(args, kwargs)
        return impl(*args, **kwargs)

    call.__wrapped__ = impl
    return call


# --- argument splitting: arrays are traced, everything else is a compile-time constant --------
def _is_array_leaf(x):
    return isinstance(x, (Tensor, jax.Array, np.ndarray, np.generic))


def _is_output_array(x):
    """An array a compiled call returns as a program output (a Parameter of the state is
    returned as itself instead: ``graph_outputs``)."""
    return _is_array_leaf(x) and not (type(x) is Parameter and not (x._ephemeral or x._trace_local))


_FAST_SPECS = {}


def _plain_tensors(args):
    for a in args:
        if type(a) is not Tensor or "_hooks" in a.__dict__:
            return False
    return True


def _split(args, kwargs):
    if not kwargs and _plain_tensors(args):
        # the common call: positional Tensors only
        spec = _FAST_SPECS.get(len(args))
        if spec is None:
            treedef = jax.tree_util.tree_structure((tuple(range(len(args))), {}))
            spec = _FAST_SPECS[len(args)] = (treedef, (True,) * len(args), (), ())
        return list(args), spec
    leaves, treedef = jax.tree_util.tree_flatten((args, kwargs), is_leaf=_is_array_leaf)
    dyn, static, where = [], [], []
    for x in leaves:
        if type(x) is Parameter and not x._ephemeral:
            # a Parameter argument is state, not data: a constant by identity, so the
            # function gets the Parameter itself and its writes persist (as in MindSpore)
            where.append(False)
            static.append(_ParamRef(x))
        elif _is_array_leaf(x):
            where.append(True)
            dyn.append(x)
        elif is_mutable_scalar(x):
            # ``mutable(2)``: a variable input (a 0-d Tensor inside), not a constant of the graph
            where.append(_SCALAR)
            dyn.append(np.asarray(x, _SCALAR_DTYPES[type(x)]))
        else:
            where.append(False)
            static.append(x)
    # gradient hooks registered on input Tensors (Tensor.register_hook) go with the traced inputs
    hooks = tuple((i, tuple(x.__dict__["_hooks"].items())) for i, x in enumerate(dyn)
                  if isinstance(x, Tensor) and x.__dict__.get("_hooks"))
    return dyn, (treedef, tuple(where), tuple(static), hooks)



def _foreign_trace(name):
    """A compiled call made inside a JAX transformation mscompat does not manage (the user's own
    ``jax.jit``/``jax.grad``): its Parameter writes and RNG key would be JAX tracers."""
    raise RuntimeError(
        f"'{name}' writes Parameters or draws random numbers, and it was called inside a JAX transformation "
        "that mscompat does not manage (the user's own jax.jit/jax.grad/jax.vmap); the new values would be JAX "
        "tracers. Call the Cell through mscompat.interop.functional(cell), which returns the written values as "
        "new parameters, or use ms.jit / ms.grad.")

def _signature(dyn, spec):
    return spec, tuple([_input_signature(x) for x in dyn])


_VALUE = operator.attrgetter("_value")     # a Parameter's value outside every transform
_DTYPE_NAMES = {}       # numpy dtype -> the name of its mstype (as str(Tensor.dtype) gives it)


def _input_signature(x):
    """``(shape, dtype name)`` of a dynamic input; for a Tensor over a concrete array read from
    the array's abstract value (one attribute, where ``Tensor.shape``/``.dtype`` cost several)."""
    if type(x) is Tensor:
        a = x._data
        if type(a) is _CONCRETE:
            av = a.aval
            name = _DTYPE_NAMES.get(av.dtype)
            if name is None:
                name = _DTYPE_NAMES[av.dtype] = str(x.dtype)
            return av.shape, name
    return tuple(x.shape), str(x.dtype)


def _merge(dyn, spec):
    treedef, where, static, hooks = spec
    for i, items in hooks:
        if isinstance(dyn[i], Tensor) and dyn[i].__dict__.get("_hooks") is None:
            dyn[i].__dict__["_hooks"] = dict(items)
    dyn_it, static_it = iter(dyn), iter(static)
    leaves = [(_scalar_input(next(dyn_it)) if w is _SCALAR else next(dyn_it)) if w else next(static_it)
              for w in where]
    leaves = [x.param if type(x) is _ParamRef else x for x in leaves]
    return jax.tree_util.tree_unflatten(treedef, leaves)


_SCALAR = 2            # ``where`` mark of a mutable scalar input


def _scalar_input(a):
    """A mutable scalar input inside the compiled call: a 0-d Tensor marked as one (``grad`` gives
    it the zero of its Python type instead of a gradient, as MindSpore's GRAPH_MODE does)."""
    t = Tensor._wrap(a)
    t.__dict__["_mutable_scalar"] = True
    return t


_SCALAR_DTYPES = {_MutableBool: np.bool_, _MutableInt: np.int64, _MutableFloat: np.float32}


def _check_unique_names(params):
    """MindSpore's graph takes one Parameter per name: two different Parameters with one name (as
    arguments or read by the function) raise ValueError naming the later one."""
    seen = {}
    for p in params:
        if seen.setdefault(p.name, p) is not p:
            value = np.asarray(p._value)
            shown = value.item() if value.ndim == 0 else value
            if isinstance(shown, float) and shown.is_integer():
                shown = int(shown)
            raise ValueError(f"The parameter Tensor(shape={list(value.shape)}, dtype={p.dtype}, value={shown}, "
                             f"name={p.name}) , its name '{p.name}' already exists. Please set a unique name for "
                             "the parameter.")


class _ParamRef:
    """A Parameter argument of a compiled call, hashed and compared by identity."""
    __slots__ = ("param",)

    def __init__(self, param):
        self.param = param

    def __hash__(self):
        return id(self.param)

    def __eq__(self, other):
        return type(other) is _ParamRef and other.param is self.param


# what makes a callable fall back to eager: code that needs a concrete value while traced
_FALLBACK_ERRORS = (jax.errors.ConcretizationTypeError, jax.errors.TracerArrayConversionError,
                    jax.errors.TracerIntegerConversionError, jax.errors.TracerBoolConversionError,
                    jax.errors.NonConcreteBooleanIndexError, ControlFlowFallback)


# --- compiled programs: one per input signature, LRU-bounded, each compilation logged ----------
_MAX_DISCOVERIES = 4          # new traces after Parameters were discovered, before giving up
_DEFAULT_CACHE_SIZE = 32


def cache_size():
    """The number of compiled programs (input signatures) kept per compiled function:
    ``MSCOMPAT_JIT_CACHE_SIZE`` (default 32); the least recently used is dropped beyond it."""
    value = os.environ.get("MSCOMPAT_JIT_CACHE_SIZE", "").strip()
    if not value:
        return _DEFAULT_CACHE_SIZE
    try:
        size = int(value)
    except ValueError:
        size = 0
    if size < 1:
        raise ValueError(f"The environment variable MSCOMPAT_JIT_CACHE_SIZE must be a positive integer, "
                         f"but got '{value}'.")
    return size


def _arg_label(i):
    return f"input {i}"


def _recompile_cause(old, new):
    """Why signature ``new`` needs a compilation when ``old`` was the last one used."""
    if old is None:
        return "first call"
    (o_spec, o_shapes), (n_spec, n_shapes) = old, new
    if o_spec[0] != n_spec[0] or o_spec[1] != n_spec[1]:
        return f"the structure of the arguments changed ({o_spec[0]} -> {n_spec[0]})"
    for i, (a, b) in enumerate(zip(o_spec[2], n_spec[2])):
        if not _same_constant(a, b):
            return (f"the value of the non-Tensor argument {i} changed from {_short(a)} to {_short(b)} "
                    "(non-Tensor arguments are constants of the graph; mark them with mindspore.mutable "
                    "to avoid recompiling)")
    for i, ((s0, d0), (s1, d1)) in enumerate(zip(o_shapes, n_shapes)):
        if s0 != s1:
            return f"the shape of Tensor argument {i} changed from {list(s0)} to {list(s1)}"
        if d0 != d1:
            return f"the dtype of Tensor argument {i} changed from {d0} to {d1}"
    if o_spec[3] != n_spec[3]:
        return "the gradient hooks of the Tensor arguments changed"
    return "a new input signature"


def _same_constant(a, b):
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:  # noqa: BLE001 - objects without a boolean ==
        return a is b


def _short(x):
    text = repr(x.param.name) if type(x) is _ParamRef else repr(x)
    return text if len(text) <= 60 else text[:57] + "..."


# --- programs over flat arrays -----------------------------------------------------------------
# A program takes ``(dyn_tree, *values, raw_key, *dyn_leaves)`` (``dyn_tree`` static) and returns
# the flat leaves of ``(outputs, Parameter updates, key, attribute arrays)``: JAX's C++ dispatch
# then meets plain arrays only (no pytree node of ours, no typed key: each would be a call back
# into Python), and the repeated call (``_fast_call``) can hand the arrays over directly.
def _raw_key(key):
    base = getattr(key, "_base_array", None)        # a typed key's data without a dispatch
    return jax.random.key_data(key) if base is None else base


_PLAIN = "plain Tensors"    # the structure of ``dyn`` when it is a list of plain Tensors


def _flat_inputs(dyn, spec):
    """``(structure, arrays)`` of the dynamic inputs: for positional plain Tensors (the common
    call: ``spec`` is the fast spec) their arrays, else the leaves of a pytree flatten."""
    if spec is _FAST_SPECS.get(len(dyn)):
        return _PLAIN, [x._data for x in dyn]
    leaves, tree = jax.tree_util.tree_flatten(dyn)
    return tree, leaves


def _flat_program(fn, n_values, impl, tree, out_tree):
    """``fn(values, key, dyn)`` as a function of flat arrays ``(*values, raw_key, *dyn arrays)``
    (``dyn`` of structure ``tree``) returning the flat leaves of ``(fn's results, {position:
    new value of each input Tensor an in-place op changed})``; its trace records their structure
    in ``out_tree[0]`` and whether it draws random numbers in ``out_tree[1]``. As MindSpore, an
    in-place op on an input Tensor (``x.add_(1)``, ``ops.assign(x, v)``, ``x += 1``) changes the
    caller's Tensor; ``x[i] = v`` rebinds the name in the graph and does not."""
    def flat(*arrays):
        key = jax.random.wrap_key_data(arrays[n_values], impl=impl)
        rest = arrays[n_values + 1:]
        dyn = [Tensor._wrap(a) for a in rest] if tree is _PLAIN else jax.tree_util.tree_unflatten(tree, rest)
        res = fn(list(arrays[:n_values]), key, dyn)
        changed = {k: d._data for k, d in enumerate(dyn)
                   if type(d) is Tensor and d._data is not rest[k] and "_rebound" not in d.__dict__}
        leaves, out_tree[0] = jax.tree_util.tree_flatten((res, changed))
        out_tree[1] = res[2] is not None
        out_tree[2] = tuple(i for i, v in enumerate(res[1]) if v is not None)    # the Parameters written
        return tuple(leaves)
    return flat


def _compiled_form(flat, closed, layout, key_at=None, key=None):
    """The function ``jax.jit`` compiles for the traced program ``closed`` of ``flat``: its
    evaluation (channels-last between convolutions with ``layout``), over the same inputs, or
    with ``key_at`` over all but the RNG key's (a program that draws nothing: ``key`` stands
    in, unused, so the compiled call has one input fewer to check)."""
    if key_at is None:
        def run(*arrays):
            return tuple(_evaluate_program(closed, arrays, layout))
    else:
        def run(*arrays):
            return tuple(_evaluate_program(closed, (*arrays[:key_at], key, *arrays[key_at:]), layout))
    run.__name__ = getattr(flat, "__name__", "run")
    run.__wrapped__ = flat      # the program as traced (data dump re-traces it with every input)
    return run


class _OptionsJit:
    """``jax.jit`` of a program with XLA compile options; called inside another trace (the user's
    own ``jax.jit``), where JAX takes no compile options (the program is inlined there), it runs
    as ``jax.jit`` without them."""
    __slots__ = ("outer", "nested", "__wrapped__")

    def __init__(self, fn, donate, options):
        self.outer = jax.jit(fn, donate_argnums=donate, compiler_options=options)
        self.nested = jax.jit(fn, donate_argnums=donate)
        self.__wrapped__ = fn

    def _for(self, args):
        return self.nested if any(isinstance(a, jax.core.Tracer) for a in args) else self.outer

    def __call__(self, *args):
        return self._for(args)(*args)

    def lower(self, *args):
        return self._for(args).lower(*args)


def _jit(fn, donate, options):
    return jax.jit(fn, donate_argnums=donate) if options is None else _OptionsJit(fn, donate, options)


# --- donation: a program writes its new Parameter values into the buffers of the old ones -----
DONATE_MIN_BYTES = 1 << 20      # below this the Parameters a program writes are not donated (nothing to save)


def _donated(values, written):
    """The positions of the Parameter values a program donates: those it writes, where they
    are concrete arrays of at least ``DONATE_MIN_BYTES`` together (``MSCOMPAT_DONATE=0``: none).
    XLA then writes the new values into the old values' buffers: the step holds one copy of the
    weights and optimizer state, not two. Each call checks that nothing else holds a donated
    value (``sys.getrefcount``) and passes a copy where something does, so no Tensor or other
    Parameter ever sees a deleted array; a value with a NumPy view XLA copies itself."""
    if not written or os.environ.get("MSCOMPAT_DONATE", "") == "0":
        return ()
    if not all(type(values[i]) is _CONCRETE for i in written):
        return ()
    if sum(values[i].nbytes for i in written) < DONATE_MIN_BYTES:
        return ()
    return tuple(written)


def _own(value):
    """A copy of a donated value something else also holds (the copy is donated)."""
    return value.copy() if type(value) is _CONCRETE else value


# --- the repeated call ------------------------------------------------------------------------
_MISS = object()        # what a fast call returns when it cannot take the call
_FAST_MISS_LIMIT = 16   # after this many misses (inputs changing signature) a Compiled stops trying


def _has_dicts(out):
    t = type(out)
    if t is tuple or t is list:
        return any(_has_dicts(v) for v in out)
    return t is not Tensor


def _dispatcher(executable):
    """The C++ dispatcher of a compiled executable (what its ``__call__`` hands each call to,
    one Python frame less), or the executable itself where this JAX has none to give."""
    try:
        call = executable._call
        if call is None:
            call = executable._executable.create_cpp_call(executable._params)
            if call is None:
                return executable
            executable._call = call
        return call
    except AttributeError:      # another JAX's private layout
        return executable


def _fast_call(owner, progs, entry, n_args, out, written, draws, dicts, changed):
    """The call of ``owner`` for the inputs of its latest call, when they are positional plain
    Tensors, outside parallel modes and backend hooks, and its outputs are Tensors (no
    attributes set, no constants among them): the compiled executable runs directly on the
    inputs' arrays (its own check of their shapes and dtypes is the signature check), then the
    Parameters it writes and the RNG key are written back. Returns ``_MISS`` for inputs of
    another signature or kind, so that the full call handles them (and compiles).

    The function is generated for its arity (the Parameters and inputs read as attributes, no
    loop), as ``dataclasses`` and ``attrs`` generate theirs: this call is the whole cost of a
    small compiled function beyond XLA's own dispatch. ``call.front(slow)`` makes the same call
    as an ``ms.jit`` function's own ``__call__`` (:func:`_make_fast`)."""
    leaves, treedef = jax.tree_util.tree_flatten(out)
    if type(out) is Tensor:
        wrap_out = None
    elif type(out) is tuple and all(type(v) is Tensor for v in out):
        def wrap_out(arrays):
            return tuple(map(Tensor._wrap, arrays))
    else:
        def wrap_out(arrays):
            return jax.tree_util.tree_unflatten(treedef, arrays)
    return _make_fast(owner, progs, entry, n_args, len(leaves), wrap_out, written, draws, dicts, changed)


_FRONTS = itertools.count()     # a serial number per function-form repeated call (its globals' suffix)
POSITIONAL = 64      # a function form takes up to this many inputs as parameters (defaults: MISS_DEFAULTS)
MISS_DEFAULTS = (_MISS,) * POSITIONAL


def _make_fast(owner, progs, entry, n_args, n_out, wrap_out, written, draws, dicts, changed, slow=None, into=None):
    """:func:`_fast_call`'s function, for outputs of ``n_out`` arrays (``wrap_out`` makes them the
    outputs; None: one Tensor).

    With ``slow`` (the full call of an ``ms.jit`` function) the function made also does the
    call's own checks (keyword arguments, another number of inputs, a transform or parallel
    mode in progress), ``slow`` taking every call it cannot, all in one Python frame. It is the
    ``__call__(self, *args, **kwargs)`` of an ``ms.jit`` object (``slow(self, args, kwargs,
    tried)``), or with ``into`` (a function made by ``exec``, ``slow(args, kwargs, tried)``)
    the code of that function itself: its code object is replaced, and the names the code reads
    are added to its globals under a suffix of their own, so that a call still running an
    earlier code (another thread) reads that code's own names. That code takes its inputs as
    positional parameters (no tuple made for them) defaulting to ``MISS``: the function's
    ``__defaults__`` are ``MISS_DEFAULTS`` for every code it gets, so a swap never pairs a code
    with defaults of another length. With ``into`` a ``mscompat._front.Function`` (the function
    form where the C module was built) the call returned is the one to make its ``front``: a
    ``_front.Front`` (:func:`_c_front`) where the C call can take it, else the generated function.

    The checks of a transform in progress read this thread's scope only while a scope is
    active in some thread (``_state.ACTIVE_SCOPES``); a program whose trace set up no recorded
    run-time check (``_RECORDING``) does not look for recorded errors."""
    executable, params = entry.executable, progs.params
    n_written = len(written)
    sfx = "" if into is None else f"_{next(_FRONTS)}"
    names = {"run" + sfx: _dispatcher(executable), "MISS": _MISS, "Tensor": Tensor, "new": object.__new__,
             "owner" + sfx: owner, "TypeError": TypeError, "CHECK": RUNTIME_CHECK_ERROR, "reraise": reraise,
             "RECORDING": _RECORDING, "raise_recorded": _raise_recorded, "key0" + sfx: _raw_key(_state.ensure_key()),
             "rng": _rng, "ensure_key": _state.ensure_key, "raw_key": _raw_key, "params" + sfx: params,
             "wrap_out" + sfx: wrap_out, "plain_dicts": plain_dicts, "getrefcount": sys.getrefcount, "own": _own}
    names.update((f"p{i}{sfx}", p) for i, p in enumerate(params))
    a = [f"__arg{i}" for i in range(n_args)]    # names no keyword argument of a user's function takes
    unpack = f"    {', '.join(a)}, = args\n" if n_args else ""
    if slow is None:
        miss, missed = "MISS", "MISS"
        head = ["def call(args):", f"    if len(args) != {n_args}:", f"        return {miss}"]
    else:
        names.update({"slow" + sfx: slow, "CURRENT": _state._CURRENT, "PAR": _PAR, "SCOPES": _state.ACTIVE_SCOPES})
        busy = "SCOPES[0] and CURRENT.value is not None or PAR[0] is not None"
        if into is not None and 0 < n_args <= POSITIONAL:     # the function form, inputs as parameters
            given = f"({', '.join(a)},)"
            miss, missed, unpack = f"slow{sfx}({given}, {{}}, False)", f"slow{sfx}({given}, {{}}, True)", ""
            head = [f"def call({', '.join(f'{x}=MISS' for x in a)}, *args, **kwargs):",
                    f"    if args or kwargs or {a[-1]} is MISS or {busy}:",
                    f"        return slow{sfx}(tuple(x for x in {given} if x is not MISS) + args, kwargs, False)"]
        else:
            this = "self, " if into is None else ""
            miss, missed = f"slow{sfx}({this}args, kwargs, False)", f"slow{sfx}({this}args, kwargs, True)"
            head = [f"def call({this}*args, **kwargs):", f"    if kwargs or len(args) != {n_args} or {busy}:",
                    f"        return {miss}"]
    check = (f"    if {' or '.join(f'type({x}) is not Tensor' for x in a)}:\n        return {miss}\n"
             if n_args else "")
    donated = entry.out_tree[2]
    # a donated value something else holds: the program gets a copy (held here: its Parameter's
    # __dict__ and getrefcount's argument)
    body = [f"    if getrefcount(p{i}{sfx}._stored) > 2:\n        p{i}{sfx}._stored = own(p{i}{sfx}._stored)"
            for i in donated]
    inputs = [f"p{i}{sfx}._stored" for i in range(len(params))]
    if draws:
        inputs.append("raw_key(ensure_key())")
    elif entry.key_at is None:
        inputs.append("key0" + sfx)
    inputs += [f"{x}._data" for x in a]
    body += [
        "    try:",
        f"        res = run{sfx}({', '.join(inputs)})",
        "    except TypeError:      # another signature, a pending Parameter, or JAX tracers",
        f"        owner{sfx}.fast_misses += 1",
        f"        return {missed}",
        "    except CHECK as err:   # a run-time check of the program failed: MindSpore's error",
        "        exc = reraise(err)",
        "        if exc is None:",
        "            raise",
        "        raise exc.with_traceback(None) from None",
    ]
    if _RECORDING[0]:
        body += ["    if RECORDING[0]:", "        raise_recorded()"]
    body += [f"    params{sfx}[{i}]._stored = res[{n_out + k}]" for k, i in enumerate(written)]
    if draws:
        body.append(f"    rng['key'] = res[{n_out + n_written}]")
    first = n_out + n_written + (1 if draws else 0)
    body += [f"    {a[k]}._data = res[{first + j}]" for j, k in enumerate(changed)]
    if donated:     # one call at a time reads, donates and writes back this state (threads)
        names["lock" + sfx] = progs.donate_lock
        body = [f"    with lock{sfx}:"] + ["    " + line.replace("\n", "\n    ") for line in body]
    lines = head + [unpack + check + body[0]] + body[1:]
    if wrap_out is None:
        lines += ["    t = new(Tensor)", "    t._data = res[0]", "    t._init = None"]
    else:
        lines.append(f"    t = wrap_out{sfx}(res[:{n_out}])")
    lines.append("    return plain_dicts(t)" if dicts else "    return t")
    code = compile("\n".join(lines), f"<fast call of {owner.name}>", "exec")
    exec(code, names)
    if into is not None:
        if type(into) is not types.FunctionType:    # a _front.Function: the call made is its front
            front = names["call"]
            if 0 < n_args <= POSITIONAL and not draws and not changed and wrap_out is None and not dicts \
                    and not _RECORDING[0]:
                front = _c_front(names, sfx, params, entry, n_args, n_out, written, slow, owner, progs.donate_lock)
            return front
        into.__globals__.update(names)      # first the names, then the code that reads them
        into.__code__ = names["call"].__code__
        return into
    call = names["call"]
    if slow is None:
        call.front = functools.partial(_make_fast, owner, progs, entry, n_args, n_out, wrap_out, written, draws,
                                       dicts, changed)
    return call


def _c_front(names, sfx, params, entry, n_args, n_out, written, slow, owner, lock):
    """A ``mscompat._front.Front``: the same call as the generated Python one (``names["call"]``),
    in C (no frame of its own, the output Tensor made without bytecode), handing every call it
    does not take to the Python call."""
    def missed(*values):        # the dispatcher's TypeError: another signature, a pending Parameter, tracers
        owner.fast_misses += 1
        return slow(values, {}, True)

    def failed(err):
        exc = reraise(err) if isinstance(err, RUNTIME_CHECK_ERROR) else None
        if exc is None:
            raise err
        raise exc.with_traceback(None) from None

    return _cfront.Front(run=names["run" + sfx], params=tuple(params), donated=entry.out_tree[2], own=_own,
                         lock=lock if entry.out_tree[2] else None,
                         consts=(names["key0" + sfx],) if entry.key_at is None else (),
                         tensor=Tensor, n_args=n_args, n_out=n_out, written=tuple(written),
                         scopes=_state.ACTIVE_SCOPES, current=_state._CURRENT, par=_PAR, fallback=names["call"],
                         missed=missed, failed=failed)


class _Programs:
    """The programs of one :class:`Compiled` for one state (tuple of Parameters): per input
    signature a ``jax.jit`` of the pure function over flat arrays (``_flat_program``), compiled
    ahead once; at most :func:`cache_size` are kept (least recently used dropped first)."""

    def __init__(self, owner, params):
        self.owner = owner
        self.params = params
        # signature -> _Entry
        self.entries = collections.OrderedDict()
        self._last = None      # (signature, entry) of the latest call: the repeated call skips the lock
        # held by a call of a program donating this state from reading the Parameters to writing
        # them back: a call in another thread would read values already donated
        self.donate_lock = threading.RLock()

    def _build(self, values, key, spec, layout, tree, flat_args):
        """``(program, executable, direct, out_tree, key_at)`` for these flat inputs; ``key_at``:
        the position of the RNG key among them when the program leaves it out (it draws
        nothing), else None."""
        out_tree = [None, True, ()]
        n = len(values)
        flat = _flat_program(self.owner._program(self.params, spec, layout), n, jax.random.key_impl(key), tree,
                             out_tree)
        closed = jax.make_jaxpr(flat)(*flat_args)    # the one trace of the user's code
        channels_last = backends.device_target() == "CPU"   # XLA:CPU's convolutions: activations kept channels-last
        key_at = None if out_tree[1] else n
        out_tree[2] = donate = _donated(values, out_tree[2])
        options = _compile_options.cpu_options(closed) if channels_last else None
        while True:
            for _ in range(2):
                jitted = _jit(_compiled_form(flat, closed, channels_last, key_at, flat_args[n]), donate, options)
                program = backends.wrap_program(jitted, self.owner.name)
                if program is jitted or key_at is None:
                    break
                key_at = None       # a hook around the program (data dump, Ascend) gets every input
            args = flat_args if key_at is None else flat_args[:key_at] + flat_args[key_at + 1:]
            try:
                return program, program.lower(*args).compile(), program is jitted, out_tree, key_at
            except Exception as e:  # noqa: BLE001 - only an option this jaxlib does not know is retried
                if not _compile_options.drop_unknown(e, options):
                    raise
                options = _compile_options.cpu_options(closed)

    def _entry(self, values, key, dyn, spec, tree, flat_args):
        owner = self.owner
        sig = _signature(dyn, spec)
        # data parallel: the program runs per device, laid out for these inputs' placement
        layout = None if _PAR[0] is None else _per_device.layout(_PAR[0], dyn, owner.batch_axis)
        last = self._last
        if last is not None and last[1].layout == layout and last[0] == sig:   # already the most recently used
            owner._last_sig = sig
            return last[1]
        with owner._lock:
            entry = self.entries.get(sig)
            if entry is not None and entry.layout == layout:
                self.entries.move_to_end(sig)
                owner._last_sig = sig
                self._last = (sig, entry)
                return entry
            cause = _recompile_cause(owner._last_sig, sig)
            if owner._last_sig is not None and owner._last_sig == sig:
                cause = "the Parameters it reads or writes were discovered"
            start = time.perf_counter()
            program, executable, direct, out_tree, key_at = self._build(values, key, spec, layout, tree, flat_args)
            _host_memory.release_free()       # the compile's working memory
            seconds = time.perf_counter() - start
            entry = self.entries[sig] = _Entry(program, executable, layout, tree, out_tree, direct, key_at)
            owner._last_sig = sig
            self._last = (sig, entry)
            owner.compiles += 1
            limit = cache_size()
            verb = "Compiling" if owner.compiles == 1 else "Recompiling"
            logger.info(f"{verb} '{owner.name}' ({cause}): compile time {seconds:.3f} s; "
                        f"{len(self.entries)}/{limit} graphs cached.")
            while len(self.entries) > limit:
                old, _ = self.entries.popitem(last=False)
                owner.static_out.pop(old, None)
                owner.attr_out.pop(old, None)
                logger.info(f"'{owner.name}': dropped the least recently used compiled graph (cache size "
                            f"{limit}, environment variable MSCOMPAT_JIT_CACHE_SIZE).")
            return entry

    def _program_for(self, values, key, dyn, spec):
        """``(entry, program, executable, out_tree, its arguments)`` for these inputs: the
        entry's own program, or (inputs of the same signature in another pytree structure, as
        an ephemeral Parameter for a Tensor) one compiled for their structure."""
        tree, leaves = _flat_inputs(dyn, spec)
        flat_args = (*values, _raw_key(key), *leaves)
        entry = self._entry(values, key, dyn, spec, tree, flat_args)
        if tree is entry.tree or (tree is not _PLAIN and entry.tree is not _PLAIN and tree == entry.tree):
            program, executable, out_tree, key_at = entry.program, entry.executable, entry.out_tree, entry.key_at
        else:
            with self.owner._lock:
                other = entry.others.get(tree)
                if other is None:
                    other = entry.others[tree] = self._build(values, key, spec, entry.layout, tree, flat_args)
                    self.owner.compiles += 1
            program, executable, _, out_tree, key_at = other
        if key_at is not None:
            flat_args = flat_args[:key_at] + flat_args[key_at + 1:]
        return entry, program, executable, out_tree, flat_args

    def __call__(self, values, key, dyn, spec):
        return self.run(values, key, dyn, spec)[1]

    def run(self, values, key, dyn, spec):
        """``(entry, ((outputs, Parameter updates, key, attribute arrays), {input position: new
        value}))``: as a call, with the program's cache entry (its ``written`` slot)."""
        entry, program, _, out_tree, flat_args = self._program_for(values, key, dyn, spec)
        donated = out_tree[2]
        if not donated:
            return entry, jax.tree_util.tree_unflatten(out_tree[0], program(*flat_args))
        with self.donate_lock:      # one call at a time reads, donates and writes back this state
            params = self.params
            flat_args = list(flat_args)
            for i in donated:       # read again: another thread's call may have written them since
                flat_args[i] = params[i]._stored
            # a donated value also held elsewhere (a Tensor of it, another Parameter): the program
            # gets a copy. Held here: its Parameter, ``flat_args``, getrefcount's argument and
            # ``values`` where it is the value read before.
            shared = [i for i in donated if sys.getrefcount(flat_args[i]) > 3 + (values[i] is flat_args[i])]
            for i in shared:
                flat_args[i] = params[i]._stored = _own(flat_args[i])
            out = jax.tree_util.tree_unflatten(out_tree[0], program(*flat_args))
            new = out[0][1]
            for i in donated:       # written back now, inside the lock (the caller writes them again)
                if type(new[i]) is _CONCRETE:
                    params[i]._stored = new[i]
            return entry, out

    def lower(self, values, key, dyn, spec):
        """Compile for these inputs (if not yet); ``.compile()`` of the result is the executable."""
        return _Ready(self._program_for(values, key, dyn, spec)[2])


class _Entry:
    """One compiled signature: the program (``jax.jit`` over flat arrays, maybe wrapped by the
    backend), its executable, the data-parallel layout and input structure it was built for,
    the structure of its results, the positions of the Parameters it writes (found at its first
    run), whether a call may go straight to the executable (no backend hook around it), the
    position of the RNG key among the flat inputs when the program leaves it out (None: it takes
    it), and the programs for other input structures of the same signature."""
    __slots__ = ("program", "executable", "layout", "tree", "out_tree", "direct", "key_at", "written", "others",
                 "fast")

    def __init__(self, program, executable, layout, tree, out_tree, direct, key_at):
        self.program, self.executable, self.layout, self.tree = program, executable, layout, tree
        self.out_tree, self.direct, self.key_at, self.written, self.others = out_tree, direct, key_at, None, {}
        self.fast = None       # its repeated call (_fast_call), made at its first plain call


class _Ready:
    __slots__ = ("executable",)

    def __init__(self, executable):
        self.executable = executable

    def compile(self):
        return self.executable


# --- attributes set while traced (``self.attr = x + 1`` in a compiled construct) -----------------
def _take_attrs(scope):
    """The attributes the call set to traced values, as ``(obj, name, value)``; each object gets
    its old value back (the new one is an output of the program, set after the call)."""
    recorded = scope.attrs
    if not recorded:
        return []
    scope.attrs = None
    return _state.restore_attrs(recorded)


def _set_attrs(meta, arrays):
    for (obj, name, treedef, where, static), arrs in zip(meta, arrays):
        a_it, s_it = iter(arrs), iter(static)
        value = jax.tree_util.tree_unflatten(treedef, [next(a_it) if w else next(s_it) for w in where])
        setattr(obj, name, value)


class Compiled:
    """A callable compiled once per input signature, with Parameters and RNG as state.

    Args:
        fn: the Python callable (``fn(*args, **kwargs)``).
        name: for messages.
        known: a function returning the Parameters known up front (a cell's own); others
            the call touches (closures, optimizers) are discovered by an abstract trace.

    Thread safe: threads may call one ``Compiled`` at once (each call reads the Parameter
    values and writes back its own results; discovery swaps the state and programs as one
    object). The programs are kept per input signature in an LRU cache of
    ``MSCOMPAT_JIT_CACHE_SIZE`` entries (default 32); each compilation is logged at INFO
    level (``GLOG_v=1``) with its cause and its time.
    """

    def __init__(self, fn, name="function", known=None, batch_axis=0, strict=None):
        self.fn = fn
        self.strict = strict    # a function: True when the jit syntax level is STRICT (no JIT Fallback)
        self.batch_axis = batch_axis   # the batch axis of the array inputs, for parallel placement
        self.name = name
        self._known = known
        self.programs = None   # _Programs: the state (Parameters) and the programs compiled for it
        self.eager = False
        self.traces = 0
        self.static_out = {}   # signature -> output structure, for outputs with non-array parts
        self.attr_out = {}     # signature -> attributes set in the call: [(obj, name, treedef, where, static)]
        self.compiles = 0      # programs compiled (all signatures, all states)
        self.fast = None       # the call of the latest signature when it can skip the checks (_fast_call)
        self.fast_misses = 0   # calls ``fast`` could not take
        self._last_sig = None  # the input signature of the latest call
        self._lock = threading.RLock()

    @property
    def params(self):
        progs = self.programs
        return None if progs is None else progs.params

    @property
    def jitted(self):
        """The programs: ``jitted(values, key, dyn, spec)`` runs, ``jitted.lower(...).compile()``
        compiles ahead."""
        return self.programs

    def _pure(self, params, spec, values, key, dyn):
        _check_unique_names([x.param for x in spec[2] if type(x) is _ParamRef] + list(params))
        args, kwargs = _merge(dyn, spec)
        par = _PAR[0]
        if par is not None:
            _auto.begin_trace(par, id(self))
        if par is not None:
            _PROGRAM[0] += 1
        try:
            with _state.Scope(params, values, strict=True, key=key) as scope:
                try:
                    out = graph_outputs(self.fn(*args, **kwargs))
                except BaseException:
                    scope.check_complete()   # a Parameter was missing: discover it (not a fallback)
                    raise
                finally:
                    attrs = _take_attrs(scope)
                scope.check_complete()       # user code may have caught the UnknownParameter
        finally:
            if par is not None:
                _PROGRAM[0] -= 1
        self.traces += 1
        sig = _signature(dyn, spec)
        key_out = None if scope.key_out is key else scope.key_out   # None: no random draws
        updates = scope.updates(params)
        if par is not None:
            updates = constrain_updates(par, params, updates)
        attr_arrays = []
        if attrs:
            meta = []
            for obj, name, value in attrs:
                leaves, treedef = jax.tree_util.tree_flatten(value, is_leaf=_is_array_leaf)
                where = tuple(_is_array_leaf(x) for x in leaves)
                meta.append((obj, name, treedef, where, tuple(x for x in leaves if not _is_array_leaf(x))))
                attr_arrays.append([x for x in leaves if _is_array_leaf(x)])
            self.attr_out[sig] = meta
        leaves, treedef = jax.tree_util.tree_flatten(out, is_leaf=_is_array_leaf)
        if any(type(x) is Parameter and id(x) in scope.written for x in leaves):
            # as MindSpore: a Parameter the call wrote comes back as a Tensor of its new value
            leaves = [Tensor._wrap(scope.values[id(x)]) if type(x) is Parameter and id(x) in scope.written else x
                      for x in leaves]
            out = jax.tree_util.tree_unflatten(treedef, leaves)
        if all(_is_output_array(x) for x in leaves):
            return out, updates, key_out, attr_arrays
        # non-array outputs (strings, Python numbers, ...) are constants of this signature; a
        # Parameter of the state comes back as itself (its value written back after the call)
        where = tuple(_is_output_array(x) for x in leaves)
        static = tuple(x if type(x) is not Parameter else _ParamRef(x) for x in leaves if not _is_output_array(x))
        self.static_out[sig] = (treedef, where, static, ())
        return [x for x in leaves if _is_array_leaf(x)], updates, key_out, attr_arrays

    def _program(self, params, spec, layout):
        """The function a program compiles: ``_pure``, run per device in data parallel (``layout``:
        see ``mscompat.parallel._data``)."""
        if layout is None:
            return functools.partial(self._pure, params, spec)
        return functools.partial(_per_device.per_device, self, params, spec, layout)

    def _build(self, params, old=None):
        """New state ``params`` (and no programs yet), unless another thread already replaced
        ``old``."""
        with self._lock:
            if self.programs is old:
                self.programs = _Programs(self, tuple(params))
            return self.programs

    def _run(self, dyn, spec, use):
        """``use(programs, values, key)`` with the state complete: a trace that meets a Parameter
        outside the state triggers discovery and a new trace (a few times at most). ``None``
        after a fallback."""
        progs = self.programs
        if progs is None:
            progs = self._build(self._known() if self._known else ())
        for _ in range(_MAX_DISCOVERIES + 1):
            try:
                values = list(map(_VALUE, progs.params))
                if _PAR[0] is not None:
                    values = self._place(_PAR[0], progs, values, dyn, spec)
                return use(progs, values, _state.ensure_key())
            except _state.UnknownParameter:
                def call(d):
                    args, kwargs = _merge(d, spec)
                    self.fn(*args, **kwargs)
                try:
                    found = _state.discover(call, dyn, known=progs.params)
                except _FALLBACK_ERRORS as e:
                    self._fall_back(e)
                    return None
                progs = self._build(found, old=progs)
            except _FALLBACK_ERRORS as e:
                self._fall_back(e)
                return None
            except Exception as e:      # noqa: BLE001 - re-raised unless it carries JIT Fallback text
                if not runtime_text_error(e):
                    raise
                return None     # an exception whose text needs Tensor values: this call runs eagerly and raises it
        raise RuntimeError(f"'{self.name}' could not be compiled: the Parameters it reads or writes change every "
                           f"time it is traced ({_MAX_DISCOVERIES} discoveries). Create the Parameters outside the "
                           "compiled function (in the Cell's __init__) so that they are the same objects each call.")

    def _traced(self, dyn, spec, use):
        """``use(values, key)`` with the state complete (``self.jitted`` is the programs for it)."""
        return self._run(dyn, spec, lambda progs, values, key: use(values, key))

    def _place(self, par, progs, values, dyn, spec):
        """Parallel modes: Parameter values in their layouts. Operator strategies give Parameters
        their layouts while tracing, so in (semi-)auto parallel a new signature is first traced
        abstractly; the real call then finds every Parameter in place (one compilation)."""
        params = progs.params
        if par.semi or par.settings.get("enable_parallel_optimizer"):
            seen = self.__dict__.setdefault("_laid_out", set())
            sig = (id(par), _signature(dyn, spec))
            if sig not in seen:
                key = _state.ensure_key()
                _auto.begin_record(par, id(self))
                try:
                    jax.eval_shape(lambda v, k, d: self._pure(params, spec, v, k, d), values, key, dyn)
                finally:
                    _auto.end_record(par, id(self))
                self.traces -= 1
                seen.add(sig)
                if par.semi:
                    save_strategy(par, params)
        placed = place_params(par, params, values)
        for p, old, new in zip(params, values, placed):
            if new is not old:       # kept in place: later calls pass it as is
                p._value = new
        return placed

    def __call__(self, args, kwargs):
        fast = self.fast
        if fast is not None and not kwargs and _PAR[0] is None:
            out = fast(args)       # the repeated call (_fast_call)
            if out is not _MISS:
                return out
        return self.call_full(args, kwargs)

    def call_full(self, args, kwargs):
        """The call without trying the repeated call first (a caller that tried it already)."""
        if self.eager:     # JIT Fallback: the outputs are still a graph's outputs
            return run_eagerly(self.fn, args, kwargs)
        dyn, spec = _split(args, kwargs)
        callers = dyn
        if _PAR[0] is not None:
            dyn = place_inputs(_PAR[0], dyn, self.batch_axis)
        traces = self.traces
        try:    # as ``clean_runtime_errors`` (inline: the common call): an index out of range raises as MindSpore's
            result = self._run(dyn, spec, lambda progs, values, key: (progs, progs.run(values, key, dyn, spec)))
        except RUNTIME_CHECK_ERROR as err:
            exc = reraise(err)
            if exc is None:
                raise
            raise exc.with_traceback(None) from None
        if _RECORDING[0]:
            _raise_recorded()
        if result is None:
            return run_eagerly(self.fn, args, kwargs)
        progs, (entry, ((out, new, key, attrs), changed)) = result
        for k, v in changed.items():      # in-place ops on input Tensors reach the caller's Tensors
            callers[k]._data = v
        if key is not None and type(key) is not _CONCRETE and isinstance(key, jax.core.Tracer):
            _foreign_trace(self.name)
        if _PAR[0] is not None and _PAR[0].data_parallel:   # each rank's own outputs
            out, attrs = _per_device.localize(out), _per_device.localize(attrs)
        if key is not None:
            _rng["key"] = key
        written = entry.written
        if written is None:     # the same for every run of this program (None leaves of its outputs)
            written = entry.written = tuple(i for i, v in enumerate(new) if v is not None)
        params = progs.params
        if written and type(new[written[0]]) is not _CONCRETE and isinstance(new[written[0]], jax.core.Tracer):
            _foreign_trace(self.name)
        for i in written:
            params[i]._value = new[i]
        sig = None
        if attrs and self.traces != traces:
            # as MindSpore: attributes assigned in the graph take the values of the call that compiled it
            sig = _signature(dyn, spec)
            _set_attrs(self.attr_out.get(sig, ()), attrs)
        if self.static_out:
            meta = self.static_out.get(sig or _signature(dyn, spec))
            if meta is not None:
                out = _merge(out, meta)
        elif not attrs and self.fast_misses < _FAST_MISS_LIMIT and entry.tree is _PLAIN and entry.direct \
                and _PAR[0] is None:
            fast = entry.fast
            if fast is None:
                fast = entry.fast = _fast_call(self, progs, entry, len(dyn), out, written, key is not None,
                                               _has_dicts(out), tuple(sorted(changed)))
            self.fast = fast
        return plain_dicts(out)

    def compile(self, args, kwargs):
        """Trace and compile for these inputs now; a later call with them reuses the work."""
        if not self.eager:
            self._executable(args, kwargs)

    def _executable(self, args, kwargs):
        """The compiled executable for these inputs (placed as a call places them); None when
        the callable runs eagerly (JIT Fallback)."""
        dyn, spec = _split(args, kwargs)
        if _PAR[0] is not None:
            dyn = place_inputs(_PAR[0], dyn, self.batch_axis)
        return self._run(dyn, spec, lambda progs, values, key: progs.lower(values, key, dyn, spec).compile())

    def _compiled_program(self, args, kwargs):
        out = self._executable(args, kwargs)
        if out is None:
            raise RuntimeError(f"'{self.name}' runs eagerly (GRAPH_MODE fallback): it has no compiled program.")
        return out

    def compiled_text(self, args, kwargs):
        """The optimized HLO text of the program for these inputs (placed as a call places them)."""
        return self._compiled_program(args, kwargs).as_text()

    def cost_analysis(self, args, kwargs):
        """XLA's cost analysis (``{"flops": ..., "bytes accessed": ...}``) of the program for these
        inputs (placed as a call places them)."""
        cost = self._compiled_program(args, kwargs).cost_analysis()
        return cost[0] if isinstance(cost, (list, tuple)) else cost

    def _fall_back(self, exc):
        where = _user_location(exc)
        if isinstance(exc, jax.errors.TracerArrayConversionError) and self.strict is not None and self.strict():
            # MindSpore's strict syntax level has no JIT Fallback: a Tensor's value cannot be read
            raise AttributeError(f"In JIT strict mode, '{self.name}' cannot read the value of a Tensor while it is "
                                 f"compiled ({where}: Tensor.asnumpy() or a numpy conversion of a Tensor). Use "
                                 "jit_syntax_level=LAX (set_context, JitConfig) or jit(fullgraph=False) to allow "
                                 "JIT Fallback.") from None
        self.eager = True
        self.fast = None
        warnings.warn(f"{where}: '{self.name}' cannot be compiled in GRAPH_MODE ({type(exc).__name__}: "
                      f"{str(exc).splitlines()[0] if str(exc) else ''}); this callable now runs eagerly "
                      "(PyNative). Rewrite the Python control flow on Tensor values at that line with "
                      "ops.select / mscompat-convertible if/while/for to keep it compiled.",
                      GraphFallbackWarning, stacklevel=4)


def _user_location(exc):
    """'file:line' where user code needed a concrete value (or the converter's own location)."""
    filename, lineno = getattr(exc, "filename", None), getattr(exc, "lineno", None)
    if not (filename and lineno):
        filename, lineno = user_frame(exc) or ("<unknown>", 0)
    return f"{filename}:{lineno}"
