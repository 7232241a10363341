"""``_grad_ops.ResizeBilinearGrad(align_corners, half_pixel_centers)(grads, original_image)``: the
gradient of the bilinear resize from ``original_image``'s size to ``grads``' size, for each
coordinate mode (both flags: the align-corners scale with half-pixel centres), up- and downsampling,
float16/32."""
import importlib

from parity_tests.harness import case, F16, F32


def _grad(ms, g, x, ac=False, hp=False):
    return importlib.import_module(f"{ms.__name__}.ops.operations._grad_ops").ResizeBilinearGrad(ac, hp)(g, x)


CASES = [
    case("resize_bilinear_grad/legacy_down", lambda ms, g, x: _grad(ms, g, x), F32(1, 1, 4, 4), F32(1, 1, 2, 2),
         rtol=1e-5, atol=1e-5),
    case("resize_bilinear_grad/legacy_up", lambda ms, g, x: _grad(ms, g, x), F32(2, 3, 3, 5), F32(2, 3, 6, 4),
         rtol=1e-5, atol=1e-5),
    case("resize_bilinear_grad/align_corners", lambda ms, g, x: _grad(ms, g, x, True), F32(1, 2, 5, 3), F32(1, 2, 3, 4),
         rtol=1e-5, atol=1e-5),
    case("resize_bilinear_grad/half_pixel", lambda ms, g, x: _grad(ms, g, x, False, True), F32(1, 1, 4, 6),
         F32(1, 1, 3, 3), rtol=1e-5, atol=1e-5),
    case("resize_bilinear_grad/both_flags", lambda ms, g, x: _grad(ms, g, x, True, True), F32(1, 1, 4, 4),
         F32(1, 1, 3, 3), rtol=1e-5, atol=1e-5),
    case("resize_bilinear_grad/same_size", lambda ms, g, x: _grad(ms, g, x), F32(1, 2, 5, 3), F32(1, 2, 5, 3)),
    case("resize_bilinear_grad/float16", lambda ms, g, x: _grad(ms, g, x), F16(1, 1, 4, 4), F16(1, 1, 2, 2),
         rtol=1e-2, atol=1e-2),
]
