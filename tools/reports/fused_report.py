#!/usr/bin/env python3
"""Markdown summary of a tools/gpu/gpu_explore.sh result folder: jitfft's tuned schedule (checked
against the f64 reference) beside torch.fft.fftn (cuFFT) from the same run, with per-pass
bandwidth as a fraction of the measured copy bandwidth.

Usage: python3 tools/reports/fused_report.py DIR > DIR/SUMMARY.md
"""
import json, sys, os

d = sys.argv[1]
final = [json.loads(l) for l in open(os.path.join(d, "final.jsonl")) if l.strip()]
cufft = json.load(open(os.path.join(d, "cufft.json")))
bw = [b for b in json.load(open(os.path.join(d, "bandwidth.json"))) if "copy_gbs" in b and "NVIDIA" in b["name"]]
copy = bw[0]["copy_gbs"] if bw else float("nan")
peer = {(r["p"], r["n"]): r["kernel_ms"]["median"] for r in cufft["results"]}
env = open(os.path.join(d, "env.txt")).read().strip().splitlines()
print("# Fused VC passes beside cuFFT on the same GPU, same run\n")
for l in env:
    print(f"- {l}")
print(f"- copy bandwidth (device-to-device copy, OpenCL events, read + write): {copy:.0f} GB/s; "
      f"torch's copy in the same run: {cufft['copy_gbs']:.0f} GB/s")
print(f"- peer: {cufft['tool']}, torch {cufft['torch']}, CUDA {cufft['cuda']}, complex64, CUDA events, median of 30 after 5 warm-ups")
print("- jitfft: `jitfft tune vc` per size (every candidate timed, passes only), then "
      "`jitfft vc --p P --n N --check --random 7 --repeat 10 --device gpu --json` with the tuned choice; "
      "kernel time = sum of the passes' profiling events, median of 10 after 1 warm-up\n")
print("| size | jitfft schedule | passes | jitfft kernel ms (min–max) | per-pass ms | per-pass GB/s (% of copy) | cuFFT ms | speedup | rel L2 | max abs | upload ms | download ms |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for r in final:
    pl = r["plan"]
    p, n = pl["p"], pl["n"]
    one = 2 * pl["len"] * 8  # bytes one f32 pass reads + writes
    per = r["pass_ms"]
    gbs = [one / (x * 1e-3) / 1e9 for x in per]
    c = peer.get((p, n))
    k = r["kernel_ms"]
    print(f"| {p}^{n} | {r['tuned'] or pl['algorithm']} | {r['passes']} ({r['radices']}) | {k['median']:.4f} ({k['min']:.4f}–{k['max']:.4f}) | "
          + " ".join(f"{x:.4f}" for x in per) + " | "
          + " ".join(f"{g:.0f} ({100*g/copy:.0f}%)" for g in gbs)
          + f" | {c:.4f} | {c / k['median']:.1f}× | {r['check']['rel_l2']:.2e} | {r['check']['max_abs']:.2e} | "
          f"{r['upload_ms']['median']:.3f} | {r['download_ms']['median']:.3f} |")
