#!/usr/bin/env bash
# Issue 4, session 4: fused VC passes under a local-memory budget above what NVIDIA's OpenCL
# reports (48 KB; static __local arrays up to 227 KB build and run: tools/probes/cl_local_probe.c).
# 3^16 in 2 passes (3^9 tiles) and 3 passes, 4^13 by default, each at 48 KB, 96 KB (halves
# without resident digits) and 320 KB (whole tiles in one buffer), checked against the f64
# reference. Usage: OUT=dir tools/gpu/gpu_local_budget.sh   (JITFFT_BIN, JITFFT_COMMIT, REPEAT)
set -uo pipefail
. "$(dirname "$0")/lib.sh"
here=$(dirname "$0")
SIZES="3:16" LIMIT=120 OUT=$OUT/p3 VARIANTS="d9-48k||--fused-digits 9;d9-96k|JITFFT_FUSED_LOCAL_BYTES=98304|--fused-digits 9;d9-whole|JITFFT_FUSED_LOCAL_BYTES=320000|--fused-digits 9;d8-48k||--fused-digits 8;d8-whole|JITFFT_FUSED_LOCAL_BYTES=320000|--fused-digits 8" \
  "$here/gpu_variants.sh" > /dev/null 2>&1
SIZES="4:13" LIMIT=120 OUT=$OUT/p4 VARIANTS="def-48k||;def-96k|JITFFT_FUSED_LOCAL_BYTES=98304|;def-whole|JITFFT_FUSED_LOCAL_BYTES=320000|" \
  "$here/gpu_variants.sh" > /dev/null 2>&1
cat "$OUT/p3/table.txt" "$OUT/p4/table.txt"
