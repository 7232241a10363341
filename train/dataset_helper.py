"""(being written: DatasetHelper, connect_network_with_dataset)"""

__all__ = []
