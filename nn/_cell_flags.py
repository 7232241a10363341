"""Flags, modes and configuration methods of :class:`mscompat.nn.Cell`.

Functions here are methods of ``Cell`` (imported into its class body): ``add_flags``,
``set_train``, ``set_grad``, ``to_float``, ``set_boost``, ``set_inputs``, ``compile``,
``shard``, ``to``, ... with MindSpore 2.10's semantics and error classes.
"""
import logging
import inspect

import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from ._cell_hooks import MixedPrecisionType
from mscompat import context
from mscompat import _graph
from mscompat.parallel._mesh import device_count
from mscompat.parallel._shard import ShardFn, check_shard_args
from ._cell_hooks import _update_hook_version

logger = logging.getLogger("mscompat")

# ``Cell`` is built from this module's functions (nn/cell.py imports it), so it cannot import the
# class; nn/cell.py sets this once ``Cell`` exists (the functions here only run on Cells).
Cell = None



def apply(self, fn):
    """Call ``fn(cell)`` on every sub cell (depth first), then on this cell; returns self."""
    for cell in self.cells():
        cell.apply(fn)
    fn(self)
    return self


def add_flags(self, **flags):
    """Set attributes (and record them in :meth:`get_flags`); ``fp16``/``fp32``/``bf16``
    set the mixed-precision type."""
    d = self.__dict__
    if "_func_graph_flags" not in d:
        d["_func_graph_flags"] = {}
    d["_func_graph_flags"].update(flags)
    d.update(flags)
    self._add_mixed_precision_flag(**flags)
    return self


def add_flags_recursive(self, **flags):
    """:meth:`add_flags` on this cell and every sub cell."""
    self.add_flags(**flags)
    for cell in self.cells():
        cell.add_flags_recursive(**flags)
    return self


def _add_init_args(self, **args):
    if "_cell_init_args" in self.__dict__:
        self.__dict__["_cell_init_args"] += str({**args})


def get_flags(self):
    """The attributes added by :meth:`add_flags`."""
    d = self.__dict__
    if "_func_graph_flags" not in d:
        d["_func_graph_flags"] = {}
    return d["_func_graph_flags"]


def _add_mixed_precision_flag(self, **flags):
    d = self.__dict__
    for key, mp in (("fp16", MixedPrecisionType.FP16), ("fp32", MixedPrecisionType.FP32),
                    ("bf16", MixedPrecisionType.BF16)):
        if flags.get(key, False):
            d["mixed_precision_type"] = mp
            d["_cpp_mixed_precision_type"] = mp


def get_mixed_precision_type(self):
    """The mixed-precision type set by ``to_float`` (``MixedPrecisionType.NOTSET`` if none)."""
    return self.__dict__.get("_cpp_mixed_precision_type", MixedPrecisionType.NOTSET)


def set_mixed_precision_type(self, mp_type):
    """Set the (graph-level) mixed-precision type; ``to_float`` is the user-level API."""
    if not isinstance(mp_type, MixedPrecisionType):
        raise TypeError("set_mixed_precision_type(): incompatible function arguments. The following argument "
                        "types are supported:\n    1. (self: Cell_, arg0: MixedPrecisionType) -> None\n\n"
                        f"Invoked with: {self!r}, {mp_type!r}")
    self.__dict__["_cpp_mixed_precision_type"] = mp_type


def to_float(self, dst_type):
    """Run this cell and its sub cells with float inputs cast to ``dst_type``
    (float16, float32 or bfloat16); returns self."""
    if dst_type not in (mstype.float16, mstype.float32, mstype.bfloat16):
        raise ValueError("For 'to_float', the argument 'dst_type' must be mstype.float32, mstype.float16 or "
                         "mstype.bfloat16, but got type: {} and value: {}.".format(type(dst_type), dst_type))
    flags = {'fp16': dst_type == mstype.float16, 'fp32': dst_type == mstype.float32,
             'bf16': dst_type == mstype.bfloat16}
    self._add_init_args(**flags)
    self.add_flags_recursive(**flags)
    return self


def set_boost(self, boost_type):
    """Enable a boost algorithm (only ``"less_bn"`` exists); returns self."""
    if boost_type not in ("less_bn",):
        raise ValueError("For 'set_boost', the argument 'boost_type' must be 'less_bn', "
                         "but got {}.".format(boost_type))
    self.add_flags_recursive(less_bn=boost_type == "less_bn")
    return self


def set_grad(self, requires_grad=True):
    """Set ``requires_grad`` (PyNative builds the backward graph of this cell); returns self."""
    self.requires_grad = requires_grad
    return self


def set_train(self, mode=True):
    """Set ``training`` on this cell and every sub cell (phase ``'train'``/``'predict'``)."""
    self.__dict__["_phase"] = 'train' if mode else 'predict'
    self.add_flags_recursive(training=mode)
    return self


def set_broadcast_flag(self, mode=True):
    """Set ``broadcast_flag`` on this cell and every sub cell."""
    self.add_flags_recursive(broadcast_flag=mode)
    return self


def set_jit_config(self, jit_config):
    """Set the :class:`mindspore.JitConfig` of this cell (only the first call counts)."""
    if self._jit_config_dict:
        logger.warning("For Cell, jit config can only be set once, ignore this setting.")
    else:
        self.__dict__["_jit_config_dict"] = jit_config.jit_config_dict


def set_inputs(self, *inputs, **kwargs):
    """Declare the (possibly dynamic-shape) inputs used for compilation."""
    if self.grad_ops_label:
        logger.warning('For Cell, set_inputs must be set before the gradient function of the network is '
                       'generated.')
    if kwargs and inputs:
        raise ValueError('For Cell, set_inputs should only set inputs or kwargs(inputs: %s, kwargs: %s)!'
                         % (inputs, kwargs))
    if not kwargs:
        self.__dict__["_dynamic_shape_inputs"] = inputs
        if context.get_context("mode") != context.PYNATIVE_MODE:
            self._check_construct_args(*inputs)
    else:
        names = list(inspect.signature(self.construct).parameters)
        for key in kwargs:
            if key not in names:
                raise ValueError(f"For 'set_inputs', the key '{key}' is not an argument of 'construct'.")
        self.__dict__["_dynamic_shape_inputs"] = tuple(kwargs.get(n) for n in names)


def _check_symbol_dim(item, value, axis, index, shape, seen):
    """``value`` (axis ``axis`` of input ``index``) against a Symbol's constraints (its ``to_dict``)."""
    where = f"The {axis + 1}th shape value of {index}th actual input args"
    tail = f"Actual shape: {list(shape)}, axis: {axis}."
    if "max" in item and value > item["max"]:
        raise ValueError(f"{where} must be less than or equal to the 'max' value '{item['max']}' of `Symbol`, but got "
                         f"'{value}'. {tail}")
    if "min" in item and value < item["min"]:
        raise ValueError(f"{where} must be greater than or equal to the 'min' value '{item['min']}' of `Symbol`, but "
                         f"got '{value}'. {tail}")
    d, r = item.get("divisor", 1), item.get("remainder", 0)
    if value < d + r or (value - r) % d:
        raise ValueError(f"{where} must match the 'divisor'(d) and 'remainder'(d) of `Symbol`. The value should be "
                         f"'d * N + r' for 'N > 0', got d={d} and r={r}, but actual shape value is '{value}'. {tail}")
    if "id" in item:
        previous = seen.setdefault(item["id"], value)
        if previous != value:
            raise ValueError(f"{where} is a unique symbol, all values must be the same. The previous value is "
                             f"{previous}, but the current value is {value}. {tail}")


def check_set_inputs(self, args):
    """The call's positional inputs against those given to :meth:`set_inputs` (compiled calls):
    a Tensor input must match its placeholder's dtype, rank (unless the rank is unknown) and
    fixed dimensions, and the constraints of the Symbols in its shape."""
    expected = self.__dict__.get("_dynamic_shape_inputs")
    if not expected:
        return
    seen = {}
    for index, (exp, got) in enumerate(zip(expected, args), 1):
        if not isinstance(exp, Tensor):
            continue
        if not isinstance(got, Tensor):
            raise TypeError(f"For set_inputs or tuple(list) in set_inputs, the {index}th should be mutable one, but "
                            f"got static!")
        if got.dtype != exp.dtype:
            raise TypeError(f"For set_inputs or tuple(list) in set_inputs, the {index}th type should be "
                            f"Tensor[{exp.dtype}], but got Tensor[{got.dtype}]!")
        exp_shape, shape = tuple(exp.shape), tuple(got.shape)
        # (-2,): unknown rank; (0,): mscompat's Tensor(shape=None, dtype=...), MindSpore's unknown-rank
        # placeholder too
        if exp_shape in ((-2,), (0,)):
            continue
        if len(exp_shape) != len(shape):
            raise ValueError(f"For set_inputs and tuple(list) in set_inputs, the dims of {index}th input must be the "
                             f"same as expected, but got expected: {len(exp_shape)}, and input: {len(shape)}!")
        for e, g in zip(exp_shape, shape):
            if e != -1 and e != g:
                raise ValueError(f"For set_inputs and tuple(list) in set_inputs, the shape of {index}th input must be "
                                 f"the same as expected, but got expected: {e}, and input: {g}!")
        for axis, item in enumerate(getattr(exp, "symbolic_shape", None) or ()):
            if isinstance(item, dict):
                _check_symbol_dim(item, shape[axis], axis, index, shape, seen)


def get_inputs(self):
    """The inputs given to :meth:`set_inputs` (None if not set)."""
    return self._dynamic_shape_inputs


def compile(self, *args, **kwargs):  # pylint: disable=redefined-builtin
    """Trace and compile the cell for these inputs without running it; the next call with
    inputs of the same signature reuses the compiled program."""
    self._check_construct_args(*args)
    _graph.compile_cell(self, args, kwargs)


def compile_and_run(self, *args, **kwargs):
    """Compile (once per input signature) and run the cell."""
    self._check_construct_args(*args)
    return _graph.call_compiled(self, args, kwargs)


def shard(self, in_strategy, out_strategy=None, parameter_plan=None):
    """Set the input/output layouts of this cell (and Parameter layouts by ``parameter_plan``)
    for SEMI_AUTO/AUTO_PARALLEL (``mscompat.parallel._shard``); a no-op on one device, as in
    MindSpore."""
    if device_count() == 1:
        return None
    plan = check_shard_args(self, in_strategy, out_strategy, parameter_plan)
    if self._in_strategy is not None:
        logger.warning("For '%s', 'Shard' has been configured more than once. The existing in_strategy is %s and "
                       "the existing out_strategy is %s. The new in_strategy %s and out_strategy %s may not take "
                       "effect. It is recommended to configure 'Shard' only once.", self._cell_tag,
                       self._in_strategy, self._out_strategy, in_strategy, out_strategy)
    self.__dict__["_shard_fn"] = ShardFn(self, in_strategy, out_strategy, plan)
    self.__dict__["_in_strategy"] = in_strategy
    self.__dict__["_out_strategy"] = out_strategy
    self.__dict__["_parameter_plan"] = parameter_plan
    _update_hook_version()   # a cell compiled before retraces with its layouts
    return None


def set_data_parallel(self):
    """Use data parallel for every primitive without a strategy (auto parallel only)."""
    for prim in _prims_recursively(self):
        prim.add_prim_attr("strategy_gen_mode", "data_parallel")


def _non_negative_int(value):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"The integer must be int, but got {type(value).__name__}.")
    if value < 0:
        raise ValueError(f"The integer must be non-negative, but got {value}.")
    return value


def _prims_recursively(cell):
    out = [p for p in cell._primitives.values() if p]
    for c in cell.cells():
        out.extend(_prims_recursively(c))
    return out


def offload(self, backward_prefetch="Auto"):
    """Mark every primitive of the cell for activation offloading (a graph-level memory
    optimization: the computed values are unchanged)."""
    if isinstance(backward_prefetch, str):
        if backward_prefetch != "Auto":
            raise ValueError(f"For '{self.cls_name}', the 'backward_prefetch' should be str and must be in "
                             f"['Auto'], but got '{backward_prefetch}'.")
    else:
        _non_negative_int(backward_prefetch)
    for prim in _prims_recursively(self):
        prim.add_prim_attr("offload", True)
        prim.add_prim_attr("backward_prefetch", backward_prefetch)


def _apply(self, fn, recurse=True):
    """Apply ``fn`` to every Parameter (in place) and buffer (replaced) of this cell and,
    with ``recurse``, of its sub cells; returns self."""
    if recurse:
        for cell in self.cells():
            if cell is not None and cell is not self:
                cell._apply(fn)
    for param in self._params.values():
        if param is None:
            continue
        new = fn(param)
        if new is not param:
            param._data = new._data if isinstance(new, Tensor) else new
    for key, buf in self._buffers.items():
        if buf is not None:
            new = fn(buf)
            if isinstance(new, Tensor):
                new._is_buffer = True
            self._buffers[key] = new
    return self


def _parse_to_args(args, kwargs):
    device = kwargs.pop("device", None)
    dtype = kwargs.pop("dtype", None)
    non_blocking = kwargs.pop("non_blocking", False)
    if kwargs:
        raise TypeError(f"to() received an invalid combination of arguments - got unexpected keyword "
                        f"arguments {list(kwargs)}.")
    for a in args:
        if isinstance(a, Tensor):
            dtype = a.dtype
        elif isinstance(a, mstype.Type):
            dtype = a
        elif isinstance(a, str):
            device = a
        elif isinstance(a, bool):
            non_blocking = a
        else:
            raise TypeError(f"to() received an invalid combination of arguments - got ({type(a).__name__}).")
    return device, dtype, non_blocking


def to(self, *args, **kwargs):
    """Cast the floating-point Parameters and buffers to ``dtype`` (device arguments are
    accepted; mscompat places arrays through JAX); returns self."""
    _, dtype, _ = _parse_to_args(args, dict(kwargs))
    if dtype is not None:
        if dtype not in mstype.float_type and dtype not in mstype.complex_type:
            raise TypeError(f"Cell.to only accepts floating point or complex dtypes, but got desired dtype={dtype}")

    def convert(tensor):
        if dtype is not None and (tensor.dtype in mstype.float_type or tensor.dtype in mstype.complex_type):
            return Tensor._wrap(tensor._data.astype(mstype.dtype_to_nptype(dtype)))
        return tensor
    return self._apply(convert)


def to_empty(self, *, device=None, recurse=True):
    """Give every Parameter and buffer new uninitialized (zero) storage; returns self."""

    def fn(tensor):
        return Tensor._wrap(jnp.zeros(tensor.shape, tensor._data.dtype))
    return self._apply(fn, recurse=recurse)


def _get_attr_from_cell(self, network):
    if not isinstance(network, Cell):
        return
    jit_config = getattr(network, "jit_config_dict", None)
    if jit_config is not None:
        self.__dict__["_jit_config_dict"] = jit_config
    amp_level = getattr(network, "_amp_level", None)
    if amp_level is not None:
        self.__dict__["_amp_level"] = amp_level


def _set_jit_graph_name(self, key):
    self.__dict__["_jit_graph_name"] = key
