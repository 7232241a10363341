"""The one dispatch point of op policies.

A policy changes how ops run while it is active: AMP (``train/_amp_auto.py``: the casts of
levels ``auto`` and ``O1``), the emulated Ascend target (``backends/_ascend_kernels.py``: the
kernel library's unsupported-op errors and the cube unit's rounding), the auto-parallel search
(``parallel/_auto.py``: the strategy of each ``MatMul``). Each reads the fields of the op's
entry (:class:`._registry.OpDef`), never a list of op names.

While no policy is active ``_registry.HOOK`` is ``None`` and the public forms of the entries
with policy fields (functional op, Primitive ``__call__``, Tensor methods and operators, which
call the functional form, and layers, which call the Primitives and functional ops) call their
kernel directly after that one test. :func:`activate` installs :func:`run` as the hook; every
form then comes here, where the active policies wrap the call, in their ``rank`` order (the
lowest rank is outermost):

- 10 the target's kernel library (unsupported-op errors),
- 20 AMP casts,
- 30 the auto-parallel strategy,
- 40 the cube unit's rounding (innermost: around the kernel).
"""
import threading

from . import _registry

__all__ = ["Policy", "activate", "deactivate", "active", "run"]

_LOCK = threading.Lock()
_ACTIVE = []        # active policies, sorted by rank


class Policy:
    """A policy (any object with ``name``, ``rank`` and this ``wrap`` will do): ``wrap(entry, prim, call)`` returns ``call`` (``call(*inputs, **kw)`` runs the
    op) or a replacement that applies the policy; ``prim`` is the Primitive instance for a
    Primitive's ``__call__``, else ``None``. Return ``call`` itself when the policy does not
    concern the entry."""

    name = "policy"
    rank = 50

    def wrap(self, entry, prim, call):
        return call

    def __repr__(self):
        return f"<op policy {self.name}>"


def run(entry, prim, call, args, kwargs):
    """The dispatch point: ``call(*args, **kwargs)`` with the active policies applied."""
    for policy in _ACTIVE_REVERSED[0]:
        call = policy.wrap(entry, prim, call)
    return call(*args, **kwargs)


_ACTIVE_REVERSED = [()]     # innermost first: the order wrap() is applied in


def _sync():
    _ACTIVE.sort(key=lambda p: p.rank)
    _ACTIVE_REVERSED[0] = tuple(reversed(_ACTIVE))
    _registry.HOOK = run if _ACTIVE else None


def activate(policy):
    """Make ``policy`` active (no effect when it already is)."""
    with _LOCK:
        if policy not in _ACTIVE:
            _ACTIVE.append(policy)
            _sync()


def deactivate(policy):
    """Make ``policy`` inactive; with no policy left the plain path is restored."""
    with _LOCK:
        if policy in _ACTIVE:
            _ACTIVE.remove(policy)
            _sync()


def active():
    """The active policies, outermost first."""
    return tuple(_ACTIVE)
