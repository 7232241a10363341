"""The parity harness's second oracle (parity_tests/torch_oracle.py): PyTorch results normalized
like MindSpore's, torch dtypes under MindSpore's names, PyTorch's form of ms.grad, and which
MindSpore errors count as "no CPU kernel"."""
import numpy as np
import pytest

from parity_tests import torch_oracle
from parity_tests.harness import Raw, case, compare

torch = pytest.importorskip("torch")


def test_dtype_names():
    assert [torch_oracle.torch_dtype_name(d) for d in (torch.float32, torch.int64, torch.bool, torch.bfloat16,
                                                       torch.complex64)] == [
        "Float32", "Int64", "Bool", "BFloat16", "Complex64"]


def test_run_normalizes_tensors_tuples_and_errors():
    c = case("t/topk", lambda ms, x: None, np.array([[3.0, 1.0, 2.0]], np.float32), Raw(2),
             torch_ref=lambda torch, x, k: torch.topk(x, k))
    out = torch_oracle.run(c)
    assert out["t"] == "seq" and out["kind"] == "tuple"
    assert out["items"][0] == {"t": "tensor", "dtype": "Float32", "shape": [1, 2], "value": [[3.0, 2.0]]}
    assert out["items"][1]["dtype"] == "Int64" and out["items"][1]["value"] == [[0, 2]]
    bad = case("t/bad", lambda ms, x: None, np.zeros((2, 3), np.float32), error=True,
               torch_ref=lambda torch, x: torch.cumsum(x, 5))
    assert torch_oracle.run(bad)["cls"] == "IndexError"


def test_compare_names_the_oracle():
    c = case("t/v", lambda ms: None, torch_ref=lambda torch: torch.arange(3))
    ref = torch_oracle.run(c)
    msg = compare(ref, {"t": "tensor", "dtype": "Int32", "shape": [3], "value": [0, 1, 2]}, c, who="PyTorch")
    assert msg == "result: dtype differs: PyTorch Int64, mscompat Int32"


def test_torch_grad_is_ms_grad():
    f = torch_oracle.torch_grad(lambda u, v: (u * v).sum() + (u ** 2).sum(), (0, 1))
    gu, gv = f(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]))
    assert gu.tolist() == [5.0, 8.0] and gv.tolist() == [1.0, 2.0]
    g0 = torch_oracle.torch_grad(lambda u: torch.relu(u))(torch.tensor([-1.0, 2.0]))
    assert g0.tolist() == [0.0, 1.0]


def test_kernel_missing():
    assert torch_oracle.kernel_missing({"t": "error", "cls": "RuntimeError", "msg": "The kernel Roll unregistered."})
    assert torch_oracle.kernel_missing({"t": "error", "cls": "NotImplementedError",
                                        "msg": "einsum only supports Ascend."})
    assert not torch_oracle.kernel_missing({"t": "error", "cls": "ValueError", "msg": "For Arange, step must not be zero."})
    assert not torch_oracle.kernel_missing({"t": "tensor"})


def test_case_rejects_two_oracles():
    with pytest.raises(ValueError, match="not both"):
        case("t/both", lambda ms: None, ms_ref=lambda ms: None, torch_ref=lambda torch: None)
    with pytest.raises(ValueError, match="ms_error"):
        case("t/ms_error", lambda ms: None, torch_ref=lambda torch: None, ms_error="TypeError")
    assert case("t/o", lambda ms: None, torch_ref=lambda torch: None).oracle == "torch"
    assert case("t/o2", lambda ms: None, ms_ref=lambda ms: None).oracle == "mindspore re-expression"
    assert case("t/o3", lambda ms: None).oracle == "mindspore"
