"""Every case of ``parity_tests/cases`` on mscompat, compared with its oracle: real MindSpore
(running the case or its ``ms_ref`` re-expression), or PyTorch for the ``torch_ref`` cases of
``mindspore.mint`` ops MindSpore 2.10's CPU build lacks (``torch_oracle.py``)."""
import os

import pytest

import mscompat
from parity_tests import torch_oracle
from parity_tests.cases import all_cases, needs_comm
from parity_tests.harness import compare

CASES = all_cases()


@pytest.fixture(scope="session")
def comm_initialized():
    """mscompat's counterpart of the oracle's ``mindspore.communication.init()`` for the
    ``NEEDS_COMM`` tables: the single-process default group (world size 1, rank 0)."""
    if not mscompat.ops.is_initialized():
        mscompat.ops.init_process_group()
    return True


@pytest.mark.parametrize("c", [pytest.param(c, id=c.name, marks=[pytest.mark.slow] if c.slow else [])
                               for c in CASES])
def test_parity(c, oracle_results, request, record_property):
    if needs_comm(c.family):
        request.getfixturevalue("comm_initialized")
    record_property("oracle", c.oracle)
    expected = oracle_results[c.name]
    if expected["t"] == "oracle_failed":   # the worker running this case's table could not be run
        pytest.fail(f"the MindSpore oracle failed for table {c.family}: {expected['msg']}")
    if expected["t"] == "crash":   # no answer from the oracle: MindSpore's own process died, twice
        pytest.skip(f"real MindSpore 2.10 gave no result: {expected['msg']}")
    if c.torch_ref is not None:
        ok, reason = torch_oracle.available()
        if not ok:   # as for the MindSpore oracle: a failure where CI requires the oracles
            if os.environ.get("MSCOMPAT_REQUIRE_ORACLE") == "1":
                pytest.fail(reason)
            pytest.skip(reason)
        msg = _check_torch_case(c, expected, torch_oracle.run(c), c.run(mscompat), record_property)
        assert msg is None, msg
        return
    if c.error:
        assert expected["t"] == "error", f"bad-input case, but MindSpore did not raise: {expected}"
    actual = c.run(mscompat)
    msg = compare(expected, actual, c)
    assert msg is None, msg


def _check_torch_case(c, ms_result, torch_result, actual, record_property):
    """A ``torch_ref`` case. MindSpore ran ``fn`` too (``ms_result``): it must have stopped at the
    missing kernel (where its CPU build runs the case, MindSpore is the oracle, not PyTorch).
    Bad input: MindSpore and PyTorch must both raise; mscompat raises MindSpore's class: the one
    MindSpore raised while checking the arguments, else (its run stopped at the missing kernel)
    the class MindSpore documents (``ms_error``)."""
    no_kernel = torch_oracle.kernel_missing(ms_result)
    record_property("mindspore", ms_result.get("cls", "ran") if ms_result["t"] == "error" else "ran")
    record_property("torch", torch_result.get("cls", "ran") if torch_result["t"] == "error" else "ran")
    if c.error:
        if ms_result["t"] != "error":
            return f"bad-input case, but MindSpore did not raise: {ms_result}"
        if torch_result["t"] != "error":
            return f"bad-input case, but PyTorch did not raise: {torch_result}"
        if not no_kernel:
            return compare(ms_result, actual, c)
        if c.ms_error is None:
            return (f"MindSpore's CPU build stopped at the missing kernel ({ms_result['msg']}) before checking "
                    f"this input; give the class MindSpore documents for it as ms_error= (PyTorch raised "
                    f"{torch_result['cls']})")
        return compare({"t": "error", "cls": c.ms_error, "msg": "documented"}, actual, c)
    if torch_result["t"] == "error":
        return f"PyTorch raised {torch_result['cls']}: {torch_result['msg']} (the torch_ref is wrong)"
    if ms_result["t"] == "error" and not no_kernel:
        return (f"MindSpore raised {ms_result['cls']} ({ms_result['msg']}) where PyTorch returned: a bad-input "
                f"case (error=True), or an op MindSpore's CPU runs (then it needs no torch_ref)")
    if ms_result["t"] != "error":
        return ("MindSpore's CPU build runs this case: compare with MindSpore (no torch_ref); "
                f"{compare(ms_result, actual, c) or 'mscompat matches it'}")
    return compare(torch_result, actual, c, who="PyTorch")
