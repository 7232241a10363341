"""Runs one ``mint``-based model of the registry's model packages (mindone, mindformers) and writes
what ``test_mint_models.py`` compares. Unmodified package code on both sides:

    ORACLE_PYTHON compat_tests/mint_model_worker.py MODEL OUT_DIR          # real MindSpore 2.10
    python -m mscompat compat_tests/mint_model_worker.py MODEL OUT_DIR     # mscompat

``MODEL`` is a key of ``MODELS``. The real-MindSpore side builds the model and saves its initial
parameters to ``OUT_DIR/init.ckpt``; the mscompat side loads them. Each side writes
``OUT_DIR/<side>.npz``: parameter names, shapes and dtypes; the forward output (eval mode) on a
fixed input; and the loss (MSE against a fixed target) before and after each of 3 training steps
with ``nn.Adam`` (MindSpore 2.10's CPU build has no ``AdamW`` kernel for ``mint.optim.AdamW``).
"""
import importlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import time
import types

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from zoo_worker import shared_init  # noqa: E402  (the zoos' worker: one checkpoint hand-over)


def _dit(ms):
    from mindone.models.dit import DiT
    net = DiT(input_size=4, patch_size=2, in_channels=4, hidden_size=16, depth=1, num_heads=2, num_classes=10,
              learn_sigma=False, class_dropout_prob=0.0)
    rs = np.random.RandomState(0)
    x = rs.standard_normal((2, 4, 4, 4)).astype(np.float32)
    t = np.array([3.0, 500.0], np.float32)
    y = np.array([1, 7], np.int32)
    return net, (x, t, y)


# The diffusers models: (module under ``mindone.diffusers`` and PyTorch's ``diffusers``, class, tiny
# config, input shapes). mindone's code mirrors diffusers' (same classes, configs, parameter names).
DIFFUSERS = {
    "unet_block": ("models.unets.unet_2d_blocks", "CrossAttnDownBlock2D",
                   dict(in_channels=8, out_channels=16, temb_channels=16, num_layers=1, resnet_groups=4,
                        num_attention_heads=2, cross_attention_dim=8), [(2, 8, 8, 8), (2, 16), (2, 5, 8)]),
    "vae": ("models.autoencoders.autoencoder_kl", "AutoencoderKL",
            dict(in_channels=3, out_channels=3, down_block_types=("DownEncoderBlock2D",) * 2,
                 up_block_types=("UpDecoderBlock2D",) * 2, block_out_channels=(8, 16), layers_per_block=1,
                 latent_channels=4, norm_num_groups=4, sample_size=16), [(2, 3, 16, 16)]),
}


def diffusers_model(package, model):
    """``model`` of ``DIFFUSERS`` built from ``package`` (``"mindone.diffusers"`` or ``"diffusers"``),
    and its inputs (numpy)."""
    module, cls, config, shapes = DIFFUSERS[model]
    net = getattr(importlib.import_module(f"{package}.{module}"), cls)(**config)
    rs = np.random.RandomState(0)
    return net, tuple(rs.standard_normal(shape).astype(np.float32) for shape in shapes)


def _unet_block(ms):
    return diffusers_model("mindone.diffusers", "unet_block")


def _vae(ms):
    return diffusers_model("mindone.diffusers", "vae")


def _placeholder_attr(attr):
    """A placeholder module's attribute: a class that accepts any arguments (module dunders such as
    ``__file__``, which ``inspect`` reads from every module, are absent)."""
    if attr.startswith("__") and attr.endswith("__"):
        raise AttributeError(attr)
    return type(attr, (), {"__init__": lambda self, *args, **kwargs: None})


class _AbsentPackage:
    """Import hook for a package that is not on the package registry: ``import name`` and
    ``from name.sub import X`` give empty placeholder modules whose attributes are classes that
    accept any arguments and do nothing.
    Only used when the real package cannot be imported."""

    def __init__(self, name):
        self.name = name

    def find_spec(self, fullname, path=None, target=None):
        if fullname == self.name or fullname.startswith(self.name + "."):
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        module = types.ModuleType(spec.name)
        module.__path__ = []
        module.__getattr__ = _placeholder_attr
        return module

    def exec_module(self, module):
        pass


def _llama(ms):
    # mindformers 2.0.0 (the release for MindSpore 2.10) imports ``hyper_parallel`` from its
    # package __init__ (DeepSeek-V4's PyNative path); that package is not on PyPI, so neither real
    # MindSpore nor mscompat can import mindformers without this placeholder. LLaMA does not use it.
    if importlib.util.find_spec("hyper_parallel") is None:
        sys.meta_path.insert(0, _AbsentPackage("hyper_parallel"))
    if ms.__name__ != "mindspore":
        # mindformers' models are written for Ascend (their rotary embedding's BatchMatMul broadcasts a
        # [d, d] matrix over [b, n, s, d], which only the Ascend kernel does): mscompat runs them on its
        # emulated Ascend target. Real MindSpore's CPU build stops earlier (no RmsNorm kernel).
        ms.set_context(device_target="Ascend")
    from mindformers.models.llama.llama import LlamaForCausalLM
    from mindformers.models.llama.llama_config import LlamaConfig
    cfg = LlamaConfig(batch_size=2, seq_length=8, hidden_size=32, num_layers=2, num_heads=4, vocab_size=64,
                      intermediate_size=64, use_flash_attention=False, use_past=False, compute_dtype="float32",
                      layernorm_compute_type="float32", softmax_compute_type="float32",
                      rotary_dtype="float32", param_init_type="float32")
    net = LlamaForCausalLM(cfg)
    rs = np.random.RandomState(0)
    return net, (rs.randint(1, 64, (2, 8)).astype(np.int32),)


MODELS = {"dit": _dit, "unet_block": _unet_block, "vae": _vae, "llama": _llama}


def _first(out):
    while isinstance(out, (tuple, list)):
        out = out[0]
    if hasattr(out, "sample"):
        out = out.sample
    return out


def main(model, out_dir):
    times = {}
    t0 = time.perf_counter()
    import mindspore as ms
    real = ms.__name__ == "mindspore"
    side = "mindspore" if real else "mscompat"
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(1)
    net, inputs = MODELS[model](ms)
    times["build"] = time.perf_counter() - t0
    res = shared_init(ms, net, out_dir, real)
    args = [ms.Tensor(a) for a in inputs]
    net.set_train(False)
    out_file = os.path.join(out_dir, f"{side}.npz")
    try:
        _run(ms, net, args, res, times)
    except Exception as exc:            # real MindSpore's CPU build lacks kernels of many mint ops
        if not real:
            raise
        res["run_error"] = np.array(f"{type(exc).__name__}: {str(exc).strip().splitlines()[0]}")
    res["times"] = np.array(json.dumps(times))
    np.savez(out_file, **res)


def _run(ms, net, args, res, times):
    """Forward (eval mode), then 3 Adam steps on an MSE loss; fills ``res`` and ``times``."""
    t = time.perf_counter()
    out = _first(net(*args))
    times["forward"] = time.perf_counter() - t
    res["out"] = out.asnumpy()
    target = ms.Tensor(np.random.RandomState(1).standard_normal(out.shape).astype(np.float32) * 0.5)
    loss_fn = ms.nn.MSELoss()

    def forward(*a):
        return loss_fn(_first(net(*a)).astype(ms.float32), target)

    opt = ms.nn.Adam(net.trainable_params(), learning_rate=1e-2)
    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    losses = []
    t = time.perf_counter()
    for _ in range(3):
        loss, grads = grad_fn(*args)
        losses.append(float(loss.asnumpy()))
        opt(grads)
    losses.append(float(forward(*args).asnumpy()))
    times["train"] = time.perf_counter() - t
    res["losses"] = np.array(losses, np.float64)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    main(sys.argv[1], sys.argv[2])
