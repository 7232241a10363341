"""``mindspore.ops.function.random_func``: MindSpore's random functional ops at their internal import
path; the objects are ``mindspore.ops``'s (one implementation, several paths)."""
from mscompat import ops as _ops
from mscompat.ops._module_paths import bind as _bind

_NAMES = (
    'choice_with_mask', 'gamma', 'laplace', 'log_uniform_candidate_sampler', 'multinomial',
    'multinomial_with_replacement', 'normal', 'poisson', 'rand', 'rand_like', 'randint', 'randint_like',
    'randn', 'randn_like', 'random_categorical', 'random_gamma', 'random_poisson', 'randperm', 'shuffle',
    'standard_laplace', 'standard_normal', 'uniform', 'uniform_candidate_sampler',
)

__all__ = _bind(globals(), _NAMES, _ops)
