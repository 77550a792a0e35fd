#!/usr/bin/env bash
# Installs one extra OpenCL implementation for jitfft's tests and benchmarks (called by
# `tools/setup.sh --intel|--oclgrind|--rusticl`, or directly) and prints, on stdout, the
# `export` lines that select it; everything else goes to stderr, so
#   eval "$(tools/setup-ocl.sh --intel)"
# sets up the current shell. None of them becomes a system-wide ICD: each gets its own vendors
# folder under ~/.cache/jitfft (or $JITFFT_OCL_HOME), so the default device stays PoCL (or a GPU).
#
#   --intel     Intel's OpenCL CPU runtime from PyPI wheels (intel-opencl-rt, its compiler
#               runtime intel-cmplr-lib-rt and tbb), pinned, each wheel checked against its
#               sha256. The wheels' own .icd file names a build path that does not exist, so we
#               write our own. Exports: OCL_ICD_VENDORS (a folder with PoCL's and Intel's ICD
#               files, PoCL first) and LD_LIBRARY_PATH (the runtime's lib folder).
#   --oclgrind  Debian's oclgrind (21.10) from apt. Exports JITFFT_OCLGRIND_VENDORS (a folder
#               holding only oclgrind's ICD); tests/oclgrind_kernels.rs runs it through the
#               `oclgrind` launcher, so no export is needed to use it.
#   --rusticl   Mesa's Rusticl (mesa-opencl-icd) on llvmpipe. Exports OCL_ICD_VENDORS (PoCL and
#               Rusticl) and RUSTICL_ENABLE=llvmpipe.
# Idempotent: a second run downloads and installs nothing and prints the same lines.
set -euo pipefail

home="${JITFFT_OCL_HOME:-$HOME/.cache/jitfft}"
say() { echo "setup-ocl.sh: $*" >&2; }

apt_install() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { say "need root or sudo to install: ${missing[*]}"; exit 1; }
    sudo="sudo"
  fi
  say "installing ${missing[*]}"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# PoCL's ICD file, copied into each vendors folder so PoCL stays visible (and first).
pocl_icd() {
  local dir="$1"
  if [ -f /etc/OpenCL/vendors/pocl.icd ]; then
    cp /etc/OpenCL/vendors/pocl.icd "$dir/10-pocl.icd"
  fi
}

# Pinned Intel wheels: name==version and the sha256 of the manylinux_2_28 x86_64 wheel (PyPI).
INTEL_VER=2026.2.0
INTEL_WHEELS=(
  "intel-opencl-rt==$INTEL_VER 6b6215a420598b4999ee01caca6d5cbe106aa4155c46c52377619c5aafce9f67"
  "intel-cmplr-lib-rt==$INTEL_VER 9f713083073a820d2496a6da8e8d4f3482aba6640f74521d25ea48dcebe72748"
  "tbb==2023.2.0 7d80615b6e970f11671fa05b6eaa9483ac864fbfe525ac280271a78b37870b7c"
)

setup_intel() {
  local dir="$home/intel-ocl-$INTEL_VER"
  if [ ! -f "$dir/.complete" ]; then
    command -v unzip >/dev/null || apt_install unzip
    local py
    py="$(command -v python3 || true)"
    [ -n "$py" ] && "$py" -m pip --version >/dev/null 2>&1 || { say "--intel needs python3 with pip (to download the wheels)"; exit 1; }
    local tmp
    tmp="$(mktemp -d)"
    : >"$tmp/req.txt"
    for w in "${INTEL_WHEELS[@]}"; do
      echo "${w% *} --hash=sha256:${w#* }" >>"$tmp/req.txt"
    done
    say "downloading Intel's OpenCL CPU runtime $INTEL_VER (about 270 MB, once)"
    # --require-hashes: pip refuses any wheel whose sha256 differs from the pinned one.
    "$py" -m pip download --quiet --no-deps --require-hashes --only-binary=:all: \
      --platform manylinux_2_28_x86_64 -r "$tmp/req.txt" -d "$tmp/wheels" >&2
    rm -rf "$dir.partial" && mkdir -p "$dir.partial/lib" "$dir.partial/vendors"
    for whl in "$tmp"/wheels/*.whl; do
      # Only the shared libraries and the compiler's data files (lib/); the wheel's own ICD
      # loader (libOpenCL.so*) is left out so the system's ocl-icd stays the loader.
      unzip -q -o -j "$whl" '*.data/data/lib/*' -d "$dir.partial/lib"
    done
    rm -f "$dir.partial"/lib/libOpenCL.so*
    rm -rf "$tmp" "$dir"
    mv "$dir.partial" "$dir"
    touch "$dir/.complete"
  fi
  local lib="$dir/lib"
  pocl_icd "$dir/vendors"
  echo "$lib/libintelocl.so" >"$dir/vendors/20-intel-cpu.icd"
  echo "export OCL_ICD_VENDORS=$dir/vendors"
  echo "export LD_LIBRARY_PATH=$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
}

setup_oclgrind() {
  apt_install oclgrind
  local dir="$home/oclgrind-icd"
  mkdir -p "$dir"
  echo /usr/lib/oclgrind/liboclgrind-rt-icd.so >"$dir/oclgrind.icd"
  echo "export JITFFT_OCLGRIND_VENDORS=$dir"
}

setup_rusticl() {
  apt_install mesa-opencl-icd
  local dir="$home/rusticl-icd"
  mkdir -p "$dir"
  pocl_icd "$dir"
  echo libRusticlOpenCL.so.1 >"$dir/20-rusticl.icd"
  echo "export OCL_ICD_VENDORS=$dir"
  echo "export RUSTICL_ENABLE=llvmpipe"
}

[ $# -ge 1 ] || { say "usage: setup-ocl.sh --intel|--oclgrind|--rusticl"; exit 2; }
for flag in "$@"; do
  case "$flag" in
    --intel) setup_intel ;;
    --oclgrind) setup_oclgrind ;;
    --rusticl) setup_rusticl ;;
    *) say "unknown flag $flag (allowed: --intel --oclgrind --rusticl)"; exit 2 ;;
  esac
done
