#!/usr/bin/env bash
# A/B of two jitfft binaries on PoCL beside scipy.fft.fftn(workers=2), interleaved size by size
# (scipy, A, B; the next round B before A) so a loaded machine's load hits all three alike.
# Each jitfft run is `vc --check` with the default plan and no wisdom (end to end from host
# memory, conversions and transfers included); scipy times complex64 in memory (peer_cpu.py).
# Usage: OUT=dir BEFORE=path/to/old/jitfft [AFTER=target/release/jitfft] PYTHON=python-with-scipy \
#        tools/peers/pocl_ab_scipy.sh
# Settings: SIZES ("p:n …", default every p ≤ 32 at the largest p^n ≤ 2^22), REPEAT (5),
# ROUNDS (2). Writes: env.txt (commands, load average per size), scipy.jsonl, a.jsonl, b.jsonl,
# SUMMARY.md (medians over rounds of each run's median).
set -uo pipefail
OUT=${OUT:?set OUT to a new results folder}
A=${BEFORE:?set BEFORE to the baseline jitfft binary}
B=${AFTER:-target/release/jitfft}
PY=${PYTHON:-python3}
HERE=$(cd "$(dirname "$0")" && pwd)
REPEAT=${REPEAT:-5}
ROUNDS=${ROUNDS:-2}
SIZES=${SIZES:-$(python3 -c "
out = []
for p in range(2, 33):
    n = 1
    while p ** (n + 1) <= 4194304:
        n += 1
    out.append('%d:%d' % (p, n))
print(' '.join(out))")}
mkdir -p "$OUT"
export JITFFT_WISDOM=/tmp/jitfft-pocl-ab-nowisdom.json
rm -f "$JITFFT_WISDOM"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit (after): ${JITFFT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "before: $A${BEFORE_COMMIT:+ (commit $BEFORE_COMMIT)}"
  echo "after: $B"
  echo "command: SIZES=\"$SIZES\" REPEAT=$REPEAT ROUNDS=$ROUNDS OUT=\$OUT BEFORE=$A AFTER=$B tools/peers/pocl_ab_scipy.sh"
  echo "cpu: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$OUT/env.txt"
: > "$OUT/scipy.jsonl"; : > "$OUT/a.jsonl"; : > "$OUT/b.jsonl"
jit() { # binary p n file
  timeout 300 "$1" vc --p "$2" --n "$3" --check --random 7 --repeat "$REPEAT" --device cpu --json \
    2>> "$OUT/stderr.txt" | python3 "$(dirname "$0")/../report_flat.py" >> "$4"
  echo >> "$4"
}
for round in $(seq 1 "$ROUNDS"); do
  for s in $SIZES; do
    p=${s%:*}; n=${s#*:}
    echo "round $round $p^$n load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/env.txt"
    "$PY" "$HERE/peer_cpu.py" --sizes "$p^$n" --workers 2 --repeats "$REPEAT" --out - \
      | tr -d '\n' >> "$OUT/scipy.jsonl"
    echo >> "$OUT/scipy.jsonl"
    if [ $((round % 2)) = 1 ]; then
      jit "$A" "$p" "$n" "$OUT/a.jsonl"; jit "$B" "$p" "$n" "$OUT/b.jsonl"
    else
      jit "$B" "$p" "$n" "$OUT/b.jsonl"; jit "$A" "$p" "$n" "$OUT/a.jsonl"
    fi
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/env.txt"
python3 - "$OUT" > "$OUT/SUMMARY.md" <<'PY'
import json, sys, os, statistics as st
out = sys.argv[1]
def rows(name):
    for line in open(os.path.join(out, name)):
        line = line.strip()
        if line:
            try:
                yield json.loads(line)
            except Exception:
                pass
sc, ja, jb = {}, {}, {}
for r in rows("scipy.jsonl"):
    for x in r["results"]:
        sc.setdefault((x["p"], x["n"]), []).append(x["wall_ms"]["median"])
for d, name in ((ja, "a.jsonl"), (jb, "b.jsonl")):
    for r in rows(name):
        pl = r["plan"]
        d.setdefault((pl["p"], pl["n"]), []).append(r)
med = lambda v: st.median(v) if v else float("nan")
print("# jitfft A/B on PoCL beside scipy.fft.fftn(workers=2), end to end from host memory\n")
print("```\n" + open(os.path.join(out, "env.txt")).read().strip() + "\n```\n")
print("Medians over rounds of each run's median (ms). A = before, B = after.\n")
print("| size | plan (B) | scipy | A e2e | B e2e | A kernel | B kernel | kernel A/B | A / scipy | B / scipy | rel. L2 A | rel. L2 B |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
over = []
for key in sorted(jb):
    a, b, s = ja.get(key, []), jb[key], med(sc.get(key, []))
    ae, be = med([r["end_to_end_ms"]["median"] for r in a]), med([r["end_to_end_ms"]["median"] for r in b])
    ak, bk = med([r["kernel_ms"]["median"] for r in a]), med([r["kernel_ms"]["median"] for r in b])
    l2 = lambda rs: max(((r.get("check") or {}).get("rel_l2") or float("nan")) for r in rs) if rs else float("nan")
    pl = b[0]["plan"]
    if be / s > 1.5:
        over.append("%d^%d %.2f×" % (key[0], key[1], be / s))
    print("| %d^%d | %s r%s, %d passes | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f× | %.2f× | %.2f× | %.1e | %.1e |" % (
        key[0], key[1], pl["algorithm"], pl.get("radix"), b[0]["passes"], s, ae, be, ak, bk, ak / bk,
        ae / s, be / s, l2(a), l2(b)))
print("\nB above 1.5× scipy: %s" % (", ".join(over) or "none"))
PY
cat "$OUT/SUMMARY.md"
