"""Writing a network as MindSpore MindIR (``export(..., file_format="MINDIR")``).

The network's forward pass (in its current mode, as MindSpore exports it) is traced to a jaxpr with the state
threading every compiled call uses (``mscompat._graph.Compiled``): its Parameters become graph
parameters named as in MindSpore, with their values, and its Tensor inputs the graph inputs. Each
lax primitive of the jaxpr is then written as the MindSpore operator(s) computing the same thing,
in the form MindSpore 2.10's own exporter gives them, so that ``mindspore.load`` builds the graph
and ``nn.GraphCell`` runs it:

* nodes call primitives of the model's ``primitives`` table by ``op_type = "REF::<Name>:<id>"``;
  operators defined by MindSpore's op tables (``Add``, ``Reshape``, ``MatMul``, ``ReduceSum``...)
  are ``PRIMITIVE_FUNCTION`` entries whose arguments (shapes, axes, flags, dtypes) are inputs
  (``Constant`` value nodes); older ones (``Conv2D``, ``MaxPool``) are ``PRIMITIVE`` entries
  with attributes;
* every node carries its output's abstract (``shape`` attribute); parameters carry ``raw_data``
  and ``ref_key`` (the Parameter's name); several outputs leave through a ``MakeTuple``.

Parts of the jaxpr that do not depend on the inputs or Parameters are evaluated here and written
as constants; nested calls (``jit``, ``custom_jvp_call``, ``custom_vjp_call``, ``remat``) are
inlined; ``cond`` (an ``if`` on a Tensor) becomes both branches and a Select, ``scan`` (recurrent
layers) and ``while`` loops with a condition known while tracing are written out step by step.
An input with ``None`` dimensions (``Tensor(shape=[None, ...], dtype=...)``) is traced twice with
two sizes for them; what differs between the two graphs is written as ``-1``, as MindSpore does.
A primitive with no MindSpore counterpart here raises a ``RuntimeError`` naming it.
"""
import inspect
import math
import os
import stat

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
from jax.extend import core as jex_core

from . import _mindir_proto as mir
from mscompat import _graph, _state
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.common import dtype as mstype
from mscompat.version import __version__ as _MS_VERSION

__all__ = ["export_mindir"]

_A = mir.AttributeProto
_FUNCTION = mir.PrimitiveProto.PRIMITIVE_FUNCTION
_PRIMITIVE = mir.PrimitiveProto.PRIMITIVE

# numpy dtype -> TensorProto.DataType (data_type of tensors) and MindSpore TypeId (Cast's dtype input)
_DTYPES = {
    np.dtype(np.bool_): (mir.TensorProto.BOOL, 30),
    np.dtype(np.int8): (mir.TensorProto.INT8, 32),
    np.dtype(np.int16): (mir.TensorProto.INT16, 33),
    np.dtype(np.int32): (mir.TensorProto.INT32, 34),
    np.dtype(np.int64): (mir.TensorProto.INT64, 35),
    np.dtype(np.uint8): (mir.TensorProto.UINT8, 37),
    np.dtype(np.uint16): (mir.TensorProto.UINT16, 38),
    np.dtype(np.uint32): (mir.TensorProto.UINT32, 39),
    np.dtype(np.uint64): (mir.TensorProto.UINT64, 40),
    np.dtype(np.float16): (mir.TensorProto.FLOAT16, 42),
    np.dtype(np.float32): (mir.TensorProto.FLOAT, 43),
    np.dtype(np.float64): (mir.TensorProto.DOUBLE, 44),
    np.dtype(ml_dtypes.bfloat16): (mir.TensorProto.BFLOAT16, 45),
    np.dtype(np.complex64): (mir.TensorProto.COMPLEX64, 48),
    np.dtype(np.complex128): (mir.TensorProto.COMPLEX128, 49),
}

_FOLD_LIMIT = 4096     # a broadcast of a constant larger than this stays a BroadcastTo node
_SHARED_TENSOR_SIZE = 64      # tensor value nodes up to this size are shared by equal values
_MATERIALIZE_LIMIT = 1 << 20   # a broadcast constant larger than this is not computed here (nor folded further)


class _Unsupported(Exception):
    def __init__(self, primitive, why=""):
        super().__init__(primitive, why)
        self.primitive, self.why = primitive, why


def _data_type(dtype):
    entry = _DTYPES.get(np.dtype(dtype))
    if entry is None:
        raise _Unsupported("dtype", f"tensors of dtype {np.dtype(dtype)} cannot be written to MINDIR")
    return entry[0]


def _type_id(dtype):
    entry = _DTYPES.get(np.dtype(dtype))
    if entry is None:
        raise _Unsupported("convert_element_type", f"no MindSpore dtype for {np.dtype(dtype)}")
    return entry[1]


def _dims(shape):
    """A shape as MindIR writes it (every trace is static: a dynamic dimension becomes -1 when the
    two traces of a dynamic-shape export are merged, see :func:`_merge_graph`)."""
    return [int(d) for d in shape]


def _same_shape(a, b):
    return tuple(int(d) for d in a) == tuple(int(d) for d in b)


# --- attribute values ------------------------------------------------------------------------
def _fill(attr, value):
    """``attr`` holding a Python value the way MindSpore's exporter writes one."""
    if value is None:
        attr.type = _A.NONE
    elif isinstance(value, (bool, np.bool_)):
        attr.type, attr.i = _A.BOOL, int(value)
    elif isinstance(value, (int, np.integer)):
        attr.type, attr.i = _A.INT64, int(value)
    elif isinstance(value, (float, np.floating)):
        attr.type, attr.f = _A.FLOAT, float(value)
    elif isinstance(value, str):
        attr.type, attr.s = _A.STRING, value.encode()
    elif isinstance(value, np.ndarray):
        attr.type = _A.TENSORS
        t = attr.tensors.add(dims=list(value.shape), data_type=_data_type(value.dtype), name="value0")
        t.raw_data = np.ascontiguousarray(value).astype(value.dtype.newbyteorder("<")).tobytes()
    elif isinstance(value, tuple):
        attr.type = _A.TUPLE
        for item in value:
            _fill_item(attr.values.add(), item)
    elif isinstance(value, list):
        attr.type = _A.LIST
        for item in value:
            _fill_item(attr.values.add(), item)
    else:   # pragma: no cover - the writer only makes the values above
        raise TypeError(f"cannot write {type(value).__name__} as a MINDIR attribute")


def _fill_item(attr, item):
    """An element of a tuple/list attribute: scalars in the repeated fields (``ints: 5``)."""
    if isinstance(item, (bool, np.bool_)):
        attr.type = _A.BOOL
        attr.ints.append(int(item))
    elif isinstance(item, (int, np.integer)):
        attr.type = _A.INT64
        attr.ints.append(int(item))
    elif isinstance(item, (float, np.floating)):
        attr.type = _A.FLOAT
        attr.floats.append(float(item))
    elif isinstance(item, str):
        attr.type = _A.STRING
        attr.strings.append(item.encode())
    else:
        _fill(attr, item)


def _abstract(attr, avals):
    """The ``shape`` attribute of a node: its output's abstract (a tensor, or a tuple of them)."""
    attr.name = "shape"
    if isinstance(avals, list):
        attr.type = _A.TUPLE
        for shape, dtype in avals:
            _abstract_tensor(attr.values.add(), shape, dtype)
        attr.seq_info.is_dyn_len = False
    else:
        _abstract_tensor(attr, *avals)


def _abstract_tensor(attr, shape, dtype):
    attr.type = _A.TENSORS
    attr.tensors.add(dims=_dims(shape), data_type=_data_type(dtype))


# --- values of the translation ---------------------------------------------------------------
class _Val:
    """A jaxpr value as the writer knows it: a graph name (node, input, parameter), a constant
    (numpy array, written as a value node when used), or a broadcast not written yet (``lazy``:
    the operand reshaped to the output's rank, which MindSpore's elementwise operators broadcast
    implicitly)."""

    __slots__ = ("name", "const", "shape", "dtype", "lazy")

    def __init__(self, shape, dtype, name=None, const=None, lazy=None):
        self.shape, self.dtype, self.name, self.const, self.lazy = tuple(shape), np.dtype(dtype), name, const, lazy

    @classmethod
    def constant(cls, value):
        value = np.asarray(value)
        return cls(value.shape, value.dtype, const=value)


class _Writer:
    """One ``ModelProto`` being written: nodes, value nodes, parameters and the primitives table."""

    def __init__(self, graph_name):
        self.model = mir.ModelProto(ir_version="1.1", producer_name="MindSpore", model_version=_MS_VERSION,
                                    little_endian=True, mind_ir_version=mir.Version["IR_VERSION_WITH_SCALAR_GRAPH_HOLDER"])
        self.graph = self.model.graph
        self.graph.name = graph_name
        self.count = 0
        self.prims = {}           # (op, attrs, kind) -> "REF::<op>:<id>"
        self.values = {}          # value node key -> name
        self.const_names = {}     # id(array) -> (array, name)
        self.ops_used = {}        # op -> count, for node domains

    def _next(self):
        self.count += 1
        return self.count

    def prim(self, op, attrs=None, kind=_FUNCTION, instance_name=""):
        key = (op, repr(attrs), kind)
        ref = self.prims.get(key)
        if ref is None:
            name = f"{op}:{self._next()}"
            p = self.model.primitives.add(name=name, op_type=op, instance_name=instance_name, prim_type=kind)
            for attr_name, value in (attrs or {}).items():
                a = p.attribute.add(name=attr_name)
                _fill(a, value)
            ref = self.prims[key] = f"REF::{name}"
        return ref

    def value_node(self, value, share=True):
        """A ``Constant`` node holding a scalar, tuple, None or tensor value; shared by equal values
        (unless ``share`` is false: the shapes of Reshape/BroadcastTo, which a dynamic dimension
        makes differ from one trace to the other)."""
        if not share:
            key = None
        elif isinstance(value, np.ndarray) and value.size <= _SHARED_TENSOR_SIZE:   # by value
            key = ("tensor", value.dtype.str, value.shape, value.tobytes())
            if key in self.values:
                return self.values[key]
        elif isinstance(value, np.ndarray):                                      # by identity
            hit = self.const_names.get(id(value))
            if hit is not None and hit[0] is value:
                return hit[1]
            key = None
        else:
            key = (type(value).__name__, repr(value))
            if key in self.values:
                return self.values[key]
        name = f"ValueNode_{self._next()}"
        n = self.graph.node.add(output=[name], name=name, op_type="Constant")
        a = n.attribute.add(name="value")
        _fill(a, value)
        if key is not None:
            self.values[key] = name
        elif share:
            self.const_names[id(value)] = (value, name)
        return name

    def node(self, op, inputs, avals, attrs=None, kind=_FUNCTION, instance_name=""):
        """A CNode calling primitive ``op``; ``inputs`` are names or plain values (value nodes)."""
        share = op not in ("Reshape", "BroadcastTo")
        names = [x if isinstance(x, str) else self.value_node(x, share) for x in inputs]
        k = self._next()
        name = f"{self.graph.name}:CNode_{k}:{k}"
        n = self.graph.node.add(input=names, output=[name], name=name,
                                op_type=self.prim(op, attrs, kind, instance_name))
        _abstract(n.attribute.add(), avals)
        used = self.ops_used.get(op, 0)
        self.ops_used[op] = used + 1
        n.domain = f"Default/{op}-op{used}"
        ck = n.node_attr.add(name="checkpoint")
        _fill(ck, True)
        return name


class _Translator:
    """Writes a jaxpr's equations as MindSpore nodes."""

    def __init__(self, writer):
        self.w = writer
        self.bcast_cache = {}

    # --- reading values --------------------------------------------------------------------
    def name(self, v):
        """The graph name of ``v``: a value node for a constant, a BroadcastTo for a broadcast (also
        for a large constant that is a broadcast: the small operand is written, not the result)."""
        if v.name is not None:
            return v.name
        if v.const is not None and (v.lazy is None or v.const.size <= _FOLD_LIMIT):
            return self.w.value_node(v.const)
        key = id(v)
        hit = self.bcast_cache.get(key)
        if hit is None:
            inner = v.lazy
            hit = self.bcast_cache[key] = self.w.node(
                "BroadcastTo", [self.name(inner), tuple(_dims(v.shape))], (v.shape, v.dtype))
        return hit

    def emit(self, op, inputs, shape, dtype, **kw):
        return _Val(shape, dtype, name=self.w.node(op, inputs, (shape, dtype), **kw))

    def reshape(self, v, shape):
        if _same_shape(v.shape, shape):
            return v
        if v.const is not None:
            return _Val.constant(v.const.reshape([int(d) for d in shape]))
        return self.emit("Reshape", [self.name(v), tuple(_dims(shape))], shape, v.dtype)

    def transpose(self, v, perm):
        perm = tuple(int(p) for p in perm)
        if perm == tuple(range(len(perm))):
            return v
        if v.const is not None:
            return _Val.constant(np.transpose(v.const, perm))
        return self.emit("Transpose", [self.name(v), perm], tuple(v.shape[p] for p in perm), v.dtype)

    def cast(self, v, dtype):
        dtype = np.dtype(dtype)
        if v.dtype == dtype:
            return v
        if v.const is not None:
            return _Val.constant(v.const.astype(dtype))
        return self.emit("Cast", [self.name(v), _type_id(dtype)], v.shape, dtype)

    def elementwise(self, op, ins, out_shape, out_dtype):
        """An elementwise operator with MindSpore's implicit broadcasting: a lazy broadcast operand
        stays unbroadcast when another operand has the output's shape."""
        full = any(v.lazy is None and _same_shape(v.shape, out_shape) for v in ins)
        if not full and any(v.lazy is not None for v in ins):
            # no operand gives the output's shape: one broadcast is written out
            first = next(i for i, v in enumerate(ins) if v.lazy is not None)
            ins = list(ins)
            ins[first] = _Val(ins[first].shape, ins[first].dtype, name=self.name(ins[first]))
        names = [self.name(v.lazy if (v.lazy is not None) else v) for v in ins]
        return self.emit(op, names, out_shape, out_dtype)

    # --- running a jaxpr ---------------------------------------------------------------------
    def run(self, jaxpr, consts, args):
        env = {}

        def read(a):
            if isinstance(a, jex_core.Literal):
                return _Val.constant(np.asarray(a.val, dtype=a.aval.dtype))
            return env[a]

        for var, c in zip(jaxpr.constvars, consts):
            env[var] = _Val.constant(np.asarray(c))
        for var, x in zip(jaxpr.invars, args):
            env[var] = x
        needed = _needed_equations(jaxpr)
        for eqn, keep in zip(jaxpr.eqns, needed):
            if not keep:
                continue
            ins = [read(a) for a in eqn.invars]
            outs = self.equation(eqn, ins)
            for var, val in zip(eqn.outvars, outs):
                if not isinstance(var, jex_core.DropVar):
                    env[var] = val
        return [read(a) for a in jaxpr.outvars]

    def equation(self, eqn, ins):
        prim = eqn.primitive.name
        inner = _inner_jaxpr(eqn)
        if inner is not None:
            jaxpr, consts = inner
            return self.run(jaxpr, consts, ins)
        if all(v.const is not None for v in ins) and prim != "broadcast_in_dim":
            return _fold(eqn, ins)
        avals = [v.aval for v in eqn.outvars]
        if avals and all(0 in tuple(a.shape) for a in avals):     # empty results are constants
            return [_Val.constant(np.zeros(a.shape, a.dtype)) for a in avals]
        handler = _HANDLERS.get(prim)
        if handler is None:
            raise _Unsupported(prim)
        out = handler(self, eqn, ins)
        return out if isinstance(out, list) else [out]


def _needed_equations(jaxpr):
    live = {v for v in jaxpr.outvars if not isinstance(v, jex_core.Literal)}
    keep = [False] * len(jaxpr.eqns)
    for i in range(len(jaxpr.eqns) - 1, -1, -1):
        eqn = jaxpr.eqns[i]
        if any(o in live for o in eqn.outvars if not isinstance(o, jex_core.DropVar)):
            keep[i] = True
            live.update(v for v in eqn.invars if not isinstance(v, jex_core.Literal))
    return keep


_CALLS = {"pjit": "jaxpr", "jit": "jaxpr", "closed_call": "call_jaxpr", "core_call": "call_jaxpr",
          "custom_jvp_call": "call_jaxpr", "custom_vjp_call": "call_jaxpr", "custom_vjp_call_jaxpr": "fun_jaxpr",
          "remat": "jaxpr", "checkpoint": "jaxpr", "remat2": "jaxpr"}


def _inner_jaxpr(eqn):
    """The body of a call-like equation (inlined), as (open jaxpr, consts), else None."""
    prim = eqn.primitive.name
    if prim not in _CALLS:
        return None
    body = eqn.params.get(_CALLS[prim])
    if body is None:
        return None
    if hasattr(body, "jaxpr") and hasattr(body, "consts"):
        return body.jaxpr, body.consts
    return body, ()


def _fold(eqn, ins):
    """An equation whose inputs are all constants, evaluated now."""
    args = [jnp.asarray(v.const) for v in ins]
    with jax.ensure_compile_time_eval():
        out = eqn.primitive.bind(*args, **eqn.params)
    outs = out if eqn.primitive.multiple_results else [out]
    return [_Val.constant(np.asarray(o)) for o in outs]


# --- handlers: one lax primitive -> MindSpore operators ---------------------------------------
def _out(eqn, i=0):
    aval = eqn.outvars[i].aval
    return tuple(aval.shape), np.dtype(aval.dtype)


def _elementwise(op_float, op_int=None, op_bool=None):
    def handler(tr, eqn, ins):
        shape, dtype = _out(eqn)
        kind = ins[0].dtype
        op = op_float
        if op_bool is not None and kind == np.bool_:
            op = op_bool
        elif op_int is not None and (np.issubdtype(kind, np.integer) or kind == np.bool_):
            op = op_int
        if op is None:
            raise _Unsupported(eqn.primitive.name, f"not for {kind} operands")
        return tr.elementwise(op, ins, shape, dtype)
    return handler


def _rem(tr, eqn, ins):
    """``lax.rem`` (C's fmod: the sign of the dividend) is MindSpore's TruncateMod."""
    shape, dtype = _out(eqn)
    x, y = (v if v.lazy is None else _Val(v.shape, v.dtype, name=tr.name(v)) for v in ins)
    attrs = {"output_names": ["output"], "input_names": ["x", "y"]}
    return tr.emit("TruncateMod", [tr.name(x), tr.name(y)], shape, dtype, attrs=attrs, kind=_PRIMITIVE,
                   instance_name="truncate_mod")


def _round(tr, eqn, ins):
    """``lax.round``: to nearest even is MindSpore's Round; away from zero is sign(x) * floor(|x| + 0.5)."""
    shape, dtype = _out(eqn)
    x = ins[0] if ins[0].lazy is None else _Val(ins[0].shape, ins[0].dtype, name=tr.name(ins[0]))
    if int(eqn.params["rounding_method"]) == int(jax.lax.RoundingMethod.TO_NEAREST_EVEN):
        return tr.emit("Round", [tr.name(x), 0], shape, dtype)
    half = _Val.constant(np.asarray(0.5, dtype))
    magnitude = tr.elementwise("Floor", [tr.elementwise("Add", [tr.elementwise("Abs", [x], shape, dtype), half],
                                                          shape, dtype)], shape, dtype)
    return tr.elementwise("Mul", [tr.elementwise("Sign", [x], shape, dtype), magnitude], shape, dtype)


def _passthrough(tr, eqn, ins):
    return list(ins[:len(eqn.outvars)])


def _integer_pow(tr, eqn, ins):
    shape, dtype = _out(eqn)
    y = eqn.params["y"]
    if y == 2:
        return tr.elementwise("Square", ins, shape, dtype)
    if y == 1:
        return ins[0]
    exponent = _Val.constant(np.asarray(y, dtype=dtype))
    return tr.elementwise("Pow", [ins[0], exponent], shape, dtype)


def _exp2(tr, eqn, ins):
    shape, dtype = _out(eqn)
    return tr.elementwise("Pow", [_Val.constant(np.asarray(2, dtype=dtype)), ins[0]], shape, dtype)


def _convert(tr, eqn, ins):
    shape, dtype = _out(eqn)
    return tr.cast(ins[0], dtype)


def _select_n(tr, eqn, ins):
    shape, dtype = _out(eqn)
    pred, cases = ins[0], ins[1:]
    if pred.dtype != np.bool_ or len(cases) != 2:
        raise _Unsupported("select_n", "only a boolean predicate with two cases")
    return tr.elementwise("Select", [pred, cases[1], cases[0]], shape, dtype)


def _clamp(tr, eqn, ins):
    lo, x, hi = ins
    shape, dtype = _out(eqn)
    y = tr.elementwise("Maximum", [x, lo], shape, dtype)
    return tr.elementwise("Minimum", [y, hi], shape, dtype)


def _reshape(tr, eqn, ins):
    shape, _ = _out(eqn)
    x = ins[0]
    if x.lazy is not None:
        x = _Val(x.shape, x.dtype, name=tr.name(x))
    return tr.reshape(x, shape)


def _broadcast_in_dim(tr, eqn, ins):
    shape, dtype = _out(eqn)
    x = ins[0]
    dims = eqn.params["broadcast_dimensions"]
    aligned = [1] * len(shape)
    for src, dst in enumerate(dims):
        aligned[dst] = x.shape[src]
    if x.const is not None:      # a constant, kept with its small form for implicit broadcasting
        base = _Val.constant(x.const.reshape(aligned))
        if _same_shape(base.shape, shape):
            return base
        full = np.broadcast_to(base.const, shape).copy() if math.prod(shape) <= _MATERIALIZE_LIMIT else None
        return _Val(shape, dtype, const=full, lazy=base)
    base = x if x.lazy is None else _Val(x.shape, x.dtype, name=tr.name(x))
    base = tr.reshape(base, tuple(aligned))
    if _same_shape(base.shape, shape):
        return base
    return _Val(shape, dtype, lazy=base)


def _transpose(tr, eqn, ins):
    x = ins[0]
    if x.lazy is not None:
        x = _Val(x.shape, x.dtype, name=tr.name(x))
    return tr.transpose(x, eqn.params["permutation"])


def _concatenate(tr, eqn, ins):
    shape, dtype = _out(eqn)
    ins = [v for v in ins if 0 not in v.shape] or ins[:1]
    if len(ins) == 1:
        return ins[0]
    names = [tr.name(v) for v in ins]
    tup = tr.w.node("MakeTuple", names, [(v.shape, v.dtype) for v in ins], kind=_PRIMITIVE)
    return tr.emit("Concat", [tup, int(eqn.params["dimension"])], shape, dtype)


def _strided_slice(tr, x, begin, end, strides, shape):
    """StridedSlice; a slice reaching the end of a dimension sets its ``end_mask`` bit (end 0), as
    MindSpore writes ``x[a:]``, so that it holds for any size of that dimension."""
    end, end_mask = list(end), 0
    for i, (e, d, st) in enumerate(zip(end, x.shape, strides)):
        if st > 0 and int(e) >= int(d):
            end[i] = 0
            end_mask |= 1 << i
    return tr.emit("StridedSlice", [tr.name(x), tuple(int(b) for b in begin), tuple(int(e) for e in end),
                                    tuple(int(st) for st in strides), 0, end_mask, 0, 0, 0], shape, x.dtype)


def _slice(tr, eqn, ins):
    shape, _ = _out(eqn)
    x = ins[0]
    strides = eqn.params["strides"] or (1,) * len(x.shape)
    return _strided_slice(tr, x, eqn.params["start_indices"], eqn.params["limit_indices"], strides, shape)


def _split(tr, eqn, ins):
    x = ins[0]
    axis = int(eqn.params["axis"])
    outs, start = [], 0
    for size, var in zip(eqn.params["sizes"], eqn.outvars):
        begin = [0] * len(x.shape)
        end = list(x.shape)
        begin[axis], end[axis] = start, start + int(size)
        outs.append(_strided_slice(tr, x, begin, end, [1] * len(x.shape), tuple(var.aval.shape)))
        start += int(size)
    return outs


def _stack(tr, eqn, ins):
    shape, dtype = _out(eqn)
    axis = int(eqn.params["axis"])
    parts = []
    for v in ins:
        v = v if v.lazy is None else _Val(v.shape, v.dtype, name=tr.name(v))
        parts.append(tr.reshape(v, v.shape[:axis] + (1,) + v.shape[axis:]))
    names = [tr.name(v) for v in parts]
    tup = tr.w.node("MakeTuple", names, [(v.shape, v.dtype) for v in parts], kind=_PRIMITIVE)
    return tr.emit("Concat", [tup, axis], shape, dtype)


def _unstack(tr, eqn, ins):
    x = ins[0] if ins[0].lazy is None else _Val(ins[0].shape, ins[0].dtype, name=tr.name(ins[0]))
    axis = int(eqn.params["axis"])
    outs = []
    for i, var in enumerate(eqn.outvars):
        begin, end = [0] * len(x.shape), list(x.shape)
        begin[axis], end[axis] = i, i + 1
        part = _strided_slice(tr, x, begin, end, [1] * len(x.shape), x.shape[:axis] + (1,) + x.shape[axis + 1:])
        outs.append(tr.reshape(part, tuple(var.aval.shape)))
    return outs


def _gather(tr, eqn, ins):
    """``take`` along one axis (what indexing with an integer array, ``Embedding``, ``gather`` give):
    MindSpore's Gather, its output transposed to JAX's layout where they differ. In-range indices
    only (JAX clips or fills out-of-range ones, MindSpore rejects them)."""
    shape, dtype = _out(eqn)
    operand, indices = (v if v.lazy is None else _Val(v.shape, v.dtype, name=tr.name(v)) for v in ins)
    dn = eqn.params["dimension_numbers"]
    collapsed = tuple(int(d) for d in dn.collapsed_slice_dims)
    if (len(collapsed) != 1 or tuple(int(d) for d in dn.start_index_map) != collapsed
            or tuple(dn.operand_batching_dims) or not indices.shape or indices.shape[-1] != 1):
        raise _Unsupported("gather", "only a gather along one axis (take)")
    axis = collapsed[0]
    sizes = tuple(eqn.params["slice_sizes"])
    if any(i != axis and int(s) != int(d) for i, (s, d) in enumerate(zip(sizes, operand.shape))):
        raise _Unsupported("gather", "only whole slices along the other axes (take)")
    batch = indices.shape[:-1]
    idx = tr.reshape(indices, batch)
    ms_shape = operand.shape[:axis] + batch + operand.shape[axis + 1:]
    out = tr.emit("Gather", [tr.name(operand), tr.name(idx), axis, 0], ms_shape, dtype)
    offset = [int(d) for d in eqn.params["dimension_numbers"].offset_dims]
    kept = [d for d in range(len(operand.shape)) if d != axis]
    ms_axis = {}
    for pos, d in zip(offset, kept):
        ms_axis[pos] = d if d < axis else len(batch) + d - 1
    batch_positions = [pos for pos in range(len(shape)) if pos not in ms_axis]
    for j, pos in enumerate(batch_positions):
        ms_axis[pos] = axis + j
    return tr.transpose(out, [ms_axis[pos] for pos in range(len(shape))])


def _cond(tr, eqn, ins):
    """``lax.cond`` / ``switch`` (an ``if`` on a Tensor): every branch is written and the outputs are
    chosen with Select by the branch index, as the branches are pure computations."""
    index, operands = ins[0], ins[1:]
    branches = eqn.params["branches"]
    if index.const is not None:      # decided while tracing
        chosen = branches[int(np.clip(int(index.const), 0, len(branches) - 1))]
        return tr.run(chosen.jaxpr, chosen.consts, operands)
    results = [tr.run(b.jaxpr, b.consts, operands) for b in branches]
    idx = index if index.lazy is None else _Val(index.shape, index.dtype, name=tr.name(index))
    outs = list(results[0])
    for i in range(1, len(branches)):
        if len(branches) == 2:
            pred = tr.cast(idx, np.bool_)
        else:
            pred = tr.elementwise("Equal", [idx, _Val.constant(np.asarray(i, idx.dtype))], (), np.bool_)
        for j, (var, value) in enumerate(zip(eqn.outvars, results[i])):
            shape, dtype = tuple(var.aval.shape), np.dtype(var.aval.dtype)
            p = pred if not shape else _Val(shape, np.bool_, lazy=tr.reshape(pred, (1,) * len(shape)))
            outs[j] = tr.elementwise("Select", [p, value, outs[j]], shape, dtype)
    return outs


_UNROLL_LIMIT = 4096     # loop iterations written out at most (a larger loop is refused)


def _take(tr, x, t):
    """``x[t]`` (a Tensor's row along its first axis)."""
    if x.const is not None:
        return _Val.constant(x.const[t])
    if x.lazy is not None:
        x = _Val(x.shape, x.dtype, name=tr.name(x))
    begin, end = [0] * len(x.shape), list(x.shape)
    begin[0], end[0] = t, t + 1
    row = _strided_slice(tr, x, begin, end, [1] * len(x.shape), (1,) + x.shape[1:])
    return tr.reshape(row, x.shape[1:])


def _stack_rows(tr, rows, shape, dtype):
    if all(v.const is not None for v in rows):
        return _Val.constant(np.stack([v.const for v in rows]).astype(dtype))
    parts = []
    for v in rows:
        v = v if v.lazy is None else _Val(v.shape, v.dtype, name=tr.name(v))
        parts.append(tr.reshape(v, (1,) + v.shape))
    if len(parts) == 1:
        return parts[0]
    tup = tr.w.node("MakeTuple", [tr.name(v) for v in parts], [(v.shape, v.dtype) for v in parts], kind=_PRIMITIVE)
    return tr.emit("Concat", [tup, 0], shape, dtype)


def _scan(tr, eqn, ins):
    """``lax.scan`` (recurrent layers): the loop written out, one body per step (its length is static)."""
    p = eqn.params
    length, body = int(p["length"]), p["jaxpr"]
    if length > _UNROLL_LIMIT:
        raise _Unsupported("scan", f"{length} steps (at most {_UNROLL_LIMIT} are written out)")
    nc, nk = int(p["num_consts"]), int(p["num_carry"])
    consts, carry, xs = list(ins[:nc]), list(ins[nc:nc + nk]), ins[nc + nk:]
    ys = [None] * length
    steps = range(length - 1, -1, -1) if p["reverse"] else range(length)
    for t in steps:
        outs = tr.run(body.jaxpr, body.consts, consts + carry + [_take(tr, x, t) for x in xs])
        carry, ys[t] = list(outs[:nk]), outs[nk:]
    stacked = []
    for k, var in enumerate(eqn.outvars[nk:]):
        stacked.append(_stack_rows(tr, [ys[t][k] for t in range(length)], tuple(var.aval.shape),
                                   np.dtype(var.aval.dtype)))
    return carry + stacked


def _while(tr, eqn, ins):
    """``lax.while_loop`` whose condition is known while tracing (a ``for`` over a static range):
    written out; a condition on computed values has no MINDIR form here."""
    p = eqn.params
    cond, body = p["cond_jaxpr"], p["body_jaxpr"]
    nc, nb = int(p["cond_nconsts"]), int(p["body_nconsts"])
    cond_consts, body_consts, carry = list(ins[:nc]), list(ins[nc:nc + nb]), list(ins[nc + nb:])
    for _ in range(_UNROLL_LIMIT + 1):
        go = tr.run(cond.jaxpr, cond.consts, cond_consts + carry)[0]
        if go.const is None:
            raise _Unsupported("while", "a loop whose condition depends on computed values")
        if not bool(go.const):
            return carry
        carry = list(tr.run(body.jaxpr, body.consts, body_consts + carry))
    raise _Unsupported("while", f"more than {_UNROLL_LIMIT} iterations")


def _rev(tr, eqn, ins):
    shape, dtype = _out(eqn)
    x = ins[0] if ins[0].lazy is None else _Val(ins[0].shape, ins[0].dtype, name=tr.name(ins[0]))
    return tr.emit("ReverseV2", [tr.name(x), tuple(int(d) for d in eqn.params["dimensions"])], shape, dtype)


def _reduce(op, with_skip=False):
    def handler(tr, eqn, ins):
        shape, dtype = _out(eqn)
        axes = tuple(int(a) for a in eqn.params["axes"])
        if not axes:
            return ins[0]
        args = [tr.name(ins[0]), axes, False] + ([False] if with_skip else [])
        return tr.emit(op, args, shape, dtype)
    return handler


def _argminmax(op):
    def handler(tr, eqn, ins):
        shape, dtype = _out(eqn)
        axes = eqn.params["axes"]
        if len(axes) != 1 or np.dtype(eqn.params["index_dtype"]) not in (np.dtype(np.int32), np.dtype(np.int64)):
            raise _Unsupported(eqn.primitive.name, "one axis, int32/int64 indices")
        return tr.emit(op, [tr.name(ins[0]), int(axes[0]), _type_id(eqn.params["index_dtype"])], shape, dtype)
    return handler


def _cumulative(op):
    def handler(tr, eqn, ins):
        shape, dtype = _out(eqn)
        x = ins[0] if ins[0].lazy is None else _Val(ins[0].shape, ins[0].dtype, name=tr.name(ins[0]))
        return tr.emit(op, [tr.name(x), int(eqn.params["axis"]), False, bool(eqn.params["reverse"])], shape, dtype)
    return handler


def _tuple_items(tr, node, avals):
    """The elements of a node's tuple output (TupleGetItem)."""
    return [tr.emit("TupleGetItem", [node, i], shape, dtype, kind=_PRIMITIVE) for i, (shape, dtype) in enumerate(avals)]


def _cum_extreme(op):
    def handler(tr, eqn, ins):
        shape, dtype = _out(eqn)
        axis = int(eqn.params["axis"])
        if eqn.params["reverse"]:
            raise _Unsupported(eqn.primitive.name, "reverse=True")
        x = ins[0] if ins[0].lazy is None else _Val(ins[0].shape, ins[0].dtype, name=tr.name(ins[0]))
        avals = [(shape, dtype), (shape, np.dtype(np.int64 if op == "Cummax" else np.int32))]
        node = tr.w.node(op, [tr.name(x), axis], avals)
        return _tuple_items(tr, node, avals)[:1]
    return handler


def _top_k(tr, eqn, ins):
    x = ins[0] if ins[0].lazy is None else _Val(ins[0].shape, ins[0].dtype, name=tr.name(ins[0]))
    if int(eqn.params.get("axis", len(x.shape) - 1)) != len(x.shape) - 1:
        raise _Unsupported("top_k", "only along the last axis")
    avals = [_out(eqn, 0), _out(eqn, 1)]
    node = tr.w.node("TopK", [tr.name(x), int(eqn.params["k"])], avals,
                     attrs={"sorted": True, "input_names": ["input", "k"], "output_names": ["values", "indices"]},
                     kind=_PRIMITIVE, instance_name="topk")
    return _tuple_items(tr, node, avals)


def _cpu_topk(tr, eqn, ins):
    """MindSpore's CPU TopK order (``ops._sort``: a host step in mscompat's programs) is MindSpore's TopK."""
    if not eqn.params["largest"]:
        raise _Unsupported("cpu_topk", "the k smallest values")
    x = ins[0] if ins[0].lazy is None else _Val(ins[0].shape, ins[0].dtype, name=tr.name(ins[0]))
    shape = tuple(eqn.outvars[0].aval.shape)
    avals = [(shape, np.dtype(x.dtype)), (shape, np.dtype(np.int32))]
    node = tr.w.node("TopK", [tr.name(x), int(eqn.params["k"])], avals,
                     attrs={"sorted": eqn.params["order"].__name__ == "sorted_topk_order",
                            "input_names": ["input", "k"], "output_names": ["values", "indices"]},
                     kind=_PRIMITIVE, instance_name="topk")
    return _tuple_items(tr, node, avals)


def _sort(tr, eqn, ins):
    """``sort`` on one key (``sort``, ``argsort``, ``topk`` all lower to it): MindSpore's Sort gives
    the sorted key and the positions; a payload that is the positions (an iota along the axis) is
    those, any other payload is gathered by them (GatherD)."""
    axis = int(eqn.params["dimension"])
    if int(eqn.params["num_keys"]) != 1:
        raise _Unsupported("sort", "more than one sort key")
    key = ins[0] if ins[0].lazy is None else _Val(ins[0].shape, ins[0].dtype, name=tr.name(ins[0]))
    shape = key.shape
    avals = [(shape, key.dtype), (shape, np.dtype(np.int32))]
    node = tr.w.node("Sort", [tr.name(key)], avals,
                     attrs={"axis": axis, "descending": False, "input_names": ["x"], "output_names": ["y1", "y2"]},
                     kind=_PRIMITIVE, instance_name="sort")
    values, positions = _tuple_items(tr, node, avals)
    iota = np.broadcast_to(np.arange(int(shape[axis])).reshape([-1 if d == axis else 1 for d in range(len(shape))]),
                           shape)
    outs = [values]
    for var, payload in zip(eqn.outvars[1:], ins[1:]):
        if isinstance(var, jex_core.DropVar):
            outs.append(None)
        elif payload.const is not None and np.array_equal(payload.const, iota):
            outs.append(tr.cast(positions, payload.dtype))
        else:
            p = payload if payload.lazy is None else _Val(payload.shape, payload.dtype, name=tr.name(payload))
            outs.append(tr.emit("GatherD", [tr.name(p), axis, tr.name(positions)], shape, p.dtype))
    return outs


def _dot_general(tr, eqn, ins):
    """Any ``dot_general``: operands laid out as [batch, free, contracted] / [batch, contracted, free]
    (a transpose flag where that saves a Transpose), flattened to MatMul / BatchMatMul, reshaped back."""
    (lc, rc), (lb, rb) = eqn.params["dimension_numbers"]
    shape, dtype = _out(eqn)
    lhs, rhs = ins
    lhs = lhs if lhs.lazy is None else _Val(lhs.shape, lhs.dtype, name=tr.name(lhs))
    rhs = rhs if rhs.lazy is None else _Val(rhs.shape, rhs.dtype, name=tr.name(rhs))
    lc, rc, lb, rb = (tuple(int(d) for d in t) for t in (lc, rc, lb, rb))
    lfree = tuple(d for d in range(len(lhs.shape)) if d not in lc and d not in lb)
    rfree = tuple(d for d in range(len(rhs.shape)) if d not in rc and d not in rb)

    def group(v, dims):
        return math.prod(int(v.shape[d]) for d in dims)

    b = group(lhs, lb)
    m, k, n = group(lhs, lfree), group(lhs, lc), group(rhs, rfree)
    lead = (b,) if lb else ()

    def operand(v, batch, first, second):
        """v laid out as [batch, first, second], or as [batch, second, first] with a transpose flag."""
        natural, flipped = batch + first + second, batch + second + first
        for perm, flag in ((natural, False), (flipped, True)):
            if perm == tuple(range(len(v.shape))):
                dims = (group(v, second), group(v, first)) if flag else (group(v, first), group(v, second))
                return tr.reshape(v, lead + dims), flag
        return tr.reshape(tr.transpose(v, natural), lead + (group(v, first), group(v, second))), False

    x, ta = operand(lhs, lb, lfree, lc)
    y, tb = operand(rhs, rb, rc, rfree)
    in_dtype = np.result_type(lhs.dtype, rhs.dtype)
    x, y = tr.cast(x, in_dtype), tr.cast(y, in_dtype)
    op = "BatchMatMul" if lb else "MatMul"
    z = tr.emit(op, [tr.name(x), tr.name(y), ta, tb], lead + (m, n), in_dtype)
    return tr.cast(tr.reshape(z, shape), dtype)


def _conv_attrs(kernel, out_channel, pads, strides, dilation, groups):
    mode = "pad" if any(pads) else "valid"
    return {"kernel_size": tuple(kernel), "mode": 1, "out_channel": int(out_channel), "input_names": ["x", "w"],
            "pad": tuple(pads), "pad_mode": mode, "format": "NCHW", "pad_list": tuple(pads), "groups": int(groups),
            "stride": (1, 1) + tuple(strides), "group": int(groups), "dilation": (1, 1) + tuple(dilation),
            "output_names": ["output"]}


def _conv(tr, eqn, ins):
    p = eqn.params
    shape, dtype = _out(eqn)
    lhs, rhs = (v if v.lazy is None else _Val(v.shape, v.dtype, name=tr.name(v)) for v in ins)
    dn = p["dimension_numbers"]
    if len(lhs.shape) != 4:
        raise _Unsupported("conv_general_dilated", f"{len(lhs.shape) - 2} spatial dimensions (Conv2D only)")
    if p["batch_group_count"] != 1:
        raise _Unsupported("conv_general_dilated", "batch-grouped convolution")
    x = tr.transpose(lhs, dn.lhs_spec)
    w = tr.transpose(rhs, dn.rhs_spec)
    for axis, factor in zip((2, 3), p["lhs_dilation"]):     # transposed convolutions: zeros between inputs
        x = _dilate(tr, x, axis, int(factor))
    padding = [(int(lo), int(hi)) for lo, hi in p["padding"]]
    if any(lo < 0 or hi < 0 for lo, hi in padding):          # negative padding crops the input
        x = _pad_constant(tr, x, [(0, 0), (0, 0)] + [(min(lo, 0), min(hi, 0)) for lo, hi in padding], 0)
        padding = [(max(lo, 0), max(hi, 0)) for lo, hi in padding]
    out_spec = tuple(int(d) for d in dn.out_spec)
    nchw = tuple(shape[d] for d in out_spec)
    pads = [v for pair in padding for v in pair]
    attrs = _conv_attrs(w.shape[2:], w.shape[0], pads, p["window_strides"], p["rhs_dilation"],
                        p["feature_group_count"])
    in_dtype = np.result_type(lhs.dtype, rhs.dtype)
    x, w = tr.cast(x, in_dtype), tr.cast(w, in_dtype)
    y = tr.emit("Conv2D", [tr.name(x), tr.name(w)], nchw, in_dtype, attrs=attrs, kind=_PRIMITIVE,
                instance_name="conv2d")
    inverse = tuple(int(i) for i in np.argsort(out_spec))
    return tr.cast(tr.transpose(y, inverse), dtype)


def _window_4d(eqn, x):
    p = eqn.params
    win, strides = tuple(p["window_dimensions"]), tuple(p["window_strides"])
    if len(x.shape) != 4 or win[:2] != (1, 1) or strides[:2] != (1, 1) \
            or any(d != 1 for d in p["base_dilation"]) or any(d != 1 for d in p["window_dilation"]) \
            or any(tuple(pad) != (0, 0) for pad in p["padding"][:2]):
        raise _Unsupported(eqn.primitive.name, "windows over the last two dimensions of NCHW data only")
    return win[2:], strides[2:], [tuple(int(v) for v in pad) for pad in p["padding"][2:]]


def _same_padding(in_dims, win, strides, padding):
    for size, k, s, pad in zip(in_dims, win, strides, padding):
        out = -(-int(size) // s)
        total = max((out - 1) * s + k - int(size), 0)
        if pad != (total // 2, total - total // 2):
            return False
    return True


def _max_pool(tr, eqn, ins):
    shape, dtype = _out(eqn)
    x = ins[0] if ins[0].lazy is None else _Val(ins[0].shape, ins[0].dtype, name=tr.name(ins[0]))
    win, strides, padding = _window_4d(eqn, x)
    if all(pad == (0, 0) for pad in padding):
        mode = "VALID"
    elif _same_padding(x.shape[2:], win, strides, padding):
        mode = "SAME"
    else:      # explicit padding: the input padded with the smallest value, then a VALID window
        fill = -np.inf if np.issubdtype(x.dtype, np.floating) else np.iinfo(x.dtype).min
        x = _pad_constant(tr, x, [(0, 0), (0, 0)] + padding, fill)
        mode = "VALID"
    attrs = {"pad_mode": mode, "output_names": ["output"], "kernel_size": (1, 1) + win, "format": "NCHW",
             "strides": (1, 1) + strides, "input_names": ["x"]}
    return tr.emit("MaxPool", [tr.name(x)], shape, dtype, attrs=attrs, kind=_PRIMITIVE, instance_name="max_pool")


def _window_sum(tr, eqn, ins):
    """A window sum as a depthwise Conv2D with a weight of ones (any zero padding)."""
    shape, dtype = _out(eqn)
    x = ins[0] if ins[0].lazy is None else _Val(ins[0].shape, ins[0].dtype, name=tr.name(ins[0]))
    win, strides, padding = _window_4d(eqn, x)
    if any(lo < 0 or hi < 0 for lo, hi in padding):
        raise _Unsupported("reduce_window_sum", "negative padding")
    channels = int(x.shape[1])
    weight = _Val.constant(np.ones((channels, 1) + win, dtype=x.dtype))
    pads = [v for pad in padding for v in pad]
    attrs = _conv_attrs(win, channels, pads, strides, (1, 1), channels)
    return tr.emit("Conv2D", [tr.name(x), tr.name(weight)], shape, dtype, attrs=attrs, kind=_PRIMITIVE,
                   instance_name="conv2d")


def _pad(tr, eqn, ins):
    x, value = ins
    config = eqn.params["padding_config"]
    if value.const is None:
        raise _Unsupported("pad", "a padding value computed from the inputs")
    if x.lazy is not None:
        x = _Val(x.shape, x.dtype, name=tr.name(x))
    for axis, (_, _, interior) in enumerate(config):
        x = _dilate(tr, x, axis, int(interior) + 1, value.const)
    return _pad_constant(tr, x, [(int(lo), int(hi)) for lo, hi, _ in config], value.const)


def _pad_constant(tr, x, config, fill):
    """``x`` padded with ``fill`` by ``config`` [(lo, hi)] per dimension; negative amounts crop."""
    if all(lo == 0 and hi == 0 for lo, hi in config):
        return x
    if any(lo < 0 or hi < 0 for lo, hi in config):
        begin = [max(-lo, 0) for lo, _ in config]
        end = [int(d) - max(-hi, 0) for d, (_, hi) in zip(x.shape, config)]
        shape = tuple(e - b for e, b in zip(end, begin))
        x = _strided_slice(tr, x, begin, end, [1] * len(config), shape)
        config = [(max(lo, 0), max(hi, 0)) for lo, hi in config]
        if all(lo == 0 and hi == 0 for lo, hi in config):
            return x
    # PadV3 takes the paddings of the last dimension first: (lo_last, hi_last, lo_prev, hi_prev, ...)
    paddings = []
    for lo, hi in reversed(config):
        paddings += [lo, hi]
    shape = tuple(int(d) + lo + hi for d, (lo, hi) in zip(x.shape, config))
    value = np.asarray(fill, dtype=x.dtype).reshape(())
    attrs = {"mode": "constant", "paddings_contiguous": True}
    return tr.emit("PadV3", [tr.name(x), np.asarray(paddings, np.int64), value], shape, x.dtype, attrs=attrs,
                   kind=_PRIMITIVE, instance_name="pad_v3")


def _dilate(tr, x, axis, factor, fill=0):
    """``factor - 1`` fills between the elements of ``x`` along ``axis`` (interior padding, a
    convolution's lhs dilation)."""
    if factor == 1 or int(x.shape[axis]) == 0:
        return x
    shape = x.shape
    size = int(shape[axis])
    y = tr.reshape(x, shape[:axis + 1] + (1,) + shape[axis + 1:])
    config = [(0, 0)] * len(y.shape)
    config[axis + 1] = (0, factor - 1)
    y = _pad_constant(tr, y, config, fill)
    y = tr.reshape(y, shape[:axis] + (size * factor,) + shape[axis + 1:])
    crop = [(0, 0)] * len(shape)
    crop[axis] = (0, -(factor - 1))
    return _pad_constant(tr, y, crop, fill)


_HANDLERS = {
    "add": _elementwise("Add", op_bool="LogicalOr"), "add_any": _elementwise("Add"),   # add_any: gradient sums
    "sub": _elementwise("Sub"), "mul": _elementwise("Mul", op_bool="LogicalAnd"),
    "div": _elementwise("Div", op_int="TruncateDiv"), "max": _elementwise("Maximum", op_bool="LogicalOr"),
    "min": _elementwise("Minimum", op_bool="LogicalAnd"), "pow": _elementwise("Pow"), "atan2": _elementwise("Atan2"),
    "eq": _elementwise("Equal"), "ne": _elementwise("NotEqual"), "lt": _elementwise("Less"),
    "le": _elementwise("LessEqual"), "gt": _elementwise("Greater"), "ge": _elementwise("GreaterEqual"),
    "and": _elementwise(None, op_int="BitwiseAnd", op_bool="LogicalAnd"),
    "or": _elementwise(None, op_int="BitwiseOr", op_bool="LogicalOr"),
    "xor": _elementwise(None, op_int="BitwiseXor", op_bool="NotEqual"),
    "not": _elementwise(None, op_bool="LogicalNot"),
    "neg": _elementwise("Neg"), "abs": _elementwise("Abs"), "exp": _elementwise("Exp"), "log": _elementwise("Log"),
    "tanh": _elementwise("Tanh"), "logistic": _elementwise("Sigmoid"), "rsqrt": _elementwise("Rsqrt"),
    "sqrt": _elementwise("Sqrt"), "erf": _elementwise("Erf"), "erfc": _elementwise("Erfc"),
    "erf_inv": _elementwise("Erfinv"), "sin": _elementwise("Sin"), "cos": _elementwise("Cos"),
    "tan": _elementwise("Tan"), "asin": _elementwise("Asin"), "atan": _elementwise("Atan"),
    "sinh": _elementwise("Sinh"), "cosh": _elementwise("Cosh"), "asinh": _elementwise("Asinh"),
    "acosh": _elementwise("Acosh"), "atanh": _elementwise("Atanh"), "floor": _elementwise("Floor"),
    "ceil": _elementwise("Ceil"), "sign": _elementwise("Sign"), "log1p": _elementwise("Log1p"),
    "expm1": _elementwise("Expm1"), "square": _elementwise("Square"), "is_finite": _elementwise("IsFinite"),
    "integer_pow": _integer_pow, "exp2": _exp2, "rem": _rem, "round": _round,
    "convert_element_type": _convert, "select_n": _select_n, "clamp": _clamp,
    "reshape": _reshape, "squeeze": _reshape, "expand_dims": _reshape, "broadcast_in_dim": _broadcast_in_dim,
    "transpose": _transpose, "concatenate": _concatenate, "slice": _slice, "split": _split, "pad": _pad,
    "stack": _stack, "unstack": _unstack, "gather": _gather, "rev": _rev, "cond": _cond,
    "scan": _scan, "while": _while,
    "reduce_sum": _reduce("ReduceSum", with_skip=True), "reduce_max": _reduce("ReduceMax"),
    "reduce_min": _reduce("ReduceMin"), "reduce_prod": _reduce("ReduceProd"),
    "reduce_and": _reduce("ReduceAll"), "reduce_or": _reduce("ReduceAny"),
    "argmax": _argminmax("Argmax"), "argmin": _argminmax("Argmin"), "cumsum": _cumulative("CumSum"),
    "cumprod": _cumulative("CumProd"), "cummax": _cum_extreme("Cummax"), "cummin": _cum_extreme("Cummin"),
    "top_k": _top_k, "cpu_topk": _cpu_topk, "sort": _sort,
    "dot_general": _dot_general, "conv_general_dilated": _conv,
    "reduce_window_max": _max_pool, "reduce_window_sum": _window_sum,
    "copy": _passthrough, "copy_p": _passthrough, "stop_gradient": _passthrough,
    "optimization_barrier": _passthrough, "reduce_precision": _passthrough,
}


# --- tracing the network ---------------------------------------------------------------------------
def _input_names(net, count):
    fn = net.construct if hasattr(net, "construct") else net
    try:
        params = [p for p in inspect.signature(fn).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    names = [p.name for p in params[:count]]
    names += [f"input_{i}" for i in range(len(names), count)]
    return names


def _graph_input_names(net, inputs, count):
    """The names of the ``count`` graph inputs (the array leaves of ``inputs``): the construct's
    argument names, ``name_<k>`` for the Tensors inside a tuple/list/dict argument."""
    names = []
    for name, x in zip(_input_names(net, len(inputs)), inputs):
        leaves = [leaf for leaf in jax.tree_util.tree_leaves(x, is_leaf=_graph._is_array_leaf)
                  if _graph._is_array_leaf(leaf) and not isinstance(leaf, Parameter)]
        names += [name] if len(leaves) == 1 and leaves[0] is x else [f"{name}_{k}" for k in range(len(leaves))]
    if len(names) != count:     # mutable scalars and other traced non-Tensor inputs: plain numbering
        names = [f"input_{k}" for k in range(count)]
    return names


def _placeholder(x):
    """The (shape, dtype) of a ``Tensor(shape=[None, ...], dtype=...)`` input, else None."""
    if isinstance(x, Tensor) and x._data is None and x._init is not None and x._init[0] is None:
        shape, dtype = x._init[1], x._init[2]
        if any(int(d) == -2 for d in shape):
            raise ValueError("For 'export', an input of dynamic rank (shape [-2]) cannot be exported to MINDIR.")
        return tuple(int(d) for d in shape), dtype
    return None


def _sized_inputs(inputs, size):
    """The inputs with every dynamic dimension of a placeholder set to ``size``."""
    out = []
    for x in inputs:
        ph = _placeholder(x)
        if ph is None:
            out.append(x)
        else:
            shape, dtype = ph
            out.append(Tensor(np.zeros([size if d < 0 else d for d in shape], mstype.dtype_to_nptype(dtype))))
    return out


def _trace(net, inputs):
    """``(closed jaxpr, Parameters, output structure, number of traced inputs, written)`` of the net's
    forward on ``inputs``: the jaxpr's outputs are the net's, then the new values of the Parameters it
    writes (their positions in ``written``)."""
    if hasattr(net, "_run_construct"):
        fn = (lambda *a, **k: net._run_construct(a, k))
        known = (lambda: [p for _, p in net.parameters_and_names()])
        name = type(net).__name__
    else:
        fn, known, name = net, None, getattr(net, "__name__", "function")
    compiled = _graph.Compiled(fn, name=name, known=known)
    dyn, spec = _graph._split(list(inputs), {})
    result = {}

    def use(progs, values, key):
        params = progs.params

        def pure(v, k, d):
            out, updates, _, _ = compiled._pure(params, spec, v, k, d)
            written = result["written"] = [i for i, u in enumerate(updates) if u is not None]
            return out, [updates[i] for i in written]

        closed, (out_shape, _) = jax.make_jaxpr(pure, return_shape=True)(values, key, dyn)
        result["out"] = (closed, params, out_shape, len(dyn), result["written"])
        return True

    if compiled._run(dyn, spec, use) is None or "out" not in result:
        raise RuntimeError(f"For 'export', '{name}' cannot be exported to MINDIR: it cannot be compiled as a graph "
                           "(see the GraphFallbackWarning: Python control flow on Tensor values or a Tensor read as "
                           "a Python value).")
    return result["out"]


def _graph_name(net):
    cls = type(net) if hasattr(net, "construct") else None
    if cls is not None:
        return f"{cls.__module__.replace('.', '_')}_{cls.__name__}_construct"
    return getattr(net, "__name__", "function")


_DYNAMIC_SIZES = (5, 7)     # the sizes a dynamic dimension is traced with (two traces, compared)


def build_model(net, *inputs):
    """The ``ModelProto`` of ``net`` on ``inputs``, in the net's current mode (as MindSpore, which
    exports a net left in training mode as such: ``set_train(False)`` first for inference).

    With ``Tensor(shape=[None, ...])`` inputs the net is traced twice, the dynamic dimensions set to
    two different sizes; the two graphs must be the same but for the sizes, and what differs is
    written as MindSpore writes an unknown size (``-1``)."""
    if not any(_placeholder(x) is not None for x in inputs):
        return _build_static(net, inputs)
    first, second = (_build_static(net, _sized_inputs(inputs, n)) for n in _DYNAMIC_SIZES)
    return _merge_dynamic(first, second)


class _NotDynamic(Exception):
    pass


def _merge_dynamic(a, b):
    """Model ``a`` with -1 where model ``b`` (the same net traced with other dynamic sizes) differs."""
    try:
        _merge_graph(a, b)
    except _NotDynamic as e:
        raise RuntimeError(f"For 'export', the network cannot be exported with a dynamic dimension: {e}. Export it "
                           "with fixed input shapes.") from None
    return a


def _merge_dims(dims_a, dims_b, what):
    if len(dims_a) != len(dims_b):
        raise _NotDynamic(f"the rank of {what} depends on the dynamic dimension")
    for i, (x, y) in enumerate(zip(dims_a, dims_b)):
        if x != y:
            dims_a[i] = -1


def _merge_abstract(attr_a, attr_b, what):
    """``shape`` attributes / output abstracts: -1 where the sizes differ."""
    for ta, tb in zip(attr_a.tensors, attr_b.tensors):
        _merge_dims(ta.dims, tb.dims, what)
    for va, vb in zip(attr_a.values, attr_b.values):
        _merge_abstract(va, vb, what)


def _merge_graph(a, b):
    ga, gb = a.graph, b.graph
    if [p.SerializeToString() for p in a.primitives] != [p.SerializeToString() for p in b.primitives] \
            or len(ga.node) != len(gb.node) or len(ga.input) != len(gb.input) or len(ga.output) != len(gb.output):
        raise _NotDynamic("its graph changes with the size of that dimension")
    for ia, ib in zip(ga.input, gb.input):
        _merge_dims(ia.tensor[0].dims, ib.tensor[0].dims, f"input '{ia.name}'")
    ops = {n.output[0]: n.op_type.split(":")[-2] for n in ga.node if n.op_type.startswith("REF::")}
    users = {}
    for n in ga.node:
        for pos, name in enumerate(n.input):
            users.setdefault(name, []).append((ops.get(n.output[0]), pos))
    for na, nb in zip(ga.node, gb.node):
        if na.op_type != nb.op_type or list(na.input) != list(nb.input):
            raise _NotDynamic("its graph changes with the size of that dimension")
        if na.op_type != "Constant":
            for aa, ab in zip(na.attribute, nb.attribute):
                _merge_abstract(aa, ab, f"node '{na.name}'")
            continue
        va, vb = na.attribute[0], nb.attribute[0]
        if va == vb:
            continue
        where = users.get(na.output[0], [])
        shape_input = va.type == _A.TUPLE and where and all(
            pos == 1 and op in ("Reshape", "BroadcastTo") for op, pos in where)
        if not shape_input:
            raise _NotDynamic(f"a value of the graph ({', '.join(sorted({str(op) for op, _ in where}))} input) "
                              "depends on the size of that dimension")
        differ = [i for i, (x, y) in enumerate(zip(va.values, vb.values)) if x != y]
        if len(differ) != 1 and any(op == "Reshape" for op, _ in where):
            raise _NotDynamic("a reshape has several sizes depending on that dimension")
        for i in differ:
            del va.values[i].ints[:]
            va.values[i].ints.append(-1)
    for oa, ob in zip(ga.output, gb.output):
        for ta, tb in zip(oa.tensor, ob.tensor):
            _merge_dims(ta.dims, tb.dims, "the output")
        _merge_abstract(oa.attr_info, ob.attr_info, "the output")


def _build_static(net, inputs):
    """The model of ``net`` on concrete ``inputs``."""
    closed, params, out_shape, n_inputs, written = _trace(net, inputs)
    writer = _Writer(_graph_name(net))
    g = writer.graph
    jaxpr = closed.jaxpr
    n_params = len(params)
    param_vars = jaxpr.invars[:n_params]
    split = len(jaxpr.invars) - n_inputs
    key_vars, input_vars = jaxpr.invars[n_params:split], jaxpr.invars[split:]
    args = []
    live = set()
    for eqn, keep in zip(jaxpr.eqns, _needed_equations(jaxpr)):
        if keep:
            live.update(v for v in eqn.invars if not isinstance(v, jex_core.Literal))
    live.update(v for v in jaxpr.outvars if not isinstance(v, jex_core.Literal))
    live.update(param_vars[i] for i in written)      # an Assign names the Parameter it writes
    for p, var in zip(params, param_vars):
        value = np.asarray(p._value if hasattr(p, "_value") else p.asnumpy())
        name = f"{g.name}:{p.name}"
        if var in live:
            t = g.parameter.add(dims=list(value.shape), data_type=_data_type(value.dtype), name=name, ref_key=p.name)
            t.raw_data = np.ascontiguousarray(value).astype(value.dtype.newbyteorder("<")).tobytes()
            t.compression_type = mir.TensorProto.NO_COMPRESSION
        args.append(_Val(value.shape, value.dtype, name=name))
    for var in key_vars:
        if var in live:
            raise RuntimeError("For 'export', the network draws random numbers (a random operator, or Dropout in "
                               "training mode): mscompat writes deterministic graphs only; call net.set_train(False) "
                               "before exporting for inference.")
        args.append(_Val(var.aval.shape, np.float32, name="<rng key>"))
    for name, var in zip(_graph_input_names(net, inputs, n_inputs), input_vars):
        full = f"{g.name}:{name}"
        vi = g.input.add(name=full)
        vi.tensor.add(dims=_dims(var.aval.shape), data_type=_data_type(var.aval.dtype))
        args.append(_Val(var.aval.shape, var.aval.dtype, name=full))
    tr = _Translator(writer)
    try:
        outs = tr.run(jaxpr, closed.consts, args)
    except _Unsupported as e:
        why = f" ({e.why})" if e.why else ""
        raise RuntimeError(f"For 'export', the network uses the JAX primitive '{e.primitive}'{why}, which the MINDIR "
                           "writer cannot express as MindSpore operators.") from None
    outs, updates = outs[:len(outs) - len(written)], outs[len(outs) - len(written):]
    # the Parameter writes, as MindSpore writes them: Assign(parameter, value), the output Depending on them
    assigns = [writer.node("Assign", [args[i].name, tr.name(v)], [(v.shape, v.dtype)],
                           attrs={"side_effect_mem": True}) for i, v in zip(written, updates)]
    node_names = {n.name for n in g.node if n.op_type != "Constant"}
    names = []
    for v in outs:
        name = tr.name(v)
        if name not in node_names:     # an input, a parameter or a constant leaves through a node
            name = writer.node("Identity", [name], (v.shape, v.dtype))
            node_names.add(name)
        names.append(name)
    single = not isinstance(out_shape, (tuple, list)) and len(outs) == 1
    if single:
        names[0] = _after(writer, names[0], assigns, [(outs[0].shape, outs[0].dtype)])
        vi = g.output.add(name=names[0])
        vi.tensor.add(dims=_dims(outs[0].shape), data_type=_data_type(outs[0].dtype))
    else:
        avals = [(v.shape, v.dtype) for v in outs]
        tup = _after(writer, writer.node("MakeTuple", names, avals, kind=_PRIMITIVE), assigns, avals)
        vi = g.output.add(name=tup, denotation="Tuple")
        _abstract(vi.attr_info, avals)
        vi.attr_info.ClearField("name")
    a = g.attribute.add(name="training")
    _fill(a, bool(getattr(net, "training", False)))
    return writer.model


def _after(writer, name, assigns, avals):
    """``name`` made to depend on the ``assigns`` (``Depend(value, assign)``, one per write)."""
    for assign in assigns:
        name = writer.node("Depend", [name, assign], avals, attrs={"side_effect_propagate": 1}, kind=_PRIMITIVE)
    return name


def export_mindir(net, *inputs, file_name, **kwargs):
    """Write ``net`` (a Cell or a function) run on ``inputs`` to ``file_name`` (``.mindir`` appended when
    missing, as MindSpore); returns the path.

    Keyword arguments as MindSpore's ``export``: ``custom_func(model)`` edits the ``ModelProto``
    before it is written; ``enc_key`` with a callable ``enc_mode(bytes, key)`` encrypts the file
    (MindSpore's built-in AES/SM4 modes need its cipher library and raise ValueError); other
    keywords are ignored, as MindSpore ignores them.
    """
    if not callable(net):     # MindSpore's class for a net that is neither a Cell nor a function
        raise RuntimeError(f"For 'export', the 'net' must be a Cell or a function (fn {net!r} is not function or "
                           "method).")
    if not isinstance(file_name, str):
        raise TypeError(f"The '{file_name}' must be string, but got {type(file_name)}.")
    enc_mode = kwargs.get("enc_mode")
    if "enc_key" in kwargs and not callable(enc_mode):
        raise ValueError(f"For 'export', MINDIR encryption with '{enc_mode or 'AES-GCM'}' needs MindSpore's cipher "
                         "library; mscompat writes encrypted MINDIR only with a customized encryption function "
                         "('enc_mode' a callable taking the model bytes and the key).")
    if kwargs.get("dataset") is not None:
        raise ValueError("For 'export', saving the dataset preprocessing ('dataset') into MINDIR is not supported "
                         "by mscompat.")
    model = build_model(net, *inputs)
    custom_func = kwargs.get("custom_func")
    if custom_func is not None:
        custom_func(model)
    path = os.path.realpath(file_name)
    if not path.endswith(".mindir"):
        path += ".mindir"
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    if os.path.exists(path):
        os.chmod(path, stat.S_IWUSR | stat.S_IRUSR)
    data = model.SerializeToString()
    if "enc_key" in kwargs:
        data = enc_mode(data, kwargs["enc_key"])
    with open(path, "wb") as f:
        f.write(data)
    os.chmod(path, stat.S_IRUSR)
    return path
