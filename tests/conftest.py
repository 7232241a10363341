"""Each behaviour test starts from the execution mode the one before it started from: a test that
switches to GRAPH_MODE (or back) does not change what the next test runs in."""
import pytest

import mscompat as ms


@pytest.fixture(autouse=True)
def _restore_execution_mode():
    mode = ms.get_context("mode")
    yield
    if ms.get_context("mode") != mode:
        ms.set_context(mode=mode)
