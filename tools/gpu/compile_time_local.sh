#!/usr/bin/env bash
# Compile time of generated VC programs without a GPU: NVIDIA's OpenCL compiler is an LLVM
# front end feeding ptxas, so clang (OpenCL C → PTX for nvptx64, the sass_local.sh shim for the
# built-ins) then ptxas -arch=sm_90 -v (registers, spills) reproduces where a program's build
# time goes. Prints one line per size: clang s, ptxas s, PTX lines, max registers, spills.
# Usage: tools/gpu/compile_time_local.sh "31:5 29:5 11:8" [--max-work-group 1024 …extra source flags]
# Tools: clang-15 (Debian), ptxas from the nvidia-cuda-nvcc-cu12 wheel in SASS_VENV
# (default /tmp/sass-venv; installed on first use, nothing system-wide).
set -uo pipefail
SIZES=${1:?usage: compile_time_local.sh \"p:n …\" [source vc flags]}
shift
BIN=${JITFFT_BIN:-target/release/jitfft}
V=${SASS_VENV:-/tmp/sass-venv}
if [ ! -x "$V/bin/python" ]; then
  python3 -m venv "$V" && "$V/bin/pip" install -q nvidia-cuda-nvcc-cu12
fi
PTXAS=$(find "$("$V/bin/python" -c 'import nvidia; print(nvidia.__path__[0])')" -name ptxas -type f | head -1)
HERE=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
# The shim of sass_local.sh (the built-ins clang's nvptx target lacks).
sed -n "/^cat > \"\$work\/shim.h\" <<'EOF'$/,/^EOF$/p" "$HERE/sass_local.sh" | sed '1d;$d' > "$work/shim.h"
printf '%-7s %-34s %8s %8s %9s %5s %s\n' size flags clang_s ptxas_s ptx_lines regs spills
for s in $SIZES; do
  p=${s%:*}; n=${s#*:}
  "$BIN" source vc --p "$p" --n "$n" "$@" > "$work/k.cl" 2>/dev/null || { echo "$s: source failed"; continue; }
  t0=$(date +%s.%N)
  timeout 300 clang-15 -x cl -cl-std=CL1.2 -target nvptx64-nvidia-cuda -march=sm_86 -O3 -S \
    -Xclang -finclude-default-header -include "$work/shim.h" \
    -o "$work/k.ptx" "$work/k.cl" 2> "$work/clang.err" || { echo "$s: clang failed: $(head -3 "$work/clang.err")"; continue; }
  t1=$(date +%s.%N)
  timeout 300 "$PTXAS" -arch=sm_90 -v "$work/k.ptx" -o "$work/k.cubin" > "$work/ptxas.txt" 2>&1 || echo "$s: ptxas failed or timed out"
  t2=$(date +%s.%N)
  regs=$(grep -o 'Used [0-9]* registers' "$work/ptxas.txt" | awk '{print $2}' | sort -n | tail -1)
  spills=$(grep -o '[0-9]* bytes spill stores' "$work/ptxas.txt" | awk '{s+=$1} END{print s+0}')
  printf '%-7s %-34s %8.2f %8.2f %9d %5s %s\n' "$s" "$*" "$(awk "BEGIN{print $t1 - $t0}")" "$(awk "BEGIN{print $t2 - $t1}")" \
    "$(wc -l < "$work/k.ptx")" "${regs:-?}" "${spills}B"
done
rm -rf "$work"
