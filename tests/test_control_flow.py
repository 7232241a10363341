"""Control-flow conversion (mscompat._control_flow): Python if/while/for on traced values."""
import inspect

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import mscompat as ms
from mscompat import ops
from mscompat._control_flow import convert, ControlFlowFallback, user_frame

T = ms.Tensor


def _line(fn, marker):
    """Line number (in this file) of the line of ``fn`` containing ``marker``."""
    lines, first = inspect.getsourcelines(fn)
    for i, text in enumerate(lines):
        if marker in text:
            return first + i
    raise AssertionError(marker)


def _np(x):
    if isinstance(x, T):
        return x.asnumpy()
    return np.asarray(x)


def _same(a, b):
    """Equal values, same types (Tensor vs not) and dtypes, recursively."""
    if isinstance(a, (tuple, list)):
        assert type(a) is type(b) and len(a) == len(b)
        for x, y in zip(a, b):
            _same(x, y)
        return
    assert isinstance(a, T) == isinstance(b, T), (type(a), type(b))
    if isinstance(a, T):
        assert a.dtype == b.dtype, (a.dtype, b.dtype)
    np.testing.assert_allclose(_np(a), _np(b), rtol=1e-6)


def _jit(fn):
    """jax.jit of the converted ``fn``: Tensors/arrays are traced, Python scalars stay
    compile-time constants (as in the compiled-call layer)."""
    conv = convert(fn)

    def call(*args):
        static = {i: a for i, a in enumerate(args) if isinstance(a, (bool, int, float))}
        dyn = [a for i, a in enumerate(args) if i not in static]

        def pure(*d):
            it = iter(d)
            return conv(*[static[i] if i in static else next(it) for i in range(len(args))])
        return jax.jit(pure)(*dyn)
    return call


# --- functions under test -----------------------------------------------------------------------
def f_elif(x):
    s = ops.sum(x)
    if s > 10:
        y = ops.mul(x, 2)
    elif s > 0:
        y = ops.add(x, 1)
    else:
        y = -x
    return y


def f_nested(x, y):
    if x.sum() > 0:
        if y.sum() > 0:
            z = x + y
        else:
            z = x - y
        w = z * 2
    else:
        z = x * y
        w = z
    return z, w


def f_returns(x):
    if x.sum() > 0:
        return x * 2
    return x - 1


def f_returns_elif(x):
    if x.sum() > 5:
        return x * 3, 1
    elif x.sum() > 0:
        y = x + 1
        return y, 2
    else:
        return -x, 3


def f_while(x, n):
    i = 0
    acc = ops.zeros_like(x)
    while i < n:
        acc = acc + x * i
        i += 1
    return acc, i


def f_jax_if(x):
    if jnp.sum(x) > 0:
        y = jnp.sin(x)
    else:
        y = jnp.cos(x)
    return y


def f_while_jax(x, n):
    i = 0
    acc = jnp.zeros_like(x)
    while i < n:
        acc = acc + x * i
        i += 1
    return acc, i


def f_while_tensor_cond(x):
    while x.sum() < 100:
        x = x * 2
    return x


def f_while_becomes_traced(x):
    go = True
    steps = 0
    while go:
        x = x + 1
        steps = steps + 1
        go = x.sum() < 10
    return x, steps


def f_for(x, n):
    s = x
    for i in range(n):
        s = s + i
    return s


def f_for_start_step(x, a, b):
    s = x
    for i in range(a, b, 2):
        s = s * 1.5 + i
    return s, i


def f_for_concrete(x):
    for i in range(3):
        if x.sum() > 0:
            x = x - i
        else:
            x = x + i
    return x


def f_ifexp(x):
    y = x * 2 if x.sum() > 0 else x * 3
    return y + (1 if x.max() > 2 else 0)


def f_andornot(x, y):
    if x.sum() > 0 and y.sum() > 0:
        r = x + y
    elif x.sum() > 0 or not y.sum() > -1:
        r = x - y
    else:
        r = x * y
    return r


def f_temp(x):
    if x.sum() > 0:
        t = x * 2
        y = t + 1
    else:
        y = x
    return y


def f_new_both(x):
    if x.sum() > 0:
        y = ops.cast(x, ms.int32)
    else:
        y = ops.cast(-x, ms.int32)
    return y


def f_dtype(x):
    if x.sum() > 0:
        x = x * 2
    return x


def f_pyval(x, flag):
    if flag:
        return x * 2
    return x


# --- concrete inputs: identical to the original -----------------------------------------------------
CONCRETE = [
    (f_elif, (T([1.0, 2.0]),)), (f_elif, (T([10.0, 2.0]),)), (f_elif, (T([-1.0, -2.0]),)),
    (f_nested, (T([1.0, 2.0]), T([1.0, 1.0]))), (f_nested, (T([1.0, 2.0]), T([-3.0, 1.0]))),
    (f_nested, (T([-1.0, -2.0]), T([1.0, 1.0]))),
    (f_returns, (T([1.0]),)), (f_returns, (T([-1.0]),)),
    (f_returns_elif, (T([3.0, 3.0]),)), (f_returns_elif, (T([1.0]),)), (f_returns_elif, (T([-1.0]),)),
    (f_while, (T([1.0, 2.0]), 3)), (f_while, (T([1.0, 2.0]), T(4))),
    (f_while_tensor_cond, (T([1.0, 2.0]),)), (f_while_becomes_traced, (T([1.0, 2.0]),)),
    (f_for, (T([1.0]), 4)), (f_for, (T([1.0]), T(4))), (f_for_start_step, (T([1.0]), 1, 8)),
    (f_for_concrete, (T([1.0]),)), (f_ifexp, (T([1.0, 3.0]),)), (f_ifexp, (T([-1.0]),)),
    (f_andornot, (T([1.0]), T([1.0]))), (f_andornot, (T([1.0]), T([-1.0]))),
    (f_andornot, (T([-1.0]), T([-3.0]))), (f_andornot, (T([-1.0]), T([3.0]))),
    (f_temp, (T([1.0]),)), (f_new_both, (T([-1.5]),)), (f_pyval, (T([2.0]), True)),
    (f_pyval, (T([2.0]), 0)),
]


@pytest.mark.parametrize("fn,args", CONCRETE, ids=[f"{f.__name__}-{i}" for i, (f, _) in enumerate(CONCRETE)])
def test_concrete_identical(fn, args):
    conv = convert(fn)
    assert conv is not fn
    _same(conv(*args), fn(*args))


def test_concrete_python_semantics_and_side_effects():
    log = []

    def f(items, x):
        out = []
        for i in range(len(items)):
            if items[i] is None:
                continue
            if items[i] < 0:
                break
            out.append(items[i])
            log.append(i)
        else:
            out.append("done")
        while x > 0:
            x -= 1
            if x == 2:
                return out, x
        return out, x

    conv = convert(f)
    assert conv is not f
    for items, x in [([1, None, 2], 1), ([1, -1, 3], 5), ([], 0), ([4], 2)]:
        log.clear()
        expected = f(list(items), x)
        expected_log = list(log)
        log.clear()
        assert conv(list(items), x) == expected
        assert log == expected_log


# --- traced inputs: same results as the eager function --------------------------------------------
TRACED = [c for c in CONCRETE if c[0] not in (f_pyval, f_for_start_step)] + [
    (f_while_jax, (jnp.array([1.0, 2.0]), jnp.array(3))), (f_for, (jnp.array([1.0]), jnp.array(5))),
    (f_for, (T([1.0]), T(0))), (f_for_start_step, (T([1.0]), T(1), T(8))),
    (f_for_start_step, (T([1.0]), T(2), T(7))), (f_jax_if, (jnp.array([-2.0]),)),
    (f_jax_if, (jnp.array([2.0]),)),
]


@pytest.mark.parametrize("fn,args", TRACED, ids=[f"{f.__name__}-{i}" for i, (f, _) in enumerate(TRACED)])
def test_traced_matches_eager(fn, args):
    expected = fn(*args)
    got = _jit(fn)(*args)
    # a Python int carried through a traced loop comes back as a (Tensor) scalar
    if isinstance(expected, tuple):
        for g, e in zip(got, expected):
            if isinstance(e, int):
                assert int(_np(g)) == e
            else:
                _same(g, e)
    else:
        _same(got, expected)


def test_traced_uses_lax_not_python():
    jaxpr = str(jax.make_jaxpr(convert(f_elif))(T([1.0, 2.0])))
    assert "cond" in jaxpr
    jaxpr = str(jax.make_jaxpr(convert(f_while_tensor_cond))(T([1.0, 2.0])))
    assert "while" in jaxpr
    jaxpr = str(jax.make_jaxpr(convert(f_for))(T([1.0]), T(3)))
    assert "while" in jaxpr
    # a concrete bound keeps an ordinary (unrolled) Python loop
    jaxpr = str(jax.make_jaxpr(lambda x: convert(f_for)(x, 3))(T([1.0])))
    assert "while" not in jaxpr


def test_traced_result_types_and_dtypes():
    for dt in (ms.float16, ms.int32, ms.float32):
        x = T(np.array([1, 2], dtype=np.float32)).astype(dt)
        out = _jit(f_dtype)(x)
        assert isinstance(out, T) and out.dtype == dt
        _same(out, f_dtype(x))
    out = _jit(f_new_both)(T([-1.5]))
    assert isinstance(out, T) and out.dtype == ms.int32
    # plain jax arrays stay plain jax arrays
    out = _jit(f_jax_if)(jnp.array([3.0], jnp.float32))
    assert not isinstance(out, T) and out.dtype == jnp.float32


def test_python_number_promoted_only_if_needed():
    def f(x):
        k = 3
        if x.sum() > 0:
            y = x + k
            k = 3
        else:
            y = x - k
        return y, k

    seen = []
    conv = convert(f)

    def run(x):
        y, k = conv(x)
        seen.append(k)
        return y

    _same(jax.jit(run)(T([1.0])), T([4.0]))
    assert seen == [3] and type(seen[0]) is int

    def g(x):
        if x.sum() > 0:
            k = 1
        else:
            k = 2.5
        return x * k, k

    y, k = _jit(g)(T([-2.0]))
    assert isinstance(k, T) and k.dtype == ms.float32 and float(k.asnumpy()) == 2.5
    _same(y, T([-5.0]))


def test_grad_through_converted_if():
    def f(x):
        if x.sum() > 0:
            y = x * x
        else:
            y = x * 3.0
        return y.sum()

    conv = convert(f)
    g = jax.grad(lambda a: conv(a))(jnp.array([1.0, 2.0]))
    np.testing.assert_allclose(g, [2.0, 4.0])
    g = jax.grad(lambda a: conv(a))(jnp.array([-1.0, -2.0]))
    np.testing.assert_allclose(g, [3.0, 3.0])


def test_concrete_condition_inside_jit_stays_python():
    flag = T([1.0]) > 0   # concrete Tensor (computed outside the trace), closed over

    def f(x):
        if flag:
            return x + 1, "pos"
        return x - 1, "neg"

    conv = convert(f)
    out = jax.jit(lambda x: conv(x)[0])(T([1.0]))
    _same(out, T([2.0]))
    assert conv(T([1.0]))[1] == "pos"


# --- unconvertible: ControlFlowFallback with file and line ----------------------------------------
def fb_one_branch(x):
    if x.sum() > 0:  # L1
        y = x * 2
    return y


def fb_return_one(x):
    y = x
    if x.sum() > 0:  # L1
        return x
    y = y + 1
    print("side")
    return


def fb_break(x, n):
    for i in range(n):  # L1
        x = x * 2
        if x.max() > 7:
            break
    else:
        x = x - 1
    return x


def fb_return_in_loop(x):
    while x.sum() < 100:  # L1
        x = x * 2
        if x.max() > 7:
            return x
    return -x




def fb_shape(x):
    if x.sum() > 0:  # L1
        y = ops.concat((x, x))
    else:
        y = x
    return y


def fb_dtype(x):
    if x.sum() > 0:  # L1
        y = ops.cast(x, ms.int32)
    else:
        y = x
    return y


def fb_append(x, log):
    if x.sum() > 0:  # L1
        log.append(1)
        x = x + 1
    return x


class Holder:
    def __init__(self):
        self.v = None

    def fb_attr(self, x):
        if x.sum() > 0:  # L1
            self.v = x
        return x


def fb_raise(x):
    if x.sum() < 0:  # L1
        raise ValueError("negative")
    return x


def fb_loop_shape(x):
    while x.sum() < 100:  # L1
        x = ops.concat((x, x))
    return x


def fb_for_new_var(x, n):
    for i in range(n):  # L1
        z = x * i
    return z


FALLBACKS = [
    (fb_one_branch, (T([1.0]),), "only one branch"),
    (fb_return_one, (T([1.0]),), "return"),
    (fb_break, (T([1.0]), T(5)), "break"),
    (fb_return_in_loop, (T([1.0]),), "return"),
    (fb_shape, (T([1.0]),), "shape"),
    (fb_dtype, (T([1.0]),), "dtype"),
    (fb_append, (T([1.0]), []), "log.append"),
    (fb_raise, (T([1.0]),), "ValueError"),
    (fb_loop_shape, (T([1.0]),), "shape"),
    (fb_for_new_var, (T([1.0]), T(3)), "'z'"),
]


@pytest.mark.parametrize("fn,args,words", FALLBACKS, ids=[f[0].__name__ for f in FALLBACKS])
def test_fallback_names_file_and_line(fn, args, words):
    conv = convert(fn)
    with pytest.raises(ControlFlowFallback) as info:
        jax.jit(lambda *a: conv(*a[:1], *args[1:]) if fn is fb_append else conv(*a))(
            *(args[:1] if fn is fb_append else args))
    exc = info.value
    assert exc.filename == __file__
    assert exc.lineno == _line(fn, "# L1")
    assert f"{__file__}:{exc.lineno}" in str(exc)
    assert words in str(exc)
    # the same function on concrete values behaves exactly like the original
    if fn is not fb_one_branch and fn is not fb_return_one:
        try:
            expected = fn(*args)
        except Exception as e:  # noqa: BLE001
            with pytest.raises(type(e)):
                conv(*args)
        else:
            _same(conv(*args), expected)


def test_fallback_global_nonlocal():
    def outer():
        count = 0

        def inner(y):
            nonlocal count
            if y.sum() > 0:  # L1
                count = 1
            return y + count
        return inner

    inner = outer()
    conv = convert(inner)
    with pytest.raises(ControlFlowFallback) as info:
        jax.jit(conv)(T([1.0]))
    assert info.value.lineno == _line(inner, "# L1") and "nonlocal" in str(info.value)
    _same(conv(T([1.0])), T([2.0]))


def test_fallback_attribute_assignment():
    h = Holder()
    conv = convert(h.fb_attr)
    with pytest.raises(ControlFlowFallback) as info:
        jax.jit(conv)(T([1.0]))
    assert info.value.lineno == _line(Holder.fb_attr, "# L1")
    assert "self.v" in str(info.value)
    _same(conv(T([1.0])), T([1.0]))
    assert h.v is not None


def test_user_frame_names_unconverted_code():
    def plain(x):
        y = x * 2
        if y.sum() > 0:  # L1
            return y
        return x

    with pytest.raises(jax.errors.TracerBoolConversionError) as info:
        jax.jit(plain)(jnp.array([1.0]))
    assert user_frame(info.value) == (__file__, _line(plain, "# L1"))


# --- closures, defaults, *args/**kwargs, methods, super() ---------------------------------------
def test_closure_shares_cells():
    scale = T([2.0])

    def make():
        offset = T([1.0])

        def f(x):
            if x.sum() > 0:
                y = x * scale + offset
            else:
                y = x - offset
            return y

        def set_offset(v):
            nonlocal offset
            offset = v
        return f, set_offset

    f, set_offset = make()
    conv = convert(f)
    _same(_jit(f)(T([1.0])), T([3.0]))
    set_offset(T([10.0]))
    _same(conv(T([1.0])), T([12.0]))
    _same(jax.jit(conv)(T([-1.0])), T([-11.0]))


def test_defaults_varargs_kwargs():
    def f(x, k=2.0, *rest, mode="add", **extra):
        if x.sum() > 0:
            y = x * k
        else:
            y = x + k
        for r in rest:
            y = y + r
        if mode == "add" and extra.get("neg", False):
            y = -y
        return y

    conv = convert(f)
    assert inspect.signature(conv) == inspect.signature(f)
    assert conv.__name__ == "f" and conv.__defaults__ == (2.0,) and conv.__kwdefaults__ == {"mode": "add"}
    for args, kwargs in [((T([1.0]),), {}), ((T([-1.0]), 3.0, T([1.0]), T([2.0])), {"neg": True}),
                         ((T([1.0]),), {"mode": "x", "neg": True})]:
        _same(conv(*args, **kwargs), f(*args, **kwargs))
        _same(_jit(lambda *a: conv(*a, **kwargs))(*args), f(*args, **kwargs))


class Base:
    def run(self, x):
        return x + 1


class Child(Base):
    def __init__(self):
        self.factor = 3.0

    def __helper(self, x):
        return x * self.factor

    def run(self, x):
        y = super().run(x)
        if y.sum() > 0:
            y = self.__helper(y)
        else:
            y = super().run(y)
        return y


def test_methods_super_and_private_names():
    c = Child()
    unbound = convert(Child.run)
    bound = convert(c.run)
    assert bound.__self__ is c
    for x in (T([1.0]), T([-5.0])):
        expected = c.run(x)
        _same(unbound(c, x), expected)
        _same(bound(x), expected)
        _same(jax.jit(bound)(x), expected)
        _same(jax.jit(lambda a: unbound(c, a))(x), expected)


def test_unconvertible_sources_returned_unchanged():
    lam = eval("lambda x: x if x > 0 else -x")
    assert convert(lam) is lam
    assert convert(len) is len
    assert convert(np.add) is np.add
    ns = {}
    exec("def g(x):\n    if x > 0:\n        return x\n    return -x\n", ns)
    assert convert(ns["g"]) is ns["g"]

    def gen(x):
        if x > 0:
            yield x

    assert convert(gen) is gen

    def nothing(x):
        return x + 1

    assert convert(nothing) is nothing


def test_convert_is_cached_and_idempotent():
    conv = convert(f_elif)
    assert convert(f_elif) is conv
    assert convert(conv) is conv
    assert conv.__wrapped__ is f_elif


# --- break / continue / else / subscript assignment in traced code -----------------------------------
def f_break_while(x):
    steps = 0
    while x.sum() < 100:
        x = x * 2
        steps = steps + 1
        if x.max() > 7:
            x = x + 0.5
            break
    return x, steps


def f_break_for(x, n):
    i = -1
    for i in range(n):
        if x.sum() > 3:
            break
        x = x + 1
    return x, i


def f_continue_else(x, n):
    i = 0
    while i < n:
        i += 1
        if x.sum() > 10:
            continue
        x = x + 1
    else:
        x = x * 100
    return x


def f_setitem(x):
    y = x * 1
    if x.sum() > 0:
        y[0] = 5.0
    return y


LOOPS = [(f_break_while, (T([1.0, 0.5]),)), (f_break_while, (T([30.0, 50.0]),)),
         (f_break_for, (T([1.0]), T(5))), (f_break_for, (T([1.0]), T(2))), (f_break_for, (T([9.0]), T(2))),
         (f_break_for, (T([9.0]), T(0))), (f_continue_else, (T([1.0]), T(3))), (f_continue_else, (T([11.0]), T(3))),
         (f_setitem, (T([1.0, 2.0]),)), (f_setitem, (T([-3.0, 2.0]),))]


@pytest.mark.parametrize("fn,args", LOOPS, ids=[f"{f.__name__}-{i}" for i, (f, _) in enumerate(LOOPS)])
def test_traced_break_continue_else_setitem(fn, args):
    expected = fn(*args)
    _same(convert(fn)(*args), expected)
    got = _jit(fn)(*args)
    if isinstance(expected, tuple):
        _same(got[0], expected[0])
        assert int(_np(got[1])) == expected[1]
    else:
        _same(got, expected)


# --- Parameter writes and random numbers inside traced control flow (state threading) --------------
def _scoped(fn, params):
    """Run ``fn`` the way the compiled-call layer does: Parameters bound in a strict scope,
    the RNG key an input; returns (output, new parameter values, new key)."""
    from mscompat import _state

    def pure(args, values, key):
        with _state.Scope(params, values, strict=True, key=key) as scope:
            out = fn(*args)
        return out, scope.updates(params), scope.key_out
    return lambda *args: jax.jit(pure)(args, [p._value for p in params], _state.ensure_key())


def test_parameter_write_in_traced_if_and_while():
    p = ms.Parameter(T([1.0]), name="cf_p")

    def f(x):
        if x.sum() > 0:
            ops.assign(p, x)
        return x + p

    def g(x, n):
        i = 0
        while i < n:
            ops.assign(p, p * 2)
            i = i + 1
        return x + p

    run_f = _scoped(convert(f), [p])
    out, (new,), _ = run_f(T([3.0]))
    _same(out, T([6.0]))
    np.testing.assert_allclose(np.asarray(new), [3.0])
    out, (new,), _ = run_f(T([-3.0]))
    _same(out, T([-2.0]))
    assert new is None or np.asarray(new).tolist() == [1.0]
    run_g = _scoped(convert(g), [p])
    for n, factor in ((0, 1.0), (3, 8.0)):
        out, (new,), _ = run_g(T([0.0]), T(n))
        _same(out, T([factor]))
        assert new is None or np.asarray(new).tolist() == [factor]
    np.testing.assert_allclose(p.asnumpy(), [1.0])     # nothing written back outside the scope


def test_random_draw_in_traced_branch_moves_key():
    def f(x):
        if x.sum() > 0:
            y = ops.rand(2) + x
        else:
            y = x
        return y

    run = _scoped(convert(f), [])
    ms.set_seed(3)
    out, _, key_pos = run(T([1.0, 1.0]))
    assert out.shape == (2,) and float(out.asnumpy().min()) >= 1.0
    ms.set_seed(3)
    from mscompat import _state
    key_in = _state.ensure_key()
    out, _, key_neg = run(T([-1.0, -1.0]))
    _same(out, T([-1.0, -1.0]))
    assert np.array_equal(_key_data(key_neg), _key_data(key_in))      # branch not taken: key unchanged
    assert not np.array_equal(_key_data(key_pos), _key_data(key_neg))  # branch taken: a key was split


def _key_data(k):
    if jnp.issubdtype(k.dtype, jax.dtypes.prng_key):
        k = jax.random.key_data(k)
    return np.asarray(k)


# --- user functions called from converted code are converted too ------------------------------------
def helper_abs(x):
    if x.sum() > 0:
        return x
    return -x


class Net:
    """A Cell-like object (no nn.Cell dependency): construct calls helpers with traced ifs."""

    def __init__(self):
        self.scale = 10.0
        self.steps = 3

    def _branch(self, x):
        if x.sum() > 1:
            y = x * self.scale
        else:
            y = x
        return y

    def construct(self, x, limit):
        x = self._branch(helper_abs(x))
        for _ in range(self.steps):          # concrete bound: unrolled
            x = x + 1
        while x.sum() < limit:               # traced condition
            x = x * 2
        return x if x.max() > 50 else -x


def test_called_user_functions_are_converted():
    net = Net()
    conv = convert(net.construct)
    for x, limit in [(T([0.5]), T(40.0)), (T([-0.2]), T(5.0)), (T([3.0]), T(100.0))]:
        expected = net.construct(x, limit)
        _same(conv(x, limit), expected)
        _same(jax.jit(conv)(x, limit), expected)
    # the original helpers are untouched
    assert Net._branch.__code__ is Net.__dict__["_branch"].__code__
    with pytest.raises(jax.errors.TracerBoolConversionError):
        jax.jit(helper_abs)(T([1.0]))


def test_eager_grad_keeps_python_control_flow():
    """Under jax.grad outside jit the values are concrete: Python loops are used, so
    reverse-mode differentiation of a data-dependent while loop works."""
    def f(x):
        while x.sum() < 10:
            x = x * 2
        if x.sum() > 12:
            x = x * x
        return x.sum()

    conv = convert(f)
    for a in ([1.0, 2.0], [3.0, 3.5]):
        g = jax.grad(conv)(jnp.array(a))
        np.testing.assert_allclose(g, jax.grad(f)(jnp.array(a)))
    assert "while" in str(jax.make_jaxpr(conv)(jnp.array([1.0, 2.0])))


def test_traced_loop_under_compiled_grad_falls_back():
    def f(x):
        while x.sum() < 10:  # L1
            x = x * 2
        return x.sum()

    conv = convert(f)
    with pytest.raises(ControlFlowFallback) as info:
        jax.jit(jax.grad(conv))(jnp.array([1.0, 2.0]))
    assert info.value.lineno == _line(f, "# L1")
    # a traced `if` stays differentiable under jit(grad)
    g = jax.jit(jax.grad(convert(f_grad_if)))(jnp.array([1.0, 2.0]))
    np.testing.assert_allclose(g, [2.0, 4.0])


def f_grad_if(x):
    if x.sum() > 0:
        y = x * x
    else:
        y = x * 3.0
    return y.sum()


class Mangled:
    __k = 2.0

    def run(self, x):
        def inner(y):
            if y.sum() > 0:
                y = y * self.__k
            else:
                y = y - self.__k
            return y
        return inner(x)


def test_nested_functions_and_private_names():
    def make():
        class Local:
            def __h(self, x):
                return x + 1

            def run(self, x):
                if x.sum() > 0:
                    x = self.__h(x)
                return x
        return Local()

    for obj in (Mangled(), make()):
        conv = convert(obj.run)
        for x in (T([1.0]), T([-1.0])):
            expected = obj.run(x)
            _same(conv(x), expected)
            _same(jax.jit(conv)(x), expected)


def test_source_edited_after_import_is_not_used(tmp_path, monkeypatch):
    mod = tmp_path / "cf_edited_mod.py"
    mod.write_text("def f(x):\n    if x.sum() > 0:\n        return x * 2\n    return x * 3\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib
    m = importlib.import_module("cf_edited_mod")
    mod.write_text("def f(x):\n    if x.sum() > 0:\n        return x * 20\n    return x * 30\n")
    conv = convert(m.f)
    assert conv is m.f            # the source no longer matches the loaded code: left as is
    _same(conv(T([1.0])), T([2.0]))
