#!/usr/bin/env python3
"""Summary of tools/gpu/gpu_host_steps.sh (issue 28): wisdom A/B, bent host steps, overlap at 2^24,
the 3^19 npy-to-npy host time against device events, and the every-p table's compile times.
Usage: python3 tools/reports/host_steps_report.py OUT"""
import json, os, statistics, sys

out = sys.argv[1]


def load(name):
    try:
        with open(os.path.join(out, name)) as f:
            return json.load(f)
    except Exception:
        return None


def lines(name):
    rows = []
    try:
        with open(os.path.join(out, name)) as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                try:
                    rows.append(json.loads(line))
                except Exception:
                    rows.append({"bad": line[:200]})
    except Exception:
        pass
    return rows


def med(x):
    return x.get("median") if isinstance(x, dict) else x


def f(x, d=4):
    return "–" if x is None else ("%.*f" % (d, x))


print("# issue 28 on the GPU (tools/gpu/gpu_host_steps.sh)")
env = open(os.path.join(out, "env.txt")).read() if os.path.exists(os.path.join(out, "env.txt")) else ""
print(env.strip())
bw = load("bandwidth.json")
if bw:
    print("copy rate: %s" % json.dumps(bw)[:160])

def setup(x):
    """A run's schedule and launches (global/local work sizes), where the report has them."""
    s = (x or {}).get("setup") or {}
    if not s:
        return ""
    return " | %s %s passes (%s) launches %s" % (
        s.get("algorithm"), s.get("passes"), s.get("radices"),
        " ".join("%s/%s" % (l["global"], l["local"]) for l in s.get("launches", [])))


# A
t = [x for x in os.listdir(out) if x.startswith("tune_")]
if t:
    d = load(t[0]) or {}
    v = d.get("verification", {})
    print("\n## A. wisdom never slower (%s)" % t[0])
    if v:
        pre = d.get("default_before_explore")
        if pre:
            print("tune, default before explore: %s ms%s" % (f(med(pre["kernel_ms"])), setup(pre)))
        print("tune, timed the vc way: default %s ms%s" % (f(med(v["default"]["kernel_ms"])), setup(v["default"])))
        for c in v.get("contenders", []):
            print("  %-45s %s ms%s%s" % (c["label"], f(med(c["kernel_ms"])), " (error)" if c.get("error") else "", setup(c)))
        print("stored: %s (margin %.0f%%); explore's fastest (passes only): %s %s ms"
              % (d.get("stored"), 100 * v.get("margin", 0), d.get("best", {}).get("label"),
                 f(med(d.get("best", {}).get("kernel_ms", {})))))
    ab = lines("wisdom_ab.jsonl")
    by = {"tuned": [], "none": []}
    for r in ab:
        run = r.get("run") or {}
        k = med(run.get("kernel_ms", {}))
        if k is not None:
            by[r["wisdom"]].append(k)
        print("  vc wisdom=%-5s round %s: kernel %s ms, tuned=%s, rel.L2 %s%s" % (
            r.get("wisdom"), r.get("round"), f(k), run.get("tuned"),
            (run.get("check") or {}).get("rel_l2"), setup(run)))
    if by["tuned"] and by["none"]:
        a, b = statistics.median(by["tuned"]), statistics.median(by["none"])
        print("median of rounds: with wisdom %s ms, without %s ms: %.3f×" % (f(a), f(b), a / b))

# B
b = lines("bent.jsonl")
if b:
    print("\n## B. bent 2^20 × 3^4 (f32): kernel, upload, end to end, host steps (ms, medians)")
    for r in b:
        run = r.get("run") or {}
        hs = run.get("host_steps") or {}
        print("  %-9s kernel %s upload %s e2e %s | %s | bent %s of %s" % (
            r.get("variant"), f(run.get("kernel_ms")), f(run.get("upload_ms")), f(run.get("end_to_end_ms"), 3),
            " ".join("%s %s" % (k.replace("_ms", ""), f(v, 3)) for k, v in sorted(hs.items())),
            run.get("bent_count"), run.get("functions")))

# C
c = [x for x in os.listdir(out) if x.startswith("overlap_")]
if c:
    d = load(c[0]) or {}
    o = d.get("overlap") or {}
    print("\n## C. %s: events %s ms, floor (seq) %s ms, ratio %s (goal ≤ 1.10), host %s ms, convert in/out %s/%s ms, rel.L2 %s" % (
        c[0], f(med(o.get("events_ms", {}))), f(med(o.get("floor_sequential_ms", {}))), f(o.get("ratio"), 3),
        f(med(o.get("host_ms", {})), 2), f(med(o.get("convert_in_ms", {})), 2), f(med(o.get("convert_out_ms", {})), 2),
        (d.get("check") or {}).get("rel_l2")))

# D
n = [x for x in os.listdir(out) if x.startswith("npy_") and x.endswith(".jsonl")]
if n:
    print("\n## D. %s: complex64 .npy → complex64 .npy (f32), host steps (ms) and host/device" % n[0])
    for r in lines(n[0]):
        run = r.get("run") or {}
        hs = run.get("host_steps")
        wall = r.get("process_wall_s")
        if hs:
            rs = hs.get("runs", [])
            m = lambda k: statistics.median([x[k] for x in rs]) if rs else None
            print("  %-15s read %s scan %s | upload %s kernel %s download %s | write %s | device part %s ms = %.2f× events %s; file to file %s ms = %.2f×; first run %s ms; pinned alloc %s ms; process %s s" % (
                r.get("variant"), f(m("read_ms"), 1), f(m("scan_ms"), 1), f(m("upload_ms"), 1), f(m("kernel_ms"), 2),
                f(m("download_ms"), 1), f(m("write_ms"), 1), f(m("device_host_ms"), 1), hs.get("run_over_events", 0),
                f(m("device_events_ms"), 1), f(m("total_ms"), 1), hs.get("total_over_events", 0),
                f(hs.get("first", {}).get("total_ms"), 1), f(hs.get("first", {}).get("pinned_alloc_ms"), 1), wall))
        else:
            e2e = med(run.get("end_to_end_ms", {}))
            ev = sum(med(run.get(k, {})) or 0 for k in ("upload_ms", "kernel_ms", "download_ms"))
            print("  %-15s general path: end to end (execute, conversions in it) %s ms, events %s ms: %.2f×; process %s s" % (
                r.get("variant"), f(e2e, 1), f(ev, 1), (e2e / ev) if e2e and ev else float("nan"), wall))
    if os.path.exists(os.path.join(out, "npy_identity.txt")):
        print("  " + open(os.path.join(out, "npy_identity.txt")).read().strip())

# E
rows = lines("table/default.jsonl")
if rows:
    print("\n## E. every p: default plans (fresh cache): build (NVIDIA compile) and kernel")
    cu = {}
    cj = load("table/cufft.json") or {}
    for r in cj.get("results", []):
        cu[(r.get("p"), r.get("n"))] = med(r.get("fftn_ms") or r.get("kernel_ms") or r.get("ms") or {})
    for r in rows:
        plan = r.get("plan") or {}
        p, nn = plan.get("p"), plan.get("n")
        print("  %s^%s build %s s%s, kernel %s ms, passes %s (%s), rel.L2 %s" % (
            p, nn, f((r.get("build_ms") or 0) / 1e3, 2), " (cached)" if r.get("build_from_cache") else "",
            f(med(r.get("kernel_ms", {}))), r.get("passes"), r.get("radices"), (r.get("check") or {}).get("rel_l2")))
