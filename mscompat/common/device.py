"""``mindspore.DeviceCtx`` (``mindspore.common.device``): a ``with`` block that runs on another
device target (``with DeviceCtx("CPU"): ...``) and restores the previous one on exit."""
from mscompat.backends._device_manager import set_device, get_current_device

__all__ = ["DeviceCtx"]

_TARGETS = ["CPU", "GPU", "Ascend", "meta"]


class DeviceCtx:
    """Switch to device ``name`` (``"CPU"``, ``"GPU"``, ``"Ascend"`` or ``"meta"``), id
    ``device_id`` (0 when None), for the ``with`` block. ``"meta"`` (MindSpore's device that
    allocates no memory) keeps the current device: mscompat allocates device memory lazily.
    Blocks nest; each restores the device that was active when it was entered."""

    def __init__(self, name: str, device_id=None):
        self.name = name
        self.device_id = device_id
        self._stack = []

    def __enter__(self):
        if self.name not in _TARGETS:
            raise ValueError(f"For DeviceCtx, the name must be one of {_TARGETS}, but got {self.name}.")
        if self.device_id is not None and self.device_id < 0:
            raise ValueError("For DeviceCtx, the device_id must be greater than or equal to 0.")
        self._stack.append(get_current_device())
        if self.device_id is None:
            self.device_id = 0
        if self.name != "meta":
            set_device(self.name, self.device_id)
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        previous = self._stack.pop()
        set_device(previous.device_target, previous.device_id)
        return False
