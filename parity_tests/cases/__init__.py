"""Case tables, one module per op family; each defines ``CASES``, a list of ``harness.case``."""
import importlib
import pkgutil


def all_cases():
    """Every case of every table, with its family set; names are unique."""
    out, seen = [], {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        for c in mod.CASES:
            c.family = info.name
            if c.name in seen:
                raise ValueError(f"parity case '{c.name}' is defined in both {seen[c.name]} and {info.name}")
            seen[c.name] = info.name
            out.append(c)
    return out
