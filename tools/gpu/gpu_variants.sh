#!/usr/bin/env bash
# Issue 4: fused VC variants side by side in one run, each checked against the f64 reference
# (`vc --check`, kernel time from profiling events, median of REPEAT).
# Usage: OUT=dir VARIANTS="label|ENV=v ...|flags;label2|...|flags" SIZES="3:16 4:13" tools/gpu/gpu_variants.sh
# A variant is `label|environment|vc flags`; LIMIT bounds each run (seconds).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
export JITFFT_CACHE_DIR=/tmp/jitfft-cache
SIZES=${SIZES:-3:16 4:13 3:12 2:28}
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: $COMMIT"
  echo "command: SIZES=\"$SIZES\" VARIANTS=\"$VARIANTS\" OUT=\$OUT tools/gpu/gpu_variants.sh"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
} > "$OUT/env.txt"
: > "$OUT/runs.jsonl"
IFS=';' read -ra VS <<< "$VARIANTS"
for s in $SIZES; do
  p=${s%:*}; n=${s#*:}
  for v in "${VS[@]}"; do
    IFS='|' read -r label envs flags <<< "$v"
    start=$(date +%s.%N)
    env $envs timeout ${LIMIT:-150} "$BIN" vc --p $p --n $n --algo fused $flags --check --random 7 \
      --repeat ${REPEAT:-10} --device ${DEVICE:-gpu} --json > "$OUT/run.json" 2> "$OUT/err.txt"
    rc=$?
    python3 - "$OUT/run.json" "$p^$n" "$label" "$rc" "$start" "$OUT/err.txt" >> "$OUT/table.txt" <<'PY'
import json, sys, time
path, size, label, rc, start, err = sys.argv[1:]
secs = time.time() - float(start)
try:
    r = json.load(open(path))
except Exception:
    print("%-6s %-14s exit %s after %.0f s: %s" % (size, label, rc, secs, open(err).read().strip()[-300:]))
    sys.exit()
print("%-6s %-14s %d passes %-16s %.4f ms (min %.4f max %.4f) per pass %s rel L2 %.2e (%.0f s)" % (
    size, label, r["passes"], r["radices"], r["kernel_ms"]["median"], r["kernel_ms"]["min"],
    r["kernel_ms"]["max"], " ".join("%.4f" % x for x in r["pass_ms"]), r["check"]["rel_l2"], secs))
PY
    { printf '{"size":"%s","variant":"%s","rc":%s,"run":' "$p^$n" "$label" "$rc"; if [ -s "$OUT/run.json" ]; then python3 "$REPORT_FLAT" < "$OUT/run.json"; else printf null; fi; echo '}'; } >> "$OUT/runs.jsonl"
  done
done
rm -f "$OUT/run.json"
cat "$OUT/table.txt"
