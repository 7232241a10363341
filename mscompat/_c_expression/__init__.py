"""``mindspore._c_expression``: the names Python code reads from MindSpore's C++ extension —
``typing`` (the dtype classes and their ``k*`` instances, the objects of ``mindspore.common.dtype``),
``TensorPy`` (the Tensor class), ``MSContext`` (``get_instance().get_ascend_soc_version()``) and
``security`` (``enable_security()``: False, as in MindSpore builds without the security option) and
``get_code_extra`` (PIJit's compile record of a code object: None, mscompat compiles no bytecode)."""
import importlib.machinery
import sys
import types

import numpy as np

from mscompat import context
from mscompat.common import dtype as _dtype
from mscompat.common.tensor import Tensor as TensorPy

__all__ = ["typing", "TensorPy", "MSContext", "security", "swap_cache", "get_code_extra"]

_CLASSES = ("Type", "Number", "Bool", "Int", "UInt", "Float", "BFloat", "Complex", "TensorType", "List", "Tuple",
            "String", "TypeNone")
_INSTANCES = {"kBool": "bool_", "kInt8": "int8", "kInt16": "int16", "kInt32": "int32", "kInt64": "int64",
              "kUInt8": "uint8", "kUInt16": "uint16", "kUInt32": "uint32", "kUInt64": "uint64",
              "kFloat16": "float16", "kFloat32": "float32", "kFloat64": "float64", "kBFloat16": "bfloat16",
              "kComplex64": "complex64", "kComplex128": "complex128", "kString": "string"}

typing = types.ModuleType("mindspore._c_expression.typing", "The dtype classes of mindspore.common.dtype.")
for _name in _CLASSES:
    setattr(typing, _name, getattr(_dtype, _name))
for _k, _v in _INSTANCES.items():
    if hasattr(_dtype, _v):
        setattr(typing, _k, getattr(_dtype, _v))

security = types.ModuleType("mindspore._c_expression.security",
                            "Whether the build has MindSpore's security option (no dump, no profiling).")


def _enable_security():
    """False: dump, profiling and the other debug features are built in."""
    return False


security.enable_security = _enable_security

# ``from mindspore._c_expression.typing import Float``: the namespaces import as submodules too
for _sub in (typing, security):
    _sub_name = f"{__name__}.{_sub.__name__.rpartition('.')[2]}"
    _sub.__spec__ = importlib.machinery.ModuleSpec(_sub_name, None)
    sys.modules[_sub_name] = _sub


def swap_cache(host, device, block_mapping, is_device_to_host):
    """Copy blocks of a paged KV cache between its host and device copies, in place: for each row
    ``(src, dst)`` of ``block_mapping`` (an int Tensor of shape (n, 2)), block ``dst`` (first axis)
    of the destination becomes block ``src`` of the source; the destination is ``host`` when
    ``is_device_to_host``, else ``device``. mscompat Tensors live in one memory space, so the copy is
    between the two Tensors."""
    if not isinstance(host, TensorPy) or not isinstance(device, TensorPy) or not isinstance(block_mapping, TensorPy):
        raise TypeError("swap_cache(): incompatible function arguments: host, device and block_mapping must be "
                        f"Tensors, but got {type(host).__name__}, {type(device).__name__}, "
                        f"{type(block_mapping).__name__}.")
    mapping = np.asarray(block_mapping.asnumpy()).reshape(-1, 2)
    src, dst = (device, host) if is_device_to_host else (host, device)
    if src.shape[1:] != dst.shape[1:]:
        raise ValueError(f"swap_cache(): the blocks of host {host.shape} and device {device.shape} differ in shape.")
    dst.assign_value(TensorPy._wrap(dst._data.at[mapping[:, 1]].set(src._data[mapping[:, 0]].astype(dst._data.dtype))))


def get_code_extra(code):
    """The compile record MindSpore's bytecode JIT (PIJit) keeps for a function or code object it
    compiled, else None. mscompat's ``jit(capture_mode="bytecode")`` runs the bytecode eagerly and
    compiles nothing from it, so no code object has a record: None, as MindSpore gives for code PIJit
    never compiled."""
    return None


def is_reboot_node():
    """Whether this process was restarted by MindSpore's training fault recovery (a rebooted node
    of a fault-tolerant job): never in mscompat, which has no such recovery."""
    return False


class MSContext:
    """The process context object some model code queries for the Ascend SoC version."""

    _instance = None

    @classmethod
    def get_instance(cls):
        if cls._instance is None:
            cls._instance = cls()
        return cls._instance

    def get_ascend_soc_version(self):
        """The Ascend SoC name ('' off Ascend, like MindSpore on a CPU/GPU host)."""
        if context.get_context("device_target") != "Ascend":
            return ""
        return "Ascend910A"   # the emulated Ascend device (mscompat.hal.get_device_name)

    def is_ascend_plugin_loaded(self):
        return context.get_context("device_target") == "Ascend"
