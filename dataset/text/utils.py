"""``mindspore.dataset.text.utils``: vocabularies, pre-trained word vectors, the text enums and
``to_str`` / ``to_bytes``."""
import os
from enum import IntEnum
import io
import re

import numpy as np
import sentencepiece as spm

from .._arg_checks import (INT32_MAX, check_filename, check_non_negative_int32, check_positive, check_uint32,
                           check_value, type_check, type_check_list)

__all__ = ["CharNGram", "FastText", "GloVe", "JiebaMode", "NormalizeForm", "SentencePieceModel",
           "SentencePieceVocab", "SPieceTokenizerLoadType", "SPieceTokenizerOutType", "Vectors", "Vocab",
           "to_bytes", "to_str"]


class JiebaMode(IntEnum):
    """Segmentation algorithm of :class:`JiebaTokenizer`."""
    MIX = 0
    MP = 1
    HMM = 2


class NormalizeForm(IntEnum):
    """Unicode normalization form."""
    NONE = 0
    NFC = 1
    NFKC = 2
    NFD = 3
    NFKD = 4


class SentencePieceModel(IntEnum):
    """Model type of a trained SentencePiece vocabulary."""
    UNIGRAM = 0
    BPE = 1
    CHAR = 2
    WORD = 3


class SPieceTokenizerLoadType(IntEnum):
    FILE = 0
    MODEL = 1


class SPieceTokenizerOutType(IntEnum):
    STRING = 0
    INT = 1


# ---------------------------------------------------------------------------------------
# Vocab


def _unique_words(words, arg_name):
    type_check(words, (list,), arg_name)
    seen = set()
    for word in words:
        type_check(word, (str,), arg_name)
        if word in seen:
            raise ValueError(f"{arg_name} contains duplicate word: {word}.")
        seen.add(word)
    return seen


def _check_vocab_built(vocab):
    if vocab._word2id is None:
        raise RuntimeError(f"The Vocab has not built yet, got type {type(None)}. Use Vocab.from_dataset(), "
                           "Vocab.from_list(), Vocab.from_file() or Vocab.from_dict() to build a Vocab.")


class Vocab:
    """A mapping of tokens to ids, built with one of the ``from_*`` class methods."""

    def __init__(self):
        self._word2id = None
        self._id2word = None

    @property
    def c_vocab(self):
        return self._word2id

    def _set(self, word2id):
        self._word2id = dict(word2id)
        self._id2word = {}
        for word, wid in self._word2id.items():
            self._id2word.setdefault(wid, word)
        return self

    @classmethod
    def from_dataset(cls, dataset, columns=None, freq_range=None, top_k=None, special_tokens=None,
                     special_first=True):
        """Count the words of ``columns`` of ``dataset`` (string columns of tokens)."""
        if columns is not None and not isinstance(columns, list):
            columns = [columns]
            type_check_list(columns, (str,), "col")
        if freq_range is not None:
            type_check(freq_range, (tuple,), "freq_range")
            if len(freq_range) != 2:
                raise ValueError("freq_range needs to be a tuple of 2 element.")
            for num in freq_range:
                if num is not None and not isinstance(num, int):
                    raise ValueError("freq_range needs to be either None or a tuple of 2 integers or an int and a "
                                     "None.")
            if isinstance(freq_range[0], int) and isinstance(freq_range[1], int):
                if freq_range[0] > freq_range[1] or freq_range[0] < 0:
                    raise ValueError("frequency range [a,b] should be 0 <= a <= b (a,b are inclusive).")
        type_check(top_k, (int, type(None)), "top_k")
        if isinstance(top_k, int):
            check_positive(top_k, "top_k")
        type_check(special_first, (bool,), "special_first")
        if special_tokens is not None:
            _unique_words(special_tokens, "special_tokens")
        special_tokens = special_tokens or []
        lo, hi = (None, None) if freq_range is None else freq_range
        lo = 0 if lo is None else lo
        hi = INT32_MAX if hi is None else hi
        counts, order = {}, []
        names = columns
        for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1):
            cols = names if names else list(row)
            for col in cols:
                if col not in row:
                    raise RuntimeError(f"BuildVocab: column: {col} doesn't exist in dataset.")
                arr = np.asarray(row[col])
                if arr.dtype.kind not in "US":
                    raise RuntimeError("BuildVocab: column to build vocab must be string.")
                for w in arr.reshape(-1).tolist():
                    w = w.decode("utf-8") if isinstance(w, bytes) else w
                    if w not in counts:
                        counts[w] = 0
                        order.append(w)
                    counts[w] += 1
        for sp in special_tokens:
            if sp in counts:
                raise RuntimeError(f"BuildVocab: {sp} is already in the dataset and can not be a special token.")
        words = [w for w in order if lo <= counts[w] <= hi]
        # most frequent first, ties by word (MindSpore sorts the (word, count) pairs this way)
        words.sort(key=lambda w: (-counts[w], w))
        if top_k is not None:
            words = words[:top_k]
        seq = (special_tokens + words) if special_first else (words + special_tokens)
        return cls()._set({w: i for i, w in enumerate(seq)})

    @classmethod
    def from_list(cls, word_list, special_tokens=None, special_first=True):
        """Ids in list order; ``special_tokens`` before (``special_first``) or after the words."""
        words = _unique_words(word_list, "word_list")
        if special_tokens is not None:
            specials = _unique_words(special_tokens, "special_tokens")
            both = words.intersection(specials)
            if both:
                raise ValueError("special_tokens and word_list contain duplicate word :" + str(both) + ".")
        type_check(special_first, (bool,), "special_first")
        special_tokens = special_tokens or []
        seq = (special_tokens + word_list) if special_first else (word_list + special_tokens)
        return cls()._set({w: i for i, w in enumerate(seq)})

    @classmethod
    def from_file(cls, file_path, delimiter="", vocab_size=None, special_tokens=None, special_first=True):
        """One word per line (the part before ``delimiter``), at most ``vocab_size`` of them."""
        if special_tokens is not None:
            _unique_words(special_tokens, "special_tokens")
        type_check_list([file_path, delimiter], (str,), ["file_path", "delimiter"])
        if vocab_size is not None:
            check_positive(vocab_size, "vocab_size")
        type_check(special_first, (bool,), special_first)
        special_tokens = special_tokens or []
        if not os.path.isfile(file_path):
            raise RuntimeError(f"Get real path failed, path={file_path}")
        specials = set(special_tokens)
        word2id = {}
        wid = len(special_tokens) if special_first else 0
        with open(file_path, "r", encoding="utf-8", newline="\n") as f:
            lines = f.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        for line in lines:
            word = line
            if delimiter:
                cut = [i for i in (word.find(ch) for ch in delimiter) if i >= 0]
                word = word[:min(cut)] if cut else word
            if word in word2id:
                raise RuntimeError(f"from_file: word_list contains duplicate word:{word}")
            if word in specials:
                raise RuntimeError(f"from_file: special_tokens and word_list contain duplicate word:{word}")
            word2id[word] = wid
            wid += 1
            if vocab_size is not None and len(word2id) == vocab_size:
                break
        wid = 0 if special_first else len(word2id)
        for sp in special_tokens:
            word2id[sp] = wid
            wid += 1
        return cls()._set(word2id)

    @classmethod
    def from_dict(cls, word_dict):
        """Ids as given by ``word_dict`` ({word: id})."""
        type_check(word_dict, (dict,), "word_dict")
        for word, word_id in word_dict.items():
            type_check(word, (str,), "word")
            type_check(word_id, (int,), "word_id")
            check_value(word_id, (0, INT32_MAX), "word_id")
        return cls()._set(word_dict)

    def vocab(self):
        """The {word: id} dict."""
        _check_vocab_built(self)
        return dict(self._word2id)

    def tokens_to_ids(self, tokens):
        """Id of a token (-1 if absent); a list for a list / array of tokens."""
        type_check(tokens, (str, list, np.ndarray), "tokens")
        if isinstance(tokens, list):
            type_check_list(tokens, (str, np.str_), [f"tokens[{i}]" for i in range(len(tokens))])
        _check_vocab_built(self)
        if isinstance(tokens, np.ndarray):
            tokens = tokens.tolist()
        if isinstance(tokens, str):
            return self._word2id.get(tokens, -1)
        return [self._word2id.get(str(t), -1) for t in tokens]

    def ids_to_tokens(self, ids):
        """Token of an id ('' if absent); a list for a list / array of ids."""
        type_check(ids, (int, list, np.ndarray), "ids")
        if isinstance(ids, int):
            check_value(ids, (0, INT32_MAX), "ids")
        if isinstance(ids, list):
            for i, id_ in enumerate(ids):
                type_check(id_, (int, np.int_), f"ids[{i}]")
                check_value(id_, (0, INT32_MAX), f"ids[{i}]")
        _check_vocab_built(self)
        if isinstance(ids, np.ndarray):
            ids = ids.tolist()
        if isinstance(ids, int):
            return self._id2word.get(ids, "")
        return [self._id2word.get(int(i), "") for i in ids]


# ---------------------------------------------------------------------------------------
# SentencePiece


def _sp_model_type(model_type):
    if isinstance(model_type, SentencePieceModel):
        return model_type.name.lower()
    return str(model_type).lower()


def _train_sentencepiece(sentences, vocab_size, character_coverage, model_type, params):
    model = io.BytesIO()
    options = {"vocab_size": vocab_size, "character_coverage": character_coverage,
               "model_type": _sp_model_type(model_type), "minloglevel": 2}
    for key, value in (params or {}).items():
        options[key] = value
    try:
        spm.SentencePieceTrainer.train(sentence_iterator=iter(sentences), model_writer=model, **options)
    except (RuntimeError, OSError, ValueError) as exc:
        raise RuntimeError(f"SentencePieceVocab: train failed: {exc}") from exc
    return model.getvalue()


def _check_sp_args(vocab_size, character_coverage, model_type, params, required=True):
    if vocab_size is not None:
        check_uint32(vocab_size, "vocab_size")
    elif required:
        raise TypeError("vocab_size must be provided.")
    if character_coverage is not None:
        type_check(character_coverage, (float,), "character_coverage")
    if model_type is not None:
        type_check(model_type, (str, SentencePieceModel), "model_type")
    if params is not None:
        type_check(params, (dict,), "params")


class SentencePieceVocab:
    """A trained SentencePiece model (the ``sentencepiece`` package trains and runs it)."""

    def __init__(self):
        self.c_sentence_piece_vocab = None

    @classmethod
    def from_dataset(cls, dataset, col_names, vocab_size, character_coverage, model_type, params):
        """Train on the sentences of ``col_names`` of ``dataset``."""
        if col_names is not None:
            type_check_list(col_names, (str,), "col_names")
        _check_sp_args(vocab_size, character_coverage, model_type, params)
        sentences = []
        for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1):
            for col in (col_names or list(row)):
                for s in np.asarray(row[col]).reshape(-1).tolist():
                    sentences.append(s.decode("utf-8") if isinstance(s, bytes) else str(s))
        vocab = cls()
        vocab.c_sentence_piece_vocab = _train_sentencepiece(sentences, vocab_size, character_coverage, model_type,
                                                            params)
        return vocab

    @classmethod
    def from_file(cls, file_path, vocab_size, character_coverage, model_type, params):
        """Train on the lines of the text files ``file_path`` (a list)."""
        if file_path is not None:
            type_check(file_path, (list,), "file_path")
        _check_sp_args(vocab_size, character_coverage, model_type, params, required=False)
        sentences = []
        for path in file_path:
            if not os.path.isfile(path):
                raise RuntimeError(f"SentencePieceVocab: file {path} does not exist.")
            with open(path, "r", encoding="utf-8") as f:
                sentences.extend(line.rstrip("\r\n") for line in f)
        vocab = cls()
        vocab.c_sentence_piece_vocab = _train_sentencepiece(sentences, vocab_size, character_coverage, model_type,
                                                            params)
        return vocab

    @classmethod
    def save_model(cls, vocab, path, filename):
        """Write the model to ``path/filename`` (a file ``SentencePieceTokenizer`` can load)."""
        if vocab is not None:
            type_check(vocab, (SentencePieceVocab,), "vocab")
        if path is not None:
            type_check(path, (str,), "path")
        if filename is not None:
            type_check(filename, (str,), "filename")
        if not os.path.isdir(path):
            raise RuntimeError(f"SentencePieceVocab: path {path} does not exist or is not a directory.")
        with open(os.path.join(path, filename), "wb") as f:
            f.write(vocab.c_sentence_piece_vocab)


# ---------------------------------------------------------------------------------------
# Pre-trained word vectors


def _check_vectors_args(file_path, max_vectors):
    type_check(file_path, (str,), "file_path")
    check_filename(file_path)
    if max_vectors is not None:
        type_check(max_vectors, (int,), "max_vectors")
        check_non_negative_int32(max_vectors, "max_vectors")


def _load_vectors(path, max_vectors, name="Vectors"):
    """MindSpore's reader: an optional 2-field header line, then ``token v1 v2 ...`` lines."""
    real = os.path.realpath(path)
    if not os.path.exists(real):
        raise RuntimeError(f"{name}: get real path failed, path: {path}")
    try:
        with open(real, "r", encoding="utf-8", errors="surrogateescape") as f:
            lines = f.read().split("\n")
    except OSError as exc:
        raise RuntimeError(f"Vectors: invalid file, failed to open vector file: {path}") from exc
    if lines and lines[-1] == "":
        lines.pop()
    header, dim = 0, -1
    for line in lines:
        fields = line.split(" ")
        if len(fields) == 2:
            header += 1
        else:
            dim = len(fields) - 1
            break
    num = len(lines) - header
    if num <= 0:
        raise RuntimeError("Vectors: invalid file, file is empty.")
    if max_vectors:
        num = min(max_vectors, num)
    table = {}
    for line in lines[header:header + num]:
        token, _, rest = line.partition(" ")
        values = rest.split()
        if len(values) <= 1:
            raise RuntimeError("Vectors: token with 1-dimensional vector.")
        if len(values) != dim:
            raise RuntimeError(f"Vectors: all vectors must have the same number of dimensions, but got dim "
                               f"{len(values)} while expecting {dim}")
        if token not in table:
            table[token] = np.array([_atof(v) for v in values], np.float32)
    return table, dim


def _atof(s):
    try:
        return float(s)
    except ValueError:
        m = re.match(r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?", s)
        return float(m.group(0)) if m else 0.0


class Vectors:
    """Pre-trained word vectors read from a text file (``token v1 v2 ...`` per line)."""

    _name = "Vectors"

    def __init__(self, table=None, dim=0):
        self._table = table or {}
        self._dim = dim

    @classmethod
    def from_file(cls, file_path, max_vectors=None):
        _check_vectors_args(file_path, max_vectors)
        cls._check_name(file_path)
        table, dim = _load_vectors(file_path, max_vectors or 0, cls._name)
        return cls(table, dim)

    _file_pattern = None   # the file name a subclass requires, as MindSpore writes it in the message

    @classmethod
    def _check_name(cls, file_path):
        if cls._file_pattern is None:
            return
        if not os.path.isfile(file_path):
            raise RuntimeError(f"{cls._name}: invalid file, failed to open {cls._name} file.")
        if not cls._name_matches(os.path.basename(file_path)):
            raise RuntimeError(f"{cls._name}: invalid file, can not find file '{cls._file_pattern}', but got: "
                               f"{file_path}")

    def _lookup(self, token, unk_init, lower_case_backup):
        init = np.asarray(unk_init, np.float32) if len(unk_init) == self._dim and len(unk_init) else \
            np.zeros(self._dim, np.float32)
        if lower_case_backup:
            token = _ascii_lower(token)
        vec = self._table.get(token)
        return init if vec is None else vec


def _ascii_lower(token):
    return "".join(c.lower() if "A" <= c <= "Z" else c for c in token)


class FastText(Vectors):
    """FastText vectors from a ``*.vec`` file."""

    _name = "FastText"
    _file_pattern = "*.vec"

    @staticmethod
    def _name_matches(base):
        return base.rsplit(".", 1)[-1] == "vec"


class GloVe(Vectors):
    """GloVe vectors from a ``glove.6B.*.txt`` file."""

    _name = "GloVe"
    _file_pattern = "glove.6B.*.txt"

    @staticmethod
    def _name_matches(base):
        stem, _, suffix = base.rpartition(".")
        stem = stem.rpartition(".")[0]
        prefix, _, infix = stem.rpartition(".")
        return suffix == "txt" and infix == "6B" and prefix == "glove"


class CharNGram(Vectors):
    """Character n-gram vectors: a token's vector is the mean of its 2/3/4-gram vectors."""

    _name = "CharNGram"

    def _lookup(self, token, unk_init, lower_case_backup):
        init = np.asarray(unk_init, np.float32) if len(unk_init) == self._dim and len(unk_init) else \
            np.zeros(self._dim, np.float32)
        if lower_case_backup:
            token = _ascii_lower(token)
        chars = [b"#BEGIN#"] + [bytes([b]) for b in token.encode("utf-8", "surrogateescape")] + [b"#END#"]
        total = np.zeros(self._dim, np.float32)
        count = 0
        for n in (2, 3, 4):
            for pos in range(len(chars) - n + 1):
                key = (f"{n}gram-".encode() + b"".join(chars[pos:pos + n])).decode("utf-8", "surrogateescape")
                vec = self._table.get(key)
                vec = init if vec is None else vec
                if not np.array_equal(vec, init):
                    total = total + vec
                    count += 1
        return (total / np.float32(count)).astype(np.float32) if count else init


# ---------------------------------------------------------------------------------------
# numpy string helpers


def to_bytes(array, encoding="utf8"):
    """Encode a numpy array of str into bytes."""
    if not isinstance(array, np.ndarray):
        raise ValueError("input should be a NumPy array.")
    return np.char.encode(array, encoding)


def to_str(array, encoding="utf8"):
    """Decode a numpy array of bytes into str."""
    if not isinstance(array, np.ndarray):
        raise TypeError("input should be a NumPy array.")
    return np.char.decode(array, encoding)
