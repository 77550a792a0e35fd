#!/usr/bin/env python3
"""The table of tools/gpu/fft_table.sh's run folder: per row, jitfft's kernel time (median,
min, max), launches, % of the copy rate a launch reaches, the check, and the peers measured in
the same call (cuFFT, VkFFT) with jitfft's speed-up over each."""

import json
import os
import sys

ROWS = ["fft 2^20", "fft 2^24", "fft 2^28", "fft 3^15", "fft 1000000", "fft 1000003",
        "fft2 4096x4096", "fft2 1000x768", "fftn 256x256x256", "fftn 512x512x512",
        "batch 16384 x fft 1024", "rfft 2^24", "rfftn 512x512x512"]


def main(folder):
    peers = {}
    try:
        with open(os.path.join(folder, "peers.json")) as f:
            peers = json.load(f)
    except (OSError, ValueError):
        pass
    print("# jitfft fft: the any-shape FFT beside cuFFT and VkFFT (f32, device resident)\n")
    try:
        print("```\n" + open(os.path.join(folder, "env.txt")).read() + "```\n")
    except OSError:
        pass
    if "_env" in peers:
        print(f"peers: torch {peers['_env']['torch']} (CUDA {peers['_env']['cuda']}), "
              f"{peers['_env']['gpu']}\n")
    if isinstance(peers.get("_vkfft"), dict):
        v = peers["_vkfft"]
        print(f"VkFFT {v['version']} (OpenCL backend, tools/peers/vkfft_cl_bench.c) on {v['device']}, "
              f"driver {v['driver']}: {v['timing']}\n")
    tuned = os.path.isdir(os.path.join(folder, "tune"))
    tune_head = " schedule (tune fft) | default's ms |" if tuned else ""
    base = baseline(folder)
    base_head = f" {base['label']} ms (min–max) | this over it |" if base else ""
    print("| row | jitfft ms (min–max) | launches | % of copy a launch | check rel L2 | cuFFT ms | "
          f"× cuFFT | VkFFT ms (min–max) | × VkFFT | VkFFT check | copy ms |{tune_head}{base_head}")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
          + (" --- | --- |" if tuned else "") + (" --- | --- |" if base else ""))
    for name in ROWS:
        path = os.path.join(folder, "rows", name.replace(" ", "_").replace("^", "p") + ".json")
        try:
            r = json.load(open(path))
        except (OSError, ValueError):
            if os.path.exists(path) or name in peers:
                print(f"| {name} | not run (see log.txt) | | | | | | | | | |")
            continue
        k = r["timing"]["kernel_ms"]
        launches = r["plan"]["launches"]
        chk = r.get("check", {})
        p = peers.get(name, {})
        cu, vk, cp = p.get("cufft_ms"), p.get("vkfft_ms"), p.get("copy_ms")
        pct = f"{100 * cp / (k['median'] / launches):.0f}%" if cp else ""
        fmt = lambda x: f"{x:.3f}" if isinstance(x, (int, float)) else "—"
        ratio = lambda x: f"{x / k['median']:.2f}×" if isinstance(x, (int, float)) else "—"
        ok = "ok" if chk.get("passed") else "FAILED"
        vk_cell = fmt(vk)
        if isinstance(vk, (int, float)) and "vkfft_min_ms" in p:
            vk_cell += f" ({p['vkfft_min_ms']:.3f}–{p['vkfft_max_ms']:.3f})"
        vk_chk = (f"{p['vkfft_check_max_err']:.1e} ({p['vkfft_check_points']} points)"
                  if "vkfft_check_max_err" in p else "")
        tune_cells = ""
        if tuned:
            t = {}
            try:
                t = json.load(open(path.replace(os.sep + "rows" + os.sep, os.sep + "tune" + os.sep)))
            except (OSError, ValueError):
                pass
            label = r.get("details", {}).get("tuned") or "default (no wisdom)"
            tune_cells = f" {label} | {fmt(t.get('default_ms'))} |"
        if base:
            b = base["rows"].get(os.path.basename(path), {}).get("timing", {}).get("kernel_ms")
            tune_cells += (f" {b['median']:.3f} ({b['min']:.3f}–{b['max']:.3f}) | "
                           f"{k['median'] / b['median']:.2f} |" if b else " — | — |")
        print(f"| {name} | {k['median']:.3f} ({k['min']:.3f}–{k['max']:.3f}) | {launches} | {pct} | "
              f"{chk.get('rel_l2', float('nan')):.1e} {ok} | {fmt(cu)} | {ratio(cu)} | {vk_cell} | "
              f"{ratio(vk)} | {vk_chk} | {fmt(cp)} |{tune_cells}")
    why = {p.get("vkfft") for p in peers.values() if isinstance(p, dict) and p.get("vkfft")}
    if why:
        print(f"\nVkFFT: {sorted(why)[0]}")
    print("\n× cuFFT, × VkFFT: the peer's time over jitfft's (above 1: jitfft faster). % of copy "
          "a launch: the device copy of the same bytes over jitfft's time per launch. VkFFT check: "
          "the largest error of a few output points of its forward transform of random input "
          "against the direct sum in double, over the input's L2 norm."
          + (" schedule: the `tune fft` choice the row ran (wisdom of this call); default's ms: "
             "the default schedule's median in the same `tune fft` run (10 runs)." if tuned else "")
          + (f" {base['label']}: the same rows run by the baseline binary (BASELINE_BIN) in this "
             "call, before the peers; this over it: this binary's median over the baseline's "
             "(below 1: faster)." if base else ""))


def baseline(folder):
    """The baseline binary's rows (fft_table.sh's BASELINE_BIN), if this call ran them."""
    try:
        with open(os.path.join(folder, "baseline.json")) as f:
            d = json.load(f)
        return {"label": d["label"], "rows": d["rows"]}
    except (OSError, ValueError, KeyError):
        return None


if __name__ == "__main__":
    main(sys.argv[1])
