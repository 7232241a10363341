"""File-format image sources: ``MnistDataset``, ``Cifar10Dataset``, ``Cifar100Dataset``, ``ImageFolderDataset``.

Each reads MindSpore's on-disk formats (MNIST idx files, the CIFAR binary batches, a folder of
class subfolders) and yields the same columns, dtypes and row order as MindSpore.  They are
mappable sources: the sampler picked from ``shuffle``/``num_samples``/``num_shards``/``sampler``
decides which rows an epoch reads (``_select_sampler``, MindSpore's seeded orders).

Files are read once, on first use (iteration, ``get_dataset_size``, ...), and the parsed data
is shared by copies of the dataset.  Bad files give a RuntimeError naming the file.
"""
import os
import threading

import numpy as np

from . import _engine_config as config
from ._engine_core import _check_workers, _ordered_parallel, _pipeline_error, _state, _type_check
from ._engine_samplers import (INT32_MAX, BuiltinSampler, PKSampler, SubsetSampler, _check_num_samples,
                               _check_sampler_args, _select_sampler)
from ._engine_sources import MappableDataset, _array_batches
from .vision import Decode


# --------------------------------------------------------------------------- argument checks (MindSpore's order)
def _check_dir(dataset_dir):
    _type_check(dataset_dir, (str,), "dataset_dir")
    if not os.path.isdir(dataset_dir) or not os.access(dataset_dir, os.R_OK):
        raise ValueError("The folder {} does not exist or is not a directory or permission denied!"
                         .format(dataset_dir))


def _check_usage(usage, valid):
    if usage is not None:
        _type_check(usage, (str,), "usage")
        if usage not in valid:
            raise ValueError("Input usage is not within the valid set of {}.".format(str(valid)))


def _check_int_params(num_samples, num_parallel_workers, num_shards, shard_id):
    if num_samples is not None:
        _type_check(num_samples, (int,), "num_samples")
        _check_num_samples(num_samples)
    _check_workers(num_parallel_workers)
    if num_shards is not None:
        _type_check(num_shards, (int,), "num_shards")
    if shard_id is not None:
        _type_check(shard_id, (int,), "shard_id")


def _check_bool(value, name):
    if value is not None:
        _type_check(value, (bool,), name)


def _check_cache(cache):
    if cache is not None:
        raise TypeError("cache is not supported by mscompat's file sources; pass cache=None.")


def _check_sampling_args(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache):
    """The sampling argument checks the file sources make (in MindSpore's order)."""
    _check_int_params(num_samples, num_parallel_workers, num_shards, shard_id)
    _check_bool(shuffle, "shuffle")
    _check_sampler_args(sampler, shuffle, num_samples, num_shards, shard_id)
    _check_cache(cache)


def _mappable_sampler(num_samples, sampler, shuffle, num_shards, shard_id):
    """The sampler of a mappable file source (MindSpore's ``select_sampler``)."""
    if sampler is not None and not isinstance(sampler, BuiltinSampler):
        if isinstance(sampler, (np.ndarray, list, tuple)):
            sampler = SubsetSampler(list(sampler))
        elif isinstance(sampler, int) and not isinstance(sampler, bool):
            sampler = SubsetSampler([sampler])
        elif isinstance(sampler, str) or not hasattr(sampler, "__iter__"):
            raise TypeError("Unsupported sampler object of type ({})".format(type(sampler)))
    return _select_sampler(num_samples, sampler, shuffle, num_shards, shard_id)


def _read_error(msg):
    return _pipeline_error(msg)


class _Lazy:
    """The parsed files of a source, loaded once and shared by copies of the dataset."""

    def __init__(self):
        self.value = None
        self.lock = threading.Lock()

    def __deepcopy__(self, memo):
        return self


# --------------------------------------------------------------------------- base
class _FileMappable(MappableDataset):
    """A mappable source over files: rows by index, ids from the sampler."""

    _read_parallel = False  # reading a row is cheap (in memory): no worker threads

    def __init__(self, num_parallel_workers, sampler, num_samples, shuffle, num_shards, shard_id):
        super().__init__(None, num_parallel_workers)
        self.num_samples = num_samples
        self.sampler = _mappable_sampler(num_samples, sampler, shuffle, num_shards, shard_id)
        self.shuffle_flag = shuffle
        self.num_shards = num_shards
        self.shard_id = shard_id
        self.random_access = True
        self._source = _Lazy()

    # ---- subclass interface
    def _load(self):
        raise NotImplementedError  # pragma: no cover - abstract

    def _count(self):
        return len(self._data())

    def _read(self, i):
        raise NotImplementedError  # pragma: no cover - abstract

    # ---- shared machinery
    def _data(self):
        holder = self._source
        if holder.value is None:
            with holder.lock:
                if holder.value is None:
                    holder.value = self._load()
        return holder.value

    def is_shuffled(self):
        return self.sampler.is_shuffled()

    def is_sharded(self):
        return self.sampler.is_sharded()

    def _num_rows(self):
        if isinstance(self.sampler, PKSampler):
            return self.sampler._size_from_labels(self._label_to_ids(self.sampler.class_column))
        return self.sampler._size(self._count())

    def _epoch_ids(self, ctx, epoch):
        n = len(self._data())
        st = _state(ctx, self, self.sampler._new_state)
        if isinstance(self.sampler, PKSampler) and "label_to_ids" not in st:
            st["label_to_ids"] = self._label_to_ids(self.sampler.class_column)
        return self.sampler._ids_for(n, epoch, st)

    def _label_values(self, column):
        raise NotImplementedError  # pragma: no cover - abstract

    def _label_to_ids(self, column):
        """``{label: [row ids]}`` of the class column ``column`` (what PKSampler draws from); as in
        MindSpore, a name that is not a column of the source means its ``label`` column."""
        names = self.get_col_names()
        if column not in names:
            column = "label" if "label" in names else names[1]
        labels = np.asarray(self._label_values(column)).reshape(-1)
        out = {}
        for i, v in enumerate(labels.tolist()):
            out.setdefault(v, []).append(i)
        return out

    def _rows(self, ctx, epoch, start=0):
        ids = self._epoch_ids(ctx, epoch)[start:]
        workers = self.num_parallel_workers or config.get_num_parallel_workers()
        if not self._read_parallel or workers <= 1 or len(ids) < 2:
            for i in ids:
                yield self._read(i)
            return
        yield from _ordered_parallel(ids, self._read, workers)


class _ArraySource(_FileMappable):
    """Rows held as columns of numpy arrays (MNIST, CIFAR): batches are gathered straight from them.
    Both take the same arguments (``usage`` one of train/test/all)."""

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        _check_dir(dataset_dir)
        _check_usage(usage, ["train", "test", "all"])
        _check_sampling_args(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache)
        super().__init__(num_parallel_workers, sampler, num_samples, shuffle, num_shards, shard_id)
        self.dataset_dir = dataset_dir
        self.usage = "all" if usage is None else usage

    def _label_values(self, column):
        return self._data().cols[self.get_col_names().index(column)]

    def _read(self, i):
        # copies (0-d arrays for scalars), so a row can be changed without touching the parsed file
        return [np.array(c[i]) for c in self._data().cols]

    def _column_batches(self, ctx, epoch, size, drop_remainder, start_batch=0):
        cols = self._data().cols
        ids = np.asarray(self._epoch_ids(ctx, epoch)[start_batch * size:], np.int64)
        return _array_batches(cols, ids, size, drop_remainder)


class _Columns:
    def __init__(self, cols):
        self.cols = cols

    def __len__(self):
        return len(self.cols[0])


def _read_file(path):
    """The bytes of a file, with plain ``os`` calls (half the cost of ``open().read()`` for the small
    files of an image folder, where that cost is most of a row's)."""
    try:
        fd = os.open(path, os.O_RDONLY)
        try:
            data = os.read(fd, 1 << 16)
            more = os.read(fd, 1 << 20) if data else b""  # until end of file: reads may come back short
            if not more:
                return data
            parts = [data, more]
            while more:
                more = os.read(fd, 1 << 20)
                parts.append(more)
            return b"".join(parts)
        finally:
            os.close(fd)
    except OSError as exc:
        raise _read_error("Invalid file, failed to open {}: {}".format(path, exc)) from exc


# --------------------------------------------------------------------------- MNIST
_MNIST_ROWS = _MNIST_COLS = 28


def _be32(data, offset):
    return int.from_bytes(data[offset:offset + 4], "big")


class MnistDataset(_ArraySource):
    """MNIST idx files: columns ``image`` (28, 28, 1) uint8 and ``label`` uint32."""

    def _columns(self):
        return ["image", "label"]

    def _files(self):
        prefix = {"train": "train", "test": "t10k"}.get(self.usage, "")
        images, labels = [], []
        for name in os.listdir(self.dataset_dir):
            if prefix + "-images" in name and "idx3-ubyte" in name:
                images.append(os.path.join(self.dataset_dir, name))
            elif prefix + "-labels" in name and "idx1-ubyte" in name:
                labels.append(os.path.join(self.dataset_dir, name))
        images.sort()
        labels.sort()
        if len(images) != len(labels):
            raise _read_error("Invalid MNIST file, num of images should be equal to num of labels, but got num of "
                              "images: {}, num of labels: {}.".format(len(images), len(labels)))
        return list(zip(images, labels))

    @staticmethod
    def _parse(img_path, lbl_path):
        img = _read_file(img_path)
        if len(img) < 16:
            raise _read_error("Invalid MNIST file, the first data length of {} should be 16 bytes(contains type, "
                              "number, row and column), but got {}.".format(img_path, len(img)))
        magic, n, rows, cols = (_be32(img, k) for k in (0, 4, 8, 12))
        if magic != 2051:
            raise _read_error("Invalid MNIST file, the image number of {} should be 2051, but got {}"
                              .format(img_path, magic))
        if rows != _MNIST_ROWS or cols != _MNIST_COLS:
            raise _read_error("Invalid MNIST file, shape of image in {} should be (28, 28), but got ({}, {})."
                              .format(img_path, rows, cols))
        if len(img) - 16 != n * rows * cols:
            raise _read_error("Invalid MNIST file, truncated data length of {} should be {}, but got {}"
                              .format(img_path, len(img) - 16, n * rows * cols))
        lbl = _read_file(lbl_path)
        if len(lbl) < 8:
            raise _read_error("Invalid MNIST file, the first data length of {} should be 8 bytes(contains type and "
                              "number), but got {}.".format(lbl_path, len(lbl)))
        magic, nl = _be32(lbl, 0), _be32(lbl, 4)
        if magic != 2049:
            raise _read_error("Invalid MNIST file, the number of labels in {} should be 2049, but got {}."
                              .format(lbl_path, magic))
        if len(lbl) - 8 != nl:
            raise _read_error("Invalid MNIST file, the data length of labels in {} should be {}, but got {}."
                              .format(lbl_path, len(lbl) - 8, nl))
        if n != nl:
            raise _read_error("Invalid MNIST file, the images number of {} should be equal to the labels number of "
                              "{}, but got images number: {}, labels number: {}.".format(img_path, lbl_path, n, nl))
        images = np.frombuffer(img, np.uint8, offset=16).reshape(n, rows, cols, 1)
        # MindSpore reads the label byte as a (signed) char and widens it to uint32
        labels = np.frombuffer(lbl, np.int8, offset=8).astype(np.int64).astype(np.uint32)
        return images, labels

    def _load(self):
        parts = [self._parse(i, l) for i, l in self._files()]
        if not parts or sum(len(p[1]) for p in parts) == 0:
            raise _read_error("Invalid data, MnistDataset API can't read the data file (interface mismatch or no "
                              "data found). Check MNIST file in directory: {}".format(self.dataset_dir))
        images = np.concatenate([p[0] for p in parts]) if len(parts) > 1 else parts[0][0]
        labels = np.concatenate([p[1] for p in parts]) if len(parts) > 1 else parts[0][1]
        return _Columns([images, labels])


# --------------------------------------------------------------------------- CIFAR
_CIFAR_IMAGE = 32 * 32 * 3


class _CifarBase(_ArraySource):
    _labels = 1
    _name = "cifar10"

    def _bin_files(self):
        try:
            names = os.listdir(self.dataset_dir)
        except OSError as exc:
            raise _read_error("Invalid directory, {} is not a directory or permission denied.".format(
                self.dataset_dir)) from exc
        files = sorted(os.path.join(self.dataset_dir, n) for n in names if os.path.splitext(n)[1] == ".bin")
        if not files:
            raise _read_error("Invalid cifar folder, cifar(.bin) files are missing under {}".format(self.dataset_dir))
        return files

    def _selected(self):
        """(path, records) of the files this usage reads, in MindSpore's order."""
        raise NotImplementedError  # pragma: no cover - abstract

    def _count(self):
        if self._source.value is not None:
            return len(self._source.value)
        return sum(n for _, n in self._selected())

    def _load(self):
        record = _CIFAR_IMAGE + self._labels
        images, labels = [], []
        for path, n in self._selected():
            if os.path.isdir(path):
                raise _read_error("Invalid {0} file, {1} does not exist or is a directory.".format(self._name, path))
            with open(path, "rb") as f:
                raw = np.fromfile(f, np.uint8, count=n * record)
            if raw.size < n * record:
                raise _read_error("Invalid {0} file, failed to read data from: {1}, re-download dataset(make sure it "
                                  "is {2} binary version).".format(self._name, path, self._name.upper()
                                                                   .replace("CIFAR", "CIFAR-")))
            raw = raw.reshape(n, record)
            labels.append(raw[:, :self._labels].astype(np.uint32))
            # stored channel-major (3, 32, 32) per record; MindSpore yields HWC
            images.append(np.ascontiguousarray(raw[:, self._labels:].reshape(n, 3, 32, 32).transpose(0, 2, 3, 1)))
        if not images:
            api = "Cifar10Dataset" if self._labels == 1 else "Cifar100Dataset"
            raise _read_error("Invalid data, {} API can't read the data file (interface mismatch or no data found). "
                              "Check file in directory:{}".format(api, self.dataset_dir))
        image = np.concatenate(images) if len(images) > 1 else images[0]
        label = np.concatenate(labels) if len(labels) > 1 else labels[0]
        return _Columns([image] + [np.ascontiguousarray(label[:, k]) for k in range(self._labels)])


class Cifar10Dataset(_CifarBase):
    """CIFAR-10 binary batches: columns ``image`` (32, 32, 3) uint8 and ``label`` uint32."""

    _labels = 1
    _name = "cifar10"

    def _columns(self):
        return ["image", "label"]

    def _selected(self):
        key = {"train": "data_batch", "test": "test_batch"}.get(self.usage, "batch")
        # MindSpore reads 10000 records from every selected file (a CIFAR-10 batch)
        return [(p, 10000) for p in self._bin_files() if key in os.path.basename(p)]


class Cifar100Dataset(_CifarBase):
    """CIFAR-100 binary files: columns ``image`` (32, 32, 3) uint8, ``coarse_label`` and ``fine_label`` uint32."""

    _labels = 2
    _name = "cifar100"

    def _columns(self):
        return ["image", "coarse_label", "fine_label"]

    def _selected(self):
        out = []
        for p in self._bin_files():
            name = os.path.basename(p)
            if self.usage == "train" and "train" not in name:
                continue
            if self.usage == "test" and "test" not in name:
                continue
            if "test" in name:
                out.append((p, 10000))
            elif "train" in name:
                out.append((p, 50000))
            else:
                raise _read_error("Invalid cifar100 file, Cifar100 train/test file is missing in: {}".format(name))
        return out


# --------------------------------------------------------------------------- ImageFolder
def _extension(name):
    dot = name.rfind(".")
    return name[dot:] if dot >= 0 else ""


class _Folder:
    def __init__(self, paths, labels, classes):
        self.paths = paths
        self.labels = labels
        self.classes = classes

    def __len__(self):
        return len(self.paths)


class ImageFolderDataset(_FileMappable):
    """Images in class subfolders: ``image`` (the file's bytes, uint8 1-D, or HWC when decode=True) and
    ``label`` int32 (the class's index among the sorted folder names, or ``class_indexing``)."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 extensions=None, class_indexing=None, decode=False, num_shards=None, shard_id=None, cache=None,
                 decrypt=None):
        _check_dir(dataset_dir)
        if decrypt is not None and not callable(decrypt):
            raise TypeError("Argument decrypt is not a callable object, but got " + str(type(decrypt)))
        _check_int_params(num_samples, num_parallel_workers, num_shards, shard_id)
        _check_bool(shuffle, "shuffle")
        _check_bool(decode, "decode")
        if extensions is not None:
            _type_check(extensions, (list,), "extensions")
        if class_indexing is not None:
            _type_check(class_indexing, (dict,), "class_indexing")
        _check_sampler_args(sampler, shuffle, num_samples, num_shards, shard_id)
        _check_cache(cache)
        super().__init__(num_parallel_workers, sampler, num_samples, shuffle, num_shards, shard_id)
        self.dataset_dir = dataset_dir
        self.extensions = list(extensions) if extensions else []
        self.class_indexing = dict(class_indexing) if class_indexing else {}
        self.decode = bool(decode)
        self.decrypt = decrypt
        self._decoder = None

    @property
    def _read_parallel(self):
        # plain byte reads are cheaper than a thread hop; decoding / decrypting is worth spreading
        return self.decode or self.decrypt is not None

    def _columns(self):
        return ["image", "label"]

    def _label_values(self, column):
        return self._data().labels

    def _subdirs(self):
        with os.scandir(self.dataset_dir) as it:
            return sorted(e.name for e in it if e.is_dir())

    def _load(self):
        exts = set(self.extensions)
        root = self.dataset_dir
        folders = [d for d in self._subdirs() if not self.class_indexing or d in self.class_indexing]
        paths, labels = [], []
        for ind, folder in enumerate(folders):
            with os.scandir(os.path.join(root, folder)) as it:
                names = sorted(e.name for e in it if not exts or _extension(e.name) in exts)
            label = self.class_indexing[folder] if self.class_indexing else ind
            for name in names:
                paths.append(os.path.join(root, folder, name))
                labels.append(label)
        if not paths:
            raise _read_error("Invalid data, ImageFolderDataset API can't read the data file (interface mismatch or "
                              "no data found). Check image folder file path: {}".format(root))
        return _Folder(paths, np.asarray(labels, np.int64).astype(np.int32), folders)

    def _read(self, i):
        data = self._data()
        path = data.paths[i]
        if self.decrypt is not None:
            raw = self.decrypt(path)
            buf = np.frombuffer(bytes(raw), np.uint8)
        else:
            buf = np.frombuffer(_read_file(path), np.uint8)
        if self.decode:
            if self._decoder is None:
                self._decoder = Decode()
            try:
                buf = self._decoder(buf)
            except Exception as exc:  # pylint: disable=broad-except
                raise _read_error("Invalid image, failed to decode image: {}".format(path)) from exc
        return [buf, np.asarray(data.labels[i])]

    def get_class_indexing(self):
        if self.class_indexing:
            return self.class_indexing
        return {name: i for i, name in enumerate(self._subdirs())}

    def num_classes(self):
        if self.class_indexing:
            existing = set(self._subdirs())
            for name in self.class_indexing:
                if name not in existing:
                    raise _read_error("Invalid subdirectory, class: {} doesn't exist in {} .".format(
                        name, self.dataset_dir))
            return len(self.class_indexing)
        return len(self._subdirs())
