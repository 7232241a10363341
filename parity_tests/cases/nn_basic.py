"""nn basic layers (nn/layer): Dense, Linear, Flatten, Identity, Dropout, the activation
Cells, BatchNorm1d/2d/3d and LayerNorm.

Initial parameter values after ``set_seed`` are compared BIT for bit (their int32 view);
forward values in training and evaluation mode, moving statistics after several training
steps (PyNative and compiled GRAPH_MODE calls), parameter names, repr strings, and the
exception classes of bad arguments and inputs.
"""
import numpy as np

from parity_tests.harness import case, both_modes, F32, F16, I32

X23 = F32(2, 3)
X43 = F32(4, 3, seed=11)
X234 = F32(2, 3, 4)


def _bits(t):
    """The exact bits of a float tensor/parameter (compared exactly, not within a tolerance)."""
    a = t.asnumpy()
    return a.view(np.int16 if a.dtype == np.float16 else np.int32)


def _info(cell):
    return [(p.name, tuple(p.shape), p.dtype, p.requires_grad) for p in cell.get_parameters()]


def _params_bits(cell):
    return [_bits(p) for p in cell.get_parameters()]


# --- Dense / Linear ----------------------------------------------------------------------------
def _dense_init(seed, cin, cout, **kw):
    def fn(ms):
        ms.set_seed(seed)
        kw2 = dict(kw, dtype=ms.float16) if kw.get("dtype") == "f16" else kw
        d = ms.nn.Dense(cin, cout, **kw2)
        return _info(d), _params_bits(d)
    return fn


def _dense_two(ms):
    ms.set_seed(2)
    a = ms.nn.Dense(3, 5)
    b = ms.nn.Dense(5, 2)
    return _params_bits(a) + _params_bits(b)


def _dense_str_init(ms):
    ms.set_seed(4)
    d = ms.nn.Dense(3, 4, weight_init='normal', bias_init='zeros')
    return _params_bits(d)


def _dense_tensor_init(ms):
    w = ms.Tensor(np.arange(12, dtype=np.float32).reshape(4, 3) / 10)
    b = ms.Tensor(np.array([1, 2, 3, 4], np.float32))
    d = ms.nn.Dense(3, 4, weight_init=w, bias_init=b)
    return _info(d), d.weight, d.bias, d(ms.Tensor(np.ones((2, 3), np.float32)))


def _dense_fwd(seed, cin, cout, **kw):
    def fn(ms, x):
        ms.set_seed(seed)
        d = ms.nn.Dense(cin, cout, **kw)
        return d(x)
    return fn


def _dense_fwd_f16(ms, x):
    ms.set_seed(5)
    d = ms.nn.Dense(3, 2, dtype=ms.float16)
    return d(x)


def _dense_act(kind):
    def fn(ms, x):
        ms.set_seed(3)
        act = {"str": "relu", "cell": ms.nn.Tanh(), "prim": ms.ops.ReLU(), "gelu": "gelu"}[kind]
        d = ms.nn.Dense(3, 4, activation=act)
        return d(x)
    return fn


def _dense_repr(**kw):
    def fn(ms):
        if kw.get("activation") == "cell":
            kw2 = dict(kw, activation=ms.nn.ReLU())
        else:
            kw2 = kw
        return repr(ms.nn.Dense(3, 4, **kw2))
    return fn


def _linear(ms, x):
    ms.set_seed(9)
    lin = ms.nn.Linear(3, 2)
    return _info(lin), _params_bits(lin), lin(x), repr(lin)


def _dense_bad(**kw):
    def fn(ms):
        if kw.get("weight") == "tensor":
            return ms.nn.Dense(3, 4, weight_init=ms.Tensor(np.ones((3, 4), np.float32)))
        if kw.get("bias") == "tensor":
            return ms.nn.Dense(3, 4, bias_init=ms.Tensor(np.ones((3,), np.float32)))
        return ms.nn.Dense(**kw)
    return fn


class _Net:
    """A small net (Dense + BatchNorm1d + activation) defined against framework module ``ms``."""

    @staticmethod
    def make(ms):
        nn = ms.nn

        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.fc1 = nn.Dense(3, 5)
                self.bn = nn.BatchNorm1d(5, momentum=0.7)
                self.act = nn.ReLU()
                self.fc2 = nn.Dense(5, 2, activation='tanh')

            def construct(self, x):
                return self.fc2(self.act(self.bn(self.fc1(x))))
        return Net()


def _net_names(ms):
    ms.set_seed(6)
    net = _Net.make(ms)
    return _info(net), _params_bits(net), repr(net)


def _net_train_steps(ms, x):
    ms.set_seed(6)
    net = _Net.make(ms)
    net.set_train()
    outs = [net(x * (i + 1)) for i in range(3)]
    net.set_train(False)
    return outs + [net(x)] + [ms.Tensor(p.asnumpy()) for p in net.get_parameters()]


class _LossNet:
    @staticmethod
    def make(ms):
        nn = ms.nn

        class LossNet(nn.Cell):
            def __init__(self):
                super().__init__()
                self.fc1 = nn.Dense(3, 5)
                self.bn = nn.BatchNorm1d(5, momentum=0.7)
                self.relu = nn.ReLU()
                self.drop = nn.Dropout(p=0.0)
                self.fc2 = nn.Dense(5, 3, activation='gelu')
                self.ln = nn.LayerNorm((3,))
                self.scale = ms.Tensor(np.array([1.0, 2.0, -0.5], np.float32))

            def construct(self, x):
                return (self.ln(self.fc2(self.drop(self.relu(self.bn(self.fc1(x)))))) * self.scale).sum()
        return LossNet()


def _value_and_grad_steps(ms, x):
    """Three value_and_grad calls of a training-mode net: losses, gradients of the
    trainable Parameters, and the moving statistics updated along the way."""
    ms.set_seed(6)
    net = _LossNet.make(ms)
    net.set_train()
    grad_fn = ms.value_and_grad(net, None, net.trainable_params())
    out = []
    for i in range(3):
        loss, grads = grad_fn(x * (i + 1))
        out += [loss, list(grads)]
    return out + [ms.Tensor(p.asnumpy()) for p in net.get_parameters()]


# --- BatchNorm ------------------------------------------------------------------------------------
def _bn(cls_name, **kw):
    def make(ms):
        kw2 = dict(kw, dtype=ms.float16) if kw.get("dtype") == "f16" else kw
        return getattr(ms.nn, cls_name)(3, **kw2)
    return make


def _bn_info(cls_name, **kw):
    def fn(ms):
        bn = _bn(cls_name, **kw)(ms)
        return _info(bn), _params_bits(bn)
    return fn


def _bn_random_init(ms):
    ms.set_seed(8)
    bn = ms.nn.BatchNorm2d(3, gamma_init='normal', beta_init='uniform', moving_mean_init='normal')
    return _params_bits(bn)


def _bn_steps(cls_name, steps=3, **kw):
    """``steps`` training calls (different inputs), then one evaluation call; the outputs and
    the Parameters afterwards."""
    def fn(ms, x):
        bn = _bn(cls_name, **kw)(ms)
        bn.set_train()
        outs = [bn(x * (i + 1) - i) for i in range(steps)]
        bn.set_train(False)
        outs.append(bn(x))
        return outs + [ms.Tensor(p.asnumpy()) for p in bn.get_parameters()]
    return fn


def _bn_eval(cls_name, **kw):
    def fn(ms, x):
        bn = _bn(cls_name, **kw)(ms)
        bn.set_train(False)
        return bn(x), [ms.Tensor(p.asnumpy()) for p in bn.get_parameters()]
    return fn


def _bn_train_only(cls_name, **kw):
    def fn(ms, x):
        bn = _bn(cls_name, **kw)(ms)
        bn.set_train()
        return bn(x), [ms.Tensor(p.asnumpy()) for p in bn.get_parameters()]
    return fn


def _bn_call(cls_name, train=False, **kw):
    def fn(ms, x):
        bn = getattr(ms.nn, cls_name)(**kw) if "num_features" in kw else _bn(cls_name, **kw)(ms)
        bn.set_train(train)
        return bn(x)
    return fn


def _bn_repr(cls_name, **kw):
    def fn(ms):
        return repr(_bn(cls_name, **kw)(ms))
    return fn


def _bn_make(cls_name, *args, **kw):
    def fn(ms):
        return repr(getattr(ms.nn, cls_name)(*args, **kw))
    return fn


# --- LayerNorm ------------------------------------------------------------------------------------
def _ln(shape, **kw):
    def fn(ms, x):
        ln = ms.nn.LayerNorm(shape, **kw)
        return ln(x)
    return fn


def _ln_init(ms):
    ms.set_seed(12)
    ln = ms.nn.LayerNorm((3, 4), gamma_init='normal', beta_init='uniform')
    return _info(ln), _params_bits(ln)


def _ln_make(*args, **kw):
    def fn(ms):
        return repr(ms.nn.LayerNorm(*args, **kw))
    return fn


# --- Dropout ----------------------------------------------------------------------------------------
def _dropout_eval(ms, x):
    d = ms.nn.Dropout(p=0.5)
    d.set_train(False)
    return d(x)


def _dropout_train(p=None, keep_prob=None):
    def fn(ms, x):
        d = ms.nn.Dropout(p=p) if keep_prob is None else ms.nn.Dropout(keep_prob=keep_prob)
        d.set_train()
        return d(x)
    return fn


def _dropout_stats(ms):
    """Kept values are exactly x / keep; the dropped fraction is near p; two calls (and two
    compiled steps) draw different masks; the same seed reproduces the masks."""
    x = ms.Tensor(np.full((50, 200), 3.0, np.float32))
    ms.set_seed(5)
    d = ms.nn.Dropout(p=0.3)
    d.set_train()
    a = d(x).asnumpy()
    b = d(x).asnumpy()
    ms.set_seed(5)
    d2 = ms.nn.Dropout(p=0.3)
    d2.set_train()
    a2 = d2(x).asnumpy()
    kept_ok = bool(np.all((a == 0) | np.isclose(a, 3.0 / 0.7)))
    frac = float((a == 0).mean())
    return kept_ok, 0.27 < frac < 0.33, bool((a != b).any()), bool((a == a2).all()), a.dtype == np.float32


def _dropout_keep_prob_stats(ms):
    x = ms.Tensor(np.ones((100, 100), np.float16))
    d = ms.nn.Dropout(keep_prob=0.8)
    d.set_train()
    a = d(x).asnumpy()
    return d(x).dtype, bool(np.all((a == 0) | np.isclose(a, 1.25))), 0.17 < float((a == 0).mean()) < 0.23


def _dropout_make(**kw):
    def fn(ms):
        return repr(ms.nn.Dropout(**kw))
    return fn


# --- activations, Flatten, Identity -----------------------------------------------------------------
def _act(name, *args, **kw):
    def fn(ms, x):
        return getattr(ms.nn, name)(*args, **kw)(x)
    return fn


def _act_repr(ms):
    nn = ms.nn
    cells = [nn.ReLU(), nn.Sigmoid(), nn.Tanh(), nn.GELU(), nn.SiLU(), nn.Softmax(), nn.LogSoftmax(),
             nn.LeakyReLU(), nn.Flatten(), nn.Identity(), nn.ReLU6(), nn.ELU(), nn.HSwish(), nn.PReLU()]
    return [repr(c) for c in cells]


def _get_activation(name):
    def fn(ms, x):
        return ms.nn.get_activation(name)(x)
    return fn


def _flatten(*args):
    def fn(ms, x):
        return ms.nn.Flatten(*args)(x)
    return fn


def _identity(ms, x):
    return ms.nn.Identity(1, 2, k=3)(x)


CASES = [
    # Dense: parameters (bit-exact initial values after set_seed)
    case("nn.Dense/init_seed1", _dense_init(1, 3, 4)),
    case("nn.Dense/init_seed7_wide", _dense_init(7, 16, 5)),
    case("nn.Dense/init_no_bias", _dense_init(1, 4, 3, has_bias=False)),
    case("nn.Dense/init_f16", _dense_init(2, 3, 2, dtype="f16")),
    case("nn.Dense/init_two_layers_stream", _dense_two),
    case("nn.Dense/init_str", _dense_str_init),
    case("nn.Dense/init_tensor", _dense_tensor_init),
    # Dense: forward
    *both_modes("nn.Dense/fwd_2d", _dense_fwd(1, 3, 4), X23),
    *both_modes("nn.Dense/fwd_3d", _dense_fwd(2, 4, 5), X234),
    case("nn.Dense/fwd_1d", _dense_fwd(3, 3, 2), F32(3)),
    case("nn.Dense/fwd_f16", _dense_fwd_f16, F16(4, 3)),
    case("nn.Dense/fwd_no_bias", _dense_fwd(3, 3, 2, has_bias=False), X43),
    *both_modes("nn.Dense/act_str", _dense_act("str"), X43),
    case("nn.Dense/act_cell", _dense_act("cell"), X43),
    case("nn.Dense/act_prim", _dense_act("prim"), X43),
    case("nn.Dense/act_gelu", _dense_act("gelu"), X43),
    case("nn.Dense/repr", _dense_repr()),
    case("nn.Dense/repr_act_str", _dense_repr(activation="relu")),
    case("nn.Dense/repr_act_cell_no_bias", _dense_repr(activation="cell", has_bias=False)),
    # Dense: bad arguments / inputs
    *both_modes("nn.Dense/bad_in_channels_input", _dense_fwd(1, 3, 4), F32(2, 5), error=True),
    case("nn.Dense/bad_dtype_input", _dense_fwd(1, 3, 4), F16(2, 3), error=True),
    case("nn.Dense/bad_in_channels_zero", _dense_bad(in_channels=0, out_channels=4), error=True),
    case("nn.Dense/bad_in_channels_float", _dense_bad(in_channels=3.0, out_channels=4), error=True),
    case("nn.Dense/bad_out_channels_bool", _dense_bad(in_channels=3, out_channels=True), error=True),
    case("nn.Dense/bad_has_bias", _dense_bad(in_channels=3, out_channels=4, has_bias=1), error=True),
    case("nn.Dense/bad_activation_name", _dense_bad(in_channels=3, out_channels=4, activation="foo"), error=True),
    case("nn.Dense/bad_activation_type", _dense_bad(in_channels=3, out_channels=4, activation=5), error=True),
    case("nn.Dense/bad_weight_init_shape", _dense_bad(weight="tensor"), error=True),
    case("nn.Dense/bad_bias_init_shape", _dense_bad(bias="tensor"), error=True),
    # Linear
    case("nn.Linear/init_fwd_repr", _linear, X43),
    # a net of layers: names, init values, repr; training steps (moving stats) in both modes
    case("nn.Net/names_init_repr", _net_names),
    *both_modes("nn.Net/train_steps", _net_train_steps, X43),
    # gradients through BatchNorm, GELU and LayerNorm: float32 reduction order differs (~2e-5 relative)
    *both_modes("nn.Net/value_and_grad_steps", _value_and_grad_steps, X43, rtol=1e-4, atol=1e-5),

    # BatchNorm: parameters
    case("nn.BatchNorm2d/params", _bn_info("BatchNorm2d")),
    case("nn.BatchNorm1d/params_no_affine", _bn_info("BatchNorm1d", affine=False)),
    case("nn.BatchNorm3d/params", _bn_info("BatchNorm3d")),
    case("nn.BatchNorm2d/params_f16", _bn_info("BatchNorm2d", dtype="f16")),
    case("nn.BatchNorm2d/params_init_values",
         _bn_info("BatchNorm2d", gamma_init=2.0, moving_var_init='zeros', moving_mean_init=0.5)),
    case("nn.BatchNorm2d/init_random", _bn_random_init),
    # BatchNorm: train / eval forward and moving statistics after 3 steps
    *both_modes("nn.BatchNorm1d/steps_2d", _bn_steps("BatchNorm1d"), X43),
    *both_modes("nn.BatchNorm1d/steps_3d_mom08", _bn_steps("BatchNorm1d", momentum=0.8), X234),
    *both_modes("nn.BatchNorm2d/steps", _bn_steps("BatchNorm2d"), F32(2, 3, 4, 4)),
    *both_modes("nn.BatchNorm3d/steps", _bn_steps("BatchNorm3d", momentum=0.5), F32(2, 3, 2, 3, 2)),
    case("nn.BatchNorm2d/steps_eps_1e-3", _bn_steps("BatchNorm2d", eps=1e-3, momentum=0.0), F32(2, 3, 2, 2)),
    case("nn.BatchNorm2d/eval_fresh", _bn_eval("BatchNorm2d"), F32(2, 3, 4, 4)),
    *both_modes("nn.BatchNorm1d/eval_2d", _bn_eval("BatchNorm1d", moving_mean_init=0.5, moving_var_init=4.0),
                X43),
    case("nn.BatchNorm1d/eval_3d", _bn_eval("BatchNorm1d", gamma_init=2.0, beta_init=1.0), X234),
    *both_modes("nn.BatchNorm2d/use_batch_stats_true_eval", _bn_eval("BatchNorm2d", use_batch_statistics=True),
                F32(2, 3, 2, 2)),
    *both_modes("nn.BatchNorm2d/use_batch_stats_false_train",
                _bn_train_only("BatchNorm2d", use_batch_statistics=False, moving_mean_init=1.0),
                F32(2, 3, 2, 2)),
    case("nn.BatchNorm2d/train_f16_input", _bn_train_only("BatchNorm2d"), F16(2, 3, 2, 2)),
    case("nn.BatchNorm2d/repr", _bn_repr("BatchNorm2d")),
    case("nn.BatchNorm1d/repr_momentum", _bn_repr("BatchNorm1d", momentum=0.99, eps=1e-3)),
    case("nn.BatchNorm3d/repr", _bn_repr("BatchNorm3d")),
    # BatchNorm: bad arguments / inputs
    *both_modes("nn.BatchNorm1d/bad_rank4", _bn_call("BatchNorm1d"), F32(2, 3, 2, 2), error=True),
    *both_modes("nn.BatchNorm2d/bad_rank3", _bn_call("BatchNorm2d", train=True), F32(2, 3, 2), error=True),
    case("nn.BatchNorm3d/bad_rank4", _bn_call("BatchNorm3d"), F32(2, 3, 2, 2), error=True),
    case("nn.BatchNorm2d/bad_channels_eval", _bn_call("BatchNorm2d"), F32(2, 4, 2, 2), error=True),
    case("nn.BatchNorm2d/bad_channels_train", _bn_call("BatchNorm2d", train=True), F32(2, 4, 2, 2), error=True),
    case("nn.BatchNorm2d/bad_int_input", _bn_call("BatchNorm2d"), I32(2, 3, 2, 2), error=True),
    case("nn.BatchNorm2d/bad_num_features_zero", _bn_make("BatchNorm2d", 0), error=True),
    case("nn.BatchNorm2d/bad_num_features_float", _bn_make("BatchNorm2d", 3.0), error=True),
    case("nn.BatchNorm2d/bad_momentum", _bn_make("BatchNorm2d", 3, momentum=1.5), error=True),
    case("nn.BatchNorm2d/bad_use_batch_statistics", _bn_make("BatchNorm2d", 3, use_batch_statistics=1),
         error=True),
    case("nn.BatchNorm2d/bad_nhwc_cpu", _bn_make("BatchNorm2d", 3, data_format="NHWC"), error=True),
    case("nn.BatchNorm2d/bad_data_format", _bn_make("BatchNorm2d", 3, data_format="ABC"), error=True),
    case("nn.BatchNorm2d/bad_eps_range", _bn_call("BatchNorm2d", eps=2.0), F32(2, 3, 2, 2), error=True),

    # LayerNorm
    case("nn.LayerNorm/init_random", _ln_init),
    *both_modes("nn.LayerNorm/fwd_last", _ln((4,)), X234),
    *both_modes("nn.LayerNorm/fwd_axis1", _ln((3, 4), begin_norm_axis=1, begin_params_axis=1), X234),
    case("nn.LayerNorm/fwd_norm0_params1", _ln([3, 4], begin_norm_axis=0, begin_params_axis=1), X234),
    case("nn.LayerNorm/fwd_eps", _ln((4,), epsilon=1e-2, gamma_init=2.0, beta_init=0.5), X234),
    case("nn.LayerNorm/fwd_f16", _ln((4,)), F16(2, 3, 4)),
    case("nn.LayerNorm/repr", _ln_make((4,))),
    case("nn.LayerNorm/bad_shape_int", _ln_make(4), error=True),
    case("nn.LayerNorm/bad_shape_empty", _ln_make(()), error=True),
    *both_modes("nn.LayerNorm/bad_input_shape", _ln((5,)), X234, error=True),
    case("nn.LayerNorm/bad_begin_norm_axis", _ln((4,), begin_norm_axis=3), F32(2, 4), error=True),
    case("nn.LayerNorm/bad_begin_params_axis", _ln((4,), begin_params_axis=-3), F32(2, 4), error=True),

    # GroupNorm
    case("nn.GroupNorm/params_repr", lambda ms: (_info(ms.nn.GroupNorm(2, 4)), repr(ms.nn.GroupNorm(2, 4)))),
    *both_modes("nn.GroupNorm/fwd", lambda ms, x: ms.nn.GroupNorm(2, 4, gamma_init=1.5, beta_init=0.5)(x),
                F32(2, 4, 3, 3)),
    case("nn.GroupNorm/fwd_3d", lambda ms, x: ms.nn.GroupNorm(3, 3)(x), F32(2, 3, 5)),
    case("nn.GroupNorm/bad_divisible", lambda ms: ms.nn.GroupNorm(3, 4), error=True),
    case("nn.GroupNorm/bad_eps", lambda ms: ms.nn.GroupNorm(2, 4, eps=1), error=True),
    case("nn.GroupNorm/bad_channels_input", lambda ms, x: ms.nn.GroupNorm(2, 4)(x), F32(2, 6, 3), error=True),

    # Dropout
    *both_modes("nn.Dropout/eval_identity", _dropout_eval, X234),
    case("nn.Dropout/train_p0_identity", _dropout_train(p=0), X234),
    case("nn.Dropout/train_keep1_identity", _dropout_train(keep_prob=1.0), X234),
    case("nn.Dropout/train_shape_dtype", _dropout_train(p=0.4), X234, check_values=False),
    case("nn.Dropout/stats", _dropout_stats),
    case("nn.Dropout/stats_graph", _dropout_stats, mode="graph"),
    case("nn.Dropout/keep_prob_f16_stats", _dropout_keep_prob_stats),
    case("nn.Dropout/repr_p", _dropout_make(p=0.3)),
    case("nn.Dropout/repr_keep_prob", _dropout_make(keep_prob=0.7)),
    case("nn.Dropout/bad_keep_prob_zero", _dropout_make(keep_prob=0.0), error=True),
    case("nn.Dropout/bad_keep_prob_int", _dropout_make(keep_prob=1), error=True),
    case("nn.Dropout/bad_keep_prob_big", _dropout_make(keep_prob=1.5), error=True),
    case("nn.Dropout/bad_p_one", _dropout_make(p=1), error=True),
    case("nn.Dropout/bad_p_negative", _dropout_make(p=-0.1), error=True),
    case("nn.Dropout/bad_p_str", _dropout_make(p="a"), error=True),
    case("nn.Dropout/bad_p_bool", _dropout_make(p=True), error=True),
    case("nn.Dropout/bad_int_input", _dropout_train(p=0.5), I32(2, 3), error=True),

    # activations
    *both_modes("nn.ReLU/fwd", _act("ReLU"), X234),
    case("nn.ReLU/int", _act("ReLU"), I32(3, 4)),
    *both_modes("nn.Sigmoid/fwd", _act("Sigmoid"), X234),
    case("nn.Tanh/fwd", _act("Tanh"), X234),
    case("nn.Tanh/f16", _act("Tanh"), F16(3, 4)),
    case("nn.GELU/tanh", _act("GELU"), X234),
    case("nn.GELU/erf", _act("GELU", approximate=False), X234),
    case("nn.SiLU/fwd", _act("SiLU"), X234),
    *both_modes("nn.Softmax/fwd", _act("Softmax"), X234),
    case("nn.Softmax/axis0", _act("Softmax", 0), X234),
    case("nn.Softmax/axis_neg2", _act("Softmax", -2), X234),
    case("nn.LogSoftmax/fwd", _act("LogSoftmax"), X234),
    case("nn.LogSoftmax/axis1", _act("LogSoftmax", axis=1), X234),
    case("nn.LeakyReLU/default", _act("LeakyReLU"), X234),
    case("nn.LeakyReLU/alpha", _act("LeakyReLU", alpha=0.01), X234),
    case("nn.ReLU6/fwd", _act("ReLU6"), F32(3, 4, low=-8, high=8)),
    case("nn.ELU/fwd", _act("ELU"), X234),
    case("nn.HSwish/fwd", _act("HSwish"), F32(3, 4, low=-5, high=5)),
    case("nn.HSigmoid/fwd", _act("HSigmoid"), F32(3, 4, low=-5, high=5)),
    case("nn.Softsign/fwd", _act("Softsign"), X234),
    case("nn.LogSigmoid/fwd", _act("LogSigmoid"), X234),
    case("nn.Mish/fwd", _act("Mish"), X234),
    case("nn.SeLU/fwd", _act("SeLU"), X234),
    case("nn.CELU/fwd", _act("CELU", 0.5), X234),
    case("nn.Softmin/fwd", _act("Softmin", 1), X234),
    case("nn.Hardtanh/fwd", _act("Hardtanh", -0.5, 0.5), X234),
    case("nn.Tanhshrink/fwd", _act("Tanhshrink"), X234),
    case("nn.SoftShrink/fwd", _act("SoftShrink", 0.3), X234),
    case("nn.HShrink/fwd", _act("HShrink", 0.3), X234),
    case("nn.Threshold/fwd", _act("Threshold", 0.1, 20.0), X234),
    case("nn.FastGelu/fwd", _act("FastGelu"), X234),
    case("nn.PReLU/fwd", _act("PReLU", 3, 0.1), F32(2, 3, 4)),
    case("nn.Softmax2d/fwd", _act("Softmax2d"), F32(2, 3, 4, 2)),
    case("nn.RReLU/shape", _act("RReLU"), X234, check_values=False),
    case("nn.activations/repr", _act_repr),
    case("nn.get_activation/relu", _get_activation("relu"), X234),
    case("nn.get_activation/leakyrelu", _get_activation("leakyrelu"), X234),
    case("nn.get_activation/bad_name", _get_activation("foo"), X234, error=True),
    case("nn.GELU/bad_approximate", _act("GELU", approximate=1), X234, error=True),
    case("nn.Softmax/bad_int_input", _act("Softmax"), I32(2, 3), error=True),
    case("nn.Softmax/bad_axis", _act("Softmax", 3), X234, error=True),
    case("nn.LeakyReLU/bad_alpha", _act("LeakyReLU", alpha="a"), X234, error=True),
    case("nn.Hardtanh/bad_range", _act("Hardtanh", 1.0, -1.0), X234, error=True),
    case("nn.Softmax2d/bad_rank", _act("Softmax2d"), F32(2, 3), error=True),
    case("nn.PReLU/bad_w_type", _act("PReLU", 3, "a"), X234, error=True),

    # Flatten / Identity
    *both_modes("nn.Flatten/default", _flatten(), F32(2, 3, 4, 2)),
    case("nn.Flatten/dims", _flatten(0, 1), F32(2, 3, 4)),
    case("nn.Flatten/neg_dims", _flatten(-3, -2), F32(2, 3, 4, 2)),
    case("nn.Flatten/scalar", _flatten(0, 0), np.array(3.0, dtype=np.float32)),
    case("nn.Flatten/bad_1d_default", _flatten(), F32(4), error=True),
    case("nn.Flatten/bad_start_dim", _flatten(3), F32(2, 3), error=True),
    case("nn.Flatten/bad_order", _flatten(2, 1), F32(2, 3, 4), error=True),
    case("nn.Identity/fwd", _identity, I32(3, 2)),
]
