"""Packaging: pyproject.toml's package list and package-dir mapping, the required
dependencies, and importing mscompat from the source checkout when a non-editable copy is
installed (the checkout's ``mscompat/`` shadows it, while ``ops/`` & co. sit beside it)."""
import ast
import os
import subprocess
import sys
import textwrap

import pytest

try:
    import tomllib
except ImportError:             # Python 3.10
    tomllib = None

from mscompat import _source_layout

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE_DIRS = ("mscompat",) + _source_layout.TOP_LEVEL

needs_tomllib = pytest.mark.skipif(tomllib is None, reason="tomllib needs Python 3.11")


def _pyproject():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)


def _source_dir(package, package_dir):
    """Where setuptools takes ``package`` from: the longest package-dir prefix that maps it."""
    parts = package.split(".")
    for n in range(len(parts), 0, -1):
        prefix = ".".join(parts[:n])
        if prefix in package_dir:
            return os.path.join(ROOT, package_dir[prefix], *parts[n:])
    return os.path.join(ROOT, *parts)


def _on_disk_packages():
    """Every folder with an __init__.py under the source folders, as its mscompat name."""
    found = {}
    for top in SOURCE_DIRS:
        base = "mscompat" if top == "mscompat" else f"mscompat.{top}"
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            if "__init__.py" in filenames:
                rel = os.path.relpath(dirpath, os.path.join(ROOT, top))
                name = base if rel == "." else base + "." + rel.replace(os.sep, ".")
                found[name] = dirpath
    return found


@needs_tomllib
def test_every_package_maps_to_a_source_folder():
    tool = _pyproject()["tool"]["setuptools"]
    for package in tool["packages"]:
        assert package.split(".")[0] == "mscompat", package   # no top-level nn/ops/... installed
        src = _source_dir(package, tool["package-dir"])
        assert os.path.isfile(os.path.join(src, "__init__.py")), (package, src)


@needs_tomllib
def test_every_subpackage_is_listed():
    # A subpackage missing from `packages` is left out of a wheel (only an editable install has it).
    tool = _pyproject()["tool"]["setuptools"]
    missing = sorted(set(_on_disk_packages()) - set(tool["packages"]))
    assert missing == []


@needs_tomllib
def test_top_level_folders_match_package_dir():
    package_dir = _pyproject()["tool"]["setuptools"]["package-dir"]
    top = {k.split(".")[1] for k, v in package_dir.items() if k.count(".") == 1 and v != k.replace(".", "/")}
    assert top == set(_source_layout.TOP_LEVEL)
    for name in _source_layout.TOP_LEVEL:
        assert package_dir[f"mscompat.{name}"] == name


def _imported_top_modules():
    names = set()
    for top in SOURCE_DIRS:
        for dirpath, _, filenames in os.walk(os.path.join(ROOT, top)):
            for fn in filenames:
                if not fn.endswith(".py"):
                    continue
                with open(os.path.join(dirpath, fn), encoding="utf-8") as f:
                    tree = ast.parse(f.read())
                for node in ast.walk(tree):
                    if isinstance(node, ast.Import):
                        names.update(a.name for a in node.names)
                    elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                        names.add(node.module)
                    elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) \
                            == "import_module" and node.args and isinstance(node.args[0], ast.Constant):
                        names.add(str(node.args[0].value))
    return names


# distribution name -> the module it provides
_DIST_MODULES = {"protobuf": "google.protobuf", "Pillow": "PIL", "opencv-python-headless": "cv2"}


@needs_tomllib
def test_every_required_dependency_is_imported():
    imported = _imported_top_modules()
    unused = []
    for req in _pyproject()["project"]["dependencies"]:
        dist = req.split(">")[0].split("=")[0].split("<")[0].split("[")[0].strip()
        module = _DIST_MODULES.get(dist, dist.replace("-", "_"))
        if not any(m == module or m.startswith(module + ".") for m in imported):
            unused.append(dist)
    assert unused == []


def test_checkout_root_detection(tmp_path):
    checkout = tmp_path / "checkout"
    (checkout / "mscompat").mkdir(parents=True)
    for name in _source_layout.TOP_LEVEL:
        (checkout / name).mkdir()
        (checkout / name / "__init__.py").write_text("")
    assert _source_layout.checkout_root(str(checkout / "mscompat")) == str(checkout)
    # An installed package carries its subpackages: nothing to map.
    installed = tmp_path / "site-packages" / "mscompat"
    for name in _source_layout.TOP_LEVEL:
        (installed / name).mkdir(parents=True)
    assert _source_layout.checkout_root(str(installed)) is None
    # A folder beside the package that is not one of ours is not a checkout either.
    (checkout / "ops" / "__init__.py").unlink()
    assert _source_layout.checkout_root(str(checkout / "mscompat")) is None
    assert _source_layout.checkout_root(ROOT + "/mscompat") == ROOT


_SHADOWED_IMPORT = textwrap.dedent("""
    import sys
    # What a non-editable install sees from the repository root: no editable finder.
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in getattr(f, "__module__", "")
                        and "editable" not in type(f).__module__]
    sys.path_importer_cache.clear()
    import mscompat.ops, mscompat.nn.layer, mscompat.train.callback, mscompat.dataset.text
    print(mscompat.__file__)
    print(mscompat.ops.__file__)
    print(mscompat.nn.layer.__file__)
    import importlib.util
    print(importlib.util.find_spec("mscompat.tests"), importlib.util.find_spec("mscompat.examples"))
""")


def test_import_from_checkout_without_editable_finder():
    out = subprocess.run([sys.executable, "-c", _SHADOWED_IMPORT], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    lines = out.stdout.split("\n")
    assert lines[0] == os.path.join(ROOT, "mscompat", "__init__.py")
    assert lines[1] == os.path.join(ROOT, "ops", "__init__.py")
    assert lines[2] == os.path.join(ROOT, "nn", "layer", "__init__.py")
    # Only the mapped subpackages: the checkout's other folders are no mscompat subpackages.
    assert lines[3] == "None None"


@pytest.mark.slow
def test_wheel_install_runs_from_repository_root(tmp_path):
    """Build a wheel, install it (no deps: they come from this environment) into a fresh venv,
    and import mscompat from the repository root and from elsewhere."""
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), ROOT],
                   check=True, timeout=600, cwd=str(tmp_path))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    py = str(venv / "bin" / "python")
    wheel = next(wheels.glob("mscompat-*.whl"))
    subprocess.run([py, "-m", "pip", "install", "-q", "--no-deps", str(wheel)], check=True, timeout=600)
    site = subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    here = [p for p in sys.path if p.endswith("site-packages")]
    with open(os.path.join(site, "zz_deps.pth"), "w") as f:
        f.write("\n".join(here) + "\n")         # the dependencies, not the editable finder (.pth not run)
    installed = sorted(os.listdir(site))
    assert "nn" not in installed and "ops" not in installed and "train" not in installed
    probe = "import mscompat, mscompat.ops; print(mscompat.__file__); print(mscompat.ops.__file__)"
    out = subprocess.run([py, "-c", probe], cwd=str(tmp_path), capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.split("\n")[1].startswith(os.path.join(site, "mscompat", "ops"))
    out = subprocess.run([py, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.split("\n")[1] == os.path.join(ROOT, "ops", "__init__.py")
