"""DimReduce: a quasi-Newton step in the subspace spanned by PCA directions of past weights.

Each step projects the gradient onto the local PCA rows (``grad_k = pca @ grad``), updates the
subspace inverse-Hessian estimate ``bk`` by BFGS, tries the step ``-rho**m * bk @ grad_k``
(m = 0, 1) until the loss drops by at least ``sigma * grad_k . s``, and applies that step plus a
momentum of the gradient's component outside the subspace (``gamma``, ``alpha``).
"""
import math

import numpy as np

from mscompat.common import dtype as mstype
from mscompat.common.parameter import Parameter, ParameterTuple
from mscompat.common.tensor import Tensor
from mscompat.nn.cell import Cell
from mscompat.ops import composite as C
from mscompat.ops import functional as F
from mscompat.ops import operations as P

__all__ = ['DimReduce']

_scale_grad = C.MultitypeFuncGraph('_scale_grad')


@_scale_grad.register('Tensor', 'Tensor')
def _scale_grad_process(scale, grad):
    return P.Div()(F.cast(grad, mstype.float32), scale)


_save_weight = C.MultitypeFuncGraph('_save_weight')


@_save_weight.register('Tensor', 'Tensor')
def _save_weight_process(parameter, new_parameter):
    P.Assign()(parameter, new_parameter)
    return parameter


_pca_projection = C.MultitypeFuncGraph('_pca_projection')


@_pca_projection.register('Tensor', 'Tensor')
def _pca_projection_process(pca_mat, grad):
    return P.MatMul()(pca_mat, F.reshape(grad, (-1, 1)))


_pca_back_projection = C.MultitypeFuncGraph('_pca_back_projection')


@_pca_back_projection.register('Tensor', 'Tensor', 'Tensor')
def _pca_back_projection_process(grad_k, pca_mat, grad):
    return F.reshape(P.MatMul()(F.transpose(pca_mat, (1, 0)), grad_k), F.shape(grad))


_update_grad_res_momentum = C.MultitypeFuncGraph('_update_grad_res_momentum')


@_update_grad_res_momentum.register('Float32', 'Float32', 'Tensor', 'Tensor', 'Tensor')
def _update_grad_res_momentum_process(gamma, alpha, grad_res_momentum, grad, grad_proj):
    new_momentum = gamma * grad_res_momentum + grad - grad_proj
    P.Assign()(grad_res_momentum, new_momentum)
    return alpha * new_momentum


_get_delta_weight = C.MultitypeFuncGraph('_get_delta_weight')


@_get_delta_weight.register('Tensor', 'Tensor', 'Tensor')
def _get_delta_weight_process(rho, dn, grad_res_momentum):
    return grad_res_momentum - rho * dn


class DimReduce(Cell):
    """The DimReduce update for ``network`` through ``optimizer`` (an SGD with lr 1 that
    subtracts the computed delta), with this rank's rows ``pca_mat_local`` of the PCA matrix."""

    def __init__(self, network, optimizer, weight, pca_mat_local, n_components, rho, gamma, alpha, sigma, rank,
                 rank_size):
        super().__init__()
        self.network = network
        self.optimizer = optimizer
        self.rank = rank
        self.rank_size = rank_size
        self.gamma = gamma
        self.alpha = alpha
        self.sigma = sigma
        self.float_type = mstype.float32
        self._set_rho_list(rho)
        self._set_local_pca_mat(pca_mat_local, n_components, weight)
        self._set_init_parameter(weight)
        self.hyper_map = C.HyperMap()
        self.concat = P.Concat()
        self.matmul = P.MatMul()
        self.mul = P.Mul()
        self.add = P.Add()

    def construct(self, loss, old_grad, loss_scale, weight, weight_clone, *inputs):
        gk, old_loss, gk_local = self._generate_gk(weight, loss, old_grad, loss_scale)
        _save_weight(self.gk_last_back, self.gk_last)
        _save_weight(self.bk_back, self.bk)
        dk = self._apply_quasi_newton_update(gk)
        dk_pad = self.concat((dk, self.dk_pad_part)) if self.dk_pad_flag else dk
        dk_local = dk_pad[self.start_index:self.end_index, :]
        dn_local = self.hyper_map(F.partial(_pca_back_projection, dk_local), self.pca_list_local, old_grad)
        grad_proj_local = self.hyper_map(F.partial(_pca_back_projection, gk_local), self.pca_list_local, old_grad)
        if self.rank_size > 1:
            dn, grad_proj = self.dn_init, self.grad_proj_init
            for broadcast in self.broadcast_list:
                dn = self.hyper_map(self.add, dn, broadcast(dn_local))
                grad_proj = self.hyper_map(self.add, grad_proj, broadcast(grad_proj_local))
        else:
            dn, grad_proj = dn_local, grad_proj_local
        rho, find = self._line_search(gk, dk, dn, old_loss, weight, weight_clone, *inputs)
        if not find:
            _save_weight(self.gk_last, self.gk_last_back)
            _save_weight(self.bk, self.bk_back)
        clone = self._res_loss(old_grad, grad_proj, weight, weight_clone, rho, dn)
        return F.depend(loss, clone)

    def _set_rho_list(self, rho):
        self.max_search_time = 2
        self.rho_list = [Tensor(np.power(rho, i), dtype=self.float_type) for i in range(self.max_search_time)]
        self.rho_list.append(Tensor(0, dtype=self.float_type))

    def _set_local_pca_mat(self, pca_mat_local, n_components, parameter_tuple):
        self.n_components = n_components
        local_dim = math.ceil(self.n_components // self.rank_size)
        self.start_index = self.rank * local_dim
        self.end_index = (self.rank + 1) * local_dim
        start = 0
        self.pca_list_local = ()
        for param in parameter_tuple:
            size = int(np.prod(param.shape))
            self.pca_list_local += (Tensor(pca_mat_local[:, start:start + size], dtype=self.float_type),)
            start += size
        pad_num = self.rank_size * local_dim - self.n_components
        self.dk_pad_flag = bool(pad_num)
        if pad_num:
            self.dk_pad_part = Tensor(np.zeros([pad_num, 1]), dtype=self.float_type)
        if self.rank_size > 1:
            self.broadcast_list = [P.Broadcast(i) for i in range(self.rank_size)]
            self.allreduce = P.AllReduce()
            self.allgather = P.AllGather()

    def _set_init_parameter(self, parameter_tuple):
        k = self.n_components
        self.true_flag = Tensor(True)
        self.false_flag = Tensor(False)
        self.epsilon = np.power(10.0, -20)
        self.gk_last = Parameter(Tensor(np.zeros([k, 1]), dtype=self.float_type), name="gk_last")
        self.gk_last_init = Parameter(Tensor(False), name="gk_last_init")
        self.bk = Parameter(Tensor(np.eye(k), dtype=self.float_type), name="bk")
        self.sk = Parameter(Tensor(np.zeros([k, 1]), dtype=self.float_type), name="sk")
        self.eye = Tensor(np.eye(k), dtype=self.float_type)
        self.grad_res_momentum = ParameterTuple(parameter_tuple).clone(prefix="grad_res_momentum", init="zeros")
        self.gk_last_back = Parameter(Tensor(np.zeros([k, 1]), dtype=self.float_type), name="gk_last_back")
        self.bk_back = Parameter(Tensor(np.eye(k), dtype=self.float_type), name="bk_back")
        self.grad_proj_init = ParameterTuple(parameter_tuple).clone(prefix="grad_proj_init", init="zeros")
        self.dn_init = ParameterTuple(parameter_tuple).clone(prefix="dn_init", init="zeros")

    def _res_loss(self, old_grad, grad_proj, weight, weight_clone, rho, dn):
        update_grad = self.hyper_map(F.partial(_update_grad_res_momentum, self.gamma, self.alpha),
                                     self.grad_res_momentum, old_grad, grad_proj)
        delta_weight = self.hyper_map(F.partial(_get_delta_weight, rho), dn, update_grad)
        weight = F.depend(weight, self.optimizer(delta_weight))
        return self.hyper_map(_save_weight, weight_clone, weight)

    def _generate_gk(self, weight, loss, old_grad, loss_scale):
        weight = F.depend(weight, loss)
        old_grad = F.depend(old_grad, weight)
        old_grad = self.hyper_map(F.partial(_scale_grad, loss_scale), old_grad)
        old_loss = self.allreduce(loss) // self.rank_size if self.rank_size > 1 else loss
        gk_local = F.addn(self.hyper_map(_pca_projection, self.pca_list_local, old_grad))
        gk_pad = self.allgather(gk_local) if self.rank_size > 1 else gk_local
        gk = F.reshape(gk_pad, (-1, 1))[0:self.n_components, :]
        return gk, old_loss, gk_local

    def _line_search(self, gk, dk, dn, old_loss, weight, weight_clone, *inputs):
        for i in range(self.max_search_time):
            if self._find_rho(gk, dk, dn, old_loss, weight, weight_clone, self.rho_list[i], *inputs):
                return self.rho_list[i], self.true_flag
        return self.rho_list[-1], self.false_flag

    def _find_rho(self, gk, dk, dn, old_loss, weight, weight_clone, rho, *inputs):
        res = self.false_flag
        sn = F.depend(self.hyper_map(F.partial(self.mul, -1 * rho), dn), old_loss)
        update = self.optimizer(sn)
        new_loss = F.depend(self.network(*inputs), update)
        if self.rank_size > 1:
            new_loss = self.allreduce(new_loss) // self.rank_size
        bound = old_loss + self.sigma * rho * F.squeeze(self.matmul(F.transpose(gk, (1, 0)), dk))
        if bound > new_loss:
            _save_weight(self.sk, rho * dk)
            res = self.true_flag
        weight_clone = F.depend(weight_clone, bound)
        return F.depend(res, self.hyper_map(_save_weight, weight, weight_clone))

    def _apply_quasi_newton_update(self, gk):
        if self.gk_last_init:
            yk = gk - self.gk_last
            g = F.squeeze(self.matmul(F.transpose(yk, (1, 0)), self.sk))
            if g > self.epsilon:
                pk = 1.0 / g
                t1 = self.eye - self.matmul(pk * yk, F.transpose(self.sk, (1, 0)))
                new_bk = (self.matmul(self.matmul(F.transpose(t1, (1, 0)), self.bk), t1)
                          + self.matmul(pk * self.sk, F.transpose(self.sk, (1, 0))))
                _save_weight(self.bk, new_bk)
        else:
            _save_weight(self.gk_last_init, self.true_flag)
        _save_weight(self.gk_last, gk)
        return -1 * self.matmul(self.bk, gk)
