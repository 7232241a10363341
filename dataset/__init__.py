"""``mindspore.dataset``: the data pipeline (see the data-engine issue)."""
from . import _engine_config as config
from ._engine_core import BatchInfo, Dataset, DictIterator, TupleIterator
# the pipeline nodes register themselves with Dataset's chaining methods as they are imported
from ._engine_batch import BatchDataset, BucketBatchByLengthDataset, MapDataset
from ._engine_ops import (ConcatDataset, FilterDataset, ProjectDataset, RenameDataset, RepeatDataset, ShuffleDataset,
                          SkipDataset, TakeDataset, ZipDataset, zip_datasets)
from ._engine_save import save_dataset  # noqa: F401
from ._engine_samplers import (BuiltinSampler, DistributedSampler, PKSampler, RandomSampler, SequentialSampler, Shuffle,
                               SubsetRandomSampler, SubsetSampler, WeightedRandomSampler)
from ._engine_sources import GeneratorDataset, MappableDataset, NumpySlicesDataset
from ._user_sampler import Sampler
from ._engine_sync import SyncWaitDataset
from ._source_audio import (CMUArcticDataset, GTZANDataset, LibriTTSDataset, LJSpeechDataset, SpeechCommandsDataset,
                            TedliumDataset, YesNoDataset)
from ._source_mindrecord import MindDataset
from ._source_text import CSVDataset, TextFileDataset
from ._source_vision import Cifar10Dataset, Cifar100Dataset, ImageFolderDataset, MnistDataset
from .device_feed import DeviceFeeder  # mscompat's own: batches moved to devices ahead of use
from ._engine_bases import (SourceDataset, VisionBaseDataset, TextBaseDataset, AudioBaseDataset,  # noqa: F401
                            UnionBaseDataset)
import importlib

zip = zip_datasets  # pylint: disable=redefined-builtin

__all__ = [
    "config", "Dataset", "MappableDataset", "GeneratorDataset", "NumpySlicesDataset", "BatchInfo", "zip",
    "Sampler", "SyncWaitDataset", "BuiltinSampler", "SequentialSampler", "RandomSampler", "DistributedSampler", "SubsetSampler",
    "SubsetRandomSampler", "WeightedRandomSampler", "PKSampler", "Shuffle", "MindDataset", "MnistDataset",
    "Cifar10Dataset", "Cifar100Dataset", "ImageFolderDataset", "CSVDataset", "TextFileDataset", "DeviceFeeder",
    "CMUArcticDataset", "GTZANDataset", "LibriTTSDataset", "LJSpeechDataset", "SpeechCommandsDataset", "TedliumDataset",
    "YesNoDataset",
]


def __getattr__(name):
    # ``ds.vision`` / ``ds.transforms`` / ``ds.text`` / ``ds.audio`` as in MindSpore, imported on first use
    if name == "samplers":      # MindSpore's ``dataset.samplers`` is ``dataset.engine.samplers``
        return importlib.import_module(".engine.samplers", __name__)
    if name in ("transforms", "vision", "text", "audio", "engine"):
        try:
            return importlib.import_module("." + name, __name__)
        except ModuleNotFoundError as exc:
            if exc.name != __name__ + "." + name:
                raise
    raise AttributeError("module {!r} has no attribute {!r}".format(__name__, name))
