"""In-place changes of a compiled function's input Tensors, as real MindSpore 2.10 makes them:
in-place ops (``add_``, ``ops.assign``) and augmented assignments (``+=``, ``-=``, ``*=``, ``/=``,
``//=``, ``%=``: in place inside a graph, the other operand cast to the input's dtype first) change
the caller's Tensor; ``x[i] = v`` rebinds the name in the graph and does not; in PyNative ``x += 1``
gives a new Tensor. Each case returns the results and the caller's inputs after the call(s)."""
import numpy as np

from parity_tests.harness import case


def _i32():
    return np.array([5, 7, 9], np.int32)


def _f32():
    return np.array([5.0, 7.0, 9.0], np.float32)


def _run(ms, body, x, times=1):
    fn = ms.jit(body)
    t = ms.Tensor(x)
    outs = [fn(t) for _ in range(times)]
    return outs, t


def _aug(op, other):
    def body(x):
        if op == "+":
            x += other
        elif op == "-":
            x -= other
        elif op == "*":
            x *= other
        elif op == "/":
            x /= other
        elif op == "//":
            x //= other
        else:
            x %= other
        return x
    return body


def _aug_case(ms, x, op, other, tensor_other):
    o = ms.Tensor(np.full(3, other, np.float32)) if tensor_other else other
    return _run(ms, _aug(op, o), x, times=2)


def _method_add_(ms, x):
    def body(t):
        t.add_(1)
        return t * 2
    return _run(ms, body, x, times=3)


def _assign(ms, x):
    def body(t):
        ms.ops.assign(t, t + 5)
        return t
    return _run(ms, body, x, times=2)


def _setitem_not_written(ms, x):
    def body(t):
        t[0] = 7
        return t + 1
    return _run(ms, body, x, times=2)


def _alias(ms, x):
    def body(t):
        y = t * 2
        z = y
        z += 1
        w = t
        w += 1
        return y, z, w
    return _run(ms, body, x)


def _two_inputs_one_changed(ms, x):
    @ms.jit
    def fn(a, b):
        b -= 1
        return a + b

    a, b = ms.Tensor(x), ms.Tensor(x.copy())
    return [fn(a, b) for _ in range(2)], a, b


def _pynative_augmented(ms, x):
    t = ms.Tensor(x)
    y = t
    y += 1
    z = t
    z *= 1.5
    return t, y, z


CASES = [
    case("jit_inplace/add_method", _method_add_, _f32()),
    case("jit_inplace/assign", _assign, _f32()),
    case("jit_inplace/setitem_not_written_back", _setitem_not_written, _f32()),
    case("jit_inplace/aliases", _alias, _f32()),
    case("jit_inplace/two_inputs_one_changed", _two_inputs_one_changed, _f32()),
    case("jit_inplace/pynative_augmented_is_new", _pynative_augmented, _i32()),
    case("jit_inplace/graph_cell_input", lambda ms, x: _cell_input(ms, x), _f32(), mode="graph"),
]

for _op in ("+", "-", "*", "/", "//", "%"):
    for _x, _dt in ((_i32(), "i32"), (_f32(), "f32")):
        for _other, _kind in ((1.5, "float"), (2, "int")):
            CASES.append(case(f"jit_inplace/aug_{_dt}_{_kind}_{_op}", _aug_case, _x, _op, _other, False))
        CASES.append(case(f"jit_inplace/aug_{_dt}_tensor_{_op}", _aug_case, _x, _op, 2.5, True))


def _cell_input(ms, x):
    class Net(ms.nn.Cell):
        def construct(self, t):
            t += 2
            return t * 3

    net = Net()
    t = ms.Tensor(x)
    return [net(t) for _ in range(2)], t
