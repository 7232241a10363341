"""The parameter-server context (``set_ps_context`` / ``get_ps_context`` / ``reset_ps_context``):
MindSpore's keys, defaults and type checks. mscompat has no parameter-server mode, so the
settings are recorded (and read back) without changing how training runs."""
import threading

__all__ = ["set_ps_context", "get_ps_context", "reset_ps_context"]

_DEFAULTS = {"server_mode": "", "ms_role": "MS_NOT_PS", "enable_ps": False, "worker_num": 0, "server_num": 0,
             "scheduler_ip": "127.0.0.1", "scheduler_port": 6667, "enable_ssl": False, "client_password": "",
             "server_password": "", "config_file_path": ""}
_SETTABLE = {"server_mode": str, "ms_role": str, "enable_ps": bool, "worker_num": int, "server_num": int,
             "scheduler_ip": str, "scheduler_port": int, "enable_ssl": bool, "client_password": str,
             "server_password": str, "config_file_path": str}
_READABLE = tuple(k for k in _DEFAULTS if k not in ("client_password", "server_password"))
_LOCK = threading.Lock()
_ps = dict(_DEFAULTS)


def set_ps_context(**kwargs):
    for key, value in kwargs.items():
        if key not in _SETTABLE:
            raise ValueError(f"Set PS context keyword {key} is not recognized!")
        want = _SETTABLE[key]
        if type(value) is not want and not (want is int and isinstance(value, int) and not isinstance(value, bool)):
            raise TypeError(f"The parameter '{key}' must be {want}, but got {type(value)}.")
        if key == "server_mode" and value not in ("", "PARAMETER_SERVER"):
            raise RuntimeError(f"{value} is invalid. Server mode must be PARAMETER_SERVER")
    with _LOCK:
        _ps.update(kwargs)
        if kwargs.get("enable_ps"):
            _ps["server_mode"] = "PARAMETER_SERVER"


def get_ps_context(attr_key):
    if attr_key not in _READABLE:
        raise ValueError(f"Get PS context keyword {attr_key} is not recognized!")
    return _ps[attr_key]


def reset_ps_context():
    """Turn parameter-server mode off (the other settings stay, as in MindSpore)."""
    with _LOCK:
        _ps["enable_ps"] = False
