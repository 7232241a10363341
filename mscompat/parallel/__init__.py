"""``mindspore.parallel`` and the auto-parallel machinery on ``jax.sharding`` meshes (DESIGN
section 9).

``set_auto_parallel_context(parallel_mode=...)`` configures :mod:`._mesh`; compiled calls then
place their inputs and Parameters through :mod:`._placement` and XLA's SPMD partitioner inserts
the collectives:

* DATA_PARALLEL: the program runs per device on its part of the batch, Parameters replicated,
  outputs and losses per rank, gradients combined by ``DistributedGradReducer`` (:mod:`._data`);
* SEMI_AUTO_PARALLEL: ``Primitive.shard`` / ``Cell.shard`` / ``shard`` strategies become sharding
  constraints (:mod:`._strategy`, :mod:`._shard`);
* AUTO_PARALLEL: sharding propagation from a few annotations, or the cost-model search of
  :mod:`._auto`.

Helpers: :func:`current_mesh`, :func:`shard_batch`, :func:`replicate`, :func:`compiled_text`
(the optimized HLO of a cell's compiled program, to check its collectives).
"""
from ._mesh import current_mesh, device_count
from ._placement import shard_batch, replicate
from ._layout import Layout
from ._shard import shard
from ._auto import auto_strategies
from .algo_parameter_config import set_algo_parameters, get_algo_parameters, reset_algo_parameters
from ._checkpoint import merge_sliced_parameter, load_distributed_checkpoint, build_searched_strategy
from .parameter_broadcast import parameter_broadcast
import re

__all__ = ["current_mesh", "device_count", "shard_batch", "replicate", "compiled_text", "collectives", "Layout",
           "shard", "auto_strategies", "set_algo_parameters", "get_algo_parameters", "reset_algo_parameters",
           "merge_sliced_parameter", "load_distributed_checkpoint", "build_searched_strategy",
           "parameter_broadcast"]

_COLLECTIVES = ("all-reduce", "all-gather", "reduce-scatter", "all-to-all", "collective-permute")


def compiled_text(cell_or_fn, *args, **kwargs):
    """The optimized HLO text of the program a compiled call of ``cell_or_fn(*args, **kwargs)``
    runs (a Cell, or a ``Compiled``-backed callable), with inputs and Parameters placed as a real
    call places them. Compiles (and caches) without running."""
    from mscompat import _graph  # cycle: _graph imports parallel
    from mscompat.nn.cell import Cell  # cycle: nn is built on parallel
    if isinstance(cell_or_fn, Cell):
        entry = _graph._cell_entry(cell_or_fn)
    else:
        entry = _graph.Compiled(cell_or_fn, name=getattr(cell_or_fn, "__name__", "function"))
    return entry.compiled_text(args, kwargs)


def collectives(text):
    """``{collective: count}`` of the collective instructions in HLO ``text``."""
    return {c: len(re.findall(r"\b" + c + r"(?:-start)?\(", text)) for c in _COLLECTIVES}
