"""mindspore.mint names in the forms their other tables lacked (``tools/mint_coverage.py`` lists the
gaps): each name below called in GRAPH_MODE, on float64 inputs (a second dtype), and with a bad input
(a ``str`` where the tensor goes: MindSpore raises TypeError while parsing the arguments, before it
selects a kernel, so its CPU build answers even where it lacks the kernel).

Oracles: real MindSpore 2.10 CPU where its build runs the op (``MS_*``); where it lacks the kernel
(``TORCH_*``: "The kernel AcosExt unregistered", ``EqualExt``, ``Atan2Ext``, ...), PyTorch, to which
mint is documented as aligned, runs the same call (``torch.<name>``, ``torch.nn.functional.<name>``,
``torch.nn.<Layer>()``). Inputs lie in (0.1, 0.9), inside every op's domain (``acosh``: 1 added)."""
import numpy as np

from parity_tests.harness import case, F32

# one-input functions and default-constructed layers
MS_UNARY = """abs arctanh atanh ceil cos cosh erf erfc erfinv expm1 fix floor isfinite isinf isnan log log1p logical_not
neg negative ravel reciprocal round rsqrt sign sin sinc sinh square tan tanh trunc nonzero unique_consecutive
special.expm1 special.round special.sinc nn.functional.relu nn.functional.sigmoid nn.functional.tanh
nn.functional.hardsigmoid nn.functional.hardswish nn.functional.softplus nn.functional.glu nn.functional.flatten
nn.ReLU nn.Sigmoid nn.Tanh nn.Hardsigmoid nn.Hardswish nn.SiLU nn.GLU nn.Flatten""".split()
# float64: MindSpore's CPU kernels of these take float32/float16 only (checked: TypeError/RuntimeError)
MS_UNARY_F32_ONLY = """nn.functional.hardshrink nn.functional.softshrink nn.Hardshrink nn.Softshrink t""".split()
TORCH_UNARY = """acos acosh arccos arccosh arcsin arcsinh arctan asin asinh atan exp2 frac isneginf clone argmax argmin
argsort median norm std var std_mean var_mean sort tril unique ones_like zeros_like special.exp2
linalg.vector_norm linalg.matrix_norm nn.functional.hardtanh nn.functional.logsigmoid nn.functional.mish
nn.functional.relu6 nn.functional.selu nn.functional.normalize nn.ELU nn.Hardtanh nn.LogSigmoid nn.Mish nn.ReLU6
nn.SELU""".split()
# two-input functions
MS_BINARY = "divide float_power fmod minimum remainder sub xlogy isclose logical_and logical_or logical_xor".split()
TORCH_BINARY = "arctan2 logaddexp2 equal".split()
SHIFTED = {"acosh", "arccosh"}   # domain x >= 1
# MindSpore rejects float64 while checking the arguments (TypeError: "supports types: Float16, Float32,
# BFloat16"), before it selects a kernel: the float64 case is a MindSpore bad-input case, and float16
# (PyTorch the oracle) is their second dtype
F64_REJECTED = """std var std_mean var_mean nn.functional.logsigmoid nn.functional.mish nn.functional.selu
nn.LogSigmoid nn.Mish nn.SELU""".split()
# a str input reaches MindSpore's Python code first, which fails on it with an AttributeError of its
# own ("'str' object has no attribute 'ndim'"): their bad-input cases are in mint_torch_errors/mint_cover_*
NO_STR_CASE = {"linalg.matrix_norm"}


def _resolve(m, name):
    """``mint.<name>`` of MindSpore/mscompat, or the same name on ``torch``."""
    obj = m.mint if hasattr(m, "mint") else m
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def _unary(name):
    def call(m, x):
        op = _resolve(m, name)
        if name in SHIFTED and not isinstance(x, str):
            x = x + 1
        return op()(x) if name.split(".")[-1][0].isupper() else op(x)
    return call


def _binary(name):
    return lambda m, x, y: _resolve(m, name)(x, y)


X = F32(2, 3, 4, low=0.1, high=0.9, seed=1501)
Y = F32(2, 3, 4, low=0.1, high=0.9, seed=1502)

CASES = []
for _names, _torch in ((MS_UNARY, False), (MS_UNARY_F32_ONLY, False), (TORCH_UNARY, True)):
    for _n in _names:
        _f = _unary(_n)
        _kw = {"torch_ref": _f} if _torch else {}
        _tag = f"mint.{_n}/forms"
        CASES.append(case(f"{_tag}_graph", _f, X, mode="graph", **_kw))
        if _n not in NO_STR_CASE:
            CASES.append(case(f"{_tag}_bad_str", lambda m, _f=_f: _f(m, "abc"), error=True, **_kw))
        if _n in F64_REJECTED:
            CASES.append(case(f"{_tag}_bad_f64", _f, X.astype(np.float64), error=True))
            CASES.append(case(f"{_tag}_f16", _f, X.astype(np.float16), **_kw))
        elif _names is not MS_UNARY_F32_ONLY:
            CASES.append(case(f"{_tag}_f64", _f, X.astype(np.float64), **_kw))
for _names, _torch in ((MS_BINARY, False), (TORCH_BINARY, True)):
    for _n in _names:
        _f = _binary(_n)
        _kw = {"torch_ref": _f} if _torch else {}
        _tag = f"mint.{_n}/forms"
        CASES.append(case(f"{_tag}_graph", _f, X, Y, mode="graph", **_kw))
        CASES.append(case(f"{_tag}_bad_str", lambda m, y, _f=_f: _f(m, "abc", y), Y, error=True, **_kw))
        CASES.append(case(f"{_tag}_f64", _f, X.astype(np.float64), Y.astype(np.float64), **_kw))
