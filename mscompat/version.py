"""``mindspore.version``: the MindSpore version this package reproduces."""
__version__ = "2.10.0"
