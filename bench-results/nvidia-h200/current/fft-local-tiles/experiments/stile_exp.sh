#!/usr/bin/env bash
# Session-22 experiment: strided fused launches' tile size (JITFFT_X_STILE), contiguous rule fixed at 1024.
BIN=${BIN:-.carry-lead/jitfft-x}
summ() { python3 -c 'import json,sys
d = json.load(sys.stdin); k = d["timing"]["kernel_ms"]; c = d["check"]
print("%.4f (%.4f-%.4f) check %.1e %s" % (k["median"], k["min"], k["max"], c["rel_l2"], c["passed"]))'; }
for args in "--shape 256,256,256" "--shape 512,512,512" "--shape 4096,4096" "--shape 2^24" "--shape 2^20" "--shape 3^15" "--shape 1000000" "--shape 2^24 --real" "--shape 2^28"; do
  for t in ${TILES:-none 2048 1024}; do
    if [ "$t" = none ]; then unset JITFFT_X_STILE; else export JITFFT_X_STILE=$t; fi
    # shellcheck disable=SC2086
    r=$(timeout 90 $BIN fft $args --repeat 20 --check --json 2>>"$OUT/err.txt" | summ)
    echo "$args stile=$t: $r" | tee -a "$OUT/stile.txt"
  done
done
