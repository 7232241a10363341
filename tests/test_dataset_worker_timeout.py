"""A map transform that never returns must not hang the pipeline forever: with
``ds.config.set_worker_timeout(s)`` (mscompat's option) the iterator raises a RuntimeError after
``s`` seconds, with python_multiprocessing False or True, one worker or several, and leaves no
worker process behind; without it the wait goes on as in MindSpore, with a warning every
``multiprocessing_timeout_interval`` seconds."""
import logging
import multiprocessing
import signal
import time

import numpy as np
import pytest

import mscompat.dataset as ds

GUARD_S = 60    # the test fails (instead of hanging) if the pipeline does not return by then


@pytest.fixture(autouse=True)
def _restore_config():
    timeout, interval = ds.config.get_worker_timeout(), ds.config.get_multiprocessing_timeout_interval()

    def _alarm(*_):
        raise TimeoutError(f"the pipeline hung for {GUARD_S} s")
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(GUARD_S)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)
    ds.config.set_worker_timeout(timeout)
    ds.config.set_multiprocessing_timeout_interval(interval)


def _stuck_at_5(x):
    if int(x) == 5:
        time.sleep(10 ** 6)
    return x


def _slow_at_3(x):
    if int(x) == 3:
        time.sleep(1.5)
    return x


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("processes", [False, True], ids=["threads", "processes"])
def test_stuck_map_transform_raises_after_the_worker_timeout(processes, workers):
    ds.config.set_worker_timeout(1.5)
    data = ds.NumpySlicesDataset(np.arange(16), shuffle=False)
    data = data.map(_stuck_at_5, num_parallel_workers=workers, python_multiprocessing=processes).batch(4)
    start = time.monotonic()
    with pytest.raises(RuntimeError, match=r"returned no result within 1.5 seconds .*set_worker_timeout"):
        for _ in data.create_tuple_iterator(output_numpy=True):
            pass
    assert time.monotonic() - start < 15
    if processes:
        deadline = time.monotonic() + 10
        while multiprocessing.active_children() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [p for p in multiprocessing.active_children() if p.name.startswith("SpawnProcess")
                    or p.name.startswith("ForkProcess")]


def test_stuck_per_batch_map_raises_after_the_worker_timeout():
    ds.config.set_worker_timeout(1)

    def per_batch(x, info):
        if info.get_batch_num() == 1:
            time.sleep(10 ** 6)
        return (x,)
    data = ds.NumpySlicesDataset(np.arange(16), shuffle=False).batch(4, per_batch_map=per_batch,
                                                                       num_parallel_workers=2)
    with pytest.raises(RuntimeError, match="set_worker_timeout"):
        list(data.create_tuple_iterator(output_numpy=True))


def test_slow_transform_without_timeout_warns_and_finishes(caplog):
    ds.config.set_multiprocessing_timeout_interval(1)
    assert ds.config.get_worker_timeout() == 0      # MindSpore's behaviour by default: wait
    data = ds.NumpySlicesDataset(np.arange(8), shuffle=False).map(_slow_at_3, num_parallel_workers=2).batch(4)
    with caplog.at_level(logging.WARNING, logger="mscompat.dataset"):
        sums = [int(b[0].sum()) for b in data.create_tuple_iterator(output_numpy=True)]
    assert sums == [6, 22]
    assert any("Has been waiting for data from a map worker" in r.getMessage() for r in caplog.records)


def test_worker_timeout_config_checks():
    ds.config.set_worker_timeout(2.5)
    assert ds.config.get_worker_timeout() == 2.5
    with pytest.raises(ValueError):
        ds.config.set_worker_timeout(-1)
    with pytest.raises(TypeError):
        ds.config.set_worker_timeout("10")
    with pytest.raises(TypeError):
        ds.config.set_worker_timeout(True)
