"""MindSpore's abstract dataset bases that model code tests with ``isinstance``:
``SourceDataset`` (a leaf dataset that reads data), ``VisionBaseDataset``, ``TextBaseDataset``,
``AudioBaseDataset`` (the kinds of data a source gives, whose pipeline methods it offers) and
``UnionBaseDataset`` (all three kinds: generators, MindRecord, CSV).

mscompat's source classes share their reading code by what they read (``_FileMappable``,
``_FileRows``, ...) rather than by these kinds, so each base lists the mscompat classes that
MindSpore derives from it: ``isinstance(MnistDataset(...), SourceDataset)`` and
``issubclass(GeneratorDataset, VisionBaseDataset)`` hold as in MindSpore, and a class deriving
from a base directly is one of its subclasses too."""
from ._engine_core import Dataset

__all__ = ["SourceDataset", "VisionBaseDataset", "TextBaseDataset", "AudioBaseDataset", "UnionBaseDataset",
           "declare_kinds"]


class _DatasetKind(type):
    """The metaclass of the bases: a class is a subclass when it derives from the base or from a
    class declared as one (:func:`declare_kinds`)."""

    def __subclasscheck__(cls, sub):
        if type.__subclasscheck__(cls, sub):
            return True
        return isinstance(sub, type) and any(issubclass(sub, member) for member in cls._members)

    def __instancecheck__(cls, obj):
        return cls.__subclasscheck__(type(obj))


class SourceDataset(Dataset, metaclass=_DatasetKind):
    """A leaf dataset: the one that reads the data (files, arrays, a generator)."""
    _members = []


class VisionBaseDataset(Dataset, metaclass=_DatasetKind):
    """A dataset of images (or of any data: generators, MindRecord, CSV)."""
    _members = []


class TextBaseDataset(Dataset, metaclass=_DatasetKind):
    """A dataset of text (or of any data)."""
    _members = []


class AudioBaseDataset(Dataset, metaclass=_DatasetKind):
    """A dataset of audio (or of any data)."""
    _members = []


class UnionBaseDataset(VisionBaseDataset, TextBaseDataset, AudioBaseDataset):
    """A dataset of any kind of data."""
    _members = []


def declare_kinds(cls, *bases):
    """Declare mscompat class ``cls`` a subclass of the MindSpore bases ``bases``."""
    for base in bases:
        base._members.append(cls)
        if base is UnionBaseDataset:
            declare_kinds(cls, VisionBaseDataset, TextBaseDataset, AudioBaseDataset)
    return cls


# the kinds MindSpore 2.10 derives its source classes from (mscompat's classes below them inherit)
from ._engine_sources import MappableDataset, GeneratorDataset  # noqa: E402
from ._source_audio import _AudioSource  # noqa: E402
from ._source_mindrecord import MindDataset  # noqa: E402
from ._source_text import TextFileDataset, CSVDataset  # noqa: E402
from ._source_vision import _ArraySource, ImageFolderDataset  # noqa: E402

declare_kinds(MappableDataset, SourceDataset)
declare_kinds(TextFileDataset, SourceDataset, TextBaseDataset)
declare_kinds(CSVDataset, SourceDataset, UnionBaseDataset)
declare_kinds(GeneratorDataset, UnionBaseDataset)
declare_kinds(MindDataset, UnionBaseDataset)
declare_kinds(_ArraySource, VisionBaseDataset)
declare_kinds(ImageFolderDataset, VisionBaseDataset)
declare_kinds(_AudioSource, AudioBaseDataset)
