#!/usr/bin/env bash
# Merged-main smoke check on the GPU: each family once, checked against the CPU reference.
set -u
mkdir -p /tmp/icd; echo libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd; export OCL_ICD_VENDORS=/tmp/icd
B=${JITFFT_BIN:-target/release/jitfft}; L=$OUT/smoke.txt
export JITFFT_CACHE_DIR=/tmp/jc
run() { echo "### jitfft $*" >> $L; timeout 60 $B "$@" >> $L 2>&1; echo "rc=$?" >> $L; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; } > $L
run vc --p 3 --n 16 --check --repeat 10
run vc --real --p 3 --n 16 --check --repeat 10
run vc --real --p 5 --n 11 --check --repeat 10
run vc --real --inverse --p 3 --n 12 --check
run vc --p 2 --n 24 --overlap --check
run vc --p 3 --n 16 --norm ortho --check --repeat 20
run vc --p 3 --n 16 --precision f16 --norm ortho --check --repeat 20
run vc --p 5 --n 10 --precision bf16 --norm ortho --check --repeat 20
run vc --real --p 3 --n 16 --precision f16 --norm ortho --check --repeat 20
run vc --real --p 3 --n 16 --stream --check
run vc --real --inverse --p 5 --n 9 --stream --check
run vc --p 3 --n 14 --stream --check
run wht --size 2^24 --check
run ntt --field bn254-fr --log-n 16 --check
run gfp --prime p3 --size 2^16 --seed 1 --check
run mul --bits 4194304 --seed 1 --check
grep -c "rc=0" $L; grep "rc=[1-9]" -B3 $L | head -40
