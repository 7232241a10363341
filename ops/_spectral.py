"""Spectral ops: the FFT family (fft/ifft/rfft/irfft/hfft/ihfft in 1-D, 2-D and n-D),
fftfreq/rfftfreq, fftshift/ifftshift, FFTWithSize, and the Bartlett/Blackman windows.

Dtypes follow MindSpore: real and integer inputs are transformed as complex64 (float64
as complex128); complex-to-real transforms give float32 (float64 for 64-bit inputs).
"""
import numbers

import numpy as np
import jax.numpy as jnp

from mscompat._checkparam import check_is_tensor, check_string
from mscompat.common import dtype as mstype
from ._args import arr, check_tensor, Tensor
from ._registry import op, primitive

_wrap = Tensor._wrap

_NORMS = ("backward", "forward", "ortho")
_SWAP = {"backward": "forward", "forward": "backward", "ortho": "ortho"}
_FFT_TYPES = tuple(np.dtype(t) for t in (np.int16, np.int32, np.int64, np.float16, np.float32, np.float64,
                                         np.complex64, np.complex128)) + (np.dtype(jnp.bfloat16),)
_WIDE = (np.dtype(np.float64), np.dtype(np.complex128))


def _input(name, x):
    a = arr(check_tensor(name, "input", x))
    if a.dtype not in _FFT_TYPES:
        raise TypeError(f"For '{name}', the 'input' dtype must be one of int16, int32, int64, float16, bfloat16, "
                        f"float32, float64, complex64, complex128, but got {mstype.from_numpy_dtype(a.dtype)}.")
    return a


def _complex(a):
    return a.astype(np.complex128 if a.dtype in _WIDE else np.complex64)


def _real(a):
    if a.dtype.kind == "c":
        a = jnp.real(a)
    return a.astype(np.float64 if a.dtype == np.float64 else np.float32)


def _onesided(full, axis):
    """``full`` cut to the one-sided length along ``axis`` (MindSpore's real transforms of complex input)."""
    return jnp.take(full, jnp.arange(full.shape[axis] // 2 + 1), axis=axis)


def _norm(name, norm):
    if norm is None:
        return "backward"
    if norm not in _NORMS:
        raise ValueError(f"Failed to convert the value \"{norm}\" of input 'norm' of '{name}' to enum.")
    return norm


def _dim(name, d, ndim):
    if isinstance(d, bool) or not isinstance(d, numbers.Integral):
        raise TypeError(f"For '{name}', the type of 'dim' should be int, but got {type(d).__name__}.")
    if not -ndim <= d < ndim:
        raise ValueError(f"For primitive[{name}], the dim must be in [{-ndim},{ndim}), but got {d}.")
    return int(d) % ndim


def _n(name, n, what="n"):
    if n is None:
        return None
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise TypeError(f"For '{name}', the type of '{what}' should be int, but got {type(n).__name__}.")
    if n < 1:
        raise ValueError(f"The argument[{what}] must be greater than 0, but got {n}.")
    return int(n)


def _dims_sizes(name, a, s, dim, default_dim):
    """Axes and sizes of an n-D transform (``s``/``dim`` as in MindSpore/numpy)."""
    if dim is None:
        if s is not None:
            s = tuple(s)
            dim = tuple(range(a.ndim - len(s), a.ndim))
        else:
            dim = default_dim if default_dim is not None else tuple(range(a.ndim))
    if isinstance(dim, numbers.Integral) and not isinstance(dim, bool):
        dim = (dim,)
    dims = tuple(_dim(name, d, a.ndim) for d in dim)
    if len(set(dims)) != len(dims):
        raise ValueError(f"For '{name}', the dims must be unique, but got {tuple(dim)}.")
    if s is not None:
        s = tuple(_n(name, v, "s") for v in s)
        if len(s) != len(dims):
            raise ValueError(f"For '{name}', the length of 's' and 'dim' must be the same, but got {len(s)} "
                             f"and {len(dims)}.")
    return dims, s


# ---------------------------------------------------------------------------------------
# 1-D transforms


def _args_1d(name, input, n, dim, norm):
    """Checked ``(array, dim, n, norm)`` of a 1-D transform."""
    a = _input(name, input)
    return a, _dim(name, dim, a.ndim), _n(name, n), _norm(name, norm)


@op("fft")
def fft(input, n=None, dim=-1, norm=None):
    """1-D discrete Fourier transform along ``dim``."""
    a, d, n, norm = _args_1d("FFT", input, n, dim, norm)
    return _wrap(jnp.fft.fft(_complex(a), n, d, norm))


@op("ifft")
def ifft(input, n=None, dim=-1, norm=None):
    """1-D inverse discrete Fourier transform along ``dim``."""
    a, d, n, norm = _args_1d("IFFT", input, n, dim, norm)
    return _wrap(jnp.fft.ifft(_complex(a), n, d, norm))


@op("rfft")
def rfft(input, n=None, dim=-1, norm=None):
    """1-D FFT of a real signal (one-sided output)."""
    a, d, n, norm = _args_1d("RFFT", input, n, dim, norm)
    if a.dtype.kind == "c":   # MindSpore: the full FFT of a complex input, cut to the one-sided length
        return _wrap(_onesided(jnp.fft.fft(a, n, d, norm), d))
    return _wrap(jnp.fft.rfft(_real(a), n, d, norm))


@op("irfft")
def irfft(input, n=None, dim=-1, norm=None):
    """Inverse of :func:`rfft`: real output of length ``n`` (default ``2*(m-1)``)."""
    a, d, n, norm = _args_1d("IRFFT", input, n, dim, norm)
    return _wrap(jnp.fft.irfft(_complex(a), n, d, norm))


@op("hfft")
def hfft(input, n=None, dim=-1, norm=None):
    """FFT of a Hermitian-symmetric signal given by its one-sided half (real output)."""
    a, d, n, norm = _args_1d("HFFT", input, n, dim, norm)
    return _wrap(jnp.fft.irfft(jnp.conj(_complex(a)), n, d, _SWAP[norm]))


@op("ihfft")
def ihfft(input, n=None, dim=-1, norm=None):
    """Inverse of :func:`hfft`: one-sided spectrum of a real signal."""
    a, d, n, norm = _args_1d("IHFFT", input, n, dim, norm)
    if a.dtype.kind == "c":
        return _wrap(_onesided(jnp.fft.ifft(a, n, d, norm), d))
    return _wrap(jnp.conj(jnp.fft.rfft(_real(a), n, d, _SWAP[norm])))


# ---------------------------------------------------------------------------------------
# n-D transforms


def _fftn_impl(name, input, s, dim, norm, kind, default_dim):
    a = _input(name, input)
    dims, s = _dims_sizes(name, a, s, dim, default_dim)
    norm = _norm(name, norm)
    if kind == "fft":
        return _wrap(jnp.fft.fftn(_complex(a), s, dims, norm))
    if kind == "ifft":
        return _wrap(jnp.fft.ifftn(_complex(a), s, dims, norm))
    if kind in ("rfft", "ihfft") and a.dtype.kind == "c":
        f = jnp.fft.fftn if kind == "rfft" else jnp.fft.ifftn
        return _wrap(_onesided(f(a, s, dims, norm), dims[-1]))
    if kind == "rfft":
        return _wrap(jnp.fft.rfftn(_real(a), s, dims, norm))
    if kind == "irfft":
        return _wrap(jnp.fft.irfftn(_complex(a), s, dims, norm))
    if kind == "hfft":
        return _wrap(jnp.fft.irfftn(jnp.conj(_complex(a)), s, dims, _SWAP[norm]))
    return _wrap(jnp.conj(jnp.fft.rfftn(_real(a), s, dims, _SWAP[norm])))   # ihfft


_TWO = (-2, -1)


@op("fft2")
def fft2(input, s=None, dim=_TWO, norm=None):
    return _fftn_impl("FFT2", input, s, dim, norm, "fft", _TWO)


@op("ifft2")
def ifft2(input, s=None, dim=_TWO, norm=None):
    return _fftn_impl("IFFT2", input, s, dim, norm, "ifft", _TWO)


@op("rfft2")
def rfft2(input, s=None, dim=_TWO, norm=None):
    return _fftn_impl("RFFT2", input, s, dim, norm, "rfft", _TWO)


@op("irfft2")
def irfft2(input, s=None, dim=_TWO, norm=None):
    return _fftn_impl("IRFFT2", input, s, dim, norm, "irfft", _TWO)


@op("hfft2")
def hfft2(input, s=None, dim=_TWO, norm=None):
    return _fftn_impl("HFFT2", input, s, dim, norm, "hfft", _TWO)


@op("ihfft2")
def ihfft2(input, s=None, dim=_TWO, norm=None):
    return _fftn_impl("IHFFT2", input, s, dim, norm, "ihfft", _TWO)


@op("fftn")
def fftn(input, s=None, dim=None, norm=None):
    """n-D FFT over ``dim`` (default: all axes, or the last ``len(s)``)."""
    return _fftn_impl("FFTN", input, s, dim, norm, "fft", None)


@op("ifftn")
def ifftn(input, s=None, dim=None, norm=None):
    return _fftn_impl("IFFTN", input, s, dim, norm, "ifft", None)


@op("rfftn")
def rfftn(input, s=None, dim=None, norm=None):
    return _fftn_impl("RFFTN", input, s, dim, norm, "rfft", None)


@op("irfftn")
def irfftn(input, s=None, dim=None, norm=None):
    return _fftn_impl("IRFFTN", input, s, dim, norm, "irfft", None)


@op("hfftn")
def hfftn(input, s=None, dim=None, norm=None):
    return _fftn_impl("HFFTN", input, s, dim, norm, "hfft", None)


@op("ihfftn")
def ihfftn(input, s=None, dim=None, norm=None):
    return _fftn_impl("IHFFTN", input, s, dim, norm, "ihfft", None)


# ---------------------------------------------------------------------------------------
# frequencies and shifts


def _length(name, n):
    if isinstance(n, Tensor):
        n = int(n.asnumpy().reshape(-1)[0])
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise TypeError(f"For '{name}', the type of 'n' should be int, but got {type(n).__name__}.")
    if n < 1:
        raise ValueError(f"For '{name}', 'n' must be greater than 0, but got {n}.")
    return int(n)


def _out_dtype(name, dtype):
    if dtype is None:
        return np.dtype(np.float32)
    return np.dtype(mstype.dtype_to_nptype(mstype.to_dtype(dtype)))


@op("fftfreq")
def fftfreq(n, d=1.0, dtype=None):
    """Sample frequencies ``[0, 1, ..., -1] / (d * n)`` of an ``n``-point FFT."""
    n = _length("FFTFreq", n)
    dt = _out_dtype("FFTFreq", dtype)
    return _wrap(jnp.fft.fftfreq(n, float(d)).astype(dt))


@op("rfftfreq")
def rfftfreq(n, d=1.0, dtype=None):
    """Sample frequencies ``[0, 1, ..., n // 2] / (d * n)`` of an ``n``-point real FFT."""
    n = _length("RFFTFreq", n)
    dt = _out_dtype("RFFTFreq", dtype)
    return _wrap(jnp.fft.rfftfreq(n, float(d)).astype(dt))


def _shift_dims(name, a, dim):
    if dim is None:
        return None
    if isinstance(dim, (tuple, list)):
        return tuple(_dim(name, d, max(a.ndim, 1)) for d in dim)
    return _dim(name, dim, max(a.ndim, 1))


@op("fftshift")
def fftshift(input, dim=None):
    """Move the zero-frequency term to the centre along ``dim`` (default all axes)."""
    a = arr(check_tensor("FFTShift", "input", input))
    return _wrap(jnp.fft.fftshift(a, _shift_dims("FFTShift", a, dim)))


@op("ifftshift")
def ifftshift(input, dim=None):
    """Inverse of :func:`fftshift`."""
    a = arr(check_tensor("IFFTShift", "input", input))
    return _wrap(jnp.fft.ifftshift(a, _shift_dims("IFFTShift", a, dim)))


# ---------------------------------------------------------------------------------------
# FFTWithSize


def _fft_with_size(x, signal_ndim, inverse, real, norm="backward", onesided=True, signal_sizes=()):
    name = "FFTWithSize"
    check_is_tensor("x", x, name, form="input")
    a = arr(x)
    if isinstance(signal_ndim, bool) or not isinstance(signal_ndim, int) or not 1 <= signal_ndim <= 3:
        raise ValueError(f"For '{name}', 'signal_ndim' must be 1, 2 or 3, but got {signal_ndim}.")
    if a.ndim < signal_ndim:
        raise RuntimeError(f"For '{name}', the dimension of 'x' must be at least signal_ndim {signal_ndim}, "
                         f"but got {a.ndim}.")
    if norm not in _NORMS:
        raise ValueError(f"For '{name}', 'norm' must be one of {_NORMS}, but got {norm}.")
    axes = tuple(range(a.ndim - signal_ndim, a.ndim))
    if not real:
        if a.dtype.kind != "c":
            raise TypeError(f"For '{name}', FFT/IFFT requires complex64 or complex128 input, "
                            f"but got {mstype.from_numpy_dtype(a.dtype)}.")
        f = jnp.fft.ifftn if inverse else jnp.fft.fftn
        return _wrap(f(a, axes=axes, norm=norm))
    if not inverse:
        if a.dtype.kind == "c" or a.dtype == np.float16:
            raise TypeError(f"For '{name}', RFFT requires a real input, but got {mstype.from_numpy_dtype(a.dtype)}.")
        r = _real(a)
        out = jnp.fft.rfftn(r, axes=axes, norm=norm) if onesided else jnp.fft.fftn(r.astype(
            np.complex128 if r.dtype == np.float64 else np.complex64), axes=axes, norm=norm)
        return _wrap(out)
    if a.dtype.kind != "c":
        raise TypeError(f"For '{name}', IRFFT requires complex64 or complex128 input, "
                        f"but got {mstype.from_numpy_dtype(a.dtype)}.")
    if not onesided:
        return _wrap(_real(jnp.fft.ifftn(a, axes=axes, norm=norm)))
    sizes = tuple(signal_sizes) if signal_sizes else None
    if sizes is not None and len(sizes) != signal_ndim:
        raise ValueError(f"For '{name}', the length of 'signal_sizes' must equal signal_ndim {signal_ndim}, "
                         f"but got {len(sizes)}.")
    if sizes is not None and sizes[-1] // 2 + 1 != a.shape[-1]:
        raise ValueError(f"For '{name}', signal_sizes[-1] // 2 + 1 must equal the last dimension of 'x' "
                         f"{a.shape[-1]}, but got {sizes[-1]}.")
    return _wrap(jnp.fft.irfftn(a, s=sizes, axes=axes, norm=norm))


primitive("FFTWithSize", _fft_with_size,
          attrs=(("signal_ndim", None), ("inverse", None), ("real", None), ("norm", "backward"),
                 ("onesided", True), ("signal_sizes", ())))


# ---------------------------------------------------------------------------------------
# windows

_WIN_DTYPES = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))


def _window_args(name, window_length, periodic, dtype):
    if not isinstance(window_length, Tensor):
        raise TypeError(f"For Primitive[{name}], the type of input argument[window_length] must be Tensor but got "
                        f"{type(window_length).__name__}.")
    wl = arr(window_length)
    if wl.dtype not in (np.dtype(np.int32), np.dtype(np.int64)):
        raise TypeError(f"For '{name}', the dtype of 'window_length' must be int32 or int64, but got "
                        f"{mstype.from_numpy_dtype(wl.dtype)}.")
    if wl.ndim != 0 and wl.shape != (1,):
        raise ValueError(f"For '{name}', the 'window_length' must be a scalar Tensor, but got shape {wl.shape}.")
    if not isinstance(periodic, (bool, np.bool_)):
        raise TypeError(f"For '{name}', the type of 'periodic' should be 'bool', but got type "
                        f"'{type(periodic).__name__}'.")
    dt = np.dtype(np.float32) if dtype is None else np.dtype(mstype.dtype_to_nptype(mstype.to_dtype(dtype)))
    if dt not in _WIN_DTYPES:
        raise TypeError(f"For '{name}', the 'dtype' must be float16, float32 or float64, but got {dtype}.")
    n = int(np.asarray(wl).reshape(-1)[0])
    if n < 0:
        raise ValueError(f"For '{name}', the value of 'window_length' must be non-negative, but got {n}.")
    return n, bool(periodic), dt


def _bartlett(n, periodic, dt):
    if n <= 1:
        return jnp.ones((n,), dt)
    m = n if periodic else n - 1
    k = jnp.arange(n, dtype=jnp.float64)
    w = 1.0 - jnp.abs(2.0 * k / m - 1.0)
    return w.astype(dt)


def _blackman(n, periodic, dt):
    if n <= 1:
        return jnp.ones((n,), dt)
    m = n if periodic else n - 1
    k = jnp.arange(n, dtype=jnp.float64)
    w = 0.42 - 0.5 * jnp.cos(2 * jnp.pi * k / m) + 0.08 * jnp.cos(4 * jnp.pi * k / m)
    return w.astype(dt)


@op("bartlett_window")
def bartlett_window(window_length, periodic=True, *, dtype=None):
    """Bartlett (triangular) window of ``window_length`` points."""
    n, periodic, dt = _window_args("BartlettWindow", window_length, periodic, dtype)
    return _wrap(_bartlett(n, periodic, dt))


@op("blackman_window")
def blackman_window(window_length, periodic=True, *, dtype=None):
    """Blackman window of ``window_length`` points."""
    n, periodic, dt = _window_args("BlackmanWindow", window_length, periodic, dtype)
    return _wrap(_blackman(n, periodic, dt))


primitive("BartlettWindow", lambda window_length, periodic=True, dtype=None:
          bartlett_window(window_length, periodic, dtype=dtype),
          attrs=(("periodic", True), ("dtype", mstype.float32)))
primitive("BlackmanWindow", lambda window_length, periodic=True, dtype=None:
          blackman_window(window_length, periodic, dtype=dtype),
          attrs=(("periodic", True), ("dtype", mstype.float32)))


# --- short-time Fourier transform ------------------------------------------------------------
_STFT_TYPES = tuple(np.dtype(t) for t in (np.float32, np.float64, np.complex64, np.complex128))
_PAD_MODES = {"CONSTANT": "constant", "REFLECT": "reflect", "SYMMETRIC": "symmetric"}


def _stft_attr(name, v, kind, op_name="STFT"):
    if isinstance(v, bool) != (kind is bool) or not isinstance(v, kind):
        raise TypeError(f"For '{op_name}', the type of '{name}' should be '{kind.__name__}', but got type "
                        f"'{type(v).__name__}'.")


def _stft_impl(x, window, n_fft, hop_length, win_length, normalized, onesided, return_complex):
    for attr, v, kind in (("n_fft", n_fft, int), ("hop_length", hop_length, int), ("win_length", win_length, int),
                          ("normalized", normalized, bool), ("onesided", onesided, bool),
                          ("return_complex", return_complex, bool)):
        _stft_attr(attr, v, kind)
    a, w = arr(check_tensor("STFT", "x", x)), arr(check_tensor("STFT", "window", window))
    for arg, v in (("x", a), ("window", w)):
        if v.dtype not in _STFT_TYPES:
            raise TypeError(f"For primitive[STFT], the input argument[{arg}] must be a type of {{Tensor[Complex128], "
                            f"Tensor[Complex64], Tensor[Float32], Tensor[Float64]}}, but got "
                            f"Tensor[{mstype.from_numpy_dtype(v.dtype)}].")
    if a.ndim not in (1, 2):
        raise ValueError(f"For primitive[STFT], the x dim must be 1 or 2, but got {a.ndim}.")
    if w.ndim != 1:
        raise ValueError(f"For primitive[STFT], the window dim must be 1, but got {w.ndim}.")
    length = a.shape[-1]
    if not 0 < n_fft <= length:
        raise ValueError(f"For primitive[STFT], the n_fft must be in (0,{length}], but got {n_fft}.")
    if not 0 < win_length <= n_fft:
        raise ValueError(f"For primitive[STFT], the win_length must be in (0,{n_fft}], but got {win_length}.")
    if hop_length <= 0:
        raise ValueError(f"For primitive[STFT], the hop_length must be greater than 0, but got {hop_length}.")
    if w.shape[0] != win_length:
        raise ValueError(f"For primitive[STFT], the window size must be equal to win_length {win_length}, "
                         f"but got {w.shape[0]}.")
    left = (n_fft - win_length) // 2   # the window sits in the middle of the frame, zeros around it
    w = jnp.pad(w, (left, n_fft - win_length - left))
    frames = 1 + (length - n_fft) // hop_length
    idx = np.arange(frames)[:, None] * hop_length + np.arange(n_fft)[None, :]
    seg = a[..., idx] * w                                     # (*, frames, n_fft)
    out = jnp.fft.rfft(seg, axis=-1) if onesided else jnp.fft.fft(seg, axis=-1)
    wide = np.dtype(np.float64) in (np.dtype(a.dtype), np.dtype(w.dtype)) or \
        np.dtype(np.complex128) in (np.dtype(a.dtype), np.dtype(w.dtype))
    out = out.astype(jnp.complex128 if wide else jnp.complex64)
    if normalized:
        out = out / float(np.sqrt(n_fft))
    out = jnp.swapaxes(out, -1, -2)                           # (*, N, frames)
    if not return_complex:
        out = jnp.stack([out.real, out.imag], axis=-1)
    return _wrap(out)


@op("stft")
def stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode="REFLECT",
         normalized=False, onesided=None, return_complex=None):
    """Short-time Fourier transform of the 1-D or 2-D signal ``x`` over frames of ``n_fft``
    samples every ``hop_length`` (default ``n_fft // 4``), weighted by ``window`` (default ones of
    ``win_length``, centred in the frame): ``(*, N, frames)`` complex, or real with a last axis
    of 2 (real, imaginary) when ``return_complex`` is False."""
    _stft_attr("n_fft", n_fft, int)
    hop_length = n_fft // 4 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length
    _stft_attr("win_length", win_length, int)
    if window is None:
        window = _wrap(jnp.ones((win_length,), jnp.float32))
    cplx = [isinstance(v, Tensor) and jnp.iscomplexobj(arr(v)) for v in (x, window)]
    if onesided is None:
        onesided = not any(cplx)
    if return_complex is None:
        return_complex = any(cplx)
    if center:
        _stft_attr("center", center, bool, "stft")
        check_string(pad_mode, list(_PAD_MODES), 'mode', 'Pad')
        a = arr(check_tensor("stft", "x", x))
        if a.ndim not in (1, 2):
            raise ValueError(f"Expected a 1-D tensor or a 2-D tensor, but got {a.ndim}")
        pad = n_fft // 2
        x = _wrap(jnp.pad(a, [(0, 0)] * (a.ndim - 1) + [(pad, pad)], mode=_PAD_MODES[pad_mode]))
    return _stft_impl(x, window, n_fft, hop_length, win_length, normalized, onesided, return_complex)


primitive("STFT", _stft_impl, attrs=(("n_fft", None), ("hop_length", None), ("win_length", None),
                                      ("normalized", None), ("onesided", None), ("return_complex", None)))
