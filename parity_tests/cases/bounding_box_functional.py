"""``ops.bounding_box_encode`` / ``ops.bounding_box_decode`` (also in ``ops.functional``): the
BoundingBoxEncode / BoundingBoxDecode Primitives with the given means, stds, max_shape and
wh_ratio_clip; a list for ``means`` or a short ``max_shape`` is an error."""
import numpy as np

from parity_tests.harness import case, Raw

_A = Raw(np.array([[2, 2, 2, 3], [0, 1, 4, 5]], np.float32))
_G = Raw(np.array([[1, 2, 1, 4], [1, 0, 3, 6]], np.float32))

CASES = [
    case("bounding_box_functional/encode", lambda ms, a, g: ms.ops.bounding_box_encode(a, g), _A, _G),
    case("bounding_box_functional/encode_means_stds", lambda ms, a, g: ms.ops.functional.bounding_box_encode(
        a, g, (0.1, 0.0, 0.0, 0.2), (2.0, 1.0, 1.0, 0.5)), _A, _G),
    case("bounding_box_functional/decode", lambda ms, a, g: ms.ops.bounding_box_decode(
        a, g, (768, 1280), (0.0, 0.0, 0.0, 0.0), (1.0, 1.0, 1.0, 1.0), 0.016), _A, _G, rtol=1e-5, atol=1e-4),
    case("bounding_box_functional/encode_list_means", lambda ms, a, g: ms.ops.bounding_box_encode(
        a, g, means=[0., 0., 0., 0.]), _A, _G, error=True),
    case("bounding_box_functional/decode_short_max_shape", lambda ms, a, g: ms.ops.bounding_box_decode(a, g, (768,)),
         _A, _G, error=True),
]
