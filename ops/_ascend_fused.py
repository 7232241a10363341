"""The fused kernels of MindSpore 2.10's large-model layers that it runs only on Ascend: the
mixture-of-experts kernels (token routing, dispatch and combine across expert-parallel ranks,
grouped matmul over expert weights, fused top-k of the router) and quantization (``QuantV2``,
``DynamicQuantExt``, ``QuantBatchMatmul``, ``GroupedMatmulV4``). On the CPU and GPU targets calling
one raises the RuntimeError of an op those targets have no kernel for, as MindSpore does; the
emulated Ascend device does not implement them either (a RuntimeError that says so). Their classes
exist everywhere, with MindSpore's constructor arguments, because model code builds them at
construction time whichever path (fused or not) it later takes."""
from mscompat.common import dtype as mstype
from mscompat.context import get_context
from ._registry import primitive

__all__ = []


def _ascend_kernel(prim, *inputs):
    target = get_context("device_target")
    if target == "Ascend":
        raise RuntimeError(f"{prim.name}: the emulated Ascend device does not implement this fused kernel "
                           "(docs/ascend_emulation.md); use the unfused layers of the model instead.")
    raise RuntimeError(f"Unsupported op [{prim.name}] on {target}: MindSpore has a kernel for it on Ascend only "
                       f"(on {target} it reports 'The kernel {prim.name} unregistered').")


for _name in ("MoeFinalizeRouting", "MoeDistributeCombine", "MoeDistributeDispatch", "MoeInitRoutingV2",
              "FusedAddTopKDiv"):       # (MoeTokenPermute/MoeTokenUnpermute: ops/_moe_routing.py)
    primitive(_name, None, call=_ascend_kernel, doc=f"``{_name}``: a fused MoE kernel MindSpore runs on Ascend only.",
              targets_lacking=("CPU", "GPU"))

primitive("GroupedMatmul", None, call=_ascend_kernel,
          attrs=(("split_item", 0), ("group_type", -1), ("transpose_a", False), ("transpose_b", False)),
          doc="``GroupedMatmul``: one matmul per expert group, a fused kernel MindSpore runs on Ascend only.",
          targets_lacking=("CPU", "GPU"))

primitive("QuantV2", None, call=_ascend_kernel,
          doc="``QuantV2()(x, scale, offset, sqrt_mode=False, rounding_mode='ROUND', dst_type=int8)``: "
              "per-channel quantization, a kernel MindSpore runs on Ascend only.",
          targets_lacking=("CPU", "GPU"))
primitive("DynamicQuantExt", None, call=_ascend_kernel,
          doc="``DynamicQuantExt()(x, smooth_scales=None)``: per-token int8 quantization, Ascend only.",
          targets_lacking=("CPU", "GPU"))
primitive("GroupedMatmulV4", None, call=_ascend_kernel,
          doc="``GroupedMatmulV4``: grouped matmul with quantization inputs, a fused kernel MindSpore runs on Ascend only.",
          targets_lacking=("CPU", "GPU"))
primitive("QuantBatchMatmul", None, call=_ascend_kernel,
          attrs=(("transpose_x1", False), ("transpose_x2", False), ("dtype", mstype.float16)),
          doc="``QuantBatchMatmul(transpose_x1, transpose_x2, dtype)``: int8 batch matmul with dequantization, "
              "a kernel MindSpore runs on Ascend only.",
          targets_lacking=("CPU", "GPU"))
