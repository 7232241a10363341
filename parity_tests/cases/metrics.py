"""Metrics (mindspore.train.metrics): several ``update`` calls then ``eval`` for every metric and its
options, with the result's Python/numpy type name, inputs as Tensor / ndarray / list, ``indexes``,
the name factory, and bad inputs (same exception class)."""
import numpy as np

from parity_tests.harness import case, Raw, rand

# deterministic data (numpy's legacy RandomState stream is the same on numpy 1.x and 2.x)
P1 = rand(6, 4, seed=1)                      # class scores, batch 1
P2 = rand(5, 4, seed=2)                      # class scores, batch 2
Y1 = np.array([0, 3, 1, 1, 2, 0], np.int32)
Y2 = np.array([2, 1, 3, 0, 3], np.int32)
OH2 = np.eye(4, dtype=np.float32)[Y2]        # one-hot labels
ML_P = (rand(4, 3, seed=3) > 0).astype(np.float32)   # multilabel 0/1
ML_Y = (rand(4, 3, seed=4) > 0).astype(np.float32)
ML_P2 = (rand(2, 3, 2, seed=5) > 0).astype(np.int32)  # multilabel with an extra axis
ML_Y2 = (rand(2, 3, 2, seed=6) > 0).astype(np.int32)
R1 = rand(3, 4, seed=7)
R2 = rand(3, 4, seed=8)
T1 = rand(2, 5, seed=9)
T2 = rand(4, 5, seed=10)


def _typed(v):
    """A result and its exact type name (np.float64 vs float vs ndarray ...)."""
    if isinstance(v, (list, tuple)):
        return [_typed(x) for x in v]
    return [v, type(v).__name__, str(getattr(v, "dtype", ""))]


def _run(build, *batches, call_eval=lambda m: m.eval(), conv=None):
    """Build a metric, clear, feed every batch (a tuple of update inputs), eval."""
    def fn(ms):
        m = build(ms)
        m.clear()
        for b in batches:
            m.update(*[conv(ms, x) if conv else _to(ms, x) for x in b])
        return _typed(call_eval(m))
    return fn


def _to(ms, x):
    """ndarray -> Tensor; Raw(v) -> v unchanged (ndarray/list inputs)."""
    if isinstance(x, Raw):
        return x.value
    if isinstance(x, np.ndarray):
        return ms.Tensor(x)
    return x


def _M(name):
    return lambda ms: getattr(ms.train, name)


CASES = []


def add(name, fn, error=False, **kw):
    CASES.append(case(name, fn, error=error, **kw))


# --- Accuracy -----------------------------------------------------------------------------------
add("Accuracy/classification", _run(lambda ms: ms.train.Accuracy(), (P1, Y1), (P2, Y2)))
add("Accuracy/onehot_labels", _run(lambda ms: ms.train.Accuracy("classification"), (P2, OH2), (P1, Y1)))
add("Accuracy/ndarray_inputs", _run(lambda ms: ms.train.Accuracy(), (Raw(P1), Raw(Y1))))
add("Accuracy/list_inputs", _run(lambda ms: ms.train.Accuracy(), (Raw(P1.tolist()), Raw(Y1.tolist()))))
add("Accuracy/multilabel", _run(lambda ms: ms.train.Accuracy("multilabel"), (ML_P, ML_Y), (ML_Y, ML_Y)))
add("Accuracy/multilabel_3d", _run(lambda ms: ms.train.Accuracy("multilabel"), (ML_P2, ML_Y2)))
add("Accuracy/call", lambda ms: _typed(ms.train.Accuracy()(ms.Tensor(P1), ms.Tensor(Y1))))
add("Accuracy/indexes", _run(lambda ms: ms.train.Accuracy().set_indexes([2, 0]), (Y1, 7, P1)))
add("Accuracy/indexes_property", lambda ms: [ms.train.Accuracy().indexes,
                                             ms.train.Accuracy().set_indexes([1, 0]).indexes])
add("Accuracy/reuse_after_clear", lambda ms: (lambda m: (m.update(ms.Tensor(P1), ms.Tensor(Y1)), m.clear(),
                                                         m.update(ms.Tensor(P2), ms.Tensor(Y2)), m.eval())[-1])(
    ms.train.Accuracy()))
add("Accuracy/bad_eval_type", lambda ms: ms.train.Accuracy("regression"), error=True)
add("Accuracy/eval_before_update", lambda ms: ms.train.Accuracy().eval(), error=True)
add("Accuracy/bad_input_count", lambda ms: ms.train.Accuracy().update(ms.Tensor(P1)), error=True)
add("Accuracy/bad_shape", _run(lambda ms: ms.train.Accuracy(), (P1, Y2)), error=True)
add("Accuracy/bad_ndim", _run(lambda ms: ms.train.Accuracy(), (P1, P1[:, :2])), error=True)
add("Accuracy/bad_class_change", _run(lambda ms: ms.train.Accuracy(), (P1, Y1), (P2[:, :3], Y2 % 3)), error=True)
add("Accuracy/bad_multilabel_values", _run(lambda ms: ms.train.Accuracy("multilabel"), (R1, R2)), error=True)
add("Accuracy/bad_multilabel_shape", _run(lambda ms: ms.train.Accuracy("multilabel"), (ML_P, ML_Y[:2])),
    error=True)
add("Accuracy/bad_input_type", lambda ms: ms.train.Accuracy().update((1, 2), (1, 2)), error=True)
add("Metric/bad_indexes", lambda ms: ms.train.Accuracy().set_indexes((0, 1)), error=True)
add("Metric/bad_indexes_str", lambda ms: ms.train.Accuracy().set_indexes(["a"]), error=True)
add("Metric/abstract", lambda ms: ms.train.Metric(), error=True)
add("Metric/subclass", lambda ms: _typed(type("M", (ms.train.Metric,), {
    "clear": lambda self: setattr(self, "s", 0),
    "update": ms.train.rearrange_inputs(lambda self, a, b: setattr(self, "s", self.s + int(self._convert_data(a).sum()
                                                                                       - self._convert_data(b).sum()))),
    "eval": lambda self: self.s})().set_indexes([1, 0])(ms.Tensor(Y1), ms.Tensor(Y2))))
add("Metric/convert_data", lambda ms: [_typed(ms.train.Accuracy()._convert_data(x)) for x in
                                       (ms.Tensor(Y1), [1.5, 2.0], Y2)])
add("Metric/convert_data_bad", lambda ms: ms.train.Accuracy()._convert_data(3), error=True)
add("Metric/check_onehot", lambda ms: [
    __import__(ms.__name__ + ".train.metrics.metric", fromlist=["x"])._check_onehot_data(a)
    for a in (OH2, Y2, np.zeros((2, 3)), np.array([[1, 0], [1, 0]]), np.array([[1, 1], [0, 1]]))])

# --- MAE / MSE / Loss ---------------------------------------------------------------------------
add("MAE/basic", _run(lambda ms: ms.train.MAE(), (R1, R2), (T1, T2[:2])))
add("MAE/int_inputs", _run(lambda ms: ms.train.MAE(), (Y1, Y1[::-1].copy())))
add("MAE/reshape_y", _run(lambda ms: ms.train.MAE(), (R1, Raw(R2.reshape(-1).tolist()))))
add("MSE/basic", _run(lambda ms: ms.train.MSE(), (R1, R2), (Raw(T1), Raw(T2[:2]))))
add("MSE/f64", _run(lambda ms: ms.train.MSE(), (R1.astype(np.float64), R2.astype(np.float64))))
add("MAE/eval_before_update", lambda ms: ms.train.MAE().eval(), error=True)
add("MSE/eval_before_update", lambda ms: ms.train.MSE().eval(), error=True)
add("MSE/bad_inputs", lambda ms: ms.train.MSE().update(ms.Tensor(R1)), error=True)
add("MAE/bad_reshape", _run(lambda ms: ms.train.MAE(), (R1, T1)), error=True)
add("Loss/basic", _run(lambda ms: ms.train.Loss(), (np.array(0.5, np.float32),),
                       (R1[0],), (np.array([1.25], np.float32),)))
add("Loss/f64_list", _run(lambda ms: ms.train.Loss(), (Raw([0.5, 1.5]),), (Raw(np.array(2.0)),)))
add("Loss/bad_ndim", _run(lambda ms: ms.train.Loss(), (R1,)), error=True)
add("Loss/bad_count", lambda ms: ms.train.Loss().update(ms.Tensor(R1[0]), ms.Tensor(R1[1])), error=True)
add("Loss/eval_before_update", lambda ms: ms.train.Loss().eval(), error=True)

# --- Top-k --------------------------------------------------------------------------------------
add("TopKCategoricalAccuracy/k2", _run(lambda ms: ms.train.TopKCategoricalAccuracy(2), (P1, Y1), (P2, Y2)))
add("TopKCategoricalAccuracy/k3_onehot", _run(lambda ms: ms.train.TopKCategoricalAccuracy(3), (P2, OH2)))
add("Top1CategoricalAccuracy/basic", _run(lambda ms: ms.train.Top1CategoricalAccuracy(), (P1, Y1), (P2, Y2)))
add("Top5CategoricalAccuracy/basic", _run(lambda ms: ms.train.Top5CategoricalAccuracy(), (T1, Y1[:2]),
                                          (T2, Y2[:4])))
add("Top5CategoricalAccuracy/attr_k", lambda ms: ms.train.Top5CategoricalAccuracy().k)
add("TopKCategoricalAccuracy/bad_k_type", lambda ms: ms.train.TopKCategoricalAccuracy(2.0), error=True)
add("TopKCategoricalAccuracy/bad_k_zero", lambda ms: ms.train.TopKCategoricalAccuracy(0), error=True)
add("TopKCategoricalAccuracy/eval_before_update", lambda ms: ms.train.TopKCategoricalAccuracy(1).eval(),
    error=True)
add("TopKCategoricalAccuracy/bad_count", lambda ms: ms.train.TopKCategoricalAccuracy(1).update(ms.Tensor(P1)),
    error=True)

# --- F1 / Fbeta / Precision / Recall ------------------------------------------------------------
add("Fbeta/beta2", _run(lambda ms: ms.train.Fbeta(2), (P1, Y1), (P2, Y2)))
add("Fbeta/average", _run(lambda ms: ms.train.Fbeta(0.5), (P1, Y1), (P2, OH2), call_eval=lambda m: m.eval(True)))
add("F1/basic", _run(lambda ms: ms.train.F1(), (P1, Y1), (P2, Y2)))
add("F1/average", _run(lambda ms: ms.train.F1(), (P1, Y1), call_eval=lambda m: m.eval(average=True)))
add("F1/missing_class", _run(lambda ms: ms.train.F1(), (P1[:2], Y1[:2])))
add("Fbeta/bad_beta", lambda ms: ms.train.Fbeta(0), error=True)
add("Fbeta/bad_average", _run(lambda ms: ms.train.F1(), (P1, Y1), call_eval=lambda m: m.eval(1)), error=True)
add("Fbeta/eval_before_update", lambda ms: ms.train.F1().eval(), error=True)
add("Fbeta/bad_label_range", _run(lambda ms: ms.train.F1(), (P1[:, :3], Y1)), error=True)
add("Fbeta/bad_class_change", _run(lambda ms: ms.train.F1(), (P1, Y1), (P1[:, :3], Y1 % 3)), error=True)
for _cls in ("Precision", "Recall"):
    add(f"{_cls}/classification", _run(lambda ms, c=_cls: getattr(ms.train, c)(), (P1, Y1), (P2, Y2)))
    add(f"{_cls}/classification_average", _run(lambda ms, c=_cls: getattr(ms.train, c)("classification"),
                                                (P1, Y1), (P2, OH2), call_eval=lambda m: m.eval(True)))
    add(f"{_cls}/multilabel", _run(lambda ms, c=_cls: getattr(ms.train, c)("multilabel"), (ML_P, ML_Y),
                                   (ML_Y, ML_P)))
    add(f"{_cls}/multilabel_average", _run(lambda ms, c=_cls: getattr(ms.train, c)("multilabel"), (ML_P, ML_Y),
                                           (Raw(ML_Y.astype(np.int64)), Raw(ML_P.astype(np.int64))),
                                           call_eval=lambda m: m.eval(average=True)))
    add(f"{_cls}/multilabel_3d", _run(lambda ms, c=_cls: getattr(ms.train, c)("multilabel"), (ML_P2, ML_Y2),
                                      call_eval=lambda m: [m.eval(), m.eval(True)]))
    add(f"{_cls}/eval_before_update", lambda ms, c=_cls: getattr(ms.train, c)().eval(), error=True)
    add(f"{_cls}/bad_average", _run(lambda ms, c=_cls: getattr(ms.train, c)(), (P1, Y1),
                                    call_eval=lambda m: m.eval("yes")), error=True)
    add(f"{_cls}/bad_label_range", _run(lambda ms, c=_cls: getattr(ms.train, c)(), (P1[:, :3], Y1)), error=True)
    add(f"{_cls}/bad_float_labels", _run(lambda ms, c=_cls: getattr(ms.train, c)(), (P1, Y1.astype(np.float32))),
        error=True)
    add(f"{_cls}/bad_eval_type", lambda ms, c=_cls: getattr(ms.train, c)("binary"), error=True)
    add(f"{_cls}/bad_multilabel_values", _run(lambda ms, c=_cls: getattr(ms.train, c)("multilabel"), (R1, R2)),
        error=True)

# --- ConfusionMatrix ----------------------------------------------------------------------------
CM_P = np.array([0, 1, 1, 3, 2, 0, 1], np.int32)
CM_Y = np.array([0, 1, 2, 3, 2, 1, 1], np.int32)
for _norm in ("no_norm", "target", "prediction", "all"):
    add(f"ConfusionMatrix/{_norm}", _run(lambda ms, n=_norm: ms.train.ConfusionMatrix(4, normalize=n),
                                         (CM_P, CM_Y), (P2, Y2)))
add("ConfusionMatrix/threshold", _run(lambda ms: ms.train.ConfusionMatrix(2, threshold=0.3),
                                      (np.array([0.1, 0.4, 0.8, 0.2], np.float32), np.array([0, 1, 1, 1], np.int32))))
add("ConfusionMatrix/zero_rows", _run(lambda ms: ms.train.ConfusionMatrix(3, "target"),
                                      (np.array([0, 1], np.int32), np.array([0, 0], np.int32))))
add("ConfusionMatrix/bad_normalize", lambda ms: ms.train.ConfusionMatrix(2, "label"), error=True)
add("train.ConfusionMatrix/bad_num_classes", lambda ms: ms.train.ConfusionMatrix(2.0), error=True)
add("ConfusionMatrix/bad_threshold", lambda ms: ms.train.ConfusionMatrix(2, threshold=1), error=True)
add("ConfusionMatrix/eval_before_update", lambda ms: ms.train.ConfusionMatrix(2).eval(), error=True)
add("ConfusionMatrix/bad_ndim", _run(lambda ms: ms.train.ConfusionMatrix(2), (R1, Y1)), error=True)

SEG_P = (rand(3, 2, 4, 4, seed=21) > 0.3).astype(np.float32)
SEG_Y = (rand(3, 2, 4, 4, seed=22) > 0).astype(np.float32)
SEG_P2 = (rand(2, 3, 5, seed=23) > 0).astype(np.float32)
SEG_Y2 = (rand(2, 3, 5, seed=24) > 0).astype(np.float32)
_CMM_NAMES = ("sensitivity", "specificity", "precision", "negative predictive value", "miss rate", "fall out",
              "false discovery rate", "false omission rate", "prevalence threshold", "threat score", "accuracy",
              "balanced accuracy", "f1 score", "matthews correlation coefficient", "fowlkes mallows index",
              "informedness", "markedness", "TPR", "csi")
for _mn in _CMM_NAMES:
    add(f"ConfusionMatrixMetric/{_mn.replace(' ', '_')}",
        _run(lambda ms, n=_mn: ms.train.ConfusionMatrixMetric(metric_name=n), (SEG_P, SEG_Y), (SEG_P2, SEG_Y2)))
for _mn in ("sensitivity", "f1 score", "prevalence threshold", "markedness", "mcc"):
    for _dec in ("mean", "sum"):
        add(f"ConfusionMatrixMetric/calc_{_mn.replace(' ', '_')}_{_dec}",
            _run(lambda ms, n=_mn, d=_dec: ms.train.ConfusionMatrixMetric(
                skip_channel=False, metric_name=n, calculation_method=True, decrease=d),
                 (SEG_P, SEG_Y), (SEG_P2, SEG_Y2)))
add("ConfusionMatrixMetric/no_skip_channel",
    _run(lambda ms: ms.train.ConfusionMatrixMetric(False, "ppv"), (SEG_P, SEG_Y)))
add("ConfusionMatrixMetric/eval_without_update", lambda ms: _typed(ms.train.ConfusionMatrixMetric().eval()))
add("ConfusionMatrixMetric/calc_none_multi", _run(lambda ms: ms.train.ConfusionMatrixMetric(
    calculation_method=True, decrease="none"), (SEG_P, SEG_Y)), error=True)
add("ConfusionMatrixMetric/calc_mean_batch", _run(lambda ms: ms.train.ConfusionMatrixMetric(
    calculation_method=True, decrease="mean_batch"), (SEG_P, SEG_Y)), error=True)
add("ConfusionMatrixMetric/calc_2d", _run(lambda ms: ms.train.ConfusionMatrixMetric(
    calculation_method=True), (SEG_P[:, :, 0, 0], SEG_Y[:, :, 0, 0])), error=True)
add("ConfusionMatrixMetric/calc_eval_before_update",
    lambda ms: ms.train.ConfusionMatrixMetric(calculation_method=True).eval(), error=True)
add("ConfusionMatrixMetric/bad_metric_name", _run(lambda ms: ms.train.ConfusionMatrixMetric(metric_name="iou"),
                                                  (SEG_P, SEG_Y)), error=True)
add("ConfusionMatrixMetric/bad_decrease", lambda ms: ms.train.ConfusionMatrixMetric(decrease="max"), error=True)
add("ConfusionMatrixMetric/bad_skip_channel", lambda ms: ms.train.ConfusionMatrixMetric(skip_channel=1), error=True)
add("ConfusionMatrixMetric/bad_metric_type", lambda ms: ms.train.ConfusionMatrixMetric(metric_name=["tpr"]),
    error=True)
add("ConfusionMatrixMetric/bad_not_binary", _run(lambda ms: ms.train.ConfusionMatrixMetric(), (SEG_P, SEG_Y * 0.5)),
    error=True)
add("ConfusionMatrixMetric/bad_1d", _run(lambda ms: ms.train.ConfusionMatrixMetric(), (SEG_P[0, 0, 0], SEG_Y[0, 0, 0])),
    error=True)
add("ConfusionMatrixMetric/bad_shape", _run(lambda ms: ms.train.ConfusionMatrixMetric(), (SEG_P, SEG_Y[:2])),
    error=True)

# --- ROC / auc ----------------------------------------------------------------------------------
B_P = np.array([0.1, 0.4, 0.35, 0.8, 0.7, 0.4], np.float32)
B_Y = np.array([0, 0, 1, 1, 0, 1], np.int32)
MC_P = np.array([[0.1, 0.6, 0.3], [0.5, 0.2, 0.3], [0.2, 0.2, 0.6], [0.7, 0.1, 0.2], [0.3, 0.3, 0.4]], np.float32)
MC_Y = np.array([1, 0, 2, 0, 1], np.int32)
add("ROC/binary", _run(lambda ms: ms.train.ROC(), (B_P, B_Y)))
add("ROC/binary_pos_label0", _run(lambda ms: ms.train.ROC(class_num=1, pos_label=0), (B_P, B_Y)))
add("ROC/last_update_only", _run(lambda ms: ms.train.ROC(), (R1[0], B_Y[:4]), (B_P, B_Y)))
add("ROC/multiclass", _run(lambda ms: ms.train.ROC(class_num=3), (MC_P, MC_Y)))
add("ROC/bad_class_num_type", lambda ms: ms.train.ROC(class_num=1.0), error=True)
add("ROC/bad_binary_class_num", _run(lambda ms: ms.train.ROC(class_num=2), (B_P, B_Y)), error=True)
add("ROC/bad_multiclass_pos_label", _run(lambda ms: ms.train.ROC(class_num=3, pos_label=1), (MC_P, MC_Y)),
    error=True)
add("ROC/bad_multiclass_class_num", _run(lambda ms: ms.train.ROC(class_num=4), (MC_P, MC_Y)), error=True)
add("ROC/bad_ndim", _run(lambda ms: ms.train.ROC(), (SEG_P, B_Y)), error=True)
add("ROC/no_negative", _run(lambda ms: ms.train.ROC(), (B_P, np.ones(6, np.int32))), error=True)
add("ROC/no_positive", _run(lambda ms: ms.train.ROC(), (B_P, np.zeros(6, np.int32))), error=True)
add("ROC/eval_before_update", lambda ms: ms.train.ROC().eval(), error=True)


def _auc_of_roc(ms):
    m = ms.train.ROC(pos_label=1)
    m.update(ms.Tensor(B_P), ms.Tensor(B_Y))
    fpr, tpr, _ = m.eval()
    return _typed(ms.train.auc(fpr, tpr))


add("auc/of_roc", _auc_of_roc)
add("auc/decreasing", lambda ms: _typed(ms.train.auc(np.array([3.0, 2.0, 0.5]), np.array([1.0, 2.0, 4.0]))))
add("auc/reorder", lambda ms: _typed(ms.train.auc(np.array([0.5, 3.0, 2.0]), np.array([4.0, 1.0, 2.0]), True)))
add("auc/column", lambda ms: _typed(ms.train.auc(np.array([[0], [1], [2]]), np.array([1, 3, 2]))))
add("auc/f32", lambda ms: _typed(ms.train.auc(np.array([0, 0.5, 1], np.float32), np.array([0, 1, 1], np.float32))))
add("auc/bad_type", lambda ms: ms.train.auc([0, 1], [0, 1]), error=True)
add("auc/bad_lengths", lambda ms: ms.train.auc(np.array([0, 1, 2]), np.array([0, 1])), error=True)
add("auc/bad_not_monotonic", lambda ms: ms.train.auc(np.array([0, 2, 1]), np.array([0, 1, 2])), error=True)
add("auc/bad_2d", lambda ms: ms.train.auc(np.ones((3, 2)), np.ones((3, 2))), error=True)
add("auc/bad_one_point", lambda ms: ms.train.auc(np.array([1.0]), np.array([1.0])), error=True)
add("auc/bad_scalar", lambda ms: ms.train.auc(np.array(1.0), np.array(1.0)), error=True)

# --- BleuScore ----------------------------------------------------------------------------------
CAND = [["i", "have", "a", "pen", "on", "my", "desk"], ["the", "cat", "sat", "on", "the", "mat"]]
REFS = [[["i", "have", "a", "red", "pen", "on", "my", "desk"], ["there", "is", "a", "pen", "on", "my", "desk"]],
        [["the", "cat", "is", "on", "the", "mat"], ["a", "cat", "sat", "on", "the", "mat", "today"]]]
add("BleuScore/default", _run(lambda ms: ms.train.BleuScore(), (Raw(CAND[:1]), Raw(REFS[:1])),
                              (Raw(CAND[1:]), Raw(REFS[1:]))))
add("BleuScore/n2_smooth", _run(lambda ms: ms.train.BleuScore(2, smooth=True), (Raw(CAND), Raw(REFS))))
add("BleuScore/n3_long_candidate", _run(lambda ms: ms.train.BleuScore(3),
                                        (Raw([CAND[0] + ["now"]]), Raw([[REFS[0][1][:5]]]))))
add("BleuScore/zero", _run(lambda ms: ms.train.BleuScore(4), (Raw([["a", "b", "c"]]), Raw([[["a", "b", "d"]]]))))
add("BleuScore/bad_ngram", lambda ms: ms.train.BleuScore(5), error=True)
add("BleuScore/bad_ngram_type", lambda ms: ms.train.BleuScore(2.0), error=True)
add("BleuScore/bad_smooth", lambda ms: ms.train.BleuScore(smooth=1), error=True)
add("BleuScore/bad_lengths", _run(lambda ms: ms.train.BleuScore(), (Raw(CAND), Raw(REFS[:1]))), error=True)
add("BleuScore/eval_before_update", lambda ms: ms.train.BleuScore().eval(), error=True)

# --- CosineSimilarity / Dice / Perplexity -------------------------------------------------------
for _sim in ("cosine", "dot"):
    for _red in ("none", "sum", "mean"):
        add(f"CosineSimilarity/{_sim}_{_red}", _run(lambda ms, s=_sim, r=_red: ms.train.CosineSimilarity(s, r),
                                                   (R1,), (R2,)))
add("CosineSimilarity/keep_diagonal", _run(lambda ms: ms.train.CosineSimilarity(zero_diagonal=False), (R1,)))
add("CosineSimilarity/eval_twice", _run(lambda ms: ms.train.CosineSimilarity(), (R1,),
                                        call_eval=lambda m: [m.eval(), m.eval()]))
# eval reduces the stored matrix in place: a second eval then fails
add("CosineSimilarity/eval_twice_reduced", _run(lambda ms: ms.train.CosineSimilarity(reduction="sum"), (R1,),
                                                call_eval=lambda m: [m.eval(), m.eval()]), error=True)
add("CosineSimilarity/bad_similarity", lambda ms: ms.train.CosineSimilarity("l2"), error=True)
add("CosineSimilarity/bad_reduction_type", lambda ms: ms.train.CosineSimilarity(reduction=None), error=True)
add("CosineSimilarity/bad_zero_diagonal", lambda ms: ms.train.CosineSimilarity(zero_diagonal=0), error=True)
add("CosineSimilarity/eval_before_update", lambda ms: ms.train.CosineSimilarity().eval(), error=True)
add("Dice/basic", _run(lambda ms: ms.train.Dice(), (SEG_P[0], SEG_Y[0]), (R1, R2)))
add("Dice/smooth", _run(lambda ms: ms.train.Dice(1.0), (Raw(SEG_P2.tolist()), Raw(SEG_Y2.tolist()))))
add("Dice/bad_smooth", lambda ms: ms.train.Dice(1), error=True)
add("Dice/bad_smooth_neg", lambda ms: ms.train.Dice(-1.0), error=True)
add("Dice/bad_shape", _run(lambda ms: ms.train.Dice(), (R1, T1)), error=True)
add("Dice/eval_before_update", lambda ms: ms.train.Dice().eval(), error=True)
PROBS = np.abs(rand(6, 4, seed=31)) + 0.05
PROBS = (PROBS / PROBS.sum(axis=1, keepdims=True)).astype(np.float32)
add("Perplexity/basic", _run(lambda ms: ms.train.Perplexity(), (PROBS, Y1), (PROBS[:3], Y2[:3])))
add("Perplexity/ignore_label", _run(lambda ms: ms.train.Perplexity(ignore_label=1), (PROBS, Y1), (PROBS, Y1[::-1].copy())))
add("Perplexity/f64_list", _run(lambda ms: ms.train.Perplexity(), (Raw(PROBS.astype(np.float64).tolist()),
                                                                   Raw(Y1.tolist()))))
add("Perplexity/bad_ignore", lambda ms: ms.train.Perplexity(ignore_label=1.0), error=True)
add("Perplexity/bad_shape", _run(lambda ms: ms.train.Perplexity(), (PROBS, Y2)), error=True)
add("Perplexity/eval_before_update", lambda ms: ms.train.Perplexity().eval(), error=True)

# --- surface distances --------------------------------------------------------------------------
SEG_A = np.zeros((6, 7), np.int32)
SEG_A[1:4, 1:5] = 1
SEG_A[4, 2] = 2
SEG_B = np.zeros((6, 7), np.int32)
SEG_B[2:5, 2:6] = 1
SEG_B[0, 6] = 1
VOL_A = (rand(4, 5, 5, seed=41) > 0).astype(np.float32)
VOL_B = (rand(4, 5, 5, seed=42) > -0.3).astype(np.float32)
for _dm in ("euclidean", "chessboard", "taxicab"):
    add(f"HausdorffDistance/{_dm}", _run(lambda ms, d=_dm: ms.train.HausdorffDistance(d), (SEG_A, SEG_B, 1)))
    add(f"MeanSurfaceDistance/{_dm}", _run(lambda ms, d=_dm: ms.train.MeanSurfaceDistance(distance_metric=d),
                                           (SEG_A, SEG_B, 1)))
    add(f"RootMeanSquareDistance/{_dm}", _run(lambda ms, d=_dm: ms.train.RootMeanSquareDistance(distance_metric=d),
                                              (SEG_A, SEG_B, 1)))
    add(f"MeanSurfaceDistance/symmetric_{_dm}", _run(lambda ms, d=_dm: ms.train.MeanSurfaceDistance(True, d),
                                                     (VOL_A, VOL_B, 1.0)))
    add(f"RootMeanSquareDistance/symmetric_{_dm}", _run(lambda ms, d=_dm: ms.train.RootMeanSquareDistance(True, d),
                                                        (VOL_A, VOL_B, 1.0)))
add("HausdorffDistance/percentile", _run(lambda ms: ms.train.HausdorffDistance(percentile=75.0), (VOL_A, VOL_B, 1)))
add("HausdorffDistance/percentile_zero", _run(lambda ms: ms.train.HausdorffDistance(percentile=0.0),
                                              (SEG_A, SEG_B, 1)))
add("HausdorffDistance/directed", _run(lambda ms: ms.train.HausdorffDistance(directed=True), (SEG_A, SEG_B, 1),
                                       (SEG_B, SEG_A, 1)))
add("HausdorffDistance/no_crop", _run(lambda ms: ms.train.HausdorffDistance(crop=False), (VOL_A, VOL_B, 1)))
add("HausdorffDistance/label2_only_pred", _run(lambda ms: ms.train.HausdorffDistance(), (SEG_A, SEG_B, 2)))
add("HausdorffDistance/label2_reverse", _run(lambda ms: ms.train.HausdorffDistance(), (SEG_B, SEG_A, 2)))
add("HausdorffDistance/bool_input", _run(lambda ms: ms.train.HausdorffDistance(),
                                         (Raw(SEG_A == 1), Raw(SEG_B == 1), 1)))
add("MeanSurfaceDistance/label2", _run(lambda ms: ms.train.MeanSurfaceDistance(True), (SEG_A, SEG_B, 2)))
add("RootMeanSquareDistance/label2", _run(lambda ms: ms.train.RootMeanSquareDistance(), (SEG_B, SEG_A, 2)))
add("MeanSurfaceDistance/bool_input", _run(lambda ms: ms.train.MeanSurfaceDistance(),
                                           (Raw(SEG_A == 1), Raw(SEG_B == 1), 1)))
add("HausdorffDistance/bad_metric", lambda ms: ms.train.HausdorffDistance("cosine"), error=True)
add("HausdorffDistance/bad_percentile_type", lambda ms: ms.train.HausdorffDistance(percentile=50), error=True)
add("HausdorffDistance/bad_percentile_range", _run(lambda ms: ms.train.HausdorffDistance(percentile=150.0),
                                                   (SEG_A, SEG_B, 1)), error=True)
add("HausdorffDistance/bad_directed", lambda ms: ms.train.HausdorffDistance(directed=1), error=True)
add("HausdorffDistance/bad_label_type", _run(lambda ms: ms.train.HausdorffDistance(), (SEG_A, SEG_B, "1")),
    error=True)
add("HausdorffDistance/bad_label_missing", _run(lambda ms: ms.train.HausdorffDistance(), (SEG_A, SEG_B, 5)),
    error=True)
add("HausdorffDistance/bad_shape", _run(lambda ms: ms.train.HausdorffDistance(), (SEG_A, SEG_B[:3], 1)), error=True)
add("HausdorffDistance/bad_count", lambda ms: ms.train.HausdorffDistance().update(ms.Tensor(SEG_A)), error=True)
add("HausdorffDistance/eval_before_update", lambda ms: ms.train.HausdorffDistance().eval(), error=True)
add("MeanSurfaceDistance/bad_symmetric", lambda ms: ms.train.MeanSurfaceDistance(1), error=True)
add("MeanSurfaceDistance/bad_label_type", _run(lambda ms: ms.train.MeanSurfaceDistance(), (SEG_A, SEG_B, None)),
    error=True)
# (MindSpore's __init__ leaves _is_update None, so eval before update returns inf instead of raising)
add("MeanSurfaceDistance/eval_before_update", lambda ms: _typed(ms.train.MeanSurfaceDistance().eval()))
add("MeanSurfaceDistance/eval_after_clear", lambda ms: (lambda m: (m.clear(), m.eval()))(
    ms.train.MeanSurfaceDistance()), error=True)
add("RootMeanSquareDistance/bad_label_type", _run(lambda ms: ms.train.RootMeanSquareDistance(),
                                                  (SEG_A, SEG_B, [1])), error=True)
add("RootMeanSquareDistance/bad_metric", lambda ms: ms.train.RootMeanSquareDistance(distance_metric=1), error=True)
add("RootMeanSquareDistance/bad_shape", _run(lambda ms: ms.train.RootMeanSquareDistance(), (SEG_A, VOL_A, 1)),
    error=True)
add("RootMeanSquareDistance/eval_before_update", lambda ms: _typed(ms.train.RootMeanSquareDistance().eval()))
add("RootMeanSquareDistance/eval_after_clear", lambda ms: (lambda m: (m.clear(), m.eval()))(
    ms.train.RootMeanSquareDistance()), error=True)

# --- OcclusionSensitivity -----------------------------------------------------------------------


def _occ_model(ms):
    net = ms.nn.Dense(8, 3)
    w = ms.Tensor(np.arange(24, dtype=np.float32).reshape(3, 8) / 20 - 0.5)
    b = ms.Tensor(np.array([0.1, -0.2, 0.3], np.float32))
    ms.load_param_into_net(net, {"weight": ms.Parameter(w, name="weight"), "bias": ms.Parameter(b, name="bias")})
    return ms.nn.SequentialCell([ms.nn.Flatten(), net])


OCC_X = rand(1, 2, 4, seed=51)


def _occ(margin=2, n_batch=128, b_box=None, pad_val=0.0, x=OCC_X, label=np.array(1, np.int32)):
    def fn(ms):
        m = ms.train.OcclusionSensitivity(pad_val=pad_val, margin=margin, n_batch=n_batch, b_box=b_box)
        m.update(_occ_model(ms), ms.Tensor(x), ms.Tensor(label))
        return _typed(m.eval())
    return fn


add("OcclusionSensitivity/default", _occ())
add("OcclusionSensitivity/margin1_small_batches", _occ(margin=1, n_batch=3, pad_val=0.5))
add("OcclusionSensitivity/b_box", _occ(b_box=[0, 0, 1, -1], margin=1))
add("OcclusionSensitivity/bad_pad_val", lambda ms: ms.train.OcclusionSensitivity(pad_val=0), error=True)
add("OcclusionSensitivity/bad_n_batch", lambda ms: ms.train.OcclusionSensitivity(n_batch=2.0), error=True)
add("OcclusionSensitivity/bad_b_box_type", lambda ms: ms.train.OcclusionSensitivity(b_box=(0, 1)), error=True)
add("OcclusionSensitivity/bad_b_box_len", _occ(b_box=[0, 1]), error=True)
add("OcclusionSensitivity/bad_b_box_max", _occ(b_box=[0, 2, 0, 1]), error=True)
add("OcclusionSensitivity/bad_batch", _occ(x=np.concatenate([OCC_X, OCC_X])), error=True)
add("OcclusionSensitivity/bad_label_count", _occ(label=np.array([1, 2], np.int32)), error=True)
add("OcclusionSensitivity/bad_model", lambda ms: ms.train.OcclusionSensitivity().update(
    lambda x: x, ms.Tensor(OCC_X), ms.Tensor(np.array(1, np.int32))), error=True)
add("OcclusionSensitivity/eval_before_update", lambda ms: ms.train.OcclusionSensitivity().eval(), error=True)

# --- factory ------------------------------------------------------------------------------------
add("names/all", lambda ms: ms.train.names())
add("names/metrics_all", lambda ms: sorted(ms.train.metrics.__all__))
add("get_metric_fn/kinds", lambda ms: [type(ms.train.get_metric_fn(n)).__name__ for n in
                                       ("acc", "accuracy", "F1", "mae", "loss", "top_1_accuracy", "top_5_accuracy",
                                        "precision", "recall", "dice", "roc", "perplexity",
                                        "confusion_matrix_metric", "cosine_similarity", "bleu_score",
                                        "hausdorff_distance", "mean_surface_distance", "root_mean_square_distance",
                                        "occlusion_sensitivity")])
add("get_metric_fn/args", lambda ms: [ms.train.get_metric_fn("topk", 3).k,
                                      ms.train.get_metric_fn("confusion_matrix", 3, normalize="all").normalize,
                                      ms.train.get_metric_fn("precision", eval_type="multilabel")._type])
add("get_metric_fn/auc", lambda ms: _typed(ms.train.get_metric_fn("auc", np.array([0., 1.]), np.array([1., 1.]))))
add("get_metric_fn/bad_name", lambda ms: ms.train.get_metric_fn("top3"), error=True)
add("get_metrics/set", lambda ms: sorted((k, type(v).__name__) for k, v in
                                         ms.train.metrics.get_metrics({"acc", "loss", "mae"}).items()))
add("get_metrics/none_dict", lambda ms: [ms.train.metrics.get_metrics(None),
                                         list(ms.train.metrics.get_metrics({"a": ms.train.Loss()}))])
add("get_metrics/bad_dict", lambda ms: ms.train.metrics.get_metrics({"a": 1}), error=True)
add("get_metrics/bad_list", lambda ms: ms.train.metrics.get_metrics(["acc"]), error=True)
add("nn_metrics/alias", lambda ms: [ms.nn.Accuracy is ms.train.Accuracy, ms.nn.get_metric_fn is ms.train.get_metric_fn])

# --- more inputs and edge cases ------------------------------------------------------------------
add("Accuracy/int64_tensor_labels", lambda ms: _typed(ms.train.Accuracy()(ms.Tensor(P1.astype(np.float64)),
                                                                           ms.Tensor(Y1.tolist()))))
add("Accuracy/parameter_inputs", lambda ms: _typed(ms.train.Accuracy()(ms.Parameter(ms.Tensor(P1), name="p"),
                                                                        ms.Tensor(Y1))))
add("Accuracy/spatial_classification", _run(lambda ms: ms.train.Accuracy(),
                                            (rand(2, 3, 4, seed=61), np.array([[0, 1, 2, 2], [1, 1, 0, 2]], np.int32))))
add("Accuracy/multilabel_bool", _run(lambda ms: ms.train.Accuracy("multilabel"), (Raw(ML_P > 0), Raw(ML_Y > 0))))
add("Metric/no_super_init", lambda ms: type("M", (ms.train.Metric,), {
    "__init__": lambda self: None, "clear": lambda self: None, "update": lambda self, *a: None,
    "eval": lambda self: 1})().indexes)
# k above the number of classes: MindSpore's comparison fails to broadcast
add("TopKCategoricalAccuracy/k_above_classes", _run(lambda ms: ms.train.TopKCategoricalAccuracy(9), (P1, Y1)),
    error=True)
add("Fbeta/bad_beta_str", lambda ms: ms.train.Fbeta("2"), error=True)
add("Fbeta/list_inputs", _run(lambda ms: ms.train.Fbeta(1.5), (Raw(P1.tolist()), Raw(Y1.tolist()))))
add("ConfusionMatrix/bad_label_range", _run(lambda ms: ms.train.ConfusionMatrix(2), (CM_P, CM_Y)), error=True)
add("ConfusionMatrix/onehot_pred_list", _run(lambda ms: ms.train.ConfusionMatrix(4, "all"),
                                             (Raw(P1.tolist()), Raw(Y1.tolist()))))
add("Perplexity/bad_3d", _run(lambda ms: ms.train.Perplexity(), (np.stack([PROBS, PROBS]), np.stack([Y1, Y1]))),
    error=True)
add("Perplexity/bad_label_range", _run(lambda ms: ms.train.Perplexity(), (PROBS, Y1 + 3)), error=True)
add("MAE/list_inputs", _run(lambda ms: ms.train.MAE(), (Raw([1.0, 2.5, 3.0]), Raw([1.5, 2.0, 2.0]))))
add("Dice/int_inputs", _run(lambda ms: ms.train.Dice(), (Y1, Y1[::-1].copy())))
add("CosineSimilarity/indexes", _run(lambda ms: ms.train.CosineSimilarity("dot").set_indexes([1]), (R1, R2)))
add("ROC/list_inputs", _run(lambda ms: ms.train.ROC(), (Raw(B_P.tolist()), Raw(B_Y.tolist()))))
add("ROC/multiclass_2d_labels_bad", _run(lambda ms: ms.train.ROC(class_num=3), (MC_P[None], MC_Y[None])),
    error=True)
add("HausdorffDistance/clear_then_update", lambda ms: (lambda m: (m.update(ms.Tensor(SEG_A), ms.Tensor(SEG_B), 1),
                                                                  m.clear(), m.update(ms.Tensor(VOL_A),
                                                                                      ms.Tensor(VOL_B), 1),
                                                                  _typed(m.eval()))[-1])(ms.train.HausdorffDistance()))


def _hd_after_failed_update(ms):
    """MindSpore marks HausdorffDistance updated before checking the inputs."""
    m = ms.train.HausdorffDistance()
    try:
        m.update(ms.Tensor(SEG_A), ms.Tensor(SEG_B), 9)
    except ValueError:
        pass
    return [m._is_update, _typed(m.eval())]


add("HausdorffDistance/failed_update_marks_updated", _hd_after_failed_update)
# a 1-element label vector (not 0-d) makes MindSpore's score gathering square the batch: reshape fails
add("OcclusionSensitivity/label_vector", _occ(label=np.array([2], np.int32)), error=True)
add("OcclusionSensitivity/margin_list_bad", _occ(margin=[1, 1]), error=True)
add("BleuScore/ndarray_tokens", _run(lambda ms: ms.train.BleuScore(1), (Raw([np.array(["a", "b", "c"])]),
                                                                        Raw([[np.array(["a", "c", "d"])]]))))
# the order of eval's checks: Fbeta checks 'average' first, Precision/Recall the sample count first
add("Fbeta/bad_average_before_update", lambda ms: ms.train.F1().eval("x"), error=True)
add("Precision/bad_average_before_update", lambda ms: ms.train.Precision().eval("x"), error=True)
add("Recall/bad_average_before_update", lambda ms: ms.train.Recall("multilabel").eval(1), error=True)
