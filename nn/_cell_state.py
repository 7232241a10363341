"""Buffers and ``state_dict``/``load_state_dict`` of :class:`mscompat.nn.Cell`.

These functions are methods of ``Cell`` (assigned in its class body); they follow
MindSpore 2.10's semantics: buffer registration rules, the keys of ``state_dict``,
the checks and error messages of ``load_state_dict``.
"""
import itertools
import warnings
from collections import OrderedDict
from collections.abc import Mapping

from mscompat.common.tensor import Tensor
from . import _cell_hooks
from ._cell_hooks import HookHandle, _IncompatibleKeys

_EXTRA_STATE_KEY_SUFFIX = "_extra_state"

# ``Cell`` is built from this module's functions (nn/cell.py imports it), so it cannot import the
# class; nn/cell.py sets this once ``Cell`` exists (the functions here only run on Cells).
Cell = None



def _lazy(cell, attr, factory):
    d = cell.__dict__
    v = d.get(attr)
    if v is None:
        v = d[attr] = factory()
    return v


def register_buffer(self, name, tensor, persistent=True):
    """Add a buffer (state that is not a Parameter) to the cell, saved in ``state_dict``
    unless ``persistent`` is False."""
    if "_buffers" not in self.__dict__:
        raise AttributeError("cannot assign buffer before Cell.__init__() call")
    if not isinstance(name, str):
        raise TypeError(f"buffer name should be a string.But got this type: {type(name)}")
    if "." in name:
        raise KeyError('buffer name can\'t contain "."')
    if name == "":
        raise KeyError('buffer name can\'t be empty string ""')
    if hasattr(self, name) and name not in self._buffers:
        raise KeyError(f"attribute '{name}' already exists")
    if tensor is not None and not isinstance(tensor, Tensor):
        raise TypeError(f"cannot assign '{type(tensor)}' object to buffer '{name}' "
                        "(mindspore Tensor or None required)")
    for hook in _cell_hooks._global_buffer_registration_hooks.values():
        out = hook(self, name, tensor)
        if out is not None:
            tensor = out
    if tensor is not None:
        tensor._is_buffer = True
    self._buffers[name] = tensor
    non_persistent = _lazy(self, "_lazy_non_persistent_buffers_set", set)
    if persistent:
        non_persistent.discard(name)
    else:
        non_persistent.add(name)


def get_buffer(self, target):
    """The buffer at the dotted path ``target`` (``"sub.cell.name"``)."""
    cell_path, _, buffer_name = target.rpartition(".")
    cell = self.get_sub_cell(cell_path)
    if not hasattr(cell, buffer_name):
        raise AttributeError(cell._get_name() + " has no attribute `" + buffer_name + "`")
    buffer = getattr(cell, buffer_name)
    if buffer_name not in cell._buffers:
        raise AttributeError("`" + buffer_name + "` is not a buffer")
    return buffer


def _named_members(self, get_members_fn, prefix="", recurse=True, remove_duplicate=True):
    memo = set()
    cells = self.cells_and_names(name_prefix=prefix) if recurse else [(prefix, self)]
    for cell_prefix, cell in cells:
        for k, v in get_members_fn(cell):
            if v is None or id(v) in memo:
                continue
            if remove_duplicate:
                memo.add(id(v))
            yield cell_prefix + ("." if cell_prefix else "") + k, v


def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
    """Iterator of ``(name, buffer)`` over this cell (and its sub cells if ``recurse``)."""
    yield from _named_members(self, lambda cell: cell._buffers.items(), prefix=prefix, recurse=recurse,
                              remove_duplicate=remove_duplicate)


def buffers(self, recurse=True):
    """Iterator over the buffers of this cell (and its sub cells if ``recurse``)."""
    for _, buf in self.named_buffers(recurse=recurse):
        yield buf


def get_sub_cell(self, target):
    """The sub cell at the dotted path ``target``; ``""`` is the cell itself."""
    if target == "":
        return self
    cell = self
    for item in target.split("."):
        if not hasattr(cell, item):
            raise AttributeError(cell._get_name() + " has no attribute `" + item + "`")
        cell = getattr(cell, item)
        if not isinstance(cell, Cell):
            raise AttributeError("`" + item + "` is not an nn.Cell")
    return cell


def get_extra_state(self):
    """Extra state to save in ``state_dict``; override together with ``set_extra_state``."""
    raise RuntimeError("Reached a code path in Cell.get_extra_state() that should never be called.")


def set_extra_state(self, state):
    """Restore extra state saved by ``get_extra_state``."""
    raise RuntimeError("Reached a code path in Cell.set_extra_state() that should never be called.")


def _add_hook(self, slot, hook):
    """Register ``hook`` in the cell's lazily created hook table ``slot``; returns its handle."""
    hooks = _lazy(self, slot, OrderedDict)
    handle = HookHandle(hooks)
    hooks[handle.handle_id] = hook
    return handle


def register_state_dict_post_hook(self, hook):
    """``hook(cell, state_dict, prefix, local_metadata) -> None`` after ``state_dict``."""
    return _add_hook(self, "_lazy_state_dict_hooks", hook)


def register_state_dict_pre_hook(self, hook):
    """``hook(cell, prefix, keep_vars) -> None`` before ``state_dict``."""
    return _add_hook(self, "_lazy_state_dict_pre_hooks", hook)


def register_load_state_dict_pre_hook(self, hook):
    """``hook(cell, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
    error_msgs) -> None`` before loading this cell's entries."""
    return _add_hook(self, "_lazy_load_state_dict_pre_hooks", hook)


def register_load_state_dict_post_hook(self, hook):
    """``hook(cell, incompatible_keys) -> None`` after ``load_state_dict``."""
    return _add_hook(self, "_lazy_load_state_dict_post_hooks", hook)


def _has_own(self, name):
    return getattr(type(self), name, getattr(Cell, name)) is not getattr(Cell, name)


def _save_to_state_dict(self, destination, prefix, keep_vars):
    for name, param in self._params.items():
        if param is not None:
            destination[prefix + name] = param
    non_persistent = self.__dict__.get("_lazy_non_persistent_buffers_set") or ()
    for name, buf in self._buffers.items():
        if buf is not None and name not in non_persistent:
            destination[prefix + name] = buf
    if _has_own(self, "get_extra_state"):
        destination[prefix + _EXTRA_STATE_KEY_SUFFIX] = self.get_extra_state()


def state_dict(self, *args, destination=None, prefix="", keep_vars=False):
    """An ``OrderedDict`` of the Parameters and persistent buffers by dotted name."""
    if args:
        warnings.warn("Positional args are being deprecated, use kwargs instead. Refer to "
                      "https://www.mindspore.cn/docs/zh-CN/master/api_python/nn/mindspore.nn.Cell.html"
                      " for details.", FutureWarning, stacklevel=2)
        if destination is None:
            destination = args[0]
        if len(args) > 1 and prefix == "":
            prefix = args[1]
        if len(args) > 2 and keep_vars is False:
            keep_vars = args[2]
    if destination is not None and not isinstance(destination, dict):
        raise TypeError(f"The type of destination must be OrderedDict, but got {type(destination)}")
    if not isinstance(prefix, str):
        raise TypeError(f"The type of prefix must be string, but got {type(prefix)}")
    if not isinstance(keep_vars, bool):
        raise TypeError(f"The type of keep_vars must be bool, but got {type(keep_vars)}")
    if destination is None:
        destination = OrderedDict()
        destination._metadata = OrderedDict()
    local_metadata = {}
    if hasattr(destination, "_metadata"):
        destination._metadata[prefix[:-1]] = local_metadata
    for hook in (self.__dict__.get("_lazy_state_dict_pre_hooks") or {}).values():
        hook(self, prefix, keep_vars)
    self._save_to_state_dict(destination, prefix, keep_vars)
    for name, cell in self._cells.items():
        if cell is not None:
            cell.state_dict(destination=destination, prefix=prefix + name + ".", keep_vars=keep_vars)
    for hook in (self.__dict__.get("_lazy_state_dict_hooks") or {}).values():
        if hook(self, destination, prefix, local_metadata) is not None:
            raise RuntimeError("state_dict post-hook must return None")
    return destination


def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                          error_msgs):
    for hook in (self.__dict__.get("_lazy_load_state_dict_pre_hooks") or {}).values():
        hook(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs)
    non_persistent = self.__dict__.get("_lazy_non_persistent_buffers_set") or ()
    persistent_buffers = {k: v for k, v in self._buffers.items() if k not in non_persistent}
    local_state = {k: v for k, v in itertools.chain(self._params.items(), persistent_buffers.items())
                   if v is not None}
    for name, param in local_state.items():
        key = prefix + name
        if key in state_dict:
            input_param = state_dict[key]
            if not isinstance(input_param, Tensor):
                error_msgs.append(f'While copying the parameter named "{key}", expected Tensor or Tensor-like '
                                  f"object from checkpoint but received {type(input_param)}")
                continue
            if input_param.shape != param.shape:
                error_msgs.append(f"size mismatch for {key}: copying a param with shape {input_param.shape} "
                                  f"from checkpoint, the shape in current model is {param.shape}.")
                continue
            try:
                param.assign_value(Tensor(input_param.asnumpy(), dtype=param.dtype))
            except Exception as ex:  # pylint: disable=broad-except
                error_msgs.append(f'While copy the parameter named "{key}", whose shape in the model are '
                                  f"{param.shape} and whose shape in the checkpoint are {input_param.shape}, "
                                  f"an exception occurred : {ex.args}.")
        elif strict:
            missing_keys.append(key)
    extra_key = prefix + _EXTRA_STATE_KEY_SUFFIX
    if _has_own(self, "set_extra_state"):
        if extra_key in state_dict:
            self.set_extra_state(state_dict[extra_key])
        elif strict:
            missing_keys.append(extra_key)
    elif strict and extra_key in state_dict:
        unexpected_keys.append(extra_key)
    if strict:
        for key in state_dict.keys():
            if key.startswith(prefix) and key != extra_key:
                input_name = key[len(prefix):].split(".", 1)
                if len(input_name) > 1:
                    if input_name[0] not in self._cells:
                        unexpected_keys.append(key)
                elif input_name[0] not in local_state:
                    unexpected_keys.append(key)


def load_state_dict(self, state_dict, strict=True):
    """Copy Parameters and buffers from ``state_dict``; returns ``(missing_keys,
    unexpected_keys)``; with ``strict`` any mismatch raises RuntimeError."""
    if not isinstance(state_dict, Mapping):
        raise TypeError(f"Expected state_dict to be dict-like, got {type(state_dict)}.")
    missing_keys, unexpected_keys, error_msgs = [], [], []
    metadata = getattr(state_dict, "_metadata", None)
    state_dict = OrderedDict(state_dict)
    if metadata is not None:
        state_dict._metadata = metadata

    def load(cell, local_state_dict, prefix=""):
        local_metadata = {} if metadata is None else metadata.get(prefix[:-1], {})
        cell._load_from_state_dict(local_state_dict, prefix, local_metadata, True, missing_keys,
                                   unexpected_keys, error_msgs)
        for name, child in cell._cells.items():
            if child is not None:
                child_prefix = prefix + name + "."
                load(child, {k: v for k, v in local_state_dict.items() if k.startswith(child_prefix)},
                     child_prefix)
        incompatible = _IncompatibleKeys(missing_keys, unexpected_keys)
        for hook in (cell.__dict__.get("_lazy_load_state_dict_post_hooks") or {}).values():
            if hook(cell, incompatible) is not None:
                raise RuntimeError("Hooks registered with ``register_load_state_dict_post_hook`` are not"
                                   "expected to return new values, if incompatible_keys need to be modified,"
                                   "it should be done inplace.")

    load(self, state_dict)
    if strict:
        if unexpected_keys:
            error_msgs.insert(0, "Unexpected key(s) in state_dict: {}. ".format(
                ", ".join(f'"{k}"' for k in unexpected_keys)))
        if missing_keys:
            error_msgs.insert(0, "Missing key(s) in state_dict: {}. ".format(
                ", ".join(f'"{k}"' for k in missing_keys)))
    if error_msgs:
        raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(
            self.__class__.__name__, "\n\t".join(error_msgs)))
    return _IncompatibleKeys(missing_keys, unexpected_keys)
