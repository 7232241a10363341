"""MindSpore's private internals that model packages (mindone's diffusers and transformers) import:
``_c_expression.amp`` (AMP strategies and their stack), ``common.api._function_forbid_reuse`` and
the private helpers of ``ops.function.nn_func``. Each case imports the path under the package being
tested (``mindspore`` or ``mscompat``)."""
import importlib

import numpy as np

from parity_tests.harness import case, F32


def _mod(ms, path):
    return importlib.import_module(f"{ms.__name__}.{path}")


def _amp(ms):
    return _mod(ms, "_c_expression.amp")


def _nn_func(ms):
    return _mod(ms, "ops.function.nn_func")


_WHITE = [("MatMul", []), ("Conv2D", [1])]
_BLACK = [("Softmax", []), ("Exp", [])]
_PRIMS = ("MatMul", "Conv2D", "Softmax", "Add", "Concat", "Exp", "AddN")


def _cast_info(level):
    def fn(ms):
        amp = _amp(ms)
        s = amp.create_amp_strategy(getattr(amp.AmpLevel, level), ms.float16, _WHITE, _BLACK)
        return [(str(i.strategy), i.dtype, list(i.arg_pos))
                for i in (amp.get_prim_cast_strategy_info(s, p) for p in _PRIMS)]
    return case(f"internals/amp/cast_info/{level}", fn)


def _strategy_getters(ms):
    amp = _amp(ms)
    s = amp.create_amp_strategy(amp.AmpLevel.AmpO2, ms.bfloat16, (("MatMul", (1,)),), [["Exp", []]])
    return (str(s.get_amp_level()), int(s.get_amp_level()), s.get_amp_dtype(), s.get_white_list(),
            s.get_black_list())


def _levels(ms):
    amp = _amp(ms)
    return ([(m, int(v), str(v)) for m, v in amp.AmpLevel.__members__.items()],
            [(m, int(v)) for m, v in amp.PrimCastStrategy.__members__.items()],
            str(amp.AmpLevel(3)), amp.AmpLevel.AmpAuto == 4)


def _stack(ms):
    amp = _amp(ms)
    seen = [amp.get_curr_amp_strategy() is None]
    amp.pop_amp_strategy()                       # an empty stack: no effect
    amp.push_amp_strategy(amp.AmpLevel.AmpO2, ms.float16, [], [])
    amp.push_amp_strategy(amp.AmpLevel.AmpO1, None, [("MatMul", [])], [])
    seen.append((str(amp.get_curr_amp_strategy().get_amp_level()), amp.get_curr_amp_strategy().get_amp_dtype()))
    amp.pop_amp_strategy()
    seen.append(str(amp.get_curr_amp_strategy().get_amp_level()))
    amp.pop_amp_strategy()
    seen.append(amp.get_curr_amp_strategy() is None)
    return seen


def _pushed_auto(ms):
    amp = _amp(ms)
    x = ms.Tensor(np.arange(4, dtype=np.float32).reshape(2, 2) / 4)
    amp.push_amp_strategy(amp.AmpLevel.AmpAuto, ms.float16, [("MatMul", [])], [("Exp", [])])
    try:
        out = (ms.ops.MatMul()(x, x), ms.ops.exp(x.astype(ms.float16)), ms.ops.add(x, x))
    finally:
        amp.pop_amp_strategy()
    return out + (ms.ops.MatMul()(x, x),)


def _auto_network_strategy(ms):
    amp = _amp(ms)
    net = ms.amp.auto_mixed_precision(ms.nn.Dense(2, 2), "auto", ms.bfloat16)
    s = net.amp_strategy
    return (isinstance(s, amp.AmpStrategy), str(s.get_amp_level()), s.get_amp_dtype(),
            ("MatMul", []) in s.get_white_list(), ("Softmax", []) in s.get_black_list())


def _forbid_reuse(ms):
    api = _mod(ms, "common.api")

    def draw(x):
        return x
    return api._function_forbid_reuse(draw) is draw, draw.__function_forbid_reuse__


_BAD_STRATEGIES = {
    "int_level": lambda amp, ms: (3, ms.float16, [], []),
    "str_dtype": lambda amp, ms: (amp.AmpLevel.AmpO1, "float16", [], []),
    "entry_without_positions": lambda amp, ms: (amp.AmpLevel.AmpO1, ms.float16, [("MatMul",)], []),
    "float_position": lambda amp, ms: (amp.AmpLevel.AmpO1, ms.float16, [("MatMul", [1.5])], []),
    "none_list": lambda amp, ms: (amp.AmpLevel.AmpO1, ms.float16, [], None),
    "three_args": lambda amp, ms: (amp.AmpLevel.AmpO1, ms.float16, []),
}


def _bad_strategy(tag, make):
    def fn(ms):
        amp = _amp(ms)
        return amp.create_amp_strategy(*make(amp, ms))
    return case(f"internals/amp/create_bad/{tag}", fn, error=True)


def _make_tuple(ms, x):
    f = _nn_func(ms)
    return (f._interploate_ext_make_tuple(x, 2), f._interploate_ext_make_tuple(x, 1.5),
            f._interploate_ext_make_tuple(x, [3]), f._interploate_ext_make_tuple(x, (3, 4)))


def _convert_size(ms, x):
    f = _nn_func(ms)
    return (f._interpolate_ext_scale_factor_convert_size(x, (1.5, 2.3)),
            f._interpolate_ext_scale_factor_convert_size(x, (2,)),
            f._interpolate_ext_scale_factor_convert_size(x, [2, 3, 4]))


def _inner_pad(ms, x):
    f = _nn_func(ms)
    mask = ms.Tensor(np.array([[True, False], [False, True]]))
    return f._inner_pad(mask, (0, 1)), f._inner_pad(x, (1, 2), 5.0), f._inner_pad(x, (1, 1, 1, 0))


def _inner_dropout_identity(ms, x):
    f = _nn_func(ms)
    return (f._inner_dropout(x, 0.5, False) is x, f._inner_dropout(x, 0.0, True) is x,
            f._inner_dropout(x, 1.5, True) is x, f._inner_dropout(x, 0.3, True).shape)


def _projections(ms, q, w, b):
    f = _nn_func(ms)
    out = []
    for k_is_v, q_is_k in ((True, True), (True, False), (False, False)):
        out.append(f._in_projection_packed(q, q, q, w, b, k_is_v, q_is_k))
    out.append(f._in_projection_packed(q, q, q, w, None, False, False))
    out.append(f._in_projection(q, q, q, w[:4], w[4:8], w[8:], b[:4], None, b[8:]))
    out.append(f.linear(q, w[:4], b[:4]))
    return out


def _checks(ms):
    f = _nn_func(ms)
    return (f._check_qkv_shape(3, 3, 3), f._check_qkv_shape(2, 2, 2), f._check_kpm_shape(3, 2),
            f._check_kpm_shape(2, 1), f._check_kpm_shape(4, 7), f._check_attn_mask_shape(2, (3, 4), (5, 4), 3, (2, 3, 5), 2),
            f._check_attn_mask_shape(3, (3, 2, 4), (5, 2, 4), 2, (3, 5), 2))


_BAD_CHECKS = {
    "qkv_key_rank": lambda f: f._check_qkv_shape(3, 2, 3),
    "qkv_unbatched_value_rank": lambda f: f._check_qkv_shape(2, 2, 3),
    "qkv_query_rank": lambda f: f._check_qkv_shape(4, 4, 4),
    "kpm_batched": lambda f: f._check_kpm_shape(3, 1),
    "kpm_unbatched": lambda f: f._check_kpm_shape(2, 2),
    "attn_mask_rank": lambda f: f._check_attn_mask_shape(3, (3, 2, 4), (5, 2, 4), 4, (1, 2, 3, 5), 2),
    "attn_mask_unbatched_shape": lambda f: f._check_attn_mask_shape(2, (3, 4), (5, 4), 3, (2, 3, 4), 2),
}

_Q = np.ones((3, 2, 4), np.float32)
_W = (np.arange(48, dtype=np.float32).reshape(12, 4) / 10).astype(np.float32)
_B = np.arange(12, dtype=np.float32)

CASES = [
    *[_cast_info(level) for level in ("AmpO0", "AmpO1", "AmpO2", "AmpO3", "AmpAuto")],
    case("internals/amp/strategy_getters", _strategy_getters),
    case("internals/amp/levels", _levels),
    case("internals/amp/stack", _stack),
    case("internals/amp/pushed_auto_casts", _pushed_auto),
    case("internals/amp/auto_network_strategy", _auto_network_strategy),
    case("internals/amp/cast_info_bad_strategy",
         lambda ms: _amp(ms).get_prim_cast_strategy_info("AmpO1", "MatMul"), error=True),
    case("internals/amp/no_constructor", lambda ms: _amp(ms).AmpStrategy(), error=True),
    *[_bad_strategy(tag, make) for tag, make in _BAD_STRATEGIES.items()],
    case("internals/forbid_reuse/marks", _forbid_reuse),
    case("internals/forbid_reuse/not_function",
         lambda ms: _mod(ms, "common.api")._function_forbid_reuse(ms.nn.Dense), error=True),
    case("internals/nn_func/make_tuple", _make_tuple, F32(1, 2, 5, 7)),
    case("internals/nn_func/convert_size", _convert_size, F32(1, 2, 5, 7)),
    case("internals/nn_func/inner_pad", _inner_pad, F32(2, 3)),
    case("internals/nn_func/inner_dropout_identity", _inner_dropout_identity, F32(4, 8)),
    case("internals/nn_func/inner_dropout_p1", lambda ms, x: _nn_func(ms)._inner_dropout(x, 1.0, True),
         F32(4, 8), error=True),
    case("internals/nn_func/projections", _projections, _Q, _W, _B),
    case("internals/nn_func/in_projection_bad_bias",
         lambda ms, q, w, b: _nn_func(ms)._in_projection(q, q, q, w[:4], w[4:8], w[8:], b[:3]), _Q, _W, _B,
         error=True),
    case("internals/nn_func/in_projection_bad_weight",
         lambda ms, q, w, b: _nn_func(ms)._in_projection(q, q, q, w[:4], w[4:7], w[8:]), _Q, _W, _B, error=True),
    case("internals/nn_func/shape_checks", _checks),
    *[case(f"internals/nn_func/check_bad/{tag}", (lambda fn: lambda ms: fn(_nn_func(ms)))(fn), error=True)
      for tag, fn in _BAD_CHECKS.items()],
]
