"""Static-graph syntax, statements: if/elif/else, while, for, break/continue, pass, return,
assignment forms, augmented assignment, del, with, raise, assert, nested functions, lambda,
comprehensions, in ``ms.jit`` functions compiled in GRAPH_MODE."""
import numpy as np

from parity_tests.cases._graph_syntax_common import table, V3, V4, X23, I3, I4, ONE, POS, NEG

ms = None   # the framework under test (set by each case before it compiles)
J, C = table(__name__)


# --- if / elif / else ----------------------------------------------------------------------
def if_tensor(x):
    if x.sum() > 0:
        y = x * 2
    else:
        y = x - 1
    return y


def if_elif(x):
    s = x.sum()
    if s > 10:
        y = x * 3
    elif s > 0:
        y = x + 1
    else:
        y = -x
    return y


def if_no_else(x):
    y = x + 1
    if x.max() > 1:
        y = y * 3
    return y


def if_cond_comment_false(x):
    if x.sum() > 0:  # @jit.cond: False
        return x * 2
    return x * 3


def if_cond_comment_true(x):
    if x.sum() > 100:  #@jit.cond:True
        return x * 2
    return x * 3


def if_cond_comment_last(x):
    # the last directive in the whole statement (elif lines included) decides for the outer if
    if x.sum() > 100:  # @jit.cond: True
        return x * 2
    elif x.sum() > 0:  # @jit.cond: False
        return x * 5
    return x * 3


def if_cond_comment_other(x):
    y = x
    if x.sum() > 0:  # @jit.cond: maybe (not a directive: the test is evaluated)
        y = x * 2
    # while loops are not folded
    while x.sum() < 5:  # @jit.cond: False
        x = x + 1
    return x + y


def if_const(x):
    n = 3
    if n > 2:
        return x + n
    return x


def if_return_both(x):
    if x.sum() > 0:
        return x * 2
    return x * 3


def if_nested(x):
    if x.min() < 0:
        if x.max() > 1:
            y = x * 10
        else:
            y = x * 20
    else:
        y = x
    return y


def if_none(x):
    a = None
    if a is None:
        return x + 1
    return x


def if_str(x):
    mode = "train"
    if mode == "train":
        return x * 2
    return x


def if_tuple_truth(x):
    t = (1, 2)
    if t:
        return x + len(t)
    return x


def if_empty_list(x):
    t = []
    if t:
        return x + 1
    return x - 1


def ifexp(x):
    return x * 2 if x.sum() > 0 else x * 3


def ifexp_const(x):
    k = 2
    return x * (1 if k > 1 else 5)


def if_and_or(x):
    if x.sum() > 0 and x.max() < 5 or x.min() > 10:
        return x + 1
    return x - 1


def if_not(x):
    if not x.sum() > 100:
        return x + 1
    return x


# --- while -------------------------------------------------------------------------------
def while_const(x):
    i = 0
    while i < 3:
        x = x + 1
        i += 1
    return x


def while_tensor(x):
    while x.sum() < 20:
        x = x * 2
    return x


def while_break(x):
    i = 0
    while i < 10:
        if i == 4:
            break
        x = x + i
        i += 1
    return x


def while_continue(x):
    i = 0
    s = x
    while i < 5:
        i += 1
        if i % 2 == 0:
            continue
        s = s + i
    return s


def while_else(x):
    i = 0
    while i < 2:
        i += 1
    else:
        x = x + 100
    return x


def while_tensor_counter(x):
    n = ms.Tensor(0, ms.int32)
    while n < 4:
        x = x + 1
        n = n + 1
    return x, n


# --- for -----------------------------------------------------------------------------------
def for_range(x):
    for i in range(3):
        x = x + i
    return x


def for_range_step(x):
    s = 0
    for i in range(10, 0, -3):
        s += i
    return x + s


def for_tuple(x):
    for v in (1, 2, 3):
        x = x * v
    return x


def for_list(x):
    out = x
    for v in [0.5, 2.0]:
        out = out + v
    return out


def for_tensor_rows(x):
    s = 0
    for row in x:
        s = s + row.sum()
    return s


def for_break(x):
    for i in range(10):
        if i > 2:
            break
        x = x + 1
    return x


def for_continue(x):
    for i in range(6):
        if i % 3 == 0:
            continue
        x = x + i
    return x


def for_else(x):
    for i in range(2):
        x = x + i
    else:
        x = x * 10
    return x


def for_nested(x):
    s = 0
    for i in range(3):
        for j in range(2):
            s += i * j
    return x + s


def for_enumerate(x):
    s = 0
    for i, v in enumerate((10, 20, 30)):
        s += i * v
    return x + s


def for_zip(x):
    s = 0
    for a, b in zip((1, 2, 3), (4, 5, 6)):
        s += a * b
    return x + s


def for_dict(x):
    d = {"a": 1, "b": 2}
    s = 0
    for k in d:
        s += d[k]
    return x + s


def for_dict_items(x):
    d = {"a": 1, "b": 2}
    s = 0
    for k, v in d.items():
        s += v
    return x * s


def for_range_tensor_len(x):
    for i in range(len(x)):
        x = x + i
    return x


# --- pass / return ---------------------------------------------------------------------------
def pass_stmt(x):
    if x.sum() > 0:
        pass
    else:
        pass
    return x


def return_none(x):
    y = x + 1
    return None


def no_return(x):
    y = x + 1


def return_tuple(x):
    return x, x + 1, 3


def return_list(x):
    return [x, 2]


def return_nested(x):
    return (x, (1, [x * 2]))


def return_dict(x):
    return {"b": x, "a": 2}


def return_str(x):
    return "abc"


def return_scalar_float(x):
    return 2.5


def return_bool(x):
    return True


def return_tensor_scalar_arith(x):
    return x.shape[0] * 2


# --- assignment ------------------------------------------------------------------------------
def assign_multi_target(x):
    a = b = x + 1
    return a + b


def assign_unpack(x):
    a, b = x, x * 2
    return a + b


def assign_unpack_nested(x):
    a, (b, c) = 1, (2, 3)
    return x * a + b * c


def assign_starred(x):
    a, *b = (1, 2, 3)
    return x + a, b


def assign_swap(x):
    a, b = x, x + 1
    a, b = b, a
    return a - b


def assign_subscript_list(x):
    lst = [1, 2, 3]
    lst[1] = 10
    return x + lst[1]


def assign_tensor_index(x):
    x[0] = 5.0
    return x


def assign_tensor_slice(x):
    x[1:] = 0.0
    return x


def assign_tensor_mask(x):
    x[x < 0] = 0.0
    return x


def assign_dict_key(x):
    d = {"a": x}
    d["b"] = x * 2
    return d["b"]


def augassign_all(x):
    y = x + 0
    y += 1
    y -= 0.5
    y *= 2
    y /= 4
    return y


def augassign_int_ops(x):
    n = 17
    n //= 3
    n %= 4
    n **= 2
    return x + n


def augassign_bitwise(x):
    n = 6
    n &= 3
    n |= 8
    n ^= 1
    n <<= 1
    n >>= 2
    return x + n


def augassign_tuple(x):
    t = (1,)
    t += (2, 3)
    return x + len(t), t


def augassign_list(x):
    lst = [1]
    lst += [2]
    return lst


def annassign(x):
    y: int = 3
    return x + y


def walrus(x):
    if (n := 3) > 2:
        return x + n
    return x


# --- del / with / raise / assert -------------------------------------------------------------
def del_local(x):
    a = x + 1
    del a
    return x


def del_dict_key(x):
    d = {"a": 1, "b": 2}
    del d["a"]
    return x + d["b"], len(d)


def del_list_item(x):
    lst = [1, 2, 3]
    del lst[0]
    return lst


def raise_const(x):
    if x.shape[0] > 2:
        raise ValueError("too long")
    return x


def raise_not_taken(x):
    if x.shape[0] > 100:
        raise ValueError("too long")
    return x + 1


def raise_type(x):
    raise TypeError("bad type")


def raise_runtime_tensor(x):
    if x.sum() > 0:
        raise ValueError("positive")
    return x


def assert_ok(x):
    assert x.shape[0] == 3
    return x + 1


def assert_fail(x):
    assert x.shape[0] == 4, "need 4"
    return x


def assert_tensor_fail(x):
    assert x.sum() > 100
    return x


def with_ctx(x):
    with _Ctx():
        y = x + 1
    return y


class _Ctx:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def with_jit_class(x):
    with _JitCtx(2) as c:
        y = x * c.k
    return y


class _JitCtx:
    def __init__(self, k):
        self.k = k

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


# --- functions, lambda, comprehensions -------------------------------------------------------
def nested_def(x):
    def inner(a, b=2):
        return a * b
    return inner(x) + inner(x, b=3)


def closure_var(x):
    k = 4

    def inner(a):
        return a + k
    return inner(x)


def recursion_const(x):
    return x + _fact(4)


def _fact(n):
    if n <= 1:
        return 1
    return n * _fact(n - 1)


def call_kwargs(x):
    return _kw(x, b=3, a=1)


def _kw(x, a=0, b=0):
    return x * a + b


def call_varargs(x):
    return _va(x, 1, 2, 3)


def _va(x, *args):
    return x + sum(args)


def call_varkw(x):
    return _vk(x, p=2, q=5)


def _vk(x, **kw):
    return x * kw["p"] + kw["q"]


def call_star_tuple(x):
    t = (x, 2)
    return _mul(*t)


def _mul(a, b):
    return a * b


def call_star_dict(x):
    d = {"a": x, "b": 3}
    return _mul(**d)


def lambda_expr(x):
    f = lambda a: a * 3  # noqa: E731
    return f(x)


def lambda_default(x):
    f = lambda a, b=2: a + b  # noqa: E731
    return f(x), f(x, 5)


def listcomp(x):
    return [i * 2 for i in range(4)]


def listcomp_if(x):
    return [i for i in range(6) if i % 2 == 1]


def listcomp_tensor(x):
    ys = [x * i for i in range(3)]
    return ys[2]


def dictcomp(x):
    d = {k: v for k, v in zip(("a", "b"), (1, 2))}
    return d


def genexp_sum(x):
    return x + sum(i for i in range(5))


def tuple_genexp(x):
    return tuple(i * i for i in range(4))


def unsupported_try(x):
    try:
        y = x + 1
    except ValueError:
        y = x
    return y


def unsupported_global_assign(x):
    global _G
    _G = 3
    return x


def unsupported_yield(x):
    yield x


def unsupported_async(x):
    async def f():
        return 1
    return x


def unsupported_undefined(x):
    return x + undefined_name  # noqa: F821


def unsupported_uninit(x):
    if x.shape[0] > 5:
        y = 1
    return x + y  # noqa: F821


def nonlocal_stmt(x):
    n = 1

    def inc():
        nonlocal n
        n = n + 1
        return n
    inc()
    return x + n


_G = 0

def _holder_cells(m):
    class Holder(m.nn.Cell):
        def __init__(self):
            super().__init__()
            self.scale = 1.0

        def construct(self, v):
            return v * self.scale

    class Outer(m.nn.Cell):
        def __init__(self):
            super().__init__()
            self.cells = m.nn.CellList([Holder()])
            self.inner = Holder()
    return Outer


def assign_attr_of_subscript(m, x):
    class Net(_holder_cells(m)):
        def construct(self, v):
            self.cells[0].scale = 2.0      # MindSpore: only names and attribute chains can be assigned
            return v
    return Net()(x)


def assign_attr_chain(m, x):
    class Net(_holder_cells(m)):
        def construct(self, v):
            self.inner.scale = 2.0
            return self.inner(v)
    return Net()(x)


CASES = [
    J("gs_stmt/if_tensor", if_tensor, V3, default=True),
    J("gs_stmt/if_tensor_neg", if_tensor, NEG),
    J("gs_stmt/if_cond_comment_false", if_cond_comment_false, V3, default=True),
    J("gs_stmt/if_cond_comment_true", if_cond_comment_true, NEG),
    J("gs_stmt/if_cond_comment_last", if_cond_comment_last, NEG),
    J("gs_stmt/if_cond_comment_other", if_cond_comment_other, V3),
    J("gs_stmt/if_elif_pos", if_elif, POS, default=True),
    J("gs_stmt/if_elif_big", if_elif, V3 * 10),
    J("gs_stmt/if_elif_neg", if_elif, NEG),
    J("gs_stmt/if_no_else", if_no_else, V3),
    J("gs_stmt/if_no_else_small", if_no_else, NEG),
    J("gs_stmt/if_const", if_const, V3),
    J("gs_stmt/if_return_both", if_return_both, V3, default=True),
    J("gs_stmt/if_return_both_neg", if_return_both, NEG),
    J("gs_stmt/if_nested", if_nested, V3),
    J("gs_stmt/if_nested_pos", if_nested, POS),
    J("gs_stmt/if_none", if_none, V3),
    J("gs_stmt/if_str", if_str, V3),
    J("gs_stmt/if_tuple_truth", if_tuple_truth, V3),
    J("gs_stmt/if_empty_list", if_empty_list, V3),
    J("gs_stmt/ifexp", ifexp, V3, default=True),
    J("gs_stmt/ifexp_neg", ifexp, NEG),
    J("gs_stmt/ifexp_const", ifexp_const, V3),
    J("gs_stmt/if_and_or", if_and_or, V3),
    J("gs_stmt/if_and_or_neg", if_and_or, NEG),
    J("gs_stmt/if_not", if_not, V3),
    J("gs_stmt/while_const", while_const, V3, default=True),
    J("gs_stmt/while_tensor", while_tensor, POS, default=True),
    J("gs_stmt/while_break", while_break, V3),
    J("gs_stmt/while_continue", while_continue, V3),
    J("gs_stmt/while_else", while_else, V3, error=True),
    J("gs_stmt/while_tensor_counter", while_tensor_counter, V3),
    J("gs_stmt/for_range", for_range, V3, default=True),
    J("gs_stmt/for_range_step", for_range_step, V3),
    J("gs_stmt/for_tuple", for_tuple, V3),
    J("gs_stmt/for_list", for_list, V3),
    J("gs_stmt/for_tensor_rows", for_tensor_rows, X23, default=True),
    J("gs_stmt/for_break", for_break, V3),
    J("gs_stmt/for_continue", for_continue, V3),
    J("gs_stmt/for_else", for_else, V3, error=True),
    J("gs_stmt/for_nested", for_nested, V3),
    J("gs_stmt/for_enumerate", for_enumerate, V3),
    J("gs_stmt/for_zip", for_zip, V3),
    J("gs_stmt/for_dict", for_dict, V3),
    J("gs_stmt/for_dict_items", for_dict_items, V3),
    J("gs_stmt/for_range_tensor_len", for_range_tensor_len, V3),
    J("gs_stmt/pass", pass_stmt, V3),
    J("gs_stmt/return_none", return_none, V3, default=True),
    J("gs_stmt/no_return", no_return, V3),
    J("gs_stmt/return_tuple", return_tuple, V3, default=True),
    J("gs_stmt/return_list", return_list, V3),
    J("gs_stmt/return_nested", return_nested, V3),
    J("gs_stmt/return_dict", return_dict, V3),
    J("gs_stmt/return_str", return_str, V3),
    J("gs_stmt/return_scalar_float", return_scalar_float, V3),
    J("gs_stmt/return_bool", return_bool, V3),
    J("gs_stmt/return_shape_arith", return_tensor_scalar_arith, V3),
    J("gs_stmt/assign_multi_target", assign_multi_target, V3),
    J("gs_stmt/assign_unpack", assign_unpack, V3),
    J("gs_stmt/assign_unpack_nested", assign_unpack_nested, V3),
    J("gs_stmt/assign_starred", assign_starred, V3),
    J("gs_stmt/assign_swap", assign_swap, V3),
    J("gs_stmt/assign_subscript_list", assign_subscript_list, V3),
    J("gs_stmt/assign_tensor_index", assign_tensor_index, V3, default=True),
    J("gs_stmt/assign_tensor_slice", assign_tensor_slice, V3),
    J("gs_stmt/assign_tensor_mask", assign_tensor_mask, V3),
    J("gs_stmt/assign_dict_key", assign_dict_key, V3),
    J("gs_stmt/augassign_all", augassign_all, V3, default=True),
    J("gs_stmt/augassign_int_ops", augassign_int_ops, V3),
    J("gs_stmt/augassign_bitwise", augassign_bitwise, V3),
    J("gs_stmt/augassign_tuple", augassign_tuple, V3),
    J("gs_stmt/augassign_list", augassign_list, V3),
    J("gs_stmt/annassign", annassign, V3),
    J("gs_stmt/walrus", walrus, V3, error=True),
    J("gs_stmt/del_local", del_local, V3, error=True),
    J("gs_stmt/del_dict_key", del_dict_key, V3, error=True),
    J("gs_stmt/del_list_item", del_list_item, V3, error=True),
    J("gs_stmt/raise_const", raise_const, V3, error=True, default=True),
    J("gs_stmt/raise_not_taken", raise_not_taken, V3),
    J("gs_stmt/raise_type", raise_type, V3, error=True),
    J("gs_stmt/raise_runtime_tensor", raise_runtime_tensor, V4, error=True),
    J("gs_stmt/raise_runtime_tensor_not_taken", raise_runtime_tensor, NEG),
    J("gs_stmt/assert_ok", assert_ok, V3),
    J("gs_stmt/assert_fail", assert_fail, V3, error=True, default=True),
    J("gs_stmt/assert_tensor_fail", assert_tensor_fail, V3, error=True),
    J("gs_stmt/with", with_ctx, V3, error=True),
    C("gs_stmt/with_jit_class", lambda m, x: (m.jit_class(_JitCtx), m.jit(with_jit_class)(x))[1], V3),
    J("gs_stmt/nested_def", nested_def, V3, default=True),
    J("gs_stmt/closure_var", closure_var, V3),
    J("gs_stmt/recursion_const", recursion_const, V3),
    J("gs_stmt/call_kwargs", call_kwargs, V3),
    J("gs_stmt/call_varargs", call_varargs, V3),
    J("gs_stmt/call_varkw", call_varkw, V3),
    J("gs_stmt/call_star_tuple", call_star_tuple, V3),
    J("gs_stmt/call_star_dict", call_star_dict, V3),
    J("gs_stmt/lambda", lambda_expr, V3),
    J("gs_stmt/lambda_default", lambda_default, V3),
    J("gs_stmt/listcomp", listcomp, V3, default=True),
    J("gs_stmt/listcomp_if", listcomp_if, V3),
    J("gs_stmt/listcomp_tensor", listcomp_tensor, V3),
    J("gs_stmt/dictcomp", dictcomp, V3),
    J("gs_stmt/genexp_sum", genexp_sum, V3),
    J("gs_stmt/tuple_genexp", tuple_genexp, V3),
    J("gs_stmt/try_except", unsupported_try, V3, error=True),
    J("gs_stmt/global_assign", unsupported_global_assign, V3),
    J("gs_stmt/undefined_name", unsupported_undefined, V3, error=True),
    J("gs_stmt/uninit_var", unsupported_uninit, V3, error=True),
    J("gs_stmt/nonlocal", nonlocal_stmt, V3, error=True),
    C("gs_stmt/assign_attr_of_subscript", assign_attr_of_subscript, V3, error=True),
    C("gs_stmt/assign_attr_chain", assign_attr_chain, V3),
]
