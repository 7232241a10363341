"""List public mscompat.ops names and Tensor methods that no parity case mentions.

A name counts as covered when a case is named ``NAME/...``, or a case table calls it as ``ops.NAME``, ``P.NAME``,
``F.NAME``, ``C.NAME``, ``operations.NAME``, ``functional.NAME``, or names it as a string
(tables that loop over op names with ``getattr``); a method when a case calls ``.NAME``.

    .venv/bin/python -m parity_tests.uncovered [--methods]
"""
import pathlib
import re
import sys


def _case_text():
    here = pathlib.Path(__file__).resolve().parent / "cases"
    return "\n".join(p.read_text() for p in sorted(here.glob("*.py")))


def uncovered(methods=False):
    import mscompat  # noqa: F401  (registers everything)
    from mscompat.ops._registry import OPS, PRIMITIVES, METHODS
    from parity_tests.cases import all_cases
    text = _case_text()
    prefixes = {c.name.split("/")[0] for c in all_cases()}
    names = sorted(METHODS) if methods else sorted(set(OPS) | set(PRIMITIVES))
    out = []
    for n in names:
        if not methods and n in prefixes:
            continue
        if methods:
            pat = rf"\.{re.escape(n)}\b"
        else:
            pat = (rf"(ops|P|F|C|operations|functional|composite)\.{re.escape(n)}\b"
                   rf"|[\"']{re.escape(n)}[\"']")
        if not re.search(pat, text):
            out.append(n)
    return out


if __name__ == "__main__":
    methods = "--methods" in sys.argv
    miss = uncovered(methods)
    print(f"{len(miss)} uncovered {'Tensor methods' if methods else 'ops names'}:")
    print(" ".join(miss))
