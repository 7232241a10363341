"""Roofline time estimates for the emulated Ascend device.

A compiled program's cost is what XLA's cost analysis reports for it (``flops``, ``bytes
accessed``: per device for a partitioned program). On the device it takes at least
``flops / peak_flops`` (compute bound) and at least ``bytes / bandwidth`` (memory bound); the
estimate is the larger of the two. Peak figures: :data:`mscompat.backends.ascend.SOC`.

>>> import mscompat as ms
>>> from mscompat import backends
>>> est = backends.estimate(ms.ops.matmul, ms.ops.ones((512, 512)), ms.ops.ones((512, 512)))
>>> est.flops, est.bound                                            # doctest: +SKIP
(268435456.0, 'memory')
"""
import collections

__all__ = ["StepEstimate", "estimate", "last_estimate", "program_info"]


class StepEstimate(collections.namedtuple(
        "StepEstimate", "name flops bytes_accessed compute_time memory_time time bound peak_flops bandwidth")):
    """Roofline estimate of one run of a compiled program on the emulated Ascend device.

    Attributes:
        name: the program (a cell's or function's name).
        flops: floating-point operations (XLA counts a multiply-add as 2).
        bytes_accessed: bytes read and written from device memory.
        compute_time: ``flops / peak_flops`` in seconds.
        memory_time: ``bytes_accessed / bandwidth`` in seconds.
        time: ``max(compute_time, memory_time)``: the estimated step time in seconds.
        bound: ``"compute"`` or ``"memory"``: which roof limits it.
        peak_flops, bandwidth: the device figures used (FLOP/s, B/s).
    """

    def __str__(self):
        return (f"{self.name}: estimated {self.time * 1e6:.3f} us on {_soc()['name']} "
                f"({self.flops:.4g} FLOP, {self.bytes_accessed:.4g} B, {self.bound} bound)")


ProgramInfo = collections.namedtuple("ProgramInfo", "flops bytes_accessed output_bytes temp_bytes estimate")

_last = {"estimate": None, "compiled": None}


def _soc():
    from .ascend import SOC  # cycle: mscompat.backends (which ascend needs) imports roofline
    return SOC


def _cost(compiled):
    cost = compiled.cost_analysis()
    if isinstance(cost, (list, tuple)):      # older JAX: one dict per partition
        cost = cost[0] if cost else {}
    cost = cost or {}
    return float(cost.get("flops", 0.0)), float(cost.get("bytes accessed", 0.0))


def roofline(name, flops, bytes_accessed):
    soc = _soc()
    peak, bw = soc["peak_flops_fp16"], soc["hbm_bandwidth"]
    ct, mt = flops / peak, bytes_accessed / bw
    return StepEstimate(name, flops, bytes_accessed, ct, mt, max(ct, mt), "compute" if ct >= mt else "memory",
                        peak, bw)


def program_info(compiled, name):
    """Cost, memory and roofline estimate of a compiled (``jax.stages.Compiled``) program."""
    flops, nbytes = _cost(compiled)
    try:
        mem = compiled.memory_analysis()
        out_b, temp_b = int(mem.output_size_in_bytes), int(mem.temp_size_in_bytes)
    except Exception:  # noqa: BLE001 - a PJRT client without memory analysis
        out_b = temp_b = 0
    return ProgramInfo(flops, nbytes, out_b, temp_b, roofline(name, flops, nbytes))


def _note(est, compiled_only=False):
    _last["compiled" if compiled_only else "estimate"] = est


def last_estimate():
    """The :class:`StepEstimate` of the last compiled program run on the emulated Ascend device
    (a GRAPH_MODE cell call, an ``ms.jit`` function, one ``Model.train`` step); ``None`` before."""
    return _last["estimate"]


def estimate(fn, *args, **kwargs):
    """Roofline estimate of one call ``fn(*args, **kwargs)`` on the emulated Ascend device.

    ``fn`` is a Cell (a network or a training step such as ``TrainOneStepCell``) or a function
    of Tensors; it is compiled as GRAPH_MODE would compile it (not run) and costed from the
    compiled program. Works whatever the active backend is; the cube precision of the program
    is the active backend's.
    """
    from mscompat._graph import Compiled  # cycle: _graph -> backends -> roofline
    from . import _state  # cycle: mscompat.backends imports roofline
    name = getattr(fn, "cls_name", None) or getattr(fn, "__name__", None) or type(fn).__name__
    c = Compiled(fn, name=name)
    _last["compiled"] = None
    _state["wrap_all"] = True
    try:
        c.compile(args, kwargs)
    finally:
        _state["wrap_all"] = False
    est = _last["compiled"]
    if est is None:
        raise RuntimeError(f"'{name}' could not be compiled for a cost estimate (it runs eagerly in GRAPH_MODE).")
    return est
