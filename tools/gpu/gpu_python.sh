#!/usr/bin/env bash
# Issue 25 on a GPU host: the Python module's `VcPlan.execute` beside `torch.fft.fftn` (cuFFT) in
# one Python process (tools/peers/py_torch.py), then the module's pytest suite on the GPU.
# The host has python3, numpy and torch but no Rust: the wheel is built on the development
# machine and carried over:
#   .venv-python/bin/maturin build --release -m python/Cargo.toml --compatibility linux \
#       --auditwheel skip -o dist/       # dist/jitfft-0.1.0-cp38-abi3-linux_x86_64.whl
# It links the system's libOpenCL.so.1 (the ICD loader), like the jitfft binary.
# Usage (repo root):  OUT=dir tools/gpu/gpu_python.sh dist/jitfft-*.whl
# Settings: SIZES ("3:8,3:12,3:16,2:20,2:24,4:13"), REPEAT (20), DEVICE (jitfft selector, gpu),
# SKIP_PYTEST=1, JITFFT_COMMIT (recorded; the host has no .git).
# Writes: env.txt, install.txt, py_torch.json, py_torch.log, pytest.txt, summary.txt (printed).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
WHEEL=${1:?usage: OUT=dir tools/gpu/gpu_python.sh path/to/jitfft-*.whl}
export JITFFT_COMMIT=$COMMIT
SIZES=${SIZES:-3:8,3:12,3:16,2:20,2:24,4:13}
REPEAT=${REPEAT:-20}
DEVICE=${DEVICE:-gpu}
PY=${PYTHON:-python3}
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: $JITFFT_COMMIT"
  echo "command: SIZES=$SIZES REPEAT=$REPEAT DEVICE=$DEVICE OUT=\$OUT tools/gpu/gpu_python.sh $(basename "$WHEEL")"
  echo "wheel: $(basename "$WHEEL") sha256 $(sha256sum "$WHEEL" | cut -d' ' -f1)"
  "$PY" -c 'import sys, numpy, torch; print("python", sys.version.split()[0], "numpy", numpy.__version__, "torch", torch.__version__, "cuda", torch.version.cuda)' 2>&1
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1 | head -3
} > "$OUT/env.txt"

# The wheel into a private folder (no dependencies fetched: numpy is the host's), first on
# PYTHONPATH; nothing installed into the host's site-packages.
LIB=/tmp/jitfft-pylib
rm -rf "$LIB"
"$PY" -m pip install --no-deps --no-index --target "$LIB" "$WHEEL" > "$OUT/install.txt" 2>&1 \
  || { echo "pip install of the wheel failed: see install.txt" | tee "$OUT/summary.txt"; exit 1; }
export PYTHONPATH="$LIB${PYTHONPATH:+:$PYTHONPATH}"
"$PY" -c 'import jitfft; [print(d["index"], d["name"], d["kind"]) for d in jitfft.devices()]' >> "$OUT/env.txt" 2>&1

timeout 500 "$PY" tools/peers/py_torch.py --sizes "$SIZES" --repeats "$REPEAT" --device "$DEVICE" \
  --out "$OUT/py_torch.json" 2> "$OUT/py_torch.log"
echo "py_torch.py exit $?" >> "$OUT/py_torch.log"

if [ "${SKIP_PYTEST:-0}" != 1 ]; then
  if "$PY" -c 'import pytest' 2>/dev/null; then
    (cd python/tests && JITFFT_DEVICE="$DEVICE" timeout 300 "$PY" -m pytest -q -p no:cacheprovider .) > "$OUT/pytest.txt" 2>&1
    echo "pytest exit $?" >> "$OUT/pytest.txt"
  else
    echo "pytest not installed on this host: skipped" > "$OUT/pytest.txt"
  fi
fi

"$PY" - "$OUT/py_torch.json" > "$OUT/summary.txt" 2>&1 <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(r["meta"]["cuda_device"], "| torch", r["meta"]["torch"], "| commit", r["meta"]["commit"])
print(f"{'size':>8} {'jitfft kernel':>14} {'torch device':>13} {'jitfft host→host':>17} {'torch host→host':>16} {'relL2 vs torch':>15}")
for x in r["results"]:
    if "jitfft_error" in x:
        print(f"{x['p']}^{x['n']:<5} jitfft failed: {x['jitfft_error']}")
        continue
    print(f"{x['p']}^{x['n']:<5} {x['jitfft_kernel_ms']['median']:>11.4f} ms {x['torch_device_ms']['median']:>10.4f} ms "
          f"{x['jitfft_host_ms']['median']:>14.3f} ms {x['torch_host_ms']['median']:>13.3f} ms {x['rel_l2_jitfft_vs_torch']:>15.2e}")
PY
cat "$OUT/summary.txt"
tail -1 "$OUT/pytest.txt" 2>/dev/null
