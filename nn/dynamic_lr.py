"""(being written: per-step learning-rate lists)"""

__all__ = []
