#!/usr/bin/env bash
# Issue 28's last checks on an NVIDIA host, one call (≈ 6 minutes):
#  1. bent 2^20 × 3^4 end to end (tools/gpu/gpu_bent_end_to_end.sh → bent/);
#  2. tune 3^12 now timing the plan vc runs as its default, then vc with and without the
#     stored wisdom alternated (tools/gpu/gpu_host_steps.sh step A → tune/);
#  3. vc --overlap at 2^24 with 4, 8 and 16 chunks, two alternated rounds (overlap.jsonl);
#  4. factored codelets against the pair form (JITFFT_CODELET=pair) for the composite p whose
#     kernels they changed most (21^6, 25^6, 15^7, 24^6), alternated (codelets.jsonl).
# Usage (repo root): OUT=dir tools/gpu/gpu_wisdom_bent_overlap_codelets.sh   (QUICK=1: tiny sizes on PoCL, a check)
# Writes: env.txt, summary.txt, all.tar.gz (bent/, tune/, overlap.jsonl, codelets.jsonl, log.txt).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
QUICK=${QUICK:-0}
export QUICK
DEV=(--device gpu); OV_N=24; SIZES="21:6 25:6 15:7 24:6"
[ "$QUICK" = 1 ] && { DEV=(); OV_N=12; SIZES="21:2 25:2"; }
NOWISDOM=/tmp/jitfft-last28-nowisdom.json
rm -f "$NOWISDOM"
LOG="$OUT/log.txt"
: > "$LOG"
{
  gpu_env "command: OUT=\$OUT tools/gpu/gpu_wisdom_bent_overlap_codelets.sh"
} > "$OUT/env.txt"
step() { echo "== [$(date -u +%T) +${SECONDS}s] $*" >> "$LOG"; }

step "bent"
OUT="$OUT/bent" "$HERE/gpu_bent_end_to_end.sh" >> "$LOG" 2>&1
step "tune"
SKIP="B C D E" OUT="$OUT/tune" "$HERE/gpu_host_steps.sh" >> "$LOG" 2>&1
: > "$OUT/overlap.jsonl"
for round in 1 2; do
  for c in 4 8 16; do
    step "overlap 2^24 chunks $c round $round"
    printf '{"chunks": %d, "round": %d, "run": ' "$c" "$round" >> "$OUT/overlap.jsonl"
    JITFFT_WISDOM=$NOWISDOM timeout 60 "$BIN" vc --p 2 --n $OV_N --overlap --chunks "$c" --repeat 5 \
      "${DEV[@]}" --json 2>> "$LOG" | python3 "$REPORT_FLAT" >> "$OUT/overlap.jsonl"
    echo "}" >> "$OUT/overlap.jsonl"
  done
done
: > "$OUT/codelets.jsonl"
for s in $SIZES; do
  for form in factored pair; do
    step "codelets $s $form"
    env=(); [ "$form" = pair ] && env=(JITFFT_CODELET=pair)
    printf '{"form": "%s", "run": ' "$form" >> "$OUT/codelets.jsonl"
    env "${env[@]}" JITFFT_WISDOM=$NOWISDOM timeout 60 "$BIN" vc --p "${s%:*}" --n "${s#*:}" \
      --random 7 --repeat 10 "${DEV[@]}" --json 2>> "$LOG" | python3 "$REPORT_FLAT" >> "$OUT/codelets.jsonl"
    echo "}" >> "$OUT/codelets.jsonl"
  done
done
python3 - "$OUT" <<'PY' > "$OUT/summary.txt"
import json, os, sys
out = sys.argv[1]
def lines(name):
    for l in open(os.path.join(out, name)):
        try:
            yield json.loads(l)
        except ValueError:
            pass
print("overlap 2^24 (events / sequential pinned floor):")
for r in lines("overlap.jsonl"):
    o = (r.get("run") or {}).get("overlap") or {}
    print("  chunks %2d round %d: ratio %.3f events %.3f ms floor %.3f ms" % (
        r["chunks"], r["round"], o.get("ratio", float("nan")),
        o.get("events_ms", {}).get("median", float("nan")),
        o.get("floor_sequential_ms", {}).get("median", float("nan"))))
print("codelets (kernel median ms):")
for r in lines("codelets.jsonl"):
    run = r.get("run") or {}
    print("  %s^%s %-8s %.4f" % (run.get("plan", {}).get("p"), run.get("plan", {}).get("n"),
                                r["form"], run.get("kernel_ms", {}).get("median", float("nan"))))
PY
for f in "$OUT/bent/summary.txt" "$OUT/tune/SUMMARY.txt"; do
  [ -f "$f" ] && { echo "== ${f#$OUT/}"; cat "$f"; } >> "$OUT/summary.txt"
done
cat "$OUT/summary.txt"
(cd "$OUT" && tar czf all.tar.gz bent tune overlap.jsonl codelets.jsonl log.txt && rm -rf bent tune overlap.jsonl codelets.jsonl log.txt)
