"""Python control flow on traced values -> ``lax.cond`` / ``lax.while_loop`` (GRAPH_MODE).

:func:`convert` parses a function's source and rewrites ``if``/``elif``/``else``,
``while``, ``for ... in range(...)``, conditional expressions ``a if c else b`` and
``and``/``or``/``not`` in conditions into calls of :mod:`mscompat._control_flow_runtime`.
Every rewritten statement keeps the original as its concrete path: when the condition is a
Python value, a numpy value or a concrete Tensor/array, the statement runs exactly as
written (``return``/``break`` inside branches, side effects, unrolled loops). Only a JAX
tracer condition takes the ``lax`` path. What that path cannot express raises
:class:`ControlFlowFallback` naming the file and line; the compiled-call layer then runs
the call eagerly (a slower answer, never a wrong one). User functions called from
converted code are converted on the fly (MindSpore compiles everything a graph calls).

>>> import jax, mscompat as ms
>>> def f(x):
...     if x.sum() > 0:
...         y = x * 2
...     else:
...         y = -x
...     return y
>>> g = convert(f)
>>> jax.jit(lambda a: g(ms.Tensor._wrap(a))._data)(jax.numpy.array([-1.0, -2.0])).tolist()
[1.0, 2.0]
"""
import ast
import copy
import functools
import inspect
import os
import re
import sys
import textwrap
import traceback
import types
import weakref
from collections import Counter
import dis
import sysconfig

from . import _control_flow_runtime as _rt
from ._control_flow_runtime import ControlFlowFallback, UNDEF  # noqa: F401

__all__ = ["convert", "ControlFlowFallback", "user_frame"]

_RT = "_cf_rt_"
_P = "_cf_"
_CODE_CACHE = {}                           # original code object -> rewritten code (or None)
_FN_CACHE = weakref.WeakKeyDictionary()    # function -> converted function
_DEBUG = []                                # put a non-empty list here to collect rewritten sources
_NO_SOURCE_FLAGS = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR | \
    inspect.CO_ITERABLE_COROUTINE
_MUTATORS = {"append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault",
             "discard", "popitem", "__setitem__", "__delitem__"}


def convert(fn):
    """``fn`` with Python control flow on traced values turned into ``lax`` control flow.

    ``fn``: a function, an unbound method (``MyCell.construct``) or a bound method (a bound
    converted method is returned). Same signature; returned unchanged when its source is
    unavailable or it has nothing to convert."""
    if isinstance(fn, types.MethodType):
        conv = convert(fn.__func__)
        return fn if conv is fn.__func__ else types.MethodType(conv, fn.__self__)
    if not isinstance(fn, types.FunctionType) or fn.__dict__.get("__cf_converted__"):
        return fn
    try:
        return _FN_CACHE[fn]
    except KeyError:
        pass
    code = fn.__code__
    if code not in _CODE_CACHE:
        try:
            _CODE_CACHE[code] = _rewrite(fn)
        except Exception:  # noqa: BLE001 - unconvertible source: the function runs as written
            _CODE_CACHE[code] = None
    new_code = _CODE_CACHE[code]
    if new_code is None:
        out = fn
    else:
        cells = dict(zip(code.co_freevars, fn.__closure__ or ()))
        closure = tuple(types.CellType(_rt) if n == _RT else cells.get(n) or types.CellType()
                        for n in new_code.co_freevars)
        out = types.FunctionType(new_code, fn.__globals__, fn.__name__, fn.__defaults__, closure)
        out.__kwdefaults__ = None if fn.__kwdefaults__ is None else dict(fn.__kwdefaults__)
        functools.update_wrapper(out, fn)
        out.__cf_converted__ = True
    _FN_CACHE[fn] = out
    return out


def user_frame(exc):
    """``(filename, lineno)`` of the innermost traceback frame of ``exc`` outside JAX and
    mscompat itself (where user code needed a concrete value), or ``None``."""
    internal_dirs, internal_files = _internal_paths()
    found = None
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        name = frame.f_code.co_filename
        if name in internal_files or name.startswith("<") or \
                any(name.startswith(d) for d in internal_dirs):
            continue
        found = (name, lineno)
    return found


def _internal_paths(_memo=[(None, None)]):
    """``(dirs, files)`` of JAX's, jaxlib's and mscompat's modules; computed again only when
    the number of imported modules changed (a walk of ``sys.modules`` takes milliseconds, and
    the conversion asks for every function it meets)."""
    count = len(sys.modules)
    seen, result = _memo[0]
    if seen == count:
        return result
    dirs, files = set(), set()
    for mname, mod in list(sys.modules.items()):
        if not (mname.split(".")[0] in ("jax", "jaxlib", "mscompat") or mname == "ops" or mname.startswith("ops.")):
            continue
        f = getattr(mod, "__file__", None)
        if not f:
            continue
        if getattr(mod, "__path__", None):
            dirs.add(os.path.dirname(f) + os.sep)
        else:
            files.add(f)
    result = tuple(dirs), files
    _memo[0] = (count, result)
    return result


# --- rewriting ------------------------------------------------------------------------------------
def _rewrite(fn):
    code = fn.__code__
    if code.co_flags & _NO_SOURCE_FLAGS or fn.__name__ == "<lambda>" or hasattr(fn, "__wrapped__"):
        return None
    try:
        lines, first = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        return None
    tree = ast.parse(textwrap.dedent("".join(lines)))
    if not tree.body or not isinstance(tree.body[0], ast.FunctionDef):
        return None
    fdef = tree.body[0]
    args = fdef.args
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    if fdef.name != code.co_name or len(names) != code.co_argcount + code.co_kwonlyargcount:
        return None
    fdef.decorator_list = []
    ast.increment_lineno(tree, first - 1)
    parts = fn.__qualname__.split(".")
    # the innermost enclosing class: a qualname part followed by something other than <locals>
    classes = [p for p, nxt in zip(parts, parts[1:]) if nxt != "<locals>" and p != "<locals>"]
    if classes and classes[-1].strip("_"):
        _Mangle(classes[-1]).visit(fdef)
    if _stale(code, fdef):
        return None
    if "__class__" in code.co_freevars:
        _fix_super(fdef)
    folded = _fold_cond_comments(fdef, textwrap.dedent("".join(lines)), first)
    rw = _Rewriter(fdef, code.co_filename, code.co_freevars)
    if not rw.run() and not folded:
        return None
    if _DEBUG:
        _DEBUG.append(ast.unparse(fdef))
    new = _compile(fdef, [n for n in code.co_freevars if n != _RT] + [_RT], code.co_filename)
    if hasattr(new, "co_qualname"):
        new = _fix_qualnames(new, new.co_qualname, code.co_qualname)
    return new


_COND_COMMENT = re.compile(r"#\s*@jit\.cond:\s*(True|False)$")


def _fold_cond_comments(fdef, source, first):
    """MindSpore's parser folds an ``if`` (or ``elif``) statement to one branch when a line of
    it (from its header to its last line, nested statements included) ends with the comment
    ``# @jit.cond: True`` or ``False``; the last such line decides, the test is not evaluated.
    Returns how many were folded."""
    marks = {}
    for n, line in enumerate(source.splitlines(), first):
        if "@jit.cond:" in line:
            m = _COND_COMMENT.search(line)
            if m:
                marks[n] = m.group(1) == "True"
    if not marks:
        return 0
    folded = 0
    for node in ast.walk(fdef):
        if isinstance(node, ast.If):
            hit = [marks[n] for n in range(node.lineno, node.end_lineno + 1) if n in marks]
            if hit:
                node.test = ast.copy_location(ast.Constant(hit[-1]), node.test)
                folded += 1
    return folded


def _compile(fdef, freevars, filename):
    """Code of ``fdef`` compiled inside a factory whose parameters are ``freevars``, so that
    those names are closure variables of the function, as in the original."""
    factory = ast.FunctionDef(
        name=_P + "factory", args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=n) for n in freevars],
                                                 vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
                                                 defaults=[]),
        body=[fdef, ast.Return(value=ast.Name(id=fdef.name, ctx=ast.Load()))], decorator_list=[],
        returns=None)
    mod = ast.Module(body=[factory], type_ignores=[])
    ast.copy_location(factory, fdef)
    ast.fix_missing_locations(mod)
    compiled = compile(mod, filename, "exec", dont_inherit=True)
    return _find_code(_find_code(compiled, _P + "factory"), fdef.name)


def _stale(code, fdef):
    """True when the source on disk no longer compiles to ``code`` (edited since import)."""
    if _RT in code.co_freevars:      # nested in a function we rewrote: compiled from this source
        return False
    try:
        raw = _compile(fdef, list(code.co_freevars), code.co_filename)     # compiling leaves the tree as it was
    except SyntaxError:
        return True
    return (_shape(raw), raw.co_varnames, raw.co_freevars) != (_shape(code), code.co_varnames, code.co_freevars)


def _shape(code):
    """The instructions of ``code`` without what depends on how the module was compiled
    (method-call specialisation of imported names, jump offsets, caches)."""
    out = []
    for ins in dis.get_instructions(code):
        op = "LOAD_ATTR" if ins.opname == "LOAD_METHOD" else ins.opname
        if op in ("PUSH_NULL", "CACHE", "PRECALL", "RESUME", "NOP", "EXTENDED_ARG"):
            continue
        if ins.opcode in dis.hasjrel or ins.opcode in dis.hasjabs:
            out.append(op)
        elif isinstance(ins.argval, types.CodeType):
            out.append((op, ins.argval.co_name, _shape(ins.argval)))
        else:
            out.append((op, repr(ins.argval)))
    return out


def _fix_qualnames(code, old, new):
    """Qualified names of the rewritten code (and functions nested in it) as in the original."""
    consts = tuple(_fix_qualnames(c, old, new) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    qual = code.co_qualname
    if qual == old or qual.startswith(old + "."):
        qual = new + qual[len(old):]
    return code.replace(co_qualname=qual, co_consts=consts)


def _find_code(code, name):
    for c in code.co_consts:
        if isinstance(c, types.CodeType) and c.co_name == name:
            return c
    raise ValueError(name)


class _Mangle(ast.NodeTransformer):
    """Private-name mangling that the class body would have applied to the method."""

    def __init__(self, cls):
        self.prefix = "_" + cls.lstrip("_")

    def _m(self, name):
        if name and name.startswith("__") and not name.endswith("__") and "." not in name:
            return self.prefix + name
        return name

    def visit_Name(self, node):
        node.id = self._m(node.id)
        return node

    def visit_Attribute(self, node):
        self.generic_visit(node)
        node.attr = self._m(node.attr)
        return node

    def visit_arg(self, node):
        node.arg = self._m(node.arg)
        return node

    def visit_keyword(self, node):
        self.generic_visit(node)
        node.arg = self._m(node.arg)
        return node


def _fix_super(fdef):
    args = fdef.args.posonlyargs + fdef.args.args
    if args:
        first = ast.Name(id=args[0].arg, ctx=ast.Load())
    elif fdef.args.vararg:
        first = ast.Subscript(value=ast.Name(id=fdef.args.vararg.arg, ctx=ast.Load()),
                              slice=ast.Constant(0), ctx=ast.Load())
    else:
        return
    for node in ast.walk(fdef):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super" \
                and not node.args and not node.keywords:
            node.args = [ast.Name(id="__class__", ctx=ast.Load()), copy.deepcopy(first)]


# --- static analysis -------------------------------------------------------------------------------
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _walk(nodes):
    """Nodes of ``nodes`` without descending into nested function/class scopes."""
    todo = list(nodes)
    while todo:
        n = todo.pop()
        yield n
        if isinstance(n, _SCOPES):
            continue
        todo.extend(ast.iter_child_nodes(n))


def _terminates(stmts):
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, (ast.Return, ast.Raise, ast.Break, ast.Continue)):
        return True
    return isinstance(last, ast.If) and _terminates(last.body) and _terminates(last.orelse)


def _always_returns(stmts):
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, (ast.Return, ast.Raise)):
        return True
    return isinstance(last, ast.If) and _always_returns(last.body) and _always_returns(last.orelse)


def _lift(stmts, in_loop=False):
    """``if c: return a`` + rest  ->  ``if c: return a`` / ``else: rest`` (same semantics)."""
    for s in stmts:
        _lift_children(s, in_loop)
    for i, s in enumerate(stmts):
        if isinstance(s, ast.If) and i + 1 < len(stmts):
            rest = stmts[i + 1:]
            tb, te = _terminates(s.body), _terminates(s.orelse)
            if tb and not te:
                s.orelse = _lift(s.orelse + rest, in_loop)
                return stmts[:i + 1]
            if te and not tb:
                s.body = _lift(s.body + rest, in_loop)
                return stmts[:i + 1]
    return stmts


def _lift_children(s, in_loop):
    if isinstance(s, _SCOPES):
        return
    if isinstance(s, (ast.While, ast.For, ast.AsyncFor)):
        s.body = _strip_continue(_lift(s.body, True))
        s.orelse = _lift(s.orelse, in_loop)
        return
    for field in ("body", "orelse", "finalbody"):
        v = getattr(s, field, None)
        if isinstance(v, list) and v and isinstance(v[0], ast.stmt):
            setattr(s, field, _lift(v, in_loop))
    for h in getattr(s, "handlers", ()):
        h.body = _lift(h.body, in_loop)


def _strip_continue(stmts):
    """A ``continue`` that ends the loop body (or a branch ending it) does nothing."""
    if stmts and isinstance(stmts[-1], ast.Continue):
        return stmts[:-1] or [ast.copy_location(ast.Pass(), stmts[-1])]
    if stmts and isinstance(stmts[-1], ast.If):
        stmts[-1].body = _strip_continue(stmts[-1].body)
        stmts[-1].orelse = _strip_continue(stmts[-1].orelse) if stmts[-1].orelse else []
    return stmts


def _base_name(node):
    while isinstance(node, ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _callee(call):
    """The function expression of a call, seen through the ``_cf_rt_.call(f)`` wrapper."""
    f = call.func
    if isinstance(f, ast.Call) and isinstance(f.func, ast.Attribute) and f.func.attr == "call" and \
            isinstance(f.func.value, ast.Name) and f.func.value.id == _RT and len(f.args) == 1:
        return f.args[0]
    return f


def _root(node):
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _assigned(stmts, local_names=()):
    """Names a block binds, and the reason it cannot be traced (or None). Mutating method
    calls count only on objects reached from a local variable (``self.items.append``)."""
    names, reason = [], None

    def add(n):
        if n not in names and not n.startswith(_P):
            names.append(n)

    for n in _walk(stmts):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            add(n.name)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            for a in n.names:
                add((a.asname or a.name).split(".")[0])
        elif isinstance(n, ast.ExceptHandler) and n.name:
            add(n.name)
        elif isinstance(n, ast.Attribute) and isinstance(n.ctx, (ast.Store, ast.Del)):
            reason = reason or (f"it assigns the attribute `{ast.unparse(n)}`; compute the value "
                                "with a tensor expression (e.g. ops.select) outside the branch and "
                                "assign it after")
        elif isinstance(n, ast.Subscript) and isinstance(n.ctx, (ast.Store, ast.Del)):
            base = _base_name(n)
            if base is None:
                reason = reason or (f"it assigns into `{ast.unparse(n)}`, an attribute of an "
                                    "object; assign into a local variable instead")
            else:
                add(base)
        elif isinstance(n, ast.Call) and isinstance(_callee(n), ast.Attribute) and \
                _root(_callee(n).value) in local_names:
            func = _callee(n)
            attr = func.attr
            if attr in _MUTATORS:
                reason = reason or (f"it calls `{ast.unparse(func)}(...)`, a side effect on a Python "
                                    "object that cannot depend on a traced condition")
            elif attr.endswith("_") and not attr.endswith("__") and isinstance(func.value, ast.Name):
                add(func.value.id)       # in-place Tensor method: the name is a carried variable
    return names, reason


def _escapes(stmts, allow_return):
    """Why control leaves this block other than by falling through (or None)."""
    todo = [(s, False) for s in stmts]
    while todo:
        n, in_loop = todo.pop()
        if isinstance(n, _SCOPES):
            continue
        if isinstance(n, ast.Return) and not allow_return:
            return "it contains a `return`; make both branches return, or assign a variable and " \
                   "return it after the statement"
        if isinstance(n, (ast.Break, ast.Continue)) and not in_loop:
            return f"it contains a `{'break' if isinstance(n, ast.Break) else 'continue'}` " \
                   "that leaves it; use a loop condition instead"
        if isinstance(n, (ast.Yield, ast.YieldFrom, ast.Await)):
            return "it contains `yield`/`await`"
        inner = in_loop or isinstance(n, (ast.For, ast.While, ast.AsyncFor))
        for field, v in ast.iter_fields(n):
            if isinstance(v, list):
                todo.extend((c, inner and field != "orelse" or in_loop) for c in v if isinstance(c, ast.AST))
            elif isinstance(v, ast.AST):
                todo.append((v, in_loop))
    return None


def _has(node, types_):
    return any(isinstance(n, types_) for n in ast.walk(node))


_DYNAMIC_EXPR = (ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await)
_BUILTIN_CALLS = {"range", "len", "super", "isinstance", "issubclass", "print", "locals", "globals", "vars",
                  "getattr", "setattr", "hasattr", "delattr", "type", "int", "float", "bool", "str", "tuple",
                  "list", "dict", "set", "frozenset", "zip", "enumerate", "min", "max", "abs", "sum", "any",
                  "all", "iter", "next", "id", "repr", "callable", "sorted", "reversed", "map", "filter",
                  "slice", "object", "round", "divmod", "pow", "format", "hash", "dir", "ord", "chr",
                  "eval", "exec", "compile", "open", "ValueError", "TypeError", "RuntimeError",
                  "IndexError", "KeyError", "NotImplementedError", "AssertionError", "Exception"}


def _is_user_code(code, _cache={}):
    """True for functions written by the user (not the standard library, site-packages,
    JAX or mscompat): those are converted when converted code calls them."""
    r = _cache.get(code)
    if r is None:
        name = code.co_filename
        dirs, files = _internal_paths()
        r = not (name.startswith("<") or name in files or any(name.startswith(d) for d in dirs)
                 or any(name.startswith(d) for d in _LIB_DIRS))
        _cache[code] = r
    return r


def _lib_dirs():
    out = set()
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        try:
            out.add(os.path.realpath(sysconfig.get_paths()[key]) + os.sep)
            out.add(sysconfig.get_paths()[key] + os.sep)
        except KeyError:
            pass
    return tuple(out)


_LIB_DIRS = _lib_dirs()


def _load(name):
    return ast.Name(id=name, ctx=ast.Load())


def _rt_call(fn, args):
    return ast.Call(func=ast.Attribute(value=_load(_RT), attr=fn, ctx=ast.Load()), args=args, keywords=[])


def _thunk(expr):
    return ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[],
                                         kw_defaults=[], kwarg=None, defaults=[]), body=expr)


class _Exprs(ast.NodeTransformer):
    """Conditional expressions anywhere, ``and``/``or``/``not`` in conditions."""

    def __init__(self, rw):
        self.rw = rw

    def visit_ClassDef(self, node):
        return node

    def visit_Call(self, node):
        """``f(...)`` -> ``_cf_rt_.call(f)(...)``: user functions called from converted code
        are converted too (MindSpore compiles every function a graph calls)."""
        interpreted = any(_interpreted_str(a) for a in node.args)
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Name) and f.id == "print" and "print" not in self.rw.locals:
            # graph-mode print: on every run of the compiled program, in MindSpore's format
            node.func = ast.copy_location(ast.Attribute(value=_load(_RT), attr="print_", ctx=ast.Load()), f)
            if interpreted:
                node.keywords.append(ast.keyword(arg="_interpreted", value=ast.Constant(True)))
            self.rw.count += 1
            return node
        if isinstance(f, ast.Name) and f.id == "str" and "str" not in self.rw.locals and len(node.args) == 1 \
                and not node.keywords and not isinstance(node.args[0], ast.Starred):
            self.rw.count += 1        # str(tensor) in a compiled call: the value when the program runs
            return ast.copy_location(_rt_call("str_", node.args), node)
        if isinstance(f, ast.Name) and (f.id in _BUILTIN_CALLS or f.id.startswith(_P)):
            return node
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == _RT:
            return node
        node.func = ast.copy_location(_rt_call("call", [f]), f)
        self.rw.count += 1
        return node

    def visit_JoinedStr(self, node):
        """``f"...{v}..."`` -> ``_cf_rt_.fstr(lambda a0: f"...{a0}...", v)``: a Tensor value in a
        compiled call is formatted when the program runs (MindSpore's JIT Fallback)."""
        if any(isinstance(v, ast.FormattedValue) and v.format_spec is not None
               and _has(v.format_spec, ast.FormattedValue) for v in node.values) or _has(node, _DYNAMIC_EXPR):
            return node
        self.generic_visit(node)
        exprs, template = [], copy.copy(node)
        template.values = []
        for v in node.values:
            if isinstance(v, ast.FormattedValue):
                name = f"{_P}a{len(exprs)}"
                exprs.append(v.value)
                v = ast.FormattedValue(value=_load(name), conversion=v.conversion, format_spec=v.format_spec)
            template.values.append(v)
        if not exprs:
            return node
        fn = ast.Lambda(args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=f"{_P}a{i}") for i in range(len(exprs))],
                                           vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]),
                        body=template)
        self.rw.count += 1
        return ast.copy_location(_rt_call("fstr", [fn] + exprs), node)

    def visit_BinOp(self, node):
        """``a / b``, ``a // b``, ``a % b`` -> ``_cf_rt_.div(...)`` etc.: a constant zero divisor
        is MindSpore's ValueError at compile time; ``a & b``, ``a | b``, ``a ^ b`` take a number
        on the left of a Tensor, as MindSpore's graph does."""
        self.generic_visit(node)
        fn = {ast.Div: "truediv", ast.FloorDiv: "floordiv", ast.Mod: "mod", ast.BitAnd: "bitand",
              ast.BitOr: "bitor", ast.BitXor: "bitxor"}.get(type(node.op))
        if fn is None or _has(node, _DYNAMIC_EXPR):
            return node
        self.rw.count += 1
        return ast.copy_location(_rt_call(fn, [node.left, node.right]), node)

    def visit_Subscript(self, node):
        """``obj[key]`` (a load) -> ``_cf_rt_.getitem(obj, key)``: MindSpore's errors for a
        missing dict key and an out-of-range string index."""
        self.generic_visit(node)
        if not isinstance(node.ctx, ast.Load) or isinstance(node.slice, ast.Slice) or _has(node, _DYNAMIC_EXPR):
            return node
        self.rw.count += 1
        return ast.copy_location(_rt_call("getitem", [node.value, node.slice]), node)

    def visit_Compare(self, node):
        """``a is b`` / ``a is not b`` -> ``_cf_rt_.is_(a, b)``: MindSpore compares identity only
        with an int, bool, string, None or type on the right; ``a in b`` -> ``_cf_rt_.in_(a, b)``."""
        self.generic_visit(node)
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)) and not _has(node, _DYNAMIC_EXPR):
            # ``t in (a, b)`` with a Tensor ``t``: MindSpore's bool Tensor (``t`` equal to an item)
            self.rw.count += 1
            fn = "in_" if isinstance(node.ops[0], ast.In) else "not_in"
            return ast.copy_location(_rt_call(fn, [node.left, node.comparators[0]]), node)
        if len(node.ops) != 1 or not isinstance(node.ops[0], (ast.Is, ast.IsNot)) or _has(node, _DYNAMIC_EXPR):
            return node
        self.rw.count += 1
        call = _rt_call("is_", [node.left, node.comparators[0]])
        if isinstance(node.ops[0], ast.IsNot):
            call = ast.UnaryOp(op=ast.Not(), operand=call)
        return ast.copy_location(call, node)

    def visit_With(self, node):
        """``with obj:`` -> ``with _cf_rt_.with_(obj):`` (MindSpore takes only jit_class objects)."""
        self.generic_visit(node)
        for item in node.items:
            item.context_expr = ast.copy_location(_rt_call("with_", [item.context_expr]), item.context_expr)
        self.rw.count += 1
        return node

    def cond(self, e):
        if _has(e, _DYNAMIC_EXPR):
            return e
        if isinstance(e, ast.BoolOp):
            self.rw.count += 1
            fn = "and_" if isinstance(e.op, ast.And) else "or_"
            return ast.copy_location(_rt_call(fn, [_thunk(self.cond(v)) for v in e.values]), e)
        if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not):
            self.rw.count += 1
            return ast.copy_location(_rt_call("not_", [self.cond(e.operand)]), e)
        return e

    def visit_IfExp(self, node):
        self.generic_visit(node)
        if _has(node, _DYNAMIC_EXPR):
            return node
        self.rw.count += 1
        return ast.copy_location(_rt_call("if_exp", [
            self.cond(node.test), _thunk(node.body), _thunk(node.orelse),
            ast.Constant(self.rw.filename), ast.Constant(node.lineno)]), node)

    def visit_If(self, node):
        self.generic_visit(node)
        node.test = self.cond(node.test)
        return node

    visit_While = visit_If


class _Subst(ast.NodeTransformer):
    """Splices statement lists / expressions into a parsed template at ``_cf_X`` markers."""

    def __init__(self, subs):
        self.subs = subs

    def visit_Expr(self, node):
        if isinstance(node.value, ast.Name) and node.value.id in self.subs:
            return self.subs[node.value.id]
        return self.generic_visit(node)

    def visit_Name(self, node):
        return self.subs.get(node.id, node)


def _template(src, at, subs):
    nodes = ast.parse(textwrap.dedent(src)).body
    for stmt in nodes:
        for n in ast.walk(stmt):
            if "lineno" in n._attributes:
                n.lineno, n.end_lineno = at.lineno, at.lineno
                n.col_offset, n.end_col_offset = at.col_offset, at.col_offset
    out = []
    for stmt in nodes:
        r = _Subst(subs).visit(stmt)
        out.extend(r if isinstance(r, list) else [r])
    return out


class _Rewriter:
    """Rewrites the ``if``/``while``/``for range`` statements of one function definition."""

    def __init__(self, fdef, filename, freevars=()):
        self.fdef, self.filename, self.freevars = fdef, filename, set(freevars)
        self.k = 0
        self.count = 0
        self.declared = set()
        a = fdef.args
        self.locals = {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg] if x}
        self.locals.update(_assigned(fdef.body)[0])
        for n in _walk(fdef.body):
            if isinstance(n, (ast.Global, ast.Nonlocal)):
                self.declared.update(n.names)

    def run(self):
        fdef = self.fdef
        unsupported = _unsupported_syntax(fdef.body)
        mutated = sorted(self._mutated_globals())
        fdef.body = _lift(fdef.body)
        total = Counter(n.id for n in ast.walk(fdef) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load))
        for node in _walk(fdef.body):
            if isinstance(node, (ast.If, ast.While, ast.For)):
                inside = Counter(n.id for n in ast.walk(node)
                                 if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load))
                node._cf_live = {k for k in total if total[k] > inside[k]}
        exprs = _Exprs(self)
        fdef.body = [exprs.visit(s) for s in fdef.body]
        fdef.body = self.stmts(fdef.body)
        for name in mutated:
            # a graph works on its own copy of a global list/dict it mutates (as in MindSpore)
            copy_stmt = ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())],
                                   value=_rt_call("graph_copy", [ast.Call(func=_load("globals"), args=[], keywords=[]),
                                                                 ast.Constant(name)]))
            fdef.body.insert(0, ast.copy_location(copy_stmt, fdef.body[0]))
            self.count += 1
        if unsupported:
            # MindSpore's parser rejects the function when a graph compiles it
            cls, msg, node = unsupported
            check = ast.Expr(_rt_call("unsupported", [ast.Constant(cls), ast.Constant(msg),
                                                      ast.Constant(self.filename), ast.Constant(node.lineno)]))
            fdef.body.insert(0, ast.copy_location(check, node))
            self.count += 1
        return self.count > 0

    def _mutated_globals(self):
        """Global names (not locals, closure cells or declared names) whose list/dict methods
        that mutate are called in this function's own body."""
        out = set()
        stack = list(self.fdef.body)
        while stack:
            n = stack.pop()
            if isinstance(n, _SCOPES):
                continue
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _MUTATORS \
                    and isinstance(n.func.value, ast.Name):
                name = n.func.value.id
                if name not in self.locals and name not in self.freevars and name not in self.declared \
                        and not name.startswith(_P) and name != _RT:
                    out.add(name)
            stack.extend(ast.iter_child_nodes(n))
        return out

    def stmts(self, body):
        out = []
        for s in body:
            if isinstance(s, ast.If):
                out.extend(self.if_(s))
            elif isinstance(s, ast.While):
                out.extend(self.while_(s))
            elif isinstance(s, ast.For) and _is_range(s):
                out.extend(self.for_(s))
            else:
                if not isinstance(s, _SCOPES):
                    for field in ("body", "orelse", "finalbody"):
                        v = getattr(s, field, None)
                        if isinstance(v, list) and v and isinstance(v[0], ast.stmt):
                            setattr(s, field, self.stmts(v))
                    for h in getattr(s, "handlers", ()):
                        h.body = self.stmts(h.body)
                out.append(s)
        return out

    def _common(self, node, blocks, what, allow_return=False):
        self.k += 1
        self.count += 1
        assigned, reason = _assigned(blocks, self.locals)
        reason = _escapes(blocks, allow_return) or reason
        bad = [n for n in assigned if n in self.declared]
        if bad and not reason:
            reason = f"it assigns `{bad[0]}`, declared global/nonlocal; use a local variable"
        live = tuple(n in node._cf_live or n.startswith("_cfbrk") for n in assigned)
        loc = f"{self.filename!r}, {node.lineno}"
        if reason:
            reason = f"{what} on a traced value cannot be converted: {reason}"
        return assigned, live, loc, reason

    def if_(self, s):
        s.body, s.orelse = self.stmts(s.body), self.stmts(s.orelse)
        both = _always_returns(s.body) and _always_returns(s.orelse)
        names, live, loc, reason = self._common(s, s.body + s.orelse, "`if`", both)
        k, params, tup = self.k, ", ".join(names), "(" + "".join(n + ", " for n in names) + ")"
        c = f"{_P}c{k}"
        ret = "" if both else f"return {tup}"
        if reason:
            traced = f"{_RT}.fail({loc}, {reason!r})"
        else:
            call = (f"{_RT}.if_stmt({c}, {_P}t{k}, {_P}f{k}, {_RT}.getvars(locals(), {tuple(names)!r}), "
                    f"{tuple(names)!r}, {live!r}, {loc}, {both!r})")
            traced = f"""
                def {_P}t{k}({params}):
                    {_P}BODY
                    {ret}
                def {_P}f{k}({params}):
                    {_P}ORELSE
                    {ret}
                {'return ' + call if both else tup + ' = ' + call}"""
        src = f"""
            {c} = {_P}TEST
            if {_RT}.traced({c}):
                {textwrap.indent(textwrap.dedent(traced), ' ' * 16).strip()}
            else:
                {_P}ORIG
            """
        orig_test, s.test = s.test, _load(c)
        return _template(src, s, {f"{_P}TEST": orig_test, f"{_P}BODY": copy.deepcopy(s.body) or [ast.Pass()],
                                  f"{_P}ORELSE": copy.deepcopy(s.orelse), f"{_P}ORIG": [s]})

    def _break_body(self, s):
        """The body for the traced path: with no ``else``, a ``break`` in tail position (the
        last statement of the body or of branches ending it) becomes ``_cfbrkN = True`` and the
        loop also stops on that flag. Returns (converted body, flag name or None)."""
        self.k += 1
        flag = f"_cfbrk{self.k}"
        found = []

        def tail(stmts):
            if stmts and isinstance(stmts[-1], ast.Break):
                found.append(1)
                return stmts[:-1] + [ast.copy_location(
                    ast.Assign(targets=[ast.Name(id=flag, ctx=ast.Store())], value=ast.Constant(True)), stmts[-1])]
            if stmts and isinstance(stmts[-1], ast.If):
                stmts[-1].body, stmts[-1].orelse = tail(stmts[-1].body), tail(stmts[-1].orelse)
            return stmts

        body = copy.deepcopy(s.body)
        if not s.orelse:
            body = tail(body)
        return self.stmts(body), (flag if found else None)

    def while_(self, s):
        if (s.orelse and _escapes(s.orelse, True)) or _has(s.test, _DYNAMIC_EXPR):
            s.body, s.orelse = self.stmts(s.body), self.stmts(s.orelse)
            return [s]
        tbody, flag = self._break_body(s)
        s.body, s.orelse = self.stmts(s.body), self.stmts(s.orelse)
        names, live, loc, reason = self._common(s, tbody, "`while` loop")
        k, params, tup = self.k, ", ".join(names), "(" + "".join(n + ", " for n in names) + ")"
        w = f"{_P}w{k}"
        test2 = copy.deepcopy(s.test)
        if flag:
            test2 = _rt_call("and_", [_thunk(_rt_call("not_", [_load(flag)])), _thunk(test2)])
        if reason:
            traced = f"{_RT}.fail({loc}, {reason!r})"
        else:
            traced = f"""
                {flag + ' = False' if flag else 'pass'}
                def {_P}wt{k}({params}):
                    return {_P}TEST2
                def {_P}wb{k}({params}):
                    {_P}BODY
                    return {tup}
                {tup} = {_RT}.while_stmt({_P}wt{k}, {_P}wb{k}, {_RT}.getvars(locals(), {tuple(names)!r}),
                    {tuple(names)!r}, {live!r}, {loc})
                {_P}ORELSE2
                break"""
        src = f"""
            while True:
                {w} = {_P}TEST
                if {_RT}.traced({w}):
                    {textwrap.indent(textwrap.dedent(traced), ' ' * 20).strip()}
                if not {w}:
                    {_P}ORELSE
                    break
                {_P}ORIG
            """
        return _template(src, s, {f"{_P}TEST": s.test, f"{_P}TEST2": test2,
                                  f"{_P}BODY": tbody, f"{_P}ORELSE2": copy.deepcopy(s.orelse),
                                  f"{_P}ORELSE": s.orelse, f"{_P}ORIG": s.body})

    def for_(self, s):
        tbody, flag = self._break_body(s)
        s.body, s.orelse = self.stmts(s.body), self.stmts(s.orelse)
        target = s.target.id
        names, live, loc, reason = self._common(s, tbody, "`for` loop over range()")
        names = [n for n in names if n != target]
        live = tuple(n in s._cf_live or n.startswith("_cfbrk") for n in names)
        k, tup = self.k, "(" + "".join(n + ", " for n in names) + ")"
        allnames = (target,) + tuple(names)
        r = f"{_P}r{k}"
        if reason:
            traced = f"{_RT}.fail({loc}, {reason!r})"
        else:
            traced = f"""
                {flag + ' = False' if flag else 'pass'}
                def {_P}fb{k}({", ".join(allnames)}):
                    {_P}BODY
                    return {tup}
                ({", ".join(allnames)},) = {_RT}.for_range({r}, {_P}fb{k}, {_RT}.getvars(locals(), {allnames!r}),
                    {allnames!r}, {(target in s._cf_live,) + live!r}, {loc}, {flag!r})
                {_P}ORELSE2"""
        src = f"""
            {r} = ({_P}ARGS,)
            if {_RT}.range_traced(range, {r}):
                {textwrap.indent(textwrap.dedent(traced), ' ' * 16).strip()}
            else:
                {_P}ORIG
            """
        args = s.iter.args
        s.iter = ast.copy_location(ast.Call(func=s.iter.func, args=[ast.Starred(value=_load(r), ctx=ast.Load())],
                                            keywords=[]), s.iter)
        tpl = _template(src, s, {f"{_P}BODY": tbody, f"{_P}ORELSE2": copy.deepcopy(s.orelse),
                                 f"{_P}ORIG": [s], f"{_P}ARGS": ast.Name(id=f"{_P}ARGS", ctx=ast.Load())})
        tpl[0].value = ast.copy_location(ast.Tuple(elts=args, ctx=ast.Load()), tpl[0].value)
        return tpl


def _interpreted_str(e):
    """A string MindSpore builds at run time through JIT Fallback: an f-string, ``"..." % x``."""
    return isinstance(e, ast.JoinedStr) or (isinstance(e, ast.BinOp) and isinstance(e.op, ast.Mod)
                                            and isinstance(e.left, ast.Constant) and isinstance(e.left.value, str))


def _unsupported_syntax(body):
    """``(exception class name, message, node)`` for the first statement or expression of
    ``body`` (nested functions and classes aside) that MindSpore's graph parser rejects."""
    stack = list(reversed(body))
    while stack:
        n = stack.pop()
        if isinstance(n, _SCOPES):
            continue
        if isinstance(n, (ast.Delete, ast.Try, ast.Nonlocal)) or type(n).__name__ in ("TryStar", "Match"):
            return "RuntimeError", f"Unsupported statement '{type(n).__name__}'.", n
        if isinstance(n, (ast.NamedExpr, ast.Set, ast.SetComp)):
            return "RuntimeError", f"Unsupported expression '{type(n).__name__}'.", n
        if isinstance(n, (ast.While, ast.For)) and n.orelse:
            kind = "while" if isinstance(n, ast.While) else "for"
            return "RuntimeError", f"The '{kind}...else...' statement is not supported now.", n
        if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            owner = _bad_attribute_owner(n.targets if isinstance(n, ast.Assign) else [n.target])
            if owner is not None:
                return "RuntimeError", ("In graph mode, only attribute and name of class members can be assigned. "
                                        f"But got {type(owner).__name__}."), n
        stack.extend(reversed(list(ast.iter_child_nodes(n))))
    return None


def _bad_attribute_owner(targets):
    """The object expression of an attribute assignment target that is not a name or an attribute
    chain of one (``self.cells[0].x = v``: the subscript), or None."""
    for t in targets:
        if isinstance(t, (ast.Tuple, ast.List)):
            owner = _bad_attribute_owner(t.elts)
            if owner is not None:
                return owner
        elif isinstance(t, ast.Attribute):
            owner = t.value
            while isinstance(owner, ast.Attribute):
                owner = owner.value
            if not isinstance(owner, ast.Name):
                return owner
    return None


def _is_range(s):
    it = s.iter
    return (isinstance(s.target, ast.Name) and isinstance(it, ast.Call) and isinstance(it.func, ast.Name)
            and it.func.id == "range" and 1 <= len(it.args) <= 3 and not it.keywords
            and not any(isinstance(a, ast.Starred) for a in it.args))
