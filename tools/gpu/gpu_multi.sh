#!/usr/bin/env bash
# Issue 26 (multi-GPU host, e.g. nvidia-h200-x2), ready for when such a kind is lent: the
# distributed path against the streamed single-GPU path at the same sizes, in one call.
#   1. mpi/: tools/gpu/gpu_mpi.sh (1 rank against 2–3 ranks, one GPU each, the ICD launch it
#      finds; per-rank staging / exchange / kernel time, --sendrecv-probe) under MPI_BUDGET;
#   2. stream/: `vc --stream` on one GPU at the same sizes (3^19, 3^18 f32; 2^30 f32), and
#      3^20 without --stream (streams by itself where one allocation cannot hold it);
#   3. slab/: 2 ranks for p = 3 (uneven slabs, MPI_Alltoallv): 3^14 --check, 3^19 timed (with
#      the plain MPI_Alltoallv of the same counts), with the mpirun flags step 1 found;
#   4. bent/: 2^24 ternary functions of 4 variables (uint8, every 8th the bent x1·x2 + x3·x4),
#      `bent` on 1 GPU against `bent --mpi` on 2 ranks (goal ≥ 1.8×), verdicts compared.
# Keep NCCL_NVLS_ENABLE=0 (multicast off), also in the ranks' environment (-x).
# Settings: OUT=dir (required), JITFFT_BIN (built with --features mpi), JITFFT_COMMIT,
# MPI_BUDGET (seconds for step 1, 300), LIMIT (seconds per streamed run, 120), QUICK=1 (PoCL),
# SKIP (steps left out: mpi stream slab bent), MPIRUN (the launch, when step 1 is skipped),
# BIG=1 (also 3^21 f32, 84 GB: streamed on one GPU and on 2 ranks, for GPUs of < 84 GB).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
QUICK=${QUICK:-0}
LIMIT=${LIMIT:-120}
export NCCL_NVLS_ENABLE=0
skip() { [[ " ${SKIP:-} " == *" $1 "* ]]; }
mkdir -p "$OUT/mpi" "$OUT/stream"
skip mpi || OUT="$OUT/mpi" BUDGET=${MPI_BUDGET:-300} QUICK=$QUICK MPI_EXTRA="-x NCCL_NVLS_ENABLE ${MPI_EXTRA:-}" \
  JITFFT_BIN=$BIN "$HERE/gpu_mpi.sh" > "$OUT/mpi/stdout.txt" 2>&1
S="$OUT/stream"
: > "$S/runs.jsonl"
: > "$S/errors.txt"
one() {
  local label=$1
  shift
  echo "== $label: vc $*" >> "$S/errors.txt"
  local tmp
  tmp=$(mktemp)
  if timeout "$LIMIT" "$BIN" vc --json "$@" > "$tmp" 2>> "$S/errors.txt"; then
    python3 -c 'import json,runpy,sys; flat=runpy.run_path(sys.argv[3])["flat"]; r=flat(json.load(open(sys.argv[1]))); r["label"]=sys.argv[2]; print(json.dumps(r))' \
      "$tmp" "$label" "$REPORT_FLAT" >> "$S/runs.jsonl"
  else
    echo "   failed or timed out" >> "$S/errors.txt"
  fi
  rm -f "$tmp"
}
if skip stream; then
  [ "${BIG:-0}" = 1 ] && one stream-3^21 --stream --p 3 --n 21 --seed 1
elif [ "$QUICK" = 1 ]; then
  one stream-3^6 --stream --p 3 --n 6 --seed 1 --check
  one stream-2^8 --stream --p 2 --n 8 --seed 1 --check
else
  one stream-3^19 --stream --p 3 --n 19 --seed 1
  one stream-3^18 --stream --p 3 --n 18 --seed 1
  one stream-2^30 --stream --p 2 --n 30 --seed 1
  one vc-3^20 --p 3 --n 20 --seed 1
  # A size one GPU cannot hold (3^21 complex64 = 84 GB against 78-80 GB on an H100), with BIG=1.
  [ "${BIG:-0}" = 1 ] && one stream-3^21 --stream --p 3 --n 21 --seed 1
fi
# The mpirun line gpu_mpi.sh settled on (the ICD variant under which a rank sees a GPU).
MPIRUN=${MPIRUN:-$(sed -n 's/^mpirun (as run): //p' "$OUT/mpi/env.txt" 2>/dev/null | tail -1)}
[ -n "$MPIRUN" ] || MPIRUN="mpirun --allow-run-as-root --oversubscribe -x JITFFT_CACHE_DIR -x NCCL_NVLS_ENABLE"
echo "mpirun for slab and bent: $MPIRUN" > "$OUT/mpirun.txt"
L="$OUT/slab"
mkdir -p "$L"
: > "$L/runs.jsonl"
: > "$L/errors.txt"
slab() {
  local label=$1 np=$2
  shift 2
  echo "== $label: -np $np vc --mpi $*" >> "$L/errors.txt"
  # shellcheck disable=SC2086
  timeout "$LIMIT" $MPIRUN -np "$np" "$BIN" vc --mpi --json "$@" > "$L/$label.json" 2>> "$L/errors.txt" \
    && python3 -c 'import json,runpy,sys; flat=runpy.run_path(sys.argv[3])["flat"]; r=flat(json.load(open(sys.argv[1]))); r["label"]=sys.argv[2]; print(json.dumps(r))' \
      "$L/$label.json" "$label" "$REPORT_FLAT" >> "$L/runs.jsonl" || echo "   failed" >> "$L/errors.txt"
}
if skip slab; then
  :
elif [ "$QUICK" = 1 ]; then
  slab slab-3^6-check 2 --p 3 --n 6 --check
else
  slab slab-3^14-check 2 --p 3 --n 14 --check
  slab slab-3^19 2 --p 3 --n 19 --repeat 3
fi
[ "$QUICK" != 1 ] && [ "${BIG:-0}" = 1 ] && slab slab-3^21 2 --p 3 --n 21 --repeat 1
if ! skip bent; then
B="$OUT/bent"
mkdir -p "$B"
FUN=${BENT_FUNCTIONS:-$([ "$QUICK" = 1 ] && echo 4096 || echo 16777216)}
python3 - "$B/f.npy" "$FUN" <<'PY'
import sys
import numpy as np
path, b = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(7)
f = rng.integers(0, 3, size=(b, 81), dtype=np.uint8)
x = np.arange(81)
d = [(x // 3**k) % 3 for k in (3, 2, 1, 0)]
f[::8] = ((d[0] * d[1] + d[2] * d[3]) % 3).astype(np.uint8)
np.save(path, f)
PY
{
  echo "== bent, 1 GPU: $FUN functions"
  timeout "$LIMIT" "$BIN" bent --p 3 --input "$B/f.npy" --output "$B/one.npy" --repeat 5 --json > "$B/one.json"
  echo "== bent --mpi, 2 ranks"
  # shellcheck disable=SC2086
  timeout "$LIMIT" $MPIRUN -np 2 "$BIN" bent --mpi --p 3 --input "$B/f.npy" --output "$B/two.npy" --repeat 5 --json > "$B/two.json"
  cmp "$B/one.npy" "$B/two.npy" && echo "verdicts identical"
} > "$B/log.txt" 2>&1
rm -f "$B/f.npy"
fi
echo "done: $OUT/mpi (summary.txt), $OUT/stream/runs.jsonl, $OUT/slab/runs.jsonl, $OUT/bent/{one,two}.json"
