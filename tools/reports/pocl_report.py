#!/usr/bin/env python3
"""Markdown for bench-results/pocl-cpu/current/peers: jitfft variants on PoCL (direct.jsonl) beside
scipy.fft.fftn (scipy.json). Usage: python3 tools/reports/pocl_report.py DIR > DIR/README.md"""
import json, os, sys

B = sys.argv[1]
sc = json.load(open(os.path.join(B, "scipy.json")))
peer = {(r["p"], r["n"]): r["wall_ms"] for r in sc["results"]}
rows = [json.loads(l) for l in open(os.path.join(B, "direct.jsonl")) if l.strip()]
env = open(os.path.join(B, "env.txt")).read().strip().splitlines()
print("# jitfft on PoCL beside scipy.fft.fftn on the same 2-core machine (issue 4's CPU target)\n")
for l in env:
    print("- " + l)
print(f"- peer: {sc['tool']} {sc['scipy']} (numpy {sc['numpy']}), complex64, workers = {sc['workers']}, wall time, "
      f"median of 10 after a warm-up: `{sc['command']}`")
print("- jitfft: `tools/peers/pocl_direct.sh`, i.e. `jitfft vc --p P --n N <variant> --check --random 7 --repeat 5 --device cpu --json` "
      "(direct.jsonl); kernel time from OpenCL profiling events on PoCL 3.1, median of 5 after a warm-up; end to end = host "
      "wall time of `execute` (conversion into pinned memory, upload, passes, download, conversion out)")
print("- `tune` on PoCL finished for 3^14 (tune_3_14.json, CT radix 9 literal fastest); for 4^11 it ran over 7 minutes "
      "(LLVM compiling the largest fused candidates) and was stopped, so the variants below are timed directly.\n")
print("| size | jitfft variant | passes | kernel ms (min–max) | end-to-end ms | scipy ms (min–max) | speedup (kernel) | speedup (end to end) | rel L2 |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for r in rows:
    R = r["report"]; pl = R["plan"]; k = R["kernel_ms"]; e = R["end_to_end_ms"]; s = peer[(pl["p"], pl["n"])]
    var = pl["algorithm"] + (f" r{pl['radix']} {pl['coeffs']}" if pl["algorithm"] != "fused" else f" digits≤{pl['fused_digits'] or 'auto'}")
    print(f"| {pl['p']}^{pl['n']} | {var} | {R['passes']} ({R['radices']}) | {k['median']:.2f} ({k['min']:.2f}–{k['max']:.2f}) | "
          f"{e['median']:.1f} | {s['median']:.1f} ({s['min']:.1f}–{s['max']:.1f}) | {s['median']/k['median']:.1f}× | "
          f"{s['median']/e['median']:.1f}× | {R['check']['rel_l2']:.1e} |")
print("\nOn this CPU device the fused passes lose to the paper's CT/CG kernels (PoCL runs the work-items of a")
print("work-group as loops around each barrier), so without wisdom `vc` defaults to CT with literal")
print("coefficients and radix p^m ≤ 16 (p = 2: 8) on CPU devices, and to fused passes on GPUs.")
