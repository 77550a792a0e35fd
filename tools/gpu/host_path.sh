#!/usr/bin/env bash
# Issue 32: what the user waits for on the host, every row of the issue's table beside its
# floor measured in the same run, in one call. Writes $OUT/README.md (a table: now / floor /
# ratio per row, rows named as in the issue), $OUT/host_path.json (every step's JSON),
# $OUT/env.txt (date, commit, command, host, driver) and $OUT/log.txt (commands, stderr).
#
# Rows and floors:
#   mul 2^20 limbs from Python       jitfft.mul(a, b) repeated (WHEEL) / `jitfft mul --json`
#                                    end to end for operands of the same size
#   VcPlan 3^16 host to host         VcPlan(3,16).execute(x, out=o) (WHEEL) / pinned floor: the
#   VcPlan 2^24 host to host         same transform uploaded from and downloaded into pinned
#                                    memory, no host copy (examples/host_path `pinned_ms`)
#   vc() repeated 3^13               jitfft.vc(x) repeated (WHEEL) / the pinned floor as above
#   stream 3^20                      `vc --p 3 --n 20 --stream`, both passes / every byte up and
#                                    down at the full-duplex rate measured on the same buffers
#                                    (A/B beside it: the same with JITFFT_STREAM_HOST=staged)
#   3^19 npy file to file in memory  `vc --input x.npy --output y.npy` (warm run's total) /
#   3^19 npy file to file streamed   the same with --stream / disk floor measured by the run
#                                    itself (`vc --json --disk-floor`: write + fdatasync and read
#                                    back of the output's bytes in its folder)
# With TOUCH_EX=examples/npy_first_touch: the first touch of a fresh host array measured apart.
#   overlap 2^24                     `vc --p 2 --n 24 --overlap` events / sequential pinned floor
# Issue 42's rows:
#   rvc 3^16 host to host            jitfft.rvc(x), x float32 (WHEEL) / `vc --real --json` pinned
#                                    upload + kernels + download; torch.fft.rfftn host → host and
#                                    the PCIe floor of this run's pinned rates in the note
#   wht 64 x 2^18 host to host       jitfft.wht(x), x float32 (64, 2^18) (WHEEL) / `wht --json`
#                                    pinned upload + kernels + download; PCIe floor in the note
#   stream 3^20 random input wall    the whole `vc --p 3 --n 20 --stream --json` process / its passes
#   3^19 npy file to file wall       the whole `vc --input x.npy --output y.npy --json` process /
#                                    numpy's np.load + np.save of the same file in the same run
# Rust rows beside them: `VcTransform … host to host (Rust)`, the library call VcPlan.execute
# makes, measured by examples/host_path (staged now; the single-memcpy path before it).
#
# Settings: OUT (required), JITFFT_BIN (default target/release/jitfft), HOST_PATH_EX (default
# target/release/examples/host_path), WHEEL (a jitfft wheel, or the extension module
# target/release/libjitfft_py.so: the Python rows; "not run" without), WORK (scratch folder for the .npy files, default /tmp/host_path_work), LIMIT
# (seconds per step, 200), QUICK=1 (small sizes: a PoCL run), ONLY (a regex: only the steps
# whose names match, e.g. '^(npy make|npy streamed)$'; the other rows read "not run"), AB=1
# (the npy rows also by the paths before, in the same call).
set -uo pipefail
: "${OUT:?set OUT=dir for the results}"
BIN=${JITFFT_BIN:-target/release/jitfft}
EX=${HOST_PATH_EX:-target/release/examples/host_path}
WORK=${WORK:-/tmp/host_path_work}
LIMIT=${LIMIT:-200}
QUICK=${QUICK:-0}
WHEEL=${WHEEL:-}
mkdir -p "$OUT" "$WORK"
export JITFFT_CACHE_DIR=${JITFFT_CACHE_DIR:-/tmp/jitfft-cache}
# On the GPU host: NVIDIA's ICD beside whatever is installed (the wheel's own loader saw only
# PoCL there once, and the Python rows silently ran on the CPU), and the GPU asked for by name
# (a missing GPU fails the step instead of measuring another device).
if [ -z "${OCL_ICD_VENDORS:-}" ] && nvidia-smi -L >/dev/null 2>&1; then
  mkdir -p /tmp/icd && cp /etc/OpenCL/vendors/*.icd /tmp/icd/ 2>/dev/null
  ls /tmp/icd/*.icd 2>/dev/null | xargs -r grep -l libnvidia-opencl >/dev/null || echo libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
  export OCL_ICD_VENDORS=/tmp/icd JITFFT_DEVICE=${JITFFT_DEVICE:-gpu}
fi
RAW="$OUT/host_path.json.lines"
LOG="$OUT/log.txt"
# REPORT_FROM=an earlier run's host_path.json: make README.md (and host_path.json) again from
# its steps with this script's report code; nothing runs (the rows' parsing fixed after a run).
if [ -n "${REPORT_FROM:-}" ]; then
  python3 -c 'import json, sys; [print(json.dumps(r)) for r in json.load(open(sys.argv[1]))["steps"].values()]' "$REPORT_FROM" > "$RAW.tmp"
  mv "$RAW.tmp" "$RAW"
else
  : > "$RAW"
  {
    echo "date: $(date -u +%FT%TZ)"
    echo "commit: ${JITFFT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
    echo "command: OUT=$OUT JITFFT_BIN=$BIN HOST_PATH_EX=$EX WHEEL=$WHEEL QUICK=$QUICK $0"
    grep -E "MemTotal|MemAvailable" /proc/meminfo
    echo "cores: $(nproc)"
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/gpu, driver: /'
  } > "$OUT/env.txt"
  { cat "$OUT/env.txt"; "$BIN" devices 2>&1; } > "$LOG"
fi

if [ "$QUICK" = 1 ]; then
  MUL_BITS=262144 VP1="3 10" VP2="2 16" VP3="5 6" VCN="3 9"
  ST="3 12" ST_CAP=1MiB NPY="3 11" OV="2 16" RV="3 10" WH="4 14" P2N=16
else
  MUL_BITS=67108864 VP1="3 16" VP2="2 24" VP3="5 10" VCN="3 13"
  ST="3 20" ST_CAP=- NPY="3 19" OV="2 24" RV="3 16" WH="64 18" P2N=24
fi

if [ -z "${REPORT_FROM:-}" ]; then

# step NAME CMD...: runs CMD (stdout: one JSON document) under the limit, records
# {"step", "rc", "wall_s", "json"} as one line of $RAW.
step() {
  local name=$1
  shift
  if [ -n "${ONLY:-}" ] && ! [[ "$name" =~ $ONLY ]]; then
    return
  fi
  local tmp t0 rc
  tmp=$(mktemp)
  echo "== $name: $*" >> "$LOG"
  t0=$(date +%s.%N)
  timeout "$LIMIT" "$@" > "$tmp" 2>> "$LOG"
  rc=$?
  python3 - "$name" "$rc" "$t0" "$tmp" >> "$RAW" <<'EOF'
import json, sys, time
name, rc, t0, path = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
text = open(path).read()
try:
    doc = json.loads(text)
except ValueError:
    doc = None
# The one report schema (docs/user-guide.md): its sections merged, as the rows read them by name.
if isinstance(doc, dict) and "details" in doc and "timing" in doc:
    doc = {**doc["details"], **doc["timing"], **{k: doc[k] for k in ("device", "transform", "plan", "check") if k in doc}}
print(json.dumps({"step": name, "rc": rc, "wall_s": time.time() - t0, "json": doc}))
EOF
  rm -f "$tmp"
}

# The Rust library path of VcPlan.execute, with its pinned floor, on three sizes.
read -r p n <<< "$VP1"; step "rust $p^$n" "$EX" "$p" "$n" 9
read -r p n <<< "$VP2"; step "rust $p^$n" "$EX" "$p" "$n" 9
read -r p n <<< "$VP3"; step "rust $p^$n" "$EX" "$p" "$n" 9
read -r p n <<< "$VCN"; step "rust $p^$n" "$EX" "$p" "$n" 9
step "mul cli" "$BIN" mul --bits "$MUL_BITS" --json

# Python rows (WHEEL): the same sizes, repeated calls, median.
if [ -n "$WHEEL" ]; then
  mkdir -p /tmp/hp_site
  case "$WHEEL" in
    # The extension module built by `cargo build --release -p jitfft-python` (no maturin).
    *.so) cp "$WHEEL" /tmp/hp_site/jitfft.abi3.so ;;
    *) python3 -m pip install -q --no-deps --target /tmp/hp_site "$WHEEL" >> "$LOG" 2>&1 ;;
  esac
  step "python" env PYTHONPATH=/tmp/hp_site python3 - "$MUL_BITS" "$VP1" "$VP2" "$VCN" "$RV" "$WH" <<'EOF'
import json, random, statistics, sys, time
import numpy as np
import jitfft
bits, vp1, vp2, vcn = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
def med(f, k=7):
    f()
    ts = []
    for _ in range(k):
        t = time.perf_counter(); f(); ts.append((time.perf_counter() - t) * 1e3)
    return {"median": statistics.median(ts), "min": min(ts), "max": max(ts)}
out = {}
rng = random.Random(1)
a, b = rng.getrandbits(bits) | 1 << (bits - 1), rng.getrandbits(bits) | 1 << (bits - 1)
out["python"] = sys.version.split()[0]
out["mul"] = med(lambda: jitfft.mul(a, b))
# The last call's host steps (ms each), where the wheel has them.
steps_of = getattr(jitfft._jitfft, "_last_mul_steps", None)
out["mul_steps"] = steps_of() if steps_of else None
t = time.perf_counter(); ab = a.to_bytes((bits + 7) // 8, "little"); bb = b.to_bytes((bits + 7) // 8, "little")
t1 = time.perf_counter(); int.from_bytes(ab + bb, "little"); t2 = time.perf_counter()
out["bytes_roundtrip_ms"] = {"to_bytes": (t1 - t) * 1e3, "from_bytes": (t2 - t1) * 1e3}
for key, s in (("vp1", vp1), ("vp2", vp2)):
    p, n = map(int, s.split())
    plan = jitfft.VcPlan(p, n)
    x = (np.random.rand(*(p,) * n) + 1j * np.random.rand(*(p,) * n)).astype(np.complex64)
    o = np.empty_like(x)
    out[key] = med(lambda: plan.execute(x, out=o))
    st = plan.stats()
    out[key + "_plan"] = {"algorithm": st["plan"]["algorithm"], "radices": st.get("radices"),
                          **{k: st.get(k) for k in ("kernel_ms", "upload_ms", "download_ms", "end_to_end_ms")}}
    # The same without the NaN/inf scan of the input (check_finite=False).
    plan = jitfft.VcPlan(p, n, check_finite=False)
    out[key + "_unchecked"] = med(lambda: plan.execute(x, out=o))
p, n = map(int, vcn.split())
x = (np.random.rand(*(p,) * n) + 1j * np.random.rand(*(p,) * n)).astype(np.complex64)
out["vc"] = med(lambda: jitfft.vc(x), 21)
# Issue 42: real input (float32 in, complex64 out) and Walsh–Hadamard rows (float32), beside
# torch.fft.rfftn host → host on the same array where torch has a GPU.
(p, n), (b, k) = map(int, sys.argv[5].split()), map(int, sys.argv[6].split())
x = np.random.default_rng(1).standard_normal((p,) * n).astype(np.float32)
w = np.random.default_rng(2).standard_normal((b, 1 << k)).astype(np.float32)
out.update(rvc=med(lambda: jitfft.rvc(x)), rvc_dtype=str(jitfft.rvc(x).dtype),
           wht=med(lambda: jitfft.wht(w)), wht_dtype=str(jitfft.wht(w).dtype))
# The breakdown: the same calls into a preallocated out= (no fresh result array), and what a
# fresh array of the result's size costs numpy itself (np.empty + first write, one thread).
ro = np.empty(jitfft.rvc(x).shape, np.complex64)
wo = np.empty_like(w)
out.update(rvc_out=med(lambda: jitfft.rvc(x, out=ro)), wht_out=med(lambda: jitfft.wht(w, out=wo)),
           fresh_rvc=med(lambda: np.empty(ro.shape, ro.dtype).fill(0)),
           fresh_wht=med(lambda: np.empty(wo.shape, wo.dtype).fill(0)))
try:
    import torch
    if torch.cuda.is_available():
        tx = torch.from_numpy(x)
        out["torch_rfftn"] = med(lambda: torch.fft.rfftn(tx.cuda()).cpu())
        out["torch"] = torch.__version__
except ImportError:
    pass
print(json.dumps(out))
EOF
fi

# Issue 42: the floors of the Python real-input and Walsh–Hadamard rows (the Python step
# above): the CLI's pinned upload + kernels + download of the same transforms.
read -r p n <<< "$RV"; step "rvc cli" "$BIN" vc --real --p "$p" --n "$n" --json
read -r b k <<< "$WH"; step "wht cli" "$BIN" wht --size "2^$k" --batch "$b" --json
# Issue 42: real input at p = 2 beside the complex transform of the same size (numpy's half
# spectrum at p = 2 holds as many complex values as the input has reals).
step "rvc p2 cli" "$BIN" vc --real --p 2 --n "$P2N" --json
step "vc p2 cli" "$BIN" vc --p 2 --n "$P2N" --json

# Streamed passes against the full-duplex floor on the same buffers.
read -r p n <<< "$ST"
# The library's choice (random input: a pinned host array, rectangle transfers), then the
# gather/scatter path on the same sizes (A/B).
if [ "$ST_CAP" = - ]; then
  step "stream" "$BIN" vc --p "$p" --n "$n" --stream --json
  step "stream staged" env JITFFT_STREAM_HOST=staged "$BIN" vc --p "$p" --n "$n" --stream --json
else
  step "stream" env JITFFT_DEVICE_MEMORY="$ST_CAP" "$BIN" vc --p "$p" --n "$n" --stream --json
  step "stream staged" env JITFFT_STREAM_HOST=staged JITFFT_DEVICE_MEMORY="$ST_CAP" "$BIN" vc --p "$p" --n "$n" --stream --json
fi

# .npy file to file, in memory and streamed; each run measures the disk floor itself (`vc
# --json --disk-floor`'s disk_floor: a sequential write + fdatasync and read back of the output's bytes in
# its folder, after the run), which the row takes as its floor and takes out of the wall time.
read -r p n <<< "$NPY"
rm -f "$WORK"/*.npy
step "npy make" "$BIN" vc --p "$p" --n "$n" --output "$WORK/x.npy" --repeat 1 --json
step "npy in memory" "$BIN" vc --p "$p" --n "$n" --input "$WORK/x.npy" --output "$WORK/y.npy" --repeat 1 --json --disk-floor
rm -f "$WORK/y.npy"
# Issue 42: the whole command as a user types it (no --repeat), wall, beside numpy's own
# np.load + np.save of the same file in the same run.
step "npy wall" "$BIN" vc --p "$p" --n "$n" --input "$WORK/x.npy" --output "$WORK/y.npy" --json
rm -f "$WORK/y.npy"
step "numpy load save" python3 - "$WORK/x.npy" "$WORK/y.npy" <<'EOF'
import json, sys, time
import numpy as np
t = time.perf_counter(); a = np.load(sys.argv[1]); t1 = time.perf_counter()
np.save(sys.argv[2], a); t2 = time.perf_counter()
print(json.dumps({"load_ms": (t1 - t) * 1e3, "save_ms": (t2 - t1) * 1e3, "bytes": a.nbytes}))
EOF
rm -f "$WORK/y.npy"
step "npy streamed" "$BIN" vc --p "$p" --n "$n" --input "$WORK/x.npy" --output "$WORK/y.npy" --stream --json --disk-floor
rm -f "$WORK/y.npy"
# AB=1: the same two rows by the paths before (a pinned staging of the whole file; the whole
# file read into the host array before the streamed passes), in the same call.
if [ "${AB:-0}" = 1 ]; then
  step "npy in memory, JITFFT_NPY_STREAM=off" env JITFFT_NPY_STREAM=off "$BIN" vc --p "$p" --n "$n" --input "$WORK/x.npy" --output "$WORK/y.npy" --repeat 1 --json --disk-floor
  rm -f "$WORK/y.npy"
  step "npy streamed, JITFFT_STREAM_FILE_SOURCE=off" env JITFFT_STREAM_FILE_SOURCE=off "$BIN" vc --p "$p" --n "$n" --input "$WORK/x.npy" --output "$WORK/y.npy" --stream --json --disk-floor
  rm -f "$WORK/y.npy"
fi
# The first touch of a fresh host array, measured apart (examples/npy_first_touch).
if [ -x "${TOUCH_EX:-}" ]; then
  step "first touch" bash -c '"$0" "$1" 1 | python3 -c "import json,sys; print(json.dumps({\"lines\": sys.stdin.read().splitlines()}))"' "$TOUCH_EX" "$WORK/x.npy"
fi
rm -f "$WORK"/*.npy

read -r p n <<< "$OV"
step "overlap" "$BIN" vc --p "$p" --n "$n" --overlap --json

fi  # REPORT_FROM

report() {
python3 - "$RAW" "$OUT" "$QUICK" "$WHEEL" "$VP1" "$VP2" "$VP3" "$VCN" "$ST" "$NPY" "$OV" "$RV" "$WH" "$P2N" <<'EOF'
import json, sys
raw, out, quick, wheel = sys.argv[1:5]
nopy = "; Python not run (no WHEEL)" if not wheel else "; Python step failed (log.txt)"
vp1, vp2, vp3, vcn, st, npy, ov, rv = [s.replace(" ", "^") for s in sys.argv[5:13]]
wh_b, wh_k = map(int, sys.argv[13].split())
p2n = int(sys.argv[14])
steps = {}
for line in open(raw):
    r = json.loads(line)
    steps[r["step"]] = r
def doc(name):
    r = steps.get(name)
    return r["json"] if r and r["rc"] == 0 and r["json"] is not None else None
rows = []
def row(name, size, now, floor, note):
    ratio = now / floor if now and floor else None
    rows.append((name, size, now, floor, ratio, note))
py = doc("python")
f3 = lambda v: "-" if v is None else "%.3f" % v
mul = doc("mul cli")
mul_floor = mul["end_to_end_ms"]["median"] if mul else None
ms = (py or {}).get("mul_steps")
mnote = ("; Python %s, last call's steps (ms): path %s, operands %.3f, int alloc %.3f, plan lookup %.3f, stage %.3f, device %.3f (events up %.3f kernels %.3f down %.3f), unpack %.3f, finish %.3f, total %.3f; int.to_bytes of both operands %.3f + int.from_bytes of the product %.3f" % (
    py["python"], ms["path"], ms["operands_ms"], ms["alloc_ms"], ms["plan_ms"], ms["stage_ms"], ms["device_ms"], ms["upload_ms"],
    ms["kernel_ms"], ms["download_ms"], ms["unpack_ms"], ms["finish_ms"], ms["total_ms"],
    py["bytes_roundtrip_ms"]["to_bytes"], py["bytes_roundtrip_ms"]["from_bytes"])) if ms else ""
row("mul 2^20 limbs from Python", "operands of %s" % ("2^12 limbs" if quick == "1" else "2^20 limbs"),
    py["mul"]["median"] if py else None, mul_floor,
    "floor: `jitfft mul --json` end to end (device) for operands of the same size" + ("" if py else nopy) + mnote)
for label, key, size in (("VcPlan 3^16 host to host", "vp1", vp1), ("VcPlan 2^24 host to host", "vp2", vp2)):
    r = doc("rust " + size)
    floor = r["pinned_ms"]["median"] if r else None
    pl = (py or {}).get(key + "_plan") or {}
    pnote = "; Python plan %s %s, events (median ms) kernels %s, upload %s, download %s, end to end %s" % (
        pl.get("algorithm"), pl.get("radices"), *[f3((pl.get(k) or {}).get("median")) for k in ("kernel_ms", "upload_ms", "download_ms", "end_to_end_ms")]) if pl else ""
    if py and py.get(key + "_unchecked"):
        pnote += "; check_finite=False %.3f ms" % py[key + "_unchecked"]["median"]
    rnote = "; Rust plan %s (kernels %.3f ms)" % (r["plan"], r["kernel_ms"]["median"]) if r else ""
    row(label, size, py[key]["median"] if py else None, floor,
        "floor: pinned upload + kernels + download of the same plan, no host copy" + ("" if py else nopy) + rnote + pnote)
r = doc("rust " + vcn)
row("vc() repeated 3^13", vcn, py["vc"]["median"] if py else None, r["pinned_ms"]["median"] if r else None,
    "floor: pinned upload + kernels + download" + ("" if py else nopy))
def median(v):
    return v if v is None or isinstance(v, (int, float)) else v.get("median")
def pinned_floor(d):
    """(upload + kernels + download ms, note) of a CLI report, wherever its schema keeps them."""
    if not d:
        return None, "CLI step failed (log.txt)"
    t = d.get("timing") or d.get("run") or d  # the steps' reports are flattened (report_flat)
    up, k, down = (median(t.get(x)) for x in ("upload_ms", "kernel_ms", "download_ms"))
    if None in (up, k, down):
        return None, "no upload/kernel/download times in the CLI report"
    return up + k + down, "pinned upload %.3f + kernels %.3f + download %.3f ms" % (up, k, down)
rpy = py
rust1 = doc("rust " + vp1)
# The PCIe rates of this run: the VcPlan row's pinned transfers (bytes each way / event time).
rate = None
if rust1:
    rate = (rust1["bytes_each_way"] / rust1["pinned_upload_ms"]["median"],
            rust1["bytes_each_way"] / rust1["pinned_download_ms"]["median"])
def pcie(up_bytes, down_bytes):
    if not rate:
        return ""
    return "; PCIe floor of this run %.3f ms (%d bytes up at %.1f GB/s, %d down at %.1f GB/s, the VcPlan row's pinned rates)" % (
        up_bytes / rate[0] + down_bytes / rate[1], up_bytes, rate[0] / 1e6, down_bytes, rate[1] / 1e6)
rp, rn = map(int, rv.split("^"))
floor, fnote = pinned_floor(doc("rvc cli"))
tnote = ("; torch.fft.rfftn host → host %.3f ms (torch %s)" % (rpy["torch_rfftn"]["median"], rpy["torch"])
         if rpy and rpy.get("torch_rfftn") else "; torch not run (no torch with a GPU)")
row("rvc 3^16 host to host", rv + " float32 → " + (rpy["rvc_dtype"] if rpy else "complex64"),
    rpy["rvc"]["median"] if rpy else None, floor,
    "jitfft.rvc(x) repeated; floor: `vc --real --json` " + fnote + ("" if rpy else nopy) + tnote
    + ("; into a preallocated out= %.3f ms; numpy's own fresh array of the result (np.empty + fill) %.3f ms" % (
        rpy["rvc_out"]["median"], rpy["fresh_rvc"]["median"]) if rpy and rpy.get("rvc_out") else "")
    + pcie(4 * rp ** rn, 8 * rp ** (rn - 1) * (rp // 2 + 1)))
floor, fnote = pinned_floor(doc("wht cli"))
row("wht 64 x 2^18 host to host", "%d x 2^%d float32" % (wh_b, wh_k), rpy["wht"]["median"] if rpy else None, floor,
    "jitfft.wht(x) repeated; floor: `wht --json` " + fnote + ("" if rpy else nopy) + pcie(4 * wh_b << wh_k, 4 * wh_b << wh_k)
    + ("; into a preallocated out= %.3f ms (through a scratch result); numpy's own fresh array of the result (np.empty + fill) %.3f ms" % (
        rpy["wht_out"]["median"], rpy["fresh_wht"]["median"]) if rpy and rpy.get("wht_out") else ""))
rr, cc = doc("rvc p2 cli"), doc("vc p2 cli")
if rr and cc:
    def passes(d):
        rad = d.get("radices") or []
        rad = rad.split("·") if isinstance(rad, str) else rad
        names = d["plan"].get("kernels") or ["radix %s" % r for r in rad]
        return ", ".join("%s %.4f" % (k, ms) for k, ms in zip(names, d.get("pass_ms") or []))
    rb = rr["plan"].get("pass_bytes")
    cb = 2 * 8 * 2 ** p2n * len(cc.get("pass_ms") or [])
    row("vc --real p=2 2^%d" % p2n, "2^%d" % p2n, median(rr["kernel_ms"]), median(cc["kernel_ms"]),
        "kernels (median ms) of `vc --real --p 2 --n %d` / the complex `vc --p 2` of the same size; real passes (ms): %s; %s bytes read + written; complex passes (ms): %s; %d bytes" % (
            p2n, passes(rr), rb, passes(cc), cb))
else:
    row("vc --real p=2 2^%d" % p2n, "2^%d" % p2n, None, None, "failed or not run (log.txt)")
def stream_row(label, s):
    if not s:
        row(label, st, None, None, "failed or not run (log.txt)")
        return
    passes = s["passes"]
    now = sum(p["wall_ms"] for p in passes)
    fl = s["floor"]
    floor = len(passes) * passes[0]["bytes"] / (fl["duplex_rate_gbs"] * 1e9) * 1e3
    seq = len(passes) * passes[0]["bytes"] / (fl["rate_gbs"] * 1e9) * 1e3
    note = "; ".join("pass %d..%d %.1f ms (%.0f%% of full duplex; gather %.1f, scatter %.1f ms host, events up %.1f kernels %.1f down %.1f)" % (
        p["digits"][0], p["digits"][0] + p["digits"][1], p["wall_ms"], 100 * p["of_duplex"], p["gather_ms"], p["scatter_ms"],
        p["upload_ms"], p["kernel_ms"], p["download_ms"]) for p in passes)
    row(label, st, now, floor, "floor: every byte up and down at %.1f GB/s both ways at once (sequential %.1f GB/s: %.1f ms); host array %s; %s; host array allocated and filled in %.0f ms" % (
        fl["duplex_rate_gbs"], fl["rate_gbs"], seq, s.get("host_array", "pageable"), note, s["input_ms"]))
stream_row("stream 3^20", doc("stream"))
sw = doc("stream")
if sw:
    passes = sum(p["wall_ms"] for p in sw["passes"])
    row("stream 3^20 random input wall", st, steps["stream"]["wall_s"] * 1e3, passes,
        "the whole `vc --p %s --n %s --stream --json` process, wall; floor: its passes; making the random input %.0f ms" % (
            st.split("^")[0], st.split("^")[1], sw.get("input_ms", float("nan"))))
else:
    row("stream 3^20 random input wall", st, None, None, "failed or not run (log.txt)")
if doc("stream staged"):
    stream_row("A/B: stream 3^20, gather/scatter (JITFFT_STREAM_HOST=staged)", doc("stream staged"))
def npy_row(label, name, streamed):
    m = doc(name)
    if not m or not m.get("disk_floor"):
        row(label, npy, None, None, "failed or not run (log.txt)")
        return
    d = m["disk_floor"]
    # The process wall less the floor's own measurement (after the run, in the same process).
    now = steps[name]["wall_s"] * 1e3 - d.get("measure_ms", d["floor_ms"])
    floor = d["floor_ms"]
    dnote = "disk floor measured in the same run (`vc --json --disk-floor`): write + fdatasync of the output's %d bytes %.0f ms (%.2f GB/s) + read back %.0f ms (%.2f GB/s); the run's own file-to-file time %.0f ms (%.2f × floor)" % (
        d["bytes"], d["write_ms"], d["write_gbs"], d["read_ms"], d["read_gbs"], d["run_ms"] or 0, d["ratio"] or 0)
    if streamed:
        su = m.get("host_setup") or {}
        op = m.get("device_open_ms", 0)
        rest = now - m["input_ms"] - m["total_ms"] - m["output_ms"] - op - sum(su.get(k, 0) for k in ("build_ms", "floor_ms", "release_ms"))
        note = "process wall less the floor's measurement (%.0f ms with the removal of its file); device open %.0f ms; input %s %.0f ms, passes %s ms, output write + sync %.0f ms; setup: plan, build and slots %.0f, transfer floor %.0f, freeing the host array and slots %.0f ms; the rest (process start and exit, the plan's resolution) %.0f ms" % (
            d.get("measure_ms", d["floor_ms"]), op,
            "(host array allocated; read by the first pass into the pinned slots)" if su.get("input_in_first_pass") else "read",
            m["input_ms"], "+".join("%.0f" % p["wall_ms"] for p in m["passes"]), m["output_ms"],
            su.get("build_ms", 0), su.get("floor_ms", 0), su.get("release_ms", 0), rest)
    else:
        hs = m["host_steps"]
        k, f0 = hs["runs"][-1], hs["first"]
        op = m.get("device_open_ms", 0)
        rest = now - k["total_ms"] - f0["total_ms"] - f0["pinned_alloc_ms"] - op
        warm = "a warm-up run reading the file without writing" if f0["read_ms"] > 0 else "a warm-up of the kernels alone, no file I/O"
        note = ("process wall less the floor's measurement (%.0f ms with the removal of its file); device open %.0f ms; " + warm + " %.0f ms; then one run: read %.0f, scan %.0f (inside the reads, overlapping the uploads), upload %.0f, kernel %.0f, download %.0f, write %.0f ms (no fsync, overlapping the downloads) = %.0f ms; device buffers and pinned staging allocated %.0f ms; the rest (process start and exit, the plan's resolution and build) %.0f ms") % (
            d.get("measure_ms", d["floor_ms"]), op, f0["total_ms"], k["read_ms"], k["scan_ms"], k["upload_ms"], k["kernel_ms"], k["download_ms"], k["write_ms"], k["total_ms"], f0["pinned_alloc_ms"], rest)
    row(label, npy, now, floor, "floor: %s; %s" % (dnote, note))
npy_row("3^19 npy file to file in memory", "npy in memory", False)
nl = doc("numpy load save")
if "npy wall" in steps and steps["npy wall"]["rc"] == 0 and nl:
    row("3^19 npy file to file wall", npy, steps["npy wall"]["wall_s"] * 1e3, nl["load_ms"] + nl["save_ms"],
        "the whole `vc --input x.npy --output y.npy --json` process (in memory), wall; floor: numpy's own np.load %.0f + np.save %.0f ms of the same %d-byte array in this run" % (
            nl["load_ms"], nl["save_ms"], nl["bytes"]))
else:
    row("3^19 npy file to file wall", npy, None, None, "failed or not run (log.txt)")
npy_row("3^19 npy file to file streamed", "npy streamed", True)
for name, streamed in (("npy in memory, JITFFT_NPY_STREAM=off", False), ("npy streamed, JITFFT_STREAM_FILE_SOURCE=off", True)):
    if name in steps:
        npy_row("A/B: 3^19 " + name, name, streamed)
o = doc("overlap")
if o:
    v = o["overlap"]
    row("overlap 2^24", ov, v["events_ms"]["median"], v["floor_sequential_ms"]["median"],
        "events first upload → last download / pinned upload + download (both medians); bidirectional floor %.3f ms" % v["floor_bidirectional_ms"]["median"])
else:
    row("overlap 2^24", ov, None, None, "failed (log.txt)")
for size in (vp1, vp2, vp3, vcn):
    r = doc("rust " + size)
    if r:
        row("VcTransform %s host to host (Rust)" % size, size, r["staged_ms"]["median"], r["pinned_ms"]["median"],
            "what VcPlan.execute calls; staged without the finiteness check: plain stores %s, streaming stores %s ms (chunks of 4 MiB %s, 16 MiB the default, 64 MiB %s); before runtime::staging (one memcpy): %.3f ms; upload alone staged %.3f ms, registered user memory (USE_HOST_PTR) %.3f ms; pinned up %.3f + kernels %.3f + down %.3f ms; memcpy of %d bytes: 1 thread %.3f, %d threads %.3f ms; bit-identical %s" % (
                f3((r.get("staged_plain_stores_ms") or {}).get("median")), f3((r.get("staged_streaming_stores_ms") or {}).get("median")),
                f3((r.get("staged_chunk_4mib_ms") or {}).get("median")), f3((r.get("staged_chunk_64mib_ms") or {}).get("median")),
                r["single_ms"]["median"], r["staged_upload_ms"]["median"], r["registered_upload_ms"]["median"],
                r["pinned_upload_ms"]["median"], r["kernel_ms"]["median"], r["pinned_download_ms"]["median"], r["bytes_each_way"], r["memcpy_1t_ms"]["median"], r["threads"], r["memcpy_mt_ms"]["median"], r["staged_bit_identical_to_single"]))
t = doc("first touch")
if t:
    row("first touch of a fresh host array (examples/npy_first_touch)", npy, None, None, "; ".join(t["lines"]))
f = lambda v: "not run" if v is None else "%.3f" % v
lines = ["# Host path (issue 32)", "", open(out + "/env.txt").read().strip().replace("\n", "  \n"), "",
         "Times in ms (medians); ratio = now / floor. Sizes in the `size` column (QUICK=1: small sizes on PoCL).", "",
         "| row | size | now | floor | ratio | breakdown |", "| --- | --- | --- | --- | --- | --- |"]
for name, size, now, floor, ratio, note in rows:
    lines.append("| %s | %s | %s | %s | %s | %s |" % (name, size, f(now), f(floor), "-" if ratio is None else "%.2f" % ratio, note))
lines += ["", "Raw step reports: host_path.json."]
open(out + "/README.md", "w").write("\n".join(lines) + "\n")
json.dump({"steps": steps, "rows": [dict(zip(("row", "size", "now_ms", "floor_ms", "ratio", "note"), r)) for r in rows]},
          open(out + "/host_path.json", "w"), indent=1)
EOF
}
report
rm -f "$RAW"
cat "$OUT/README.md"
