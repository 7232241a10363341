"""Each behaviour test starts from the execution mode the one before it started from: a test that
switches to GRAPH_MODE (or back) does not change what the next test runs in.

The persistent compilation cache (on by default) goes to a directory of this session's own,
removed at its end, so no test reads programs another run left in the user's cache; the
subprocesses the tests start inherit it through MS_COMPILER_CACHE_PATH."""
import atexit
import os
import shutil
import tempfile

import pytest

_CACHE_DIR = tempfile.mkdtemp(prefix="mscompat-test-cache-")
atexit.register(shutil.rmtree, _CACHE_DIR, True)
os.environ["MS_COMPILER_CACHE_PATH"] = _CACHE_DIR

import mscompat as ms  # noqa: E402  (after the cache directory is chosen)
from mscompat import _graph  # noqa: E402
from mscompat.common import _compile_cache  # noqa: E402

_compile_cache.configure()    # in case mscompat was imported before this file


@pytest.fixture(autouse=True)
def _restore_execution_mode():
    """Each test leaves the execution mode and the device target as it found them (later tests
    in the same process, the parity tables among them, depend on both: on the CPU target
    ``Model.train``'s sink mode runs as non-sink)."""
    mode, target = ms.get_context("mode"), ms.get_context("device_target")
    yield
    if ms.get_context("mode") != mode:
        ms.set_context(mode=mode)
    if ms.get_context("device_target") != target:
        ms.set_context(device_target=target)


@pytest.fixture(params=["c", "python"])
def front(request, monkeypatch):
    """The repeated call of an ``ms.jit`` function: ``mscompat._front`` (C, where the build made
    it) or the generated Python call (``MSCOMPAT_FRONT=python``)."""
    if request.param == "c" and _graph._cfront is None:
        pytest.skip("mscompat._front was not built here (no C compiler): the Python call runs")
    monkeypatch.setenv("MSCOMPAT_FRONT", request.param)
    return request.param
