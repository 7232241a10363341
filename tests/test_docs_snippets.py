"""The porting team's docs stay true: every ```python block of docs/{porting,debugging,
accelerators,jax_interop}.md runs (the blocks of a page in order, as one script, under
``python -m mscompat`` so that ``import mindspore`` works), and docs/unsupported.md is what
``tools/gen_unsupported.py`` generates from mscompat as it is now."""
import difflib
import importlib.util
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "docs")
PAGES = ["porting.md", "debugging.md", "accelerators.md", "jax_interop.md"]
_BLOCK = re.compile(r"^```python\n(.*?)^```$", re.S | re.M)


def python_blocks(page):
    with open(os.path.join(DOCS, page)) as f:
        return _BLOCK.findall(f.read())


def test_pages_exist_and_are_linked_from_readme():
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    for page in PAGES + ["unsupported.md"]:
        assert os.path.exists(os.path.join(DOCS, page)), page
        assert f"docs/{page}" in readme, f"README.md does not link docs/{page}"


@pytest.mark.parametrize("page", PAGES)
def test_python_blocks_run(page, tmp_path):
    blocks = python_blocks(page)
    assert blocks, f"docs/{page} has no python block"
    script = tmp_path / f"{page[:-3]}_snippets.py"
    # the checkout last on the path, as in a shell at its root: debugging.md's parity case imports parity_tests
    head = f"import sys\nsys.path.append({ROOT!r})\n"
    script.write_text(head + "\n\n".join(f"# --- block {i + 1} of docs/{page}\n{b}" for i, b in enumerate(blocks)))
    env = dict(os.environ, GLOG_v="2", PYTHONUNBUFFERED="1")
    proc = subprocess.run([sys.executable, "-m", "mscompat", str(script)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"a python block of docs/{page} fails:\n{proc.stdout[-3000:]}\n{proc.stderr[-5000:]}"


def _generator():
    spec = importlib.util.spec_from_file_location("gen_unsupported", os.path.join(ROOT, "tools", "gen_unsupported.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_unsupported_page_is_up_to_date(tmp_path):
    # in a fresh process: what other tests imported or patched in this one cannot change the answer
    out = tmp_path / "unsupported.md"
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_unsupported.py"), "--output", str(out)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    want = out.read_text()
    with open(os.path.join(DOCS, "unsupported.md")) as f:
        have = f.read()
    if have != want:
        diff = "".join(list(difflib.unified_diff(have.splitlines(True), want.splitlines(True),
                                                 "docs/unsupported.md", "generated"))[:60])
        pytest.fail("docs/unsupported.md no longer matches mscompat: regenerate it with "
                    f"`python tools/gen_unsupported.py`\n{diff}")


def test_unsupported_data_covers_the_census():
    data = _generator().load_data()
    spaces = data["namespaces"]
    assert data["mindspore_version"].startswith("2.10")
    assert sum(len(e["names"]) for e in spaces.values()) == 5325 and len(spaces) == 41
    # a name MindSpore documents for Ascend only is recorded as such
    assert data["platforms_without_cpu"]["mindspore.ops.flash_attention_score"] == ["Ascend"]


def test_unsupported_reasons():
    gen = _generator()
    data = gen.load_data()
    assert gen.reason(data, "mindspore.ops", "flash_attention_score") == gen.ASCEND_ONLY
    assert gen.reason(data, "mindspore.nn", "DenseThor").startswith("THOR")
    assert gen.reason(data, "mindspore.ops", "STFT") == gen.NOT_BUILT       # no accidental rule match
    assert gen.reason(data, "mindspore.ops", "no_such_name") == gen.NOT_BUILT
