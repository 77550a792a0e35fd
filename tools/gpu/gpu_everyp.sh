#!/usr/bin/env bash
# Issue 14 (every p first-class) on an NVIDIA host, in one run under a time limit:
#  1. `devices --bandwidth` (the copy rate);
#  2. for every p in {2..16, 17, 19, 23, 29, 31} at the largest n with p^n ≤ 2^28, and the
#     earlier sizes 3^12, 3^16, 4^13: the default plan (fresh program cache, no wisdom)
#     `vc --check --json --repeat $REPEAT`;
#  3. torch.fft.fftn (cuFFT) for the same sizes (tools/peers/peer_cufft.py);
#  4. `stats vc` (codelet counts, ptxas registers/spills) for p = 5, 7, 11, 13;
#  5. while time is left: the default plan with the device's work-group maximum
#     (JITFFT_KERNEL_WG=device, unchecked, p ≥ 5), the default plan with pair-form codelets for
#     the primes with Rader codelets (5, 13, 17, 19, 29, 31; JITFFT_CODELET=pair, unchecked),
#     then `tune vc` per size under JITFFT_TUNE_SECONDS (fused candidates first); p = 5, 7 first;
#  6. the summary table (tools/reports/everyp_report.py): size, default, tuned, cuFFT, ratio,
#     passes, floor (passes × one copy), % of copy, rel. L2, and the earlier sizes against
#     bench-results/nvidia-h100/current.
# Usage (repo root):  OUT=dir tools/gpu/gpu_everyp.sh
# Settings: REPEAT (20), REPEAT_VARIANT (5: the unchecked variants), TUNE_S (5: seconds of
# candidates per size), LIMIT_S (440: no new optional step after this many seconds), DEVICE
# (gpu), QUICK=1 (tiny sizes, any device, for a check of the script on PoCL), SIZES ("p:n …",
# replaces the sweep), STEPS ("default cufft stats wg pair tune": a second call may run, say,
# STEPS=tune for the sizes the first call's time limit left out).
# Writes (8 files): env.txt, bandwidth.json, default.jsonl, wgdevice.jsonl, pair.jsonl,
# cufft.json, SUMMARY.md, extra.tar.gz (tune_<p>_<n>.json, stats_<p>.txt, log.txt).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
QUICK=${QUICK:-0}
REPEAT=${REPEAT:-20}
TUNE_S=${TUNE_S:-5}
LIMIT_S=${LIMIT_S:-440}
REPEAT_VARIANT=${REPEAT_VARIANT:-5}
STEPS=${STEPS:-"default cufft stats wg pair tune"}
want() { case " $STEPS " in *" $1 "*) return 0;; esac; return 1; }
if [ "$QUICK" = 1 ]; then
  DEVICE=${DEVICE:-}
  DEFAULT_SIZES="2:8 3:5 4:4 5:3 6:3 7:2 8:2 9:2 10:2 11:2 12:2 13:2 14:2 15:2 16:2 17:2 19:1 23:1 29:1 31:2"
  REPEAT=3 TUNE_S=1 REPEAT_VARIANT=2
else
  DEVICE=${DEVICE:-gpu}
  DEFAULT_SIZES=$(python3 -c '
for p in list(range(2, 17)) + [17, 19, 23, 29, 31]:
    n = 1
    while p ** (n + 1) <= 1 << 28:
        n += 1
    print("%d:%d" % (p, n), end=" ")
print("3:12 3:16 4:13")')
fi
SIZES=${SIZES:-$DEFAULT_SIZES}
DEV=()
[ -n "$DEVICE" ] && DEV=(--device "$DEVICE")
# Fresh program cache; defaults read no wisdom; tune writes its own file.
export JITFFT_CACHE_DIR=/tmp/jitfft-cache-everyp
rm -rf "$JITFFT_CACHE_DIR" /tmp/jitfft-everyp-nowisdom.json /tmp/jitfft-everyp-tuned.json
NOWISDOM=/tmp/jitfft-everyp-nowisdom.json
WORK=$(mktemp -d)
LOG="$WORK/log.txt"
{
  gpu_env "command: QUICK=$QUICK REPEAT=$REPEAT REPEAT_VARIANT=$REPEAT_VARIANT TUNE_S=$TUNE_S LIMIT_S=$LIMIT_S STEPS=\"$STEPS\" DEVICE=$DEVICE SIZES=\"$SIZES\" OUT=\$OUT tools/gpu/gpu_everyp.sh"
} > "$OUT/env.txt"
step() { echo "== [$(date -u +%T) +${SECONDS}s] $*" >> "$LOG"; }

step "devices --bandwidth"
timeout 60 "$BIN" devices --bandwidth --json > "$OUT/bandwidth.json" 2>> "$LOG"

: > "$OUT/default.jsonl"
for s in $SIZES; do
  want default || break
  p=${s%:*}; n=${s#*:}
  [ "$SECONDS" -gt $((LIMIT_S + 20)) ] && { step "time limit: defaults skipped from $s on"; break; }
  step "default: vc --p $p --n $n --check --repeat $REPEAT ${DEV[*]}"
  JITFFT_WISDOM=$NOWISDOM timeout 120 "$BIN" vc --p "$p" --n "$n" --check --random 7 \
    --repeat "$REPEAT" "${DEV[@]}" --json 2>> "$LOG" | python3 "$REPORT_FLAT" >> "$OUT/default.jsonl"
  echo >> "$OUT/default.jsonl"
done

if want cufft; then
  step "cuFFT"
  CUSIZES=$(echo $SIZES | sed 's/:/^/g; s/ /,/g')
  timeout 150 python3 "$HERE/../peers/peer_cufft.py" --sizes "$CUSIZES" --repeats "$REPEAT" \
    --out "$OUT/cufft.json" >> "$LOG" 2>&1 || echo "cuFFT peer failed (no torch/CUDA?)" >> "$LOG"
fi

for p in 5 7 11 13; do
  want stats || break
  s=$(for x in $SIZES; do [ "${x%:*}" = "$p" ] && echo "$x"; done | head -1)
  [ -z "$s" ] && continue
  step "stats vc --p $p --n ${s#*:}"
  JITFFT_WISDOM=$NOWISDOM timeout 60 "$BIN" stats vc --p "$p" --n "${s#*:}" "${DEV[@]}" \
    > "$WORK/stats_$p.txt" 2>> "$LOG"
done

# Optional steps while time is left (LIMIT_S): the default plan with the device's work-group
# maximum for p ≥ 5 (session 3 timed p = 2, 3, 4), the pair-form codelets for the Rader primes,
# then `tune` per size; p = 5 and 7 first.
ORDERED=$(for x in $SIZES; do case ${x%:*} in 5|7) echo "$x";; esac; done
          for x in $SIZES; do case ${x%:*} in 5|7) ;; *) echo "$x";; esac; done)
left() { if [ "$SECONDS" -gt "$LIMIT_S" ]; then step "time limit: $1 skipped from $2 on"; return 1; fi; }
variant() { # variant FILE ENV=value p n
  local file=$1 env=$2 p=$3 n=$4
  step "$env vc --p $p --n $n --repeat $REPEAT_VARIANT"
  env "$env" JITFFT_WISDOM=$NOWISDOM timeout 60 "$BIN" vc --p "$p" --n "$n" --random 7 \
    --repeat "$REPEAT_VARIANT" "${DEV[@]}" --json 2>> "$LOG" | python3 "$REPORT_FLAT" >> "$OUT/$file"
  echo >> "$OUT/$file"
}
: > "$OUT/wgdevice.jsonl"
: > "$OUT/pair.jsonl"
if want wg; then
  for s in $ORDERED; do
    p=${s%:*}; n=${s#*:}
    [ "$p" -ge 5 ] || continue
    left wg-device "$s" || break
    variant wgdevice.jsonl JITFFT_KERNEL_WG=device "$p" "$n"
  done
fi
if want pair; then
  for s in $ORDERED; do
    p=${s%:*}; n=${s#*:}
    case $p in 5|13|17|19|29|31) ;; *) continue;; esac
    left pair "$s" || break
    variant pair.jsonl JITFFT_CODELET=pair "$p" "$n"
  done
fi
if want tune; then
  for s in $ORDERED; do
    p=${s%:*}; n=${s#*:}
    left tune "$s" || break
    step "tune vc --p $p --n $n (JITFFT_TUNE_SECONDS=$TUNE_S)"
    JITFFT_WISDOM=/tmp/jitfft-everyp-tuned.json JITFFT_TUNE_SECONDS=$TUNE_S timeout $((TUNE_S + 60)) \
      "$BIN" tune vc --p "$p" --n "$n" --repeat 10 "${DEV[@]}" --json > "$WORK/tune_${p}_${n}.json" 2>> "$LOG"
  done
fi
step "summary"
SIZES="$SIZES" python3 "$HERE/../reports/everyp_report.py" "$OUT" "$WORK" > "$OUT/SUMMARY.md" 2>> "$LOG"
step "done"
tar -C "$WORK" -czf "$OUT/extra.tar.gz" .
rm -rf "$WORK"
echo "done: $(date -u +%FT%TZ) (${SECONDS}s)" >> "$OUT/env.txt"
cat "$OUT/SUMMARY.md"
