"""``mindspore.nn`` embedding layers: Embedding, EmbeddingExt, EmbeddingLookup and
MultiFieldEmbeddingLookup (single-device behaviour: the ``slice_mode``/``manual_shapes``
sharding options only matter under auto-parallel and are accepted and ignored here).

Tables are created as MindSpore creates them (``initializer(param_init, ...)``; EmbeddingExt:
``Normal(sigma=1)``), so after the same ``set_seed`` the initial values are bit-identical.
"""
import jax
import jax.numpy as jnp
import numpy as np

from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.common.initializer import initializer, Normal
from mscompat.ops._args import arr, wrap
from mscompat._runtime_checks import check_index_range
from mscompat.nn.cell import Cell
from mscompat._checkparam import (INC_LEFT, check_value_type, check_positive_int, check_string, check_int_range,
                                  check_positive_float, check_subclass, check_type_name)

__all__ = ['Embedding', 'EmbeddingExt', 'EmbeddingLookup', 'MultiFieldEmbeddingLookup']


def _materialize(t):
    if isinstance(t, Tensor) and getattr(t, "init", None) is not None:
        t = t.init_data()
    return t


def _zero_row(t, idx):
    t = _materialize(t)
    dt = t.dtype
    a = np.array(t.asnumpy())
    a[idx] = 0
    return Tensor(a, dt)


def _clip_by_norm(x, clip_norm, axis):
    """MindSpore's ``nn.ClipByNorm``: ``x * clip_norm / max(l2norm(x, axis), clip_norm)``."""
    a = arr(x)
    c = arr(clip_norm).astype(a.dtype)
    sq = jnp.sum(jnp.square(a), axis=axis, keepdims=True)
    pos = sq > 0
    norm = jnp.where(pos, jnp.sqrt(jnp.where(pos, sq, jnp.ones_like(sq))), sq)
    return wrap((a * c) / jnp.maximum(norm, c))


def _abs(x):
    """``|x|`` with MindSpore's gradient ``sign(x)`` (0 at 0; jax's ``abs`` gives 1 there)."""
    a = arr(x)
    return wrap(a * jnp.sign(a))


class Embedding(Cell):
    """A lookup table of ``vocab_size`` vectors of size ``embedding_size``: ``ids -> table[ids]``
    (shape ``ids.shape + (embedding_size,)``), by gather or by a one-hot matmul.

    Args:
        vocab_size (int), embedding_size (int): table shape.
        use_one_hot (bool): use ``one_hot(ids) @ table``. Default ``False``.
        embedding_table: initializer of the table. Default ``'normal'`` (sigma 0.01).
        dtype: dtype of the one-hot values. Default ``float32``.
        padding_idx (int): a row in ``[0, vocab_size)`` set to zero at creation. Default ``None``.
    """

    def __init__(self, vocab_size, embedding_size, use_one_hot=False, embedding_table='normal',
                 dtype=mstype.float32, padding_idx=None):
        super().__init__()
        self.vocab_size = check_value_type('vocab_size', vocab_size, [int], self.cls_name)
        self.embedding_size = check_value_type('embedding_size', embedding_size, [int], self.cls_name)
        check_value_type('use_one_hot', use_one_hot, [bool], self.cls_name)
        check_subclass("dtype", dtype, mstype.number_type, self.cls_name)
        self.use_one_hot = use_one_hot
        self.dtype = dtype
        self.init_tensor = initializer(embedding_table, [vocab_size, embedding_size])
        self.padding_idx = padding_idx
        if padding_idx is not None:
            self.padding_idx = check_int_range(padding_idx, 0, vocab_size, INC_LEFT, "padding_idx", self.cls_name)
            self.init_tensor = _zero_row(self.init_tensor, self.padding_idx)
        self.embedding_table = Parameter(self.init_tensor, name='embedding_table')
        self.gather = ops.Gather()
        self.one_hot = ops.OneHot()
        self.on_value = Tensor(1.0, self.dtype)
        self.off_value = Tensor(0.0, self.dtype)
        self.array_mul = ops.MatMul()

    def construct(self, ids):
        out_shape = tuple(ids.shape) + (self.embedding_size,)
        flat_ids = ops.reshape(ids, (-1,))
        if self.use_one_hot:
            one_hot_ids = self.one_hot(flat_ids, self.vocab_size, self.on_value, self.off_value)
            out = self.array_mul(one_hot_ids, self.embedding_table)
        else:
            out = self.gather(self.embedding_table, flat_ids, 0)
        return ops.reshape(out, out_shape)

    def extend_repr(self):
        return (f'vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, '
                f'use_one_hot={self.use_one_hot}, embedding_table={self.embedding_table}, dtype={self.dtype}, '
                f'padding_idx={self.padding_idx}')


def _renorm_rows(w, ids, max_norm, norm_type):
    """Rows ``ids`` of ``w`` rescaled to norm ``max_norm`` where their ``norm_type``-norm exceeds it."""
    rows = w[ids]
    if norm_type == float("inf"):
        norms = jnp.max(jnp.abs(rows), axis=-1, keepdims=True)
    else:
        norms = jnp.sum(jnp.abs(rows) ** norm_type, axis=-1, keepdims=True) ** (1.0 / norm_type)
    scale = jnp.where(norms > max_norm, max_norm / (norms + 1e-7), 1.0).astype(w.dtype)
    return w.at[ids].set(rows * scale)


def _embedding_fwd(ids, weight, padding_idx, scale_grad_by_freq):
    @jax.custom_vjp
    def f(w):
        return jnp.take(w, ids, axis=0)

    def fwd(w):
        return f(w), None

    def bwd(_, g):
        flat_ids = ids.reshape(-1)
        g2 = g.reshape(-1, g.shape[-1])
        if scale_grad_by_freq:
            counts = jnp.zeros((weight.shape[0],), g.dtype).at[flat_ids].add(1)
            g2 = g2 / counts[flat_ids][:, None]
        if padding_idx is not None:
            g2 = jnp.where((flat_ids == padding_idx % weight.shape[0])[:, None], jnp.zeros_like(g2), g2)
        return (jnp.zeros(weight.shape, g.dtype).at[flat_ids].add(g2),)

    f.defvjp(fwd, bwd)
    return f(weight)


class EmbeddingExt(Cell):
    """``weight[input]`` with PyTorch-style options (MindSpore's ``mint.nn.Embedding``).

    Args:
        num_embeddings (int), embedding_dim (int): table shape.
        padding_idx (int): a row in ``[-num_embeddings, num_embeddings)``: zero at creation, no gradient.
        max_norm (float): rows looked up are renormalized in place to this ``norm_type``-norm.
        norm_type (float): Default ``2.0``.
        scale_grad_by_freq (bool): scale gradients by the inverse frequency of the ids. Default ``False``.
        sparse (bool): must be ``False``.
        _weight (Tensor): initial table. Default ``None``: ``Normal(1, 0)``.
        _freeze (bool): the table is not trainable. Default ``False``.
        dtype: table dtype. Default ``None`` (float32).
    """

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
                 scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, dtype=None):
        super().__init__()
        self.sparse = check_value_type('sparse', sparse, [bool], self.cls_name)
        if self.sparse:
            raise ValueError("For Embedding, the scenerio, where `sparse` is True, has not be supported.")
        self.num_embeddings = check_value_type('num_embeddings', num_embeddings, [int], self.cls_name)
        self.embedding_dim = check_value_type('embedding_dim', embedding_dim, [int], self.cls_name)
        self.dtype = dtype if dtype is not None else mstype.float32
        check_subclass("dtype", self.dtype, mstype.number_type, self.cls_name)
        self.padding_idx = padding_idx
        if _weight is None:
            init_tensor = Tensor(shape=[num_embeddings, embedding_dim], dtype=self.dtype, init=Normal(1, 0))
            if self.padding_idx is not None:
                self.padding_idx = check_int_range(self.padding_idx, -num_embeddings, num_embeddings,
                                                   INC_LEFT, "padding_idx", self.cls_name)
                init_tensor = _zero_row(init_tensor, self.padding_idx)
            self.weight = Parameter(init_tensor, name='weight', requires_grad=not _freeze)
        else:
            if tuple(_weight.shape) != (num_embeddings, embedding_dim):
                raise ValueError(f"For Embedding, shape of weight should be match with num_embeddings "
                                 f"and embedding_dim, but got weight.shape: {_weight.shape}, "
                                 f"and (num_embeddings, embedding_dim): ({num_embeddings}, {embedding_dim})")
            self.weight = Parameter(_weight, name='weight', requires_grad=not _freeze)
        self.max_norm = max_norm
        if max_norm is not None:
            self.max_norm = check_value_type('max_norm', max_norm, [float], self.cls_name)
        self.norm_type = norm_type
        if norm_type is not None:
            self.norm_type = check_value_type('norm_type', norm_type, [float], self.cls_name)
        self.scale_grad_by_freq = scale_grad_by_freq
        if scale_grad_by_freq is not None:
            self.scale_grad_by_freq = check_value_type('scale_grad_by_freq', scale_grad_by_freq, [bool],
                                                       self.cls_name)

    def construct(self, input):  # pylint: disable=redefined-builtin
        check_type_name("input", input.dtype, (mstype.int32, mstype.int64), "Embedding")
        ids = arr(input)
        n = self.num_embeddings
        check_index_range(ids, -n, n, lambda v: f"For 'Embedding', the 'input' should be in the range [0, {n}), "
                                                f"but got {v + n if v < 0 else v}.")
        if self.max_norm is not None:
            w = jax.lax.stop_gradient(arr(self.weight))
            self.weight.set_data(wrap(_renorm_rows(w, ids.reshape(-1), self.max_norm, self.norm_type)))
        return wrap(_embedding_fwd(ids, arr(self.weight), self.padding_idx, bool(self.scale_grad_by_freq)))

    def extend_repr(self):
        return (f'num_embeddings={self.num_embeddings}, embedding_dim={self.embedding_dim}, '
                f'padding_idx={self.padding_idx}, max_norm={self.max_norm}, norm_type={self.norm_type}, '
                f'scale_grad_by_freq={self.scale_grad_by_freq}, dtype={self.dtype}')


class EmbeddingLookup(Cell):
    """Rows of a table by index (``target='CPU'``: out-of-range ids give zero rows), optionally
    clipped to the L2 norm ``max_norm`` over the embedding axes.

    Args:
        vocab_size (int), embedding_size (int): table shape.
        param_init: initializer of the table. Default ``'normal'``.
        target (str): ``'CPU'`` or ``'DEVICE'``. Default ``'CPU'``.
        slice_mode (str), manual_shapes: sharding options (auto-parallel only; ignored here).
        max_norm (float): clip norm. Default ``None``.
        sparse (bool): must be ``True`` with ``target='CPU'``. Default ``True``.
        dtype: table dtype. Default ``float32``.
    """
    BATCH_SLICE = "batch_slice"
    FIELD_SLICE = "field_slice"
    TABLE_ROW_SLICE = "table_row_slice"
    TABLE_COLUMN_SLICE = "table_column_slice"

    def __init__(self, vocab_size, embedding_size, param_init='normal', target='CPU', slice_mode='batch_slice',
                 manual_shapes=None, max_norm=None, sparse=True, dtype=mstype.float32):
        super().__init__()
        check_value_type('sparse', sparse, [bool], self.cls_name)
        self.vocab_size = check_positive_int(vocab_size, 'vocab_size')
        self.target = target
        self.sparse = sparse
        self.forward_unique = False
        check_string(target, ['CPU', 'DEVICE'], 'target', self.cls_name)
        if not sparse and target == 'CPU':
            raise ValueError(f"For '{self.cls_name}', 'sparse' must be True when 'target' is \"CPU\", "
                             f"but got 'sparse': {sparse} and 'target': {target}")
        self.gatherv2 = ops.SparseGatherV2() if sparse else ops.Gather()
        self.embeddinglookup = ops.EmbeddingLookup()
        self.embedding_size = check_positive_int(embedding_size, 'embedding_size', self.cls_name)
        self.embedding_table = Parameter(initializer(param_init, [self.vocab_size, self.embedding_size],
                                                     dtype=dtype), name='embedding_table')
        self.slice_mode = slice_mode
        self.manual_shapes = manual_shapes
        self.max_norm = max_norm
        if self.max_norm is not None:
            self.max_norm = check_positive_float(self.max_norm, 'max_norm', self.cls_name)
            self.max_norm = Tensor(self.max_norm, dtype=mstype.float32)

    def _lookup(self, indices):
        if self.target == "CPU":
            return self.embeddinglookup(self.embedding_table, indices, 0)
        return self.gatherv2(self.embedding_table, indices, 0)

    def _clip(self, indices, out):
        if self.max_norm is None:
            return out
        axis = tuple(range(indices.ndim, out.ndim))
        return _clip_by_norm(out, self.max_norm, axis)

    def construct(self, indices):
        return self._clip(indices, self._lookup(indices))


class MultiFieldEmbeddingLookup(EmbeddingLookup):
    """Embeddings of (index, value, field) triples merged per field (``'SUM'``, ``'MEAN'`` or ``'MAX'``):
    output ``(batch, field_size, embedding_size)``.

    Args: as :class:`EmbeddingLookup`, plus ``field_size`` (int), ``feature_num_list`` (sharding,
    ignored here) and ``operator`` (str). Default ``'SUM'``.
    """
    OPERATOR_SUM = 'SUM'
    OPERATOR_MEAN = 'MEAN'
    OPERATOR_MAX = 'MAX'

    def __init__(self, vocab_size, embedding_size, field_size, param_init='normal', target='CPU',
                 slice_mode='batch_slice', feature_num_list=None, max_norm=None, sparse=True, operator='SUM',
                 dtype=mstype.float32):
        super().__init__(vocab_size, embedding_size, param_init, target, slice_mode, feature_num_list, max_norm,
                         sparse, dtype=dtype)
        self.field_size = check_positive_int(field_size, 'field_size', self.cls_name)
        self.operator = operator
        check_string(operator, ['SUM', 'MAX', 'MEAN'], 'operator', self.cls_name)
        if operator == self.OPERATOR_MAX:
            self.merge_op = ops.UnsortedSegmentMax()
        else:
            self.merge_op = ops.UnsortedSegmentSum()
        self.count_op = ops.UnsortedSegmentSum()
        self.negative_inf_value = -3.402823466E+38

    def construct(self, input_indices, input_values, field_ids):
        name = self.cls_name
        for arg, t in (("input_indices", input_indices), ("input_values", input_values), ("field_ids", field_ids)):
            if t.ndim != 2:
                raise ValueError(f"For '{name}', the dimension of '{arg}' must be 2d, but got {t.ndim}")
        check_type_name("input_indices", input_indices.dtype, (mstype.int32, mstype.int64), name)
        check_type_name("input_values", input_values.dtype, (mstype.float32,), name)
        check_type_name("field_ids", field_ids.dtype, (mstype.int32,), name)
        batch_size = input_indices.shape[0]
        num_segments = batch_size * self.field_size
        bias = Tensor(np.arange(0, num_segments, self.field_size, dtype=np.int32).reshape(batch_size, -1))
        field_ids = field_ids + bias
        out = self._clip(input_indices, self._lookup(input_indices))
        weights = ops.reshape(input_values, (batch_size, input_indices.shape[1], 1))
        embedding = weights * out
        if self.operator == 'MAX':
            inf_mask = ops.cast(ops.equal(weights, 0), mstype.float32) * self.negative_inf_value
            embedding = embedding + inf_mask
            embedding = ops.reshape(embedding, (-1, self.embedding_size))
            field_ids = ops.reshape(field_ids, (-1,))
        merged = self.merge_op(embedding, field_ids, num_segments)
        if self.operator == 'MAX':
            value_count = self.count_op(_abs(ops.reshape(input_values, (-1,))), field_ids, num_segments)
            count = ops.expand_dims(ops.cast(ops.not_equal(value_count, 0.0), mstype.float32), -1)
            merged = merged * count
        if self.operator == 'MEAN':
            value_count = ops.expand_dims(self.count_op(_abs(input_values), field_ids, num_segments), -1)
            merged = ops.DivNoNan()(merged, value_count)
        return ops.reshape(merged, (batch_size, self.field_size, -1))
