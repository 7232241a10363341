"""Other primitives: box ops, NoRepeatNGram, loops, index_add, UpdateState, Custom (pyfunc)
and the operator-registration metadata (CustomRegOp, TBERegOp, DataType, ...)."""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, F64, I32, I64

_A = np.array([[0, 0, 4, 2], [1, 1, 3, 3], [2, 0, 5, 6]], np.float32)
_G = np.array([[0, 0, 2, 2], [0, 0, 1, 5]], np.float32)
_BB = np.array([[0, 0, 19, 2], [0, 0, 20, 3], [-1, 0, 2, 2], [0, 0, 2, 39.5], [0, 0, 2, 39]], np.float32)
_META = np.array([20, 10, 2], np.float32)
_SEQ = np.array([[[1, 2, 1, 2, 5, 1, 2], [9, 3, 9, 5, 4, 1, 5]],
                 [[4, 8, 6, 4, 5, 6, 4], [4, 8, 8, 4, 3, 4, 8]]], np.int32)


def _index_add_inplace(ms, x, y):
    out = ms.ops.index_add(x, ms.Tensor(np.array([0, 2], np.int32)), y, 0)
    return [out, x]


def _index_add_param(ms, y):
    p = ms.Parameter(ms.Tensor(np.ones((3, 2), np.float32)), name="p")
    ms.ops.index_add(p, ms.Tensor(np.array([1, 1], np.int32)), y, 0)
    return ms.Tensor(p.asnumpy())


def _custom_add(ms, x, y):
    def add(a, b):
        return a + b
    return ms.ops.Custom(add, out_shape=lambda a, b: a, out_dtype=lambda a, b: a, func_type="pyfunc")(x, y)


def _custom_multi(ms, x):
    def two(a):
        return a, a * 2
    shp = tuple(x.shape)
    return ms.ops.Custom(two, out_shape=(shp, shp), out_dtype=(ms.float32, ms.float32), func_type="pyfunc")(x)


def _custom_attrs(ms):
    def add(a, b):
        return a + b
    c = ms.ops.Custom(add, out_shape=(2,), out_dtype=ms.float32)
    return [c.name, c.func_type, c.attrs["func_name"], c.attrs["func_type"]]


def _tbe(ms):
    reg = (ms.ops.TBERegOp("Foo").fusion_type("ELEMWISE").async_flag(False).binfile_name("foo.so")
           .compute_cost(10).kernel_name("foo").partial_flag(True).attr("a", "required", "int", "all")
           .input(0, "x", False, "required", "all").output(0, "y", False, "required", "all")
           .dtype_format(ms.ops.DataType.F16_Default, ms.ops.DataType.F16_Default)
           .dtype_format(ms.ops.DataType.F32_5HD, ms.ops.DataType.F32_5HD))
    return str(reg.get_op_info())


def _cpu(ms):
    reg = (ms.ops.CpuRegOp("Foo").input(0, "x", "required").output(0, "y", "required").attr("a", "int")
           .dtype_format(ms.ops.DataType.I32_Default, ms.ops.DataType.I32_Default))
    return str(reg.get_op_info())


def _custom_reg(ms):
    reg = (ms.ops.CustomRegOp().input(0, "x").input(1, "y", "optional").output(0, "z")
           .attr("scale", "required", "float", 1.0)
           .dtype_format(ms.ops.DataType.F32_Default, ms.ops.DataType.F32_Default, ms.ops.DataType.F32_Default)
           .target("CPU"))
    return str(reg.get_op_info())


def _info_register(ms):
    def f(a):
        return a + 1
    info = (ms.ops.CpuRegOp("MscompatParityFoo").input(0, "x", "required").output(0, "y", "required")
            .dtype_format(ms.ops.DataType.I32_Default, ms.ops.DataType.I32_Default).get_op_info())
    g = ms.ops.op_info_register(info)(f)
    h = ms.ops.custom_info_register(ms.ops.CustomRegOp().target("CPU").get_op_info())(f)
    return [g(3), h(4), str(h.reg_info)]


def _loop_add(v):
    return v * 2


def _cond(v):
    return v < 10


CASES = [
    case("IOU/iou", lambda ms, a, g: ms.ops.IOU()(a, g), _A, _G),
    case("IOU/iof", lambda ms, a, g: ms.ops.IOU(mode="iof")(a, g), _A, _G),
    case("IOU/float16", lambda ms, a, g: ms.ops.IOU()(a, g), _A.astype(np.float16), _G.astype(np.float16)),
    case("IOU/float64", lambda ms, a, g: ms.ops.IOU()(a, g), _A.astype(np.float64), _G.astype(np.float64)),
    case("IOU/iof_float64", lambda ms, a, g: ms.ops.IOU(mode="iof")(a, g), _A.astype(np.float64),
         _G.astype(np.float64)),
    case("IOU/disjoint", lambda ms: ms.ops.IOU()(ms.Tensor(np.array([[0, 0, 1, 1]], np.float32)),
                                               ms.Tensor(np.array([[5, 5, 6, 6]], np.float32)))),
    case("IOU/bad_mode", lambda ms: ms.ops.IOU(mode="x"), error=True),
    case("IOU/int_input", lambda ms, a, g: ms.ops.IOU()(a, g), _A.astype(np.int32), _G.astype(np.int32), error=True),
    case("IOU/bad_last_dim", lambda ms, a, g: ms.ops.IOU()(a, g), _A[:, :3], _G, error=True),
    case("CheckValid/f32", lambda ms, b, m: ms.ops.CheckValid()(b, m), _BB, _META),
    case("CheckValid/f16", lambda ms, b, m: ms.ops.CheckValid()(b, m), _BB.astype(np.float16), _META.astype(np.float16)),
    case("CheckValid/int32_bad", lambda ms, b, m: ms.ops.CheckValid()(b, m), _BB.astype(np.int32),
         _META.astype(np.int32), error=True),
    case("BoundingBoxEncode/default", lambda ms, a, g: ms.ops.BoundingBoxEncode()(a, g),
         np.array([[0, 0, 2, 2], [1, 1, 3, 3]], np.float32), np.array([[0, 0, 1, 1], [1, 1, 4, 4]], np.float32)),
    case("BoundingBoxEncode/means_stds", lambda ms, a, g: ms.ops.BoundingBoxEncode(
        means=(0.1, 0.2, 0.0, 0.0), stds=(0.5, 1.0, 2.0, 1.0))(a, g),
        np.array([[0, 0, 2, 2], [1, 1, 3, 3]], np.float32), np.array([[0, 0, 1, 1], [1, 1, 4, 4]], np.float32)),
    case("BoundingBoxEncode/int_means", lambda ms: ms.ops.BoundingBoxEncode(means=(0, 0, 0, 0)), error=True),
    case("BoundingBoxEncode/list_means", lambda ms: ms.ops.BoundingBoxEncode(means=[0., 0., 0., 0.]), error=True),
    case("BoundingBoxEncode/three_means", lambda ms: ms.ops.BoundingBoxEncode(means=(0., 0., 0.)), error=True),
    case("BoundingBoxDecode/clip", lambda ms, a, d: ms.ops.BoundingBoxDecode(
        max_shape=(768, 1280), wh_ratio_clip=0.016)(a, d),
        np.array([[4, 1, 2, 1], [2, 2, 2, 3]], np.float32), np.array([[3, 1, 2, 2], [1, 2, 1, 4]], np.float32)),
    case("BoundingBoxDecode/small_max_shape_f16", lambda ms, a, d: ms.ops.BoundingBoxDecode(max_shape=(5, 6))(a, d),
         np.array([[0, 0, 2, 2]], np.float16), np.array([[1, 1, 0.5, 0.5]], np.float16)),
    case("BoundingBoxDecode/means_stds", lambda ms, a, d: ms.ops.BoundingBoxDecode(
        max_shape=(100, 100), means=(0.1, 0.0, 0.2, 0.0), stds=(1.0, 2.0, 0.5, 1.0))(a, d),
        np.array([[10, 10, 30, 40], [5, 5, 8, 9]], np.float32), F32(2, 4, low=-0.5, high=0.5)),
    case("BoundingBoxDecode/int_clip", lambda ms: ms.ops.BoundingBoxDecode(max_shape=(7, 8), wh_ratio_clip=1),
         error=True),
    case("NoRepeatNGram/ngram3", lambda ms, s, lp: ms.ops.NoRepeatNGram(ngram_size=3)(s, lp), _SEQ, F32(2, 2, 10)),
    case("NoRepeatNGram/ngram2", lambda ms, s, lp: ms.ops.NoRepeatNGram(ngram_size=2)(s, lp), _SEQ, F32(2, 2, 10)),
    case("NoRepeatNGram/ngram1", lambda ms, s, lp: ms.ops.NoRepeatNGram(ngram_size=1)(s, lp), _SEQ, F32(2, 2, 10)),
    case("WhileLoop/python_int", lambda ms: ms.ops.WhileLoop()(_cond, _loop_add, 1)),
    case("WhileLoop/tensor_tuple", lambda ms: ms.ops.WhileLoop()(lambda v: v[0] < 10, lambda v: (v[0] * 2, v[1] + 1),
                                                                 (ms.Tensor(1), ms.Tensor(0)))),
    case("WhileLoop/builtin_cond", lambda ms: ms.ops.WhileLoop()(len, _loop_add, 1), error=True),
    case("WhileLoop/loop_error", lambda ms: ms.ops.WhileLoop()(_cond, lambda v: v + "a", 1), error=True),
    case("ForiLoop/tensor", lambda ms: ms.ops.ForiLoop()(0, 4, lambda i, v: v + i, ms.Tensor(1.0))),
    case("ForiLoop/tensor_bounds", lambda ms: ms.ops.ForiLoop()(ms.Tensor(0), ms.Tensor(3), lambda i, v: v + i, 1)),
    case("ForiLoop/float_bound", lambda ms: ms.ops.ForiLoop()(0.5, 3, lambda i, v: v + i, 1), error=True),
    case("Scan/list", lambda ms: ms.ops.Scan()(lambda c, x: (c + x, c * x), ms.Tensor(0.),
                                               [ms.Tensor(1.), ms.Tensor(2.), ms.Tensor(3.)])),
    case("Scan/empty", lambda ms: ms.ops.Scan()(lambda c, x: (c + x, c), ms.Tensor(1.), [])),
    case("index_add/inplace_tensor", _index_add_inplace, F32(3, 2), F32(2, 2)),
    case("index_add/axis1_neg", lambda ms, x, y: ms.ops.index_add(x, ms.Tensor(np.array([1], np.int32)), y, -1),
         F32(3, 2), F32(3, 1)),
    case("index_add/int32_duplicates", lambda ms, x, y: ms.ops.index_add(
        x, ms.Tensor(np.array([0, 0], np.int32)), y, 0), I32(3, 2), I32(2, 2)),
    case("index_add/parameter_dup", _index_add_param, F32(2, 2)),
    case("index_add/f16_y", lambda ms, x, y: ms.ops.index_add(x, ms.Tensor(np.array([0], np.int32)), y, 0),
         F32(3, 2), F16(1, 2)),
    case("index_add/int64_indices", lambda ms, x, y: ms.ops.index_add(
        x, ms.Tensor(np.array([0]), ms.int64), y, 0), F32(3, 2), F32(1, 2), error=True),
    case("index_add/size_mismatch", lambda ms, x, y: ms.ops.index_add(
        x, ms.Tensor(np.array([0], np.int32)), y, 0), F32(3, 2), F32(2, 2), error=True),
    case("index_add/bad_axis", lambda ms, x, y: ms.ops.index_add(
        x, ms.Tensor(np.array([0], np.int32)), y, 2), F32(3, 2), F32(1, 2), error=True),
    case("UpdateState/first", lambda ms: ms.ops.UpdateState()(1, 2)),
    case("Custom/pyfunc_infer_fns", _custom_add, F32(2, 3), F32(2, 3)),
    case("Custom/pyfunc_multi_output", _custom_multi, F32(4)),
    case("Custom/attrs", _custom_attrs),
    case("Custom/bad_func_type", lambda ms: ms.ops.Custom(len, out_shape=(2,), out_dtype=ms.float32,
                                                          func_type="foo"), error=True),
    case("Custom/bad_func", lambda ms: ms.ops.Custom(3, out_shape=(2,), out_dtype=ms.float32), error=True),
    case("TBERegOp/op_info", _tbe),
    case("CpuRegOp/op_info", _cpu),
    case("CustomRegOp/op_info", _custom_reg),
    case("AiCPURegOp/op_info", lambda ms: str(ms.ops.AiCPURegOp("Foo").get_op_info())),
    case("AkgGpuRegOp/op_info", lambda ms: str(ms.ops.AkgGpuRegOp("Foo").input(0, "x").output(0, "y")
                                               .attr("a", "required", "int").get_op_info())),
    case("AkgAscendRegOp/op_info", lambda ms: str(ms.ops.AkgAscendRegOp("Foo").get_op_info())),
    case("CustomRegOp/dtype_format_count", lambda ms: ms.ops.CustomRegOp().input(0, "x").dtype_format(
        ms.ops.DataType.F32_Default, ms.ops.DataType.F32_Default), error=True),
    case("CustomRegOp/bad_index", lambda ms: ms.ops.CustomRegOp().input("a", "x"), error=True),
    case("CustomRegOp/bad_name", lambda ms: ms.ops.CustomRegOp(3), error=True),
    case("TBERegOp/bad_value_depend", lambda ms: ms.ops.TBERegOp("Foo").input(0, "x", value_depend="x"), error=True),
    case("DataType/values", lambda ms: [ms.ops.DataType.F16_5HD, ms.ops.DataType.None_None,
                                        ms.ops.DataType.BOOL_FracNZ, ms.ops.DataType.C64_Default,
                                        ms.ops.DataType.F32_Default_Tuple, ms.ops.DataType.I8_NC1HWC0]),
    case("op_info_register/decorators", _info_register),
    case("op_info_register/bad_info", lambda ms: ms.ops.op_info_register(3)(len), error=True),
]
