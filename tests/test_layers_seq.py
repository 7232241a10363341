"""Behaviour of the embedding, recurrent and attention layers that needs no MindSpore:
EmbeddingExt's lookup options (its kernel is Ascend-only in MindSpore 2.10's CPU build), and the
recurrent/attention layers compiled (``ms.jit``, GRAPH_MODE) and differentiated, against a plain
numpy reference of the recurrence."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import nn


def _t(a):
    return ms.Tensor(np.asarray(a))


def test_embedding_ext_lookup_and_padding_grad():
    ms.set_seed(1)
    e = nn.EmbeddingExt(5, 3, padding_idx=1)
    w = e.weight.asnumpy()
    assert np.all(w[1] == 0)
    ids = _t(np.array([[0, 1], [1, 4]], np.int32))
    np.testing.assert_array_equal(e(ids).asnumpy(), w[[[0, 1], [1, 4]]])
    grads = ms.grad(lambda i: e(i).sum(), grad_position=None, weights=e.trainable_params())(ids)
    g = grads[0].asnumpy()
    np.testing.assert_array_equal(g[1], 0)          # no gradient for padding_idx
    np.testing.assert_array_equal(g[0], 1)
    np.testing.assert_array_equal(g[4], 1)
    np.testing.assert_array_equal(g[2], 0)


def test_embedding_ext_scale_grad_by_freq():
    e = nn.EmbeddingExt(4, 2, scale_grad_by_freq=True)
    ids = _t(np.array([2, 2, 2, 0], np.int32))
    g = ms.grad(lambda i: e(i).sum(), grad_position=None, weights=e.trainable_params())(ids)[0].asnumpy()
    np.testing.assert_allclose(g[2], 1.0)           # 3 occurrences, each scaled by 1/3
    np.testing.assert_allclose(g[0], 1.0)


def test_embedding_ext_max_norm_renorms_weight_in_place():
    w = np.array([[3.0, 4.0], [0.3, 0.4], [6.0, 8.0]], np.float32)
    e = nn.EmbeddingExt(3, 2, max_norm=1.0, _weight=_t(w))
    out = e(_t(np.array([0, 1], np.int32))).asnumpy()
    np.testing.assert_allclose(np.linalg.norm(out, axis=1), [1.0, 0.5], rtol=1e-5)
    new_w = e.weight.asnumpy()
    np.testing.assert_allclose(new_w[0], [0.6, 0.8], rtol=1e-5)
    np.testing.assert_array_equal(new_w[2], w[2])   # rows not looked up stay


def test_embedding_ext_frozen_and_bad_weight_shape():
    e = nn.EmbeddingExt(3, 2, _weight=_t(np.ones((3, 2), np.float32)), _freeze=True)
    assert not e.weight.requires_grad
    with pytest.raises(ValueError):
        nn.EmbeddingExt(3, 2, _weight=_t(np.ones((2, 2), np.float32)))


def _np_lstm(x, h, c, w_ih, w_hh, b_ih, b_hh):
    sig = lambda v: 1 / (1 + np.exp(-v))  # noqa: E731
    outs = []
    for t in range(x.shape[0]):
        g = x[t] @ w_ih.T + h @ w_hh.T + b_ih + b_hh
        i, f, gg, o = np.split(g, 4, axis=1)
        c = sig(f) * c + sig(i) * np.tanh(gg)
        h = sig(o) * np.tanh(c)
        outs.append(h)
    return np.stack(outs), h, c


def test_lstm_matches_numpy_reference():
    ms.set_seed(3)
    net = nn.LSTM(3, 4)
    x = np.random.RandomState(0).randn(5, 2, 3).astype(np.float32)
    out, (h, c) = net(_t(x))
    p = {q.name: q.asnumpy() for q in net.get_parameters()}
    ref = _np_lstm(x, np.zeros((2, 4), np.float32), np.zeros((2, 4), np.float32), p["weight_ih_l0"],
                   p["weight_hh_l0"], p["bias_ih_l0"], p["bias_hh_l0"])
    np.testing.assert_allclose(out.asnumpy(), ref[0], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(h.asnumpy()[0], ref[1], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(c.asnumpy()[0], ref[2], rtol=1e-5, atol=1e-6)


@pytest.mark.slow
def test_gru_seq_length_jit_and_grad_match_pynative():
    ms.set_seed(4)
    net = nn.GRU(3, 4, num_layers=2, bidirectional=True)
    x = _t(np.random.RandomState(1).randn(4, 2, 3).astype(np.float32))
    lens = _t(np.array([2, 4], np.int32))
    eager = net(x, None, lens)
    compiled = ms.jit(lambda a, n: net(a, None, n))(x, lens)
    for a, b in zip(eager, compiled):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-5, atol=1e-6)
    out = eager[0].asnumpy()
    np.testing.assert_array_equal(out[2:, 0], 0)    # past the first sequence's length
    f = lambda a: net(a, None, lens)[0].sum()  # noqa: E731
    g_eager = ms.grad(f, weights=net.trainable_params())(x)
    g_jit = ms.jit(ms.grad(f, weights=net.trainable_params()))(x)
    for a, b in zip(g_eager[1], g_jit[1]):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-5, atol=1e-6)
    assert np.abs(g_eager[0].asnumpy()[2:, 0]).max() == 0   # no gradient past the length


def test_mha_graph_mode_matches_pynative():
    ms.set_seed(5)
    net = nn.MultiheadAttention(8, 2)
    q = _t(np.random.RandomState(2).randn(3, 2, 8).astype(np.float32))
    kpm = _t(np.array([[False, True, False], [False, False, True]]))
    eager = net(q, q, q, key_padding_mask=kpm)
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        graph = net(q, q, q, key_padding_mask=kpm)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    for a, b in zip(eager, graph):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-5, atol=1e-6)
    w = eager[1].asnumpy()
    np.testing.assert_array_equal(w[0, :, 1], 0)
    np.testing.assert_allclose(w.sum(-1), 1, rtol=1e-5)


@pytest.mark.slow
def test_transformer_train_step_changes_weights():
    ms.set_seed(6)
    net = nn.Transformer(8, 2, 1, 1, 16, dropout=0.0)
    net.set_train(True)
    src = _t(np.random.RandomState(3).randn(4, 2, 8).astype(np.float32))
    tgt = _t(np.random.RandomState(4).randn(3, 2, 8).astype(np.float32))
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1) if hasattr(nn, "SGD") else None
    grads = ms.grad(lambda s, t: net(s, t).square().mean(), grad_position=None,
                    weights=net.trainable_params())(src, tgt)
    assert len(grads) == len(net.trainable_params())
    assert all(np.isfinite(g.asnumpy()).all() for g in grads)
    if opt is not None:
        before = net.trainable_params()[0].asnumpy().copy()
        opt(grads)
        assert not np.array_equal(before, net.trainable_params()[0].asnumpy())


def test_embedding_lookup_max_norm_clips_each_row():
    t = np.array([[3., 4., 0.], [0.3, 0.4, 0.], [1., 0., 0.], [0., 0., 2.], [1., 1., 1.]], np.float32)
    e = nn.EmbeddingLookup(5, 3, param_init=_t(t), max_norm=1.0)
    ids = np.array([[0, 1, 2], [3, 4, 0]], np.int32)
    out = e(_t(ids)).asnumpy()
    rows = t[ids]
    norms = np.linalg.norm(rows, axis=-1, keepdims=True)
    np.testing.assert_allclose(out, rows / np.maximum(norms, 1.0), rtol=1e-6)


def test_multi_field_embedding_mean():
    t = np.arange(12, dtype=np.float32).reshape(4, 3)
    e = nn.MultiFieldEmbeddingLookup(4, 3, 2, param_init=_t(t), operator='MEAN')
    idx = _t(np.array([[0, 1, 2]], np.int32))
    val = _t(np.array([[1.0, 3.0, 0.0]], np.float32))
    fld = _t(np.array([[0, 0, 1]], np.int32))
    out = e(idx, val, fld).asnumpy()
    np.testing.assert_allclose(out[0, 0], (t[0] * 1 + t[1] * 3) / 4)
    np.testing.assert_allclose(out[0, 1], 0)
