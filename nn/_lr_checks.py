"""The one check of the learning-rate schedules and ``dynamic_lr`` functions that is not a
``mscompat._checkparam`` rule: MindSpore's own ``isinstance(value, float)`` test and message."""

__all__ = []


def check_float_type(value, arg_name, func_name):
    """The explicit ``isinstance(value, float)`` test some schedules make before the range check."""
    if not isinstance(value, float):
        raise TypeError(f"For '{func_name}', the argument '{arg_name}' must be type of float, "
                        f"but got '{arg_name}' type: {type(value)}.")
