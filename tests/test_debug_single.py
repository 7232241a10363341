"""Behaviour tests for ops the parity oracle cannot check on CPU: gradient hooks
(InsertGradientOf, HookBackward, DumpGradient, Morph with bprop), Print/tensordump under
``jax.jit``, and matrix_exp (MindSpore 2.10 has no CPU kernel for MatrixExp)."""
import os

import numpy as np
import jax
import scipy.linalg
import pytest

import mscompat as ms
from mscompat import ops

W = ms.Tensor._wrap


def _grad(fn, x):
    """d sum(fn(x)) / dx through JAX, with fn written on Tensors."""
    return np.asarray(jax.grad(lambda a: fn(W(a))._data.sum())(np.asarray(x, np.float32)))


def test_insert_gradient_of_scales_gradient():
    g = _grad(lambda t: ops.InsertGradientOf(lambda d: W(d._data * 3))(t) * W(np.float32(2)), [1.0, 2.0])
    np.testing.assert_allclose(g, [6.0, 6.0])


def test_hook_backward_sees_gradient():
    seen = []

    def hook(grads):        # as MindSpore: the tuple of the inputs' gradients
        seen.append(np.asarray(grads[0]._data))
    g = _grad(lambda t: ops.HookBackward(hook)(t) * W(np.float32(5)), [1.0, 2.0, 3.0])
    np.testing.assert_allclose(g, [5.0, 5.0, 5.0])
    np.testing.assert_allclose(seen[0], [5.0, 5.0, 5.0])


def test_dump_gradient_writes_file(tmp_path):
    path = str(tmp_path / "grad")
    g = _grad(lambda t: ops.DumpGradient()(path, t, "in") * W(np.float32(4)), [1.0, 1.0])
    np.testing.assert_allclose(g, [4.0, 4.0])
    files = os.listdir(tmp_path)
    assert len(files) == 1 and files[0].startswith("grad_float32_")
    np.testing.assert_allclose(np.load(tmp_path / files[0]), [4.0, 4.0])


def _square(x):
    return W(x._data * x._data)


def _scaled(a, b=None, c=None):
    return a * b * c


def test_morph_forward_and_custom_bprop():
    m = ops.Morph(_square, lambda s: s, lambda d: d, bprop_fn=lambda x, out, dout: (W(dout._data * 10),))
    x = ms.Tensor(np.array([1.0, 3.0], np.float32))
    np.testing.assert_allclose(ms.jit(m)(x).asnumpy(), [1.0, 9.0])
    np.testing.assert_allclose(ms.jit(ms.grad(lambda t: m(t).sum()))(x).asnumpy(), [10.0, 10.0])
    # as MindSpore: only a compiled call runs it
    with pytest.raises(RuntimeError, match="Morph is only supported in GRAPH_MODE."):
        m(x)
    with pytest.raises(RuntimeError, match="Morph is only supported in GRAPH_MODE."):
        ms.grad(lambda t: m(t).sum())(x)


def test_morph_keyword_inputs_in_graph_mode():
    m = ops.Morph(_scaled, lambda *s: s[0], lambda *d: d[0])
    two, three = ms.Tensor(2.0, ms.float32), ms.Tensor(3.0, ms.float32)

    class Net(ms.nn.Cell):
        def construct(self, x):
            return m(x, c=three, b=two)

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        x = ms.Tensor(np.array([1.0, 2.0], np.float32))
        np.testing.assert_allclose(Net()(x).asnumpy(), [6.0, 12.0])
        grads = ms.ops.GradOperation()(Net())(x)
        np.testing.assert_allclose(grads.asnumpy(), [6.0, 6.0])
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_print_under_jit(capsys):
    f = jax.jit(lambda a: (ops.Print()("value:", W(a)), a * 2)[1])
    out = f(np.array([1.0, 2.0], np.float32))
    jax.effects_barrier()
    np.testing.assert_allclose(np.asarray(out), [2.0, 4.0])
    assert "value:" in capsys.readouterr().out


def test_tensordump_naming(tmp_path):
    x = ms.Tensor(np.arange(3, dtype=np.int32))
    ops.tensordump(str(tmp_path / "a"), x)
    ops.TensorDump()(str(tmp_path / "b.npy"), x)
    names = sorted(os.listdir(tmp_path))
    assert names[0].startswith("a_int32_") and names[1].startswith("b_int32_")
    np.testing.assert_array_equal(np.load(tmp_path / names[0]), [0, 1, 2])


def test_summary_records():
    from mscompat.ops import _debug
    before = len(_debug.SUMMARY_TENSOR_CACHE)
    ops.ScalarSummary()("loss", ms.Tensor(1.5))
    ops.TensorSummary()("w", ms.Tensor([1.0, 2.0]))
    assert [r[:2] for r in _debug.SUMMARY_TENSOR_CACHE[before:]] == [["ScalarSummary", "loss"],
                                                                      ["TensorSummary", "w"]]


def test_matrix_exp_matches_scipy():
    rs = np.random.RandomState(0)
    a = rs.uniform(-1, 1, (2, 3, 3)).astype(np.float32)
    out = ops.matrix_exp(ms.Tensor(a))
    assert out.dtype == ms.float32 and out.shape == (2, 3, 3)
    np.testing.assert_allclose(out.asnumpy(), np.stack([scipy.linalg.expm(m) for m in a]), rtol=1e-5, atol=1e-6)
    d = ops.matrix_exp(ms.Tensor(np.diag([0.0, 1.0]).astype(np.float64)))
    assert d.dtype == ms.float64
    np.testing.assert_allclose(d.asnumpy(), np.diag([1.0, np.e]))


def test_matrix_exp_rejects_non_square():
    import pytest
    with pytest.raises(ValueError):
        ops.matrix_exp(ms.Tensor(np.ones((2, 3), np.float32)))
    with pytest.raises(TypeError):
        ops.matrix_exp(ms.Tensor(np.ones((2, 2), np.int32)))


def test_linalg_under_jit():
    a = np.array([[4.0, 1.0], [1.0, 3.0]], np.float32)
    f = jax.jit(lambda x: ops.MatrixDeterminant()(W(x))._data)
    np.testing.assert_allclose(float(f(a)), 11.0, rtol=1e-6)
    s = jax.jit(lambda x: ops.svd(W(x), compute_uv=False)._data)(a)
    np.testing.assert_allclose(np.asarray(s), np.linalg.svd(a, compute_uv=False), rtol=1e-5)
    fr = jax.jit(lambda x: ops.fft(W(x))._data)(a)
    np.testing.assert_allclose(np.asarray(fr), np.fft.fft(a), rtol=1e-5, atol=1e-5)
