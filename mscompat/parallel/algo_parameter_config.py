"""``mindspore.parallel.set_algo_parameters`` / ``get_algo_parameters`` / ``reset_algo_parameters``:
settings of the strategy search (stored and validated; the search of ``_auto`` reads
``fully_use_devices``: its candidates always use every device)."""
__all__ = ["set_algo_parameters", "get_algo_parameters", "reset_algo_parameters"]

_DEFAULTS = {"fully_use_devices": True, "elementwise_op_strategy_follow": False, "tensor_slice_align_enable": False,
             "tensor_slice_align_size": 16, "enable_algo_approxi": False, "algo_approxi_epsilon": 0.1}
_TYPES = {"fully_use_devices": bool, "elementwise_op_strategy_follow": bool, "tensor_slice_align_enable": bool,
          "tensor_slice_align_size": int, "enable_algo_approxi": bool, "algo_approxi_epsilon": float}
_values = dict(_DEFAULTS)


def set_algo_parameters(**kwargs):
    for key, value in kwargs.items():
        t = _TYPES.get(key)
        if t is not None and (not isinstance(value, t) or (t is int and isinstance(value, bool))):
            raise TypeError(f"The parameter '{key}' must be {t.__name__}, but got {type(value).__name__}.")
    for key, value in kwargs.items():
        if key not in _DEFAULTS:
            raise ValueError("Set context keyword %s is not recognized!" % key)
        if key == "tensor_slice_align_size" and not 1 <= value <= 1024:
            raise ValueError('Align_size must be in [1, 1024], but got {}'.format(value))
        _values[key] = value


def get_algo_parameters(attr_key):
    if attr_key not in _DEFAULTS:
        raise ValueError("Get context keyword %s is not recognized!" % attr_key)
    return _values[attr_key]


def reset_algo_parameters():
    _values.clear()
    _values.update(_DEFAULTS)
