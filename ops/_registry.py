"""The op registry: each op is written once and every public form is derived from it.

An op family module (``_math.py``, ``_array.py``, ...) writes a small JAX function with
MindSpore's functional signature and its argument checks, and registers it:

    @op("matmul", method="matmul")
    def matmul(input, other): ...

    primitive("MatMul", _matmul_impl, attrs=(("transpose_a", False), ("transpose_b", False)))

From these entries the registry derives the functional op (``ops.matmul``), the Primitive
class (``ops.MatMul``, ``ops.operations.MatMul``), the ``ops.functional`` alias and the
Tensor method (``x.matmul``). :func:`exports` lists every registered public name, which
is also what the census counts.

Policies. An entry also carries the fields that policies changing how ops run read
(:class:`OpDef`): its AMP class per level (``amp``), whether the emulated Ascend cube unit
rounds it (``ascend_cube``), the targets whose kernel library lacks it (``targets_lacking``)
and its sharding rule for the auto-parallel search (``shard_rule``). They are given to
:func:`op` / :func:`primitive` / :func:`register_primitive_class`, or declared per op in
nowhere else (no side table of op names), and checked when given (a bad value fails the
registration) and when ``mscompat.ops`` has imported every family (:func:`check_policies`: a
``kernel`` naming no registered Primitive, or a broken ``O1`` white-list order, is an error). The public forms of an entry with policy fields
test one global, ``HOOK``: ``None`` unless a policy is active (``_dispatch.activate``), in
which case the call goes to the one dispatch point, ``_dispatch.run``. The kernel itself
(what the decorator returns, what family modules call among themselves) never dispatches.
"""
import dataclasses
import functools
import inspect
from typing import Callable

from mscompat._graph_print import in_compiled

from .primitive import Primitive, _check_attr

__all__ = ["op", "primitive", "tensor_method", "mint_form", "mint_op", "mint_exports", "OPS", "MINT", "PRIMITIVES",
           "METHODS", "OpDef", "check_policies",
           "WHITE", "BLACK", "PROMOTE", "AMP_LEVELS"]

AMP_LEVELS = ("O1", "auto")     # the levels whose casts are per operator (O2/O3 cast whole cells)
WHITE, BLACK, PROMOTE = "white", "black", "promote"     # AMP classes
SHARD_RULES = ("matmul",)      # the rules the auto-parallel search knows (``parallel/_auto.py``)
_AMP_KINDS = (WHITE, BLACK, PROMOTE)
_POLICY_FIELDS = ("amp", "ascend_cube", "targets_lacking", "shard_rule", "kernel", "amp_order")
TARGETS = ("Ascend", "GPU", "CPU")


@dataclasses.dataclass
class OpDef:
    """One registered op (a functional op, or a Primitive class's entry ``cls._entry``).

    ``fn`` is the public form (what ``ops.<name>`` is), ``impl`` the kernel. Policy fields:

    - ``amp``: ``{level: "white" | "black" | "promote"}`` for the levels of :data:`AMP_LEVELS`
      (white: float inputs cast to the low-precision dtype; black: to float32; promote: to
      the widest float type among the inputs);
    - ``ascend_cube``: positions of the two operands the emulated Ascend cube unit takes
      (rounded to its input precision, the result to its output precision); ``()``: none;
    - ``targets_lacking``: the targets whose MindSpore kernel library has no kernel for it;
    - ``shard_rule``: the auto-parallel search's rule for it (``"matmul"``), or ``None``;
    - ``kernel``: the Primitive MindSpore runs for it (named in kernel-selection errors);
    - ``amp_order``: for a Primitive on the ``O1`` white list, its place in MindSpore's
      ``AMP_WHITE_LIST``, whose order ``amp.get_white_list()`` returns.
    """

    name: str
    fn: Callable
    family: str
    aliases: tuple = ()
    methods: tuple = ()
    impl: Callable = None
    amp: dict = dataclasses.field(default_factory=dict)
    ascend_cube: tuple = ()
    targets_lacking: frozenset = frozenset()
    shard_rule: str = None
    kernel: str = None
    amp_order: int = None     # its place in MindSpore's O1 white list (``AMP_WHITE_LIST``'s order)
    mint: tuple = ()     # ``(namespace, name)`` pairs: the ``mscompat.mint`` forms sharing this entry

    @property
    def has_policy(self):
        return bool(self.amp or self.ascend_cube or self.targets_lacking or self.shard_rule)


OPS = {}          # functional name -> OpDef (aliases included, pointing at the same OpDef)
MINT = {}         # mint namespace ("" for mint itself, "nn.functional", "linalg", ...) -> {name: OpDef}
PRIMITIVES = {}   # Primitive class name -> class
METHODS = {}      # Tensor method name -> function(self, *args, **kwargs)
HOOK = None       # the dispatch point (``_dispatch.run``) while a policy is active, else None
REQUIRED = inspect.Parameter.empty   # the default of a Primitive attribute the constructor must be given


def _policy_fields(names, given):
    """The policy fields of the entry registered under ``names``, from those ``given`` to the
    registration (a string ``amp`` is the class at level ``auto``, ``ascend_cube=True`` the
    operands 0 and 1), checked."""
    fields = {k: v for k, v in given.items() if v is not None}
    amp = fields.get("amp") or {}
    if isinstance(amp, str):
        amp = {"auto": amp}
    cube = fields.get("ascend_cube") or ()
    if cube is True:
        cube = (0, 1)
    out = {"amp": dict(amp), "ascend_cube": tuple(cube),
           "targets_lacking": frozenset(fields.get("targets_lacking") or ()),
           "shard_rule": fields.get("shard_rule"), "kernel": fields.get("kernel"), "amp_order": fields.get("amp_order")}
    _check_fields(names[0], out)
    return out


def _check_fields(name, fields):
    for level, kind in fields["amp"].items():
        if level not in AMP_LEVELS or kind not in _AMP_KINDS:
            raise RuntimeError(f"op '{name}': AMP class {level}={kind!r} is not one of {AMP_LEVELS} x {_AMP_KINDS}")
    bad = fields["targets_lacking"] - set(TARGETS)
    if bad:
        raise RuntimeError(f"op '{name}': unknown targets {sorted(bad)} in targets_lacking")
    if fields["ascend_cube"] and len(fields["ascend_cube"]) != 2:
        raise RuntimeError(f"op '{name}': ascend_cube names the positions of the cube's two operands")
    if fields.get("shard_rule") not in (None,) + SHARD_RULES:
        raise RuntimeError(f"op '{name}': unknown shard_rule {fields['shard_rule']!r} (known: {SHARD_RULES})")
    order = fields.get("amp_order")
    if order is not None and (fields["amp"].get("O1") != WHITE or type(order) is not int or order < 1):
        raise RuntimeError(f"op '{name}': amp_order is a positive int, for an op on the O1 white list")


_RESERVED = frozenset(("_fn", "_entry", "_partial", "_make", "form", "HOOK", "None"))


def _exact_form(entry, fn, method):
    """A function with ``fn``'s own parameters that calls ``fn`` directly while ``HOOK`` is
    None, else the dispatch point (``method``: ``fn`` is a Primitive's ``__call__``). Same
    parameters, so no packing of ``*args``/``**kwargs`` on the plain path. None when ``fn``'s
    signature has variadic or positional-only parameters (the generic form is used)."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None
    if (any(p.kind not in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) or p.name in _RESERVED
            or p.name.startswith("_d") for p in params) or (method and not params)):
        return None
    ns, decl, pos, kw = {}, [], [], []
    star = False
    for i, p in enumerate(params):
        if p.kind is p.KEYWORD_ONLY and not star:
            decl.append("*")
            star = True
        if p.default is not p.empty:
            ns[f"_d{i}"] = p.default
            decl.append(f"{p.name}=_d{i}")
        else:
            decl.append(p.name)
        (pos if p.kind is p.POSITIONAL_OR_KEYWORD else kw).append(p.name)
    head, rest = (pos[0], pos[1:]) if method else (None, pos)
    call_args = ", ".join(pos + [f"{n}={n}" for n in kw])
    inputs = "".join(f"{n}, " for n in rest)
    kwargs = "{" + ", ".join(f"{n!r}: {n}" for n in kw) + "}"
    target = f"_partial(_fn, {head})" if method else "_fn"
    prim = head if method else "None"
    src = (f"def _make(_fn, _entry, _partial, {', '.join(ns) + ', ' if ns else ''}):\n"
           f"    def form({', '.join(decl)}):\n"
           f"        if HOOK is None:\n"
           f"            return _fn({call_args})\n"
           f"        return HOOK(_entry, {prim}, {target}, ({inputs}), {kwargs})\n"
           f"    return form\n")
    scope = {}
    try:
        exec(compile(src, f"<op form {entry.name}>", "exec"), globals(), scope)   # globals: HOOK is read live
    except SyntaxError:
        return None
    return scope["_make"](fn, entry, functools.partial, **ns)


def _dispatching(entry, fn):
    """The public form of ``entry``: ``fn`` itself when the entry has no policy field, else
    ``fn`` behind the dispatch point (one global test while no policy is active)."""
    if not entry.has_policy:
        return fn
    public = _exact_form(entry, fn, method=False)
    if public is None:
        def public(*args, **kwargs):
            if HOOK is None:
                return fn(*args, **kwargs)
            return HOOK(entry, None, fn, args, kwargs)
    return functools.update_wrapper(public, fn)


def _dispatching_call(entry, call):
    """A Primitive class's ``__call__`` behind the dispatch point (see :func:`_dispatching`).
    Every registered Primitive has one, with or without policy fields: policies may also act on
    Primitive instances (level O1 casts the white-list instances a network holds)."""
    __call__ = _exact_form(entry, call, method=True)
    if __call__ is None:
        def __call__(self, *inputs, **kw_inputs):
            if HOOK is None:
                return call(self, *inputs, **kw_inputs)
            return HOOK(entry, self, functools.partial(call, self), inputs, kw_inputs)
    functools.update_wrapper(__call__, call)
    __call__._mscompat_dispatch = True
    return __call__


def _family_of(fn):
    mod = getattr(fn, "__module__", "") or ""
    return mod.rsplit(".", 1)[-1].lstrip("_")


def op(name=None, *, aliases=(), method=None, amp=None, ascend_cube=None, targets_lacking=None,
       shard_rule=None, kernel=None, amp_order=None):
    """Register a functional op.

    Args:
        name: public name in ``mindspore.ops`` (default: the function's name).
        aliases: further public names for the same function (``cat`` for ``concat``).
        method: a Tensor method name, or a tuple of them, that calls the op with the
            Tensor as first argument and the same remaining signature.
        amp, ascend_cube, targets_lacking, shard_rule, kernel: policy fields (:class:`OpDef`);
            a string ``amp`` is the class at level ``auto``.

    Returns the kernel ``fn`` unchanged; ``OPS[name].fn`` is the public form.
    """
    def register(fn):
        key = name or fn.__name__
        methods = (method,) if isinstance(method, str) else tuple(method or ())
        names = (key,) + tuple(aliases)
        fields = _policy_fields(names, {"amp": amp, "ascend_cube": ascend_cube, "targets_lacking": targets_lacking,
                                        "shard_rule": shard_rule, "kernel": kernel, "amp_order": amp_order})
        entry = OpDef(key, fn, _family_of(fn), tuple(aliases), methods, impl=fn, **fields)
        entry.fn = _dispatching(entry, fn)
        for n in names:
            if n in OPS and OPS[n].impl is not fn:
                raise RuntimeError(f"op '{n}' is registered twice ({OPS[n].family} and {entry.family})")
            OPS[n] = entry
        for m in methods:
            _add_method(m, entry.fn)
        return fn
    return register


def tensor_method(*names):
    """Register ``fn(self, ...)`` as the Tensor method(s) ``names`` (when the method's
    signature differs from the functional op's)."""
    def register(fn):
        for m in names:
            _add_method(m, fn)
        return fn
    return register


def _add_method(name, fn):
    if name in METHODS and METHODS[name] is not fn:
        raise RuntimeError(f"Tensor method '{name}' is registered twice")
    METHODS[name] = fn


def primitive(name, fn, attrs=(), *, call=None, doc=None, amp=None, ascend_cube=None, targets_lacking=None,
              shard_rule=None, init=None, amp_order=None):
    """Define and register the Primitive class ``name``.

    Args:
        name: class name (``"ReduceSum"``).
        fn: the implementation; called as ``fn(*inputs, **attrs)`` unless ``call`` is given.
        attrs: ``(attr, default)`` pairs in the order of the constructor's arguments;
            the type of ``default`` is checked like MindSpore's validator (a ``bool``
            attribute accepts only bools, an ``int`` attribute only ints, ...). Use
            ``(attr, default, types)`` to give the accepted types explicitly.
            A default of :data:`REQUIRED` makes the attribute a required argument.
        call: optional ``call(prim, *inputs)`` for primitives whose inputs do not map
            onto ``fn`` directly.
        init: optional ``init(prim)``, run when the Primitive is made (after its attributes
            are set): the checks MindSpore makes in the constructor.
        amp, ascend_cube, targets_lacking, shard_rule: policy fields (:class:`OpDef`).
    """

    specs = [(a[0], a[1], a[2] if len(a) > 2 else None) for a in attrs]
    names = [s[0] for s in specs]

    def __init__(self, *args, **kwargs):
        Primitive.__init__(self, name)
        if len(args) > len(specs):
            raise TypeError(f"For '{name}', it takes {len(specs)} arguments but {len(args)} were given.")
        values = {s[0]: s[1] for s in specs}
        for (attr, _, _), v in zip(specs, args):
            values[attr] = v
        for k, v in kwargs.items():
            if k not in values:
                raise TypeError(f"For '{name}', got an unexpected keyword argument '{k}'.")
            values[k] = v
        missing = [attr for attr, v in values.items() if v is REQUIRED]
        if missing:
            raise TypeError(f"missing a required argument: '{missing[0]}'")
        for attr, default, types in specs:
            v = _check_attr(name, attr, values[attr], default, types)
            setattr(self, attr, v)
            self.add_prim_attr(attr, v)
        if init is not None:
            init(self)

    fields = _policy_fields((name,), {"amp": amp, "ascend_cube": ascend_cube, "targets_lacking": targets_lacking,
                                      "shard_rule": shard_rule, "kernel": name, "amp_order": amp_order})
    entry = OpDef(name, fn, _family_of(fn), impl=fn, **fields)
    # the call goes to the dispatch point while a policy is active (tested first, inline)
    if call is None:
        def plain(self, *inputs, **kw_inputs):
            if kw_inputs:
                inputs = _keyword_inputs(name, fn, names, inputs, kw_inputs)
            return fn(*inputs, **{a: getattr(self, a) for a in names})

        def __call__(self, *inputs, **kw_inputs):
            if HOOK is not None:
                return HOOK(entry, self, functools.partial(plain, self), inputs, kw_inputs)
            if kw_inputs:
                inputs = _keyword_inputs(name, fn, names, inputs, kw_inputs)
            return fn(*inputs, **{a: getattr(self, a) for a in names})
    else:
        def plain(self, *inputs):
            return call(self, *inputs)

        def __call__(self, *inputs):
            if HOOK is not None:
                return HOOK(entry, self, functools.partial(plain, self), inputs, {})
            return call(self, *inputs)
    __call__.__wrapped__ = plain
    __call__._mscompat_dispatch = True

    params = [inspect.Parameter(s[0], inspect.Parameter.POSITIONAL_OR_KEYWORD, default=s[1]) for s in specs]
    __init__.__signature__ = inspect.Signature([inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)]
                                               + params)
    if name in PRIMITIVES:
        raise RuntimeError(f"Primitive '{name}' is registered twice")
    cls = type(name, (Primitive,), {
        "__init__": __init__, "__call__": __call__, "__module__": "mscompat.ops.operations",
        "__doc__": doc or f"Primitive ``{name}``; see ``mscompat.ops.{getattr(fn, '__name__', name)}``.",
        "_impl": staticmethod(fn), "_entry": entry,
        "_call": staticmethod(call) if call is not None else None,    # the kernel of a call-style Primitive
    })
    entry.fn = cls
    PRIMITIVES[name] = cls
    return cls


def _keyword_inputs(name, fn, attr_names, inputs, kw_inputs):
    """The inputs of a Primitive call given partly by keyword (``ReduceSum(True)(x, axis=1)``),
    in the order of ``fn``'s input parameters; attributes are not inputs."""
    order = [p.name for p in inspect.signature(fn).parameters.values()
             if p.name not in attr_names and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    out = list(inputs)
    for k, v in kw_inputs.items():
        if k not in order[len(inputs):]:
            if in_compiled():    # MindSpore's graph compiler reports it as a RuntimeError
                raise RuntimeError(f"Got an unexpected keyword argument '{k}'.")
            raise TypeError(f"{name}.__call__() got an unexpected keyword argument '{k}'")
    for k in order[len(inputs):]:
        if k in kw_inputs:
            out.append(kw_inputs[k])
        elif len(out) < len(inputs) + len(kw_inputs):
            raise TypeError(f"{name}.__call__() missing required argument: '{k}'")
        else:
            break
    return out


def register_primitive_class(cls=None, *, amp=None, ascend_cube=None, targets_lacking=None, shard_rule=None,
                             amp_order=None):
    """Register a hand-written Primitive subclass (for primitives with state or odd inputs);
    as ``@register_primitive_class`` or ``@register_primitive_class(amp=..., ...)`` with
    policy fields (:class:`OpDef`). When the entry has policy fields, the ``__call__`` the
    class defines (or, with policy fields, inherits) is put behind the dispatch point here,
    when the class is defined."""
    def register(cls):
        name = cls.__name__
        if name in PRIMITIVES:
            raise RuntimeError(f"Primitive '{name}' is registered twice")
        fields = _policy_fields((name,), {"amp": amp, "ascend_cube": ascend_cube, "targets_lacking": targets_lacking,
                                          "shard_rule": shard_rule, "kernel": name, "amp_order": amp_order})
        call = cls.__call__
        if getattr(call, "_mscompat_dispatch", False):     # inherited from a registered base
            call = call.__wrapped__
        entry = OpDef(name, cls, _family_of(cls), impl=call, **fields)
        cls._entry = entry
        if "__call__" in cls.__dict__ or entry.has_policy:
            cls.__call__ = _dispatching_call(entry, call)
        PRIMITIVES[name] = cls
        return cls
    return register if cls is None else register(cls)


def check_policies(declared=None):
    """Raise ``RuntimeError`` when the policy fields of the registered entries name an unknown
    op (a ``kernel`` that is no registered Primitive) or break the ``O1`` white list's order (an
    entry on it without ``amp_order``, or two with the same). ``declared``: check instead a
    ``{op name: {field: value}}`` mapping written like registration fields (unknown op, unknown
    field, bad value). Run when ``mscompat.ops`` has imported every family."""
    if declared is None:
        _check_entries()
        return
    unknown = sorted(n for n in declared if n not in OPS and n not in PRIMITIVES)
    if unknown:
        raise RuntimeError(f"Op policies name {len(unknown)} unknown op(s): {', '.join(unknown)}")
    for n, fields in declared.items():
        extra = set(fields) - set(_POLICY_FIELDS)
        if extra:
            raise RuntimeError(f"Op policy of '{n}' has unknown field(s) {sorted(extra)}")
        _policy_fields((n,), fields)
        if fields.get("kernel") is not None and fields["kernel"] not in PRIMITIVES:
            raise RuntimeError(f"Op policy of '{n}' names the unknown kernel '{fields['kernel']}'")


def _check_entries():
    orders = {}
    for entry in policy_entries() + [d for d in OPS.values() if d.kernel and not d.has_policy]:
        if entry.kernel is not None and entry.kernel not in PRIMITIVES:
            raise RuntimeError(f"Op '{entry.name}' names the unknown kernel '{entry.kernel}'")
        if entry.amp.get("O1") == WHITE and isinstance(entry.fn, type):
            if entry.amp_order is None:
                raise RuntimeError(f"Primitive '{entry.name}' is on the O1 white list without an amp_order")
            if entry.amp_order in orders:
                raise RuntimeError(f"Primitives '{orders[entry.amp_order]}' and '{entry.name}' have the same "
                                   f"amp_order {entry.amp_order}")
            orders[entry.amp_order] = entry.name


def amp_primitives(level, kind):
    """The Primitive classes whose entry has AMP class ``kind`` at ``level``, in the order of
    their entries' ``amp_order`` (MindSpore's list order), then in registration order."""
    found = [cls for cls in PRIMITIVES.values()
             if getattr(cls.__dict__.get("_entry"), "amp", {}).get(level) == kind]
    return sorted(found, key=lambda c: (c._entry.amp_order is None, c._entry.amp_order or 0))


def policy_entries():
    """Every entry (functional and Primitive) with a policy field."""
    seen = {}
    for d in OPS.values():
        if d.has_policy:
            seen[id(d)] = d
    for cls in PRIMITIVES.values():
        d = cls.__dict__.get("_entry")
        if d is not None and d.has_policy:
            seen[id(d)] = d
    return list(seen.values())


def exports():
    """Every public name of ``mscompat.ops``: functional ops and Primitive classes."""
    out = {n: d.fn for n, d in OPS.items()}
    out.update(PRIMITIVES)
    return out


def _add_mint(namespace, name, entry):
    forms = MINT.setdefault(namespace, {})
    if name in forms and forms[name] is not entry:
        raise RuntimeError(f"mint{'.' + namespace if namespace else ''}.{name} is registered twice")
    forms[name] = entry
    if (namespace, name) not in entry.mint:
        entry.mint += ((namespace, name),)


def mint_form(namespace, name, twin=None):
    """Show the ops entry ``twin`` (default: ``name``) as ``mint[.namespace].name``: the mint op
    whose semantics agree with its ``ops`` twin is the same public form, kernel and policy fields."""
    entry = OPS.get(twin or name)
    if entry is None:
        raise RuntimeError(f"mint form '{name}': no registered op '{twin or name}'")
    _add_mint(namespace, name, entry)
    return entry.fn


def mint_op(namespace, name=None, *, twin=None, aliases=(), **fields):
    """Register ``fn`` as the mint op ``mint[.namespace].name`` whose signature or semantics differ
    from its ``ops`` twin (``dim=``/``keepdim=``, size tuples, ...): an entry of its own, outside
    ``OPS``, also shown as ``aliases``, whose kernel calls the twin's public form. The policies act
    there, at the twin's entry (so a call is cast or rounded once); the mint entry names the twin's
    kernel and carries only the policy fields given here."""
    def register(fn):
        key = name or fn.__name__
        base = OPS.get(twin) if twin else None
        if twin and base is None:
            raise RuntimeError(f"mint op '{key}': no registered op '{twin}'")
        given = {"kernel": base.kernel} if base is not None else {}
        given.update({k: v for k, v in fields.items() if v is not None})
        pol = _policy_fields((f"mint.{key}",), given)
        entry = OpDef(f"mint.{namespace + '.' if namespace else ''}{key}", fn, _family_of(fn), impl=fn, **pol)
        entry.fn = _dispatching(entry, fn)
        for n in (key,) + tuple(aliases):
            _add_mint(namespace, n, entry)
        return fn
    return register


def mint_exports(namespace):
    """``{name: public form}`` of the mint namespace ``namespace`` ("" for ``mint`` itself)."""
    return {n: d.fn for n, d in MINT.get(namespace, {}).items()}
