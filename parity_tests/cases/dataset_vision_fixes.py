"""``dataset.vision`` kernels checked bit for bit against MindSpore's OpenCV ones, and the inputs their
checks take: Decode on a bytes column (as MindDataset yields it), the colour adjustments with
OpenCV's fused multiply-adds and saturation (many images, dtypes and factors per case), Equalize's
float32 LUT, Posterize/Solarize/Invert on the dtypes and channel counts MindSpore accepts, and
RandomResizedCrop's deterministic fallback window (centred, halves rounded away from zero).

Float results are compared exactly (``rtol=atol=0``): the cases exist to catch last-bit differences."""
import importlib
import io
import os
import shutil
import tempfile

import numpy as np

from parity_tests.harness import case, Raw


def V(ms):
    return importlib.import_module(ms.__name__ + ".dataset.vision")


def D(ms):
    return importlib.import_module(ms.__name__ + ".dataset")


def _rand_images(seed, n, lo=1, hi=24):
    rs = np.random.RandomState(seed)
    out = []
    for _ in range(n):
        h, w = rs.randint(lo, hi, 2)
        out.append(rs.randint(0, 256, (h, w, 3)))
    return out


_IMGS = _rand_images(11, 8, 1, 24) + [np.random.RandomState(5).randint(0, 256, (37, 29, 3))]
FACTORS = (0.0, 0.3, 0.77, 1.7, 2.5)


def _as(dtype, im, i):
    frac = np.random.RandomState(100 + i).rand(*im.shape)
    if dtype == "float32":
        return (im + (frac if i % 2 else 0)).astype(np.float32)
    if dtype == "float64":
        return im + frac
    if dtype == "uint16":
        return (im * 257 + i).astype(np.uint16)
    if dtype == "int16":
        return (im * 100 - 12000).astype(np.int16)
    if dtype == "int32":
        return (im * 9000000 - 1000000000).astype(np.int32)
    if dtype == "int8":
        return (im - 128).astype(np.int8)
    if dtype == "bool":
        return im > 127
    return im.astype(dtype)


def _bits(a):
    """Results as raw bytes plus dtype and shape: exact comparison, also of bool arrays' bytes."""
    a = np.ascontiguousarray(np.asarray(a))
    return str(a.dtype), list(a.shape), a.view(np.uint8).ravel() if a.size else np.zeros(0, np.uint8)


def _sweep(name, dtype, factors=FACTORS):
    def run(ms):
        v = V(ms)
        return [_bits(getattr(v, name)(f)(_as(dtype, im, i))) for i, im in enumerate(_IMGS) for f in factors]
    return case(f"{name}/bits_{dtype}", run, rtol=0, atol=0)


def _img(dtype, shape=(6, 7, 3), seed=3):
    return _as(dtype, np.random.RandomState(seed).randint(0, 256, shape), 1)


def _eager(name, make, x, **kw):
    return case(name, lambda ms, x: _bits(make(V(ms))(x)), Raw(x), rtol=0, atol=0, **kw)


def _bad(name, make, x, **kw):
    return case(name, lambda ms, x: make(V(ms))(x), Raw(x), error=True, **kw)


# ---- Decode inputs


def _encoded(fmt, seed=2, shape=(7, 9, 3)):
    from PIL import Image
    px = np.random.RandomState(seed).randint(0, 256, shape).astype(np.uint8)
    buf = io.BytesIO()
    Image.fromarray(px).save(buf, format=fmt, **({"quality": 90} if fmt == "JPEG" else {}))
    return buf.getvalue()


try:
    PNG, JPEG = _encoded("PNG"), _encoded("JPEG", 4, (12, 10, 3))
except ImportError:  # pragma: no cover - Pillow is in both environments
    PNG = JPEG = b"\x00" * 8


def _minddataset_decode(ms, fmt, extra_ops=()):
    """Write a MindRecord file whose bytes field holds PNG/JPEG images (FileWriter), read it back with
    MindDataset and decode the column in a map: the rows, column names and dtypes."""
    mr = importlib.import_module(ms.__name__ + ".mindrecord")
    ds, v = D(ms), V(ms)
    tmp = tempfile.mkdtemp()
    try:
        path = os.path.join(tmp, "img.mindrecord")
        w = mr.FileWriter(path, 1)
        w.add_schema({"image": {"type": "bytes"}, "label": {"type": "int32"}}, "img")
        w.write_raw_data([{"image": _encoded(fmt, s, (5 + s, 8 - s, 3)), "label": s} for s in range(4)])
        w.commit()
        raw = next(ds.MindDataset(path, shuffle=False).create_dict_iterator(output_numpy=True, num_epochs=1))
        d = ds.MindDataset(path, shuffle=False).map([v.Decode(), *[op(v) for op in extra_ops]], ["image"],
                                                      num_parallel_workers=1, python_multiprocessing=False)
        rows = [(r["image"], r["label"]) for r in d.create_dict_iterator(output_numpy=True, num_epochs=1)]
        return (str(raw["image"].dtype)[:2], list(raw["image"].shape), d.get_col_names(), rows,
                v.Decode()(raw["image"]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _generator_decode(ms, item):
    ds = D(ms)
    d = ds.GeneratorDataset(lambda: ((item,) for _ in range(2)), ["image"], shuffle=False)
    d = d.map(V(ms).Decode(), ["image"], num_parallel_workers=1, python_multiprocessing=False)
    return [r[0] for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def _pil_out(r):
    return type(r).__name__, str(getattr(r, "mode", "")), np.asarray(r)


# ---- RandomResizedCrop fallback (no draw fits: scale > 1 makes every window too big)


def _rrc_rows(ms, imgs, **kw):
    ds, v = D(ms), V(ms)
    d = ds.NumpySlicesDataset(np.stack(imgs), ["image"], shuffle=False)
    d = d.map(v.RandomResizedCrop(**kw), ["image"], num_parallel_workers=1, python_multiprocessing=False)
    return [r[0] for r in d.batch(len(imgs)).create_tuple_iterator(output_numpy=True, num_epochs=1)]


_WIDE = np.random.RandomState(8).randint(0, 256, (16, 21, 3)).astype(np.uint8)    # w/h > ratio: centred width
_TALL = np.random.RandomState(9).randint(0, 256, (20, 16, 3)).astype(np.uint8)    # w/h < ratio: centred height
_EQ7 = np.random.RandomState(7).randint(0, 256, (17, 6, 3)).astype(np.uint8)
_EQ21 = np.random.RandomState(21).randint(0, 256, (11, 17, 3)).astype(np.uint8)

CASES = [
    # ---- Decode: the bytes column of MindDataset/TFRecord (a (1,) |S array), other encodings, bad inputs
    case("Decode/bytes_column_png", lambda ms, x: V(ms).Decode()(x), Raw(np.array([PNG]))),
    case("Decode/bytes_column_jpeg", lambda ms, x: V(ms).Decode()(x), Raw(np.array([JPEG]))),
    case("Decode/python_bytes", lambda ms: V(ms).Decode()(PNG)),
    case("Decode/int8_encoded", lambda ms, x: V(ms).Decode()(x), Raw(np.frombuffer(PNG, np.int8).copy())),
    case("Decode/to_pil_bytes_column", lambda ms, x: _pil_out(V(ms).Decode(True)(x)), Raw(np.array([PNG]))),
    case("Decode/minddataset_png", lambda ms: _minddataset_decode(ms, "PNG")),
    case("Decode/minddataset_jpeg_then_resize", lambda ms: _minddataset_decode(
        ms, "JPEG", (lambda v: v.Resize((4, 4), v.Inter.NEAREST),))),
    case("Decode/generator_bytes_column", lambda ms: _generator_decode(ms, np.array([PNG]))),
    case("Decode/bytes_0d_error", lambda ms, x: V(ms).Decode()(x), Raw(np.array(PNG)), error=True),
    case("Decode/bytes_2d_error", lambda ms, x: V(ms).Decode()(x), Raw(np.array([[PNG]])), error=True),
    case("Decode/bytes_two_items_error", lambda ms, x: V(ms).Decode()(x), Raw(np.array([PNG, PNG])), error=True),
    case("Decode/str_error", lambda ms, x: V(ms).Decode()(x), Raw(np.array(["abc"])), error=True),
    case("Decode/list_error", lambda ms: V(ms).Decode()([1, 2, 3]), error=True),
    case("Decode/empty_error", lambda ms, x: V(ms).Decode()(x), Raw(np.zeros(0, np.uint8)), error=True),
    case("Decode/garbage_bytes_column_error", lambda ms, x: V(ms).Decode()(x), Raw(np.array([b"garbage"])),
         error=True),
    case("Decode/int32_error", lambda ms, x: V(ms).Decode()(x), Raw(np.frombuffer(PNG, np.uint8).astype(np.int32)),
         error=True),
    case("Decode/generator_bytes_0d_error", lambda ms: _generator_decode(ms, np.array(PNG)), error=True),
    case("Decode/generator_bytes_two_items_error", lambda ms: _generator_decode(ms, np.array([PNG, PNG])),
         error=True),

    # ---- the colour adjustments, bit for bit over 9 images x 5 factors per dtype
    *[_sweep("AdjustBrightness", dt) for dt in ("uint8", "uint16", "int8", "int16", "int32", "float32",
                                                 "float64", "bool")],
    *[_sweep("AdjustContrast", dt) for dt in ("uint8", "uint16", "float32")],
    *[_sweep("AdjustSaturation", dt) for dt in ("uint8", "uint16", "float32")],
    *[_sweep("AdjustSharpness", dt) for dt in ("uint8", "uint16", "int16", "float32", "float64", "bool")],
    _sweep("AdjustBrightness", "float16", (0.3, 1.7)),
    _bad("AdjustBrightness/float16_factor1_error", lambda v: v.AdjustBrightness(1.0), _img("float16")),
    _eager("AdjustBrightness/one_channel", lambda v: v.AdjustBrightness(1.7), _img("uint8", (5, 5, 1))),
    _eager("AdjustBrightness/hw", lambda v: v.AdjustBrightness(0.3), _img("uint16", (5, 5))),
    _bad("AdjustBrightness/four_channel_error", lambda v: v.AdjustBrightness(1.5), _img("uint8", (5, 5, 4))),
    _bad("AdjustBrightness/batch_error", lambda v: v.AdjustBrightness(1.5), _img("uint8", (2, 5, 5, 3))),
    _eager("AdjustSharpness/hw", lambda v: v.AdjustSharpness(1.7), _img("uint8", (6, 7))),
    _eager("AdjustSharpness/four_channel", lambda v: v.AdjustSharpness(2.5), _img("float32", (6, 7, 4))),
    _bad("AdjustSharpness/batch_error", lambda v: v.AdjustSharpness(1.5), _img("uint8", (2, 5, 5, 3))),
    _bad("AdjustContrast/hw_error", lambda v: v.AdjustContrast(1.5), _img("uint8", (5, 5))),
    _bad("AdjustContrast/int8_error", lambda v: v.AdjustContrast(1.5), _img("int8")),
    _bad("AdjustContrast/float64_error", lambda v: v.AdjustContrast(1.5), _img("float64")),
    _bad("AdjustContrast/bool_error", lambda v: v.AdjustContrast(1.5), _img("bool")),
    _bad("AdjustSaturation/int16_error", lambda v: v.AdjustSaturation(1.5), _img("int16")),
    _bad("AdjustSaturation/four_channel_error", lambda v: v.AdjustSaturation(1.5), _img("uint8", (5, 5, 4))),
    _bad("AdjustSharpness/int8_error", lambda v: v.AdjustSharpness(1.5), _img("int8")),
    _bad("AdjustSharpness/int32_error", lambda v: v.AdjustSharpness(1.5), _img("int32")),
    _bad("AdjustSharpness/float16_error", lambda v: v.AdjustSharpness(1.5), _img("float16")),

    # ---- RandomColorAdjust with one fixed factor runs the same kernels
    *[case(f"RandomColorAdjust/bits_{arg}_{dt}", (lambda arg, dt: lambda ms: [
        _bits(V(ms).RandomColorAdjust(**{arg: (f, f)})(_as(dt, im, i)))
        for i, im in enumerate(_IMGS[:5]) for f in (0.3, 1.7)])(arg, dt), rtol=0, atol=0)
      for arg in ("brightness", "contrast", "saturation") for dt in ("uint8", "uint16", "float32")],
    *[case(f"RandomSharpness/bits_{dt}", (lambda dt: lambda ms: [
        _bits(V(ms).RandomSharpness((f, f))(_as(dt, im, i))) for i, im in enumerate(_IMGS[:5]) for f in (0.3, 1.7)])(dt),
        rtol=0, atol=0) for dt in ("uint8", "float32")],
    _bad("RandomColorAdjust/contrast_int16_error", lambda v: v.RandomColorAdjust(contrast=(1.5, 1.5)), _img("int16")),
    _bad("RandomColorAdjust/saturation_float64_error", lambda v: v.RandomColorAdjust(saturation=(0.5, 0.5)),
         _img("float64")),

    # ---- Equalize: float32 LUT (these images differ by 1 from a float64 one), bool and HW inputs
    _eager("Equalize/float32_lut_a", lambda v: v.Equalize(), _EQ7),
    _eager("Equalize/float32_lut_b", lambda v: v.Equalize(), _EQ21),
    _eager("Equalize/bool", lambda v: v.Equalize(), _img("bool")),
    _eager("Equalize/hw", lambda v: v.Equalize(), _EQ21[..., 0].copy()),
    _eager("Equalize/hw_one_column_squeezed", lambda v: v.Equalize(), _EQ7[:, :1, 0].copy()),
    _eager("Equalize/one_channel", lambda v: v.Equalize(), _EQ7[..., :1].copy()),
    _bad("Equalize/int8_error", lambda v: v.Equalize(), _img("int8")),
    _bad("Equalize/uint16_error", lambda v: v.Equalize(), _img("uint16")),
    _bad("Equalize/two_channel_error", lambda v: v.Equalize(), _img("uint8", (5, 5, 2))),

    # ---- Posterize / Solarize / Invert on the dtypes and channel counts MindSpore takes
    _eager("Posterize/int8", lambda v: v.Posterize(3), _img("int8")),
    _eager("Posterize/bool", lambda v: v.Posterize(1), _img("bool")),
    _eager("Posterize/int8_hw", lambda v: v.Posterize(5), _img("int8", (4, 6))),
    _eager("Posterize/four_channel", lambda v: v.Posterize(2), _img("uint8", (4, 6, 4))),
    _bad("Posterize/uint16_error", lambda v: v.Posterize(3), _img("uint16")),
    _bad("Posterize/float32_error", lambda v: v.Posterize(3), _img("float32")),
    *[_eager(f"Solarize/{dt}_{tag}", (lambda th: lambda v: v.Solarize(th))(th), _img(dt))
      for dt in ("int8", "uint16", "int16", "int32", "float32", "float64", "bool")
      for tag, th in (("single", 100), ("range", (50, 180)))],
    _eager("Solarize/uint8_hw", lambda v: v.Solarize(100), _img("uint8", (4, 6))),
    _eager("Solarize/uint16_one_channel", lambda v: v.Solarize(0), _img("uint16", (4, 6, 1))),
    _bad("Solarize/two_channel_error", lambda v: v.Solarize(100), _img("uint8", (4, 6, 2))),
    _bad("Solarize/four_channel_error", lambda v: v.Solarize(100), _img("uint8", (4, 6, 4))),
    _bad("Solarize/float16_error", lambda v: v.Solarize(100), _img("float16")),
    *[_eager(f"Invert/{dt}", lambda v: v.Invert(), _img(dt))
      for dt in ("int8", "uint16", "int16", "int32", "float32", "float64", "bool")],
    _bad("Invert/hw_error", lambda v: v.Invert(), _img("uint8", (4, 6))),
    _bad("Invert/one_channel_error", lambda v: v.Invert(), _img("uint8", (4, 6, 1))),
    _bad("Invert/float16_error", lambda v: v.Invert(), _img("float16")),

    # ---- RandomResizedCrop: the fallback window, centred with halves rounded away from zero
    case("RandomResizedCrop/fallback_wide_centre", lambda ms, x: V(ms).RandomResizedCrop(
        (16, 16), scale=(5.0, 6.0), ratio=(1.0, 1.0), interpolation=V(ms).Inter.NEAREST)(x), Raw(_WIDE)),
    case("RandomResizedCrop/fallback_tall_centre", lambda ms, x: V(ms).RandomResizedCrop(
        (11, 16), scale=(5.0, 6.0), ratio=(1.5, 2.0), interpolation=V(ms).Inter.NEAREST)(x), Raw(_TALL)),
    # (bilinear resizing itself is within one grey level of OpenCV's, as for Resize)
    case("RandomResizedCrop/fallback_resized_linear", lambda ms, x: V(ms).RandomResizedCrop(
        (9, 7), scale=(5.0, 6.0), ratio=(1.0, 1.0))(x), Raw(_WIDE), atol=1),
    case("RandomResizedCrop/fallback_pipeline_batch", lambda ms: _rrc_rows(
        ms, [_WIDE, _WIDE[::-1].copy(), 255 - _WIDE], size=(16, 16), scale=(5.0, 6.0), ratio=(1.0, 1.0),
        interpolation=V(ms).Inter.NEAREST)),
    case("RandomResizedCrop/fallback_pipeline_batch_tall", lambda ms: _rrc_rows(
        ms, [_TALL, _TALL[:, ::-1].copy()], size=(11, 16), scale=(5.0, 6.0), ratio=(1.5, 2.0),
        interpolation=V(ms).Inter.NEAREST)),
]
