"""Bit-exact copies of the C++ random machinery MindSpore's data engine uses.

MindSpore shuffles sample ids with ``std::shuffle`` driven by ``std::mt19937`` (libstdc++,
division-based ``uniform_int_distribution`` and the two-indices-per-draw shuffle), so the
row order for a given seed can be reproduced exactly.
"""
import numpy as np

_URNG_RANGE = 0xFFFFFFFF


class MT19937:
    """``std::mt19937(seed)``: 32-bit outputs (numpy's legacy seeding is the same init_genrand)."""

    __slots__ = ("_rs", "_buf", "_i")

    def __init__(self, seed):
        self._rs = np.random.RandomState(int(seed) & 0xFFFFFFFF)
        self._buf = []
        self._i = 0

    def __call__(self):
        if self._i >= len(self._buf):
            self._buf = self._rs.randint(0, 1 << 32, size=4096, dtype=np.uint64).tolist()
            self._i = 0
        v = self._buf[self._i]
        self._i += 1
        return v


class MinStdRand0:
    """``std::default_random_engine(seed)`` of libstdc++ (``minstd_rand0``), as MindSpore's MindRecord
    reader shuffles with it; draws are given minus ``min()``, as the distributions use them."""

    __slots__ = ("x",)
    RANGE = 2147483645  # max() - min()

    def __init__(self, seed):
        s = int(seed) % 2147483647
        self.x = s if s else 1

    def __call__(self):
        self.x = self.x * 16807 % 2147483647
        return self.x - 1


def uniform_int(gen, a, b):
    """``std::uniform_int_distribution<unsigned long>(a, b)(gen)`` of libstdc++ (division form);
    ``gen`` is :class:`MT19937` or another engine with a ``RANGE`` (``max() - min()``)."""
    grange = getattr(gen, "RANGE", _URNG_RANGE)
    urange = b - a
    if urange == grange:
        return gen() + a
    uerange = urange + 1
    scaling = grange // uerange
    past = uerange * scaling
    r = gen()
    while r >= past:
        r = gen()
    return r // scaling + a


def std_shuffle(values, gen):
    """In-place ``std::shuffle(values.begin(), values.end(), gen)`` (libstdc++)."""
    n = len(values)
    if n == 0:
        return values
    if getattr(gen, "RANGE", _URNG_RANGE) // n >= n:
        i = 1
        if n % 2 == 0:
            j = uniform_int(gen, 0, 1)
            values[i], values[j] = values[j], values[i]
            i += 1
        while i != n:
            sr = i + 1
            x = uniform_int(gen, 0, sr * (sr + 1) - 1)
            p1, p2 = divmod(x, sr + 1)
            values[i], values[p1] = values[p1], values[i]
            i += 1
            values[i], values[p2] = values[p2], values[i]
            i += 1
        return values
    for i in range(1, n):
        j = uniform_int(gen, 0, i)
        values[i], values[j] = values[j], values[i]
    return values


class MT19937_64:
    """``std::mt19937_64(seed)`` (used by MindSpore's buffer shuffle op)."""

    __slots__ = ("_mt", "_i")
    _MASK = (1 << 64) - 1

    def __init__(self, seed):
        m = self._MASK
        mt = [0] * 312
        mt[0] = int(seed) & m
        for i in range(1, 312):
            prev = mt[i - 1]
            mt[i] = (6364136223846793005 * (prev ^ (prev >> 62)) + i) & m
        self._mt = mt
        self._i = 312

    def _twist(self):
        mt = self._mt
        for i in range(312):
            x = (mt[i] & 0xFFFFFFFF80000000) | (mt[(i + 1) % 312] & 0x7FFFFFFF)
            xa = x >> 1
            if x & 1:
                xa ^= 0xB5026F5AA96619E9
            mt[i] = mt[(i + 156) % 312] ^ xa
        self._i = 0

    def __call__(self):
        if self._i >= 312:
            self._twist()
        y = self._mt[self._i]
        self._i += 1
        y ^= (y >> 29) & 0x5555555555555555
        y ^= (y << 17) & 0x71D67FFFEDA60000
        y ^= (y << 37) & 0xFFF7EEE000000000
        y ^= y >> 43
        return y & self._MASK
