"""Worker of tests/test_parallel_multiprocess.py, started by ``python -m mscompat.run`` (2
processes x 2 host devices): trains the Transformer block of ``_parallel_models`` 3 steps in
DATA_PARALLEL (each process feeding its half of the batch; rank 1 initialised differently, so
that process 0's Parameters must be the ones used) or SEMI_AUTO_PARALLEL (Megatron strategies
over the 4 devices of both processes, ``full_batch=True``), and prints the losses."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mindspore as ms  # noqa: E402  (mscompat, through python -m mscompat)
from mindspore.communication import init, get_rank, get_group_size  # noqa: E402

import _parallel_models as models  # noqa: E402

init()
mode = sys.argv[1]
x, y = models.data(batch=8)
rank, size = get_rank(), get_group_size()
if mode == "dp":
    ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True)
    part = 8 // size
    x = ms.Tensor(x.asnumpy()[rank * part:(rank + 1) * part])
    y = ms.Tensor(y.asnumpy()[rank * part:(rank + 1) * part])
    step, net = models.make_step()
    if rank == 1:
        for p in net.trainable_params():
            p.set_data(ms.Tensor(p.asnumpy() * 0 + 0.5))
else:
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", full_batch=True)
    col, row = ((1, 1), (1, 4)), ((1, 4), (4, 1))
    step, net = models.make_step({"qkv": (col,), "proj": (row,), "ff1": (col,), "ff2": (row,)})
losses = [float(step(x, y).asnumpy()) for _ in range(3)]
if len(sys.argv) > 2:   # every process saves (the Parameters split across processes are gathered)
    ms.save_checkpoint(net, os.path.join(sys.argv[2], f"rank_{rank}.ckpt"))
print("RESULT", json.dumps({"rank": rank, "losses": losses}), flush=True)
