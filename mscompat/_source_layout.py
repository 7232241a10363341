"""Importing mscompat straight from a source checkout.

The repository keeps ``nn/``, ``ops/``, ``dataset/`` and ``train/`` at its top level;
``pyproject.toml``'s ``package-dir`` maps them to ``mscompat.nn``, ``mscompat.ops``, ...
An installed copy (wheel or editable) follows that mapping, but when the repository root
is the current directory (``python -m mscompat script.py`` run there, or ``python -c``),
the checkout's ``mscompat/`` folder shadows the installed package and Python alone would
look for ``mscompat/ops/``, which does not exist. ``install`` adds a finder that resolves
exactly those top-level subpackages to the checkout's sibling folders; an installed
package (no such siblings next to it) is left as it is.
"""
import importlib.machinery
import os
import sys

# The subpackages that live at the repository's top level (``package-dir`` in pyproject.toml).
TOP_LEVEL = ("nn", "ops", "dataset", "train")


def checkout_root(package_dir):
    """The checkout root that holds the top-level subpackages of the mscompat package found
    in ``package_dir``, or None when ``package_dir`` is not a source checkout's (installed
    packages carry the subpackages inside themselves)."""
    package_dir = os.path.abspath(package_dir)
    root = os.path.dirname(package_dir)
    for name in TOP_LEVEL:
        if os.path.isdir(os.path.join(package_dir, name)):
            return None
        if not os.path.isfile(os.path.join(root, name, "__init__.py")):
            return None
    return root


class CheckoutFinder:
    """Meta-path finder for ``mscompat.<name>`` (``name`` in TOP_LEVEL) in a source checkout."""

    def __init__(self, root):
        self.root = root

    def find_spec(self, fullname, path=None, target=None):
        package, _, name = fullname.partition(".")
        if package != "mscompat" or name not in TOP_LEVEL:
            return None
        return importlib.machinery.PathFinder.find_spec(fullname, [self.root])

    def __repr__(self):
        return f"CheckoutFinder({self.root!r})"


def install(package_dir):
    """Make the checkout's top-level subpackages importable as ``mscompat.<name>`` when the
    mscompat package in ``package_dir`` is a source checkout's; returns the finder or None."""
    root = checkout_root(package_dir)
    if root is None:
        return None
    for finder in sys.meta_path:
        if isinstance(finder, CheckoutFinder) and finder.root == root:
            return finder
    finder = CheckoutFinder(root)
    # After the standard finders: an editable install's own finder (same mapping) answers first.
    sys.meta_path.append(finder)
    return finder
