"""(being written: checkpoints)"""

__all__ = []
