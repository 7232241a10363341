"""``nn.GraphCell``: a Cell that runs a graph loaded by ``mindspore.load``.

The graph's parameters become this Cell's Parameters under their names in the file
(``conv1.weight``, ...), so ``parameters_dict()``, ``load_param_into_net`` and checkpoints see
them as in MindSpore. Calling the Cell runs the graph with mscompat's ops, compiled once per
input signature in GRAPH_MODE and in PYNATIVE_MODE (``jit``), as MindSpore runs a loaded graph.

>>> import numpy as np, mscompat as ms
>>> net = ms.nn.Conv2d(1, 1, kernel_size=3, weight_init="ones")
>>> x = ms.Tensor(np.ones([1, 1, 3, 3], np.float32))
>>> ms.export(net, x, file_name="/tmp/net", file_format="MINDIR")
>>> ms.nn.GraphCell(ms.load("/tmp/net.mindir"))(x).shape
(1, 1, 3, 3)
"""
from mscompat.common.tensor import Tensor
from mscompat.common.parameter import Parameter
from mscompat.common.api import jit
from mscompat.train._mindir_load import FuncGraph
from .cell import Cell

__all__ = ["GraphCell"]


class GraphCell(Cell):
    """Runs a graph loaded from a MindIR (or STABLEHLO) file.

    Args:
        graph (FuncGraph): what ``mindspore.load`` returned.
        params_init (dict): ``{parameter name: Tensor or Parameter}`` values that replace the
            file's values of the parameters of those names; other names are ignored. Default: None.
        obf_random_seed: dynamic obfuscation, not supported (must be None).
    """

    def __init__(self, graph, params_init=None, obf_random_seed=None):
        super().__init__(auto_prefix=True)
        if obf_random_seed is not None:
            raise NotImplementedError("Dynamic structure obfuscation is not supported now.")
        if not isinstance(graph, FuncGraph):
            raise TypeError(f"For 'GraphCell', the argument 'graph' must be a FuncGraph loaded from MindIR, "
                            f"but got type {type(graph)}.")
        params_init = {} if params_init is None else params_init
        if not isinstance(params_init, dict):
            raise TypeError(f"For 'GraphCell', the argument 'params_init' must be a dict, but got {type(params_init)}.")
        for name, value in params_init.items():
            if not isinstance(name, str) or not isinstance(value, Tensor):
                raise TypeError("For 'GraphCell', the key of the 'params_init' must be str, "
                                "and the value must be Tensor or Parameter, "
                                f"but got the key type: {type(name)}, and the value type: {type(value)}")
        self.graph = graph
        for name, array in graph.parameters().items():
            value = params_init.get(name)
            data = Tensor(array) if value is None else Tensor(value.asnumpy())
            if tuple(data.shape) != tuple(array.shape):
                raise ValueError(f"For 'GraphCell', the shape of 'params_init[{name!r}]' must be "
                                 f"{list(array.shape)}, but got {list(data.shape)}.")
            param = Parameter(data, name=name)
            self.insert_param_to_cell(name, param, check_name_contain_dot=False)

    @jit
    def construct(self, *inputs):
        # compiled in either mode, as MindSpore's GraphCell (a loaded graph is always run compiled)
        return self.graph.run(self._params, *inputs)
