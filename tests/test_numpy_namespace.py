"""``mscompat.numpy`` (``mindspore.numpy``): import paths under the alias, the namespace,
dtype defaults, and use inside compiled code (``ms.jit``, GRAPH_MODE Cells, ``jax.jit``)."""
import os
import pathlib
import subprocess
import sys
import textwrap

import numpy as np
import jax

import mscompat as ms
import mscompat.numpy as mnp

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_submodules_import_under_the_alias(tmp_path):
    script = tmp_path / "use_mnp.py"
    script.write_text(textwrap.dedent("""
        import mindspore
        import mindspore.numpy as mnp
        import mindspore.numpy.math_ops
        from mindspore.numpy import array_ops, array_creations, logic_ops, dtypes, utils, fft
        from mindspore.numpy.math_ops import tensordot
        from mindspore.numpy.array_creations import arange
        from mindspore.numpy.dtypes import promotion_rule
        assert mnp is mindspore.numpy and mnp.__name__ == "mscompat.numpy"
        assert mindspore.numpy.math_ops.tensordot is tensordot is mnp.tensordot
        assert arange is mnp.arange and array_ops.tile is mnp.tile and fft.fft is mnp.fft.fft
        print(mnp.arange(3).dtype, len(mnp.__all__), len(promotion_rule))
    """))
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "mscompat", str(script)], capture_output=True, text=True,
                         env=env, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["Int32", "250", "66"]


def test_namespace_matches_mindspore_2_10():
    # MindSpore 2.10 lists 250 entries (not_equal twice); around, copy, matrix_power are extra
    assert len(mnp.__all__) == 250 and mnp.__all__.count("not_equal") == 2
    for name in set(mnp.__all__) | {"around", "copy", "matrix_power", "round", "uint", "inf", "nan", "pi"}:
        assert hasattr(mnp, name), name
    assert mnp.abs is mnp.absolute and mnp.max is mnp.amax and mnp.bitwise_not is mnp.invert
    assert ms.numpy is mnp


def test_defaults_are_32_bit():
    assert mnp.arange(3).dtype == ms.int32
    assert mnp.array([1.5]).dtype == ms.float32
    assert mnp.ones(2).dtype == mnp.zeros(2).dtype == mnp.eye(2).dtype == ms.float32
    assert mnp.full(2, 1).dtype == ms.int32 and mnp.full(2, True).dtype == ms.bool_
    assert mnp.add(ms.Tensor([1, 2], ms.int32), 1.5).dtype == ms.float32
    assert mnp.int_ == ms.int32 and mnp.float_ == ms.float32


def _model_math(x):
    grid = mnp.stack(mnp.meshgrid(mnp.arange(x.shape[1]), mnp.arange(x.shape[0]), indexing="ij"))
    y = mnp.tile(mnp.expand_dims(x, 0), (2, 1, 1)) + grid.astype(x.dtype).transpose(0, 2, 1)
    y = mnp.where(mnp.isin(mnp.arange(x.shape[1]), mnp.array([0, 2])), y, mnp.zeros(y.shape))
    return mnp.mean(mnp.roll(y, 1, 2), axis=0) + mnp.std(x) + mnp.sum(mnp.split(x, 2, 0)[0])


def test_traceable_in_ms_jit_and_jax_jit():
    x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(4, 3))
    eager = _model_math(x).asnumpy()
    jitted = ms.jit(_model_math)(x).asnumpy()
    np.testing.assert_allclose(jitted, eager, rtol=1e-6)
    via_jax = jax.jit(lambda a: _model_math(ms.Tensor._wrap(a))._data)(x._data)
    np.testing.assert_allclose(np.asarray(via_jax), eager, rtol=1e-6)


def test_graph_mode_cell_and_gradient():
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.ones((3,), np.float32)), name="w")

        def construct(self, x):
            return mnp.sum(mnp.square(mnp.multiply(x, mnp.broadcast_to(self.w, x.shape))))

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = Net()
        x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
        loss = net(x)
        grads = ms.grad(net, grad_position=None, weights=net.trainable_params())(x)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert float(loss) == float((np.arange(6) ** 2).sum())
    np.testing.assert_allclose(grads[0].asnumpy(), 2 * (np.arange(6).reshape(2, 3) ** 2).sum(0))
