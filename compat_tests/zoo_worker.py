"""Runs one model of a MindSpore model zoo and writes what the harness compares.

Run by either interpreter, unmodified zoo code on both sides:

    ORACLE_PYTHON compat_tests/zoo_worker.py SPEC OUT_DIR            # real MindSpore
    python -m mscompat compat_tests/zoo_worker.py SPEC OUT_DIR       # mscompat, `mindspore` aliased

``SPEC`` is ``package:model[:image_size]`` (``mindcv:resnet18:64``). The real-MindSpore side
builds the model, saves its initial parameters to ``OUT_DIR/init.ckpt``; the mscompat side
loads that checkpoint (``load_checkpoint`` + ``load_param_into_net``, so checkpoint interop is
part of what is checked) before computing. Each side writes ``OUT_DIR/<side>.npz`` with:

* the parameter names, shapes and dtypes in ``get_parameters()`` order;
* the forward output (eval mode) on a fixed input;
* the loss from the zoo's own loss factory, and the gradients of that loss for every
  trainable parameter (in eval mode, so that dropout's random masks do not enter);
* every trainable parameter after one step of the zoo's own optimizer factory;
* timings of import, construction, forward and gradient.
"""
import json
import os
import sys
import time
import zlib

import numpy as np


def _build(package, model, num_classes):
    if package == "mindcv":
        import mindcv
        return mindcv.create_model(model, num_classes=num_classes, pretrained=False)
    if package == "mindyolo":
        from compat_tests import zoo_configs
        from mindyolo.models import create_model
        return create_model(model_name=model, model_cfg=zoo_configs.yolo_cfg(model), num_classes=num_classes,
                            checkpoint_path="")
    if package == "mindocr":
        from mindocr.models.backbones import build_backbone
        return build_backbone(model, pretrained=False)
    raise ValueError(f"unknown package {package!r}")


def _loss_and_opt(package, params, ms):
    """The zoo's own loss and optimizer factories (mindcv's; the others reuse mindcv's here only
    when they have none of their own for a bare backbone)."""
    if package == "mindcv":
        from mindcv.loss import create_loss
        from mindcv.optim import create_optimizer
        return (create_loss(name="CE", label_smoothing=0.1),
                create_optimizer(params, opt="momentum", lr=0.01, weight_decay=1e-4, momentum=0.9))
    loss = ms.nn.MSELoss()
    return loss, ms.nn.Momentum(params, learning_rate=0.01, momentum=0.9, weight_decay=1e-4)


def _flat(out):
    if isinstance(out, (tuple, list)):
        return [a for o in out for a in _flat(o)]
    if isinstance(out, dict):
        return [a for k in sorted(out) for a in _flat(out[k])]
    return [out]


def main(spec, out_dir):
    parts = spec.split(":")
    package, model = parts[0], parts[1]
    size = int(parts[2]) if len(parts) > 2 else 64
    times = {}
    t = time.perf_counter()
    import mindspore as ms
    real = ms.__name__ == "mindspore"      # under `python -m mscompat` the alias gives mscompat
    side = "mindspore" if real else "mscompat"
    __import__(package)
    times["import"] = time.perf_counter() - t
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(1)
    num_classes = 10
    t = time.perf_counter()
    net = _build(package, model, num_classes)
    times["build"] = time.perf_counter() - t
    ckpt = os.path.join(out_dir, "init.ckpt")
    if real:
        ms.save_checkpoint(net, ckpt)
    else:
        not_loaded = ms.load_param_into_net(net, ms.load_checkpoint(ckpt))
        not_loaded = not_loaded[0] if isinstance(not_loaded, tuple) else not_loaded
        if not_loaded:
            raise RuntimeError(f"parameters not loaded from MindSpore's checkpoint: {not_loaded}")
    params = list(net.get_parameters())
    res = {"names": np.array([p.name for p in params]),
           "shapes": np.array([json.dumps(list(p.shape)) for p in params]),
           "dtypes": np.array([str(p.dtype) for p in params])}
    rs = np.random.RandomState(0)
    x = ms.Tensor(rs.standard_normal((4, 3, size, size)).astype(np.float32))
    net.set_train(False)
    t = time.perf_counter()
    outs = _flat(net(x))
    times["forward"] = time.perf_counter() - t
    for i, o in enumerate(outs):
        res[f"out{i}"] = o.asnumpy()
    trainable = net.trainable_params()
    loss_fn, opt = _loss_and_opt(package, trainable, ms)
    first = outs[0]
    if package == "mindcv":
        target = ms.Tensor(np.array([1, 3, 0, 7], np.int32))
    else:
        target = ms.Tensor(rs.standard_normal(first.shape).astype(np.float32))

    def forward(x, target):
        return loss_fn(_flat(net(x))[0], target)

    # gradients and the step in eval mode: deterministic on both sides (dropout and drop-path
    # draw from each framework's own generator, so train-mode randomness cannot be compared)
    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    t = time.perf_counter()
    loss, grads = grad_fn(x, target)
    times["grad"] = time.perf_counter() - t
    res["loss"] = loss.asnumpy()
    for p, g in zip(opt.parameters, grads):
        res["grad:" + p.name] = g.asnumpy()
    opt(grads)
    for p in opt.parameters:
        res["step:" + p.name] = p.asnumpy()
    res["times"] = np.array(json.dumps(times))
    np.savez(os.path.join(out_dir, f"{side}.npz"), **res)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    main(sys.argv[1], sys.argv[2])
