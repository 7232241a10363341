"""The forward reference of a diffusers model of ``mint_model_worker.DIFFUSERS`` where real
MindSpore's CPU build cannot run it: PyTorch's ``diffusers`` (the code mindone.diffusers mirrors,
same classes, configs and parameter names) with MindSpore's initial parameters, in eval mode.

    python compat_tests/diffusers_reference.py MODEL OUT_DIR

reads ``OUT_DIR/init.ckpt`` (written by the real-MindSpore worker) and writes ``OUT_DIR/torch.npz``
(``out``). Needs ``torch`` and ``diffusers`` (``mint-model-site-requirements.txt``)."""
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mint_model_worker import diffusers_model  # noqa: E402

import mscompat  # noqa: E402  (reads MindSpore's checkpoint)


def main(model, out_dir):
    params = {name: p.asnumpy() for name, p in mscompat.load_checkpoint(os.path.join(out_dir, "init.ckpt")).items()}
    net, inputs = diffusers_model("diffusers", model)
    state = net.state_dict()
    if set(state) != set(params):
        raise RuntimeError(f"diffusers' parameters differ from MindSpore's: only in diffusers "
                           f"{sorted(set(state) - set(params))[:5]}, only in MindSpore {sorted(set(params) - set(state))[:5]}")
    net.load_state_dict({name: torch.from_numpy(params[name]).reshape(t.shape) for name, t in state.items()})
    net.eval()
    with torch.no_grad():
        out = net(*(torch.from_numpy(a) for a in inputs))
    while isinstance(out, (tuple, list)):
        out = out[0]
    out = getattr(out, "sample", out)
    np.savez(os.path.join(out_dir, "torch.npz"), out=out.numpy())


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
