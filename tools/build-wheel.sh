#!/usr/bin/env bash
# Builds the Python wheel into dist/: abi3 (one wheel for CPython ≥ 3.8), manylinux_2_28,
# then checks it with `auditwheel show` (fails unless the wheel is manylinux_2_28 or older).
#
# No docker: maturin links with zig (the `ziglang` PyPI package, pinned by setup.sh --python)
# against glibc 2.28's symbols. GMP (rug) is built from C by gmp-mpfr-sys with the host's cc
# and linked statically; only its libc calls reach the final link, which zig resolves.
# libOpenCL: maturin's repair step bundles the ICD loader found at build time (ocl-icd) as
# jitfft.libs/libOpenCL-<hash>.so.1, as pyopencl's wheels do: the loader reads
# /etc/OpenCL/vendors/*.icd at run time, so whatever driver the user has (NVIDIA, PoCL, Intel,
# ROCm) is found, and users need no libOpenCL.so.1 of their own (see docs/python.md).
#
# The build uses its own target directory (target/wheel: zig as linker changes every crate's
# fingerprint, so sharing target/ would rebuild both ways). Usage: tools/build-wheel.sh
set -euo pipefail
cd "$(dirname "$0")/.."
venv="$PWD/.venv-python"
[ -x "$venv/bin/maturin" ] && [ -x "$venv/bin/auditwheel" ] || tools/setup.sh --python
export PATH="$venv/bin:$PATH"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target/wheel}"
mkdir -p dist
rm -f dist/jitfft-*.whl
maturin build --release --zig --compatibility manylinux_2_28 \
  --manifest-path python/Cargo.toml -o dist
whl=$(ls dist/jitfft-*.whl)
report=$(auditwheel show "$whl")
echo "$report"
tag=$(echo "$report" | tr -s ' \n' ' ' | grep -o 'platform tag: "manylinux_2_[0-9]*' | grep -o '[0-9]*$' || true)
if [ -z "$tag" ] || [ "$tag" -gt 28 ]; then
  echo "build-wheel.sh: $whl is not manylinux_2_28 or older (auditwheel: manylinux_2_${tag:-?})" >&2
  exit 1
fi
echo "build-wheel.sh: $whl (manylinux_2_$tag per auditwheel)"
