"""Samples per second of two input pipelines in mscompat.dataset and in real MindSpore 2.10.

Pipeline 1: 20,000 uint8 images 32x32x3 with int32 labels (NumpySlicesDataset) ->
``map([Rescale(1/255, 0), Normalize(mean, std), HWC2CHW()], num_parallel_workers=2)`` ->
``batch(64, drop_remainder=True)`` -> ``create_tuple_iterator(output_numpy=True)``, one epoch.
Hand-written numpy does the same arithmetic as references: a per-sample loop (transform each
image, stack 64) and a vectorized one (the whole batch at once).

Pipeline 2: ImageFolderDataset over 2,000 JPEG files 64x64 in 10 class folders (written by
this script with PIL into a temporary directory) -> ``map([Decode(), RandomResizedCrop(32)],
num_parallel_workers=2)`` -> ``batch(64)`` -> iterate; mscompat's pipeline 2 is also timed with the
map's ``python_multiprocessing=True`` as a side row (``--no-processes`` leaves it out).

Real MindSpore runs in its own numpy-1.x interpreter (``$MSCOMPAT_ORACLE_PYTHON`` or
``.oracle/bin/python``, as for the parity tests) as a server process that builds the same
pipelines on the same files and times one epoch whenever asked. After a warm-up epoch of each,
every round times one epoch of every contender in turn (mscompat, MindSpore, numpy), so machine
noise hits all of them alike; the table gives the median and best rate over the rounds and the
median of the per-round ratios. The first batch of pipeline 1 and 64 decoded JPEGs are
compared between mscompat and MindSpore (and the numpy reference).

    .venv/bin/python benchmarks/dataset_throughput.py [--rounds 5] [--images 20000] [--jpegs 2000]
"""
import argparse
import json
import os
import pathlib
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import warnings

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Run by both interpreters (``ds``/``vision`` are mscompat's or MindSpore's modules).
_BODY = r'''
import os, time
import numpy as np

MEAN = [0.4914, 0.4822, 0.4465]
STD = [0.2470, 0.2435, 0.2616]
BATCH = 64


class FileBytes:
    """(encoded bytes, class index) of every file of an image-folder tree, in ImageFolderDataset's
    order (class folders sorted, files sorted): the source used where ImageFolderDataset is missing."""

    def __init__(self, root):
        self.items = []
        for label, cls in enumerate(sorted(os.listdir(root))):
            for name in sorted(os.listdir(os.path.join(root, cls))):
                self.items.append((os.path.join(root, cls, name), label))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        path, label = self.items[i]
        with open(path, "rb") as f:
            return np.frombuffer(f.read(), np.uint8), np.array(label, np.int32)


def pipeline1(ds, vision, images, labels, workers):
    d = ds.NumpySlicesDataset({"image": images, "label": labels}, shuffle=False)
    d = d.map(operations=[vision.Rescale(1.0 / 255.0, 0.0), vision.Normalize(MEAN, STD), vision.HWC2CHW()],
              input_columns="image", num_parallel_workers=workers)
    return d.batch(BATCH, drop_remainder=True)


def pipeline2(ds, vision, root, workers, source, processes=False):
    if source == "imagefolder":
        d = ds.ImageFolderDataset(root, shuffle=False)
    else:
        d = ds.GeneratorDataset(FileBytes(root), ["image", "label"], shuffle=False)
    d = d.map(operations=[vision.Decode(), vision.RandomResizedCrop(32)], input_columns="image",
              num_parallel_workers=workers, python_multiprocessing=processes)
    return d.batch(BATCH)


def epoch(d):
    """(samples, seconds) of one epoch."""
    t0 = time.perf_counter()
    n = 0
    for row in d.create_tuple_iterator(num_epochs=1, output_numpy=True):
        n += len(row[0])
    return n, time.perf_counter() - t0


def first_batch(d):
    for row in d.create_tuple_iterator(num_epochs=1, output_numpy=True):
        return row


def decoded(vision, root, count):
    src = FileBytes(root)
    dec = vision.Decode()
    return np.stack([dec(src[i][0]) for i in range(count)])
'''

_SERVER = _BODY + r'''
import json, sys
os.environ.setdefault("GLOG_v", "3")
import mindspore.dataset as ds
from mindspore.dataset import vision

cfg = json.loads(sys.argv[1])
data = cfg["dir"]
images, labels = np.load(os.path.join(data, "images.npy")), np.load(os.path.join(data, "labels.npy"))
pipes = {"p1": pipeline1(ds, vision, images, labels, cfg["workers"]),
         "p2": pipeline2(ds, vision, os.path.join(data, "jpeg"), cfg["workers"], "imagefolder")}
print("READY", flush=True)
for line in sys.stdin:
    cmd = line.strip()
    if cmd == "quit":
        break
    if cmd == "dump":
        np.save(os.path.join(data, "ms_p1.npy"), first_batch(pipes["p1"])[0])
        np.save(os.path.join(data, "ms_decode.npy"), decoded(vision, os.path.join(data, "jpeg"), BATCH))
        out = {"p2": [[list(a.shape), str(a.dtype)] for a in first_batch(pipes["p2"])]}
    else:
        n, secs = epoch(pipes[cmd])
        out = {"n": n, "secs": secs}
    print("RESULT " + json.dumps(out), flush=True)
'''


class MindSporeServer:
    """Real MindSpore in its own interpreter, timing one epoch of a pipeline per request."""

    def __init__(self, data_dir, workers):
        from parity_tests.oracle import oracle_python
        py = oracle_python()  # parity_tests.oracle: $MSCOMPAT_ORACLE_PYTHON or .oracle/
        if py is None:
            raise RuntimeError("no MindSpore interpreter (set MSCOMPAT_ORACLE_PYTHON)")
        self.log = open(os.path.join(data_dir, "mindspore.log"), "w")
        self.proc = subprocess.Popen([py, "-c", _SERVER, json.dumps({"dir": data_dir, "workers": workers})],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True,
                                     cwd=data_dir)
        self._expect("READY")

    def _expect(self, prefix):
        for line in self.proc.stdout:
            if line.startswith(prefix):
                return line[len(prefix):].strip()
        self.log.flush()
        with open(self.log.name) as f:
            tail = f.read()[-3000:]
        raise RuntimeError("MindSpore server stopped:\n" + tail)

    def ask(self, cmd):
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()
        return json.loads(self._expect("RESULT"))

    def epoch(self, cmd):
        r = self.ask(cmd)
        return r["n"], r["secs"]

    def close(self):
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.close()
            self.proc.wait(timeout=60)
        except Exception:  # pylint: disable=broad-except
            self.proc.kill()
            self.proc.wait()
        self.log.close()


# --------------------------------------------------------------------------- data
def make_data(data_dir, n_images, n_jpegs):
    rs = np.random.RandomState(0)
    images = rs.randint(0, 256, (n_images, 32, 32, 3)).astype(np.uint8)
    labels = rs.randint(0, 10, n_images).astype(np.int32)
    np.save(os.path.join(data_dir, "images.npy"), images)
    np.save(os.path.join(data_dir, "labels.npy"), labels)
    from PIL import Image
    root = os.path.join(data_dir, "jpeg")
    for c in range(10):
        os.makedirs(os.path.join(root, "class_{}".format(c)))
    for i in range(n_jpegs):
        # smooth content (8x8 noise scaled up), like a photo rather than white noise
        small = Image.fromarray(rs.randint(0, 256, (8, 8, 3)).astype(np.uint8))
        small.resize((64, 64), Image.BILINEAR).save(
            os.path.join(root, "class_{}".format(i % 10), "img_{:05d}.jpg".format(i)), quality=90)
    return images, labels, root


# --------------------------------------------------------------------------- hand-written numpy
def numpy_references(ns, images, labels):
    mean, std = np.asarray(ns["MEAN"], np.float32), np.asarray(ns["STD"], np.float32)
    scale, size = np.float32(1.0 / 255.0), ns["BATCH"]
    n = len(images) // size * size

    def one(img):
        x = img.astype(np.float32) * scale + np.float32(0.0)
        return ((x - mean) / std).transpose(2, 0, 1)

    def per_sample():
        t0 = time.perf_counter()
        for s in range(0, n, size):
            batch = np.stack([one(images[i]) for i in range(s, s + size)])
            _ = labels[s:s + size]
        return n, time.perf_counter() - t0

    def vectorized():
        t0 = time.perf_counter()
        for s in range(0, n, size):
            x = images[s:s + size].astype(np.float32) * scale + np.float32(0.0)
            batch = np.ascontiguousarray(((x - mean) / std).transpose(0, 3, 1, 2))
            _ = labels[s:s + size]
        return n, time.perf_counter() - t0

    first = np.stack([one(images[i]) for i in range(size)])
    return per_sample, vectorized, first


# --------------------------------------------------------------------------- run
def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--images", type=int, default=20000)
    ap.add_argument("--jpegs", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--source2", choices=["auto", "imagefolder", "generator"], default="auto",
                    help="mscompat's source for pipeline 2 (auto: ImageFolderDataset when mscompat has it)")
    ap.add_argument("--no-mindspore", action="store_true")
    ap.add_argument("--no-processes", dest="processes", action="store_false",
                    help="leave out the side row of pipeline 2 with python_multiprocessing=True")
    args = ap.parse_args()

    sys.path.insert(0, str(ROOT))
    # JAX warns on any fork; the forked dataset workers run only numpy/Pillow transforms
    warnings.filterwarnings("ignore", message=r"os\.fork\(\) was called", category=RuntimeWarning)
    import mscompat.dataset as ds
    from mscompat.dataset import vision
    ns = {}
    exec(_BODY, ns)  # pylint: disable=exec-used
    source2 = args.source2
    if source2 == "auto":
        source2 = "imagefolder" if hasattr(ds, "ImageFolderDataset") else "generator"

    data_dir = tempfile.mkdtemp(prefix="mscompat_throughput_")
    server = None
    try:
        images, labels, jpeg_root = make_data(data_dir, args.images, args.jpegs)
        if not args.no_mindspore:
            server = MindSporeServer(data_dir, args.workers)
        per_sample, vectorized, np_first = numpy_references(ns, images, labels)
        p1 = ns["pipeline1"](ds, vision, images, labels, args.workers)
        p2 = ns["pipeline2"](ds, vision, jpeg_root, args.workers, source2)
        # the same with the map's python_multiprocessing=True (forked worker processes), as a side row
        p2_procs = ns["pipeline2"](ds, vision, jpeg_root, args.workers, source2, True) if args.processes else None

        # same values?
        msc_first = ns["first_batch"](p1)[0]
        checks = {"p1 mscompat vs numpy, max |diff|": float(np.abs(msc_first - np_first).max())}
        if server is not None:
            ms_p2 = server.ask("dump")["p2"]
            msc_p2 = [[list(a.shape), str(a.dtype)] for a in ns["first_batch"](p2)]
            checks["p2 first batch (shape, dtype) mscompat == MindSpore"] = "{} ({})".format(
                msc_p2 == ms_p2, msc_p2)
            ms_first = np.load(os.path.join(data_dir, "ms_p1.npy"))
            checks["p1 mscompat vs MindSpore, max |diff|"] = float(np.abs(msc_first - ms_first).max())
            ms_dec = np.load(os.path.join(data_dir, "ms_decode.npy"))
            msc_dec = ns["decoded"](vision, jpeg_root, ns["BATCH"])
            checks["Decode mscompat vs MindSpore, max |diff| (64 JPEGs)"] = int(
                np.abs(msc_dec.astype(np.int32) - ms_dec).max())

        runners = {
            "p1": {"mscompat": lambda: ns["epoch"](p1), "numpy per sample": per_sample,
                   "numpy vectorized": vectorized},
            "p2": {"mscompat": lambda: ns["epoch"](p2)},
        }
        if p2_procs is not None:
            runners["p2"]["mscompat, python_multiprocessing=True"] = lambda: ns["epoch"](p2_procs)
        if server is not None:
            runners["p1"]["MindSpore"] = lambda: server.epoch("p1")
            runners["p2"]["MindSpore"] = lambda: server.epoch("p2")
        rates = {p: {k: [] for k in r} for p, r in runners.items()}
        for p, r in runners.items():      # warm-up epoch of each
            for run in r.values():
                run()
        for _ in range(args.rounds):      # interleaved rounds
            for p, r in runners.items():
                for k, run in r.items():
                    n, secs = run()
                    rates[p][k].append(n / secs)
    finally:
        if server is not None:
            server.close()
        shutil.rmtree(data_dir, ignore_errors=True)

    report(args, source2, rates, checks)


def report(args, source2, rates, checks):
    print("# {} {}, {} cores, Python {}, {} rounds (one epoch of each contender per round, interleaved), "
          "map workers {}".format(platform.machine(), platform.processor() or "", os.cpu_count(),
                                  platform.python_version(), args.rounds, args.workers))
    titles = {"p1": "Pipeline 1: {} images 32x32x3 -> map(Rescale, Normalize, HWC2CHW) -> batch(64, "
                    "drop_remainder=True)".format(args.images),
              "p2": "Pipeline 2: {} {} over 64x64 JPEGs -> map(Decode, RandomResizedCrop(32)) -> batch(64)"
                    .format(args.jpegs, "ImageFolderDataset" if source2 == "imagefolder"
                            else "files (mscompat: GeneratorDataset of their bytes; MindSpore: ImageFolderDataset)")}
    for p, table in rates.items():
        print()
        print(titles[p])
        print()
        ref = "MindSpore" if "MindSpore" in table else None
        print("| what | median samples/s | best samples/s | median ratio to MindSpore |")
        print("|---|---:|---:|---:|")
        for k, vals in table.items():
            ratio = ""
            if ref is not None:
                ratio = "{:.2f}".format(statistics.median(a / b for a, b in zip(vals, table[ref])))
            print("| {} | {:,.0f} | {:,.0f} | {} |".format(k, statistics.median(vals), max(vals), ratio))
        print()
        print("per round: " + "; ".join("{} {}".format(k, ", ".join("{:.0f}".format(v) for v in vals))
                                        for k, vals in table.items()))
    print()
    for k, v in checks.items():
        print("check: {} = {}".format(k, v))


if __name__ == "__main__":
    main()
