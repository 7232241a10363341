"""``CheckpointConfig`` and ``ModelCheckpoint``: save checkpoints during training.

Files are named ``prefix-<epoch>_<step in epoch>.<format>``; when files of the same prefix
already exist in the directory, the prefix becomes ``prefix_1``, ``prefix_2``, ... (MindSpore's
rule). MindSpore's ``prefix-graph.meta`` (a serialized MindIR graph) is not written: there is no
MindIR graph here.
"""
import logging
import os
import stat
import time

from mscompat.common.parameter import Parameter
from mscompat.common.tensor import Tensor
from ._callback import Callback
from mscompat._checkparam import check_bool, check_isinstance, check_non_negative_int
from mscompat.nn.cell import Cell
from mscompat.train.serialization import save_checkpoint

__all__ = ["CheckpointConfig", "ModelCheckpoint"]

logger = logging.getLogger("mscompat")

_INFO_LIST = ["epoch_num", "step_num"]


def _make_directory(path):
    if not isinstance(path, str) or not path.strip():
        raise ValueError(f"The path({path!r}) is invalid.")
    path = os.path.realpath(path)
    os.makedirs(path, exist_ok=True)
    return path


def _unique_prefix(directory, prefix):
    """``prefix``, or ``prefix_N`` when checkpoints of ``prefix`` already exist in ``directory``."""
    if callable(prefix) or callable(directory):
        return prefix
    suffix_num = 0
    n = len(prefix)
    for filename in os.listdir(directory):
        ext = os.path.splitext(filename)[-1]
        if ext not in (".ckpt", ".safetensors") or filename.endswith("_breakpoint.ckpt"):
            continue
        if filename.startswith(prefix) and len(filename) > n and not filename[n].isalpha():
            index = filename[n:].find("-")
            if index == 0:
                suffix_num = max(suffix_num, 1)
            elif index != -1:
                num = filename[n + 1:n + index]
                if num.isdigit():
                    suffix_num = max(suffix_num, int(num) + 1)
    return f"{prefix}_{suffix_num}" if suffix_num else prefix


def _check_async_save(async_save):
    if not isinstance(async_save, (bool, str)):
        raise TypeError("For 'save_checkpoint', the parameter 'async_save' must be bool or str, "
                        "but got {}.".format(type(async_save)))
    if isinstance(async_save, str) and async_save not in ("process", "thread"):
        raise ValueError("For 'save_checkpoint', the argument 'async_save' can only be 'process' or 'thread',"
                         "but got {}.".format(async_save))
    return async_save


class CheckpointConfig:
    """When and what ``ModelCheckpoint`` saves (MindSpore's arguments and defaults).

    ``save_checkpoint_steps`` wins over ``save_checkpoint_seconds``; ``keep_checkpoint_max``
    wins over ``keep_checkpoint_per_n_minutes``. ``append_info``: ``'epoch_num'``,
    ``'step_num'`` and at most one dict of extra values saved with each checkpoint.
    """

    def __init__(self, save_checkpoint_steps=1, save_checkpoint_seconds=0, keep_checkpoint_max=5,
                 keep_checkpoint_per_n_minutes=0, integrated_save=True, async_save=False, saved_network=None,
                 append_info=None, enc_key=None, enc_mode="AES-GCM", exception_save=False, crc_check=False,
                 remove_redundancy=False, format="ckpt", **kwargs):
        if save_checkpoint_steps is not None:
            save_checkpoint_steps = check_non_negative_int(save_checkpoint_steps)
        if save_checkpoint_seconds is not None:
            save_checkpoint_seconds = check_non_negative_int(save_checkpoint_seconds)
        if keep_checkpoint_max is not None:
            keep_checkpoint_max = check_non_negative_int(keep_checkpoint_max)
        if keep_checkpoint_per_n_minutes is not None:
            keep_checkpoint_per_n_minutes = check_non_negative_int(keep_checkpoint_per_n_minutes)
        if saved_network is not None and not isinstance(saved_network, Cell):
            raise TypeError("For 'CheckpointConfig', the type of 'saved_network' must be None or Cell, "
                            f"but got {type(saved_network)}.")
        if not save_checkpoint_steps and not save_checkpoint_seconds and not keep_checkpoint_max \
                and not keep_checkpoint_per_n_minutes:
            raise ValueError("For 'CheckpointConfig', the input arguments 'save_checkpoint_steps', "
                             "'save_checkpoint_seconds', 'keep_checkpoint_max' and 'keep_checkpoint_per_n_minutes' "
                             "can't be all None or 0.")
        check_bool(exception_save)
        self.exception_save = exception_save
        self._save_checkpoint_steps = save_checkpoint_steps
        self._save_checkpoint_seconds = save_checkpoint_seconds
        if self._save_checkpoint_steps and self._save_checkpoint_steps > 0:
            self._save_checkpoint_seconds = None
        self._keep_checkpoint_max = keep_checkpoint_max
        self._keep_checkpoint_per_n_minutes = keep_checkpoint_per_n_minutes
        if self._keep_checkpoint_max and self._keep_checkpoint_max > 0:
            self._keep_checkpoint_per_n_minutes = None
        elif not self._keep_checkpoint_per_n_minutes:
            self._keep_checkpoint_max = 1
        self._integrated_save = check_bool(integrated_save)
        self._async_save = _check_async_save(async_save)
        self._saved_network = saved_network
        self._append_dict = self._handle_append_info(append_info)
        self._enc_key = check_isinstance("enc_key", enc_key, (type(None), bytes))
        self._enc_mode = check_isinstance("enc_mode", enc_mode, str)
        self._crc_check = check_isinstance("crc_check", crc_check, bool)
        self._format = check_isinstance("format", format, str)
        self._map_param_inc = kwargs.get("incremental", False)
        self.enable_redundance = kwargs.get("enable_redundance", False)
        self.remove_redundancy = check_isinstance("remove_redundancy", remove_redundancy, bool)
        if format == "safetensors" and (enc_key is not None or enc_mode != "AES-GCM" or crc_check or exception_save
                                        or self._map_param_inc):
            raise ValueError("For 'save_checkpoint', when format is 'safetensors', other param must be default.")

    save_checkpoint_steps = property(lambda self: self._save_checkpoint_steps)
    save_checkpoint_seconds = property(lambda self: self._save_checkpoint_seconds)
    keep_checkpoint_max = property(lambda self: self._keep_checkpoint_max)
    keep_checkpoint_per_n_minutes = property(lambda self: self._keep_checkpoint_per_n_minutes)
    integrated_save = property(lambda self: self._integrated_save)
    async_save = property(lambda self: self._async_save)
    saved_network = property(lambda self: self._saved_network)
    enc_key = property(lambda self: self._enc_key)
    enc_mode = property(lambda self: self._enc_mode)
    crc_check = property(lambda self: self._crc_check)
    format = property(lambda self: self._format)
    append_dict = property(lambda self: self._append_dict)
    map_param_inc = property(lambda self: self._map_param_inc)

    def get_checkpoint_policy(self):
        """The saving policy as a dict."""
        return {"save_checkpoint_steps": self.save_checkpoint_steps,
                "save_checkpoint_seconds": self.save_checkpoint_seconds,
                "keep_checkpoint_max": self.keep_checkpoint_max,
                "keep_checkpoint_per_n_minutes": self.keep_checkpoint_per_n_minutes,
                "saved_network": self.saved_network}

    @staticmethod
    def _handle_append_info(append_info):
        if append_info is None or append_info == []:
            return None
        if not isinstance(append_info, list):
            raise TypeError(f"For 'CheckpointConfig', the type of 'append_info' must be list,but got "
                            f"{type(append_info)}.")
        result = {}
        for name in _INFO_LIST:
            if name in append_info:
                result[name] = 0
        dict_num = 0
        for element in append_info:
            if not isinstance(element, (str, dict)):
                raise TypeError("For 'CheckpointConfig', the type of 'append_info' element must be str or dict,"
                                f"but got {type(element)}.")
            if isinstance(element, str) and element not in _INFO_LIST:
                raise ValueError("For 'CheckpointConfig', the value of element in the argument 'append_info' "
                                 f"must be in {_INFO_LIST}, but got {element}.")
            if isinstance(element, dict):
                dict_num += 1
                if dict_num > 1:
                    raise TypeError("For 'CheckpointConfig', the element of 'append_info' must has only one dict, "
                                    f"but got {dict_num}")
                for key, value in element.items():
                    if isinstance(key, str) and isinstance(value, (int, float, bool, str, Parameter, Tensor)):
                        result[key] = value
                    else:
                        raise TypeError("For 'CheckpointConfig', the key type of the dict 'append_info' must be "
                                        "string, the value type must be int or float or bool, but got key type "
                                        f"{type(key)}, value type {type(value)}")
        return result


class _CheckpointManager:
    """The checkpoint files of one prefix in a directory (for ``keep_checkpoint_max``)."""

    def __init__(self, fmt="ckpt"):
        self._files = []
        self._format = fmt

    @property
    def ckpoint_filelist(self):
        """The checkpoint files managed (the last ``update_ckpoint_filelist``'s, less those removed)."""
        return self._files

    @property
    def ckpoint_num(self):
        return len(self._files)

    def update_ckpoint_filelist(self, directory, prefix):
        self._files = []
        ext = f".{self._format}"
        for filename in os.listdir(directory):
            if filename.endswith(ext) and filename.startswith(prefix + "-"):
                mid = filename[len(prefix):-len(ext)]
                if not any(c.isalpha() for c in mid):
                    self._files.append(os.path.join(directory, filename))

    def remove_ckpoint_file(self, file_name):
        try:
            os.chmod(file_name, stat.S_IWRITE)
            os.remove(file_name)
            self._files.remove(file_name)
        except (OSError, ValueError):
            logger.warning("Failed to remove the older ckpt file %s.", file_name)

    def remove_oldest_ckpoint_file(self):
        self.remove_ckpoint_file(sorted(self._files, key=os.path.getmtime)[0])

    def keep_one_ckpoint_per_minutes(self, minutes, cur_time):
        del_list, oldest_file, oldest_time = [], "", cur_time
        for f in self._files:
            mtime = os.path.getmtime(f)
            if cur_time - mtime < 60 * minutes:
                del_list.append(f)
                if mtime < oldest_time:
                    oldest_time, oldest_file = mtime, f
        for f in del_list:
            if f != oldest_file:
                self.remove_ckpoint_file(f)


CheckpointManager = _CheckpointManager      # MindSpore's public name at this path


class ModelCheckpoint(Callback):
    """Save the training network's parameters (``CheckpointConfig`` policy) as
    ``<directory>/<prefix>-<epoch>_<step>.ckpt``; the last state is saved at the end of training.

    ``prefix`` and ``directory`` may be callables of ``cb_params``; a callable ``prefix`` names the
    file itself (``<prefix>.ckpt``).
    """

    def __init__(self, prefix="CKP", directory=None, config=None):
        super().__init__()
        self._latest_ckpt_file_name = ""
        self._last_time = time.time()
        self._last_time_for_keep = time.time()
        self._last_triggered_step = 0
        self._prefix_func = None
        self._directory_func = None
        if not callable(prefix) and (not isinstance(prefix, str) or prefix.find("/") >= 0):
            raise ValueError("For 'ModelCheckpoint', the argument 'prefix' for checkpoint file name is invalid, it "
                             f"must be callable or string that does not contain '/', but got {prefix}.")
        self._prefix = prefix
        if directory is not None:
            if callable(directory):
                self._directory_func = directory
            else:
                self._directory = _make_directory(directory)
        else:
            self._directory = os.getcwd()
        if callable(prefix):
            self._prefix_func = prefix
        if config is None:
            self._config = CheckpointConfig()
        else:
            if not isinstance(config, CheckpointConfig):
                raise TypeError("For 'ModelCheckpoint', the type of argument 'config' should be 'CheckpointConfig', "
                                f"but got {type(config)}.")
            self._config = config
        self._manager = _CheckpointManager(self._config.format)
        if not callable(directory) and not callable(prefix):
            self._prefix = _unique_prefix(self._directory, self._prefix)
        self._append_dict = self._config.append_dict or {}
        self._append_epoch_num = self._append_dict.get("epoch_num", 0)
        self._append_step_num = self._append_dict.get("step_num", 0)

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        if self._prefix_func:
            self._prefix = self._prefix_func(cb_params)
            if not isinstance(self._prefix, str) or self._prefix.find("/") >= 0:
                raise ValueError("For 'ModelCheckpoint', the argument 'prefix' for checkpoint file name is callable, "
                                 "it must return a string that does not contain '/', but got "
                                 f"{self._prefix}.")
        if self._directory_func:
            self._directory = _make_directory(self._directory_func(cb_params))
        self._save_ckpt(cb_params)

    def end(self, run_context):
        self._save_ckpt(run_context.original_args(), True)

    def _check_save_ckpt(self, cb_params, force_to_save):
        cfg = self._config
        if cfg.save_checkpoint_steps and cfg.save_checkpoint_steps > 0:
            if cb_params.cur_step_num >= self._last_triggered_step + cfg.save_checkpoint_steps or force_to_save:
                return True
        elif cfg.save_checkpoint_seconds and cfg.save_checkpoint_seconds > 0:
            now = time.time()
            if now - self._last_time > cfg.save_checkpoint_seconds or force_to_save:
                self._last_time = now
                return True
        return False

    def _save_ckpt(self, cb_params, force_to_save=False):
        if cb_params.cur_step_num == self._last_triggered_step:
            return
        if not self._check_save_ckpt(cb_params, force_to_save):
            return
        cfg = self._config
        step_in_epoch = int((cb_params.cur_step_num - 1) % cb_params.batch_num + 1)
        if self._prefix_func:
            name = f"{self._prefix}.{cfg.format}"
        else:
            name = f"{self._prefix}-{cb_params.cur_epoch_num}_{step_in_epoch}.{cfg.format}"
        self._manager.update_ckpoint_filelist(self._directory, self._prefix)
        if cfg.keep_checkpoint_max and 0 < cfg.keep_checkpoint_max <= self._manager.ckpoint_num:
            self._manager.remove_oldest_ckpoint_file()
        elif cfg.keep_checkpoint_per_n_minutes and cfg.keep_checkpoint_per_n_minutes > 0:
            now = time.time()
            if now - self._last_time_for_keep < cfg.keep_checkpoint_per_n_minutes * 60:
                self._manager.keep_one_ckpoint_per_minutes(cfg.keep_checkpoint_per_n_minutes, now)
        cur_file = os.path.join(self._directory, name)
        self._last_time_for_keep = time.time()
        self._last_triggered_step = cb_params.cur_step_num
        if "epoch_num" in self._append_dict:
            self._append_dict["epoch_num"] = self._append_epoch_num + cb_params.cur_epoch_num
        if "step_num" in self._append_dict:
            self._append_dict["step_num"] = self._append_step_num + cb_params.cur_step_num
        network = cfg.saved_network if cfg.saved_network is not None else cb_params.train_network
        kwargs = {}
        if cfg.format != "ckpt":
            kwargs["format"] = cfg.format
        if cfg.crc_check:
            kwargs["crc_check"] = True
        save_checkpoint(network, cur_file, cfg.integrated_save, cfg.async_save, self._append_dict or None,
                        cfg.enc_key, cfg.enc_mode, **kwargs)
        self._latest_ckpt_file_name = cur_file

    @property
    def latest_ckpt_file_name(self):
        """The path of the last checkpoint written."""
        return self._latest_ckpt_file_name

    @property
    def _get_save_checkpoint_steps(self):
        return self._config.save_checkpoint_steps

    @property
    def _get_last_trigger_step(self):
        return self._last_triggered_step
