"""The emulated Ascend target: MindSpore's ``device_target="Ascend"`` on any machine.

Programs compile and run on the host's XLA devices; the backend emulates what a user of an
Ascend 910 NPU meets (``docs/ascend_emulation.md`` lists what is and is not emulated):

- device names and count: ``Ascend910A`` devices, as many as the host has XLA devices, or
  ``MSCOMPAT_ASCEND_DEVICE_NUM``; device ``i`` runs on host XLA device ``i``;
- device memory: a capacity (32 GB HBM, or ``MSCOMPAT_ASCEND_MEMORY``, capped by
  ``max_device_memory`` / ``runtime.set_memory(max_size=...)``) with allocation accounting and
  MindSpore's out-of-memory error when a program or kernel would exceed it;
- the cube unit: matrix and convolution ops take float16 inputs and accumulate in float32,
  under ``ascend_config={"precision_mode": ...}`` (default ``"force_fp16"``); the ops are those
  whose entry has ``ascend_cube``, rounded at the op dispatch point (:mod:`._ascend_kernels`);
- the kernel library: operators MindSpore documents as GPU/CPU only (entries whose
  ``targets_lacking`` holds ``"Ascend"``) are rejected with the Ascend kernel-selection error
  (:mod:`._ascend_kernels`);
- HCCL names for collectives (``hccl``, ``hccl_world_group``);
- a roofline time estimate per compiled program (:mod:`.roofline`).
"""
import functools
import math
import os

import numpy as np
import jax

from . import Backend, _empty_stats
from mscompat import context
from . import _state
from . import _ascend_kernels
from mscompat import backends
from .roofline import program_info
from . import roofline

__all__ = ["AscendBackend", "SOC", "precision_mode", "PRECISION_MODES", "DEFAULT_PRECISION_MODE"]

_GB = 1024 ** 3

# The emulated chip. Figures: Huawei's Ascend 910 announcement (Aug 2019) and its Hot Chips 31
# talk ("DaVinci: A Scalable Architecture for Neural Network Computing"): 256 TFLOPS float16 on
# the cube units, 32 GB HBM2 at 1.2 TB/s.
SOC = {"name": "Ascend910A", "hbm_bytes": 32 * _GB, "peak_flops_fp16": 256e12, "hbm_bandwidth": 1.2e12}

PRECISION_MODES = ("force_fp16", "allow_fp32_to_fp16", "allow_mix_precision", "must_keep_origin_dtype",
                   "force_fp32", "allow_fp32_to_bf16", "allow_mix_precision_fp16", "allow_mix_precision_bf16")
# MindSpore 2.10's set_context documents ascend_config precision_mode "Default: force_fp16" (the
# Ascend 910's cube computes in float16 only).
DEFAULT_PRECISION_MODE = "force_fp16"

_F16 = np.dtype(np.float16)
_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)
try:
    import ml_dtypes
    _BF16 = np.dtype(ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover
    _BF16 = None

# precision mode -> the cube's input dtype for float32 operands (None: keep float32)
_FP32_CUBE = {"force_fp16": _F16, "allow_fp32_to_fp16": _F16, "allow_mix_precision": _F16,
              "allow_mix_precision_fp16": _F16, "allow_fp32_to_bf16": _BF16, "allow_mix_precision_bf16": _BF16,
              "must_keep_origin_dtype": None, "force_fp32": None}


def precision_mode():
    """The active ``ascend_config`` precision mode."""
    cfg = context._context.get("ascend_config") or {}
    return cfg.get("precision_mode", DEFAULT_PRECISION_MODE)


def _cube(compute, a, b):
    """The cube unit: ``compute(a, b)`` (a float32 matmul or convolution) on operands rounded to
    the cube's input dtype, accumulated in float32, rounded to the cube's output dtype and
    returned in MindSpore's result dtype (``a``'s). ``None``: not a cube op (integers, float64),
    the caller computes as usual."""
    dt = a.dtype
    if dt == _F32:
        cdt = _FP32_CUBE.get(precision_mode(), _F16)
        if cdt is None:
            out = compute(a, b)
            _check_eager(out)
            return out
    elif dt == _F16 or dt == _BF16:
        cdt = dt
    else:
        return None
    a, b = _round_in(a, b, cdt)
    out = _round_out(compute(a, b), cdt, dt)      # exact float16 products, float32 sums
    _check_eager(out)
    return out


def _jitted_rounding():

    @functools.partial(jax.jit, static_argnums=2)
    def round_in(a, b, cdt):
        return a.astype(cdt).astype(_F32), b.astype(cdt).astype(_F32)

    @functools.partial(jax.jit, static_argnums=(1, 2))
    def round_out(out, cdt, dt):
        return out.astype(cdt).astype(dt)

    return round_in, round_out


def _round_in(a, b, cdt):
    return _ROUNDING[0](a, b, cdt)


def _round_out(out, cdt, dt):
    return _ROUNDING[1](out, cdt, dt)


class _LazyRounding:
    fns = None

    def __getitem__(self, i):
        if self.fns is None:
            self.fns = _jitted_rounding()
        return self.fns[i]


_ROUNDING = _LazyRounding()


def _check_eager(out):
    """Eager (PyNative) kernels: account the output against the device's capacity."""
    if isinstance(out, jax.core.Tracer):
        return
    b = _state["active"]
    if b is not None and b.name == "Ascend":
        b.allocate(out.nbytes, "Cube")


def _parse_gb(text):
    return int(float(text[:-2]) * _GB)


class AscendBackend(Backend):
    """The emulated Ascend device runtime (see the module docstring)."""

    name = "Ascend"
    comm_backend = "hccl"
    world_group = "hccl_world_group"

    def __init__(self, device_id=0):
        super().__init__(device_id)
        self._known = 0            # bytes known in use at the last exact count, plus outputs since
        self._since = 0            # accounting calls since the last exact count
        self._peak = 0
        self.max_size = None       # runtime.set_memory(max_size=...) in bytes
        self.programs = {}         # (name, signature) -> ProgramInfo
        self.last = None           # roofline.StepEstimate of the last program run

    # --- devices ------------------------------------------------------------------
    def available(self):
        return True

    def load_error(self):
        return ""

    def xla_devices(self):
        return jax.devices()

    def device_count(self):
        env = os.environ.get("MSCOMPAT_ASCEND_DEVICE_NUM")
        return int(env) if env else len(self.local_devices())

    def _check_id(self, device_id):
        n = self.device_count()
        if device_id >= n:
            raise ValueError(f"The argument 'device_id' must be less than device count: {n}, but got {device_id}.")

    def device_name(self, device_id):
        self._check_id(device_id)
        return SOC["name"]

    def device_properties(self, device_id):
        return _AscendDeviceProperties(SOC["name"], self.capacity(), self.capacity() - self.allocated())

    def activate(self):
        _ascend_kernels.install()
        backends.cube = _cube
        if not backends._defer_probe():    # placement waits for communication.init() in launched workers
            jax.config.update("jax_default_device", self.device())
            self.allocated()

    def deactivate(self):
        _ascend_kernels.uninstall()
        backends.cube = None
        jax.config.update("jax_default_device", None)

    # --- memory ----------------------------------------------------------------------
    def capacity(self):
        """Device memory available to MindSpore's pool, in bytes: the HBM size
        (``MSCOMPAT_ASCEND_MEMORY``, e.g. ``"16GB"``) capped by ``max_device_memory`` /
        ``runtime.set_memory(max_size=...)``."""
        env = os.environ.get("MSCOMPAT_ASCEND_MEMORY")
        hbm = _parse_gb(env) if env else SOC["hbm_bytes"]
        cap = context._context.get("max_device_memory", "1024GB")
        limit = _parse_gb(cap) if isinstance(cap, str) else int(float(cap) * _GB)
        if self.max_size is not None:
            limit = min(limit, self.max_size)
        return min(hbm, limit)

    def allocated(self):
        """Bytes of live arrays on this device (an exact count over JAX's live buffers)."""
        dev = self.device()
        total = 0
        for a in jax.live_arrays():
            try:
                devs = a.sharding.device_set
            except Exception:  # noqa: BLE001 - deleted or being deleted
                continue
            if dev in devs:
                total += a.nbytes // len(devs)
        self._known = total
        self._peak = max(self._peak, total)
        return total

    def allocate(self, nbytes, kernel):
        """Account ``nbytes`` about to be (or just) allocated by ``kernel``; raise MindSpore's
        out-of-memory error when they do not fit. The running figure adds outputs and does not see
        frees or arrays made outside accounted kernels; it is replaced by an exact count over
        JAX's live buffers every 16th call and whenever it reaches half the capacity."""
        cap = self.capacity()
        self._since += 1
        if self._known + nbytes > cap // 2 or self._since >= 16:
            self._since = 0
            in_use = self.allocated()     # exact: within half the capacity, and every 16th kernel
            if in_use + nbytes > cap:
                raise RuntimeError(
                    f"Memory not enough: Device(id:{self.device_id}) memory isn't enough and alloc failed, "
                    f"kernel name: {kernel}, alloc size: {int(nbytes)}B.\n(emulated {SOC['name']}: "
                    f"{in_use}B in use of {cap}B device memory; raise the limit with "
                    f"mindspore.runtime.set_memory(max_size=...) or set_context(max_device_memory=...))")
        self._known += nbytes
        self._peak = max(self._peak, self._known)

    def memory_stats(self):
        used = self.allocated()
        block = _GB
        reserved = min(self.capacity(), max(2 * _GB, math.ceil(self._peak / block) * block))
        out = _empty_stats()
        out.update(total_reserved_memory=reserved, total_allocated_memory=used,
                   total_idle_memory=reserved - used, max_reserved_memory=reserved,
                   max_allocated_memory=self._peak)
        out["common_mem_pool_stats"]["block_unit_size"] = block
        out["common_mem_pool_stats"]["block_counts"] = reserved // block
        out["persistent_mem_pool_stats"]["block_unit_size"] = block
        return out

    def reset_peak_memory_stats(self):
        self._peak = 0
        self._peak = self.allocated()

    # --- programs --------------------------------------------------------------------
    def wrap_program(self, jitted, name):
        if isinstance(jitted, _AscendProgram):
            return jitted
        return _AscendProgram(jitted, name, self)


class _AscendDeviceProperties:
    def __init__(self, name, total_memory, free_memory):
        self.name, self.total_memory, self.free_memory = name, total_memory, free_memory

    def __repr__(self):
        return (f"_AscendDeviceProperties(name='{self.name}', total_memory={self.total_memory // (1024 * 1024)}MB, "
                f"free_memory={self.free_memory // (1024 * 1024)}MB)")


class _AscendProgram:
    """A compiled callable's ``jax.jit`` object on the emulated device: each signature is
    compiled once; before a run its output and scratch memory are checked against the device
    capacity and its roofline time is recorded (``backends.last_estimate()``)."""

    def __init__(self, jitted, name, backend):
        self.jitted = jitted
        self.name = name
        self.backend = backend
        info = getattr(jitted, "_jit_info", None)
        self.static = tuple(getattr(info, "static_argnums", ()) or ()) if info is not None else None
        self.cache = {}

    def __getattr__(self, item):
        return getattr(self.jitted, item)

    def _key(self, args):
        leaves, tree = jax.tree_util.tree_flatten(
            [a for i, a in enumerate(args) if not self.static or i not in self.static])
        statics = tuple(args[i] for i in self.static) if self.static else ()
        return (tree, tuple((getattr(x, "shape", None), str(getattr(x, "dtype", type(x)))) for x in leaves), statics)

    def lower(self, *args, **kwargs):
        return _Lowered(self.jitted.lower(*args, **kwargs), self, self._key(args))

    def _record(self, key, compiled):
        info = program_info(compiled, self.name)
        self.cache[key] = (compiled, info)
        return info

    def __call__(self, *args, **kwargs):
        if _state["active"] is not self.backend or self.static is None or kwargs:
            return self.jitted(*args, **kwargs)
        key = self._key(args)
        hit = self.cache.get(key)
        if hit is None:
            compiled = self.jitted.lower(*args).compile()
            self._record(key, compiled)
            hit = self.cache[key]
        compiled, info = hit
        self.backend.allocate(info.output_bytes + info.temp_bytes, self.name)
        self.backend._known -= info.temp_bytes       # scratch is freed when the program ends
        self.backend.last = info.estimate
        roofline._note(info.estimate)
        return compiled(*[a for i, a in enumerate(args) if i not in self.static])


class _Lowered:
    def __init__(self, lowered, program, key):
        self._lowered, self._program, self._key = lowered, program, key

    def __getattr__(self, item):
        return getattr(self._lowered, item)

    def compile(self, *args, **kwargs):
        compiled = self._lowered.compile(*args, **kwargs)
        info = self._program._record(self._key, compiled)
        roofline._note(info.estimate, compiled_only=True)
        return compiled
