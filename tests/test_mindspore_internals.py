"""MindSpore's private internals that model packages import (mindone's diffusers and transformers):
``_c_expression.amp`` (AMP strategies), ``common.api._function_forbid_reuse``, the private helpers
of ``ops.function.nn_func`` and the ``mindspore`` distribution metadata the alias provides. The
expected values are real MindSpore 2.10's (checked on it)."""
import importlib.metadata
import threading

import numpy as np
import pytest

import mscompat as ms
from mscompat import alias, ops
from mscompat._c_expression import amp
from mscompat.common.api import _function_forbid_reuse
from mscompat.ops.function import nn_func

L = amp.AmpLevel
S = amp.PrimCastStrategy


def _x(*shape):
    return ms.Tensor(np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape) / 10)


# --- _c_expression.amp ----------------------------------------------------------------------------
def test_amp_level_is_an_int_enum_printed_by_name():
    assert [int(v) for v in L] == [0, 1, 2, 3, 4] and L(2) is L.AmpO2 and L.AmpO3 == 3
    assert str(L.AmpAuto) == "AmpLevel.AmpAuto" and repr(L.AmpO3) == "<AmpLevel.AmpO3: 3>"
    assert list(S.__members__) == ["AmpIgnore", "AmpDoCast", "AmpSetDtype", "AmpSetDtypeOpt", "AmpAutoPromote"]


def test_create_amp_strategy_keeps_its_arguments():
    s = amp.create_amp_strategy(L.AmpO1, ms.float16, (("MatMul", (1,)),), [["Softmax", []]])
    assert s.get_amp_level() is L.AmpO1 and s.get_amp_dtype() == ms.float16
    assert s.get_white_list() == [("MatMul", [1])] and s.get_black_list() == [("Softmax", [])]
    assert amp.create_amp_strategy(L.AmpO1, None, [], []).get_amp_dtype() is None
    with pytest.raises(TypeError, match="No constructor defined"):
        amp.AmpStrategy()


@pytest.mark.parametrize("args", [
    (3, ms.float16, [], []),                              # an int, not an AmpLevel
    (L.AmpO1, "float16", [], []),                         # a string, not a dtype
    (L.AmpO1, ms.float16, [("MatMul",)], []),            # an entry without positions
    (L.AmpO1, ms.float16, [("MatMul", [1.5])], []),      # a float position
    (L.AmpO1, ms.float16, [], None),
    (L.AmpO1, ms.float16, []),
])
def test_create_amp_strategy_rejects_other_arguments(args):
    with pytest.raises(TypeError, match=r"create_amp_strategy\(\): incompatible function arguments"):
        amp.create_amp_strategy(*args)


def test_prim_cast_strategy_info_follows_the_level_rules():
    white, black = [("MatMul", []), ("Conv2D", [1])], [("Softmax", []), ("Exp", [])]
    f16, f32 = ms.float16, ms.float32
    cast, ignore = S.AmpDoCast, S.AmpIgnore
    expected = {    # MindSpore 2.10: {level: {prim: (strategy, dtype, arg_pos)}}
        L.AmpO0: {"MatMul": (ignore, f32, []), "Softmax": (ignore, f32, []), "Add": (ignore, f32, [])},
        L.AmpO1: {"MatMul": (cast, f16, []), "Conv2D": (cast, f16, [1]), "Softmax": (ignore, f32, []),
                  "Add": (ignore, f32, [])},
        L.AmpO2: {"MatMul": (cast, f16, []), "Conv2D": (cast, f16, []), "Softmax": (cast, f32, []),
                  "Add": (cast, f16, [])},
        L.AmpO3: {"Conv2D": (cast, f16, []), "Softmax": (cast, f16, []), "Add": (cast, f16, [])},
        L.AmpAuto: {"MatMul": (cast, f16, []), "Conv2D": (cast, f16, [1]), "Exp": (cast, f32, []),
                    "Add": (ignore, f32, []), "Concat": (S.AmpAutoPromote, f32, [])},
    }
    for level, table in expected.items():
        s = amp.create_amp_strategy(level, f16, white, black)
        for prim, want in table.items():
            info = amp.get_prim_cast_strategy_info(s, prim)
            assert (info.strategy, info.dtype, info.arg_pos) == want, (level, prim)
    with pytest.raises(TypeError):
        amp.get_prim_cast_strategy_info(None, "MatMul")


def test_push_pop_amp_strategy_is_a_per_thread_stack():
    assert amp.get_curr_amp_strategy() is None
    amp.pop_amp_strategy()                         # nothing pushed: no effect
    amp.push_amp_strategy(L.AmpO2, ms.float16, [], [])
    amp.push_amp_strategy(L.AmpO1, ms.bfloat16, [("MatMul", [])], [])
    seen = []
    t = threading.Thread(target=lambda: seen.append(amp.get_curr_amp_strategy()))
    t.start()
    t.join()
    assert seen == [None]
    assert amp.get_curr_amp_strategy().get_amp_dtype() == ms.bfloat16
    amp.pop_amp_strategy()
    assert amp.get_curr_amp_strategy().get_amp_level() is L.AmpO2
    amp.pop_amp_strategy()
    assert amp.get_curr_amp_strategy() is None


def test_pushed_auto_strategy_casts_the_operators_until_popped():
    x = _x(2, 2)
    amp.push_amp_strategy(L.AmpAuto, ms.float16, [("MatMul", [])], [("Exp", [])])
    try:
        assert ops.MatMul()(x, x).dtype == ms.float16                    # white: low precision
        assert ops.exp(x.astype(ms.float16)).dtype == ms.float32          # black: float32
        assert ops.add(x, x).dtype == ms.float32                          # neither: as given
    finally:
        amp.pop_amp_strategy()
    assert ops.MatMul()(x, x).dtype == ms.float32


def test_auto_mixed_precision_auto_gives_the_network_its_strategy():
    class Net(ms.nn.Cell):
        def construct(self, x):
            self.current = amp.get_curr_amp_strategy()
            return ops.MatMul()(x, x)

    net = ms.amp.auto_mixed_precision(Net(), "auto", ms.float16)
    s = net.amp_strategy
    assert isinstance(s, amp.AmpStrategy) and s.get_amp_level() is L.AmpAuto and s.get_amp_dtype() == ms.float16
    assert ("MatMul", []) in s.get_white_list() and ("Softmax", []) in s.get_black_list()
    assert net(_x(2, 2)).dtype == ms.float16 and net.current is s
    assert amp.get_curr_amp_strategy() is None


# --- common.api._function_forbid_reuse ----------------------------------------------------------
def test_function_forbid_reuse_marks_functions_only():
    def draw(x):
        return x

    assert _function_forbid_reuse(draw) is draw and draw.__function_forbid_reuse__ is True
    with pytest.raises(TypeError, match="can only be used for function type"):
        _function_forbid_reuse(ops.Dropout)


# --- ops.function.nn_func private helpers -------------------------------------------------------
def test_interpolate_helpers():
    x = _x(1, 2, 5, 7)
    assert nn_func._interploate_ext_make_tuple(x, 2) == (2, 2)
    assert nn_func._interploate_ext_make_tuple(x, 1.5) == (1.5, 1.5)
    assert nn_func._interploate_ext_make_tuple(x, [3]) == [3]
    assert nn_func._interpolate_ext_scale_factor_convert_size(x, (1.5, 2.3)) == (7, 16)
    assert nn_func._interpolate_ext_scale_factor_convert_size(x, (2,)) == (10,)
    assert nn_func._interpolate_ext_scale_factor_convert_size(x, [2, 3, 4]) == (10, 21)


def test_inner_pad_and_dropout():
    m = ms.Tensor(np.array([[True, False]]))
    out = nn_func._inner_pad(m, (0, 1))
    assert out.dtype == ms.bool_ and out.asnumpy().tolist() == [[True, False, False]]
    assert nn_func._inner_pad(_x(1, 2) + 1, (1, 1), 5.0).asnumpy().tolist() == [[5.0, 1.0, 1.100000023841858, 5.0]]
    x = _x(4, 8)
    assert nn_func._inner_dropout(x, 0.5, False) is x and nn_func._inner_dropout(x, 0.0, True) is x
    assert nn_func._inner_dropout(x, 1.5, True) is x
    kept = nn_func._inner_dropout(x + 1, 0.5, True).asnumpy()
    assert set(np.unique(np.round(kept / (x.asnumpy() + 1), 4))) <= {0.0, 2.0}
    with pytest.raises(RuntimeError, match="keep_prob"):
        nn_func._inner_dropout(x, 1.0, True)


def test_in_projection_packed_and_separate():
    q = ms.Tensor(np.ones((3, 2, 4), np.float32))
    w = ms.Tensor(np.arange(48, dtype=np.float32).reshape(12, 4) / 10)
    b = ms.Tensor(np.arange(12, dtype=np.float32))
    for k_is_v, q_is_k in ((True, True), (True, False), (False, False)):
        out = nn_func._in_projection_packed(q, q, q, w, b, k_is_v, q_is_k)
        assert isinstance(out, tuple) and [t.shape for t in out] == [(3, 2, 4)] * 3
        np.testing.assert_allclose(out[2].asnumpy()[0, 0], [21.4, 24.0, 26.6, 29.2], rtol=1e-6)
    out = nn_func._in_projection(q, q, q, w[:4], w[4:8], w[8:], b[:4], None, b[8:])
    np.testing.assert_allclose(out[0].asnumpy()[0, 0], [0.6, 3.2, 5.8, 8.4], rtol=1e-6)
    np.testing.assert_allclose(nn_func.linear(q, w[:4], None).asnumpy()[0, 0], [0.6, 2.2, 3.8, 5.4], rtol=1e-6)
    with pytest.raises(ValueError, match=r"Expecting query bias shape of \(4,\), but got \(3,\)"):
        nn_func._in_projection(q, q, q, w[:4], w[4:8], w[8:], b[:3])
    with pytest.raises(ValueError, match=r"Expecting key weights shape of \(4, 4\)"):
        nn_func._in_projection(q, q, q, w[:4], w[4:7], w[8:])


def test_attention_shape_checks():
    assert nn_func._check_qkv_shape(3, 3, 3) is True and nn_func._check_qkv_shape(2, 2, 2) is False
    with pytest.raises(ValueError, match="For batched `query`, the `key` and `value` must be 3D tensor, "
                                         "but got `key` with 3D and `value` with 2D."):
        nn_func._check_qkv_shape(3, 3, 2)
    with pytest.raises(ValueError, match="but got `query` with 4D"):
        nn_func._check_qkv_shape(4, 3, 3)
    assert nn_func._check_kpm_shape(3, 2) is None and nn_func._check_kpm_shape(2, 1) is None
    with pytest.raises(ValueError, match="the `key_padding_mask` must be `None` or 1D"):
        nn_func._check_kpm_shape(2, 2)
    assert nn_func._check_attn_mask_shape(2, (3, 4), (5, 4), 3, (2, 3, 5), 2) is None
    with pytest.raises(ValueError, match=r"must to be \(2, 3, 5\), but got \(2, 3, 4\)"):
        nn_func._check_attn_mask_shape(2, (3, 4), (5, 4), 3, (2, 3, 4), 2)
    with pytest.raises(ValueError, match="`attn_mask` must be `None`, 2-D or 3-D"):
        nn_func._check_attn_mask_shape(3, (3, 2, 4), (5, 2, 4), 4, (1, 2, 3, 5), 2)


# --- the distribution metadata ------------------------------------------------------------------
def test_alias_gives_mindspore_distribution_metadata():
    was = alias.is_installed()
    alias.install()
    try:
        assert importlib.metadata.version("mindspore") == ms.__version__
        assert importlib.metadata.metadata("MindSpore")["Name"] == "mindspore"
    finally:
        if not was:
            alias.uninstall()
    if not was:
        with pytest.raises(importlib.metadata.PackageNotFoundError):
            importlib.metadata.version("mindspore")
