"""``mindspore.boost``: AutoBoost configuration (levels O0-O2, config dicts, the process-wide
instance), the boost training cells and features (gradient accumulation, gradient freezing,
LessBN, gradient centralization through OptimizerProcess, DimReduce, grouped loss scales), and
``Model(..., boost_level=...)``. Training cases run a few steps of a tiny network with fixed
initial weights and compare the losses and the trained weights.

AutoBoost is a process-wide singleton whose first construction fixes the configuration, and
"manual" mode edits the level table in place (both as in MindSpore): every case starts from a
fresh instance and restores the table it changed.
"""
import copy
import importlib

import numpy as np

from parity_tests.harness import case, Raw

_TRAIN = dict(rtol=1e-5, atol=1e-6)

_X = np.random.RandomState(91).uniform(-1, 1, (4, 4)).astype(np.float32)
_Y = np.random.RandomState(92).uniform(-1, 1, (4, 2)).astype(np.float32)
_W1 = np.random.RandomState(93).uniform(-0.5, 0.5, (3, 4)).astype(np.float32)
_W2 = np.random.RandomState(94).uniform(-0.5, 0.5, (2, 3)).astype(np.float32)


def B(ms):
    return importlib.import_module(ms.__name__ + ".boost")


def _fresh(ms, level="O0", cfg=""):
    boost = B(ms)
    boost.AutoBoost._instance = None
    saved = copy.deepcopy(importlib.import_module(ms.__name__ + ".boost.boost")._boost_config_level)
    try:
        return boost.AutoBoost(level, cfg)
    finally:
        table = importlib.import_module(ms.__name__ + ".boost.boost")._boost_config_level
        table.clear()
        table.update(saved)


def _net(ms, deep=False):
    nn = ms.nn
    layers = [nn.Dense(4, 3, weight_init=ms.Tensor(_W1), bias_init="zeros"), nn.ReLU(),
              nn.Dense(3, 2, weight_init=ms.Tensor(_W2), bias_init="zeros")]
    if deep:
        rs = np.random.RandomState(95)
        for _ in range(4):
            layers += [nn.ReLU(), nn.Dense(2, 2, weight_init=ms.Tensor(rs.uniform(-1, 1, (2, 2)).astype(np.float32)),
                                           bias_init="zeros")]
    return nn.SequentialCell(layers)


def _params(net):
    return tuple((p.name, p.asnumpy()) for p in net.trainable_params())


def _snap(r):
    """A step's output as numpy copies (a returned Parameter would show its final value)."""
    if isinstance(r, (tuple, list)):
        return tuple(_snap(v) for v in r)
    return r.asnumpy().copy() if hasattr(r, "asnumpy") else r


def _steps(ms, cell, n, x=_X, y=_Y):
    return [_snap(cell(ms.Tensor(x), ms.Tensor(y))) for _ in range(n)]


def _boost_step(ms, opt_name="Momentum", sens=2.0, steps=3):
    ms.set_seed(1)
    _fresh(ms)
    net = _net(ms)
    nn = ms.nn
    opt = {"Momentum": lambda p: nn.Momentum(p, 0.05, 0.9), "Adam": lambda p: nn.Adam(p, 0.01),
           "SGD": lambda p: nn.SGD(p, 0.1)}[opt_name](net.trainable_params())
    cell = B(ms).BoostTrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt, sens=sens)
    return _steps(ms, cell, steps), _params(net)


def _grad_acc_train(ms, steps=4, k=2):
    _fresh(ms, "O0", {"boost": {"mode": "manual", "grad_accumulation": True},
                      "grad_accumulation": {"grad_accumulation_step": k}})
    net = _net(ms)
    nn = ms.nn
    opt = nn.Momentum(net.trainable_params(), 0.05, 0.9)
    cell = B(ms).BoostTrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt, sens=1.0)
    losses = _steps(ms, cell, steps)
    acc = tuple(p.asnumpy() for p in cell.grad_accumulation)
    return losses, _params(net), acc, cell.accumulation_step.asnumpy(), cell.use_grad_accumulation


def _grad_acc_cell(ms):
    _fresh(ms)
    net = _net(ms)
    nn = ms.nn
    opt = nn.SGD(net.trainable_params(), 0.1)
    acc = B(ms).GradientAccumulation(3, opt)
    grads = tuple(ms.Tensor(np.full(p.shape, 0.3, np.float32)) for p in net.trainable_params())
    trace = []
    for _ in range(4):
        acc(ms.Tensor(np.float32(1.0)), grads)
        trace.append((acc._accumulation_step.asnumpy().copy(), tuple(p.asnumpy().copy() for p in acc._grad_accumulation)))
    return trace, _params(net)


def _acc_ops(ms):
    ga = importlib.import_module(ms.__name__ + ".boost.grad_accumulation")
    p = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name="acc")
    hm = ms.ops.HyperMap()
    hm(ms.ops.partial(ga.gradient_accumulation_op, 4), (p,), (ms.Tensor(np.array([1., 2., 3.], np.float32)),))
    first = p.asnumpy().copy()
    hm(ms.ops.partial(ga.gradient_accumulation_op, 4), (p,), (ms.Tensor(np.array([1., 2., 3.], np.float32)),))
    second = p.asnumpy().copy()
    hm(ms.ops.partial(ga.gradient_clear_op), (p,))
    return first, second, p.asnumpy(), sorted(ga.__all__)


def _config(ms, level, cfg=""):
    ab = _fresh(ms, level, cfg)
    return (ab.level, sorted(ab.boost_config.items()), ab._param_groups, ab._freeze_type, ab._freeze_p,
            ab._total_steps, ab.device_number, ab.grad_accumulation_step, ab.gradient_groups, ab._fn_flag,
            ab._gc_flag, ab.rho, ab.gamma, ab.alpha, ab.sigma, ab.n_components, ab.timeout)


def _singleton(ms):
    _fresh(ms, "O0")
    second = B(ms).AutoBoost("O2")
    return second.level, second is B(ms).AutoBoost(), sorted(second.boost_config.items())


def _lessbn(ms, fn_flag):
    _fresh(ms)
    ms.set_seed(3)
    net = _net(ms)
    wrapped = B(ms).LessBN(net, fn_flag=fn_flag)
    out = wrapped(ms.Tensor(_X))
    again = B(ms).LessBN(net, fn_flag=fn_flag)
    return (out, [p.name for p in wrapped.trainable_params()], type(net[2]).__name__,
            "less_bn" in net.get_flags(), [p.name for p in again.trainable_params()])


def _fn_head(ms):
    head = importlib.import_module(ms.__name__ + ".boost.less_batch_normalization").CommonHeadLastFN(
        4, 3, ms.Tensor(_W1), "zeros", True)
    return head(ms.Tensor(_X)), [p.name for p in head.trainable_params()]


def _split_groups(ms, groups):
    _fresh(ms)
    gf = B(ms).GradientFreeze(groups, 0, 0.7, 10)
    return [[p.name for p in g] for g in gf.split_parameters_groups(_net(ms, deep=True), groups)]


def _freeze_seq(ms, n_groups, kind, p, total):
    np.random.seed(7)
    return B(ms).GradientFreeze(n_groups, kind, p, total).generate_freeze_index_sequence(n_groups, kind, p, total)


def _freeze_generate(ms):
    _fresh(ms)
    net = _net(ms, deep=True)
    opt = ms.nn.Momentum(net.trainable_params(), 0.05, 0.9)
    np.random.seed(5)
    _, fopt = B(ms).GradientFreeze(3, 0, 0.5, 8).freeze_generate(net, opt)
    return (type(fopt).__name__, fopt.groups_num, fopt.train_strategy, [len(o.parameters) for o in fopt.opts],
            [[p.name for p in o.parameters] for o in fopt.opts],
            sorted(n for n, _ in fopt.opts[1].parameters_and_names()))


def _freeze_train(ms, steps=5):
    _fresh(ms)
    net = _net(ms, deep=True)
    nn = ms.nn
    opt = nn.Momentum(net.trainable_params(), 0.05, 0.9)
    groups = [list(net.trainable_params()), list(net.trainable_params())[4:], list(net.trainable_params())[8:]]
    fopt = B(ms).FreezeOpt(opt, groups, [0, 2, 1, 2, 0, 1])
    cell = B(ms).BoostTrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), fopt)
    losses = _steps(ms, cell, steps)
    return losses, _params(net), cell.step.asnumpy(), cell.freeze


def _opt_process(ms, grouped):
    _fresh(ms)
    net = _net(ms)
    params = net.trainable_params()
    if grouped:
        params = [{"params": [params[0], params[2]], "weight_decay": 0.01}, {"params": [params[1], params[3]]}]
    opt = ms.nn.Momentum(params, 0.05, 0.9)
    proc = B(ms).OptimizerProcess(opt)
    proc.add_grad_centralization(net)
    groups = proc.origin_params
    summary = ([(sorted(k for k in g if k != "params"), [p.name for p in g["params"]]) for g in groups]
               if grouped else [p.name for p in groups])
    new = proc.generate_new_optimizer()
    return summary, type(new).__name__, [p.name for p in new.parameters]


def _param_process(ms, grouped):
    _fresh(ms)
    net = _net(ms)
    params = net.trainable_params()
    origin = ([{"params": [params[0]], "lr": 0.1}, {"params": [params[1], params[2]], "weight_decay": 0.1,
                                                   "lr": 0.2}] if grouped else params)
    groups = B(ms).ParameterProcess.generate_group_params(params, origin)
    return [(sorted(k for k in g if k != "params"), [p.name for p in g["params"]]) for g in groups]


def _comm_fusion(ms, split):
    _fresh(ms)
    pp = B(ms).ParameterProcess()
    params = _net(ms, deep=True).trainable_params()
    pp.assign_parameter_group(params, split)
    return [p.comm_fusion for p in params]


def _model_boost(ms, level):
    B(ms).AutoBoost._instance = None  # Model creates the instance with its boost_level
    np.random.seed(11)
    ms.set_seed(11)
    nn = ms.nn
    net = _net(ms)
    opt = nn.Momentum(net.trainable_params(), 0.05, 0.9)
    model = ms.Model(net, nn.MSELoss(), opt, metrics={"mae": nn.MAE()}, boost_level=level)
    data = ms.dataset.NumpySlicesDataset({"x": np.tile(_X, (2, 1)), "y": np.tile(_Y, (2, 1))}, shuffle=False)
    data = data.batch(4)
    model.train(2, data, dataset_sink_mode=False)
    ab = B(ms).AutoBoost()
    return (ab.level, type(model.train_network).__name__, _params(model.train_network.network),
            model.eval(data, dataset_sink_mode=False))


def _loss_scale(ms, kind):
    _fresh(ms)
    net = _net(ms)
    nn = ms.nn
    opt = nn.Momentum(net.trainable_params(), 0.05, 0.9)
    scale = {"tensor": lambda: ms.Tensor(np.float32(8.0)),
             "fixed": lambda: nn.FixedLossScaleUpdateCell(16.0),
             "dynamic": lambda: nn.DynamicLossScaleUpdateCell(2.0 ** 10, 2, 2)}[kind]()
    return B(ms).BoostTrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), opt, scale), net


def _loss_scale_train(ms, kind):
    cell, net = _loss_scale(ms, kind)
    return _steps(ms, cell, 3), _params(net)


def _loss_scale_ref(ms, kind):
    """MindSpore 2.10's boost loss-scale cell (like nn.TrainOneStepWithLossScaleCell) reads the
    Ascend float-status register, which its CPU build lacks: the reference is the documented
    math, written with MindSpore ops its CPU build runs (gradients of the loss scaled by the
    loss scale, unscaled, a finite check, the update cell, then the optimizer)."""
    _fresh(ms)
    net = _net(ms)
    nn = ms.nn
    loss_net = nn.WithLossCell(net, nn.MSELoss())
    weights = ms.ParameterTuple(net.trainable_params())
    opt = nn.Momentum(weights, 0.05, 0.9)
    init = {"tensor": 8.0, "fixed": 16.0, "dynamic": 2.0 ** 10}[kind]
    scale = ms.Parameter(ms.Tensor(np.float32(init)), name="scale_sense")
    update = {"tensor": None, "fixed": lambda: nn.FixedLossScaleUpdateCell(16.0),
              "dynamic": lambda: nn.DynamicLossScaleUpdateCell(2.0 ** 10, 2, 2)}[kind]
    update = update() if update else None
    grad_fn = ms.ops.GradOperation(get_by_list=True, sens_param=True)
    out = []
    for _ in range(3):
        x, y = ms.Tensor(_X), ms.Tensor(_Y)
        loss = loss_net(x, y)
        grads = grad_fn(loss_net, weights)(x, y, ms.ops.ones_like(loss) * scale)
        grads = tuple(g / scale for g in grads)
        cond = ms.Tensor(not all(np.isfinite(g.asnumpy()).all() for g in grads))
        overflow = update(scale, cond) if update is not None else cond
        if not bool(overflow):
            opt(grads)
        out.append(_snap((loss, cond, scale)))
    return out, _params(net)


def _group_lsm(ms, init):
    m = B(ms).GroupLossScaleManager(init, [[1, 2], [3]])
    m.set_loss_scale_status(2, m.get_loss_scale())
    before = [p.asnumpy().copy() for p in m.dynamic_loss_scale]  # MindSpore's asnumpy aliases
    new = m.update_loss_scale_status(1, ms.Tensor(np.float32(0.5)))
    return (m.get_loss_scale(), m.get_update_cell() is m, before, new, [p.asnumpy() for p in m.dynamic_loss_scale],
            [p.name for p in m.dynamic_loss_scale], m.loss_scale_groups)


def _dim_reduce(ms, steps=2):
    _fresh(ms)
    nn = ms.nn
    net = _net(ms)
    loss_net = nn.WithLossCell(net, nn.MSELoss())
    weights = ms.ParameterTuple(net.trainable_params())
    size = sum(int(np.prod(p.shape)) for p in weights)
    pca = np.linalg.qr(np.random.RandomState(97).normal(size=(size, 4)))[0].T.astype(np.float32)
    opt = nn.SGD(weights, learning_rate=1)
    clone = weights.clone(prefix="weights_clone", init="same")
    dr = B(ms).DimReduce(loss_net, opt, weights, pca, 4, 0.55, 0.9, 0.001, 0.4, 0, 1)
    grad_fn = ms.ops.GradOperation(get_by_list=True, sens_param=True)
    out = []
    for _ in range(steps):
        x, y = ms.Tensor(_X), ms.Tensor(_Y)
        loss = loss_net(x, y)
        sens = ms.ops.fill(loss.dtype, loss.shape, 1.0)
        grads = grad_fn(loss_net, weights)(x, y, sens)
        out.append(dr(loss, grads, sens, weights, clone, x, y))
    return out, _params(net), dr.bk.asnumpy(), dr.gk_last.asnumpy(), dr.gk_last_init.asnumpy()


def _names(ms):
    boost = B(ms)
    return sorted(boost.__all__), sorted(n for n in boost.__all__ if not hasattr(boost, n))


def _adasum_split(ms):
    """AdaSum's halving of the weight shapes (the send/receive layout), without communication."""
    import types
    shapes = [ms.Parameter(ms.Tensor(np.zeros(s, np.float32)), name=f"w{i}")
              for i, s in enumerate([(4, 3), (1, 5), (1, 1), (3,)])]
    info = B(ms).AdaSum._get_delta_weights_info(types.SimpleNamespace(parameter_tuple=shapes), [])
    left, right, div = info
    again = B(ms).AdaSum._get_delta_weights_info(types.SimpleNamespace(parameter_tuple=shapes), right)
    return ([s for s, _ in left], [s for s, _ in right], div, [s for s, _ in again[0]], again[2],
            [str(d) for _, d in left])



CASES = [
    case("boost.names", _names),
    case("boost.grad_accumulation/ops", _acc_ops),
    # --- AutoBoost configuration
    case("boost.auto/level_O0", lambda ms: _config(ms, "O0")),
    case("boost.auto/level_O1", lambda ms: _config(ms, "O1")),
    case("boost.auto/level_O2", lambda ms: _config(ms, "O2")),
    case("boost.auto/unknown_level_is_O0", lambda ms: _config(ms, "O5")),
    case("boost.auto/manual_mode", lambda ms: _config(ms, "O1", {
        "boost": {"mode": "manual", "less_bn": False, "grad_accumulation": True, "unknown": True},
        "grad_accumulation": {"grad_accumulation_step": 4}, "grad_freeze": {"param_groups": 3},
        "common": {"device_number": 4, "gradient_split_groups": [2, 5]}})),
    case("boost.auto/enable_all", lambda ms: _config(ms, "O0", {
        "boost": {"mode": "enable_all"}, "grad_freeze": {"param_groups": 4, "freeze_type": 0, "freeze_p": 0.5,
                                                         "total_steps": 100},
        "less_bn": {"fn_flag": False, "gc_flag": False}, "dim_reduce": {"rho": 0.6, "n_components": 8,
                                                                       "timeout": 10}})),
    case("boost.auto/disable_all_ignores_sections", lambda ms: _config(ms, "O2", {
        "boost": {"mode": "disable_all"}, "grad_freeze": {"param_groups": 4}, "common": {"device_number": 2}})),
    case("boost.auto/auto_mode_sections", lambda ms: _config(ms, "O1", {
        "grad_freeze": {"freeze_p": 0.2}, "dim_reduce": {"sigma": 0.9}})),
    case("boost.auto/singleton_keeps_first", _singleton),
    case("boost.auto/err_mode", lambda ms: _config(ms, "O1", {"boost": {"mode": "fast"}}), error=True),
    case("boost.auto/err_split_groups_type", lambda ms: _config(ms, "O1", {"common": {"gradient_split_groups": 2.5}}),
         error=True),
    case("boost.auto/err_split_groups_int", lambda ms: _config(ms, "O1", {"common": {"gradient_split_groups": 3}}),
         error=True),
    # --- BoostTrainOneStepCell
    case("boost.cell/no_sens_returns_none", lambda ms: _boost_step(ms, sens=None, steps=2), **_TRAIN),
    case("boost.cell/momentum_sens2", lambda ms: _boost_step(ms), **_TRAIN),
    case("boost.cell/momentum_graph", lambda ms: _boost_step(ms), mode="graph", **_TRAIN),
    case("boost.cell/adam", lambda ms: _boost_step(ms, "Adam", sens=1.0), **_TRAIN),
    case("boost.cell/sgd", lambda ms: _boost_step(ms, "SGD", sens=0.5), **_TRAIN),
    case("boost.cell/parameter_names", lambda ms: (lambda c: [n for n, _ in c.parameters_and_names()])(
        B(ms).BoostTrainOneStepCell(ms.nn.WithLossCell(_net(ms), ms.nn.MSELoss()),
                                    ms.nn.Momentum(_net(ms).trainable_params(), 0.1, 0.9), sens=1.0))),
    case("boost.cell/flags", lambda ms: (lambda c: (c.freeze, c.use_grad_accumulation, c.enable_dim_reduce,
                                                    c.enable_adasum, c.max_accumulation_step))(
        (_fresh(ms), B(ms).BoostTrainOneStepCell(ms.nn.WithLossCell(_net(ms), ms.nn.MSELoss()),
                                                 ms.nn.SGD(_net(ms).trainable_params(), 0.1)))[1])),
    case("boost.cell/err_sens_zero", lambda ms: B(ms).BoostTrainOneStepCell(
        ms.nn.WithLossCell(_net(ms), ms.nn.MSELoss()), ms.nn.SGD(_net(ms).trainable_params(), 0.1), sens=0),
         error=True),
    # --- gradient accumulation
    case("boost.grad_acc/accumulate_k2", lambda ms: _grad_acc_train(ms, steps=1), **_TRAIN),
    case("boost.grad_acc/accumulate_k3", lambda ms: _grad_acc_train(ms, steps=2, k=3), **_TRAIN),
    # MindSpore 2.10 assigns a Python int to its accumulation_step Parameter at the first update
    case("boost.grad_acc/err_update_step_k2", lambda ms: _grad_acc_train(ms, steps=2), error=True),
    case("boost.grad_acc/err_update_step_k3", lambda ms: _grad_acc_train(ms, steps=3, k=3), error=True),
    case("boost.grad_acc/step1_disabled", lambda ms: _grad_acc_train(ms, steps=2, k=1)[4]),
    case("boost.grad_acc/cell", _grad_acc_cell, **_TRAIN),
    case("boost.grad_acc/cell_graph", _grad_acc_cell, mode="graph", **_TRAIN),
    # --- gradient freezing
    case("boost.freeze/split_groups_3", lambda ms: _split_groups(ms, 3)),
    case("boost.freeze/split_groups_2", lambda ms: _split_groups(ms, 2)),
    case("boost.freeze/sequence_continuous", lambda ms: _freeze_seq(ms, 4, 0, 0.7, 30)),
    case("boost.freeze/sequence_continuous_p05", lambda ms: _freeze_seq(ms, 3, 0, 0.5, 20)),
    case("boost.freeze/sequence_single_group", lambda ms: _freeze_seq(ms, 1, 1, 0.7, 10)),
    case("boost.freeze/sequence_interval", lambda ms: _freeze_seq(ms, 5, 1, 0.7, 40)),
    case("boost.freeze/err_strategy", lambda ms: _freeze_seq(ms, 3, 2, 0.7, 10), error=True),
    case("boost.freeze/generate", _freeze_generate),
    case("boost.freeze/train", _freeze_train, **_TRAIN),
    case("boost.freeze/train_graph", _freeze_train, mode="graph", **_TRAIN),
    case("boost.freeze/freeze_cell_count", lambda ms: (lambda nets: (len(nets), [type(n).__name__ for n in nets]))(
        B(ms).freeze_cell(False, _net(ms), B(ms).FreezeOpt(ms.nn.SGD(_net(ms).trainable_params(), 0.1)), 1.0,
                          ms.ops.GradOperation(get_by_list=True, sens_param=True), False))),
    case("boost.freeze_opt/err_not_optimizer", lambda ms: B(ms).FreezeOpt(_net(ms)), error=True),
    case("boost.freeze_opt/err_strategy_without_groups",
         lambda ms: B(ms).FreezeOpt(ms.nn.SGD(_net(ms).trainable_params(), 0.1), None, [0, 0]), error=True),
    case("boost.freeze_opt/err_groups_type",
         lambda ms: B(ms).FreezeOpt(ms.nn.SGD(_net(ms).trainable_params(), 0.1), "all"), error=True),
    case("boost.freeze_opt/err_group_element",
         lambda ms: (lambda p: B(ms).FreezeOpt(ms.nn.SGD(p, 0.1), [p[0]]))(_net(ms).trainable_params()),
         error=True),
    case("boost.freeze_opt/err_strategy_float",
         lambda ms: (lambda p: B(ms).FreezeOpt(ms.nn.SGD(p, 0.1), [p], [0, 0.5]))(_net(ms).trainable_params()),
         error=True),
    case("boost.freeze_opt/err_strategy_tensor_dtype",
         lambda ms: (lambda p: B(ms).FreezeOpt(ms.nn.SGD(p, 0.1), [p], ms.Tensor(np.zeros(3, np.int64))))(
             _net(ms).trainable_params()), error=True),
    case("boost.freeze_opt/err_strategy_type",
         lambda ms: (lambda p: B(ms).FreezeOpt(ms.nn.SGD(p, 0.1), [p], "0,1"))(_net(ms).trainable_params()),
         error=True),
    # --- LessBN
    case("boost.less_bn/fn_flag", lambda ms: _lessbn(ms, True)),
    case("boost.less_bn/no_fn", lambda ms: _lessbn(ms, False)),
    case("boost.less_bn/common_head", _fn_head),
    # --- OptimizerProcess / ParameterProcess
    case("boost.opt_process/grouped_gc", lambda ms: _opt_process(ms, True)),
    case("boost.opt_process/flat", lambda ms: _opt_process(ms, False)),
    case("boost.opt_process/err_empty", lambda ms: (lambda proc: (setattr(proc, "origin_params", []),
                                                                  proc.add_grad_centralization(_net(ms))))(
        B(ms).OptimizerProcess(ms.nn.SGD(_net(ms).trainable_params(), 0.1))), error=True),
    case("boost.opt_process/err_bad_params", lambda ms: (lambda proc: (setattr(proc, "origin_params", [1, 2]),
                                                                       proc.add_grad_centralization(_net(ms))))(
        B(ms).OptimizerProcess(ms.nn.SGD(_net(ms).trainable_params(), 0.1))), error=True),
    case("boost.param_process/grouped", lambda ms: _param_process(ms, True)),
    case("boost.param_process/flat", lambda ms: _param_process(ms, False)),
    case("boost.param_process/err_empty",
         lambda ms: B(ms).ParameterProcess.generate_group_params(_net(ms).trainable_params(), []), error=True),
    case("boost.param_process/err_items",
         lambda ms: B(ms).ParameterProcess.generate_group_params(_net(ms).trainable_params(), ["w"]), error=True),
    case("boost.param_process/comm_fusion_default", lambda ms: _comm_fusion(ms, None)),
    case("boost.param_process/comm_fusion_split", lambda ms: _comm_fusion(ms, [2, 5, 7])),
    # --- loss scaling
    case("boost.loss_scale/tensor", lambda ms: _loss_scale_train(ms, "tensor"),
         ms_ref=lambda ms: _loss_scale_ref(ms, "tensor"), **_TRAIN),
    case("boost.loss_scale/fixed_cell", lambda ms: _loss_scale_train(ms, "fixed"),
         ms_ref=lambda ms: _loss_scale_ref(ms, "fixed"), **_TRAIN),
    case("boost.loss_scale/dynamic_cell", lambda ms: _loss_scale_train(ms, "dynamic"),
         ms_ref=lambda ms: _loss_scale_ref(ms, "dynamic"), **_TRAIN),
    case("boost.loss_scale/err_int", lambda ms: B(ms).BoostTrainOneStepWithLossScaleCell(
        ms.nn.WithLossCell(_net(ms), ms.nn.MSELoss()), ms.nn.SGD(_net(ms).trainable_params(), 0.1), 3), error=True),
    case("boost.loss_scale/err_shape", lambda ms: B(ms).BoostTrainOneStepWithLossScaleCell(
        ms.nn.WithLossCell(_net(ms), ms.nn.MSELoss()), ms.nn.SGD(_net(ms).trainable_params(), 0.1),
        ms.Tensor(np.ones(2, np.float32))), error=True),
    case("boost.group_lsm/scalar", lambda ms: _group_lsm(ms, 8.0)),
    case("boost.group_lsm/list", lambda ms: _group_lsm(ms, [4.0, 2.0])),
    # --- AdaSum (its Send/Receive across servers needs several 8-device servers: see cpu_untestable.tsv)
    case("boost.adasum/hash", lambda ms: [B(ms).AdaSum._hash(s, t, w) for s, t, w in [(0, 0, 0), (1, 8, 3),
                                                                                       (2, 17, 11)]]),
    case("boost.adasum/split_shapes", _adasum_split),
    # --- DimReduce
    case("boost.dim_reduce/two_steps", _dim_reduce, **_TRAIN),
    # --- Model(boost_level=...)
    case("boost.model/O0", lambda ms: _model_boost(ms, "O0"), **_TRAIN),
    case("boost.model/O1", lambda ms: _model_boost(ms, "O1"), slow=True, **_TRAIN),
    case("boost.model/O2", lambda ms: _model_boost(ms, "O2"), slow=True, **_TRAIN),
    case("boost.model/err_level", lambda ms: ms.Model(_net(ms), ms.nn.MSELoss(),
                                                      ms.nn.SGD(_net(ms).trainable_params(), 0.1),
                                                      boost_level="O3"), error=True),
]


def _isolated(fn):
    """Run a case, then drop the process-wide AutoBoost instance it made, so that later cases and
    tables (``Model(...)`` reuses the instance) start from MindSpore's fresh state."""
    def run(ms, *args):
        try:
            return fn(ms, *args)
        finally:
            B(ms).AutoBoost._instance = None
    return run


for _c in CASES:
    _c.fn = _isolated(_c.fn)
