#!/usr/bin/env bash
# Issue 44's streamed route on a GPU: `jitfft fft --stream` of an n-D array against the same
# shape in memory, and (OVERLAP_CHUNKS set, e.g. 8) `--overlap --chunks K`: the stream route
# with the array resident between its passes, transfers once each way; in one call. SHAPE
# (default 1024,1024,1024: 8 GiB of complex64), CHUNK_MIB (default 1024: a cap forcing
# several chunks a pass), REPEAT (3), JITFFT_BIN, OUT (required).
# Both runs: --json (kernel, transfer and wall times; the streamed one's passes against the
# pinned floor measured in the same run); no --check at this size (RustFFT on the host would
# take minutes): tests/fft_stream.rs checks the route against RustFFT on PoCL.
set -u
OUT=${OUT:?set OUT}
BIN=${JITFFT_BIN:-target/release/jitfft}
SHAPE=${SHAPE:-1024,1024,1024}
CHUNK_MIB=${CHUNK_MIB:-1024}
REPEAT=${REPEAT:-3}
mkdir -p "$OUT"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: ${JITFFT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "command: OUT=$OUT SHAPE=$SHAPE CHUNK_MIB=$CHUNK_MIB REPEAT=$REPEAT OVERLAP_CHUNKS=${OVERLAP_CHUNKS:-} bash tools/gpu/fft_stream.sh"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null
} > "$OUT/env.txt"
echo "== in memory: $BIN fft --shape $SHAPE --repeat $REPEAT --json" | tee -a "$OUT/log.txt"
timeout 240 "$BIN" fft --shape "$SHAPE" --repeat "$REPEAT" --json > "$OUT/in_memory.json" 2>> "$OUT/log.txt" \
  || echo "   exit $?" | tee -a "$OUT/log.txt"
echo "== streamed: $BIN fft --shape $SHAPE --stream --chunk-mib $CHUNK_MIB --repeat $REPEAT --json" | tee -a "$OUT/log.txt"
timeout 240 "$BIN" fft --shape "$SHAPE" --stream --chunk-mib "$CHUNK_MIB" --repeat "$REPEAT" --json > "$OUT/streamed.json" 2>> "$OUT/log.txt" \
  || echo "   exit $?" | tee -a "$OUT/log.txt"
for k in ${OVERLAP_CHUNKS:-}; do
  echo "== overlapped: $BIN fft --shape $SHAPE --overlap --chunks $k --repeat $REPEAT --json" | tee -a "$OUT/log.txt"
  timeout 240 "$BIN" fft --shape "$SHAPE" --overlap --chunks "$k" --repeat "$REPEAT" --json > "$OUT/overlap_$k.json" 2>> "$OUT/log.txt" \
    || echo "   exit $?" | tee -a "$OUT/log.txt"
done
python3 - "$OUT" <<'PY' | tee "$OUT/summary.txt"
import json, sys, os
d = sys.argv[1]
names = ["in_memory", "streamed"] + sorted(f[:-5] for f in os.listdir(d) if f.startswith("overlap_") and f.endswith(".json"))
for name in names:
    try:
        r = json.load(open(os.path.join(d, name + ".json")))
    except (OSError, ValueError) as e:
        print(f"{name}: no report ({e})"); continue
    t = r["timing"]
    med = lambda k: (t.get(k) or {}).get("median", float("nan")) if isinstance(t.get(k), dict) else t.get(k)
    print(f"{name}: kernel {med('kernel_ms')} ms, upload {med('upload_ms')} ms, download {med('download_ms')} ms, end to end {med('end_to_end_ms')} ms")
    s = r.get("details", {}).get("stream")
    if s:
        if s.get("overlap"):
            print("  overlap:", json.dumps(s["overlap"]))
        print("  stream:", json.dumps({k: v for k, v in s.items() if k != "overlap"})[:1500])
PY
