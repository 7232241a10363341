"""Automatic mixed precision (``mindspore.train.amp``; the public names are also in
``mindspore.amp``): ``auto_mixed_precision``, ``custom_mixed_precision``,
``build_train_network``, ``get_white_list``/``get_black_list``.

Levels, as MindSpore 2.10 applies them:

* ``O0``: the network unchanged.
* ``O1``: every white-list Cell (``Dense``, ``Conv*``, RNN cells) not set by the user with
  ``to_float`` runs in low precision (its float inputs and the Parameters it reads cast to
  ``dtype``) and its outputs are cast back to float32; white-list Primitives (``MatMul``,
  ``Conv2D``, ``ReLU``, ...: the entries whose ``amp`` field is white at level ``O1``) held by
  the network's cells are cast the same way, op by op, while those cells run (an op policy).
  MindSpore does this by rewriting the source (new classes named ``<Name>Opt``); mscompat
  changes the cells in place (same objects, same Parameters, same names).
* ``O2``: the whole network ``to_float(dtype)``, black-list cells (BatchNorm, LayerNorm)
  kept in float32 inside ``_OutputTo16``, the network wrapped in ``_OutputTo32``.
* ``O3``: the whole network ``to_float(dtype)``, wrapped in ``_OutputTo32``.
* ``auto``: op-level lists (white: matmul/conv-like ops in ``dtype``; black: exp/log/norms/
  softmax/reductions/losses in float32; promote: ``BiasAdd``, ``AddN``, ``Concat``, ... in the
  widest input float type), applied while the network (or function) runs.
"""
import inspect
import logging
import types

import jax.numpy as jnp

from mscompat.common import dtype as mstype
from mscompat.common.tensor import Tensor
from mscompat.nn.cell import Cell
from mscompat._checkparam import check_value_type
from mscompat.ops._registry import amp_primitives, WHITE, BLACK
from mscompat.train.loss_scale_manager import DynamicLossScaleManager, LossScaleManager
from . import _amp_auto
from ._amp_strategy import AmpLevel, create_amp_strategy
from mscompat import ops
from mscompat import _control_flow, _state
from mscompat.ops.primitive import Primitive
from mscompat import nn
from mscompat.nn import _cell_hooks

logger = logging.getLogger("mscompat")

__all__ = ["build_train_network"]

_LEVELS = ['O0', 'O1', 'O2', 'O3', 'auto']


# --- the lists ----------------------------------------------------------------------------------
def _nn():
    return nn


def _classes(module, names):
    return [getattr(module, n) for n in names if hasattr(module, n)]


_WHITE_CELLS = ("Conv1d", "Conv2d", "Conv3d", "Conv1dTranspose", "Conv2dTranspose", "Conv3dTranspose", "Dense",
                "LSTMCell", "RNNCell", "GRUCell")
_BLACK_CELLS = ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm")


_LISTS = {}


def _amp_list(name):
    """The module-level lists ``AMP_WHITE_LIST``/``AMP_BLACK_LIST`` (built on first use, since
    the layers are defined after this module; later changes to them apply, as in MindSpore)."""
    lst = _LISTS.get(name)
    if lst is None:
        if name == "AMP_WHITE_LIST":
            lst = _classes(_nn(), _WHITE_CELLS) + amp_primitives("O1", WHITE)
        else:
            lst = _classes(_nn(), _BLACK_CELLS)
        _LISTS[name] = lst
    return lst


def __getattr__(name):
    if name in ("AMP_WHITE_LIST", "AMP_BLACK_LIST"):
        return _amp_list(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _auto_strategy(dtype):
    """The ``AmpAuto`` strategy of level ``auto`` for ``dtype`` (a network's ``amp_strategy``): its
    white and black lists name the Primitives of the level's white and black classes."""
    white, black = ([(cls.__name__, []) for cls in amp_primitives("auto", kind)] for kind in (WHITE, BLACK))
    return create_amp_strategy(AmpLevel.AmpAuto, dtype, white, black)


def get_white_list():
    """A copy of the white list of level ``O1``: Cells and Primitives run in low precision."""
    return _amp_list("AMP_WHITE_LIST").copy()


def get_black_list():
    """A copy of the black list of level ``O2``: Cells kept in float32."""
    return _amp_list("AMP_BLACK_LIST").copy()


# --- casting cells ---------------------------------------------------------------------------------
def _is_float_tensor(x):
    return isinstance(x, Tensor) and jnp.issubdtype(x._data.dtype, jnp.floating)


def amp_cast(value, dtype):
    """``value`` cast to ``dtype`` when it is a float Tensor, else unchanged."""
    if _is_float_tensor(value) and value.dtype != dtype:
        return ops.cast(value, dtype)
    return value


def _cast_tree(x, dtype):
    if isinstance(x, (tuple, list)):
        return type(x)(_cast_tree(v, dtype) for v in x) if type(x) in (tuple, list) else x
    if isinstance(x, dict):
        return {k: _cast_tree(v, dtype) for k, v in x.items()}
    return amp_cast(x, dtype)


class _OutputTo16(Cell):
    """Runs ``backbone`` and casts its output to ``dtype`` (float16 by default)."""

    def __init__(self, backbone, dtype=mstype.float16):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self.dtype = dtype
        self._get_attr_from_cell(backbone)

    def construct(self, *args, **kwargs):
        return ops.cast(self._backbone(*args, **kwargs), self.dtype)


class _OutputTo32(Cell):
    """Runs ``backbone`` and casts its float outputs to float32."""

    def __init__(self, backbone):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._get_attr_from_cell(backbone)

    def construct(self, *args, **kwargs):
        out = self._backbone(*args, **kwargs)
        return ops.mixed_precision_cast(mstype.float32, out)


def _forget_compiled(net):
    """Drop the compiled programs and converted constructs of ``net``'s cells (their
    computation changed)."""
    for _, cell in net.cells_and_names():
        cell.__dict__.pop("_compiled", None)
        cell.__dict__.pop("_converted_construct", None)


def _precision_set_by_user(cell):
    return any(getattr(cell, flag, False) for flag in ("fp32", "fp16", "bf16"))


def _o1_construct(self, *args, **kwargs):
    """``construct`` of a cell under level O1's cast: the original construct run in the cell's
    low-precision dtype, float outputs cast to float32."""
    d = self.__dict__
    orig = d.get("_amp_o1_orig") or types.MethodType(type(self).construct, self)
    fn = _control_flow.convert(orig) if _state.tracing() else orig
    out = _cell_hooks.run_with_amp(fn, args, kwargs, d["_amp_o1_dtype"])
    return _cast_tree(out, mstype.float32)


_o1_construct.__cf_converted__ = True


def _amp_construct(cell, dtype):
    """Make ``cell`` run in ``dtype`` (inputs and Parameters read cast) with float32 outputs,
    without changing its flags or structure (level O1's cast around a white-list cell). The
    instance's ``construct`` becomes a bound method (so copies of the cell stay independent)."""
    d = cell.__dict__
    if "_amp_o1_dtype" not in d:
        d["_amp_o1_orig"] = d.get("construct")
    d["_amp_o1_dtype"] = dtype
    bound = types.MethodType(_o1_construct, cell)
    d["construct"] = bound


def _o1_scope_construct(self, *args, **kwargs):
    """``construct`` of a cell holding level-O1 white-list Primitives: the original construct
    with the O1 operator casts active (the op policy of ``train/_amp_auto.py``)."""
    d = self.__dict__
    orig = d.get("_amp_o1_scope_orig") or types.MethodType(type(self).construct, self)
    fn = _control_flow.convert(orig) if _state.tracing() else orig
    with _amp_auto.running(d["_amp_o1_scope_dtype"], "O1"):
        return fn(*args, **kwargs)


_o1_scope_construct.__cf_converted__ = True


def _amp_primitive(cell, prim, dtype):
    """Make the Primitive instance ``prim`` held by ``cell`` cast its float inputs to ``dtype``
    and its float outputs to float32 while ``cell`` runs (level O1's cast pair around a
    white-list operator): the instance is marked, and ``cell`` runs with the O1 casts active."""
    setattr(prim, _amp_auto.O1_DTYPE_ATTR, dtype)
    d = cell.__dict__
    if "_amp_o1_scope_dtype" not in d:
        d["_amp_o1_scope_orig"] = d.get("construct")
    d["_amp_o1_scope_dtype"] = dtype
    d["construct"] = types.MethodType(_o1_scope_construct, cell)


def _white_list_process(network, dtype, white_list):
    """Level O1 / ``custom_mixed_precision(white_list=...)`` in place: white-list cells and
    Primitives run in ``dtype`` with float32 outputs; cells set by ``to_float`` are left alone."""
    white = tuple(c for c in white_list if isinstance(c, type))
    white_cells = tuple(c for c in white if issubclass(c, Cell))
    white_prims = tuple(c for c in white if not issubclass(c, Cell))

    def visit(cell):
        for prim in list(cell._primitives.values()):
            if prim is not None and white_prims and type(prim) in white_prims:
                _amp_primitive(cell, prim, dtype)
        for sub in cell.name_cells().values():
            if _precision_set_by_user(sub):
                continue
            if white_cells and type(sub) in white_cells:
                _amp_construct(sub, dtype)
            else:
                visit(sub)

    if _precision_set_by_user(network):
        return network
    if white_cells and type(network) in white_cells:
        _amp_construct(network, dtype)
    else:
        visit(network)
    _forget_compiled(network)
    return network


def _auto_black_list(network, black_list, dtype):
    """``network.to_float(dtype)`` with black-list sub cells in float32 (``_OutputTo16``)."""
    network.to_float(dtype)
    cells = network.name_cells()
    change = False
    for name, subcell in cells.items():
        if subcell is network:
            continue
        if isinstance(subcell, tuple(black_list)):
            network._cells[name] = _OutputTo16(subcell.to_float(mstype.float32), dtype)
            change = True
        else:
            _auto_black_list(subcell, black_list, dtype)
    if isinstance(network, _nn().SequentialCell) and change:
        network.cell_list = list(network.cells())
    return network


def _check_dtype(dtype):
    if dtype not in (mstype.float16, mstype.bfloat16):
        raise ValueError(f"The dtype should be one of (mstype.float16, mstype.bfloat16), but got {dtype}.")


def auto_mixed_precision(network, amp_level="O0", dtype=mstype.float16):
    """The network with mixed precision of level ``amp_level`` (``O0``, ``O1``, ``O2``,
    ``O3``, ``auto``) in ``dtype`` (float16 or bfloat16); see the module docstring."""
    if not isinstance(network, Cell):
        if amp_level == "auto":
            if not inspect.isfunction(network) and not inspect.ismethod(network):
                raise TypeError("For amp_level 'auto', the network type should be Cell or function.")
        else:
            raise TypeError(f"For amp_level '{amp_level}', the network type should be Cell.")
    _check_dtype(dtype)
    if amp_level == "O0":
        return network
    if getattr(network, "_amp_level", None) in ("O1", "O2", "O3", "auto"):
        logger.warning(f"The network's auto mixed-precision level is adjusted from {getattr(network, '_amp_level')} "
                       f"to {amp_level}, and repeated calls to mixed-precision interfaces can cause performance "
                       f"degradation.")
    if amp_level == "O1":
        network = _white_list_process(network, dtype, _amp_list("AMP_WHITE_LIST"))
    elif amp_level == "O2":
        network = _auto_black_list(network, _amp_list("AMP_BLACK_LIST"), dtype)
        network = _OutputTo32(network)
    elif amp_level == "O3":
        network.to_float(dtype)
        network = _OutputTo32(network)
    elif amp_level == "auto":
        network = _amp_auto.apply(network, dtype, _auto_strategy(dtype))
    else:
        raise ValueError(f"The amp level {amp_level} is not supported")
    if isinstance(network, Cell):
        network.__dict__["_amp_level"] = amp_level
    else:
        setattr(network, "_amp_level", amp_level)
    return network


def _list_check(custom_list, list_name):
    if not isinstance(custom_list, list):
        raise TypeError(f"The type of {list_name} should be list, but got {type(custom_list)}")
    for elem in custom_list:
        if not isinstance(elem, type):
            raise TypeError(f"The element in {list_name} should be a class, but got {elem}")
        if list_name == "white_list" and not issubclass(elem, (Cell, Primitive)):
            raise TypeError(f"The subclass of element in {list_name} should be one of 'Cell' and 'Primitive', "
                            f"but got {elem}")
        if list_name == "black_list" and not issubclass(elem, Cell):
            raise TypeError(f"The subclass of element in {list_name} should be one of 'Cell', but got {elem}")
    if list_name == "black_list":
        for elem in get_black_list():
            if elem not in custom_list:
                logger.warning(f"{elem} is removed from internal black list.")


def custom_mixed_precision(network, *, white_list=None, black_list=None, dtype=mstype.float16):
    """Mixed precision by a custom ``white_list`` (Cells/Primitives run in ``dtype``, as level
    O1) or ``black_list`` (everything else in ``dtype``, as level O2); exactly one of them."""
    if not isinstance(network, Cell):
        raise TypeError("The network type should be Cell.")
    if white_list is None and black_list is None:
        raise ValueError("For custom_mixed_precision, one of white_list and black_list must be provided.")
    if white_list is not None and black_list is not None:
        raise ValueError("For custom_mixed_precision, the white_list or black_list cannot be provided "
                         "at the same time, please provide one or the other.")
    _check_dtype(dtype)
    if white_list is not None:
        _list_check(white_list, "white_list")
        return _white_list_process(network, dtype, white_list)
    _list_check(black_list, "black_list")
    network = _auto_black_list(network, black_list, dtype)
    return _OutputTo32(network)


# --- build_train_network ------------------------------------------------------------------------------
def _config_level(level):
    return {
        "O0": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
        "O1": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
        "O2": {"keep_batchnorm_fp32": True, "cast_model_type": mstype.float16,
               "loss_scale_manager": DynamicLossScaleManager()},
        "O3": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float16, "loss_scale_manager": None},
        "auto": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
    }[level]


def _check_kwargs(key_words):
    for arg in key_words:
        if arg not in ['cast_model_type', 'keep_batchnorm_fp32', 'loss_scale_manager']:
            raise ValueError(f"Unsupported arg '{arg}'")
    if 'cast_model_type' in key_words:
        t = key_words['cast_model_type']
        if t not in (mstype.float16, mstype.float32):
            raise TypeError(f"The type of 'cast_model_type' must be in ['Float16', 'Float32'], but got {t}.")
    if 'keep_batchnorm_fp32' in key_words:
        check_value_type('keep_batchnorm_fp32', key_words['keep_batchnorm_fp32'], bool)
    if 'loss_scale_manager' in key_words:
        manager = key_words['loss_scale_manager']
        if manager:
            check_value_type('loss_scale_manager', manager, [LossScaleManager])


def _check_level(level, boost_level):
    if not isinstance(level, str):
        raise TypeError(f"The argument `level` must be a string in ['O0', 'O1', 'O2', 'O3', 'auto'],"
                        f"but got type {type(level)}.")
    if level not in _LEVELS:
        raise ValueError(f"The 'level' must be in {_LEVELS}, but got '{level}'.")
    if boost_level not in ['O0', 'O1', 'O2']:
        raise ValueError(f"The 'boost_level' must be in ['O0', 'O1', 'O2'], but got '{boost_level}'.")
    return level, boost_level in ("O1", "O2")


class _AmpWithLossCell(Cell):
    """``loss_fn(float32(backbone(data)), float32(label))``: the loss cell of a network
    trained in low precision."""

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn
        self._get_attr_from_cell(backbone)

    def construct(self, data, label):
        out = self._backbone(data)
        label = ops.mixed_precision_cast(mstype.float32, label)
        return self._loss_fn(ops.mixed_precision_cast(mstype.float32, out), label)


_AmpWithLossCell.__name__ = "WithLossCell"
_AmpWithLossCell.__qualname__ = "_add_loss_network.<locals>.WithLossCell"


def _add_loss_network(network, loss_fn, cast_model_type):
    check_value_type('loss_fn', loss_fn, Cell)
    if cast_model_type in (mstype.float16, mstype.bfloat16) or \
            getattr(network, "_amp_level", None) in ("O2", "O3", "auto"):
        return _AmpWithLossCell(network, loss_fn)
    return _nn().WithLossCell(network, loss_fn)


def _do_keep_batchnorm_fp32(network):
    cells = network.name_cells()
    change = False
    black = tuple(_amp_list("AMP_BLACK_LIST"))
    for name, subcell in cells.items():
        if subcell is network:
            continue
        if isinstance(subcell, Cell) and isinstance(subcell, black):
            network._cells[name] = _OutputTo16(subcell.to_float(mstype.float32))
            change = True
        else:
            _do_keep_batchnorm_fp32(subcell)
    if isinstance(network, _nn().SequentialCell) and change:
        network.cell_list = list(network.cells())


def _auto_mixed_precision_process(network, config, level):
    if config["cast_model_type"] == mstype.float16:
        network.to_float(mstype.float16)
        if config["keep_batchnorm_fp32"]:
            _do_keep_batchnorm_fp32(network)
    elif not config["keep_batchnorm_fp32"] and level == "O2":
        network.to_float(mstype.float16)
    elif config["cast_model_type"] == mstype.float32 and level in ("O2", "O3"):
        pass
    else:
        network = auto_mixed_precision(network, level)
    return network


def build_train_network(network, optimizer, loss_fn=None, level='O0', boost_level='O0', **kwargs):
    """The training cell of ``network`` (with ``loss_fn`` if given) and ``optimizer`` at
    mixed-precision ``level``: ``nn.TrainOneStepCell``, or ``nn.TrainOneStepWithLossScaleCell``
    when the loss scale manager (level O2's default: ``DynamicLossScaleManager``) has an
    update cell. ``kwargs``: ``cast_model_type``, ``keep_batchnorm_fp32``,
    ``loss_scale_manager`` override the level's settings.

    ``boost_level`` ``O1``/``O2`` trains with ``mindspore.boost``'s
    ``BoostTrainOneStepCell``/``BoostTrainOneStepWithLossScaleCell``."""
    nn = _nn()
    from mscompat import boost  # mscompat.boost imports mscompat.train
    check_value_type('optimizer', optimizer, [nn.Optimizer, boost.FreezeOpt])
    level, enable_boost = _check_level(level, boost_level)
    _check_kwargs(kwargs)
    config = dict(_config_level(level), **kwargs)
    network = _auto_mixed_precision_process(network, config, level)
    if loss_fn:
        network = _add_loss_network(network, loss_fn, config["cast_model_type"])
    loss_scale = None
    manager = config["loss_scale_manager"]
    if manager is not None:
        loss_scale = manager.get_loss_scale()
        update_cell = manager.get_update_cell()
        if update_cell is not None:
            if enable_boost:
                return boost.BoostTrainOneStepWithLossScaleCell(network, optimizer, scale_sense=update_cell).set_train()
            return nn.TrainOneStepWithLossScaleCell(network, optimizer, scale_sense=update_cell).set_train()
    if enable_boost:
        return boost.BoostTrainOneStepCell(network, optimizer, loss_scale).set_train()
    return nn.TrainOneStepCell(network, optimizer, loss_scale).set_train()
