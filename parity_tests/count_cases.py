"""Print the case counts per family as the Markdown table of ``parity_tests/README.md``.

    .venv/bin/python -m parity_tests.count_cases
    .venv/bin/python -m parity_tests.count_cases --oracles [PREFIX]   # cases per oracle, per table

``--oracles`` counts the cases of each table (those whose name starts with PREFIX, e.g. ``mint``)
by the oracle they are compared with: real MindSpore, a MindSpore re-expression (``ms_ref``), or
PyTorch (``torch_ref``).
"""
import collections
import sys

from parity_tests.cases import all_cases
from parity_tests.harness import ORACLES


def main():
    total, bad = collections.Counter(), collections.Counter()
    for c in all_cases():
        total[c.family] += 1
        bad[c.family] += bool(c.error)
    print("| family (table) | cases | bad-input cases |")
    print("|---|---:|---:|")
    for fam in sorted(total):
        print(f"| {fam} | {total[fam]} | {bad[fam]} |")
    print(f"| **all** | **{sum(total.values())}** | **{sum(bad.values())}** |")


def oracles(prefix=""):
    per = collections.defaultdict(collections.Counter)
    for c in all_cases():
        if c.family.startswith(prefix):
            per[c.family][c.oracle] += 1
    print("| table | " + " | ".join(ORACLES) + " |")
    print("|---|" + "---:|" * len(ORACLES))
    for fam in sorted(per):
        print(f"| {fam} | " + " | ".join(str(per[fam][o]) for o in ORACLES) + " |")
    print("| **all** | " + " | ".join(f"**{sum(p[o] for p in per.values())}**" for o in ORACLES) + " |")


if __name__ == "__main__":
    if "--oracles" in sys.argv[1:]:
        rest = [a for a in sys.argv[1:] if a != "--oracles"]
        oracles(rest[0] if rest else "")
    else:
        main()
