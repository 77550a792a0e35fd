#!/usr/bin/env bash
# Issue 44: the FFT's MPI route and `bench --fft` on a GPU host of two GPUs (kind
# nvidia-h200-x2), one call. `fft --mpi` over 1 and 2 ranks (one GPU each, local rank mod
# GPUs) beside the in-memory `fft` of the same shape on one GPU, each with --check and
# device-resident timing (the report's kernel, exchange and staging times); then `bench
# --fft` over the issue's shapes in f32 and f64 on GPU 0 (JSON, CSV and Markdown).
#
# Settings: OUT=dir (required), JITFFT_BIN (built with --features mpi), JITFFT_COMMIT,
# REPEAT (10), LIMIT (seconds per run, 150), QUICK=1 (small shapes: PoCL on a development
# machine). Writes: env.txt, mpi/*.json (one report per run), mpi.txt (a line per run),
# bench.{json,csv,md}, log.txt.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
REPEAT=${REPEAT:-10}
LIMIT=${LIMIT:-150}
NVLIB=$(ldconfig -p 2>/dev/null | awk '/libnvidia-opencl.so.1 /{print $NF; exit}')
MPI=(mpirun --allow-run-as-root --oversubscribe --bind-to none -x JITFFT_CACHE_DIR -x JITFFT_DEVICE)
[ -n "$NVLIB" ] && MPI+=(-x "OCL_ICD_FILENAMES=$NVLIB")
[ -n "${LD_LIBRARY_PATH:-}" ] && MPI+=(-x LD_LIBRARY_PATH)
if [ "${QUICK:-0}" = 1 ]; then
  SHAPES=("24,20,12" "30,16")
  BENCH='4096;1000x768'
  export POCL_MAX_PTHREAD_COUNT=1
  MPI+=(-x POCL_MAX_PTHREAD_COUNT)
else
  SHAPES=("512,512,512" "4096,4096")
  BENCH='2^20;2^24;3^15;1000003;4096x4096;1000x768;256x256x256'
fi
gpu_env "command: OUT=$OUT JITFFT_BIN=$BIN REPEAT=$REPEAT LIMIT=$LIMIT QUICK=${QUICK:-0} $0" \
  "mpirun: ${MPI[*]}" "$(mpirun --version 2>&1 | head -1)" > "$OUT/env.txt"
mkdir -p "$OUT/mpi"
: > "$OUT/mpi.txt"
# one LABEL CMD…: the command's --json report to mpi/LABEL.json, its summary line to mpi.txt.
one() {
  local label=$1; shift
  echo "== $label: $*" >> "$OUT/log.txt"
  if timeout "$LIMIT" "$@" --check --repeat "$REPEAT" --json > "$OUT/mpi/$label.json" 2>> "$OUT/log.txt"; then
    python3 - "$OUT/mpi/$label.json" "$label" >> "$OUT/mpi.txt" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
def find(o, k):
    if isinstance(o, dict):
        if k in o: return o[k]
        for v in o.values():
            x = find(v, k)
            if x is not None: return x
    if isinstance(o, list):
        for v in o:
            x = find(v, k)
            if x is not None: return x
keys = ("kernel_ms", "exchange_ms", "end_to_end_ms", "rel_l2", "max_abs")
print(sys.argv[2], {k: find(r, k) for k in keys if find(r, k) is not None})
EOF
  else
    echo "$label: exit $? (log.txt)" >> "$OUT/mpi.txt"
  fi
}
for s in "${SHAPES[@]}"; do
  tag=$(echo "$s" | tr ',' 'x')
  one "fft_$tag" "$BIN" fft --shape "$s"
  for np in 1 2; do
    one "mpi${np}_$tag" "${MPI[@]}" -np "$np" "$BIN" fft --mpi --shape "$s"
  done
done
echo "== bench --fft --shape '$BENCH'" >> "$OUT/log.txt"
timeout 400 "$BIN" bench --fft --shape "$BENCH" --precision f32,f64 --repeat "$REPEAT" --quiet \
  --export-json "$OUT/bench.json" --export-csv "$OUT/bench.csv" --export-markdown "$OUT/bench.md" \
  2>> "$OUT/log.txt" || echo "bench: exit $?" >> "$OUT/log.txt"
cat "$OUT/mpi.txt"
