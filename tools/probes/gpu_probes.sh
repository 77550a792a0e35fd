#!/usr/bin/env bash
# Issue 4, session 4: the C probes behind the 3^16 two-pass question, in one device call.
#   cl_local_probe     how much local memory a work-group really gets (dynamic and static);
#   cl_l2_probe        whether two launches over an L2-sized chunk share it through L2;
#   cl_pipeline_probe  one work-group per SM with 3^9 tiles: plain against cp.async prefetch.
# Usage: OUT=dir tools/probes/gpu_probes.sh   (REPEAT, default 20)
set -uo pipefail
OUT=${OUT:?set OUT}
mkdir -p "$OUT"
if [ -z "${OCL_ICD_VENDORS:-}" ] && ! ls /etc/OpenCL/vendors/nvidia*.icd >/dev/null 2>&1; then
  mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
fi
here=$(dirname "$0")
for probe in cl_local_probe cl_l2_probe cl_pipeline_probe; do
  cc -O2 -o "/tmp/$probe" "$here/$probe.c" -lOpenCL -lm || exit 1
  (timeout 200 "/tmp/$probe" ${REPEAT:-20}; echo "exit $?") 2>&1 | tee "$OUT/${probe#cl_}.txt"
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/env.txt"
