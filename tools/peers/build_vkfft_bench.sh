#!/usr/bin/env bash
# Builds tools/peers/vkfft_cl_bench.c (VkFFT's OpenCL backend; issue 44's VkFFT column) against
# a VkFFT checkout: VkFFT is header only (MIT), fetched by the caller, not kept in this repo.
#   tools/peers/build_vkfft_bench.sh VKFFT_DIR OUT_BINARY
# VKFFT_DIR holds vkFFT/vkFFT.h (e.g. a clone of github.com/DTolm/VkFFT at v1.3.4).
set -euo pipefail
dir=${1:?VKFFT_DIR}; out=${2:?OUT_BINARY}
[ -f "$dir/vkFFT/vkFFT.h" ] || { echo "no vkFFT/vkFFT.h under $dir" >&2; exit 2; }
cc -O2 -std=gnu11 -w -I "$dir/vkFFT" -o "$out" "$(dirname "$0")/vkfft_cl_bench.c" -lOpenCL -lm
echo "built $out"
