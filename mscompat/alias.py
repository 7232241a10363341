"""The opt-in ``mindspore`` alias: ``import mindspore`` (and every ``mindspore.X.Y``)
resolves to ``mscompat`` (``mscompat.X.Y``), the same module objects.

Three ways to turn it on, never implicitly:

* ``python -m mscompat script.py [args]`` runs a script with the alias installed;
* ``mscompat.alias.install()`` inside a process (``uninstall()`` removes it);
* ``pytest -p mscompat.alias`` for test suites written against ``mindspore``.

While installed, the NumPy 1.x names NumPy 2 removed (``np.NINF``, ``np.float_``, ...) are back
on ``numpy`` (``mscompat._numpy1_names``), as MindSpore programs are written for NumPy 1.x.

It refuses to install when real MindSpore is already imported, and it never touches a
process that imports real MindSpore on purpose without calling it. Child processes inherit it:
multiprocessing spawn / forkserver children through ``sys.path`` (``SPAWN_PATH``), and every
child of ``python -m mscompat`` / ``python -m mscompat.run`` through ``PYTHONPATH``.
"""
import importlib
import importlib.abc
import importlib.metadata
import importlib.util
import os
import re
import sys

from . import _numpy1_names
from .version import __version__

__all__ = ["install", "uninstall", "is_installed", "SPAWN_PATH"]

_PREFIX = "mindspore"
_TARGET = "mscompat"
# first on sys.path while the alias is installed: multiprocessing's spawn / forkserver children
# start with the parent's sys.path, and their ``import mindspore`` finds the placeholder package
# there, which installs the alias in the child (see mscompat/_spawn_path)
SPAWN_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_spawn_path")


class _AliasFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Meta-path finder mapping ``mindspore[.X]`` onto ``mscompat[.X]``."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != _PREFIX and not fullname.startswith(_PREFIX + "."):
            return None
        target_name = _TARGET + fullname[len(_PREFIX):]
        if importlib.util.find_spec(target_name) is None:
            return None  # the normal ModuleNotFoundError names the missing path
        spec = importlib.util.spec_from_loader(fullname, self, is_package=True)
        spec.loader_state = target_name
        return spec

    def create_module(self, spec):
        module = importlib.import_module(spec.loader_state)
        spec.loader_state = (spec.loader_state, module.__spec__)
        return module

    def exec_module(self, module):
        # the import system stamped the alias spec on the real module: restore its own
        _, own_spec = module.__spec__.loader_state
        module.__spec__ = own_spec

    def find_distributions(self, context=importlib.metadata.DistributionFinder.Context()):
        """``importlib.metadata`` finds a ``mindspore`` distribution of MindSpore's version
        (packages check ``importlib.metadata.version("mindspore")`` before they import it)."""
        name = getattr(context, "name", None)
        if name is not None and re.sub(r"[-_.]+", "_", name).lower() != _PREFIX:
            return iter(())
        return iter((_AliasDistribution(),))


class _AliasDistribution(importlib.metadata.Distribution):
    """mscompat's distribution seen under the name ``mindspore``: its metadata only."""

    def read_text(self, filename):
        if filename == "METADATA":
            return f"Metadata-Version: 2.1\nName: {_PREFIX}\nVersion: {__version__}\n"
        return None

    def locate_file(self, path):
        return os.path.join(os.path.dirname(os.path.abspath(__file__)), path)


_finder = _AliasFinder()


def is_installed():
    return _finder in sys.meta_path


def install():
    """Make ``import mindspore`` give mscompat in this process."""
    if is_installed():
        return
    real = sys.modules.get(_PREFIX)
    if real is not None and not getattr(real, "__name__", "").startswith(_TARGET):
        raise RuntimeError("real MindSpore is already imported in this process; the mscompat alias would "
                           "shadow it. Install the alias before anything imports mindspore, or run the "
                           "script with 'python -m mscompat script.py'.")
    sys.meta_path.insert(0, _finder)
    if SPAWN_PATH not in sys.path:
        sys.path.insert(0, SPAWN_PATH)
    _numpy1_names.add()     # MindSpore programs are written for NumPy 1.x


def uninstall():
    """Remove the alias and forget the ``mindspore*`` entries it created."""
    if _finder in sys.meta_path:
        sys.meta_path.remove(_finder)
    _numpy1_names.remove()
    while SPAWN_PATH in sys.path:
        sys.path.remove(SPAWN_PATH)
    if SPAWN_PATH in os.environ.get("PYTHONPATH", "").split(os.pathsep):    # set by python -m mscompat
        rest = [p for p in os.environ["PYTHONPATH"].split(os.pathsep) if p and p != SPAWN_PATH]
        if rest:
            os.environ["PYTHONPATH"] = os.pathsep.join(rest)
        else:
            del os.environ["PYTHONPATH"]
    for name in [n for n in sys.modules if n == _PREFIX or n.startswith(_PREFIX + ".")]:
        if getattr(sys.modules[name], "__name__", "").startswith(_TARGET):
            del sys.modules[name]


def pytest_configure(config):
    """pytest plugin hook: ``pytest -p mscompat.alias`` runs the suite against mscompat."""
    install()


def child_environ(env=None):
    """``env`` (default: ``os.environ``) with ``SPAWN_PATH`` first on ``PYTHONPATH``, so any
    Python child started with it imports mscompat as ``mindspore``."""
    env = dict(os.environ if env is None else env)
    parts = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and p != SPAWN_PATH]
    env["PYTHONPATH"] = os.pathsep.join([SPAWN_PATH] + parts)
    return env
