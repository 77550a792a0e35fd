#!/usr/bin/env bash
# NVIDIA's PTX assembler without a GPU, for `jitfft stats --target sm_70|…|sm_90`. Called by
# tools/setup-offline.sh (`tools/setup.sh --offline-compilers`), or run directly.
#
#   ptxas     from PyPI's nvidia-cuda-nvcc-cu12 wheel (CUDA 12.9: the last release that still
#             assembles for sm_70; CUDA 13 dropped Volta)
#   nvdisasm  from PyPI's nvidia-cuda-nvdisasm wheel (CUDA 13.2, the oldest on PyPI; it
#             disassembles sm_75 and newer, not sm_70)
# Both wheels pinned by sha256 (pip --require-hashes) and unpacked (only the two executables)
# into $JITFFT_OFFLINE_DIR (default ~/.cache/jitfft/offline)/nvidia/bin, with VERSION beside.
# OpenCL C → PTX is clang-19's nvptx64 backend with libclc-19's nvptx64 builtins, which
# tools/setup-offline.sh installs (clang-19 from apt, libclc-19 unpacked into the same cache).
# Idempotent: a second run downloads nothing. Nothing is registered system-wide.
set -euo pipefail

dir="${JITFFT_OFFLINE_DIR:-$HOME/.cache/jitfft/offline}/nvidia"
say() { echo "offline/nvidia.sh: $*" >&2; }

NVCC_VER=12.9.86
NVDISASM_VER=13.2.51
VERSION="ptxas $NVCC_VER (nvidia-cuda-nvcc-cu12), nvdisasm $NVDISASM_VER (nvidia-cuda-nvdisasm)"
WHEELS=(
  "nvidia-cuda-nvcc-cu12==$NVCC_VER 5d6a0d32fdc7ea39917c20065614ae93add6f577d840233237ff08e9a38f58f0"
  "nvidia-cuda-nvdisasm==$NVDISASM_VER 5a7acf77c55d6d2911ed6155d4d5bc156ffadf9df7a68a89b0c1155f4b13688c"
)

if [ -f "$dir/.complete" ] && [ "$(cat "$dir/VERSION" 2>/dev/null)" = "$VERSION" ]; then
  say "$VERSION (already in $dir)"
else
  py="$(command -v python3 || true)"
  [ -n "$py" ] && "$py" -m pip --version >/dev/null 2>&1 || { say "needs python3 with pip (to download the wheels)"; exit 1; }
  command -v unzip >/dev/null || { say "needs unzip (apt-get install unzip)"; exit 1; }
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  : >"$tmp/req.txt"
  for w in "${WHEELS[@]}"; do echo "${w% *} --hash=sha256:${w#* }" >>"$tmp/req.txt"; done
  say "downloading ptxas $NVCC_VER and nvdisasm $NVDISASM_VER wheels (about 45 MB, once)"
  # --require-hashes: pip refuses any wheel whose sha256 differs from the pinned one.
  "$py" -m pip download --quiet --no-deps --require-hashes --only-binary=:all: \
    --platform manylinux2014_x86_64 -r "$tmp/req.txt" -d "$tmp/wheels" >&2
  rm -rf "$dir.partial" && mkdir -p "$dir.partial/bin"
  unzip -q -o -j "$tmp"/wheels/nvidia_cuda_nvcc_cu12-*.whl 'nvidia/cuda_nvcc/bin/ptxas' -d "$dir.partial/bin"
  unzip -q -o -j "$tmp"/wheels/nvidia_cuda_nvdisasm-*.whl '*/bin/nvdisasm' -d "$dir.partial/bin"
  chmod +x "$dir.partial/bin/ptxas" "$dir.partial/bin/nvdisasm"
  "$dir.partial/bin/ptxas" --version >/dev/null || { say "ptxas does not run"; exit 1; }
  echo "$VERSION" >"$dir.partial/VERSION"
  touch "$dir.partial/.complete"
  rm -rf "$dir" && mv "$dir.partial" "$dir"
  say "$VERSION in $dir"
fi

# The front end (installed by tools/setup-offline.sh): say so when it is missing.
clc="$(dirname "$dir")/libclc-19/usr/lib/clc/nvptx64--nvidiacl.bc"
command -v clang-19 >/dev/null || say "note: clang-19 is missing (tools/setup-offline.sh installs it)"
[ -f "$clc" ] || say "note: $clc is missing (tools/setup-offline.sh unpacks libclc-19)"
