"""``mindspore.dataset.audio.utils``: the audio enums and the filter-bank / DCT matrix builders."""
from enum import Enum

import numpy as np

from .._arg_checks import (check_non_negative_float32, check_non_negative_int32, check_pos_float32, check_pos_int32,
                           type_check)

__all__ = ["BorderType", "DensityFunction", "FadeShape", "GainType", "Interpolation", "MelType", "Modulation",
           "NormMode", "NormType", "ResampleMethod", "ScaleType", "WindowType", "create_dct", "linear_fbanks",
           "melscale_fbanks"]


class BorderType(str, Enum):
    """Padding mode."""
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class DensityFunction(str, Enum):
    """Noise distribution of :class:`Dither`."""
    TPDF = "TPDF"
    RPDF = "RPDF"
    GPDF = "GPDF"


class FadeShape(str, Enum):
    QUARTER_SINE = "quarter_sine"
    HALF_SINE = "half_sine"
    LINEAR = "linear"
    LOGARITHMIC = "logarithmic"
    EXPONENTIAL = "exponential"


class GainType(str, Enum):
    AMPLITUDE = "amplitude"
    POWER = "power"
    DB = "db"


class Interpolation(str, Enum):
    LINEAR = "linear"
    QUADRATIC = "quadratic"


class MelType(str, Enum):
    HTK = "htk"
    SLANEY = "slaney"


class Modulation(str, Enum):
    SINUSOIDAL = "sinusoidal"
    TRIANGULAR = "triangular"


class NormMode(str, Enum):
    ORTHO = "ortho"
    NONE = "none"


class NormType(str, Enum):
    SLANEY = "slaney"
    NONE = "none"


class ResampleMethod(str, Enum):
    SINC_INTERPOLATION = "sinc_interpolation"
    KAISER_WINDOW = "kaiser_window"


class ScaleType(str, Enum):
    POWER = "power"
    MAGNITUDE = "magnitude"


class WindowType(str, Enum):
    BARTLETT = "bartlett"
    BLACKMAN = "blackman"
    HAMMING = "hamming"
    HANN = "hann"
    KAISER = "kaiser"


# ---------------------------------------------------------------------------------------
# matrices (computed in float32 as MindSpore's kernels do)


def linspace(start, end, n, dtype=np.float32):
    """MindSpore's Linspace: ``start + i * step`` in ``dtype``."""
    t = np.dtype(dtype).type
    start, end = t(start), t(end)
    step = t(0) if n == 1 else t((end - start) / t(n - 1))
    return (start + np.arange(n).astype(dtype) * step).astype(dtype)


def triangular_fbank(all_freqs, f_pts):
    dtype = all_freqs.dtype
    f_diff = (f_pts[1:] - f_pts[:-1]).astype(dtype)
    slopes = (f_pts[None, :] - all_freqs[:, None]).astype(dtype)
    down = (-slopes[:, :-2] / f_diff[:-1]).astype(dtype)
    up = (slopes[:, 2:] / f_diff[1:]).astype(dtype)
    return np.maximum(dtype.type(0), np.minimum(down, up)).astype(dtype)


def mel_fbanks(n_freqs, f_min, f_max, n_mels, sample_rate, norm, mel_type, dtype=np.float32):
    """The (n_freqs, n_mels) triangular mel filter bank."""
    t = np.dtype(dtype).type
    f_min, f_max = float(np.float32(f_min)), float(np.float32(f_max))
    min_log_hz, min_log_mel, logstep, f_sp = 1000.0, 1000 / (200.0 / 3), np.log(6.4) / 27.0, 200.0 / 3
    all_freqs = linspace(0, sample_rate / 2.0, n_freqs, dtype)
    if mel_type == MelType.HTK:
        m_min = 2595.0 * np.log10(1.0 + f_min / 700.0)
        m_max = 2595.0 * np.log10(1.0 + f_max / 700.0)
    else:
        m_min = f_min / f_sp if f_min < min_log_hz else min_log_mel + np.log(f_min / min_log_hz) / logstep
        m_max = f_max / f_sp if f_max < min_log_hz else min_log_mel + np.log(f_max / min_log_hz) / logstep
    m_pts = linspace(m_min, m_max, n_mels + 2, dtype)
    if mel_type == MelType.HTK:
        f_pts = (700.0 * (np.power(10.0, m_pts.astype(np.float64) / 2595.0) - 1.0)).astype(dtype)
    else:
        m64 = m_pts.astype(np.float64)
        f_pts = np.where(m_pts >= t(min_log_mel), min_log_hz * np.exp(logstep * (m64 - min_log_mel)),
                         (f_sp * m_pts).astype(dtype)).astype(dtype)
    fb = triangular_fbank(all_freqs, f_pts)
    if norm == NormType.SLANEY:
        enorm = (2.0 / (f_pts[2:] - f_pts[:-2])).astype(dtype)
        fb = (fb * enorm).astype(dtype)
    return fb


def dct_matrix(n_mfcc, n_mels, norm):
    """The (n_mels, n_mfcc) DCT-II matrix (float32)."""
    i = np.arange(n_mels, dtype=np.float64)[:, None]
    j = np.arange(n_mfcc, dtype=np.float64)[None, :]
    temp = np.cos((np.pi / n_mels * (i + 0.5) * j).astype(np.float32)).astype(np.float32)
    if norm == NormMode.ORTHO:
        temp = temp.copy()
        temp[:, 0] *= np.float32(1 / np.sqrt(np.float32(2.0)))
        temp = (temp * np.float32(np.sqrt(2.0 / n_mels))).astype(np.float32)
    else:
        temp = (temp * np.float32(2)).astype(np.float32)
    return temp


def create_dct(n_mfcc, n_mels, norm=NormMode.NONE):
    """DCT-II transformation matrix of shape (n_mels, n_mfcc)."""
    if not isinstance(n_mfcc, int):
        raise TypeError(f"n_mfcc with value {n_mfcc} is not of type {int}, but got {type(n_mfcc)}.")
    if not isinstance(n_mels, int):
        raise TypeError(f"n_mels with value {n_mels} is not of type {int}, but got {type(n_mels)}.")
    if not isinstance(norm, NormMode):
        raise TypeError(f"norm with value {norm} is not of type {NormMode}, but got {type(norm)}.")
    if n_mfcc <= 0:
        raise ValueError(f"n_mfcc must be greater than 0, but got {n_mfcc}.")
    if n_mels <= 0:
        raise ValueError(f"n_mels must be greater than 0, but got {n_mels}.")
    return dct_matrix(n_mfcc, n_mels, norm)


def _check_fbank_args(n_freqs, f_min, f_max, n_bands, bands_name, sample_rate):
    """The arguments the filter-bank builders share (``n_bands``: their number of filters)."""
    check_non_negative_int32(n_freqs, "n_freqs")
    type_check(f_min, (int, float), "f_min")
    check_non_negative_float32(f_min, "f_min")
    type_check(f_max, (int, float), "f_max")
    check_pos_float32(f_max, "f_max")
    if f_min > f_max:
        raise ValueError(f"Input f_min should be no more than f_max, but got f_min: {f_min} and f_max: {f_max}.")
    check_pos_int32(n_bands, bands_name)
    check_pos_int32(sample_rate, "sample_rate")


def linear_fbanks(n_freqs, f_min, f_max, n_filter, sample_rate):
    """A linear triangular filter bank of shape (n_freqs, n_filter)."""
    _check_fbank_args(n_freqs, f_min, f_max, n_filter, "n_filter", sample_rate)
    return linear_fbank_matrix(n_freqs, f_min, f_max, n_filter, sample_rate)


def linear_fbank_matrix(n_freqs, f_min, f_max, n_filter, sample_rate):
    all_freqs = linspace(0, sample_rate / 2.0, n_freqs)
    f_pts = linspace(np.float32(f_min), np.float32(f_max), n_filter + 2)
    return triangular_fbank(all_freqs, f_pts)


def melscale_fbanks(n_freqs, f_min, f_max, n_mels, sample_rate, norm=NormType.NONE, mel_type=MelType.HTK):
    """A mel triangular filter bank of shape (n_freqs, n_mels)."""
    _check_fbank_args(n_freqs, f_min, f_max, n_mels, "n_mels", sample_rate)
    type_check(norm, (NormType,), "norm")
    type_check(mel_type, (MelType,), "mel_type")
    return mel_fbanks(n_freqs, f_min, f_max, n_mels, sample_rate, norm, mel_type)
