"""Chinese word segmentation as MindSpore's ``JiebaTokenizer`` (cppjieba) does it, from cppjieba's
two model files: the word dictionary (``word freq tag`` lines; a word's weight is the log of its
share of the total frequency) and the HMM model (start / transition / emission log-probabilities of
the B, E, M, S states). MP: the maximum-weight path through the dictionary's word graph; HMM: Viterbi
over the states, ASCII letter and number runs kept whole; MIX: MP, with runs of unknown single
characters re-cut by the HMM. Sentences are first split at spaces, tabs, newlines, '，' and '。'."""
import math

from .utils import JiebaMode

MIN_DOUBLE = -3.14e100
_SEPARATORS = frozenset(" \t\n\uff0c\u3002")
_B, _E, _M, _S = 0, 1, 2, 3


def _lines(path):
    with open(path, "r", encoding="utf-8") as f:
        return f.read().split("\n")


class JiebaSegmenter:
    def __init__(self, hmm_path, mp_path, user_words=()):
        self.words = {}
        entries = []
        for line in _lines(mp_path):
            if line == "":
                continue
            parts = line.split(" ")
            if len(parts) != 3:
                raise RuntimeError(f"JiebaTokenizer: split result illegal, line: {line}")
            entries.append((parts[0], _atof(parts[1])))
        if not entries:
            raise RuntimeError(f"JiebaTokenizer: the dictionary {mp_path} is empty.")
        self.freq_sum = sum(f for _, f in entries)
        weights = []
        for word, freq in entries:
            w = math.log(freq / self.freq_sum)
            self.words[word] = w
            weights.append(w)
        weights.sort()
        self.min_weight = weights[0]
        self.user_default = weights[len(weights) // 2]
        for word, freq in user_words:
            self.words[word] = math.log(freq / self.freq_sum) if freq else self.user_default
        self.prefixes = set()
        for word in self.words:
            for k in range(1, len(word)):
                self.prefixes.add(word[:k])
        self._load_hmm(hmm_path)

    def _load_hmm(self, path):
        lines = [ln.strip() for ln in _lines(path)]
        lines = [ln for ln in lines if ln and not ln.startswith("#")]
        if len(lines) < 9:
            raise RuntimeError(f"JiebaTokenizer: the HMM model file {path} is incomplete.")
        self.start = [_atof(v) for v in lines[0].split(" ")]
        self.trans = [[_atof(v) for v in lines[1 + i].split(" ")] for i in range(4)]
        if len(self.start) != 4 or any(len(r) != 4 for r in self.trans):
            raise RuntimeError(f"JiebaTokenizer: the HMM model file {path} is not a cppjieba model.")
        self.emit = []
        for line in lines[5:9]:
            table = {}
            for item in line.split(","):
                key, _, val = item.rpartition(":")
                if len(key) == 1:
                    table[key] = _atof(val)
            self.emit.append(table)

    # ---- MP
    def _mp(self, chars):
        n = len(chars)
        dags = []
        for i in range(n):
            nexts = [(i, self.words.get(chars[i]))]
            word = chars[i]
            for j in range(i + 1, n):
                if word not in self.prefixes:
                    break
                word += chars[j]
                if word not in self.prefixes and word not in self.words:
                    break
                if word in self.words:
                    nexts.append((j, self.words[word]))
            dags.append(nexts)
        best = [None] * n
        score = [MIN_DOUBLE] * (n + 1)
        score[n] = 0.0
        for i in range(n - 1, -1, -1):
            score[i] = MIN_DOUBLE
            for j, w in dags[i]:
                val = (score[j + 1] if j + 1 < n else 0.0) + (w if w is not None else self.min_weight)
                if val > score[i]:
                    score[i] = val
                    best[i] = (j, w)
        out, i = [], 0
        while i < n:
            j, w = best[i] if best[i] is not None else (i, None)
            if w is None:
                j = i
            out.append((i, j + 1))
            i = j + 1
        return out

    # ---- HMM
    def _viterbi(self, chars):
        n = len(chars)
        weight = [[0.0] * n for _ in range(4)]
        path = [[-1] * n for _ in range(4)]
        for y in range(4):
            weight[y][0] = self.start[y] + self.emit[y].get(chars[0], MIN_DOUBLE)
        for x in range(1, n):
            for y in range(4):
                weight[y][x] = MIN_DOUBLE
                path[y][x] = _E
                emit = self.emit[y].get(chars[x], MIN_DOUBLE)
                for py in range(4):
                    tmp = weight[py][x - 1] + self.trans[py][y] + emit
                    if tmp > weight[y][x]:
                        weight[y][x] = tmp
                        path[y][x] = py
        stat = _E if weight[_E][n - 1] >= weight[_S][n - 1] else _S
        status = [0] * n
        for x in range(n - 1, -1, -1):
            status[x] = stat
            stat = path[stat][x]
        return status

    def _hmm_internal(self, chars, base, out):
        status = self._viterbi(chars)
        left = 0
        for i, s in enumerate(status):
            if s % 2:
                out.append((base + left, base + i + 1))
                left = i + 1

    def _hmm(self, chars, base=0):
        out = []
        left = right = 0
        n = len(chars)
        while right < n:
            if ord(chars[right]) < 0x80:
                if left != right:
                    self._hmm_internal(chars[left:right], base + left, out)
                left = right
                right = _letters(chars, left)
                if right == left:
                    right = _numbers(chars, left)
                if right == left:
                    right += 1
                out.append((base + left, base + right))
                left = right
            else:
                right += 1
        if left != right:
            self._hmm_internal(chars[left:right], base + left, out)
        return out

    def _mix(self, chars):
        words = self._mp(chars)
        out = []
        i = 0
        while i < len(words):
            s, e = words[i]
            if e - s > 1:
                out.append((s, e))
                i += 1
                continue
            j = i
            while j < len(words) and words[j][1] - words[j][0] == 1:
                j += 1
            out.extend(self._hmm(chars[words[i][0]:words[j - 1][1]], words[i][0]))
            i = j
        return out

    def cut(self, text, mode):
        """The words of ``text`` (concatenating to ``text``)."""
        if text == "":
            return [""]
        chars = list(text)
        ranges = []
        start = 0
        n = len(chars)
        while start < n:
            end = start
            while end < n and chars[end] not in _SEPARATORS:
                end += 1
            if end == start:
                end += 1
            ranges.append((start, end))
            start = end
        words = []
        for s, e in ranges:
            piece = chars[s:e]
            if mode == JiebaMode.MP:
                spans = self._mp(piece)
            elif mode == JiebaMode.HMM:
                spans = self._hmm(piece)
            else:
                spans = self._mix(piece)
            words.extend("".join(piece[a:b]) for a, b in spans)
        return words


def _letters(chars, i):
    n = len(chars)
    if not (chars[i].isascii() and chars[i].isalpha()):
        return i
    i += 1
    while i < n and chars[i].isascii() and chars[i].isalnum():
        i += 1
    return i


def _numbers(chars, i):
    n = len(chars)
    if not ("0" <= chars[i] <= "9"):
        return i
    i += 1
    while i < n and chars[i].isascii() and (chars[i].isalnum() or chars[i] == "."):
        i += 1
    return i


def _atof(s):
    try:
        return float(s)
    except ValueError:
        return 0.0
