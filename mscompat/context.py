"""``mindspore.context``: execution-mode and device settings.

``set_context`` validates and stores MindSpore's context keys; the compiled-execution
machinery that reads ``mode`` is in ``mscompat._graph`` (GRAPH_MODE is MindSpore's default).
"""
__all__ = ["set_context", "get_context", "GRAPH_MODE", "PYNATIVE_MODE", "ParallelMode",
           "set_auto_parallel_context", "get_auto_parallel_context", "reset_auto_parallel_context"]

GRAPH_MODE = 0
PYNATIVE_MODE = 1

_DEVICE_TARGETS = ("CPU", "GPU", "Ascend", "TPU")
_context = {"mode": GRAPH_MODE, "device_target": "CPU", "device_id": 0, "save_graphs": False,
            "save_graphs_path": ".", "max_call_depth": 1000, "jit_level": "O0",
            "enable_graph_kernel": False, "max_device_memory": "1024GB", "runtime_num_threads": 30,
            "pynative_synchronize": False, "deterministic": "OFF", "jit_config": {},
            "memory_optimize_level": "O0", "print_file_path": "", "env_config_path": ""}


def set_context(**kwargs):
    """Set context keys (``mode``, ``device_target``, ``device_id``, ...)."""
    for key, value in kwargs.items():
        if key == "mode":
            if value not in (GRAPH_MODE, PYNATIVE_MODE) or isinstance(value, bool):
                raise ValueError(f"For 'context.set_context', the argument 'mode' should be context.GRAPH_MODE (0) "
                                 f"or context.PYNATIVE_MODE (1), but got {value}.")
        elif key == "device_target":
            if value not in _DEVICE_TARGETS:
                raise ValueError(f"For 'context.set_context', the argument 'device_target' must be one of "
                                 f"{list(_DEVICE_TARGETS[:3])}, but got {value}.")
        elif key == "device_id":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 4096:
                raise ValueError(f"For 'context.set_context', the argument 'device_id' must be in range "
                                 f"[0, 4095], but got {value}.")
        _context[key] = value


def get_context(attr_key):
    """Value of a context key; ValueError for unknown keys."""
    if attr_key not in _context:
        raise ValueError(f"For 'context.get_context', the argument '{attr_key}' is not a valid context key.")
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
                           "parallel_optimizer_config": {}, "comm_fusion": {}}
_auto_parallel = dict(_AUTO_PARALLEL_DEFAULTS)


def set_auto_parallel_context(**kwargs):
    """Store auto-parallel settings (read by ``mscompat.parallel`` when it builds the mesh)."""
    for key, value in kwargs.items():
        if key == "parallel_mode" and value not in ParallelMode.MODE_LIST:
            raise ValueError(f"For 'set_auto_parallel_context', the argument 'parallel_mode' must be one of "
                             f"{ParallelMode.MODE_LIST}, but got {value}.")
        if key == "device_num" and (isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 4096):
            raise ValueError(f"For 'set_auto_parallel_context', the argument 'device_num' must be in range "
                             f"[1, 4096], but got {value}.")
        _auto_parallel[key] = value


def get_auto_parallel_context(attr_key):
    if attr_key not in _auto_parallel:
        raise ValueError(f"For 'get_auto_parallel_context', the argument '{attr_key}' is not a valid key.")
    return _auto_parallel[attr_key]


def reset_auto_parallel_context():
    _auto_parallel.clear()
    _auto_parallel.update(_AUTO_PARALLEL_DEFAULTS)
