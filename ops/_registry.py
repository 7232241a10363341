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
"""
import dataclasses
import inspect
from typing import Callable

from mscompat._graph_print import in_compiled

__all__ = ["op", "primitive", "tensor_method", "OPS", "PRIMITIVES", "METHODS", "OpDef"]


@dataclasses.dataclass
class OpDef:
    """One registered functional op."""

    name: str
    fn: Callable
    family: str
    aliases: tuple = ()
    methods: tuple = ()


OPS = {}          # functional name -> OpDef (aliases included, pointing at the same OpDef)
PRIMITIVES = {}   # Primitive class name -> class
METHODS = {}      # Tensor method name -> function(self, *args, **kwargs)


def _family_of(fn):
    mod = getattr(fn, "__module__", "") or ""
    return mod.rsplit(".", 1)[-1].lstrip("_")


def op(name=None, *, aliases=(), method=None):
    """Register a functional op.

    Args:
        name: public name in ``mindspore.ops`` (default: the function's name).
        aliases: further public names for the same function (``cat`` for ``concat``).
        method: a Tensor method name, or a tuple of them, that calls the op with the
            Tensor as first argument and the same remaining signature.
    """
    def register(fn):
        key = name or fn.__name__
        methods = (method,) if isinstance(method, str) else tuple(method or ())
        entry = OpDef(key, fn, _family_of(fn), tuple(aliases), methods)
        for n in (key,) + entry.aliases:
            if n in OPS and OPS[n].fn is not fn:
                raise RuntimeError(f"op '{n}' is registered twice ({OPS[n].family} and {entry.family})")
            OPS[n] = entry
        for m in methods:
            _add_method(m, fn)
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


def primitive(name, fn, attrs=(), *, call=None, doc=None):
    """Define and register the Primitive class ``name``.

    Args:
        name: class name (``"ReduceSum"``).
        fn: the implementation; called as ``fn(*inputs, **attrs)`` unless ``call`` is given.
        attrs: ``(attr, default)`` pairs in the order of the constructor's arguments;
            the type of ``default`` is checked like MindSpore's validator (a ``bool``
            attribute accepts only bools, an ``int`` attribute only ints, ...). Use
            ``(attr, default, types)`` to give the accepted types explicitly.
        call: optional ``call(prim, *inputs)`` for primitives whose inputs do not map
            onto ``fn`` directly.
    """
    from .primitive import Primitive, _check_attr

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
        for attr, default, types in specs:
            v = _check_attr(name, attr, values[attr], default, types)
            setattr(self, attr, v)
            self.add_prim_attr(attr, v)

    if call is None:
        def __call__(self, *inputs, **kw_inputs):
            if kw_inputs:
                inputs = _keyword_inputs(name, fn, names, inputs, kw_inputs)
            return fn(*inputs, **{a: getattr(self, a) for a in names})
    else:
        def __call__(self, *inputs):
            return call(self, *inputs)

    params = [inspect.Parameter(s[0], inspect.Parameter.POSITIONAL_OR_KEYWORD, default=s[1]) for s in specs]
    __init__.__signature__ = inspect.Signature([inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)]
                                               + params)
    cls = type(name, (Primitive,), {
        "__init__": __init__, "__call__": __call__, "__module__": "mscompat.ops.operations",
        "__doc__": doc or f"Primitive ``{name}``; see ``mscompat.ops.{getattr(fn, '__name__', name)}``.",
        "_impl": staticmethod(fn),
    })
    if name in PRIMITIVES:
        raise RuntimeError(f"Primitive '{name}' is registered twice")
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


def register_primitive_class(cls):
    """Register a hand-written Primitive subclass (for primitives with state or odd inputs)."""
    if cls.__name__ in PRIMITIVES:
        raise RuntimeError(f"Primitive '{cls.__name__}' is registered twice")
    PRIMITIVES[cls.__name__] = cls
    return cls


def exports():
    """Every public name of ``mscompat.ops``: functional ops and Primitive classes."""
    out = {n: d.fn for n, d in OPS.items()}
    out.update(PRIMITIVES)
    return out
