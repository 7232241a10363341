"""Every public form of an op comes from its one registry entry (issue #14).

For each of MindSpore 2.10's functional op / Primitive pairs (``ops.argmax`` <-> ``ops.Argmax``,
read from MindSpore's own code by ``tools/gen_op_pairs.py`` into ``_op_entry_pairs.py``) that
mscompat has, the two forms must share one kernel: the Primitive's implementation is the
functional op's kernel, or one of them calls the other (directly or through the family's
private helpers, followed through code references and closures). Tensor methods named like a
functional op must be that op's public form or call its kernel. MindSpore's module paths
(``ops.function.<family>_func``, ``ops.operations.<family>_ops``, ``ops.auto_generate``) must give
the registry's objects. The pairs that do not share a kernel yet are listed in
:data:`SEPARATE` with the reason; the test fails when a listed pair is fixed (remove it) or a
new one appears.
"""
import functools
import importlib
import inspect
import pkgutil
import types

import pytest

import mscompat  # noqa: F401  (registers every op family)
from mscompat import ops
from mscompat.ops import _registry
from mscompat.ops._registry import OPS, PRIMITIVES, METHODS
from mscompat.ops.primitive import Primitive

from _op_entry_pairs import PAIRS

_DEPTH = 4


# ---------------------------------------------------------------------------------------------
# What a form calls: the mscompat functions, classes and Primitive instances its code names


def _codes(code):
    yield code
    for k in code.co_consts:
        if isinstance(k, types.CodeType):
            yield from _codes(k)


_GENERIC = ("mscompat.ops._args", "mscompat.ops._registry", "mscompat.ops.primitive", "mscompat.ops._dispatch",
            "mscompat.ops._tensor_api")


def _ours(obj):
    """An op family's object (generic helpers, the Tensor class and the registry are not
    followed: every op uses them)."""
    mod = getattr(obj, "__module__", None) or ""
    if mod in _GENERIC or not mod.startswith("mscompat.ops"):
        return False
    return not isinstance(obj, type) or issubclass(obj, Primitive)


def _unwrap(obj):
    while True:
        if isinstance(obj, (staticmethod, classmethod)):
            obj = obj.__func__
        elif isinstance(obj, property):
            obj = obj.fget
        elif isinstance(obj, functools.partial):
            obj = obj.func
        elif getattr(obj, "__wrapped__", None) is not None and not isinstance(obj, type):
            obj = obj.__wrapped__
        else:
            return obj


def _members(cls):
    """The functions a (hand-written or generated) Primitive class runs: its own and its
    mscompat bases' methods, the kernel ``_impl``."""
    out = []
    for klass in cls.__mro__:
        if klass in (Primitive, object) or not _ours(klass):
            continue
        for v in vars(klass).values():
            v = _unwrap(v)
            if isinstance(v, types.FunctionType):
                out.append(v)
    return out


def _refs(obj):
    """The mscompat objects ``obj`` names directly."""
    if isinstance(obj, Primitive):
        return [type(obj)]
    if isinstance(obj, type):
        return _members(obj)
    obj = _unwrap(obj)
    if not isinstance(obj, types.FunctionType):
        return []
    g = obj.__globals__
    spaces = [v for v in g.values() if isinstance(v, (types.ModuleType, types.SimpleNamespace)) and _ours(v)
              or isinstance(v, types.SimpleNamespace)]
    spaces += [v for v in (c.cell_contents for c in obj.__closure__ or () if _has(c))]
    out = []
    for code in _codes(obj.__code__):
        for n in code.co_names:
            if n in g:
                out.append(g[n])
            else:
                out.extend(getattr(s, n) for s in spaces if isinstance(s, (types.ModuleType, types.SimpleNamespace))
                           and hasattr(s, n))
    out.extend(c.cell_contents for c in obj.__closure__ or () if _has(c))
    out.extend(obj.__defaults__ or ())
    return [o for o in out if _callable_ours(o)]


def _has(cell):
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


def _callable_ours(o):
    if isinstance(o, Primitive):
        return True
    o2 = _unwrap(o)
    return (isinstance(o2, types.FunctionType) or isinstance(o2, type)) and _ours(o2)


def _key(o):
    return id(_unwrap(o) if not isinstance(o, Primitive) else type(o))


@functools.lru_cache(maxsize=None)
def _reach_ids(oid):
    start = _OBJ[oid]
    seen = {oid}
    frontier = [start]
    for _ in range(_DEPTH):
        nxt = []
        for o in frontier:
            for r in _refs(o):
                k = _key(r)
                if k not in seen:
                    seen.add(k)
                    _OBJ[k] = _unwrap(r) if not isinstance(r, Primitive) else type(r)
                    nxt.append(_OBJ[k])
        frontier = nxt
    return frozenset(seen)


_OBJ = {}


def _reach(obj):
    k = _key(obj)
    _OBJ[k] = _unwrap(obj) if not isinstance(obj, Primitive) else type(obj)
    return _reach_ids(k)


def _calls(a, b):
    """Whether ``a`` is ``b`` or its code reaches ``b``."""
    return _key(b) in _reach(a)


# ---------------------------------------------------------------------------------------------
# The forms of an entry


def prim_kernel(cls):
    """What a Primitive class runs: the registry's kernel (``primitive(name, fn)``'s ``fn``, or
    its ``call``), or the class itself when it is hand-written."""
    for attr in ("_impl", "_call"):
        k = cls.__dict__.get(attr)
        if k is not None and _unwrap(k) is not None:
            return _unwrap(k)
    return cls


def hand_written(cls):
    """A Primitive class written as a class body rather than made by ``primitive(...)``."""
    return "_impl" not in cls.__dict__


def _file(obj):
    obj = _unwrap(obj)
    if isinstance(obj, type) and "_impl" in obj.__dict__:
        obj = prim_kernel(obj)
    try:
        return inspect.getsourcefile(obj)
    except TypeError:
        return None


_FAN_IN = 4     # a helper more forms than this reach is a family helper (an input check), not a kernel


@functools.lru_cache(maxsize=None)
def _fan_in():
    """How many forms of the pairs reach each function."""
    count = {}
    for f, p in pairs().items():
        for form in (OPS[f].impl, prim_kernel(PRIMITIVES[p])):
            for k in _reach(form):
                count[k] = count.get(k, 0) + 1
    return count


def pair_state(f, p):
    """``(shares_kernel, hand_written, same_file)`` for the functional op ``f`` and Primitive ``p``:
    they share a kernel when one reaches the other, or both reach a function that at most
    :data:`_FAN_IN` forms reach (their kernel, not a check every op of the family runs)."""
    entry, cls = OPS[f], PRIMITIVES[p]
    kern = prim_kernel(cls)
    shared = _calls(kern, entry.impl) or _calls(entry.impl, kern) or _calls(entry.impl, cls)
    if not shared:
        fan = _fan_in()
        common = (_reach(kern) & _reach(entry.impl)) - {_key(kern), _key(entry.impl)}
        shared = any(fan.get(k, 0) <= _FAN_IN and _computes(_OBJ[k]) for k in common)
    return shared, hand_written(cls), _file(entry.impl) == _file(cls if hand_written(cls) else kern)


def _computes(obj):
    """Whether a function computes with JAX or NumPy (a kernel), rather than only checking."""
    if not isinstance(obj, types.FunctionType):
        return False
    names = {n for code in _codes(obj.__code__) for n in code.co_names}
    return bool(names & {"jnp", "lax", "jax", "np"})


def pairs():
    """The pairs mscompat has both forms of."""
    return {f: p for f, p in PAIRS.items() if f in OPS and p in PRIMITIVES}


def census():
    """The counts issue #14 asks for."""
    got = pairs()
    states = {f: pair_state(f, p) for f, p in got.items()}
    methods = method_sources()
    return {
        "pairs": len(got),
        "sharing one kernel": sum(s[0] for s in states.values()),
        "separate implementations": sum(not s[0] for s in states.values()),
        "hand-written Primitive classes (in pairs)": sum(s[1] for s in states.values()),
        "hand-written Primitive classes (all)": sum(hand_written(c) for c in set(PRIMITIVES.values())),
        "pairs in different files": sum(not s[2] for s in states.values()),
        "Tensor method sources": methods,
    }


def method_sources():
    """How each registered Tensor method is declared: by ``@op(method=...)`` (the entry's
    public form) or by ``@tensor_method`` (in which module)."""
    public = {id(d.fn) for d in OPS.values()}
    out = {}
    for name, fn in METHODS.items():
        src = "@op(method=...)" if id(fn) in public else f"@tensor_method in {fn.__module__.rsplit('.', 1)[-1]}"
        out[src] = out.get(src, 0) + 1
    return out


# ---------------------------------------------------------------------------------------------
# Pairs whose two forms do not share one kernel yet: pair -> reason


SEPARATE = {
    # stateful Primitives (an entry cannot express init-time state used at run time)
    ("all_gather", "AllGather"): "stateful: a hand-written Primitive holding its group from init; ops.all_gather takes it per call",
    ("all_reduce", "AllReduce"): "stateful: a hand-written Primitive holding its op and group from init; ops.all_reduce takes them per call",
    ("barrier", "Barrier"): "stateful: a hand-written Primitive holding its group from init; ops.barrier takes it per call",
    ("broadcast", "Broadcast"): "stateful: a hand-written Primitive holding its root rank and group from init",
    ("reduce", "Reduce"): "stateful: a hand-written Primitive holding its destination rank, op and group from init",
    ("reduce_scatter", "ReduceScatter"): "stateful: a hand-written Primitive holding its op and group from init",
    # separate implementations not converted yet
}


# Tensor methods named like a functional op that do not run that op's kernel: name -> reason
METHOD_EXCEPTIONS = {
    "max": "a different op: Tensor.max gives the values only (ops.amax's kernel), ops.max (values, indices)",
    "min": "a different op: Tensor.min gives the values only (ops.amin's kernel), ops.min (values, indices)",
    "fill": "a different op: Tensor.fill(value) fills this Tensor's shape, ops.fill(type, shape, value) makes one",
    "fills": "a different op: Tensor.fills(value) fills this Tensor's shape, ops.fills is the elementwise form",
    "scatter_add": "a different op: Tensor.scatter_add(dim, index, src) is torch's (ScatterAddExt), its deprecated "
                   "(indices, updates) form ops.tensor_scatter_add; ops.scatter_add adds rows into a Parameter",
}


# Hand-written Primitive classes (class bodies, not made by ``primitive(...)``): name -> reason.
_COMM = "stateful: holds its communication group (and rank, op) from init for the collective it runs"
_RNG = "stateful: draws from its own seed/offset stream, advanced between calls"
_EFFECT = "a side effect, not a kernel: prints, dumps, records a summary or hooks a gradient"
_GRAPH = "graph bookkeeping or control flow: takes functions or the state token, has no kernel"
HAND_WRITTEN = {
    **dict.fromkeys(("AllGather", "AllGatherV", "AllReduce", "AlltoAll", "AlltoAllV", "AlltoAllVC", "Barrier",
                     "Broadcast", "CollectiveGather", "CollectiveScatter", "Receive", "Reduce", "ReduceScatter",
                     "ReduceScatterV", "Send"), _COMM),
    **dict.fromkeys(("Gamma", "LogNormalReverse", "LogUniformCandidateSampler", "Multinomial",
                     "MultinomialWithReplacement", "NonDeterministicInts", "ParameterizedTruncatedNormal", "Poisson",
                     "RandomCategorical", "RandomChoiceWithMask", "RandomGamma", "RandomPoisson", "RandomShuffle",
                     "Randperm", "RandpermV2", "StandardLaplace", "StandardNormal", "TruncatedNormal",
                     "UniformCandidateSampler", "UniformInt", "UniformReal"), _RNG),
    **dict.fromkeys(("Assert", "DumpGradient", "HistogramSummary", "HookBackward", "ImageSummary", "InsertGradientOf",
                     "Morph", "Print", "ScalarSummary", "TensorDump", "TensorSummary"), _EFFECT),
    **dict.fromkeys(("ForiLoop", "MoveTo", "Scan", "TopTypeof", "UpdateState", "WhileLoop"), _GRAPH),
    **dict.fromkeys(("NPUAllocFloatStatus", "NPUClearFloatStatus", "NPUGetFloatStatus"),
                    "Ascend-only: a shared class raising MindSpore's unsupported-target error"),
    "Custom": "a user-defined op: its function, shapes and dtypes are given at init",
    "ReduceOp": "not an op: MindSpore's class of reduction-name constants",
    "TCPStore": "not an op: the key-value store client of mindspore.ops' communication helpers",
    "BoundingBoxEncode": "MindSpore's class is a PrimitiveWithInfer (isinstance kept): to convert once entries can make one",
    "ConfusionMatrix": "MindSpore's class is a PrimitiveWithInfer (isinstance kept): to convert once entries can make one",
    "SubAndFilter": "MindSpore's class is a PrimitiveWithCheck (isinstance kept): to convert once entries can make one",
}


def test_hand_written_primitives_are_listed():
    """Every Primitive class not made from an entry is listed with the reason (and a class
    made from an entry since leaves the list)."""
    hand = {c.__name__ for c in PRIMITIVES.values() if hand_written(c)}
    assert sorted(hand - set(HAND_WRITTEN)) == [], "hand-written Primitive classes without a reason"
    assert sorted(set(HAND_WRITTEN) - hand) == [], "made from an entry now: remove from HAND_WRITTEN"


def test_pairing_table_read():
    assert len(PAIRS) > 350
    assert PAIRS["argmax"] == "Argmax"
    assert len(pairs()) > 250


def test_pairs_share_one_kernel():
    """Every pair shares one kernel but the listed exceptions (and a listed pair that has
    become one entry must leave the list)."""
    got = pairs()
    separate = sorted((f, p) for f, p in got.items() if not pair_state(f, p)[0])
    assert [x for x in separate if x not in SEPARATE] == [], "pairs with two implementations"
    assert [x for x in SEPARATE if x in got.items() and x not in separate] == [], "fixed: remove from SEPARATE"
    assert len(SEPARATE) <= 6      # the list only shrinks


def test_argmax_is_one_entry():
    """The case the review found: one kernel, one axis check, one message for every form."""
    import numpy as np
    from mscompat import Tensor
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    assert pair_state("argmax", "Argmax")[0] and pair_state("argmax", "Argmax")[2]
    assert _calls(METHODS["argmax"], PRIMITIVES["Argmax"]._impl)
    for form in (lambda: ops.argmax(x, 5), lambda: ops.Argmax(5)(x), lambda: x.argmax(5)):
        with pytest.raises(ValueError, match=r"For primitive\[Argmax\], the axis must be in \[-2,2\), but got 5."):
            form()
    assert ops.argmax(x, 1).dtype == ops.Argmax(1, output_type=mstype_int64())(x).dtype


def mstype_int64():
    from mscompat.common import dtype as mstype
    return mstype.int64


def test_tensor_methods_run_their_op():
    """A Tensor method named like a functional op is that op's public form, or an adapter
    calling its kernel (MindSpore's method signature differs), but the listed exceptions."""
    bad = sorted(m for m in METHODS if m in OPS and not (METHODS[m] is OPS[m].fn or _calls(METHODS[m], OPS[m].impl)))
    assert [m for m in bad if m not in METHOD_EXCEPTIONS] == []
    assert [m for m in METHOD_EXCEPTIONS if m not in bad] == [], "fixed: remove from METHOD_EXCEPTIONS"


def _path_modules():
    for name in ("function", "operations", "auto_generate"):
        pkg = importlib.import_module(f"mscompat.ops.{name}")
        yield pkg
        for info in pkgutil.iter_modules(pkg.__path__):
            yield importlib.import_module(f"{pkg.__name__}.{info.name}")


def test_module_paths_give_the_registry_objects():
    """``ops.function.<family>_func`` / ``ops.operations.<family>_ops`` / ``ops.auto_generate``
    bind the registry's own objects: a name there that the registry has is that object."""
    public = {n: d.fn for n, d in OPS.items()}
    wrong = []
    for mod in _path_modules():
        for n in getattr(mod, "__all__", ()):
            v = getattr(mod, n, None)
            if n in PRIMITIVES and isinstance(v, type) and v is not PRIMITIVES[n]:
                wrong.append(f"{mod.__name__}.{n}")
            elif n in public and callable(v) and not isinstance(v, (type, Primitive)) and v is not public[n]:
                wrong.append(f"{mod.__name__}.{n}")
    assert wrong == []


if __name__ == "__main__":
    import json
    print(json.dumps(census(), indent=1))
