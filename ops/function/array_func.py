"""``mindspore.ops.function.array_func``: MindSpore's array manipulation functional ops at their internal import
path; the objects are ``mindspore.ops``'s (one implementation, several paths)."""
from mscompat import ops as _ops
from mscompat.ops._module_paths import OPERATIONS as _operations
from mscompat.ops._module_paths import bind as _bind, bind_instances as _bind_instances

_NAMES = (
    'affine_grid', 'aminmax', 'arange', 'argmax', 'argsort', 'argwhere', 'batch_to_space_nd', 'broadcast_to',
    'cat', 'chunk', 'col2im', 'column_stack', 'concat', 'deepcopy', 'diag', 'diagflat', 'diagonal',
    'diagonal_scatter', 'dsplit', 'dyn_shape', 'expand', 'expand_as', 'expand_dims', 'eye', 'fill', 'fills',
    'flatten', 'flip', 'fold', 'full', 'full_like', 'gather', 'gather_d', 'gather_elements', 'gather_nd', 'ger',
    'hamming_window', 'hsplit', 'hstack', 'index_fill', 'index_select', 'is_nonzero', 'is_tensor', 'lstsq',
    'masked_fill', 'masked_select', 'matrix_band_part', 'matrix_diag', 'matrix_diag_part', 'matrix_set_diag',
    'max', 'meshgrid', 'min', 'moveaxis', 'movedim', 'mvlgamma', 'narrow', 'nonzero', 'one_hot', 'ones',
    'ones_like', 'padding', 'population_count', 'range', 'rank', 'ravel', 'repeat_elements',
    'repeat_interleave', 'reshape', 'reshape_', 'reverse', 'reverse_sequence', 'scalar_cast', 'scalar_to_array',
    'scalar_to_tensor', 'scatter', 'scatter_add', 'scatter_div', 'scatter_max', 'scatter_min', 'scatter_mul',
    'scatter_nd', 'scatter_nd_add', 'scatter_nd_div', 'scatter_nd_max', 'scatter_nd_min', 'scatter_nd_mul',
    'scatter_nd_sub', 'scatter_update', 'searchsorted', 'select', 'select_scatter', 'sequence_mask', 'shape',
    'shape_', 'size', 'slice', 'slice_scatter', 'sort', 'space_to_batch_nd', 'split', 'squeeze', 'stack',
    'strided_slice', 'swapaxes', 'swapdims', 'take', 'tensor_scatter_add', 'tensor_scatter_div',
    'tensor_scatter_elements', 'tensor_scatter_max', 'tensor_scatter_min', 'tensor_scatter_mul',
    'tensor_scatter_sub', 'tensor_slice', 'tensor_split', 'tile', 'top_k', 'topk', 'transpose', 'tril', 'triu',
    'tuple_to_array', 'type_as', 'unbind', 'unfold', 'unique', 'unique_consecutive', 'unique_with_pad',
    'unsorted_segment_max', 'unsorted_segment_min', 'unsorted_segment_prod', 'unsorted_segment_sum',
    'unsqueeze', 'unstack', 'view_as', 'vsplit', 'where', 'zero_', 'zeros', 'zeros_like',
)

__all__ = _bind(globals(), _NAMES, _ops)

# MindSpore's ready-made Primitive instances at this path (``arg_max_with_value_ = ArgMaxWithValue()``, ...),
# made on first use
_INSTANCES = {
    'arg_max_with_value_': 'ArgMaxWithValue', 'arg_min_with_value_': 'ArgMinWithValue', 'cast_': 'Cast',
    'diag_': 'Diag', 'eye_': 'Eye', 'fills_': 'Fills', 'fillv2_': 'FillV2', 'flatten_': 'Flatten',
    'gather_': 'Gather', 'gather_d_': 'GatherD', 'gather_nd_': 'GatherNd', 'ger_': 'Ger', 'ones_': 'Ones',
    'ones_like_': 'OnesLike', 'population_count_': 'PopulationCount', 'range_': 'Range', 'rank_': 'Rank',
    'reduce_max_': 'ReduceMax', 'reduce_min_': 'ReduceMin', 'scalar_to_tensor_': 'ScalarToTensor',
    'scatter_add_': 'ScatterAdd', 'scatter_nd_': 'ScatterNd', 'scatter_update_': 'ScatterUpdate', 'size_': 'Size',
    'tensor_select_': 'Select', 'tensor_shape_': 'TensorShape', 'tile_': 'Tile', 'transpose_': 'Transpose',
    'tuple_to_array_': 'TupleToArray', 'tuple_to_tensor_': 'TupleToTensor', 'unique_': 'Unique',
    'unsorted_segment_max_': 'UnsortedSegmentMax', 'unsorted_segment_min_': 'UnsortedSegmentMin',
    'unsorted_segment_prod_': 'UnsortedSegmentProd', 'unsorted_segment_sum_': 'UnsortedSegmentSum',
    'zeros_like_': 'ZerosLike',
}
__getattr__, __dir__ = _bind_instances(globals(), _INSTANCES, _operations)
