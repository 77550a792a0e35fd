#!/usr/bin/env bash
# Runs several GPU scripts in one device call, each into its own folder under $OUT, with a
# time limit each, and packs every folder into one tarball (the device returns at most 8 files).
# Usage: OUT=dir tools/gpu/gpu_all.sh "name:seconds:script [VAR=value ...]" ...
set -uo pipefail
. "$(dirname "$0")/lib.sh"
for spec in "$@"; do
  name=${spec%%:*}; rest=${spec#*:}; secs=${rest%%:*}; cmd=${rest#*:}
  mkdir -p "$OUT/$name"
  start=$(date +%s)
  env OUT="$OUT/$name" timeout "$secs" bash -c "$cmd" > "$OUT/$name/stdout.txt" 2>&1
  echo "$name: exit $? after $(( $(date +%s) - start )) s (limit $secs s): $cmd" >> "$OUT/summary.txt"
done
tar czf "$OUT/results.tar.gz" -C "$OUT" $(for spec in "$@"; do echo "${spec%%:*}"; done)
