#!/usr/bin/env python3
"""The Python package's user steps timed on one device, each beside torch where torch and CUDA
exist (issues 32 and 34): `VcPlan.execute` host → host and `scipy.fft.fftn` under
`jitfft.scipy_backend` beside `torch.fft.fftn` (host → host and device-resident) at each size,
repeated `jitfft.mul` of two L-limb ints (after the first call, which builds the plan) beside
Python's own product, and repeated `jitfft.vc` at 3^13 (the plan cache's path). Results are
checked (relative L2 against torch or numpy, exact products) and written as JSON.

Times: wall clock per call, first call (plan build) reported apart, then the median, min and max
of `--repeats` calls. Usage: python_bench.py --out r.json [--quick] [--device gpu]
"""

import argparse
import json
import os
import platform
import statistics
import sys
import time

import numpy as np

import jitfft


def summary(ts):
    ms = [t * 1e3 for t in ts]
    return {"median": statistics.median(ms), "min": min(ms), "max": max(ms), "count": len(ms)}


def timed(f, repeats):
    """(first call s, summary of the next `repeats`, last result)."""
    t0 = time.perf_counter()
    r = f()
    first = time.perf_counter() - t0
    ts = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        r = f()
        ts.append(time.perf_counter() - t0)
    return first, summary(ts), r


def rel_l2(a, b):
    a = np.asarray(a, np.complex128)
    b = np.asarray(b, np.complex128)
    return float(np.linalg.norm(a - b) / np.linalg.norm(b))


def torch_rows(x, repeats):
    try:
        import torch
    except ImportError:
        return {"torch": "not installed"}
    if not torch.cuda.is_available():
        return {"torch": "no CUDA device"}
    dev = torch.device("cuda")

    def host():
        r = torch.fft.fftn(torch.from_numpy(x).to(dev)).cpu()
        torch.cuda.synchronize()
        return r

    _, host_ms, y = timed(host, repeats)
    xt = torch.from_numpy(x).to(dev)
    torch.fft.fftn(xt)
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    ts = []
    for _ in range(repeats):
        start.record()
        torch.fft.fftn(xt)
        end.record()
        torch.cuda.synchronize()
        ts.append(start.elapsed_time(end) / 1e3)
    return {"torch_host_ms": host_ms, "torch_device_ms": summary(ts), "torch_result": y.numpy(),
            "torch": torch.__version__}


def vc_row(p, n, repeats, device):
    import scipy.fft

    shape = (p,) * n
    rng = np.random.default_rng(p * 100 + n)
    x = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)
    row = {"size": f"{p}^{n}", "points": p**n, "bytes_each_way": x.nbytes}
    t0 = time.perf_counter()
    plan = jitfft.VcPlan(shape, dtype=np.complex64, device=device)
    row["plan_build_s"] = time.perf_counter() - t0
    out = np.empty_like(x)
    _, row["vcplan_execute_ms"], _ = timed(lambda: plan.execute(x, out=out), repeats)
    s = plan.stats()
    row["vcplan_kernel_ms"] = s["kernel_ms"]
    row["vcplan_upload_ms"] = s["upload_ms"]
    row["vcplan_download_ms"] = s["download_ms"]
    row["plan"] = f"{s['plan']['algorithm']} {s['radices']} ({s['passes']} passes)"
    with scipy.fft.set_backend(jitfft.scipy_backend, only=True):
        first, row["scipy_backend_fftn_ms"], y = timed(lambda: scipy.fft.fftn(x), repeats)
    row["scipy_backend_first_s"] = first
    t = torch_rows(x, repeats)
    ref = t.pop("torch_result", None)
    row.update(t)
    if ref is None and p**n <= 3**13:
        ref = np.fft.fftn(x)
    if ref is not None:
        row["rel_l2_vcplan"] = rel_l2(out, ref)
        row["rel_l2_scipy_backend"] = rel_l2(y, ref)
    del plan
    jitfft.clear_plan_cache()
    return row


def mul_row(limbs, repeats, device):
    import random

    rnd = random.Random(limbs)
    a = rnd.getrandbits(64 * limbs) | 1 << (64 * limbs - 1)
    b = rnd.getrandbits(64 * limbs) | 1 << (64 * limbs - 1)
    first, ms, c = timed(lambda: jitfft.mul(a, b, device=device), repeats)
    t0 = time.perf_counter()
    want = a * b
    py_s = time.perf_counter() - t0
    # The conversions alone, as the call makes them (to_bytes in, from_bytes out).
    _, conv, _ = timed(lambda: int.from_bytes((a.to_bytes(8 * limbs, "little") + b.to_bytes(8 * limbs, "little")), "little"), repeats)
    jitfft.clear_plan_cache("mul")
    return {"limbs": limbs, "first_call_s": first, "repeated_ms": ms, "exact": c == want,
            "python_product_ms": py_s * 1e3, "int_bytes_round_trip_ms": conv}


def vc_repeat_row(p, n, repeats, device):
    rng = np.random.default_rng(7)
    x = (rng.standard_normal((p,) * n) + 1j * rng.standard_normal((p,) * n)).astype(np.complex64)
    first, ms, y = timed(lambda: jitfft.vc(x, device=device), repeats)
    row = {"size": f"{p}^{n}", "first_call_s": first, "repeated_ms": ms}
    if p**n <= 3**13:
        row["rel_l2"] = rel_l2(y, np.fft.fftn(x))
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--quick", action="store_true", help="small sizes (a dry run on PoCL)")
    ap.add_argument("--repeats", type=int, default=20)
    ap.add_argument("--device", default=None)
    a = ap.parse_args()
    sizes = [(3, 6), (2, 10)] if a.quick else [(3, 16), (2, 24)]
    mul_limbs = 2**10 if a.quick else 2**20
    vc_rep = (3, 7) if a.quick else (3, 13)
    dev = jitfft.devices()
    r = {
        "meta": {"python": sys.version.split()[0], "numpy": np.__version__,
                 "jitfft": jitfft.__version__, "platform": platform.platform(),
                 "commit": os.environ.get("JITFFT_COMMIT", "unknown"), "quick": a.quick,
                 "repeats": a.repeats, "device_arg": a.device, "devices": dev},
        "vc": [], "mul": None, "vc_repeated": None,
    }
    for p, n in sizes:
        try:
            r["vc"].append(vc_row(p, n, a.repeats, a.device))
        except Exception as e:  # recorded; the other rows still run
            r["vc"].append({"size": f"{p}^{n}", "error": f"{type(e).__name__}: {e}"})
    try:
        r["mul"] = mul_row(mul_limbs, a.repeats, a.device)
    except Exception as e:
        r["mul"] = {"limbs": mul_limbs, "error": f"{type(e).__name__}: {e}"}
    try:
        r["vc_repeated"] = vc_repeat_row(*vc_rep, a.repeats, a.device)
    except Exception as e:
        r["vc_repeated"] = {"error": f"{type(e).__name__}: {e}"}
    r["plan_cache"] = jitfft.plan_cache_info()
    with open(a.out, "w") as f:
        json.dump(r, f, indent=1, default=str)


if __name__ == "__main__":
    main()
