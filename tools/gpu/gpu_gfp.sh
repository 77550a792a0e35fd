#!/usr/bin/env bash
# H100 sweep for `jitfft gfp` (issue 5): FFT over generalized Fermat prime fields.
#   P3 = (2^63+2^34)^8+1 with N = 2^16, 2^20, 2^24 and P4 = (2^62+2^36)^16+1 with N = 2^16, 2^20,
#   plus the P3 2^20 inverse. Data on the device: kernel times from OpenCL profiling events
#   (median/min/max of --repeat runs after a warm-up), per stage (base DFTs, twiddles,
#   permutation, scale), transfers separately; every result checked bit-exact against the rug
#   CPU FFT, which is also timed on this host (--cpu-reference-time, all host cores).
# Usage: OUT=/some/dir tools/gpu/gpu_gfp.sh   (binary at target/release/jitfft; override with BIN=)
# Writes under $OUT: device.txt, gfp_p3_n16.json, gfp_p3_n20.json, gfp_p3_n24.json,
#   gfp_p4_n16.json, gfp_p4_n20.json, gfp_p3_n20_inv.json, summary.txt (8 files).
set -u
. "$(dirname "$0")/lib.sh"
REPEAT=${REPEAT:-10}
DEVICE=${DEVICE:-gpu}

{
  echo "host: $(hostname) $(nproc) cores, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null || true
  "$BIN" devices 2>&1
} > "$OUT/device.txt"

status=0
run() { # name, args...
  local name=$1; shift
  echo "== gfp $* --device "$DEVICE" --check --cpu-reference-time --repeat $REPEAT --json" >&2
  if ! "$BIN" gfp "$@" --device "$DEVICE" --check --cpu-reference-time --repeat "$REPEAT" --json \
      > "$OUT/$name.json.tmp" 2> "$OUT/$name.err"; then
    echo "FAILED: $name" >&2; cat "$OUT/$name.err" >&2; status=1
  fi
  mv "$OUT/$name.json.tmp" "$OUT/$name.json"
  [ -s "$OUT/$name.err" ] && cat "$OUT/$name.err" >&2
  rm -f "$OUT/$name.err"
}

run gfp_p3_n16 --prime p3 --log-n 16 --random 16
run gfp_p3_n20 --prime p3 --log-n 20 --random 20
run gfp_p3_n24 --prime p3 --log-n 24 --random 24
run gfp_p4_n16 --prime p4 --log-n 16 --random 16
run gfp_p4_n20 --prime p4 --log-n 20 --random 20
run gfp_p3_n20_inv --prime p3 --log-n 20 --random 21 --inverse

python3 - "$OUT" > "$OUT/summary.txt" <<'PY' || echo "(python3 unavailable: see the JSON files)" > "$OUT/summary.txt"
import json, sys, glob, os
out = sys.argv[1]
print("| run | N | radices | kernel ms (med, min-max) | base DFTs | twiddles | permutation | scale | upload | download | CPU rug FFT ms | check |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
for f in sorted(glob.glob(os.path.join(out, "gfp_*.json"))):
    try:
        v = json.load(open(f))
        v = {**v["details"], **v["timing"], **v["plan"], "check": v.get("check")} if "timing" in v else v  # the one report schema
    except Exception as e:
        print(f"| {os.path.basename(f)} | failed: {e} |"); continue
    s = v["per_stage"]; m = lambda x: f'{x["median"]:.4f}'
    k = v["kernel_ms"]
    print(f'| {os.path.basename(f)[:-5]} | 2^{v["log_n"]} | {v["radices"]} | {k["median"]:.4f} ({k["min"]:.4f}-{k["max"]:.4f}) | '
          f'{m(s["base_dft_ms"])} | {m(s["twiddle_ms"])} | {m(s["permutation_ms"])} | {m(s["scale_ms"])} | '
          f'{m(v["upload_ms"])} | {m(v["download_ms"])} | {v["cpu_reference_ms"]:.1f} ({v["cpu_threads"]} thr) | '
          f'{"exact" if v["check"]["ok"] else "MISMATCH"} |')
PY
cat "$OUT/summary.txt"
exit $status
