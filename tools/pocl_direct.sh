#!/usr/bin/env bash
# The PoCL variants of bench-results/pocl-cpu-peers/direct.jsonl, timed directly (repo root).
set -u
OUT=bench-results/pocl-cpu-peers
: > $OUT/direct.jsonl
run() { echo "{\"args\": \"$*\", \"report\": $(target/release/jitfft vc "$@" --check --random 7 --repeat 5 --device cpu --json | tr -d '\n')}" >> $OUT/direct.jsonl; }
for a in "--algo ct --radix 9 --coeffs literal" "--algo cg --radix 9 --coeffs literal" "--algo fused"; do run --p 3 --n 14 $a; done
for a in "--algo ct --radix 16 --coeffs literal" "--algo cg --radix 16 --coeffs literal" "--algo fused" "--algo fused --fused-digits 5"; do run --p 4 --n 11 $a; done
for a in "--algo ct --radix 16 --coeffs literal" "--algo ct --radix 8 --coeffs literal" "--algo cg --radix 16 --coeffs literal" "--algo fused" "--algo fused --fused-digits 10"; do run --p 2 --n 22 $a; done
