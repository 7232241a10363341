"""``mindspore.parallel._utils``: the parallel-setting readers model zoos import
(``_get_device_num``, ``_get_gradients_mean``, ``_get_parallel_mode``, ...). They read the
settings of ``set_auto_parallel_context`` (``mscompat.context``)."""
from mscompat import context

__all__ = []

_SEMI_AUTO, _AUTO = "semi_auto_parallel", "auto_parallel"


def _get_parallel_mode():
    return context.get_auto_parallel_context("parallel_mode")


def _get_gradients_mean():
    return context.get_auto_parallel_context("gradients_mean")


def _get_device_num():
    """1 in STAND_ALONE, else the set device number (the devices in use when not set)."""
    if _get_parallel_mode() == "stand_alone":
        return 1
    return context.get_auto_parallel_context("device_num")


def _get_global_rank():
    if _get_parallel_mode() == "stand_alone":
        return 0
    return context.get_auto_parallel_context("global_rank")


def _get_pipeline_stages():
    return context.get_auto_parallel_context("pipeline_stages")


def _get_stage_device_num():
    return _get_device_num() // _get_pipeline_stages()


def _get_full_batch():
    return context.get_auto_parallel_context("full_batch")


def _get_parameter_broadcast():
    return context.get_auto_parallel_context("parameter_broadcast")


def _get_enable_parallel_optimizer():
    return context.get_auto_parallel_context("enable_parallel_optimizer")


def _is_in_auto_parallel_mode():
    return _get_parallel_mode() in (_SEMI_AUTO, _AUTO)


def _is_in_data_parallel_mode():
    return _get_parallel_mode() == "data_parallel"


def _is_in_hybrid_parallel_mode():
    return _get_parallel_mode() == "hybrid_parallel"


def _is_sharding_propagation():
    return (context.get_auto_parallel_context("search_mode") == "sharding_propagation"
            or bool(context.get_auto_parallel_context("sharding_propagation")))


def _check_full_batch():
    """``full_batch`` is only for the (semi-)auto-parallel modes: RuntimeError otherwise."""
    if _get_parallel_mode() not in (_SEMI_AUTO, _AUTO) and _get_full_batch():
        raise RuntimeError("full_batch could only be used under semi_auto_parallel or auto_parallel.")


def _need_to_full():
    """Whether the inputs are sliced per device and must be expanded to the full batch."""
    if _get_parallel_mode() not in (_SEMI_AUTO, _AUTO):
        return False
    strategy = context.get_auto_parallel_context("dataset_strategy")
    if strategy and strategy not in ("data_parallel", "full_batch"):
        return True
    return not _get_full_batch()


def _parallel_mode_map(parallel_mode):
    """The ``AutoParallel`` mode names onto the context's parallel modes."""
    mapped = {"sharding_propagation": _AUTO, "recursive_programming": _AUTO, "semi_auto": _SEMI_AUTO}
    if parallel_mode not in mapped:
        raise ValueError("Invalid parallel_mode input, expect one of 'semi_auto', 'sharding_propagation', "
                         f"'recursive_programming', but got the value: {parallel_mode}.")
    return mapped[parallel_mode]


def _device_number_check(parallel_mode, device_number):
    if parallel_mode == "stand_alone" and device_number != 1:
        raise ValueError(f"If parallel_mode is stand_alone, device_number must be 1, device_number: {device_number}, "
                         f"parallel_mode:{parallel_mode}")


def _parameter_broadcast_check(parallel_mode, parameter_broadcast):
    if parameter_broadcast is True and parallel_mode in ("stand_alone", _SEMI_AUTO, _AUTO):
        raise ValueError("stand_alone, semi_auto_parallel and auto_parallel do not support parameter broadcast, "
                         f"parallel_mode: {parallel_mode}, parameter_broadcast:{parameter_broadcast}")
