#!/usr/bin/env bash
# Issue 14 baseline (before any change): what a new user gets for every p at the largest n with
# p^n ≤ 2^28 (fresh cache, no wisdom), the tuned candidates (time-limited), `stats vc` for
# p = 5, 7, 11, 13, the copy rate and cuFFT, all in one run on the same GPU. No --check here
# (a diagnostic of speed; the issue-14 sweep checks every size).
# Usage (repo root, release binary present): OUT=dir tools/gpu/gpu_every_p_baseline.sh
# Writes: env.txt, bandwidth.json, default.jsonl, tune.tar.gz (tune_<p>_<n>.json), stats.txt,
# cufft.json, summary.txt
set -uo pipefail
. "$(dirname "$0")/lib.sh"
export JITFFT_CACHE_DIR=${JITFFT_CACHE_DIR:-/tmp/jitfft-cache-baseline}
export JITFFT_WISDOM=$JITFFT_CACHE_DIR/wisdom-baseline.json
rm -f "$JITFFT_WISDOM"
SIZES=${SIZES:-"2:28 3:17 3:16 3:12 4:14 4:13 5:12 5:11 6:10 7:9 8:9 9:8 10:8 11:8 12:7 13:7 14:7 15:7 16:7 17:6 19:6 23:6 29:5 31:5"}
TUNE_LIMIT=${TUNE_LIMIT:-12}
DEV=${DEVICE:-gpu}
{
  gpu_env "command: SIZES=\"$SIZES\" TUNE_LIMIT=$TUNE_LIMIT OUT=\$OUT tools/gpu/gpu_every_p_baseline.sh"
} > "$OUT/env.txt"
"$BIN" devices --bandwidth --json --device $DEV > "$OUT/bandwidth.json" 2>&1
: > "$OUT/default.jsonl"
for s in $SIZES; do
  p=${s%:*}; n=${s#*:}
  timeout 60 "$BIN" vc --p $p --n $n --seed 7 --repeat 20 --device $DEV --json 2>"$OUT/err.txt" | python3 "$REPORT_FLAT" >> "$OUT/default.jsonl" \
    || echo "{\"p\":$p,\"n\":$n,\"error\":\"$(tail -1 "$OUT/err.txt" | tr -d '"')\"}" >> "$OUT/default.jsonl"
  echo >> "$OUT/default.jsonl"
done
: > "$OUT/stats.txt"
for s in 5:11 7:9 11:8 13:7; do
  p=${s%:*}; n=${s#*:}
  echo "== jitfft stats vc --p $p --n $n --algo fused" >> "$OUT/stats.txt"
  timeout 60 "$BIN" stats vc --p $p --n $n --algo fused --device $DEV >> "$OUT/stats.txt" 2>&1
done
mkdir -p "$OUT/tune"
for s in $SIZES; do
  p=${s%:*}; n=${s#*:}
  timeout $TUNE_LIMIT "$BIN" tune vc --p $p --n $n --repeat 10 --device $DEV --json > "$OUT/tune/tune_${p}_${n}.json" 2>/dev/null
done
tar -C "$OUT" -czf "$OUT/tune.tar.gz" tune && rm -rf "$OUT/tune"
python3 "$(dirname "$0")/../peers/peer_cufft.py" --sizes "$(echo $SIZES | sed 's/:/^/g; s/ /,/g')" --repeats 20 --out "$OUT/cufft.json" > /dev/null 2>&1
python3 - "$OUT" > "$OUT/summary.txt" 2>&1 <<'PY'
import json, sys, tarfile, os
out = sys.argv[1]
bw = None
try:
    b = json.load(open(f"{out}/bandwidth.json"))
    b = b[0] if isinstance(b, list) else b
    bw = b
except Exception as e:
    print("bandwidth:", e)
print("bandwidth:", json.dumps(bw)[:400] if bw else None)
cu = {}
try:
    for r in json.load(open(f"{out}/cufft.json"))["results"]:
        cu[(r.get("p"), r.get("n"))] = r
except Exception as e:
    print("cufft:", e)
tunes = {}
with tarfile.open(f"{out}/tune.tar.gz") as t:
    for m in t.getmembers():
        if m.isfile():
            try:
                d = json.load(t.extractfile(m))
                best = [c for c in d["candidates"] if not c.get("error")]
                if best:
                    c = min(best, key=lambda c: c["kernel_ms"]["median"])
                    tunes[os.path.basename(m.name)] = c
            except Exception:
                pass
print("%-6s %-30s %10s %-30s %10s %10s %8s" % ("size", "default (passes radices)", "ms", "tuned best", "ms", "cuFFT", "pass ms"))
for line in open(f"{out}/default.jsonl"):
    line = line.strip()
    if not line: continue
    r = json.loads(line)
    if "kernel_ms" not in r:
        print(r); continue
    p, n = r["plan"]["p"], r["plan"]["n"]
    t = tunes.get(f"tune_{p}_{n}.json")
    c = cu.get((p, n), {})
    cm = c["kernel_ms"]["median"] if c else None
    print("%-6s %-30s %10.4f %-30s %10s %10s  %s" % (f"{p}^{n}", f"{r['passes']} {r['radices']}", r["kernel_ms"]["median"],
          (t["label"] + " " + str(t["radices"]))[:30] if t else "-", "%.4f" % t["kernel_ms"]["median"] if t else "-",
          "%.4f" % cm if isinstance(cm, float) else "-", " ".join("%.4f" % x for x in r.get("pass_ms", []))))
PY
echo "done: $(date -u +%FT%TZ)" >> "$OUT/env.txt"
