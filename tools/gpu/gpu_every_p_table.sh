#!/usr/bin/env bash
# Issue 28's final table on an NVIDIA host, one call (≤ 9.5 minutes):
#  1. the block kernels on this device's compiler, checked against the f64 reference on small
#     arrays with forced blocks (cut blocks, stepping work-items, one-digit blocks, halves,
#     f64, batch, scaled inverse: the cases of tests/vc_lane_blocks.rs) → checks.txt;
#  2. every p ≤ 32 at its largest n with p^n ≤ 2^28 through gpu_blocks.sh: the default plan
#     (fresh cache, no wisdom; `--check` up to 2^25 points, larger ones were checked in the
#     blocks run or by step 1's kernels), and where the default exchanges in real/imaginary
#     halves, JITFFT_LANE_BLOCKS=whole right after it; cuFFT for every size in the same run
#     → table/ (SUMMARY.md).
# Usage (repo root): OUT=dir tools/gpu/gpu_every_p_table.sh    Settings: QUICK=1 (PoCL check).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
QUICK=${QUICK:-0}
DEV=(--device gpu)
[ "$QUICK" = 1 ] && DEV=()
: > "$OUT/checks.txt"
while read -r mode args; do
  [ -z "$mode" ] && continue
  line=$(JITFFT_LANE_BLOCKS=$mode timeout 60 "$BIN" vc $args --algo fused --check --json \
    "${DEV[@]}" 2>&1 | python3 -c '
import json, sys
t = sys.stdin.read()
try:
    d = json.loads(t)
    ks = [k for k in d["kernels"] if "_block" in k]
    print("ok" if d["check"]["ok"] else "FAIL", "rel_l2=%.2e" % d["check"]["rel_l2"], " ".join(ks))
except Exception:
    print("ERROR", t[-300:].replace("\n", " "))')
  echo "JITFFT_LANE_BLOCKS=$mode vc $args: $line" >> "$OUT/checks.txt"
done <<'CASES'
on:7 --p 5 --n 5 --fused-digits 2
on:25 --p 3 --n 10 --fused-digits 5 --inverse
on:100 --p 6 --n 5 --fused-digits 2 --precision f64 --batch 3
on --p 24 --n 3 --fused-digits 1 --norm ortho
on:25h --p 3 --n 10 --fused-digits 5 --inverse
on:7h --p 6 --n 5 --fused-digits 3 --precision f64
on:93h --p 11 --n 5 --fused-digits 2
on --p 13 --n 5 --fused-digits 2
CASES
cat "$OUT/checks.txt"
if [ "$QUICK" = 1 ]; then
  SIZES="24:3 11:3" QUICK=1 OUT="$OUT/table" "$HERE/gpu_blocks.sh"
else
  ALL="24:6 25:6 11:8 13:7 31:5 32:5 14:7 15:7 17:6 18:6 19:6 20:6 21:6 22:6 23:6 26:5 27:5 28:5 29:5 30:5 7:9 10:8 5:12 12:7 16:7 2:28 3:17 4:14 6:10 8:9 9:8"
  SIZES="$ALL" ALT=whole ALT_WHEN='_block[0-9]*h' CHECK_MAX=33554432 LIMIT_S=${LIMIT_S:-430} \
    OUT="$OUT/table" "$HERE/gpu_blocks.sh"
fi
