#!/usr/bin/env bash
# Issue 4 on the CPU: jitfft on PoCL (tuned, then checked) beside scipy.fft.fftn(workers=2)
# on the same machine. Usage: OUT=dir tools/peers/cpu_peers.sh   (release binary built)
# Writes: scipy.json, tune_<p>_<n>.json, final.jsonl, env.txt
set -uo pipefail
OUT=${OUT:?set OUT to a new results folder}
BIN=${JITFFT_BIN:-target/release/jitfft}
SIZES=${SIZES:-"3:14 4:11 2:22"}
mkdir -p "$OUT"
export JITFFT_WISDOM="$OUT/wisdom.json"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: ${JITFFT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "command: SIZES=\"$SIZES\" OUT=\$OUT tools/peers/cpu_peers.sh"
  echo "cpu: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
  "$BIN" devices --json | python3 -c 'import json,sys; [print("device:", d["name"], d["platform"], "driver", d["driver_version"]) for d in json.load(sys.stdin)]'
} > "$OUT/env.txt"
python3 "$(dirname "$0")/peer_cpu.py" --sizes "$(echo $SIZES | sed 's/:/^/g; s/ /,/g')" --workers 2 --repeats 10 --out "$OUT/scipy.json"
: > "$OUT/final.jsonl"
for s in $SIZES; do
  p=${s%:*}; n=${s#*:}
  "$BIN" tune vc --p $p --n $n --repeat 5 --device cpu --json > "$OUT/tune_${p}_${n}.json"
  "$BIN" vc --p $p --n $n --check --random 7 --repeat 10 --device cpu --json | python3 "$(dirname "$0")/../report_flat.py" >> "$OUT/final.jsonl"
  echo >> "$OUT/final.jsonl"
done
rm -f "$OUT/wisdom.json"
