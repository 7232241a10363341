"""Channels-last activations between the convolutions of a whole program on XLA:CPU.

XLA:CPU runs a convolution channels-last (its kernels take NHWC input, HWIO filters and give
NHWC output) and lays out every other instruction row-major in its logical dimensions. A
MindSpore network is NCHW, so each convolution's output is transposed back to NCHW for its
BatchNorm, ReLU and residual add, and transposed to NHWC again for the next convolution and for
the gradients (a ResNet-18 training step: 169 such copies, 1,007 MiB written per step; the
transposes do not cancel, as XLA moves none of them across the elementwise ops between).

:func:`channels_last` re-evaluates a traced program with each array kept in the layout its
producer made: a convolution takes its operands in whatever layout they are stored (its
dimension numbers say which dimension is which) and stores its output channels-last;
elementwise ops run in the layout of most of their operands (a broadcast, e.g. BatchNorm's
per-channel scale, is emitted directly in that layout); transposes, pads, slices and reverses
are relabelled; everything else (reductions, reshapes, matrix products, pools...) gets its
operands in the logical layout, where XLA fuses the transpose into the consuming op. Each value
is the same computation as before, element by element; only the order of memory accesses
changes (reductions fused differently may round their last bit differently).
"""
import math
import re

import jax
from jax import lax
from jax.extend import core as jcore

# ops whose operands all have the output's shape (or are scalars) and act element by element
_ELEMENTWISE = frozenset("""abs add add_any and atan2 cbrt ceil clamp convert_element_type copy copy_p cos div eq
erf erf_inv exp exp2 expm1 floor ge gt integer_pow is_finite le log log1p logistic lt max min mul ne neg
nextafter not or pow reduce_precision rem round rsqrt select_n sign sin sqrt square sub tanh xor""".split())
# call-like ops evaluated inline: name -> the parameter holding the called jaxpr
_CALLS = {"jit": "jaxpr", "pjit": "jaxpr", "closed_call": "call_jaxpr", "core_call": "call_jaxpr",
          "custom_jvp_call": "call_jaxpr", "custom_vjp_call": "call_jaxpr", "remat": "jaxpr", "checkpoint": "jaxpr"}


def _identity(n):
    return tuple(range(n))


class _Stored:
    """An array kept as ``transpose(logical, perm)``; other layouts are made on request, once."""
    flexible = False

    def __init__(self, array, perm=None):
        self.perm = _identity(getattr(array, "ndim", 0)) if perm is None else tuple(perm)
        self.layouts = {self.perm: array}

    def get(self, perm=None):
        perm = _identity(len(self.perm)) if perm is None else perm
        if perm not in self.layouts:
            self.layouts[perm] = lax.transpose(self.layouts[self.perm], tuple(self.perm.index(d) for d in perm))
        return self.layouts[perm]


class _Flexible:
    """A value made in whatever layout the op that consumes it wants: ``make(perm)`` gives it
    stored as ``transpose(logical, perm)`` (a broadcast, e.g. BatchNorm's per-channel scale, and
    elementwise ops of such values only)."""
    flexible = True

    def __init__(self, make, ndim):
        self.make, self.layouts, self.perm = make, {}, _identity(ndim)

    def get(self, perm=None):
        perm = self.perm if perm is None else perm
        if perm not in self.layouts:
            self.layouts[perm] = self.make(perm)
        return self.layouts[perm]


def _broadcast(operand, params):
    def make(perm):
        dims = [perm.index(d) for d in params["broadcast_dimensions"]]
        order = tuple(sorted(range(len(dims)), key=dims.__getitem__))
        arg = operand if order == _identity(len(dims)) else lax.transpose(operand, order)
        return lax.broadcast_in_dim_p.bind(arg, **dict(params, shape=tuple(params["shape"][d] for d in perm),
                                                       broadcast_dimensions=tuple(sorted(dims))))
    return _Flexible(make, len(params["shape"]))


def _vote(values, shapes, shape):
    """The layout an elementwise op runs in: that of most of its stored operands of the full
    shape, a tie going to the logical layout (an optimizer's update of a filter from its
    channels-last gradient: one transpose, fused into the update, instead of one per operand
    and result)."""
    votes = {}
    for v, s in zip(values, shapes):
        if not v.flexible and s == shape:
            votes[v.perm] = votes.get(v.perm, 0) + 1
    ident = _identity(len(shape))
    return max(votes, key=lambda p: (votes[p], p == ident)) if votes else ident


def _reshape(operand, params):
    """A reshape of a logical-layout array; made in another layout directly when its dimensions
    other than 1 keep their order there (a per-channel vector as (1, C, 1, 1))."""
    shape = tuple(params["new_sizes"])

    def make(perm):
        big = [d for d in perm if shape[d] != 1]
        if big == sorted(big):
            return lax.reshape(operand, tuple(shape[d] for d in perm))
        return lax.transpose(lax.reshape(operand, shape), perm)
    if params.get("dimensions") is not None or params.get("sharding") is not None:
        return None
    return _Flexible(make, len(shape))


def _conv(eqn, lhs, rhs):
    dn = eqn.params["dimension_numbers"]
    batch, feature, *spatial = dn.out_spec
    n = len(dn.out_spec)
    new = lax.ConvDimensionNumbers(lhs_spec=tuple(lhs.perm.index(d) for d in dn.lhs_spec),
                                   rhs_spec=tuple(rhs.perm.index(d) for d in dn.rhs_spec),
                                   out_spec=(0, n - 1) + tuple(range(1, n - 1)))
    out = eqn.primitive.bind(lhs.get(lhs.perm), rhs.get(rhs.perm), **dict(eqn.params, dimension_numbers=new))
    return [_Stored(out, (batch, *spatial, feature))]


def _relabel(eqn, values):
    """pad / slice / rev / transpose of a stored array, in its own layout."""
    name, p, x = eqn.primitive.name, eqn.params, values[0]
    q = x.perm
    if name == "transpose":
        inverse = {d: i for i, d in enumerate(p["permutation"])}
        return [_Stored(x.get(q), tuple(inverse[d] for d in q))]
    if name == "pad":
        new = dict(p, padding_config=tuple(p["padding_config"][d] for d in q))
        return [_Stored(eqn.primitive.bind(x.get(q), values[1].get(), **new), q)]
    if name == "slice":
        strides = p["strides"]
        new = dict(p, start_indices=tuple(p["start_indices"][d] for d in q),
                   limit_indices=tuple(p["limit_indices"][d] for d in q),
                   strides=None if strides is None else tuple(strides[d] for d in q))
        return [_Stored(eqn.primitive.bind(x.get(q), **new), q)]
    new = dict(p, dimensions=tuple(sorted(q.index(d) for d in p["dimensions"])))        # rev
    return [_Stored(eqn.primitive.bind(x.get(q), **new), q)]


def _apply(eqn, values):
    name, p = eqn.primitive.name, eqn.params
    called = p.get(_CALLS.get(name, ""))
    if called is not None:
        if isinstance(called, jcore.ClosedJaxpr):
            return _evaluate(called.jaxpr, called.consts, values)
        return _evaluate(called, (), values)
    if name == "broadcast_in_dim" and len(values) == 1 and p.get("sharding") is None:
        return [_broadcast(values[0].get(), p)]
    if name == "conv_general_dilated":
        return _conv(eqn, *values)
    if name in ("transpose", "pad", "slice", "rev") and not values[0].flexible:
        return _relabel(eqn, values)
    if name == "reshape" and len(values) == 1:
        made = _reshape(values[0].get(), p)
        if made is not None:
            return [made]
    if name in _ELEMENTWISE and not eqn.primitive.multiple_results:
        shape = tuple(eqn.outvars[0].aval.shape)
        shapes = [tuple(getattr(getattr(v, "aval", None), "shape", ())) for v in eqn.invars]

        def bind(perm):
            return eqn.primitive.bind(*[v.get(perm) if len(v.perm) == len(shape) else v.get() for v in values], **p)
        if shape and not any(not v.flexible and s == shape for v, s in zip(values, shapes)) \
                and any(v.flexible for v in values):
            return [_Flexible(bind, len(shape))]    # of broadcasts, reshapes and scalars: as flexible as they are
        perm = _vote(values, shapes, shape)
        return [_Stored(bind(perm), perm)]
    with eqn.ctx.manager:      # any other op: on the logical layout
        out = eqn.primitive.bind(*[v.get() for v in values], **eqn.primitive.get_bind_params(p))
    return [_Stored(o) for o in (out if eqn.primitive.multiple_results else [out])]


def _evaluate(jaxpr, consts, args):
    env = {}

    def read(v):
        return _Stored(v.val) if isinstance(v, jcore.Literal) else env[v]

    env.update(zip(jaxpr.constvars, (c if isinstance(c, (_Stored, _Flexible)) else _Stored(c) for c in consts)))
    env.update(zip(jaxpr.invars, args))
    for eqn in jaxpr.eqns:
        for v, out in zip(eqn.outvars, _apply(eqn, [read(v) for v in eqn.invars])):
            if not isinstance(v, jcore.DropVar):
                env[v] = out
    return [read(v) for v in jaxpr.outvars]


def _has_conv(jaxpr):
    for eqn in jaxpr.eqns:
        if eqn.primitive.name == "conv_general_dilated":
            return True
        called = eqn.params.get(_CALLS.get(eqn.primitive.name, ""))
        if called is not None and _has_conv(getattr(called, "jaxpr", called)):
            return True
    return False


def evaluate(closed, leaves, layout=True):
    """The outputs of the traced program ``closed`` (a ``ClosedJaxpr``) for the arrays ``leaves``:
    with ``layout``, activations kept channels-last between its convolutions (a program without
    a convolution is evaluated as traced)."""
    if layout and _has_conv(closed.jaxpr):
        return [v.get() for v in _evaluate(closed.jaxpr, closed.consts, [_Stored(a) for a in leaves])]
    return jcore.jaxpr_as_fun(closed)(*leaves)


def channels_last(fn):
    """``fn`` (a function of arrays, to be traced by ``jax.jit``) computing the same values with
    its activations kept channels-last between its convolutions. A program without a
    convolution is evaluated as traced. Meant for the outermost program of XLA:CPU: the custom
    derivatives of the ops inside are inlined, so the result is not for differentiating again."""
    def run(*args):
        closed, shape = jax.make_jaxpr(fn, return_shape=True)(*args)
        outs = evaluate(closed, jax.tree_util.tree_leaves(args))
        return jax.tree_util.tree_unflatten(jax.tree_util.tree_structure(shape), outs)
    run.__name__ = getattr(fn, "__name__", "run")
    run.__wrapped__ = fn
    return run


def layout_copies(hlo):
    """The data movement of an optimized XLA:CPU module: its top-level instructions that are a
    transpose or copy, or a fusion containing one (each writes its output through a
    transposed or copied layout): how many, and the MiB they write."""
    bodies, name = {}, None
    for line in hlo.splitlines():
        head = re.match(r"(?:ENTRY )?%(\S+) .*\{$", line)
        if head:
            name = "ENTRY" if line.startswith("ENTRY") else head.group(1)
            bodies[name] = []
        elif name and line.startswith("  "):
            bodies[name].append(line)
    n, size = 0, 0
    for line in bodies.get("ENTRY", ()):
        m = re.match(r"\s+(?:ROOT )?%\S+ = ([a-z]+)(\d*)\[([\d,]*)\]\S* ([a-z-]+)\(", line)
        if not m:
            continue
        callee = re.search(r"calls=%([^ ,]+)", line)
        kind, bits, dims = m.group(4), int(m.group(2) or 8), m.group(3)
        inner = " ".join(bodies.get(callee.group(1), ())) if kind == "fusion" and callee else ""
        if kind in ("transpose", "copy") or (" transpose(" in inner or " copy(" in inner) \
                and " convolution(" not in inner:
            n += 1
            size += bits // 8 * math.prod(int(d) for d in dims.split(",") if d)
    return {"transposes": n, "transpose_mib": size / 2 ** 20}
