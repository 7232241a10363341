"""``mindspore.dataset.audio.transforms``: audio transforms on numpy arrays ((..., time) waveforms,
(..., freq, time) spectrograms, (..., 2) complex pairs), with MindSpore 2.10's numbers and dtypes.

Argument checks raise ``TypeError``/``ValueError`` in ``__init__``; data errors ``RuntimeError`` when
the transform is called, as MindSpore's C++ kernels report them."""
import math

import numpy as np

from .._arg_checks import (INT32_MAX, check_float32, check_int32, check_non_negative_float32, check_non_negative_int32,
                           check_pos_float32, check_pos_int32, check_value, type_check)
from ..transforms import _np_rng, _rng, _Transform
from . import _kernels as K
from . import _spectral as S
from ._vad import vad
from .utils import (BorderType, DensityFunction, FadeShape, GainType, Interpolation, MelType, Modulation, NormMode,
                    NormType, ResampleMethod, ScaleType, WindowType, dct_matrix, linear_fbank_matrix, linspace,
                    mel_fbanks)

__all__ = ["AllpassBiquad", "AmplitudeToDB", "Angle", "BandBiquad", "BandpassBiquad", "BandrejectBiquad", "BassBiquad",
           "Biquad", "ComplexNorm", "ComputeDeltas", "Contrast", "DBToAmplitude", "DCShift", "DeemphBiquad",
           "DetectPitchFrequency", "Dither", "EqualizerBiquad", "Fade", "Filtfilt", "Flanger", "FrequencyMasking",
           "Gain", "GriffinLim", "HighpassBiquad", "InverseMelScale", "InverseSpectrogram", "LFCC", "LFilter",
           "LowpassBiquad", "Magphase", "MaskAlongAxis", "MaskAlongAxisIID", "MelScale", "MelSpectrogram", "MFCC",
           "MuLawDecoding", "MuLawEncoding", "Overdrive", "Phaser", "PhaseVocoder", "PitchShift", "Resample",
           "RiaaBiquad", "SlidingWindowCmn", "SpectralCentroid", "Spectrogram", "TimeMasking", "TimeStretch",
           "TrebleBiquad", "Vad", "Vol"]


class AudioTensorOperation(_Transform):
    """Base of the audio transforms."""


def _int32_not_zero(value, name):
    type_check(value, (int,), name)
    if value < -2147483648 or value > INT32_MAX or value == 0:
        raise ValueError(f"Input {name} is not within the required interval of [-2147483648, 0) and (0, 2147483647].")


def _float32_not_zero(value, name):
    type_check(value, (float, int), name)
    if value < -16777216 or value > 16777216 or value == 0:
        raise ValueError(f"Input {name} is not within the required interval of [-16777216, 0) and (0, 16777216].")


def _check_q(q):
    type_check(q, (float, int), "Q")
    check_value(q, (0, 1), "Q", left_open=True)


def _check_freq(value, name):
    type_check(value, (float, int), name)
    check_float32(value, name)


def _f32(v):
    return float(np.float32(v))


# ---------------------------------------------------------------------------------------
# biquad family (float16/32/64 in, same dtype out)


def _check_filter(sample_rate, Q, *freqs):
    """The arguments of the filters with a quality factor: ``sample_rate`` a non-zero int32, each
    ``(value, name)`` of ``freqs`` a float32 number, ``Q`` in (0, 1]."""
    _int32_not_zero(sample_rate, "sample_rate")
    for value, name in freqs:
        _check_freq(value, name)
    _check_q(Q)


def _w0_alpha(freq, sample_rate, q):
    """The angular frequency ``w0`` of ``freq`` and the bandwidth term ``alpha``, in double."""
    w0 = 2 * math.pi * _f32(freq) / sample_rate
    return w0, math.sin(w0) / 2 / _f32(q)


def _w0_alpha_f32(freq, sample_rate, q):
    """:func:`_w0_alpha` in float32, as some of MindSpore's kernels compute it."""
    w0 = np.float32(2 * math.pi * _f32(freq) / sample_rate)
    return w0, np.sin(w0) / np.float32(2) / np.float32(q)


def _gain_factor(gain):
    """The amplitude factor of a shelf/peak ``gain`` in dB (double)."""
    return math.exp(_f32(gain) / 40 * math.log(10))


def _high_shelf(a, w0, alpha, sqrt, cos):
    """High-shelf coefficients for the amplitude factor ``a`` (``sqrt``/``cos``: math's in double,
    numpy's on float32 values)."""
    one, two = type(a)(1), type(a)(2)
    temp1 = two * sqrt(a) * alpha
    temp2 = (a - one) * cos(w0)
    temp3 = (a + one) * cos(w0)
    return (a * ((a + one) + temp2 + temp1), -two * a * ((a - one) + temp3), a * ((a + one) + temp2 - temp1),
            (a + one) - temp2 + temp1, two * ((a - one) - temp3), (a + one) - temp2 - temp1)


class _BiquadOp(AudioTensorOperation):
    _name = "Biquad"

    def _coeffs(self):  # pragma: no cover - overridden
        raise TypeError

    def _apply(self, x):
        K.check_rank(self._name, x, 1, "<..., time>")
        K.check_float(self._name, x)
        b0, b1, b2, a0, a1, a2 = self._coeffs()
        return K.biquad(x, b0, b1, b2, a0, a1, a2)


class _CentralFreqBiquad(_BiquadOp):
    """The filters given by ``sample_rate``, ``central_freq`` and ``Q``."""

    def __init__(self, sample_rate, central_freq, Q=0.707):
        _check_filter(sample_rate, Q, (central_freq, "central_freq"))
        self.sample_rate, self.central_freq, self.quality_factor = sample_rate, central_freq, Q


class AllpassBiquad(_CentralFreqBiquad):
    """Two-pole all-pass filter."""
    _name = "AllpassBiquad"

    def _coeffs(self):
        w0, alpha = _w0_alpha(self.central_freq, self.sample_rate, self.quality_factor)
        return 1 - alpha, -2 * math.cos(w0), 1 + alpha, 1 + alpha, -2 * math.cos(w0), 1 - alpha


class BandBiquad(_CentralFreqBiquad):
    """Two-pole band filter."""
    _name = "BandBiquad"

    def __init__(self, sample_rate, central_freq, Q=0.707, noise=False):
        super().__init__(sample_rate, central_freq, Q)
        type_check(noise, (bool,), "noise")
        self.noise = noise

    def _coeffs(self):
        w0, _ = _w0_alpha(self.central_freq, self.sample_rate, self.quality_factor)
        bw_hz = float(np.float32(self.central_freq) / np.float32(self.quality_factor))  # a float division there
        a0 = 1.0
        a2 = math.exp(-2 * math.pi * bw_hz / self.sample_rate)
        a1 = -4 * a2 / (1 + a2) * math.cos(w0)
        if abs(a2) <= np.finfo(np.float64).eps:
            raise K.audio_error("BandBiquad", "zero division error, 'central_freq / Q / sample_rate' got a big "
                                              "negative value.")
        b0 = math.sqrt(1 - a1 * a1 / (4 * a2)) * (1 - a2)
        if self.noise:
            if abs(b0) <= np.finfo(np.float64).eps:
                raise K.audio_error("BandBiquad", "zero division error, 'b0' can not be zero.")
            b0 *= math.sqrt(((1 + a2) * (1 + a2) - a1 * a1) * (1 - a2) / (1 + a2)) / b0
        return b0, 0.0, 0.0, a0, a1, a2


class BandpassBiquad(_CentralFreqBiquad):
    """Two-pole band-pass filter."""
    _name = "BandpassBiquad"

    def __init__(self, sample_rate, central_freq, Q=0.707, const_skirt_gain=False):
        super().__init__(sample_rate, central_freq, Q)
        type_check(const_skirt_gain, (bool,), "const_skirt_gain")
        self.const_skirt_gain = const_skirt_gain

    def _coeffs(self):
        # MindSpore computes these in float
        f = np.float32
        w0, alpha = _w0_alpha_f32(self.central_freq, self.sample_rate, self.quality_factor)
        temp = np.sin(w0) / f(2) if self.const_skirt_gain else alpha
        return temp, f(0.0), -temp, f(1) + alpha, f(-2) * np.cos(w0), f(1) - alpha


class BandrejectBiquad(_CentralFreqBiquad):
    """Two-pole band-reject filter."""
    _name = "BandrejectBiquad"

    def _coeffs(self):
        w0, alpha = _w0_alpha(self.central_freq, self.sample_rate, self.quality_factor)
        return 1.0, -2 * math.cos(w0), 1.0, 1 + alpha, -2 * math.cos(w0), 1 - alpha


class _ShelfBiquad(_BiquadOp):
    """The tone controls given by ``sample_rate``, ``gain``, ``central_freq`` and ``Q``."""

    def _set_shelf(self, sample_rate, gain, central_freq, Q):
        _check_filter(sample_rate, Q, (gain, "gain"), (central_freq, "central_freq"))
        self.sample_rate, self.gain, self.central_freq, self.quality_factor = sample_rate, gain, central_freq, Q


class BassBiquad(_ShelfBiquad):
    """Bass tone-control (low shelf) filter."""
    _name = "BassBiquad"

    def __init__(self, sample_rate, gain, central_freq=100.0, Q=0.707):
        self._set_shelf(sample_rate, gain, central_freq, Q)

    def _coeffs(self):
        w0, alpha = _w0_alpha(self.central_freq, self.sample_rate, self.quality_factor)
        a = _gain_factor(self.gain)
        temp1 = 2 * math.sqrt(a) * alpha
        temp2 = (a - 1) * math.cos(w0)
        temp3 = (a + 1) * math.cos(w0)
        return (a * ((a + 1) - temp2 + temp1), 2 * a * ((a - 1) - temp3), a * ((a + 1) - temp2 - temp1),
                (a + 1) + temp2 + temp1, -2 * ((a - 1) + temp3), (a + 1) + temp2 - temp1)


class TrebleBiquad(_ShelfBiquad):
    """Treble tone-control (high shelf) filter."""
    _name = "TrebleBiquad"

    def __init__(self, sample_rate, gain, central_freq=3000, Q=0.707):
        self._set_shelf(sample_rate, gain, central_freq, Q)

    def _coeffs(self):
        # MindSpore computes the treble shelf in float
        w0, alpha = _w0_alpha_f32(self.central_freq, self.sample_rate, self.quality_factor)
        return _high_shelf(np.float32(_gain_factor(self.gain)), w0, alpha, np.sqrt, np.cos)


class Biquad(_BiquadOp):
    """Biquad filter with the given coefficients."""
    _name = "Biquad"

    def __init__(self, b0, b1, b2, a0, a1, a2):
        for v, n in ((b0, "b0"), (b1, "b1"), (b2, "b2")):
            _check_freq(v, n)
        _float32_not_zero(a0, "a0")
        _check_freq(a1, "a1")
        _check_freq(a2, "a2")
        self.b0, self.b1, self.b2, self.a0, self.a1, self.a2 = b0, b1, b2, a0, a1, a2

    def _coeffs(self):
        return tuple(_f32(v) for v in (self.b0, self.b1, self.b2, self.a0, self.a1, self.a2))


class DeemphBiquad(_BiquadOp):
    """ISO 908 CD de-emphasis (a treble shelf) at 44.1 or 48 kHz."""
    _name = "DeemphBiquad"

    def __init__(self, sample_rate):
        type_check(sample_rate, (int,), "sample_rate")
        if sample_rate not in (44100, 48000):
            raise ValueError(f"Argument sample_rate should be 44100 or 48000, but got {sample_rate}.")
        self.sample_rate = sample_rate

    def _coeffs(self):
        if self.sample_rate == 44100:
            central_freq, width_slope, gain = 5283, 0.4845, -9.477
        else:
            central_freq, width_slope, gain = 5356, 0.479, -9.62
        w0 = 2 * math.pi * central_freq / self.sample_rate
        a = math.exp(gain / 40.0 * math.log(10))
        alpha = math.sin(w0) / 2 * math.sqrt((a + 1 / a) * (1 / width_slope - 1) + 2)
        return _high_shelf(a, w0, alpha, math.sqrt, math.cos)


class EqualizerBiquad(_BiquadOp):
    """Two-pole peaking equalizer."""
    _name = "EqualizerBiquad"

    def __init__(self, sample_rate, center_freq, gain, Q=0.707):
        _check_filter(sample_rate, Q, (center_freq, "central_freq"), (gain, "gain"))
        self.sample_rate, self.center_freq, self.gain, self.quality_factor = sample_rate, center_freq, gain, Q

    def _coeffs(self):
        w0, alpha = _w0_alpha(self.center_freq, self.sample_rate, self.quality_factor)
        a = _gain_factor(self.gain)
        return 1 + alpha * a, -2 * math.cos(w0), 1 - alpha * a, 1 + alpha / a, -2 * math.cos(w0), 1 - alpha / a


class _PassBiquad(_BiquadOp):
    """Two-pole low-pass (``_sign`` 1) or high-pass (``_sign`` -1) filter."""
    _sign = 1

    def __init__(self, sample_rate, cutoff_freq, Q=0.707):
        _check_filter(sample_rate, Q, (cutoff_freq, "cutoff_freq"))
        self.sample_rate, self.cutoff_freq, self.quality_factor = sample_rate, cutoff_freq, Q

    def _coeffs(self):
        w0, alpha = _w0_alpha(self.cutoff_freq, self.sample_rate, self.quality_factor)
        k = 1 - self._sign * math.cos(w0)
        return k / 2, self._sign * k, k / 2, 1 + alpha, -2 * math.cos(w0), 1 - alpha


class HighpassBiquad(_PassBiquad):
    """Two-pole high-pass filter."""
    _name = "HighpassBiquad"
    _sign = -1


class LowpassBiquad(_PassBiquad):
    """Two-pole low-pass filter."""
    _name = "LowpassBiquad"


class RiaaBiquad(_BiquadOp):
    """RIAA vinyl playback equalization."""
    _name = "RiaaBiquad"

    def __init__(self, sample_rate):
        type_check(sample_rate, (int,), "sample_rate")
        if sample_rate not in (44100, 48000, 88200, 96000):
            raise ValueError(f"sample_rate should be one of [44100, 48000, 88200, 96000], but got {sample_rate}.")
        self.sample_rate = sample_rate

    def _coeffs(self):
        sr = self.sample_rate
        if sr == 44100:
            zeros, poles = [-0.2014898, 0.9233820], [0.7083149, 0.9924091]
        elif sr == 48000:
            zeros, poles = [-0.1766069, 0.9321590], [0.7396325, 0.9931330]
        elif sr == 88200:
            zeros, poles = [-0.1168735, 0.9648312], [0.8590646, 0.9964002]
        else:
            zeros, poles = [-0.1141486, 0.9676817], [0.8699137, 0.9966946]
        # MindSpore computes these in float
        f = np.float32
        zeros, poles = [f(v) for v in zeros], [f(v) for v in poles]
        b0, b1, b2 = f(1.0), -(zeros[0] + zeros[1]), zeros[0] * zeros[1]
        a0, a1, a2 = f(1.0), -(poles[0] + poles[1]), poles[0] * poles[1]
        y = f(2 * math.pi * 1000 / sr)
        b_re = b0 + b1 * np.cos(-y) + b2 * np.cos(f(-2) * y)
        a_re = a0 + a1 * np.cos(-y) + a2 * np.cos(f(-2) * y)
        b_im = b1 * np.sin(-y) + b2 * np.sin(f(-2) * y)
        a_im = a1 * np.sin(-y) + a2 * np.sin(f(-2) * y)
        g = f(1) / np.sqrt((b_re * b_re + b_im * b_im) / (a_re * a_re + a_im * a_im))
        return b0 * g, b1 * g, b2 * g, a0, a1, a2


def _check_coeffs(a_coeffs, b_coeffs, clamp):
    type_check(a_coeffs, (list, tuple), "a_coeffs")
    type_check(b_coeffs, (list, tuple), "b_coeffs")
    for i, v in enumerate(a_coeffs):
        type_check(v, (float, int), f"a_coeffs[{i}]")
        check_float32(v, f"a_coeffs[{i}]")
    for i, v in enumerate(b_coeffs):
        type_check(v, (float, int), f"b_coeffs[{i}]")
        check_float32(v, f"b_coeffs[{i}]")
    if len(a_coeffs) != len(b_coeffs):
        raise ValueError(f"The size of a_coeffs:{len(a_coeffs)} does not match with b_coeffs:{len(b_coeffs)}.")
    type_check(clamp, (bool,), "clamp")


class _IIRFilter(AudioTensorOperation):
    """The filters given by ``a_coeffs`` (denominator) and ``b_coeffs`` (numerator)."""
    _name = ""

    def __init__(self, a_coeffs, b_coeffs, clamp=True):
        _check_coeffs(a_coeffs, b_coeffs, clamp)
        self.a_coeffs, self.b_coeffs, self.clamp = a_coeffs, b_coeffs, clamp

    def _coeff_lists(self, x):
        """Check the waveform ``x``; the coefficients as float32 values."""
        K.check_rank(self._name, x, 1, "<..., time>")
        K.check_float(self._name, x)
        return [_f32(v) for v in self.a_coeffs], [_f32(v) for v in self.b_coeffs]


class LFilter(_IIRFilter):
    """IIR filter ``a_coeffs`` (denominator) / ``b_coeffs`` (numerator) along time."""
    _name = "LFilter"

    def _apply(self, x):
        a, b = self._coeff_lists(x)
        return K.lfilter(x, a, b, self.clamp)


class Filtfilt(_IIRFilter):
    """Forward-backward IIR filter (zero phase)."""
    _name = "Filtfilt"

    def _apply(self, x):
        a, b = self._coeff_lists(x)
        fwd = K.lfilter(x, a, b, False)
        back = K.lfilter(np.ascontiguousarray(fwd[..., ::-1]), a, b, self.clamp)
        return np.ascontiguousarray(back[..., ::-1])


# ---------------------------------------------------------------------------------------
# amplitude / level transforms


class AmplitudeToDB(AudioTensorOperation):
    """Power / magnitude to decibels, floored ``top_db`` below the maximum of each spectrogram."""

    def __init__(self, stype=ScaleType.POWER, ref_value=1.0, amin=1e-10, top_db=80.0):
        type_check(stype, (ScaleType,), "stype")
        type_check(ref_value, (int, float), "ref_value")
        check_pos_float32(ref_value, "ref_value")
        type_check(amin, (int, float), "amin")
        check_pos_float32(amin, "amin")
        type_check(top_db, (int, float), "top_db")
        check_pos_float32(top_db, "top_db")
        self.stype, self.ref_value, self.amin, self.top_db = stype, ref_value, amin, top_db

    def _apply(self, x):
        K.check_rank("AmplitudeToDB", x, 2, "<..., freq, time>")
        x = K.as_work("AmplitudeToDB", x)
        multiplier = 10.0 if self.stype == ScaleType.POWER else 20.0
        ref = _f32(self.ref_value)
        amin = _f32(self.amin)
        db_multiplier = math.log10(max(amin, ref))
        return K.amplitude_to_db(x, multiplier, amin, np.float32(db_multiplier), _f32(self.top_db))


class DBToAmplitude(AudioTensorOperation):
    """Decibels back to power / amplitude: ``ref * (10 ** (x / 10)) ** power``."""

    def __init__(self, ref, power):
        _check_freq(ref, "ref")
        _check_freq(power, "power")
        self.ref, self.power = ref, power

    def _apply(self, x):
        x = K.as_work("DBToAmplitude", x)
        t = x.dtype.type
        out = t(_f32(self.ref)) * np.power(np.power(10.0, x.astype(np.float64) * 0.1), t(_f32(self.power)))
        return out.astype(x.dtype)


class Angle(AudioTensorOperation):
    """Angle of complex pairs (..., 2)."""

    def _apply(self, x):
        if x.ndim < 1 or x.shape[-1] != 2:
            raise K.audio_error("Angle", f"the shape of input tensor does not match the requirement of operator. "
                                         f"Expecting tensor in shape of <..., complex=2>. But got tensor with "
                                         f"dimension {x.ndim}.")
        x = K.as_work("Angle", x)
        return np.arctan2(x[..., 1], x[..., 0]).astype(x.dtype)


def _check_power(power):
    type_check(power, (int, float), "power")
    check_non_negative_float32(power, "power")


class ComplexNorm(AudioTensorOperation):
    """Norm of complex pairs (..., 2), to the ``power``."""

    def __init__(self, power=1.0):
        _check_power(power)
        self.power = power

    def _apply(self, x):
        if x.ndim < 1 or x.shape[-1] != 2:
            raise K.audio_error("ComplexNorm", "the shape of input tensor does not match the requirement of operator. "
                                               "Expecting tensor in shape of <..., complex=2>.")
        x = K.as_work("ComplexNorm", x)
        r = x[..., 0].astype(np.float64) ** 2 + x[..., 1].astype(np.float64) ** 2
        return np.power(r.astype(x.dtype), x.dtype.type(0.5 * _f32(self.power))).astype(x.dtype)


class Magphase(AudioTensorOperation):
    """(magnitude ** power, phase) of complex pairs (..., 2)."""

    def __init__(self, power=1.0):
        _check_power(power)
        self.power = power

    def _apply(self, x):
        return ComplexNorm(self.power)(x), Angle()(x)


class Contrast(AudioTensorOperation):
    """Contrast enhancement (sox's ``contrast``)."""

    def __init__(self, enhancement_amount=75.0):
        type_check(enhancement_amount, (float, int), "enhancement_amount")
        check_value(enhancement_amount, (0, 100), "enhancement_amount")
        self.enhancement_amount = enhancement_amount

    def _apply(self, x):
        K.check_rank("Contrast", x, 1, "<..., time>")
        x = K.as_work("Contrast", x)
        t = x.dtype.type
        amount = t(t(np.float32(self.enhancement_amount)) / t(750.0))
        t1 = (x * t(math.pi / 2)).astype(x.dtype)
        t2 = (amount * np.sin(t1 * t(4))).astype(x.dtype)
        return np.sin(t1 + t2).astype(x.dtype)


class DCShift(AudioTensorOperation):
    """Add ``shift`` to the waveform, with an optional limiter."""

    def __init__(self, shift, limiter_gain=None):
        type_check(shift, (float, int), "shift")
        check_value(shift, (-2.0, 2.0), "shift")
        if limiter_gain is not None:
            type_check(limiter_gain, (float, int), "limiter_gain")
        self.shift = shift
        self.limiter_gain = limiter_gain if limiter_gain else shift

    def _apply(self, x):
        K.check_rank("DCShift", x, 1, "<..., time>")
        x = K.as_work("DCShift", x)
        t = x.dtype.type
        shift, gain = np.float32(self.shift), np.float32(self.limiter_gain)
        eps = np.finfo(np.float32).eps
        if abs(shift - gain) > eps and abs(shift) > eps:
            thr = np.float32(1.0 - (abs(shift) - gain))
            out = x.copy()
            hi = (x > thr) & (shift > 0)
            lo = (x < -thr) & (shift < 0)
            peak_hi = ((x - t(thr)) * t(gain) / t(1 - thr)).astype(x.dtype)
            s_hi = (peak_hi + t(thr) + t(shift)).astype(x.dtype)
            peak_lo = ((x + t(thr)) * t(gain) / t(1 - thr)).astype(x.dtype)
            s_lo = (peak_lo + t(thr) + t(shift)).astype(x.dtype)
            s_mid = np.clip((x + t(shift)).astype(x.dtype), -1, 1)
            out = np.where(hi, np.minimum(s_hi, t(thr)), np.where(lo, np.maximum(s_lo, t(-thr)), s_mid))
            return out.astype(x.dtype)
        return np.clip((x + t(shift)).astype(x.dtype), -1, 1).astype(x.dtype)


class Gain(AudioTensorOperation):
    """Amplify by ``gain_db`` decibels."""

    def __init__(self, gain_db=1.0):
        _check_freq(gain_db, "gain_db")
        self.gain_db = gain_db

    def _apply(self, x):
        K.check_rank("Gain", x, 1, "<..., time>")
        x = K.as_work("Gain", x)
        t = x.dtype.type
        g = t(_f32(self.gain_db))
        if g == 0:
            return x
        ratio = t(np.power(10.0, g / t(20)))
        return (x * ratio).astype(x.dtype)


class Vol(AudioTensorOperation):
    """Scale the volume (amplitude ratio, power ratio or decibels), clamped to [-1, 1]."""

    def __init__(self, gain, gain_type=GainType.AMPLITUDE):
        type_check(gain, (int, float), "gain")
        type_check(gain_type, (GainType,), "gain_type")
        if gain_type == GainType.AMPLITUDE:
            check_non_negative_float32(gain, "gain")
        elif gain_type == GainType.POWER:
            check_pos_float32(gain, "gain")
        else:
            check_float32(gain, "gain")
        self.gain, self.gain_type = gain, gain_type

    def _apply(self, x):
        K.check_rank("Vol", x, 1, "<..., time>")
        x = K.as_work("Vol", x)
        t = x.dtype.type
        gain = t(_f32(self.gain))
        if self.gain_type == GainType.DB:
            if gain != 0:
                gain = t(np.power(10.0, gain / 20))
        elif self.gain_type == GainType.POWER:
            gain = t(10 * np.log10(gain))
            gain = t(np.power(10.0, gain / 20))
        out = x
        if gain != 0 or self.gain_type == GainType.AMPLITUDE:
            out = (x * gain).astype(x.dtype)
        return np.clip(out, -1, 1).astype(x.dtype)


class Overdrive(AudioTensorOperation):
    """Overdrive effect (sox's ``overdrive``)."""

    def __init__(self, gain=20.0, color=20.0):
        type_check(gain, (float, int), "gain")
        check_value(gain, (0, 100), "gain")
        type_check(color, (float, int), "color")
        check_value(color, (0, 100), "color")
        self.gain, self.color = gain, color

    def _apply(self, x):
        K.check_rank("Overdrive", x, 1, "<..., time>")
        x = K.as_work("Overdrive", x)
        t = x.dtype.type
        shape = x.shape
        flat = x.reshape(-1, shape[-1])
        gain_ex = t(np.float32(math.exp(np.float32(self.gain) * math.log(10) / 20.0)))
        color = t(np.float32(self.color) / np.float32(200))
        t2 = (flat * gain_ex + color).astype(x.dtype)
        temp = np.where(t2 < -1, t(-2.0 / 3.0), np.where(t2 > 1, t(2.0 / 3.0), (t2 - t2 * t2 * t2 / t(3.0))))
        temp = temp.astype(x.dtype)
        # the DC blocker last_out = temp - last_in + 0.995 * last_out, run as an IIR filter
        last_out = K.iir([1.0, -1.0], [1.0, -0.995], temp)
        out = np.clip((flat * t(0.5) + last_out.astype(x.dtype) * t(0.75)).astype(x.dtype), -1, 1).astype(x.dtype)
        return out.reshape(shape)


class _MuLaw(AudioTensorOperation):
    """mu-law companding with ``quantization_channels`` levels."""
    _name = ""

    def __init__(self, quantization_channels=256):
        check_pos_int32(quantization_channels, "quantization_channels")
        self.quantization_channels = quantization_channels

    def _work_mu(self, x):
        """``x`` in the working dtype, its scalar type and ``mu`` (channels - 1) in it."""
        x = K.as_work(self._name, x)
        t = x.dtype.type
        return x, t, t(self.quantization_channels - 1)


class MuLawEncoding(_MuLaw):
    """mu-law companding to integers in [0, quantization_channels)."""
    _name = "MuLawEncoding"

    def _apply(self, x):
        x, t, mu = self._work_mu(x)
        y = (np.sign(x) * np.log1p(mu * np.abs(x)) / np.log1p(mu)).astype(x.dtype)
        y = ((y + t(1)) / t(2) * mu + t(0.5)).astype(x.dtype)
        return np.trunc(y).astype(np.int32)


class MuLawDecoding(_MuLaw):
    """Inverse of :class:`MuLawEncoding`."""
    _name = "MuLawDecoding"

    def _apply(self, x):
        x, t, mu = self._work_mu(x)
        if mu == 0:
            raise K.audio_error("Decoding", "invalid parameter, 'mu' can not be zero.")
        y = ((x / mu) * t(2) - t(1.0)).astype(x.dtype)
        return (np.sign(y) * np.expm1(np.abs(y) * np.log1p(mu)) / mu).astype(x.dtype)


class Fade(AudioTensorOperation):
    """Fade in / out over the first / last samples."""

    def __init__(self, fade_in_len=0, fade_out_len=0, fade_shape=FadeShape.LINEAR):
        check_non_negative_int32(fade_in_len, "fade_in_len")
        check_non_negative_int32(fade_out_len, "fade_out_len")
        type_check(fade_shape, (FadeShape,), "fade_shape")
        self.fade_in_len, self.fade_out_len, self.fade_shape = fade_in_len, fade_out_len, fade_shape

    @staticmethod
    def _curve(n, shape, fade_in, dtype):
        r = linspace(0, 1, n, dtype).astype(np.float64)
        if fade_in:
            table = {FadeShape.LINEAR: r, FadeShape.EXPONENTIAL: np.power(2.0, r - 1.0) * r,
                     FadeShape.LOGARITHMIC: np.log10(r + 0.1) + 1.0, FadeShape.QUARTER_SINE: np.sin(r * np.pi / 2.0),
                     FadeShape.HALF_SINE: np.sin(r * np.pi - np.pi / 2.0) / 2.0 + 0.5}
        else:
            table = {FadeShape.LINEAR: 1.0 - r, FadeShape.EXPONENTIAL: np.power(2.0, -r) * (1.0 - r),
                     FadeShape.LOGARITHMIC: np.log10(1.1 - r) + 1.0,
                     FadeShape.QUARTER_SINE: np.sin(r * np.pi / 2.0 + np.pi / 2.0),
                     FadeShape.HALF_SINE: np.sin(r * np.pi + np.pi / 2.0) / 2.0 + 0.5}
        return table[shape].astype(dtype)

    def _apply(self, x):
        K.check_rank("Fade", x, 1, "<..., time>")
        x = K.as_work("Fade", x)
        n = x.shape[-1]
        for length, name in ((self.fade_in_len, "fade_in_len"), (self.fade_out_len, "fade_out_len")):
            if length > n:
                raise K.audio_error("Fade", f"{name} should be no greater than length of waveform, but got: {name} "
                                            f"{length} and length of waveform {n}.")
        out = x.copy()
        if self.fade_in_len:
            out[..., :self.fade_in_len] = (out[..., :self.fade_in_len] *
                                           self._curve(self.fade_in_len, self.fade_shape, True, x.dtype))
        if self.fade_out_len:
            out[..., n - self.fade_out_len:] = (out[..., n - self.fade_out_len:] *
                                                self._curve(self.fade_out_len, self.fade_shape, False, x.dtype))
        return out.astype(x.dtype)


class Dither(AudioTensorOperation):
    """Add dither noise (TPDF, RPDF or GPDF) at 16-bit resolution, optionally noise-shaped."""

    def __init__(self, density_function=DensityFunction.TPDF, noise_shaping=False):
        type_check(density_function, (DensityFunction,), "density_function")
        type_check(noise_shaping, (bool,), "noise_shaping")
        self.density_function, self.noise_shaping = density_function, noise_shaping

    def _apply(self, x):
        K.check_rank("Dither", x, 1, "<..., time>")
        x = K.as_work("Dither", x)
        rng = _np_rng()
        shape = x.shape
        flat = x.reshape(-1, shape[-1]).astype(np.float64)
        if self.density_function == DensityFunction.RPDF:
            noise = rng.uniform(-1, 1, flat.shape)
        elif self.density_function == DensityFunction.GPDF:
            noise = rng.normal(0, 1, flat.shape)
        else:
            noise = rng.triangular(-1, 0, 1, flat.shape)
        scale = 2 ** 15
        q = np.round(flat * scale + noise)
        if self.noise_shaping:
            err = q - flat * scale
            q[:, 1:] = q[:, 1:] - err[:, :-1]
        out = np.clip(q, -scale, scale - 1) / scale
        return out.astype(x.dtype).reshape(shape)


# ---------------------------------------------------------------------------------------
# masks


def _check_masking(iid_masks, mask_param, mask_start, mask_value):
    type_check(iid_masks, (bool,), "iid_masks")
    type_check(mask_param, (int,), "mask_param")
    check_non_negative_float32(mask_param, "mask_param")
    type_check(mask_start, (int,), "mask_start")
    check_non_negative_float32(mask_start, "mask_start")
    type_check(mask_value, (int, float), "mask_value")
    check_non_negative_float32(mask_value, "mask_value")


def _random_mask(x, mask_param, mask_value, axis, name):
    rng = _rng()
    width = rng.randint(0, mask_param)
    dim = x.shape[-2] if axis == 1 else x.shape[-1]
    start = rng.randint(0, max(dim - width, 0))
    return K.mask_along_axis(x, width, start, mask_value, axis, name)


class _Masking(AudioTensorOperation):
    _axis = 1
    _name = "FrequencyMasking"
    _param_name = "frequency_mask_param"

    def _apply(self, x):
        K.check_rank(self._name, x, 2, "<..., freq, time>")
        dim = x.shape[-2] if self._axis == 1 else x.shape[-1]
        param = getattr(self, self._param_name)
        if dim < param:
            raise K.audio_error(self._name, f"invalid parameter, '{self._param_name}' should be less than or equal to "
                                            f"the length of the masked dimension, but got: {param} and length {dim}")
        x = K.as_work(self._name, x)
        if self.iid_masks:
            return _random_mask(x, param, self.mask_value, self._axis, self._name)
        return K.mask_along_axis(x, param, self.mask_start, self.mask_value, self._axis, self._name)


class FrequencyMasking(_Masking):
    """Mask ``freq_mask_param`` consecutive frequency rows from ``mask_start`` (random ones with ``iid_masks``)."""

    def __init__(self, iid_masks=False, freq_mask_param=0, mask_start=0, mask_value=0.0):
        _check_masking(iid_masks, freq_mask_param, mask_start, mask_value)
        self.iid_masks, self.frequency_mask_param = iid_masks, freq_mask_param
        self.mask_start, self.mask_value = mask_start, mask_value


class TimeMasking(_Masking):
    """Mask ``time_mask_param`` consecutive time columns from ``mask_start`` (random ones with ``iid_masks``)."""
    _axis = 2
    _name = "TimeMasking"
    _param_name = "time_mask_param"

    def __init__(self, iid_masks=False, time_mask_param=0, mask_start=0, mask_value=0.0):
        _check_masking(iid_masks, time_mask_param, mask_start, mask_value)
        self.iid_masks, self.time_mask_param = iid_masks, time_mask_param
        self.mask_start, self.mask_value = mask_start, mask_value


class MaskAlongAxis(AudioTensorOperation):
    """Mask ``mask_width`` rows (axis 1) or columns (axis 2) from ``mask_start`` with ``mask_value``."""

    def __init__(self, mask_start, mask_width, mask_value, axis):
        type_check(mask_start, (int,), "mask_start")
        type_check(mask_width, (int,), "mask_width")
        type_check(mask_value, (int, float), "mask_value")
        type_check(axis, (int,), "axis")
        check_non_negative_int32(mask_start, "mask_start")
        check_pos_int32(mask_width, "mask_width")
        check_float32(mask_value, "mask_value")
        check_value(axis, (1, 2), "axis")
        self.mask_start, self.mask_width, self.mask_value, self.axis = mask_start, mask_width, mask_value, axis

    def _apply(self, x):
        K.check_rank("MaskAlongAxis", x, 2, "<..., freq, time>")
        x = K.as_work("MaskAlongAxis", x)
        return K.mask_along_axis(x, self.mask_width, self.mask_start, self.mask_value, self.axis)


class MaskAlongAxisIID(AudioTensorOperation):
    """Mask a random band of width in [0, mask_param] along ``axis``."""

    def __init__(self, mask_param, mask_value, axis):
        check_non_negative_int32(mask_param, "mask_param")
        type_check(mask_value, (int, float), "mask_value")
        check_float32(mask_value, "mask_value")
        type_check(axis, (int,), "axis")
        check_value(axis, (1, 2), "axis")
        self.mask_param, self.mask_value, self.axis = mask_param, mask_value, axis

    def _apply(self, x):
        K.check_rank("MaskAlongAxisIID", x, 2, "<..., freq, time>")
        dim = x.shape[-2] if self.axis == 1 else x.shape[-1]
        if self.mask_param > dim:
            raise K.audio_error("MaskAlongAxisIID", f"invalid parameter, 'mask_param' should be less than or equal "
                                                    f"to the length of the masked dimension, but got: "
                                                    f"{self.mask_param} and length {dim}")
        x = K.as_work("MaskAlongAxisIID", x)
        return _random_mask(x, self.mask_param, self.mask_value, self.axis, "MaskAlongAxisIID")


# ---------------------------------------------------------------------------------------
# spectral transforms


def _check_win_length(win_length, n_fft):
    """``win_length``: None, or a positive int32 no more than ``n_fft``."""
    if win_length is not None:
        check_pos_int32(win_length, "win_length")
        if win_length > n_fft:
            raise ValueError(f"Input win_length should be no more than n_fft, but got win_length: {win_length} and "
                             f"n_fft: {n_fft}.")


def _check_hop_length(hop_length):
    if hop_length is not None:
        check_pos_int32(hop_length, "hop_length")


def _check_spectrogram_args(n_fft, win_length, hop_length, pad, window, power, normalized, center, pad_mode,
                            onesided):
    check_pos_int32(n_fft, "n_fft")
    _check_win_length(win_length, n_fft)
    _check_hop_length(hop_length)
    check_non_negative_int32(pad, "pad")
    type_check(window, (WindowType,), "window")
    type_check(power, (int, float), "power")
    check_non_negative_float32(power, "power")
    type_check(normalized, (bool,), "normalized")
    type_check(center, (bool,), "center")
    type_check(onesided, (bool,), "onesided")
    type_check(pad_mode, (BorderType,), "pad_mode")


def _waveform(name, x):
    K.check_rank(name, x, 1, "<..., time>")
    K.check_numeric(name, x)
    return x.astype(K.work_dtype(x))


class Spectrogram(AudioTensorOperation):
    """Power spectrogram (..., n_fft // 2 + 1, frames); complex pairs (..., 2) when ``power`` is 0."""

    def __init__(self, n_fft=400, win_length=None, hop_length=None, pad=0, window=WindowType.HANN, power=2.0,
                 normalized=False, center=True, pad_mode=BorderType.REFLECT, onesided=True):
        _check_spectrogram_args(n_fft, win_length, hop_length, pad, window, power, normalized, center, pad_mode,
                                onesided)
        self.n_fft = n_fft
        self.win_length = win_length if win_length else n_fft
        self.hop_length = hop_length if hop_length else self.win_length // 2
        self.pad, self.window, self.power = pad, window, power
        self.normalized, self.center, self.pad_mode, self.onesided = normalized, center, pad_mode, onesided

    def _apply(self, x):
        x = _waveform("Spectrogram", x)
        return K.spectrogram(x, self.n_fft, self.win_length, self.hop_length, self.pad, self.window,
                             _f32(self.power), self.normalized, self.center, self.pad_mode, self.onesided)


class SpectralCentroid(AudioTensorOperation):
    """Spectral centroid of each frame, shape (..., 1, frames)."""

    def __init__(self, sample_rate, n_fft=400, win_length=None, hop_length=None, pad=0, window=WindowType.HANN):
        check_non_negative_int32(sample_rate, "sample_rate")
        check_non_negative_int32(pad, "pad")
        type_check(window, (WindowType,), "window")
        check_pos_int32(n_fft, "n_fft")
        _check_win_length(win_length, n_fft)
        _check_hop_length(hop_length)
        self.sample_rate, self.pad, self.window, self.n_fft = sample_rate, pad, window, n_fft
        self.win_length = win_length if win_length else n_fft
        self.hop_length = hop_length if hop_length else self.win_length // 2

    def _apply(self, x):
        x = _waveform("SpectralCentroid", x)
        spec = K.spectrogram(x, self.n_fft, self.win_length, self.hop_length, self.pad, self.window, 1.0, False,
                             True, BorderType.REFLECT, True)
        freqs = linspace(0, self.sample_rate / 2, 1 + self.n_fft // 2, x.dtype).astype(np.float64)
        s = spec.astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            out = (freqs[:, None] * s).sum(axis=-2) / s.sum(axis=-2)
        return out[..., None, :].astype(x.dtype)


def _check_mel_freq(f_min, f_max, sample_rate, tag="MelScale"):
    type_check(f_min, (int, float), "f_min")
    check_float32(f_min, "f_min")
    if f_max is not None:
        type_check(f_max, (int, float), "f_max")
        check_pos_float32(f_max, "f_max")
        if f_min >= f_max:
            raise ValueError(f"{tag}: f_max should be greater than f_min.")
    elif f_min >= sample_rate // 2:
        raise ValueError(f"{tag}: sample_rate // 2 should be greater than f_min when f_max is set to None.")


def _check_mel_common(n_mels, sample_rate, f_min, f_max, n_stft, norm, mel_type):
    check_pos_int32(n_mels, "n_mels")
    check_pos_int32(sample_rate, "sample_rate")
    _check_mel_freq(f_min, f_max, sample_rate)
    check_pos_int32(n_stft, "n_stft")
    type_check(norm, (NormType,), "norm")
    type_check(mel_type, (MelType,), "mel_type")


class MelScale(AudioTensorOperation):
    """Project a (..., n_stft, time) spectrogram onto ``n_mels`` mel bands."""

    def __init__(self, n_mels=128, sample_rate=16000, f_min=0.0, f_max=None, n_stft=201, norm=NormType.NONE,
                 mel_type=MelType.HTK):
        _check_mel_common(n_mels, sample_rate, f_min, f_max, n_stft, norm, mel_type)
        self.n_mels, self.sample_rate, self.f_min = n_mels, sample_rate, f_min
        self.f_max = f_max if f_max is not None else sample_rate // 2
        self.n_stft, self.norm, self.mel_type = n_stft, norm, mel_type

    def _apply(self, x):
        K.check_rank("MelScale", x, 2, "<..., freq, time>")
        x = K.as_work("MelScale", x)
        if x.shape[-2] != self.n_stft:
            raise K.audio_error("MelScale", f"the frequency dimension of input should be equal to n_stft "
                                            f"{self.n_stft}, but got {x.shape[-2]}.")
        fb = mel_fbanks(self.n_stft, self.f_min, self.f_max, self.n_mels, self.sample_rate, self.norm,
                        self.mel_type, x.dtype)
        return K.melscale_apply(x, fb)


def _check_stft_options(n_fft, win_length, hop_length, pad, window, normalized, center, pad_mode, onesided):
    """The STFT option checks MelSpectrogram and InverseSpectrogram make (in MindSpore's order)."""
    type_check(window, (WindowType,), "window")
    type_check(normalized, (bool,), "normalized")
    type_check(center, (bool,), "center")
    type_check(pad_mode, (BorderType,), "pad_mode")
    type_check(onesided, (bool,), "onesided")
    check_non_negative_int32(pad, "pad")
    _check_hop_length(hop_length)
    _check_win_length(win_length, n_fft)


class MelSpectrogram(AudioTensorOperation):
    """Mel-scaled power spectrogram of a waveform."""

    def __init__(self, sample_rate=16000, n_fft=400, win_length=None, hop_length=None, f_min=0.0, f_max=None, pad=0,
                 n_mels=128, window=WindowType.HANN, power=2.0, normalized=False, center=True,
                 pad_mode=BorderType.REFLECT, onesided=True, norm=NormType.NONE, mel_scale=MelType.HTK):
        check_non_negative_int32(sample_rate, "sample_rate")
        check_pos_int32(n_fft, "n_fft")
        check_non_negative_int32(n_mels, "n_mels")
        type_check(f_min, (float,), "f_min")
        if f_max is not None:
            check_non_negative_float32(f_max, "f_max")
            if f_min > f_max:
                raise ValueError(f"f_max should be greater than or equal to f_min, but got f_min: {f_min} and f_max: "
                                 f"{f_max}.")
        elif f_min >= sample_rate // 2:
            raise ValueError(f"MelSpectrogram: sample_rate // 2 should be greater than f_min when f_max is set to "
                             f"None, but got f_min: {f_min}.")
        type_check(norm, (NormType,), "norm")
        type_check(mel_scale, (MelType,), "mel_type")
        check_pos_float32(power, "power")
        _check_stft_options(n_fft, win_length, hop_length, pad, window, normalized, center, pad_mode, onesided)
        self.sample_rate, self.n_fft = sample_rate, n_fft
        self.win_length = win_length if win_length is not None else n_fft
        self.hop_length = hop_length if hop_length is not None else self.win_length // 2
        self.f_min = f_min
        self.f_max = f_max if f_max is not None else sample_rate // 2
        self.pad, self.n_mels, self.window, self.power = pad, n_mels, window, power
        self.normalized, self.center, self.pad_mode, self.onesided = normalized, center, pad_mode, onesided
        self.norm, self.mel_scale = norm, mel_scale

    def _apply(self, x):
        x = _waveform("MelSpectrogram", x)
        spec = K.spectrogram(x, self.n_fft, self.win_length, self.hop_length, self.pad, self.window,
                             _f32(self.power), self.normalized, self.center, self.pad_mode, self.onesided)
        fb = mel_fbanks(spec.shape[-2], self.f_min, self.f_max, self.n_mels, self.sample_rate, self.norm,
                        self.mel_scale, x.dtype)
        return K.melscale_apply(spec, fb)


_STFT_DEFAULTS = (("pad", 0), ("window", WindowType.HANN), ("power", 2.0), ("normalized", False), ("center", True),
                  ("pad_mode", BorderType.REFLECT), ("onesided", True))


def _stft_kwargs(kwargs, **extra):
    """A copy of the user's spectrogram keyword arguments with MindSpore's defaults filled in
    (``extra``: the defaults of further keys)."""
    kw = dict(kwargs or {})
    kw.setdefault("n_fft", 400)
    kw.setdefault("win_length", kw.get("n_fft"))
    kw.setdefault("hop_length", kw.get("win_length") // 2)
    for key, value in tuple(extra.items()) + _STFT_DEFAULTS:
        kw.setdefault(key, value)
    return kw


def _kwargs_spectrogram(x, kw):
    """The power spectrogram of ``x`` with the options of :func:`_stft_kwargs`."""
    return K.spectrogram(x, kw["n_fft"], kw["win_length"], kw["hop_length"], kw["pad"], kw["window"],
                         _f32(kw["power"]), kw["normalized"], kw["center"], kw["pad_mode"], kw["onesided"])


def _cepstrum(bands, use_log, n_coeffs, norm, dtype):
    """The first ``n_coeffs`` DCT coefficients (..., n_coeffs, time) of the log (``use_log``) or dB
    filter-bank energies ``bands`` (..., filters, time)."""
    if use_log:
        bands = np.log(bands + dtype.type(1e-6)).astype(dtype)
    else:
        bands = K.amplitude_to_db(bands, 10.0, 1e-10, np.float32(0.0), 80.0)
    dct = dct_matrix(n_coeffs, bands.shape[-2], norm).astype(dtype)
    return np.einsum("...ft,fk->...kt", bands.astype(np.float64), dct.astype(np.float64)).astype(dtype)


class MFCC(AudioTensorOperation):
    """Mel-frequency cepstral coefficients of a waveform."""

    def __init__(self, sample_rate=16000, n_mfcc=40, dct_type=2, norm=NormMode.ORTHO, log_mels=False,
                 melkwargs=None):
        check_non_negative_int32(sample_rate, "sample_rate")
        type_check(log_mels, (bool,), "log_mels")
        type_check(norm, (NormMode,), "norm")
        check_non_negative_int32(n_mfcc, "n_mfcc")
        if dct_type != 2:
            raise ValueError(f"Input dct_type must be 2, but got : {dct_type}.")
        if melkwargs is not None:
            type_check(melkwargs, (dict,), "melkwargs")
            mk = melkwargs
            check_pos_int32(mk["n_fft"], "n_fft")
            type_check(mk["n_mels"], (int,), "n_mels")
            check_pos_int32(mk["n_mels"], "n_mels")
            _check_mel_freq(mk["f_min"], mk["f_max"], sample_rate)
            type_check(mk["norm"], (NormType,), "norm")
            type_check(mk["mel_scale"], (MelType,), "mel_type")
            _check_power(mk["power"])
            type_check(mk["window"], (WindowType,), "window")
            type_check(mk["normalized"], (bool,), "normalized")
            type_check(mk["center"], (bool,), "center")
            type_check(mk["pad_mode"], (BorderType,), "pad_mode")
            type_check(mk["onesided"], (bool,), "onesided")
            check_non_negative_int32(mk["pad"], "pad")
            if mk["hop_length"] is not None:
                check_pos_int32(mk["hop_length"], "hop_length")
            if mk["f_max"] is not None:
                check_non_negative_float32(mk["f_max"], "f_max")
            if mk["win_length"] is not None:
                check_non_negative_int32(mk["win_length"], "win_length")
            if mk["n_mels"] < n_mfcc:
                raise ValueError(f"Input n_mels should be greater than or equal to n_mfcc, but got n_mfcc: {n_mfcc} "
                                 f"and n_mels: {mk['n_mels']}.")
        self.sample_rate, self.n_mfcc, self.dct_type, self.norm, self.log_mels = (sample_rate, n_mfcc, dct_type, norm,
                                                                                 log_mels)
        self.melkwargs = _stft_kwargs(melkwargs, f_min=0.0, f_max=sample_rate // 2, n_mels=128, norm=NormType.NONE,
                                      mel_scale=MelType.HTK)

    def _apply(self, x):
        mk = self.melkwargs
        x = _waveform("MFCC", x).astype(np.float32)
        spec = _kwargs_spectrogram(x, mk)
        fb = mel_fbanks(spec.shape[-2], mk["f_min"], mk["f_max"], mk["n_mels"], self.sample_rate, mk["norm"],
                        mk["mel_scale"], x.dtype)
        return _cepstrum(K.melscale_apply(spec, fb), self.log_mels, self.n_mfcc, self.norm, x.dtype)


class LFCC(AudioTensorOperation):
    """Linear-frequency cepstral coefficients of a waveform."""

    def __init__(self, sample_rate=16000, n_filter=128, n_lfcc=40, f_min=0.0, f_max=None, dct_type=2,
                 norm=NormMode.ORTHO, log_lf=False, speckwargs=None):
        check_non_negative_int32(sample_rate, "sample_rate")
        check_pos_int32(n_filter, "n_filter")
        check_pos_int32(n_lfcc, "n_lfcc")
        type_check(log_lf, (bool,), "log_lf")
        type_check(norm, (NormMode,), "norm")
        type_check(f_min, (int, float), "f_min")
        check_non_negative_float32(f_min, "f_min")
        if f_max is not None:
            type_check(f_max, (int, float), "f_max")
            check_non_negative_float32(f_max, "f_max")
            if f_min > f_max:
                raise ValueError(f"f_max should be greater than or equal to f_min, but got f_min: {f_min} and f_max: "
                                 f"{f_max}.")
        elif f_min >= sample_rate // 2:
            raise ValueError(f"Input sample_rate // 2 should be greater than f_min when f_max is set to None, but got "
                             f"f_min: {f_min} and sample_rate: {sample_rate}.")
        if dct_type != 2:
            raise ValueError(f"Input dct_type must be 2, but got : {dct_type}.")
        if speckwargs is not None:
            type_check(speckwargs, (dict,), "speckwargs")
            sk = speckwargs
            type_check(sk["window"], (WindowType,), "window")
            type_check(sk["pad_mode"], (BorderType,), "pad_mode")
            type_check(sk["pad"], (int,), "pad")
            check_non_negative_int32(sk["pad"], "pad")
            type_check(sk["power"], (float,), "power")
            check_non_negative_float32(sk["power"], "power")
            if sk["n_fft"] < n_lfcc:
                raise ValueError(f"n_fft should be greater than or equal to n_lfcc, but got n_fft: {sk['n_fft']} and "
                                 f"n_lfcc: {n_lfcc}.")
            if sk["win_length"] > sk["n_fft"]:
                raise ValueError(f"win_length must be less than or equal to n_fft, but got win_length: "
                                 f"{sk['win_length']} and n_fft: {sk['n_fft']}.")
        self.sample_rate, self.n_filter, self.n_lfcc, self.f_min = sample_rate, n_filter, n_lfcc, f_min
        self.f_max = f_max if f_max is not None else sample_rate // 2
        self.dct_type, self.norm, self.log_lf = dct_type, norm, log_lf
        self.speckwargs = _stft_kwargs(speckwargs)

    def _apply(self, x):
        x = _waveform("LFCC", x).astype(np.float32)
        spec = _kwargs_spectrogram(x, self.speckwargs)
        fb = linear_fbank_matrix(spec.shape[-2], self.f_min, self.f_max, self.n_filter, self.sample_rate)
        return _cepstrum(K.melscale_apply(spec, fb.astype(x.dtype)), self.log_lf, self.n_lfcc, self.norm, x.dtype)


class InverseMelScale(AudioTensorOperation):
    """Estimate a linear spectrogram from a mel spectrogram by SGD (random start, so not reproducible)."""

    def __init__(self, n_stft, n_mels=128, sample_rate=16000, f_min=0.0, f_max=None, max_iter=100000,
                 tolerance_loss=1e-05, tolerance_change=1e-08, sgdargs=None, norm=NormType.NONE, mel_type=MelType.HTK):
        _check_mel_common(n_mels, sample_rate, f_min, f_max, n_stft, norm, mel_type)
        check_pos_int32(max_iter, "max_iter")
        type_check(tolerance_loss, (int, float), "tolerance_loss")
        check_pos_float32(tolerance_loss, "tolerance_loss")
        type_check(tolerance_change, (int, float), "tolerance_change")
        check_pos_float32(tolerance_change, "tolerance_change")
        if sgdargs is not None:
            type_check(sgdargs["sgd_lr"], (int, float), "sgd_lr")
            check_non_negative_float32(sgdargs["sgd_lr"], "sgd_lr")
            type_check(sgdargs["sgd_momentum"], (int, float), "sgd_momentum")
            check_non_negative_float32(sgdargs["sgd_momentum"], "sgd_momentum")
        self.n_stft, self.n_mels, self.sample_rate, self.f_min = n_stft, n_mels, sample_rate, f_min
        self.f_max = f_max if f_max is not None else sample_rate // 2
        self.max_iter, self.tolerance_loss, self.tolerance_change = max_iter, tolerance_loss, tolerance_change
        self.sgdargs = sgdargs if sgdargs is not None else {"sgd_lr": 0.1, "sgd_momentum": 0.9}
        self.norm, self.mel_type = norm, mel_type

    def _apply(self, x):
        K.check_rank("InverseMelScale", x, 2, "<..., freq, time>")
        x = K.as_work("InverseMelScale", x)
        if x.shape[-2] != self.n_mels:
            raise K.audio_error("InverseMelScale", "n_mels must be equal to the penultimate dimension of input.")
        dtype = x.dtype
        fb = mel_fbanks(self.n_stft, self.f_min, self.f_max, self.n_mels, self.sample_rate, self.norm,
                        self.mel_type, dtype).astype(np.float64)        # n_stft, n_mels
        shape = x.shape
        mels = x.reshape(-1, shape[-2], shape[-1]).astype(np.float64)
        rng = _np_rng()
        lr, mom = float(np.float32(self.sgdargs["sgd_lr"])), float(np.float32(self.sgdargs["sgd_momentum"]))
        outs = []
        for mel in mels:
            target = mel.T                                            # time, n_mels
            spec = rng.uniform(0, 1, (shape[-1], self.n_stft))        # time, n_stft
            velocity = np.zeros_like(spec)
            loss = np.finfo(np.float64).max
            for epoch in range(self.max_iter):
                diff = target - spec @ fb
                new_loss = float(np.mean(diff ** 2))
                grad = -(diff @ fb.T) / shape[-1]
                velocity = grad if epoch == 0 else mom * velocity + grad
                nspec = spec - lr * velocity
                if new_loss < self.tolerance_loss or abs(loss - new_loss) < self.tolerance_change:
                    break
                loss = new_loss
                spec = nspec
            outs.append(np.maximum(spec, 0).T)
        out = np.stack(outs).astype(dtype)
        if len(shape) > 2:
            return out.reshape(shape[:-2] + (self.n_stft, shape[-1]))
        return out


class InverseSpectrogram(AudioTensorOperation):
    """Waveform from a complex spectrogram (..., freq, frames, 2) by inverse STFT."""

    def __init__(self, length=None, n_fft=400, win_length=None, hop_length=None, pad=0, window=WindowType.HANN,
                 normalized=False, center=True, pad_mode=BorderType.REFLECT, onesided=True):
        if length is not None:
            check_non_negative_int32(length, "length")
        check_pos_int32(n_fft, "n_fft")
        _check_stft_options(n_fft, win_length, hop_length, pad, window, normalized, center, pad_mode, onesided)
        self.length = length if length is not None else 0
        self.n_fft = n_fft
        self.win_length = win_length if win_length is not None else n_fft
        self.hop_length = hop_length if hop_length is not None else self.win_length // 2
        self.pad, self.window, self.normalized, self.center = pad, window, normalized, center
        self.pad_mode, self.onesided = pad_mode, onesided

    def _apply(self, x):
        if x.ndim < 3 or x.shape[-1] != 2:
            raise K.audio_error("InverseSpectrogram", "the shape of input tensor does not match the requirement of "
                                                      "operator. Expecting tensor in shape of <..., freq, time, "
                                                      "complex=2>.")
        x = K.as_work("InverseSpectrogram", x)
        return S.inverse_spectrogram(x, self.length, self.n_fft, self.win_length, self.hop_length, self.pad,
                                     self.window, self.normalized, self.center, self.onesided)


class GriffinLim(AudioTensorOperation):
    """Waveform from a magnitude spectrogram by the Griffin-Lim algorithm."""

    def __init__(self, n_fft=400, n_iter=32, win_length=None, hop_length=None, window_type=WindowType.HANN, power=2.0,
                 momentum=0.99, length=None, rand_init=True):
        check_pos_int32(n_fft, "n_fft")
        check_pos_int32(n_iter, "n_iter")
        if win_length is not None:
            check_non_negative_int32(win_length, "win_length")
            if win_length > n_fft:
                raise ValueError(f"Input win_length should be no more than n_fft, but got win_length: {win_length} "
                                 f"and n_fft: {n_fft}.")
        if hop_length is not None:
            check_non_negative_int32(hop_length, "hop_length")
        type_check(window_type, (WindowType,), "window_type")
        type_check(power, (int, float), "power")
        check_pos_float32(power, "power")
        type_check(momentum, (int, float), "momentum")
        check_non_negative_float32(momentum, "momentum")
        if length is not None:
            check_non_negative_int32(length, "length")
        type_check(rand_init, (bool,), "rand_init")
        self.n_fft, self.n_iter = n_fft, n_iter
        self.win_length = win_length if win_length else n_fft
        self.hop_length = hop_length if hop_length else self.win_length // 2
        self.window_type, self.power, self.momentum = window_type, power, momentum
        self.length = length if length else 0
        self.rand_init = rand_init

    def _apply(self, x):
        K.check_rank("GriffinLim", x, 2, "<..., freq, time>")
        x = K.as_work("GriffinLim", x)
        if x.shape[-2] != self.n_fft // 2 + 1:
            raise K.audio_error("GriffinLim", f"the frequency of the input should equal to n_fft / 2 + 1, but got "
                                              f"{x.shape[-2]}.")
        if self.momentum >= 1:
            raise K.audio_error("GriffinLim", f"momentum equal to or greater than 1 can be unstable, but got: "
                                              f"{self.momentum}")
        # MindSpore passes momentum / (1 + momentum) to a kernel that scales by m / (1 + m) again
        m = np.float32(self.momentum)
        m = np.float32(m / (np.float32(1) + m))
        return S.griffin_lim(x, self.n_fft, self.n_iter, self.win_length, self.hop_length, self.window_type,
                             _f32(self.power), float(m), self.length, self.rand_init, _np_rng())


class TimeStretch(AudioTensorOperation):
    """Stretch a complex spectrogram (..., freq, time, 2) in time by ``fixed_rate`` (phase vocoder)."""

    def __init__(self, hop_length=None, n_freq=201, fixed_rate=None):
        _check_hop_length(hop_length)
        check_pos_int32(n_freq, "n_freq")
        if fixed_rate is not None:
            type_check(fixed_rate, (int, float), "fixed_rate")
            check_pos_float32(fixed_rate, "fixed_rate")
        self.n_freq = n_freq
        self.hop_length = hop_length if hop_length is not None else (n_freq - 1) * 2 // 2
        self.fixed_rate = fixed_rate if fixed_rate is not None else 1

    def _apply(self, x):
        if x.ndim < 3 or x.shape[-1] != 2:
            raise K.audio_error("TimeStretch", "the shape of input tensor does not match the requirement of operator. "
                                               "Expecting tensor in shape of <..., freq, num_frame, complex=2>.")
        if x.dtype.kind not in "biuf":
            raise K.audio_error("TimeStretch", "the data type of input tensor does not match the requirement of "
                                               "operator. Expecting tensor in type of [int, float, double].")
        x = x.astype(K.work_dtype(x))
        pa = linspace(0, math.pi * self.hop_length, self.n_freq, x.dtype)
        return S.time_stretch(x, _f32(self.fixed_rate), pa)


class PhaseVocoder(AudioTensorOperation):
    """Phase vocoder speed-up by ``rate`` of a complex spectrogram, with the given ``phase_advance``."""

    def __init__(self, rate, phase_advance):
        type_check(rate, (int, float), "rate")
        check_pos_float32(rate, "rate")
        type_check(phase_advance, (np.ndarray,), "phase_advance")
        self.rate, self.phase_advance = rate, phase_advance

    def _apply(self, x):
        if x.ndim < 3 or x.shape[-1] != 2:
            raise K.audio_error("PhaseVocoder", "the shape of input tensor does not match the requirement of "
                                                "operator. Expecting tensor in shape of <..., freq, num_frame, "
                                                "complex=2>.")
        K.check_numeric("PhaseVocoder", x)
        if self.phase_advance.shape[0] != x.shape[-3]:
            raise K.audio_error("PhaseVocoder", "invalid parameter, first dimension of 'phase_advance' should be "
                                                "equal to freq dimension length of input tensor.")
        if self.phase_advance.dtype != x.dtype:
            raise K.audio_error("PhaseVocoder", f"invalid parameter, data type of phase_advance should be equal to "
                                                f"data type of input tensor, but got: data type of phase_advance "
                                                f"{self.phase_advance.dtype} while data type of input tensor "
                                                f"{x.dtype}.")
        x = x.astype(K.work_dtype(x))
        return S.time_stretch(x, _f32(self.rate), self.phase_advance.astype(x.dtype))


class ComputeDeltas(AudioTensorOperation):
    """Delta coefficients of a (..., freq, time) spectrogram."""

    def __init__(self, win_length=5, pad_mode=BorderType.EDGE):
        type_check(pad_mode, (BorderType,), "pad_mode")
        type_check(win_length, (int,), "win_length")
        check_value(win_length, (3, INT32_MAX), "win_length")
        self.win_len, self.pad_mode = win_length, pad_mode

    def _apply(self, x):
        K.check_rank("ComputeDeltas", x, 2, "<..., freq, time>")
        x = K.as_work("ComputeDeltas", x)
        n = (self.win_len - 1) // 2
        denom = n * (n + 1) * (2 * n + 1) // 3
        padded = K.pad_last(x.reshape(-1, x.shape[-1]), n, n, self.pad_mode).astype(np.float64)
        frames = x.shape[-1]
        out = sum(k * padded[:, n + k:n + k + frames] for k in range(-n, n + 1)) / denom
        return out.astype(x.dtype).reshape(x.shape)


class SlidingWindowCmn(AudioTensorOperation):
    """Sliding-window cepstral mean (and variance) normalization along the frame axis (-2)."""

    def __init__(self, cmn_window=600, min_cmn_window=100, center=False, norm_vars=False):
        check_non_negative_int32(cmn_window, "cmn_window")
        check_non_negative_int32(min_cmn_window, "min_cmn_window")
        type_check(center, (bool,), "center")
        type_check(norm_vars, (bool,), "norm_vars")
        self.cmn_window, self.min_cmn_window, self.center, self.norm_vars = (cmn_window, min_cmn_window, center,
                                                                             norm_vars)

    def _apply(self, x):
        K.check_rank("SlidingWindowCmn", x, 2, "<..., freq, time>")
        x = K.as_work("SlidingWindowCmn", x)
        return S.sliding_window_cmn(x, self.cmn_window, self.min_cmn_window, self.center, self.norm_vars)


class DetectPitchFrequency(AudioTensorOperation):
    """Pitch (Hz) of each frame by normalized cross-correlation and median smoothing."""

    def __init__(self, sample_rate, frame_time=0.01, win_length=30, freq_low=85, freq_high=3400):
        _int32_not_zero(sample_rate, "sample_rate")
        check_pos_float32(frame_time, "frame_time")
        check_pos_int32(win_length, "win_length")
        type_check(freq_low, (int, float), "freq_low")
        check_pos_float32(freq_low, "freq_low")
        type_check(freq_high, (int, float), "freq_high")
        check_pos_float32(freq_high, "freq_high")
        self.sample_rate, self.frame_time, self.win_length = sample_rate, frame_time, win_length
        self.freq_low, self.freq_high = freq_low, freq_high

    def _apply(self, x):
        K.check_rank("DetectPitchFrequency", x, 1, "<..., time>")
        K.check_float("DetectPitchFrequency", x)
        xs = x if x.dtype != np.float16 else x.astype(np.float32)
        return S.detect_pitch_frequency(xs, self.sample_rate, _f32(self.frame_time), self.win_length,
                                        int(self.freq_low), int(self.freq_high))


class Resample(AudioTensorOperation):
    """Resample from ``orig_freq`` to ``new_freq`` with a windowed-sinc filter."""

    def __init__(self, orig_freq=16000, new_freq=16000, resample_method=ResampleMethod.SINC_INTERPOLATION,
                 lowpass_filter_width=6, rolloff=0.99, beta=None):
        check_pos_float32(orig_freq, "orig_freq")
        check_pos_float32(new_freq, "new_freq")
        type_check(resample_method, (ResampleMethod,), "resample_method")
        check_pos_int32(lowpass_filter_width, "lowpass_filter_width")
        type_check(rolloff, (float,), "rolloff")
        check_value(rolloff, (0, 1.0), "rolloff", left_open=True)
        self.orig_freq, self.new_freq, self.resample_method = orig_freq, new_freq, resample_method
        self.lowpass_filter_width, self.rolloff = lowpass_filter_width, rolloff
        self.beta = beta if beta is not None else 14.769656459379492

    def _apply(self, x):
        if abs(_f32(self.orig_freq) - _f32(self.new_freq)) <= np.finfo(np.float32).eps:
            return x.copy()
        x = _waveform("Resample", x)
        return S.resample(x, _f32(self.orig_freq), _f32(self.new_freq),
                          self.resample_method == ResampleMethod.KAISER_WINDOW, self.lowpass_filter_width,
                          _f32(self.rolloff), _f32(self.beta))


class PitchShift(AudioTensorOperation):
    """Shift the pitch by ``n_steps`` steps of ``bins_per_octave`` per octave (time stretch + resample)."""

    def __init__(self, sample_rate, n_steps, bins_per_octave=12, n_fft=512, win_length=None, hop_length=None,
                 window=WindowType.HANN):
        check_non_negative_int32(sample_rate, "sample_rate")
        check_int32(n_steps, "n_steps")
        _int32_not_zero(bins_per_octave, "bins_per_octave")
        check_pos_int32(n_fft, "n_fft")
        type_check(window, (WindowType,), "window")
        _check_win_length(win_length, n_fft)
        _check_hop_length(hop_length)
        self.sample_rate, self.n_steps, self.bins_per_octave, self.n_fft = (sample_rate, n_steps, bins_per_octave,
                                                                            n_fft)
        self.win_length = win_length if win_length is not None else n_fft
        self.hop_length = hop_length if hop_length is not None else self.win_length // 4
        self.window = window

    def _apply(self, x):
        x = _waveform("PitchShift", x)
        return S.pitch_shift(x, self.sample_rate, self.n_steps, self.bins_per_octave, self.n_fft, self.win_length,
                             self.hop_length, self.window)


# ---------------------------------------------------------------------------------------
# modulation effects


class Flanger(AudioTensorOperation):
    """Flanger effect on a (..., channel, time) waveform."""

    def __init__(self, sample_rate, delay=0.0, depth=2.0, regen=0.0, width=71.0, speed=0.5, phase=25.0,
                 modulation=Modulation.SINUSOIDAL, interpolation=Interpolation.LINEAR):
        _int32_not_zero(sample_rate, "sample_rate")
        for v, n, lo, hi in ((delay, "delay", 0, 30), (depth, "depth", 0, 10), (regen, "regen", -95, 95),
                             (width, "width", 0, 100), (speed, "speed", 0.1, 10), (phase, "phase", 0, 100)):
            type_check(v, (float, int), n)
            check_value(v, (lo, hi), n)
        type_check(modulation, (Modulation,), "modulation")
        type_check(interpolation, (Interpolation,), "interpolation")
        self.sample_rate, self.delay, self.depth, self.regen = sample_rate, delay, depth, regen
        self.width, self.speed, self.phase = width, speed, phase
        self.modulation, self.interpolation = modulation, interpolation

    def _apply(self, x):
        K.check_rank("Flanger", x, 2, "<..., channel, time>")
        K.check_numeric("Flanger", x)
        in_dtype = x.dtype
        wf = x.astype(np.float64 if x.dtype == np.float64 else np.float32)
        dtype = wf.dtype
        t = dtype.type
        shape = wf.shape
        w = wf.reshape(-1, shape[-2], shape[-1])
        sr = self.sample_rate
        feedback_gain = t(np.float32(self.regen)) / t(100)
        delay_gain = t(np.float32(self.width)) / t(100)
        channel_phase = t(np.float32(self.phase)) / t(100)
        delay_min = t(np.float32(self.delay)) / t(1000)
        delay_depth = t(np.float32(self.depth)) / t(1000)
        in_gain = t(1.0 / (1 + delay_gain))
        delay_gain = t(delay_gain / (1 + delay_gain))
        delay_gain = t(delay_gain * (1 - abs(feedback_gain)))
        buf_len = int((delay_min + delay_depth) * sr + 0.5) + 2
        lfo_len = int(sr / np.float32(self.speed))
        table_min = math.floor(delay_min * sr + 0.5)
        table_max = buf_len - 2.0
        lfo = K.wave_table(self.modulation == Modulation.SINUSOIDAL, lfo_len, table_min, table_max,
                           3 * math.pi / 2, False)
        n_batch, n_ch, time = w.shape
        bufs = np.zeros((n_batch, n_ch, buf_len), dtype)
        last = np.zeros((n_batch, n_ch), dtype)
        out = np.zeros_like(w)
        pos, lfo_pos = 0, 0
        phases = [int(j * lfo_len * channel_phase + 0.5) for j in range(n_ch)]
        ch = np.arange(n_ch)
        for i in range(time):
            pos = (pos + buf_len - 1) % buf_len
            d = np.array([lfo[(lfo_pos + phases[j]) % lfo_len] for j in range(n_ch)], np.float32).astype(dtype)
            frac = (d - d.astype(np.int64)).astype(dtype)
            idelay = np.floor(d).astype(np.int64)
            bufs[:, :, pos] = (w[:, :, i] + last * feedback_gain).astype(dtype)
            va = bufs[:, ch, (pos + idelay) % buf_len]
            vb = bufs[:, ch, (pos + idelay + 1) % buf_len]
            if self.interpolation == Interpolation.LINEAR:
                delayed = (va + (vb - va) * frac).astype(dtype)
            else:
                vc = bufs[:, ch, (pos + idelay + 2) % buf_len]
                vc = (vc - va).astype(dtype)
                vb2 = (vb - va).astype(dtype)
                coef = (vc * t(0.5) - vb2).astype(dtype)
                val = (vb2 * t(2) - vc * t(0.5)).astype(dtype)
                delayed = (va + (coef * frac + val) * frac).astype(dtype)
            last = delayed
            out[:, :, i] = (w[:, :, i] * in_gain + delayed * delay_gain).astype(dtype)
            lfo_pos = (lfo_pos + 1) % lfo_len
        out = np.clip(out, -1, 1).reshape(shape)
        return out.astype(in_dtype)


class Phaser(AudioTensorOperation):
    """Phaser effect."""

    def __init__(self, sample_rate, gain_in=0.4, gain_out=0.74, delay_ms=3.0, decay=0.4, mod_speed=0.5,
                 sinusoidal=True):
        check_int32(sample_rate, "sample_rate")
        for v, n, lo, hi in ((gain_in, "gain_in", 0, 1), (gain_out, "gain_out", 0, 1e9), (delay_ms, "delay_ms", 0, 5.0),
                             (decay, "decay", 0, 0.99), (mod_speed, "mod_speed", 0.1, 2)):
            type_check(v, (float, int), n)
            check_value(v, (lo, hi), n)
        type_check(sinusoidal, (bool,), "sinusoidal")
        self.sample_rate, self.gain_in, self.gain_out, self.delay_ms = sample_rate, gain_in, gain_out, delay_ms
        self.decay, self.mod_speed, self.sinusoidal = decay, mod_speed, sinusoidal

    def _apply(self, x):
        K.check_rank("Phaser", x, 1, "<..., time>")
        x = K.as_work("Phaser", x)
        dtype = x.dtype
        t = dtype.type
        shape = x.shape
        flat = (x.reshape(-1, shape[-1]) * t(np.float32(self.gain_in))).astype(dtype)
        sr = self.sample_rate
        buf_len = int(np.float32(self.delay_ms) * 0.001 * sr + 0.5)
        mod_len = int(sr / np.float32(self.mod_speed) + 0.5)
        mod = K.wave_table(self.sinusoidal, mod_len, 1.0, float(buf_len), math.pi / 2, True)
        decay = t(np.float32(self.decay))
        delay = np.zeros((flat.shape[0], max(buf_len, 1)), dtype)
        out = np.zeros_like(flat)
        dpos, mpos = 0, 0
        for i in range(flat.shape[1]):
            idx = int((dpos + mod[mpos]) % buf_len)
            mpos = (mpos + 1) % mod_len
            dpos = (dpos + 1) % buf_len
            out[:, i] = (flat[:, i] + delay[:, idx]).astype(dtype)
            delay[:, dpos] = ((flat[:, i] + delay[:, idx]) * decay).astype(dtype)
        out = (out * t(np.float32(self.gain_out))).astype(dtype)
        out = np.clip(out.astype(np.float32), -1.0, 1.0).astype(dtype)
        return out.reshape(shape)


class Vad(AudioTensorOperation):
    """Voice activity detection: trim the silence before the first voice of the recording."""

    def __init__(self, sample_rate, trigger_level=7.0, trigger_time=0.25, search_time=1.0, allowed_gap=0.25,
                 pre_trigger_time=0.0, boot_time=0.35, noise_up_time=0.1, noise_down_time=0.01,
                 noise_reduction_amount=1.35, measure_freq=20.0, measure_duration=None, measure_smooth_time=0.4,
                 hp_filter_freq=50.0, lp_filter_freq=6000.0, hp_lifter_freq=150.0, lp_lifter_freq=2000.0):
        check_pos_int32(sample_rate, "sample_rate")
        type_check(trigger_level, (int, float), "trigger_level")
        check_float32(trigger_level, "trigger_level")
        for v, n in ((trigger_time, "trigger_time"), (search_time, "search_time"), (allowed_gap, "allowed_gap"),
                     (pre_trigger_time, "pre_trigger_time"), (boot_time, "boot_time"),
                     (noise_up_time, "noise_up_time"), (noise_down_time, "noise_down_time")):
            type_check(v, (int, float), n)
            check_non_negative_float32(v, n)
        if noise_up_time < noise_down_time:
            raise ValueError(f"Input noise_up_time should be greater than noise_down_time, but got noise_up_time: "
                             f"{noise_up_time} and noise_down_time: {noise_down_time}.")
        type_check(noise_reduction_amount, (int, float), "noise_reduction_amount")
        check_non_negative_float32(noise_reduction_amount, "noise_reduction_amount")
        type_check(measure_freq, (int, float), "measure_freq")
        check_pos_float32(measure_freq, "measure_freq")
        if measure_duration:
            type_check(measure_duration, (int, float), "measure_duration")
            check_non_negative_float32(measure_duration, "measure_duration")
        type_check(measure_smooth_time, (int, float), "measure_smooth_time")
        check_non_negative_float32(measure_smooth_time, "measure_smooth_time")
        for v, n in ((hp_filter_freq, "hp_filter_freq"), (lp_filter_freq, "lp_filter_freq"),
                     (hp_lifter_freq, "hp_lifter_freq"), (lp_lifter_freq, "lp_lifter_freq")):
            type_check(v, (int, float), n)
            check_pos_float32(v, n)
        self.sample_rate, self.trigger_level, self.trigger_time = sample_rate, trigger_level, trigger_time
        self.search_time, self.allowed_gap, self.pre_trigger_time = search_time, allowed_gap, pre_trigger_time
        self.boot_time, self.noise_up_time, self.noise_down_time = boot_time, noise_up_time, noise_down_time
        self.noise_reduction_amount, self.measure_freq = noise_reduction_amount, measure_freq
        self.measure_duration = measure_duration if measure_duration else 2.0 / measure_freq
        self.measure_smooth_time, self.hp_filter_freq = measure_smooth_time, hp_filter_freq
        self.lp_filter_freq, self.hp_lifter_freq, self.lp_lifter_freq = lp_filter_freq, hp_lifter_freq, lp_lifter_freq

    def _apply(self, x):
        K.check_rank("Vad", x, 1, "<..., time>")
        x = K.as_work("Vad", x)
        return vad(x, self)
