"""``mindspore.graph``: graph-compilation helpers; ``Symbol`` (symbolic dynamic-shape dimensions)."""
from .symbol import Symbol

__all__ = ["Symbol"]
