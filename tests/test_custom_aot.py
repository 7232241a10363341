"""``ops.Custom(func_type='aot')`` on CPU (``ops/_custom_aot.py``): a kernel with MindSpore's AOT
signature in a shared library or a C++ source compiled here, its ``Init`` (workspace, attributes
through ``AotExtra``) and ``InferShape`` functions, eager and compiled calls, and the errors."""
import shutil
import textwrap

import numpy as np
import pytest

import mscompat as ms
from mscompat import ops
from mscompat.ops._custom_aot import AOT_EXTRA_HEADER as _HEADER

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")

_KERNEL = r"""
#include <cstring>
#include "extra.h"
class Data : public AotKernelData { public: float scale; float shift; };

extern "C" int ScaleSumInit(int *ndims, int64_t **shapes, const char **dtypes, AotExtra *extra) {
  int64_t n = 1;
  for (int i = 0; i < ndims[0]; i++) n *= shapes[0][i];
  extra->SetWorkSpace({static_cast<size_t>(n) * sizeof(float)});
  Data *d = new Data;
  d->scale = extra->Attr<float>("scale");
  d->shift = extra->Attr<std::vector<float>>("shift")[1];
  extra->SetKernelData(d);
  return 0;
}

extern "C" std::vector<int64_t> ScaleSumInferShape(int *ndims, int64_t **shapes, AotExtra *extra) {
  return {shapes[0][0]};
}

// y[i] = sum_j (x[i, j] * scale) + shift, through a workspace
extern "C" int ScaleSum(int nparam, void **params, int *ndims, int64_t **shapes, const char **dtypes,
                        void *stream, void *extra_void) {
  if (nparam != 2 || std::strcmp(dtypes[0], "float32") != 0) return 3;
  float *x = static_cast<float *>(params[0]);
  float *y = static_cast<float *>(params[1]);
  float *tmp = static_cast<float *>(params[2]);
  Data *d = static_cast<Data *>(static_cast<AotExtra *>(extra_void)->KernelData());
  int64_t rows = shapes[0][0], cols = shapes[0][1];
  for (int64_t k = 0; k < rows * cols; k++) tmp[k] = x[k] * d->scale;
  for (int64_t i = 0; i < rows; i++) {
    y[i] = d->shift;
    for (int64_t j = 0; j < cols; j++) y[i] += tmp[i * cols + j];
  }
  return 0;
}
"""


@pytest.fixture(scope="module")
def kernel_source(tmp_path_factory):
    d = tmp_path_factory.mktemp("aot")
    (d / "extra.h").write_text(_HEADER)
    (d / "scale_sum.cc").write_text(textwrap.dedent(_KERNEL))
    return d / "scale_sum.cc"


def _reg(with_scale_value):
    reg = ops.CustomRegOp("scale_sum").input(0, "x").output(0, "y")
    reg = reg.attr("scale", "required", "float", value=2.0) if with_scale_value else reg.attr("scale", "required",
                                                                                                "float")
    return reg.attr("shift", "required", "all", value=[0.0, 1.5]).target("CPU").get_op_info()


def test_aot_kernel_from_source_eager_and_compiled(kernel_source):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    op = ops.Custom(f"{kernel_source}:ScaleSum", None, ms.float32, "aot", reg_info=_reg(True))
    expect = x.sum(1) * 2.0 + 1.5
    np.testing.assert_allclose(op(ms.Tensor(x)).asnumpy(), expect)       # shape from ScaleSumInferShape
    np.testing.assert_allclose(ms.jit(lambda t: op(t) * 1)(ms.Tensor(x)).asnumpy(), expect)
    # an attribute without a value in the registration takes the call's non-Tensor input
    op2 = ops.Custom(f"{kernel_source}:ScaleSum", ((2,),), (ms.float32,), "aot", reg_info=_reg(False))
    out = op2(ms.Tensor(x), 0.5)
    assert isinstance(out, tuple) and len(out) == 1
    np.testing.assert_allclose(out[0].asnumpy(), x.sum(1) * 0.5 + 1.5)


def test_aot_kernel_errors(kernel_source):
    x = ms.Tensor(np.ones((2, 3), np.int32))
    op = ops.Custom(f"{kernel_source}:ScaleSum", None, ms.float32, "aot", reg_info=_reg(True))
    with pytest.raises(RuntimeError, match="returned 3"):     # the kernel's own check (dtype) failed
        op(x)
    with pytest.raises(RuntimeError, match="'Missing' was not found"):
        ops.Custom(f"{kernel_source}:Missing", ((2,),), (ms.float32,), "aot")(ms.Tensor(np.ones((2, 3), np.float32)))
    with pytest.raises(ValueError, match="file_path:func_name"):
        ops.Custom(str(kernel_source), ((2,),), (ms.float32,), "aot")(ms.Tensor(np.ones((2, 3), np.float32)))
    with pytest.raises(ValueError, match="does not exist"):
        ops.Custom("/nonexistent/k.so:K", ((2,),), (ms.float32,), "aot")(ms.Tensor(np.ones((2, 3), np.float32)))
