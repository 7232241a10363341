"""``dataset.text`` against real MindSpore: tokenizers (with their UTF-8 byte offsets), string
transforms, vocabularies, word vectors and SentencePiece, called eagerly and in ``map`` pipelines.

String results are compared as (dtype, shape, values): MindSpore gives numpy ``<U`` arrays."""
import importlib
import os
import shutil
import tempfile

import numpy as np

from parity_tests.harness import case


def T(ms):
    return importlib.import_module(ms.__name__ + ".dataset.text")


def DS(ms):
    return importlib.import_module(ms.__name__ + ".dataset")


def S(x):
    """A result made comparable: string arrays as (dtype, shape, list of str); tuples itemwise."""
    if isinstance(x, tuple):
        return tuple(S(v) for v in x)
    if isinstance(x, list):
        return [S(v) for v in x]
    if isinstance(x, np.ndarray) and x.dtype.kind in "USO":
        vals = [v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v) for v in x.reshape(-1).tolist()]
        return ("strarray", str(x.dtype), list(x.shape), vals)
    if isinstance(x, dict):
        return sorted(x.items())
    return x


def _c(name, fn, *inputs, **kw):
    return case("text." + name, lambda ms, *a: S(fn(ms, *a)), *inputs, **kw)


def _err(name, fn, *inputs):
    return case("text." + name, fn, *inputs, error=True)


WORDS = ["my", "favor", "##ite", "book", "is", "love", "dur", "##ing", "the", "cat", "##s", "[UNK]", "[CLS]",
         "[SEP]", "hel", "##lo", "你", "好", "un", "##aff", "##able"]


def _vocab(ms):
    return T(ms).Vocab.from_list(WORDS)


def _pipe(ms, rows, ops, in_cols=("text",), out_cols=None):
    """A GeneratorDataset of string rows mapped by ``ops``; all rows of all columns."""
    ds = DS(ms)
    d = ds.GeneratorDataset(lambda: iter([(r,) for r in rows]), list(in_cols), shuffle=False)
    d = d.map(operations=ops, input_columns=list(in_cols), output_columns=out_cols)
    return [tuple(S(c) for c in r) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def _files(writer, body):
    def fn(ms):
        root = tempfile.mkdtemp(prefix="mstext_")
        try:
            writer(root)
            return S(body(ms, root))
        finally:
            shutil.rmtree(root, ignore_errors=True)
    return fn


def _write(root, name, text):
    with open(os.path.join(root, name), "w", encoding="utf-8") as f:
        f.write(text)


def _vec_file(root, name="vectors.txt", header=False):
    lines = (["4 3"] if header else []) + ["the 0.1 0.2 0.3", "cat 1.5 -2 3e-1", "Dog 7 8 9", "x 0 0 1",
                                           "the 9 9 9"]
    _write(root, name, "\n".join(lines) + "\n")
    return os.path.join(root, name)


def _ngram_file(root):
    lines = ["2gram-#BEGIN#a 1 1", "2gram-ab 2 0", "3gram-abc 3 3", "4gram-bc#END# 0 4", "2gram-c#END# 5 5"]
    _write(root, "charngram.txt", "\n".join(lines) + "\n")
    return os.path.join(root, "charngram.txt")


def _sp_corpus(root):
    lines = ["the quick brown fox jumps over the lazy dog", "hello world, hello mindspore",
             "a stitch in time saves nine", "all that glitters is not gold", "the early bird catches the worm"] * 8
    _write(root, "corpus.txt", "\n".join(lines) + "\n")
    return os.path.join(root, "corpus.txt")


def _sp_tokens(ms, root, model_type, out_type, vocab_size=60, text="hello the world"):
    t = T(ms)
    vocab = t.SentencePieceVocab.from_file([_sp_corpus(root)], vocab_size, 0.9995, model_type, {})
    return t.SentencePieceTokenizer(vocab, out_type)(text)


def _sp_saved(ms, root):
    t = T(ms)
    vocab = t.SentencePieceVocab.from_file([_sp_corpus(root)], 50, 1.0, t.SentencePieceModel.BPE, {})
    t.SentencePieceVocab.save_model(vocab, root, "m.model")
    tok = t.SentencePieceTokenizer(os.path.join(root, "m.model"), t.SPieceTokenizerOutType.INT)
    return tok("the lazy bird"), os.path.exists(os.path.join(root, "m.model"))


def _sp_dataset(ms, root):
    t = T(ms)
    ds = DS(ms)
    d = ds.TextFileDataset(_sp_corpus(root), shuffle=False)
    vocab = t.SentencePieceVocab.from_dataset(d, ["text"], 40, 1.0, t.SentencePieceModel.CHAR, {})
    return t.SentencePieceTokenizer(vocab, t.SPieceTokenizerOutType.STRING)("the gold")


SCRIPT_TEXT = "Hello, 世界! abc123 ДД a1_b'c  d-e éé 한국어 日本語ひらがな"

CASES = [
    # ---- WhitespaceTokenizer / UnicodeCharTokenizer / UnicodeScriptTokenizer
    _c("WhitespaceTokenizer/basic", lambda ms: T(ms).WhitespaceTokenizer()("hello  world x")),
    _c("WhitespaceTokenizer/offsets", lambda ms: T(ms).WhitespaceTokenizer(True)("héllo  wörld 你好")),
    _c("WhitespaceTokenizer/unicode_spaces", lambda ms: T(ms).WhitespaceTokenizer(True)("a\tb\nc\u3000d\u00a0e")),
    _c("WhitespaceTokenizer/empty", lambda ms: T(ms).WhitespaceTokenizer()("")),
    _c("WhitespaceTokenizer/all_space_offsets", lambda ms: T(ms).WhitespaceTokenizer(True)("   ")),
    _c("WhitespaceTokenizer/np_scalar", lambda ms: T(ms).WhitespaceTokenizer()(np.array("x y"))),
    _err("WhitespaceTokenizer/bad_1d", lambda ms: T(ms).WhitespaceTokenizer()(np.array(["a b", "c"]))),
    _err("WhitespaceTokenizer/bad_int", lambda ms: T(ms).WhitespaceTokenizer()(np.array([1, 2]))),
    _err("WhitespaceTokenizer/bad_bytes", lambda ms: T(ms).WhitespaceTokenizer()(np.array(b"a b"))),
    _err("WhitespaceTokenizer/bad_with_offsets", lambda ms: T(ms).WhitespaceTokenizer(1)),
    _c("UnicodeCharTokenizer/basic", lambda ms: T(ms).UnicodeCharTokenizer()("ab你c")),
    _c("UnicodeCharTokenizer/offsets", lambda ms: T(ms).UnicodeCharTokenizer(True)("aé你😀")),
    _c("UnicodeCharTokenizer/empty_offsets", lambda ms: T(ms).UnicodeCharTokenizer(True)("")),
    _err("UnicodeCharTokenizer/bad_1d", lambda ms: T(ms).UnicodeCharTokenizer()(np.array(["ab"]))),
    _err("UnicodeCharTokenizer/bad_arg", lambda ms: T(ms).UnicodeCharTokenizer("yes")),
    _c("UnicodeScriptTokenizer/scripts", lambda ms: T(ms).UnicodeScriptTokenizer()(SCRIPT_TEXT)),
    _c("UnicodeScriptTokenizer/keep_ws_offsets", lambda ms: T(ms).UnicodeScriptTokenizer(True, True)(SCRIPT_TEXT)),
    _c("UnicodeScriptTokenizer/tabs", lambda ms: T(ms).UnicodeScriptTokenizer(True)("a  b\tc")),
    _c("UnicodeScriptTokenizer/only_space", lambda ms: T(ms).UnicodeScriptTokenizer()("   ")),
    _c("UnicodeScriptTokenizer/empty_offsets", lambda ms: T(ms).UnicodeScriptTokenizer(with_offsets=True)("")),
    _err("UnicodeScriptTokenizer/bad_keep", lambda ms: T(ms).UnicodeScriptTokenizer(keep_whitespace=0)),
    _err("UnicodeScriptTokenizer/bad_int_input", lambda ms: T(ms).UnicodeScriptTokenizer()(np.array(3))),
    # ---- RegexTokenizer
    _c("RegexTokenizer/spaces", lambda ms: T(ms).RegexTokenizer("\\s+")("a  b c")),
    _c("RegexTokenizer/keep", lambda ms: T(ms).RegexTokenizer("\\s+", "\\s+")("a  b c")),
    _c("RegexTokenizer/keep_offsets", lambda ms: T(ms).RegexTokenizer("\\s+", "\\s+", True)("a  bé c")),
    _c("RegexTokenizer/comma_offsets", lambda ms: T(ms).RegexTokenizer(",", with_offsets=True)(",a,,b,")),
    _c("RegexTokenizer/empty", lambda ms: T(ms).RegexTokenizer(",", with_offsets=True)("")),
    _c("RegexTokenizer/all_delims", lambda ms: T(ms).RegexTokenizer(",")(",,,")),
    _c("RegexTokenizer/punct_keep", lambda ms: T(ms).RegexTokenizer("\\p{P}|\\s", "\\p{P}")("Hi, you! ok.")),
    _c("RegexTokenizer/keep_partial", lambda ms: T(ms).RegexTokenizer("[,;]", ";")("a,b;c")),
    _err("RegexTokenizer/bad_pattern_call", lambda ms: T(ms).RegexTokenizer("(")("abc")),
    _err("RegexTokenizer/bad_1d", lambda ms: T(ms).RegexTokenizer("a")(np.array(["a", "ba"]))),
    _err("RegexTokenizer/bad_none", lambda ms: T(ms).RegexTokenizer(None)),
    _err("RegexTokenizer/bad_type", lambda ms: T(ms).RegexTokenizer(5)),
    _err("RegexTokenizer/bad_keep_type", lambda ms: T(ms).RegexTokenizer("a", 1)),
    # ---- BasicTokenizer / WordpieceTokenizer / BertTokenizer
    _c("BasicTokenizer/default", lambda ms: T(ms).BasicTokenizer()("Hello, World! 你好 a$b^c`d~e")),
    _c("BasicTokenizer/lower_unused", lambda ms: T(ms).BasicTokenizer(True)(
        "Hello, WORLD! Ünïcödé [UNK] [unused1] 你好")),
    _c("BasicTokenizer/lower_no_unused", lambda ms: T(ms).BasicTokenizer(True, preserve_unused_token=False)(
        "Hello [UNK] [unused1] [CLS]")),
    _c("BasicTokenizer/keep_ws_offsets", lambda ms: T(ms).BasicTokenizer(False, True, with_offsets=True)(
        "Hi  there,x")),
    _c("BasicTokenizer/nfkc", lambda ms: T(ms).BasicTokenizer(normalization_form=T(ms).NormalizeForm.NFKC)("ﬁ ①")),
    _c("BasicTokenizer/nfd", lambda ms: T(ms).BasicTokenizer(normalization_form=T(ms).NormalizeForm.NFD)("é!")),
    _c("BasicTokenizer/accents_kept", lambda ms: T(ms).BasicTokenizer(False)("Ünïcödé")),
    _c("BasicTokenizer/lower_offsets", lambda ms: T(ms).BasicTokenizer(True, with_offsets=True)("Ünï cödé")),
    _c("BasicTokenizer/control_chars", lambda ms: T(ms).BasicTokenizer()("a\x00b\x07c\td\u200be")),
    _c("BasicTokenizer/cjk_offsets", lambda ms: T(ms).BasicTokenizer(with_offsets=True)("ab你好c")),
    _c("BasicTokenizer/empty_offsets", lambda ms: T(ms).BasicTokenizer(with_offsets=True)("")),
    _c("BasicTokenizer/lower_two_unused", lambda ms: T(ms).BasicTokenizer(True)("A [CLS] b [SEP]")),
    _err("BasicTokenizer/bad_rank", lambda ms: T(ms).BasicTokenizer()(np.array(["ab"]))),
    _err("BasicTokenizer/bad_lower", lambda ms: T(ms).BasicTokenizer(lower_case="no")),
    _err("BasicTokenizer/bad_form", lambda ms: T(ms).BasicTokenizer(normalization_form=1)),
    _err("BasicTokenizer/bad_preserve", lambda ms: T(ms).BasicTokenizer(preserve_unused_token=None)),
    _c("WordpieceTokenizer/basic", lambda ms: T(ms).WordpieceTokenizer(_vocab(ms))(
        np.array(["my", "favorite", "books", "xyz", "hello"]))),
    _c("WordpieceTokenizer/offsets_partial_unknown", lambda ms: T(ms).WordpieceTokenizer(
        _vocab(ms), with_offsets=True)(np.array(["favorite", "你好", "cats"]))),
    _c("WordpieceTokenizer/empty_unknown", lambda ms: T(ms).WordpieceTokenizer(_vocab(ms), unknown_token="")(
        np.array(["xyz", "cats"]))),
    _c("WordpieceTokenizer/empty_unknown_offsets", lambda ms: T(ms).WordpieceTokenizer(
        _vocab(ms), unknown_token="", with_offsets=True)(np.array(["xyz", "cats"]))),
    _c("WordpieceTokenizer/max_bytes", lambda ms: T(ms).WordpieceTokenizer(_vocab(ms), max_bytes_per_token=4)(
        np.array(["favorite", "book"]))),
    _c("WordpieceTokenizer/max_bytes_offsets", lambda ms: T(ms).WordpieceTokenizer(
        _vocab(ms), max_bytes_per_token=4, with_offsets=True)(np.array(["favorite", "book"]))),
    _c("WordpieceTokenizer/scalar", lambda ms: T(ms).WordpieceTokenizer(_vocab(ms))("unaffable")),
    _c("WordpieceTokenizer/suffix", lambda ms: T(ms).WordpieceTokenizer(
        T(ms).Vocab.from_list(["un", "@@aff", "@@able"]), suffix_indicator="@@")(np.array(["unaffable"]))),
    _c("WordpieceTokenizer/empty_string", lambda ms: T(ms).WordpieceTokenizer(_vocab(ms))(np.array(["", "is"]))),
    _err("WordpieceTokenizer/bad_2d", lambda ms: T(ms).WordpieceTokenizer(_vocab(ms))(np.array([["is"]]))),
    _err("WordpieceTokenizer/bad_int", lambda ms: T(ms).WordpieceTokenizer(_vocab(ms))(np.array([1]))),
    _err("WordpieceTokenizer/bad_vocab", lambda ms: T(ms).WordpieceTokenizer(["a"])),
    _err("WordpieceTokenizer/bad_vocab_none", lambda ms: T(ms).WordpieceTokenizer(None)),
    _err("WordpieceTokenizer/bad_max_bytes", lambda ms: T(ms).WordpieceTokenizer(_vocab(ms), max_bytes_per_token=-1)),
    _err("WordpieceTokenizer/bad_suffix", lambda ms: T(ms).WordpieceTokenizer(_vocab(ms), suffix_indicator=1)),
    _c("BertTokenizer/lower", lambda ms: T(ms).BertTokenizer(_vocab(ms), lower_case=True)(
        "My favorite BOOK is [CLS] cats 你好 xyz")),
    _c("BertTokenizer/offsets", lambda ms: T(ms).BertTokenizer(_vocab(ms), lower_case=True, with_offsets=True)(
        "My favorite book, unaffable")),
    _c("BertTokenizer/keep_ws", lambda ms: T(ms).BertTokenizer(_vocab(ms), keep_whitespace=True)("my  book")),
    _c("BertTokenizer/empty", lambda ms: T(ms).BertTokenizer(_vocab(ms))("")),
    _err("BertTokenizer/bad_max_bytes_type", lambda ms: T(ms).BertTokenizer(_vocab(ms), max_bytes_per_token=1.5)),
    _err("BertTokenizer/bad_vocab_none", lambda ms: T(ms).BertTokenizer(None)),
    _err("BertTokenizer/bad_unknown", lambda ms: T(ms).BertTokenizer(_vocab(ms), unknown_token=None)),
    _err("BertTokenizer/bad_input_rank", lambda ms: T(ms).BertTokenizer(_vocab(ms))(np.array(["a", "b"]))),
    # ---- CaseFold / NormalizeUTF8 / RegexReplace / FilterWikipediaXML
    _c("CaseFold/basic", lambda ms: T(ms).CaseFold()("HeLLo Straße ΣΑΣ")),
    _c("CaseFold/array", lambda ms: T(ms).CaseFold()(np.array([["AB", "Cd"], ["ǅ", "ﬁ①"]]))),
    _err("CaseFold/bad_int", lambda ms: T(ms).CaseFold()(np.array([1]))),
    _err("CaseFold/bad_bytes", lambda ms: T(ms).CaseFold()(np.array([b"AB"]))),
    *[_c(f"NormalizeUTF8/{f.lower()}", lambda ms, f=f: T(ms).NormalizeUTF8(getattr(T(ms).NormalizeForm, f))(
        np.array(["ﬁ①", "é", "Å", "ｈ"]))) for f in ("NONE", "NFC", "NFKC", "NFD", "NFKD")],
    _c("NormalizeUTF8/default", lambda ms: T(ms).NormalizeUTF8()("ﬁ①")),
    _err("NormalizeUTF8/bad_form", lambda ms: T(ms).NormalizeUTF8("NFKC")),
    _err("NormalizeUTF8/bad_int", lambda ms: T(ms).NormalizeUTF8()(np.array([1]))),
    _c("RegexReplace/all", lambda ms: T(ms).RegexReplace("\\s+", "_")("a  b c")),
    _c("RegexReplace/once", lambda ms: T(ms).RegexReplace("\\s+", "_", False)("a  b c")),
    _c("RegexReplace/groups", lambda ms: T(ms).RegexReplace("(a)(b)", "$2$1")("abab")),
    _c("RegexReplace/array", lambda ms: T(ms).RegexReplace("a", "b")(np.array(["a", "ba", "cc"]))),
    _c("RegexReplace/unicode_class", lambda ms: T(ms).RegexReplace("\\p{Han}", "#")("ab中文c")),
    _c("RegexReplace/escaped_dollar", lambda ms: T(ms).RegexReplace("x", "\\$1")("axb")),
    _err("RegexReplace/bad_pattern", lambda ms: T(ms).RegexReplace("(", "x")("abc")),
    _err("RegexReplace/bad_type", lambda ms: T(ms).RegexReplace(1, "x")),
    _err("RegexReplace/bad_replace_all", lambda ms: T(ms).RegexReplace("a", "b", 1)),
    _err("RegexReplace/bad_input", lambda ms: T(ms).RegexReplace("a", "b")(np.array([1.0]))),
    _c("FilterWikipediaXML/markup", lambda ms: T(ms).FilterWikipediaXML()(
        "<a>Hello</a> [[link|World]] {{tpl}} &amp; 123 ABC")),
    _c("FilterWikipediaXML/letters_R", lambda ms: T(ms).FilterWikipediaXML()("Rome ROAD is REALLY 42")),
    _c("FilterWikipediaXML/redirect", lambda ms: T(ms).FilterWikipediaXML()("#REDIRECT [[Other]]")),
    _c("FilterWikipediaXML/category", lambda ms: T(ms).FilterWikipediaXML()(
        "text [[category:Things|x]] {x} &lt;b&gt; [http://a.b c] d|thumb")),
    _err("FilterWikipediaXML/bad_int", lambda ms: T(ms).FilterWikipediaXML()(np.array(5))),
    # ---- Ngram / AddToken / Truncate / TruncateSequencePair / SlidingWindow
    _c("Ngram/padded", lambda ms: T(ms).Ngram([1, 2, 3], ("_", 2), ("-", 1), "|")(np.array(["a", "b", "c"]))),
    _c("Ngram/too_big", lambda ms: T(ms).Ngram(5)(np.array(["a", "b", "c"]))),
    _c("Ngram/bigrams", lambda ms: T(ms).Ngram(2)(np.array(["the", "cat", "sat", "on"]))),
    _c("Ngram/pad_fills", lambda ms: T(ms).Ngram(4, ("<s>", 3), ("</s>", 3))(np.array(["a"]))),
    _c("Ngram/int_n_order", lambda ms: T(ms).Ngram([3, 1], separator="")(np.array(["x", "y", "z"]))),
    _err("Ngram/bad_2d", lambda ms: T(ms).Ngram(2)(np.array([["a", "b"], ["c", "d"]]))),
    _err("Ngram/bad_int_input", lambda ms: T(ms).Ngram(2)(np.array([1, 2]))),
    _err("Ngram/bad_n_zero", lambda ms: T(ms).Ngram(0)),
    _err("Ngram/bad_n_empty", lambda ms: T(ms).Ngram([])),
    _err("Ngram/bad_pad", lambda ms: T(ms).Ngram(2, left_pad=("a", -1))),
    _err("Ngram/bad_pad_type", lambda ms: T(ms).Ngram(2, left_pad=["a", 1])),
    _err("Ngram/bad_separator", lambda ms: T(ms).Ngram(2, separator=1)),
    _err("Ngram/bad_n_type", lambda ms: T(ms).Ngram(["2"])),
    _c("AddToken/begin", lambda ms: T(ms).AddToken("[CLS]")(np.array(["a", "b"]))),
    _c("AddToken/end", lambda ms: T(ms).AddToken("[SEP]", False)(np.array(["a", "b"]))),
    _c("AddToken/2d_end", lambda ms: T(ms).AddToken("[SEP]", False)(np.array([["a", "b"], ["c", "d"]]))),
    _c("AddToken/2d_begin", lambda ms: T(ms).AddToken("<s>")(np.array([["a"], ["bb"]]))),
    _err("AddToken/bad_scalar", lambda ms: T(ms).AddToken("x")("a")),
    _err("AddToken/bad_int", lambda ms: T(ms).AddToken("x")(np.array([1]))),
    _err("AddToken/bad_token", lambda ms: T(ms).AddToken(1)),
    _err("AddToken/bad_begin", lambda ms: T(ms).AddToken("x", "yes")),
    _c("Truncate/str", lambda ms: T(ms).Truncate(2)(np.array(["a", "b", "c"]))),
    _c("Truncate/int", lambda ms: T(ms).Truncate(2)(np.array([1, 2, 3]))),
    _c("Truncate/2d", lambda ms: T(ms).Truncate(2)(np.array([[1, 2, 3], [4, 5, 6]], np.int32))),
    _c("Truncate/longer", lambda ms: T(ms).Truncate(9)(np.array([1.5, 2.5], np.float32))),
    _err("Truncate/bad_3d", lambda ms: T(ms).Truncate(2)(np.zeros((2, 2, 3)))),
    _err("Truncate/bad_zero", lambda ms: T(ms).Truncate(0)),
    _err("Truncate/bad_type", lambda ms: T(ms).Truncate(2.0)),
    _c("TruncateSequencePair/mixed", lambda ms: T(ms).TruncateSequencePair(4)(
        np.array([1, 2, 3]), np.array(["a", "b", "c"]))),
    _c("TruncateSequencePair/uneven", lambda ms: T(ms).TruncateSequencePair(3)(np.array([1, 2, 3]), np.array([4, 5]))),
    _c("TruncateSequencePair/no_cut", lambda ms: T(ms).TruncateSequencePair(10)(np.array([1, 2, 3]),
                                                                                np.array([4, 5]))),
    _c("TruncateSequencePair/zero", lambda ms: T(ms).TruncateSequencePair(0)(np.array([1.0]), np.array([4, 5]))),
    _err("TruncateSequencePair/bad_one_input", lambda ms: T(ms).TruncateSequencePair(3)(np.array([1, 2, 3]))),
    _err("TruncateSequencePair/bad_2d", lambda ms: T(ms).TruncateSequencePair(2)(np.array([[1, 2, 3]]),
                                                                                 np.array([4, 5]))),
    _c("SlidingWindow/int", lambda ms: T(ms).SlidingWindow(2)(np.array([1, 2, 3, 4]))),
    _c("SlidingWindow/str", lambda ms: T(ms).SlidingWindow(3, -1)(np.array(["a", "b", "c", "d"]))),
    _c("SlidingWindow/too_wide", lambda ms: T(ms).SlidingWindow(5)(np.array([1, 2, 3, 4]))),
    _c("SlidingWindow/float", lambda ms: T(ms).SlidingWindow(4)(np.arange(6, dtype=np.float32))),
    _err("SlidingWindow/bad_2d", lambda ms: T(ms).SlidingWindow(2, -1)(np.arange(6).reshape(2, 3))),
    _err("SlidingWindow/bad_axis", lambda ms: T(ms).SlidingWindow(2, 1)(np.arange(6))),
    _err("SlidingWindow/bad_width", lambda ms: T(ms).SlidingWindow(0)),
    _err("SlidingWindow/bad_axis_type", lambda ms: T(ms).SlidingWindow(2, "0")),
    # ---- ToNumber
    _c("ToNumber/int32", lambda ms: T(ms).ToNumber(ms.int32)(np.array(["1", "-2", "3"]))),
    _c("ToNumber/float32", lambda ms: T(ms).ToNumber(ms.float32)(np.array(["1.5", "-2e3", " 7", "0.1"]))),
    _c("ToNumber/prefix_rules", lambda ms: T(ms).ToNumber(ms.int32)(np.array(["12abc", "0x10", "+5", " 6", "1.9"]))),
    _c("ToNumber/int64_max", lambda ms: T(ms).ToNumber(ms.int64)(np.array([["9223372036854775807"]]))),
    _c("ToNumber/scalar_int16", lambda ms: T(ms).ToNumber(ms.int16)("12")),
    _c("ToNumber/float16", lambda ms: T(ms).ToNumber(ms.float16)(np.array(["1.5", "-0.33"]))),
    _c("ToNumber/float64", lambda ms: T(ms).ToNumber(ms.float64)(np.array(["1.5", "1e300", "0.1"]))),
    _c("ToNumber/uint8", lambda ms: T(ms).ToNumber(ms.uint8)(np.array(["0", "255"]))),
    _c("ToNumber/uint64", lambda ms: T(ms).ToNumber(ms.uint64)(np.array(["18446744073709551615"]))),
    _err("ToNumber/bad_overflow_int8", lambda ms: T(ms).ToNumber(ms.int8)(np.array(["300"]))),
    _err("ToNumber/bad_text", lambda ms: T(ms).ToNumber(ms.int8)(np.array(["abc"]))),
    _err("ToNumber/bad_unsigned_negative", lambda ms: T(ms).ToNumber(ms.uint64)(np.array(["-0"]))),
    _err("ToNumber/bad_float_inf", lambda ms: T(ms).ToNumber(ms.float32)(np.array(["inf"]))),
    _err("ToNumber/bad_float_overflow", lambda ms: T(ms).ToNumber(ms.float32)(np.array(["1e40"]))),
    _err("ToNumber/bad_float16_range", lambda ms: T(ms).ToNumber(ms.float16)(np.array(["70000"]))),
    _err("ToNumber/bad_int_input", lambda ms: T(ms).ToNumber(ms.int32)(np.array([1]))),
    _err("ToNumber/bad_bool_type", lambda ms: T(ms).ToNumber(ms.bool_)),
    _err("ToNumber/bad_numpy_type", lambda ms: T(ms).ToNumber(np.int32)),
    _err("ToNumber/bad_string_type", lambda ms: T(ms).ToNumber("int32")),
    # ---- to_str / to_bytes / PythonTokenizer
    _c("to_str/bytes", lambda ms: T(ms).to_str(np.array([b"a", b"bc"]))),
    _c("to_str/utf8", lambda ms: T(ms).to_str(np.array([["é".encode()]]))),
    _c("to_bytes/str", lambda ms: T(ms).to_bytes(np.array(["é", "ab"]))),
    _err("to_str/bad_list", lambda ms: T(ms).to_str([b"a"])),
    _err("to_bytes/bad_list", lambda ms: T(ms).to_bytes(["a"])),
    _c("PythonTokenizer/scalar", lambda ms: T(ms).PythonTokenizer(lambda s: s.split())(np.array("a b c"))),
    _c("PythonTokenizer/bytes", lambda ms: T(ms).PythonTokenizer(lambda s: s.split())(np.array(b"a b c"))),
    _c("PythonTokenizer/1d", lambda ms: T(ms).PythonTokenizer(lambda s: s.split())(np.array(["a b", "c d"]))),
    _err("PythonTokenizer/bad_str_input", lambda ms: T(ms).PythonTokenizer(lambda s: s.split())("a b")),
    _err("PythonTokenizer/bad_raises", lambda ms: T(ms).PythonTokenizer(lambda s: 1 / 0)(np.array("a"))),
    _err("PythonTokenizer/bad_not_callable", lambda ms: T(ms).PythonTokenizer("split")),
    # ---- Vocab / Lookup
    _c("Vocab/from_list", lambda ms: T(ms).Vocab.from_list(["a", "b", "c"], ["<pad>", "<unk>"]).vocab()),
    _c("Vocab/from_list_special_last", lambda ms: T(ms).Vocab.from_list(["x", "y"], ["<pad>"], False).vocab()),
    _c("Vocab/from_list_empty", lambda ms: T(ms).Vocab.from_list([]).vocab()),
    _c("Vocab/tokens_to_ids", lambda ms: T(ms).Vocab.from_list(["x", "y", "z"]).tokens_to_ids(["x", "q", "z"])),
    _c("Vocab/tokens_to_ids_str", lambda ms: T(ms).Vocab.from_list(["x", "y"]).tokens_to_ids("y")),
    _c("Vocab/tokens_to_ids_np", lambda ms: T(ms).Vocab.from_list(["x", "y"]).tokens_to_ids(np.array(["y", "x"]))),
    _c("Vocab/ids_to_tokens", lambda ms: T(ms).Vocab.from_list(["x", "y"], ["<p>"], False).ids_to_tokens(
        [0, 2, 10])),
    _c("Vocab/ids_to_tokens_int", lambda ms: T(ms).Vocab.from_list(["x", "y"]).ids_to_tokens(1)),
    _c("Vocab/ids_to_tokens_np", lambda ms: T(ms).Vocab.from_list(["x", "y"]).ids_to_tokens(np.array([1, 0]))),
    _c("Vocab/from_dict", lambda ms: (lambda v: (v.vocab(), v.tokens_to_ids(["a", "c"]), v.ids_to_tokens([5, 3])))(
        T(ms).Vocab.from_dict({"a": 5, "b": 2}))),
    _c("Vocab/from_file", _files(lambda r: _write(r, "v.txt", "hello,1\nworld,2\nfoo\nbar\n"), lambda ms, r: T(
        ms).Vocab.from_file(os.path.join(r, "v.txt"), ",", None, ["<pad>"], True).vocab())),
    _c("Vocab/from_file_size", _files(lambda r: _write(r, "v.txt", "a b\nc d\ne f\n"), lambda ms, r: T(
        ms).Vocab.from_file(os.path.join(r, "v.txt"), " ", 2, ["<unk>"], False).vocab())),
    _c("Vocab/from_dataset", lambda ms: T(ms).Vocab.from_dataset(DS(ms).NumpySlicesDataset(
        [["a", "b"], ["b", "c"], ["b", "a"], ["d", "d"]], ["text"], shuffle=False), ["text"], None, None,
        ["<pad>"], True).vocab()),
    _c("Vocab/from_dataset_topk_freq", lambda ms: T(ms).Vocab.from_dataset(DS(ms).NumpySlicesDataset(
        [["a", "b"], ["b", "c"], ["b", "a"], ["d", "e"]], ["text"], shuffle=False), "text", (1, 2), 2,
        None, False).vocab()),
    *[_c(f"Vocab/from_dataset_ties_{n}", lambda ms, kw=kw: T(ms).Vocab.from_dataset(DS(ms).NumpySlicesDataset(
        [["z", "z"], ["y", "y"], ["x", "w"], ["w", "q"]], ["text"], shuffle=False), ["text"], **kw).vocab())
      for n, kw in (("all", {}), ("top2", {"top_k": 2}), ("min2", {"freq_range": (2, None)}),
                    ("special_last", {"special_tokens": ["<s>"], "special_first": False}))],
    _err("Vocab/bad_dataset_special_in_data", lambda ms: T(ms).Vocab.from_dataset(DS(ms).NumpySlicesDataset(
        [["z", "z"]], ["text"], shuffle=False), ["text"], special_tokens=["z"])),
    _err("Vocab/bad_dataset_numeric", lambda ms: T(ms).Vocab.from_dataset(DS(ms).NumpySlicesDataset(
        [[1, 2]], ["text"], shuffle=False), ["text"])),
    _err("Vocab/bad_dataset_column", lambda ms: T(ms).Vocab.from_dataset(DS(ms).NumpySlicesDataset(
        [["a"]], ["text"], shuffle=False), ["nope"])),
    _err("Vocab/bad_from_file_dup", _files(lambda r: _write(r, "v.txt", "a\nb\na\n"), lambda ms, r: T(
        ms).Vocab.from_file(os.path.join(r, "v.txt")))),
    _err("Vocab/bad_from_file_missing", lambda ms: T(ms).Vocab.from_file("/nonexistent/dir/vocab.txt")),
    _err("Vocab/bad_from_file_size", lambda ms: T(ms).Vocab.from_file("v.txt", vocab_size=0)),
    _err("Vocab/bad_duplicate", lambda ms: T(ms).Vocab.from_list(["a", "a"])),
    _err("Vocab/bad_special_overlap", lambda ms: T(ms).Vocab.from_list(["a", "b"], ["a"])),
    _err("Vocab/bad_tuple", lambda ms: T(ms).Vocab.from_list(("a", "b"))),
    _err("Vocab/bad_special_first", lambda ms: T(ms).Vocab.from_list(["a"], None, 1)),
    _err("Vocab/bad_dict_neg", lambda ms: T(ms).Vocab.from_dict({"a": -1})),
    _err("Vocab/bad_dict_key", lambda ms: T(ms).Vocab.from_dict({1: 1})),
    _err("Vocab/bad_unbuilt", lambda ms: T(ms).Vocab().vocab()),
    _err("Vocab/bad_ids_neg", lambda ms: T(ms).Vocab.from_list(["a"]).ids_to_tokens(-1)),
    _err("Vocab/bad_tokens_int", lambda ms: T(ms).Vocab.from_list(["a"]).tokens_to_ids(1)),
    _err("Vocab/bad_dataset_freq", lambda ms: T(ms).Vocab.from_dataset(None, None, (3, 1))),
    _err("Vocab/bad_dataset_topk", lambda ms: T(ms).Vocab.from_dataset(None, None, None, 0)),
    _c("Lookup/unknown", lambda ms: T(ms).Lookup(T(ms).Vocab.from_list(["a", "b"], ["<unk>"]), "<unk>")(
        np.array(["a", "z", "b"]))),
    _c("Lookup/scalar", lambda ms: T(ms).Lookup(T(ms).Vocab.from_list(["a", "b"]))("b")),
    _c("Lookup/2d_int64", lambda ms: T(ms).Lookup(T(ms).Vocab.from_list(["a", "b"]), "a", ms.int64)(
        np.array([["b", "x"]]))),
    _c("Lookup/float32", lambda ms: T(ms).Lookup(T(ms).Vocab.from_list(["a", "b"]), "a", ms.float32)(
        np.array(["b", "x"]))),
    _c("Lookup/bool", lambda ms: T(ms).Lookup(T(ms).Vocab.from_list(["a", "b"]), "a", ms.bool_)(
        np.array(["b", "x"]))),
    _c("Lookup/uint8", lambda ms: T(ms).Lookup(T(ms).Vocab.from_dict({"a": 300, "b": 2}), None, ms.uint8)(
        np.array(["b", "a"]))),
    _err("Lookup/bad_missing_token", lambda ms: T(ms).Lookup(T(ms).Vocab.from_list(["a", "b"]))(np.array(["c"]))),
    _err("Lookup/bad_unknown_absent", lambda ms: T(ms).Lookup(T(ms).Vocab.from_list(["a"]), "z")(np.array(["a"]))),
    _err("Lookup/bad_string_type", lambda ms: T(ms).Lookup(T(ms).Vocab.from_list(["a"]), "a", ms.string)(
        np.array(["a"]))),
    _err("Lookup/bad_int_input", lambda ms: T(ms).Lookup(T(ms).Vocab.from_list(["a"]), "a")(np.array([1]))),
    _err("Lookup/bad_unbuilt_vocab", lambda ms: T(ms).Lookup(T(ms).Vocab())),
    _err("Lookup/bad_vocab_type", lambda ms: T(ms).Lookup({"a": 1})),
    _err("Lookup/bad_numpy_dtype", lambda ms: T(ms).Lookup(T(ms).Vocab.from_list(["a"]), "a", np.int32)),
    _err("Lookup/bad_unknown_type", lambda ms: T(ms).Lookup(T(ms).Vocab.from_list(["a"]), 1)),
    # ---- Vectors / FastText / GloVe / CharNGram / ToVectors
    _c("Vectors/to_vectors", _files(_vec_file, lambda ms, r: T(ms).ToVectors(T(ms).Vectors.from_file(
        os.path.join(r, "vectors.txt")))(np.array(["the", "cat", "unknown"])))),
    _c("Vectors/header_scalar", _files(lambda r: _vec_file(r, header=True), lambda ms, r: T(ms).ToVectors(
        T(ms).Vectors.from_file(os.path.join(r, "vectors.txt")))("cat"))),
    _c("Vectors/unk_init_lower", _files(_vec_file, lambda ms, r: T(ms).ToVectors(T(ms).Vectors.from_file(
        os.path.join(r, "vectors.txt")), [-1, -1, -1], True)(np.array(["CAT", "Dog", "zz"])))),
    _c("Vectors/max_vectors", _files(_vec_file, lambda ms, r: T(ms).ToVectors(T(ms).Vectors.from_file(
        os.path.join(r, "vectors.txt"), 2))(np.array(["cat", "Dog"])))),
    _err("Vectors/bad_unk_len", _files(_vec_file, lambda ms, r: T(ms).ToVectors(T(ms).Vectors.from_file(
        os.path.join(r, "vectors.txt")), [1.0])(np.array(["zz"])))),
    _err("Vectors/bad_dims", _files(lambda r: _write(r, "v.txt", "a 1 2 3\nb 1 2\n"), lambda ms, r: T(
        ms).Vectors.from_file(os.path.join(r, "v.txt")))),
    _err("Vectors/bad_missing", lambda ms: T(ms).Vectors.from_file("/nonexistent/vectors.txt")),
    _err("Vectors/bad_max_vectors", lambda ms: T(ms).Vectors.from_file("vectors.txt", -1)),
    _err("Vectors/bad_path_type", lambda ms: T(ms).Vectors.from_file(3)),
    _err("ToVectors/bad_vectors", lambda ms: T(ms).ToVectors({"a": [1.0]})),
    _err("ToVectors/bad_unk_type", _files(_vec_file, lambda ms, r: T(ms).ToVectors(T(ms).Vectors.from_file(
        os.path.join(r, "vectors.txt")), ["a", "b", "c"]))),
    _err("ToVectors/bad_int_input", _files(_vec_file, lambda ms, r: T(ms).ToVectors(T(ms).Vectors.from_file(
        os.path.join(r, "vectors.txt")))(np.array([1])))),
    _c("FastText/vec", _files(lambda r: _vec_file(r, "wiki.vec"), lambda ms, r: T(ms).ToVectors(
        T(ms).FastText.from_file(os.path.join(r, "wiki.vec")))(np.array(["x", "the"])))),
    _err("FastText/bad_suffix", _files(_vec_file, lambda ms, r: T(ms).FastText.from_file(
        os.path.join(r, "vectors.txt")))),
    _c("GloVe/6B", _files(lambda r: _vec_file(r, "glove.6B.3d.txt"), lambda ms, r: T(ms).ToVectors(
        T(ms).GloVe.from_file(os.path.join(r, "glove.6B.3d.txt")))(np.array(["cat"])))),
    _err("GloVe/bad_name", _files(lambda r: _vec_file(r, "glove.42B.3d.txt"), lambda ms, r: T(ms).GloVe.from_file(
        os.path.join(r, "glove.42B.3d.txt")))),
    _c("CharNGram/mean", _files(_ngram_file, lambda ms, r: T(ms).ToVectors(T(ms).CharNGram.from_file(
        os.path.join(r, "charngram.txt")))(np.array(["abc", "zz", "c"])))),
    _c("CharNGram/lower", _files(_ngram_file, lambda ms, r: T(ms).ToVectors(T(ms).CharNGram.from_file(
        os.path.join(r, "charngram.txt")), [9, 9], True)(np.array(["ABC", "QQ"])))),
    # ---- SentencePiece
    *[_c(f"SentencePiece/{m.lower()}_{o.lower()}", _files(lambda r: None, lambda ms, r, m=m, o=o, n=n: _sp_tokens(
        ms, r, getattr(T(ms).SentencePieceModel, m), getattr(T(ms).SPieceTokenizerOutType, o), n)))
      for m, n in (("BPE", 60), ("CHAR", 40), ("WORD", 30)) for o in ("STRING", "INT")],
    # the unigram model's pieces differ from MindSpore's bundled trainer (known difference): only the
    # round trip of the pieces is compared
    _c("SentencePiece/unigram_roundtrip", _files(lambda r: None, lambda ms, r: "".join(_sp_tokens(
        ms, r, T(ms).SentencePieceModel.UNIGRAM, T(ms).SPieceTokenizerOutType.STRING, 50).tolist()).replace(
        "\u2581", " "))),
    _err("SentencePiece/bad_vocab_too_big", _files(lambda r: None, lambda ms, r: _sp_tokens(
        ms, r, T(ms).SentencePieceModel.WORD, T(ms).SPieceTokenizerOutType.INT, 60))),
    _c("SentencePiece/saved_model", _files(lambda r: None, _sp_saved)),
    _c("SentencePiece/from_dataset", _files(lambda r: None, _sp_dataset)),
    _err("SentencePiece/bad_1d_input", _files(lambda r: None, lambda ms, r: T(ms).SentencePieceTokenizer(
        T(ms).SentencePieceVocab.from_file([_sp_corpus(r)], 40, 1.0, T(ms).SentencePieceModel.CHAR, {}),
        T(ms).SPieceTokenizerOutType.STRING)(np.array(["a b"])))),
    _err("SentencePiece/bad_mode", lambda ms: T(ms).SentencePieceTokenizer(1, T(ms).SPieceTokenizerOutType.INT)),
    _err("SentencePiece/bad_out_type", lambda ms: T(ms).SentencePieceTokenizer("m.model", 0)),
    _err("SentencePiece/bad_vocab_size", lambda ms: T(ms).SentencePieceVocab.from_file(["a.txt"], -5, 1.0,
                                                                                        "unigram", {})),
    _err("SentencePiece/bad_coverage", lambda ms: T(ms).SentencePieceVocab.from_file(["a.txt"], 10, 1, "unigram", {})),
    _err("SentencePiece/bad_file_path", lambda ms: T(ms).SentencePieceVocab.from_file("a.txt", 10, 1.0,
                                                                                      "unigram", {})),
    _err("SentencePiece/bad_params", lambda ms: T(ms).SentencePieceVocab.from_file(["a.txt"], 10, 1.0, "bpe", [])),
    # ---- enums
    _c("enums/values", lambda ms: [(e.__name__, [(m.name, int(m.value)) for m in e]) for e in (
        T(ms).JiebaMode, T(ms).NormalizeForm, T(ms).SentencePieceModel, T(ms).SPieceTokenizerLoadType,
        T(ms).SPieceTokenizerOutType)]),
    # ---- in map pipelines
    _c("pipeline/whitespace_offsets", lambda ms: _pipe(ms, ["a bc", "déf  g"], [T(ms).WhitespaceTokenizer(True)],
                                                       out_cols=["token", "start", "limit"])),
    _c("pipeline/bert_lookup", lambda ms: _pipe(ms, ["My favorite book", "the cats"], [
        T(ms).BertTokenizer(_vocab(ms), lower_case=True), T(ms).Lookup(_vocab(ms), "[UNK]")])),
    _c("pipeline/casefold_ngram", lambda ms: _pipe(ms, ["A B C", "X Y"], [
        T(ms).CaseFold(), T(ms).WhitespaceTokenizer(), T(ms).Ngram(2)])),
    _c("pipeline/tonumber", lambda ms: _pipe(ms, ["12", "-7"], [T(ms).ToNumber(ms.int32)])),
    _c("pipeline/python_tokenizer", lambda ms: _pipe(ms, ["a-b-c"], [
        T(ms).PythonTokenizer(lambda s: s.split("-")), T(ms).AddToken("<s>"), T(ms).Truncate(3)])),
]


# --------------------------------------------------------------------------- JiebaTokenizer (cppjieba model files)
_MP_DICT = ["我 120 r", "爱 80 v", "北京 60 ns", "天安门 40 ns", "北京大学 30 nt", "大学 50 n", "学生 45 n",
            "生活 35 n", "南京 25 ns", "南京市 20 ns", "长江 30 ns", "大桥 22 n", "长江大桥 18 ns", "市长 28 n",
            "江 5 n", "的 200 uj", "是 150 v"]
_HMM_CHARS = "我爱北京天安门大学生活南京市长江桥的是小明来到了清华"
_HMM = ["#prob_start", "-0.26 -3.14e+100 -3.14e+100 -1.46", "#prob_trans",
        "-3.14e+100 -0.51 -0.92 -3.14e+100", "-0.59 -3.14e+100 -3.14e+100 -0.81",
        "-3.14e+100 -0.33 -1.26 -3.14e+100", "-0.72 -3.14e+100 -3.14e+100 -0.67", "#prob_emit"]
for _k, _off in enumerate((0.1, 0.35, 0.6, 0.2)):
    _HMM.append(",".join(f"{c}:{-(1.0 + ((i * 7 + _k * 3) % 11) * _off):.4f}" for i, c in enumerate(_HMM_CHARS)))


def _write_jieba(root):
    _write(root, "jieba.dict.utf8", "\n".join(_MP_DICT) + "\n")
    _write(root, "hmm_model.utf8", "\n".join(_HMM) + "\n")


def _jieba(ms, root, mode, text, offsets=False, words=None):
    t = T(ms)
    tok = t.JiebaTokenizer(os.path.join(root, "hmm_model.utf8"), os.path.join(root, "jieba.dict.utf8"),
                           getattr(t.JiebaMode, mode), offsets)
    for w, f in (words or []):
        tok.add_word(w, f)
    return tok(text)


_JIEBA_TEXTS = ["我爱北京天安门", "南京市长江大桥", "北京大学生活", "小明来到了清华大学", "我是 Tom123 的，hello3.5好",
                "长江大桥是南京的"]
CASES += [
    *[_c(f"JiebaTokenizer/{m.lower()}_{i}", _files(_write_jieba, lambda ms, r, m=m, x=x: _jieba(ms, r, m, x)))
      for m in ("MIX", "MP", "HMM") for i, x in enumerate(_JIEBA_TEXTS)],
    _c("JiebaTokenizer/offsets", _files(_write_jieba, lambda ms, r: _jieba(ms, r, "MIX", "我爱北京，天安门 ok", True))),
    _c("JiebaTokenizer/empty", _files(_write_jieba, lambda ms, r: _jieba(ms, r, "MP", ""))),
    _c("JiebaTokenizer/add_word", _files(_write_jieba, lambda ms, r: _jieba(ms, r, "MIX", "小明来到了清华大学",
                                                                           words=[("小明", 10), ("清华大学", None)]))),
    _err("JiebaTokenizer/bad_missing_file", lambda ms: T(ms).JiebaTokenizer("/nonexistent/hmm", "/nonexistent/mp")),
    _err("JiebaTokenizer/bad_mode", _files(_write_jieba, lambda ms, r: T(ms).JiebaTokenizer(
        os.path.join(r, "hmm_model.utf8"), os.path.join(r, "jieba.dict.utf8"), "MIX"))),
    _err("JiebaTokenizer/bad_hmm_none", lambda ms: T(ms).JiebaTokenizer(None, "mp")),
    _err("JiebaTokenizer/bad_1d_input", _files(_write_jieba, lambda ms, r: _jieba(ms, r, "MP", np.array(["我爱"])))),
]
