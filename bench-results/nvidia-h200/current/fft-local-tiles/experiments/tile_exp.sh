#!/usr/bin/env bash
# Session-22 experiment: kernel time of contiguous whole-axis fused launches by tile size (JITFFT_X_TILE).
BIN=${BIN:-.carry-lead/jitfft-x}
summ() { python3 -c 'import json,sys
d = json.load(sys.stdin); k = d["timing"]["kernel_ms"]; c = d["check"]
print("%.4f (%.4f-%.4f) check %.1e %s" % (k["median"], k["min"], k["max"], c["rel_l2"], c["passed"]))'; }
for args in "--shape 16384,1024 --axes 1" "--shape 256,256,256" "--shape 512,512,512" "--shape 1000,768" "--shape 512,512,512 --real" "--shape 4096,1024 --axes 1" "--shape 65536,256 --axes 1" "--shape 8192,2048 --axes 1"; do
  for t in ${TILES:-none 1024 2048 4096}; do
    if [ "$t" = none ]; then unset JITFFT_X_TILE; else export JITFFT_X_TILE=$t; fi
    # shellcheck disable=SC2086
    r=$($BIN fft $args --repeat 20 --check --json 2>>"$OUT/err.txt" | summ)
    echo "$args tile=$t: $r" | tee -a "$OUT/tile.txt"
  done
done
