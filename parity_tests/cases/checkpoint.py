"""Checkpoints (train/serialization.py): each side saves and loads its own files.

The files each side writes are compared BYTE for byte (``.ckpt`` protobuf and safetensors,
with crc, append_dict strings/scalars, every dtype, async saving), as are the file names it
chooses, the loaded names/dtypes/shapes/values, ``load_param_into_net``'s not-loaded lists and
conversions, the format converters, and the exception classes of bad arguments and of damaged,
truncated, empty and foreign files.
"""
import os
import tempfile
import time

import numpy as np

from parity_tests.harness import case, F32
from parity_tests.cases._layer_common import weights_of

CASES = []


def _dir():
    return tempfile.mkdtemp(prefix="ckpt_parity_")


def _bytes(path):
    with open(path, "rb") as f:
        return np.frombuffer(f.read(), np.uint8)


def _st_parts(path):
    """A safetensors file as (header, data): the header parsed (the order of its metadata keys is
    not deterministic: the Rust writer keeps them in a hash map), the data bytes exactly."""
    import json
    b = _bytes(path).tobytes()
    n = int.from_bytes(b[:8], "little")
    header = json.loads(b[8:8 + n])
    meta = header.pop("__metadata__", None)
    return (sorted(meta.items()) if meta else None, list(header), [header[k] for k in header],
            np.frombuffer(b[8 + n:], np.uint8))


def _write(path, data):
    with open(path, "wb") as f:
        f.write(data)
    return path


def _desc(d):
    """The loaded dict: [(name, kind, dtype, shape, value)] in order."""
    out = []
    for k, v in d.items():
        if isinstance(v, str):
            out.append((k, "str", v))
        else:
            out.append((k, type(v).__name__, str(v.dtype), list(v.shape), v))
    return out


def _params(ms, with_bf16=True):
    P = ms.Parameter
    T = ms.Tensor
    d = {
        "f32": P(T(np.arange(6, dtype=np.float32).reshape(2, 3) / 7), name="f32"),
        "f16": P(T(np.array([1.5, -2.25, 3], np.float16)), name="f16"),
        "f64": P(T(np.array([[1e-300, 2.5]], np.float64)), name="f64"),
        "i8": P(T(np.array([-3, 4], np.int8)), name="i8"),
        "u8": P(T(np.array([250, 4, 0], np.uint8)), name="u8"),
        "i16": P(T(np.array([-300], np.int16)), name="i16"),
        "i32": P(T(np.array(7, np.int32)), name="i32"),
        "i64": P(T(np.array([[2 ** 40, -1]], np.int64)), name="i64"),
        "bool": P(T(np.array([True, False, True])), name="bool"),
        "scalar": P(T(np.array(0.25, np.float32)), name="scalar"),
    }
    if with_bf16:
        d["bf16"] = P(T(np.array([1.5, 2.0, -0.0078125], np.float32), ms.bfloat16), name="bf16")
    return d


_APPEND = {"epoch_num": 3, "lr": 0.5, "flag": True, "note": "héllo wörld"}
_APPEND_NUM = {"epoch_num": 3, "lr": 0.5, "flag": True}


def _net(ms):
    net = ms.nn.SequentialCell([ms.nn.Dense(4, 3), ms.nn.BatchNorm1d(3), ms.nn.ReLU(), ms.nn.Dense(3, 2)])
    ms.load_param_into_net(net, {n: ms.Parameter(ms.Tensor(v), name=n) for n, v in weights_of(net).items()})
    return net


def _pb_value(tag, dims, tensor_type, content):
    """A serialized ``Checkpoint`` message with one Value, encoded by hand (MindSpore's schema)."""
    def varint(n):
        out = bytearray()
        n &= (1 << 64) - 1
        while True:
            b = n & 0x7F
            n >>= 7
            out.append(b | (0x80 if n else 0))
            if not n:
                return bytes(out)

    def ld(field, payload):
        return varint(field << 3 | 2) + varint(len(payload)) + payload

    tensor = b"".join(varint(1 << 3) + varint(d) for d in dims) + ld(2, tensor_type.encode()) + ld(3, content)
    return ld(1, ld(1, tag.encode()) + ld(2, tensor))


# --- saving: the bytes on disk ----------------------------------------------------------------
def _save_dict_bytes(fmt, crc=False, append=None, bf16=True):
    def fn(ms):
        path = os.path.join(_dir(), "p")
        ms.save_checkpoint(_params(ms, bf16), path, append_dict=append, format=fmt, crc_check=crc)
        if fmt == "safetensors" and crc:
            return _st_parts(path + "." + fmt)
        return _bytes(path + "." + fmt)
    return fn


CASES += [
    case("save_checkpoint/ckpt_bytes_all_dtypes", _save_dict_bytes("ckpt", append=_APPEND)),
    case("save_checkpoint/ckpt_bytes_crc", _save_dict_bytes("ckpt", crc=True, append=_APPEND)),
    case("save_checkpoint/safetensors_bytes_all_dtypes", _save_dict_bytes("safetensors", append=_APPEND_NUM)),
    case("save_checkpoint/safetensors_bytes_crc", _save_dict_bytes("safetensors", crc=True, bf16=False)),
]


def _save_cell_bytes(fmt, **kw):
    def fn(ms):
        path = os.path.join(_dir(), "net." + fmt)
        ms.save_checkpoint(_net(ms), path, format=fmt, **kw)
        return _bytes(path)
    return fn


def _save_list_bytes(ms):
    path = os.path.join(_dir(), "l.ckpt")
    ms.save_checkpoint(_net(ms).trainable_params(), path)
    return _bytes(path)


def _save_list_dicts(ms):
    path = os.path.join(_dir(), "ld.ckpt")
    net = _net(ms)
    ms.save_checkpoint([{"name": "w" + str(i), "data": p} for i, p in enumerate(net.get_parameters())] +
                       [{"name": "t", "data": ms.Tensor(np.array([1, 2], np.int32))}], path)
    return _bytes(path)


def _save_choice(ms):
    path = os.path.join(_dir(), "c.ckpt")
    ms.save_checkpoint(_net(ms), path, choice_func=lambda n: n.startswith("1.") or n.endswith("bias"))
    return _bytes(path)


def _save_async(ms):
    path = os.path.join(_dir(), "a.ckpt")
    ms.save_checkpoint(_params(ms), path, async_save=True, append_dict=_APPEND)
    for _ in range(500):
        if not ms.async_ckpt_thread_status():
            break
        time.sleep(0.01)
    return _bytes(path)


def _save_async_thread_st(ms):
    path = os.path.join(_dir(), "a.safetensors")
    ms.save_checkpoint(_params(ms), path, async_save="thread", format="safetensors")
    for _ in range(500):
        if not ms.async_ckpt_thread_status():
            break
        time.sleep(0.01)
    return _bytes(path)


def _save_dict_mixed(ms):
    path = os.path.join(_dir(), "m.ckpt")
    ms.save_checkpoint({"arr": np.arange(4, dtype=np.float16), "s": "text",
                        "p": ms.Parameter(ms.Tensor(np.ones((2, 2), np.float32)))}, path)
    return _bytes(path)


def _save_generator(ms):
    path = os.path.join(_dir(), "g.ckpt")
    g = ms.Generator()
    g.manual_seed(5)
    ms.save_checkpoint({"w": ms.Parameter(ms.Tensor([1.0, 2.0]))}, path, append_dict={"gen": g})
    d = ms.load_checkpoint(path)
    return _desc({"w": d["w"]}), d["gen"].shape, str(d["gen"].dtype)


CASES += [
    case("save_checkpoint/cell_ckpt_bytes", _save_cell_bytes("ckpt")),
    case("save_checkpoint/cell_ckpt_bytes/graph", _save_cell_bytes("ckpt"), mode="graph"),
    case("save_checkpoint/cell_safetensors_bytes", _save_cell_bytes("safetensors")),
    case("save_checkpoint/cell_ckpt_crc_bytes", _save_cell_bytes("ckpt", crc_check=True)),
    case("save_checkpoint/param_list_bytes", _save_list_bytes),
    case("save_checkpoint/dict_list_bytes", _save_list_dicts),
    case("save_checkpoint/choice_func_bytes", _save_choice),
    case("save_checkpoint/async_bytes", _save_async),
    case("save_checkpoint/async_thread_safetensors_bytes", _save_async_thread_st),
    case("save_checkpoint/dict_ndarray_str_bytes", _save_dict_mixed),
    case("save_checkpoint/append_generator", _save_generator),
]


# --- file names, permissions, overwriting ------------------------------------------------------
def _names(ms):
    d = _dir()
    p = {"w": ms.Parameter(ms.Tensor([1.0]))}
    for name, fmt in [("plain", "ckpt"), ("x.foo", "ckpt"), ("y.ckpt", "ckpt"), ("zckpt", "ckpt"),
                      ("s", "safetensors"), ("t.ckpt", "safetensors"), ("u.safetensors", "safetensors")]:
        ms.save_checkpoint(p, os.path.join(d, name), format=fmt)
    return sorted(os.listdir(d))


def _mode(ms):
    d = _dir()
    ms.save_checkpoint({"w": ms.Parameter(ms.Tensor([1.0]))}, os.path.join(d, "m.ckpt"))
    ms.save_checkpoint({"w": ms.Parameter(ms.Tensor([1.0]))}, os.path.join(d, "m.safetensors"), format="safetensors")
    return [os.stat(os.path.join(d, n)).st_mode & 0o777 for n in ("m.ckpt", "m.safetensors")], sorted(os.listdir(d))


def _overwrite(ms):
    path = os.path.join(_dir(), "o.ckpt")
    ms.save_checkpoint({"w": ms.Parameter(ms.Tensor([1.0]))}, path)
    ms.save_checkpoint({"v": ms.Parameter(ms.Tensor([2, 3], ms.int32))}, path)
    return _desc(ms.load_checkpoint(path)), sorted(os.listdir(os.path.dirname(path)))


CASES += [
    case("save_checkpoint/file_name_suffixes", _names),
    case("save_checkpoint/file_mode", _mode),
    case("save_checkpoint/overwrite_read_only", _overwrite),
]


# --- loading: round trips, selection -----------------------------------------------------------
def _roundtrip(fmt, append=None, **load_kw):
    def fn(ms):
        path = os.path.join(_dir(), "r." + fmt)
        ms.save_checkpoint(_params(ms), path, format=fmt, append_dict=append)
        return _desc(ms.load_checkpoint(path, format=fmt, **load_kw))
    return fn


def _names_only(fmt, **load_kw):
    def fn(ms):
        path = os.path.join(_dir(), "n." + fmt)
        ms.save_checkpoint(_params(ms), path, format=fmt, append_dict=_APPEND if fmt == "ckpt" else _APPEND_NUM)
        return list(ms.load_checkpoint(path, format=fmt, **load_kw))
    return fn


CASES += [
    case("load_checkpoint/ckpt_roundtrip", _roundtrip("ckpt", _APPEND)),
    case("load_checkpoint/ckpt_roundtrip_crc", _roundtrip("ckpt", _APPEND, crc_check=True)),
    case("load_checkpoint/safetensors_roundtrip", _roundtrip("safetensors", _APPEND_NUM)),
    case("load_checkpoint/filter_prefix_str", _names_only("ckpt", filter_prefix="i")),
    case("load_checkpoint/filter_prefix_list", _names_only("ckpt", filter_prefix=["f", "b"])),
    case("load_checkpoint/specify_prefix", _names_only("ckpt", specify_prefix=("f", "lr"))),
    case("load_checkpoint/specify_and_filter", _names_only("ckpt", specify_prefix="f", filter_prefix="f1")),
    case("load_checkpoint/choice_func", _names_only("ckpt", choice_func=lambda n: n.startswith("i"))),
    case("load_checkpoint/choice_func_overridden", _names_only("ckpt", choice_func=lambda n: n == "u8",
                                                               filter_prefix="f")),
    case("load_checkpoint/safetensors_choice_func", _names_only("safetensors", choice_func=lambda n: "1" in n)),
    case("load_checkpoint/safetensors_ignores_prefixes", _names_only("safetensors", filter_prefix="f")),
    case("load_checkpoint/empty_after_filter", _names_only("ckpt", choice_func=lambda n: False), error=True),
    case("load_checkpoint/empty_after_filter_st", _names_only("safetensors", choice_func=lambda n: False),
         error=True),
]


def _split_values(ms):
    data = np.arange(12, dtype=np.float32)
    path = _write(os.path.join(_dir(), "split.ckpt"),
                  _pb_value("x", [3, 4], "Float32", data[:5].tobytes()) +
                  _pb_value("x", [3, 4], "Float32", data[5:].tobytes()) +
                  _pb_value("y", [], "Int64", np.array(9, np.int64).tobytes()) +
                  _pb_value("s", [0], "str", np.array("ab").tobytes()))
    return _desc(ms.load_checkpoint(path))


def _into_net(fmt, mode_net=False):
    def fn(ms, x):
        path = os.path.join(_dir(), "n." + fmt)
        ms.save_checkpoint(_net(ms), path, format=fmt)
        net = ms.nn.SequentialCell([ms.nn.Dense(4, 3), ms.nn.BatchNorm1d(3), ms.nn.ReLU(), ms.nn.Dense(3, 2)])
        net.set_train(False)
        d = ms.load_checkpoint(path, net=net, strict_load=True, format=fmt)
        return list(d), [p.asnumpy() for p in net.get_parameters()], net(x)
    return fn


def _async_load(ms):
    path = os.path.join(_dir(), "al.ckpt")
    ms.save_checkpoint(_params(ms), path)
    fut = ms.load_checkpoint_async(path)
    return _desc(fut.result())


CASES += [
    case("load_checkpoint/split_values", _split_values),
    case("load_checkpoint/into_net_ckpt", _into_net("ckpt"), F32(5, 4)),
    case("load_checkpoint/into_net_safetensors", _into_net("safetensors"), F32(5, 4)),
    case("load_checkpoint/into_net_ckpt/graph", _into_net("ckpt"), F32(5, 4), mode="graph"),
    case("load_checkpoint_async/result", _async_load),
]


# --- load_param_into_net ---------------------------------------------------------------------
def _fresh(ms):
    ms.set_seed(1)    # the Parameters that are not loaded keep their (bit-identical) initial values
    return ms.nn.SequentialCell([ms.nn.Dense(3, 2), ms.nn.BatchNorm1d(2)])


def _P(ms, a, dtype=None):
    return ms.Parameter(ms.Tensor(a, dtype) if dtype is not None else ms.Tensor(a))


def _lpin(make_dict, strict=False, show=None):
    def fn(ms):
        net = _fresh(ms)
        d = make_dict(ms, net)
        res = ms.load_param_into_net(net, d, strict_load=strict) if strict is not None else \
            ms.load_param_into_net(net, d)
        shown = [(p.name, str(p.dtype), p.asnumpy()) for p in net.get_parameters() if show is None or p.name in show]
        return res, shown
    return fn


def _full(ms, net):
    return {p.name: _P(ms, np.full(p.shape, 0.5 + i, np.float32)) for i, p in enumerate(net.get_parameters())}


def _partial(ms, net):
    d = _full(ms, net)
    del d["0.weight"]
    d["extra"] = _P(ms, np.ones(2, np.float32))
    d["note"] = "text"
    return d


def _prefixed(ms, net):
    return {"net." + k: v for k, v in _full(ms, net).items()}


def _one(name, value, dtype=None):
    return lambda ms, net: {name: _P(ms, value, dtype)}


CASES += [
    case("load_param_into_net/full", _lpin(_full)),
    case("load_param_into_net/full_strict", _lpin(_full, strict=True)),
    case("load_param_into_net/partial_lists", _lpin(_partial)),
    case("load_param_into_net/default_strict", _lpin(_partial, strict=None)),
    case("load_param_into_net/prefix_stripped", _lpin(_prefixed)),
    case("load_param_into_net/prefix_strict", _lpin(_prefixed, strict=True)),
    case("load_param_into_net/empty_dict", _lpin(lambda ms, net: {})),
    case("load_param_into_net/str_value_skipped", _lpin(lambda ms, net: {"0.bias": "hello"})),
    case("load_param_into_net/f16_to_f32", _lpin(_one("0.weight", np.full((2, 3), 2.5, np.float16)),
                                                 show=("0.weight",))),
    case("load_param_into_net/f64_to_f32", _lpin(_one("0.bias", np.array([1.25, -3], np.float64)), show=("0.bias",))),
    case("load_param_into_net/bf16_to_f32", _lpin(_one("0.bias", np.array([1.5, 2.25], np.float32), "bf16"),
                                                  show=("0.bias",))),
    case("load_param_into_net/trailing_ones_shape", _lpin(_one("0.bias", np.array([[7.0], [8.0]], np.float32)),
                                                          show=("0.bias",))),
    case("load_param_into_net/f16_strict", _lpin(_one("0.weight", np.ones((2, 3), np.float16)), strict=True),
         error=True),
    case("load_param_into_net/int_into_float", _lpin(_one("0.weight", np.ones((2, 3), np.int32))), error=True),
    case("load_param_into_net/shape_mismatch", _lpin(_one("0.weight", np.ones((3, 2), np.float32))), error=True),
    case("load_param_into_net/shape_mismatch_scalar", _lpin(_one("1.gamma", np.ones((1,), np.float32))), error=True),
]


class _IntNet:
    @staticmethod
    def make(ms):
        class C(ms.nn.Cell):
            def __init__(self):
                super().__init__()
                self.step = ms.Parameter(ms.Tensor(np.array([0], np.int32)), name="step")
                self.u = ms.Parameter(ms.Tensor(np.array([0], np.uint8)), name="u")
                self.b = ms.Parameter(ms.Tensor(np.array([False])), name="b", requires_grad=False)

            def construct(self):
                return self.step
        return C()


def _int_load(value, name="step", strict=False):
    def fn(ms):
        net = _IntNet.make(ms)
        res = ms.load_param_into_net(net, {name: ms.Parameter(ms.Tensor(value))}, strict_load=strict)
        return res, [(p.name, str(p.dtype), p.asnumpy()) for p in net.get_parameters()]
    return fn


CASES += [
    case("load_param_into_net/i64_to_i32", _int_load(np.array([5], np.int64))),
    case("load_param_into_net/i8_to_i32", _int_load(np.array([-5], np.int8))),
    case("load_param_into_net/i64_to_i32_strict", _int_load(np.array([5], np.int64), strict=True), error=True),
    case("load_param_into_net/i32_to_u8", _int_load(np.array([5], np.int32), name="u"), error=True),
    case("load_param_into_net/i32_to_bool", _int_load(np.array([1], np.int32), name="b"), error=True),
    case("load_param_into_net/f32_to_i32", _int_load(np.array([5.0], np.float32)), error=True),
    case("load_param_into_net/bool_exact", _int_load(np.array([True]), name="b")),
    case("load_param_into_net/tensor_value", lambda ms: ms.load_param_into_net(
        _fresh(ms), {"0.bias": ms.Tensor(np.ones(2, np.float32))}), error=True),
    case("load_param_into_net/net_not_cell", lambda ms: ms.load_param_into_net(3, {}), error=True),
    case("load_param_into_net/dict_not_dict", lambda ms: ms.load_param_into_net(_fresh(ms), [1]), error=True),
    case("load_param_into_net/key_not_str", lambda ms: ms.load_param_into_net(
        _fresh(ms), {1: ms.Parameter(ms.Tensor([1.0]))}), error=True),
    case("load_param_into_net/strict_not_bool", lambda ms: ms.load_param_into_net(_fresh(ms), {}, strict_load=1),
         error=True),
]


# --- damaged, truncated, foreign files (ValueError) --------------------------------------------
def _damaged(fmt, damage, load_fmt=None, **load_kw):
    def fn(ms):
        d = _dir()
        path = os.path.join(d, "good." + fmt)
        ms.save_checkpoint(_params(ms), path, format=fmt, crc_check=True)
        with open(path, "rb") as f:
            good = f.read()
        lf = load_fmt or fmt
        bad = _write(os.path.join(d, "bad." + lf), damage(good))
        return ms.load_checkpoint(bad, format=lf, **load_kw)
    return fn


def _flip(at):
    def damage(b):
        b = bytearray(b)
        b[at] ^= 0xFF
        return bytes(b)
    return damage


CASES += [
    case("load_checkpoint/empty_ckpt_file", _damaged("ckpt", lambda b: b""), error=True),
    case("load_checkpoint/empty_safetensors_file", _damaged("safetensors", lambda b: b""), error=True),
    case("load_checkpoint/truncated_ckpt_5", _damaged("ckpt", lambda b: b[:5]), error=True),
    case("load_checkpoint/truncated_ckpt_60", _damaged("ckpt", lambda b: b[:60]), error=True),
    case("load_checkpoint/truncated_ckpt_mid", _damaged("ckpt", lambda b: b[:len(b) // 2 + 3]), error=True),
    case("load_checkpoint/garbage_ckpt", _damaged("ckpt", lambda b: bytes(range(256)) * 2), error=True),
    case("load_checkpoint/bad_crc", _damaged("ckpt", _flip(40), crc_check=True), error=True),
    case("load_checkpoint/safetensors_as_ckpt", _damaged("safetensors", lambda b: b, load_fmt="ckpt"), error=True),
    case("load_checkpoint/ckpt_as_safetensors", _damaged("ckpt", lambda b: b, load_fmt="safetensors"), error=True),
    case("load_checkpoint/truncated_safetensors_4", _damaged("safetensors", lambda b: b[:4]), error=True),
    case("load_checkpoint/truncated_safetensors_30", _damaged("safetensors", lambda b: b[:30]), error=True),
    case("load_checkpoint/truncated_safetensors_end", _damaged("safetensors", lambda b: b[:-2]), error=True),
    case("load_checkpoint/safetensors_extra_bytes", _damaged("safetensors", lambda b: b + b"\0\0"), error=True),
    case("load_checkpoint/safetensors_bad_json", _damaged("safetensors", _flip(9)), error=True),
    case("load_checkpoint/bad_dtype_string", lambda ms: ms.load_checkpoint(_write(
        os.path.join(_dir(), "t.ckpt"), _pb_value("x", [2], "Foo32", b"\0" * 8))), error=True),
]


def _load_err(*a, **kw):
    def fn(ms):
        path = os.path.join(_dir(), "e.ckpt")
        ms.save_checkpoint({"w": ms.Parameter(ms.Tensor([1.0]))}, path)
        args = [path if x == "PATH" else x for x in a]
        return ms.load_checkpoint(*args, **kw)
    return fn


CASES += [
    case("load_checkpoint/missing_file", _load_err("/nonexistent/dir/none.ckpt"), error=True),
    case("load_checkpoint/bad_format", _load_err("PATH", format="pth"), error=True),
    case("load_checkpoint/extension_mismatch", _load_err("PATH", format="safetensors"), error=True),
    case("load_checkpoint/name_not_str", _load_err(3), error=True),
    case("load_checkpoint/prefix_bad_type", _load_err("PATH", filter_prefix=3), error=True),
    case("load_checkpoint/prefix_empty_list", _load_err("PATH", filter_prefix=[]), error=True),
    case("load_checkpoint/prefix_empty_str", _load_err("PATH", specify_prefix=[""]), error=True),
    case("load_checkpoint/prefix_element", _load_err("PATH", specify_prefix=["w", 1]), error=True),
    case("load_checkpoint/crc_not_bool", _load_err("PATH", crc_check=1), error=True),
    case("load_checkpoint/dec_key_not_bytes", _load_err("PATH", dec_key="k"), error=True),
    case("load_checkpoint/dec_key_with_safetensors", lambda ms: ms.load_checkpoint(
        "x.safetensors", format="safetensors", dec_mode="AES-CBC"), error=True),
    case("load_checkpoint/crc_missing_ok", _load_err("PATH", crc_check=True)),
]


# --- bad save arguments ----------------------------------------------------------------------
def _save_err(obj, name="x", **kw):
    def fn(ms):
        o = obj(ms) if callable(obj) else obj
        target = name if not isinstance(name, str) else os.path.join(_dir(), name)
        return ms.save_checkpoint(o, target, **kw)
    return fn


def _one_param(ms):
    return {"w": ms.Parameter(ms.Tensor([1.0]))}


CASES += [
    case("save_checkpoint/bad_format", _save_err(_one_param, format="pth"), error=True),
    case("save_checkpoint/obj_not_supported", _save_err(3), error=True),
    case("save_checkpoint/name_not_str", _save_err(_one_param, name=5), error=True),
    case("save_checkpoint/name_is_dir", lambda ms: ms.save_checkpoint(_one_param(ms), _dir()), error=True),
    case("save_checkpoint/integrated_not_bool", _save_err(_one_param, integrated_save=1), error=True),
    case("save_checkpoint/async_bad_str", _save_err(_one_param, async_save="fork"), error=True),
    case("save_checkpoint/async_bad_type", _save_err(_one_param, async_save=1), error=True),
    case("save_checkpoint/append_not_dict", _save_err(_one_param, append_dict=[1]), error=True),
    case("save_checkpoint/append_bad_value", _save_err(_one_param, append_dict={"a": [1]}), error=True),
    case("save_checkpoint/append_bad_key", _save_err(_one_param, append_dict={1: 1}), error=True),
    case("save_checkpoint/crc_not_bool", _save_err(_one_param, crc_check="yes"), error=True),
    case("save_checkpoint/enc_key_not_bytes", _save_err(_one_param, enc_key="k"), error=True),
    case("save_checkpoint/safetensors_enc_mode", _save_err(_one_param, format="safetensors", enc_mode="AES-CBC"),
         error=True),
    case("save_checkpoint/safetensors_str_value", _save_err(_one_param, format="safetensors",
                                                            append_dict={"s": "x"}), error=True),
    case("save_checkpoint/list_mixed", _save_err(lambda ms: [{"name": "a", "data": ms.Tensor([1.0])}, 3]),
         error=True),
    case("save_checkpoint/list_dict_name_not_str", _save_err(lambda ms: [{"name": 1, "data": ms.Tensor([1.0])}]),
         error=True),
    case("save_checkpoint/list_dict_data_not_tensor", _save_err(lambda ms: [{"name": "a", "data": 1.0}]),
         error=True),
    case("save_checkpoint/list_not_params", _save_err(lambda ms: [ms.Tensor([1.0])]), error=True),
    case("save_checkpoint/dict_key_not_str", _save_err(lambda ms: {1: ms.Parameter(ms.Tensor([1.0]))}), error=True),
    case("save_checkpoint/missing_directory", lambda ms: ms.save_checkpoint(
        _one_param(ms), os.path.join(_dir(), "no", "such", "x.ckpt")), error=True),
]


# --- format conversion -------------------------------------------------------------------------
def _convert_file(ms):
    d = _dir()
    src = os.path.join(d, "model.ckpt")
    ms.save_checkpoint(_params(ms), src, append_dict=_APPEND_NUM)
    ms.ckpt_to_safetensors(src)
    out = os.path.join(d, "out")
    ms.safetensors_to_ckpt(os.path.join(d, "model.safetensors"), save_path=out, name_map={"f32": "renamed"})
    return sorted(os.listdir(d)), _bytes(os.path.join(d, "model.safetensors")), _bytes(os.path.join(out, "model.ckpt"))


def _convert_dir(ms):
    d = _dir()
    for r in (0, 1):
        os.makedirs(os.path.join(d, f"rank_{r}"))
        ms.save_checkpoint({"w": ms.Parameter(ms.Tensor([float(r), 2.0]))}, os.path.join(d, f"rank_{r}", "a.ckpt"))
        ms.save_checkpoint({"v": ms.Parameter(ms.Tensor([r]))}, os.path.join(d, f"rank_{r}", "b.ckpt"))
    out = os.path.join(d, "st")
    ms.ckpt_to_safetensors(d, save_path=out, file_name_regex="^a")
    tree = [(os.path.relpath(r, out), sorted(fs)) for r, _, fs in sorted(os.walk(out))]
    return tree, _bytes(os.path.join(out, "rank_1", "a.safetensors"))


CASES += [
    case("ckpt_to_safetensors/file_and_back", _convert_file),
    case("ckpt_to_safetensors/rank_dirs", _convert_dir),
    case("ckpt_to_safetensors/missing_path", lambda ms: ms.ckpt_to_safetensors("/nonexistent/x.ckpt"), error=True),
    case("ckpt_to_safetensors/no_rank_dirs", lambda ms: ms.ckpt_to_safetensors(_dir()), error=True),
    case("ckpt_to_safetensors/save_path_is_file", lambda ms: ms.ckpt_to_safetensors(_dir(), save_path="a/b.txt"),
         error=True),
    case("safetensors_to_ckpt/wrong_suffix", lambda ms: ms.safetensors_to_ckpt(
        _write(os.path.join(_dir(), "a.ckpt"), b"x")), error=True),
]


# --- training cells: network + optimizer state ---------------------------------------------------
def _train_cell(ms, opt_name):
    if opt_name == "momentum":
        net = _net(ms)
    else:   # no bias before a BatchNorm: its ~0 gradient would make Adam's step rounding noise
        net = ms.nn.SequentialCell([ms.nn.Dense(4, 3), ms.nn.Tanh(), ms.nn.Dense(3, 2)])
        ms.load_param_into_net(net, {n: ms.Parameter(ms.Tensor(v), name=n) for n, v in weights_of(net).items()})
    loss = ms.nn.MSELoss()
    params = net.trainable_params()
    opt = ms.nn.Momentum(params, 0.1, 0.9) if opt_name == "momentum" else ms.nn.Adam(params, 0.01)
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, loss), opt)
    step.set_train(True)
    return step


def _train_state_bytes(opt_name):
    def fn(ms):
        path = os.path.join(_dir(), "t.ckpt")
        ms.save_checkpoint(_train_cell(ms, opt_name), path)
        return _bytes(path)
    return fn


def _train_state_after_step(opt_name, fmt):
    def fn(ms, x, y):
        step = _train_cell(ms, opt_name)
        step(x, y)
        path = os.path.join(_dir(), "t." + fmt)
        ms.save_checkpoint(step, path, format=fmt)
        return _desc(ms.load_checkpoint(path, format=fmt))
    return fn


CASES += [
    case("save_checkpoint/train_cell_momentum_bytes", _train_state_bytes("momentum")),
    case("save_checkpoint/train_cell_adam_bytes", _train_state_bytes("adam")),
    case("save_checkpoint/train_cell_momentum_after_step/graph", _train_state_after_step("momentum", "ckpt"),
         F32(6, 4), F32(6, 2, seed=3), mode="graph"),
    case("save_checkpoint/train_cell_adam_after_step/graph", _train_state_after_step("adam", "safetensors"),
         F32(6, 4), F32(6, 2, seed=3), mode="graph"),
]
