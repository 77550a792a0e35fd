#!/usr/bin/env bash
# Issue 28 on the CPU: end to end jitfft on PoCL (default plan, no wisdom: `vc --check`, the
# host-memory run's wall time `end_to_end_ms`, conversions and transfers included) against
# scipy.fft.fftn(workers=2) (complex64 in memory, wall clock) for every p ≤ 32 at the largest
# n with p^n ≤ MAX_POINTS (2^22), in one run. Goal: jitfft ≤ 1.5× scipy for every p.
# Usage: OUT=dir tools/peers/pocl_vs_scipy.sh   (release binary built; numpy + scipy in
# PYTHON's environment, e.g. python3 -m venv /tmp/v && /tmp/v/bin/pip install numpy scipy)
# Settings: PYTHON (python3), SIZES ("p:n …"), MAX_POINTS (4194304), REPEAT (5), JITFFT_BIN.
# Writes: env.txt (with the load average before and after), scipy.json, jitfft.jsonl, SUMMARY.md.
set -uo pipefail
OUT=${OUT:?set OUT to a new results folder}
mkdir -p "$OUT"
BIN=${JITFFT_BIN:-target/release/jitfft}
PY=${PYTHON:-python3}
HERE=$(cd "$(dirname "$0")" && pwd)
REPEAT=${REPEAT:-5}
MAX_POINTS=${MAX_POINTS:-4194304}
SIZES=${SIZES:-$(python3 -c "
m = $MAX_POINTS
out = []
for p in range(2, 33):
    n = 1
    while p ** (n + 1) <= m:
        n += 1
    out.append('%d:%d' % (p, n))
print(' '.join(out))")}
export JITFFT_WISDOM=/tmp/jitfft-pocl-scipy-nowisdom.json
rm -f "$JITFFT_WISDOM"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: ${JITFFT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "command: SIZES=\"$SIZES\" REPEAT=$REPEAT OUT=\$OUT tools/peers/pocl_vs_scipy.sh"
  echo "cpu: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$OUT/env.txt"
"$PY" "$HERE/peer_cpu.py" --sizes "$(echo $SIZES | sed 's/:/^/g; s/ /,/g')" --workers 2 \
  --repeats "$REPEAT" --out "$OUT/scipy.json"
: > "$OUT/jitfft.jsonl"
for s in $SIZES; do
  p=${s%:*}; n=${s#*:}
  timeout 300 "$BIN" vc --p "$p" --n "$n" --check --random 7 --repeat "$REPEAT" --device cpu --json \
    2>> "$OUT/stderr.txt" | python3 "$(dirname "$0")/../report_flat.py" >> "$OUT/jitfft.jsonl"
  echo >> "$OUT/jitfft.jsonl"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/env.txt"
python3 - "$OUT" > "$OUT/SUMMARY.md" <<'PY'
import json, sys, os
out = sys.argv[1]
sc = {(r["p"], r["n"]): r for r in json.load(open(os.path.join(out, "scipy.json")))["results"]}
env = open(os.path.join(out, "env.txt")).read()
print("# jitfft on PoCL against scipy.fft.fftn(workers=2), end to end from host memory\n")
print("```\n" + env.strip() + "\n```\n")
print("| size | N | jitfft end to end ms | kernel ms | plan | scipy ms | jitfft / scipy | rel. L2 |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
worst = []
for line in open(os.path.join(out, "jitfft.jsonl")):
    line = line.strip()
    if not line:
        continue
    try:
        r = json.loads(line)
    except Exception:
        continue
    pl = r["plan"]
    p, n = pl["p"], pl["n"]
    e2e = r["end_to_end_ms"]["median"]
    s = sc.get((p, n), {})
    sm = (s.get("wall_ms") or {}).get("median") if isinstance(s.get("wall_ms"), dict) else s.get("wall_ms")
    ratio = e2e / sm if sm else float("nan")
    worst.append((ratio, "%d^%d" % (p, n)))
    print("| %d^%d | %d | %.2f | %.2f | %s r%s, %d passes | %s | %.2f× | %.1e |" % (
        p, n, pl["len"], e2e, r["kernel_ms"]["median"], pl["algorithm"], pl.get("radix"), r["passes"],
        "%.2f" % sm if sm else "–", ratio, (r.get("check") or {}).get("rel_l2", float("nan"))))
worst.sort(reverse=True)
over = [w for w in worst if w[0] > 1.5]
print("\nAbove 1.5× (the goal): %s" % (", ".join("%s %.2f×" % (s, r) for r, s in over) or "none"))
PY
cat "$OUT/SUMMARY.md"
