"""``stress_detect(detect_type='aic')``: the Ascend AI-core / HCCS link stress test. A CPU host
has neither: 'aic' raises RuntimeError, 'hccs' needs the collective library (RuntimeError
without it), an unknown type logs an error and returns 1, as in MindSpore."""
from mscompat import log as logger
from mscompat.communication import _comm_helper
from ._deprecation import warn_moved

__all__ = ["stress_detect"]


def stress_detect(detect_type="aic"):
    warn_moved("stress_detect")
    if detect_type not in ("aic", "hccs"):
        logger.error(f"For stress detect, detection type must be 'aic' or 'hccs'.But got {detect_type}. "
                     f"Exiting stress detect.")
        return 1
    if detect_type == "hccs" and not _comm_helper._is_initialized():
        raise RuntimeError("Stress detection of the HCCS links needs the collective communication library: call "
                           "'mindspore.communication.init()' in a process launched by msrun/mpirun first.")
    raise RuntimeError("Stress detection is not supported.")
