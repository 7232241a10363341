"""Loss scale managers (``mindspore.train.loss_scale_manager``, also ``mindspore.amp``):
``LossScaleManager`` (the interface), ``FixedLossScaleManager`` and
``DynamicLossScaleManager``. ``Model`` and ``amp.build_train_network`` take the update cell
from :meth:`get_update_cell` and train with ``nn.TrainOneStepWithLossScaleCell``.
"""
from mscompat._checkparam import check_positive_int
from mscompat.nn.wrap.loss_scale import FixedLossScaleUpdateCell
from mscompat.nn.wrap.loss_scale import DynamicLossScaleUpdateCell

__all__ = ["LossScaleManager", "FixedLossScaleManager", "DynamicLossScaleManager"]


class LossScaleManager:
    """The interface of a loss scale manager: :meth:`get_loss_scale`,
    :meth:`update_loss_scale` and :meth:`get_update_cell` (what training calls)."""

    def get_loss_scale(self):
        """The current loss scale."""

    def update_loss_scale(self, overflow):
        """Update the loss scale after a step (``overflow``: whether it overflowed)."""

    def get_update_cell(self):
        """The Cell that updates the loss scale inside the training step."""


class FixedLossScaleManager(LossScaleManager):
    """A constant loss scale. With ``drop_overflow_update`` (default) steps that overflow are
    skipped (update cell :class:`nn.FixedLossScaleUpdateCell`); without it the optimizer runs
    every step and its ``loss_scale`` should equal this one (no update cell)."""

    def __init__(self, loss_scale=128.0, drop_overflow_update=True):
        if loss_scale < 1:
            raise ValueError("The argument 'loss_scale' must be >= 1, but got {}".format(loss_scale))
        self._loss_scale = loss_scale
        self._drop_overflow_update = drop_overflow_update

    def get_loss_scale(self):
        """The loss scale."""
        return self._loss_scale

    def get_drop_overflow_update(self):
        """Whether an overflowing step is skipped."""
        return self._drop_overflow_update

    def update_loss_scale(self, overflow):
        """Nothing to update for a fixed scale."""

    def get_update_cell(self):
        """:class:`nn.FixedLossScaleUpdateCell` when overflow steps are dropped, else None."""
        if not self._drop_overflow_update:
            return None
        return FixedLossScaleUpdateCell(self._loss_scale)


class DynamicLossScaleManager(LossScaleManager):
    """A loss scale divided by ``scale_factor`` (at least 1) on overflow and multiplied by it
    after ``scale_window`` steps without overflow; overflowing steps are skipped."""

    def __init__(self, init_loss_scale=2 ** 24, scale_factor=2, scale_window=2000):
        if init_loss_scale < 1.0:
            raise ValueError("The argument 'init_loss_scale' must be > 1, but got {}".format(init_loss_scale))
        self.loss_scale = init_loss_scale
        check_positive_int(scale_window, "scale_window", self.__class__.__name__)
        self.scale_window = scale_window
        if scale_factor <= 0:
            raise ValueError("The argument 'scale_factor' must be > 0, but got {}".format(scale_factor))
        self.scale_factor = scale_factor
        self.increase_ratio = scale_factor
        self.decrease_ratio = 1 / scale_factor
        self.cur_iter = 1
        self.last_overflow_iter = 0
        self.bad_step_max = 1000
        self.bad_step = 0

    def get_loss_scale(self):
        """The current loss scale."""
        return self.loss_scale

    def update_loss_scale(self, overflow):
        """Host-side update of the scale (the update cell does the same inside the step)."""
        if overflow:
            self.loss_scale = max(self.loss_scale * self.decrease_ratio, 1)
            self.last_overflow_iter = self.cur_iter
            self.bad_step += 1
        else:
            if (self.cur_iter - self.last_overflow_iter) % self.scale_window == 0:
                self.loss_scale *= self.increase_ratio
            self.bad_step = 0
        if self.bad_step > self.bad_step_max:
            raise RuntimeError("Dynamic loss scale Continuous overflow ", self.bad_step,
                               " times, has exceeded maximum threshold.")
        self.cur_iter += 1

    def get_drop_overflow_update(self):
        """Always True: overflowing steps are skipped."""
        return True

    def get_update_cell(self):
        """A :class:`nn.DynamicLossScaleUpdateCell` starting at the current scale."""
        return DynamicLossScaleUpdateCell(self.loss_scale, self.scale_factor, self.scale_window)
