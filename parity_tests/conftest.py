import os

import pytest

from parity_tests import oracle


@pytest.fixture(scope="session")
def oracle_results():
    results, reason = oracle.load_results()
    if results is None:
        if os.environ.get("MSCOMPAT_REQUIRE_ORACLE") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    return results["cases"]
