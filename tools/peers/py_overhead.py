#!/usr/bin/env python3
"""Per-call overhead of the Python module's fast path, `jitfft.VcPlan.execute`, against the
Rust API (`VcTransform::execute_into`, examples/vc_call_times.rs) for the same plan (the
device's default, f32, complex64 in and out) on the same device.

Rounds alternate the two sides (a Rust process, then the Python calls) so that load from
other processes falls on both; each round's median per call is kept and the report gives the
median over rounds. Python is timed two ways: `execute(x, out=out)` (no allocation) and
`execute(x)` (a new result array each call).

    cargo build --release --example vc_call_times
    pip install ./python
    python3 tools/peers/py_overhead.py --sizes 3:8,3:12 --rounds 7 --calls 30 \
        --out bench-results/pocl-cpu/current/python/overhead.json
"""

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import time

import numpy as np

import jitfft


def rust_round(binary, p, n, calls):
    out = subprocess.run([binary, str(p), str(n), str(calls)], check=True, capture_output=True, text=True)
    r = json.loads(out.stdout.strip().splitlines()[-1])
    return statistics.median(r["calls_ms"]), min(r["calls_ms"]), statistics.median(r["kernel_ms"]), r["plan"]


def python_round(plan, x, out, calls):
    with_out, alloc = [], []
    plan.execute(x, out=out)  # warm
    for _ in range(calls):
        t0 = time.perf_counter_ns()
        plan.execute(x, out=out)
        with_out.append((time.perf_counter_ns() - t0) / 1e6)
    for _ in range(calls):
        t0 = time.perf_counter_ns()
        plan.execute(x)
        alloc.append((time.perf_counter_ns() - t0) / 1e6)
    return statistics.median(with_out), min(with_out), statistics.median(alloc), min(alloc)


def git_commit():
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    except Exception:
        return os.environ.get("JITFFT_COMMIT", "unknown")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="3:8,3:12", help="p:n,p:n,…")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--calls", type=int, default=30, help="timed calls a round and side")
    ap.add_argument("--rust-bin", default="target/release/examples/vc_call_times")
    ap.add_argument("--device", default=None)
    ap.add_argument("--out", default=None, help="JSON file (else stdout)")
    a = ap.parse_args()
    if a.device:
        os.environ["JITFFT_DEVICE"] = a.device
    results = []
    for spec in a.sizes.split(","):
        p, n = (int(v) for v in spec.split(":"))
        plan = jitfft.VcPlan(p, n, device=a.device)
        rng = np.random.default_rng(1)
        x = (rng.standard_normal((p,) * n) + 1j * rng.standard_normal((p,) * n)).astype(np.complex64)
        out = np.empty_like(x)
        # Correctness of what is timed: the same spectrum numpy computes.
        err = float(np.linalg.norm(plan.execute(x) - np.fft.fftn(x)) / np.linalg.norm(np.fft.fftn(x)))
        rounds = []
        for _ in range(a.rounds):
            load = os.getloadavg()[0]
            rust_ms, rust_min, rust_kernel, rust_plan = rust_round(a.rust_bin, p, n, a.calls)
            py_out, py_out_min, py_alloc, py_alloc_min = python_round(plan, x, out, a.calls)
            rounds.append({"loadavg_1m": load, "rust_ms": rust_ms, "rust_min_ms": rust_min, "rust_kernel_ms": rust_kernel,
                           "python_out_ms": py_out, "python_out_min_ms": py_out_min,
                           "python_alloc_ms": py_alloc, "python_alloc_min_ms": py_alloc_min})
        med = lambda k: statistics.median(r[k] for r in rounds)
        rust, py_out, py_alloc = med("rust_ms"), med("python_out_ms"), med("python_alloc_ms")
        least = lambda k: min(r[k] for r in rounds)
        rust_min, py_out_min, py_alloc_min = least("rust_min_ms"), least("python_out_min_ms"), least("python_alloc_min_ms")
        s = plan.stats()
        results.append({
            "p": p, "n": n, "N": p**n,
            "plan_python": f"{s['plan']['algorithm']} radix {s['radices']}", "plan_rust": rust_plan,
            "rel_l2_vs_numpy": err,
            "rust_ms": rust, "python_out_ms": py_out, "python_alloc_ms": py_alloc,
            "overhead_out_pct": 100 * (py_out - rust) / rust,
            "overhead_alloc_pct": 100 * (py_alloc - rust) / rust,
            "rust_min_ms": rust_min, "python_out_min_ms": py_out_min, "python_alloc_min_ms": py_alloc_min,
            "overhead_out_min_pct": 100 * (py_out_min - rust_min) / rust_min,
            "overhead_alloc_min_pct": 100 * (py_alloc_min - rust_min) / rust_min,
            "kernel_ms_median_python": s["kernel_ms"]["median"], "kernel_ms_median_rust": med("rust_kernel_ms"),
            "rounds": rounds,
        })
        print(f"{p}^{n}: rust {rust:.3f} ms, python out= {py_out:.3f} ms ({results[-1]['overhead_out_pct']:+.1f}%), "
              f"python new array {py_alloc:.3f} ms ({results[-1]['overhead_alloc_pct']:+.1f}%); fastest calls: rust {rust_min:.3f}, "
              f"python out= {py_out_min:.3f} ({results[-1]['overhead_out_min_pct']:+.1f}%), new array {py_alloc_min:.3f} "
              f"({results[-1]['overhead_alloc_min_pct']:+.1f}%); rel L2 {err:.1e}",
              file=sys.stderr)
    dev = jitfft.VcPlan(3, 2, device=a.device).stats()["device"]
    report = {
        "meta": {
            "command": " ".join([os.path.basename(sys.executable)] + sys.argv),
            "commit": git_commit(),
            "date_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S"),
            "device": f"{dev['name']} [{dev['platform']}] driver {dev['driver_version']}",
            "host": platform.node(), "cpus": os.cpu_count(),
            "python": platform.python_version(), "numpy": np.__version__,
            "method": "rounds alternate a Rust process (execute_into) and the Python calls; per-call wall time, "
                      "median of each round, median over rounds; *_min: the fastest single call of all rounds "
                      "(the least disturbed by other load)",
        },
        "results": results,
    }
    text = json.dumps(report, indent=1)
    if a.out:
        os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
        with open(a.out, "w") as f:
            f.write(text + "\n")
    else:
        print(text)


if __name__ == "__main__":
    main()
