"""MindSpore's internal import paths that model code uses (``ops.function.<family>_func``,
``ops.operations.<family>_ops``, ``_checkparam``, ``parallel._utils``, ``common._utils``,
``common.parameter._Buffer``, ``common.generator``, ``version``, ``nn.grad``), plus the top-level
names ``lazy_inline``, ``run_check``, ``Tensor.from_numpy`` and ``nn.no_init_parameters``.
Each case imports the path under the package being tested (``mindspore`` or ``mscompat``)."""
import contextlib
import importlib
import io

import numpy as np

from parity_tests.harness import case, F32, I32


def _mod(ms, path):
    return importlib.import_module(f"{ms.__name__}.{path}")


def _same(path, name, target=None):
    """``<path>.<name>`` is the object ``ms.ops.<target or name>``."""
    return case(f"paths/{path}.{name}/is_ops_{target or name}",
                lambda ms: getattr(_mod(ms, path), name) is getattr(ms.ops, target or name))


def _stdout(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        fn()
    return buf.getvalue()


_FUNC_SAME = [
    ("ops.function.array_func", "concat"), ("ops.function.array_func", "gather"),
    ("ops.function.array_func", "reshape"), ("ops.function.array_func", "transpose"),
    ("ops.function.math_func", "matmul"), ("ops.function.math_func", "cumsum"), ("ops.function.math_func", "norm"),
    ("ops.function.nn_func", "relu"), ("ops.function.nn_func", "softmax"), ("ops.function.nn_func", "dropout"),
    ("ops.function.nn_func", "interpolate"), ("ops.function.random_func", "uniform"),
    ("ops.function.random_func", "randperm"), ("ops.function.linalg_func", "cond"),
    ("ops.function.clip_func", "clip_by_global_norm"), ("ops.function.clip_func", "clip_by_value"),
    ("ops.function.sparse_unary_func", "csr_abs"), ("ops.function.spectral_func", "blackman_window"),
    ("ops.function.fft_func", "fft"), ("ops.function.debug_func", "print_"),
    ("ops.function.parameter_func", "assign"),
    ("ops.function.vmap_func", "vmap"), ("ops.function.grad.grad_func", "jvp"),
    ("ops.function.grad.grad_func", "vjp"), ("ops.function.grad.grad_func", "value_and_grad"),
    ("ops.function", "concat"), ("ops.function", "grad"), ("ops.functional", "jvp"), ("ops.functional", "vjp"),
    ("ops.functional", "grad"),
]
_OPS_SAME = [
    ("ops.operations.array_ops", "Concat"), ("ops.operations.array_ops", "Gather"),
    ("ops.operations.array_ops", "Transpose"), ("ops.operations.math_ops", "MatMul"),
    ("ops.operations.math_ops", "ReduceSum"), ("ops.operations.math_ops", "Cos"),
    ("ops.operations.nn_ops", "Conv2D"), ("ops.operations.nn_ops", "Softmax"), ("ops.operations.nn_ops", "ReLU"),
    ("ops.operations.comm_ops", "AllReduce"), ("ops.operations.comm_ops", "ReduceOp"),
    ("ops.operations.random_ops", "StandardNormal"), ("ops.operations.image_ops", "ResizeBilinearV2"),
    ("ops.operations.other_ops", "Depend"), ("ops.operations.debug_ops", "Print"),
    ("ops.operations.linalg_ops", "Geqrf"), ("ops.operations.control_ops", "Switch"),
    ("ops.operations.spectral_ops", "BartlettWindow"), ("ops.operations.inner_ops", "ScalarCast"),
]


def _call(path, name, *args, **kw):
    return lambda ms, *xs: getattr(_mod(ms, path), name)(*xs, *args, **kw)


def _prim(path, name, *init):
    return lambda ms, *xs: getattr(_mod(ms, path), name)(*init)(*xs)


def _mha(ms, q, w, b, ow, ob):
    fwd = _mod(ms, "ops.function.nn_func").multi_head_attention_forward
    out, attn = fwd(q, q, q, 8, 2, w, b, None, None, False, 0.0, ow, ob, training=False)
    return out, attn


def _mha_masked(ms, q, w, b, ow, ob):
    fwd = _mod(ms, "ops.function.nn_func").multi_head_attention_forward
    kpm = ms.Tensor(np.array([[False, False, True], [False, True, True]]))
    return fwd(q, q, q, 8, 2, w, b, None, None, True, 0.0, ow, ob, training=False, key_padding_mask=kpm,
               average_attn_weights=False)


def _mha_causal(ms, q, w, b, ow, ob):
    fwd = _mod(ms, "ops.function.nn_func").multi_head_attention_forward
    return fwd(q, q, q, 8, 2, w, b, None, None, False, 0.0, ow, ob, training=False, is_causal=True)


def _mha_bad_embed(ms, q, w, b, ow, ob):
    fwd = _mod(ms, "ops.function.nn_func").multi_head_attention_forward
    return fwd(q, q, q, 6, 2, w, b, None, None, False, 0.0, ow, ob, training=False)


def _mha_bad_rank(ms, q, w, b, ow, ob):
    fwd = _mod(ms, "ops.function.nn_func").multi_head_attention_forward
    return fwd(q[0, 0], q, q, 8, 2, w, b, None, None, False, 0.0, ow, ob, training=False)


def _mha_bias_kv_half(ms, q, w, b, ow, ob):
    fwd = _mod(ms, "ops.function.nn_func").multi_head_attention_forward
    bk = ms.Tensor(np.ones((1, 1, 8), np.float32))
    return fwd(q, q, q, 8, 2, w, b, bk, None, False, 0.0, ow, ob, training=False)


_MHA_IN = (F32(3, 2, 8), F32(24, 8, low=-0.5, high=0.5), F32(24, low=-0.1, high=0.1), F32(8, 8, low=-0.5, high=0.5),
           F32(8))


# --- nn.grad: Jvp / Vjp -----------------------------------------------------------------------
def _cube_net(ms):
    class Cube(ms.nn.Cell):
        def construct(self, x, y):
            return x ** 3 + y * x
    return Cube()


def _sq_net(ms):
    class Sq(ms.nn.Cell):
        def construct(self, x):
            return x * x + 1
    return Sq()


def _jvp2(ms, x, y, v):
    return _mod(ms, "nn.grad").Jvp(_cube_net(ms))(x, y, (v, v))


def _jvp1(ms, x, v):
    return _mod(ms, "nn.grad").Jvp(_sq_net(ms))(x, v)


def _vjp2(ms, x, y, v):
    return _mod(ms, "nn.grad").Vjp(_cube_net(ms))(x, y, v)


def _vjp1(ms, x, v):
    return _mod(ms, "nn.grad").Vjp(_sq_net(ms))(x, v)


def _sin_times(a):
    return a.sin() * a


def _fjvp(ms, x, v):
    return _mod(ms, "ops.functional").jvp(_sin_times, x, v)


def _fvjp(ms, x, v):
    out, fn = _mod(ms, "ops.functional").vjp(lambda a: a.exp() * 2, x)
    return out, fn(v)


# --- _checkparam ----------------------------------------------------------------------------
def _cp(name, *args):
    return lambda ms: getattr(_mod(ms, "_checkparam"), name)(*args)


def _cp_rel(name, rel, *args):
    """``_checkparam.<name>(args[0], args[1], <relation constant rel>, *args[2:])``."""
    def fn(ms):
        c = _mod(ms, "_checkparam")
        return getattr(c, name)(args[0], args[1], getattr(c, rel), *args[2:])
    return fn


def _cp_range(name, v, lo, hi, rel, *rest):
    def fn(ms):
        c = _mod(ms, "_checkparam")
        return getattr(c, name)(v, lo, hi, getattr(c, rel), *rest)
    return fn


def _cp_check(arg, value, rel):
    def fn(ms):
        c = _mod(ms, "_checkparam")
        return c.check("x", arg, "bound", value, getattr(c, rel), "Prim")
    return fn


def _cp_dtype_valid(ok):
    def fn(ms):
        c = _mod(ms, "_checkparam")
        t = ms.common.dtype.TensorType(ms.float32 if ok else ms.int32)
        return c.check_tensor_dtype_valid("x", t, [ms.float32, ms.float16], "Prim")
    return fn


def _cp_types_same(a, b):
    def fn(ms):
        c = _mod(ms, "_checkparam")
        tt = ms.common.dtype.TensorType
        d = {"float32": ms.float32, "int32": ms.int32, "float16": ms.float16}
        return c.check_tensors_dtypes_same_and_valid({"x": tt(d[a]), "y": tt(d[b])},
                                                     [ms.float32, ms.float16], "Prim")
    return fn


def _cp_rel_consts(ms):
    c = _mod(ms, "_checkparam")
    return [c.EQ, c.NE, c.LT, c.LE, c.GT, c.GE, c.INC_NEITHER, c.INC_LEFT, c.INC_RIGHT, c.INC_BOTH, c.IN, c.NOT_IN]


CP_OK = [
    ("check_positive_int", (3,)), ("check_positive_int", (5, "k", "Prim")), ("check_non_negative_int", (0,)),
    ("check_negative_int", (-2,)), ("check_non_positive_int", (0,)), ("check_positive_float", (0.5,)),
    ("check_non_negative_float", (0.0, "w")), ("check_negative_float", (-1.5,)),
    ("check_non_positive_float", (-0.0,)), ("check_is_int", (7, "n")), ("check_is_float", (7.5, "f")),
    ("check_bool", (True, "flag")), ("check_string", ("same", ["same", "valid"], "pad_mode", "Conv")),
    ("check_value_type", ("x", 3, [int, float])), ("check_value_type", ("x", 0.1234567891, [int])),
    ("check_value_type", ("x", True, [bool, int])), ("check_value_type", ("x", (1, 2), tuple)),
    ("check_positive_int_sequence", ((1, 2, 3), "dims")), ("check_non_negative_int_sequence", ([0, 1],)),
    ("check_positive_float_sequence", ((0.5, 1.0),)), ("check_isinstance", ("x", 3, int)),
    ("check_element_type_of_iterable", ("x", [1, 2], [int])), ("check_element_type_of_dict",
                                                                ("d", {"a": 1}, [str], [int])),
    ("check_size_and_element_type_of_tuple", ("t", (1, 2), 2, int)), ("check_input_format", ("NCHW",)),
    ("check_pad_value_by_mode", ("pad", 3, "Conv")), ("check_pad_value_by_mode", ("same", 0, "Conv")),
    ("check_valid_input", ("x", 1, "Prim")), ("twice", (3,)), ("twice", ((2, 4),)), ("triple", (1,)),
    ("once", (5,)), ("twice_sequence", ([2, 3],)), ("triple_sequence", (4,)), ("once_sequence", ((7,),)),
]
CP_BAD = [
    ("check_positive_int", (0,)), ("check_positive_int", (-3, "k", "Prim")), ("check_positive_int", (2.0,)),
    ("check_positive_int", (True,)), ("check_positive_int", ("3",)), ("check_non_negative_int", (-1,)),
    ("check_non_negative_int", (1.5, "n")), ("check_negative_int", (0,)), ("check_non_positive_int", (1,)),
    ("check_positive_float", (0.0,)), ("check_positive_float", (1,)), ("check_positive_float", (float("nan"),)),
    ("check_positive_float", (float("inf"), "lr")), ("check_non_negative_float", (-0.5, "w", "Opt")),
    ("check_negative_float", (0.5,)), ("check_non_positive_float", (0.1,)), ("check_is_int", (1.0, "n")),
    ("check_is_int", (True,)), ("check_is_float", (1, "f", "P")), ("check_is_float", (float("inf"),)),
    ("check_bool", (1, "flag")), ("check_bool", ("True",)), ("check_string", ("full", ["same", "valid"], "pad_mode")),
    ("check_string", (1, ["a"])), ("check_value_type", ("x", True, [int])), ("check_value_type", ("x", "s", [int, float])),
    ("check_value_type", ("x", 1.5, int, "Prim")), ("check_positive_int_sequence", ((1, 0), "dims")),
    ("check_positive_int_sequence", ((1, 2.0),)), ("check_non_negative_int_sequence", ([0, -1], "pads", "Pad")),
    ("check_positive_float_sequence", ((0.5, 0.0),)), ("check_isinstance", ("x", "3", int)),
    ("check_element_type_of_iterable", ("x", [1, "a"], [int])), ("check_element_type_of_iterable", ("x", 1, [int])),
    ("check_element_type_of_dict", ("d", {1: 1}, [str], [int])), ("check_element_type_of_dict", ("d", {"a": "b"}, [str], [int])),
    ("check_size_and_element_type_of_tuple", ("t", (1, 2, 3), 2, int)),
    ("check_size_and_element_type_of_tuple", ("t", [1, 2], 2, int)), ("check_input_format", ("NHWC",)),
    ("check_pad_value_by_mode", ("same", 1, "Conv")), ("check_valid_input", ("x", None, "Prim")),
    ("twice", (1.5,)), ("twice", ((1, 2, 3),)), ("twice", ((1, 2.0),)), ("twice", (True,)), ("triple", ([1, 2, 3],)),
    ("twice_sequence", ([2, 3, 4],)), ("twice_sequence", ("ab",)), ("triple_sequence", ([1, 2, True],)),
]


# --- parallel._utils / common._utils / _Buffer / generator / version ---------------------------
def _pu(name, *args):
    return lambda ms: getattr(_mod(ms, "parallel._utils"), name)(*args)


def _buffer(ms, x):
    b = _mod(ms, "common.parameter")._Buffer(x)
    return b, isinstance(b, _mod(ms, "common.parameter")._Buffer), b.persistent, type(b) is ms.Tensor


def _buffer_flag(ms, x):
    B = _mod(ms, "common.parameter")._Buffer
    return isinstance(x, B), isinstance(B(x, persistent=False), B), B(x, persistent=False).persistent


def _buffer_cell(ms, x):
    B = _mod(ms, "common.parameter")._Buffer

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.running = B(x)
            self.scale = ms.Parameter(ms.Tensor(2.0, ms.float32), name="scale")

        def construct(self, a):
            return a * self.scale + self.running
    net = Net()
    return [n for n, _ in net.named_buffers()], [p.name for p in net.get_parameters()], net(x)


def _generator(ms):
    g = _mod(ms, "common.generator")
    gen = g.Generator()
    gen.manual_seed(7)
    return gen.initial_seed(), g.initial_seed is ms.initial_seed if hasattr(ms, "initial_seed") else True


def _gen_state_roundtrip(ms):
    g = _mod(ms, "common.generator")
    gen = g.Generator()
    gen.manual_seed(11)
    state = gen.get_state()
    gen.manual_seed(3)
    gen.set_state(state)
    return state.shape, state.dtype


# --- lazy_inline / run_check / from_numpy / no_init_parameters --------------------------------
def _lazy_net(ms, policy=None, attrs=None):
    class Block(ms.nn.Cell):
        @ms.lazy_inline(policy=policy, attrs=attrs)
        def __init__(self, width, scale=2.0):
            super().__init__()
            self.width = width
            self.scale = scale

        def construct(self, x):
            return x * self.scale
    return Block


def _lazy_args(ms, x):
    b = _lazy_net(ms)(3)
    return b.cell_init_args, b(x)


def _lazy_attrs(ms, x):
    b = _lazy_net(ms, attrs=["width", "scale"])(4, scale=0.5)
    return b.cell_init_args, b(x)


def _lazy_attr_str(ms):
    return _lazy_net(ms, attrs="width")(6).cell_init_args


def _lazy_front(ms):
    return _lazy_net(ms, policy="front")(1).no_inline


def _lazy_plain(ms, x):
    class Block(ms.nn.Cell):
        @ms.lazy_inline
        def __init__(self, k):
            super().__init__()
            self.k = k

        def construct(self, x):
            return x + self.k
    b = Block(k=5)
    return b.cell_init_args, b(x)


def _lazy_bad_policy(ms):
    return _lazy_net(ms, policy="back")(1)


def _lazy_bad_attrs(ms):
    return _lazy_net(ms, attrs=3)(1)


def _lazy_bad_attr_item(ms):
    return _lazy_net(ms, attrs=["width", 3])(1)


def _lazy_on_class(ms):
    class A:
        pass
    return ms.lazy_inline(A)


def _lazy_on_method(ms):
    def build(self):
        return self
    return ms.lazy_inline(build)


def _no_init(ms):
    init = _mod(ms, "common.initializer").initializer

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(init("ones", [2, 3], ms.float32), name="w")

        def construct(self, x):
            return x
    with ms.nn.no_init_parameters():
        net = Net()
        flag_inside = ms.Parameter.init_param
    had_init = net.w.has_init
    net.init_parameters_data()
    return flag_inside, ms.Parameter.init_param, had_init, net.w.value()


def _no_init_utils_path(ms):
    return _mod(ms, "nn.utils").no_init_parameters is ms.nn.no_init_parameters


def _ps_roundtrip(ms):
    ms.set_ps_context(enable_ps=True, worker_num=2, scheduler_port=7000)
    got = [ms.get_ps_context(k) for k in ("enable_ps", "worker_num", "scheduler_port", "server_mode")]
    ms.reset_ps_context()
    after = [ms.get_ps_context(k) for k in ("enable_ps", "worker_num", "server_mode")]
    ms.set_ps_context(worker_num=0, scheduler_port=6667)
    return got, after


# --- parallel.auto_parallel.AutoParallel ----------------------------------------------------------
def _auto_parallel(ms, x):
    AutoParallel = _mod(ms, "parallel.auto_parallel").AutoParallel
    net = ms.nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    a = AutoParallel(net, parallel_mode="sharding_propagation")
    a.dataset_strategy("full_batch")
    a.hsdp(shard_size=-1, threshold=32)
    a.pipeline(stages=1)
    a.enable_gradients_mean()
    out = a(x)
    return (out, a.get_pipeline_stages(), a._full_batch, a._parallel_mode, [n for n, _ in a.parameters_and_names()],
            ms.get_auto_parallel_context("parallel_mode"))


def _ap_call(method, *args, **kw):
    def fn(ms):
        a = _mod(ms, "parallel.auto_parallel").AutoParallel(ms.nn.Dense(2, 2))
        return getattr(a, method)(*args, **kw)
    return fn


_AP_BAD = [
    ("pipeline", (), dict(stages=0)), ("pipeline", (), dict(stages=1.0)), ("pipeline", (), dict(scheduler="x")),
    ("pipeline", (), dict(output_broadcast=1)), ("hsdp", (), dict(shard_size=0)), ("hsdp", (), dict(threshold=-1)),
    ("hsdp", (), dict(optimizer_level="level4")), ("dataset_strategy", ("x",), {}), ("dataset_strategy", ([1],), {}),
    ("dataset_strategy", (((1, 2.0),),), {}), ("dataset_strategy", (None,), {}),
    ("save_operator_strategy_file", ("rel.json",), {}), ("load_operator_strategy_file", ("/abs/x.txt",), {}),
    ("load_param_strategy_file", (3,), {}), ("comm_fusion", ([1],), {}), ("dump_local_norm", (1,), {}),
]


CASES = (
    [_same(p, n) for p, n in _FUNC_SAME]
    + [case(f"paths/{p}.{n}/is_ops_{n}", lambda ms, p=p, n=n: getattr(_mod(ms, p), n) is getattr(ms.ops, n))
       for p, n in _OPS_SAME]
    + [
        case("paths/array_func/concat_call", lambda ms, a, b: _mod(ms, "ops.function.array_func").concat((a, b), 1),
             F32(2, 3), F32(2, 2)),
        case("paths/math_func/matmul_call", _call("ops.function.math_func", "matmul"), F32(2, 3), F32(3, 4)),
        case("paths/nn_func/softmax_call", _call("ops.function.nn_func", "softmax", axis=-1), F32(2, 5)),
        case("paths/nn_func/relu_call", _call("ops.function.nn_func", "relu"), F32(4, 4)),
        case("paths/clip_func/clip_by_value", _call("ops.function.clip_func", "clip_by_value", -0.5, 0.5), F32(3, 3)),
        case("paths/math_func/cumsum_bad_axis", _call("ops.function.math_func", "cumsum", 5), F32(2, 3), error=True),
        case("paths/array_func/reshape_bad", _call("ops.function.array_func", "reshape", (4, 4)), F32(2, 3), error=True),
        case("paths/array_ops/Concat_call", lambda ms, a, b: _mod(ms, "ops.operations.array_ops").Concat(0)((a, b)),
             F32(2, 3), F32(1, 3)),
        case("paths/math_ops/MatMul_call", _prim("ops.operations.math_ops", "MatMul", False, True), F32(2, 3), F32(4, 3)),
        case("paths/nn_ops/Softmax_call", _prim("ops.operations.nn_ops", "Softmax", -1), F32(3, 4)),
        case("paths/math_ops/ReduceSum_keep", _prim("ops.operations.math_ops", "ReduceSum", True), F32(3, 4)),
        case("paths/math_ops/MatMul_bad_attr", _prim("ops.operations.math_ops", "MatMul", 1), F32(2, 2), F32(2, 2),
             error=True),
        case("paths/nn_ops/Softmax_bad_axis_type", _prim("ops.operations.nn_ops", "Softmax", 1.5), F32(3, 4),
             error=True),
        case("paths/mha/basic", _mha, *_MHA_IN, rtol=1e-4, atol=1e-5),
        case("paths/mha/key_padding_zero_attn", _mha_masked, *_MHA_IN, rtol=1e-4, atol=1e-5, slow=True),
        case("paths/mha/is_causal", _mha_causal, *_MHA_IN, rtol=1e-4, atol=1e-5, slow=True),
        case("paths/mha/bad_embed_dim", _mha_bad_embed, *_MHA_IN, error=True),
        case("paths/mha/bad_query_rank", _mha_bad_rank, *_MHA_IN, error=True),
        case("paths/mha/bias_k_without_bias_v", _mha_bias_kv_half, *_MHA_IN, error=True),
        case("paths/nn.grad/Jvp_two_inputs", _jvp2, F32(2, 2), F32(2, 2), F32(2, 2)),
        case("paths/nn.grad/Jvp_one_input", _jvp1, F32(3), F32(3)),
        case("paths/nn.grad/Vjp_two_inputs", _vjp2, F32(2, 2), F32(2, 2), F32(2, 2)),
        case("paths/nn.grad/Vjp_one_input", _vjp1, F32(3), F32(3)),
        case("paths/functional/jvp", _fjvp, F32(4), F32(4)),
        case("paths/functional/vjp", _fvjp, F32(4), F32(4)),
        case("paths/checkparam/relation_constants", _cp_rel_consts),
        case("paths/checkparam/check_int_ge", _cp_rel("check_int", "GE", 3, 3, "n", "Prim")),
        case("paths/checkparam/check_int_lt_bad", _cp_rel("check_int", "LT", 3, 3, "n", "Prim"), error=True),
        case("paths/checkparam/check_int_ne_bad", _cp_rel("check_int", "NE", 2, 2), error=True),
        case("paths/checkparam/check_float_gt", _cp_rel("check_float", "GT", 0.5, 0.0, "lr")),
        case("paths/checkparam/check_float_le_bad", _cp_rel("check_float", "LE", 1.5, 1.0, "p"), error=True),
        case("paths/checkparam/check_equal_int", _cp("check_equal_int", 4, 4, "rank")),
        case("paths/checkparam/check_equal_int_bad", _cp("check_equal_int", 4, 3, "rank", "Prim"), error=True),
        case("paths/checkparam/int_range_both", _cp_range("check_int_range", 3, 0, 3, "INC_BOTH", "k")),
        case("paths/checkparam/int_range_left_bad", _cp_range("check_int_range", 3, 0, 3, "INC_LEFT", "k"), error=True),
        case("paths/checkparam/int_range_neither_bad", _cp_range("check_int_range", 0, 0, 3, "INC_NEITHER"), error=True),
        case("paths/checkparam/int_range_numpy_int", _cp_range("check_int_range", np.int64(2), 0, 3, "INC_RIGHT")),
        case("paths/checkparam/int_range_float_bad", _cp_range("check_int_range", 2.0, 0, 3, "INC_BOTH"), error=True),
        case("paths/checkparam/float_range_right", _cp_range("check_float_range", 1.0, 0.0, 1.0, "INC_RIGHT", "p")),
        case("paths/checkparam/float_range_bad", _cp_range("check_float_range", 1.0, 0.0, 1.0, "INC_LEFT", "p", "D"),
             error=True),
        case("paths/checkparam/number_range_float", lambda ms: _mod(ms, "_checkparam").check_number_range(
            0.5, 0.0, 1.0, _mod(ms, "_checkparam").INC_BOTH, float, "keep_prob")),
        case("paths/checkparam/check_ge", _cp_check(4, 2, "GE")),
        case("paths/checkparam/check_eq_bad", _cp_check(4, 2, "EQ"), error=True),
        case("paths/checkparam/check_in", _cp_check(2, (1, 2, 3), "IN")),
        case("paths/checkparam/check_not_in_bad", _cp_check(2, (1, 2, 3), "NOT_IN"), error=True),
        case("paths/checkparam/check_type_error_cls", lambda ms: _mod(ms, "_checkparam").check(
            "x", 1, "y", 2, _mod(ms, "_checkparam").EQ, "P", TypeError), error=True),
        case("paths/checkparam/check_number_gt", lambda ms: _mod(ms, "_checkparam").check_number(
            "x", 3, 2, _mod(ms, "_checkparam").GT, "Prim")),
        case("paths/checkparam/check_number_bad", lambda ms: _mod(ms, "_checkparam").check_number(
            "x", 1, 2, _mod(ms, "_checkparam").GT, "Prim"), error=True),
        case("paths/checkparam/tensor_dtype_valid", _cp_dtype_valid(True)),
        case("paths/checkparam/tensor_dtype_invalid", _cp_dtype_valid(False), error=True),
        case("paths/checkparam/dtypes_same", _cp_types_same("float32", "float32")),
        case("paths/checkparam/dtypes_differ", _cp_types_same("float32", "float16"), error=True),
        case("paths/checkparam/dtypes_invalid", _cp_types_same("int32", "int32"), error=True),
    ]
    + [case(f"paths/checkparam/{n}/ok{i}", _cp(n, *a)) for i, (n, a) in enumerate(CP_OK)]
    + [case(f"paths/checkparam/{n}/bad{i}", _cp(n, *a), error=True) for i, (n, a) in enumerate(CP_BAD)]
    + [
        case("paths/parallel_utils/device_num", _pu("_get_device_num")),
        case("paths/parallel_utils/gradients_mean", _pu("_get_gradients_mean")),
        case("paths/parallel_utils/parallel_mode", _pu("_get_parallel_mode")),
        case("paths/parallel_utils/in_auto_parallel", _pu("_is_in_auto_parallel_mode")),
        case("paths/parallel_utils/in_data_parallel", _pu("_is_in_data_parallel_mode")),
        case("paths/parallel_utils/in_hybrid_parallel", _pu("_is_in_hybrid_parallel_mode")),
        case("paths/parallel_utils/global_rank", _pu("_get_global_rank")),
        case("paths/parallel_utils/pipeline_stages", _pu("_get_pipeline_stages")),
        case("paths/parallel_utils/stage_device_num", _pu("_get_stage_device_num")),
        case("paths/parallel_utils/full_batch", _pu("_get_full_batch")),
        case("paths/parallel_utils/need_to_full", _pu("_need_to_full")),
        case("paths/parallel_utils/parameter_broadcast", _pu("_get_parameter_broadcast")),
        case("paths/parallel_utils/parallel_optimizer", _pu("_get_enable_parallel_optimizer")),
        case("paths/parallel_utils/sharding_propagation", _pu("_is_sharding_propagation")),
        case("paths/parallel_utils/check_full_batch", _pu("_check_full_batch")),
        case("paths/parallel_utils/mode_map", lambda ms: [_mod(ms, "parallel._utils")._parallel_mode_map(m)
                                                          for m in ("semi_auto", "sharding_propagation",
                                                                    "recursive_programming")]),
        case("paths/parallel_utils/mode_map_bad", _pu("_parallel_mode_map", "data"), error=True),
        case("paths/parallel_utils/device_number_check_bad", _pu("_device_number_check", "stand_alone", 2),
             error=True),
        case("paths/parallel_utils/device_number_check", _pu("_device_number_check", "data_parallel", 8)),
        case("paths/parallel_utils/broadcast_check_bad", _pu("_parameter_broadcast_check", "auto_parallel", True),
             error=True),
        case("paths/common_utils/shape_unknown", lambda ms: [_mod(ms, "common._utils").is_shape_unknown(s)
                                                             for s in ((2, 3), (-1, 3), (-2,), ())]),
        case("paths/common_utils/dim_unknown", lambda ms: [_mod(ms, "common._utils").is_dim_unknown(s)
                                                           for s in ((2, 3), (-2,), (-1,))]),
        case("paths/common_utils/shape_bad_minus3", lambda ms: _mod(ms, "common._utils").is_shape_unknown((-3, 2)),
             error=True),
        case("paths/common_utils/dim_bad_two_minus2", lambda ms: _mod(ms, "common._utils").is_dim_unknown((-2, 3)),
             error=True),
        case("paths/common_utils/get_func", lambda ms: _mod(ms, "common._utils").get_func(ms.nn.Cell().cells)
             is ms.nn.Cell.cells),
        case("paths/buffer/create", _buffer, F32(3)),
        case("paths/buffer/isinstance_flag", _buffer_flag, F32(2)),
        case("paths/buffer/cell_registers", _buffer_cell, F32(3)),
        case("paths/buffer/none", lambda ms: _mod(ms, "common.parameter")._Buffer(None), error=True),
        case("paths/buffer/not_tensor", lambda ms: _mod(ms, "common.parameter")._Buffer([1.0]), error=True),
        case("paths/generator/manual_seed", _generator),
        case("paths/generator/state_roundtrip", _gen_state_roundtrip),
        case("paths/generator/bad_seed", lambda ms: _mod(ms, "common.generator").Generator().manual_seed("a"),
             error=True),
        case("paths/version", lambda ms: _mod(ms, "version").__version__),
        case("paths/c_expression/soc_version", lambda ms: _mod(ms, "_c_expression").MSContext.get_instance()
             .get_ascend_soc_version()),
        case("paths/c_expression/typing", lambda ms: (
            _mod(ms, "_c_expression").typing.Float is type(ms.float32),
            _mod(ms, "_c_expression").typing.TensorType is ms.common.dtype.TensorType,
            _mod(ms, "_c_expression").typing.kFloat32 == ms.float32, _mod(ms, "_c_expression").typing.kInt64 == ms.int64,
            isinstance(ms.int8, _mod(ms, "_c_expression").typing.Int))),
        case("paths/c_expression/TensorPy", lambda ms: isinstance(ms.Tensor([1.0]), _mod(ms, "_c_expression").TensorPy)),
        case("paths/lazy_inline/args", _lazy_args, F32(3)),
        case("paths/lazy_inline/attrs_list", _lazy_attrs, F32(3)),
        case("paths/lazy_inline/attrs_str", _lazy_attr_str),
        case("paths/lazy_inline/policy_front", _lazy_front),
        case("paths/lazy_inline/plain_decorator", _lazy_plain, I32(2)),
        case("paths/lazy_inline/bad_policy", _lazy_bad_policy, error=True),
        case("paths/lazy_inline/bad_attrs", _lazy_bad_attrs, error=True),
        case("paths/lazy_inline/bad_attr_item", _lazy_bad_attr_item, error=True),
        case("paths/lazy_inline/on_class", _lazy_on_class, error=True),
        case("paths/lazy_inline/on_method", _lazy_on_method, error=True),
        case("paths/run_check", lambda ms: _stdout(ms.run_check)),
        case("paths/Tensor.from_numpy", lambda ms: ms.Tensor.from_numpy(np.arange(6, dtype=np.int32).reshape(2, 3))),
        case("paths/Tensor.from_numpy_f64", lambda ms: ms.Tensor.from_numpy(np.linspace(0, 1, 4))),
        case("paths/Tensor.from_numpy_list", lambda ms: ms.Tensor.from_numpy([1, 2]), error=True),
        case("paths/no_init_parameters", _no_init),
        case("paths/nn.utils.no_init_parameters", _no_init_utils_path),
        case("paths/top/constexpr", lambda ms: ms.constexpr is ms.ops.constexpr),
        case("paths/top/no_inline", lambda ms: (ms.no_inline(_sin_times).no_inline, ms.no_inline()(_stdout).no_inline)),
        case("paths/top/ps_context_defaults", lambda ms: [ms.get_ps_context(k) for k in (
            "ms_role", "server_num", "scheduler_ip", "enable_ssl", "config_file_path")]),
        case("paths/top/ps_context_set_reset", _ps_roundtrip),
        case("paths/top/ps_context_bad_key", lambda ms: ms.set_ps_context(foo=1), error=True),
        case("paths/top/ps_context_bad_type", lambda ms: ms.set_ps_context(enable_ps=1), error=True),
        case("paths/top/ps_context_bad_server_mode", lambda ms: ms.set_ps_context(server_mode="x"), error=True),
        case("paths/top/ps_context_get_password", lambda ms: ms.get_ps_context("client_password"), error=True),
        case("paths/top/ps_context_get_unknown", lambda ms: ms.get_ps_context("foo"), error=True),
        case("paths/top/set_recursion_limit", lambda ms: ms.set_recursion_limit(3000)),
        case("paths/top/set_recursion_limit_zero", lambda ms: ms.set_recursion_limit(0), error=True),
        case("paths/top/set_recursion_limit_float", lambda ms: ms.set_recursion_limit(1.5), error=True),
        case("paths/auto_parallel/run", _auto_parallel, F32(4, 3)),
        case("paths/auto_parallel/bad_mode", lambda ms: _mod(ms, "parallel.auto_parallel").AutoParallel(
            ms.nn.Dense(2, 2), "data_parallel"), error=True),
        case("paths/auto_parallel/dataset_strategy_tuple", _ap_call("dataset_strategy", ((2, 1),))),
        case("paths/auto_parallel/comm_fusion_none", _ap_call("comm_fusion", None)),
    ]
    + [case(f"paths/auto_parallel/bad_{m}_{i}", _ap_call(m, *a, **kw), error=True)
       for i, (m, a, kw) in enumerate(_AP_BAD)]
)
