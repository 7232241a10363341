"""Every case of ``parity_tests/cases`` on mscompat, compared with real MindSpore."""
import pytest

import mscompat
from parity_tests.cases import all_cases
from parity_tests.harness import compare

CASES = all_cases()


@pytest.mark.parametrize("c", CASES, ids=[c.name for c in CASES])
def test_parity(c, oracle_results):
    expected = oracle_results[c.name]
    if c.error:
        assert expected["t"] == "error", f"bad-input case, but MindSpore did not raise: {expected}"
    actual = c.run(mscompat)
    msg = compare(expected, actual, c)
    assert msg is None, msg
