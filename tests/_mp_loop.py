"""Worker of tests/test_multiprocess.py: all-reduces a step counter in a loop (host collectives,
or only local compute with ``MP_LOOP=compute``) until killed or after ``MP_STEPS`` steps."""
import os
import time

import numpy as np
import mindspore as ms
from mindspore.communication import init, get_rank, get_group_size
from mindspore.communication import comm_func as cf

init()
rank = get_rank()
print(f"rank {rank} of {get_group_size()} ready", flush=True)
compute_only = os.environ.get("MP_LOOP") == "compute"
for step in range(int(os.environ.get("MP_STEPS", "100000"))):
    if compute_only:
        x = ms.ops.matmul(ms.Tensor(np.ones((64, 64), np.float32)), ms.Tensor(np.ones((64, 64), np.float32)))
        x.asnumpy()
    else:
        out, _ = cf.all_reduce(ms.Tensor(np.array([step], np.int32)))
        assert int(out.asnumpy()[0]) == step * get_group_size()
    print(f"rank {rank} step {step}", flush=True)
    time.sleep(0.2)
print(f"rank {rank} finished", flush=True)
