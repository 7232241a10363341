"""Debug ops: Print/print_ (captured stdout), Assert, tensordump/TensorDump (files read back)."""
import contextlib
import io
import os
import tempfile
import time

import numpy as np

from parity_tests.harness import case, F32, I32, BOOL


def _stdout(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        ret = fn()
    return buf.getvalue(), ret


def _dump_back(ms, dump):
    """Dump into a fresh directory; return the file names (without the process-wide counter) and data."""
    d = tempfile.mkdtemp(prefix="d2dump")
    dump(os.path.join(d, "t"))
    sync = getattr(getattr(ms, "runtime", None), "synchronize", None)
    if sync is not None:
        sync()
    for _ in range(50):
        files = sorted(os.listdir(d))
        if files:
            break
        time.sleep(0.05)
    time.sleep(0.1)
    return [f.rsplit("_", 1)[0] for f in files], [np.load(os.path.join(d, f)) for f in files]


CASES = [
    case("Print/strings_ints", lambda ms: _stdout(lambda: ms.ops.Print()("hello", 3, "x"))),
    case("print_/returns_none", lambda ms: _stdout(lambda: ms.ops.print_("a", 1.5))),
    # the returned (1,) int32 Tensor holds no defined value in MindSpore: dtype and shape only
    case("Assert/true", lambda ms, x: ms.ops.Assert()(ms.Tensor(True), [x]), F32(3), check_values=False),
    case("Assert/false_raises", lambda ms, x: ms.ops.Assert()(ms.Tensor(False), [x]), I32(4), error=True),
    case("Assert/bad_summarize", lambda ms: ms.ops.Assert(summarize=1.5), error=True),
    case("tensordump/f32", lambda ms, x: _dump_back(ms, lambda p: ms.ops.tensordump(p, x)), F32(2, 3)),
    case("tensordump/int32_npy_suffix", lambda ms, x: _dump_back(ms, lambda p: ms.ops.TensorDump()(p + ".npy", x)),
         I32(4)),
    case("tensordump/bad_empty_name", lambda ms, x: ms.ops.tensordump("", x), F32(2), error=True),
    case("tensordump/bad_mode", lambda ms, x: ms.ops.tensordump("/tmp/d2_never", x, mode="all"), F32(2), error=True),
    case("tensordump/bad_not_tensor", lambda ms: ms.ops.tensordump("/tmp/d2_never", [1, 2]), error=True),
    case("TensorDump/bad_input_output", lambda ms: ms.ops.TensorDump("both"), error=True),
    case("ScalarSummary/records", lambda ms, x: ms.ops.ScalarSummary()("loss", x), F32(1)),
]
