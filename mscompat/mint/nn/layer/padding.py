"""mint.nn padding layers: constant, zero, reflection and replication padding of the last 1/2/3 axes."""
from mscompat.nn.cell import Cell
from mscompat.mint.nn import functional as F


def _pad_layer(name, nd, mode, with_value):
    def __init__(self, padding, value=None):
        Cell.__init__(self)
        if isinstance(padding, bool) or not isinstance(padding, (int, tuple, list)):
            raise TypeError(f"For '{name}', 'padding' must be an int or a tuple, but got {type(padding).__name__}.")
        pads = (padding,) * (2 * nd) if isinstance(padding, int) else tuple(padding)
        if len(pads) != 2 * nd:
            raise ValueError(f"For '{name}', 'padding' must have {2 * nd} elements, but got {len(pads)}.")
        self.padding = pads
        self.value = (value if with_value else 0) if mode == "constant" else None

    if with_value:
        def init(self, padding, value):
            __init__(self, padding, value)
    else:
        def init(self, padding):
            __init__(self, padding)

    def construct(self, input):
        return F.pad(input, self.padding, mode, self.value)
    return type(name, (Cell,), {"__init__": init, "construct": construct, "__module__": __name__,
                                "__doc__": f"{mode} padding of the last {nd} axes."})


ConstantPad1d = _pad_layer("ConstantPad1d", 1, "constant", True)
ConstantPad2d = _pad_layer("ConstantPad2d", 2, "constant", True)
ConstantPad3d = _pad_layer("ConstantPad3d", 3, "constant", True)
ZeroPad1d = _pad_layer("ZeroPad1d", 1, "constant", False)
ZeroPad2d = _pad_layer("ZeroPad2d", 2, "constant", False)
ZeroPad3d = _pad_layer("ZeroPad3d", 3, "constant", False)
ReflectionPad1d = _pad_layer("ReflectionPad1d", 1, "reflect", False)
ReflectionPad2d = _pad_layer("ReflectionPad2d", 2, "reflect", False)
ReflectionPad3d = _pad_layer("ReflectionPad3d", 3, "reflect", False)
ReplicationPad1d = _pad_layer("ReplicationPad1d", 1, "replicate", False)
ReplicationPad2d = _pad_layer("ReplicationPad2d", 2, "replicate", False)
ReplicationPad3d = _pad_layer("ReplicationPad3d", 3, "replicate", False)
