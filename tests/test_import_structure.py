"""The library's import structure, read from the source (AST), not by importing it:

- no import cycles between library modules at module level;
- function-level imports stay rare (under 1 per 1,000 lines), each with a one-line reason;
- no file is named by work list instead of concept (``*_more*``, ``*_extra*``, ``*_misc*``,
  ``*_other*``, ``*_patches*``) in the library, the tests or the parity tables.

The library is ``mscompat/`` plus the top-level folders that ``pyproject.toml``'s ``package-dir``
maps into it (``nn/`` -> ``mscompat.nn``, ...). Run this file directly to print the figures.
"""
import ast
import fnmatch
import os
import re
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MISNAMED = ("*_more*", "*_extra*", "*_misc*", "*_other*", "*_patches*")
MAX_FUNCTION_IMPORTS_PER_1K_LINES = 1.0
# an import inside a function must say why on its own line or the line above it
REASON = re.compile(r"#\s*\S")


def _package_dirs():
    """{package name: folder} from pyproject.toml's package-dir, plus ``mscompat`` itself."""
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as fh:
        cfg = tomllib.load(fh)
    dirs = dict(cfg["tool"]["setuptools"].get("package-dir", {}))
    dirs.setdefault("mscompat", "mscompat")
    # the most specific mapping wins; sub-mappings (mscompat.nn.layer -> nn/layer) follow the walk
    return {name: os.path.join(ROOT, path) for name, path in dirs.items()}


def library_modules():
    """{dotted module name: (path, is_package)} of every library module."""
    mods = {}
    for pkg, base in _package_dirs().items():
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            if not os.path.isfile(os.path.join(dirpath, "__init__.py")):
                dirnames[:] = []
                continue
            rel = os.path.relpath(dirpath, base)
            parts = [pkg] + ([] if rel == "." else rel.split(os.sep))
            for fn in filenames:
                if fn.endswith(".py"):
                    name = ".".join(parts + ([] if fn == "__init__.py" else [fn[:-3]]))
                    mods.setdefault(name, (os.path.join(dirpath, fn), fn == "__init__.py"))
    return mods


def _module_level_imports(tree):
    """Import statements that run when the module is imported (not inside a function body,
    nor under ``if TYPE_CHECKING:``)."""
    out = []

    def walk(nodes):
        for n in nodes:
            if isinstance(n, (ast.Import, ast.ImportFrom)):
                out.append(n)
            elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            elif isinstance(n, ast.If) and "TYPE_CHECKING" in ast.dump(n.test):
                walk(n.orelse)
            else:
                for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                    sub = getattr(n, field, None)
                    if isinstance(sub, list):
                        walk(sub)
    walk(tree.body)
    return out


def function_level_imports(tree):
    """Import statements inside function bodies (each counted once)."""
    found = {}
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for m in ast.walk(n):
                if isinstance(m, (ast.Import, ast.ImportFrom)):
                    found[id(m)] = m
    return sorted(found.values(), key=lambda m: m.lineno)


def _resolve(module, is_package, level, target):
    if level == 0:
        return target
    parts = module.split(".")
    if not is_package:
        parts = parts[:-1]
    if level > 1:
        parts = parts[:len(parts) - (level - 1)]
    return ".".join(parts + ([target] if target else []))


def _dynamic_submodules(tree, name, mods):
    """Submodules a package imports by name at module level (``for n in _FAMILIES:
    importlib.import_module(f"{__name__}.{n}")``): when its module level calls ``import_module``,
    every string in its module-level tuples and lists that names one of its submodules."""
    calls = [n for stmt in tree.body if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
             for n in ast.walk(stmt) if isinstance(n, ast.Call)
             and getattr(n.func, "attr", getattr(n.func, "id", None)) == "import_module"]
    if not calls:
        return set()
    found = set()
    for stmt in tree.body:
        value = getattr(stmt, "value", None) if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
        if isinstance(value, (ast.Tuple, ast.List)):
            for elt in value.elts:
                if isinstance(elt, ast.Constant) and isinstance(elt.value, str):
                    sub = f"{name}.{elt.value.lstrip('.')}"
                    if sub in mods:
                        found.add(sub)
    return found


def import_graph(mods=None):
    """{module: set of library modules its module-level imports run}.

    An import names its most specific library module (``from a.b import c`` is ``a.b.c`` when
    that is a module, else ``a.b``); importing a module also runs its parent packages, so those
    count too, except the importer's own parents (already being imported when it runs)."""
    mods = library_modules() if mods is None else mods
    graph = {}
    for name, (path, is_pkg) in mods.items():
        with open(path, encoding="utf-8") as fh:
            tree = ast.parse(fh.read(), path)
        targets = set()
        for node in _module_level_imports(tree):
            if isinstance(node, ast.Import):
                named = [a.name for a in node.names]
            else:
                base = _resolve(name, is_pkg, node.level, node.module or "")
                subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in mods]
                named = subs + ([base] if len(subs) < len(node.names) else [])
            for t in named:
                while t and t not in mods:          # ``import a.b.c`` of a non-module tail
                    t = t.rpartition(".")[0]
                if not t:
                    continue
                targets.add(t)
                parent = t.rpartition(".")[0]
                while parent:
                    if not name.startswith(parent + "."):
                        targets.add(parent)
                    parent = parent.rpartition(".")[0]
        targets |= _dynamic_submodules(tree, name, mods)
        targets.discard(name)
        graph[name] = targets
    return graph


def cycles(graph):
    """The strongly connected components with more than one module, each as one cycle
    through its modules (shortest path back to the first module), sorted."""
    index, low, stack, on_stack, comps = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    out = []
    for comp in comps:
        members, start = set(comp), comp[0]
        prev, frontier = {start: None}, [start]
        path = None
        while frontier and path is None:            # BFS from start back to start
            nxt = []
            for v in frontier:
                for w in sorted(graph[v] & members):
                    if w == start:
                        path = [v]
                        while prev[path[-1]] is not None:
                            path.append(prev[path[-1]])
                        path = path[::-1] + [start]
                        break
                    if w not in prev:
                        prev[w] = v
                        nxt.append(w)
                if path:
                    break
            frontier = nxt
        out.append((comp, path))
    return sorted(out)


def function_import_report(mods=None):
    """(count, lines, [(path, line, text, has_reason)]) of the library's function-level imports."""
    mods = library_modules() if mods is None else mods
    total_lines, found = 0, []
    for name, (path, _) in sorted(mods.items()):
        with open(path, encoding="utf-8") as fh:
            src = fh.read()
        lines = src.splitlines()
        total_lines += len(lines)
        for node in function_level_imports(ast.parse(src, path)):
            text = lines[node.lineno - 1]
            above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
            reason = "#" in text or above.startswith("#")
            found.append((os.path.relpath(path, ROOT), node.lineno, text.strip(), reason))
    return len(found), total_lines, found


def misnamed_files():
    roots = {os.path.relpath(p, ROOT) for p in _package_dirs().values()}
    roots |= {"tests", os.path.join("parity_tests", "cases")}
    bad = []
    for top in sorted(roots):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = [d for d in dirnames if d != "__pycache__" and not d.startswith(".")]
            for fn in dirnames + filenames:
                if any(fnmatch.fnmatch(fn, pat) for pat in MISNAMED):
                    bad.append(os.path.relpath(os.path.join(dirpath, fn), ROOT))
    return sorted(bad)


def test_no_import_cycles():
    found = cycles(import_graph())
    assert not found, "import cycles at module level:\n" + "\n".join(
        f"  {' -> '.join(path or comp)}" for comp, path in found)


def test_function_level_imports_are_rare_and_explained():
    count, lines, found = function_import_report()
    per_1k = count * 1000 / lines
    assert per_1k < MAX_FUNCTION_IMPORTS_PER_1K_LINES, (
        f"{count} function-level imports in {lines} lines ({per_1k:.2f} per 1,000; the limit is "
        f"{MAX_FUNCTION_IMPORTS_PER_1K_LINES}):\n" + "\n".join(f"  {p}:{n}: {t}" for p, n, t, _ in found))
    unexplained = [f"  {p}:{n}: {t}" for p, n, t, reason in found if not reason]
    assert not unexplained, ("function-level imports without a one-line reason (a comment on the line "
                             "or the line above):\n" + "\n".join(unexplained))


def test_files_named_by_concept():
    bad = misnamed_files()
    assert not bad, "files named by work list, not concept:\n" + "\n".join(f"  {p}" for p in bad)


def test_graph_sees_a_cycle():
    """The checker itself: a two-module cycle and a parent-package cycle are found."""
    g = {"a": {"b"}, "b": {"a"}, "p": {"p.m"}, "p.m": {"q"}, "q": {"p"}, "r": set()}
    found = cycles(g)
    assert [comp for comp, _ in found] == [["a", "b"], ["p", "p.m", "q"]]
    assert found[0][1] == ["a", "b", "a"]


if __name__ == "__main__":
    n, total, items = function_import_report()
    print(f"{len(library_modules())} modules, {total} lines; {n} function-level imports "
          f"({n * 1000 / total:.2f} per 1,000), {sum(1 for *_, r in items if not r)} without a reason")
    for comp, path in cycles(import_graph()):
        print("cycle:", " -> ".join(path or comp))
    for p in misnamed_files():
        print("misnamed:", p)
    if "-v" in sys.argv:
        for p, line, text, reason in items:
            print(f"{p}:{line}: {text}{'' if reason else '   [no reason]'}")
