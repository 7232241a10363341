"""Parameter and cell iteration, parameter naming and scopes of :class:`mscompat.nn.Cell`.

Functions here are methods of ``Cell`` (imported into its class body) with MindSpore
2.10's semantics: iteration orders, de-duplication of shared Parameters and cells, the
naming rules of ``update_parameters_name`` and the duplicate-name checks.
"""
import logging
from collections import OrderedDict

from mscompat.common.parameter import ParameterTuple
from mscompat._checkparam import check_non_negative_int, check_str_by_regular, check_str_and_none_by_regular
from mscompat import context

logger = logging.getLogger("mscompat")




def parameters_and_names(self, name_prefix='', expand=True):
    """Iterator of ``(path, Parameter)``, each Parameter once, this cell's first, then
    the sub cells' in registration order (only this cell's if not ``expand``)."""
    cells = self.cells_and_names(name_prefix=name_prefix) if expand else [(name_prefix, self)]
    seen = set()
    for cell_name, cell in cells:
        for par_name, par in cell._params.items():
            if par is None:
                continue
            inited = getattr(par, "inited_param", None)
            if inited is not None:
                par = inited
            if id(par) in seen:
                continue
            seen.add(id(par))
            yield (cell_name + '.' + par_name if cell_name else par_name), par

def cells_and_names(self, cells=None, name_prefix=''):
    """Iterator of ``(path, cell)`` over this cell and all sub cells, each once."""
    t_cells = cells if cells else set()
    if self in t_cells:
        return
    t_cells.add(self)
    yield name_prefix, self
    for name, cell in self._cells.items():
        if cell:
            yield from cell.cells_and_names(t_cells, name_prefix + '.' + name if name_prefix else name)

def name_cells(self):
    """OrderedDict of the direct child cells by name (each cell once)."""
    seen = set()
    cells = OrderedDict()
    for name, cell in self._cells.items():
        if cell is not None and id(cell) not in seen:
            seen.add(id(cell))
            cells[name] = cell
    return cells

def cells(self):
    """The direct child cells."""
    return self.name_cells().values()

def get_parameters(self, expand=True):
    """Iterator over the Parameters (see :meth:`parameters_and_names`)."""
    for _, param in self.parameters_and_names(expand=expand):
        yield param

def trainable_params(self, recurse=True):
    """List of the Parameters with ``requires_grad``."""
    return [p for p in self.get_parameters(expand=recurse) if p.requires_grad]

def untrainable_params(self, recurse=True):
    """List of the Parameters without ``requires_grad``."""
    return [p for p in self.get_parameters(expand=recurse) if not p.requires_grad]

def parameters_dict(self, recurse=True):
    """OrderedDict of the Parameters by their ``name``."""
    out = OrderedDict()
    for param in self.get_parameters(expand=recurse):
        out[param.name] = param
    return out

def parameters_broadcast_dict(self, recurse=True):
    """Like :meth:`parameters_dict` without layerwise-parallel Parameters; None if empty."""
    out = OrderedDict()
    for param in self.get_parameters(expand=recurse):
        if param.layerwise_parallel is False:
            out[param.name] = param
    return out or None

def update_parameters_name(self, prefix='', recurse=True):
    """Name every Parameter ``prefix + path``."""
    check_str_and_none_by_regular(prefix)
    for name, param in self.parameters_and_names(expand=recurse):
        if prefix != '':
            param.is_init = False
        param.name = prefix + name

def _update_local_parameters_name(self, prefix='', recurse=True):
    check_str_by_regular(prefix)
    for name, param in self.parameters_and_names(expand=recurse):
        if name in self._user_parameters:
            continue
        if prefix != '':
            param.is_init = False
        param.name = prefix + name

def check_names_and_refresh_name(self):
    """If two Parameters share a name, rename all to their paths, then check again."""
    if "_params" not in self.__dict__:
        return
    names = [p.name for p in dict(self.parameters_and_names()).values()]
    if len(set(names)) < len(names):
        self.update_parameters_name()
        self.check_names()

def check_names(self):
    """ValueError if two Parameters have the same name."""
    names = set()
    for value, param in self.parameters_and_names():
        if param.name in names:
            raise ValueError("The value of {} is {}, its name '{}' already exists. "
                             "Please set a unique name for the parameter.".format(value, param, param.name))
        names.add(param.name)

def init_parameters_data(self, auto_parallel_mode=False):
    """Materialize lazily initialized Parameters; returns ``{old: new}``."""
    replace = {}

    def _update(param):
        if param in replace:
            return replace[param]
        new_p = param.init_data(None, set_sliced=param.sliced)
        replace[param] = new_p
        return new_p

    for _, cell in self.cells_and_names():
        for param_name, param in cell._params.items():
            if param is None:
                continue
            if not auto_parallel_mode or param.name in self.parallel_parameter_name_list:
                cell._params[param_name] = _update(param)
        for key, value in list(cell.__dict__.items()):
            if isinstance(value, ParameterTuple):
                cell.__dict__[key] = ParameterTuple(
                    _update(p) if (not auto_parallel_mode or p.name in self.parallel_parameter_name_list)
                    else p for p in value)
    return replace

def remove_redundant_parameters(self):
    """Deprecated in MindSpore (only logs a warning there too)."""
    logger.warning("'remove_redundant_parameters' will be deprecated in future versions.")

def set_comm_fusion(self, fusion_type, recurse=True):
    """Set ``comm_fusion`` of every trainable Parameter."""
    check_non_negative_int(fusion_type)
    for param in self.trainable_params(recurse):
        param.comm_fusion = fusion_type
    return self

def _set_scope(self, name):
    if self._scope is None:
        self._scope = name
    elif self._scope == 'recompute_':
        self._scope = self._scope + name

def _children_scope_recursive(self, parent_prefix='Default'):
    try:
        reserve = context.get_context("reserve_class_name_in_scope")
    except ValueError:
        reserve = True
    if reserve is None:       # never set: MindSpore's default keeps the class names
        reserve = True
    for name, cell in self.name_cells().items():
        yield parent_prefix + "/" + name + (("-" + cell.__class__.__name__) if reserve else ""), cell
    for name, cell in self.name_cells().items():
        class_name = ("-" + cell.__class__.__name__) if reserve else ""
        yield from cell._children_scope_recursive(parent_prefix + "/" + name + class_name)

def get_scope(self):
    """The scope string of this cell (set by :meth:`generate_scope`)."""
    return self._scope

def generate_scope(self):
    """Set the scope of every sub cell (``Default/<path>-<Class>``)."""
    for name, cell in self._children_scope_recursive():
        cell._set_scope(name)
