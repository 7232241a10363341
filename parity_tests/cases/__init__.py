"""Case tables, one module per op family; each defines ``CASES``, a list of ``harness.case``.

Modules whose name starts with ``_`` are helpers shared by the tables of one topic (e.g.
``_autodiff_common.py`` for the ``autodiff_*`` tables), not tables."""
import importlib
import os
import pkgutil


def families():
    """Case-table module names; ``PARITY_ONLY=a,b`` restricts them (for quick local runs).

    Each entry selects the table of that name; an entry that names no table selects the tables
    named ``<entry>_*`` instead (``PARITY_ONLY=autodiff`` selects autodiff_grad, autodiff_ops, ...)."""
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))
    only = os.environ.get("PARITY_ONLY")
    if only:
        wanted = set(only.split(","))
        prefixes = tuple(w + "_" for w in wanted if w not in names)
        names = [n for n in names if n in wanted or n.startswith(prefixes)]
    return names


def needs_comm(family):
    """Whether the table ``family`` sets ``NEEDS_COMM = True``: its cases need MindSpore's
    communication initialized (the oracle runs them in a separate worker under ``msrun``)."""
    return bool(getattr(importlib.import_module(f"{__name__}.{family}"), "NEEDS_COMM", False))


def all_cases():
    """Every case of every table, with its family set; names are unique."""
    out, seen = [], {}
    for name in families():
        info = type("M", (), {"name": name})
        mod = importlib.import_module(f"{__name__}.{info.name}")
        for c in mod.CASES:
            c.family = info.name
            if c.name in seen:
                raise ValueError(f"parity case '{c.name}' is defined in both {seen[c.name]} and {info.name}")
            seen[c.name] = info.name
            out.append(c)
    return out
