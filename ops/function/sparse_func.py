"""``mindspore.ops.function.sparse_func``: MindSpore's sparse tensor functional ops at their internal import
path; the objects are ``mindspore.ops``'s (one implementation, several paths)."""
from mscompat import ops as _ops
from mscompat.ops._module_paths import bind as _bind

_NAMES = (
    'coalesce', 'coo2csr', 'coo_add', 'coo_concat', 'coo_tensor_get_dense_shape', 'coo_tensor_get_indices',
    'coo_tensor_get_values', 'csr2coo', 'csr_add', 'csr_div', 'csr_gather', 'csr_mm', 'csr_mul', 'csr_mv',
    'csr_reduce_sum', 'csr_softmax', 'csr_tensor_get_dense_shape', 'csr_tensor_get_indices',
    'csr_tensor_get_indptr', 'csr_tensor_get_values', 'csr_to_coo', 'csr_to_dense', 'dense_to_sparse_coo',
    'dense_to_sparse_csr', 'make_coo_tensor', 'make_csr_tensor', 'make_map_parameter', 'make_row_tensor',
    'make_row_tensor_inner', 'make_sparse_tensor', 'row_tensor_add', 'row_tensor_get_dense_shape',
    'row_tensor_get_indices', 'row_tensor_get_values',
)

__all__ = _bind(globals(), _NAMES, _ops)
