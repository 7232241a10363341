"""XLA:CPU compile options chosen per program, from the sizes of the arrays it computes.

XLA:CPU's defaults suit neither end of a training program's range on small machines, and some
of its YNNPACK library fusions slow the training steps measured:

* **Every program** compiles with YNNPACK's library fusions of matrix products and reductions
  only (``xla_cpu_experimental_ynn_fusion_type``), not its convolutions or elementwise fusions.
  YNNPACK computes a convolution's filter gradient (a window as large as the image) several
  times slower than XLA's own (Eigen) kernel: LeNet-5's first filter gradient at batch 256 took
  27.6 ms of a 70 ms step against 3.0 ms. Its elementwise fusions make XLA write out every
  operand they read (LeNet-5's first convolution as 25 shifted slices: 49-54 ms a b256 step
  against 23-25 ms) and gave ResNet-18's step 148 MiB more scratch (612 against 464 MiB).
  ResNet-18 b64, one process, steps compiled each way in turn: 1.11-1.26 s with this set,
  1.29-1.48 s with every type but convolutions, 1.53-1.72 s with none, against 2.4-3.5 s with
  XLA's default set in the runs before.
* **Every program** also compiles with LLVM's cheaper pipeline (``xla_backend_optimization_level=1``,
  ``xla_llvm_disable_expensive_passes``): XLA's MLIR fusion emitters vectorize the kernels
  themselves, and LLVM's own optimization of the 139 kernels of ResNet-18's training step (batch
  64) is most of its compile. That compile took 1.82-2.61 s against 2.02-2.98 s (8-12 % less in
  each of four processes compiling both in turn), for the same step times.
* **Small programs** (every intermediate array under ``SMALL_ARRAY_BYTES``; LeNet-5 at batch 32:
  0.57 MiB at most, at batch 256: 4.6 MiB) compile with XLA's older IR emitters
  (``xla_cpu_use_fusion_emitters=False``). The MLIR fusion emitters spend most of such a compile
  (LeNet-5's training step: 0.72 s against 0.36-0.40 s at batch 32, 0.71-0.76 s against 0.39-0.54 s
  at batch 256) for the same step time at these sizes (at ResNet-18's, 16 MiB activations, they
  make the step 5-8 % faster, and the IR emitters' compile is no shorter).
* **Large programs** (their intermediate arrays add up to ``LARGE_PROGRAM_BYTES`` or more;
  ResNet-18 at batch 64: 3.7 GiB over 1,483 operations) use XLA's memory-optimized scheduler
  (``xla_cpu_scheduler_type=CPU_SCHEDULER_TYPE_MEMORY_OPTIMIZED``): the default orders the
  program for concurrency, which keeps more activations alive at once. ResNet-18's training step
  needs 464 MiB of scratch instead of 559 MiB and its process peaks 130 MiB lower.

* **Every other small program compiled for XLA:CPU**: the one-op programs PyNative runs (each
  op of a new shape or dtype compiles one), and any ``jax.jit`` program given no compile options,
  also compile with the IR emitters when every array it takes or computes is under
  ``SMALL_ARRAY_BYTES`` (:func:`install_small_program_default`). A one-op program compiled
  2-4 times sooner (an elementwise op 14-26 ms against 40-43 ms, a 3x3 convolution 42 ms against
  93-102 ms, a softmax 76-96 ms against 122-162 ms), with bit-identical results and the same run
  time at these sizes (gelu on 8 MiB 1.3-1.4 ms either way). PyNative forward and gradient of
  mindyolo's yolov5n (32x32) spent 37 s compiling such programs, against MindSpore's 2.3 s.

* **Every XLA:CPU program** compiles without LLVM's loop unroller (``-unroll-threshold=0``, one
  of XLA's ``xla_backend_extra_options``). The unroller multiplied the IR emitters' loops (a
  10 KB kernel came out 77 KB) and most of LLVM's time went to the unrolled copies (its loop
  analyses: an ``exp`` kernel spent 95 ms there). XLA's emitters vectorize the loops themselves,
  and the kernels run as fast without it. A PyNative ``exp`` or ``tanh`` of 150,000 floats compiles in
  31-40 ms against 61-104 ms; LeNet-5's training step in 0.37-0.40 s against 0.47-0.49 s at
  batch 32 (0.32-0.35 s against 0.44-0.59 s at batch 256), for the same step times.
  Elementwise results are bit for bit the same; a reduction over a short axis may add in another
  order (its last bits: a 4-element row summing to 8e-4 moved by 6e-8), as XLA's reductions of
  longer axes already did; MindSpore's parity suite passes unchanged. LLVM's options are global to the process, so
  XLA takes them from ``XLA_FLAGS`` when JAX starts its backend (:func:`install_llvm_options`,
  at ``import mscompat``); not where an accelerator plugin is installed (its kernels are LLVM's
  too, and were not measured).

Measured figures: ``benchmarks/README.md`` ("Compile options per program"). Only programs run on
XLA:CPU get options; an option the user names in ``XLA_FLAGS`` is left to the user's value, one
this jaxlib does not know (or whose value it does not take) is left out (the compile that names it
fails and runs again without it),
and ``MSCOMPAT_CPU_COMPILE_OPTIONS=0`` turns the choice off.
"""
import functools
import importlib.metadata
import importlib.util
import inspect
import os
import re

from jax._src import core as _core
from jax._src import pjit as _pjit
from jax._src import xla_bridge as _xla_bridge

SMALL_ARRAY_BYTES = 8 << 20          # every intermediate under this: a small program
LARGE_PROGRAM_BYTES = 1 << 30        # intermediates adding up to this or more: a large program

# every program: YNNPACK's fusions of matrix products and reductions (not its convolutions,
# not its elementwise fusions), and LLVM's cheaper pipeline
_EVERY = {"xla_cpu_experimental_ynn_fusion_type": ",".join(
    "LIBRARY_FUSION_TYPE_" + t for t in ("DOT", "REDUCE", "INDIVIDUAL_DOT")),
    "xla_backend_optimization_level": 1, "xla_llvm_disable_expensive_passes": True}
_SMALL = {"xla_cpu_use_fusion_emitters": False}
_LARGE = {"xla_cpu_scheduler_type": "CPU_SCHEDULER_TYPE_MEMORY_OPTIMIZED"}

_unknown = set()     # option names this jaxlib's XLA rejected (unknown, or a value it does not take)
_UNKNOWN = re.compile(r"No such compile option: '([A-Za-z0-9_]+)'|While setting option ([A-Za-z0-9_]+),")


def drop_unknown(error, options):
    """After a compile with ``options`` failed with ``error``: when XLA did not know one of them
    or a value given (a renamed option or enum value), remember it (later programs compile
    without it) and return True; else False."""
    found = _UNKNOWN.search(str(error))
    name = found and (found.group(1) or found.group(2))
    if not options or name not in options:
        return False
    _unknown.add(name)
    return True


def _nbytes(aval):
    """The bytes of an array of type ``aval`` (0 for a token or other non-array; symbolic
    dimensions count 1)."""
    shape, dtype = getattr(aval, "shape", None), getattr(aval, "dtype", None)
    if shape is None or not hasattr(dtype, "itemsize"):
        return 0
    n = dtype.itemsize
    for d in shape:
        n *= d if isinstance(d, int) else 1
    return n


def _user_names(name):
    """Whether the user's ``XLA_FLAGS`` set the option ``name`` (then it keeps the user's value)."""
    return f"--{name}" in os.environ.get("XLA_FLAGS", "")


def array_sizes(jaxpr):
    """``(largest, total)``: the bytes of the largest array ``jaxpr`` computes (its nested
    programs' included) and of all of them together."""
    largest = total = 0
    stack = [jaxpr]
    while stack:
        j = stack.pop()
        for eqn in j.eqns:
            for v in eqn.outvars:
                nbytes = _nbytes(v.aval)
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
    chosen = dict(_EVERY)
    if largest < SMALL_ARRAY_BYTES:
        chosen.update(_SMALL)
    elif total >= LARGE_PROGRAM_BYTES:
        chosen.update(_LARGE)
    options = {k: v for k, v in chosen.items() if not _user_names(k) and k not in _unknown}
    return options or None


def _small_default(jaxpr):
    """The options for a program jax compiles without any (``jaxpr``: its ClosedJaxpr): the IR
    emitters when every array it takes or computes is small and it runs on XLA:CPU, else none."""
    if os.environ.get("MSCOMPAT_CPU_COMPILE_OPTIONS", "") == "0":
        return ()
    options = tuple((k, v) for k, v in _SMALL.items() if not _user_names(k) and k not in _unknown)
    if not options or _xla_bridge.get_backend().platform != "cpu":
        return ()
    largest = max((_nbytes(a) for a in jaxpr.in_avals), default=0)
    if largest >= SMALL_ARRAY_BYTES or array_sizes(jaxpr.jaxpr)[0] >= SMALL_ARRAY_BYTES:
        return ()
    return options


def install_small_program_default():
    """Give the programs jax compiles without compile options (PyNative's one-op programs, a
    ``jax.jit`` without ``compiler_options``) the small-program options on XLA:CPU. Wraps jax's
    lowering entry (``jax._src.pjit._resolve_and_lower``) where its signature is the one known;
    with another jax the programs compile as before."""
    original = getattr(_pjit, "_resolve_and_lower", None)
    if original is None or getattr(original, "_mscompat_small_default", False):
        return False
    params = inspect.signature(original).parameters
    if "jaxpr" not in params or "compiler_options_kvs" not in params:
        return False

    @functools.wraps(original)
    def resolve_and_lower(*args, **kwargs):
        if kwargs.get("compiler_options_kvs") == () and isinstance(kwargs.get("jaxpr"), _core.ClosedJaxpr) \
                and kwargs.get("lowering_platforms") in (None, ("cpu",)):
            kwargs["compiler_options_kvs"] = _small_default(kwargs["jaxpr"])
        return original(*args, **kwargs)

    resolve_and_lower._mscompat_small_default = True
    _pjit._resolve_and_lower = resolve_and_lower
    return True


LLVM_OPTIONS = ("-unroll-threshold=0",)     # XLA:CPU's LLVM pipeline: no loop unrolling


def _accelerator_plugin():
    """Whether a JAX accelerator plugin (CUDA, ROCm, TPU) is installed: its backend would read
    the same LLVM options."""
    if any(importlib.util.find_spec(name) for name in ("jax_plugins", "libtpu")):
        return True
    return bool(importlib.metadata.entry_points(group="jax_plugins"))


def install_llvm_options():
    """Put :data:`LLVM_OPTIONS` into ``XLA_FLAGS`` (``--xla_backend_extra_options``) before JAX
    starts its backend, which reads them then. Left out where the user's ``XLA_FLAGS`` name
    extra backend options, where JAX's backend has started, where ``JAX_PLATFORMS`` names another
    platform than the CPU or an accelerator plugin is installed (unless ``JAX_PLATFORMS=cpu``), and
    with ``MSCOMPAT_CPU_COMPILE_OPTIONS=0``. Returns whether it put them there."""
    flags = os.environ.get("XLA_FLAGS", "")
    platforms = os.environ.get("JAX_PLATFORMS", "").lower()
    if os.environ.get("MSCOMPAT_CPU_COMPILE_OPTIONS", "") == "0" or _user_names("xla_backend_extra_options") \
            or getattr(_xla_bridge, "_backends", None):
        return False
    if platforms != "cpu" and (platforms or _accelerator_plugin()):
        return False
    os.environ["XLA_FLAGS"] = (flags + " --xla_backend_extra_options=" + ",".join(LLVM_OPTIONS)).strip()
    return True
