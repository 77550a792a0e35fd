#!/usr/bin/env bash
# Issue 2 on a GPU host: device listing and `vc --check` for the paper's sizes
# (p = 3, n = 12…16; p = 4, n = 9…13), both algorithms, f32 and f64.
# Usage (on the GPU host, repo root, release binary present):  OUT=dir tools/gpu/gpu_core.sh
# Writes: devices.txt, devices.json, vc_check.jsonl, vc_check.txt, env.txt, dump.tar.gz
set -uo pipefail
. "$(dirname "$0")/lib.sh"
export JITFFT_CACHE_DIR=/tmp/jitfft-cache
{
  gpu_env "command: OUT=\$OUT tools/gpu/gpu_core.sh"
} > "$OUT/env.txt"
"$BIN" devices > "$OUT/devices.txt" 2>&1
"$BIN" devices --json > "$OUT/devices.json" 2>&1

# A few builds kept for the statistics parsers (PTX + ptxas log).
mkdir -p /tmp/dump
for algo in ct cg; do for r in 3 4 9 16; do
  p=$r; [ $r = 9 ] && p=3; [ $r = 16 ] && p=4
  JITFFT_DUMP_DIR=/tmp/dump JITFFT_NO_CACHE=1 "$BIN" vc --p $p --n 4 --radix $r --algo $algo --repeat 1 --device gpu >/dev/null 2>&1
done; done
tar czf "$OUT/dump.tar.gz" -C /tmp dump

: > "$OUT/vc_check.jsonl"
: > "$OUT/vc_check.txt"
run() { # p n algo precision
  echo "== jitfft vc --p $1 --n $2 --algo $3 --precision $4 --check --random 12345 --device gpu" >> "$OUT/vc_check.txt"
  "$BIN" vc --p "$1" --n "$2" --algo "$3" --precision "$4" --check --random 12345 --repeat ${REPEAT:-5} --device gpu --json 2>&1 \
    | python3 "$REPORT_FLAT" | tee -a "$OUT/vc_check.jsonl" \
    | python3 -c 'import json,sys; r=json.load(sys.stdin); c=r["check"]; print("kernel %.4f ms (min %.4f max %.4f), upload %.3f ms, download %.3f ms, rel L2 %.3e, max abs %.3e" % (r["kernel_ms"]["median"], r["kernel_ms"]["min"], r["kernel_ms"]["max"], r["upload_ms"]["median"], r["download_ms"]["median"], c["rel_l2"], c["max_abs"]))' >> "$OUT/vc_check.txt" 2>&1
  echo >> "$OUT/vc_check.jsonl"
}
for prec in f32 f64; do for algo in ct cg; do
  for n in 12 13 14 15 16; do run 3 $n $algo $prec; done
  for n in 9 10 11 12 13; do run 4 $n $algo $prec; done
done; done
echo "done: $(date -u +%FT%TZ)" >> "$OUT/env.txt"
