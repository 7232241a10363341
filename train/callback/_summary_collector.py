"""``SummaryCollector``: the callback that records a training run's summaries through
:class:`~mscompat.train.summary.SummaryRecord` (TensorBoard event files).

What it collects (MindSpore's keys of ``collect_specified_data``):

* ``collect_metric``: the loss (mean of the network's first output) as scalar ``loss/auto``;
* ``collect_input_data``: the first input of the step (``cb_params.train_dataset_element``; in sink
  mode the last step's batch of the block) as image ``input_data/auto`` when it is an NCHW batch
  (turned off with a warning otherwise);
* ``histogram_regular``: histograms ``<parameter name>/auto`` of the optimizer's parameters whose
  names match the regular expression (``None``: the first five);
* the summary ops' data (``ops.ScalarSummary`` ...), every ``collect_freq`` steps, and the
  ``TensorSummary`` data on the ``collect_tensor_freq`` schedule (MindSpore's ranges);
* ``collect_train_lineage`` / ``collect_eval_lineage`` and ``custom_lineage_data``: written as
  text summaries (``train_lineage/train_lineage``, ``eval_lineage/eval_lineage``,
  ``custom_lineage_data/custom_lineage_data``) holding the lineage fields as JSON (loss, learning
  rate, optimizer, network, loss function, epochs, steps, dataset path and size, checkpoint, eval
  metrics...), as MindInsight's lineage files do not exist for TensorBoard.

Not collected (checked and accepted, then skipped with an info log): ``collect_graph`` and
``collect_dataset_graph`` (no MindSpore graph protos here) and ``collect_landscape`` (MindInsight's
loss landscape).

In sink mode the step-based collection happens at each epoch end (a sink), counted in epochs, as in
MindSpore.
"""
import json
import logging
import os
import re

import numpy as np

from mscompat.common.tensor import Tensor
from mscompat.train.summary.summary_record import SummaryRecord, _check_export_options, _check_type, _make_dir
from mscompat.train.callback._callback import Callback
from mscompat.common.parameter import Parameter
from mscompat.nn.optim.optimizer import Optimizer

__all__ = ["SummaryCollector"]

logger = logging.getLogger("mscompat")

_DEFAULT_LANDSCAPE = {"landscape_size": 40, "unit": "step", "num_samples": 2048,
                      "create_landscape": {"train": True, "result": True},
                      "intervals": [[1, 2, 3, 4, 5, 6, 7, 8, 9], [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]]}


class SummaryCollector(Callback):
    """Collects the common summaries of a training run (see the module docstring).

    Args: ``summary_dir`` (created), ``collect_freq`` (steps; epochs in sink mode), ``num_process``
    (accepted), ``collect_specified_data`` (dict of MindSpore's keys), ``keep_default_action``
    (merge with the defaults), ``custom_lineage_data`` (dict of str to int/str/float),
    ``collect_tensor_freq``, ``max_file_size``, ``export_options`` (as :class:`SummaryRecord`).
    """

    _DEFAULT_SPECIFIED_DATA = {
        "collect_metric": True,
        "collect_graph": True,
        "collect_train_lineage": True,
        "collect_eval_lineage": True,
        "collect_input_data": True,
        "collect_dataset_graph": True,
        "histogram_regular": None,
        "collect_landscape": _DEFAULT_LANDSCAPE,
    }

    def __init__(self, summary_dir, collect_freq=10, num_process=32, collect_specified_data=None,
                 keep_default_action=True, custom_lineage_data=None, collect_tensor_freq=None,
                 max_file_size=None, export_options=None):
        super().__init__()
        self._summary_dir = _make_dir(summary_dir, "summary_dir")
        self._record = None
        self._check_positive("collect_freq", collect_freq)
        self._collect_freq = collect_freq
        self._check_positive("collect_tensor_freq", collect_tensor_freq, allow_none=True)
        self._collect_tensor_freq = collect_tensor_freq
        self._tensor_collect_range = None
        self._check_positive("max_file_size", max_file_size, allow_none=True)
        self._max_file_size = max_file_size
        self._export_options = _check_export_options(export_options)
        _check_type("keep_default_action", keep_default_action, (bool,))
        self._collect_specified_data = self._process_specified_data(collect_specified_data, keep_default_action)
        landscape = self._collect_specified_data.get("collect_landscape")
        _check_type("collect_landscape", landscape, (dict, type(None)))
        if landscape:
            self._check_landscape(landscape)
        self._custom_lineage_data = self._process_custom_lineage_data(custom_lineage_data)
        self._temp_optimizer = None
        self._has_saved_graph = False
        self._has_saved_custom_data = False
        self._is_parse_loss_success = True
        self._first_step = True
        self._dataset_sink_mode = True
        self._num_process = num_process

    # --- argument checks ------------------------------------------------------------------------
    def _check_positive(self, name, value, allow_none=False):
        if allow_none and value is None:
            return
        _check_type(name, value, (int,))
        if value <= 0:
            raise ValueError(f'For "{type(self).__name__}", the value of `{name}` should be greater than 0, '
                             f"but got `{value}`.")

    def _process_specified_data(self, specified_data, action):
        _check_type("collect_specified_data", specified_data, (dict, type(None)))
        if specified_data is None:
            return dict(self._DEFAULT_SPECIFIED_DATA) if action else {}
        for name in specified_data:
            _check_type(name, name, (str,))
        unknown = set(specified_data) - set(self._DEFAULT_SPECIFIED_DATA)
        if unknown:
            raise ValueError(f'For "{type(self).__name__}", the keys {unknown} of `collect_specified_data` are '
                             f"unsupported, expect the follow keys: {list(self._DEFAULT_SPECIFIED_DATA)}")
        if "histogram_regular" in specified_data:
            regular = specified_data["histogram_regular"]
            _check_type("histogram_regular", regular, (str, type(None)))
            if isinstance(regular, str):
                try:
                    re.match(regular, "")
                except re.error as exc:
                    raise ValueError("For `collect_specified_data`, the value of `histogram_regular` is not a valid "
                                     f"regular expression. Detail: {exc}.") from exc
        for item in set(self._DEFAULT_SPECIFIED_DATA) - {"histogram_regular", "collect_landscape"}:
            if item in specified_data:
                _check_type(item, specified_data[item], (bool,))
        if action:
            result = dict(self._DEFAULT_SPECIFIED_DATA)
            result.update(specified_data)
            return result
        return dict(specified_data)

    def _check_landscape(self, landscape):
        name = type(self).__name__
        unknown = set(landscape) - set(_DEFAULT_LANDSCAPE)
        if unknown:
            raise ValueError(f'For "{name}", the keys {unknown} of `collect_landscape` are unsupported, expect the '
                             f"follow keys: {list(_DEFAULT_LANDSCAPE)}")
        size = landscape.get("landscape_size", 40)
        _check_type("landscape_size", size, (int,))
        if size < 3 or size > 256:
            raise ValueError(f'For "{name}", the "landscape_size" in collect_specified_data should be less than 256 '
                             f"and more than 3, but got the: {size}")
        unit = landscape.get("unit", "step")
        _check_type("unit", unit, (str,))
        if unit not in ("step", "epoch"):
            raise ValueError(f'For "{name}", unit in collect_specified_data should be step or epoch, but got the: '
                             f"{unit}.")
        _check_type("num_samples", landscape.get("num_samples", 2048), (int,))
        create = landscape.get("create_landscape", {"train": True, "result": True})
        _check_type("create_landscape", create, (dict,))
        for key, value in create.items():
            if key not in ("train", "result"):
                raise ValueError(f'For "{name}", the key to create landscape should be in ["train", "result"], but '
                                 f"got the: {key}.")
            _check_type(key, value, (bool,))
        intervals = landscape.get("intervals")
        _check_type("intervals", intervals, (list,))
        for interval in intervals:
            _check_type("each interval inintervals", interval, (list,))
            if len(interval) < 3:
                raise ValueError(f'For "{name}", the length of each list in "intervals" should not be less than '
                                 f"three, but got the: {interval}")
            for j in interval:
                if not isinstance(j, int):
                    raise TypeError(f'For "{name}", the value of each list in "intervals" should be int, but got '
                                    f"the: {type(j)}")

    @staticmethod
    def _process_custom_lineage_data(data):
        if data is None:
            data = {}
        _check_type("custom_lineage_data", data, (dict, type(None)))
        for key, value in data.items():
            _check_type(f"custom_lineage_data -> {key}", key, (str,))
            _check_type(f"the value of custom_lineage_data -> {key}", value, (int, str, float))
        return dict(data)

    # --- context manager (the Model enters its callbacks for the run) -----------------------------
    def __enter__(self):
        self._record = SummaryRecord(log_dir=self._summary_dir, max_file_size=self._max_file_size,
                                     raise_exception=False, export_options=self._export_options)
        self._first_step, self._dataset_sink_mode = True, True
        return self

    def __exit__(self, *err):
        if self._record is not None:
            self._record.close()

    # --- callback methods -----------------------------------------------------------------------
    def begin(self, run_context):
        cb_params = run_context.original_args()
        self._check_callbacks(cb_params)
        if cb_params.mode not in ("train", "eval"):
            raise ValueError("Only support `train` (model.train) and `eval` (model.eval) mode, but got "
                             f"`{cb_params.mode}` mode.")
        if self._record is None or self._record._closed:     # used without the Model's `with`
            self.__enter__()
        self._record.set_mode(cb_params.mode)
        self._dataset_sink_mode = bool(cb_params.get("dataset_sink_mode", False))

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        if cb_params.mode != "train":
            return
        if not self._has_saved_graph:
            for key in ("collect_graph", "collect_dataset_graph"):
                if self._collect_specified_data.get(key):
                    logger.info("SummaryCollector: '%s' is not collected (no MindSpore graph proto here).", key)
            if self._collect_specified_data.get("collect_landscape"):
                logger.info("SummaryCollector: 'collect_landscape' (MindInsight's loss landscape) is not collected.")
            self._has_saved_graph = True
            self._record.record(cb_params.cur_step_num)      # the first step's summary ops' data
        if self._custom_lineage_data and not self._has_saved_custom_data:
            self._record.add_value("custom_lineage_data", "custom_lineage_data",
                                   json.dumps(self._custom_lineage_data, sort_keys=True))
            self._has_saved_custom_data = True
            self._record.record(cb_params.cur_step_num)
        if not self._dataset_sink_mode:
            self._collect_tensor_data(cb_params)

    def epoch_end(self, run_context):
        cb_params = run_context.original_args()
        if self._dataset_sink_mode:
            self._collect_tensor_data(cb_params)
        self._record.flush()

    def end(self, run_context):
        cb_params = run_context.original_args()
        if cb_params.mode == "train":
            self._collect_train_lineage(cb_params)
        else:
            self._collect_eval_lineage(cb_params)
        self._record.set_mode("eval")       # the summary ops' leftovers are not the lineage's
        self._record.record(step=0)
        self._record.flush()

    # --- collection -----------------------------------------------------------------------------
    def _check_callbacks(self, cb_params):
        found = False
        for cb in cb_params.get("list_callback", None) or []:
            if type(cb).__name__ == type(self).__name__:
                if found:
                    raise ValueError(f"There are more than one {type(self).__name__} instance in callback list,but "
                                     f"expected only one {type(self).__name__} instance.")
                found = True

    def _collect_tensor_data(self, cb_params):
        if cb_params.mode != "train":
            return
        if self._first_step:
            self._tensor_collect_range = self._get_tensor_collect_range(cb_params, self._dataset_sink_mode)
            self._collect_at_step_end(cb_params, None)
            self._first_step = False
            self._record.flush()
            return
        current = cb_params.cur_epoch_num if self._dataset_sink_mode else cb_params.cur_step_num
        in_range = current in self._tensor_collect_range
        if current % self._collect_freq == 0 and in_range:
            self._collect_at_step_end(cb_params, None)
        elif in_range:
            self._collect_at_step_end(cb_params, lambda plugin: plugin == "tensor")
        elif current % self._collect_freq == 0:
            self._collect_at_step_end(cb_params, lambda plugin: plugin != "tensor")

    def _get_tensor_collect_range(self, cb_params, sink):
        total = cb_params.epoch_num if sink else cb_params.epoch_num * cb_params.batch_num
        if self._collect_tensor_freq is not None:
            return range(0, total + 1, self._collect_tensor_freq)
        limit = 20
        if len(range(0, total + 1, self._collect_freq)) > limit:
            freq = total // (limit - 1)
            if freq > 1:
                return range(0, total + 1, freq)[:limit]
            return range(0, total + 1)[:limit + 1]
        return range(0, total + 1, self._collect_freq)

    def _collect_at_step_end(self, cb_params, plugin_filter):
        self._collect_input_data(cb_params)
        self._collect_metric(cb_params)
        self._collect_histogram(cb_params)
        self._record.record(cb_params.cur_step_num, plugin_filter=plugin_filter)

    def _collect_input_data(self, cb_params):
        if not self._collect_specified_data.get("collect_input_data"):
            return
        data = cb_params.get("train_dataset_element", None)
        if not isinstance(data, (Tensor, list, tuple)) or (not isinstance(data, Tensor) and not data):
            self._collect_specified_data["collect_input_data"] = False
            logger.warning("The type of input data is not Tensor/list/tuple (or it is empty), so SummaryCollector "
                           "will not collect input data.")
            return
        if isinstance(data, (list, tuple)):
            data = data[0]
        if self._dataset_sink_mode and isinstance(data, Tensor) and data.ndim == 5:
            data = data[-1]     # a sink block stacks its steps' batches: the batch of the recorded step
        try:
            self._record.add_value("image", "input_data/auto", data)
        except (TypeError, ValueError):
            logger.warning("The input data of network are not image, so will not collect by SummaryCollector.")
            self._collect_specified_data["collect_input_data"] = False

    def _collect_metric(self, cb_params):
        if not self._collect_specified_data.get("collect_metric"):
            return
        loss = self._get_loss(cb_params)
        if loss is None:
            return
        try:
            self._record.add_value("scalar", "loss/auto", loss)
        except ValueError:
            logger.warning("The output of network is not a scalar, so SummaryCollector will not collect loss.")
            self._collect_specified_data["collect_metric"] = False

    def _get_loss(self, cb_params):
        if not self._is_parse_loss_success:
            return None
        output = cb_params.get("net_outputs", None)
        if output is None:
            logger.warning("Can not find any output by this network, so SummaryCollector will not collect loss.")
            self._is_parse_loss_success = False
            return None
        if isinstance(output, (int, float, Tensor)):
            loss = output
        elif isinstance(output, (list, tuple)) and output:
            loss = output[0]
        else:
            logger.warning("The output type could not be identified, so no loss was recorded in SummaryCollector.")
            self._is_parse_loss_success = False
            return None
        value = loss.asnumpy() if isinstance(loss, Tensor) else np.asarray(loss)
        return Tensor(np.mean(value))

    def _get_optimizer(self, cb_params):
        if self._temp_optimizer == "Failed":
            return None
        if self._temp_optimizer is not None:
            return self._temp_optimizer
        optimizer = cb_params.get("optimizer", None)
        if optimizer is None:
            network = cb_params.get("train_network" if cb_params.mode == "train" else "eval_network", None)
            optimizer = self._parse_optimizer_by_network(network) if network is not None else None
        if optimizer is None or not isinstance(optimizer, Optimizer):
            logger.warning("Can not find optimizer in network, or the optimizer does not inherit MindSpore's "
                           "optimizer, so we will not collect data about optimizer in SummaryCollector.")
            optimizer = None
        self._temp_optimizer = optimizer if optimizer is not None else "Failed"
        return optimizer

    @staticmethod
    def _parse_optimizer_by_network(network):
        for _, cell in network.cells_and_names():
            if isinstance(cell, Optimizer):
                return cell
            opt = getattr(cell, "optimizer", None)
            if isinstance(opt, Optimizer):
                return opt
        return None

    def _collect_histogram(self, cb_params):
        if "histogram_regular" not in self._collect_specified_data:
            return
        optimizer = self._get_optimizer(cb_params)
        if optimizer is None:
            return
        params = list(optimizer.parameters)
        regular = self._collect_specified_data.get("histogram_regular")
        chosen = [p for p in params if re.match(regular, p.name)] if regular is not None else params[:5]
        for p in chosen:
            self._record.add_value("histogram", p.name + "/auto", Tensor(p.asnumpy()))

    @staticmethod
    def _get_learning_rate(optimizer):
        lr = getattr(optimizer, "learning_rate", None)
        if not isinstance(lr, Parameter):
            logger.warning("The learning rate detected in the optimizer is not a Parameter type, so it is not "
                           "recorded. Its type is %r.", type(lr).__name__)
            return None
        return float(np.atleast_1d(lr.asnumpy())[0])

    @staticmethod
    def _dataset_info(dataset, prefix, lineage):
        if dataset is None:
            return
        try:
            lineage[f"{prefix}_dataset_size"] = int(dataset.get_dataset_size()) * int(dataset.get_batch_size())
        except Exception:  # noqa: BLE001 - lineage is best effort, as in MindSpore
            pass
        node = dataset
        while node is not None:
            path = getattr(node, "dataset_dir", None) or getattr(node, "dataset_file", None)
            if path:
                lineage[f"{prefix}_dataset_path"] = os.path.realpath(path if isinstance(path, str) else path[0])
                return
            children = getattr(node, "children", None) or []
            node = children[0] if children else None

    def _collect_train_lineage(self, cb_params):
        if not self._collect_specified_data.get("collect_train_lineage"):
            return
        lineage = {}
        loss = self._get_loss(cb_params)
        lineage["loss"] = float(np.atleast_1d(loss.asnumpy())[0]) if loss is not None else None
        optimizer = self._get_optimizer(cb_params)
        lineage["learning_rate"] = self._get_learning_rate(optimizer) if optimizer is not None else None
        lineage["optimizer"] = type(optimizer).__name__ if optimizer is not None else None
        lineage["train_network"] = type(cb_params.get("network", None)).__name__
        loss_fn = cb_params.get("loss_fn", None)
        lineage["loss_function"] = type(loss_fn).__name__ if loss_fn is not None else None
        lineage["epoch"] = cb_params.get("epoch_num", None)
        lineage["step_num"] = cb_params.get("cur_step_num", None)
        lineage["parallel_mode"] = str(cb_params.get("parallel_mode", None))
        lineage["device_num"] = cb_params.get("device_number", None)
        ckpt = cb_params.get("latest_ckpt_file", None)
        ckpt = os.path.realpath(ckpt) if isinstance(ckpt, str) and os.path.isfile(ckpt) else None
        lineage["model_path"] = json.dumps({"ckpt": ckpt})
        lineage["model_size"] = os.path.getsize(ckpt) if ckpt else 0
        self._dataset_info(cb_params.get("train_dataset", None), "train", lineage)
        self._record.add_value("train_lineage", "train_lineage", json.dumps(lineage, sort_keys=True, default=str))

    def _collect_eval_lineage(self, cb_params):
        if not self._collect_specified_data.get("collect_eval_lineage"):
            return
        lineage = {}
        try:
            lineage["metrics"] = json.dumps(cb_params.get("metrics", None))
        except TypeError as exc:
            logger.warning("Summary cannot collect the type of metrics: %s.", exc)
        self._dataset_info(cb_params.get("valid_dataset", None), "valid", lineage)
        self._record.add_value("eval_lineage", "eval_lineage", json.dumps(lineage, sort_keys=True, default=str))
