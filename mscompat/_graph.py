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
import warnings

import jax
import numpy as np

from . import _state
from ._control_flow import ControlFlowFallback, user_frame
from .common.seed import _state as _rng
from .common.tensor import Tensor
from .common.parameter import Parameter
from .context import _context as _CONTEXT, GRAPH_MODE as _GRAPH_MODE
from .parallel._mesh import _ACTIVE as _PAR, _IN_PROGRAM as _PROGRAM

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
                                      known=lambda: [p for _, p in cell.parameters_and_names()])
    return entry


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
        if _state._CURRENT[0] is None and graph_mode():
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


_FAST_SPECS = {}


def _split(args, kwargs):
    if not kwargs and all(type(a) is Tensor and "_hooks" not in a.__dict__ for a in args):
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
        else:
            where.append(False)
            static.append(x)
    # gradient hooks registered on input Tensors (Tensor.register_hook) go with the traced inputs
    hooks = tuple((i, tuple(x.__dict__["_hooks"].items())) for i, x in enumerate(dyn)
                  if isinstance(x, Tensor) and x.__dict__.get("_hooks"))
    return dyn, (treedef, tuple(where), tuple(static), hooks)


def _signature(dyn, spec):
    return spec, tuple((tuple(x.shape), str(x.dtype)) for x in dyn)


def _merge(dyn, spec):
    treedef, where, static, hooks = spec
    for i, items in hooks:
        if isinstance(dyn[i], Tensor) and dyn[i].__dict__.get("_hooks") is None:
            dyn[i].__dict__["_hooks"] = dict(items)
    dyn_it, static_it = iter(dyn), iter(static)
    leaves = [next(dyn_it) if w else next(static_it) for w in where]
    leaves = [x.param if type(x) is _ParamRef else x for x in leaves]
    return jax.tree_util.tree_unflatten(treedef, leaves)


class _ParamRef:
    """A Parameter argument of a compiled call, hashed and compared by identity."""
    __slots__ = ("param",)

    def __init__(self, param):
        self.param = param

    def __hash__(self):
        return id(self.param)

    def __eq__(self, other):
        return type(other) is _ParamRef and other.param is self.param


def _plain_outputs(out):
    """A compiled call's outputs, with each Parameter returned as a plain Tensor of its value at
    that point (MindSpore's graph outputs are Tensors, never the Parameter object)."""
    return jax.tree_util.tree_map(lambda x: Tensor._wrap(x._data) if isinstance(x, Parameter) else x, out,
                                  is_leaf=lambda x: isinstance(x, Tensor))


# what makes a callable fall back to eager: code that needs a concrete value while traced
_FALLBACK_ERRORS = (jax.errors.ConcretizationTypeError, jax.errors.TracerArrayConversionError,
                    jax.errors.TracerIntegerConversionError, jax.errors.TracerBoolConversionError,
                    ControlFlowFallback)


class Compiled:
    """A callable compiled once per input signature, with Parameters and RNG as state.

    Args:
        fn: the Python callable (``fn(*args, **kwargs)``).
        name: for messages.
        known: a function returning the Parameters known up front (a cell's own); others
            the call touches (closures, optimizers) are discovered by an abstract trace.
    """

    def __init__(self, fn, name="function", known=None, batch_axis=0):
        self.fn = fn
        self.batch_axis = batch_axis   # the batch axis of the array inputs, for parallel placement
        self.name = name
        self._known = known
        self.params = None
        self.jitted = None
        self.eager = False
        self.traces = 0
        self.static_out = {}   # signature -> output structure, for outputs with non-array parts

    def _pure(self, values, key, dyn, spec):
        args, kwargs = _merge(dyn, spec)
        par = _PAR[0]
        if par is not None:
            from .parallel import _auto
            _auto.begin_trace(par, id(self))
        if par is not None:
            _PROGRAM[0] += 1
        try:
            with _state.Scope(self.params, values, strict=True, key=key) as scope:
                out = _plain_outputs(self.fn(*args, **kwargs))
        finally:
            if par is not None:
                _PROGRAM[0] -= 1
        self.traces += 1
        key_out = None if scope.key_out is key else scope.key_out   # None: no random draws
        updates = scope.updates(self.params)
        if par is not None:
            from .parallel._placement import constrain_updates
            updates = constrain_updates(par, self.params, updates)
        leaves, treedef = jax.tree_util.tree_flatten(out, is_leaf=_is_array_leaf)
        if all(_is_array_leaf(x) for x in leaves):
            return out, updates, key_out
        # non-array outputs (strings, Python numbers, ...) are constants of this signature
        where = tuple(_is_array_leaf(x) for x in leaves)
        static = tuple(x for x in leaves if not _is_array_leaf(x))
        self.static_out[_signature(dyn, spec)] = (treedef, where, static, ())
        return [x for x in leaves if _is_array_leaf(x)], updates, key_out

    def _build(self, params):
        from . import backends
        self.params = tuple(params)
        # the active backend sees each compiled program (emulated Ascend: memory check, cost model)
        self.jitted = backends.wrap_program(jax.jit(self._pure, static_argnums=(3,)), self.name)

    def _traced(self, dyn, spec, use):
        """``use(values, key)`` with the state complete: a first trace that meets a Parameter
        outside ``self.params`` triggers discovery and a new trace. ``None`` after a fallback."""
        if self.jitted is None:
            self._build(self._known() if self._known else ())
        while True:
            try:
                values = [p._value for p in self.params]
                if _PAR[0] is not None:
                    values = self._place(_PAR[0], values, dyn, spec)
                return use(values, _state.ensure_key())
            except _state.UnknownParameter:
                def call(d):
                    args, kwargs = _merge(d, spec)
                    self.fn(*args, **kwargs)
                self._build(_state.discover(call, dyn, known=self.params))
            except _FALLBACK_ERRORS as e:
                self._fall_back(e)
                return None

    def _place(self, par, values, dyn, spec):
        """Parallel modes: Parameter values in their layouts. Operator strategies give Parameters
        their layouts while tracing, so in (semi-)auto parallel a new signature is first traced
        abstractly; the real call then finds every Parameter in place (one compilation)."""
        from .parallel._placement import place_params
        if par.semi or par.settings.get("enable_parallel_optimizer"):
            seen = self.__dict__.setdefault("_laid_out", set())
            sig = (id(par), _signature(dyn, spec))
            if sig not in seen:
                key = _state.ensure_key()
                from .parallel import _auto
                _auto.begin_record(par, id(self))
                try:
                    jax.eval_shape(lambda v, k, d: self._pure(v, k, d, spec), values, key, dyn)
                finally:
                    _auto.end_record(par, id(self))
                self.traces -= 1
                seen.add(sig)
                if par.semi:
                    from .parallel._placement import save_strategy
                    save_strategy(par, self.params)
        placed = place_params(par, self.params, values)
        for p, old, new in zip(self.params, values, placed):
            if new is not old:       # kept in place: later calls pass it as is
                p._value = new
        return placed

    def __call__(self, args, kwargs):
        if self.eager:
            return self.fn(*args, **kwargs)
        dyn, spec = _split(args, kwargs)
        if _PAR[0] is not None:
            from .parallel._placement import place_inputs
            dyn = place_inputs(_PAR[0], dyn, self.batch_axis)
        result = self._traced(dyn, spec, lambda values, key: self.jitted(values, key, dyn, spec))
        if result is None:
            return self.fn(*args, **kwargs)
        out, new, key = result
        if key is not None:
            _rng["key"] = key
        for p, v in zip(self.params, new):
            if v is not None:
                p._value = v
        if self.static_out:
            meta = self.static_out.get(_signature(dyn, spec))
            if meta is not None:
                out = _merge(out, meta)
        return out

    def compile(self, args, kwargs):
        """Trace and compile for these inputs now; a later call with them reuses the work."""
        if not self.eager:
            dyn, spec = _split(args, kwargs)
            if _PAR[0] is not None:
                from .parallel._placement import place_inputs
                dyn = place_inputs(_PAR[0], dyn, self.batch_axis)
            self._traced(dyn, spec, lambda values, key: self.jitted.lower(values, key, dyn, spec).compile())

    def compiled_text(self, args, kwargs):
        """The optimized HLO text of the program for these inputs (placed as a call places them)."""
        dyn, spec = _split(args, kwargs)
        if _PAR[0] is not None:
            from .parallel._placement import place_inputs
            dyn = place_inputs(_PAR[0], dyn, self.batch_axis)
        out = self._traced(dyn, spec, lambda values, key: self.jitted.lower(values, key, dyn, spec).compile())
        if out is None:
            raise RuntimeError(f"'{self.name}' runs eagerly (GRAPH_MODE fallback): it has no compiled program.")
        return out.as_text()

    def _fall_back(self, exc):
        self.eager = True
        where = _user_location(exc)
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
