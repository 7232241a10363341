"""``mindspore.train.metrics``: ``Metric`` and the evaluation metrics, and the name-based factory
(``names``, ``get_metric_fn``, ``get_metrics``)."""
import importlib as _importlib

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

_MODULES = ("metric", "accuracy", "topk", "loss", "fbeta", "precision", "recall", "error", "confusion_matrix",
            "auc", "roc", "bleu_score", "cosine_similarity", "dice", "hausdorff_distance", "mean_surface_distance",
            "root_mean_square_surface_distance", "occlusion_sensitivity", "perplexity")

__all__ = ["names", "get_metric_fn"]
for _name in _MODULES:
    # (the module ``auc`` is shadowed here by the function ``auc`` it defines, as in MindSpore)
    __all__.extend(_importlib.import_module(f"{__name__}.{_name}").__all__)
del _name

_FACTORY = {
    "accuracy": Accuracy, "acc": Accuracy, "precision": Precision, "recall": Recall, "F1": F1, "dice": Dice,
    "roc": ROC, "auc": auc, "bleu_score": BleuScore, "cosine_similarity": CosineSimilarity,
    "occlusion_sensitivity": OcclusionSensitivity, "topk": TopKCategoricalAccuracy,
    "hausdorff_distance": HausdorffDistance, "top_1_accuracy": Top1CategoricalAccuracy,
    "top_5_accuracy": Top5CategoricalAccuracy, "mae": MAE, "mse": MSE, "loss": Loss,
    "mean_surface_distance": MeanSurfaceDistance, "root_mean_square_distance": RootMeanSquareDistance,
    "perplexity": Perplexity, "confusion_matrix": ConfusionMatrix, "confusion_matrix_metric": ConfusionMatrixMetric,
}


def names():
    """The sorted names accepted by :func:`get_metric_fn`."""
    return sorted(_FACTORY)


def get_metric_fn(name, *args, **kwargs):
    """A new metric of the given name (see :func:`names`), built with ``args`` and ``kwargs``."""
    if name not in _FACTORY:
        raise KeyError(f"For 'get_metric_fn', unsupported metric {name}, please refer to official website "
                       f"for more details about supported metrics.")
    return _FACTORY[name](*args, **kwargs)


def get_metrics(metrics):
    """The metrics a Model evaluates: None; a dict ``{name: Metric}`` (checked, returned as is); or a
    set of names, each built by :func:`get_metric_fn`."""
    if metrics is None:
        return None
    if isinstance(metrics, dict):
        for key, value in metrics.items():
            if not isinstance(key, str) or not isinstance(value, Metric):
                raise TypeError(f"For 'get_metrics', if 'metrics' is dict, the key in 'metrics' must be string and "
                                f"value in 'metrics' must be Metric, but got key:{type(key)}, value:{type(value)}.")
        return metrics
    if isinstance(metrics, set):
        return {name: get_metric_fn(name) for name in metrics}
    raise TypeError(f"For 'get_metrics', the argument 'metrics' must be None, dict or set, but got {metrics}")
