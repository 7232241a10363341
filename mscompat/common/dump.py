"""``mindspore.common.dump.set_dump`` (also ``mindspore.set_dump``): deprecated since MindSpore 2.7.1 in
favour of ``mindspore.tools.set_dump``; the first call logs that once."""
import functools

from .. import log as logger
from ..tools import set_dump as _tools_set_dump

__all__ = ["set_dump"]

_WARNED = []


@functools.wraps(_tools_set_dump)
def set_dump(target, enabled=True):
    if not _WARNED:
        _WARNED.append(True)
        logger.warning("'mindspore.set_dump' is deprecated from version 2.7.1 and will be removed in a future "
                       "version, use 'mindspore.tools.set_dump' instead.")
    _tools_set_dump(target, enabled)
