"""Lists and tuples as operands: MindSpore's functional add/sub/mul/div (and mint's) raise
TypeError for them, while the ``+``, ``-`` and ``//`` operators (both sides) and a reflected
``**`` turn the sequence into a Tensor of the other operand's dtype; ``*``, ``/``, ``**`` and ``%`` with a sequence raise."""
from parity_tests.harness import case, Raw, F16, F32, I32

SEQ = (Raw([1, 2, 3]), Raw((2.0, 0.5, 4.0)))

CASES = []
for i, s in enumerate(SEQ):
    kind = "list" if i == 0 else "tuple"
    CASES += [
        case(f"seq_operand/ops.add_{kind}", lambda ms, x, s: ms.ops.add(x, s), F32(3), s, error=True),
        case(f"seq_operand/ops.add_{kind}_first", lambda ms, x, s: ms.ops.add(s, x), F32(3), s, error=True),
        case(f"seq_operand/ops.sub_{kind}", lambda ms, x, s: ms.ops.sub(x, s), F32(3), s, error=True),
        case(f"seq_operand/ops.mul_{kind}", lambda ms, x, s: ms.ops.mul(x, s), F32(3), s, error=True),
        case(f"seq_operand/ops.div_{kind}", lambda ms, x, s: ms.ops.div(x, s), F32(3), s, error=True),
        case(f"seq_operand/mint.add_{kind}", lambda ms, x, s: ms.mint.add(x, s), F32(3), s, error=True),
        case(f"seq_operand/plus_{kind}", lambda ms, x, s: x + s, F32(3), s),
        case(f"seq_operand/rplus_{kind}", lambda ms, x, s: s + x, F32(3), s),
        case(f"seq_operand/minus_{kind}", lambda ms, x, s: x - s, F32(3), s),
        case(f"seq_operand/rminus_{kind}", lambda ms, x, s: s - x, F32(3), s),
        case(f"seq_operand/floordiv_{kind}", lambda ms, x, s: x // s, F32(3), s),
        case(f"seq_operand/rfloordiv_{kind}", lambda ms, x, s: s // x, F32(3), s),
        case(f"seq_operand/rpow_{kind}", lambda ms, x, s: s ** x, F32(3), s),
        case(f"seq_operand/times_{kind}", lambda ms, x, s: x * s, F32(3), s, error=True),
        case(f"seq_operand/rtimes_{kind}", lambda ms, x, s: s * x, F32(3), s, error=True),
        case(f"seq_operand/truediv_{kind}", lambda ms, x, s: x / s, F32(3), s, error=True),
        case(f"seq_operand/pow_{kind}", lambda ms, x, s: x ** s, F32(3), s, error=True),
        case(f"seq_operand/mod_{kind}", lambda ms, x, s: x % s, F32(3), s, error=True),
    ]
CASES += [
    case("seq_operand/int_plus_list", lambda ms, x: x + [1, 2, 3], I32(3)),
    case("seq_operand/int_minus_float_tuple", lambda ms, x: x - (0.5, 1.5, 2.5), I32(3)),
    case("seq_operand/float_list_floordiv_int", lambda ms, x: [1.5, 2.0, 3.0] // x, I32(3)),
    case("seq_operand/int_list_rpow_f16", lambda ms, x: [2, 3, 4] ** x, F16(3)),
]
