"""Runtime helpers called by code rewritten by :mod:`mscompat._control_flow`.

Every helper first looks at the condition: a Python value, a numpy value or a concrete
array/Tensor means ordinary Python control flow (the rewritten code then runs the
original statement exactly as written). Only a JAX tracer condition reaches the helpers
below, which build ``lax.cond`` / ``lax.while_loop`` from the branch/body functions the
rewriter generated. Values assigned in a branch / loop body are carried (Tensors and
arrays as outputs, Python numbers promoted to arrays only when the branches or iterations
disagree); Parameter writes and random draws (the state of ``mscompat._state``) made inside
are carried too and written back afterwards. Whatever cannot be expressed raises
:class:`ControlFlowFallback` (file and line of the statement, and what to change); the
compiled-call layer then runs that call eagerly.
"""
import operator
import sys
import types
import builtins

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

from .common.tensor import Tensor
from .common.parameter import Parameter
from .common.mutable import is_mutable_container
from ._graph_print import graph_print as print_, in_compiled, running_eagerly
from .common.seed import _state as rng
from . import _state

__all__ = ["ControlFlowFallback", "UNDEF", "traced", "getvars", "fail", "call", "if_stmt", "if_exp",
           "while_stmt", "range_traced", "for_range", "and_", "or_", "not_", "print_",
           "unsupported", "with_", "graph_outputs", "truediv", "floordiv", "mod", "bitand", "bitor", "bitxor",
           "getitem", "is_",
           "graph_copy", "fstr", "str_", "RuntimeStr", "runtime_text_error", "graph_results", "run_eagerly",
           "plain_dicts", "in_", "not_in"]

_PASS_THROUGH = (jax.errors.ConcretizationTypeError, jax.errors.TracerBoolConversionError,
                 jax.errors.TracerIntegerConversionError, jax.errors.TracerArrayConversionError)


class ControlFlowFallback(Exception):
    """Python control flow on a traced value that cannot become ``lax`` control flow.

    Attributes: ``filename``, ``lineno`` (the statement) and ``reason``.
    """

    def __init__(self, filename, lineno, reason):
        self.filename, self.lineno, self.reason = filename, lineno, reason
        super().__init__(f"{filename}:{lineno}: {reason}")


class _Undefined:
    """Value of a variable that is not bound (yet)."""
    __slots__ = ()

    def __repr__(self):
        return "<undefined>"


UNDEF = _Undefined()


def call(f):
    """The callee of a call in converted code: a user function converted, a ``jit_class``
    checked for constant arguments, anything else as is."""
    if isinstance(f, type) and f.__dict__.get("__ms_class__") and in_compiled():
        return _jit_class_ctor(f)
    fn = f.__func__ if isinstance(f, types.MethodType) else f
    if isinstance(fn, types.FunctionType) and not fn.__dict__.get("__cf_converted__"):
        from . import _control_flow  # cycle: _control_flow imports this module
        if _control_flow._is_user_code(fn.__code__):
            return _control_flow.convert(f)
    return f


def _jit_class_ctor(cls):
    """``cls(...)`` inside a compiled call: MindSpore creates jit_class instances from constants only."""
    def make(*args, **kwargs):
        for i, a in enumerate(list(args) + list(kwargs.values())):
            if isinstance(a, Tensor) and isinstance(a._data, jax.core.Tracer):
                raise TypeError(f"When creating an instance of '{cls.__name__}', all arguments are required to be "
                                f"constants, but input {i} is a variable, which is a Tensor of shape {a.shape}.")
        return cls(*args, **kwargs)
    return make


def fail(filename, lineno, reason):
    raise ControlFlowFallback(filename, lineno, reason)


def with_(obj):
    """The context manager of a ``with`` statement: in a compiled call MindSpore accepts only
    instances of ``jit_class`` classes."""
    if in_compiled() and not getattr(type(obj), "__ms_class__", False):
        raise TypeError(f"Only support jit_class instance, but got PythonObject(type: {type(obj)}, value: {obj!r})")
    return obj


def _py_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) or type(v) is bool


def truediv(a, b):
    """``a / b``; a constant zero divisor of Python numbers is MindSpore's compile-time ValueError."""
    if _py_number(a) and _py_number(b) and b == 0:
        raise ValueError("The divisor could not be zero. But the divisor is zero now.")
    return a / b


def _bitwise(a, b, op, method):
    if isinstance(b, Tensor) and not isinstance(a, Tensor) and isinstance(a, (bool, int, np.bool_, np.integer)):
        return getattr(b, method)(a)     # a number on the left of a Tensor (the operators commute)
    return op(a, b)


def bitand(a, b):
    """``a & b``; in a compiled call a number may be on the left of a Tensor (MindSpore's graph)."""
    return _bitwise(a, b, operator.and_, "__and__")


def bitor(a, b):
    """``a | b`` (see :func:`bitand`)."""
    return _bitwise(a, b, operator.or_, "__or__")


def bitxor(a, b):
    """``a ^ b`` (see :func:`bitand`)."""
    return _bitwise(a, b, operator.xor, "__xor__")


def floordiv(a, b):
    """``a // b`` (see :func:`truediv`)."""
    if _py_number(a) and _py_number(b) and b == 0:
        raise ValueError("The divisor could not be zero. But the divisor is zero now.")
    return a // b


def mod(a, b):
    """``a % b`` (see :func:`truediv`); ``"..." % tensor`` in a compiled call formats the
    value when the program runs (:class:`RuntimeStr`)."""
    if _py_number(a) and _py_number(b) and b == 0:
        raise ValueError("Cannot perform modulo operation on zero.")
    if isinstance(a, (str, RuntimeStr)) and _has_runtime(b):
        return RuntimeStr.build(lambda fa, fb: fa % fb, a, b)
    return a % b


# --- strings built from Tensor values when the program runs (JIT Fallback) -------------------------
def _has_runtime(v):
    if isinstance(v, RuntimeStr):
        return True
    if isinstance(v, Tensor):    # traced, with no value under an eager differentiation's tracers
        return isinstance(v._data, jax.core.Tracer) and _state.concrete(v._data) is None
    if isinstance(v, (tuple, list)):
        return any(_has_runtime(x) for x in v)
    if isinstance(v, dict):
        return any(_has_runtime(x) for x in v.values())
    return False


class RuntimeStr:
    """A string that depends on traced Tensor values: MindSpore builds it (``str(t)``,
    f-strings, ``%``) by JIT Fallback when the graph runs. ``print`` takes it as is (the text
    is made on the host, each run); other uses need the concrete text, so the compiled
    call runs eagerly (:class:`ControlFlowFallback`)."""
    __slots__ = ("arrays", "render")
    _runtime_text = True    # what graph_print looks for (mscompat._graph_print)

    def __init__(self, arrays, render):
        self.arrays, self.render = arrays, render    # render(host values of arrays) -> str

    @classmethod
    def build(cls, op, *values):
        """``op(*values)`` evaluated on the host, with the traced parts of ``values`` filled in."""
        arrays = []

        def split(v):
            if isinstance(v, RuntimeStr):
                start = len(arrays)
                arrays.extend(v.arrays)
                return lambda vals: v.render(vals[start:start + len(v.arrays)])
            if isinstance(v, Tensor) and isinstance(v._data, jax.core.Tracer):
                arrays.append(v._data)
                i = len(arrays) - 1
                return lambda vals: Tensor._wrap(np.asarray(vals[i]))
            if isinstance(v, (tuple, list)):
                parts = [split(x) for x in v]
                kind = type(v) if type(v) in (tuple, list) else tuple
                return lambda vals: kind(p(vals) for p in parts)
            if isinstance(v, dict):
                parts = {k: split(x) for k, x in v.items()}
                return lambda vals: {k: p(vals) for k, p in parts.items()}
            return lambda vals: v

        fills = [split(v) for v in values]
        return cls(arrays, lambda vals: op(*[f(vals) for f in fills]))

    def __add__(self, other):
        if isinstance(other, (str, RuntimeStr)):
            return RuntimeStr.build(lambda a, b: a + b, self, other)
        return NotImplemented

    def __radd__(self, other):
        if isinstance(other, str):
            return RuntimeStr.build(lambda a, b: a + b, other, self)
        return NotImplemented

    def _needs_text(self, *args, **kwargs):
        raise ControlFlowFallback(*_caller(), "a string made from a Tensor value is used as text inside the "
                                  "compiled call (MindSpore's JIT Fallback makes it when the graph runs)")

    __str__ = __repr__ = __format__ = __len__ = __eq__ = __hash__ = __iter__ = __getitem__ = _needs_text
    __mul__ = __contains__ = __bool__ = __lt__ = __gt__ = _needs_text

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        self._needs_text()


def runtime_text_error(exc):
    """Whether ``exc`` (raised while a compiled call was traced) carries text that MindSpore's
    JIT Fallback makes from Tensor values when the graph runs (a :class:`RuntimeStr`): only a
    run with the values can raise it as MindSpore does."""
    return isinstance(exc, Exception) and not isinstance(exc, ControlFlowFallback) and \
        any(isinstance(a, RuntimeStr) for a in exc.args)


def _caller():
    """(file, line) of the user code that is running (for a fallback message)."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename == __file__:
        frame = frame.f_back
    return (frame.f_code.co_filename, frame.f_lineno) if frame is not None else ("<unknown>", 0)


def fstr(fmt, *values):
    """An f-string: ``fmt(*values)``, or a :class:`RuntimeStr` when a value is traced."""
    if any(_has_runtime(v) for v in values):
        return RuntimeStr.build(fmt, *values)
    return fmt(*values)


def str_(value):
    """``str(value)``: a :class:`RuntimeStr` for a traced Tensor (its text when the program runs)."""
    if _has_runtime(value):
        return RuntimeStr.build(str, value)
    return str(value)


def getitem(obj, key):
    """``obj[key]`` with MindSpore's errors for a missing dict key and a string index out of range."""
    if type(obj) is dict:
        if isinstance(key, Tensor):
            raise RuntimeError("dict_getitem evaluator key only supports string, number, type, none, constant tensor "
                               "and tuple, but got ValueAny")
        try:
            return obj[key]
        except KeyError:
            raise ValueError(f"The key {key} does not exist in the dict:{obj}") from None
    if type(obj) is str and type(key) is int and not -len(obj) <= key < len(obj):
        raise RuntimeError(f"String index out of range, expect:[{-len(obj)}, {len(obj) - 1}], but got {key}.")
    return obj[key]


def is_(a, b):
    """``a is b``; MindSpore accepts only an int, bool, string, None or type as ``b``."""
    if isinstance(b, (tuple, list, dict, float)):
        raise RuntimeError(f"For syntax like 'a is b', b supports Int, Bool, String, None and Type, but got {b}")
    return a is b


def in_(item, container):
    """``item in container``; a Tensor ``item`` in a tuple/list gives MindSpore's 0-d bool Tensor:
    whether it equals (element-wise, all of it) one of the items."""
    if isinstance(item, Tensor) and type(container) in (tuple, list):
        a = _unwrap(item)
        found = jnp.zeros((), jnp.bool_)
        for e in container:
            b = _unwrap(e) if isinstance(e, Tensor) else e
            if isinstance(e, (Tensor, int, float, bool)) and jnp.shape(b) in ((), jnp.shape(a)):
                found = found | jnp.all(jnp.asarray(a) == jnp.asarray(b))
        return Tensor._wrap(found)
    return item in container


def not_in(item, container):
    """``item not in container`` (see :func:`in_`)."""
    r = in_(item, container)
    return Tensor._wrap(~r._data) if isinstance(r, Tensor) else not r


def graph_copy(namespace, name):
    """A global list/dict a compiled function mutates: the graph works on a copy, so the
    mutations are seen inside the call but not by the Python object (as in MindSpore)."""
    try:
        value = namespace[name]
    except KeyError:
        raise NameError(f"name '{name}' is not defined") from None
    if in_compiled() and type(value) in (list, dict):
        return type(value)(value)
    return value


_SYNTAX_ERRORS = {"RuntimeError": RuntimeError, "TypeError": TypeError}


def unsupported(cls, message, filename, lineno):
    """Syntax MindSpore's graph compiler rejects: raise its error while a compiled call
    (GRAPH_MODE Cell, ``ms.jit``) traces the function; elsewhere the function runs as Python."""
    if in_compiled():
        raise _SYNTAX_ERRORS[cls](f"{message}\n  In file {filename}:{lineno}")


def _unwrap(x):
    return x._data if isinstance(x, Tensor) else x


try:
    from jax._src.core import is_concrete as _is_concrete
except ImportError:  # pragma: no cover - older/newer jax without it
    def _is_concrete(x):
        return False


def traced(x):
    """True when ``x`` (a Tensor, array or Python value) is a JAX tracer without a concrete
    value. A tracer that has one (``jax.grad`` outside ``jit``) takes the Python path, where
    reverse-mode differentiation of loops works."""
    a = _unwrap(x)
    return isinstance(a, jax.core.Tracer) and not _is_concrete(a)


def getvars(local_vars, names):
    return tuple(local_vars.get(n, UNDEF) for n in names)


def _fresh(v):
    """A shallow copy of a mutable container / Tensor, so a branch traced under lax cannot
    mutate the caller's object."""
    if type(v) is list:
        return list(v)
    if type(v) is dict:
        return dict(v)
    if type(v) is Tensor:
        return Tensor._wrap(v._data)
    return v


def _to_pred(c):
    a = jnp.asarray(_unwrap(c))
    if a.size != 1:
        raise ValueError(f"The truth value of a Tensor with {a.size} elements is ambiguous; "
                         "use ops.any / ops.all in a condition.")
    a = a.reshape(())
    return a if a.dtype == jnp.bool_ else a != 0


# --- state: Parameter writes and random draws inside traced branches / loop bodies -------------
# A branch or loop body runs with the enclosing scope's bindings; what it writes (Parameter
# bindings of mscompat._state, the RNG key) is taken back out after the call and becomes an
# extra output of the lax.cond / extra carry of the lax.while_loop, then written back.
def _rng():
    return rng


def _scope():
    return _state.current()


def _run(fn, args, where, bind=None):
    """Call a generated branch/body function while tracing.

    ``bind``: ``({pid: value}, key or None)`` installed for the call (loop-carried state).
    Returns ``(out, writes, key)``: ``writes`` maps id -> (Parameter, new value) for the
    bindings the call changed, ``key`` is the new RNG key or None. The scope and RNG are
    restored afterwards. Errors become :class:`ControlFlowFallback`."""
    scope, rng = _scope(), _rng()
    key0 = rng.get("key")
    saved = None if scope is None else (dict(scope.values), dict(scope.written))
    if bind is not None:
        values, key = bind
        if scope is not None:
            scope.values.update(values)
        if key is not None:
            rng["key"] = key
    before = None if scope is None else dict(scope.values)
    key_in = rng.get("key")
    try:
        out = fn(*args)
        writes = {} if scope is None else {
            pid: (scope.params.get(pid), v) for pid, v in scope.values.items() if before.get(pid, UNDEF) is not v}
        key = rng.get("key")
        key = None if key is key_in else key
    except (ControlFlowFallback,) + _PASS_THROUGH:
        raise
    except Exception as e:  # noqa: BLE001 - any error of a traced branch means: run eagerly
        raise ControlFlowFallback(*where, f"tracing this branch/loop body raised {type(e).__name__}: {e} "
                                          "(a branch that raises, asserts or needs concrete values "
                                          "cannot be traced)") from e
    finally:
        rng["key"] = key0
        if scope is not None:
            scope.values.clear()
            scope.values.update(saved[0])
            scope.written.clear()
            scope.written.update(saved[1])
    if any(p is None for p, _ in writes.values()):
        fail(*where, "a Parameter binding changed inside a traced branch/loop in an unexpected way")
    return out, writes, key


def _current_value(pid, param):
    """The binding of ``param`` outside the branch (the enclosing scope's value)."""
    scope = _scope()
    if scope is not None and pid in scope.values:
        return scope.values[pid]
    return param._data


def _state_union(deltas):
    """Ordered union of the Parameters written and whether the RNG key moved."""
    params = {}
    for writes, _ in deltas:
        for pid, (p, _) in writes.items():
            params.setdefault(pid, p)
    return params, any(k is not None for _, k in deltas)


def _state_outputs(writes, key, params, use_key, pre, key0, where):
    out = []
    for pid, p in params.items():
        v = jnp.asarray(_unwrap(writes[pid][1])) if pid in writes else pre[pid]
        if v.shape != pre[pid].shape:
            fail(*where, f"Parameter '{p.name}' changes shape ({pre[pid].shape} -> {v.shape}) "
                         "inside control flow on a traced value")
        out.append(lax.convert_element_type(v, pre[pid].dtype))
    if use_key:
        out.append(key if key is not None else key0)
    return out


def _commit_state(params, use_key, values):
    scope = _scope()
    values = list(values)
    for pid, p in params.items():
        v = values.pop(0)
        if scope is not None:
            scope.write(p, v)
    if use_key:
        _rng()["key"] = values.pop(0)


# --- leaves -------------------------------------------------------------------------------------
def _is_leaf(x):
    return isinstance(x, Tensor) or x is UNDEF


def _flat(v):
    return jax.tree_util.tree_flatten(v, is_leaf=_is_leaf)


def _kind(x):
    if isinstance(x, Tensor):
        return "T"
    if isinstance(x, (jax.Array, np.ndarray, np.generic)):
        return "A"
    if isinstance(x, (bool, int, float, complex)):
        return "N"
    return "O"


def _aval(x):
    a = _unwrap(x)
    return tuple(np.shape(a)), np.dtype(a.dtype)


def _num_dtype(*vals):
    if any(isinstance(v, complex) for v in vals):
        return np.dtype(np.complex64)
    if any(isinstance(v, float) for v in vals):
        return np.dtype(np.float32)
    if all(isinstance(v, bool) for v in vals):
        return np.dtype(np.bool_)
    return np.dtype(np.int64)


def _fits(num, dtype):
    """Can the Python number ``num`` be stored in ``dtype`` without changing its value kind?"""
    k = dtype.kind
    if isinstance(num, complex):
        return k == "c"
    if isinstance(num, float):
        return k in "fc"
    if isinstance(num, bool):
        return True
    return k in "iufc" and (k != "u" or num >= 0)


def _same_static(a, b):
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001
        return False


def _coerce(x, spec):
    shape, dtype = spec[2], spec[3]
    a = lax.convert_element_type(jnp.asarray(_unwrap(x)), dtype)
    if a.shape != shape:
        a = jnp.broadcast_to(a, shape)
    return a


def _rebuild(treedef, specs, dyn):
    it = iter(dyn)
    leaves = []
    for s in specs:
        if s[0] == "S":
            leaves.append(s[1])
        else:
            a = next(it)
            leaves.append(Tensor._wrap(a) if s[1] == "T" else a)
    return jax.tree_util.tree_unflatten(treedef, leaves)


def _num_kind(*vals):
    """Kind of a Python number promoted to an array: a Tensor when the statement works on
    mscompat Tensors, else a plain jax array."""
    for v in vals:
        for x in _flat(v)[0]:
            if isinstance(x, Tensor):
                return "T"
    return "A"


def _merge_leaf(a, b, name, where, nk="T"):
    """Spec of one output leaf of a traced ``if``: ('S', value) or ('D', kind, shape, dtype)."""
    if a is b:
        return ("S", a)
    ka, kb = _kind(a), _kind(b)
    if ka == "N" and kb == "N":
        if _same_static(a, b):
            return ("S", a)
        return ("D", nk, (), _num_dtype(a, b))
    if ka in "TA" and kb in "TA":
        (sa, da), (sb, db) = _aval(a), _aval(b)
        if sa != sb:
            fail(*where, f"'{name}' has shape {sa} in one branch and {sb} in the other; both branches "
                         "of an `if` on a traced value must give the same shapes")
        if da != db:
            fail(*where, f"'{name}' has dtype {da} in one branch and {db} in the other; cast both "
                         "branches to the same dtype")
        return ("D", "T" if "T" in (ka, kb) else "A", sa, da)
    if {ka, kb} <= {"N", "T", "A"}:
        num, arr, karr = (a, b, kb) if ka == "N" else (b, a, ka)
        shape, dtype = _aval(arr)
        if _fits(num, dtype):
            return ("D", karr, shape, dtype)
        fail(*where, f"'{name}' is a Python {type(num).__name__} in one branch and a {dtype} "
                     "tensor in the other; give both branches the same type")
    if _same_static(a, b):
        return ("S", a)
    fail(*where, f"'{name}' takes different non-tensor values in the two branches "
                 f"({type(a).__name__} and {type(b).__name__}); only tensors can depend on a traced "
                 "condition")


# --- if / conditional expression ----------------------------------------------------------------
def if_stmt(pred, true_fn, false_fn, inits, names, live, filename, lineno, returns=False,
            label="return value"):
    """``lax.cond`` for a rewritten ``if`` whose condition is traced.

    ``true_fn``/``false_fn`` take the current values of ``names`` and return their new
    values (or, with ``returns``, the value the statement returns)."""
    where = (filename, lineno)
    p = _to_pred(pred)
    if returns:
        keep, out_names = None, (label,)
    else:
        keep = [i for i, lv in enumerate(live) if lv]
        out_names = tuple(names[i] for i in keep)
    records = {}
    key0 = _rng().get("key")

    def select(out):
        return (out,) if returns else tuple(out[i] for i in keep)

    def branch_a(name, fn):
        def run(_):
            out, writes, key = _run(fn, [_fresh(v) for v in inits], where)
            vals = select(out)
            flats = [_flat(v) for v in vals]
            records[name] = (vals, flats, (writes, key))
            dyn = [jnp.asarray(_unwrap(x)) for leaves, _ in flats for x in leaves if _kind(x) in "TA"]
            return dyn, [jnp.asarray(v) for _, v in writes.values()] + ([key] if key is not None else [])
        return run

    try:
        dyn, state = lax.cond(p, branch_a("t", true_fn), branch_a("f", false_fn), 0)
        ok_a = True
    except TypeError:
        if len(records) < 2:
            raise
        dyn, state, ok_a = None, None, False
    specs, trees = _if_plan(records, out_names, where, _num_kind(pred, *records["t"][0], *records["f"][0]))
    (wt, kt), (wf, kf) = records["t"][2], records["f"][2]
    params, use_key = _state_union([(wt, kt), (wf, kf)])
    same_state = list(wt) == list(wf) and (kt is None) == (kf is None)
    if ok_a and same_state and _compatible_a(records, specs):
        results = _assemble_a(records["t"][1], specs, dyn)
    else:
        pre = {pid: jnp.asarray(_current_value(pid, prm)) for pid, prm in params.items()}

        def branch_b(fn):
            def run(_):
                out, writes, key = _run(fn, [_fresh(v) for v in inits], where)
                vals = select(out)
                dyn = []
                for v, sp in zip(vals, specs):
                    leaves, _ = _flat(v)
                    dyn.extend(_coerce(x, s) for x, s in zip(leaves, sp) if s[0] == "D")
                extra = set(writes) - set(params)
                if extra or (key is not None and not use_key):
                    fail(*where, "the Parameters written in this branch changed between traces")
                return dyn, _state_outputs(writes, key, params, use_key, pre, key0, where)
            return run
        dyn, state = lax.cond(p, branch_b(true_fn), branch_b(false_fn), 0)
        it = iter(dyn)
        results = []
        for tree, sp in zip(trees, specs):
            n = sum(1 for s in sp if s[0] == "D")
            results.append(_rebuild(tree, sp, [next(it) for _ in range(n)]))
    _commit_state(params, use_key, state)
    if returns:
        return results[0]
    full = [UNDEF] * len(names)
    for i, r in zip(keep, results):
        full[i] = r
    return tuple(full)


def _describe(v):
    if v is None:
        return "None"
    if isinstance(v, Tensor):
        return f"a Tensor of shape {v.shape}"
    if isinstance(v, (tuple, list)):
        return f"a {type(v).__name__} of {len(v)} ({', '.join(_describe(x) for x in v[:4])})"
    if isinstance(v, dict):
        return f"a dict with keys {sorted(map(str, v))}"
    return f"a {type(v).__name__}"


def _if_plan(records, out_names, where, nk):
    (tv, tf, _), (fv, ff, _) = records["t"], records["f"]
    specs, trees = [], []
    for name, a, b, (la, ta), (lb, tb) in zip(out_names, tv, fv, tf, ff):
        if a is UNDEF or b is UNDEF:
            if a is b:
                specs.append([("S", UNDEF)])
                trees.append(ta)
                continue
            fail(*where, f"'{name}' is assigned in only one branch of this `if` on a traced value and "
                         "used afterwards; assign it before the `if` or in both branches")
        if ta != tb:
            fail(*where, f"'{name}' is {_describe(a)} in one branch and {_describe(b)} in the other; "
                         "both branches must produce the same kind of value")
        specs.append([_merge_leaf(x, y, name, where, nk) for x, y in zip(la, lb)])
        trees.append(ta)
    return specs, trees


def _compatible_a(records, specs):
    ft, ff = records["t"][1], records["f"][1]
    for (lt, _), (lf, _), sp in zip(ft, ff, specs):
        for x, y, s in zip(lt, lf, sp):
            dx, dy = _kind(x) in "TA", _kind(y) in "TA"
            if dx != dy or (s[0] == "D" and not dx):
                return False
    return True


def _assemble_a(flats, specs, dyn):
    it = iter(dyn)
    results = []
    for (leaves, tree), sp in zip(flats, specs):
        out = []
        for x, s in zip(leaves, sp):
            if _kind(x) in "TA":
                a = next(it)
                if s[0] == "S":
                    out.append(s[1])
                else:
                    out.append(Tensor._wrap(a) if s[1] == "T" else a)
            else:
                out.append(s[1])
        results.append(jax.tree_util.tree_unflatten(tree, out))
    return results


def if_exp(pred, true_fn, false_fn, filename, lineno):
    """``a if c else b``: Python when ``c`` is concrete, ``lax.cond`` when traced."""
    if not traced(pred):
        return true_fn() if pred else false_fn()
    return if_stmt(pred, true_fn, false_fn, (), (), (), filename, lineno, returns=True,
                   label="value of `a if c else b`")


# --- and / or / not in conditions ---------------------------------------------------------------
def _logical(fn, vals):
    arrs = [jnp.asarray(_unwrap(v)) for v in vals]
    out = arrs[0].astype(bool)
    for a in arrs[1:]:
        out = fn(out, a.astype(bool))
    if any(isinstance(v, Tensor) for v in vals):
        return Tensor._wrap(out)
    return out


def _short_circuit(fns, stops, combine):
    """Evaluate the thunks in order: a concrete value for which ``stops`` holds is the result; once one is
    traced, the rest are all evaluated and joined with ``combine``; else the last value."""
    done = []
    for f in fns:
        v = f()
        if done or traced(v):
            done.append(v)
            continue
        if stops(v):
            return v
    if not done:
        return v
    return done[0] if len(done) == 1 else _logical(combine, done)


def and_(*fns):
    """``a and b and ...`` in a condition (operands as thunks, short-circuit while concrete)."""
    return _short_circuit(fns, lambda v: not v, jnp.logical_and)


def or_(*fns):
    """``a or b or ...`` in a condition."""
    return _short_circuit(fns, bool, jnp.logical_or)


def not_(v):
    """``not v`` in a condition."""
    return _not_traced(v) if traced(v) else not v


def _not_traced(v):
    out = jnp.logical_not(jnp.asarray(_unwrap(v)).astype(bool))
    return Tensor._wrap(out) if isinstance(v, Tensor) else out



# --- loops --------------------------------------------------------------------------------------
def _initial_plans(inits):
    plans = []
    for v in inits:
        leaves, tree = _flat(v)
        specs = []
        for x in leaves:
            k = _kind(x)
            if k in "TA" and not isinstance(x, Parameter):
                specs.append(("D", k) + _aval(x) + (False,))
            else:
                specs.append(("S", x))
        plans.append((tree, specs))
    return plans


def _rebuild_all(plans, dyn):
    it = iter(dyn)
    out = []
    for tree, specs in plans:
        n = sum(1 for s in specs if s[0] == "D")
        out.append(_rebuild(tree, specs, [next(it) for _ in range(n)]))
    return out


def _flatten_coerce(plans, vals):
    out = []
    for (_, specs), v in zip(plans, vals):
        leaves, _ = _flat(v)
        out.extend(_coerce(x, s) for x, s in zip(leaves, specs) if s[0] == "D")
    return out


def _avals(plans):
    return [jax.ShapeDtypeStruct(s[2], s[3]) for _, specs in plans for s in specs if s[0] == "D"]


def _update_leaf(s, o, name, where, nk):
    """New spec for a carried leaf whose body output is ``o`` (None: unchanged)."""
    ko = _kind(o)
    if s[0] == "S":
        v = s[1]
        kv = _kind(v)
        if o is v or (kv == "N" and ko == "N" and _same_static(v, o)):
            return None
        if kv == "N" and ko == "N":
            return ("D", nk, (), _num_dtype(v, o), True)
        if kv == "N" and ko in "TA":
            sh, dt = _aval(o)
            if not _fits(v, dt):
                fail(*where, f"'{name}' starts as a Python {type(v).__name__} and becomes a {dt} tensor "
                             "in the loop; initialize it with the loop's dtype")
            return ("D", ko, sh, dt, True)
        if kv in "TA" and ko in "TA":
            if _aval(v) != _aval(o):
                fail(*where, f"'{name}' changes shape/dtype in the loop ({_aval(v)} -> {_aval(o)})")
            return ("D", "T" if "T" in (kv, ko) else "A") + _aval(v) + (False,)
        if _same_static(v, o):
            return None
        fail(*where, f"'{name}' is a non-tensor value that changes inside a loop on a traced value; "
                     "only tensors can be loop variables of a traced loop")
    if ko in "TA":
        sh, dt = _aval(o)
        kind = "T" if ko == "T" or s[1] == "T" else "A"
        if sh == s[2] and dt == s[3]:
            return None if kind == s[1] else (s[0], kind) + tuple(s[2:])
        if s[4] and sh != s[2] and s[2] != ():
            fail(*where, f"'{name}' changes shape in the loop ({s[2]} -> {sh})")
        if not s[4] and sh != s[2]:
            fail(*where, f"'{name}' changes shape in the loop ({s[2]} -> {sh}); loop variables of a "
                         "traced loop must keep their shape")
        if not s[4] and dt != s[3]:
            fail(*where, f"'{name}' changes dtype in the loop ({s[3]} -> {dt}); cast it to one dtype")
        return ("D", kind, sh, dt, True)
    if ko == "N" and (s[3].kind == "b" and isinstance(o, bool) or s[3].kind != "b" and _fits(o, s[3])):
        return None
    fail(*where, f"'{name}' is a tensor before the loop and a {type(o).__name__} inside it")


def _reverse_ad_active():
    """True while a reverse-mode differentiation (jax.grad / jax.vjp) is tracing."""
    try:
        from jax._src.core import trace_ctx  # JAX-internal name, absent in some JAX versions (hence the try)
        t = trace_ctx.trace
    except Exception:  # noqa: BLE001
        return False
    while t is not None:
        if type(t).__name__ == "LinearizeTrace":
            return True
        t = getattr(t, "parent_trace", None)
    return False


def _loop(test_fn, body_fn, inits, names, where, nk=None):
    """``lax.while_loop`` over the carried values ``inits``; ``test_fn(*vals)``, ``body_fn(*vals)``."""
    if _reverse_ad_active():
        fail(*where, "a loop whose number of iterations depends on a traced value cannot be "
                     "differentiated in reverse mode inside a compiled function; bound it with a "
                     "Python int (or run this function eagerly)")
    plans = _initial_plans(inits)
    nk = nk or _num_kind(*inits)
    params, use_key = {}, False
    for _ in range(8):
        rec = []

        def probe(dyn):
            out, writes, key = _run(body_fn, _rebuild_all(plans, dyn), where)
            rec.append((out, writes, key))
            return [jnp.asarray(_unwrap(x)) for v in out for x in _flat(v)[0] if _kind(x) in "TA"]

        jax.eval_shape(probe, _avals(plans))
        out_vals, writes, key = rec[0]
        changed = False
        for pid, (prm, _) in writes.items():
            if pid not in params:
                params[pid] = prm
                changed = True
        if key is not None and not use_key:
            use_key = changed = True
        for i, (name, (tree, specs), out) in enumerate(zip(names, plans, out_vals)):
            leaves, otree = _flat(out)
            if otree != tree:
                fail(*where, f"'{name}' changes structure in the loop (it becomes {_describe(out)})")
            for j, (s, o) in enumerate(zip(specs, leaves)):
                new = _update_leaf(s, o, name, where, nk)
                if new is not None:
                    specs[j] = new
                    changed = True
        if not changed:
            break
    else:
        fail(*where, "the loop variables keep changing type; give them fixed dtypes before the loop")
    n_par = len(params)

    def bind(ext):
        return dict(zip(params, ext[:n_par])), (ext[n_par] if use_key else None)

    def cond_fun(carry):
        dyn, ext = carry
        out, writes, key = _run(test_fn, _rebuild_all(plans, dyn), where, bind(ext))
        if writes or key is not None:
            fail(*where, "the loop condition writes a Parameter or draws a random number")
        return _to_pred(out)

    def body_fun(carry):
        dyn, ext = carry
        out, writes, key = _run(body_fn, _rebuild_all(plans, dyn), where, bind(ext))
        if set(writes) - set(params) or (key is not None and not use_key):
            fail(*where, "the Parameters written in this loop changed between traces")
        pre = dict(zip(params, ext[:n_par]))
        return (_flatten_coerce(plans, out),
                _state_outputs(writes, key, params, use_key, pre, ext[n_par] if use_key else None, where))

    ext0 = [jnp.asarray(_current_value(pid, prm)) for pid, prm in params.items()]
    if use_key:
        ext0.append(_rng().get("key"))
    final, ext = lax.while_loop(cond_fun, body_fun, (_flatten_coerce(plans, inits), ext0))
    _commit_state(params, use_key, ext)
    return _rebuild_all(plans, final)


def _carried(inits, names, live, where, what):
    idx = []
    for i, (n, v, lv) in enumerate(zip(names, inits, live)):
        if v is UNDEF:
            if lv:
                fail(*where, f"'{n}' is first assigned inside this {what} on a traced value and used "
                             "after it; initialize it before the loop")
            continue
        idx.append(i)
    return idx


def _pick(vals, idx):
    vals = tuple(vals)
    return [vals[i] for i in idx]


def while_stmt(test_fn, body_fn, inits, names, live, filename, lineno):
    """``lax.while_loop`` for a rewritten ``while`` whose condition became traced."""
    where = (filename, lineno)
    idx = _carried(inits, names, live, where, "`while` loop")

    def full(vals):
        out = list(inits)
        for i, v in zip(idx, vals):
            out[i] = v
        return out

    res = _loop(lambda *v: test_fn(*full(v)),
                lambda *v: _pick(body_fn(*full(v)), idx),
                [inits[i] for i in idx], [names[i] for i in idx], where)
    return tuple(full(res))


def range_traced(range_obj, rargs):
    """True when ``range(*rargs)`` must become a traced loop (a 0-d traced bound; MindSpore's
    ``ast`` capture rejects every Tensor bound, mscompat loops over a scalar one). A bound
    with dimensions is MindSpore's TypeError."""
    if range_obj is not builtins.range:
        return False
    if in_compiled():
        for i, a in enumerate(rargs):
            if isinstance(a, Tensor) and traced(a) and a.ndim > 0:
                raise TypeError(f"For 'make_range', the {i}th input should be a int scalar but got "
                                f"Tensor(shape={a.shape}, dtype={a.dtype}).")
    return any(traced(a) for a in rargs)


def for_range(rargs, body_fn, inits, names, live, filename, lineno, brk=None):
    """``for names[0] in range(*rargs)`` with a traced bound: a counted ``lax.while_loop``
    (that also stops when the carried flag ``brk`` -- a rewritten ``break`` -- is set).

    ``body_fn(target, *carried)`` returns the new carried values (``names[1:]``)."""
    where = (filename, lineno)
    if len(rargs) == 1:
        start, stop, step = 0, rargs[0], 1
    else:
        start, stop, step = (tuple(rargs) + (1,))[:3]
    if traced(step):
        fail(*where, "the step of range() is a traced value; use a Python int step")
    arrays = [_unwrap(a) for a in (start, stop, step) if isinstance(_unwrap(a), (jax.Array, np.ndarray))]
    for a in arrays:
        if np.dtype(a.dtype).kind not in "iu" or np.ndim(a) != 0:
            raise TypeError(f"'{type(a).__name__}' object cannot be interpreted as an integer")
    step = int(_unwrap(step))
    if step == 0:
        raise ValueError("range() arg 3 must not be zero")
    dt = np.result_type(*[a.dtype for a in arrays]) if arrays else np.dtype(np.int64)
    s0, e0 = jnp.asarray(_unwrap(start), dt), jnp.asarray(_unwrap(stop), dt)
    if step > 0:
        n = jnp.maximum(0, (e0 - s0 + (step - 1)) // step)
    else:
        n = jnp.maximum(0, (s0 - e0 + (-step - 1)) // (-step))
    as_tensor = any(isinstance(a, Tensor) for a in rargs)

    def index(k):
        i = (s0 + k * step).astype(dt)
        return Tensor._wrap(i) if as_tensor else i

    target, rest = inits[0], list(inits[1:])
    idx = _carried(rest, names[1:], live[1:], where, "`for` loop")

    def full(vals):
        out = list(rest)
        for i, v in zip(idx, vals):
            out[i] = v
        return out

    def body(k, *v):
        return [k + 1] + _pick(body_fn(index(k), *full(v)), idx)

    def test(k, *v):
        go = k < n
        if brk is not None:
            flag = full(v)[names.index(brk) - 1]
            go = jnp.logical_and(go, jnp.logical_not(jnp.asarray(_unwrap(flag)).astype(bool)))
        return go

    res = _loop(test, body, [jnp.zeros((), dt)] + [rest[i] for i in idx],
                ["range counter"] + [names[1:][i] for i in idx], where,
                "T" if as_tensor else _num_kind(*rest))
    count = res[0]      # iterations run: the target's last value is start + (count - 1) * step
    last = index(jnp.maximum(count, 1) - 1)
    if live[0] and target is not UNDEF and _kind(target) in "NTA" and np.shape(_unwrap(target)) == ():
        prev = jnp.asarray(_unwrap(target))
        if np.dtype(prev.dtype).kind in "iu":
            sel = jnp.where(count > 0, _unwrap(last), prev.astype(dt))
            last = Tensor._wrap(sel) if as_tensor else sel
    return (last,) + tuple(full(res[1:]))


# --- what a compiled call returns -------------------------------------------------------------
class _OrderedDictNode:
    """A dict output of a compiled call: a pytree in insertion order (JAX sorts dict keys)
    that the caller turns into a plain ``dict`` (:func:`plain_dicts`) once the call returns: jit's
    cached C++ dispatch path sorts the keys of a dict made while unflattening."""
    __slots__ = ("keys", "values")

    def __init__(self, items):
        items = list(items)
        self.keys = tuple(k for k, _ in items)
        self.values = [v for _, v in items]


class _HostArray:
    """A numpy array output of a compiled call: a constant of the compiled signature that
    unflattens to the array itself (MindSpore returns such values as numpy arrays)."""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


jax.tree_util.register_pytree_node(
    _OrderedDictNode, lambda d: (d.values, d.keys), lambda keys, vals: _OrderedDictNode(zip(keys, vals)))
jax.tree_util.register_pytree_node(_HostArray, lambda h: ((), h), lambda h, _: h.value)

_AS_TUPLE = (range, zip, map, enumerate, type(iter(())), type(iter([])), type(iter(range(0))), type({}.keys()),
             type({}.values()))
_AS_LIST = (filter, types.GeneratorType, type({}.items()))


def graph_outputs(out):
    """``out`` as a compiled MindSpore graph returns it: a Parameter of the network's state
    returned alone as itself (the caller turns it into a Tensor of its new value when the call
    wrote it), any other Parameter as a plain Tensor of its value at that point,
    range/zip/map/enumerate/iterator/dict-view results as tuples (items
    as a list), filter and generator results as lists, numpy scalars as Python numbers; dicts
    keep their insertion order and numpy arrays stay numpy arrays."""
    if isinstance(out, Parameter) and not (out._ephemeral or out._trace_local):
        return out
    return _graph_output(out)


def _graph_output(out):
    if isinstance(out, RuntimeStr):
        out._needs_text()
    if isinstance(out, Parameter):
        return Tensor._wrap(out._data)
    if isinstance(out, Tensor):
        return out
    if isinstance(out, _AS_TUPLE):
        return tuple(_graph_output(v) for v in out)
    if isinstance(out, _AS_LIST):
        return [_graph_output(v) for v in out]
    if type(out) is tuple:
        return tuple(_graph_output(v) for v in out)
    if type(out) is list:
        return [_graph_output(v) for v in out]
    if type(out) is dict:
        return _OrderedDictNode((k, _graph_output(v)) for k, v in out.items())
    if isinstance(out, (list, tuple, dict)) and (is_mutable_container(out) or jax.tree_util.treedef_is_leaf(
            jax.tree_util.tree_structure(out))):
        # ``mutable`` containers and subclasses JAX does not know come back as their plain container
        # (a namedtuple, an OrderedDict keep their type)
        if isinstance(out, dict):
            return _OrderedDictNode((k, _graph_output(v)) for k, v in out.items())
        return [_graph_output(v) for v in out] if isinstance(out, list) else tuple(_graph_output(v) for v in out)
    if isinstance(out, np.generic):
        return out.item()
    if type(out) is np.ndarray:
        return _HostArray(out)
    return out


def plain_dicts(out):
    """``out`` with every :class:`_OrderedDictNode` of a compiled call's result as a ``dict``."""
    t = type(out)
    if t is _OrderedDictNode:
        return {k: plain_dicts(v) for k, v in zip(out.keys, out.values)}
    if t is tuple:
        return tuple(plain_dicts(v) for v in out)
    if t is list:
        return [plain_dicts(v) for v in out]
    return out


def run_eagerly(fn, args, kwargs):
    """``fn(*args, **kwargs)`` for a compiled call that runs eagerly (JIT Fallback): graph
    semantics inside (``in_compiled()``), graph-output types for the results."""
    with running_eagerly():
        return graph_results(fn(*args, **kwargs))


def graph_results(out):
    """:func:`graph_outputs` for a call that ran eagerly (JIT Fallback): the same types, as
    plain Python containers."""
    leaves, treedef = jax.tree_util.tree_flatten(graph_outputs(out), is_leaf=lambda x: isinstance(x, Tensor))
    return plain_dicts(jax.tree_util.tree_unflatten(treedef, leaves))
