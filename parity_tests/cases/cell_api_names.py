"""nn.Cell API, parameter naming and registration: parameter names of nested cells, iteration
order of parameters and cells, ``auto_prefix``, shared parameters and cells, ParameterTuple
attributes, duplicate names, ``insert_param_to_cell`` / ``insert_child_to_cell``, assigning over
Parameters and cells, and their errors.

Each case builds its cells from ``ms.nn.Cell``, ``ms.Parameter`` and ``ms.ops`` inside the
case (``_defs(ms)`` in ``_cell_api_common.py`` returns the small cell classes for the framework
under test) and returns names, flags, strings or tensors. Every case runs in PyNative and, as
"<name>/graph", in GRAPH_MODE (``_with_graph_twins``; ``_NO_GRAPH_TWIN`` in
``_cell_api_common.py`` lists the few without a GRAPH_MODE twin and why).
"""
from parity_tests.harness import case, F32
from parity_tests.cases._cell_api_common import _p, _defs, _names, _pn, _with_graph_twins


# --- naming ----------------------------------------------------------------------------------
def _leaf_names(ms):
    return _names(_defs(ms).Leaf().get_parameters())


def _leaf_user_names(ms):
    return _names(_defs(ms).Leaf(named=True).get_parameters())


def _two_names(ms):
    return _pn(_defs(ms).Two())


def _deep_names(ms):
    return _pn(_defs(ms).Deep())


def _deep_trainable(ms):
    return _names(_defs(ms).Deep().trainable_params())


def _deep_untrainable(ms):
    return _names(_defs(ms).Deep().untrainable_params())


def _deep_nonrecursive(ms):
    net = _defs(ms).Deep()
    return [_names(net.trainable_params(recurse=False)), _names(net.body.trainable_params(recurse=False)),
            _names(net.get_parameters(expand=False)), _names(net.body.get_parameters(expand=False))]


def _deep_parameters_dict(ms):
    return list(_defs(ms).Deep().parameters_dict().keys())


def _deep_parameters_dict_norecurse(ms):
    return list(_defs(ms).Deep().body.parameters_dict(recurse=False).keys())


def _deep_cells_and_names(ms):
    return [k for k, _ in _defs(ms).Deep().cells_and_names()]


def _deep_cells_and_names_prefix(ms):
    return [[k, c.cls_name] for k, c in _defs(ms).Deep().cells_and_names(name_prefix="net")]


def _deep_name_cells(ms):
    net = _defs(ms).Deep()
    return [list(net.name_cells().keys()), [c.cls_name for c in net.cells()],
            list(net.body.name_cells().keys())]


def _no_auto_prefix(ms):
    return _pn(_defs(ms).Two(auto_prefix=False))


def _no_auto_prefix_called(ms, x):
    net = _defs(ms).Two(auto_prefix=False)
    out = net(x)
    return [_pn(net), out]


def _inner_no_auto_prefix(ms):
    d = _defs(ms)

    class Outer(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = d.Two(auto_prefix=False)

        def construct(self, x):
            return self.inner(x)
    return _pn(Outer())


def _update_parameters_name(ms):
    net = _defs(ms).Two()
    net.update_parameters_name("backbone.")
    a = _names(net.get_parameters())
    net.update_parameters_name()
    b = _names(net.get_parameters())
    net.a.update_parameters_name("x.", recurse=False)
    return [a, b, _names(net.get_parameters())]


def _update_parameters_name_bad(ms):
    _defs(ms).Two().update_parameters_name("a b")


def _update_parameters_name_int(ms):
    _defs(ms).Two().update_parameters_name(3)


def _shared_param(ms):
    class Shared(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms)
            self.v = self.w

        def construct(self, x):
            return x * self.w * self.v
    net = Shared()
    return [_pn(net), _names(net.trainable_params())]


def _shared_cell(ms):
    d = _defs(ms)

    class SharedCell(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            leaf = d.Leaf()
            self.first = leaf
            self.second = leaf

        def construct(self, x):
            return self.second(self.first(x))
    net = SharedCell()
    return [_pn(net), [k for k, _ in net.cells_and_names()], list(net.name_cells().keys())]


def _param_tuple(ms):
    class WithTuple(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.ws = ms.ParameterTuple([_p(ms, name="a"), _p(ms, name="b")])
            self.gen = ms.ParameterTuple([_p(ms), _p(ms)])

        def construct(self, x):
            return x
    return _pn(WithTuple())


def _param_list_attr(ms):
    class WithList(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms)
            self.plist = [_p(ms, name="pa"), _p(ms, name="pb")]

        def construct(self, x):
            return x
    net = WithList()
    return [_pn(net), _names(net.plist)]


def _param_list_dup(ms):
    class Dup(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.plist = [_p(ms, name="same"), _p(ms, name="same")]

        def construct(self, x):
            return x
    Dup()


def _param_tuple_dup(ms):
    class Dup(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.ws = (_p(ms, name="same"), _p(ms, name="same"))

        def construct(self, x):
            return x
    Dup()


def _duplicate_names_called(ms, x):
    class Dup(ms.nn.Cell):
        def __init__(self):
            super().__init__(auto_prefix=False)
            self.a = _p(ms, name="w")
            self.b = _p(ms, name="w")

        def construct(self, x):
            return x * self.a + self.b
    net = Dup()
    out = net(x)
    return [_pn(net), out]


def _check_names_dup(ms):
    class Dup(ms.nn.Cell):
        def __init__(self):
            super().__init__(auto_prefix=False)
            self.a = _p(ms, name="w")
            self.b = _p(ms, name="w")

        def construct(self, x):
            return x
    Dup().check_names()


# --- registration ----------------------------------------------------------------------------
def _insert_param(ms):
    net = _defs(ms).Empty()
    net.insert_param_to_cell("extra", _p(ms))
    net.insert_param_to_cell("named", _p(ms, name="keep"))
    return [_pn(net), net.extra.name]


def _insert_param_dot(ms):
    _defs(ms).Empty().insert_param_to_cell("a.b", _p(ms))


def _insert_param_not_param(ms, x):
    _defs(ms).Empty().insert_param_to_cell("t", x)


def _insert_param_empty(ms):
    _defs(ms).Empty().insert_param_to_cell("", _p(ms))


def _insert_param_existing_attr(ms):
    net = _defs(ms).Empty()
    net.flag = 3
    net.insert_param_to_cell("flag", _p(ms))


def _insert_child(ms):
    d = _defs(ms)
    net = d.Empty()
    net.insert_child_to_cell("sub", d.Leaf())
    return [_pn(net), [k for k, _ in net.cells_and_names()], net.sub.cls_name]


def _insert_child_bad_type(ms):
    _defs(ms).Empty().insert_child_to_cell("sub", 3)


def _insert_child_bad_name(ms):
    d = _defs(ms)
    d.Empty().insert_child_to_cell(1, d.Leaf())


def _insert_child_dot(ms):
    d = _defs(ms)
    d.Empty().insert_child_to_cell("a.b", d.Leaf())


def _assign_over_param(ms):
    net = _defs(ms).Leaf()
    net.weight = 3


def _assign_over_cell(ms):
    net = _defs(ms).Two()
    net.a = 3


def _assign_tensor_to_param(ms, x):
    net = _defs(ms).Leaf()
    net.weight = x
    return [net.weight.name, net.weight.value(), isinstance(net.weight, ms.Parameter)]


def _set_none_and_delete(ms):
    net = _defs(ms).Two()
    net.scale = None
    a = _pn(net)
    del net.b
    return [a, _pn(net), [k for k, _ in net.cells_and_names()]]


def _getattr_missing(ms):
    return _defs(ms).Leaf().nothing_here


def _construct_not_defined(ms, x):
    return ms.nn.Cell()(x)


CASES = [
    # naming
    case("Cell/param_names_leaf", _leaf_names),
    case("Cell/param_names_user", _leaf_user_names),
    case("Cell/param_names_two_levels", _two_names),
    case("Cell/param_names_three_levels", _deep_names),
    case("Cell/trainable_params_order", _deep_trainable),
    case("Cell/untrainable_params_order", _deep_untrainable),
    case("Cell/params_nonrecursive", _deep_nonrecursive),
    case("Cell/parameters_dict_keys", _deep_parameters_dict),
    case("Cell/parameters_dict_norecurse", _deep_parameters_dict_norecurse),
    case("Cell/cells_and_names", _deep_cells_and_names),
    case("Cell/cells_and_names_prefix", _deep_cells_and_names_prefix),
    case("Cell/name_cells_and_cells", _deep_name_cells),
    case("Cell/auto_prefix_false", _no_auto_prefix),
    case("Cell/auto_prefix_false_called", _no_auto_prefix_called, F32(2)),
    case("Cell/auto_prefix_false_inner", _inner_no_auto_prefix),
    case("Cell/update_parameters_name", _update_parameters_name),
    case("Cell/update_parameters_name_bad", _update_parameters_name_bad, error=True),
    case("Cell/update_parameters_name_int", _update_parameters_name_int, error=True),
    case("Cell/shared_parameter", _shared_param),
    case("Cell/shared_cell", _shared_cell),
    case("Cell/parameter_tuple", _param_tuple),
    case("Cell/parameter_list_attr", _param_list_attr),
    case("Cell/parameter_list_dup_names", _param_list_dup, error=True),
    case("Cell/parameter_tuple_attr_dup_names", _param_tuple_dup, error=True),
    case("Cell/duplicate_names_refreshed_on_call", _duplicate_names_called, F32(2)),
    case("Cell/check_names_dup", _check_names_dup, error=True),
    # registration
    case("Cell/insert_param_to_cell", _insert_param),
    case("Cell/insert_param_to_cell_dot", _insert_param_dot, error=True),
    case("Cell/insert_param_to_cell_tensor", _insert_param_not_param, F32(2), error=True),
    case("Cell/insert_param_to_cell_empty", _insert_param_empty, error=True),
    case("Cell/insert_param_to_cell_existing", _insert_param_existing_attr, error=True),
    case("Cell/insert_child_to_cell", _insert_child),
    case("Cell/insert_child_to_cell_bad_type", _insert_child_bad_type, error=True),
    case("Cell/insert_child_to_cell_bad_name", _insert_child_bad_name, error=True),
    case("Cell/insert_child_to_cell_dot", _insert_child_dot, error=True),
    case("Cell/assign_int_over_param", _assign_over_param, error=True),
    case("Cell/assign_int_over_cell", _assign_over_cell, error=True),
    case("Cell/assign_tensor_to_param", _assign_tensor_to_param, F32(2)),
    case("Cell/set_none_and_delattr", _set_none_and_delete),
    case("Cell/getattr_missing", _getattr_missing, error=True),
    case("Cell/construct_not_defined", _construct_not_defined, F32(2), error=True),
]


CASES = _with_graph_twins(CASES)
