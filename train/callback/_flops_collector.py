"""``FlopsUtilizationCollector``: FLOPs of the compiled train step and the utilization (MFU/HFU)
per step.

The FLOPs come from XLA's cost analysis of the compiled one-step program (``jax`` ``Compiled.
cost_analysis()``); model and hardware FLOPs are the same number here (no recomputation pass is
counted separately) and, on one device, full and shard FLOPs too.
"""
import time
from math import floor

from ._callback import Callback
from mscompat._checkparam import check_bool, check_positive_int
from mscompat import _graph
from mscompat.common.tensor import Tensor
from mscompat.context import _context, GRAPH_MODE

__all__ = ["FlopsUtilizationCollector"]


def _step_flops(network, inputs, stacked):
    """FLOPs of one compiled call of ``network`` on ``inputs`` (one slice of a sink block)."""
    if stacked:
        inputs = tuple(Tensor._wrap(x._data[0]) if isinstance(x, Tensor) else x[0] for x in inputs)
    entry = _graph._cell_entry(network)   # pylint: disable=protected-access
    dyn, spec = _graph._split(tuple(inputs), {})  # pylint: disable=protected-access
    holder = {}

    def use(values, key):
        holder["c"] = entry.jitted.lower(values, key, dyn, spec).compile()
        return True
    if entry._traced(dyn, spec, use) is None:   # pylint: disable=protected-access
        raise ValueError("the train network falls back to eager execution")
    cost = holder["c"].cost_analysis()
    if isinstance(cost, (list, tuple)):
        cost = cost[0] if cost else {}
    return float((cost or {}).get("flops", 0.0))


class FlopsUtilizationCollector(Callback):
    """Print the FLOPs of the train step once, then ``Train per step time: X ms mfu:Y% hfu:Z%``
    each step (``computility``: the device's peak FLOP/s). Only GRAPH_MODE (compiled) networks
    have FLOPs, as in MindSpore."""

    def __init__(self, data_size, computility=1, full_flops=True, enable_ma_collector=False):
        super().__init__()
        self.step_time = time.time()
        self.computility = computility
        self.full_mfu = self.full_hfu = self.shard_mfu = self.shard_hfu = 0.0
        self.full_model_flops = self.shard_model_flops = 0.0
        self.full_hardware_flops = self.shard_hardware_flops = 0.0
        self.mfu_calculated = False
        self.data_size = data_size
        self.full_flops = full_flops
        self.verbose = not (computility == 1 and enable_ma_collector)
        self.ma = enable_ma_collector
        self.batch_step_size = None
        check_bool(full_flops, "full_flops")
        check_bool(enable_ma_collector, "enable_ma_collector")
        check_positive_int(data_size, "data_size")

    def step_begin(self, run_context):
        if self.batch_step_size is None:
            self.batch_step_size = self.data_size
            batch_num = run_context.original_args().get("batch_num")
            if isinstance(batch_num, int) and batch_num > 0:
                self.batch_step_size = batch_num
            check_positive_int(self.batch_step_size)
        self.step_time = time.time()

    def _fail(self, msg):
        if self.verbose:
            raise ValueError(msg)
        return False

    def _collect(self, cb_params):
        if cb_params.mode not in ("train", "eval"):
            return self._fail("FlopsUtilizationCollector only support train and eval mode!")
        if _context["mode"] != GRAPH_MODE:
            return self._fail("FlopsUtilizationCollector now only support graph mode.")
        net = cb_params.train_network if cb_params.mode == "train" else cb_params.eval_network
        inputs = cb_params.get("train_dataset_element" if cb_params.mode == "train" else "eval_dataset_element")
        stacked = bool(cb_params.get("dataset_sink_mode")) and cb_params.mode == "train"
        try:
            flops = _step_flops(net, inputs, stacked)
        except Exception as e:  # pylint: disable=broad-except
            return self._fail("FlopsUtilizationCollector is not supported because {}.".format(e))
        self.full_model_flops = self.full_hardware_flops = flops
        self.shard_model_flops = self.shard_hardware_flops = flops
        return True

    def step_end(self, run_context):
        step_ms = (time.time() - self.step_time) * 1000
        cb_params = run_context.original_args()
        if not self.mfu_calculated:
            if not self._collect(cb_params):
                return
            self.full_mfu = self.full_model_flops / self.computility
            self.full_hfu = self.full_hardware_flops / self.computility
            self.shard_mfu = self.shard_model_flops / self.computility
            self.shard_hfu = self.shard_hardware_flops / self.computility
            self.mfu_calculated = True
            if self.verbose:
                if self.full_flops:
                    log = (f"Full model flops is {self.full_mfu * self.computility}, Full hardware flops is "
                           f"{self.full_hfu * self.computility}, Shard model flops is {self.shard_model_flops}, "
                           f"Shard hardware flops is {self.shard_hardware_flops}.")
                else:
                    log = (f"Shard model flops is {self.shard_model_flops}, Shard hardware flops is "
                           f"{self.shard_hardware_flops}.")
                print(log, flush=True)
        if cb_params.get("dataset_sink_mode"):
            step_ms = step_ms / self.batch_step_size
        log = "{} per step time: {:5.3f} ms".format(cb_params.mode.title(), step_ms)
        if self.verbose and cb_params.cur_step_num % self.data_size:
            mfu = 1000 * (self.full_mfu if self.full_flops else self.shard_mfu) / step_ms
            hfu = 1000 * (self.full_hfu if self.full_flops else self.shard_hfu) / step_ms

            def pct(label, val, digits=2):
                val *= 10 ** (digits + 2)
                return label + "{1:.{0}f}%".format(digits, floor(val) / 10 ** digits)
            log += pct(" mfu:", mfu) + pct(" hfu:", hfu)
            print(log, flush=True)
