"""``mindspore.numpy.fft``: numpy-style names for MindSpore's FFT ops (``mscompat.ops``)."""
from mscompat import ops

__all__ = ['fft', 'ifft', 'fft2', 'ifft2', 'fftn', 'ifftn', 'rfft', 'irfft', 'rfft2', 'irfft2', 'rfftn',
           'irfftn', 'hfft', 'ihfft', 'hfft2', 'ihfft2', 'hfftn', 'ihfftn', 'fftshift', 'ifftshift', 'fftfreq',
           'rfftfreq']


def fftshift(x, axes=None):
    """Shift the zero-frequency term to the centre."""
    return ops.fftshift(x, axes)


def ifftshift(x, axes=None):
    """Inverse of ``fftshift``."""
    return ops.ifftshift(x, axes)


def fft(a, n=None, axis=-1, norm=None):
    """One-dimensional ``fft`` along ``axis``."""
    return ops.fft(a, n, axis, norm)


def ifft(a, n=None, axis=-1, norm=None):
    """One-dimensional ``ifft`` along ``axis``."""
    return ops.ifft(a, n, axis, norm)


def rfft(a, n=None, axis=-1, norm=None):
    """One-dimensional ``rfft`` along ``axis``."""
    return ops.rfft(a, n, axis, norm)


def irfft(a, n=None, axis=-1, norm=None):
    """One-dimensional ``irfft`` along ``axis``."""
    return ops.irfft(a, n, axis, norm)


def hfft(a, n=None, axis=-1, norm=None):
    """One-dimensional ``hfft`` along ``axis``."""
    return ops.hfft(a, n, axis, norm)


def ihfft(a, n=None, axis=-1, norm=None):
    """One-dimensional ``ihfft`` along ``axis``."""
    return ops.ihfft(a, n, axis, norm)


def fft2(a, s=None, axes=(-2, -1), norm=None):
    """Two-dimensional ``fft2`` over ``axes``."""
    return ops.fft2(a, s, axes, norm)


def ifft2(a, s=None, axes=(-2, -1), norm=None):
    """Two-dimensional ``ifft2`` over ``axes``."""
    return ops.ifft2(a, s, axes, norm)


def rfft2(a, s=None, axes=(-2, -1), norm=None):
    """Two-dimensional ``rfft2`` over ``axes``."""
    return ops.rfft2(a, s, axes, norm)


def irfft2(a, s=None, axes=(-2, -1), norm=None):
    """Two-dimensional ``irfft2`` over ``axes``."""
    return ops.irfft2(a, s, axes, norm)


def hfft2(a, s=None, axes=(-2, -1), norm=None):
    """Two-dimensional ``hfft2`` over ``axes``."""
    return ops.hfft2(a, s, axes, norm)


def ihfft2(a, s=None, axes=(-2, -1), norm=None):
    """Two-dimensional ``ihfft2`` over ``axes``."""
    return ops.ihfft2(a, s, axes, norm)


def fftn(a, s=None, axes=None, norm=None):
    """N-dimensional ``fftn`` over ``axes``."""
    return ops.fftn(a, s, axes, norm)


def ifftn(a, s=None, axes=None, norm=None):
    """N-dimensional ``ifftn`` over ``axes``."""
    return ops.ifftn(a, s, axes, norm)


def rfftn(a, s=None, axes=None, norm=None):
    """N-dimensional ``rfftn`` over ``axes``."""
    return ops.rfftn(a, s, axes, norm)


def irfftn(a, s=None, axes=None, norm=None):
    """N-dimensional ``irfftn`` over ``axes``."""
    return ops.irfftn(a, s, axes, norm)


def hfftn(a, s=None, axes=None, norm=None):
    """N-dimensional ``hfftn`` over ``axes``."""
    return ops.hfftn(a, s, axes, norm)


def ihfftn(a, s=None, axes=None, norm=None):
    """As MindSpore 2.10's ``mindspore.numpy.fft.ihfftn``, which computes ``ops.hfftn``."""
    return ops.hfftn(a, s, axes, norm)


def fftfreq(n, d=1.0, dtype=None):
    """Sample frequencies of ``fft``."""
    return ops.fftfreq(n, d, dtype)


def rfftfreq(n, d=1.0, dtype=None):
    """Sample frequencies of ``rfft``."""
    return ops.rfftfreq(n, d, dtype)
