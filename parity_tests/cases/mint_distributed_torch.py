"""mindspore.mint.distributed on one process where real MindSpore 2.10's CPU build cannot run the call,
compared with ``torch.distributed`` (gloo, world size 1, rank 0), to which ``mint.distributed`` is
documented as aligned.

MindSpore's CPU build stops (a) at a missing kernel: ``DistCommAllGatherIntoTensor(Uneven)``,
``DistCommReduceScatterTensorUneven``; or (b) before communicating, for the object collectives
``gather_object``/``scatter_object_list``/``broadcast_object_list`` and for ``send``/``isend``: they
look up this process's rank in the Ascend world group ``hccl_world_group`` (their default argument),
which the CPU build does not create (RuntimeError "The group hccl_world_group does not exist");
``init_process_group`` accepts only the backend ``'hccl'``, which the CPU build refuses. Those cases
name the reason as ``ms_crashes`` (MindSpore is not run; PyTorch is the only oracle).

Each ``torch_ref`` runs in a gloo process group of one rank set up for the case and destroyed after
it (the test process's torch state is left as it was). PyTorch has no uneven gather/reduce-scatter:
with one rank, ``output_split_sizes``/``input_split_sizes`` name the whole first dimension, and the
uneven call is PyTorch's even one.

``NEEDS_COMM``: the MindSpore oracle runs this table after ``init()`` (see parity_tests/README.md)."""
import numpy as np

from parity_tests.harness import case, F32, I32

NEEDS_COMM = True

_HCCL_GROUP = ("not run on MindSpore: its CPU build fails before communicating, looking this rank up in the Ascend "
               "world group hccl_world_group, which it does not create (RuntimeError)")
_INIT = ("not run on MindSpore: its CPU build refuses init_process_group's only backend 'hccl' (RuntimeError), and "
         "destroying the world would end communication for the later cases of the oracle worker")


def _D(ms):
    return ms.mint.distributed


def _gloo(body):
    """``torch_ref`` running ``body(torch, dist, *inputs)`` in a one-rank gloo group."""
    def ref(torch, *args):
        dist = torch.distributed
        dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
        try:
            return body(torch, dist, *args)
        finally:
            dist.destroy_process_group()
    return ref


_DTYPES = (("f32", F32(3, 2, seed=640)), ("i32", I32(4, 3, seed=641)), ("f16", F32(2, 2, 2, seed=642).astype(np.float16)),
           ("i8", I32(3, seed=643).astype(np.int8)))

CASES = []

# ---------------------------------------------------------------------------------------
# all_gather_into_tensor(_uneven), reduce_scatter_tensor_uneven: result written into ``out``

for tag, x in _DTYPES:
    z = np.zeros_like(x)
    rows = x.shape[0]
    CASES += [
        case(f"mint.distributed.all_gather_into_tensor/{tag}",
             lambda ms, out, x: (_D(ms).all_gather_into_tensor(out, x), out), z, x,
             torch_ref=_gloo(lambda torch, dist, out, x: (dist.all_gather_into_tensor(out, x), out))),
        case(f"mint.distributed.all_gather_into_tensor_uneven/{tag}",
             lambda ms, out, x, n=rows: (_D(ms).all_gather_into_tensor_uneven(out, x, [n]), out), z, x,
             torch_ref=_gloo(lambda torch, dist, out, x: (dist.all_gather_into_tensor(out, x), out))),
        case(f"mint.distributed.reduce_scatter_tensor_uneven/{tag}",
             lambda ms, out, x, n=rows: (_D(ms).reduce_scatter_tensor_uneven(out, x, [n]), out), z, x,
             torch_ref=_gloo(lambda torch, dist, out, x: (dist.reduce_scatter_tensor(out, x), out))),
    ]

_X = F32(4, 3, seed=644)
_Z = np.zeros_like(_X)


def _handle(h):
    """A handle was returned, and waiting on it returns (PyTorch's ``wait()`` gives True, MindSpore's None)."""
    ok = h is not None
    h.wait()
    return ok


CASES += [
    case("mint.distributed.all_gather_into_tensor/async", lambda ms, out, x: (
        _handle(_D(ms).all_gather_into_tensor(out, x, async_op=True)), out), _Z, _X,
        torch_ref=_gloo(lambda torch, dist, out, x: (_handle(dist.all_gather_into_tensor(out, x, async_op=True)), out))),
    case("mint.distributed.all_gather_into_tensor_uneven/no_split_sizes", lambda ms, out, x: (
        _D(ms).all_gather_into_tensor_uneven(out, x), out), _Z, _X,
        torch_ref=_gloo(lambda torch, dist, out, x: (dist.all_gather_into_tensor(out, x), out))),
    case("mint.distributed.all_gather_into_tensor_uneven/async", lambda ms, out, x: (
        _handle(_D(ms).all_gather_into_tensor_uneven(out, x, [4], async_op=True)), out), _Z, _X,
        torch_ref=_gloo(lambda torch, dist, out, x: (_handle(dist.all_gather_into_tensor(out, x, async_op=True)), out))),
    case("mint.distributed.all_gather_into_tensor_uneven/bad_output_shape", lambda ms, out, x: (
        _D(ms).all_gather_into_tensor_uneven(out, x, [4])), np.zeros((5, 3), np.float32), _X, error=True,
        torch_ref=_gloo(lambda torch, dist, out, x: dist.all_gather_into_tensor(out, x)), ms_error="ValueError"),
    case("mint.distributed.reduce_scatter_tensor_uneven/no_split_sizes", lambda ms, out, x: (
        _D(ms).reduce_scatter_tensor_uneven(out, x), out), _Z, _X,
        torch_ref=_gloo(lambda torch, dist, out, x: (dist.reduce_scatter_tensor(out, x), out))),
    case("mint.distributed.reduce_scatter_tensor_uneven/max", lambda ms, out, x: (
        _D(ms).reduce_scatter_tensor_uneven(out, x, [4], op="max"), out), _Z, _X,
        torch_ref=_gloo(lambda torch, dist, out, x: (dist.reduce_scatter_tensor(out, x, op=dist.ReduceOp.MAX), out))),
    case("mint.distributed.reduce_scatter_tensor_uneven/bad_output_shape", lambda ms, out, x: (
        _D(ms).reduce_scatter_tensor_uneven(out, x, [4])), np.zeros((2, 3), np.float32), _X, error=True,
        torch_ref=_gloo(lambda torch, dist, out, x: dist.reduce_scatter_tensor(out, x)), ms_error="ValueError"),
]

# ---------------------------------------------------------------------------------------
# object collectives (MindSpore's CPU build fails on the Ascend world group)

_OBJ = {"a": [1, 2.5], "b": ("x", None)}


def _objects(call):
    """``call(out)`` then ``(its return value, out)``."""
    def run(out):
        return call(out), out
    return run


CASES += [
    case("mint.distributed.gather_object/dict", lambda ms: _objects(lambda out: _D(ms).gather_object(_OBJ, out))([None]),
         torch_ref=_gloo(lambda torch, dist: _objects(lambda out: dist.gather_object(_OBJ, out))([None])),
         ms_crashes=_HCCL_GROUP),
    case("mint.distributed.scatter_object_list/tuple", lambda ms: _objects(
        lambda out: _D(ms).scatter_object_list(out, [("x", 3.5, [1])]))([None]),
        torch_ref=_gloo(lambda torch, dist: _objects(lambda out: dist.scatter_object_list(out, [("x", 3.5, [1])]))([None])),
        ms_crashes=_HCCL_GROUP),
    case("mint.distributed.scatter_object_list/longer_output", lambda ms: _objects(
        lambda out: _D(ms).scatter_object_list(out, [7]))([None, "kept"]),
        torch_ref=_gloo(lambda torch, dist: _objects(lambda out: dist.scatter_object_list(out, [7]))([None, "kept"])),
        ms_crashes=_HCCL_GROUP),
    case("mint.distributed.broadcast_object_list/mixed", lambda ms: _objects(
        lambda out: _D(ms).broadcast_object_list(out, 0))([1, "two", {"3": [4.0]}, None]),
        torch_ref=_gloo(lambda torch, dist: _objects(
            lambda out: dist.broadcast_object_list(out, 0))([1, "two", {"3": [4.0]}, None])),
        ms_crashes=_HCCL_GROUP),
]

# ---------------------------------------------------------------------------------------
# send/isend to the process itself: ValueError (MindSpore's documented check; PyTorch raises too)

CASES += [
    case("mint.distributed.send/bad_to_itself", lambda ms, x: _D(ms).send(x, 0), _X, error=True,
         torch_ref=_gloo(lambda torch, dist, x: dist.send(x, 0)), ms_crashes=_HCCL_GROUP, ms_error="ValueError"),
    case("mint.distributed.isend/bad_to_itself", lambda ms, x: _D(ms).isend(x, 0), _X, error=True,
         torch_ref=_gloo(lambda torch, dist, x: dist.isend(x, 0)), ms_crashes=_HCCL_GROUP, ms_error="ValueError"),
]

# ---------------------------------------------------------------------------------------
# process group life cycle


def _life_cycle(ms):
    """Leave the world, see it gone, join it again (the comm fixture's world is restored)."""
    D = _D(ms)
    D.destroy_process_group()
    gone = D.is_initialized()
    ret = D.init_process_group()
    return gone, ret, D.is_initialized(), D.get_rank(), D.get_world_size()


def _torch_life_cycle(torch):
    dist = torch.distributed
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    dist.destroy_process_group()
    gone = dist.is_initialized()
    ret = dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    try:
        return gone, ret, dist.is_initialized(), dist.get_rank(), dist.get_world_size()
    finally:
        dist.destroy_process_group()


CASES += [
    case("mint.distributed.init_process_group/after_destroy", _life_cycle, torch_ref=_torch_life_cycle,
         ms_crashes=_INIT),
    case("mint.distributed.destroy_process_group/world", _life_cycle, torch_ref=_torch_life_cycle, ms_crashes=_INIT),
]
