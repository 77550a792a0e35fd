# tools/gpu/lib.sh: the preamble every GPU-host script shares. Source it first:
#     . "$(dirname "$0")/lib.sh"
# It sets:
#   OUT     the results folder: required (`OUT=dir tools/gpu/<script>.sh`), created, made absolute
#   BIN     the jitfft binary: JITFFT_BIN, else the old names BIN and JITFFT (gpu_gfp.sh and
#           gpu_ntt*.sh read those once), else target/release/jitfft; exported as JITFFT_BIN so
#           scripts called from this one use the same binary
#   HERE    this folder (tools/gpu), to call the other scripts, ../peers and ../reports
#   REPORT_FLAT  tools/report_flat.py: a `--json` report's sections merged on one line (the
#           scripts' JSON Lines rows read fields such as kernel_ms by name)
#   COMMIT  the commit to record: JITFFT_COMMIT (the GPU host has no .git), else git, else unknown
#   JITFFT_CACHE_DIR  the program cache, /tmp/jitfft-cache unless set (scripts that need a fresh
#           cache set their own after sourcing)
# and applies the NVIDIA ICD fix: containers often ship libnvidia-opencl.so.1 without an ICD
# file, so where no /etc/OpenCL/vendors/*.icd exists and OCL_ICD_VENDORS is unset it writes one to
# /tmp/icd and points OCL_ICD_VENDORS at it. `gpu_env LINE…` prints the head of env.txt.
# shellcheck shell=bash

OUT=${OUT:?set OUT to a new results folder}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
BIN=${JITFFT_BIN:-${BIN:-${JITFFT:-target/release/jitfft}}}
export JITFFT_BIN=$BIN
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPORT_FLAT="$HERE/../report_flat.py"
COMMIT=${JITFFT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
export JITFFT_CACHE_DIR=${JITFFT_CACHE_DIR:-/tmp/jitfft-cache}
if ! ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1 && [ -z "${OCL_ICD_VENDORS:-}" ]; then
  mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
fi

# The head of env.txt: date, commit, each argument on its own line (the command with its
# settings), and the GPU's name, driver and memory (nvidia-smi; its error text where there is none).
gpu_env() {
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: $COMMIT"
  local line
  for line in "$@"; do echo "$line"; done
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1 | head -3
}
