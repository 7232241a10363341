"""``mindspore.ops.function.comm_func``: MindSpore's collective communication functional ops at their internal import
path; the objects are ``mindspore.ops``'s (one implementation, several paths)."""
from mscompat import ops as _ops
from mscompat.ops._module_paths import bind as _bind

_NAMES = (
    'P2POp', 'TCPStore', 'all_gather', 'all_gather_into_tensor', 'all_gather_into_tensor_uneven',
    'all_gather_object', 'all_reduce', 'all_to_all', 'all_to_all_single', 'all_to_all_v_c', 'barrier',
    'batch_isend_irecv', 'broadcast', 'broadcast_object_list', 'destroy_process_group', 'gather',
    'gather_into_tensor', 'gather_object', 'get_backend', 'get_global_rank', 'get_group_rank',
    'get_process_group_ranks', 'get_rank', 'get_world_size', 'init_process_group', 'irecv', 'is_available',
    'is_initialized', 'isend', 'new_group', 'recv', 'recv_object_list', 'reduce', 'reduce_scatter',
    'reduce_scatter_tensor', 'reduce_scatter_tensor_uneven', 'scatter', 'scatter_object_list', 'scatter_tensor',
    'send', 'send_object_list', 'set_comm_ops_inplace',
)

__all__ = _bind(globals(), _NAMES, _ops)
