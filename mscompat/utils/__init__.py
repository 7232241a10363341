"""``mindspore.utils``: device health checks (``stress_detect``, silent-data-corruption
detection), DLPack exchange, dry-run simulation helpers, the communication execution-order
check and ``ExitByRequest``, with MindSpore's behaviour on a CPU host."""
from .stress_detect import stress_detect
from .sdc_detect import sdc_detect_start, sdc_detect_stop, get_sdc_detect_result
from .dlpack import from_dlpack, to_dlpack
from .runtime_execution_order_check import comm_exec_order_check
from .utils import ExitByRequest
from . import dryrun

__all__ = ["stress_detect", "ExitByRequest", "dryrun", "comm_exec_order_check", "sdc_detect_start",
           "sdc_detect_stop", "get_sdc_detect_result", "from_dlpack", "to_dlpack"]
