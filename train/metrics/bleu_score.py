"""``BleuScore``: corpus BLEU of tokenized candidate sentences against their reference sentences."""
from collections import Counter

import numpy as np

from .metric import _Accumulator
from mscompat._checkparam import check_value_type

__all__ = ["BleuScore"]


def _ngrams(tokens, max_n):
    """Counts of all n-grams (as tuples) of ``tokens`` for n = 1..max_n."""
    counts = Counter()
    for n in range(1, max_n + 1):
        for start in range(len(tokens) - n + 1):
            counts[tuple(tokens[start:start + n])] += 1
    return counts


class BleuScore(_Accumulator):
    """BLEU with n-grams up to ``n_gram`` (1..4), optionally add-one ``smooth``ed precisions.
    ``update(candidate_corpus, reference_corpus)``: a list of token lists, and for each a list of
    reference token lists."""
    _name = "BleuScore"
    _inputs_message = "it needs 2 inputs (candidate_corpus, reference_corpus), but got {}."
    _converted = ()

    def __init__(self, n_gram=4, smooth=False):
        super().__init__()
        self.n_gram = check_value_type("n_gram", n_gram, [int])
        if self.n_gram > 4 or self.n_gram < 1:
            raise ValueError(f"For 'BleuScore', the argument 'n_gram' should range from 1 to 4, but got {n_gram}.")
        self.smooth = check_value_type("smooth", smooth, [bool])
        self.clear()

    def clear(self):
        self._numerator = np.zeros(self.n_gram)
        self._denominator = np.zeros(self.n_gram)
        self._precision_scores = np.zeros(self.n_gram)
        self._c = 0.0
        self._r = 0.0
        self._trans_len = 0
        self._ref_len = 0
        self._is_update = False

    def _count_ngram(self, ngram_input_list, n_gram):
        return _ngrams(ngram_input_list, n_gram)

    def _accumulate(self, candidates, references):
        if len(candidates) != len(references):
            raise ValueError(f"For 'BleuScore.update', 'translate_corpus' (inputs[0]) and 'reference_corpus' "
                             f"(inputs[1]) should be equal in length, but got {len(candidates)}, {len(references)}")
        for cand, refs in zip(candidates, references):
            self._c += len(cand)
            ref_lens = [len(r) for r in refs]
            gaps = [abs(len(cand) - n) for n in ref_lens]
            self._r += ref_lens[gaps.index(min(gaps))]     # the closest reference length (first on ties)
            cand_counts = _ngrams(cand, self.n_gram)
            ref_max = Counter()
            for r in refs:
                ref_max |= _ngrams(r, self.n_gram)
            for gram, cnt in (cand_counts & ref_max).items():
                self._numerator[len(gram) - 1] += cnt
            for gram, cnt in cand_counts.items():
                self._denominator[len(gram) - 1] += cnt
        self._trans_len = np.array(self._c)
        self._ref_len = np.array(self._r)
        self._is_update = True

    def eval(self):
        self._check_updated()
        if min(self._numerator) == 0.0:
            return np.array(0.0)
        if self.smooth:
            ones = np.ones(self.n_gram)
            precision = np.add(self._numerator, ones) / np.add(self._denominator, ones)
        else:
            precision = self._numerator / self._denominator
        weights = np.array([1.0 / self.n_gram] * self.n_gram)
        geometric_mean = np.exp(np.sum(weights * np.log(precision)))
        if self._c > self._r:
            penalty = np.array(1.0)
        else:
            penalty = np.exp(1 - (self._ref_len / self._trans_len))
        return penalty * geometric_mean
