"""mindspore.boost and mindspore.scipy behaviour beyond the parity tables: the boost cells in
GRAPH_MODE and inside Model's sink loop give the PyNative numbers, AutoBoost reads a JSON
config file, and the scipy functions differentiate and compile."""
import json

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, boost
from mscompat.scipy import linalg, optimize

_X = np.random.RandomState(1).uniform(-1, 1, (8, 4)).astype(np.float32)
_Y = np.random.RandomState(2).uniform(-1, 1, (8, 2)).astype(np.float32)
_W1 = np.random.RandomState(3).uniform(-0.5, 0.5, (3, 4)).astype(np.float32)
_W2 = np.random.RandomState(4).uniform(-0.5, 0.5, (2, 3)).astype(np.float32)


@pytest.fixture(autouse=True)
def _fresh_boost():
    """Each test starts from, and leaves, MindSpore's fresh boost state: no AutoBoost instance and
    the level table as shipped ("manual" configs edit it in place, for the rest of the process)."""
    import copy
    from mscompat.boost import boost as _boost_mod
    table = copy.deepcopy(_boost_mod._boost_config_level)
    boost.AutoBoost._instance = None
    mode = ms.get_context("mode")
    yield
    boost.AutoBoost._instance = None
    _boost_mod._boost_config_level.clear()
    _boost_mod._boost_config_level.update(table)
    ms.set_context(mode=mode)


def _net():
    return nn.SequentialCell([nn.Dense(4, 3, weight_init=ms.Tensor(_W1), bias_init="zeros"), nn.ReLU(),
                              nn.Dense(3, 2, weight_init=ms.Tensor(_W2), bias_init="zeros")])


def _freeze_run(mode, steps=5):
    ms.set_context(mode=mode)
    net = _net()
    params = net.trainable_params()
    opt = nn.Momentum(params, 0.05, 0.9)
    fopt = boost.FreezeOpt(opt, [list(params), list(params)[2:]], [0, 1, 1, 0])
    cell = boost.BoostTrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), fopt)
    losses = [float(cell(ms.Tensor(_X), ms.Tensor(_Y)).asnumpy()) for _ in range(steps)]
    return losses, [p.asnumpy() for p in params], int(cell.step.asnumpy())


def test_freeze_graph_mode_matches_pynative_without_fallback(recwarn):
    eager = _freeze_run(ms.PYNATIVE_MODE)
    graph = _freeze_run(ms.GRAPH_MODE)
    np.testing.assert_allclose(eager[0], graph[0], rtol=1e-6)
    for a, b in zip(eager[1], graph[1]):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)
    assert eager[2] == graph[2] == 1
    assert not [w for w in recwarn if "cannot be compiled" in str(w.message)]


def _model_run(sink):
    np.random.seed(0)
    net = _net()
    opt = nn.Momentum(net.trainable_params(), 0.05, 0.9)
    model = ms.Model(net, nn.MSELoss(), opt, metrics={"mae": nn.MAE()}, boost_level="O1",
                     boost_config_dict={"grad_freeze": {"total_steps": 40}})
    data = ms.dataset.NumpySlicesDataset({"x": _X, "y": _Y}, shuffle=False).batch(4)
    model.train(3, data, dataset_sink_mode=sink)
    cell = model.train_network
    return type(cell).__name__, [p.asnumpy() for p in cell.network.trainable_params()], int(cell.step.asnumpy())


def test_model_boost_o1_sink_mode_matches_step_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    plain = _model_run(False)
    boost.AutoBoost._instance = None
    sunk = _model_run(True)
    assert plain[0] == sunk[0] == "BoostTrainOneStepCell"
    assert plain[2] == sunk[2] == 6
    for a, b in zip(plain[1], sunk[1]):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_model_boost_o1_applies_lessbn_and_freezing():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    name, params, _ = _model_run(False)
    assert name == "BoostTrainOneStepCell"
    auto = boost.AutoBoost()
    assert auto.level == "O1" and auto.boost_config["less_bn"] and auto.boost_config["grad_freeze"]
    assert auto._total_steps == 40
    assert len(params) == 4   # the Dense head became CommonHeadLastFN (weight + multiplier)


def test_auto_boost_reads_json_config(tmp_path):
    cfg = {"boost": {"mode": "manual", "grad_freeze": True, "less_bn": False},
           "grad_freeze": {"param_groups": 4, "freeze_p": 0.5}, "common": {"device_number": 2}}
    path = tmp_path / "boost.json"
    path.write_text(json.dumps(cfg))
    with open(path) as fp:
        auto = boost.AutoBoost("O0", json.load(fp))
    assert auto.boost_config["grad_freeze"] and not auto.boost_config["less_bn"]
    assert (auto._param_groups, auto._freeze_p, auto.device_number) == (4, 0.5, 2)
    with pytest.raises(ValueError):
        boost.AutoBoost._instance = None
        boost.AutoBoost("O1", {"boost": {"mode": "everything"}})


def test_scipy_linalg_differentiates_and_compiles():
    a = ms.Tensor(np.array([[4., 1., 0.], [1., 3., 1.], [0., 1., 2.]], np.float32))
    g = ms.grad(lambda m: linalg.det(m))(a).asnumpy()
    np.testing.assert_allclose(g, np.linalg.inv(a.asnumpy()).T * np.linalg.det(a.asnumpy()), rtol=1e-4)
    g = ms.grad(lambda m: linalg.cholesky(m, lower=True).sum())(a)
    assert g.shape == (3, 3) and np.isfinite(g.asnumpy()).all()
    solve = ms.jit(lambda m, b: linalg.cho_solve(linalg.cho_factor(m), b))
    x = solve(a, ms.Tensor(np.ones(3, np.float32))).asnumpy()
    np.testing.assert_allclose(a.asnumpy() @ x, np.ones(3), rtol=1e-5)


def test_scipy_minimize_reaches_the_minimum():
    def bowl(p):
        return ((p - 1.0) ** 2 * ms.Tensor(np.array([1.0, 4.0]))).sum() + p[0] * p[1] * 0.5
    expected = np.linalg.solve(np.array([[2.0, 0.5], [0.5, 8.0]]), np.array([2.0, 8.0]))
    for method, hess in (("BFGS", True), ("LBFGS", False)):
        res = optimize.minimize(bowl, ms.Tensor(np.zeros(2)), method=method)
        assert res.success and res.status == 0 and isinstance(res.nit, int) and isinstance(res.fun, float)
        np.testing.assert_allclose(res.x.asnumpy(), expected, atol=1e-5)
        assert (res.hess_inv is not None) == hess
