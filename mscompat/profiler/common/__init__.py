"""``mindspore.profiler.common``: the profiler's shared definitions at MindSpore's internal path
(``common.constant``: the enums)."""
