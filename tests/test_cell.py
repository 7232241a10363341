"""nn.Cell behaviour the parity oracle cannot compare: GRAPH_MODE calls through
``mscompat._graph``, the ``to_float`` flag while ``construct`` runs, pickling and copying,
hook handles, buffer registration hooks, import paths."""
import copy
import pickle

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops
from mscompat.nn import _cell_hooks


class Scale(nn.Cell):
    def __init__(self, fill=2.0):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(np.full(3, fill, np.float32)))

    def construct(self, x):
        return x * self.w


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Scale()
        self.b = ms.Parameter(ms.Tensor(np.ones(3, np.float32)), requires_grad=False)

    def construct(self, x):
        return self.inner(x) + self.b


@pytest.fixture
def pynative():
    mode = ms.get_context("mode")
    ms.set_context(mode=ms.PYNATIVE_MODE)
    yield
    ms.set_context(mode=mode)


@pytest.fixture
def graph():
    mode = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=mode)


def _x():
    return ms.Tensor(np.arange(3, dtype=np.float32))


def test_import_paths():
    from mscompat.nn.cell import Cell
    from mscompat.nn.container import SequentialCell, CellList, CellDict
    assert Cell is nn.Cell and SequentialCell is nn.SequentialCell
    assert CellList is nn.CellList and CellDict is nn.CellDict


def test_graph_mode_compiles_and_matches_pynative(graph):
    net = Outer()
    out_graph = net(_x())
    assert net.compiled
    ms.set_context(mode=ms.PYNATIVE_MODE)
    out_py = Outer()(_x())
    np.testing.assert_allclose(out_graph.asnumpy(), out_py.asnumpy())
    np.testing.assert_allclose(out_py.asnumpy(), [1.0, 3.0, 5.0])


def test_graph_mode_reads_parameters_at_call_time(graph):
    net = Outer()
    a = net(_x()).asnumpy()
    net.inner.w.set_data(ms.Tensor(np.full(3, 10.0, np.float32)))
    b = net(_x()).asnumpy()
    np.testing.assert_allclose(a, [1.0, 3.0, 5.0])
    np.testing.assert_allclose(b, [1.0, 11.0, 21.0])


def test_pynative_nested_calls_are_eager(pynative):
    calls = []

    class Probe(nn.Cell):
        def construct(self, x):
            calls.append(type(x._data).__name__)
            return x

    net = Probe()
    net(_x())
    net(_x())
    assert len(calls) == 2 and "Tracer" not in calls[0]
    assert not net.compiled


def test_to_float_casts_float_inputs_and_sets_the_flag(pynative):
    seen = []

    class Probe(nn.Cell):
        def construct(self, x, n, i):
            seen.append((x.dtype, n, i.dtype, _cell_hooks.current_amp_dtype()))
            return x

    net = Probe().to_float(ms.float16)
    out = net(_x(), 3, ms.Tensor(np.ones(2, np.int32)))
    assert out.dtype == ms.float16
    assert seen == [(ms.float16, 3, ms.int32, ms.float16)]
    assert _cell_hooks.current_amp_dtype() is None
    assert net.get_mixed_precision_type() == _cell_hooks.MixedPrecisionType.FP16
    assert str(nn.Cell().get_mixed_precision_type()) == "MixedPrecisionType.NOTSET"


def test_to_float_in_graph_mode(graph):
    net = Scale().to_float(ms.float16)
    assert net(_x()).dtype == ms.float16


def test_set_mixed_precision_type_checks_type():
    net = nn.Cell()
    with pytest.raises(TypeError):
        net.set_mixed_precision_type(1)
    net.set_mixed_precision_type(_cell_hooks.MixedPrecisionType.BF16)
    assert net.get_mixed_precision_type() == _cell_hooks.MixedPrecisionType.BF16
    assert net.mixed_precision_type is None


def test_pickle_roundtrip(graph):
    net = Outer()
    net(_x())                                  # holds a compiled executable now
    net2 = pickle.loads(pickle.dumps(net))
    assert [p.name for p in net2.get_parameters()] == ["b", "inner.w"]
    np.testing.assert_allclose(net2(_x()).asnumpy(), net(_x()).asnumpy())


def test_deepcopy_after_compiled_call_is_independent(graph):
    net = Outer()
    net(_x())
    net2 = copy.deepcopy(net)
    net2.inner.w.set_data(ms.Tensor(np.zeros(3, np.float32)))
    np.testing.assert_allclose(net2(_x()).asnumpy(), [1.0, 1.0, 1.0])
    np.testing.assert_allclose(net(_x()).asnumpy(), [1.0, 3.0, 5.0])


def test_hook_handle_remove_twice_and_prepend(pynative):
    net = Scale()
    order = []
    h1 = net.register_forward_pre_hook(lambda c, a: order.append(1))
    net.register_forward_pre_hook(lambda c, a: order.append(0), prepend=True)
    net(_x())
    h1.remove()
    h1.remove()
    net(_x())
    assert order == [0, 1, 0]
    assert h1.handle_id >= 0


def test_forward_hook_with_kwargs_and_always_call(pynative):
    class Bad(nn.Cell):
        def construct(self, x, scale=1.0):
            raise RuntimeError("boom")

    net = Bad()
    got = []
    net.register_forward_hook(lambda c, a, k, o: got.append((len(a), sorted(k), o)), with_kwargs=True,
                              always_call=True)
    with pytest.raises(RuntimeError):
        net(_x(), scale=2.0)
    assert got == [(1, ["scale"], None)]


def test_run_construct_entry_point_for_the_compiled_path(pynative):
    net = Outer()
    calls = []
    net.register_forward_hook(lambda c, a, o: calls.append(1))
    out = net._run_construct((_x(),), {})
    np.testing.assert_allclose(out.asnumpy(), [1.0, 3.0, 5.0])
    assert calls == [1]


def test_compile_and_run(pynative):
    net = Outer()
    np.testing.assert_allclose(net.compile_and_run(_x()).asnumpy(), [1.0, 3.0, 5.0])
    with pytest.raises(TypeError):
        net.compile_and_run()


def test_buffer_registration_hook_and_flagged_tensors():
    seen = []
    handle = nn.cell.register_cell_buffer_registration_hook(lambda cell, name, t: seen.append(name))

    class WithBuf(nn.Cell):
        def __init__(self):
            super().__init__()
            self.register_buffer("running", ms.Tensor(np.zeros(2, np.float32)))
            self.alias = self.running

        def construct(self, x):
            return x

    try:
        net = WithBuf()
    finally:
        handle.remove()
    assert seen == ["running", "alias"]
    assert list(net.state_dict()) == ["running", "alias"]
    assert [k for k, _ in net.named_buffers()] == ["running"]
    WithBuf()
    assert seen == ["running", "alias"]


def test_missing_super_init():
    class NoInit(nn.Cell):
        def __init__(self):  # pylint: disable=super-init-not-called
            pass

        def construct(self, x):
            return x

    with pytest.raises(AttributeError):
        NoInit()(_x())
    with pytest.raises(AttributeError):
        NoInit().w = ms.Parameter(ms.Tensor([1.0]))


def test_sequential_cell_graph_mode(graph):
    seq = nn.SequentialCell([Scale(2.0), Scale(3.0)])
    np.testing.assert_allclose(seq(_x()).asnumpy(), [0.0, 6.0, 12.0])
    assert [p.name for p in seq.trainable_params()] == ["0.w", "1.w"]


def test_state_dict_roundtrip_and_metadata():
    src, dst = Outer(), Outer()
    src.inner.w.set_data(ms.Tensor(np.full(3, 7.0, np.float32)))
    sd = src.state_dict()
    assert list(sd) == ["b", "inner.w"] and "inner" in sd._metadata
    assert repr(dst.load_state_dict(sd)) == "<All keys matched successfully>"
    np.testing.assert_allclose(dst.inner.w.asnumpy(), [7.0, 7.0, 7.0])


def test_primitive_attribute_gets_instance_name():
    class WithPrim(nn.Cell):
        def __init__(self):
            super().__init__()
            self.relu = ops.ReLU()

        def construct(self, x):
            return self.relu(x)

    net = WithPrim()
    assert "relu" in net._primitives


def test_cell_api_cases_agree_between_modes():
    """Every parity case of the cell_api_* tables gives the same result in both modes."""
    import importlib
    import pkgutil
    import parity_tests.cases as tables
    from parity_tests.harness import compare
    names = sorted(m.name for m in pkgutil.iter_modules(tables.__path__) if m.name.startswith("cell_api_"))
    mods = [importlib.import_module(f"{tables.__name__}.{n}") for n in names]
    assert mods, "no cell_api_* case tables found"
    mode = ms.get_context("mode")
    try:
        for c in [c for mod in mods for c in mod.CASES]:
            ms.set_context(mode=ms.PYNATIVE_MODE)
            eager = c.run(ms)
            ms.set_context(mode=ms.GRAPH_MODE)
            graph = c.run(ms)
            assert compare(eager, graph, c) is None, (c.name, compare(eager, graph, c))
    finally:
        ms.set_context(mode=mode)
