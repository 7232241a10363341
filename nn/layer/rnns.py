"""``mindspore.nn`` multi-layer recurrent layers: RNN, LSTM, GRU.

Stacked (optionally bidirectional) recurrences over ``x`` of shape ``(seq, batch, input)``
(``batch_first``: ``(batch, seq, input)``), run with ``jax.lax.scan`` so they compile once in
GRAPH_MODE/``jit`` and differentiate. With ``seq_length`` (per-batch valid lengths) the states
stop updating past each sequence's end and the outputs there are zero; the reverse direction
runs on each sequence reversed within its length (MindSpore's ``ReverseSequence``).

Parameters are named and created as MindSpore does: ``weight_ih_l{k}[_reverse]``,
``weight_hh_l{k}[_reverse]``, ``bias_ih_l{k}[_reverse]``, ``bias_hh_l{k}[_reverse]`` drawn from
numpy's global RNG (``uniform(-1/sqrt(hidden), 1/sqrt(hidden))``), layer by layer and direction
by direction, so after ``set_seed`` they match MindSpore bit for bit.
"""
import logging
import math

import jax
import jax.numpy as jnp
import numpy as np

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter, ParameterTuple
from mscompat.ops._args import arr, wrap
from mscompat.nn.cell import Cell
from .basic import Dropout
from .rnn_cells import _rnn_relu_cell, _rnn_tanh_cell, _gru_cell, _lstm_cell
from mscompat._checkparam import (check_value_type, check_positive_int, check_is_float, check_is_tensor,
                                  check_type_name, check_types_same_and_valid)
from ._seq_checks import check_tuple, check_tuple_length

__all__ = ['LSTM', 'GRU', 'RNN']

logger = logging.getLogger("mscompat")

_FLOATS = (mstype.float32, mstype.float16)


def _reverse_index(seq_length, time_steps):
    """``(T, B)`` source time index of MindSpore's ``ReverseSequence(seq_dim=0, batch_dim=1)``."""
    t = jnp.arange(time_steps)[:, None]
    n = seq_length.astype(jnp.int32)[None, :]
    return jnp.where(t < n, n - 1 - t, t)


def _reverse_sequence(x, seq_length):
    idx = _reverse_index(seq_length, x.shape[0])
    return jnp.take_along_axis(x, idx[:, :, None], axis=0)


class _DynamicRNNBase(Cell):
    """One direction of one layer, step by step (``lax.scan``); a subclass per mode (MindSpore's
    class names, shown in the parent's repr) with the mode's step function and gate count."""
    _mode = None
    _gates = None
    _CELLS = {"RNN_RELU": _rnn_relu_cell, "RNN_TANH": _rnn_tanh_cell, "LSTM": _lstm_cell, "GRU": _gru_cell}

    def __init__(self):
        super().__init__()
        self.cell = self._CELLS[self._mode]
        self.is_lstm = self._mode == "LSTM"

    def run(self, x, h, seq_length, w_ih, w_hh, b_ih, b_hh):
        """``x (T, B, I)`` jax arrays; returns ``(outputs (T, B, H), final state)``."""
        dt = x.dtype
        w_ih, w_hh = w_ih.astype(dt), w_hh.astype(dt)
        if b_ih is not None:
            b_ih, b_hh = b_ih.astype(dt), b_hh.astype(dt)
        cell, is_lstm = self.cell, self.is_lstm

        if seq_length is None:
            def step(state, x_t):
                new = cell(x_t, state, w_ih, w_hh, b_ih, b_hh)
                return new, (new[0] if is_lstm else new)
            state, outs = jax.lax.scan(step, h, x)
            return outs, state

        lengths = seq_length.astype(jnp.float32).astype(jnp.int32)

        def vstep(state, inp):
            x_t, t = inp
            new = cell(x_t, state, w_ih, w_hh, b_ih, b_hh)
            cond = (lengths > t)[:, None]
            if is_lstm:
                out = jnp.where(cond, new[0], jnp.zeros_like(new[0]))
                state = (jnp.where(cond, new[0], state[0]), jnp.where(cond, new[1], state[1]))
            else:
                out = jnp.where(cond, new, jnp.zeros_like(new))
                state = jnp.where(cond, new, state)
            return state, out
        state, outs = jax.lax.scan(vstep, h, (x, jnp.arange(x.shape[0], dtype=jnp.int32)))
        return outs, state


class _DynamicRNNRelu(_DynamicRNNBase):
    _mode, _gates = 'RNN_RELU', 1


class _DynamicRNNTanh(_DynamicRNNBase):
    _mode, _gates = 'RNN_TANH', 1


class _DynamicGRUCPUGPU(_DynamicRNNBase):
    _mode, _gates = 'GRU', 3


class _DynamicLSTMCPUGPU(_DynamicRNNBase):
    _mode, _gates = 'LSTM', 4


_RNN_CLASSES = {c._mode: c for c in (_DynamicRNNRelu, _DynamicRNNTanh, _DynamicGRUCPUGPU, _DynamicLSTMCPUGPU)}


class _RNNBase(Cell):
    """Stacked, optionally bidirectional recurrence (see the module docstring)."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
                 dropout=0., bidirectional=False, dtype=mstype.float32):
        super().__init__()
        check_positive_int(hidden_size, "hidden_size", self.cls_name)
        check_positive_int(input_size, "input_size", self.cls_name)
        check_positive_int(num_layers, "num_layers", self.cls_name)
        check_is_float(dropout, "dropout", self.cls_name)
        check_value_type("has_bias", has_bias, [bool], self.cls_name)
        check_value_type("batch_first", batch_first, [bool], self.cls_name)
        check_value_type("bidirectional", bidirectional, [bool], self.cls_name)
        if not 0 <= dropout < 1:
            raise ValueError(f"For '{self.cls_name}', the 'dropout' must be a number in range [0, 1) "
                             f"representing the probability of an element being zeroed, but got {dropout}.")
        if dropout > 0 and num_layers == 1:
            logger.warning("dropout option adds dropout after all but last recurrent layer, so non-zero dropout "
                           "expects num_layers greater than 1, but got dropout=%s and num_layers=%s",
                           dropout, num_layers)
        if mode not in _RNN_CLASSES:
            raise ValueError(f"For '{self.cls_name}', the 'mode' must be in ['RNN_RELU', 'RNN_TANH', 'LSTM', 'GRU'], "
                             f"but got {mode}.")
        self.rnn = _RNN_CLASSES[mode]()
        gate_size = self.rnn._gates * hidden_size
        self.hidden_size = hidden_size
        self.batch_first = batch_first
        self.num_layers = num_layers
        self.dropout = dropout
        self.dropout_op = Dropout(p=float(dropout))
        self.bidirectional = bidirectional
        self.has_bias = has_bias
        num_directions = 2 if bidirectional else 1
        self.is_lstm = mode == "LSTM"
        w_ih, w_hh, b_ih, b_hh = [], [], [], []
        stdv = 1 / math.sqrt(self.hidden_size)

        def draw(shape):
            return Tensor(np.random.uniform(-stdv, stdv, shape).astype(np.float32), dtype=dtype)

        for layer in range(num_layers):
            for direction in range(num_directions):
                layer_input_size = input_size if layer == 0 else hidden_size * num_directions
                suffix = '_reverse' if direction == 1 else ''
                w_ih.append(Parameter(draw((gate_size, layer_input_size)), name=f'weight_ih_l{layer}{suffix}'))
                w_hh.append(Parameter(draw((gate_size, hidden_size)), name=f'weight_hh_l{layer}{suffix}'))
                if has_bias:
                    b_ih.append(Parameter(draw((gate_size,)), name=f'bias_ih_l{layer}{suffix}'))
                    b_hh.append(Parameter(draw((gate_size,)), name=f'bias_hh_l{layer}{suffix}'))
        self.w_ih_list = ParameterTuple(w_ih)
        self.w_hh_list = ParameterTuple(w_hh)
        self.b_ih_list = ParameterTuple(b_ih)
        self.b_hh_list = ParameterTuple(b_hh)

    def _weights(self, k):
        if self.has_bias:
            return (arr(self.w_ih_list[k]), arr(self.w_hh_list[k]), arr(self.b_ih_list[k]),
                    arr(self.b_hh_list[k]))
        return arr(self.w_ih_list[k]), arr(self.w_hh_list[k]), None, None

    def _state(self, h, k):
        return (h[0][k], h[1][k]) if self.is_lstm else h[k]

    def _dropout(self, out, i):
        if self.dropout != 0 and i < self.num_layers - 1:
            return arr(self.dropout_op(wrap(out)))
        return out

    def _stacked(self, x, h, seq_length):
        num_directions = 2 if self.bidirectional else 1
        pre_layer = x
        h_n, c_n = [], []
        output = None
        for i in range(self.num_layers):
            states = []
            outs = []
            for d in range(num_directions):
                k = i * num_directions + d
                if d == 0:
                    out, st = self.rnn.run(pre_layer, self._state(h, k), seq_length, *self._weights(k))
                else:
                    if seq_length is None:
                        x_b = jnp.flip(pre_layer, 0)
                    else:
                        x_b = _reverse_sequence(pre_layer, seq_length)
                    out, st = self.rnn.run(x_b, self._state(h, k), seq_length, *self._weights(k))
                    out = jnp.flip(out, 0) if seq_length is None else _reverse_sequence(out, seq_length)
                outs.append(out)
                states.append(st)
            output = outs[0] if num_directions == 1 else jnp.concatenate(outs, axis=2)
            pre_layer = self._dropout(output, i)
            for st in states:
                if self.is_lstm:
                    h_n.append(st[0])
                    c_n.append(st[1])
                else:
                    h_n.append(st)
        if self.is_lstm:
            return output, (jnp.stack(h_n).reshape(h[0].shape), jnp.stack(c_n).reshape(h[1].shape))
        return output, jnp.stack(h_n).reshape(h.shape)

    def construct(self, x, hx=None, seq_length=None):
        check_is_tensor("x", x, self.cls_name, allow_none=True)
        max_batch_size = x.shape[0] if self.batch_first else x.shape[1]
        num_directions = 2 if self.bidirectional else 1
        x_dtype = x.dtype
        if hx is not None:
            if not self.is_lstm:
                check_is_tensor("h", hx, self.cls_name, allow_none=True)
                check_types_same_and_valid({'x': x_dtype, 'hx': hx.dtype}, _FLOATS, self.cls_name)
                h = arr(hx)
            else:
                check_tuple('hx', hx, self.cls_name)
                check_tuple_length('hx', hx, 2, self.cls_name)
                check_is_tensor('hx[0]', hx[0], self.cls_name, allow_none=True)
                check_is_tensor('hx[1]', hx[1], self.cls_name, allow_none=True)
                check_types_same_and_valid({'x': x_dtype, 'hx[0]': hx[0].dtype, 'hx[1]': hx[1].dtype}, _FLOATS,
                                  self.cls_name)
                h = (arr(hx[0]), arr(hx[1]))
        else:
            shape = (self.num_layers * num_directions, max_batch_size, self.hidden_size)
            zeros = jnp.zeros(shape, arr(x).dtype)
            h = (zeros, zeros) if self.is_lstm else zeros
        sl = None
        if seq_length is not None:
            check_type_name("seq_length", seq_length.dtype, (mstype.int32, mstype.int64), self.cls_name)
            if max_batch_size != seq_length.shape[0]:
                raise ValueError(f"For '{self.cls_name}' batch size of x and seq_length must be equal, "
                                 f"but got {max_batch_size} of x and {seq_length.shape[0]} of seq_length.")
            sl = arr(seq_length)
        a = arr(x)
        if self.batch_first:
            a = jnp.swapaxes(a, 0, 1)
        out, hn = self._stacked(a, h, sl)
        if self.batch_first:
            out = jnp.swapaxes(out, 0, 1)
        dt = a.dtype
        if not self.is_lstm:
            return wrap(out.astype(dt)), wrap(hn.astype(dt))
        return wrap(out.astype(dt)), (wrap(hn[0].astype(dt)), wrap(hn[1].astype(dt)))


class RNN(_RNNBase):
    """Stacked Elman RNN (``nonlinearity='tanh'`` or ``'relu'``, keyword only).

    Args:
        input_size (int), hidden_size (int), num_layers (int, default 1), has_bias (bool, default True),
        batch_first (bool, default False), dropout (float in [0, 1), between layers in training, default 0.),
        bidirectional (bool, default False), dtype (Parameters' dtype, default float32).

    Inputs: ``x``, ``hx`` (``(num_layers * num_directions, batch, hidden)``, default zeros),
    ``seq_length`` (``(batch,)`` int32/int64). Outputs: ``(output, h_n)``.
    """

    def __init__(self, *args, **kwargs):
        if 'nonlinearity' in kwargs:
            if kwargs['nonlinearity'] == 'tanh':
                mode = 'RNN_TANH'
            elif kwargs['nonlinearity'] == 'relu':
                mode = 'RNN_RELU'
            else:
                raise ValueError(f"For '{type(self).__name__}', the 'nonlinearity' must be in ['tanh', 'relu'], "
                                 f"but got {kwargs['nonlinearity']}.")
            del kwargs['nonlinearity']
        else:
            mode = 'RNN_TANH'
        super().__init__(mode, *args, **kwargs)


class GRU(_RNNBase):
    """Stacked GRU (gates ``r, z, n``); arguments and inputs as :class:`RNN`. Outputs ``(output, h_n)``."""

    def __init__(self, *args, **kwargs):
        super().__init__('GRU', *args, **kwargs)


class LSTM(_RNNBase):
    """Stacked LSTM (gates ``i, f, g, o``); arguments as :class:`RNN`; ``hx`` is a tuple ``(h_0, c_0)``.
    Outputs ``(output, (h_n, c_n))``."""

    def __init__(self, *args, **kwargs):
        super().__init__('LSTM', *args, **kwargs)
