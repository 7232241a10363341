"""``mindspore.log``: MindSpore's Python logger, configured by the same GLOG environment variables.

``GLOG_v`` sets the level (0 DEBUG, 1 INFO, 2 WARNING (default), 3 ERROR, 4 CRITICAL);
``GLOG_logtostderr`` (default 1) logs to stderr, else to ``GLOG_log_dir/rank_0/logs/mindspore.log``
(rotated at ``logger_maxBytes``, ``logger_backupCount`` files kept); ``GLOG_stderrthreshold`` is the
lowest level that also goes to stderr. Records look like MindSpore's:
``[WARNING] ME(pid:tid,MainProcess):2026-11-22-10:00:00.123.456 [file.py:12] message``.
"""
import logging
import logging.handlers
import os
import time

__all__ = ["debug", "info", "warning", "error", "critical", "get_level", "get_log_config"]

_GLOG_TO_LEVEL = {"0": logging.DEBUG, "1": logging.INFO, "2": logging.WARNING, "3": logging.ERROR,
                  "4": logging.CRITICAL}
_LEVEL_TO_GLOG = {v: k for k, v in _GLOG_TO_LEVEL.items()}
_MAX_BYTES = 50 * 1024 * 1024
_BACKUP_COUNT = 30
_LOGGER = [None]


class _Formatter(logging.Formatter):
    """MindSpore's record layout, with its ``%Y-%m-%d-%H:%M:%S.mmm.uuu`` time stamp."""

    def __init__(self):
        super().__init__("[%(levelname)s] ME(%(process)d:%(thread)d,%(processName)s):%(asctime)s "
                         "[%(pathname)s:%(lineno)d] %(message)s")

    def formatTime(self, record, datefmt=None):
        stamp = time.strftime("%Y-%m-%d-%H:%M:%S", self.converter(record.created))
        micros = f"{int(record.msecs * 1000):06d}"
        return f"{stamp}.{micros[:3]}.{micros[3:]}"


def _level(env, default):
    value = os.environ.get(env, default).strip()
    if value not in _GLOG_TO_LEVEL:
        raise ValueError(f"Incorrect log level, please check the configuration of GLOG_v or GLOG_stderrthreshold, "
                         f"desired log level: 4-CRITICAL, 3-ERROR, 2-WARNING, 1-INFO, 0-DEBUG, but got '{value}'.")
    return _GLOG_TO_LEVEL[value]


def _get_logger():
    if _LOGGER[0] is not None:
        return _LOGGER[0]
    logger = logging.getLogger("mindspore")
    logger.propagate = False
    logger.setLevel(_level("GLOG_v", "2"))
    formatter = _Formatter()
    to_stderr = os.environ.get("GLOG_logtostderr", "1").strip() != "0"
    log_dir = os.environ.get("GLOG_log_dir", "").strip()
    if to_stderr or not log_dir:
        handler = logging.StreamHandler()
        handler.setLevel(logger.level)
    else:
        path = os.path.join(os.path.realpath(log_dir), "rank_0", "logs")
        os.makedirs(path, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            os.path.join(path, "mindspore.log"), maxBytes=int(os.environ.get("logger_maxBytes", _MAX_BYTES)),
            backupCount=int(os.environ.get("logger_backupCount", _BACKUP_COUNT)))
        err = logging.StreamHandler()
        err.setLevel(_level("GLOG_stderrthreshold", "2"))
        err.setFormatter(formatter)
        logger.addHandler(err)
    handler.setFormatter(formatter)
    logger.addHandler(handler)
    _LOGGER[0] = logger
    return logger


def debug(msg, *args, **kwargs):
    """Log ``msg % args`` at DEBUG level."""
    _get_logger().debug(msg, *args, stacklevel=2, **kwargs)


def info(msg, *args, **kwargs):
    """Log ``msg % args`` at INFO level."""
    _get_logger().info(msg, *args, stacklevel=2, **kwargs)


def warning(msg, *args, **kwargs):
    """Log ``msg % args`` at WARNING level."""
    _get_logger().warning(msg, *args, stacklevel=2, **kwargs)


def error(msg, *args, **kwargs):
    """Log ``msg % args`` at ERROR level."""
    _get_logger().error(msg, *args, stacklevel=2, **kwargs)


def critical(msg, *args, **kwargs):
    """Log ``msg % args`` at CRITICAL level."""
    _get_logger().critical(msg, *args, stacklevel=2, **kwargs)


def get_level():
    """The level as MindSpore's string: '0' DEBUG ... '4' CRITICAL."""
    return _LEVEL_TO_GLOG.get(_get_logger().getEffectiveLevel())


def get_log_config():
    """The logging configuration as MindSpore reports it (a dict of GLOG names to strings)."""
    logger = _get_logger()
    config = {"GLOG_v": get_level(), "GLOG_logtostderr": "1"}
    for handler in logger.handlers:
        if isinstance(handler, logging.handlers.RotatingFileHandler):
            config["GLOG_logtostderr"] = "0"
            config["GLOG_log_dir"] = os.path.dirname(os.path.dirname(os.path.dirname(handler.baseFilename)))
            config["logger_maxBytes"] = str(handler.maxBytes)
            config["logger_backupCount"] = str(handler.backupCount)
        elif config["GLOG_logtostderr"] == "0":
            config["GLOG_stderrthreshold"] = _LEVEL_TO_GLOG.get(handler.level)
    return config
