"""Samplers against real MindSpore: which rows each pass reads and in which order for a seed
(SequentialSampler, RandomSampler, DistributedSampler, SubsetSampler, SubsetRandomSampler,
WeightedRandomSampler, PKSampler's validation, chained samplers), on NumpySlicesDataset and
random-access GeneratorDataset sources."""
import numpy as np

from parity_tests.harness import case
from parity_tests.cases._pipeline_common import D, RA, col, full, ns, rows, seeded


def _on(ms, sampler, n=10):
    return col(D(ms).NumpySlicesDataset(np.arange(n, dtype=np.int32), sampler=sampler))


def _gen_on(ms, sampler, n=10):
    return col(D(ms).GeneratorDataset(RA(n), ["a", "b"], sampler=sampler))


def _epochs(ms, sampler, n=8, epochs=3):
    d = D(ms).NumpySlicesDataset(np.arange(n, dtype=np.int32), sampler=sampler)
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    return [[int(r[0]) for r in it] for _ in range(epochs)]


def _size(ms, sampler, n=10):
    return D(ms).NumpySlicesDataset(np.arange(n, dtype=np.int32), sampler=sampler).get_dataset_size()


def _S(ms):
    return D(ms)


def _chained(ms, parent, child, n=10):
    parent.add_child(child)
    return _on(ms, parent, n)


CASES = [
    # ---- SequentialSampler
    case("SequentialSampler/default", lambda ms: _on(ms, D(ms).SequentialSampler())),
    case("SequentialSampler/start_index", lambda ms: _on(ms, D(ms).SequentialSampler(start_index=4))),
    case("SequentialSampler/num_samples", lambda ms: _on(ms, D(ms).SequentialSampler(num_samples=3))),
    case("SequentialSampler/start_and_num", lambda ms: _on(ms, D(ms).SequentialSampler(7, 5))),
    case("SequentialSampler/size", lambda ms: _size(ms, D(ms).SequentialSampler(7, 5))),
    case("SequentialSampler/generator_source", lambda ms: _gen_on(ms, D(ms).SequentialSampler(1, 4))),
    case("SequentialSampler/get_num_samples", lambda ms: D(ms).SequentialSampler(2, 3).get_num_samples()),
    case("SequentialSampler/full_rows", lambda ms: full(ns(ms, 5, sampler=D(ms).SequentialSampler(1)))),
    case("SequentialSampler/bad_start_type", lambda ms: D(ms).SequentialSampler("1"), error=True),
    case("SequentialSampler/bad_num_samples", lambda ms: D(ms).SequentialSampler(num_samples=-2), error=True),
    case("SequentialSampler/bad_start_negative", lambda ms: _on(ms, D(ms).SequentialSampler(-1)), error=True),
    case("SequentialSampler/bad_start_too_big", lambda ms: _on(ms, D(ms).SequentialSampler(12)), error=True),
    # ---- RandomSampler
    *[case(f"RandomSampler/seed{s}", lambda ms, s=s: seeded(ms, s) and _on(ms, D(ms).RandomSampler()))
      for s in (0, 1, 7, 99, 2024, 4294967295)],
    *[case(f"RandomSampler/n{n}_seed3", lambda ms, n=n: seeded(ms, 3) and _on(ms, D(ms).RandomSampler(), n))
      for n in (1, 2, 3, 17, 64)],
    case("RandomSampler/num_samples", lambda ms: seeded(ms, 5) and _on(ms, D(ms).RandomSampler(num_samples=4))),
    case("RandomSampler/num_samples_size", lambda ms: _size(ms, D(ms).RandomSampler(num_samples=4))),
    case("RandomSampler/num_samples_more", lambda ms: seeded(ms, 5) and _on(ms, D(ms).RandomSampler(
        num_samples=30))),
    case("RandomSampler/replacement", lambda ms: seeded(ms, 5) and _on(ms, D(ms).RandomSampler(True))),
    case("RandomSampler/replacement_seed77", lambda ms: seeded(ms, 77) and _on(ms, D(ms).RandomSampler(True))),
    case("RandomSampler/replacement_num_samples", lambda ms: seeded(ms, 5) and _on(
        ms, D(ms).RandomSampler(True, num_samples=15))),
    case("RandomSampler/replacement_size", lambda ms: _size(ms, D(ms).RandomSampler(True, num_samples=15))),
    case("RandomSampler/epochs", lambda ms: seeded(ms, 6) and _epochs(ms, D(ms).RandomSampler())),
    case("RandomSampler/epochs_replacement", lambda ms: seeded(ms, 6) and _epochs(ms, D(ms).RandomSampler(True))),
    case("RandomSampler/epochs_num_samples", lambda ms: seeded(ms, 6) and _epochs(
        ms, D(ms).RandomSampler(num_samples=3))),
    case("RandomSampler/generator_source", lambda ms: seeded(ms, 13) and _gen_on(ms, D(ms).RandomSampler())),
    case("RandomSampler/repeat", lambda ms: seeded(ms, 13) and col(D(ms).NumpySlicesDataset(
        np.arange(6), sampler=D(ms).RandomSampler()).repeat(3))),
    case("RandomSampler/bad_replacement_type", lambda ms: D(ms).RandomSampler(1), error=True),
    case("RandomSampler/bad_num_samples_negative", lambda ms: D(ms).RandomSampler(num_samples=-1), error=True),
    case("RandomSampler/bad_num_samples_type", lambda ms: D(ms).RandomSampler(num_samples=1.0), error=True),
    # ---- DistributedSampler
    *[case(f"DistributedSampler/noshuffle_{n}_{k}", lambda ms, n=n, k=k: _on(
        ms, D(ms).DistributedSampler(n, k, shuffle=False), 10)) for n, k in ((2, 0), (2, 1), (3, 0), (3, 2),
                                                                             (4, 3), (12, 11))],
    *[case(f"DistributedSampler/shuffle_{n}_{k}_seed{s}", lambda ms, n=n, k=k, s=s: seeded(ms, s) and _on(
        ms, D(ms).DistributedSampler(n, k), 10)) for n, k, s in ((2, 0, 1), (2, 1, 1), (3, 1, 42), (4, 0, 0))],
    case("DistributedSampler/num_samples", lambda ms: _on(ms, D(ms).DistributedSampler(2, 0, False, 3))),
    case("DistributedSampler/num_samples_size", lambda ms: _size(ms, D(ms).DistributedSampler(2, 0, False, 3))),
    case("DistributedSampler/size", lambda ms: _size(ms, D(ms).DistributedSampler(3, 0, False), 10)),
    *[case(f"DistributedSampler/offset{o}_id{k}", lambda ms, o=o, k=k: _on(
        ms, D(ms).DistributedSampler(3, k, shuffle=False, offset=o), 10)) for o in (0, 1, 2) for k in (0, 2)],
    case("DistributedSampler/offset_size", lambda ms: _size(ms, D(ms).DistributedSampler(3, 0, False, offset=1), 10)),
    case("DistributedSampler/epochs_shuffle", lambda ms: seeded(ms, 31) and _epochs(
        ms, D(ms).DistributedSampler(2, 1))),
    case("DistributedSampler/generator_source", lambda ms: seeded(ms, 31) and _gen_on(
        ms, D(ms).DistributedSampler(3, 1))),
    case("DistributedSampler/shuffle_mode_global", lambda ms: seeded(ms, 42) and _on(
        ms, D(ms).DistributedSampler(3, 1, shuffle=D(ms).Shuffle.GLOBAL), 10)),
    case("DistributedSampler/shuffle_mode_false", lambda ms: _on(
        ms, D(ms).DistributedSampler(3, 1, shuffle=D(ms).Shuffle.FALSE), 10)),
    case("DistributedSampler/shuffle_str_global", lambda ms: seeded(ms, 42) and _on(
        ms, D(ms).DistributedSampler(3, 1, shuffle="global"), 10)),
    case("DistributedSampler/bad_shuffle_str", lambda ms: D(ms).DistributedSampler(2, 0, shuffle="yes"),
         error=True),
    case("DistributedSampler/bad_num_shards_type", lambda ms: D(ms).DistributedSampler("2", 0), error=True),
    case("DistributedSampler/bad_shard_id_type", lambda ms: D(ms).DistributedSampler(2, 0.0), error=True),
    case("DistributedSampler/bad_shuffle_type", lambda ms: D(ms).DistributedSampler(2, 0, shuffle=1), error=True),
    case("DistributedSampler/bad_num_shards_zero", lambda ms: _on(ms, D(ms).DistributedSampler(0, 0)), error=True),
    case("DistributedSampler/bad_shard_id_range", lambda ms: _on(ms, D(ms).DistributedSampler(2, 2)), error=True),
    case("DistributedSampler/bad_shard_id_negative", lambda ms: _on(ms, D(ms).DistributedSampler(2, -1)), error=True),
    case("DistributedSampler/bad_offset_big", lambda ms: _on(ms, D(ms).DistributedSampler(2, 0, offset=3)), error=True),
    case("DistributedSampler/bad_num_samples", lambda ms: D(ms).DistributedSampler(2, 0, num_samples=-3),
         error=True),
    # ---- SubsetSampler / SubsetRandomSampler
    case("SubsetSampler/basic", lambda ms: _on(ms, D(ms).SubsetSampler([5, 2, 8, 2]))),
    case("SubsetSampler/tuple", lambda ms: _on(ms, D(ms).SubsetSampler((1, 0)))),
    case("SubsetSampler/ndarray", lambda ms: _on(ms, D(ms).SubsetSampler(np.array([3, 4, 9])))),
    case("SubsetSampler/num_samples", lambda ms: _on(ms, D(ms).SubsetSampler([5, 2, 8, 2], num_samples=2))),
    case("SubsetSampler/size", lambda ms: _size(ms, D(ms).SubsetSampler([5, 2, 8, 2]))),
    case("SubsetSampler/int", lambda ms: _on(ms, D(ms).SubsetSampler(3))),
    case("SubsetSampler/epochs", lambda ms: _epochs(ms, D(ms).SubsetSampler([3, 1, 2]))),
    case("SubsetSampler/generator_source", lambda ms: _gen_on(ms, D(ms).SubsetSampler([9, 0, 4]))),
    case("SubsetSampler/bad_element_type", lambda ms: D(ms).SubsetSampler([1, "a"]), error=True),
    case("SubsetSampler/bad_element_float", lambda ms: D(ms).SubsetSampler([1.0, 2]), error=True),
    case("SubsetSampler/bad_out_of_range", lambda ms: _on(ms, D(ms).SubsetSampler([1, 10])), error=True),
    case("SubsetSampler/bad_negative_index", lambda ms: _on(ms, D(ms).SubsetSampler([-1, 2])), error=True),
    *[case(f"SubsetRandomSampler/seed{s}", lambda ms, s=s: seeded(ms, s) and _on(
        ms, D(ms).SubsetRandomSampler([9, 3, 5, 1, 7, 0]))) for s in (0, 1, 8, 300)],
    case("SubsetRandomSampler/num_samples", lambda ms: seeded(ms, 3) and _on(
        ms, D(ms).SubsetRandomSampler([9, 3, 5, 1, 7, 0], num_samples=3))),
    case("SubsetRandomSampler/epochs", lambda ms: seeded(ms, 3) and _epochs(
        ms, D(ms).SubsetRandomSampler([1, 2, 3, 4, 5]))),
    case("SubsetRandomSampler/size", lambda ms: _size(ms, D(ms).SubsetRandomSampler([1, 2, 3, 4, 5], 2))),
    case("SubsetRandomSampler/bad_element_type", lambda ms: D(ms).SubsetRandomSampler(["x"]), error=True),
    case("SubsetRandomSampler/bad_out_of_range", lambda ms: _on(ms, D(ms).SubsetRandomSampler([0, 50])),
         error=True),
    # ---- WeightedRandomSampler
    *[case(f"WeightedRandomSampler/seed{s}", lambda ms, s=s: seeded(ms, s) and _on(
        ms, D(ms).WeightedRandomSampler([0.1, 0.5, 0.2, 0.9, 0.3, 0.0, 1.0, 0.4], num_samples=12))) for s in
      (0, 5, 123)],
    case("WeightedRandomSampler/default_num", lambda ms: seeded(ms, 2) and _on(
        ms, D(ms).WeightedRandomSampler([1, 2, 3, 4]))),
    case("WeightedRandomSampler/one_hot_weight", lambda ms: seeded(ms, 2) and _on(
        ms, D(ms).WeightedRandomSampler([0, 0, 1, 0], num_samples=5))),
    case("WeightedRandomSampler/size", lambda ms: _size(ms, D(ms).WeightedRandomSampler([1, 2, 3], 7))),
    case("WeightedRandomSampler/epochs", lambda ms: seeded(ms, 9) and _epochs(
        ms, D(ms).WeightedRandomSampler([0.3, 0.3, 0.4], num_samples=5))),
    case("WeightedRandomSampler/no_replacement_distinct", lambda ms: seeded(ms, 9) and sorted(_on(
        ms, D(ms).WeightedRandomSampler([1, 1, 1, 1, 1, 1], num_samples=6, replacement=False)))),
    case("WeightedRandomSampler/bad_weights_type", lambda ms: D(ms).WeightedRandomSampler(["a"]), error=True),
    case("WeightedRandomSampler/bad_replacement_type", lambda ms: D(ms).WeightedRandomSampler([1, 2], 2, 1),
         error=True),
    case("WeightedRandomSampler/bad_num_samples", lambda ms: D(ms).WeightedRandomSampler([1, 2], -2), error=True),
    case("WeightedRandomSampler/bad_negative_weight", lambda ms: _on(ms, D(ms).WeightedRandomSampler([1, -2])),
         error=True),
    case("WeightedRandomSampler/bad_all_zero", lambda ms: _on(ms, D(ms).WeightedRandomSampler([0, 0])),
         error=True),
    case("WeightedRandomSampler/bad_empty", lambda ms: _on(ms, D(ms).WeightedRandomSampler([])), error=True),
    # ---- PKSampler (construction; GeneratorDataset refuses it)
    case("PKSampler/get_num_samples", lambda ms: D(ms).PKSampler(2, num_samples=5).get_num_samples()),
    case("PKSampler/is_shuffled", lambda ms: (D(ms).PKSampler(2).is_shuffled(), D(ms).PKSampler(2, None, True)
                                              .is_shuffled(), D(ms).PKSampler(2).is_sharded())),
    case("PKSampler/bad_num_val_type", lambda ms: D(ms).PKSampler(2.0), error=True),
    case("PKSampler/bad_num_class", lambda ms: D(ms).PKSampler(2, num_class=3), error=True),
    case("PKSampler/bad_shuffle_type", lambda ms: D(ms).PKSampler(2, shuffle=1), error=True),
    case("PKSampler/bad_class_column", lambda ms: D(ms).PKSampler(2, class_column=3), error=True),
    case("PKSampler/bad_num_samples", lambda ms: D(ms).PKSampler(2, num_samples=-1), error=True),
    case("PKSampler/bad_numpy_slices", lambda ms: ns(ms, 6, sampler=D(ms).PKSampler(2)), error=True),
    # ---- chained samplers, use_sampler / add_sampler
    case("Sampler/chain_sequential_on_subset", lambda ms: _chained(
        ms, D(ms).SequentialSampler(1, 2), D(ms).SubsetSampler([7, 3, 5, 1]))),
    case("Sampler/chain_subset_on_distributed", lambda ms: _chained(
        ms, D(ms).SubsetSampler([0, 2]), D(ms).DistributedSampler(2, 1, shuffle=False))),
    case("Sampler/chain_random_on_subset", lambda ms: seeded(ms, 4) and _chained(
        ms, D(ms).RandomSampler(), D(ms).SubsetSampler([9, 7, 5, 3, 1]))),
    case("Sampler/chain_distributed_on_sequential", lambda ms: _chained(
        ms, D(ms).DistributedSampler(2, 1, shuffle=False), D(ms).SequentialSampler(2, 6))),
    case("Sampler/add_child_twice", lambda ms: (lambda p: (p.add_child(D(ms).SubsetSampler([1])),
                                                           p.add_child(D(ms).SubsetSampler([2]))))(
        D(ms).SequentialSampler()), error=True),
    case("DistributedSampler/offset_shuffle", lambda ms: seeded(ms, 5) and _on(
        ms, D(ms).DistributedSampler(3, 0, True, None, 1))),
    case("DistributedSampler/offset_num_samples", lambda ms: _on(ms, D(ms).DistributedSampler(3, 1, False, 2, 1))),
    case("DistributedSampler/offset_empty_shard", lambda ms: full(ns(ms, 2, sampler=D(ms).DistributedSampler(
        4, 3, False, offset=0)))),
    case("SequentialSampler/size_after_run", lambda ms: (lambda d: (rows(d), d.get_dataset_size())[1])(
        ns(ms, 10, sampler=D(ms).SequentialSampler(7, 5)))),
    case("WeightedRandomSampler/bad_more_weights_than_rows", lambda ms: _on(ms, D(ms).WeightedRandomSampler(
        [1] * 12), 10), error=True),
    case("WeightedRandomSampler/bad_no_replacement_too_many", lambda ms: _on(ms, D(ms).WeightedRandomSampler(
        [1, 2, 3], 5, False), 10), error=True),
    case("WeightedRandomSampler/no_replacement_seed3", lambda ms: seeded(ms, 3) and _on(
        ms, D(ms).WeightedRandomSampler([0.5, 2, 1, 0, 3, 0.1, 1, 1], num_samples=5, replacement=False))),
    case("WeightedRandomSampler/no_replacement_seed8", lambda ms: seeded(ms, 8) and _on(
        ms, D(ms).WeightedRandomSampler([1, 2, 3, 4, 5, 6], num_samples=4, replacement=False))),
    case("Sampler/chain_size", lambda ms: _size(ms, (lambda p: (p.add_child(D(ms).SubsetSampler([7, 3, 5])), p)[1])(
        D(ms).SequentialSampler(num_samples=2)))),
    case("Sampler/get_child", lambda ms: type((lambda p: (p.add_child(D(ms).SubsetSampler([1])), p)[1])(
        D(ms).SequentialSampler()).get_child()).__name__),
    case("Sampler/use_sampler", lambda ms: (lambda d: (d.use_sampler(D(ms).SubsetSampler([3, 1])), col(d))[1])(
        ns(ms, 6))),
    case("Sampler/add_sampler", lambda ms: (lambda d: (d.add_sampler(D(ms).SequentialSampler(1, 2)), col(d))[1])(
        ns(ms, 6, sampler=D(ms).SubsetSampler([5, 4, 3, 2])))),
    case("Sampler/use_sampler_bad_none", lambda ms: ns(ms, 6).use_sampler(None), error=True),
    case("Sampler/use_sampler_bad_type", lambda ms: ns(ms, 6).use_sampler([1, 2]), error=True),
    case("Sampler/add_child_bad_type", lambda ms: D(ms).SequentialSampler().add_child(5), error=True),
]
