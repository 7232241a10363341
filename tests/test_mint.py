"""mscompat.mint: the namespaces are generated from the op registry (each mint op is a form of a
registry entry), the alias imports them, and the behaviour MindSpore's CPU build cannot show
(training-mode batch norm, generators, optimizers, in-place collectives) works."""
import subprocess
import sys

import numpy as np
import pytest

import mscompat as ms
from mscompat import mint
from mscompat.ops import _registry


def test_shared_forms_are_the_ops_entries():
    # where mint and ops agree, the mint name is the same public form, and the entry lists it
    assert mint.exp is ms.ops.exp
    assert mint.matmul is ms.ops.matmul
    assert ("", "exp") in _registry.OPS["exp"].mint
    assert mint.nn.functional.gelu is ms.ops.gelu


def test_own_entries_call_the_twin_once_under_a_policy():
    entry = _registry.MINT[""]["cat"]
    assert entry.name == "mint.cat" and entry.kernel == _registry.OPS["concat"].kernel
    assert mint.cat is not ms.ops.cat and mint.concat is mint.cat
    # the policy fields stay on the twin, whose public form the mint kernel calls: one dispatch
    assert not _registry.MINT["nn.functional"]["linear"].has_policy
    calls = []
    old = _registry.HOOK
    _registry.HOOK = lambda entry, prim, fn, inputs, kwargs: calls.append(entry.name) or fn(*inputs, **kwargs)
    try:
        a = ms.Tensor(np.ones((2, 3), np.float32))
        w = ms.Tensor(np.ones((4, 3), np.float32))
        mint.nn.functional.linear(a, w)
    finally:
        _registry.HOOK = old
    assert calls == ["dense"]


def test_namespaces_are_generated_from_the_registry():
    for ns, module in (("", mint), ("nn.functional", mint.nn.functional), ("linalg", mint.linalg),
                       ("special", mint.special)):
        forms = _registry.mint_exports(ns)
        assert forms, ns
        for name, fn in forms.items():
            assert getattr(module, name) is fn, (ns, name)


def test_registering_a_mint_name_twice_is_an_error():
    with pytest.raises(RuntimeError, match="registered twice"):
        _registry.mint_form("", "cat", "concat")


def test_alias_imports_script(tmp_path):
    script = tmp_path / "uses_mint.py"
    script.write_text("from mindspore import mint\nfrom mindspore.mint import nn\n"
                      "x = mint.zeros((2, 3))\nprint(nn.Linear(3, 2)(x).shape)\n")
    out = subprocess.run([sys.executable, "-m", "mscompat", str(script)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "(2, 2)" in out.stdout


def test_batch_norm_training_updates_running_stats():
    bn = mint.nn.BatchNorm2d(2).set_train()
    x = ms.Tensor(np.random.RandomState(0).randn(4, 2, 3, 3).astype(np.float32) * 2 + 1)
    bn(x)
    a = x.asnumpy()
    np.testing.assert_allclose(bn.running_mean.asnumpy(), 0.1 * a.mean((0, 2, 3)), rtol=1e-5)
    np.testing.assert_allclose(bn.running_var.asnumpy(), 0.9 + 0.1 * a.var((0, 2, 3), ddof=1), rtol=1e-5)
    assert int(bn.num_batches_tracked.asnumpy()) == 1


def test_random_draws_follow_the_generator():
    g = ms.Generator()
    g.manual_seed(3)
    a = mint.randn(2, 3, generator=g)
    g.manual_seed(3)
    b = mint.randn((2, 3), generator=g)
    assert a.shape == (2, 3) and a.dtype == ms.float32
    np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
    r = mint.randint(2, 5, (100,))
    assert r.dtype == ms.int64 and 2 <= r.asnumpy().min() and r.asnumpy().max() < 5
    p = mint.randperm(6).asnumpy()
    assert sorted(p.tolist()) == list(range(6))
    with pytest.raises(ValueError):
        mint.randint(5, 2, (3,))


def test_dropout_training_scales_kept_values():
    x = mint.ones((1000,))
    y = mint.nn.functional.dropout(x, 0.25).asnumpy()
    kept = y[y != 0]
    np.testing.assert_allclose(kept, 1 / 0.75, rtol=1e-6)
    assert 0.6 < kept.size / 1000 < 0.9


def test_conv_padding_modes():
    x = mint.randn(1, 2, 5, 5)
    for mode in ("zeros", "reflect", "replicate", "circular"):
        assert mint.nn.Conv2d(2, 3, 3, padding=1, padding_mode=mode)(x).shape == (1, 3, 5, 5)
    assert mint.nn.Conv2d(2, 3, 3, padding="same", dilation=2)(x).shape == (1, 3, 5, 5)
    assert mint.nn.ConvTranspose2d(2, 3, 3, stride=2)(x).shape == (1, 3, 11, 11)


def test_adamw_trains_a_linear_layer():
    ms.set_seed(0)
    net = mint.nn.Linear(3, 1)
    opt = mint.optim.AdamW(net.trainable_params(), lr=0.1)
    x = ms.Tensor(np.random.RandomState(1).rand(16, 3).astype(np.float32))
    y = x.sum(1, keepdims=True)
    step = ms.value_and_grad(lambda: ((net(x) - y) ** 2).mean(), None, opt.parameters)
    first = float(step()[0].asnumpy())
    for _ in range(30):
        loss, grads = step()
        opt(grads)
    assert float(loss.asnumpy()) < first / 4


def test_distributed_single_process_in_place():
    dist = mint.distributed
    dist.init_process_group()
    assert dist.is_initialized() and dist.get_world_size() == 1 and dist.get_rank() == 0
    t = ms.Tensor(np.array([1.0, 2.0], np.float32))
    assert dist.all_reduce(t) is None
    np.testing.assert_allclose(t.asnumpy(), [1.0, 2.0])
    handle = dist.all_reduce(t, op="avg", async_op=True)
    handle.wait()
    np.testing.assert_allclose(t.asnumpy(), [1.0, 2.0])
    assert dist.all_reduce is ms.ops.all_reduce      # the registry's communication entry
    got = [ms.Tensor(np.zeros(2, np.float32))]
    dist.gather(t, got, dst=0)
    np.testing.assert_allclose(got[0].asnumpy(), [1.0, 2.0])
    out = ms.Tensor(np.zeros(2, np.float32))
    dist.scatter(out, [ms.Tensor(np.array([5.0, 6.0], np.float32))], src=0)
    np.testing.assert_allclose(out.asnumpy(), [5.0, 6.0])
    with pytest.raises(TypeError):
        dist.all_reduce(t, op="mean")
    with pytest.raises(TypeError):
        dist.get_rank(group=1)
