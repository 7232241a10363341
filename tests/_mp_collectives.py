"""Worker of tests/test_multiprocess.py (started by ``python -m mscompat.run``): host-level
collectives between the processes of the job, written as a MindSpore user would. Each rank
writes its results as JSON to ``$MP_OUT/rank_<rank>.json``."""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import ops
from mindspore.communication import init, get_rank, get_group_size, create_group, get_local_rank
from mindspore.communication import comm_func as cf

pre = (get_rank(), get_group_size())        # before init(): the launcher's RANK_ID / RANK_SIZE
init()
rank, size = get_rank(), get_group_size()
res = {"pre": pre, "rank": rank, "size": size, "local_rank": get_local_rank(),
       "world": ms.communication.GlobalComm.WORLD_COMM_GROUP}
import jax
res["devices"] = [jax.local_device_count(), jax.device_count(), jax.process_count()]

x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) + 10 * rank)
res["allreduce_prim"] = ops.AllReduce()(x).asnumpy().tolist()
res["allreduce_max"] = ops.AllReduce(ops.ReduceOp.MAX)(x).asnumpy().tolist()
res["allgather_prim"] = ops.AllGather()(x).asnumpy().tolist()
y = ms.Tensor(np.arange(8, dtype=np.float32).reshape(4, 2) * (rank + 1))
res["reducescatter_prim"] = ops.ReduceScatter()(y).asnumpy().tolist()
res["broadcast_prim"] = ops.Broadcast(1)((x,))[0].asnumpy().tolist()
z = ms.Tensor(np.arange(4, dtype=np.int32) + 100 * rank)
res["alltoall_prim"] = ops.AlltoAll(size, 0, 0)(z).asnumpy().tolist()
out, _ = cf.all_reduce(ms.Tensor(np.array([1, 2], np.int32) * (rank + 1)))
res["cf_all_reduce"] = out.asnumpy().tolist()
res["cf_broadcast"] = cf.broadcast(x, src=0).asnumpy().tolist()
if rank == 0:
    cf.send(ms.Tensor(np.array([7.5, 8.5], np.float32)), dst=1)
elif rank == 1:
    res["cf_recv"] = cf.recv(ms.Tensor(np.zeros(2, np.float32)), src=0).asnumpy().tolist()
if rank == 0:
    ops.Send(0, 1)(x)
elif rank == 1:
    res["prim_receive"] = ops.Receive(0, 0, (2, 3), ms.float32)().asnumpy().tolist()
t = ms.Tensor(np.array([rank + 1.0], np.float32))
ops.all_reduce(t)                           # mint-style, in place
res["mint_all_reduce"] = t.asnumpy().tolist()
objs = [None] * size
ops.all_gather_object(objs, {"rank": rank})
res["objects"] = objs
T = lambda v, dt=np.float32: ms.Tensor(np.array(v, dt))   # noqa: E731
o = T(np.zeros((4, 3)))
ops.all_gather_into_tensor(o, x)
res["mint_gather_into"] = o.asnumpy().tolist()
o = T(np.zeros((1, 2)))
ops.reduce_scatter_tensor(o, T(np.arange(4).reshape(2, 2) * (rank + 1)))
res["mint_reduce_scatter_tensor"] = o.asnumpy().tolist()
t = T([rank + 5.0])
ops.broadcast(t, src=1)
res["mint_broadcast"] = t.asnumpy().tolist()
lst = [T([0.0, 0.0]), T([0.0, 0.0])]
ops.all_gather(lst, T([rank, rank]))
res["mint_all_gather_list"] = [v.asnumpy().tolist() for v in lst]
o = T([0.0, 0.0])
ops.reduce_scatter(o, [T([1.0, 1.0]) * (rank + 1), T([10.0, 10.0]) * (rank + 1)])
res["mint_reduce_scatter_list"] = o.asnumpy().tolist()
outs = [T([0.0]), T([0.0])]
ops.all_to_all(outs, [T([10.0 * rank]), T([10.0 * rank + 1])])
res["mint_all_to_all"] = [v.asnumpy().tolist() for v in outs]
o = T([0.0, 0.0, 0.0])
ops.all_to_all_single(o, T(np.arange(3) + 10 * rank), [1, 2] if rank == 0 else [2, 1], [1, 2] if rank == 0 else [2, 1])
res["mint_all_to_all_single"] = o.asnumpy().tolist()
o = T([0.0, 0.0])
ops.scatter_tensor(o, T(np.arange(4) + 100 * rank), src=0)
res["mint_scatter_tensor"] = o.asnumpy().tolist()
o = T([0.0, 0.0])
ops.gather_into_tensor(o, T([rank]), dst=1)
res["mint_gather_into_tensor"] = o.asnumpy().tolist()
t = T([rank + 1.0])
ops.reduce(t, dst=0)
res["mint_reduce"] = t.asnumpy().tolist()
lst = ["a", rank]
ops.broadcast_object_list(lst, src=1)
res["bcast_objects"] = lst
res["alltoallv"] = ops.AlltoAllV()(T(np.arange(3) + 10 * rank), [1, 2] if rank == 0 else [2, 1],
                                   [1, 2] if rank == 0 else [2, 1]).asnumpy().tolist()
res["allgatherv"] = ops.AllGatherV()(T(np.arange(rank + 1)), [1, 2]).asnumpy().tolist()
res["cf_scatter"] = cf.scatter_tensor(T(np.arange(4) + 100 * rank), src=1).asnumpy().tolist()
res["cf_gather"] = cf.gather_into_tensor(T([rank]), dst=0).asnumpy().tolist()
res["cf_reduce_scatter"] = cf.reduce_scatter_tensor(T(np.arange(4) * (rank + 1)))[0].asnumpy().tolist()
res["cf_allgather"] = cf.all_gather_into_tensor(T([[rank]]))[0].asnumpy().tolist()
res["traced_allreduce"] = np.asarray(jax.jit(lambda a: ops.AllReduce()(ms.Tensor._wrap(a))._data)(
    np.array([1.5, 2.0], np.float32))).tolist()   # traced: a value every rank holds, summed over 2 ranks
# shard_map over the GLOBAL mesh (2 processes x 2 devices): the Primitive acts over the 4 devices
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
mesh = Mesh(np.array(jax.devices()), ("d",))
local = np.arange(4, dtype=np.float32).reshape(2, 2) + 10 * rank          # this process's 2 device rows
garr = jax.make_array_from_process_local_data(NamedSharding(mesh, P("d")), local)
f = jax.jit(jax.shard_map(lambda a: ops.AllReduce()(ms.Tensor._wrap(a))._data, mesh=mesh, in_specs=P("d"),
                          out_specs=P("d")))
res["shard_map_allreduce"] = np.asarray(f(garr).addressable_data(0)).tolist()
create_group("pair", [1, 0])
res["group"] = [get_group_size("pair"), get_rank("pair")]
res["group_allreduce"] = ops.AllReduce(group="pair")(ms.Tensor(np.array([rank], np.int32))).asnumpy().tolist()
cf.barrier()
with open(os.path.join(os.environ["MP_OUT"], f"rank_{rank}.json"), "w") as f:
    json.dump(res, f)
print("worker", rank, "done", flush=True)
if os.environ.get("MP_FAIL_RANK") == str(rank):
    raise ValueError("injected failure")
cf.barrier()   # the other rank waits here for the failed one
