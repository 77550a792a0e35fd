#!/usr/bin/env bash
# whtf16 GPU call 2: every wht row with the new binary (980f80b), main's (3ff7798) f16 rows, and two variants.
B=.carry-whtf16; R=$OUT/r; mkdir -p $R
export REPEAT=20
OUT=$R/new PARTS="wht copy" JITFFT_BIN=$B/jitfft JITFFT_COMMIT=980f80b timeout 100 bash $B/real.sh >/dev/null 2>&1
OUT=$R/old PARTS="wht" ROWS=f16 JITFFT_BIN=$B/jitfft-main JITFFT_COMMIT=3ff7798 timeout 35 bash $B/real.sh >/dev/null 2>&1
OUT=$R/new13 PARTS="wht" ROWS=4096 WHT_ARGS="--local-bytes 33792" JITFFT_BIN=$B/jitfft JITFFT_COMMIT=980f80b timeout 20 bash $B/real.sh >/dev/null 2>&1
OUT=$R/r64 PARTS="wht" ROWS=f16 JITFFT_CL_OPTIONS="-cl-nv-maxrregcount=64" JITFFT_BIN=$B/jitfft JITFFT_COMMIT=980f80b timeout 35 bash $B/real.sh >/dev/null 2>&1
tar czf $OUT/r.tgz -C $OUT r
for d in new old new13 r64; do echo "== $d"; grep -E "^\| .wht|^- .wht" $R/$d/README.md; done
grep -h error $R/*/log.txt | head
