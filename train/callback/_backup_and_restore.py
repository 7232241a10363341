"""``BackupAndRestore``: back the train network up every few epochs; restore it at the start."""
import logging
import os
import stat

from ._callback import Callback
from mscompat._checkparam import check_bool, check_positive_int
from ._checkpoint import _make_directory
from mscompat.train.serialization import load_checkpoint
from mscompat.train.serialization import save_checkpoint

__all__ = ["BackupAndRestore"]

logger = logging.getLogger("mscompat")


class BackupAndRestore(Callback):
    """Save ``<backup_dir>/backup.ckpt`` every ``save_freq`` epochs ('epoch': every epoch), load it
    into the train network when training starts, and delete it when training ends
    (``delete_checkpoint``)."""

    def __init__(self, backup_dir, save_freq="epoch", delete_checkpoint=True):
        super().__init__()
        self.backup_file = os.path.join(_make_directory(backup_dir), "backup.ckpt")
        self.save_freq = 1 if save_freq == "epoch" else check_positive_int(save_freq)
        self.delete_checkpoint = check_bool(delete_checkpoint)

    def on_train_begin(self, run_context):
        if os.path.exists(self.backup_file):
            logger.info("Restore checkpoint file is %s, load checkpoint into train net.", self.backup_file)
            load_checkpoint(self.backup_file, net=run_context.original_args().train_network)

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        if cb_params.cur_epoch_num % self.save_freq == 0:
            save_checkpoint(cb_params.train_network, self.backup_file)

    def on_train_end(self, run_context):
        if self.delete_checkpoint and os.path.exists(self.backup_file):
            os.chmod(self.backup_file, stat.S_IWRITE)
            os.remove(self.backup_file)
