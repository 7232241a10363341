"""GroupLossScaleManager: one dynamic loss scale per group of layers (enhanced AMP)."""
from mscompat.common import dtype as mstype
from mscompat.common.parameter import Parameter, ParameterTuple
from mscompat.common.tensor import Tensor
from mscompat.nn.cell import Cell
from mscompat.ops import operations as P

__all__ = ['GroupLossScaleManager']


class _LayerLossScale(Cell):
    """Forward: identity. Backward: the gradient times ``ratio`` (the ratio of the loss scales of
    two neighbouring layer groups)."""

    def __init__(self, layer):
        super().__init__()
        self.layer = layer

    def construct(self, x, ratio):
        return x

    def bprop(self, x, ratio, out, dout):
        return dout * ratio, ratio * 0


class GroupLossScaleManager(Cell):
    """Loss scales per layer group: ``init_loss_scale`` (a number or a list per group) and the
    parameter groups ``loss_scale_groups``; BoostTrainOneStepWithLossScaleCell drives it when
    the ``loss_scale_group`` boost is on. ``construct(x, layer1, layer2)`` rescales the
    gradient flowing from group ``layer2`` into group ``layer1``."""

    def __init__(self, init_loss_scale, loss_scale_groups):
        super().__init__()
        self._loss_scale = init_loss_scale
        self.loss_scale_groups = loss_scale_groups
        self.loss_scale_number = 0
        self.layer_loss_scale = None
        self.dynamic_loss_scale = None

    def set_loss_scale_status(self, loss_scale_number, init_loss_scale):
        """Create the per-group scale Parameters (``layer_loss_scale_0`` ... ``_{n+1}``)."""
        self.loss_scale_number = loss_scale_number
        self.layer_loss_scale = tuple(_LayerLossScale(x) for x in range(loss_scale_number + 1))
        self.dynamic_loss_scale = ParameterTuple(
            Parameter(Tensor(1, mstype.float32), name='layer_loss_scale_{}'.format(x), requires_grad=False)
            for x in range(loss_scale_number + 2))
        if isinstance(init_loss_scale, list):
            for i, value in enumerate(init_loss_scale):
                self.dynamic_loss_scale[i + 1].set_data(Tensor(value, mstype.float32))
        else:
            for i in range(self.loss_scale_number):
                self.dynamic_loss_scale[i + 1].set_data(Tensor(init_loss_scale, mstype.float32))

    def update_loss_scale_status(self, layer, update_ratio):
        """Multiply group ``layer``'s scale by ``update_ratio``; returns the new scale."""
        scale = self.dynamic_loss_scale[layer + 1]
        new_scale = scale * update_ratio
        P.Assign()(scale, new_scale)
        return new_scale

    def construct(self, x, layer1, layer2):
        return self.layer_loss_scale[layer1](x, self.dynamic_loss_scale[layer1] / self.dynamic_loss_scale[layer2])

    def get_loss_scale(self):
        return self._loss_scale

    def get_update_cell(self):
        return self
