"""Audio dataset sources: ``YesNoDataset``, ``LJSpeechDataset``, ``SpeechCommandsDataset``,
``CMUArcticDataset``, ``GTZANDataset``, ``LibriTTSDataset``, ``TedliumDataset``, over their real on-disk layouts (16-bit PCM wav files plus the datasets'
metadata files), with MindSpore's columns, dtypes and row orders.

Waveforms are read as MindSpore's wav reader does: a 44-byte RIFF header (sample rate, bits per
sample, data size), then 16-bit samples divided by 32767, as a float32 (1, n) array."""
import os
import re
import struct

import numpy as np

from ._source_vision import _FileMappable, _check_dir, _check_sampling_args, _check_usage, _read_error, _read_file

__all__ = ["CMUArcticDataset", "GTZANDataset", "LibriTTSDataset", "LJSpeechDataset", "SpeechCommandsDataset",
           "TedliumDataset", "YesNoDataset"]


def read_wave(path):
    """(float32 (1, n) waveform, sample rate) of a PCM wav file, as MindSpore's ``ReadWaveFile``."""
    if not os.path.isfile(path):
        raise _read_error(f"Invalid file path, failed to find waveform file: {path}")
    data = _read_file(path)
    header = data[:44].ljust(44, b"\0")
    sample_rate = struct.unpack_from("<i", header, 24)[0]
    bits = struct.unpack_from("<h", header, 34)[0]
    size = struct.unpack_from("<i", header, 40)[0]
    bytes_per_sample = bits // 8
    if bytes_per_sample == 0:
        raise _read_error("ReadWaveFile: zero division error, bits per sample of the audio can not be zero.")
    n = max(int(size / bytes_per_sample), 0)
    raw = data[44:44 + 2 * n]
    samples = np.zeros(n, np.int16)
    got = np.frombuffer(raw[:len(raw) // 2 * 2], "<i2")
    samples[:got.size] = got
    wave = (samples.astype(np.float32) / np.float32(32767.0)).astype(np.float32)
    return wave[None, :], sample_rate


class _AudioSource(_FileMappable):
    """Rows from a list of per-row metadata; each row reads its wav file."""

    _read_parallel = True

    def __init__(self, dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache):
        _check_dir(dataset_dir)
        _check_sampling_args(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache)
        super().__init__(num_parallel_workers, sampler, num_samples, shuffle, num_shards, shard_id)
        self.dataset_dir = dataset_dir

    def _label_values(self, column):
        return [self._read(i)[self.get_col_names().index(column)] for i in range(len(self._data()))]


class _UsageAudioSource(_AudioSource):
    """An audio source with a ``usage`` argument (one of ``_usages``; None: 'all')."""
    _usages = ["all"]

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        _check_dir(dataset_dir)
        _check_usage(usage, self._usages)
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache)
        self.usage = "all" if usage is None else usage


class YesNoDataset(_AudioSource):
    """Yes/No: ``*.wav`` files named by their 8 labels (``0_1_0_0_1_0_1_1.wav``); columns ``waveform``
    float32 (1, n), ``sample_rate`` int32, ``label`` int32 (8,)."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache)

    def _columns(self):
        return ["waveform", "sample_rate", "label"]

    def _load(self):
        root = os.path.realpath(self.dataset_dir)
        files = [os.path.join(root, e.name) for e in os.scandir(root) if os.path.splitext(e.name)[1] == ".wav"]
        if not files:
            raise _read_error(f"Invalid file, no .wav files found under {self.dataset_dir}")
        return files

    def _read(self, i):
        path = self._data()[i]
        name = os.path.basename(path)[:15]
        try:
            labels = [int(s) for s in name.split("_") if s != ""]
        except ValueError as exc:
            raise _read_error(f"[Internal ERROR] Converting char to int confront with an error in function stoi: "
                              f"{exc}") from exc
        wave, rate = read_wave(path)
        return [wave, np.array(rate, np.int32), np.array(labels, np.int32)]


class LJSpeechDataset(_AudioSource):
    """LJSpeech: ``metadata.csv`` (``id|transcription|normalized``) and ``wavs/<id>.wav``; columns
    ``waveform`` float32 (1, n), ``sample_rate`` int32, ``transcription``, ``normalized_transcription``."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache)

    def _columns(self):
        return ["waveform", "sample_rate", "transcription", "normalized_transcription"]

    def _load(self):
        meta = os.path.join(os.path.realpath(self.dataset_dir), "metadata.csv")
        if not os.path.isfile(meta):
            raise _read_error(f"Invalid file, failed to find LJSpeech metadata file: {meta}")
        text = _read_file(meta).decode("utf-8")
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        rows = [line.split("|") for line in lines]
        if not rows:
            raise _read_error(f"Reading failed, unable to read valid data from the LJSpeech metadata file: {meta}.")
        for r in rows:
            if len(r) < 3:
                raise _read_error(f"Invalid LJSpeech metadata line, expected 'id|transcription|normalized': {r}")
        return rows

    def _read(self, i):
        name, transcription, normalized = self._data()[i][:3]
        wave, rate = read_wave(os.path.join(self.dataset_dir, "wavs", name + ".wav"))
        return [wave, np.array(rate, np.int32), np.array(transcription), np.array(normalized)]


class SpeechCommandsDataset(_UsageAudioSource):
    """Speech Commands: ``<label>/<speaker>_nohash_<n>.wav`` with ``testing_list.txt`` /
    ``validation_list.txt``; columns ``waveform`` float32 (1, n), ``sample_rate`` int32, ``label``,
    ``speaker_id``, ``utterance_number`` int32. Rows in sorted path order."""

    _usages = ["train", "test", "valid", "all"]

    def _columns(self):
        return ["waveform", "sample_rate", "label", "speaker_id", "utterance_number"]

    def _walk(self, root):
        folders = [e.path for e in os.scandir(root) if e.is_dir() and "_background_noise_" not in e.path]
        if not folders:
            raise _read_error(f"Invalid file, failed to open directory: {root}")
        files = set()
        for folder in folders:
            for e in os.scandir(folder):
                if os.path.splitext(e.name)[1] == ".wav":
                    files.add(os.path.join(folder, e.name))
        if not files:
            raise _read_error(f"Invalid file, no .wav files found under {self.dataset_dir}")
        return files

    @staticmethod
    def _listed(root, usage):
        name = "testing_list.txt" if usage == "test" else "validation_list.txt"
        path = os.path.join(root, name)
        if not os.path.isfile(path):
            return set()
        with open(path, "r", encoding="utf-8") as f:
            return {os.path.join(root, line.rstrip("\n")) for line in f}

    def _load(self):
        root = os.path.realpath(self.dataset_dir)
        if self.usage == "all":
            selected = self._walk(root)
        elif self.usage in ("test", "valid"):
            selected = self._listed(root, self.usage)
        else:
            selected = self._walk(root) - self._listed(root, "test") - self._listed(root, "valid")
        return sorted(selected)

    def _read(self, i):
        path = self._data()[i]
        label = os.path.basename(os.path.dirname(path))
        m = re.fullmatch(r"(.*)_nohash_(\d+)\.wav", os.path.basename(path))
        if m is None or m.group(0) == "" or m.group(1) == "":
            raise _read_error(f"Invalid file name, failed to get file info: {os.path.basename(path)}")
        wave, rate = read_wave(path)
        return [wave, np.array(rate, np.int32), np.array(label), np.array(m.group(1)),
                np.array(int(m.group(2)), np.int32)]


_CMU_NAMES = ["aew", "ahw", "aup", "awb", "axb", "bdl", "clb", "eey", "fem", "gka", "jmk", "ksp", "ljm", "lnh", "rms",
              "rxr", "slp", "slt"]


class CMUArcticDataset(_AudioSource):
    """CMU Arctic: ``cmu_us_<name>_arctic/etc/txt.done.data`` (``( id "text" )`` lines) and
    ``cmu_us_<name>_arctic/wav/<id>.wav`` at 16 kHz; columns ``waveform`` float32 (1, n),
    ``sample_rate`` uint32, ``transcript``, ``utterance_id``."""

    def __init__(self, dataset_dir, name=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        _check_dir(dataset_dir)
        if name is not None:
            if not isinstance(name, str):
                raise TypeError(f"Argument name with value {name} is not of type [<class 'str'>], but got "
                                f"{type(name)}.")
            if name not in _CMU_NAMES:
                raise ValueError(f"Input name is not within the valid set of {_CMU_NAMES}.")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache)
        self.name = "aew" if name is None else name

    def _columns(self):
        return ["waveform", "sample_rate", "transcript", "utterance_id"]

    def _folder(self):
        return os.path.join(os.path.realpath(self.dataset_dir), f"cmu_us_{self.name}_arctic")

    def _load(self):
        label = os.path.join(self._folder(), "etc", "txt.done.data")
        if not os.path.isfile(label):
            raise _read_error(f"Invalid file, failed to find label file: {label}")
        pairs = []
        lines = _read_file(label).decode("utf-8").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        for line in lines:
            quotes = [i for i, c in enumerate(line) if c == '"'][:2]
            if len(quotes) != 2:
                raise _read_error(f"Invalid file, the file may not be a CMUArctic dataset file: {label}")
            pairs.append((line[2:quotes[0] - 1], line[quotes[0] + 1:quotes[1]]))
        if not pairs:
            raise _read_error(f"Invalid data, no valid data found in path: {self.dataset_dir}")
        return pairs

    def _read(self, i):
        utt, text = self._data()[i]
        pos = utt.rfind("_")
        if pos < 0 or pos + 1 >= len(utt):
            raise _read_error(f"Invalid utterance id, please check if it is in valid format: {utt}")
        path = os.path.join(self._folder(), "wav", utt + ".wav")
        wave, rate = read_wave(path)
        if rate != 16000:
            raise _read_error(f"Invalid file, sampling rate of CMUArctic wav file must be 16000, file path: {path}")
        return [wave, np.array(16000, np.uint32), np.array(text), np.array(utt[pos + 1:])]


# --------------------------------------------------------------------------- GTZAN
_GENRES = ["blues", "classical", "country", "disco", "hiphop", "jazz", "metal", "pop", "reggae", "rock"]

# The GTZAN train / valid / test split MindSpore uses (the filtered split of Kereliuk et al.), as
# genre -> inclusive ranges of track numbers; the lists run genre by genre, tracks ascending.
_GTZAN_SPLITS = {
    "train": {
        "blues": [(29, 49), (73, 97)],
        "classical": [(30, 33), (43, 48), (50, 67), (80, 99)],
        "country": [(19, 26), (28, 29), (65, 99)],
        "disco": [(5, 5), (15, 20), (22, 37), (39, 45), (47, 47), (49, 49), (53, 54), (56, 57), (59, 59), (61, 61),
            (70, 70), (73, 74), (89, 89)],
        "hiphop": [(2, 25), (28, 29), (31, 38), (41, 42), (55, 61), (77, 80)],
        "jazz": [(0, 1), (11, 24), (41, 41), (47, 72)],
        "metal": [(2, 3), (5, 5), (21, 21), (24, 24), (35, 35), (46, 57), (59, 66), (69, 69), (71, 72), (79, 80),
            (84, 84), (86, 86), (89, 99)],
        "pop": [(2, 9), (11, 12), (16, 20), (23, 29), (31, 36), (38, 42), (44, 44), (46, 46), (49, 50), (80, 80),
            (97, 99)],
        "reggae": [(0, 2), (4, 4), (6, 6), (9, 9), (11, 12), (14, 32), (42, 45), (49, 51), (54, 60), (63, 63),
            (69, 69)],
        "rock": [(0, 9), (16, 26), (57, 70), (91, 99)],
    },
    "valid": {
        "blues": [(0, 11), (50, 60)],
        "classical": [(0, 10), (68, 76)],
        "country": [(0, 7), (9, 18), (27, 27), (41, 42), (45, 45), (49, 49)],
        "disco": [(0, 0), (2, 4), (6, 14), (46, 46), (48, 48), (52, 52), (67, 68), (72, 72), (75, 75), (90, 90),
            (95, 95)],
        "hiphop": [(81, 98)],
        "jazz": [(2, 10), (25, 32)],
        "metal": [(0, 1), (6, 11), (16, 20), (36, 37), (68, 68), (76, 77), (81, 82)],
        "pop": [(10, 10), (53, 53), (55, 55), (58, 62), (81, 81), (83, 86)],
        "reggae": [(61, 62), (70, 70), (72, 72), (74, 74), (76, 78), (85, 85), (92, 99)],
        "rock": [(38, 38), (49, 56), (71, 85)],
    },
    "test": {
        "blues": [(12, 28), (61, 72), (98, 99)],
        "classical": [(11, 29), (34, 41), (49, 49), (77, 79)],
        "country": [(30, 40), (43, 44), (46, 48), (50, 51), (53, 64)],
        "disco": [(1, 1), (21, 21), (58, 58), (62, 66), (69, 69), (76, 88), (91, 94), (96, 97), (99, 99)],
        "hiphop": [(0, 0), (26, 27), (30, 30), (40, 40), (43, 45), (51, 54), (62, 75), (99, 99)],
        "jazz": [(73, 99)],
        "metal": [(12, 15), (22, 23), (25, 33), (38, 39), (67, 67), (70, 70), (73, 75), (78, 78), (83, 83), (85, 85),
            (87, 88)],
        "pop": [(0, 1), (13, 14), (43, 43), (63, 66), (69, 79), (82, 82), (88, 96)],
        "reggae": [(34, 40), (46, 48), (52, 53), (64, 68), (71, 71), (79, 79), (82, 84), (87, 90)],
        "rock": [(10, 15), (27, 37), (39, 48), (86, 90)],
    },
}


class GTZANDataset(_UsageAudioSource):
    """GTZAN: ``<genre>/<genre>.<nnnnn>.wav`` at 22050 Hz; columns ``waveform`` float32 (1, n),
    ``sample_rate`` uint32, ``label`` (the genre). ``usage`` train / valid / test reads MindSpore's
    filtered split (existing files only); ``all`` every wav of the genre folders."""

    _usages = ["train", "valid", "test", "all"]

    def _columns(self):
        return ["waveform", "sample_rate", "label"]

    def _load(self):
        root = self.dataset_dir
        rows = []
        if self.usage == "all":
            for genre in _GENRES:
                folder = os.path.join(root, genre)
                if not os.path.isdir(folder):
                    continue
                for e in os.scandir(folder):
                    path = os.path.join(folder, e.name)
                    stem, dot, ext = path.rpartition(".")
                    if dot and "." + ext == ".wav" and "." in stem:
                        rows.append((path, genre))
        else:
            for genre, spans in _GTZAN_SPLITS[self.usage].items():
                for a, b in spans:
                    for k in range(a, b + 1):
                        path = os.path.join(root, genre, f"{genre}.{k:05d}.wav")
                        if os.path.exists(path):
                            rows.append((path, genre))
        if not rows:
            raise _read_error(f"Invalid data, no valid data found in path:{self.dataset_dir}")
        return rows

    def _read(self, i):
        path, genre = self._data()[i]
        wave, rate = read_wave(path)
        if rate != 22050:
            raise _read_error(f"Invalid file, sampling rate of GTZAN wav file must be 22050, file path: {path}")
        return [wave, np.array(22050, np.uint32), np.array(genre)]


# --------------------------------------------------------------------------- LibriTTS
_LIBRITTS_USAGES = ["dev-clean", "dev-other", "test-clean", "test-other", "train-clean-100", "train-clean-360",
                    "train-other-500"]


class LibriTTSDataset(_UsageAudioSource):
    """LibriTTS: ``<usage>/<speaker>/<chapter>/<speaker>_<chapter>.trans.tsv`` (``utterance<TAB>original
    <TAB>normalized`` lines) and ``<utterance>.wav`` at 24 kHz; columns ``waveform`` float32 (1, n),
    ``sample_rate`` uint32, ``original_text``, ``normalized_text``, ``speaker_id`` uint32,
    ``chapter_id`` uint32, ``utterance_id``. A folder's scan stops at its first ``.trans.tsv``, as in
    MindSpore."""

    _usages = _LIBRITTS_USAGES + ["all"]

    def _columns(self):
        return ["waveform", "sample_rate", "original_text", "normalized_text", "speaker_id", "chapter_id",
                "utterance_id"]

    @classmethod
    def _label_files(cls, folder, out):
        try:
            entries = list(os.scandir(folder))
        except OSError:
            return
        for e in entries:
            path = os.path.join(folder, e.name)
            if os.path.isdir(path):
                cls._label_files(path, out)
            elif len(e.name) > 10 and e.name.endswith(".trans.tsv"):
                out.append(path)
                return

    @staticmethod
    def _parse(label_file, usage):
        data = _read_file(label_file).decode("utf-8")
        rows = []
        pos, n = 0, len(data)
        while pos < n:
            fields = []
            for sep in ("\t", "\t", "\n"):
                end = data.find(sep, pos)
                end = n if end < 0 else end
                fields.append(data[pos:end])
                pos = min(end + 1, n + 1)
            utt, original, normalized = fields
            unders = [k for k, c in enumerate(utt) if c == "_"]
            if len(unders) != 3:
                raise _read_error(f"Invalid file, the file may not be a LibriTTS dataset file: {label_file}")
            speaker = _digits(utt[:unders[0]])
            chapter = _digits(utt[unders[0] + 1:unders[1]])
            rows.append((usage, utt, original, normalized, speaker, chapter))
        return rows

    def _load(self):
        root = os.path.realpath(self.dataset_dir)
        rows = []
        for usage in ([self.usage] if self.usage != "all" else _LIBRITTS_USAGES):
            files = []
            self._label_files(os.path.join(root, usage), files)
            for f in files:
                rows.extend(self._parse(f, usage))
        if not rows:
            raise _read_error(f"Invalid data, no valid data matching the dataset API LibriTTSDataset. Please check "
                              f"dataset API or file path: {self.dataset_dir}.")
        return rows

    def _read(self, i):
        usage, utt, original, normalized, speaker, chapter = self._data()[i]
        path = os.path.join(os.path.realpath(self.dataset_dir), usage, str(speaker), str(chapter), utt + ".wav")
        wave, rate = read_wave(path)
        if rate != 24000:
            raise _read_error(f"Invalid file, sampling rate of LibriTTS wav file must be 24000, file path: {path}")
        return [wave, np.array(24000, np.uint32), np.array(original), np.array(normalized),
                np.array(speaker, np.uint32), np.array(chapter, np.uint32), np.array(utt)]


def _digits(text):
    """The id MindSpore computes from the characters (each taken as a decimal digit)."""
    value = 0
    for c in text:
        value = (value * 10 + ord(c) - 48) & 0xFFFFFFFF
    return value


# --------------------------------------------------------------------------- TED-LIUM
class TedliumDataset(_AudioSource):
    """TED-LIUM: ``<usage>/stm/<talk>.stm`` segment lines (``talk channel speaker start end identifier
    transcript``) over ``<usage>/sph/<talk>.sph`` NIST SPHERE audio; columns ``waveform`` float32
    (1, n), ``sample_rate`` int32, ``transcript``, ``talk_id``, ``speaker_id``, ``identifier``.

    As MindSpore 2.10 does: rows are sorted by (line number as a string, talk), and a segment's
    samples are read into a buffer after as many zeros, of which the zeros are returned, so the
    waveform is silent (the read still fails for a segment past the end of the file)."""

    def __init__(self, dataset_dir, release, usage=None, extensions=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        if not isinstance(release, str):
            raise TypeError(f"Argument release with value {release} is not of type [<class 'str'>], but got "
                            f"{type(release)}.")
        valid = ["release1", "release2", "release3"]
        if release not in valid:
            raise ValueError(f"Input release is not within the valid set of {valid}.")
        _check_dir(dataset_dir)
        if usage is not None:
            _check_usage(usage, ["train", "test", "dev", "all"] if release in valid[:2] else ["all"])
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache)
        self.release = release
        self.usage = "all" if usage is None else usage
        self.extensions = ".sph" if extensions is None else extensions

    def _columns(self):
        return ["waveform", "sample_rate", "transcript", "talk_id", "speaker_id", "identifier"]

    def _load(self):
        root = os.path.realpath(self.dataset_dir)
        if self.release in ("release1", "release2"):
            parts = ["train", "test", "dev"] if self.usage == "all" else [self.usage]
        else:
            parts = ["data"]
        rows = []
        for part in parts:
            folder = os.path.join(root, part, "stm")
            if not os.path.isdir(folder):
                raise _read_error(f"Invalid file, failed to open folder: {folder}")
            for e in os.scandir(folder):
                if os.path.splitext(e.name)[1] != ".stm":
                    continue
                lines = _read_file(os.path.join(folder, e.name)).decode("utf-8").split("\n")
                if lines and lines[-1] == "":
                    lines.pop()
                for k, line in enumerate(lines):
                    rows.append((str(k), line.split(" ")[0], part))
        rows.sort()
        if not rows:
            raise _read_error("Invalid data, no valid data matching the dataset API TedliumDataset. Please check file "
                              "path or dataset API.")
        return rows

    @staticmethod
    def _segment(stm_path, line_no):
        lines = _read_file(stm_path).decode("utf-8").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        line = lines[min(line_no, len(lines) - 1)]
        fields = []
        for _ in range(6):
            cut = line.find(" ")
            fields.append(line[:cut] if cut >= 0 else line)
            line = line[cut + 1:] if cut >= 0 else line
        fields.append(line)
        return fields

    def _read(self, i):
        line_no, talk, part = self._data()[i]
        root = os.path.realpath(self.dataset_dir)
        stm = os.path.join(root, part, "stm", talk + ".stm")
        sph = os.path.join(root, part, "sph", talk + self.extensions)
        if not os.path.isfile(stm):
            raise _read_error(f"Invalid file, get real path failed, path={stm}")
        talk_id, _, speaker_id, start, end, identifier, transcript = self._segment(stm, int(line_no))
        if not os.path.isfile(sph):
            raise _read_error(f"Invalid file, failed to open file: {sph}")
        data = _read_file(sph)
        if len(data) < 1024:
            raise _read_error(f"Invalid data, failed to read head part from sph file: {sph}, re-download dataset(make "
                              "sure the data is true).")
        head = data[:1024].split(b"\0", 1)[0].decode("latin-1")
        tokens = [t for t in re.split(r"[ \n]+", head)]
        rate = 0
        for k, tok in enumerate(tokens):
            if tok == "sample_rate" and k + 2 < len(tokens):
                rate = _atoi(tokens[k + 2])
        first = int(_atof(start) * rate)
        size = int(_atof(end) * rate) - first
        if size > 0 and first + 2 * size > len(data):
            raise _read_error(f"Invalid data, failed to read data part from sph file: {sph}, re-download "
                              "dataset(make sure the data is true).")
        wave = np.zeros((1, max(size, 0)), np.float32)
        return [wave, np.array(rate, np.int32), np.array(transcript), np.array(talk_id), np.array(speaker_id),
                np.array(identifier)]


def _atoi(text):
    m = re.match(r"\s*[+-]?\d+", text)
    return int(m.group(0)) if m else 0


def _atof(text):
    m = re.match(r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?", text)
    return float(m.group(0)) if m else 0.0
