#!/usr/bin/env bash
# Lane blocks (issue 28, docs/history/2026-11-25-wisdom-host-large-p.md item 34) on an NVIDIA host, one call:
#  1. `devices --bandwidth` (the copy rate);
#  2. every p ≤ 32 at its largest n with p^n ≤ 2^28 (large p first): the default plan
#     (`vc --check`, fresh program cache, no wisdom: lane blocks where the model takes them)
#     and, where that plan's kernels match ALT_WHEN, JITFFT_LANE_BLOCKS=$ALT right after it
#     (default: off, lane digits only; unchecked), kernel median of REPEAT each;
#  3. torch.fft.fftn (cuFFT) for the same sizes (tools/peers/peer_cufft.py), same run;
#  4. the table (tools/reports/blocks_report.py → SUMMARY.md).
# Usage (repo root): OUT=dir tools/gpu/gpu_blocks.sh
# Settings: REPEAT (10), LIMIT_S (380: no new size after this many seconds), DEVICE (gpu),
# QUICK=1 (tiny sizes on any device: a check of the script on PoCL), SIZES ("p:n …").
# Writes: env.txt (with the A/B's mode, `alt:`), log.txt, bandwidth.json, blocks.jsonl, off.jsonl
# (the A/B runs), cufft.json, SUMMARY.md.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
QUICK=${QUICK:-0}
REPEAT=${REPEAT:-10}
LIMIT_S=${LIMIT_S:-470}
OFF=${OFF:-1}
ALT=${ALT:-off}
ALT_WHEN=${ALT_WHEN:-_block}
CHECK_MAX=${CHECK_MAX:-0}
if [ "$QUICK" = 1 ]; then
  DEVICE=${DEVICE:-}
  DEFAULT_SIZES="24:3 11:3"
  REPEAT=2
  export JITFFT_LANE_BLOCKS_QUICK=on
else
  DEVICE=${DEVICE:-gpu}
  DEFAULT_SIZES="24:6 25:6 11:8 13:7 31:5 32:5 14:7 15:7 17:6 18:6 19:6 20:6 21:6 22:6 23:6 26:5 27:5 28:5 29:5 30:5 7:9 10:8 5:12 12:7 16:7 2:28 3:17 4:14 6:10 8:9 9:8"
fi
SIZES=${SIZES:-$DEFAULT_SIZES}
DEV=()
[ -n "$DEVICE" ] && DEV=(--device "$DEVICE")
export JITFFT_CACHE_DIR=/tmp/jitfft-cache-blocks
rm -rf "$JITFFT_CACHE_DIR"
NOWISDOM=/tmp/jitfft-blocks-nowisdom.json
rm -f "$NOWISDOM"
LOG="$OUT/log.txt"
: > "$LOG"
: > "$OUT/blocks.jsonl"
: > "$OUT/off.jsonl"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: $COMMIT"
  echo "alt: $ALT"
  echo "command: QUICK=$QUICK REPEAT=$REPEAT LIMIT_S=$LIMIT_S OFF=$OFF ALT=$ALT ALT_WHEN=$ALT_WHEN CHECK_MAX=$CHECK_MAX DEVICE=$DEVICE SIZES=\"$SIZES\" OUT=\$OUT tools/gpu/gpu_blocks.sh"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1 | head -3
} > "$OUT/env.txt"
step() { echo "== [$(date -u +%T) +${SECONDS}s] $*" >> "$LOG"; }

step "devices --bandwidth"
timeout 60 "$BIN" devices --bandwidth --json "${DEV[@]}" > "$OUT/bandwidth.json" 2>> "$LOG"

done_sizes=""
for s in $SIZES; do
  if [ "$SECONDS" -gt "$LIMIT_S" ]; then
    step "time limit: $s and later sizes left out"
    break
  fi
  p=${s%:*} n=${s#*:}
  # QUICK: tiny arrays never take blocks by the model; force them.
  mode=${JITFFT_LANE_BLOCKS_QUICK:-auto}
  CHECK=(--check)
  if [ "$CHECK_MAX" != 0 ] && [ "$(python3 -c "print(int($p ** $n > $CHECK_MAX))")" = 1 ]; then
    CHECK=()
  fi
  step "default $p^$n (JITFFT_LANE_BLOCKS=$mode) ${CHECK[*]}"
  JITFFT_LANE_BLOCKS=$mode JITFFT_WISDOM=$NOWISDOM timeout 150 "$BIN" vc --p "$p" --n "$n" "${CHECK[@]}" \
    --random 7 --repeat "$REPEAT" "${DEV[@]}" --json 2>> "$LOG" | python3 "$REPORT_FLAT" >> "$OUT/blocks.jsonl"
  echo >> "$OUT/blocks.jsonl"
  if [ "$OFF" = 0 ] || ! tail -1 "$OUT/blocks.jsonl" | grep -q -- "$ALT_WHEN"; then
    done_sizes="$done_sizes $s"
    continue
  fi
  step "$ALT $p^$n"
  JITFFT_LANE_BLOCKS=$ALT JITFFT_WISDOM=$NOWISDOM timeout 120 "$BIN" vc --p "$p" --n "$n" \
    --random 7 --repeat "$REPEAT" "${DEV[@]}" --json 2>> "$LOG" | python3 "$REPORT_FLAT" >> "$OUT/off.jsonl"
  echo >> "$OUT/off.jsonl"
  done_sizes="$done_sizes $s"
done

step "cuFFT"
CUSIZES=$(echo $done_sizes | sed 's/:/^/g; s/ /,/g')
timeout 150 python3 "$HERE/../peers/peer_cufft.py" --sizes "$CUSIZES" --repeats "$REPEAT" \
  --out "$OUT/cufft.json" >> "$LOG" 2>&1 || echo "cuFFT peer failed (no torch/CUDA?)" >> "$LOG"
step "report"
python3 "$HERE/../reports/blocks_report.py" "$OUT" > "$OUT/SUMMARY.md" 2>> "$LOG"
cat "$OUT/SUMMARY.md"
