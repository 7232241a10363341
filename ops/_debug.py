"""Debug ops: Print/print_, Assert, the Summary primitives, TensorDump/tensordump,
InsertGradientOf, HookBackward, DumpGradient and Morph.

Print inside a compiled call (GRAPH_MODE, ``ms.jit``) prints in MindSpore's graph-mode format
on every run (``mscompat._graph_print``). Printing and dumping work eagerly and under ``jax.jit`` (through ``jax.debug.callback``,
which runs on the host when the compiled function runs). Gradient hooks are identity
functions whose backward pass is given by ``jax.custom_vjp``.
"""
import inspect
import os

import numpy as np
import jax

from mscompat._graph_print import graph_print, in_compiled
from mscompat.common._scope import compiling
from ._args import arr, Tensor
from ._registry import op, register_primitive_class
from .primitive import Primitive, PrimitiveWithInfer

_wrap = Tensor._wrap

SUMMARY_TENSOR_CACHE = []   # [op name, tag, value] of every Summary call (read by the summary writer)
_DUMP_COUNTER = [0]


def _traced(x):
    return isinstance(x, Tensor) and isinstance(x._data, jax.core.Tracer)


def _print_args(args):
    for a in args:
        print(repr(a) if isinstance(a, Tensor) else a)


@register_primitive_class
class Print(Primitive):
    """Print each input (Tensors as their repr) to stdout; returns None."""

    def __init__(self):
        Primitive.__init__(self, "Print")
        self.add_prim_attr("side_effect_io", True)

    def __call__(self, *args):
        if in_compiled():
            # inside a compiled call: MindSpore's graph-mode print, on every run of the program
            return graph_print(*args)
        if any(_traced(a) for a in args):
            idx = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
            arrays = [args[i]._data for i in idx]

            def host(*vals):
                out = list(args)
                for i, v in zip(idx, vals):
                    out[i] = _wrap(np.asarray(v))
                _print_args(out)
            jax.debug.callback(host, *arrays, ordered=True)
            return None
        _print_args(args)
        return None


@op("print_")
def print_(*input_x):
    """Print the inputs (see :class:`Print`)."""
    return Print()(*input_x)


@register_primitive_class
class Assert(PrimitiveWithInfer):
    """Raise RuntimeError when ``condition`` is False, printing up to ``summarize`` values of each input."""

    def __init__(self, summarize=3):
        PrimitiveWithInfer.__init__(self, "Assert")
        if isinstance(summarize, bool) or not isinstance(summarize, int):
            raise TypeError(f"For 'Assert', the type of 'summarize' should be 'int', "
                            f"but got type '{type(summarize).__name__}'.")
        self.summarize = summarize
        self.add_prim_attr("summarize", summarize)
        self.add_prim_attr("side_effect_io", True)

    def __call__(self, condition, input_data):
        c = arr(condition) if isinstance(condition, Tensor) else np.asarray(condition)
        if c.dtype != np.bool_:
            raise TypeError(f"For 'Assert', the 'condition' must be a bool scalar or Tensor, but got {c.dtype}.")
        if c.ndim > 1 or (c.ndim == 1 and c.shape[0] != 1):
            raise ValueError(f"For 'Assert', the 'condition' must be a scalar or of shape (1,), but got {c.shape}.")
        if not isinstance(input_data, (list, tuple)) or not all(isinstance(t, Tensor) for t in input_data):
            raise TypeError("For 'Assert', the 'input_data' must be a list or tuple of Tensors.")
        if isinstance(c, jax.core.Tracer):
            raise TypeError("For 'Assert', the 'condition' must be a concrete value, not a traced one.")
        if not bool(np.asarray(c).reshape(())):
            shown = [np.asarray(t.asnumpy()).reshape(-1)[: self.summarize] for t in input_data]
            print("For 'Assert' condition is false.")
            for s in shown:
                print(f"input data: {s}")
            raise RuntimeError("assert failed")
        return _wrap(np.zeros((1,), np.int32))


def _summary_class(name, channel):
    def __init__(self):
        Primitive.__init__(self, name)
        self.add_prim_attr("side_effect_io", True)
        self.add_prim_attr("channel_name", channel)

    def __call__(self, tag, value):
        # As in MindSpore, the call only caches (name, tag, value); the tag and value are checked
        # when a SummaryRecord records them (train/summary/summary_record.py). A traced value
        # reaches the host through a callback each time the compiled code runs (every step of a
        # sink loop included; the record keeps a tag's last value).
        if _traced(value):
            jax.debug.callback(lambda v: SUMMARY_TENSOR_CACHE.append([name, tag, _wrap(np.asarray(v))]), value._data)
        else:
            SUMMARY_TENSOR_CACHE.append([name, tag, value])

    cls = type(name, (Primitive,), {"__init__": __init__, "__call__": __call__,
                                    "__module__": "mscompat.ops.operations",
                                    "__doc__": f"Record ``(tag, value)`` for the summary writer ({channel})."})
    return register_primitive_class(cls)


ScalarSummary = _summary_class("ScalarSummary", "ms_scalar_summary")
ImageSummary = _summary_class("ImageSummary", "ms_image_summary")
TensorSummary = _summary_class("TensorSummary", "ms_tensor_summary")
HistogramSummary = _summary_class("HistogramSummary", "ms_histogram_summary")


# ---------------------------------------------------------------------------------------
# tensor dump


def _dump_path(file):
    base = file[:-4] if file.endswith(".npy") else file
    return base


def _save(file, value):
    a = np.asarray(value)
    n = _DUMP_COUNTER[0]
    _DUMP_COUNTER[0] += 1
    d = os.path.dirname(file)
    if d:
        os.makedirs(d, exist_ok=True)
    name = a.dtype.name if a.dtype.name != "bool" else "bool"
    np.save(f"{_dump_path(file)}_{name}_{n}.npy", a)


def _dump(file, x):
    if _traced(x):
        jax.debug.callback(lambda v: _save(file, v), x._data, ordered=True)
    else:
        _save(file, x.asnumpy())


@register_primitive_class
class TensorDump(Primitive):
    """Save ``input_x`` as ``<file>_<dtype>_<n>.npy`` (n counts the dumps of this process)."""

    def __init__(self, input_output="out"):
        Primitive.__init__(self, "TensorDump")
        if input_output not in ("in", "out"):
            raise ValueError(f"The 'input_output' argument should be one of ['in', 'out'], but got: {input_output}")
        self.input_output = input_output
        self.add_prim_attr("input_output", input_output)
        self.add_prim_attr("side_effect_io", True)
        self.add_prim_attr("channel_name", "ms_tensor_dump")

    def __call__(self, file, input_x):
        if not isinstance(file, str):
            raise TypeError(f"For 'TensorDump', the type of 'file' should be 'str', but got type "
                            f"'{type(file).__name__}'.")
        if not file:
            raise ValueError("For 'TensorDump', the input argument[file] cannot be an empty string.")
        if not isinstance(input_x, Tensor):
            raise TypeError(f"For 'TensorDump', the type of 'input_x' should be 'Tensor', but got type "
                            f"'{type(input_x).__name__}'.")
        _dump(file, input_x)


@op("tensordump")
def tensordump(file_name, tensor, mode="out"):
    """Save ``tensor`` to ``<file_name>_<dtype>_<n>.npy``."""
    if not isinstance(file_name, str):
        raise TypeError(f"Parameter file_name should only be build_in str type but got: {type(file_name)}")
    if not isinstance(tensor, Tensor):
        raise TypeError(f"Parameter tensor should only be Tensor type, but got: {type(tensor)}")
    if not isinstance(mode, str):
        raise TypeError(f"Parameter mode should only be build_in str type, but got: {type(mode)}")
    if mode not in ("out", "in"):
        if mode == "all":
            raise ValueError("Argument [mode] has been not supported value of 'all'.")
        raise ValueError(f"Parameter mode should in ['out', 'in'], but got {mode}")
    return TensorDump(mode)(file_name, tensor)


# ---------------------------------------------------------------------------------------
# gradient hooks


def _grad_hook(x, fn):
    """Identity on ``x`` whose cotangent is replaced by ``fn(cotangent)`` (None keeps it)."""
    @jax.custom_vjp
    def ident(a):
        return a

    def fwd(a):
        return a, None

    def bwd(_, g):
        out = fn(_wrap(g))
        if out is None:
            return (g,)
        if isinstance(out, (tuple, list)):
            out = out[0]
        return (arr(out).astype(g.dtype).reshape(g.shape),)

    ident.defvjp(fwd, bwd)
    return _wrap(ident(arr(x)))


@register_primitive_class
class InsertGradientOf(Primitive):
    """Identity in the forward pass; the backward pass applies ``f`` to the gradient."""

    def __init__(self, f):
        Primitive.__init__(self, "InsertGradientOf")
        self.add_prim_attr("side_effect_backprop", True)
        self.add_prim_attr("side_effect_backprop_mem", True)
        self.f = f

    def __call__(self, x):
        return _grad_hook(x, self.f)


@register_primitive_class
class DumpGradient(Primitive):
    """Identity on ``x``; its gradient is dumped to ``path`` (as :class:`TensorDump`)."""

    def __init__(self):
        Primitive.__init__(self, "DumpGradient")

    def __call__(self, path, x, input_output):
        def hook(dout):
            TensorDump()(path, dout)
            return dout
        return _grad_hook(x, hook)


@register_primitive_class
class HookBackward(PrimitiveWithInfer):
    """Identity on its inputs; ``hook_fn(grad)`` sees (and may replace) each input's gradient."""

    def __init__(self, hook_fn, cell_id=""):
        PrimitiveWithInfer.__init__(self, "HookBackward")
        if not callable(hook_fn):
            raise TypeError(f"Expected a callable hook function, but got {type(hook_fn).__name__}.")
        self.add_prim_attr("cell_id", cell_id)
        self.init_attrs["cell_id"] = cell_id
        self.cell_id = cell_id
        self.hook_fn = hook_fn

    def __call__(self, *inputs):
        for t in inputs:
            if not isinstance(t, Tensor):
                raise TypeError(f"For 'HookBackward', the input must be a Tensor, but got {type(t).__name__}.")
        outs = _hook_backward(inputs, self.hook_fn)
        return outs[0] if len(outs) == 1 else outs


def _hook_backward(inputs, fn):
    """Identity on ``inputs``; in the backward pass ``fn`` gets the tuple of their gradients (one
    call, as MindSpore's HookBackward) and may return new ones (a tuple, or a Tensor for one input)."""
    n = len(inputs)

    def check(out):
        if isinstance(out, Tensor) and n == 1:
            return (out,)
        if not isinstance(out, tuple) or len(out) != n or not all(isinstance(t, Tensor) for t in out):
            raise TypeError(f"The output type of function: {getattr(fn, '__name__', fn)} should be a tensor but "
                            f"got {type(out).__name__}.")
        return out

    @jax.custom_vjp
    def ident(*arrays):
        return arrays

    def fwd(*arrays):
        return arrays, None

    def bwd(_, grads):
        out = fn(tuple(_wrap(g) for g in grads))
        if out is None:
            return tuple(grads)
        return tuple(arr(t).astype(g.dtype).reshape(g.shape) for t, g in zip(check(out), grads))

    ident.defvjp(fwd, bwd)
    return tuple(_wrap(a) for a in ident(*(arr(t) for t in inputs)))


@register_primitive_class
class Morph(PrimitiveWithInfer):
    """Wrap ``fn`` as one op (optionally with a custom backward ``bprop_fn(*args, out, dout)``).
    As MindSpore, it runs only inside a compiled call (GRAPH_MODE Cell, ``ms.jit``)."""

    def __init__(self, fn, infer_shape, infer_dtype, bprop_fn=None):
        PrimitiveWithInfer.__init__(self, "Morph")
        self.add_prim_attr("side_effect_backprop", True)
        self.add_prim_attr("side_effect_mem", True)
        self.add_prim_attr("side_effect_io", True)
        self.add_prim_attr("__metamorphosis__", True)
        self._infer_shape, self._infer_dtype = infer_shape, infer_dtype
        self.__morph_fn__ = fn
        self.__morph_bprop_fn__ = None
        if bprop_fn:
            for p in inspect.signature(fn).parameters.values():
                if not (p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD and p.default is inspect.Parameter.empty):
                    raise ValueError(f"When use `bprop` in Morph, Morph `fn` only support positional or keyword "
                                     f"parameters with default value is empty, but got param '{p.name}' of kind "
                                     f"'{p.kind.name}' with default value '{p.default}'.")
            self.__morph_bprop_fn__ = bprop_fn

    def infer_shape(self, *args):
        return self._infer_shape(*args)

    def infer_dtype(self, *args):
        return self._infer_dtype(*args)

    def __call__(self, *args, **kwargs):
        if not (in_compiled() or compiling()):      # compiling: its discovery trace too
            raise RuntimeError("Morph is only supported in GRAPH_MODE.")
        fn, bprop = self.__morph_fn__, self.__morph_bprop_fn__
        if bprop is None:
            return fn(*args, **kwargs)
        if kwargs:     # ``fn`` takes positional-or-keyword parameters only (checked when made)
            args = inspect.signature(fn).bind(*args, **kwargs).args

        @jax.custom_vjp
        def run(*a):
            return arr(fn(*[_wrap(v) for v in a]))

        def fwd(*a):
            out = run(*a)
            return out, (a, out)

        def bwd(res, g):
            a, out = res
            grads = bprop(*[_wrap(v) for v in a], _wrap(out), _wrap(g))
            grads = grads if isinstance(grads, (tuple, list)) else (grads,)
            return tuple(arr(gr).astype(v.dtype) for gr, v in zip(grads, a))

        run.defvjp(fwd, bwd)
        return _wrap(run(*[arr(t) for t in args]))
