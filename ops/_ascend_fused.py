"""The fused mixture-of-experts kernels of MindSpore 2.10 (token routing, dispatch and combine
across expert-parallel ranks, grouped matmul over expert weights, fused top-k of the router),
which MindSpore runs only on Ascend: on the CPU and GPU targets calling one raises the
RuntimeError of an op those targets do not support (``_ascend_only``). Their classes exist
everywhere, with MindSpore's constructor arguments, because model code builds them at
construction time whichever MoE path it later takes."""
from ._ascend_only import _unsupported
from ._registry import primitive

__all__ = []


def _ascend_kernel(prim, *inputs):
    raise _unsupported(prim.name)


for _name in ("MoeFinalizeRouting", "MoeDistributeCombine", "MoeDistributeDispatch", "MoeInitRoutingV2",
              "MoeTokenUnpermute", "FusedAddTopKDiv"):
    primitive(_name, None, call=_ascend_kernel, doc=f"``{_name}``: a fused MoE kernel MindSpore runs on Ascend only.",
              targets_lacking=("CPU", "GPU"))

primitive("GroupedMatmul", None, call=_ascend_kernel,
          attrs=(("split_item", 0), ("group_type", -1), ("transpose_a", False), ("transpose_b", False)),
          doc="``GroupedMatmul``: one matmul per expert group, a fused kernel MindSpore runs on Ascend only.",
          targets_lacking=("CPU", "GPU"))
