#!/usr/bin/env python3
"""`jitfft.VcPlan.execute` beside `torch.fft.fftn` in one Python process on one GPU
(tools/gpu/gpu_python.sh runs it on the GPU host).

For each size p^n, complex64, the same random input:
- jitfft host → host: `plan.execute(x, out=out)` (numpy arrays in host memory; upload, passes,
  download), per-call wall time; the plan's own kernel time (profiling events) from `stats()`;
- torch host → host: `torch.from_numpy(x).to(dev)`, `torch.fft.fftn`, `.cpu()`, synchronised,
  per-call wall time (pageable host memory, as numpy arrays are);
- torch device-resident: `torch.fft.fftn` on a tensor already on the GPU, CUDA events.
Both results are checked against each other (relative L2) and, for sizes up to --check-max,
against numpy.fft.fftn in f64.

    python3 tools/peers/py_torch.py --sizes 3:8,3:12,3:16,2:24,4:13 --repeats 20 --out out.json
"""

import argparse
import datetime
import json
import os
import platform
import statistics
import sys
import time

import numpy as np
import torch

import jitfft


def rel_l2(a, b):
    a = np.asarray(a, dtype=np.complex128)
    b = np.asarray(b, dtype=np.complex128)
    return float(np.linalg.norm(a - b) / np.linalg.norm(b))


def wall(fn, repeats):
    fn()
    ts = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t0) * 1e3)
    return {"median": statistics.median(ts), "min": min(ts), "max": max(ts), "count": len(ts)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="3:8,3:12,3:16,2:20,2:24,4:13")
    ap.add_argument("--repeats", type=int, default=20)
    ap.add_argument("--device", default="gpu", help="jitfft device selector")
    ap.add_argument("--check-max", type=int, default=1 << 22, help="largest N checked against numpy f64")
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    dev = torch.device("cuda")
    rows = []
    for spec in a.sizes.split(","):
        p, n = (int(v) for v in spec.split(":"))
        shape = (p,) * n
        rng = np.random.default_rng(p * 100 + n)
        x = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)
        row = {"p": p, "n": n, "N": p**n}
        try:
            t0 = time.perf_counter()
            plan = jitfft.VcPlan(p, n, device=a.device)
            row["jitfft_plan_s"] = time.perf_counter() - t0
            out = np.empty_like(x)
            row["jitfft_host_ms"] = wall(lambda: plan.execute(x, out=out), a.repeats)
            s = plan.stats()
            row["jitfft_kernel_ms"] = s["kernel_ms"]
            row["jitfft_end_to_end_ms"] = s["end_to_end_ms"]
            row["jitfft_plan"] = f"{s['plan']['algorithm']} {s['radices']} ({s['passes']} passes)"
            y = out.copy()
        except Exception as e:  # recorded, the other sizes still run
            row["jitfft_error"] = f"{type(e).__name__}: {e}"
            y = None
        xt = torch.from_numpy(x).to(dev)
        torch.cuda.synchronize()

        def torch_host():
            r = torch.fft.fftn(torch.from_numpy(x).to(dev)).cpu()
            torch.cuda.synchronize()
            return r

        row["torch_host_ms"] = wall(torch_host, a.repeats)
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        ts = []
        torch.fft.fftn(xt)
        for _ in range(a.repeats):
            start.record()
            torch.fft.fftn(xt)
            end.record()
            torch.cuda.synchronize()
            ts.append(start.elapsed_time(end))
        row["torch_device_ms"] = {"median": statistics.median(ts), "min": min(ts), "max": max(ts), "count": len(ts)}
        yt = torch.fft.fftn(xt).cpu().numpy()
        if y is not None:
            row["rel_l2_jitfft_vs_torch"] = rel_l2(y, yt)
            if p**n <= a.check_max:
                want = np.fft.fftn(x.astype(np.complex128))
                row["rel_l2_jitfft_vs_numpy_f64"] = rel_l2(y, want)
                row["rel_l2_torch_vs_numpy_f64"] = rel_l2(yt, want)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr)
        del xt
        torch.cuda.empty_cache()
    devs = jitfft.devices()
    report = {
        "meta": {
            "command": " ".join([os.path.basename(sys.executable)] + sys.argv),
            "commit": os.environ.get("JITFFT_COMMIT", "unknown"),
            "date_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S"),
            "python": platform.python_version(), "numpy": np.__version__, "torch": torch.__version__,
            "cuda_device": torch.cuda.get_device_name(0), "opencl_devices": [d["name"] for d in devs],
            "jitfft": jitfft.__version__,
        },
        "results": rows,
    }
    text = json.dumps(report, indent=1)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")
    else:
        print(text)


if __name__ == "__main__":
    main()
