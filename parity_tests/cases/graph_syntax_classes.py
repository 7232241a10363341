"""Static-graph syntax, classes and call forms in GRAPH_MODE: Cell attributes (numbers,
strings, tuples, lists, dicts, sub-Cells, Parameters, CellList/SequentialCell), Cell methods
and ``@ms.jit`` methods, ``jit_class`` objects and dataclasses created and used inside the
graph, Python numbers assigned to Parameter attributes in ``construct``, Primitives with
positional attributes called with keyword inputs, ``ops.partial`` with keywords, ``ms.jit``
options (``capture_mode``, ``jit_level``, ``backend``, ``fullgraph``)."""
import dataclasses

import numpy as np

from parity_tests.cases._graph_syntax_common import table, V3, V4, X23, I3, I4, ONE, POS, NEG

ms = None
J, C = table(__name__)


def _cell(m, construct, init=None):
    """A Cell class whose ``construct`` is the module-level function ``construct``."""
    def __init__(self):
        m.nn.Cell.__init__(self)
        if init is not None:
            init(self, m)
    return type(construct.__name__, (m.nn.Cell,), {"__init__": __init__, "construct": construct})()


# --- Cell attributes ---------------------------------------------------------------------------
def _attrs_init(self, m):
    self.k = 3
    self.f = 0.5
    self.name_ = "abc"
    self.t = (1, 2)
    self.lst = [4, 5]
    self.d = {"a": 2}
    self.flag = True
    self.none = None


def attrs_construct(self, x):
    if self.flag and self.none is None:
        x = x * self.k + self.f
    return x + self.t[1] + self.lst[0] + self.d["a"], self.name_, len(self.lst)


def _param_init(self, m):
    self.w = m.Parameter(m.Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="w")
    self.c = m.Parameter(m.Tensor(1.0, m.float32), name="c")


def param_read(self, x):
    return x * self.w + self.c


def param_assign_scalar(self, x):
    self.c = 5.0
    return x + self.c


def param_assign_int_scalar(self, x):
    self.c = 2
    return x * self.c


def param_assign_tensor(self, x):
    self.w = x * 2
    return self.w + 1


def _param_scalar_case(construct):
    def run(m, x):
        net = _cell(m, construct, _param_init)
        out = net(x)
        return out, net.c.value(), net.w.value()
    return run


def _sub_init(self, m):
    self.dense = m.nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    self.act = m.nn.ReLU()
    self.seq = m.nn.SequentialCell([m.nn.ReLU(), m.nn.Tanh()])
    self.blocks = m.nn.CellList([m.nn.ReLU(), m.nn.Sigmoid()])


def sub_cells(self, x):
    y = self.act(self.dense(x))
    z = self.seq(x)
    for c in self.blocks:
        z = c(z)
    return y, z, self.blocks[1](x)


def _method_init(self, m):
    self.scale = 2


def method_call(self, x):
    return self.helper(x) + self.helper(x, 3)


def _helper(self, x, k=1):
    return x * self.scale * k


def _method_cell(m, x):
    cls = type("MethodNet", (m.nn.Cell,), {
        "__init__": lambda self: (m.nn.Cell.__init__(self), _method_init(self, m))[0],
        "construct": method_call, "helper": _helper})
    return cls()(x)


def attr_setattr_new(self, x):
    self.newattr = 3
    return x + self.newattr


def attr_missing_bad(self, x):
    return x + self.missing


def getattr_self(self, x):
    return getattr(self, "k") * x, hasattr(self, "k"), hasattr(self, "zzz")


def training_flag(self, x):
    if self.training:
        return x * 2
    return x


def _training_case(train):
    def run(m, x):
        net = _cell(m, training_flag)
        net.set_train(train)
        return net(x)
    return run


# --- inheritance, static methods, class attributes -------------------------------------
def _inherit_case(m, x):
    class Base(m.nn.Cell):
        scale = 3

        def __init__(self):
            super().__init__()
            self.bias = 1

        def head(self, a):
            return a * self.scale

        @staticmethod
        def twice(a):
            return a * 2

    class Child(Base):
        def __init__(self):
            super().__init__()
            self.extra = 0.5

        def head(self, a):
            return super().head(a) + self.extra

        def construct(self, a):
            return self.head(a) + self.twice(a) + self.scale + self.bias

    return Child()(x)


def _nested_cell_call_case(m, x):
    class Inner(m.nn.Cell):
        def construct(self, a, k=2):
            return a * k

    class Outer(m.nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = Inner()

        def construct(self, a):
            return self.inner(a) + self.inner(a, k=5) + self.inner.construct(a, 1)

    return Outer()(x)


def _isinstance_cell_case(m, x):
    class Net(m.nn.Cell):
        def __init__(self):
            super().__init__()
            self.act = m.nn.ReLU()

        def construct(self, a):
            return isinstance(self.act, m.nn.Cell), isinstance(self.act, m.nn.ReLU), isinstance(a, m.Tensor)

    return Net()(x)


def _cell_kwargs_case(m, x):
    class Net(m.nn.Cell):
        def construct(self, a, *rest, scale=1.0, **kw):
            return a * scale + len(rest) + len(kw)

    return Net()(x, 1, 2, scale=2.0, k=3)


# --- jit methods ------------------------------------------------------------------------------
def _jit_method_case(m, x):
    class Net(m.nn.Cell):
        def __init__(self):
            super().__init__()
            self.k = 4

        @m.jit
        def construct(self, x):
            return x * self.k

    return Net()(x)


# --- jit_class / dataclass --------------------------------------------------------------------
class _Point:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def total(self):
        return self.a + self.b


def jit_class_create(x):
    p = _Point(1, 2)
    return x * p.total(), p.b


def jit_class_create_tensor_bad(x):
    p = _Point(x, 2)
    return p.total()


def _jit_class_case(fn):
    def run(m, x):
        m.jit_class(_Point)
        return m.jit(fn)(x)
    return run


def plain_class_create_bad(x):
    p = _Plain(x)
    return p.v


class _Plain:
    def __init__(self, v):
        self.v = v


@dataclasses.dataclass
class _DC:
    a: int
    b: float = 2.5


def dataclass_create(x):
    d = _DC(3)
    return x * d.a + d.b


def class_attr_arg(x, obj):
    return x + obj.v


def jit_class_method_arg(x, p):
    return p.total() * x


# --- Primitives, partial ----------------------------------------------------------------------
def prim_positional_attr(x):
    return ms.ops.ReduceSum(True)(x, 1), ms.ops.ReduceMean(False)(x, 0), ms.ops.Concat(1)((x, x))


def prim_keyword_input(x):
    return ms.ops.ReduceSum(True)(x, axis=1), ms.ops.ReduceMax(False)(x, axis=0)


def prim_keyword_input_bad(x):
    return ms.ops.ReduceSum(True)(x, axes=1)


def prim_keyword_attr_bad(x):
    return ms.ops.ReduceSum(True)(x, keep_dims=False)


def prim_attrs_various(x):
    return ms.ops.Softmax(0)(x), ms.ops.ArgMaxWithValue(1)(x), ms.ops.CumSum(True)(x, 1), ms.ops.Split(1, 3)(x)


def prim_too_many_attrs_bad(x):
    return ms.ops.ReduceSum(True, False, 3)(x, 1)


def partial_positional(x):
    f = ms.ops.partial(ms.ops.add, x)
    return f(3)


def partial_keyword(x):
    f = ms.ops.partial(ms.ops.add, other=2)
    return f(x)


def partial_keyword_call(x):
    f = ms.ops.partial(ms.ops.mul, other=3)
    return f(input=x)


def partial_user_fn(x):
    f = ms.ops.partial(_three, x, c=4)
    return f(2)


def _three(a, b, c=1):
    return a * b + c


def _partial_kw_pynative(m, x):
    return m.ops.partial(m.ops.add, other=2)(x)


# --- jit options -------------------------------------------------------------------------------
def range_over_tensor(x):
    s = 0
    for i in range(x):
        s += i
    return s


def jit_plain(x):
    return x * 2 + 1


CASES = [
    C("gs_class/cell_attrs", lambda m, x: _cell(m, attrs_construct, _attrs_init)(x), V3, default=True),
    C("gs_class/param_read", lambda m, x: _cell(m, param_read, _param_init)(x), V3),
    C("gs_class/param_assign_scalar", _param_scalar_case(param_assign_scalar), V3, default=True),
    C("gs_class/param_assign_int_scalar", _param_scalar_case(param_assign_int_scalar), V3),
    C("gs_class/param_assign_tensor", _param_scalar_case(param_assign_tensor), V3),
    C("gs_class/sub_cells", lambda m, x: _cell(m, sub_cells, _sub_init)(x), V3, default=True),
    C("gs_class/method_call", _method_cell, V3),
    C("gs_class/getattr_self", lambda m, x: _cell(m, getattr_self, lambda s, m: setattr(s, "k", 3))(x), V3),
    C("gs_class/setattr_new", lambda m, x: _cell(m, attr_setattr_new)(x), V3),
    C("gs_class/attr_missing_bad", lambda m, x: _cell(m, attr_missing_bad)(x), V3, error=True),
    C("gs_class/training_true", _training_case(True), V3),
    C("gs_class/training_false", _training_case(False), V3),
    C("gs_class/jit_method", _jit_method_case, V3),
    C("gs_class/inherit_super_staticmethod", _inherit_case, V3, default=True),
    C("gs_class/nested_cell_call", _nested_cell_call_case, V3),
    C("gs_class/isinstance_cell", _isinstance_cell_case, V3),
    C("gs_class/construct_varargs_kwargs", _cell_kwargs_case, V3),
    C("gs_class/jit_class_create", _jit_class_case(jit_class_create), V3, default=True),
    C("gs_class/jit_class_create_tensor_bad", _jit_class_case(jit_class_create_tensor_bad), V3, error=True),
    C("gs_class/jit_class_arg", lambda m, x: (m.jit_class(_Point), m.jit(jit_class_method_arg)(x, _Point(1, 2)))[1],
      V3),
    J("gs_class/plain_class_create", plain_class_create_bad, V3),
    J("gs_class/dataclass_create", dataclass_create, V3),
    C("gs_class/plain_object_arg", lambda m, x: m.jit(class_attr_arg)(x, _Plain(3)), V3),
    J("gs_class/prim_positional_attr", prim_positional_attr, X23, default=True),
    J("gs_class/prim_keyword_input", prim_keyword_input, X23, default=True),
    J("gs_class/prim_keyword_input_bad", prim_keyword_input_bad, X23, error=True),
    J("gs_class/prim_keyword_attr_bad", prim_keyword_attr_bad, X23, error=True),
    J("gs_class/prim_attrs_various", prim_attrs_various, X23),
    J("gs_class/prim_too_many_attrs_bad", prim_too_many_attrs_bad, X23, error=True),
    J("gs_class/partial_positional", partial_positional, V3),
    J("gs_class/partial_keyword", partial_keyword, V3, default=True),
    J("gs_class/partial_keyword_call", partial_keyword_call, V3),
    J("gs_class/partial_user_fn", partial_user_fn, V3),
    C("gs_class/partial_keyword_pynative_bad", _partial_kw_pynative, V3, error=True),
    J("gs_class/bytecode_range_one_element", range_over_tensor, ONE, jit={"capture_mode": "bytecode"},
      default=True),
    J("gs_class/bytecode_range_0d", range_over_tensor, np.array(4, np.int64), jit={"capture_mode": "bytecode"}),
    J("gs_class/ast_range_tensor_bad", range_over_tensor, ONE, error=True),
    J("gs_class/jit_level_o1", jit_plain, V3, jit={"jit_level": "O1"}),
    J("gs_class/jit_fullgraph", jit_plain, V3, jit={"fullgraph": True}),
    J("gs_class/jit_backend_ms", jit_plain, V3, jit={"backend": "ms_backend"}),
    J("gs_class/jit_backend_bad", jit_plain, V3, jit={"backend": "nope"}, error=True),
    J("gs_class/jit_capture_mode_bad", jit_plain, V3, jit={"capture_mode": "nope"}, error=True),
    J("gs_class/jit_level_bad", jit_plain, V3, jit={"jit_level": "O9"}, error=True),
    J("gs_class/jit_dynamic", jit_plain, V3, jit={"dynamic": 1}),
]
