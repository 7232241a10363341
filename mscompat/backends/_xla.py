"""The XLA targets: ``CPU``, ``GPU`` and ``TPU`` are JAX platforms.

Devices, placement and synchronisation are JAX's; memory statistics come from the PJRT
client's allocator where it keeps them (GPU, TPU) and are zeros on CPU, as MindSpore's CPU
backend reports.
"""
import jax

from . import Backend, _defer_probe, _empty_stats
from . import unsupported_target_error


class XlaBackend(Backend):
    """A MindSpore device target backed by one JAX platform."""

    def __init__(self, name, platform, device_id=0):
        super().__init__(device_id)
        self.name = name
        self.platform = platform
        self._error = None
        self._peak_base = 0
        # MindSpore's collective library per target (communication.init picks it the same way)
        self.comm_backend = {"CPU": "mccl", "GPU": "nccl"}.get(name)
        self.world_group = {"CPU": "mccl_world_group", "GPU": "nccl_world_group"}.get(name)

    def available(self):
        return bool(self._probe())

    def activate(self):
        # placement: new arrays go to the selected accelerator (the host CPU is one device)
        if self.name != "CPU" and not _defer_probe() and self._probe():
            jax.config.update("jax_default_device", self.device())

    def deactivate(self):
        if self.name != "CPU":
            jax.config.update("jax_default_device", None)

    def _probe(self):
        try:
            return jax.devices(self.platform)
        except RuntimeError as e:
            self._error = str(e)
            return []

    def load_error(self):
        self._probe()
        return self._error or f"No {self.platform} devices."

    def xla_devices(self):
        devs = self._probe()
        if not devs:
            raise unsupported_target_error(self.name)
        return devs

    def device_count(self):
        if self.name == "CPU":
            return 1     # MindSpore counts the host as one CPU device
        return len(self.local_devices())

    def device_name(self, device_id):
        if self.name == "CPU":
            return "CPU"
        return self.device(device_id).device_kind

    def device_properties(self, device_id):
        if self.name == "CPU":
            return None
        d = self.device(device_id)
        stats = _device_memory_stats(d)
        return _Properties(d.device_kind, stats.get("bytes_limit", 0), d)

    def synchronize(self):
        devs = set(self.xla_devices())
        for a in jax.live_arrays():
            if a.devices() & devs:
                a.block_until_ready()

    def memory_stats(self):
        out = _empty_stats()
        if self.name == "CPU":
            return out
        s = _device_memory_stats(self.device())
        used, peak = s.get("bytes_in_use", 0), s.get("peak_bytes_in_use", 0)
        reserved = s.get("bytes_reserved", 0) or s.get("pool_bytes", 0) or used
        out.update(total_reserved_memory=reserved, total_allocated_memory=used,
                   total_idle_memory=max(reserved - used, 0), max_reserved_memory=max(reserved, peak),
                   max_allocated_memory=max(peak - self._peak_base, used))
        return out

    def reset_peak_memory_stats(self):
        # PJRT keeps the peak itself and cannot reset it: report peaks above today's use.
        if self.name != "CPU":
            self._peak_base = max(_device_memory_stats(self.device()).get("peak_bytes_in_use", 0)
                                  - _device_memory_stats(self.device()).get("bytes_in_use", 0), 0)


class _Properties:
    """``hal.get_device_properties`` result (name, total_memory, ...)."""

    def __init__(self, name, total_memory, device):
        self.name = name
        self.total_memory = total_memory
        self.free_memory = total_memory - _device_memory_stats(device).get("bytes_in_use", 0)

    def __repr__(self):
        return f"_DeviceProperties(name='{self.name}', total_memory={self.total_memory // (1024 * 1024)}MB)"


def _device_memory_stats(device):
    try:
        return device.memory_stats() or {}
    except Exception:  # noqa: BLE001 - some PJRT clients do not implement it
        return {}
