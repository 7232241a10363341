"""The layers of ``mindspore.mint.nn`` that are not ``mindspore.nn`` layers."""
