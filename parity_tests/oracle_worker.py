"""Runs every parity case on real MindSpore and writes the normalized results as JSON.

Run by the oracle interpreter (a numpy-1.x environment with mindspore==2.10.0), with the
repository root on PYTHONPATH:  ORACLE_PYTHON parity_tests/oracle_worker.py OUT.jsonl [--comm]

``OUT.jsonl`` gets MindSpore's version, one line per case as soon as it is computed, and a
last ``{"done": true}`` line. A case that kills the process (some of MindSpore's C++ paths
crash, not always) loses nothing computed before it: ``oracle.py`` starts the worker again,
and the worker skips the cases already in the file (``oracle.read_part``).

Without ``--comm`` it runs the tables without ``NEEDS_COMM``; with ``--comm`` (launched by
``msrun`` with one worker, see ``oracle.py``) it calls ``mindspore.communication.init()``
first and runs only the ``NEEDS_COMM`` tables.
"""
import json
import os
import sys
import time
import warnings


def main(out_path, comm=False):
    os.environ.setdefault("GLOG_v", "3")
    warnings.filterwarnings("ignore")
    import mindspore
    mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")
    if comm:
        from mindspore.communication import init
        init()
    from parity_tests.cases import all_cases, needs_comm
    from parity_tests.oracle import read_part
    done = set(read_part(out_path)[0])   # a restart after a crash: keep what the earlier runs computed
    table, t0, n = None, time.monotonic(), 0
    with open(out_path, "a") as out:
        # (a newline first: the line a crash cut short stays a line of its own)
        out.write("\n" + json.dumps({"mindspore_version": mindspore.__version__}) + "\n")
        for c in all_cases():
            if needs_comm(c.family) != comm or c.name in done:
                continue
            if c.family != table:
                _progress(table, n, t0)
                table, t0, n = c.family, time.monotonic(), 0
            n += 1
            if comm:   # progress in msrun's worker log
                print(f"parity case {c.name}", flush=True)
            result = c.run(mindspore)
            late = _flush(mindspore)
            if late is not None and result["t"] != "error":
                result = late  # MindSpore reported this case's error asynchronously, on a later op
            out.write(json.dumps({"case": c.name, "result": result}) + "\n")
            out.flush()
        _progress(table, n, t0)
        out.write(json.dumps({"done": True}) + "\n")
        out.flush()


def _progress(table, n, t0):
    """One line per finished table on stderr (``oracle.py`` passes it on to the terminal)."""
    if table is not None:
        print(f"oracle: {table}: {n} cases in {time.monotonic() - t0:.1f} s", file=sys.stderr, flush=True)


def _flush(mindspore):
    """Run a tiny op until it succeeds: MindSpore raises some errors on the *next* op."""
    late = None
    for _ in range(3):
        try:
            mindspore.runtime.synchronize()
            (mindspore.Tensor([1.0]) + 1).asnumpy()
            return late
        except Exception as e:  # an error left over from the case that just ran
            if late is None:
                late = {"t": "error", "cls": type(e).__name__, "msg": str(e).split("\n")[0][:300]}
    return late


if __name__ == "__main__":
    main(sys.argv[1], comm="--comm" in sys.argv[2:])
