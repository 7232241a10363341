"""The recurrent layers' checks of the ``hx`` tuple (MindSpore's rnn messages); every other rule
comes from ``mscompat._checkparam``."""

__all__ = []


def check_tuple(arg_name, value, cls_name):
    if value is not None and not isinstance(value, tuple):
        raise TypeError(f"For '{cls_name}', the '{arg_name}' must be 'Tuple', but got '{type(value).__name__}'")


def check_tuple_length(arg_name, value, length, cls_name):
    if value is not None and len(value) != length:
        raise TypeError(f"For '{cls_name}', the length of '{arg_name}' must be '{length}', "
                        f"but got '{len(value)}'")
