"""``mindspore.common.file_system``: the file interface checkpoint saving and loading go through.

The basic backend is Python's ``open``. MindSpore's optional MindIO backend (an Ascend storage
service, the ``mindio_acp`` or ``mindio`` package) is used for preloading when it is installed:
``set_mindio_server_info`` configures it, ``mindio_preload`` returns False without it.
"""
import importlib
import logging

from mscompat._checkparam import check_positive_int, check_value_type

__all__ = ["FileSystem", "set_mindio_server_info", "mindio_preload"]

logger = logging.getLogger("mscompat")

mindio_server_info = {"memfs.data_block_pool_capacity_in_gb": "100"}


class FileSystem:
    """``create(path, *create_args)`` opens a file to append to, ``open(path, *open_args)`` one
    to read; ``backend`` names the implementation."""

    def __init__(self):
        self.create = open
        self.create_args = ("ab",)
        self.open = open
        self.open_args = ("rb",)
        self.backend = "basic"


def _init_mindio():
    """The initialized MindIO module (``mindio_acp``, else ``mindio``), or None when neither is
    installed or initializes."""
    for name in ("mindio_acp", "mindio"):
        try:
            mindio = importlib.import_module(name)
        except ImportError:
            continue
        ret = mindio.initialize(server_info=mindio_server_info) if name == "mindio_acp" else mindio.initialize()
        if ret == 0:
            return mindio
        logger.warning("Failed to initialize %s: ret = %s", name, ret)
    return None


def set_mindio_server_info(data_block_pool_capacity_in_gb=100):
    """Set the memory pool capacity (GB, a positive int) of the MindIO server."""
    check_positive_int(data_block_pool_capacity_in_gb, "data_block_pool_capacity_in_gb")
    mindio_server_info["memfs.data_block_pool_capacity_in_gb"] = str(data_block_pool_capacity_in_gb)


def mindio_preload(ckpt_file_name):
    """Preload a checkpoint file into memory through MindIO; False when MindIO is not available."""
    check_value_type("ckpt_file_name", ckpt_file_name, str, "mindio_preload")
    mindio = _init_mindio()
    if mindio is None:
        return False
    if not hasattr(mindio, "preload"):
        logger.warning("MindIO module does not have preload method")
        return False
    mindio.preload(ckpt_file_name)
    return True
