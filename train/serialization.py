"""``mindspore.train.serialization``: checkpoints in MindSpore's own file formats.

``save_checkpoint`` / ``load_checkpoint`` / ``load_param_into_net`` read and write MindSpore's
``.ckpt`` (protobuf, :mod:`._checkpoint_proto`) and safetensors files byte for byte as MindSpore
does, so checkpoints move between real MindSpore and mscompat in both directions. Saving is
atomic (temporary file, fsync, rename). Nothing is ever unpickled; damaged, truncated and
foreign files raise ``ValueError``.

>>> import mscompat as ms
>>> net = ms.nn.Dense(3, 2)
>>> ms.save_checkpoint(net, "/tmp/dense")            # writes /tmp/dense.ckpt
>>> ms.load_param_into_net(ms.nn.Dense(3, 2), ms.load_checkpoint("/tmp/dense.ckpt"))
([], [])
"""
import atexit
import logging
import os
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from io import BytesIO

import numpy as np

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.common.seed import Generator
from mscompat import _checkparam
from . import _checkpoint_io as _io
from ._mindir_export import export_mindir
from ._mindir_load import load_mindir_file
from ._stablehlo import export_stablehlo, load_stablehlo_file, SUFFIX as _STABLEHLO_SUFFIX
from mscompat.nn.cell import Cell
from mscompat.communication.management import get_rank
from ._utils import get_parameter_redundancy

__all__ = ["save_checkpoint", "load_checkpoint", "load_param_into_net", "load_checkpoint_async",
           "async_ckpt_thread_status", "ckpt_to_safetensors", "safetensors_to_ckpt", "export", "load",
           "get_ckpt_path_with_strategy"]

logger = logging.getLogger("mscompat.train.serialization")

_ASYNC_THREAD_NAME = "asyn_save_ckpt"


def _cell_class():
    return Cell


# ------------------------------------------------------------------------------------------
# argument checks (MindSpore's messages and classes)

def _check_save_obj_and_ckpt_file_name(save_obj, ckpt_file_name, format):
    if format not in ("safetensors", "ckpt"):
        raise ValueError(f"For 'save_checkpoint', the format must be 'safetensors' or 'ckpt', but got {format}.")
    if not isinstance(save_obj, (_cell_class(), list, dict)):
        raise TypeError("For 'save_checkpoint', the parameter 'save_obj' must be nn.Cell, list or dict, "
                        f"but got {type(save_obj)}.")
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'save_checkpoint', the parameter {ckpt_file_name} for checkpoint file name is "
                        f"invalid,'ckpt_file_name' must be string, but got {type(ckpt_file_name)}.")
    ckpt_file_name = os.path.realpath(ckpt_file_name)
    if os.path.isdir(ckpt_file_name):
        raise IsADirectoryError(f"For 'save_checkpoint', the parameter `ckpt_file_name`: {ckpt_file_name} is a "
                                "directory, it must be a file name.")
    if not ckpt_file_name.endswith(format):
        ckpt_file_name += f".{format}"
    return ckpt_file_name


def _check_async_save(async_save):
    if not isinstance(async_save, (bool, str)):
        raise TypeError(f"For 'save_checkpoint', the parameter 'async_save' must be bool or str, "
                        f"but got {type(async_save)}.")
    if isinstance(async_save, str) and async_save not in ("process", "thread"):
        raise ValueError("For 'save_checkpoint', the argument 'async_save' can only be 'process' or 'thread',"
                         f"but got {async_save}.")
    return async_save


def _check_append_dict(append_dict):
    if append_dict is None:
        return None
    if not isinstance(append_dict, dict):
        raise TypeError(f"For 'save_checkpoint', the argument 'append_dict' must be dict, but got "
                        f"{type(append_dict)}.")
    for key, value in append_dict.items():
        if not isinstance(key, str) or not isinstance(value, (int, float, bool, str, Tensor, Generator)):
            raise TypeError("For 'save_checkpoint', the type of dict 'append_info' must be key: string, "
                            f"value: int, float, bool or Generator, but got key: {type(key)}, value: {type(value)}")
    return append_dict


def _check_unsupported(func, format, defaults):
    if format != "safetensors":
        return
    for name, (value, default) in defaults.items():
        if value != default:
            raise ValueError(f"For '{func}', when format is 'safetensors', the parameter '{name}' must be set to "
                             f"default value '{default}', but got '{value}'.")


def _no_encryption(func, key):
    if key is not None:
        raise ValueError(f"For '{func}', encrypted checkpoints (MindSpore's AES-GCM/AES-CBC/SM4-CBC "
                         "cipher format) are not supported by mscompat.")


def _check_prefix(prefix):
    if prefix is None:
        return None
    if not isinstance(prefix, (str, list, tuple)):
        raise TypeError("For 'load_checkpoint', the type of 'specify_prefix' or 'filter_prefix' must be string, "
                        f"list[string] or tuple[string], but got {type(prefix)}.")
    if isinstance(prefix, str):
        prefix = (prefix,)
    if not prefix:
        raise ValueError("For 'load_checkpoint', the argument 'specify_prefix' or 'filter_prefix' can't be empty "
                         "when 'specify_prefix' or 'filter_prefix' is list or tuple.")
    for index, pre in enumerate(prefix):
        if not isinstance(pre, str):
            raise TypeError("For 'load_checkpoint', when 'specify_prefix' or 'filter_prefix' is list or tuple, "
                            f"the element in it must be string, but got {type(pre)} at index {index}.")
        if pre == "":
            raise ValueError("For 'load_checkpoint', the value of 'specify_prefix' or 'filter_prefix' "
                             "can't include ''.")
    return prefix


def _check_file(file, file_format):
    if file_format not in ("ckpt", "safetensors"):
        raise ValueError("For 'load_checkpoint', the checkpoint file should end with '.ckpt' or '.safetensors', "
                         "please input the correct 'format'.")
    if isinstance(file, BytesIO):
        if file_format == "ckpt":
            raise TypeError("ckpt don't support BytesIO as input type, please change to safetensors.")
        return file
    if not isinstance(file, str):
        raise TypeError(f"For 'load_checkpoint', the argument 'ckpt_file_name' must be string, but got {type(file)}.")
    if not file.endswith(file_format):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file format must same with 'format', but got "
                         f"file_name:'{file}', format:'{file_format}'")
    file = os.path.realpath(file)
    if not os.path.exists(file):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file: {file} does not exist, please check "
                         "whether the 'ckpt_file_name' is correct.")
    return file


# ------------------------------------------------------------------------------------------
# saving

def _is_buffer(value):
    return isinstance(value, Tensor) and getattr(value, "_is_buffer", False) is True


def _list_entries(save_obj, choice_func):
    out = []
    if not save_obj:
        return out
    if isinstance(save_obj[0], dict):
        for item in save_obj:
            if not (isinstance(item, dict) and "name" in item and "data" in item):
                raise TypeError("For save_checkpoint, save_obj should be a list of dict items, and the dict should "
                                f"have key values 'name' and 'value', but got {type(item)} and {item}.")
            if not isinstance(item["name"], str):
                raise TypeError("For save_checkpoint, when save_obj is a list of dict items, the name in dict "
                                f"should be string, but got {type(item['name'])}.")
            if not isinstance(item["data"], Tensor):
                raise TypeError("For save_checkpoint, when save_obj is a list of dict items, the data in dict "
                                f"should be parameter, but got {type(item['data'])}.")
            if choice_func is None or choice_func(item["name"]):
                out.append((item["name"], item["data"]))
        return out
    for item in save_obj:
        if not isinstance(item, Parameter):
            raise TypeError("For save_checkpoint, when save_obj is made up by list of Parameter,"
                            f"the param should be parameter, but got {type(item)}")
        if choice_func is None or choice_func(item.name):
            out.append((item.name, item))
    return out


def _dict_entries(save_obj, choice_func):
    out = []
    for key, value in save_obj.items():
        if not isinstance(key, str):
            raise TypeError("For save_checkpoint, when save_obj is made up by dict, the key should be str and"
                            f"value should be Parameter, but got the type of key is {type(key)} and"
                            f"the type of value is {type(value)}")
        if choice_func is not None and not choice_func(key):
            continue
        if isinstance(value, np.ndarray):
            value = Parameter(Tensor(value))
        elif not (isinstance(value, (Parameter, str)) or _is_buffer(value)):
            # MindSpore fails here with an UnboundLocalError (or repeats the previous entry)
            raise TypeError("For save_checkpoint, when save_obj is made up by dict, the value should be "
                            f"Parameter, str or numpy.ndarray, but got {type(value)} for key '{key}'.")
        out.append((key, value))
    return out


def _cell_entries(save_obj, choice_func):
    save_obj.init_parameters_data()
    out = {}
    for _, param in save_obj.parameters_and_names():
        if choice_func is not None and not choice_func(param.name):
            continue
        out[param.name] = param
    return list(out.items())


def _records(entries):
    """``name -> (dims, tensor_type, ndarray)``: a snapshot of the values now (MindSpore's layout)."""
    records = {}
    for name, value in entries:
        if isinstance(value, str):
            records[name] = ([0], "str", np.array(value))
            continue
        if isinstance(value, Parameter):
            value.init_data()
        elif value.has_init:
            value = value.init_data()
        records[name] = (list(value.shape), str(value.dtype), value.asnumpy())
    return records


def _exec_save(path, records, crc_check, format, remove_redundancy, numpy_path):
    with _io.CKPT_MUTEX:
        if format == "ckpt":
            _io.atomic_write(path, lambda f: _io.write_ckpt(f, records, crc_check, numpy_path))
            return
        arrays = {name: records[name][2] for name in sorted(records)}
        metadata = {"format": "ms"}
        if isinstance(remove_redundancy, bool):
            metadata["remove_redundancy"] = str(remove_redundancy)
        if crc_check:
            metadata["crc_num"] = str(_io.safetensors_crc(arrays))
        data = _io.safetensors_bytes(arrays, metadata)
        _io.atomic_write(path, lambda f: f.write(data))


def _wait_async_save():
    for thread in threading.enumerate():
        if thread.name == _ASYNC_THREAD_NAME and thread is not threading.current_thread():
            thread.join()


atexit.register(_wait_async_save)




def _replica_ranks(strategy_file):
    """The ranks that hold the same slice of every parameter as this rank under the strategy in
    ``strategy_file`` (its data-parallel replicas, itself included); ``(rank,)`` when the
    parameters' replica groups disagree."""
    rank = get_rank()
    smallest, smallest_set = (), set()
    for name, groups in get_parameter_redundancy(strategy_file).items():
        if name.startswith(("accu_grads", "inputs")):
            continue
        for group in groups:
            if rank not in group:
                continue
            if not smallest or len(group) < len(smallest):
                if smallest_set and not set(group) <= smallest_set:
                    return (rank,)
                smallest, smallest_set = group, set(group)
            elif not smallest_set <= set(group):
                return (rank,)
    return smallest


def get_ckpt_path_with_strategy(cur_ckpt_path, cur_strategy_path):
    """A checkpoint file this rank can load: ``cur_ckpt_path`` when it exists and names this rank
    (``rank_<id>``), else the first existing file of the same path for a rank that holds the same
    parameter slices (from the strategy file ``cur_strategy_path``); None when there is none.
    Needs ``init()`` (the rank)."""
    rank = get_rank()
    if f"rank_{rank}" in cur_ckpt_path and os.path.isfile(cur_ckpt_path):
        return cur_ckpt_path
    for other in _replica_ranks(cur_strategy_path):
        path = re.sub(r"rank_\d+", f"rank_{other}", cur_ckpt_path)
        if os.path.isfile(path):
            return path
    return None


def _get_merged_param_data(net, parameter_layout_dict, param_name, param_data, integrated_save):
    """The whole value of the parameter ``param_name`` from its data on this device (MindSpore
    gathers the slices of a parameter split by ``parameter_layout_dict[param_name]``). An mscompat
    Parameter holds its global array, sharded or not, so its data is already whole; a name the
    layout dict lacks is a KeyError, as in MindSpore."""
    parameter_layout_dict[param_name]
    return param_data


def save_checkpoint(save_obj, ckpt_file_name, integrated_save=True, async_save=False, append_dict=None,
                    enc_key=None, enc_mode="AES-GCM", choice_func=None, crc_check=False, format="ckpt", **kwargs):
    """Save ``save_obj`` (a Cell, a list of Parameters or of ``{"name", "data"}`` dicts, or a dict
    ``name -> Parameter/str/ndarray``) to ``ckpt_file_name`` (``.ckpt``/``.safetensors`` appended
    when missing) in MindSpore's format. ``append_dict`` adds int/float/bool/str/Tensor/Generator
    values; ``async_save`` writes in a background thread (the values are copied first);
    ``crc_check`` stores a CRC32. Encryption (``enc_key``) is not supported."""
    ckpt_file_name = _check_save_obj_and_ckpt_file_name(save_obj, ckpt_file_name, format)
    _checkparam.check_bool(integrated_save)
    async_save = _check_async_save(async_save)
    append_dict = _check_append_dict(append_dict)
    enc_key = _checkparam.check_isinstance("enc_key", enc_key, (type(None), bytes))
    enc_mode = _checkparam.check_isinstance("enc_mode", enc_mode, str)
    crc_check = _checkparam.check_isinstance("crc_check", crc_check, bool)
    map_param_inc = kwargs.get("incremental", False)
    global_step_num = kwargs.get("global_step_num", None)
    remove_redundancy = _checkparam.check_isinstance("remove_redundancy", kwargs.get("remove_redundancy", None),
                                                     (type(None), bool))
    _check_unsupported("save_checkpoint", format, {
        "enc_key": (enc_key, None), "enc_mode": (enc_mode, "AES-GCM"),
        "map_param_inc": (map_param_inc, False), "global_step_num": (global_step_num, None)})
    _no_encryption("save_checkpoint", enc_key)

    if isinstance(save_obj, list):
        entries = _list_entries(save_obj, choice_func)
    elif isinstance(save_obj, dict):
        entries = _dict_entries(save_obj, choice_func)
    else:
        entries = _cell_entries(save_obj, choice_func)
    if append_dict:
        append_dict = {k: v for k, v in append_dict.items() if k != "__exception_save__"}
        for key, value in append_dict.items():
            if isinstance(value, Generator):
                value = value.get_state()
            elif not isinstance(value, str):
                value = Tensor(value)
            entries.append((key, value))

    with _io.CKPT_MUTEX:
        records = _records(entries)
    if async_save:
        # MindSpore's "process" mode forks; a forked JAX process is unsafe, so both modes use a thread
        _wait_async_save()
        threading.Thread(target=_exec_save, name=_ASYNC_THREAD_NAME,
                         args=(ckpt_file_name, records, crc_check, format, remove_redundancy, True)).start()
    else:
        _exec_save(ckpt_file_name, records, crc_check, format, remove_redundancy, False)


def async_ckpt_thread_status():
    """Whether an asynchronous checkpoint save is running (deprecated in MindSpore 2.5)."""
    logger.warning("The interface 'mindspore.async_ckpt_thread_status' is deprecated from version 2.5 "
                   "and will be removed in a future version.")
    return any(t.name == _ASYNC_THREAD_NAME for t in threading.enumerate())


# ------------------------------------------------------------------------------------------
# loading

def _whether_load_param(specify_prefix, filter_prefix, name):
    load = True
    if specify_prefix:
        load = any(name.startswith(p) for p in specify_prefix)
    if filter_prefix and any(name.startswith(p) for p in filter_prefix):
        load = False
    return load


def _load_ckpt_file(path, parameter_dict, specify_prefix, filter_prefix, choice_func, crc_check):
    msg = _io.parse_ckpt(path, crc_check)
    use_choice = specify_prefix is None and filter_prefix is None and choice_func is not None

    def keep(tag):
        if not _whether_load_param(specify_prefix, filter_prefix, tag):
            return False
        return not use_choice or choice_func(tag)

    try:
        for tag, value in _io.ckpt_records(msg, keep):
            if isinstance(value, np.ndarray):
                value = Parameter(Tensor(value), name=tag)
            parameter_dict[tag] = value
    except Exception as e:
        raise ValueError(f"{e}\nFor 'load_checkpoint', failed to load the checkpoint file {path}.") from e


def _load_safetensors_file(source, parameter_dict, choice_func, crc_check, remove_redundancy):
    arrays, metadata = _io.read_safetensors(source)
    for key in sorted(arrays):
        if choice_func is not None and not choice_func(key):
            continue
        if metadata is not None and metadata.get(key) == "Int4":
            raise ValueError(f"For 'load_checkpoint', the parameter '{key}' is stored as qint4x2, "
                             "which mscompat does not support.")
        parameter_dict[key] = Parameter(Tensor(arrays[key].copy()))
    if metadata is not None and "remove_redundancy" in metadata:
        if metadata["remove_redundancy"] == "True" and not remove_redundancy:
            logger.warning("For 'load_checkpoint', the safetensors file is deduplicated, "
                           "but remove_redundancy is set to False.")
            remove_redundancy = True
        elif metadata["remove_redundancy"] == "False" and remove_redundancy:
            logger.warning("For 'load_checkpoint', the safetensors file is non-deduplicated, "
                           "but remove_redundancy is set to True.")
            remove_redundancy = False
    if crc_check:
        if metadata is None or metadata.get("crc_num") is None:
            logger.warning("For 'load_checkpoint', the safetensors file do not contain the crc code, "
                           "please check the file.")
        elif str(_io.safetensors_crc(arrays)) != metadata["crc_num"]:
            raise ValueError("For 'load_checkpoint', the crc check has failed. "
                             "Please check whether the ckpt file is damaged.")
    return remove_redundancy


def load_checkpoint(ckpt_file_name, net=None, strict_load=False, filter_prefix=None, dec_key=None,
                    dec_mode="AES-GCM", specify_prefix=None, choice_func=None, crc_check=False,
                    remove_redundancy=False, format="ckpt"):
    """Load a ``.ckpt`` or safetensors file: a dict ``name -> Parameter`` (``str`` for strings
    saved through ``append_dict``), loaded into ``net`` too when given. ``specify_prefix`` /
    ``filter_prefix`` (``.ckpt`` only) select by name prefix and override ``choice_func``.
    Decryption (``dec_key``) is not supported."""
    specify_prefix = _check_prefix(specify_prefix)
    filter_prefix = _check_prefix(filter_prefix)
    dec_key = _checkparam.check_isinstance("dec_key", dec_key, (type(None), bytes))
    dec_mode = _checkparam.check_isinstance("dec_mode", dec_mode, str)
    crc_check = _checkparam.check_isinstance("crc_check", crc_check, bool)
    remove_redundancy = _checkparam.check_isinstance("remove_redundancy", remove_redundancy, bool)
    _check_unsupported("load_checkpoint", format, {"dec_key": (dec_key, None), "dec_mode": (dec_mode, "AES-GCM")})
    _no_encryption("load_checkpoint", dec_key)

    parameter_dict = {}
    file = _check_file(ckpt_file_name, format)
    if format == "safetensors":
        remove_redundancy = _load_safetensors_file(file, parameter_dict, choice_func, crc_check, remove_redundancy)
    else:
        _load_ckpt_file(file, parameter_dict, specify_prefix, filter_prefix, choice_func, crc_check)
    if not parameter_dict:
        raise ValueError("The loaded parameter dict is empty after filter or specify, please check whether "
                         "'filter_prefix' or 'specify_prefix' are set correctly.")
    if net is not None:
        load_param_into_net(net, parameter_dict, strict_load, remove_redundancy)
    return parameter_dict


class _ParamDictFuture:
    """What :func:`load_checkpoint_async` returns: ``result()`` waits for the parameter dict."""

    def __init__(self, executor, future):
        self.executor = executor
        self.param_dict_future = future

    def result(self):
        param_dict = self.param_dict_future.result()
        self.executor.shutdown()
        return param_dict


def load_checkpoint_async(ckpt_file_name, net=None, strict_load=False, filter_prefix=None, dec_key=None,
                          dec_mode="AES-GCM", specify_prefix=None, choice_func=None):
    """:func:`load_checkpoint` in a background thread; call ``result()`` on the returned object.
    The format follows the file name (``.safetensors`` or ``.ckpt``)."""
    format = "safetensors" if ckpt_file_name.endswith(".safetensors") else "ckpt"
    executor = ThreadPoolExecutor(max_workers=2)
    future = executor.submit(load_checkpoint, ckpt_file_name, net, strict_load, filter_prefix, dec_key,
                             dec_mode, specify_prefix, choice_func, format=format)
    return _ParamDictFuture(executor, future)


# ------------------------------------------------------------------------------------------
# load_param_into_net

_FLOAT_TYPES = (mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16)
_INT_TYPES = (mstype.int8, mstype.int16, mstype.int32, mstype.int64)


def _type_convertible(param, new_param, strict_load):
    kinds = {param.dtype, new_param.dtype}
    if not strict_load and (kinds.issubset(_FLOAT_TYPES) or kinds.issubset(_INT_TYPES)):
        logger.warning(f"The type of {new_param.name}:{new_param.dtype} in 'parameter_dict' is different from "
                       f"the type of it in 'net':{param.dtype}, then the type convert from {new_param.dtype} to "
                       f"{param.dtype} in the network.")
        return True
    return False


def _trailing_ones(param, new_param):
    """MindSpore accepts a checkpoint shape with extra trailing 1s (GE layouts)."""
    old, new = tuple(param.shape), tuple(new_param.shape)
    if len(new) <= len(old) or any(d != 1 for d in new[len(old):]):
        return False
    param.set_data(Tensor(new_param.asnumpy().reshape(old), param.dtype))
    return True


def _update_param(param, new_param, strict_load):
    if param.shape != new_param.shape:
        if not _trailing_ones(param, new_param):
            raise RuntimeError(
                f"For 'load_param_into_net', {param.name} in the argument 'net' should have the same shape as "
                f"{param.name} in the argument 'parameter_dict'. But got its shape {param.shape} in the argument "
                f"'net' and shape {new_param.shape} in the argument 'parameter_dict'.May you need to check "
                "whether the checkpoint you loaded is correct or the batch size and so on in the 'net' and "
                "'parameter_dict' are same.")
        # (as in MindSpore, the value is then set with the checkpoint's shape)
    if param.dtype != new_param.dtype:
        if _type_convertible(param, new_param, strict_load):
            param.set_data(Tensor(new_param.asnumpy(), param.dtype), param.sliced)
            return
        raise RuntimeError(
            f"For 'load_param_into_net', {param.name} in the argument 'net' should have the same type as "
            f"{param.name} in the argument 'parameter_dict'. but got its type {param.dtype} in the argument "
            f"'net' and type {new_param.dtype} in the argument 'parameter_dict'.May you need to check whether "
            "the checkpoint you loaded is correct.")
    param.set_data(new_param, param.sliced)


def _load_mismatched_prefix(net, parameter_dict, param_not_load, strict_load):
    """Non-strict loading: strip a common prefix of the checkpoint names (``net.`` -> ``''``)."""
    prefix_name = ""
    longest_name = param_not_load[0]
    while prefix_name != longest_name and param_not_load:
        prefix_name = longest_name
        for net_param_name in param_not_load:
            for dict_name in parameter_dict:
                if dict_name.endswith(net_param_name):
                    prefix_name = dict_name[:-len(net_param_name)]
                    break
            if prefix_name != longest_name:
                break
        if prefix_name != longest_name:
            logger.warning(f"For 'load_param_into_net', remove parameter prefix name: {prefix_name}, "
                           "continue to load.")
            for _, param in net.parameters_and_names():
                new_name = prefix_name + param.name
                if param.name in param_not_load and new_name in parameter_dict:
                    _update_param(param, parameter_dict[new_name], strict_load)
                    param_not_load.remove(param.name)


# MindSpore's own spelling of this private helper (model zoos such as mindone import it by that name)
_load_dismatch_prefix_params = _load_mismatched_prefix


def load_param_into_net(net, parameter_dict, strict_load=False, remove_redundancy=False):
    """Load ``parameter_dict`` (name -> Parameter) into ``net``'s Parameters by name.

    Returns MindSpore's ``(param_not_load, ckpt_not_load)``: the net's Parameter names that got no
    value and the dict's names that were not used. Without ``strict_load``, float (and signed
    int) values of another width are converted to the Parameter's dtype and a common name
    prefix of the dict is stripped when names do not match. Shape or dtype mismatches raise
    RuntimeError."""
    if not isinstance(net, _cell_class()):
        raise TypeError(f"For 'load_param_into_net', the argument 'net' should be a Cell, but got {type(net)}.")
    if not isinstance(parameter_dict, dict):
        raise TypeError("For 'load_param_into_net', the argument 'parameter_dict' should be a dict, "
                        f"but got {type(parameter_dict)}.")
    for key, value in parameter_dict.items():
        if not isinstance(key, str) or not isinstance(value, (Parameter, str, list)):
            raise TypeError("For 'parameter_dict', the element in the argument 'parameter_dict' should be a "
                            f"'str' and 'Parameter' , but got {type(key)} and {type(value)}.")
    _checkparam.check_bool(strict_load)
    remove_redundancy = _checkparam.check_isinstance("remove_redundancy", remove_redundancy, bool)

    param_not_load = []
    ckpt_not_load = list(parameter_dict.keys())
    for _, param in net.parameters_and_names():
        if param.name in parameter_dict:
            new_param = parameter_dict[param.name]
            if not isinstance(new_param, Parameter):   # strings and map tables have no data to load
                continue
            _update_param(param, new_param, strict_load)
            ckpt_not_load.remove(param.name)
        elif not param.name.startswith("accu_grads"):
            param_not_load.append(param.name)

    if param_not_load and not strict_load:
        _load_mismatched_prefix(net, parameter_dict, param_not_load, strict_load)
    if remove_redundancy:
        raise TypeError("The deduplication feature for loading checkpoint can only be used "
                        "in parallel scenarios, but got stand_alone.")
    if param_not_load:
        logger.warning(f"For 'load_param_into_net', {len(param_not_load)} parameters in the 'net' are not loaded, "
                       "because they are not in the 'parameter_dict', please check whether the network structure "
                       f"is consistent when training and loading checkpoint. {param_not_load} are not loaded.")
    return param_not_load, ckpt_not_load


# ------------------------------------------------------------------------------------------
# format conversion

def _convert_one(src, dst_dir, name_map, src_format, dst_format):
    param_dict = load_checkpoint(src, format=src_format)
    if name_map is not None:
        param_dict = {name_map.get(k, k): v for k, v in param_dict.items()}
    src_suffix, dst_suffix = f".{src_format}", f".{dst_format}"
    dst = os.path.join(dst_dir, os.path.basename(src).replace(src_suffix, dst_suffix))
    save_checkpoint(param_dict, dst, format=dst_format)


def _convert_checkpoint_file(file_path, save_path, name_map, file_name_regex, processes_num, dst_format):
    src_format = "ckpt" if dst_format == "safetensors" else "safetensors"
    func_name = "ckpt_to_safetensors" if dst_format == "safetensors" else "safetensors_to_ckpt"
    src_suffix = f".{src_format}"
    is_dir, is_file = os.path.isdir(file_path), os.path.isfile(file_path)
    if not is_dir and not is_file:
        raise ValueError(f"For {func_name}, the input path must be a valid path or file, but got {file_path}")
    if save_path and os.path.splitext(save_path)[1]:
        raise ValueError(f"For {func_name}, the save_path must be a directory, but got '{save_path}'")
    if name_map is not None and not isinstance(name_map, dict):
        raise ValueError(f"For {func_name}, the type of 'name_map' must be a directory, but got '{type(name_map)}'")
    if is_file:
        if not file_path.endswith(src_suffix):
            raise ValueError(f"For {func_name}, the input file must be a {src_suffix} file, but got {file_path}")
        if file_name_regex is not None and not re.findall(file_name_regex, file_path):
            raise ValueError(f"For {func_name}, the input file does not match the regular expression.")
        if save_path and not os.path.exists(save_path):
            os.makedirs(save_path, exist_ok=True)
        _convert_one(file_path, save_path if save_path else os.path.dirname(file_path), name_map, src_format,
                     dst_format)
        return
    rank_dirs = sorted(d for d in os.listdir(file_path)
                       if d.startswith("rank") and os.path.isdir(os.path.join(file_path, d)))
    if not rank_dirs:
        raise ValueError(f"For '{func_name}', no directories starting with 'rank' found in {file_path}.")
    tasks = []
    for rank_dir in rank_dirs:
        src_dir = os.path.join(file_path, rank_dir)
        dst_dir = os.path.join(save_path, rank_dir) if save_path is not None else src_dir
        os.makedirs(dst_dir, exist_ok=True)
        for name in sorted(os.listdir(src_dir)):
            if name.endswith(src_suffix) and (file_name_regex is None or re.search(file_name_regex, name)):
                tasks.append((os.path.join(src_dir, name), dst_dir))
    with ThreadPoolExecutor(max_workers=max(1, int(processes_num))) as pool:
        for fut in [pool.submit(_convert_one, src, dst, name_map, src_format, dst_format) for src, dst in tasks]:
            fut.result()


def ckpt_to_safetensors(file_path, save_path=None, name_map=None, file_name_regex=None, processes_num=1):
    """Convert a ``.ckpt`` file (or the ``rank*`` folders of a directory) to safetensors."""
    _convert_checkpoint_file(file_path, save_path, name_map, file_name_regex, processes_num, "safetensors")


def safetensors_to_ckpt(file_path, save_path=None, name_map=None, file_name_regex=None, processes_num=1):
    """Convert a safetensors file (or the ``rank*`` folders of a directory) to ``.ckpt``."""
    _convert_checkpoint_file(file_path, save_path, name_map, file_name_regex, processes_num, "ckpt")


# ------------------------------------------------------------------------------------------
# exported models: MINDIR (MindSpore's format, both directions) and STABLEHLO (jax.export)

EXPORT_FORMATS = ['AIR', 'ONNX', 'MINDIR', 'STABLEHLO']


def _check_enc(file_format, kwargs):
    enc_key = kwargs.get('enc_key')
    if not isinstance(enc_key, bytes):
        raise TypeError(f"For 'export', the type of 'enc_key' must be bytes, but got {type(enc_key)}.")
    enc_mode = kwargs.get('enc_mode', 'AES-GCM')
    if callable(enc_mode):
        return
    if not isinstance(enc_mode, str):
        raise TypeError(f"For 'export', the type of 'enc_mode' must be str, but got {type(enc_mode)}.")
    if file_format in ('AIR', 'ONNX'):
        raise ValueError(f"AIR/ONNX only support customized encryption, but got {enc_mode}.")
    if enc_mode not in ('AES-CBC', 'AES-GCM', 'SM4-CBC'):
        raise ValueError(f"MindIR only support AES-GCM/AES-CBC/SM4-CBC encryption, but got {enc_mode}")


def export(net, *inputs, file_name, file_format, **kwargs):
    """Export ``net`` run on ``inputs`` to ``file_name`` in ``file_format``.

    * ``"MINDIR"``: MindSpore's own format (``.mindir`` added when missing); real MindSpore loads
      it with ``mindspore.load`` and runs it with ``nn.GraphCell``.
    * ``"STABLEHLO"`` (mscompat's addition): a ``jax.export`` artefact (``.stablehlo``) of the
      inference forward with the parameters baked in, which plain JAX runs with
      ``jax.export.deserialize(data).call(*arrays)``.
    * ``"AIR"`` needs Ascend's toolchain and ``"ONNX"`` a converter: both raise ValueError.

    Inputs declared ``Tensor(shape=[None, ...], dtype=...)`` have dynamic dimensions.
    """
    if 'obf_func' in kwargs:
        raise NotImplementedError("Dynamic model structure obfuscation is no longer supported.")
    if file_format not in EXPORT_FORMATS:
        raise ValueError(f"For 'export', 'file_format' must be one of {EXPORT_FORMATS}, but got {file_format}.")
    _checkparam.check_file_name_by_regular(file_name)
    file_name = os.path.realpath(file_name)
    if 'enc_key' in kwargs:
        _check_enc(file_format, kwargs)
    if kwargs.get('custom_func') is not None and file_format != 'MINDIR':
        raise ValueError(f"Currently only support custom_func for MindIR format, but got {file_format} format.")
    logger.info("exporting model file:%s format:%s.", file_name, file_format)
    if file_format == 'AIR':
        raise ValueError("Only support export file in 'AIR' format with Ascend backend.")
    if file_format == 'ONNX':
        raise ValueError("For 'export', mscompat cannot write 'ONNX' (no ONNX converter for JAX is installed); "
                         f"the formats it writes are 'MINDIR' and 'STABLEHLO' (of {EXPORT_FORMATS}).")
    if file_format == 'STABLEHLO':
        export_stablehlo(net, *inputs, file_name=file_name, **kwargs)
        return
    export_mindir(net, *inputs, file_name=file_name, **kwargs)


def load(file_name, **kwargs):
    """Load a graph exported as MINDIR (by MindSpore or mscompat) or STABLEHLO (by mscompat);
    ``nn.GraphCell(graph)`` runs it.

    Raises:
        ValueError: ``file_name`` is not a str, has another suffix, or does not exist.
        RuntimeError: the file is not a graph of its format (damaged, truncated, foreign).
    """
    if 'obf_func' in kwargs:
        raise NotImplementedError("Dynamic model structure obfuscation is no longer supported.")
    if not isinstance(file_name, str):
        raise ValueError(f"For 'load', the argument 'file_name' must be string, but got {type(file_name)}.")
    is_stablehlo = file_name.endswith(_STABLEHLO_SUFFIX)
    if not file_name.endswith(".mindir") and not is_stablehlo:
        raise ValueError("For 'load', the argument 'file_name'(MindIR file) should end with '.mindir' "
                         f"(or '{_STABLEHLO_SUFFIX}' for STABLEHLO), please input the correct 'file_name'.")
    if not os.path.exists(file_name):
        raise ValueError("For 'load', the argument 'file_name'(MindIR file) does not exist, "
                         "please check whether the 'file_name' is correct.")
    file_name = os.path.realpath(file_name)
    if 'dec_key' in kwargs:
        if not isinstance(kwargs['dec_key'], bytes):
            raise TypeError(f"For 'load', the type of 'dec_key' must be bytes, but got {type(kwargs['dec_key'])}.")
        raise RuntimeError("Load MindIR failed. Encrypted MindIR files (MindSpore's AES-GCM/AES-CBC/SM4-CBC "
                           "cipher format) are not supported by mscompat.")
    logger.info("Execute the process of loading mindir.")
    if is_stablehlo:
        return load_stablehlo_file(file_name)
    return load_mindir_file(file_name)
