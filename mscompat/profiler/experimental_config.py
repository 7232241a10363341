"""``mindspore.profiler._ExperimentalConfig``: the extra settings of ``profile``."""
import logging

from ._constant import ProfilerLevel, AicoreMetrics, ExportType
from ._params import _check_kwargs

__all__ = ["_ExperimentalConfig"]

logger = logging.getLogger("mscompat")


class _ExperimentalConfig:
    """Holds MindSpore's experimental profiler settings (``profiler_level``, ``aic_metrics``,
    ``l2_cache``, ``mstx``, ``data_simplification``, ``export_type``, ``mstx_domain_include``,
    ``mstx_domain_exclude``, ``sys_io``, ``sys_interconnection``, ``host_sys``). They are checked
    (bad values reset with a warning) and recorded with the run; on JAX they change nothing."""

    def __init__(self, profiler_level=ProfilerLevel.Level0, aic_metrics=AicoreMetrics.AiCoreNone, l2_cache=False,
                 mstx=False, data_simplification=True, export_type=None, mstx_domain_include=None,
                 mstx_domain_exclude=None, sys_io=False, sys_interconnection=False, host_sys=None):
        self._profiler_level = profiler_level
        self._aic_metrics = aic_metrics
        self._l2_cache = l2_cache
        self._mstx = mstx
        self._data_simplification = data_simplification
        self._export_type = export_type if export_type is not None else [ExportType.Text]
        self._mstx_domain_include = mstx_domain_include if mstx_domain_include is not None else []
        self._mstx_domain_exclude = mstx_domain_exclude if mstx_domain_exclude is not None else []
        self._sys_io = sys_io
        self._sys_interconnection = sys_interconnection
        self._host_sys = host_sys if host_sys is not None else []
        checked = _check_kwargs({k: getattr(self, "_" + k) for k in _FIELDS})
        for k in _FIELDS:
            setattr(self, "_" + k, checked[k])

    def __getattr__(self, name):
        if name in _FIELDS:
            return self.__dict__["_" + name]
        raise AttributeError(f"'{type(self).__name__}' has no attribute '{name}'")


_FIELDS = ("profiler_level", "aic_metrics", "l2_cache", "mstx", "data_simplification", "export_type",
           "mstx_domain_include", "mstx_domain_exclude", "sys_io", "sys_interconnection", "host_sys")
