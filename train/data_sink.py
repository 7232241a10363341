"""(being written: data_sink)"""

__all__ = []
