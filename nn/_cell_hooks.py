"""Helpers of :class:`mscompat.nn.Cell`: hook handles, mixed-precision flags, buffers.

``HookHandle`` is MindSpore's removable handle (``mindspore.common.hook_handle``): it
keeps weak references to the hook dictionaries it was registered in and deletes its id
from them on :meth:`HookHandle.remove`.
"""
import enum
import threading
import weakref
from collections import OrderedDict, namedtuple

import numpy as np
import jax
import jax.numpy as jnp

from mscompat import _state
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat._checkparam import check_hook_fn
from mscompat.common.parameter import Parameter

__all__ = ["HookHandle", "check_hook_fn", "MixedPrecisionType", "_IncompatibleKeys",
           "register_cell_buffer_registration_hook", "current_amp_dtype"]

_HOOK_VERSION = [0]


def _update_hook_version():
    _HOOK_VERSION[0] += 1


def _hook_version():
    return _HOOK_VERSION[0]


class HookHandle:
    """The handle returned by the ``register_*_hook`` methods; ``remove()`` unregisters."""

    unique_id = 0

    def __init__(self, hook_dict=None, *, extra_dict=None):
        self.hook_dict_ref = None
        self.extra_dict_ref = None
        if hook_dict is not None:
            self.hook_dict_ref = weakref.ref(hook_dict)
            self.handle_id = HookHandle.unique_id
            HookHandle.unique_id += 1
            if isinstance(extra_dict, dict):
                self.extra_dict_ref = (weakref.ref(extra_dict),)
            elif isinstance(extra_dict, (list, tuple)):
                self.extra_dict_ref = tuple(weakref.ref(d) for d in extra_dict)

    def remove(self):
        """Unregister the hook this handle belongs to (a second call does nothing)."""
        _update_hook_version()
        if self.hook_dict_ref is not None:
            hooks = self.hook_dict_ref()
            if hooks is not None:
                hooks.pop(self.handle_id, None)
        for ref in self.extra_dict_ref or ():
            extra = ref()
            if extra is not None:
                extra.pop(self.handle_id, None)


def jit_forward_pre_hook(cell, hooks, inputs):
    """The forward pre-hooks of a compiled (GRAPH_MODE) call, as MindSpore compiles them:
    every hook is called ``hook(cell, inputs)`` in registration order (``prepend`` and
    ``with_kwargs`` are not honoured), a
    non-tuple result becomes a 1-tuple, and the number of inputs must not change."""
    new = inputs
    for _, fn in sorted(hooks.items()):   # registration order: a compiled call ignores ``prepend``
        ret = fn(cell, new)
        if ret is not None:
            new = ret if isinstance(ret, tuple) else (ret,)
    if len(new) != len(inputs):
        raise TypeError(f"The forward pre hook return value size is {len(new)} not equal to input size "
                        f"{len(inputs)}")
    return new


def jit_forward_hook(cell, hooks, inputs, output):
    """The forward hooks of a compiled (GRAPH_MODE) call: ``hook(cell, inputs, output)``
    for every hook (``with_kwargs``/``always_call`` are not honoured); a tuple output keeps
    its length."""
    new = output
    for _, fn in sorted(hooks.items()):   # registration order: a compiled call ignores ``prepend``
        ret = fn(cell, inputs, new)
        if ret is not None:
            new = ret
    if isinstance(output, tuple):
        if not isinstance(new, tuple):
            new = (new,)
        if len(new) != len(output):
            raise TypeError(f"The forward hook return value size is {len(new)} not equal to output size "
                            f"{len(output)}")
    return new


# --- hooks of eagerly differentiated calls see values -------------------------------------------
class _ValueView(Tensor):
    """A Tensor handed to a hook while its cell is differentiated eagerly. It computes with the
    differentiated value (what the hook returns keeps its gradient) and shows the concrete one:
    ``asnumpy()``, printing, ``item()``, ``float()``... work as on MindSpore's Tensors."""

    def _shown(self):
        return Tensor._wrap(self.__dict__["_concrete_value"])

    def asnumpy(self):
        return self._shown().asnumpy()

    def numpy(self):
        return self._shown().asnumpy()

    def __array__(self, dtype=None, copy=None):
        return self._shown().__array__(dtype)

    def item(self):
        return self._shown().item()

    def tolist(self):
        return self._shown().tolist()

    def __bool__(self):
        return bool(self._shown())

    def __int__(self):
        return int(self._shown())

    def __float__(self):
        return float(self._shown())

    def __index__(self):
        return self._shown().__index__()

    def __repr__(self):
        return repr(self._shown())

    def __str__(self):
        return str(self._shown())

    def __format__(self, spec):
        return format(self._shown(), spec)


_ValueView.__name__ = _ValueView.__qualname__ = "Tensor"


def value_views(tree):
    """Tensors of ``tree`` (tuples, lists, dicts) holding values of an eager differentiation as
    :class:`_ValueView`; everything else unchanged."""
    if type(tree) is Tensor:
        data = tree._data
        if isinstance(data, jax.core.Tracer):
            value = _state.concrete(data)
            if value is not None:
                view = _ValueView._wrap(data)
                view.__dict__["_concrete_value"] = value
                return view
        return tree
    if type(tree) in (tuple, list):
        return type(tree)(value_views(x) for x in tree)
    if type(tree) is dict:
        return {k: value_views(v) for k, v in tree.items()}
    return tree


class MixedPrecisionType(enum.Enum):
    """``mindspore._c_expression.MixedPrecisionType``: the flag ``Cell.to_float`` sets."""

    NOTSET = 0
    FP16 = 1
    FP32 = 2
    BF16 = 3


_AMP_DTYPES = {MixedPrecisionType.FP16: mstype.float16, MixedPrecisionType.FP32: mstype.float32,
               MixedPrecisionType.BF16: mstype.bfloat16}

# The mixed-precision dtype of the innermost running cell that has one (``to_float``);
# ops may read it through :func:`current_amp_dtype`.
class _AmpStack(threading.local):
    def __init__(self):
        super().__init__()
        self.dtypes = []


_AMP = _AmpStack()     # per thread: threads running cells at once keep their own


def current_amp_dtype():
    """The ``to_float`` dtype of the innermost running cell, or ``None``."""
    stack = _AMP.dtypes
    return stack[-1] if stack else None


def amp_dtype(mp_type):
    return _AMP_DTYPES.get(mp_type)


class _AmpScope(_state.Scope):
    """A lenient state scope under which Parameters read inside a ``to_float`` cell's
    ``construct`` are their values cast to the cell's float dtype (MindSpore casts every
    float input of the ops the cell runs, Parameters included). Writes are recorded and
    written back in the Parameter's own dtype by :meth:`commit`."""

    __slots__ = ("np_dtype", "orig")

    def __init__(self, np_dtype):
        super().__init__()
        self.np_dtype = np_dtype
        self.orig = {}      # id -> the Parameter's own dtype

    def _base(self, param):
        pid = id(param)
        s = self.parent
        while isinstance(s, _AmpScope):
            if pid in s.written:
                return s.values[pid]
            s = s.parent
        return s.read(param) if s is not None else param._value

    def read(self, param):
        pid = id(param)
        v = self.values.get(pid)
        if v is not None:
            return v
        base = self._base(param)
        if base is None:
            return base
        self.orig[pid] = base.dtype
        if base.dtype != self.np_dtype and jnp.issubdtype(base.dtype, jnp.floating):
            base = base.astype(self.np_dtype)
        self.values[pid] = base
        self.params[pid] = param
        return base

    def commit(self):
        """Write the recorded writes back, in each Parameter's own dtype."""
        for pid, param in self.written.items():
            v = self.values[pid]
            dt = self.orig.get(pid)
            if dt is None:
                base = self._base(param)
                dt = None if base is None else base.dtype
            if dt is not None and v.dtype != dt:
                v = v.astype(dt)
            param._data = v


class _ParamHookScope(_state.Scope):
    """A lenient state scope under which a Parameter read inside ``construct`` is
    ``hook(param)`` (``Cell.register_parameter_forward_hook``; applied in compiled calls,
    as MindSpore applies them in GRAPH_MODE only). Inside the hook the Parameter reads
    as its own value. Writes are written back by :meth:`commit`."""

    __slots__ = ("hooks", "global_hook", "busy")

    def __init__(self, hooks, global_hook):
        super().__init__()
        self.hooks = hooks              # id -> hook
        self.global_hook = global_hook
        self.busy = set()

    def read(self, param):
        pid = id(param)
        v = self.values.get(pid)
        if v is not None:
            return v
        base = self.parent.read(param) if self.parent is not None else param._value
        hook = self.hooks.get(pid, self.global_hook)
        if hook is None or base is None or pid in self.busy:
            return base
        self.busy.add(pid)
        try:
            out = hook(param)
        finally:
            self.busy.discard(pid)
        if out is not None:
            base = out._data if isinstance(out, Tensor) else jnp.asarray(out, base.dtype)
        self.values[pid] = base
        self.params[pid] = param
        return base


def with_param_hooks(fn, hooks, global_hook):
    """``fn`` running under a :class:`_ParamHookScope`."""
    def run(*args, **kwargs):
        scope = _ParamHookScope(hooks, global_hook)
        with scope:
            out = fn(*args, **kwargs)
        scope.commit()
        return out
    return run


def register_parameter_forward_hook(cell, hook):
    """Validate and record ``Cell.register_parameter_forward_hook`` hooks on ``cell``."""
    if isinstance(hook, list):
        hooks = dict(cell.__dict__.get("_param_fwd_hooks") or {})
        for item in hook:
            if not isinstance(item, dict):
                raise TypeError(f"Each item in the hook list must be a dictionary, but got {type(item)}.")
            if not ("params" in item and "hook" in item):
                raise ValueError("Each dictionary in the hook list must contain both params and hook keys.")
            forward_hook = item["hook"]
            if not callable(forward_hook):
                raise TypeError(f"The hook value must be callable, but got {type(forward_hook)}.")
            for param in item["params"]:
                if not isinstance(param, Parameter):
                    raise TypeError(f"All items in params must be of type 'Parameter', but got {type(param)}.")
                hooks[id(param)] = forward_hook
        cell.__dict__["_param_fwd_hooks"] = hooks
    elif callable(hook):
        cell.__dict__["__parameter_forward_hook__"] = hook
        cell.__dict__["_param_fwd_hooks"] = cell.__dict__.get("_param_fwd_hooks") or {}
    else:
        raise TypeError(f"Hook must be a callable function or a list of dictionaries, but got {type(hook)}.")


def run_with_amp(fn, args, kwargs, dtype):
    """``fn(*args, **kwargs)`` with float Tensor arguments cast to ``dtype`` and the
    Parameters it reads seen in ``dtype`` (``Cell.to_float``)."""
    stack = _AMP.dtypes
    outer = stack[-1] if stack else None
    args, kwargs = cast_inputs(args, kwargs, dtype)
    scope = _AmpScope(np.dtype(mstype.dtype_to_nptype(dtype)))
    stack.append(dtype)
    try:
        with scope:
            out = fn(*args, **kwargs)
    finally:
        stack.pop()
    scope.commit()
    if outer is not None and outer != dtype:
        # the enclosing cell's ops cast this output to their own dtype
        out = _cast_float(out, outer)
    return out


def _cast_float(x, dtype):
    """Cast float Tensors (also inside tuples, lists and dicts) to ``dtype``."""
    if isinstance(x, Tensor):
        if x.dtype != dtype and x.dtype in mstype.float_type:
            return x.astype(dtype)
        return x
    if isinstance(x, (tuple, list)):
        cast = [_cast_float(v, dtype) for v in x]
        return type(x)(cast) if type(x) in (tuple, list) else cast
    if isinstance(x, dict):
        return {k: _cast_float(v, dtype) for k, v in x.items()}
    return x


def cast_inputs(args, kwargs, dtype):
    return tuple(_cast_float(a, dtype) for a in args), {k: _cast_float(v, dtype) for k, v in kwargs.items()}


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    """What ``Cell.load_state_dict`` returns."""

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


_global_buffer_registration_hooks = OrderedDict()


def register_cell_buffer_registration_hook(hook):
    """Register ``hook(cell, name, buffer) -> None or new buffer``, called by every
    ``Cell.register_buffer``; returns a :class:`HookHandle`."""
    handle = HookHandle(_global_buffer_registration_hooks)
    _global_buffer_registration_hooks[handle.handle_id] = hook
    return handle


def is_buffer(value):
    """MindSpore's ``isinstance(value, _Buffer)``: a Tensor flagged as a registered buffer."""
    return isinstance(value, Tensor) and getattr(value, "_is_buffer", False) is True
