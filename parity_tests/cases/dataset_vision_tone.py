"""More ``dataset.vision`` transforms called eagerly: AutoContrast, RandomColor, RandomPosterize,
RandomSolarize, RandomCropDecodeResize and the probability-gated tone transforms (RandomAutoContrast,
RandomEqualize, RandomInvert, RandomAdjustSharpness, RandomGrayscale, RandomLighting).

Deterministic settings (degrees (x, x), bits (b, b), threshold (t, t), prob 0 or 1, a crop window
fixed by scale/ratio) must match pixel for pixel (resampling within 1 grey level); random settings
are checked by shape/dtype and seed-independent properties."""
import importlib
import io

import numpy as np

from parity_tests.harness import case, Raw


def V(ms):
    return importlib.import_module(ms.__name__ + ".dataset.vision")


_rs = np.random.RandomState(4321)
IMG = _rs.randint(0, 256, (9, 13, 3)).astype(np.uint8)            # HWC uint8
LOW = _rs.randint(60, 181, (10, 12, 3)).astype(np.uint8)          # low contrast
LOWG = _rs.randint(40, 201, (11, 9)).astype(np.uint8)             # HW low contrast
MID = _rs.randint(100, 151, (8, 10, 3)).astype(np.uint8)          # no clipping under small offsets
IMGF = (_rs.uniform(-60, 320, (7, 9, 3))).astype(np.float32)      # float beyond [0, 255]
CONST = np.full((5, 6, 3), 77, np.uint8)
BIG = _rs.randint(0, 256, (24, 30, 3)).astype(np.uint8)
I8 = (IMG.astype(np.int16) - 128).astype(np.int8)
U16 = IMG.astype(np.uint16) * 3
I16 = IMG.astype(np.int16) * 3 - 200
I32 = IMG.astype(np.int32) * 3 - 200
F64 = IMG.astype(np.float64) * 1.5 - 50
BOOL = IMG > 100
RGBA = np.dstack([IMG, IMG[..., :1]])
_rs8 = np.random.RandomState(8)
_h8, _w8 = _rs8.randint(2, 12, 2)
EQ_TIE = _rs8.randint(0, 256, (_h8, _w8, 3)).astype(np.uint8)   # equalize LUT needs float32 rounding


def _png(a):
    from PIL import Image
    buf = io.BytesIO()
    Image.fromarray(a).save(buf, format="PNG")
    return np.frombuffer(buf.getvalue(), np.uint8).copy()


def _jpeg(a):
    from PIL import Image
    buf = io.BytesIO()
    Image.fromarray(a).save(buf, format="JPEG", quality=92)
    return np.frombuffer(buf.getvalue(), np.uint8).copy()


# smooth image (JPEG-friendly) 24 x 30, and a position-coded one (channel 0 = column, 1 = row)
_yy, _xx = np.mgrid[0:24, 0:30]
SMOOTH = np.stack([_xx * 8, _yy * 10, (_xx + _yy) * 4], axis=2).astype(np.uint8)
_cols, _rows = np.meshgrid(np.arange(40), np.arange(32))
POS = np.stack([_cols, _rows, np.zeros((32, 40), np.int64)], axis=2).astype(np.uint8)
PNG, JPEG, POS_PNG = _png(BIG), _jpeg(SMOOTH), _png(POS)
GRAY_PNG = _png(BIG[..., 0])
PNG_ODD = _png(_rs.randint(0, 256, (16, 21, 3)).astype(np.uint8))


def _pil(x):
    from PIL import Image
    return Image.fromarray(x)


def _pil_out(r):
    """PIL results: (class name, mode, pixels); numpy results: (class name, '', array)."""
    return type(r).__name__, str(getattr(r, "mode", "")), np.asarray(r)


def _rrc_property(out, scale, img_shape):
    """Codes of POS ascend along both axes and the window they reveal has area fraction <= scale[1]."""
    cols, rows = out[..., 0].astype(int), out[..., 1].astype(int)
    mono = bool(np.all(np.diff(cols, axis=1) >= 0) and np.all(np.diff(rows, axis=0) >= 0))
    area = (cols.max() - cols.min() + 1) * (rows.max() - rows.min() + 1) / float(img_shape[0] * img_shape[1])
    return mono, bool(area <= scale[1] + 1e-6)


def _solarize_property(out, x):
    """Every pixel is x or 255 - x, and the inverted ones are exactly the pixels whose value lies in
    one interval [lo, hi]."""
    inv = 255 - x.astype(np.int64)
    ok = bool(np.all((out == x) | (out == inv)))
    changed = out != x
    if not changed.any():
        return ok, True
    lo, hi = x[changed].min(), x[changed].max()
    inside = (x >= lo) & (x <= hi)
    return ok, bool(np.array_equal(inside, changed))


def _posterize_property(out, x, lo, hi):
    return bool(any(np.array_equal(out, x & np.uint8((0xFF << (8 - b)) & 0xFF)) for b in range(lo, hi + 1)))


def _between_property(ms, x):
    """RandomColor with degrees in [0, 1]: each pixel lies between the grey one and the original."""
    g = V(ms).RandomColor((0.0, 0.0))(x).astype(int)
    o = V(ms).RandomColor((0.0, 1.0))(x).astype(int)
    xi = x.astype(int)
    return bool(np.all(o >= np.minimum(g, xi) - 1) and np.all(o <= np.maximum(g, xi) + 1))


def _either(ms, make_random, make_sure, x, n=6):
    """The random transform's result is always either the input or the always-applied result."""
    sure = make_sure(ms)(x)
    op = make_random(ms)
    outs = [op(x) for _ in range(n)]
    return bool(all(np.array_equal(o, x) or np.array_equal(o, sure) for o in outs)), str(outs[0].dtype)


def _lighting_property(ms, x):
    """Offsets are the same for every pixel of a channel (no clipping on MID)."""
    out = V(ms).RandomLighting(0.05)(x).astype(int)
    d = out - x.astype(int)
    return bool(all(np.all(d[..., c] == d[0, 0, c]) for c in range(3))), out.shape, str(out.dtype)


def _lighting_pil_property(ms, x):
    """PIL path: same per-channel offset for every pixel (truncated), RGB output."""
    out = V(ms).RandomLighting(0.05)(_pil(x))
    d = np.asarray(out).astype(int) - x.astype(int)
    return type(out).__name__, out.mode, bool(all(np.all(d[..., c] == d[0, 0, c]) for c in range(3)))


def _lighting_bytes_property(ms, x):
    """Non-uint8 images: MindSpore's kernel touches only the first 3 * W bytes of each row."""
    out = V(ms).RandomLighting(0.5)(x)
    h, w = x.shape[:2]
    tail = lambda a: np.ascontiguousarray(a).view(np.uint8).reshape(h, -1)[:, 3 * w:]  # noqa: E731
    return bool(np.array_equal(tail(out), tail(x))), out.shape, str(out.dtype)


def _rcdr(ms, x, size, **kw):
    inter = kw.pop("inter", None)
    if inter is not None:
        kw["interpolation"] = getattr(V(ms).Inter, inter)
    return V(ms).RandomCropDecodeResize(size, **kw)(x)


def _pipe_rows(ms, data, ops, gen=False):
    """Run ``ops`` in a one-worker ``map`` over the images ``data``; the rows as numpy arrays."""
    ds = importlib.import_module(ms.__name__ + ".dataset")
    if gen:
        d = ds.GeneratorDataset(lambda: ((x,) for x in data), ["image"], shuffle=False)
    else:
        d = ds.NumpySlicesDataset(np.stack(data), ["image"], shuffle=False)
    d = d.map(ops(V(ms)), input_columns=["image"], num_parallel_workers=1, python_multiprocessing=False)
    return d.get_col_names(), [r[0] for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


_R_BIG = 30 / 24   # BIG / SMOOTH aspect ratio (w / h): scale (1, 1) with this ratio crops the whole image

CASES = [
    # ---- AutoContrast
    case("AutoContrast/default", lambda ms, x: V(ms).AutoContrast()(x), Raw(LOW)),
    case("AutoContrast/full_range", lambda ms, x: V(ms).AutoContrast()(x), Raw(IMG)),
    case("AutoContrast/cutoff10", lambda ms, x: V(ms).AutoContrast(10.0)(x), Raw(LOW)),
    case("AutoContrast/cutoff_float_truncated", lambda ms, x: V(ms).AutoContrast(2.9)(x), Raw(BIG)),
    case("AutoContrast/cutoff_49", lambda ms, x: V(ms).AutoContrast(49.5)(x), Raw(LOW)),
    case("AutoContrast/ignore_int", lambda ms, x: V(ms).AutoContrast(1, 120)(x), Raw(LOW)),
    case("AutoContrast/ignore_list", lambda ms, x: V(ms).AutoContrast(5, [60, 61, 62, 180, 179])(x), Raw(LOW)),
    case("AutoContrast/ignore_tuple", lambda ms, x: V(ms).AutoContrast(ignore=(0, 255))(x), Raw(IMG)),
    case("AutoContrast/gray", lambda ms, x: V(ms).AutoContrast(3)(x), Raw(LOWG)),
    case("AutoContrast/one_channel", lambda ms, x: V(ms).AutoContrast(3)(x), Raw(LOWG[..., None].copy())),
    case("AutoContrast/constant", lambda ms, x: V(ms).AutoContrast()(x), Raw(CONST)),
    case("AutoContrast/gray_row_squeezed", lambda ms, x: V(ms).AutoContrast()(x), Raw(LOWG[:1].copy())),
    case("AutoContrast/gray_col_squeezed", lambda ms, x: V(ms).AutoContrast(1)(x), Raw(LOWG[:, :1].copy())),
    case("AutoContrast/one_pixel", lambda ms, x: V(ms).AutoContrast()(x), Raw(LOWG[:1, :1].copy())),
    case("AutoContrast/row_hwc_kept", lambda ms, x: V(ms).AutoContrast()(x), Raw(LOW[:1].copy())),
    case("AutoContrast/bool", lambda ms, x: V(ms).AutoContrast()(x), Raw(BOOL)),
    case("AutoContrast/attrs", lambda ms: (lambda o: (o.cutoff, list(o.ignore)))(V(ms).AutoContrast(2.5, 7))),
    case("AutoContrast/pil", lambda ms, x: _pil_out(V(ms).AutoContrast(5.0, [100])(_pil(x))), Raw(LOW)),
    case("AutoContrast/pil_gray", lambda ms, x: _pil_out(V(ms).AutoContrast(2)(_pil(x))), Raw(LOWG)),
    case("AutoContrast/bad_float32", lambda ms, x: V(ms).AutoContrast()(x), Raw(IMGF), error=True),
    case("AutoContrast/bad_int8", lambda ms, x: V(ms).AutoContrast()(x), Raw(I8), error=True),
    case("AutoContrast/bad_4ch", lambda ms, x: V(ms).AutoContrast()(x), Raw(RGBA), error=True),
    case("AutoContrast/bad_rank4", lambda ms, x: V(ms).AutoContrast()(x), Raw(IMG[None]), error=True),
    case("AutoContrast/bad_rank1", lambda ms, x: V(ms).AutoContrast()(x), Raw(IMG[0, :, 0].copy()), error=True),
    case("AutoContrast/bad_list_input", lambda ms: V(ms).AutoContrast()([[1, 2], [3, 4]]), error=True),
    case("AutoContrast/bad_cutoff50", lambda ms: V(ms).AutoContrast(50), error=True),
    case("AutoContrast/bad_cutoff_neg", lambda ms: V(ms).AutoContrast(-1), error=True),
    case("AutoContrast/bad_cutoff_bool", lambda ms: V(ms).AutoContrast(True), error=True),
    case("AutoContrast/bad_ignore256", lambda ms: V(ms).AutoContrast(ignore=256), error=True),
    case("AutoContrast/bad_ignore_item", lambda ms: V(ms).AutoContrast(ignore=[1.0]), error=True),
    case("AutoContrast/bad_ignore_str", lambda ms: V(ms).AutoContrast(ignore="a"), error=True),
    case("AutoContrast/bad_ignore_ndarray", lambda ms: V(ms).AutoContrast(ignore=np.array([1])), error=True),

    # ---- RandomColor
    case("RandomColor/half", lambda ms, x: V(ms).RandomColor((0.5, 0.5))(x), Raw(IMG)),
    case("RandomColor/gray_factor0", lambda ms, x: V(ms).RandomColor((0.0, 0.0))(x), Raw(IMG)),
    case("RandomColor/identity", lambda ms, x: V(ms).RandomColor((1.0, 1.0))(x), Raw(IMG)),
    case("RandomColor/near_identity", lambda ms, x: V(ms).RandomColor((1.001, 1.001))(x), Raw(IMG)),
    case("RandomColor/enhance", lambda ms, x: V(ms).RandomColor([1.7, 1.7])(x), Raw(IMG)),
    case("RandomColor/enhance_big", lambda ms, x: V(ms).RandomColor((3, 3))(x), Raw(BIG)),
    case("RandomColor/factor_1_3_big", lambda ms, x: V(ms).RandomColor((1.3, 1.3))(x), Raw(BIG)),
    case("RandomColor/factor_0_3_big", lambda ms, x: V(ms).RandomColor((0.3, 0.3))(x), Raw(BIG)),
    case("RandomColor/uint16_full_range", lambda ms, x: V(ms).RandomColor((0.7, 0.7))(x),
         Raw(BIG.astype(np.uint16) * 257)),
    case("RandomColor/float32", lambda ms, x: V(ms).RandomColor((0.3, 0.3))(x), Raw(IMGF)),
    case("RandomColor/float32_wide", lambda ms, x: V(ms).RandomColor((1.9, 1.9))(x),
         Raw((BIG * np.float32(0.731)).astype(np.float32))),
    case("RandomColor/uint16", lambda ms, x: V(ms).RandomColor((1.3, 1.3))(x), Raw(U16)),
    case("RandomColor/bool", lambda ms, x: V(ms).RandomColor((0.5, 0.5))(x), Raw(BOOL)),
    case("RandomColor/pil", lambda ms, x: _pil_out(V(ms).RandomColor((0.6, 0.6))(_pil(x))), Raw(IMG)),
    case("RandomColor/default_shape", lambda ms, x: V(ms).RandomColor()(x), Raw(BIG), check_values=False),
    case("RandomColor/between_property", lambda ms, x: _between_property(ms, x), Raw(BIG)),
    case("RandomColor/attrs", lambda ms: list(V(ms).RandomColor([0.2, 0.3]).degrees)),
    case("RandomColor/bad_gray", lambda ms, x: V(ms).RandomColor((0.5, 0.5))(x), Raw(LOWG), error=True),
    case("RandomColor/bad_4ch", lambda ms, x: V(ms).RandomColor((0.5, 0.5))(x), Raw(RGBA), error=True),
    case("RandomColor/bad_float64", lambda ms, x: V(ms).RandomColor((0.5, 0.5))(x), Raw(F64), error=True),
    case("RandomColor/bad_int16", lambda ms, x: V(ms).RandomColor((0.5, 0.5))(x), Raw(I16), error=True),
    case("RandomColor/bad_number", lambda ms: V(ms).RandomColor(0.5), error=True),
    case("RandomColor/bad_len", lambda ms: V(ms).RandomColor((1, 2, 3)), error=True),
    case("RandomColor/bad_order", lambda ms: V(ms).RandomColor((2, 1)), error=True),
    case("RandomColor/bad_negative", lambda ms: V(ms).RandomColor((-1, 1)), error=True),
    case("RandomColor/bad_item_type", lambda ms: V(ms).RandomColor(("a", 1)), error=True),
    case("RandomColor/bad_none_call", lambda ms, x: V(ms).RandomColor(None)(x), Raw(IMG), error=True),

    # ---- RandomPosterize
    case("RandomPosterize/bits1", lambda ms, x: V(ms).RandomPosterize((1, 1))(x), Raw(IMG)),
    case("RandomPosterize/bits4", lambda ms, x: V(ms).RandomPosterize([4, 4])(x), Raw(IMG)),
    case("RandomPosterize/bits_int", lambda ms, x: V(ms).RandomPosterize(3)(x), Raw(IMG)),
    case("RandomPosterize/default_identity", lambda ms, x: V(ms).RandomPosterize()(x), Raw(IMG)),
    case("RandomPosterize/int8", lambda ms, x: V(ms).RandomPosterize(3)(x), Raw(I8)),
    case("RandomPosterize/bool", lambda ms, x: V(ms).RandomPosterize(1)(x), Raw(BOOL)),
    case("RandomPosterize/gray", lambda ms, x: V(ms).RandomPosterize(2)(x), Raw(LOWG)),
    case("RandomPosterize/4ch", lambda ms, x: V(ms).RandomPosterize(5)(x), Raw(RGBA)),
    case("RandomPosterize/pil_gives_numpy", lambda ms, x: _pil_out(V(ms).RandomPosterize(2)(_pil(x))), Raw(IMG)),
    case("RandomPosterize/range_property", lambda ms, x: [_posterize_property(
        V(ms).RandomPosterize((2, 6))(x), x, 2, 6) for _ in range(5)], Raw(IMG)),
    case("RandomPosterize/attrs", lambda ms: (V(ms).RandomPosterize(3).bits, list(V(ms).RandomPosterize([2, 3]).bits))),
    case("RandomPosterize/bad_float32", lambda ms, x: V(ms).RandomPosterize(3)(x), Raw(IMGF), error=True),
    case("RandomPosterize/bad_uint16", lambda ms, x: V(ms).RandomPosterize(3)(x), Raw(U16), error=True),
    case("RandomPosterize/bad_rank4", lambda ms, x: V(ms).RandomPosterize(3)(x), Raw(IMG[None]), error=True),
    case("RandomPosterize/bad_bits0", lambda ms: V(ms).RandomPosterize(0), error=True),
    case("RandomPosterize/bad_bits9", lambda ms: V(ms).RandomPosterize((1, 9)), error=True),
    case("RandomPosterize/bad_order", lambda ms: V(ms).RandomPosterize((3, 2)), error=True),
    case("RandomPosterize/bad_len", lambda ms: V(ms).RandomPosterize((1,)), error=True),
    case("RandomPosterize/bad_float", lambda ms: V(ms).RandomPosterize(2.0), error=True),
    case("RandomPosterize/bad_bool", lambda ms: V(ms).RandomPosterize((True, 2)), error=True),
    case("RandomPosterize/bad_none_call", lambda ms, x: V(ms).RandomPosterize(None)(x), Raw(IMG), error=True),

    # ---- RandomSolarize
    case("RandomSolarize/t128", lambda ms, x: V(ms).RandomSolarize((128, 128))(x), Raw(IMG)),
    case("RandomSolarize/t0", lambda ms, x: V(ms).RandomSolarize((0, 0))(x), Raw(IMG)),
    case("RandomSolarize/t255", lambda ms, x: V(ms).RandomSolarize((255, 255))(x), Raw(IMG)),
    case("RandomSolarize/gray", lambda ms, x: V(ms).RandomSolarize((100, 100))(x), Raw(LOWG)),
    case("RandomSolarize/one_channel", lambda ms, x: V(ms).RandomSolarize((90, 90))(x), Raw(LOWG[..., None].copy())),
    case("RandomSolarize/int8", lambda ms, x: V(ms).RandomSolarize((0, 0))(x), Raw(I8)),
    case("RandomSolarize/uint16", lambda ms, x: V(ms).RandomSolarize((100, 100))(x), Raw(U16)),
    case("RandomSolarize/int16", lambda ms, x: V(ms).RandomSolarize((10, 10))(x), Raw(I16)),
    case("RandomSolarize/int32", lambda ms, x: V(ms).RandomSolarize((255, 255))(x), Raw(I32)),
    case("RandomSolarize/float32", lambda ms, x: V(ms).RandomSolarize((100, 100))(x), Raw(IMGF)),
    case("RandomSolarize/float64", lambda ms, x: V(ms).RandomSolarize((0, 0))(x), Raw(F64)),
    case("RandomSolarize/bool_t0", lambda ms, x: V(ms).RandomSolarize((0, 0))(x), Raw(BOOL)),
    case("RandomSolarize/bool_t1", lambda ms, x: V(ms).RandomSolarize((1, 1))(x), Raw(BOOL)),
    case("RandomSolarize/pil_gives_numpy", lambda ms, x: _pil_out(V(ms).RandomSolarize((50, 50))(_pil(x))),
         Raw(IMG)),
    case("RandomSolarize/range_property", lambda ms, x: [_solarize_property(
        V(ms).RandomSolarize((20, 230))(x), x) for _ in range(6)], Raw(BIG)),
    case("RandomSolarize/default_shape", lambda ms, x: V(ms).RandomSolarize()(x), Raw(IMG), check_values=False),
    case("RandomSolarize/bad_4ch", lambda ms, x: V(ms).RandomSolarize((9, 9))(x), Raw(RGBA), error=True),
    case("RandomSolarize/bad_2ch", lambda ms, x: V(ms).RandomSolarize((9, 9))(x), Raw(IMG[..., :2].copy()),
         error=True),
    case("RandomSolarize/bad_float16", lambda ms, x: V(ms).RandomSolarize((9, 9))(x), Raw(IMG.astype(np.float16)),
         error=True),
    case("RandomSolarize/bad_int64", lambda ms, x: V(ms).RandomSolarize((9, 9))(x), Raw(IMG.astype(np.int64)),
         error=True),
    case("RandomSolarize/bad_list", lambda ms: V(ms).RandomSolarize([10, 20]), error=True),
    case("RandomSolarize/bad_float", lambda ms: V(ms).RandomSolarize((10.0, 20)), error=True),
    case("RandomSolarize/bad_order", lambda ms: V(ms).RandomSolarize((20, 10)), error=True),
    case("RandomSolarize/bad_range", lambda ms: V(ms).RandomSolarize((10, 256)), error=True),
    case("RandomSolarize/bad_len", lambda ms: V(ms).RandomSolarize((1, 2, 3)), error=True),
    case("RandomSolarize/bad_int", lambda ms: V(ms).RandomSolarize(10), error=True),

    # ---- RandomCropDecodeResize
    case("RandomCropDecodeResize/png_full_linear", lambda ms, x: _rcdr(ms, x, (12, 20), scale=(1.0, 1.0),
         ratio=(_R_BIG, _R_BIG)), Raw(PNG), atol=1),
    case("RandomCropDecodeResize/png_full_nearest", lambda ms, x: _rcdr(ms, x, (24, 30), scale=(1, 1),
         ratio=(_R_BIG, _R_BIG), inter="NEAREST"), Raw(PNG)),
    case("RandomCropDecodeResize/png_full_cubic", lambda ms, x: _rcdr(ms, x, (17, 11), scale=(1, 1),
         ratio=(_R_BIG, _R_BIG), inter="CUBIC"), Raw(PNG), atol=1),
    case("RandomCropDecodeResize/png_full_area", lambda ms, x: _rcdr(ms, x, 10, scale=(1, 1),
         ratio=(_R_BIG, _R_BIG), inter="AREA"), Raw(PNG), atol=1),
    case("RandomCropDecodeResize/png_full_pilcubic", lambda ms, x: _rcdr(ms, x, (12, 15), scale=(1, 1),
         ratio=(_R_BIG, _R_BIG), inter="PILCUBIC"), Raw(PNG), atol=1),
    case("RandomCropDecodeResize/jpeg_full", lambda ms, x: _rcdr(ms, x, (12, 15), scale=(1, 1),
         ratio=(_R_BIG, _R_BIG)), Raw(JPEG), atol=1),
    case("RandomCropDecodeResize/gray_png_rgb", lambda ms, x: _rcdr(ms, x, (24, 30), scale=(1, 1),
         ratio=(_R_BIG, _R_BIG), inter="NEAREST"), Raw(GRAY_PNG)),
    case("RandomCropDecodeResize/fallback_center_odd", lambda ms, x: _rcdr(ms, x, (16, 16), scale=(5, 5),
         ratio=(1, 1), inter="NEAREST"), Raw(PNG_ODD)),
    case("RandomCropDecodeResize/fallback_tall", lambda ms, x: _rcdr(ms, x, (9, 7), scale=(3, 3),
         ratio=(0.25, 0.5), inter="NEAREST", max_attempts=3), Raw(PNG_ODD)),
    case("RandomCropDecodeResize/fallback_jpeg", lambda ms, x: _rcdr(ms, x, (8, 8), scale=(4, 4),
         ratio=(1, 1), inter="NEAREST"), Raw(JPEG), atol=1),
    case("RandomCropDecodeResize/default_shape", lambda ms, x: _rcdr(ms, x, (8, 5)), Raw(PNG),
         check_values=False),
    case("RandomCropDecodeResize/jpeg_shape", lambda ms, x: _rcdr(ms, x, 7), Raw(JPEG), check_values=False),
    case("RandomCropDecodeResize/position_property", lambda ms, x: [_rrc_property(_rcdr(
        ms, x, (20, 20), scale=(0.2, 0.5), inter="NEAREST"), (0.2, 0.5), (32, 40)) for _ in range(4)],
        Raw(POS_PNG)),
    case("RandomCropDecodeResize/attrs", lambda ms: (lambda o: (list(o.size), list(o.scale), int(o.interpolation),
                                                               o.max_attempts))(V(ms).RandomCropDecodeResize(5))),
    case("RandomCropDecodeResize/bad_bytes", lambda ms, x: _rcdr(ms, x.tobytes(), 8), Raw(PNG), error=True),
    case("RandomCropDecodeResize/bad_2d", lambda ms, x: _rcdr(ms, x[None], 8), Raw(PNG), error=True),
    case("RandomCropDecodeResize/bad_int8", lambda ms, x: _rcdr(ms, x.view(np.int8), 8), Raw(PNG), error=True),
    case("RandomCropDecodeResize/bad_decoded", lambda ms, x: _rcdr(ms, x, 8), Raw(IMG), error=True),
    case("RandomCropDecodeResize/bad_pil", lambda ms, x: _rcdr(ms, _pil(x), 8), Raw(IMG), error=True),
    case("RandomCropDecodeResize/bad_garbage", lambda ms, x: _rcdr(ms, x, 8), Raw(np.arange(30, dtype=np.uint8)),
         error=True),
    case("RandomCropDecodeResize/bad_empty", lambda ms, x: _rcdr(ms, x, 8), Raw(np.zeros(0, np.uint8)), error=True),
    case("RandomCropDecodeResize/bad_antialias", lambda ms, x: _rcdr(ms, x, 8, inter="ANTIALIAS"), Raw(PNG),
         error=True),
    case("RandomCropDecodeResize/bad_inter_none_call", lambda ms, x: _rcdr(ms, x, 8, interpolation=None),
         Raw(PNG), error=True),
    case("RandomCropDecodeResize/bad_size0", lambda ms: V(ms).RandomCropDecodeResize(0), error=True),
    case("RandomCropDecodeResize/bad_size_len", lambda ms: V(ms).RandomCropDecodeResize((2,)), error=True),
    case("RandomCropDecodeResize/bad_size_float", lambda ms: V(ms).RandomCropDecodeResize((2, 3.0)), error=True),
    case("RandomCropDecodeResize/bad_scale_order", lambda ms: V(ms).RandomCropDecodeResize(8, scale=(1, .5)),
         error=True),
    case("RandomCropDecodeResize/bad_scale_zero", lambda ms: V(ms).RandomCropDecodeResize(8, scale=(0, 0)),
         error=True),
    case("RandomCropDecodeResize/bad_scale_type", lambda ms: V(ms).RandomCropDecodeResize(8, scale=0.5), error=True),
    case("RandomCropDecodeResize/bad_ratio_zero", lambda ms: V(ms).RandomCropDecodeResize(8, ratio=(0, 1)),
         error=True),
    case("RandomCropDecodeResize/bad_ratio_order", lambda ms: V(ms).RandomCropDecodeResize(8, ratio=(2, 1)),
         error=True),
    case("RandomCropDecodeResize/bad_interp_int", lambda ms: V(ms).RandomCropDecodeResize(8, interpolation=2),
         error=True),
    case("RandomCropDecodeResize/bad_attempts", lambda ms: V(ms).RandomCropDecodeResize(8, max_attempts=0),
         error=True),
    case("RandomCropDecodeResize/bad_attempts_bool", lambda ms: V(ms).RandomCropDecodeResize(8, max_attempts=True),
         error=True),

    # ---- RandomAutoContrast
    case("RandomAutoContrast/p1", lambda ms, x: V(ms).RandomAutoContrast(prob=1.0)(x), Raw(LOW)),
    case("RandomAutoContrast/p1_cutoff_ignore", lambda ms, x: V(ms).RandomAutoContrast(4.0, [70], 1)(x), Raw(LOW)),
    case("RandomAutoContrast/p1_gray", lambda ms, x: V(ms).RandomAutoContrast(prob=1.0)(x), Raw(LOWG)),
    case("RandomAutoContrast/p0_float", lambda ms, x: V(ms).RandomAutoContrast(prob=0.0)(x), Raw(IMGF)),
    case("RandomAutoContrast/either", lambda ms, x: _either(ms, lambda m: V(m).RandomAutoContrast(),
                                                           lambda m: V(m).AutoContrast(), x), Raw(LOW)),
    case("RandomAutoContrast/pil_gives_numpy", lambda ms, x: _pil_out(V(ms).RandomAutoContrast(prob=1.0)(_pil(x))),
         Raw(LOW)),
    case("RandomAutoContrast/bad_one_channel", lambda ms, x: V(ms).RandomAutoContrast(prob=1.0)(x),
         Raw(LOWG[..., None].copy()), error=True),
    case("RandomAutoContrast/bad_float_p1", lambda ms, x: V(ms).RandomAutoContrast(prob=1.0)(x), Raw(IMGF),
         error=True),
    case("RandomAutoContrast/bad_int64_p0", lambda ms, x: V(ms).RandomAutoContrast(prob=0.0)(x),
         Raw(IMG.astype(np.int64)), error=True),
    case("RandomAutoContrast/bad_prob", lambda ms: V(ms).RandomAutoContrast(prob=1.1), error=True),
    case("RandomAutoContrast/bad_cutoff", lambda ms: V(ms).RandomAutoContrast(cutoff=60), error=True),

    # ---- RandomEqualize
    case("RandomEqualize/p1", lambda ms, x: V(ms).RandomEqualize(1.0)(x), Raw(LOW)),
    case("RandomEqualize/p1_gray", lambda ms, x: V(ms).RandomEqualize(1)(x), Raw(LOWG)),
    case("RandomEqualize/p1_one_channel", lambda ms, x: V(ms).RandomEqualize(1.0)(x), Raw(LOWG[..., None].copy())),
    case("RandomEqualize/p1_float32_lut", lambda ms, x: V(ms).RandomEqualize(1.0)(x), Raw(EQ_TIE)),
    case("RandomEqualize/p1_gray_row", lambda ms, x: V(ms).RandomEqualize(1.0)(x), Raw(LOWG[:1].copy())),
    case("RandomEqualize/p0", lambda ms, x: V(ms).RandomEqualize(0.0)(x), Raw(LOW)),
    case("RandomEqualize/either", lambda ms, x: _either(ms, lambda m: V(m).RandomEqualize(),
                                                       lambda m: V(m).RandomEqualize(1.0), x), Raw(LOW)),
    case("RandomEqualize/bad_float_p0", lambda ms, x: V(ms).RandomEqualize(0.0)(x), Raw(IMGF), error=True),
    case("RandomEqualize/bad_4ch", lambda ms, x: V(ms).RandomEqualize(1.0)(x), Raw(RGBA), error=True),
    case("RandomEqualize/bad_prob", lambda ms: V(ms).RandomEqualize(-0.1), error=True),

    # ---- RandomInvert
    case("RandomInvert/p1", lambda ms, x: V(ms).RandomInvert(1.0)(x), Raw(IMG)),
    case("RandomInvert/int8", lambda ms, x: V(ms).RandomInvert(1.0)(x), Raw(I8)),
    case("RandomInvert/uint16", lambda ms, x: V(ms).RandomInvert(1.0)(x), Raw(U16)),
    case("RandomInvert/int16", lambda ms, x: V(ms).RandomInvert(1.0)(x), Raw(I16)),
    case("RandomInvert/float32", lambda ms, x: V(ms).RandomInvert(1.0)(x), Raw(IMGF)),
    case("RandomInvert/bool", lambda ms, x: V(ms).RandomInvert(1.0)(x), Raw(BOOL)),
    case("RandomInvert/p0_float16", lambda ms, x: V(ms).RandomInvert(0.0)(x), Raw(IMG.astype(np.float16))),
    case("RandomInvert/either", lambda ms, x: _either(ms, lambda m: V(m).RandomInvert(),
                                                     lambda m: V(m).RandomInvert(1.0), x), Raw(IMG)),
    case("RandomInvert/bad_gray", lambda ms, x: V(ms).RandomInvert(1.0)(x), Raw(LOWG), error=True),
    case("RandomInvert/bad_float16_p1", lambda ms, x: V(ms).RandomInvert(1.0)(x), Raw(IMG.astype(np.float16)),
         error=True),
    case("RandomInvert/bad_prob_type", lambda ms: V(ms).RandomInvert("a"), error=True),

    # ---- RandomAdjustSharpness
    case("RandomAdjustSharpness/sharpen", lambda ms, x: V(ms).RandomAdjustSharpness(2.0, 1.0)(x), Raw(IMG)),
    case("RandomAdjustSharpness/blur", lambda ms, x: V(ms).RandomAdjustSharpness(0.0, 1.0)(x), Raw(IMG)),
    case("RandomAdjustSharpness/half", lambda ms, x: V(ms).RandomAdjustSharpness(0.5, 1)(x), Raw(BIG)),
    case("RandomAdjustSharpness/factor_1_7", lambda ms, x: V(ms).RandomAdjustSharpness(1.7, 1.0)(x), Raw(BIG)),
    case("RandomAdjustSharpness/factor_0_3", lambda ms, x: V(ms).RandomAdjustSharpness(0.3, 1.0)(x), Raw(BIG)),
    case("RandomAdjustSharpness/uint16_1_7", lambda ms, x: V(ms).RandomAdjustSharpness(1.7, 1.0)(x),
         Raw(BIG.astype(np.uint16) * 257)),
    case("RandomAdjustSharpness/gray", lambda ms, x: V(ms).RandomAdjustSharpness(1.7, 1.0)(x), Raw(LOWG)),
    case("RandomAdjustSharpness/4ch", lambda ms, x: V(ms).RandomAdjustSharpness(3.0, 1.0)(x), Raw(RGBA)),
    case("RandomAdjustSharpness/uint16", lambda ms, x: V(ms).RandomAdjustSharpness(2.0, 1.0)(x), Raw(U16)),
    case("RandomAdjustSharpness/int16", lambda ms, x: V(ms).RandomAdjustSharpness(0.5, 1.0)(x), Raw(I16)),
    case("RandomAdjustSharpness/float32", lambda ms, x: V(ms).RandomAdjustSharpness(2.0, 1.0)(x), Raw(IMGF)),
    case("RandomAdjustSharpness/float64", lambda ms, x: V(ms).RandomAdjustSharpness(0.0, 1.0)(x), Raw(F64)),
    case("RandomAdjustSharpness/bool", lambda ms, x: V(ms).RandomAdjustSharpness(0.0, 1.0)(x), Raw(BOOL)),
    case("RandomAdjustSharpness/p0_int8", lambda ms, x: V(ms).RandomAdjustSharpness(2.0, 0.0)(x), Raw(I8)),
    case("RandomAdjustSharpness/either", lambda ms, x: _either(ms, lambda m: V(m).RandomAdjustSharpness(2.0),
                                                              lambda m: V(m).RandomAdjustSharpness(2.0, 1), x),
         Raw(IMG)),
    case("RandomAdjustSharpness/bad_int8_p1", lambda ms, x: V(ms).RandomAdjustSharpness(2.0, 1.0)(x), Raw(I8),
         error=True),
    case("RandomAdjustSharpness/bad_rank4", lambda ms, x: V(ms).RandomAdjustSharpness(2.0, 0.0)(x), Raw(IMG[None]),
         error=True),
    case("RandomAdjustSharpness/bad_degree", lambda ms: V(ms).RandomAdjustSharpness(-0.1), error=True),
    case("RandomAdjustSharpness/bad_prob", lambda ms: V(ms).RandomAdjustSharpness(1.0, 1.5), error=True),

    # ---- RandomGrayscale (PIL images only)
    case("RandomGrayscale/p1_rgb", lambda ms, x: _pil_out(V(ms).RandomGrayscale(1.0)(_pil(x))), Raw(IMG)),
    case("RandomGrayscale/p1_gray", lambda ms, x: _pil_out(V(ms).RandomGrayscale(1.0)(_pil(x))), Raw(LOWG)),
    case("RandomGrayscale/p1_rgba", lambda ms, x: _pil_out(V(ms).RandomGrayscale(1.0)(_pil(x))), Raw(RGBA)),
    case("RandomGrayscale/p0", lambda ms, x: _pil_out(V(ms).RandomGrayscale(0.0)(_pil(x))), Raw(IMG)),
    case("RandomGrayscale/bad_numpy", lambda ms, x: V(ms).RandomGrayscale(1.0)(x), Raw(IMG), error=True),
    case("RandomGrayscale/bad_prob", lambda ms: V(ms).RandomGrayscale(True), error=True),

    # ---- RandomLighting
    case("RandomLighting/alpha0", lambda ms, x: V(ms).RandomLighting(0.0)(x), Raw(IMG)),
    case("RandomLighting/alpha0_float32", lambda ms, x: V(ms).RandomLighting(0)(x), Raw(IMGF)),
    case("RandomLighting/alpha0_pil_gray", lambda ms, x: _pil_out(V(ms).RandomLighting(0.0)(_pil(x))), Raw(LOWG)),
    case("RandomLighting/shape", lambda ms, x: V(ms).RandomLighting()(x), Raw(IMG), check_values=False),
    case("RandomLighting/offset_property", lambda ms, x: _lighting_property(ms, x), Raw(MID)),
    case("RandomLighting/pil_offset_property", lambda ms, x: _lighting_pil_property(ms, x), Raw(MID)),
    case("RandomLighting/float32_bytes_property", lambda ms, x: _lighting_bytes_property(ms, x), Raw(IMGF)),
    case("RandomLighting/int16_bytes_property", lambda ms, x: _lighting_bytes_property(ms, x), Raw(I16)),
    case("RandomLighting/bad_gray", lambda ms, x: V(ms).RandomLighting(0.1)(x), Raw(LOWG), error=True),
    case("RandomLighting/bad_4ch", lambda ms, x: V(ms).RandomLighting(0.1)(x), Raw(RGBA), error=True),
    case("RandomLighting/bad_alpha", lambda ms: V(ms).RandomLighting(-1), error=True),
    case("RandomLighting/bad_alpha_type", lambda ms: V(ms).RandomLighting("a"), error=True),

    # ---- in a pipeline (map, one worker)
    case("AutoContrast/pipeline_chain", lambda ms: _pipe_rows(ms, [LOW, LOW[::-1].copy(), 255 - LOW], lambda v: [
        v.AutoContrast(2.0), v.RandomSolarize((100, 100)), v.RandomPosterize((5, 5))])),
    case("RandomCropDecodeResize/pipeline_png", lambda ms: _pipe_rows(ms, [PNG, GRAY_PNG], lambda v: [
        v.RandomCropDecodeResize((12, 15), scale=(1, 1), ratio=(_R_BIG, _R_BIG), interpolation=v.Inter.NEAREST)],
        gen=True)),
    case("RandomColor/pipeline_shapes", lambda ms: [(r.shape, str(r.dtype)) for r in _pipe_rows(
        ms, [IMG, IMG], lambda v: [v.RandomColor(), v.RandomLighting(), v.RandomInvert()])[1]]),
]
