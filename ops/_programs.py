"""One XLA program per op call in PyNative.

JAX runs an operation outside any trace as its own compiled program, so an op whose computation
takes several JAX operations (BatchNorm's inference formula: eight) compiles several programs for
each new input shape, and a gradient taken at call time compiles the derivative of each of them.
An op's computation after its checks, wrapped by :func:`one_program`, compiles once per input
signature (shapes, dtypes and the static arguments) and runs as one dispatch; differentiated at
call time (PyNative's ``grad``), its forward pass and its derivative are one program each.
Where it is staged into a program (a compiled graph, ``ms.jit``, a user's ``jax.jit``) it is
inlined into the caller, so compiled graphs are unchanged.
"""
import functools

import jax
from jax._src import core as _core
from jax._src.interpreters import partial_eval as _pe


def _staging():
    """Whether the current JAX trace (or one it runs inside: a derivative or ``vmap`` taken
    within a compiled graph) stages operations into a program."""
    trace = _core.trace_ctx.trace
    while trace is not None:
        if isinstance(trace, _pe.DynamicJaxprTrace):
            return True
        trace = getattr(trace, "parent_trace", None)
    return False


def one_program(fn=None, *, static_argnums=()):
    """``fn`` (a function of arrays, and of hashable ``static_argnums``: axes, flags, sizes) as one
    program per input signature (module docstring). Only for computations that read no global
    state: a setting read while tracing would be fixed into the program."""
    if fn is None:
        return functools.partial(one_program, static_argnums=static_argnums)
    alone = jax.jit(fn, static_argnums=static_argnums)

    @functools.wraps(fn)
    def run(*args):
        return fn(*args) if _staging() else alone(*args)

    return run
