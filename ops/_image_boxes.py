"""MindSpore's ``other_ops``/``inner_ops`` primitives: box ops (``IOU``,
``BoundingBoxEncode``/``Decode``, ``CheckValid``), ``ConfusionMatrix``, ``NoRepeatNGram``,
``SubAndFilter``, ``Randperm``, the Python-level loops (``WhileLoop``, ``ForiLoop``,
``Scan``), ``index_add``, ``move_to``/``MoveTo`` and ``UpdateState``.
"""
import numbers
import types

import numpy as np
import jax
import jax.numpy as jnp

from mscompat.common import dtype as mstype
from ._args import arr, Tensor
from ._registry import op, register_primitive_class
from .primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register

_wrap = Tensor._wrap
_FLOATS = (np.float16, np.float32, np.float64)
_EPS = 1e-10  # MindSpore's IOU kernel adds it to the denominator


def _dtype_error(prim, arg, allowed, got):
    names = ", ".join(f"Tensor[{t}]" for t in allowed)
    return TypeError(f"For primitive[{prim}], the input argument[{arg}] must be a type of {{{names}}}, "
                     f"but got {got}.")


def _tensor_input(prim, arg, x, allowed):
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{prim}', the '{arg}' should be a Tensor, but got {type(x).__name__}.")
    a = arr(x)
    if a.dtype not in [np.dtype(t) for t in allowed]:
        raise _dtype_error(prim, arg, [mstype.from_numpy_dtype(t) for t in allowed], f"Tensor[{x.dtype}]")
    return a


def _check_type(prim, name, value, types_, type_names):
    if isinstance(value, bool) and bool not in types_ or not isinstance(value, types_):
        one = len(type_names) == 1
        raise TypeError(f"For '{prim}', the type of '{name}' should be {'' if one else 'one of '}"
                        f"'{type_names[0] if one else type_names}', but got type '{type(value).__name__}'.")


def _check_boxes(prim, name, a):
    if a.ndim != 2 or a.shape[1] != 4:
        raise ValueError(f"For primitive[{prim}], the {name}.shape[1] must be equal to 4, but got "
                         f"{a.shape[1] if a.ndim == 2 else a.shape}.")


# ----------------------------------------------------------------------------------------
# boxes (MindSpore's "+1" pixel convention: a box [x0, y0, x1, y1] is (x1 - x0 + 1) wide)

@register_primitive_class
class IOU(Primitive):
    """``IOU(mode='iou')(anchor_boxes (N, 4), gt_boxes (M, 4))`` -> (M, N) overlaps; 'iof'
    divides by the ground-truth area."""

    @prim_attr_register
    def __init__(self, mode="iou"):
        if mode not in {"iou", "iof"}:
            raise KeyError(f"For '{self.name}', only 'iou' or 'iof' are supported, but got 'mode': {mode}.")
        self.init_prim_io_names(inputs=["anchor_boxes", "gt_boxes"], outputs=["overlap"])

    def __call__(self, anchor_boxes, gt_boxes):
        a = _tensor_input("IOU", "x", anchor_boxes, _FLOATS)
        g = _tensor_input("IOU", "y", gt_boxes, _FLOATS)
        _check_boxes("IOU", "anchor_boxes", a)
        _check_boxes("IOU", "gt_boxes", g)
        g = g.astype(a.dtype)
        ga, aa = g[:, None, :], a[None, :, :]
        iw = jnp.maximum(jnp.minimum(ga[..., 2], aa[..., 2]) - jnp.maximum(ga[..., 0], aa[..., 0]) + 1, 0)
        ih = jnp.maximum(jnp.minimum(ga[..., 3], aa[..., 3]) - jnp.maximum(ga[..., 1], aa[..., 1]) + 1, 0)
        inter = iw * ih
        area_g = (ga[..., 2] - ga[..., 0] + 1) * (ga[..., 3] - ga[..., 1] + 1)
        if self.mode == "iof":
            return _wrap(inter / (area_g + _EPS))
        area_a = (aa[..., 2] - aa[..., 0] + 1) * (aa[..., 3] - aa[..., 1] + 1)
        return _wrap(inter / (area_a + area_g - inter + _EPS))


def _check_float_tuple(prim, name, value):
    _check_type(prim, name, value, (tuple,), ["tuple"])
    for i, v in enumerate(value):
        _check_type(prim, f"{name}[{i}]", v, (float,), ["float"])
    if len(value) != 4:
        raise ValueError(f"For '{prim}', the '{name} len' must be int and must = 4, but got '{len(value)}' "
                         f"with type 'int'.")


def _centers(b):
    w = b[:, 2] - b[:, 0] + 1.0
    h = b[:, 3] - b[:, 1] + 1.0
    return b[:, 0] + 0.5 * (w - 1.0), b[:, 1] + 0.5 * (h - 1.0), w, h


@register_primitive_class
class BoundingBoxEncode(PrimitiveWithInfer):
    """``BoundingBoxEncode(means, stds)(anchor_box, groundtruth_box)``: normalized deltas
    ``((dx, dy, dw, dh) - means) / stds``."""

    @prim_attr_register
    def __init__(self, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)):
        _check_float_tuple(self.name, "means", means)
        _check_float_tuple(self.name, "stds", stds)

    def __call__(self, anchor_box, groundtruth_box):
        a = _tensor_input("BoundingBoxEncode", "anchor_box", anchor_box, _FLOATS)
        g = _tensor_input("BoundingBoxEncode", "groundtruth_box", groundtruth_box, _FLOATS)
        _check_boxes("BoundingBoxEncode", "anchor_box", a)
        if g.shape != a.shape:
            raise ValueError(f"For 'BoundingBoxEncode', 'anchor_box' and 'groundtruth_box' should have the same "
                             f"shape, but got {a.shape} and {g.shape}.")
        g = g.astype(a.dtype)
        px, py, pw, ph = _centers(a)
        gx, gy, gw, gh = _centers(g)
        d = jnp.stack([(gx - px) / pw, (gy - py) / ph, jnp.log(gw / pw), jnp.log(gh / ph)], axis=1)
        means = jnp.asarray(self.means, a.dtype)
        stds = jnp.asarray(self.stds, a.dtype)
        return _wrap(((d - means) / stds).astype(a.dtype))


@register_primitive_class
class BoundingBoxDecode(Primitive):
    """``BoundingBoxDecode(max_shape, means, stds, wh_ratio_clip)(anchor_box, deltas)``: boxes
    from deltas, clipped to ``[0, max_shape[1]] x [0, max_shape[0]]``."""

    @prim_attr_register
    def __init__(self, max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0), wh_ratio_clip=0.016):
        _check_float_tuple(self.name, "means", means)
        _check_float_tuple(self.name, "stds", stds)
        _check_type(self.name, "wh_ratio_clip", wh_ratio_clip, (float,), ["float"])
        if max_shape is not None:
            _check_type(self.name, "max_shape", max_shape, (tuple,), ["tuple"])
            if len(max_shape) != 2:
                raise ValueError(f"For '{self.name}', the 'max_shape len' must be int and must = 2, but got "
                                 f"'{len(max_shape)}' with type 'int'.")

    def __call__(self, anchor_box, deltas):
        a = _tensor_input("BoundingBoxDecode", "anchor_box", anchor_box, _FLOATS)
        d = _tensor_input("BoundingBoxDecode", "deltas", deltas, _FLOATS)
        _check_boxes("BoundingBoxDecode", "anchor_box", a)
        if self.max_shape is None:
            raise RuntimeError("For 'BoundingBoxDecode', 'max_shape' should be a tuple of 2 ints, but got None.")
        d = d.astype(a.dtype) * jnp.asarray(self.stds, a.dtype) + jnp.asarray(self.means, a.dtype)
        max_ratio = abs(float(np.log(self.wh_ratio_clip)))
        dx, dy = d[:, 0], d[:, 1]
        dw = jnp.clip(d[:, 2], -max_ratio, max_ratio)
        dh = jnp.clip(d[:, 3], -max_ratio, max_ratio)
        px, py, pw, ph = _centers(a)
        gw, gh = pw * jnp.exp(dw), ph * jnp.exp(dh)
        gx, gy = px + pw * dx, py + ph * dy
        h_max, w_max = float(self.max_shape[0]), float(self.max_shape[1])
        x1 = jnp.clip(gx - 0.5 * gw + 0.5, 0, w_max)
        y1 = jnp.clip(gy - 0.5 * gh + 0.5, 0, h_max)
        x2 = jnp.clip(gx + 0.5 * gw - 0.5, 0, w_max)
        y2 = jnp.clip(gy + 0.5 * gh - 0.5, 0, h_max)
        return _wrap(jnp.stack([x1, y1, x2, y2], axis=1).astype(a.dtype))


@register_primitive_class
class CheckValid(Primitive):
    """``CheckValid()(bboxes (N, 4), img_metas (height, width, ratio))``: whether each box lies
    inside the image: ``x0, y0 >= 0``, ``x1 <= width * ratio - 1``, ``y1 <= height * ratio - 1``."""

    @prim_attr_register
    def __init__(self):
        self.init_prim_io_names(inputs=["bboxes", "img_metas"], outputs=["output"])

    def __call__(self, bboxes, img_metas):
        allowed = (np.float16, np.float32, np.int16, np.uint8)
        b = _tensor_input("CheckValid", "bboxes", bboxes, allowed)
        m = _tensor_input("CheckValid", "img_metas", img_metas, allowed)
        _check_boxes("CheckValid", "bboxes", b)
        if m.shape != (3,):
            raise ValueError(f"For 'CheckValid', the shape of 'img_metas' must be (3,), but got {m.shape}.")
        b, m = b.astype(jnp.float32), m.astype(jnp.float32)
        h, w = m[0] * m[2], m[1] * m[2]
        ok = (b[:, 0] >= 0) & (b[:, 1] >= 0) & (b[:, 2] <= w - 1) & (b[:, 3] <= h - 1)
        return _wrap(ok)


# ----------------------------------------------------------------------------------------
# metrics, beam search, embedding cache

@register_primitive_class
class ConfusionMatrix(PrimitiveWithInfer):
    """``ConfusionMatrix(num_classes, dtype='int32')(labels, predictions, weights=None)``:
    ``out[label, prediction] += weight`` (a ``(num_classes, num_classes)`` matrix)."""

    @prim_attr_register
    def __init__(self, num_classes, dtype="int32"):
        _check_type(self.name, "num_classes", num_classes, (int,), ["int"])
        _check_type(self.name, "dtype", dtype, (str,), ["str"])

    def __call__(self, labels, predictions, weights=None):
        la, pr = arr(labels), arr(predictions)
        if la.ndim != 1 or la.shape != pr.shape:
            raise ValueError(f"For '{self.name}', 'labels' must be 1-D with the shape of 'predictions', but got "
                             f"{la.shape} and {pr.shape}.")
        if la.dtype != pr.dtype:
            raise TypeError(f"For '{self.name}', 'labels' and 'predictions' must have the same dtype, but got "
                            f"{labels.dtype} and {predictions.dtype}.")
        w = jnp.ones(la.shape, la.dtype) if weights is None else arr(weights).astype(la.dtype)
        n = self.num_classes
        out = jnp.zeros((n, n), la.dtype).at[la.astype(jnp.int32), pr.astype(jnp.int32)].add(w, mode="drop")
        return _wrap(out)


@register_primitive_class
class NoRepeatNGram(Primitive):
    """``NoRepeatNGram(ngram_size)(state_seq, log_probs)``: ``log_probs`` with -FLT_MAX for
    every token that would repeat an n-gram of ``state_seq``."""

    @prim_attr_register
    def __init__(self, ngram_size=1):
        _check_type(self.name, "ngram_size", ngram_size, (int,), ["int"])
        if ngram_size <= 0:
            raise ValueError(f"For '{self.name}', the 'ngram_size' must be greater than 0, but got {ngram_size}.")
        self.init_prim_io_names(inputs=["state_seq", "log_probs"], outputs=["log_probs"])

    def __call__(self, state_seq, log_probs):
        s = _tensor_input(self.name, "state_seq", state_seq, (np.int32, np.int64))
        lp = _tensor_input(self.name, "log_probs", log_probs, _FLOATS)
        if s.ndim != 3 or lp.ndim != 3:
            raise ValueError(f"For '{self.name}', 'state_seq' and 'log_probs' must be 3-D, but got "
                             f"{s.ndim}-D and {lp.ndim}-D.")
        if s.shape[:2] != lp.shape[:2]:
            raise ValueError(f"For '{self.name}', the batch_size and beam_width of 'state_seq' and 'log_probs' "
                             f"must be equal, but got {s.shape} and {lp.shape}.")
        n, m = self.ngram_size, s.shape[2]
        if n > m:
            raise ValueError(f"For '{self.name}', the 'ngram_size' must be less than or equal to {m}, but got {n}.")
        tail = s[..., m - n + 1:]
        banned = jnp.zeros(lp.shape, bool)
        vocab = lp.shape[2]
        for i in range(m - n + 1):
            match = jnp.all(s[..., i:i + n - 1] == tail, axis=-1) if n > 1 else jnp.ones(s.shape[:2], bool)
            tok = s[..., i + n - 1]
            hit = jax.nn.one_hot(tok, vocab, dtype=bool) & match[..., None]
            banned = banned | hit
        return _wrap(jnp.where(banned, jnp.finfo(lp.dtype).min, lp))


@register_primitive_class
class SubAndFilter(PrimitiveWithCheck):
    """``SubAndFilter()(input_x, max_num, offset)``: ``(x - offset)`` values in ``[0, max_num)``
    and their indices."""

    @prim_attr_register
    def __init__(self):
        self.init_prim_io_names(inputs=["input_x", "max_num", "offset"], outputs=["sub_res", "sub_idx"])

    def __call__(self, input_x, max_num, offset):
        a = _tensor_input(self.name, "input_x", input_x,
                          (np.int8, np.int16, np.int32, np.int64))
        v = np.asarray(a) - int(offset)
        idx = np.nonzero((v >= 0) & (v < int(max_num)))[0]
        return _wrap(jnp.asarray(v[idx], a.dtype)), _wrap(jnp.asarray(idx, a.dtype))


@register_primitive_class
class Randperm(Primitive):
    """``Randperm(max_length=1, pad=-1, dtype=int32)(n)``: a random permutation of ``0..n-1``
    padded with ``pad`` to ``max_length``."""

    @prim_attr_register
    def __init__(self, max_length=1, pad=-1, dtype=mstype.int32):
        _check_type(self.name, "pad", pad, (int,), ["int"])
        _check_type(self.name, "max_length", max_length, (int,), ["int"])
        if max_length < 1:
            raise ValueError(f"For '{self.name}', the 'max_length' must be greater than or equal to 1, "
                             f"but got {max_length}.")
        valid = (mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.uint8, mstype.uint16,
                 mstype.uint32, mstype.uint64, mstype.float16, mstype.float32, mstype.float64)
        if dtype not in valid:
            raise TypeError(f"For '{self.name}', the 'dtype' should be one of {list(valid)}, but got {dtype}.")
        self.init_prim_io_names(inputs=[], outputs=["output"])

    def __call__(self, n):
        import importlib
        _seed = importlib.import_module("mscompat.common.seed")
        a = _tensor_input(self.name, "n", n, (np.int32, np.int64))
        count = int(np.asarray(a).reshape(-1)[0])
        if count > self.max_length:
            raise ValueError(f"For '{self.name}', the input 'n' must be less than or equal to 'max_length' "
                             f"{self.max_length}, but got {count}.")
        key = _seed.next_key()
        perm = jax.random.permutation(key, count)
        out = jnp.full((self.max_length,), self.pad, jnp.int64).at[:count].set(perm)
        return _wrap(out.astype(mstype.dtype_to_nptype(self.dtype)))


# ----------------------------------------------------------------------------------------
# loops (Python-level, as MindSpore's PyNative implementations)

_FUNC_TYPES = (types.FunctionType, types.MethodType)


def _check_func(prim, name, fn):
    if not isinstance(fn, _FUNC_TYPES):
        raise TypeError(f"For '{prim}', the type of '{name}' should be one of '['function', 'method']', "
                        f"but got type '{type(fn).__name__}'.")


def _loop_error(e):
    return ValueError(f"Invalid loop_func, please check input arguments and return value, error info: {e}")


@register_primitive_class
class WhileLoop(Primitive):
    """``WhileLoop()(cond_func, loop_func, init_val)``: ``while cond(val): val = loop(val)``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, cond_func, loop_func, init_val):
        _check_func("WhileLoop", "cond_func", cond_func)
        _check_func("WhileLoop", "loop_func", loop_func)
        val = init_val
        try:
            while cond_func(val):
                val = loop_func(val)
        except Exception as e:
            raise _loop_error(e) from e
        return val


@register_primitive_class
class ForiLoop(Primitive):
    """``ForiLoop()(lower, upper, loop_func, init_val, unroll=True)``: ``val = loop(i, val)``
    for ``i`` in ``range(lower, upper)``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, lower, upper, loop_func, init_val, unroll=True):
        for name, v in (("lower", lower), ("upper", upper)):
            if not isinstance(v, (int, Tensor)):
                raise TypeError(f"For 'ForiLoop', the type of '{name}' should be one of '['int', 'Tensor']', "
                                f"but got type '{type(v).__name__}'.")
        _check_func("ForiLoop", "loop_func", loop_func)
        val = init_val
        try:
            for i in range(lower, upper):
                val = loop_func(i, val)
        except Exception as e:
            raise _loop_error(e) from e
        return val


@register_primitive_class
class Scan(Primitive):
    """``Scan()(loop_func, init, xs, length=None, unroll=True)``: ``carry, y = loop(carry, x)``
    over ``xs``; returns ``(carry, [y, ...])``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, loop_func, init, xs, length=None, unroll=True):
        _check_func("Scan", "loop_func", loop_func)
        if xs is not None and not isinstance(xs, (list, tuple)):
            raise TypeError(f"For 'Scan', the type of 'xs' should be one of '['list', 'tuple', 'None']', "
                            f"but got type '{type(xs).__name__}'.")
        if xs is None:
            if isinstance(length, bool) or not isinstance(length, int):
                raise TypeError(f"For 'Scan', the type of 'length' should be 'int', "
                                f"but got type '{type(length).__name__}'.")
            xs = [None] * length
        carry, ys = init, []
        try:
            for x in xs:
                carry, y = loop_func(carry, x)
                ys.append(y)
        except Exception as e:
            raise _loop_error(e) from e
        return carry, ys


# ----------------------------------------------------------------------------------------
# in-place index add, device moves, state tokens

@op("index_add")
def index_add(x, indices, y, axis, use_lock=True, check_index_bound=True):
    """``x`` with the slices ``y`` added at ``indices`` along ``axis``; like MindSpore, ``x``
    is updated in place and the result returned."""
    if not isinstance(x, Tensor) or not isinstance(y, Tensor) or not isinstance(indices, Tensor):
        raise TypeError("For primitive[IndexAdd], 'x', 'indices' and 'y' must be Tensors.")
    xa, ia, ya = arr(x), arr(indices), arr(y)
    if ia.dtype != np.int32:
        raise TypeError(f"For primitive[IndexAdd], the input argument[indices type] must be a type of "
                        f"{{Tensor[Int32]}}, but got Tensor[{indices.dtype}].")
    if isinstance(axis, bool) or not isinstance(axis, numbers.Integral):
        raise TypeError(f"For primitive[IndexAdd], the 'axis' must be an int, but got {type(axis).__name__}.")
    nd = xa.ndim
    if not -nd <= axis < nd:
        raise ValueError(f"For primitive[IndexAdd], the axis must be in ({-nd - 1},{nd}), but got {axis}.")
    axis %= nd
    if ia.ndim != 1:
        raise ValueError(f"For primitive[IndexAdd], the 'indices' must be 1-D, but got {ia.ndim}-D.")
    if ya.ndim != nd:
        raise ValueError(f"For primitive[IndexAdd], the rank of 'y' must be {nd}, but got {ya.ndim}.")
    if ya.shape[axis] != ia.shape[0]:
        raise ValueError(f"For primitive[IndexAdd], the attribute[size of indices] must be equal to "
                         f"{ya.shape[axis]}, but got {ia.shape[0]}.")
    for d in range(nd):
        if d != axis and ya.shape[d] != xa.shape[d]:
            raise ValueError(f"For primitive[IndexAdd], the shape of 'y' {ya.shape} must equal the shape of 'x' "
                             f"{xa.shape} except at the axis {axis}.")
    if check_index_bound and not isinstance(ia, jax.core.Tracer):
        bad = np.asarray(ia)
        if bad.size and (bad.min() < 0 or bad.max() >= xa.shape[axis]):
            raise RuntimeError(f"For 'IndexAdd', the indices are out of range with input_shape: {xa.shape}.")
    ya = ya.astype(xa.dtype)
    moved = jnp.moveaxis(xa, axis, 0).at[ia].add(jnp.moveaxis(ya, axis, 0), mode="drop")
    out = jnp.moveaxis(moved, 0, axis)
    x._data = out
    return _wrap(out)


_DEVICES = ("CPU", "Ascend", "GPU")


@op("move_to")
def move_to(input, to="CPU", blocking=True):
    """A copy of ``input`` placed on ``to`` (mscompat keeps arrays on JAX's default device,
    which plays the role of every MindSpore device)."""
    if isinstance(input, (list, tuple)):   # documented: a list/tuple is converted to a Tensor first
        input = Tensor(input)
    if not isinstance(input, Tensor):
        raise TypeError(f"For 'move_to', the type of 'input' should be Tensor, but got {type(input).__name__}.")
    if to not in _DEVICES:
        raise ValueError(f"For 'move_to', the argument 'to' should be one of {list(_DEVICES)}, but got {to}.")
    if not isinstance(blocking, bool):
        raise TypeError(f"For 'move_to', the type of 'blocking' should be bool, but got {type(blocking).__name__}.")
    out = jnp.array(arr(input), copy=True)
    if blocking and not isinstance(out, jax.core.Tracer):
        out.block_until_ready()
    return _wrap(out)


@register_primitive_class
class MoveTo(Primitive):
    """``MoveTo()(input, to='CPU', blocking=True)``; see :func:`move_to`."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, input, to="CPU", blocking=True):
        return move_to(input, to, blocking)


@register_primitive_class
class UpdateState(Primitive):
    """``UpdateState()(state, *effects)``: the state token, unchanged (ordering of side effects
    is by data dependence in JAX)."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, *args):
        return args[0]
