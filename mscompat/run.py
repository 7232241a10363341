"""``python -m mscompat.run``: MindSpore's ``msrun`` launcher for mscompat.

Starts ``--local_worker_num`` worker processes on this machine, each running the task script
(through ``python -m mscompat``, so ``import mindspore`` resolves to mscompat) with msrun's
environment: ``RANK_SIZE``/``MS_WORKER_NUM`` (processes in the job), ``MS_SCHED_HOST``/
``MS_SCHED_PORT`` (the master address; rank 0 hosts JAX's coordination service there),
``MS_ROLE=MS_WORKER``, ``MS_NODE_ID``/``RANK_ID`` (the rank), ``DEVICE_ID`` (the local rank),
``MS_TOPO_TIMEOUT`` (``--cluster_time_out``). Worker ``r`` writes ``<log_dir>/worker_<r>.log``
(``--worker_log_name`` changes the prefix); the launcher's own messages go to
``<log_dir>/scheduler.log`` (there is no separate scheduler process: rank 0 plays that role).

The launcher supervises the workers (with or without ``--join``; ``--join True`` also copies the
worker logs to the console): when one exits with an error, the others are given
``MSCOMPAT_KILL_GRACE`` seconds (default 15) to fail on their own in their next collective,
then their process groups are terminated; the launcher exits with status 1 after "Distributed
job exited with exception. Please check logs in directory: ...". Workers die with the launcher
(parent-death signal), so no process is left behind.
"""
import argparse
import ast
import ctypes
import os
import signal
import socket
import subprocess
import sys
import time

from . import alias

_PR_SET_PDEATHSIG = 1


def get_args(argv=None):
    p = argparse.ArgumentParser(prog="python -m mscompat.run", description=__doc__.split("\n\n")[0])
    p.add_argument("--worker_num", type=int, default=8, help="processes in the whole job")
    p.add_argument("--local_worker_num", type=int, default=8, help="processes started on this node")
    p.add_argument("--master_addr", default="127.0.0.1", type=str, help="address of the master (rank 0)")
    p.add_argument("--master_port", default=8118, type=int, help="port of the master")
    p.add_argument("--node_rank", default=-1, type=int, help="rank of this node")
    p.add_argument("--log_dir", default="", type=str, help="directory of the log files")
    p.add_argument("--join", default=False, type=ast.literal_eval, choices=[True, False],
                   help="copy the worker logs to the console while waiting for the job")
    p.add_argument("--cluster_time_out", default=600, type=int, help="seconds to build the cluster")
    p.add_argument("--bind_core", default=False, type=str, help="accepted; no effect")
    p.add_argument("--bind_numa", default=False, type=str, help="accepted; no effect")
    p.add_argument("--sim_level", default=-1, type=int, choices=[-1, 0, 1, 2, 3], help="accepted; no effect")
    p.add_argument("--sim_rank_id", default=-1, type=int, help="accepted; no effect")
    p.add_argument("--rank_table_file", default="", type=str, help="exported as RANK_TABLE_FILE")
    p.add_argument("--worker_log_name", default="", type=str, help="worker log file prefix ({ip}, {hostname})")
    p.add_argument("--tail_worker_log", default="-1", type=str, help="ranks whose logs --join copies (-1: all)")
    p.add_argument("task_script", type=str, help="the script (or python/pytest) to run in every worker")
    p.add_argument("task_script_args", nargs=argparse.REMAINDER, help="its arguments")
    return p.parse_args(argv)


def _preexec():
    os.setsid()
    try:   # the worker dies with the launcher, whatever kills the launcher
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except OSError:
        pass


class _Launcher:
    def __init__(self, args):
        if args.worker_num <= 0:
            raise ValueError(f"worker_num must be greater than 0, but got {args.worker_num}.")
        if args.local_worker_num > args.worker_num:
            raise ValueError(f"Total worker number is {args.worker_num}, "
                             f"but got exceeded local worker number: {args.local_worker_num}.")
        if args.local_worker_num < args.worker_num and args.node_rank < 0:
            raise ValueError("With several nodes ('local_worker_num' < 'worker_num') set '--node_rank' so that "
                             "every worker's rank id is known.")
        self.args = args
        self.log_dir = os.path.abspath(args.log_dir or ".")
        os.makedirs(self.log_dir, exist_ok=True)
        self.procs = []   # (rank, Popen, log path)
        self._sched = open(os.path.join(self.log_dir, "scheduler.log"), "a", buffering=1)
        self._tail_pos = {}

    def log(self, level, msg):
        line = f"[{level}] ME({os.getpid()}):{time.strftime('%Y-%m-%d-%H:%M:%S')} [mscompat.run] {msg}"
        self._sched.write(line + "\n")
        print(line, file=sys.stderr if level in ("ERROR", "WARNING") else sys.stdout, flush=True)

    def _log_prefix(self):
        name = self.args.worker_log_name or "worker"
        name = name.replace("{ip}", self.args.master_addr).replace("{hostname}", socket.gethostname())
        return name

    def _command(self):
        cmd, rest = self.args.task_script, list(self.args.task_script_args)
        if cmd in ("python", "python3"):   # through mscompat too, unless python's own options come first
            if rest and rest[0].startswith("-") and rest[0] != "-m":
                return [sys.executable] + rest
            return [sys.executable, "-m", "mscompat"] + rest
        if cmd == "pytest":
            return [sys.executable, "-m", "pytest"] + rest
        return [sys.executable, "-m", "mscompat", cmd] + rest

    def start(self):
        a = self.args
        base = alias.child_environ()     # workers (and their children) import mscompat as mindspore
        base.update(RANK_SIZE=str(a.worker_num), MS_WORKER_NUM=str(a.worker_num), MS_SCHED_HOST=a.master_addr,
                    MS_SCHED_PORT=str(a.master_port), MS_TOPO_TIMEOUT=str(a.cluster_time_out),
                    MS_ROLE="MS_WORKER", MSCOMPAT_LOCAL_WORKER_NUM=str(a.local_worker_num),
                    PYTHONUNBUFFERED="1")
        if a.rank_table_file:
            base["RANK_TABLE_FILE"] = a.rank_table_file
        cmd = self._command()
        for local in range(a.local_worker_num):
            rank = local if a.local_worker_num == a.worker_num else a.node_rank * a.local_worker_num + local
            env = dict(base, MS_NODE_ID=str(rank), RANK_ID=str(rank), DEVICE_ID=str(local))
            path = os.path.join(self.log_dir, f"{self._log_prefix()}_{rank}.log")
            print(f"Start worker process with rank id:{rank}, log file:{path}. Environment variable "
                  f"[RANK_ID={rank}] is exported. Execute command: {' '.join(cmd)}", flush=True)
            with open(path, "w") as out:
                p = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT, preexec_fn=_preexec)
            self.procs.append((rank, p, path))
        self.log("INFO", f"{len(self.procs)} workers started: pids {[p.pid for _, p, _ in self.procs]}.")

    def _tail(self):
        if not self.args.join:
            return
        wanted = None if self.args.tail_worker_log == "-1" else {int(r) for r in self.args.tail_worker_log.split(",")}
        for rank, _, path in self.procs:
            if wanted is not None and rank not in wanted:
                continue
            try:
                with open(path, "rb") as f:
                    f.seek(self._tail_pos.get(path, 0))
                    data = f.read()
                    self._tail_pos[path] = f.tell()
            except OSError:
                continue
            if data:
                sys.stdout.write(data.decode(errors="replace"))
                sys.stdout.flush()

    def kill(self, grace=0.0):
        """Wait up to ``grace`` seconds for running workers to end, then SIGTERM, then SIGKILL their groups."""
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and any(p.poll() is None for _, p, _ in self.procs):
            self._tail()
            time.sleep(0.2)
        for sig, wait in ((signal.SIGTERM, 3.0), (signal.SIGKILL, 5.0)):
            alive = [p for _, p, _ in self.procs if p.poll() is None]
            if not alive:
                break
            for p in alive:
                try:
                    os.killpg(p.pid, sig)
                except ProcessLookupError:
                    pass
            end = time.monotonic() + wait
            while time.monotonic() < end and any(p.poll() is None for p in alive):
                time.sleep(0.1)
        for _, p, _ in self.procs:   # the groups' other processes too
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def join(self):
        """Supervise the workers; returns the launcher's exit status."""
        done = set()
        while True:
            failed = []
            for rank, p, path in self.procs:
                rc = p.poll()
                if rc is None or rank in done:
                    continue
                if rc != 0:
                    failed.append((rank, p, rc, path))
                else:
                    done.add(rank)
            self._tail()
            if failed:
                for rank, p, rc, path in failed:
                    self.log("ERROR", f"Worker process {p.pid} exit with exception. Error code: {rc}. "
                                      f"(rank {rank}, log {path})")
                self.log("WARNING", "There's worker exits with exception, kill all other workers.")
                self.kill(grace=float(os.environ.get("MSCOMPAT_KILL_GRACE", "15")))
                self._tail()
                for rank, p, _ in self.procs:
                    if p.returncode not in (0, None) and all(p is not f[1] for f in failed):
                        self.log("ERROR", f"Worker process {p.pid} (rank {rank}) exit with exception. "
                                          f"Error code: {p.returncode}.")
                msg = f"Distributed job exited with exception. Please check logs in directory: {self.log_dir}."
                self.log("ERROR", msg)
                print(f"RuntimeError: {msg}", file=sys.stderr, flush=True)
                return 1
            if len(done) == len(self.procs):
                self.log("INFO", "All workers successfully exit!")
                return 0
            time.sleep(0.2)


def main(argv=None):
    args = get_args(argv)
    launcher = _Launcher(args)

    def on_signal(sig, frame):
        launcher.log("WARNING", f"mscompat.run received signal {sig}, terminating all workers.")
        launcher.kill()
        sys.exit(128 + sig)

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    launcher.start()
    try:
        return launcher.join()
    finally:
        launcher.kill()


if __name__ == "__main__":
    sys.exit(main())
