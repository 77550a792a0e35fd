#!/usr/bin/env bash
# Installs the offline GPU compilers that `jitfft stats --target` and
# `jitfft reproduce table1 --target` use (no GPU needed; called by
# `tools/setup.sh --offline-compilers`, or directly):
#   AMD   Debian's clang-19 (apt; its R600 backend compiles for Evergreen / Northern Islands,
#         its AMDGPU backend for GCN / CDNA / RDNA) and libclc-19's builtins. libclc is
#         unpacked (`dpkg -x`, packages fetched by apt, which checks them against the signed
#         archive index) into $JITFFT_OFFLINE_DIR (default ~/.cache/jitfft/offline)/libclc-19,
#         not installed: Debian's libclc-N packages all own /usr/lib/clc and conflict, and
#         Mesa's Rusticl (setup.sh --rusticl) needs libclc-15 there.
#   Intel and NVIDIA: tools/offline/intel.sh and tools/offline/nvidia.sh, when present.
# Idempotent: a second run installs nothing. Nothing is registered system-wide (no ICD).
set -euo pipefail

LLVM_MAJOR=19
dir="${JITFFT_OFFLINE_DIR:-$HOME/.cache/jitfft/offline}"
say() { echo "setup-offline.sh: $*" >&2; }

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { say "need root or sudo to install clang-$LLVM_MAJOR"; exit 1; }
  sudo="sudo"
fi
updated=""
apt_update() {
  [ -n "$updated" ] && return 0
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  updated=1
}

if ! dpkg-query -W -f='${Status}' "clang-$LLVM_MAJOR" 2>/dev/null | grep -q 'install ok installed'; then
  say "installing clang-$LLVM_MAJOR (apt)"
  apt_update
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "clang-$LLVM_MAJOR" >&2
fi

clc="$dir/libclc-$LLVM_MAJOR"
if [ ! -f "$clc/.complete" ]; then
  say "unpacking libclc-$LLVM_MAJOR into $clc"
  apt_update
  tmp="$(mktemp -d)"
  # As root, apt would drop to its _apt user, who cannot write into a private mktemp folder.
  sandbox=()
  [ "$(id -u)" -eq 0 ] && sandbox=(-o APT::Sandbox::User=root)
  (cd "$tmp" && apt-get download -qq "${sandbox[@]}" "libclc-$LLVM_MAJOR" "libclc-$LLVM_MAJOR-dev" >&2)
  rm -rf "$clc.partial" && mkdir -p "$clc.partial"
  for deb in "$tmp"/*.deb; do
    dpkg -x "$deb" "$clc.partial"
    echo "$(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version)" >>"$clc.partial/.versions"
  done
  rm -rf "$tmp"
  [ -f "$clc.partial/usr/lib/clc/cypress-r600--.bc" ] && [ -f "$clc.partial/usr/include/clc/clc.h" ] \
    || { say "libclc-$LLVM_MAJOR has no cypress-r600--.bc or clc.h"; exit 1; }
  touch "$clc.partial/.complete"
  rm -rf "$clc" && mv "$clc.partial" "$clc"
fi
say "AMD: $(clang-$LLVM_MAJOR --version | head -1); libclc: $(paste -sd, "$clc/.versions")"

here="$(cd "$(dirname "$0")" && pwd)"
for vendor in intel nvidia; do
  if [ -x "$here/offline/$vendor.sh" ]; then
    "$here/offline/$vendor.sh"
  fi
done
