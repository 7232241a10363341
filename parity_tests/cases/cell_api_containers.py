"""nn.Cell API, containers: ``SequentialCell``, ``CellList`` and ``CellDict`` (parameter names
inside a parent, append/insert/extend/setitem/delitem, slicing, repr, and bad arguments).

Each case builds its cells from ``ms.nn.Cell``, ``ms.Parameter`` and ``ms.ops`` inside the
case (``_defs(ms)`` in ``_cell_api_common.py`` returns the small cell classes for the framework
under test) and returns names, flags, strings or tensors. Every case runs in PyNative and, as
"<name>/graph", in GRAPH_MODE (``_with_graph_twins``; ``_NO_GRAPH_TWIN`` in
``_cell_api_common.py`` lists the few without a GRAPH_MODE twin and why).
"""
from collections import OrderedDict

from parity_tests.harness import case, F32
from parity_tests.cases._cell_api_common import _defs, _pn, _with_graph_twins


# --- containers ------------------------------------------------------------------------------
def _seq_names(ms, x):
    d = _defs(ms)
    seq = ms.nn.SequentialCell([d.Leaf(), d.Empty(), d.Leaf(2.0)])
    return [_pn(seq), [k for k, _ in seq.cells_and_names()], seq(x), len(seq)]


def _seq_varargs(ms):
    d = _defs(ms)
    return _pn(ms.nn.SequentialCell(d.Leaf(), d.Frozen()))


def _seq_ordered_dict(ms, x):
    d = _defs(ms)
    seq = ms.nn.SequentialCell(OrderedDict([("first", d.Leaf()), ("second", d.Frozen())]))
    return [_pn(seq), seq(x)]


def _seq_in_parent(ms):
    d = _defs(ms)

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.features = ms.nn.SequentialCell([d.Leaf(), d.Leaf()])
            self.head = d.Leaf()

        def construct(self, x):
            return self.head(self.features(x))
    return _pn(Net())


def _seq_append(ms, x):
    d = _defs(ms)
    seq = ms.nn.SequentialCell([d.Leaf()])
    seq.append(d.Frozen())
    return [_pn(seq), seq(x), len(seq)]


def _seq_append_in_parent(ms):
    d = _defs(ms)

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = ms.nn.SequentialCell([d.Leaf()])
            self.layers.append(d.Leaf())

        def construct(self, x):
            return self.layers(x)
    return _pn(Net())


def _seq_getitem_slice(ms):
    d = _defs(ms)
    seq = ms.nn.SequentialCell([d.Leaf(), d.Frozen(), d.Leaf()])
    sub = seq[1:]
    return [seq[-1].cls_name, seq[1].cls_name, sub.cls_name, list(sub.name_cells().keys()), _pn(sub)]


def _seq_setitem(ms):
    d = _defs(ms)
    seq = ms.nn.SequentialCell([d.Leaf(), d.Leaf()])
    seq[1] = d.Frozen()
    return _pn(seq)


def _seq_delitem(ms):
    d = _defs(ms)
    seq = ms.nn.SequentialCell([d.Leaf(), d.Frozen(), d.Leaf()])
    del seq[0]
    return [_pn(seq), list(seq.name_cells().keys())]


def _seq_bad_arg(ms):
    ms.nn.SequentialCell(3)


def _seq_bad_index(ms):
    d = _defs(ms)
    return ms.nn.SequentialCell([d.Leaf()])[5]


def _seq_bad_index_type(ms):
    d = _defs(ms)
    return ms.nn.SequentialCell([d.Leaf()])["a"]


def _seq_repr(ms):
    d = _defs(ms)
    return repr(ms.nn.SequentialCell([d.Leaf(), d.OneLine(), d.Described()]))


def _celllist_names(ms):
    d = _defs(ms)
    cl = ms.nn.CellList([d.Leaf(), d.Frozen()])
    return [_pn(cl), len(cl), [c.cls_name for c in cl]]


def _celllist_in_parent(ms, x):
    d = _defs(ms)

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.blocks = ms.nn.CellList([d.Leaf(), d.Leaf(2.0)])
            self.blocks.append(d.Leaf(3.0))

        def construct(self, x):
            for b in self.blocks:
                x = b(x)
            return x
    net = Net()
    return [_pn(net), net(x)]


def _celllist_insert(ms):
    d = _defs(ms)
    cl = ms.nn.CellList([d.Leaf(), d.Leaf()])
    cl.insert(1, d.Frozen())
    return [_pn(cl), [c.cls_name for c in cl], list(cl.name_cells().keys())]


def _celllist_insert_in_parent(ms):
    d = _defs(ms)

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.blocks = ms.nn.CellList([d.Leaf(), d.Leaf()])

        def construct(self, x):
            return x
    net = Net()
    net.blocks.insert(0, d.Frozen())
    return _pn(net)


def _celllist_extend_iadd(ms):
    d = _defs(ms)
    cl = ms.nn.CellList()
    cl.extend([d.Leaf()])
    cl += [d.Frozen()]
    return [_pn(cl), len(cl)]


def _celllist_delitem(ms):
    d = _defs(ms)
    cl = ms.nn.CellList([d.Leaf(), d.Frozen(), d.Leaf()])
    del cl[1]
    return [_pn(cl), list(cl.name_cells().keys())]


def _celllist_setitem(ms):
    d = _defs(ms)
    cl = ms.nn.CellList([d.Leaf(), d.Leaf()])
    cl[0] = d.Frozen()
    return [_pn(cl), [c.cls_name for c in cl]]


def _celllist_no_auto_prefix(ms):
    d = _defs(ms)
    cl = ms.nn.CellList([d.Leaf(named=True)], auto_prefix=False)
    cl.append(d.Leaf())
    return _pn(cl)


def _celllist_append_non_cell(ms, x):
    ms.nn.CellList().append(x)


def _celllist_extend_non_list(ms):
    d = _defs(ms)
    ms.nn.CellList().extend(d.Leaf())


def _celllist_extend_celldict(ms):
    ms.nn.CellList().extend([ms.nn.CellDict()])


def _celllist_bad_index(ms):
    d = _defs(ms)
    return ms.nn.CellList([d.Leaf()])[3]


def _celllist_bad_index_type(ms):
    d = _defs(ms)
    return ms.nn.CellList([d.Leaf()])[1.0]


def _celllist_slice(ms):
    d = _defs(ms)
    cl = ms.nn.CellList([d.Leaf(), d.Frozen(), d.Empty()])
    sub = cl[::2]
    return [sub.cls_name, [c.cls_name for c in sub], _pn(sub)]


def _celllist_repr(ms):
    d = _defs(ms)
    return repr(ms.nn.CellList([d.Leaf(), d.Empty()]))


def _celldict_names(ms):
    d = _defs(ms)
    cd = ms.nn.CellDict({"enc": d.Leaf(), "dec": d.Frozen()})
    return [_pn(cd), list(cd.keys()), len(cd), "enc" in cd, [c.cls_name for c in cd.values()]]


def _celldict_ops(ms):
    d = _defs(ms)
    cd = ms.nn.CellDict([("a", d.Leaf()), ("b", d.Empty())])
    cd["c"] = d.Frozen()
    popped = cd.pop("a")
    keys = list(cd)
    items = [[k, v.cls_name] for k, v in cd.items()]
    cd.clear()
    return [popped.cls_name, keys, items, len(cd), _pn(popped)]


def _celldict_in_parent(ms):
    d = _defs(ms)

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.heads = ms.nn.CellDict({"cls": d.Leaf()})
            self.heads["box"] = d.Frozen()

        def construct(self, x):
            return x
    return _pn(Net())


def _celldict_bad_cell(ms):
    ms.nn.CellDict({"a": 3})


def _celldict_bad_key_type(ms):
    d = _defs(ms)
    ms.nn.CellDict()[1] = d.Leaf()


def _celldict_key_dot(ms):
    d = _defs(ms)
    ms.nn.CellDict()["a.b"] = d.Leaf()


def _celldict_key_attr(ms):
    d = _defs(ms)
    ms.nn.CellDict()["training"] = d.Leaf()


def _celldict_nested_container(ms):
    ms.nn.CellDict({"a": ms.nn.CellList()})


def _celldict_bad_pair(ms):
    d = _defs(ms)
    ms.nn.CellDict([("a", d.Leaf(), 1)])


def _celldict_none(ms):
    ms.nn.CellDict({"a": None})


def _repr_celldict(ms):
    d = _defs(ms)
    return repr(ms.nn.CellDict({"x": d.OneLine(), "y": d.Described()}))


CASES = [
    # containers
    case("SequentialCell/names_and_call", _seq_names, F32(2)),
    case("SequentialCell/varargs", _seq_varargs),
    case("SequentialCell/ordered_dict", _seq_ordered_dict, F32(2)),
    case("SequentialCell/in_parent", _seq_in_parent),
    case("SequentialCell/append", _seq_append, F32(2)),
    case("SequentialCell/append_in_parent", _seq_append_in_parent),
    case("SequentialCell/getitem_slice", _seq_getitem_slice),
    case("SequentialCell/setitem", _seq_setitem),
    case("SequentialCell/delitem", _seq_delitem),
    case("SequentialCell/bad_arg", _seq_bad_arg, error=True),
    case("SequentialCell/bad_index", _seq_bad_index, error=True),
    case("SequentialCell/bad_index_type", _seq_bad_index_type, error=True),
    case("SequentialCell/repr", _seq_repr),
    case("CellList/names", _celllist_names),
    case("CellList/in_parent_append_call", _celllist_in_parent, F32(2)),
    case("CellList/insert", _celllist_insert),
    case("CellList/insert_in_parent", _celllist_insert_in_parent),
    case("CellList/extend_iadd", _celllist_extend_iadd),
    case("CellList/delitem", _celllist_delitem),
    case("CellList/setitem", _celllist_setitem),
    case("CellList/auto_prefix_false", _celllist_no_auto_prefix),
    case("CellList/append_non_cell", _celllist_append_non_cell, F32(2), error=True),
    case("CellList/extend_non_list", _celllist_extend_non_list, error=True),
    case("CellList/extend_celldict", _celllist_extend_celldict, error=True),
    case("CellList/bad_index", _celllist_bad_index, error=True),
    case("CellList/bad_index_type", _celllist_bad_index_type, error=True),
    case("CellList/slice", _celllist_slice),
    case("CellList/repr", _celllist_repr),
    case("CellDict/names", _celldict_names),
    case("CellDict/ops", _celldict_ops),
    case("CellDict/in_parent", _celldict_in_parent),
    case("CellDict/bad_cell", _celldict_bad_cell, error=True),
    case("CellDict/bad_key_type", _celldict_bad_key_type, error=True),
    case("CellDict/key_dot", _celldict_key_dot, error=True),
    case("CellDict/key_is_attribute", _celldict_key_attr, error=True),
    case("CellDict/nested_container", _celldict_nested_container, error=True),
    case("CellDict/bad_pair", _celldict_bad_pair, error=True),
    case("CellDict/none_cell", _celldict_none, error=True),
    case("CellDict/repr", _repr_celldict),
]


CASES = _with_graph_twins(CASES)
