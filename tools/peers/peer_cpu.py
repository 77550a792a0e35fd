#!/usr/bin/env python3
"""CPU peer: times scipy.fft.fftn over shape (p,)*n (complex64) with all cores (workers=-1 or
--workers), wall clock, median of repeats after a warm-up. Writes JSON.

Usage: python3 tools/peers/peer_cpu.py --sizes 3^14,4^11,2^22 [--workers 2] [--repeats 10] [--out FILE]
"""
import argparse, json, os, statistics, sys, time

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", required=True)
    ap.add_argument("--workers", type=int, default=os.cpu_count())
    ap.add_argument("--repeats", type=int, default=10)
    ap.add_argument("--out", default="-")
    a = ap.parse_args()
    import numpy as np, scipy, scipy.fft
    rng = np.random.default_rng(1)
    rec = {"tool": "scipy.fft.fftn", "scipy": scipy.__version__, "numpy": np.__version__,
           "workers": a.workers, "cpus": os.cpu_count(),
           "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "command": " ".join(sys.argv),
           "results": []}
    for tok in a.sizes.split(","):
        p, n = map(int, tok.split("^"))
        shape = (p,) * n
        x = (rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape)).astype(np.complex64)
        scipy.fft.fftn(x, workers=a.workers)
        ts = []
        for _ in range(a.repeats):
            t0 = time.perf_counter()
            scipy.fft.fftn(x, workers=a.workers)
            ts.append((time.perf_counter() - t0) * 1e3)
        rec["results"].append({"p": p, "n": n, "len": p ** n,
                               "wall_ms": {"median": statistics.median(ts), "min": min(ts), "max": max(ts), "count": len(ts)}})
    text = json.dumps(rec, indent=1)
    print(text) if a.out == "-" else open(a.out, "w").write(text)

if __name__ == "__main__":
    main()
