"""MindSpore internals that mindformers 2.0.0 uses, against real MindSpore 2.10: the Primitive
classes of mint's kernels at ``ops.auto_generate`` (those MindSpore's CPU build has kernels for),
the cost-model context, ``_DistributedTensorInfo``, parameter redundancy, ``cell_attr_register``,
``TensorToScalar`` and the read-only auto-parallel keys."""
import importlib

from parity_tests.harness import case, F32, I64


def _ag(ms):
    return importlib.import_module(f"{ms.__name__}.ops.auto_generate")


def _cost_model(ms):
    c = importlib.import_module(f"{ms.__name__}.parallel._cost_model_context")
    c.reset_cost_model_context()
    try:
        before = [c.get_cost_model_context(k) for k in ("device_memory_capacity", "costmodel_alpha", "costmodel_beta",
                                                         "costmodel_gamma", "costmodel_communi_threshold",
                                                         "run_phase", "costmodel_allreduce_fusion_tail_percent")]
        c._set_multi_subgraphs()
        c._set_rp_matmul_mem_coef(3)
        c.set_cost_model_context(costmodel_alpha=2.0, run_phase=1)
        after = [c._get_multi_subgraphs(), c._get_rp_matmul_mem_coef(), c.get_cost_model_context("costmodel_alpha"),
                 c.get_cost_model_context("run_phase")]
        c.reset_cost_model_context()
        return before, after, c._get_multi_subgraphs(), c._get_rp_matmul_mem_coef(), c._get_algo_single_loop()
    finally:
        c.reset_cost_model_context()


def _cost_model_bad(ms, **kw):
    c = importlib.import_module(f"{ms.__name__}.parallel._cost_model_context")
    try:
        c.set_cost_model_context(**kw)
    finally:
        c.reset_cost_model_context()


def _tensor_info(ms, names):
    shard = importlib.import_module(f"{ms.__name__}.parallel.shard")
    layout = shard.Layout((2, 2, 2), ("dp", "mp", "sp"))
    return shard._DistributedTensorInfo(layout(*names)).sharding_strategy


def _redundancy(ms, keep):
    u = importlib.import_module(f"{ms.__name__}.train._utils")
    layouts = {"a": [[2, 4], [0, -1], [4, 2], 0, True, "", [], []], "b": [[2, 4], [-1, -1], [], 0, True, "", [], []],
               "c": [[2, 4], [1, 0], [], 0, True, "", [], []], "d": [[2, 2, 2], [2, 0], [], 0, True, "", [], []]}
    red = u.get_parameter_redundancy(layouts, initial_rank=8)
    return red, {k: sorted(v) for k, v in sorted(u.remove_param_redundancy(red, keep).items())}


def _cell_attrs(ms):
    from_extends = importlib.import_module(f"{ms.__name__}._extends").cell_attr_register

    class Block(ms.nn.Cell):
        @from_extends
        def __init__(self, width, depth=2, *, act="relu"):
            super().__init__()
            self.width = width

    class Named(ms.nn.Cell):
        @from_extends(attrs=["width", "missing"])
        def __init__(self, width):
            super().__init__()
            self.width = width

    return Block(3).cell_init_args, Block(3, depth=4, act="gelu").cell_init_args, Named(5).cell_init_args


def _tensor_to_scalar(ms, x):
    ops = importlib.import_module(f"{ms.__name__}.ops.operations._sequence_ops")
    t = ops.TensorToScalar()
    return t(x[0, 0]), t(x[0, :1]), t(x), t(3)


def _read_only_keys(ms):
    ms.reset_auto_parallel_context()
    keys = ("pipeline_scheduler", "pipeline_interleave", "optimizer_weight_shard_size",
            "optimizer_weight_shard_aggregated_save", "communi_parallel_mode", "init_param_in_compile",
            "auto_parallel_new_interface", "full_batch_is_set")
    before = [ms.get_auto_parallel_context(k) for k in keys]
    ms.set_auto_parallel_context(full_batch=True)
    after = ms.get_auto_parallel_context("full_batch_is_set")
    ms.reset_auto_parallel_context()
    return before, after


CASES = [
    case("mf_internals/AddExt", lambda ms, x, y: _ag(ms).AddExt()(x, y, 2.5), F32(3, 4), F32(3, 4)),
    case("mf_internals/AddExt_int", lambda ms, x, y: _ag(ms).AddExt()(x, y, 2), I64(5), I64(5)),
    case("mf_internals/SubExt", lambda ms, x, y: _ag(ms).SubExt()(x, y, 2), F32(3, 4), F32(4)),
    case("mf_internals/SumExt", lambda ms, x: _ag(ms).SumExt()(x, 1, True, None), F32(3, 4)),
    case("mf_internals/SumExt_all_int", lambda ms, x: _ag(ms).SumExt()(x, None, False, None), I64(3, 4)),
    case("mf_internals/SumExt_dtype", lambda ms, x: _ag(ms).SumExt()(x, (0,), False, ms.float64), F32(3, 4)),
    case("mf_internals/MeanExt", lambda ms, x: _ag(ms).MeanExt()(x, (0,), False, None), F32(3, 4)),
    case("mf_internals/Chunk", lambda ms, x: _ag(ms).Chunk()(x, 2, 1), F32(3, 5)),
    case("mf_internals/SplitWithSize", lambda ms, x: _ag(ms).SplitWithSize()(x, (3, 1), 1), F32(3, 4)),
    case("mf_internals/SiLU", lambda ms, x: _ag(ms).SiLU()(x), F32(3, 4)),
    case("mf_internals/Muls", lambda ms, x: _ag(ms).Muls()(x, 3.0), F32(3, 4)),
    case("mf_internals/Scatter", lambda ms, x, u: _ag(ms).Scatter()(x, 1, ms.Tensor([[1, 0], [2, 3], [0, 3]]), u,
                                                                   "none"), F32(3, 4), F32(3, 2)),
    case("mf_internals/Scatter_bad_reduce", lambda ms, x, u: _ag(ms).Scatter()(x, 1, ms.Tensor([[1, 0], [2, 3]]), u,
                                                                              "mul"), F32(2, 4), F32(2, 2), error=True),
    case("mf_internals/BatchMatMulExt", lambda ms, x, y: _ag(ms).BatchMatMulExt()(x, y), F32(2, 3, 4), F32(2, 4, 5)),
    case("mf_internals/cost_model", _cost_model),
    case("mf_internals/cost_model_int_alpha", lambda ms: _cost_model_bad(ms, costmodel_alpha=1), error=True),
    case("mf_internals/cost_model_bad_key", lambda ms: _cost_model_bad(ms, foo=1.0), error=True),
    case("mf_internals/cost_model_run_phase", lambda ms: _cost_model_bad(ms, run_phase=2), error=True),
    case("mf_internals/cost_model_alpha_zero", lambda ms: _cost_model_bad(ms, costmodel_alpha=0.0), error=True),
    case("mf_internals/cost_model_gamma_range", lambda ms: _cost_model_bad(ms, costmodel_gamma=1.5), error=True),
    case("mf_internals/tensor_info_multi_axis", lambda ms: _tensor_info(ms, (("dp", "sp"), "None"))),
    case("mf_internals/tensor_info", lambda ms: _tensor_info(ms, ("mp", "dp", "None"))),
    case("mf_internals/tensor_info_not_layout",
         lambda ms: importlib.import_module(f"{ms.__name__}.parallel.shard")._DistributedTensorInfo((2, 2)),
         error=True),
    case("mf_internals/param_redundancy", lambda ms: _redundancy(ms, 1)),
    case("mf_internals/param_redundancy_keep2", lambda ms: _redundancy(ms, 2)),
    case("mf_internals/cell_attr_register", _cell_attrs),
    case("mf_internals/TensorToScalar", _tensor_to_scalar, F32(2, 3)),
    case("mf_internals/read_only_parallel_keys", _read_only_keys),
]
