"""``mindspore.mint.optim`` Adam, AdamW and FusedAdamW: MindSpore's mint classes, with their own
state layout (``exp_avg.<p>``, ``exp_avg_sq.<p>``, a float32 ``state_step`` of shape (1,), and with
``amsgrad`` a ``max_exp_avg_sq`` copy of the group's parameters kept in the group) and their
argument checks (types first: ``lr``, ``eps``, ``weight_decay`` and the betas must be floats).

Adam adds L2 weight decay to the gradient; its AMSGrad branch takes the maximum with the group's
``max_exp_avg_sq`` without writing it back, as MindSpore 2.10's mint Adam does (the stored maximum
stays zero, so the step is Adam's). AdamW decays the parameter by ``1 - lr * weight_decay`` first and
keeps the running maximum for AMSGrad, as MindSpore's AdamW kernel documents."""
import jax.numpy as jnp

from mscompat import _checkparam as validator
from mscompat.common import dtype as mstype
from mscompat.common.parameter import Parameter, ParameterTuple
from mscompat.common.tensor import Tensor
from mscompat.experimental.optim.optimizer import Optimizer, check_adam_args
from mscompat.nn.optim._param_arrays import write as _write

__all__ = ["Adam", "AdamW", "FusedAdamW"]


def _check_types(betas, eps, weight_decay, lr, amsgrad, maximize, prim_name):
    validator.check_value_type("betas", betas, [tuple], prim_name)
    validator.check("betas size", len(betas), "", [2], validator.IN, prim_name)
    validator.check_value_type("betas[0]", betas[0], [float], prim_name)
    validator.check_value_type("betas[1]", betas[1], [float], prim_name)
    validator.check_value_type("eps", eps, [float], prim_name)
    validator.check_value_type("weight_decay", weight_decay, [float], prim_name)
    validator.check_value_type("lr", lr, [float], prim_name)
    validator.check_value_type("amsgrad", amsgrad, [bool], prim_name)
    validator.check_value_type("maximize", maximize, [bool], prim_name)


class _MintAdamBase(Optimizer):
    """Checks, defaults and state shared by the mint Adam family."""
    _first_step = 0.0          # state_step's initial value

    def __init__(self, params, lr, betas, eps, weight_decay, amsgrad, maximize):
        _check_types(betas, eps, weight_decay, lr, amsgrad, maximize, self.cls_name)
        check_adam_args(lr, eps, betas, weight_decay)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                                  "amsgrad": amsgrad, "maximize": maximize})
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_avg_sq = self.parameters.clone(prefix="exp_avg_sq", init="zeros")
        self.state_step = Parameter(Tensor([self._first_step], mstype.float32), "state_step")

    def add_param_group(self, param_group):
        super().add_param_group(param_group)
        group = self.param_groups[-1]
        if group.get("amsgrad"):
            group["max_exp_avg_sq"] = ParameterTuple(group["params"]).clone(prefix="max_exp_avg_sq", init="zeros")

    def _advance(self):
        """Count the step; the bias corrections use the number of steps taken (a float32 array)."""
        step = self.state_step._data + 1
        _write(self.state_step, step)
        return step[0] - self._first_step

    def _max_state(self, group, count):
        return group["max_exp_avg_sq"] if group.get("amsgrad") else (None,) * count


class Adam(_MintAdamBase):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False, *,
                 maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)

    def construct(self, gradients):
        step = self._advance()
        for gid, group in enumerate(self.param_groups):
            beta1, beta2 = group["betas"]
            lr = self._group_lr(gid)
            neg_step_size = -lr / (1 - jnp.float32(beta1) ** step)
            bc2_sqrt = jnp.sqrt(1 - jnp.float32(beta2) ** step)
            params, grads, start, end = self._group_slices(gid, gradients, group.get("maximize"),
                                                           group.get("weight_decay"))
            # the hyper-parameters are float32 scalars, ``1 - beta`` taken in float32 (so float64
            # parameters see float32 betas, as in MindSpore's graph of this update)
            b1, b2 = jnp.float32(beta1), jnp.float32(beta2)
            for p, g, m, v, vmax in zip(params, grads, self.exp_avg[start:end], self.exp_avg_sq[start:end],
                                        self._max_state(group, end - start)):
                dt = p._data.dtype
                g = g.astype(dt)
                new_m = m._data * b1.astype(dt) + g * (1 - b1).astype(dt)
                new_v = v._data * b2.astype(dt) + g * g * (1 - b2).astype(dt)
                second = new_v if vmax is None else jnp.maximum(vmax._data, new_v)
                denom = (jnp.sqrt(second) / bc2_sqrt).astype(dt) + jnp.float32(group.get("eps")).astype(dt)
                _write(m, new_m)
                _write(v, new_v)
                _write(p, p._data + neg_step_size.astype(dt) * (new_m / denom))
        return True


class AdamW(_MintAdamBase):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)

    def construct(self, gradients):
        step = self._advance()
        for gid, group in enumerate(self.param_groups):
            beta1, beta2 = group["betas"]
            lr = self._group_lr(gid)
            step_size = lr / (1 - jnp.float32(beta1) ** step)
            bc2_sqrt = jnp.sqrt(1 - jnp.float32(beta2) ** step)
            params, grads, start, end = self._group_slices(gid, gradients, group.get("maximize"))
            for p, g, m, v, vmax in zip(params, grads, self.exp_avg[start:end], self.exp_avg_sq[start:end],
                                        self._max_state(group, end - start)):
                dt = p._data.dtype
                g = g.astype(dt)
                new_p = p._data * (1 - lr * group.get("weight_decay")).astype(dt)
                new_m = m._data * beta1 + g * (1 - beta1)
                new_v = v._data * beta2 + g * g * (1 - beta2)
                second = new_v
                if vmax is not None:
                    second = jnp.maximum(vmax._data, new_v)
                    _write(vmax, second)
                _write(m, new_m)
                _write(v, new_v)
                denom = (jnp.sqrt(second) / bc2_sqrt).astype(dt) + group.get("eps")
                _write(p, new_p - step_size.astype(dt) * (new_m / denom))
        return True


class FusedAdamW(AdamW):
    """AdamW that MindSpore runs as one fused kernel over each group; the same update. Its
    ``state_step`` starts at -1, and ``amsgrad`` must be the same in every group."""
    _first_step = -1.0

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False):
        if isinstance(params, (list, tuple)) and params and isinstance(params[0], dict):
            flags = [bool(g.get("amsgrad", amsgrad)) for g in params]
            if len(set(flags)) != 1:
                raise ValueError(f"FusedAdamW does not support mixed amsgrad across param_groups. Found amsgrad "
                                 f"flags per group: {flags}. Please keep amsgrad consistent.")
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize)
