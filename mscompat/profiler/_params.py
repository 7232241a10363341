"""The profiler's parameters: MindSpore's types and defaults of each ``Profiler``/``profile`` argument
and its checks (a value of the wrong type falls back to the default, with a warning), shared by
``profiler.py`` and ``experimental_config.py``."""
import logging

from ._constant import ProfilerLevel, ProfilerActivity, AicoreMetrics, ExportType, HostSystem

logger = logging.getLogger("mscompat")

_PARAMS = {
    "output_path": (str, "./data"),
    "profiler_level": (ProfilerLevel, ProfilerLevel.Level0),
    "activities": (list, [ProfilerActivity.CPU, ProfilerActivity.NPU]),
    "aic_metrics": (AicoreMetrics, AicoreMetrics.AiCoreNone),
    "with_stack": (bool, False),
    "profile_memory": (bool, False),
    "data_process": (bool, False),
    "parallel_strategy": (bool, False),
    "start_profile": (bool, True),
    "l2_cache": (bool, False),
    "hbm_ddr": (bool, False),
    "pcie": (bool, False),
    "sys_io": (bool, False),
    "sys_interconnection": (bool, False),
    "host_sys": (list, []),
    "sync_enable": (bool, True),
    "data_simplification": (bool, True),
    "record_shapes": (bool, False),
    "export_type": (list, [ExportType.Text]),
    "mstx": (bool, False),
    "mstx_domain_include": (list, []),
    "mstx_domain_exclude": (list, []),
}
_ITEM_TYPES = {"activities": ProfilerActivity, "export_type": ExportType, "host_sys": HostSystem,
               "mstx_domain_include": str, "mstx_domain_exclude": str}


def _check_kwargs(kwargs):
    """MindSpore's checks: a value of the wrong type is replaced by the default, with a warning."""
    out = {}
    for key, value in kwargs.items():
        if key not in _PARAMS:
            out[key] = value
            continue
        expected, default = _PARAMS[key]
        if value is None:
            out[key] = list(default) if isinstance(default, list) else default
        elif expected is list:
            item = _ITEM_TYPES[key]
            if not isinstance(value, list) or not all(isinstance(v, item) for v in value) \
                    or (item is str and not all(value)):
                logger.warning("For Profiler, %s value is Invalid, reset to %s.", key, default)
                out[key] = list(default)
            else:
                out[key] = list(dict.fromkeys(value))
        elif not isinstance(value, expected) or (expected is not bool and isinstance(value, bool)):
            logger.warning("For Profiler, the type of %s should be %s, but got %s, reset to %s.", key, expected,
                           type(value), default)
            out[key] = default
        else:
            out[key] = value
    return out
