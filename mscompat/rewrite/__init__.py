"""``mindspore.rewrite``: read and edit a network's ``construct`` as a tree of nodes (``SymbolTree``,
``Node``, ``ScopedValue``) and build the rewritten network."""
from .scoped_value import ScopedValue, ValueType
from .node import Node, NodeType
from .symbol_tree import SymbolTree

__all__ = ["SymbolTree", "Node", "NodeType", "ScopedValue", "ValueType"]
