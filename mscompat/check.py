"""Porting report: which MindSpore APIs a codebase uses, and whether mscompat has them.

``python -m mscompat.check PATH [--json] [--summary-only]`` reads every ``*.py`` file under
PATH (never runs it), resolves its imports of ``mindspore`` (``import mindspore as ms``,
``from mindspore import nn, ops``, ``from mindspore.ops import functional as F``, ...), and
lists each use of a MindSpore name (``ms.ops.matmul``, ``nn.Conv2d``, ``Tensor``, methods of
objects built from MindSpore classes, Cell methods called on ``self`` in Cell subclasses) by
file and line with its status in mscompat:

* ``supported``: ``mindspore.X.Y`` exists as ``mscompat.X.Y``;
* ``partial``: it exists, with differences the project documents (``PARTIAL`` below);
* ``missing``: mscompat has no such name.

A use is one (line, name) pair. Names found through an inferred class are listed only when
mscompat has them (a missing one may be the program's own attribute). A summary gives the
counts, the share of uses supported and the most used missing names.
"""
import argparse
import ast
import collections
import importlib
import inspect
import json
import math
import os
import sys

# Names that exist in mscompat with documented differences from MindSpore 2.10.
PARTIAL = {
    "mindspore.build_searched_strategy": "JSON strategy files only; protobuf strategy files are not supported (docs/parallel.md)",
    "mindspore.parallel.build_searched_strategy": "JSON strategy files only; protobuf strategy files are not supported (docs/parallel.md)",
    "mindspore.load_distributed_checkpoint": "JSON strategy files only; protobuf strategy files are not supported (docs/parallel.md)",
    "mindspore.parallel.load_distributed_checkpoint": "JSON strategy files only; protobuf strategy files are not supported (docs/parallel.md)",
}

SUPPORTED, PARTIAL_STATUS, MISSING = "supported", "partial", "missing"
_MISSING = object()


class Resolver:
    """Looks ``mindspore.X.Y`` up as ``mscompat.X.Y`` (importing mscompat's own submodules
    where needed), caching the answers."""

    def __init__(self):
        self.root = importlib.import_module("mscompat")
        self._objects = {}

    def lookup(self, name):
        """The mscompat object for the MindSpore dotted ``name``, or _MISSING."""
        if name in self._objects:
            return self._objects[name]
        parts = name.split(".")
        if len(parts) == 1:
            obj = self.root
        else:
            parent = self.lookup(".".join(parts[:-1]))
            obj = _MISSING
            if parent is not _MISSING:
                try:
                    obj = getattr(parent, parts[-1])
                except Exception:   # noqa: BLE001  (any failing attribute is an absent one)
                    obj = _MISSING
                if obj is _MISSING and inspect.ismodule(parent):
                    try:
                        obj = importlib.import_module(f"{parent.__name__}.{parts[-1]}")
                    except Exception:   # noqa: BLE001
                        obj = _MISSING
                # A module mscompat merely imports (numpy as np, jax, ...) is no MindSpore API.
                if inspect.ismodule(obj) and not obj.__name__.startswith("mscompat"):
                    obj = _MISSING
        self._objects[name] = obj
        return obj

    def status(self, name):
        if self.lookup(name) is _MISSING:
            return MISSING, None
        if name in PARTIAL:
            return PARTIAL_STATUS, PARTIAL[name]
        return SUPPORTED, None

    def api_name(self, chain):
        """The part of the dotted ``chain`` that names a MindSpore API: through modules, then
        one name, then (on a class) one attribute; a missing name ends it there."""
        parts = chain.split(".")
        for i in range(2, len(parts) + 1):
            name = ".".join(parts[:i])
            obj = self.lookup(name)
            if obj is _MISSING:
                return name
            if inspect.ismodule(obj):
                continue
            if inspect.isclass(obj) and i < len(parts):
                return ".".join(parts[:i + 1])
            return name
        return chain

    def is_class(self, name):
        return inspect.isclass(self.lookup(name))

    def is_module(self, name):
        return inspect.ismodule(self.lookup(name))


def _dotted(node):
    """``a.b.c`` of a Name/Attribute chain, or None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def _is_mindspore(module):
    return module == "mindspore" or module.startswith("mindspore.")


class _FileScanner(ast.NodeVisitor):
    """The MindSpore uses of one module's syntax tree: (line, name) pairs."""

    def __init__(self, resolver):
        self.resolver = resolver
        self.aliases = {}          # local name -> mindspore dotted name (modules and objects)
        self.instances = [{}]      # per function scope: local variable -> mindspore class
        self.classes = []          # stack per class body: (MindSpore base class or None, own names,
                                   # self attributes built from MindSpore classes)
        self.uses = []

    def _use(self, node, name, inferred=False):
        name = self.resolver.api_name(name)
        # A method found through an object's inferred class (``self.x()`` in a Cell subclass,
        # ``t.x`` after ``t = Tensor(...)``) counts only when it exists: a missing one is as
        # likely the program's own attribute as an absent API.
        if inferred and self.resolver.lookup(name) is _MISSING:
            return
        self.uses.append((node.lineno, name))

    # imports --------------------------------------------------------------------------------
    def visit_Import(self, node):
        for alias in node.names:
            if not _is_mindspore(alias.name):
                continue
            if alias.asname:
                self.aliases[alias.asname] = alias.name
            else:
                self.aliases[alias.name.split(".")[0]] = "mindspore"
            if alias.name != "mindspore":
                self._use(node, alias.name)

    def visit_ImportFrom(self, node):
        if node.level or not node.module or not _is_mindspore(node.module):
            return
        for alias in node.names:
            if alias.name == "*":
                if node.module != "mindspore":
                    self._use(node, node.module)
                continue
            full = f"{node.module}.{alias.name}"
            self.aliases[alias.asname or alias.name] = full
            self._use(node, full)

    # names and attribute chains -------------------------------------------------------------
    def _resolve_chain(self, node, self_call=False):
        """(MindSpore dotted name, inferred) for a Name/Attribute chain, or None. ``inferred``:
        found through an object's class rather than through the imports."""
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Call):
            cls = self._class_of_call(node.value)          # ms.Tensor(x).asnumpy
            return (f"{cls}.{node.attr}", True) if cls else None
        chain = _dotted(node)
        if chain is None:
            return None
        parts = chain.split(".")
        head = parts[0]
        if head == "self" and len(parts) > 1 and self.classes:
            base, own, members = self.classes[-1]
            if parts[1] in members:                         # self.conv = nn.Conv2d(...); self.conv.weight
                return (f"{members[parts[1]]}.{parts[2]}", True) if len(parts) > 2 else None
            if base is not None and parts[1] not in own and self_call and len(parts) == 2:
                return f"{base}.{parts[1]}", True           # self.set_train() in a Cell subclass
            return None
        if head in self.instances[-1]:                      # t = ms.Tensor(...); t.asnumpy
            return (f"{self.instances[-1][head]}.{parts[1]}", True) if len(parts) > 1 else None
        if head in self.aliases:
            return ".".join([self.aliases[head]] + parts[1:]), False
        return None

    def visit_Call(self, node):
        func = node.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
            found = self._resolve_chain(func, self_call=True)
            if found is not None:
                self._use(func, *found)
            for child in node.args + node.keywords:
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_Attribute(self, node):
        found = self._resolve_chain(node)
        if found is not None and "." in found[0]:
            self._use(node, *found)
            if isinstance(node.value, ast.Call):
                self.visit(node.value)
            return
        self.generic_visit(node)

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load) and node.id in self.aliases:
            full = self.aliases[node.id]
            if not self.resolver.is_module(full) and full != "mindspore":
                self._use(node, full)

    # scopes: instances of MindSpore classes, subclasses of them -----------------------------
    def _mindspore_class(self, node):
        """The MindSpore class a Name/Attribute chain names through the imports, or None."""
        found = self._resolve_chain(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
        if found is not None and not found[1] and self.resolver.is_class(found[0]):
            return self.resolver.api_name(found[0])
        return None

    def _class_of_call(self, value):
        return self._mindspore_class(value.func) if isinstance(value, ast.Call) else None

    def visit_Assign(self, node):
        self.visit(node.value)
        cls = self._class_of_call(node.value)
        for target in node.targets:
            if isinstance(target, ast.Name):
                if cls is not None:
                    self.instances[-1][target.id] = cls
                else:
                    self.instances[-1].pop(target.id, None)
            else:
                self.visit(target)

    def _function(self, node):
        for deco in node.decorator_list:
            self.visit(deco)
        self.visit(node.args)
        if node.returns is not None:
            self.visit(node.returns)
        scope = {}
        for arg in node.args.posonlyargs + node.args.args + node.args.kwonlyargs:
            cls = self._mindspore_class(arg.annotation) if arg.annotation is not None else None
            if cls is not None:                              # def f(x: Tensor)
                scope[arg.arg] = cls
        self.instances.append(scope)
        for stmt in node.body:
            self.visit(stmt)
        self.instances.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = _function

    def visit_ClassDef(self, node):
        for deco in node.decorator_list:
            self.visit(deco)
        bases = [self._mindspore_class(b) for b in node.bases]
        for b in node.bases:
            self.visit(b)
        for kw in node.keywords:
            self.visit(kw)
        # Inherited methods are looked up only for a class with one base, a MindSpore one.
        base = bases[0] if len(bases) == 1 else None
        own, members = set(), {}
        for sub in ast.walk(node):
            if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and sub is not node:
                own.add(sub.name)
            elif isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                own.add(sub.id)
            elif isinstance(sub, ast.Assign):
                cls = self._class_of_call(sub.value)
                for t in sub.targets:
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                        own.add(t.attr)
                        if cls is not None:
                            members[t.attr] = cls
            elif isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and \
                    sub.value.id == "self" and isinstance(sub.ctx, ast.Store):
                own.add(sub.attr)
        self.classes.append((base, own, members))
        self.instances.append({})
        for stmt in node.body:
            self.visit(stmt)
        self.instances.pop()
        self.classes.pop()


def python_files(path):
    if os.path.isfile(path):
        return [path]
    files = []
    for dirpath, dirnames, filenames in os.walk(path):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
        files.extend(os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".py"))
    return files


def scan(path, resolver=None):
    """The report of ``path`` (a file or a folder) as a dict: ``files`` (relative path -> list
    of {line, name, status[, note]}), ``errors`` (unparsable files) and ``summary``."""
    resolver = resolver or Resolver()
    base = path if os.path.isdir(path) else os.path.dirname(path)
    report, errors = {}, {}
    for file in python_files(path):
        rel = os.path.relpath(file, base)
        try:
            with open(file, "rb") as f:
                tree = ast.parse(f.read(), filename=file)
        except (SyntaxError, ValueError, UnicodeDecodeError) as exc:
            errors[rel] = f"{type(exc).__name__}: {exc}"
            continue
        scanner = _FileScanner(resolver)
        scanner.visit(tree)
        entries = []
        for line, name in sorted(set(scanner.uses)):
            status, note = resolver.status(name)
            entry = {"line": line, "name": name, "status": status}
            if note:
                entry["note"] = note
            entries.append(entry)
        if entries:
            report[rel] = entries
    return {"files": report, "errors": errors, "summary": summarize(report, len(python_files(path)))}


def summarize(report, n_files):
    counts = collections.Counter()
    missing = collections.Counter()
    names = {}
    for entries in report.values():
        for e in entries:
            counts[e["status"]] += 1
            names[e["name"]] = e["status"]
            if e["status"] == MISSING:
                missing[e["name"]] += 1
    total = sum(counts.values())
    distinct = collections.Counter(names.values())
    return {
        "files_scanned": n_files,
        "files_using_mindspore": len(report),
        "uses": total,
        "supported": counts[SUPPORTED],
        "partial": counts[PARTIAL_STATUS],
        "missing": counts[MISSING],
        # Rounded down: 100.0 only when nothing is missing.
        "supported_percent": math.floor(1000.0 * (counts[SUPPORTED] + counts[PARTIAL_STATUS]) / total) / 10 if total else 100.0,
        "distinct_names": len(names),
        "distinct_missing": distinct[MISSING],
        "top_missing": [[name, n] for name, n in missing.most_common(20)],
    }


def format_text(result, summary_only=False):
    lines = []
    if not summary_only:
        for file, entries in result["files"].items():
            lines.append(file)
            for e in entries:
                note = f"  ({e['note']})" if "note" in e else ""
                lines.append(f"  {e['line']:>5}  {e['status']:<9}  {e['name']}{note}")
        for file, err in result["errors"].items():
            lines.append(f"{file}: not parsed: {err}")
        lines.append("")
    s = result["summary"]
    lines.append(f"files: {s['files_scanned']} scanned, {s['files_using_mindspore']} use MindSpore")
    lines.append(f"uses: {s['uses']} ({s['distinct_names']} distinct names): {s['supported']} supported, "
                 f"{s['partial']} partial, {s['missing']} missing")
    lines.append(f"supported (with partial): {s['supported_percent']}% of uses")
    if s["top_missing"]:
        lines.append(f"missing names ({s['distinct_missing']} distinct), most used:")
        lines.extend(f"  {n:>5}  {name}" for name, n in s["top_missing"])
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m mscompat.check",
                                     description="List the MindSpore APIs a codebase uses and their status in mscompat.")
    parser.add_argument("path", help="a Python file or a folder to scan (the code is read, never run)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--summary-only", action="store_true", help="print only the summary")
    args = parser.parse_args(argv)
    if not os.path.exists(args.path):
        parser.error(f"no such file or folder: {args.path}")
    result = scan(args.path)
    if args.json:
        if args.summary_only:
            result = {"summary": result["summary"]}
        print(json.dumps(result, indent=1))
    else:
        print(format_text(result, args.summary_only))
    return 0


if __name__ == "__main__":
    sys.exit(main())
