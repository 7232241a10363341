"""``Tensor.real()`` / ``Tensor.imag()`` are methods in MindSpore 2.10 (not properties): the parts of
a complex Tensor, a real Tensor itself and zeros of its dtype."""
import numpy as np

from parity_tests.harness import case, Raw, F32, I32

_C = Raw(np.array([1 + 2j, 3 - 1j, -0.5j], np.complex64))

CASES = [
    case("tensor_real_imag/complex", lambda ms, x: (x.real(), x.imag()), _C),
    case("tensor_real_imag/float", lambda ms, x: (x.real(), x.imag()), F32(2, 3)),
    case("tensor_real_imag/int", lambda ms, x: (x.real(), x.imag()), I32(4)),
    case("tensor_real_imag/callable", lambda ms, x: (callable(x.real), callable(x.imag)), F32(2)),
]
