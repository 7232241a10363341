"""``mindspore.context``: execution-mode and device settings.

``set_context`` validates and stores MindSpore's context keys; the compiled-execution
machinery that reads ``mode`` is in ``mscompat._graph``. As in MindSpore 2.10 the default mode is
PYNATIVE_MODE; ``set_context(mode=GRAPH_MODE)`` compiles the outermost Cell call.
"""
from .backends import device_target, precision
from .log import _get_logger
from mscompat.parallel import _mesh
from .common import _compile_cache
__all__ = ["set_context", "get_context", "GRAPH_MODE", "PYNATIVE_MODE", "STRICT", "COMPATIBLE", "LAX", "ParallelMode",
           "set_auto_parallel_context", "get_auto_parallel_context", "reset_auto_parallel_context"]

GRAPH_MODE = 0
PYNATIVE_MODE = 1
STRICT = 0        # jit_syntax_level: a compiled cell may not read Tensor values (no JIT Fallback)
COMPATIBLE = 1
LAX = 2           # the default: JIT Fallback allowed

_DEVICE_TARGETS = ("CPU", "GPU", "Ascend", "TPU")
_context = {"mode": PYNATIVE_MODE, "device_target": "CPU", "device_id": 0, "save_graphs": False,
            "save_graphs_path": ".", "max_call_depth": 1000, "jit_level": "O0",
            "enable_graph_kernel": False, "max_device_memory": 1024.0, "ascend_config": {}, "runtime_num_threads": 30,
            "pynative_synchronize": False, "deterministic": "OFF", "jit_config": {},
            "memory_optimize_level": "O0", "print_file_path": "", "env_config_path": "", "jit_syntax_level": LAX,
            "compile_cache_path": ""}


# the keys MindSpore 2.10's set_context / get_context recognize (its context setters, its
# context attributes and the public members of its C++ context parameter enum)
_KNOWN_KEYS = frozenset((
    "aoe_config", "aoe_job_type", "aoe_tune_mode", "ascend_config", "atomic_clean_policy", "bias_add_comm_swap",
    "check_bprop", "compile_cache_path", "compute_communicate_fusion_level", "conv_allow_hf32", "conv_allow_tf32",
    "conv_dgrad_algo", "conv_fprop_algo", "conv_wgrad_algo", "cur_step_num", "dataset_broadcast_opt_level",
    "debug_level", "deterministic", "device_id", "device_target", "disable_format_transform",
    "enable_allreduce_slice_to_reducescatter", "enable_begin_end_inline_opt", "enable_compile_cache",
    "enable_concat_eliminate_opt", "enable_debug_runtime", "enable_flash_attention_load_balance",
    "enable_fused_cast_add_opt", "enable_ge", "enable_grad_comm_opt", "enable_graph_kernel",
    "enable_interleave_parallel_branch", "enable_interleave_split_concat_branch",
    "enable_offloading_packed_experts", "enable_opt_shard_comm_opt", "enable_parallel_split", "enable_profiling",
    "enable_reduce_precision", "enable_task_opt", "env_config_path", "exec_order", "ge_options", "gpu_config",
    "graph_kernel_flags", "hccl_watchdog", "host_scheduling_max_threshold", "infer_boost", "inter_op_parallel_num",
    "interleaved_layernorm_comm", "interleaved_matmul_comm", "jit_compile", "jit_config", "jit_level",
    "jit_syntax_level", "last_triggered_step", "matmul_allow_hf32", "matmul_allow_tf32",
    "matmul_grad_comm_overlap", "max_call_depth", "max_device_memory", "memory_optimize_level",
    "mempool_block_size", "mode", "need_ckpt", "op_debug_option", "op_precision_mode", "op_timeout",
    "pp_1f1b_overlap", "precision_mode", "print_file_path", "profiling_options", "pynative_synchronize",
    "recompute_allgather_overlap_fagrad", "recompute_comm_overlap", "reserve_class_name_in_scope",
    "runtime_num_threads", "save_checkpoint_steps", "save_graphs", "save_graphs_path", "topo_order",
    "variable_memory_max_size"))
# keys MindSpore takes only inside ascend_config
_ASCEND_CONFIG_KEYS = ("precision_mode", "jit_compile", "atomic_clean_policy", "matmul_allow_hf32", "conv_allow_hf32",
                       "op_precision_mode", "host_scheduling_max_threshold", "ge_options", "op_debug_option")


def _check_key(key, where):
    if key in _ASCEND_CONFIG_KEYS and where == "set_context":
        raise ValueError(f"Please set '{key}' through parameter ascend_config")
    if key not in _KNOWN_KEYS:
        what = "keyword argument" if where == "set_context" else "argument"
        raise ValueError(f"For 'context.{where}', the {what} {key} is not recognized! For detailed usage of "
                         f"'{where}', please refer to the Mindspore official website.")


def set_context(**kwargs):
    """Set context keys (``mode``, ``device_target``, ``device_id``, ...); ValueError for a key
    MindSpore does not know (nothing is set then)."""
    for key in kwargs:
        _check_key(key, "set_context")
    if "device_target" in kwargs:   # the target first, as MindSpore sets it
        kwargs = {"device_target": kwargs.pop("device_target"), **kwargs}
    for key, value in kwargs.items():
        if key == "mode":
            if value not in (GRAPH_MODE, PYNATIVE_MODE) or isinstance(value, bool):
                raise ValueError(f"For 'context.set_context', the argument 'mode' should be context.GRAPH_MODE (0) "
                                 f"or context.PYNATIVE_MODE (1), but got {value}.")
        elif key in _DEVICE_KEYS:
            value = _device_key(key, value)
        elif key == "gpu_config":
            if not _gpu_config(value):
                continue
        elif key == "jit_syntax_level":
            if not isinstance(value, int):
                raise TypeError(f"The parameter 'jit_syntax_level' must be {int}, but got {type(value)}")
            if value not in (STRICT, COMPATIBLE, LAX):
                raise ValueError(f"For 'jit_syntax_level', the value should be context.STRICT or context.LAX, "
                                 f"but got {value}.")
        elif key in _CACHE_KEYS:
            _check_cache_key(key, value)
        _context[key] = value
    if any(key in kwargs for key in _CACHE_KEYS):
        _compile_cache.configure(_context.get("enable_compile_cache"), _context.get("compile_cache_path"))


# the persistent compilation cache (mscompat.common._compile_cache): on by default, unlike MindSpore
_CACHE_KEYS = ("enable_compile_cache", "compile_cache_path")


def _check_cache_key(key, value):
    if key == "enable_compile_cache" and not isinstance(value, bool):
        raise TypeError(f"The parameter 'enable_compile_cache' must be {bool}, but got {type(value)}")
    if key == "compile_cache_path" and not isinstance(value, str):
        raise RuntimeError(f"For 'context.set_context', the argument 'compile_cache_path' must be a str, "
                           f"but got {type(value)}.")


# device keys: validated and applied by the backends (mscompat.backends)
_DEVICE_KEYS = ("device_target", "device_id", "max_device_memory", "ascend_config")


def _device_key(key, value):
    from .backends import _device_manager as dm  # cycle: backends read the context
    if key in ("ascend_config", "max_device_memory"):
        return getattr(dm, "context_" + key)(value, _context.get(key))
    return getattr(dm, "context_" + key)(value)


def _gpu_config(cfg):
    """``set_context(gpu_config=...)``: ignored with MindSpore's warning unless the target is a GPU."""
    target = device_target()
    if target != "GPU":
        _get_logger().warning(f"For 'context.set_context', when set the argument 'gpu_config', the argument "
                              f"'device_target' only supports devices in '['GPU']', but got '{target}', ignore it.")
        return False
    precision.apply_gpu_config(cfg)
    return True


def get_context(attr_key):
    """Value of a context key (None for a key MindSpore knows that was never set); ValueError
    for a key MindSpore does not know."""
    if attr_key not in _context:
        _check_key(attr_key, "get_context")
        return None
    if attr_key == "device_target":
        return device_target()
    return _context[attr_key]


class ParallelMode:
    """Parallel mode names of ``set_auto_parallel_context(parallel_mode=...)``."""

    STAND_ALONE = "stand_alone"
    DATA_PARALLEL = "data_parallel"
    HYBRID_PARALLEL = "hybrid_parallel"
    SEMI_AUTO_PARALLEL = "semi_auto_parallel"
    AUTO_PARALLEL = "auto_parallel"
    MODE_LIST = [STAND_ALONE, DATA_PARALLEL, HYBRID_PARALLEL, SEMI_AUTO_PARALLEL, AUTO_PARALLEL]


_AUTO_PARALLEL_DEFAULTS = {"device_num": 1, "global_rank": 0, "gradients_mean": False,
                           "gradient_fp32_sync": True, "parallel_mode": ParallelMode.STAND_ALONE,
                           "search_mode": "recursive_programming", "full_batch": False,
                           "enable_parallel_optimizer": False, "pipeline_stages": 1,
                           "strategy_ckpt_load_file": "", "strategy_ckpt_save_file": "",
                           "dataset_strategy": "data_parallel", "auto_parallel_search_mode": "",
                           "all_reduce_fusion_config": [], "grad_accumulation_step": 1,
                           "parallel_optimizer_config": {}, "comm_fusion": {}, "loss_repeated_mean": True,
                           "parameter_broadcast": False, "enable_alltoall": False, "pipeline_config": {},
                           "strategy_ckpt_config": {}, "group_ckpt_save_file": "", "sharding_propagation": False,
                           "pipeline_result_broadcast": False, "pipeline_segments": 1, "auto_pipeline": False,
                           "force_fp32_communication": False, "dump_local_norm": False,
                           "dump_local_norm_path": "", "dump_device_local_norm": False}
_auto_parallel = dict(_AUTO_PARALLEL_DEFAULTS)
_BOOL_KEYS = ("gradients_mean", "gradient_fp32_sync", "full_batch", "enable_parallel_optimizer",
              "loss_repeated_mean", "parameter_broadcast", "enable_alltoall", "sharding_propagation",
              "pipeline_result_broadcast", "auto_pipeline", "force_fp32_communication", "dump_local_norm",
              "dump_device_local_norm")
_SEARCH_MODES = ("recursive_programming", "dynamic_programming", "sharding_propagation")


# the keys get_auto_parallel_context reads but set_auto_parallel_context does not take: parts of a
# dict setting (pipeline_config, parallel_optimizer_config), or fixed in a stand-alone process
_AUTO_PARALLEL_READ_ONLY = {
    "pipeline_scheduler": lambda s: s["pipeline_config"].get("pipeline_scheduler", "1f1b"),
    "pipeline_interleave": lambda s: s["pipeline_config"].get("pipeline_interleave", False),
    "optimizer_weight_shard_size": lambda s: s["parallel_optimizer_config"].get("optimizer_weight_shard_size", -1),
    "optimizer_weight_shard_aggregated_save": lambda s: False,
    "communi_parallel_mode": lambda s: "all_group_parallel",
    "init_param_in_compile": lambda s: True,
    "auto_parallel_new_interface": lambda s: False,
    "full_batch_is_set": lambda s: s.get("full_batch_is_set", False),
}


def _check_auto_parallel(key, value):
    if key not in _AUTO_PARALLEL_DEFAULTS:
        raise ValueError("Set context keyword %s is not recognized!" % key)
    if key in _BOOL_KEYS and not isinstance(value, bool):
        raise TypeError(f"The parameter '{key}' must be {bool}, but got {type(value)}")
    if key == "parallel_mode" and value not in ParallelMode.MODE_LIST:
        raise ValueError("The context configuration parameter 'parallel_mode' only support 'stand_alone', "
                         "'data_parallel', 'hybrid_parallel', 'semi_auto_parallel' and 'auto_parallel', but got "
                         f"the value : {value}.")
    if key == "device_num":
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"The parameter 'device_num' must be {int}, but got {type(value)}")
        if not 1 <= value <= 4096:
            raise ValueError("The context configuration parameter 'device_num' must be a positive integer, but got "
                             f"the value of device_num : {value}.")
    if key in ("search_mode", "auto_parallel_search_mode") and value not in _SEARCH_MODES:
        raise ValueError("The context configuration parameter 'auto_parallel_search_mode' only support "
                         "'recursive_programming', 'dynamic_programming' and 'sharding_propagation', but got the "
                         f"value: {value}.")
    if key in ("pipeline_stages", "grad_accumulation_step"):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"The parameter '{key}' must be {int}, but got {type(value)}")
        if value < 1:
            what = "stages" if key == "pipeline_stages" else key
            raise ValueError(f"For 'set_auto_parallel_context', the argument '{key}' should be greater or equal 1, "
                             f"but got the value of {what} : {value}.")
    if key == "dataset_strategy":
        if isinstance(value, str):
            if value not in ("full_batch", "data_parallel"):
                raise ValueError("For 'set_auto_parallel_context', the argument 'dataset_strategy' must be "
                                 f"'full_batch' or 'data_parallel', but got the value : {value}.")
        elif not isinstance(value, tuple):
            raise TypeError("For 'set_auto_parallel_context', the argument 'dataset_strategy' must be str or tuple "
                            f"type, but got the type : {type(value)}.")


def set_auto_parallel_context(**kwargs):
    """Set auto-parallel settings; a mode other than ``stand_alone`` makes compiled calls run on a
    ``jax.sharding`` mesh over ``device_num`` devices (all of ``jax.devices()`` when not set), see
    ``mscompat.parallel``."""
    for key, value in kwargs.items():
        _check_auto_parallel(key, value)
    for key, value in kwargs.items():
        if key == "auto_parallel_search_mode":
            key = "search_mode"
        if key == "device_num":
            _auto_parallel["device_num_set"] = value
        if key == "full_batch":
            _auto_parallel["full_batch_is_set"] = True
        if key == "dataset_strategy" and value == "full_batch":
            _auto_parallel["full_batch"] = True
        _auto_parallel[key] = value
    _mesh.configure(_auto_parallel)


def get_auto_parallel_context(attr_key):
    """Value of an auto-parallel setting (``device_num``: the devices in use when not set)."""
    if attr_key == "auto_parallel_search_mode":
        attr_key = "search_mode"
    if attr_key in _AUTO_PARALLEL_READ_ONLY:
        return _AUTO_PARALLEL_READ_ONLY[attr_key](_auto_parallel)
    if attr_key not in _AUTO_PARALLEL_DEFAULTS:
        raise ValueError("Get context keyword %s is not recognized!" % attr_key)
    if attr_key == "device_num" and not _auto_parallel.get("device_num_set"):
        if _mesh.active() is not None:
            return _mesh.device_count()
    return _auto_parallel[attr_key]


def reset_auto_parallel_context():
    """Back to STAND_ALONE and the default settings."""
    _auto_parallel.clear()
    _auto_parallel.update(_AUTO_PARALLEL_DEFAULTS)
    _mesh.configure(_auto_parallel)


_compile_cache.configure()
