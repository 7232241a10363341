"""Ops the CPU parity oracle cannot check: exponential_ (no CPU kernel in MindSpore 2.10) and
NonDeterministicInts statistics (ops/_random.py), nsa_compress (an Ascend kernel; ops/_nn.py)."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import ops


def test_exponential_inplace_statistics():
    ms.set_seed(3)
    x = ms.Tensor(np.zeros(20000, np.float32))
    out = ops.exponential_(x, 2.0)
    assert out is x and x.dtype == ms.float32
    a = x.asnumpy()
    assert (a >= 0).all()
    assert abs(a.mean() - 0.5) < 0.02 and abs(a.std() - 0.5) < 0.03
    with pytest.raises(TypeError):
        ops.exponential_(ms.Tensor(np.zeros(3, np.int32)))


def test_exponential_seeded_reproducible():
    ms.set_seed(7)
    a = ops.exponential_(ms.Tensor(np.zeros(5, np.float32))).asnumpy()
    ms.set_seed(7)
    b = ops.exponential_(ms.Tensor(np.zeros(5, np.float32))).asnumpy()
    np.testing.assert_array_equal(a, b)


def test_nondeterministic_ints_range():
    r = ops.NonDeterministicInts(ms.uint64)(ms.Tensor(np.array([10, 100], np.int64))).asnumpy()
    assert r.dtype == np.uint64 and r.max() > np.uint64(2 ** 62)
    s = ops.NonDeterministicInts()(ms.Tensor(np.array([10, 100], np.int32))).asnumpy()
    assert s.dtype == np.int64 and (s < 0).any() and (s > 0).any()


def test_nsa_compress_matches_numpy():
    """nsa_compress is an Ascend kernel in MindSpore (no CPU oracle): compare with the
    documented formula, including the output length of the docstring's example."""
    rs = np.random.RandomState(0)
    n, d, block, stride = 2, 16, 32, 16
    seq = (40, 96)
    x = rs.randn(96, n, d).astype(np.float16)
    w = rs.randn(block, n).astype(np.float16)
    out = ops.nsa_compress(ms.Tensor(x), ms.Tensor(w), block, stride, actual_seq_len=seq)
    starts = [0] + [40 + k * 16 for k in range(1 + (56 - 32) // 16)]
    ref = np.stack([np.einsum("bnd,bn->nd", x[s:s + block].astype(np.float32), w.astype(np.float32))
                    for s in starts])
    assert out.dtype == ms.float16 and out.shape == (len(starts), n, d)
    np.testing.assert_allclose(out.asnumpy().astype(np.float32), ref, rtol=2e-3, atol=2e-2)
    per = [80, 96, 80]
    y = ops.nsa_compress(ms.Tensor(np.zeros((256, 1, 16), np.float16)), ms.Tensor(np.zeros((64, 1), np.float16)),
                         64, 16, actual_seq_len=tuple(np.cumsum(per).tolist()))
    assert y.shape == (7, 1, 16)
    with pytest.raises(RuntimeError):
        ops.nsa_compress(ms.Tensor(x), ms.Tensor(w), block, 8, actual_seq_len=seq)
    with pytest.raises(TypeError):
        ops.nsa_compress(ms.Tensor(x.astype(np.float32)), ms.Tensor(w.astype(np.float32)), block, stride,
                         actual_seq_len=seq)
