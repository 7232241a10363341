"""``mindspore._extends.parse``: the graph parser's package; mscompat has no separate parser
(cells are traced with JAX), so only its ``compile_config`` module is here."""
from . import compile_config  # noqa: F401
