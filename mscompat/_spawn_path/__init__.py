"""A directory that carries the ``mindspore`` alias into child processes.

While the alias is installed this directory is first on ``sys.path``; multiprocessing's spawn
and forkserver children start with the parent's ``sys.path`` (and ``python -m mscompat`` and
``python -m mscompat.run`` put it on ``PYTHONPATH`` for any other child), so their
``import mindspore`` finds the ``mindspore`` package here, which installs the alias and hands
over to mscompat. The parent itself never imports it: its alias finder comes first."""
