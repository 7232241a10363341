"""``compat_tests.st_runner``'s comparison table: a MindSpore-passing test counts as passing on
mscompat under the same id, or under the id NumPy 2 gives it (``np.bool_`` is named ``bool``
there, so dtype-parametrized ids read ``[bool-0]`` instead of ``[bool_-0]``)."""
from compat_tests import st_runner


def _results(ms_tests, msc_tests):
    path = "tests/st/ops/cpu/test_x.py"
    return {path: {"mindspore": {"tests": ms_tests}, "mscompat": {"tests": msc_tests}}}


def test_numpy2_bool_id_is_the_same_test():
    res = _results({"m::t[bool_-0]": ["passed", ""], "m::t[float32-0]": ["passed", ""]},
                   {"m::t[bool-0]": ["passed", ""], "m::t[float32-0]": ["failed", "x"]})
    text, fails = st_runner.table(res)
    assert "ops" in text and "    2           1" in text
    assert fails == ["m::t[float32-0]: failed: x"]


def test_other_ids_are_not_renamed():
    assert st_runner._numpy2_id("m::t[bool_x-0]") == "m::t[bool_x-0]"
    assert st_runner._numpy2_id("m::bool_") == "m::bool_"
    assert st_runner._numpy2_id("m::t[bool_-bool_]") == "m::t[bool-bool]"
