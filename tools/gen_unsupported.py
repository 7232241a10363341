#!/usr/bin/env python3
"""Write ``docs/unsupported.md``: the public names of MindSpore 2.10 that mscompat lacks, by
namespace, with the reason where one is known.

    python tools/gen_unsupported.py            # rewrite docs/unsupported.md
    python tools/gen_unsupported.py --check    # exit 1 if docs/unsupported.md is out of date

The list of MindSpore's public names is data in this repository, ``tools/mindspore_api.json``
(5,325 names in 41 namespaces, from introspecting MindSpore 2.10, with the platforms each
name's docstring lists), so the page can be regenerated anywhere mscompat imports. A name is
present when ``mindspore.X.Y`` exists as ``mscompat.X.Y`` (the lookup of ``python -m
mscompat.check``; members of Tensor, Parameter, Cell, Dataset and Model on the class or an
instance). Present is not the same as behaving like MindSpore: the parity tests show that.

Rebuilding the data (needs real MindSpore and the census of ``../shared/census``):

    python tools/gen_unsupported.py --refresh-data --census ../shared/census/api.json \\
        --mindspore-python .oracle/bin/python
"""
import argparse
import collections
import fnmatch
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

from mscompat import check

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(HERE, "mindspore_api.json")
OUT = os.path.join(ROOT, "docs", "unsupported.md")

# Why a name is missing, first match wins: (namespace pattern, name pattern, reason). Patterns are
# fnmatch-style; a rule that matches nothing is harmless. Names whose docstring lists Ascend as
# their only platform get the Ascend reason without a rule (see ``reason``).
RULES = [
    ("*", "*Thor", "THOR, MindSpore's second-order optimizer, is not built"),
    ("*", "thor", "THOR, MindSpore's second-order optimizer, is not built"),
    ("*", "Convert*Utils", "THOR, MindSpore's second-order optimizer, is not built"),
    ("*", "TFTCommValue", "fault tolerance of Ascend clusters (MindIO TFT, RSC): no counterpart on XLA"),
    ("*", "OptTFTWrapper", "fault tolerance of Ascend clusters (MindIO TFT, RSC): no counterpart on XLA"),
    ("*", "TrainFaultTolerance", "fault tolerance of Ascend clusters (MindIO TFT, RSC): no counterpart on XLA"),
    ("*", "RSCPluginHandle", "fault tolerance of Ascend clusters (MindIO TFT, RSC): no counterpart on XLA"),
    ("*", "*mindio*", "fault tolerance of Ascend clusters (MindIO TFT, RSC): no counterpart on XLA"),
    ("*", "*obf*", "model obfuscation and encryption are not built"),
    ("*", "set_enc_*", "model obfuscation and encryption are not built"),
    ("*", "set_dec_mode", "model obfuscation and encryption are not built"),
    ("*", "*ps_context", "parameter-server training is not built"),
    ("*", "Pull", "parameter-server training is not built"),
    ("*", "Push", "parameter-server training is not built"),
    ("*", "Map*", "parameter-server embedding cache (MapParameter) is not built"),
    ("*", "make_map_parameter", "parameter-server embedding cache (MapParameter) is not built"),
    ("mindspore", "SymbolTree", "the graph rewrite API (mindspore.rewrite) is not built"),
    ("mindspore", "Node", "the graph rewrite API (mindspore.rewrite) is not built"),
    ("mindspore", "NodeType", "the graph rewrite API (mindspore.rewrite) is not built"),
    ("mindspore", "ScopedValue", "the graph rewrite API (mindspore.rewrite) is not built"),
    ("mindspore.ops*", "J", "an internal primitive of MindSpore's graph compiler, with no use in Python code"),
    ("mindspore.ops*", "*Merge", "an internal primitive of MindSpore's graph compiler, with no use in Python code"),
    ("mindspore.ops*", "merge", "an internal primitive of MindSpore's graph compiler, with no use in Python code"),
    ("mindspore.ops*", "GeSwitch", "an internal primitive of MindSpore's graph compiler, with no use in Python code"),
    ("mindspore.ops*", "geswitch", "an internal primitive of MindSpore's graph compiler, with no use in Python code"),
    ("mindspore.ops*", "PyExecute", "an internal primitive of MindSpore's graph compiler, with no use in Python code"),
    ("mindspore.ops*", "Reusing", "an internal primitive of MindSpore's graph compiler, with no use in Python code"),
    ("mindspore.ops*", "SelectView", "an internal primitive of MindSpore's graph compiler, with no use in Python code"),
    ("mindspore.ops*", "CopyWithSlice", "an internal primitive of MindSpore's graph compiler, with no use in Python code"),
    ("mindspore.ops*", "*registry", "an internal table of MindSpore's graph compiler"),
    ("mindspore.ops*", "get_vm_impl_fn", "an internal table of MindSpore's graph compiler"),
    ("mindspore.ops*", "is_dynamic_sequence_element_unknown", "an internal helper of MindSpore's graph compiler"),
    ("mindspore.ops*", "kernel", "custom kernels (MindSpore's Custom op DSL and kernel builders) are not built"),
    ("mindspore.ops*", "ms_kernel", "custom kernels (MindSpore's Custom op DSL and kernel builders) are not built"),
    ("mindspore.ops*", "CustomOpBuilder", "custom kernels (MindSpore's Custom op DSL and kernel builders) are not built"),
    ("mindspore.ops*", "GetNext", "dataset queues of MindSpore's device runtime: mscompat feeds data with DeviceFeeder"),
    ("mindspore.nn", "GetNextSingleOp", "dataset queues of MindSpore's device runtime: mscompat feeds data with DeviceFeeder"),
    ("mindspore.ops*", "*tensor_get_*", "accessors of sparse tensors in graph syntax: use the tensor's attributes"),
    ("mindspore.ops*", "make_*_tensor*", "constructors of sparse tensors in graph syntax: use COOTensor/CSRTensor/RowTensor"),
    ("mindspore.ops*", "row_tensor_add", "RowTensor arithmetic in graph syntax is not built"),
    ("mindspore.runtime", "*", "streams, events and allocators of MindSpore's device runtime: XLA schedules and "
                               "allocates itself and exposes none of them"),
    ("mindspore.hal", "*", "streams, events and allocators of MindSpore's device runtime: XLA schedules and "
                           "allocates itself and exposes none of them"),
    ("mindspore", "*Stream*", "streams, events and allocators of MindSpore's device runtime: XLA schedules and "
                              "allocates itself and exposes none of them"),
    ("mindspore", "*stream*", "streams, events and allocators of MindSpore's device runtime: XLA schedules and "
                              "allocates itself and exposes none of them"),
    ("mindspore", "Event", "streams, events and allocators of MindSpore's device runtime: XLA schedules and "
                           "allocates itself and exposes none of them"),
    ("mindspore", "*Mem*", "streams, events and allocators of MindSpore's device runtime: XLA schedules and "
                           "allocates itself and exposes none of them"),
    ("mindspore", "*mem_pool*", "streams, events and allocators of MindSpore's device runtime: XLA schedules and "
                                "allocates itself and exposes none of them"),
    ("mindspore", "PluggableAllocator", "streams, events and allocators of MindSpore's device runtime: XLA "
                                        "schedules and allocates itself and exposes none of them"),
    ("mindspore", "memory_replay", "streams, events and allocators of MindSpore's device runtime: XLA schedules "
                                   "and allocates itself and exposes none of them"),
    ("mindspore", "*device_limit", "streams, events and allocators of MindSpore's device runtime: XLA schedules "
                                   "and allocates itself and exposes none of them"),
    ("mindspore.dataset", "*Dataset", "this dataset source is not built (the sources mscompat reads: "
                                      "dataset/README.md)"),
    ("mindspore.dataset.Dataset", "*parse*", "internals of MindSpore's C++ data engine (its IR tree)"),
    ("mindspore.dataset.Dataset", "create_ir_tree", "internals of MindSpore's C++ data engine (its IR tree)"),
    ("mindspore.dataset.Dataset", "iterator_bootstrap", "internals of MindSpore's C++ data engine (its IR tree)"),
    ("mindspore.dataset.Dataset", "send", "dataset queues of MindSpore's device runtime: mscompat feeds data "
                                          "with DeviceFeeder"),
    ("mindspore.dataset.Dataset", "recv", "dataset queues of MindSpore's device runtime: mscompat feeds data "
                                          "with DeviceFeeder"),
    ("mindspore.dataset.config", "*autotune*", "autotuning of MindSpore's C++ data engine: mscompat's pipeline "
                                               "has no autotuner"),
    ("mindspore.dataset.config", "*numa*", "NUMA binding of MindSpore's C++ data engine is not built"),
    ("mindspore.mindrecord", "*ToMR", "converters from other formats to MindRecord are not built "
                                      "(FileWriter/FileReader are)"),
    ("mindspore.mindrecord", "MindPage", "MindRecord paging reads are not built (FileWriter/FileReader are)"),
    ("mindspore.Tensor", "*storage", "Tensor storage views: JAX arrays are immutable and have no storage object"),
    ("mindspore.Tensor", "*dlpack", "DLPack exchange on Tensor: use mindspore.utils.to_dlpack/from_dlpack"),
    ("mindspore.profiler", "*", "profiling driven by a config file or environment variables is not built "
                                "(mindspore.Profiler is, on jax.profiler)"),
]
ASCEND_ONLY = "Ascend only in MindSpore 2.10 (its documentation lists no other platform)"
NOT_BUILT = "not built yet"


# --- the data ----------------------------------------------------------------------------------

def load_data(path=DATA):
    with open(path) as f:
        return json.load(f)


_PLATFORMS_PROBE = r'''
import importlib, json, re, sys
spec = json.load(open(sys.argv[1]))
import mindspore
pat = re.compile(r"Supported Platforms:\s*\n((?:\s*``\w+``[ ,]*)+)")
out = {}
def reach(target):
    obj = mindspore
    for p in [x for x in target.split(".") if x]:
        try:
            obj = getattr(obj, p)
        except AttributeError:
            obj = importlib.import_module(obj.__name__ + "." + p)
    return obj
for ns, e in spec.items():
    try:
        owner = reach(e["target"])
    except Exception:
        continue
    for n in e["names"]:
        try:
            doc = getattr(owner, n).__doc__ or ""
        except Exception:
            continue
        m = pat.search(doc)
        if m:
            plats = sorted(set(re.findall(r"``(\w+)``", m.group(1))))
            if "CPU" not in plats:
                out[ns + "." + n] = plats
json.dump(out, open(sys.argv[2], "w"), indent=0, sort_keys=True)
'''


def refresh_data(census, mindspore_python, path=DATA):
    """Rebuild the data file from the census's ``api.json`` and MindSpore's docstrings."""
    with open(census) as f:
        api = json.load(f)
    spaces = {ns: {"target": e["target"], "kind": e["kind"], "names": sorted(e["names"])}
              for ns, e in api["namespaces"].items()}
    with tempfile.TemporaryDirectory() as td:
        spec, out, probe = (os.path.join(td, n) for n in ("spec.json", "out.json", "probe.py"))
        with open(spec, "w") as f:
            json.dump(spaces, f)
        with open(probe, "w") as f:
            f.write(_PLATFORMS_PROBE)
        subprocess.run([os.path.abspath(mindspore_python), probe, spec, out], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, cwd=td)
        with open(out) as f:
            platforms = json.load(f)
    data = {
        "mindspore_version": api["_meta"]["mindspore_version"],
        "source": "public names of MindSpore (module __all__ and documented names; public members of "
                  "Tensor, Parameter, nn.Cell, dataset.Dataset, train.Model) from introspecting the "
                  "installed package; platforms: 'Supported Platforms' of each docstring, kept where "
                  "CPU is not among them",
        "namespaces": spaces,
        "platforms_without_cpu": platforms,
    }
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=False)
        f.write("\n")
    return data


# --- what mscompat has ---------------------------------------------------------------------------

def _instance(resolver, target):
    """A small instance of a class namespace (members set in ``__init__``), or None."""
    try:
        ms = resolver.root
        if target == "Tensor":
            return ms.Tensor(np.array([1.0, 2.0], np.float32))
        if target == "Parameter":
            return ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="census_p")
        if target == "nn.Cell":
            return ms.nn.Cell()
        if target == "dataset.Dataset":
            return ms.dataset.NumpySlicesDataset([1, 2, 3], column_names=["x"], shuffle=False)
        if target == "train.Model":
            return ms.train.Model(ms.nn.Cell())
    except Exception:   # noqa: BLE001  (no instance: class attributes only)
        return None
    return None


def missing_names(data):
    """``{namespace: (reachable, [missing names])}`` for mscompat as imported now."""
    resolver = check.Resolver()
    out = {}
    for ns, e in data["namespaces"].items():
        owner_name = "mindspore" + ("." + e["target"] if e["target"] else "")
        owner = resolver.lookup(owner_name)
        if owner is check._MISSING:
            out[ns] = (False, list(e["names"]))
            continue
        inst = _instance(resolver, e["target"]) if e["kind"] == "class" else None
        missing = []
        for n in e["names"]:
            if resolver.lookup(f"{owner_name}.{n}") is not check._MISSING:
                continue
            if inst is not None and _has(inst, n):
                continue
            missing.append(n)
        out[ns] = (True, missing)
    return out


def _has(obj, name):
    try:
        getattr(obj, name)
        return True
    except AttributeError:
        return False
    except Exception:   # noqa: BLE001  (the attribute exists; its getter raised)
        return True


def reason(data, ns, name):
    """Why ``ns.name`` is missing, from the rules and MindSpore's documented platforms."""
    plats = data["platforms_without_cpu"].get(f"{ns}.{name}")
    for ns_pat, name_pat, why in RULES:
        if fnmatch.fnmatchcase(ns, ns_pat) and fnmatch.fnmatchcase(name, name_pat):
            return why
    if plats == ["Ascend"]:
        return ASCEND_ONLY
    return NOT_BUILT


# --- the page ------------------------------------------------------------------------------------

def _names(names):
    return ", ".join(f"`{n}`" for n in names)


def render(data, missing, partial):
    spaces = data["namespaces"]
    total = sum(len(e["names"]) for e in spaces.values())
    lacking = sum(len(m) for _, m in missing.values())
    lines = [
        "# What mscompat does not have",
        "",
        "<!-- generated by tools/gen_unsupported.py: do not edit by hand -->",
        "",
        f"Generated by `python tools/gen_unsupported.py` from the {total:,} public names of MindSpore "
        f"{data['mindspore_version']} in {len(spaces)} namespaces (`tools/mindspore_api.json`); "
        "`tests/test_docs_snippets.py` fails when this page no longer matches mscompat, so it stays true. "
        "A name counts as present when `mindspore.X.Y` exists as `mscompat.X.Y` (for Tensor, Parameter, "
        "Cell, Dataset and Model: a member of the class or of an instance), the same lookup as "
        "`python -m mscompat.check` (docs/porting.md). Present is not proof of identical behaviour: "
        "the parity tests (`parity_tests/README.md`) compare the numbers, dtypes and errors.",
        "",
        f"**{total - lacking:,} of {total:,} names are present ({100.0 * (total - lacking) / total:.1f} %); "
        f"{lacking:,} are missing.** To see which of them a codebase uses: "
        "`python -m mscompat.check PATH`.",
        "",
        "| namespace | MindSpore names | in mscompat | missing |",
        "|---|---:|---:|---:|",
    ]
    for ns, e in spaces.items():
        reachable, m = missing[ns]
        note = "" if reachable else " (namespace missing)"
        lines.append(f"| `{ns}` | {len(e['names'])} | {len(e['names']) - len(m)} | {len(m)}{note} |")
    lines += ["", "## Missing names by namespace", ""]
    for ns, e in spaces.items():
        reachable, m = missing[ns]
        if not m:
            continue
        lines.append(f"### `{ns}` ({len(m)} missing)")
        lines.append("")
        if not reachable:
            lines.append(f"The namespace `{ns}` does not exist in mscompat yet; none of its "
                         f"{len(m)} names can be used: {_names(m)}.")
            lines.append("")
            continue
        by_reason = collections.OrderedDict()
        for n in m:
            by_reason.setdefault(reason(data, ns, n), []).append(n)
        # the known reasons first, "not built yet" last
        for why in sorted(by_reason, key=lambda w: (w == NOT_BUILT, w.lower())):
            lines.append(f"- {why[0].upper() + why[1:]}: {_names(by_reason[why])}.")
        lines.append("")
    lines += ["## Present, with documented differences", ""]
    if partial:
        lines.append("These exist and work, except for what the note says (`PARTIAL` in `mscompat/check.py`, "
                     "also shown by `python -m mscompat.check`):")
        lines.append("")
        for name, note in sorted(partial.items()):
            lines.append(f"- `{name}`: {note}.")
    else:
        lines.append("None.")
    lines.append("")
    return "\n".join(lines)


def generate(data=None):
    data = data or load_data()
    return render(data, missing_names(data), check.PARTIAL)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Write docs/unsupported.md from tools/mindspore_api.json.")
    ap.add_argument("--check", action="store_true", help="exit 1 when docs/unsupported.md is out of date")
    ap.add_argument("--output", default=OUT, help="where to write the page (default: docs/unsupported.md)")
    ap.add_argument("--refresh-data", action="store_true",
                    help="rebuild tools/mindspore_api.json first (needs --census and --mindspore-python)")
    ap.add_argument("--census", help="the census's api.json (../shared/census/api.json)")
    ap.add_argument("--mindspore-python", help="a Python interpreter with real MindSpore 2.10")
    args = ap.parse_args(argv)
    if args.refresh_data:
        if not (args.census and args.mindspore_python):
            ap.error("--refresh-data needs --census and --mindspore-python")
        refresh_data(args.census, args.mindspore_python)
    text = generate()
    if args.check:
        try:
            with open(args.output) as f:
                current = f.read()
        except FileNotFoundError:
            current = None
        if current != text:
            print(f"{args.output} is out of date: run python tools/gen_unsupported.py", file=sys.stderr)
            return 1
        return 0
    with open(args.output, "w") as f:
        f.write(text)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
