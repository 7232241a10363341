"""The build's one compiled part, optional: ``mscompat._front``, the repeated call of an
``ms.jit`` function in C (``mscompat/_front.c``). Where no C compiler or Python headers are
present the build goes on without it, and ``mscompat/_graph.py`` makes the same call in Python.
Everything else is declared in ``pyproject.toml``."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("mscompat._front", ["mscompat/_front.c"], optional=True)])
