"""Found by ``import mindspore`` in a child process of an aliased one (see ``mscompat._spawn_path``):
installs the alias and replaces itself with mscompat, so the child's ``mindspore`` and
``mindspore.X`` are mscompat's modules, as in the parent."""
import importlib
import sys

if __name__ == "mindspore":
    from mscompat import alias as _alias
    del sys.modules["mindspore"]            # this placeholder; the alias maps the name from now on
    _alias.install()
    sys.modules["mindspore"] = importlib.import_module("mindspore")
