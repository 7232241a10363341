"""``mindspore.nn.TimeDistributed``: apply a layer to every time step of a sequence."""
from mscompat import ops
from mscompat.common.tensor import Tensor
from mscompat.ops.primitive import Primitive
from mscompat.nn.cell import Cell
from mscompat._checkparam import check_is_int

__all__ = ['TimeDistributed']


def _check_data(flag, cls_name):
    if not flag:
        raise TypeError(f"For '{cls_name}', the inputs and outputs must be a Tensor.")


def _generate_perm(axis_a, axis_b, length):
    perm = tuple(range(length))
    axis_a, axis_b = (axis_a, axis_b) if axis_a < axis_b else (axis_b, axis_a)
    return perm[:axis_a] + (perm[axis_b],) + perm[axis_a:axis_b] + perm[axis_b + 1:]


class TimeDistributed(Cell):
    """Apply ``layer`` to each slice of the input along ``time_axis`` (or, with
    ``reshape_with_axis``, once to the input with the time axis merged into that axis)."""

    def __init__(self, layer, time_axis, reshape_with_axis=None):
        if not isinstance(layer, (Cell, Primitive)):
            raise TypeError(f"For 'TimeDistributed', the 'layer' must be Cell or Primitive instance, but got type: "
                            f"{type(layer).__name__}.")
        super().__init__()
        check_is_int(time_axis, 'time_axis', self.cls_name)
        if reshape_with_axis is not None:
            check_is_int(reshape_with_axis, 'reshape_with_axis', self.cls_name)
        self.layer = layer
        self.time_axis = time_axis
        self.reshape_with_axis = reshape_with_axis
        self.transpose = ops.Transpose()
        self.reshape = ops.Reshape()

    def construct(self, inputs):
        _check_data(isinstance(inputs, Tensor), self.cls_name)
        if len(inputs.shape) < 3:
            raise ValueError(f"For '{self.cls_name}', the inputs shape must be at least 3D, but got "
                             f"{len(inputs.shape)}.")
        ndim = len(inputs.shape)
        time_axis = self.time_axis % ndim
        if self.reshape_with_axis is not None:
            reshape_with_axis = self.reshape_with_axis % ndim
            inputs_shape = inputs.shape
            if reshape_with_axis == ndim - 1:
                time_axis_new = ndim - 2
            elif time_axis > reshape_with_axis:
                time_axis_new = reshape_with_axis + 1
            else:
                time_axis_new = reshape_with_axis - 1
            reshape_pos = time_axis_new if time_axis_new < reshape_with_axis else reshape_with_axis
            perm = _generate_perm(time_axis_new, time_axis, len(inputs_shape))
            inputs = self.transpose(inputs, perm)
            new_shape = tuple(inputs.shape)
            inputs = self.reshape(inputs, new_shape[:reshape_pos] + (-1,) + new_shape[reshape_pos + 2:])
            outputs = self.layer(inputs)
            _check_data(isinstance(outputs, Tensor), self.cls_name)
            in_s, out_s = tuple(inputs.shape), tuple(outputs.shape)
            if reshape_pos >= len(out_s) or in_s[reshape_pos] != out_s[reshape_pos]:
                raise ValueError(f"For '{self.cls_name}', the 'reshape_with_axis' is invalid in the input and output. "
                                 f"The 'reshape_pos' must be less than the length of 'outputs_shape', and the "
                                 f"'inputs_shape[reshape_pos]' must be equal to 'outputs_shape[reshape_pos]', but "
                                 f"got 'reshape_pos': {reshape_pos}, 'inputs_shape': {in_s}, 'outputs_shape': "
                                 f"{out_s}. You may try pass parameters without 'reshape_with_axis'.")
            out_shape = out_s[:reshape_pos] + new_shape[reshape_pos:reshape_pos + 2]
            if reshape_pos + 1 < len(out_s):
                out_shape += out_s[reshape_pos + 1:]
            out_shape = (-1,) + out_shape[1:]
            return self.reshape(outputs, out_shape)
        y = []
        for item in ops.unstack(inputs, time_axis):
            outputs = self.layer(item)
            _check_data(isinstance(outputs, Tensor), self.cls_name)
            if time_axis > outputs.ndim:
                raise ValueError(f"For '{self.cls_name}', the value of 'time_axis' must be in range of "
                                 f"[{-outputs.ndim - 1}, {outputs.ndim}], but got {time_axis}.")
            y.append(outputs)
        return ops.stack(y, time_axis)
