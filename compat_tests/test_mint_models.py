"""``mint``-based models of the registry's packages, unmodified, on real MindSpore 2.10 and on
mscompat (``compat_tests/mint_model_worker.py``): mindone's DiT (default run) and a Stable-Diffusion
UNet down block and VAE (``slow``), mindformers' LLaMA decoder (``slow``), all tiny configs.

Compared: parameter names, shapes and dtypes (MindSpore builds the model and saves its initial
parameters; mscompat loads them by name), the forward output with those weights where real
MindSpore's CPU build can run the model (for the diffusers models: against PyTorch ``diffusers``,
whose code mindone's mirrors, with the same weights), and on mscompat that 3 Adam steps lower the loss.
Real MindSpore 2.10's CPU build cannot run these models' forward: it lacks ``Conv2DExt``,
``Arange`` and other mint kernels (the worker records its error); their mint ops are compared op
by op in ``parity_tests/cases/mint_cover_*.py`` instead.

The packages are installed ``--no-deps`` (mindone 0.5.0, mindformers 2.0.0: the release for
MindSpore 2.10) with the pure-Python modules they import; ``MSCOMPAT_ZOO_SITE`` names an extra
site folder (default ``.work/zoo/site``) for those that cannot go into both environments
(transformers 4.57 needs huggingface_hub<1.0). A model whose package real MindSpore cannot import
or build is skipped with MindSpore's error."""
import importlib.util
import os
import subprocess
import sys
import tempfile

import numpy as np
import pytest

from parity_tests import oracle

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKER = os.path.join(ROOT, "compat_tests", "mint_model_worker.py")
DIFFUSERS_REFERENCE = os.path.join(ROOT, "compat_tests", "diffusers_reference.py")
TORCH_REFERENCE = ("unet_block", "vae")     # forward reference: PyTorch diffusers with MindSpore's initial weights
SITE = os.environ.get("MSCOMPAT_ZOO_SITE", os.path.join(ROOT, ".work", "zoo", "site"))
FORWARD_TOL = (2e-4, 1e-6)      # rtol on max|ref|, atol: the whole-model tolerance of harness.TOL

# What mscompat still lacks for a model (found by running it): the model is an expected failure
# until these exist (strict: the test reports when it starts passing).
MISSING = {
}


def _run(cmd, timeout):
    env = dict(os.environ, GLOG_v="3", PYTHONPATH=os.pathsep.join(p for p in (ROOT, SITE) if os.path.isdir(p)))
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip() and not ln.startswith("[WARNING]")]
    return proc.returncode, (lines[-1] if lines else "(no message)")


def run_model(model, timeout=1500):
    """Both sides; returns ``(mindspore_npz, mscompat_npz_or_None, mscompat_error)``. Where real
    MindSpore cannot run the forward, a model of ``TORCH_REFERENCE`` takes its ``out`` from PyTorch
    diffusers (``diffusers_reference.py``) when torch and diffusers are installed."""
    py = oracle.oracle_python()
    if py is None:
        pytest.skip("real MindSpore oracle not found: run the README's test command (it creates .oracle/)")
    with tempfile.TemporaryDirectory(prefix="mint_model_") as d:
        rc, err = _run([py, WORKER, model, d], timeout)
        ref_file = os.path.join(d, "mindspore.npz")
        if rc != 0 or not os.path.exists(ref_file):
            pytest.skip(f"real MindSpore 2.10 cannot import or build {model}: {err}")
        ref = dict(np.load(ref_file))
        rc, err = _run([sys.executable, "-m", "mscompat", WORKER, model, d], timeout)
        out = os.path.join(d, "mscompat.npz")
        got = dict(np.load(out)) if rc == 0 and os.path.exists(out) else None
        if got is not None and "out" not in ref and model in TORCH_REFERENCE and _has_torch_diffusers():
            rc, ref_err = _run([sys.executable, DIFFUSERS_REFERENCE, model, d], timeout)
            assert rc == 0, f"PyTorch diffusers could not run {model} with MindSpore's weights: {ref_err}"
            ref["out"] = np.load(os.path.join(d, "torch.npz"))["out"]
    return ref, got, err


def _has_torch_diffusers():
    return (importlib.util.find_spec("torch") is not None
            and any(os.path.isdir(os.path.join(p, "diffusers")) for p in [SITE] + sys.path if p))


def _param(model, default=False):
    marks = [] if default else [pytest.mark.slow]
    if model in MISSING:
        marks.append(pytest.mark.xfail(reason=MISSING[model], strict=True))
    return pytest.param(model, id=model, marks=marks)


@pytest.mark.parametrize("model", [_param("dit", default=True), _param("unet_block"), _param("vae"),
                                   _param("llama")])
def test_mint_model(model):
    ref, got, err = run_model(model)
    assert got is not None, f"mscompat could not run {model}: {err}"
    assert list(got["names"]) == list(ref["names"]), "parameter names differ from MindSpore's"
    assert list(got["shapes"]) == list(ref["shapes"]) and list(got["dtypes"]) == list(ref["dtypes"])
    if "out" in ref:        # real MindSpore's CPU build ran the forward
        rtol, atol = FORWARD_TOL
        diff = float(np.max(np.abs(got["out"].astype(np.float64) - ref["out"])))
        assert diff <= rtol * float(np.max(np.abs(ref["out"]))) + atol, f"forward max|diff| {diff:.3g}"
    losses = got["losses"]
    assert np.isfinite(losses).all() and losses[-1] < losses[0], f"loss did not decrease: {losses}"
