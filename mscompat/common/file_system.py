"""``mindspore.common.file_system``: the file interface checkpoint saving and loading go through.

Only the basic backend exists here (Python's ``open``); MindSpore's optional MindIO backend is an
Ascend storage service.
"""
__all__ = ["FileSystem"]


class FileSystem:
    """``create(path, *create_args)`` opens a file to append to, ``open(path, *open_args)`` one
    to read; ``backend`` names the implementation."""

    def __init__(self):
        self.create = open
        self.create_args = ("ab",)
        self.open = open
        self.open_args = ("rb",)
        self.backend = "basic"
