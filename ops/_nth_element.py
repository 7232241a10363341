"""The order in which MindSpore's CPU kernels leave elements that they select with C++'s
``std::nth_element`` (libstdc++'s introselect): unsorted ``TopK`` returns the first ``k`` slots
of that order, so its output order (documented as unspecified) is MindSpore's exactly."""
import numpy as np


def nth_element_order(rows, k, largest):
    """int32 ``(m, k)``: for each row of the 2-D numpy array ``rows``, the first ``k`` indices after
    ``std::nth_element(idx, idx + k, idx + n, comp)`` on ``0..n-1`` with ``comp(i, j)`` = ``row[i] >
    row[j]`` (``largest``) or ``row[i] < row[j]``."""
    m, n = rows.shape
    out = np.empty((m, k), np.int32)
    for r in range(m):
        vals = rows[r].tolist()
        if largest:
            def greater(i, j):
                return vals[i] > vals[j]
        else:
            def greater(i, j):
                return vals[i] < vals[j]
        idx = list(range(n))
        _nth_element(idx, k, greater)
        out[r] = idx[:k]
    return out


def sorted_topk_order(rows, k, largest):
    """int32 ``(m, k)``: MindSpore's CPU sorted TopK for ``k`` up to half a row, ``std::nth_element``'s
    first ``k`` indices stable-sorted by value. Rows without equal values among their ``k + 1``
    largest (smallest) have one such order, found by a numpy sort; only the others are replayed."""
    m, n = rows.shape
    order = np.argsort(rows, axis=-1, kind="stable")
    order = order[:, ::-1][:, :k + 1] if largest else order[:, :k + 1]
    top = np.take_along_axis(rows, order, axis=-1)
    out = order[:, :k].astype(np.int32)
    for r in np.flatnonzero((top[:, 1:] == top[:, :-1]).any(axis=-1)):
        vals = rows[r].tolist()
        first = nth_element_order(rows[r:r + 1], k, largest)[0].tolist()
        out[r] = sorted(first, key=vals.__getitem__, reverse=largest)    # a stable sort either way
    return out


def _nth_element(idx, nth, greater):
    """libstdc++'s ``std::nth_element(first, first + nth, last, comp)`` on the list ``idx`` in place,
    ``comp`` being ``greater``: introselect (median-of-three Hoare partitions while more than three
    elements remain, a heap select past the depth limit), then an insertion sort."""
    n = len(idx)
    if n == 0 or nth == n:
        return
    depth = 2 * (n.bit_length() - 1)
    first, last = 0, n
    while last - first > 3:
        if depth == 0:
            _heap_select(idx, first, nth + 1, last, greater)
            idx[first], idx[nth] = idx[nth], idx[first]
            return
        depth -= 1
        mid = first + (last - first) // 2
        a, b, c = first + 1, mid, last - 1
        if greater(idx[a], idx[b]):
            m = b if greater(idx[b], idx[c]) else (c if greater(idx[a], idx[c]) else a)
        elif greater(idx[a], idx[c]):
            m = a
        elif greater(idx[b], idx[c]):
            m = c
        else:
            m = b
        idx[first], idx[m] = idx[m], idx[first]
        pivot = idx[first]
        lo, hi = first + 1, last
        while True:
            while greater(idx[lo], pivot):
                lo += 1
            hi -= 1
            while greater(pivot, idx[hi]):
                hi -= 1
            if not lo < hi:
                break
            idx[lo], idx[hi] = idx[hi], idx[lo]
            lo += 1
        if lo <= nth:
            first = lo
        else:
            last = lo
    for i in range(first + 1, last):
        val = idx[i]
        if greater(val, idx[first]):
            idx[first + 1:i + 1] = idx[first:i]
            idx[first] = val
        else:
            j = i
            while greater(val, idx[j - 1]):
                idx[j] = idx[j - 1]
                j -= 1
            idx[j] = val


def _sift(idx, base, hole, length, value, greater):
    """libstdc++'s ``__adjust_heap``: move the hole down to a leaf, then push ``value`` up (a heap
    whose top is the element ``greater`` puts last)."""
    top = hole
    child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if greater(idx[base + child], idx[base + child - 1]):
            child -= 1
        idx[base + hole] = idx[base + child]
        hole = child
    if (length & 1) == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        idx[base + hole] = idx[base + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and greater(idx[base + parent], value):
        idx[base + hole] = idx[base + parent]
        hole = parent
        parent = (hole - 1) // 2
    idx[base + hole] = value


def _heap_select(idx, first, middle, last, greater):
    """libstdc++'s ``__heap_select``: a heap of ``[first, middle)``, then each later element that
    ``greater`` puts before the top replaces it."""
    length = middle - first
    if length >= 2:
        for parent in range((length - 2) // 2, -1, -1):
            _sift(idx, first, parent, length, idx[first + parent], greater)
    for i in range(middle, last):
        if greater(idx[i], idx[first]):
            value = idx[i]
            idx[i] = idx[first]
            _sift(idx, first, 0, length, value, greater)
