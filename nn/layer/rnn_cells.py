"""``mindspore.nn`` recurrent cells: RNNCell, LSTMCell, GRUCell (one time step).

The step functions (``_rnn_tanh_cell``, ``_lstm_cell``, ...) work on ``jax.Array``s and are shared
with the multi-layer RNN/LSTM/GRU layers (``rnns.py``); their products run the ``MatMul`` op
(``x W^T``, as MindSpore's cells do), so op policies (AMP, the emulated Ascend cube) reach them. Weights are created as MindSpore does:
``np.random.randn`` placeholders (consuming numpy's global RNG the same way), then every
Parameter re-initialized with ``Uniform(1/sqrt(hidden_size))``, so values after ``set_seed`` match
MindSpore's bit for bit. Gate order: LSTM ``i, f, g, o``; GRU ``r, z, n``.
"""
import logging
import math

import jax
import jax.numpy as jnp
import numpy as np

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.common.initializer import initializer, Uniform
from mscompat import ops
from mscompat.ops._args import arr, wrap
from mscompat.nn.cell import Cell
from mscompat._checkparam import check_value_type, check_positive_int, check_string, check_is_tensor, check_type_name
from ._seq_checks import check_tuple, check_tuple_length

__all__ = ['LSTMCell', 'GRUCell', 'RNNCell']

logger = logging.getLogger("mscompat")

_FLOATS = (mstype.float32, mstype.float16)


_MATMUL_NT = ops.MatMul(False, True)      # x @ w.T


def _product(x, w):
    """``x @ w.T`` through the ``MatMul`` op, on jax arrays."""
    return arr(_MATMUL_NT(wrap(x), wrap(w)))


def _linear(x, w, b):
    y = _product(x, w)
    return y if b is None else y + b


def _rnn_tanh_cell(inputs, hidden, w_ih, w_hh, b_ih, b_hh):
    """``tanh(x W_ih^T + b_ih + h W_hh^T + b_hh)`` on jax arrays."""
    return jnp.tanh(_linear(inputs, w_ih, b_ih) + _linear(hidden, w_hh, b_hh))


def _rnn_relu_cell(inputs, hidden, w_ih, w_hh, b_ih, b_hh):
    """``relu(x W_ih^T + b_ih + h W_hh^T + b_hh)`` on jax arrays."""
    return jax.nn.relu(_linear(inputs, w_ih, b_ih) + _linear(hidden, w_hh, b_hh))


def _lstm_cell(inputs, hidden, w_ih, w_hh, b_ih, b_hh):
    """One LSTM step on jax arrays: ``(h, c) -> (h', c')``."""
    hx, cx = hidden
    gates = _product(inputs, w_ih) + _product(hx, w_hh)
    if b_ih is not None:
        gates = gates + b_ih + b_hh
    i, f, g, o = jnp.split(gates, 4, axis=1)
    i, f, g, o = jax.nn.sigmoid(i), jax.nn.sigmoid(f), jnp.tanh(g), jax.nn.sigmoid(o)
    cy = f * cx + i * g
    hy = o * jnp.tanh(cy)
    return hy, cy


def _gru_cell(inputs, hidden, w_ih, w_hh, b_ih, b_hh):
    """One GRU step on jax arrays: ``h -> h'``."""
    gi = _linear(inputs, w_ih, b_ih)
    gh = _linear(hidden, w_hh, b_hh)
    i_r, i_i, i_n = jnp.split(gi, 3, axis=1)
    h_r, h_i, h_n = jnp.split(gh, 3, axis=1)
    r = jax.nn.sigmoid(i_r + h_r)
    z = jax.nn.sigmoid(i_i + h_i)
    n = jnp.tanh(i_n + r * h_n)
    return n + z * (hidden - n)


def _opt(p):
    return None if p is None else arr(p)


class RNNCellBase(Cell):
    """Common weights of the recurrent cells: ``weight_ih (chunks*hidden, input)``,
    ``weight_hh (chunks*hidden, hidden)``, ``bias_ih``, ``bias_hh``."""

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool, num_chunks: int,
                 dtype=mstype.float32):
        super().__init__()
        check_value_type("has_bias", has_bias, [bool], self.cls_name)
        check_positive_int(hidden_size, "hidden_size", self.cls_name)
        check_positive_int(input_size, "input_size", self.cls_name)
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.has_bias = has_bias
        self.weight_ih = Parameter(Tensor(np.random.randn(num_chunks * hidden_size, input_size), dtype=dtype))
        self.weight_hh = Parameter(Tensor(np.random.randn(num_chunks * hidden_size, hidden_size), dtype=dtype))
        if has_bias:
            self.bias_ih = Parameter(Tensor(np.random.randn(num_chunks * hidden_size), dtype=dtype))
            self.bias_hh = Parameter(Tensor(np.random.randn(num_chunks * hidden_size), dtype=dtype))
        else:
            self.bias_ih = None
            self.bias_hh = None
        self.reset_parameters(dtype=dtype)

    def reset_parameters(self, dtype=mstype.float32):
        """Every Parameter drawn again from ``Uniform(1 / sqrt(hidden_size))``."""
        stdv = 1 / math.sqrt(self.hidden_size)
        for weight in self.get_parameters():
            weight.set_data(initializer(Uniform(stdv), weight.shape, dtype))

    def _weights(self):
        return arr(self.weight_ih), arr(self.weight_hh), _opt(self.bias_ih), _opt(self.bias_hh)


class RNNCell(RNNCellBase):
    """Elman RNN cell: ``h' = nonlinearity(x W_ih^T + b_ih + h W_hh^T + b_hh)``.

    Args:
        input_size (int), hidden_size (int), has_bias (bool, default ``True``),
        nonlinearity (str): ``'tanh'`` or ``'relu'``. Default ``'tanh'``.
        dtype: Parameters' dtype. Default ``float32``.

    Inputs: ``x`` (batch, input_size), ``hx`` (batch, hidden_size). Output: ``hx'``.
    """
    _non_linearity = ['tanh', 'relu']

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool = True, nonlinearity: str = "tanh",
                 dtype=mstype.float32):
        super().__init__(input_size, hidden_size, has_bias, num_chunks=1, dtype=dtype)
        check_value_type("nonlinearity", nonlinearity, [str], self.cls_name)
        check_string(nonlinearity, self._non_linearity, "nonlinearity", self.cls_name)
        self.nonlinearity = nonlinearity

    def construct(self, x, hx):
        check_is_tensor('x', x, self.cls_name, allow_none=True)
        check_is_tensor('hx', hx, self.cls_name, allow_none=True)
        check_type_name("x", x.dtype, _FLOATS, self.cls_name)
        check_type_name("hx", hx.dtype, _FLOATS, self.cls_name)
        fn = _rnn_tanh_cell if self.nonlinearity == "tanh" else _rnn_relu_cell
        return wrap(fn(arr(x), arr(hx), *self._weights()))


def _check_lstmcell_init(init):
    def wrapper(*args, **kwargs):
        logger.warning("LSTMCell has been changed from 'single LSTM layer' to 'single LSTM cell', "
                       "if you still need use single LSTM layer, please use `nn.LSTM` instead.")
        if len(args) > 4 or 'batch_size' in kwargs or 'dropout' in kwargs or 'bidirectional' in kwargs:
            raise ValueError("The arguments of `nn.LSTMCell` from old MindSpore version(<1.6) are detected, "
                             "if you still need use single LSTM layer, please use `nn.LSTM` instead.")
        return init(*args, **kwargs)
    wrapper.__doc__ = init.__doc__
    return wrapper


class LSTMCell(RNNCellBase):
    """LSTM cell (gates ``i, f, g, o``): ``(x, (h, c)) -> (h', c')``.

    Args:
        input_size (int), hidden_size (int), has_bias (bool, default ``True``),
        dtype: Parameters' dtype. Default ``float32``.
    """

    @_check_lstmcell_init
    def __init__(self, input_size: int, hidden_size: int, has_bias: bool = True, dtype=mstype.float32):
        super().__init__(input_size, hidden_size, has_bias, num_chunks=4, dtype=dtype)
        self.support_non_tensor_inputs = True

    def construct(self, x, hx):
        check_is_tensor('x', x, self.cls_name, allow_none=True)
        check_tuple('hx', hx, self.cls_name)
        check_tuple_length('hx', hx, 2, self.cls_name)
        check_is_tensor('hx[0]', hx[0], self.cls_name, allow_none=True)
        check_is_tensor('hx[1]', hx[1], self.cls_name, allow_none=True)
        check_type_name("x", x.dtype, _FLOATS, self.cls_name)
        check_type_name("hx[0]", hx[0].dtype, _FLOATS, self.cls_name)
        check_type_name("hx[1]", hx[1].dtype, _FLOATS, self.cls_name)
        h, c = _lstm_cell(arr(x), (arr(hx[0]), arr(hx[1])), *self._weights())
        return wrap(h), wrap(c)


class GRUCell(RNNCellBase):
    """GRU cell (gates ``r, z, n``): ``h' = n + z * (h - n)``.

    Args:
        input_size (int), hidden_size (int), has_bias (bool, default ``True``),
        dtype: Parameters' dtype. Default ``float32``.
    """

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool = True, dtype=mstype.float32):
        super().__init__(input_size, hidden_size, has_bias, num_chunks=3, dtype=dtype)

    def construct(self, x, hx):
        check_is_tensor('x', x, self.cls_name, allow_none=True)
        check_is_tensor('hx', hx, self.cls_name, allow_none=True)
        check_type_name("x", x.dtype, _FLOATS, self.cls_name)
        check_type_name("hx", hx.dtype, _FLOATS, self.cls_name)
        return wrap(_gru_cell(arr(x), arr(hx), *self._weights()))
