"""``mindspore.ops.function.fft_func``: MindSpore's FFT functional ops at their internal import
path; the objects are ``mindspore.ops``'s (one implementation, several paths)."""
from mscompat import ops as _ops
from mscompat.ops._module_paths import bind as _bind

_NAMES = (
    'fft', 'fft2', 'fftfreq', 'fftn', 'fftshift', 'hfft', 'hfft2', 'hfftn', 'ifft', 'ifft2', 'ifftn',
    'ifftshift', 'ihfft', 'ihfft2', 'ihfftn', 'irfft', 'irfft2', 'irfftn', 'rfft', 'rfft2', 'rfftfreq', 'rfftn',
)

__all__ = _bind(globals(), _NAMES, _ops)
