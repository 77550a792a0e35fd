#!/usr/bin/env bash
# Issues 32 and 34 on a GPU host: the wheel that tools/build-wheel.sh made, installed as a user
# would (no Rust on the host), its pytest suite, then tools/gpu/python_bench.py: VcPlan.execute
# and scipy.fft.fftn under jitfft.scipy_backend beside torch.fft.fftn at 3^16 and 2^24,
# repeated jitfft.mul of two 2^20-limb ints, repeated jitfft.vc at 3^13.
# Usage (repo root):  OUT=dir tools/gpu/python_wheel.sh dist/jitfft-*.whl
# Settings: QUICK=1 (small sizes: a dry run on PoCL), REPEAT (20), DEVICE (jitfft selector;
# default: the library's rule), PYTHON (python3), SKIP_PYTEST=1, JITFFT_COMMIT (recorded).
# Writes: env.txt, install.txt, pytest.txt, bench.json, bench.log, README.md (a table).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
WHEEL=${1:?usage: OUT=dir tools/gpu/python_wheel.sh path/to/jitfft-*.whl}
export JITFFT_COMMIT=$COMMIT
REPEAT=${REPEAT:-20}
PY=${PYTHON:-python3}
QUICK_ARG=""; [ "${QUICK:-0}" = 1 ] && QUICK_ARG=--quick
DEV_ARG=""; [ -n "${DEVICE:-}" ] && DEV_ARG="--device $DEVICE"
{
  gpu_env "command: QUICK=${QUICK:-0} REPEAT=$REPEAT DEVICE=${DEVICE:-} OUT=\$OUT tools/gpu/python_wheel.sh $(basename "$WHEEL")" \
    "wheel: $(basename "$WHEEL") sha256 $(sha256sum "$WHEEL" | cut -d' ' -f1)"
  "$PY" -c 'import sys, numpy; print("python", sys.version.split()[0], "numpy", numpy.__version__)' 2>&1
  "$PY" -c 'import scipy; print("scipy", scipy.__version__)' 2>&1 | tail -1
  "$PY" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)' 2>&1 | tail -1
  echo "cargo on PATH: $(command -v cargo || echo none)"
} > "$OUT/env.txt"

# The wheel into a private folder, first on PYTHONPATH: nothing fetched (numpy, scipy and
# torch are the host's), nothing installed into the host's site-packages.
LIB=/tmp/jitfft-pylib
rm -rf "$LIB"
"$PY" -m pip install --no-index --no-deps --target "$LIB" "$WHEEL" > "$OUT/install.txt" 2>&1 \
  || { echo "pip install of the wheel failed: see install.txt" | tee "$OUT/README.md"; exit 1; }
export PYTHONPATH="$LIB${PYTHONPATH:+:$PYTHONPATH}"
"$PY" -c 'import jitfft; print("jitfft from", jitfft.__file__); [print(d["index"], d["name"], d["kind"]) for d in jitfft.devices()]' >> "$OUT/env.txt" 2>&1

PYTEST_LINE="pytest: skipped"
if [ "${SKIP_PYTEST:-0}" != 1 ]; then
  if "$PY" -c 'import pytest' 2>/dev/null; then
    (cd python/tests && ${DEVICE:+JITFFT_DEVICE="$DEVICE"} timeout 400 "$PY" -m pytest -q -p no:cacheprovider .) > "$OUT/pytest.txt" 2>&1
    echo "pytest exit $?" >> "$OUT/pytest.txt"
    PYTEST_LINE="pytest: $(grep -E 'passed|failed|error' "$OUT/pytest.txt" | tail -1) ($(tail -1 "$OUT/pytest.txt"))"
  else
    PYTEST_LINE="pytest: not installed on this host"
  fi
fi

# shellcheck disable=SC2086
timeout 500 "$PY" "$HERE/python_bench.py" --out "$OUT/bench.json" --repeats "$REPEAT" $QUICK_ARG $DEV_ARG > "$OUT/bench.log" 2>&1
echo "python_bench.py exit $?" >> "$OUT/bench.log"

"$PY" - "$OUT" "$PYTEST_LINE" > "$OUT/README.md" 2>>"$OUT/bench.log" <<'PY'
import json, sys
out, pytest_line = sys.argv[1], sys.argv[2]
r = json.load(open(f"{out}/bench.json"))
env = open(f"{out}/env.txt").read()
m = lambda d: f"{d['median']:.3f} ({d['min']:.3f}–{d['max']:.3f})" if isinstance(d, dict) else "—"
print("# Python package from the wheel (tools/gpu/python_wheel.sh)\n")
print("```\n" + env.strip() + "\n```\n")
print(f"{pytest_line}\n")
print("Wall ms per call, median (min–max) of the repeats after the first call; host → host:")
print("numpy complex64 in, numpy out. Kernel/upload/download: the plan's OpenCL events.\n")
print("| size | VcPlan.execute | kernel | upload | download | scipy.fft.fftn (backend) | torch.fft.fftn host→host | torch device | rel L2 |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for x in r["vc"]:
    if "error" in x:
        print(f"| {x['size']} | {x['error']} | | | | | | | |")
        continue
    rel = max(x.get("rel_l2_vcplan", float("nan")), x.get("rel_l2_scipy_backend", float("nan")))
    print(f"| {x['size']} | {m(x['vcplan_execute_ms'])} | {m(x['vcplan_kernel_ms'])} | {m(x['vcplan_upload_ms'])} | "
          f"{m(x['vcplan_download_ms'])} | {m(x['scipy_backend_fftn_ms'])} | {m(x.get('torch_host_ms'))} | "
          f"{m(x.get('torch_device_ms'))} | {rel:.2e} |")
mu, vr = r["mul"], r["vc_repeated"]
print("\n| row | first call s | repeated ms | check |")
print("| --- | --- | --- | --- |")
if "error" in mu:
    print(f"| mul {mu['limbs']} limbs | {mu['error']} | | |")
else:
    print(f"| `jitfft.mul` two {mu['limbs']}-limb ints | {mu['first_call_s']:.3f} | {m(mu['repeated_ms'])} | exact: {mu['exact']}; "
          f"Python's own product {mu['python_product_ms']:.1f} ms; int bytes round trip {m(mu['int_bytes_round_trip_ms'])} |")
if "error" in vr:
    print(f"| vc() repeated | {vr['error']} | | |")
else:
    print(f"| `jitfft.vc` repeated {vr['size']} | {vr['first_call_s']:.3f} | {m(vr['repeated_ms'])} | rel L2 {vr.get('rel_l2', float('nan')):.2e} |")
print("\nJSON: bench.json (with the plan cache's state at the end).")
PY
cat "$OUT/README.md"
