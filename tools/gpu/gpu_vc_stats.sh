#!/usr/bin/env bash
# ptxas/SASS statistics of the fused kernels the H100 runs (registers, spills, work-group limit)
# for the issue's sizes. Usage (repo root): OUT=dir SIZES="3:16 4:13" tools/gpu/gpu_vc_stats.sh
set -u
. "$(dirname "$0")/lib.sh"
for s in ${SIZES:-3:16 4:13}; do
  p=${s%:*}; n=${s#*:}
  echo "== jitfft stats vc --p $p --n $n --algo fused ${EXTRA:-} --device gpu" > "$OUT/stats_${p}_${n}.txt"
  timeout 180 "$BIN" stats vc --p "$p" --n "$n" --algo fused ${EXTRA:-} --device gpu >> "$OUT/stats_${p}_${n}.txt" 2>&1
done
