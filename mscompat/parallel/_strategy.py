"""Operator strategies as sharding constraints (SEMI_AUTO_PARALLEL / AUTO_PARALLEL).

``Primitive.shard(in_strategy, out_strategy)`` records the strategy on the instance; its calls
(an op policy at the dispatch point, ``_auto._StrategyPolicy``), while a compiled program is
traced in a (semi-)auto parallel mode, constrain each tensor input to its strategy and the output to the operator's output layout with
``jax.lax.with_sharding_constraint``; XLA's SPMD partitioner then inserts the collectives
(the partial sums of a split contraction dimension become an all-reduce, or a reduce-scatter
under an ``out_strategy`` that splits the output over the contraction axis too).

MatMul/BatchMatMul share one device matrix between their inputs, as MindSpore does:
``[repeat, batch..., M, K, N]`` with the splits of the strategy (``repeat`` = device number /
product of the splits, the repeated-calculation dimension, first). ``MatMul().shard(((2, 1),
(1, 4)))`` on 8 devices: x rows over 2, w columns over 4, output ``(M/2, N/4)``; a following
``MatMul().shard(((2, 4), (4, 1)))`` takes that output without any data movement (the same
flat device order) and all-reduces its partial sums over the 4-way axis.

Other operators: each input on its own device matrix ``[repeat, *strategy]``; an output of the
first input's shape keeps the first input's layout (elementwise semantics); ``out_strategy``
constrains the output explicitly.
"""
import math

import jax
from jax.sharding import NamedSharding, PartitionSpec as P

from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from ._mesh import _ACTIVE, in_program
from ._layout import Layout, layout_sharding, strategy_sharding, check_tensor_strategy

__all__ = ["sharded_call", "matmul_plan", "constrain", "record_param"]

_WRITES = ("Assign", "AssignAdd", "AssignSub")


def record_param(st, p, sharding):
    if id(p) not in st.param_layouts and id(p) not in st.param_plans:
        st.param_layouts[id(p)] = (p, sharding)


def constrain(st, x, sharding, keep_param=False):
    """``x`` (a Tensor) constrained to ``sharding`` while tracing; a Parameter records its layout."""
    if sharding is None or not isinstance(x, Tensor):
        return x
    if type(x) is Parameter:
        record_param(st, x, sharding)
        if keep_param:
            return x
    return Tensor._wrap(jax.lax.with_sharding_constraint(x._data, sharding))


def _tensor_positions(inputs):
    return [i for i, x in enumerate(inputs) if isinstance(x, Tensor)]


# --- MatMul family: one device matrix for both inputs and the output ------------------------
def matmul_plan(st, name, x_shape, w_shape, sx, sw, transpose_a, transpose_b, out_strategy=None):
    """Shardings ``(x, w, out)`` of a (batch) matmul under strategies ``sx``, ``sw``."""
    nb = len(x_shape) - 2
    nbw = len(w_shape) - 2
    if nbw > nb:
        raise RuntimeError(f"For '{name}', the second input has more batch dimensions than the first: "
                           "Invalid strategy.")
    xl = [f"b{i}" for i in range(nb)] + (["K", "M"] if transpose_a else ["M", "K"])
    wl = [f"b{i + nb - nbw}" for i in range(nbw)] + (["N", "K"] if transpose_b else ["K", "N"])
    split = {}
    for labels, strat, shape in ((xl, sx, x_shape), (wl, sw, w_shape)):
        for lab, s, n in zip(labels, strat, shape):
            if lab in split and split[lab] != s and not (lab.startswith("b") and n == 1):
                raise RuntimeError(f"For '{name}', the strategies {tuple(sx)} and {tuple(sw)} split the shared "
                                   f"dimension differently ({split[lab]} and {s}): Invalid strategy.")
            if not (lab.startswith("b") and n == 1 and lab in split):
                split[lab] = s
    order = [f"b{i}" for i in range(nb)] + ["M", "K", "N"]
    splits = [split.get(lab, 1) for lab in order]
    prod = math.prod(splits)
    if st.size % prod:
        raise RuntimeError(f"For '{name}', the device matrix {tuple(splits)} needs {prod} devices, which does not "
                           f"divide the device number {st.size}: Invalid strategy.")
    mesh = st.reshaped((st.size // prod,) + tuple(splits), ("rep",) + tuple(order))

    def spec(labels, shape=None):
        shape = shape if shape is not None else (0,) * len(labels)
        return P(*(lab if split.get(lab, 1) > 1 and n != 1 else None for lab, n in zip(labels, shape)))

    xs = NamedSharding(mesh, spec(xl, x_shape))
    ws = NamedSharding(mesh, spec(wl, w_shape))
    out_labels = [f"b{i}" for i in range(nb)] + ["M", "N"]
    if out_strategy is None:
        os_ = NamedSharding(mesh, spec(out_labels))
    else:
        os_ = _out_on_matrix(mesh, split, out_labels, tuple(out_strategy[0]))
        if os_ is None:
            os_ = strategy_sharding(st, out_strategy[0])
    return xs, ws, os_


def _out_on_matrix(mesh, split, out_labels, strat):
    """An output strategy expressed on the operator's device matrix: each dimension's split as its
    own axis, or its own axis times the contraction axis K (a reduce-scatter); None otherwise."""
    if len(strat) != len(out_labels):
        return None
    used, spec = set(), []
    for lab, s in zip(out_labels, strat):
        own = split.get(lab, 1)
        if s == 1:
            spec.append(None)
        elif s == own and lab not in used:
            spec.append(lab)
            used.add(lab)
        elif s == own * split.get("K", 1) and "K" not in used:
            spec.append((lab, "K") if own > 1 else "K")
            used.update((lab, "K"))
        else:
            return None
    return NamedSharding(mesh, P(*spec))


def _plan(prim, st, inputs):
    """Input and output shardings of ``prim`` from its strategy attributes (None: no plan)."""
    name = prim.name
    in_layout = prim.__dict__.get("_in_layout_objs")
    pos = _tensor_positions(inputs)
    if in_layout is not None:
        ins = {i: layout_sharding(st, lay) for i, lay in zip(pos, in_layout)}
        outl = prim.__dict__.get("_out_layout_objs")
        return ins, (layout_sharding(st, outl[0]) if outl else None)
    strat = prim.attrs.get("in_strategy")
    if strat is None:
        return None
    strat = tuple(tuple(s) for s in strat)
    out_strategy = prim.attrs.get("out_strategy")
    if len(strat) != len(pos):
        raise RuntimeError(f"For '{name}', the in_strategy {strat} has {len(strat)} elements, but the operator has "
                           f"{len(pos)} tensor inputs: Invalid strategy.")
    for k, (i, s) in enumerate(zip(pos, strat)):
        check_tensor_strategy(name, k, s, inputs[i].shape, st.size)
    if name in ("MatMul", "BatchMatMul") and len(pos) == 2:
        x, w = inputs[pos[0]], inputs[pos[1]]
        xs, ws, os_ = matmul_plan(st, name, tuple(x.shape), tuple(w.shape), strat[0], strat[1],
                                  bool(prim.attrs.get("transpose_a", prim.attrs.get("transpose_x1", False))),
                                  bool(prim.attrs.get("transpose_b", prim.attrs.get("transpose_x2", False))),
                                  out_strategy)
        return {pos[0]: xs, pos[1]: ws}, os_
    ins = {i: strategy_sharding(st, s) for i, s in zip(pos, strat)}
    if out_strategy is not None:
        return ins, strategy_sharding(st, tuple(out_strategy[0]))
    return ins, ("same", tuple(inputs[pos[0]].shape), ins[pos[0]])


def apply_plan(st, prim, call, inputs, plan):
    ins, out_s = plan
    keep = prim.name in _WRITES or prim.name.startswith(("Scatter", "Apply"))
    inputs = tuple(constrain(st, x, ins.get(i), keep_param=keep) for i, x in enumerate(inputs))
    out = call(prim, *inputs)
    if out_s is None:
        return out
    if isinstance(out_s, tuple):    # ("same", shape, sharding): elementwise output
        _, shape, s = out_s
        if isinstance(out, Tensor) and tuple(out.shape) == shape:
            return constrain(st, out, s)
        return out
    if isinstance(out, Tensor):
        return constrain(st, out, out_s)
    return out


def sharded_call(prim, call, inputs):
    """The call of a primitive with a strategy (see the module docstring)."""
    st = _ACTIVE[0]
    if st is None or not st.semi or not in_program():
        return call(prim, *inputs)
    plan = _plan(prim, st, inputs)
    if plan is None:
        return call(prim, *inputs)
    return apply_plan(st, prim, call, inputs, plan)


def check_strategy_arg(prim, strategy, log_info):
    """MindSpore's Python-side checks of ``Primitive.shard``; True when it is a tuple of Layouts."""
    if not isinstance(strategy, tuple):
        raise TypeError(f"{log_info} must be tuple type, but got:{type(strategy)}")
    if strategy == ():
        return None
    kinds = []
    for ele in strategy:
        if not isinstance(ele, (tuple, Layout)):
            raise TypeError(f"The element of strategy must be tuple/Layout type, but got:{type(ele)}")
        if isinstance(ele, tuple):
            for v in ele:
                if not isinstance(v, int):
                    raise TypeError(f"The {log_info}: {strategy} of {prim.name} is not valid, the value of strategy "
                                    f"must be int type, but got:{type(v)}")
            kinds.append(False)
        else:
            kinds.append(True)
    if len(set(kinds)) > 1:
        raise TypeError(f"{log_info} item must be all tuple type or all Layout type.")
    return kinds[0]
