"""``ops.stft`` / ``STFT``: short-time Fourier transform of real and complex signals — hop and
window lengths, centred padding modes, onesided / normalized / return_complex, dtype promotion
with the window, and the argument errors."""
import importlib

import numpy as np

from parity_tests.harness import case, F32, F64, I32


def _F(ms):
    return importlib.import_module(f"{ms.__name__}.ops.functional")


def _c(*shape, dt=np.complex64):
    rs = np.random.RandomState(sum(shape) + 7)
    return (rs.randn(*shape) + 1j * rs.randn(*shape)).astype(dt)


def _stft(*args, **kw):
    return lambda ms, x, *w: _F(ms).stft(x, *args, **({"window": w[0]} if w else {}), **kw)


CASES = [
    case("stft/default_2d", _stft(8), F32(2, 32)),
    case("stft/default_1d", _stft(8, return_complex=True), F32(40)),
    case("stft/hop_win_window", _stft(6, hop_length=2, win_length=3, center=False, return_complex=True),
         F32(20), F32(3)),
    case("stft/constant_pad", _stft(4, pad_mode="CONSTANT", return_complex=True), F32(2, 12)),
    case("stft/symmetric_pad", _stft(4, pad_mode="SYMMETRIC"), F32(12)),
    case("stft/two_sided_normalized", _stft(4, center=False, normalized=True, onesided=False, return_complex=True),
         F32(2, 10)),
    case("stft/f64", _stft(8, hop_length=3), F64(2, 30)),
    case("stft/f32_with_f64_window", _stft(4, center=False), F32(2, 10), F64(4)),
    case("stft/complex_input", _stft(4, center=False), _c(2, 12)),
    case("stft/complex128_window", _stft(4, center=False, onesided=False), F32(12), _c(4, dt=np.complex128)),
    case("stft/prim", lambda ms, x, w: ms.ops.STFT(4, 1, 4, False, True, True)(x, w), F32(2, 9), F32(4)),
    case("stft/int_input", _stft(4), I32(2, 10), error=True),
    case("stft/rank3", _stft(4), F32(1, 2, 10), error=True),
    case("stft/n_fft_float", _stft(4.0), F32(10), error=True),
    case("stft/center_int", _stft(4, center=1), F32(10), error=True),
    case("stft/n_fft_too_long", _stft(12, center=False), F32(10), error=True),
    case("stft/win_longer_than_fft", _stft(4, win_length=5, center=False), F32(10), error=True),
    case("stft/bad_pad_mode", _stft(4, pad_mode="reflect"), F32(10), error=True),
]
