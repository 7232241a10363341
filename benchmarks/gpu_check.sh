#!/bin/bash
# A check on a lent GPU, run from the repository root: install (building the optional C call),
# the compiled-call and donation tests, the call overhead, ResNet-50 with and without donation.
# Writes JSON results to $OUT (the device tool's output folder).
set -x
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
python3 -m pip install -q --no-deps --no-build-isolation -e . 2>&1 | tail -2
python3 -c "import mscompat._front as f; print(f.Function, f.Front)"
timeout 120 python3 -m pytest -q -p no:cacheprovider tests/test_compiled_call.py tests/test_donation.py 2>&1 | tail -3
timeout 100 python3 benchmarks/call_overhead.py --no-mindspore --rounds 300 2>&1 | tail -4
for d in 1 0; do
  MSCOMPAT_DONATE=$d MS_COMPILER_CACHE_ENABLE=0 timeout 200 python3 benchmarks/gpu.py --config full --models resnet50 --steps 10 --rounds 3 --warmup 2 --json $OUT/gpu_resnet50_donate$d.json 2>&1 | tail -6
done
