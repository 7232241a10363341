"""ops.flash_attention_score / FlashAttentionScore, ops.moe_token_permute / moe_token_unpermute and
nn.MaxPool2dExt (= mint.nn.MaxPool2d).

Oracles: MindSpore 2.10's CPU build has no kernel for the attention and MoE ops; what it does on
CPU (argument-type checks, MoeTokenPermute's shape inference, then a RuntimeError) is compared
here against real MindSpore (oracle "mindspore"). Their values, computed on the emulated Ascend,
are checked against NumPy / PyTorch references in tests/test_attention_moe.py. MaxPool2dExt's
CPU kernel is missing too ("Not found op FuncMaxPool2D on device CPU"): its values are compared
with PyTorch's MaxPool2d (oracle "torch")."""
import numpy as np

from parity_tests.harness import case, F16, F32

_Q = F16(2, 4, 16, seed=60)          # (B, S, H) with H = 2 heads x 8
_QN = F16(2, 2, 4, 8, seed=61)       # (B, N, S, D)
_TOK = F32(4, 8, seed=62)
_IDX = np.array([[0, 2], [1, 3], [2, 0], [1, 1]], np.int32)


def _fa(**kw):
    return lambda ms, q: ms.ops.flash_attention_score(q, q, q, kw.pop("head_num", 2), **kw)


def _moe_p(**kw):
    return lambda ms, t, i: ms.ops.moe_token_permute(t, i, **kw)


CASES = [
    # FlashAttentionScore: MindSpore's CPU build checks types and keep_prob, then has no kernel
    case("flash_attention_score/cpu_no_kernel", _fa(), _Q, error=True),
    case("flash_attention_score/cpu_no_kernel_bnsd", _fa(input_layout="BNSD"), _QN, error=True),
    case("flash_attention_score/cpu_no_kernel_tnd", _fa(input_layout="TND"), _Q, error=True),
    case("flash_attention_score/bad_layout", _fa(input_layout="XYZ"), _Q, error=True),
    case("flash_attention_score/bad_layout_type", _fa(input_layout=1), _Q, error=True),
    case("flash_attention_score/bad_keep_prob", _fa(keep_prob=2.0), _Q, error=True),
    case("flash_attention_score/bad_head_num_type", _fa(head_num=2.0), _Q, error=True),
    case("flash_attention_score/bad_scalar_value_type", _fa(scalar_value=1), _Q, error=True),
    case("flash_attention_score/bad_query_type", lambda ms, q: ms.ops.flash_attention_score(q.asnumpy(), q, q, 2),
         _Q, error=True),
    case("flash_attention_score/bad_mask_type",
         lambda ms, q: ms.ops.flash_attention_score(q, q, q, 2, attn_mask=np.ones((4, 4), np.uint8)), _Q, error=True),
    case("FlashAttentionScore/construct", lambda ms: ms.ops.operations.nn_ops.FlashAttentionScore(
        4, scale_value=0.5, input_layout="BNSD", sparse_mode=2).input_layout),
    case("FlashAttentionScore/cpu_no_kernel",
         lambda ms, q: ms.ops.operations.nn_ops.FlashAttentionScore(2, input_layout="BNSD")(q, q, q), _QN, error=True),
    # MoeTokenPermute: argument parsing and shape inference run on CPU, then no kernel
    case("moe_token_permute/cpu_no_kernel", _moe_p(), _TOK, _IDX, error=True),
    case("moe_token_permute/cpu_no_kernel_1d", _moe_p(num_out_tokens=3), _TOK, _IDX[:, 0], error=True),
    case("moe_token_permute/bad_tokens_type", lambda ms, i: ms.ops.moe_token_permute(_TOK, i), _IDX, error=True),
    case("moe_token_permute/bad_indices_dtype", _moe_p(), _TOK, _IDX.astype(np.float32), error=True),
    case("moe_token_permute/bad_num_out_tokens_type", _moe_p(num_out_tokens=2.0), _TOK, _IDX, error=True),
    case("moe_token_permute/bad_num_out_tokens", _moe_p(num_out_tokens=-1), _TOK, _IDX, error=True),
    case("moe_token_permute/bad_padded_mode_type", _moe_p(padded_mode=1), _TOK, _IDX, error=True),
    case("moe_token_permute/bad_padded_mode", _moe_p(padded_mode=True), _TOK, _IDX, error=True),
    case("moe_token_permute/bad_tokens_rank", _moe_p(), _TOK[0], _IDX, error=True),
    case("moe_token_permute/bad_token_count", _moe_p(), _TOK, _IDX[:3], error=True),
    # MoeTokenUnpermute: argument parsing, then MindSpore's CPU build has neither inference nor kernel
    case("moe_token_unpermute/cpu_no_kernel", lambda ms, t, i: ms.ops.moe_token_unpermute(t, i), _TOK,
         _IDX.reshape(-1)[:4], error=True),
    case("moe_token_unpermute/cpu_no_kernel_probs", lambda ms, t, i, p: ms.ops.moe_token_unpermute(t, i, p),
         F32(8, 8, seed=63), np.arange(8, dtype=np.int32)[::-1].copy(), F32(4, 2, seed=64), error=True),
    case("moe_token_unpermute/bad_tokens_type", lambda ms, i: ms.ops.moe_token_unpermute(_TOK, i),
         _IDX.reshape(-1)[:4], error=True),
    case("moe_token_unpermute/bad_padded_mode_type",
         lambda ms, t, i: ms.ops.moe_token_unpermute(t, i, padded_mode=1), _TOK, _IDX.reshape(-1)[:4], error=True),
]


# --- nn.MaxPool2dExt: MindSpore's mint.nn.MaxPool2d; PyTorch's MaxPool2d is the oracle ------------------------------
def _mp(name, x, *args, **kw):
    return case(name, lambda ms, a: ms.nn.MaxPool2dExt(*args, **kw)(a), x,
                torch_ref=lambda torch, a: torch.nn.MaxPool2d(*args, **kw)(a))


_X = F32(2, 3, 7, 7, seed=65)
CASES += [
    _mp("nn.MaxPool2dExt/k2", _X, 2),
    _mp("nn.MaxPool2dExt/k3_s2_p1", _X, 3, 2, 1),
    _mp("nn.MaxPool2dExt/tuple_ceil", _X, (3, 2), (2, 1), ceil_mode=True),
    _mp("nn.MaxPool2dExt/dilation", _X, 2, 1, 0, 2),
    _mp("nn.MaxPool2dExt/indices", _X, 3, 2, 1, return_indices=True),
    _mp("nn.MaxPool2dExt/unbatched", _X[0], 2),
    case("nn.MaxPool2dExt/grad", lambda ms, x: ms.grad(lambda a: ms.nn.MaxPool2dExt(3, 2)(a).sum())(x), _X,
         torch_ref=lambda torch, x: torch.autograd.grad(torch.nn.MaxPool2d(3, 2)(x.requires_grad_()).sum(), x)[0]),
]
