"""The torch-style Tensor methods (in-place scatters, fills and random fills) where MindSpore 2.10's
CPU build has no kernel to compare with: what they write (into a Parameter too, in GRAPH_MODE),
the errors of their kernels, and the random fills' seeds, generators and distributions.
Values are checked against numpy written the way PyTorch documents the ops."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import Tensor, Parameter, nn

RS = np.random.RandomState(0)
XN = RS.uniform(-2, 2, (3, 4)).astype(np.float32)


def _x():
    return Tensor(XN.copy())


# ---- values against numpy ----------------------------------------------------------------------

def test_scatter_family_matches_numpy():
    idx = np.array([[0, 2], [3, 3], [1, 0]], np.int64)
    src = RS.uniform(-1, 1, (3, 5)).astype(np.float32)
    want = XN.copy()
    for i in range(3):
        for j in range(2):
            want[i, idx[i, j]] = src[i, j]
    x = _x()
    assert x.scatter_(1, Tensor(idx), Tensor(src)) is x
    np.testing.assert_allclose(x.asnumpy(), want)
    want = XN.copy()
    for i in range(3):
        for j in range(2):
            want[i, idx[i, j]] += src[i, j]        # repeated (1, 3): both added
    x = _x()
    x.scatter_add_(1, Tensor(idx), Tensor(src))
    np.testing.assert_allclose(x.asnumpy(), want, rtol=1e-6)
    want = XN.copy()
    for i in range(3):
        for j in range(2):
            want[i, idx[i, j]] *= 2.0
    x = _x()
    x.scatter_(1, Tensor(idx), 2.0, reduce="multiply")
    np.testing.assert_allclose(x.asnumpy(), want, rtol=1e-6)


def test_index_methods_match_numpy():
    rows = np.array([2, 0, 2], np.int64)
    src = RS.uniform(-1, 1, (3, 4)).astype(np.float32)
    want = XN.copy()
    np.add.at(want, rows, -0.5 * src)
    x = _x()
    assert x.index_add_(0, Tensor(rows), Tensor(src), alpha=-0.5) is x
    np.testing.assert_allclose(x.asnumpy(), want, rtol=1e-6)
    cols = np.array([3, 1], np.int32)
    csrc = RS.uniform(-1, 1, (3, 2)).astype(np.float32)
    want = XN.copy()
    want[:, cols] = csrc
    x = _x()
    assert x.index_copy_(1, Tensor(cols), Tensor(csrc)) is x
    np.testing.assert_array_equal(x.asnumpy(), want)
    want = XN.copy()
    want[:, [0, 3]] = 9
    x = _x()
    assert x.index_fill_(-1, Tensor(np.array([0, 3])), Tensor(9.0)) is x
    np.testing.assert_array_equal(x.asnumpy(), want)


def test_masked_scatter_index_put_put_fill_diagonal_addmm():
    mask = np.array([True, False, False, True])
    src = np.arange(12, dtype=np.float32) + 100
    want = XN.copy()
    want[np.broadcast_to(mask, (3, 4))] = src[:6]
    x = _x()
    assert x.masked_scatter_(Tensor(mask), Tensor(src)) is x
    np.testing.assert_array_equal(x.asnumpy(), want)

    want = XN.copy()
    want[[0, 2]] = np.array([1, 2, 3, 4], np.float32)       # values broadcast over the selected rows
    x = _x()
    x.index_put_((Tensor([0, 2]),), Tensor(np.array([1, 2, 3, 4], np.float32)))
    np.testing.assert_array_equal(x.asnumpy(), want)

    want = XN.copy().reshape(-1)
    want[[1, 11]] += np.array([5, 6], np.float32)
    x = _x()
    assert x.put_(Tensor(np.array([1, -1])), Tensor(np.array([5, 6], np.float32)), True) is x
    np.testing.assert_allclose(x.asnumpy().reshape(-1), want, rtol=1e-6)

    x = Tensor(np.zeros((5, 2), np.int32))
    x.fill_diagonal_(7, wrap=True)
    np.testing.assert_array_equal(x.asnumpy(), [[7, 0], [0, 7], [0, 0], [7, 0], [0, 7]])

    a, b = RS.uniform(-1, 1, (3, 2)).astype(np.float32), RS.uniform(-1, 1, (2, 4)).astype(np.float32)
    x = _x()
    assert x.addmm_(Tensor(a), Tensor(b), beta=0.5, alpha=2) is x
    np.testing.assert_allclose(x.asnumpy(), 0.5 * XN + 2 * a @ b, rtol=1e-5, atol=1e-6)


def test_out_of_place_neighbours_leave_self():
    x = _x()
    y = x.uniform(-1.0, 1.0)
    assert y is not x and np.array_equal(x.asnumpy(), XN)
    c = Tensor(np.array([[1 + 2j, 3 - 1j]], np.complex64))
    np.testing.assert_array_equal(c.mH.asnumpy(), [[1 - 2j], [3 + 1j]])
    v, i = _x().kthvalue(1, 0)
    np.testing.assert_array_equal(v.asnumpy(), XN.min(0))
    assert i.dtype == ms.int64 and np.array_equal(i.asnumpy(), XN.argmin(0))


# ---- in place on Parameters, compiled steps and gradients ------------------------------------

class _Writes(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = Parameter(Tensor(np.zeros((3, 4), np.float32)), name="p")
        self.w = Parameter(Tensor(np.zeros((500,), np.float32)), name="w")

    def construct(self, rows, src):
        self.p.index_add_(0, rows, src)
        self.p.scatter_(1, Tensor(np.array([[0], [1], [2]])), 5.0)
        self.w.normal_(2.0, 0.5)
        return self.p.sum() + self.w.mean()


def test_parameter_writes_in_graph_mode_persist_and_compile_once():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = _Writes()
    rows, src = Tensor(np.array([0, 2])), Tensor(np.ones((2, 4), np.float32))
    net(rows, src)
    first_w = net.w.asnumpy().copy()
    net(rows, src)
    want = np.zeros((3, 4), np.float32)
    want[[0, 2]] = 2
    want[[0, 1, 2], [0, 1, 2]] = 5
    want[0, 0] = 5          # scatter_ writes after the second index_add_
    np.testing.assert_array_equal(net.p.asnumpy(), want)
    assert not np.array_equal(first_w, net.w.asnumpy())        # a new draw per step
    assert abs(net.w.asnumpy().mean() - 2.0) < 0.15
    assert sum(c.traces for c in net.__dict__.get("_compiled", {}).values()) == 1


def test_gradients_through_inplace_methods():
    def f(x, s):
        y = x * 1
        y.index_copy_(0, Tensor(np.array([1])), s)
        y.masked_scatter_(Tensor(np.array([True, False, False, False])), s * 3)
        return (y * y).sum()

    x = Tensor(np.ones((3, 4), np.float32))
    s = Tensor(np.full((1, 4), 2.0, np.float32))
    gx, gs = ms.grad(f, grad_position=(0, 1))(x, s)
    # y = x with row 1 := s, then column 0 of every row := 3*s[0, :3] (row-major: s*3 is read in order)
    want_gx = np.full((3, 4), 2.0, np.float32)
    want_gx[1] = 0
    want_gx[:, 0] = 0
    np.testing.assert_allclose(gx.asnumpy(), want_gx)
    # row 1 keeps s[1:] (2*2 each); column 0 takes 3*s[0,0], 3*s[0,1], 3*s[0,2] (2*6*3 each)
    np.testing.assert_allclose(gs.asnumpy(), [[36, 40, 40, 4]])


# ---- kernel errors --------------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda x: x.scatter_(1, Tensor(np.zeros((3, 1), np.int64)), Tensor(np.zeros((3, 1), np.float64))),  # dtype
    lambda x: x.scatter_(1, Tensor(np.zeros((3,), np.int64)), Tensor(np.zeros((3,), np.float32))),      # rank
    lambda x: x.scatter_(1, Tensor(np.zeros((3, 2), np.int64)), Tensor(np.zeros((3, 1), np.float32))),  # src small
    lambda x: x.scatter_(2, Tensor(np.zeros((3, 1), np.int64)), 1.0),                                   # dim
    lambda x: x.scatter_add_(1, Tensor(np.array([[4], [0], [0]])), Tensor(np.ones((3, 1), np.float32))),  # index
    lambda x: x.index_add_(0, Tensor(np.array([0, 3])), Tensor(np.ones((2, 4), np.float32))),           # index
    lambda x: x.index_add_(0, Tensor(np.array([0, 1])), Tensor(np.ones((2, 3), np.float32))),           # source
    lambda x: x.index_copy_(0, Tensor(np.array([[0]])), Tensor(np.ones((1, 4), np.float32))),           # 2-D index
    lambda x: x.index_fill_(0, Tensor(np.array([0])), Tensor(np.ones(2, np.float32))),                  # value rank
    lambda x: x.index_put_((Tensor([0, 1]),), Tensor(np.ones(3, np.float32))),                          # broadcast
    lambda x: x.addmm_(Tensor(np.ones((3, 2), np.float32)), Tensor(np.ones((2, 5), np.float32))),       # out shape
    lambda x: Tensor(np.zeros(3, np.int32)).normal_(),
    lambda x: Tensor(np.zeros(3, np.int32)).uniform_(),
    lambda x: x.uniform_(2, 1),
    lambda x: x.random_(3, 3),
    lambda x: x.normal_(0, -1),
    lambda x: x.bernoulli_(1.5),
    lambda x: x.exponential_(0),
], ids=["scatter_dtype", "scatter_rank", "scatter_src_small", "scatter_dim", "scatter_add_index", "index_add_index",
        "index_add_source", "index_copy_2d", "index_fill_value_rank", "index_put_broadcast", "addmm_shape",
        "normal_int", "uniform_int", "uniform_range", "random_range", "normal_std", "bernoulli_p", "exponential_lambd"])
def test_kernel_errors_are_runtime_errors_and_leave_self(call):
    x = _x()
    with pytest.raises(RuntimeError):
        call(x)
    np.testing.assert_array_equal(x.asnumpy(), XN)


def test_masked_scatter_errors():
    x = _x()
    with pytest.raises(TypeError):
        x.masked_scatter_(Tensor(np.ones((1, 3, 4), bool)), Tensor(np.ones(12, np.float32)))
    with pytest.raises(ValueError):
        x.masked_scatter_(Tensor(np.ones(4, bool)), Tensor(np.ones(5, np.float32)))
    np.testing.assert_array_equal(x.asnumpy(), XN)


# ---- random fills: seeds, generators, distributions ------------------------------------------

@pytest.mark.parametrize("fill", [lambda x, **k: x.normal_(1.0, 2.0, **k), lambda x, **k: x.uniform_(-1, 3, **k),
                                  lambda x, **k: x.random_(0, 100, **k), lambda x, **k: x.exponential_(2.0, **k),
                                  lambda x, **k: x.bernoulli_(0.4, **k)],
                         ids=["normal_", "uniform_", "random_", "exponential_", "bernoulli_"])
def test_random_fill_seed_and_generator(fill):
    def draw(**k):
        return fill(Tensor(np.zeros((64,), np.float16)), **k)

    ms.set_seed(5)
    a = draw()
    assert a.dtype == ms.float16 and a.shape == (64,)
    b = draw()
    ms.set_seed(5)
    np.testing.assert_array_equal(draw().asnumpy(), a.asnumpy())
    assert not np.array_equal(a.asnumpy(), b.asnumpy())
    g = ms.Generator()
    g.manual_seed(11)
    c = draw(generator=g)
    g.manual_seed(11)
    np.testing.assert_array_equal(draw(generator=g).asnumpy(), c.asnumpy())


def test_random_fill_distributions():
    ms.set_seed(1)
    n = Tensor(np.zeros((200, 500), np.float64)).normal_(-1.0, 3.0).asnumpy()
    assert n.dtype == np.float64 and abs(n.mean() + 1) < 0.05 and abs(n.std() - 3) < 0.05
    u = Tensor(np.zeros((200, 500), np.float32)).uniform_(2, 5).asnumpy()
    assert u.min() >= 2 and u.max() < 5 and abs(u.mean() - 3.5) < 0.02 and abs(u.var() - 0.75) < 0.02
    r = Tensor(np.zeros((200, 500), np.int64)).random_(-3, 4).asnumpy()
    assert set(np.unique(r).tolist()) == set(range(-3, 4))
    assert abs(np.bincount(r.reshape(-1) + 3).std() / (r.size / 7)) < 0.03
    b = Tensor(np.zeros((200, 500), np.float32)).bernoulli_(Tensor(np.full((200, 500), 0.8, np.float32))).asnumpy()
    assert set(np.unique(b).tolist()) == {0.0, 1.0} and abs(b.mean() - 0.8) < 0.01
    c = _x().cauchy(0.0, 1.0)
    assert c.dtype == ms.float32 and c.shape == (3, 4)


def test_random_fill_inside_jit_threads_the_key():
    @ms.jit
    def f(x):
        y = x * 0
        y.uniform_(0, 1)
        return y

    x = Tensor(np.zeros((1000,), np.float32))
    ms.set_seed(3)
    a = f(x).asnumpy()
    b = f(x).asnumpy()
    ms.set_seed(3)
    np.testing.assert_array_equal(f(x).asnumpy(), a)
    assert not np.array_equal(a, b) and 0 <= a.min() and a.max() < 1


def test_out_of_place_torch_overloads():
    idx = Tensor(np.array([[1], [0], [3]]))
    src = Tensor(np.full((3, 1), 2.0, np.float32))
    x = _x()
    y = x.scatter(1, idx, src, reduce="multiply")
    want = XN.copy()
    want[[0, 1, 2], [1, 0, 3]] *= 2
    np.testing.assert_allclose(y.asnumpy(), want, rtol=1e-6)
    z = x.scatter_add(1, idx, src)
    want = XN.copy()
    want[[0, 1, 2], [1, 0, 3]] += 2
    np.testing.assert_allclose(z.asnumpy(), want, rtol=1e-6)
    w = x.index_add(0, Tensor(np.array([2, 2])), Tensor(np.ones((2, 4), np.float32)), alpha=3)
    want = XN.copy()
    want[2] += 6
    np.testing.assert_allclose(w.asnumpy(), want, rtol=1e-6)
    np.testing.assert_array_equal(x.asnumpy(), XN)          # the copies leave self
    with pytest.raises(TypeError):
        x.index_add(0, Tensor(np.array([2])))                 # source missing
    ms.set_seed(2)
    b = Tensor(np.array([0.0, 1.0, 0.0, 1.0], np.float32)).bernoulli().asnumpy()
    np.testing.assert_array_equal(b, [0, 1, 0, 1])


def test_fill_value_checks():
    x = _x()
    with pytest.raises(RuntimeError):
        x.fill_(Tensor(np.ones(2, np.float32)))
    with pytest.raises(TypeError):
        x.fill_("a")
    assert x.fill_(True) is x and (x.asnumpy() == 1).all()


def test_dlpack_exchanges_with_torch():
    torch = pytest.importorskip("torch")
    x = _x()
    t = torch.utils.dlpack.from_dlpack(x.to_dlpack())
    np.testing.assert_array_equal(t.numpy(), XN)
    back = Tensor.from_dlpack(torch.utils.dlpack.to_dlpack(torch.arange(5, dtype=torch.int32)))
    assert back.dtype == ms.int32 and back.asnumpy().tolist() == [0, 1, 2, 3, 4]
    assert Tensor.from_dlpack(torch.ones(2, 2)).shape == (2, 2)      # objects with __dlpack__ too


def test_index_out_of_range_raises_in_compiled_code():
    @ms.jit
    def f(x, i, s):
        y = x * 1
        y.index_add_(0, i, s)
        return y

    x, s = _x(), Tensor(np.ones((2, 4), np.float32))
    np.testing.assert_allclose(f(x, Tensor(np.array([0, 2])), s).asnumpy()[[0, 2]], XN[[0, 2]] + 1, rtol=1e-6)
    with pytest.raises(RuntimeError, match="index"):
        f(x, Tensor(np.array([0, 3])), s).asnumpy()


def test_masked_scatter_short_source_raises_in_compiled_code():
    f = ms.jit(lambda a, m, s: a.masked_scatter(m, s))
    x, s = Tensor(np.zeros(4, np.float32)), Tensor(np.array([1.0, 2.0], np.float32))
    np.testing.assert_array_equal(f(x, Tensor(np.array([True, False, True, False])), s).asnumpy(), [1, 0, 2, 0])
    with pytest.raises(ValueError, match="updates"):
        f(x, Tensor(np.array([True, True, True, False])), s).asnumpy()
