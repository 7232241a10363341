"""mindspore.mint creation names: sizes as ints, tuples and lists, ``dtype=``, the ``*_like``
forms (dtype kept or overridden), ``eye``/``arange``/``linspace`` forms, the random creators
(shape, dtype and seed-independent properties: ranges, integer bounds, permutations, reproducibility
under ``manual_seed``), GRAPH_MODE and bad input.

Oracle: real MindSpore 2.10 CPU; where its CPU build lacks the mint kernel (``FillScalar``,
``ZerosLikeExt``, ``FullLike``, ``Arange``, ``LinSpaceExt``, ``Randn``, ...) PyTorch is
(``torch_ref``): mint is documented as aligned with it."""
import numpy as np

from parity_tests.cases._mint_cover_common import default_run
from parity_tests.harness import case, F32, F16, I32, I64, BOOL


def _dt(m, name):
    """The dtype ``name`` of MindSpore/mscompat or torch."""
    return getattr(m, name)


# (name, tag, f(m, *inputs), inputs, via): f gets the namespace (ms.mint or torch) and the dtype module
SPECS = [
    ("zeros", "int_size", lambda m, d: m.zeros(4), (), "ms"),
    ("zeros", "bool", lambda m, d: m.zeros((2,), dtype=d.bool), (), "ms"),
    ("zeros", "empty_dim", lambda m, d: m.zeros((0, 3)), (), "ms"),
    ("ones", "list_f16", lambda m, d: m.ones([2, 2], dtype=d.float16), (), "ms"),
    ("full", "bool_fill", lambda m, d: m.full((2, 2), True), (), "torch"),
    ("full", "int_dtype_float_fill", lambda m, d: m.full((3,), 2.7, dtype=d.int32), (), "torch"),
    ("full", "list_size", lambda m, d: m.full([2, 1, 2], -1.5), (), "torch"),
    ("full", "f64", lambda m, d: m.full((2,), 0.1, dtype=d.float64), (), "torch"),
    ("zeros_like", "int", lambda m, d, x: m.zeros_like(x), (I32(2, 3),), "torch"),
    ("zeros_like", "dtype_f16", lambda m, d, x: m.zeros_like(x, dtype=d.float16), (F32(3),), "torch"),
    ("zeros_like", "bool", lambda m, d, x: m.zeros_like(x), (BOOL(2, 2),), "torch"),
    ("ones_like", "f32", lambda m, d, x: m.ones_like(x), (F32(2, 3),), "torch"),
    ("ones_like", "dtype", lambda m, d, x: m.ones_like(x, dtype=d.int64), (F32(2, 3),), "torch"),
    ("ones_like", "3d_f16", lambda m, d, x: m.ones_like(x), (F16(2, 1, 2),), "torch"),
    ("full_like", "float_on_int", lambda m, d, x: m.full_like(x, 2.9), (I32(2, 2),), "torch"),
    ("full_like", "dtype", lambda m, d, x: m.full_like(x, 3, dtype=d.float32), (I32(3),), "torch"),
    ("full_like", "bool", lambda m, d, x: m.full_like(x, 1), (BOOL(3),), "torch"),
    ("full_like", "neg", lambda m, d, x: m.full_like(x, -0.5), (F32(2, 3),), "torch"),
    ("eye", "n_only_int", lambda m, d: m.eye(4, dtype=d.int64), (), "ms"),
    ("eye", "wide", lambda m, d: m.eye(2, 5), (), "ms"),
    ("eye", "tall", lambda m, d: m.eye(5, 2), (), "ms"),
    ("eye", "f16", lambda m, d: m.eye(3, 3, d.float16), (), "ms"),
    ("eye", "bool", lambda m, d: m.eye(2, dtype=d.bool), (), "ms"),
    ("arange", "float_end", lambda m, d: m.arange(2.5), (), "torch"),
    ("arange", "int_step_neg", lambda m, d: m.arange(10, 0, -3), (), "torch"),
    ("arange", "float_step", lambda m, d: m.arange(-1, 1, 0.3), (), "torch"),
    ("arange", "dtype_int32", lambda m, d: m.arange(0, 7, 2, dtype=d.int32), (), "torch"),
    ("arange", "dtype_f16", lambda m, d: m.arange(5, dtype=d.float16), (), "torch"),
    ("arange", "empty", lambda m, d: m.arange(3, 3), (), "torch"),
    ("linspace", "int_dtype", lambda m, d: m.linspace(0, 10, 5, dtype=d.int64), (), "torch"),
    ("linspace", "decreasing", lambda m, d: m.linspace(3, -3, 4), (), "torch"),
    ("linspace", "steps1", lambda m, d: m.linspace(-1.0, 1.0, 1), (), "torch"),
    ("linspace", "f16", lambda m, d: m.linspace(0, 1, 6, dtype=d.float16), (), "torch"),
    ("linspace", "many", lambda m, d: m.linspace(-5, 5, 21), (), "torch"),
    ("empty", "varargs_f16", lambda m, d: m.empty(2, 2, dtype=d.float16).shape, (), "ms"),
    ("empty", "list", lambda m, d: m.empty([3, 1]).dtype, (), "ms"),
    ("empty_like", "int", lambda m, d, x: (m.empty_like(x).shape, m.empty_like(x).dtype), (I32(2, 3),), "ms"),
    ("empty_like", "dtype", lambda m, d, x: m.empty_like(x, dtype=d.float16).dtype, (F32(2),), "ms"),
]


def _ms_name(n):
    return "bool_" if n == "bool" else n


class _MsDtypes:
    """``d.float16`` etc. on MindSpore/mscompat (whose bool dtype is ``bool_``)."""

    def __init__(self, ms):
        self.ms = ms

    def __getattr__(self, n):   # dtypes, and manual_seed
        return getattr(self.ms, _ms_name(n))


CASES = []
for _n, _tag, _f, _in, _via in SPECS:
    _fn = (lambda ms, *a, _g=_f: _g(ms.mint, _MsDtypes(ms), *a))
    CASES.append(case(f"mint.{_n}/cov_{_tag}", _fn, *_in,
                      **({"torch_ref": lambda torch, *a, _g=_f: _g(torch, torch, *a)} if _via == "torch" else {})))

BAD = [
    ("zeros", "varargs", lambda ms: ms.mint.zeros(2, 3)),
    ("ones", "varargs", lambda ms: ms.mint.ones(3, 2, 1)),
    ("zeros", "neg", lambda ms: ms.mint.zeros((2, -1))),
    ("zeros", "float_size", lambda ms: ms.mint.zeros((2.5, 3))),
    ("ones", "str_dtype", lambda ms: ms.mint.ones((2,), dtype="float32")),
    ("ones", "neg", lambda ms: ms.mint.ones(-2)),
    ("full", "size_not_seq", lambda ms: ms.mint.full(2.0, 1)),
    ("full", "tensor_fill_2d", lambda ms: ms.mint.full((2,), ms.Tensor(np.ones((2, 2), np.float32)))),
    ("eye", "neg", lambda ms: ms.mint.eye(-1)),
    ("eye", "float_n", lambda ms: ms.mint.eye(2.5)),
    ("arange", "str", lambda ms: ms.mint.arange("a")),
    ("linspace", "float_steps", lambda ms: ms.mint.linspace(0, 1, 2.5)),
    ("zeros_like", "not_tensor", lambda ms: ms.mint.zeros_like([1, 2])),
    ("ones_like", "not_tensor", lambda ms: ms.mint.ones_like(2.0)),
    ("empty", "neg", lambda ms: ms.mint.empty(2, -3)),
    ("empty_like", "not_tensor", lambda ms: ms.mint.empty_like((1, 2))),
]
for _n, _tag, _f in BAD:
    CASES.append(case(f"mint.{_n}/cov_bad_{_tag}", _f, error=True))


# random creators: shape, dtype and properties that hold for every seed. MindSpore's CPU build has
# none of their kernels (``InplaceUniform``/``InplaceNormal``/``InplaceRandom`` fail to build,
# ``RandpermExt``/``Normal*``/``BernoulliExt``/``MultinomialExt`` unregistered): PyTorch is the oracle.
def _in01(x):
    return ((x >= 0) & (x < 1)).all()


def _between(x, lo, hi):
    return ((x >= lo) & (x < hi)).all()


def _sd(m, x):
    return ((x - x.mean()) ** 2).mean() ** 0.5


RANDOM = [
    ("rand", "varargs", lambda m, d: (lambda x: (x.shape, x.dtype, _in01(x)))(m.rand(3, 4))),
    ("rand", "tuple_f16", lambda m, d: (lambda x: (x.shape, x.dtype, _in01(x)))(m.rand((2, 5), dtype=d.float16))),
    ("rand", "f64", lambda m, d: (lambda x: (x.shape, x.dtype, _in01(x)))(m.rand(4, dtype=d.float64))),
    ("rand_like", "f32", lambda m, d, x: (lambda y: (y.shape, y.dtype, _in01(y)))(m.rand_like(x)), F32(2, 3)),
    ("rand_like", "dtype", lambda m, d, x: (lambda y: (y.shape, y.dtype))(m.rand_like(x, dtype=d.float16)), F32(3)),
    ("randn", "varargs", lambda m, d: (lambda x: (x.shape, x.dtype, m.isfinite(x).all()))(m.randn(3, 4))),
    ("randn", "tuple_f64", lambda m, d: (lambda x: (x.shape, x.dtype))(m.randn((2, 2), dtype=d.float64))),
    ("randn", "moments", lambda m, d: (lambda x: (m.abs(x.mean()) < 0.1, m.abs(_sd(m, x) - 1) < 0.1))(
        m.randn(4000))),
    ("randn_like", "f32", lambda m, d, x: (lambda y: (y.shape, y.dtype))(m.randn_like(x)), F32(2, 3)),
    ("randn_like", "dtype", lambda m, d, x: (lambda y: (y.shape, y.dtype))(m.randn_like(x, dtype=d.float16)), F32(4)),
    ("randint", "high", lambda m, d: (lambda x: (x.shape, x.dtype, _between(x, 0, 5)))(m.randint(5, (3, 4)))),
    ("randint", "low_high", lambda m, d: (lambda x: (x.shape, x.dtype, _between(x, -3, 3)))(m.randint(-3, 3, (20,)))),
    ("randint", "dtype", lambda m, d: (lambda x: (x.shape, x.dtype))(m.randint(0, 10, (2, 2), dtype=d.int32))),
    ("randint_like", "f32", lambda m, d, x: (lambda y: (y.shape, y.dtype, _between(y, 0, 4)))(m.randint_like(x, 4)),
     F32(2, 3)),
    ("randint_like", "low_high", lambda m, d, x: (lambda y: (y.shape, y.dtype, _between(y, 2, 6)))(
        m.randint_like(x, 2, 6)), I32(5)),
    ("randperm", "n", lambda m, d: (lambda x: (x.shape, x.dtype, m.sort(x)[0]))(m.randperm(6))),
    ("randperm", "dtype", lambda m, d: (lambda x: (x.shape, x.dtype, m.sort(x)[0]))(m.randperm(4, dtype=d.int32))),
    ("normal", "tensors", lambda m, d, mu, s: (lambda x: (x.shape, x.dtype))(m.normal(mu, s)), F32(2, 3),
     F32(2, 3, low=0.1, high=1.0)),
    ("normal", "floats_size", lambda m, d: (lambda x: (x.shape, x.dtype))(m.normal(0.0, 1.0, (3, 2)))),
    ("normal", "tensor_mean_float_std", lambda m, d, mu: (lambda x: (x.shape, x.dtype))(m.normal(mu, 0.5)), F32(4)),
    ("normal", "moments", lambda m, d: (lambda x: (m.abs(x.mean() - 2) < 0.2, m.abs(_sd(m, x) - 3) < 0.2))(
        m.normal(2.0, 3.0, (4000,)))),
    ("bernoulli", "probs", lambda m, d, p: (lambda x: (x.shape, x.dtype, ((x == 0) | (x == 1)).all()))(
        m.bernoulli(p)), F32(3, 4, low=0.0, high=1.0)),
    ("bernoulli", "extreme", lambda m, d, p: m.bernoulli(p), np.array([0.0, 1.0, 1.0, 0.0], np.float32)),
    ("multinomial", "one_row", lambda m, d, p: (lambda x: (x.shape, x.dtype, _between(x, 0, 4)))(
        m.multinomial(p, 3)), F32(4, low=0.1, high=1.0)),
    ("multinomial", "two_rows_replace", lambda m, d, p: (lambda x: (x.shape, x.dtype))(
        m.multinomial(p, 6, replacement=True)), F32(2, 3, low=0.1, high=1.0)),
    ("multinomial", "no_replace_distinct", lambda m, d, p: m.sort(m.multinomial(p, 4))[0], F32(4, low=0.1, high=1.0)),
    ("multinomial", "zero_weights", lambda m, d, p: m.multinomial(p, 1), np.array([0.0, 0.0, 1.0, 0.0], np.float32)),
]
# the same seed gives the same numbers, twice in a row
for _n, _f in (("rand", lambda m, d: m.rand(3)), ("randn", lambda m, d: m.randn(2, 2)),
               ("randint", lambda m, d: m.randint(0, 100, (4,))), ("randperm", lambda m, d: m.randperm(5)),
               ("normal", lambda m, d: m.normal(0.0, 1.0, (3,)))):
    RANDOM.append((_n, "seed_reproducible",
                   lambda m, d, _g=_f: ((d.manual_seed(7), _g(m, d))[1] == (d.manual_seed(7), _g(m, d))[1]).all()))
for _item in RANDOM:
    _n, _tag, _f, *_in = _item
    CASES.append(case(f"mint.{_n}/cov_{_tag}", lambda ms, *a, _g=_f: _g(ms.mint, _MsDtypes(ms), *a), *_in,
                      torch_ref=lambda torch, *a, _g=_f: _g(torch, torch, *a),
                      ms_crashes="its random creators have no CPU kernel and at times end the process (SIGSEGV)"))

CASES += [
    case("mint.randint/cov_bad_size", lambda ms: ms.mint.randint(0, 5, 3), error=True),
    case("mint.randperm/cov_bad_neg", lambda ms: ms.mint.randperm(-1), error=True),
    case("mint.rand/cov_bad_str", lambda ms: ms.mint.rand("a"), error=True),
    case("mint.randn/cov_bad_neg", lambda ms: ms.mint.randn(2, -1), error=True),
    case("mint.normal/cov_bad_neg_std", lambda ms: ms.mint.normal(0.0, -1.0, (2,)), error=True),
    case("mint.bernoulli/cov_bad_int", lambda ms, p: ms.mint.bernoulli(p), I32(3), error=True),
    case("mint.bernoulli/cov_bad_p_kw", lambda ms, x: ms.mint.bernoulli(x, p=0.3), F32(5), error=True),
    case("mint.rand_like/cov_bad_not_tensor", lambda ms: ms.mint.rand_like([1.0]), error=True),
    case("mint.randn_like/cov_bad_not_tensor", lambda ms: ms.mint.randn_like(2.0), error=True),
    case("mint.randint_like/cov_bad_not_tensor", lambda ms: ms.mint.randint_like((2, 2), 3), error=True),
    case("mint.multinomial/cov_bad_float_samples", lambda ms, p: ms.mint.multinomial(p, 1.5), F32(4, low=0.1),
         error=True),
    case("mint.multinomial/cov_bad_too_many", lambda ms, p: ms.mint.multinomial(p, 5), F32(4, low=0.1, high=1.0),
         error=True, ms_error="RuntimeError", torch_ref=lambda torch, p: torch.multinomial(p, 5)),
]

CASES += [
    case("mint.zeros/cov_graph", lambda ms, x: ms.mint.zeros((2, 3), dtype=ms.int32) + x, I32(2, 3), mode="graph"),
    case("mint.ones/cov_graph", lambda ms, x: ms.mint.ones(x.shape) * x, F32(2, 3), mode="graph"),
    case("mint.eye/cov_graph_nm", lambda ms, x: ms.mint.eye(2, 3) + x, F32(2, 3), mode="graph"),
]

CASES = default_run(CASES)
