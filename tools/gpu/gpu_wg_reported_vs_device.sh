#!/usr/bin/env bash
# Issue 4: fused VC schedules under the kernel-reported work-group limit (NVIDIA: 256) against
# the device maximum (1024, JITFFT_KERNEL_WG=device), same binary, same run, checked against
# the f64 reference. Usage: OUT=dir tools/gpu/gpu_wg_reported_vs_device.sh   (SIZES="3:16 4:13", REPEAT=10)
set -uo pipefail
. "$(dirname "$0")/lib.sh"
export JITFFT_CACHE_DIR=/tmp/jitfft-cache
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: $COMMIT"
  echo "command: SIZES=\"${SIZES:-3:16 4:13 3:12 2:28}\" OUT=\$OUT tools/gpu/gpu_wg_reported_vs_device.sh"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
} > "$OUT/env.txt"
: > "$OUT/runs.jsonl"
for s in ${SIZES:-3:16 4:13 3:12 2:28}; do
  p=${s%:*}; n=${s#*:}
  for src in kernel device; do
    start=$(date +%s.%N)
    JITFFT_KERNEL_WG=$src timeout ${LIMIT:-150} "$BIN" vc --p $p --n $n --algo fused --check --random 7 \
      --repeat ${REPEAT:-10} --device gpu --json > "$OUT/run.json" 2> "$OUT/err_${p}_${n}_$src.txt"
    rc=$?
    secs=$(python3 -c "import time; print('%.1f' % (time.time() - $start))")
    python3 - "$OUT/run.json" "$p^$n" "$src" "$rc" "$secs" >> "$OUT/table.txt" <<'PY'
import json, sys
path, size, src, rc, secs = sys.argv[1:]
try:
    r = json.load(open(path))
except Exception as e:
    print("%-6s %-6s exit %s after %s s: no result" % (size, src, rc, secs)); sys.exit()
print("%-6s %-6s %d passes %-14s kernel %.4f ms (min %.4f max %.4f) per pass %s rel L2 %.2e (%s s)" % (
    size, src, r["passes"], r["radices"], r["kernel_ms"]["median"], r["kernel_ms"]["min"],
    r["kernel_ms"]["max"], " ".join("%.4f" % x for x in r["pass_ms"]), r["check"]["rel_l2"], secs))
PY
    python3 "$REPORT_FLAT" < "$OUT/run.json" >> "$OUT/runs.jsonl"; echo >> "$OUT/runs.jsonl"
  done
done
cat "$OUT/table.txt"
