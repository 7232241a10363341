"""glibc's allocator settings for XLA:CPU programs (mscompat/_host_memory.py)."""
import os
import subprocess
import sys

import pytest

from mscompat import _host_memory

pytestmark = pytest.mark.skipif(_host_memory._LIBC is None, reason="not glibc")


def _limit_in_fresh_process(**env):
    code = "from mscompat import _host_memory as h; print(h.limit_arenas())"
    base = {k: v for k, v in os.environ.items() if k not in ("MALLOC_ARENA_MAX", "MSCOMPAT_MALLOC_ARENAS")}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={**base, **env})
    return proc.stdout.strip().splitlines()[-1] if proc.returncode == 0 else proc.stderr


def test_arena_limit_default_and_what_the_user_sets_wins():
    cores = len(os.sched_getaffinity(0))
    assert _host_memory.default_arenas() == max(_host_memory.ARENAS, cores)     # one per core, at least 2
    assert _limit_in_fresh_process() == str(max(_host_memory.ARENAS, cores))
    # a process bound to one core still gets two
    one = subprocess.run(["taskset", "-c", "0", sys.executable, "-c",
                          "from mscompat import _host_memory as h; print(h.default_arenas())"],
                         capture_output=True, text=True)
    if one.returncode == 0:
        assert one.stdout.strip().splitlines()[-1] == str(_host_memory.ARENAS)
    assert _limit_in_fresh_process(MSCOMPAT_MALLOC_ARENAS="4") == "4"
    assert _limit_in_fresh_process(MSCOMPAT_MALLOC_ARENAS="0") == "None"      # glibc's default kept
    assert _limit_in_fresh_process(MALLOC_ARENA_MAX="8") == "None"            # glibc reads it itself
    assert "MSCOMPAT_MALLOC_ARENAS must be an integer" in _limit_in_fresh_process(MSCOMPAT_MALLOC_ARENAS="two")


def test_a_compile_hands_freed_memory_back(monkeypatch):
    import numpy as np
    import mscompat as ms
    calls = []
    monkeypatch.setattr(_host_memory, "release_free", lambda: calls.append(1))

    @ms.jit
    def f(x):
        return x * 2
    f(ms.Tensor(np.ones(3, np.float32)))
    f(ms.Tensor(np.ones(3, np.float32)))
    assert calls == [1]               # once, for the one compile


def test_import_freezes_its_objects_out_of_the_collectors_walks():
    code = ("import gc, mscompat, mscompat.nn\n"
            "class Cycle: pass\n"
            "a = Cycle(); a.me = a; import weakref; r = weakref.ref(a); del a; gc.collect()\n"
            "print(gc.get_freeze_count(), r() is None)")
    base = {k: v for k, v in os.environ.items() if k != "MSCOMPAT_GC_FREEZE"}
    frozen, freed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                   env=base, check=True).stdout.split()
    assert int(frozen) > 10000 and freed == "True"      # what the program makes later is collected
    left = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**base, "MSCOMPAT_GC_FREEZE": "0"}, check=True).stdout.split()
    assert left == ["0", "True"]
