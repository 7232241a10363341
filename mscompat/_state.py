"""State threading: the one mechanism under every transform (DESIGN section 2).

MindSpore programs mutate Parameters and draw random numbers from global state; JAX
transforms pure functions. Every transform (GRAPH_MODE cells, ``ms.jit``, ``grad``,
``vmap``, ``recompute``, the training loops) runs the user's function inside a
:class:`Scope`:

1. the Parameters the function touches are *bound* to arrays (traced ones under
   ``jax.jit``/``jax.vjp``) for the duration of the call;
2. reads of a Parameter (``Parameter._data``) return its binding; writes
   (``set_data``, ``ops.assign``, index assignment, ...) are recorded as new bindings
   instead of being performed;
3. the global RNG key is bound the same way, so compiled code takes the key as an input
   and returns the new one;
4. the caller returns the recorded writes from its pure function and writes them back
   after the call (:meth:`Scope.commit`).

A *strict* scope (a compiled call) raises :class:`UnknownParameter` when the function
touches a Parameter it was not given, so the caller can discover the full state
(:func:`discover`) and trace again; a *lenient* scope (``grad``, ``vmap``) passes such
reads to the enclosing scope, or to the Parameter's own value when there is none, and
records writes all the same.

Scopes are per thread (the current scope and the RNG key binding are thread-local), so
threads that train or predict at once never see each other's tracers. A Parameter created
while a scope is active (``nn.Dense(4, 2)(x)`` inside a compiled function) is *local* to
that call: its initial value is a constant of the traced program and its writes are not
state, as in MindSpore, where such weights are constants of the compiled graph.

>>> import mscompat as ms
>>> from mscompat import _state
>>> p = ms.Parameter(ms.Tensor([1.0]), name="p")
>>> with _state.Scope([p], [p._value * 3]) as s:
...     _ = p.set_data(p + 1)
>>> float(p.asnumpy()[0]), float(s.updates([p])[0][0])
(1.0, 4.0)
"""

import jax

from .common._scope import _CURRENT, ACTIVE_SCOPES, compiling, count_scope
from .common.seed import _state as _rng, _random_key, bind_key, unbind_key

__all__ = ["Scope", "UnknownParameter", "current", "tracing", "compiling", "discover"]


_SENTINEL = object()


class UnknownParameter(Exception):
    """A strict scope met a Parameter it was not given.

    The scope also remembers it (``Scope.missing``), so a user ``except Exception`` block in
    traced code that swallows it does not hide the Parameter: the compiled call raises it again
    when the function returns, discovers the state and traces again."""

    def __init__(self, param):
        super().__init__(f"Parameter {param.name!r} is not part of the traced state")
        self.param = param


def current():
    """The innermost active scope, or ``None`` outside every transform."""
    return _CURRENT.value


def tracing():
    """True while a transform (compiled call, grad, vmap, ...) is running a function."""
    return _CURRENT.value is not None


class Scope:
    """Bindings of Parameters (and the RNG key) for one transformed call.

    Args:
        params: the Parameters to bind.
        values: their arrays, in the same order.
        strict: raise :class:`UnknownParameter` for any other Parameter touched.
        key: if given, the RNG key to bind for the call; ``key_out`` holds the new key
            after the scope exits.
    """

    __slots__ = ("parent", "values", "params", "written", "strict", "found", "key", "key_out",
                 "differentiable", "missing", "attrs")

    def __init__(self, params=(), values=(), strict=False, key=None, differentiable=False):
        self.params = {id(p): p for p in params}
        self.values = {id(p): v for p, v in zip(params, values)}
        self.written = {}          # id -> Parameter, in order of first write
        self.found = {}            # id -> Parameter touched but not given (lenient scopes)
        self.strict = strict
        self.key = key
        self.key_out = None
        self.parent = None
        self.differentiable = differentiable
        self.missing = None        # the first UnknownParameter raised (strict scopes)
        self.attrs = None          # (id, name) -> (obj, name, old value): attributes set while traced (root)

    # --- activation ------------------------------------------------------------------
    def __enter__(self):
        count_scope(1)
        self.parent = _CURRENT.value
        _CURRENT.value = self
        if self.key is not None:
            bind_key(self.key)
        return self

    def __exit__(self, *exc):
        _CURRENT.value = self.parent
        count_scope(-1)
        if self.key is not None:
            self.key_out = unbind_key()
        if self.attrs and self.parent is None:
            # the end of an eager transform (grad, vmap in PyNative): no tracer stays in an attribute
            settle_attrs(self.attrs)
            self.attrs = None
        return False

    # --- Parameter access (called by Parameter._data) -----------------------------------
    def _unknown(self, param):
        err = UnknownParameter(param)
        if self.missing is None:
            self.missing = err
        return err

    def read(self, param):
        v = self.values.get(id(param), _SENTINEL)
        if v is not _SENTINEL:
            return v
        if param._trace_local:
            # created while tracing: a constant of this call (its value when created)
            v = self.values[id(param)] = param._value
            return v
        if self.strict:
            raise self._unknown(param)
        self.found.setdefault(id(param), param)
        if self.parent is not None:
            return self.parent.read(param)
        return param._value

    def write(self, param, value):
        pid = id(param)
        if param._trace_local:     # not state: the write lives as long as the call
            self.values[pid] = value
            return
        if self.differentiable:
            value = _write_gradient(value, self.read(param))
        if pid not in self.values:
            if self.strict:
                raise self._unknown(param)
            self.found.setdefault(pid, param)
            self.params[pid] = param
        self.values[pid] = value
        self.written.setdefault(pid, param)

    def check_complete(self):
        """Raise the :class:`UnknownParameter` met during the call, even if user code caught it."""
        if self.missing is not None:
            raise self.missing

    # --- results -------------------------------------------------------------------------
    def updates(self, params):
        """New values of ``params`` in order, ``None`` for those not written."""
        written, values = self.written, self.values
        return tuple(values[id(p)] if id(p) in written else None for p in params)

    def written_params(self):
        """The Parameters written in this scope, in order of first write."""
        return list(self.written.values())

    def written_values(self):
        return [self.values[pid] for pid in self.written]

    def commit(self):
        """Perform the recorded writes (into the enclosing scope, or the Parameters)."""
        for pid, param in self.written.items():
            param._data = self.values[pid]


@jax.custom_jvp
def _routed(new, old):
    return new


@_routed.defjvp
def _routed_jvp(primals, tangents):
    # the primal output goes through _routed again, so that higher-order derivatives route too
    return _routed(*primals), tangents[1]


def _write_gradient(new, old):
    """The value a write binds inside a differentiated function (``Scope(differentiable=True)``).

    As in MindSpore (whose ``Assign`` passes the output gradient to the variable and none to
    the value): no gradient flows from the written value to what it was computed from, and a
    later read of the Parameter carries its gradient to the Parameter's value before the write
    (so every read of a differentiated Parameter, before or after a write, counts toward its
    gradient).
    """
    if not hasattr(new, "dtype") or not jax.numpy.issubdtype(new.dtype, jax.numpy.inexact):
        return new
    if old is not None and getattr(old, "shape", None) == new.shape and old.dtype == new.dtype:
        return _routed(new, old)
    return jax.lax.stop_gradient(new)


_MISSING = object()


def record_attr(obj, name):
    """``obj.name`` is about to be set to a traced value in a compiled call: the root scope of
    this thread remembers its old value (:func:`restore_attrs` puts it back after the trace)."""
    s = _CURRENT.value
    while s.parent is not None:
        s = s.parent
    if s.attrs is None:
        s.attrs = {}
    s.attrs.setdefault((id(obj), name), (obj, name, obj.__dict__.get(name, _MISSING)))


def restore_attrs(recorded):
    """Put back the old values of recorded attributes; returns ``[(obj, name, traced value)]``."""
    out = []
    for obj, name, old in recorded.values():
        d = obj.__dict__
        new = d.get(name, _MISSING)
        if old is _MISSING:
            d.pop(name, None)
        else:
            d[name] = old
        if new is not _MISSING:
            out.append((obj, name, new))
    return out


def concrete(a):
    """The value under the tracers of an eager differentiation (``grad`` in PyNative), or ``None``
    when there is none (inside a compiled or vectorized call)."""
    while isinstance(a, jax.core.Tracer):
        a = getattr(a, "primal", None)
        if a is None:
            return None
    return a


def settle_attrs(recorded):
    """Attributes set to traced values during an eager transform: each keeps its value (concrete
    Tensors) where there is one, else gets its old value back."""
    def is_leaf(x):
        return isinstance(x, jax.core.Tracer) or hasattr(type(x), "_wrap")

    for obj, name, old in recorded.values():
        d = obj.__dict__
        new = d.get(name, _MISSING)
        if new is _MISSING:
            continue
        lost = []

        def settle(leaf):
            data = leaf if isinstance(leaf, jax.core.Tracer) else getattr(leaf, "_data", None)
            if not isinstance(data, jax.core.Tracer):
                return leaf
            value = concrete(data)
            if value is None:
                lost.append(leaf)
                return leaf
            return value if leaf is data else type(leaf)._wrap(value)

        new = jax.tree_util.tree_map(settle, new, is_leaf=is_leaf)
        if lost:
            if old is _MISSING:
                d.pop(name, None)
            else:
                d[name] = old
        else:
            d[name] = new


def discover(call, leaves, known=()):
    """The Parameters ``call(leaves)`` reads or writes, found by an abstract trace.

    ``leaves`` are the call's array inputs (traced abstractly); ``known`` Parameters come
    first, in their order; the others follow in the order the function first touches them.
    """
    found = {id(p): p for p in known}

    def probe(leaves):
        with Scope(strict=False, key=ensure_key()) as s:
            try:
                call(leaves)
            finally:
                if s.attrs:
                    restore_attrs(s.attrs)
                    s.attrs = None
        for p in list(s.found.values()) + s.written_params():
            found.setdefault(id(p), p)
        return None

    jax.eval_shape(probe, leaves)
    return list(found.values())


def ensure_key():
    """The global RNG key, created from OS entropy if no seed was ever set."""
    key = _rng["key"]       # one read of the (per-thread bound or global) key on the common path
    if key is None:
        _rng["key"] = _random_key()
        key = _rng["key"]
    return key
