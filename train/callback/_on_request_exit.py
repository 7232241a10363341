"""``OnRequestExit``: save and stop when the process receives an exit signal."""
import logging
import os
import signal
import threading
import json

from ._callback import Callback
from mscompat._checkparam import check_isinstance
from ._checkpoint import _make_directory
from mscompat import context
from mscompat.train.serialization import save_checkpoint
from mscompat.train.serialization import load_checkpoint
from mscompat.train.serialization import export

__all__ = ["OnRequestExit"]

logger = logging.getLogger("mscompat")


class OnRequestExit(Callback):
    """On signal ``sig`` (default SIGTERM) training stops at the end of the current step and the
    train network is saved to ``<directory>/rank_<device_id>/<file_name>_train.ckpt`` (the eval
    network to ``..._eval.ckpt`` when evaluating), and with ``save_mindir`` also exported as MindIR
    (``..._train.mindir``, traced with the last step's inputs); a later run loads that checkpoint at
    its start."""

    def __init__(self, save_ckpt=True, save_mindir=True, file_name="Net", directory="./", config_file=None,
                 sig=signal.SIGTERM):
        super().__init__()
        self.save_ckpt = check_isinstance("save_ckpt", save_ckpt, bool)
        self.save_mindir = check_isinstance("save_mindir", save_mindir, bool)
        self.sig = check_isinstance("sig", sig, int)
        if hasattr(signal, "SIGKILL") and self.sig == signal.SIGKILL:
            raise ValueError("Not support send exit request by signal SIGKILL.")
        self.exit = False
        self.lock = threading.Lock()
        self.save_path = directory
        self.remote_config_file = config_file
        self.stop_train = False
        self._previous_handler = None
        if self.save_ckpt or self.save_mindir:
            self.train_name, self.eval_name = self._get_save_path(file_name)

    def _get_save_path(self, file_name):
        device_id = context.get_context("device_id")
        base = os.getcwd() if self.save_path is None else self.save_path
        path = _make_directory(os.path.join(base, "rank_" + str(device_id)))
        return os.path.join(path, f"{file_name}_train"), os.path.join(path, f"{file_name}_eval")

    def _handle_signal(self, signum, frame):
        self.exit = True

    def _install(self):
        if threading.current_thread() is threading.main_thread():
            self._previous_handler = signal.signal(self.sig, self._handle_signal)

    def _requested(self):
        if self.exit:
            return True
        cfg = self.remote_config_file
        if cfg is not None and os.path.exists(cfg):
            try:
                with open(cfg, "r", encoding="utf-8") as f:
                    info = json.load(f)
            except (json.JSONDecodeError, OSError) as e:
                logger.warning("Parse json file failed: %s, please check json file: %s", e, cfg)
                return False
            return isinstance(info, dict) and info.get("GracefulExit") == 1
        return False

    def _save(self, net, name, inputs):
        if self.save_ckpt:
            save_checkpoint(net, f"{name}.ckpt")
        if self.save_mindir and inputs is not None:
            # the network as MindIR, traced with the last step's inputs (as MindSpore does)
            export(net, *inputs, file_name=name, file_format="MINDIR")

    def on_train_begin(self, run_context):
        self._install()
        if self.save_ckpt and os.path.isfile(f"{self.train_name}.ckpt"):
            load_checkpoint(f"{self.train_name}.ckpt", net=run_context.original_args().train_network)

    def on_train_step_end(self, run_context):
        with self.lock:
            if self.stop_train or not self._requested():
                return
            logger.warning("Graceful exit is triggered, stop training.")
            self.exit = True
            self.stop_train = True
            run_context.request_stop()

    def _end(self, network, name, inputs):
        """Save ``network`` as ``name`` if an exit was requested; restore the previous signal handler."""
        if self.exit:
            self._save(network, name, inputs)
        if self._previous_handler is not None:
            signal.signal(self.sig, self._previous_handler)
            self._previous_handler = None

    def on_train_end(self, run_context):
        cb_params = run_context.original_args()
        self._end(cb_params.train_network, self.train_name, cb_params.get("train_dataset_element"))

    def on_eval_begin(self, run_context):
        self._install()
        if not self.save_ckpt:
            return
        net = run_context.original_args().eval_network
        if os.path.isfile(f"{self.eval_name}.ckpt"):
            load_checkpoint(f"{self.eval_name}.ckpt", net=net)
        elif os.path.isfile(f"{self.train_name}.ckpt"):
            load_checkpoint(f"{self.train_name}.ckpt", net=net)

    def on_eval_step_end(self, run_context):
        if self.exit:
            run_context.request_stop()

    def on_eval_end(self, run_context):
        cb_params = run_context.original_args()
        self._end(cb_params.eval_network, self.eval_name, cb_params.get("eval_dataset_element"))
