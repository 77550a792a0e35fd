#!/usr/bin/env python3
"""Issue 42 on PoCL: the Python front end's real-input and Walsh–Hadamard calls against the
complex call of the same points, repeated host to host in one process:

    jitfft.rvc(x), x float32 of shape (3,)*12   beside   jitfft.vc(z), z complex64 (3,)*12
    jitfft.wht(x), x float32 of 2^20 values     beside   jitfft.vc(z), z complex64 (2,)*20

Goal ("Done when"): each left call takes no longer than its right one (the real input moves
half the bytes). Each call is warmed up once (plan built and cached), then timed `--repeats`
times; rounds alternate the two sides so that load from other processes falls on both; the
report gives each side's median over rounds (of the per-round medians) and the fastest call.
Results are checked against numpy (rfftn, and the fast transform through scipy's Hadamard
matrix on one short row) so a fast wrong answer cannot pass.

    python3 tools/peers/python_real_wht_vs_vc.py --out DIR [--rounds 5] [--repeats 20]

QUICK=1 (or --quick): small sizes, (3,)*8 and 2^14, to check the script. Writes DIR/result.json
and DIR/README.md (command, date, commit, device, numbers); prints the README.
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


def timed(f, repeats):
    ts = []
    for _ in range(repeats):
        t = time.perf_counter()
        f()
        ts.append((time.perf_counter() - t) * 1e3)
    return ts


def pair(name, left, right, rounds, repeats):
    """Alternating rounds of the two calls; medians of the rounds' medians, fastest calls."""
    left(), right()  # build and cache both plans
    lm, rm, lmin, rmin = [], [], [], []
    for _ in range(rounds):
        a = timed(left, repeats)
        b = timed(right, repeats)
        lm.append(statistics.median(a)), rm.append(statistics.median(b))
        lmin.append(min(a)), rmin.append(min(b))
    lmed, rmed = statistics.median(lm), statistics.median(rm)
    return {"row": name, "left_ms": lmed, "right_ms": rmed, "left_min_ms": min(lmin),
            "right_min_ms": min(rmin), "ratio": lmed / rmed, "met": lmed <= rmed,
            "left_rounds_ms": lm, "right_rounds_ms": rm}


def hadamard_check(rng):
    """wht of one float32 row of 2^10 against the dense Sylvester matrix (f64)."""
    h = np.array([[1.0]])
    for _ in range(10):
        h = np.block([[h, h], [h, -h]])
    x = rng.standard_normal(1 << 10).astype(np.float32)
    y = jitfft.wht(x)
    want = h @ x.astype(np.float64)
    return y.dtype == np.float32 and np.linalg.norm(y - want) / np.linalg.norm(want) < 1e-5


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--repeats", type=int, default=20)
    ap.add_argument("--quick", action="store_true", default=os.environ.get("QUICK") == "1")
    a = ap.parse_args()
    load_before = os.getloadavg()[0]
    rn, wk = (8, 14) if a.quick else (12, 20)
    rng = np.random.default_rng(1)
    x3 = rng.standard_normal((3,) * rn).astype(np.float32)
    z3 = (rng.standard_normal((3,) * rn) + 1j * rng.standard_normal((3,) * rn)).astype(np.complex64)
    x2 = rng.standard_normal(1 << wk).astype(np.float32)
    z2 = (rng.standard_normal((2,) * wk) + 1j * rng.standard_normal((2,) * wk)).astype(np.complex64)
    y = jitfft.rvc(x3)
    want = np.fft.rfftn(x3.astype(np.float64))
    checks = {
        "rvc_dtype": str(y.dtype),
        "rvc_rel_l2": float(np.linalg.norm(y - want) / np.linalg.norm(want)),
        "wht_dtype": str(jitfft.wht(x2).dtype),
        "wht_against_hadamard": bool(hadamard_check(rng)),
    }
    rows = [
        pair("rvc float32 (3,)*%d vs vc complex64 (3,)*%d" % (rn, rn),
             lambda: jitfft.rvc(x3), lambda: jitfft.vc(z3), a.rounds, a.repeats),
        pair("wht float32 2^%d vs vc complex64 (2,)*%d" % (wk, wk),
             lambda: jitfft.wht(x2), lambda: jitfft.vc(z2), a.rounds, a.repeats),
    ]
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
    except OSError:
        commit = "unknown"
    meta = {
        "command": " ".join([os.path.basename(sys.executable)] + sys.argv),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": os.environ.get("JITFFT_COMMIT", commit),
        "module": getattr(jitfft._jitfft, "__file__", "?"),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "device": (jitfft.devices() or [{}])[0].get("name"),
        "cores": os.cpu_count(),
        "load_before": load_before,
        "rounds": a.rounds,
        "repeats": a.repeats,
    }
    meta["load_after"] = os.getloadavg()[0]
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "result.json"), "w") as f:
        json.dump({"meta": meta, "checks": checks, "rows": rows}, f, indent=1, default=str)
    lines = ["# Python rvc and wht against vc of the same points (issue 42, PoCL)", "",
             "command: `%s`  " % meta["command"], "date: %s  " % meta["date"],
             "commit: %s  " % meta["commit"], "module: %s  " % meta["module"],
             "device: %s; %d cores; load average %.2f before, %.2f after  " % (
                 meta["device"], meta["cores"], meta["load_before"], meta["load_after"]),
             "checks: %s" % json.dumps(checks), "",
             "Medians over %d alternating rounds of %d calls each (ms); goal: left ≤ right." % (
                 a.rounds, a.repeats), "",
             "| row | left | right | ratio | fastest left | fastest right | met |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        lines.append("| %s | %.3f | %.3f | %.2f | %.3f | %.3f | %s |" % (
            r["row"], r["left_ms"], r["right_ms"], r["ratio"], r["left_min_ms"],
            r["right_min_ms"], "yes" if r["met"] else "no"))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(a.out, "README.md"), "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
