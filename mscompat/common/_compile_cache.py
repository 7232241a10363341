"""The persistent compilation cache: compiled XLA programs kept on disk between processes.

MindSpore keeps compiled graphs between runs when asked (``set_context(enable_compile_cache=True,
compile_cache_path=...)`` or the environment variables ``MS_COMPILER_CACHE_ENABLE`` /
``MS_COMPILER_CACHE_PATH``). mscompat compiles an XLA program per (primitive, shapes) in
PyNative mode and per graph in GRAPH_MODE, so it turns JAX's persistent cache **on by default**:
a second process that runs the same model loads its programs instead of compiling them again.

Where and whether, first match wins:

* ``set_context(enable_compile_cache=False)`` / ``True``, else ``MS_COMPILER_CACHE_ENABLE=0`` / ``1``,
  else on;
* ``set_context(compile_cache_path=P)``, else ``MS_COMPILER_CACHE_PATH=P``: the programs go to
  ``P/xla``; else JAX's own ``jax_compilation_cache_dir`` when the user set it (``JAX_COMPILATION_CACHE_DIR``),
  else ``$XDG_CACHE_HOME/mscompat/xla`` (``~/.cache/mscompat/xla``).

Every program is kept, however fast it compiled (``jax_persistent_cache_min_compile_time_secs``
0 unless the user set it): PyNative's many small programs are what a second run saves. JAX keys
an entry by the program, the compile options, the device and the JAX version, so an entry is
only reused for the very same program. A directory that cannot be created or written leaves
the cache off (logged at INFO), never an error.
"""
import os

import jax
from jax.experimental.compilation_cache import compilation_cache as _jax_cache

from mscompat import log as logger

__all__ = ["configure", "active_dir", "default_dir"]

_ENABLE_ENV = "MS_COMPILER_CACHE_ENABLE"
_PATH_ENV = "MS_COMPILER_CACHE_PATH"
_MIN_TIME_ENV = "JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS"

# what the user's own JAX configuration said before mscompat touched it
_USER_JAX_DIR = jax.config.jax_compilation_cache_dir


def default_dir():
    """``$XDG_CACHE_HOME/mscompat/xla`` (``~/.cache/mscompat/xla`` when XDG_CACHE_HOME is unset)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "mscompat", "xla")


def _env_enabled():
    value = os.environ.get(_ENABLE_ENV, "").strip().lower()
    if value in ("0", "false", "off", "no"):
        return False
    return True


def _wanted_dir(path):
    if path:
        return os.path.join(os.path.expanduser(path), "xla")
    if os.environ.get(_PATH_ENV):
        return os.path.join(os.path.expanduser(os.environ[_PATH_ENV]), "xla")
    if _USER_JAX_DIR:
        return _USER_JAX_DIR
    return default_dir()


def _writable(directory):
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as err:
        logger.info(f"The compile cache is off: cannot create '{directory}' ({err}).")
        return False
    if not os.access(directory, os.W_OK | os.X_OK):
        logger.info(f"The compile cache is off: '{directory}' is not writable.")
        return False
    return True


def _set_jax_dir(directory):
    if jax.config.jax_compilation_cache_dir == directory:
        return
    jax.config.update("jax_compilation_cache_dir", directory)
    _jax_cache.reset_cache()     # JAX opens its cache once; a new directory needs a fresh one


def configure(enable=None, path=None):
    """Apply the cache settings: ``enable`` / ``path`` as given to ``set_context`` (None: not
    set there, so the environment variables and defaults decide)."""
    on = _env_enabled() if enable is None else bool(enable)
    directory = _wanted_dir(path) if on else None
    if directory is not None and not _writable(directory):
        directory = None
    if directory is not None and _MIN_TIME_ENV not in os.environ:
        jax.config.update("jax_persistent_cache_min_compile_time_secs", 0.0)
    _set_jax_dir(directory)


def active_dir():
    """The directory compiled programs are kept in now (None: the persistent cache is off)."""
    return jax.config.jax_compilation_cache_dir or None
