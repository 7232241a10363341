"""``ops.Custom(func_type='aot')`` on CPU: a kernel function in a shared library, called as MindSpore's
CPU runtime calls it.

``func`` is ``"path/lib.so:Name"`` (or ``"path/src.cc:Name"``: compiled here with ``g++`` first, as
MindSpore compiles it). The kernel has MindSpore's AOT signature
``int Name(int nparam, void **params, int *ndims, int64_t **shapes, const char **dtypes, void *stream,
void *extra)`` (``params``: the inputs, then the outputs, then the workspaces); optional
``NameInferShape(ndims, shapes, extra)`` gives the output shape when ``out_shape`` is None and
``NameInit(ndims, shapes, dtypes, extra)`` sets workspaces and kernel data. ``extra`` is an
``AotExtra`` (the interface of MindSpore's ``custom_aot_extra.h``) holding the registration's
attributes. Those C++ entry points (they take and return ``std::vector``/``std::string``) are
reached through a small bridge library built here once per machine with the same C++ ABI
(``-D_GLIBCXX_USE_CXX11_ABI=0``, as MindSpore's headers are compiled). The kernel runs on the host:
under ``jax.jit`` as a host callback.
"""
import ctypes
import hashlib
import os
import subprocess
import tempfile
import threading

import numpy as np

__all__ = ["AotKernel"]

_ALIGN = 512
_ABI_FLAGS = ["-D_GLIBCXX_USE_CXX11_ABI=0", "-std=c++17", "-shared", "-fPIC", "-O2"]

# The interface of MindSpore's ``custom_aot_extra.h`` that AOT kernels include: the bridge below
# implements it, and kernels compiled against this text share its class layout.
AOT_EXTRA_HEADER = r"""
#include <string>
#include <vector>
#include <cstdint>
class AotKernelData { public: AotKernelData() = default; virtual ~AotKernelData() = default; };
class AotExtra {
 public:
  AotExtra() = default;
  virtual ~AotExtra() = default;
  virtual bool HasAttr(std::string name) = 0;
  template <typename T> inline T Attr(std::string name) { return T(); }
  void SetWorkSpace(const std::vector<size_t> &w) { workspace_ = w; }
  const std::vector<size_t> &WorkSpace() const { return workspace_; }
  void SetKernelData(AotKernelData *d) { kernel_data_ = d; }
  AotKernelData *KernelData() const { return kernel_data_; }
  void DestructKernelData() { delete kernel_data_; kernel_data_ = nullptr; }
 private:
  virtual bool GetAttrBool(std::string name) = 0;
  virtual int64_t GetAttrInt(std::string name) = 0;
  virtual float GetAttrFloat(std::string name) = 0;
  virtual std::string GetAttrStr(std::string name) = 0;
  virtual std::vector<int64_t> GetAttrIntVec(std::string name) = 0;
  virtual std::vector<float> GetAttrFloatVec(std::string name) = 0;
  virtual std::vector<std::vector<int64_t>> GetAttrInt2DVec(std::string name) = 0;
  virtual std::vector<std::vector<float>> GetAttrFloat2DVec(std::string name) = 0;
  std::vector<size_t> workspace_;
  AotKernelData *kernel_data_{nullptr};
};
template <> inline float AotExtra::Attr(std::string name) { return GetAttrFloat(name); }
template <> inline int64_t AotExtra::Attr(std::string name) { return GetAttrInt(name); }
template <> inline std::vector<float> AotExtra::Attr(std::string name) { return GetAttrFloatVec(name); }
"""

_BRIDGE_SOURCE = AOT_EXTRA_HEADER + r"""
#include <dlfcn.h>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>

// attributes as text: one "name\tvalue" per line; a vector is "a,b,c", a 2-D vector "a,b;c,d"
class HostExtra : public AotExtra {
 public:
  explicit HostExtra(const char *attrs) {
    std::istringstream in(attrs ? attrs : "");
    std::string line;
    while (std::getline(in, line)) {
      size_t tab = line.find('\t');
      if (tab != std::string::npos) attrs_[line.substr(0, tab)] = line.substr(tab + 1);
    }
  }
  bool HasAttr(std::string name) override { return attrs_.count(name) > 0; }

 private:
  std::string Get(const std::string &name) {
    auto it = attrs_.find(name);
    return it == attrs_.end() ? std::string() : it->second;
  }
  static std::vector<std::string> Split(const std::string &s, char sep) {
    std::vector<std::string> out;
    std::string item;
    std::istringstream in(s);
    while (std::getline(in, item, sep)) out.push_back(item);
    return out;
  }
  bool GetAttrBool(std::string name) override { return Get(name) == "1"; }
  int64_t GetAttrInt(std::string name) override { return std::strtoll(Get(name).c_str(), nullptr, 10); }
  float GetAttrFloat(std::string name) override { return std::strtof(Get(name).c_str(), nullptr); }
  std::string GetAttrStr(std::string name) override { return Get(name); }
  std::vector<int64_t> GetAttrIntVec(std::string name) override {
    std::vector<int64_t> out;
    for (auto &s : Split(Get(name), ',')) out.push_back(std::strtoll(s.c_str(), nullptr, 10));
    return out;
  }
  std::vector<float> GetAttrFloatVec(std::string name) override {
    std::vector<float> out;
    for (auto &s : Split(Get(name), ',')) out.push_back(std::strtof(s.c_str(), nullptr));
    return out;
  }
  std::vector<std::vector<int64_t>> GetAttrInt2DVec(std::string name) override {
    std::vector<std::vector<int64_t>> out;
    for (auto &row : Split(Get(name), ';')) {
      std::vector<int64_t> r;
      for (auto &s : Split(row, ',')) r.push_back(std::strtoll(s.c_str(), nullptr, 10));
      out.push_back(r);
    }
    return out;
  }
  std::vector<std::vector<float>> GetAttrFloat2DVec(std::string name) override {
    std::vector<std::vector<float>> out;
    for (auto &row : Split(Get(name), ';')) {
      std::vector<float> r;
      for (auto &s : Split(row, ',')) r.push_back(std::strtof(s.c_str(), nullptr));
      out.push_back(r);
    }
    return out;
  }
  std::map<std::string, std::string> attrs_;
};

typedef std::vector<int64_t> (*InferShapeFn)(int *, int64_t **, AotExtra *);
typedef int (*InitFn)(int *, int64_t **, const char **, AotExtra *);

extern "C" void *aot_new_extra(const char *attrs) { return new HostExtra(attrs); }

extern "C" void aot_free_extra(void *extra) {
  auto *e = static_cast<AotExtra *>(extra);
  e->DestructKernelData();
  delete e;
}

// the output shape from NameInferShape: its rank (-1: no such function), dims written to out
extern "C" int aot_infer_shape(void *fn, int *ndims, int64_t **shapes, void *extra, int64_t *out, int cap) {
  if (fn == nullptr) return -1;
  std::vector<int64_t> shape = reinterpret_cast<InferShapeFn>(fn)(ndims, shapes, static_cast<AotExtra *>(extra));
  for (size_t i = 0; i < shape.size() && static_cast<int>(i) < cap; i++) out[i] = shape[i];
  return static_cast<int>(shape.size());
}

// NameInit (if any), then the workspace sizes: their count (-1 - code when Init failed)
extern "C" int aot_init(void *fn, int *ndims, int64_t **shapes, const char **dtypes, void *extra, uint64_t *sizes,
                        int cap) {
  auto *e = static_cast<AotExtra *>(extra);
  if (fn != nullptr) {
    int ret = reinterpret_cast<InitFn>(fn)(ndims, shapes, dtypes, e);
    if (ret != 0) return -1 - ret;
  }
  const std::vector<size_t> &ws = e->WorkSpace();
  for (size_t i = 0; i < ws.size() && static_cast<int>(i) < cap; i++) sizes[i] = ws[i];
  return static_cast<int>(ws.size());
}
"""

_LOCK = threading.Lock()
_BRIDGE = []            # the loaded bridge library (once)
_LIBS = {}              # path of a kernel library -> ctypes.CDLL


def _cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    path = os.path.join(base, "mscompat", "aot")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError:
        path = os.path.join(tempfile.gettempdir(), f"mscompat_aot_{os.getuid()}")
        os.makedirs(path, exist_ok=True)
    return path


def _compile(source_path, out_path):
    """``g++`` the C++ file ``source_path`` into the shared library ``out_path``."""
    tmp = f"{out_path}.{os.getpid()}.tmp"
    cmd = ["g++", *_ABI_FLAGS, "-o", tmp, source_path, "-ldl"]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except FileNotFoundError:
        raise RuntimeError("For 'Custom', func_type 'aot' with a source file needs the C++ compiler g++, which "
                           "was not found.") from None
    if proc.returncode != 0:
        raise RuntimeError(f"For 'Custom', compiling '{source_path}' failed:\n{proc.stderr.strip()}")
    os.replace(tmp, out_path)


def _bridge():
    with _LOCK:
        if not _BRIDGE:
            digest = hashlib.sha256(_BRIDGE_SOURCE.encode()).hexdigest()[:16]
            lib = os.path.join(_cache_dir(), f"aot_bridge_{digest}.so")
            if not os.path.exists(lib):
                src = os.path.join(_cache_dir(), f"aot_bridge_{digest}.cc")
                with open(src, "w") as f:
                    f.write(_BRIDGE_SOURCE)
                _compile(src, lib)
            b = ctypes.CDLL(lib)
            b.aot_new_extra.restype = ctypes.c_void_p
            b.aot_new_extra.argtypes = [ctypes.c_char_p]
            b.aot_free_extra.argtypes = [ctypes.c_void_p]
            b.aot_infer_shape.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                          ctypes.c_void_p, ctypes.c_int]
            b.aot_init.argtypes = [ctypes.c_void_p] * 6 + [ctypes.c_int]
            _BRIDGE.append(b)
        return _BRIDGE[0]


def _library(path):
    """The kernel library at ``path`` (a ``.so``, or a C++ source compiled into the cache once per
    content)."""
    with _LOCK:
        lib = _LIBS.get(path)
        if lib is None:
            if not os.path.isfile(path):
                raise ValueError(f"For 'Custom', the file of func_type 'aot' does not exist: {path}")
            so = path
            if not path.endswith(".so"):
                with open(path, "rb") as f:
                    digest = hashlib.sha256(f.read() + path.encode()).hexdigest()[:16]
                so = os.path.join(_cache_dir(), f"{os.path.splitext(os.path.basename(path))[0]}_{digest}.so")
                if not os.path.exists(so):
                    _compile(path, so)
            lib = _LIBS[path] = ctypes.CDLL(os.path.abspath(so))
        return lib


def _symbol(lib, name):
    try:
        return ctypes.cast(getattr(lib, name), ctypes.c_void_p).value
    except AttributeError:
        return None


def _attr_text(value):
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (list, tuple)):
        if value and isinstance(value[0], (list, tuple)):
            return ";".join(_attr_text(v) for v in value)
        return ",".join(_attr_text(v) for v in value)
    return str(value)


class _ShapeArgs:
    """``ndims`` / ``shapes`` / ``dtypes`` arrays of the AOT calling convention (kept alive here)."""

    def __init__(self, shapes, dtypes):
        self.dims = [np.asarray(s, np.int64).reshape(-1) for s in shapes]
        self.ndims = (ctypes.c_int * len(shapes))(*[len(s) for s in shapes])
        self.shapes = (ctypes.c_void_p * len(shapes))(*[d.ctypes.data for d in self.dims])
        self.names = [str(np.dtype(d)).encode() for d in dtypes]
        self.dtypes = (ctypes.c_char_p * len(dtypes))(*self.names)


class AotKernel:
    """One ``func_type='aot'`` kernel: ``"path:Name"`` and the registration's attributes."""

    def __init__(self, func, attrs):
        path, sep, name = func.rpartition(":")
        if not sep or not path or not name:
            raise ValueError(f"For 'Custom', 'func' of func_type 'aot' should be like 'file_path:func_name', "
                             f"but got '{func}'.")
        self.path, self.name = path, name
        self.attrs = "".join(f"{k}\t{_attr_text(v)}\n" for k, v in attrs.items()).encode()

    def _extra(self):
        return _bridge().aot_new_extra(self.attrs)

    def infer_shape(self, in_shapes, in_dtypes):
        """The output shape from ``NameInferShape``; None when the library has none."""
        lib, b = _library(self.path), _bridge()
        fn = _symbol(lib, self.name + "InferShape")
        if fn is None:
            return None
        args = _ShapeArgs(in_shapes, in_dtypes)
        out = (ctypes.c_int64 * 16)()
        extra = self._extra()
        try:
            rank = b.aot_infer_shape(fn, ctypes.addressof(args.ndims), ctypes.addressof(args.shapes), extra,
                                     ctypes.addressof(out), 16)
        finally:
            b.aot_free_extra(extra)
        return tuple(out[i] for i in range(rank))

    def run(self, inputs, out_specs):
        """The kernel on numpy ``inputs``; ``out_specs``: (shape, dtype) per output."""
        lib, b = _library(self.path), _bridge()
        kernel = _symbol(lib, self.name)
        if kernel is None:
            raise RuntimeError(f"For 'Custom', the function '{self.name}' was not found in '{self.path}'.")
        inputs = [np.ascontiguousarray(a) for a in inputs]
        outputs = [np.zeros(s, d) for s, d in out_specs]
        shapes = [a.shape for a in inputs + outputs]
        dtypes = [a.dtype for a in inputs + outputs]
        extra = self._extra()
        try:
            args = _ShapeArgs(shapes, dtypes)
            sizes = (ctypes.c_uint64 * 64)()
            n = b.aot_init(_symbol(lib, self.name + "Init"), ctypes.addressof(args.ndims),
                           ctypes.addressof(args.shapes), ctypes.addressof(args.dtypes), extra,
                           ctypes.addressof(sizes), 64)
            if n < 0:
                raise RuntimeError(f"For 'Custom', the Init function of '{self.name}' returned {-1 - n}.")
            # workspace blocks aligned as MindSpore's memory pool aligns them (512 bytes)
            workspaces = [np.zeros(-(-max(int(sizes[i]), 1) // _ALIGN) * _ALIGN, np.uint8) for i in range(n)]
            every = inputs + outputs + workspaces
            args = _ShapeArgs(shapes + [w.shape for w in workspaces], dtypes + [w.dtype for w in workspaces])
            params = (ctypes.c_void_p * len(every))(*[a.ctypes.data for a in every])
            call = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                    ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)(kernel)
            ret = call(len(inputs) + len(outputs), params, args.ndims, args.shapes, args.dtypes, None, extra)
        finally:
            b.aot_free_extra(extra)
        if ret != 0:
            raise RuntimeError(f"For 'Custom', the aot kernel '{self.name}' in '{self.path}' returned {ret} "
                               "(a non-zero return stops the computation).")
        return outputs
