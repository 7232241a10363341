"""``mindspore.profiler.mstx``: user marks and ranges in the profiler's trace.

They are recorded (as ``jax.profiler`` trace annotations, shown on the host timeline) only while a
profiler created with ``mstx=True`` (or ``_ExperimentalConfig(mstx=True)``) is recording, and only
for domains its ``mstx_domain_include``/``mstx_domain_exclude`` lists let through; otherwise the
calls do nothing and ``range_start`` returns 0, as in MindSpore off Ascend."""
import itertools
import logging
import jax

__all__ = ["Mstx"]

logger = logging.getLogger("mscompat")


class Mstx:
    """``mstx.mark``, ``mstx.range_start``, ``mstx.range_end``."""

    enable = False
    _include, _exclude = [], []
    _ids = itertools.count(1)
    _open = {}

    @classmethod
    def _configure(cls, enable, include=(), exclude=()):
        cls.enable, cls._include, cls._exclude = bool(enable), list(include), list(exclude)
        if not enable:
            for ann in cls._open.values():
                ann.__exit__(None, None, None)
            cls._open.clear()

    @classmethod
    def _domain_on(cls, domain):
        if cls._include:
            return domain in cls._include
        return domain not in cls._exclude

    @staticmethod
    def _checked(func, message, domain):
        if not Mstx.enable:
            return False
        if not message or not isinstance(message, str):
            logger.warning("Invalid message for mstx.%s func. Please input valid message string.", func)
            return False
        if not isinstance(domain, str) or domain == "":
            logger.warning("Invalid domain name for mstx.%s func. Please input str and can not be empty.", func)
            return False
        return Mstx._domain_on(domain)

    @staticmethod
    def mark(message: str, stream=None, domain: str = "default") -> None:
        """An instant mark named ``message`` in the trace."""
        if Mstx._checked("mark", message, domain):
            with jax.profiler.TraceAnnotation(message, domain=domain, mstx="mark"):
                pass

    @staticmethod
    def range_start(message: str, stream=None, domain: str = "default") -> int:
        """Open a range named ``message``; returns its id for :meth:`range_end` (0: not recorded)."""
        if not Mstx._checked("range_start", message, domain):
            return 0
        ann = jax.profiler.TraceAnnotation(message, domain=domain, mstx="range")
        ann.__enter__()
        range_id = next(Mstx._ids)
        Mstx._open[range_id] = ann
        return range_id

    @staticmethod
    def range_end(range_id: int, domain: str = "default") -> None:
        """Close the range ``range_id`` opened by :meth:`range_start`."""
        if not Mstx.enable or range_id == 0:
            return
        if not isinstance(range_id, int) or range_id < 0:
            logger.warning("Invalid range_id for mstx.range_end func. Please input return value from "
                           "mstx.range_start.")
            return
        ann = Mstx._open.pop(range_id, None)
        if ann is not None:
            ann.__exit__(None, None, None)
