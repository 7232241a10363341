"""mint's shape and indexing ops: the torch-style forms (``dim=``) of the array ops.

Each is a mint entry of the registry whose kernel is the ``ops`` twin's."""
from mscompat import ops
from mscompat.common.tensor import Tensor
from mscompat.ops._registry import mint_op, mint_form

_SAME = ("permute", "reshape", "tile", "broadcast_to", "triu", "tril", "flip", "roll", "masked_select",
         "nonzero", "ravel", "take", "hstack", "dstack", "unsqueeze", "eye", "searchsorted")
for _n in _SAME:
    mint_form("", _n)


def _check_tensors(name, tensors):
    if not isinstance(tensors, (tuple, list)):
        raise TypeError(f"For '{name}', 'tensors' must be a tuple or list of Tensors, but got {type(tensors).__name__}.")


@mint_op("", "cat", twin="concat", aliases=("concat",))
def cat(tensors, dim=0):
    """Concatenate ``tensors`` along ``dim``."""
    _check_tensors("cat", tensors)
    return ops.cat(tensors, dim)


@mint_op("", twin="stack")
def stack(tensors, dim=0):
    """Stack ``tensors`` along a new axis ``dim``."""
    _check_tensors("stack", tensors)
    return ops.stack(tensors, dim)


@mint_op("", twin="split")
def split(tensor, split_size_or_sections, dim=0):
    """Split ``tensor`` into chunks of ``split_size_or_sections`` along ``dim``."""
    return ops.split(tensor, split_size_or_sections, dim)


@mint_op("", twin="chunk")
def chunk(input, chunks, dim=0):
    """Split ``input`` into ``chunks`` pieces along ``dim``."""
    return ops.chunk(input, chunks, dim)


@mint_op("", twin="swapaxes")
def transpose(input, dim0, dim1):
    """Swap the axes ``dim0`` and ``dim1``."""
    return ops.swapaxes(input, dim0, dim1)


@mint_op("", twin="flatten")
def flatten(input, start_dim=0, end_dim=-1):
    """Merge the axes ``start_dim`` .. ``end_dim`` into one."""
    return ops.flatten(input, start_dim=start_dim, end_dim=end_dim)


@mint_op("", twin="squeeze")
def squeeze(input, dim):
    """Remove the size-1 axes of ``dim`` (an int or a tuple)."""
    return ops.squeeze(input, dim)


@mint_op("", twin="gather_elements")
def gather(input, dim, index):
    """``out[i][j] = input[index[i][j]][j]`` for ``dim=0`` (torch's gather)."""
    return ops.gather_elements(input, dim, index)


@mint_op("", twin="index_select")
def index_select(input, dim, index):
    """The slices of ``input`` along ``dim`` at ``index`` (1-D)."""
    return ops.index_select(input, dim, index)


@mint_op("", twin="narrow")
def narrow(input, dim, start, length):
    """The slice ``start:start+length`` of ``input`` along ``dim``."""
    return ops.narrow(input, dim, start, length)


@mint_op("", twin="repeat_interleave")
def repeat_interleave(input, repeats, dim=None, *, output_size=None):
    """Repeat each element ``repeats`` times along ``dim`` (flattened when ``dim`` is None)."""
    if dim is None:
        input = ops.reshape(input, (-1,))
        dim = 0
    return ops.repeat_interleave(input, repeats, dim)


@mint_op("", twin="unbind")
def unbind(input, dim=0):
    """The slices of ``input`` along ``dim``, as a tuple."""
    return ops.unbind(input, dim)


@mint_op("", twin="narrow")
def select(input, dim, index):
    """The slice of ``input`` at ``index`` along ``dim`` (the axis is removed)."""
    rank = max(input.ndim, 1)
    if not -rank <= dim < rank:
        raise ValueError(f"Dimension out of range (expected to be in range of [{-rank}, {rank}), but got {dim})")
    size = input.shape[dim]
    if not -size <= index < size:
        raise ValueError(f"For 'select', 'index' must be in [{-size}, {size}), but got {index}.")
    return ops.squeeze(ops.narrow(input, dim, index % size, 1), dim)


@mint_op("", twin="meshgrid")
def meshgrid(*tensors, indexing=None):
    """Coordinate grids of the 1-D ``tensors`` (``indexing`` 'ij' by default, as torch)."""
    if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
        tensors = tuple(tensors[0])
    return ops.meshgrid(*tensors, indexing="ij" if indexing is None else indexing)


@mint_op("", twin="scatter")
def scatter(input, dim, index, src):
    """``input`` with ``src``'s values (or the number ``src``) written at ``index`` along ``dim``."""
    if isinstance(src, (int, float)) and not isinstance(src, bool) and isinstance(index, Tensor):
        src = ops.full(index.shape, src, dtype=input.dtype)
    return ops.scatter(input, dim, index, src)


@mint_op("", twin="select")
def where(condition, input=None, other=None):
    """Elementwise ``input`` where ``condition`` is True, else ``other``; with ``condition``
    alone, the indices of its True elements (``nonzero(condition, as_tuple=True)``)."""
    if input is None and other is None:
        return ops.nonzero(condition, as_tuple=True)
    return ops.where(condition, input, other)


@mint_op("", twin="tensor_scatter_elements")
def scatter_add(input, dim, index, src):
    """``input`` plus ``src``'s values added at ``index`` along ``dim``."""
    return ops.tensor_scatter_elements(input, index, src, dim, "add")
