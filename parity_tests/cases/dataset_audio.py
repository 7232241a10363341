"""``dataset.audio`` against real MindSpore: every transform called eagerly on numpy waveforms /
spectrograms (values, dtypes, shapes), the filter-bank utilities, bad arguments and bad inputs, and
transforms inside ``map`` pipelines. Random transforms are compared by dtype and shape."""
import importlib
import os
import shutil
import tempfile

import numpy as np

from parity_tests.harness import Raw, case


def A(ms):
    return importlib.import_module(ms.__name__ + ".dataset.audio")


def DS(ms):
    return importlib.import_module(ms.__name__ + ".dataset")


_rs = np.random.RandomState(2024)
WAVE = (_rs.uniform(-0.5, 0.5, (2, 200))).astype(np.float32)          # 2 channels, 200 samples
WAVE64 = WAVE.astype(np.float64)
WAVE1 = WAVE[0].copy()
LOUD = (_rs.uniform(-1.5, 1.5, (2, 64))).astype(np.float32)
SPEC = _rs.uniform(0.01, 2.0, (2, 9, 7)).astype(np.float32)              # (channel, freq, time)
CPLX = _rs.uniform(-1, 1, (9, 6, 2)).astype(np.float32)                 # (freq, time, complex)
CPLX3 = _rs.uniform(-1, 1, (2, 9, 6, 2)).astype(np.float32)
_t = np.arange(1600) / 8000.0
TONE = (0.5 * np.sin(2 * np.pi * 220 * _t) + 0.2 * np.sin(2 * np.pi * 440 * _t)).astype(np.float32)[None]
INTWAVE = _rs.randint(-100, 100, (2, 50)).astype(np.int32)
_t16 = np.arange(16000) / 16000.0
TONE16K = (0.4 * np.sin(2 * np.pi * 180 * _t16) + 0.1 * np.sin(2 * np.pi * 1200 * _t16)).astype(np.float32)[None]


def _c(name, fn, *inputs, **kw):
    return case("audio." + name, fn, *inputs, **kw)


def _call(make, x):
    # a fresh copy per call: MindSpore's eager kernels may write into the array they are given
    return lambda ms: make(A(ms))(np.array(x, copy=True))


def _val(name, make, x, **kw):
    return _c(name, _call(make, x), **kw)


def _err(name, fn):
    return _c(name, fn, error=True)


def _bad_init(name, make):
    return _c(name, lambda ms: make(A(ms)), error=True)


def _pipe(ms, arrays, ops, out_cols=None):
    ds = DS(ms)
    d = ds.NumpySlicesDataset(arrays, ["audio"], shuffle=False)
    d = d.map(operations=ops, input_columns=["audio"], output_columns=out_cols)
    return [tuple(r) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def _mk(a):
    return {"n_fft": 32, "win_length": 32, "hop_length": 16, "f_min": 0.0, "f_max": 4000, "pad": 0, "n_mels": 8,
            "window": a.WindowType.HANN, "power": 2.0, "normalized": False, "center": True,
            "pad_mode": a.BorderType.REFLECT, "onesided": True, "norm": a.NormType.NONE, "mel_scale": a.MelType.HTK}


BIQUADS = [
    ("AllpassBiquad", lambda a: a.AllpassBiquad(8000, 1000.0), lambda a: a.AllpassBiquad(8000, 1000.0, Q=0.9)),
    ("BandBiquad", lambda a: a.BandBiquad(8000, 1200.0), lambda a: a.BandBiquad(8000, 1200.0, noise=True)),
    ("BandpassBiquad", lambda a: a.BandpassBiquad(8000, 900.0),
     lambda a: a.BandpassBiquad(8000, 900.0, 0.5, const_skirt_gain=True)),
    ("BandrejectBiquad", lambda a: a.BandrejectBiquad(8000, 1500.0), lambda a: a.BandrejectBiquad(16000, 300, 0.9)),
    ("BassBiquad", lambda a: a.BassBiquad(8000, 6.0), lambda a: a.BassBiquad(8000, -3.5, 250.0, 0.5)),
    ("TrebleBiquad", lambda a: a.TrebleBiquad(8000, 4.0), lambda a: a.TrebleBiquad(16000, -6.0, 2500.0, 0.9)),
    ("EqualizerBiquad", lambda a: a.EqualizerBiquad(8000, 1000.0, 5.0),
     lambda a: a.EqualizerBiquad(8000, 300.0, -4.0, 0.3)),
    ("HighpassBiquad", lambda a: a.HighpassBiquad(8000, 500.0), lambda a: a.HighpassBiquad(16000, 60, 0.9)),
    ("LowpassBiquad", lambda a: a.LowpassBiquad(8000, 500.0), lambda a: a.LowpassBiquad(16000, 3000.5, 0.3)),
    ("Biquad", lambda a: a.Biquad(0.4, 0.2, 0.1, 1.0, -0.3, 0.05), lambda a: a.Biquad(1, 0, -1, 2.0, 0.5, 0.25)),
    ("DeemphBiquad", lambda a: a.DeemphBiquad(44100), lambda a: a.DeemphBiquad(48000)),
    ("RiaaBiquad", lambda a: a.RiaaBiquad(44100), lambda a: a.RiaaBiquad(96000)),
]

CASES = []
for _n, _m1, _m2 in BIQUADS:
    CASES += [
        _val(f"{_n}/f32", _m1, WAVE, rtol=1e-4, atol=1e-5),
        _val(f"{_n}/f64_args2", _m2, WAVE64, rtol=1e-7, atol=1e-9),
        _val(f"{_n}/1d_loud", _m2, LOUD[0].copy(), rtol=1e-4, atol=1e-5),
        _val(f"{_n}/f16_shape", _m1, WAVE.astype(np.float16), check_values=False),
        _err(f"{_n}/bad_int_input", _call(_m1, INTWAVE)),
    ]

CASES += [
    # ---- biquad argument checks
    _bad_init("AllpassBiquad/bad_q_zero", lambda a: a.AllpassBiquad(8000, 100.0, 0)),
    _bad_init("AllpassBiquad/bad_q_big", lambda a: a.AllpassBiquad(8000, 100.0, 1.5 + 0)),
    _bad_init("BandBiquad/bad_sample_rate_zero", lambda a: a.BandBiquad(0, 100.0)),
    _bad_init("BandBiquad/bad_sample_rate_float", lambda a: a.BandBiquad(8000.0, 100.0)),
    _bad_init("BandBiquad/bad_noise", lambda a: a.BandBiquad(8000, 100.0, noise=1)),
    _bad_init("BandpassBiquad/bad_freq_type", lambda a: a.BandpassBiquad(8000, "100")),
    _bad_init("BassBiquad/bad_gain", lambda a: a.BassBiquad(8000, "6")),
    _bad_init("Biquad/bad_a0_zero", lambda a: a.Biquad(1, 1, 1, 0, 1, 1)),
    _bad_init("Biquad/bad_b0_type", lambda a: a.Biquad(None, 1, 1, 1, 1, 1)),
    _bad_init("DeemphBiquad/bad_rate", lambda a: a.DeemphBiquad(16000)),
    _bad_init("RiaaBiquad/bad_rate", lambda a: a.RiaaBiquad(22050)),
    _bad_init("HighpassBiquad/bad_cutoff_range", lambda a: a.HighpassBiquad(8000, 1e9)),
    # ---- LFilter / Filtfilt
    _val("LFilter/clamp", lambda a: a.LFilter([1.0, -0.5, 0.2], [0.3, 0.6, 0.1]), LOUD, rtol=1e-4, atol=1e-5),
    _val("LFilter/no_clamp", lambda a: a.LFilter([1.0, -0.5, 0.2], [0.3, 0.6, 0.1], False), LOUD, rtol=1e-4,
         atol=1e-5),
    _val("LFilter/a0_norm_f64", lambda a: a.LFilter([2.0, 0.4], [1.0, 0.5]), WAVE64, rtol=1e-7, atol=1e-9),
    _val("LFilter/3d", lambda a: a.LFilter((1.0, 0.1), (0.5, 0.2)), SPEC, rtol=1e-4, atol=1e-5),
    _val("Filtfilt/basic", lambda a: a.Filtfilt([1.0, -0.5, 0.2], [0.3, 0.6, 0.1]), WAVE, rtol=1e-4, atol=1e-5),
    _val("Filtfilt/no_clamp_f64", lambda a: a.Filtfilt([1.0, 0.3], [0.5, 0.5], False), WAVE64, rtol=1e-7, atol=1e-9),
    _err("LFilter/bad_int_input", _call(lambda a: a.LFilter([1.0, 0.1], [0.5, 0.2]), INTWAVE)),
    _err("LFilter/bad_a0_zero_call", _call(lambda a: a.LFilter([0.0, 0.1], [0.5, 0.2]), WAVE)),
    _bad_init("LFilter/bad_len_mismatch", lambda a: a.LFilter([1.0, 0.1], [0.5])),
    _bad_init("LFilter/bad_coeff_type", lambda a: a.LFilter([1.0, "x"], [0.5, 0.1])),
    _bad_init("LFilter/bad_clamp", lambda a: a.LFilter([1.0], [0.5], clamp=1)),
    _bad_init("Filtfilt/bad_coeffs_type", lambda a: a.Filtfilt(1.0, [0.5])),
    # ---- AmplitudeToDB / DBToAmplitude
    _val("AmplitudeToDB/power", lambda a: a.AmplitudeToDB(), SPEC),
    _val("AmplitudeToDB/magnitude_topdb", lambda a: a.AmplitudeToDB(a.ScaleType.MAGNITUDE, 0.5, 1e-5, 10.0), SPEC),
    _val("AmplitudeToDB/2d_f64", lambda a: a.AmplitudeToDB(top_db=20), SPEC[0].astype(np.float64)),
    _val("AmplitudeToDB/int_input", lambda a: a.AmplitudeToDB(), np.arange(1, 13, dtype=np.int32).reshape(3, 4)),
    _val("AmplitudeToDB/4d", lambda a: a.AmplitudeToDB(ref_value=2.0, top_db=3.0), np.stack([SPEC, SPEC * 3])),
    _err("AmplitudeToDB/bad_rank1", _call(lambda a: a.AmplitudeToDB(), WAVE1)),
    _bad_init("AmplitudeToDB/bad_stype", lambda a: a.AmplitudeToDB("power")),
    _bad_init("AmplitudeToDB/bad_amin", lambda a: a.AmplitudeToDB(amin=0)),
    _bad_init("AmplitudeToDB/bad_top_db", lambda a: a.AmplitudeToDB(top_db=-1.0)),
    _val("DBToAmplitude/basic", lambda a: a.DBToAmplitude(0.5, 0.5), SPEC * 10),
    _val("DBToAmplitude/f64", lambda a: a.DBToAmplitude(2, 1), SPEC.astype(np.float64)),
    _bad_init("DBToAmplitude/bad_ref", lambda a: a.DBToAmplitude("1", 1.0)),
    # ---- Angle / ComplexNorm / Magphase
    _val("Angle/basic", lambda a: a.Angle(), CPLX),
    _val("Angle/f64", lambda a: a.Angle(), CPLX.astype(np.float64)),
    _val("Angle/int", lambda a: a.Angle(), np.array([[1, 1], [-2, 0], [0, -3]], np.int32)),
    _err("Angle/bad_last_dim", _call(lambda a: a.Angle(), SPEC)),
    _val("ComplexNorm/default", lambda a: a.ComplexNorm(), CPLX),
    _val("ComplexNorm/power2_f64", lambda a: a.ComplexNorm(2.0), CPLX3.astype(np.float64)),
    _val("ComplexNorm/int", lambda a: a.ComplexNorm(0.5), np.array([[3, 4], [6, 8]], np.int32)),
    _err("ComplexNorm/bad_last_dim", _call(lambda a: a.ComplexNorm(), SPEC)),
    _bad_init("ComplexNorm/bad_power", lambda a: a.ComplexNorm(-1.0)),
    _val("Magphase/basic", lambda a: a.Magphase(), CPLX),
    _val("Magphase/power", lambda a: a.Magphase(2.0), CPLX3.astype(np.float64)),
    _bad_init("Magphase/bad_power_type", lambda a: a.Magphase("1")),
    # ---- Contrast / DCShift / Gain / Vol / Overdrive
    _val("Contrast/default", lambda a: a.Contrast(), WAVE),
    _val("Contrast/f64", lambda a: a.Contrast(10), WAVE64),
    _bad_init("Contrast/bad_amount", lambda a: a.Contrast(101)),
    _val("DCShift/plain", lambda a: a.DCShift(0.3), LOUD),
    _val("DCShift/limiter_pos", lambda a: a.DCShift(0.5, 0.05), LOUD),
    _val("DCShift/limiter_neg", lambda a: a.DCShift(-0.4, 0.1), LOUD.astype(np.float64)),
    _bad_init("DCShift/bad_shift", lambda a: a.DCShift(2.5)),
    _val("Gain/positive", lambda a: a.Gain(3.0), WAVE),
    _val("Gain/zero", lambda a: a.Gain(0), WAVE64),
    _val("Gain/int", lambda a: a.Gain(-2.0), INTWAVE),
    _bad_init("Gain/bad_type", lambda a: a.Gain("3")),
    _val("Vol/amplitude", lambda a: a.Vol(1.8), WAVE),
    _val("Vol/db", lambda a: a.Vol(-6.0, a.GainType.DB), LOUD),
    _val("Vol/power", lambda a: a.Vol(0.5, a.GainType.POWER), LOUD.astype(np.float64)),
    _bad_init("Vol/bad_amplitude_neg", lambda a: a.Vol(-1.0)),
    _bad_init("Vol/bad_power_zero", lambda a: a.Vol(0, a.GainType.POWER)),
    _bad_init("Vol/bad_gain_type", lambda a: a.Vol(1.0, "db")),
    _val("Overdrive/default", lambda a: a.Overdrive(), WAVE),
    # float64 results agree to ~2e-8 near the soft-clipping knee (MindSpore's compiled multiply-adds)
    _val("Overdrive/args_f64", lambda a: a.Overdrive(40.0, 5.0), WAVE64, rtol=1e-7, atol=1e-7),
    _bad_init("Overdrive/bad_gain", lambda a: a.Overdrive(gain=101)),
    # ---- MuLaw
    _val("MuLawEncoding/default", lambda a: a.MuLawEncoding(), WAVE),
    _val("MuLawEncoding/f64_16", lambda a: a.MuLawEncoding(16), LOUD.astype(np.float64)),
    _val("MuLawDecoding/default", lambda a: a.MuLawDecoding(), np.arange(0, 256, 17, dtype=np.int32)),
    _val("MuLawDecoding/f64", lambda a: a.MuLawDecoding(64), np.arange(0, 64, 5).astype(np.float64)),
    _bad_init("MuLawEncoding/bad_channels", lambda a: a.MuLawEncoding(0)),
    _bad_init("MuLawDecoding/bad_channels_type", lambda a: a.MuLawDecoding(2.5)),
    # ---- Fade
    *[_val(f"Fade/{s.lower()}", lambda a, s=s: a.Fade(40, 60, getattr(a.FadeShape, s)), WAVE)
      for s in ("LINEAR", "EXPONENTIAL", "LOGARITHMIC", "QUARTER_SINE", "HALF_SINE")],
    _val("Fade/int_in", lambda a: a.Fade(10, 0), INTWAVE),
    _val("Fade/f64_overlap", lambda a: a.Fade(150, 150, a.FadeShape.HALF_SINE), WAVE64),
    _err("Fade/bad_too_long", _call(lambda a: a.Fade(300, 0), WAVE)),
    _bad_init("Fade/bad_shape", lambda a: a.Fade(1, 1, "linear")),
    _bad_init("Fade/bad_len", lambda a: a.Fade(-1)),
    # ---- Dither (random)
    _val("Dither/tpdf_shape", lambda a: a.Dither(), WAVE, check_values=False),
    _val("Dither/gpdf_shaping_shape", lambda a: a.Dither(a.DensityFunction.GPDF, True), WAVE64, check_values=False),
    _c("Dither/rpdf_small_change", lambda ms, x: bool(np.max(np.abs(A(ms).Dither(A(ms).DensityFunction.RPDF)(x) - x))
                                                       < 1e-3), Raw(WAVE)),
    _bad_init("Dither/bad_density", lambda a: a.Dither("TPDF")),
    # ---- masks
    _val("FrequencyMasking/fixed", lambda a: a.FrequencyMasking(False, 3, 2, 0.5), SPEC),
    _val("TimeMasking/fixed", lambda a: a.TimeMasking(False, 2, 4, 1.0), SPEC.astype(np.float64)),
    _val("TimeMasking/int", lambda a: a.TimeMasking(False, 2, 1), INTWAVE.reshape(2, 5, 10)),
    _val("FrequencyMasking/iid_shape", lambda a: a.FrequencyMasking(True, 3), SPEC, check_values=False),
    _val("TimeMasking/iid_shape", lambda a: a.TimeMasking(True, 3), SPEC, check_values=False),
    _err("FrequencyMasking/bad_param_too_big", _call(lambda a: a.FrequencyMasking(False, 20), SPEC)),
    _err("TimeMasking/bad_start_past_end", _call(lambda a: a.TimeMasking(False, 3, 6), SPEC)),
    _bad_init("FrequencyMasking/bad_iid", lambda a: a.FrequencyMasking(1)),
    _bad_init("TimeMasking/bad_value_neg", lambda a: a.TimeMasking(False, 1, 0, -1.0)),
    _val("MaskAlongAxis/freq", lambda a: a.MaskAlongAxis(1, 3, 9.0, 1), SPEC),
    _val("MaskAlongAxis/time_f64", lambda a: a.MaskAlongAxis(0, 2, -1.0, 2), SPEC.astype(np.float64)),
    _err("MaskAlongAxis/bad_range", _call(lambda a: a.MaskAlongAxis(5, 5, 0.0, 2), SPEC)),
    _err("MaskAlongAxis/bad_rank1", _call(lambda a: a.MaskAlongAxis(0, 1, 0.0, 2), WAVE1)),
    _bad_init("MaskAlongAxis/bad_axis", lambda a: a.MaskAlongAxis(0, 1, 0.0, 3)),
    _bad_init("MaskAlongAxis/bad_width", lambda a: a.MaskAlongAxis(0, 0, 0.0, 1)),
    _val("MaskAlongAxisIID/shape", lambda a: a.MaskAlongAxisIID(3, 0.0, 2), SPEC, check_values=False),
    _c("MaskAlongAxisIID/zero_param_identity", lambda ms, x: A(ms).MaskAlongAxisIID(0, 5.0, 1)(x), Raw(SPEC)),
    _bad_init("MaskAlongAxisIID/bad_axis", lambda a: a.MaskAlongAxisIID(3, 0.0, 0)),
    # ---- Spectrogram family
    _val("Spectrogram/default_small", lambda a: a.Spectrogram(n_fft=32), WAVE, rtol=1e-4, atol=1e-5),
    _val("Spectrogram/hop_win_pad", lambda a: a.Spectrogram(n_fft=32, win_length=20, hop_length=7, pad=3), WAVE,
         rtol=1e-4, atol=1e-5),
    *[_val(f"Spectrogram/window_{w.lower()}", lambda a, w=w: a.Spectrogram(n_fft=16, window=getattr(a.WindowType, w)),
           WAVE1, rtol=1e-4, atol=1e-5) for w in ("BARTLETT", "BLACKMAN", "HAMMING", "HANN", "KAISER")],
    _val("Spectrogram/power1_normalized", lambda a: a.Spectrogram(n_fft=16, power=1.0, normalized=True), WAVE,
         rtol=1e-4, atol=1e-5),
    _val("Spectrogram/complex", lambda a: a.Spectrogram(n_fft=16, power=0.0), WAVE1, rtol=1e-4, atol=1e-5),
    _val("Spectrogram/not_onesided", lambda a: a.Spectrogram(n_fft=16, onesided=False, power=0.0), WAVE1,
         rtol=1e-4, atol=1e-5),
    _val("Spectrogram/no_center", lambda a: a.Spectrogram(n_fft=16, center=False), WAVE, rtol=1e-4, atol=1e-5),
    *[_val(f"Spectrogram/pad_{m.lower()}", lambda a, m=m: a.Spectrogram(n_fft=16, pad_mode=getattr(a.BorderType, m)),
           WAVE1, rtol=1e-4, atol=1e-5) for m in ("CONSTANT", "EDGE", "SYMMETRIC")],
    _val("Spectrogram/f64", lambda a: a.Spectrogram(n_fft=16, hop_length=5), WAVE64, rtol=1e-9, atol=1e-10),
    _val("Spectrogram/int", lambda a: a.Spectrogram(n_fft=8), INTWAVE, rtol=1e-4, atol=1e-3),
    _err("Spectrogram/bad_nfft_too_big", _call(lambda a: a.Spectrogram(n_fft=512, center=False), WAVE)),
    _bad_init("Spectrogram/bad_win_gt_nfft", lambda a: a.Spectrogram(n_fft=16, win_length=20)),
    _bad_init("Spectrogram/bad_window", lambda a: a.Spectrogram(window="hann")),
    _bad_init("Spectrogram/bad_power", lambda a: a.Spectrogram(power=-2.0)),
    _bad_init("Spectrogram/bad_nfft_zero", lambda a: a.Spectrogram(n_fft=0)),
    _val("SpectralCentroid/basic", lambda a: a.SpectralCentroid(8000, n_fft=32), WAVE, rtol=1e-4, atol=1e-3),
    _val("SpectralCentroid/f64", lambda a: a.SpectralCentroid(16000, n_fft=16, hop_length=4), WAVE64, rtol=1e-9,
         atol=1e-8),
    _bad_init("SpectralCentroid/bad_sample_rate", lambda a: a.SpectralCentroid(-1)),
    _val("MelScale/htk", lambda a: a.MelScale(4, 8000, n_stft=9), SPEC, rtol=1e-5, atol=1e-6),
    _val("MelScale/slaney_norm", lambda a: a.MelScale(3, 16000, 100.0, 7000.0, 9, a.NormType.SLANEY,
                                                      a.MelType.SLANEY), SPEC, rtol=1e-5, atol=1e-6),
    _val("MelScale/f64", lambda a: a.MelScale(5, 8000, n_stft=9), SPEC.astype(np.float64), rtol=1e-6, atol=1e-9),
    _bad_init("MelScale/bad_fmin_ge_fmax", lambda a: a.MelScale(4, 8000, 500.0, 400.0)),
    _bad_init("MelScale/bad_nmels", lambda a: a.MelScale(0)),
    _bad_init("MelScale/bad_norm", lambda a: a.MelScale(norm="slaney")),
    _val("MelSpectrogram/small", lambda a: a.MelSpectrogram(8000, n_fft=32, n_mels=6), WAVE, rtol=1e-4, atol=1e-5),
    _val("MelSpectrogram/slaney", lambda a: a.MelSpectrogram(16000, n_fft=32, hop_length=10, n_mels=5, f_min=50.0,
                                                             norm=a.NormType.SLANEY, mel_scale=a.MelType.SLANEY),
         WAVE, rtol=1e-4, atol=1e-7),
    _bad_init("MelSpectrogram/bad_fmin_type", lambda a: a.MelSpectrogram(f_min=0)),
    _bad_init("MelSpectrogram/bad_power_zero", lambda a: a.MelSpectrogram(power=0.0)),
    _bad_init("MFCC/bad_partial_melkwargs", lambda a: a.MFCC(8000, 4, melkwargs={"n_fft": 32, "n_mels": 8})),
    _val("MFCC/small", lambda a: a.MFCC(8000, 4, melkwargs=_mk(a)), WAVE, rtol=1e-4, atol=1e-4),
    _val("MFCC/int_input", lambda a: a.MFCC(8000, 6, melkwargs=_mk(a)), INTWAVE, rtol=1e-4, atol=1e-3),
    _val("MFCC/log_mels_none_norm", lambda a: a.MFCC(8000, 5, norm=a.NormMode.NONE, log_mels=True, melkwargs={
        "n_fft": 32, "win_length": 32, "hop_length": 16, "f_min": 0.0, "f_max": 4000, "pad": 0, "n_mels": 8,
        "window": a.WindowType.HANN, "power": 2.0, "normalized": False, "center": True,
        "pad_mode": a.BorderType.REFLECT, "onesided": True, "norm": a.NormType.NONE, "mel_scale": a.MelType.HTK}),
        WAVE, rtol=1e-4, atol=1e-4),
    _bad_init("MFCC/bad_dct_type", lambda a: a.MFCC(dct_type=3)),
    _bad_init("MFCC/bad_norm", lambda a: a.MFCC(norm="ortho")),
    _val("LFCC/small", lambda a: a.LFCC(8000, 16, 5, speckwargs={
        "n_fft": 32, "win_length": 32, "hop_length": 16, "pad": 0, "window": a.WindowType.HANN, "power": 2.0,
        "normalized": False, "center": True, "pad_mode": a.BorderType.REFLECT, "onesided": True}), WAVE,
        rtol=1e-4, atol=1e-3),
    _val("LFCC/log_lf_hamming", lambda a: a.LFCC(8000, 12, 4, f_min=10.0, f_max=3000.0, log_lf=True, speckwargs={
        "n_fft": 16, "win_length": 16, "hop_length": 8, "pad": 0, "window": a.WindowType.HAMMING, "power": 2.0,
        "normalized": False, "center": True, "pad_mode": a.BorderType.REFLECT, "onesided": True}), WAVE,
        rtol=1e-4, atol=1e-4),
    _bad_init("LFCC/bad_dct_type", lambda a: a.LFCC(dct_type=1)),
    _bad_init("LFCC/bad_fmin_gt_fmax", lambda a: a.LFCC(f_min=500.0, f_max=100.0)),
    # ---- ComputeDeltas / SlidingWindowCmn
    _val("ComputeDeltas/default", lambda a: a.ComputeDeltas(), SPEC),
    _val("ComputeDeltas/win7_reflect_f64", lambda a: a.ComputeDeltas(7, a.BorderType.REFLECT),
         SPEC.astype(np.float64)),
    _val("ComputeDeltas/int", lambda a: a.ComputeDeltas(3, a.BorderType.CONSTANT), INTWAVE.reshape(2, 5, 10)),
    _err("ComputeDeltas/bad_rank1", _call(lambda a: a.ComputeDeltas(), WAVE1)),
    _bad_init("ComputeDeltas/bad_win", lambda a: a.ComputeDeltas(2)),
    _val("SlidingWindowCmn/default", lambda a: a.SlidingWindowCmn(), SPEC),
    _val("SlidingWindowCmn/center_vars", lambda a: a.SlidingWindowCmn(4, 2, True, True), SPEC.astype(np.float64)),
    _val("SlidingWindowCmn/small_window", lambda a: a.SlidingWindowCmn(3, 1), SPEC),
    _bad_init("SlidingWindowCmn/bad_center", lambda a: a.SlidingWindowCmn(center=1)),
    # ---- complex spectrogram transforms
    _val("TimeStretch/rate", lambda a: a.TimeStretch(8, 9, 1.3), CPLX, rtol=1e-4, atol=1e-5),
    _val("TimeStretch/slow_f64", lambda a: a.TimeStretch(4, 9, 0.7), CPLX3.astype(np.float64), rtol=1e-9,
         atol=1e-10),
    _val("TimeStretch/rate1", lambda a: a.TimeStretch(n_freq=9), CPLX),
    _bad_init("TimeStretch/bad_rate", lambda a: a.TimeStretch(fixed_rate=0)),
    _val("PhaseVocoder/f64", lambda a: a.PhaseVocoder(1.5, np.linspace(0, np.pi * 4, 9)[:, None]),
         CPLX.astype(np.float64), rtol=1e-9, atol=1e-10),
    _val("PhaseVocoder/f32", lambda a: a.PhaseVocoder(0.8, np.linspace(0, 3, 9, dtype=np.float32)[:, None]), CPLX3,
         rtol=1e-4, atol=1e-5),
    _err("PhaseVocoder/bad_dtype_mismatch", _call(lambda a: a.PhaseVocoder(1.2, np.zeros((9, 1))), CPLX)),
    _bad_init("PhaseVocoder/bad_phase_type", lambda a: a.PhaseVocoder(1.2, [0.0])),
    _val("InverseSpectrogram/basic", lambda a: a.InverseSpectrogram(n_fft=16), CPLX3, rtol=1e-4, atol=1e-5),
    _val("InverseSpectrogram/length_f64", lambda a: a.InverseSpectrogram(30, n_fft=16, hop_length=4),
         CPLX3.astype(np.float64), rtol=1e-9, atol=1e-10),
    _c("InverseSpectrogram/roundtrip", lambda ms: A(ms).InverseSpectrogram(200, n_fft=32, hop_length=8)(
        A(ms).Spectrogram(n_fft=32, hop_length=8, power=0.0)(WAVE1)), rtol=1e-4, atol=1e-5),
    _bad_init("InverseSpectrogram/bad_win", lambda a: a.InverseSpectrogram(n_fft=8, win_length=9)),
    _val("GriffinLim/no_rand", lambda a: a.GriffinLim(n_fft=16, n_iter=3, rand_init=False), SPEC[0], rtol=1e-4,
         atol=1e-5),
    _val("GriffinLim/momentum0_f64", lambda a: a.GriffinLim(n_fft=16, n_iter=2, momentum=0.0, rand_init=False,
                                                            length=48), SPEC.astype(np.float64), rtol=1e-8, atol=1e-9),
    _val("GriffinLim/rand_shape", lambda a: a.GriffinLim(n_fft=16, n_iter=2), SPEC, check_values=False),
    _err("GriffinLim/bad_freq", _call(lambda a: a.GriffinLim(n_fft=20, n_iter=2), SPEC)),
    _bad_init("GriffinLim/bad_power", lambda a: a.GriffinLim(power=0)),
    _val("GriffinLim/momentum", lambda a: a.GriffinLim(n_fft=16, n_iter=4, momentum=0.5, rand_init=False), SPEC,
         rtol=1e-4, atol=1e-5),
    _err("GriffinLim/bad_momentum_one", _call(lambda a: a.GriffinLim(n_fft=16, n_iter=2, momentum=1.0), SPEC)),
    _val("InverseMelScale/shape", lambda a: a.InverseMelScale(9, 4, 8000, max_iter=20), SPEC[:, :4],
         check_values=False),
    _c("InverseMelScale/nonnegative", lambda ms, x: bool((A(ms).InverseMelScale(9, 4, 8000, max_iter=50)(x) >= 0)
                                                         .all()), Raw(SPEC[:, :4].copy())),
    _err("InverseMelScale/bad_nmels_mismatch", _call(lambda a: a.InverseMelScale(9, 5, 8000, max_iter=5), SPEC)),
    _bad_init("InverseMelScale/bad_max_iter", lambda a: a.InverseMelScale(9, max_iter=0)),
    # ---- resampling / pitch
    _val("Resample/down", lambda a: a.Resample(16000, 8000), WAVE, rtol=1e-4, atol=1e-5),
    _val("Resample/up_ratio", lambda a: a.Resample(8000, 12000), WAVE64, rtol=1e-9, atol=1e-10),
    _val("Resample/kaiser", lambda a: a.Resample(16000, 11025, a.ResampleMethod.KAISER_WINDOW, 4, 0.9, 8.0), WAVE,
         rtol=1e-4, atol=1e-5),
    _val("Resample/same", lambda a: a.Resample(16000, 16000), WAVE, rtol=1e-5, atol=1e-6),
    _bad_init("Resample/bad_rolloff", lambda a: a.Resample(rolloff=1.5)),
    _bad_init("Resample/bad_rolloff_int", lambda a: a.Resample(rolloff=1)),
    # a DC offset keeps the DC bin of every frame away from 0: a float32 DC bin within rounding of 0 has
    # a sign (so a phase, 0 or pi) that depends on the summation order
    _val("PitchShift/up", lambda a: a.PitchShift(8000, 2, n_fft=64), TONE + np.float32(0.05), rtol=1e-3, atol=1e-4),
    _val("PitchShift/down_f64", lambda a: a.PitchShift(8000, -3, n_fft=64, hop_length=16), TONE.astype(np.float64),
         rtol=1e-7, atol=1e-8),
    _bad_init("PitchShift/bad_bins", lambda a: a.PitchShift(8000, 2, 0)),
    _val("DetectPitchFrequency/tone", lambda a: a.DetectPitchFrequency(8000, win_length=3), TONE),
    _val("DetectPitchFrequency/f64", lambda a: a.DetectPitchFrequency(8000, 0.02, 3, 100, 2000),
         np.concatenate([TONE, TONE[:, ::-1]]).astype(np.float64)),
    _err("DetectPitchFrequency/bad_short", _call(lambda a: a.DetectPitchFrequency(8000), WAVE)),
    _err("DetectPitchFrequency/bad_int", _call(lambda a: a.DetectPitchFrequency(8000, win_length=3), INTWAVE)),
    _bad_init("DetectPitchFrequency/bad_rate", lambda a: a.DetectPitchFrequency(0)),
    # ---- effects
    _val("Flanger/default", lambda a: a.Flanger(8000), WAVE, rtol=1e-4, atol=1e-5),
    _val("Flanger/triangular_quadratic_f64", lambda a: a.Flanger(8000, 1.0, 3.0, 20.0, 50.0, 2.0, 60.0,
                                                                 a.Modulation.TRIANGULAR, a.Interpolation.QUADRATIC),
         WAVE64, rtol=1e-6, atol=1e-8),
    _val("Flanger/int_keeps_type", lambda a: a.Flanger(8000), INTWAVE),
    _err("Flanger/bad_rank1", _call(lambda a: a.Flanger(8000), WAVE1)),
    _bad_init("Flanger/bad_delay", lambda a: a.Flanger(8000, delay=31)),
    _bad_init("Flanger/bad_modulation", lambda a: a.Flanger(8000, modulation="sinusoidal")),
    _val("Phaser/default", lambda a: a.Phaser(8000), WAVE, rtol=1e-4, atol=1e-5),
    _val("Phaser/triangular_f64", lambda a: a.Phaser(16000, 0.5, 0.9, 2.0, 0.6, 1.0, False), WAVE64, rtol=1e-6,
         atol=1e-7),
    _bad_init("Phaser/bad_decay", lambda a: a.Phaser(8000, decay=1.0)),
    _bad_init("Phaser/bad_sinusoidal", lambda a: a.Phaser(8000, sinusoidal=0)),
    _val("Vad/long", lambda a: a.Vad(8000), np.tile(WAVE, (1, 60))),
    _val("Vad/short", lambda a: a.Vad(8000), WAVE),
    _val("Vad/trigger_le_zero", lambda a: a.Vad(8000, trigger_level=0.0), np.tile(WAVE64, (1, 40))),
    _val("Vad/pre_trigger", lambda a: a.Vad(16000, pre_trigger_time=0.1, search_time=0.5), np.tile(WAVE, (1, 30))),
    _err("Vad/bad_spectrum", _call(lambda a: a.Vad(8000, hp_filter_freq=5000.0, lp_filter_freq=100.0), WAVE)),
    _bad_init("Vad/bad_noise_times", lambda a: a.Vad(8000, noise_up_time=0.01, noise_down_time=0.1)),
    _bad_init("Vad/bad_measure_freq", lambda a: a.Vad(8000, measure_freq=0)),
    # ---- utilities
    _c("create_dct/none", lambda ms: A(ms).create_dct(3, 4)),
    _c("create_dct/ortho", lambda ms: A(ms).create_dct(5, 7, A(ms).NormMode.ORTHO)),
    _err("create_dct/bad_zero", lambda ms: A(ms).create_dct(0, 4)),
    _err("create_dct/bad_norm", lambda ms: A(ms).create_dct(3, 4, "ortho")),
    _err("create_dct/bad_float", lambda ms: A(ms).create_dct(3.0, 4)),
    _c("melscale_fbanks/htk", lambda ms: A(ms).melscale_fbanks(9, 0.0, 4000.0, 4, 8000)),
    _c("melscale_fbanks/slaney", lambda ms: A(ms).melscale_fbanks(17, 20.0, 7600.0, 6, 16000, A(ms).NormType.SLANEY,
                                                                  A(ms).MelType.SLANEY), rtol=1e-5, atol=1e-6),
    _err("melscale_fbanks/bad_fmin_gt_fmax", lambda ms: A(ms).melscale_fbanks(9, 500.0, 100.0, 4, 8000)),
    _err("melscale_fbanks/bad_mel_type", lambda ms: A(ms).melscale_fbanks(9, 0.0, 100.0, 4, 8000, mel_type="htk")),
    _c("linear_fbanks/basic", lambda ms: A(ms).linear_fbanks(9, 0.0, 4000.0, 5, 8000)),
    _c("linear_fbanks/range", lambda ms: A(ms).linear_fbanks(33, 100.0, 2000.0, 3, 16000)),
    _err("linear_fbanks/bad_n_filter", lambda ms: A(ms).linear_fbanks(9, 0.0, 4000.0, 0, 8000)),
    _err("linear_fbanks/bad_fmax", lambda ms: A(ms).linear_fbanks(9, 0.0, 0.0, 2, 8000)),
    _c("enums/values", lambda ms: [(e.__name__, [(m.name, m.value) for m in e]) for e in (
        A(ms).BorderType, A(ms).DensityFunction, A(ms).FadeShape, A(ms).GainType, A(ms).Interpolation,
        A(ms).MelType, A(ms).Modulation, A(ms).NormMode, A(ms).NormType, A(ms).ResampleMethod, A(ms).ScaleType,
        A(ms).WindowType)]),
    # ---- one second at 16 kHz with the default parameters (MindSpore sums its 400-point DFTs in float32:
    # results agree to ~1e-6 relative, cepstra near 0 to ~1e-3 absolute)
    _val("MelSpectrogram/default_1s", lambda a: a.MelSpectrogram(), TONE16K, rtol=1e-4, atol=1e-3),
    _val("MFCC/default_1s", lambda a: a.MFCC(), TONE16K, rtol=1e-4, atol=2e-3),
    _val("LFCC/default_1s", lambda a: a.LFCC(), TONE16K, rtol=1e-4, atol=2e-3),
    _val("SpectralCentroid/default_1s", lambda a: a.SpectralCentroid(16000), TONE16K, rtol=1e-5, atol=1e-3),
    _val("DetectPitchFrequency/default_1s", lambda a: a.DetectPitchFrequency(16000), TONE16K),
    _val("Spectrogram/default_1s", lambda a: a.Spectrogram(), TONE16K, rtol=1e-4, atol=1e-3),
    # ---- pipelines
    _c("pipeline/spectrogram_db", lambda ms: _pipe(ms, np.stack([WAVE1, WAVE1 * 0.5]), [
        A(ms).Spectrogram(n_fft=32), A(ms).AmplitudeToDB()]), rtol=1e-4, atol=1e-3),
    _c("pipeline/biquad_gain", lambda ms: _pipe(ms, WAVE, [A(ms).LowpassBiquad(8000, 800.0), A(ms).Gain(2.0)]),
       rtol=1e-4, atol=1e-5),
    _c("pipeline/magphase_columns", lambda ms: _pipe(ms, np.stack([CPLX, CPLX * 2]), [A(ms).Magphase()],
                                                     out_cols=["mag", "phase"])),
    _c("pipeline/mfcc", lambda ms: _pipe(ms, WAVE, [A(ms).MFCC(8000, 4, melkwargs=_mk(A(ms)))]),
       rtol=1e-4, atol=1e-3),
]


# --------------------------------------------------------------------------- audio dataset sources
def _wav(path, data, rate):
    import wave
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(np.asarray(data, "<i2").tobytes())


def _pcm(seed, n):
    return np.random.RandomState(seed).randint(-32768, 32767, n).astype(np.int16)


def _write_yesno(root):
    for k, name in enumerate(["0_0_1_0_1_0_1_1", "1_1_1_0_0_1_0_0", "0_1_0_1_0_1_0_1", "1_0_0_0_1_1_1_0"]):
        _wav(os.path.join(root, name + ".wav"), _pcm(k, 30 + 5 * k), 8000)
    with open(os.path.join(root, "README"), "w") as f:
        f.write("not a wav\n")


def _write_ljspeech(root):
    lines = []
    for k in range(4):
        _wav(os.path.join(root, "wavs", f"LJ001-000{k}.wav"), _pcm(10 + k, 20 + 3 * k), 22050)
        lines.append(f"LJ001-000{k}|Text {k}, with Mr. {k}|Text {k}, with mister {k}")
    with open(os.path.join(root, "metadata.csv"), "w") as f:
        f.write("\n".join(lines) + "\n")


def _write_speech_commands(root):
    k = 0
    for label in ("yes", "no", "up"):
        for spk in ("0a7c2a8d", "1b4c9b89"):
            for n in range(2):
                _wav(os.path.join(root, label, f"{spk}_nohash_{n}.wav"), _pcm(k, 16 + k), 16000)
                k += 1
    _wav(os.path.join(root, "_background_noise_", "noise.wav"), _pcm(99, 10), 16000)
    with open(os.path.join(root, "testing_list.txt"), "w") as f:
        f.write("yes/0a7c2a8d_nohash_1.wav\nup/1b4c9b89_nohash_0.wav\n")
    with open(os.path.join(root, "validation_list.txt"), "w") as f:
        f.write("no/1b4c9b89_nohash_1.wav\n")


def _write_cmu(root, name="aew", rate=16000):
    base = os.path.join(root, f"cmu_us_{name}_arctic")
    lines = []
    for k in range(3):
        _wav(os.path.join(base, "wav", f"arctic_a000{k}.wav"), _pcm(20 + k, 12 + k), rate)
        lines.append(f'( arctic_a000{k} "Sentence number {k}, said." )')
    os.makedirs(os.path.join(base, "etc"), exist_ok=True)
    with open(os.path.join(base, "etc", "txt.done.data"), "w") as f:
        f.write("\n".join(lines) + "\n")


def _rows_of(d):
    out = []
    for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1):
        out.append(tuple(v.tolist() if v.dtype.kind in "US" else v for v in r))
    return d.get_col_names(), d.get_dataset_size(), out


def _source(writer, make, seed=None):
    def fn(ms):
        root = tempfile.mkdtemp(prefix="msaudio_")
        try:
            writer(root)
            ds = DS(ms)
            if seed is not None:
                ds.config.set_seed(seed)
            return _rows_of(make(ds, root))
        finally:
            shutil.rmtree(root, ignore_errors=True)
    return fn


def _source_err(writer, make):
    def fn(ms):
        root = tempfile.mkdtemp(prefix="msaudio_")
        try:
            writer(root)
            return _rows_of(make(DS(ms), root))
        finally:
            shutil.rmtree(root, ignore_errors=True)
    return fn


CASES += [
    _c("YesNoDataset/rows", _source(_write_yesno, lambda ds, r: ds.YesNoDataset(r, shuffle=False))),
    _c("YesNoDataset/num_samples_shuffled", _source(_write_yesno, lambda ds, r: ds.YesNoDataset(
        r, num_samples=3, shuffle=True), seed=5)),
    _c("YesNoDataset/shard", _source(_write_yesno, lambda ds, r: ds.YesNoDataset(r, num_shards=2, shard_id=1,
                                                                                 shuffle=False))),
    _c("YesNoDataset/map_mfcc", _source(_write_yesno, lambda ds, r: ds.YesNoDataset(r, shuffle=False).map(
        [importlib.import_module(ds.__name__ + ".audio").Spectrogram(n_fft=16)], ["waveform"]).project(["waveform", "label"])), rtol=1e-4, atol=1e-5),
    _c("YesNoDataset/bad_dir", lambda ms: DS(ms).YesNoDataset("/nonexistent/yesno"), error=True),
    _c("YesNoDataset/bad_no_wav", _source_err(lambda r: None, lambda ds, r: ds.YesNoDataset(r)), error=True),
    _c("YesNoDataset/bad_shuffle_type", lambda ms: DS(ms).YesNoDataset(".", shuffle=1), error=True),
    _c("LJSpeechDataset/rows", _source(_write_ljspeech, lambda ds, r: ds.LJSpeechDataset(r, shuffle=False))),
    _c("LJSpeechDataset/sampler", _source(_write_ljspeech, lambda ds, r: ds.LJSpeechDataset(
        r, sampler=ds.SequentialSampler(1, 2)))),
    _c("LJSpeechDataset/bad_no_metadata", _source_err(lambda r: None, lambda ds, r: ds.LJSpeechDataset(r)),
       error=True),
    _c("SpeechCommandsDataset/all", _source(_write_speech_commands, lambda ds, r: ds.SpeechCommandsDataset(
        r, shuffle=False))),
    *[_c(f"SpeechCommandsDataset/{u}", _source(_write_speech_commands, lambda ds, r, u=u: ds.SpeechCommandsDataset(
        r, u, shuffle=False))) for u in ("train", "test", "valid")],
    _c("SpeechCommandsDataset/bad_usage", lambda ms: DS(ms).SpeechCommandsDataset(".", "eval"), error=True),
    _c("CMUArcticDataset/rows", _source(_write_cmu, lambda ds, r: ds.CMUArcticDataset(r, shuffle=False))),
    _c("CMUArcticDataset/name", _source(lambda r: _write_cmu(r, "slt"), lambda ds, r: ds.CMUArcticDataset(
        r, "slt", shuffle=False))),
    _c("CMUArcticDataset/bad_rate", _source_err(lambda r: _write_cmu(r, rate=8000), lambda ds, r: ds.CMUArcticDataset(
        r, shuffle=False)), error=True),
    _c("CMUArcticDataset/bad_name", lambda ms: DS(ms).CMUArcticDataset(".", "xyz"), error=True),
    _c("CMUArcticDataset/bad_missing_label", _source_err(lambda r: None, lambda ds, r: ds.CMUArcticDataset(r)),
       error=True),
]


def _write_gtzan(root, rate=22050):
    k = 0
    for genre, nums in (("blues", (12, 29, 50)), ("jazz", (0, 73, 5)), ("rock", (10, 60))):
        for n in nums:
            _wav(os.path.join(root, genre, f"{genre}.{n:05d}.wav"), _pcm(40 + k, 10 + k), rate)
            k += 1
    _wav(os.path.join(root, "rock", "nodot.wav"), _pcm(90, 5), rate)


def _write_libritts(root, rate=24000):
    k = 0
    for usage, spk, chap in (("dev-clean", 84, 121123), ("dev-clean", 174, 50561), ("test-other", 1089, 134686)):
        folder = os.path.join(root, usage, str(spk), str(chap))
        lines = []
        for u in range(2):
            utt = f"{spk}_{chap}_00000{u}_00000{u}"
            _wav(os.path.join(folder, utt + ".wav"), _pcm(60 + k, 10 + k), rate)
            lines.append(f"{utt}\tOriginal, text {k}.\tOriginal, text {k}.")
            k += 1
        with open(os.path.join(folder, f"{spk}_{chap}.trans.tsv"), "w") as f:
            f.write("\n".join(lines) + "\n")


CASES += [
    *[_c(f"GTZANDataset/{u}", _source(_write_gtzan, lambda ds, r, u=u: ds.GTZANDataset(r, u, shuffle=False)))
      for u in ("all", "train", "valid", "test")],
    _c("GTZANDataset/bad_rate", _source_err(lambda r: _write_gtzan(r, 16000), lambda ds, r: ds.GTZANDataset(
        r, shuffle=False)), error=True),
    _c("GTZANDataset/bad_usage", lambda ms: DS(ms).GTZANDataset(".", "eval"), error=True),
    _c("GTZANDataset/bad_empty", _source_err(lambda r: None, lambda ds, r: ds.GTZANDataset(r)), error=True),
    *[_c(f"LibriTTSDataset/{u}", _source(_write_libritts, lambda ds, r, u=u: ds.LibriTTSDataset(r, u, shuffle=False)))
      for u in ("dev-clean", "test-other", "all")],
    _c("LibriTTSDataset/bad_rate", _source_err(lambda r: _write_libritts(r, 16000), lambda ds, r: ds.LibriTTSDataset(
        r, shuffle=False)), error=True),
    _c("LibriTTSDataset/bad_usage", lambda ms: DS(ms).LibriTTSDataset(".", "train"), error=True),
    _c("LibriTTSDataset/bad_empty", _source_err(lambda r: None, lambda ds, r: ds.LibriTTSDataset(r)), error=True),
]


def _write_tedlium(root, part="train", short=False):
    for talk, n_lines in (("TalkA_2010", 12), ("TalkB_2011", 3)):
        lines = [f"{talk} 1 {talk}_spk {0.25 * k:.2f} {0.25 * k + 0.125:.3f} <o,f0,male> words of segment {k}"
                 for k in range(n_lines)]
        os.makedirs(os.path.join(root, part, "stm"), exist_ok=True)
        with open(os.path.join(root, part, "stm", talk + ".stm"), "w") as f:
            f.write("\n".join(lines) + "\n")
        head = b"NIST_1A\n   1024\nsample_rate -i 16000\nchannel_count -i 1\nend_head\n"
        body = _pcm(7, 16000 * (1 if short else 4)).astype(">i2").tobytes()
        os.makedirs(os.path.join(root, part, "sph"), exist_ok=True)
        with open(os.path.join(root, part, "sph", talk + ".sph"), "wb") as f:
            f.write(head.ljust(1024, b" ") + body)


CASES += [
    _c("TedliumDataset/release1_train", _source(_write_tedlium, lambda ds, r: ds.TedliumDataset(
        r, "release1", "train", shuffle=False))),
    _c("TedliumDataset/release3", _source(lambda r: _write_tedlium(r, "data"), lambda ds, r: ds.TedliumDataset(
        r, "release3", shuffle=False))),
    _c("TedliumDataset/bad_release", lambda ms: DS(ms).TedliumDataset(".", "release4"), error=True),
    _c("TedliumDataset/bad_usage_release3", lambda ms: DS(ms).TedliumDataset(".", "release3", "train"), error=True),
    _c("TedliumDataset/bad_missing_usage", _source_err(_write_tedlium, lambda ds, r: ds.TedliumDataset(
        r, "release2", "all")), error=True),
    _c("TedliumDataset/bad_short_sph", _source_err(lambda r: _write_tedlium(r, short=True),
                                                   lambda ds, r: ds.TedliumDataset(r, "release1", "train",
                                                                                   shuffle=False)), error=True),
]
