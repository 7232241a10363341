"""``mindspore._extends``: MindSpore's internal extension package. Only the part that user and
test code imports is here: ``_extends.parse.compile_config``."""
