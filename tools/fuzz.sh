#!/usr/bin/env bash
# Fuzzes jitfft's byte parsers with libFuzzer (cargo-fuzz, nightly): the .npy readers, truth
# text, integer text (mul operands, field constants, sizes, memory caps) and the wisdom JSON,
# each for SECONDS (default 25; docs/testing.md: the CI run and the longer one). The corpus
# grows under fuzz/corpus/<target> (ignored by git), seeded from fuzz/seeds/<target> and
# tests/data/regressions; a crash is saved under fuzz/artifacts/<target> and fails the run.
# Usage: tools/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-25}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(npy truth_text integer_text wisdom_json)
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked --version 0.13.2
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
# Safe Rust parsers: coverage-guided without AddressSanitizer (-s none) builds and runs
# several times faster; the first `run` builds every target with the same flags.
log=$(mktemp)
for t in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$t"
  echo "fuzz $t: ${secs} s"
  if ! cargo +nightly fuzz run -O -s none "$t" "fuzz/corpus/$t" "fuzz/seeds/$t" tests/data/regressions -- \
    -max_total_time="$secs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    echo "fuzz $t found a failure: the input is under fuzz/artifacts/$t" >&2
    exit 1
  fi
  grep -E '^stat::(number_of_executed_units|new_units_added)' "$log" || true
done
