"""Auto-parallel on 8 host devices (DESIGN section 9): a small Transformer block trained a few
steps gives the single-device loss trajectory under SEMI_AUTO_PARALLEL (Megatron
``MatMul().shard`` strategies) and AUTO_PARALLEL, and under DATA_PARALLEL the single-device
weights with each device's own loss (MindSpore's per-rank loss on its part of the batch: the
caller sees device 0's); the compiled programs hold the expected collectives."""
import os
import sys

import jax
import numpy as np
import pytest

import mscompat as ms
import mscompat.parallel as P
from mscompat import nn, ops, Tensor

sys.path.insert(0, os.path.dirname(__file__))
from _parallel_models import make_step, data, losses, rank_losses  # noqa: E402

pytestmark = pytest.mark.skipif(jax.device_count() < 8, reason="needs 8 host devices (root conftest.py)")

MEGATRON = {"qkv": (((2, 1), (1, 4)),), "proj": (((2, 4), (4, 1)),),
            "ff1": (((2, 1), (1, 4)),), "ff2": (((2, 4), (4, 1)),),
            "scores": (((2, 4, 1, 1), (2, 4, 1, 1)),), "context": (((2, 4, 1, 1), (2, 4, 1, 1)),)}


@pytest.fixture(autouse=True)
def _stand_alone_after():
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.reset_auto_parallel_context()
    yield
    ms.reset_auto_parallel_context()
    ms.set_context(mode=ms.GRAPH_MODE)


def test_pynative_ignores_strategies(reference):
    """Auto-parallel is a graph-mode feature: PyNative runs (and differentiates) eagerly as on one
    device, strategies or not."""
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8)
    x, y = data()
    step, _ = make_step(MEGATRON)
    _close(losses(step, x, y, n=1), reference[:1])


@pytest.fixture(scope="module")
def reference():
    ms.reset_auto_parallel_context()
    x, y = data()
    step, _ = make_step()
    return losses(step, x, y)


@pytest.fixture(scope="module")
def rank0():
    """(device 0's losses of 8 in DATA_PARALLEL, the single-device weights after 3 steps)."""
    ms.reset_auto_parallel_context()
    x, y = data()
    step, net = make_step()
    return rank_losses(step, x, y, 8), _weights(net)


def _weights(net):
    return {p.name: p.asnumpy() for p in net.trainable_params()}


def _same_weights(net, expected):
    for name, value in _weights(net).items():
        np.testing.assert_allclose(value, expected[name], rtol=1e-5, atol=1e-6, err_msg=name)


def _close(a, b):
    np.testing.assert_allclose(a, b, rtol=2e-5, atol=2e-6)


def test_stand_alone_has_no_mesh():
    assert P.current_mesh() is None
    a = Tensor(np.ones((8, 2), np.float32))
    assert P.shard_batch(a) is a and P.replicate(a) is a


def test_data_parallel_matches_single_device(rank0):
    ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True)
    assert P.current_mesh().devices.size == 8 and ms.get_auto_parallel_context("device_num") == 8
    x, y = data()
    step, net = make_step()
    _close(losses(step, x, y), rank0[0])
    _same_weights(net, rank0[1])
    text = P.compiled_text(step, x, y)
    coll = P.collectives(text)
    assert coll["all-reduce"] >= 1 and coll["all-gather"] == 0, coll
    assert net.w_1._value.sharding.is_fully_replicated
    assert P.shard_batch(x)._data.sharding.shard_shape(x.shape) == (1, 4, 32)
    assert all(c.traces == 1 for c in step._compiled.values())      # compiled once


def test_data_parallel_gradients_sum_without_mean():
    # MindSpore's mean=False all-reduce sums the 8 per-device gradients of per-device mean
    # losses: 8x the global gradient, i.e. single-device momentum SGD with 8x the learning rate
    x, y = data()
    step, _ = make_step(lr=0.4)
    ref = rank_losses(step, x, y, 8)
    ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=False)
    step, _ = make_step(lr=0.05)
    _close(losses(step, x, y), ref)


def test_semi_auto_megatron_matmul_strategies(reference):
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8)
    x, y = data()
    step, net = make_step(MEGATRON)
    _close(losses(step, x, y), reference)
    # weights kept split as the strategies say: w_1 by columns 4-way, w_2 by rows 4-way
    assert net.w_1._value.sharding.shard_shape(net.w_1.shape) == (32, 16)
    assert net.w_2._value.sharding.shard_shape(net.w_2.shape) == (16, 32)
    coll = P.collectives(P.compiled_text(step, x, y))
    assert coll["all-reduce"] >= 2, coll    # the row-split MatMuls' partial sums (and the data axis)
    assert all(c.traces == 1 for c in step._compiled.values())


def test_semi_auto_ffn_only_collectives():
    """Column then row split of the feed-forward alone: one all-reduce of the partial sums in
    forward, nothing between the two MatMuls."""
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8, full_batch=True)
    w1 = ms.Parameter(Tensor(np.random.RandomState(1).randn(16, 64).astype(np.float32)), name="w1")
    w2 = ms.Parameter(Tensor(np.random.RandomState(2).randn(64, 16).astype(np.float32)), name="w2")

    class FFN(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w1, self.w2 = w1, w2
            self.m1 = ops.MatMul().shard(((1, 1), (1, 8)))
            self.m2 = ops.MatMul().shard(((1, 8), (8, 1)))

        def construct(self, x):
            return self.m2(ops.relu(self.m1(x, self.w1)), self.w2)

    x = Tensor(np.random.RandomState(3).randn(4, 16).astype(np.float32))
    net = FFN()
    out = net(x).asnumpy()
    np.testing.assert_allclose(out, np.maximum(x.asnumpy() @ w1.asnumpy(), 0) @ w2.asnumpy(), rtol=1e-5, atol=1e-5)
    coll = P.collectives(P.compiled_text(net, x))
    assert coll == {"all-reduce": 1, "all-gather": 0, "reduce-scatter": 0, "all-to-all": 0,
                    "collective-permute": 0}, coll


def test_auto_parallel_search_matches_and_picks_megatron(reference):
    ms.set_auto_parallel_context(parallel_mode="auto_parallel", device_num=8, search_mode="recursive_programming")
    x, y = data()
    step, _ = make_step()
    _close(losses(step, x, y), reference)
    chosen = {c[2]: c[3] for c in P.auto_strategies()}
    # small batch (32 tokens), larger weights: column split, then row split on the chain
    assert chosen[(32, 64)] == ((1, 1), (1, 8)) and chosen[(64, 32)] == ((1, 8), (8, 1)), chosen
    assert P.collectives(P.compiled_text(step, x, y))["all-reduce"] >= 1


def test_auto_parallel_search_large_batch_is_data_parallel():
    from mscompat.parallel._auto import choose
    assert choose(8, 4096, 32, 64, "dp")[0] == "dp"
    assert choose(8, 32, 32, 256, "dp")[0] == "col"
    assert choose(8, 32, 32, 64, "rep")[0] == "col"
    assert choose(8, 32, 64, 32, "mp")[0] == "row"


def test_auto_parallel_sharding_propagation(reference):
    ms.set_auto_parallel_context(parallel_mode="auto_parallel", device_num=8, search_mode="sharding_propagation")
    x, y = data()
    step, net = make_step({"ff1": (((2, 1), (1, 4)),)})
    _close(losses(step, x, y), reference)
    assert net.w_1._value.sharding.shard_shape(net.w_1.shape) == (32, 16)
    assert P.auto_strategies() == []


def test_parallel_optimizer_shards_states(reference):
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8, enable_parallel_optimizer=True)
    x, y = data()
    step, net = make_step()
    _close(losses(step, x, y), reference)
    moments = {p.name: p for p in step.optimizer.moments}
    m = moments["moments.w_1"]
    assert m._value.sharding.shard_shape(m.shape) == (4, 64)      # split over the 8 devices
    assert net.w_1._value.sharding.is_fully_replicated
    assert P.collectives(P.compiled_text(step, x, y))["all-gather"] >= 1


def test_parallel_optimizer_data_parallel_cpu_error():
    ms.set_auto_parallel_context(parallel_mode="data_parallel", enable_parallel_optimizer=True)
    with pytest.raises(RuntimeError, match="parallel optimizer only supports"):
        make_step()


def test_recompute_same_numbers(rank0):
    ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True)
    x, y = data()
    step, net = make_step()
    net.recompute()
    _close(losses(step, x, y), rank0[0])


@pytest.mark.parametrize("wrapper", [
    pytest.param(lambda c: nn.PipelineCell(c, 2), id="pipeline"),
    pytest.param(lambda c: nn.GradAccumulationCell(c, 4), id="grad_accumulation", marks=pytest.mark.slow)])
def test_pipeline_and_grad_accumulation_numbers(wrapper):
    """PipelineCell / GradAccumulationCell: the micro-batch losses summed (MindSpore's gradient
    accumulation over micro batches), on the mesh as on one device."""
    x, y = data()
    step, _ = make_step(wrap=wrapper)
    ref = losses(step, x, y)
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8, pipeline_stages=2)
    step, net = make_step(wrap=wrapper)
    net.ln1.pipeline_stage = 0
    net.ln2.pipeline_stage = 1
    _close(losses(step, x, y), ref)


def test_sink_mode_data_parallel(rank0):
    ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True)
    x, y = data()
    step, net = make_step()
    stacked = (Tensor(np.stack([x.asnumpy()] * 3)), Tensor(np.stack([y.asnumpy()] * 3)))
    import importlib
    runner = importlib.import_module("mscompat.train.data_sink")._SinkRunner(step, "step")
    out = runner(*stacked)
    _close(float(out.asnumpy()), rank0[0][-1])
    _same_weights(net, rank0[1])


def test_ms_shard_and_cell_shard_parameter_plan():
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8)
    dense = nn.Dense(16, 8)
    dense.shard(in_strategy=((8, 1),), parameter_plan={"self.weight": (8, 1)})
    x = Tensor(np.random.RandomState(0).randn(16, 16).astype(np.float32))
    ref = x.asnumpy() @ dense.weight.asnumpy().T + dense.bias.asnumpy()
    np.testing.assert_allclose(dense(x).asnumpy(), ref, rtol=1e-5, atol=1e-5)
    assert dense.weight._value.sharding.shard_shape(dense.weight.shape) == (1, 16)
    f = ms.shard(lambda a: a * 2, in_strategy=((4, 2),))
    assert isinstance(f, P._shard.ShardFn)
    with pytest.raises(TypeError):
        ms.shard(lambda a: a, in_strategy=[(1, 1)])
    with pytest.raises(ValueError, match="cannot be divisible"):
        nn.Dense(16, 6).shard(((1, 1),), parameter_plan={"self.weight": (4, 1)})


def test_primitive_shard_validation():
    assert repr(ops.MatMul().shard(((2, 1), (1, 4)))) == \
        "Prim[MatMul]<transpose_a=False, transpose_b=False, in_strategy=((2, 1), (1, 4))>"
    with pytest.raises(TypeError, match="in_strategy must be tuple type"):
        ops.MatMul().shard([(2, 1)])
    with pytest.raises(TypeError, match="must be int type"):
        ops.MatMul().shard(((2.0, 1),))
    with pytest.raises(TypeError, match="must be tuple/Layout type"):
        ops.MatMul().shard(((2, 1), [1, 4]))
    with pytest.raises(ValueError, match="need to set in_strategy"):
        ops.MatMul().shard(None, ((1, 1),))
    # a shared dimension split differently: rejected when the program is compiled
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8)
    mm = ops.MatMul().shard(((1, 2), (4, 1)))
    with pytest.raises(RuntimeError, match="Invalid strategy"):
        ms.jit(lambda a, b: mm(a, b))(Tensor(np.ones((8, 8), np.float32)), Tensor(np.ones((8, 8), np.float32)))


def test_layout_strategy():
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8)
    layout = P.Layout((2, 2, 2), ("dp", "sp", "mp"))
    mm = ops.MatMul().shard((layout("dp", "sp"), layout("sp", "mp")))
    a = Tensor(np.random.RandomState(0).randn(8, 8).astype(np.float32))
    b = Tensor(np.random.RandomState(1).randn(8, 8).astype(np.float32))
    np.testing.assert_allclose(ms.jit(lambda u, v: mm(u, v))(a, b).asnumpy(), a.asnumpy() @ b.asnumpy(),
                               rtol=1e-5, atol=1e-5)
    with pytest.raises(ValueError, match="not found"):
        layout("dp", "xx")


def test_set_auto_parallel_context_errors():
    with pytest.raises(ValueError, match="only support 'stand_alone'"):
        ms.set_auto_parallel_context(parallel_mode="foo")
    with pytest.raises(TypeError):
        ms.set_auto_parallel_context(gradients_mean=1)
    with pytest.raises(ValueError, match="not recognized"):
        ms.set_auto_parallel_context(bogus=1)
    with pytest.raises(ValueError, match="auto_parallel_search_mode"):
        ms.set_auto_parallel_context(search_mode="foo")
    with pytest.raises(ValueError, match="'full_batch' or 'data_parallel'"):
        ms.set_auto_parallel_context(dataset_strategy="foo")
    assert P.current_mesh() is None


def test_sink_scan_data_parallel(rank0, monkeypatch):
    """The accelerator form of sink mode (one lax.scan per block; batch axis 1 of the stacked
    inputs split over the devices)."""
    import importlib
    data_sink = importlib.import_module("mscompat.train.data_sink")
    monkeypatch.setattr(data_sink, "_steps_as_loop", lambda: True)
    ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True)
    x, y = data()
    step, _ = make_step()
    stacked = (Tensor(np.stack([x.asnumpy()] * 3)), Tensor(np.stack([y.asnumpy()] * 3)))
    runner = data_sink._SinkRunner(step, "step")
    out = runner(*stacked)
    _close(float(out.asnumpy()), rank0[0][-1])
    text = runner.compiled.compiled_text(stacked, {})
    assert P.collectives(text)["all-reduce"] >= 1


def test_model_train_data_parallel():
    import mscompat.dataset as ds
    x, y = data(batch=32)
    xs, ys = x.asnumpy(), y.asnumpy()

    def run():
        ms.set_seed(0)
        from _parallel_models import Block
        net = Block()
        model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9))
        dataset = ds.NumpySlicesDataset({"x": xs, "y": ys}, shuffle=False).batch(8)
        seen = []

        class Record(ms.Callback):
            def on_train_step_end(self, run_context):
                seen.append(float(run_context.original_args().net_outputs.asnumpy()))

        model.train(1, dataset, callbacks=[Record()], dataset_sink_mode=False)
        return seen

    # device 0 of 8 computes the loss of the first sample of each batch of 8
    ms.set_seed(0)
    from _parallel_models import Block
    net = Block()
    loss = nn.WithLossCell(net, nn.MSELoss())
    step = nn.TrainOneStepCell(loss, nn.Momentum(net.trainable_params(), 0.05, 0.9))
    ref = []
    for i in range(4):
        bx, by = Tensor(xs[8 * i:8 * i + 8]), Tensor(ys[8 * i:8 * i + 8])
        ref.append(float(loss(bx[:1], by[:1]).asnumpy()))
        step(bx, by)
    ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True)
    _close(run(), ref)


def test_resume_on_other_device_count(tmp_path):
    """Trained 2 steps on 8 devices (Megatron strategies, weights split), saved, resumed on 4
    devices in data parallel: the third loss is device 0's of the single-device run's weights."""
    x, y = data()
    expected = rank_losses(make_step()[0], x, y, 4)[2:]
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8)
    step, _ = make_step(MEGATRON)
    losses(step, x, y, 2)
    path = str(tmp_path / "block.ckpt")
    ms.save_checkpoint(step, path)
    ms.reset_auto_parallel_context()
    ms.set_auto_parallel_context(parallel_mode="data_parallel", device_num=4, gradients_mean=True)
    step, net = make_step()
    ms.load_param_into_net(step, ms.load_checkpoint(path))
    _close(losses(step, x, y, 1), expected)
    assert net.w_1._value.sharding.mesh.devices.size == 4


def test_strategy_file_and_merge_slices(tmp_path):
    """The strategy file of a Megatron run (MindSpore's JSON format), per-rank slices cut by it
    (what each of 8 MindSpore ranks would hold), merged back by merge_sliced_parameter and
    load_distributed_checkpoint."""
    path = str(tmp_path / "strategy.json")
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8, strategy_ckpt_save_file=path)
    x, y = data()
    step, net = make_step(MEGATRON)
    losses(step, x, y, 1)
    strategy = P.build_searched_strategy(path)
    lay = strategy["w_1"]
    # MatMul ((2, 1), (1, 4)): device matrix (M, K, N) = (2, 1, 4); w_1 (K, N) split on N
    assert lay.dev_matrix[0].dim == [2, 1, 4] and lay.tensor_map[0].dim == [-1, 0]
    assert strategy["w_2"].dev_matrix[0].dim == [2, 4, 1] and strategy["w_2"].tensor_map[0].dim == [1, -1]
    whole = {p.name: p.asnumpy() for p in net.trainable_params()}
    files = []
    for rank in range(8):
        params = []
        for name in ("w_1", "w_2"):
            # the slice this rank holds: its coordinates in the device matrix, per tensor dimension
            dev, tmap = strategy[name].dev_matrix[0].dim, strategy[name].tensor_map[0].dim
            coords = np.unravel_index(rank, dev)
            index = []
            for d, v in enumerate(tmap):
                n = whole[name].shape[d]
                if v == -1:
                    index.append(slice(None))
                else:
                    parts = dev[len(dev) - 1 - v]
                    c = coords[len(dev) - 1 - v]
                    index.append(slice(c * n // parts, (c + 1) * n // parts))
            params.append({"name": name, "data": Tensor(whole[name][tuple(index)])})
        f = str(tmp_path / f"rank_{rank}.ckpt")
        ms.save_checkpoint(params, f)
        files.append(f)
    sliced = [ms.Parameter(ms.load_checkpoint(f)["w_2"].asnumpy(), "w_2") for f in files]
    np.testing.assert_array_equal(P.merge_sliced_parameter(sliced, strategy).asnumpy(), whole["w_2"])
    merged = P.load_distributed_checkpoint(net, files, train_strategy_filename=path, return_param_dict=True)
    np.testing.assert_array_equal(merged["w_1"].asnumpy(), whole["w_1"])
    with pytest.raises(KeyError):
        P.merge_sliced_parameter(sliced, {"other": lay})
    np.testing.assert_array_equal(P.merge_sliced_parameter(sliced).asnumpy(),
                                  np.concatenate([s.asnumpy() for s in sliced]))


def test_parallel_optimizer_data_parallel_on_emulated_ascend(rank0):
    """DATA_PARALLEL + enable_parallel_optimizer (MindSpore allows it on Ascend only): optimizer
    moments split over the data axis, the updated weights all-gathered."""
    ms.set_context(device_target="Ascend")
    try:
        ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True,
                                     enable_parallel_optimizer=True)
        x, y = data()
        step, _ = make_step()
        # float16 cube-unit emulation on Ascend: close to, not bit-equal with, the float32 run
        np.testing.assert_allclose(losses(step, x, y), rank0[0], rtol=1e-4)
        m = {p.name: p for p in step.optimizer.moments}["moments.w_1"]
        assert m._value.sharding.spec == jax.sharding.PartitionSpec("dp")
        coll = P.collectives(P.compiled_text(step, x, y))
        assert coll["all-reduce"] >= 1 and coll["all-gather"] >= 1, coll
    finally:
        ms.set_context(device_target="CPU")


def test_cell_compile_then_call_compiles_once():
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8)
    x, y = data()
    step, _ = make_step(MEGATRON)
    step.compile(x, y)
    losses(step, x, y, 2)
    assert [c.traces for c in step._compiled.values()] == [1]


class _TwoMatMuls(nn.Cell):
    def __init__(self):
        super().__init__()
        rng = np.random.RandomState(4)
        self.w1 = ms.Parameter(Tensor(rng.randn(32, 32).astype(np.float32)), name="w1")
        self.w2 = ms.Parameter(Tensor(rng.randn(32, 64).astype(np.float32)), name="w2")
        self.m1, self.m2 = ops.MatMul(), ops.MatMul()

    def construct(self, x):
        return self.m2(ops.tanh(self.m1(x, self.w1)), self.w2)


@pytest.mark.parametrize("search_mode,expected", [
    ("recursive_programming", [((1, 1), (1, 8)), ((1, 1), (1, 8))]),     # greedy: column, column
    ("dynamic_programming", [((1, 8), (8, 1)), ((1, 1), (1, 8))])])      # global optimum: row, column
def test_auto_search_modes(search_mode, expected):
    from mscompat.parallel._auto import plan_cost
    x = Tensor(np.random.RandomState(5).randn(8, 32).astype(np.float32))
    net = _TwoMatMuls()
    ref = net(x).asnumpy()
    ms.set_auto_parallel_context(parallel_mode="auto_parallel", device_num=8, search_mode=search_mode)
    net = _TwoMatMuls()
    np.testing.assert_allclose(net(x).asnumpy(), ref, rtol=1e-5, atol=1e-4)
    assert [c[3] for c in P.auto_strategies()] == expected
    records = [(8, 32, 32, None), (8, 32, 64, ("out", 0))]
    greedy, best = plan_cost(records, ["col", "col"], 8, "dp"), plan_cost(records, ["row", "col"], 8, "dp")
    assert best < greedy


def test_functional_data_parallel_with_grad_reducer(rank0):
    """MindSpore 2.x's functional training step: value_and_grad + DistributedGradReducer in an
    ms.jit function, in DATA_PARALLEL."""
    from mscompat.communication import init, get_group_size
    init()
    ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True)
    x, y = data()
    ms.set_seed(0)
    from _parallel_models import Block
    net = Block()
    loss_fn = nn.MSELoss()
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    grad_fn = ms.value_and_grad(lambda a, b: loss_fn(net(a), b), None, opt.parameters)
    reducer = nn.DistributedGradReducer(opt.parameters, True, get_group_size())

    @ms.jit
    def train_step(a, b):
        loss, grads = grad_fn(a, b)
        opt(reducer(grads))
        return loss

    _close([float(train_step(x, y).asnumpy()) for _ in range(3)], rank0[0])
    _same_weights(net, rank0[1])
