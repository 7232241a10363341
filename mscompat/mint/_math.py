"""mint's math ops: elementwise ops that agree with their ``ops`` twins are the same entries;
reductions, sorting and softmax take torch-style ``dim=`` / ``keepdim=`` and have mint entries
of their own on the twins' kernels."""
import numpy as np

from mscompat import ops
from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.ops._registry import OPS, mint_op, mint_form
from mscompat.ops._elementwise_matrix import _triangular_solve as _triangular_kernel
from mscompat.ops._elementwise import _need_tensor

_SAME = ("abs", "matmul", "exp", "exp2", "log", "log1p", "log2", "log10", "sin", "cos", "tan", "sinh", "cosh",
         "tanh", "sqrt", "rsqrt", "sigmoid", "erf", "erfc", "erfinv", "expm1", "floor", "ceil", "trunc", "sign",
         "square", "reciprocal", "neg", "negative", "isinf", "isnan", "isfinite", "isclose", "sinc",
         "logical_and", "logical_or", "logical_not", "logical_xor", "eq", "ne", "gt", "ge", "lt", "le", "greater",
         "greater_equal", "less", "less_equal", "not_equal", "maximum", "minimum", "mul", "add",
         "divide", "mm", "einsum", "cumprod", "clamp", "clip", "lerp",
         "remainder", "fmod", "floor_divide", "logaddexp", "logaddexp2", "atan2", "arctan2", "pow", "acos",
         "arccos", "acosh", "arccosh", "asin", "arcsin", "asinh", "arcsinh", "atan", "arctan", "atanh", "arctanh",
         "sum", "argmax", "polar", "gcd", "nan_to_num", "addcmul", "addcdiv",
         "bitwise_and", "bitwise_or", "bitwise_xor", "frac", "fix", "float_power", "allclose",
         "addbmm", "addmv", "cross", "histc", "imag", "real", "swapaxes",
         "unique_consecutive")
for _n in _SAME:
    if _n in OPS:
        mint_form("", _n)


def _dims(dim):
    return tuple(dim) if isinstance(dim, list) else dim


def _input_dtype(prim, arg, x, allowed, tensor_form=False):
    """TypeError unless Tensor ``x`` (argument ``arg``) is of one of the dtypes ``allowed`` (MindSpore's
    argument check of a mint kernel, which runs before kernel selection); ``tensor_form``: the dtypes
    named ``Tensor[...]``."""
    if x.dtype not in allowed:
        wrap = (lambda t: f"Tensor[{t}]") if tensor_form else str
        names = ", ".join(wrap(t) for t in sorted(str(t) for t in allowed))
        raise TypeError(f"For primitive[{prim}], the input argument[{arg}] must be a "
                        f"type of {{{names}}}, but got {wrap(x.dtype)}.")


_HALF_F32 = (mstype.bfloat16, mstype.float16, mstype.float32)


@mint_op("", twin="addmm")
def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    """``beta * input + alpha * (mat1 @ mat2)`` of float16/bfloat16/float32 matrices (MindSpore's
    ``Addmm`` rejects other dtypes of ``input``, float64 included, where ``ops.addmm`` takes them)."""
    _need_tensor("Addmm", input)
    _input_dtype("Addmm", "x", input, _HALF_F32)
    return ops.addmm(input, mat1, mat2, beta=beta, alpha=alpha)


_LOGSUMEXP_TYPES = (mstype.bool_, mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.uint8,
                    mstype.float16, mstype.float32, mstype.bfloat16)


@mint_op("", twin="logsumexp")
def logsumexp(input, dim, keepdim=False):
    """``log(sum(exp(input)))`` over ``dim``; bool and integer inputs give float32 (MindSpore's
    ``LogSumExp`` takes them, and rejects float64 and complex inputs, which ``ops.logsumexp`` takes)."""
    _need_tensor("LogSumExp", input)
    if input.dtype not in _LOGSUMEXP_TYPES:
        raise TypeError(f"For primitive[LogSumExp], the input[input] supports types: Bool, Int8, Int16, Int32, Int64, "
                        f"UInt8, Float16, Float32, BFloat16. But got {input.dtype}.")
    if not mstype.is_float(input.dtype):
        input = input.astype(mstype.float32)
    return ops.logsumexp(input, dim, keepdim)


@mint_op("", twin="equal")
def equal(input, other):
    """Whether two tensors have the same shape and the same elements: a Python bool (MindSpore's
    ``EqualExt`` result taken with ``.item()``), not the elementwise ``ops.equal``."""
    _need_tensor("EqualExt", input)
    _need_tensor("EqualExt", other, "other")
    if tuple(input.shape) != tuple(other.shape):
        return False
    return bool(ops.equal(input, other).all())


@mint_op("", twin="bmm")
def bmm(input, mat2):
    """Batched matrix product of two 3-D tensors."""
    for name, v in (("x", input), ("mat2", mat2)):
        _need_tensor("BatchMatMulExt", v, name)
        if v.ndim != 3:
            raise ValueError(f"For 'BatchMatMulExt', the input '{name}' must be a 3D dimensional Tensor, but got "
                             f"{v.ndim}D shape {list(v.shape)}")
    return ops.bmm(input, mat2)


@mint_op("", twin="baddbmm")
def baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """``beta * input + alpha * bmm(batch1, batch2)`` (``input`` broadcast to the product's shape)."""
    for v in (input, batch1, batch2):
        _need_tensor("Baddbmm", v)
    if batch1.ndim != 3 or batch2.ndim != 3 or batch1.shape[0] != batch2.shape[0] \
            or batch1.shape[2] != batch2.shape[1]:
        raise RuntimeError(f"For 'Baddbmm', 'batch1' and 'batch2' must be 3-D with equal batch sizes and "
                           f"batch1.shape[2] == batch2.shape[1], but got {list(batch1.shape)} and {list(batch2.shape)}.")
    return ops.baddbmm(input, batch1, batch2, beta=beta, alpha=alpha)


@mint_op("", twin="dot")
def dot(input, other):
    """The inner product of two 1-D tensors of the same size and dtype."""
    for v in (input, other):
        _need_tensor("Dot", v)
    if input.ndim != 1 or other.ndim != 1 or input.shape[0] != other.shape[0]:
        raise ValueError(f"For 'Dot', the inputs must be 1-D tensors of the same size, but got {list(input.shape)} "
                         f"and {list(other.shape)}.")
    return ops.sum(ops.mul(input, other), dtype=input.dtype)


@mint_op("", twin="mv")
def mv(input, vec):
    """The product of the matrix ``input`` (n, m) and the vector ``vec`` (m,)."""
    for v in (input, vec):
        _need_tensor("Mv", v)
    if input.ndim != 2 or vec.ndim != 1 or input.shape[1] != vec.shape[0]:
        raise RuntimeError(f"For Mv, the row of the input 'input' should be same as the elements of the input "
                           f"'vec', with input shape {list(input.shape)}, vec shape {list(vec.shape)}")
    return ops.mv(input, vec)


@mint_op("", twin="outer")
def outer(input, vec2):
    """The outer product of two 1-D tensors."""
    for v in (input, vec2):
        _need_tensor("Outer", v)
        if v.ndim != 1:
            raise ValueError(f"For Primitive[Outer], the rank of the input must be 1, but got {v.ndim}!")
    return ops.outer(input, vec2)


def _inverse_input(input):
    _need_tensor("MatrixInverseExt", input)
    if input.dtype != mstype.float32:
        raise ValueError("For Primitive [MatrixInverseExt], type should be float32")
    if input.ndim < 2 or input.shape[-1] != input.shape[-2]:
        raise ValueError("For 'MatrixInverseExt', the last two dimensions should be same")
    return input


@mint_op("", twin="inverse")
def inverse(input):
    """The inverse of each square float32 matrix of ``input`` (batched)."""
    return ops.inverse(_inverse_input(input))


@mint_op("", twin="mean")
def mean(input, dim=None, keepdim=False, *, dtype=None):
    """Mean over ``dim`` (all axes when None)."""
    out = ops.mean(input if dtype is None else input.astype(dtype), _dims(dim), keepdim)
    return out


@mint_op("", twin="prod")
def prod(input, dim=None, keepdim=False, *, dtype=None):
    """Product over ``dim`` (all axes when None)."""
    return ops.prod(input, dim, keepdim, dtype=dtype)


@mint_op("", twin="all")
def all(input, dim=None, keepdim=False):
    """True where every element over ``dim`` is nonzero."""
    return ops.all(input, _dims(dim), keepdim)


@mint_op("", twin="any")
def any(input, dim=None, keepdim=False):
    """True where some element over the int ``dim`` is nonzero (everywhere when None)."""
    if dim is not None and (isinstance(dim, bool) or not isinstance(dim, int)):
        raise TypeError(f"any(): argument 'dim' (position 2) must be int, not {type(dim).__name__}.")
    return ops.any(input, dim, keepdim)


@mint_op("", twin="count_nonzero")
def count_nonzero(input, dim=None):
    """The number of nonzero elements over ``dim`` (an int or a tuple; all when None), as int64."""
    _need_tensor("CountNonZero", input)
    return ops.sum(ops.ne(input, 0).astype(mstype.int64), () if dim is None else _dims(dim))


@mint_op("", twin="amax")
def amax(input, dim=(), keepdim=False):
    """Maximum over ``dim`` (all axes when empty)."""
    return ops.amax(input, None if dim == () else _dims(dim), keepdim)


@mint_op("", twin="amin")
def amin(input, dim=(), keepdim=False):
    """Minimum over ``dim`` (all axes when empty)."""
    return ops.amin(input, None if dim == () else _dims(dim), keepdim)


@mint_op("", twin="argmin")
def argmin(input, dim=None, keepdim=False):
    """int64 index of the minimum over ``dim`` (of the flattened input when None)."""
    return ops.argmin(input, dim, keepdim).astype(mstype.int64)


def _extreme(name, reduce, pairwise, input, args, kwargs):
    if not isinstance(input, Tensor):
        raise TypeError(f"For '{name}', 'input' must be a Tensor, but got {type(input).__name__}.")
    dim = kwargs.pop("dim", None)
    other = kwargs.pop("other", None)
    keepdim = kwargs.pop("keepdim", False)
    if kwargs:
        raise TypeError(f"{name}() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if args:
        if isinstance(args[0], (Tensor, float)):     # a float is the other operand, as in MindSpore
            other, args = args[0], args[1:]
        else:
            dim, args = args[0], args[1:]
        if args:
            keepdim, args = args[0], args[1:]
        if args:
            raise TypeError(f"{name}() takes at most 3 arguments")
    if other is not None:
        return pairwise(input, other)
    if dim is None:
        if input.size == 0:
            raise ValueError(f"For '{name}', the input must not be empty when 'dim' is None.")
        return reduce(input, None, False)[0]
    if isinstance(dim, bool) or not isinstance(dim, (int, np.integer)):
        raise TypeError(f"For '{name}', 'dim' must be an int, but got {type(dim).__name__}.")
    values, indices = reduce(input, int(dim), bool(keepdim))
    return values, indices.astype(mstype.int64)


@mint_op("", twin="max")
def max(input, *args, **kwargs):
    """``max(input)``: the largest element; ``max(input, dim, keepdim=False)``: (values, indices)
    along ``dim``; ``max(input, other)``: the elementwise maximum."""
    return _extreme("max", ops.max, ops.maximum, input, args, kwargs)


@mint_op("", twin="min")
def min(input, *args, **kwargs):
    """``min(input)``, ``min(input, dim, keepdim=False)`` or ``min(input, other)`` (see ``max``)."""
    return _extreme("min", ops.min, ops.minimum, input, args, kwargs)


@mint_op("", twin="cumsum")
def cumsum(input, dim, dtype=None):
    """Cumulative sum along ``dim``; bool inputs sum in int64 unless ``dtype`` is given, integers
    keep their dtype (MindSpore's CumsumExt infers int32 for int32, unlike torch.cumsum)."""
    if dtype is None and isinstance(input, Tensor) and input.dtype == mstype.bool_:
        dtype = mstype.int64
    return ops.cumsum(input, dim, dtype)


@mint_op("", twin="softmax")
def softmax(input, dim, *, dtype=None):
    """Softmax along ``dim``."""
    return ops.softmax(input if dtype is None else input.astype(dtype), dim)


@mint_op("", twin="sort")
def sort(input, *, dim=-1, descending=False, stable=False):
    """(values, int64 indices) sorted along ``dim``."""
    values, indices = ops.sort(input, dim, descending)
    return values, indices.astype(mstype.int64)


@mint_op("", twin="argsort")
def argsort(input, dim=-1, descending=False, stable=False):
    """The int64 indices that sort ``input`` along ``dim``."""
    return sort(input, dim=dim, descending=descending, stable=stable)[1]


@mint_op("", twin="topk")
def topk(input, k, dim=-1, largest=True, sorted=True):
    """(values, int64 indices) of the ``k`` largest (or smallest) along ``dim``."""
    values, indices = ops.topk(input, k, dim, largest, sorted)
    return values, indices.astype(mstype.int64)


def _half_single(prim, input):
    """MindSpore's Var/Std/VarMean/StdMean kernels take float16, float32 and bfloat16 only."""
    if isinstance(input, Tensor) and input.dtype not in (mstype.float16, mstype.float32, mstype.bfloat16):
        raise TypeError(f"For primitive[{prim}], the input[input] supports types: Float16, Float32, BFloat16. "
                        f"But got {input.dtype}.")
    return input


def _correction(name, correction):
    if isinstance(correction, bool) or not isinstance(correction, (int, np.integer)):
        raise TypeError(f"For '{name}', 'correction' must be an int, but got {type(correction).__name__}.")
    return int(correction)


@mint_op("", twin="var")
def var(input, dim=None, *, correction=1, keepdim=False):
    """Variance over ``dim`` with Bessel's ``correction``."""
    return ops.var(_half_single("Var", input), _dims(dim), _correction("var", correction), keepdim)


@mint_op("", twin="std")
def std(input, dim=None, *, correction=1, keepdim=False):
    """Standard deviation over ``dim`` with Bessel's ``correction``."""
    return ops.std(_half_single("Std", input), _dims(dim), _correction("std", correction), keepdim)


@mint_op("", twin="norm")
def norm(input, p="fro", dim=None, keepdim=False, *, dtype=None):
    """Vector or matrix norm: ``p`` a number (vector p-norm over ``dim``, or all elements) or
    'fro' / 'nuc'."""
    if dtype is not None:
        input = input.astype(dtype)
    if p == "fro" and (dim is None or isinstance(dim, (int, np.integer))
                       or (isinstance(dim, (tuple, list)) and len(dim) == 1)):
        p = 2
    if isinstance(p, str):
        return ops.norm(input, p, _dims(dim), keepdim)
    return ops.vector_norm(input, float(p), None if dim is None else _dims(dim), keepdim)


@mint_op("", twin="round")
def round(input, *, decimals=0):
    """Round half to even, to ``decimals`` decimal places."""
    return ops.round(input, decimals=decimals)


@mint_op("", twin="unique")
def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """The sorted unique elements (and the inverse indices / counts when asked)."""
    if not isinstance(input, Tensor):
        raise TypeError(f"Failed calling Unique2 with \"Unique2()(input={type(input).__name__}, sorted=bool, "
                        f"return_inverse=bool, return_counts=bool)\".")
    values = np.asarray(input.asnumpy())
    res = np.unique(values if dim is None else values, return_inverse=True, return_counts=True, axis=dim)
    out = [Tensor(res[0])]
    if return_inverse:
        out.append(Tensor(res[1].reshape(values.shape if dim is None else (-1,)).astype(np.int64)))
    if return_counts:
        out.append(Tensor(res[2].astype(np.int64)))
    return out[0] if len(out) == 1 else tuple(out)


@mint_op("", twin="diag")
def diag(input, diagonal=0):
    """A square matrix with the 1-D ``input`` on diagonal ``diagonal``, or the diagonal of a 2-D input."""
    _need_tensor("DiagExt", input)
    if input.ndim == 1:
        return ops.diag_embed(input, diagonal)
    return ops.diagonal(input, diagonal)


@mint_op("", twin="diff")
def diff(input, n=1, dim=-1, prepend=None, append=None):
    """The ``n``-th forward difference along ``dim`` (not of complex, float64 or int16 inputs)."""
    if isinstance(input, Tensor) and input.dtype in (mstype.complex64, mstype.complex128, mstype.float64,
                                                     mstype.int16):
        raise TypeError("For 'diff', 'input' do not support complex64/complex128/float64/int16")
    return ops.diff(input, n, dim, prepend, append)


@mint_op("", twin="trace")
def trace(input):
    """The sum of the main diagonal of a 2-D tensor (int64 for integer and bool inputs)."""
    out = ops.trace(input)
    return out.astype(mstype.int64) if mstype.is_int(out.dtype) or out.dtype == mstype.bool_ else out


@mint_op("", twin="t")
def t(input):
    """``input`` with its first two dimensions swapped (0-D and 1-D tensors unchanged)."""
    _need_tensor("t", input)
    return input if input.ndim < 2 else ops.swapaxes(input, 0, 1)


@mint_op("", twin="median")
def median(input, dim=None, keepdim=False):
    """The median (the lower of the two middle values): of all elements, or (values, indices) along ``dim``."""
    if dim is None:
        flat = ops.reshape(input, (-1,))
        values, _ = ops.sort(flat)
        return values[(flat.shape[0] - 1) // 2]
    values, indices = ops.median(input, dim, keepdim)
    return values, indices.astype(mstype.int64)


@mint_op("", twin="cummax")
def cummax(input, dim):
    """(running maximum, int64 indices) along ``dim``."""
    values, indices = ops.cummax(input, dim)
    return values, indices.astype(mstype.int64)


@mint_op("", twin="cummin")
def cummin(input, dim):
    """(running minimum, int64 indices) along ``dim``."""
    values, indices = ops.cummin(input, dim)
    return values, indices.astype(mstype.int64)


@mint_op("", twin="multinomial")
def multinomial(input, num_samples, replacement=False, *, generator=None):
    """Indices drawn from the rows of ``input`` (non-negative weights)."""
    _need_tensor("MultinomialExt", input)
    if isinstance(num_samples, bool) or not isinstance(num_samples, (int, np.integer)):
        raise TypeError(f"For 'multinomial', 'num_samples' must be an int, but got {type(num_samples).__name__}.")
    if num_samples <= 0:
        raise RuntimeError(f"For 'multinomial', 'num_samples' must be positive, but got {num_samples}.")
    if not replacement and input.ndim and num_samples > input.shape[-1]:
        raise RuntimeError(f"For 'multinomial', cannot draw {num_samples} samples without replacement from "
                           f"{input.shape[-1]} categories.")
    return ops.multinomial(input, num_samples, replacement).astype(mstype.int64)


@mint_op("", twin="bernoulli_ext")
def bernoulli(input, *, generator=None):
    """1 with probability ``input`` (elementwise), else 0 (dtype of ``input``, a floating type)."""
    return ops.bernoulli_ext(input, generator=generator)


@mint_op("", twin="nansum")
def nansum(input, *args, dtype=None, **kwargs):
    """``nansum(input, dim=None, keepdim=False, *, dtype=None)``: the sum over ``dim`` treating NaN as
    zero. MindSpore 2.10 hands the call to the Tensor method's deprecated form, which takes ``dim``
    and ``keepdim`` positionally only: given as keywords they are a TypeError there, and here."""
    for k in kwargs:
        raise TypeError(f"deprecated_tensor_nansum() got an unexpected keyword argument '{k}'")
    if len(args) > 2:
        raise TypeError(f"nansum() takes from 1 to 3 positional arguments but {len(args) + 1} were given")
    dim, keepdim = (tuple(args) + (None, False)[len(args):])
    return ops.nansum(input, _dims(dim), keepdim, dtype=dtype)


@mint_op("", twin="std_mean")
def std_mean(input, dim=None, *, correction=1, keepdim=False):
    """(standard deviation, mean) over ``dim`` with Bessel's ``correction``."""
    return ops.std_mean(_half_single("StdMean", input), _dims(dim), _correction("std_mean", correction), keepdim)


@mint_op("", twin="var_mean")
def var_mean(input, dim=None, *, correction=1, keepdim=False):
    """(variance, mean) over ``dim`` with Bessel's ``correction``."""
    return ops.var_mean(_half_single("VarMean", input), _dims(dim), _correction("var_mean", correction), keepdim)


@mint_op("", twin="index_add")
def index_add(input, dim, index, source, *, alpha=1):
    """``input`` with ``alpha * source``'s slices added at ``index`` along ``dim``."""
    # MindSpore's CPU runs this on IndexAdd, which takes int32 indices only (int64: a TypeError);
    # ops.index_add writes into its first input: add into a fresh zero tensor
    added = ops.index_add(ops.zeros_like(input), index, source * alpha if alpha != 1 else source, dim)
    return input + added


@mint_op("", twin="mul")
def vdot(input, other):
    """The dot product of two 1-D tensors, conjugating ``input``."""
    if not (isinstance(input, Tensor) and isinstance(other, Tensor)):
        raise TypeError(f"Failed calling Vdot with \"Vdot()(input={type(input).__name__}, "
                        f"other={type(other).__name__})\".")
    return ops.sum(ops.conj(input) * other) if input.dtype in (mstype.complex64, mstype.complex128) \
        else ops.sum(input * other)


@mint_op("")
def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    """The ``p``-norm distances between the rows of ``x1`` and of ``x2`` (batched)."""
    diff = ops.unsqueeze(x1, -2) - ops.unsqueeze(x2, -3)
    if p == 0:
        return ops.sum((diff != 0).astype(x1.dtype), -1)
    if p == float("inf"):
        return ops.amax(ops.abs(diff), -1)
    return ops.pow(ops.sum(ops.pow(ops.abs(diff), p), -1), 1.0 / p)


@mint_op("", twin="deepcopy")
def clone(input):
    """A copy of ``input``."""
    _need_tensor("Clone", input)
    return input.copy()



@mint_op("", twin="bincount")
def bincount(input, weights=None, minlength=0):
    """Counts of each value of the non-negative int ``input`` (int64), or sums of ``weights``."""
    if isinstance(input, Tensor) and input.size and bool((input < 0).any()):
        raise ValueError("For 'bincount', the elements of 'input' must be non-negative.")
    out = ops.bincount(input, weights, minlength)
    return out.astype(mstype.int64) if weights is None else out.astype(weights.dtype)


mint_form("", "npu_gelu", "gelu")


@mint_op("", twin="sort")
def kthvalue(input, k, dim=-1, keepdim=False):
    """(the ``k``-th smallest value, its int64 index) along ``dim``."""
    if not isinstance(input, Tensor):
        raise TypeError(f"kthvalue(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}.")
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise TypeError(f"For 'kthvalue', 'k' must be an int, but got {type(k).__name__}.")
    n = input.shape[dim] if input.ndim else 1
    if not 1 <= k <= n:
        raise ValueError(f"For 'kthvalue', 'k' must be in [1, {n}], but got {k}.")
    values, indices = sort(input, dim=dim)
    v = ops.narrow(values, dim, k - 1, 1)
    i = ops.narrow(indices, dim, k - 1, 1)
    return (v, i) if keepdim else (ops.squeeze(v, dim), ops.squeeze(i, dim))


@mint_op("", twin="addr")
def addr_(input, vec1, vec2, beta=1, alpha=1):
    """``input`` set in place to ``beta * input + alpha * outer(vec1, vec2)``."""
    for name, v in (("input", input), ("vec1", vec1), ("vec2", vec2)):
        _need_tensor("InplaceAddr", v, name)
    input.assign_value(ops.addr(input, vec1, vec2, beta=beta, alpha=alpha))
    return input


@mint_op("", twin="conv1d")
def conv_tbc(input, weight, bias, pad=0):
    """1-D convolution of a (time, batch, channel) input with a (kernel, in, out) weight."""
    x = ops.permute(input, (1, 2, 0))
    w = ops.permute(weight, (2, 1, 0))
    out = ops.conv1d(x, w, bias, 1, "pad" if pad else "valid", (pad,) if pad else 0)
    return ops.permute(out, (2, 0, 1))


def _channel_axes(input):
    return (0,) + tuple(range(2, input.ndim))


@mint_op("", twin="mean")
def batch_norm_stats(input, eps):
    """(mean, 1/sqrt(biased var + eps)) per channel (axis 1) of the float16/float32 ``input``."""
    _need_tensor("BatchNormStats", input)
    _input_dtype("BatchNormStats", "input", input, (mstype.float16, mstype.float32), tensor_form=True)
    axes = _channel_axes(input)
    mean = ops.mean(input, axes)
    var = ops.mean(ops.square(input - ops.reshape(mean, (1, -1) + (1,) * (input.ndim - 2))), axes)
    return mean, ops.rsqrt(var + eps)


@mint_op("", twin="mean")
def batch_norm_elemt(input, weight=None, bias=None, mean=None, invstd=None, eps=1e-05):
    """``(input - mean) * invstd * weight + bias`` per channel (axis 1) of a float16/bfloat16/float32 ``input``."""
    _need_tensor("BatchNormElemt", input)
    _input_dtype("BatchNormElemt", "input", input, _HALF_F32, tensor_form=True)
    shape = (1, -1) + (1,) * (input.ndim - 2)
    out = (input - ops.reshape(mean, shape)) * ops.reshape(invstd, shape)
    if weight is not None:
        out = out * ops.reshape(weight, shape)
    if bias is not None:
        out = out + ops.reshape(bias, shape)
    return out


@mint_op("", twin="mean")
def batch_norm_gather_stats_with_counts(input, mean, invstd, running_mean=None, running_var=None, momentum=0.1,
                                        eps=1e-05, counts=None):
    """Combine per-process (mean, invstd, count) rows into the global (mean, invstd); the running
    statistics (unbiased variance) are updated in place with ``momentum``. ``input`` (whose dtype
    only is read) is float16/bfloat16/float32."""
    _need_tensor("BatchNormGatherStatsWithCounts", input)
    _input_dtype("BatchNormGatherStatsWithCounts", "input", input, _HALF_F32, tensor_form=True)
    c = ops.reshape(counts, (-1, 1)).astype(mean.dtype)
    total = ops.sum(c)
    gmean = ops.sum(mean * c, 0) / total
    var_i = 1.0 / ops.square(invstd) - eps
    gvar = ops.sum((var_i + ops.square(mean - gmean)) * c, 0) / total
    if running_mean is not None:
        running_mean.assign_value(running_mean * (1 - momentum) + gmean * momentum)
    if running_var is not None:
        running_var.assign_value(running_var * (1 - momentum) + gvar * (total / (total - 1)) * momentum)
    return gmean, ops.rsqrt(gvar + eps)


@mint_op("", kernel="MatrixTriangularSolve")
def triangular_solve(b, A, upper=True, transpose=False, unitriangular=False):
    """(X, A) with ``op(A) @ X = b`` for triangular ``A`` (batched); ``op`` is the transpose when asked."""
    a = A
    if unitriangular:
        eye = ops.eye(A.shape[-1], A.shape[-1], A.dtype)
        a = a * (1 - eye) + eye
    a = ops.triu(a) if upper else ops.tril(a)
    return _triangular_kernel(a, b, lower=not upper, adjoint=bool(transpose)), A


@mint_op("", twin="invert")
def bitwise_not(input):
    """Bitwise NOT of an integer tensor; logical NOT of a bool one (RuntimeError for floats)."""
    _need_tensor("BitwiseNot", input)
    if input.dtype == mstype.bool_:
        return ops.logical_not(input)
    if not mstype.is_int(input.dtype):
        raise RuntimeError(f"For 'BitwiseNot', the input must be an integer or bool Tensor, but got {input.dtype}.")
    return ops.invert(input)


@mint_op("", twin="isneginf")
def isneginf(input):
    """True where ``input`` is negative infinity (never, for integer and bool tensors)."""
    _need_tensor("IsNegInf", input)
    if input.dtype == mstype.bool_ or mstype.is_int(input.dtype):
        return ops.zeros(input.shape, mstype.bool_)
    return ops.isneginf(input)


mint_form("", "fix", "trunc")


@mint_op("", twin="div")
def div(input, other, *, rounding_mode=None):
    """``input / other``; ``rounding_mode`` 'floor' or 'trunc' rounds the quotient (a string or None)."""
    if rounding_mode is not None and not isinstance(rounding_mode, str):
        raise TypeError(f'Failed calling div with "div(input, other, rounding_mode={type(rounding_mode).__name__})". '
                        f'The valid calling should be: "div(input=<Number, Tensor>, other=<Number, Tensor>, *, '
                        f'rounding_mode=<None, string>)".')
    return ops.div(input, other, rounding_mode=rounding_mode)


@mint_op("", twin="sub")
def sub(input, other, *, alpha=1):
    """``input - alpha * other``; two bool tensors give their logical XOR (a bool tensor)."""
    if isinstance(input, Tensor) and isinstance(other, Tensor) and input.dtype == mstype.bool_ \
            and other.dtype == mstype.bool_ and alpha == 1:
        return ops.logical_xor(input, other)
    return ops.sub(input, other, alpha=alpha)


@mint_op("", twin="xlogy")
def xlogy(input, other):
    """``input * log(other)``, 0 where ``input`` is 0; ``input`` must be a Tensor."""
    if not isinstance(input, Tensor):
        raise TypeError(f'Failed calling Xlogy with "Xlogy()(input={type(input).__name__}, '
                        f'other={type(other).__name__})". The valid calling should be: '
                        f'"Xlogy()(input=<Tensor>, other=<Tensor, Number>)".')
    return ops.xlogy(input, other)


@mint_op("", twin="isclose")
def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether every element of ``input`` is close to ``other`` (a Python bool)."""
    return bool(ops.isclose(input, other, rtol, atol, equal_nan).all().asnumpy())
