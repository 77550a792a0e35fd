#!/usr/bin/env bash
# Intel's offline GPU compiler `ocloc` (Intel compute-runtime 22.43 with IGC 1.0.12504, as
# Debian 12 packages it) for `jitfft stats --target tgllp|dg2|pvc|…`. Called by
# tools/setup-offline.sh (`tools/setup.sh --offline-compilers`), or run directly.
#
# The packages are fetched with `apt-get download` (apt checks them against the signed archive
# index), each is checked once more against the sha256 pinned below, and unpacked with
# `dpkg -x` into $JITFFT_OFFLINE_DIR (default ~/.cache/jitfft/offline)/intel: nothing is
# installed system-wide, and intel-opencl-icd's ICD file is dropped, so no OpenCL loader ever
# sees this runtime. LLVM 14's libraries come along the same way (IGC links them).
# Result: $dir/intel/bin/ocloc (a wrapper that sets LD_LIBRARY_PATH) and $dir/intel/VERSION.
# Idempotent: a second run downloads nothing.
set -euo pipefail

dir="${JITFFT_OFFLINE_DIR:-$HOME/.cache/jitfft/offline}/intel"
say() { echo "offline/intel.sh: $*" >&2; }

VERSION="intel-opencl-icd 22.43.24595.41-1 (IGC 1.0.12504.6-1+deb12u1)"
# package=version sha256 (Debian 12 "bookworm", amd64)
PKGS=(
  "intel-opencl-icd=22.43.24595.41-1 698b08ffaec1da7821daad3965e78b1667a5e6f268fa7ccfaae24fb35c30dd08"
  "libigc1=1.0.12504.6-1+deb12u1 148106ff69329fb1bd0dbab83814bdd8563edee6a7c2097dc21d00e9c3818dc2"
  "libigdfcl1=1.0.12504.6-1+deb12u1 f36ec860a03e84764f77a6b8f1b445188fe75de635a07162c966bcfdcac6eb8b"
  "libigdgmm12=22.3.3+ds1-1 9591d6be5d624422ae58b9bba0e013bd6dbdd1f1420d60de4eb2cd1186f2f44a"
  "libllvmspirvlib14=14.0.0-5 d58720cf148a8880a75618a606bfe125ff88beb1dde129b431dea5be69b60b33"
  "libopencl-clang14=14.0.0-4 cda693c0b761dd12a5e8019c2d8b965542b1deb457ae9f2522f329b5a2e70c4b"
  "libllvm14=1:14.0.6-12 cd986403cfe53f47c41b80667f6b344c40fe35de4c5081dad9358b4c77cf64a8"
  "libclang-cpp14=1:14.0.6-12 964b13d74e9aece340cde93fecd2a2f18dd63afcb707a797ce7b39d430a01c46"
)

if [ -f "$dir/.complete" ] && [ "$(cat "$dir/VERSION" 2>/dev/null)" = "$VERSION" ]; then
  say "ocloc: $VERSION (already in $dir)"
  exit 0
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# As root, apt would drop to its _apt user, who cannot write into a private mktemp folder.
sandbox=()
[ "$(id -u)" -eq 0 ] && sandbox=(-o APT::Sandbox::User=root)
specs=()
for p in "${PKGS[@]}"; do specs+=("${p% *}"); done
say "downloading ${specs[*]} (about 47 MB, once)"
if ! (cd "$tmp" && apt-get download -qq "${sandbox[@]}" "${specs[@]}" >&2); then
  say "apt-get download failed: is this Debian 12 (bookworm) with its main archive? (run apt-get update)"
  exit 1
fi
rm -rf "$dir.partial" && mkdir -p "$dir.partial"
for p in "${PKGS[@]}"; do
  name="${p%%=*}" sha="${p#* }"
  deb="$(ls "$tmp/${name}_"*.deb)"
  got="$(sha256sum "$deb" | cut -d' ' -f1)"
  [ "$got" = "$sha" ] || { say "$deb: sha256 $got, pinned $sha"; exit 1; }
  dpkg -x "$deb" "$dir.partial/root"
done
# The ICD file would make this runtime an OpenCL platform if anyone pointed a loader here.
rm -rf "$dir.partial/root/etc"
lib="$dir/root/usr/lib/x86_64-linux-gnu"
# ocloc dlopen()s the ISA disassembler as libiga64.so (no version suffix).
ln -sf libiga64.so.1 "$dir.partial/root/usr/lib/x86_64-linux-gnu/libiga64.so"
mkdir -p "$dir.partial/bin"
cat >"$dir.partial/bin/ocloc" <<WRAP
#!/bin/sh
# ocloc from $VERSION, unpacked here by tools/offline/intel.sh
LD_LIBRARY_PATH="$lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}" exec "$dir/root/usr/bin/ocloc" "\$@"
WRAP
chmod +x "$dir.partial/bin/ocloc"
echo "$VERSION" >"$dir.partial/VERSION"
rm -rf "$dir" && mv "$dir.partial" "$dir"
# Smoke test: one kernel for Tiger Lake (Xe-LP).
printf '__kernel void k(__global float *x) { x[get_global_id(0)] *= 2.0f; }\n' >"$tmp/k.cl"
"$dir/bin/ocloc" compile -q -file "$tmp/k.cl" -device tgllp -out_dir "$tmp/out" >&2 \
  || { say "ocloc does not run from $dir"; exit 1; }
touch "$dir/.complete"
say "ocloc: $VERSION in $dir"
