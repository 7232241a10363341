"""Op policies as fields of op entries, applied at one dispatch point (ops/_dispatch.py, issue #14).

- the emulated Ascend cube rounds every form of a matrix product: ``ops.dense``, ``nn.Dense``,
  ``Tensor.matmul`` and ``@``, the products inside ``nn.MultiheadAttention`` and the RNN cells
  and layers; unsupported-op errors reach Tensor methods;
- AMP ``auto`` casts every form by the entry's class; ``O1`` casts the white-list cells and the
  white-list Primitives a network holds (not functional calls, as MindSpore); ``O2`` runs the
  network in float16 with float32 outputs;
- no policy active: no hook, the plain forms; a policy naming an unknown op fails the check;
  no production module assigns ``__call__`` or rewrites op objects at run time.
"""
import ast
import os
import pathlib

import numpy as np
import pytest

import mscompat as ms
from mscompat import backends, context, nn, ops
from mscompat.ops import _dispatch, _registry
from mscompat.ops import operations as P

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture
def ascend():
    old_mode = context._context["mode"]
    ms.set_context(device_target="Ascend")
    yield backends.current()
    backends.activate("CPU", 0)
    context._context["ascend_config"] = {}
    context._context["mode"] = old_mode


@pytest.fixture
def cube_calls(ascend, monkeypatch):
    """Counts the products the cube unit runs."""
    calls = []
    real = backends.cube

    def counting(compute, a, b):
        calls.append((tuple(a.shape), tuple(b.shape)))
        return real(compute, a, b)
    monkeypatch.setattr(backends, "cube", counting)
    return calls


def _rand(shape, seed):
    return np.random.RandomState(seed).randn(*shape).astype(np.float32)


def _r16(a):
    return np.asarray(a, np.float32).astype(np.float16).astype(np.float64)


def _cube_mm(a, b):
    """The cube's product: float16 operands, exact products, float32 sums, float16 result."""
    return (_r16(a) @ _r16(b)).astype(np.float32).astype(np.float16).astype(np.float32)


def _close_to_cube_not_plain(out, want_cube, plain, atol=2e-5):
    out = np.asarray(out, np.float64)
    np.testing.assert_allclose(out, want_cube, rtol=0, atol=atol)
    assert np.abs(out - plain).max() > 10 * atol       # really rounded through float16


X, W, B = _rand((6, 48), 0), _rand((5, 48), 1), _rand((5,), 2)


# --- the emulated Ascend cube reaches every form ----------------------------------------------
def test_cube_rounds_functional_method_operator_and_primitive_forms(cube_calls):
    x, w = ms.Tensor(X), ms.Tensor(W.T.copy())
    want = _cube_mm(X, W.T)
    for out in (ops.matmul(x, w), x.matmul(w), x @ w, ops.MatMul()(x, w), ops.mm(x, w),
                ops.MatMul(transpose_b=True)(x, ms.Tensor(W))):
        assert out.dtype == ms.float32
        np.testing.assert_array_equal(out.asnumpy(), want)
    assert len(cube_calls) == 6


def test_cube_rounds_ops_dense_and_nn_dense(cube_calls):
    x, w, b = ms.Tensor(X), ms.Tensor(W), ms.Tensor(B)
    plain = X.astype(np.float64) @ W.T.astype(np.float64)
    out = ops.dense(x, w)
    np.testing.assert_array_equal(out.asnumpy(), _cube_mm(X, W.T))
    # with a bias: MatMul's bias is added to the float32 accumulator, then rounded
    want_b = (_r16(X) @ _r16(W.T) + B).astype(np.float32).astype(np.float16)
    _close_to_cube_not_plain(ops.dense(x, w, b).asnumpy(), want_b, plain + B, atol=1e-6)
    net = nn.Dense(48, 5, weight_init=w, bias_init=b)
    want = _cube_mm(X, W.T) + B        # nn.Dense: MatMul (the cube), then BiasAdd in float32
    _close_to_cube_not_plain(net(x).asnumpy(), want, plain + B, atol=1e-6)
    assert len(cube_calls) == 3


def test_cube_rounds_the_rnn_cells(cube_calls):
    h0 = _rand((6, 8), 3)
    x, h = ms.Tensor(X), ms.Tensor(h0)
    ms.set_seed(1)
    cell = nn.RNNCell(48, 8, has_bias=False)
    w_ih, w_hh = cell.weight_ih.asnumpy(), cell.weight_hh.asnumpy()
    want = np.tanh(_cube_mm(X, w_ih.T).astype(np.float64) + _cube_mm(h0, w_hh.T))
    plain = np.tanh(X.astype(np.float64) @ w_ih.T + h0 @ w_hh.T)
    _close_to_cube_not_plain(cell(x, h).asnumpy(), want, plain)

    lstm = nn.LSTMCell(48, 8, has_bias=False)
    w_ih, w_hh = lstm.weight_ih.asnumpy(), lstm.weight_hh.asnumpy()
    c0 = _rand((6, 8), 4)
    gates = _cube_mm(X, w_ih.T).astype(np.float64) + _cube_mm(h0, w_hh.T)
    i, f, g, o = np.split(gates, 4, axis=1)
    sig = lambda v: 1 / (1 + np.exp(-v))   # noqa: E731
    c1 = sig(f) * c0 + sig(i) * np.tanh(g)
    h1 = sig(o) * np.tanh(c1)
    pg = X.astype(np.float64) @ w_ih.T + h0 @ w_hh.T
    pi, pf, pgg, po = np.split(pg, 4, axis=1)
    plain_h = sig(po) * np.tanh(sig(pf) * c0 + sig(pi) * np.tanh(pgg))
    out_h, out_c = lstm(x, (h, ms.Tensor(c0)))
    _close_to_cube_not_plain(out_h.asnumpy(), h1, plain_h)
    np.testing.assert_allclose(out_c.asnumpy(), c1, rtol=0, atol=2e-5)

    gru = nn.GRUCell(48, 8)
    n = len(cube_calls)
    assert gru(x, h).dtype == ms.float32
    assert len(cube_calls) == n + 2                     # x W_ih^T and h W_hh^T

    layer = nn.LSTM(48, 8, num_layers=2, batch_first=True)
    n = len(cube_calls)
    out, _ = layer(ms.Tensor(_rand((2, 3, 48), 5)))
    assert out.shape == (2, 3, 8)
    assert len(cube_calls) >= n + 4                     # two products per step, in both layers


def test_cube_rounds_multihead_attention(ascend, monkeypatch):
    q = ms.Tensor(_rand((4, 2, 16), 6))
    ms.set_seed(2)
    mha = nn.MultiheadAttention(16, 2)
    out_cube, w_cube = mha(q, q, q)
    calls = []
    real = backends.cube
    monkeypatch.setattr(backends, "cube", lambda c, a, b: calls.append(1) or real(c, a, b))
    mha(q, q, q)
    assert len(calls) == 6          # q, k, v projections, the two attention products, out_proj
    backends.activate("CPU", 0)
    out_plain, w_plain = mha(q, q, q)
    diff = np.abs(out_cube.asnumpy() - out_plain.asnumpy()).max()
    assert 0 < diff < 5e-3
    assert w_cube.dtype == ms.float32 and np.abs(w_cube.asnumpy() - w_plain.asnumpy()).max() > 0


def test_cube_in_graph_mode_layers(ascend):
    q = ms.Tensor(_rand((4, 2, 16), 12))
    ms.set_seed(4)
    mha = nn.MultiheadAttention(16, 2)
    lstm = nn.LSTM(16, 8)
    eager = (mha(q, q, q)[0].asnumpy(), lstm(q)[0].asnumpy())
    ms.set_context(mode=ms.GRAPH_MODE)
    graph = (mha(q, q, q)[0].asnumpy(), lstm(q)[0].asnumpy())
    ms.set_context(mode=ms.PYNATIVE_MODE)
    backends.activate("CPU", 0)
    plain = (mha(q, q, q)[0].asnumpy(), lstm(q)[0].asnumpy())
    for e, g, p in zip(eager, graph, plain):
        np.testing.assert_allclose(g, e, rtol=0, atol=1e-6)      # the compiled program rounds too
        assert np.abs(g - p).max() > 1e-5


def test_unsupported_op_errors_reach_every_form(ascend):
    x = ms.Tensor(np.array([1.5, 2.5], np.float32))
    for call in (lambda: ops.lgamma(x), lambda: x.lgamma(), lambda: P.Lgamma()(x), lambda: ops.digamma(x)):
        with pytest.raises(RuntimeError, match="did not match any operator prototype library"):
            call()
    backends.activate("CPU", 0)
    assert x.lgamma().shape == (2,)


# --- AMP ------------------------------------------------------------------------------------------
class _Probe(nn.Cell):
    """Every form of a product, and a black-list and a promote-list op; returns the dtypes."""

    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(_rand((4, 4), 7)), name="w")
        self.mm = P.MatMul()
        self.dense = nn.Dense(4, 4)
        self.cell = nn.RNNCell(4, 4)

    def construct(self, x):
        h = ops.zeros((2, 4), x.dtype)
        outs = (ops.matmul(x, self.w), x.matmul(self.w), x @ self.w, ops.dense(x, self.w), self.mm(x, self.w),
                self.dense(x), self.cell(x, h), ops.exp(x.astype(ms.float16)), ops.softmax(x.astype(ms.float16)))
        return tuple(o.dtype for o in outs)


_NAMES = ("ops.matmul", "Tensor.matmul", "@", "ops.dense", "MatMul", "nn.Dense", "nn.RNNCell", "exp", "softmax")


def _dtypes(level):
    net = _Probe()
    if level is not None:
        net = ms.amp.auto_mixed_precision(net, level)
    x = ms.Tensor(_rand((2, 4), 8))
    return dict(zip(_NAMES, (str(d) for d in net(x))))


def test_amp_auto_casts_every_form_by_the_entry_class():
    f16, f32 = "Float16", "Float32"
    got = _dtypes("auto")
    # (as MindSpore 2.10: nn.Dense and the RNN cell add a float32 bias after the float16 MatMul,
    # BiasAdd/Add promote to float32)
    assert got == {"ops.matmul": f16, "Tensor.matmul": f16, "@": f16, "ops.dense": f16, "MatMul": f16,
                   "nn.Dense": f32, "nn.RNNCell": f32, "exp": f32, "softmax": f32}
    assert _registry.HOOK is None                         # removed when the call ends
    assert _dtypes(None) == {**{n: f32 for n in _NAMES}, "exp": f16, "softmax": f16}
    # promote list: Concat's inputs are cast to the widest float type
    x, x16 = ms.Tensor(_rand((2, 4), 8)), ms.Tensor(_rand((2, 4), 9).astype(np.float16))
    cat = ms.amp.auto_mixed_precision(lambda a, b: (ops.concat((a, b)), ops.cat((b, a)), P.Concat()((a, b))), "auto")
    assert [str(o.dtype) for o in cat(x, x16)] == [f32] * 3
    with pytest.raises(RuntimeError, match="same data type"):
        ops.concat((x, x16))


def test_amp_o1_casts_white_list_cells_and_primitives_only():
    f16, f32 = "Float16", "Float32"
    got = _dtypes("O1")
    # O1 casts back to float32 after white-list cells / Primitives; functional calls untouched
    assert got == {**{n: f32 for n in _NAMES}, "exp": f16, "softmax": f16}
    x = ms.Tensor(_rand((2, 48), 9))

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.mm = P.MatMul(transpose_b=True)
            self.w = ms.Parameter(ms.Tensor(W), name="w")

        def construct(self, a):
            return self.mm(a, self.w), ops.matmul(a, self.w.T)

    prim_out, fn_out = ms.amp.auto_mixed_precision(Net(), "O1")(x)
    a16, w16 = x.asnumpy().astype(np.float16), W.astype(np.float16)
    np.testing.assert_array_equal(prim_out.asnumpy(), (a16 @ w16.T).astype(np.float32))   # computed in fp16
    np.testing.assert_allclose(fn_out.asnumpy(), x.asnumpy() @ W.T, rtol=1e-5, atol=1e-5)  # not cast
    assert _registry.HOOK is None
    assert P.MatMul()(x, ms.Tensor(W.T.copy())).dtype == ms.float32   # outside the network: unchanged

    for cell_cls in (nn.LSTMCell, nn.GRUCell, nn.RNNCell):
        ms.set_seed(3)
        cell = cell_cls(48, 8)
        h = ms.Tensor(np.zeros((2, 8), np.float32))
        hx = (h, h) if cell_cls is nn.LSTMCell else h
        ref = cell(x, hx)
        out = ms.amp.auto_mixed_precision(cell, "O1")(x, hx)
        ref0, out0 = (ref[0], out[0]) if cell_cls is nn.LSTMCell else (ref, out)
        assert out0.dtype == ms.float32
        assert 0 < np.abs(out0.asnumpy() - ref0.asnumpy()).max() < 1e-2


def test_amp_o2_runs_every_form_in_float16():
    got = _dtypes("O2")
    assert got == {n: "Float16" for n in _NAMES}
    mha = nn.MultiheadAttention(16, 2)
    q = ms.Tensor(_rand((4, 2, 16), 10))
    ref, _ = mha(q, q, q)
    out, _ = ms.amp.auto_mixed_precision(mha, "O2")(q, q, q)
    assert out.dtype == ms.float32
    assert 0 < np.abs(out.asnumpy() - ref.asnumpy()).max() < 2e-2


def test_amp_auto_reaches_attention():
    mha = nn.MultiheadAttention(16, 2)
    q = ms.Tensor(_rand((4, 2, 16), 11))
    ref, ref_w = mha(q, q, q)
    out, weights = ms.amp.auto_mixed_precision(mha, "auto")(q, q, q)
    # as MindSpore 2.10: float32 results (the biases promote, softmax is black) ...
    assert out.dtype == ms.float32 and weights.dtype == ms.float32
    # ... of products computed in float16
    assert 0 < np.abs(out.asnumpy() - ref.asnumpy()).max() < 2e-2
    assert 0 < np.abs(weights.asnumpy() - ref_w.asnumpy()).max() < 2e-2
    calls = []
    real = _registry.OPS["matmul"].impl

    class Spy:
        name, rank = "spy", 35

        def wrap(self, entry, prim, call):
            if entry.name != "matmul":
                return call

            def spy(*args, **kwargs):
                calls.append(tuple(str(a.dtype) for a in args))
                return call(*args, **kwargs)
            return spy
    _dispatch.activate(Spy())
    try:
        ms.amp.auto_mixed_precision(nn.MultiheadAttention(16, 2), "auto")(q, q, q)
    finally:
        _dispatch.deactivate(_dispatch.active()[-1])
    assert real is not None and len(calls) == 6 and all(c == ("Float16", "Float16") for c in calls)


# --- the dispatch point and the entries ----------------------------------------------------------
def test_plain_path_has_no_hook_and_entries_carry_the_fields():
    assert _registry.HOOK is None and _dispatch.active() == ()
    add = _registry.OPS["add"]
    assert not add.has_policy and ops.add is add.impl            # no wrapper for an op without policy
    mm = _registry.OPS["matmul"]
    assert ops.matmul is mm.fn and ops.matmul.__wrapped__ is mm.impl
    assert mm.amp == {"auto": "white"} and mm.ascend_cube == (0, 1)
    e = P.MatMul._entry
    assert e.amp == {"auto": "white", "O1": "white"} and e.shard_rule == "matmul" and e.ascend_cube == (0, 1)
    assert P.Exp._entry.amp == {"auto": "black"} and _registry.OPS["concat"].amp == {"auto": "promote"}
    assert P.Lgamma._entry.targets_lacking == {"Ascend"} and P.Einsum._entry.targets_lacking == {"Ascend", "CPU"}
    assert _registry.OPS["lgamma"].kernel == "Lgamma"
    assert _registry.OPS["baddbmm"].ascend_cube == (1, 2)
    names = [c.__name__ for c in ms.amp.get_white_list()]
    assert names[-10:] == ["Conv2D", "Conv3D", "Conv2DTranspose", "Conv3DTranspose", "Conv2DBackpropInput",
                           "MatMul", "BatchMatMul", "PReLU", "ReLU", "Ger"]


def test_policy_naming_an_unknown_op_fails_the_check():
    _registry.check_policies()              # the shipped declarations are all known
    with pytest.raises(RuntimeError, match="unknown op.*NoSuchOp"):
        _registry.check_policies({"MatMul": {"ascend_cube": True}, "NoSuchOp": {"amp": "white"}})
    with pytest.raises(RuntimeError, match="unknown field"):
        _registry.check_policies({"MatMul": {"cube": True}})
    with pytest.raises(RuntimeError, match="AMP class"):
        _registry.check_policies({"exp": {"amp": {"O5": "white"}}})
    with pytest.raises(RuntimeError, match="unknown targets"):
        _registry.check_policies({"exp": {"targets_lacking": ("NPU",)}})
    with pytest.raises(RuntimeError, match="unknown kernel 'NoSuchPrim'"):
        _registry.check_policies({"lgamma": {"targets_lacking": ("Ascend",), "kernel": "NoSuchPrim"}})
    with pytest.raises(RuntimeError, match="unknown shard_rule"):
        _registry.check_policies({"MatMul": {"shard_rule": "conv"}})
    with pytest.raises(RuntimeError, match="amp_order"):
        _registry.check_policies({"Exp": {"amp": "black", "amp_order": 3}})


def test_policies_are_declared_on_the_registrations():
    """No side table: a registration's own fields are the entry's, and a bad one fails it."""
    import mscompat.ops as mops
    assert not hasattr(mops, "_op_policies")
    with pytest.raises(RuntimeError, match="AMP class"):
        _registry.op("_policy_probe", amp={"O4": "white"})(lambda x: x)
    with pytest.raises(RuntimeError, match="amp_order"):
        _registry.op("_policy_probe", amp="white", amp_order=1)(lambda x: x)
    assert "_policy_probe" not in _registry.OPS
    order = [(c.__name__, c._entry.amp_order) for c in _registry.amp_primitives("O1", "white")]
    assert [o for _, o in order] == list(range(1, 11))      # MindSpore's AMP_WHITE_LIST order, from the entries
    entry = P.MatMul._entry
    saved = entry.amp_order
    try:
        entry.amp_order = P.Conv2D._entry.amp_order
        with pytest.raises(RuntimeError, match="same amp_order"):
            _registry.check_policies()
    finally:
        entry.amp_order = saved
    _registry.check_policies()


def test_policies_activate_only_while_needed(ascend):
    names = {p.name for p in _dispatch.active()}
    assert names == {"ascend kernel library", "ascend cube"}
    backends.activate("CPU", 0)
    assert _dispatch.active() == () and _registry.HOOK is None
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.AUTO_PARALLEL, search_mode="recursive_programming")
    try:
        assert [p.name for p in _dispatch.active()] == ["operator strategies", "auto-parallel search"]
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL)
        assert [p.name for p in _dispatch.active()] == ["operator strategies"]
    finally:
        ms.reset_auto_parallel_context()
    assert _registry.HOOK is None


# --- nothing rewrites op objects at run time --------------------------------------------------------
_PRODUCTION = ("mscompat", "ops", "nn", "train", "dataset")


# python -m mscompat.compare's recording driver: run as a script on real MindSpore as well as on
# mscompat, it wraps the namespaces of whichever framework it records (not an op policy)
_TOOLS = ("mscompat/_compare_recorder.py",)


def _production_files():
    for top in _PRODUCTION:
        for path in sorted((ROOT / top).rglob("*.py")):
            if path.relative_to(ROOT).as_posix() not in _TOOLS:
                yield path


def test_no_module_assigns_call_or_rewrites_ops_at_run_time():
    bad = []
    for path in _production_files():
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(), rel)
        # a class's own ``__init_subclass__`` sets attributes on the class being defined: not a rewrite
        # and an ``ms.jit`` function's repeated call becomes the ``__call__`` of that one object's own
        # class (``_JitFunction._install_front``): a compiled user function specialised, not an op
        defining = {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and (
                    f.name == "__init_subclass__" or (rel == "mscompat/common/api.py" and f.name == "_install_front"))
                    for n in ast.walk(f)}
        for node in ast.walk(tree):
            if id(node) in defining:
                continue
            targets = node.targets if isinstance(node, ast.Assign) else (
                [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else [])
            for t in targets:
                # ``<class>.__call__ = ...`` (a Primitive's call swapped), ``<obj>.__class__ = ...``
                if isinstance(t, ast.Attribute) and t.attr in ("__call__", "__class__"):
                    if not (rel == "ops/_registry.py" and t.attr == "__call__"):  # at class definition
                        bad.append(f"{rel}:{node.lineno}: assigns .{t.attr}")
                # ``ops.<name> = ...`` / ``functional.<name> = ...`` (a module's op replaced)
                if (isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                        and t.value.id in ("ops", "F", "functional", "P")):
                    bad.append(f"{rel}:{node.lineno}: assigns {t.value.id}.{t.attr}")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
                    and node.args and isinstance(node.args[0], ast.Name)
                    and node.args[0].id in ("ops", "F", "functional", "P", "mod", "cls", "owner")):
                if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value != "__call__":
                    continue        # a named attribute set on a class being defined (not an op)
                bad.append(f"{rel}:{node.lineno}: setattr({node.args[0].id}, ...)")
    assert not bad, "\n".join(bad)


def test_side_tables_of_op_names_are_gone():
    from mscompat.backends import _ascend_kernels
    from mscompat.parallel import _auto
    from mscompat.train import _amp_auto, amp
    for mod, names in ((_amp_auto, ("_PRIMS", "_FUNCS", "_METHODS")), (_ascend_kernels, ("UNSUPPORTED", "FUNCTIONAL")),
                       (_auto, ("_SEARCHED",)), (amp, ("_WHITE_PRIMS",))):
        for n in names:
            assert not hasattr(mod, n), f"{mod.__name__}.{n}"
