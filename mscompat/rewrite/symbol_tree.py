"""``SymbolTree``: a network's ``construct`` as a list of :class:`Node` s that can be read and edited
(insert, erase, replace, re-wire arguments) and turned back into source code and a new network.

``SymbolTree.create(net)`` parses the source of ``type(net).construct``: each statement becomes a
node; a call nested in an argument (``self.relu(self.fc1(x))``) is hoisted into a node of its own
writing ``<callee>_var``, an ``if`` whose test is an expression gets a MathOps node writing the test
(``not_var``), and the statements under an ``if`` are the nodes of that ControlFlow node (not listed
by ``nodes()``; ``nodes(all_nodes=True)`` lists them). A node's inputs and users follow the names:
a node reads a local name from the nearest node before it (at the top level) that writes it.
"""
import ast
import collections
import inspect
import itertools
import linecache
import textwrap

from mscompat.nn.cell import Cell
from mscompat.ops.primitive import Primitive
from .node import Node, NodeType
from .scoped_value import ScopedValue

__all__ = ["SymbolTree"]

_Position = collections.namedtuple("_Position", ["node", "before"])
_OP_NAMES = {ast.Not: ("not", "not"), ast.USub: ("usub", "-"), ast.UAdd: ("uadd", "+"), ast.Invert: ("invert", "~"),
             ast.Add: ("add", "+"), ast.Sub: ("sub", "-"), ast.Mult: ("mult", "*"), ast.Div: ("div", "/"),
             ast.FloorDiv: ("floordiv", "//"), ast.Mod: ("mod", "%"), ast.Pow: ("pow", "**"),
             ast.MatMult: ("matmult", "@"), ast.BitAnd: ("bitand", "&"), ast.BitOr: ("bitor", "|"),
             ast.BitXor: ("bitxor", "^"), ast.Eq: ("eq", "=="), ast.NotEq: ("noteq", "!="), ast.Lt: ("lt", "<"),
             ast.LtE: ("lte", "<="), ast.Gt: ("gt", ">"), ast.GtE: ("gte", ">="), ast.And: ("and", "and"),
             ast.Or: ("or", "or"), ast.Is: ("is", "is"), ast.IsNot: ("isnot", "is not"), ast.In: ("in", "in"),
             ast.NotIn: ("notin", "not in")}
_NET_COUNTER = itertools.count()


class _Namer:
    """Unique names: ``base``, then ``base_1``, ``base_2``, ..."""

    def __init__(self):
        self.used = set()

    def get(self, base):
        name, i = base, 0
        while name in self.used:
            i += 1
            name = f"{base}_{i}"
        self.used.add(name)
        return name


class _Parser:
    def __init__(self, net, stree):
        self.net = net
        self.stree = stree

    def value(self, expr, out):
        """``expr`` as a ScopedValue; a call or operator in it becomes a node appended to ``out``."""
        if isinstance(expr, ast.Name):
            return ScopedValue.create_naming_value(expr.id)
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "self":
            return ScopedValue.create_naming_value(expr.attr, "self")
        if isinstance(expr, ast.Constant):
            return ScopedValue.create_variable_value(expr.value)
        if isinstance(expr, (ast.Tuple, ast.List)):
            items = [self.value(e, out) for e in expr.elts]
            return ScopedValue.create_variable_value(tuple(items) if isinstance(expr, ast.Tuple) else items)
        if isinstance(expr, (ast.Call, ast.UnaryOp, ast.BinOp, ast.Compare, ast.BoolOp)):
            node = self.expr_node(expr, None, out)
            out.append(node)
            return node._targets[0]
        return ScopedValue.create_naming_value(ast.unparse(expr))

    def temp(self, base):
        return ScopedValue.create_naming_value(self.stree._vars.get(f"{base}_var"))

    def expr_node(self, expr, targets, out):
        """The node computing ``expr`` into ``targets`` (a fresh ``<name>_var`` when None)."""
        if isinstance(expr, ast.Call):
            return self.call_node(expr, targets, out)
        if isinstance(expr, ast.UnaryOp):
            key, sym = _OP_NAMES[type(expr.op)]
            args = [self.value(expr.operand, out)]
            kind = "unaryop"
        elif isinstance(expr, ast.BinOp):
            key, sym = _OP_NAMES[type(expr.op)]
            args = [self.value(expr.left, out), self.value(expr.right, out)]
            kind = "binop"
        elif isinstance(expr, ast.Compare) and len(expr.ops) == 1:
            key, sym = _OP_NAMES[type(expr.ops[0])]
            args = [self.value(expr.left, out), self.value(expr.comparators[0], out)]
            kind = "compare"
        elif isinstance(expr, ast.BoolOp):
            key, sym = _OP_NAMES[type(expr.op)]
            args = [self.value(v, out) for v in expr.values]
            kind = "boolop"
        else:
            return self.python_node(expr, targets)
        targets = targets or [self.temp(key)]
        return Node(NodeType.MathOps, self.stree._names.get(f"{kind}_{key}"), targets, args, code=sym)

    def call_node(self, call, targets, out):
        func = call.func
        args = [self.value(a, out) for a in call.args if not isinstance(a, ast.Starred)]
        kwargs = {k.arg: self.value(k.value, out) for k in call.keywords if k.arg is not None}
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return self.python_node(call, targets)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
            obj = getattr(self.net, func.attr, None)
            if isinstance(obj, (Cell, Primitive)):
                kind = NodeType.CallCell if isinstance(obj, Cell) else NodeType.CallPrimitive
                targets = targets or [self.temp(func.attr)]
                return Node(kind, self.stree._names.get(func.attr), targets, args, kwargs, obj, attr=func.attr)
        callee = ast.unparse(func)
        short = func.attr if isinstance(func, ast.Attribute) else callee
        kind = NodeType.CallMethod if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
            and func.value.id in self.stree._vars.used else NodeType.CallFunction
        targets = targets or [self.temp(short)]
        return Node(kind, self.stree._names.get(short), targets, args, kwargs, code=callee)

    def python_node(self, stmt_or_expr, targets):
        if isinstance(stmt_or_expr, ast.expr):
            lhs = ", ".join(str(t) for t in targets) if targets else self.temp("python")
            text = f"{lhs} = {ast.unparse(stmt_or_expr)}"
            targets = targets or [ScopedValue.create_naming_value(lhs)]
        else:
            text = ast.unparse(stmt_or_expr)
        return Node(NodeType.Python, self.stree._names.get("python_node"), targets or [], stmt=text)

    def statements(self, stmts):
        out = []
        for st in stmts:
            if isinstance(st, ast.Assign) and len(st.targets) == 1 and self.names_of(st.targets[0]) is not None:
                names = self.names_of(st.targets[0])
                for n in names:
                    self.stree._vars.used.add(n)
                targets = [ScopedValue.create_naming_value(n) for n in names]
                if isinstance(st.value, (ast.Call, ast.UnaryOp, ast.BinOp, ast.Compare, ast.BoolOp)):
                    out.append(self.expr_node(st.value, targets, out))
                else:
                    out.append(Node(NodeType.Python, self.stree._names.get("python_node"), targets,
                                    stmt=ast.unparse(st)))
            elif isinstance(st, ast.Expr) and isinstance(st.value, ast.Call):
                node = self.call_node(st.value, None, out)
                node._targets = []
                out.append(node)
            elif isinstance(st, ast.Return):
                args = [] if st.value is None else [self.value(st.value, out)]
                out.append(Node(NodeType.Output, self.stree._names.get("return"), [], args))
            elif isinstance(st, ast.If):
                test = self.value(st.test, out)
                body, orelse = self.statements(st.body), self.statements(st.orelse)
                node = Node(NodeType.ControlFlow, self.stree._names.get("if_node"), [], [test], body=(body, orelse))
                out.append(node)
            else:
                out.append(Node(NodeType.Python, self.stree._names.get("python_node"), [], stmt=ast.unparse(st)))
        return out

    @staticmethod
    def names_of(target):
        if isinstance(target, ast.Name):
            return [target.id]
        if isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name) for e in target.elts):
            return [e.id for e in target.elts]
        return None


class SymbolTree:
    """The editable statement list of a network's ``construct`` (see the module docstring)."""

    def __init__(self, network):
        self._origin = network
        self._names = _Namer()       # node names
        self._vars = _Namer()        # local variable names
        self._attrs = _Namer()       # network attribute names (for inserted cells)
        self._attrs.used.update(name for name, _ in network.name_cells().items())
        self._attrs.used.update(k for k in vars(network) if not k.startswith("_"))
        self._new_cells = {}
        self._nodes = []
        self._signature = []

    @classmethod
    def create(cls, network):
        """The SymbolTree of ``network`` (a Cell whose ``construct`` has Python source)."""
        if not isinstance(network, Cell):
            raise TypeError(f"For 'SymbolTree.create', the type of 'network' must be Cell, but got "
                            f"{type(network).__name__}.")
        try:
            src = textwrap.dedent(inspect.getsource(type(network).construct))
        except (OSError, TypeError) as e:
            raise RuntimeError(f"For 'SymbolTree.create', the source of {type(network).__name__}.construct "
                               f"cannot be read: {e}") from None
        fdef = ast.parse(src).body[0]
        stree = cls(network)
        stree._signature = [a.arg for a in fdef.args.args[1:]]
        inputs = []
        for a in stree._signature:
            stree._vars.used.add(a)
            inputs.append(Node(NodeType.Input, stree._names.get(f"input_{a}"), [ScopedValue.create_naming_value(a)]))
        stree._nodes = inputs + _Parser(network, stree).statements(fdef.body)
        for n in stree._all(stree._nodes):
            n._stree = stree
        return stree

    # --- reading -------------------------------------------------------------------------------------
    def _all(self, nodes):
        for n in nodes:
            yield n
            if n._type == NodeType.ControlFlow:
                yield from self._all(n._body[0])
                yield from self._all(n._body[1])

    def nodes(self, all_nodes=False):
        """The top-level nodes in order (with those under control flow too when ``all_nodes``)."""
        return iter(list(self._all(self._nodes)) if all_nodes else list(self._nodes))

    def get_node(self, node_name):
        return next((n for n in self._all(self._nodes) if n._name == node_name), None)

    def get_inputs(self):
        return [n for n in self._nodes if n._type == NodeType.Input]

    def get_origin_network(self):
        return self._origin

    def unique_name(self, name="output"):
        """A local variable name not used in the tree yet (``name``, or ``name_<k>``)."""
        if not isinstance(name, str):
            raise TypeError(f"For 'unique_name', the type of 'name' must be str, but got {type(name).__name__}.")
        return self._vars.get(name)

    def _providers(self, node):
        if node not in self._nodes:
            return []
        before = self._nodes[:self._nodes.index(node)]
        out = []
        for name in node._reads():
            src = next((n for n in reversed(before) if any(t.value == name and not t.scope for t in n._targets)), None)
            if src is not None and src not in out:
                out.append(src)
        return out

    def _users(self, node):
        if node not in self._nodes:
            return []
        return [n for n in self._nodes[self._nodes.index(node) + 1:] if node in self._providers(n)]

    # --- editing -------------------------------------------------------------------------------------
    def before(self, node):
        return _Position(self._check_node(node, "before"), True)

    def after(self, node):
        return _Position(self._check_node(node, "after"), False)

    def _check_node(self, node, what):
        if not isinstance(node, Node):
            raise TypeError(f"For '{what}', the type of 'node' must be Node, but got {type(node).__name__}.")
        return node

    def _container(self, node):
        """The list holding ``node`` (the top level or a control-flow body)."""
        if node in self._nodes:
            return self._nodes
        for n in self._all(self._nodes):
            if n._type == NodeType.ControlFlow:
                for part in n._body:
                    if node in part:
                        return part
        raise RuntimeError(f"The node '{node.get_name()}' is not in this SymbolTree.")

    def _adopt(self, node):
        if node._stree is not None:
            raise RuntimeError(f"The node '{node.get_name()}' is already in a SymbolTree.")
        node._name = self._names.get(node._name)
        for t in node._targets:
            if not t.scope:
                self._vars.used.add(t.value)
        if node._type in (NodeType.CallCell, NodeType.CallPrimitive) and node._attr not in {a for a in self._new_cells} and \
                getattr(self._origin, node._attr, None) is not node._instance:
            node._attr = self._attrs.get(node._name)
            self._new_cells[node._attr] = node._instance
        node._stree = self

    def insert(self, position, node):
        """Insert ``node`` at ``position`` (``before(n)`` / ``after(n)``); returns it."""
        if not isinstance(position, _Position):
            raise TypeError(f"For 'insert', the type of 'position' must be the result of before() or after(), "
                            f"but got {type(position).__name__}.")
        self._check_node(node, "insert")
        where = self._container(position.node)
        self._adopt(node)
        where.insert(where.index(position.node) + (0 if position.before else 1), node)
        return node

    def erase(self, node):
        """Remove ``node`` (its readers keep reading its target names)."""
        self._check_node(node, "erase")
        where = self._container(node)
        where.remove(node)
        node._stree = None
        return node

    def replace(self, old_node, new_nodes):
        """Put ``new_nodes`` (in order) where ``old_node`` was; returns the last new node."""
        self._check_node(old_node, "replace")
        if not isinstance(new_nodes, (list, tuple)) or not new_nodes:
            raise TypeError("For 'replace', 'new_nodes' must be a non-empty list of Node.")
        where = self._container(old_node)
        i = where.index(old_node)
        for n in new_nodes:
            self._check_node(n, "replace")
            self._adopt(n)
        where[i:i + 1] = list(new_nodes)
        old_node._stree = None
        return new_nodes[-1]

    # --- code and network ------------------------------------------------------------------------------
    def _construct_source(self):
        lines = [f"def construct(self{''.join(', ' + a for a in self._signature)}):"]
        body = [ln for n in self._nodes for ln in n._lines(4)]
        return "\n".join(lines + (body or ["    pass"])) + "\n"

    def get_code(self):
        """Source of the rewritten network class (``<Name>Opt``, a subclass of the original)."""
        cls = type(self._origin)
        construct = textwrap.indent(self._construct_source(), "    ")
        return (f"from mindspore import nn\nfrom {cls.__module__} import {cls.__name__}\n\n\n"
                f"class {cls.__name__}Opt({cls.__name__}, nn.Cell):\n"
                f"    def __init__(self, obj):\n"
                f"        nn.Cell.__init__(self)\n"
                f"        for key, value in obj.__dict__.items():\n"
                f"            setattr(self, key, value)\n\n"
                f"{construct}")

    def get_network(self):
        """A new network: an instance of a subclass of the original class whose ``construct`` is the
        rewritten one, holding the original's cells, Parameters and attributes and the inserted cells."""
        cls = type(self._origin)
        src = self._construct_source()
        filename = f"<mscompat.rewrite {cls.__name__}Opt #{next(_NET_COUNTER)}>"
        linecache.cache[filename] = (len(src), None, src.splitlines(True), filename)
        namespace = dict(getattr(cls.construct, "__globals__", {}))
        exec(compile(src, filename, "exec"), namespace)   # pylint: disable=exec-used
        origin, new_cells = self._origin, dict(self._new_cells)

        def __init__(net_self):
            Cell.__init__(net_self)
            fresh = set(vars(net_self))
            for key, value in vars(origin).items():
                if key not in fresh and not key.startswith("_"):
                    setattr(net_self, key, value)
            for key, cell in origin.name_cells().items():
                setattr(net_self, key, cell)
            for key, param in origin._params.items():   # pylint: disable=protected-access
                setattr(net_self, key, param)
            for key, prim in origin._primitives.items():   # pylint: disable=protected-access
                setattr(net_self, key, prim)
            for key, cell in new_cells.items():
                setattr(net_self, key, cell)

        new_cls = type(f"{cls.__name__}Opt", (cls,), {"__init__": __init__, "construct": namespace["construct"],
                                                    "__module__": cls.__module__})
        return new_cls()
