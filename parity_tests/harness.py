"""Parity harness: case tables, result normalization, and the one tolerance policy.

A case is a function of the framework module (``mindspore`` or ``mscompat``) plus inputs:

    case("add/f32_broadcast", lambda ms, x, y: ms.ops.add(x, y), F32(2, 3), F32(3))

Numpy-array inputs become ``ms.Tensor`` on each side; wrap a value in :class:`Raw` to pass
it unchanged. The same case runs on real MindSpore (in its own numpy-1.x process, see
``oracle_worker.py``) and on mscompat; results are normalized by :func:`normalize` in both
processes and compared by :func:`compare`. If MindSpore raises, mscompat must raise the
same exception class. ``error=True`` marks a bad-input case: MindSpore must raise.

Each case has one oracle (:attr:`Case.oracle`): real MindSpore running ``fn`` ("mindspore"),
real MindSpore running ``ms_ref``, a re-expression of the op with ops its CPU build runs
("mindspore re-expression"), or PyTorch running ``torch_ref`` ("torch", for ``mindspore.mint``
ops MindSpore's CPU build lacks; ``torch_oracle.py``).

This module imports numpy only: it runs on both sides of the process boundary.
"""
import ctypes
import dataclasses
import math
import os
import sys
import tempfile
from typing import Any, Callable

import numpy as np

__all__ = ["case", "both_modes", "Case", "ORACLES", "error_message", "Raw", "normalize", "normalize_output", "compare", "tolerance", "F32",
           "F16", "F64", "I32", "I64", "U8", "BOOL", "rand", "TOLERANCES"]

# ---------------------------------------------------------------------------------------
# Tolerance policy: the only place where tolerances are set. Per result dtype (rtol, atol);
# integer, bool and exact-valued results compare exactly. A case may widen them for a
# documented reason (e.g. transcendental functions in float16) with rtol=/atol=.
TOLERANCES = {
    "Float16": (2e-3, 2e-3),
    "BFloat16": (1.6e-2, 1.6e-2),
    "Float32": (1e-5, 1e-6),
    "Float64": (1e-12, 1e-12),
    "Complex64": (1e-5, 1e-6),
    "Complex128": (1e-12, 1e-12),
}


def tolerance(dtype_name, case_rtol=None, case_atol=None):
    rtol, atol = TOLERANCES.get(dtype_name, (0.0, 0.0))
    return (rtol if case_rtol is None else case_rtol, atol if case_atol is None else case_atol)


# ---------------------------------------------------------------------------------------
# Cases

ORACLES = ("mindspore", "mindspore re-expression", "torch")


class Raw:
    """An input passed to the case function unchanged (not converted to Tensor)."""

    def __init__(self, value):
        self.value = value


@dataclasses.dataclass
class Case:
    name: str
    fn: Callable
    inputs: tuple
    rtol: Any = None
    atol: Any = None
    error: bool = False          # a bad-input case: MindSpore must raise
    check_values: bool = True    # False: compare dtype and shape only (random ops)
    family: str = ""
    ms_ref: Any = None           # run on real MindSpore instead of fn (see case())
    mode: str = "pynative"       # execution mode set for the case: "pynative" or "graph"
    slow: bool = False           # left out of the default run (pytest -m slow runs it)
    capture_output: bool = False  # also compare what the case prints (file descriptor 1)
    torch_ref: Any = None        # PyTorch's form of the case, the oracle for mint ops MindSpore's CPU lacks
    ms_error: Any = None         # bad-input torch cases: the class MindSpore documents (see case())
    ms_crashes: Any = None       # torch cases only: why real MindSpore's CPU build is not run

    @property
    def oracle(self):
        """Which oracle the case is compared with: one of :data:`ORACLES`."""
        if self.torch_ref is not None:
            return "torch"
        return "mindspore re-expression" if self.ms_ref is not None else "mindspore"

    def run(self, ms):
        """Evaluate on framework module ``ms``; returns the normalized result (with
        ``capture_output``: ``{"t": "captured", "result": ..., "stdout": ...}`` unless it raised)."""
        if self.capture_output:
            with _CapturedFd1() as cap:
                result = self._run(ms)
                _drain(ms)
            if result["t"] == "error":
                return result
            return {"t": "captured", "result": result, "stdout": normalize_output(cap.text)}
        return self._run(ms)

    def _run(self, ms):
        if self.ms_crashes is not None and ms.__name__ == "mindspore":
            # MindSpore's CPU build cannot run it (a missing kernel that kills the process, which would
            # stop the oracle for every later case, a lookup of a group its CPU build never makes,
            # a job of several processes): recorded with the reason, not run
            return {"t": "error", "cls": "RuntimeError", "msg": f"not run on MindSpore's CPU build: {self.ms_crashes}"}
        fn = self.ms_ref if (self.ms_ref is not None and ms.__name__ == "mindspore") else self.fn
        ms.set_context(mode=ms.GRAPH_MODE if self.mode == "graph" else ms.PYNATIVE_MODE)
        try:
            args = [ms.Tensor(a) if isinstance(a, np.ndarray) else (a.value if isinstance(a, Raw) else a)
                    for a in self.inputs]
            return normalize(fn(ms, *args))
        except Exception as e:  # the exception class is part of the result
            return {"t": "error", "cls": type(e).__name__, "msg": error_message(e)}
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)


def error_message(e):
    """The start of an exception's message: up to three lines that say something, before any call
    stack section (MindSpore's graph-mode errors begin with an empty line and a rule of dashes)."""
    said = []
    for ln in str(e).splitlines():
        ln = ln.strip()
        if ln.startswith(("- C++ Call Stack", "- The Function Call Stack", "- Python Call Stack")) or len(said) == 3:
            break
        if ln.strip("- "):
            said.append(ln)
    return " | ".join(said)[:300]


def case(name, fn, *inputs, rtol=None, atol=None, error=False, check_values=True, ms_ref=None, mode="pynative",
         slow=False, capture_output=False, torch_ref=None, ms_error=None, ms_crashes=None):
    """A parity case. ``ms_ref`` is only for ops whose kernel MindSpore 2.10's CPU build lacks
    (listed in ``cpu_untestable.tsv``): real MindSpore then runs ``ms_ref``, the op's
    documented math written with MindSpore ops its CPU build can run, while mscompat runs ``fn``.
    ``mode`` ("pynative" or "graph") is the execution mode both sides run the case in; ``slow``
    cases are marked ``slow`` (left out of the default run). ``capture_output=True`` also
    compares the text the case writes to file descriptor 1 (MindSpore's graph-mode ``print``
    writes there from C++), normalized by :func:`normalize_output`.

    ``torch_ref`` (``lambda torch, *inputs: ...``) is for ``mindspore.mint`` ops whose kernel
    MindSpore 2.10's CPU build lacks and PyTorch has: PyTorch, to which ``mint`` is documented as
    aligned, is then the oracle (``torch_oracle.py``; numpy inputs become ``torch.Tensor``).
    For a bad-input torch case whose MindSpore run stops at the missing kernel before checking the
    arguments, ``ms_error`` names the exception class MindSpore documents for that input (mscompat
    must raise it; PyTorch must raise too, any class)."""
    if mode not in ("pynative", "graph"):
        raise ValueError(f"case {name!r}: mode must be 'pynative' or 'graph', not {mode!r}")
    if ms_ref is not None and torch_ref is not None:
        raise ValueError(f"case {name!r}: give ms_ref or torch_ref, not both (one oracle per case)")
    if ms_crashes is not None and torch_ref is None:
        raise ValueError(f"case {name!r}: ms_crashes is for torch cases (PyTorch is then the only oracle)")
    if ms_error is not None and not (error and torch_ref is not None):
        raise ValueError(f"case {name!r}: ms_error is for bad-input (error=True) cases with a torch_ref")
    return Case(name, fn, inputs, rtol, atol, error, check_values, ms_ref=ms_ref, mode=mode, slow=slow,
                capture_output=capture_output, torch_ref=torch_ref, ms_error=ms_error, ms_crashes=ms_crashes)


# ---------------------------------------------------------------------------------------
# Printed output: captured at the file-descriptor level, so C++ writes count too


def _flush_all():
    sys.stdout.flush()
    try:
        ctypes.CDLL(None).fflush(None)   # C stdio (and C++ streams synced with it)
    except (OSError, AttributeError):
        pass


def _drain(ms):
    """Let the host print effects of compiled code finish (JAX runs them asynchronously)."""
    jax = sys.modules.get("jax")
    if ms.__name__ != "mindspore" and jax is not None:
        jax.effects_barrier()


class _CapturedFd1:
    """Redirects file descriptor 1 (and ``sys.stdout``, which a test runner may have pointed
    elsewhere) into a temporary file; ``text`` holds what was written."""

    def __enter__(self):
        _flush_all()
        self._tmp = tempfile.TemporaryFile()
        self._saved = os.dup(1)
        os.dup2(self._tmp.fileno(), 1)
        self._stdout = sys.stdout
        sys.stdout = open(self._tmp.fileno(), "w", buffering=1, closefd=False)
        self.text = ""
        return self

    def __exit__(self, *exc):
        _flush_all()
        sys.stdout.close()
        sys.stdout = self._stdout
        os.dup2(self._saved, 1)
        os.close(self._saved)
        self._tmp.seek(0)
        self.text = self._tmp.read().decode("utf-8", errors="replace")
        self._tmp.close()
        return False


def normalize_output(text):
    """Printed text compared line by line: trailing blanks and framework log lines dropped."""
    lines = [ln.rstrip() for ln in text.splitlines()]
    return "\n".join(ln for ln in lines if not ln.startswith(("[WARNING]", "[ERROR]", "[INFO]", "[DEBUG]")))


def both_modes(name, fn, *inputs, **kw):
    """The same case in PyNative and GRAPH_MODE, named ``name/pynative`` and ``name/graph``."""
    return [case(f"{name}/{m}", fn, *inputs, mode=m, **kw) for m in ("pynative", "graph")]


# Deterministic inputs: numpy's legacy RandomState stream is identical on numpy 1.x and 2.x.
def rand(*shape, dtype=np.float32, low=-2.0, high=2.0, seed=None):
    rs = np.random.RandomState(seed if seed is not None else (hash(shape) & 0xFFFF) + 7)
    dt = np.dtype(dtype)
    if dt == np.bool_:
        return rs.rand(*shape) > 0.5
    if dt.kind in "iu":
        lo, hi = (0, 10) if dt.kind == "u" else (-10, 10)
        return rs.randint(lo, hi, size=shape).astype(dt)
    return rs.uniform(low, high, size=shape).astype(dt)


def F32(*shape, **kw):
    return rand(*shape, dtype=np.float32, **kw)


def F16(*shape, **kw):
    return rand(*shape, dtype=np.float16, **kw)


def F64(*shape, **kw):
    return rand(*shape, dtype=np.float64, **kw)


def I32(*shape, **kw):
    return rand(*shape, dtype=np.int32, **kw)


def I64(*shape, **kw):
    return rand(*shape, dtype=np.int64, **kw)


def U8(*shape, **kw):
    return rand(*shape, dtype=np.uint8, **kw)


def BOOL(*shape, **kw):
    return rand(*shape, dtype=np.bool_, **kw)


# ---------------------------------------------------------------------------------------
# Normalization (both processes)


def _array_payload(a):
    a = np.asarray(a)
    if a.dtype.kind == "c":
        return {"real": a.real.astype(np.float64).tolist(), "imag": a.imag.astype(np.float64).tolist()}
    if a.dtype.kind not in "biuf":  # bfloat16 and other extension types
        a = a.astype(np.float32)
    return a.tolist()


def normalize(x):
    """A JSON-able description of a result: tensors, sequences, scalars, dtypes."""
    if hasattr(x, "asnumpy") and hasattr(x, "dtype") and hasattr(x, "shape"):
        a = x.asnumpy()
        return {"t": "tensor", "dtype": str(x.dtype), "shape": list(x.shape), "value": _array_payload(a)}
    if isinstance(x, (tuple, list)):
        return {"t": "seq", "kind": type(x).__name__ if type(x) in (tuple, list) else "tuple",
                "items": [normalize(v) for v in x]}
    if isinstance(x, (bool, np.bool_)):
        return {"t": "py", "type": "bool", "value": bool(x)}
    if isinstance(x, (int, np.integer)):
        return {"t": "py", "type": "int", "value": int(x)}
    if isinstance(x, (float, np.floating)):
        return {"t": "py", "type": "float", "value": float(x)}
    if isinstance(x, complex):
        return {"t": "py", "type": "complex", "value": [x.real, x.imag]}
    if isinstance(x, np.ndarray):
        return {"t": "ndarray", "dtype": str(x.dtype), "shape": list(x.shape), "value": _array_payload(x)}
    if x is None:
        return {"t": "none"}
    if isinstance(x, str):
        return {"t": "str", "value": x}
    if type(x).__module__.startswith(("mindspore", "mscompat")) and type(x).__name__ in (
            "Float", "Int", "UInt", "Bool", "BFloat", "Complex", "TensorType", "Type", "Number"):
        return {"t": "dtype", "value": str(x)}
    return {"t": "other", "type": type(x).__name__, "value": str(x)}


# ---------------------------------------------------------------------------------------
# Comparison


def _close(a, b, rtol, atol):
    a = np.asarray(a, dtype=np.float64) if not isinstance(a, dict) else a
    b = np.asarray(b, dtype=np.float64) if not isinstance(b, dict) else b
    if isinstance(a, dict) or isinstance(b, dict):
        if not (isinstance(a, dict) and isinstance(b, dict)):
            return False
        return _close(a["real"], b["real"], rtol, atol) and _close(a["imag"], b["imag"], rtol, atol)
    if a.shape != b.shape:
        return False
    return bool(np.allclose(a, b, rtol=rtol, atol=atol, equal_nan=True))


def compare(expected, actual, case_=None, path="result", who="MindSpore"):
    """Return None when ``actual`` matches ``expected`` (the result of the oracle ``who``), else a
    message saying where not."""
    rtol = case_.rtol if case_ else None
    atol = case_.atol if case_ else None
    check_values = case_.check_values if case_ else True
    if expected["t"] == "error":
        if actual["t"] != "error":
            return f"{path}: {who} raised {expected['cls']} ({expected['msg']}), mscompat returned {actual}"
        if actual["cls"] != expected["cls"]:
            return (f"{path}: exception class differs: {who} {expected['cls']} ({expected['msg']}), "
                    f"mscompat {actual['cls']} ({actual['msg']})")
        return None
    if actual["t"] == "error":
        return f"{path}: mscompat raised {actual['cls']}: {actual['msg']}"
    if expected["t"] == "captured" and actual["t"] == "captured":
        msg = compare(expected["result"], actual["result"], case_, path, who)
        if msg:
            return msg
        if expected["stdout"] != actual["stdout"]:
            return (f"{path}: printed output differs:\n--- {who}\n{expected['stdout']}\n"
                    f"--- mscompat\n{actual['stdout']}")
        return None
    if expected["t"] != actual["t"]:
        return f"{path}: kind differs: {who} {expected['t']}, mscompat {actual['t']}"
    t = expected["t"]
    if t in ("tensor", "ndarray"):
        if expected["dtype"] != actual["dtype"]:
            return f"{path}: dtype differs: {who} {expected['dtype']}, mscompat {actual['dtype']}"
        if expected["shape"] != actual["shape"]:
            return f"{path}: shape differs: {who} {expected['shape']}, mscompat {actual['shape']}"
        if not check_values:
            return None
        name = expected["dtype"] if t == "tensor" else {"float16": "Float16", "float32": "Float32",
                                                         "float64": "Float64"}.get(expected["dtype"], "")
        r, a = tolerance(name, rtol, atol)
        if not _close(expected["value"], actual["value"], r, a):
            return (f"{path}: values differ (rtol={r}, atol={a}):\n  {who} {_short(expected['value'])}"
                    f"\n  mscompat  {_short(actual['value'])}")
        return None
    if t == "seq":
        if len(expected["items"]) != len(actual["items"]):
            return f"{path}: length differs: {len(expected['items'])} vs {len(actual['items'])}"
        for i, (e, a) in enumerate(zip(expected["items"], actual["items"])):
            msg = compare(e, a, case_, f"{path}[{i}]", who)
            if msg:
                return msg
        return None
    if t == "py":
        if expected["type"] != actual["type"]:
            return f"{path}: python type differs: {expected['type']} vs {actual['type']}"
        if not check_values:
            return None
        e, a = expected["value"], actual["value"]
        if expected["type"] == "float":
            r, at = tolerance("Float32", rtol, atol)
            ok = (math.isnan(e) and math.isnan(a)) or math.isclose(e, a, rel_tol=r, abs_tol=at)
        else:
            ok = e == a
        return None if ok else f"{path}: value differs: {who} {e}, mscompat {a}"
    if t in ("dtype", "str"):
        return None if expected["value"] == actual["value"] else (
            f"{path}: differs: {who} {expected['value']!r}, mscompat {actual['value']!r}")
    if t == "none":
        return None
    if expected.get("type") != actual.get("type"):
        return f"{path}: type differs: {who} {expected.get('type')}, mscompat {actual.get('type')}"
    return None


def _short(v):
    s = str(v)
    return s if len(s) < 400 else s[:400] + "..."
