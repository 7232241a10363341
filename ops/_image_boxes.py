"""Bounding boxes of object detection (MindSpore's "+1" pixel convention): iou/IOU,
BoundingBoxEncode, BoundingBoxDecode, CheckValid."""
import numpy as np
import jax.numpy as jnp

from mscompat._checkparam import check_equal_int
from mscompat.common import dtype as mstype
from ._args import arr, Tensor, check_arg_type as _check_type, tensor_of_dtypes as _tensor_input
from ._registry import op, primitive, register_primitive_class, REQUIRED
from .primitive import PrimitiveWithInfer, prim_attr_register

_wrap = Tensor._wrap
_FLOATS = (np.float16, np.float32, np.float64)
_EPS = 1e-10  # MindSpore's IOU kernel adds it to the denominator
_F32 = np.dtype(np.float32)


def _ms(dt):
    return mstype.from_numpy_dtype(np.dtype(dt))


def _check_boxes(prim, name, a):
    if a.ndim != 2 or a.shape[1] != 4:
        raise ValueError(f"For primitive[{prim}], the {name}.shape[1] must be equal to 4, but got "
                         f"{a.shape[1] if a.ndim == 2 else a.shape}.")


# ----------------------------------------------------------------------------------------
# boxes (MindSpore's "+1" pixel convention: a box [x0, y0, x1, y1] is (x1 - x0 + 1) wide)

def _check_mode(mode):
    if mode not in ("iou", "iof"):
        raise KeyError(f"For 'IOU', only 'iou' or 'iof' are supported, but got 'mode': {mode}.")


@op("iou")
def iou(anchor_boxes, gt_boxes, mode="iou"):
    """Overlap of every (gt, anchor) pair of ``[x1, y1, x2, y2]`` boxes (pixel convention,
    +1 on widths): ``'iou'`` divides by the union, ``'iof'`` by the gt box area.
    Result shape ``(N_gt, N_anchor)``."""
    _check_mode(mode)
    for i, t in enumerate((anchor_boxes, gt_boxes)):
        if not isinstance(t, Tensor):
            raise TypeError(f"For primitive[IOU], the input[{i}] should be a Tensor, but got External.")
    a, g = arr(anchor_boxes), arr(gt_boxes)
    if a.ndim != 2 or g.ndim != 2:
        raise ValueError(f"For 'IOU', input x, y must have the same dimension size and must be 2. "
                         f"But got x size = {a.ndim}, y size = {g.ndim}.")
    for nm, t in (("anchor_boxes", a), ("gt_boxes", g)):
        if t.shape[1] != 4:
            raise ValueError(f"For primitive[IOU], the {nm}.shape[1] must be equal to 4, but got {t.shape[1]}.")
    for t in (a, g):
        if t.dtype not in (np.float16, np.float32, np.float64):
            raise TypeError(f"For primitive[IOU], the input argument[x] must be a type of {{Tensor[Float16], "
                            f"Tensor[Float32], Tensor[Float64]}}, but got Tensor[{_ms(t.dtype)}].")
    if a.dtype != g.dtype:
        raise TypeError("For primitive[IOU], the input type must be same.")
    dt = a.dtype
    a, g = a.astype(np.float64 if dt == np.float64 else _F32), g.astype(np.float64 if dt == np.float64 else _F32)
    ga, aa = g[:, None, :], a[None, :, :]
    w = jnp.maximum(jnp.minimum(ga[..., 2], aa[..., 2]) - jnp.maximum(ga[..., 0], aa[..., 0]) + 1, 0)
    h = jnp.maximum(jnp.minimum(ga[..., 3], aa[..., 3]) - jnp.maximum(ga[..., 1], aa[..., 1]) + 1, 0)
    inter = w * h
    area_g = (ga[..., 2] - ga[..., 0] + 1) * (ga[..., 3] - ga[..., 1] + 1)
    area_a = (aa[..., 2] - aa[..., 0] + 1) * (aa[..., 3] - aa[..., 1] + 1)
    denom = area_g + area_a - inter if mode == "iou" else jnp.broadcast_to(area_g, inter.shape)
    return _wrap((inter / (denom + _EPS)).astype(dt))


# ``IOU(mode)(anchor_boxes, gt_boxes)`` is ``ops.iou``: the mode is checked when the Primitive is made
primitive("IOU", iou, attrs=(("mode", "iou"),), init=lambda prim: _check_mode(prim.mode))


def _check_float_tuple(prim, name, value):
    _check_type(prim, name, value, (tuple,))
    for i, v in enumerate(value):
        _check_type(prim, f"{name}[{i}]", v, (float,))
    check_equal_int(len(value), 4, f"{name} len", prim)


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


def _bounding_box_decode(anchor_box, deltas, max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0),
                         wh_ratio_clip=0.016):
    a = _tensor_input("BoundingBoxDecode", "anchor_box", anchor_box, _FLOATS)
    d = _tensor_input("BoundingBoxDecode", "deltas", deltas, _FLOATS)
    _check_boxes("BoundingBoxDecode", "anchor_box", a)
    if max_shape is None:
        raise RuntimeError("For 'BoundingBoxDecode', 'max_shape' should be a tuple of 2 ints, but got None.")
    d = d.astype(a.dtype) * jnp.asarray(stds, a.dtype) + jnp.asarray(means, a.dtype)
    max_ratio = abs(float(np.log(wh_ratio_clip)))
    dx, dy = d[:, 0], d[:, 1]
    dw = jnp.clip(d[:, 2], -max_ratio, max_ratio)
    dh = jnp.clip(d[:, 3], -max_ratio, max_ratio)
    px, py, pw, ph = _centers(a)
    gw, gh = pw * jnp.exp(dw), ph * jnp.exp(dh)
    gx, gy = px + pw * dx, py + ph * dy
    h_max, w_max = float(max_shape[0]), float(max_shape[1])
    x1 = jnp.clip(gx - 0.5 * gw + 0.5, 0, w_max)
    y1 = jnp.clip(gy - 0.5 * gh + 0.5, 0, h_max)
    x2 = jnp.clip(gx + 0.5 * gw - 0.5, 0, w_max)
    y2 = jnp.clip(gy + 0.5 * gh - 0.5, 0, h_max)
    return _wrap(jnp.stack([x1, y1, x2, y2], axis=1).astype(a.dtype))


def _check_decode_attrs(prim):
    _check_float_tuple(prim.name, "means", prim.means)
    _check_float_tuple(prim.name, "stds", prim.stds)
    _check_type(prim.name, "wh_ratio_clip", prim.wh_ratio_clip, (float,))
    if prim.max_shape is not None:
        _check_type(prim.name, "max_shape", prim.max_shape, (tuple,))
        check_equal_int(len(prim.max_shape), 2, "max_shape len", prim.name)


_BoundingBoxDecode = primitive("BoundingBoxDecode", _bounding_box_decode,
          (("max_shape", REQUIRED), ("means", (0.0, 0.0, 0.0, 0.0)), ("stds", (1.0, 1.0, 1.0, 1.0)),
           ("wh_ratio_clip", 0.016)), init=_check_decode_attrs,
          doc="``BoundingBoxDecode(max_shape, means, stds, wh_ratio_clip)(anchor_box, deltas)``: boxes from deltas, "
              "clipped to ``[0, max_shape[1]] x [0, max_shape[0]]``.")


def _check_valid(bboxes, img_metas):
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


primitive("CheckValid", _check_valid,
          doc="``CheckValid()(bboxes (N, 4), img_metas (height, width, ratio))``: whether each box lies inside the "
              "image: ``x0, y0 >= 0``, ``x1 <= width * ratio - 1``, ``y1 <= height * ratio - 1``.")


@op("bounding_box_encode")
def bounding_box_encode(anchor_box, groundtruth_box, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)):
    """The BoundingBoxEncode Primitive with ``means`` / ``stds``: normalized deltas of ``groundtruth_box``
    from ``anchor_box``."""
    return BoundingBoxEncode(means, stds)(anchor_box, groundtruth_box)


@op("bounding_box_decode")
def bounding_box_decode(anchor_box, deltas, max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0),
                        wh_ratio_clip=0.016):
    """The BoundingBoxDecode Primitive with these attributes: boxes from ``deltas`` of ``anchor_box``,
    clipped to ``max_shape``."""
    return _BoundingBoxDecode(max_shape, means, stds, wh_ratio_clip)(anchor_box, deltas)
