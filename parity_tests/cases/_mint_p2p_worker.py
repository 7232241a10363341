"""One rank of the two-process point-to-point exchanges of ``mint_distributed_torch``.

    python _mint_p2p_worker.py mscompat OUT_DIR          (every rank, under ``python -m mscompat.run``)
    python _mint_p2p_worker.py torch OUT_DIR PORT RANK   (two processes, gloo over TCP)

Both frameworks run the same exchanges between rank 0 and rank 1 with the same inputs, and each rank
writes what it received to ``OUT_DIR/rank<r>.json`` ({key: [dtype, shape, values]} for tensors, the
objects for the object lists). The parity case reads both files (``p2p_results``).
"""
import json
import os
import sys

import numpy as np

# tag -> input, made from seeds (the same on both sides)
INPUTS = {
    "f32": np.random.RandomState(650).randn(3, 2).astype(np.float32),
    "i32": np.random.RandomState(651).randint(-50, 50, (4,)).astype(np.int32),
    "f16": np.random.RandomState(652).randn(2, 2, 2).astype(np.float16),
    "i8": np.random.RandomState(653).randint(-20, 20, (5,)).astype(np.int8),
}
OBJECTS = [1, "two", {"3": [4.0, None]}, (5, b"six")]


def _mscompat():
    import mscompat as ms
    D = ms.mint.distributed
    D.init_process_group()
    return D, ms.Tensor, lambda t: t.asnumpy(), D.P2POp, D.get_rank()


def _torch(port, rank):
    import torch
    import torch.distributed as D
    D.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=2)
    return D, lambda a: torch.from_numpy(np.array(a, copy=True)), lambda t: t.numpy(), D.P2POp, D.get_rank()


def exchanges(D, T, to_np, P2POp, rank, torch_rules):
    """``torch_rules``: PyTorch takes no gather/scatter list off the root (MindSpore wants one everywhere)."""
    peer = 1 - rank
    got = {}

    def keep(key, t):
        a = to_np(t)
        got[key] = [str(a.dtype), list(a.shape), a.tolist()]

    for tag, x in INPUTS.items():
        # send (rank 0) -> recv (rank 1)
        if rank == 0:
            got[f"send_{tag}"] = D.send(T(x), 1)
        else:
            buf = T(np.zeros_like(x))
            got[f"recv_ret_{tag}"] = D.recv(buf, 0)
            keep(f"recv_{tag}", buf)
        # isend (rank 1) -> irecv (rank 0), the values negated
        if rank == 1:
            h = D.isend(T(-x), 0)
            got[f"isend_handle_{tag}"] = h is not None
            h.wait()
        else:
            buf = T(np.zeros_like(x))
            h = D.irecv(buf, 1)
            got[f"irecv_handle_{tag}"] = h is not None
            h.wait()
            keep(f"irecv_{tag}", buf)
        # batch: each rank sends its own value (rank 1: the input reversed) and receives the other's
        mine = x if rank == 0 else x[::-1].copy()
        buf = T(np.zeros_like(x))
        ops = [P2POp(D.isend, T(mine), peer), P2POp(D.irecv, buf, peer)]
        for h in D.batch_isend_irecv(ops):
            h.wait()
        keep(f"batch_{tag}", buf)
        # gather to rank 0 (each rank: its input plus its rank), scatter from rank 0 ([x, -x])
        bufs = [T(np.zeros_like(x)) for _ in range(2)]
        gather_list = bufs if rank == 0 or not torch_rules else None   # PyTorch: no list off the root
        D.gather(T((x + rank).astype(x.dtype)), gather_list, dst=0)
        if rank == 0:
            for i, b in enumerate(bufs):
                keep(f"gather_{tag}_{i}", b)
        out = T(np.zeros_like(x))
        if rank == 0:
            parts = [T(x), T(-x)]
        else:   # MindSpore checks a list of tensors on every rank; PyTorch takes none off the root
            parts = None if torch_rules else [T(np.zeros_like(x)), T(np.zeros_like(x))]
        D.scatter(out, parts, src=0)
        keep(f"scatter_{tag}", out)
    # object collectives
    everyone = [None, None]
    D.all_gather_object(everyone, {"rank": rank, "items": list(range(rank + 2))})
    got["all_gather_object"] = repr(everyone)
    listed = [f"from {rank}", rank] if rank == 1 else [None, None]
    D.broadcast_object_list(listed, src=1)
    got["broadcast_object_list"] = repr(listed)
    gathered = [None, None] if rank == 1 else None
    D.gather_object(("obj", rank), gathered, dst=1)
    got["gather_object"] = repr(gathered)
    one = [None]
    D.scatter_object_list(one, [{"to": 0}, {"to": 1}] if rank == 0 else None, src=0)
    got["scatter_object_list"] = repr(one)
    # object lists, rank 0 -> rank 1
    if rank == 0:
        got["send_object_list"] = D.send_object_list(list(OBJECTS), 1)
    else:
        out = [None] * len(OBJECTS)
        got["recv_object_list_ret"] = D.recv_object_list(out, 0)
        got["recv_object_list"] = repr(out)
    return got


def main(argv):
    fw, out_dir = argv[0], argv[1]
    if fw == "mscompat":
        D, T, to_np, P2POp, rank = _mscompat()
    else:
        D, T, to_np, P2POp, rank = _torch(int(argv[2]), int(argv[3]))
    got = exchanges(D, T, to_np, P2POp, rank, fw == "torch")
    D.barrier()
    with open(os.path.join(out_dir, f"rank{rank}.json.tmp"), "w") as f:
        json.dump(got, f)
    os.replace(os.path.join(out_dir, f"rank{rank}.json.tmp"), os.path.join(out_dir, f"rank{rank}.json"))
    if fw == "torch":
        D.destroy_process_group()


if __name__ == "__main__":
    main(sys.argv[1:])
