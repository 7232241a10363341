"""``mindspore._extends``: MindSpore's internal extension package. Only the parts that user, model
and test code import are here: ``_extends.parse.compile_config`` and ``cell_attr_register``."""
from mscompat.graph._utils.cell_attr_register import cell_attr_register

__all__ = ["cell_attr_register"]
