"""``mindspore.mindrecord`` for mscompat: MindRecord files in MindSpore's real format (see ``_format``)."""
from .exceptions import *  # noqa: F401,F403
from .exceptions import __all__ as _exc_all
from .filewriter import FileWriter
from .filereader import FileReader

SUCCESS = 0
FAILED = 1

__all__ = ['FileWriter', 'FileReader', 'SUCCESS', 'FAILED'] + list(_exc_all)
