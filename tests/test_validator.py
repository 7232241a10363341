"""``mscompat._checkparam`` is the one validator: its rules raise MindSpore 2.10's exception classes
and messages, and no production module defines a rule of it again.

``_EXPECTED`` was recorded from real MindSpore 2.10 (``mindspore._checkparam``) for the same
expressions; ``test_rules_against_oracle`` re-runs them on the oracle when ``.oracle`` exists.
"""
import ast
import json
import os
import pathlib
import subprocess

import pytest

from mscompat import _checkparam as c

ROOT = pathlib.Path(__file__).resolve().parents[1]

# (expression over ``c``, "ok" or the exception class name, repr of the result or the message)
_EXPECTED = [
    ("c.check_positive_int(0, 'n', 'Dense')",
     'ValueError', "For 'Dense', the 'n' must be int and must > 0, but got '0' with type 'int'."),
    ("c.check_positive_int(True, 'n', 'Dense')",
     'TypeError', "For 'Dense', the 'n' must be int and must > 0, but got 'True' with type 'bool'."),
    ("c.check_positive_int(1.5, 'n')",
     'TypeError', "The 'n' must be int, but got 'float'"),
    ('c.check_positive_int(3)',
     'ok', '3'),
    ("c.check_non_negative_int(-1, 'patience')",
     'ValueError', "The 'patience' must be int and must >= 0, but got '-1' with type 'int'."),
    ('c.check_negative_int(0)',
     'ValueError', "The input value must be int and must < 0, but got '0' with type 'int'."),
    ("c.check_non_positive_int(2, 'x', 'P')",
     'ValueError', "For 'P', the 'x' must be int and must <= 0, but got '2' with type 'int'."),
    ("c.check_equal_int(3, 2, 'x', 'P')",
     'ValueError', "For 'P', the 'x' must be int and must = 2, but got '3' with type 'int'."),
    ("c.check_int(3, 5, c.GE, 'x', 'P')",
     'ValueError', "For 'P', the 'x' must be int and must >= 5, but got '3' with type 'int'."),
    ("c.check_positive_float(0.0, 'eps', 'Adam')",
     'ValueError', "For 'Adam', the 'eps' must be float and must > 0, but got '0.0' with type 'float'."),
    ("c.check_positive_float(1, 'eps', 'Adam')",
     'TypeError', "For 'Adam', the 'eps' must be float, but got 'int'"),
    ("c.check_positive_float(float('nan'), 'eps', 'Adam')",
     'ValueError', "For 'Adam', the 'eps' must be a legal value, but got 'nan'."),
    ("c.check_non_negative_float(-0.5, 'weight_decay', 'SGD')",
     'ValueError', "For 'SGD', the 'weight_decay' must be float and must >= 0, but got '-0.5' with type 'float'."),
    ('c.check_negative_float(1.0)',
     'ValueError', "The input value must be float and must < 0, but got '1.0' with type 'float'."),
    ("c.check_non_positive_float(1.0, 'a')",
     'ValueError', "The 'a' must be float and must <= 0, but got '1.0' with type 'float'."),
    ("c.check_float(1.0, 2.0, c.GT, 'a', 'P')",
     'ValueError', "For 'P', the 'a' must be float and must > 2.0, but got '1.0' with type 'float'."),
    ("c.check_is_int(1.0, 'a', 'P')",
     'TypeError', "For 'P', the type of 'a' must be 'int', but got 'float'."),
    ('c.check_is_int(True)',
     'TypeError', "The type of input value must be 'int', but got 'bool'."),
    ("c.check_is_float(1, 'decay_rate', 'ExponentialDecayLR')",
     'TypeError', "For 'ExponentialDecayLR', the type of 'decay_rate' must be 'float', but got 'int'."),
    ("c.check_is_float(float('inf'), 'decay_rate')",
     'ValueError', "The 'decay_rate' must be a legal float, but got 'inf'."),
    ("c.check_is_number(1, float, 'a', 'P')",
     'TypeError', "For 'P', the type of 'a' must be 'float', but got 'int'."),
    ("c.check_positive_int_sequence((1, 0), 'ks', 'Conv')",
     'ValueError', "For 'Conv', the 'ks[1]' must be int and must > 0, but got '0' with type 'int'."),
    ('c.check_non_negative_int_sequence([1, -1])',
     'ValueError', "The 'arg_name[1]' must be int and must >= 0, but got '-1' with type 'int'."),
    ("c.check_positive_float_sequence((1.0, 2), 's')",
     'TypeError', "The 's[1]' must be float, but got 'int'"),
    ("c.check_int_range(5, 0, 5, c.INC_LEFT, 'axis', 'P')",
     'ValueError', "For 'P', the 'axis' must be in range of [0, 5), but got 5 with type 'int'."),
    ("c.check_int_range(1.0, 0, 5, c.INC_LEFT, 'axis', 'P')",
     'TypeError', "For 'P', the 'axis' must be 'int',  but got 'float'."),
    ("c.check_float_range(1.0, 0.0, 1.0, c.INC_NEITHER, 'beta1', 'Adam')",
     'ValueError', "For 'Adam', the 'beta1' must be in range of (0.0, 1.0), but got 1.0 with type 'float'."),
    ('c.check_float_range(1, 0.0, 1.0, c.INC_NEITHER)',
     'TypeError', "The input value must be 'float',  but got 'int'."),
    ("c.check_float_range(float('nan'), 0.0, 1.0, c.INC_BOTH, 'rho', 'Adadelta')",
     'ok', 'nan'),
    ("c.check_float_range(0.5, 0.0, 1.0, c.INC_RIGHT, 'p')",
     'ok', '0.5'),
    ("c.check_number_range(2, 0, 1, c.INC_BOTH, int, 'x')",
     'ValueError', "The 'x' must be in range of [0, 1], but got 2 with type 'int'."),
    ("c.check_number('x', 3, 4, c.GE, 'P')",
     'ValueError', "For 'P', the argument 'x' must >= 4, but got 3."),
    ("c.check('x', 3, 'y', 4, c.EQ, 'P')",
     'ValueError', "For 'P', the 'x' should be = y: 4, but got 3."),
    ("c.check('x shape', (1, 2), 'y', (1, 3), c.EQ, 'P', TypeError)",
     'TypeError', "For 'P', the x shape should be = y: (1, 3), but got (1, 2)."),
    ("c.check('x', 3, 'y', [1, 2], c.IN)",
     'ValueError', "The 'x' should be in y: [1, 2], but got 3."),
    ("c.check_isinstance('x', 3, str)",
     'ValueError', "The parameter 'x' must be isinstance of <class 'str'>, but got 3."),
    ("c.check_bool(1, 'has_bias', 'Dense')",
     'TypeError', "For 'Dense', the 'has_bias' must be a bool, but got int."),
    ('c.check_bool(1)',
     'TypeError', 'The input value must be a bool, but got int.'),
    ("c.check_bool(True, 'a')",
     'ok', 'True'),
    ("c.check_string('xx', ['same', 'valid'], 'pad_mode', 'Conv2d')",
     'ValueError', "For 'Conv2d', the 'pad_mode' must be str and must be in '['same', 'valid']', but got 'xx'."),
    ("c.check_string(3, ['a'])",
     'ValueError', "The 'parameter' must be str and must be in '['a']', but got '3'."),
    ("c.check_value_type('x', 1, [float], 'P')",
     'TypeError', "For 'P', the type of 'x' should be 'float', but got type 'int'."),
    ("c.check_value_type('x', True, [int, float], 'P')",
     'TypeError', "For 'P', the type of 'x' should be one of '['int', 'float']', but got type 'bool'."),
    ("c.check_value_type('x', True, [bool, int])",
     'ok', 'True'),
    ("c.check_value_type('x', 1.1234567, [int, float])",
     'ok', '1.1234567'),
    ("c.check_value_type('x', 'a', int)",
     'TypeError', "The type of 'x' should be 'int', but got type 'str'."),
    ("c.check_value_type('x', 'a', (int, tuple, list))",
     'TypeError', "The type of 'x' should be one of '['int', 'tuple', 'list']', but got type 'str'."),
    ("c.check_type_name('dtype', c.mstype.float16, [c.mstype.float32, c.mstype.int32], 'P')",
     'TypeError', "For 'P', the 'dtype' should be one of [mindspore.float32, mindspore.int32], but got 'mindspore.float16'."),
    ("c.check_type_name('dtype', c.mstype.float16, c.mstype.float32, 'P')",
     'TypeError', "For 'P', the 'dtype' should be Float32, but got 'mindspore.float16'."),
    ("c.check_subclass('x', c.mstype.TensorType(c.mstype.int32), [c.mstype.TensorType(c.mstype.float32)], 'P')",
     'TypeError', "For 'P', the element of 'x' must be Tensor[Float32], but got Tensor[Int32].The supported data types depend on the hardware that executes the operator, for more details, please refer to the MindSpore official website to get more information about the data type."),
    ("c.check_tensor_dtype_valid('x', c.mstype.TensorType(c.mstype.int32), [c.mstype.float16, c.mstype.float32], 'P')",
     'TypeError', "For 'P', the element of 'x' must be one of Tensor[Float16], Tensor[Float32], but got Tensor[Int32].The supported data types depend on the hardware that executes the operator, for more details, please refer to the MindSpore official website to get more information about the data type."),
    ("c.check_tensors_dtypes_same_and_valid({'x': c.mstype.TensorType(c.mstype.float32), 'y': c.mstype.TensorType(c.mstype.float16)}, [c.mstype.float16, c.mstype.float32], 'P')",
     'TypeError', "For 'P', the type of 'y' should be same as 'x', but got 'x' with type Tensor[Float32] and 'y' with type Tensor[Float16]."),
    ("c.check_scalar_or_tensor_types_same({'x': c.mstype.float32, 'y': c.mstype.int32}, [c.mstype.float32, c.mstype.int32], 'P')",
     'TypeError', "For 'P', the type of 'y' must be same as 'x', but got 'x' with type Float32 and 'y' with type Int32."),
    ("c.check_scalar_or_tensor_types_same({'x': c.mstype.float32, 'y': c.mstype.float16}, [c.mstype.float32], 'P')",
     'TypeError', "For 'P', the type of 'y' must be in [mindspore.float32], but got Float16."),
    ("c.check_valid_input('x', None, 'P')",
     'ValueError', "For 'P', the argument 'x'can not be None, but got None."),
    ("c.check_pad_value_by_mode('same', 1, 'Conv2d')",
     'ValueError', "For 'Conv2d', padding must be zero when pad_mode is 'same', but got 1."),
    ("c.check_element_type_of_iterable('x', (1, 'a'), [int], 'P')",
     'TypeError', "For 'P', the type of 'x' should be int, but got 'a' with type 'str'."),
    ("c.check_element_type_of_iterable('x', 3, [int], 'P')",
     'TypeError', "For 'P', the type of 'x' should be one of '['list', 'tuple']', but got type 'int'."),
    ("c.check_element_type_of_dict('d', {'a': 1.0}, [str], [int], 'P')",
     'TypeError', "For 'P', the type of 'd' should be int, but got '1.0' with type 'float'."),
    ("c.check_size_and_element_type_of_tuple('t', (1, 2, 3), 2, int, 'P')",
     'ValueError', "For 'P', the 't size' must be int and must = 2, but got '3' with type 'int'."),
    ("c.check_input_format('NHWC')",
     'ValueError', 'The data format must be NCHW, but got NHWC.'),
    ('c.check_axis_in_range(3, 3)',
     'ValueError', "The 'axis' must be in the range of [-3, 3), but got 3."),
    ('c.check_axis_in_range(-1, 3)',
     'ok', '2'),
    ('c.check_axis_in_range(1.0, 3)',
     'TypeError', "The axes must be integers, but got <class 'float'>"),
    ('c.check_axis_valid((0, -3), 3)',
     'ValueError', "The element of parameter 'axis' can not be duplicate, but got (0, 0)."),
    ('c.check_axis_valid(None, 2)',
     'ok', '(0, 1)'),
    ('c.check_axis_valid([1, -1], 2)',
     'ValueError', "The element of parameter 'axis' can not be duplicate, but got (1, 1)."),
    ('c.check_and_canonicalize_axes((0, 1.0), 3)',
     'TypeError', "Each axis should be integer, but got <class 'float'> in (0, 1.0)."),
    ('c.check_and_canonicalize_axes(-1, 3)',
     'ok', '(2,)'),
    ('c.check_axis_type(1.0)',
     'TypeError', "For Tensor.ptp, the axis should be int, tuple, list, , but got <class 'float'>."),
    ("c.check_axis_type((1, 'a'))",
     'TypeError', "For Tensor.ptp, each axis must be integer, but got <class 'str'> in (1, 'a')."),
    ('c.check_swapaxes_axis((0, -1), 3)',
     'ok', '(0, 2)'),
    ("c.check_swapaxes_axis('a', 3)",
     'TypeError', "For ops.swapaxes, the argument 'axes' must be integer, list or tuple for check, but got <class 'str'>."),
    ('c.check_transpose_axis((), 3)',
     'ok', '(2, 1, 0)'),
    ('c.check_transpose_axis((1, 0), 3)',
     'ValueError', 'For Tensor.transpose, the number of axes must be equal to the dimension of Tensor, but got 2 in the number of axes.'),
    ('c.check_transpose_axis(([1, 0],), 2)',
     'ok', '(1, 0)'),
    ("c.check_transpose_axis(('a',), 2)",
     'TypeError', "For Tensor.transpose, the parameter 'axes' must be a tuple/list, or series of integer, but got <class 'str'>"),
    ('c.check_reshape_shp(([2, 3],))',
     'ok', '(2, 3)'),
    ("c.check_reshape_shp(('a',))",
     'TypeError', "For Tensor.reshape, the parameter 'shape' must be an integer, or tuple/list, or series of integer, but got <class 'str'>"),
    ("c.check_flatten_order('X')",
     'ValueError', "For Tensor.flatten, the parameter 'order' must be 'C' or 'F', but got 'X'"),
    ('c.check_flatten_order(1)',
     'TypeError', "For Tensor.flatten, the parameter 'order' must be a string, but got <class 'int'>"),
    ('c.prepare_shape_for_squeeze((1, 2, 1), (0, -1))',
     'ok', '(2,)'),
    ('c.prepare_shape_for_squeeze((1, 2, 1), 1)',
     'ValueError', "For Tensor.squeeze, the shape of parameter 'axis' (1,) must be 1, but got 2."),
    ('c.prepare_shape_for_squeeze((1, 2, 1), 5)',
     'ValueError', "For Tensor.squeeze, the 'axis' must be in the range of [-3, 3), but got 5."),
    ("c.check_reduce_shape((2, 3, 4), (2, 4), 2, 'P', 'x', 'y')",
     'ValueError', "For 'P', the shape of parameter 'x' reduce on 'axis': 2 must be equal to the shape of 'y': (2, 4), but got (2, 3, 4)."),
    ('c.infer_out_shape((2, 1), (1, 3))',
     'ok', '(2, 3)'),
    ('c.infer_out_shape((2, 2), (3,))',
     'ValueError', 'For Tensor, the dimension on each axis must be 1 or the max value on the axisto support broadcasting, but got shapes (((2, 2), (3,)),)'),
    ('c.expanded_shape(3, 5, 1)',
     'ok', '(1, 5, 1)'),
    ('c.check_input_data([1, (2,)], data_class=int)',
     'ok', 'None'),
    ("c.check_input_data([1, 'a'], data_class=(int, float))",
     'TypeError', "The types of input data must be in the Union(('int', 'float'), tuple[('int', 'float')], list[('int', 'float')], dict[('int', 'float')]), but got type str."),
    ("c.check_input_data({'a': None}, data_class=int)",
     'TypeError', 'The types of input data must be in the Union(int, tuple[int], list[int], dict[int]), but got type None.'),
    ('c.check_input_dataset(1, 2, dataset_type=int)',
     'ok', 'True'),
    ('c.check_output_data(None)',
     'RuntimeError', 'The output data can not be None, please check your net or input data.'),
    ('c.check_hook_fn(3)',
     'TypeError', 'Expected a callable hook function, but got int.'),
    ("c.check_str_by_regular('a-b', prim_name='P')",
     'ValueError', "For 'P', the 'a-b' is illegal, it must be match regular'^\\w+[0-9a-zA-Z\\_\\.]*$' by flags're.ASCII.'"),
    ("c.check_str_and_none_by_regular('a b')",
     'ValueError', "The 'a b' is illegal, it must be match regular'^\\w*[0-9a-zA-Z\\_\\.\\-]*$' by flags're.ASCII.'"),
    ('c.check_file_name_by_regular(3)',
     'TypeError', "The '3' must be string, but got <class 'int'>."),
    ('c.twice(3)',
     'ok', '(3, 3)'),
    ('c.twice((1, 2, 3))',
     'TypeError', 'When expanding an int number to tuple, input tuple dimension must be 2, but got (1, 2, 3)'),
    ('c.twice(1.0)',
     'TypeError', "When expanding an int number to tuple, input type must be integer or tuple[int], but got <class 'float'>"),
    ('c.triple((1, 2, 1.0))',
     'TypeError', "When expanding an int number to tuple, the type of element in input tuple must be an integer, but got <class 'float'>."),
    ('c.twice_sequence([1, 2])',
     'ok', '(1, 2)'),
    ("c.once_sequence('a')",
     'TypeError', "When expanding an input to tuple, input type must be integer or tuple[int]/list[int], but got <class 'str'>"),
    ('c.triple_sequence([1])',
     'TypeError', 'When expanding an sequence to tuple, input sequence dimension must be 3, but got [1]'),
    ("c.args_type_check(a=int)(lambda a, b=1: a)(a='x')",
     'TypeError', "The parameter 'a' must be <class 'int'>, but got <class 'str'>"),
    ('c.args_type_check(a=int)(lambda a, b=1: a)(3)',
     'ok', '3'),
    ("c._check_3d_int_or_tuple('kernel_size', 3, 'Conv3d')",
     'ok', '(3, 3, 3)'),
    ("c._check_3d_int_or_tuple('kernel_size', (1, 2, 0), 'Conv3d')",
     'ValueError', "For 'Conv3d', the parameter 'kernel_size' must be an positive integer or a tuple of three positive integer, but got (1, 2, 0)"),
    ("c._check_3d_int_or_tuple('kernel_size', (1, 2), 'Conv3d')",
     'ValueError', "For 'Conv3d', the parameter 'kernel_size' must be an positive integer or a tuple of three positive integer, but got (1, 2)"),
    ("c._check_3d_int_or_tuple('stride', (1, 1, 2, 3, 4), 'Conv3d', allow_five=True)",
     'ok', '(2, 3, 4)'),
    ("c._check_3d_int_or_tuple('stride', 2, 'Conv3d', ret_five=True)",
     'ok', '(1, 1, 2, 2, 2)'),
    ("c._check_3d_int_or_tuple('pad', (0, 1, 0), 'Conv3d', greater_zero=False)",
     'ok', '(0, 1, 0)'),
    ("c._check_3d_int_or_tuple('k', (2, 1, 1), 'P', third_one=True)",
     'ValueError', "For 'P', the depth of parameter 'k' must be 1, but got 2."),
    ("c._check_3d_int_or_tuple('k', (1, 1), 'P', three_input=True)",
     'ValueError', "For 'P', the parameter 'k' must be an positive integer or a tuple of three positive integer, but got (1, 1)."),
    ("c._check_3d_int_or_tuple('k', 1.0, 'P')",
     'TypeError', "For 'P', the type of 'k' should be one of '['int', 'tuple']', but got type 'float'."),
]


def _run(expr):
    try:
        return ["ok", repr(eval(expr, {"c": c}))]   # noqa: S307  (fixed expressions of this file)
    except Exception as e:   # noqa: BLE001  (the class is what is compared)
        return [type(e).__name__, str(e)]


@pytest.mark.parametrize("expr,kind,text", _EXPECTED, ids=[e[0][:60] for e in _EXPECTED])
def test_rule_matches_mindspore(expr, kind, text):
    assert _run(expr) == [kind, text]


def test_rules_against_oracle():
    oracle = ROOT / ".oracle" / "bin" / "python"
    if not oracle.exists():
        pytest.skip("no MindSpore oracle (.oracle)")
    code = (
        "import json, sys\n"
        "import mindspore._checkparam as c\n"
        "out = []\n"
        "for e in json.load(sys.stdin):\n"
        "    try:\n"
        "        out.append(['ok', repr(eval(e, {'c': c}))])\n"
        "    except Exception as x:\n"
        "        out.append([type(x).__name__, str(x)])\n"
        "print('@@' + json.dumps(out))\n")
    proc = subprocess.run([str(oracle), "-c", code], input=json.dumps([e[0] for e in _EXPECTED]),
                          capture_output=True, text=True, timeout=300, env={**os.environ, "GLOG_v": "3"})
    line = [ln for ln in proc.stdout.splitlines() if ln.startswith("@@")]
    assert line, proc.stderr[-2000:]
    oracle_results = json.loads(line[-1][2:])
    mismatches = [(e[0], o, _run(e[0])) for e, o in zip(_EXPECTED, oracle_results) if o != _run(e[0])]
    assert not mismatches, mismatches


def test_op_name_first_helpers_use_the_rules():
    from mscompat.ops import _args
    with pytest.raises(TypeError) as e:
        _args.check_int("Gather", "axis", 1.0)
    assert str(e.value) == "For 'Gather', the type of 'axis' should be 'int', but got type 'float'."
    with pytest.raises(TypeError) as e:
        _args.check_bool("CumSum", "exclusive", 1)
    assert str(e.value) == "For 'CumSum', the type of 'exclusive' should be 'bool', but got type 'int'."
    with pytest.raises(TypeError) as e:
        _args.check_tensor("Abs", "input", [1])
    assert str(e.value) == "For 'Abs', the type of 'input' must be Tensor, but got list."
    import numpy as np
    assert _args.check_int("Gather", "axis", np.int64(2)) == 2 and _args.check_bool("P", "b", np.bool_(True)) is True


def test_layers_and_optimizers_raise_through_the_rules():
    import mscompat as ms
    with pytest.raises(ValueError, match=r"^For 'Adam', the 'beta1' must be in range of \(0\.0, 1\.0\), "
                                         r"but got 1\.0 with type 'float'\.$"):
        ms.nn.Adam(ms.nn.Dense(2, 2).trainable_params(), beta1=1.0)
    with pytest.raises(TypeError, match=r"^For 'Dense', the 'has_bias' must be a bool, but got int\.$"):
        ms.nn.Dense(2, 2, has_bias=1)
    with pytest.raises(TypeError, match=r"^The input value must be 'float',  but got 'int'\.$"):
        ms.train.callback.ReduceLROnPlateau(factor=0)


def test_tensor_rule_wordings():
    import numpy as np
    import mscompat as ms
    forms = {"type": "For 'Op', the type of 'x' must be Tensor, but got list.",
             "a": "For 'Op', the 'x' must be a Tensor, but got list.",
             "input": "For 'Op', the input 'x' must be a Tensor, but got list.",
             "type_input": "For 'Op', the type of input 'x' must be Tensor, but got list."}
    for form, message in forms.items():
        with pytest.raises(TypeError) as e:
            c.check_is_tensor("x", [1], "Op", form=form)
        assert str(e.value) == message
    t = ms.Tensor(np.ones(2, np.float32))
    assert c.check_is_tensor("x", t, "Op") is t and c.check_is_tensor("x", None, "Op", allow_none=True) is None
    with pytest.raises(TypeError, match="^For 'Trace', the input 'input' must be a Tensor, but got int.$"):
        ms.ops.trace(3)


# (transform, message) recorded from MindSpore 2.10's dataset validators
_DATASET_MESSAGES = [
    (lambda T: T.OneHot(1.5),
     "Argument num_classes with value 1.5 is not of type [<class 'int'>], but got <class 'float'>."),
    (lambda T: T.OneHot(True),
     "Argument num_classes with value True is not of type (<class 'int'>,), but got <class 'bool'>."),
    (lambda T: T.Fill([1]),
     "Argument fill_value with value [1] is not of type [<class 'str'>, <class 'float'>, <class 'bool'>, "
     "<class 'int'>, <class 'bytes'>], but got <class 'list'>."),
    (lambda T: T.RandomApply([abs], prob="a"),
     "Argument prob with value a is not of type [<class 'float'>, <class 'int'>], but got <class 'str'>."),
]


@pytest.mark.parametrize("make,message", _DATASET_MESSAGES)
def test_dataset_validator_messages(make, message):
    import mscompat.dataset.transforms as T
    with pytest.raises(TypeError) as e:
        make(T)
    assert str(e.value) == message
    with pytest.raises(ValueError, match=r"^Input smoothing_rate is not within the required interval of \[0\.0, 1\.0\]\.$"):
        T.OneHot(3, smoothing_rate=2.0)


# --- one validator: no production module defines a rule again ----------------------------------
# names that are rules also when written with a leading underscore (``_check_value_type``)
_STRICT = {"check_value_type", "check_positive_int", "check_non_negative_int", "check_positive_float",
           "check_non_negative_float", "check_bool", "check_string", "check_int_range", "check_float_range",
           "check_number_range", "check_isinstance", "check_is_tensor", "check_is_int"}
# rule-like names that are other rules in MindSpore too (own message or meaning)
_OTHER_RULES = {
    "mscompat/common/api.py": {"_check_string"},          # jit's argument check and message
    "mscompat/numpy/utils_const.py": {"_check_is_int"},   # a dtype predicate of mindspore.numpy
    "ops/_nn.py": {"check_number"},                       # op-first "should be float or int" check
    "dataset/_source_vision.py": {"_check_bool"},         # dataset validator_helpers' messages
    "dataset/text/transforms.py": {"_check_bool"},
    "dataset/audio/_kernels.py": {"check_float"},         # a dtype check of the audio kernels
}


def _rule_names():
    tree = ast.parse((ROOT / "mscompat" / "_checkparam.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets):
            names = {ast.literal_eval(e) for e in node.value.elts}
    return {n for n in names if n.startswith("check") and n != "check"} | {
        "twice", "triple", "once_sequence", "twice_sequence", "triple_sequence"}


def _checkparam_names(tree):
    """Names a module binds to ``_checkparam`` functions, and names it binds the module to."""
    funcs, mods = set(), set()
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom) and n.module == "mscompat._checkparam":
            funcs |= {a.asname or a.name for a in n.names}
        elif isinstance(n, ast.ImportFrom) and n.module == "mscompat":
            mods |= {a.asname or a.name for a in n.names if a.name == "_checkparam"}
    return funcs, mods


def _delegates(fn, funcs, mods):
    for n in ast.walk(fn):
        if isinstance(n, ast.Call):
            f = n.func
            if isinstance(f, ast.Name) and f.id in funcs:
                return True
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in mods:
                return True
    return False


def test_no_second_validator():
    rules = _rule_names()
    assert {"check_value_type", "check_positive_int", "check_bool", "check_float_range"} <= rules
    redefined = []
    for top in ("mscompat", "nn", "ops", "train", "dataset"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel == "mscompat/_checkparam.py" or "__pycache__" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            funcs, mods = _checkparam_names(tree)
            for fn in tree.body:
                if not isinstance(fn, ast.FunctionDef) or fn.name in _OTHER_RULES.get(rel, ()):
                    continue
                if (fn.name in rules or fn.name.lstrip("_") in _STRICT) and not _delegates(fn, funcs, mods):
                    redefined.append(f"{rel}:{fn.lineno} {fn.name}")
    assert not redefined, f"rules of mscompat._checkparam defined again (call the shared rule): {redefined}"


def test_checkparam_imports_no_framework_layer():
    tree = ast.parse((ROOT / "mscompat" / "_checkparam.py").read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not [m for m in imported if m and m.startswith(("mscompat.nn", "mscompat.ops", "mscompat.train",
                                                            "mscompat.dataset"))]
