"""``mindspore.common.initializer`` (to be filled by the initializer work)."""


def initializer(init, shape=None, dtype=None):
    raise NotImplementedError("initializer is being written")
