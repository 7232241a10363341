"""``mindspore.nn.Cell``: the base class of every network.

A Cell registers the Parameters, ParameterTuples, child Cells, buffers and Primitives
assigned to its attributes, names Parameters as MindSpore does (the attribute name for a
generated name; the dotted path from the outermost auto-prefixing Cell once a child is
attached, ``update_parameters_name``), and runs ``construct`` when called:

- PYNATIVE_MODE: eagerly, through :meth:`Cell._run_construct` (forward pre-hooks,
  the ``to_float`` cast, ``construct``, forward hooks) when it has hooks or a
  mixed-precision flag, directly otherwise;
- GRAPH_MODE: the outermost call is compiled by ``mscompat._graph`` (which calls
  ``_run_construct`` while tracing); nested cells run inline.

>>> import mscompat as ms
>>> class Net(ms.nn.Cell):
...     def __init__(self):
...         super().__init__()
...         self.w = ms.Parameter(ms.Tensor([2.0]))
...     def construct(self, x):
...         return x * self.w
>>> class Outer(ms.nn.Cell):
...     def __init__(self):
...         super().__init__()
...         self.net = Net()
...     def construct(self, x):
...         return self.net(x)
>>> [p.name for p in Outer().trainable_params()]
['net.w']
"""
import inspect
import logging
import time
import weakref
from collections import OrderedDict
from typing import Dict, TypeVar
import warnings

import jax

from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter, ParameterTuple
from mscompat.common.api import _JitFunction
from mscompat.ops.primitive import Primitive
from mscompat import _state, _graph, _control_flow
from mscompat._graph_print import in_compiled
from mscompat.context import _context as _CONTEXT, GRAPH_MODE as _GRAPH_MODE
from . import _cell_flags, _cell_hooks, _cell_state
from . import _cell_grad
from ._cell_hooks import HookHandle, MixedPrecisionType, check_hook_fn, _update_hook_version

__all__ = ["Cell", "register_cell_buffer_registration_hook"]

register_cell_buffer_registration_hook = _cell_hooks.register_cell_buffer_registration_hook

logger = logging.getLogger("mscompat")

_GENERATED_PREFIX = "Parameter#"


_TRANSIENT = ("_compiled", "_converted_construct", "_lazy_construct_sig", "_lazy_construct_counts")


def _is_parameter_generated(name):
    return isinstance(name, str) and name.startswith(_GENERATED_PREFIX)


def _is_parameter_list_or_tuple(value):
    if isinstance(value, (list, tuple)) and value:
        return all(isinstance(item, Parameter) for item in value)
    return False


def _addindent(s_, num_spaces):
    lines = s_.split("\n")
    if len(lines) == 1:
        return s_
    first = lines.pop(0)
    return first + "\n" + "\n".join((num_spaces * " ") + line for line in lines)


# --- the compiled path (mscompat._graph) and control-flow conversion (mscompat._control_flow) ----
_SCOPE = _state._CURRENT   # the innermost state scope (mscompat._state): set while tracing


def _holds_tracer(value):
    """True if ``value`` (a Tensor, array or a tuple/list/dict of them) holds a traced array."""
    for leaf in jax.tree_util.tree_leaves(value, is_leaf=lambda x: isinstance(x, Tensor)):
        arr = leaf._data if isinstance(leaf, Tensor) else leaf
        if isinstance(arr, jax.core.Tracer):
            return True
    return False


def _tracing():
    return _SCOPE.value is not None


class Cell:
    """The base class of neural networks: subclasses define ``construct``.

    Args:
        auto_prefix (bool): prefix the names of the Parameters of child cells with their
            attribute path. Default: ``True``.
        flags (dict): attributes to add (see :meth:`add_flags`). Default: ``None``.
    """

    IGNORE_LIST = ['_scope', '_cell_init_args', '_auto_prefix', '_cells', '_params', '_create_time',
                   '_func_graph_flags', '_parameter_layout_dict', '_params_list', '_phase', '_bprop_debug',
                   '_forward_pre_hook', '_forward_hook', '_backward_pre_hook', '_backward_hook',
                   '_cell_backward_pre_hook', '_cell_backward_hook', '_param_prefix',
                   'requires_grad', 'cell_type', '_in_strategy', '_out_strategy']
    total_instance_count = 0
    global_cells = weakref.WeakKeyDictionary()
    T_destination = TypeVar("T_destination", bound=Dict[str, object])
    _buffers: Dict[str, object]

    @property
    def _compile_version(self):
        """Part of mscompat._graph's compile cache key: changes when hooks or recompute
        settings change, so a compiled cell retraces with them."""
        return _cell_hooks._hook_version()

    def __init__(self, auto_prefix=True, flags=None):
        Cell.total_instance_count += 1
        d = self.__dict__
        d["_params"] = OrderedDict()
        d["_cells"] = OrderedDict()
        d["_buffers"] = {}
        d["_params_list"] = OrderedDict()
        d["_primitives"] = OrderedDict()
        d.update(_lazy_non_persistent_buffers_set=None, _lazy_state_dict_hooks=None,
                 _lazy_state_dict_pre_hooks=None, _lazy_load_state_dict_pre_hooks=None,
                 _lazy_load_state_dict_post_hooks=None, training=False, requires_grad=False,
                 is_top_cell=False, _param_prefix='', _auto_prefix=auto_prefix, _scope=None, _phase='train',
                 _compile_phase=None, _parameter_layout_dict=None, _parallel_parameter_name_list=None,
                 _parallel_parameter_merge_net_dict=None, _create_time=int(time.time() * 1e9),
                 arguments_key="", _compile_cache=None, _phase_cache=None, _id=1, _exist_objs=None,
                 _exist_names=None, _recompute_cell=None, mixed_precision_type=None,
                 _lazy_construct_sig=None, _jit_graph_name='')
        if flags:
            self.add_flags(**flags)
        d.update(_bprop_debug=False, _lazy_forward_pre_hook=None, _lazy_forward_hook=None,
                 _lazy_backward_pre_hook=None, _lazy_backward_hook=None,
                 _lazy_forward_pre_hook_with_kwargs=None, _lazy_forward_hook_with_kwargs=None,
                 _lazy_forward_hook_always_called=None, _cell_backward_pre_hook=None,
                 _cell_backward_hook=None, _is_recursion_hook=False, cell_type=None,
                 _has_config_recompute=False, _lazy_user_parameters=None, _dynamic_shape_inputs=None,
                 _has_mutable_args_list=None, _jit_config_dict={}, grad_ops_label=False,
                 _is_check_and_refresh=False, _amp_level="", _init_flag=False, _shard_fn=None,
                 _in_strategy=None, _out_strategy=None, has_bprop=False, _saved_tensors_pack_hook=None,
                 _saved_tensors_unpack_hook=None, _cpp_mixed_precision_type=MixedPrecisionType.NOTSET,
                 _param_fwd_hooks=None)
        if hasattr(self, "bprop"):
            d["has_bprop"] = True

    def __getstate__(self):
        # compiled executables and converted functions belong to this object: a copy
        # (deepcopy, pickle) compiles its own on its first call
        return {k: v for k, v in self.__dict__.items() if k not in _TRANSIENT}

    def __setstate__(self, state):
        self.__dict__.update(state)

    def __bool__(self):
        return True

    def __del__(self):
        try:
            Cell.total_instance_count -= 1
        except Exception:  # pylint: disable=broad-except  (interpreter shutdown)
            pass

    # --- lazily created containers --------------------------------------------------------
    def _lazy(self, attr, factory):
        v = self.__dict__.get(attr)
        if v is None:
            v = self.__dict__[attr] = factory()
        return v

    @property
    def _cell_tag(self):
        return str(self.__class__)[8:-2]

    @property
    def create_time(self):
        return self._create_time

    @property
    def _non_persistent_buffers_set(self):
        return self._lazy("_lazy_non_persistent_buffers_set", set)

    @property
    def _forward_pre_hook(self):
        return self._lazy("_lazy_forward_pre_hook", OrderedDict)

    @property
    def _forward_hook(self):
        return self._lazy("_lazy_forward_hook", OrderedDict)

    @property
    def _backward_pre_hook(self):
        return self._lazy("_lazy_backward_pre_hook", OrderedDict)

    @property
    def _backward_hook(self):
        return self._lazy("_lazy_backward_hook", OrderedDict)

    @property
    def _forward_pre_hook_with_kwargs(self):
        return self._lazy("_lazy_forward_pre_hook_with_kwargs", OrderedDict)

    @property
    def _forward_hook_with_kwargs(self):
        return self._lazy("_lazy_forward_hook_with_kwargs", OrderedDict)

    @property
    def _forward_hook_always_called(self):
        return self._lazy("_lazy_forward_hook_always_called", OrderedDict)

    @property
    def _user_parameters(self):
        return self._lazy("_lazy_user_parameters", list)

    @_user_parameters.setter
    def _user_parameters(self, value):
        if not isinstance(value, list):
            raise TypeError(f"For 'Cell', the property '_user_parameters' must be list type, "
                            f"but got type {type(value)}.")
        self.__dict__["_lazy_user_parameters"] = value

    @property
    def compile_cache(self):
        return self._lazy("_compile_cache", set)

    @property
    def phase_cache(self):
        return self._lazy("_phase_cache", dict)

    @property
    def cell_init_args(self):
        return self._cell_init_args

    @cell_init_args.setter
    def cell_init_args(self, value):
        if not isinstance(value, str):
            raise TypeError(f"For 'Cell', the property 'cell_init_args' must be string type, "
                            f"but got type {type(value)}.")
        self.__dict__["_cell_init_args"] = value

    @property
    def exist_names(self):
        return self._lazy("_exist_names", set)

    @property
    def exist_objs(self):
        return self._lazy("_exist_objs", set)

    @property
    def _construct_sig(self):
        if self._lazy_construct_sig is None:
            self.__dict__["_lazy_construct_sig"] = inspect.signature(self.construct)
        return self._lazy_construct_sig

    @property
    def param_prefix(self):
        """The prefix of this cell's direct Parameters (set by :meth:`update_cell_prefix`)."""
        return self._param_prefix

    @property
    def bprop_debug(self):
        return self._bprop_debug

    @bprop_debug.setter
    def bprop_debug(self, value):
        if not isinstance(value, bool):
            raise TypeError(f"For 'Cell', the property 'bprop_debug' must be bool type, but got type {type(value)}.")
        self.__dict__["_bprop_debug"] = value

    @property
    def compiled(self):
        """Whether the cell has been called in GRAPH_MODE."""
        return bool(self.__dict__.get("_compiled", False))

    @property
    def phase(self):
        return self._phase

    @phase.setter
    def phase(self, value):
        if not isinstance(value, str):
            raise TypeError(f"For 'Cell', the property 'phase' must be string type, but got type {type(value)}.")
        self.__dict__["_phase"] = value

    @property
    def compile_phase(self):
        return self._compile_phase

    @compile_phase.setter
    def compile_phase(self, value):
        if not isinstance(value, str):
            raise TypeError(f"For 'Cell', 'compile_phase' must be string type, but got type {type(value)}.")
        self.__dict__["_compile_phase"] = value
        for cell in self._cells.values():
            if cell is not None:
                cell.compile_phase = value

    @property
    def parameter_layout_dict(self):
        return self._lazy("_parameter_layout_dict", dict)

    @parameter_layout_dict.setter
    def parameter_layout_dict(self, value):
        if not isinstance(value, dict):
            raise TypeError(f"For 'Cell', the property 'parameter_layout_dict' must be dict type, "
                            f"but got type {type(value)}.")
        self.__dict__["_parameter_layout_dict"] = value

    @property
    def cls_name(self):
        return self.__class__.__name__

    @property
    def parallel_parameter_name_list(self):
        return self._lazy("_parallel_parameter_name_list", tuple)

    @parallel_parameter_name_list.setter
    def parallel_parameter_name_list(self, value):
        if not isinstance(value, list):
            raise TypeError(f"For 'Cell', the property 'parallel_parameter_name_list' must be list type, "
                            f"but got type {type(value)}.")
        self.__dict__["_parallel_parameter_name_list"] = value

    @property
    def pipeline_stage(self):
        return self._pipeline_stage

    @pipeline_stage.setter
    def pipeline_stage(self, value):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError("For 'Cell', the property 'pipeline_stage' "
                            "must be int type, but got type : {}".format(type(value)))
        if value < 0:
            raise ValueError("For 'Cell', the property 'pipeline_stage' "
                             "can not be less than 0, but got {}".format(value))
        self.__dict__["_pipeline_stage"] = value

    @property
    def pipeline_segment(self):
        return self._pipeline_segment

    @pipeline_segment.setter
    def pipeline_segment(self, value):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError("For 'context.set_auto_parallel_context', the argument 'pipeline_stages' "
                            "must be int type, but got type : {}".format(type(value)))
        if value < 0:
            raise ValueError("For 'context.set_auto_parallel_context', the argument 'pipeline_stages' "
                             "can not be less than 0, but got {}".format(value))
        self.__dict__["_pipeline_segment"] = value

    @property
    def parallel_parameter_merge_net_dict(self):
        return self._lazy("_parallel_parameter_merge_net_dict", dict)

    @parallel_parameter_merge_net_dict.setter
    def parallel_parameter_merge_net_dict(self, value):
        if not isinstance(value, dict):
            raise TypeError(f"For 'Cell', the property 'parallel_parameter_merge_net_dict' must be dict type, "
                            f"but got type {type(value)}.")
        self.__dict__["_parallel_parameter_merge_net_dict"] = value

    @property
    def jit_config_dict(self):
        return self._jit_config_dict

    @property
    def enable_backward_hook(self):
        return self._enable_backward_hook

    def update_cell_prefix(self):
        """Set ``param_prefix`` of every cell to its path in this cell."""
        for cell_name, cell in self.cells_and_names():
            cell._param_prefix = cell_name

    def update_cell_type(self, cell_type):
        """Set ``cell_type`` (``"quant"``, ``"second-order"``)."""
        self.cell_type = cell_type

    # --- buffers and state_dict (nn/_cell_state.py) -----------------------------------------
    register_buffer = _cell_state.register_buffer
    get_buffer = _cell_state.get_buffer
    named_buffers = _cell_state.named_buffers
    buffers = _cell_state.buffers
    _named_members = _cell_state._named_members
    get_sub_cell = _cell_state.get_sub_cell
    get_extra_state = _cell_state.get_extra_state
    set_extra_state = _cell_state.set_extra_state
    register_state_dict_post_hook = _cell_state.register_state_dict_post_hook
    register_state_dict_pre_hook = _cell_state.register_state_dict_pre_hook
    register_load_state_dict_pre_hook = _cell_state.register_load_state_dict_pre_hook
    register_load_state_dict_post_hook = _cell_state.register_load_state_dict_post_hook
    _save_to_state_dict = _cell_state._save_to_state_dict
    state_dict = _cell_state.state_dict
    _load_from_state_dict = _cell_state._load_from_state_dict
    load_state_dict = _cell_state.load_state_dict

    @property
    def _state_dict_hooks(self):
        return self._lazy("_lazy_state_dict_hooks", OrderedDict)

    @property
    def _state_dict_pre_hooks(self):
        return self._lazy("_lazy_state_dict_pre_hooks", OrderedDict)

    @property
    def _load_state_dict_pre_hooks(self):
        return self._lazy("_lazy_load_state_dict_pre_hooks", OrderedDict)

    @property
    def _load_state_dict_post_hooks(self):
        return self._lazy("_lazy_load_state_dict_post_hooks", OrderedDict)

    # --- attribute registration --------------------------------------------------------------
    def __getattr__(self, name):
        d = self.__dict__
        for key in ("_params", "_buffers", "_cells", "_params_list"):
            table = d.get(key)
            if table is not None and name in table:
                return table[name]
        raise AttributeError("The '{}' object has no attribute '{}'.".format(type(self).__name__, name))

    def __delattr__(self, name):
        d = self.__dict__
        if name in d["_params"]:
            del d["_params"][name]
        elif name in d["_buffers"]:
            del d["_buffers"][name]
        elif name in d["_cells"]:
            del d["_cells"][name]
        elif name in d.get("_params_list", ()):
            del d["_params_list"][name]
        else:
            object.__delattr__(self, name)

    def __setattr__(self, name, value):
        if isinstance(value, Parameter):
            if name in self.__dict__:
                del self.__dict__[name]
            self.insert_param_to_cell(name, value)
        elif isinstance(value, ParameterTuple):
            self._set_attr_for_param_tuple(name, value)
        elif _is_parameter_list_or_tuple(value):
            for item in value:
                if item in self.exist_objs:
                    continue
                self.exist_objs.add(item)
                if item.name in self.exist_names:
                    raise ValueError(f"The value {value} , its name '{item.name}' already exists. "
                                     "Please set a unique name for the parameter.")
                self.exist_names.add(item.name)
            object.__setattr__(self, name, value)
        elif isinstance(value, Cell):
            if name in self.__dict__:
                del self.__dict__[name]
            if self._auto_prefix:
                value.update_parameters_name(name + '.')
            self.insert_child_to_cell(name, value)
            if "_cell_init_args" in self.__dict__:
                self.cell_init_args += str({name: value})
        elif _cell_hooks.is_buffer(value):
            if name in self.__dict__:
                del self.__dict__[name]
            self.register_buffer(name, value)
        elif isinstance(value, Primitive):
            value.set_prim_instance_name(name)
            self._primitives[name] = value
            object.__setattr__(self, name, value)
        else:
            if _SCOPE.value is not None and _holds_tracer(value):
                # ``self.attr = x + 1`` in a compiled construct: the value is an output of the
                # program, set after the call (MindSpore's graph attribute assignment); in an
                # eager transform (grad in PyNative) its value once the transform ends
                d = self.__dict__
                if not any(name in (d.get(t) or ()) for t in ("_params", "_cells", "_buffers")):
                    _state.record_attr(self, name)
            self._set_attr_for_object(name, value)

    def _set_attr_for_param_tuple(self, name, value):
        exist_names, exist_objs = set(), set()
        for item in value:
            if id(item) in exist_objs:
                continue
            exist_objs.add(id(item))
            if _is_parameter_generated(item.name):
                item.name = "Parameter$" + str(self._id)
                self.__dict__["_id"] = self._id + 1
            if item.name in exist_names:
                raise ValueError("The value {} , its name '{}' already exists. "
                                 "Please set a unique name for the parameter.".format(value, item.name))
            exist_names.add(item.name)
            self.insert_param_to_cell(item.name, item, check_name_contain_dot=False)
        object.__setattr__(self, name, value)

    def _set_attr_for_object(self, name, value):
        d = self.__dict__
        params = d.get('_params')
        if params is not None and name in params:
            if value is not None:
                if isinstance(value, Tensor):
                    params[name].set_data(value)
                    return
                if type(value) in (int, float, bool) and in_compiled():
                    # in a compiled construct a number assigned to a Parameter is written into it
                    params[name].set_data(Tensor(value, dtype=params[name].dtype))
                    return
                raise TypeError(f"Parameter '{name}' already exists in network, "
                                f"can not assign this type: '{type(value)}' as a parameter.")
            params[name] = None
            return
        cells = d.get('_cells')
        if cells is not None and name in cells:
            if value is not None:
                raise TypeError(f"Sub cell '{name}' already exists in network, "
                                f"can not assign this type: '{type(value)}' as a cell.")
            cells[name] = None
            return
        buffers = d.get('_buffers')
        if buffers is not None and name in buffers:
            if value is not None:
                raise TypeError(f"Buffer '{name}' already exists in network, "
                                f"can not assign this type: '{type(value)}' as a buffer.")
            buffers[name] = None
            return
        object.__setattr__(self, name, value)

    def insert_param_to_cell(self, param_name, param, check_name_contain_dot=True):
        """Register ``param`` (a Parameter or None) under ``param_name``; a generated
        Parameter name becomes ``param_name``."""
        if not param_name:
            raise KeyError("For 'insert_param_to_cell', the argument 'param_name' should not be None.")
        if check_name_contain_dot and '.' in param_name:
            raise KeyError("For 'insert_param_to_cell', the argument 'param_name' should not contain'.' ")
        if '_params' not in self.__dict__:
            raise AttributeError("For 'insert_param_to_cell', please call Cell.__init__() firstly.")
        if hasattr(self, param_name) and param_name not in self._params:
            raise KeyError(f"For 'insert_param_to_cell', the {param_name} parameter already exists in the network."
                           f"Cannot insert another parameter with the same name.")
        if not isinstance(param, Parameter) and param is not None:
            raise TypeError(f"For 'insert_param_to_cell', the argument 'param' must be 'Parameter' if not None, "
                            f"but got {type(param)}.")
        if isinstance(param, Parameter) and _is_parameter_generated(param.name):
            param.name = param_name
        self._params[param_name] = param

    def insert_child_to_cell(self, child_name, child_cell):
        """Register ``child_cell`` (a Cell or None) under ``child_name``."""
        if not isinstance(child_name, str):
            raise TypeError(f"For 'insert_child_to_cell', the type of parameter 'child_name' must be str, "
                            f"but got {type(child_name)}.")
        if not child_name or '.' in child_name:
            raise KeyError("For 'insert_child_to_cell', the parameter 'child_name' can not be None and "
                           "can not contain '.' ")
        if hasattr(self, child_name) and child_name not in self._cells:
            raise KeyError(f"For 'insert_child_to_cell', the {child_name} child cell already exists in the network."
                           f"Cannot insert another child cell with the same name.")
        if not isinstance(child_cell, Cell) and child_cell is not None:
            raise TypeError(f"For 'insert_child_to_cell', the argument 'child_cell' must be 'Cell' if not None, "
                            f"but got type {type(child_cell)}.")
        self._cells[child_name] = child_cell

    # --- printing ----------------------------------------------------------------------------
    def _get_name(self):
        return self.__class__.__name__

    def extend_repr(self):
        """Extra text shown inside this cell's ``repr``; override in subclasses."""
        return ''

    def __str__(self):
        return self.__repr__()

    def __repr__(self):
        extend = self.extend_repr()
        extra_lines = extend.split("\n") if extend else []
        child_lines = ["(" + key + "): " + _addindent(repr(cell), 2) for key, cell in self._cells.items()]
        lines = extra_lines + child_lines
        main_str = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main_str += extra_lines[0]
            else:
                main_str += "\n  " + "\n  ".join(lines) + "\n"
        return main_str + ")"

    # --- calling -----------------------------------------------------------------------------
    def construct(self, *args, **kwargs):
        """The computation of the cell; every subclass overrides it."""
        raise AttributeError("For 'Cell', the method 'construct' is not defined.")

    def __call__(self, *args, **kwargs):
        d = self.__dict__
        try:
            ready = d["_init_flag"] or d["_is_check_and_refresh"]
        except KeyError:
            raise AttributeError(f"The '{type(self).__name__}' object does not inherit attribute from 'cell'. "
                                 f"Please use 'super().__init__()'.") from None
        if not ready:
            self._init_check()
            self._self_check()
        if _CONTEXT["mode"] == _GRAPH_MODE and _SCOPE.value is None:
            # the outermost call in GRAPH_MODE: compiled by mscompat._graph
            if "__parse_method__" in d:
                d["__parse_method__"] = "construct"
            if kwargs:
                bound = self._construct_sig.bind(*args, **kwargs)
                bound.apply_defaults()
                args, kwargs = bound.args, bound.kwargs
            self._check_construct_args(*args)
            if d["_dynamic_shape_inputs"]:
                self._check_set_inputs(args)
            return _graph.call_compiled(self, args, kwargs)
        if d["_dynamic_shape_inputs"] and _SCOPE.value is None and isinstance(
                inspect.getattr_static(type(self), "construct", None), _JitFunction):
            self._check_set_inputs(args)   # a @jit construct in PyNative is compiled for set_inputs too
        if "__parse_method__" in d and _SCOPE.value is not None and _CONTEXT["mode"] == _GRAPH_MODE:
            method = d["__parse_method__"]
            if method != "construct":   # called or differentiated in a graph after its @jit method ran
                return getattr(self, method)(*args, **kwargs)
        if (d["_lazy_forward_pre_hook"] or d["_lazy_forward_hook"] or d["mixed_precision_type"] is not None
                or d["_shard_fn"] is not None or d["_lazy_backward_hook"] or d["_lazy_backward_pre_hook"]
                or d["_param_fwd_hooks"] is not None or d["has_bprop"] or d["_recompute_cell"] is not None):
            return self._run_construct(args, kwargs)
        if _SCOPE.value is not None:
            return self._traced_construct()(*args, **kwargs)
        return self.construct(*args, **kwargs)

    def _traced_construct(self):
        """``construct`` with Python control flow on traced values converted
        (``mscompat._control_flow.convert``), for calls made while tracing."""
        fn = self.__dict__.get("_converted_construct")
        if fn is None:
            fn = self.__dict__["_converted_construct"] = _control_flow.convert(self.construct)
        return fn

    def _run_construct(self, args, kwargs):
        """The eager forward path: forward pre-hooks, the ``to_float`` cast of float
        inputs, ``construct``, forward hooks (``always_call`` hooks also run when
        ``construct`` raises). Backward hooks and a user ``bprop`` hook in here."""
        d = self.__dict__
        called_always = set()
        output = None
        # compiled in GRAPH_MODE: MindSpore compiles the forward hooks (Cell._jit_forward_*_hook)
        jit_hooks = _SCOPE.value is not None and _CONTEXT["mode"] == _GRAPH_MODE
        forward_hooked = False
        try:
            if d["_lazy_forward_pre_hook"]:
                if jit_hooks:
                    args = _cell_hooks.jit_forward_pre_hook(self, self._forward_pre_hook, args)
                else:
                    args, kwargs = self._run_forward_pre_hook(args, kwargs)
            construct = self._traced_construct() if _tracing() else self.construct
            param_hooks = d.get("_param_fwd_hooks")
            if param_hooks is not None and _SCOPE.value is not None and _CONTEXT["mode"] == _GRAPH_MODE:
                construct = _cell_hooks.with_param_hooks(construct, param_hooks, d.get("__parameter_forward_hook__"))
            mp = d["mixed_precision_type"]
            amp = _cell_hooks.amp_dtype(mp) if mp is not None else None
            forward = construct
            if amp is not None:
                def forward(*a, **k):
                    return _cell_hooks.run_with_amp(construct, a, k, amp)
            if d["_shard_fn"] is not None:   # Cell.shard: boundary layouts in (semi-)auto parallel
                forward = d["_shard_fn"].wrap(forward)
            if d["has_bprop"]:
                output = _cell_grad.call_with_bprop(self, forward, args, kwargs)
            elif d["_lazy_backward_hook"] or d["_lazy_backward_pre_hook"]:
                hooked = forward
                if d["_lazy_forward_hook"] and not jit_hooks:
                    # as MindSpore: the backward hooks see the gradient of the output the forward
                    # hooks return
                    def hooked(*a, **k):
                        return self._run_forward_hook(a, k, forward(*a, **k), called_always)
                    forward_hooked = True
                output = _cell_grad.call_with_backward_hooks(
                    self, hooked, args, kwargs, list((d["_lazy_backward_pre_hook"] or {}).values()),
                    list((d["_lazy_backward_hook"] or {}).values()))
            elif d["_recompute_cell"] is not None:
                output = _cell_grad.call_recomputed(self, forward, args, kwargs)
            else:
                output = forward(*args, **kwargs)
            if d["_lazy_forward_hook"] and not forward_hooked:
                if jit_hooks:
                    output = _cell_hooks.jit_forward_hook(self, self._forward_hook, args, output)
                else:
                    output = self._run_forward_hook(args, kwargs, output, called_always)
            return output
        except Exception:
            always = d["_lazy_forward_hook_always_called"]
            if always and not jit_hooks:
                with_kwargs = d["_lazy_forward_hook_with_kwargs"] or {}
                for hook_id, hook_fn in list(self._forward_hook.items()):
                    if hook_id in always and hook_id not in called_always:
                        try:
                            ret = (hook_fn(self, args, kwargs, output) if hook_id in with_kwargs
                                   else hook_fn(self, args, output))
                            if ret is not None:
                                output = ret
                        except Exception as e:  # pylint: disable=broad-except
                            warnings.warn("cell forward hook with ``always_call=True`` raised an exception that "
                                          f"was silenced because another error was already raised in forward: {e}")
            raise

    def run_construct(self, cast_inputs, kwargs):
        """Deprecated in MindSpore: calls ``construct(cast_inputs, kwargs)`` through the hooks."""
        logger.warning(f"The 'run_construct' function of '{self.cls_name}' will be removed in a future version. "
                       f"Calling this function is not recommended.")
        return self._run_construct((cast_inputs, kwargs), {})

    def cast_inputs(self, inputs, dst_type):
        """Deprecated in MindSpore (only logs a warning there too)."""
        logger.warning("'cast_inputs' will be deprecated in future versions.")

    def _construct_arg_counts(self):
        counts = self.__dict__.get("_lazy_construct_counts")
        if counts is None:
            positional, default, has_var = 0, 0, False
            for value in inspect.signature(self.construct).parameters.values():
                if value.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
                    has_var = True
                if value.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD:
                    if value.default is inspect.Parameter.empty:
                        positional += 1
                    else:
                        default += 1
            counts = self.__dict__["_lazy_construct_counts"] = (positional, default, has_var)
        return counts

    def _check_construct_args(self, *args):
        positional, default, has_var = self._construct_arg_counts()
        if has_var:
            return
        if len(args) < positional:
            raise TypeError(f"For 'Cell', the function construct requires {positional} positional argument, "
                            f"but got {len(args)}. When using set_inputs, please make sure that all networks "
                            f"and loss functions are configured with set_inputs.")
        if len(args) > positional + default:
            raise TypeError(f"For 'Cell', the function construct requires {positional} positional argument and "
                            f"{default} default argument, total {positional + default}, but got {len(args)}.")

    def _init_check(self):
        for param in self.get_parameters(expand=False):
            if param.has_init:
                param.init_data()
        self.__dict__["_init_flag"] = True

    def _self_check(self):
        if not self.__dict__.get("_is_check_and_refresh", False):
            self.check_names_and_refresh_name()
            self.__dict__["_is_check_and_refresh"] = True

    # --- hooks -------------------------------------------------------------------------------
    def register_forward_pre_hook(self, hook_fn, *, prepend=False, with_kwargs=False):
        """Register ``hook_fn(cell, args) -> None or new_args`` (``hook_fn(cell, args, kwargs)
        -> None or (new_args, new_kwargs)`` with ``with_kwargs``), run before ``construct``."""
        check_hook_fn(hook_fn)
        hooks = self._forward_pre_hook
        handle = HookHandle(hooks, extra_dict=self._forward_pre_hook_with_kwargs)
        hooks[handle.handle_id] = hook_fn
        if prepend:
            hooks.move_to_end(handle.handle_id, last=False)
        if with_kwargs:
            self._forward_pre_hook_with_kwargs[handle.handle_id] = True
        _update_hook_version()
        return handle

    def _run_forward_pre_hook(self, args, kwargs):
        with_kwargs = self.__dict__["_lazy_forward_pre_hook_with_kwargs"] or {}
        if _SCOPE.value is not None:   # differentiated eagerly: hooks see the values (as MindSpore's)
            args, kwargs = _cell_hooks.value_views(args), _cell_hooks.value_views(kwargs)
        for hook_id, hook_fn in list(self._forward_pre_hook.items()):
            if hook_id in with_kwargs:
                ret = hook_fn(self, args, kwargs)
                if ret is not None:
                    if isinstance(ret, tuple) and len(ret) == 2:
                        args, kwargs = ret
                    else:
                        raise RuntimeError("forward pre hook with kwargs must return None or a tuple of "
                                           f"(new_args, new_kwargs), but got {ret}")
            else:
                ret = hook_fn(self, args)
                if ret is not None:
                    args = ret if isinstance(ret, tuple) else (ret,)
        return args, kwargs

    def register_backward_pre_hook(self, hook_fn):
        """Register ``hook_fn(cell, grad_output) -> None or new grad_output``, run in the
        backward pass before the cell's own gradient (PyNative and compiled alike)."""
        check_hook_fn(hook_fn)
        hooks = self._backward_pre_hook
        handle = HookHandle(hooks, extra_dict=None)
        hooks[handle.handle_id] = hook_fn
        _update_hook_version()
        return handle

    def register_backward_hook(self, hook_fn):
        """Register ``hook_fn(cell, grad_input, grad_output) -> None or new grad_input``,
        run in the backward pass after the cell's gradient w.r.t. its inputs is known."""
        check_hook_fn(hook_fn)
        hooks = self._backward_hook
        handle = HookHandle(hooks, extra_dict=None)
        hooks[handle.handle_id] = hook_fn
        _update_hook_version()
        return handle

    def recompute(self, *, use_reentrant=True, output_recompute=False, early_stop=True, context_fn=None, **kwargs):
        """Recompute this cell's forward pass during the backward pass instead of keeping
        its intermediate values (``jax.checkpoint``); numbers are unchanged."""
        for key, value in kwargs.items():
            if key not in ("mp_comm_recompute", "parallel_optimizer_comm_recompute", "recompute_slice_activation"):
                raise ValueError(f"For 'recompute', keyword '{key}' is not recognized! the key kwargs must be "
                                 "'mp_comm_recompute', 'parallel_optimizer_comm_recompute', "
                                 "'recompute_slice_activation'")
            if key != "recompute_slice_activation" and not isinstance(value, bool):
                raise TypeError(f"The parameter '{key}' must be bool, but got {type(value).__name__}.")
        if not isinstance(output_recompute, bool):
            raise TypeError(f"The 'output_recompute' must be bool, but got {type(output_recompute).__name__}.")
        if self.__dict__["_has_config_recompute"]:
            return
        self.__dict__["_has_config_recompute"] = True
        self.__dict__["_recompute_cell"] = {"use_reentrant": use_reentrant, "output_recompute": output_recompute,
                                            "early_stop": early_stop, "context_fn": context_fn}
        self.add_flags(output_recompute=output_recompute)
        _update_hook_version()

    def register_forward_hook(self, hook_fn, *, prepend=False, with_kwargs=False, always_call=False):
        """Register ``hook_fn(cell, args, output) -> None or new_output`` (``hook_fn(cell,
        args, kwargs, output)`` with ``with_kwargs``), run after ``construct``."""
        if self.has_bprop:
            return HookHandle()
        check_hook_fn(hook_fn)
        hooks = self._forward_hook
        handle = HookHandle(hooks, extra_dict=[self._forward_hook_with_kwargs, self._forward_hook_always_called])
        hooks[handle.handle_id] = hook_fn
        if prepend:
            hooks.move_to_end(handle.handle_id, last=False)
        if with_kwargs:
            self._forward_hook_with_kwargs[handle.handle_id] = True
        if always_call:
            self._forward_hook_always_called[handle.handle_id] = True
        _update_hook_version()
        return handle

    def _run_forward_hook(self, args, kwargs, output, called_always):
        d = self.__dict__
        with_kwargs = d["_lazy_forward_hook_with_kwargs"] or {}
        always = d["_lazy_forward_hook_always_called"] or {}
        if _SCOPE.value is not None:   # differentiated eagerly: hooks see the values (as MindSpore's)
            args, kwargs = _cell_hooks.value_views(args), _cell_hooks.value_views(kwargs)
            output = _cell_hooks.value_views(output)
        for hook_id, hook_fn in list(self._forward_hook.items()):
            if hook_id in always:
                called_always.add(hook_id)
            ret = hook_fn(self, args, kwargs, output) if hook_id in with_kwargs else hook_fn(self, args, output)
            if ret is not None:
                output = ret
        return output

    def register_parameter_forward_hook(self, hook):
        """Register ``hook(param) -> new value`` for the Parameters read in this cell's
        compiled (GRAPH_MODE) calls: one callable for all, or a list of ``{"params": [...],
        "hook": fn}``. As in MindSpore, PyNative calls ignore them."""
        _cell_hooks.register_parameter_forward_hook(self, hook)

    def register_saved_tensors_hooks(self, pack_hook, unpack_hook):
        """Hooks that pack/unpack the tensors saved for the backward pass of ``construct``."""
        self.__dict__["_saved_tensors_pack_hook"] = pack_hook
        self.__dict__["_saved_tensors_unpack_hook"] = unpack_hook

    # --- parameters and cells (nn/_cell_params.py) -------------------------------------------
    def __hash__(self):
        return id(self)

    from ._cell_params import (  # noqa: E402
        parameters_and_names, cells_and_names, name_cells, cells, get_parameters, trainable_params,
        untrainable_params, parameters_dict, parameters_broadcast_dict, update_parameters_name,
        _update_local_parameters_name, check_names_and_refresh_name, check_names, init_parameters_data,
        remove_redundant_parameters, set_comm_fusion, _set_scope, _children_scope_recursive, get_scope,
        generate_scope)

    # --- flags ---------------------------------------------------------------------------------
    from ._cell_flags import (apply, add_flags, add_flags_recursive, _add_init_args, get_flags,  # noqa: E402
                              _add_mixed_precision_flag, to_float, set_boost, set_grad, set_train,
                              set_broadcast_flag, set_jit_config, get_mixed_precision_type,
                              set_mixed_precision_type, set_inputs, get_inputs, compile, compile_and_run,
                              check_set_inputs as _check_set_inputs,
                              shard, set_data_parallel, offload, to, to_empty, _apply,
                              _get_attr_from_cell, _set_jit_graph_name)


# the method modules Cell is built from check for Cell itself (isinstance, class attributes)
_cell_state.Cell = Cell
_cell_flags.Cell = Cell
