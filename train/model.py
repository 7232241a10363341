"""``Model``: high-level training, evaluation and inference (MindSpore's ``mindspore.train.Model``).

``Model(network, loss_fn, optimizer, metrics, ...)`` builds the train network
(``amp.build_train_network``: ``WithLossCell`` + ``TrainOneStepCell`` at level O0), the eval
network (``WithEvalCell``) and the predict network, and runs them with callbacks:

* non-sink training calls the train network once per batch (compiled per input signature in
  GRAPH_MODE by the Cell machinery, eager in PyNative mode);
* sink mode (``dataset_sink_mode=True``, GRAPH_MODE) compiles the train step once and runs
  ``sink_size`` steps per call over batches a background thread already put on the device (one
  ``lax.scan`` on accelerators, whose carry is the Parameters, optimizer state and RNG key; on
  XLA:CPU one compiled step per batch, see :func:`mscompat.train.data_sink._steps_as_loop`); the
  Parameters hold the new values after each call (the callback boundary). As on MindSpore's GPU/Ascend
  backends, an "epoch" is then ``sink_size`` steps, ``cur_step_num`` advances by ``sink_size`` and
  step callbacks run once per sink call with the last step's loss. In PyNative mode sink
  mode runs step by step with one step callback per step, as MindSpore does;
* on the CPU target (``device_target="CPU"``) MindSpore has no dataset sink: training and evaluation
  with ``dataset_sink_mode=True`` run as non-sink (whole epochs whatever ``sink_size``, one step
  callback per batch, ``cb_params.dataset_sink_mode`` False), and so does mscompat
  (:func:`_sinks_on_target`). Its non-sink step is the same compiled train network and a background
  thread reads the batches ahead onto the device (``dataset_helper._ReadAhead``), so the CPU loses no
  speed by it (XLA:CPU runs the sink block as one compiled step per batch anyway).
"""
import copy
import itertools
from collections.abc import Iterable
import logging

import numpy as np

from mscompat.common.tensor import Tensor
from mscompat.backends import device_target
from mscompat.context import _context as _CONTEXT, GRAPH_MODE, get_auto_parallel_context
from .callback._callback import CallbackManager, InternalCallbackParam, RunContext
from mscompat._checkparam import check_bool, check_is_int, check_non_negative_int, check_positive_int, \
    check_value_type
from .callback import __all__ as _internal_cb_names
from .amp import build_train_network
from .dataset_helper import DatasetHelper, connect_network_with_dataset, _sink_count, _ReadAhead
import mscompat.train.metrics as M
from mscompat.train.metrics import Loss
from .callback._time_monitor import TimeMonitor
from mscompat.dataset import Dataset
import mscompat.nn as nn

__all__ = ["Model"]

logger = logging.getLogger("mscompat")

_KWARGS = ["loss_scale_manager", "keep_batchnorm_fp32", "boost_config_dict", "acc_level"]
_SERIALS = itertools.count()


def _nn():
    return nn


def _parallel_info():
    """(parallel_mode, device number) from the auto-parallel context ('stand_alone', 1 by default)."""
    try:
        mode = get_auto_parallel_context("parallel_mode")
        num = get_auto_parallel_context("device_num")
    except (AttributeError, ValueError, KeyError):
        return "stand_alone", 1
    return mode, (num if isinstance(num, int) and num > 0 else 1)


def _get_metrics(metrics):
    """``{name: Metric}`` from ``metrics`` (None, a dict of Metrics or a set of names)."""
    helper = getattr(M, "get_metrics", None)
    if helper is not None:
        return helper(metrics)
    if metrics is None:
        return metrics
    if isinstance(metrics, dict):
        for name, metric in metrics.items():
            if not isinstance(name, str) or not isinstance(metric, M.Metric):
                raise TypeError("For 'get_metrics', if 'metrics' is dict, the key in 'metrics' must be string and "
                                "value in 'metrics' must be Metric, but got key:"
                                f"{type(name)}, value:{type(metric)}.")
        return metrics
    if isinstance(metrics, set):
        return {name: M.get_metric_fn(name) for name in metrics}
    raise TypeError("For 'get_metrics', the argument 'metrics' must be None, dict or set, but got {}".format(metrics))


def _sinks_on_target(dataset_sink_mode, process="training"):
    """Whether ``dataset_sink_mode`` really sinks on the current target: MindSpore's CPU target
    has no dataset sink and runs ``process`` as non-sink (logged at INFO level, as MindSpore)."""
    if dataset_sink_mode and device_target() == "CPU":
        logger.info(f"The CPU cannot support dataset sink mode currently. So the {process} process will be "
                    "performed with dataset not sink.")
        return False
    return dataset_sink_mode


def _as_tuple(inputs):
    if isinstance(inputs, Tensor):
        return (inputs,)
    return tuple(inputs)


class Model:
    """High-level API for training, evaluation and inference (see the module docstring).

    Args:
        network (Cell): the network (the backbone, or a whole train network when ``loss_fn`` and
            ``optimizer`` are None).
        loss_fn (Cell): the loss. Default None.
        optimizer (Cell): the optimizer. Default None.
        metrics (Union[dict, set]): metric names or instances for ``eval``. Default None.
        eval_network (Cell): the evaluation network; built from ``network`` and ``loss_fn`` when
            None and metrics are set. Default None.
        eval_indexes (list): indexes of loss, prediction and label in the eval network's outputs.
        amp_level (str): mixed precision level 'O0', 'O1', 'O2', 'O3' or 'auto'. Default 'O0'.
        boost_level (str): 'O0' (no boost), 'O1' or 'O2': the level of ``mindspore.boost.AutoBoost``
            applied to the network and optimizer (needs ``metrics`` or ``eval_network``). Default 'O0'.
        kwargs: ``loss_scale_manager``, ``keep_batchnorm_fp32`` (passed to
            ``amp.build_train_network``), ``boost_config_dict``, ``acc_level``.
    """

    def __init__(self, network, loss_fn=None, optimizer=None, metrics=None, eval_network=None, eval_indexes=None,
                 amp_level="O0", boost_level="O0", **kwargs):
        self._serial = next(_SERIALS)
        self._network = network
        self._loss_fn = loss_fn
        self._optimizer = optimizer
        self._loss_scale_manager = None
        self._loss_scale_manager_set = False
        self._keep_bn_fp32 = None
        for arg in kwargs:
            if arg not in _KWARGS:
                raise ValueError("The argument in 'kwargs' should be 'loss_scale_manager' or 'keep_batchnorm_fp32' "
                                 f"or 'boost_config_dict' or 'acc_level', but got '{arg}'.")
        self._amp_level = amp_level
        self._boost_level = kwargs.get("acc_level", boost_level)
        self._eval_network = eval_network
        if "keep_batchnorm_fp32" in kwargs:
            self._keep_bn_fp32 = kwargs["keep_batchnorm_fp32"]
        if "loss_scale_manager" in kwargs:
            self._loss_scale_manager = kwargs["loss_scale_manager"]
            self._loss_scale_manager_set = True
        self._parallel_mode, self._device_number = _parallel_info()
        self._parameter_broadcast = False
        self._metrics = metrics
        if optimizer is None and amp_level != "O0":
            raise ValueError("Auto mixed precision will not work because 'optimizer' is None.Please set amp_level='O0' "
                             "to disable auto mixed precision or set 'optimizer' not be None to use auto mixed "
                             "precision.")
        self._build_boost_network(kwargs)
        self._train_network = self._build_train_network()
        self._build_eval_network(metrics, self._eval_network, eval_indexes)
        self._predict_network = self._network
        self._current_epoch_num = 0
        self._current_step_num = 0
        self.epoch_iter = 0
        self._backbone_is_train = True
        self.batch_num = -1
        self._initial_step = None

    # ------------------------------------------------------------------ building
    def _build_boost_network(self, kwargs):
        """Boost levels O1/O2 (or a ``boost_config_dict``) rebuild the network and optimizer
        through ``mindspore.boost.AutoBoost``, as MindSpore's Model does."""
        from mscompat.boost import AutoBoost  # mscompat.boost imports mscompat.train
        processor = AutoBoost(self._boost_level, kwargs.get("boost_config_dict", ""))
        if processor.level not in ("O1", "O2"):
            return
        if self._optimizer is None:
            logging.getLogger("mscompat").warning("In boost mode, the optimizer must be defined.")
            return
        if self._eval_network is None and self._metrics is None:
            logging.getLogger("mscompat").warning("In boost mode, the eval_network and metrics cannot be undefined "
                                                  "at the same time.")
            return
        self._network, self._optimizer = processor.network_auto_process_train(self._network, self._optimizer)
        if self._eval_network is not None:
            self._eval_network = processor.network_auto_process_eval(self._eval_network)

    def _build_train_network(self):
        nn = _nn()
        network = self._network
        check_value_type("network", network, nn.Cell)
        if self._loss_scale_manager is not None and self._optimizer is None:
            raise ValueError("The argument 'optimizer' can not be None when set 'loss_scale_manager'.")
        if self._optimizer:
            amp_config = {}
            if self._loss_scale_manager_set:
                amp_config["loss_scale_manager"] = self._loss_scale_manager
            if self._keep_bn_fp32 is not None:
                amp_config["keep_batchnorm_fp32"] = self._keep_bn_fp32
            return build_train_network(network, self._optimizer, self._loss_fn, level=self._amp_level,
                                       boost_level=self._boost_level, **amp_config)
        if self._loss_fn:
            return nn.WithLossCell(network, self._loss_fn)
        return network

    def _build_eval_network(self, metrics, eval_network, eval_indexes):
        self._metric_fns = _get_metrics(metrics)
        self._eval_indexes = None
        if not self._metric_fns:
            return
        if eval_network is not None:
            if eval_indexes is not None and not (isinstance(eval_indexes, list) and len(eval_indexes) == 3):
                raise ValueError("The argument 'eval_indexes' must be a list or None. If 'eval_indexes' is a list, "
                                 f"length of it must be three. But got 'eval_indexes' {eval_indexes}")
            self._eval_network = eval_network
            self._eval_indexes = eval_indexes
        else:
            if self._loss_fn is None:
                raise ValueError("If `metrics` is set, `eval_network` must not be None. Do not set `metrics` if you "
                                 "don't want an evaluation.\nIf evaluation is required, you need to specify "
                                 "`eval_network`, which will be used in the framework to evaluate the model.\nFor the "
                                 "simple scenarios with one data, one label and one logits, `eval_network` is "
                                 "optional, and then you can set `eval_network` or `loss_fn`. For the latter case, "
                                 "framework will automatically build an evaluation network with `network` and "
                                 "`loss_fn`.")
            self._eval_network = _nn().WithEvalCell(self._network, self._loss_fn,
                                                    self._amp_level in ["O2", "O3", "auto"])
            self._eval_indexes = [0, 1, 2]

    # ------------------------------------------------------------------ metrics
    def _clear_metrics(self):
        for metric in self._metric_fns.values():
            metric.clear()

    def _update_metrics(self, outputs):
        if isinstance(outputs, Tensor):
            outputs = (outputs,)
        if isinstance(outputs, list):
            outputs = tuple(outputs)
        if not isinstance(outputs, tuple):
            raise ValueError(f"The argument 'outputs' should be tuple, but got {type(outputs)}.")
        if self._eval_indexes is not None and len(outputs) < 3:
            raise ValueError("The length of 'outputs' must be >= 3, but got {}".format(len(outputs)))
        for metric in self._metric_fns.values():
            if self._eval_indexes is None:
                metric.update(*outputs)
            elif isinstance(metric, Loss):
                metric.update(outputs[self._eval_indexes[0]])
            else:
                metric.update(outputs[self._eval_indexes[1]], outputs[self._eval_indexes[2]])

    def _get_metrics(self):
        return {key: value.eval() for key, value in self._metric_fns.items()}

    # ------------------------------------------------------------------ helpers
    def _exec_preprocess(self, is_train, dataset, dataset_sink_mode, sink_size=-1, epoch_num=1, dataset_helper=None):
        network = self._train_network if is_train else self._eval_network
        if dataset_helper is None:
            dataset_helper = DatasetHelper(dataset, dataset_sink_mode, sink_size, epoch_num)
        if dataset_sink_mode:
            network = connect_network_with_dataset(network, dataset_helper)
        network.set_train(is_train)
        self._backbone_is_train = is_train
        return dataset_helper, network

    def _check_network_mode(self, network, is_train):
        if self._backbone_is_train != is_train:
            network.set_train(is_train)
            self._backbone_is_train = is_train
        return network

    def _check_reuse_dataset(self, dataset):
        # MindSpore keys the dataset by hash(model), an address: a second Model built after the first was freed can
        # get the same one, so each Model's serial number (never reused, and a dataset copied to workers keeps it)
        # tells the two apart
        if not hasattr(dataset, "__model_hash__"):
            dataset.__model_hash__ = hash(self)
            dataset._mscompat_model_serial = self._serial
        serial = getattr(dataset, "_mscompat_model_serial", self._serial)
        if dataset.__model_hash__ != hash(self) or serial != self._serial:
            raise RuntimeError("The dataset object had been used in other model by model.train(...), please create "
                               "a new dataset.")

    @staticmethod
    def _transform_callbacks(callbacks):
        if callbacks is None:
            return []
        if isinstance(callbacks, Iterable):
            return list(callbacks)
        return [callbacks]

    @staticmethod
    def _check_methods_for_custom_callbacks(callbacks, current_mode):
        old = {"begin", "end", "epoch_begin", "epoch_end", "step_begin", "step_end"}
        if not isinstance(callbacks, list):
            callbacks = [callbacks]
        for cb in callbacks:
            name = cb.__class__.__name__
            if name in _internal_cb_names:
                continue
            invalid = set(cb.__class__.__dict__.keys()) & old
            if invalid:
                msg = (f"For {name} callback, {invalid} methods may not be supported in later version, Use methods "
                       "prefixed with 'on_train' or 'on_eval' instead when using customized callbacks.")
                if current_mode in ["train", "eval"]:
                    logger.warning(msg)
                else:
                    raise ValueError(msg)

    @staticmethod
    def _check_train_args(name, epoch, train_dataset, sink_size, initial_epoch):
        check_is_int(sink_size)
        check_positive_int(epoch)
        check_non_negative_int(initial_epoch)
        if initial_epoch >= epoch:
            raise ValueError(f"For 'Model.{name}', the parameter 'epoch' must bigger than parameter 'initial_epoch', "
                             f"but got the parameter 'epoch' is {epoch}, 'initial_epoch' is {initial_epoch}.")
        dataset_size = train_dataset.get_dataset_size()
        if dataset_size == 0:
            raise ValueError("There is no valid data in dataset, please check dataset file firstly.")
        if sink_size == -1:
            sink_size = dataset_size
        if sink_size < -1 or sink_size == 0:
            what = "argument" if name == "train" else "parameter"
            raise ValueError(f"For 'Model.{name}', The {what} 'sink_size' must be -1 or positive, but got "
                             f"{sink_size}.")
        return sink_size

    # ------------------------------------------------------------------ training
    def _train(self, epoch, train_dataset, callbacks=None, dataset_sink_mode=True, sink_size=-1, initial_epoch=0,
               valid_dataset=None, valid_frequency=1, valid_dataset_sink_mode=True, initial_step=0):
        cb_params = InternalCallbackParam()
        cb_params.cur_step_num = initial_step
        cb_params.train_network = self._train_network
        cb_params.epoch_num = epoch - initial_epoch
        if dataset_sink_mode and sink_size > 0:
            cb_params.batch_num = sink_size
        else:
            cb_params.batch_num = train_dataset.get_dataset_size()
        self.batch_num = cb_params.batch_num
        cb_params.mode = "train"
        cb_params.loss_fn = self._loss_fn
        cb_params.optimizer = self._optimizer
        cb_params.parallel_mode = self._parallel_mode
        cb_params.device_number = self._device_number
        cb_params.train_dataset = train_dataset
        cb_params.list_callback = self._transform_callbacks(callbacks)
        valid_infos = (valid_dataset, valid_frequency, valid_dataset_sink_mode)
        cb_params.train_dataset_element = None
        cb_params.network = self._network
        cb_params.last_save_ckpt_step = None
        cb_params.latest_ckpt_file = None
        cb_params.loss_scale_mananger = self._loss_scale_manager
        cb_params.initial_step = self._initial_step
        with CallbackManager(cb_params.list_callback) as list_callback:
            self._check_reuse_dataset(train_dataset)
            if _sinks_on_target(dataset_sink_mode):
                self._train_dataset_sink_process(epoch, train_dataset, list_callback, cb_params, sink_size,
                                                 initial_epoch, valid_infos)
            else:   # a sink asked for on the CPU target: read ahead, as the sink's device feed would
                self._train_process(epoch, train_dataset, list_callback, cb_params, initial_epoch, valid_infos,
                                    read_ahead=dataset_sink_mode)

    @staticmethod
    def _should_eval(epoch, validation_freq):
        return epoch % validation_freq == 0 if isinstance(validation_freq, int) else epoch in validation_freq

    def _end_epoch(self, run_context, cb_params, list_callback, valid_infos):
        self._eval_during_train(valid_infos, cb_params, list_callback)
        list_callback.on_train_epoch_end(run_context)
        cb_params.pop("metrics", None)
        cb_params.pop("eval_results", None)
        return run_context.get_stop_requested()

    def _train_dataset_sink_process(self, epoch, train_dataset, list_callback, cb_params, sink_size=-1,
                                    initial_epoch=0, valid_infos=None):
        is_graph = _CONTEXT["mode"] == GRAPH_MODE
        dataset_size = train_dataset.get_dataset_size()
        if sink_size == -1:
            dataset_sink_num = epoch
        else:
            dataset_sink_num = _sink_count(dataset_size, sink_size, epoch)
        cb_params.sink_size = sink_size
        cb_params.dataset_sink_mode = True
        run_context = RunContext(cb_params)
        list_callback.on_train_begin(run_context)
        dataset_helper = None
        try:
            self.epoch_iter = 0
            while self.epoch_iter < epoch - initial_epoch:
                cb_params.cur_epoch_num = self.epoch_iter + 1 + initial_epoch
                self._current_epoch_num = cb_params.cur_epoch_num
                self._current_step_num = 0
                list_callback.on_train_epoch_begin(run_context)
                dataset_helper, train_network = self._exec_preprocess(True, train_dataset, True, sink_size,
                                                                      dataset_sink_num, dataset_helper)
                cb_params.dataset_helper = dataset_helper
                for inputs in dataset_helper:
                    cb_params.cur_step_num += dataset_helper.sink_size() if is_graph else 1
                    self._current_step_num = int((cb_params.cur_step_num - 1) % cb_params.batch_num + 1)
                    cb_params.train_dataset_element = inputs
                    list_callback.on_train_step_begin(run_context)
                    train_network = self._check_network_mode(train_network, True)
                    outputs = train_network(*inputs)
                    cb_params.net_outputs = outputs
                    list_callback.on_train_step_end(run_context)
                    if not is_graph and run_context.get_stop_requested():
                        break
                if self._end_epoch(run_context, cb_params, list_callback, valid_infos):
                    break
                self.epoch_iter += 1
        finally:
            if dataset_helper is not None:
                dataset_helper.release()
        list_callback.on_train_end(run_context)

    def _train_process(self, epoch, train_dataset, list_callback, cb_params, initial_epoch=0, valid_infos=None,
                       read_ahead=False):
        dataset_helper, _ = self._exec_preprocess(True, train_dataset, False, epoch_num=epoch)
        if read_ahead:
            dataset_helper.iter = _ReadAhead(dataset_helper.iter)
        cb_params.dataset_sink_mode = False
        run_context = RunContext(cb_params)
        list_callback.on_train_begin(run_context)
        try:
            for i in range(initial_epoch, epoch):
                cb_params.cur_epoch_num = i + 1
                self._current_epoch_num = cb_params.cur_epoch_num
                self._current_step_num = 0
                list_callback.on_train_epoch_begin(run_context)
                for next_element in dataset_helper:
                    len_element = len(next_element)
                    next_element = _as_tuple(next_element)
                    if self._loss_fn and len_element != 2:
                        raise ValueError("When 'loss_fn' is not None, 'train_dataset' should return two elements, but "
                                         f"got {len_element}, please check the number of elements returned by "
                                         "'train_dataset'")
                    cb_params.cur_step_num += 1
                    self._current_step_num = int((cb_params.cur_step_num - 1) % cb_params.batch_num + 1)
                    cb_params.train_dataset_element = next_element
                    list_callback.on_train_step_begin(run_context)
                    self._check_network_mode(self._train_network, True)
                    outputs = self._train_network(*next_element)
                    cb_params.net_outputs = outputs
                    lsm = self._loss_scale_manager
                    if lsm is not None and getattr(lsm, "get_drop_overflow_update", lambda: False)():
                        overflow = np.all(outputs[1].asnumpy())
                        lsm.update_loss_scale(overflow)
                    list_callback.on_train_step_end(run_context)
                    if run_context.get_stop_requested():
                        break
                if self._end_epoch(run_context, cb_params, list_callback, valid_infos):
                    break
        finally:
            dataset_helper.release()
        list_callback.on_train_end(run_context)

    def _eval_during_train(self, valid_infos, cb_params, list_callback):
        valid_dataset, valid_frequency, valid_dataset_sink_mode = valid_infos
        if valid_dataset and self._should_eval(cb_params.cur_epoch_num, valid_frequency):
            saved = (cb_params.cur_step_num, cb_params.batch_num, cb_params.dataset_sink_mode,
                     cb_params.get("net_outputs"))
            eval_callback = [cb for cb in list_callback._callbacks
                             if cb.__class__.__name__ not in _internal_cb_names or isinstance(cb, TimeMonitor)]
            self._eval_in_fit(valid_dataset, callbacks=eval_callback, dataset_sink_mode=valid_dataset_sink_mode,
                              cb_params=cb_params)
            cb_params.mode = "train"
            cb_params.cur_step_num, cb_params.batch_num, cb_params.dataset_sink_mode, cb_params.net_outputs = saved

    def train(self, epoch, train_dataset, callbacks=None, dataset_sink_mode=False, sink_size=-1, initial_epoch=0):
        """Train ``epoch`` epochs over ``train_dataset`` with ``callbacks`` (see the module docstring
        for sink mode). ``initial_epoch``: epochs already done (resuming)."""
        check_bool(dataset_sink_mode)
        if hasattr(train_dataset, "_warmup_epoch") and train_dataset._warmup_epoch != epoch:
            raise ValueError("when use Model.build to initialize model, the value of parameter 'epoch' in Model.build "
                             "should be equal to value in Model.train, but got the value of epoch in build "
                             f"{train_dataset._warmup_epoch} and the value of epoch in train {epoch} separately.")
        sink_size = self._check_train_args("train", epoch, train_dataset, sink_size, initial_epoch)
        if callbacks:
            self._check_methods_for_custom_callbacks(callbacks, "train")
        self._train(epoch, train_dataset, callbacks=callbacks, dataset_sink_mode=dataset_sink_mode,
                    sink_size=sink_size, initial_epoch=initial_epoch)

    def fit(self, epoch, train_dataset, valid_dataset=None, valid_frequency=1, callbacks=None,
            dataset_sink_mode=False, valid_dataset_sink_mode=False, sink_size=-1, initial_epoch=0):
        """Train, evaluating on ``valid_dataset`` every ``valid_frequency`` epochs (an int, or a list
        of epoch numbers); callbacks see ``cb_params.metrics``/``eval_results`` at epoch end."""
        dataset_sink_mode = check_bool(dataset_sink_mode)
        valid_dataset_sink_mode = check_bool(valid_dataset_sink_mode)
        if hasattr(train_dataset, "_warmup_epoch") and train_dataset._warmup_epoch != epoch:
            raise ValueError("when use Model.build to initialize model, the value of parameter `epoch` in Model.build "
                             "should be equal to value in Model.fit, but got "
                             f"{train_dataset._warmup_epoch} and {epoch} separately.")
        sink_size = self._check_train_args("fit", epoch, train_dataset, sink_size, initial_epoch)
        if not isinstance(valid_frequency, (int, list)):
            raise TypeError("For 'Model.fit', the type of 'valid_frequency' must be a list or an integer, but got "
                            f"type {type(valid_frequency)}.")
        if valid_dataset and not self._metric_fns:
            raise ValueError("For 'Model.fit', if valid_dataset is not None, the model argument 'metrics' can not be"
                             "None or empty, you should set the argument 'metrics' for model.")
        if callbacks:
            self._check_methods_for_custom_callbacks(callbacks, "fit")
        self._train(epoch, train_dataset, callbacks=callbacks, dataset_sink_mode=dataset_sink_mode,
                    sink_size=sink_size, initial_epoch=initial_epoch, valid_dataset=valid_dataset,
                    valid_frequency=valid_frequency, valid_dataset_sink_mode=valid_dataset_sink_mode)

    def build(self, train_dataset=None, valid_dataset=None, sink_size=-1, epoch=1, sink_mode=True):
        """Compile the train (and eval) network ahead of the first step, for the shapes of the
        datasets' first batches (MindSpore restricts this to Ascend; here it compiles on any
        backend)."""
        epoch = check_positive_int(epoch)
        if not train_dataset and not valid_dataset:
            raise ValueError("The argument 'train_dataset' and 'valid_dataset' can not both be None or empty.")
        if train_dataset:
            if not isinstance(train_dataset, Dataset):
                raise TypeError("The type of 'train_dataset' must be `Dataset`, but got {}.".format(
                    type(train_dataset)))
            self._compile_first(self._train_network, train_dataset, True)
            train_dataset._warmup_epoch = epoch
        if valid_dataset:
            if not isinstance(valid_dataset, Dataset):
                raise TypeError("The type of 'valid_dataset' must be `Dataset`, but got {}.".format(
                    type(valid_dataset)))
            if not self._metric_fns:
                raise RuntimeError("If define `valid_dataset`, metric fn can not be None or empty, you should set "
                                   "the argument 'metrics' for model.")
            self._compile_first(self._eval_network, valid_dataset, False)

    def _compile_first(self, network, dataset, is_train):
        it = dataset.create_tuple_iterator(num_epochs=1)
        try:
            first = next(iter(it))
        finally:
            it.stop()
        network.set_train(is_train)
        self._backbone_is_train = is_train
        compile_ = getattr(network, "compile", None)
        if compile_ is not None and _CONTEXT["mode"] == GRAPH_MODE:
            compile_(*first)

    # ------------------------------------------------------------------ evaluation
    def _eval_in_fit(self, valid_dataset, callbacks=None, dataset_sink_mode=True, cb_params=None):
        cb_params.eval_network = self._eval_network
        cb_params.valid_dataset = valid_dataset
        cb_params.batch_num = valid_dataset.get_dataset_size()
        cb_params.mode = "eval"
        cb_params.cur_step_num = 0
        self._clear_metrics()
        with CallbackManager(callbacks) as list_callback:
            return self._eval_process(valid_dataset, list_callback, cb_params, add_eval_loss=True,
                                      sink_mode=_sinks_on_target(dataset_sink_mode, "evaluating"))

    def _eval_process(self, valid_dataset, list_callback=None, cb_params=None, add_eval_loss=False, sink_mode=False):
        run_context = RunContext(cb_params)
        cb_params.dataset_sink_mode = sink_mode
        list_callback.on_eval_begin(run_context)
        dataset_helper, _ = self._exec_preprocess(False, valid_dataset, False)
        eval_loss_fn = None
        if add_eval_loss:
            eval_loss_fn = Loss()
        list_callback.on_eval_epoch_begin(run_context)
        try:
            for next_element in dataset_helper:
                cb_params.cur_step_num += 1
                next_element = _as_tuple(next_element)
                cb_params.eval_dataset_element = next_element
                list_callback.on_eval_step_begin(run_context)
                self._check_network_mode(self._eval_network, False)
                outputs = self._eval_network(*next_element)
                cb_params.net_outputs = outputs
                list_callback.on_eval_step_end(run_context)
                self._update_metrics(outputs)
                if add_eval_loss:
                    eval_loss_fn.update(outputs[self._eval_indexes[0]])
                if run_context.get_stop_requested():
                    break
        finally:
            dataset_helper.release()
        list_callback.on_eval_epoch_end(run_context)
        metrics = self._get_metrics()
        cb_params.metrics = metrics
        if add_eval_loss:
            cb_params.eval_results = copy.deepcopy(metrics)
            cb_params.eval_results.update({"eval_loss": eval_loss_fn.eval()})
        list_callback.on_eval_end(run_context)
        return metrics

    def eval(self, valid_dataset, callbacks=None, dataset_sink_mode=False):
        """Evaluate the metrics over ``valid_dataset``; returns ``{name: value}``. Evaluation runs
        one batch per call in either mode (MindSpore's sink evaluation also runs one step per
        call)."""
        dataset_sink_mode = check_bool(dataset_sink_mode)
        if not self._metric_fns:
            raise ValueError("For Model.eval, the model argument 'metrics' can not be None or empty, you should set "
                             "the argument 'metrics' for model.")
        if callbacks:
            self._check_methods_for_custom_callbacks(callbacks, "eval")
        cb_params = InternalCallbackParam()
        cb_params.eval_network = self._eval_network
        cb_params.valid_dataset = valid_dataset
        cb_params.batch_num = valid_dataset.get_dataset_size()
        cb_params.mode = "eval"
        cb_params.cur_step_num = 0
        cb_params.list_callback = self._transform_callbacks(callbacks)
        cb_params.network = self._network
        self._clear_metrics()
        with CallbackManager(callbacks) as list_callback:
            return self._eval_process(valid_dataset, list_callback, cb_params,
                                      sink_mode=_sinks_on_target(dataset_sink_mode, "evaluating"))

    # ------------------------------------------------------------------ inference
    def predict(self, *predict_data, backend=None, config=None):
        """The predict network's outputs for ``predict_data`` (Tensors, or None/int/float/str)."""
        if backend not in ["lite", None]:
            raise ValueError(f"For Model.predict, `backend` should be 'lite' or None, but got {backend}")
        if backend == "lite":
            logger.warning("MindSpore Lite is not available in mscompat, fallback to original inference!")
        for item in predict_data:
            if item is None:
                continue
            if isinstance(item, Tensor):
                if item.size == 0:
                    raise ValueError("The input data can not be empty.")
                continue
            if not isinstance(item, (int, float, str)):
                data_class_str = "Tensor, None, int, float, str"
                raise TypeError(f"The types of input data must be in the Union({data_class_str}, "
                                f"tuple[{data_class_str}], list[{data_class_str}], dict[{data_class_str}]), but got "
                                f"type {item if item is None else type(item).__name__}.")
        self._check_network_mode(self._predict_network, False)
        result = self._predict_network(*predict_data)
        if result is None:
            raise RuntimeError(f"Executor return data {result}, please check your net or input data.")
        return result

    @property
    def train_network(self):
        """The train network (``TrainOneStepCell`` etc.)."""
        return self._train_network

    @property
    def predict_network(self):
        """The predict network (the backbone)."""
        return self._predict_network

    @property
    def eval_network(self):
        """The eval network (``WithEvalCell`` when built from ``loss_fn``)."""
        return self._eval_network
