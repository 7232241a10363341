"""``mindspore.boost``: training accelerations configured by :class:`AutoBoost` (LessBN,
gradient freezing, gradient accumulation, AdaSum, DimReduce, grouped loss scales) and the
training cells that apply them; ``Model(..., boost_level="O1"/"O2")`` goes through it."""
from __future__ import absolute_import

from .boost import AutoBoost
from .base import OptimizerProcess, ParameterProcess
from .boost_cell_wrapper import BoostTrainOneStepCell, BoostTrainOneStepWithLossScaleCell
from .less_batch_normalization import LessBN
from .grad_freeze import GradientFreeze, FreezeOpt, freeze_cell
from .grad_accumulation import GradientAccumulation
from .adasum import AdaSum
from .dim_reduce import DimReduce
from .group_loss_scale_manager import GroupLossScaleManager
from . import (adasum, base, boost, boost_cell_wrapper, dim_reduce, grad_accumulation,  # noqa: F401
               grad_freeze, group_loss_scale_manager, less_batch_normalization)

__all__ = ['AutoBoost', 'OptimizerProcess', 'ParameterProcess', 'BoostTrainOneStepCell',
           'BoostTrainOneStepWithLossScaleCell', 'LessBN', 'GradientFreeze', 'FreezeOpt', 'freeze_cell',
           'GradientAccumulation', 'AdaSum', 'DimReduce', 'GroupLossScaleManager']
