#!/usr/bin/env bash
# Issue 44: the any-shape FFT's H100 table in one call. Each row `jitfft fft … --check --json`
# (kernel time from profiling events: median of REPEAT after a warm-up, device resident; the
# check against RustFFT in f64), then the peers in one process (tools/peers/fft_peers.py:
# torch.fft = cuFFT by CUDA events, a device copy of the same bytes, VkFFT: VKFFT_BENCH names
# tools/peers/vkfft_cl_bench built by tools/peers/build_vkfft_bench.sh, else pyvkfft if installed),
# then the table (tools/gpu/fft_table.py → $OUT/README.md).
#
# Settings: OUT (required), JITFFT_BIN (default target/release/jitfft), REPEAT (20), LIMIT
# (seconds per row, 240), QUICK=1 (small shapes: a PoCL run of the plumbing), ONLY (an
# extended regex: only the rows whose names match, jitfft and peers alike), TUNE=1 (first
# `jitfft tune fft` of every row into $OUT/wisdom.json, each candidate's time in
# $OUT/tune.json, so the rows run the tuned schedules; the table then gives the default's time
# beside them), BASELINE_BIN (a second binary, e.g. the previous commit's: its rows run right
# after this binary's, without --check, and the table gives its times beside them),
# BASELINE_LABEL (its column's name, default "baseline").
set -u
OUT=${OUT:?set OUT}
BIN=${JITFFT_BIN:-target/release/jitfft}
REPEAT=${REPEAT:-20}
LIMIT=${LIMIT:-240}
mkdir -p "$OUT/rows"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: ${JITFFT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "command: OUT=$OUT REPEAT=$REPEAT ONLY='${ONLY:-}' VKFFT_BENCH=${VKFFT_BENCH:-} BASELINE_BIN=${BASELINE_BIN:-} bash tools/gpu/fft_table.sh"
  echo "host: $(hostname) $(nproc) cores"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
} > "$OUT/env.txt"
ROWS=(
  "fft 2^20|--shape 2^20"
  "fft 2^24|--shape 2^24"
  "fft 2^28|--shape 2^28"
  "fft 3^15|--shape 3^15"
  "fft 1000000|--shape 1000000"
  "fft 1000003|--shape 1000003"
  "fft2 4096x4096|--shape 4096,4096"
  "fft2 1000x768|--shape 1000,768"
  "fftn 256x256x256|--shape 256,256,256"
  "fftn 512x512x512|--shape 512,512,512"
  "batch 16384 x fft 1024|--shape 16384,1024 --axes 1"
  "rfft 2^24|--shape 2^24 --real"
  "rfftn 512x512x512|--shape 512,512,512 --real"
)
if [ "${QUICK:-0}" = 1 ]; then
  ROWS=("fft 2^20|--shape 2^12" "fft 1000003|--shape 1009" "fft2 1000x768|--shape 10,76" "rfft 2^24|--shape 2^10 --real")
fi
if [ "${TUNE:-0}" = 1 ]; then
  export JITFFT_WISDOM="$OUT/wisdom.json"
  mkdir -p "$OUT/tune"
  for row in "${ROWS[@]}"; do
    name=${row%%|*}; args=${row#*|}
    [ -n "${ONLY:-}" ] && ! [[ $name =~ $ONLY ]] && continue
    echo "== tune $name: $BIN tune fft $args --repeat 10 --json" | tee -a "$OUT/log.txt"
    # shellcheck disable=SC2086
    timeout "$LIMIT" "$BIN" tune fft $args --repeat 10 --json > "$OUT/tune/$(echo "$name" | tr ' ^' '_p').json" 2>> "$OUT/log.txt" \
      || echo "   exit $? (see log)" | tee -a "$OUT/log.txt"
  done
fi
for row in "${ROWS[@]}"; do
  name=${row%%|*}; args=${row#*|}
  [ -n "${ONLY:-}" ] && ! [[ $name =~ $ONLY ]] && continue
  file="$OUT/rows/$(echo "$name" | tr ' ^' '_p').json"
  echo "== $name: $BIN fft $args --repeat $REPEAT --check --json" | tee -a "$OUT/log.txt"
  # shellcheck disable=SC2086
  timeout "$LIMIT" "$BIN" fft $args --repeat "$REPEAT" --check --json > "$file" 2>> "$OUT/log.txt" \
    || echo "   exit $? (see log)" | tee -a "$OUT/log.txt"
done
if [ -n "${BASELINE_BIN:-}" ]; then
  mkdir -p "$OUT/baseline"
  for row in "${ROWS[@]}"; do
    name=${row%%|*}; args=${row#*|}
    [ -n "${ONLY:-}" ] && ! [[ $name =~ $ONLY ]] && continue
    echo "== baseline $name: $BASELINE_BIN fft $args --repeat $REPEAT --json" | tee -a "$OUT/log.txt"
    # shellcheck disable=SC2086
    timeout "$LIMIT" "$BASELINE_BIN" fft $args --repeat "$REPEAT" --json \
      > "$OUT/baseline/$(echo "$name" | tr ' ^' '_p').json" 2>> "$OUT/log.txt" \
      || echo "   exit $? (see log)" | tee -a "$OUT/log.txt"
  done
  python3 -c 'import json, os, sys; d = sys.argv[1]; json.dump({"label": sys.argv[3], "rows": {f: json.load(open(os.path.join(d, f))) for f in sorted(os.listdir(d)) if os.path.getsize(os.path.join(d, f))}}, open(sys.argv[2], "w"), indent=1)' \
    "$OUT/baseline" "$OUT/baseline.json" "${BASELINE_LABEL:-baseline}" && rm -r "$OUT/baseline"
fi
if [ "${QUICK:-0}" != 1 ]; then
  timeout 600 python3 tools/peers/fft_peers.py --repeat 50 --only "${ONLY:-.}" > "$OUT/peers.json" 2>> "$OUT/log.txt" \
    || echo "peers: exit $?" | tee -a "$OUT/log.txt"
fi
python3 tools/gpu/fft_table.py "$OUT" > "$OUT/README.md"
# One file for the rows' reports (the device tool brings back a few files per call).
join='import json, os, sys; d = sys.argv[1]; json.dump({f: json.load(open(os.path.join(d, f))) for f in sorted(os.listdir(d)) if os.path.getsize(os.path.join(d, f))}, open(sys.argv[2], "w"), indent=1)'
python3 -c "$join" "$OUT/rows" "$OUT/rows.json" && rm -r "$OUT/rows"
if [ -d "$OUT/tune" ]; then python3 -c "$join" "$OUT/tune" "$OUT/tune.json" && rm -r "$OUT/tune"; fi
cat "$OUT/README.md"
