"""(being written: build_train_network)"""

__all__ = []
