"""Activations, dense/bias_add, L2Normalize, OneHot, dropout, normalization layers, flips."""
import numpy as np

from parity_tests.harness import case, Raw, F32, F16, F64, I32, I64, BOOL

X = F32(2, 3, 4)


def _params(ms, mean, var):
    return (ms.Parameter(ms.Tensor(mean), name="mm"), ms.Parameter(ms.Tensor(var), name="mv"))


def _bn_prim_train(ms, x, g, b, mean, var):
    pm, pv = _params(ms, mean, var)
    out = ms.ops.BatchNorm(is_training=True, momentum=0.3, epsilon=1e-3)(x, g, b, pm, pv)
    return out[0], out[3], out[4], ms.Tensor(pm.asnumpy()), ms.Tensor(pv.asnumpy())


def _dropout_stat(ms, x):
    out = ms.ops.dropout(x, p=0.5)
    a = out.asnumpy()
    return bool(np.all((a == 0) | np.isclose(a, 2 * x.asnumpy())))


def _dropout2d_stat(ms, x):
    out = ms.ops.dropout2d(x, p=0.5).asnumpy()
    flat = out.reshape(out.shape[0] * out.shape[1], -1)
    return bool(np.all([np.all(r == 0) or np.allclose(r, 2.0) for r in flat]))


def _dropout_prim_stat(ms, x):
    out, mask = ms.ops.Dropout(keep_prob=0.25)(x)
    return mask.dtype, bool(np.allclose(out.asnumpy(), x.asnumpy() * mask.asnumpy() * 4))


CASES = [
    # ReLU family
    case("relu/f32", lambda ms, x: ms.ops.relu(x), X),
    case("relu/i32", lambda ms, x: ms.ops.relu(x), I32(3, 4)),
    case("relu/f16", lambda ms, x: ms.ops.relu(x), F16(5)),
    case("relu/bad_list", lambda ms: ms.ops.relu([1.0, -2.0]), error=True),
    case("ReLU/prim", lambda ms, x: ms.ops.ReLU()(x), F32(3, 3)),
    case("relu6/f32", lambda ms, x: ms.ops.relu6(x * 4), F32(10)),
    case("relu6/bad_i32", lambda ms, x: ms.ops.relu6(x), I32(3), error=True),
    case("ReLU6/prim_f16", lambda ms, x: ms.ops.ReLU6()(x * 4), F16(6)),
    case("leaky_relu/f32", lambda ms, x: ms.ops.leaky_relu(x, 0.1), F32(6)),
    case("leaky_relu/i32", lambda ms: ms.ops.leaky_relu(ms.Tensor(np.array([-3, -2, 0, 5], np.int32)), 0.5)),
    case("leaky_relu/bad_list", lambda ms: ms.ops.leaky_relu([1.0]), error=True),
    case("hardtanh/f32", lambda ms, x: ms.ops.hardtanh(x, -0.5, 0.7), F32(8)),
    case("hardtanh/i32", lambda ms, x: ms.ops.hardtanh(x, -2, 3), I32(8)),
    case("threshold/f32", lambda ms, x: ms.ops.threshold(x, 0.3, 9.0), F32(8)),
    case("threshold/i32", lambda ms, x: ms.ops.threshold(x, 1, 9), I32(8)),
    case("threshold/i32_float_args", lambda ms, x: ms.ops.threshold(x, 0.5, 9.5), I32(8)),
    case("hardtanh/i32_float_args", lambda ms, x: ms.ops.hardtanh(x, -2.5, 3.5), I32(8)),
    case("prelu/scalar_w", lambda ms, x, w: ms.ops.prelu(x, w), F32(2, 3), F32(1)),
    case("prelu/channel_w", lambda ms, x, w: ms.ops.prelu(x, w), F32(2, 3, 4), F32(3)),
    case("prelu/bad_channels", lambda ms, x, w: ms.ops.prelu(x, w), F32(2, 3), F32(2), error=True),
    case("prelu/bad_i32", lambda ms: ms.ops.prelu(ms.Tensor(np.ones(3, np.int32)), ms.Tensor(np.ones(1, np.int32))),
         error=True),
    case("PReLU/prim", lambda ms, x, w: ms.ops.PReLU()(x, w), F32(2, 3, 2), F32(3)),
    # sigmoid family
    case("sigmoid/f32", lambda ms, x: ms.ops.sigmoid(x), X),
    case("sigmoid/f64", lambda ms, x: ms.ops.sigmoid(x), F64(5)),
    case("sigmoid/f16", lambda ms, x: ms.ops.sigmoid(x), F16(5)),
    case("sigmoid/bad_i32", lambda ms, x: ms.ops.sigmoid(x), I32(3), error=True),
    case("sigmoid/bad_list", lambda ms: ms.ops.sigmoid([1.0]), error=True),
    case("Sigmoid/prim", lambda ms, x: ms.ops.Sigmoid()(x), F32(3, 2)),
    case("Sigmoid/prim_bad_bool", lambda ms, x: ms.ops.Sigmoid()(x), BOOL(3), error=True),
    case("logsigmoid/f32", lambda ms, x: ms.ops.logsigmoid(x), F32(6)),
    case("silu/f32", lambda ms, x: ms.ops.silu(x), F32(6)),
    case("silu/bad_i32", lambda ms, x: ms.ops.silu(x), I32(6), error=True),
    case("hardsigmoid/f32", lambda ms, x: ms.ops.hardsigmoid(x * 2), F32(8)),
    case("hardsigmoid/i32", lambda ms, x: ms.ops.hardsigmoid(x), I32(8)),
    case("HSigmoid/prim", lambda ms, x: ms.ops.HSigmoid()(x * 2), F32(8)),
    case("hardswish/f32", lambda ms, x: ms.ops.hardswish(x * 2), F32(8)),
    case("hardswish/i32", lambda ms, x: ms.ops.hardswish(x), I32(8)),
    case("HSwish/prim", lambda ms, x: ms.ops.HSwish()(x * 2), F32(8)),
    # softmax family
    case("softmax/f32", lambda ms, x: ms.ops.softmax(x), X),
    case("softmax/axis0", lambda ms, x: ms.ops.softmax(x, axis=0), F32(3, 4)),
    case("softmax/f64", lambda ms, x: ms.ops.softmax(x, 1), F64(2, 3)),
    case("softmax/dtype_kw", lambda ms, x: ms.ops.softmax(x, dtype=ms.float16), F32(2, 3)),
    case("softmax/bad_i32", lambda ms, x: ms.ops.softmax(x), I32(3), error=True),
    case("softmax/bad_axis", lambda ms, x: ms.ops.softmax(x, axis=2), F32(2, 3), error=True),
    case("softmax/bad_tuple_axis", lambda ms, x: ms.ops.softmax(x, axis=(0,)), F32(2, 3), error=True),
    case("Softmax/prim", lambda ms, x: ms.ops.Softmax()(x), F32(2, 5)),
    case("Softmax/prim_tuple_axis", lambda ms, x: ms.ops.Softmax(axis=(0,))(x), F32(3, 2)),
    case("Softmax/prim_f16", lambda ms, x: ms.ops.Softmax(axis=1)(x), F16(2, 4)),
    case("softmin/f32", lambda ms, x: ms.ops.softmin(x), F32(2, 4)),
    case("log_softmax/f32", lambda ms, x: ms.ops.log_softmax(x), X),
    case("log_softmax/axis0", lambda ms, x: ms.ops.log_softmax(x, 0), F32(3, 2)),
    case("log_softmax/bad_axis", lambda ms, x: ms.ops.log_softmax(x, 3), F32(3, 2), error=True),
    case("LogSoftmax/prim_f16", lambda ms, x: ms.ops.LogSoftmax()(x), F16(2, 4)),
    # GeLU and smooth activations
    case("gelu/erf", lambda ms, x: ms.ops.gelu(x), X),
    case("gelu/tanh", lambda ms, x: ms.ops.gelu(x, approximate="tanh"), F32(7)),
    case("gelu/f64", lambda ms, x: ms.ops.gelu(x), F64(5)),
    case("gelu/bad_mode", lambda ms, x: ms.ops.gelu(x, approximate="fast"), F32(3), error=True),
    case("gelu/bad_i32", lambda ms, x: ms.ops.gelu(x), I32(3), error=True),
    case("GeLU/prim", lambda ms, x: ms.ops.GeLU()(x), F32(7)),
    case("fast_gelu/f32", lambda ms, x: ms.ops.fast_gelu(x), F32(7)),
    case("FastGeLU/prim_f16", lambda ms, x: ms.ops.FastGeLU()(x), F16(7)),
    case("fast_gelu/bad_f64", lambda ms, x: ms.ops.fast_gelu(x), F64(3), error=True),
    case("elu/f32", lambda ms, x: ms.ops.elu(x), F32(7)),
    case("elu/bad_alpha", lambda ms, x: ms.ops.elu(x, alpha=2.0), F32(3), error=True),
    case("Elu/prim_f64", lambda ms, x: ms.ops.Elu()(x), F64(5)),
    case("celu/alpha2", lambda ms, x: ms.ops.celu(x, alpha=2.0), F32(7)),
    case("celu/bad_alpha0", lambda ms, x: ms.ops.celu(x, alpha=0.0), F32(3), error=True),
    case("CeLU/prim", lambda ms, x: ms.ops.CeLU(1.5)(x), F32(5)),
    case("selu/f32", lambda ms, x: ms.ops.selu(x), F32(7)),
    case("SeLU/prim_f16", lambda ms, x: ms.ops.SeLU()(x), F16(5)),
    case("hardshrink/f32", lambda ms, x: ms.ops.hardshrink(x, 0.7), F32(8)),
    case("hardshrink/bad_f64", lambda ms, x: ms.ops.hardshrink(x), F64(3), error=True),
    case("HShrink/prim", lambda ms, x: ms.ops.HShrink(lambd=1.0)(x), F32(8)),
    case("softshrink/f32", lambda ms, x: ms.ops.softshrink(x, 0.3), F32(8)),
    case("softshrink/bad_lambd", lambda ms, x: ms.ops.softshrink(x, -1.0), F32(3), error=True),
    case("SoftShrink/prim", lambda ms, x: ms.ops.SoftShrink()(x), F32(8)),
    case("softplus/f32", lambda ms, x: ms.ops.softplus(x), F32(8)),
    case("softplus/beta_threshold", lambda ms, x: ms.ops.softplus(x * 3, beta=2, threshold=3), F32(8)),
    case("softplus/bad_i32", lambda ms, x: ms.ops.softplus(x), I32(3), error=True),
    # MindSpore's CPU Softplus kernel is only ~1e-7 accurate in float64
    case("Softplus/prim_f64", lambda ms, x: ms.ops.Softplus()(x), F64(5), rtol=1e-6, atol=1e-7),
    case("softsign/f32", lambda ms, x: ms.ops.softsign(x), F32(8)),
    case("Softsign/prim_f16", lambda ms, x: ms.ops.Softsign()(x), F16(5)),
    case("mish/f32", lambda ms, x: ms.ops.mish(x), F32(8)),
    case("Mish/prim_bad_i32", lambda ms, x: ms.ops.Mish()(x), I32(3), error=True),
    case("glu/f32", lambda ms, x: ms.ops.glu(x), F32(2, 4)),
    case("glu/axis0", lambda ms, x: ms.ops.glu(x, axis=0), F32(4, 3)),
    case("glu/bad_odd", lambda ms, x: ms.ops.glu(x), F32(2, 3), error=True),
    case("GLU/prim", lambda ms, x: ms.ops.GLU(axis=1)(x), F32(2, 6)),
    case("GLU/prim_bad_odd", lambda ms, x: ms.ops.GLU()(x), F32(2, 3), error=True),
    # dense / bias_add / L2Normalize / OneHot
    case("dense/bias", lambda ms, x, w, b: ms.ops.dense(x, w, b), F32(2, 3), F32(4, 3), F32(4)),
    case("dense/no_bias_3d", lambda ms, x, w: ms.ops.dense(x, w), F32(2, 5, 3), F32(4, 3)),
    case("dense/1d_weight", lambda ms, x, w: ms.ops.dense(x, w), F32(2, 3), F32(3)),
    case("dense/i32", lambda ms, x, w: ms.ops.dense(x, w), I32(2, 3), I32(4, 3)),
    case("dense/bad_shape", lambda ms, x, w: ms.ops.dense(x, w), F32(2, 3), F32(4, 2), error=True),
    case("dense/bad_dtype_mix", lambda ms, x, w: ms.ops.dense(x, w), F32(2, 3), F16(4, 3), error=True),
    case("Dense/prim", lambda ms, x, w: ms.ops.Dense()(x, w), F32(2, 3), F32(4, 3)),
    case("bias_add/nchw", lambda ms, x, b: ms.ops.bias_add(x, b), F32(2, 3, 4), F32(3)),
    case("bias_add/i32", lambda ms, x, b: ms.ops.bias_add(x, b), I32(2, 3), I32(3)),
    case("BiasAdd/nhwc", lambda ms, x, b: ms.ops.BiasAdd(data_format="NHWC")(x, b), F32(2, 3, 4), F32(4)),
    case("BiasAdd/bad_shape", lambda ms, x, b: ms.ops.BiasAdd()(x, b), F32(2, 3, 2), F32(2), error=True),
    case("BiasAdd/bad_rank", lambda ms, x, b: ms.ops.BiasAdd()(x, b), F32(3), F32(3), error=True),
    case("BiasAdd/bad_dtype", lambda ms, x, b: ms.ops.BiasAdd()(x, b), F32(2, 3), F16(3), error=True),
    case("L2Normalize/default", lambda ms, x: ms.ops.L2Normalize()(x), F32(3, 4)),
    case("L2Normalize/axis1", lambda ms, x: ms.ops.L2Normalize(axis=1)(x), F32(3, 4)),
    case("L2Normalize/axis_tuple_eps", lambda ms, x: ms.ops.L2Normalize(axis=(-1,), epsilon=1e-12)(x), F32(2, 3, 4)),
    case("L2Normalize/small_eps_dominates", lambda ms, x: ms.ops.L2Normalize(axis=-1, epsilon=10.0)(x * 0.1),
         F32(2, 3)),
    case("L2Normalize/f16", lambda ms, x: ms.ops.L2Normalize(axis=1)(x), F16(2, 3)),
    case("L2Normalize/bad_i32", lambda ms, x: ms.ops.L2Normalize()(x), I32(2, 3), error=True),
    case("L2Normalize/bad_axis_range", lambda ms, x: ms.ops.L2Normalize(axis=5)(x), F32(2, 3), error=True),
    case("L2Normalize/bad_axis_type", lambda ms: ms.ops.L2Normalize(axis=1.0), error=True),
    case("OneHot/f32", lambda ms: ms.ops.OneHot()(ms.Tensor(np.array([0, 2, 1], np.int32)), 3,
                                                  ms.Tensor(1.0, ms.float32), ms.Tensor(0.0, ms.float32))),
    case("OneHot/axis0_i64_oob", lambda ms: ms.ops.OneHot(axis=0)(
        ms.Tensor(np.array([0, 2, -1, 5], np.int64)), 3, ms.Tensor(5, ms.int32), ms.Tensor(-1, ms.int32))),
    case("OneHot/2d", lambda ms: ms.ops.OneHot()(ms.Tensor(np.array([[0, 1], [3, 2]], np.int32)), 4,
                                                 ms.Tensor(2.0, ms.float16), ms.Tensor(0.5, ms.float16))),
    case("OneHot/bad_float_indices", lambda ms: ms.ops.OneHot()(ms.Tensor(np.array([0.0, 1.0], np.float32)), 3,
                                                                ms.Tensor(1.0), ms.Tensor(0.0)), error=True),
    case("OneHot/bad_mixed_on_off", lambda ms: ms.ops.OneHot()(ms.Tensor(np.array([0, 1], np.int32)), 3,
                                                               ms.Tensor(1.0), ms.Tensor(0, ms.int32)), error=True),
    case("OneHot/bad_depth", lambda ms: ms.ops.OneHot()(ms.Tensor(np.array([0, 1], np.int32)), -1,
                                                        ms.Tensor(1.0), ms.Tensor(0.0)), error=True),
    # dropout (random: seed-independent properties)
    case("dropout/values_are_0_or_scaled", _dropout_stat, F32(4, 5, low=0.5, high=1.0)),
    case("dropout/shape_dtype", lambda ms, x: ms.ops.dropout(x, p=0.3), F32(3, 4), check_values=False),
    case("dropout/eval_identity", lambda ms, x: ms.ops.dropout(x, p=0.5, training=False), F32(3, 4)),
    case("dropout/p0_identity", lambda ms, x: ms.ops.dropout(x, p=0.0), F32(3, 4)),
    case("dropout/bad_p1", lambda ms, x: ms.ops.dropout(x, p=1.0), F32(3), error=True),
    case("dropout/bad_i32", lambda ms, x: ms.ops.dropout(x), I32(3), error=True),
    case("Dropout/prim_mask", _dropout_prim_stat, F32(4, 4)),
    case("dropout1d/channels", lambda ms: ms.ops.dropout1d(ms.Tensor(np.ones((2, 3, 4), np.float32)), 0.5).shape),
    case("dropout1d/2d_input", lambda ms: ms.ops.dropout1d(ms.Tensor(np.ones((3, 4), np.float32)), 0.5),
         check_values=False),
    case("dropout1d/bad_4d", lambda ms: ms.ops.dropout1d(ms.Tensor(np.ones((2, 3, 4, 5), np.float32))), error=True),
    case("dropout1d/bad_p", lambda ms: ms.ops.dropout1d(ms.Tensor(np.ones((2, 3), np.float32)), 1.5), error=True),
    case("dropout2d/whole_channels", _dropout2d_stat, F32(3, 4, 5, 5, low=1.0, high=1.0)),
    case("dropout2d/bad_rank", lambda ms: ms.ops.dropout2d(ms.Tensor(np.ones((3, 4, 4), np.float32))), error=True),
    case("dropout3d/shape", lambda ms: ms.ops.dropout3d(ms.Tensor(np.ones((2, 3, 2, 2, 2), np.float32))),
         check_values=False),
    case("Dropout2D/prim", lambda ms: ms.ops.Dropout2D(0.5)(ms.Tensor(np.ones((2, 3, 4, 4), np.float32))),
         check_values=False),
    case("Dropout3D/prim_keep1", lambda ms, x: ms.ops.Dropout3D(1.0)(x), F32(2, 3, 2, 2, 2)),
    # normalization
    case("batch_norm/eval", lambda ms, x, g, b, m, v: ms.ops.batch_norm(x, m, v, g, b),
         F32(2, 3, 2, 2), F32(3), F32(3), F32(3), F32(3, low=0.5, high=2.0)),
    case("batch_norm/eval_2d", lambda ms, x, g, b, m, v: ms.ops.batch_norm(x, m, v, g, b, eps=1e-3),
         F32(4, 3), F32(3), F32(3), F32(3), F32(3, low=0.5, high=2.0)),
    case("batch_norm/train_updates_params", lambda ms, x, g, b, m, v: (lambda pm, pv: (
        ms.ops.batch_norm(x, pm, pv, g, b, training=True, momentum=0.2), pm * 1, pv * 1))(
        *_params(ms, m.asnumpy(), v.asnumpy())),
         F32(2, 3, 2, 2), F32(3), F32(3), F32(3), F32(3, low=0.5, high=2.0), rtol=1e-4, atol=1e-5),
    case("BatchNorm/prim_train", _bn_prim_train,
         F32(4, 2, 3), F32(2), F32(2), F32(2), F32(2, low=0.5, high=2.0), rtol=1e-4, atol=1e-5),
    case("BatchNorm/prim_eval", lambda ms, x, g, b, m, v: ms.ops.BatchNorm()(x, g, b, m, v)[0],
         F32(2, 3, 2, 2), F32(3), F32(3), F32(3), F32(3, low=0.5, high=2.0)),
    case("batch_norm/bad_size", lambda ms, x, g, b, m, v: ms.ops.batch_norm(x, m, v, g, b),
         F32(2, 3, 2, 2), F32(3), F32(3), F32(2), F32(3), error=True),
    case("batch_norm/bad_i32", lambda ms, x, g, b, m, v: ms.ops.batch_norm(x, m, v, g, b),
         I32(2, 3), F32(3), F32(3), F32(3), F32(3), error=True),
    case("LayerNorm/prim", lambda ms, x, g, b: ms.ops.LayerNorm()(x, g, b), F32(2, 3, 4), F32(3, 4), F32(3, 4),
         rtol=1e-4, atol=1e-5),
    case("LayerNorm/prim_last_axis", lambda ms, x, g, b: ms.ops.LayerNorm(-1, -1, 1e-5)(x, g, b),
         F32(2, 3, 4), F32(4), F32(4), rtol=1e-4, atol=1e-5),
    case("LayerNorm/bad_gamma", lambda ms, x, g, b: ms.ops.LayerNorm()(x, g, b), F32(2, 3, 4), F32(4), F32(4),
         error=True),
    case("layer_norm/bad_shape", lambda ms, x: ms.ops.layer_norm(x, (3,)), F32(2, 3, 4), error=True),
    case("group_norm/plain", lambda ms, x: ms.ops.group_norm(x, 2), F32(2, 4, 3), rtol=1e-4, atol=1e-5),
    case("group_norm/affine", lambda ms, x, w, b: ms.ops.group_norm(x, 2, w, b), F32(2, 4, 3, 2), F32(4), F32(4),
         rtol=1e-4, atol=1e-5),
    case("group_norm/bad_groups", lambda ms, x: ms.ops.group_norm(x, 3), F32(2, 4, 3), error=True),
    case("lrn/default", lambda ms, x: ms.ops.lrn(x, depth_radius=1), F32(2, 4, 2, 2), rtol=1e-4, atol=1e-5),
    case("LRN/prim", lambda ms, x: ms.ops.LRN(2, 2.0, 0.5, 0.75)(x), F32(1, 5, 2, 3), rtol=1e-4, atol=1e-5),
    case("lrn/bad_rank", lambda ms, x: ms.ops.lrn(x), F32(2, 3), error=True),
    # flips, sorting, misc
    case("flip/two_dims", lambda ms, x: ms.ops.flip(x, (0, 1)), F32(2, 3)),
    case("flip/neg_dim_i32", lambda ms, x: ms.ops.flip(x, [-1]), I32(2, 3, 2)),
    case("flip/bad_dim", lambda ms, x: ms.ops.flip(x, (2,)), I32(2, 3), error=True),
    case("flip/bad_int_dims", lambda ms, x: ms.ops.flip(x, 1), I32(2, 3), error=True),
    case("fliplr/i32", lambda ms, x: ms.ops.fliplr(x), I32(2, 3)),
    case("fliplr/bad_1d", lambda ms, x: ms.ops.fliplr(x), I32(3), error=True),
    case("flipud/f32", lambda ms, x: ms.ops.flipud(x), F32(3, 2)),
    case("msort/f32", lambda ms, x: ms.ops.msort(x), F32(4, 3)),
    case("is_floating_point/f32", lambda ms, x: ms.ops.is_floating_point(x), F32(2)),
    case("is_floating_point/i32", lambda ms, x: ms.ops.is_floating_point(x), I32(2)),
    case("NthElement/default", lambda ms, x: ms.ops.NthElement()(x, 1), F32(3, 5)),
    case("NthElement/reverse", lambda ms, x: ms.ops.NthElement(reverse=True)(x, 0), F32(2, 4)),
    case("NthElement/bad_n", lambda ms, x: ms.ops.NthElement()(x, 3), F32(2, 3), error=True),
    case("intopk/k2", lambda ms, x: ms.ops.intopk(x, ms.Tensor(np.array([1, 0, 3], np.int32)), 2), F32(3, 4)),
    case("InTopK/prim", lambda ms, x: ms.ops.InTopK(1)(x, ms.Tensor(np.array([2, 0], np.int64))), F32(2, 3)),
    case("intopk/bad_f64", lambda ms, x: ms.ops.intopk(x, ms.Tensor(np.array([1, 0], np.int32)), 2), F64(2, 3),
         error=True),
    case("Meshgrid/xy", lambda ms, a, b: ms.ops.Meshgrid()((a, b)), I32(3), I32(2)),
    case("Meshgrid/ij", lambda ms, a, b, c: ms.ops.Meshgrid(indexing="ij")((a, b, c)), F32(3), F32(2), F32(4)),
    case("channel_shuffle/i32", lambda ms, x: ms.ops.channel_shuffle(x, 2), I32(1, 4, 2, 3)),
    case("ChannelShuffle/prim", lambda ms, x: ms.ops.ChannelShuffle(3)(x), F32(2, 6, 2, 1)),
    case("ChannelShuffle/bad_3d", lambda ms, x: ms.ops.ChannelShuffle(3)(x), F32(2, 6, 2), error=True),
    case("channel_shuffle/bad_groups", lambda ms, x: ms.ops.channel_shuffle(x, 3), I32(1, 4, 2, 3), error=True),
    case("pixel_shuffle/i32", lambda ms, x: ms.ops.pixel_shuffle(x, 2), I32(1, 8, 2, 3)),
    case("pixel_shuffle/3d_input", lambda ms, x: ms.ops.pixel_shuffle(x, 3), F32(9, 2, 2)),
    case("pixel_shuffle/bad_channels", lambda ms, x: ms.ops.pixel_shuffle(x, 2), I32(1, 3, 2, 2), error=True),
    case("pixel_unshuffle/i32", lambda ms, x: ms.ops.pixel_unshuffle(x, 2), I32(2, 2, 4, 6)),
    case("rrelu/shape_and_positive_part", lambda ms, x: ms.ops.relu(ms.ops.rrelu(x)), F32(3, 4)),
]
