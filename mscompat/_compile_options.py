"""XLA:CPU compile options chosen per program, from the sizes of the arrays it computes.

XLA:CPU's defaults suit neither end of a training program's range on small machines:

* **Small programs** (every intermediate array under ``SMALL_ARRAY_BYTES``; LeNet-5 at batch 32:
  0.57 MiB at most) compile with XLA's older IR emitters (``xla_cpu_use_fusion_emitters=False``)
  and LLVM's cheaper optimization pipeline (``xla_backend_optimization_level=1``,
  ``xla_llvm_disable_expensive_passes``). The MLIR fusion emitters spend most of such a compile
  (LeNet-5's training step: 0.72 s against 0.36-0.40 s) and give the same step time at these
  sizes (3.8-4.1 ms); at ResNet-18's sizes they make the step 5-8 % faster, so larger programs
  keep them.
* **Large programs** (their intermediate arrays add up to ``LARGE_PROGRAM_BYTES`` or more;
  ResNet-18 at batch 64: 3.7 GiB over 1,483 operations) use XLA's memory-optimized scheduler
  (``xla_cpu_scheduler_type=CPU_SCHEDULER_TYPE_MEMORY_OPTIMIZED``): the default orders the
  program for concurrency, which keeps more activations alive at once. ResNet-18's training step
  needs 464 MiB of scratch instead of 559 MiB and its process peaks 130 MiB lower.

Measured figures: ``benchmarks/README.md`` ("Compile options per program"). Only programs run on
XLA:CPU get options; an option the user names in ``XLA_FLAGS`` is left to the user's value, and
``MSCOMPAT_CPU_COMPILE_OPTIONS=0`` turns the choice off.
"""
import os

from jax._src import core as _core

SMALL_ARRAY_BYTES = 1 << 20          # every intermediate under this: a small program
LARGE_PROGRAM_BYTES = 1 << 30        # intermediates adding up to this or more: a large program

_SMALL = {"xla_cpu_use_fusion_emitters": False, "xla_backend_optimization_level": 1,
          "xla_llvm_disable_expensive_passes": True}
_LARGE = {"xla_cpu_scheduler_type": "CPU_SCHEDULER_TYPE_MEMORY_OPTIMIZED"}


def array_sizes(jaxpr):
    """``(largest, total)``: the bytes of the largest array ``jaxpr`` computes (its nested
    programs' included) and of all of them together."""
    largest = total = 0
    stack = [jaxpr]
    while stack:
        j = stack.pop()
        for eqn in j.eqns:
            for v in eqn.outvars:
                aval = v.aval
                shape = getattr(aval, "shape", None)
                dtype = getattr(aval, "dtype", None)
                if shape is None or dtype is None or not hasattr(dtype, "itemsize"):
                    continue
                nbytes = dtype.itemsize
                for d in shape:
                    nbytes *= d if isinstance(d, int) else 1
                largest = max(largest, nbytes)
                total += nbytes
            stack.extend(_core.jaxprs_in_params(eqn.params))
    return largest, total


def cpu_options(closed):
    """The compile options for the traced program ``closed`` (a ClosedJaxpr) on XLA:CPU, or
    None for XLA's defaults."""
    if os.environ.get("MSCOMPAT_CPU_COMPILE_OPTIONS", "") == "0":
        return None
    largest, total = array_sizes(closed.jaxpr)
    if largest < SMALL_ARRAY_BYTES:
        chosen = _SMALL
    elif total >= LARGE_PROGRAM_BYTES:
        chosen = _LARGE
    else:
        return None
    user = os.environ.get("XLA_FLAGS", "")
    options = {k: v for k, v in chosen.items() if f"--{k}" not in user}
    return options or None
