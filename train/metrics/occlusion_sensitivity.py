"""``OcclusionSensitivity``: how much a model's score for a label drops when each region of the input
is occluded (replaced by ``pad_val``)."""
import numpy as np

from mscompat.common.tensor import Tensor
from .metric import _Accumulator
from mscompat._checkparam import check_value_type
from mscompat.nn.cell import Cell

try:
    from tqdm import trange as _steps
except (ImportError, AttributeError):
    _steps = range

__all__ = ["OcclusionSensitivity"]


def _bounding_box(b_box, im_shape):
    """(min, max) index arrays of ``b_box`` ([min0, max0, min1, max1, ...]; negative max = to the end),
    or (None, None)."""
    if b_box is None:
        return None, None
    if len(b_box) != 2 * len(im_shape):
        raise ValueError(f"For 'OcclusionSensitivity', the bounding box must contain upper and lower for "
                         f"all dimensions (except batch number), and the length of 'b_box' must be twice "
                         f"as long as predicted value's (except batch number), but got 'b_box' length "
                         f"{len(b_box)}, predicted value length (except batch number) {len(im_shape)}.")
    lo = np.array(b_box[::2])
    hi = np.array(b_box[1::2])
    lo[lo < 0] = 0
    hi[hi < 0] = im_shape[hi < 0] - 1
    if np.any(hi >= im_shape):
        raise ValueError("For 'OcclusionSensitivity', maximum bounding box must be smaller than image size "
                         "for all values.")
    if np.any(lo > hi):
        raise ValueError("For 'OcclusionSensitivity', minimum bounding box must be smaller than maximum "
                         "bounding box for all values.")
    return lo, hi


def _scores(model, images, labels, collected):
    """Append the model's scores of ``labels`` on the stacked ``images`` to ``collected``."""
    outputs = model(Tensor(np.vstack(images))).asnumpy()
    label_idx = np.expand_dims(labels, 1)
    rows = np.arange(label_idx.shape[0])[:, None]
    picked = outputs[rows, label_idx]
    return np.vstack(picked) if collected.size == 0 else np.vstack((collected, picked))


class OcclusionSensitivity(_Accumulator):
    """``update(model, y_pred, label)`` with one image ``y_pred`` (batch 1): for every position (inside
    ``b_box`` if given) the image with a cube of half-size ``margin`` around it set to ``pad_val`` is
    scored (``n_batch`` images per model call); ``eval`` returns baseline score minus occluded scores,
    in the image's (or box's) shape."""
    _name = "OcclusionSensitivity"
    _initial_state = {"_baseline": 0, "_sensitivity_im": 0, "_is_update": False}
    _inputs_count = 3
    _inputs_message = "it needs 3 inputs (classification model, predicted value, label), but got {}."
    _converted = (1, 2)

    def __init__(self, pad_val=0.0, margin=2, n_batch=128, b_box=None):
        super().__init__()
        self.pad_val = check_value_type("pad_val", pad_val, [float])
        self.margin = check_value_type("margin", margin, [int, list])
        self.n_batch = check_value_type("n_batch", n_batch, [int])
        self.b_box = b_box if b_box is None else check_value_type("b_box", b_box, [list])
        self.clear()

    def _accumulate(self, model, y_pred, label):
        model = check_value_type("model", model, [Cell])
        if y_pred.shape[0] > 1:
            raise RuntimeError(f"For 'OcclusionSensitivity.update', the shape at index 0 of the predicted value "
                               f"(input[1]) must be 1, but got {y_pred.shape[0]}.")
        if np.prod(label.shape) != y_pred.shape[0]:
            raise RuntimeError(f"For 'OcclusionSensitivity.update', the number of the label (input[2]) must be "
                               f"same as the batches, but got the label number {np.prod(label.shape)}, "
                               f"and batches {y_pred.shape[0]}.")
        im_shape = np.array(y_pred.shape[1:])
        lo, hi = _bounding_box(self.b_box, im_shape)
        self._baseline = model(Tensor(y_pred)).asnumpy()[0, label].item()

        out_shape = im_shape if self.b_box is None else hi - lo + 1
        total = np.prod(out_shape)
        images, labels = [], []
        collected = np.empty(0, dtype=float)
        for i in _steps(total):
            idx = np.unravel_index(i, out_shape)
            if lo is not None:
                idx += lo
            start = [max(0, k - self.margin) for k in idx]
            stop = [min(size, k + self.margin) for k, size in zip(idx, im_shape)]
            occluded = y_pred.copy()
            occluded[(...,) + tuple(slice(a, b) for a, b in zip(start, stop))] = self.pad_val
            images.append(occluded)
            labels.append(label)
            if len(images) == self.n_batch or i == total - 1:
                collected = _scores(model, images, labels, collected)
                images, labels = [], []
        self._sensitivity_im = collected.reshape(out_shape)
        self._is_update = True

    def eval(self):
        self._check_updated()
        return self._baseline - np.squeeze(self._sensitivity_im)
