"""``TCPStore``: a key-value store shared by the processes of a job over TCP.

The master process (``is_master=True``) serves the store on ``host_name:port`` from a
background thread; every process, the master included, is a client. Values are bytes
(``set`` accepts str or bytes), ``add`` keeps a decimal integer and returns the new value,
``get`` waits (up to ``timeout``) until the key is set. Messages are length-prefixed JSON.
"""
import base64
import json
import socket
import socketserver
import struct
import threading
import time
from datetime import timedelta

from ._registry import register_primitive_class


def _send(sock, obj):
    data = json.dumps(obj).encode()
    sock.sendall(struct.pack("!I", len(data)) + data)


def _recv(sock):
    head = _recv_exact(sock, 4)
    if head is None:
        return None
    (n,) = struct.unpack("!I", head)
    return json.loads(_recv_exact(sock, n).decode())


def _recv_exact(sock, n):
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            return None
        buf += chunk
    return buf


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, addr):
        self.data, self.cond, self.clients = {}, threading.Condition(), 0
        super().__init__(addr, _Handler)


class _Handler(socketserver.BaseRequestHandler):
    def handle(self):
        srv = self.server
        with srv.cond:
            srv.clients += 1
            srv.cond.notify_all()
        while True:
            msg = _recv(self.request)
            if msg is None:
                return
            _send(self.request, self._do(srv, msg))

    @staticmethod
    def _do(srv, msg):
        cmd, key = msg["cmd"], msg.get("key")
        with srv.cond:
            if cmd == "set":
                srv.data[key] = base64.b64decode(msg["value"])
                srv.cond.notify_all()
                return {"ok": True}
            if cmd == "add":
                try:
                    value = int(srv.data.get(key, b"0")) + int(msg["amount"])
                except ValueError:
                    return {"ok": False, "error": f"the value of key '{key}' is not an integer"}
                srv.data[key] = str(value).encode()
                srv.cond.notify_all()
                return {"ok": True, "value": value}
            if cmd == "get":
                deadline = time.monotonic() + msg["timeout"]
                while key not in srv.data:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return {"ok": False, "error": f"timeout waiting for key '{key}'"}
                    srv.cond.wait(left)
                return {"ok": True, "value": base64.b64encode(srv.data[key]).decode()}
            if cmd == "delete":
                return {"ok": True, "value": srv.data.pop(key, None) is not None}
            if cmd == "clients":
                return {"ok": True, "value": srv.clients}
        return {"ok": False, "error": f"unknown command {cmd}"}


def _check(name, arg, value, types, what):
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
        raise TypeError(f"For '{name}', the argument '{arg}' must be type of {what}, "
                        f"but got '{arg}' type : {type(value)}.")


@register_primitive_class
class TCPStore:
    """Key-value store over TCP (see the module docstring)."""

    def __init__(self, host_name, port, world_size=None, is_master=False, timeout=timedelta(seconds=300),
                 wait_for_workers=True, multi_tenant=False, master_listen_fd=None, use_libuv=True):
        _check("TCPStore", "host_name", host_name, (str,), "string")
        _check("TCPStore", "port", port, (int,), "int")
        _check("TCPStore", "is_master", is_master, (bool,), "bool")
        _check("TCPStore", "timeout", timeout, (timedelta,), "timedelta")
        _check("TCPStore", "wait_for_workers", wait_for_workers, (bool,), "bool")
        world_size = 1 if world_size is None else world_size
        _check("TCPStore", "world_size", world_size, (int,), "int")
        if port < 0 or port > 65535:
            raise ValueError(f"For 'TCPStore', the argument 'port' must be legal, but got {port}.")
        if world_size <= 0:
            raise ValueError(f"For 'TCPStore', the argument 'world_size' must be legal, but got {world_size}.")
        self.host, self.timeout = host_name, timeout.total_seconds()
        self._server = None
        if is_master:
            self._server = _Server((host_name, port))
            threading.Thread(target=self._server.serve_forever, daemon=True).start()
            port = self._server.server_address[1]
        self.port = port
        self._lock = threading.Lock()
        self._sock = self._connect()
        if is_master and wait_for_workers:
            deadline = time.monotonic() + self.timeout
            while self._call("clients")["value"] < world_size:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"TCPStore: timed out waiting for {world_size} workers.")
                time.sleep(0.01)

    def _connect(self):
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                sock = socket.create_connection((self.host, self.port), timeout=max(self.timeout, 1.0))
                sock.settimeout(None)   # a get() may wait for the server's own timeout
                return sock
            except OSError as e:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"TCPStore: cannot connect to {self.host}:{self.port}: {e}") from e
                time.sleep(0.05)

    def _call(self, cmd, **kw):
        with self._lock:
            _send(self._sock, dict(cmd=cmd, **kw))
            out = _recv(self._sock)
        if out is None:
            raise RuntimeError("TCPStore: the connection to the store was closed.")
        if not out["ok"]:
            raise RuntimeError(f"TCPStore: {out['error']}")
        return out

    def add(self, key, amount):
        """Add ``amount`` to the integer at ``key`` (0 when unset); returns the new value."""
        _check("TCPStore.add", "key", key, (str,), "string")
        _check("TCPStore.add", "amount", amount, (int,), "string or int")
        return self._call("add", key=key, amount=amount)["value"]

    def set(self, key, value):
        """Store ``value`` (str or bytes) at ``key``."""
        _check("TCPStore.set", "key", key, (str,), "string")
        _check("TCPStore.set", "value", value, (str, bytes), "string or bytes")
        raw = value.encode() if isinstance(value, str) else value
        self._call("set", key=key, value=base64.b64encode(raw).decode())

    def get(self, key):
        """The bytes at ``key``, waiting until some process sets it (RuntimeError after the timeout)."""
        _check("TCPStore.get", "key", key, (str,), "string")
        return base64.b64decode(self._call("get", key=key, timeout=self.timeout)["value"])

    def delete_key(self, key):
        """Remove ``key``; returns whether it existed."""
        _check("TCPStore.delete_key", "key", key, (str,), "string")
        return self._call("delete", key=key)["value"]
