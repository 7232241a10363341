"""Level ``auto`` of ``amp.auto_mixed_precision``: operator-level mixed precision.

While a network (or function) prepared with level ``auto`` runs, the listed operators cast
their float Tensor inputs: white-list operators (matmul/conv-like) to the low-precision
``dtype``, black-list operators (exp, log, pow, softmax, sums, products, normalizations,
cumulative ops, some losses) to float32, promote-list operators (``BiasAdd``, ``AddN``,
``Concat``, ``Addcmul``, ...) to the widest float type among their inputs; other operators
run in the type of their inputs. The lists are MindSpore 2.10's (by Primitive), applied to
the functional forms, Primitive classes and Tensor methods that run those Primitives in
MindSpore. The casts are installed when the outermost such call starts and removed when it
ends, so nothing else is affected.
"""
import functools
import inspect
import types

import jax.numpy as jnp
import numpy as np

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor

__all__ = ["apply"]

WHITE, BLACK, PROMOTE = "white", "black", "promote"

_PRIMS = {
    WHITE: ("Conv2D", "Conv3D", "Conv2DExt", "Conv3DExt", "ConvTranspose2D", "Conv2DTranspose", "Conv3DTranspose",
            "Convolution", "MatMul", "MatMulExt", "BatchMatMul", "BatchMatMulExt", "PReLU", "Einsum", "Dense",
            "Addmm", "Addbmm", "Addmv", "Baddbmm", "Mv"),
    BLACK: ("Pow", "ACos", "Asin", "Cosh", "Erfinv", "Exp", "Expm1", "Log", "Log10", "Log1p", "Log2", "Reciprocal",
            "Rsqrt", "Sinh", "Tan", "Softplus", "SoftplusExt", "LayerNorm", "LayerNormExt", "BatchNorm",
            "BatchNormExt", "GroupNorm", "Norm", "KLDivLoss", "SmoothL1Loss", "MultilabelMarginLoss",
            "SoftMarginLoss", "TripletMarginLoss", "MultiMarginLoss", "BCEWithLogitsLoss", "Pdist", "Cdist",
            "Renorm", "ReduceProd", "Softmax", "LogSoftmax", "LogSoftmaxExt", "CumProd", "CumSum", "CumsumExt",
            "ProdExt", "SumExt", "L1LossExt", "MSELossExt", "NLLLoss", "NLLLoss2d"),
    PROMOTE: ("Addcdiv", "Addcmul", "Cross", "Dot", "GridSampler2D", "GridSampler3D", "BiasAdd", "AddN", "Concat"),
}

# functional ops (mindspore.ops / ops.functional) that run one of the listed Primitives in MindSpore
_FUNCS = {
    WHITE: ("matmul", "bmm", "dense", "conv2d", "conv3d", "conv_transpose2d", "mv", "einsum", "prelu", "baddbmm",
            "addbmm", "addmv"),
    BLACK: ("exp", "log", "sum", "softmax", "log_softmax", "pow", "cumsum", "prod", "reciprocal", "rsqrt",
            "layer_norm", "cumprod", "log1p", "expm1", "log10", "log2", "sinh", "cosh", "tan", "asin", "arcsin",
            "acos", "arccos", "erfinv", "softplus", "batch_norm", "group_norm", "kl_div", "smooth_l1_loss",
            "binary_cross_entropy_with_logits", "soft_margin_loss", "multi_margin_loss", "multilabel_margin_loss",
            "triplet_margin_loss", "nll_loss", "cdist", "pdist", "renorm"),
    PROMOTE: ("concat", "cat", "addn", "bias_add", "addcdiv", "addcmul", "cross", "grid_sample"),
}

# Tensor methods / operators that run one of the listed Primitives in MindSpore
_METHODS = {
    WHITE: ("matmul", "__matmul__", "__rmatmul__"),
    BLACK: ("exp", "log", "sum", "softmax", "log_softmax", "pow", "__pow__", "__rpow__", "cumsum", "prod",
            "reciprocal", "rsqrt", "log1p", "expm1", "log10", "log2", "sinh", "cosh", "tan", "asin", "arcsin",
            "acos", "arccos", "erfinv", "cumprod"),
    PROMOTE: ("addcdiv", "addcmul", "cross"),
}

_STACK = []        # low-precision dtypes of the active ``auto`` calls
_SAVED = []        # (owner, name, had_own, old value) of the installed casts


def _is_float(x):
    return isinstance(x, Tensor) and jnp.issubdtype(x._data.dtype, jnp.floating)


def _cast(x, np_dtype):
    if _is_float(x) and x._data.dtype != np_dtype:
        out = Tensor._wrap(x._data.astype(np_dtype))
        return out
    if isinstance(x, (tuple, list)) and type(x) in (tuple, list):
        return type(x)(_cast(v, np_dtype) for v in x)
    return x


def _float_dtypes(args, kwargs):
    out = []

    def visit(x):
        if _is_float(x):
            out.append(np.dtype(x._data.dtype))
        elif isinstance(x, (tuple, list)):
            for v in x:
                visit(v)
    for a in args:
        visit(a)
    for v in kwargs.values():
        visit(v)
    return out


def _widest(dts):
    if not dts:
        return None
    kinds = set(dts)
    if len(kinds) == 1:
        return dts[0]
    size = max(d.itemsize for d in kinds)
    if size == 2:        # float16 with bfloat16: float32
        return np.dtype(np.float32)
    return max(kinds, key=lambda d: d.itemsize)


def _target(kind, args, kwargs):
    if kind == WHITE:
        return np.dtype(mstype.dtype_to_nptype(_STACK[-1]))
    if kind == BLACK:
        return np.dtype(np.float32)
    return _widest(_float_dtypes(args, kwargs))


def _casting(fn, kind, skip_first=False):
    """``fn`` with its float Tensor inputs cast for ``kind`` (``skip_first``: a Primitive's
    ``__call__``, whose first argument is the Primitive)."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if _STACK:
            head, rest = (args[:1], args[1:]) if skip_first else ((), args)
            dt = _target(kind, rest, kwargs)
            if dt is not None:
                rest = tuple(_cast(a, dt) for a in rest)
                kwargs = {k: _cast(v, dt) for k, v in kwargs.items()}
            args = head + rest
        return fn(*args, **kwargs)
    wrapper.__mscompat_amp_auto__ = True
    return wrapper


def _patch(owner, name, kind, skip_first=False):
    had = name in vars(owner)
    old = getattr(owner, name, None)
    if old is None or getattr(old, "__mscompat_amp_auto__", False):
        return
    setattr(owner, name, _casting(old, kind, skip_first))
    _SAVED.append((owner, name, had, old))


def _install():
    from mscompat import ops
    from mscompat.ops import functional as F
    from mscompat.ops import _registry
    for kind, names in _PRIMS.items():
        for n in names:
            cls = _registry.PRIMITIVES.get(n) or getattr(ops, n, None)
            if isinstance(cls, type):
                _patch(cls, "__call__", kind, skip_first=True)
    modules = [ops]
    if F is not ops:
        modules.append(F)
    for kind, names in _FUNCS.items():
        for n in names:
            for mod in modules:
                if isinstance(getattr(mod, n, None), types.FunctionType):
                    _patch(mod, n, kind)
    for kind, names in _METHODS.items():
        for n in names:
            _patch(Tensor, n, kind)


def _uninstall():
    while _SAVED:
        owner, name, had, old = _SAVED.pop()
        if had:
            setattr(owner, name, old)
        else:
            delattr(owner, name)


class _AutoAmp:
    """Context: the ``auto`` casts active for ``dtype`` (installed by the outermost one)."""

    def __init__(self, dtype):
        self.dtype = dtype

    def __enter__(self):
        if not _STACK:
            _install()
        _STACK.append(self.dtype)
        return self

    def __exit__(self, *exc):
        _STACK.pop()
        if not _STACK:
            _uninstall()
        return False


def _decorate(fn, dtype):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with _AutoAmp(dtype):
            return fn(*args, **kwargs)
    return wrapper


def _auto_construct(self, *args, **kwargs):
    """``construct`` of a Cell prepared with level ``auto``."""
    from mscompat import _control_flow, _state
    d = self.__dict__
    orig = d.get("_amp_auto_orig") or types.MethodType(type(self).construct, self)
    fn = _control_flow.convert(orig) if _state.tracing() else orig
    with _AutoAmp(d["_amp_auto_dtype"]):
        return fn(*args, **kwargs)


_auto_construct.__cf_converted__ = True


def apply(network, dtype):
    """``network`` (a Cell, changed in place, or a function, wrapped) running with level
    ``auto``."""
    from mscompat.nn.cell import Cell
    if isinstance(network, Cell):
        d = network.__dict__
        if "_amp_auto_dtype" not in d:
            d["_amp_auto_orig"] = d.get("construct")
        d["_amp_auto_dtype"] = dtype
        d["construct"] = types.MethodType(_auto_construct, network)
        network.__dict__["amp_strategy"] = ("auto", dtype)
        for _, cell in network.cells_and_names():
            cell.__dict__.pop("_compiled", None)
            cell.__dict__.pop("_converted_construct", None)
        return network
    if inspect.isfunction(network) or inspect.ismethod(network):
        return _decorate(network, dtype)
    raise TypeError(f"For amp_level 'auto', the network type should be Cell or function, bot got {type(network)}.")
