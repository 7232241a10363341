"""The parallel state behind ``set_auto_parallel_context`` (DESIGN section 9).

``_ACTIVE[0]`` is ``None`` in STAND_ALONE mode: every hook in the compiled-call path checks
that one slot and does nothing else, so single-device programs pay one list lookup.
In any other mode it holds a :class:`ParallelState` whose mesh is built lazily over
``jax.devices()`` (all global devices; ``device_num`` of them when set), on first use, so that
``communication.init()`` (which starts JAX's distributed runtime) may come before or after
``set_auto_parallel_context``.

Every mesh of a run uses the same flat device order: the data-parallel mesh is
``devices[:n]`` as one axis ``"dp"``; an operator strategy's device matrix is the same flat
list reshaped (MindSpore's device matrix, with the repeated-calculation dimension first), so
XLA sees one consistent device assignment.
"""
import math

import jax
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

__all__ = ["ParallelState", "active", "current_mesh", "device_count"]

_ACTIVE = [None]
DATA_AXIS = "dp"
# how many compiled programs (``mscompat._graph.Compiled``) are being traced right now: operator
# strategies become sharding constraints only there (PyNative, eager grad included, runs as on
# one device, as MindSpore's auto-parallel is a graph-mode feature)
_IN_PROGRAM = [0]


def in_program():
    return _IN_PROGRAM[0] > 0


def in_per_device():
    """Whether the code being traced runs per device, inside the ``shard_map`` of a data-parallel
    program (``mscompat.parallel._data``)."""
    try:
        from jax._src.mesh import get_abstract_mesh  # JAX-internal name, absent in some JAX versions (hence the try)
        return DATA_AXIS in (getattr(get_abstract_mesh(), "manual_axes", ()) or ())
    except ImportError:   # a JAX without abstract meshes
        return False


class ParallelState:
    """Mesh and layouts of one auto-parallel configuration."""

    def __init__(self, mode, settings):
        self.mode = mode
        self.settings = settings
        self._devices = None
        self._meshes = {}
        self.mesh = None
        self.param_layouts = {}      # id(Parameter) -> (Parameter, NamedSharding)
        self.param_plans = {}        # id(Parameter) -> (Parameter, strategy tuple or Layout) from shard(parameter_plan)
        self.shard_cache = {}        # Parameter layouts per compiled program (see _placement.param_shardings)
        self._batch = {}

    # --- devices and meshes ------------------------------------------------------------------
    @property
    def devices(self):
        if self._devices is None:
            devs = jax.devices()
            n = self.settings.get("device_num_set")
            if n:
                if n > len(devs):
                    raise RuntimeError(f"For 'set_auto_parallel_context', 'device_num' ({n}) is larger than the "
                                       f"number of devices ({len(devs)}).")
                devs = devs[:n]
            self._devices = np.array(devs, dtype=object)
            self.mesh = Mesh(self._devices, (DATA_AXIS,))
        return self._devices

    @property
    def size(self):
        return len(self.devices)

    def data_mesh(self):
        self.devices
        return self.mesh

    def reshaped(self, shape, names):
        """The device list reshaped to ``shape`` (a device matrix) with axis ``names``."""
        key = (tuple(shape), tuple(names))
        m = self._meshes.get(key)
        if m is None:
            if math.prod(shape) != self.size:
                raise RuntimeError(f"The device matrix {tuple(shape)} does not match the device number {self.size}.")
            m = self._meshes[key] = Mesh(self.devices.reshape(shape), tuple(names))
        return m

    def replicated(self):
        s = self._batch.get("rep")
        if s is None:
            s = self._batch["rep"] = NamedSharding(self.data_mesh(), P())
        return s

    def batch_sharding(self, ndim, axis=0):
        s = self._batch.get((ndim, axis))
        if s is None:
            spec = [None] * ndim
            spec[axis] = DATA_AXIS
            s = self._batch[(ndim, axis)] = NamedSharding(self.data_mesh(), P(*spec))
        return s

    # --- modes -------------------------------------------------------------------------------
    @property
    def semi(self):
        """Whether operator strategies apply (SEMI_AUTO_PARALLEL, AUTO_PARALLEL)."""
        return self.mode in ("semi_auto_parallel", "auto_parallel")

    @property
    def data_parallel(self):
        return self.mode in ("data_parallel", "hybrid_parallel")


def active():
    """The active :class:`ParallelState` (None in STAND_ALONE)."""
    return _ACTIVE[0]


def current_mesh():
    """The data-parallel mesh over the configured devices (axis ``"dp"``); None in STAND_ALONE."""
    st = _ACTIVE[0]
    return None if st is None else st.data_mesh()


def device_count():
    """Devices of the active configuration (1 in STAND_ALONE)."""
    st = _ACTIVE[0]
    return 1 if st is None else st.size


def configure(settings):
    """Called by ``set_auto_parallel_context``/``reset_auto_parallel_context``."""
    mode = settings.get("parallel_mode", "stand_alone")
    old = _ACTIVE[0]
    if mode == "stand_alone":
        _ACTIVE[0] = None
    elif old is None or old.mode != mode or old.settings.get("device_num_set") != settings.get("device_num_set"):
        _ACTIVE[0] = ParallelState(mode, settings)
        if old is not None:   # shard() plans made before a mode change still hold
            _ACTIVE[0].param_plans.update(old.param_plans)
    else:
        old.settings = settings
    from . import _auto  # cycle: _auto imports _mesh
    _auto.sync_hooks()
