"""Print the case counts per family as the Markdown table of ``parity_tests/README.md``.

    .venv/bin/python -m parity_tests.count_cases
"""
import collections

from parity_tests.cases import all_cases


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


if __name__ == "__main__":
    main()
