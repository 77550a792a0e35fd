#!/usr/bin/env bash
# Issue 6 follow-up: the default `ntt` on an NVIDIA host (no --limbs/--arith: PTX, 32-bit
# limbs) and the two levers that helped alone (--elems 4, --max-radix 256) combined, BN254 Fr.
# Usage (repo root, release binary present): OUT=dir tools/gpu/gpu_ntt_combo.sh
# Writes: combo.txt (one line per run: flags, N, kernel median/min/max ms, check), runs.jsonl.
set -u
. "$(dirname "$0")/lib.sh"
J=$BIN
{ echo "date: $(date -u +%FT%TZ) commit: $COMMIT"; echo "command: OUT=\$OUT tools/gpu/gpu_ntt_combo.sh"; } > "$OUT/combo.txt"
: > "$OUT/runs.jsonl"
for flags in "" "--elems 4" "--max-radix 256" "--elems 4 --max-radix 256" "--elems 4 --max-radix 512"; do
  for l in ${SIZES:-20 21 22 24}; do
    chk=""; [ "$l" -le 22 ] && chk=--check
    # shellcheck disable=SC2086
    if timeout 120 "$J" ntt --field bn254-fr --log-n "$l" $flags --random "$l" $chk --repeat ${REPEAT:-10} --device gpu --json > /tmp/combo.json 2>> "$OUT/combo.txt"; then
      tr -d '\n' < /tmp/combo.json >> "$OUT/runs.jsonl"; echo >> "$OUT/runs.jsonl"
      python3 - "$flags" "$l" >> "$OUT/combo.txt" <<'PY'
import json, sys
r = json.load(open("/tmp/combo.json"))
r = {**r["details"], **r["timing"], **r["plan"], "check": r.get("check")} if "timing" in r else r
k = r["kernel_ms"]
c = r.get("check")
ok = "-" if not c else ("ok" if c.get("ok") else "FAIL")
print("%-28s 2^%s limbs %s arith %s  kernel %.4f ms (min %.4f max %.4f)  check %s" % (sys.argv[1] or "(default)", sys.argv[2], r.get("limb_bits"), r.get("arith"), k["median"], k["min"], k["max"], ok))
PY
    else
      echo "${flags:-(default)} 2^$l FAILED" >> "$OUT/combo.txt"
    fi
  done
done
