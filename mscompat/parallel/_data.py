"""DATA_PARALLEL / HYBRID_PARALLEL as MindSpore runs them: every device computes on its own part
of the batch (DESIGN section 9).

In MindSpore each rank (one device) runs the whole network on its local batch: the outputs and
the loss are per rank, BatchNorm statistics are per device, and ranks only combine where a
collective says so - the gradient all-reduce of ``DistributedGradReducer`` (in
``TrainOneStepCell`` and friends) or the user's own ``AllReduce``/``AllGather``/...

A compiled call (``mscompat._graph.Compiled``) in these modes therefore runs its pure function
under ``jax.shard_map`` over the data axis ``"dp"`` of the mesh:

* inputs split over the data axis (:mod:`._placement`) arrive as each device's local part,
  replicated inputs and Parameters whole;
* the collectives inside (``AllReduce`` ... and :func:`all_reduce_gradient`) are XLA
  collectives over the mesh devices; nothing else crosses devices;
* Parameter updates come back with each device's own value in its buffer of the replicated
  array: equal on every device when they derive from all-reduced gradients, per device for
  values computed from local data only (BatchNorm moving statistics), as on MindSpore's ranks;
* outputs: an output whose first axis is the per-device batch (its length equals the local
  batch of the split inputs; shape ``(1,)`` and the shapes of the program's Parameters - its
  gradients - excluded) is per-sample: the devices' blocks are concatenated (the prediction for
  every sample the caller fed). Any other output (the loss, gradients, metrics, flags, ...) is
  per device: in one process, a replicated array whose buffer on each device holds that
  device's value - reading it gives the first device's (what MindSpore's rank 0 prints), eager
  operations and later compiled calls (an input already laid out on the mesh keeps its layout)
  go on per device, so ``grads = grad_fn(x, y); grads = grad_reducer(grads)`` as separate
  GRAPH_MODE calls reduce each device's own gradients; with several processes
  (:func:`localize`) each process gets its own value, its first device's (with one device per
  process, ``msrun``'s layout, its rank's), as a process-local array.

An optimizer's own compiled update (PyNative ``TrainOneStepCell``, ``optimizer(grads)``) takes no
batch (``_placement.no_batch``): its gradients are replicated. PyNative code is not split: in one
process it computes the whole batch at once, in several processes each process is one rank and
:func:`all_reduce_gradient` all-reduces over the processes. ``SyncBatchNorm`` gathers the batch
of all the devices (:func:`over_all_devices`).
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from mscompat.common.tensor import Tensor
from ._mesh import DATA_AXIS, _ACTIVE, in_per_device
from ._placement import constrain_updates

__all__ = ["layout", "per_device", "localize", "in_per_device", "all_reduce_gradient", "over_all_devices"]


def _spec_of(a, mesh):
    s = getattr(a, "sharding", None)
    if isinstance(s, NamedSharding) and s.mesh == mesh and not s.is_fully_replicated:
        return s.spec
    return P()


def layout(st, dyn, batch_axis=0):
    """The static description of a per-device run of a compiled call with placed inputs ``dyn``:
    ``(mesh, input specs, per-device batch sizes)``; None outside DATA_PARALLEL/HYBRID_PARALLEL."""
    if not st.data_parallel:
        return None
    mesh = st.data_mesh()
    n = st.size
    specs, local = [], set()
    for x in dyn:
        a = x._data if isinstance(x, Tensor) else x
        spec = _spec_of(a, mesh)
        specs.append(spec)
        for d, name in enumerate(spec):
            if name == DATA_AXIS and d == batch_axis:
                local.add(int(np.shape(a)[d]) // n)
    return mesh, tuple(specs), frozenset(local)


def _batched(leaf, local, param_shapes):
    shape = tuple(np.shape(leaf))
    return bool(local) and len(shape) >= 1 and shape[0] in local and shape != (1,) and shape not in param_shapes


def per_device(compiled, params, spec, layout_, values, key, dyn):
    """Inside ``jax.jit``: ``compiled._pure`` run per device under ``shard_map`` (see the module
    docstring); returns what ``_pure`` returns: ``(outputs, Parameter updates, key, attribute
    arrays)``."""
    mesh, in_specs, local = layout_
    where = {}
    param_shapes = {tuple(np.shape(v)) for v in values}

    def body(values, key, dyn):
        out, updates, key_out, attrs = compiled._pure(params, spec, values, key, dyn)
        leaves, tree = jax.tree_util.tree_flatten(out)
        leaves = [jnp.asarray(x) for x in leaves]
        flags = [_batched(x, local, param_shapes) for x in leaves]
        where["tree"], where["flags"] = tree, flags
        return (([x for x, b in zip(leaves, flags) if b], [x for x, b in zip(leaves, flags) if not b]),
                updates, key_out, attrs)

    run = jax.shard_map(body, mesh=mesh, in_specs=(P(), P(), list(in_specs)),
                        out_specs=((P(DATA_AXIS), P()), P(), P(), P()), check_vma=False)
    (batched, rest), updates, key_out, attrs = run(list(values), key, list(dyn))
    it_b, it_r = iter(batched), iter(rest)
    leaves = [next(it_b) if b else next(it_r) for b in where["flags"]]
    out = jax.tree_util.tree_unflatten(where["tree"], leaves)
    st = _ACTIVE[0]
    if st is not None:
        updates = constrain_updates(st, params, updates)
    return out, updates, key_out, attrs


def _local_devices(mesh):
    me = jax.process_index()
    return [d for d in mesh.devices.flat if d.process_index == me]


def _localize_array(a):
    sharding = a.sharding
    if not isinstance(sharding, NamedSharding):
        return a
    devs = _local_devices(sharding.mesh)
    shards = {s.device: s.data for s in a.addressable_shards}
    if sharding.is_fully_replicated:                # a per-device value: this process's first device
        return shards[devs[0]]
    if jax.process_count() == 1:                    # per-sample blocks of every device: the whole batch
        return a
    datas = [shards[d] for d in devs]
    if len(datas) == 1:
        return datas[0]
    shape = (sum(x.shape[0] for x in datas),) + tuple(datas[0].shape[1:])
    local = NamedSharding(Mesh(np.array(devs, dtype=object), (DATA_AXIS,)), P(DATA_AXIS))
    return jax.make_array_from_single_device_arrays(shape, local, datas)


def _own_value(a):
    """This process's value of a replicated global array (a buffer on one of its devices)."""
    return a.addressable_shards[0].data


def localize(out):
    """A per-device run's outputs as this process sees them (see the module docstring): the
    outputs themselves in one process, process-local arrays with several."""
    if jax.process_count() == 1:
        return out

    def one(x):
        a = x._data if isinstance(x, Tensor) else x
        if not isinstance(a, jax.Array) or isinstance(a, jax.core.Tracer):
            return x
        b = _localize_array(a)
        if b is a:
            return x
        return Tensor._wrap(b) if isinstance(x, Tensor) else b
    return jax.tree_util.tree_map(one, out, is_leaf=lambda x: isinstance(x, Tensor))


def all_reduce_gradient(g, mean, degree, scale_local=None):
    """One gradient through ``DistributedGradReducer`` (reduced in float32, cast back, as
    MindSpore's ``gradient_fp32_sync``):

    * per device in a data-parallel program: the sum over the mesh devices (``psum``), divided by
      their number when ``mean`` (MindSpore's ``degree``: one rank per device);
    * on concrete values in a job of several processes (PyNative): the sum over the processes
      (each process is one rank there), divided by their number when ``mean``;
    * otherwise (one process; ``scale_local`` gives the devices of a DATA_PARALLEL mesh an eager
      step stands for): the eager step computed the whole batch at once, so ``mean`` returns it
      and a sum is ``scale_local`` times it; without a mesh an all-reduce over one device is the
      identity and ``mean`` divides by ``degree``.
    """
    if not isinstance(g, Tensor):
        return g
    a = g._data
    dt = a.dtype
    r = a.astype(jnp.float32)
    if in_per_device():
        r = jax.lax.psum(r, DATA_AXIS)
        if mean:
            r = r / jax.lax.axis_size(DATA_AXIS)
        return Tensor._wrap(r.astype(dt))
    if jax.process_count() > 1 and not isinstance(a, jax.core.Tracer):
        from mscompat.ops._comm_prims import AllReduce   # ops import the compiled-call machinery
        if not a.is_fully_addressable:    # computed from Parameters laid out over the processes
            r = _own_value(a).astype(jnp.float32)
        r = AllReduce()(Tensor._wrap(r))._data
        if mean:
            r = r / jax.process_count()
        return Tensor._wrap(r.astype(dt))
    if scale_local:
        return g if mean else Tensor._wrap((r * float(scale_local)).astype(dt))
    if mean:
        r = r * (1.0 / degree)
    return Tensor._wrap(r.astype(dt))


def over_all_devices(fn, x):
    """Per device in a data-parallel program: ``fn`` (a function of a batch returning a batch of
    the same length, e.g. a synchronized BatchNorm) applied to the batch of all the devices
    (gathered along axis 0), and this device's rows of the result. Its gradient reaches every
    device's rows (the all-gather's transpose sums the devices' contributions)."""
    a = x._data
    b = a.shape[0]
    whole = jax.lax.all_gather(a, DATA_AXIS, axis=0, tiled=True)
    out = fn(Tensor._wrap(whole))
    start = jax.lax.axis_index(DATA_AXIS) * b
    return Tensor._wrap(jax.lax.dynamic_slice_in_dim(out._data, start, b, 0))
