#!/usr/bin/env python3
"""Which kinds of parity case each public name of ``mindspore.mint`` has (issue #15).

    .venv/bin/python tools/mint_coverage.py            # table of the gaps, then the totals
    .venv/bin/python tools/mint_coverage.py --all      # one row per name
    .venv/bin/python tools/mint_coverage.py --check    # exit 1 when a gap is not an exception below

The names are MindSpore 2.10's public names of ``mint``, ``mint.nn``, ``mint.nn.functional``,
``mint.optim``, ``mint.linalg``, ``mint.special`` and ``mint.distributed``, as recorded in
``tools/mindspore_api.json`` (introspected from the installed MindSpore: module ``__all__`` plus the
documented names). A case belongs to a name by its case name, ``mint.<name>/...`` (``mint.F.`` is
``mint.nn.functional.``; a variant suffix such as ``mint.nn.Softmax_1`` or ``all_reduce_max``
belongs to the longest public name it starts with). Kinds:

- value: a case that is not a bad-input case;
- grad: a value case named ``*grad*`` or whose function calls ``grad``/``value_and_grad``/
  ``GradOperation`` (``grad_sum``, ``torch_grad``);
- dtypes: the value cases of the name see at least two dtypes (numpy inputs, or a dtype named in the
  case name: ``f16``, ``f64``, ``int``, ``bool``, ``dtype``...; a bad-input case named for a dtype
  MindSpore rejects, ``bad_f64``, counts too);
- bad: a bad-input case (``error=True``: MindSpore raises, mscompat must raise the same class);
- graph: a case run in GRAPH_MODE.

A kind does not apply to some names (``EXEMPT`` below, with the reason): gradients to ops whose
result is not a differentiable function of a float input (integer/bool results, creation, random
sampling, in-place/collective communication, optimizers), several dtypes to names without a tensor
input whose dtype varies, bad input to names that accept every argument, GRAPH_MODE to the process
set-up of ``mint.distributed`` (not callable inside a compiled graph).
"""
import argparse
import collections
import inspect
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
NAMESPACES = ("mint", "mint.nn", "mint.nn.functional", "mint.optim", "mint.linalg", "mint.special",
              "mint.distributed")
KINDS = ("value", "grad", "dtypes", "bad", "graph")

# case-name spellings of a name that are not ``<name>_<variant>``
ALIASES = {"mint.nn.functional.bce_with_logits": "mint.nn.functional.binary_cross_entropy_with_logits",
           "mint.nn.functional.smooth_l1": "mint.nn.functional.smooth_l1_loss"}

_GRAD_SRC = re.compile(r"\b(grad|value_and_grad|GradOperation|grad_sum|_grad_sum|torch_grad|_grad|_grad_params|"
                       r"_wsum_grad|vjp|jvp)\s*\(")
_DTYPE_TAG = re.compile(r"(?<![a-z])(f16|fp16|float16|half|f64|fp64|float64|double|bf16|bfloat16|int|int8|int16|int32|"
                        r"int64|i8|i16|i32|i64|u8|uint8|bool|dtype|dtypes|complex|c64)(?![a-z])")

# ---------------------------------------------------------------------------------------------
# Where a kind does not apply: name -> {kind: reason}

_NOT_DIFF_INT = "integer or bool result (indices, counts, comparisons): no gradient"
_NOT_DIFF_CREATE = "creates a tensor from sizes/values, no differentiable tensor input"
_NOT_DIFF_RANDOM = "random sampling: no gradient with respect to the input"
_NOT_DIFF_COMM = "communication: not differentiated through mint.distributed"
_NOT_DIFF_OPTIM = "an optimizer consumes gradients; its update is not differentiated"
_NOT_DIFF_PIECEWISE = "piecewise constant: the gradient is zero almost everywhere (MindSpore returns zeros)"

_INT_RESULT = """argmax argmin argsort bincount bitwise_and bitwise_not bitwise_or bitwise_xor count_nonzero eq equal ge gt
greater greater_equal isclose isfinite isinf isneginf isnan le less less_equal logical_and logical_not logical_or
logical_xor lt ne not_equal nonzero searchsorted unique unique_consecutive histc allclose bucketize all any gcd
nn.functional.one_hot""".split()
_CREATE = """arange empty empty_like eye full full_like linspace ones ones_like zeros zeros_like tril_indices triu_indices
""".split()
_RANDOM = """bernoulli multinomial normal rand rand_like randint randint_like randn randn_like randperm""".split()
_PIECEWISE = "ceil floor round sign trunc fix frac floor_divide special.round".split()
# in-place forms: the gradient is that of the out-of-place op (covered there); MindSpore differentiates
# through an in-place update of a network input only in PyNative with its own view semantics
_INPLACE = "addr_ nn.functional.elu_ nn.functional.hardtanh_ nn.functional.relu_ nn.functional.sigmoid_ " \
           "nn.functional.threshold_".split()


def _exempt():
    ex = collections.defaultdict(dict)
    for n in _INT_RESULT:
        ex[f"mint.{n}"]["grad"] = _NOT_DIFF_INT
    for n in _CREATE:
        ex[f"mint.{n}"]["grad"] = _NOT_DIFF_CREATE
    for n in _RANDOM:
        ex[f"mint.{n}"]["grad"] = _NOT_DIFF_RANDOM
    for n in _PIECEWISE:
        ex[f"mint.{n}"]["grad"] = _NOT_DIFF_PIECEWISE
    for n in _INPLACE:
        ex[f"mint.{n}"]["grad"] = "in-place form: its gradient is the out-of-place op's, covered there"
    for n in ("nn.Dropout", "nn.Dropout2d"):
        ex[f"mint.{n}"]["grad"] = _NOT_DIFF_RANDOM + " (in eval mode the identity: nn.Identity's)"
    ex["mint.nn.SyncBatchNorm"]["grad"] = "needs a communication group of several processes for its statistics"
    for n in ("batch_norm_stats", "batch_norm_gather_stats_with_counts", "batch_norm_elemt"):
        ex[f"mint.{n}"]["grad"] = ("SyncBatchNorm's statistic pieces: their kernels are Ascend-only in MindSpore 2.10 and "
                                     "PyTorch has no CPU kernel for them: no gradient oracle")
    ex["mint.nn.Identity"]["bad"] = "accepts any input and returns it (no bad input exists)"
    ex["mint.nn.Dropout"]["bad"] = ex["mint.nn.Dropout2d"]["bad"] = \
        "MindSpore's layer returns a str input unchanged: no bad input exists"
    for n in ("empty", "empty_like", "rand", "rand_like", "randn", "randn_like", "randint", "randint_like", "randperm",
              "normal", "bernoulli", "multinomial"):
        ex[f"mint.{n}"]["dtypes"] = "random or uninitialized values: only dtypes and shapes compare (covered by value)"
    for n in _DIST_NO_TENSOR:
        ex[f"mint.distributed.{n}"]["dtypes"] = "no tensor argument (groups, ranks, a key-value store)"
    for n in _DIST_OBJECTS:
        ex[f"mint.distributed.{n}"]["dtypes"] = "moves picklable Python objects, no tensor argument"
    return ex


_DIST_NO_TENSOR = """TCPStore barrier destroy_process_group get_backend get_global_rank get_group_rank
get_process_group_ranks get_rank get_world_size init_process_group is_available is_initialized new_group""".split()
_DIST_OBJECTS = """all_gather_object broadcast_object_list gather_object scatter_object_list send_object_list
recv_object_list""".split()


EXEMPT = _exempt()


def _exempt_namespace(name):
    """Kinds that do not apply to a whole namespace."""
    if name.startswith("mint.distributed."):
        return {"grad": _NOT_DIFF_COMM,
                "graph": "process-group set-up and host-side object collectives run in PyNative (not in a graph)"}
    if name.startswith("mint.optim."):
        return {"grad": _NOT_DIFF_OPTIM}
    return {}


# ---------------------------------------------------------------------------------------------


def public_names():
    data = json.loads((ROOT / "tools" / "mindspore_api.json").read_text())["namespaces"]
    out = []
    for ns in NAMESPACES:
        out += [f"{ns}.{n}" for n in data[f"mindspore.{ns}"]["names"]]
    return sorted(set(out))


def owner(case_name, names):
    """The public name a case belongs to, or None."""
    head = case_name.split("/")[0]
    head = re.sub(r"^mint\.F\.", "mint.nn.functional.", head)
    head = ALIASES.get(head, head)
    if head in names:
        return head
    for i in sorted((i for i, ch in enumerate(head) if ch == "_"), reverse=True):
        cand = ALIASES.get(head[:i], head[:i])
        if cand in names:
            return cand
    return None


def _source(fn):
    try:
        return inspect.getsource(fn)
    except (OSError, TypeError):
        return ""


def _dtypes(c):
    import numpy as np
    from parity_tests.harness import Raw
    out = set()
    for a in c.inputs:
        a = a.value if isinstance(a, Raw) else a
        if isinstance(a, np.ndarray):
            out.add(str(a.dtype))
    out |= {m.group(1) for m in _DTYPE_TAG.finditer(c.name.split("/", 1)[-1].lower())}
    return out


def coverage():
    sys.path.insert(0, str(ROOT))
    from parity_tests.cases import all_cases
    names = set(public_names())
    kinds = {n: collections.Counter() for n in names}
    dts = collections.defaultdict(set)
    orphans = []
    for c in all_cases():
        if not c.name.startswith("mint"):
            continue
        n = owner(c.name, names)
        if n is None:
            orphans.append(c.name)
            continue
        k = kinds[n]
        if c.error:
            k["bad"] += 1
            # a dtype MindSpore rejects (``bad_f64``) is a dtype case too
            dts[n] |= {m.group(1) for m in _DTYPE_TAG.finditer(c.name.split("/", 1)[-1].lower())}
        else:
            k["value"] += 1
            if "grad" in c.name.lower() or _GRAD_SRC.search(_source(c.fn)) or (
                    c.torch_ref is not None and _GRAD_SRC.search(_source(c.torch_ref))):
                k["grad"] += 1
            dts[n] |= _dtypes(c)
        if c.mode == "graph":
            k["graph"] += 1
    for n in names:
        # a float32 input plus a dtype named elsewhere counts as two
        kinds[n]["dtypes"] = len(dts[n]) if len(dts[n]) >= 2 else 0
    return kinds, orphans


def exemptions(name):
    ex = dict(_exempt_namespace(name))
    ex.update(EXEMPT.get(name, {}))
    return ex


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--all", action="store_true", help="one row per name, not only the names with gaps")
    ap.add_argument("--check", action="store_true", help="exit 1 when a gap is left")
    args = ap.parse_args()
    kinds, orphans = coverage()
    gaps = collections.Counter()
    exempt = collections.Counter()
    rows = []
    for n in sorted(kinds):
        ex = exemptions(n)
        miss = [k for k in KINDS if not kinds[n][k] and k not in ex]
        for k in KINDS:
            if k in ex:
                exempt[k] += 1
            elif not kinds[n][k]:
                gaps[k] += 1
        if miss or args.all:
            rows.append((n, kinds[n], miss, ex))
    print("| name | " + " | ".join(KINDS) + " | missing |")
    print("|---|" + "---:|" * len(KINDS) + "---|")
    for n, k, miss, ex in rows:
        cells = ["n/a" if (kk in ex and not k[kk]) else str(k[kk]) for kk in KINDS]
        print(f"| {n} | " + " | ".join(cells) + f" | {', '.join(miss) or '-'} |")
    total = len(kinds)
    print()
    print(f"{total} public names; cases per kind summed over names: "
          + ", ".join(f"{kk} {sum(k[kk] for k in kinds.values())}" for kk in KINDS if kk != "dtypes"))
    print("| kind | names covered | not applicable | gaps |")
    print("|---|---:|---:|---:|")
    for kk in KINDS:
        cov = sum(1 for k in kinds.values() if k[kk])
        print(f"| {kk} | {cov} | {exempt[kk]} | {gaps[kk]} |")
    if orphans:
        print(f"\n{len(orphans)} mint cases match no public name (first 10): {orphans[:10]}")
    if args.check and sum(gaps.values()):
        sys.exit(1)


if __name__ == "__main__":
    main()
