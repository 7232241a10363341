"""LessBN: marks a network for the "less batch normalization" boost and, with ``fn_flag``,
replaces its last ``Dense`` head by :class:`CommonHeadLastFN`, a feature-normalized linear head
(cosine of the L2-normalized input and weight rows, times a learned scalar)."""
import numpy as np

from mscompat.common import dtype as mstype
from mscompat.common.initializer import initializer
from mscompat.common.parameter import Parameter
from mscompat.common.tensor import Tensor
from mscompat.nn.cell import Cell
from mscompat.nn.layer import Dense
from mscompat.ops import operations as P

__all__ = ['CommonHeadLastFN', 'LessBN']


class CommonHeadLastFN(Cell):
    """``multiplier * (normalize(x) @ normalize(weight).T + bias)``, rows L2-normalized."""

    def __init__(self, in_channels, out_channels, weight_init='normal', bias_init='zeros', has_bias=True):
        super().__init__()
        self.weight = Parameter(initializer(weight_init, [out_channels, in_channels]), requires_grad=True,
                                name='weight')
        self.x_norm = P.L2Normalize(axis=1)
        self.w_norm = P.L2Normalize(axis=1)
        self.fc = P.MatMul(transpose_a=False, transpose_b=True)
        self.multiplier = Parameter(Tensor(np.ones([1]), mstype.float32), requires_grad=True, name='multiplier')
        self.has_bias = has_bias
        if has_bias:
            self.bias_add = P.BiasAdd()
            self.bias = Parameter(initializer(bias_init, [out_channels]), requires_grad=True, name='bias')

    def construct(self, x):
        out = self.fc(self.x_norm(x), self.w_norm(self.weight))
        if self.has_bias:
            out = self.bias_add(out, self.bias)
        return self.multiplier * out


class LessBN(Cell):
    """Wrap ``network`` for the LessBN boost (once per network: a second wrap changes nothing).

    With ``fn_flag`` the last ``Dense`` of every cell that holds Dense children becomes a
    :class:`CommonHeadLastFN` initialised from the Dense's weight, keeping its parameter names.
    """

    def __init__(self, network, fn_flag=False):
        super().__init__()
        self.network = network
        if 'less_bn' not in self.network.get_flags():
            self.network.set_boost('less_bn')
            self.network.update_cell_prefix()
            if fn_flag:
                self._convert_to_less_bn_net(self.network)
            self.network.add_flags(defer_inline=True)

    @staticmethod
    def _convert_dense(dense):
        prefix = dense.param_prefix
        head = CommonHeadLastFN(dense.in_channels, dense.out_channels, dense.weight, dense.bias, False)
        head.update_parameters_name(prefix + '.')
        return head

    def construct(self, *inputs):
        return self.network(*inputs)

    def _convert_to_less_bn_net(self, net):
        children = net.name_cells()
        last_name, last_dense = None, None
        for name, sub in children.items():
            if sub is net:
                continue
            if isinstance(sub, Dense):
                last_name, last_dense = name, sub
            else:
                self._convert_to_less_bn_net(sub)
        if last_dense is not None:
            net.insert_child_to_cell(last_name, LessBN._convert_dense(last_dense))
