"""mscompat: MindSpore's Python API on JAX.

``import mscompat as ms`` gives MindSpore's top-level namespace (``ms.Tensor``,
``ms.Parameter``, ``ms.float32``, ``ms.set_seed``, ``ms.ops``, ...). To run unmodified
code that says ``import mindspore``, use ``python -m mscompat script.py`` or
``mscompat.alias.install()``.
"""
from . import _host_memory
_host_memory.limit_arenas()     # before XLA's threads allocate (see the module)

import jax as _jax  # noqa: E402

# MindSpore has 64-bit types (Tensor([1, 2]) is int64); JAX needs x64 enabled for them.
# mscompat itself never creates float64 unless the user asks for it.
_jax.config.update("jax_enable_x64", True)

# PyNative's one-op programs (and any jax.jit given no compile options) of small arrays compile
# with XLA:CPU's IR emitters: 2-4 times sooner, the same numbers (mscompat._compile_options).
from . import _compile_options  # noqa: E402
_compile_options.install_small_program_default()
# ...and every XLA:CPU program without LLVM's loop unroller (read when JAX starts its backend)
_compile_options.install_llvm_options()
# ...and JAX lowers each into this thread's MLIR context, not a fresh one (mscompat._mlir_contexts)
from . import _mlir_contexts  # noqa: E402
_mlir_contexts.install()

# In a source checkout nn/, ops/, dataset/, train/ sit beside mscompat/ (pyproject.toml package-dir).
from . import _source_layout  # noqa: E402
_source_layout.install(__path__[0])

from .common import dtype  # noqa: E402
from .common.dtype import *  # noqa: E402,F401,F403
from .common.dtype import bool_, QuantDtype  # noqa: E402,F401
from .common.tensor import Tensor, COOTensor, CSRTensor, RowTensor, tensor, from_numpy, is_tensor  # noqa: E402
from .common.parameter import Parameter, ParameterTuple  # noqa: E402
from .common.seed import (set_seed, get_seed, get_rng_state, set_rng_state, Generator, default_generator,  # noqa: E402
                          seed, manual_seed, initial_seed)
from .common import initializer  # noqa: E402
from . import context  # noqa: E402
from .context import (set_context, get_context, GRAPH_MODE, PYNATIVE_MODE,  # noqa: E402
                      ParallelMode, set_auto_parallel_context, get_auto_parallel_context,
                      reset_auto_parallel_context)
from .common.api import jit, jit_class, ms_function, _no_grad  # noqa: E402,F401
from .common.mutable import mutable  # noqa: E402
from .common.jit_config import JitConfig  # noqa: E402
from .graph.symbol import Symbol  # noqa: E402
from .context import STRICT, COMPATIBLE, LAX  # noqa: E402
from . import backends, hal, runtime, device_context  # noqa: E402
from .runtime import *  # noqa: E402,F401,F403  (device memory/sync functions are top-level too)
from .backends._device_manager import set_device, get_current_device, set_deterministic  # noqa: E402,F401
from .common.device import DeviceCtx  # noqa: E402,F401
import mscompat.ops as ops  # noqa: E402
from ._autodiff import grad, value_and_grad, jvp, vjp, jacfwd, jacrev, get_grad  # noqa: E402
from .ops import vmap  # noqa: E402
import mscompat.nn as nn  # noqa: E402
import mscompat.dataset as dataset  # noqa: E402
from . import mindrecord  # noqa: E402
from . import log  # noqa: E402
from . import train  # noqa: E402
from .train import *  # noqa: E402,F401,F403
# mindspore.nn re-exports names that build on mindspore.train (which builds on nn): the metrics
# (``nn.metrics``, ``nn.Accuracy`` ...) and GraphCell; they join nn's namespace here, above both.
from .nn import metrics as _nn_metrics, graph_cell as _nn_graph_cell  # noqa: E402
nn.__dict__.update({_n: getattr(_nn_metrics, _n) for _n in _nn_metrics.__all__}, metrics=_nn_metrics,
                   GraphCell=_nn_graph_cell.GraphCell)
nn.__all__.extend(list(_nn_metrics.__all__) + ["GraphCell"])
from . import amp  # noqa: E402
from . import profiler  # noqa: E402
from . import communication  # noqa: E402
from .profiler import Profiler  # noqa: E402,F401  (MindSpore's top level has only Profiler)
from . import parallel  # noqa: E402
from .parallel import (shard, Layout, set_algo_parameters, get_algo_parameters, reset_algo_parameters,  # noqa: E402,F401
                       merge_sliced_parameter, load_distributed_checkpoint, build_searched_strategy)
from . import numpy  # noqa: E402  (mindspore.numpy is imported with mindspore)

__version__ = "2.10.0"
mstype = dtype
from .common.lazy_inline import lazy_inline  # noqa: E402,F401
from ._run_check import run_check  # noqa: E402,F401
Tensor.from_numpy = staticmethod(from_numpy)   # ``mindspore.Tensor.from_numpy(array)``, as ``mindspore.from_numpy``
from . import experimental  # noqa: E402,F401
from . import mint  # noqa: E402,F401  (mindspore.mint is imported with mindspore)
from . import utils  # noqa: E402,F401
from . import boost  # noqa: E402,F401  (mindspore.boost is imported with mindspore)
from .common.lazy_inline import no_inline  # noqa: E402,F401
from .ops import constexpr  # noqa: E402,F401
from ._recursion_limit import set_recursion_limit  # noqa: E402,F401
from .parallel._ps_context import set_ps_context, get_ps_context, reset_ps_context  # noqa: E402,F401
from . import tools  # noqa: E402,F401  (mindspore.tools: set_dump)
from .common.dump import set_dump  # noqa: E402,F401  (MINDSPORE_DUMP_CONFIG data dump: mscompat._data_dump)
# The objects made by importing mscompat (and JAX, NumPy) live as long as the process: they move to
# the garbage collector's permanent generation, so its full collections no longer walk them again
# (about 150,000 objects, 60-80 ms a full collection on a 2-core machine; a LeNet-5 training
# step's first call took 0.90-1.04 s against 1.00-1.16 s). MSCOMPAT_GC_FREEZE=0 leaves them.
import os as _os  # noqa: E402
if _os.environ.get("MSCOMPAT_GC_FREEZE", "") != "0":
    import gc as _gc
    _gc.freeze()
