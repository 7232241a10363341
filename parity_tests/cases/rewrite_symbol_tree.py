"""``mindspore.rewrite``: ``SymbolTree.create`` of a network (its nodes: names, kinds, targets,
arguments, users, the hoisted nested calls and ``if`` tests), editing (``insert`` before/after,
``set_arg``/``set_arg_by_node``, ``erase``, ``replace``, ``unique_name``) and the rewritten network
(``get_network``) computing, in PyNative and GRAPH_MODE; argument checks."""
import importlib

import numpy as np

from parity_tests.harness import case

X = np.linspace(-1.0, 1.0, 8, dtype=np.float32).reshape(2, 4)


def _rw(ms):
    return importlib.import_module(f"{ms.__name__}.rewrite")


# SymbolTree.create reads the class source and MindSpore's get_network imports the class from its
# module: the network is a module-level class of the side this module is imported on
try:
    import mindspore as _side   # the oracle process
except ImportError:
    import mscompat as _side


class Net(_side.nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = _side.nn.Dense(4, 3, weight_init="ones", bias_init="zeros")
        self.fc2 = _side.nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        self.relu = _side.nn.ReLU()
        self.gate = True

    def construct(self, x):
        x = self.relu(self.fc1(x))
        if not self.gate:
            return x
        y = x * 2
        x = self.fc2(y)
        return x


def _net(ms):
    assert ms.nn.Cell is _side.nn.Cell
    return Net()


def _listing(stree):
    return [(n.get_name(), n.get_node_type().name, type(n.get_instance()).__name__,
             [str(t) for t in n.get_targets()], [str(a) for a in n.get_args()],
             [u.get_name() for u in n.get_users()], [i.get_name() for i in n.get_inputs()]) for n in stree.nodes()]


def _nodes(ms):
    stree = _rw(ms).SymbolTree.create(_net(ms))
    return _listing(stree), len(list(stree.nodes(all_nodes=True)))


def _edited(ms):
    rw, nn = _rw(ms), ms.nn
    stree = rw.SymbolTree.create(_net(ms))
    fc1 = stree.get_node("fc1")
    sig = rw.Node.create_call_cell(nn.Sigmoid(), targets=[stree.unique_name("x")],
                                   args=[rw.ScopedValue.create_naming_value("fc1_var")], name="new_sigmoid")
    for user in fc1.get_users():
        user.set_arg_by_node(0, sig, 0)
    stree.insert(stree.after(fc1), sig)
    fc2 = stree.get_node("fc2")
    tanh = rw.Node.create_call_cell(nn.Tanh(), targets=["t"], args=[rw.ScopedValue.create_naming_value("y")],
                                    name="new_tanh")
    fc2.set_arg(0, "t")
    stree.insert(stree.before(fc2), tanh)
    return stree


def _edit_listing(ms):
    return _listing(_edited(ms))


def _edit_network(ms):
    net = _edited(ms).get_network()
    return net(ms.Tensor(X))


def _erase_replace(ms):
    rw, nn = _rw(ms), ms.nn
    stree = rw.SymbolTree.create(_net(ms))
    stree.erase(stree.get_node("binop_mult"))
    relu = stree.get_node("relu")
    new = rw.Node.create_call_cell(nn.Tanh(), targets=["y"], args=[rw.ScopedValue.create_naming_value("fc1_var")],
                                   name="soft")
    stree.replace(relu, [new])
    names = [n.get_name() for n in stree.nodes()]
    return names, stree.get_network()(ms.Tensor(X))


def _unique_names(ms):
    stree = _rw(ms).SymbolTree.create(_net(ms))
    return [stree.unique_name("x"), stree.unique_name("x"), stree.unique_name("z"), stree.unique_name("fc1_var")]


def _scoped_values(ms):
    sv = _rw(ms).ScopedValue
    return [str(sv.create_naming_value("a", "self")), str(sv.create_naming_value("b")),
            sv.create_naming_value("b") == sv.create_naming_value("b"), str(sv.create_variable_value(3)),
            [str(v) for v in sv.create_name_values(["p", "q"])]]


CASES = [
    case("rewrite/nodes", _nodes),
    case("rewrite/edit_nodes", _edit_listing),
    case("rewrite/edit_network", _edit_network, rtol=1e-5),
    case("rewrite/edit_network_graph", _edit_network, mode="graph", rtol=1e-5),
    case("rewrite/erase_replace", _erase_replace, rtol=1e-5),
    case("rewrite/unique_name", _unique_names),
    case("rewrite/scoped_value", _scoped_values),
    case("rewrite/create_not_cell", lambda ms: _rw(ms).SymbolTree.create(lambda x: x), error=True),
    case("rewrite/call_cell_not_cell", lambda ms: _rw(ms).Node.create_call_cell(3, targets=["x"]), error=True),
    case("rewrite/call_cell_targets_str", lambda ms: _rw(ms).Node.create_call_cell(ms.nn.ReLU(), targets="x"),
         error=True),
    case("rewrite/call_cell_bad_target", lambda ms: _rw(ms).Node.create_call_cell(ms.nn.ReLU(), targets=[3]),
         error=True),
    case("rewrite/naming_value_not_str", lambda ms: _rw(ms).ScopedValue.create_naming_value(3), error=True),
]
