#!/usr/bin/env python3
"""Issue 32's PoCL goal for the plan cache: repeated `jitfft.mul` of two L-limb Python ints
(L = 2^16 by default) against the device end to end that `jitfft mul --json` reports for the
same operands (written as 0x-hex files and passed with --a/--b). Goal: Python's repeated call
≤ 1.5 × the CLI's end_to_end_ms median + 2 ms. Both run in this process's run, one after the
other, on the same device; products are checked against Python's own.

Usage: tools/peers/python_mul_cache.py --jitfft target/release/jitfft --out DIR [--limbs 65536]
[--repeat 20] [--seed 1]. Writes DIR/result.json and prints a summary; exit 1 if the goal is
missed or a product is wrong.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

import jitfft


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jitfft", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--limbs", type=int, default=2**16)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rnd = random.Random(a.seed)
    bits = 64 * a.limbs
    x = rnd.getrandbits(bits) | 1 << (bits - 1)
    y = rnd.getrandbits(bits) | 1 << (bits - 1)
    fa, fb = os.path.join(a.out, "a.hex"), os.path.join(a.out, "b.hex")
    with open(fa, "w") as f:
        f.write(hex(x))
    with open(fb, "w") as f:
        f.write(hex(y))
    cmd = [a.jitfft, "mul", "--a", fa, "--b", fb, "--repeat", str(a.repeat), "--json", "--quiet"]
    cli = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    # The one report schema: the device's name, the plan's method, the times under timing.
    cli = {**cli["details"], **cli["timing"], "device": cli["device"]["name"], "method": cli["plan"]["method"]}
    os.remove(fa)
    os.remove(fb)
    want = x * y
    t0 = time.perf_counter()
    first = jitfft.mul(x, y)
    first_s = time.perf_counter() - t0
    ts, ok = [], first == want
    for _ in range(a.repeat):
        t0 = time.perf_counter()
        z = jitfft.mul(x, y)
        ts.append((time.perf_counter() - t0) * 1e3)
        ok &= z == want
    e2e = cli["end_to_end_ms"]["median"]
    med = statistics.median(ts)
    goal = 1.5 * e2e + 2.0
    r = {
        "command_cli": " ".join(["jitfft"] + cmd[1:]).replace(a.out + "/", ""),
        "device": cli["device"],
        "limbs": a.limbs,
        "method": cli["method"],
        "cli_end_to_end_ms": cli["end_to_end_ms"],
        "cli_device_total_ms": cli["device_total_ms"],
        "python_first_call_s": first_s,
        "python_repeated_ms": {"median": med, "min": min(ts), "max": max(ts), "count": len(ts)},
        "goal_ms": goal,
        "ratio_to_cli_end_to_end": med / e2e,
        "met": med <= goal,
        "exact": ok,
        "plan_cache": jitfft.plan_cache_info(),
    }
    with open(os.path.join(a.out, "result.json"), "w") as f:
        json.dump(r, f, indent=1)
    print(f"{cli['device']}\nmul {a.limbs} × {a.limbs} limbs ({cli['method']}): CLI end to end "
          f"{e2e:.3f} ms; Python first call {first_s:.3f} s, repeated {med:.3f} ms "
          f"(min {min(ts):.3f}, max {max(ts):.3f}); goal ≤ {goal:.3f} ms: "
          f"{'met' if r['met'] else 'MISSED'}; exact: {ok}")
    sys.exit(0 if r["met"] and ok else 1)


if __name__ == "__main__":
    main()
