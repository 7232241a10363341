"""AdaSum: combine the weight deltas of several servers with the adaptive-summation rule
``(1 - <a,b>/2|a|^2) a + (1 - <a,b>/2|b|^2) b`` over a recursive-halving tree of Send/Receive
pairs between servers, then broadcast within each server."""
import copy
import hashlib
import math

from mscompat.communication.management import create_group
from mscompat.nn.cell import Cell
from mscompat.ops import composite as C
from mscompat.ops import functional as F
from mscompat.ops import operations as P

__all__ = ['AdaSum']

_update_parameters = C.MultitypeFuncGraph('update_parameters')


@_update_parameters.register('Tensor', 'Tensor', 'Tensor', 'Tensor')
def _update_parameters_after_broadcast(delta_weight, update_delta_weight, parameter, old_parameter):
    update = P.Reshape()(update_delta_weight, F.shape(delta_weight))
    P.Assign()(parameter, old_parameter - update)
    return parameter


def _send_before_receive(send_part, send, recv):
    return recv(send(send_part))


def _receive_before_send(send_part, send, recv):
    received = recv(send_part)
    send_part = F.depend(send_part, received)
    return F.depend(received, send(send_part))


def _adasum_combine(left_send, recv_part, local_part, allreduce, divisible, node_num):
    if not divisible:
        return allreduce(local_part) / node_num
    recv_part = P.Squeeze()(recv_part)
    local_part = F.depend(local_part, recv_part)
    eps = 1e-12
    dot = P.ReduceSum()(local_part * recv_part) + eps
    local_sq = P.ReduceSum()(local_part * local_part) + eps
    recv_sq = P.ReduceSum()(recv_part * recv_part) + eps
    first_sq, second_sq = (local_sq, recv_sq) if left_send else (recv_sq, local_sq)
    dot = allreduce(dot)
    first_sq = F.depend(allreduce(first_sq), dot)
    second_sq = F.depend(allreduce(second_sq), first_sq)
    first, second = (local_part, recv_part) if left_send else (recv_part, local_part)
    return (1 - dot / (2 * first_sq)) * first + (1 - dot / (2 * second_sq)) * second


_adasum_opt_forward = C.MultitypeFuncGraph('adasum_opt_forward')


@_adasum_opt_forward.register('Bool', 'Function', 'Bool', 'Int64', 'Function', 'Function', 'Tensor')
def _adasum_opt_forward_process(left_send, allreduce, divisible, node_num, send, recv, delta_w):
    """One halving step: exchange half of ``delta_w`` with the partner and combine."""
    if divisible:
        delta_w = P.Squeeze()(delta_w)
        half = F.shape(delta_w)[0] // 2
        left_part, right_part = delta_w[:half], delta_w[half:]
    else:
        left_part = right_part = delta_w
    if left_send:
        recv_part = _send_before_receive(left_part, send, recv) if divisible else right_part
        return _adasum_combine(left_send, recv_part, right_part, allreduce, divisible, node_num)
    recv_part = _receive_before_send(right_part, send, recv) if divisible else left_part
    return _adasum_combine(left_send, recv_part, left_part, allreduce, divisible, node_num)


_adasum_opt_rollback = C.MultitypeFuncGraph('adasum_opt_rollback')


@_adasum_opt_rollback.register('Bool', 'Bool', 'Tensor', 'Function', 'Function')
def _adasum_opt_rollback_process(left_send, divisible, delta_w, send, recv):
    """Undo one halving step: get the partner's half back and concatenate."""
    if not divisible:
        return delta_w
    recv_part = (_send_before_receive if left_send else _receive_before_send)(delta_w, send, recv)
    recv_part = P.Reshape()(P.Squeeze()(recv_part), (-1,))
    delta_w = P.Reshape()(delta_w, (-1,))
    return P.Concat()((recv_part, delta_w) if left_send else (delta_w, recv_part))


class AdaSum(Cell):
    """AdaSum across ``group_number`` servers of ``device_number`` devices, for the weights
    in ``parameter_tuple``; ``construct(delta_weights, parameters, old_parameters)`` writes
    ``old - combined delta`` into ``parameters``."""

    def __init__(self, rank, device_number, group_number, parameter_tuple):
        super().__init__()
        self.rank = rank
        self.device_number = device_number
        self.group_number = group_number
        self.parameter_tuple = parameter_tuple
        self._generate_communication_op()
        self.hyper_map = C.HyperMap()

    @staticmethod
    def _hash(step, target, weights_index):
        digest = hashlib.sha256(('tag' + str(step) + str(target) + str(weights_index)).encode()).hexdigest()
        return int(int(digest, 16) % 2 ** 31)

    def construct(self, delta_weights, parameters, old_parameters):
        forward = [delta_weights]
        for i in range(self.calc_times):
            forward.append(self.hyper_map(F.partial(_adasum_opt_forward, self.send_node[i], self.allreduce_list[i]),
                                          self.parameter_divisibility_list[i], self.allreduce_node_num_list[i],
                                          self.send_list_forward[i], self.recv_list_forward[i], forward[-1]))
        for i in range(self.calc_times):
            j = self.calc_times - i - 1
            forward[j] = self.hyper_map(F.partial(_adasum_opt_rollback, self.send_node[j]),
                                        self.parameter_divisibility_list[j], forward[j + 1],
                                        self.send_list_rollback[j], self.recv_list_rollback[j])
        return self.hyper_map(F.partial(_update_parameters), delta_weights, forward[0], parameters, old_parameters)

    def _generate_communication_op(self):
        """Send/Receive pairs, group all-reduces and the server broadcasts for every step."""
        self.calc_times = int(math.log(self.group_number, 2))
        self.send_node = []
        self.send_list_forward, self.recv_list_forward = [], []
        self.send_list_rollback, self.recv_list_rollback = [], []
        self.allreduce_list, self.broadcast_list = [], []
        self.parameter_divisibility_list, self.allreduce_node_num_list = [], []
        last = []
        group_start_rank = self.rank // self.device_number * self.device_number
        for step in range(self.calc_times):
            span = self.device_number * 2 ** step
            left_send = self.rank // span % 2 == 0
            dest = self.rank + span if left_send else self.rank - span
            self.send_node.append(left_send)
            width = 2 ** (step + 1)
            node_rank = self.rank // self.device_number
            neighbors = [(node_rank // width * width + index) * self.device_number + self.rank % self.device_number
                         for index in range(width)]
            group_name = 'adasum_{}_{}'.format(step, sum(neighbors))
            create_group(group_name, neighbors)
            left, right, divisibility = self._get_delta_weights_info(last)
            self.parameter_divisibility_list.append(divisibility)
            fusion = (step + 1) * 3
            pairs = {}
            index = 0
            for side, shapes, fusion_id in (("left", left, fusion), ("right", right, fusion + 1)):
                sends, recvs = [], []
                for shape, dtype in shapes:
                    send = P.Send(sr_tag=AdaSum._hash(step, self.rank, index), dest_rank=dest,
                                  group='hccl_world_group')
                    send.add_prim_attr('fusion', fusion_id)
                    recv = P.Receive(sr_tag=AdaSum._hash(step, dest, index), src_rank=dest, shape=shape, dtype=dtype,
                                     group='hccl_world_group')
                    recv.add_prim_attr('fusion', fusion_id)
                    sends.append(send)
                    recvs.append(recv)
                    index += 1
                pairs[side] = (sends, recvs)
            if left_send:
                self.send_list_forward.append(pairs["left"][0])
                self.send_list_rollback.append(pairs["right"][0])
                self.recv_list_forward.append(pairs["right"][1])
                self.recv_list_rollback.append(pairs["left"][1])
                last = right
            else:
                self.send_list_forward.append(pairs["right"][0])
                self.send_list_rollback.append(pairs["left"][0])
                self.recv_list_forward.append(pairs["left"][1])
                self.recv_list_rollback.append(pairs["right"][1])
                last = left
            allreduce = P.AllReduce('sum', group_name)
            allreduce.add_prim_attr('fusion', fusion + 2)
            self.allreduce_list.append(allreduce)
            self.allreduce_node_num_list.append(tuple(0 if d else width for d in divisibility))
        members = list(range(group_start_rank, group_start_rank + self.device_number))
        broadcast_group = 'broadcast_group_' + str(group_start_rank)
        create_group(broadcast_group, members)
        for b_rank in range(len(members)):
            self.broadcast_list.append(P.Broadcast(b_rank, group=broadcast_group))
        self.sync_barrier = P.AllReduce('sum', group=broadcast_group)

    def _get_delta_weights_info(self, last_delta_weights):
        """Split every shape in two along its first axis longer than 1."""
        halves = last_delta_weights or [([int(x) for x in p.shape], p.dtype) for p in self.parameter_tuple]
        left, right, divisibility = [], [], ()
        for shape, dtype in halves:
            left_shape, right_shape = copy.deepcopy(shape), copy.deepcopy(shape)
            divisible = False
            for i, size in enumerate(shape):
                if size > 1:
                    left_shape[i] = size // 2
                    right_shape[i] = size - size // 2
                    divisible = True
                    break
            left.append((left_shape, dtype))
            right.append((right_shape, dtype))
            divisibility += (divisible,)
        return left, right, divisibility
