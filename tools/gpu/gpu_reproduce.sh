#!/usr/bin/env bash
# Issue 3 on a GPU host: `jitfft reproduce all` (the paper's Tables 1-3) on the GPU, plus a
# `bench` sweep of variants (CT/CG, const-first/literal, radix p and p^2).
# Usage (GPU host, repo root, release binary present, no Rust needed):
#   OUT=dir tools/gpu/gpu_reproduce.sh
# Writes 8 files into $OUT:
#   env.txt            date, commit, nvidia-smi, which ptxas/cuobjdump/nvdisasm
#   log.txt            stderr of the runs
#   table1.md table2.md table3.md   the three tables (copies from the results folder)
#   reproduce.tar.gz   the whole results folder <device-slug>/table{1,2,3}.{md,json}, SVGs, bench plots
#   bench-p3.csv bench-p4.csv   the bench sweeps (rewritten after every point, so kept on timeout);
#                      their Markdown, JSON and SVG plots are in the tar
set -uo pipefail
. "$(dirname "$0")/lib.sh"
export JITFFT_CACHE_DIR=/tmp/jitfft-cache
# Results files state the commit; the host may have the tree without .git.
export JITFFT_COMMIT=$COMMIT
RES=/tmp/jitfft-reproduce
rm -rf "$RES" && mkdir -p "$RES/plots"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: $JITFFT_COMMIT"
  echo "command: OUT=\$OUT tools/gpu/gpu_reproduce.sh"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1 | head -3
  for t in ptxas cuobjdump nvdisasm; do echo "$t: $(command -v $t || echo 'not on PATH')"; done
  echo "cpus: $(nproc)"
} > "$OUT/env.txt"

echo "== reproduce all --device gpu" > "$OUT/log.txt"
timeout 330 "$BIN" reproduce all --device gpu --out-dir "$RES" >> "$OUT/log.txt" 2>&1
echo "reproduce exit: $?" >> "$OUT/log.txt"
for t in 1 2 3; do
  f=$(ls "$RES"/*/table$t.md 2>/dev/null | head -1)
  [ -n "$f" ] && cp "$f" "$OUT/table$t.md"
done

# One sweep per p (their paper ranges, extended down), each under its own time limit.
for spec in "3 8..16 3,9" "4 6..13 4,16"; do
  set -- $spec
  echo "== bench --p $1 --n $2 --radix $3 --device gpu" >> "$OUT/log.txt"
  timeout 110 "$BIN" bench --p "$1" --n "$2" --algo ct,cg --coeffs const-first,literal --radix "$3" \
    --device gpu --min-repeats 3 --min-time 0.1 \
    --export-csv "$OUT/bench-p$1.csv" --export-markdown "$RES/bench-p$1.md" --export-json "$RES/bench-p$1.json" --plots "$RES/plots" \
    >> "$OUT/log.txt" 2>&1
  echo "bench p=$1 exit: $? (124: stopped by timeout; the files keep every point measured)" >> "$OUT/log.txt"
done

tar czf "$OUT/reproduce.tar.gz" -C "$RES" .
echo "done: $(date -u +%FT%TZ)" >> "$OUT/env.txt"
