"""``mindspore.graph._utils``: MindSpore's internal graph helpers that model code imports
(``cell_attr_register``)."""
