"""(being written: loss scale managers)"""

__all__ = []
