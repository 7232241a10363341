"""The one-time deprecation warning of the ``mindspore.utils`` names moved to ``mindspore.tools``."""
from mscompat import log as logger

_WARNED = set()


def warn_moved(name):
    if name in _WARNED:
        return
    _WARNED.add(name)
    logger.warning(f"'mindspore.utils.{name}' is deprecated from version 2.7.1 and will be removed in a future "
                   f"version, use 'mindspore.tools.{name}' instead.")
