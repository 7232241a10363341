"""``mindspore.nn``: Cell, layers, losses, optimizers (see the issues for Cell and training)."""
