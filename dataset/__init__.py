"""``mindspore.dataset``: the data pipeline (see the data-engine issue)."""
