"""``Node``: one statement of a network's ``construct`` in a :class:`SymbolTree` — what it calls
(a cell, a primitive, a function, a method, an operator), the names it writes (``targets``) and
the values it reads (``args``/``kwargs``); ``NodeType``, its kind."""
import enum

from mscompat.nn.cell import Cell
from mscompat.ops.primitive import Primitive
from .scoped_value import ScopedValue, ValueType

__all__ = ["NodeType", "Node"]


class NodeType(enum.Enum):
    Unknown = 0
    CallCell = 1
    CallPrimitive = 2
    CallModule = 3
    CallFunction = 4
    CallMethod = 5
    Python = 6
    Input = 7
    Output = 8
    Tree = 9
    CellContainer = 10
    MathOps = 11
    ControlFlow = 12


def _as_value(v, what):
    if isinstance(v, ScopedValue):
        return v
    if isinstance(v, str):
        return ScopedValue.create_naming_value(v)
    raise TypeError(f"For 'Node', the type of '{what}' should be one of ['ScopedValue', 'str'], but got '{v}' "
                    f"with type '{type(v).__name__}'.")


class Node:
    """A node of a :class:`SymbolTree` (made by ``SymbolTree.create`` or :meth:`create_call_cell`)."""

    def __init__(self, node_type, name, targets=(), args=(), kwargs=None, instance=None, **extra):
        self._type = node_type
        self._name = name
        self._targets = list(targets)
        self._args = list(args)
        self._kwargs = dict(kwargs or {})
        self._instance = instance
        self._stree = None        # the SymbolTree holding the node (after create or insert)
        self._attr = extra.get("attr")        # the network attribute a CallCell/CallPrimitive calls
        self._code = extra.get("code")        # the callee (CallFunction/CallMethod) or operator (MathOps) text
        self._stmt = extra.get("stmt")        # the statement of a Python node
        self._body = extra.get("body")        # the statements of a ControlFlow node: (body, orelse)

    # --- creation --------------------------------------------------------------------------------
    @staticmethod
    def create_call_cell(cell, targets, args=None, kwargs=None, name="", is_sub_net=False):
        """A node ``targets = self.<name>(*args, **kwargs)`` calling ``cell`` (held by the network as
        the attribute ``name``, made unique on insertion)."""
        if not isinstance(cell, (Cell, Primitive)):
            raise TypeError(f"For 'Node', the type of 'cell' should be one of '['Cell', 'Primitive']', but got type "
                            f"'{type(cell).__name__}'.")
        if not isinstance(targets, (list, tuple)):
            raise TypeError(f"For 'Node', the type of 'targets' should be one of '['list', 'tuple']', but got type "
                            f"'{type(targets).__name__}'.")
        for key, value in (("name", name), ("is_sub_net", is_sub_net)):
            if not isinstance(value, str if key == "name" else bool):
                raise TypeError(f"For 'Node', the type of '{key}' should be "
                                f"'{'str' if key == 'name' else 'bool'}', but got type '{type(value).__name__}'.")
        args = [_as_value(a, "args") for a in (args or [])]
        kwargs = {k: _as_value(v, "kwargs") for k, v in (kwargs or {}).items()}
        name = name or type(cell).__name__.lower()
        kind = NodeType.CallCell if isinstance(cell, Cell) else NodeType.CallPrimitive
        return Node(kind, name, [_as_value(t, "targets") for t in targets], args, kwargs, cell, attr=name)

    # --- reading -----------------------------------------------------------------------------------
    def get_name(self):
        return self._name

    def get_node_type(self):
        return self._type

    def get_instance(self):
        return self._instance

    def get_instance_type(self):
        return type(self._instance)

    def get_targets(self):
        return list(self._targets)

    def get_args(self):
        return list(self._args)

    def get_kwargs(self):
        return dict(self._kwargs)

    def get_symbol_tree(self):
        return self._stree

    def get_inputs(self):
        """The nodes whose targets this node reads (in the order of its arguments)."""
        return self._stree._providers(self) if self._stree is not None else []

    def get_users(self):
        """The nodes that read a target of this node."""
        return self._stree._users(self) if self._stree is not None else []

    # --- editing -----------------------------------------------------------------------------------
    def set_arg(self, index, arg):
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError(f"For 'set_arg', the type of 'index' must be int, but got {type(index).__name__}.")
        if not 0 <= index < len(self._args):
            raise ValueError(f"For 'set_arg', 'index' must be in [0, {len(self._args)}), but got {index}.")
        self._args[index] = _as_value(arg, "arg")

    def set_arg_by_node(self, arg_idx, src_node, out_idx=None):
        """Read output ``out_idx`` (default 0) of ``src_node`` as argument ``arg_idx``."""
        if not isinstance(src_node, Node):
            raise TypeError(f"For 'set_arg_by_node', the type of 'src_node' must be Node, but got "
                            f"{type(src_node).__name__}.")
        targets = src_node.get_targets()
        out_idx = 0 if out_idx is None else out_idx
        if not 0 <= out_idx < len(targets):
            raise ValueError(f"For 'set_arg_by_node', 'out_idx' must be in [0, {len(targets)}), but got {out_idx}.")
        self.set_arg(arg_idx, targets[out_idx])

    def __repr__(self):
        return f"Node({self._name}, {self._type.name})"

    # --- code --------------------------------------------------------------------------------------
    def _reads(self):
        """The local names this node reads."""
        out = []

        def walk(v):
            if v.type == ValueType.NamingValue and not v.scope:
                out.append(v.value)
            elif v.type in (ValueType.TupleValue, ValueType.ListValue):
                for x in v.value:
                    walk(x)
            elif v.type == ValueType.DictValue:
                for x in v.value.values():
                    walk(x)
        for v in self._args + list(self._kwargs.values()):
            walk(v)
        return out

    def _call_text(self, callee):
        parts = [str(a) for a in self._args] + [f"{k}={v}" for k, v in self._kwargs.items()]
        return f"{callee}({', '.join(parts)})"

    def _lines(self, indent):
        """The source lines of this node at ``indent`` spaces."""
        pad = " " * indent
        lhs = ", ".join(str(t) for t in self._targets)
        assign = f"{lhs} = " if lhs else ""
        t = self._type
        if t in (NodeType.CallCell, NodeType.CallPrimitive, NodeType.CallModule, NodeType.Tree):
            return [f"{pad}{assign}{self._call_text('self.' + self._attr)}"]
        if t in (NodeType.CallFunction, NodeType.CallMethod):
            return [f"{pad}{assign}{self._call_text(self._code)}"]
        if t == NodeType.MathOps:
            a = [str(x) for x in self._args]
            expr = f"{self._code} {a[0]}" if len(a) == 1 else f" {self._code} ".join(a)
            return [f"{pad}{assign}{expr}"]
        if t == NodeType.Output:
            return [f"{pad}return {', '.join(str(a) for a in self._args)}"]
        if t == NodeType.ControlFlow:
            body, orelse = self._body
            lines = [f"{pad}if {self._args[0]}:"]
            lines += [ln for n in body for ln in n._lines(indent + 4)] or [f"{pad}    pass"]
            if orelse:
                lines.append(f"{pad}else:")
                lines += [ln for n in orelse for ln in n._lines(indent + 4)]
            return lines
        if t == NodeType.Input:
            return []
        return [pad + ln for ln in self._stmt.splitlines()]
