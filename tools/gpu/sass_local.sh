#!/usr/bin/env bash
# Static SASS of a generated OpenCL program without a GPU (how docs/history/2026-11-22-ntt-montgomery.md counted):
# clang-15 compiles the OpenCL C to PTX (nvptx64, a shim for the built-ins the generators use),
# ptxas (sm_90) assembles it, cuobjdump disassembles; prints registers/spills and, per kernel,
# the instruction count by opcode. NVIDIA's OpenCL front end may differ a little; ptxas is the
# same program. Tools: clang-15 (Debian), ptxas/cuobjdump/nvdisasm from PyPI wheels in a venv.
# Usage: tools/gpu/sass_local.sh file.cl [sm_90]
#   e.g. target/release/jitfft source ntt --field bn254-fr --log-n 20 --arith ptx --limbs 32 > /tmp/k.cl
#        tools/gpu/sass_local.sh /tmp/k.cl
set -euo pipefail
f=${1:?usage: tools/gpu/sass_local.sh file.cl [arch]}
arch=${2:-sm_90}
V=${SASS_VENV:-/tmp/sass-venv}
if [ ! -x "$V/bin/python" ]; then
  python3 -m venv "$V"
  "$V/bin/pip" install -q nvidia-cuda-nvcc-cu12 nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm
fi
B=$("$V/bin/python" -c 'import nvidia, os; print(os.path.dirname(nvidia.__path__[0] + "/x"))')
PATH="$(dirname "$(find "$B" -name ptxas -type f | head -1)"):$(dirname "$(find "$B" -name cuobjdump -type f | head -1)"):$PATH"
export PATH
work=$(mktemp -d)
cat > "$work/shim.h" <<'EOF'
#define get_local_id(d) ((size_t)__nvvm_read_ptx_sreg_tid_x())
#define get_group_id(d) ((size_t)__nvvm_read_ptx_sreg_ctaid_x())
#define get_global_id(d) ((size_t)__nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x())
#define barrier(f) __syncthreads()
#define get_global_offset(d) ((size_t)0)
static inline __attribute__((overloadable)) ulong shim_mulhi(ulong a, ulong b) { ulong r; __asm__("mul.hi.u64 %0, %1, %2;" : "=l"(r) : "l"(a), "l"(b)); return r; }
static inline __attribute__((overloadable)) uint shim_mulhi(uint a, uint b) { uint r; __asm__("mul.hi.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r; }
#define mul_hi shim_mulhi
static inline __attribute__((overloadable)) uint shim_max(uint a, uint b) { return a > b ? a : b; }
static inline __attribute__((overloadable)) int shim_max(int a, int b) { return a > b ? a : b; }
static inline __attribute__((overloadable)) uint shim_min(uint a, uint b) { return a < b ? a : b; }
static inline __attribute__((overloadable)) int shim_min(int a, int b) { return a < b ? a : b; }
#define max shim_max
#define min shim_min
static inline uint shim_atomic_min(volatile __global uint *p, uint v) { uint r; __asm__ volatile("atom.global.min.u32 %0, [%1], %2;" : "=r"(r) : "l"(p), "r"(v) : "memory"); return r; }
#define atomic_min shim_atomic_min
static inline __attribute__((overloadable)) float shim_fmin(float a, float b) { return __builtin_fminf(a, b); }
static inline __attribute__((overloadable)) double shim_fmin(double a, double b) { return __builtin_fmin(a, b); }
static inline __attribute__((overloadable)) float shim_fmax(float a, float b) { return __builtin_fmaxf(a, b); }
static inline __attribute__((overloadable)) double shim_fmax(double a, double b) { return __builtin_fmax(a, b); }
#define fmin shim_fmin
#define fmax shim_fmax
#define asm __asm__
EOF
clang-15 -x cl -cl-std=CL1.2 -target nvptx64-nvidia-cuda -march=sm_86 -O3 -S \
  -Xclang -finclude-default-header -include "$work/shim.h" -mllvm -inline-threshold=100000 \
  -o "$work/k.ptx" "$f"
ptxas -arch="$arch" -v "$work/k.ptx" -o "$work/k.cubin" 2>&1 | grep -E "Compiling|registers|spill"
cuobjdump -sass "$work/k.cubin" 2>/dev/null > "$work/k.sass"
awk '/Function :/{fn=$3} /^ +\/\*[0-9a-f]+\*\/ /{op=$2; if(op ~ /^@/) op=$3; sub(/\..*/,"",op); sub(/;/,"",op);
     if(op=="NOP") next; n[fn]++; c[fn" "op]++}
     END{for(k in n) print k, "total", n[k]; for(k in c) print k, c[k]}' "$work/k.sass" | sort -k1,1 -k3,3nr
rm -rf "$work"
