"""Random ops: dtypes and shapes (values are random: check_values=False), seed-independent
properties and statistics (returned as bools / exact values), argument errors."""
import numpy as np

from parity_tests.harness import case, F32


def _T(ms, v, dt):
    return ms.Tensor(np.array(v), getattr(ms, dt))


def _in_range(t, lo, hi):
    a = t.asnumpy()
    return bool((a >= lo).all() and (a < hi).all())


def _mean_close(t, mu, tol):
    return bool(abs(float(t.asnumpy().astype(np.float64).mean()) - mu) < tol)


def _std_close(t, sd, tol):
    return bool(abs(float(t.asnumpy().astype(np.float64).std()) - sd) < tol)


def _differs(ms, fn):
    a, b = fn(ms).asnumpy(), fn(ms).asnumpy()
    return bool((a != b).any())


def _reproducible(ms, fn):
    ms.set_seed(3)
    a = fn(ms).asnumpy()
    ms.set_seed(3)
    b = fn(ms).asnumpy()
    return bool((a == b).all())


R = dict(check_values=False)

CASES = [
    # --- dtypes and shapes ---
    case("normal/floats", lambda ms: ms.ops.normal((2, 3), 0., 1.), **R),
    case("normal/ints", lambda ms: ms.ops.normal((2, 3), 1, 2), **R),
    case("normal/tensor_broadcast", lambda ms: ms.ops.normal((2, 1), ms.Tensor([1., 2., 3.]), ms.Tensor(1.0)), **R),
    case("normal/f16_params", lambda ms: ms.ops.normal((2, 3), _T(ms, 1., "float16"), _T(ms, 1., "float16")), **R),
    case("normal/seeded", lambda ms: ms.ops.normal((4,), 0., 1., seed=5), **R),
    case("randn/ints", lambda ms: ms.ops.randn(2, 3), **R),
    case("randn/tuple_f16", lambda ms: ms.ops.randn((2, 3), dtype=ms.float16), **R),
    case("randn/empty", lambda ms: ms.ops.randn(), **R),
    case("rand/f64", lambda ms: ms.ops.rand(2, 3, dtype=ms.float64), **R),
    case("rand/list", lambda ms: ms.ops.rand([4, 1]), **R),
    case("randint/default_int64", lambda ms: ms.ops.randint(1, 10, (2, 3)), **R),
    case("randint/int32", lambda ms: ms.ops.randint(1, 10, (2, 3), dtype=ms.int32), **R),
    case("uniform/float", lambda ms: ms.ops.uniform((2, 3), ms.Tensor(1.0), ms.Tensor(2.0)), **R),
    case("uniform/int32", lambda ms: ms.ops.uniform((2, 3), _T(ms, 1, "int32"), _T(ms, 5, "int32"),
                                                    dtype=ms.int32), **R),
    case("uniform/broadcast", lambda ms: ms.ops.uniform((2, 1), ms.Tensor([1.0, 2.0]), ms.Tensor(3.0)), **R),
    case("standard_normal/shape", lambda ms: ms.ops.standard_normal((2, 3)), **R),
    case("standard_laplace/shape", lambda ms: ms.ops.standard_laplace((2, 3)), **R),
    case("laplace/shape", lambda ms: ms.ops.laplace((2, 3), ms.Tensor(1.0), ms.Tensor(2.0)), **R),
    case("random_gamma/shape", lambda ms: ms.ops.random_gamma(_T(ms, [3, 2], "int32"), ms.Tensor([1., 2.])), **R),
    case("random_gamma/f64", lambda ms: ms.ops.random_gamma(_T(ms, [3], "int64"), _T(ms, [1., 2.], "float64")), **R),
    case("random_poisson/shape", lambda ms: ms.ops.random_poisson(_T(ms, [3, 2], "int32"), ms.Tensor([1., 2.])), **R),
    case("random_poisson/int64", lambda ms: ms.ops.random_poisson(_T(ms, [3], "int32"), ms.Tensor([1., 2.]),
                                                                  dtype=ms.int64), **R),
    case("shuffle/int32", lambda ms: ms.ops.shuffle(_T(ms, np.arange(6).reshape(3, 2), "int32")), **R),
    case("randperm/default", lambda ms: ms.ops.randperm(5), **R),
    case("randperm/tensor_int32", lambda ms: ms.ops.randperm(_T(ms, 5, "int32"), dtype=ms.int32), **R),
    case("multinomial/2d", lambda ms: ms.ops.multinomial(ms.Tensor([[0.1, 0.9, 0.], [0.5, 0.5, 0.]]), 2), **R),
    case("multinomial/no_replacement", lambda ms: ms.ops.multinomial(ms.Tensor([0.1, 0.9, 0.2]), 2,
                                                                     replacement=False), **R),
    case("random_categorical/default", lambda ms: ms.ops.random_categorical(ms.Tensor([[0.1, 0.9, 0.],
                                                                                       [0.5, 0.5, 0.]]), 4), **R),
    case("choice_with_mask/shapes", lambda ms: ms.ops.choice_with_mask(ms.Tensor([[True, False], [True, True]]),
                                                                       count=3), **R),
    case("rand_like/f32", lambda ms, x: ms.ops.rand_like(x), F32(2, 3), **R),
    case("randn_like/f16", lambda ms: ms.ops.randn_like(_T(ms, [1., 2.], "float16")), **R),
    case("randn_like/int_input", lambda ms: ms.ops.randn_like(ms.Tensor([1, 2])), **R),
    case("randint_like/int32", lambda ms: ms.ops.randint_like(_T(ms, [1, 2], "int32"), 0, 5), **R),
    case("StandardNormal/prim", lambda ms: ms.ops.StandardNormal(seed=2)((2, 3)), **R),
    case("UniformReal/prim", lambda ms: ms.ops.UniformReal()((2, 3)), **R),
    case("UniformInt/prim", lambda ms: ms.ops.UniformInt()((2, 3), _T(ms, 1, "int32"), _T(ms, 5, "int32")), **R),
    case("TruncatedNormal/prim", lambda ms: ms.ops.TruncatedNormal()(_T(ms, [2, 3], "int32")), **R),
    case("TruncatedNormal/f16", lambda ms: ms.ops.TruncatedNormal(dtype=ms.float16)(_T(ms, [2, 3], "int32")), **R),
    case("LogNormalReverse/prim", lambda ms, x: ms.ops.LogNormalReverse()(x), F32(2, 3), **R),
    case("ParameterizedTruncatedNormal/prim",
         lambda ms: ms.ops.ParameterizedTruncatedNormal()(_T(ms, [2, 3], "int32"), ms.Tensor([0.]), ms.Tensor([1.]),
                                                          ms.Tensor([-1.]), ms.Tensor([1.])), **R),
    case("MultinomialWithReplacement/prim",
         lambda ms: ms.ops.MultinomialWithReplacement(4, True)(ms.Tensor([[0.1, 0.9, 0.]]), _T(ms, 1, "int64"),
                                                               _T(ms, 0, "int64")), **R),
    case("multinomial_with_replacement/func",
         lambda ms: ms.ops.multinomial_with_replacement(ms.Tensor([[0.1, 0.9, 0.]]), 1, 0, 4, True), **R),
    case("RandomGamma/prim", lambda ms: ms.ops.RandomGamma()(_T(ms, [2], "int32"), ms.Tensor([1., 3.])), **R),
    case("RandomPoisson/prim", lambda ms: ms.ops.RandomPoisson()(_T(ms, [2], "int32"), ms.Tensor([1., 3.])), **R),
    case("RandomCategorical/int32", lambda ms: ms.ops.RandomCategorical(ms.int32)(ms.Tensor([[0.1, 0.9]]), 3, 0), **R),
    case("Multinomial/prim", lambda ms: ms.ops.Multinomial()(ms.Tensor([[0.1, 0.9]]), 3), **R),
    case("Multinomial/int64_1d", lambda ms: ms.ops.Multinomial(dtype=ms.int64)(ms.Tensor([0.1, 0.9]), 3), **R),
    case("RandomShuffle/prim", lambda ms, x: ms.ops.RandomShuffle()(x), F32(2, 3), **R),
    case("RandomChoiceWithMask/prim", lambda ms: ms.ops.RandomChoiceWithMask(4)(ms.Tensor([True, False, True])), **R),
    case("StandardLaplace/prim", lambda ms: ms.ops.StandardLaplace()((3,)), **R),
    # --- seed-independent values and properties ---
    case("multinomial/one_hot_rows", lambda ms: ms.ops.multinomial(ms.Tensor([[0., 1., 0.], [0., 0., 1.]]), 4)),
    case("random_categorical/dominant", lambda ms: ms.ops.random_categorical(ms.Tensor([[-1e9, 0., -1e9]]), 5)),
    case("choice_with_mask/single_true", lambda ms: ms.ops.choice_with_mask(ms.Tensor([False, True, False]),
                                                                            count=3)),
    case("choice_with_mask/all_found", lambda ms: (lambda r: (bool(r[1].asnumpy().sum() == 3),
                                                              sorted(r[0].asnumpy()[r[1].asnumpy()].ravel().tolist())))(
        ms.ops.choice_with_mask(ms.Tensor([True, False, True, True]), count=5))),
    case("randint/degenerate", lambda ms: ms.ops.randint(3, 4, (5,))),
    case("uniform/degenerate_int", lambda ms: ms.ops.uniform((4,), _T(ms, 7, "int32"), _T(ms, 8, "int32"),
                                                             dtype=ms.int32)),
    case("normal/zero_std", lambda ms: ms.ops.normal((3,), 2.0, 0.0)),
    case("shuffle/is_permutation",
         lambda ms: np.sort(ms.ops.shuffle(ms.Tensor(np.arange(10.0, dtype=np.float32))).asnumpy())),
    case("randperm/is_permutation", lambda ms: np.sort(ms.ops.randperm(8).asnumpy())),
    case("rand/range", lambda ms: _in_range(ms.ops.rand(2000), 0.0, 1.0)),
    case("uniform/range", lambda ms: _in_range(ms.ops.uniform((2000,), ms.Tensor(-3.0), ms.Tensor(-1.0)), -3.0, -1.0)),
    case("randint/range", lambda ms: _in_range(ms.ops.randint(-4, 3, (2000,)), -4, 3)),
    case("randn/mean_std", lambda ms: (lambda t: (_mean_close(t, 0.0, 0.05), _std_close(t, 1.0, 0.05)))(
        ms.ops.randn(20000))),
    case("normal/mean_std", lambda ms: (lambda t: (_mean_close(t, 3.0, 0.1), _std_close(t, 2.0, 0.1)))(
        ms.ops.normal((20000,), 3.0, 2.0))),
    case("TruncatedNormal/bounded", lambda ms: _in_range(ms.ops.TruncatedNormal()(_T(ms, [50, 100], "int32")), -2.0,
                                                         2.0001)),
    case("standard_laplace/std", lambda ms: _std_close(ms.ops.standard_laplace((40000,)), 2 ** 0.5, 0.08)),
    case("random_poisson/mean", lambda ms: _mean_close(ms.ops.random_poisson(_T(ms, [20000], "int32"),
                                                                              ms.Tensor([4.0])), 4.0, 0.1)),
    case("random_gamma/mean", lambda ms: _mean_close(ms.ops.random_gamma(_T(ms, [20000], "int32"),
                                                                          ms.Tensor([3.0])), 3.0, 0.1)),
    case("rand/differs_per_call", lambda ms: _differs(ms, lambda m: m.ops.rand(8))),
    case("randn/reproducible_after_set_seed", lambda ms: _reproducible(ms, lambda m: m.ops.randn(8))),
    case("normal/seeded_differs_per_call", lambda ms: _differs(ms, lambda m: m.ops.normal((8,), 0., 1., seed=3))),
    # --- bad input ---
    case("normal/bad_list_shape", lambda ms: ms.ops.normal([2, 3], 0., 1.), error=True),
    case("normal/bad_zero_dim", lambda ms: ms.ops.normal((2, 0), 0., 1.), error=True),
    case("normal/bad_mean_type", lambda ms: ms.ops.normal((2,), "a", 1.), error=True),
    case("randn/bad_int_dtype", lambda ms: ms.ops.randn(2, 3, dtype=ms.int32), error=True),
    case("rand/bad_size_type", lambda ms: ms.ops.rand(2, 3.0), error=True),
    case("randint/bad_list_size", lambda ms: ms.ops.randint(1, 10, [2, 3]), error=True),
    case("randint/bad_float_low", lambda ms: ms.ops.randint(1.0, 10, (2,)), error=True),
    case("randint/bad_float_dtype", lambda ms: ms.ops.randint(1, 10, (2,), dtype=ms.float32), error=True),
    case("randint/bad_low_ge_high", lambda ms: ms.ops.randint(10, 1, (2, 3)).asnumpy(), error=True),
    case("uniform/bad_python_bounds", lambda ms: ms.ops.uniform((2,), 1.0, 2.0), error=True),
    case("uniform/bad_dtype_mismatch", lambda ms: ms.ops.uniform((2,), ms.Tensor(1.0), ms.Tensor(2.0),
                                                                 dtype=ms.int32), error=True),
    case("rand_like/bad_not_tensor", lambda ms: ms.ops.rand_like(np.ones(3)), error=True),
    case("rand_like/bad_int_input", lambda ms: ms.ops.rand_like(ms.Tensor([1, 2])), error=True),
    case("randn_like/bad_not_tensor", lambda ms: ms.ops.randn_like([1.0]), error=True),
    case("randint_like/bad_float_input", lambda ms, x: ms.ops.randint_like(x, 0, 5), F32(2), error=True),
    case("multinomial/bad_3d", lambda ms: ms.ops.multinomial(ms.Tensor(np.ones((2, 2, 2), np.float32)), 1),
         error=True),
    case("multinomial/bad_too_many_no_replacement",
         lambda ms: ms.ops.multinomial(ms.Tensor([0.5, 0.5]), 3, replacement=False), error=True),
    case("StandardNormal/bad_negative_seed", lambda ms: ms.ops.StandardNormal(seed=-1), error=True),
    case("StandardNormal/bad_float_seed", lambda ms: ms.ops.StandardNormal(seed=1.5), error=True),
    case("UniformReal/bad_negative_seed2", lambda ms: ms.ops.UniformReal(seed2=-3), error=True),
    case("RandomChoiceWithMask/bad_count_zero", lambda ms: ms.ops.RandomChoiceWithMask(count=0), error=True),
    case("RandomChoiceWithMask/bad_count_float", lambda ms: ms.ops.RandomChoiceWithMask(count=2.0), error=True),
    case("RandomCategorical/bad_float_dtype", lambda ms: ms.ops.RandomCategorical(ms.float32), error=True),
    case("Multinomial/bad_float_dtype", lambda ms: ms.ops.Multinomial(dtype=ms.float32), error=True),
    case("TruncatedNormal/bad_int_dtype", lambda ms: ms.ops.TruncatedNormal(dtype=ms.int32), error=True),
    case("LogNormalReverse/bad_int_mean", lambda ms: ms.ops.LogNormalReverse(mean=1), error=True),
    case("MultinomialWithReplacement/bad_negative", lambda ms: ms.ops.MultinomialWithReplacement(-1), error=True),
    case("multinomial_with_replacement/bad_float_seed",
         lambda ms: ms.ops.multinomial_with_replacement(ms.Tensor([[0.5, 0.5]]), 1.5, 0, 2), error=True),
    case("laplace/bad_int_mean", lambda ms: ms.ops.laplace((2,), ms.Tensor(1), ms.Tensor(2.0)), error=True),
    case("TruncatedNormal/bad_1d_shape", lambda ms: ms.ops.TruncatedNormal()(_T(ms, [5], "int32")), error=True),
    case("RandomPoisson/bad_dtype", lambda ms: ms.ops.RandomPoisson(dtype=ms.bool_), error=True),
]

def _tc(ms, dt="int32"):
    return ms.Tensor(np.array([[1, 3], [0, 4]]), getattr(ms, dt))


def _unique_ok(r, n):
    """Distinct candidates and expected counts of the form 1-(1-p)**tries, tries >= n, for uniform p."""
    c, t, s = (x.asnumpy() for x in r)
    if np.allclose(s, 0.2 * n):  # every draw was new: tries == n, expected count p * n
        tries_ok = True
    else:
        tries = np.log1p(-s.astype(np.float64)) / np.log1p(-0.2)
        tries_ok = bool(np.allclose(tries, np.round(tries[0]), atol=1e-3) and np.round(tries[0]) > n)
    return (len(set(c.tolist())) == n, tries_ok, bool(np.allclose(t, s[0])))


SAMPLER_CASES = [
    case("uniform_candidate_sampler/shapes", lambda ms: ms.ops.uniform_candidate_sampler(_tc(ms), 2, 3, False, 5),
         **R),
    case("uniform_candidate_sampler/int64_shapes",
         lambda ms: ms.ops.uniform_candidate_sampler(_tc(ms, "int64"), 2, 3, True, 5, seed=1), **R),
    case("uniform_candidate_sampler/expected_counts",
         lambda ms: ms.ops.uniform_candidate_sampler(_tc(ms), 2, 3, False, 5)[1:]),
    case("uniform_candidate_sampler/unique_props",
         lambda ms: _unique_ok(ms.ops.uniform_candidate_sampler(_tc(ms), 2, 3, True, 5), 3)),
    case("uniform_candidate_sampler/range", lambda ms: _in_range(
        ms.ops.uniform_candidate_sampler(_tc(ms), 2, 50, False, 7)[0], 0, 7)),
    case("UniformCandidateSampler/prim_rah", lambda ms: ms.ops.UniformCandidateSampler(
        2, 4, True, 5, remove_accidental_hits=True)(_tc(ms)), **R),
    case("log_uniform_candidate_sampler/shapes",
         lambda ms: ms.ops.log_uniform_candidate_sampler(_tc(ms, "int64"), 2, 3, True, 5), **R),
    case("log_uniform_candidate_sampler/true_expected",
         lambda ms: ms.ops.log_uniform_candidate_sampler(_tc(ms, "int64"), 2, 3, False, 5)[1]),
    case("log_uniform_candidate_sampler/range", lambda ms: _in_range(
        ms.ops.log_uniform_candidate_sampler(_tc(ms, "int64"), 2, 60, False, 9)[0], 0, 9)),
    case("LogUniformCandidateSampler/prim_defaults",
         lambda ms: ms.ops.LogUniformCandidateSampler()(ms.Tensor(np.array([[1], [3]]), ms.int64)), **R),
    case("UniformCandidateSampler/bad_num_sampled", lambda ms: ms.ops.UniformCandidateSampler(2, 6, True, 5),
         error=True),
    case("UniformCandidateSampler/bad_num_true", lambda ms: ms.ops.UniformCandidateSampler(0, 2, True, 5),
         error=True),
    case("UniformCandidateSampler/bad_unique_type", lambda ms: ms.ops.UniformCandidateSampler(2, 2, 1, 5),
         error=True),
    case("UniformCandidateSampler/bad_float_input", lambda ms: ms.ops.UniformCandidateSampler(2, 3, False, 5)(
        ms.Tensor(np.ones((2, 2), np.float32)))[0].asnumpy(), error=True),
    case("UniformCandidateSampler/bad_num_true_mismatch",
         lambda ms: ms.ops.UniformCandidateSampler(3, 3, False, 5)(_tc(ms))[0].asnumpy(), error=True),
    case("LogUniformCandidateSampler/bad_range", lambda ms: ms.ops.LogUniformCandidateSampler(2, 6, True, 5),
         error=True),
    case("LogUniformCandidateSampler/bad_num_true", lambda ms: ms.ops.LogUniformCandidateSampler(0, 2, True, 5),
         error=True),
    case("LogUniformCandidateSampler/bad_seed", lambda ms: ms.ops.LogUniformCandidateSampler(1, 2, True, 5, seed=-1),
         error=True),
    case("LogUniformCandidateSampler/bad_int32_input",
         lambda ms: ms.ops.LogUniformCandidateSampler(2, 3, False, 5)(_tc(ms))[0].asnumpy(), error=True),
    case("log_uniform_candidate_sampler/bad_1d_input", lambda ms: ms.ops.log_uniform_candidate_sampler(
        ms.Tensor(np.array([1, 3]), ms.int64), 2, 3, False, 5)[0].asnumpy(), error=True),
]
CASES += SAMPLER_CASES

SHAPE_CASES = [
    case("random_gamma/bad_tuple_shape", lambda ms: ms.ops.random_gamma((3, 2), ms.Tensor([1.0])), error=True),
    case("random_poisson/bad_tuple_shape", lambda ms: ms.ops.random_poisson((3, 2), ms.Tensor([1.0])), error=True),
    case("random_poisson/bad_float_shape", lambda ms: ms.ops.random_poisson(_T(ms, [3.], "float32"),
                                                                            ms.Tensor([1., 2.])), error=True),
    case("random_gamma/bad_int_alpha", lambda ms: ms.ops.random_gamma(_T(ms, [3], "int32"), ms.Tensor([1, 2])),
         error=True),
    case("randperm/bad_zero", lambda ms: ms.ops.randperm(0), error=True),
    case("randperm/bad_negative", lambda ms: ms.ops.randperm(-1), error=True),
    case("randperm/float_dtype", lambda ms: ms.ops.randperm(4, dtype=ms.float32), **R),
    case("standard_normal/bad_int_shape", lambda ms: ms.ops.standard_normal(3), error=True),
    case("standard_normal/bad_list_shape", lambda ms: ms.ops.standard_normal([2, 3]), error=True),
    case("standard_normal/tensor_shape", lambda ms: ms.ops.standard_normal(_T(ms, [2, 3], "int32")), **R),
    case("uniform/bad_list_shape", lambda ms: ms.ops.uniform([2], ms.Tensor(1.0), ms.Tensor(2.0)), error=True),
    case("UniformInt/bad_float_bounds", lambda ms: ms.ops.UniformInt()((2,), ms.Tensor(1.0), ms.Tensor(5.0)),
         error=True),
    case("TruncatedNormal/bad_tuple_shape", lambda ms: ms.ops.TruncatedNormal()((2, 3)), error=True),
    case("TruncatedNormal/rank3", lambda ms: ms.ops.TruncatedNormal()(_T(ms, [1, 5, 2], "int32")), **R),
    case("ParameterizedTruncatedNormal/bad_tuple_shape", lambda ms: ms.ops.ParameterizedTruncatedNormal()(
        (2, 3), ms.Tensor([0.]), ms.Tensor([1.]), ms.Tensor([-1.]), ms.Tensor([1.])), error=True),
    case("choice_with_mask/bad_int_input", lambda ms: ms.ops.choice_with_mask(ms.Tensor([1, 0, 1])), error=True),
    case("choice_with_mask/bad_rank6", lambda ms: ms.ops.choice_with_mask(ms.Tensor(np.ones((1,) * 6, bool))),
         error=True),
    case("choice_with_mask/count_above_size", lambda ms: ms.ops.choice_with_mask(ms.Tensor([True, False]),
                                                                                 count=5)),
    case("shuffle/scalar", lambda ms: ms.ops.shuffle(ms.Tensor(1.0))),
    case("random_categorical/bad_1d", lambda ms: ms.ops.random_categorical(ms.Tensor([0.1, 0.9]), 2), error=True),
    case("random_categorical/bad_int_logits", lambda ms: ms.ops.random_categorical(ms.Tensor([[1, 2]]), 2),
         error=True),
    case("multinomial/int_input", lambda ms: ms.ops.multinomial(ms.Tensor([[0, 2]]), 2)),
    case("Multinomial/tensor_num_samples", lambda ms: ms.ops.Multinomial()(ms.Tensor([[0.0, 0.9]]),
                                                                            _T(ms, 3, "int32"))),
    case("LogNormalReverse/f64", lambda ms: ms.ops.LogNormalReverse()(ms.Tensor(np.ones(3))), **R),
    case("LogNormalReverse/positive", lambda ms: _in_range(ms.ops.LogNormalReverse(0.0, 0.5)(
        ms.Tensor(np.ones(1000, np.float32))), 0.0, np.inf)),
    case("multinomial_with_replacement/1d", lambda ms: ms.ops.multinomial_with_replacement(
        ms.Tensor([0.1, 0.9, 0.]), 1, 0, 4, True), **R),
    case("multinomial_with_replacement/no_replacement", lambda ms: ms.ops.multinomial_with_replacement(
        ms.Tensor([[0.1, 0.9, 0.2]]), 1, 0, 2, False), **R),
]
CASES += SHAPE_CASES

ERROR_CASES = [
    case("Gamma/bad_negative_seed", lambda ms: ms.ops.Gamma(seed=-1), error=True),
    case("Poisson/bad_float_seed", lambda ms: ms.ops.Poisson(seed=1.5), error=True),
    case("RandomGamma/bad_negative_seed2", lambda ms: ms.ops.RandomGamma(seed2=-1), error=True),
    case("StandardLaplace/bad_float_seed", lambda ms: ms.ops.StandardLaplace(seed=1.5), error=True),
    case("RandomShuffle/bad_negative_seed", lambda ms: ms.ops.RandomShuffle(seed=-1), error=True),
    case("gamma/bad_int_alpha", lambda ms: ms.ops.gamma((2,), ms.Tensor([1]), ms.Tensor([1.0])), error=True),
    case("gamma/bad_list_shape", lambda ms: ms.ops.gamma([2], ms.Tensor([1.0]), ms.Tensor([1.0])), error=True),
    case("gamma/bad_zero_shape", lambda ms: ms.ops.gamma((0,), ms.Tensor([1.0]), ms.Tensor([1.0])), error=True),
    case("gamma/bad_broadcast", lambda ms: ms.ops.gamma((3,), ms.Tensor([1.0, 2.0]), ms.Tensor([1.0])), error=True),
    case("poisson/bad_int_mean", lambda ms: ms.ops.poisson((2,), ms.Tensor([1])), error=True),
    case("poisson/bad_list_shape", lambda ms: ms.ops.poisson([2], ms.Tensor([1.0])), error=True),
    case("poisson/bad_broadcast", lambda ms: ms.ops.poisson((3,), ms.Tensor([1.0, 2.0])), error=True),
    case("normal_/bad_not_tensor", lambda ms: ms.ops.normal_(np.zeros(3), 0., 1.), error=True),
    case("uniform_/bad_not_tensor", lambda ms: ms.ops.uniform_([1.0], 0., 1.), error=True),
    case("random_/bad_not_tensor", lambda ms: ms.ops.random_(3), error=True),
    case("ParameterizedTruncatedNormal/bad_float_seed", lambda ms: ms.ops.ParameterizedTruncatedNormal(seed=1.5),
         error=True),
    case("LogNormalReverse/bad_int_std", lambda ms: ms.ops.LogNormalReverse(std=2), error=True),
    case("MultinomialWithReplacement/bad_int_replacement",
         lambda ms: ms.ops.MultinomialWithReplacement(2, replacement=1), error=True),
    case("Multinomial/bad_negative_seed", lambda ms: ms.ops.Multinomial(seed=-1), error=True),
    case("random_categorical/bad_float_seed", lambda ms: ms.ops.random_categorical(ms.Tensor([[0.1, 0.9]]), 2,
                                                                                   seed=1.5), error=True),
    case("random_categorical/bad_zero_samples", lambda ms: ms.ops.random_categorical(ms.Tensor([[0.1, 0.9]]), 0),
         error=True),
    case("randint_like/bad_not_tensor", lambda ms: ms.ops.randint_like([1, 2], 0, 3), error=True),
    case("randint_like/bad_low_ge_high", lambda ms: ms.ops.randint_like(ms.Tensor([1, 2]), 3, 1).asnumpy(),
         error=True),
    case("rand/bad_negative_seed", lambda ms: ms.ops.rand(3, seed=-1), error=True),
    case("rand/bad_float_seed", lambda ms: ms.ops.rand(3, seed=1.5), error=True),
    case("shuffle/bad_list", lambda ms: ms.ops.shuffle([1, 2]), error=True),
    case("RandomPoisson/negative_seed_ok", lambda ms: ms.ops.RandomPoisson(seed=-1)(_T(ms, [2], "int32"),
                                                                                  ms.Tensor([1.])), **R),
]
CASES += ERROR_CASES
