"""``mindspore.graph._utils.pijit_context`` (also ``mindspore.common._pijit_context``):
``PIJitCaptureContext``, what ``jit(capture_mode="bytecode")`` applies to a function, method or Cell.

MindSpore's bytecode capture (PIJit) runs the function's Python bytecode with concrete values;
mscompat's ``jit(capture_mode="bytecode")`` does the same by running it eagerly, so this context
wraps with it. Entering the context starts nothing (there is no bytecode JIT runtime to switch on).
"""
from mscompat.common.api import jit
from mscompat.common.jit_config import JitConfig

__all__ = ["PIJitCaptureContext"]


class PIJitCaptureContext:
    """Bytecode-capture wrapper: ``PIJitCaptureContext(fullgraph, jit_config)(fn)``."""

    def __init__(self, fullgraph=False, jit_config=None):
        config = {"fullgraph": fullgraph}
        if isinstance(jit_config, JitConfig):
            config.update(jit_config.jit_config_dict)
        elif jit_config is not None:
            config.update(jit_config)
        disable_pijit = config.get("_disable_pijit")
        if disable_pijit is not None and not callable(disable_pijit):
            raise TypeError(f"The config '_disable_pijit' must be callable but got {disable_pijit}")
        self.config = config
        self.fn = None
        self.ret = None

    def __call__(self, fn):
        self.fn = fn
        return jit(fn, capture_mode="bytecode", fullgraph=self.config["fullgraph"] is True)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        return False
