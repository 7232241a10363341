"""``mindspore.export(..., file_format="STABLEHLO")``: a network as a ``jax.export`` artefact.

mscompat's own export format (MindSpore has none by this name). The file, ``<file_name>.stablehlo``,
is the bytes of ``jax.export.Exported.serialize()`` of the network's inference forward
(``set_train(False)`` while exporting) with the parameters' current values baked in as
constants, so plain JAX runs it without mscompat::

    import jax, numpy as np
    exp = jax.export.deserialize(open("net.stablehlo", "rb").read())
    out = exp.call(np.ones((8, 1, 32, 32), np.float32))

Inputs are given as in ``export`` for MINDIR: example Tensors, or ``Tensor(shape=[None, ...],
dtype=...)`` to declare dynamic dimensions; these are the artefact's arguments. Inputs that are not
Tensors (numbers, flags, strings) keep the values given at export. A dynamic first dimension is the batch: one
symbolic size ``batch`` shared by every input; other dynamic dimensions get a symbol each. The
outputs keep the network's structure (a Tensor, or a tuple of them) as arrays.

``mindspore.load`` of a ``.stablehlo`` file gives a graph ``nn.GraphCell`` runs (it has no
Parameters: their values are part of the artefact).
"""
import os

import flatbuffers  # noqa: F401  (jax.export's serializer needs it and jax does not require it)
import jax
import numpy as np
from jax import export as jax_export

from mscompat import _state
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.interop import functional, to_jax, from_jax
from mscompat.nn.cell import Cell
from ._mindir_load import FuncGraph

__all__ = ["export_stablehlo", "load_stablehlo_file", "StableHLOGraph", "SUFFIX"]

SUFFIX = ".stablehlo"


def _input_specs(inputs):
    """``(specs, batch_inputs, other_dynamic)``: a ``jax.ShapeDtypeStruct`` per input Tensor, dynamic
    dimensions as symbolic sizes; the indices of the inputs with a dynamic first dimension (the batch);
    whether any other dimension is dynamic."""
    dims_per_input, dtypes, batch_inputs, other_dynamic = [], [], [], False
    for i, x in enumerate(inputs):
        shape = tuple(x.shape)
        if any(not isinstance(d, (int, np.integer)) or d < -1 for d in shape):
            raise ValueError(f"For 'export' with file_format 'STABLEHLO', input {i} has the shape {list(shape)}: "
                             "only a known rank with -1 (or None) for dynamic dimensions is supported.")
        dims = ["batch" if (d == -1 and j == 0) else (f"d{i}_{j}" if d == -1 else str(int(d)))
                for j, d in enumerate(shape)]
        if shape and shape[0] == -1:
            batch_inputs.append(i)
        other_dynamic = other_dynamic or any(d == -1 for d in shape[1:])
        dims_per_input.append(dims)
        dtypes.append(mstype.dtype_to_nptype(x.dtype))
    if not batch_inputs and not other_dynamic:
        return [jax.ShapeDtypeStruct(tuple(int(d) for d in dims), dt)
                for dims, dt in zip(dims_per_input, dtypes)], [], False
    scope = jax_export.SymbolicScope()
    specs = [jax.ShapeDtypeStruct(jax_export.symbolic_shape(", ".join(dims), scope=scope) if dims else (), dt)
             for dims, dt in zip(dims_per_input, dtypes)]
    return specs, batch_inputs, other_dynamic


def _example(spec, batch):
    """A concrete input like ``spec`` (its batch set to ``batch``) to compare two traces on."""
    shape = tuple(batch if not isinstance(d, int) else d for d in spec.shape)
    rs = np.random.RandomState(0)
    if np.issubdtype(spec.dtype, np.floating):
        return rs.standard_normal(shape).astype(spec.dtype)
    if spec.dtype == np.bool_:
        return rs.randint(0, 2, shape).astype(np.bool_)
    return rs.randint(0, 3, shape).astype(spec.dtype)


def _per_example(fn, specs, batch_inputs):
    """``fn`` vmapped over the batch: the network runs on one example (batch 1) at a time, so its
    own code sees static shapes and only JAX's batching handles the symbolic batch. Valid when the
    network treats the examples of a batch independently, which is checked on a batch of 3."""
    axes = [0 if i in batch_inputs else None for i in range(len(specs))]

    def one(*xs):
        xs = [x[None] if a == 0 else x for x, a in zip(xs, axes)]
        return jax.tree_util.tree_map(lambda o: o[0], fn(*xs))

    batched = jax.vmap(one, in_axes=axes)
    xs = [_example(s, 3) for s in specs]
    direct, mapped = jax.jit(fn)(*xs), jax.jit(batched)(*xs)
    same = jax.tree_util.tree_structure(direct) == jax.tree_util.tree_structure(mapped) and all(
        np.shape(a) == np.shape(b) and np.allclose(np.asarray(a), np.asarray(b), rtol=1e-4, atol=1e-5, equal_nan=True)
        for a, b in zip(jax.tree_util.tree_leaves(direct), jax.tree_util.tree_leaves(mapped)))
    return batched if same else None


def _export(fn, specs, batch_inputs, other_dynamic):
    """The ``Exported`` of ``fn`` on ``specs``."""
    try:
        return jax_export.export(jax.jit(fn))(*specs)
    except Exception as exc:   # the network's code needs a static size somewhere (a shape read as int)
        if not batch_inputs or other_dynamic:
            raise ValueError("For 'export' with file_format 'STABLEHLO', the network cannot be traced with dynamic "
                             f"dimensions: {exc}") from exc
        batched = _per_example(fn, [jax.ShapeDtypeStruct(s.shape, s.dtype) for s in specs], batch_inputs)
        if batched is None:
            raise ValueError("For 'export' with file_format 'STABLEHLO', the network reads the batch size as a "
                             "static number and mixes the examples of a batch, so it cannot be exported with a "
                             f"dynamic batch dimension: {exc}") from exc
        return jax_export.export(jax.jit(batched))(*specs)


def _forward(net):
    """The network's forward as a function of jax arrays, parameters baked in."""
    if isinstance(net, Cell):
        apply, params = functional(net)

        def fn(*xs):
            out, _ = apply(params, *from_jax(xs), rng=jax.random.key(0))
            return to_jax(out)
        return fn
    if not callable(net):
        raise TypeError(f"For 'export', the argument 'net' must be a Cell or a function, but got {type(net).__name__}.")

    def fn(*xs):
        # a scope of its own: the Parameters the function reads keep their values (baked in), and random
        # ops draw from a key of the trace instead of initializing the global one with a tracer
        with _state.Scope(key=jax.random.key(0)):
            return to_jax(net(*from_jax(xs)))
    return fn


def export_stablehlo(net, *inputs, file_name, **kwargs):
    """Write ``net``'s inference forward on ``inputs`` to ``file_name`` (``.stablehlo`` added when
    missing) and return the path."""
    unknown = sorted(set(kwargs) - {"incremental"})
    if unknown:
        raise ValueError(f"For 'export', the option {unknown[0]!r} is not supported with file_format 'STABLEHLO'.")
    positions = [i for i, x in enumerate(inputs) if isinstance(x, Tensor)]
    for i, x in enumerate(inputs):
        if i not in positions and any(isinstance(leaf, Tensor) for leaf in jax.tree_util.tree_leaves(
                x, is_leaf=lambda v: isinstance(v, Tensor))):
            raise TypeError(f"For 'export' with file_format 'STABLEHLO', input {i} is a {type(x).__name__} holding "
                            "Tensors: pass its Tensors as separate inputs.")
    specs, batch_inputs, other_dynamic = _input_specs([inputs[i] for i in positions])
    forward = _forward(net)

    def with_fixed(*arrays):
        """The artefact's function: Tensor inputs are its arguments, other inputs keep their values."""
        full = list(inputs)
        for i, a in zip(positions, arrays):
            full[i] = a
        return forward(*full)

    is_cell = isinstance(net, Cell)
    was_training = net.training if is_cell else False
    if is_cell:
        net.set_train(False)
    try:
        exported = _export(with_fixed, specs, batch_inputs, other_dynamic)
    finally:
        if is_cell:
            net.set_train(was_training)
    if not file_name.endswith(SUFFIX):
        file_name += SUFFIX
    dirname = os.path.dirname(os.path.realpath(file_name))
    os.makedirs(dirname, mode=0o700, exist_ok=True)
    tmp = f"{file_name}.tmp{os.getpid()}"
    with open(tmp, "wb") as f:
        f.write(exported.serialize())
    os.replace(tmp, file_name)
    return file_name


class StableHLOGraph(FuncGraph):
    """A ``.stablehlo`` artefact loaded by ``mindspore.load``: calls the deserialized export."""

    def __init__(self, exported, file_name=None):
        self.exported = exported
        self.file_name = file_name
        self.name = os.path.basename(file_name) if file_name else "stablehlo"

    def __repr__(self):
        return f"FuncGraph({self.name!r}, stablehlo, inputs={len(self.exported.in_avals)})"

    def parameters(self):
        return {}

    def run(self, params, *inputs):
        avals = self.exported.in_avals
        if len(inputs) != len(avals):
            raise RuntimeError(f"The input number of parameters is not Compatible. The STABLEHLO graph takes "
                               f"{len(avals)} inputs, but got {len(inputs)} inputs.")
        args = [to_jax(x) if isinstance(x, Tensor) else np.asarray(x, aval.dtype) for x, aval in zip(inputs, avals)]
        for i, (a, aval) in enumerate(zip(args, avals)):
            fixed = [(d, s) for d, s in zip(aval.shape, a.shape) if isinstance(d, int)]
            if len(a.shape) != len(aval.shape) or any(d != s for d, s in fixed):
                raise ValueError(f"For the STABLEHLO graph '{self.name}', input {i} must have the shape "
                                 f"{[d if isinstance(d, int) else str(d) for d in aval.shape]}, but got "
                                 f"{list(a.shape)}.")
            if a.dtype != aval.dtype:
                raise TypeError(f"For the STABLEHLO graph '{self.name}', input {i} must be of dtype "
                                f"{mstype.from_numpy_dtype(aval.dtype)}, but got {mstype.from_numpy_dtype(a.dtype)}.")
        return from_jax(self.exported.call(*args))


def load_stablehlo_file(file_name):
    """Deserialize a ``.stablehlo`` file; RuntimeError if it is not one."""
    with open(file_name, "rb") as f:
        data = f.read()
    try:
        exported = jax_export.deserialize(bytearray(data))
    except Exception as exc:   # flatbuffers raise assorted errors on foreign bytes
        raise RuntimeError(f"Load STABLEHLO failed: '{file_name}' is not a jax.export artefact.") from exc
    return StableHLOGraph(exported, file_name)
