"""MindSpore's host-side random streams for initializers, reproduced bit for bit in numpy.

MindSpore's initializers (``Normal``, ``Uniform``, ``TruncatedNormal``, the Xavier/He
family, ...) fill a numpy buffer from a 64-bit seed drawn from numpy's global RNG
(``np.random.randint(1, 2**63)``, so ``set_seed`` makes them reproducible). The buffer is
filled from a Philox-4x32-10 stream keyed by that seed: element ``i`` uses 32-bit word
``i`` of the stream (normal samples use the words pairwise, Box-Muller), computed in
double precision and stored as float32. Everything here is vectorized numpy and gives
the same float32 values as MindSpore.
"""
import math
import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np

__all__ = ["numpy_seed", "philox_words", "random_uniform", "random_normal", "truncated_normal"]

_MASK = np.uint64(0xFFFFFFFF)
_MUL0, _MUL1 = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
_STEP0, _STEP1 = 0x9E3779B9, 0xBB67AE85


def numpy_seed():
    """The seed an initializer draws from numpy's global RNG (as MindSpore does)."""
    return int(np.random.randint(low=1, high=(1 << 63), dtype=np.int64))


_CHUNK = 1 << 17  # elements drawn per pass (a multiple of 4): its temporaries stay in the CPU cache
_WORKERS = min(os.cpu_count() or 1, 8)


def philox_words(seed, n, start=0):
    """Words ``start .. start+n-1`` (``start`` a multiple of 4) of the Philox-4x32-10 stream
    for a 64-bit ``seed``.

    Key = (low, high) halves of the seed; the 128-bit counter starts at
    (0, 0, low, high) and its low 64 bits count blocks of four words.
    """
    seed = int(seed) & 0xFFFFFFFFFFFFFFFF
    lo, hi = seed & 0xFFFFFFFF, seed >> 32
    blocks = (n + 3) // 4
    idx = np.arange(start // 4, start // 4 + blocks, dtype=np.uint64)
    # 32-bit halves of a uint64 array are a free view: [:, 0] low, [:, 1] high (little-endian)
    c0 = idx & _MASK                      # the multiplied words stay uint64 (exact 64-bit products)
    c1 = _halves(idx)[:, 1]
    c2 = np.full(blocks, lo, np.uint64)
    c3 = np.full(blocks, hi, np.uint32)
    # two product buffers used in turn: the low halves of a round's products are the next
    # round's c1/c3, read before that buffer is written again
    prods = [(np.empty(blocks, np.uint64), np.empty(blocks, np.uint64)) for _ in range(2)]
    k0, k1 = lo, hi
    for r in range(10):
        p0, p1 = prods[r & 1]
        np.multiply(c0, _MUL0, out=p0)
        np.multiply(c2, _MUL1, out=p1)
        h0, h1 = _halves(p0), _halves(p1)
        np.bitwise_xor(h1[:, 1], c1, out=c0)
        c0 ^= np.uint64(k0)
        np.bitwise_xor(h0[:, 1], c3, out=c2)
        c2 ^= np.uint64(k1)
        c1, c3 = h1[:, 0], h0[:, 0]
        k0, k1 = (k0 + _STEP0) & 0xFFFFFFFF, (k1 + _STEP1) & 0xFFFFFFFF
    out = np.empty((blocks, 4), np.uint32)
    out[:, 0], out[:, 1], out[:, 2], out[:, 3] = c0, c1, c2, c3
    return out.reshape(-1)[:n]


def _halves(words64):
    """(blocks, 2) uint32 view of a uint64 array: column 0 the low halves, 1 the high."""
    halves = words64.view(np.uint32).reshape(-1, 2)
    return halves if _LITTLE else halves[:, ::-1]


_LITTLE = np.little_endian


def _f32(v):
    return float(np.float32(v))


def _unit_uniform(seed, n, start=0):
    """Doubles in [0, 1): word / 2**32."""
    return philox_words(seed, n, start).astype(np.float64) / 4294967296.0


def _chunked(shape, fill):
    """float32 array of ``shape`` filled by ``fill(start, count)`` in chunks of the stream."""
    n = int(np.prod(shape, dtype=np.int64))
    out = np.empty(n, np.float32)

    def one(start):
        out[start:start + min(_CHUNK, n - start)] = fill(start, min(_CHUNK, n - start))
    starts = range(0, n, _CHUNK)
    if len(starts) > 1 and _WORKERS > 1:
        # chunks are independent slices of the stream and numpy releases the GIL in its
        # loops: large weights are drawn on several cores, with the same values
        with ThreadPoolExecutor(min(_WORKERS, len(starts))) as pool:
            list(pool.map(one, starts))
    else:
        for start in starts:
            one(start)
    return out.reshape(shape)


def random_uniform(seed, shape, a, b):
    """float32 array of ``shape`` uniform in [a, b) (MindSpore's ``_random_uniform``)."""
    a, b = _f32(a), _f32(b)
    def fill(start, n):
        u = _unit_uniform(seed, n, start)
        u *= b - a       # in place: the same double arithmetic as (b - a) * u + a
        u += a
        return u
    return _chunked(shape, fill)


def _mantissa_unit(words):
    """[0, 1) float32 from the 23 low bits of each word."""
    bits = (words & np.uint32(0x7FFFFF)) | np.uint32(127 << 23)
    return bits.view(np.float32) - np.float32(1.0)


def random_normal(seed, shape, mean, sigma):
    """float32 array of ``shape`` from N(mean, sigma**2) (MindSpore's ``_random_normal``)."""
    floor = _f32(1.0e-7)
    mean, sigma = _f32(mean), _f32(sigma)

    def fill(start, n):
        unit = _mantissa_unit(philox_words(seed, n + (n & 1), start)).astype(np.float64)
        np.maximum(unit, floor, out=unit)
        u1, u2 = unit[0::2], unit[1::2]
        # in place, the same double arithmetic as sqrt(-2 log u1) * sigma, 2 pi u2 and
        # mean + radius * cos/sin (products commute exactly)
        radius = np.log(u1)
        radius *= -2.0
        np.sqrt(radius, out=radius)
        radius *= sigma
        u2 *= 2.0 * _f32(3.1415926)
        out = np.empty((len(radius), 2), np.float32)    # pairs (cos, sin) interleaved
        value = np.empty_like(radius)
        for col, trig in enumerate((np.cos, np.sin)):
            trig(u2, out=value)
            value *= radius
            value += mean
            out[:, col] = value
        return out.reshape(-1)[:n]
    return _chunked(shape, fill)


# Rational approximations of the inverse error function (Boost's erf_inv coefficients),
# evaluated in double precision as MindSpore does.
_ERFINV_SMALL = (0.0891314744949340820313,
                 (-0.000508781949658280665617, -0.00836874819741736770379, 0.0334806625409744615033,
                  -0.0126926147662974029034, -0.0365637971411762664006, 0.0219878681111168899165,
                  0.00822687874676915743155, -0.00538772965071242932965),
                 (1.0, -0.970005043303290640362, -1.56574558234175846809, 1.56221558398423026363,
                  0.662328840472002992063, -0.71228902341542847553, -0.0527396382340099713954,
                  0.0795283687341571680018, -0.00233393759374190016776, 0.000886216390456424707504))
_ERFINV_MID = (2.249481201171875,
               (-0.202433508355938759655, 0.105264680699391713268, 8.37050328343119927838,
                17.6447298408374015486, -18.8510648058714251895, -44.6382324441786960818,
                17.445385985570866523, 21.1294655448340526258, -3.67192254707729348546),
               (1.0, 6.24264124854247537712, 3.9713437953343869095, -28.6608180499800029974,
                -20.1432634680485188801, 48.5609213108739935468, 10.8268667355460159008,
                -22.6436933413139721736, 1.72114765761200282724))
_ERFINV_TAIL = (  # (x below, shift, Y, P, Q) for x = sqrt(-log(q))
    (3.0, 1.125, 0.807220458984375,
     (-0.131102781679951906451, -0.163794047193317060787, 0.117030156341995252019,
      0.387079738972604337464, 0.337785538912035898924, 0.142869534408157156766,
      0.0290157910005329060432, 0.00214558995388805277169, -0.679465575181126350155e-6,
      0.285225331782217055858e-7, -0.681149956853776992068e-9),
     (1.0, 3.46625407242567245975, 5.38168345707006855425, 4.77846592945843778382,
      2.59301921623620271374, 0.848854343457902036425, 0.152264338295331783612,
      0.01105924229346489121)),
    (6.0, 3.0, 0.93995571136474609375,
     (-0.0350353787183177984712, -0.00222426529213447927281, 0.0185573306514231072324,
      0.00950804701325919603619, 0.00187123492819559223345, 0.000157544617424960554631,
      0.460469890584317994083e-5, -0.230404776911882601748e-9, 0.266339227425782031962e-11),
     (1.0, 1.3653349817554063097, 0.762059164553623404043, 0.220091105764131249824,
      0.0341589143670947727934, 0.00263861676657015992959, 0.764675292302794483503e-4)),
    (18.0, 6.0, 0.98362827301025390625,
     (-0.0167431005076633737133, -0.00112951438745580278863, 0.00105628862152492910091,
      0.000209386317487588078668, 0.149624783758342370182e-4, 0.449696789927706453732e-6,
      0.462596163522878599135e-8, -0.281128735628831791805e-13, 0.99055709973310326855e-16),
     (1.0, 0.591429344886417493481, 0.138151865749083321638, 0.0160746087093676504695,
      0.000964011807005165528527, 0.275335474764726041141e-4, 0.282243172016108031869e-6)),
    (44.0, 18.0, 0.99714565277099609375,
     (-0.0024978212791898131227, -0.779190719229053954292e-5, 0.254723037413027451751e-4,
      0.162397777342510920873e-5, 0.396341011304801168516e-7, 0.411632831190944208473e-9,
      0.145596286718675035587e-11, -0.116765012397184275695e-17),
     (1.0, 0.207123112214422517181, 0.0169410838120975906478, 0.000690538265622684595676,
      0.145007359818232637924e-4, 0.144437756628144157666e-6, 0.509761276599778486139e-9)),
    (math.inf, 44.0, 0.99941349029541015625,
     (-0.000539042911019078575891, -0.28398759004727721098e-6, 0.899465114892291446442e-6,
      0.229345859265920864296e-7, 0.225561444863500149219e-9, 0.947846627503022684216e-12,
      0.135880130108924861008e-14, -0.348890393399948882918e-21),
     (1.0, 0.0845746234001899436914, 0.00282092984726264681981, 0.468292921940894236786e-4,
      0.399968812193862100054e-6, 0.161809290887904476097e-8, 0.231558608310259605225e-11)),
)


def _horner(coeffs, x):
    acc = x * coeffs[-1]        # the leading coefficient times x: no array of it
    acc += coeffs[-2]
    for c in coeffs[-3::-1]:
        acc *= x        # in place: the same two roundings as acc * x + c
        acc += c
    return acc


def _ratio(num, den, x):
    """``P(x) / Q(x)`` of the two polynomials, in place."""
    top = _horner(num, x)
    top /= _horner(den, x)
    return top


def _erf_inv(p, q):
    """erf^-1 for p = 1 - q, p in [0, 1). Each branch computes only its own elements (the
    values are those of evaluating every branch everywhere and selecting), gathered and
    scattered by index (several times faster in numpy than by boolean mask)."""
    out = np.empty_like(p)
    with np.errstate(all="ignore"):
        is_small = p <= 0.5
        small = np.flatnonzero(is_small)
        ps = p[small]
        g = ps + 10.0
        g *= ps
        y, num, den = _ERFINV_SMALL
        r = _ratio(num, den, ps)
        r *= g
        g *= y
        g += r
        out[small] = g
        if len(small) == len(p):
            return out
        rest = np.flatnonzero(~is_small)
        qr = q[rest]
        is_mid = qr >= 0.25
        mid = np.flatnonzero(is_mid)
        qm = qr[mid]
        y, num, den = _ERFINV_MID
        r = _ratio(num, den, qm - 0.25)
        r += y
        top = np.log(qm)
        top *= -2.0
        np.sqrt(top, out=top)
        top /= r
        out[rest[mid]] = top
        if len(mid) == len(rest):
            return out
        tail = rest[np.flatnonzero(~is_mid)]
        x = np.log(q[tail])
        np.negative(x, out=x)
        np.sqrt(x, out=x)
        lower = -math.inf
        for upper, shift, y, num, den in _ERFINV_TAIL:
            m = np.flatnonzero((x >= lower) & (x < upper))
            lower = upper
            if not len(m):
                continue
            xm = x[m]
            r = _ratio(num, den, xm - shift)
            r *= xm
            r += y * xm
            out[tail[m]] = r
    return out


def truncated_normal(seed, shape, a, b, mean, sigma):
    """float32 array of ``shape`` from N(mean, sigma**2) truncated to [a, b] by inverse CDF
    (MindSpore's ``_truncated_normal``)."""
    a, b, mean, sigma = _f32(a), _f32(b), _f32(mean), _f32(sigma)
    if sigma <= 0:
        raise RuntimeError(f"TruncatedNormal: invalid sigma {sigma}.")
    root2 = _f32(1.4142135)
    cdf_a = math.erfc(-(((a - mean) / sigma) / root2)) / 2.0
    cdf_b = math.erfc(-(((b - mean) / sigma) / root2)) / 2.0
    lowest, highest = _f32(np.nextafter(np.float32(0), np.float32(2))), _f32(np.nextafter(np.float32(2), np.float32(0)))

    def fill(start, n):
        # in place, the same double arithmetic as 2 (cdf_a + u (cdf_b - cdf_a)), clamped into (0, 2)
        z = _unit_uniform(seed, n, start)
        z *= cdf_b - cdf_a
        z += cdf_a
        z *= 2.0
        if z.min() <= 0.0:
            z[z <= 0.0] = lowest
        if z.max() >= 2.0:
            z[z >= 2.0] = highest
        flip = np.where(z > 1.0, 1.0, -1.0)     # -(sign of the result before the negation)
        q = np.subtract(2.0, z)
        np.minimum(z, q, out=q)                # z above the median, 2 - z below: min(z, 2 - z)
        x = _erf_inv(1.0 - q, q)
        # mean + (-(sign x) root2) sigma: multiplying by +-1 negates exactly
        x *= flip
        x *= root2
        x *= sigma
        x += mean
        return x.astype(np.float32)
    return _chunked(shape, fill)
