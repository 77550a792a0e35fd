#!/usr/bin/env bash
# NTT sweep on an NVIDIA GPU host (the H100), plus the arkworks CPU peer on the same host.
# Data on the device, kernel times from OpenCL profiling events (median of REPEAT runs after
# one warm-up), --check (bit-exact against the CPU reference) up to CHECK_BN / CHECK_GL.
#
#   1. fused (regs kernel): every ARITH x LIMBS, BN254 Fr BN_RANGE and Goldilocks GL_RANGE;
#   2. OTHER_VARIANTS (radix2, split28) with OTHER_ARITH x OTHER_LIMBS, same sizes;
#   3. levers: fused with BASE flags and one change each (LEVERS, ';'-separated), at
#      LEVER_BN / LEVER_GL sizes only;
#   4. the generated PTX-variant source of BN254 Fr 2^20 (32- and 64-bit limbs) and one fresh
#      build's PTX and build log (ptxas registers), packed into ntt_sources.tar.gz;
#   5. ark-bench (ark-poly radix-2 FFT, BN254 Fr, all cores) unless SKIP_ARK=1.
# A failing configuration is logged (errors.txt, FAILED row) and the sweep goes on.
#
# Usage: OUT=/some/dir tools/gpu/gpu_ntt.sh      (run from the repository root)
# e.g.   OUT=$OUT ARITH="ptx portable" LIMBS="32 64" tools/gpu/gpu_ntt.sh
# Needs target/release/jitfft and tools/peers/ark-bench/target/release/ark-bench (no Rust there).
# Writes into $OUT (7 files): env.txt, summary.txt, ntt_runs.json (every run's report),
# errors.txt, ntt_sources.tar.gz, ark_bench.json, ark_bench.log.
set -u
. "$(dirname "$0")/lib.sh"
J=$BIN
A=${ARK_BENCH:-$(dirname "$0")/../peers/ark-bench/target/release/ark-bench}
REPEAT=${REPEAT:-5}
ARITH=${ARITH:-"ptx portable"}
LIMBS=${LIMBS:-"32 64"}
OTHER_VARIANTS=${OTHER_VARIANTS:-"radix2 split28"}
OTHER_ARITH=${OTHER_ARITH:-"ptx"}
OTHER_LIMBS=${OTHER_LIMBS:-"32"}
BASE=${BASE:-"--arith ptx --limbs 32"}
LEVERS=${LEVERS:-"--twiddles split;--reduce full;--elems 4;--elems 16;--kernel stages;--kernel stages --arith portable --limbs 64;--max-radix 256"}
LEVER_BN=${LEVER_BN:-"20 21 24"}
LEVER_GL=${LEVER_GL:-"20 24"}
CHECK_BN=${CHECK_BN:-22}
CHECK_GL=${CHECK_GL:-22}
DEVICE=${DEVICE:-gpu}
BN_RANGE=${BN_RANGE:-"16 24"}
GL_RANGE=${GL_RANGE:-"16 26"}
ARK_RANGE=${ARK_RANGE:-"16 24"}
RUN_TIMEOUT=${RUN_TIMEOUT:-120}
# Fresh builds, so that every run has ptxas' report in its build log.
export JITFFT_NO_CACHE=${JITFFT_NO_CACHE:-1}
# The driver's JIT cache can hand back builds without ptxas' report (registers).
export CUDA_CACHE_DISABLE=1
: > "$OUT/errors.txt"
RUNS="$OUT/ntt_runs.json"
echo "[" > "$RUNS"
FIRST=1
T0=$(date +%s)

{
  echo "date: $(date -u +%FT%TZ)"
  echo "host: $(uname -a)"
  echo "cpu cores: $(nproc)"
  echo "command: OUT=\$OUT DEVICE=$DEVICE BN_RANGE='$BN_RANGE' GL_RANGE='$GL_RANGE' REPEAT=$REPEAT ARITH='$ARITH' LIMBS='$LIMBS' OTHER_VARIANTS='$OTHER_VARIANTS' OTHER_ARITH='$OTHER_ARITH' OTHER_LIMBS='$OTHER_LIMBS' BASE='$BASE' LEVERS='$LEVERS' LEVER_BN='$LEVER_BN' LEVER_GL='$LEVER_GL' CHECK_BN=$CHECK_BN CHECK_GL=$CHECK_GL tools/gpu/gpu_ntt.sh"
  echo "commit: $COMMIT"
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv 2>&1 || true
  "$J" devices 2>&1 || true
} > "$OUT/env.txt"

FMT='%-10s %-7s %-6s %-8s %5s %5s %-6s %-5s %5s %10s %10s %10s %-5s %5s  %s\n'
printf "$FMT" field variant kernel arith limbs elems tw red log_n kernel_ms min_ms max_ms check regs flags > "$OUT/summary.txt"

# Value of the first `"key": value` line (strings unquoted), or "-".
val() { local v; v=$(grep -m1 "\"$1\": " "$2" | sed -e 's/^[^:]*: //' -e 's/[",]//g' -e 's/ *$//'); echo "${v:--}"; }
# The median/min/max of the first Summary object after "key": {.
sm() { awk -v k="\"$1\": {" -v f="\"$2\"" 'index($0,k){s=1} s&&index($0,f){gsub(/[,"]/,"",$2); printf "%.4f", $2; exit}' "$3"; }
# The most registers any kernel of the run used (ptxas), or "-".
regs() { local r; r=$(grep '"registers": [0-9]' "$1" | sed 's/[^0-9]//g' | sort -n | tail -1); echo "${r:--}"; }

run() { # field log_n check_max label flags...
  local field=$1 l=$2 cmax=$3 label=$4; shift 4
  local tmp=/tmp/jitfft_ntt_run.json chk=""
  [ "$l" -le "$cmax" ] && chk="--check"
  if timeout "$RUN_TIMEOUT" "$J" ntt --field "$field" --log-n "$l" --random "$l" $chk \
       --repeat "$REPEAT" --json --device "$DEVICE" "$@" > "$tmp" 2>> "$OUT/errors.txt"; then
    [ $FIRST = 1 ] || echo "," >> "$RUNS"
    FIRST=0
    { echo "{\"label\": \"$label\", \"flags\": \"$*\", \"report\":"; cat "$tmp"; echo "}"; } >> "$RUNS"
    local c="-"
    [ -n "$chk" ] && { grep -q '"ok": true' "$tmp" && c=ok || c=FAIL; }
    local kern; kern=$(grep -m1 '"kernel": "' "$tmp" | sed -e 's/.*: "//' -e 's/".*//')
    [ "$(val variant "$tmp")" = fused ] || kern="-"
    printf "$FMT" "$field" "$(val variant "$tmp")" "$kern" "$(val arith "$tmp")" \
      "$(val limb_bits "$tmp")" "$(val elems "$tmp")" "$(val twiddles "$tmp")" "$(val reduction "$tmp")" \
      "$l" "$(sm kernel_ms median "$tmp")" "$(sm kernel_ms min "$tmp")" "$(sm kernel_ms max "$tmp")" \
      "$c" "$(regs "$tmp")" "$label: $*" >> "$OUT/summary.txt"
  else
    echo "  ^ failed (exit $?): $field 2^$l $label: $*" >> "$OUT/errors.txt"
    printf "$FMT" "$field" - - - - - - - "$l" FAILED - - - - "$label: $*" >> "$OUT/summary.txt"
  fi
}

sweep() { # label flags... (over both fields' ranges)
  local label=$1; shift
  local lo hi
  read -r lo hi <<< "$BN_RANGE"
  for l in $(seq "$lo" "$hi"); do run bn254-fr "$l" "$CHECK_BN" "$label" "$@"; done
  read -r lo hi <<< "$GL_RANGE"
  for l in $(seq "$lo" "$hi"); do run goldilocks "$l" "$CHECK_GL" "$label" "$@"; done
}

# 1. fused, regs kernel: arithmetic x limb width.
for limbs in $LIMBS; do
  for arith in $ARITH; do
    sweep main --variant fused --arith "$arith" --limbs "$limbs"
  done
done
echo "# sweep 1 (fused) done after $(( $(date +%s) - T0 )) s" >> "$OUT/errors.txt"

# 2. the other variants.
for v in $OTHER_VARIANTS; do
  for limbs in $OTHER_LIMBS; do
    for arith in $OTHER_ARITH; do
      sweep other --variant "$v" --arith "$arith" --limbs "$limbs"
    done
  done
done
echo "# sweep 2 (other variants) done after $(( $(date +%s) - T0 )) s" >> "$OUT/errors.txt"

# 3. levers: BASE plus one change (later flags override earlier ones).
IFS=';' read -r -a LEVER_LIST <<< "$LEVERS"
for lever in "" "${LEVER_LIST[@]}"; do
  # shellcheck disable=SC2086
  for l in $LEVER_BN; do run bn254-fr "$l" "$CHECK_BN" lever --variant fused $BASE $lever; done
  # shellcheck disable=SC2086
  for l in $LEVER_GL; do run goldilocks "$l" "$CHECK_GL" lever --variant fused $BASE $lever; done
done
echo "# sweep 3 (levers) done after $(( $(date +%s) - T0 )) s" >> "$OUT/errors.txt"

# 4. sources for review: the PTX variant as generated, and one fresh build's PTX + log.
SRC=/tmp/ntt_sources
rm -rf "$SRC" && mkdir -p "$SRC/dump"
for limbs in 32 64; do
  "$J" source ntt --field bn254-fr --log-n 20 --arith ptx --limbs "$limbs" \
    > "$SRC/bn254_fr_2e20_ptx_limbs$limbs.cl" 2>> "$OUT/errors.txt"
done
JITFFT_NO_CACHE=1 JITFFT_DUMP_DIR="$SRC/dump" timeout "$RUN_TIMEOUT" "$J" ntt --field bn254-fr \
  --log-n 20 --arith ptx --limbs 32 --repeat 1 --device "$DEVICE" > "$SRC/dump/run.txt" 2>&1 \
  || echo "source dump run failed" >> "$OUT/errors.txt"
tar czf "$OUT/ntt_sources.tar.gz" -C "$SRC" . 2>> "$OUT/errors.txt"

echo "]" >> "$RUNS"
echo "# sweeps done after $(( $(date +%s) - T0 )) s" >> "$OUT/errors.txt"

# 5. the CPU peer.
if [ "${SKIP_ARK:-0}" != 1 ]; then
  read -r lo hi <<< "$ARK_RANGE"
  "$A" --lo "$lo" --hi "$hi" --repeat 7 > "$OUT/ark_bench.json" 2> "$OUT/ark_bench.log" \
    || echo "ark-bench failed" >> "$OUT/errors.txt"
fi
echo "# all done after $(( $(date +%s) - T0 )) s" >> "$OUT/errors.txt"
cat "$OUT/summary.txt"
