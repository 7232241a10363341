"""AUTO_PARALLEL: strategies the framework picks itself.

``search_mode="sharding_propagation"``: only the operators the user gave a strategy (and the
batch inputs' placement) are constrained; XLA's sharding propagation lays out everything else.

``search_mode="recursive_programming"`` (MindSpore's default) and ``"dynamic_programming"``:
every ``MatMul`` (the op entries whose ``shard_rule`` is ``"matmul"``; the search is an op
policy, ``ops/_dispatch.py``) without a strategy gets one at trace time from a communication cost model
(both names run the same search). For ``x (M, K) @ w (K, N)`` on ``D`` devices, with the
layout the activation arrives in (``dp``: rows split, ``mp``: columns split, ``rep``:
replicated), three candidates are costed in bytes moved per training step (forward and
backward; a ring all-reduce moves ``2 (D-1)/D`` of the tensor, an all-gather or all-to-all
``(D-1)/D``):

* data parallel ``((D, 1), (1, 1))``: the weight-gradient all-reduce ``2 K N``; needs ``x`` in
  ``dp`` (free from ``rep``, an all-to-all from ``mp``); output ``dp``;
* column split ``((1, 1), (1, D))``: the all-reduce of ``dx`` in backward ``2 M K``; needs ``x``
  replicated (an all-gather from ``dp``/``mp``); output ``mp``;
* row split ``((1, D), (D, 1))``: the all-reduce of the output's partial sums ``2 M N``; needs
  ``x`` in ``mp`` (free from ``rep``, an all-to-all from ``dp``); output ``rep``.

Redistribution costs count twice (its transpose runs in backward). The cheapest wins (data
parallel on ties). The incoming layout is the one recorded for that very array (an input another
MatMul consumed, or a MatMul output), otherwise the output layout of the previous MatMul (the
chain through elementwise operators), otherwise the batch inputs' layout. A candidate whose
split does not divide its dimension is skipped.

``recursive_programming`` decides each MatMul greedily, in trace order, given the choices
already made. ``dynamic_programming`` first records the program's MatMuls in an abstract trace
(each with the MatMul its input comes from: "output of j", "same input as j", or the batch
inputs; a forest), then minimises the TOTAL cost exactly by dynamic programming over that forest
(for each MatMul and incoming layout, the cheapest choice for it and everything fed from it),
and applies those choices in the real trace. Not modelled: compute redundancy of replicated
operators, memory, overlap. With small batches and large weights this picks Megatron's
column-then-row pairs; with large batches, data parallel. The choices of the last trace are in
``mscompat.parallel.auto_strategies()``.
"""
import sys

from mscompat.common.tensor import Tensor
from ._mesh import _ACTIVE, in_program
from ._strategy import apply_plan, matmul_plan, sharded_call

__all__ = ["sync_hooks", "begin_trace", "begin_record", "end_record", "choose", "solve", "plan_cost",
           "auto_strategies"]

_LAST = {"choices": []}


def _cost(D, M, K, N, incoming, nbytes=4):
    frac = (D - 1) / D
    need = {"dp": "dp", "col": "rep", "row": "mp"}
    redistribution = {("dp", "dp"): 0, ("rep", "dp"): 0, ("mp", "dp"): 1,
                      ("rep", "rep"): 0, ("dp", "rep"): 1, ("mp", "rep"): 1,
                      ("mp", "mp"): 0, ("rep", "mp"): 0, ("dp", "mp"): 1}
    op = {"dp": 2 * K * N, "col": 2 * M * K, "row": 2 * M * N}
    out = {}
    for s in ("dp", "col", "row"):
        out[s] = nbytes * frac * (op[s] + 2 * redistribution[(incoming, need[s])] * M * K)
    return out


def choose(D, M, K, N, incoming):
    """``(name, cost table)``: the cheapest strategy for ``(M, K) @ (K, N)`` on ``D`` devices."""
    costs = _cost(D, M, K, N, incoming)
    ok = {"dp": M % D == 0, "col": N % D == 0, "row": K % D == 0}
    best = None
    for s in ("dp", "col", "row"):
        if ok[s] and (best is None or costs[s] < costs[best]):
            best = s
    return best, costs


_OUT_LAYOUT = {"dp": "dp", "col": "mp", "row": "rep", None: "rep"}
_IN_LAYOUT = {"dp": "dp", "col": "rep", "row": "mp", None: "rep"}


def begin_trace(st, program=None):
    """Reset the search's per-trace state (called when compiled ``program`` starts tracing)."""
    plans = st.__dict__.setdefault("auto_plans", {})
    st.auto_trace = {"chain": tr_initial(st), "known": {}, "src": {}, "last": None, "records": [],
                     "plan": plans.get(program)}
    _LAST["choices"] = []


def begin_record(st, program):
    """Start the abstract trace of ``program`` whose MatMuls ``dynamic_programming`` plans over."""
    st.__dict__.setdefault("auto_plans", {}).pop(program, None)


def end_record(st, program):
    """Solve the recorded MatMul forest; the next traces of ``program`` apply the plan."""
    tr = getattr(st, "auto_trace", None)
    if tr is not None and tr["records"] and st.settings.get("search_mode") == "dynamic_programming":
        choice = solve(tr["records"], st.size, tr_initial(st))
        st.auto_plans[program] = [r[:3] + (c,) for r, c in zip(tr["records"], choice)]


def tr_initial(st):
    return "rep" if st.settings.get("full_batch") else "dp"


def _candidates(D, M, K, N):
    ok = {"dp": M % D == 0, "col": N % D == 0, "row": K % D == 0}
    return [s for s in ("dp", "col", "row") if ok[s]] or [None]


def solve(records, D, initial):
    """Exact minimum of the summed cost over the MatMul forest ``records``
    (``[(M, K, N, source), ...]`` with ``source`` ``("out", j)``, ``("in", j)`` or ``None``):
    the strategy name per MatMul."""
    children = {i: [] for i in range(len(records))}
    roots = []
    for i, (_, _, _, src) in enumerate(records):
        (roots if src is None else children[src[1]]).append(i)
    memo = {}

    def best(i, incoming):
        key = (i, incoming)
        if key in memo:
            return memo[key]
        M, K, N, _ = records[i]
        costs = _cost(D, M, K, N, incoming)
        result = None
        for c in _candidates(D, M, K, N):
            total = costs.get(c, 0.0)
            for k in children[i]:
                kind = records[k][3][0]
                total += best(k, _OUT_LAYOUT[c] if kind == "out" else _IN_LAYOUT[c])[0]
            if result is None or total < result[0]:
                result = (total, c)
        memo[key] = result
        return result

    plan = [None] * len(records)

    def assign(i, incoming):
        _, c = best(i, incoming)
        plan[i] = c
        for k in children[i]:
            assign(k, _OUT_LAYOUT[c] if records[k][3][0] == "out" else _IN_LAYOUT[c])

    for r in roots:
        assign(r, initial)
    return plan


def plan_cost(records, plan, D, initial):
    """The summed cost of ``plan`` (strategy name per MatMul) over ``records``."""
    total = 0.0
    for i, (M, K, N, src) in enumerate(records):
        if src is None:
            incoming = initial
        else:
            incoming = (_OUT_LAYOUT if src[0] == "out" else _IN_LAYOUT)[plan[src[1]]]
        total += _cost(D, M, K, N, incoming).get(plan[i], 0.0)
    return total


def auto_strategies():
    """The strategies the cost-model search chose in the last traced program:
    ``[(op name, x shape, w shape, strategy, cost table), ...]``."""
    return list(_LAST["choices"])


def _auto_call(prim, orig, inputs):
    st = _ACTIVE[0]
    if (st is None or st.mode != "auto_parallel" or not in_program() or len(inputs) != 2
            or not all(isinstance(x, Tensor) and x.ndim == 2 for x in inputs)):
        return orig(prim, *inputs)
    ta = bool(prim.attrs.get("transpose_a", False))
    tb = bool(prim.attrs.get("transpose_b", False))
    x, w = inputs
    M, K = (x.shape[1], x.shape[0]) if ta else tuple(x.shape)
    N = w.shape[0] if tb else w.shape[1]
    tr = getattr(st, "auto_trace", None)
    if tr is None:
        begin_trace(st)
        tr = st.auto_trace
    incoming = tr["known"].get(id(x._data), tr["chain"])
    D = st.size
    index = len(tr["records"])
    source = tr["src"].get(id(x._data))
    if source is None and tr["last"] is not None:
        source = ("out", tr["last"])
    tr["records"].append((M, K, N, source))
    best, costs = choose(D, M, K, N, incoming)
    plan = tr["plan"]
    if plan is not None and index < len(plan) and plan[index][:3] == (M, K, N) and plan[index][3] in costs:
        best = plan[index][3]
    sx, sw = {"dp": ((D, 1), (1, 1)), "col": ((1, 1), (1, D)), "row": ((1, D), (D, 1)),
              None: ((1, 1), (1, 1))}[best]
    sx = sx[::-1] if ta else sx
    sw = sw[::-1] if tb else sw
    xs, ws, os_ = matmul_plan(st, prim.name, tuple(x.shape), tuple(w.shape), sx, sw, ta, tb)
    _LAST["choices"].append((prim.name, tuple(x.shape), tuple(w.shape), (sx, sw), costs))
    out = apply_plan(st, prim, orig, inputs, ({0: xs, 1: ws}, os_))
    tr["known"][id(x._data)] = _IN_LAYOUT[best]
    tr["src"].setdefault(id(x._data), ("in", index))
    if isinstance(out, Tensor):
        tr["known"][id(out._data)] = _OUT_LAYOUT[best]
        tr["src"][id(out._data)] = ("out", index)
    tr["chain"] = _OUT_LAYOUT[best]
    tr["last"] = index
    return out


def has_strategy(prim):
    """Whether the user gave Primitive instance ``prim`` a strategy (``prim.shard(...)``)."""
    attrs = getattr(prim, "attrs", None) or {}
    return "in_strategy" in attrs or "in_layout" in attrs


class _StrategyPolicy:
    """Operator strategies (``Primitive.shard``) as an op policy (``ops/_dispatch.Policy``'s
    protocol), active in SEMI_AUTO_PARALLEL / AUTO_PARALLEL: a Primitive instance given a
    strategy has its inputs and output constrained while a compiled program is traced
    (``_strategy.sharded_call``)."""

    name = "operator strategies"
    rank = 29

    def wrap(self, entry, prim, call):
        if prim is None or not has_strategy(prim):
            return call

        def sharded(*inputs):
            return sharded_call(prim, lambda _prim, *xs: call(*xs), inputs)
        return sharded


class _SearchPolicy:
    """The cost-model search as an op policy (``ops/_dispatch.Policy``'s protocol): the Primitive calls whose entry has the
    ``"matmul"`` shard rule and no user strategy get a strategy chosen by :func:`_auto_call`."""

    name = "auto-parallel search"
    rank = 30

    def wrap(self, entry, prim, call):
        if entry.shard_rule != "matmul" or prim is None or has_strategy(prim):
            return call            # a strategy the user gave (``shard``) wins

        def searched(*inputs):
            return _auto_call(prim, lambda _prim, *xs: call(*xs), inputs)
        return searched


_POLICY = _SearchPolicy()
_STRATEGIES = _StrategyPolicy()


def sync_hooks():
    """Activate the strategy policy in SEMI_AUTO_PARALLEL / AUTO_PARALLEL and the search policy
    in AUTO_PARALLEL with a cost-model search mode; deactivate them otherwise (so other modes'
    calls are untouched)."""
    st = _ACTIVE[0]
    semi = st is not None and st.semi
    search = (st is not None and st.mode == "auto_parallel"
              and st.settings.get("search_mode", "recursive_programming") in ("recursive_programming",
                                                                               "dynamic_programming"))
    dispatch = sys.modules.get("mscompat.ops._dispatch")
    if dispatch is None:
        if not (semi or search):
            return          # the ops (and so the dispatch point) are not even imported yet
        from mscompat.ops import _dispatch as dispatch    # mscompat.ops imports this module
    (dispatch.activate if semi else dispatch.deactivate)(_STRATEGIES)
    (dispatch.activate if search else dispatch.deactivate)(_POLICY)
