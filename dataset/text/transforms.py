"""``mindspore.dataset.text.transforms``: tokenizers and text transforms on numpy string arrays.

Each op is a callable: ``WhitespaceTokenizer()("a b")`` gives ``array(['a', 'b'], dtype='<U1')``
(and the uint32 UTF-8 byte offsets with ``with_offsets=True``), as MindSpore's C++ kernels do;
argument errors raise in ``__init__``, data errors raise ``RuntimeError`` when called.
"""
import os
import unicodedata
import re

import numpy as np
import sentencepiece as spm

from mscompat.common import dtype as mstype
from .._arg_checks import check_pos_int32, check_positive, check_uint32, type_check
from ..transforms import _Transform, _to_array
from . import _unicode
from ._jieba import JiebaSegmenter
from .utils import (JiebaMode, NormalizeForm, SentencePieceVocab, SPieceTokenizerOutType, Vectors, Vocab, to_str)

__all__ = ["AddToken", "BasicTokenizer", "BertTokenizer", "CaseFold", "FilterWikipediaXML", "JiebaTokenizer",
           "Lookup", "Ngram", "NormalizeUTF8", "PythonTokenizer", "RegexReplace", "RegexTokenizer",
           "SentencePieceTokenizer", "SlidingWindow", "ToNumber", "ToVectors", "Truncate", "TruncateSequencePair",
           "UnicodeCharTokenizer", "UnicodeScriptTokenizer", "WhitespaceTokenizer", "WordpieceTokenizer"]


# ---------------------------------------------------------------------------------------
# helpers


def _is_str(a):
    return a.dtype.kind == "U"


def _strings(values, shape=None):
    out = np.array(list(values), dtype=str)
    return out if shape is None else out.reshape(shape)


def _nbytes(s):
    return len(s.encode("utf-8", "surrogatepass"))


def _scalar_text(op_name, arr):
    if arr.ndim != 0 or not _is_str(arr):
        raise RuntimeError(f"{op_name}: the input shape should be scalar and the input datatype should be string.")
    return str(arr.item())


def _tokens_out(tokens, starts, limits, with_offsets):
    if not tokens:
        tokens, starts, limits = [""], [0], [0]
    out = _strings(tokens)
    if with_offsets:
        return out, np.array(starts, np.uint32), np.array(limits, np.uint32)
    return out


def _elementwise(arr, fn):
    flat = [fn(str(s)) for s in arr.reshape(-1).tolist()]
    return _strings(flat, arr.shape)


def _check_bool(value, what):
    if not isinstance(value, bool):
        raise TypeError(f"Wrong input type for {what}, should be boolean.")


def _check_str(value, what):
    if not isinstance(value, str):
        raise TypeError(f"Wrong input type for {what}, should be string.")


def _check_normalize_form(form):
    if not isinstance(form, NormalizeForm):
        raise TypeError("Wrong input type for normalization_form, should be enum of 'NormalizeForm'.")


def _normalize(s, form):
    if form == NormalizeForm.NONE:
        return s
    return unicodedata.normalize(form.name, s)


class TextTensorOperation(_Transform):
    """Base of the text ops."""


# ---------------------------------------------------------------------------------------
# tokenizers


class _Tokens:
    """Tokens with their UTF-8 byte offsets ``[start, limit)``, collected in order."""

    def __init__(self):
        self.tokens, self.starts, self.limits = [], [], []

    def add(self, token, start, limit):
        self.tokens.append(token)
        self.starts.append(start)
        self.limits.append(limit)

    def out(self, with_offsets):
        return _tokens_out(self.tokens, self.starts, self.limits, with_offsets)


def _adjacent_tokens(words, with_offsets):
    """``words`` as tokens laid end to end from offset 0."""
    found, pos = _Tokens(), 0
    for w in words:
        found.add(w, pos, pos + _nbytes(w))
        pos += _nbytes(w)
    return found.out(with_offsets)


def _regex_tokens(text, delim, keep_delim):
    """ICU-style split of ``text`` on matches of ``delim``; delimiters that fully match ``keep_delim``
    are kept as tokens. Offsets are UTF-8 byte positions."""
    found = _Tokens()
    pos_bytes = 0
    token_start = 0
    for m in delim.finditer(text):
        ds, de = m.start(), m.end()
        if ds > token_start:
            tok = text[token_start:ds]
            found.add(tok, pos_bytes, pos_bytes + _nbytes(tok))
            pos_bytes += _nbytes(tok)
        if de > ds:
            dstr = text[ds:de]
            if keep_delim is not None and keep_delim.fullmatch(dstr):
                found.add(dstr, pos_bytes, pos_bytes + _nbytes(dstr))
            pos_bytes += _nbytes(dstr)
        token_start = de
    if token_start < len(text):
        tok = text[token_start:]
        found.add(tok, pos_bytes, pos_bytes + _nbytes(tok))
    return found


class _OffsetsTokenizer(TextTensorOperation):
    """A tokenizer whose only argument is ``with_offsets``."""

    def __init__(self, with_offsets=False):
        _check_bool(with_offsets, "with_offsets")
        self.with_offsets = with_offsets


class WhitespaceTokenizer(_OffsetsTokenizer):
    """Split a scalar string on Unicode white space."""

    def _apply(self, arr):
        text = _scalar_text("WhitespaceTokenizerOp", arr)
        found = _Tokens()
        pos_chars = pos_bytes = 0
        for m in _unicode.NON_WHITE_RUNS.finditer(text):
            pos_bytes += _nbytes(text[pos_chars:m.start()])
            tok = m.group(0)
            found.add(tok, pos_bytes, pos_bytes + _nbytes(tok))
            pos_bytes += _nbytes(tok)
            pos_chars = m.end()
        return found.out(self.with_offsets)


class UnicodeCharTokenizer(_OffsetsTokenizer):
    """Split a scalar string into its characters."""

    def _apply(self, arr):
        return _adjacent_tokens(list(_scalar_text("UnicodeCharTokenizerOp", arr)), self.with_offsets)


class UnicodeScriptTokenizer(TextTensorOperation):
    """Split a scalar string where the Unicode script changes and around white space."""

    def __init__(self, keep_whitespace=False, with_offsets=False):
        _check_bool(keep_whitespace, "keep_whitespace")
        _check_bool(with_offsets, "with_offsets")
        self.keep_whitespace = keep_whitespace
        self.with_offsets = with_offsets

    def _apply(self, arr):
        text = _scalar_text("UnicodeScriptTokenizerOp", arr)
        found = _Tokens()
        last_script, was_space = -1, False
        start = pos = 0
        cur = []
        for ch in text:
            n = _nbytes(ch)
            is_space = _unicode.is_uwhite_space(ch)
            script = _unicode.script_of(ch)
            if cur and (script != last_script or is_space != was_space):
                if self.keep_whitespace or not was_space:
                    found.add("".join(cur), start, pos)
                start, cur = pos, [ch]
            else:
                cur.append(ch)
            pos += n
            last_script, was_space = script, is_space
        if cur and (self.keep_whitespace or not was_space):
            found.add("".join(cur), start, pos)
        return found.out(self.with_offsets)


class RegexTokenizer(TextTensorOperation):
    """Split a scalar string on matches of ``delim_pattern`` (ICU syntax); delimiters matching
    ``keep_delim_pattern`` are kept as tokens."""

    def __init__(self, delim_pattern, keep_delim_pattern="", with_offsets=False):
        if delim_pattern is None:
            raise ValueError("delim_pattern is not provided.")
        _check_str(delim_pattern, "delim_pattern")
        _check_str(keep_delim_pattern, "keep_delim_pattern")
        _check_bool(with_offsets, "with_offsets")
        self.delim_pattern = delim_pattern
        self.keep_delim_pattern = keep_delim_pattern
        self.with_offsets = with_offsets

    def _apply(self, arr):
        text = _scalar_text("RegexTokenizerOp", arr)
        delim = _unicode.compile_icu(self.delim_pattern, "RegexTokenizer")
        keep = _unicode.compile_icu(self.keep_delim_pattern, "RegexTokenizer") if self.keep_delim_pattern else None
        return _regex_tokens(text, delim, keep).out(self.with_offsets)


_COMMON_PATTERN = ("[!-/]|[:-@]|[\\[-`]|[{-~]|[\\p{P}]|[\\x{4E00}-\\x{9FFF}]|[\\x{3400}-\\x{4DBF}]"
                   "|[\\x{20000}-\\x{2A6DF}]|[\\x{2A700}-\\x{2B73F}]|[\\x{2B740}-\\x{2B81F}]"
                   "|[\\x{2B820}-\\x{2CEAF}]|[\\x{F900}-\\x{FAFF}]|[\\x{2F800}-\\x{2FA1F}]")
_UNUSED_PATTERN = "\\[CLS\\]|\\[SEP\\]|\\[UNK\\]|\\[PAD\\]|\\[MASK\\]|\\[unused\\d+\\]|"
_UNUSED_WORDS = ("[CLS]", "[SEP]", "[UNK]", "[PAD]", "[MASK]")
_MN = _unicode.compile_icu("\\p{Mn}", "BasicTokenizer")
_CONTROL = _unicode.compile_icu("\\p{Cc}|\\p{Cf}", "BasicTokenizer")


def _casefold_keeping_unused(text):
    """MindSpore's case folding that leaves [CLS]/[SEP]/[UNK]/[PAD]/[MASK] as they are. Its C++ never
    advances the start of the folded span, so each preserved word is preceded by the folded text
    from the beginning of the string (and the whole text follows the last one); reproduced."""
    raw = text.encode("utf-8", "surrogatepass")
    spans, start, length = [], -1, 0
    for i, b in enumerate(raw):
        if b == ord("["):
            start, length = i, length + 1
        elif b == ord("]") and start >= 0:
            length += 1
            if raw[start:start + length].decode("utf-8", "surrogatepass") in _UNUSED_WORDS:
                spans.append((start, start + length - 1))
            start, length = -1, 0
        elif start >= 0:
            length += 1
    out = []
    i = 0
    while i < len(raw):
        if not spans:
            i = len(raw)
            part, keep = raw[0:i], b""
        else:
            first, last = spans.pop(0)
            keep = raw[first:last + 1]
            part = raw[0:first]
            i = last + 1
        out.append(_unicode.nfkc_casefold(part.decode("utf-8", "surrogatepass")) + keep.decode("utf-8"))
    return "".join(out)


def _set_basic_options(op, lower_case, keep_whitespace, normalization_form, preserve_unused_token, with_offsets):
    """Check and store the options of :class:`BasicTokenizer` (which :class:`BertTokenizer` shares)."""
    _check_bool(lower_case, "lower_case")
    _check_bool(keep_whitespace, "keep_whitespace")
    _check_bool(preserve_unused_token, "preserve_unused_token")
    _check_bool(with_offsets, "with_offsets")
    _check_normalize_form(normalization_form)
    op.lower_case = lower_case
    op.keep_whitespace = keep_whitespace
    op.normalization_form = normalization_form
    op.preserve_unused_token = preserve_unused_token
    op.with_offsets = with_offsets


class BasicTokenizer(TextTensorOperation):
    """BERT's basic tokenization of a scalar string: optional case folding and accent stripping,
    control characters to spaces, split on white space, punctuation and CJK characters."""

    def __init__(self, lower_case=False, keep_whitespace=False, normalization_form=NormalizeForm.NONE,
                 preserve_unused_token=True, with_offsets=False):
        _set_basic_options(self, lower_case, keep_whitespace, normalization_form, preserve_unused_token, with_offsets)
        delim = "\\s+|" + _COMMON_PATTERN
        keep = delim if keep_whitespace else _COMMON_PATTERN
        if preserve_unused_token:
            keep, delim = _UNUSED_PATTERN + keep, _UNUSED_PATTERN + delim
        self._delim = _unicode.compile_icu(delim, "BasicTokenizer")
        self._keep = _unicode.compile_icu(keep, "BasicTokenizer")

    def _tokenize(self, arr):
        if arr.ndim != 0:
            raise RuntimeError(f"BasicTokenizer: the input should be a scalar, but got a tensor with rank: {arr.ndim}")
        if not _is_str(arr):
            raise RuntimeError("BasicTokenizer: the input should be of type string.")
        text = str(arr.item())
        if self.lower_case:
            text = _casefold_keeping_unused(text) if self.preserve_unused_token else _unicode.nfkc_casefold(text)
            text = _MN.sub("", unicodedata.normalize("NFD", text))
        else:
            text = _normalize(text, self.normalization_form)
        text = _CONTROL.sub(" ", text)
        return _regex_tokens(text, self._delim, self._keep)

    def _apply(self, arr):
        return self._tokenize(arr).out(self.with_offsets)


def _check_wordpiece_args(vocab, suffix_indicator, max_bytes_per_token, unknown_token, with_offsets, missing):
    if vocab is None:
        raise ValueError(missing)
    if not isinstance(vocab, Vocab):
        raise TypeError("Wrong input type for vocab, should be text.Vocab object.")
    _check_str(suffix_indicator, "suffix_indicator")
    _check_str(unknown_token, "unknown_token")
    _check_bool(with_offsets, "with_offsets")


def _wordpiece(words, basic_starts, vocab, suffix, max_bytes, unknown):
    """Greedy longest-match-first subwords of each word. As in MindSpore, the offsets of the subwords
    found before a word turns out unknown stay in the offsets."""
    table = vocab._word2id
    tokens, starts, limits = [], [], []
    for word, base in zip(words, basic_starts):
        raw = word.encode("utf-8", "surrogatepass")
        if len(raw) > max_bytes:
            starts.append(base)
            if unknown:
                limits.append(base + len(unknown.encode("utf-8")))
                tokens.append(unknown)
            else:
                tokens.append(word)
                limits.append(base + len(raw))
            continue
        ends = []
        pos = 0
        for ch in word:
            pos += _nbytes(ch)
            ends.append(pos)
        pieces = []
        start = 0
        failed = False
        while start < len(raw):
            found = None
            for end in reversed(ends):
                if end <= start:
                    break
                piece = raw[start:end].decode("utf-8", "surrogatepass")
                if start > 0:
                    piece = suffix + piece
                if piece in table:
                    found = end
                    pieces.append(piece)
                    break
            if found is None:
                failed = True
                break
            starts.append(base + start)
            limits.append(base + found)
            start = found
        if failed:
            starts.append(base)
            limits.append(base + len(raw))
            tokens.append(unknown if unknown else word)
        else:
            tokens.extend(pieces)
    return tokens, starts, limits


class WordpieceTokenizer(TextTensorOperation):
    """Split each word of a scalar / 1-D string array into the longest subwords in ``vocab``."""

    def __init__(self, vocab, suffix_indicator="##", max_bytes_per_token=100, unknown_token="[UNK]",
                 with_offsets=False):
        _check_wordpiece_args(vocab, suffix_indicator, max_bytes_per_token, unknown_token, with_offsets,
                              "vocab is not provided.")
        check_uint32(max_bytes_per_token)
        self.vocab = vocab
        self.suffix_indicator = suffix_indicator
        self.max_bytes_per_token = max_bytes_per_token
        self.unknown_token = unknown_token
        self.with_offsets = with_offsets

    def _apply(self, arr, *offsets):
        if arr.ndim > 1 or not _is_str(arr):
            raise RuntimeError("WordpieceTokenizer: The input shape should be 1D scalar the input datatype should be "
                               "string.")
        words = [str(w) for w in arr.reshape(-1).tolist()]
        bases = [int(v) for v in offsets[0].reshape(-1)] if (self.with_offsets and len(offsets) == 2) else \
            [0] * len(words)
        tokens, starts, limits = _wordpiece(words, bases, self.vocab, self.suffix_indicator,
                                            self.max_bytes_per_token, self.unknown_token)
        return _tokens_out(tokens, starts, limits, self.with_offsets)


class BertTokenizer(TextTensorOperation):
    """:class:`BasicTokenizer` then :class:`WordpieceTokenizer`."""

    def __init__(self, vocab, suffix_indicator="##", max_bytes_per_token=100, unknown_token="[UNK]",
                 lower_case=False, keep_whitespace=False, normalization_form=NormalizeForm.NONE,
                 preserve_unused_token=True, with_offsets=False):
        _check_wordpiece_args(vocab, suffix_indicator, max_bytes_per_token, unknown_token, with_offsets,
                              "vacab is not provided.")
        if not isinstance(max_bytes_per_token, int):
            raise TypeError("Wrong input type for max_bytes_per_token, should be int.")
        check_uint32(max_bytes_per_token)
        _set_basic_options(self, lower_case, keep_whitespace, normalization_form, preserve_unused_token, with_offsets)
        self.vocab = vocab
        self.suffix_indicator = suffix_indicator
        self.max_bytes_per_token = max_bytes_per_token
        self.unknown_token = unknown_token
        self._basic = BasicTokenizer(lower_case, keep_whitespace, normalization_form, preserve_unused_token, True)

    def _apply(self, arr):
        found = self._basic._tokenize(arr)
        words, bases = found.tokens, found.starts
        if not words:
            words, bases = [""], [0]
        tokens, starts, limits = _wordpiece(words, bases, self.vocab, self.suffix_indicator,
                                            self.max_bytes_per_token, self.unknown_token)
        return _tokens_out(tokens, starts, limits, self.with_offsets)


class PythonTokenizer:
    """A user tokenizer ``str -> list of str`` applied to each string of a numpy array."""

    def __init__(self, tokenizer):
        if not callable(tokenizer):
            raise TypeError("tokenizer is not a callable Python function.")
        self.pyfunc = tokenizer
        self.tokenizer = np.vectorize(lambda x: np.array(tokenizer(x), dtype="U"), signature="()->(n)")
        self.random = False

    def __call__(self, in_array):
        if not isinstance(in_array, np.ndarray):
            raise TypeError(f"input should be a NumPy array. Got {type(in_array)}.")
        if in_array.dtype.type is np.bytes_:
            in_array = to_str(in_array)
        try:
            return self.tokenizer(in_array)
        except Exception as exc:
            raise RuntimeError(f"Error occurred in Pyfunc [{self.pyfunc.__name__}], error message: {exc}") from exc


class JiebaTokenizer(TextTensorOperation):
    """Chinese word segmentation with jieba's algorithms (MP: max-probability path over the word
    dictionary ``mp_path``; HMM: the hidden Markov model of ``hmm_path``; MIX: both)."""

    def __init__(self, hmm_path, mp_path, mode=JiebaMode.MIX, with_offsets=False):
        if hmm_path is None:
            raise ValueError("The dict of HMMSegment in cppjieba is not provided.")
        _check_str(hmm_path, "hmm_path")
        if mp_path is None:
            raise ValueError("The dict of MPSegment in cppjieba is not provided.")
        _check_str(mp_path, "mp_path")
        _check_bool(with_offsets, "with_offsets")
        if not isinstance(mode, JiebaMode):
            raise TypeError("Wrong input type for mode, should be JiebaMode.")
        for path in (hmm_path, mp_path):
            if not os.path.exists(os.path.realpath(path)):
                raise ValueError(f" jieba mode file {path} is not exist.")
        self.mode = mode
        self.hmm_path = hmm_path
        self.mp_path = mp_path
        self.with_offsets = with_offsets
        self.words = []
        self._seg = None

    def add_word(self, word, freq=None):
        """Add ``word`` (with frequency ``freq``) to the dictionary."""
        if word is None:
            raise ValueError("word is not provided.")
        if freq is not None:
            check_uint32(freq)
        self.words.append((word, 0 if freq is None else freq))
        self._seg = None

    def add_dict(self, user_dict):
        """Add words from a dict {word: freq} or a user dictionary file (``word [freq]`` lines)."""
        if isinstance(user_dict, str):
            if not os.path.exists(user_dict):
                raise ValueError(f"user dict file {user_dict} is not exist.")
            pattern = re.compile(r"^\s*([^\s*]+?)\s*([0-9]+)?\s*$", re.U)
            with open(os.path.realpath(user_dict), "r", encoding="UTF-8") as f:
                for item in f:
                    m = pattern.match(item.strip())
                    if m:
                        word, freq = m.groups()
                        self.add_word(word, 0 if freq is None else int(freq))
        elif isinstance(user_dict, dict):
            for k, v in user_dict.items():
                self.add_word(k, v)
        else:
            raise TypeError("The type of user_dict must str or dict.")

    def _segmenter(self):
        if self._seg is None:
            self._seg = JiebaSegmenter(self.hmm_path, self.mp_path, self.words)
        return self._seg

    def _apply(self, arr):
        if arr.ndim != 0 or not _is_str(arr):
            raise RuntimeError("JiebaTokenizer: the input should be scalar with string datatype.")
        text = str(arr.item())
        return _adjacent_tokens(self._segmenter().cut(text, self.mode), self.with_offsets)


class SentencePieceTokenizer(TextTensorOperation):
    """Tokenize a scalar string with a SentencePiece model (a :class:`SentencePieceVocab` or a model file)."""

    def __init__(self, mode, out_type):
        type_check(mode, (str, SentencePieceVocab), "mode is not an instance of str or text.SentencePieceVocab.")
        type_check(out_type, (SPieceTokenizerOutType,), "out_type is not an instance of SPieceTokenizerOutType")
        self.mode = mode
        self.out_type = out_type
        self._processor = None

    def _sp(self):
        if self._processor is None:
            proc = spm.SentencePieceProcessor()
            try:
                if isinstance(self.mode, SentencePieceVocab):
                    proc.LoadFromSerializedProto(self.mode.c_sentence_piece_vocab)
                else:
                    proc.Load(self.mode)
            except (OSError, RuntimeError, TypeError) as exc:
                raise RuntimeError(f"SentencePieceTokenizer: load vocab model file: {self.mode} failed.") from exc
            self._processor = proc
        return self._processor

    def _apply(self, arr):
        if arr.ndim != 0 or not _is_str(arr):
            raise RuntimeError("SentencePieceTokenizer: the input shape should be scalar and the input datatype "
                               "should be string.")
        sp = self._sp()
        text = str(arr.item())
        if self.out_type == SPieceTokenizerOutType.STRING:
            return _strings(sp.EncodeAsPieces(text))
        return np.array(sp.EncodeAsIds(text), np.int32)


# ---------------------------------------------------------------------------------------
# string transforms


class CaseFold(TextTensorOperation):
    """Unicode case folding (ICU's NFKC_Casefold) of every string."""

    def _apply(self, arr):
        if not _is_str(arr):
            raise RuntimeError("CaseFold: input is not string datatype.")
        return _elementwise(arr, _unicode.nfkc_casefold)


class NormalizeUTF8(TextTensorOperation):
    """Unicode normalization of every string."""

    def __init__(self, normalize_form=NormalizeForm.NFKC):
        _check_normalize_form(normalize_form)
        self.normalize_form = normalize_form

    def _apply(self, arr):
        if not _is_str(arr):
            raise RuntimeError("NormalizeUTF8: input is not string datatype.")
        return _elementwise(arr, lambda s: _normalize(s, self.normalize_form))


class RegexReplace(TextTensorOperation):
    """Replace the matches of ``pattern`` (ICU syntax; ``$n`` in ``replace`` is a group) in every string."""

    def __init__(self, pattern, replace, replace_all=True):
        type_check(pattern, (str,), "pattern")
        type_check(replace, (str,), "replace")
        type_check(replace_all, (bool,), "replace_all")
        self.pattern = pattern
        self.replace = replace
        self.replace_all = replace_all

    def _apply(self, arr):
        if not _is_str(arr):
            raise RuntimeError("RegexReplace: input is not string datatype.")
        try:
            pat = _unicode.compile_icu(self.pattern, "RegexReplace")
        except RuntimeError as exc:
            raise RuntimeError("RegexReplace: create icu RegexMatcher failed, you may input one error pattern.") \
                from exc
        rep = _unicode.icu_replacement(self.replace)
        count = 0 if self.replace_all else 1
        # MindSpore's kernel appends every element's result to the first one and leaves the others
        # empty (its loop never advances the output index); reproduced
        joined = "".join(pat.sub(rep, str(s), count=count) for s in arr.reshape(-1).tolist())
        return _strings([joined] + [""] * (arr.size - 1), arr.shape)


_WIKI_RULES = {r"<.*>": "", r"&amp;": "&", "&lt;": "<", "&gt;": ">", r"<ef[^<]*<\/ef>": "", "<[^>]*>": "",
               r"\[http:[^] ]*": "[", r"\|thumb": "", r"\|left": "", r"\|right": "", r"\|\d+px": "",
               r"\[\[image:[^\[\]]*\|": "", r"\[\[category:([^|\]]*)[^]]*\]\]": "[[$1]]",
               r"\[\[[a-z\-]*:[^\]]*\]\]": "", r"\[\[[^\|\]]*\|": "[[", r"\{\{[^\}]*\}\}": "", r"\{[^\}]*\}": "",
               r"\[": "", r"\]": "", "&[^;]*;": " ",
               **{chr(c): chr(c + 32) for c in range(ord("A"), ord("Z") + 1)}, "R": "",
               "0": " zero ", "1": " one ", "2": " two ", "3": " three ", "4": " four ", "5": " five ",
               "6": " six ", "7": " seven ", "8": " eight ", "9": " nine ",
               r"[^a-z\n]+": " ", r"\n ": "", r"\s+": " ", r"\n\s*\n": r"\n"}
# MindSpore keeps the rules in an ordered map, so they apply in the (code unit) order of the patterns;
# its "R" rule deletes the letter, as there.
_WIKI_ORDER = [(_unicode.compile_icu(p, "FilterWikipediaXML"), _unicode.icu_replacement(r))
               for p, r in sorted(_WIKI_RULES.items())]


class FilterWikipediaXML(TextTensorOperation):
    """Clean Wikipedia XML dump text: markup removed, digits spelled, letters lower-cased."""

    def _apply(self, arr):
        if not _is_str(arr):
            raise RuntimeError("RegexReplace: input is not of type string.")
        first = str(arr.reshape(-1)[0]) if arr.size else ""
        if "#redirect" in first or "#REDIRECT" in first:
            out = ""
        else:
            out = first
            for pat, rep in _WIKI_ORDER:
                out = pat.sub(rep, out).strip()
        return _strings([out] + [""] * (arr.size - 1), arr.shape)


class Lookup(TextTensorOperation):
    """Map tokens to their ids in ``vocab`` (``unknown_token``'s id for the others)."""

    def __init__(self, vocab, unknown_token=None, data_type=mstype.int32):
        if unknown_token is not None:
            type_check(unknown_token, (str,), "unknown_token")
        type_check(vocab, (Vocab,), "vocab is not an instance of text.Vocab.")
        if not isinstance(vocab.c_vocab, dict):
            raise TypeError("Argument vocab.c_vocab is not an instance of cde.Vocab. with value None is not of type "
                            "[<class 'mindspore._c_dataengine.Vocab'>], but got <class 'NoneType'>.")
        type_check(data_type, (mstype.Type,), "data_type")
        self.vocab = vocab
        self.unknown_token = unknown_token
        self.data_type = data_type

    def _apply(self, arr):
        table = self.vocab._word2id
        unk_id = None
        if self.unknown_token is not None:
            if self.unknown_token not in table:
                raise RuntimeError(f'Lookup: "{self.unknown_token}" doesn\'t exist in vocab.')
            unk_id = table[self.unknown_token]
        if self.data_type not in mstype.number_type and self.data_type != mstype.bool_:
            raise RuntimeError("Lookup : The parameter data_type must be numeric including bool.")
        if not _is_str(arr):
            raise RuntimeError("Lookup: input is not string datatype.")
        ids = []
        for tok in arr.reshape(-1).tolist():
            wid = table.get(tok, unk_id)
            if wid is None:
                raise RuntimeError(f'Lookup: invalid data, token: "{tok}" doesn\'t exist in vocab and no unknown '
                                   "token is specified.")
            ids.append(wid)
        np_type = np.dtype(mstype.dtype_to_nptype(self.data_type))
        return np.array(ids, np.int64).astype(np_type).reshape(arr.shape)


class ToVectors(TextTensorOperation):
    """Map tokens to their vectors in ``vectors`` (float32, one row per token)."""

    def __init__(self, vectors, unk_init=None, lower_case_backup=False):
        type_check(vectors, (Vectors,), "vectors")
        if unk_init is not None:
            type_check(unk_init, (list, tuple), "unk_init")
            for i, value in enumerate(unk_init):
                type_check(value, (int, float), f"unk_init[{i}]")
        type_check(lower_case_backup, (bool,), "lower_case_backup")
        self.vectors = vectors
        self.unk_init = list(unk_init) if unk_init is not None else []
        self.lower_case_backup = lower_case_backup

    def _apply(self, arr):
        if not _is_str(arr):
            raise RuntimeError("ToVectors: input tensor type should be string.")
        dim = self.vectors._dim
        if self.unk_init and len(self.unk_init) != dim:
            raise RuntimeError(f"ToVectors: unk_init must be the same length as vectors, but got unk_init: "
                               f"{len(self.unk_init)} and vectors: {dim}")
        rows = [self.vectors._lookup(str(t), self.unk_init, self.lower_case_backup)
                for t in arr.reshape(-1).tolist()]
        out = np.concatenate(rows).astype(np.float32) if rows else np.zeros(0, np.float32)
        return out if len(rows) == 1 else out.reshape(len(rows), dim)


def _stoll(s):
    """C++ ``std::stoll``/``stoull``: leading space, a sign, decimal digits; the rest is ignored.
    None when there is no number."""
    i, n = 0, len(s)
    while i < n and s[i] in " \t\n\v\f\r":
        i += 1
    j = i
    if j < n and s[j] in "+-":
        j += 1
    k = j
    while k < n and "0" <= s[k] <= "9":
        k += 1
    if k == j:
        return None
    return int(s[i:k])


def _stof(s):
    """C++ ``std::stod``: the longest prefix that is a number (after leading space); None if none."""
    m = re.match(r"[ \t\n\v\f\r]*([+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf(?:inity)?|nan(?:\([^)]*\))?"
                 r"|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?))", s, re.I)
    if not m:
        return None
    tok = m.group(1)
    if "x" in tok.lower():
        sign = -1.0 if tok.startswith("-") else 1.0
        return sign * float.fromhex(tok.lstrip("+-"))
    return float(tok.split("(")[0])


_INT_RANGES = {np.int8: (-128, 127), np.int16: (-32768, 32767), np.int32: (-2147483648, 2147483647),
               np.int64: (-9223372036854775808, 9223372036854775807), np.uint8: (0, 255), np.uint16: (0, 65535),
               np.uint32: (0, 4294967295), np.uint64: (0, 18446744073709551615)}


class ToNumber(TextTensorOperation):
    """Parse every string as a number of ``data_type`` (C++ ``stoll``/``stof`` rules)."""

    def __init__(self, data_type):
        type_check(data_type, (mstype.Type,), "data_type")
        if data_type not in mstype.number_type:
            raise TypeError("data_type: " + str(data_type) + " is not numeric data type.")
        self.data_type = data_type
        self._np = np.dtype(mstype.dtype_to_nptype(data_type))

    def _name(self):
        return str(self.data_type).lower()

    def _parse(self, s):
        t = self._np.type
        if t in _INT_RANGES:
            lo, hi = _INT_RANGES[t]
            unsigned = self._np.kind == "u"
            v = _stoll(s)
            if v is None:
                what = "an unsigned integer" if unsigned else "a number"
                raise RuntimeError(f'ToNumber: it is invalid to convert "{s}" to {what}.')
            if (unsigned and "-" in s) or v < lo or v > hi or (not unsigned and not -2 ** 63 <= v < 2 ** 63) \
                    or (unsigned and v >= 2 ** 64):
                raise RuntimeError(f"ToNumber: string input {s} will be out of bounds if cast to {self._name()}. "
                                   f"The valid range is: [{lo}, {hi}].")
            return v
        v = _stof(s)
        if v is None:
            raise RuntimeError(f'ToNumber: it is invalid to convert "{s}" to an unsigned integer.')
        limit = np.finfo(np.float64 if t == np.float64 else np.float32)
        tiny = v != 0 and abs(v) < float(limit.smallest_subnormal)
        if v > float(limit.max) or v < -float(limit.max) or tiny:
            raise RuntimeError(f"ToNumber: string input {s} will be out of bounds if cast to {self._name()}.")
        if t == np.float16 and abs(v) > 65504.0:
            raise RuntimeError(f"ToFloat16: value {v:f}in input data is outside of valid float16 range "
                               "[65504.000000, -65504.000000].")
        return v

    def _apply(self, arr):
        if not _is_str(arr):
            raise RuntimeError("ToNumber: input should be string datatype.")
        vals = [self._parse(str(s)) for s in arr.reshape(-1).tolist()]
        if self._np.kind == "f" and self._np != np.float64:
            return np.array(vals, np.float32).astype(self._np).reshape(arr.shape)
        return np.array(vals, dtype=self._np).reshape(arr.shape)


# ---------------------------------------------------------------------------------------
# sequence transforms


class AddToken(TextTensorOperation):
    """Add ``token`` at the beginning or end of each 1-D sequence of strings."""

    def __init__(self, token, begin=True):
        type_check(token, (str,), "token")
        type_check(begin, (bool,), "begin")
        self.token = token
        self.begin = begin

    def _apply(self, arr):
        if arr.ndim not in (1, 2):
            raise RuntimeError("AddToken: input tensor rank should be 1 or 2.")
        if not _is_str(arr):
            raise RuntimeError("AddToken: input tensor type should be string.")
        rows = arr.reshape(-1, arr.shape[-1]).tolist() if arr.ndim == 2 else [arr.tolist()]
        rows = [([self.token] + r) if self.begin else (r + [self.token]) for r in rows]
        out = _strings([w for r in rows for w in r])
        return out if arr.ndim == 1 else out.reshape(arr.shape[0], arr.shape[1] + 1)


class Ngram(TextTensorOperation):
    """The n-grams of a 1-D string sequence for each n of ``n``, with optional padding."""

    def __init__(self, n, left_pad=("", 0), right_pad=("", 0), separator=" "):
        if isinstance(n, int):
            n = [n]
        if not (isinstance(n, list) and n != []):
            raise ValueError("n needs to be a non-empty list of positive integers.")
        for i, gram in enumerate(n):
            type_check(gram, (int,), f"gram[{i}]")
            check_positive(gram, f"gram_{i}")
        for pad, name in ((left_pad, "left_pad"), (right_pad, "right_pad")):
            if not (isinstance(pad, tuple) and len(pad) == 2 and isinstance(pad[0], str) and isinstance(pad[1], int)):
                raise ValueError(f"{name} needs to be a tuple of (str, int) str is pad token and int is pad_width.")
        if not (left_pad[1] >= 0 and right_pad[1] >= 0):
            raise ValueError("padding width need to be positive numbers.")
        type_check(separator, (str,), "separator")
        self.ngrams = n
        self.left_pad = left_pad
        self.right_pad = right_pad
        self.separator = separator

    def _apply(self, arr):
        if not _is_str(arr) or arr.ndim != 1:
            raise RuntimeError("Ngram: input is not a 1D data with string datatype.")
        (lp, ll), (rp, rl), sep = self.left_pad, self.right_pad, self.separator
        seq = [lp] * ll + [str(s) for s in arr.tolist()] + [rp] * rl
        res = []
        for n in self.ngrams:
            start = ll - min(ll, n - 1)
            end = len(seq) - rl + min(rl, n - 1)
            if end - start < n:
                res.append("")
                continue
            res.extend(sep.join(seq[i:i + n]) for i in range(start, end - n + 1))
        return _strings(res)


class SlidingWindow(TextTensorOperation):
    """Windows of ``width`` consecutive items of a 1-D sequence (shape ``(n - width + 1, width)``)."""

    def __init__(self, width, axis=0):
        check_pos_int32(width, "width")
        type_check(axis, (int,), "axis")
        self.width = width
        self.axis = axis

    def _apply(self, arr):
        if arr.ndim != 1:
            raise RuntimeError(f"SlidingWindow: SlidingWindow supports 1D input only for now, but got {arr.ndim}D.")
        if self.axis not in (0, -1):
            raise RuntimeError(f"SlidingWindow: The parameter axis supports 0 or -1 only for now, but got "
                               f"{self.axis}.")
        n = arr.shape[0] - self.width + 1
        if n <= 0:
            return np.zeros((0,), arr.dtype)
        return np.stack([arr[i:i + self.width] for i in range(n)])


class Truncate(TextTensorOperation):
    """Keep the first ``max_seq_len`` items of a 1-D sequence (of each row of a 2-D one)."""

    def __init__(self, max_seq_len):
        check_pos_int32(max_seq_len, "max_seq_len")
        self.max_seq_len = max_seq_len

    def _apply(self, arr):
        if arr.ndim not in (1, 2):
            raise RuntimeError("Truncate: the input tensor should be of dimension 1 or 2.")
        if arr.dtype.kind not in "biufU":
            raise RuntimeError("Truncate: Truncate: the input tensor should be in type of [bool, int, float, double, "
                               "string].")
        return arr[..., :self.max_seq_len].copy()


class TruncateSequencePair(TextTensorOperation):
    """Trim the longer of two 1-D sequences, one item at a time, until their total length is at most
    ``max_length``."""

    def __init__(self, max_length):
        self.max_length = max_length

    def __call__(self, *args):
        if len(args) != 2:
            raise RuntimeError(f"TruncateSequencePair: Expected two inputs, but got {len(args)} inputs.")
        return self._apply(*[_to_array(a) for a in args])

    def _apply(self, seq1, seq2):
        if not isinstance(self.max_length, int) or isinstance(self.max_length, bool):
            raise TypeError(f"TruncateSequencePair: max_length must be an int, but got {type(self.max_length)}.")
        if seq1.ndim != 1 or seq2.ndim != 1:
            raise RuntimeError("TruncateSequencePair: both data column should be of rank 1.")
        n1, n2 = seq1.shape[0], seq2.shape[0]
        while n1 + n2 > self.max_length:
            if n1 > n2:
                n1 -= 1
            else:
                n2 -= 1
        return seq1[:n1].copy(), seq2[:n2].copy()

