"""In-place Tensor methods write ``self`` and return it (MindSpore's documented semantics).

MindSpore 2.10's CPU build runs ``add_ sub_ mul_ div_ floor_divide_ remainder_ exp_`` through
out-of-place kernels (the result is right, ``self`` is left unchanged), so the parity table
(parity_tests/cases/tensor_methods.py) compares their results only; the writes are checked
here, against numpy."""
import numpy as np
import pytest

import jax

import mscompat as ms
from mscompat import Tensor, Parameter

X = np.array([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]], np.float32)
XI = np.array([[1, -2, 3], [5, 4, -1]], np.int32)
Y3 = np.array([0.7, -0.7, 2.0], np.float32)

CASES = [
    ("add_", lambda t: t.add_(2.0), X, X + 2.0),
    ("add_alpha", lambda t: t.add_(Tensor(X), alpha=2), X, X * 3),
    ("sub_", lambda t: t.sub_(Tensor(Y3)), X, X - Y3),
    ("sub_alpha", lambda t: t.sub_(1.0, alpha=0.5), X, X - 0.5),
    ("mul_", lambda t: t.mul_(3), X, X * 3),
    ("div_", lambda t: t.div_(Tensor(Y3)), X, X / Y3),
    ("div_floor", lambda t: t.div_(Tensor(Y3), rounding_mode="floor"), X, np.floor(X / Y3)),
    ("div_trunc", lambda t: t.div_(Tensor(Y3), rounding_mode="trunc"), X, np.trunc(X / Y3)),
    ("floor_divide_", lambda t: t.floor_divide_(Tensor(np.array([2, -3, 2], np.int32))), XI,
     np.floor_divide(XI, [2, -3, 2])),
    ("remainder_", lambda t: t.remainder_(3), XI, np.remainder(XI, 3)),
    ("exp_", lambda t: t.exp_(), X, np.exp(X)),
    ("log_", lambda t: t.log_(), np.abs(X), np.log(np.abs(X))),
    ("sigmoid_", lambda t: t.sigmoid_(), X, 1 / (1 + np.exp(-X))),
    ("tanh_", lambda t: t.tanh_(), X, np.tanh(X)),
    ("floor_", lambda t: t.floor_(), X, np.floor(X)),
    ("sign_", lambda t: t.sign_(), XI, np.sign(XI)),
    ("clamp_", lambda t: t.clamp_(-1.0, 2.0), X, np.clip(X, -1, 2)),
    ("clamp_min", lambda t: t.clamp_(min=0), XI, np.maximum(XI, 0)),
    ("fill_", lambda t: t.fill_(7), X, np.full_like(X, 7)),
    ("fill_int", lambda t: t.fill_(2.5), XI, np.full_like(XI, 2)),
    ("zero_", lambda t: t.zero_(), X, np.zeros_like(X)),
    ("masked_fill_", lambda t: t.masked_fill_(Tensor(np.array([True, False, True])), 9.0), X,
     np.where([True, False, True], 9.0, X)),
    ("copy_", lambda t: t.copy_(Tensor(np.array([1, 2, 3], np.int32))), X, np.tile([1.0, 2.0, 3.0], (2, 1))),
]


@pytest.mark.parametrize("name,fn,data,want", CASES, ids=[c[0] for c in CASES])
def test_inplace_writes_self_and_returns_it(name, fn, data, want):
    t = Tensor(data.copy())
    out = fn(t)
    assert out is t
    assert t.dtype == Tensor(data).dtype          # the dtype of self is kept
    np.testing.assert_allclose(t.asnumpy(), want.astype(data.dtype), rtol=1e-6, atol=1e-6)


def test_inplace_on_parameter_writes_the_parameter():
    p = Parameter(Tensor(X.copy()), name="w")
    assert p.add_(1.0) is p
    np.testing.assert_allclose(p.asnumpy(), X + 1)
    p.mul_(2).sub_(Tensor(X))
    np.testing.assert_allclose(p.asnumpy(), (X + 1) * 2 - X)


def test_inplace_int_self_keeps_int_dtype():
    t = Tensor(XI.copy())
    t.add_(1.5)
    assert t.dtype == ms.int32
    np.testing.assert_array_equal(t.asnumpy(), (XI + 1.5).astype(np.int32))


def test_inplace_under_jit_is_functional_for_the_caller():
    x = Tensor(X.copy())

    def f(t):
        t.mul_(2).add_(1.0)
        return t

    out = jax.jit(f)(x)
    np.testing.assert_allclose(out.asnumpy(), X * 2 + 1)
    np.testing.assert_allclose(x.asnumpy(), X)      # the caller's Tensor is not written


def test_set_replaces_data_and_shape():
    t = Tensor(X.copy())
    assert t.set_(Tensor(np.ones(4, np.float32))) is t
    assert t.shape == (4,)
    with pytest.raises(RuntimeError):
        t.set_(Tensor(np.ones(2, np.int32)))


def test_itemset_leaves_self_unchanged():
    t = Tensor(X.copy())
    out = t.itemset((1, 2), 9)
    assert out is not t
    np.testing.assert_allclose(t.asnumpy(), X)
    assert out.asnumpy()[1, 2] == 9


def test_requires_grad_returns_none_and_sets_flag():
    p = Parameter(Tensor(X), name="w", requires_grad=False)
    assert p.requires_grad_() is None
    assert p.requires_grad is True
    p.requires_grad_(False)
    assert p.requires_grad is False
