"""The batch-wise execution of maps fused into a following batch (the engine's speed path) gives
exactly (bit for bit) what the row-by-row transforms give, stacked; and the short paths behind
it (tiled Normalize, JPEG decoding, uint8 LINEAR resize) give the same bytes as the plain ones."""
import io

import numpy as np
import pytest
from PIL import Image

import mscompat.dataset as ds
from mscompat.dataset import _image_ops as K
from mscompat.dataset import _vision_decode as D
from mscompat.dataset import vision

MEAN, STD = [0.4914, 0.4822, 0.4465], [0.2470, 0.2435, 0.2616]


def rows_then_stack(d, columns):
    """Run a pipeline row by row (no batch) and stack every ``n`` rows as batch would."""
    rows = list(d.create_tuple_iterator(num_epochs=1, output_numpy=True))
    return [np.stack([r[c] for r in rows]) for c in range(columns)]


def batched(d, size):
    got = list(d.batch(size).create_tuple_iterator(num_epochs=1, output_numpy=True))
    return [np.concatenate([g[c] for g in got]) for c in range(len(got[0]))]


def same_bytes(a, b):
    assert a.dtype == b.dtype and a.shape == b.shape
    assert a.tobytes() == b.tobytes()


def images(dtype, shape, n=23, seed=0):
    rs = np.random.RandomState(seed)
    if np.dtype(dtype).kind == "f":
        x = (rs.randn(n, *shape) * 100).astype(dtype)
        x.reshape(-1)[::7] = -0.0   # signed zeros must survive as the row path leaves them
        return x
    info = np.iinfo(dtype)
    return rs.randint(max(info.min, -300), min(info.max, 300) + 1, (n,) + shape).astype(dtype)


# --------------------------------------------------------------------------- op level
OPS = [
    lambda: vision.Rescale(1.0 / 255.0, 0.0),
    lambda: vision.Rescale(-0.5, 0.0),
    lambda: vision.Rescale(0.0, 0.0),
    lambda: vision.Rescale(2.0, -1.5),
    lambda: vision.Normalize(MEAN, STD),
    lambda: vision.Normalize([10.0], [3.0]),
    lambda: vision.Normalize([1.0, 2.0, 3.0], [0.5, 0.25, 2.0], is_hwc=False),
    lambda: vision.HWC2CHW(),
]


@pytest.mark.parametrize("make", OPS)
@pytest.mark.parametrize("dtype,shape", [(np.uint8, (5, 6, 3)), (np.float32, (4, 3, 3)), (np.int16, (3, 5, 3)),
                                         (np.float64, (2, 7, 3)), (np.uint8, (4, 4)), (np.bool_, (3, 2, 3))])
def test_batch_apply_is_stacked_row_results(make, dtype, shape):
    op = make()
    x = images(dtype, shape) if dtype != np.bool_ else np.random.RandomState(0).rand(6, *shape) > 0.5
    try:
        want = np.stack([op(r) for r in x])
    except RuntimeError:
        with pytest.raises(RuntimeError):
            op._batch_apply(x)
        return
    same_bytes(op._batch_apply(x), want)


@pytest.mark.parametrize("op,bad", [(vision.Normalize(MEAN, STD), np.zeros((2, 4, 4, 2), np.uint8)),
                                    (vision.Normalize(MEAN, STD), np.zeros((2, 1, 4, 4, 3), np.uint8)),
                                    (vision.HWC2CHW(), np.zeros((2, 1, 4, 4, 3), np.uint8)),
                                    (vision.Rescale(1.0, 0.0), np.array([["a", "b"]]))])
def test_batch_apply_rejects_what_the_row_call_rejects(op, bad):
    with pytest.raises(RuntimeError):
        op(bad[0])
    with pytest.raises(RuntimeError):
        op._batch_apply(bad)


def test_normalize_tiled_equals_channel_broadcast():
    x = images(np.float32, (8, 9, 3))[0]
    mean, std = np.asarray(MEAN, np.float32), np.asarray(STD, np.float32)
    same_bytes(vision.Normalize(MEAN, STD)(x), (x - mean) / std)
    chw = x.transpose(2, 0, 1).copy()
    same_bytes(vision.Normalize(MEAN, STD, is_hwc=False)(chw), (chw - mean[:, None, None]) / std[:, None, None])


# --------------------------------------------------------------------------- pipelines
@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("source", ["slices", "generator"])
@pytest.mark.parametrize("dtype", [np.uint8, np.float32, np.int16])
def test_fused_rescale_normalize_hwc2chw_is_bit_identical(workers, source, dtype):
    x = images(dtype, (6, 5, 3), n=37)
    labels = np.arange(37, dtype=np.int32)

    def pipe():
        if source == "slices":
            d = ds.NumpySlicesDataset({"image": x, "label": labels}, shuffle=False)
        else:
            d = ds.GeneratorDataset([(x[i], labels[i]) for i in range(37)], ["image", "label"], shuffle=False)
        return d.map([vision.Rescale(1.0 / 255.0, 0.0), vision.Normalize(MEAN, STD), vision.HWC2CHW()],
                     input_columns="image", num_parallel_workers=workers)

    want = rows_then_stack(pipe(), 2)
    got = batched(pipe(), 8)
    same_bytes(got[0], want[0])
    same_bytes(got[1], want[1])


def test_pipeline1_runs_batch_wise():
    calls = {"row": 0}

    class Counting(vision.Rescale):
        def _apply(self, img):
            calls["row"] += 1
            return super()._apply(img)

    x = images(np.uint8, (4, 4, 3), n=64)
    d = ds.NumpySlicesDataset({"image": x}, shuffle=False)
    d = d.map([Counting(1.0 / 255.0, 0.0), vision.Normalize(MEAN, STD), vision.HWC2CHW()], input_columns="image",
              num_parallel_workers=2).batch(16, drop_remainder=True)
    assert sum(len(b[0]) for b in d.create_tuple_iterator(num_epochs=1, output_numpy=True)) == 64
    assert calls["row"] == 0


def test_two_fused_maps_in_a_row():
    x = images(np.uint8, (4, 4, 3), n=20)

    def pipe():
        d = ds.NumpySlicesDataset({"image": x}, shuffle=False)
        d = d.map(vision.Rescale(1.0 / 255.0, 0.0), input_columns="image")
        return d.map([vision.Normalize(MEAN, STD), vision.HWC2CHW()], input_columns="image")
    same_bytes(batched(pipe(), 6)[0], rows_then_stack(pipe(), 1)[0])


# --------------------------------------------------------------------------- JPEG pipeline
def _jpegs(n=40, sizes=((64, 64),), seed=0):
    rs = np.random.RandomState(seed)
    out = []
    for i in range(n):
        h, w = sizes[i % len(sizes)]
        small = Image.fromarray(rs.randint(0, 256, (8, 8, 3)).astype(np.uint8))
        buf = io.BytesIO()
        small.resize((w, h), Image.BILINEAR).save(buf, "JPEG", quality=90)
        out.append(np.frombuffer(buf.getvalue(), np.uint8))
    return out


@pytest.mark.parametrize("sizes", [((64, 64),), ((64, 64), (50, 70), (33, 41))])
def test_fused_decode_random_resized_crop_matches_rows(sizes):
    data = _jpegs(sizes=sizes)
    labels = np.arange(len(data), dtype=np.int32)

    def pipe():
        d = ds.GeneratorDataset([(data[i], labels[i]) for i in range(len(data))], ["image", "label"], shuffle=False)
        return d.map([vision.Decode(), vision.RandomResizedCrop(24)], input_columns="image", num_parallel_workers=1)

    ds.config.set_seed(5)
    want = rows_then_stack(pipe(), 2)
    ds.config.set_seed(5)
    got = batched(pipe(), 16)
    same_bytes(got[0], want[0])
    same_bytes(got[1], want[1])
    assert got[0].shape == (40, 24, 24, 3)


def test_fused_decode_of_a_bytes_column_matches_rows():
    # a MindDataset / TFRecord bytes column gives each image as a one-element |S array
    data = [np.array([x.tobytes()]) for x in _jpegs(n=20, sizes=((64, 64), (50, 70)))]

    def pipe():
        d = ds.GeneratorDataset([(x,) for x in data], ["image"], shuffle=False)
        return d.map([vision.Decode(), vision.RandomResizedCrop(24)], input_columns="image", num_parallel_workers=1)

    ds.config.set_seed(7)
    want = rows_then_stack(pipe(), 1)
    ds.config.set_seed(7)
    got = batched(pipe(), 8)
    same_bytes(got[0], want[0])
    assert got[0].shape == (20, 24, 24, 3)


def test_random_resized_crop_uses_the_shared_crop_box():
    from mscompat.dataset._vision_crop_decode import crop_box
    from mscompat.dataset.transforms import rng_scope
    img = np.random.RandomState(3).randint(0, 256, (37, 52, 3)).astype(np.uint8)
    op = vision.RandomResizedCrop((11, 13), scale=(0.2, 0.9), ratio=(0.5, 2.0), interpolation=vision.Inter.NEAREST)
    for seed in range(20):
        with rng_scope(seed):
            got = op(img)
        with rng_scope(seed):
            top, left, h, w = crop_box(37, 52, (0.2, 0.9), (0.5, 2.0), 10)
        same_bytes(got, K.resize(img[top:top + h, left:left + w], 11, 13, K.NEAREST))


@pytest.mark.parametrize("shape,ratio,box", [((16, 21, 3), (1.0, 1.0), (0, 3, 16, 16)),
                                             ((20, 16, 3), (1.5, 2.0), (5, 0, 11, 16)),
                                             ((9, 9, 3), (1.0, 1.0), (0, 0, 9, 9))])
def test_random_resized_crop_fallback_window_rows_and_batch(shape, ratio, box):
    # no draw fits when the area fraction exceeds 1: MindSpore's centred window, halves rounded away from 0
    imgs = np.random.RandomState(1).randint(0, 256, (6,) + shape).astype(np.uint8)
    top, left, h, w = box
    op = vision.RandomResizedCrop((h, w), scale=(5.0, 6.0), ratio=ratio, interpolation=vision.Inter.NEAREST)
    want = imgs[:, top:top + h, left:left + w]
    same_bytes(np.stack([op(x) for x in imgs]), want)
    d = ds.NumpySlicesDataset(imgs, ["image"], shuffle=False).map(op, input_columns="image", num_parallel_workers=1)
    same_bytes(batched(d, 4)[0], want)


def test_ragged_column_left_ragged_fails_as_row_batch():
    data = _jpegs(n=4, sizes=((16, 16), (20, 12)))
    d = ds.GeneratorDataset([(x,) for x in data], ["image"], shuffle=False)
    plain = d.map(lambda x: vision.HWC2CHW()(vision.Decode()(x)), input_columns="image").batch(4)
    fused = d.map([vision.Decode(), vision.HWC2CHW()], input_columns="image").batch(4)
    assert plain._fused_maps() == ([], plain.children[0]) and len(fused._fused_maps()[0]) == 1
    for pipe in (plain, fused):
        with pytest.raises(RuntimeError, match="Inconsistent batch shapes"):
            list(pipe.create_tuple_iterator(num_epochs=1, output_numpy=True))


def test_ragged_rows_through_a_row_only_op_then_stacked():
    data = _jpegs(n=6, sizes=((16, 16),))
    d = ds.GeneratorDataset([(x,) for x in data], ["image"], shuffle=False)
    got = batched(d.map([vision.Decode(), vision.HWC2CHW(), vision.Rescale(0.5, 1.0)], input_columns="image"), 3)
    want = np.stack([vision.Rescale(0.5, 1.0)(vision.HWC2CHW()(vision.Decode()(x))) for x in data])
    same_bytes(got[0], want)


def test_decode_error_in_batch_is_runtime_error():
    data = _jpegs(n=3) + [np.frombuffer(b"not an image at all", np.uint8)]
    d = ds.GeneratorDataset([(x,) for x in data], ["image"], shuffle=False)
    with pytest.raises(RuntimeError):
        list(d.map([vision.Decode(), vision.RandomResizedCrop(8)], input_columns="image").batch(4)
             .create_tuple_iterator(num_epochs=1, output_numpy=True))


# --------------------------------------------------------------------------- short paths
def _encode(arr, mode, **kw):
    buf = io.BytesIO()
    Image.fromarray(arr, mode).save(buf, "JPEG", **kw)
    return buf.getvalue()


@pytest.mark.parametrize("mode,kw", [("RGB", {}), ("RGB", {"progressive": True}), ("L", {}),
                                     ("RGB", {"subsampling": 0}), ("RGB", {"subsampling": 1}),
                                     ("RGB", {"quality": 15, "optimize": True}), ("CMYK", {})])
@pytest.mark.parametrize("hw", [(64, 64), (17, 33), (1, 1), (300, 7)])
def test_decode_short_path_equals_pillow(mode, kw, hw):
    rs = np.random.RandomState(hw[0] * 1000 + hw[1])
    shape = hw if mode == "L" else hw + (len(mode),)
    data = _encode(rs.randint(0, 256, shape).astype(np.uint8), mode, **kw)
    want = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
    got = vision.Decode()(np.frombuffer(data, np.uint8))
    same_bytes(got, want)
    assert got.flags.writeable
    short = D._short_path(data)
    assert (short is None) == (mode == "CMYK")


@pytest.mark.parametrize("cut", [10, 200, -40])
def test_truncated_or_corrupt_jpeg_raises(cut):
    data = _encode(np.random.RandomState(0).randint(0, 256, (32, 32, 3)).astype(np.uint8), "RGB")
    bad = data[:cut] if cut > 0 else data[:cut] + b"\x00" * 10
    assert D._short_path(bad) is None
    with pytest.raises(RuntimeError):
        vision.Decode()(np.frombuffer(bad, np.uint8))


def _resize_reference(img, h, w):
    """The generic float32 LINEAR passes of ``_image_ops.resize`` (vertical, then horizontal)."""
    iy, cy = K._linear_weights(img.shape[0], h)
    ix, cx = K._linear_weights(img.shape[1], w)
    cy, cx = cy.astype(np.float32), cx.astype(np.float32)
    a = img if img.ndim == 3 else img[:, :, None]
    tmp = 0
    for k in range(2):
        tmp = tmp + cy[:, k, None, None] * a[iy[:, k]].astype(np.float32)
    out = 0
    for k in range(2):
        out = out + cx[None, :, k, None] * tmp[:, ix[:, k]]
    out = K._round_cast(out, np.uint8)
    return out if img.ndim == 3 else out[:, :, 0]


def test_uint8_linear_resize_short_path_equals_generic():
    rs = np.random.RandomState(1)
    for _ in range(300):
        src_h, src_w = rs.randint(1, 70, 2)
        h, w = rs.randint(1, 70, 2)
        shape = (src_h, src_w) if rs.rand() < 0.2 else (src_h, src_w, rs.choice([1, 3, 4]))
        img = rs.randint(0, 256, shape).astype(np.uint8)
        if src_h > 2 and rs.rand() < 0.3:
            img = img[1:]   # a view, as a crop is
        if img.shape[:2] == (h, w):
            continue
        # the numpy kernel (used where OpenCV is not installed)
        same_bytes(K._resize_linear_u8(img, h, w), _resize_reference(img, h, w))
        if K._opencv() is not None:  # OpenCV, MindSpore's own kernel, within one grey level of it
            got = K.resize(img, h, w, K.LINEAR)
            assert got.shape == _resize_reference(img, h, w).shape and got.dtype == np.uint8
            assert np.abs(got.astype(int) - _resize_reference(img, h, w)).max() <= 1


def test_light_batch_ops_run_in_the_consumer_thread(monkeypatch):
    from mscompat.dataset import _engine_batch

    def no_pool(*args, **kwargs):
        raise AssertionError("whole-batch numpy ops should not go through the worker pool")
    monkeypatch.setattr(_engine_batch, "_ordered_parallel", no_pool)
    x = images(np.uint8, (4, 4, 3), n=32)
    d = ds.NumpySlicesDataset({"image": x}, shuffle=False)
    d = d.map([vision.Rescale(1.0 / 255.0, 0.0), vision.HWC2CHW()], input_columns="image", num_parallel_workers=2)
    assert len(batched(d, 8)[0]) == 32


def test_decode_batches_on_two_workers_match_rows():
    data = _jpegs(n=50, sizes=tuple((24, 24) if i // 5 % 2 else (30, 18) for i in range(50)))

    def pipe():
        d = ds.GeneratorDataset([(x,) for x in data], ["image"], shuffle=False)
        return d.map([vision.Decode(), vision.Rescale(1.0, 0.0)], input_columns="image", num_parallel_workers=2)
    rows = list(pipe().create_tuple_iterator(num_epochs=1, output_numpy=True))
    got = list(pipe().batch(5).create_tuple_iterator(num_epochs=1, output_numpy=True))
    want = [np.stack([r[0] for r in rows[i:i + 5]]) for i in range(0, 50, 5)]
    assert len(got) == len(want)
    for g, w in zip(got, want):
        same_bytes(g[0], w)


def test_own_gil_bound_ops_run_on_worker_processes_kept_across_iterators():
    import gc
    import multiprocessing
    data = _jpegs(n=48, sizes=((40, 40), (33, 41)))
    rrc = vision.RandomResizedCrop(16, scale=(1.0, 1.0), ratio=(1.0, 1.0))

    d = ds.GeneratorDataset([(x,) for x in data], ["image"], shuffle=False)
    d = d.map([vision.Decode(), rrc], input_columns="image", num_parallel_workers=2).batch(8)
    want = [np.stack([rrc(vision.Decode()(x)) for x in data[i:i + 8]]) for i in range(0, 48, 8)]

    def run():
        got = [b[0] for b in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]
        for g, w in zip(got, want):
            same_bytes(g, w)
        return {p.pid for p in multiprocessing.active_children()}

    first = run()
    assert len(first) == 2, "Decode/RandomResizedCrop run on 2 worker processes (not threads)"
    assert run() == first, "the same workers serve the next iterator"
    rrc.size = (12, 12)  # a changed op: its workers are forked anew with the new settings
    want = [np.stack([rrc(vision.Decode()(x)) for x in data[i:i + 8]]) for i in range(0, 48, 8)]
    third = run()
    assert third and third.isdisjoint(first)
    del d
    gc.collect()
    assert not multiprocessing.active_children(), "reaped with the pipeline"
