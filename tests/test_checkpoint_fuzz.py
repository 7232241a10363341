"""Damaged checkpoint files: 1,000 seeded variants of .ckpt (with and without CRC) and
safetensors files (truncations, bit flips, garbage, huge sizes in headers and records) load or
fail with MindSpore's ValueError, quickly, never hang, never another exception. Also: a killed
save leaves one predictable temporary file that the next save replaces."""
import binascii
import json
import os
import signal
import struct
import subprocess
import sys
import time

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, Tensor, Parameter
from mscompat.train import _checkpoint_io as ckpt_io
from mscompat.train._checkpoint_proto import Checkpoint

N_FILES = 1000
BUDGET_S = 120


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 3)
        self.step = Parameter(Tensor(7, ms.int64), name="step")
        self.half = Parameter(Tensor(np.arange(6, dtype=np.float16).reshape(2, 3)), name="half")

    def construct(self, x):
        return self.dense(x)


def _sources(tmp_path):
    """name -> (bytes, format) of valid files to damage."""
    net = _Net()
    out = {}
    for fmt, ext in (("ckpt", "ckpt"), ("safetensors", "safetensors")):
        for crc in (False, True):
            path = str(tmp_path / f"src_{crc}.{ext}")
            ms.save_checkpoint(net, path, crc_check=crc, format=fmt)
            with open(path, "rb") as f:
                out[f"{ext}_crc{crc}"] = (f.read(), fmt)
    return out


def _safetensors(header, body):
    raw = json.dumps(header).encode()
    return struct.pack("<Q", len(raw)) + raw + body


def _crafted():
    """Hand-made damage: sizes and offsets far beyond the file."""
    big = 10 ** 12
    files = []
    # the 134-byte file: a 0-d int64 whose value asks MindSpore's CRC for 1e12 zero bytes
    body = np.array(big, np.int64).tobytes()
    meta = {"format": "ms", "crc_num": "12345"}
    files.append((_safetensors({"__metadata__": meta, "step": {"dtype": "I64", "shape": [],
                                                                "data_offsets": [0, 8]}}, body), "safetensors"))
    files.append((_safetensors({"w": {"dtype": "F32", "shape": [big], "data_offsets": [0, 4 * big]}},
                               b"\0" * 16), "safetensors"))
    files.append((_safetensors({"w": {"dtype": "F32", "shape": [2], "data_offsets": [big, big + 8]}},
                               b"\0" * 8), "safetensors"))
    files.append((struct.pack("<Q", big) + b"{}", "safetensors"))
    files.append((_safetensors({"w": {"dtype": "F32", "shape": [-1], "data_offsets": [0, 4]}}, b"\0" * 4),
                  "safetensors"))
    files.append((_safetensors({"w": {"dtype": "Q9", "shape": [1], "data_offsets": [0, 4]}}, b"\0" * 4),
                  "safetensors"))
    files.append((_safetensors({"w": [1, 2]}, b""), "safetensors"))
    for dims in ([big], [big, big], [-5], [2 ** 62, 4]):
        msg = Checkpoint()
        v = msg.value.add()
        v.tag = "w"
        v.tensor.dims.extend(dims)
        v.tensor.tensor_type = "Float32"
        v.tensor.tensor_content = b"\0" * 16
        data = msg.SerializeToString()
        files.append((data, "ckpt"))
        files.append((data + b"crc_num" + binascii.crc32(data).to_bytes(10, "big"), "ckpt"))
    return files


def _mutate(rs, data):
    kind = rs.randint(7)
    b = bytearray(data)
    if kind == 0:                                   # truncation
        return bytes(b[:rs.randint(len(b))])
    if kind == 1:                                   # bit flips
        for _ in range(rs.randint(1, 9)):
            i = rs.randint(len(b))
            b[i] ^= 1 << rs.randint(8)
        return bytes(b)
    if kind == 2:                                   # a run of garbage bytes
        i = rs.randint(len(b))
        n = rs.randint(1, 32)
        b[i:i + n] = rs.bytes(n)
        return bytes(b)
    if kind == 3:                                   # pure garbage
        return rs.bytes(rs.randint(0, 400))
    if kind == 4:                                   # garbage appended
        return bytes(b) + rs.bytes(rs.randint(1, 64))
    if kind == 5:                                   # huge little-endian size at a random place
        i = rs.randint(max(1, len(b) - 8))
        b[i:i + 8] = struct.pack("<Q", int(rs.randint(1, 2 ** 62, dtype=np.int64)))
        return bytes(b)
    # a byte range duplicated or deleted
    i, j = sorted(rs.randint(len(b), size=2))
    return bytes(b[:i] + b[i:j] * rs.randint(0, 3) + b[j:])


def test_damaged_checkpoints_fail_fast_with_value_error(tmp_path):
    rs = np.random.RandomState(20261126)
    sources = list(_sources(tmp_path).values())
    files = _crafted()
    while len(files) < N_FILES:
        data, fmt = sources[rs.randint(len(sources))]
        files.append((_mutate(rs, data), fmt))

    def _alarm(*_):
        raise TimeoutError(f"loading damaged checkpoints took more than {BUDGET_S} s")
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(BUDGET_S)
    outcomes = {}
    start = time.perf_counter()
    try:
        for k, (data, fmt) in enumerate(files):
            path = str(tmp_path / f"f{k}.{fmt}")
            with open(path, "wb") as f:
                f.write(data)
            for crc in (True, False):
                try:
                    ms.load_checkpoint(path, crc_check=crc, format=fmt)
                    outcomes["loaded"] = outcomes.get("loaded", 0) + 1
                except ValueError:
                    outcomes["ValueError"] = outcomes.get("ValueError", 0) + 1
                except Exception as e:  # noqa: BLE001 - the point of the test
                    pytest.fail(f"file {k} ({fmt}, crc_check={crc}) raised {type(e).__name__}: {e}")
            os.remove(path)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    elapsed = time.perf_counter() - start
    assert outcomes.get("ValueError", 0) > N_FILES     # most damage is detected
    assert elapsed < BUDGET_S


def test_huge_zero_d_int_crc_is_fast_and_exact():
    # MindSpore's CRC hashes bytes(int) zero bytes for a 0-d integer array; computed in O(log n)
    for n in (0, 1, 4096, 4097, 100_000, 3 * 2 ** 20 + 5):
        assert ckpt_io.crc32_zeros(99, n) == binascii.crc32(bytes(n), 99)
    t = time.perf_counter()
    ckpt_io.crc32_zeros(0, 10 ** 12)
    assert time.perf_counter() - t < 2


def test_killed_save_leaves_one_predictable_temp_file_that_the_next_save_replaces(tmp_path):
    net = _Net()
    path = str(tmp_path / "net.ckpt")

    class Killed(BaseException):
        pass

    def dying(f):
        f.write(b"partial")
        raise Killed()
    # a save that dies while writing removes its temporary file
    with pytest.raises(Killed):
        ckpt_io.atomic_write(path, dying)
    assert os.listdir(tmp_path) == []
    # a process killed mid-save leaves its predictable temporary file behind ...
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    for pid in (dead.pid, os.getpid()):
        with open(ckpt_io.temp_path(path, pid), "wb") as f:
            f.write(b"left by a killed save")
    for _ in range(3):
        ms.save_checkpoint(net, path)
    # ... which the next save removes (this process's own one it reuses): no pile of temporary files
    assert sorted(os.listdir(tmp_path)) == ["net.ckpt"]
    for _ in range(2):
        ms.save_checkpoint(net, str(tmp_path / "net.safetensors"), format="safetensors")
    assert sorted(os.listdir(tmp_path)) == ["net.ckpt", "net.safetensors"]
    assert set(ms.load_checkpoint(path)) == {"dense.weight", "dense.bias", "step", "half"}
