"""``mindspore.dataset.text``: text transforms (tokenizers, vocabularies, word vectors)."""
from . import transforms, utils
from .transforms import (AddToken, BasicTokenizer, BertTokenizer, CaseFold, FilterWikipediaXML, JiebaTokenizer, Lookup,
                         Ngram, NormalizeUTF8, PythonTokenizer, RegexReplace, RegexTokenizer, SentencePieceTokenizer,
                         SlidingWindow, ToNumber, ToVectors, Truncate, TruncateSequencePair, UnicodeCharTokenizer,
                         UnicodeScriptTokenizer, WhitespaceTokenizer, WordpieceTokenizer)
from .utils import (CharNGram, FastText, GloVe, JiebaMode, NormalizeForm, SentencePieceModel, SentencePieceVocab,
                    SPieceTokenizerLoadType, SPieceTokenizerOutType, Vectors, Vocab, to_bytes, to_str)

__all__ = transforms.__all__ + utils.__all__
