"""numpy kernels of ``dataset.audio``, computed the way MindSpore's C++ kernels compute them (their
dtypes, their order of operations, their corner cases)."""
import functools

import numpy as np
import scipy.signal

from .utils import BorderType, WindowType


def audio_error(name, msg):
    return RuntimeError(f"{name}: {msg}")


def check_rank(name, x, min_rank, layout):
    if x.ndim < min_rank:
        raise audio_error(name, f"the shape of input tensor does not match the requirement of operator. Expecting "
                                f"tensor in shape of {layout}. But got tensor with dimension {x.ndim}.")


def check_float(name, x):
    """Biquad-family kernels take float16/32/64 only and keep the dtype."""
    if x.dtype.kind != "f":
        raise audio_error(name, "the data type of input tensor does not match the requirement of operator. Expecting "
                                f"tensor in type of [float, double]. But got type {x.dtype}.")


def check_numeric(name, x):
    if x.dtype.kind not in "biuf":
        raise audio_error(name, "the data type of input tensor does not match the requirement of operator. Expecting "
                                f"tensor in type of [int, float, double]. But got type {x.dtype}.")


def work_dtype(x):
    """float64 stays float64; every other numeric type is computed (and returned) as float32."""
    return np.float64 if x.dtype == np.float64 else np.float32


def as_work(name, x):
    check_numeric(name, x)
    return x.astype(work_dtype(x))


# ---------------------------------------------------------------------------------------
# IIR filters


def lfilter(x, a_coeffs, b_coeffs, clamp):
    """MindSpore's LFilter along the last axis: coefficients normalized by a[0] in the data type,
    direct form, output optionally clamped to [-1, 1]."""
    dtype = x.dtype
    t = dtype.type
    a = np.array([t(v) for v in a_coeffs], dtype)
    b = np.array([t(v) for v in b_coeffs], dtype)
    a0 = a[0]
    if a0 == 0:
        raise RuntimeError("Invalid data, the first value of 'a_coeffs' should not be 0, but got 0.")
    a_n = a.copy()
    a_n[1:] = (a[1:] / a0).astype(dtype)
    b_n = (b / a0).astype(dtype)
    den = np.concatenate([[1.0], a_n[1:].astype(np.float64)])
    flat = x.reshape(-1, x.shape[-1]).astype(np.float64)
    y = scipy.signal.lfilter(b_n.astype(np.float64), den, flat, axis=-1)
    if clamp:
        y = np.clip(y, -1.0, 1.0)
    return y.astype(dtype).reshape(x.shape)


def iir(b, a, x):
    """A plain IIR filter (float64) of the rows of ``x``."""
    return scipy.signal.lfilter(b, a, np.asarray(x, np.float64), axis=-1)


def biquad(x, b0, b1, b2, a0, a1, a2):
    return lfilter(x, [a0, a1, a2], [b0, b1, b2], True)


# ---------------------------------------------------------------------------------------
# windows, padding, STFT


def window(window_type, length):
    """MindSpore's periodic windows (float32)."""
    if length == 0:
        raise RuntimeError(f"{window_type.name.capitalize()}: len can not be zero.")
    i = np.arange(length, dtype=np.float64)
    if window_type == WindowType.BARTLETT:
        w = 1.0 - np.abs(np.float32(2.0) * i / length - 1.0)
    elif window_type == WindowType.BLACKMAN:
        w = 0.42 - 0.5 * np.cos(2 * np.pi * i / length) + 0.08 * np.cos(4 * np.pi * i / length)
    elif window_type == WindowType.HAMMING:
        w = 0.54 - 0.46 * np.cos(2 * np.pi * i / length)
    elif window_type == WindowType.KAISER:
        beta = 12.0
        w = np.i0(beta * np.sqrt(np.maximum(0.0, 1 - (i * 2.0 / length - 1.0) ** 2))) / np.i0(beta)
    else:
        w = 0.5 - 0.5 * np.cos(2 * np.pi * i / length)
    return w.astype(np.float32)


def pad_last(x, left, right, mode, value=0):
    if left == 0 and right == 0:
        return x
    widths = [(0, 0)] * (x.ndim - 1) + [(left, right)]
    if mode == BorderType.CONSTANT:
        return np.pad(x, widths, mode="constant", constant_values=value)
    return np.pad(x, widths, mode=mode.value)


def padded_window(window_type, win_length, n_fft):
    win = window(window_type, win_length) if win_length != 1 else np.ones(1, np.float32)
    left = (n_fft - win_length) // 2
    return np.pad(win, (left, n_fft - win_length - left)).astype(np.float32)


def stft(x, n_fft, hop_length, win_length, window_type, pad=0, center=True, pad_mode=BorderType.REFLECT,
         normalized=False, onesided=True, name="Spectrogram"):
    """Complex STFT of the rows of ``x`` (2-D, work dtype): (rows, freq, frames) complex128, plus the
    window used; MindSpore's framing (n_fft-long windowed frames, DFT of length n_fft)."""
    win = padded_window(window_type, win_length, n_fft)
    if pad:
        x = pad_last(x, pad, pad, BorderType.CONSTANT)
    if center:
        x = pad_last(x, n_fft // 2, n_fft // 2, pad_mode)
    length = x.shape[-1]
    if n_fft > length:
        raise audio_error(name, f"n_fft should be more than 0 and less than {length}, but got n_fft: {n_fft}.")
    if hop_length == 0:
        raise audio_error(name, "hop_length can not be zero.")
    n_frames = (length - n_fft) // hop_length + 1
    idx = np.arange(n_frames)[:, None] * hop_length + np.arange(n_fft)[None, :]
    frames = (x[:, idx] * win.astype(x.dtype)).astype(x.dtype)          # rows, frames, n_fft
    cos_t, sin_t = _dft_table(n_fft, x.dtype.str)
    # MindSpore sums the DFT against a cos/sin table in the data type (not an FFT): the table's
    # rounding decides the sign of the near-zero imaginary parts at DC / Nyquist, hence their phase
    f64 = frames.astype(np.float64)
    # (+0.0 added: MindSpore's sums start at +0.0, so an all-zero imaginary part is +0.0, not -0.0)
    spec = (f64 @ cos_t.T.astype(np.float64)) + 1j * (-(f64 @ sin_t.T.astype(np.float64)) + 0.0)
    spec = np.swapaxes(spec, 1, 2)
    win_sum = float(np.sqrt(np.sum(win.astype(np.float64) ** 2)))
    if win_sum <= np.finfo(np.float64).eps:
        raise audio_error("Window", "the total value of window function can not be zero.")
    if normalized:
        spec = spec / win_sum
    if not onesided:
        # MindSpore mirrors the bins above n_fft / 2 without conjugating them
        upper = spec[:, [n_fft - i for i in range(n_fft // 2 + 1, n_fft)], :]
        spec = np.concatenate([spec, upper], axis=1)
    return spec


@functools.lru_cache(maxsize=32)
def _dft_table(n_fft, dtype_str):
    i = np.arange(n_fft // 2 + 1, dtype=np.float64)[:, None]
    k = np.arange(n_fft, dtype=np.float64)[None, :]
    ang = 2.0 * np.pi * i * k / n_fft
    dtype = np.dtype(dtype_str)
    return np.cos(ang).astype(dtype), np.sin(ang).astype(dtype)


def spectrogram(x, n_fft, win_length, hop_length, pad, window_type, power, normalized, center, pad_mode, onesided,
                name="Spectrogram"):
    """``x`` (..., time) -> (..., freq, frames) power spectrogram, or (..., freq, frames, 2) if power == 0."""
    dtype = work_dtype(x)
    lead = x.shape[:-1]
    flat = x.astype(dtype).reshape(-1, x.shape[-1])
    spec = stft(flat, n_fft, hop_length, win_length, window_type, pad, center, pad_mode, normalized, onesided, name)
    if abs(power) <= np.finfo(np.float32).eps:
        out = np.stack([spec.real, spec.imag], axis=-1).astype(dtype)
        return out.reshape(lead + out.shape[1:])
    re = spec.real.astype(dtype)
    im = spec.imag.astype(dtype)
    mag = np.sqrt((re.astype(np.float64) ** 2 + im.astype(np.float64) ** 2)).astype(dtype)
    out = np.power(mag.astype(np.float64), power).astype(dtype)
    return out.reshape(lead + out.shape[1:])


def melscale_apply(spec, fb):
    """(..., n_stft, time) x fb (n_stft, n_mels) -> (..., n_mels, time), in spec's dtype."""
    dtype = spec.dtype
    out = np.einsum("...ft,fm->...mt", spec.astype(np.float64), fb.astype(np.float64))
    return out.astype(dtype)


def amplitude_to_db(x, multiplier, amin, db_multiplier, top_db):
    """MindSpore's AmplitudeToDB: per (..., C, F, T) block max for the top_db floor."""
    dtype = x.dtype
    t = dtype.type
    shape = x.shape
    if x.ndim == 2:
        blocks = x.reshape(1, -1)
    else:
        blocks = x.reshape(-1, shape[-3] * shape[-2] * shape[-1])
    m, am, dbm = t(multiplier), t(amin), t(db_multiplier)
    y = np.where(blocks < am, np.log10(am) * m, np.log10(np.maximum(blocks, am)) * m).astype(dtype)
    y = (y - (m * dbm)).astype(dtype)
    if not np.isnan(top_db):
        floor = (y.max(axis=1, keepdims=True) - t(top_db)).astype(dtype)
        y = np.maximum(y, floor)
    return y.reshape(shape)


def mask_along_axis(x, mask_width, mask_start, mask_value, axis, name="MaskAlongAxis"):
    out = x.copy()
    if mask_width == 0:
        return out
    dim = x.shape[-2] if axis == 1 else x.shape[-1]
    if not 0 <= mask_start <= dim:
        raise audio_error(name, f"invalid parameter, 'mask_start' should be less than the length of the masked "
                                f"dimension, but got: 'mask_start' {mask_start} and length {dim}")
    if mask_start + mask_width > dim:
        raise audio_error(name, f"invalid parameter, the sum of 'mask_start' and 'mask_width' should be no more than "
                                f"the length of the masked dimension, but got: 'mask_start' {mask_start}, "
                                f"'mask_width' {mask_width} and length {dim}")
    value = np.float32(mask_value) if out.dtype != np.float64 else np.float64(mask_value)
    if axis == 1:
        out[..., mask_start:mask_start + mask_width, :] = value
    else:
        out[..., mask_start:mask_start + mask_width] = value
    return out


def wave_table(modulation_sine, table_size, lo, hi, phase, as_int):
    """MindSpore's GenerateWaveTable (float32 values, rounded to int32 when ``as_int``)."""
    if table_size <= 0:
        raise RuntimeError(f"table_size must be more than 0, but got: {table_size}")
    phase_offset = int(np.float32(phase) / np.pi / 2 * table_size + 0.5)
    point = (np.arange(table_size) + phase_offset) % table_size
    if modulation_sine:
        w = ((np.sin(point * np.pi / table_size * 2) + 1) / 2).astype(np.float32)
    else:
        w = (point * 2.0 / table_size).astype(np.float32)
        q = (4 * point // table_size)
        w = np.where(q == 0, w + np.float32(0.5), np.where((q == 1) | (q == 2), np.float32(1.5) - w,
                                                           np.where(q == 3, w - np.float32(1.5), w)))
        w = w.astype(np.float32)
    w = (w * (np.float32(hi) - np.float32(lo)) + np.float32(lo)).astype(np.float32)
    if as_int:
        w = np.where(w < 0, w - np.float32(0.5), w + np.float32(0.5)).astype(np.float32)
        return w.astype(np.int32)
    return w
