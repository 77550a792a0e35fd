#!/usr/bin/env bash
# The PoCL variants of bench-results/pocl-cpu/current/peers/direct.jsonl, timed directly.
# Usage (repo root, release binary built): OUT=dir tools/peers/pocl_direct.sh
# Writes $OUT/direct.jsonl (one `vc --json` report a line, with its arguments); refuses to
# replace an existing one.
set -u
OUT=${OUT:?set OUT to a new results folder}
mkdir -p "$OUT"
[ -e "$OUT/direct.jsonl" ] && { echo "pocl_direct.sh: $OUT/direct.jsonl exists; choose a new OUT" >&2; exit 1; }
: > "$OUT/direct.jsonl"
run() { echo "{\"args\": \"$*\", \"report\": $(${JITFFT_BIN:-target/release/jitfft} vc "$@" --check --random 7 --repeat 5 --device cpu --json | python3 "$(dirname "$0")/../report_flat.py")}" >> "$OUT/direct.jsonl"; }
for a in "--algo ct --radix 9 --coeffs literal" "--algo cg --radix 9 --coeffs literal" "--algo fused"; do run --p 3 --n 14 $a; done
for a in "--algo ct --radix 16 --coeffs literal" "--algo cg --radix 16 --coeffs literal" "--algo fused" "--algo fused --fused-digits 5"; do run --p 4 --n 11 $a; done
for a in "--algo ct --radix 16 --coeffs literal" "--algo ct --radix 8 --coeffs literal" "--algo cg --radix 16 --coeffs literal" "--algo fused" "--algo fused --fused-digits 10"; do run --p 2 --n 22 $a; done
