#!/usr/bin/env python3
"""Summary of a tools/gpu/gpu_everyp.sh run (issue 14): one Markdown table of every size.

Usage: python3 tools/reports/everyp_report.py OUT [WORK]
OUT holds bandwidth.json, default.jsonl, wgdevice.jsonl, cufft.json; WORK (or OUT, or the
unpacked extra.tar.gz) holds tune_<p>_<n>.json. Earlier sizes are compared with the tuned
`vc --check` medians in bench-results/nvidia-h100/current/fused-tune/*/final.jsonl.
"""
import glob, json, os, sys


def jsonl(path):
    out = []
    if os.path.exists(path):
        for line in open(path):
            line = line.strip()
            if line:
                try:
                    out.append(json.loads(line))
                except ValueError:
                    pass
    return out


def load(path):
    try:
        return json.load(open(path))
    except (OSError, ValueError):
        return None


def key(r):
    return (r["plan"]["p"], r["plan"]["n"])


def main():
    out = sys.argv[1]
    work = sys.argv[2] if len(sys.argv) > 2 else out
    defaults = {key(r): r for r in jsonl(os.path.join(out, "default.jsonl"))}
    wgdev = {key(r): r for r in jsonl(os.path.join(out, "wgdevice.jsonl"))}
    pair = {key(r): r for r in jsonl(os.path.join(out, "pair.jsonl"))}
    bw = load(os.path.join(out, "bandwidth.json")) or []
    dev_name = next(iter(defaults.values()), {}).get("device", {}).get("name")
    copy = max((d["copy_gbs"] for d in bw if d.get("name") == dev_name), default=None)
    cufft = {}
    cu = load(os.path.join(out, "cufft.json"))
    if cu:
        for r in cu["results"]:
            cufft[(r["p"], r["n"])] = r["kernel_ms"]["median"]
    tuned = {}
    for f in glob.glob(os.path.join(work, "tune_*.json")):
        d = load(f)
        if not d:
            continue
        ok = [c for c in d.get("candidates", []) if not c.get("error")]
        if ok:
            p, n = map(int, os.path.basename(f)[5:-5].split("_"))
            tuned[(p, n)] = (ok[0], len(d.get("candidates", [])))
    here = os.path.dirname(os.path.abspath(__file__))
    ref = {}
    for f in glob.glob(os.path.join(here, "../../bench-results/nvidia-h100/current/fused-tune/*/final.jsonl")):
        for r in jsonl(f):
            ref[key(r)] = r["kernel_ms"]["median"]
    print("# gpu_everyp: every p at the largest n with p^n ≤ 2^28 (f32, data on the device)\n")
    print("Device: %s; copy rate %s GB/s (`devices --bandwidth`); kernel time = median of the"
          " timed runs; floor = passes × one copy (16·N bytes at the copy rate); %% of copy ="
          " floor / default; ratio = cuFFT / default; tuned = fastest `tune` candidate within"
          " its time budget (candidates timed of all); wg-device = default plan with the"
          " device's work-group maximum (JITFFT_KERNEL_WG=device); pair = default plan with"
          " pair-form codelets (JITFFT_CODELET=pair) where the default uses Rader codelets; earlier ="
          " the `vc --check` median (tuned plan, session 3) in"
          " bench-results/nvidia-h100/current/fused-tune/, with this run's default against it.\n"
          % (dev_name, "%.0f" % copy if copy else "?"))
    print("| size | N | default ms | passes (radices) | tuned ms (choice) | default/tuned | wg-device ms (passes) | pair ms |"
          " cuFFT ms | ratio | floor ms | % of copy | per pass % | rel. L2 | earlier (current/) |")
    print("| " + " | ".join(["---"] * 15) + " |")
    for k, r in defaults.items():
        p, n = k
        N = p ** n
        ms = r["kernel_ms"]["median"]
        one = 16 * N / (copy * 1e9) * 1e3 if copy else None
        floor = r["passes"] * one if one else None
        per = " ".join("%.0f" % (100 * one / x) for x in r.get("pass_ms", [])) if one else "–"
        t = tuned.get(k)
        tcell = "%.4f (%s, %d passes; %d cand.)" % (t[0]["kernel_ms"]["median"], t[0]["label"], t[0]["passes"], t[1]) if t else "–"
        ratio_t = "%.2f" % (ms / t[0]["kernel_ms"]["median"]) if t else "–"
        w = wgdev.get(k)
        wcell = "%.4f (%d)" % (w["kernel_ms"]["median"], w["passes"]) if w else "–"
        pr = pair.get(k)
        pcell = "%.4f" % pr["kernel_ms"]["median"] if pr else "–"
        c = cufft.get(k)
        chk = r.get("check") or {}
        print("| %d^%d | %d | %.4f | %d (%s) | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            p, n, N, ms, r["passes"], r["radices"], tcell, ratio_t, wcell, pcell,
            "%.4f" % c if c else "–", "%.1f×" % (c / ms) if c else "–",
            "%.4f" % floor if floor else "–", "%.0f%%" % (100 * floor / ms) if floor else "–", per,
            "%.2e" % chk["rel_l2"] if "rel_l2" in chk else "–",
            "%.4f (%+.1f%%)" % (ref[k], 100 * (ms / ref[k] - 1)) if k in ref else "–"))
    missing = [s for s in os.environ.get("SIZES", "").split() if tuple(map(int, s.split(":"))) not in defaults]
    if missing:
        print("\nNo default result for: %s (see log.txt in extra.tar.gz)" % " ".join(missing))


if __name__ == "__main__":
    main()
