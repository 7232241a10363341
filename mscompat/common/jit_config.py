"""``mindspore.JitConfig``: compile options of a cell (``Cell.set_jit_config``).

``jit_syntax_level`` ``"STRICT"`` makes code that needs a Tensor's value while compiling (JIT
Fallback: ``Tensor.asnumpy()`` in ``construct``) an error, as MindSpore; ``"LAX"`` (and ``""``, which
defers to ``set_context(jit_syntax_level=...)``) runs it. The other options are validated and kept.
"""

__all__ = ["JitConfig"]


class JitConfig:
    """Compile options: ``jit_level`` ("", "O0", "O1", "O2"), ``exc_mode`` ("auto", "sink",
    "no_sink"), ``jit_syntax_level`` ("", "STRICT", "COMPATIBLE", "LAX"), ``debug_level``
    ("RELEASE", "DEBUG"), ``infer_boost`` ("on", "off"); other keywords are kept as given."""

    def __init__(self, jit_level="", exc_mode="auto", jit_syntax_level="", debug_level="RELEASE",
                 infer_boost="off", **kwargs):
        kwargs.pop("suppress_infer_boost_warning", None)
        if jit_level not in ("", "O0", "O1", "O2"):
            raise ValueError("For 'jit_level' must be one of ['O0', 'O1', 'O2'].")
        if exc_mode not in ("auto", "sink", "no_sink"):
            raise ValueError("For 'exc_mode' must be one of '['auto', 'sink', 'no_sink']'.")
        if jit_syntax_level not in ("", "STRICT", "COMPATIBLE", "LAX"):
            raise ValueError("For 'jit_syntax_level' must be one of '['STRICT', 'LAX']'.")
        if debug_level not in ("RELEASE", "DEBUG"):
            raise ValueError("For 'debug_level' must be one of '['RELEASE', 'DEBUG']'.")
        if infer_boost not in ("", "on", "off"):
            raise ValueError("For 'infer_boost' must be one of '['on', 'off']'.")
        self.jit_config_dict = dict(kwargs)
        self.jit_config_dict.update(jit_level=jit_level, exc_mode=exc_mode, jit_syntax_level=jit_syntax_level,
                                    debug_level=debug_level, infer_boost=infer_boost)
        if "backend" not in self.jit_config_dict and jit_level:
            self.jit_config_dict["backend"] = "GE" if jit_level == "O2" else "ms_backend"
