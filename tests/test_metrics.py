"""Metrics (mscompat.train.metrics) and learning-rate schedules: behaviour checks that need no
MindSpore (the value parity lives in parity_tests/cases/metrics.py and lr_schedules.py)."""
import math

import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, train


def test_accuracy_accumulates_and_clears():
    m = train.Accuracy()
    m.update(ms.Tensor(np.array([[0.1, 0.9], [0.8, 0.2]], np.float32)), ms.Tensor(np.array([1, 1], np.int32)))
    m.update(np.array([[0.3, 0.7]]), [1])
    assert m.eval() == pytest.approx(2 / 3)
    assert type(m.eval()) is np.float64
    m.clear()
    with pytest.raises(RuntimeError):
        m.eval()


def test_metric_call_and_indexes():
    m = train.MAE().set_indexes([2, 0])
    assert m.indexes == [2, 0]
    out = m(np.array([1.0, 2.0]), "ignored", np.array([1.5, 1.0]))
    assert out == pytest.approx((0.5 + 1.0) / 2)
    with pytest.raises(ValueError):
        m.set_indexes((0, 1))


def test_numpy1_scalar_promotion():
    # MindSpore (numpy 1.x) promotes a float32 scalar combined with a Python number to float64
    loss = train.Loss()
    loss.update(ms.Tensor(np.array(0.25, np.float32)))
    assert type(loss.eval()) is np.float64
    mae = train.MAE()
    mae.update(np.ones((2, 2), np.float32), np.zeros((2, 2), np.float32))
    assert type(mae.eval()) is np.float64 and mae.eval() == 2.0


def test_precision_recall_f1():
    pred = np.array([[0.9, 0.1], [0.2, 0.8], [0.6, 0.4], [0.3, 0.7]])
    y = np.array([0, 1, 1, 1])
    p, r, f = train.Precision(), train.Recall(), train.F1()
    for m in (p, r, f):
        m.update(pred, y)
    np.testing.assert_allclose(p.eval(), [1 / 2, 2 / 2])
    np.testing.assert_allclose(r.eval(), [1 / 1, 2 / 3])
    np.testing.assert_allclose(f.eval(), [2 / 3, 0.8])
    assert p.eval(average=True) == pytest.approx(0.75)


def test_topk_and_confusion_matrix():
    pred = np.array([[0.1, 0.5, 0.4], [0.7, 0.2, 0.1]])
    y = np.array([2, 1])
    assert train.TopKCategoricalAccuracy(2)(pred, y) == 1.0
    assert train.Top1CategoricalAccuracy()(pred, y) == 0.0
    cm = train.ConfusionMatrix(3)
    cm.update(pred, y)
    expected = np.zeros((3, 3))
    expected[2, 1] = expected[1, 0] = 1
    np.testing.assert_array_equal(cm.eval(), expected)


def test_confusion_matrix_metric_counts():
    y_pred = np.array([[[0, 1, 1, 0]]], np.float32)
    y = np.array([[[0, 1, 0, 1]]], np.float32)
    m = train.ConfusionMatrixMetric(metric_name="precision")
    m.update(y_pred, y)
    assert (m._total_tp, m._total_fp, m._total_tn, m._total_fn) == (1.0, 1.0, 1.0, 1.0)
    np.testing.assert_allclose(m.eval(), [0.5])
    with pytest.raises(NotImplementedError):
        bad = train.ConfusionMatrixMetric(metric_name="iou")
        bad.update(y_pred, y)   # counts only: the name is resolved in eval
        bad.eval()


def test_roc_auc_perfect():
    roc = train.ROC(pos_label=1)
    roc.update(np.array([0.1, 0.2, 0.8, 0.9]), np.array([0, 0, 1, 1]))
    fpr, tpr, thr = roc.eval()
    assert train.auc(fpr, tpr) == 1.0
    assert thr[0] == pytest.approx(1.9)


def test_surface_distances():
    a = np.zeros((5, 5), np.int32)
    a[1:3, 1:3] = 1
    b = np.zeros((5, 5), np.int32)
    b[2:4, 2:4] = 1
    hd = train.HausdorffDistance()
    hd.update(a, b, 1)
    assert hd.eval() == pytest.approx(math.sqrt(2))
    msd = train.MeanSurfaceDistance(symmetric=True)
    msd.update(a, b, 1)
    assert 0 < msd.eval() < math.sqrt(2)


def test_bleu_identical_is_one():
    m = train.BleuScore()
    m.update([["a", "b", "c", "d"]], [[["a", "b", "c", "d"]]])
    assert m.eval() == pytest.approx(1.0)


def test_perplexity_uniform():
    m = train.Perplexity()
    m.update(np.full((3, 4), 0.25), np.array([0, 1, 2]))
    assert m.eval() == pytest.approx(4.0)
    assert isinstance(m.eval(), float)


def test_factory_and_nn_alias():
    assert "accuracy" in train.names() and train.names() == sorted(train.names())
    assert isinstance(train.get_metric_fn("acc"), train.Accuracy)
    assert nn.Accuracy is train.Accuracy
    with pytest.raises(KeyError):
        train.get_metric_fn("nope")
    assert set(train.metrics.get_metrics({"acc", "loss"})) == {"acc", "loss"}


# --- learning-rate schedules ----------------------------------------------------------------------
def test_schedule_is_learning_rate_schedule():
    from mscompat.nn.learning_rate_schedule import LearningRateSchedule
    for s in (nn.ExponentialDecayLR(0.1, 0.9, 2), nn.WarmUpLR(0.1, 3), nn.CosineDecayLR(0.0, 0.1, 4)):
        assert isinstance(s, LearningRateSchedule) and isinstance(s, nn.Cell)
    assert not hasattr(nn, "LearningRateSchedule")


def test_schedule_traced_step_matches_eager():
    import jax
    sched = nn.PolynomialDecayLR(0.1, 0.01, 4, 0.5, update_decay_steps=True)
    eager = [float(sched(ms.Tensor(s, ms.int32)).asnumpy()) for s in range(10)]
    traced = jax.jit(lambda step: sched(step))   # Tensors are pytrees: the step is a tracer inside
    got = [float(traced(ms.Tensor(s, ms.int32)).asnumpy()) for s in range(10)]
    np.testing.assert_allclose(got, eager, rtol=1e-6)

    @ms.jit
    def f(step):
        return sched(step)
    np.testing.assert_allclose([float(f(ms.Tensor(s, ms.int32)).asnumpy()) for s in range(10)], eager, rtol=1e-6)


def test_dynamic_lr_lists():
    assert nn.piecewise_constant_lr([2, 3], [0.1, 0.2]) == [0.1, 0.1, 0.2]
    assert nn.warmup_lr(0.1, 4, 1, 2) == [0.0, 0.05, 0.1, 0.1]
    lrs = nn.cosine_decay_lr(0.0, 1.0, 3, 1, 2)
    assert lrs == pytest.approx([1.0, 0.5, 0.0])
    with pytest.raises(TypeError):
        nn.exponential_decay_lr(1, 0.9, 4, 1, 1)
