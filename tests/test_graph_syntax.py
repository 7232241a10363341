"""MindSpore's static-graph behaviour of compiled code (``ms.jit``, GRAPH_MODE Cells): graph-mode
``print`` (every run, MindSpore's format), the types compiled calls return, syntax MindSpore
rejects, call forms. The parity tables ``parity_tests/cases/graph_syntax_*.py`` compare the
same with real MindSpore; these tests need no MindSpore."""
import contextlib

import jax
import numpy as np
import pytest

import mscompat as ms
from mscompat._control_flow import convert
from mscompat._graph import GraphFallbackWarning
from mscompat._graph_print import graph_text


@contextlib.contextmanager
def _mode(mode):
    saved = ms.get_context("mode")
    ms.set_context(mode=mode)
    try:
        yield
    finally:
        ms.set_context(mode=saved)


def _printed(capsys, fn, *args):
    out = fn(*args)
    jax.effects_barrier()
    return out, capsys.readouterr().out


# --- print ----------------------------------------------------------------------------------------
def test_print_runs_every_call_with_values(capsys):
    @ms.jit
    def f(x):
        print("x", x)
        return x + 1

    _, first = _printed(capsys, f, ms.Tensor(np.array([1, 2], np.int64)))
    _, second = _printed(capsys, f, ms.Tensor(np.array([3, 4], np.int64)))
    assert first == "x\nTensor(shape=[2], dtype=Int64, value=[1 2])\n"
    assert second == "x\nTensor(shape=[2], dtype=Int64, value=[3 4])\n"
    assert "Tracer" not in first + second


def test_print_constant_only_still_prints_each_run(capsys):
    @ms.jit
    def f(x):
        print("hello", 1.0, True, (1, 2), x.shape)
        return x

    x = ms.Tensor(np.ones(3, np.float32))
    _printed(capsys, f, x)
    _, text = _printed(capsys, f, x)
    assert text == "hello\n1\n1\n(1, 2)\n(3)\n"


def test_print_inside_traced_branch_and_loop(capsys):
    @ms.jit
    def f(x):
        if x.sum() > 0:
            print("pos", x.sum())
        else:
            print("neg")
        for i in range(2):
            print(i)
        return x

    _, text = _printed(capsys, f, ms.Tensor(np.array([1.5, 2.0], np.float32)))
    assert text == "pos\n3.5\n0\n1\n"


def test_ops_print_in_cell_graph_format(capsys):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = ms.ops.Print()

        def construct(self, x):
            self.p("v", x)
            return x

    with _mode(ms.GRAPH_MODE):
        _, text = _printed(capsys, Net(), ms.Tensor(np.array([[1.5, 2.0]], np.float32)))
    assert text == "v\nTensor(shape=[1, 2], dtype=Float32, value=\n[[ 1.50000000e+00  2.00000000e+00]])\n"


def test_print_keyword_is_rejected():
    @ms.jit
    def f(x):
        print("a", sep="-")
        return x

    with pytest.raises(RuntimeError, match="unexpected keyword argument 'sep'"):
        f(ms.Tensor(np.ones(2, np.float32)))


def test_graph_text_formats():
    T = ms.Tensor
    assert graph_text(T(np.float32(1.5)), T(np.array(3.0, np.float32)), 1e-9, -0.0) == "1.5\n3\n1e-09\n-0\n"
    assert graph_text(T(np.array([True, False]))) == "Tensor(shape=[2], dtype=Bool, value=[ True False])\n"
    assert graph_text(T(np.array([np.nan, 1.0], np.float32))) == \
        "Tensor(shape=[2], dtype=Float32, value=[            nan  1.00000000e+00])\n"
    assert graph_text(T(np.array([1.5], np.float16))) == "Tensor(shape=[1], dtype=Float16, value=[ 1.5000e+00])\n"
    assert graph_text(T(np.arange(1001, dtype=np.int32))) == \
        "Tensor(shape=[1001], dtype=Int32, value=[   0    1    2 ...  998  999 1000])\n"
    assert graph_text(T(np.arange(14, dtype=np.int32).reshape(2, 7))) == (
        "Tensor(shape=[2, 7], dtype=Int32, value=\n[[ 0  1  2 ...  4  5  6]\n [ 7  8  9 ... 11 12 13]])\n")
    wrapped = graph_text(T(np.arange(25, dtype=np.int64)))
    assert wrapped.splitlines()[1] == " 24])"
    assert graph_text(((1, 2), (3, 4)), {"a": 1}, (1.5, 2.5)) == "1\n2\n3\n4\n(1)\n( 1.50000000e+00,  2.50000000e+00)\n"


# --- what compiled calls return -------------------------------------------------------------------
def test_compiled_results_have_mindspore_types():
    @ms.jit
    def f(x):
        return (map(lambda a: a * 2, (1, 2)), zip((1, 2), (3, 4)), range(3), enumerate((5,)),
                filter(lambda a: a > 1, (1, 2, 3)), (i for i in range(2)), tuple(np.array([1, 2])),
                {"z": 1, "a": 2}, np.array([1.5]), {"k": 1}.keys())

    m, z, r, e, fl, g, t, d, a, k = f(ms.Tensor(np.ones(2, np.float32)))
    assert m == (2, 4) and z == ((1, 3), (2, 4)) and r == (0, 1, 2) and e == ((0, 5),)
    assert fl == [2, 3] and g == [0, 1] and k == ("k",)
    assert t == (1, 2) and all(type(v) is int for v in t)
    assert list(d) == ["z", "a"] and type(d) is dict
    assert type(a) is np.ndarray


def test_global_list_mutation_stays_inside_the_graph():
    state = {"calls": []}

    @ms.jit
    def f(x):
        _LOG.append(1)
        state["calls"].append(len(_LOG))
        return x

    _LOG[:] = []
    f(ms.Tensor(np.ones(2, np.float32)))
    assert _LOG == []


_LOG = []


# --- syntax MindSpore rejects --------------------------------------------------------------------
@pytest.mark.parametrize("src, cls, msg", [
    ("del a", RuntimeError, "Unsupported statement 'Delete'"),
    ("try:\n        a = 2\n    except ValueError:\n        pass", RuntimeError, "Unsupported statement 'Try'"),
    ("for i in range(2):\n        pass\n    else:\n        pass", RuntimeError, "for...else"),
    ("b = {1, 2}", RuntimeError, "Unsupported expression 'Set'"),
    ("b = 1 / 0", ValueError, "divisor could not be zero"),
    ("b = {'k': 1}['z']", ValueError, "does not exist in the dict"),
    ("c = (1,)\n    b = c is c", RuntimeError, "a is b"),
])
def test_rejected_syntax(tmp_path, src, cls, msg):
    path = tmp_path / "mod_rejected.py"
    path.write_text(f"def f(x):\n    a = 1\n    {src}\n    return x\n")
    ns = {}
    exec(compile(path.read_text(), str(path), "exec"), ns)
    with pytest.raises(cls, match=msg):
        ms.jit(ns["f"])(ms.Tensor(np.ones(2, np.float32)))


def test_rejected_syntax_only_in_compiled_calls():
    def f(x):
        a = x + 1
        del a
        return x

    out = convert(f)(ms.Tensor(np.ones(2, np.float32)))     # not compiled: plain Python
    assert out.shape == (2,)


# --- call forms ---------------------------------------------------------------------------------
def test_primitive_keyword_inputs_and_partial_keywords():
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))

    @ms.jit
    def f(a):
        g = ms.ops.partial(ms.ops.add, other=2)
        return ms.ops.ReduceSum(True)(a, axis=1), g(a)

    s, p = f(x)
    assert s.shape == (2, 1) and float(s.asnumpy()[1, 0]) == 12.0
    assert np.allclose(p.asnumpy(), x.asnumpy() + 2)
    assert ms.ops.ReduceSum(True)(x, axis=1).shape == (2, 1)           # PyNative too
    with pytest.raises(TypeError, match="unexpected keyword argument 'axes'"):
        ms.ops.ReduceSum(True)(x, axes=1)
    with pytest.raises(TypeError):
        ms.ops.partial(ms.ops.add, other=2)                              # PyNative: positional only


def test_number_assigned_to_parameter_in_construct():
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.c = ms.Parameter(ms.Tensor(1.0, ms.float32), name="c")

        def construct(self, x):
            self.c = 5.0
            return x + self.c

    net = Net()
    with _mode(ms.GRAPH_MODE):
        out = net(ms.Tensor(np.zeros(2, np.float32)))
    assert np.allclose(out.asnumpy(), 5.0) and float(net.c.asnumpy()) == 5.0
    with _mode(ms.PYNATIVE_MODE), pytest.raises(TypeError, match="can not assign"):
        net(ms.Tensor(np.zeros(2, np.float32)))                         # PyNative: rejected


def test_bytecode_capture_range_over_one_element_tensor():
    def f(n):
        s = 0
        for i in range(n):
            s += i
        return s

    assert ms.jit(f, capture_mode="bytecode")(ms.Tensor([4])) == 6
    with pytest.raises(TypeError):
        ms.jit(f)(ms.Tensor([4]))


def test_strings_from_tensor_values_are_made_when_the_program_runs(capsys):
    @ms.jit
    def f(x):
        print(f"x={x}", "%s" % x.sum())
        return x

    _printed(capsys, f, ms.Tensor(np.array([1.0, 2.0], np.float32)))
    _, text = _printed(capsys, f, ms.Tensor(np.array([2.0, 3.0], np.float32)))
    assert text == "x=[2. 3.] 5.0\n"

    @ms.jit
    def g(x):
        return "v:" + str(x)

    with pytest.warns(GraphFallbackWarning):   # the text itself is a result: runs eagerly
        assert g(ms.Tensor(np.array([1.0, 2.0], np.float32))) == "v:[1. 2.]"


def test_print_under_pynative_grad_is_python_print_with_values(capsys):
    class Net(ms.nn.Cell):
        def construct(self, a):
            print("in", a, a.sum())
            return (a * a).sum()

    with _mode(ms.PYNATIVE_MODE):
        g, text = _printed(capsys, ms.grad(Net()), ms.Tensor(np.array([1.0, 2.0], np.float32)))
    assert text == "in [1. 2.] 3.0\n"
    assert np.allclose(g.asnumpy(), [2.0, 4.0])


def _raise_with_text(x):
    if x.shape[0] > 2:          # known when compiling: the raise is met while tracing
        raise ValueError(f"wrong shape, {x}.")
    return x * 2


def test_exception_text_from_tensor_values_has_the_values():
    f = ms.jit(_raise_with_text)
    with pytest.raises(ValueError, match=r"wrong shape, \[1\. 2\. 3\.\]\."):
        f(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32)))
    # a shorter input compiles and runs: the failed signature made nothing eager
    assert np.allclose(f(ms.Tensor(np.array([1.0, 2.0], np.float32))).asnumpy(), [2.0, 4.0])

    class GradNet(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.grad = ms.ops.GradOperation()

        def construct(self, v):
            return self.grad(_raise_with_text)(v)

    with _mode(ms.GRAPH_MODE), pytest.raises(ValueError, match=r"wrong shape, \[1\. 2\. 3\.\]\."):
        GradNet()(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32)))


def test_tensor_text_under_pynative_grad_shows_values():
    seen = []

    def f(a):
        seen.extend([str(a), repr(a), f"{a}"])
        return (a * a).sum()

    with _mode(ms.PYNATIVE_MODE):
        ms.ops.grad(f)(ms.Tensor(np.array([1.0, 2.0], np.float32)))
    assert seen[0] == seen[2] == "[1. 2.]"
    assert seen[1].startswith("Tensor(shape=[2], dtype=Float32, value=") and "Tracer" not in seen[1]


def _cond_comment(x):
    if x.sum() > 100:  # @jit.cond: True
        return x * 2
    elif x.sum() > 0:  # @jit.cond: False
        return x * 5
    return x * 3


def _cond_comment_strict(x):
    if x.sum() > 0:  # @jit.cond: False  
        return x * 2
    if x.sum() > 0:  # @jit.cond: True extra
        return x * 5
    return x * 3


def test_jit_cond_comment_folds_if_statements():
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    # the last directive of the statement (the elif's False) folds the outer if to its else branch
    assert np.allclose(ms.jit(_cond_comment)(x).asnumpy(), [3.0, 6.0])
    assert np.allclose(_cond_comment(x).asnumpy(), [5.0, 10.0])         # PyNative: a plain comment
    # a directive must end its line exactly: these are comments, the tests are evaluated
    assert np.allclose(ms.jit(_cond_comment_strict)(x).asnumpy(), [2.0, 4.0])
