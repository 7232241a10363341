"""``mindspore.nn.probability.distribution``: probability distributions (Cells) with
``prob``/``log_prob``/``cdf``/``survival_function`` (and their logs), ``mean``/``mode``/``var``/
``sd``/``entropy``, ``kl_loss``/``cross_entropy`` against another distribution of the same kind,
and ``sample``."""
from .distribution import Distribution
from .normal import Normal
from .uniform import Uniform
from .exponential import Exponential
from .bernoulli import Bernoulli
from .geometric import Geometric
from .logistic import Logistic
from .cauchy import Cauchy
from .gumbel import Gumbel
from .log_normal import LogNormal
from .poisson import Poisson
from .categorical import Categorical
from .gamma import Gamma
from .beta import Beta
from .laplace import Laplace
from .student_t import StudentT
from .half_normal import HalfNormal

__all__ = ["Distribution", "Normal", "Uniform", "Exponential", "Bernoulli", "Geometric", "Logistic", "Cauchy",
           "Gumbel", "LogNormal", "Poisson", "Categorical", "Gamma", "Beta", "Laplace", "StudentT", "HalfNormal"]
