"""ops.flash_attention_score and ops.moe_token_permute / moe_token_unpermute on the emulated Ascend
(MindSpore 2.10 has their kernels on Ascend only; the CPU behaviour is compared with real MindSpore in
parity_tests/cases/attention_ops.py). Values are checked against PyTorch's
scaled_dot_product_attention and NumPy written from the documented algorithms."""
import numpy as np
import pytest
import torch

import mscompat as ms
from mscompat import ops


@pytest.fixture
def ascend():
    ms.set_device("Ascend")
    yield
    ms.set_device("CPU")


def _bnsd(b=2, n=4, s1=5, s2=5, d=8, kv=None, seed=0):
    rs = np.random.RandomState(seed)
    q = rs.standard_normal((b, n, s1, d)).astype(np.float32)
    k = rs.standard_normal((b, kv or n, s2, d)).astype(np.float32)
    v = rs.standard_normal((b, kv or n, s2, d)).astype(np.float32)
    return q, k, v


def _sdpa(q, k, v, scale, keep=None):
    """PyTorch's attention of BNSD arrays; ``keep`` (S1, S2) True where a score takes part."""
    rep = q.shape[1] // k.shape[1]
    k, v = np.repeat(k, rep, axis=1), np.repeat(v, rep, axis=1)
    t = [torch.from_numpy(a) for a in (q, k, v)]
    mask = None if keep is None else torch.from_numpy(keep)
    return torch.nn.functional.scaled_dot_product_attention(*t, attn_mask=mask, scale=scale).numpy()


_TO = {"BNSD": lambda x: x, "BSND": lambda x: x.transpose(0, 2, 1, 3),
       "BSH": lambda x: x.transpose(0, 2, 1, 3).reshape(x.shape[0], x.shape[2], -1),
       "SBH": lambda x: x.transpose(2, 0, 1, 3).reshape(x.shape[2], x.shape[0], -1)}


@pytest.mark.parametrize("layout", ["BNSD", "BSND", "BSH", "SBH"])
def test_layouts_match_torch(ascend, layout):
    q, k, v = _bnsd(kv=2)                     # grouped key/value heads
    out = ops.flash_attention_score(*(ms.Tensor(_TO[layout](a)) for a in (q, k, v)), 4, scalar_value=0.35,
                                    input_layout=layout)
    np.testing.assert_allclose(out.asnumpy(), _TO[layout](_sdpa(q, k, v, 0.35)), rtol=1e-5, atol=1e-5)


def test_attn_mask_and_causal_modes(ascend):
    q, k, v = _bnsd(s1=4, s2=6, seed=1)
    i, j = np.arange(4)[:, None], np.arange(6)[None, :]
    t = lambda a: ms.Tensor(a)
    fa = lambda **kw: ops.flash_attention_score(t(q), t(k), t(v), 4, scalar_value=0.3, input_layout="BNSD",
                                                **kw).asnumpy()
    rs = np.random.RandomState(2)
    drop = rs.rand(4, 6) < 0.3
    drop[:, 0] = False
    np.testing.assert_allclose(fa(attn_mask=t(drop.astype(np.uint8))), _sdpa(q, k, v, 0.3, ~drop), rtol=1e-5,
                               atol=1e-5)
    np.testing.assert_allclose(fa(attn_mask=t(drop), sparse_mode=1), _sdpa(q, k, v, 0.3, ~drop), rtol=1e-5,
                               atol=1e-5)
    np.testing.assert_allclose(fa(sparse_mode=2), _sdpa(q, k, v, 0.3, j <= i), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(fa(sparse_mode=3), _sdpa(q, k, v, 0.3, j - i <= 2), rtol=1e-5, atol=1e-5)
    band = (j - i <= 1 + 2) & (i - j <= 1 - 2)              # band from the lower-right corner
    np.testing.assert_allclose(fa(sparse_mode=4, pre_tokens=1, next_tokens=1), _sdpa(q, k, v, 0.3, band),
                               rtol=1e-5, atol=1e-5)
    # mode 0 with a mask: the band between pre_tokens and next_tokens, from the upper-left corner, and the mask
    none = np.zeros((4, 6), bool)
    keep0 = (i - j <= 1) & (j - i <= 0)
    np.testing.assert_allclose(fa(attn_mask=t(none), pre_tokens=1, next_tokens=0), _sdpa(q, k, v, 0.3, keep0),
                               rtol=1e-5, atol=1e-5)
    # mode 0 without a mask: pre_tokens / next_tokens are not used
    np.testing.assert_allclose(fa(pre_tokens=0, next_tokens=0), _sdpa(q, k, v, 0.3), rtol=1e-5, atol=1e-5)
    # mode 5: lower-right causal plus the first prefix[b] columns
    out = fa(sparse_mode=5, prefix=[4, 0])
    np.testing.assert_allclose(out[0], _sdpa(q, k, v, 0.3, (j - i <= 2) | (j < 4))[0], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(out[1], _sdpa(q, k, v, 0.3, j - i <= 2)[1], rtol=1e-5, atol=1e-5)


def test_real_shift_and_statistics(ascend):
    q, k, v = _bnsd(b=1, n=2, s1=3, s2=4, seed=3)
    pse = np.random.RandomState(4).standard_normal((1, 2, 3, 4)).astype(np.float32)
    prim = ops.operations.nn_ops.FlashAttentionScore(2, scale_value=0.5, input_layout="BNSD")
    smax, ssum, _, out = prim(ms.Tensor(q), ms.Tensor(k), ms.Tensor(v), ms.Tensor(pse))
    s = np.einsum("bnsd,bntd->bnst", q, k) * 0.5 + pse
    p = np.exp(s - s.max(-1, keepdims=True))
    np.testing.assert_allclose(out.asnumpy(), np.einsum("bnst,bntd->bnsd", p / p.sum(-1, keepdims=True), v),
                               rtol=1e-5, atol=1e-5)
    assert smax.shape == (1, 2, 3, 8) and ssum.shape == (1, 2, 3, 8)
    np.testing.assert_allclose(smax.asnumpy()[..., 0], s.max(-1), rtol=1e-5)
    np.testing.assert_allclose(ssum.asnumpy()[..., 3], p.sum(-1), rtol=1e-5)


def test_tnd_variable_lengths(ascend):
    rs = np.random.RandomState(5)
    lens_q, lens_k = [3, 5], [4, 2]
    q = rs.standard_normal((8, 2, 8)).astype(np.float32)
    k = rs.standard_normal((6, 1, 8)).astype(np.float32)
    v = rs.standard_normal((6, 1, 8)).astype(np.float32)
    out = ops.flash_attention_score(ms.Tensor(q), ms.Tensor(k), ms.Tensor(v), 2, actual_seq_qlen=(3, 8),
                                    actual_seq_kvlen=ms.Tensor(np.array([4, 6], np.int64)), scalar_value=0.25,
                                    input_layout="TND", sparse_mode=3).asnumpy()
    assert out.shape == (8, 2, 8)
    qs, ks = np.cumsum([0] + lens_q), np.cumsum([0] + lens_k)
    for b in range(2):
        qb = q[qs[b]:qs[b + 1]].transpose(1, 0, 2)[None]
        kb = k[ks[b]:ks[b + 1]].transpose(1, 0, 2)[None]
        vb = v[ks[b]:ks[b + 1]].transpose(1, 0, 2)[None]
        i, j = np.arange(lens_q[b])[:, None], np.arange(lens_k[b])[None, :]
        keep = j - i <= lens_k[b] - lens_q[b]
        want = _sdpa(qb, kb, vb, 0.25, keep)
        want = np.where(keep.any(-1)[None, None, :, None], want, 0.0)      # rows with nothing visible: zeros
        np.testing.assert_allclose(out[qs[b]:qs[b + 1]], want[0].transpose(1, 0, 2), rtol=1e-5, atol=1e-5)


def test_gradient_matches_torch(ascend):
    q, k, v = _bnsd(b=1, n=2, s1=4, s2=4, seed=6)
    g = ms.grad(lambda a, b, c: ops.flash_attention_score(a, b, c, 2, scalar_value=0.5, input_layout="BNSD",
                                                          sparse_mode=2).sum(), grad_position=(0, 1, 2))(
        ms.Tensor(q), ms.Tensor(k), ms.Tensor(v))
    tq, tk, tv = (torch.from_numpy(a).requires_grad_() for a in (q, k, v))
    torch.nn.functional.scaled_dot_product_attention(tq, tk, tv, is_causal=True, scale=0.5).sum().backward()
    for got, want in zip(g, (tq, tk, tv)):
        np.testing.assert_allclose(got.asnumpy(), want.grad.numpy(), rtol=1e-4, atol=1e-5)


def test_flash_attention_bad_input_on_ascend(ascend):
    q, k, v = (ms.Tensor(a) for a in _bnsd(n=4, kv=3))
    with pytest.raises(RuntimeError, match="divisible"):
        ops.flash_attention_score(q, k, v, 4, input_layout="BNSD")
    q2 = ms.Tensor(np.ones((4, 2, 8), np.float32))
    with pytest.raises(RuntimeError, match="actual_seq_qlen"):
        ops.flash_attention_score(q2, q2, q2, 2, input_layout="TND")
    with pytest.raises(RuntimeError, match="sparse_mode"):
        ops.flash_attention_score(q, q, q, 4, input_layout="BNSD", sparse_mode=7)
    with pytest.raises(TypeError, match="attn_mask"):
        ops.flash_attention_score(q, q, q, 4, input_layout="BNSD", attn_mask=ms.Tensor(np.ones((5, 5), np.float32)))


# --- MoE token permute / unpermute ----------------------------------------------------------------


def _permute_ref(tokens, indices, num_out_tokens=None):
    """The documented algorithm: a stable sort of the flattened expert indices."""
    topk = 1 if indices.ndim == 1 else indices.shape[1]
    flat = indices.reshape(-1)
    order = np.argsort(flat, kind="stable")
    rows = np.empty_like(order)
    rows[order] = np.arange(flat.size)
    out = tokens[order // topk]
    return (out[:num_out_tokens] if num_out_tokens else out), rows.astype(np.int32)


def test_permute_documented_example(ascend):
    tokens = ms.Tensor([[1, 1, 1], [7, 7, 7], [2, 2, 2], [1, 1, 1], [2, 2, 2], [3, 3, 3]], ms.bfloat16)
    out, rows = ops.moe_token_permute(tokens, ms.Tensor([5, 0, 3, 1, 2, 4], ms.int32))
    assert out.dtype == ms.bfloat16 and rows.dtype == ms.int32
    np.testing.assert_array_equal(out.float().asnumpy(), [[7] * 3, [1] * 3, [2] * 3, [2] * 3, [3] * 3, [1] * 3])
    np.testing.assert_array_equal(rows.asnumpy(), [5, 0, 3, 1, 2, 4])


@pytest.mark.parametrize("num_out", [None, 0, 5])
def test_permute_unpermute_round_trip(ascend, num_out):
    rs = np.random.RandomState(7)
    tokens = rs.standard_normal((6, 4)).astype(np.float32)
    indices = rs.randint(0, 3, (6, 2)).astype(np.int64)
    probs = rs.rand(6, 2).astype(np.float32)
    out, rows = ops.moe_token_permute(ms.Tensor(tokens), ms.Tensor(indices), num_out_tokens=num_out)
    want, want_rows = _permute_ref(tokens, indices, num_out)
    np.testing.assert_array_equal(out.asnumpy(), want)
    np.testing.assert_array_equal(rows.asnumpy(), want_rows)
    back = ops.moe_token_unpermute(out, rows, ms.Tensor(probs)).asnumpy()
    gathered = np.concatenate([want, np.zeros((12 - len(want), 4), np.float32)])[want_rows].reshape(6, 2, 4)
    np.testing.assert_allclose(back, (gathered * probs[..., None]).sum(1), rtol=1e-6, atol=1e-6)
    if not num_out:      # nothing dropped: each token comes back as the probability-weighted sum of itself
        np.testing.assert_allclose(back, tokens * probs.sum(1, keepdims=True), rtol=1e-6, atol=1e-6)


def test_unpermute_without_probs_and_grad(ascend):
    p = ms.Tensor(np.arange(24, dtype=np.float32).reshape(8, 3))
    rows = ms.Tensor(np.array([0, 6, 7, 5, 3, 1, 2, 4], np.int32))
    np.testing.assert_array_equal(ops.moe_token_unpermute(p, rows).asnumpy(), p.asnumpy()[[0, 6, 7, 5, 3, 1, 2, 4]])
    tokens = ms.Tensor(np.random.RandomState(8).standard_normal((4, 3)).astype(np.float32))
    idx = ms.Tensor(np.array([[1, 0], [0, 2], [2, 1], [1, 1]], np.int32))
    w = ms.Tensor(np.full((4, 2), 0.5, np.float32))
    g = ms.grad(lambda t: ops.moe_token_unpermute(*ops.moe_token_permute(t, idx), w).sum())(tokens)
    np.testing.assert_allclose(g.asnumpy(), np.ones((4, 3)), rtol=1e-6)      # each token: 2 x 0.5


def test_moe_bad_input_on_ascend(ascend):
    t = ms.Tensor(np.ones((4, 3), np.float32))
    with pytest.raises(RuntimeError, match="first dim"):
        ops.moe_token_permute(t, ms.Tensor(np.zeros(3, np.int32)))
    with pytest.raises(TypeError, match="int32"):
        ops.moe_token_unpermute(t, ms.Tensor(np.arange(4, dtype=np.int64)))
    with pytest.raises(ValueError, match="padded_mode"):
        ops.moe_token_unpermute(t, ms.Tensor(np.arange(4, dtype=np.int32)), padded_mode=True)


def test_cpu_refuses_like_mindspore():
    t = ms.Tensor(np.ones((4, 3), np.float32))
    with pytest.raises(RuntimeError, match="MoeTokenPermute unregistered"):
        ops.moe_token_permute(t, ms.Tensor(np.zeros(4, np.int32)))
    with pytest.raises(RuntimeError, match="FlashAttentionScore unregistered"):
        ops.flash_attention_score(ms.Tensor(np.ones((1, 2, 8), np.float16)), ms.Tensor(np.ones((1, 2, 8), np.float16)),
                                  ms.Tensor(np.ones((1, 2, 8), np.float16)), 2)
