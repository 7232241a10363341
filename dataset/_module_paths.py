"""MindSpore's submodule paths of mscompat's flat dataset modules: MindSpore splits
``dataset.vision`` into ``vision.transforms`` (the classes) and ``vision.utils`` (``Inter``,
``Border``, ...), and ``dataset.transforms`` into ``transforms.transforms``; mscompat keeps each
in one module, which is also importable and reachable under those submodule names."""
import importlib.machinery
import sys

__all__ = ["add_submodule_paths"]


def add_submodule_paths(module_name, subnames):
    """Make ``module_name.<sub>`` (import path and attribute) the module itself, for each of
    ``subnames``."""
    module = sys.modules[module_name]
    for sub in subnames:
        setattr(module, sub, module)
        sys.modules.setdefault(f"{module_name}.{sub}", module)
