"""Settings MindSpore refuses that would otherwise give a silent wrong result: an optimizer
called with more or fewer gradients than parameters, a NaN or infinite learning rate, and
unknown set_context / get_context keys."""
import numpy as np

from parity_tests.harness import case, Raw

W = np.ones((2, 3), np.float32)


def _dense(ms):
    net = ms.nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    return net.trainable_params()


def _step(ms, name, n_grads):
    params = _dense(ms)
    opt = getattr(ms.nn, name)(params, 0.1)
    grads = tuple(ms.ops.ones_like(p) for p in params)
    grads = grads[:n_grads] if n_grads <= len(grads) else grads + grads[:n_grads - len(grads)]
    opt(grads)
    return params[0].value(), params[1].value()


def _make(ms, name, lr):
    params = _dense(ms)
    if name == "group":
        return ms.nn.Momentum([{"params": params, "lr": lr}], 0.1, 0.9).learning_rate
    if name == "Momentum":
        return ms.nn.Momentum(params, lr, 0.9).learning_rate
    return getattr(ms.nn, name)(params, lr).learning_rate


CASES = [
    case("optimizer_grads/sgd_matching", lambda ms: _step(ms, "SGD", 2)),
    case("optimizer_grads/adam_matching", lambda ms: _step(ms, "Adam", 2)),
    case("optimizer_grads/sgd_fewer", lambda ms: _step(ms, "SGD", 1), error=True),
    case("optimizer_grads/adam_fewer", lambda ms: _step(ms, "Adam", 1), error=True),
    case("optimizer_grads/momentum_more", lambda ms: _step(ms, "Momentum", 3), error=True),
    *[case(f"optimizer_lr/{name}_{tag}", _make, Raw(name), Raw(lr), error=True)
      for name in ("SGD", "Adam", "Momentum", "group")
      for tag, lr in (("nan", float("nan")), ("inf", float("inf")), ("neg_inf", -float("inf")))],
    case("optimizer_lr/sgd_finite", _make, Raw("SGD"), Raw(0.25)),
    case("context_keys/set_unknown", lambda ms: ms.set_context(no_such_key=1), error=True),
    case("context_keys/set_unknown_with_mode", lambda ms: ms.set_context(mode=ms.PYNATIVE_MODE, no_such_key=1),
         error=True),
    case("context_keys/set_ascend_only_key", lambda ms: ms.set_context(precision_mode="force_fp16"), error=True),
    case("context_keys/get_unknown", lambda ms: ms.get_context("no_such_key"), error=True),
    case("context_keys/get_mode", lambda ms: ms.get_context("mode")),
    case("context_keys/set_known", lambda ms: (ms.set_context(max_call_depth=1200), ms.get_context("max_call_depth"))),
    case("context_keys/set_device_unknown", lambda ms: ms.set_device("NPU"), error=True),
    case("context_keys/set_device_bad_id", lambda ms: ms.set_device("CPU", -1), error=True),
]
