#!/usr/bin/env bash
# Issue 4 on an NVIDIA host: every candidate schedule (`jitfft explore`, passes only, data on
# the device) for the target sizes, then torch.fft.fftn (cuFFT) on the same GPU in the same run.
# Usage (repo root, release binary present):  OUT=dir tools/gpu/gpu_explore.sh
# `tune` stores the fastest in the wisdom file; `vc` (default --algo) then uses it, checked
# against the f64 reference.
# Writes: env.txt, bandwidth.json, explore_<p>_<n>.json, explore.txt (tables, final runs), cufft.json,
# final.jsonl
set -uo pipefail
. "$(dirname "$0")/lib.sh"
export JITFFT_CACHE_DIR=/tmp/jitfft-cache
SIZES=${SIZES:-"3:12 3:16 4:13 2:28"}
{
  gpu_env "command: SIZES=\"$SIZES\" OUT=\$OUT tools/gpu/gpu_explore.sh"
} > "$OUT/env.txt"
"$BIN" devices --bandwidth --json > "$OUT/bandwidth.json" 2>&1
: > "$OUT/explore.txt"
for s in $SIZES; do
  p=${s%:*}; n=${s#*:}
  echo "== jitfft tune vc --p $p --n $n --repeat ${REPEAT:-10} --device gpu" >> "$OUT/explore.txt"
  "$BIN" tune vc --p $p --n $n --repeat ${REPEAT:-10} --device gpu --json > "$OUT/explore_${p}_${n}.json" 2>> "$OUT/explore.txt"
  python3 - "$OUT/explore_${p}_${n}.json" >> "$OUT/explore.txt" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for i, c in enumerate(d["candidates"][:12]):
    if c["error"]:
        print("  %2d %-36s failed: %s" % (i + 1, c["label"], c["error"].splitlines()[0])); continue
    print("  %2d %-36s %2d passes %-16s %.4f ms  %6.0f GB/s  per pass %s" % (i + 1, c["label"], c["passes"], c["radices"], c["kernel_ms"]["median"], c["gbs"], " ".join("%.4f" % x for x in c["pass_ms"])))
PY
done
: > "$OUT/final.jsonl"
for s in $SIZES; do
  p=${s%:*}; n=${s#*:}
  echo "== jitfft vc --p $p --n $n --check --random 7 --repeat 10 --device gpu" >> "$OUT/explore.txt"
  "$BIN" vc --p $p --n $n --check --random 7 --repeat 10 --device gpu --json 2>> "$OUT/explore.txt" | python3 "$REPORT_FLAT" >> "$OUT/final.jsonl"
  echo >> "$OUT/final.jsonl"
  tail -1 "$OUT/final.jsonl" | python3 -c 'import json,sys; r=json.load(sys.stdin); print("  tuned %s: %d passes %s, kernel %.4f ms (min %.4f max %.4f), per pass %s, %.0f GB/s, upload %.3f ms, download %.3f ms, rel L2 %.2e, max abs %.2e" % (r["tuned"], r["passes"], r["radices"], r["kernel_ms"]["median"], r["kernel_ms"]["min"], r["kernel_ms"]["max"], " ".join("%.4f" % x for x in r["pass_ms"]), r["effective_gbs"], r["upload_ms"]["median"], r["download_ms"]["median"], r["check"]["rel_l2"], r["check"]["max_abs"]))' >> "$OUT/explore.txt" 2>&1
done
python3 "$(dirname "$0")/../peers/peer_cufft.py" --sizes "$(echo $SIZES | sed 's/:/^/g; s/ /,/g')" --repeats 30 --out "$OUT/cufft.json" >> "$OUT/explore.txt" 2>&1
echo "done: $(date -u +%FT%TZ)" >> "$OUT/env.txt"
