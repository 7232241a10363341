"""MindRecord's exception classes (same names, codes and ``str`` form as ``mindspore.mindrecord``)."""

_EXCEPTIONS = {
    'UnknownError': (0, 'Unknown Error.'),
    'ParamTypeError': (1, 'Param type is error.'),
    'ParamValueError': (2, 'Param value is error.'),
    'ParamMissError': (3, 'Param missing.'),
    'PathNotExistsError': (4, 'Path does not exist.'),
    'DbConnectionError': (5, 'Db connection is error.'),
    'MRMOpenError': (100, 'MindRecord could not open.'),
    'MRMOpenForAppendError': (101, 'MindRecord could not open for append.'),
    'MRMInvalidPageSizeError': (102, 'Failed to set page size.'),
    'MRMInvalidHeaderSizeError': (103, 'Failed to set header size.'),
    'MRMSetHeaderError': (104, 'Failed to set header.'),
    'MRMWriteDatasetError': (105, 'Failed to write dataset.'),
    'MRMCommitError': (107, 'Failed to commit.'),
    'MRMLaunchError': (108, 'Failed to launch.'),
    'MRMFinishError': (109, 'Failed to finish.'),
    'MRMCloseError': (110, 'Failed to close.'),
    'MRMAddSchemaError': (111, 'Failed to add schema.'),
    'MRMAddIndexError': (112, 'Failed to add index field.'),
    'MRMBuildSchemaError': (113, 'Failed to build schema.'),
    'MRMGetMetaError': (114, 'Failed to get meta info.'),
    'MRMIndexGeneratorError': (115, 'Failed to create index generator.'),
    'MRMGenerateIndexError': (116, 'Failed to generate index.'),
    'MRMInitSegmentError': (117, 'Failed to initialize segment.'),
    'MRMFetchCandidateFieldsError': (118, 'Failed to fetch candidate category fields.'),
    'MRMReadCategoryInfoError': (119, 'Failed to read category information.'),
    'MRMFetchDataError': (120, 'Failed to fetch data by category.'),
    'MRMInvalidSchemaError': (200, 'Schema is error.'),
    'MRMValidateDataError': (201, 'Raw data is valid.'),
    'MRMDefineIndexError': (202, 'Index field is error.'),
    'MRMDefineBlobError': (203, 'Blob field is error.'),
    'MRMUnsupportedSchemaError': (204, 'Schema is not supported.'),
    'MRMDefineCategoryError': (205, 'Category field is error.'),
}

_SYS_ID = 0b00101010


class MindRecordException(Exception):
    """Base class of MindRecord errors; ``str(e)`` is ``"[ClassName]: message"``."""

    def __init__(self):
        super().__init__()
        no, msg = _EXCEPTIONS.get(type(self).__name__, _EXCEPTIONS['UnknownError'])
        self._error_msg = msg
        self._error_code = self.transform_error_code(no)

    def __str__(self):
        return "[{}]: {}".format(type(self).__name__, self._error_msg)

    @property
    def error_msg(self):
        return self._error_msg

    @error_msg.setter
    def error_msg(self, msg):
        self._error_msg = msg

    @property
    def error_code(self):
        return self._error_code

    @staticmethod
    def transform_error_code(exception_no):
        mod_id = int(exception_no / 100) + 1
        return ((1 << 30) | (1 << 28) | (0 << 25) | ((0xFF & _SYS_ID) << 17)
                | ((0xFF & mod_id) << 12) | (0x0FFF & exception_no))


def _detail(fmt):
    def __init__(self, error_detail):
        MindRecordException.__init__(self)
        self.error_msg = fmt.format(error_detail)
    return __init__


class UnknownError(MindRecordException):
    """An unknown error."""


class ParamValueError(MindRecordException):
    """A parameter has an invalid value."""
    __init__ = _detail('Invalid parameter value. {}')


class ParamTypeError(MindRecordException):
    """A parameter has an invalid type."""

    def __init__(self, param_name, expected_type):
        super().__init__()
        self.error_msg = "Invalid parameter type. '{}' expect {} type.".format(param_name, expected_type)


class ParamMissError(MindRecordException):
    """A required parameter is missing."""

    def __init__(self, param_name):
        super().__init__()
        self.error_msg = "Param missing. '{}' is required.".format(param_name)


class PathNotExistsError(MindRecordException):
    """A path does not exist."""
    __init__ = _detail('Invalid path. {}')


class DbConnectionError(MindRecordException):
    """The index database cannot be used."""
    __init__ = _detail('Db connection is error. Detail: {}')


class MRMOpenError(MindRecordException):
    """A MindRecord file could not be opened."""

    def __init__(self):
        super().__init__()
        self.error_msg = 'MindRecord File could not open successfully.'


class MRMOpenForAppendError(MindRecordException):
    """A MindRecord file could not be opened for appending."""

    def __init__(self):
        super().__init__()
        self.error_msg = 'MindRecord File could not open successfully for append.'


for _name in ('MRMInvalidPageSizeError', 'MRMInvalidHeaderSizeError', 'MRMSetHeaderError', 'MRMWriteDatasetError',
              'MRMCommitError', 'MRMLaunchError', 'MRMFinishError', 'MRMCloseError', 'MRMAddSchemaError',
              'MRMAddIndexError', 'MRMBuildSchemaError', 'MRMGetMetaError', 'MRMIndexGeneratorError',
              'MRMGenerateIndexError', 'MRMInitSegmentError', 'MRMFetchCandidateFieldsError',
              'MRMReadCategoryInfoError', 'MRMFetchDataError'):
    globals()[_name] = type(_name, (MindRecordException,), {'__doc__': _EXCEPTIONS[_name][1]})

for _name, _fmt in (('MRMInvalidSchemaError', 'Schema format is error. Detail: {}'),
                    ('MRMValidateDataError', 'Raw data do not match the schema. Detail: {}'),
                    ('MRMDefineIndexError', 'Failed to define index field. Detail: {}'),
                    ('MRMDefineBlobError', 'Failed to define blob field. Detail: {}'),
                    ('MRMUnsupportedSchemaError', 'Schema is not supported. Detail: {}'),
                    ('MRMDefineCategoryError', 'Failed to define category field. Detail: {}')):
    globals()[_name] = type(_name, (MindRecordException,), {'__doc__': _EXCEPTIONS[_name][1],
                                                            '__init__': _detail(_fmt)})
del _name, _fmt

__all__ = ['MindRecordException'] + list(_EXCEPTIONS)
