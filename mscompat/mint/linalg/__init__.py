"""``mindspore.mint.linalg``: forms of the registry's linear-algebra entries."""
from mscompat.ops._registry import mint_form, mint_op, mint_exports
from mscompat import ops

for _n in ("vector_norm", "matrix_norm", "qr"):
    mint_form("linalg", _n)
mint_form("linalg", "inv", "inverse")
mint_form("linalg", "norm", "norm")

globals().update(mint_exports("linalg"))
__all__ = sorted(mint_exports("linalg"))
