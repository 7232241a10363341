"""MindSpore internals that model packages (mindformers 2.0.0) import: the cost-model context,
``parallel.shard._DistributedTensorInfo``, ``parallel.strategy``, the get-only auto-parallel keys,
the strategy protobuf schema, ``DeviceCtx``, ``cell_attr_register`` and the Primitive classes of
mint's kernels (``ops.auto_generate.AddExt``, ...). Expected values are real MindSpore 2.10's."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import nn
from mscompat.parallel import _cost_model_context as cmc
from mscompat.parallel.shard import _DistributedTensorInfo, Layout
from mscompat.parallel import strategy
from mscompat.ops import auto_generate as ag


@pytest.fixture
def fresh_cost_model():
    cmc.reset_cost_model_context()
    yield
    cmc.reset_cost_model_context()


def test_cost_model_defaults_set_reset(fresh_cost_model):
    assert cmc.get_cost_model_context("costmodel_beta") == 400.0
    assert cmc.get_cost_model_context("costmodel_gamma") == pytest.approx(0.0010000000474974513, abs=0)
    assert cmc._get_multi_subgraphs() is False and cmc._get_algo_single_loop() is False
    assert cmc._get_rp_matmul_mem_coef() == pytest.approx(0.10000000149011612, abs=0)
    cmc._set_multi_subgraphs()
    cmc._set_rp_matmul_mem_coef(3)
    cmc.set_cost_model_context(costmodel_alpha=2.0, run_phase=1)
    assert cmc._get_multi_subgraphs() is True and cmc._get_rp_matmul_mem_coef() == 3.0
    assert cmc.get_cost_model_context("costmodel_alpha") == 2.0 and cmc.get_cost_model_context("run_phase") == 1
    cmc.reset_cost_model_context()
    assert cmc.get_cost_model_context("costmodel_alpha") == 1.0 and cmc._get_multi_subgraphs() is False
    assert cmc.cost_model_context() is cmc._CostModelContext()


@pytest.mark.parametrize("call, exc", [
    (lambda: cmc.set_cost_model_context(costmodel_alpha=1), TypeError),        # int for a float
    (lambda: cmc.set_cost_model_context(foo=1.0), ValueError),
    (lambda: cmc.get_cost_model_context("x"), ValueError),
    (lambda: cmc.set_cost_model_context(run_phase=2), ValueError),
    (lambda: cmc.set_cost_model_context(costmodel_alpha=-1.0), RuntimeError),
    (lambda: cmc.set_cost_model_context(costmodel_gamma=1.5), RuntimeError),
    (lambda: cmc.set_cost_model_context(costmodel_communi_bias=-1.0), RuntimeError),
    (lambda: cmc._set_rp_matmul_mem_coef(0), RuntimeError),
    (lambda: cmc._set_rp_matmul_mem_coef("a"), TypeError),
    (lambda: cmc._set_algo_single_loop(1), TypeError),
])
def test_cost_model_errors(fresh_cost_model, call, exc):
    with pytest.raises(exc):
        call()


def test_distributed_tensor_info():
    layout = Layout((2, 2, 2), ("dp", "mp", "sp"))
    info = _DistributedTensorInfo(layout(("dp", "sp"), "None"))
    assert info.sharding_strategy == [4, 1] and info.layout is info.distributed_info
    assert _DistributedTensorInfo(layout("mp", "dp")).sharding_strategy == [2, 2]
    with pytest.raises(TypeError):
        _DistributedTensorInfo((2, 2))


def test_strategy_metadata_of_a_stand_alone_network():
    net = nn.Dense(2, 2)
    strategy.enable_save_strategy_online()
    net(ms.Tensor([[1.0, 2.0]]))
    assert strategy.get_strategy_metadata(net) is None and strategy.get_current_strategy_metadata(net) is None
    strategy.clear_strategy_metadata()
    with pytest.raises(AttributeError):
        strategy.get_strategy_metadata("net")


def test_read_only_auto_parallel_keys():
    ms.reset_auto_parallel_context()
    assert ms.get_auto_parallel_context("pipeline_scheduler") == "1f1b"
    assert ms.get_auto_parallel_context("optimizer_weight_shard_size") == -1
    assert ms.get_auto_parallel_context("communi_parallel_mode") == "all_group_parallel"
    assert ms.get_auto_parallel_context("full_batch_is_set") is False
    ms.set_auto_parallel_context(full_batch=True)
    assert ms.get_auto_parallel_context("full_batch_is_set") is True
    ms.reset_auto_parallel_context()
    assert ms.get_auto_parallel_context("full_batch_is_set") is False


def test_node_strategy_schema_round_trip():
    from mscompat.train.node_strategy_pb2 import ParallelStrategyMap
    m = ParallelStrategyMap(current_stage=0)
    item = m.parallel_layout_item.add(param_name="w")
    item.parallel_layouts.dev_matrix.add().dim.extend([2, 2])
    item.parallel_layouts.tensor_map.add().dim.extend([1, -1])
    item.parallel_layouts.field = item.parallel_layouts.opt_weight_shard_step = 0
    item.parallel_layouts.opt_weight_shard_size = 0
    back = ParallelStrategyMap.FromString(m.SerializeToString())
    assert list(back.parallel_layout_item[0].parallel_layouts.tensor_map[0].dim) == [1, -1]
    assert ParallelStrategyMap.DESCRIPTOR.full_name == "mindspore.straspb.ParallelStrategyMap"


def test_device_ctx_restores_the_device():
    before = ms.get_current_device()
    with ms.DeviceCtx("CPU") as ctx:
        assert ms.get_current_device() == ("CPU", 0) and ctx.device_id == 0
    assert ms.get_current_device() == before
    with pytest.raises(ValueError):
        with ms.DeviceCtx("XPU"):
            pass


def test_cell_attr_register():
    from mscompat._extends import cell_attr_register

    class Block(nn.Cell):
        @cell_attr_register
        def __init__(self, width, depth=2):
            super().__init__()
            self.width = width

    class Named(nn.Cell):
        @cell_attr_register(attrs=["width"])
        def __init__(self, width):
            super().__init__()
            self.width = width

    assert Block(3).cell_init_args == "Blockdict_values([3])"
    assert Named(5).cell_init_args == "Named[5]"


def test_mint_kernel_primitives():
    x = ms.Tensor(np.arange(8).reshape(2, 4).astype(np.float32))
    idx = ms.Tensor(np.array([[1, 0], [2, 3]], np.int64))
    np.testing.assert_allclose(ag.AddExt()(x, x, 2).asnumpy(), 3 * x.asnumpy())
    np.testing.assert_allclose(ag.SubExt()(x, x, 2).asnumpy(), -x.asnumpy())
    np.testing.assert_allclose(ag.Scatter()(x, 1, idx, x[:, :2], "add").asnumpy(),
                               [[1, 1, 2, 3], [4, 5, 10, 12]])
    np.testing.assert_allclose(ag.Scatter()(x, 1, idx, x[:, :2], "none").asnumpy(), [[1, 0, 2, 3], [4, 5, 4, 5]])
    with pytest.raises(ValueError):
        ag.Scatter()(x, 1, idx, x[:, :2], "mul")
    a, b = x.asnumpy()[:, :2], x.asnumpy()[:, 2:]
    np.testing.assert_allclose(ag.Swiglu()(x).asnumpy(), a / (1 + np.exp(-a)) * b, rtol=1e-6)
    assert [t.shape for t in ag.SplitWithSize()(x, (1, 3), 1)] == [(2, 1), (2, 3)]
    assert ag.StackExt(1)((x, x)).shape == (2, 2, 4)
    assert ag.SumExt()(x, None, False, ms.float64).dtype == ms.float64
    assert ag.OneHotExt()(ms.Tensor(np.array([0, 2], np.int64)), 3, ms.Tensor(1.0), ms.Tensor(0.0)).asnumpy().tolist() \
        == [[1, 0, 0], [0, 0, 1]]
    values, indices = ag.SortExt()(x, -1, True, False)
    assert indices.dtype == ms.int64 and values.asnumpy()[0].tolist() == [3, 2, 1, 0]


def test_ascend_only_fused_kernels_and_tensor_to_scalar():
    from mscompat.ops.operations._sequence_ops import TensorToScalar
    g = ag.GroupedMatmul(0, -1)
    assert (g.split_item, g.group_type, g.transpose_b) == (0, -1, False)
    with pytest.raises(RuntimeError):
        ag.MoeFinalizeRouting()(ms.Tensor([1.0]), ms.Tensor([1.0]))
    t = TensorToScalar()
    assert t(ms.Tensor(3, ms.int32)) == 3 and t(ms.Tensor([2.5])) == 2.5
    assert t(ms.Tensor([1, 2])) is None and t(3) is None


def test_group_map():
    from mscompat.communication import _comm_helper
    assert _comm_helper._get_group_map() == {} or _comm_helper.GlobalComm.INITED
    _comm_helper._remove_group_info("no_such_group")     # unknown names are ignored


def test_custom_autograd_function():
    from mscompat.common._grad_function import _Function

    class Scaled(_Function):
        @staticmethod
        def forward(ctx, x, k):
            ctx.save_for_backward(x)
            ctx.k = k
            return x * x * k

        @staticmethod
        def backward(ctx, dout):
            (x,) = ctx.saved_tensors
            return dout * 100.0 * x, None

    class WithSetup(_Function):
        @staticmethod
        def forward(x):
            return x * 2

        @staticmethod
        def setup_context(ctx, inputs, output):
            ctx.save_for_backward(*inputs)

        @staticmethod
        def backward(ctx, dout):
            return dout * ctx.saved_tensors[0]

    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    np.testing.assert_allclose(Scaled.apply(x, 3.0).asnumpy(), [3, 12])
    np.testing.assert_allclose(ms.grad(lambda v: Scaled.apply(v, 3.0).sum())(x).asnumpy(), [100, 200])
    np.testing.assert_allclose(ms.grad(lambda v: WithSetup.apply(v).sum())(x).asnumpy(), [1, 2])
