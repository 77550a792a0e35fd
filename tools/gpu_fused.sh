#!/usr/bin/env bash
# Issue 4 on an NVIDIA host: fused VC passes beside torch.fft.fftn (cuFFT) in the same run.
# Usage (repo root, release binary present):  OUT=dir tools/gpu_fused.sh
# Writes: env.txt, bandwidth.json, fused.jsonl (one `vc --json` record a line), cufft.json, log.txt
set -uo pipefail
OUT=${OUT:-bench-results/gpu-fused}
mkdir -p "$OUT"
BIN=${JITFFT_BIN:-target/release/jitfft}
if ! ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1 && [ -z "${OCL_ICD_VENDORS:-}" ]; then
  mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
fi
export JITFFT_CACHE_DIR=/tmp/jitfft-cache
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: ${JITFFT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "command: OUT=\$OUT tools/gpu_fused.sh ${*:-}"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.memory --format=csv 2>&1 | head -3
} > "$OUT/env.txt"
log() { echo "$@" >> "$OUT/log.txt"; }
"$BIN" devices --bandwidth --json --device gpu > "$OUT/bandwidth.json" 2>> "$OUT/log.txt"
: > "$OUT/fused.jsonl"
vc() { # label, then vc flags
  local label=$1; shift
  log "== [$label] jitfft vc $* --device gpu --json"
  local r
  r=$("$BIN" vc "$@" --device gpu --json 2>> "$OUT/log.txt" | tr -d '\n')
  if [ -n "$r" ]; then echo "{\"label\": \"$label\", \"args\": \"$*\", \"report\": $r}" >> "$OUT/fused.jsonl"; fi
}
SIZES=${SIZES:-"3:12 3:16 4:13 2:28"}
for s in $SIZES; do
  p=${s%:*}; n=${s#*:}
  vc fused-default --p $p --n $n --algo fused --random 1 --repeat 30 --check
  vc fused-rotate-nolanes --p $p --n $n --algo fused --fused-lanes 0 --random 1 --repeat 30
  vc fused-inplace --p $p --n $n --algo fused --fused-layout inplace --random 1 --repeat 30
  vc cg-r$p --p $p --n $n --algo cg --coeffs literal --random 1 --repeat 10
done
python3 tools/peer_cufft.py --sizes "$(echo $SIZES | sed 's/:/^/g; s/ /,/g')" --repeats 30 --out "$OUT/cufft.json" >> "$OUT/log.txt" 2>&1
echo "done: $(date -u +%FT%TZ)" >> "$OUT/env.txt"
