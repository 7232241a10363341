"""Worker of tests/test_parallel_per_rank.py, started by ``python -m mscompat.run`` (2 processes x
1 host device, MindSpore's ``msrun`` layout: one rank per process and device) in DATA_PARALLEL:
what each rank computes on its own data, written to ``$MP_OUT/rank_<r>.json``:

* ``net(x).sum()`` of a compiled net on the rank's own ``x``;
* BatchNorm1d's moving statistics after one training-mode call on the rank's own batch;
* ``Model.train`` with ``LossMonitor`` (it prints each step's loss to the worker log) on a dataset
  sharded by rank: the losses and the batch of every step, and the final weights;
* the same training step in PyNative (two steps on one local batch).
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import nn
import mindspore.dataset as ds
from mindspore.communication import init, get_rank, get_group_size
from mindspore.train import Callback, LossMonitor

ms.set_context(mode=ms.GRAPH_MODE)
init()
ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
rank, size = get_rank(), get_group_size()
result = {"rank": rank, "size": size}


class Identity(nn.Cell):
    def construct(self, x):
        return x * 1.0


x = ms.Tensor(np.array([[1, 2], [3, 6]], np.float32) if rank == 0 else np.array([[3, 4], [4, 5]], np.float32))
result["sum"] = float(Identity()(x).sum().asnumpy())

bn = nn.BatchNorm1d(3, momentum=0.9)
bn.set_train()
rng = np.random.default_rng(10 + rank)
bn_x = rng.standard_normal((4, 3)).astype(np.float32) * (1 + rank) + rank
bn(ms.Tensor(bn_x))
result["bn_x"] = bn_x.tolist()
result["bn_mean"] = bn.moving_mean.asnumpy().tolist()
result["bn_var"] = bn.moving_variance.asnumpy().tolist()

gen = np.random.default_rng(0)
X = gen.standard_normal((32, 4)).astype(np.float32)
Y = (X @ gen.standard_normal((4, 2)) + 0.1).astype(np.float32)
data = ds.NumpySlicesDataset({"x": X, "y": Y}, shuffle=False, num_shards=size, shard_id=rank).batch(4)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        w1 = ms.Tensor(np.linspace(-0.5, 0.5, 32, dtype=np.float32).reshape(8, 4))
        w2 = ms.Tensor(np.linspace(0.3, -0.3, 16, dtype=np.float32).reshape(2, 8))
        self.fc1 = nn.Dense(4, 8, weight_init=w1, bias_init="zeros")
        self.fc2 = nn.Dense(8, 2, weight_init=w2, bias_init="zeros")

    def construct(self, x):
        return self.fc2(ms.ops.tanh(self.fc1(x)))


class Record(Callback):
    def __init__(self):
        self.losses, self.batches = [], []

    def on_train_step_end(self, run_context):
        cb = run_context.original_args()
        self.losses.append(float(cb.net_outputs.asnumpy()))
        self.batches.append([t.asnumpy().tolist() for t in cb.train_dataset_element])


net = Net()
model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9))
rec = Record()
model.train(2, data, callbacks=[rec, LossMonitor(1)], dataset_sink_mode=False)
result["losses"], result["batches"] = rec.losses, rec.batches
result["weights"] = {p.name: p.asnumpy().tolist() for p in net.trainable_params()}
# PyNative: each process is one rank computing eagerly; the reducer all-reduces over the processes
ms.set_context(mode=ms.PYNATIVE_MODE)
pnet = Net()
pstep = nn.TrainOneStepCell(nn.WithLossCell(pnet, nn.MSELoss()), nn.Momentum(pnet.trainable_params(), 0.1, 0.9))
px, py = ms.Tensor(X[rank::size][:4]), ms.Tensor(Y[rank::size][:4])
result["pynative_batch"] = [px.asnumpy().tolist(), py.asnumpy().tolist()]
result["pynative_losses"] = [float(pstep(px, py).asnumpy()) for _ in range(2)]
result["pynative_weights"] = {p.name: p.asnumpy().tolist() for p in pnet.trainable_params()}
with open(os.path.join(os.environ["MP_OUT"], f"rank_{rank}.json"), "w") as f:
    json.dump(result, f)
print(f"rank {rank} of {size} done", flush=True)
