"""ops.operations.nn_ops.FlashAttentionScore: MindSpore 2.10 runs it on Ascend only (CPU: "The kernel
FlashAttentionScore unregistered", checked on the oracle); on the emulated Ascend it is the
attention it fuses, checked here against numpy for each layout, masks and grouped key/value heads.
mindone's flash-attention wrapper imports it at module level."""
import numpy as np
import pytest

import mscompat as ms
from mscompat.ops.operations.nn_ops import FlashAttentionScore


def _ref(q, k, v, scale, mask=None):
    """q, k, v in BNSD; mask True = left out."""
    k = np.repeat(k, q.shape[1] // k.shape[1], axis=1)
    v = np.repeat(v, q.shape[1] // v.shape[1], axis=1)
    s = np.einsum("bnsd,bntd->bnst", q, k) * scale
    if mask is not None:
        s = np.where(mask, -np.inf, s)
    p = np.exp(s - s.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    return np.einsum("bnst,bntd->bnsd", p, v)


@pytest.fixture
def ascend():
    ms.set_device("Ascend")
    yield
    ms.set_device("CPU")


def _qkv(b=2, n=4, s=5, d=8, kv_heads=None, seed=0):
    rs = np.random.RandomState(seed)
    q = rs.standard_normal((b, n, s, d)).astype(np.float32)
    kv = kv_heads or n
    return q, rs.standard_normal((b, kv, s, d)).astype(np.float32), rs.standard_normal((b, kv, s, d)).astype(np.float32)


def test_cpu_refuses_like_mindspore():
    q = ms.Tensor(np.ones((1, 2, 4, 8), np.float32))
    with pytest.raises(RuntimeError, match="FlashAttentionScore unregistered"):
        FlashAttentionScore(2, input_layout="BNSD")(q, q, q)


def test_constructor_checks():
    with pytest.raises(ValueError, match="input_layout"):
        FlashAttentionScore(2, input_layout="XYZ")
    with pytest.raises(TypeError):
        FlashAttentionScore()


@pytest.mark.parametrize("layout", ["BNSD", "BSND", "BSH", "SBH"])
def test_layouts_match_attention(ascend, layout):
    q, k, v = _qkv()
    want = _ref(q, k, v, 0.3)
    to = {"BNSD": lambda x: x, "BSND": lambda x: x.transpose(0, 2, 1, 3),
          "BSH": lambda x: x.transpose(0, 2, 1, 3).reshape(x.shape[0], x.shape[2], -1),
          "SBH": lambda x: x.transpose(2, 0, 1, 3).reshape(x.shape[2], x.shape[0], -1)}[layout]
    smax, ssum, _, out = FlashAttentionScore(4, scale_value=0.3, input_layout=layout)(
        ms.Tensor(to(q)), ms.Tensor(to(k)), ms.Tensor(to(v)))
    np.testing.assert_allclose(out.asnumpy(), to(want), rtol=1e-5, atol=1e-5)
    assert smax.shape == ssum.shape == (2, 4, 5, 8)


def test_attn_mask_causal_and_gqa(ascend):
    q, k, v = _qkv(kv_heads=2, seed=1)
    causal = np.triu(np.ones((5, 5), bool), 1)
    want = _ref(q, k, v, 0.5, causal)
    fa = FlashAttentionScore(4, scale_value=0.5, input_layout="BNSD")
    out = fa(ms.Tensor(q), ms.Tensor(k), ms.Tensor(v), None, None, None, ms.Tensor(causal.astype(np.uint8)))[3]
    np.testing.assert_allclose(out.asnumpy(), want, rtol=1e-5, atol=1e-5)
    out2 = FlashAttentionScore(4, scale_value=0.5, input_layout="BNSD", sparse_mode=2)(
        ms.Tensor(q), ms.Tensor(k), ms.Tensor(v))[3]
    np.testing.assert_allclose(out2.asnumpy(), want, rtol=1e-5, atol=1e-5)
