#!/usr/bin/env python3
"""Issue 44 on CPUs: jitfft's numpy-style FFTs on a CPU OpenCL device (PoCL, Intel's runtime)
against scipy.fft (workers=W) and pyFFTW (where it imports), host array to host array, in one
process, on issue 44's named rows that fit the machine.

Each row: the input drawn once (complex64, or float32 for the rfft rows); one warm-up call of
each peer (jitfft builds and caches its plan there); then REPEAT rounds, the order of the peers
rotated every round and GAP ms idle before each call, so a shared machine's load hits all
alike. Reported per peer: the median, min and max wall time of a call (result array
included). Beside them, the floor of the same run: numpy.copyto of the input's bytes (read +
write), and the row's accuracy: jitfft's result against numpy.fft in complex128 (rel. L2, max
error). The load average is recorded per row.

Usage: PYTHON tools/peers/fft_cpu_vs_scipy.py --out DIR [--device cpu] [--repeat 5]
         [--workers 2] [--max-points 33554432] [--only REGEX] [--gap-ms 20]
Rows above --max-points points are listed as left out (they take minutes a call on 2 cores).
Writes DIR/results.json and DIR/README.md.
"""
import argparse, json, os, platform, re, statistics, subprocess, time

import numpy as np
import scipy
import scipy.fft

import jitfft

ROWS = [
    ("fft 2^20", "fft", (2**20,), None),
    ("fft 2^24", "fft", (2**24,), None),
    ("fft 2^28", "fft", (2**28,), None),
    ("fft 3^15", "fft", (3**15,), None),
    ("fft 1000000", "fft", (1000000,), None),
    ("fft 1000003", "fft", (1000003,), None),
    ("fft2 4096x4096", "fft2", (4096, 4096), None),
    ("fft2 1000x768", "fft2", (1000, 768), None),
    ("fftn 256x256x256", "fftn", (256, 256, 256), None),
    ("fftn 512x512x512", "fftn", (512, 512, 512), None),
    ("batch 16384 x fft 1024", "fft", (16384, 1024), None),
    ("rfft 2^24", "rfft", (2**24,), None),
    ("rfftn 512x512x512", "rfftn", (512, 512, 512), None),
]


def peers(kind, device, workers):
    """(name, call) of each peer for a row of `kind`."""
    j = getattr(jitfft, kind)
    s = getattr(scipy.fft, kind)
    out = [("jitfft", lambda x: j(x, device=device)),
           (f"scipy.fft (workers={workers})", lambda x: s(x, workers=workers))]
    try:
        import pyfftw.interfaces.numpy_fft as pf
        f = getattr(pf, kind)
        out.append((f"pyFFTW (threads={workers})", lambda x: f(x, threads=workers)))
    except ImportError:
        pass
    return out


def stats(ts):
    return {"median_ms": statistics.median(ts), "min_ms": min(ts), "max_ms": max(ts), "count": len(ts)}


def run_row(name, kind, shape, args, rng):
    real = kind.startswith("r")
    if real:
        x = rng.uniform(-1, 1, shape).astype(np.float32)
    else:
        x = (rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape)).astype(np.complex64)
    calls = peers(kind, args.device, args.workers)
    first = {}
    for label, call in calls:
        first[label] = call(x)  # warm-up: plans built and cached
    want = getattr(np.fft, kind)(x.astype(np.float64 if real else np.complex128))
    got = first["jitfft"].astype(np.complex128)
    err = float(np.linalg.norm(got - want) / np.linalg.norm(want))
    max_err = float(np.max(np.abs(got - want)))
    del got, want, first
    times = {label: [] for label, _ in calls}
    y = np.empty_like(x)
    floor = []
    for r in range(args.repeat):
        order = calls[r % len(calls):] + calls[:r % len(calls)]
        for label, call in order:
            time.sleep(args.gap_ms / 1e3)
            t0 = time.perf_counter()
            call(x)
            times[label].append((time.perf_counter() - t0) * 1e3)
        t0 = time.perf_counter()
        np.copyto(y, x)
        floor.append((time.perf_counter() - t0) * 1e3)
    return {
        "row": name, "kind": kind, "shape": list(shape), "dtype": str(x.dtype),
        "peers": {k: stats(v) for k, v in times.items()},
        "copy_floor": stats(floor),
        "copy_gbs": 2 * x.nbytes / statistics.median(floor) / 1e6,
        "rel_l2": err, "max_abs": max_err,
        "load_average": os.getloadavg(),
    }


def table(results, skipped, head):
    lines = [head, "",
             "| row | jitfft ms | scipy.fft ms | scipy / jitfft | pyFFTW ms | copy of the input ms | rel. L2 vs numpy (f64) |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    fmt = lambda s: f"{s['median_ms']:.2f} ({s['min_ms']:.2f}–{s['max_ms']:.2f})"
    for r in results:
        p = r["peers"]
        j = p["jitfft"]
        sc = next(v for k, v in p.items() if k.startswith("scipy"))
        pw = next((v for k, v in p.items() if k.startswith("pyFFTW")), None)
        lines.append(f"| `{r['row']}` | {fmt(j)} | {fmt(sc)} | {sc['median_ms'] / j['median_ms']:.2f}× | "
                     f"{fmt(pw) if pw else 'not installed'} | {r['copy_floor']['median_ms']:.2f} | {r['rel_l2']:.1e} |")
    for name, why in skipped:
        lines.append(f"| `{name}` | left out: {why} | | | | | |")
    lines.append("")
    lines.append("Times: one call, host array to host array (the result array included), median (min–max) "
                 "of the rounds after a warm-up; the copy is numpy.copyto of the input's bytes in the same round.")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--max-points", type=int, default=2**25)
    ap.add_argument("--only", default="")
    ap.add_argument("--gap-ms", type=float, default=20)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    dev = next((d for d in jitfft.devices() if str(d["index"]) == args.device
                or args.device.lower() in (d["name"] + d["platform"] + d["kind"]).lower()), None)
    rng = np.random.default_rng(44)
    results, skipped = [], []
    for name, kind, shape, _ in ROWS:
        if args.only and not re.search(args.only, name):
            continue
        if int(np.prod(shape)) > args.max_points:
            skipped.append((name, f"{int(np.prod(shape)):,} points > --max-points {args.max_points:,}"))
            continue
        r = run_row(name, kind, shape, args, rng)
        results.append(r)
        print(json.dumps({"row": name, "jitfft": r["peers"]["jitfft"]["median_ms"],
                          "scipy": next(v for k, v in r["peers"].items() if k.startswith("scipy"))["median_ms"],
                          "rel_l2": r["rel_l2"]}), flush=True)
    here = os.path.dirname(os.path.abspath(__file__))
    commit = subprocess.run(["git", "-C", here, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    env = {"date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "commit": commit or "unknown",
           "device": dev, "numpy": np.__version__, "scipy": scipy.__version__,
           "host": f"{platform.node()} {os.cpu_count()} cores", "args": vars(args)}
    json.dump({"env": env, "rows": results, "left_out": skipped}, open(os.path.join(args.out, "results.json"), "w"), indent=1)
    head = (f"# Issue 44's rows on {dev['name'] if dev else args.device} ({dev['platform'] if dev else ''}) "
            f"against scipy.fft\n\n```\n" + "\n".join(f"{k}: {v}" for k, v in env.items() if k != "device") + "\n```")
    open(os.path.join(args.out, "README.md"), "w").write(table(results, skipped, head))


if __name__ == "__main__":
    main()
