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
            _bad = (lambda m, _f=_f: _f(m, "abc"))
            CASES.append(case(f"{_tag}_bad_str", _bad, error=True, **({"torch_ref": _bad} if _torch else {})))
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
        _bad = (lambda m, y, _f=_f: _f(m, "abc", y))
        CASES.append(case(f"{_tag}_bad_str", _bad, Y, error=True, **({"torch_ref": _bad} if _torch else {})))
        CASES.append(case(f"{_tag}_f64", _f, X.astype(np.float64), Y.astype(np.float64), **_kw))


# names with more arguments: (name, body(m, *inputs), inputs). The str replaces the first input in the
# bad-input case; the float64 case converts every float32 input.
def _lyr(name, *args, **kwargs):
    """``nn.<name>(*args, **kwargs)`` applied to the inputs."""
    return lambda m, *t: _resolve(m, name)(*args, **kwargs)(*t)


def _fn(name, *args, **kwargs):
    """``<name>(*inputs, *args, **kwargs)``."""
    return lambda m, *t: _resolve(m, name)(*t, *args, **kwargs)


U = dict(low=0.1, high=0.9)
IMG1 = F32(2, 3, 6, **U, seed=1511)
IMG2 = F32(2, 3, 4, 4, **U, seed=1512)
IMG3 = F32(1, 2, 4, 4, 4, **U, seed=1513)
P34 = F32(3, 4, **U, seed=1514)
Q34 = F32(3, 4, **U, seed=1515)
MULTI = [
    ("addbmm", _fn("addbmm"), (F32(3, 5, seed=1521), F32(2, 3, 4, seed=1522), F32(2, 4, 5, seed=1523))),
    ("addmv", _fn("addmv"), (F32(3, seed=1524), F32(3, 4, seed=1525), F32(4, seed=1526))),
    ("addcdiv", _fn("addcdiv", value=0.5), (P34, Q34, F32(3, 4, low=0.5, high=1.5, seed=1527))),
    ("addmm", _fn("addmm"), (F32(3, 5, seed=1528), P34, F32(4, 5, seed=1529))),
    ("baddbmm", _fn("baddbmm"), (F32(2, 3, 5, seed=1530), F32(2, 3, 4, seed=1531), F32(2, 4, 5, seed=1532))),
    ("cdist", _fn("cdist"), (P34, F32(5, 4, seed=1533))),
    ("concat", lambda m, a, b: _resolve(m, "concat")((a, b), 1), (P34, Q34)),
    ("cummax", lambda m, x: _resolve(m, "cummax")(x, 1), (P34,)),
    ("cummin", lambda m, x: _resolve(m, "cummin")(x, 1), (P34,)),
    ("diag", _fn("diag", 1), (P34,)),
    ("diff", _fn("diff"), (P34,)),
    ("dot", _fn("dot"), (F32(4, seed=1534), F32(4, seed=1535))),
    ("vdot", _fn("vdot"), (F32(4, seed=1534), F32(4, seed=1535))),
    ("outer", _fn("outer"), (F32(4, seed=1534), F32(3, seed=1535))),
    ("mv", _fn("mv"), (P34, F32(4, seed=1536))),
    ("dstack", lambda m, a, b: _resolve(m, "dstack")([a, b]), (P34, Q34)),
    ("hstack", lambda m, a, b: _resolve(m, "hstack")([a, b]), (P34, Q34)),
    ("stack", lambda m, a, b: _resolve(m, "stack")([a, b], 1), (P34, Q34)),
    ("inverse", _fn("inverse"), (F32(3, 3, seed=1537) + 3 * np.eye(3, dtype=np.float32),)),
    ("linalg.inv", _fn("linalg.inv"), (F32(3, 3, seed=1537) + 3 * np.eye(3, dtype=np.float32),)),
    ("linalg.norm", _fn("linalg.norm"), (P34,)),
    ("linalg.qr", _fn("linalg.qr"), (F32(4, 3, seed=1538),)),
    ("kthvalue", lambda m, x: _resolve(m, "kthvalue")(x, 2, 1), (P34,)),
    ("logsumexp", _fn("logsumexp", 1), (P34,)),
    ("meshgrid", lambda m, a, b: _resolve(m, "meshgrid")(a, b, indexing="ij"), (F32(3, seed=1539), F32(2, seed=1540))),
    ("nan_to_num", _fn("nan_to_num"), (P34,)),
    ("log10", _fn("log10"), (P34,)),
    ("log2", _fn("log2"), (P34,)),
    ("swapaxes", _fn("swapaxes", 0, 1), (P34,)),
    ("trace", _fn("trace"), (P34,)),
    ("topk", lambda m, x: _resolve(m, "topk")(x, 2), (P34,)),
    ("softmax", _fn("softmax", 1), (P34,)),
    ("special.log_softmax", _fn("special.log_softmax", 1), (P34,)),
    ("triangular_solve", lambda m, b, a: _resolve(m, "triangular_solve")(b, a)[0],
     (F32(3, 2, seed=1541), np.triu(F32(3, 3, low=0.5, high=1.5, seed=1542)) + np.eye(3, dtype=np.float32))),
    ("nn.AdaptiveAvgPool1d", _lyr("nn.AdaptiveAvgPool1d", 2), (IMG1,)),
    ("nn.AdaptiveAvgPool2d", _lyr("nn.AdaptiveAvgPool2d", 2), (IMG2,)),
    ("nn.AdaptiveAvgPool3d", _lyr("nn.AdaptiveAvgPool3d", 2), (IMG3,)),
    ("nn.AdaptiveMaxPool1d", _lyr("nn.AdaptiveMaxPool1d", 2), (IMG1,)),
    ("nn.AdaptiveMaxPool2d", _lyr("nn.AdaptiveMaxPool2d", 2), (IMG2,)),
    ("nn.AvgPool1d", _lyr("nn.AvgPool1d", 2), (IMG1,)),
    ("nn.AvgPool2d", _lyr("nn.AvgPool2d", 2), (IMG2,)),
    ("nn.AvgPool3d", _lyr("nn.AvgPool3d", 2), (IMG3,)),
    ("nn.BCELoss", _lyr("nn.BCELoss"), (P34, F32(3, 4, low=0.0, high=1.0, seed=1543))),
    ("nn.BCEWithLogitsLoss", _lyr("nn.BCEWithLogitsLoss"), (P34, F32(3, 4, low=0.0, high=1.0, seed=1543))),
    ("nn.L1Loss", _lyr("nn.L1Loss"), (P34, Q34)),
    ("nn.MSELoss", _lyr("nn.MSELoss"), (P34, Q34)),
    ("nn.SmoothL1Loss", _lyr("nn.SmoothL1Loss"), (P34, Q34)),
    ("nn.SoftMarginLoss", _lyr("nn.SoftMarginLoss"), (P34, np.sign(F32(3, 4, seed=1544)))),
    ("nn.KLDivLoss", _lyr("nn.KLDivLoss", reduction="batchmean"), (P34, Q34)),
    ("nn.ConstantPad1d", _lyr("nn.ConstantPad1d", 2, 0.5), (IMG1,)),
    ("nn.ConstantPad2d", _lyr("nn.ConstantPad2d", 1, 0.5), (IMG2,)),
    ("nn.ConstantPad3d", _lyr("nn.ConstantPad3d", 1, 0.5), (IMG3,)),
    ("nn.ZeroPad1d", _lyr("nn.ZeroPad1d", 2), (IMG1,)),
    ("nn.ZeroPad2d", _lyr("nn.ZeroPad2d", 1), (IMG2,)),
    ("nn.ZeroPad3d", _lyr("nn.ZeroPad3d", 1), (IMG3,)),
    ("nn.ReflectionPad1d", _lyr("nn.ReflectionPad1d", 2), (IMG1,)),
    ("nn.ReflectionPad2d", _lyr("nn.ReflectionPad2d", 1), (IMG2,)),
    ("nn.ReflectionPad3d", _lyr("nn.ReflectionPad3d", 1), (IMG3,)),
    ("nn.ReplicationPad1d", _lyr("nn.ReplicationPad1d", 2), (IMG1,)),
    ("nn.ReplicationPad2d", _lyr("nn.ReplicationPad2d", 1), (IMG2,)),
    ("nn.ReplicationPad3d", _lyr("nn.ReplicationPad3d", 1), (IMG3,)),
    ("nn.PixelShuffle", _lyr("nn.PixelShuffle", 2), (F32(1, 8, 2, 2, seed=1545),)),
    ("nn.Unfold", _lyr("nn.Unfold", kernel_size=2), (IMG2,)),
    ("nn.Fold", _lyr("nn.Fold", output_size=(3, 3), kernel_size=2), (F32(1, 8, 4, seed=1546),)),
    ("nn.Upsample", _lyr("nn.Upsample", scale_factor=2.0, mode="nearest"), (IMG2,)),
    ("nn.UpsamplingNearest2d", _lyr("nn.UpsamplingNearest2d", scale_factor=(2.0, 2.0)), (IMG2,)),
    ("nn.UpsamplingBilinear2d", _lyr("nn.UpsamplingBilinear2d", scale_factor=(2.0, 2.0)), (IMG2,)),
    ("nn.Threshold", _lyr("nn.Threshold", 0.5, 2.0), (P34,)),
    ("nn.LogSoftmax", _lyr("nn.LogSoftmax", 1), (P34,)),
    ("nn.functional.adaptive_avg_pool1d", _fn("nn.functional.adaptive_avg_pool1d", 2), (IMG1,)),
    ("nn.functional.adaptive_avg_pool2d", _fn("nn.functional.adaptive_avg_pool2d", 2), (IMG2,)),
    ("nn.functional.adaptive_avg_pool3d", _fn("nn.functional.adaptive_avg_pool3d", 2), (IMG3,)),
    ("nn.functional.adaptive_max_pool1d", _fn("nn.functional.adaptive_max_pool1d", 2), (IMG1,)),
    ("nn.functional.adaptive_max_pool2d", _fn("nn.functional.adaptive_max_pool2d", 2), (IMG2,)),
    ("nn.functional.avg_pool1d", _fn("nn.functional.avg_pool1d", 2), (IMG1,)),
    ("nn.functional.avg_pool2d", _fn("nn.functional.avg_pool2d", 2), (IMG2,)),
    ("nn.functional.avg_pool3d", _fn("nn.functional.avg_pool3d", 2), (IMG3,)),
    ("nn.functional.max_pool2d", _fn("nn.functional.max_pool2d", 2), (IMG2,)),
    ("nn.functional.binary_cross_entropy", _fn("nn.functional.binary_cross_entropy"),
     (P34, F32(3, 4, low=0.0, high=1.0, seed=1543))),
    ("nn.functional.binary_cross_entropy_with_logits", _fn("nn.functional.binary_cross_entropy_with_logits"),
     (P34, F32(3, 4, low=0.0, high=1.0, seed=1543))),
    ("nn.functional.l1_loss", _fn("nn.functional.l1_loss"), (P34, Q34)),
    ("nn.functional.mse_loss", _fn("nn.functional.mse_loss"), (P34, Q34)),
    ("nn.functional.smooth_l1_loss", _fn("nn.functional.smooth_l1_loss"), (P34, Q34)),
    ("nn.functional.soft_margin_loss", _fn("nn.functional.soft_margin_loss"), (P34, np.sign(F32(3, 4, seed=1544)))),
    ("nn.functional.kl_div", _fn("nn.functional.kl_div", reduction="batchmean"), (P34, Q34)),
    ("nn.functional.pixel_shuffle", _fn("nn.functional.pixel_shuffle", 2), (F32(1, 8, 2, 2, seed=1545),)),
    ("nn.functional.unfold", _fn("nn.functional.unfold", 2), (IMG2,)),
    ("nn.functional.fold", _fn("nn.functional.fold", (3, 3), 2), (F32(1, 8, 4, seed=1546),)),
    ("nn.functional.upsample", _fn("nn.functional.upsample", scale_factor=2.0, mode="bilinear"), (IMG2,)),
    ("nn.functional.threshold", _fn("nn.functional.threshold", 0.5, 2.0), (P34,)),
    ("nn.functional.pad", _fn("nn.functional.pad", (1, 2)), (P34,)),
    ("nn.functional.prelu", _fn("nn.functional.prelu"), (IMG2, F32(3, seed=1547))),
    ("nn.functional.cosine_embedding_loss", _fn("nn.functional.cosine_embedding_loss"),
     (P34, Q34, np.array([1.0, -1.0, 1.0], np.float32))),
    ("nn.functional.cross_entropy", _fn("nn.functional.cross_entropy"), (P34, np.array([0, 3, 1], np.int64))),
    ("nn.functional.grid_sample", _fn("nn.functional.grid_sample", align_corners=False),
     (IMG2, F32(2, 3, 3, 2, low=-1.0, high=1.0, seed=1548))),
    ("nn.functional.group_norm", _fn("nn.functional.group_norm", 3), (IMG2,)),
    ("nn.functional.linear", _fn("nn.functional.linear"), (P34, F32(5, 4, seed=1549))),
    ("nn.functional.conv1d", _fn("nn.functional.conv1d"), (IMG1, F32(4, 3, 3, seed=1550))),
    ("nn.functional.conv2d", _fn("nn.functional.conv2d"), (IMG2, F32(4, 3, 3, 3, seed=1551))),
    ("nn.functional.conv3d", _fn("nn.functional.conv3d"), (IMG3, F32(3, 2, 2, 2, 2, seed=1552))),
]
# names whose mint kernel MindSpore 2.10's CPU build lacks: PyTorch the oracle
MULTI_TORCH = set(['addbmm', 'addcdiv', 'addmm', 'addmv', 'baddbmm', 'cummin', 'diag', 'dot', 'inverse', 'kthvalue', 'linalg.inv',
    'linalg.norm', 'linalg.qr', 'log10', 'log2', 'logsumexp', 'mv', 'nn.AdaptiveAvgPool1d', 'nn.AdaptiveAvgPool2d',
    'nn.AdaptiveAvgPool3d', 'nn.AdaptiveMaxPool1d', 'nn.AvgPool1d', 'nn.AvgPool2d', 'nn.AvgPool3d',
    'nn.ConstantPad1d', 'nn.ConstantPad2d', 'nn.ConstantPad3d', 'nn.Fold', 'nn.KLDivLoss', 'nn.L1Loss',
    'nn.LogSoftmax', 'nn.MSELoss', 'nn.ReflectionPad1d', 'nn.ReflectionPad2d', 'nn.ReflectionPad3d',
    'nn.ReplicationPad1d', 'nn.ReplicationPad2d', 'nn.ReplicationPad3d', 'nn.SoftMarginLoss', 'nn.Threshold',
    'nn.Unfold', 'nn.UpsamplingBilinear2d', 'nn.ZeroPad1d', 'nn.ZeroPad2d', 'nn.ZeroPad3d',
    'nn.functional.adaptive_avg_pool1d', 'nn.functional.adaptive_avg_pool2d', 'nn.functional.adaptive_avg_pool3d',
    'nn.functional.adaptive_max_pool1d', 'nn.functional.avg_pool1d', 'nn.functional.avg_pool2d',
    'nn.functional.avg_pool3d', 'nn.functional.conv1d', 'nn.functional.conv2d', 'nn.functional.conv3d',
    'nn.functional.cosine_embedding_loss', 'nn.functional.cross_entropy', 'nn.functional.fold',
    'nn.functional.kl_div', 'nn.functional.l1_loss', 'nn.functional.max_pool2d', 'nn.functional.mse_loss',
    'nn.functional.pad', 'nn.functional.soft_margin_loss', 'nn.functional.threshold', 'nn.functional.unfold',
    'nn.functional.upsample', 'outer', 'special.log_softmax', 'stack', 'topk', 'trace', 'triangular_solve', 'vdot'])
# (MindSpore's mint.addmm, mint.logsumexp and mint.nan_to_num reject float64 too: their bad-input cases
# are in mint_dtypes_math)
# MindSpore rejects float64 while checking the arguments (TypeError/ValueError: "must be a type of {BFloat16,
# Float16, Float32}", "type should be float32"): a MindSpore bad-input case
MULTI_F64_REJECTED = set(['diff', 'inverse', 'linalg.inv', 'linalg.qr', 'nn.BCELoss',
    'nn.BCEWithLogitsLoss', 'nn.KLDivLoss', 'nn.functional.binary_cross_entropy',
    'nn.functional.binary_cross_entropy_with_logits', 'nn.functional.kl_div', 'nn.functional.prelu'])
# str-input case left out: MindSpore's Python code fails on it first with an AttributeError of its own
MULTI_NO_STR = set(['linalg.norm', 'nn.functional.grid_sample', 'nn.functional.group_norm'])

# MindSpore's CPU computes these float64 inputs in float32 (its float64 results are float32 values):
# compared at float32's tolerance
F64_AS_F32 = {"cdist", "nn.functional.grid_sample"}
# float64 not compared: the convolutions and SoftMarginLoss, which MindSpore documents for float16/float32 only
# and its CPU build has no kernel to ask (mscompat rejects float64 as its Conv2D/Conv3D/SoftMarginLoss primitives
# do); addmm, logsumexp, nan_to_num (above); group_norm (MindSpore's CPU float64 result differs beyond float32's
# tolerance: see the report); the 3-D average pools (mscompat averages float64 in float32, below)
NO_F64 = {"nn.AvgPool3d", "nn.functional.avg_pool3d", "addmm", "logsumexp", "nan_to_num", "nn.functional.group_norm",
          "nn.functional.conv1d", "nn.functional.conv2d", "nn.functional.conv3d", "nn.SoftMarginLoss",
          "nn.functional.soft_margin_loss"}
# the average pools: float16 is their second dtype (mscompat averages float64 inputs in float32; see
# tools/mint_coverage.py's report)
# (PyTorch's CPU avg_pool3d has no float16 kernel: the 3-D average pools have no second dtype here)
F16_INSTEAD = {"nn.AdaptiveAvgPool1d", "nn.AdaptiveAvgPool2d", "nn.AdaptiveAvgPool3d", "nn.AvgPool1d", "nn.AvgPool2d",
               "nn.functional.adaptive_avg_pool1d", "nn.functional.adaptive_avg_pool2d",
               "nn.functional.adaptive_avg_pool3d", "nn.functional.avg_pool1d", "nn.functional.avg_pool2d"}
# GRAPH_MODE cases of MULTI_TORCH names that MindSpore's CPU does run (the layers' graph compiles to
# the PadV3/LogSoftmax kernels its CPU has): compared with MindSpore
GRAPH_RUNS = {"nn.ConstantPad1d", "nn.ConstantPad2d", "nn.ConstantPad3d", "nn.ZeroPad1d", "nn.ZeroPad2d", "nn.ZeroPad3d",
              "nn.LogSoftmax"}
# GRAPH_MODE cases MindSpore's CPU build cannot compile: its process dies (ReflectionPad1d/2d,
# ReplicationPad1d/2d/3d) or, for ReflectionPad3d, its graph-only PadV3 check rejects a 5-D input
# (a PyNative-only difference its pynative run cannot show: no kernel); PyTorch is their oracle
GRAPH_CRASHES = {"nn.ReflectionPad1d", "nn.ReflectionPad2d", "nn.ReplicationPad1d", "nn.ReplicationPad2d",
                 "nn.ReplicationPad3d"}
NO_GRAPH = {"nn.ReflectionPad3d"}

for _n, _body, _ins in MULTI:
    _kw = {"torch_ref": _body} if _n in MULTI_TORCH else {}
    _tag = f"mint.{_n}/forms"
    if _n not in NO_GRAPH:
        _gkw = {} if _n in GRAPH_RUNS else dict(_kw)
        if _n in GRAPH_CRASHES:
            _gkw["ms_crashes"] = "GRAPH_MODE compile of the padding layer kills the process (SIGSEGV)"
        CASES.append(case(f"{_tag}_graph", _body, *_ins, mode="graph", **_gkw))
    if _n not in MULTI_NO_STR:
        _bad = (lambda m, *rest, _b=_body: _b(m, "abc", *rest))
        CASES.append(case(f"{_tag}_bad_str", _bad, *_ins[1:], error=True, **({"torch_ref": _bad} if _kw else {})))
    if _n in F16_INSTEAD:
        CASES.append(case(f"{_tag}_f16", _body, *(a.astype(np.float16) for a in _ins), **_kw))
        continue
    _f64 = tuple(a.astype(np.float64) if a.dtype == np.float32 else a for a in _ins)
    if _n in MULTI_F64_REJECTED:
        CASES.append(case(f"{_tag}_bad_f64", _body, *_f64, error=True))
    elif _n not in NO_F64:
        CASES.append(case(f"{_tag}_f64", _body, *_f64, **_kw,
                          **(dict(rtol=1e-6, atol=1e-7) if _n in F64_AS_F32 else {})))


# GRAPH_MODE forms of creation, random, integer and index ops: (name, body, inputs, values compared).
# Random draws compare dtype and shape only (the streams differ by design).
I34 = np.random.RandomState(1560).randint(0, 8, (3, 4)).astype(np.int32)
J34 = np.random.RandomState(1561).randint(1, 8, (3, 4)).astype(np.int32)
GRAPH_MORE = [
    ("arange", lambda m: _resolve(m, "arange")(1, 7, 2), (), True),
    ("linspace", lambda m: _resolve(m, "linspace")(0.0, 1.0, 5), (), True),
    ("full", lambda m: _resolve(m, "full")((2, 3), 1.5), (), True),
    ("full_like", lambda m, x: _resolve(m, "full_like")(x, 2.5), (P34,), True),
    ("empty", lambda m: _resolve(m, "empty")(2, 3), (), False),
    ("empty_like", lambda m, x: _resolve(m, "empty_like")(x), (P34,), False),
    ("rand", lambda m: _resolve(m, "rand")(2, 3), (), False),
    ("randn", lambda m: _resolve(m, "randn")(2, 3), (), False),
    ("rand_like", lambda m, x: _resolve(m, "rand_like")(x), (P34,), False),
    ("randn_like", lambda m, x: _resolve(m, "randn_like")(x), (P34,), False),
    ("randint", lambda m: _resolve(m, "randint")(0, 5, (2, 3)), (), False),
    ("randint_like", lambda m, x: _resolve(m, "randint_like")(x, 0, 5), (P34,), False),
    ("randperm", lambda m: _resolve(m, "randperm")(6), (), False),
    ("normal", lambda m, x, s: _resolve(m, "normal")(x, s), (P34, Q34), False),
    ("bernoulli", lambda m, x: _resolve(m, "bernoulli")(x), (P34,), False),
    ("multinomial", lambda m, x: _resolve(m, "multinomial")(x, 2), (P34,), False),
    ("bitwise_and", _fn("bitwise_and"), (I34, J34), True),
    ("bitwise_or", _fn("bitwise_or"), (I34, J34), True),
    ("bitwise_xor", _fn("bitwise_xor"), (I34, J34), True),
    ("bitwise_not", _fn("bitwise_not"), (I34,), True),
    ("floor_divide", _fn("floor_divide"), (I34, J34), True),
    ("gcd", _fn("gcd"), (I34, J34), True),
    ("bincount", _fn("bincount"), (I34.ravel(),), True),
    ("histc", _fn("histc", 4, 0.0, 1.0), (P34,), True),
    ("searchsorted", _fn("searchsorted"), (np.sort(P34, axis=1), Q34), True),
    ("index_select", lambda m, x, i: _resolve(m, "index_select")(x, 1, i), (P34, np.array([0, 2], np.int64)), True),
    ("index_add", lambda m, x, i, s: _resolve(m, "index_add")(x, 0, i, s), (P34, np.array([0, 2], np.int32),
                                                                            F32(2, 4, seed=1562)), True),
    ("take", _fn("take"), (P34, np.array([0, 5, 11], np.int64)), True),
    ("repeat_interleave", _fn("repeat_interleave", 2), (P34,), True),
    ("nn.functional.one_hot", _fn("nn.functional.one_hot", 8), (I34.astype(np.int64),), True),
    ("nn.functional.embedding", _fn("nn.functional.embedding"), (np.array([[0, 2], [1, 3]], np.int64),
                                                                 F32(4, 3, seed=1563)), True),
]
# MindSpore's CPU build lacks these kernels (Arange, FillScalar, InplaceUniform, BitwiseOrTensor, IndexSelect,
# OneHotExt, ...): PyTorch the oracle
GRAPH_MORE_TORCH = {"arange", "linspace", "full", "full_like", "rand", "randn", "rand_like", "randn_like", "randint",
                    "randint_like", "randperm", "normal", "bernoulli", "multinomial", "bitwise_or", "bitwise_xor",
                    "bitwise_not", "bincount", "histc", "index_select", "take", "repeat_interleave",
                    "nn.functional.one_hot", "nn.functional.embedding"}

for _n, _body, _ins, _vals in GRAPH_MORE:
    _kw = {"torch_ref": _body} if _n in GRAPH_MORE_TORCH else {}
    CASES.append(case(f"mint.{_n}/forms_graph", _body, *_ins, mode="graph", check_values=_vals, **_kw))


def _with_weights(name, *args, **values):
    """A body building ``nn.<name>(*args)``, setting its parameters from the inputs named in ``values``
    (input positions), then applying it to input 0."""
    def body(m, x, *ws):
        net = _resolve(m, name)(*args)
        for attr, pos in values.items():
            w = ws[pos]
            if hasattr(m, "mint"):
                getattr(net, attr).set_data(w)
            else:
                getattr(net, attr).data.copy_(w)
        return net(x)
    return body


def _bn_eval(name, n):
    """``nn.<name>(n)`` as built: a MindSpore Cell starts in inference mode (running statistics), a
    torch module in training mode, set to ``eval()`` here to match."""
    def body(m, x):
        net = _resolve(m, name)(n)
        return (net if hasattr(m, "mint") else net.eval())(x)
    return body


# bad input (a str where the first tensor goes) and GRAPH_MODE for names with arguments beyond one tensor
BAD_MORE = [
    ("allclose", _fn("allclose"), (P34, Q34)),
    ("scatter_add", lambda m, x, i, s: _resolve(m, "scatter_add")(x, 1, i, s),
     (F32(2, 4, seed=1570), np.array([[0, 2, 1], [1, 0, 2]], np.int64), F32(2, 3, seed=1571))),
    ("nn.NLLLoss", _lyr("nn.NLLLoss"), (P34, np.array([0, 3, 1], np.int64))),
    ("nn.CrossEntropyLoss", _lyr("nn.CrossEntropyLoss"), (P34, np.array([0, 3, 1], np.int64))),
    ("nn.CosineEmbeddingLoss", _lyr("nn.CosineEmbeddingLoss"), (P34, Q34, np.array([1.0, -1.0, 1.0], np.float32))),
    ("nn.MaxUnpool2d", _lyr("nn.MaxUnpool2d", 2), (F32(1, 1, 2, 2, seed=1572), np.array([[[[5, 2], [13, 15]]]], np.int64))),
    ("nn.functional.max_unpool2d", _fn("nn.functional.max_unpool2d", 2),
     (F32(1, 1, 2, 2, seed=1572), np.array([[[[5, 2], [13, 15]]]], np.int64))),
    ("nn.PReLU", _lyr("nn.PReLU"), (IMG2,)),
    ("nn.BatchNorm1d", _bn_eval("nn.BatchNorm1d", 3), (F32(4, 3, seed=1573),)),
    ("nn.BatchNorm3d", _bn_eval("nn.BatchNorm3d", 2), (IMG3,)),
    ("nn.ConvTranspose2d", _with_weights("nn.ConvTranspose2d", 3, 2, 2, weight=0, bias=1),
     (IMG2, F32(3, 2, 2, 2, seed=1574), F32(2, seed=1575))),
    ("nn.functional.conv_transpose2d", _fn("nn.functional.conv_transpose2d"), (IMG2, F32(3, 2, 2, 2, seed=1574))),
    ("conv_tbc", lambda m, x, w, b: _resolve(m, "conv_tbc")(x, w, b, 1),
     (F32(5, 2, 3, seed=1576), F32(3, 3, 4, seed=1577), F32(4, seed=1578))),
    ("nn.functional.dropout2d", _fn("nn.functional.dropout2d", 0.5, False), (IMG2,)),
    ("einsum", lambda m, a, b: _resolve(m, "einsum")("ij,jk->ik", a, b), (P34, F32(4, 2, seed=1579))),
]
# MindSpore's CPU build lacks these kernels (ScatterAddExt, MaxUnpool2DExt, BatchNormExt, ConvTranspose2D, ConvTbc,
# Dropout2dExt, ClampMin in CosineEmbeddingLoss's graph, einsum's Ascend-only form): PyTorch the oracle (the str
# cases are still MindSpore's: it raises TypeError while parsing the arguments)
BAD_MORE_TORCH = {"scatter_add", "nn.CosineEmbeddingLoss", "nn.MaxUnpool2d", "nn.functional.max_unpool2d", "nn.BatchNorm1d",
                  "nn.BatchNorm3d", "nn.ConvTranspose2d", "nn.functional.conv_transpose2d", "conv_tbc",
                  "nn.functional.dropout2d", "einsum"}
# NLLLoss's Python code fails on a str first with an AttributeError of its own: no str case
BAD_MORE_NO_STR = {"nn.NLLLoss"}

for _n, _body, _ins in BAD_MORE:
    _kw = {"torch_ref": _body} if _n in BAD_MORE_TORCH else {}
    _tag = f"mint.{_n}/forms"
    if _n not in BAD_MORE_NO_STR:
        _bad = (lambda m, *rest, _b=_body: _b(m, "abc", *rest))
        CASES.append(case(f"{_tag}_bad_str", _bad, *_ins[1:], error=True, **({"torch_ref": _bad} if _kw else {})))
    CASES.append(case(f"{_tag}_graph", _body, *_ins, mode="graph", **_kw))


# mint.conv2d (the top-level form of nn.functional.conv2d) and the in-place activations: value, GRAPH_MODE and
# str cases; MindSpore's CPU build lacks their kernels (Conv2DExt, InplaceElu, InplaceHardtanh, InplaceReLU,
# InplaceSigmoid, InplaceThreshold): PyTorch the oracle (``torch.sigmoid_``: not under torch.nn.functional)
def _sigmoid_(m, x):
    return (m.mint.nn.functional.sigmoid_ if hasattr(m, "mint") else m.sigmoid_)(x)


WIDE34 = F32(3, 4, seed=1580)
INPLACE_MORE = [
    ("conv2d", _fn("conv2d", padding=1), (IMG2, F32(4, 3, 3, 3, seed=1551))),
    ("nn.functional.elu_", _fn("nn.functional.elu_"), (WIDE34,)),
    ("nn.functional.hardtanh_", _fn("nn.functional.hardtanh_"), (WIDE34,)),
    ("nn.functional.relu_", _fn("nn.functional.relu_"), (WIDE34,)),
    ("nn.functional.threshold_", _fn("nn.functional.threshold_", 0.5, 2.0), (WIDE34,)),
    ("nn.functional.sigmoid_", _sigmoid_, (WIDE34,)),
]
for _n, _body, _ins in INPLACE_MORE:
    _tag = f"mint.{_n}/forms"
    CASES.append(case(f"{_tag}_value", _body, *_ins, torch_ref=_body))
    CASES.append(case(f"{_tag}_graph", _body, *_ins, mode="graph", torch_ref=_body))
    _bad = (lambda m, *rest, _b=_body: _b(m, "abc", *rest))
    CASES.append(case(f"{_tag}_bad_str", _bad, *_ins[1:], error=True, torch_ref=_bad))
