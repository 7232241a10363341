"""Image decoding for ``vision.Decode``: Pillow (libjpeg-turbo for JPEG, the library MindSpore's
Decode uses too; probed: identical pixels), with a short path for the common baseline or
progressive 8-bit RGB / grayscale JPEG.

The short path reads the frame header (size, components) itself and runs Pillow's JPEG decoder
straight on the bytes, skipping ``Image.open``'s Python marker parsing; it gives the same pixels
as ``Image.open(...).convert("RGB")`` (tests compare them) and hands anything else (other
formats, CMYK, 12-bit, truncated or corrupt data) to that full path, which also makes the errors.
"""
import io

import numpy as np
from PIL import Image

from .transforms import _Transform, _check_type, _op_error

# start-of-frame markers (baseline, extended, progressive, lossless; Huffman or arithmetic)
_SOF = frozenset((0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF))


def _jpeg_frame(data):
    """(height, width, components) from a JPEG's frame header, or None when the bytes are not a
    plain 8-bit JPEG that the short path takes."""
    n = len(data)
    if n < 4 or data[0] != 0xFF or data[1] != 0xD8:
        return None
    i = 2
    while i + 4 <= n:
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker == 0xD8 or 0xD0 <= marker <= 0xD7 or marker == 0x01:
            i += 2
            continue
        length = (data[i + 2] << 8) | data[i + 3]
        if marker in _SOF:
            if i + 10 > n or length < 8:
                return None
            bits = data[i + 4]
            h = (data[i + 5] << 8) | data[i + 6]
            w = (data[i + 7] << 8) | data[i + 8]
            comps = data[i + 9]
            if bits != 8 or comps not in (1, 3) or h == 0 or w == 0:
                return None
            return h, w, comps
        if marker in (0xDA, 0xD9):  # scan or end before any frame header
            return None
        i += 2 + length
    return None


_CORE = []


def _pillow_core():
    if not _CORE:
        _CORE.append(Image.core)
    return _CORE[0]


def _short_path(data, copy=True):
    frame = _jpeg_frame(data)
    if frame is None:
        return None
    h, w, comps = frame
    mode = "RGB" if comps == 3 else "L"
    try:
        core = _pillow_core()
        im = core.new(mode, (w, h))
        decoder = core.jpeg_decoder(mode, mode, "")
        decoder.setimage(im, (0, 0, w, h))
        status, err = decoder.decode(data)
        decoder.cleanup()
    except Exception:  # pylint: disable=broad-except  (another Pillow, odd data: the full path decides)
        return None
    # Pillow's protocol: a status >= 0 asks for more bytes (truncated data), a negative one ends
    # the image, with a negative error code when decoding failed
    if status >= 0 or err < 0:
        return None
    # the pixels packed as Pillow's tobytes() does (its raw encoder), without the Image wrapper
    try:
        enc = core.raw_encoder(mode, mode)
        enc.setimage(im, (0, 0, w, h))
        parts = []
        while True:
            _, err, chunk = enc.encode(max(w * h * 4, 65536))
            parts.append(chunk)
            if err:
                break
        enc.cleanup()
    except Exception:  # pylint: disable=broad-except
        return None
    if err < 0:
        return None
    out = np.frombuffer(parts[0] if len(parts) == 1 else b"".join(parts), np.uint8)
    if out.size != h * w * comps:
        return None
    if comps == 3:
        out = out.reshape(h, w, 3)
        return out.copy() if copy else out  # (without the copy: a read-only view of the bytes)
    gray = out.reshape(h, w, 1)
    return np.repeat(gray, 3, axis=2)  # Pillow's L -> RGB copies the grey level to the three channels


def decode_rgb(data, to_pil=False, copy=True):
    """Encoded image bytes -> RGB HWC uint8 array (or a PIL RGB image); raises Pillow's errors.
    ``copy=False`` may give a read-only array (for the engine's intermediate values)."""
    if not to_pil:
        out = _short_path(data, copy)
        if out is not None:
            return out
    pil = Image.open(io.BytesIO(data)).convert("RGB")
    return pil if to_pil else np.array(pil)


def _encoded(arr, to_pil=False):
    """The bytes of an encoded image given as MindSpore's Decode takes it (checks and errors as its)."""
    if not isinstance(arr, np.ndarray):
        raise TypeError(f"The type of the encoded image should be {np.ndarray}, but got {type(arr)}.")
    if arr.dtype.type is np.str_:
        raise TypeError(f"The data type of the encoded image can not be {arr.dtype.type}.")
    if arr.ndim != 1:
        raise TypeError(f"The number of array dimensions of the encoded image should be 1, but got {arr.ndim}.")
    kind = arr.dtype.kind
    if kind == "O":
        raise TypeError(f"Invalid user input. Got {type(arr)}: {arr}, cannot be converted into tensor.")
    if kind == "S":
        if arr.size != 1 and not to_pil:  # (the Python decoder reads the array's buffer as it is)
            raise _op_error("Decode", "couldn't decode bytes field with multi dims.")
        return arr.tobytes()
    if arr.size == 0:
        raise _op_error("Decode", "Input Tensor has no data.")
    if arr.dtype.type not in (np.uint8, np.int8):
        raise _op_error("Decode", f"image decode failed: the encoded image has data type {arr.dtype}.")
    return arr.tobytes()


class Decode(_Transform):
    """Decode JPEG/PNG/BMP/GIF/TIFF bytes to an RGB HWC uint8 image (Pillow). The input is a 1-D array:
    the encoded bytes as uint8 (or int8), or a one-element bytes array (``|S<n>``, as a MindDataset or
    TFRecord bytes column gives it); ``bytes`` are taken as they are."""

    def __init__(self, to_pil=False):
        _check_type(to_pil, bool, "to_pil")
        self.to_pil = to_pil

    def __call__(self, img, _copy=True):
        try:
            return decode_rgb(img if isinstance(img, bytes) else _encoded(img, self.to_pil), self.to_pil, _copy)
        except (OSError, ValueError) as exc:  # PIL's UnidentifiedImageError is an OSError
            raise _op_error("Decode", f"image decode failed: {exc}") from exc

    _batch_ragged = True  # encoded images differ in length: the engine may hand over a list of rows
    _gil_bound = True  # Python between Pillow calls: the engine runs it on worker processes (see batch)

    def _batch_apply(self, data):
        # one call per batch (the rows' images may differ in size, so they stay a list); the images
        # are intermediate values here (the batch stacks copies), so they need not be writable
        out = []
        for x in data:
            img = None
            if not self.to_pil and type(x) is np.ndarray and x.ndim == 1 and (
                    x.dtype == np.uint8 or (x.dtype.kind == "S" and x.size == 1)):
                img = _short_path(x.tobytes(), False)  # the common cases without the call's checks
            out.append(img if img is not None else self(x, False))
        return out
