"""PyTorch (CPU) as the second oracle, for ``mindspore.mint`` ops MindSpore 2.10's CPU build lacks.

``mint`` is documented as aligned with PyTorch. Where real MindSpore cannot run a mint op on CPU
(its pyboost kernel is unregistered there), a case names ``torch_ref=lambda torch, *inputs: ...``:
the same computation written with PyTorch, run in the test process (torch and jax share ``.venv``;
numpy inputs become ``torch.Tensor``). Its result is normalized like MindSpore's, torch dtypes
mapped to MindSpore's dtype names, and compared with mscompat's under the one tolerance policy of
``harness.py``. The MindSpore oracle still runs the mint op: where its CPU build does run it, the
case is compared with both. See ``test_ops_parity.py`` for how bad-input cases use the two.

torch is imported on first use only: the MindSpore oracle's interpreter imports the case tables
(which import :func:`torch_grad` from here) and has no torch.
"""
import importlib

import numpy as np

from parity_tests.harness import Raw, error_message, normalize

__all__ = ["available", "run", "torch_grad", "kernel_missing", "torch_dtype_name", "functional", "torch_set"]

_state = {"torch": None, "reason": None}

# torch dtype name -> MindSpore dtype name (str(mindspore.float32) == "Float32", ...)
_DTYPES = {
    "float16": "Float16", "bfloat16": "BFloat16", "float32": "Float32", "float64": "Float64",
    "int8": "Int8", "int16": "Int16", "int32": "Int32", "int64": "Int64",
    "uint8": "UInt8", "uint16": "UInt16", "uint32": "UInt32", "uint64": "UInt64",
    "bool": "Bool", "complex64": "Complex64", "complex128": "Complex128",
}

# Messages with which MindSpore 2.10's CPU build reports that it has no kernel for an op (the
# error comes from kernel selection, not from checking the arguments): "The kernel X unregistered",
# "Create kernelmod for op X failed", "should not come here for X py_method" (the Python-side
# dispatch of a pyboost op with no CPU implementation, e.g. kthvalue), Ascend-only ops, ...
_KERNEL_MISSING = ("unregistered", "Create kernelmod for op", "should not come here for", "Not implement exception",
                   "Unsupported op", "is not supported on this device", "only supports Ascend", "support Ascend only",
                   "Not found op", "Create device context failed", "not run on MindSpore's CPU build",
                   "crashes MindSpore's CPU build")


def _torch():
    """The torch module, imported once; None (and the reason in ``_state``) when it does not import."""
    if _state["torch"] is None and _state["reason"] is None:
        try:
            _state["torch"] = importlib.import_module("torch")
        except ImportError as e:
            _state["reason"] = (f"PyTorch (the second oracle, for mint ops MindSpore's CPU build lacks) does not "
                                f"import: {e}; install the test extra (pip install -e '.[test]', torch==2.13.0)")
    return _state["torch"]


def available():
    """``(True, None)`` or ``(False, reason)``."""
    return (True, None) if _torch() is not None else (False, _state["reason"])


def kernel_missing(result):
    """Whether a normalized MindSpore result is the CPU build's "no kernel for this op" error."""
    return result.get("t") == "error" and any(s in result.get("msg", "") for s in _KERNEL_MISSING)


def torch_dtype_name(dtype):
    """MindSpore's name of a torch dtype (``torch.float32`` -> ``"Float32"``)."""
    return _DTYPES[str(dtype).replace("torch.", "")]


def _normalize(x):
    torch = _state["torch"]
    if isinstance(x, torch.Tensor):
        t = x.detach().cpu().resolve_conj()
        value = normalize(np.asarray(t.to(torch.float32) if t.dtype == torch.bfloat16 else t).copy())["value"]
        return {"t": "tensor", "dtype": torch_dtype_name(t.dtype), "shape": list(t.shape), "value": value}
    if isinstance(x, torch.dtype):
        return {"t": "dtype", "value": torch_dtype_name(x)}
    if isinstance(x, (tuple, list)):   # torch.Size and torch.return_types.* are tuples
        return {"t": "seq", "kind": type(x).__name__ if type(x) in (tuple, list) else "tuple",
                "items": [_normalize(v) for v in x]}
    return normalize(x)


def _tensor(a):
    torch = _state["torch"]
    return torch.from_numpy(np.array(a, copy=True))


def run(case_):
    """The normalized result of ``case_.torch_ref`` on PyTorch (an ``error`` result if it raised)."""
    torch = _torch()
    if torch is None:
        raise RuntimeError(_state["reason"])
    try:
        args = [_tensor(a) if isinstance(a, np.ndarray) else (a.value if isinstance(a, Raw) else a)
                for a in case_.inputs]
        return _normalize(case_.torch_ref(torch, *args))
    except Exception as e:  # the exception class is part of the result
        return {"t": "error", "cls": type(e).__name__, "msg": error_message(e)}


def torch_grad(fn, grad_position=0):
    """PyTorch's counterpart of ``ms.grad(fn, grad_position)``: the gradient of ``fn``'s output
    (summed, i.e. a sensitivity of ones) with respect to the inputs at ``grad_position`` (an int:
    one tensor; a tuple: a tuple of tensors)."""
    def grad_fn(*args):
        torch = _torch()
        positions = (grad_position,) if isinstance(grad_position, int) else tuple(grad_position)
        args = list(args)
        for p in positions:
            args[p] = args[p].detach().clone().requires_grad_(True)
        out = fn(*args)
        grads = torch.autograd.grad(out, [args[p] for p in positions], torch.ones_like(out), allow_unused=True)
        grads = tuple(torch.zeros_like(args[p]) if g is None else g for p, g in zip(positions, grads))
        return grads[0] if isinstance(grad_position, int) else grads
    return grad_fn


def functional(m):
    """``mint.nn.functional`` of MindSpore/mscompat, or ``torch.nn.functional`` (for cases whose
    ``fn`` and ``torch_ref`` share one lambda body)."""
    return m.mint.nn.functional if hasattr(m, "mint") else m.nn.functional


def torch_set(net, **values):
    """The ``torch.nn`` layer ``net`` with its parameters set to the given tensors (the weights the
    MindSpore side sets with ``set_data``)."""
    for name, v in values.items():
        getattr(net, name).data = v.clone()
    return net


def report(prefix="mint"):
    """Print, for the bad-input torch cases of the tables named ``prefix*``, what each oracle
    raised and the class mscompat must raise (``python -m parity_tests.torch_oracle [PREFIX]``;
    needs the MindSpore oracle's results)."""
    from parity_tests import oracle
    from parity_tests.cases import all_cases
    results, reason = oracle.load_results()
    if results is None:
        raise SystemExit(reason)
    print("| case | MindSpore 2.10 CPU | PyTorch | mscompat must raise |")
    print("|---|---|---|---|")
    for c in all_cases():
        if c.torch_ref is None or not c.error or not c.family.startswith(prefix):
            continue
        ms_res, t_res = results["cases"][c.name], run(c)
        missing = kernel_missing(ms_res)
        ms_col = "no kernel" if missing else ms_res.get("cls", "returned")
        want = (c.ms_error or "?") + " (documented)" if missing else ms_res.get("cls", "?")
        print(f"| `{c.name}` | {ms_col} | {t_res.get('cls', 'returned')} | {want} |")


if __name__ == "__main__":
    import sys
    report(*sys.argv[1:2])
