"""Cell containers: ``SequentialCell``, ``CellList``, ``CellDict`` (``mindspore.nn.layer.container``).

Children are registered under ``"0"``, ``"1"``, ... (or the given keys) and their
Parameters are renamed ``<prefix><key>.<path>`` as in MindSpore, where ``<prefix>`` is the
part of the existing children's Parameter names in front of their key (the container's own
path once it is attached to a parent).
"""
from collections import OrderedDict, abc

from .cell import Cell

__all__ = ['SequentialCell', 'CellList', 'CellDict']


def _valid_index(cell_num, index, op_name=None):
    msg_prefix = f"For '{op_name}', the" if op_name else "The"
    if not isinstance(index, int):
        raise TypeError(f"{msg_prefix} type of 'index' must be int, but got {type(index).__name__}.")
    if not -cell_num <= index < cell_num:
        raise IndexError(f"{msg_prefix} value of 'index' must be a number in range [{-cell_num}, {cell_num}), "
                         f"but got {index}.")
    return index % cell_num


def _valid_index_for_inserting(cell_num, index, op_name=None):
    msg_prefix = f"For '{op_name}', the" if op_name else "The"
    if not isinstance(index, int):
        raise TypeError(f"{msg_prefix} type of 'index' must be int, but got {type(index).__name__}.")
    if not -cell_num <= index <= cell_num:
        raise IndexError(f"{msg_prefix} value of 'index' must be a number in range [{-cell_num}, {cell_num}], "
                         f"but got {index}.")
    return index % cell_num if (cell_num != 0 and index != cell_num) else index


def _valid_cell(cell, op_name=None):
    if issubclass(cell.__class__, Cell):
        return True
    msg_prefix = f"For '{op_name}'," if op_name else ""
    raise TypeError(f'{msg_prefix} each cell must be subclass of Cell, but got {type(cell).__name__}.')


def _get_prefix_and_index(cells):
    """The name prefix in front of the children's keys in their Parameter names, and the
    position of the key among the dotted parts."""
    prefix, index = "", 0
    if not cells:
        return prefix, index
    first_param = first_key = second_param = second_key = None
    for key, cell in cells.items():
        try:
            _, param = next(cell.parameters_and_names())
        except StopIteration:
            continue
        if first_param is None:
            first_param, first_key = param, key
            continue
        second_param, second_key = param, key
        break
    if first_param is None:
        return prefix, index
    split_names = first_param.name.split(".")
    for idx, name in enumerate(split_names):
        if name == first_key:
            prefix = ".".join(split_names[:idx])
            prefix = prefix + "." if prefix else prefix
            index = idx
            if second_param is not None and second_param.name.split(".")[idx] == second_key:
                break
    return prefix, index


def _rename_tail(cell, prefix, key, key_index):
    for _, param in cell.parameters_and_names():
        param.name = prefix + key + "." + ".".join(param.name.split(".")[key_index + 1:])



def _insert_cell(container, index, cell):
    """Insert ``cell`` before position ``index`` of a SequentialCell or CellList, shifting
    the later cells' keys and, with ``auto_prefix``, their Parameter names."""
    cls_name = container.__class__.__name__
    idx = _valid_index_for_inserting(len(container), index, cls_name)
    _valid_cell(cell, cls_name)
    length = len(container)
    cells = container._cells
    prefix, key_index = _get_prefix_and_index(cells)
    while length > idx:
        if container._auto_prefix:
            _rename_tail(cells[str(length - 1)], prefix, str(length), key_index)
        cells[str(length)] = cells[str(length - 1)]
        length -= 1
    cells[str(idx)] = cell
    if container._auto_prefix:
        cell.update_parameters_name(prefix + str(idx) + ".")

class _CellListBase:
    """Marks a cell that behaves as a list of cells."""

    def __init__(self):
        self.__cell_as_list__ = True

    def construct(self):
        raise NotImplementedError


class _CellDictBase:
    """Marks a cell that behaves as a dict of cells."""

    def __init__(self):
        self.__cell_as_dict__ = True

    def construct(self):
        raise NotImplementedError


class SequentialCell(Cell):
    """Runs its cells one after another: ``SequentialCell([a, b])(x) == b(a(x))``.

    Args:
        args: Cells, one list of Cells, or an OrderedDict of named Cells.
    """

    def __init__(self, *args):
        super().__init__()
        self._is_dynamic_name = []
        if len(args) == 1:
            cells = args[0]
            if isinstance(cells, Cell):
                self._append_named("0", cells, True)
            elif isinstance(cells, list):
                for index, cell in enumerate(cells):
                    self._append_named(str(index), cell, True)
            elif isinstance(cells, OrderedDict):
                for name, cell in cells.items():
                    self._append_named(name, cell, False)
            else:
                raise TypeError(f"For '{self.__class__.__name__}', the 'args[0]' must be Cell, list or orderedDict, "
                                f"but got {type(cells).__name__}")
        else:
            for index, cell in enumerate(args):
                self._append_named(str(index), cell, True)
        self.cell_list = list(self._cells.values())

    def _append_named(self, name, cell, dynamic):
        self.insert_child_to_cell(name, cell)
        cell.update_parameters_name(name + ".")
        self._is_dynamic_name.append(dynamic)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self.__class__(OrderedDict(list(self._cells.items())[index]))
        index = _valid_index(len(self), index, self.__class__.__name__)
        return list(self._cells.values())[index]

    def __setitem__(self, index, cell):
        cls_name = self.__class__.__name__
        if _valid_cell(cell, cls_name):
            prefix, _ = _get_prefix_and_index(self._cells)
            index = _valid_index(len(self), index, cls_name)
            key = list(self._cells.keys())[index]
            self._cells[key] = cell
            cell.update_parameters_name(prefix + key + ".")
            self.cell_list = list(self._cells.values())

    def __delitem__(self, index):
        cls_name = self.__class__.__name__
        if isinstance(index, int):
            index = _valid_index(len(self), index, cls_name)
            del self._cells[list(self._cells.keys())[index]]
            del self._is_dynamic_name[index]
        elif isinstance(index, slice):
            for key in list(self._cells.keys())[index]:
                del self._cells[key]
            del self._is_dynamic_name[index]
        else:
            raise TypeError(f"For '{cls_name}', the type of index must be int type or slice type, "
                            f"but got {type(index).__name__}")
        prefix, key_index = _get_prefix_and_index(self._cells)
        temp = OrderedDict()
        for idx, key in enumerate(self._cells.keys()):
            cell = self._cells[key]
            if self._is_dynamic_name[idx]:
                _rename_tail(cell, prefix, str(idx), key_index)
                temp[str(idx)] = cell
            else:
                temp[key] = cell
        self.__dict__["_cells"] = temp
        self.cell_list = list(self._cells.values())

    def __bool__(self):
        return len(self._cells) != 0

    def __len__(self):
        return len(self._cells)

    def set_grad(self, flag=True):
        self.requires_grad = flag
        for cell in self._cells.values():
            cell.set_grad(flag)

    def append(self, cell):
        """Append ``cell`` at the end."""
        if _valid_cell(cell, self.__class__.__name__):
            prefix, _ = _get_prefix_and_index(self._cells)
            cell.update_parameters_name(prefix + str(len(self)) + ".")
            self._is_dynamic_name.append(True)
            self._cells[str(len(self))] = cell
        self.cell_list = list(self._cells.values())

    def construct(self, input_data):
        for cell in self.cell_list:
            input_data = cell(input_data)
        return input_data

    def _insert(self, index, cell):
        """Insert ``cell`` before position ``index``."""
        _insert_cell(self, index, cell)
        self.cell_list = list(self._cells.values())
        self._is_dynamic_name.insert(index, True)


class CellList(_CellListBase, Cell):
    """A list of cells (registered as ``"0"``, ``"1"``, ...); not callable itself.

    Args:
        args (list): the initial Cells. ``auto_prefix`` (keyword) as in :class:`Cell`.
    """

    def __init__(self, *args, **kwargs):
        auto_prefix = kwargs["auto_prefix"] if "auto_prefix" in kwargs else True
        _CellListBase.__init__(self)
        Cell.__init__(self, auto_prefix)
        if len(args) == 1:
            self.extend(args[0])

    def __getitem__(self, index):
        cls_name = self.__class__.__name__
        if isinstance(index, slice):
            return CellList(list(self._cells.values())[index])
        if isinstance(index, int):
            index = _valid_index(len(self), index, cls_name)
            return self._cells[str(index)]
        raise TypeError(f"For '{cls_name}', the type of 'index' must be int or slice, "
                        f"but got {type(index).__name__}.")

    def __setitem__(self, index, cell):
        cls_name = self.__class__.__name__
        if not isinstance(index, int) and _valid_cell(cell, cls_name):
            raise TypeError(f"For '{cls_name}', the type of 'index' must be int, "
                            f"but got {type(index).__name__}.")
        index = _valid_index(len(self), index, cls_name)
        if self._auto_prefix:
            prefix, _ = _get_prefix_and_index(self._cells)
            cell.update_parameters_name(prefix + str(index) + ".")
        self._cells[str(index)] = cell

    def __delitem__(self, index):
        cls_name = self.__class__.__name__
        if isinstance(index, int):
            index = _valid_index(len(self), index, cls_name)
            del self._cells[str(index)]
        elif isinstance(index, slice):
            for key in list(self._cells.keys())[index]:
                del self._cells[key]
        else:
            raise TypeError(f"For '{cls_name}', the type of 'index' must be int or slice, "
                            f"but got {type(index).__name__}.")
        prefix, key_index = _get_prefix_and_index(self._cells)
        temp = OrderedDict()
        for idx, cell in enumerate(self._cells.values()):
            if self._auto_prefix:
                _rename_tail(cell, prefix, str(idx), key_index)
            temp[str(idx)] = cell
        self.__dict__["_cells"] = temp

    def __bool__(self):
        return len(self._cells) != 0

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells.values())

    def __iadd__(self, cells):
        self.extend(cells)
        return self

    def insert(self, index, cell):
        """Insert ``cell`` before position ``index``."""
        _insert_cell(self, index, cell)

    def extend(self, cells):
        """Append every Cell of the list ``cells``."""
        cls_name = self.__class__.__name__
        if not isinstance(cells, list):
            raise TypeError(f"For '{cls_name}', the new cells wanted to append "
                            f"should be instance of list, but got {type(cells).__name__}.")
        prefix, _ = _get_prefix_and_index(self._cells)
        for cell in cells:
            if isinstance(cell, CellDict):
                raise TypeError(f"For '{cls_name}', the type of cell can not be CellDict, "
                                f"but got {type(cell).__name__}.")
            if _valid_cell(cell, cls_name):
                if self._auto_prefix:
                    cell.update_parameters_name(prefix + str(len(self)) + ".")
                self._cells[str(len(self))] = cell
        return self

    def append(self, cell):
        """Append ``cell`` at the end."""
        if _valid_cell(cell, self.__class__.__name__):
            if self._auto_prefix:
                prefix, _ = _get_prefix_and_index(self._cells)
                cell.update_parameters_name(prefix + str(len(self)) + ".")
            self._cells[str(len(self))] = cell

    def set_grad(self, flag=True):
        self.requires_grad = flag
        for cell in self._cells.values():
            cell.set_grad(flag)

    def construct(self, *inputs):
        raise NotImplementedError


class CellDict(_CellDictBase, Cell):
    """A dict of cells by string key; not callable itself.

    Args:
        args: a mapping or an iterable of ``(key, Cell)`` pairs. ``auto_prefix`` (keyword)
            as in :class:`Cell`.
    """

    def __init__(self, *args, **kwargs):
        auto_prefix = kwargs["auto_prefix"] if "auto_prefix" in kwargs else True
        _CellDictBase.__init__(self)
        Cell.__init__(self, auto_prefix)
        if len(args) == 1:
            self.update(args[0])

    def __getitem__(self, key):
        return self._cells[key]

    def __setitem__(self, key, cell):
        self._validate_key(key)
        self._validate_cell_type(cell)
        self._update_cell_para_name(key, cell)
        self._cells[key] = cell

    def __delitem__(self, key):
        del self._cells[key]

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells)

    def __contains__(self, key):
        return key in self._cells

    def _validate_key(self, key):
        cls_name = self.__class__.__name__
        if not isinstance(key, str):
            raise TypeError(f"For '{cls_name}', the type of key should be string "
                            f"but got {type(key).__name__}.")
        if hasattr(self, key) and key not in self._cells:
            raise KeyError(f"For '{cls_name}', the key can not be same with the attributes of Cell, "
                           f"but got key {key}.")
        if '.' in key:
            raise KeyError(f"For '{cls_name}', key can not contain \".\", but got key {key}")
        if key == '':
            raise KeyError(f"For '{cls_name}', key can not be empty string \"\", but got key {key}")

    def _validate_cell_type(self, cell):
        cls_name = self.__class__.__name__
        if cell is None:
            raise TypeError(f"For '{cls_name}', cell can not be None.")
        if not isinstance(cell, Cell):
            raise TypeError(f"For '{cls_name}', the type of cell should be Cell, "
                            f"but got {type(cell).__name__}.")
        if isinstance(cell, (CellDict, CellList, SequentialCell)):
            raise TypeError(f"For '{cls_name}', the type of cell can not be CellDict, CellList or SequentialCell, "
                            f"but got {type(cell).__name__}.")

    def _update_cell_para_name(self, key, cell):
        if self._auto_prefix:
            prefix, _ = _get_prefix_and_index(self._cells)
            cell.update_parameters_name(prefix + key + ".")

    def clear(self):
        """Remove every cell."""
        return self._cells.clear()

    def pop(self, key):
        """Remove ``key`` and return its cell (KeyError if absent)."""
        value = self[key]
        del self[key]
        return value

    def keys(self):
        return self._cells.keys()

    def values(self):
        return self._cells.values()

    def items(self):
        return self._cells.items()

    def update(self, cells):
        """Add or replace cells from a mapping or an iterable of ``(key, Cell)`` pairs."""
        if not isinstance(cells, abc.Iterable):
            raise TypeError("CellDict.update() should be called with an iterable of key-value pairs, but got "
                            + type(cells).__name__)
        if isinstance(cells, (OrderedDict, CellDict, abc.Mapping)):
            for key, cell in cells.items():
                self[key] = cell
        else:
            for i, k_v in enumerate(cells):
                if not isinstance(k_v, abc.Iterable):
                    raise TypeError("CellDict update sequence element #" + str(i) + " should be Iterable; but got "
                                    + type(k_v).__name__)
                if len(k_v) != 2:
                    raise ValueError("CellDict update sequence element #" + str(i)
                                     + ", length should be 2; but has length " + str(len(k_v)))
                self[k_v[0]] = k_v[1]

    def construct(self, *inputs):
        raise NotImplementedError
