"""mint.optim behaviour that real MindSpore 2.10's CPU build cannot show (its ``FusedAdamW`` cannot
be built there and its ``AdamW`` has no kernel), checked against MindSpore's mint sources: the
state layout, FusedAdamW's single ``amsgrad`` rule and its update (AdamW's), and AMSGrad's running
maximum in AdamW. Values of the other steps are in parity_tests/cases/mint_cover_optim.py."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import mint


def _net():
    net = ms.nn.Dense(4, 3)
    rs = np.random.RandomState(0)
    net.weight.set_data(ms.Tensor(rs.uniform(-1, 1, (3, 4)).astype(np.float32)))
    net.bias.set_data(ms.Tensor(rs.uniform(-1, 1, (3,)).astype(np.float32)))
    return net


def _steps(opt_cls, n=3, **kw):
    net = _net()
    opt = opt_cls(net.trainable_params(), **kw)
    x = ms.Tensor(np.random.RandomState(1).uniform(-1, 1, (5, 4)).astype(np.float32))
    grad_fn = ms.value_and_grad(lambda: (net(x) ** 2).mean(), None, opt.parameters)
    for _ in range(n):
        opt(grad_fn()[1])
    return net, opt


def test_fused_adamw_state_and_update_match_adamw():
    net, opt = _steps(mint.optim.FusedAdamW, lr=0.05, weight_decay=0.1)
    ref, _ = _steps(mint.optim.AdamW, lr=0.05, weight_decay=0.1)
    names = sorted(p.name for p in opt.get_parameters())
    assert names == ["bias", "exp_avg.bias", "exp_avg.weight", "exp_avg_sq.bias", "exp_avg_sq.weight",
                     "state_step", "weight"]
    # MindSpore's FusedAdamW counts from -1: after 3 steps its state_step holds 2
    assert opt.state_step.shape == (1,) and opt.state_step.dtype == ms.float32
    np.testing.assert_allclose(opt.state_step.asnumpy(), [2.0])
    for a, b in zip(net.trainable_params(), ref.trainable_params()):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-6, atol=1e-7)


def test_fused_adamw_rejects_mixed_amsgrad():
    p = _net().trainable_params()
    with pytest.raises(ValueError, match="mixed amsgrad"):
        mint.optim.FusedAdamW([{"params": [p[0]], "amsgrad": True}, {"params": [p[1]]}])


def test_adamw_amsgrad_keeps_the_running_maximum():
    _, opt = _steps(mint.optim.AdamW, lr=0.05, amsgrad=True)
    vmax = opt.param_groups[0]["max_exp_avg_sq"]
    assert [p.name for p in vmax] == ["max_exp_avg_sq.weight", "max_exp_avg_sq.bias"]
    for m, v in zip(vmax, opt.exp_avg_sq):
        assert np.all(m.asnumpy() >= v.asnumpy()) and np.any(m.asnumpy() > 0)


def test_adam_amsgrad_maximum_is_never_written():
    # MindSpore's mint Adam takes the maximum with the group's max_exp_avg_sq but does not store it
    _, opt = _steps(mint.optim.Adam, lr=0.05, amsgrad=True)
    assert all(not np.any(m.asnumpy()) for m in opt.param_groups[0]["max_exp_avg_sq"])


def test_sgd_state_and_lr_float():
    _, opt = _steps(mint.optim.SGD, lr=0.1, momentum=0.9)
    assert opt.step_t.dtype == ms.int32 and int(opt.step_t.asnumpy()) == 3
    assert opt.param_groups[0]["lr_float"] == 0.1
    assert sorted(p.name for p in opt.momentum_buf) == ["momentum_buf.bias", "momentum_buf.weight"]


def test_argument_types_are_checked_first():
    p = _net().trainable_params()
    with pytest.raises(TypeError):
        mint.optim.Adam(p, lr=1)            # lr must be a float for mint's Adam
    with pytest.raises(TypeError):
        mint.optim.AdamW(p, betas=(0.9, 1))
    with pytest.raises(ValueError):
        mint.optim.SGD(p, lr=0.1, nesterov=True)
