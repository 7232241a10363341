"""``mindspore.ops.Primitive`` and its helpers.

A Primitive is a configured op: constructor arguments become attributes (``prim.attrs``),
calling it runs the op. Primitives registered through :func:`ops._registry.primitive`
share the functional op's implementation. User subclasses work as in MindSpore:
``@prim_attr_register`` records ``__init__`` arguments; a ``PrimitiveWithInfer`` subclass
that defines ``infer_shape``/``infer_dtype``/``infer_value`` is evaluated through them.

>>> from mscompat import ops
>>> ops.ReduceSum(keep_dims=True).attrs["keep_dims"]
True
"""
import functools
import inspect

import jax
from mscompat.parallel._strategy import check_strategy_arg
from mscompat.common.tensor import Tensor
from mscompat.parallel import _mesh, _strategy

__all__ = ["Primitive", "PrimitiveWithInfer", "PrimitiveWithCheck", "prim_attr_register",
           "prim_arg_register", "constexpr"]


class Primitive:
    """Base of all primitives."""

    _repr_ignore_list = ["input_names", "output_names"]

    def __init__(self, name):
        self.name = name
        self.attrs = {}
        self.init_attrs = {"name": name}
        self.instance_name = ""
        self._update_parameter = False
        self.in_strategy = None
        self.out_strategy = None

    def add_prim_attr(self, name, value):
        """Set attribute ``name``; returns ``self`` so calls can chain."""
        self.__dict__[name] = value
        self.attrs[name] = value
        return self

    def del_prim_attr(self, name):
        if name in self.__dict__ and name in self.attrs:
            del self.__dict__[name]
            del self.attrs[name]
        return self

    def set_prim_instance_name(self, instance_name):
        self.instance_name = instance_name
        return self

    def set_device(self, device_target):
        return self.add_prim_attr("primitive_target", device_target)

    def set_stage(self, stage):
        if not isinstance(stage, int) or isinstance(stage, bool) or stage < 0:
            raise TypeError(f"For 'set_stage', the argument 'stage' must be a non-negative int, but got {stage}.")
        return self.add_prim_attr("stage", stage)

    def shard(self, in_strategy=None, out_strategy=None):
        """Set the operator's strategy (tuple of split counts per input, or a tuple of
        ``mindspore.parallel.Layout``) for SEMI_AUTO_PARALLEL / AUTO_PARALLEL; in those modes the
        compiled program constrains the inputs and output accordingly (an op policy at the
        dispatch point, ``mscompat.parallel._auto``, reading the instance's strategy attributes);
        other modes ignore it, as MindSpore does."""
        if in_strategy is None and out_strategy is None:
            return self
        in_is_layout = out_is_layout = None
        if in_strategy is not None:
            in_is_layout = check_strategy_arg(self, in_strategy, "in_strategy")
        if out_strategy is not None:
            out_is_layout = check_strategy_arg(self, out_strategy, "out_strategy")
        is_layout = in_is_layout if in_is_layout is not None else out_is_layout
        if out_is_layout is not None and is_layout != out_is_layout:
            raise ValueError("The in_strategy type must equal to the out_strategy type, one using tuple(tuple) and "
                             "the other using tuple(Layout) is not allowed.")
        if in_strategy is None and out_strategy is not None:
            raise ValueError(f"The out_strategy of {self.name} is {out_strategy}, need to set in_strategy, "
                             "but got none")
        if is_layout:
            self.add_prim_attr("in_layout", tuple({k: v for k, v in lay.to_dict().items() if k != "rank_list"}
                                                  for lay in in_strategy))
            self.__dict__["_in_layout_objs"] = in_strategy
            if out_strategy is not None:
                self.add_prim_attr("out_layout", tuple({k: v for k, v in lay.to_dict().items() if k != "rank_list"}
                                                       for lay in out_strategy))
                self.__dict__["_out_layout_objs"] = out_strategy
        else:
            self.in_strategy, self.out_strategy = in_strategy, out_strategy
            if in_strategy is not None:
                self.add_prim_attr("in_strategy", in_strategy)
            if out_strategy is not None:
                self.add_prim_attr("out_strategy", out_strategy)
        return self

    def recompute(self, mode=True):
        return self.add_prim_attr("recompute", mode)

    def place(self, role, rank_id):
        return self.add_prim_attr("ms_role", role)

    def init_prim_io_names(self, inputs, outputs):
        self.add_prim_attr("input_names", inputs)
        self.add_prim_attr("output_names", outputs)

    def update_parameter(self):
        return self._update_parameter

    def check_elim(self, *args):
        return (False, None)

    def __call__(self, *args):
        impl = getattr(type(self), "_impl", None)
        if impl is None:
            raise RuntimeError(f"prim:{self.name} has no attr:__infer__ (no implementation in mscompat; "
                               "define __call__ or infer_value in the subclass, or use a functional op).")
        return impl(*args)

    def __deepcopy__(self, memo):
        new = object.__new__(type(self))
        new.__dict__.update({k: (dict(v) if isinstance(v, dict) else v) for k, v in self.__dict__.items()})
        return new

    def __repr__(self):
        attr = ", ".join(f"{k}={v}" for k, v in self.attrs.items() if k not in Primitive._repr_ignore_list)
        return f"Prim[{self.name}]" + (f"<{attr}>" if attr else "")

    # Infer helpers shared by every generated primitive.
    def infer(self, *args):
        """Shape and dtype of the output for ``args`` (computed abstractly, no data)."""
        out = jax.eval_shape(lambda *a: self(*a), *args)
        return jax.tree_util.tree_map(lambda s: {"shape": tuple(s.shape), "dtype": s.dtype}, out,
                                      is_leaf=lambda x: isinstance(x, Tensor))


class PrimitiveWithCheck(Primitive):
    """A Primitive whose subclasses may define ``check_shape``/``check_dtype``."""

    def check_shape(self, *args):
        return None

    def check_dtype(self, *args):
        return None

    def __call__(self, *args):
        self.check_shape(*[list(a.shape) if isinstance(a, Tensor) else a for a in args])
        self.check_dtype(*[a.dtype if isinstance(a, Tensor) else a for a in args])
        return Primitive.__call__(self, *args)


class PrimitiveWithInfer(Primitive):
    """A Primitive whose subclasses may define ``infer_shape``, ``infer_dtype``, ``infer_value``.

    Calling one runs its ``infer_value`` when defined (MindSpore evaluates such user
    primitives on constant inputs this way); generated primitives run their JAX
    implementation.
    """

    def infer_shape(self, *args):
        return None

    def infer_dtype(self, *args):
        return None

    def infer_value(self, *args):
        return None

    def __infer__(self, *args):
        """MindSpore's abstract evaluation: ``args`` are ``{'shape', 'dtype', 'value'}`` dicts."""
        out = {"shape": self.infer_shape(*[a["shape"] for a in args]),
               "dtype": self.infer_dtype(*[a["dtype"] for a in args]),
               "value": None}
        if all(a.get("value") is not None for a in args):
            out["value"] = self.infer_value(*[a["value"] for a in args])
        return out

    def __call__(self, *args):
        if type(self).infer_value is not PrimitiveWithInfer.infer_value:
            out = self.infer_value(*args)
            if out is not None:
                return out
        return Primitive.__call__(self, *args)


def prim_attr_register(fn):
    """Decorator for a Primitive's ``__init__``: records every argument as an attribute."""
    @functools.wraps(fn)
    def deco(self, *args, **kwargs):
        name = getattr(type(self), "substitute_name", type(self).__name__)
        base = PrimitiveWithInfer if isinstance(self, PrimitiveWithInfer) else (
            PrimitiveWithCheck if isinstance(self, PrimitiveWithCheck) else Primitive)
        base.__init__(self, name)
        bound = inspect.signature(fn).bind(self, *args, **kwargs)
        bound.apply_defaults()
        arguments = dict(bound.arguments)
        del arguments["self"]
        del self.init_attrs["name"]
        for k, v in arguments.items():
            self.add_prim_attr(k, v)
            self.init_attrs[k] = v
        fn(self, *args, **kwargs)

    deco.decorated_func = fn
    return deco


prim_arg_register = prim_attr_register


def constexpr(fn=None, get_instance=True, name=None, reuse_result=True, check=True):
    """``ops.constexpr``: marks a function evaluated on constants at compile time.

    As in MindSpore the result is a ``PrimitiveWithInfer`` (an instance, or the class with
    ``get_instance=False``) whose call runs the function; in mscompat it runs as plain
    Python while tracing.
    """
    def deco(f):
        class ProxyOp(PrimitiveWithInfer):
            def __init__(self):
                super().__init__(name if name else f.__name__)
                self.fn = f
                self.add_prim_attr("constexpr_prim", True)
                if not reuse_result:
                    self.add_prim_attr("forbid_reuse_result", True)

            def __infer__(self, *args):
                return {"dtype": None, "shape": None, "value": f(*[a["value"] for a in args])}

            def __call__(self, *args, **kwargs):
                return f(*args, **kwargs)

        ProxyOp.__doc__ = f.__doc__
        return ProxyOp() if get_instance else ProxyOp
    if fn is not None:
        return deco(fn)
    return deco


def _primexpr(fn=None, get_instance=True, name=None, reuse_result=True):
    """MindSpore's internal ``_primexpr``: :func:`constexpr` whose function MindSpore compiles into
    the graph when an input is a variable. mscompat runs both as Python while tracing, so it is
    :func:`constexpr` (a ``PrimitiveWithInfer`` that calls ``fn``)."""
    return constexpr(fn, get_instance=get_instance, name=name, reuse_result=reuse_result)


def _check_attr(prim_name, attr, value, default, types):
    """Validate a generated primitive's attribute as MindSpore's validator does."""
    if types is None:  # MindSpore 2.10's generated primitives check attributes at call time
        return value
    types = tuple(types)
    bad = (isinstance(value, bool) and bool not in types) or not isinstance(value, types)
    if bad:
        names = [t.__name__ for t in types]
        one = len(names) == 1
        raise TypeError(f"For '{prim_name}', the type of '{attr}' should be {'' if one else 'one of '}"
                        f"'{names[0] if one else names}', but got type '{type(value).__name__}'.")
    return value
