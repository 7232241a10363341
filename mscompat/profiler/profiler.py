"""``mindspore.Profiler`` / ``mindspore.profiler.profile`` on ``jax.profiler``.

Recording is ``jax.profiler.start_trace``/``stop_trace`` into a run directory
``<output_path>/<host>_<pid>_<timestamp>_ascend_ms`` (MindSpore's naming); the trace lies in its
``plugins/profile/<time>/`` folder, so ``tensorboard --logdir <run dir>`` (profile plugin) or
Perfetto/XProf read it. Each recorded step is wrapped in a ``ProfilerStep#N`` trace annotation.
``analyse()`` builds per-op time tables from the trace (see ``_analysis.py`` for the csv files and
their columns); ``op_analyse(op_name)`` returns the ops of one HLO type (``"convolution"``,
``"dot"``, ``"fusion"``...) or instruction name as a JSON string, like MindSpore's.

As in MindSpore, bad constructor values are reset to their defaults with a warning, and the
methods log errors instead of raising. Ascend-only settings (``profiler_level``, ``aic_metrics``,
``l2_cache``, ``hbm_ddr``, ``pcie``, ``data_process``, ``parallel_strategy``, ``sync_enable``,
``host_sys``, ``mstx``...) are checked and recorded in ``profiler_info.json``; they change
nothing here. ``with_stack=True`` turns on JAX's Python tracer; ``profile_memory=True`` also saves
the device memory profile (``memory.prof``, pprof format) when a recording stops.
"""
import json
import logging
import os
import socket
import time
from typing import Any, Callable, Optional
import shutil

import jax

from ._params import _PARAMS, _check_kwargs
from .experimental_config import _ExperimentalConfig, _FIELDS
from .schedule import ProfilerAction, Schedule, _default_schedule_fn
from . import _analysis
from .mstx import Mstx

__all__ = ["Profiler", "Profile", "tensorboard_trace_handler"]

logger = logging.getLogger("mscompat")

_ACTIVE = []        # the profiler whose jax trace is running (jax allows one at a time)


def tensorboard_trace_handler(dir_name: str = None, worker_name: str = None, analyse_flag: bool = True,
                              async_mode: bool = False):
    """An ``on_trace_ready`` handler: the runs are written under ``dir_name`` (default ``./data``)
    named after ``worker_name`` (default ``<host>_<pid>``), and analysed when ``analyse_flag``."""
    if dir_name is not None and not isinstance(dir_name, str):
        logger.warning("dir_name is not str, set by default.")
        dir_name = None
    if worker_name is not None and not isinstance(worker_name, str):
        logger.warning("worker_name is not str, set by default.")
        worker_name = None
    if not isinstance(analyse_flag, bool):
        logger.warning("analyse_flag is not bool, set by default.")
        analyse_flag = True
    if not isinstance(async_mode, bool):
        logger.warning("async_mode is not bool, set by default.")
        async_mode = False

    def handler_fn(prof_inst) -> None:
        if analyse_flag:
            prof_inst.analyse()

    handler_fn._dir_name = os.path.realpath(dir_name or "./data")
    handler_fn._worker_name = worker_name
    return handler_fn


class _TraceReady:
    """What ``on_trace_ready`` receives: the run just saved, with ``analyse()``."""

    def __init__(self, run_dir):
        self.path = run_dir

    def analyse(self, pretty=False, step_list=None, mode="sync", **_):
        _analysis.write_tables(self.path, step_list)


class _ProfilerBase:
    """The recording machinery shared by :class:`Profiler` and :class:`Profile`."""

    _cls_label = "profiler"

    def _setup(self, params, schedule, on_trace_ready, experimental_config=None):
        if experimental_config is not None:
            if isinstance(experimental_config, _ExperimentalConfig):
                for k in _FIELDS:
                    params[k] = getattr(experimental_config, k)
            else:
                logger.warning("For Profiler, experimental_config value must be the _ExperimentalConfig, "
                               "reset to default.")
        self._params = _check_kwargs(params)
        for key, (_, default) in _PARAMS.items():
            self._params.setdefault(key, list(default) if isinstance(default, list) else default)
        if on_trace_ready is not None and not callable(on_trace_ready):
            logger.warning("For Profiler, on_trace_ready value is Invalid, reset to None.")
            on_trace_ready = None
        self._on_trace_ready = on_trace_ready
        out = self._params["output_path"]
        handler_dir = getattr(on_trace_ready, "_dir_name", None)
        if handler_dir is not None:
            if params.get("output_path") not in (None, "./data"):
                logger.warning("Both on_trace_ready path and output_path are provided. The on_trace_ready path "
                               "takes effect.")
            out = handler_dir
        self._output_path = os.path.realpath(out)
        self._worker = getattr(on_trace_ready, "_worker_name", None) or f"{socket.gethostname()}_{os.getpid()}"
        self._metadata = {}
        self._has_started = False
        self._tracing = False
        self._run_dir = None
        self._runs = []             # run directories saved by this profiler
        self._analysed = set()
        self._step_annotation = None
        self.step_num = 0
        self.current_action = self.schedule(self.step_num)

    # --- the recording itself ------------------------------------------------------------------
    def _trace_start(self):
        if self._tracing:
            return
        if _ACTIVE:
            raise RuntimeError("Another profiler is recording; stop it first (JAX records one trace at a time).")
        stamp = time.strftime("%Y%m%d%H%M%S") + f"{int(time.time() * 1000) % 1000:03d}"
        run = os.path.join(self._output_path, f"{self._worker}_{stamp}_ascend_ms")
        n = 0
        while os.path.exists(run):
            n += 1
            run = os.path.join(self._output_path, f"{self._worker}_{stamp}{n}_ascend_ms")
        os.makedirs(run)
        opts = jax.profiler.ProfileOptions()
        opts.python_tracer_level = 1 if self._params["with_stack"] else 0
        jax.profiler.start_trace(run, profiler_options=opts)
        _ACTIVE.append(self)
        self._tracing, self._run_dir = True, run
        if self._params["mstx"]:
            Mstx._configure(True, self._params["mstx_domain_include"], self._params["mstx_domain_exclude"])

    def _trace_stop(self, save=True):
        if not self._tracing:
            return None
        self._annotation_stop()
        Mstx._configure(False)
        try:
            jax.profiler.stop_trace()
        finally:
            _ACTIVE.remove(self)
            self._tracing = False
        run = self._run_dir
        if self._params["profile_memory"]:
            jax.profiler.save_device_memory_profile(os.path.join(run, "memory.prof"))
        info = {k: (v.value if hasattr(v, "value") else [i.value if hasattr(i, "value") else i for i in v]
                    if isinstance(v, list) else v) for k, v in self._params.items()}
        info["schedule"] = self.schedule.to_dict() if isinstance(self.schedule, Schedule) else None
        with open(os.path.join(run, "profiler_info.json"), "w") as f:
            json.dump(info, f, indent=1)
        if self._metadata:
            with open(os.path.join(run, "profiler_metadata.json"), "w") as f:
                json.dump(self._metadata, f, indent=1)
        if save:
            self._runs.append(run)
        else:
            shutil.rmtree(run, ignore_errors=True)
        return run

    def _trace_ready(self):
        if self._on_trace_ready is not None and self._runs:
            self._on_trace_ready(_TraceReady(self._runs[-1]))
            self._analysed.add(self._runs[-1])

    def _annotation_start(self):
        self._annotation_stop()
        if self._tracing and self._record_steps:
            self._step_annotation = jax.profiler.TraceAnnotation(f"ProfilerStep#{self.step_num}")
            self._step_annotation.__enter__()

    def _annotation_stop(self):
        if self._step_annotation is not None:
            self._step_annotation.__exit__(None, None, None)
            self._step_annotation = None

    def _transit(self, prev, cur):
        """MindSpore's action table: recording starts on RECORD/RECORD_AND_SAVE, a cycle ends
        (trace saved, ``on_trace_ready`` called) after RECORD_AND_SAVE; ``cur=None``: the end."""
        rec = (ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE)
        if prev == ProfilerAction.RECORD_AND_SAVE:
            if cur is None:
                logger.warning("Stop profiler while current state is RECORD_AND_SAVE, perhaps the scheduling "
                               "cycle has not yet completed.")
            self._trace_stop()
            self._trace_ready()
        elif prev == ProfilerAction.RECORD and cur not in rec:
            if cur is None:
                logger.warning("Incorrect schedule: Stop profiler while current state is RECORD which may "
                               "result in incomplete parsed data.")
                self._trace_stop()
                self._trace_ready()
            else:
                logger.warning("Incorrect schedule: RECORD followed by %s", cur.name)
                self._trace_stop(save=False)
        if cur in rec:
            self._trace_start()

    # --- MindSpore's API ------------------------------------------------------------------------
    def start(self) -> None:
        """Start profiling (recording begins when the schedule's action says so)."""
        if self._has_started:
            logger.warning("The profiler has already started. Do not turn on again in the open state.")
            return
        self._has_started = True
        try:
            self._transit(ProfilerAction.NONE, self.current_action)
            self._annotation_start()
        except RuntimeError as err:
            self._has_started = False
            logger.error("Call to start failed. Exception: %s", err)

    def step(self) -> None:
        """Mark the end of a step: the schedule decides whether the next one is recorded."""
        if self._schedule_arg is None:
            logger.error("With no schedule in the Profiler, step takes no effect!")
            return
        if not self._has_started:
            logger.error("Profiler is stopped, step takes no effect!")
            return
        self._annotation_stop()
        prev = self.current_action
        self.step_num += 1
        self.current_action = self.schedule(self.step_num)
        self._transit(prev, self.current_action)
        self._annotation_start()
        self._schedule_no_use_step = False

    def add_metadata(self, key: str, value: str):
        """Save ``key: value`` (strings) with the run (``profiler_metadata.json``)."""
        if not isinstance(key, str) or not isinstance(value, str):
            logger.warning("The key and value of metadata must be string. Skip this metadata.")
            return
        if key in self._metadata:
            logger.warning("%s is already saved as metadata, override it.", key)
        self._metadata[key] = value

    def add_metadata_json(self, key: str, value: str):
        """Save ``key`` with the JSON string ``value`` decoded."""
        if not isinstance(key, str) or not isinstance(value, str):
            logger.warning("The key and value of metadata must be string. Skip this metadata.")
            return
        try:
            decoded = json.loads(value)
        except ValueError:
            logger.warning("The metadata value must be json format string. Skip this metadata")
            return
        if key in self._metadata:
            logger.warning("%s is already saved as metadata, override it.", key)
        self._metadata[key] = decoded

    def __enter__(self):
        if not self._has_started:
            self.start()
        return self

    def __exit__(self, exc_type, exc_value, traceback) -> None:
        if self._has_started:
            self.stop()

    def __del__(self):
        try:
            if getattr(self, "_has_started", False) and self._tracing:
                self._annotation_stop()
                self._trace_stop()
                logger.warning("Profiler is stopped at the end of the program.")
        except Exception:  # noqa: BLE001 - never raise from __del__
            pass

    @property
    def run_dirs(self):
        """The run directories this profiler has saved (mscompat's addition)."""
        return list(self._runs)


class Profiler(_ProfilerBase):
    """``mindspore.Profiler(**kwargs)``: ``start_profile=True``, ``output_path="./data"``,
    ``profiler_level``, ``activities``, ``schedule=None``, ``on_trace_ready=None``,
    ``profile_memory=False``, ``with_stack=False``, ``aic_metrics``, ``data_simplification``,
    ``l2_cache``, ``hbm_ddr``, ``pcie``, ``data_process``, ``parallel_strategy``, ``sync_enable``...
    Without a schedule everything between ``start()`` and ``stop()``/``analyse()`` is recorded."""

    def __init__(self, **kwargs) -> None:
        schedule = kwargs.pop("schedule", None)
        on_trace_ready = kwargs.pop("on_trace_ready", None)
        experimental_config = kwargs.pop("experimental_config", None)
        self._schedule_arg = schedule
        if schedule is not None and not isinstance(schedule, Schedule):
            logger.warning("For Profiler, schedule value is Invalid, reset to %s", Schedule(wait=0, active=1))
            schedule = Schedule(wait=0, active=1)
        if schedule is not None:
            self.schedule = schedule
            self._record_steps = True
            self._schedule_no_use_step = True
        else:
            self.schedule = _default_schedule_fn
            self._record_steps = False
            self._schedule_no_use_step = None
        self._setup(kwargs, schedule, on_trace_ready, experimental_config)
        if self._params["start_profile"]:
            self.start()

    def stop(self) -> None:
        """Stop recording (the trace is saved; with a schedule, the current cycle ends)."""
        if self._schedule_no_use_step:
            logger.warning("The profiler has schedule. Please use step() to collect data.")
            return
        if not self._has_started:
            logger.error("The profiler has not started. Do not turn off again in the closed state.")
            return
        self._has_started = False
        self._annotation_stop()
        if self._schedule_arg is not None:
            self._transit(self.current_action, None)
        else:
            self._trace_stop()

    def analyse(self, offline_path=None, pretty=False, step_list=None, mode="sync") -> None:
        """Stop recording if needed and write the op tables of this profiler's runs
        (``ASCEND_PROFILER_OUTPUT/op_statistic.csv``, ``kernel_details.csv``, ``op_summary.csv``).
        With a schedule, use ``on_trace_ready`` (as MindSpore says)."""
        if self._has_started:
            self._has_started = False
            self._annotation_stop()
            self._trace_stop()
        if self._schedule_arg is not None:
            logger.warning("The profiler has schedule. Please use 'on_trace_ready' to analyse data.")
            return
        if offline_path:
            logger.warning("The parameter 'offline_path' for Profiler.analyse() is deprecated, please use "
                           "Profiler.offline_analyse() instead.")
        if step_list is not None and (not isinstance(step_list, list)
                                      or not all(isinstance(s, int) and not isinstance(s, bool)
                                                 for s in step_list)):
            logger.warning("For Profiler.analyse(), the parameter step_list must be a list of int, reset to None.")
            step_list = None
        if mode not in ("sync", "async"):
            logger.warning("For Profiler.analyse(), the parameter mode must be one of ['sync', 'async'], "
                           "reset to 'sync'.")
        for run in self._runs:
            try:
                _analysis.write_tables(run, step_list)
                self._analysed.add(run)
            except Exception as err:  # noqa: BLE001 - logged, as MindSpore's analyse does
                logger.error("Call to analyse failed. Exception: %s", err)

    @classmethod
    def offline_analyse(cls, path: str, pretty=False, step_list=None, data_simplification=True) -> None:
        """Analyse saved runs: ``path`` is a run directory (``*_ascend_ms``) or holds some."""
        if not isinstance(path, str) or not os.path.isdir(path):
            logger.error("Call to offline_analyse failed. Exception: Invalid path: %r.", path)
            return
        real = os.path.realpath(path)
        runs = [real] if real.endswith("_ascend_ms") else sorted(
            os.path.join(real, d) for d in os.listdir(real) if d.endswith("_ascend_ms"))
        if not runs:
            logger.error("Invalid path: %s. Expected a *_ascend_ms_* directory or a parent directory of multiple "
                         "*_ascend_ms_*", real)
            return
        for run in runs:
            try:
                _analysis.write_tables(run, step_list)
            except Exception as err:  # noqa: BLE001
                logger.error("offline analysis failed: %s", err)

    def op_analyse(self, op_name, device_id=None):
        """The ops named ``op_name`` (an HLO instruction name, an op type such as ``"convolution"``, or
        one end of a type: ``"fusion"`` finds every ``*_fusion``, ``"dot"`` finds ``dot_general``; a
        str or a list of them) as a JSON string: for each name, a list
        of ``{"op_side", "op_name", "op_type", "module", "op_occurrences", "op_total_time(us)",
        "op_avg_time(us)"}``, plus ``"device_id"``. Bad arguments log an error and give None, as in
        MindSpore."""
        try:
            if device_id and not isinstance(device_id, int):
                raise TypeError("For 'Profiler.op_analyse()', the parameter device_id must be int, but got type "
                                f"{type(device_id)}")
            if not isinstance(op_name, (str, list)):
                raise TypeError("For 'Profiler.op_analyse()', the parameter op_name must be str or list, but got "
                                f"type {type(op_name)}")
            if not op_name:
                raise TypeError("For 'Profiler.op_analyse()', the parameter op_name cannot be None.")
        except TypeError as err:
            logger.error("Call to op_analyse failed. Exception: %s", err)
            return None
        if self._has_started:
            self.stop()
        names = [op_name] if isinstance(op_name, str) else list(op_name)
        return json.dumps(_analysis.op_info(self._runs, names, device_id))


class Profile(_ProfilerBase):
    """``mindspore.profiler.profile``: the newer interface (``activities``, ``with_stack``,
    ``profile_memory``, ``data_process``, ``parallel_strategy``, ``start_profile``, ``hbm_ddr``,
    ``pcie``, ``sync_enable``, ``record_shapes``, ``schedule``, ``on_trace_ready``,
    ``experimental_config``). Output goes to the ``tensorboard_trace_handler``'s folder (default
    ``./data``); analysis happens through ``on_trace_ready``."""

    def __init__(self, activities=None, with_stack: bool = False, profile_memory: bool = False,
                 data_process: bool = False, parallel_strategy: bool = False, start_profile: bool = True,
                 hbm_ddr: bool = False, pcie: bool = False, sync_enable: bool = True, record_shapes: bool = False,
                 schedule: Optional[Callable[[int], ProfilerAction]] = None,
                 on_trace_ready: Optional[Callable[..., Any]] = None, experimental_config=None):
        params = {"activities": list(activities) if activities is not None and not isinstance(activities, list)
                  and hasattr(activities, "__iter__") else activities,
                  "with_stack": with_stack, "profile_memory": profile_memory, "data_process": data_process,
                  "parallel_strategy": parallel_strategy, "start_profile": start_profile, "hbm_ddr": hbm_ddr,
                  "pcie": pcie, "sync_enable": sync_enable, "record_shapes": record_shapes}
        self._schedule_arg = schedule
        if schedule and callable(schedule):
            self.schedule = schedule
            self._record_steps = True
        else:
            if schedule:
                logger.warning("schedule is not Callable, set by default.")
            self.schedule = _default_schedule_fn
            self._record_steps = False
            self._schedule_arg = None
        self._schedule_no_use_step = None
        self._setup(params, schedule, on_trace_ready, experimental_config)
        if self._params["start_profile"]:
            self.start()

    def stop(self) -> None:
        """Stop profiling: the current recording is saved and ``on_trace_ready`` called."""
        if not self._has_started:
            logger.error("The profile has not started. Do not turn off again in the closed state.")
            return
        self._has_started = False
        self._annotation_stop()
        self._transit(self.current_action, None)

    def step(self) -> None:
        """Mark the end of a step (see :class:`Profiler`)."""
        if not self._has_started:
            logger.error("Profile is stopped, step takes no effect!")
            return
        if self._schedule_arg is None:
            logger.error("With no schedule in the Profile, step takes no effect!")
            return
        super().step()
