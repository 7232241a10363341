"""(being written: mixed precision)"""

__all__ = []
