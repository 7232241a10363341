"""``mindspore.parallel._cost_model_context``: the settings of the auto-parallel cost model
(``set_cost_model_context`` / ``get_cost_model_context``, the multi-subgraph and single-loop flags,
the RP algorithm's matmul memory coefficient) that MindSpore keeps in one process-wide
``CostModelContext``. Stored and validated with MindSpore's defaults, ranges and exception classes;
mscompat's own strategy search (``_auto``) costs candidates in bytes moved and does not read them.
"""
import threading

import numpy as np

from mscompat._checkparam import args_type_check

__all__ = ["cost_model_context", "set_cost_model_context", "get_cost_model_context", "reset_cost_model_context"]


def _f32(value):
    """The value a C++ ``float`` field keeps."""
    return float(np.float32(value))


# name -> (default, kind, range check); kind "float" fields are C++ doubles, "int" ints
_FIELDS = {
    "device_memory_capacity": (float(2 ** 34), "positive"),
    "costmodel_alpha": (1.0, "positive"),
    "costmodel_beta": (400.0, "positive"),
    "costmodel_gamma": (_f32(0.001), "unit"),
    "costmodel_communi_threshold": (2048.0, "non-negative"),
    "costmodel_communi_const": (3072.0, "non-negative"),
    "costmodel_communi_bias": (1024.0, "non-negative"),
    "run_phase": (0, None),
    "costmodel_allreduce_fusion_algorithm": (0, None),
    "costmodel_allreduce_fusion_times": (0, None),
    "costmodel_allreduce_fusion_tail_percent": (0.1, None),
    "costmodel_allreduce_fusion_tail_time": (0.1, None),
    "costmodel_allreduce_fusion_allreduce_inherent_time": (0.1, None),
    "costmodel_allreduce_fusion_allreduce_bandwidth": (0.1, None),
    "costmodel_allreduce_fusion_computation_time_parameter": (0.1, None),
}
_FLAGS = {"multi_subgraphs": False, "dp_algo_single_loop": False, "rp_matmul_mem_coef": _f32(0.1)}


class _CostModelContext:
    """The one cost-model context of the process (``cost_model_context()``); constructing it again
    gives the same object."""

    _instance = None
    _lock = threading.Lock()

    def __new__(cls):
        with cls._lock:
            if cls._instance is None:
                cls._instance = object.__new__(cls)
                cls._instance._values = {}
                cls._instance.reset_cost_model()
        return cls._instance

    def reset_cost_model(self):
        """Every setting back to its default."""
        self._values.clear()
        self._values.update({k: v[0] for k, v in _FIELDS.items()})
        self._values.update(_FLAGS)

    def _set_checked(self, name, value):
        check = _FIELDS[name][1]
        if check == "positive" and value <= 0:
            raise RuntimeError(f"'{name}' must be positive.")
        if check == "non-negative" and value < 0:
            raise RuntimeError(f"'{name}' must be non-zero.")
        if check == "unit" and not 0 <= value <= 1:
            raise RuntimeError(f"'{name}' must in [0, 1].")
        self._values[name] = _f32(value) if name == "costmodel_gamma" else value

    def set_run_phase(self, phase):
        """0: training, 1: inference."""
        if not isinstance(phase, int) or isinstance(phase, bool):
            raise TypeError(f"For 'set_run_phase', the argument 'phase' must be int, but got {type(phase)}.")
        if phase not in (0, 1):
            raise ValueError(f"For 'set_run_phase', the argument 'phase' must be '0' or '1', but got {phase}")
        self._values["run_phase"] = phase

    def set_multi_subgraphs(self, multi_subgraph):
        """Marks the graph as holding several subgraphs (any value with a truth value, as the C++
        ``bool`` argument takes it; a string is refused)."""
        if isinstance(multi_subgraph, str):
            raise TypeError(f"set_multi_subgraphs(): incompatible function arguments: expected a bool, "
                            f"got {type(multi_subgraph).__name__}")
        self._values["multi_subgraphs"] = bool(multi_subgraph)

    def get_multi_subgraphs(self):
        return self._values["multi_subgraphs"]

    def set_dp_algo_single_loop(self, single_loop):
        if not isinstance(single_loop, bool):
            raise TypeError("For 'set_dp_algo_single_loop', the argument 'single_loop' must be bool, "
                            f"but got the type : {type(single_loop)}")
        self._values["dp_algo_single_loop"] = single_loop

    def get_dp_algo_single_loop(self):
        return self._values["dp_algo_single_loop"]

    def set_rp_matmul_mem_coef(self, coef):
        """The matmul memory coefficient of the RP algorithm (a positive number, kept as float32)."""
        if isinstance(coef, str) or not isinstance(coef, (int, float, np.number)):
            raise TypeError(f"set_rp_matmul_mem_coef(): incompatible function arguments: expected a float, "
                            f"got {type(coef).__name__}")
        if coef <= 0:
            raise RuntimeError("'coef' must be positive")
        self._values["rp_matmul_mem_coef"] = _f32(coef)

    def get_rp_matmul_mem_coef(self):
        return self._values["rp_matmul_mem_coef"]

    def __getattr__(self, attr):
        # set_<field> / get_<field> for the numeric fields of _FIELDS
        prefix, _, name = attr.partition("_")
        if name in _FIELDS and prefix in ("set", "get"):
            if prefix == "get":
                return lambda: self._values[name]
            return lambda value: self._set_checked(name, value)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{attr}'")


def cost_model_context():
    """The process's cost-model context."""
    return _CostModelContext()


@args_type_check(device_memory_capacity=float, costmodel_alpha=float, costmodel_beta=float, costmodel_gamma=float,
                 costmodel_communi_threshold=float, costmodel_communi_const=float, costmodel_communi_bias=float,
                 multi_subgraphs=bool, run_phase=int,
                 costmodel_allreduce_fusion_algorithm=int, costmodel_allreduce_fusion_times=int,
                 costmodel_allreduce_fusion_tail_percent=float, costmodel_allreduce_fusion_tail_time=float,
                 costmodel_allreduce_fusion_allreduce_inherent_time=float,
                 costmodel_allreduce_fusion_allreduce_bandwidth=float,
                 costmodel_allreduce_fusion_computation_time_parameter=float)
def set_cost_model_context(**kwargs):
    """Set cost-model settings by name (ValueError for a name it does not know)."""
    ctx = cost_model_context()
    for key, value in kwargs.items():
        if key not in _FIELDS:
            raise ValueError(f"Set context keyword {key} is not recognized!")
        if key == "run_phase":
            ctx.set_run_phase(value)
        else:
            ctx._set_checked(key, value)


def get_cost_model_context(attr_key):
    """One cost-model setting by name (ValueError for a name it does not know)."""
    if attr_key not in _FIELDS:
        raise ValueError(f"Get context keyword {attr_key} is not recognized!")
    return cost_model_context()._values[attr_key]


def reset_cost_model_context():
    """Every cost-model setting back to its default."""
    cost_model_context().reset_cost_model()


def _set_multi_subgraphs(multi_subgraph=True):
    cost_model_context().set_multi_subgraphs(multi_subgraph)


def _get_multi_subgraphs():
    return cost_model_context().get_multi_subgraphs()


def _set_algo_single_loop(single_loop=True):
    cost_model_context().set_dp_algo_single_loop(single_loop)


def _get_algo_single_loop():
    return cost_model_context().get_dp_algo_single_loop()


def _set_rp_matmul_mem_coef(coef):
    cost_model_context().set_rp_matmul_mem_coef(coef)


def _get_rp_matmul_mem_coef():
    return cost_model_context().get_rp_matmul_mem_coef()
