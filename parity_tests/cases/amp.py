"""Mixed precision (``mindspore.amp``, ``mindspore.train.amp``): ``auto_mixed_precision`` at
every level (output values and dtypes, the cell tree with its mixed-precision types, Parameter
dtypes), ``build_train_network`` (the training cell built at each level, a few training steps),
``custom_mixed_precision``, ``Cell.to_float`` inside amp, the white and black lists, the loss
scalers (``StaticLossScaler``, ``DynamicLossScaler``), ``all_finite``, and bad arguments.

Values computed in float16 are compared with float16 tolerances. Level ``O1`` is a source
rewrite in MindSpore (its classes are renamed ``<Name>Opt``), so cell CLASS names are not
compared at that level (names, flags and values are).
"""
import functools
import os
import tempfile

import numpy as np

from parity_tests.harness import case as _case, both_modes as _both_modes, F32

X = F32(4, 5, seed=41)
Y = F32(4, 2, seed=42)
R16 = dict(rtol=4e-3, atol=4e-3)


_TMP = []


def _in_tmp_dir(fn):
    """Run ``fn`` with a private working directory: MindSpore's O1 rewrite writes the rewritten
    network's source to ``./rewritten_network`` and imports it from there."""
    @functools.wraps(fn)
    def run(*args, **kwargs):
        if not _TMP:
            _TMP.append(tempfile.mkdtemp(prefix="amp_cases_"))
        old = os.getcwd()
        os.chdir(_TMP[0])
        try:
            return fn(*args, **kwargs)
        finally:
            os.chdir(old)
    return run


def case(name, fn, *args, **kw):
    return _case(name, _in_tmp_dir(fn), *args, **kw)


def both_modes(name, fn, *args, **kw):
    return _both_modes(name, _in_tmp_dir(fn), *args, **kw)


def _set(ms, net):
    """Deterministic weights by name (values in [-0.5, 0.5], variances in [0.5, 1.5])."""
    for i, p in enumerate(net.get_parameters()):
        rs = np.random.RandomState(100 + i)
        lo, hi = (0.5, 1.5) if "variance" in p.name else (-0.5, 0.5)
        p.set_data(ms.Tensor(rs.uniform(lo, hi, p.shape).astype(np.float32)))
    return net


def _net_cls(ms):
    nn, ops = ms.nn, ms.ops

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Dense(5, 4)
            self.bn = nn.BatchNorm1d(4)
            self.relu = nn.ReLU()
            self.fc2 = nn.Dense(4, 2)
            self.mm = ops.MatMul()
            self.exp = ops.Exp()
            self.w = ms.Parameter(ms.Tensor(np.ones((2, 2), np.float32)), name="w")

        def construct(self, x):
            y = self.fc2(self.relu(self.bn(self.fc1(x))))
            return self.mm(y, self.w) + self.exp(y * 0.1).sum()

    return Net


def _probe_cls(ms):
    nn, ops = ms.nn, ms.ops

    class ProbeNet(nn.Cell):
        """Records the dtypes of intermediate values (PyNative only)."""

        def __init__(self):
            super().__init__()
            self.fc1 = nn.Dense(5, 4)
            self.bn = nn.BatchNorm1d(4)
            self.fc2 = nn.Dense(4, 2)
            self.mm = ops.MatMul()
            self.exp = ops.Exp()
            self.w = ms.Parameter(ms.Tensor(np.ones((2, 2), np.float32)), name="w")
            self.seen = []

        def construct(self, x):
            a = self.fc1(x)
            b = self.bn(a)
            c = self.fc2(b)
            d = self.mm(c, self.w)
            e = self.exp(c)
            f = e.sum()
            g = d + f
            self.seen.append([str(t.dtype) for t in (a, b, c, d, e, f, g)])
            return g

    return ProbeNet


def __getattr__(name):
    # MindSpore's O1 (a source rewrite) re-imports the network class from this module by name
    import sys
    if name in ("Net", "ProbeNet"):
        ms = sys.modules.get("mindspore") or sys.modules["mscompat"]
        return _net_cls(ms) if name == "Net" else _probe_cls(ms)
    raise AttributeError(name)


def _amp_intermediate(ms, x, level):
    net = _set(ms, _probe_cls(ms)())
    n2 = ms.amp.auto_mixed_precision(net, level)
    out = n2(x)
    inner = [c for _, c in n2.cells_and_names() if hasattr(c, "seen")][0]
    return out, inner.seen


def _tree(net, with_types=True):
    out = []
    for name, c in net.cells_and_names():
        mpt = str(c.get_mixed_precision_type()).split(".")[-1].split(":")[0]
        out.append([name, type(c).__name__ if with_types else "", mpt])
    return out


def _amp_level(ms, x, level, train=False):
    net = _set(ms, _net_cls(ms)())
    net.set_train(train)
    n2 = ms.amp.auto_mixed_precision(net, level)
    out = n2(x)
    params = [(p.name, str(p.dtype)) for p in n2.get_parameters()]
    return (out, str(getattr(n2, "_amp_level", "")), _tree(n2, level != "O1"), params,
            [p.value() for p in n2.get_parameters()])


def _amp_bf16(ms, level):
    # not run: MindSpore's CPU MatMul has no bfloat16 kernel
    net = _set(ms, _net_cls(ms)())
    n2 = ms.amp.auto_mixed_precision(net, level, dtype=ms.bfloat16)
    return _tree(n2, level != "O1"), str(getattr(n2, "_amp_level", ""))


def _amp_to_float_kept(ms, x, level):
    net = _set(ms, _net_cls(ms)())
    net.fc2.to_float(ms.float32)
    n2 = ms.amp.auto_mixed_precision(net, level)
    # O1: MindSpore's rewritten copies of the cells report no mixed-precision type
    return n2(x), _tree(n2) if level != "O1" else None


def _amp_seq(ms, x, level):
    nn = ms.nn
    net = _set(ms, nn.SequentialCell([nn.Dense(5, 3), nn.LayerNorm((3,)), nn.Tanh(), nn.Dense(3, 2)]))
    n2 = ms.amp.auto_mixed_precision(net, level)
    return n2(x), _tree(n2, level != "O1"), [p.name for p in n2.get_parameters()]


def _amp_grad(ms, x, y, level):
    net = _set(ms, _net_cls(ms)())
    n2 = ms.amp.auto_mixed_precision(net, level)
    loss = ms.nn.WithLossCell(n2, ms.nn.MSELoss())
    grads = ms.grad(loss, grad_position=None, weights=net.trainable_params())(x, y)
    return loss(x, y), grads


def _amp_function(ms, x):
    ops = ms.ops

    def f(a):
        return ops.matmul(a, a.T), ops.exp(a).sum(), ops.concat((a.astype(ms.float16), a)), ops.tanh(a)

    g = ms.amp.auto_mixed_precision(f, "auto")
    return g(x)


def _build(ms, x, y, level, kwargs, steps=2):
    net = _set(ms, _net_cls(ms)())
    optim = ms.nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    kw = {}
    if kwargs == "no_scale":
        kw = {"loss_scale_manager": None}
    elif kwargs == "fixed_no_drop":
        kw = {"loss_scale_manager": ms.FixedLossScaleManager(64.0, drop_overflow_update=False)}
    elif kwargs == "cast32":
        kw = {"cast_model_type": ms.float32}
    elif kwargs == "keep_bn":
        kw = {"keep_batchnorm_fp32": False, "loss_scale_manager": None}
    train = ms.amp.build_train_network(net, optim, ms.nn.MSELoss(), level=level, **kw)
    out = [type(train).__name__, type(train.network).__name__, _tree(train, level != "O1")]
    if hasattr(train, "sens"):
        out.append(float(train.sens))
    for _ in range(steps):
        out.append(train(x, y))
    # fc1.bias feeds BatchNorm in training mode: its gradient is rounding noise (zero in exact math)
    out.append([p.value() for p in net.trainable_params() if p.name != "fc1.bias"])
    return out


def _build_no_loss(ms, x, y):
    net = _set(ms, _net_cls(ms)())
    loss_net = ms.nn.WithLossCell(net, ms.nn.MSELoss())
    optim = ms.nn.SGD(net.trainable_params(), learning_rate=0.05)
    train = ms.train.amp.build_train_network(loss_net, optim, level="O0")
    return type(train).__name__, [train(x, y) for _ in range(2)], [p.value() for p in net.trainable_params()]


def _custom(ms, x, which):
    nn = ms.nn
    net = _set(ms, _net_cls(ms)())
    if which == "white":
        n2 = ms.amp.custom_mixed_precision(net, white_list=[nn.Dense, ms.ops.MatMul])
    elif which == "white_bn":
        n2 = ms.amp.custom_mixed_precision(net, white_list=[nn.BatchNorm1d])
    else:
        n2 = ms.amp.custom_mixed_precision(net, black_list=[nn.BatchNorm1d, nn.Dense], dtype=ms.float16)
    return n2(x), _tree(n2, which == "black")


def _lists(ms):
    return [c.__name__ for c in ms.amp.get_white_list()], [c.__name__ for c in ms.amp.get_black_list()], \
        ms.amp.get_white_list() is not ms.amp.get_white_list()


def _scalers(ms):
    T = ms.Tensor
    s = ms.amp.DynamicLossScaler(scale_value=2 ** 10, scale_factor=2, scale_window=3)
    out = [s.scale(T([1.0, 2.0], ms.float16)), s.scale((T([1.0]), T([3.0], ms.float16))),
           s.unscale((T([1024.0]), T([2.0], ms.float16))), s.scale_value.name, s.counter.name]
    for f in (True, True, True, False, True, False, True, True, True, True):
        out.append([s.adjust(T(f)), s.scale_value.value(), s.counter.value()])
    st = ms.amp.StaticLossScaler(scale_value=16)
    out += [st.scale(T([0.5])), st.unscale(T([8.0], ms.float16)), st.adjust(T(False)), st.scale_value.value()]
    big = ms.amp.DynamicLossScaler(scale_value=3.0e38, scale_factor=4, scale_window=1)
    out += [big.adjust(T(True)), big.scale_value.value(), big.counter.value()]
    small = ms.amp.DynamicLossScaler(scale_value=2, scale_factor=4, scale_window=2)
    out += [small.adjust(T(False)), small.scale_value.value()]
    return out


def _scaler_train(ms, x, y):
    """A functional training step with DynamicLossScaler + all_finite, the overflow step skipped
    with ops.select (MindSpore's documented pattern)."""
    ops = ms.ops
    net = _set(ms, ms.nn.Dense(5, 2))
    loss_fn = ms.nn.MSELoss()
    scaler = ms.amp.DynamicLossScaler(scale_value=2 ** 8, scale_factor=2, scale_window=2)
    optim = ms.nn.SGD(net.trainable_params(), learning_rate=0.1)

    def forward(a, b):
        return scaler.scale(loss_fn(net(a), b))

    grad_fn = ms.value_and_grad(forward, None, net.trainable_params())
    out = []
    xi = x.asnumpy().copy()
    xi[1, 2] = np.inf
    for xx in (x, ms.Tensor(xi), x, x):
        loss, grads = grad_fn(xx, y)
        loss = scaler.unscale(loss)
        is_finite = ms.amp.all_finite(grads)
        if is_finite:
            grads = scaler.unscale(grads)
            optim(grads)
        scaler.adjust(is_finite)
        out.append([loss, is_finite, scaler.scale_value.value(), [p.value() for p in net.trainable_params()]])
    return out


def _all_finite(ms, x):
    T = ms.Tensor
    xi = x.asnumpy().copy()
    xi[0, 0] = np.nan
    return (ms.amp.all_finite((x, x * 2)), ms.amp.all_finite([x, T(xi)]), ms.amp.all_finite((T([1.0, np.inf]),)),
            ms.amp.all_finite([T([1, 2], ms.int32), x]), ms.amp.all_finite((T([1.0], ms.float16),)))


def _bad(ms, what):
    nn = ms.nn
    net = _net_cls(ms)()
    optim = nn.SGD(net.trainable_params())
    amp = ms.amp
    if what == "level":
        return amp.auto_mixed_precision(net, "O4")
    if what == "dtype":
        return amp.auto_mixed_precision(net, "O2", dtype=ms.float32)
    if what == "not_cell":
        return amp.auto_mixed_precision(lambda x: x, "O1")
    if what == "not_callable":
        return amp.auto_mixed_precision(3, "auto")
    if what == "build_optimizer":
        return amp.build_train_network(net, "sgd", nn.MSELoss())
    if what == "build_level_type":
        return amp.build_train_network(net, optim, nn.MSELoss(), level=2)
    if what == "build_level":
        return amp.build_train_network(net, optim, nn.MSELoss(), level="O5")
    if what == "build_boost":
        return amp.build_train_network(net, optim, nn.MSELoss(), boost_level="O3")
    if what == "build_kwarg":
        return amp.build_train_network(net, optim, nn.MSELoss(), level="O0", foo=1)
    if what == "build_cast_type":
        return amp.build_train_network(net, optim, nn.MSELoss(), level="O0", cast_model_type=ms.int32)
    if what == "build_keep_bn":
        return amp.build_train_network(net, optim, nn.MSELoss(), level="O0", keep_batchnorm_fp32=1)
    if what == "build_manager":
        return amp.build_train_network(net, optim, nn.MSELoss(), level="O0", loss_scale_manager=3)
    if what == "build_loss":
        return amp.build_train_network(net, optim, lambda a, b: a, level="O0")
    if what == "custom_none":
        return amp.custom_mixed_precision(net)
    if what == "custom_both":
        return amp.custom_mixed_precision(net, white_list=[nn.Dense], black_list=[nn.Dense])
    if what == "custom_not_cell":
        return amp.custom_mixed_precision(lambda x: x, white_list=[nn.Dense])
    if what == "custom_list_type":
        return amp.custom_mixed_precision(net, white_list=(nn.Dense,))
    if what == "custom_elem":
        return amp.custom_mixed_precision(net, white_list=[nn.Dense()] if False else [3])
    if what == "custom_white_elem":
        return amp.custom_mixed_precision(net, white_list=[int])
    if what == "custom_black_prim":
        return amp.custom_mixed_precision(net, black_list=[ms.ops.MatMul])
    if what == "custom_dtype":
        return amp.custom_mixed_precision(net, black_list=[nn.Dense], dtype=ms.float64)
    if what == "static_value":
        return amp.StaticLossScaler(0.5)
    if what == "static_type":
        return amp.StaticLossScaler("8")
    if what == "dyn_window":
        return amp.DynamicLossScaler(8, 2, 0)
    if what == "dyn_factor":
        return amp.DynamicLossScaler(8, 2.0, 2)
    if what == "all_finite_tensor":
        return amp.all_finite(ms.Tensor([1.0, 2.0])).asnumpy()
    if what == "to_float":
        return net.to_float(ms.int32)
    raise AssertionError(what)


_BAD = ["level", "dtype", "not_cell", "not_callable", "build_optimizer", "build_level_type", "build_level",
        "build_boost", "build_kwarg", "build_cast_type", "build_keep_bn", "build_manager", "build_loss",
        "custom_none", "custom_both", "custom_not_cell", "custom_list_type", "custom_elem", "custom_white_elem",
        "custom_black_prim", "custom_dtype", "static_value", "static_type", "dyn_window", "dyn_factor",
        "all_finite_tensor", "to_float"]


CASES = [
    *[case(f"auto_mixed_precision/{lvl}", _amp_level, X, lvl, **R16) for lvl in ("O0", "O1", "O2", "O3", "auto")],
    *[case(f"auto_mixed_precision/{lvl}_graph", _amp_level, X, lvl, mode="graph", **R16)
      for lvl in ("O1", "O2", "O3", "auto")],
    *[case(f"auto_mixed_precision/{lvl}_intermediate_dtypes", _amp_intermediate, X, lvl, **R16)
      for lvl in ("O0", "O1", "O2", "O3", "auto")],
    case("auto_mixed_precision/O2_train", _amp_level, X, "O2", True, **R16),
    *[case(f"auto_mixed_precision/{lvl}_bf16", _amp_bf16, lvl) for lvl in ("O1", "O2", "O3")],
    *[case(f"auto_mixed_precision/{lvl}_to_float_kept", _amp_to_float_kept, X, lvl, **R16)
      for lvl in ("O1", "O2", "O3")],
    *[case(f"auto_mixed_precision/{lvl}_sequential", _amp_seq, X, lvl, **R16) for lvl in ("O1", "O2", "O3")],
    *[case(f"auto_mixed_precision/{lvl}_grad", _amp_grad, X, Y, lvl, **R16) for lvl in ("O1", "O2", "O3")],
    case("auto_mixed_precision/auto_function", _amp_function, X, **R16),
    *both_modes("build_train_network/O0", _build, X, Y, "O0", None),
    case("build_train_network/O1", _build, X, Y, "O1", None, **R16),
    *both_modes("build_train_network/O2_no_scale", _build, X, Y, "O2", "no_scale", **R16),
    case("build_train_network/O2_fixed_no_drop", _build, X, Y, "O2", "fixed_no_drop", **R16),
    case("build_train_network/O2_keep_bn_false", _build, X, Y, "O2", "keep_bn", **R16),
    case("build_train_network/O2_cast32", _build, X, Y, "O3", "cast32"),
    *both_modes("build_train_network/O3", _build, X, Y, "O3", None, **R16),
    case("build_train_network/no_loss_fn", _build_no_loss, X, Y),
    case("custom_mixed_precision/white_list", _custom, X, "white", **R16),
    case("custom_mixed_precision/white_list_bn", _custom, X, "white_bn", **R16),
    case("custom_mixed_precision/black_list", _custom, X, "black", **R16),
    case("get_white_list/get_black_list", _lists),
    case("DynamicLossScaler/StaticLossScaler/sequence", _scalers),
    case("DynamicLossScaler/train_loop", _scaler_train, X, Y),
    case("all_finite/values", _all_finite, X),
    *[case(f"amp/bad_{w}", _bad, w, error=True) for w in _BAD],
]
