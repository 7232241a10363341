"""Training wrappers (``mindspore.nn.wrap``) and loss scale managers: a small net with fixed
weights trained a few steps through each wrapper with ``nn.Momentum``/``nn.SGD``, comparing the
outputs of every step and the Parameters (and optimizer/loss-scale state) after each step, in
PyNative and GRAPH_MODE; loss-scale steps with an injected overflow (an inf input) show the
skipped update and the scale update; bad arguments.

MindSpore's CPU backend has no kernel for the overflow-status ops its ``TrainOneStepWithLossScaleCell``
uses by default; the cases select its "infnan" mode (``ascend_910b_target = True``,
``enable_allfinite = False``: every gradient checked with ``IsFinite``), which mscompat uses on
every backend (the attributes are accepted and ignored there).
"""
import numpy as np

from parity_tests.harness import case, both_modes, F32

W = (np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5) / 10
B = np.array([0.1, -0.2], np.float32)
X = F32(4, 3, seed=31)
Y = F32(4, 2, seed=32)
X8 = F32(8, 3, seed=33)


def _net(ms):
    net = ms.nn.Dense(3, 2)
    net.weight.set_data(ms.Tensor(W))
    net.bias.set_data(ms.Tensor(B))
    return net


def _vals(params):
    return [p.value() for p in params]


def _inf(x):
    a = x.asnumpy().copy()
    a[0, 0] = np.inf
    return type(x)(a)


# --- WithLossCell / WithEvalCell / WithGradCell / ForwardValueAndGrad ----------------------------
def _with_loss(ms, x, y):
    net = _net(ms)
    cell = ms.nn.WithLossCell(net, ms.nn.MSELoss())
    return cell(x, y), cell.backbone_network is net, [p.name for p in cell.get_parameters()]


def _with_eval(ms, x, y, cast):
    cell = ms.nn.WithEvalCell(_net(ms), ms.nn.MSELoss(), add_cast_fp32=cast)
    return cell(x, y)


def _with_eval_f16(ms, x, y):
    net = _net(ms).to_float(ms.float16)
    cell = ms.nn.WithEvalCell(net, ms.nn.MSELoss(), add_cast_fp32=True)
    loss, out, label = cell(x, y.astype(ms.float16))
    return loss.dtype, out.dtype, label.dtype, loss


def _with_grad(ms, x, y, sens):
    net = _net(ms)
    cell = ms.nn.WithGradCell(net, ms.nn.MSELoss(), sens=None if sens is None else ms.Tensor(sens, ms.float32))
    return cell(x, y)


def _with_grad_noloss(ms, x, y):
    cell = ms.nn.WithGradCell(ms.nn.WithLossCell(_net(ms), ms.nn.L1Loss()))
    return cell(x, y)


def _fvg(ms, x, y, get_all, get_by_list, sens_param):
    net = _net(ms)
    loss = ms.nn.WithLossCell(net, ms.nn.MSELoss())
    weights = net.trainable_params() if get_by_list else None
    cell = ms.nn.ForwardValueAndGrad(loss, weights=weights, get_all=get_all, get_by_list=get_by_list,
                                     sens_param=sens_param)
    if sens_param:
        return cell(x, y, ms.Tensor(3.0, ms.float32))
    return cell(x, y)


# --- TrainOneStepCell ---------------------------------------------------------------------------
def _train(ms, x, y, opt="momentum", sens=None, steps=3):
    net = _net(ms)
    loss = ms.nn.WithLossCell(net, ms.nn.MSELoss())
    if opt == "momentum":
        optim = ms.nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    else:
        optim = ms.nn.SGD(net.trainable_params(), learning_rate=0.05)
    step = ms.nn.TrainOneStepCell(loss, optim, sens=sens)
    out = []
    for _ in range(steps):
        out.append(step(x, y))
        out.append(_vals(net.trainable_params()))
    return out, _vals(optim.parameters), [p.name for p in step.get_parameters()]


def _train_return_grad(ms, x, y):
    net = _net(ms)
    optim = ms.nn.SGD(net.trainable_params(), learning_rate=0.1)
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), optim, return_grad=True)
    out = []
    for _ in range(2):
        loss, grads = step(x, y)
        out.append((loss, sorted(grads), [grads[k] for k in sorted(grads)]))
    return out, _vals(net.trainable_params())


def _train_custom_opt(ms, x, y):
    ops = ms.ops

    class Opt(ms.nn.Cell):
        def __init__(self, params):
            super().__init__()
            self.parameters = ms.ParameterTuple(params)

        def construct(self, grads):
            for p, g in zip(self.parameters, grads):
                ops.assign(p, p - 0.2 * g)
            return True

    net = _net(ms)
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), Opt(net.trainable_params()), sens=0.5)
    return [step(x, y) for _ in range(3)], _vals(net.trainable_params())


def _train_bn(ms, x, y):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = _net(ms)
            self.bn = ms.nn.BatchNorm1d(2)

        def construct(self, x):
            return self.bn(self.fc(x))

    net = Net()
    optim = ms.nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), optim)
    step.set_train()
    out = [step(x, y) for _ in range(3)]
    return out, _vals(net.get_parameters())


# --- loss scaling -------------------------------------------------------------------------------
def _ls_cell(ms, step):
    step.ascend_910b_target = True     # MindSpore CPU: the IsFinite overflow check (see the module docstring)
    step.enable_allfinite = False
    step.gpu_target = False
    return step


def _loss_scale(ms, x, y, kind, opt="momentum"):
    net = _net(ms)
    loss = ms.nn.WithLossCell(net, ms.nn.MSELoss())
    if opt == "momentum":
        optim = ms.nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    else:
        optim = ms.nn.SGD(net.trainable_params(), learning_rate=0.05)
    if kind == "dynamic":
        sense = ms.nn.DynamicLossScaleUpdateCell(loss_scale_value=2.0 ** 10, scale_factor=2, scale_window=2)
    elif kind == "fixed":
        sense = ms.nn.FixedLossScaleUpdateCell(64.0)
    else:
        sense = ms.Tensor([16.0], ms.float32)
    step = _ls_cell(ms, ms.nn.TrainOneStepWithLossScaleCell(loss, optim, sense))
    xi = _inf(x)
    out = []
    for xx in (x, xi, x, x, x, xi, x):
        loss_v, cond, scale = step(xx, y)
        out.append([loss_v, cond, ms.Tensor(scale.asnumpy())])
        out.append(_vals(step.get_parameters()))
    return out, [p.name for p in step.get_parameters()]


def _zoo_loss_scale(ms, x, y):
    """The model-zoo pattern: a TrainOneStepWithLossScaleCell subclass with its own construct
    (start_overflow_check, HyperMap of ``_grad_scale``, get_overflow_status, process_loss_scale,
    ``if not overflow``)."""
    ops = ms.ops
    from importlib import import_module
    _grad_scale = import_module(ms.__name__ + ".nn.wrap.loss_scale")._grad_scale

    class Train(ms.nn.TrainOneStepWithLossScaleCell):
        def construct(self, a, b):
            weights = self.weights
            loss = self.network(a, b)
            scaling_sens = self.scale_sense
            status, scaling_sens = self.start_overflow_check(loss, scaling_sens)
            scaling_sens_filled = ops.ones_like(loss) * ops.cast(scaling_sens, ops.dtype(loss))
            grads = self.grad(self.network, weights)(a, b, scaling_sens_filled)
            grads = self.hyper_map(ops.partial(_grad_scale, scaling_sens), grads)
            cond = self.get_overflow_status(status, grads)
            overflow = self.process_loss_scale(cond)
            if not overflow:
                self.optimizer(grads)
            return loss, cond, scaling_sens

    net = _net(ms)
    optim = ms.nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    upd = ms.nn.DynamicLossScaleUpdateCell(loss_scale_value=2.0 ** 6, scale_factor=2, scale_window=2)
    step = _ls_cell(ms, Train(ms.nn.WithLossCell(net, ms.nn.MSELoss()), optim, upd))
    out = []
    for xx in (x, _inf(x), x, x):
        loss_v, cond, scale = step(xx, y)
        out.append([loss_v, cond, ms.Tensor(scale.asnumpy()), _vals(step.get_parameters())])
    return out


def _fvg_bn(ms, x, y):
    bn = ms.nn.BatchNorm1d(2, momentum=0.5)
    bn.set_train()
    loss = ms.nn.WithLossCell(bn, ms.nn.MSELoss())
    f = ms.nn.ForwardValueAndGrad(loss, weights=bn.trainable_params(), get_by_list=True)
    return f(x, y), _vals(bn.get_parameters())


def _loss_scale_set_sense(ms, x, y):
    net = _net(ms)
    optim = ms.nn.SGD(net.trainable_params(), learning_rate=0.05)
    step = _ls_cell(ms, ms.nn.TrainOneStepWithLossScaleCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), optim,
                                                           ms.Tensor(8.0, ms.float32)))
    a = step(x, y)
    step.set_sense_scale(ms.Tensor(2.0, ms.float32))
    b = step(x, y)
    return [t.value() if hasattr(t, "value") else t for t in a], list(b), _vals(net.trainable_params())


def _overflow_methods(ms, x):
    net = _net(ms)
    optim = ms.nn.SGD(net.trainable_params())
    step = _ls_cell(ms, ms.nn.TrainOneStepWithLossScaleCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), optim,
                                                           ms.Tensor(1.0, ms.float32)))
    status, inp = step.start_overflow_check(x, x)
    return (status, inp, step.get_overflow_status(status, (x, x * 2)),
            step.get_overflow_status(status, (x, _inf(x))), step.process_loss_scale(ms.Tensor(True)))


def _update_cells(ms):
    ops = ms.ops
    upd = ms.nn.DynamicLossScaleUpdateCell(loss_scale_value=8.0, scale_factor=4, scale_window=3)
    scale = ms.Parameter(ms.Tensor(8.0, ms.float32), name="s")
    out = [upd.get_loss_scale()]
    for ov in (False, False, False, True, True, False, False, False, False):
        r = upd(scale, ms.Tensor(ov))
        out.append([r, scale.value(), upd.cur_iter.value(), upd.last_overflow_iter.value()])
    fixed = ms.nn.FixedLossScaleUpdateCell(32)
    return out, fixed.get_loss_scale(), fixed(scale, ms.Tensor(True)), [p.name for p in upd.get_parameters()]


def _managers(ms):
    out = []
    f = ms.FixedLossScaleManager(256.0, drop_overflow_update=False)
    out += [f.get_loss_scale(), f.get_drop_overflow_update(), f.get_update_cell() is None, f.update_loss_scale(True)]
    f2 = ms.FixedLossScaleManager()
    cell = f2.get_update_cell()
    out += [f2.get_loss_scale(), f2.get_drop_overflow_update(), type(cell).__name__, cell.get_loss_scale()]
    d = ms.DynamicLossScaleManager(init_loss_scale=1024, scale_factor=2, scale_window=3)
    out += [d.get_loss_scale(), d.get_drop_overflow_update()]
    for ov in (False, False, True, False, False, False, True, True):
        d.update_loss_scale(ov)
        out.append([d.get_loss_scale(), d.cur_iter, d.last_overflow_iter, d.bad_step])
    cell = d.get_update_cell()
    out += [type(cell).__name__, cell.get_loss_scale(), cell.scale_factor, cell.scale_window]
    dd = ms.DynamicLossScaleManager()
    out += [dd.get_loss_scale(), dd.scale_factor, dd.scale_window, dd.increase_ratio, dd.decrease_ratio]
    out += [isinstance(d, ms.LossScaleManager), isinstance(f, ms.train.loss_scale_manager.LossScaleManager)]
    return out


# --- other wrappers -------------------------------------------------------------------------------
def _param_update(ms, x):
    p = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name="p")
    upd = ms.nn.ParameterUpdate(p)
    out = upd(x)
    return out, p.value()


def _micro(ms, x, kind, n):
    net = _net(ms)
    cls = {"acc": ms.nn.GradAccumulationCell, "pipe": ms.nn.PipelineCell, "inter": ms.nn.MicroBatchInterleaved}[kind]
    cell = cls(net, n)
    return cell(x), [p.name for p in cell.get_parameters()]


def _micro_loss(ms, x, y):
    net = ms.nn.WithLossCell(_net(ms), ms.nn.MSELoss())
    cell = ms.nn.GradAccumulationCell(net, 2)
    return cell(x, y)


def _virtual_triple(ms, x):
    class Three(ms.nn.Cell):
        def construct(self, a, b, c):
            return a + b * c

    return ms.nn.VirtualDatasetCellTriple(Three())(x, x, x)


# --- bad arguments ----------------------------------------------------------------------------------
def _bad(ms, what):
    net = _net(ms)
    loss = ms.nn.WithLossCell(net, ms.nn.MSELoss())
    optim = ms.nn.SGD(net.trainable_params())
    if what == "sens0":
        return ms.nn.TrainOneStepCell(loss, optim, sens=0)
    if what == "scale_type":
        return ms.nn.TrainOneStepWithLossScaleCell(loss, optim, 2.0)
    if what == "scale_shape":
        return ms.nn.TrainOneStepWithLossScaleCell(loss, optim, ms.Tensor([1.0, 2.0]))
    if what == "set_sense":
        step = ms.nn.TrainOneStepWithLossScaleCell(loss, optim, ms.Tensor(1.0))
        return step.set_sense_scale(2.0)
    if what == "fvg_net":
        return ms.nn.ForwardValueAndGrad(3)
    if what == "fvg_all":
        return ms.nn.ForwardValueAndGrad(loss, get_all=1)
    if what == "fvg_list":
        return ms.nn.ForwardValueAndGrad(loss, get_by_list=1)
    if what == "fvg_weights":
        return ms.nn.ForwardValueAndGrad(loss, weights=None, get_by_list=True)
    if what == "eval_cast":
        return ms.nn.WithEvalCell(net, ms.nn.MSELoss(), add_cast_fp32=1)
    if what == "param_update":
        return ms.nn.ParameterUpdate(ms.Tensor([1.0]))
    if what == "acc_net":
        return ms.nn.GradAccumulationCell(lambda x: x, 2)
    if what == "acc_type":
        return ms.nn.GradAccumulationCell(net, 2.0)
    if what == "acc_zero":
        return ms.nn.GradAccumulationCell(net, 0)
    if what == "pipe_zero":
        return ms.nn.PipelineCell(net, -1)
    if what == "pipe_shard":
        return ms.nn.PipelineCell(net, 2).shard(((1,),))
    if what == "pipe_stage":
        return ms.nn.PipelineCell(net, 2, stage_config={"nope": 1})
    if what == "inter_type":
        return ms.nn.MicroBatchInterleaved(net, "2")
    if what == "inter_zero":
        return ms.nn.MicroBatchInterleaved(net, 0)
    if what == "micro_divide":
        return ms.nn.MicroBatchInterleaved(net, 3)(ms.Tensor(X))
    if what == "fixed_mgr":
        return ms.FixedLossScaleManager(0.5)
    if what == "dyn_mgr_scale":
        return ms.DynamicLossScaleManager(init_loss_scale=0.5)
    if what == "dyn_mgr_window":
        return ms.DynamicLossScaleManager(scale_window=0)
    if what == "dyn_mgr_window_type":
        return ms.DynamicLossScaleManager(scale_window=2.0)
    if what == "dyn_mgr_factor":
        return ms.DynamicLossScaleManager(scale_factor=0)
    raise AssertionError(what)


_BAD = ["sens0", "scale_type", "scale_shape", "set_sense", "fvg_net", "fvg_all", "fvg_list", "fvg_weights",
        "eval_cast", "param_update", "acc_net", "acc_type", "acc_zero", "pipe_zero", "pipe_shard", "pipe_stage",
        "inter_type", "inter_zero", "micro_divide", "fixed_mgr", "dyn_mgr_scale", "dyn_mgr_window",
        "dyn_mgr_window_type", "dyn_mgr_factor"]


CASES = [
    *both_modes("WithLossCell/mse", _with_loss, X, Y),
    case("WithEvalCell/basic", _with_eval, X, Y, False),
    case("WithEvalCell/cast_fp32", _with_eval, X, Y, True),
    case("WithEvalCell/fp16_net", _with_eval_f16, X, Y, rtol=2e-3, atol=2e-3),
    case("WithEvalCell/graph", _with_eval, X, Y, True, mode="graph"),
    *both_modes("WithGradCell/no_sens", _with_grad, X, Y, None),
    case("WithGradCell/sens", _with_grad, X, Y, 2.5),
    case("WithGradCell/with_loss_network", _with_grad_noloss, X, Y),
    *both_modes("ForwardValueAndGrad/get_by_list", _fvg, X, Y, False, True, False),
    case("ForwardValueAndGrad/get_all", _fvg, X, Y, True, False, False),
    case("ForwardValueAndGrad/first_input", _fvg, X, Y, False, False, False),
    case("ForwardValueAndGrad/all_and_list_sens", _fvg, X, Y, True, True, True),
    case("ForwardValueAndGrad/graph_sens", _fvg, X, Y, False, True, True, mode="graph"),
    *both_modes("TrainOneStepCell/momentum", _train, X, Y),
    *both_modes("TrainOneStepCell/sgd_sens", _train, X, Y, "sgd", 4.0),
    case("TrainOneStepCell/momentum_sens", _train, X, Y, "momentum", 0.5),
    *both_modes("TrainOneStepCell/return_grad", _train_return_grad, X, Y),
    *both_modes("TrainOneStepCell/custom_optimizer", _train_custom_opt, X, Y),
    *both_modes("TrainOneStepCell/batchnorm", _train_bn, X8, F32(8, 2, seed=34)),
    *both_modes("TrainOneStepWithLossScaleCell/dynamic_overflow", _loss_scale, X, Y, "dynamic"),
    *both_modes("TrainOneStepWithLossScaleCell/fixed_overflow", _loss_scale, X, Y, "fixed"),
    *both_modes("TrainOneStepWithLossScaleCell/tensor_overflow", _loss_scale, X, Y, "tensor", "sgd"),
    *both_modes("TrainOneStepWithLossScaleCell/model_zoo_subclass", _zoo_loss_scale, X, Y),
    *both_modes("ForwardValueAndGrad/batchnorm_once", _fvg_bn, F32(4, 2, seed=36), Y),
    case("TrainOneStepWithLossScaleCell/set_sense_scale", _loss_scale_set_sense, X, Y),
    case("TrainOneStepWithLossScaleCell/overflow_methods", _overflow_methods, X),
    *both_modes("DynamicLossScaleUpdateCell/sequence", _update_cells),
    case("FixedLossScaleManager/DynamicLossScaleManager/methods", _managers),
    *both_modes("ParameterUpdate/assign", _param_update, F32(3, seed=35)),
    case("GradAccumulationCell/sum", _micro, X8, "acc", 2),
    case("GradAccumulationCell/four", _micro, X8, "acc", 4),
    case("GradAccumulationCell/loss", _micro_loss, X, Y),
    case("GradAccumulationCell/graph", _micro, X8, "acc", 2, mode="graph"),
    case("PipelineCell/sum", _micro, X8, "pipe", 2),
    case("MicroBatchInterleaved/sum", _micro, X8, "inter", 2),
    case("MicroBatchInterleaved/graph", _micro, X8, "inter", 4, mode="graph"),
    case("VirtualDatasetCellTriple/call", _virtual_triple, X),
    *[case(f"nn.wrap/bad_{w}", _bad, w, error=True) for w in _BAD],
]
