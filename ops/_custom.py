"""Custom operators: ``ops.Custom`` (``func_type='pyfunc'``: a Python function on numpy
arrays, also under ``jax.jit`` through ``jax.pure_callback``) and the operator-registration
metadata of MindSpore (``CustomRegOp``, ``TBERegOp``, ``CpuRegOp``, ``AiCPURegOp``,
``AkgGpuRegOp``, ``AkgAscendRegOp``, ``DataType``, ``op_info_register``,
``custom_info_register``). Registration objects build the same ``get_op_info()`` dicts as
MindSpore; mscompat has no kernel libraries to hand them to, so they are recorded only.
"""
import functools
import inspect
import json

import numpy as np
import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from ._args import arr, Tensor
from ._registry import op, register_primitive_class
from .primitive import PrimitiveWithInfer
from ._custom_aot import AotKernel

_wrap = Tensor._wrap

# ----------------------------------------------------------------------------------------
# DataType: (dtype, format) pairs named DTYPE_FORMAT


class DataType:
    """Named ``(dtype, format)`` pairs for ``dtype_format`` (``DataType.F32_Default`` is
    ``('float32', 'DefaultFormat')``)."""


_DT_NAMES = {"BOOL": "bool", "I8": "int8", "U8": "uint8", "I16": "int16", "U16": "uint16", "I32": "int32",
             "U32": "uint32", "I64": "int64", "U64": "uint64", "F16": "float16", "F32": "float32",
             "F64": "float64", "BF16": "bfloat16", "C64": "complex64", "C128": "complex128", "None": ""}
_REAL = ("BOOL", "I8", "U8", "I16", "U16", "I32", "U32", "I64", "U64", "F16", "F32", "F64", "BF16")
_FLOATISH = ("F16", "F32", "BF16")
_FORMATS = (  # suffix, format string, dtype prefixes
    ("Default", "DefaultFormat", tuple(_DT_NAMES)),
    ("None", "", _REAL + ("None",)),
    ("5HD", "NC1HWC0", _REAL), ("FracZ", "FRACTAL_Z", _REAL), ("FracNZ", "FRACTAL_NZ", _REAL),
    ("C1HWNCoC0", "C1HWNCoC0", _REAL), ("NCHW", "NCHW", _REAL), ("NHWC", "NHWC", _REAL),
    ("HWCN", "HWCN", _REAL), ("NDHWC", "NDHWC", _REAL), ("ChannelLast", "ChannelLast", _REAL),
    ("NCDHW", "NCDHW", _FLOATISH + ("I32", "I8", "U8")), ("NDC1HWC0", "NDC1HWC0", _FLOATISH + ("I32", "I8", "U8")),
    ("NC1HWC0", "NC1HWC0", ("I8", "U8")), ("DHWCN", "DHWCN", _FLOATISH),
    ("FRACTAL_Z_3D", "FRACTAL_Z_3D", _FLOATISH), ("FracZNLSTM", "FRACTAL_ZN_LSTM", _FLOATISH),
    ("FracZNRNN", "FRACTAL_ZN_RNN", _FLOATISH), ("ND_RNNBIAS", "ND_RNN_BIAS", _FLOATISH),
)
for _suffix, _fmt, _prefixes in _FORMATS:
    for _p in _prefixes:
        setattr(DataType, f"{_p}_{_suffix}", (_DT_NAMES[_p], _fmt))
# sequence-typed entries: ("float32", "DefaultFormat", "tuple") / (..., "list")
for _p in _REAL + ("C64", "C128"):
    setattr(DataType, f"{_p}_Default_Tuple", (_DT_NAMES[_p], "DefaultFormat", "tuple"))
    if _p in _REAL:
        setattr(DataType, f"{_p}_Default_List", (_DT_NAMES[_p], "DefaultFormat", "list"))

# ----------------------------------------------------------------------------------------
# registration builders


def _need(kind):
    def check(v):
        ok = isinstance(v, kind) if kind is not int else (isinstance(v, int))
        if not ok:
            raise TypeError(f"{v} value must be {kind.__name__}")
        return True
    return check


_STR, _INT, _BOOL = _need(str), _need(int), _need(bool)


def _entry(params, keys, checks, extra):
    """A dict of the given (non-None) parameters, each checked; ``extra`` appended."""
    out = {}
    for i, (value, key) in enumerate(zip(params, keys)):
        if value is None:
            continue
        (checks[0] if len(checks) == 1 else checks[i])(value)
        out[key] = value
    out.update(extra)
    return out


class RegOp:
    """Base of the operator-registration builders; every setter returns ``self``."""

    _input_keys = (("index", "name", "paramType"), (_INT, _STR, _STR))
    _output_keys = (("index", "name", "paramType"), (_INT, _STR, _STR))
    _attr_keys = (("name", "type", "value"), (_STR,))

    def __init__(self, op_name=""):
        if not isinstance(op_name, str):
            raise ValueError("op name value must be string")
        if not op_name.strip():
            raise ValueError("op name is empty")
        self.op_name = op_name
        self.inputs = []
        self.outputs = []
        self.attr_ = []
        self.fusion_type_ = ""
        self.dtype_format_ = []

    def _is_string(self, value):
        return _STR(value)

    def _is_int(self, value):
        return _INT(value)

    def _is_bool(self, value):
        return _BOOL(value)

    def _add(self, where, spec, params, kwargs):
        keys, checks = spec
        where.append(_entry(params, keys, checks, kwargs))
        return self

    def input(self, index=None, name=None, param_type=None, **kwargs):
        return self._add(self.inputs, self._input_keys, (index, name, param_type), kwargs)

    def output(self, index=None, name=None, param_type=None, **kwargs):
        return self._add(self.outputs, self._output_keys, (index, name, param_type), kwargs)

    def attr(self, name=None, value_type=None, value=None, **kwargs):
        return self._add(self.attr_, self._attr_keys, (name, value_type, value), kwargs)

    def fusion_type(self, fusion_type):
        _STR(fusion_type)
        self.fusion_type_ = fusion_type
        return self

    def dtype_format(self, *args):
        if len(self.inputs) + len(self.outputs) != len(args):
            raise ValueError("input size add output size must be equal to dtype format size")
        row = []
        for a in args:
            if not isinstance(a, tuple) or len(a) not in (2, 3):
                raise ValueError("dtype and format value must be tuple of two or three elements")
            for s in a:
                _STR(s)
            row.append(a)
        self.dtype_format_.append(tuple(row))
        return self

    _RENAMES = {"dynamic_shape_support": "dynamicShapeSupport", "dynamic_rank_support": "dynamicRankSupport",
                "dynamic_compile_static": "dynamicCompileStatic", "need_check_support": "needCheckSupport",
                "dynamic_format": "dynamicFormat"}

    def get_op_info(self):
        """The registration as a dict (the object's fields; trailing ``_`` dropped)."""
        info = {}
        for key, value in self.__dict__.items():
            if key.endswith("_"):
                key = key.rstrip("_")
                key = self._RENAMES.get(key, key)
            info[key] = value
        return info


class CpuRegOp(RegOp):
    """Registration of a CPU kernel."""

    def __init__(self, op_name):
        super().__init__(op_name)
        self.imply_type = "CPU"


class AiCPURegOp(CpuRegOp):
    """Registration of an AiCPU kernel."""

    def __init__(self, op_name):
        super().__init__(op_name)
        self.imply_type = "AiCPU"


class AkgRegOp(RegOp):
    """Registration of an AKG kernel for ``processor``."""

    _output_keys = (("index", "name"), (_INT, _STR))
    _attr_keys = (("name", "paramType", "type"), (_STR,))

    def __init__(self, op_name, processor):
        super().__init__(op_name)
        self.imply_type = "AKG"
        self.processor = processor

    def output(self, index=None, name=None, **kwargs):
        return self._add(self.outputs, self._output_keys, (index, name), kwargs)

    def attr(self, name=None, param_type=None, value_type=None, **kwargs):
        return self._add(self.attr_, self._attr_keys, (name, param_type, value_type), kwargs)


class AkgGpuRegOp(AkgRegOp):
    def __init__(self, op_name):
        super().__init__(op_name, "CUDA")


class AkgAscendRegOp(AkgRegOp):
    def __init__(self, op_name):
        super().__init__(op_name, "AiCore")


class TBERegOp(RegOp):
    """Registration of an Ascend TBE kernel."""

    _attr_keys = (("name", "paramType", "type", "value", "defaultValue"), (_STR,))
    _input_keys = (("index", "name", "needCompile", "paramType", "shape", "valueDepend"),
                   (_INT, _STR, _BOOL, _STR, _STR, _STR))
    _output_keys = (("index", "name", "need_compile", "paramType", "shape"), (_INT, _STR, _BOOL, _STR, _STR))

    def __init__(self, op_name):
        super().__init__(op_name)
        self.imply_type = "TBE"
        self.async_flag_ = False
        self.binfile_ = ""
        self.compute_cost_ = 10
        self.kernel_ = ""
        self.partial_flag_ = False
        self.reshape_type_ = ""
        self.dynamic_rank_support_ = False
        self.dynamic_shape_support_ = False
        self.dynamic_compile_static_ = False
        self.need_check_support_ = False
        self.dynamic_format_ = False
        self.op_pattern_ = ""
        self.real_input_index_ = []
        self.input_to_attr_index_ = []
        self.unknown_shape_formats_ = []

    def _set(self, field, value, check):
        check(value)
        setattr(self, field, value)
        return self

    def async_flag(self, async_flag=False):
        return self._set("async_flag_", async_flag, _BOOL)

    def binfile_name(self, binfile_name):
        return self._set("binfile_", binfile_name, _STR)

    def compute_cost(self, compute_cost=10):
        return self._set("compute_cost_", compute_cost, _INT)

    def kernel_name(self, kernel_name):
        return self._set("kernel_", kernel_name, _STR)

    def partial_flag(self, partial_flag=True):
        return self._set("partial_flag_", partial_flag, _BOOL)

    def reshape_type(self, reshape_type):
        return self._set("reshape_type_", reshape_type, _STR)

    def dynamic_shape(self, dynamic_shape=False):
        return self._set("dynamic_shape_support_", dynamic_shape, _BOOL)

    def dynamic_rank_support(self, dynamic_rank_support):
        return self._set("dynamic_rank_support_", dynamic_rank_support, _BOOL)

    def dynamic_compile_static(self, dynamic_compile_static=False):
        return self._set("dynamic_compile_static_", dynamic_compile_static, _BOOL)

    def need_check_supported(self, need_check_supported=False):
        return self._set("need_check_support_", need_check_supported, _BOOL)

    def is_dynamic_format(self, is_dynamic_format=False):
        return self._set("dynamic_format_", is_dynamic_format, _BOOL)

    def op_pattern(self, pattern=None):
        if pattern is not None:
            self._set("op_pattern_", pattern, _STR)
        return self

    def real_input_index(self, real_input_index):
        return self._set("real_input_index_", real_input_index, _need(list))

    def input_to_attr_index(self, input_to_attr_index):
        return self._set("input_to_attr_index_", input_to_attr_index, _need(list))

    def unknown_shape_formats(self, unknown_shape_formats):
        _need(list)(unknown_shape_formats)
        self.unknown_shape_formats_.append(unknown_shape_formats)
        return self

    def attr(self, name=None, param_type=None, value_type=None, value=None, default_value=None, **kwargs):
        return self._add(self.attr_, self._attr_keys, (name, param_type, value_type, value, default_value), kwargs)

    def input(self, index=None, name=None, need_compile=None, param_type=None, shape=None, value_depend=None,
              **kwargs):
        if value_depend and value_depend.lower() not in ("ignored", "optional", "required"):
            raise ValueError(f"Operator {self.op_name} input{index}'s value_depend's value ({value_depend}) is not "
                             f"in ('ignored', 'optional', 'required').")
        return self._add(self.inputs, self._input_keys,
                         (index, name, need_compile, param_type, shape, value_depend), kwargs)

    def output(self, index=None, name=None, need_compile=None, param_type=None, shape=None, **kwargs):
        return self._add(self.outputs, self._output_keys, (index, name, need_compile, param_type, shape), kwargs)


class CustomRegOp(RegOp):
    """Registration information of an ``ops.Custom`` operator."""

    _attr_keys = (("name", "paramType", "type", "defaultValue"), (_STR,))

    def __init__(self, op_name="Custom"):
        super().__init__(op_name)
        self.target_ = "UnKnown"

    def input(self, index=None, name=None, param_type="required", **kwargs):
        return super().input(index, name, param_type, **kwargs)

    def output(self, index=None, name=None, param_type="required", **kwargs):
        return super().output(index, name, param_type, **kwargs)

    def dtype_format(self, *args):
        n = len(self.inputs) + len(self.outputs)
        if len(args) != n:
            raise ValueError(f"The size of 'args' must be equal to the sum of input tensors and output tensors, "
                             f"but got {len(args)} vs {n}")
        return super().dtype_format(*args)

    def attr(self, name=None, param_type=None, value_type=None, default_value=None, **kwargs):
        return self._add(self.attr_, self._attr_keys, (name, param_type, value_type, default_value), kwargs)

    def target(self, target=None):
        if target is not None:
            _STR(target)
        self.target_ = target
        return self

    def get_op_info(self):
        return {k.rstrip("_") if k.endswith("_") else k: v for k, v in self.__dict__.items()}


_OP_LIB = {}  # op_name -> (registration dict, implementation path)


def op_info_register(op_info):
    """Decorator recording the registration ``op_info`` (dict or JSON string) of a kernel."""
    def register(func):
        info = json.dumps(op_info) if isinstance(op_info, dict) else op_info
        if not isinstance(info, str):
            raise TypeError(f"The type of 'op_info' should be 'str', but got type '{type(info).__name__}'.")
        try:
            parsed = json.loads(info)
        except ValueError as e:
            raise ValueError(f"Invalid op info {info}: {e}") from None
        if not isinstance(parsed, dict) or "op_name" not in parsed:
            raise ValueError(f"Invalid op info {info}: it needs an 'op_name'.")
        _OP_LIB[parsed["op_name"]] = (parsed, inspect.getfile(func) if inspect.isfunction(func) else "")

        @functools.wraps(func)
        def wrapped(*args, **kwargs):
            return func(*args, **kwargs)
        return wrapped
    return register


def custom_info_register(*reg_info):
    """Decorator attaching registration information to a Custom op function (``fn.reg_info``)."""
    def decorator(func):
        func.reg_info = reg_info

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            return func(*args, **kwargs)
        return wrapper
    return decorator


for _name in ("DataType", "CpuRegOp", "AiCPURegOp", "AkgGpuRegOp", "AkgAscendRegOp", "TBERegOp", "CustomRegOp",
              "op_info_register", "custom_info_register"):
    op(_name)(globals()[_name])

# ----------------------------------------------------------------------------------------
# ops.Custom

_FUNC_TYPES = ["hybrid", "akg", "tbe", "aicpu", "aot", "pyfunc"]


def _np_dtype(t):
    return np.dtype(mstype.dtype_to_nptype(t))


def _run_on_host(host, specs, multi, arrays):
    """``host(*arrays)`` (a Python kernel returning numpy arrays of ``specs``' shapes and dtypes):
    called directly on concrete arrays, through ``jax.pure_callback`` while traced; the outputs
    as Tensors (a tuple when ``multi``)."""
    if any(isinstance(a, jax.core.Tracer) for a in arrays):
        outs = jax.pure_callback(host, [jax.ShapeDtypeStruct(s, d) for s, d in specs], *arrays)
    else:
        outs = host(*arrays)
    outs = [_wrap(jnp.asarray(o)) for o in outs]
    return tuple(outs) if multi else outs[0]


@register_primitive_class
class Custom(PrimitiveWithInfer):
    """``ops.Custom(func, out_shape=None, out_dtype=None, func_type='pyfunc', bprop=None, reg_info=None)``.

    mscompat runs ``func_type='pyfunc'``: ``func`` receives the inputs as numpy arrays and
    returns numpy arrays of the declared ``out_shape``/``out_dtype`` (tuples of them for
    several outputs; callables of the input shapes/dtypes are accepted). Under ``jax.jit``
    it runs as a host callback. ``func_type='aot'`` runs a CPU kernel of a shared library
    (``"lib.so:Name"`` or a ``.cc`` source compiled with g++; ``ops/_custom_aot.py``). The other
    kernel languages (hybrid, akg, tbe, aicpu) need MindSpore's compilers and raise RuntimeError
    when called.
    """

    def __init__(self, func, out_shape=None, out_dtype=None, func_type="pyfunc", bprop=None, reg_info=None):
        super().__init__("Custom")
        if not (isinstance(func, str) or callable(func)):
            raise TypeError(f"For '{self.name}', 'func' must be of type function or str, but got {type(func)}")
        if func_type not in _FUNC_TYPES:
            raise ValueError(f"For '{self.name}', 'func_type': {func_type}, 'func': {func}, 'func_type' must be one "
                             f"of {_FUNC_TYPES}, but got {func_type}")
        self.func, self.func_type, self.out_shape, self.out_dtype = func, func_type, out_shape, out_dtype
        self.bprop, self.reg_info = bprop, reg_info
        func_name = func if isinstance(func, str) else getattr(func, "__name__", type(func).__name__)
        self.add_prim_attr("func_name", func_name)
        self.add_prim_attr("func_type", func_type)
        self.add_prim_attr("primitive_target", "CPU")
        self.add_prim_attr("autodiff", bprop is not None)

    def _out_specs(self, inputs):
        shapes = [list(getattr(x, "shape", ())) for x in inputs]
        dtypes = [x.dtype if isinstance(x, Tensor) else mstype.get_py_obj_dtype(x) for x in inputs]
        shape = self.out_shape(*shapes) if callable(self.out_shape) else self.out_shape
        dtype = self.out_dtype(*dtypes) if callable(self.out_dtype) else self.out_dtype
        if shape is None or dtype is None:
            raise ValueError(f"For '{self.name}', 'out_shape' and 'out_dtype' must be given for a 'pyfunc' Custom op.")
        if not isinstance(shape, (tuple, list)):
            raise TypeError(f"For '{self.name}', 'out_shape' must be one of [tuple, list, function], "
                            f"but got {type(shape)}")
        multi = isinstance(dtype, (tuple, list))
        if not multi and not isinstance(dtype, mstype.Type):
            raise TypeError(f"For '{self.name}', 'out_dtype' must be one of [mindspore.dtype, tuple, list, "
                            f"function], but got {type(dtype)}")
        if multi:
            return [(tuple(s), _np_dtype(d)) for s, d in zip(shape, dtype)], True
        return [(tuple(shape), _np_dtype(dtype))], False

    def _aot_specs(self, kernel, inputs):
        """Output (shape, dtype) pairs of an aot kernel: ``out_shape``, or its InferShape function."""
        if self.out_shape is not None:
            return self._out_specs(inputs)
        dtype = self.out_dtype(*[x.dtype for x in inputs]) if callable(self.out_dtype) else self.out_dtype
        if isinstance(dtype, (tuple, list)):
            raise ValueError(f"For '{self.name}', an aot kernel without 'out_shape' infers one output shape "
                             f"(its InferShape function), but 'out_dtype' declares {len(dtype)} outputs.")
        shape = kernel.infer_shape([tuple(x.shape) for x in inputs], [_np_dtype(x.dtype) for x in inputs])
        if shape is None:
            raise ValueError(f"For '{self.name}', 'out_shape' is None and '{kernel.path}' has no function "
                             f"'{kernel.name}InferShape' to infer it.")
        return [(shape, _np_dtype(dtype))], False

    def _aot_call(self, inputs):
        info = self.reg_info if isinstance(self.reg_info, dict) else \
            json.loads(self.reg_info) if isinstance(self.reg_info, str) else {}
        # attributes: the registration's values; one without a value takes the next non-Tensor input
        scalars = iter([x for x in inputs if not isinstance(x, Tensor)])
        attrs = {}
        for a in (info or {}).get("attr", ()):
            value = a["value"] if "value" in a else next(scalars, None)
            if value is not None:
                attrs[a["name"]] = value
        kernel = AotKernel(self.func, attrs)
        inputs = [x for x in inputs if isinstance(x, Tensor)]
        specs, multi = self._aot_specs(kernel, inputs)
        arrays = [arr(x) for x in inputs]

        def host(*values):
            return kernel.run([np.asarray(v) for v in values], specs)

        return _run_on_host(host, specs, multi, arrays)

    def __call__(self, *inputs):
        if self.func_type == "aot":
            return self._aot_call(inputs)
        if self.func_type != "pyfunc":
            raise RuntimeError(f"For '{self.name}', func_type '{self.func_type}' needs MindSpore's kernel "
                               "compilers; mscompat runs func_type='pyfunc' and 'aot' (CPU).")
        specs, multi = self._out_specs(inputs)
        self.add_prim_attr("multi_output", multi)
        self.add_prim_attr("inputs_num", len(inputs))
        fn = self.func

        def host(*arrays):
            res = fn(*[np.asarray(a) for a in arrays])
            res = list(res) if multi else [res]
            out = []
            for r, (shape, dt) in zip(res, specs):
                r = np.asarray(r)
                if r.shape != shape or r.dtype != dt:
                    raise RuntimeError(f"For 'Custom', the output of '{getattr(fn, '__name__', fn)}' has shape "
                                       f"{r.shape} and dtype {r.dtype}, but out_shape/out_dtype declare {shape} "
                                       f"and {dt}.")
                out.append(r)
            return out

        arrays = [arr(x) if isinstance(x, Tensor) else jnp.asarray(x) for x in inputs]
        return _run_on_host(host, specs, multi, arrays)
