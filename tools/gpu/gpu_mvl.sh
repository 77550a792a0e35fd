#!/usr/bin/env bash
# Issues 13 and 14 (batched part) on an NVIDIA host, beside torch (cuFFT) in the same run:
# (a) 2^20 ternary functions of 4 variables (uint8 .npy (2^20, 81), written here by python:
#     random, every 8th row a bent function x1x2 + x3x4 + affine) classified by `jitfft bent`:
#     kernel time (target ≤ 0.1 ms) and end to end from host memory (≤ 10 ms); verdicts checked;
# (b) 3^16 from a uint8 truth vector, spectrum written (`vc --truth`): kernel (≤ 0.65 ms) and the
#     upload against the complex upload of the same transform (≤ 1/8);
# (c) batched VC: 2^20 transforms of 3^4 (≤ 0.55 ms) and 2^14 of 2^10 (≤ 0.11 ms), --check
#     (f32 rel. L2 ≤ 2e-6), against the copy rate (`devices --bandwidth`) and torch fftn.
# Usage (repo root, release binary present):  OUT=dir tools/gpu/gpu_mvl.sh
# Settings: PER_ITEM_WG ("32 128 256 off split:16 split:32 split:64": bent's per-item work-group
# sizes to time, `off` the tile kernel, `split:R` p work-items a function, R functions a group), QUICK=1 (tiny sizes, runs on PoCL; torch skipped where absent), REPEAT (20),
# VALUES_3 ("9 3") and VALUES_2 ("8"): extra --fused-values runs of the batched p = 3 / p = 2 sizes,
# DEVICE (a --device selector; default: jitfft's default device), JITFFT_BIN, JITFFT_COMMIT.
# Writes: env.txt, log.txt, bandwidth.json, bent.jsonl, truth.jsonl, batched.jsonl, torch.json,
# summary.txt (also printed).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
REPEAT=${REPEAT:-20}
QUICK=${QUICK:-0}
DEV=()
[ -n "${DEVICE:-}" ] && DEV=(--device "$DEVICE")
if [ "$QUICK" = 1 ]; then
  BENT_B=1024; TRUTH_N=8; BATCHED="1024:3:4 64:2:10"; QFLAG=--quick
else
  BENT_B=1048576; TRUTH_N=16; BATCHED="1048576:3:4 16384:2:10"; QFLAG=
fi
# Batched runs: the default fused plan, then work-items holding fewer values (more work-items a
# tile, longer contiguous runs a load), one line each.
VALUES_3=${VALUES_3:-"9 3"}
VALUES_2=${VALUES_2:-"8"}
{
  gpu_env "command: QUICK=$QUICK REPEAT=$REPEAT DEVICE=${DEVICE:-} OUT=\$OUT tools/gpu/gpu_mvl.sh"
} > "$OUT/env.txt"
LOG="$OUT/log.txt"
: > "$LOG"
run() { echo "== $*" >> "$LOG"; timeout 150 "$@" 2>> "$LOG"; }
run "$BIN" devices --bandwidth --json "${DEV[@]}" > "$OUT/bandwidth.json"

# (a) bent classification
MANY=/tmp/jitfft_mvl_many.npy
python3 "$(dirname "$0")/bent_truth.py" "$BENT_B" "$MANY" >> "$LOG" 2>&1
# bent.jsonl: the default plan (verdicts written and checked), then fewer values a work-item
: > "$OUT/bent.jsonl"
for v in "" ${VALUES_3:-}; do
  if [ -z "$v" ]; then extra=(--output /tmp/jitfft_mvl_verdicts.npy); else extra=(--fused-values "$v"); fi
  run "$BIN" bent --p 3 --input "$MANY" --precision f32 --repeat "$REPEAT" "${extra[@]}" --json "${DEV[@]}" | python3 "$REPORT_FLAT" >> "$OUT/bent.jsonl"
  echo " ${v:-default}" >> "$OUT/bent.jsonl"
done
# The one-work-item-a-function kernel's work-group size (JITFFT_PER_ITEM; `off`: the tile kernel).
for w in ${PER_ITEM_WG:-}; do
  JITFFT_PER_ITEM=$w run "$BIN" bent --p 3 --input "$MANY" --precision f32 --repeat "$REPEAT" --json "${DEV[@]}" | python3 "$REPORT_FLAT" >> "$OUT/bent.jsonl"
  echo " per-item=$w" >> "$OUT/bent.jsonl"
done

# (b) 3^16 from a uint8 truth vector (spectrum written) against the complex upload
: > "$OUT/truth.jsonl"
for mode in --truth ""; do
  run "$BIN" vc --p 3 --n "$TRUTH_N" $mode --encoding roots --check --seed 7 --repeat "$REPEAT" --json "${DEV[@]}" | python3 "$REPORT_FLAT" >> "$OUT/truth.jsonl"
  echo >> "$OUT/truth.jsonl"
done

# (c) batched transforms
: > "$OUT/batched.jsonl"
for s in $BATCHED; do
  IFS=: read -r b p n <<< "$s"
  vals=VALUES_$p
  for v in "" ${!vals:-}; do
    run "$BIN" vc --p "$p" --n "$n" --batch "$b" --algo fused ${v:+--fused-values $v} --check --seed 7 --repeat "$REPEAT" --json "${DEV[@]}" | python3 "$REPORT_FLAT" >> "$OUT/batched.jsonl"
    echo >> "$OUT/batched.jsonl"
  done
done

# torch in the same run
if python3 -c "import torch; assert torch.cuda.is_available()" 2>/dev/null; then
  timeout 200 python3 "$(dirname "$0")/../peers/peer_mvl.py" $QFLAG --repeats "$REPEAT" --out "$OUT/torch.json" >> "$LOG" 2>&1
else
  echo '{"skipped": "no torch with CUDA on this host"}' > "$OUT/torch.json"
fi

python3 - "$OUT" "$BENT_B" > "$OUT/summary.txt" 2>> "$LOG" <<'PY'
import json, sys
out, B = sys.argv[1], int(sys.argv[2])
def load(name):
    try:
        return json.load(open("%s/%s" % (out, name)))
    except Exception as e:
        return {"error": str(e)}
def lines(name):
    rows = []
    for l in open("%s/%s" % (out, name)):
        l = l.strip()
        try:
            rows.append(json.loads(l) if l else {"error": "no output (see log.txt)"})
        except Exception as e:
            rows.append({"error": str(e)})
    return rows
bl = []
for l in open("%s/bent.jsonl" % out):
    js, v = (l.rsplit(" ", 1) + [""])[:2]
    try:
        bl.append((json.loads(js), v.strip()))
    except Exception as e:
        bl.append(({"error": l.strip()[:300]}, v.strip()))
b = bl[0][0] if bl else {"error": "no runs"}
# The copy rate of the device measured (the runs' "computed_on" name), not the first listed
# (with DEVICE unset `devices --bandwidth` lists every device, PoCL's CPU first on GPU hosts):
# else the fastest device listed.
bw = load("bandwidth.json")
copy, copy_dev = None, "?"
try:
    devs = bw if isinstance(bw, list) else bw.get("devices", [bw])
    devs = [d for d in devs if d.get("copy_gbs")]
    measured = b.get("computed_on", "").rsplit(" (", 1)[0]
    same = [d for d in devs if measured and (d.get("name") == measured or measured.startswith(d.get("name", "\0")))]
    pick = same[0] if same else max(devs, key=lambda d: d["copy_gbs"])
    copy, copy_dev = pick["copy_gbs"], pick.get("name", "?")
except Exception:
    pass
tj = load("torch.json")
print("copy rate (jitfft devices --bandwidth, %s): %s GB/s; torch copy %s GB/s" % (
    copy_dev, "%.0f" % copy if copy else "?", "%.0f" % tj["copy_gbs"] if "copy_gbs" in tj else "-"))
print("\n(a) bent: %d ternary functions of 4 variables (uint8)" % B)
if "kernel_ms" in b:
    print("  jitfft kernel %.4f ms (target 0.1), upload %.3f ms, end to end %.3f ms (target 10); %d bent of %d, exact=%s" % (
        b["kernel_ms"], b["upload_ms"], b["end_to_end_ms"], b["bent_count"], b["functions"], b["exact"]))
    for k in b.get("kernels", []):
        print("  kernel %s: %d pass(es); %d work-groups of %d work-items, %d function(s) a work-group, %d values a work-item%s" % (
            k["name"], b.get("passes", 1), k["work_groups"], k["work_group_size"], k["functions_per_group"],
            k["values_per_work_item"], (" (%d work-item(s) a function)" % k.get("work_items_per_function", 1)) if k.get("per_item") else ""))
    if copy:
        # copy_gbs counts bytes read plus written; the kernel reads B*81 bytes, writes 8 B a function.
        floor = B * (81 + 8) / (copy * 1e9) * 1e3
        print("  traffic %.1f MB: copy-rate floor %.4f ms -> kernel at %.0f%% of the copy rate" % (
            B * 89 / 1e6, floor, 100 * floor / b["kernel_ms"]))
    try:
        raw = open("/tmp/jitfft_mvl_verdicts.npy", "rb").read()
        hl = int.from_bytes(raw[8:10], "little"); v = raw[10 + hl:]
        planted = all(v[k] == 1 for k in range(0, B, 8))
        print("  verdicts: every planted bent row (every 8th) bent: %s; others bent: %d" % (
            planted, sum(v[k] for k in range(B) if k % 8)))
    except Exception as e:
        print("  verdicts: %s" % e)
else:
    print("  failed: %s" % b)
for r, v in bl[1:]:
    if "kernel_ms" in r:
        geo = "".join("; %s: %d work-groups of %d" % (k["name"], k["work_groups"], k["work_group_size"]) for k in r.get("kernels", []))
        what = "JITFFT_PER_ITEM=%s" % v[9:] if v.startswith("per-item=") else "--fused-values %s (tile kernel)" % v
        print("  %s: kernel %.4f ms, end to end %.3f ms, %d bent%s" % (what, r["kernel_ms"], r["end_to_end_ms"], r["bent_count"], geo))
    else:
        print("  --fused-values %s failed: %s" % (v, r))
if "bent" in tj:
    t = tj["bent"]
    print("  torch decode+fftn+abs+amin/amax: kernel %.4f ms, end to end %.3f ms" % (
        t["kernel_ms"]["median"], t["end_to_end_ms"]["median"]))
    if "kernel_ms" in b:
        print("  ratio torch/jitfft: kernel %.1fx, end to end %.1fx" % (
            t["kernel_ms"]["median"] / b["kernel_ms"], t["end_to_end_ms"]["median"] / b["end_to_end_ms"]))
tr = lines("truth.jsonl")
print("\n(b) 3^n from a uint8 truth vector, spectrum written")
if len(tr) == 2 and all("kernel_ms" in r for r in tr):
    t, c = tr
    print("  truth: kernel %.4f ms (target 0.65 at 3^16), %d passes, upload %.4f ms, rel L2 %.2e" % (
        t["kernel_ms"]["median"], t["passes"], t["upload_ms"]["median"], t["check"]["rel_l2"]))
    print("  complex: kernel %.4f ms, upload %.4f ms; upload ratio uint8/complex %.3f (target <= 0.125)" % (
        c["kernel_ms"]["median"], c["upload_ms"]["median"], t["upload_ms"]["median"] / c["upload_ms"]["median"]))
else:
    print("  failed: %s" % tr)
if "upload" in tj:
    u = tj["upload"]
    print("  torch: upload uint8 %.4f ms, complex64 %.4f ms; decode+fftn %.4f ms" % (
        u["u8_ms"]["median"], u["c64_ms"]["median"], tj["truth_fftn"]["kernel_ms"]["median"]))
print("\n(c) batched VC (f32), one pass = read + write of B*N complex64")
targets = {(3, 4): 0.55, (2, 10): 0.11}
for i, r in enumerate(lines("batched.jsonl")):
    if "kernel_ms" not in r:
        print("  failed: %s" % r); continue
    pl = r["plan"]; B2, p, n = pl["batch"], pl["p"], pl["n"]
    k = r["kernel_ms"]["median"]
    floor = 2 * B2 * p ** n * 8 / (copy * 1e9) * 1e3 if copy else float("nan")
    tt = [x for x in tj.get("batched", []) if (x["batch"], x["p"], x["n"]) == (B2, p, n)]
    ts = " torch %.4f ms (%.1fx)" % (tt[0]["kernel_ms"]["median"], tt[0]["kernel_ms"]["median"] / k) if tt else ""
    print("  %d x %d^%d%s: kernel %.4f ms (target %s), %d pass(es) %s, copy floor %.4f ms per pass -> %.0f%% of copy; rel L2 %.2e (worst transform %s);%s" % (
        B2, p, n, " values %s" % pl["fused_values"] if pl.get("fused_values") else "", k, targets.get((p, n), "-"), r["passes"], r["radices"], floor,
        100 * floor * r["passes"] / k, r["check"]["rel_l2"], r["check"].get("worst_transform"), ts))
PY
cat "$OUT/summary.txt"
echo "done: $(date -u +%FT%TZ)" >> "$OUT/env.txt"
