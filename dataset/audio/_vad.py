"""MindSpore 2.10's ``Vad`` kernel.

MindSpore's measurement step writes the liftered spectrum after a zero-filled buffer of the same
length and then reads the zeros, so every cepstral measure is 0 (``max(0, 21 + INT_MIN)``). Voice is
therefore "detected" only when ``trigger_level <= 0`` (at the first measure), and otherwise the
search runs to the end of the recording: the result is the tail that MindSpore keeps, computed here
from the same counters without the (discarded) FFT work."""
import math

import numpy as np

from ._kernels import audio_error


def _f(v):
    return np.float32(v)


def vad(x, op):
    sr = op.sample_rate
    measure_len_ws = int(float(_f(sr) * _f(op.measure_duration)) + 0.5)
    measure_len_ns = measure_len_ws
    dft_len_ws = 16
    while dft_len_ws < measure_len_ws:
        dft_len_ws *= 2
    measure_period_ns = int(float(_f(sr) / _f(op.measure_freq)) + 0.5)
    measures_len = int(math.ceil(float(_f(op.search_time) * _f(op.measure_freq))))
    search_pre_trigger_len_ns = measures_len * measure_period_ns
    fixed_pre_trigger_len_ns = int(float(_f(op.pre_trigger_time) * _f(sr)) + 0.5)
    samples_len_ns = fixed_pre_trigger_len_ns + search_pre_trigger_len_ns + measure_len_ns
    spectrum_start = max(int(float(_f(op.hp_filter_freq) / _f(sr) * _f(dft_len_ws)) + 0.5), 1)
    spectrum_end = min(int(float(_f(op.lp_filter_freq) / _f(sr) * _f(dft_len_ws)) + 0.5), dft_len_ws // 2)
    if spectrum_end <= spectrum_start:
        raise audio_error("Vad", "the end of spectrum must be greater than the start. Check if `hp_filter_freq` is "
                                 "too large or `lp_filter_freq` is too small.")
    cepstrum_start = int(math.ceil(sr * 0.5 / float(_f(op.lp_lifter_freq))))
    cepstrum_end = min(int(math.floor(sr * 0.5 / float(_f(op.hp_lifter_freq)))), dft_len_ws // 4)
    if cepstrum_end <= cepstrum_start:
        raise audio_error("Vad", "the end of cepstrum must be greater than the start. Check if `hp_lifter_freq` is "
                                 "too large or `lp_lifter_freq` is too small.")
    if measures_len == 0:
        raise audio_error("UpdateVadParams", "the length of measures cannot be zero.")
    if samples_len_ns == 0:
        raise audio_error("UpdateVadParams", "the number of columns of samples cannot be zero.")
    shape = x.shape
    ilen = shape[-1]
    trigger_level = float(_f(op.trigger_level))
    measure_timer_ns = measure_len_ns
    has_triggered = False
    flushed_len_ns = 0
    pos = 0
    while pos < ilen and not has_triggered:
        measure_timer_ns -= 1
        if measure_timer_ns == 0:
            # every measure (and so every running mean) is 0
            has_triggered = has_triggered or 0.0 >= trigger_level
        pos += 1
        if measure_timer_ns == 0:
            measure_timer_ns = measure_period_ns
        if has_triggered:
            flushed_len_ns = measures_len * measure_period_ns
    new_col_ind = pos - samples_len_ns + flushed_len_ns
    if new_col_ind < -ilen:
        new_col_ind = 0
    elif new_col_ind < 0:
        new_col_ind += ilen
    new_cols = ilen - new_col_ind
    out = x.reshape(-1, ilen)[:, ilen - new_cols:] if new_cols > 0 else x.reshape(-1, ilen)[:, :0]
    return np.ascontiguousarray(out).reshape(shape[:-1] + (new_cols,))
