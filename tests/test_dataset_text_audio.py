"""``dataset.text`` / ``dataset.audio`` and the audio sources without the oracle: the properties the
parity tables check against MindSpore, kept here so a checkout without MindSpore still tests them."""
import os
import wave

import numpy as np
import pytest

import mscompat as ms
import mscompat.dataset as ds
from mscompat.dataset import audio, text


def test_tokenizer_offsets_are_utf8_bytes():
    tokens, start, limit = text.WhitespaceTokenizer(True)("héllo  wörld 你好")
    assert tokens.tolist() == ["héllo", "wörld", "你好"]
    assert start.dtype == np.uint32 and start.tolist() == [0, 8, 15]
    assert limit.tolist() == [6, 14, 21]


def test_bert_pipeline_lookup():
    vocab = text.Vocab.from_list(["my", "favor", "##ite", "book", "[UNK]"])
    d = ds.GeneratorDataset(lambda: iter([("My favorite BOOK!",)]), ["text"], shuffle=False)
    d = d.map([text.BertTokenizer(vocab, lower_case=True), text.Lookup(vocab, "[UNK]")], ["text"])
    (ids,) = next(d.create_tuple_iterator(output_numpy=True))
    assert ids.dtype == np.int32 and ids.tolist() == [0, 1, 2, 3, 4]


def test_data_errors_are_runtime_errors():
    with pytest.raises(RuntimeError):
        text.WhitespaceTokenizer()(np.array(["a b", "c"]))
    with pytest.raises(RuntimeError):
        text.ToNumber(ms.int8)(np.array(["300"]))
    with pytest.raises(TypeError):
        text.ToNumber(np.int32)
    with pytest.raises(ValueError):
        text.Vocab.from_list(["a", "a"])


def test_jieba_mp_prefers_dictionary_words(tmp_path):
    (tmp_path / "dict.utf8").write_text("南京 25 ns\n南京市 20 ns\n长江 30 ns\n大桥 22 n\n长江大桥 18 ns\n市长 28 n\n",
                                        encoding="utf-8")
    chars = "南京市长江大桥"
    hmm = ["-0.26 -3.14e+100 -3.14e+100 -1.46", "-3.14e+100 -0.51 -0.92 -3.14e+100",
           "-0.59 -3.14e+100 -3.14e+100 -0.81", "-3.14e+100 -0.33 -1.26 -3.14e+100",
           "-0.72 -3.14e+100 -3.14e+100 -0.67"] + [",".join(f"{c}:-2.0" for c in chars)] * 4
    (tmp_path / "hmm.utf8").write_text("\n".join(hmm) + "\n", encoding="utf-8")
    tok = text.JiebaTokenizer(str(tmp_path / "hmm.utf8"), str(tmp_path / "dict.utf8"), text.JiebaMode.MP)
    words = tok(chars).tolist()
    assert "".join(words) == chars and "长江大桥" in words


def test_audio_dtypes_follow_mindspore():
    w = np.linspace(-0.5, 0.5, 64, dtype=np.float32)[None]
    assert audio.LowpassBiquad(8000, 500.0)(w.astype(np.float16)).dtype == np.float16
    assert audio.Gain(3.0)(w.astype(np.float16)).dtype == np.float32
    assert audio.Gain(3.0)(w.astype(np.float64)).dtype == np.float64
    assert audio.MuLawEncoding()(w).dtype == np.int32
    with pytest.raises(RuntimeError):
        audio.LowpassBiquad(8000, 500.0)(np.ones((1, 8), np.int32))


def test_spectrogram_istft_roundtrip():
    w = np.sin(np.arange(400, dtype=np.float32) / 5.0)
    spec = audio.Spectrogram(n_fft=64, hop_length=16, power=0.0)(w)
    assert spec.shape == (33, 26, 2)
    back = audio.InverseSpectrogram(400, n_fft=64, hop_length=16)(spec)
    assert np.allclose(back, w, atol=1e-4)


def test_resample_length_and_identity():
    w = np.random.RandomState(0).uniform(-1, 1, (2, 300)).astype(np.float32)
    assert audio.Resample(16000, 8000)(w).shape == (2, 150)
    assert np.array_equal(audio.Resample(8000, 8000)(w), w)


def _wav(path, samples, rate):
    with wave.open(str(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(rate)
        f.writeframes(np.asarray(samples, "<i2").tobytes())


def test_yesno_and_ljspeech_read_wavs(tmp_path):
    _wav(tmp_path / "0_1_1_0_0_1_0_1.wav", [0, 32767, -32767, 100], 8000)
    rows = list(ds.YesNoDataset(str(tmp_path), shuffle=False).create_dict_iterator(output_numpy=True))
    assert len(rows) == 1
    assert rows[0]["waveform"].dtype == np.float32 and rows[0]["waveform"].shape == (1, 4)
    assert np.allclose(rows[0]["waveform"][0, :3], [0, 1, -1])
    assert rows[0]["label"].tolist() == [0, 1, 1, 0, 0, 1, 0, 1] and int(rows[0]["sample_rate"]) == 8000
    lj = tmp_path / "lj"
    os.makedirs(lj / "wavs")
    _wav(lj / "wavs" / "LJ001-0001.wav", [1, 2, 3], 22050)
    (lj / "metadata.csv").write_text("LJ001-0001|Text, Mr. X|Text, mister X\n", encoding="utf-8")
    d = ds.LJSpeechDataset(str(lj))
    assert d.get_col_names() == ["waveform", "sample_rate", "transcription", "normalized_transcription"]
    row = next(d.create_tuple_iterator(output_numpy=True))
    assert str(row[2]) == "Text, Mr. X" and int(row[1]) == 22050
