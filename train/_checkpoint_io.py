"""Checkpoint file formats: MindSpore's ``.ckpt`` protobuf and MindSpore-flavoured safetensors.

Only bytes and numpy arrays here (no Tensor, no Cell): :mod:`mscompat.train.serialization`
turns Parameters into *records* ``name -> (dims, tensor_type, payload)`` and back.

* ``.ckpt``: a concatenation of serialized ``Checkpoint`` messages, one per slice of a
  parameter (see :mod:`._checkpoint_proto`). Tensors are written as raw bytes in chunks of
  512 MiB, each chunk a ``Value`` with the same tag and the full ``dims``; strings (from
  ``append_dict``) as ``dims=[0]``, ``tensor_type="str"``, UTF-32-LE content. With
  ``crc_check`` the file ends with ``b"crc_num"`` and the CRC32 of everything before it as 10
  big-endian bytes.
* safetensors: the ``safetensors`` package writes; metadata ``{"format": "ms"}`` (plus
  ``crc_num``); bfloat16 through ``ml_dtypes``. Reading is done here (the package's numpy
  reader has no bfloat16), validating the header the way MindSpore's reader does.

Every file is written to a temporary file in the target directory, fsynced, renamed over
the target (atomic) and made read-only for its owner, as MindSpore leaves its files.
Nothing is ever unpickled.
"""
import binascii
import json
import logging
import math
import os
import stat
import threading

import ml_dtypes
import numpy as np
from google.protobuf import unknown_fields
from safetensors.numpy import save

from ._checkpoint_proto import Checkpoint, DecodeError

logger = logging.getLogger("mscompat.train.serialization")

# MindSpore's slicing: numpy payloads are split with np.array_split when over 512 MiB,
# byte payloads in 512 MiB chunks.
SLICE_SIZE_KB = 512 * 1024
CHUNK_BYTES = 1024 * SLICE_SIZE_KB

CKPT_NP_TYPES = {"Int8": np.int8, "UInt8": np.uint8, "Int16": np.int16, "UInt16": np.uint16,
                 "Int32": np.int32, "UInt32": np.uint32, "Int64": np.int64, "UInt64": np.uint64,
                 "Float16": np.float16, "Float32": np.float32, "Float64": np.float64, "Bool": np.bool_,
                 "BFloat16": ml_dtypes.bfloat16}
_MAP_NP_TYPES = {"int32": np.int32, "float32": np.float32, "float16": np.float16, "float64": np.float64}

ST_NP_TYPES = {"BOOL": np.bool_, "U8": np.uint8, "I8": np.int8, "I16": np.int16, "U16": np.uint16,
               "I32": np.int32, "U32": np.uint32, "I64": np.int64, "U64": np.uint64, "F16": np.float16,
               "BF16": ml_dtypes.bfloat16, "F32": np.float32, "F64": np.float64}
_ST_MAX_HEADER = 100 * 1000 * 1000

CKPT_MUTEX = threading.RLock()


# ------------------------------------------------------------------------------------------
# atomic write

def temp_path(path, pid=None):
    """The temporary file a save of ``path`` by process ``pid`` (default: this one) writes
    first: a predictable name per process, so processes saving the same path at once never
    share one, and what a killed save leaves behind is found and removed by the next save."""
    return f"{path}.{os.getpid() if pid is None else pid}.tmp"


def _pid_alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale_temps(path):
    """Delete the temporary files of saves of ``path`` whose process is gone (killed mid-save)."""
    directory = os.path.dirname(path) or "."
    prefix, suffix = os.path.basename(path) + ".", ".tmp"
    try:
        names = os.listdir(directory)
    except OSError:
        return
    for name in names:
        middle = name[len(prefix):-len(suffix)] if name.startswith(prefix) and name.endswith(suffix) else ""
        if middle.isdigit() and int(middle) != os.getpid() and not _pid_alive(int(middle)):
            try:
                os.remove(os.path.join(directory, name))
            except OSError:
                pass


def atomic_write(path, write):
    """``write(f)`` into ``temp_path(path)``, fsync, rename over ``path``; the temporary file
    is removed when writing fails, and those of earlier saves killed half-way are removed."""
    directory = os.path.dirname(path) or "."
    remove_stale_temps(path)
    tmp = temp_path(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise
    os.chmod(path, stat.S_IRUSR)
    try:
        dfd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


# ------------------------------------------------------------------------------------------
# .ckpt writing

def _value_bytes(name, dims, tensor_type, content):
    msg = Checkpoint()
    value = msg.value.add()
    value.tag = name
    value.tensor.dims.extend(dims)
    value.tensor.tensor_type = tensor_type
    value.tensor.tensor_content = content
    return msg.SerializeToString()


def _slices(dims, tensor_type, array, numpy_path):
    """The contents of the ``Value`` messages of one record, in MindSpore's slicing."""
    if numpy_path or tensor_type == "str":
        size_kb = array.nbytes / 1024
        parts = np.array_split(array, math.ceil(size_kb / SLICE_SIZE_KB)) if size_kb > SLICE_SIZE_KB else [array]
        return [np.ascontiguousarray(p).tobytes() for p in parts]
    raw = np.ascontiguousarray(array).tobytes()
    return [raw[i:i + CHUNK_BYTES] for i in range(0, len(raw), CHUNK_BYTES)]   # empty tensor: no Value


def write_ckpt(f, records, crc_check=False, numpy_path=False):
    """Write ``records`` (``name -> (dims, tensor_type, ndarray)``) as a ``.ckpt`` stream."""
    crc = 0
    for name, (dims, tensor_type, array) in records.items():
        for content in _slices(dims, tensor_type, array, numpy_path):
            data = _value_bytes(name, dims, tensor_type, content)
            if crc_check:
                crc = binascii.crc32(data, crc)
            f.write(data)
    if crc_check:
        f.write(b"crc_num" + crc.to_bytes(10, byteorder="big"))


# ------------------------------------------------------------------------------------------
# .ckpt reading

def _has_unknown_fields(msg):
    if len(unknown_fields.UnknownFieldSet(msg)):
        return True
    for value in msg.value:
        if len(unknown_fields.UnknownFieldSet(value)):
            return True
        if value.HasField("tensor") and len(unknown_fields.UnknownFieldSet(value.tensor)):
            return True
    return False


def parse_ckpt(path, crc_check):
    """The parsed ``Checkpoint`` message of the file ``path`` (MindSpore's errors: ValueError)."""
    corrupted = (f"Failed to read the checkpoint file {path}. The file may be corrupted, "
                 "and the content cannot be parsed.")
    try:
        with open(path, "rb") as f:
            content = f.read()
    except OSError as e:
        raise ValueError(f"Failed to read the checkpoint file {path}. May not have permission to read it, "
                         "please check the correct of the file.") from e
    if not content:
        raise ValueError(f"Failed to read the checkpoint file {path}. The file is empty.")
    if crc_check and content[-17:-10] != b"crc_num":
        logger.warning("For 'load_checkpoint', the ckpt file do not contain the crc code, please check the file.")
    if content[-17:-10] == b"crc_num":
        stored = int.from_bytes(content[-10:], byteorder="big")
        content = content[:-17]
        if crc_check and binascii.crc32(content, 0) != stored:
            raise ValueError("For 'load_checkpoint', the crc check is failed, "
                             "please check whether the ckpt file is damaged.")
    msg = Checkpoint()
    try:
        msg.ParseFromString(content)
    except (DecodeError, RuntimeError, ValueError) as e:
        raise ValueError(corrupted) from e
    # MindSpore's writer never produces fields outside its schema: such bytes are damage
    if _has_unknown_fields(msg):
        raise ValueError(corrupted)
    return msg


def _decode_tensor(tag, dims, tensor_type, content):
    """numpy array (or str) of one joined ``.ckpt`` record; ValueError when inconsistent."""
    if tensor_type == "str":
        if len(content) % 4:
            raise ValueError(f"The string value of '{tag}' has {len(content)} bytes, not a multiple of 4.")
        if not content:
            return ""
        return str(np.frombuffer(content, f"<U{len(content) // 4}")[0])
    np_type = CKPT_NP_TYPES.get(tensor_type)
    if np_type is None:
        raise ValueError(f"'{tensor_type}'")   # MindSpore's message is the unknown type name (a KeyError)
    np_type = np.dtype(np_type)
    dims = [int(d) for d in dims]
    if dims == [0] and len(content) == np_type.itemsize:   # MindSpore reads dims [0] as a scalar
        dims = []
    if any(d < 0 for d in dims):
        raise ValueError(f"The shape {dims} of '{tag}' has a negative dimension.")
    expected = math.prod(dims) * np_type.itemsize
    if len(content) != expected:
        raise ValueError(f"The data of '{tag}' has {len(content)} bytes, but its shape {tuple(dims)} and type "
                         f"{tensor_type} need {expected} bytes: the file is truncated or damaged.")
    return np.frombuffer(content, np_type).reshape(dims).copy()


def _decode_map(tensors, parts):
    out = []
    for index, tensor in enumerate(tensors):
        np_type = _MAP_NP_TYPES.get(tensor.tensor_type)
        if np_type is None:
            raise ValueError(f"'{tensor.tensor_type}'")
        data = b"".join(p[index][0] for p in parts)
        rows = sum(int(p[index][1][0]) for p in parts)
        dims = [rows] + [int(d) for d in tensor.dims[1:]]
        out.append(np.frombuffer(data, np_type).reshape(dims).copy())
    return out


def ckpt_records(msg, keep):
    """Yield ``(tag, value)`` for each record of the parsed message whose tag ``keep(tag)`` accepts:
    value is a numpy array, a str, or (map parameters) a list of three numpy arrays. Consecutive
    values with the same tag are slices of one record."""
    values = msg.value
    n = len(values)
    parts = []
    for i, element in enumerate(values):
        if not keep(element.tag):
            continue
        last = i == n - 1 or element.tag != values[i + 1].tag
        if not element.HasField("tensor"):
            parts.append([(t.tensor_content, list(t.dims)) for t in element.maptensor.tensor])
            if last:
                result = _decode_map(element.maptensor.tensor, parts)
                parts = []
                yield element.tag, result
            continue
        parts.append(element.tensor.tensor_content)
        if last:
            content = b"".join(parts)
            parts = []
            yield element.tag, _decode_tensor(element.tag, element.tensor.dims, element.tensor.tensor_type,
                                              content)


# ------------------------------------------------------------------------------------------
# safetensors

def safetensors_bytes(arrays, metadata):
    """The bytes of a safetensors file of ``arrays`` (the ``safetensors`` package's writer)."""
    return save(arrays, metadata=metadata) if arrays else save(arrays)


def _crc_update(array, crc):
    """MindSpore hashes ``bytes(array)``: the raw data, except that a 0-d integer array ``n``
    gives ``n`` zero bytes (Python's ``bytes(int)``); reproduced so CRCs agree both ways."""
    if array.ndim == 0 and array.dtype.kind in "iu":
        n = int(array)
        if n < 0:
            raise ValueError("negative count")
        return crc32_zeros(crc, n)
    return binascii.crc32(np.ascontiguousarray(array).tobytes(), crc)


def _gf2_times(matrix, vector):
    total, i = 0, 0
    while vector:
        if vector & 1:
            total ^= matrix[i]
        vector >>= 1
        i += 1
    return total


def _gf2_square(matrix):
    return [_gf2_times(matrix, row) for row in matrix]


def crc32_zeros(crc, n):
    """``binascii.crc32(bytes(n), crc)`` in O(log n) (zlib's crc32_combine operator squaring):
    feeding zero bytes to the CRC register is linear over GF(2), so a huge ``n`` read from a
    damaged file costs microseconds instead of hashing terabytes."""
    if n <= 0:
        return crc
    if n <= 4096:
        return binascii.crc32(bytes(n), crc)
    reg = crc ^ 0xFFFFFFFF
    odd = [0xEDB88320] + [1 << i for i in range(31)]    # one zero bit
    even = _gf2_square(odd)                             # two zero bits
    odd = _gf2_square(even)                             # four zero bits
    while True:
        even = _gf2_square(odd)                         # 8, 32, 128, ... zero bits
        if n & 1:
            reg = _gf2_times(even, reg)
        n >>= 1
        if not n:
            break
        odd = _gf2_square(even)
        if n & 1:
            reg = _gf2_times(odd, reg)
        n >>= 1
        if not n:
            break
    return reg ^ 0xFFFFFFFF


def safetensors_crc(arrays):
    """MindSpore's safetensors CRC: over the names in sorted order, each followed by its data."""
    crc = 0
    for name in sorted(arrays):
        crc = binascii.crc32(name.encode("utf-8"), crc)
        crc = _crc_update(arrays[name], crc)
    return crc


def read_safetensors(source):
    """``(OrderedDict name -> ndarray, metadata or None)`` of a safetensors file or BytesIO."""
    name = source if isinstance(source, str) else str(type(source))
    bad = ValueError(f"Fail to parse the input safetensors: '{name}'. Please check the correctness of the file.")
    if isinstance(source, str):
        try:
            with open(source, "rb") as f:
                buf = f.read()
        except OSError as e:
            raise ValueError(f"Failed to read the checkpoint file {source}.") from e
    else:
        buf = source.getvalue()
    try:
        if len(buf) < 8:
            raise ValueError("header too small")
        n = int.from_bytes(buf[:8], "little")
        if n > _ST_MAX_HEADER or 8 + n > len(buf):
            raise ValueError("bad header length")
        header = json.loads(buf[8:8 + n].decode("utf-8"))
        if not isinstance(header, dict):
            raise ValueError("header is not an object")
        metadata = header.pop("__metadata__", None)
        if metadata is not None and not (isinstance(metadata, dict)
                                         and all(isinstance(v, str) for v in metadata.values())):
            raise ValueError("bad metadata")
        base = 8 + n
        arrays = {}
        end = 0
        for key, info in sorted(header.items(), key=lambda kv: kv[1]["data_offsets"][0]):
            start, stop = (int(v) for v in info["data_offsets"])
            shape = [int(d) for d in info["shape"]]
            np_type = np.dtype(ST_NP_TYPES[info["dtype"]])
            if start != end or stop < start or any(d < 0 for d in shape):
                raise ValueError("bad offsets")
            if stop - start != math.prod(shape) * np_type.itemsize:
                raise ValueError("bad tensor size")
            end = stop
            arrays[key] = np.frombuffer(buf, np_type, count=math.prod(shape), offset=base + start).reshape(shape)
        if base + end != len(buf):
            raise ValueError("incomplete buffer")
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, UnicodeDecodeError) as e:
        raise bad from e
    return arrays, metadata
