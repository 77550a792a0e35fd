#!/usr/bin/env bash
# Issue 27: the streamed (out-of-core) VC path on one GPU (the lent H100, 80 GB, host 128 GB),
# in one call. Each run's JSON report (per pass: wall time, rate, events, host copies; the
# pinned upload + download rate measured on the same buffers just before) goes to runs.jsonl:
#   1. stream-3^16-check: 3^16 f32 streamed with the device capped to 1 GiB, --check (CPU ref);
#   2. stream-3^19-cap4g: 3^19 f32 (9.3 GB) streamed with the device capped to 4 GiB;
#   3. stream-3^19: 3^19 f32 streamed without a cap, and 3^19 in memory (the same-run baseline);
#   4. vc-3^20: `vc --p 3 --n 20` without --stream: 28 GB is beyond the 20 GB allocation limit,
#      so it streams by itself (the note on stderr is kept in errors.txt);
#   5. stream-3^21: 3^21 f32 (84 GB, beyond the 80 GB device) streamed. Host memory: the array
#      is held once, in f32 (84 GB: random input is drawn straight into it, no f64 copy, no
#      --check, no --output), plus 3 pinned chunks of 512 MiB: ~86 GB of the 128 GB host. A
#      --check would need the f64 input and the reference (3 × 168 GB): not done at this size.
#      Skipped when MemAvailable is under 92 GB (said in errors.txt).
# Settings: OUT=dir (required), JITFFT_BIN (default target/release/jitfft), JITFFT_COMMIT,
# LIMIT (seconds per run, 240), BUDGET (seconds for the script, 560), QUICK=1 (tiny sizes
# under a 1 MiB cap: a PoCL dry run). Writes: env.txt, devices.txt, bandwidth.json,
# runs.jsonl, errors.txt, summary.txt.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
LIMIT=${LIMIT:-240}
BUDGET=${BUDGET:-560}
QUICK=${QUICK:-0}
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: $COMMIT"
  echo "command: OUT=$OUT JITFFT_BIN=$BIN LIMIT=$LIMIT BUDGET=$BUDGET QUICK=$QUICK $0"
  grep -E "MemTotal|MemAvailable" /proc/meminfo
  nproc
  nvidia-smi 2>&1 | head -20
} > "$OUT/env.txt"
"$BIN" devices > "$OUT/devices.txt" 2>&1
: > "$OUT/runs.jsonl"
: > "$OUT/errors.txt"

# run LABEL CAP [vc flags...]: one `vc --json` (CAP: JITFFT_DEVICE_MEMORY, "-" for none).
run() {
  local label=$1 cap=$2
  shift 2
  local tmp left
  tmp=$(mktemp)
  echo "== $label: JITFFT_DEVICE_MEMORY=$cap vc $*" >> "$OUT/errors.txt"
  left=$((BUDGET - SECONDS))
  if [ "$left" -lt 20 ]; then
    echo "   skipped: the script's budget ($BUDGET s) is spent" >> "$OUT/errors.txt"
    return
  fi
  [ "$left" -lt "$LIMIT" ] || left=$LIMIT
  local envs=()
  [ "$cap" != "-" ] && envs=(env "JITFFT_DEVICE_MEMORY=$cap")
  if timeout "$left" "${envs[@]}" "$BIN" vc --json "$@" > "$tmp" 2>> "$OUT/errors.txt"; then
    python3 -c 'import json,runpy,sys; flat=runpy.run_path(sys.argv[3])["flat"]; r=flat(json.load(open(sys.argv[1]))); r["label"]=sys.argv[2]; print(json.dumps(r))' \
      "$tmp" "$label" "$REPORT_FLAT" >> "$OUT/runs.jsonl"
  else
    echo "   failed or timed out (status $?)" >> "$OUT/errors.txt"
  fi
  rm -f "$tmp"
}

"$BIN" devices --bandwidth --json > "$OUT/bandwidth.json" 2>> "$OUT/errors.txt"
if [ "$QUICK" = 1 ]; then
  run stream-3^12-check 1MiB --stream --p 3 --n 12 --check --seed 1
  run stream-2^16 256KiB --stream --p 2 --n 16 --seed 1
  run vc-3^12-auto 1MiB --p 3 --n 12 --seed 1
  run inmemory-3^12 - --p 3 --n 12 --seed 1 --repeat 3
else
  run stream-3^16-check 1GiB --stream --p 3 --n 16 --check --seed 1
  run stream-3^19-cap4g 4GiB --stream --p 3 --n 19 --seed 1
  run stream-3^19 - --stream --p 3 --n 19 --seed 1
  run inmemory-3^19 - --p 3 --n 19 --seed 1 --repeat 5
  run vc-3^20 - --p 3 --n 20 --seed 1
  avail=$(awk '/MemAvailable/{print int($2/1048576)}' /proc/meminfo)
  if [ "${avail:-0}" -ge 92 ]; then
    run stream-3^21 - --stream --p 3 --n 21 --seed 1
  else
    echo "== stream-3^21: skipped, MemAvailable ${avail} GiB < 92 GiB (84 GB array + pinned chunks)" >> "$OUT/errors.txt"
  fi
fi

python3 - "$OUT/runs.jsonl" > "$OUT/summary.txt" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    lab = r["label"]
    if r.get("streamed"):
        f = r["floor"]
        print(f"{lab}: {r['plan']['p']}^{r['plan']['n']} {r['plan']['precision']}, {len(r['passes'])} passes, "
              f"all {r['total_ms']:.1f} ms; pinned up+down {f['rate_gbs']:.2f} GB/s ({f['bytes']/2**20:.0f} MiB chunk)"
              + (f"; check rel L2 {r['check']['rel_l2']:.2e} {'PASS' if r['check']['ok'] else 'FAIL'}" if r.get("check") else ""))
        for p in r["passes"]:
            print(f"   digits {p['digits'][0]}..{p['digits'][0]+p['digits'][1]}: {p['chunks']} chunks, {p['wall_ms']:.1f} ms, "
                  f"{p['rate_gbs']:.2f} GB/s = {100*p['of_pinned']:.0f}% of pinned (events: up {p['upload_ms']:.1f}, "
                  f"kernels {p['kernel_ms']:.1f}, down {p['download_ms']:.1f}, span {p['span_ms']:.1f}; host copies "
                  f"{p['gather_ms']:.1f} + {p['scatter_ms']:.1f} ms)")
    else:
        print(f"{lab}: in memory, kernels {r['kernel_ms']['median']:.3f} ms, upload {r['upload_ms']['median']:.2f} ms, "
              f"download {r['download_ms']['median']:.2f} ms, end to end {r['end_to_end_ms']['median']:.1f} ms")
PY
cat "$OUT/summary.txt"
