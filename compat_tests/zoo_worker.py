"""Runs one model of a MindSpore model zoo and writes what the harness compares.

Run by either interpreter, unmodified zoo code on both sides:

    ORACLE_PYTHON compat_tests/zoo_worker.py SPEC OUT_DIR            # real MindSpore
    python -m mscompat compat_tests/zoo_worker.py SPEC OUT_DIR       # mscompat, `mindspore` aliased
    ORACLE_PYTHON compat_tests/zoo_worker.py SPEC OUT_DIR --noise=KIND     # MindSpore against itself
    ... zoo_worker.py SPEC OUT_DIR --relu=record                           # either side: ReLU inputs
    python -m mscompat compat_tests/zoo_worker.py SPEC OUT_DIR --relu=impose   # MindSpore's ReLU decisions

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

With ``--noise=KIND`` (real MindSpore again, after the first run) it loads ``init.ckpt`` too and
writes ``mindspore_noise_<KIND>.npz``. The harness starts ``isa`` and ``isa_input`` with
``ONEDNN_MAX_CPU_ISA=AVX2`` (oneDNN's other CPU kernels, which sum in another order);
``input`` and ``isa_input`` move every element of the input image by ``PERTURBATION`` of
itself (random signs, two different draws). How far MindSpore's own results move under these
rounding-level changes is the noise floor the harness judges differences against
(``harness.NOISE``).

``--relu=record`` (either side, after the first runs) writes ``relu_<side>.npz``: the input of
every call of every ``nn.ReLU`` cell in the forward pass of the gradient computation
(mscompat's with the decisions of ``relu_sites.npz`` imposed, when there is one).
``--relu=impose`` (mscompat) reads ``relu_sites.npz`` (the elements where the two sides'
inputs fall on different sides of 0, and MindSpore's side; made by the harness) and computes
everything again with MindSpore's decision at those elements, writing ``mscompat_imposed.npz``
(``harness.KINKS``).

``--cells=record`` (real MindSpore) records, for every call of every sub-cell whose inputs and
output are float Tensors, its inputs and output in the eval forward pass and the gradient of
the loss with respect to that output (a zero tap added to it, differentiated), as
``cells_in.npz``; then it computes each call again alone from those inputs: the output and the
local gradients (inputs and the cell's trainable parameters) of ``sum(output * recorded
gradient)``, as ``cells_mindspore.npz``. ``--cells=replay`` (mscompat) computes the same from
``cells_in.npz`` as ``cells_mscompat.npz`` (``harness._cells``).
"""
import importlib
import importlib.util
import json
import os
import sys
import time
import types
import zlib

import numpy as np


# the relative change of every input element in the --noise=input run: 2**-22, four float32 units
# in the last place
PERTURBATION = 2.0 ** -22
NOISE_KINDS = ("isa", "input", "isa_input")
NOISE_SEEDS = {"input": 1, "isa_input": 2}    # the kinds that move the input, and their draws


def shared_init(ms, net, out_dir, save):
    """``save`` (real MindSpore's first run) saves ``net``'s initial parameters to
    ``out_dir/init.ckpt``; otherwise they are loaded by name (RuntimeError naming any that could
    not be loaded). Returns the parameters' names, shapes and dtypes as arrays."""
    ckpt = os.path.join(out_dir, "init.ckpt")
    if save:
        ms.save_checkpoint(net, ckpt)
    else:
        not_loaded = ms.load_param_into_net(net, ms.load_checkpoint(ckpt))
        not_loaded = not_loaded[0] if isinstance(not_loaded, tuple) else not_loaded
        if not_loaded:
            raise RuntimeError(f"parameters not loaded from MindSpore's checkpoint: {not_loaded}")
    params = list(net.get_parameters())
    return {"names": np.array([p.name for p in params]),
            "shapes": np.array([json.dumps(list(p.shape)) for p in params]),
            "dtypes": np.array([str(p.dtype) for p in params])}


# mindocr 0.5.0's models run here: model function -> (its module in mindocr.models, input height
# (None: a square input), what the model takes besides the image: see _ocr_inputs). The others
# need what real MindSpore 2.10 lacks or a download: compat_tests/README.md.
OCR_MODELS = {"dbnet_resnet18": ("det_dbnet", None, None), "dbnet_mobilenetv3": ("det_dbnet", None, None),
              "dbnet_resnet50": ("det_dbnet", None, None), "dbnetpp_resnet50": ("det_dbnet", None, None),
              "dbnet_ppocrv3": ("det_dbnet", None, None),
              "crnn_vgg7": ("rec_crnn", 32, None), "crnn_resnet34": ("rec_crnn", 32, None),
              "crnn_resnet34_ch": ("rec_crnn", 32, None), "svtr_tiny": ("rec_svtr", 32, None),
              "svtr_tiny_ch": ("rec_svtr", 32, None), "svtr_ppocrv3_ch": ("rec_svtr", 48, None),
              "rare_resnet34": ("rec_rare", 32, None), "rare_resnet34_ch": ("rec_rare", 32, None),
              "cls_mobilenet_v3_small_100_model": ("cls_mv3", 48, None),
              "master_resnet31": ("rec_master", 48, "label"), "robustscanner_resnet31": ("rec_robustscanner", 48, "rs"),
              "visionlan_resnet45": ("rec_visionlan", 64, None), "table_master": ("table_master", None, "label"),
              "yolov8": ("layout_yolov8", None, None), "vi_layoutxlm_ser": ("kie_layoutxlm", None, "kie"),
              "layoutxlm_ser": ("kie_layoutxlm", None, "kie")}
# the heads those models use, by class name -> module of mindocr.models.heads
OCR_HEADS = {"DBHead": "det_db_head", "DBHeadEnhance": "det_db_head", "CTCHead": "rec_ctc_head",
             "AttentionHead": "rec_attn_head", "MobileNetV3Head": "cls_head", "MultiHead": "rec_multi_head",
             "MasterDecoder": "rec_master_decoder", "RobustScannerHead": "rec_robustscanner_head",
             "VisionLANHead": "rec_visionlan_head", "TableMasterHead": "table_master_head",
             "YOLOv8Head": "yolov8_head", "TokenClassificationHead": "kie_tokenclassification_head"}
# every backbone module but ABINet's (mindspore.parallel._transformer)
OCR_BACKBONES = ("det_resnet", "det_mobilenet", "rec_resnet", "rec_resnet45", "rec_vgg", "rec_svtr",
                 "rec_svtr_enhance", "rec_master", "cls_mobilenet_v3", "table_master_resnet", "yolov8_backbone",
                 "layoutxlm.layoutxlm")
# LayoutXLM-base has a 250002-token vocabulary and 12 layers (278M parameters): the KIE models
# are built with mindocr's own configuration narrowed to these values
OCR_TINY_LAYOUTXLM = {"vocab_size": 1000, "num_hidden_layers": 2}


def _build_head(head_name, **kwargs):
    """mindocr's ``build_head`` (the class of that name, called with ``kwargs``) over the head
    modules imported one by one."""
    return getattr(importlib.import_module(f"mindocr.models.heads.{OCR_HEADS[head_name]}"), head_name)(**kwargs)


def import_mindocr_models():
    """Makes mindocr 0.5.0's model modules importable without running the package ``__init__``
    files that real MindSpore 2.10 cannot import: ``mindocr/__init__.py``, ``mindocr/models/__init__.py``
    and ``mindocr/models/heads/builder.py`` import ABINet's layers, which import
    ``mindspore.parallel._transformer`` (removed in 2.10), and ``mindocr/utils/__init__.py`` and
    ``models/backbones/layoutxlm/__init__.py`` import the data pipeline or the tokenizer, which
    need those layers or huggingface_hub<1.0. Empty package modules with the packages' real
    ``__path__`` stand in for them; the backbone and neck builders are mindocr's own, the head
    builder resolves the heads of ``OCR_HEADS``."""
    root = os.path.dirname(importlib.util.find_spec("mindocr").origin)
    for name in ("mindocr", "mindocr.utils", "mindocr.models", "mindocr.models.backbones",
                 "mindocr.models.backbones.mindcv_models", "mindocr.models.backbones.layoutxlm",
                 "mindocr.models.necks", "mindocr.models.heads"):
        pkg = types.ModuleType(name)
        pkg.__path__ = [os.path.join(root, *name.split(".")[1:])]
        sys.modules[name] = pkg
    registry = importlib.import_module("mindocr.models.backbones._registry")
    sys.modules["mindocr.models.backbones"].register_backbone = registry.register_backbone
    for module in OCR_BACKBONES:      # registers the backbones with build_backbone
        importlib.import_module(f"mindocr.models.backbones.{module}")
    sys.modules["mindocr.models.backbones"].build_backbone = \
        importlib.import_module("mindocr.models.backbones.builder").build_backbone
    sys.modules["mindocr.models.necks"].build_neck = importlib.import_module("mindocr.models.necks.builder").build_neck
    sys.modules["mindocr.models.heads"].build_head = _build_head
    layoutxlm = sys.modules["mindocr.models.backbones.layoutxlm.layoutxlm"]
    full_config = layoutxlm.LayoutXLMPretrainedConfig

    def tiny_config(*args, **kwargs):
        config = full_config(*args, **kwargs)
        for key, value in OCR_TINY_LAYOUTXLM.items():
            setattr(config, key, value)
        return config
    layoutxlm.LayoutXLMPretrainedConfig = tiny_config


def _ocr_inputs(ms, model, image, rs):
    """What a mindocr model is called with: the image, then the head's targets, which mindocr's
    ``BaseModel`` passes on to the head: MASTER's and TableMaster's decoders are run on a label
    (teacher forcing, their training branch; greedy decoding feeds back an argmax, and
    TableMaster's takes 501 steps), RobustScanner's on its valid-width mask and word positions
    (the data pipeline's ``RobustScannerRecResizeImg``). The KIE models take one tuple
    ``(input_ids, bbox, attention_mask, token_type_ids, image)`` of 16 tokens, int64 as mindocr's
    data pipeline gives them."""
    extra = OCR_MODELS[model][2]
    n = image.shape[0]
    if extra == "label":
        classes = 94 if model == "master_resnet31" else 43
        return ms.Tensor(image), ms.Tensor(rs.randint(0, classes, (n, 17)).astype(np.int32))
    if extra == "rs":
        mask = np.ones((n, 1, image.shape[3] // 4), np.int32)
        mask[1:, :, image.shape[3] // 8:] = 0
        return ms.Tensor(image), ms.Tensor(mask), ms.Tensor(np.tile(np.arange(40, dtype=np.int32), (n, 1)))
    if extra == "kie":
        tokens = 16
        ids = rs.randint(3, OCR_TINY_LAYOUTXLM["vocab_size"], (n, tokens))
        corner = rs.randint(0, 900, (n, tokens, 2))
        bbox = np.concatenate([corner, corner + rs.randint(1, 100, (n, tokens, 2))], -1)
        mask = np.ones((n, tokens), np.int64)
        mask[1:, 12:] = 0
        return ((ms.Tensor(ids), ms.Tensor(bbox), ms.Tensor(mask), ms.Tensor(np.zeros((n, tokens), np.int64)),
                 ms.Tensor(image)),)
    return (ms.Tensor(image),)


def _build(package, model, num_classes):
    if package == "mindcv":
        import mindcv
        return mindcv.create_model(model, num_classes=num_classes, pretrained=False)
    if package == "mindyolo":
        from compat_tests import zoo_configs
        from mindyolo.models import create_model
        cfg = zoo_configs.yolo_cfg(model)
        return create_model(model_name=cfg.model_name, model_cfg=cfg, num_classes=num_classes, checkpoint_path="")
    if package == "mindocr":
        create = getattr(importlib.import_module(f"mindocr.models.{OCR_MODELS[model][0]}"), model)
        return create(pretrained=False, pretrained_backbone=False)
    if package == "mindaudio":
        import mindaudio.models.conv_tasnet
        import mindaudio.models.ecapatdnn
        if model == "ecapatdnn":     # a narrow ECAPA-TDNN over 40 mel bins (the recipe's: 80, 1024 wide)
            return mindaudio.models.ecapatdnn.EcapaTDNN(40, lin_neurons=32, channels=(64, 64, 64, 64, 192),
                                                        attention_channels=16, res2net_scale=4, se_channels=16)
        if model == "conv_tasnet":   # a small Conv-TasNet: 2 speakers, 2 repeats of 3 blocks
            return mindaudio.models.conv_tasnet.ConvTasNet(N=32, L=16, B=16, H=32, P=3, X=3, R=2, C=2)
    raise ValueError(f"unknown model {package}:{model}")


def _input(package, model, size, rs):
    """The fixed input: ``(4, 3, size, size)`` images (``(4, 3, 32, size)`` for mindocr's
    recognition models), ``(4, size, 40)`` mel frames for ECAPA-TDNN, ``(4, size)`` waveforms for
    Conv-TasNet."""
    if package == "mindaudio":
        shape = (4, size, 40) if model == "ecapatdnn" else (4, size)
    elif package == "mindocr":        # text recognition: (4, 3, 32, size) text lines
        shape = (4, 3, OCR_MODELS[model][1] or size, size)
    else:
        shape = (4, 3, size, size)
    return rs.standard_normal(shape).astype(np.float32)


def _loss_and_opt(package, model, params, ms):
    """The zoo's own loss and optimizer factories where it has them (mindcv's, mindyolo's);
    ``nn.MSELoss`` and ``nn.Momentum`` for bare backbones of zoos that have none."""
    if package == "mindcv":
        from mindcv.loss import create_loss
        from mindcv.optim import create_optimizer
        return (create_loss(name="CE", label_smoothing=0.1),
                create_optimizer(params, opt="momentum", lr=0.01, weight_decay=1e-4, momentum=0.9))
    if package == "mindyolo":
        # mindyolo 0.5's losses call ``Tensor.max(axis)``, which on MindSpore 2.10 returns a
        # (values, indices) tuple, so they fail on real MindSpore: MSE over the first output.
        # The recipes' optimizer without ``nesterov=True``: MindSpore 2.10's CPU ApplyMomentum
        # ignores use_nesterov (its first step is lr * grad, not lr * (1 + momentum) * grad)
        from mindyolo.optim import create_optimizer
        return (ms.nn.MSELoss(), create_optimizer(params, optimizer="momentum", lr=0.01, weight_decay=5e-4,
                                                  momentum=0.937))
    loss = ms.nn.MSELoss()
    return loss, ms.nn.Momentum(params, learning_rate=0.01, momentum=0.9, weight_decay=1e-4)


def _flat(out):
    if isinstance(out, (tuple, list)):
        return [a for o in out for a in _flat(o)]
    if isinstance(out, dict):
        return [a for k in sorted(out) for a in _flat(out[k])]
    if isinstance(out, (int, float)):     # the constant of mindyolo YOLOX's eval output (pred, 1)
        return []
    return [out]


def _relu_cells(ms, net):
    return [(name, cell) for name, cell in net.cells_and_names() if isinstance(cell, ms.nn.ReLU)]


def _record_relus(ms, net, inputs, run, path):
    """The input of every call of every ReLU cell in the forward pass that ``run()`` (the
    gradient computation) makes, as ``path`` (npz keys ``cell name#call``). Recorded there and
    not in a plain forward call: mscompat computes the gradient as one compiled program, whose
    float32 sums may round otherwise than the eager forward's. Traced values arrive through
    ``jax.debug.callback`` when the program runs; of several passes the last is kept (the calls
    of one pass are counted in a plain forward call first)."""
    per_pass, seen = {}, {}

    def keep(name, value):
        seen.setdefault(name, []).append(np.asarray(value))

    tracer = None
    if ms.__name__ != "mindspore":   # mscompat: its Tensors hold JAX arrays, traced ones in a program
        import jax
        tracer = jax.core.Tracer

    def hook(name, x):
        if tracer is not None and isinstance(x._data, tracer):
            jax.debug.callback(lambda v: keep(name, v), x._data)
        else:
            keep(name, x.asnumpy())

    handles = []
    for name, cell in _relu_cells(ms, net):
        handles.append(cell.register_forward_pre_hook(lambda c, args, name=name: keep(name, None)))
    net(*inputs)
    per_pass = {name: len(calls) for name, calls in seen.items()}
    for h in handles:
        h.remove()
    seen.clear()
    for name, cell in _relu_cells(ms, net):
        cell.register_forward_pre_hook(lambda c, args, name=name: hook(name, args[0]))
    run()
    np.savez(path, **{f"{name}#{k}": x for name, calls in seen.items()
                      for k, x in enumerate(calls[-per_pass.get(name, len(calls)):])})


def _impose_relus(ms, net, path):
    """Each ReLU cell with sites in ``path`` (``name#call`` -> int array of (index..., MindSpore
    passes it) rows) passes or stops those elements as MindSpore did; elsewhere it is itself.
    Its calls are counted modulo its calls per forward pass (``name#calls``)."""
    sites = dict(np.load(path))
    for name, cell in _relu_cells(ms, net):
        if f"{name}#calls" not in sites:
            continue
        per_pass, count = int(sites[f"{name}#calls"]), [0]
        rows_of = {int(key.rsplit("#", 1)[1]): rows for key, rows in sites.items()
                   if key.startswith(name + "#") and key != f"{name}#calls"}
        masks = {}     # call -> (keep, stop) Tensors, made at its first call

        def construct(x, plain=cell.construct, per_pass=per_pass, count=count, rows_of=rows_of, masks=masks):
            k = count[0] % per_pass
            count[0] += 1
            y = plain(x)
            rows = rows_of.get(k)
            if rows is None or rows.shape[1] - 1 != x.ndim:
                return y
            if k not in masks:
                keep, stop = np.zeros(x.shape, np.bool_), np.zeros(x.shape, np.bool_)
                for row in rows:
                    (keep if row[-1] else stop)[tuple(row[:-1])] = True
                masks[k] = ms.Tensor(keep), ms.Tensor(stop)
            keep, stop = masks[k]
            return ms.ops.where(keep, x, ms.ops.where(stop, ms.ops.zeros_like(x), y))
        cell.construct = construct


def _float_tensor(ms, x):
    return isinstance(x, ms.Tensor) and x.dtype in (ms.float16, ms.float32, ms.float64, ms.bfloat16)


def _record_cells(ms, net, inputs, grad_of_taps, path):
    """Every call (``name#k``) of every sub-cell of ``net`` whose inputs and output are all float
    Tensors: its inputs and output in a plain forward pass, and the gradient of the loss with
    respect to that output. The gradient comes from ``grad_of_taps(keys, zeros, taps)``, which
    differentiates the loss with respect to the ``zeros`` that the calls ``keys`` add to their
    outputs (each wrapped ``construct`` adds ``taps[key]`` while ``taps["on"]``). Each cell's
    ``construct`` is wrapped for it meanwhile."""
    calls, count, taps = {}, {}, {}

    def wrap(name, plain):
        def construct(*args, **kwargs):
            out = plain(*args, **kwargs)
            k = count.get(name, 0)
            count[name] = k + 1
            key = f"{name}#{k}"
            if taps.get("on"):
                tap = taps.get(key)
                return out if tap is None else out + tap
            if not kwargs and args and all(_float_tensor(ms, a) for a in args) and _float_tensor(ms, out):
                calls[key] = [a.asnumpy() for a in args] + [out.asnumpy()]
            return out
        return construct

    plain = [(name, cell, cell.construct) for name, cell in net.cells_and_names() if name]
    for name, cell, construct in plain:
        cell.construct = wrap(name, construct)
    net(*inputs)
    keys = list(calls)
    count.clear()
    zeros = [ms.Tensor(np.zeros_like(calls[k][-1])) for k in keys]
    cots = grad_of_taps(keys, zeros, taps)
    for _, cell, construct in plain:
        cell.construct = construct
    data = {}
    for key, cot in zip(keys, cots):
        *xs, out = calls[key]
        data.update({f"{key}|in{i}": x for i, x in enumerate(xs)})
        data[f"{key}|out"], data[f"{key}|cot"] = out, cot.asnumpy()
    np.savez(path, **data)


def _replay_cells(ms, net, path_in, path_out):
    """Each recorded call again, alone, on its recorded inputs: its output and the gradients of
    ``sum(output * recorded output gradient)`` with respect to its inputs and to its cell's
    trainable parameters (``path_out``: ``key|out``, ``key|din<i>``, ``key|dw:<parameter>``)."""
    data = np.load(path_in)
    cells = dict(net.cells_and_names())
    keys = list(dict.fromkeys(k.split("|", 1)[0] for k in data.files))     # in recording order
    res = {}
    for key in keys:
        cell = cells[key.rsplit("#", 1)[0]]
        n_in = sum(1 for f in data.files if f.startswith(key + "|in"))
        xs = [ms.Tensor(data[f"{key}|in{i}"]) for i in range(n_in)]
        cot = ms.Tensor(data[f"{key}|cot"])
        weights = list(cell.trainable_params())
        res[f"{key}|out"] = cell(*xs).asnumpy()

        def local(*args, cell=cell, cot=cot):
            return (cell(*args) * cot).sum()
        d_in, d_w = ms.grad(local, grad_position=tuple(range(n_in)), weights=weights or None)(*xs), ()
        if weights:
            d_in, d_w = d_in
        d_in = d_in if isinstance(d_in, (tuple, list)) else (d_in,)
        res.update({f"{key}|din{i}": g.asnumpy() for i, g in enumerate(d_in)})
        res.update({f"{key}|dw:{w.name}": g.asnumpy() for w, g in zip(weights, d_w)})
    np.savez(path_out, **res)


def main(spec, out_dir, noise=None, relu=None, cells=None):
    parts = spec.split(":")
    package, model = parts[0], parts[1]
    size = int(parts[2]) if len(parts) > 2 else 64
    times = {}
    t = time.perf_counter()
    import mindspore as ms
    real = ms.__name__ == "mindspore"      # under `python -m mscompat` the alias gives mscompat
    side = "mindspore" if real else "mscompat"
    if noise:
        if not real:
            raise SystemExit("--noise is a run of real MindSpore")
        side = f"mindspore_noise_{noise}"
    if cells and real != (cells == "record"):
        raise SystemExit("--cells=record is a run of real MindSpore, --cells=replay one of mscompat")
    if relu == "impose":
        if real:
            raise SystemExit("--relu=impose is a run of mscompat")
        side = "mscompat_imposed"
    if package == "mindocr":
        import_mindocr_models()
    else:
        __import__(package)
    times["import"] = time.perf_counter() - t
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(1)
    num_classes = 10
    t = time.perf_counter()
    net = _build(package, model, num_classes)
    times["build"] = time.perf_counter() - t
    res = shared_init(ms, net, out_dir, save=real and not noise and not relu)
    rs = np.random.RandomState(0)
    image = _input(package, model, size, rs)
    if noise in NOISE_SEEDS:   # its own generator: the labels and masks drawn from rs below stay the same
        signs = np.random.RandomState(NOISE_SEEDS[noise]).choice(np.array([-1.0, 1.0], np.float32), image.shape)
        image = (image * (1 + PERTURBATION * signs)).astype(np.float32)
    inputs = _ocr_inputs(ms, model, image, rs) if package == "mindocr" else (ms.Tensor(image),)
    net.set_train(False)
    if cells == "replay":
        _replay_cells(ms, net, os.path.join(out_dir, "cells_in.npz"), os.path.join(out_dir, "cells_mscompat.npz"))
        return
    sites = os.path.join(out_dir, "relu_sites.npz")
    if relu == "impose" or (relu == "record" and not real and os.path.exists(sites)):
        _impose_relus(ms, net, sites)
    t = time.perf_counter()
    outs = _flat(net(*inputs))
    times["forward"] = time.perf_counter() - t
    for i, o in enumerate(outs):
        res[f"out{i}"] = o.asnumpy()
    trainable = net.trainable_params()
    loss_fn, opt = _loss_and_opt(package, model, trainable, ms)
    first = outs[0]
    if package == "mindcv":
        target = ms.Tensor(np.array([1, 3, 0, 7], np.int32))
    else:
        target = ms.Tensor(rs.standard_normal(first.shape).astype(np.float32))

    def forward(target):
        return loss_fn(_flat(net(*inputs))[0], target)

    # gradients and the step in eval mode: deterministic on both sides (dropout and drop-path
    # draw from each framework's own generator, so train-mode randomness cannot be compared)
    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    if cells == "record":
        def grad_of_taps(keys, zeros, taps):
            def with_taps(*tap_values):
                taps.update(zip(keys, tap_values), on=True)
                return forward(target)
            return ms.grad(with_taps, grad_position=tuple(range(len(keys))))(*zeros)
        _record_cells(ms, net, inputs, grad_of_taps, os.path.join(out_dir, "cells_in.npz"))
        _replay_cells(ms, net, os.path.join(out_dir, "cells_in.npz"), os.path.join(out_dir, "cells_mindspore.npz"))
        return
    if relu == "record":
        _record_relus(ms, net, inputs, lambda: grad_fn(target), os.path.join(out_dir, f"relu_{side}.npz"))
        return
    t = time.perf_counter()
    loss, grads = grad_fn(target)
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

    def option(name, choices):
        """The value of ``--name=VALUE`` among the arguments (one of ``choices``), or None."""
        values = [a.split("=", 1)[1] for a in sys.argv[3:] if a.startswith(f"--{name}=")]
        if values and values[0] not in choices:
            raise SystemExit(f"--{name} takes one of {choices}, not {values[0]!r}")
        return values[0] if values else None
    main(sys.argv[1], sys.argv[2], noise=option("noise", NOISE_KINDS), relu=option("relu", ("record", "impose")),
         cells=option("cells", ("record", "replay")))
