"""(being written: Model)"""

__all__ = []
