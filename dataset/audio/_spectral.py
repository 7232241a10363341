"""Spectral kernels of ``dataset.audio``: phase vocoder, Griffin-Lim, inverse spectrogram, resampling,
pitch shift, pitch detection and sliding-window CMN, as MindSpore's C++ computes them."""
import math

import numpy as np

from ._kernels import audio_error, padded_window, spectrogram
from .utils import BorderType, linspace


def _c_round(x):
    return np.sign(x) * np.floor(np.abs(x) + 0.5)


def time_stretch(x, rate, phase_advance):
    """``x`` (..., freq, time, 2) in the work dtype; ``phase_advance`` (freq, 1) or (freq,)."""
    dtype = x.dtype
    t = dtype.type
    shape = x.shape
    spec = x.reshape((-1,) + shape[-3:])
    if abs(rate - 1.0) <= np.finfo(np.float32).eps:
        return spec.copy()  # MindSpore returns the input reshaped to (batch, freq, time, 2)
    n_time = shape[-2]
    steps = []
    ind = 0
    while True:
        val = t(np.float32(ind) * np.float32(rate))  # computed in float, as MindSpore
        if val >= n_time:
            break
        steps.append(val)
        ind += 1
    steps = np.array(steps, dtype)
    t0 = steps.astype(np.int64)
    alphas = np.fmod(steps, t(1)).astype(dtype)
    cplx = spec[..., 0].astype(np.float64) + 1j * spec[..., 1].astype(np.float64)
    phase_time0 = np.arctan2(spec[:, :, 0, 1], spec[:, :, 0, 0]).astype(dtype)
    padded = np.concatenate([cplx, np.zeros(cplx.shape[:2] + (2,), complex)], axis=2)
    s0, s1 = padded[:, :, t0], padded[:, :, t0 + 1]
    ang0 = np.arctan2(s0.imag.astype(dtype), s0.real.astype(dtype)).astype(dtype)
    ang1 = np.arctan2(s1.imag.astype(dtype), s1.real.astype(dtype)).astype(dtype)
    abs0 = np.sqrt(s0.real.astype(dtype) ** 2 + s0.imag.astype(dtype) ** 2).astype(dtype)
    abs1 = np.sqrt(s1.real.astype(dtype) ** 2 + s1.imag.astype(dtype) ** 2).astype(dtype)
    pa = np.asarray(phase_advance, dtype).reshape(-1)
    n_rows = spec.shape[0] * spec.shape[1]
    pa_rows = pa[np.arange(n_rows) % pa.size].reshape(spec.shape[0], spec.shape[1], 1)
    phase = (ang1 - ang0 - pa_rows).astype(dtype)
    p64 = phase.astype(np.float64)  # MindSpore wraps the phase in double (2 * PI is a double there)
    phase = (p64 - 2 * math.pi * _c_round(p64 / (2 * math.pi)) + pa_rows.astype(np.float64)).astype(dtype)
    phase = np.concatenate([phase_time0[..., None], phase[..., :-1]], axis=-1)
    phase = np.cumsum(phase, axis=-1, dtype=dtype)
    mag = (alphas * abs1 + (t(1) - alphas) * abs0).astype(dtype)
    out = np.stack([np.cos(phase) * mag, np.sin(phase) * mag], axis=-1).astype(dtype)
    return out.reshape(shape[:-2] + out.shape[-2:])


def istft_mindspore(cplx, n_fft, hop_length, win_length, window_type, center, length, dtype):
    """MindSpore's ISTFT of one (freq, frames) complex matrix -> 1-D array of ``dtype``."""
    rows, n_frames_all = cplx.shape
    if n_fft != (rows - 1) * 2:
        raise audio_error("GriffinLim", "the frequency of the input should equal to n_fft / 2 + 1")
    if length and hop_length:
        padded_length = length + n_fft if center else length
        n_frames = min(n_frames_all, int(math.ceil(np.float32(padded_length) / hop_length)))
    else:
        n_frames = n_frames_all
    win = padded_window(window_type, win_length, n_fft)
    frames = np.fft.irfft(cplx[:, :n_frames], n=n_fft, axis=0) * win.astype(np.float64)[:, None]
    expected = n_fft + hop_length * (n_frames - 1)
    y = np.zeros(expected)
    wss = np.zeros(expected, np.float32)
    w2 = (win ** 2).astype(np.float32)
    for f in range(n_frames):
        y[f * hop_length:f * hop_length + n_fft] += frames[:, f]
        wss[f * hop_length:f * hop_length + n_fft] += w2
    nz = wss > np.finfo(np.float32).tiny
    y[nz] = y[nz] / wss[nz]
    if length == 0 and center:
        s = n_fft // 2
        out = y[s:len(y) - s]
    else:
        start = n_fft // 2 if center else 0
        out = y[start:]
        if length > out.size:
            out = np.pad(out, (0, length - out.size))
        else:
            out = out[:length]
    return out.astype(dtype)


def griffin_lim(x, n_fft, n_iter, win_length, hop_length, window_type, power, momentum, length, rand_init, rng):
    dtype = x.dtype
    shape = x.shape
    if abs(power) <= np.finfo(np.float32).eps:
        raise audio_error("GriffinLim", "power can not be zero.")
    spec = np.power(x.astype(dtype), dtype.type(1 / np.float32(power))).astype(dtype)
    spec = spec.reshape((-1,) + shape[-2:]).astype(np.float64)
    results = []
    for mag in spec:
        if rand_init:
            angles = rng.uniform(0, 1, mag.shape) + 1j * rng.uniform(0, 1, mag.shape)
        else:
            angles = np.ones(mag.shape, complex)
        tprev = np.zeros(mag.shape, complex)
        for _ in range(n_iter):
            inverse = istft_mindspore(angles * mag, n_fft, hop_length, win_length, window_type, True, length, dtype)
            ri = spectrogram(inverse[None], n_fft, win_length, hop_length, 0, window_type, 0.0, False, True,
                             BorderType.REFLECT, True)[0]
            rebuilt = ri[..., 0].astype(np.float64) + 1j * ri[..., 1].astype(np.float64)
            if rebuilt.shape != mag.shape:
                raise audio_error("GriffinLim", f"the spectrogram of the rebuilt waveform has shape {rebuilt.shape}, "
                                                f"not the input's {mag.shape}: check length and hop_length.")
            angles = rebuilt
            if abs(momentum) > np.finfo(np.float32).eps:
                tprev = tprev * float(np.float32(momentum) / (np.float32(1) + np.float32(momentum)))
                angles = angles - tprev
            angles = angles / (np.abs(angles) + np.float32(1e-16))
            tprev = rebuilt
        results.append(istft_mindspore(angles * mag, n_fft, hop_length, win_length, window_type, True, length, dtype))
    out = np.stack(results)
    return out[0] if len(shape) == 2 else out.reshape(shape[:-2] + out.shape[-1:])


def inverse_spectrogram(x, length, n_fft, win_length, hop_length, pad, window_type, normalized, center, onesided):
    dtype = x.dtype
    shape = x.shape
    spec = x.reshape((-1,) + shape[-3:])
    win = padded_window(window_type, win_length, n_fft)
    if normalized:
        win_sum = np.float32(np.sqrt(np.sum(win.astype(np.float32) ** 2, dtype=np.float32)))
        spec = (spec * win_sum).astype(dtype)
    n_frames = shape[-2]
    out_len = (n_frames - 1) * hop_length if length == 0 else length + 2 * pad
    m = n_fft // 2 + 1
    rows = spec.shape[1] if onesided else m
    results = []
    for s in spec:
        cplx = s[:rows, :, 0].astype(np.float64) + 1j * s[:rows, :, 1].astype(np.float64)
        results.append(istft_mindspore(cplx, n_fft, hop_length, win_length, window_type, center, out_len, dtype))
    out = np.stack(results)
    if length != 0 and pad > 0:
        out = out[:, pad:out.shape[1] - pad]
    cols = out.shape[1] - (2 * pad if not (length != 0 and pad > 0) else 0)
    out = out[:, :cols] if cols != out.shape[1] else out
    return out.reshape(shape[:-3] + (out.shape[-1],)).astype(dtype)


def sinc_kernel(orig, new, rows, lowpass_filter_width, rolloff, beta, dtype, kaiser):
    """The first ``rows`` phases (of ``new``) of the windowed-sinc kernel."""
    t = np.dtype(dtype).type
    base = np.float32(min(orig, new)) * np.float32(rolloff)
    width = int(math.ceil(np.float32(lowpass_filter_width * orig) / base))
    idx = (np.arange(-width, width + orig).astype(dtype) / t(orig)).astype(dtype)
    filt = (np.arange(0, -rows, -1).astype(dtype) / t(new)).astype(dtype)
    k = ((filt[:, None] + idx[None, :]) * t(base)).astype(dtype)
    k = np.clip(k, -lowpass_filter_width, lowpass_filter_width).astype(dtype)
    if not kaiser:
        w = np.cos(k * t(math.pi) / t(lowpass_filter_width) / t(2)).astype(dtype) ** 2
    else:
        w = (np.i0(np.float32(beta) * np.sqrt(np.maximum(0, 1 - (k.astype(np.float64) / lowpass_filter_width) ** 2)))
             / np.i0(np.float32(beta))).astype(dtype)
    k = (k * t(math.pi)).astype(dtype)
    scale = t(base / orig)
    with np.errstate(invalid="ignore", divide="ignore"):
        sinc = np.where(k == 0, scale, scale * (np.sin(k) / k)).astype(dtype)
    return (sinc * w).astype(dtype), width


def resample(x, orig_freq, new_freq, kaiser, lowpass_filter_width, rolloff, beta):
    dtype = x.dtype
    shape = x.shape
    g = math.gcd(int(orig_freq), int(new_freq))
    if g == 0:
        raise audio_error("Resample", "gcd cannot be equal to 0.")
    o, n = int(math.floor(orig_freq / g)), int(math.floor(new_freq / g))
    if o == 0:
        raise audio_error("Resample", "invalid parameter, 'orig_freq_prime' cannot be zero.")
    flat = x.reshape(-1, shape[-1])
    length = shape[-1]
    target = int(math.ceil(n * length / o))
    # only the phases that reach the kept outputs (coprime rates make ``n`` large)
    kernel, width = sinc_kernel(o, n, min(n, max(target, 1)), lowpass_filter_width, rolloff, beta, dtype, kaiser)
    padded = np.pad(flat, ((0, 0), (width, width + o)))
    klen = kernel.shape[1]
    n_blocks = int(math.ceil(np.float32(target) / n))
    starts = [j for j in range(0, padded.shape[1], o) if j + klen < padded.shape[1]][:n_blocks]
    cols = np.zeros((flat.shape[0], klen, n_blocks), dtype)
    for b, j in enumerate(starts):
        cols[:, :, b] = padded[:, j:j + klen]
    out = np.einsum("nk,rkb->rbn", kernel.astype(np.float64), cols.astype(np.float64))
    full = np.zeros((flat.shape[0], n_blocks, n))
    full[:, :, :out.shape[2]] = out
    out = full.reshape(flat.shape[0], -1)[:, :target].astype(dtype)
    return out.reshape(shape[:-1] + (target,))


def pitch_shift(x, sample_rate, n_steps, bins_per_octave, n_fft, win_length, hop_length, window_type):
    dtype = x.dtype
    shape = x.shape
    flat = x.reshape(-1, shape[-1])
    spec = spectrogram(flat, n_fft, win_length, hop_length, 0, window_type, 0.0, False, True, BorderType.REFLECT, True)
    phase_advance = linspace(0, math.pi * hop_length, spec.shape[-3], dtype)
    rate = float(np.float32(2.0 ** np.float32(np.float32(-n_steps) / bins_per_octave)))
    stretched = time_stretch(spec, rate, phase_advance)
    ori_len = shape[-1]
    len_stretch = int(round(ori_len / np.float32(rate)))
    waves = [istft_mindspore(s[..., 0].astype(np.float64) + 1j * s[..., 1].astype(np.float64), n_fft, hop_length,
                             win_length, window_type, True, len_stretch, dtype) for s in stretched]
    waves = np.stack(waves)
    new_rate = int(sample_rate / np.float32(rate))
    shifted = resample(waves, new_rate, sample_rate, False, 6, 0.99, 14.769656459379492)
    if shifted.shape[-1] > ori_len:
        shifted = shifted[:, :ori_len]
    else:
        shifted = np.pad(shifted, ((0, 0), (0, ori_len - shifted.shape[-1])))
    return shifted.reshape(shape[:-1] + (shifted.shape[-1],)).astype(dtype)


def detect_pitch_frequency(x, sample_rate, frame_time, win_length, freq_low, freq_high):
    dtype = x.dtype
    shape = x.shape
    sig = x.reshape(-1, shape[-1]).astype(dtype)
    channels, n = sig.shape
    lags = int(math.ceil(np.float32(sample_rate) / np.float32(freq_low)))
    frame_size = int(math.ceil(np.float32(sample_rate) * np.float32(frame_time)))
    n_frames = int(math.ceil(np.float32(n) / frame_size))
    p = lags + n_frames * frame_size - n
    padded = np.pad(sig, ((0, 0), (0, max(p, 0))))
    nccf = np.zeros((channels, n_frames, lags), dtype)
    total = n_frames * frame_size
    s1 = padded[:, :total].astype(np.float64).reshape(channels, n_frames, frame_size)
    n1 = (s1 * s1).sum(axis=2)
    for lag in range(1, lags + 1):
        seg = padded[:, lag:lag + total].astype(np.float64)
        if seg.shape[1] < total:
            seg = np.pad(seg, ((0, 0), (0, total - seg.shape[1])))
        s2 = seg.reshape(channels, n_frames, frame_size)
        num = (s1 * s2).sum(axis=2)
        n2 = (s2 * s2).sum(axis=2)
        with np.errstate(invalid="ignore", divide="ignore"):
            nccf[:, :, lag - 1] = np.where((n1 != 0) & (n2 != 0), num / n1 / n2, 0.0)
    if freq_high == 0:
        raise audio_error("DetectPitchFrequency", "freq_high can not be zero.")
    lag_min = int(math.ceil(np.float32(sample_rate) / np.float32(freq_high)))
    half = lags // 2
    # MindSpore's scan: the best lag is the first maximum from lag_min on; the "half" lag the first
    # maximum of [lag_min, lags // 2) (both start at lag_min)
    rows = nccf.reshape(-1, lags)
    best_i = lag_min + np.argmax(rows[:, lag_min:], axis=1)
    best_v = rows[np.arange(rows.shape[0]), best_i]
    if half > lag_min:
        half_i = lag_min + np.argmax(rows[:, lag_min:half], axis=1)
    else:
        half_i = np.full(rows.shape[0], lag_min)
    half_v = rows[np.arange(rows.shape[0]), half_i]
    idx = (np.where(half_v > best_v * dtype.type(0.99), half_i, best_i) + 1).reshape(channels, n_frames)
    pad_len = (win_length - 1) // 2
    out_len = n_frames + pad_len - win_length + 1
    if out_len < 0:
        raise RuntimeError("Failed to create empty tensor, tensor shape is unknown.")
    padded_idx = np.concatenate([np.repeat(idx[:, :1], pad_len, axis=1), idx], axis=1)
    smooth = np.array([[np.sort(padded_idx[c, j:j + win_length])[pad_len] for j in range(out_len)]
                       for c in range(channels)], np.int64).reshape(channels, out_len)
    freq = (sample_rate / (1e-9 + smooth)).astype(np.float32)
    return freq.reshape(shape[:-1] + (out_len,))


def sliding_window_cmn(x, cmn_window, min_cmn_window, center, norm_vars):
    dtype = x.dtype
    shape = x.shape
    frames, feats = shape[-2], shape[-1]
    data = x.reshape(-1, frames, feats).astype(np.float64)
    out = np.zeros_like(data)
    for i in range(frames):
        if center:
            start = i - cmn_window // 2
            end = start + cmn_window
        else:
            start = i - cmn_window
            end = i + 1
        if start < 0:
            end -= start
            start = 0
        if not center and end > i:
            end = max(i + 1, min_cmn_window)
        if end > frames:
            start -= end - frames
            end = frames
            start = max(start, 0)
        n = end - start
        if n == 0:
            raise audio_error("SlidingWindowCmn", "invalid parameter, 'cmn_window_frames' can not be zero.")
        window = data[:, start:end, :]
        s = window.sum(axis=1)
        out[:, i, :] = data[:, i, :] - s / n
        if norm_vars:
            if n == 1:
                out[:, i, :] = 0.0
            else:
                var = (window ** 2).sum(axis=1) / n - s ** 2 / n ** 2
                out[:, i, :] = out[:, i, :] / np.sqrt(var)
    out = out.astype(dtype).reshape(shape)
    if len(shape) == 2 and shape[0] == 1:
        out = np.squeeze(out)
    return out
