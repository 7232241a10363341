"""``mindspore.common``: Tensor, Parameter, dtype, initializer, seed."""
import importlib

from . import dtype
from .dtype import *  # noqa: F401,F403
from .tensor import Tensor, COOTensor, CSRTensor, RowTensor, tensor, from_numpy, is_tensor
from . import _indexing  # noqa: F401  (attaches Tensor.__getitem__/__setitem__)
from .parameter import Parameter, ParameterTuple
from .seed import (set_seed, get_seed, get_rng_state, set_rng_state, Generator, default_generator, seed, manual_seed,
                   initial_seed)
from .mutable import mutable  # noqa: E402
from .jit_config import JitConfig  # noqa: E402
from mscompat.graph.symbol import Symbol  # noqa: E402
from ._grad_function import _Function  # noqa: E402,F401  (custom autograd functions)


_LAZY = {"jit": "api", "jit_class": "api", "_no_grad": "api", "flops_collection": "api", "DeviceCtx": "device"}


def __getattr__(name):
    # names MindSpore's ``mindspore.common`` holds whose modules import this package (a cycle when eager)
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
