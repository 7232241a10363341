"""``CosineSimilarity``: the matrix of pairwise (cosine or dot) similarities of the rows of one input."""
import numpy as np

from .metric import Metric, rearrange_inputs
from mscompat._checkparam import check_value_type, check_string

__all__ = ["CosineSimilarity"]


class CosineSimilarity(Metric):
    """Similarity matrix of the last ``update``'s rows; ``eval`` zeroes its diagonal (``zero_diagonal``)
    and reduces each row ('none', 'sum', 'mean'). ``eval`` works on the stored matrix in place."""

    def __init__(self, similarity="cosine", reduction="none", zero_diagonal=True):
        super().__init__()
        self.similarity = check_string(check_value_type("similarity", similarity, [str]), ["dot", "cosine"],
                                       "similarity")
        self.reduction = check_string(check_value_type("reduction", reduction, [str]), ["none", "sum", "mean"],
                                      "reduction")
        self.zero_diagonal = check_value_type("zero_diagonal", zero_diagonal, [bool])
        self.sqr_mtx_res = 0
        self.clear()
        self._is_update = None

    def clear(self):
        self.sqr_mtx_res = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, inputs):
        data = self._convert_data(inputs)
        if self.similarity == "cosine":
            data = data / np.expand_dims(np.linalg.norm(data, ord=2, axis=1), 1)
        self.sqr_mtx_res = np.dot(data, data.transpose(1, 0))
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        if self.zero_diagonal:
            np.fill_diagonal(self.sqr_mtx_res, 0)
        if self.reduction == "mean":
            self.sqr_mtx_res = np.mean(self.sqr_mtx_res, axis=-1)
        elif self.reduction == "sum":
            self.sqr_mtx_res = np.sum(self.sqr_mtx_res, axis=-1)
        return self.sqr_mtx_res
