"""``python -m mscompat script.py [args]``: run a MindSpore script on mscompat.

The script's ``import mindspore`` (and ``mindspore.*``) resolves to mscompat;
``python -m mscompat -m package.module [args]`` runs a module the same way.
"""
import os
import runpy
import sys
from mscompat import alias

USAGE = "usage: python -m mscompat script.py [args ...]  |  python -m mscompat -m module [args ...]"


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if argv else 2
    alias.install()
    os.environ.update(alias.child_environ())    # subprocesses of the script get the alias too
    if argv[0] == "-m":
        if len(argv) < 2:
            print(USAGE, file=sys.stderr)
            return 2
        sys.argv = argv[1:]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = argv
        sys.path.insert(0, os.path.dirname(os.path.abspath(argv[0])))
        runpy.run_path(argv[0], run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
