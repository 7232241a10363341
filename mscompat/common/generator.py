"""``mindspore.common.generator``: the random-number Generator and the global RNG-state functions
(the objects of ``mindspore.common.seed``)."""
from .seed import (Generator, default_generator, seed, manual_seed, initial_seed, get_rng_state,  # noqa: F401
                   set_rng_state)

__all__ = ["Generator", "default_generator", "seed", "manual_seed", "initial_seed", "get_rng_state",
           "set_rng_state"]
