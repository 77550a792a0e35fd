#!/usr/bin/env bash
# Issue 35 on one GPU, every number from one run: the real Walsh–Hadamard transform
# (`jitfft wht`, f32 and f16 storage) against the copy rate measured in the same process
# (`wht --bandwidth`) and against jitfft's complex path of the same size; the R2C rows
# (`rvc …`) give the complex path and torch.fft.rfftn (cuFFT R2C) only: `vc --real` is not
# on this branch yet, and the table says so.
# Rows (README.md): rvc 3^16 f32, rvc 5^11 f32, wht 2^28 f32, wht 2^28 f16, wht 4096 x 2^14 f16,
# wht 2^20 x 2^10 f32. Each wht row: kernel time from profiling events (median/min/max of
# REPEAT runs after a warm-up), bytes moved (passes × read + write of the array), GB/s and % of
# the copy rate, per pass too (in the JSON); the same run is checked (`--check`, f64 CPU).
# f16 rows use --norm ortho (unscaled 2^28-point sums of random rows can pass 65504).
# Usage (repo root, release binary present):  OUT=dir tools/gpu/real.sh
# QUICK=2: the rvc rows at 3^13 and 5^9 (CPU devices; no wht rows).
# Settings: PARTS (default "torch rvc complex wht": which steps run, in that order; "irvc"
# adds `vc --real --inverse` on the rvc rows; "copy"
# instead of "wht" measures only the copy rate, one `wht --bandwidth` run), REPEAT (20), QUICK=1 (tiny sizes: a PoCL dry run; torch skipped where absent,
# numpy.fft.rfftn timed instead on a CPU device), DEVICE (a --device selector), JITFFT_BIN,
# JITFFT_COMMIT, PYTHON (python3), RVC_EXTRA, ROWS (an extended regex: only the wht rows whose
# label matches run, e.g. ROWS=f16), WHT_ARGS (extra arguments of every wht run, e.g.
# "--local-bytes 33792").
# Writes: env.txt, log.txt, runs.jsonl (one JSON report a run, labelled), torch.json,
# README.md (the table, also printed).
set -uo pipefail
OUT=${OUT:?set OUT to a new results folder}
mkdir -p "$OUT"
BIN=${JITFFT_BIN:-target/release/jitfft}
PY=${PYTHON:-python3}
if ! ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1 && [ -z "${OCL_ICD_VENDORS:-}" ]; then
  mkdir -p /tmp/icd && echo libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd && export OCL_ICD_VENDORS=/tmp/icd
fi
export JITFFT_CACHE_DIR=${JITFFT_CACHE_DIR:-/tmp/jitfft-cache}
REPEAT=${REPEAT:-20}
QUICK=${QUICK:-0}
PARTS=${PARTS:-torch rvc complex wht}
# Extra arguments of the vc --real runs (e.g. "--algo fused" on a CPU device, whose default is ct).
RVC_EXTRA=${RVC_EXTRA:-}
TORCH_TIMEOUT=${TORCH_TIMEOUT:-60}
has() { [[ " $PARTS " == *" $1 "* ]]; }
DEV=()
[ -n "${DEVICE:-}" ] && DEV=(--device "$DEVICE")
# label | jitfft arguments (row sizes; QUICK=1 keeps the shapes' kind at toy sizes)
if [ "$QUICK" = 2 ]; then
  # CPU devices (PoCL): the rvc rows at 3^13 and 5^9, against scipy.fft.rfftn.
  WHT_ROWS=""
  CPLX_ROWS="rvc 3^16 f32|--p 3 --n 13
rvc 5^11 f32|--p 5 --n 9"
  RFFT_SHAPES="rvc 3^16 f32:3:13 rvc 5^11 f32:5:9"
  COPY_ARGS="--size 2^22"
elif [ "$QUICK" = 1 ]; then
  WHT_ROWS="wht 2^28 f32|--size 2^16 --precision f32
wht 2^28 f16|--size 2^16 --precision f16 --norm ortho
wht 4096 x 2^14 f16|--size 2^10 --batch 16 --precision f16 --norm ortho
wht 2^20 x 2^10 f32|--size 2^10 --batch 64 --precision f32"
  CPLX_ROWS="rvc 3^16 f32|--p 3 --n 8
rvc 5^11 f32|--p 5 --n 5
wht 2^28 f32|--p 2 --n 16"
  RFFT_SHAPES="rvc 3^16 f32:3:8 rvc 5^11 f32:5:5"
  COPY_ARGS="--size 2^16"
else
  WHT_ROWS="wht 2^28 f32|--size 2^28 --precision f32
wht 2^28 f16|--size 2^28 --precision f16 --norm ortho
wht 4096 x 2^14 f16|--size 2^14 --batch 4096 --precision f16 --norm ortho
wht 2^20 x 2^10 f32|--size 2^10 --batch 1048576 --precision f32"
  CPLX_ROWS="rvc 3^16 f32|--p 3 --n 16
rvc 5^11 f32|--p 5 --n 11
wht 2^28 f32|--p 2 --n 28"
  RFFT_SHAPES="rvc 3^16 f32:3:16 rvc 5^11 f32:5:11"
  COPY_ARGS="--size 2^27"
fi
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: ${JITFFT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "command: OUT=$OUT REPEAT=$REPEAT QUICK=$QUICK DEVICE=${DEVICE:-} $0"
  nvidia-smi 2>/dev/null | head -15 || true
  "$BIN" devices 2>&1
} > "$OUT/env.txt"
: > "$OUT/runs.jsonl"
run() { # label kind args…: one JSON report into runs.jsonl, or an error line
  local label=$1 kind=$2; shift 2
  local js
  if js=$("$BIN" "$@" "${DEV[@]}" --json 2>>"$OUT/log.txt"); then
    "$PY" -c 'import json,sys; r=json.loads(sys.argv[3]); print(json.dumps({"row":sys.argv[1],"kind":sys.argv[2],"report":r}))' \
      "$label" "$kind" "$js" >> "$OUT/runs.jsonl"
  else
    echo "{\"row\": \"$label\", \"kind\": \"$kind\", \"error\": \"exit $? (see log.txt)\"}" >> "$OUT/runs.jsonl"
  fi
  echo "== $label ($kind): $*" >> "$OUT/log.txt"
}
# cuFFT R2C through torch (device-resident, CUDA events), else numpy.fft.rfftn on the host.
has torch && timeout "$TORCH_TIMEOUT" "$PY" - "$REPEAT" $RFFT_SHAPES > "$OUT/torch.json" 2>>"$OUT/log.txt" <<'PYEOF'
import json, sys, time
rep = int(sys.argv[1]); shapes = " ".join(sys.argv[2:]).split(" rvc ")
out = []
try:
    import torch
    cuda = torch.cuda.is_available()
except Exception:
    torch, cuda = None, False
import numpy as np
for spec in shapes:
    spec = spec if spec.startswith("rvc") else "rvc " + spec
    label, p, n = spec.rsplit(":", 2)
    shape = (int(p),) * int(n)
    x = np.random.default_rng(1).standard_normal(shape).astype(np.float32)
    ts = []
    if cuda:
        d = torch.from_numpy(x).cuda()
        torch.fft.rfftn(d); torch.cuda.synchronize()
        for _ in range(rep):
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record(); torch.fft.rfftn(d); b.record(); torch.cuda.synchronize()
            ts.append(a.elapsed_time(b))
        who = "torch.fft.rfftn (cuFFT R2C), CUDA events, device-resident, " + torch.__version__
    else:
        try:
            import scipy, scipy.fft as f
            who = f"scipy.fft.rfftn on the host (workers=-1), wall clock, scipy {scipy.__version__}"
            run = lambda: f.rfftn(x, workers=-1)
        except Exception:
            who = "numpy.fft.rfftn on the host (pocketfft), wall clock, numpy " + np.__version__
            run = lambda: np.fft.rfftn(x)
        run()
        for _ in range(rep):
            t = time.perf_counter(); run(); ts.append((time.perf_counter() - t) * 1e3)
    ts.sort()
    out.append({"row": label, "who": who, "median_ms": ts[len(ts) // 2], "min_ms": ts[0], "max_ms": ts[-1]})
print(json.dumps(out, indent=1))
PYEOF
# jitfft's real path (vc --real) on the rvc rows: the complex rows' sizes.
has rvc && while IFS='|' read -r label args; do
  case $label in rvc*) ;; *) continue ;; esac
  # shellcheck disable=SC2086
  run "$label" real vc --real $args $RVC_EXTRA --precision f32 --check --repeat "$REPEAT" --seed 37
done <<< "$CPLX_ROWS"
# …and its inverse (irfftn) on the same sizes.
has irvc && while IFS='|' read -r label args; do
  case $label in rvc*) ;; *) continue ;; esac
  # shellcheck disable=SC2086
  run "$label" real-inverse vc --real --inverse $args $RVC_EXTRA --precision f32 --check --repeat "$REPEAT" --seed 37
done <<< "$CPLX_ROWS"
has complex && while IFS='|' read -r label args; do
  # The complex path of the wht row's size only beside the wht rows.
  case $label in rvc*) ;; *) has wht || continue ;; esac
  # shellcheck disable=SC2086
  run "$label" complex vc $args --precision f32 --check --repeat "$REPEAT" --seed 37
done <<< "$CPLX_ROWS"
has wht && while IFS='|' read -r label args; do
  [[ $label =~ ${ROWS:-.} ]] || continue
  # shellcheck disable=SC2086
  run "$label" wht wht $args ${WHT_ARGS:-} --check --bandwidth --repeat "$REPEAT" --seed 35
done <<< "$WHT_ROWS"
# shellcheck disable=SC2086
has copy && run "copy" copy wht $COPY_ARGS --bandwidth --repeat 5 --seed 35
"$PY" - "$OUT" > "$OUT/README.md" <<'PYEOF'
import json, sys
out = sys.argv[1]
runs = [json.loads(l) for l in open(f"{out}/runs.jsonl") if l.strip()]
try:
    peers = {p["row"]: p for p in json.load(open(f"{out}/torch.json"))}
except Exception:
    peers = {}
env = open(f"{out}/env.txt").read().splitlines()
print("# Real-input transforms (issue 35)\n")
print("\n".join("    " + l for l in env[:3]) + "\n")
print("| row | kernel ms median (min, max) | passes | bytes moved | GB/s | % of copy | check rel. L2 | jitfft complex path ms | cuFFT R2C / peer ms |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
rows = ["rvc 3^16 f32", "rvc 5^11 f32", "wht 2^28 f32", "wht 2^28 f16", "wht 4096 x 2^14 f16", "wht 2^20 x 2^10 f32"]
def get(row, kind):
    return next((r for r in runs if r["row"] == row and r["kind"] == kind), None)
COPY = next((r["report"]["details"].get("copy_gbs") for r in runs if r["kind"] in ("wht", "copy") and "report" in r and r["report"].get("details", {}).get("copy_gbs")), None)
def kms(r):
    k = r["report"]["timing"]["kernel_ms"]
    return k
for row in rows:
    w, cx = get(row, "wht"), get(row, "complex")
    cplx = "–"
    if cx and "report" in cx:
        t = cx["report"].get("timing", cx["report"]).get("kernel_ms", {})
        cplx = f'{t.get("median", float("nan")):.4f}' if isinstance(t, dict) else str(t)
    elif cx:
        cplx = cx["error"]
    peer = f'{peers[row]["median_ms"]:.4f}' if row in peers else "–"
    if row.startswith("rvc"):
        rv = get(row, "real")
        if not rv or "report" not in rv:
            print(f"| `{row}` | failed: {rv['error'] if rv else 'not run'} | | | | | | {cplx} | {peer} |")
            continue
        r = rv["report"]; k = r["timing"]["kernel_ms"]; t = r["plan"]
        gbs = r["timing"]["effective_gbps"]
        pct = f"{100 * gbs / COPY:.0f}% of {COPY:.0f} GB/s" if COPY else "–"
        chk = f'{r["check"]["rel_l2"]:.2e}' if r.get("check") else "–"
        print(f'| `{row}` | {k["median"]:.4f} ({k["min"]:.4f}, {k["max"]:.4f}) | {len(t["kernels"])} | {t["pass_bytes"]} | {gbs:.0f} | {pct} | {chk} | {cplx} | {peer} |')
        iv = get(row, "real-inverse")
        if iv and "report" in iv:
            r = iv["report"]; k = r["timing"]["kernel_ms"]; t = r["plan"]
            gbs = r["timing"]["effective_gbps"]
            pct = f"{100 * gbs / COPY:.0f}% of {COPY:.0f} GB/s" if COPY else "–"
            chk = f'{r["check"]["rel_l2"]:.2e}' if r.get("check") else "–"
            print(f'| `{row}` inverse (irfftn) | {k["median"]:.4f} ({k["min"]:.4f}, {k["max"]:.4f}) | {len(t["kernels"])} | {t["pass_bytes"]} | {gbs:.0f} | {pct} | {chk} | – | – |')
        continue
    if not w or "report" not in w:
        print(f"| `{row}` | failed: {w['error'] if w else 'not run'} | | | | | | {cplx} | {peer} |")
        continue
    r = w["report"]; k = r["run"]["kernel_ms"]; n = len(r["passes"])
    moved = r["bytes_per_pass"] * n
    gbs = moved / (k["median"] * 1e-3) / 1e9
    copy = r.get("copy_gbs")
    pct = f"{100 * gbs / copy:.0f}% of {copy:.0f} GB/s" if copy else "–"
    chk = f'{r["check"]["rel_l2"]:.2e}' if r.get("check") else "–"
    print(f'| `{row}` | {k["median"]:.4f} ({k["min"]:.4f}, {k["max"]:.4f}) | {n} | {moved} | {gbs:.0f} | {pct} | {chk} | {cplx} | {peer} |')
if any("QUICK=2" in l for l in env):
    print("\nQUICK=2: the rvc rows' runs are 3^13 and 5^9 (a CPU device), under the rows' names.")
if any("QUICK=1" in l for l in env):
    print("\nQUICK=1: a dry run at toy sizes under the rows' names (each run's size is in runs.jsonl: "
          "plan.log_n, plan.batch); not the rows' figures.")
for p in peers.values():
    print(f'\nPeer `{p["row"]}`: {p["who"]}.')
print("\nPer pass (ms, % of copy):\n")
for row in rows[:2]:
  for kind in ("real", "real-inverse"):
    rv = get(row, kind)
    if rv and "report" in rv and COPY:
        r = rv["report"]; t = r["transform"]
        parts = [f'{k} {ms:.4f} ms, {b / 1e6:.0f} MB, {100 * b / (ms * 1e6) / COPY:.0f}%'
                 for k, ms, b in zip(t["kernels"], r["timing"]["pass_ms"], t["pass_bytes_each"])]
        print(f"- `{row}` (vc --real{' --inverse' if kind != 'real' else ''}): " + "; ".join(parts))
for row in rows:
    w = get(row, "wht")
    if w and "report" in w:
        r = w["report"]; copy = r.get("copy_gbs") or float("nan")
        regs = r.get("registers") or [None] * len(r["passes"])
        parts = [f'bits [{p["shift"]}, {p["shift"] + p["bits"]}) {ms:.4f} ms {100 * g / copy:.0f}%'
                 + (f' ({p["per_item"] and 1 << (p["bits"] + p["inner"] - p["per_item"])} work-items, {rg} registers)' if rg else '')
                 for p, ms, g, rg in zip(r["passes"], r["run"]["pass_ms"], r["pass_gbs"], regs)]
        print(f"- `{row}`: " + "; ".join(parts))
PYEOF
cat "$OUT/README.md"
