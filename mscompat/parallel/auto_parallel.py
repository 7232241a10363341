"""``mindspore.parallel.auto_parallel.AutoParallel``: a Cell that runs a network under the
(semi-)automatic parallel settings it carries, instead of the process-wide
``set_auto_parallel_context``. Its configuration methods check their arguments as MindSpore's
do; calling it applies the settings (parallel mode, search mode, dataset strategy, optimizer
sharding, pipeline stages, gradient mean) to the auto-parallel context for the call and restores
the previous ones afterwards, so the network is sharded over the ``jax.sharding`` mesh of
``mscompat.parallel``."""
import os

from mscompat import context
from mscompat.communication.management import get_rank, get_group_size
from mscompat.nn.cell import Cell
from ._layout import Layout

__all__ = ["AutoParallel"]

_MODES = {"semi_auto": ("semi_auto_parallel", None), "sharding_propagation": ("auto_parallel", "sharding_propagation"),
          "recursive_programming": ("auto_parallel", "recursive_programming")}
_SCHEDULERS = ("1f1b", "gpipe", "seqpipe", "seqvpp", "seqsmartvpp", "zero_bubble_v")


def _check_str(file_path):
    if not isinstance(file_path, str):
        raise TypeError(f"the argument 'file_path' must be str, but got the type : {type(file_path)} .")


def _check_json_path(file_path):
    _check_str(file_path)
    if not os.path.isabs(file_path):
        raise KeyError("the argument 'file_path' must be an absolute path.")
    if os.path.splitext(file_path)[1] != ".json":
        raise KeyError("File type must be .json")


class AutoParallel(Cell):
    def __init__(self, network, parallel_mode="semi_auto"):
        super().__init__(auto_prefix=False)
        self.network = network
        if parallel_mode not in _MODES:
            raise ValueError(f"the argument 'parallel_mode' must be one of ['semi_auto', 'sharding_propagation', "
                             f"'recursive_programming'], but got the value : {parallel_mode} .")
        self._parallel_mode = parallel_mode
        self._global_rank = get_rank()
        self._device_num = get_group_size()
        self._init_param_in_compile = True
        self._load_strategy_file_path = ""
        self._save_strategy_file_path = ""
        self._only_trainable_params = True
        self._load_operator_strategy_file = ""
        self._save_operator_strategy_file = ""
        self._dataset_strategy_config = "data_parallel"
        self._full_batch = False
        self._enable_parallel_optimizer = False
        self._optimizer_weight_shard_size = -1
        self._parallel_optimizer_threshold = 64
        self._optimizer_level = "level1"
        self._gradient_accumulation_shard = False
        self._pipeline_stages = 1
        self._pipeline_result_broadcast = False
        self._pipeline_interleave = False
        self._pipeline_scheduler = "1f1b"
        self._comm_fusion_config = {}
        self._force_fp32_communication = False
        self._enable_alltoall = True
        self._parameter_broadcast = False
        self._group_ckpt_save_file = ""
        self._dump_local_norm = False
        self._dump_local_norm_path = ""
        self._dump_device_local_norm = False
        self._gradients_mean = False
        self._gradient_fp32_sync = True
        self._loss_repeated_mean = True
        self._memory_offload_config = {}
        self._transformer_opt_config = None

    # --- configuration ---------------------------------------------------------------------
    def no_init_parameters_in_compile(self):
        self._init_param_in_compile = False

    def load_param_strategy_file(self, file_path):
        _check_str(file_path)
        self._load_strategy_file_path = file_path

    def save_param_strategy_file(self, file_path):
        _check_str(file_path)
        self._save_strategy_file_path = file_path

    def disable_strategy_file_only_for_trainable_params(self):
        self._only_trainable_params = False

    def save_operator_strategy_file(self, file_path):
        _check_json_path(file_path)
        self._save_operator_strategy_file = file_path

    def load_operator_strategy_file(self, file_path):
        _check_json_path(file_path)
        self._load_operator_strategy_file = file_path

    def dataset_strategy(self, config):
        if config is None:
            raise ValueError("dataset_strategy is none in config!")
        if isinstance(config, str):
            if config not in ("full_batch", "data_parallel"):
                raise ValueError(f"For 'AutoParallel.dataset_strategy', the argument 'config' must be 'full_batch' or "
                                 f"'data_parallel', but got the value : {config}.")
            self._full_batch = config == "full_batch"
            self._dataset_strategy_config = config
            return
        if not isinstance(config, tuple):
            raise TypeError(f"For 'AutoParallel.dataset_strategy', the argument 'config' must be str or tuple type, "
                            f"but got the type : {type(config)}.")
        for ele in config:
            if isinstance(ele, tuple):
                for dim in ele:
                    if not isinstance(dim, int):
                        raise TypeError(f"For 'AutoParallel.dataset_strategy', the element of argument 'config' must "
                                        f"be int type, but got the type : {type(dim)} .")
            elif not isinstance(ele, Layout):
                raise TypeError(f"For 'AutoParallel.dataset_strategy', the element of argument 'config' must be "
                                f"tuple or Layout, but got the type : {type(ele)} .")
        self._dataset_strategy_config = config

    def hsdp(self, shard_size=-1, threshold=64, optimizer_level="level1"):
        self._enable_parallel_optimizer = True
        if not isinstance(shard_size, int) or (shard_size <= 0 and shard_size != -1):
            raise ValueError(f"shard_size must be a positive integer or -1, but got {shard_size}.")
        self._optimizer_weight_shard_size = shard_size
        if not isinstance(threshold, int) or threshold < 0:
            raise ValueError(f"threshold must be a positive integer or 0, but got {threshold}.")
        self._parallel_optimizer_threshold = threshold
        if optimizer_level not in ("level1", "level2", "level3"):
            raise ValueError(f"Optimizer level should in ['level1', 'level2', 'level3'], but got {optimizer_level}")
        self._optimizer_level = optimizer_level

    def pipeline(self, stages=1, output_broadcast=False, interleave=False, scheduler="1f1b"):
        who = "For 'AutoParallel.pipeline', the argument"
        if not isinstance(stages, int):
            raise TypeError(f"{who} 'stages' must be int type, but got the type : {type(stages)}.")
        if stages <= 0:
            raise ValueError(f"{who} 'stages' must be larger than zero, but got value: {stages}.")
        for name, value in (("output_broadcast", output_broadcast), ("interleave", interleave)):
            if not isinstance(value, bool):
                raise TypeError(f"{who} '{name}' must be bool type, but got the type : {type(value)}.")
        if not isinstance(scheduler, str):
            raise TypeError(f"{who} 'scheduler' must be str type, but got the type : {type(scheduler)}.")
        if scheduler not in _SCHEDULERS:
            raise ValueError(f"{who} 'scheduler' must be '1f1b'/'gpipe'/'seqpipe'/'seqvpp'/'seqsmartvpp'/"
                             f"'zero_bubble_v' , but got the value : {scheduler}.")
        self._pipeline_stages, self._pipeline_result_broadcast = stages, output_broadcast
        self._pipeline_interleave, self._pipeline_scheduler = interleave, scheduler

    def comm_fusion(self, config):
        if config is not None and not isinstance(config, dict):
            raise TypeError(f"The parameter '{config}' must be {dict}, but got {type(config)}.")
        self._comm_fusion_config = config

    def enable_fp32_communication(self):
        self._force_fp32_communication = True

    def set_group_ckpt_save_file(self, file_path):
        _check_str(file_path)
        self._group_ckpt_save_file = file_path

    def print_local_norm(self):
        self._dump_local_norm = True

    def dump_local_norm(self, file_path):
        _check_str(file_path)
        self._dump_local_norm = True
        self._dump_local_norm_path = file_path

    def enable_device_local_norm(self):
        self._dump_device_local_norm = True

    def enable_gradients_mean(self):
        self._gradients_mean = True

    def disable_gradient_fp32_sync(self):
        self._gradient_fp32_sync = False

    def disable_loss_repeated_mean(self):
        self._loss_repeated_mean = False

    def get_pipeline_stages(self):
        return self._pipeline_stages

    def transformer_opt(self, file_path):
        self._transformer_opt_config = file_path

    # --- running ---------------------------------------------------------------------------
    def _settings(self):
        mode, search = _MODES[self._parallel_mode]
        settings = {"parallel_mode": mode, "full_batch": self._full_batch,
                    "enable_parallel_optimizer": self._enable_parallel_optimizer,
                    "pipeline_stages": self._pipeline_stages, "gradients_mean": self._gradients_mean,
                    "gradient_fp32_sync": self._gradient_fp32_sync, "loss_repeated_mean": self._loss_repeated_mean}
        if search is not None:
            settings["search_mode"] = search
        if isinstance(self._dataset_strategy_config, tuple):
            settings["dataset_strategy"] = self._dataset_strategy_config
        return settings

    def __call__(self, *args, **kwargs):
        # the settings must be in force while the call compiles and runs (not inside construct)
        settings = self._settings()
        previous = {k: context.get_auto_parallel_context(k) for k in settings}
        context.set_auto_parallel_context(**settings)
        try:
            return super().__call__(*args, **kwargs)
        finally:
            context.set_auto_parallel_context(**previous)

    def construct(self, *args, **kwargs):
        return self.network(*args, **kwargs)
