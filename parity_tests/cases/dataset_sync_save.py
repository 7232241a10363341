"""User-defined samplers (``dataset.Sampler``), ``Dataset.save`` (MindRecord written and read
back with ``MindDataset``) and flow control (``sync_wait`` / ``sync_update``)."""
import importlib
import os
import tempfile

import numpy as np

from parity_tests.harness import case

_DATA = [(np.array([i], np.int32),) for i in range(6)]


def _ds(ms):
    return importlib.import_module(f"{ms.__name__}.dataset")


def _samplers(ds):
    class Rev(ds.Sampler):
        def __iter__(self):
            for i in range(self.dataset_size - 1, -1, -1):
                yield i

    class Sized(ds.Sampler):
        def __len__(self):
            return 3

        def __iter__(self):
            return iter([5, 1, 2, 0, 4])

    class Evens(ds.Sampler):
        def __iter__(self):
            return iter(range(0, self.dataset_size, 2))

    class Outside(ds.Sampler):
        def __iter__(self):
            return iter([0, 9])

    class Epochs(ds.Sampler):
        """Counts its resets: the pipeline's copy keeps state across epochs."""

        def __init__(self):
            super().__init__()
            self.resets = 0

        def reset(self):
            self.resets += 1

        def __iter__(self):
            return iter([self.resets % 6, (self.resets + 1) % 6])
    return dict(Rev=Rev, Sized=Sized, Evens=Evens, Outside=Outside, Epochs=Epochs)


def _sampled(name, epochs=1, **kw):
    def fn(ms):
        ds = _ds(ms)
        s = _samplers(ds)[name](**kw)
        d = ds.GeneratorDataset(_DATA, ["x"], sampler=s)
        it = d.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
        rows = [[int(r[0][0]) for r in it] for _ in range(epochs)]
        return rows, d.get_dataset_size(), s.get_num_samples(), s.is_shuffled(), s.is_sharded(), s.dataset_size
    return fn


def _sampled_child(ms):
    ds = _ds(ms)
    s = _samplers(ds)["Rev"]()
    s.add_child(ds.SequentialSampler(start_index=2))
    d = ds.GeneratorDataset(_DATA, ["x"], sampler=s)
    return [int(r[0][0]) for r in d.create_tuple_iterator(output_numpy=True)], s.get_child() is not None


def _sampled_batch(ms):
    ds = _ds(ms)
    d = ds.GeneratorDataset(_DATA, ["x"], sampler=_samplers(ds)["Evens"]()).batch(2)
    return [r[0].tolist() for r in d.create_tuple_iterator(output_numpy=True)]


def _sampler_with_shuffle(ms):
    ds = _ds(ms)
    return ds.GeneratorDataset(_DATA, ["x"], sampler=_samplers(ds)["Rev"](), shuffle=True)


def _sampler_outside(ms):
    ds = _ds(ms)
    d = ds.GeneratorDataset(_DATA, ["x"], sampler=_samplers(ds)["Outside"]())
    return [r for r in d.create_tuple_iterator(output_numpy=True)]


_ROWS = [(np.array(i, np.int32), np.arange(3, dtype=np.float32) + i, np.array([[1, 2], [3, 4]], np.int64) * i,
          np.array(b"ab%d" % i), np.array("s%d" % i), np.array(1.5, np.float64), np.array([1, 2], np.uint8),
          np.array([True, False]), np.array([0.5, 1.5], np.float16), np.array(7, np.int16))
         for i in range(4)]
_COLS = ["a", "b", "c", "raw", "txt", "f64", "u8", "bl", "f16", "i16"]


def _read_back(ms, files):
    ds = _ds(ms)
    d = ds.MindDataset(files, shuffle=False)
    rows = [{k: v for k, v in sorted(r.items())} for r in d.create_dict_iterator(output_numpy=True)]
    reader = importlib.import_module(f"{ms.__name__}.mindrecord").FileReader(files if isinstance(files, str)
                                                                               else files[0])
    schema = reader.schema() if hasattr(reader, "schema") else None
    return rows, schema


def _save(ms):
    ds = _ds(ms)
    path = os.path.join(tempfile.mkdtemp(prefix="save"), "out.mindrecord")
    ds.GeneratorDataset(_ROWS, _COLS, shuffle=False).save(path)
    return _read_back(ms, path), sorted(os.listdir(os.path.dirname(path)))


def _save_mapped_shards(ms):
    ds = _ds(ms)
    path = os.path.join(tempfile.mkdtemp(prefix="save"), "multi.mindrecord")
    d = ds.GeneratorDataset(_ROWS, _COLS, shuffle=False).map(lambda a: a * 3, ["a"]).project(["a", "b"])
    d.save(path, num_files=2)
    rows, _ = _read_back(ms, [path + "0", path + "1"])
    return sorted(int(r["a"]) for r in rows), sorted(os.listdir(os.path.dirname(path)))


def _save_bad(**kw):
    def fn(ms):
        ds = _ds(ms)
        path = os.path.join(tempfile.mkdtemp(prefix="save"), "x.mindrecord")
        ds.GeneratorDataset(_ROWS, _COLS, shuffle=False).save(path, **kw)
    return fn


def _save_twice(ms):
    ds = _ds(ms)
    path = os.path.join(tempfile.mkdtemp(prefix="save"), "twice.mindrecord")
    d = ds.GeneratorDataset(_ROWS, _COLS, shuffle=False)
    d.save(path)
    d.save(path)


def _sync(num_batch=1, batch=2, update_every=1, update_num=None):
    def fn(ms):
        ds = _ds(ms)
        seen = []
        d = ds.GeneratorDataset([(np.array([i], np.int32),) for i in range(8)], ["x"], shuffle=False)
        d = d.sync_wait(condition_name="policy", num_batch=num_batch, callback=seen.append)
        d = d.map(lambda x: x + 100, ["x"]).batch(batch)
        out = []
        for i, row in enumerate(d.create_tuple_iterator(output_numpy=True, num_epochs=1)):
            out.append(row[0].ravel().tolist())
            if i % update_every == 0:
                d.sync_update(condition_name="policy", num_batch=update_num, data=i)
        return out, seen, d.get_batch_size(), d.is_sync(), sorted(d.get_sync_notifiers())
    return fn


def _sync_update_bad(**kw):
    def fn(ms):
        d = _ds(ms).GeneratorDataset(_DATA, ["x"], shuffle=False).sync_wait("c").batch(2)
        d.sync_update(**kw)
    return fn


def _sync_wait_bad(**kw):
    return lambda ms: _ds(ms).GeneratorDataset(_DATA, ["x"], shuffle=False).sync_wait(**kw)


def _sync_twice(ms):
    return _ds(ms).GeneratorDataset(_DATA, ["x"]).sync_wait("a").map(lambda x: x, ["x"]).sync_wait("a")


def _sync_two_conditions(ms):
    d = _ds(ms).GeneratorDataset(_DATA, ["x"], shuffle=False).sync_wait("a").sync_wait("b", num_batch=2)
    return sorted(d.get_sync_notifiers()), d.is_sync(), _ds(ms).GeneratorDataset(_DATA, ["x"]).is_sync()


CASES = [
    case("ds_user_sampler/reverse", _sampled("Rev")),
    case("ds_user_sampler/reverse_num_samples", _sampled("Rev", num_samples=2)),
    case("ds_user_sampler/len_sets_num_samples", _sampled("Sized")),
    case("ds_user_sampler/evens", _sampled("Evens")),
    case("ds_user_sampler/epochs_state", _sampled("Epochs", epochs=3)),
    case("ds_user_sampler/child", _sampled_child),
    case("ds_user_sampler/batched", _sampled_batch),
    case("ds_user_sampler/base_iter", lambda ms: list(_ds(ms).Sampler()), error=True),
    case("ds_user_sampler/base_num_samples", lambda ms: _ds(ms).Sampler().get_num_samples(), error=True),
    case("ds_user_sampler/with_shuffle", _sampler_with_shuffle, error=True),
    case("ds_user_sampler/id_out_of_range", _sampler_outside, error=True),
    case("ds_save/columns_and_schema", _save),
    case("ds_save/mapped_two_files", _save_mapped_shards),
    case("ds_save/num_files_zero", _save_bad(num_files=0), error=True),
    case("ds_save/num_files_too_many", _save_bad(num_files=1001), error=True),
    case("ds_save/num_files_float", _save_bad(num_files=2.0), error=True),
    case("ds_save/file_type", _save_bad(file_type="tfrecord"), error=True),
    case("ds_save/file_exists", _save_twice, error=True),
    case("ds_save/file_name_not_str", lambda ms: _ds(ms).GeneratorDataset(_ROWS, _COLS).save(3), error=True),
    case("ds_sync/update_each_batch", _sync()),
    case("ds_sync/num_batch_2", _sync(num_batch=2, update_every=2)),
    case("ds_sync/update_num_batch", _sync(num_batch=1, batch=1, update_every=2, update_num=2)),
    case("ds_sync/two_conditions", _sync_two_conditions),
    case("ds_sync/update_unknown_condition", _sync_update_bad(condition_name="zz"), error=True),
    case("ds_sync/update_zero_batches", _sync_update_bad(condition_name="c", num_batch=0), error=True),
    case("ds_sync/update_float_batches", _sync_update_bad(condition_name="c", num_batch=1.5), error=True),
    case("ds_sync/update_condition_not_str", _sync_update_bad(condition_name=3), error=True),
    case("ds_sync/wait_zero_batches", _sync_wait_bad(condition_name="a", num_batch=0), error=True),
    case("ds_sync/wait_condition_not_str", _sync_wait_bad(condition_name=1), error=True),
    case("ds_sync/wait_float_batches", _sync_wait_bad(condition_name="a", num_batch=1.5), error=True),
    case("ds_sync/wait_same_condition_twice", _sync_twice, error=True),
]
