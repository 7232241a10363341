"""The opt-in ``mindspore`` alias (``mscompat/alias.py``): ``python -m mscompat``,
``alias.install()/uninstall()``, the refusal to shadow real MindSpore, and
``pytest -p mscompat.alias``."""
import importlib
import importlib.util
import os
import pathlib
import subprocess
import sys
import textwrap
import types

import pytest

import mscompat
from mscompat import alias

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _env():
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _run(args, cwd, timeout=300):
    return subprocess.run([sys.executable] + args, capture_output=True, text=True, env=_env(), cwd=str(cwd),
                          timeout=timeout)


@pytest.fixture
def clean_alias():
    """Every test starts and ends without the alias and without ``mindspore*`` modules."""
    alias.uninstall()
    saved = {n: m for n, m in sys.modules.items() if n == "mindspore" or n.startswith("mindspore.")}
    for n in saved:
        del sys.modules[n]
    yield
    alias.uninstall()
    for n in [n for n in sys.modules if n == "mindspore" or n.startswith("mindspore.")]:
        del sys.modules[n]
    sys.modules.update(saved)


def _real_mindspore_importable():
    return any(getattr(f, "find_spec", None) and not isinstance(f, type(alias._finder))
               and f.find_spec("mindspore", None) is not None for f in sys.meta_path)


# ---------------------------------------------------------------------------------------
# python -m mscompat

def test_run_script_passes_argv_and_aliases_imports(tmp_path):
    (tmp_path / "helper_mod.py").write_text("VALUE = 41\n")
    script = tmp_path / "train.py"
    script.write_text(textwrap.dedent("""
        import sys
        import mindspore as ms
        import mindspore.ops.operations as P
        from mindspore.common import dtype as mstype
        from mindspore import Tensor, ops
        import helper_mod
        print("ARGV", sys.argv)
        print("NAME", __name__, ms.__name__, P.__name__, mstype.__name__)
        x = Tensor([1.0, 2.0], mstype.float32)
        print("SUM", ops.add(x, x).asnumpy().tolist(), x.dtype == ms.float32, helper_mod.VALUE + 1)
    """))
    proc = _run(["-m", "mscompat", str(script), "--lr", "0.1", "pos"], tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = proc.stdout
    assert f"ARGV ['{script}', '--lr', '0.1', 'pos']" in out
    assert "NAME __main__ mscompat mscompat.ops.operations mscompat.common.dtype" in out
    assert "SUM [2.0, 4.0] True 42" in out


def test_run_module_form(tmp_path):
    pkg = tmp_path / "mypkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "main.py").write_text(textwrap.dedent("""
        import sys
        import mindspore
        print("MOD", __name__, mindspore.__name__, sys.argv[1:])
    """))
    proc = _run(["-m", "mscompat", "-m", "mypkg.main", "a", "b"], tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "MOD __main__ mscompat ['a', 'b']" in proc.stdout


def test_script_exit_code_and_exception_propagate(tmp_path):
    (tmp_path / "exit3.py").write_text("import sys\nimport mindspore\nsys.exit(3)\n")
    assert _run(["-m", "mscompat", str(tmp_path / "exit3.py")], tmp_path).returncode == 3
    (tmp_path / "boom.py").write_text("import mindspore\nraise ValueError('boom here')\n")
    proc = _run(["-m", "mscompat", str(tmp_path / "boom.py")], tmp_path)
    assert proc.returncode != 0 and "ValueError: boom here" in proc.stderr


def test_usage_without_arguments(tmp_path):
    proc = _run(["-m", "mscompat"], tmp_path)
    assert proc.returncode == 2
    assert "usage" in proc.stdout.lower()
    proc = _run(["-m", "mscompat", "--help"], tmp_path)
    assert proc.returncode == 0 and "usage" in proc.stdout.lower()


def test_main_function_in_process(tmp_path, clean_alias, monkeypatch, capsys):
    script = tmp_path / "inproc.py"
    script.write_text("import sys, mindspore\nprint('IN', mindspore is __import__('mscompat'), sys.argv[1:])\n")
    from mscompat.__main__ import main
    monkeypatch.setattr(sys, "argv", list(sys.argv))
    monkeypatch.setattr(sys, "path", list(sys.path))
    assert main([str(script), "x"]) == 0
    assert "IN True ['x']" in capsys.readouterr().out


# ---------------------------------------------------------------------------------------
# install() / uninstall()

def test_install_gives_mscompat_modules(clean_alias):
    assert not alias.is_installed()
    alias.install()
    alias.install()  # idempotent
    assert alias.is_installed()
    assert sum(f is alias._finder for f in sys.meta_path) == 1
    import mindspore
    import mindspore.ops.operations as P
    from mindspore.common import dtype as mstype
    from mindspore import nn, ops
    assert mindspore is mscompat
    assert P is importlib.import_module("mscompat.ops.operations")
    assert mstype is importlib.import_module("mscompat.common.dtype")
    assert ops is mscompat.ops and nn is mscompat.nn
    assert mindspore.ops.Add is P.Add
    assert str(mstype.float32) == "Float32"
    # the real modules keep their own names and specs
    assert mindspore.__name__ == "mscompat" and mindspore.__spec__.name == "mscompat"
    assert P.__spec__.name == "mscompat.ops.operations"
    x = mindspore.Tensor([1.0, 2.0])
    assert ops.add(x, x).asnumpy().tolist() == [2.0, 4.0]


def test_missing_submodule_raises_module_not_found(clean_alias):
    alias.install()
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("mindspore.this_does_not_exist")


def test_uninstall_removes_alias_entries(clean_alias):
    alias.install()
    import mindspore.ops  # noqa: F401
    assert "mindspore" in sys.modules and "mindspore.ops" in sys.modules
    alias.uninstall()
    assert not alias.is_installed()
    assert not [n for n in sys.modules if n == "mindspore" or n.startswith("mindspore.")]
    assert "mscompat.ops" in sys.modules  # mscompat itself stays imported
    if not _real_mindspore_importable():
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module("mindspore")
    alias.uninstall()  # a second call is harmless


def test_refuses_when_real_mindspore_is_imported(clean_alias, monkeypatch):
    fake = types.ModuleType("mindspore")
    fake.__file__ = "/site-packages/mindspore/__init__.py"
    monkeypatch.setitem(sys.modules, "mindspore", fake)
    with pytest.raises(RuntimeError, match="real MindSpore is already imported"):
        alias.install()
    assert not alias.is_installed()
    assert sys.modules["mindspore"] is fake


def test_installs_when_mindspore_entry_is_mscompat(clean_alias, monkeypatch):
    monkeypatch.setitem(sys.modules, "mindspore", mscompat)
    alias.install()
    assert alias.is_installed()


def test_alias_not_installed_implicitly():
    code = "import mscompat, sys; print('mindspore' in sys.modules, mscompat.alias.is_installed() " \
           "if hasattr(mscompat, 'alias') else False)"
    proc = _run(["-c", code], ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "False False"


# ---------------------------------------------------------------------------------------
# pytest -p mscompat.alias

def test_pytest_plugin_runs_mindspore_tests(tmp_path):
    (tmp_path / "test_ms_suite.py").write_text(textwrap.dedent("""
        import numpy as np
        import mindspore as ms
        from mindspore import ops, Tensor
        import mindspore.ops.operations as P

        def test_add():
            x = Tensor(np.array([1, 2], np.float32))
            assert ms.__name__ == "mscompat"
            assert np.allclose(P.Add()(x, x).asnumpy(), [2, 4])

        def test_dtype():
            from mindspore.common import dtype as mstype
            assert ops.add(Tensor([1]), Tensor([2])).dtype == mstype.int64
    """))
    proc = _run(["-m", "pytest", "-q", "-p", "mscompat.alias", "-p", "no:cacheprovider",
                 "--rootdir", str(tmp_path), "test_ms_suite.py"], tmp_path)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "2 passed" in proc.stdout


def test_pytest_without_plugin_cannot_import_mindspore(tmp_path):
    if _real_mindspore_importable():
        pytest.skip("real MindSpore is importable in this environment")
    (tmp_path / "test_plain.py").write_text("def test_x():\n    import mindspore\n")
    proc = _run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path), "test_plain.py"],
                tmp_path)
    assert proc.returncode == 1
    assert "ModuleNotFoundError" in proc.stdout


def test_numpy1_names_while_installed(clean_alias):
    import numpy as np
    if np.lib.NumpyVersion(np.__version__) < "2.0.0":
        pytest.skip("NumPy 1.x has these names itself")
    assert not hasattr(np, "NINF")
    alias.install()
    assert np.NINF == -np.inf and np.PINF == np.inf and np.NaN != np.NaN
    assert np.float_ is np.float64 and np.complex_ is np.complex128
    assert np.asfarray([1, 2]).dtype == np.float64 and np.asfarray([1, 2], np.float32).dtype == np.float32
    assert np.asfarray([1, 2], np.int32).dtype == np.float64       # an integer dtype gives float64
    assert np.trapz([1.0, 2.0, 3.0]) == 4.0
    assert np.in1d([[1, 2], [3, 4]], [2, 3]).tolist() == [False, True, True, False]
    assert np.msort(np.array([[3, 1], [1, 2]])).tolist() == [[1, 1], [3, 2]]
    assert str({"mse": np.float64(9.0)}) == "{'mse': 9.0}"      # numpy scalars print as in NumPy 1.x
    alias.uninstall()
    assert not hasattr(np, "NINF") and not hasattr(np, "float_")
    assert repr(np.float64(9.0)) == "np.float64(9.0)"
