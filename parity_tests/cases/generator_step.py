"""``Generator``'s (seed, offset) state: ``_step`` hands out the current pair and advances the offset, in
PyNative and inside a compiled Cell (the same Cell called again sees the advanced offset), and
``get_state`` / ``set_state`` carry both (MindSpore's 16-byte layout: seed, offset)."""
import numpy as np

from parity_tests.harness import case


def _eager(ms):
    g = ms.Generator()
    g.manual_seed(7)
    out = [g._step(ms.Tensor(3, ms.int64)), g._step(ms.Tensor(2, ms.int64))]
    state = g.get_state()
    g2 = ms.Generator()
    g2.set_state(state)
    out += [state, g2.initial_seed(), g2._step(ms.Tensor(1, ms.int64)), g.get_state()]
    return out


def _in_cell(ms):
    g = ms.Generator()
    g.manual_seed(11)

    class Step(ms.nn.Cell):
        def construct(self, gen):
            return gen._step(ms.Tensor(2, ms.int64))

    net = Step()
    return [net(g), net(g), g.get_state(), g.initial_seed()]


def _default(ms):
    state = ms.get_rng_state()
    first = ms.default_generator._step(ms.Tensor(5, ms.int64))
    ms.set_rng_state(state)
    again = ms.default_generator._step(ms.Tensor(5, ms.int64))
    return [int(first[0]) == int(again[0]), int(first[1]) == int(again[1]),
            int(ms.default_generator._step(ms.Tensor(0, ms.int64))[1]) - int(again[1])]


CASES = [
    case("generator_step/eager_state", _eager),
    case("generator_step/in_cell_pynative", _in_cell),
    case("generator_step/in_cell_graph", _in_cell, mode="graph"),
    case("generator_step/default_generator", _default),
]
