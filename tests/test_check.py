"""mscompat.check: the porting report of the MindSpore APIs a codebase uses."""
import json
import os
import textwrap

import pytest

from mscompat import check

SOURCE_A = textwrap.dedent('''\
    import mindspore as ms
    from mindspore import nn, ops, Tensor
    from mindspore.ops import functional as F
    import mindspore.numpy as mnp
    import mindspore.dataset.vision as vision
    from mindspore.common.initializer import Normal, NoSuchInit
    import os
    from . import b


    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(1, 2, 3)
            self.relu = ops.ReLU()

        def construct(self, x):
            self.set_train(False)
            self.my_helper()
            y = ms.ops.matmul(x, x)
            z = F.nosuchfn(y)
            return mnp.add(ms.ops.abs(y), ms.nosuch.deep.name)


    def run():
        t = Tensor([1.0])
        t.asnumpy()
        t.no_such_method()
        ms.load_distributed_checkpoint(Net(), [], "strategy.json")
        os.path.join("a", "b")
        return ms.float32, nn.NoSuchLayer


    def extra(x: Tensor, n):
        x.asnumpy()
        n.asnumpy()
        return ms.Tensor(1).asnumpy()


    class Head(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(2, 3)

        def construct(self, x):
            return self.dense.trainable_params(), self.dense.no_such_attr, self.dense(x), self.head_only()
''')

SOURCE_C = textwrap.dedent('''\
    import mindspore.nn
    import mindspore.ops.operations as P
    open(__file__ + ".ran", "w").close()     # must never run
    layer = mindspore.nn.Dense(2, 3)
    op = P.NoSuchPrimitive()
''')

EXPECTED_A = [
    (2, "mindspore.Tensor", "supported"), (2, "mindspore.nn", "supported"), (2, "mindspore.ops", "supported"),
    (3, "mindspore.ops.functional", "supported"), (4, "mindspore.numpy", "supported"),
    (5, "mindspore.dataset.vision", "supported"),
    (6, "mindspore.common.initializer.NoSuchInit", "missing"),
    (6, "mindspore.common.initializer.Normal", "supported"),
    (11, "mindspore.nn.Cell", "supported"), (14, "mindspore.nn.Conv2d", "supported"),
    (15, "mindspore.ops.ReLU", "supported"),
    (18, "mindspore.nn.Cell.set_train", "supported"),      # self method of a Cell subclass
    (20, "mindspore.ops.matmul", "supported"),
    (21, "mindspore.ops.functional.nosuchfn", "missing"),
    (22, "mindspore.nosuch", "missing"),                   # the chain ends at its first missing name
    (22, "mindspore.numpy.add", "supported"), (22, "mindspore.ops.abs", "supported"),
    (26, "mindspore.Tensor", "supported"),
    (27, "mindspore.Tensor.asnumpy", "supported"),         # method of a local Tensor
    (29, "mindspore.load_distributed_checkpoint", "partial"),
    (31, "mindspore.float32", "supported"), (31, "mindspore.nn.NoSuchLayer", "missing"),
    (34, "mindspore.Tensor", "supported"),
    (35, "mindspore.Tensor.asnumpy", "supported"),         # method of an argument annotated Tensor
    (37, "mindspore.Tensor", "supported"),
    (37, "mindspore.Tensor.asnumpy", "supported"),         # method of a Tensor built in place
    (40, "mindspore.nn.Cell", "supported"), (43, "mindspore.nn.Dense", "supported"),
    (46, "mindspore.nn.Dense.trainable_params", "supported"),   # method of a Cell held in self.dense
    # Not listed: t.no_such_method(), self.my_helper(), self.dense.no_such_attr, self.head_only():
    # names found through an inferred class count only when they exist (they may be the program's).
]


@pytest.fixture(scope="module")
def codebase(tmp_path_factory):
    root = tmp_path_factory.mktemp("codebase")
    (root / "pkg").mkdir()
    (root / "pkg" / "a.py").write_text(SOURCE_A)
    (root / "pkg" / "b.py").write_text("x = 1\n")
    (root / "pkg" / "c.py").write_text(SOURCE_C)
    (root / "pkg" / "bad.py").write_text("def (:\n")
    return root


@pytest.fixture(scope="module")
def result(codebase):
    return check.scan(str(codebase))


def _entries(result, file):
    return [(e["line"], e["name"], e["status"]) for e in result["files"][file]]


def test_report_entries(result):
    assert _entries(result, os.path.join("pkg", "a.py")) == EXPECTED_A
    assert _entries(result, os.path.join("pkg", "c.py")) == [
        (1, "mindspore.nn", "supported"), (2, "mindspore.ops.operations", "supported"),
        (4, "mindspore.nn.Dense", "supported"), (5, "mindspore.ops.operations.NoSuchPrimitive", "missing")]
    assert set(result["files"]) == {os.path.join("pkg", "a.py"), os.path.join("pkg", "c.py")}
    note = [e for e in result["files"][os.path.join("pkg", "a.py")] if e["status"] == "partial"][0]["note"]
    assert "protobuf strategy files" in note


def test_scanned_code_is_not_run(codebase, result):
    assert not (codebase / "pkg" / "c.py.ran").exists()


def test_unparsable_file_is_listed(result):
    assert list(result["errors"]) == [os.path.join("pkg", "bad.py")]
    assert result["errors"][os.path.join("pkg", "bad.py")].startswith("SyntaxError")


def test_summary(result):
    s = result["summary"]
    assert s["files_scanned"] == 4 and s["files_using_mindspore"] == 2
    assert (s["uses"], s["supported"], s["partial"], s["missing"]) == (33, 27, 1, 5)
    assert s["supported_percent"] == 84.8          # 28 / 33, rounded down
    assert sorted(name for name, _ in s["top_missing"]) == sorted([
        "mindspore.common.initializer.NoSuchInit", "mindspore.ops.functional.nosuchfn", "mindspore.nosuch",
        "mindspore.nn.NoSuchLayer", "mindspore.ops.operations.NoSuchPrimitive"])


def test_command_line(codebase, capsys):
    assert check.main([str(codebase / "pkg" / "a.py"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(e["line"], e["name"], e["status"]) for e in out["files"]["a.py"]] == EXPECTED_A
    assert check.main([str(codebase), "--summary-only"]) == 0
    text = capsys.readouterr().out
    assert "pkg" not in text and "33 (" in text and "84.8% of uses" in text
    assert check.main([str(codebase)]) == 0
    text = capsys.readouterr().out
    assert "     31  missing    mindspore.nn.NoSuchLayer" in text
    with pytest.raises(SystemExit):
        check.main([str(codebase / "nothing_here")])


def test_census_of_mindcv():
    spec = pytest.importorskip("importlib.util").find_spec("mindcv")
    if spec is None:
        pytest.skip("mindcv is not installed")
    result = check.scan(os.path.dirname(spec.origin))
    s = result["summary"]
    assert s["files_using_mindspore"] > 50 and s["uses"] > 1000
    assert s["supported"] + s["partial"] + s["missing"] == s["uses"]
    assert any(e["name"] == "mindspore.nn.Conv2d" and e["status"] == "supported"
               for entries in result["files"].values() for e in entries)


def test_modules_mscompat_only_imports_are_not_api(monkeypatch):
    import mscompat.ops
    monkeypatch.setattr(mscompat.ops, "_json_for_test", json, raising=False)
    resolver = check.Resolver()
    assert resolver.status("mindspore.ops._json_for_test") == ("missing", None)
    assert resolver.status("mindspore.ops._json_for_test.dumps") == ("missing", None)
    assert resolver.status("mindspore.ops.functional") == ("supported", None)
    assert resolver.status("mindspore.nn.optim.Momentum") == ("supported", None)   # submodule found by import
