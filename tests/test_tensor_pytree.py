"""Tensor and Parameter as JAX pytrees: they cross ``jax.jit`` / ``jax.grad`` / ``jax.vmap``
unchanged (a Tensor in, a Tensor out, MindSpore dtype kept), Parameter metadata survives
flatten/unflatten, nested containers of Tensors work, and ops called on Tensors holding
tracers give the eager results."""
import numpy as np
import pytest

import jax
import jax.numpy as jnp

import mscompat as ms
from mscompat import Tensor, Parameter

RS = np.random.RandomState(0)
A23 = RS.uniform(-2, 2, (2, 3)).astype(np.float32)
B34 = RS.uniform(-2, 2, (3, 4)).astype(np.float32)
X34 = RS.uniform(-2, 2, (3, 4)).astype(np.float32)


def _t(a):
    return Tensor(a)


def _np(x):
    """A result as numpy (Tensors, tuples of Tensors)."""
    if isinstance(x, (tuple, list)):
        return [_np(v) for v in x]
    assert isinstance(x, Tensor), type(x)
    return x.asnumpy()


def _assert_same(got, want, rtol=1e-5, atol=1e-6):
    if isinstance(want, (tuple, list)):
        assert isinstance(got, (tuple, list)) and len(got) == len(want)
        for g, w in zip(got, want):
            _assert_same(g, w, rtol, atol)
        return
    assert isinstance(got, Tensor), f"expected a Tensor, got {type(got).__name__}"
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape, (got.shape, want.shape)
    np.testing.assert_allclose(got.asnumpy().astype(np.float64), want.asnumpy().astype(np.float64),
                               rtol=rtol, atol=atol)


# ---------------------------------------------------------------------------------------
# a Tensor in, a Tensor out, with its MindSpore dtype


@pytest.mark.parametrize("dtype", [ms.float32, ms.float16, ms.int32, ms.int64, ms.bool_, ms.uint8])
def test_jit_identity_keeps_tensor_and_dtype(dtype):
    x = Tensor(np.array([[1, 0, 3], [4, 5, 0]]), dtype)
    out = jax.jit(lambda t: t)(x)
    assert type(out) is Tensor
    assert out.dtype == dtype
    np.testing.assert_array_equal(out.asnumpy(), x.asnumpy())


def test_jit_int_arithmetic_keeps_int32():
    x = Tensor(np.array([1, 2, 3], np.int32))
    out = jax.jit(lambda t: t * 2 + 1)(x)
    assert type(out) is Tensor and out.dtype == ms.int32
    np.testing.assert_array_equal(out.asnumpy(), [3, 5, 7])


def test_jit_float16_stays_float16():
    x = Tensor(np.array([1.5, -2.0], np.float16))
    out = jax.jit(lambda t: ms.ops.exp(t) + 1.0)(x)
    assert out.dtype == ms.float16
    np.testing.assert_allclose(out.asnumpy(), np.exp([1.5, -2.0]) + 1, rtol=2e-3)


def test_jit_python_scalar_promotion_is_mindspores():
    # int32 Tensor * Python float -> float32 (MindSpore), never float64 (JAX x64)
    out = jax.jit(lambda t: t * 0.5)(Tensor(np.array([1, 3], np.int32)))
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), [0.5, 1.5])


def test_grad_of_tensor_input_is_tensor():
    x = _t(A23)
    g = jax.grad(lambda t: jnp.asarray((t * t).sum()))(x)
    assert type(g) is Tensor and g.dtype == ms.float32 and g.shape == (2, 3)
    np.testing.assert_allclose(g.asnumpy(), 2 * A23, rtol=1e-6)


def test_value_and_grad_with_tensor_aux():
    x = _t(A23)

    def f(t):
        y = ms.ops.sigmoid(t)
        return jnp.asarray(y.sum()), y

    (val, aux), g = jax.value_and_grad(f, has_aux=True)(x)
    s = 1 / (1 + np.exp(-A23))
    assert type(aux) is Tensor and aux.dtype == ms.float32
    np.testing.assert_allclose(aux.asnumpy(), s, rtol=1e-6)
    np.testing.assert_allclose(float(val), s.sum(), rtol=1e-6)
    assert type(g) is Tensor
    np.testing.assert_allclose(g.asnumpy(), s * (1 - s), rtol=1e-5)


def test_grad_with_respect_to_tensor_in_dict():
    params = {"w": _t(B34), "b": Tensor(np.zeros(4, np.float32))}
    x = _t(A23)

    def loss(p):
        return jnp.asarray((ms.ops.matmul(x, p["w"]) + p["b"]).sum())

    g = jax.grad(loss)(params)
    assert set(g) == {"w", "b"} and all(type(v) is Tensor for v in g.values())
    np.testing.assert_allclose(g["w"].asnumpy(), np.repeat(A23.sum(0)[:, None], 4, axis=1), rtol=1e-5)
    np.testing.assert_allclose(g["b"].asnumpy(), np.full(4, 2.0), rtol=1e-6)


def test_vmap_tensor_in_tensor_out():
    x = _t(X34)
    out = jax.vmap(lambda t: t.sum())(x)
    assert type(out) is Tensor and out.dtype == ms.float32 and out.shape == (3,)
    # atol: a row sums to 8e-4 from terms of about 1 (float32 rounding of the terms: ~1e-7)
    np.testing.assert_allclose(out.asnumpy(), X34.sum(1), rtol=1e-5, atol=1e-6)


def test_vmap_in_axes_and_int_dtype():
    x = Tensor(np.arange(12, dtype=np.int32).reshape(3, 4))
    out = jax.vmap(lambda t: t * 2, in_axes=1, out_axes=1)(x)
    assert out.dtype == ms.int32
    np.testing.assert_array_equal(out.asnumpy(), np.arange(12).reshape(3, 4) * 2)


def test_tensor_flatten_unflatten():
    x = Tensor(np.array([1, 2], np.int16))
    leaves, treedef = jax.tree_util.tree_flatten(x)
    assert len(leaves) == 1 and isinstance(leaves[0], jax.Array) and leaves[0].dtype == np.int16
    y = jax.tree_util.tree_unflatten(treedef, leaves)
    assert type(y) is Tensor and y.dtype == ms.int16
    np.testing.assert_array_equal(y.asnumpy(), [1, 2])


# ---------------------------------------------------------------------------------------
# Parameter


def test_parameter_flatten_keeps_name_and_requires_grad():
    p = Parameter(_t(A23), name="layer.weight", requires_grad=False)
    leaves, treedef = jax.tree_util.tree_flatten(p)
    assert len(leaves) == 1
    q = jax.tree_util.tree_unflatten(treedef, [leaves[0] * 2])
    assert isinstance(q, Parameter)
    assert q.name == "layer.weight" and q.requires_grad is False
    np.testing.assert_allclose(q.asnumpy(), 2 * A23)


def test_parameter_crosses_jit():
    p = Parameter(_t(A23), name="w")
    out = jax.jit(lambda v: v)(p)
    assert isinstance(out, Parameter) and out.name == "w" and out.requires_grad is True
    np.testing.assert_allclose(out.asnumpy(), A23)
    y = jax.jit(lambda v: v * 3)(p)   # an op on a Parameter gives a plain Tensor
    assert type(y) is Tensor
    np.testing.assert_allclose(y.asnumpy(), 3 * A23, rtol=1e-6)
    np.testing.assert_allclose(p.asnumpy(), A23)   # the Parameter itself is unchanged


def test_parameter_grad_keeps_metadata():
    p = Parameter(_t(A23), name="w", requires_grad=False)
    g = jax.grad(lambda v: jnp.asarray((v * v).sum()))(p)
    assert isinstance(g, Parameter) and g.name == "w" and g.requires_grad is False
    np.testing.assert_allclose(g.asnumpy(), 2 * A23, rtol=1e-6)


def test_parameter_vmap():
    p = Parameter(_t(X34), name="rows")
    out = jax.vmap(lambda v: ms.ops.softmax(v, axis=-1))(p)
    e = np.exp(X34 - X34.max(1, keepdims=True))
    np.testing.assert_allclose(out.asnumpy(), e / e.sum(1, keepdims=True), rtol=1e-5)


# ---------------------------------------------------------------------------------------
# nested containers


def test_nested_containers_through_jit():
    tree = {"a": _t(A23), "b": [Tensor(np.array([1, 2], np.int32)), (Tensor(np.array(True)), None)],
            "p": Parameter(_t(B34), name="pw")}

    def f(t):
        return {"a": t["a"] + 1, "b": [t["b"][0] * 2, (ms.ops.logical_not(t["b"][1][0]), None)],
                "p": t["p"].sum(axis=0)}

    out = jax.jit(f)(tree)
    t0 = Tensor(np.zeros(1, np.float32))
    assert jax.tree_util.tree_structure(out) == jax.tree_util.tree_structure(
        {"a": t0, "b": [t0, (t0, None)], "p": t0})
    assert all(type(v) is Tensor for v in (out["a"], out["b"][0], out["b"][1][0], out["p"]))
    assert out["a"].dtype == ms.float32 and out["b"][0].dtype == ms.int32 and out["b"][1][0].dtype == ms.bool_
    np.testing.assert_allclose(out["a"].asnumpy(), A23 + 1, rtol=1e-6)
    np.testing.assert_array_equal(out["b"][0].asnumpy(), [2, 4])
    assert out["b"][1][0].asnumpy().item() is False
    np.testing.assert_allclose(out["p"].asnumpy(), B34.sum(0), rtol=1e-5)


def test_tree_map_and_leaves():
    tree = [_t(A23), {"x": Tensor(np.array([1, 2], np.int32)), "p": Parameter(_t(B34), name="q")}]
    leaves = jax.tree_util.tree_leaves(tree)
    assert len(leaves) == 3 and all(isinstance(v, jax.Array) for v in leaves)
    doubled = jax.tree_util.tree_map(lambda a: a * 2, tree)
    assert type(doubled[0]) is Tensor and doubled[1]["x"].dtype == ms.int32
    assert isinstance(doubled[1]["p"], Parameter) and doubled[1]["p"].name == "q"
    np.testing.assert_array_equal(doubled[1]["x"].asnumpy(), [2, 4])
    np.testing.assert_allclose(doubled[1]["p"].asnumpy(), 2 * B34)


def test_vmap_over_dict_of_tensors():
    tree = {"x": _t(X34), "y": _t(X34 * 2)}
    out = jax.vmap(lambda d: (d["x"] * d["y"]).sum())(tree)
    np.testing.assert_allclose(out.asnumpy(), (X34 * X34 * 2).sum(1), rtol=1e-5)


# ---------------------------------------------------------------------------------------
# ops on Tensors holding tracers give the eager results


def _setitem(x):
    y = x + 0
    y[0, 1] = 5.0
    y[:, 2] = Tensor(np.array([7.0, 8.0, 9.0], np.float32))
    y[1] += 1.0
    return y


def _setitem_tensor_index(x):
    y = x * 1
    y[Tensor(np.array([0, 2], np.int32))] = 0.0
    return y


OPS = [
    ("matmul", lambda x: ms.ops.matmul(x, Tensor(B34.T))),
    ("matmul_operator", lambda x: x @ Tensor(np.ones((4, 2), np.float32))),
    ("softmax", lambda x: ms.ops.softmax(x, axis=-1)),
    ("log_softmax", lambda x: ms.ops.log_softmax(x, axis=0)),
    ("sum_axis", lambda x: ms.ops.sum(x, 1)),
    ("sum_keepdims", lambda x: x.sum(axis=0, keepdims=True)),
    ("mean", lambda x: x.mean()),
    ("reduce_max", lambda x: ms.ops.ReduceMax(keep_dims=True)(x, 1)),
    ("amin", lambda x: ms.ops.amin(x, 0)),
    ("argmax", lambda x: ms.ops.argmax(x, dim=1)),
    ("max_with_indices", lambda x: ms.ops.max(x, 1)),
    ("prod", lambda x: x.prod(axis=1)),
    ("cumsum", lambda x: ms.ops.cumsum(x, 1)),
    ("relu_sigmoid_tanh", lambda x: ms.ops.relu(x) + ms.ops.sigmoid(x) * ms.ops.tanh(x)),
    ("exp_log", lambda x: ms.ops.log(ms.ops.exp(x) + 1)),
    ("transpose_reshape", lambda x: x.transpose(1, 0).reshape(2, -1)),
    ("concat_stack", lambda x: ms.ops.stack([ms.ops.concat((x, x * 2), 1), ms.ops.concat((x, -x), 1)])),
    ("where_clamp", lambda x: ms.ops.where(x > 0, ms.ops.clamp(x, max=1.0), x * 0.1)),
    ("sort", lambda x: ms.ops.sort(x, axis=-1)),
    ("topk", lambda x: ms.ops.topk(x, 2)),
    ("gather", lambda x: ms.ops.gather(x, Tensor(np.array([3, 0, 1], np.int32)), 1)),
    ("slicing", lambda x: x[1:, ::2]),
    ("int_and_none_index", lambda x: x[None, -1, 2:]),
    ("tensor_index", lambda x: x[Tensor(np.array([2, 0], np.int32))]),
    ("setitem", _setitem),
    ("setitem_tensor_index", _setitem_tensor_index),
    ("compare_cast", lambda x: (x > 0.5).astype(ms.int32) + (x <= 0).int()),
    ("pow_abs", lambda x: ms.ops.pow(ms.ops.abs(x), 1.5)),
    ("layer_norm", lambda x: ms.ops.layer_norm(x, (4,), Tensor(np.ones(4, np.float32)),
                                              Tensor(np.zeros(4, np.float32)))),
]


@pytest.mark.parametrize("name,fn", OPS, ids=[n for n, _ in OPS])
def test_op_under_jit_matches_eager(name, fn):
    x = _t(X34)
    eager = fn(x)
    _assert_same(jax.jit(fn)(x), eager, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name,fn", OPS, ids=[n for n, _ in OPS])
def test_op_under_grad_matches_eager(name, fn):
    x = _t(X34)
    eager = fn(x)

    def loss(t):
        out = fn(t)   # computed on a Tensor holding a JVP tracer
        return jnp.asarray((t * t).sum()), out

    g, aux = jax.grad(loss, has_aux=True)(x)
    _assert_same(aux, eager, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(g.asnumpy(), 2 * X34, rtol=1e-6)


@pytest.mark.parametrize("name,fn", OPS, ids=[n for n, _ in OPS])
def test_op_under_vmap_matches_eager(name, fn):
    batch = np.stack([X34, X34[::-1] * 0.5, -X34])
    out = jax.vmap(fn)(_t(batch))
    per_example = [fn(_t(b)) for b in batch]
    if isinstance(per_example[0], (tuple, list)):
        want = [ms.ops.stack([e[i] for e in per_example]) for i in range(len(per_example[0]))]
    else:
        want = ms.ops.stack(per_example)
    _assert_same(out, want, rtol=1e-5, atol=1e-5)


def test_setitem_under_jit_leaves_input_unchanged():
    x = _t(X34)
    out = jax.jit(_setitem)(x)
    np.testing.assert_allclose(x.asnumpy(), X34)   # the caller's Tensor is not written
    want = X34.copy()
    want[0, 1] = 5.0
    want[:, 2] = [7.0, 8.0, 9.0]
    want[1] += 1.0
    np.testing.assert_allclose(out.asnumpy(), want, rtol=1e-6)


@pytest.mark.parametrize("name,fn,grad_fn", [
    ("matmul", lambda x: ms.ops.matmul(x, Tensor(B34)).sum(), lambda a: np.repeat(B34.sum(1)[None], 2, 0)),
    ("mean", lambda x: x.mean(), lambda a: np.full_like(a, 1 / a.size)),
    ("softmax_weighted", lambda x: (ms.ops.softmax(x, axis=-1) * Tensor(np.array([1.0, 0, 0], np.float32))).sum(),
     lambda a: (lambda s: s[:, :1] * ((np.arange(3) == 0) - s))(
         np.exp(a) / np.exp(a).sum(1, keepdims=True))),
])
def test_grad_values_of_ops(name, fn, grad_fn):
    a = A23
    g = jax.grad(lambda t: jnp.asarray(fn(t)))(_t(a))
    assert type(g) is Tensor and g.dtype == ms.float32
    np.testing.assert_allclose(g.asnumpy(), grad_fn(a), rtol=1e-5, atol=1e-6)


def test_grad_through_index_assignment():
    # the overwritten entries get no gradient, the others pass it through
    g = jax.grad(lambda t: jnp.asarray(_setitem(t).sum()))(_t(X34))
    want = np.ones_like(X34)
    want[0, 1] = 0.0
    want[:, 2] = 0.0
    np.testing.assert_allclose(g.asnumpy(), want)
