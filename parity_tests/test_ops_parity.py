"""Every case of ``parity_tests/cases`` on mscompat, compared with real MindSpore."""
import pytest

import mscompat
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
def test_parity(c, oracle_results, request):
    if needs_comm(c.family):
        request.getfixturevalue("comm_initialized")
    expected = oracle_results[c.name]
    if c.error:
        assert expected["t"] == "error", f"bad-input case, but MindSpore did not raise: {expected}"
    actual = c.run(mscompat)
    msg = compare(expected, actual, c)
    assert msg is None, msg
