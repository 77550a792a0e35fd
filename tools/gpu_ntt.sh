#!/usr/bin/env bash
# NTT sweep on an NVIDIA GPU host (the H100), plus the arkworks CPU peer on the same host.
#   BN254 Fr 2^16..2^24 and Goldilocks 2^16..2^26, variants radix2/split28/fused, 64- and
#   32-bit limbs, data on the device, kernel times from OpenCL profiling events (median of
#   REPEAT runs after one warm-up), --check (bit-exact against the CPU reference) up to
#   CHECK_BN / CHECK_GL, and ark-bench (ark-poly radix-2 FFT, BN254 Fr, all cores).
# Usage: OUT=/some/dir tools/gpu_ntt.sh      (run from the repository root)
# Needs target/release/jitfft and tools/ark-bench/target/release/ark-bench (no Rust here).
# Writes into $OUT (7 files): env.txt, summary.txt, ntt_bn254_fr.json, ntt_goldilocks.json,
# ark_bench.json, ark_bench.log (its progress), errors.txt (stderr of failed runs).
set -u
: "${OUT:?set OUT to the output folder}"
J=${JITFFT:-target/release/jitfft}
A=${ARK_BENCH:-tools/ark-bench/target/release/ark-bench}
REPEAT=${REPEAT:-10}
LIMBS=${LIMBS:-"64 32"}
VARIANTS=${VARIANTS:-"fused radix2 split28"}
CHECK_BN=${CHECK_BN:-22}
CHECK_GL=${CHECK_GL:-24}
DEVICE=${DEVICE:-gpu}
BN_RANGE=${BN_RANGE:-"16 24"}
GL_RANGE=${GL_RANGE:-"16 26"}
ARK_RANGE=${ARK_RANGE:-"16 24"}
mkdir -p "$OUT" /tmp/icd
echo libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
export OCL_ICD_VENDORS=/tmp/icd
export JITFFT_CACHE_DIR=${JITFFT_CACHE_DIR:-/tmp/jitfft-cache}
: > "$OUT/errors.txt"

{
  echo "date: $(date -u +%FT%TZ)"
  echo "host: $(uname -a)"
  echo "cpu cores: $(nproc)"
  echo "command: OUT=\$OUT DEVICE=$DEVICE BN_RANGE='$BN_RANGE' GL_RANGE='$GL_RANGE' REPEAT=$REPEAT LIMBS='$LIMBS' VARIANTS='$VARIANTS' CHECK_BN=$CHECK_BN CHECK_GL=$CHECK_GL tools/gpu_ntt.sh"
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv 2>&1 || true
  "$J" devices 2>&1 || true
} > "$OUT/env.txt"

printf '%-11s %-8s %5s %6s %12s %10s %10s %10s %8s\n' field variant limbs log_n kernel_ms min_ms max_ms upload_ms check > "$OUT/summary.txt"

# The median of the first Summary object after "key": in a pretty-printed report.
med() { awk -v k="\"$1\": {" 'index($0,k){f=1} f&&/"median"/{gsub(/[,"]/,"",$2); print $2; exit}' "$2"; }
fld() { awk -v k="\"$1\": {" 'index($0,k){f=1} f&&/"'"$3"'"/{gsub(/[,"]/,"",$2); print $2; exit}' "$2"; }

sweep() { # field lo hi check_max file
  local field=$1 lo=$2 hi=$3 cmax=$4 file="$OUT/$5" first=1 tmp=/tmp/jitfft_ntt_run.json
  echo "[" > "$file"
  for limbs in $LIMBS; do
    for v in $VARIANTS; do
      for l in $(seq "$lo" "$hi"); do
        chk=""; [ "$l" -le "$cmax" ] && chk="--check"
        if "$J" ntt --field "$field" --log-n "$l" --variant "$v" --limbs "$limbs" \
             --random "$l" $chk --repeat "$REPEAT" --json --device "$DEVICE" > "$tmp" 2>> "$OUT/errors.txt"; then
          [ $first = 1 ] || echo "," >> "$file"
          cat "$tmp" >> "$file"; first=0
          c="-"; [ -n "$chk" ] && { grep -q '"ok": true' "$tmp" && c=ok || c=FAIL; }
          printf '%-11s %-8s %5s %6s %12s %10s %10s %10s %8s\n' "$field" "$v" "$limbs" "$l" \
            "$(med kernel_ms "$tmp")" "$(fld kernel_ms "$tmp" min)" "$(fld kernel_ms "$tmp" max)" \
            "$(med upload_ms "$tmp")" "$c" >> "$OUT/summary.txt"
        else
          echo "  ^ failed: $field $v limbs=$limbs log_n=$l" >> "$OUT/errors.txt"
          printf '%-11s %-8s %5s %6s %12s\n' "$field" "$v" "$limbs" "$l" FAILED >> "$OUT/summary.txt"
        fi
      done
    done
  done
  echo "]" >> "$file"
}

sweep bn254-fr $BN_RANGE "$CHECK_BN" ntt_bn254_fr.json
sweep goldilocks $GL_RANGE "$CHECK_GL" ntt_goldilocks.json
set -- $ARK_RANGE
"$A" --lo "$1" --hi "$2" --repeat 7 > "$OUT/ark_bench.json" 2> "$OUT/ark_bench.log" \
  || echo "ark-bench failed" >> "$OUT/errors.txt"
cat "$OUT/summary.txt"
