#!/usr/bin/env bash
# Issue 28: for p = 25…31 (not powers of two) at their largest n with p^n ≤ 2^28, the default
# plan (NVIDIA's reported 256 work-items: the device-maximum rule stops at p = 23) against
# JITFFT_KERNEL_WG=device (1024 work-items: lane blocks with halves of 2 digits), alternated,
# kernel median of 10, the device variant checked against the f64 reference. One call, ~2 min.
# Usage (repo root): OUT=dir tools/gpu/gpu_wg_largep.sh    Writes: env.txt, runs.jsonl, summary.txt.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
SIZES=${SIZES:-"25:6 26:5 27:5 28:5 29:5 30:5 31:5"}
DEV=(--device "${DEVICE:-gpu}")
NOWISDOM=/tmp/jitfft-wg-largep-nowisdom.json
rm -f "$NOWISDOM"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: $COMMIT"
  echo "command: SIZES=\"$SIZES\" OUT=\$OUT tools/gpu/gpu_wg_largep.sh"
  nvidia-smi --query-gpu=name,driver_version --format=csv 2>&1 | head -2
} > "$OUT/env.txt"
: > "$OUT/runs.jsonl"
for s in $SIZES; do
  for wg in auto device; do
    check=(); [ "$wg" = device ] && check=(--check)
    printf '{"wg": "%s", "run": ' "$wg" >> "$OUT/runs.jsonl"
    JITFFT_KERNEL_WG=$wg JITFFT_WISDOM=$NOWISDOM timeout 120 "$BIN" vc --p "${s%:*}" --n "${s#*:}" \
      "${check[@]}" --random 7 --repeat 10 "${DEV[@]}" --json 2>> "$OUT/env.txt" | python3 "$REPORT_FLAT" >> "$OUT/runs.jsonl"
    echo "}" >> "$OUT/runs.jsonl"
  done
done
python3 - "$OUT/runs.jsonl" <<'PY' | tee "$OUT/summary.txt"
import json, sys
for line in open(sys.argv[1]):
    try:
        r = json.loads(line)
    except ValueError:
        continue
    d = r.get("run") or {}
    if not d:
        print(r["wg"], "no result")
        continue
    blocks = [k.rsplit("_block", 1)[1] for k in d["kernels"] if "_block" in k]
    chk = (d.get("check") or {}).get("rel_l2")
    print("%s^%s %-6s %.4f ms  %d passes (%s) blocks %s%s" % (
        d["plan"]["p"], d["plan"]["n"], r["wg"], d["kernel_ms"]["median"], d["passes"], d["radices"],
        "/".join(blocks) or "-", "  rel.L2 %.2e" % chk if chk is not None else ""))
PY
