#!/usr/bin/env bash
# Issue 15: `vc --mpi` on the GPUs of one host (kind nvidia-h200-x2: 2 H200s, Open MPI 4.1.6).
# 1 rank against P ranks (one GPU each, local rank mod GPUs) for p = 3, n = 18 and 19 (P = 3:
# ranks must be a power of p, so 2 ranks cannot split 3^n; 3 ranks share 2 GPUs) and p = 2,
# n = 30 (P = 2), device-resident data in and out: kernel, staging, exchange time and bytes
# per rank, the hidden part of the pipeline, and the exchange rate against a plain
# MPI_Sendrecv ring of the same bytes (--sendrecv-probe). Smaller sizes run with --check.
#
# Settings: OUT=dir (required), JITFFT_BIN (default target/release/jitfft, built with
# --features mpi), JITFFT_COMMIT, REPEAT (3), LIMIT (seconds per run, 120), BUDGET (seconds
# for the whole script, 420: later runs are skipped and say so), QUICK=1 (tiny sizes, for
# PoCL on a development machine), MPI_EXTRA (more mpirun flags).
# Writes: env.txt, devices.txt, runs.jsonl (one report per run), errors.txt, summary.txt.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
REPEAT=${REPEAT:-3}
LIMIT=${LIMIT:-120}
BUDGET=${BUDGET:-420}
QUICK=${QUICK:-0}
MPI=(mpirun --allow-run-as-root --oversubscribe -x JITFFT_CACHE_DIR)
[ -n "${OCL_ICD_VENDORS:-}" ] && MPI+=(-x OCL_ICD_VENDORS)
# The ranks must find the vendor libraries the ICD files name (a bare libnvidia-opencl.so.1
# resolves through LD_LIBRARY_PATH, which the ranks do not get by default).
[ -n "${LD_LIBRARY_PATH:-}" ] && MPI+=(-x LD_LIBRARY_PATH)
if [ "$QUICK" = 1 ]; then
  export POCL_MAX_PTHREAD_COUNT=1
  MPI+=(-x POCL_MAX_PTHREAD_COUNT)
  # p:n:ranks... (timed) and p:n:ranks (checked)
  CASES=("3:6:1 3" "2:8:1 2")
  CHECKS=("3:5:3" "2:6:2")
else
  CASES=("3:19:1 3" "2:30:1 2" "3:18:1 3")
  CHECKS=("3:14:3" "2:24:2")
fi
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: $COMMIT"
  echo "command: OUT=$OUT JITFFT_BIN=$BIN REPEAT=$REPEAT LIMIT=$LIMIT QUICK=$QUICK $0"
  echo "mpirun: ${MPI[*]}"
  mpirun --version 2>&1 | head -1
  echo "--- ldd $BIN"
  ldd "$BIN" 2>&1
  echo "--- ompi_info (transports)"
  ompi_info 2>/dev/null | grep -Ei "MCA (btl|pml)|cuda" | head -20
  echo "--- nvidia-smi"
  nvidia-smi 2>&1 | head -30
  nvidia-smi topo -m 2>&1 | head -10
} > "$OUT/env.txt"
"$BIN" devices > "$OUT/devices.txt" 2>&1
# The devices a rank sees under mpirun. Earlier runs on this image saw only PoCL inside the
# ranks although the same binary saw both H200s outside mpirun, so the launch is chosen here:
# the first of a few variants under which a rank lists a GPU (diagnosis in devices.txt).
sees_gpu() { timeout 60 "$@" -np 1 "$BIN" devices 2>&1 | grep -q "│ gpu"; }
NVLIB=$(ldconfig -p 2>/dev/null | awk '/libnvidia-opencl.so.1 /{print $NF; exit}')
[ -n "$NVLIB" ] || NVLIB=$(find /usr/local/nvidia /usr/lib /usr/lib64 /usr/local/cuda -name 'libnvidia-opencl.so.1' 2>/dev/null | head -1)
{
  echo "--- outer OCL_ICD_FILENAMES=${OCL_ICD_FILENAMES:-} OCL_ICD_VENDORS=${OCL_ICD_VENDORS:-} NVLIB=$NVLIB"
  ls -la "${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}" 2>&1
  echo "--- under ${MPI[*]} -np 1"
  timeout 60 "${MPI[@]}" -np 1 "$BIN" devices 2>&1
  echo "--- ICD loader trace in a rank (OCL_ICD_ENABLE_TRACE=1)"
  timeout 60 "${MPI[@]}" -x OCL_ICD_ENABLE_TRACE=1 -np 1 "$BIN" devices 2>&1 | grep -v "│\|┌\|└\|├" | head -40
  echo "--- environment: outer vs rank (lines that differ)"
  env | sort > /tmp/outer_env.txt
  timeout 60 "${MPI[@]}" -np 1 env 2>/dev/null | sort > /tmp/rank_env.txt
  diff /tmp/outer_env.txt /tmp/rank_env.txt | grep -v "^[<>] \(OMPI_\|PMIX_\|OPAL_\)" | head -60
  echo "--- rank: limits, cpus, /dev/nvidia*"
  timeout 60 "${MPI[@]}" -np 1 bash -c 'ulimit -a | head -20; grep -i cpus_allowed_list /proc/self/status; ls /dev/nvidia* | head' 2>&1
} >> "$OUT/devices.txt"
CHOSEN=""
if [ "$QUICK" != 1 ]; then
  VARIANTS=("" "--bind-to none")
  [ -n "$NVLIB" ] && VARIANTS+=("-x OCL_ICD_FILENAMES=$NVLIB" "-x OCL_ICD_FILENAMES=$NVLIB --bind-to none")
  VARIANTS+=("--mca pml ob1 --mca btl self,vader,tcp" "--bind-to none --mca pml ob1 --mca btl self,vader,tcp -x OCL_ICD_FILENAMES=${NVLIB:-libnvidia-opencl.so.1}")
  for v in "${VARIANTS[@]}"; do
    # shellcheck disable=SC2206
    extra=($v)
    if sees_gpu "${MPI[@]}" "${extra[@]}"; then
      MPI+=("${extra[@]}")
      CHOSEN="ok"
      echo "--- a rank sees a GPU with: ${MPI[*]}" >> "$OUT/devices.txt"
      break
    fi
    echo "--- no GPU in a rank with extra flags: '$v'" >> "$OUT/devices.txt"
  done
  if [ -z "$CHOSEN" ]; then
    echo "no mpirun variant let a rank see a GPU: see devices.txt; the runs below use what the ranks see" | tee -a "$OUT/env.txt"
  fi
fi
# MPI_EXTRA: more mpirun flags to try (e.g. "--bind-to none --mca btl_vader_single_copy_mechanism cma").
# shellcheck disable=SC2206
[ -n "${MPI_EXTRA:-}" ] && MPI+=(${MPI_EXTRA})
echo "mpirun (as run): ${MPI[*]}" >> "$OUT/env.txt"
: > "$OUT/runs.jsonl"
: > "$OUT/errors.txt"

# run LABEL RANKS p n [flags...]: one mpirun; its JSON report (with the label) to runs.jsonl.
run() {
  local label=$1 np=$2 p=$3 n=$4
  shift 4
  local tmp
  tmp=$(mktemp)
  echo "== $label: -np $np --p $p --n $n $*" >> "$OUT/errors.txt"
  local left=$((BUDGET - SECONDS))
  if [ "$left" -lt 20 ]; then
    echo "   skipped: the script's budget ($BUDGET s) is spent" >> "$OUT/errors.txt"
    return
  fi
  [ "$left" -lt "$LIMIT" ] || left=$LIMIT
  if timeout "$left" "${MPI[@]}" -np "$np" "$BIN" vc --mpi --p "$p" --n "$n" --json "$@" \
      > "$tmp" 2>> "$OUT/errors.txt"; then
    python3 -c 'import json,runpy,sys; flat=runpy.run_path(sys.argv[3])["flat"]; r=flat(json.load(open(sys.argv[1]))); r["label"]=sys.argv[2]; print(json.dumps(r))' \
      "$tmp" "$label" "$REPORT_FLAT" >> "$OUT/runs.jsonl"
  else
    echo "   failed (status $?)" >> "$OUT/errors.txt"
  fi
  rm -f "$tmp"
}

for c in "${CHECKS[@]}"; do
  IFS=: read -r p n np <<< "$c"
  run check "$np" "$p" "$n" --check --repeat 1
done
for c in "${CASES[@]}"; do
  IFS=: read -r p n ranks <<< "$c"
  for np in $ranks; do
    run timed "$np" "$p" "$n" --repeat "$REPEAT" --sendrecv-probe
  done
done
# The refusal for 2 ranks with p = 3, recorded.
timeout 60 "${MPI[@]}" -np 2 "$BIN" vc --mpi --p 3 --n 18 2>&1 | grep -m1 error >> "$OUT/errors.txt"

python3 - "$OUT/runs.jsonl" > "$OUT/summary.txt" <<'EOF'
import json, sys
runs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
one = {}
for r in runs:
    if r["label"] == "timed" and r["ranks"] == 1:
        one[(r["p"], r["n"])] = r["end_to_end_ms"]["median"]
print("end to end = device-resident input to device-resident output, slowest rank, median")
print("exchange rate = bytes a rank sent / time in its all-to-all calls; probe = MPI_Sendrecv ring of those bytes")
hdr = ("label", "p^n", "ranks", "e2e ms", "speedup", "kernel ms", "staging ms", "exchange ms",
       "pack ms", "hidden ms", "xchg GB/s", "probe GB/s", "probe/xchg", "check", "devices")
print(" | ".join(hdr))
for r in runs:
    pr = r["per_rank"]
    t = lambda k: max(x["times"][k] for x in pr)
    e2e = r["end_to_end_ms"]["median"]
    base = one.get((r["p"], r["n"]))
    sp = f"{base / e2e:.2f}" if base and r["label"] == "timed" else "-"
    xg = min(x["exchange_gbs"] for x in pr) if r["ranks"] > 1 else 0
    pg = r["sendrecv_probe"]["gbs"] if r.get("sendrecv_probe") else 0
    ratio = f"{pg / xg:.2f}" if xg and pg else "-"
    chk = f'{r["check"]["rel_l2"]:.2e} {"ok" if r["check"]["ok"] else "FAILED"}' if r.get("check") else "-"
    devs = ", ".join(f'{x["rank"]}:{x["device"]}' for x in pr)
    print(" | ".join(str(v) for v in (r["label"], f'{r["p"]}^{r["n"]}', r["ranks"], f"{e2e:.2f}", sp,
          f'{t("kernel_ms"):.2f}', f'{t("staging_ms"):.2f}', f'{t("exchange_ms"):.2f}',
          f'{t("pack_ms"):.2f}', f'{t("hidden_ms"):.2f}', f"{xg:.2f}", f"{pg:.2f}", ratio, chk, devs)))
EOF
cat "$OUT/summary.txt"
