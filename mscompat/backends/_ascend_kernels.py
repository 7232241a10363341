"""The emulated Ascend kernel library: which operators it lacks, and MindSpore's error for them.

The set below is MindSpore 2.10's own documentation: each operator's "Supported Platforms"
lists GPU and/or CPU but not Ascend. MindSpore selects kernels per operator: in PyNative mode a
missing Ascend kernel is an error; in GRAPH_MODE (kernel-by-kernel, jit_level O0/O1) the
operator backs off to the host CPU when a CPU kernel exists, and fails when there is none
(GPU-only operators) or when the graph is sunk (jit_level O2). The emulation does the same.

Guards are installed once, the first time the Ascend target is activated: the functional names
in ``mindspore.ops`` / ``mindspore.ops.functional`` and the Primitive classes' ``__call__``. Each
guard reads the active backend (one dict lookup) and otherwise calls the op unchanged.
Tensor methods (``x.lgamma()``) are not guarded.
"""
import functools
import warnings

__all__ = ["UNSUPPORTED", "FUNCTIONAL", "install", "unsupported_error", "is_supported"]

# Primitive name -> the platforms MindSpore documents for it.
UNSUPPORTED = {
    "Digamma": "GPU CPU", "Lgamma": "GPU CPU", "Polygamma": "GPU CPU",
    "BesselI0": "GPU CPU", "BesselI1": "GPU CPU", "BesselJ0": "GPU CPU", "BesselJ1": "GPU CPU",
    "BesselK0": "GPU CPU", "BesselK0e": "GPU CPU", "BesselK1": "GPU CPU", "BesselK1e": "GPU CPU",
    "BesselY0": "GPU CPU", "BesselY1": "GPU CPU",
    "Cholesky": "GPU CPU", "CholeskyInverse": "GPU CPU", "Einsum": "GPU", "Fmax": "CPU", "LRN": "GPU CPU",
    "Lstsq": "CPU", "LuUnpack": "GPU CPU", "Median": "GPU CPU", "Ormqr": "GPU", "SparseToDense": "CPU",
    "MultinomialWithReplacement": "CPU",
}

# functional name -> the Primitive it runs (MindSpore's error names the Primitive)
FUNCTIONAL = {
    "digamma": "Digamma", "lgamma": "Lgamma", "polygamma": "Polygamma",
    "bessel_i0": "BesselI0", "bessel_i1": "BesselI1", "bessel_j0": "BesselJ0", "bessel_j1": "BesselJ1",
    "bessel_k0": "BesselK0", "bessel_k0e": "BesselK0e", "bessel_k1": "BesselK1", "bessel_k1e": "BesselK1e",
    "bessel_y0": "BesselY0", "bessel_y1": "BesselY1",
    "cholesky": "Cholesky", "einsum": "Einsum", "fmax": "Fmax", "lrn": "LRN", "lstsq": "Lstsq",
    "lu_unpack": "LuUnpack", "median": "Median", "ormqr": "Ormqr", "i0": "BesselI0",
}

_installed = []
_backoff_warned = set()


def _op_counter():
    n = _op_counter.count
    _op_counter.count += 1
    return n


_op_counter.count = 0


def unsupported_error(prim, graph=False):
    """MindSpore's Ascend kernel-selection error for ``prim`` (a RuntimeError, as its
    NotSupportError reaches Python)."""
    where = f"Default/{prim}-op{_op_counter()}"
    msg = f"The current [{where}] operator did not match any operator prototype library.\n"
    if graph:
        msg = (f"Ascend operator selection failed info: {msg}\nCPU operator selection failed type: "
               f"NotSupportError. failed info: Unsupported op [{prim}] on CPU")
    return RuntimeError(msg)


def is_supported(prim):
    """Whether the emulated Ascend kernel library has a kernel for Primitive ``prim``."""
    return prim not in UNSUPPORTED


def _check(prim):
    """Raise, or back off to the host CPU as MindSpore's GRAPH_MODE does (once-per-op warning)."""
    from mscompat import _state, context
    in_graph = _state.tracing() and context._context.get("mode") == context.GRAPH_MODE
    if not in_graph:
        raise unsupported_error(prim)
    jit_level = (context._context.get("jit_config") or {}).get("jit_level", context._context.get("jit_level"))
    if "CPU" not in UNSUPPORTED[prim] or jit_level == "O2":
        raise unsupported_error(prim, graph=True)
    if prim not in _backoff_warned:
        _backoff_warned.add(prim)
        warnings.warn(f"Operator {prim} has no Ascend kernel; it runs on the host CPU (kernel select backoff).",
                      RuntimeWarning, stacklevel=4)


def _guard_fn(fn, prim):
    from . import _state

    @functools.wraps(fn)
    def guarded(*args, **kwargs):
        b = _state["active"]
        if b is not None and b.name == "Ascend":
            _check(prim)
        return fn(*args, **kwargs)

    guarded._ascend_guard = True
    return guarded


def _guard_class(cls, prim):
    call = cls.__call__
    if getattr(call, "_ascend_guard", False):
        return
    cls.__call__ = _guard_fn(call, prim)


def install():
    """Guard the unsupported operators (once)."""
    if _installed:
        return
    from mscompat import ops
    from mscompat.ops import functional
    from mscompat.ops._registry import PRIMITIVES
    for name, prim in FUNCTIONAL.items():
        for mod in (ops, functional):
            fn = getattr(mod, name, None)
            if fn is not None and not getattr(fn, "_ascend_guard", False):
                setattr(mod, name, _guard_fn(fn, prim))
    for prim in UNSUPPORTED:
        cls = PRIMITIVES.get(prim)
        if cls is not None:
            _guard_class(cls, prim)
    _installed.append(True)
