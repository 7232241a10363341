"""``mindspore.scipy.fft``: dct/idct/dctn/idctn. MindSpore 2.10 computes only the orthonormal
DCT-II (``type=2``; ``norm`` None or "ortho"); integer and float16 inputs give float32."""
import importlib

import numpy as np

from parity_tests.harness import case, F16, F32, F64, I32, I64, BOOL


def FF(ms):
    return importlib.import_module(ms.__name__ + ".scipy.fft")  # not imported with mindspore


_C64 = (F32(6, seed=71) + 1j * F32(6, seed=72)).astype(np.complex64)

CASES = [
    case("scipy.fft/all_names", lambda ms: sorted(FF(ms).__all__)),
    case("scipy.fft/dct/f32", lambda ms, x: FF(ms).dct(x), F32(8)),
    case("scipy.fft/dct/f64", lambda ms, x: FF(ms).dct(x), F64(7)),
    case("scipy.fft/dct/ortho", lambda ms, x: FF(ms).dct(x, norm="ortho"), F32(5)),
    case("scipy.fft/dct/int32", lambda ms, x: FF(ms).dct(x), I32(6)),
    case("scipy.fft/dct/int64", lambda ms, x: FF(ms).dct(x), I64(4)),
    case("scipy.fft/dct/f16", lambda ms, x: FF(ms).dct(x), F16(4)),
    case("scipy.fft/dct/complex64", lambda ms, x: FF(ms).dct(x), _C64),
    case("scipy.fft/dct/pad_n", lambda ms, x: FF(ms).dct(x, n=9), F32(6)),
    case("scipy.fft/dct/cut_n", lambda ms, x: FF(ms).dct(x, n=3), F32(6)),
    case("scipy.fft/dct/axis0", lambda ms, x: FF(ms).dct(x, axis=0), F32(4, 3)),
    case("scipy.fft/dct/axis_neg2", lambda ms, x: FF(ms).dct(x, axis=-2), F32(2, 5, 3)),
    case("scipy.fft/dct/3d_last", lambda ms, x: FF(ms).dct(x), F64(2, 3, 4)),
    case("scipy.fft/idct/f32", lambda ms, x: FF(ms).idct(x), F32(8)),
    case("scipy.fft/idct/f64_axis0", lambda ms, x: FF(ms).idct(x, axis=0), F64(5, 2)),
    case("scipy.fft/idct/n", lambda ms, x: FF(ms).idct(x, n=4), F32(6)),
    case("scipy.fft/idct/roundtrip", lambda ms, x: FF(ms).idct(FF(ms).dct(x)), F64(6)),
    case("scipy.fft/idct/int", lambda ms, x: FF(ms).idct(x), I32(5)),
    case("scipy.fft/dctn/all_axes", lambda ms, x: FF(ms).dctn(x), F32(3, 4)),
    case("scipy.fft/dctn/axes", lambda ms, x: FF(ms).dctn(x, axes=(0, 2)), F32(2, 3, 4)),
    case("scipy.fft/dctn/s", lambda ms, x: FF(ms).dctn(x, s=(3, 2)), F32(2, 3)),
    case("scipy.fft/dctn/s_only_last", lambda ms, x: FF(ms).dctn(x, s=(5,)), F64(2, 3)),
    case("scipy.fft/dctn/s_axes", lambda ms, x: FF(ms).dctn(x, s=(4, 2), axes=(1, 0)), F64(3, 3)),
    case("scipy.fft/dctn/int", lambda ms, x: FF(ms).dctn(x), I32(3, 3)),
    case("scipy.fft/idctn/f64", lambda ms, x: FF(ms).idctn(x), F64(3, 4)),
    case("scipy.fft/idctn/roundtrip", lambda ms, x: FF(ms).idctn(FF(ms).dctn(x)), F64(2, 3, 2)),
    case("scipy.fft/idctn/axes", lambda ms, x: FF(ms).idctn(x, axes=(-1,)), F32(2, 5)),
    case("scipy.fft/dct/err_type1", lambda ms, x: FF(ms).dct(x, type=1), F32(4), error=True),
    case("scipy.fft/dct/err_type3", lambda ms, x: FF(ms).dct(x, type=3), F32(4), error=True),
    case("scipy.fft/dct/err_norm_backward", lambda ms, x: FF(ms).dct(x, norm="backward"), F32(4), error=True),
    case("scipy.fft/dct/err_norm_forward", lambda ms, x: FF(ms).dct(x, norm="forward"), F32(4), error=True),
    case("scipy.fft/dct/err_norm_unknown", lambda ms, x: FF(ms).dct(x, norm="x"), F32(4), error=True),
    case("scipy.fft/dct/err_n0", lambda ms, x: FF(ms).dct(x, n=0), F32(4), error=True),
    case("scipy.fft/dct/err_axis", lambda ms, x: FF(ms).dct(x, axis=5), F32(2, 3), error=True),
    case("scipy.fft/dct/err_ndarray", lambda ms: FF(ms).dct(np.ones(3)), error=True),
    case("scipy.fft/dct/err_bool", lambda ms, x: FF(ms).dct(x), BOOL(3), error=True),
    case("scipy.fft/idct/err_type4", lambda ms, x: FF(ms).idct(x, type=4), F32(4), error=True),
    case("scipy.fft/idct/err_norm", lambda ms, x: FF(ms).idct(x, norm="backward"), F32(4), error=True),
    case("scipy.fft/dctn/err_s_axes_len", lambda ms, x: FF(ms).dctn(x, s=(2,), axes=(0, 1)), F32(2, 3),
         error=True),
    case("scipy.fft/dctn/err_type", lambda ms, x: FF(ms).dctn(x, type=1), F32(2, 3), error=True),
    case("scipy.fft/idctn/err_norm", lambda ms, x: FF(ms).idctn(x, norm="forward"), F32(2, 3), error=True),
]
