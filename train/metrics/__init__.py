"""``mindspore.train.metrics``: ``Metric`` and the evaluation metrics."""
from . import metric, accuracy, topk, loss, fbeta, precision, recall, error, confusion_matrix, auc, roc, bleu_score, cosine_similarity, dice, hausdorff_distance, mean_surface_distance, root_mean_square_surface_distance, occlusion_sensitivity, perplexity
from .metric import *  # noqa: F401,F403
from .accuracy import *  # noqa: F401,F403
from .topk import *  # noqa: F401,F403
from .loss import *  # noqa: F401,F403
from .fbeta import *  # noqa: F401,F403
from .precision import *  # noqa: F401,F403
from .recall import *  # noqa: F401,F403
from .error import *  # noqa: F401,F403
from .confusion_matrix import *  # noqa: F401,F403
from .auc import *  # noqa: F401,F403
from .roc import *  # noqa: F401,F403
from .bleu_score import *  # noqa: F401,F403
from .cosine_similarity import *  # noqa: F401,F403
from .dice import *  # noqa: F401,F403
from .hausdorff_distance import *  # noqa: F401,F403
from .mean_surface_distance import *  # noqa: F401,F403
from .root_mean_square_surface_distance import *  # noqa: F401,F403
from .occlusion_sensitivity import *  # noqa: F401,F403
from .perplexity import *  # noqa: F401,F403

__all__ = []
__all__.extend(metric.__all__)
__all__.extend(accuracy.__all__)
__all__.extend(topk.__all__)
__all__.extend(loss.__all__)
__all__.extend(fbeta.__all__)
__all__.extend(precision.__all__)
__all__.extend(recall.__all__)
__all__.extend(error.__all__)
__all__.extend(confusion_matrix.__all__)
__all__.extend(auc.__all__)
__all__.extend(roc.__all__)
__all__.extend(bleu_score.__all__)
__all__.extend(cosine_similarity.__all__)
__all__.extend(dice.__all__)
__all__.extend(hausdorff_distance.__all__)
__all__.extend(mean_surface_distance.__all__)
__all__.extend(root_mean_square_surface_distance.__all__)
__all__.extend(occlusion_sensitivity.__all__)
__all__.extend(perplexity.__all__)
