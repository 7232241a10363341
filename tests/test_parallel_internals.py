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


def test_batch_matmul_broadcasts_on_the_ascend_target_only():
    x = ms.Tensor(np.ones((2, 3, 4, 4), np.float32))
    y = ms.Tensor(np.eye(4, dtype=np.float32))
    with pytest.raises(ValueError):
        ms.ops.BatchMatMul()(x, y)
    with ms.DeviceCtx("Ascend"):
        assert ms.ops.BatchMatMul()(x, y).shape == (2, 3, 4, 4)
        with pytest.raises(ValueError):
            ms.ops.BatchMatMul()(x, ms.Tensor(np.ones((5, 4, 4), np.float32)))


def test_late_primitives_at_internal_paths():
    from mscompat.ops.operations import _inner_ops
    from mscompat.mint._kernels import __name__ as _  # noqa: F401  (registers them)
    assert _inner_ops.SiLU is ag.SiLU
    with pytest.raises(AttributeError):
        _inner_ops.NoSuchPrimitive


def test_swap_cache_copies_blocks():
    from mscompat._c_expression import swap_cache
    host = ms.Tensor(np.zeros((4, 2), np.float32))
    device = ms.Parameter(ms.Tensor(np.arange(8).reshape(4, 2).astype(np.float32)), name="kv")
    swap_cache(host, device, ms.Tensor(np.array([[1, 0], [3, 2]], np.int32)), True)
    assert host.asnumpy().tolist() == [[2, 3], [0, 0], [6, 7], [0, 0]]
    swap_cache(host, device, ms.Tensor(np.array([[2, 3]], np.int32)), False)
    assert device.asnumpy()[3].tolist() == [6, 7]


def test_virtual_dataset_cell_keeps_names():
    from mscompat.nn.wrap.cell_wrapper import _VirtualDatasetCell
    net = _VirtualDatasetCell(nn.Dense(3, 2))
    assert net(ms.Tensor(np.ones((2, 3), np.float32))).shape == (2, 2)
    assert [p.name for p in net.get_parameters()] == ["weight", "bias"]


def test_parameter_redundancy():
    from mscompat.train._utils import get_parameter_redundancy, remove_param_redundancy
    layouts = {"a": [[2, 4], [0, -1]], "b": [[2, 4], [-1, -1]], "c": [[2, 4], [1, 0]]}
    red = get_parameter_redundancy(layouts, initial_rank=0)
    # real MindSpore 2.10's values
    assert red == {"a": ((0, 4), (1, 5), (2, 6), (3, 7)), "b": ((0, 1, 2, 3, 4, 5, 6, 7),),
                   "c": ((0,), (4,), (1,), (5,), (2,), (6,), (3,), (7,))}
    assert remove_param_redundancy(red) == {0: {"a", "b", "c"}, 1: {"a", "c"}, 2: {"a", "c"}, 3: {"a", "c"},
                                            4: {"c"}, 5: {"c"}, 6: {"c"}, 7: {"c"}}
    assert remove_param_redundancy(red, 2)[1] == {"a", "b", "c"}


def test_ckpt_path_with_strategy(tmp_path, monkeypatch):
    from mscompat.train import serialization
    from mscompat.train.node_strategy_pb2 import ParallelStrategyMap
    m = ParallelStrategyMap(current_stage=0)
    item = m.parallel_layout_item.add(param_name="w")
    item.parallel_layouts.dev_matrix.add().dim.extend([2, 2])
    item.parallel_layouts.tensor_map.add().dim.extend([0, -1])      # split over the last axis: ranks 0,2 agree
    item.parallel_layouts.field = item.parallel_layouts.opt_weight_shard_step = 0
    item.parallel_layouts.opt_weight_shard_size = 0
    strategy_file = tmp_path / "strategy.ckpt"
    strategy_file.write_bytes(m.SerializeToString())
    (tmp_path / "rank_0").mkdir()
    (tmp_path / "rank_0" / "net.ckpt").write_bytes(b"")
    monkeypatch.setattr(serialization, "get_rank", lambda: 2)
    monkeypatch.setattr("mscompat.train._utils.get_rank", lambda: 2)
    wanted = str(tmp_path / "rank_2" / "net.ckpt")
    assert serialization.get_ckpt_path_with_strategy(wanted, str(strategy_file)) == str(tmp_path / "rank_0" / "net.ckpt")
    monkeypatch.setattr(serialization, "get_rank", lambda: 1)
    monkeypatch.setattr("mscompat.train._utils.get_rank", lambda: 1)
    assert serialization.get_ckpt_path_with_strategy(str(tmp_path / "rank_1" / "net.ckpt"), str(strategy_file)) is None


def test_mindio_settings_without_mindio():
    from mscompat.common import file_system
    file_system.set_mindio_server_info(7)
    assert file_system.mindio_server_info["memfs.data_block_pool_capacity_in_gb"] == "7"
    file_system.set_mindio_server_info()
    with pytest.raises(ValueError):
        file_system.set_mindio_server_info(0)
    with pytest.raises(TypeError):
        file_system.set_mindio_server_info(1.5)
    assert file_system.mindio_preload("x.ckpt") is False
    with pytest.raises(TypeError):
        file_system.mindio_preload(3)


def test_squared_device_local_norm_param():
    from mscompat.ops._grad_experimental import grad_comm_ops
    ms.reset_auto_parallel_context()
    if not grad_comm_ops._PARAM:
        with pytest.raises(ValueError):
            grad_comm_ops.get_squared_device_local_norm_param()
    ms.set_auto_parallel_context(dump_device_local_norm=True)
    try:
        p = grad_comm_ops.get_squared_device_local_norm_param()
        assert p is grad_comm_ops.get_squared_device_local_norm_param()
        assert p.name == "_squared_device_local_norm" and p.dtype == ms.float32 and not p.requires_grad
    finally:
        ms.reset_auto_parallel_context()


def test_dataset_kinds_and_paths():
    import mscompat.alias
    from mscompat import dataset as ds
    g = ds.GeneratorDataset([(np.array(1),)], ["a"])
    assert isinstance(g, ds.SourceDataset) and isinstance(g, ds.VisionBaseDataset)
    assert not isinstance(g.batch(1), ds.SourceDataset)
    assert issubclass(ds.MnistDataset, ds.VisionBaseDataset) and not issubclass(ds.TextFileDataset, ds.VisionBaseDataset)
    assert ds.samplers.RandomSampler is ds.RandomSampler
    from mscompat.dataset.engine.datasets import BatchDataset, RepeatDataset
    assert RepeatDataset is ds.RepeatDataset and BatchDataset.__name__ == "BatchDataset"
    from mscompat.dataset.vision.transforms import Resize
    from mscompat.dataset.vision.utils import Inter
    from mscompat.dataset.transforms.transforms import TypeCast
    assert Resize is ds.vision.Resize and Inter is ds.vision.Inter and TypeCast is ds.transforms.TypeCast
    assert mscompat.alias is not None


def test_checkpoint_helpers_and_graph_api():
    from mscompat.train.callback._callback import set_cur_net, checkpoint_cb_for_save_op
    from mscompat.train.callback._checkpoint import CheckpointManager
    from mscompat.graph import api as graph_api
    from mscompat.common import api as common_api
    from mscompat.ops.primitive import _primexpr
    net = nn.Dense(2, 2)
    assert checkpoint_cb_for_save_op([]) is False
    set_cur_net(net)
    items = [{"name": p.name, "data": ms.Tensor(np.ones(p.shape, np.float32))} for p in net.get_parameters()]
    assert checkpoint_cb_for_save_op(items) is True and net.weight.asnumpy().sum() == 4.0
    assert CheckpointManager("ckpt").ckpoint_filelist == []
    assert graph_api._no_grad is common_api._no_grad and graph_api.jit is ms.jit
    assert _primexpr(lambda a, b: a + b)(1, 2) == 3
    key, _ = common_api._cell_graph_executor.compile(net, ms.Tensor(np.ones((3, 2), np.float32)))
    flops = common_api.flops_collection(key)
    assert flops[0] >= 2 * 3 * 2 * 2 and flops[-1] is False
    with pytest.raises(RuntimeError):
        common_api.flops_collection("no-such-phase")


def test_more_internal_paths():
    from mscompat.profiler.common.constant import ProfilerLevel
    from mscompat._c_expression import is_reboot_node
    assert ProfilerLevel is ms.profiler.ProfilerLevel and is_reboot_node() is False
    q = ag.QuantBatchMatmul()
    assert (q.transpose_x1, q.transpose_x2, q.dtype) == (False, False, ms.float16)
    out = ag.BatchMatMulExt()(ms.Tensor(np.ones((2, 3, 4), np.float32)), ms.Tensor(np.ones((2, 4, 5), np.float32)))
    assert out.shape == (2, 3, 5) and float(out.asnumpy()[0, 0, 0]) == 4.0
    for prim in (ag.DynamicQuantExt(), ag.GroupedMatmulV4()):
        with pytest.raises(RuntimeError):
            prim(ms.Tensor([1.0]))


def test_strategy_metadata_of_a_compiled_parallel_network():
    net = nn.Dense(4, 2)
    net.compile_phase = "train"
    net.parameter_layout_dict = {"weight": [[2, 2], [1, -1], [1, 2]], "bias": [[2, 2], [-1], [2]]}
    strategy.enable_save_strategy_online()
    try:
        meta = strategy.get_strategy_metadata(net)
        assert sorted(meta) == [0, 1, 2, 3]
        layout, dtype, shape = meta[0]["weight"]
        assert layout.to_dict()["tensor_map"] == (1, -1) and layout.to_dict()["device_matrix"] == (2, 2)
        assert dtype == str(ms.float32) and shape == "(2, 4)"
        assert list(strategy.get_strategy_metadata(net, rank_id=3)) == [3]
        assert list(strategy.get_current_strategy_metadata(net)) == [0]
        strategy.clear_strategy_metadata()
        assert strategy.get_strategy_metadata(net) is None
    finally:
        strategy.enable_save_strategy_online()
        strategy._SAVE["online"] = False
