"""The memory layout MindSpore's PyNative view ops give their results.

MindSpore's view ops (``transpose``, ``permute``, ``swapaxes``, ``narrow``, ``select``, ``split``,
``expand``, ``diagonal``, ``unsqueeze``, ...) return Tensors that share their input's storage, with
their own strides and storage offset: ``Tensor.stride()``, ``storage_offset()`` and
``is_contiguous()`` report them, ``contiguous()`` copies into a fresh row-major Tensor. mscompat's
arrays are values, so a view op's result records the layout MindSpore's view would have: its
element strides and offset (``Tensor.__dict__["_layout"]``, absent for a fresh row-major Tensor).
Any other op gives a fresh Tensor (row-major, offset 0), as in MindSpore.
"""

__all__ = ["row_major", "layout", "is_contiguous", "permuted", "sliced", "selected", "expanded", "indexed",
           "unsqueezed", "squeezed", "diagonal_of"]


def row_major(shape):
    """Element strides of a fresh Tensor of ``shape``."""
    out, step = [], 1
    for n in reversed(tuple(shape)):
        out.append(step)
        step *= max(int(n), 1)
    return tuple(reversed(out))


def layout(t):
    """``(strides, offset)`` of the Tensor ``t``."""
    lay = t.__dict__.get("_layout")
    return lay if lay is not None else (row_major(t.shape), 0)


def is_contiguous(shape, strides):
    """Row-major without gaps (dimensions of size 1 may have any stride)."""
    step = 1
    for n, s in zip(reversed(tuple(shape)), reversed(tuple(strides))):
        if n != 1:
            if s != step:
                return False
            step *= n
    return True


def _mark(out, strides, offset):
    strides = tuple(int(s) for s in strides)
    if offset or strides != row_major(out.shape):
        out.__dict__["_layout"] = (strides, int(offset))
    return out


def permuted(out, base, perm):
    """``out``: ``base`` with its axes in the order ``perm``."""
    strides, offset = layout(base)
    return _mark(out, [strides[p] for p in perm], offset)


def sliced(out, base, dim, start, step=1):
    """``out``: ``base`` sliced along ``dim`` from ``start`` (non-negative) every ``step``."""
    strides, offset = layout(base)
    new = list(strides)
    new[dim] = strides[dim] * step
    return _mark(out, new, offset + start * strides[dim])


def selected(out, base, dim, index):
    """``out``: ``base`` at ``index`` (non-negative) along ``dim``, that axis removed."""
    strides, offset = layout(base)
    return _mark(out, strides[:dim] + strides[dim + 1:], offset + index * strides[dim])


def expanded(out, base):
    """``out``: ``base`` broadcast (new leading axes and stretched size-1 axes read one element)."""
    strides, offset = layout(base)
    lead = out.ndim - len(strides)
    new = [0] * lead + [0 if n == 1 and m != 1 else s
                        for n, m, s in zip(base.shape, out.shape[lead:], strides)]
    return _mark(out, new, offset)


def unsqueezed(out, base, dim):
    """``out``: ``base`` with a new axis of size 1 at ``dim`` (non-negative)."""
    strides, offset = layout(base)
    shape = tuple(base.shape)
    s = strides[dim] * shape[dim] if dim < len(shape) else 1
    return _mark(out, strides[:dim] + (s,) + strides[dim:], offset)


def squeezed(out, base, dims):
    """``out``: ``base`` without the size-1 axes ``dims``."""
    strides, offset = layout(base)
    return _mark(out, [s for i, s in enumerate(strides) if i not in dims], offset)


def diagonal_of(out, base, diag_offset, dim1, dim2):
    """``out``: the diagonal ``diag_offset`` of ``base`` over (non-negative) ``dim1``/``dim2``,
    appended as the last axis."""
    strides, offset = layout(base)
    start = diag_offset * strides[dim2] if diag_offset >= 0 else -diag_offset * strides[dim1]
    rest = [s for i, s in enumerate(strides) if i not in (dim1, dim2)]
    return _mark(out, rest + [strides[dim1] + strides[dim2]], offset + start)


def indexed(out, base, index):
    """``out``: ``base[index]`` for a basic ``index`` (a tuple of ints, slices with a positive step,
    ``None`` and at most one ``Ellipsis``, as ``_indexing`` converts it); other indexes copy."""
    strides, offset = layout(base)
    shape = tuple(base.shape)
    if any(not (i is None or i is Ellipsis or type(i) is int or (type(i) is slice and (i.step or 1) > 0))
           for i in index):
        return out
    consumed = sum(1 for i in index if i is not None and i is not Ellipsis)
    new, d = [], 0
    for i in index:
        if i is Ellipsis:
            k = len(shape) - consumed
            new.extend(strides[d:d + k])
            d += k
        elif i is None:
            new.append(strides[d] * shape[d] if d < len(shape) else 1)
        elif type(i) is int:
            offset += (i % shape[d]) * strides[d]
            d += 1
        else:
            start, _, step = i.indices(shape[d])
            offset += start * strides[d] if start < shape[d] else 0
            new.append(strides[d] * step)
            d += 1
    new.extend(strides[d:])
    return _mark(out, new, offset)
