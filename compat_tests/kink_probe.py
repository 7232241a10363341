"""Find the ReLU decisions the two sides take differently in a mindcv model (a diagnosis tool
for rows past the noise floor; compat_tests/README.md, "The last families").

Records the input of one call of one cell (a forward pre-hook) with the same checkpoint and
input as ``zoo_worker.py``, on each side, then lists the elements whose sign differs:

    ORACLE_PYTHON compat_tests/kink_probe.py record MODEL SIZE CKPT CELL CALL OUT.npy    # MindSpore
    python -m mscompat compat_tests/kink_probe.py record MODEL SIZE CKPT CELL CALL OUT.npy
    python compat_tests/kink_probe.py compare MINDSPORE.npy MSCOMPAT.npy

``CELL`` is a dotted path from the network (``layer4.0.relu``; list indices as numbers), ``CALL``
which of its calls (a ReLU cell a block calls three times: 0, 1, 2). ``CKPT`` is the
``init.ckpt`` MindSpore's ``zoo_worker`` run wrote (or any checkpoint of the model).
"""
import sys

import numpy as np


def record(model, size, ckpt, path, call, out):
    import mindspore as ms
    import zoo_worker
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(1)
    net = zoo_worker._build("mindcv", model, 10)
    ms.load_param_into_net(net, ms.load_checkpoint(ckpt))
    net.set_train(False)
    cell = net
    for part in path.split("."):
        cell = cell[int(part)] if part.isdigit() else getattr(cell, part)
    seen = []
    cell.register_forward_pre_hook(lambda c, inputs: seen.append(inputs[0].asnumpy()))
    net(ms.Tensor(zoo_worker._input("mindcv", model, int(size), np.random.RandomState(0))))
    np.save(out, seen[int(call)])


def compare(ms_file, msc_file):
    a, b = np.load(ms_file), np.load(msc_file)
    print(f"max|diff| {np.abs(a - b).max():.3g}, max|x| {np.abs(a).max():.3g}")
    flips = np.argwhere((a > 0) != (b > 0))
    print(f"{len(flips)} element(s) of {a.size} on different sides of 0:")
    for i in flips[:20]:
        i = tuple(int(v) for v in i)
        print(f"  {i}: MindSpore {a[i]:.3g}, mscompat {b[i]:.3g}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["record"] and len(sys.argv) == 8:
        record(*sys.argv[2:])
    elif sys.argv[1:2] == ["compare"] and len(sys.argv) == 4:
        compare(*sys.argv[2:])
    else:
        raise SystemExit(__doc__)
