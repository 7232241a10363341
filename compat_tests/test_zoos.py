"""Model-zoo programs, unmodified, on real MindSpore and on mscompat (``compat_tests/harness.py``).

The default run has one small model per package; ``-m slow`` runs every model family. The
per-package tables print at the end of the session (``conftest.py``)."""
import pytest

from compat_tests import harness, zoos

RESULTS = []


def _param(spec):
    return pytest.param(spec, id=spec, marks=[] if spec in zoos.DEFAULT else [pytest.mark.slow])


@pytest.mark.parametrize("spec", [_param(s) for s in dict.fromkeys(zoos.DEFAULT + zoos.ALL)])
def test_zoo_model(spec):
    row, detail = harness.run(spec)
    RESULTS.append((spec, row, detail))
    if row.get("oracle") != "ok":
        pytest.skip(f"real MindSpore 2.10 CPU cannot run {spec}: {detail.get('oracle')}")
    failed = {s: detail.get(s, "") for s in harness.STAGES if row.get(s) not in harness.AGREE}
    assert not failed, f"{spec}: {failed}"
