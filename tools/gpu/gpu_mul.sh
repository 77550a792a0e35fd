#!/usr/bin/env bash
# GPU sweep for `jitfft mul` (issue 12): long-integer products on the device, exact against
# GMP. Steps, each under its own time limit:
#   1. `tune mul` (block vs ntt kernel times by size; stores the crossover in $OUT/mul-wisdom.json,
#      which step 2's `--method auto` then reads),
#   2. `mul --check --gmp-time --json` for equal operands of 2^L 64-bit limbs: auto for L in LIMBS
#      (10…24; ntt above the crossover), ntt for L in NTT_LIMBS (10…12, where auto may still
#      pick block), block for L in BLOCK_LIMBS (10…16, O(N²) work), plus UNEQUAL pairs.
#      End to end = host data in pinned memory → upload → product → download (host clock), with
#      kernel/carry/transfer times from profiling events; GMP's mpz_mul (rug, one thread, this
#      host) timed in the same run, the ratio GMP / end to end,
#   3. `reproduce mul-table` (seed 003's table recomputed, measured device times per row).
# Usage: OUT=dir tools/gpu/gpu_mul.sh   (QUICK=1: tiny sizes, for a PoCL dry run)
# Settings: JITFFT_BIN (target/release/jitfft), JITFFT_COMMIT, DEVICE (gpu), REPEAT (5),
#   LIMBS, NTT_LIMBS, BLOCK_LIMBS, UNEQUAL ("20:16 22:10"), TUNE_MAX (18), LIMIT (seconds per run, 120),
#   SKIP_TUNE=1, SKIP_TABLE=1. The PoCL measurement (auto vs GMP above 2^16 limbs):
#   DEVICE=cpu LIMBS="14 15 16 17 18" BLOCK_LIMBS= UNEQUAL= SKIP_TUNE=1 SKIP_TABLE=1 REPEAT=3 \
#     OUT=bench-results/pocl-cpu/current/mul tools/gpu/gpu_mul.sh
# Writes into $OUT: env.txt, tune.json, runs.jsonl, summary.md, mul-table.md, results.tar.gz
#   (everything else: mul-table.json, mul-wisdom.json, per-run stderr).
set -u
. "$(dirname "$0")/lib.sh"
DEVICE=${DEVICE:-gpu}
REPEAT=${REPEAT:-5}
LIMIT=${LIMIT:-120}
if [ "${QUICK:-0}" = 1 ]; then
  LIMBS=${LIMBS:-"4 6 8"}; NTT_LIMBS=${NTT_LIMBS-"4 6"}; BLOCK_LIMBS=${BLOCK_LIMBS-"4 6"}; UNEQUAL=${UNEQUAL-"8:3"}
  TUNE_MAX=${TUNE_MAX:-5}; RQUICK=--quick; DEVICE=${DEVICE_QUICK:-$DEVICE}
else
  LIMBS=${LIMBS:-"10 11 12 13 14 15 16 17 18 19 20 21 22 23 24"}; NTT_LIMBS=${NTT_LIMBS-"10 11 12"}
  BLOCK_LIMBS=${BLOCK_LIMBS-"10 11 12 13 14 15 16"}; UNEQUAL=${UNEQUAL-"20:16 22:10"}
  TUNE_MAX=${TUNE_MAX:-18}; RQUICK=
fi
mkdir -p "$OUT/more"
export JITFFT_MUL_WISDOM="$OUT/more/mul-wisdom.json"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit: $COMMIT"
  echo "command: OUT=$OUT QUICK=${QUICK:-0} DEVICE=$DEVICE REPEAT=$REPEAT LIMBS='$LIMBS' NTT_LIMBS='$NTT_LIMBS' BLOCK_LIMBS='$BLOCK_LIMBS' UNEQUAL='$UNEQUAL' TUNE_MAX=$TUNE_MAX $0"
  echo "host: $(hostname) $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null)"
  nvidia-smi 2>/dev/null || echo "(no nvidia-smi)"
  "$BIN" devices 2>&1
} > "$OUT/env.txt"

status=0
if [ "${SKIP_TUNE:-0}" != 1 ]; then
  echo "== tune mul --max-log-limbs $TUNE_MAX" >&2
  timeout 180 "$BIN" -q tune mul --device "$DEVICE" --max-log-limbs "$TUNE_MAX" --repeat "$REPEAT" --json \
    > "$OUT/tune.json" 2> "$OUT/more/tune.err" || { echo "FAILED: tune mul" >&2; cat "$OUT/more/tune.err" >&2; status=1; }
fi

: > "$OUT/runs.jsonl"
run() { # label, mul args...
  local label=$1; shift
  echo "== $label: mul $* --check --gmp-time --json" >&2
  if timeout "$LIMIT" "$BIN" -q mul "$@" --device "$DEVICE" --check --gmp-time --repeat "$REPEAT" --json \
      > "$OUT/more/$label.json" 2> "$OUT/more/$label.err"; then
    python3 -c 'import json,runpy,sys; flat=runpy.run_path(sys.argv[3])["flat"]; r=flat(json.load(open(sys.argv[1]))); r["label"]=sys.argv[2]; print(json.dumps(r))' \
      "$OUT/more/$label.json" "$label" "$REPORT_FLAT" >> "$OUT/runs.jsonl"
  else
    echo "FAILED: $label" >&2; cat "$OUT/more/$label.err" >&2; status=1
    echo "{\"label\": \"$label\", \"failed\": true}" >> "$OUT/runs.jsonl"
  fi
}
for l in $LIMBS; do
  run "auto_$l" --method auto --bits $((64 << l)) --seed "$l"
done
# auto is ntt above the crossover: explicit ntt runs only where auto may still pick block.
for l in ${NTT_LIMBS-}; do
  run "ntt_$l" --method ntt --bits $((64 << l)) --seed "$l"
done
for l in ${BLOCK_LIMBS:-}; do
  run "block_$l" --method block --bits $((64 << l)) --seed "$l"
done
for p in ${UNEQUAL:-}; do
  la=${p%%:*}; lb=${p#*:}
  run "ntt_${la}x${lb}" --method ntt --bits $((64 << la)) --bits-b $((64 << lb)) --seed 7
  run "auto_${la}x${lb}" --method auto --bits $((64 << la)) --bits-b $((64 << lb)) --seed 7
done

if [ "${SKIP_TABLE:-0}" = 1 ]; then :
elif echo "== reproduce mul-table" >&2; timeout 180 "$BIN" -q reproduce mul-table $RQUICK --device "$DEVICE" --out-dir "$OUT/more/reproduce" --force \
    > "$OUT/more/reproduce.txt" 2>&1; then
  cp "$OUT"/more/reproduce/*/mul-table*.md "$OUT/mul-table.md"
else
  echo "FAILED: reproduce mul-table" >&2; cat "$OUT/more/reproduce.txt" >&2; status=1
fi

python3 - "$OUT" > "$OUT/summary.md" <<'PY' || echo "(python3 failed: see runs.jsonl)" > "$OUT/summary.md"
import json, sys, os
out = sys.argv[1]
rows = [json.loads(l) for l in open(os.path.join(out, "runs.jsonl")) if l.strip()]
print("| run | method | a × b limbs | e2e ms (med) | device events ms | kernels ms | carries ms | upload ms | download ms | kernel ns/product limb | GMP ms | GMP / e2e | check |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
win = None
for r in rows:
    if r.get("failed"):
        print(f'| {r["label"]} | FAILED |'); continue
    m = lambda k: r[k]["median"]
    ratio = r.get("gmp_over_end_to_end")
    print(f'| {r["label"]} | {r["method"]} | {r["a_limbs"]} × {r["b_limbs"]} | {m("end_to_end_ms"):.3f} | {m("device_total_ms"):.3f} | '
          f'{m("kernel_ms"):.3f} | {m("carry_ms"):.3f} | {m("upload_ms"):.3f} | {m("download_ms"):.3f} | '
          f'{1e6 * m("kernel_ms") / r["product_limbs"]:.2f} | {r["gmp_ms"]["median"]:.3f} | {ratio:.2f} | '
          f'{"exact" if r["check"] else "MISMATCH"} |')
    if r["label"].startswith("auto_") and "x" not in r["label"]:
        if ratio is not None and ratio >= 1:
            win = r["a_limbs"] if win is None else win
        else:
            win = None  # the device must stay ahead from here on
print()
print(f"auto at least as fast as GMP (end to end) from {win} limbs per operand on" if win else "auto not at least as fast as GMP end to end up to the largest size of this sweep")
try:
    t = json.load(open(os.path.join(out, "tune.json")))
    print(f'tune mul crossover: {t["crossover_limbs"]} product limbs (ntt won: {t["ntt_won"]})')
except Exception as e:
    print(f"tune mul: no result ({e})")
PY
cat "$OUT/summary.md"
tar czf "$OUT/results.tar.gz" -C "$OUT" more && rm -rf "$OUT/more"
exit $status
