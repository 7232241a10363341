"""``Dataset.sync_wait`` / ``Dataset.sync_update``: flow control between the training loop and
the pipeline. A ``SyncWaitDataset`` lets ``num_batch`` batches through at the start of each
epoch, then each row waits until ``sync_update(condition_name)`` releases more (calling the
node's ``callback`` with the update's ``data``); a wait longer than the callback timeout
(``config.set_callback_timeout``) logs a warning and disables the lock, as in MindSpore."""
import threading

from mscompat import log as logger
from . import _engine_config as config
from ._arg_checks import type_check
from ._engine_core import Dataset, pipeline_node

__all__ = ["SyncWaitDataset", "BlockReleasePair"]


class BlockReleasePair:
    """The blocking condition of one ``sync_wait`` (rows let through, as a negative count)."""

    def __init__(self, init_release_rows, callback=None):
        if isinstance(init_release_rows, int) and init_release_rows <= 0:
            raise ValueError("release_rows need to be greater than 0.")
        self.row_count = -init_release_rows
        self.cv = threading.Condition()
        self.callback = callback
        self.default_rows = init_release_rows
        self.disable = False

    def __deepcopy__(self, memodict):
        return self

    def reset(self):
        with self.cv:
            self.row_count = -self.default_rows
            self.cv.notify_all()

    def update_batched_size(self, batch_size):
        if isinstance(batch_size, int) and batch_size <= 0:
            raise ValueError("batch_size need to be greater than 0.")
        self.row_count *= batch_size
        self.default_rows *= batch_size

    def block_func(self):
        with self.cv:
            released = self.cv.wait_for(lambda: self.row_count < 0 or self.disable,
                                        timeout=config.get_callback_timeout())
            if not released:
                logger.warning("Timeout happened in sync_wait, maybe dataset.sync_update(condition=...) is not added "
                               "after dataset.create_dict_iterator(...), now disabling lock.")
                self.disable = True
            self.row_count += 1
        return True

    def release_func(self, pass_rows=None, data=None):
        with self.cv:
            if pass_rows is None:
                pass_rows = self.default_rows
            self.row_count -= pass_rows
            if self.callback is not None:
                self.callback(data)
            self.cv.notify_all()

    def disable_lock(self):
        with self.cv:
            self.disable = True
            self.cv.notify_all()


@pipeline_node
class SyncWaitDataset(Dataset):
    def __init__(self, input_dataset, condition_name, num_batch=1, callback=None):
        type_check(condition_name, (str,), "condition_name")
        type_check(num_batch, (int,), "num_batch")
        super().__init__(input_dataset)
        self._condition_name = condition_name
        if num_batch <= 0:
            raise ValueError("num_batch need to be greater than 0.")
        self._pair = BlockReleasePair(num_batch, callback)
        if condition_name in input_dataset.get_sync_notifiers():
            raise RuntimeError("Condition name is already in use.")
        logger.info(f"Please remember to add dataset.sync_update(condition={condition_name}), otherwise hanging "
                    f"will result. If dataset.sync_update(condition={condition_name}) has already been added, you "
                    f"can ignore the info.")

    def _rows(self, ctx, epoch, start=0):
        self._pair.reset()
        for row in self.children[0]._rows(ctx, epoch, start):
            self._pair.block_func()
            yield row

    def get_sync_notifiers(self):
        return {**self.children[0].get_sync_notifiers(), self._condition_name: self._pair.release_func}

    def is_sync(self):
        return True

    def update_sync_batch_size(self, batch_size):
        if isinstance(batch_size, int) and batch_size <= 0:
            raise ValueError("num_batch need to be greater than 0.")
        self._pair.update_batched_size(batch_size)

    def disable_sync(self):
        logger.info("Disabling Sync")
        self._pair.disable_lock()


def notify_batch_size(dataset, batch_size):
    """A batch over ``sync_wait`` nodes: their ``num_batch`` counts batches of ``batch_size`` rows."""
    if isinstance(dataset, SyncWaitDataset):
        dataset.update_sync_batch_size(batch_size)
    for child in dataset.children:
        notify_batch_size(child, batch_size)


@pipeline_node
def sync_update(dataset, condition_name, num_batch=None, data=None):
    """Release ``num_batch`` more batches (default: the node's ``num_batch``) of ``condition_name``."""
    if (not isinstance(num_batch, int) and num_batch is not None) or (isinstance(num_batch, int) and num_batch <= 0):
        dataset.disable_sync()
        raise RuntimeError(f"Sync_update batch size can only be positive integer, got: {num_batch}.")
    notifiers = dataset.get_sync_notifiers()
    if not isinstance(condition_name, str):
        raise TypeError(f"Argument condition_name with value {condition_name} is not of type str, "
                        f"but got {type(condition_name)}.")
    if condition_name not in notifiers:
        dataset.disable_sync()
        raise RuntimeError("Condition name not found.")
    if num_batch is not None:
        num_batch *= dataset.get_batch_size()
    notifiers[condition_name](num_batch, data)
