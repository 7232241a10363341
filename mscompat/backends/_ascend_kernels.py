"""The emulated Ascend kernel library: which operators it lacks (and MindSpore's error for
them), and which run on the cube unit (and its rounding). Both are op policies
(``ops/_dispatch.py``) reading the op's entry: ``targets_lacking`` and ``ascend_cube``.

An entry whose ``targets_lacking`` holds ``"Ascend"`` is an operator MindSpore 2.10 documents
("Supported Platforms") for GPU and/or CPU but not Ascend. MindSpore selects kernels per
operator: in PyNative mode a missing Ascend kernel is an error; in GRAPH_MODE (kernel-by-kernel,
jit_level O0/O1) the operator backs off to the host CPU when a CPU kernel exists, and fails when
there is none (GPU-only operators) or when the graph is sunk (jit_level O2). The emulation does
the same, for every public form of the op (functional, Primitive, Tensor method).

An entry with ``ascend_cube`` (the positions of its two operands) runs on the cube unit: the
operands are rounded to the cube's input precision and the result to its output precision
(``ascend._cube``, under ``ascend_config``'s ``precision_mode``).

:func:`install` activates both policies when the Ascend target is activated, :func:`uninstall`
removes them when it is deactivated.
"""
import inspect
import warnings

import jax

from mscompat import _state, backends, context
from mscompat.common.tensor import Tensor
from mscompat.ops import _dispatch
from mscompat.ops._registry import OPS, PRIMITIVES

__all__ = ["install", "uninstall", "unsupported_error", "is_supported", "KERNELS", "CUBE"]

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


def _entry(name):
    if name in PRIMITIVES:
        return getattr(PRIMITIVES[name], "_entry", None)
    return OPS.get(name)


def is_supported(prim):
    """Whether the emulated Ascend kernel library has a kernel for op ``prim`` (a Primitive
    or functional name)."""
    entry = _entry(prim)
    return entry is None or "Ascend" not in entry.targets_lacking


def _check(entry):
    """Raise, or back off to the host CPU as MindSpore's GRAPH_MODE does (once-per-op warning)."""
    prim = entry.kernel or entry.name
    in_graph = _state.tracing() and context._context.get("mode") == context.GRAPH_MODE
    if not in_graph:
        raise unsupported_error(prim)
    jit_level = (context._context.get("jit_config") or {}).get("jit_level", context._context.get("jit_level"))
    if "CPU" in entry.targets_lacking or jit_level == "O2":
        raise unsupported_error(prim, graph=True)
    if prim not in _backoff_warned:
        _backoff_warned.add(prim)
        warnings.warn(f"Operator {prim} has no Ascend kernel; it runs on the host CPU (kernel select backoff).",
                      RuntimeWarning, stacklevel=5)


class _KernelLibrary:
    """An op policy (``ops/_dispatch.Policy``'s protocol): unsupported-op errors for the entries
    whose ``targets_lacking`` holds ``"Ascend"``."""

    name = "ascend kernel library"
    rank = 10

    def wrap(self, entry, prim, call):
        if "Ascend" not in entry.targets_lacking:
            return call

        def guarded(*args, **kwargs):
            _check(entry)
            return call(*args, **kwargs)
        return guarded


_OPERAND_NAMES = {}


def _operand_names(entry):
    names = _OPERAND_NAMES.get(id(entry))
    if names is None:
        try:
            params = list(inspect.signature(entry.impl).parameters.values())
        except (TypeError, ValueError):
            params = []
        if params and params[0].name == "self":
            params = params[1:]
        names = _OPERAND_NAMES[id(entry)] = [p.name for p in params]
    return names


def _operands(entry, args, kwargs):
    """``[(where, value), (where, value)]`` of the cube's two operands (``where``: a position of
    ``args`` or a keyword), or None when not both are given."""
    out = []
    names = _operand_names(entry)
    for pos in entry.ascend_cube:
        if pos < len(args):
            out.append((pos, args[pos]))
        elif pos < len(names) and names[pos] in kwargs:
            out.append((names[pos], kwargs[names[pos]]))
        else:
            return None
    return out


class _CubeUnit:
    """An op policy: the cube unit's precision for the entries with ``ascend_cube``."""

    name = "ascend cube"
    rank = 40

    def wrap(self, entry, prim, call):
        if not entry.ascend_cube:
            return call

        def cubed(*args, **kwargs):
            cube = backends.cube
            ops_ = _operands(entry, args, kwargs) if cube is not None else None
            if (ops_ is None or not all(isinstance(v, Tensor) for _, v in ops_)
                    or ops_[0][1]._data.dtype != ops_[1][1]._data.dtype):
                return call(*args, **kwargs)
            (wa, xa), (wb, xb) = ops_

            def compute(a, b):
                new_args, new_kwargs = list(args), dict(kwargs)
                for where, v in ((wa, a), (wb, b)):
                    if isinstance(where, int):
                        new_args[where] = Tensor._wrap(v)
                    else:
                        new_kwargs[where] = Tensor._wrap(v)
                with jax.default_matmul_precision("highest"):
                    return call(*new_args, **new_kwargs)._data

            out = cube(compute, xa._data, xb._data)
            if out is None:            # not a cube dtype (integers, float64)
                return call(*args, **kwargs)
            return Tensor._wrap(out)
        return cubed


KERNELS = _KernelLibrary()
CUBE = _CubeUnit()


def install():
    """Activate the Ascend kernel library's and cube unit's policies."""
    from mscompat.ops import _dispatch    # mscompat.ops imports the backends
    _dispatch.activate(KERNELS)
    _dispatch.activate(CUBE)


def uninstall():
    """Deactivate them (another target was activated)."""
    _dispatch.deactivate(KERNELS)
    _dispatch.deactivate(CUBE)
