"""DeviceFeeder: batches reach the device ahead of use, in order, with errors and shutdown handled."""
import threading
import time

import jax
import numpy as np
import pytest
from jax.sharding import Mesh, NamedSharding, PartitionSpec

import mscompat as ms
import mscompat.dataset as ds
from mscompat.dataset.device_feed import DeviceFeeder


def _dataset(n=40, batch=8):
    data = {"x": np.arange(n * 3, dtype=np.float32).reshape(n, 3), "y": np.arange(n, dtype=np.int32)}
    return ds.NumpySlicesDataset(data, shuffle=False).batch(batch)


def _wait_for(cond, timeout=10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.01)
    return cond()


def test_yields_the_pipelines_batches_in_order_as_device_tensors():
    want = list(_dataset().create_tuple_iterator(output_numpy=True))
    got = list(DeviceFeeder(_dataset()))
    assert len(got) == len(want) == 5
    for (gx, gy), (wx, wy) in zip(got, want):
        assert isinstance(gx, ms.Tensor) and isinstance(gy, ms.Tensor)
        assert gx.dtype == ms.float32 and gy.dtype == ms.int32
        np.testing.assert_array_equal(gx.asnumpy(), wx)
        np.testing.assert_array_equal(gy.asnumpy(), wy)


def test_dict_rows_raw_arrays_and_epochs():
    got = list(DeviceFeeder(_dataset(), as_dict=True, as_tensor=False, num_epochs=2))
    assert len(got) == 10 and set(got[0]) == {"x", "y"}
    assert isinstance(got[0]["x"], jax.Array)
    np.testing.assert_array_equal(np.asarray(got[5]["y"]), np.arange(8))


def test_placement_on_a_given_device_and_sharded_over_a_mesh():
    devices = jax.devices()
    assert len(devices) >= 2, "the test session exposes several host devices"
    x, _ = next(DeviceFeeder(_dataset(), placement=devices[1], as_tensor=False))
    assert x.devices() == {devices[1]}
    mesh = Mesh(np.array(devices[:2]), ("data",))
    batch_split = NamedSharding(mesh, PartitionSpec("data"))
    x, y = next(DeviceFeeder(_dataset(), placement=batch_split, as_tensor=False))
    assert x.sharding == batch_split and len(x.addressable_shards) == 2
    assert x.addressable_shards[0].data.shape == (4, 3)
    np.testing.assert_array_equal(np.asarray(y), np.arange(8))


def test_blocks_stack_consecutive_batches_for_sink_loops():
    blocks = list(DeviceFeeder(_dataset(), block=2, as_tensor=False))
    assert [b[0].shape for b in blocks] == [(2, 8, 3), (2, 8, 3), (1, 8, 3)]
    np.testing.assert_array_equal(np.asarray(blocks[1][1]), np.arange(16, 32).reshape(2, 8))
    dropped = list(DeviceFeeder(_dataset(), block=2, drop_remainder=True, as_tensor=False))
    assert len(dropped) == 2

    # a sink-style loop: one compiled scan consumes a whole block
    @jax.jit
    def run(xs):
        return jax.lax.scan(lambda c, b: (c + b.sum(), None), 0.0, xs)[0]
    total = sum(float(run(b[0])) for b in DeviceFeeder(_dataset(), block=2, drop_remainder=True, as_tensor=False))
    assert total == float(np.arange(32 * 3).sum())


def test_runs_ahead_of_the_consumer_by_at_most_prefetch():
    produced = []

    def gen():
        for i in range(50):
            produced.append(i)
            yield (np.full((2,), i, np.int32),)
    feeder = DeviceFeeder(ds.GeneratorDataset(gen, ["a"], shuffle=False), prefetch=3)
    first = next(feeder)
    assert int(first[0].asnumpy()[0]) == 0
    # without being asked, the feeder fills its queue: 3 waiting + 1 held by the blocked producer
    assert _wait_for(lambda: len(produced) >= 4)
    time.sleep(0.2)
    assert len(produced) <= 6, "the prefetch queue is bounded"
    feeder.close()


def test_pipeline_error_reaches_consumer_in_position():
    def gen():
        for i in range(5):
            if i == 3:
                raise KeyError("bad row 3")
            yield (np.array([i], np.int32),)
    feeder = DeviceFeeder(ds.GeneratorDataset(gen, ["a"], shuffle=False))
    got = [int(next(feeder)[0].asnumpy()[0]) for _ in range(3)]
    assert got == [0, 1, 2]
    with pytest.raises(RuntimeError) as info:
        next(feeder)
    chain, exc = [], info.value
    while exc is not None:
        chain.append(exc)
        exc = exc.__cause__
    assert any(isinstance(e, KeyError) for e in chain)
    with pytest.raises(StopIteration):
        next(feeder)


def test_close_stops_a_blocked_producer_and_releases_the_thread():
    def endless():
        i = 0
        while True:
            yield (np.array([i], np.int64),)
            i += 1
    feeder = DeviceFeeder(ds.GeneratorDataset(endless, ["a"], shuffle=False), prefetch=2)
    next(feeder)
    assert _wait_for(lambda: feeder._queue.full())
    feeder.close()
    assert not feeder._thread.is_alive()
    with pytest.raises(StopIteration):
        next(feeder)
    with DeviceFeeder(ds.GeneratorDataset(endless, ["a"], shuffle=False)) as f2:
        next(f2)
    assert not f2._thread.is_alive()
    assert not any(t.name == "mscompat-device-feeder" and t.is_alive() for t in threading.enumerate())


def test_plain_iterables_and_string_columns_stay_on_host():
    rows = [(np.array([1.0, 2.0], np.float32), np.array("txt")) for _ in range(3)]
    got = list(DeviceFeeder(rows, as_tensor=False))
    assert isinstance(got[0][0], jax.Array) and isinstance(got[0][1], np.ndarray) and got[0][1] == "txt"


@pytest.mark.parametrize("kwargs, exc", [
    ({"prefetch": 0}, ValueError), ({"prefetch": 1.5}, TypeError), ({"block": 0}, ValueError),
    ({"placement": "cpu"}, TypeError), ({"num_epochs": 0}, ValueError),
])
def test_bad_arguments(kwargs, exc):
    with pytest.raises(exc):
        DeviceFeeder(_dataset(), **kwargs)


def test_as_dict_needs_a_dataset():
    with pytest.raises(ValueError, match="as_dict"):
        DeviceFeeder([(np.zeros(2),)], as_dict=True)
