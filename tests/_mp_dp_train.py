"""Worker of tests/test_multiprocess_dp.py: data-parallel training written as a MindSpore user
writes it for ``msrun``. Run by the launcher (2 processes x 2 devices) or alone (1 process x 4
devices); every rank writes the loss and the batch of every step, the final weights and its
predictions for its last batch to ``$MP_OUT/<tag>_<rank>.json``."""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import nn
import mindspore.dataset as ds
from mindspore.communication import init, get_rank, get_group_size
from mindspore.train import Callback

ms.set_context(mode=ms.GRAPH_MODE)
init()
ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
rank, size = get_rank(), get_group_size()

rng = np.random.default_rng(0)
X = rng.standard_normal((64, 8)).astype(np.float32)
Y = (X @ rng.standard_normal((8, 2)) + 0.1).astype(np.float32)
GLOBAL_BATCH = 16
data = ds.NumpySlicesDataset({"x": X, "y": Y}, shuffle=False, num_shards=size, shard_id=rank)
data = data.batch(GLOBAL_BATCH // size)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        w1 = ms.Tensor(np.linspace(-0.5, 0.5, 16 * 8, dtype=np.float32).reshape(16, 8))
        w2 = ms.Tensor(np.linspace(0.3, -0.3, 2 * 16, dtype=np.float32).reshape(2, 16))
        self.fc1 = nn.Dense(8, 16, weight_init=w1, bias_init="zeros")
        self.fc2 = nn.Dense(16, 2, weight_init=w2, bias_init="zeros")
        self.act = nn.Tanh()

    def construct(self, x):
        return self.fc2(self.act(self.fc1(x)))


class Record(Callback):
    def __init__(self):
        self.losses, self.batches = [], []

    def on_train_step_end(self, run_context):
        cb = run_context.original_args()
        out = cb.net_outputs
        out = out[0] if isinstance(out, (tuple, list)) else out
        self.losses.append(float(np.asarray(out.asnumpy())))
        self.batches.append([t.asnumpy().tolist() for t in cb.train_dataset_element])


net = Net()
model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9))
rec = Record()
model.train(3, data, callbacks=[rec], dataset_sink_mode=False)
weights = {p.name: p.asnumpy().tolist() for p in net.trainable_params()}
last = ms.Tensor(np.array(rec.batches[-1][0], np.float32))
predictions = net(last).asnumpy().tolist()     # per sample: every local device's rows
print(f"rank {rank} of {size}: losses {rec.losses}", flush=True)
with open(os.path.join(os.environ["MP_OUT"], f"{os.environ.get('MP_TAG', 'run')}_{rank}.json"), "w") as f:
    json.dump({"size": size, "devices": len(__import__("jax").devices()), "losses": rec.losses,
               "batches": rec.batches, "weights": weights, "predictions": predictions}, f)
