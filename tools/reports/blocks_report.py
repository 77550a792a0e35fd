#!/usr/bin/env python3
"""Summary of a tools/gpu/gpu_blocks.sh run: the default plan (lane blocks where the model takes
them) against JITFFT_LANE_BLOCKS=off (lane digits) and cuFFT, one Markdown table.

Usage: python3 tools/reports/blocks_report.py OUT
OUT holds bandwidth.json, blocks.jsonl, off.jsonl, cufft.json (as gpu_blocks.sh writes them).
"""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from everyp_report import jsonl, key, load  # noqa: E402  (the same result files)


def plan_cell(r):
    blocks = [k.rsplit("_block", 1)[1] for k in r.get("kernels", []) if "_block" in k]
    # "h": exchanges in real/imaginary halves
    cell = "%d (%s)" % (r["passes"], r["radices"])
    if blocks:
        cell += ", blocks of " + "/".join(blocks)
    return cell


def main():
    out = sys.argv[1]
    new = {key(r): r for r in jsonl(os.path.join(out, "blocks.jsonl"))}
    old = {key(r): r for r in jsonl(os.path.join(out, "off.jsonl"))}
    alt = "off"
    for name in ("env.txt", "alt.txt"):  # alt.txt: runs before the mode moved into env.txt
        try:
            for line in open(os.path.join(out, name)):
                if name == "alt.txt" or line.startswith("alt:"):
                    alt = line.split(":", 1)[-1].strip() or alt
        except OSError:
            pass
    what = {"off": "lane digits, the plan before", "whole": "blocks without real/imaginary halves"}.get(alt, alt)
    bw = load(os.path.join(out, "bandwidth.json")) or []
    dev_name = next(iter(new.values()), {}).get("device", {}).get("name")
    copy = max((d["copy_gbs"] for d in bw if d.get("name") == dev_name), default=None)
    cufft = {}
    cu = load(os.path.join(out, "cufft.json"))
    if cu:
        for r in cu["results"]:
            cufft[(r["p"], r["n"])] = r["kernel_ms"]["median"]
    print("# gpu_blocks: lane blocks against lane digits and cuFFT (f32, data on the device)\n")
    print("Device: %s; copy rate %s GB/s (`devices --bandwidth`); kernel time = median (min–max)"
          " of the timed runs; default = the plan with no wisdom (lane blocks where the model"
          " takes them); %s = JITFFT_LANE_BLOCKS=%s (%s); one copy ="
          " 16·N bytes at the copy rate; %% of copy = passes × one copy / time; per pass = one"
          " copy / pass time.\n" % (dev_name, "%.0f" % copy if copy else "?", alt, alt, what))
    print("| size | default ms | plan | %% of copy | per pass %% | %s ms | %s plan | %s/default |"
          " cuFFT ms | cuFFT/default | rel. L2 |" % (alt, alt, alt))
    print("| " + " | ".join(["---"] * 11) + " |")
    for k, r in new.items():
        p, n = k
        N = p ** n
        ms = r["kernel_ms"]["median"]
        spread = "%.4f (%.4f–%.4f)" % (ms, r["kernel_ms"]["min"], r["kernel_ms"]["max"])
        one = 16 * N / (copy * 1e9) * 1e3 if copy else None
        pct = "%.0f%%" % (100 * r["passes"] * one / ms) if one else "–"
        per = " ".join("%.0f" % (100 * one / x) for x in r.get("pass_ms", [])) if one else "–"
        o = old.get(k)
        c = cufft.get(k)
        chk = r.get("check") or {}
        print("| %d^%d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            p, n, spread, plan_cell(r), pct, per,
            "%.4f" % o["kernel_ms"]["median"] if o else "–", plan_cell(o) if o else "–",
            "%.2f×" % (o["kernel_ms"]["median"] / ms) if o else "–",
            "%.4f" % c if c else "–", "%.1f×" % (c / ms) if c else "–",
            "%.2e" % chk["rel_l2"] if "rel_l2" in chk else "–"))


if __name__ == "__main__":
    main()
