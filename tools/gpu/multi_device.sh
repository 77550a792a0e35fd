#!/usr/bin/env bash
# Issue 45: the multi-device table in one call on a host of several GPUs (nvidia-h100-x4).
# Every row beside the same work on one GPU of the same host and the host's pinned copy
# ceiling measured in the same run (`devices --host-rate`). Each row is one `jitfft … --json`
# report kept under its exact row name in rows.json (a failure keeps its exit code and the
# stderr tail); tools/gpu/multi_device_table.py turns them into README.md.
#   host duplex ceiling        devices --host-rate over 1, 2, 4 GPUs (1 GiB a GPU, 5 rounds)
#   stream 3^20 1/2/4 GPUs     vc --stream, random input (seed 1), host array in and out;
#                              the 4-GPU run --check'ed (f64 reference of every point)
#   stream 3^21 4 GPUs         84 GB, more than one H100 holds (its f64 check would need
#                              ~640 GB of host memory: not checked, said in the table)
#   bent 2^24 x 3^4 1/4 GPUs   2^24 ternary functions of 4 variables, every 8th the bent
#                              x1·x2 + x3·x4: verdicts of 1 and 4 GPUs compared, planted count
#   vc batch 2^22 x 3^4        host to host, --check: 1 GPU (its end-to-end time) against the
#                              set route over every GPU (its wall clock)
#   vc --mpi 3^19 2 ranks      against vc --stream 3^19 over 2 GPUs, both --check
#   fft rows (FFT_ONLY)        tools/gpu/fft_table.sh on GPU 0 for the rows changed since the
#                              committed fft table (issue 44), peers in the same call
# Settings: OUT (required), JITFFT_BIN (built with --features mpi for the MPI row), JITFFT_COMMIT,
# LIMIT (seconds a row, 150), MPIRUN (the launch; default: the one the x2 sweep found),
# SKIP (rows left out, words: rate stream big bent batch mpi fft), FFT_ONLY (regex), MPI_CHECK
# (the MPI row's check flag: --check, or empty for none),
# QUICK=1 (PoCL plumbing run: tiny sizes, the same device named twice as the "GPUs").
set -uo pipefail
. "$(dirname "$0")/lib.sh"
LIMIT=${LIMIT:-150}
QUICK=${QUICK:-0}
export NCCL_NVLS_ENABLE=0
skip() { [[ " ${SKIP:-} " == *" $1 "* ]]; }
R="$OUT/rows"
mkdir -p "$R"
: > "$OUT/log.txt"
if [ "$QUICK" = 1 ]; then
  ONE=0; TWO=0,0; ALL=0,0,0,0; P20="--p 3 --n 7"; P21="--p 3 --n 8"; P19="--p 3 --n 6"
  FUN=4096; BATCH=4096; MIB=8
else
  # The GPUs by their indices: a host may also list a CPU device (PoCL) among them, first.
  GPUS=$("$BIN" devices --json | python3 -c 'import json,sys; print(" ".join(str(d["index"]) for d in json.load(sys.stdin) if d["kind"] == "gpu"))')
  read -r -a G <<< "$GPUS"
  ONE=${G[0]}; TWO=${G[0]},${G[1]}; ALL=$(IFS=,; echo "${G[*]:0:4}")
  P20="--p 3 --n 20"; P21="--p 3 --n 21"; P19="--p 3 --n 19"
  FUN=16777216; BATCH=4194304; MIB=1024
fi
# Under mpirun a rank receives OCL_ICD_FILENAMES cut at its first ':' (the image's
# "libpocl.so.2:libnvidia-opencl.so.1" becomes PoCL alone: bench-results/nvidia-h200-x2), so the
# ranks get NVIDIA's library by its one absolute path.
NVLIB=$(ldconfig -p 2>/dev/null | awk '/libnvidia-opencl.so.1 /{print $NF; exit}')
MPIRUN=${MPIRUN:-mpirun --allow-run-as-root --oversubscribe -x JITFFT_CACHE_DIR -x LD_LIBRARY_PATH -x NCCL_NVLS_ENABLE${NVLIB:+ -x OCL_ICD_FILENAMES=$NVLIB}}
gpu_env "command: OUT=$OUT LIMIT=$LIMIT QUICK=$QUICK SKIP='${SKIP:-}' bash tools/gpu/multi_device.sh" \
  "devices: one=$ONE two=$TWO all=$ALL" "mpirun: $MPIRUN" "host: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB" \
  > "$OUT/env.txt"
nvidia-smi topo -m >> "$OUT/env.txt" 2>&1

# Every row so far in one file (the device tool brings back a few files a call).
gather() {
  python3 -c 'import json, os, sys; d = sys.argv[1]; json.dump({f[:-5]: json.load(open(os.path.join(d, f))) for f in sorted(os.listdir(d)) if f.endswith(".json") and os.path.getsize(os.path.join(d, f))}, open(sys.argv[2], "w"), indent=1)' "$R" "$OUT/rows.json"
}

# row NAME CMD…: the command's stdout (a --json report) as rows/NAME.json; its time and exit.
row() {
  local name=$1 file
  shift
  file="$R/$(echo "$name" | tr ' ^/' '_p-').json"
  echo "== $name: $*" >> "$OUT/log.txt"
  local t0=$SECONDS
  timeout "$LIMIT" "$@" > "$file" 2> "$file.err"
  local rc=$?
  echo "   exit $rc after $((SECONDS - t0)) s" >> "$OUT/log.txt"
  tail -5 "$file.err" >> "$OUT/log.txt"
  if [ $rc -ne 0 ]; then
    python3 -c 'import json,sys; json.dump({"exit": int(sys.argv[1]), "stderr": open(sys.argv[2]).read()[-2000:]}, open(sys.argv[3], "w"))' "$rc" "$file.err" "$file"
  fi
  rm -f "$file.err"
  gather
}

skip rate || row "host duplex ceiling" "$BIN" devices --host-rate --device "$ALL" --mib "$MIB" --repeat 5 --json
if ! skip stream; then
  # shellcheck disable=SC2086
  {
    row "stream 3^20 1 GPU" "$BIN" vc --stream $P20 --seed 1 --device "$ONE" --json
    row "stream 3^20 2 GPUs" "$BIN" vc --stream $P20 --seed 1 --device "$TWO" --json
    # Not --check'ed: the f64 check of 3^20 takes over 2 minutes on a 64-core host; the set's
    # streamed route is checked at 3^19 over 2 GPUs below (and byte-compared in the tests).
    row "stream 3^20 4 GPUs" "$BIN" vc --stream $P20 --seed 1 --device "$ALL" --json
  }
fi
# shellcheck disable=SC2086
skip big || row "stream 3^21 4 GPUs" "$BIN" vc --stream $P21 --seed 1 --device "$ALL" --json
if ! skip bent; then
  python3 - "$OUT/f.npy" "$FUN" <<'PY'
import sys
import numpy as np
path, b = sys.argv[1], int(sys.argv[2])
f = np.random.default_rng(7).integers(0, 3, size=(b, 81), dtype=np.uint8)
x = np.arange(81)
d = [(x // 3**k) % 3 for k in (3, 2, 1, 0)]
f[::8] = ((d[0] * d[1] + d[2] * d[3]) % 3).astype(np.uint8)
np.save(path, f)
PY
  row "bent 2^24 x 3^4 1 GPU" "$BIN" bent --p 3 --input "$OUT/f.npy" --output "$OUT/one.npy" --repeat 3 --device "$ONE" --json
  row "bent 2^24 x 3^4 4 GPUs" "$BIN" bent --p 3 --input "$OUT/f.npy" --output "$OUT/four.npy" --repeat 3 --device "$ALL" --json
  python3 - "$OUT/one.npy" "$OUT/four.npy" > "$R/bent_verdicts.json" 2>> "$OUT/log.txt" <<'PY'
import json, sys
import numpy as np
one, four = (np.load(p) for p in sys.argv[1:3])
print(json.dumps({"functions": int(one.size), "planted": int(one[::8].size),
                  "planted_all_bent_1": bool(one[::8].all()), "planted_all_bent_4": bool(four[::8].all()),
                  "bent_1": int(one.sum()), "bent_4": int(four.sum()),
                  "identical": bool(np.array_equal(one, four))}))
PY
  rm -f "$OUT/f.npy" "$OUT/one.npy" "$OUT/four.npy"
fi
if ! skip batch; then
  row "vc batch 2^22 x 3^4 host to host 1 GPU" "$BIN" vc --p 3 --n 4 --batch "$BATCH" --seed 1 --repeat 5 --device "$ONE" --check --json
  row "vc batch 2^22 x 3^4 host to host 4 GPUs" "$BIN" vc --p 3 --n 4 --batch "$BATCH" --seed 1 --repeat 5 --device "$ALL" --check --json
fi
if ! skip mpi; then
  # shellcheck disable=SC2086
  row "vc 3^19 2 GPUs" "$BIN" vc --stream $P19 --seed 1 --device "$TWO" --check --json
  # shellcheck disable=SC2086
  LIMIT=${MPI_LIMIT:-240} row "vc --mpi 3^19 2 ranks" $MPIRUN -np 2 "$BIN" vc --mpi $P19 --seed 1 ${MPI_CHECK---check} --json
fi
gather && rm -r "$R"
if ! skip fft && [ "$QUICK" != 1 ]; then
  CUDA_VISIBLE_DEVICES=0 OUT="$OUT/fft" ONLY="${FFT_ONLY:-fft 1000003|rfft}" LIMIT=120 \
    bash "$HERE/fft_table.sh" > /dev/null 2>> "$OUT/log.txt"
  tar -C "$OUT" -czf "$OUT/fft.tar.gz" fft && rm -r "$OUT/fft"
fi
python3 "$HERE/multi_device_table.py" "$OUT" > "$OUT/README.md"
cat "$OUT/README.md"
