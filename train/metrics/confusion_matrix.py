"""``ConfusionMatrix`` (class-by-class counts) and ``ConfusionMatrixMetric`` (binary-segmentation
metrics such as sensitivity, precision, f1 ... computed from per-channel TP/FP/TN/FN counts)."""
import numpy as np

from .metric import _Accumulator, _no_samples
from mscompat._checkparam import check_value_type, check_string

__all__ = ["ConfusionMatrix", "ConfusionMatrixMetric"]


class ConfusionMatrix(_Accumulator):
    """``num_classes x num_classes`` counts (rows: true class, columns: predicted class), optionally
    normalized over 'target' (rows), 'prediction' (columns) or 'all'. Predictions with a class axis
    are argmax-ed; float predictions of y's shape are thresholded."""
    _name = "ConfusionMatrix"

    def __init__(self, num_classes, normalize="no_norm", threshold=0.5):
        super().__init__()
        self.num_classes = check_value_type("num_classes", num_classes, [int])
        if normalize not in ["target", "prediction", "all", "no_norm"]:
            raise ValueError(f"For 'ConfusionMatrix', the argument 'normalize' must be in "
                             f"['all', 'prediction', 'label', 'no_norm'(None)], but got {normalize}.")
        self.normalize = normalize
        self.threshold = check_value_type("threshold", threshold, [float])
        self.clear()

    def clear(self):
        self.confusion_matrix = np.zeros((self.num_classes, self.num_classes))
        self._is_update = False

    def _accumulate(self, y_pred, y):
        if y_pred.ndim not in (y.ndim, y.ndim + 1):
            raise ValueError(f"For 'ConfusionMatrix.update', predicted value (input[0]) and true value "
                             f"(input[1]) should have same dimensions, or the dimension of predicted value "
                             f"equals the dimension of true value add 1, but got predicted value ndim: "
                             f"{y_pred.ndim}, true value ndim: {y.ndim}.")
        if y_pred.ndim == y.ndim + 1:
            y_pred = np.argmax(y_pred, axis=1)
        if y_pred.ndim == y.ndim and y_pred.dtype in (np.float16, np.float32, np.float64):
            y_pred = (y_pred >= self.threshold).astype(int)
        n = self.num_classes
        cells = (y.reshape(-1) * n + y_pred.reshape(-1)).astype(int)
        self.confusion_matrix += np.bincount(cells, minlength=n ** 2).reshape(n, n)
        self._is_update = True

    def eval(self):
        self._check_updated()
        counts = self.confusion_matrix.astype(float)
        if self.normalize == "no_norm":
            return counts
        with np.errstate(divide="ignore", invalid="ignore"):
            if self.normalize == "target":
                matrix = counts / counts.sum(axis=1, keepdims=True)
            elif self.normalize == "prediction":
                matrix = counts / counts.sum(axis=0, keepdims=True)
            else:
                matrix = counts / counts.sum()
        matrix[np.isnan(matrix)] = 0
        return matrix


class ConfusionMatrixMetric(_Accumulator):
    """A metric (``metric_name``, e.g. 'sensitivity', 'precision', 'f1 score', 'accuracy', ...) of
    one-hot/binarized segmentation data (batch, channel, spatial...). With ``calculation_method`` the
    metric is computed per sample and channel and reduced by ``decrease``, then averaged over the
    ``update`` calls; otherwise the TP/FP/TN/FN counts are summed over all calls and the metric is
    computed once in ``eval``. ``skip_channel=False`` ignores channel 0 (the background)."""
    _name = "ConfusionMatrixMetric"
    _initial_state = {"_total_num": 0, "_class_num": 0, "_total_tp": 0.0, "_total_fp": 0.0, "_total_tn": 0.0,
                      "_total_fn": 0.0}

    def __init__(self, skip_channel=True, metric_name="sensitivity", calculation_method=False, decrease="mean"):
        super().__init__()
        self.confusion_matrix = _ConfusionMatrix(skip_channel=skip_channel, metric_name=metric_name,
                                                 calculation_method=calculation_method, decrease=decrease)
        self.skip_channel = check_value_type("skip_channel", skip_channel, [bool])
        self.calculation_method = check_value_type("calculation_method", calculation_method, [bool])
        self.metric_name = check_value_type("metric_name", metric_name, [str])
        decrease = check_value_type("decrease", decrease, [str])
        self.decrease = check_string(decrease, ["none", "mean", "sum", "mean_batch", "sum_batch", "mean_channel",
                                                "sum_channel"], "decrease")
        self.clear()

    def _accumulate(self, y_pred, y):
        if self.calculation_method:
            # (the helper may have switched itself to plain counts for 2-D data; its result is then
            # unpacked like a (score, not_nans) pair, which fails as it does in MindSpore)
            score, not_nans = self.confusion_matrix(y_pred, y)
            not_nans = int(not_nans.item())
            self._total_num += score.item() * not_nans
            self._class_num += not_nans
        else:
            counts, _ = _decrease_metric(self.confusion_matrix(y_pred, y), "sum")
            self._total_tp += counts[0].item()
            self._total_fp += counts[1].item()
            self._total_tn += counts[2].item()
            self._total_fn += counts[3].item()

    def eval(self):
        if self.calculation_method:
            if self._class_num == 0:
                raise _no_samples("ConfusionMatrixMetric")
            return self._total_num / self._class_num
        counts = np.array([self._total_tp, self._total_fp, self._total_tn, self._total_fn])
        return _compute_confusion_matrix_metric(self.metric_name, counts)


class _ConfusionMatrix:
    """Per-(sample, channel) TP/FP/TN/FN counts, or with ``calculation_method`` the reduced metric
    ``(score, not_nans)``."""

    def __init__(self, skip_channel=True, metric_name="hit_rate", calculation_method=False, decrease="mean"):
        self.skip_channel = skip_channel
        self.metric_name = metric_name
        self.calculation_method = calculation_method
        self.decrease = decrease

    def __call__(self, y_pred, y):
        if not np.all(y.astype(np.uint8) == y):
            raise ValueError("For 'ConfusionMatrix.update', the true value (input[1]) must be a binarized ndarray.")
        dims = y_pred.ndim
        if dims < 2:
            raise ValueError(f"For 'ConfusionMatrix.update', the predicted value (input[0]) must have at least 2 "
                             f"dimensions, but got {dims}.")
        if dims == 2 or (dims == 3 and y_pred.shape[-1] == 1):
            self.calculation_method = False   # no spatial axes: nothing to compute per sample (sticky)
        counts = _get_confusion_matrix(y_pred, y, skip_channel=self.skip_channel)
        if not self.calculation_method:
            return counts
        return _decrease_metric(_compute_confusion_matrix_metric(self.metric_name, counts), self.decrease)


def _get_confusion_matrix(y_pred, y, skip_channel=True):
    """(batch, channel, 4) counts [TP, FP, TN, FN] over the spatial positions."""
    if not skip_channel:
        y = y[:, 1:] if y.shape[1] > 1 else y
        y_pred = y_pred[:, 1:] if y_pred.shape[1] > 1 else y_pred
    y = y.astype(float)
    y_pred = y_pred.astype(float)
    if y.shape != y_pred.shape:
        raise ValueError(f"The 'y_shape' should be = y_pred_shape: {y_pred.shape}, but got {y.shape}.")
    batch, channels = y_pred.shape[:2]
    y_pred = y_pred.reshape(batch, channels, -1)
    y = y.reshape(batch, channels, -1)
    both = y_pred + y
    tp = (both == 2).astype(float).sum(axis=2)
    tn = (both == 0).astype(float).sum(axis=2)
    p = y.sum(axis=2)
    n = y.shape[-1] - p
    return np.stack([tp, n - tn, tn, p - tp], axis=-1)   # [TP, FP, TN, FN]


def _masked_mean(total, count):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(count > 0, total / count, np.zeros(1, dtype=float))


def _decrease_metric(chart, decrease="mean"):
    """Reduce a (batch, channel) chart, NaNs counted out: returns ``(chart, not_nans)``."""
    nans = np.isnan(chart)
    not_nans = (~nans).astype(float)
    chart[nans] = 0
    if decrease == "mean":
        per_sample = not_nans.sum(axis=1)
        chart = _masked_mean(chart.sum(axis=1), per_sample)
        not_nans = (per_sample > 0).astype(float).sum(axis=0)
        chart = _masked_mean(chart.sum(axis=0), not_nans)
    elif decrease == "sum":
        not_nans, chart = not_nans.sum(axis=(0, 1)), np.sum(chart, axis=(0, 1))
    elif decrease == "sum_batch":
        not_nans, chart = not_nans.sum(axis=0), chart.sum(axis=0)
    elif decrease == "mean_channel":
        not_nans = not_nans.sum(axis=1)
        chart = _masked_mean(chart.sum(axis=1), not_nans)
    elif decrease == "sum_channel":
        not_nans, chart = not_nans.sum(axis=1), chart.sum(axis=1)
    elif decrease == "mean_batch":
        # MindSpore 2.10 maps 'mean_batch' to the reduction function itself and unpacks it
        raise TypeError("cannot unpack non-iterable function object")
    return chart, not_nans


_NAN = float("nan")


def _ratio(num, den):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den > 0, num / den, np.array(_NAN))


# (numerator, denominator) of the metrics that are plain expressions of the counts
_COUNT_TERMS = {
    "tpr": lambda tp, fp, tn, fn: (tp, tp + fn),
    "tnr": lambda tp, fp, tn, fn: (tn, fp + tn),
    "ppv": lambda tp, fp, tn, fn: (tp, tp + fp),
    "npv": lambda tp, fp, tn, fn: (tn, tn + fn),
    "fnr": lambda tp, fp, tn, fn: (fn, tp + fn),
    "fpr": lambda tp, fp, tn, fn: (fp, fp + tn),
    "fdr": lambda tp, fp, tn, fn: (fp, fp + tp),
    "for": lambda tp, fp, tn, fn: (fn, fn + tn),
    "ts": lambda tp, fp, tn, fn: (tp, tp + fn + fp),
    "acc": lambda tp, fp, tn, fn: (tp + tn, (tp + fn) + (fp + tn)),
    "f1": lambda tp, fp, tn, fn: (tp * 2.0, tp * 2.0 + fn + fp),
    "mcc": lambda tp, fp, tn, fn: (tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))),
}


def _metric_terms(metric, tp, fp, tn, fn):
    """(numerator, denominator) of the metric."""
    if metric in _COUNT_TERMS:
        return _COUNT_TERMS[metric](tp, fp, tn, fn)
    p, n = tp + fn, fp + tn
    tpr, tnr = _ratio(tp, p), _ratio(tn, n)
    if metric == "pt":
        return np.sqrt(tpr * (1.0 - tnr)) + tnr - 1.0, tpr + tnr - 1.0
    if metric == "ba":
        return tpr + tnr, 2.0
    if metric == "bm":
        return tpr + tnr - 1.0, 1.0
    ppv = _ratio(tp, tp + fp)
    if metric == "fm":
        return np.sqrt(ppv * tpr), 1.0
    # "mk": MindSpore divides tn / (tn + fn) without a guard here
    with np.errstate(divide="ignore", invalid="ignore"):
        npv = tn / (tn + fn)
    return ppv + npv - 1.0, 1.0


def _compute_confusion_matrix_metric(metric_name, confusion_matrix):
    metric = _check_metric_name(metric_name)
    if confusion_matrix.ndim == 1:
        confusion_matrix = np.expand_dims(confusion_matrix, 0)
    if confusion_matrix.shape[-1] != 4:
        raise ValueError(f"For 'ConfusionMatrix', the size of the last dimension of confusion_matrix must be 4, "
                         f"but got {confusion_matrix.shape[-1]}.")
    tp, fp, tn, fn = (confusion_matrix[..., i] for i in range(4))
    with np.errstate(divide="ignore", invalid="ignore"):
        num, den = _metric_terms(metric, tp, fp, tn, fn)
        if isinstance(den, np.ndarray):
            return np.where(den != 0, num / den, np.array(_NAN))
        return num / den


_METRIC_ALIASES = {
    "tpr": ("sensitivity", "recall", "hit_rate", "true_positive_rate", "tpr"),
    "tnr": ("specificity", "selectivity", "true_negative_rate", "tnr"),
    "ppv": ("precision", "positive_predictive_value", "ppv"),
    "npv": ("negative_predictive_value", "npv"),
    "fnr": ("miss_rate", "false_negative_rate", "fnr"),
    "fpr": ("fall_out", "false_positive_rate", "fpr"),
    "fdr": ("false_discovery_rate", "fdr"),
    "for": ("false_omission_rate", "for"),
    "pt": ("prevalence_threshold", "pt"),
    "ts": ("threat_score", "critical_success_index", "ts", "csi"),
    "acc": ("accuracy", "acc"),
    "ba": ("balanced_accuracy", "ba"),
    "f1": ("f1_score", "f1"),
    "mcc": ("matthews_correlation_coefficient", "mcc"),
    "fm": ("fowlkes_mallows_index", "fm"),
    "bm": ("informedness", "bookmaker_informedness", "bm"),
    "mk": ("markedness", "deltap", "mk"),
}
_METRIC_NAMES = {alias: key for key, aliases in _METRIC_ALIASES.items() for alias in aliases}


def _check_metric_name(metric_name):
    key = _METRIC_NAMES.get(metric_name.replace(" ", "_").lower())
    if key is None:
        # MindSpore's exception class for an unknown metric name
        raise NotImplementedError("The metric is not implemented.")
    return key
