"""MindSpore's end-to-end data dump (``MINDSPORE_DUMP_CONFIG``) for compiled graphs.

With the environment variable ``MINDSPORE_DUMP_CONFIG`` naming a dump configuration (JSON,
MindSpore's format: ``common_dump_settings`` and ``e2e_dump_settings.enable``), read once per
process when the first graph is compiled, every compiled program (a GRAPH_MODE Cell, an
``ms.jit`` function, ...) dumps what MindSpore's CPU/GPU e2e dump writes, in its layout::

    {path}/rank_{id}/.dump_metadata/config.json, data_dump.json
    {path}/rank_{id}/graphs/ms_output_trace_code_graph_{graph}.ir / .pb   (text IR, anf_ir ModelProto)
    {path}/rank_{id}/execution_order/ms_execution_order_graph_{graph}.csv          (the ops, in order)
    {path}/rank_{id}/execution_order/ms_global_execution_order_graph_{graph}.csv   (the iterations run)
    {path}/rank_{id}/{net_name}/{graph}/{iteration}/
        {OpType}.{full_name with / as _}.{task}.{stream}.{timestamp}.{input|output}.{slot}.DefaultFormat.{Dtype}.npy
        Parameter.{name}.0.0.{timestamp}.output.0.DefaultFormat.{Dtype}.npy

Each program is traced with a dispatch-point policy (``ops._dispatch``) that names every Primitive
it runs as MindSpore does (``Default/<attr>-<CellClass>/.../<OpType>-op<N>``) and adds a host
callback writing the op's inputs and outputs when the program runs; the configuration selects
which: ``dump_mode`` (0 all, 1 the ``kernels`` listed by name or ``name-regex(...)``, 2 those
marked by ``set_dump``), ``input_output`` (0 both, 1 inputs, 2 outputs), ``iteration`` (``"all"``
or ``"0|3-5"``); the iteration is the count of compiled calls run so far in the process.
"""
import functools
import json
import os
import re
import sys
import threading
import time
import warnings

import jax
import numpy as np
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

from . import _state
from .common import dtype as mstype
from .common.tensor import Tensor
from .context import get_context
from .nn.cell import Cell
from .ops import _dispatch
from .ops._dispatch import Policy
from .ops.primitive import Primitive
from .train._mindir_proto import _enum_names, _fill_enum, _fill_message
from .version import __version__

__all__ = ["config", "wrap_program", "set_dump"]

_ENV = "MINDSPORE_DUMP_CONFIG"
_LOCK = threading.Lock()
_PARSED = {"done": False, "config": None}
_RUN = {"iteration": 0, "graph": 0}     # process-wide counters (MindSpore's are per process)
_LOCAL = threading.local()                       # the graph being traced in this thread


# --- the configuration -------------------------------------------------------------------------
def _bad(msg):
    return RuntimeError(f"Dump Json Parse Failed. {msg}")


def _iterations(text):
    """``"all"`` -> None, else the set of iterations of ``"0|3-5"``."""
    if text == "all":
        return None
    out = set()
    for part in text.split("|"):
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part.strip())
        if m is None:
            raise _bad(f"The iteration {text!r} is not 'all' or a '|'-separated list of numbers and ranges "
                       "like '0|3-5'.")
        lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
        if hi < lo:
            raise _bad(f"In the iteration {text!r}, the range {part!r} ends before it starts.")
        out.update(range(lo, hi + 1))
    return out


def _parse(file):
    try:
        with open(file, encoding="utf-8") as f:
            raw = json.load(f)
    except OSError as e:
        raise _bad(f"Cannot read the dump configuration file {file} ({e.strerror}).") from None
    except ValueError as e:
        raise _bad(f"The dump configuration file {file} is not valid JSON: {e}") from None
    common = raw.get("common_dump_settings")
    if not isinstance(common, dict):
        raise _bad(f"'common_dump_settings' is missing in {file}.")
    for key in ("dump_mode", "path", "net_name", "iteration", "input_output", "kernels", "support_device"):
        if key not in common:
            raise _bad(f"'{key}' is missing in 'common_dump_settings' of {file}.")
    if common["dump_mode"] not in (0, 1, 2):
        raise _bad(f"'dump_mode' must be 0, 1 or 2, but got {common['dump_mode']!r}.")
    if common["input_output"] not in (0, 1, 2):
        raise _bad(f"'input_output' must be 0, 1 or 2, but got {common['input_output']!r}.")
    path = common["path"]
    if not isinstance(path, str) or not os.path.isabs(path):
        raise _bad(f"'path' must be an absolute path, but got {path!r}.")
    net_name = common["net_name"]
    if not isinstance(net_name, str) or not re.fullmatch(r"[\w.\-]+", net_name):
        raise _bad(f"'net_name' must be a non-empty name of letters, digits, '_', '-' or '.', but got {net_name!r}.")
    if not isinstance(common["iteration"], str):
        raise _bad(f"'iteration' must be a string, but got {common['iteration']!r}.")
    if not isinstance(common["kernels"], list):
        raise _bad(f"'kernels' must be a list, but got {common['kernels']!r}.")
    saved = common.get("saved_data", "tensor")
    if saved not in ("tensor", "statistic", "full"):
        raise _bad(f"'saved_data' must be 'tensor', 'statistic' or 'full', but got {saved!r}.")
    e2e = raw.get("e2e_dump_settings") or {}
    names, regexes = set(), []
    for k in common["kernels"]:
        m = re.fullmatch(r"name-regex\((.*)\)", k)
        if m:
            regexes.append(re.compile(m.group(1)))
        else:
            names.add(k)
    return {"raw": raw, "enable": bool(e2e.get("enable", False)), "mode": common["dump_mode"],
            "input_output": common["input_output"], "iterations": _iterations(common["iteration"]),
            "path": path, "net_name": net_name, "saved_data": saved, "kernel_names": names,
            "kernel_regexes": regexes, "rank": _rank()}


def _rank():
    for var in ("RANK_ID", "OMPI_COMM_WORLD_RANK"):
        value = os.environ.get(var)
        if value and value.isdigit():
            return int(value)
    return 0


def config():
    """The parsed dump configuration, or None (no ``MINDSPORE_DUMP_CONFIG``, or e2e dump disabled).
    Read once per process, as MindSpore does."""
    if not _PARSED["done"]:
        with _LOCK:
            if not _PARSED["done"]:
                file = os.environ.get(_ENV)
                parsed = _parse(file) if file else None
                _PARSED["config"] = parsed if parsed is not None and parsed["enable"] else None
                _PARSED["done"] = True
    return _PARSED["config"]


def _rank_dir(cfg):
    return os.path.join(cfg["path"], f"rank_{cfg['rank']}")


def _write(path, data, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode, encoding="utf-8") as f:
        f.write(data)


def _write_metadata(cfg):
    meta = os.path.join(_rank_dir(cfg), ".dump_metadata")
    if not os.path.exists(os.path.join(meta, "config.json")):
        _write(os.path.join(meta, "config.json"),
               json.dumps({"device_target": get_context("device_target"), "ms_version": __version__}))
        _write(os.path.join(meta, "data_dump.json"), json.dumps(cfg["raw"]))


# --- names -------------------------------------------------------------------------------------
def _dtype_name(dtype):
    return str(mstype.from_numpy_dtype(dtype))


def _scope():
    """MindSpore's scope of the op being traced: ``Default`` and, for each Cell below the outermost
    one whose ``construct`` is running, ``<attribute>-<Class>``."""
    cells = []
    frame = sys._getframe(2)
    while frame is not None:
        owner = frame.f_locals.get("self") if frame.f_code.co_name == "construct" else None
        if isinstance(owner, Cell) and (not cells or cells[-1] is not owner):
            cells.append(owner)
        frame = frame.f_back
    cells.reverse()
    parts = ["Default"]
    for parent, child in zip(cells, cells[1:]):
        attr = next((k for k, v in parent.__dict__.get("_cells", {}).items() if v is child), type(child).__name__)
        parts.append(f"{attr}-{type(child).__name__}")
    return "/".join(parts), (cells[-1] if cells else None)


# --- the per-program graph record --------------------------------------------------------------
class _Graph:
    """One traced program: its id, the ops it runs in order, its inputs."""

    def __init__(self, cfg, graph_id, inputs):
        self.cfg = cfg
        self.id = graph_id
        self.inputs = inputs   # the program's array inputs (traced)
        self.input_names = None    # id(input) -> MindSpore's name (Parameter name, construct argument)
        self.ops = []          # (full_name, op_type, instance, [in labels], [in avals], [out avals])
        self.params = []       # (label, name, aval)
        self.labels = {}       # id(traced array) -> "%k" / "%paraN_name"
        self.numbers = {}      # op type -> the number of its latest op (``Add-op0``, ``Add-op1``, ...)

    def label(self, x):
        return self.labels.get(id(x), "%unknown")

    def name_inputs(self):
        """Name the inputs (once, while the program's scope is live): the Parameters by their names,
        the outermost Cell's ``construct`` arguments by theirs; others (the RNG key) stay unnamed."""
        if self.input_names is not None:
            return
        names = self.input_names = {}
        scope = _state.current()
        while scope is not None and scope.parent is not None:
            scope = scope.parent
        if scope is not None:
            for pid, p in scope.params.items():
                v = scope.values.get(pid)
                names[id(v._data if isinstance(v, Tensor) else v)] = p.name
        frame, top = sys._getframe(1), None
        while frame is not None:
            if frame.f_code.co_name == "construct" and isinstance(frame.f_locals.get("self"), Cell):
                top = frame
            frame = frame.f_back
        if top is not None:
            code = top.f_code
            for arg in code.co_varnames[1:code.co_argcount]:
                v = top.f_locals.get(arg)
                if isinstance(v, Tensor):
                    names.setdefault(id(v._data), arg)
        for a in self.inputs:
            name = names.get(id(a))
            if name is not None:
                label = f"%para{len(self.params) + 1}_{name}"
                self.labels[id(a)] = label
                self.params.append((label, name, _aval(a)))

    def wanted(self, full_name, prim, cell):
        mode = self.cfg["mode"]
        if mode == 0:
            return True
        if mode == 1:
            return full_name in self.cfg["kernel_names"] or any(r.search(full_name) for r in self.cfg["kernel_regexes"])
        return prim.attrs.get("dump") == "true" or bool(cell is not None and cell.get_flags().get("dump"))

    def record(self, prim, inputs, outputs):
        self.name_inputs()
        op_type = prim.name
        number = self.numbers[op_type] = self.numbers.get(op_type, -1) + 1     # per op type, in the graph
        scope, cell = _scope()
        full_name = f"{scope}/{op_type}-op{number}"
        in_arrays = [t._data if isinstance(t, Tensor) else t for t in inputs if _is_array(t)]
        out_arrays = [t._data if isinstance(t, Tensor) else t for t in outputs if _is_array(t)]
        self.ops.append((full_name, op_type, getattr(prim, "instance_name", "") or op_type.lower(),
                         [self.label(a) for a in in_arrays], [_aval(a) for a in in_arrays],
                         [_aval(a) for a in out_arrays]))
        for a in out_arrays:
            self.labels[id(a)] = f"%{len(self.ops) - 1}"
        if not self.wanted(full_name, prim, cell):
            return
        io = self.cfg["input_output"]
        files = []
        if io in (0, 1):
            files += [("input", i, a) for i, a in enumerate(in_arrays)]
        if io in (0, 2):
            files += [("output", i, a) for i, a in enumerate(out_arrays)]
        if files:
            prefix = f"{op_type}.{full_name.replace('/', '_')}"
            kinds = [(kind, slot) for kind, slot, _ in files]
            jax.debug.callback(functools.partial(_save_op, self, prefix, kinds), *[a for _, _, a in files])

    def write_files(self, out_avals):
        cfg, gid = self.cfg, self.id
        root = _rank_dir(cfg)
        _write_metadata(cfg)
        order = "NodeExecutionOrder-FullNameWithScope\n" + "".join(f"{op[0]}\n" for op in self.ops)
        _write(os.path.join(root, "execution_order", f"ms_execution_order_graph_{gid}.csv"), order)
        graphs = os.path.join(root, "graphs")
        _write(os.path.join(graphs, f"ms_output_trace_code_graph_{gid}.ir"), self.ir_text(out_avals))
        os.makedirs(graphs, exist_ok=True)
        with open(os.path.join(graphs, f"ms_output_trace_code_graph_{gid}.pb"), "wb") as f:
            f.write(self.model_proto(out_avals).SerializeToString())

    def ir_text(self, out_avals):
        lines = [f"# IR entry: @kernel_graph{self.id}", "# Total subgraphs: 1", "",
                 f"# Total params: {len(self.params)}", "# Params:"]
        lines += [f"{label}: {_type_text(aval)}" for label, _, aval in self.params]
        lines += ["", f"subgraph @kernel_graph{self.id}() {{"]
        for i, (full, op_type, inst, ins, in_avals, outs) in enumerate(self.ops):
            lines.append(f"  %{i}(CNode_{i}) = PrimFunc_{op_type}({', '.join(ins)}) {{instance name: {inst}}}")
            lines.append(f"      : ({', '.join(map(_type_text, in_avals))}) -> "
                         f"({', '.join(map(_type_text, outs))})")
            lines.append(f"      # Fullname with scope: ({full})")
        lines.append(f"  Return(...)\n      : ({', '.join(map(_type_text, out_avals))})")
        lines += ["}", ""]
        return "\n".join(lines)

    def model_proto(self, out_avals):
        model = _anf_ir("ModelProto")()
        model.ir_version = 1
        model.model_version = 1
        graph = model.graph
        graph.name = f"kernel_graph{self.id}"
        for label, _, aval in self.params:
            p = graph.parameters.add()
            p.name = _pb_name(label)
            _fill_type(p.type, aval)
        for i, (full, op_type, inst, ins, _, outs) in enumerate(self.ops):
            node = graph.node.add()
            node.name = str(i)
            node.op_type = op_type
            node.scope = full.rsplit("/", 1)[0]
            node.full_name = full
            node.instance_name = inst
            for label in ins:
                node.input.add().name = _pb_name(label)
            if outs:
                _fill_type(node.output_type, outs[0])
        for i, aval in enumerate(out_avals):
            o = graph.outputs.add()
            o.name = f"output_{i}"
            _fill_type(o.type, aval)
        return model


def _pb_name(label):
    """A label of the text IR as the .pb names it: a parameter by its name, a node by its number."""
    return label.split("_", 1)[1] if label.startswith("%para") else label.lstrip("%")


def _is_array(x):
    return isinstance(x, (Tensor, jax.Array)) or isinstance(x, jax.core.Tracer)


def _aval(a):
    return tuple(a.shape), np.dtype(a.dtype)


def _type_text(aval):
    shape, dtype = aval
    return f"<Tensor[{_dtype_name(dtype)}], ({', '.join(map(str, shape))})>"


# --- files written while a program runs --------------------------------------------------------
def _iteration_dir(graph, iteration):
    cfg = graph.cfg
    return os.path.join(_rank_dir(cfg), cfg["net_name"], str(graph.id), str(iteration))


def _selected(graph):
    iterations = graph.cfg["iterations"]
    it = _RUN["iteration"]
    return it if iterations is None or it in iterations else None


def _npy(folder, stem, kind, slot, value):
    value = np.asarray(value)
    name = f"{stem}.{time.time_ns() // 1000}.{kind}.{slot}.DefaultFormat.{_dtype_name(value.dtype)}.npy"
    os.makedirs(folder, exist_ok=True)
    np.save(os.path.join(folder, name), value)


def _save_op(graph, prefix, kinds, *values):
    it = _selected(graph)
    if it is None:
        return
    folder = _iteration_dir(graph, it)
    for (kind, slot), v in zip(kinds, values):
        _npy(folder, f"{prefix}.0.0", kind, slot, v)


def _save_inputs(graph, names, *values):
    it = _selected(graph)
    if it is None:
        return
    _write(os.path.join(_rank_dir(graph.cfg), "execution_order", f"ms_global_execution_order_graph_{graph.id}.csv"),
           f"{it}\n", mode="a")
    folder = _iteration_dir(graph, it)
    os.makedirs(folder, exist_ok=True)
    if graph.cfg["mode"] != 0:
        return
    for name, v in zip(names, values):
        _npy(folder, f"Parameter.{name.replace('.', '_')}.0.0", "output", 0, v)


# --- the dispatch-point policy and the program wrapper -----------------------------------------
class _Recorder(Policy):
    """Names every Primitive a dumped program runs and adds the callback that writes its data."""

    name = "data dump"
    rank = 45    # innermost but the cube rounding: the op's inputs and outputs as its kernel sees them

    def wrap(self, entry, prim, call):
        graph = getattr(_LOCAL, "graph", None)
        if graph is None or prim is None:
            return call

        def dumped(*args, **kwargs):
            out = call(*args, **kwargs)
            flat_out = jax.tree_util.tree_leaves(out, is_leaf=lambda x: isinstance(x, Tensor))
            flat_in = jax.tree_util.tree_leaves((args, kwargs), is_leaf=lambda x: isinstance(x, Tensor))
            graph.record(prim, flat_in, flat_out)
            return out
        return dumped


_RECORDER = _Recorder()
_ACTIVE = [0]    # programs being traced with the recorder active (all threads)


class _DumpProgram:
    """A compiled callable's ``jax.jit`` object, traced with the recorder: each input signature is
    one graph (its own id and files); each run is one iteration."""

    def __init__(self, jitted, name):
        fn = jitted.__wrapped__
        # the program as traced: a layout pass around it (_conv_layout.channels_last, ``__wrapped__``
        # its program) re-traces it under tracers of its own, whose ops and inputs the dump cannot name
        self.fn = getattr(fn, "__wrapped__", fn)
        self.name = name
        self.jitted = jax.jit(self._traced)
        self.cache = {}

    def _traced(self, *args):
        cfg = config()
        with _LOCK:
            gid = _RUN["graph"]
            _RUN["graph"] += 1
            _ACTIVE[0] += 1
            if _ACTIVE[0] == 1:
                _dispatch.activate(_RECORDER)
        graph = _Graph(cfg, gid, [x for x in jax.tree_util.tree_leaves(args) if _is_array(x)])
        prev = getattr(_LOCAL, "graph", None)
        _LOCAL.graph = graph
        try:
            out = self.fn(*args)
        finally:
            _LOCAL.graph = prev
            with _LOCK:
                _ACTIVE[0] -= 1
                if _ACTIVE[0] == 0:
                    _dispatch.deactivate(_RECORDER)
        graph.name_inputs()
        named = [(graph.input_names[id(a)], a) for a in graph.inputs if id(a) in graph.input_names]
        jax.debug.callback(functools.partial(_save_inputs, graph, [n for n, _ in named]), *[a for _, a in named])
        out_avals = [_aval(x) for x in jax.tree_util.tree_leaves(out) if _is_array(x)]
        graph.write_files(out_avals)
        return out

    def _key(self, args):
        leaves, tree = jax.tree_util.tree_flatten(args)
        return tree, tuple((getattr(x, "shape", None), str(getattr(x, "dtype", type(x))),
                            getattr(x, "weak_type", None)) for x in leaves)

    def _executable(self, args):
        key = self._key(args)
        exe = self.cache.get(key)
        if exe is None:
            exe = self.cache[key] = self.jitted.lower(*args).compile()
        return exe

    def lower(self, *args):
        return _Lowered(self._executable(args))

    def __call__(self, *args):
        exe = self._executable(args)
        with _LOCK:
            out = exe(*args)
            jax.effects_barrier()     # the dump of this iteration is complete before the next starts
            _RUN["iteration"] += 1
        return out

    def __getattr__(self, item):
        return getattr(self.jitted, item)


class _Lowered:
    __slots__ = ("executable",)

    def __init__(self, executable):
        self.executable = executable

    def compile(self):
        return self.executable


def wrap_program(jitted, name):
    """``jitted`` dumped as the configuration says, or unchanged when dump is off."""
    if config() is None or not hasattr(jitted, "__wrapped__"):
        return jitted
    return _DumpProgram(jitted, name)


# --- MindSpore's anf_ir.proto (the graphs' .pb files), as a compact table ----------------------
_ANF_PACKAGE = "mindspore.irpb"
_ANF_DATA_TYPES = [
    "DT_UNDEFINED", "DT_BOOL", "DT_INT8", "DT_INT16", "DT_INT32", "DT_INT64", "DT_UINT8", "DT_UINT16", "DT_UINT32",
    "DT_UINT64", "DT_FLOAT16", "DT_FLOAT32", "DT_FLOAT64", "DT_STRING", "DT_TENSOR", "DT_GRAPH", "DT_BOOLS",
    "DT_INTS8", "DT_INTS16", "DT_INTS32", "DT_INTS64", "DT_UINTS8", "DT_UINTS16", "DT_UINTS32", "DT_UINTS64",
    "DT_FLOATS16", "DT_FLOATS32", "DT_FLOATS64", "DT_STRINGS", "DT_TENSORS", "DT_GRAPHS", "DT_TUPLE", "DT_LIST",
    "DT_DICT", "DT_NONE", "DT_SYM_INST", "DT_BASE_INT", "DT_BASE_UINT", "DT_BASE_FLOAT", "DT_TYPE", "DT_ANY",
    "DT_REFKEY", "DT_REF", "DT_COMPLEX64", "DT_COMPLEX128", "DT_BASE_COMPLEX", "DT_BFLOAT16", "DT_BFLOATS16",
    "DT_INT4", "DT_SLICE"]
_ANF_MESSAGES = {
    "ValueProto": dict(fields=[
        ("dtype", 1, "opt", ".DataType"), ("bool_val", 2, "opt", "bool"), ("int_val", 3, "opt", "int64"),
        ("uint_val", 4, "opt", "uint64"), ("float_val", 5, "opt", "float"), ("double_val", 6, "opt", "double"),
        ("str_val", 7, "opt", "string"), ("tensor_val", 8, "opt", ".TensorProto"), ("graph", 9, "opt", ".GraphProto"),
        ("bool_vals", 10, "rep", "bool"), ("int_vals", 11, "rep", "int64"), ("uint_vals", 12, "rep", "uint64"),
        ("float_vals", 13, "rep", "float"), ("double_vals", 14, "rep", "double"), ("str_vals", 15, "rep", "string"),
        ("tensor_vals", 16, "rep", ".TensorProto"), ("graphs", 17, "rep", ".GraphProto"),
        ("values", 18, "rep", ".ValueProto"), ("dict_val", 19, "rep", ".NamedValueProto"),
        ("type_val", 20, "opt", ".TypeProto")]),
    "AttributeProto": dict(fields=[("name", 1, "opt", "string"), ("value", 2, "opt", ".ValueProto")]),
    "NamedValueProto": dict(fields=[("key", 1, "opt", "string"), ("value", 2, "opt", ".ValueProto")]),
    "TensorShapeProto": dict(
        nested={"Dimension": dict(fields=[("size", 1, "opt", "int64"), ("name", 2, "opt", "string")])},
        fields=[("dim", 1, "rep", ".TensorShapeProto.Dimension")]),
    "TypeProto": dict(
        nested={"Tensor": dict(fields=[("elem_type", 1, "opt", ".DataType"),
                                       ("shape", 2, "opt", ".TensorShapeProto")]),
                "Sequence": dict(fields=[("elem_types", 1, "rep", ".TypeProto")])},
        fields=[("data_type", 1, "opt", ".DataType"), ("tensor_type", 2, "opt", ".TypeProto.Tensor"),
                ("sequence_type", 3, "opt", ".TypeProto.Sequence")]),
    "ParameterProto": dict(fields=[("name", 1, "opt", "string"), ("type", 2, "opt", ".TypeProto"),
                                   ("default_val", 3, "opt", ".ValueProto")]),
    "OutputProto": dict(fields=[("name", 1, "opt", "string"), ("type", 2, "opt", ".TypeProto")]),
    "InputProto": dict(enums=[("EdgeType", ["DATA_EDGE", "CONTROL_EDGE"], 0)],
                       fields=[("name", 1, "opt", "string"), ("type", 2, "opt", ".InputProto.EdgeType")]),
    "NodeProto": dict(fields=[
        ("input", 1, "rep", ".InputProto"), ("name", 2, "opt", "string"), ("op_type", 3, "opt", "string"),
        ("scope", 4, "opt", "string"), ("attribute", 5, "rep", ".AttributeProto"),
        ("output_type", 6, "opt", ".TypeProto"), ("output_i", 7, "opt", "uint64"), ("full_name", 8, "opt", "string"),
        ("instance_name", 10, "opt", "string")]),
    "ModelProto": dict(fields=[
        ("ir_version", 1, "opt", "int64"), ("domain", 2, "opt", "string"), ("model_version", 3, "opt", "int64"),
        ("graph", 4, "opt", ".GraphProto"), ("metadata_operators", 5, "opt", ".OperatorSetProto")]),
    "OperatorProto": dict(fields=[("name", 1, "opt", "string"), ("config", 2, "opt", "bytes"),
                                  ("obj_info", 3, "opt", "bytes")]),
    "OperatorSetProto": dict(fields=[("operators", 1, "rep", ".OperatorProto"), ("summary", 2, "opt", "string")]),
    "GraphProto": dict(fields=[
        ("node", 1, "rep", ".NodeProto"), ("name", 2, "opt", "string"), ("parameters", 3, "rep", ".ParameterProto"),
        ("outputs", 4, "rep", ".OutputProto"), ("const_vals", 5, "rep", ".NamedValueProto")]),
    "TensorProto": dict(fields=[
        ("dims", 1, "rep", "int64"), ("data_type", 2, "opt", ".DataType"), ("float_data", 3, "rep", "float"),
        ("int32_data", 4, "rep", "int32"), ("int64_data", 5, "rep", "int64"), ("double_data", 6, "rep", "double"),
        ("uint64_data", 7, "rep", "uint64"), ("raw_data", 8, "opt", "bytes")]),
}
_ANF = {}


def _anf_ir(name):
    """A message class of MindSpore's ``anf_ir.proto`` (package ``mindspore.irpb``), built on first use."""
    if not _ANF:
        fd = descriptor_pb2.FileDescriptorProto()
        fd.name, fd.package = "anf_ir.proto", _ANF_PACKAGE
        _fill_enum(fd.enum_type.add(), "Version", ["UNKNOWWN_VERSION", "IR_VERSION"], 0)
        _fill_enum(fd.enum_type.add(), "DataType", _ANF_DATA_TYPES, 0)
        enums = _enum_names(_ANF_MESSAGES) | {".DataType", ".Version"}
        for mname, spec in _ANF_MESSAGES.items():
            _fill_message(fd.message_type.add(), mname, spec, enums, _ANF_PACKAGE)
        pool = descriptor_pool.DescriptorPool()
        pool.Add(fd)
        _ANF["pool"] = pool
    return message_factory.GetMessageClass(_ANF["pool"].FindMessageTypeByName(f"{_ANF_PACKAGE}.{name}"))


_ANF_DTYPES = {"bool": "DT_BOOL", "int8": "DT_INT8", "int16": "DT_INT16", "int32": "DT_INT32", "int64": "DT_INT64",
               "uint8": "DT_UINT8", "uint16": "DT_UINT16", "uint32": "DT_UINT32", "uint64": "DT_UINT64",
               "float16": "DT_FLOAT16", "float32": "DT_FLOAT32", "float64": "DT_FLOAT64", "bfloat16": "DT_BFLOAT16",
               "complex64": "DT_COMPLEX64", "complex128": "DT_COMPLEX128"}


def _fill_type(proto, aval):
    shape, dtype = aval
    proto.data_type = _ANF_DATA_TYPES.index("DT_TENSOR")
    proto.tensor_type.elem_type = _ANF_DATA_TYPES.index(_ANF_DTYPES.get(str(dtype), "DT_UNDEFINED"))
    for d in shape:
        proto.tensor_type.shape.dim.add().size = int(d)


# --- set_dump ----------------------------------------------------------------------------------
def set_dump(target, enabled=True):
    """Mark ``target`` (a Cell, with its sub-cells and Primitives, or a Primitive) for dump mode 2."""
    if not isinstance(target, (Cell, Primitive)):
        raise ValueError(f"The \"target\" parameter must be an instance of Cell or Primitive, but got an instance "
                         f"of {type(target)}.")
    if not isinstance(enabled, bool):
        raise ValueError("The \"enabled\" parameter must be bool.")
    target_device = get_context("device_target")
    if target_device != "Ascend":
        warnings.warn(f"Current device_target is {target_device}, which is not supported by set_dump. Only Ascend "
                      "device target is supported currently. If you have Ascend device, consider set device_target "
                      "to Ascend before calling set_dump.")
    if isinstance(target, Cell):      # each sub-cell (and flagged Primitive) as a call of its own, as MindSpore
        target.add_flags(dump=enabled)
        for cell in target.cells():
            set_dump(cell, enabled)
        for value in vars(target).values():   # the Primitives that already carry the flag
            if isinstance(value, Primitive) and "dump" in value.attrs:
                set_dump(value, enabled)
    if isinstance(target, Primitive):
        target.add_prim_attr("dump", "true" if enabled else "false")
