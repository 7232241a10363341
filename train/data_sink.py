"""Data sinking: several training steps per compiled call (DESIGN sections 2 and 6).

:func:`scan_steps` runs a step function over ``n`` batches already on the device as one
``jax.lax.scan``: the Parameters the step touches (network weights, optimizer state, ...) and
the RNG key are the scan carry, bound to the same Parameters inside the loop body by a
``mscompat._state.Scope``. It is meant to run inside a :class:`mscompat._graph.Compiled` call,
whose abstract trace discovers those Parameters: the step is compiled once, and the new state is
written back to the Parameters when the compiled call returns (lazily: once per ``n`` steps).

:class:`_SinkRunner` uses it on accelerators; on XLA:CPU it runs the block as one compiled step per
batch instead (see :func:`_steps_as_loop`).

``data_sink(fn, dataset, sink_size)`` (MindSpore's ``mindspore.data_sink``) and
``Model.train(dataset_sink_mode=True)`` are built on it.
"""
import functools

import jax
import jax.numpy as jnp

from mscompat import _state
from mscompat.common import dtype as mstype
from mscompat.common.seed import _state as _rng
from mscompat.common.tensor import Tensor, tree_tensors
from mscompat.common.parameter import Parameter
from mscompat._graph import Compiled
from mscompat.dataset.device_feed import DeviceFeeder

__all__ = ["data_sink"]


def _check_inputs(network_shapes, dataset_shapes, dataset_types):
    """``set_inputs``/``input_signature`` Tensors against the dataset's column shapes and types."""
    if len(network_shapes) != len(dataset_shapes):
        raise ValueError(f"The length of 'set_inputs' or 'input_signature' ({len(network_shapes)}) must be the same "
                         f"as the number of dataset columns ({len(dataset_shapes)}).")
    for i, (t, shape, dt) in enumerate(zip(network_shapes, dataset_shapes, dataset_types)):
        want = mstype.pytype_to_dtype(dt) if hasattr(mstype, "pytype_to_dtype") else None
        if want is not None and t.dtype != want:
            raise TypeError(f"The {i + 1}th input type of 'set_inputs' must be the same as network's input, but got "
                            f"'set_inputs': {t.dtype} and network's input: {want}.")
        if len(t.shape) != len(shape):
            raise ValueError(f"The {i + 1}th input dims of 'set_inputs' must be the same as network's input, but got "
                             f"'set_inputs': {len(t.shape)} and network's input: {len(shape)}.")
        for k, (a, b) in enumerate(zip(t.shape, shape)):
            if a not in (-1, None) and a != b:
                raise ValueError(f"The {k + 1}th input shape of 'set_inputs' must be the same as network's input, "
                                 f"but got 'set_inputs': {a} and network's input: {b}.")


def _arrays(x):
    return x._data if isinstance(x, Tensor) else x


def _to_arrays(out):
    """Step outputs as a pytree of jax arrays (Parameters give their current value)."""
    return jax.tree_util.tree_map(_arrays, out, is_leaf=lambda x: isinstance(x, (Tensor, Parameter)))



def _like(v, old):
    """``v`` with the carry dtype of ``old`` (``lax.scan`` needs the carry types to stay fixed; it
    reconciles weak types itself)."""
    v = jnp.asarray(v)
    if v.dtype != old.dtype:
        v = jax.lax.convert_element_type(v, old.dtype)
    return v


def scan_steps(step, stacked):
    """Run ``step(*batch)`` for each batch of ``stacked`` (arrays with a leading steps axis) as one
    ``lax.scan``; returns the stacked outputs of all steps (a pytree of arrays).

    Inside a transform the Parameters of the enclosing scope (and the RNG key) are carried through
    the loop and the ones the step writes are written to the enclosing scope afterwards. Outside
    every transform (an eager fallback) the steps run one by one.
    """
    stacked = [_arrays(x) for x in stacked]
    outer = _state.current()
    if outer is None:
        outs = []
        n = stacked[0].shape[0]
        for i in range(n):
            outs.append(_to_arrays(step(*[Tensor._wrap(x[i]) for x in stacked])))
        return jax.tree_util.tree_map(lambda *xs: jnp.stack(xs), *outs)

    carried = list(outer.params.values())
    init = [outer.read(p) for p in carried]
    key0 = _rng["key"]
    if key0 is None:
        key0 = _state.ensure_key()
    seen = {}

    def body(carry, xs):
        values, key = carry
        with _state.Scope(carried, values, strict=outer.strict, key=key) as scope:
            out = step(*[Tensor._wrap(x) for x in xs])
            out = _to_arrays(out)
        seen["scope"] = scope
        new_values = [scope.values[id(p)] for p in carried]
        new_values = [_like(v, old) for v, old in zip(new_values, values)]
        seen["drew"] = scope.key_out is not key
        return (new_values, scope.key_out), out

    (final, key), outs = jax.lax.scan(body, (init, key0), stacked)
    scope = seen["scope"]
    # Parameters the step touched that the enclosing (lenient) scope does not know yet
    for p in list(scope.found.values()) + scope.written_params():
        if id(p) not in outer.values and id(p) not in outer.found:
            outer.read(p)
    written = scope.written
    for p, v in zip(carried, final):
        if id(p) in written:
            outer.write(p, v)
    if seen["drew"]:
        _rng["key"] = key
    return outs


def _last(outs):
    return jax.tree_util.tree_map(lambda a: a[-1], outs)


def run_sink_steps(step, stacked):
    """``scan_steps`` returning the LAST step's outputs as Tensors (what a sink call returns)."""
    return tree_tensors(_last(scan_steps(step, stacked)))


def _steps_as_loop():
    """Whether a sink block runs as a device loop (``lax.scan``): not on XLA's CPU backend.

    XLA:CPU runs convolutions inside a loop body through a generic emitter instead of its
    Eigen kernels, 10-200x slower (jax issue #12868; a ResNet-18 step went from 2.7 s to 150 s).
    On CPU the block therefore runs as ``n`` calls of one compiled step on batches already on
    the device; a host loop costs nothing there, as nothing has to cross to an accelerator.
    """
    return jax.default_backend() != "cpu"


class _SinkRunner:
    """``step`` compiled (once per input signature) to run a block of steps per call: as one
    ``lax.scan`` on accelerators, as one compiled step called per batch on CPU."""

    def __init__(self, step, name, known=None):
        self.step = step
        # ``known``: the Parameters expected up front (a cell's own), so that the first trace
        # usually needs no discovery pass; any other Parameter the step touches is discovered.
        # The stacked inputs of a block have the steps first, so the batch axis is 1 (parallel placement)
        self.compiled = Compiled(lambda *stacked: run_sink_steps(self.step, stacked), name=name, known=known,
                                 batch_axis=1)
        self.single = Compiled(lambda *batch: tree_tensors(_to_arrays(self.step(*batch))), name=name, known=known)

    def __call__(self, *stacked):
        if _state.current() is not None:   # inside a user transform: part of that trace
            return run_sink_steps(self.step, stacked)
        if _steps_as_loop():
            return self.compiled(stacked, {})
        out = None
        for batch in _unstack([_arrays(x) for x in stacked]):
            out = self.single(tuple(Tensor._wrap(x) for x in batch), {})
        return out


@jax.jit
def _unstack(stacked):
    """The batches of a block, one tuple per step (one dispatch for the whole block)."""
    return [tuple(x[i] for x in stacked) for i in range(stacked[0].shape[0])]


def _check_sink_size(sink_size):
    if not isinstance(sink_size, int) or isinstance(sink_size, bool):
        raise TypeError(f"For 'Data sink', the type of 'sink_size' should be 'int', but got type "
                        f"'{type(sink_size).__name__}'.")
    if sink_size <= 0:
        raise ValueError(f"The 'sink_size' must be positive, but got sink_size {sink_size}.")


def data_sink(fn, dataset, sink_size=1, jit_config=None, input_signature=None):
    """A function that, each call, runs ``fn(*batch)`` on the next ``sink_size`` batches of
    ``dataset`` and returns the last call's result.

    The ``sink_size`` steps run as one compiled ``lax.scan`` (on XLA:CPU, one compiled step per
    batch) over batches that a background thread already put on the device; Parameters ``fn`` updates (through an optimizer,
    ``ops.assign``, ...) are carried through the loop and written back after each call. The
    dataset is read endlessly (epoch after epoch). ``jit_config`` is accepted for compatibility
    (the steps are always compiled); ``input_signature`` (Tensors, possibly with ``None``
    dimensions) is checked against the dataset's column shapes and dtypes.
    """
    _check_sink_size(sink_size)
    if hasattr(dataset, "__transfer_dataset__"):
        raise ValueError("The dataset has been used with network.")
    if input_signature is not None:
        _check_inputs(input_signature, dataset.output_shapes(), dataset.output_types())
    state = {}
    runner = _SinkRunner(fn, getattr(fn, "__name__", "data_sink"))
    dataset.__transfer_dataset__ = True

    @functools.wraps(fn)
    def sink_process(*args, **kwargs):
        feeder = state.get("feeder")
        if feeder is None:
            feeder = state["feeder"] = DeviceFeeder(dataset, prefetch=2, block=sink_size, num_epochs=-1)
        block = next(feeder)
        return runner(*block)

    return sink_process
