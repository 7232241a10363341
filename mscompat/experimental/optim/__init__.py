"""``mindspore.experimental.optim``: PyTorch-style optimizers (parameter groups, ``lr`` as a
Parameter per group) and their learning-rate schedulers (``lr_scheduler``)."""
from .optimizer import Optimizer
from .adadelta import Adadelta
from .adagrad import Adagrad
from .adam import Adam
from .adamax import Adamax
from .adamw import AdamW
from .asgd import ASGD
from .nadam import NAdam
from .radam import RAdam
from .rmsprop import RMSprop
from .rprop import Rprop
from .sgd import SGD
from . import lr_scheduler

__all__ = ["Optimizer", "Adadelta", "Adagrad", "Adam", "Adamax", "AdamW", "ASGD", "NAdam", "RAdam", "RMSprop",
           "Rprop", "SGD", "lr_scheduler"]
