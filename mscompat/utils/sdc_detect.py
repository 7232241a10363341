"""Silent-data-corruption detection (an Ascend feature): on a CPU host starting and stopping it
do nothing and no corruption is ever reported (``get_sdc_detect_result()`` is False)."""
from ._deprecation import warn_moved

__all__ = ["sdc_detect_start", "sdc_detect_stop", "get_sdc_detect_result"]


def sdc_detect_start():
    warn_moved("sdc_detect_start")


def sdc_detect_stop():
    warn_moved("sdc_detect_stop")


def get_sdc_detect_result():
    warn_moved("get_sdc_detect_result")
    return False
