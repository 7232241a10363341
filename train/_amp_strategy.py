"""AMP strategies (MindSpore's ``_c_expression.amp`` objects): a level (:class:`AmpLevel`), a
low-precision dtype and white and black lists of ``(Primitive name, [argument positions])``, and
:func:`get_prim_cast_strategy_info`, what a strategy does to one Primitive (MindSpore's rules: O1
casts the white list to the dtype, O2 everything to it but the black list, which it casts to
float32, O3 everything, auto the white list to the dtype, the black list to float32 and
:data:`AutoPromoteList` to the widest float type of the inputs).

``_c_expression.amp`` adds the per-thread stack (push/pop); ``amp.auto_mixed_precision(...,
"auto")`` gives the network such a strategy (``amp_strategy``).
"""
import enum

from mscompat.common import dtype as _mstype

__all__ = ["AmpLevel", "AmpStrategy", "PrimCastStrategy", "PrimCastStrategyInfo", "AutoPromoteList",
           "SetDtypeList", "SetDtypeOptList", "create_amp_strategy", "get_prim_cast_strategy_info",
           "new_strategy"]


class _CEnum(enum.IntEnum):
    """An enum of the C++ extension: compares equal to its int, printed ``Class.Member``."""

    def __str__(self):
        return f"{type(self).__name__}.{self.name}"


class AmpLevel(_CEnum):
    """The level of an AMP strategy."""
    AmpO0 = 0
    AmpO1 = 1
    AmpO2 = 2
    AmpO3 = 3
    AmpAuto = 4


class PrimCastStrategy(_CEnum):
    """What a strategy does to one Primitive's inputs."""
    AmpIgnore = 0
    AmpDoCast = 1
    AmpSetDtype = 2
    AmpSetDtypeOpt = 3
    AmpAutoPromote = 4


# level auto: the Primitives whose float inputs are promoted to their widest float type, and
# those whose dtype argument is set (none in MindSpore 2.10)
AutoPromoteList = [(name, []) for name in ("Addcdiv", "Addcmul", "Cross", "_PyboostCrossPrim", "GridSampler2D",
                                           "GridSampler3D", "BiasAdd", "AddN", "Dot", "Concat")]
SetDtypeList = []
SetDtypeOptList = []

_LIST_T = "list[tuple[str, list[int]]]"
_SIGNATURE = (f"(arg0: mindspore::amp::AmpLevel, arg1: mindspore._c_expression.typing.Type, arg2: {_LIST_T}, "
              f"arg3: {_LIST_T})")


def _bad_call(fname, returns, args, kwargs):
    invoked = ", ".join(repr(a) for a in args)
    if kwargs:
        invoked += "; kwargs: " + ", ".join(f"{k}={v!r}" for k, v in kwargs.items())
    return TypeError(f"{fname}(): incompatible function arguments. The following argument types are supported:\n"
                     f"    1. {_SIGNATURE} -> {returns}\n\nInvoked with: {invoked}")


def _prim_list(value):
    """``value`` as a list of ``(name, [positions])``, or None when it is not one."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        return None
    out = []
    for item in value:
        if isinstance(item, (str, bytes)) or not isinstance(item, (list, tuple)) or len(item) != 2:
            return None
        name, positions = item
        if not isinstance(name, str) or isinstance(positions, (str, bytes)) \
                or not isinstance(positions, (list, tuple)):
            return None
        if not all(isinstance(p, int) and not isinstance(p, bool) for p in positions):
            return None
        out.append((name, [int(p) for p in positions]))
    return out


def new_strategy(fname, returns, args, kwargs):
    """The :class:`AmpStrategy` of the pybind-style call ``fname(level, dtype, white_list,
    black_list)`` (``returns``: its declared result, named in the TypeError of a bad call)."""
    if kwargs or len(args) != 4:
        raise _bad_call(fname, returns, args, kwargs)
    level, dtype, white, black = args
    white_list, black_list = _prim_list(white), _prim_list(black)
    if not isinstance(level, AmpLevel) or not (dtype is None or isinstance(dtype, _mstype.Type)) \
            or white_list is None or black_list is None:
        raise _bad_call(fname, returns, args, kwargs)
    return AmpStrategy._make(level, dtype, white_list, black_list)


class AmpStrategy:
    """A level, a low-precision dtype and the white and black lists (made by
    :func:`create_amp_strategy`)."""

    def __new__(cls, *args, **kwargs):
        raise TypeError("mindspore._c_expression.amp.AmpStrategy: No constructor defined!")

    @classmethod
    def _make(cls, level, dtype, white_list, black_list):
        self = object.__new__(cls)
        self._level, self._dtype = level, dtype
        self._white, self._black = white_list, black_list
        return self

    def __reduce__(self):
        raise TypeError("cannot pickle 'mindspore._c_expression.amp.AmpStrategy' object")

    def __copy__(self):
        return self         # immutable: copies of a network share it

    def __deepcopy__(self, memo):
        return self

    def get_amp_level(self):
        return self._level

    def get_amp_dtype(self):
        return self._dtype

    def get_white_list(self):
        return [(name, list(pos)) for name, pos in self._white]

    def get_black_list(self):
        return [(name, list(pos)) for name, pos in self._black]


class PrimCastStrategyInfo:
    """What a strategy does to one Primitive: ``strategy`` (a :class:`PrimCastStrategy`), the
    ``dtype`` its inputs are cast to and ``arg_pos`` (the inputs concerned; empty: all)."""

    def __init__(self, strategy=PrimCastStrategy.AmpIgnore, dtype=_mstype.float32, arg_pos=()):
        self.strategy = strategy
        self.dtype = dtype
        self.arg_pos = list(arg_pos)


def create_amp_strategy(*args, **kwargs):
    """``create_amp_strategy(level, dtype, white_list, black_list)``: a new :class:`AmpStrategy`."""
    return new_strategy("create_amp_strategy", "mindspore::amp::AmpStrategy", args, kwargs)


def _positions(prim_list, prim_name):
    for name, pos in prim_list:
        if name == prim_name:
            return pos
    return None


def get_prim_cast_strategy_info(strategy, prim_name):
    """What ``strategy`` does to the Primitive named ``prim_name``: a :class:`PrimCastStrategyInfo`."""
    if not isinstance(strategy, AmpStrategy) or not isinstance(prim_name, str):
        raise TypeError("get_prim_cast_strategy_info(): incompatible function arguments. The following argument "
                        "types are supported:\n    1. (arg0: mindspore::amp::AmpStrategy, arg1: str) -> "
                        f"mindspore::amp::PrimCastStrategyInfo\n\nInvoked with: {strategy!r}, {prim_name!r}")
    level, low = strategy.get_amp_level(), strategy.get_amp_dtype()
    white, black = _positions(strategy._white, prim_name), _positions(strategy._black, prim_name)
    cast = PrimCastStrategy.AmpDoCast
    if level == AmpLevel.AmpO3:
        return PrimCastStrategyInfo(cast, low)
    if level == AmpLevel.AmpO2:
        return PrimCastStrategyInfo(cast, _mstype.float32, black) if black is not None \
            else PrimCastStrategyInfo(cast, low)
    if level in (AmpLevel.AmpO1, AmpLevel.AmpAuto) and white is not None:
        return PrimCastStrategyInfo(cast, low, white)
    if level == AmpLevel.AmpAuto:
        if black is not None:
            return PrimCastStrategyInfo(cast, _mstype.float32, black)
        for table, kind in ((AutoPromoteList, PrimCastStrategy.AmpAutoPromote),
                            (SetDtypeList, PrimCastStrategy.AmpSetDtype),
                            (SetDtypeOptList, PrimCastStrategy.AmpSetDtypeOpt)):
            pos = _positions(table, prim_name)
            if pos is not None:
                return PrimCastStrategyInfo(kind, _mstype.float32, pos)
    return PrimCastStrategyInfo()
