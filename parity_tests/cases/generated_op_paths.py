"""``mindspore.ops.auto_generate`` (its ``gen_ops_prim`` / ``gen_ops_def`` / ``pyboost_inner_prim``
modules: Primitive classes, ready-made instances such as ``log_op``, functional ops) and
``mindspore._extends.parse.compile_config``, and the family submodules as attributes of
``ops.operations`` (``P.array_ops``): the internal paths MindSpore's own tests import."""
import importlib

from parity_tests.harness import case, F32


def _mod(ms, path):
    return importlib.import_module(f"{ms.__name__}.{path}")


def _instance(ms, x):
    op = _mod(ms, "ops.auto_generate.gen_ops_prim").log_op
    return type(op).__name__, op is _mod(ms, "ops.auto_generate.gen_ops_prim").log_op, op(x)


def _config(ms):
    cfg = _mod(ms, "_extends.parse.compile_config")
    names = ("GRAD_FOR_SCALAR", "CHECK_BPROP", "FOR_HALF_UNROLL", "PRE_LIFT", "RECURSIVE_EVAL",
             "FALLBACK_SUPPORT_LIST_DICT_INPLACE", "ENABLE_RECOMPUTE_BEFORE_INLINE", "JIT_ENABLE_AUGASSIGN_INPLACE",
             "GRAD_JIT_FILTER", "HYPER_OFFLOAD_SELECT_NUM")
    return [getattr(cfg, n) for n in names]


def _config_set(ms):
    cfg = _mod(ms, "_extends.parse.compile_config")
    cfg.GRAD_FOR_SCALAR = 1
    try:
        return cfg.GRAD_FOR_SCALAR
    finally:
        cfg.GRAD_FOR_SCALAR = ''


CASES = [
    case("gen_paths/auto_generate/Log", lambda ms, x: _mod(ms, "ops.auto_generate").Log()(x), F32(4, low=0.1)),
    case("gen_paths/auto_generate/attr_access", lambda ms, x: ms.ops.auto_generate.Sqrt()(x), F32(3, low=0.1)),
    case("gen_paths/auto_generate/all_empty", lambda ms: _mod(ms, "ops.auto_generate").__all__),
    case("gen_paths/gen_ops_prim/class_is_ops", lambda ms: [
        getattr(_mod(ms, "ops.auto_generate.gen_ops_prim"), n) is getattr(ms.ops, n)
        for n in ("Log", "MatMul", "ReLU", "Transpose")]),
    case("gen_paths/gen_ops_prim/instance", _instance, F32(3, low=0.1)),
    case("gen_paths/gen_ops_prim/unknown", lambda ms: _mod(ms, "ops.auto_generate.gen_ops_prim").no_such_op,
         error=True),
    case("gen_paths/gen_ops_def/functions", lambda ms, x: [
        getattr(_mod(ms, "ops.auto_generate.gen_ops_def"), n)(x) for n in ("log", "relu", "exp", "sqrt")]
        + [_mod(ms, "ops.auto_generate.gen_ops_def").transpose(x, (1, 0))], F32(2, 3, low=0.1)),
    case("gen_paths/pyboost_inner_prim/import", lambda ms: _mod(ms, "ops.auto_generate.pyboost_inner_prim").__name__
         .split(".", 1)[1]),
    case("gen_paths/compile_config/defaults", _config),
    case("gen_paths/compile_config/set", _config_set),
]


def _family_attr(ms, family, name):
    ops_pkg = importlib.import_module(f"{ms.__name__}.ops.operations")
    return getattr(getattr(ops_pkg, family), name) is getattr(ms.ops, name)


CASES += [
    case(f"gen_paths/operations_attr/{family}.{name}", lambda ms, _f=family, _n=name: _family_attr(ms, _f, _n))
    for family, name in (("array_ops", "MatrixDiagPartV3"), ("random_ops", "ParameterizedTruncatedNormal"),
                         ("math_ops", "MatMul"), ("nn_ops", "ReLU"))
]
