"""Helpers of the multi-process tests: free ports, the launcher run with a deadline, and cleanup
of every process a test started (worker pids are read from the launcher's scheduler.log)."""
import os
import re
import signal
import socket
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def worker_env(devices=2, **extra):
    env = dict(os.environ)
    env["XLA_FLAGS"] = f"--xla_force_host_platform_device_count={devices}"
    env.pop("MS_WORKER_NUM", None)
    env.update({k: str(v) for k, v in extra.items()})
    return env


def worker_pids(log_dir):
    try:
        text = open(os.path.join(log_dir, "scheduler.log")).read()
    except OSError:
        return []
    m = re.findall(r"pids \[([0-9, ]+)\]", text)
    return [int(p) for p in m[-1].split(",")] if m else []


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:   # a zombie is not alive
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def kill_all(proc, log_dir):
    for pid in [proc.pid] + worker_pids(log_dir):
        for kill in (os.killpg, os.kill):
            try:
                kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def start_launcher(script, log_dir, env, workers=2, extra_args=()):
    cmd = [sys.executable, "-m", "mscompat.run", f"--worker_num={workers}", f"--local_worker_num={workers}",
           "--master_addr=127.0.0.1", f"--master_port={free_port()}", f"--log_dir={log_dir}", "--join=True",
           "--cluster_time_out=60", *extra_args, script]
    return subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True, text=True)


def run_launcher(script, log_dir, env, timeout=90, workers=2, extra_args=()):
    """(exit status, seconds, console output); everything it started is gone when it returns."""
    t0 = time.monotonic()
    proc = start_launcher(script, log_dir, env, workers, extra_args)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_all(proc, log_dir)
        out, _ = proc.communicate()
        raise AssertionError(f"the launcher did not finish in {timeout} s:\n{out[-3000:]}")
    finally:
        kill_all(proc, log_dir)
    return proc.returncode, time.monotonic() - t0, out


def wait_for(pred, timeout, what):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return ""
