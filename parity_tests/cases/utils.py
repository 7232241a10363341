"""``mindspore.utils`` on a CPU host: stress and silent-data-corruption detection, DLPack
exchange, ``dryrun.mock``, ``comm_exec_order_check``, ``ExitByRequest``."""
import importlib

import numpy as np

from parity_tests.harness import case, F32, I32, F16, BOOL


def _u(ms):
    return importlib.import_module(f"{ms.__name__}.utils")


def _call(name, *args):
    return lambda ms: getattr(_u(ms), name)(*args)


def _roundtrip(ms, x):
    u = _u(ms)
    return u.from_dlpack(u.to_dlpack(x))


def _roundtrip_param(ms, x):
    u = _u(ms)
    return u.from_dlpack(u.to_dlpack(ms.Parameter(x, name="p")))


def _roundtrip_init(ms):
    u = _u(ms)
    t = ms.common.initializer.initializer("ones", [2, 2], ms.float32)
    return u.from_dlpack(u.to_dlpack(t))


def _order_check(ms):
    """start, start again (logged), end, end again (logged). The first 'end' writes through the
    collective library: RuntimeError without communication, None with it (which side has it
    initialized depends on the tables run before in the process), so both count as 'ended'."""
    u = _u(ms)
    out = []
    for i, action in enumerate(("start", "start", "end", "end")):
        try:
            r = u.comm_exec_order_check(action)
            out.append("ended" if i == 2 and r is None else r)
        except RuntimeError:
            out.append("ended" if i == 2 else "RuntimeError")
    return out


def _exit_by_request(ms, g):
    u = _u(ms)
    e = u.ExitByRequest()
    flag = ms.Parameter(ms.Tensor(False), name="exit_flag")
    return e.group_size, e.is_distributed, e.exit_by_request(g, ms.Tensor([1], ms.int32), flag), flag.value()


def _dryrun(ms):
    d = importlib.import_module(f"{ms.__name__}.utils.dryrun")
    return d.mock(5, lambda: 3), d.mock(5, 7), d.mock(5, max, 1, 9), d.mock("x", "y")


CASES = [
    case("utils/stress_detect/aic", _call("stress_detect"), error=True),
    case("utils/stress_detect/aic_explicit", _call("stress_detect", "aic"), error=True),
    case("utils/stress_detect/hccs_without_comm", _call("stress_detect", "hccs"), error=True),
    case("utils/stress_detect/unknown_type", _call("stress_detect", "gpu")),
    case("utils/stress_detect/int_type", _call("stress_detect", 1)),
    case("utils/sdc_detect_start", _call("sdc_detect_start")),
    case("utils/sdc_detect_stop", _call("sdc_detect_stop")),
    case("utils/get_sdc_detect_result", _call("get_sdc_detect_result")),
    case("utils/dlpack/float32", _roundtrip, F32(2, 3)),
    case("utils/dlpack/int32", _roundtrip, I32(4)),
    case("utils/dlpack/float16", _roundtrip, F16(3, 2)),
    case("utils/dlpack/bool", _roundtrip, BOOL(5), error=True),
    case("utils/dlpack/complex64", _roundtrip, (F32(3) + 1j * F32(3)).astype(np.complex64), error=True),
    case("utils/dlpack/float64", _roundtrip, np.linspace(0, 1, 5)),
    case("utils/dlpack/uint8", _roundtrip, np.arange(6, dtype=np.uint8).reshape(2, 3)),
    case("utils/dlpack/bfloat16", lambda ms: _roundtrip(ms, ms.ops.ones((2, 2), ms.bfloat16))),
    case("utils/dlpack/scalar", _roundtrip, np.array(2.5, np.float32)),
    case("utils/dlpack/parameter", _roundtrip_param, F32(3)),
    case("utils/dlpack/initializer", _roundtrip_init),
    case("utils/dlpack/to_numpy_array", lambda ms: _u(ms).to_dlpack(np.ones(3)), error=True),
    case("utils/dlpack/to_list", lambda ms: _u(ms).to_dlpack([1.0]), error=True),
    case("utils/comm_exec_order_check/sequence", _order_check),
    case("utils/comm_exec_order_check/bad_action", _call("comm_exec_order_check", "pause"), error=True),
    case("utils/comm_exec_order_check/not_str", _call("comm_exec_order_check", 1), error=True),
    case("utils/comm_exec_order_check/none", _call("comm_exec_order_check", None), error=True),
    case("utils/ExitByRequest", _exit_by_request, F32(3)),
    case("utils/dryrun/mock", _dryrun),
    case("utils/all", lambda ms: sorted(n for n in _u(ms).__all__ if not n.startswith("_") and n in (
        "stress_detect", "ExitByRequest", "dryrun", "comm_exec_order_check", "sdc_detect_start", "sdc_detect_stop",
        "get_sdc_detect_result", "from_dlpack", "to_dlpack"))),
]
