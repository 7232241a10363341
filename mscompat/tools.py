"""``mindspore.tools``: ``set_dump`` (the data dump itself is ``mscompat._data_dump``)."""
from ._data_dump import set_dump

__all__ = ["set_dump"]
