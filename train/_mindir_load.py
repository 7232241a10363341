"""Running a MindIR file (``mindspore.load``): MindSpore's own exports and mscompat's.

A ``.mindir`` file is one ``mind_ir.ModelProto`` (:mod:`._mindir_proto`). Its main graph lists
the inputs, the parameters (``"<graph>:<name>"`` with their bytes in ``raw_data``), the nodes in
execution order and the outputs; function graphs (branches of an ``if``) sit in ``functions``
and the primitives the nodes call in ``primitives``. A node's ``op_type`` is
``"REF::<primitive name>"``, ``"REF::<function graph>"`` or ``"REF::<node>"`` (a call of the
function a node produced, e.g. the branch a ``Switch`` picked); ``Constant`` nodes carry their
value in the ``value`` attribute.

:class:`FuncGraph` (what ``load`` returns, as MindSpore's ``_c_expression.FuncGraph``) holds the
parsed graph; ``nn.GraphCell`` owns its parameters as Parameters with their names and runs it by
interpretation with mscompat's registered Primitives, so the same code runs eagerly in
PYNATIVE_MODE and is traced once per input signature by ``jax.jit`` in GRAPH_MODE.

How a node's inputs reach a Primitive depends on the primitive's kind in the file:

* ``PRIMITIVE`` (older operators such as ``Conv2D``, ``MaxPool``): the constructor arguments are
  the primitive's attributes (``format`` is the constructor's ``data_format``); the node inputs
  are the call inputs.
* ``PRIMITIVE_FUNCTION`` (operators defined by an op table, e.g. ``MatMul``, ``BatchNorm``,
  ``StridedSlice``): every argument is a node input, call inputs first, then the constructor
  arguments in the constructor's order. String options are stored as enum numbers
  (``pad_mode``, ``data_format``, ``reduction``) and dtypes as type ids.

Side-effect bookkeeping (``Load``, ``UpdateState``, ``Depend``, monads) is resolved to values:
loaded graphs are for inference.
"""
import abc
import inspect
import os

import jax
import numpy as np

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.ops._registry import PRIMITIVES
from mscompat.interop import to_jax, from_jax
from mscompat._control_flow_runtime import traced
import mscompat.ops as ops
from . import _mindir_proto as mir

__all__ = ["FuncGraph", "MindIRGraph", "load_mindir_file", "TYPE_IDS"]

_A = mir.AttributeProto
_T = mir.TensorProto
_PRIM_FUNCTION = mir.PrimitiveProto.PRIMITIVE_FUNCTION

# TensorProto.DataType -> numpy dtype (bfloat16 through jax's ml_dtypes)
_NP_TYPES = {
    _T.FLOAT: np.float32, _T.UINT8: np.uint8, _T.INT8: np.int8, _T.UINT16: np.uint16, _T.INT16: np.int16,
    _T.INT32: np.int32, _T.INT64: np.int64, _T.BOOL: np.bool_, _T.FLOAT16: np.float16, _T.DOUBLE: np.float64,
    _T.FLOAT64: np.float64, _T.UINT32: np.uint32, _T.UINT64: np.uint64, _T.COMPLEX64: np.complex64,
    _T.COMPLEX128: np.complex128, _T.BFLOAT16: jax.numpy.bfloat16}

# MindSpore's type ids (how a dtype argument such as Cast's is stored in a graph).
TYPE_IDS = {30: mstype.bool_, 32: mstype.int8, 33: mstype.int16, 34: mstype.int32, 35: mstype.int64,
            37: mstype.uint8, 38: mstype.uint16, 39: mstype.uint32, 40: mstype.uint64, 42: mstype.float16,
            43: mstype.float32, 44: mstype.float64, 45: mstype.bfloat16, 51: mstype.complex64,
            52: mstype.complex128}

# String options stored as enum numbers in PRIMITIVE_FUNCTION nodes, by argument name.
_ENUMS = {
    "pad_mode": {0: "pad", 1: "same", 2: "valid"},
    "data_format": {0: "NCHW", 1: "NHWC", 14: "NCDHW", 20: "ND"},
    "format": {0: "NCHW", 1: "NHWC", 14: "NCDHW", 20: "ND"},
    "reduction": {0: "sum", 1: "mean", 2: "none"},
}
_DTYPE_ARGS = ("dtype", "dst_type", "output_type", "type", "out_type")
_CALL_DTYPE_ARGS = _DTYPE_ARGS + ("t",)     # the input names of the kernels (Eye's dtype is ``t``)
# Attributes of PRIMITIVE nodes stored under another name than the constructor's argument.
_ATTR_ALIASES = {"data_format": "format"}


class _Monad:
    """The ``U``/``IO`` monad of side-effect ordering: carries no value."""

    def __repr__(self):
        return "Monad"


_MONAD = _Monad()


def _error(msg):
    return RuntimeError(f"Load MindIR failed. {msg}")


def tensor_to_numpy(t, base_dir=None):
    """The array a ``TensorProto`` holds (``raw_data``, the typed fields, or an external file)."""
    if t.data_type not in _NP_TYPES:
        raise _error(f"tensor '{t.name}' has the unsupported data type {t.data_type}.")
    np_type = np.dtype(_NP_TYPES[t.data_type])
    shape = tuple(int(d) for d in t.dims)
    if t.HasField("raw_data") or not (t.float_data or t.int32_data or t.int64_data or t.double_data
                                      or t.uint64_data or t.HasField("external_data")):
        raw = t.raw_data
    elif t.HasField("external_data"):
        loc = t.external_data.location
        path = loc if os.path.isabs(loc) or base_dir is None else os.path.join(base_dir, loc)
        if not os.path.isfile(path):
            raise _error(f"the data file '{loc}' of parameter '{t.name}' does not exist.")
        with open(path, "rb") as f:
            f.seek(t.external_data.offset)
            raw = f.read(t.external_data.length)
    else:
        data = t.float_data or t.int32_data or t.int64_data or t.double_data or t.uint64_data
        return np.asarray(list(data)).astype(np_type).reshape(shape)
    count = int(np.prod(shape, dtype=np.int64))
    if len(raw) != count * np_type.itemsize:
        raise _error(f"tensor '{t.name}' of shape {list(shape)} has {len(raw)} bytes of data, "
                     f"expected {count * np_type.itemsize}.")
    return np.frombuffer(raw, dtype=np_type).reshape(shape).copy()


def _scalar(a, field, repeated):
    values = getattr(a, repeated)
    return values[0] if len(values) else getattr(a, field)


def attribute_value(a, base_dir=None):
    """The Python value an ``AttributeProto`` holds (a constant node's value, a primitive's attribute)."""
    kind = a.type
    if kind in (_A.TUPLE, _A.LIST):
        vals = [attribute_value(v, base_dir) for v in a.values]
        return tuple(vals) if kind == _A.TUPLE else vals
    if kind in (_A.INT8, _A.INT16, _A.INT32, _A.INT64, _A.UINT8, _A.UINT16, _A.UINT32, _A.UINT64):
        return int(_scalar(a, "i", "ints"))
    if kind == _A.BOOL:
        return bool(_scalar(a, "i", "ints"))
    if kind in (_A.FLOAT, _A.FLOAT16, _A.BFLOAT16):
        return float(_scalar(a, "f", "floats"))
    if kind == _A.DOUBLE:
        return float(_scalar(a, "d", "doubles"))
    if kind == _A.STRING:
        s = _scalar(a, "s", "strings")
        return s.decode() if isinstance(s, bytes) else s
    if kind == _A.TENSORS:
        if len(a.tensors) != 1:
            return tuple(Tensor(tensor_to_numpy(t, base_dir)) for t in a.tensors)
        return Tensor(tensor_to_numpy(a.tensors[0], base_dir))
    if kind == _A.TENSOR:
        return Tensor(tensor_to_numpy(a.t, base_dir))
    if kind == _A.NONE:
        return None
    if kind in (_A.UMONAD, _A.IOMONAD):
        return _MONAD
    if kind == _A.DICT:
        return {attribute_value(v.values[0], base_dir): attribute_value(v.values[1], base_dir) for v in a.values}
    raise _error(f"the constant '{a.name}' has the unsupported attribute type {_A.AttributeType.Name(kind)}.")


class _Graph:
    """One graph of the file: inputs, nodes (in execution order) and outputs, by name."""

    def __init__(self, proto):
        self.name = proto.name
        self.inputs = [vi.name for vi in proto.input]
        self.outputs = [vi.name for vi in proto.output]
        self.nodes = list(proto.node)
        self.by_output = {name: node for node in self.nodes for name in node.output}


class _Closure:
    """A function value inside a graph: a graph or primitive with arguments bound by ``Partial``;
    ``scope`` is the environment it was taken in (a function graph reads the nodes of the graph
    that encloses it: constants and values it does not receive as inputs)."""

    def __init__(self, target, args=(), scope=None):
        self.target, self.args, self.scope = target, tuple(args), scope


class _Env(dict):
    """The values of one call of ``graph`` by node name, with the enclosing call's values behind them."""

    def __init__(self, values, graph, outer=None):
        super().__init__(values)
        self.graph, self.outer = graph, outer


class _Switched:
    """``Switch(cond, a, b)`` of two functions, decided when the result is called: a branch picked
    by a known condition, both branches under ``lax.cond`` for a traced one, or, when one branch
    ends by calling the graph the ``Switch`` is in again (MindSpore's form of a ``while`` loop), a
    loop (``lax.while_loop`` when traced). ``env`` is the call of that graph, ``node`` the Switch."""

    def __init__(self, cond, true_fn, false_fn, env, node):
        self.cond, self.true_fn, self.false_fn, self.env, self.node = cond, true_fn, false_fn, env, node


class FuncGraph(abc.ABC):
    """A graph loaded by ``mindspore.load``; run it with ``nn.GraphCell``."""

    @abc.abstractmethod
    def parameters(self):
        """``{name: numpy array}`` of the graph's parameters, in the file's order."""

    @abc.abstractmethod
    def run(self, params, *inputs):
        """The outputs for ``inputs``, the parameters' current values given by name in ``params``."""


class MindIRGraph(FuncGraph):
    """A parsed MindIR ``ModelProto`` run by interpretation with mscompat's ops."""

    def __init__(self, model, file_name=None):
        self.file_name = file_name
        base_dir = os.path.dirname(file_name) if file_name else None
        g = model.graph
        if not g.name or not g.output:
            raise _error("the file has no main graph.")
        self.name = g.name
        self.main = _Graph(g)
        self.graphs = {g.name: self.main}
        for f in model.functions:
            self.graphs[f.name] = _Graph(f)
        self.prims = {p.name: p for p in model.primitives}
        # constants decoded once, outside any trace: a Tensor made while jax.jit traces would be a tracer,
        # and ops that read an argument's value on the host (a pad value, an axis) need it concrete
        self._constants = {}
        for graph in self.graphs.values():
            for node in graph.nodes:
                if node.op_type == "Constant":
                    value_attrs = [a for a in node.attribute if a.name == "value"] or list(node.attribute)
                    self._constants[id(node)] = attribute_value(value_attrs[0], base_dir)
        self._prim_cache = {}
        self.input_shapes = []
        for vi in g.input:
            t = vi.tensor[0] if len(vi.tensor) else None
            dtype = np.dtype(_NP_TYPES[t.data_type]) if t is not None and t.data_type in _NP_TYPES else None
            self.input_shapes.append((vi.name, tuple(int(d) for d in t.dims) if t is not None else None, dtype))
        self._params = {}
        self._param_keys = {}
        for p in g.parameter:
            short = p.name[p.name.find(":") + 1:]
            self._params[short] = tensor_to_numpy(p, base_dir)
            self._param_keys[p.name] = short
        self.mindir_model = model

    def __repr__(self):
        return f"FuncGraph({self.name!r}, inputs={len(self.main.inputs)}, parameters={len(self._params)})"

    def parameters(self):
        return dict(self._params)

    # -- running ---------------------------------------------------------------------------------

    def run(self, params, *inputs):
        if len(inputs) != len(self.main.inputs):
            raise RuntimeError(f"The input number of parameters is not Compatible. MindIR: {len(self.main.inputs)} "
                               f"inputs, but got {len(inputs)} inputs. FuncGraph: {self.name}")
        args = []
        for x, (name, shape, dtype) in zip(inputs, self.input_shapes):
            if not isinstance(x, Tensor):
                x = Tensor(np.asarray(x, dtype=dtype)) if dtype is not None else Tensor(x)
            args.append(x)
        out = self._call_graph(self.main, args, params)
        return _to_outputs(out)

    def _call_graph(self, graph, args, params, depth=0, outer=None):
        if depth > 200:
            raise RuntimeError(f"MindIR graph '{graph.name}' recursed more than 200 times (a loop whose "
                               "condition depends on tensor values cannot be run from MindIR here).")
        if len(args) != len(graph.inputs):
            raise RuntimeError(f"MindIR graph '{graph.name}' takes {len(graph.inputs)} inputs, got {len(args)}.")
        env = _Env(zip(graph.inputs, args), graph, outer)
        for node in graph.nodes:
            if node.output and node.output[0] in env:   # evaluated early for a node that needed it
                continue
            value = self._eval_node(node, env, params, depth)
            for name in node.output:
                env[name] = value
        outs = [self._lookup(name, env, params, depth) for name in graph.outputs]
        return outs[0] if len(outs) == 1 else tuple(outs)

    def _lookup(self, name, env, params, depth):
        scope = env
        while scope is not None:   # this graph's values, then the enclosing graphs'
            if name in scope:
                return scope[name]
            node = scope.graph.by_output.get(name)
            if node is not None:   # used before its place in the file's order (shared constants)
                value = self._eval_node(node, scope, params, depth)
                for out in node.output:
                    scope[out] = value
                return value
            scope = scope.outer
        short = self._param_keys.get(name)
        if short is not None:
            return params[short]
        if name in self.graphs:
            return _Closure(self.graphs[name], scope=env)
        if name in self.prims:
            return _Closure(self.prims[name])
        raise _error(f"the node input '{name}' is not defined before its use.")

    def _eval_node(self, node, env, params, depth):
        if node.op_type == "Constant":
            return self._constants[id(node)]
        target = node.op_type[5:] if node.op_type.startswith("REF::") else node.op_type
        args = [self._lookup(name, env, params, depth) for name in node.input]
        if target in self.prims:
            prim = self.prims[target]
            if (prim.op_type or target.split(":")[0]) == "Switch" and len(args) == 3 \
                    and all(isinstance(a, (_Closure, _Switched)) for a in args[1:]):
                return _Switched(args[0], args[1], args[2], env, node)
            try:
                return self._apply_prim(prim, args, depth, params)
            except (TypeError, ValueError) as exc:
                if type(exc).__module__.startswith("jax"):   # tracing signals, handled by the caller
                    raise
                # MindSpore reports what goes wrong inside a loaded graph (shapes, dtypes) as RuntimeError
                raise RuntimeError(f"For the MindIR node '{node.name}' ({prim.op_type}): {exc}") from exc
        if target in self.graphs:
            return self._call_graph(self.graphs[target], args, params, depth + 1, env)
        if target in env or any(target in scope.graph.by_output for scope in _scopes(env)):
            return self._call_value(self._lookup(target, env, params, depth), args, params, depth)
        if target in _STRUCTURAL or target in PRIMITIVES:
            return self._apply_named(target, None, args, depth, params)
        raise RuntimeError(f"Load MindIR failed. The node '{node.name}' calls '{target}', which is neither a "
                           "primitive nor a graph of the file.")

    def _call_value(self, fn, args, params, depth):
        if isinstance(fn, _Closure):
            full = list(fn.args) + list(args)
            if isinstance(fn.target, _Graph):
                return self._call_graph(fn.target, full, params, depth + 1, fn.scope)
            return self._apply_prim(fn.target, full, depth, params)
        if isinstance(fn, _Switched):
            loop = self._loop_of(fn)
            if loop is not None:
                return self._run_loop(fn, loop, args, params, depth)
            if not traced(fn.cond):
                return self._call_value(fn.true_fn if _truth(fn.cond) else fn.false_fn, args, params, depth)

            def branch(f):
                return lambda: to_jax(_to_outputs(self._call_value(f, args, params, depth)))
            cond = to_jax(fn.cond).reshape(())
            return from_jax(jax.lax.cond(cond, branch(fn.true_fn), branch(fn.false_fn)))
        raise RuntimeError(f"Load MindIR failed. A node calls a value of type {type(fn).__name__}, "
                           "which is not a function.")

    # -- while loops: a Switch whose one branch calls the enclosing graph again -----------------------

    def _loop_of(self, sw):
        """``(body is the true branch, body graph, exit input name)`` if ``sw`` is a loop header."""
        header = sw.env.graph
        found = []
        for is_true, fn in ((True, sw.true_fn), (False, sw.false_fn)):
            if isinstance(fn, _Closure) and isinstance(fn.target, _Graph) and len(fn.target.outputs) == 1:
                out = fn.target.by_output.get(fn.target.outputs[0])
                if out is not None and out.op_type in ("REF::" + header.name, header.name):
                    found.append((is_true, fn.target))
        if len(found) != 1:
            return None
        return found[0]

    def _header_env(self, sw, state):
        header = sw.env.graph
        return _Env(zip(header.inputs, state), header, sw.env.outer)

    def _loop_step(self, sw, body_is_true, body, state, params, depth):
        """The header's inputs for the next iteration: the body run up to its call of the header."""
        env = self._header_env(sw, state)
        closure = self._lookup(sw.node.input[1 if body_is_true else 2], env, params, depth)
        body_env = _Env(zip(body.inputs, closure.args), body, closure.scope)
        call = body.by_output[body.outputs[0]]
        return [self._lookup(name, body_env, params, depth + 1) for name in call.input]

    def _run_loop(self, sw, loop, args, params, depth):
        body_is_true, body = loop
        header = sw.env.graph
        cond_name = sw.node.input[0]
        state = [sw.env[name] for name in header.inputs]

        def cond_of(st):
            c = self._lookup(cond_name, self._header_env(sw, st), params, depth)
            return c

        if not traced(sw.cond) and not any(traced(v) for v in state):
            for _ in range(1_000_000):
                if _truth(cond_of(state)) != body_is_true:
                    break
                state = self._loop_step(sw, body_is_true, body, state, params, depth)
        else:
            if any(not isinstance(v, (Tensor, int, float, bool)) for v in state):
                raise RuntimeError(f"MindIR loop '{header.name}': its state holds a value that is not a Tensor or "
                                   "number, which a compiled loop cannot carry.")
            init = [to_jax(v) if isinstance(v, Tensor) else jax.numpy.asarray(v) for v in state]

            def cond_fun(st):
                c = to_jax(cond_of(from_jax(list(st)))).reshape(())
                return c if body_is_true else jax.numpy.logical_not(c)

            def body_fun(st):
                new = self._loop_step(sw, body_is_true, body, from_jax(list(st)), params, depth)
                return [jax.numpy.asarray(to_jax(n), dtype=o.dtype).reshape(o.shape) for n, o in zip(new, st)]

            state = from_jax(list(jax.lax.while_loop(cond_fun, body_fun, init)))
        env = self._header_env(sw, state)
        exit_fn = self._lookup(sw.node.input[2 if body_is_true else 1], env, params, depth)
        return self._call_value(exit_fn, args, params, depth)

    def _apply_prim(self, prim, args, depth, params):
        name = prim.op_type or prim.name.split(":")[0]
        return self._apply_named(name, prim, args, depth, params)

    def _apply_named(self, name, prim, args, depth, params):
        structural = _STRUCTURAL.get(name)
        if structural is not None:
            return structural(self, args, depth, params)
        args = [a for a in args if a is not _MONAD]
        special = _SPECIAL.get(name)
        if special is not None:
            return special(*args)
        cls = PRIMITIVES.get(name)
        if cls is None:
            raise RuntimeError(f"Load MindIR failed. The primitive '{name}' in the MindIR file is not supported "
                               "by mscompat.")
        if prim is not None and prim.prim_type != _PRIM_FUNCTION:
            instance = self._prim_cache.get(prim.name)
            if instance is None:
                instance = self._prim_cache[prim.name] = _from_attributes(cls, name, prim)
            return instance(*args)
        return _from_inputs(cls, name, args)


def _scopes(env):
    while env is not None:
        yield env
        env = env.outer


def _init_params(cls):
    try:
        sig = inspect.signature(cls.__init__)
    except (TypeError, ValueError):
        return []
    return [p for p in list(sig.parameters.values())[1:] if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def _convert_arg(pname, default, value):
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    if pname in _ENUMS and (isinstance(default, str) or default is None or default is inspect.Parameter.empty):
        return _ENUMS[pname].get(value, value)
    if pname in _DTYPE_ARGS and value in TYPE_IDS:
        return TYPE_IDS[value]
    return value


def _from_attributes(cls, name, prim):
    """A PRIMITIVE node's Primitive, its constructor arguments taken from the primitive's attributes."""
    attrs = {a.name: a for a in prim.attribute}
    kwargs = {}
    for p in _init_params(cls):
        a = attrs.get(p.name) or attrs.get(_ATTR_ALIASES.get(p.name, ""))
        if a is not None:
            kwargs[p.name] = _convert_arg(p.name, p.default, attribute_value(a))
        elif p.default is inspect.Parameter.empty:
            raise RuntimeError(f"Load MindIR failed. The primitive '{name}' has no attribute '{p.name}'.")
    return cls(**kwargs)


def _from_inputs(cls, name, args):
    """A PRIMITIVE_FUNCTION node: the trailing inputs are the constructor's arguments."""
    params = _init_params(cls)
    n = len(params)
    if n > len(args):
        raise RuntimeError(f"Load MindIR failed. The primitive '{name}' got {len(args)} inputs, but needs its "
                           f"{n} constructor arguments among them.")
    call_args, init_args = (args[:len(args) - n], args[len(args) - n:]) if n else (args, [])
    init = [_convert_arg(p.name, p.default, v) for p, v in zip(params, init_args)]
    return cls(*init)(*_call_inputs(cls, call_args))


def _call_inputs(cls, args):
    """Call inputs with a dtype stored as a type id (``Zeros(shape, dtype)``) turned into the dtype."""
    impl = getattr(cls, "_impl", None)
    if impl is None or not any(isinstance(a, int) and not isinstance(a, bool) for a in args):
        return args
    try:
        names = list(inspect.signature(impl).parameters)
    except (TypeError, ValueError):
        return args
    return [TYPE_IDS[a] if i < len(names) and names[i] in _CALL_DTYPE_ARGS and isinstance(a, int)
            and not isinstance(a, bool) and a in TYPE_IDS else a for i, a in enumerate(args)]


def _to_outputs(value):
    if isinstance(value, (tuple, list)):
        return tuple(_to_outputs(v) for v in value)
    if isinstance(value, Parameter):
        return Tensor(value)
    return value


# -- nodes without a Primitive of their own ----------------------------------------------------------


def _load(graph, args, depth, params):
    return args[0]


def _depend(graph, args, depth, params):
    return args[0]


def _update_state(graph, args, depth, params):
    return _MONAD


def _make_tuple(graph, args, depth, params):
    return tuple(a for a in args if a is not _MONAD)


def _make_list(graph, args, depth, params):
    return [a for a in args if a is not _MONAD]


def _tuple_getitem(graph, args, depth, params):
    seq, index = args[0], args[1]
    if isinstance(index, Tensor):
        index = int(index.asnumpy())
    return seq[index]


def _partial(graph, args, depth, params):
    fn = args[0]
    if not isinstance(fn, _Closure):
        raise RuntimeError("Load MindIR failed. 'Partial' needs a graph or primitive as its first input.")
    return _Closure(fn.target, list(fn.args) + [a for a in args[1:] if a is not _MONAD], fn.scope)


def _truth(cond):
    return bool(cond.asnumpy() if isinstance(cond, Tensor) else cond)


def _switch(graph, args, depth, params):
    """``Switch`` of values (not functions): the chosen one; ``select`` for a traced condition."""
    cond, a, b = args[0], args[1], args[2]
    if traced(cond):
        return ops.select(cond, a, b)
    return a if _truth(cond) else b


def _return(graph, args, depth, params):
    return args[0]


_STRUCTURAL = {
    "Load": _load, "Depend": _depend, "UpdateState": _update_state, "MakeTuple": _make_tuple,
    "make_tuple": _make_tuple, "MakeList": _make_list, "TupleGetItem": _tuple_getitem,
    "tuple_getitem": _tuple_getitem, "ListGetItem": _tuple_getitem, "list_getitem": _tuple_getitem,
    "RealTupleGetItem": _tuple_getitem, "Partial": _partial, "Switch": _switch, "Return": _return,
}


def _cast(x, dtype):
    if isinstance(dtype, int):
        dtype = TYPE_IDS.get(dtype, dtype)
    return ops.cast(x, dtype)


def _scalar_of(v):
    return v.item() if isinstance(v, Tensor) else v


_SPECIAL = {
    "Cast": _cast,
    "Muls": lambda x, other: ops.mul(x, other), "Divs": lambda x, other: ops.div(x, other),
    "Adds": lambda x, other, alpha=1: ops.add(x, other * alpha),
    "Subs": lambda x, other, alpha=1: ops.sub(x, other * alpha),
    "GroupNorm": lambda x, groups, weight=None, bias=None, eps=1e-5: _group_norm(x, groups, weight, bias, eps),
    "Shape": lambda x: tuple(x.shape),
    "TensorShape": lambda x: Tensor(np.array(x.shape, np.int64)),
    "ScalarAdd": lambda a, b: a + b, "ScalarSub": lambda a, b: a - b, "ScalarMul": lambda a, b: a * b,
    "ScalarDiv": lambda a, b: a / b, "ScalarFloorDiv": lambda a, b: a // b, "ScalarMod": lambda a, b: a % b,
    "ScalarToTensor": lambda v, dtype=None: Tensor(v, _cast_type(dtype)),
    "TupleToTensor": lambda v, dtype=None: Tensor(list(v), _cast_type(dtype)),
    "TensorToScalar": _scalar_of, "TensorToTuple": lambda t: tuple(t.asnumpy().tolist()),
    "SumExt": lambda x, dim=None, keepdim=False, dtype=None: ops.sum(x, dim, keepdim, dtype=_cast_type(dtype)),
    "MeanExt": lambda x, dim=None, keepdim=False, dtype=None: ops.mean(x, dim, keepdim),
    "Identity": lambda x: x,
    "SiLU": lambda x: ops.silu(x),
    "LeakyReLUExt": lambda x, slope=0.01: ops.leaky_relu(x, slope),
    "ClampScalar": lambda x, lo=None, hi=None: ops.clamp(x, lo, hi),
    "ClampTensor": lambda x, lo=None, hi=None: ops.clamp(x, lo, hi),
    "ProdExt": lambda x, dim=None, keepdim=False, dtype=None: ops.prod(x, dim, keepdim, dtype=_cast_type(dtype)),
    # operators of MindSpore's op tables with torch-style arguments (what mint and some functional ops export)
    "AddExt": lambda x, y, alpha=1: ops.add(x, y if alpha == 1 else ops.mul(y, alpha)),
    "SubExt": lambda x, y, alpha=1: ops.sub(x, y if alpha == 1 else ops.mul(y, alpha)),
    "AddScalar": lambda x, y, alpha=1: ops.add(x, y * alpha),
    "SubScalar": lambda x, y, alpha=1: ops.sub(x, y * alpha),
    "EqScalar": lambda x, y: ops.equal(x, y), "LessScalar": lambda x, y: ops.less(x, y),
    "GreaterEqualScalar": lambda x, y: ops.greater_equal(x, y),
    "PowTensorScalar": lambda x, e: ops.pow(x, e), "PowScalarTensor": lambda x, e: ops.pow(x, e),
    "FloorDivScalar": lambda x, y: ops.floor_divide(x, y), "RemainderTensorScalar": lambda x, y: ops.remainder(x, y),
    "MatMulExt": lambda x, y: ops.matmul(x, y), "BatchMatMulExt": lambda x, y: ops.matmul(x, y),
    "FlattenExt": lambda x, start=0, end=-1: ops.flatten(x, start_dim=start, end_dim=end),
    "StackExt": lambda tensors, dim=0: ops.stack(tensors, dim),
    "GeluExt": lambda x, approximate=0: ops.gelu(x, "tanh" if approximate in (1, "tanh") else "none"),
    "SoftplusExt": lambda x, beta=1, threshold=20: ops.softplus(x, beta, threshold),
    "EluExt": lambda x, alpha=1.0: ops.elu(x, alpha),
    "OnesLikeExt": lambda x, dtype=None: ops.ones_like(x, dtype=_cast_type(dtype)),
    "ZerosLikeExt": lambda x, dtype=None: ops.zeros_like(x, dtype=_cast_type(dtype)),
    "ArgMaxExt": lambda x, dim=None, keepdim=False: ops.argmax(x, dim, keepdim),
    "ArgMinExt": lambda x, dim=None, keepdim=False: ops.argmin(x, dim, keepdim),
    "CumsumExt": lambda x, dim, dtype=None: ops.cumsum(x, dim, dtype=_cast_type(dtype)),
    "TrilExt": lambda x, diagonal=0: ops.tril(x, diagonal),
    "LogSoftmaxExt": lambda x, dim=None, dtype=None: ops.log_softmax(x if dtype is None else ops.cast(
        x, _cast_type(dtype)), -1 if dim is None else dim),
    # in-place operators (``x += y`` in a network): a loaded graph uses their outputs, so they run as
    # their out-of-place forms
    "InplaceAddExt": lambda x, y, alpha=1: ops.add(x, y if alpha == 1 else ops.mul(y, alpha)),
    "InplaceAddsExt": lambda x, y, alpha=1: ops.add(x, y * alpha),
    "InplaceSubExt": lambda x, y, alpha=1: ops.sub(x, y if alpha == 1 else ops.mul(y, alpha)),
    "InplaceSubScalar": lambda x, y, alpha=1: ops.sub(x, y * alpha),
    "InplaceMul": lambda x, y: ops.mul(x, y), "InplaceMuls": lambda x, y: ops.mul(x, y),
    "InplaceDiv": lambda x, y: ops.div(x, y), "InplaceDivs": lambda x, y: ops.div(x, y),
    "InplaceReLU": lambda x: ops.relu(x), "InplaceSigmoid": lambda x: ops.sigmoid(x),
    "InplaceSiLU": lambda x: ops.silu(x), "InplaceTanh": lambda x: ops.tanh(x), "InplaceExp": lambda x: ops.exp(x),
    "InplaceLog": lambda x: ops.log(x), "InplaceFloor": lambda x: ops.floor(x),
    "InplaceClampScalar": lambda x, lo=None, hi=None: ops.clamp(x, lo, hi),
    "InplaceClampTensor": lambda x, lo=None, hi=None: ops.clamp(x, lo, hi),
    "InplaceHardtanh": lambda x, lo=-1.0, hi=1.0: ops.clamp(x, lo, hi),
    "InplaceElu": lambda x, alpha=1.0: ops.elu(x, alpha),
    "InplaceZero": lambda x: ops.zeros_like(x), "InplaceFillScalar": lambda x, v: ops.full_like(x, v),
    # scalar arithmetic of shapes (dynamic-shape graphs)
    "ScalarCast": lambda v, t: _scalar_cast(v, t),
    "ScalarLt": lambda a, b: a < b, "ScalarGt": lambda a, b: a > b, "ScalarLe": lambda a, b: a <= b,
    "ScalarGe": lambda a, b: a >= b, "ScalarEq": lambda a, b: a == b, "ScalarNe": lambda a, b: a != b,
    "ScalarUsub": lambda a: -a, "ScalarPow": lambda a, b: a ** b, "BoolNot": lambda a: not a,
    "ScalarBool": lambda a: bool(a),
}


def _group_norm(x, groups, weight, bias, eps):
    """MindSpore's GroupNorm outputs: the normalized input, and the mean and 1/std per (sample, group)."""
    grouped = ops.reshape(x, (x.shape[0], groups, -1))
    mean = ops.mean(grouped, -1)
    rstd = ops.rsqrt(ops.mean(ops.square(grouped - ops.expand_dims(mean, -1)), -1) + eps)
    return ops.group_norm(x, groups, weight, bias, eps), mean, rstd


def _scalar_cast(value, type_):
    dtype = _cast_type(type_)
    value = _scalar_of(value)
    if dtype in (mstype.bool_,):
        return bool(value)
    if mstype.dtype_to_nptype(dtype).kind in "iu":
        return int(value)
    return float(value)


def _cast_type(dtype):
    return TYPE_IDS.get(dtype, dtype) if isinstance(dtype, int) and not isinstance(dtype, bool) else dtype


def load_mindir_file(file_name):
    """Parse ``file_name`` into a :class:`MindIRGraph`; RuntimeError if it is no MindIR file."""
    with open(file_name, "rb") as f:
        data = f.read()
    model = mir.ModelProto()
    try:
        model.ParseFromString(data)
    except (mir.DecodeError, ValueError, RuntimeError) as exc:
        raise RuntimeError("Load MindIR failed.") from exc
    if not data or not model.graph.name or not len(model.graph.output):
        raise RuntimeError("Load MindIR failed.")
    return MindIRGraph(model, file_name)
