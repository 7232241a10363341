"""``mindspore.ops.operations.comm_ops``: MindSpore's collective communication Primitive classes at their internal
import path; the classes are ``mindspore.ops.operations``'s (one implementation, several paths)."""
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind
from mscompat.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401

_NAMES = (
    'ReduceOp', 'AllGather', 'AllGatherV', 'AllReduce', 'AlltoAll', 'AlltoAllV', 'AlltoAllVC', 'Barrier', 'BatchISendIRecv',
    'Broadcast', 'CollectiveGather', 'CollectiveScatter', 'NeighborExchange', 'NeighborExchangeV2', 'Primitive',
    'PrimitiveWithCheck', 'PrimitiveWithInfer', 'Receive', 'Reduce', 'ReduceScatter', 'ReduceScatterV', 'Send',
    '_AllSwap', '_GetTensorSlice', '_HostAllGather', '_HostReduceScatter', '_MicroStepAllGather',
    '_MiniStepAllGather', '_MirrorMicroStepOperator', '_MirrorMiniStepOperator', '_MirrorOperator',
    '_VirtualAccuGrad', '_VirtualAdd', '_VirtualAssignAdd', '_VirtualAssignKvCache', '_VirtualDataset',
    '_VirtualDiv', '_VirtualOutput', '_VirtualPipelineEnd',
)

__all__ = _bind(globals(), _NAMES, _operations)
