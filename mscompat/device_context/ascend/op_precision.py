"""``mindspore.device_context.ascend.op_precision``: the Ascend operator precision settings.

``precision_mode`` selects the emulated cube unit's input precision (the same setting as
``set_context(ascend_config={"precision_mode": ...})``). ``op_precision_mode`` files and the
HF32 switches are validated and recorded; HF32 is not emulated (``docs/ascend_emulation.md``).
"""
import os
from mscompat import context
from mscompat.backends.ascend import PRECISION_MODES, precision_mode as current

__all__ = ["precision_mode", "op_precision_mode", "matmul_allow_hf32", "conv_allow_hf32"]

_configured = {}


def _cfg():
    return context._context.setdefault("ascend_config", {})


def precision_mode(mode):
    """Set the operator precision mode (MindSpore's eight modes); once per process."""
    if mode == current():
        return
    if "precision_mode" in _configured:
        raise RuntimeError("The 'precision_mode' can not be set repeatedly.")
    supported = list(PRECISION_MODES)
    if mode not in supported:
        raise ValueError(f"For 'precision_mode', the value of mode {mode} must be one of "
                         f"{supported}, but got {mode}.")
    _configured["precision_mode"] = True
    context._context["ascend_config"] = dict(_cfg(), precision_mode=mode)


def op_precision_mode(path):
    """Path of an operator precision configuration file (.ini); recorded."""
    if not isinstance(path, str):
        raise TypeError(f"The parameter 'path' must be {str}, but got {type(path)}")
    if _cfg().get("op_precision_mode") == path:
        return
    if "op_precision_mode" in _configured:
        raise RuntimeError("The 'op_precision_mode' can not be set repeatedly.")
    if not os.path.exists(os.path.realpath(path)):
        raise ValueError(f"For 'op_precision_mode', the 'path' is invalid, got '{path}'.")
    _configured["op_precision_mode"] = True
    context._context["ascend_config"] = dict(_cfg(), op_precision_mode=path)


def _hf32(name, value):
    if value not in (True, False) or not isinstance(value, bool):
        raise ValueError(f"For '{name}', the type of input value must be one of [True, False], but got {value}.")
    if _cfg().get(name) == value:
        return
    if name in _configured:
        raise RuntimeError(f"The '{name}' can not be set repeatedly.")
    _configured[name] = True
    context._context["ascend_config"] = dict(_cfg(), **{name: value})


def matmul_allow_hf32(value):
    """Whether float32 MatMul may run in HF32 (recorded; not emulated)."""
    _hf32("matmul_allow_hf32", value)


def conv_allow_hf32(value):
    """Whether float32 convolutions may run in HF32 (recorded; not emulated)."""
    _hf32("conv_allow_hf32", value)
