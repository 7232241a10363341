"""Helpers behind AutoBoost: rebuilding an optimizer with regrouped parameters (gradient
centralization groups, communication-fusion groups) and the PCA matrices DimReduce uses."""
import copy
import math
import os
import re
import time

import numpy as np
from scipy import linalg as la

from mscompat import log as logger
from mscompat import nn
from mscompat.common.parameter import Parameter
from mscompat.communication.management import get_rank, get_group_size
from mscompat.nn.optim import LARS
from mscompat.train.serialization import load_checkpoint
from .less_batch_normalization import CommonHeadLastFN

__all__ = ['OptimizerProcess', 'ParameterProcess']


def _param_list(params):
    """An optimizer's ``params`` as a non-empty list of Parameters or group dicts."""
    if params is not None and not isinstance(params, list):
        params = list(params)
    if not params:
        raise ValueError("Optimizer got an empty parameter list.")
    if not isinstance(params[0], (dict, Parameter)):
        raise TypeError("Only a list of Parameter or dict can be supported.")
    return params


class OptimizerProcess:
    """Remember how ``opt`` (or the optimizer inside a ``LARS``) was built so that a new one of
    the same class can be made for other parameter groups, e.g. with gradient centralization."""

    def __init__(self, opt):
        self.is_lars = isinstance(opt, LARS)
        inner = opt.opt if self.is_lars else opt
        self.single_opt = inner
        self.opt_class = type(inner)
        self.opt_init_args = inner.init_args
        self.learning_rate = inner.init_learning_rate
        if self.is_lars:
            self.lars_init_args = opt.init_args
        self.origin_params = opt.init_params['params']

    @staticmethod
    def build_params_dict(network):
        """``id(parameter) -> the cell that owns it`` for every cell of ``network``."""
        owners = {}
        for _, cell in network.cells_and_names():
            for par in cell.get_parameters(expand=False):
                owners[id(par)] = cell
        return owners

    @staticmethod
    def build_gc_params_group(params_dict, parameters):
        """Split each group into a gradient-centralized part (weights other than BN
        gamma/beta, biases, grouped convolutions and FN heads) and the rest."""
        groups = []
        for group in parameters:
            if 'order_params' in group.keys():
                groups.append(group)
                continue
            centralized, plain = [], []
            for param in group['params']:
                name = param.name
                if 'beta' in name or 'gamma' in name or 'bias' in name:
                    plain.append(param)
                    continue
                owner = params_dict[id(param)]
                if (isinstance(owner, nn.Conv2d) and owner.group > 1) or isinstance(owner, CommonHeadLastFN):
                    plain.append(param)
                else:
                    centralized.append(param)
            if centralized:
                new_group = copy.deepcopy(group)
                new_group['params'] = centralized
                new_group['grad_centralization'] = True
                groups.append(new_group)
            if plain:
                new_group = copy.deepcopy(group)
                new_group['params'] = plain
                groups.append(new_group)
        return groups

    def add_grad_centralization(self, network):
        """Turn on gradient centralization for the eligible parameters of grouped optimizers
        (a flat parameter list only logs a warning)."""
        owners = OptimizerProcess.build_params_dict(network)
        parameters = _param_list(self.origin_params)
        if isinstance(parameters[0], Parameter):
            logger.warning("Only group parameters support gradient centralization.")
            return
        self.origin_params = OptimizerProcess.build_gc_params_group(owners, parameters)

    def generate_new_optimizer(self):
        """A new optimizer of the original class over ``origin_params``."""
        if self.learning_rate is None:
            self.learning_rate = self.single_opt.learning_rate
        opt = self.opt_class(params=self.origin_params, learning_rate=self.learning_rate, **self.opt_init_args)
        if self.is_lars:
            opt = LARS(opt, **self.lars_init_args)
        return opt


class ParameterProcess:
    """Parameter regrouping: map new parameters onto an optimizer's original groups, and
    number communication-fusion groups."""

    def __init__(self):
        self._parameter_indices = 1

    @staticmethod
    def generate_group_params(parameters, origin_params):
        """Groups for ``parameters`` following the group settings of ``origin_params``."""
        origin = _param_list(origin_params)
        if isinstance(origin[0], Parameter):
            return [{'params': parameters}]
        return ParameterProcess._generate_new_group_params(parameters, origin)

    @staticmethod
    def _generate_new_group_params(parameters, origin):
        names = [param.name for param in parameters]
        unplaced = list(names)
        groups = []
        template = {}
        widest = 0
        for group in origin:
            if 'order_params' in group.keys():
                new_group = copy.deepcopy(group)
                new_group['order_params'] = parameters
                groups.append(new_group)
                continue
            members = []
            for param in group['params']:
                if param.name in names:
                    members.append(parameters[names.index(param.name)])
                    unplaced.remove(param.name)
            new_group = copy.deepcopy(group)
            new_group['params'] = members
            groups.append(new_group)
            if len(group.keys()) > widest:
                widest = len(group.keys())
                template = copy.deepcopy(group)
        if unplaced:
            rest = [parameters[names.index(n)] for n in unplaced]
            if template:
                template['params'] = rest
                groups.append(template)
            else:
                groups.append({'params': rest})
        return groups

    def assign_parameter_group(self, parameters, split_point=None):
        """Set ``comm_fusion`` of each parameter: a new fusion index starts at every index in
        ``split_point`` (default: the middle of the list)."""
        if not isinstance(parameters, (list, tuple)) or not parameters:
            return parameters
        count = len(parameters)
        splits = split_point if split_point else [count // 2]
        for i in range(count):
            if i in splits:
                self._parameter_indices += 1
            parameters[i].comm_fusion = self._parameter_indices
        return parameters


def _get_local_pca_mat_path(weight_load_dir, pca_mat_path, n_component, device_number, network):
    """Path of this rank's slice of the PCA matrix, computing and saving the matrix (from the
    checkpoints in ``weight_load_dir``) on the first rank of each server when needed."""
    if (pca_mat_path is not None and os.path.isfile(pca_mat_path) and pca_mat_path.endswith('.npy')):
        full_path, exists = pca_mat_path, True
    else:
        if weight_load_dir is None or not os.path.isdir(weight_load_dir):
            raise ValueError("The weight_load_dir: {} is None / not exists / not directory.".format(weight_load_dir))
        full_path, exists = os.path.join(weight_load_dir, 'pca_mat_temp.npy'), False
    end_marker = os.path.join(os.path.dirname(full_path), 'save_pca_end.txt')
    if os.path.exists(end_marker):
        os.remove(end_marker)
    rank = get_rank()
    local_path = full_path[:-4] + '_rank_' + str(rank) + '.npy'
    if os.path.exists(local_path):
        os.remove(local_path)
    if rank % device_number != 0:
        return local_path
    if exists:
        pca_mat = np.load(full_path)
    else:
        pca_mat = _compute_pca_mat(_load_weights(weight_load_dir, network), n_component)
        np.save(full_path, pca_mat)
    _save_local_pca_mat(pca_mat, full_path, n_component)
    return local_path


def _load_weights(weight_load_dir, network):
    """One row per checkpoint in ``weight_load_dir``: its trainable weights, flattened."""
    trainable = [param.name for param in network.trainable_params()]
    rows = []
    for file in os.listdir(weight_load_dir):
        if not file.endswith('.ckpt'):
            continue
        params = load_checkpoint(os.path.join(weight_load_dir, file))
        row = [value.asnumpy().reshape((1, -1)) for key, value in params.items() if key in trainable]
        rows.append(np.concatenate(row, axis=1))
    return np.concatenate(rows, axis=0)


def _compute_pca_mat(data, n_component, randomized=True):
    if data.shape[0] < n_component:
        raise ValueError("The samples: {} is less than: n_component {}.".format(data.shape[0], n_component))
    return _randomized_svd(data, n_component) if randomized else _full_svd(data, n_component)


def _randomized_svd(data, n_component, n_oversample=10, n_iter=1):
    data -= np.mean(data, axis=0)
    n_random = n_component + n_oversample
    transpose = data.shape[0] < data.shape[1]
    if transpose:
        data = data.T
    q_mat = _randomized_range_finder(data, n_random, n_iter)
    u_hat, _, vt_mat = la.svd(q_mat.T @ data, full_matrices=False)
    u_mat, vt_mat = _svd_flip(np.dot(q_mat, u_hat), vt_mat, transpose)
    return u_mat[:, :n_component].T if transpose else vt_mat[:n_component, :]


def _full_svd(data, n_component):
    data -= np.mean(data, axis=0)
    u, _, v = la.svd(data, full_matrices=False)
    _, v = _svd_flip(u, v)
    return v[:n_component]


def _randomized_range_finder(data, size, n_iter=1):
    q_mat = np.random.normal(size=(data.shape[1], size))
    for _ in range(n_iter):
        q_mat, _ = la.lu(data @ q_mat, permute_l=True)
        q_mat, _ = la.lu(data.T @ q_mat, permute_l=True)
    q_mat, _ = la.qr(data @ q_mat, mode='economic')
    return q_mat


def _svd_flip(u, v, transpose=True):
    """Deterministic signs: the largest entry of each singular vector made positive."""
    if not transpose:
        rows = np.argmax(np.abs(u), axis=0)
        signs = np.sign(u[rows, range(u.shape[1])])
    else:
        cols = np.argmax(np.abs(v), axis=1)
        signs = np.sign(v[range(v.shape[0]), cols])
    u *= signs
    v *= signs[:, np.newaxis]
    return u, v


_PATH_CHARS = re.compile('[^_A-Za-z0-9/.-]')


def _check_path(path):
    if not isinstance(path, str):
        raise TypeError("Path must be str, not {}.".format(type(path).__name__))
    if not path:
        raise ValueError("The value of the path cannot be empty.")
    if _PATH_CHARS.search(path):
        raise ValueError("Input path contains invalid characters.")
    path = os.path.expanduser(path)
    if os.path.islink(os.path.abspath(path)):
        raise ValueError("The value of the path cannot be soft link: {}.".format(path))
    real_path = os.path.realpath(path)
    if len(real_path) > 4096:
        raise ValueError("The length of file path should be less than 4096.")
    if real_path != path and _PATH_CHARS.search(real_path):
        raise ValueError("Input path contains invalid characters.")


def _save_local_pca_mat(pca_mat, full_pca_mat_path, n_component):
    """Save each rank's rows of the PCA matrix, then an end marker file."""
    _check_path(full_pca_mat_path)
    rank_size = get_group_size()
    local_dim = math.ceil(n_component // rank_size)
    for rank_id in range(rank_size):
        start = min(n_component, rank_id * local_dim)
        end = min(n_component, (rank_id + 1) * local_dim)
        local = np.zeros([local_dim, pca_mat.shape[1]])
        if start != end:
            local[0:end - start, :] = pca_mat[start:end, :]
        np.save('{}_rank_{}.npy'.format(full_pca_mat_path[:-4], rank_id), local)
    with open(os.path.join(os.path.dirname(full_pca_mat_path), 'save_pca_end.txt'), 'x'):
        pass


def _load_local_pca_mat(local_pca_mat_path, timeout):
    """Wait (up to ``timeout`` seconds) for the end marker, then load this rank's slice."""
    marker = os.path.join(os.path.dirname(local_pca_mat_path), 'save_pca_end.txt')
    start = time.time()
    while not os.path.exists(marker):
        if time.time() - start > timeout:
            raise RuntimeError("the time of waiting to load local pca mat is larger than {} second.".format(timeout))
        time.sleep(min(5, max(0.1, timeout / 10)))
    return np.load(local_pca_mat_path)
