"""``mindspore.dataset.engine.datasets``: the dataset classes at MindSpore's internal path (the
objects are ``mindspore.dataset``'s: one implementation, several paths)."""
from mscompat import dataset as _ds
from mscompat.dataset import _engine_batch, _engine_ops, _engine_bases

_NAMES = ("Dataset", "SourceDataset", "MappableDataset", "VisionBaseDataset", "TextBaseDataset", "AudioBaseDataset",
          "UnionBaseDataset", "GeneratorDataset", "NumpySlicesDataset", "BatchDataset", "BucketBatchByLengthDataset",
          "MapDataset", "ConcatDataset", "FilterDataset", "ProjectDataset", "RenameDataset", "RepeatDataset",
          "ShuffleDataset", "TakeDataset", "SkipDataset", "ZipDataset", "SyncWaitDataset", "BatchInfo",
          "MindDataset", "MnistDataset", "Cifar10Dataset", "Cifar100Dataset", "ImageFolderDataset", "CSVDataset",
          "TextFileDataset", "CMUArcticDataset", "GTZANDataset", "LibriTTSDataset", "LJSpeechDataset",
          "SpeechCommandsDataset", "TedliumDataset", "YesNoDataset", "DictIterator", "TupleIterator")
_SOURCES = (_ds, _engine_batch, _engine_ops, _engine_bases)

__all__ = []
for _name in _NAMES:
    for _source in _SOURCES:
        if hasattr(_source, _name):
            globals()[_name] = getattr(_source, _name)
            __all__.append(_name)
            break
