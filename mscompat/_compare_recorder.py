"""The recording driver of ``python -m mscompat.compare``: runs a MindSpore script on one side.

Executed as a file, never imported as part of the mscompat package, so that the same driver
runs under real MindSpore's interpreter (which has no JAX) and under mscompat::

    python _compare_recorder.py --side mindspore --out DIR [options] -- script.py [args]
    python _compare_recorder.py --side mscompat  --out DIR --ref MS_DIR [options] -- script.py [args]

While the script runs, every Primitive call, every function of the public functional namespaces
(``ops``, ``ops.functional``, ``mint``, ``mint.nn.functional``), the arithmetic operators of
``Tensor`` and every ``Cell.__call__`` is recorded: the op name, the Cell path it ran in
(``network._backbone.conv2``), the first source line outside the framework, and its inputs and
outputs as numpy arrays. Only the outermost op of a nest is recorded (a functional op calling a
Primitive is one event). The records go to ``DIR/events.json`` and ``DIR/arrays.npz``.

Determinism: ``random``, ``numpy.random`` are seeded identically on both sides and the script's
own ``set_seed`` calls run unchanged; the two frameworks' random generators still differ, so the
MindSpore side saves every Parameter's value at the first call of the outermost Cell that owns it,
and the mscompat side loads those values into its Parameters at the same point (matched by
parameter name and order). Ops that draw random numbers are marked ``random`` and not compared;
on the mscompat side each one returns MindSpore's draw of the aligned call instead of its own
(dropout as ``x * (MindSpore's output / x)``, so that its gradient uses MindSpore's mask too),
unless ``--no-replay``.

By default both sides run eagerly (PyNative): ``set_context(mode=GRAPH_MODE)`` is turned into
PyNative, ``jit`` decorates nothing and ``Model.train`` does not sink, so that every op is
visible. With ``--keep-modes`` the script's modes stay and compiled calls are recorded per
outermost Cell only.

The imports of JAX, mscompat and MindSpore are inside the functions of their side on purpose:
the file must import under either interpreter.
"""
import importlib
import inspect
import os
import sys

# Run as a file, this directory (mscompat/, with numpy/, context.py, ...) heads sys.path and would
# shadow the packages of the interpreter; the script's own directory replaces it below.
_HERE = os.path.dirname(os.path.abspath(__file__))
if __name__ == "__main__":
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

import argparse   # noqa: E402  pylint: disable=wrong-import-position
import json   # noqa: E402  pylint: disable=wrong-import-position
import linecache   # noqa: E402  pylint: disable=wrong-import-position
import random   # noqa: E402  pylint: disable=wrong-import-position
import runpy   # noqa: E402  pylint: disable=wrong-import-position
import sysconfig   # noqa: E402  pylint: disable=wrong-import-position
import threading   # noqa: E402  pylint: disable=wrong-import-position
import traceback   # noqa: E402  pylint: disable=wrong-import-position

import numpy as np   # noqa: E402  pylint: disable=wrong-import-position

# which ops draw random numbers (names normalised: lower case, no underscores)
RANDOM_OPS = frozenset("""
dropout dropout1d dropout2d dropout3d dropoutgenmask dropoutdomask alphadropout featurealphadropout
standardnormal standardlaplace uniformreal uniformint uniform normal randint randn rand randintlike
randlike randnlike randperm randomchoicewithmask randomcategorical multinomial multinomialwithreplacement
gamma randomgamma poisson randompoisson bernoulli shuffle randomshuffle laplace lognormal
truncatednormal rrelu gumbelsoftmax
""".split())

_RANDOM_PREFIXES = ("dropout", "random", "normal", "uniform", "multinomial", "bernoulli", "randperm", "randint",
                    "poisson", "truncatednormal")


def random_kind(norm):
    """``"dropout"`` for dropout-like ops (``x`` times a random mask), ``"draw"`` for other ops
    that draw random numbers, None for deterministic ones; ``norm`` is a :func:`norm_name`."""
    n = norm[4:] if norm.startswith("func") else norm
    n = n[7:] if n.startswith("inplace") else n
    for suffix in ("ext", "v2", "like"):
        if n.endswith(suffix) and len(n) > len(suffix):
            n = n[:-len(suffix)]
    if "grad" in n or "domask" in n:
        return None
    if n.startswith("dropout") and "genmask" not in n or n in ("alphadropout", "featurealphadropout"):
        return "dropout"
    if n in RANDOM_OPS or n.startswith(_RANDOM_PREFIXES):
        return "draw"
    return None


_TENSOR_OPERATORS = ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
                     "__rtruediv__", "__matmul__", "__rmatmul__", "__neg__", "__pow__", "__rpow__",
                     "__floordiv__", "__mod__")
_FUNCTIONAL_MODULES = ("ops", "ops.functional", "mint", "mint.nn.functional")


def norm_name(name):
    """The name two frameworks' forms of one op share: ``ReLU``, ``relu`` -> ``relu``;
    ``BiasAdd``, ``bias_add`` -> ``biasadd``; ``Tensor.__add__`` -> ``add``."""
    n = name.rsplit(".", 1)[-1].strip("_").lower().replace("_", "")
    if n.startswith("r") and name.endswith("__") and n[1:] in ("add", "sub", "mul", "truediv", "matmul", "pow"):
        n = n[1:]
    return n


def event_key(ev):
    """What aligns an event of one side with the other's: the outermost Cell call it belongs to,
    the Cell path and that Cell's call number, and for ops the op and its occurrence there."""
    if ev["kind"] == "op":
        return (ev["root"], ev["cell"], ev["cell_occ"], "op", ev["norm"], ev["occ"])
    return (ev["root"], ev["cell"], ev["cell_occ"], ev["kind"])


class Recorder:
    """Collects the events of one run (one thread at a time records; other threads pass)."""

    def __init__(self, side, max_records, max_elements, ref_params=None, max_bytes=1 << 30):
        self.side = side
        self.max_records = max_records
        self.max_elements = max_elements
        self.max_bytes = max_bytes        # memory budget of the stored arrays
        self.nbytes = 0
        self.events = []
        self.arrays = {}
        self.truncated = False
        self.stopped = False
        self.errors = []
        self.notes = set()
        self.crash = None
        self.ref_params = ref_params      # mscompat side: {key: array} saved by MindSpore
        self.saved_params = {}            # mindspore side: {key: array}
        self.synced, self.unsynced = [], []
        self._param_keys = {}             # id(Parameter) -> key
        self._name_count = {}
        self._keep = []                   # keeps the Parameters whose ids are keys alive
        self._tls = threading.local()
        self._main = threading.get_ident()
        self._root_count = {}
        self.skip_dirs = ()
        self.tensor_types = ()
        self.to_numpy = None              # framework value -> numpy array, or None when not concrete
        self.is_tracing = lambda: False
        self.set_param = None
        self.ref_events = {}              # mscompat side: MindSpore's events by event_key
        self.ref_arrays = None
        self.replay = None                # mscompat side: replay(out, args, ref arrays, multiplicative)

    # --- per-thread state ---------------------------------------------------------------
    def _state(self):
        st = getattr(self._tls, "st", None)
        if st is None:
            st = self._tls.st = {"stack": [], "in_op": 0, "root": "<script>", "cell_occ": {}, "op_occ": [{}]}
        return st

    def active(self):
        return threading.get_ident() == self._main and not (self.truncated or self.stopped)

    # --- values ---------------------------------------------------------------------------
    def _flatten(self, value, out, depth=0):
        if isinstance(value, self.tensor_types):
            out.append(self.to_numpy(value))
        elif isinstance(value, (bool, int, float, np.number, np.bool_)) and not isinstance(value, type):
            out.append(np.asarray(value))
        elif isinstance(value, np.ndarray):
            out.append(value)
        elif isinstance(value, (tuple, list)) and depth < 4:
            for v in value:
                self._flatten(v, out, depth + 1)
        elif isinstance(value, dict) and depth < 4:
            for k in sorted(value, key=str):
                self._flatten(value[k], out, depth + 1)
        return out

    def _store(self, prefix, values):
        """Store arrays under ``prefix``; returns their descriptions (None for non-concrete)."""
        descs = []
        for j, a in enumerate(values):
            if a is None:
                descs.append(None)
                continue
            a = np.asarray(a)
            if a.dtype.kind not in "biufc":
                try:
                    a = a.astype(np.float32)     # bfloat16 and other extension floats
                except (TypeError, ValueError):  # strings, objects: not compared
                    descs.append(None)
                    continue
            d = {"shape": list(a.shape), "dtype": str(a.dtype), "size": int(a.size)}
            if a.dtype.kind in "fc" and a.size:
                f = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
                d["finite"] = bool(np.isfinite(f).all())
            key = f"{prefix}_{j}"
            if a.size > self.max_elements:
                step = -(-a.size // self.max_elements)
                a = a.reshape(-1)[::step]
                d["stride"] = step
            self.arrays[key] = a
            self.nbytes += a.nbytes
            d["key"] = key
            descs.append(d)
        return descs

    def source(self):
        """``(file, line, text)`` of the innermost frame outside the frameworks and this driver."""
        f = sys._getframe(2)
        while f is not None:
            fn = f.f_code.co_filename
            if not fn.startswith(self.skip_dirs) and not fn.startswith("<"):
                line = f.f_lineno
                return os.path.relpath(fn) if not os.path.relpath(fn).startswith("..") else fn, line, \
                    linecache.getline(fn, line).strip()
            f = f.f_back
        return "?", 0, ""

    def _event(self, kind, name, inputs, output, src=None, cell_class=None):
        st = self._state()
        if len(self.events) >= self.max_records or self.nbytes >= self.max_bytes:
            self.truncated = True
            return None
        path = st["stack"][-1][0] if st["stack"] else ""
        norm = norm_name(name) if kind == "op" else name
        if kind == "op":
            occ = st["op_occ"][-1]
            n = occ.get(norm, 0)
            occ[norm] = n + 1
        else:
            n = None
        file, line, text = src or self.source()
        i = len(self.events)
        ev = {"i": i, "kind": kind, "name": name, "norm": norm, "root": st["root"], "cell": path,
              "cell_occ": st["stack"][-1][1] if st["stack"] else 0, "occ": n,
              "file": file, "line": line, "code": text, "random": kind == "op" and random_kind(norm) is not None}
        if cell_class is None and st["stack"]:
            cell_class = type(st["stack"][-1][2]).__name__
        if cell_class:
            ev["cell_class"] = cell_class
        ev["ins"] = self._store(f"e{i}_in", inputs)
        ev["outs"] = self._store(f"e{i}_out", output)
        self.events.append(ev)
        return ev

    def _replay_random(self, ev, out, args):
        """Give a random op MindSpore's draw (its output at the aligned event): dropout-like ops
        as ``x * (MindSpore's output / x)`` so that gradients use MindSpore's mask too."""
        ref = self.ref_events.get(event_key(ev))
        if ref is None or self.replay is None:
            return out, False
        arrays = []
        for d in ref["outs"]:
            if d is None or d.get("stride"):
                return out, False
            arrays.append(self.ref_arrays[d["key"]])
        dropout = random_kind(ev["norm"]) == "dropout"
        # dropout's mask is MindSpore's output over MindSpore's own input: dividing by this side's
        # input instead turns float32 rounding near 0 into a wrong mask (and a false divergence)
        ref_in = next((self.ref_arrays[d["key"]] for d in ref.get("ins", ())
                       if d and "key" in d and not d.get("stride")), None) if dropout else None
        new = self.replay(out, args, arrays, dropout, ref_in)
        return (out, False) if new is None else (new, True)

    # --- wrappers -------------------------------------------------------------------------
    def call_op(self, name, fn, args, kwargs):
        """Run ``fn(*args, **kwargs)`` as the op ``name`` and record it (outermost ops only)."""
        if not self.active() or self.is_tracing():
            return fn(*args, **kwargs)
        st = self._state()
        if st["in_op"] or not st["stack"] and sys._getframe(2).f_code.co_filename.startswith(self.skip_dirs):
            # nested in another op, or called by framework code outside every Cell (Model's
            # bookkeeping, a layer's constructor): not the script's op, and not on both sides alike
            return fn(*args, **kwargs)
        st["in_op"] += 1           # also while recording: a conversion must not record itself
        try:
            out = fn(*args, **kwargs)
            try:
                ins = self._flatten(list(args) + [kwargs[k] for k in sorted(kwargs)], [])
                ev = self._event("op", name, ins, self._flatten(out, []))
                if ev is not None and ev["random"] and self.ref_arrays is not None:
                    out, ev["replayed"] = self._replay_random(ev, out, list(args) + list(kwargs.values()))
            except Exception:   # pylint: disable=broad-except   # never break the script
                self.errors.append(f"{name}: {traceback.format_exc(limit=2)}")
        finally:
            st["in_op"] -= 1
        return out

    def wrap_op(self, fn, name):
        rec = self

        def recorded(*args, **kwargs):
            return rec.call_op(name, fn, args, kwargs)

        for attr in ("__name__", "__qualname__", "__doc__", "__module__"):
            try:
                setattr(recorded, attr, getattr(fn, attr))
            except (AttributeError, TypeError):
                pass
        recorded.__wrapped__ = fn
        recorded._compare_recorded = True
        return recorded

    def wrap_primitive_call(self, call):
        rec = self

        def __call__(prim, *args, **kwargs):
            return rec.call_op(type(prim).__name__, call, (prim,) + args, kwargs)

        __call__.__wrapped__ = call
        __call__._compare_recorded = True
        return __call__

    def _child_name(self, cell):
        st = self._state()
        if not st["stack"]:
            return None
        parent = st["stack"][-1][2]
        try:
            for name, c in parent.name_cells().items():
                if c is cell:
                    return name
            for name, c in parent.cells_and_names():
                if c is cell and name:
                    return name
        except Exception:   # pylint: disable=broad-except
            pass
        return f"<{type(cell).__name__}>"

    def wrap_cell_call(self, call):
        rec = self

        def __call__(cell, *args, **kwargs):
            if not rec.active() or rec.is_tracing():
                return call(cell, *args, **kwargs)
            st = rec._state()
            if st["in_op"]:
                return call(cell, *args, **kwargs)
            is_root = not st["stack"]
            src = rec.source()
            if is_root:
                cls = type(cell).__name__
                k = rec._root_count.get(cls, 0)
                rec._root_count[cls] = k + 1
                saved_root = st["root"], st["cell_occ"]
                st["root"], st["cell_occ"] = f"{cls}#{k}", {}
                path = ""
                st["in_op"] += 1
                try:
                    rec.sync_params(cell)
                except Exception:   # pylint: disable=broad-except
                    rec.errors.append(f"parameter sync: {traceback.format_exc(limit=3)}")
                try:
                    before = rec.snapshot(cell)
                finally:
                    st["in_op"] -= 1
            else:
                parent = st["stack"][-1][0]
                name = rec._child_name(cell)
                path = f"{parent}.{name}" if parent else name
            occ = st["cell_occ"].get(path, 0)
            st["cell_occ"][path] = occ + 1
            st["stack"].append((path, occ, cell))
            st["op_occ"].append({})
            try:
                out = call(cell, *args, **kwargs)
            except BaseException:
                st["stack"].pop()
                st["op_occ"].pop()
                if is_root:
                    st["root"], st["cell_occ"] = saved_root
                raise
            st["stack"].pop()
            st["op_occ"].pop()
            st["in_op"] += 1
            try:
                ins = rec._flatten(list(args) + [kwargs[k] for k in sorted(kwargs)], []) if is_root else []
                st["stack"].append((path, occ, cell))
                try:
                    rec._event("cell", path or "<root>", ins, rec._flatten(out, []), src=src,
                               cell_class=type(cell).__name__)
                    if is_root and before:
                        rec.record_update(before, src, type(cell).__name__)
                finally:
                    st["stack"].pop()
            except Exception:   # pylint: disable=broad-except
                rec.errors.append(f"cell {path}: {traceback.format_exc(limit=2)}")
            finally:
                st["in_op"] -= 1
                if is_root:
                    st["root"], st["cell_occ"] = saved_root
            return out

        __call__.__wrapped__ = call
        __call__._compare_recorded = True
        return __call__

    # --- parameters -----------------------------------------------------------------------
    def snapshot(self, cell):
        """``[(name, Parameter, value)]`` of ``cell``'s Parameters before an outermost call."""
        if self.max_bytes <= self.nbytes:
            return []
        try:
            return [(p.name, p, np.array(self.to_numpy(p), copy=True)) for _, p in cell.parameters_and_names()]
        except Exception:   # pylint: disable=broad-except
            self.errors.append(f"parameter snapshot: {traceback.format_exc(limit=2)}")
            return []

    def record_update(self, before, src, cell_class):
        """The event ``update``: how an outermost call changed its Parameters (new - old, for
        those that changed), which an optimizer step hides in tiny relative changes of the weights."""
        names, deltas = [], []
        for name, p, old in before:
            new = self.to_numpy(p)
            if new is None or new.shape != old.shape:
                continue
            if new.dtype.kind in "fc":
                d = new.astype(np.float64 if new.dtype.itemsize < 8 else new.dtype) - old
            else:
                d = (new != old).astype(np.int8) if new.dtype.kind == "b" else new.astype(np.int64) - old
            if d.any():
                names.append(name)
                deltas.append(d.astype(new.dtype) if new.dtype.kind == "f" and new.dtype.itemsize >= 4 else d)
        ev = self._event("update", "<parameter update>", [], deltas, src=src, cell_class=cell_class)
        if ev is not None:
            ev["params"] = names

    def sync_params(self, cell):
        """At the first call of an outermost Cell: save (MindSpore) or load (mscompat) the
        values of its Parameters not seen before."""
        for _, p in cell.parameters_and_names():
            if id(p) in self._param_keys:
                continue
            name = getattr(p, "name", "?")
            n = self._name_count.get(name, 0)
            self._name_count[name] = n + 1
            key = f"{name}#{n}"
            self._param_keys[id(p)] = key
            self._keep.append(p)
            if self.ref_params is None:
                self.saved_params[key] = np.array(self.to_numpy(p), copy=True)
            elif key in self.ref_params and tuple(self.ref_params[key].shape) == tuple(p.shape):
                self.set_param(p, self.ref_params[key])
                self.synced.append(name)
            else:
                self.unsynced.append(name)


def _subclasses(cls):
    seen, todo = set(), [cls]
    while todo:
        c = todo.pop()
        for s in c.__subclasses__():
            if s not in seen:
                seen.add(s)
                todo.append(s)
    return seen


def _force_eager(ms, rec_notes):
    """PyNative everywhere: set_context(mode=GRAPH_MODE) -> PYNATIVE_MODE, jit -> the function
    itself, Model.train/eval without sinking."""
    ctx_mod = sys.modules[ms.set_context.__module__]
    orig_set_context = ms.set_context

    def set_context(*args, **kwargs):
        if kwargs.get("mode") == ms.GRAPH_MODE:
            kwargs["mode"] = ms.PYNATIVE_MODE
            rec_notes.add("GRAPH_MODE requested by the script; ran in PYNATIVE_MODE to record every op")
        return orig_set_context(*args, **kwargs)

    for mod in (ms, ctx_mod, getattr(ms, "context", None)):
        if mod is not None and getattr(mod, "set_context", None) is orig_set_context:
            mod.set_context = set_context
    orig_set_context(mode=ms.PYNATIVE_MODE)

    orig_jit = ms.jit

    def jit(function=None, *args, **kwargs):
        rec_notes.add("jit-decorated functions ran eagerly")
        if function is None or not callable(function):
            return lambda f: f
        return function

    for mod in (ms, getattr(ms, "common", None), sys.modules.get(orig_jit.__module__)):
        if mod is not None and getattr(mod, "jit", None) is orig_jit:
            mod.jit = jit

    model_cls = getattr(getattr(ms, "train", None), "Model", None)
    if model_cls is not None:
        for meth in ("train", "eval", "fit"):
            orig = getattr(model_cls, meth, None)
            if orig is None:
                continue
            sig = inspect.signature(orig)
            if "dataset_sink_mode" not in sig.parameters:
                continue

            def no_sink(self, *args, __orig=orig, __sig=sig, **kwargs):
                bound = __sig.bind(self, *args, **kwargs)
                for k in ("dataset_sink_mode", "valid_dataset_sink_mode"):
                    if bound.arguments.get(k):
                        bound.arguments[k] = False
                        rec_notes.add("Model ran without dataset sinking")
                return __orig(*bound.args, **bound.kwargs)

            no_sink.__wrapped__ = orig
            setattr(model_cls, meth, no_sink)


def install(rec, ms, eager):
    """Wrap the framework ``ms`` (real MindSpore or the aliased mscompat) for recording."""
    if eager:
        _force_eager(ms, rec.notes)
    else:
        rec.notes.add("modes kept: compiled calls are compared per outermost Cell")
    prim_base = ms.ops.Primitive
    for cls in [prim_base] + sorted(_subclasses(prim_base), key=lambda c: c.__qualname__):
        call = cls.__dict__.get("__call__")
        if call is not None and not getattr(call, "_compare_recorded", False):
            cls.__call__ = rec.wrap_primitive_call(call)
    for modname in _FUNCTIONAL_MODULES:
        try:
            mod = importlib.import_module(f"{ms.__name__}.{modname}")
        except Exception:   # pylint: disable=broad-except
            continue
        for name in list(getattr(mod, "__all__", None) or vars(mod)):
            fn = getattr(mod, name, None)
            if (name.startswith("_") or isinstance(fn, type) or not callable(fn)
                    or getattr(fn, "_compare_recorded", False) or not hasattr(fn, "__code__")):
                continue
            setattr(mod, name, rec.wrap_op(fn, name))
    tensor = ms.Tensor
    for name in _TENSOR_OPERATORS:
        for cls in (tensor,) + tuple(c for c in tensor.__mro__[1:] if name in c.__dict__ and c is not object):
            meth = cls.__dict__.get(name)
            if meth is not None and callable(meth) and not getattr(meth, "_compare_recorded", False):
                try:
                    setattr(cls, name, rec.wrap_op(meth, f"Tensor.{name}"))
                except (TypeError, AttributeError):
                    pass
                break
    cell = ms.nn.Cell
    cell.__call__ = rec.wrap_cell_call(cell.__dict__["__call__"])


def _framework_dirs(mods):
    dirs = set()
    for m in mods:
        for p in getattr(m, "__path__", []) or []:
            dirs.add(os.path.realpath(p) + os.sep)
            dirs.add(os.path.abspath(p) + os.sep)
        f = getattr(m, "__file__", None)
        if f:
            dirs.add(os.path.dirname(os.path.realpath(f)) + os.sep)
    return dirs


def _setup_mindspore(rec):
    import mindspore as ms   # pylint: disable=import-outside-toplevel  (real MindSpore: only on this side)
    tensor_types = (ms.Tensor,)
    stub = getattr(getattr(ms.common, "_stub_tensor", None), "StubTensor", None)
    if stub is not None:
        tensor_types += (stub,)
    rec.tensor_types = tensor_types

    def to_numpy(t):
        # a copy: on CPU asnumpy() shares the Tensor's memory, which later in-place updates
        # (an optimizer step) would change under the record
        if t.dtype == ms.bfloat16:      # numpy has no bfloat16
            t = t.astype(ms.float32)
        return np.array(t.asnumpy(), copy=True)

    rec.to_numpy = to_numpy
    rec.skip_dirs = tuple(_framework_dirs([ms]))
    return ms


def _setup_mscompat(rec, inject):
    # Imported here, not at the top: this file also runs under real MindSpore's interpreter,
    # which has neither JAX nor mscompat.
    from mscompat import alias, _graph_print   # pylint: disable=import-outside-toplevel
    import jax                                  # pylint: disable=import-outside-toplevel
    alias.install()
    os.environ.update(alias.child_environ())
    for path in inject:
        runpy.run_path(path, run_name="__compare_inject__")
    import mindspore as ms   # the alias: mscompat
    tracer = jax.core.Tracer

    def to_numpy(t):
        a = t._data                                        # pylint: disable=protected-access
        while isinstance(a, tracer):
            a = getattr(a, "primal", None)                 # JVP / linearize tracers under grad
        return None if a is None else np.array(a, copy=True)

    def set_param(p, value):
        p.set_data(ms.Tensor(value))

    def replay(out, args, refs, multiplicative, ref_in=None):
        import jax.numpy as jnp   # pylint: disable=import-outside-toplevel  (mscompat side only)
        tensor = ms.Tensor
        single = isinstance(out, tensor)
        outs = [out] if single else list(out) if isinstance(out, (tuple, list)) else None
        if outs is None or len(outs) != len(refs) or not all(isinstance(o, tensor) for o in outs):
            return None
        x = next((a for a in args if isinstance(a, tensor)), None)
        new = []
        for k, (o, r) in enumerate(zip(outs, refs)):
            od = o._data                                   # pylint: disable=protected-access
            if tuple(r.shape) != tuple(od.shape):
                return None
            rv = jnp.asarray(r).astype(od.dtype)
            if jnp.issubdtype(od.dtype, jnp.inexact):
                if multiplicative and k == 0 and x is not None and tuple(x.shape) == tuple(od.shape):
                    xd = x._data                           # pylint: disable=protected-access
                    if ref_in is not None and tuple(ref_in.shape) == tuple(od.shape):
                        xr = jnp.asarray(ref_in).astype(od.dtype)      # MindSpore's mask: out / in there
                    else:
                        xr = xd
                    nz = xr != 0
                    factor = jax.lax.stop_gradient(jnp.where(nz, rv / jnp.where(nz, xr, 1), 0).astype(od.dtype))
                    nd = jnp.where(nz, xd * factor, rv)
                else:
                    nd = od + jax.lax.stop_gradient(rv - od)
            else:
                nd = rv
            new.append(tensor._wrap(nd))                   # pylint: disable=protected-access
        return new[0] if single else type(out)(new)

    rec.tensor_types = (ms.Tensor,)
    rec.to_numpy = to_numpy
    rec.set_param = set_param
    rec.replay = replay
    rec.is_tracing = _graph_print.in_compiled
    pkgs = [m for n, m in list(sys.modules.items()) if n.startswith("mscompat") and hasattr(m, "__path__")]
    rec.skip_dirs = tuple(_framework_dirs(pkgs + [jax]))
    return ms


def main(argv=None):
    p = argparse.ArgumentParser(prog="_compare_recorder.py")
    p.add_argument("--side", choices=("mindspore", "mscompat"), required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--ref", help="the MindSpore side's record directory (its saved Parameters)")
    p.add_argument("--max-records", type=int, default=20000)
    p.add_argument("--max-elements", type=int, default=1 << 20)
    p.add_argument("--max-bytes", type=int, default=1 << 30)
    p.add_argument("--keep-modes", action="store_true")
    p.add_argument("--no-replay", action="store_true", help="random ops keep mscompat's own draws")
    p.add_argument("--inject", action="append", default=[])
    p.add_argument("script")
    p.add_argument("args", nargs=argparse.REMAINDER)
    a = p.parse_args(argv)

    here = _HERE
    os.makedirs(a.out, exist_ok=True)
    ref_params = None
    if a.side == "mscompat" and a.ref:
        with np.load(os.path.join(a.ref, "params.npz")) as z:
            ref_params = {k: z[k] for k in z.files}
    rec = Recorder(a.side, a.max_records, a.max_elements, ref_params, a.max_bytes)
    if a.side == "mscompat" and a.ref and not a.no_replay:
        with open(os.path.join(a.ref, "events.json"), encoding="utf-8") as f:
            rec.ref_events = {event_key(e): e for e in json.load(f)["events"] if e.get("random")}
        rec.ref_arrays = np.load(os.path.join(a.ref, "arrays.npz"))
    ms = _setup_mindspore(rec) if a.side == "mindspore" else _setup_mscompat(rec, a.inject)
    rec.skip_dirs += (here + os.sep, os.path.dirname(runpy.__file__) + os.sep,
                      sysconfig.get_paths()["stdlib"] + os.sep,
                      os.path.dirname(os.path.dirname(np.__file__)) + os.sep + "numpy" + os.sep)
    install(rec, ms, eager=not a.keep_modes)

    random.seed(0)
    np.random.seed(0)
    status, rc = "ok", 0
    sys.argv = [a.script] + list(a.args)
    sys.path.insert(0, os.path.dirname(os.path.abspath(a.script)))
    try:
        runpy.run_path(a.script, run_name="__main__")
    except SystemExit as e:
        if e.code not in (None, 0):
            status, rc = f"SystemExit({e.code!r})", 1
    except BaseException as e:   # pylint: disable=broad-except
        tb = traceback.extract_tb(e.__traceback__)
        user = [f for f in tb if not f.filename.startswith(rec.skip_dirs)]
        where = user[-1] if user else tb[-1]
        status = f"{type(e).__name__}: {e}"
        rec.crash = {"error": status, "file": os.path.relpath(where.filename), "line": where.lineno,
                     "code": (where.line or "").strip(), "traceback": traceback.format_exc()[-4000:]}
        rc = 1
    finally:
        rec.stopped = True
    meta = {"side": a.side, "status": status, "events": rec.events, "truncated": rec.truncated,
            "notes": sorted(rec.notes), "synced": rec.synced, "unsynced": rec.unsynced,
            "saved_params": sorted(rec.saved_params), "errors": rec.errors[:20],
            "crash": rec.crash}
    if a.side == "mindspore":
        np.savez(os.path.join(a.out, "params.npz"), **rec.saved_params)
    np.savez(os.path.join(a.out, "arrays.npz"), **rec.arrays)
    with open(os.path.join(a.out, "events.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f)
    if rc:
        traceback_text = (rec.crash or {}).get("traceback")
        if traceback_text:
            sys.stderr.write(traceback_text)
    return rc


if __name__ == "__main__":
    sys.exit(main())
