"""``mindspore.set_device`` / ``get_current_device`` / ``set_deterministic`` and the context's
device keys (``device_target``, ``device_id``, ``max_device_memory``, ``ascend_config``)."""
import re
import os

from . import activate, set_device_id, device_target, device_id, TARGETS
from mscompat import context
from mscompat import log

__all__ = ["set_device", "get_current_device", "set_deterministic", "DeviceInfo"]


class DeviceInfo(tuple):
    """``(device_target, device_id)`` with named fields."""

    def __new__(cls, device_target, device_id):
        return super().__new__(cls, (device_target, device_id))

    @property
    def device_target(self):
        return self[0]

    @property
    def device_id(self):
        return self[1]


def _type(name, value, types):
    if not isinstance(value, types) or (isinstance(value, bool) and types is int):
        raise TypeError(f"The parameter '{name}' must be {types}, but got {type(value)}")


def set_device(device_target, device_id=None):
    """Select the device target (``"CPU"``, ``"GPU"``, ``"Ascend"``; ``"TPU"`` in mscompat) and id."""
    _type("device_target", device_target, str)
    if device_id is not None:
        _type("device_id", device_id, int)
    valid = ["CPU", "GPU", "Ascend"]
    if device_target not in valid and device_target != "TPU":
        raise ValueError(f"The argument 'device_target' must be one of {valid}, but got {device_target}.")
    if device_id is None:
        device_id = 0
    if device_id < 0:
        raise ValueError("The device id must bigger than or equal to 0.")
    activate(device_target, device_id)
    context._context["device_id"] = device_id


def get_current_device():
    """The active ``(device_target, device_id)``."""
    return DeviceInfo(device_target(), device_id())


_deterministic = {}


def set_deterministic(deterministic):
    """Deterministic computation (XLA's CPU and TPU results are deterministic; on GPU this sets
    ``--xla_gpu_deterministic_ops``, which must happen before JAX starts its GPU backend)."""
    _type("deterministic", deterministic, bool)
    if _deterministic:
        raise RuntimeError("The 'mindspore.set_deterministic' can not be set repeatedly.")
    _deterministic["value"] = deterministic
    context._context["deterministic"] = "ON" if deterministic else "OFF"
    if deterministic:
        flags = os.environ.get("XLA_FLAGS", "")
        if "xla_gpu_deterministic_ops" not in flags:
            os.environ["XLA_FLAGS"] = (flags + " --xla_gpu_deterministic_ops=true").strip()


# --- context keys (called by mscompat.context.set_context) --------------------------------
_RE_PATTERN = r"[1-9][0-9]*(\.)?[0-9]*GB|0\.[0-9]*GB"
_ASCEND_CFG = {
    "precision_mode": ["force_fp16", "allow_fp32_to_fp16", "allow_mix_precision", "must_keep_origin_dtype",
                       "force_fp32", "allow_fp32_to_bf16", "allow_mix_precision_fp16", "allow_mix_precision_bf16"],
    "jit_compile": [True, False], "atomic_clean_policy": [0, 1], "matmul_allow_hf32": [True, False],
    "conv_allow_hf32": [True, False], "exception_dump": ["0", "1", "2"], "op_precision_mode": (str,),
    "ge_options": (dict,), "parallel_speed_up_json_path": (str, type(None)), "host_scheduling_max_threshold": (int,),
    "cur_step_num": (int,), "save_checkpoint_steps": (int,), "need_ckpt": (bool,), "last_triggered_step": (int,),
    "hccl_watchdog": (bool,), "topo_order": (dict,), "op_debug_option": (str, type(None)),
}


def context_device_target(value):
    """``set_context(device_target=...)``: MindSpore's checks, then the backend switch."""
    valid = ["CPU", "GPU", "Ascend", "Davinci"]
    if value not in valid and value != "TPU":
        raise ValueError(f"For 'context.set_context', the argument 'device_target' must be one of "
                         f"{valid}, but got {value}.")
    if value == "Davinci":
        value = "Ascend"
    activate(value)
    return value


def context_device_id(value):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 4095:
        raise ValueError(f"For 'context.set_context', the argument 'device_id' must be in range [0, 4095], "
                         f"but got {value}.")
    set_device_id(value)
    return value


def context_max_device_memory(value, old):
    """``set_context(max_device_memory=...)``: applies to Ascend and GPU; MindSpore ignores it
    (with a warning) on other targets."""
    target = device_target()
    if target not in ("Ascend", "GPU"):
        log.warning(f"For 'context.set_context', when set the argument 'max_device_memory', the argument "
                    f"'device_target' only supports devices in '['Ascend', 'GPU']', but got '{target}', ignore it.")
        return old
    if not isinstance(value, str) or not re.fullmatch(_RE_PATTERN, value, re.ASCII):
        raise ValueError(f"The '{value}' is illegal, it must be match regular'{_RE_PATTERN}' by flags're.ASCII.'")
    gb = float(value[:-2])
    if gb == 0:
        raise ValueError("For 'context.set_context', the argument 'max_device_memory' should not be \"0GB\".")
    return gb


def context_ascend_config(value, old):
    """Validate and merge ``ascend_config`` (MindSpore's keys and values); as in MindSpore, it is
    ignored with a warning unless the target is Ascend."""
    target = device_target()
    if target != "Ascend":
        log.warning(f"For 'context.set_context', when set the argument 'ascend_config', the argument "
                    f"'device_target' only supports devices in '['Ascend']', but got '{target}', ignore it.")
        return old
    if not isinstance(value, dict):
        raise TypeError(f"The parameter 'ascend_config' must be {dict}, but got {type(value)}")
    keys = tuple(_ASCEND_CFG)
    out = dict(old or {})
    for k, v in value.items():
        if k not in _ASCEND_CFG:
            raise ValueError(f"For 'context.set_context', the key of argument 'ascend_config' must be one of "
                             f"{keys}, but got {k}.")
        allowed = _ASCEND_CFG[k]
        ok = isinstance(v, allowed) if isinstance(allowed, tuple) else (v in allowed and type(v) is type(allowed[0]))
        if not ok:
            raise ValueError(f"For 'ascend_config', the value of argument {k} must be one of {allowed}, "
                             f"but got {v}.")
        out[k] = v
    return out


assert set(TARGETS) >= {"CPU", "GPU", "Ascend"}
