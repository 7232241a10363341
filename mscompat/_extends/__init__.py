"""``mindspore._extends``: MindSpore's internal extension package. Only the part that user and
test code imports is here: ``_extends.parse.compile_config``."""
from mscompat.graph._utils.cell_attr_register import cell_attr_register

__all__ = ["cell_attr_register"]
