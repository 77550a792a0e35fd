#!/usr/bin/env python3
"""Issue 36: jitfft's Python call on a CPU OpenCL device against scipy.fft.fftn(workers=2) and
pyFFTW (where it imports), on the same complex64 array, in one process, as a user would.

For each size p^n: one warm-up of each, then REPEAT rounds; each round times jitfft.vc(x,
device=DEV), scipy.fft.fftn(x, workers=W), pyFFTW (builders.fftn, threads=W, FFTW_ESTIMATE,
planned once before the rounds) and a VcPlan.execute(x) of the same default plan (for its
stats: kernel, pass, upload and download ms), the order rotated every round so a shared
machine's load hits all alike (A/B alternation), each after GAP ms idle (--gap-ms, 20: with the
rotation jitfft always followed pyFFTW, whose libgomp worker spins ~6 ms of CPU after each call,
which took 3-7 ms from jitfft's 1-10 ms calls on 2 cores). Also, per size, the machine's copy rate:
numpy.copyto of the same array into a second one (GB/s = 2 · bytes / time, read + write), and
its 2-thread rate (two halves in two threads). Accuracy: rel. L2 and max error of jitfft's
result against numpy.fft.fftn in complex128. The load average is recorded per size.

Usage: .venv-python/bin/python tools/peers/cpu_vs_scipy.py --out DIR [--device cpu]
         [--sizes 2^22,3^13,...] [--max-points 4194304] [--repeat 5] [--workers 2] [--gap-ms 20]
Default sizes: every p 2..32 at the largest n with p^n <= max-points, plus the issue's
3^14, 7^8. Writes DIR/results.json and DIR/README.md (a `p^n` row each, ratio column).
"""
import argparse, json, os, statistics, subprocess, sys, threading, time

ISSUE_SIZES = [(2, 22), (3, 13), (3, 14), (13, 5), (5, 9), (4, 11), (7, 8), (28, 4), (27, 4),
               (17, 5), (11, 6), (32, 4)]


def default_sizes(max_points):
    out = []
    for p in range(2, 33):
        n = 1
        while p ** (n + 1) <= max_points:
            n += 1
        out.append((p, n))
    for s in ISSUE_SIZES:
        if s not in out:
            out.append(s)
    return out


def stat(ts):
    return {"median": statistics.median(ts), "min": min(ts), "max": max(ts), "count": len(ts)}


def timed(f):
    t0 = time.perf_counter()
    f()
    return (time.perf_counter() - t0) * 1e3


def copy_rates(np, x):
    """ms of one numpy copy of x (1 thread) and of two halves in two threads."""
    dst = np.empty_like(x)
    np.copyto(dst, x)
    one = min(timed(lambda: np.copyto(dst, x)) for _ in range(3))
    fx, fd = x.reshape(-1), dst.reshape(-1)
    h = fx.size // 2

    def two():
        t = threading.Thread(target=np.copyto, args=(fd[:h], fx[:h]))
        t.start()
        np.copyto(fd[h:], fx[h:])
        t.join()
    two()
    both = min(timed(two) for _ in range(3))
    gbs = lambda ms: 2 * x.nbytes / (ms * 1e-3) / 1e9
    return {"copy_1t_ms": one, "copy_1t_gbs": gbs(one), "copy_2t_ms": both, "copy_2t_gbs": gbs(both)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--device", default=os.environ.get("JITFFT_DEVICE", "cpu"))
    ap.add_argument("--sizes", default=None, help="p^n,p^n,... (default: every p 2..32 + the issue's)")
    ap.add_argument("--max-points", type=int, default=1 << 22)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--gap-ms", type=float, default=20.0,
                    help="idle ms before each timed call (pyFFTW's libgomp worker spins ~6 ms of "
                         "CPU after every call; without a gap the next call shares the cores with it)")
    ap.add_argument("--label", default="", help="names the run in README.md (e.g. the runtime)")
    a = ap.parse_args()
    # pyFFTW's libgomp threads spin after each call and take both cores from the next library
    # timed (jitfft followed pyFFTW in 4 of 5 rounds: +4 ms at 22^4, docs/notes/cpu.md §7);
    # passive waiting lets them sleep at once. Must be set before libgomp loads.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    import numpy as np, scipy, scipy.fft, jitfft
    try:
        import pyfftw, pyfftw.builders
    except ImportError:
        pyfftw = None
    sizes = ([tuple(map(int, t.split("^"))) for t in a.sizes.split(",")] if a.sizes
             else default_sizes(a.max_points))
    os.makedirs(a.out, exist_ok=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "unknown"
    rec = {"date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "commit": commit,
           "command": " ".join([os.path.basename(sys.executable)] + sys.argv),
           "device": a.device, "scipy": scipy.__version__, "numpy": np.__version__,
           "pyfftw": getattr(pyfftw, "__version__", None), "workers": a.workers,
           "gap_ms": a.gap_ms,
           "cpus": os.cpu_count(), "cpu": cpu_name(), "load_before": load(),
           "omp_wait_policy": os.environ.get("OMP_WAIT_POLICY"), "results": []}
    rng = np.random.default_rng(1)
    for p, n in sizes:
        shape = (p,) * n
        x = (rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape)).astype(np.complex64)
        plan = jitfft.VcPlan(p, n, device=a.device)
        ref = np.fft.fftn(x.astype(np.complex128))
        y = jitfft.vc(x, device=a.device)  # warm-up (builds or loads the plan)
        err = y.astype(np.complex128) - ref
        rel_l2 = float(np.linalg.norm(err) / np.linalg.norm(ref))
        max_err = float(np.abs(err).max() / np.abs(ref).max())
        del ref, err, y
        fw = None
        if pyfftw is not None:
            fw = pyfftw.builders.fftn(pyfftw.byte_align(x.copy()), threads=a.workers,
                                      planner_effort="FFTW_ESTIMATE")
        runs = {
            "jitfft": lambda: jitfft.vc(x, device=a.device),
            "scipy": lambda: scipy.fft.fftn(x, workers=a.workers),
            "plan": lambda: plan.execute(x),
        }
        if fw is not None:
            runs["pyfftw"] = lambda: fw(x)
        for f in runs.values():
            f()
        names = list(runs)
        ts = {k: [] for k in names}
        for i in range(a.repeat):
            order = names[i % len(names):] + names[:i % len(names)]
            for k in order:
                time.sleep(a.gap_ms / 1e3)
                ts[k].append(timed(runs[k]))
        st = plan.stats()
        r = {"p": p, "n": n, "len": p ** n, "mb": x.nbytes / 1e6, "load": load(),
             "rel_l2": rel_l2, "max_err": max_err,
             "plan": {k: st.get(k) for k in ("passes", "radices", "kernels")},
             "algorithm": (st.get("plan") or {}).get("algorithm"),
             "kernel_ms": st.get("kernel_ms"), "pass_ms": st.get("pass_ms"),
             "upload_ms": st.get("upload_ms"), "download_ms": st.get("download_ms"),
             "end_to_end_ms": st.get("end_to_end_ms")}
        for k in names:
            r[k + "_ms"] = stat(ts[k])
        r.update(copy_rates(np, x))
        rec["results"].append(r)
        print("%d^%d jitfft %.2f ms (kernel %.2f) scipy %.2f ms%s ratio %.2f" % (
            p, n, r["jitfft_ms"]["median"], (r["kernel_ms"] or {}).get("median", float("nan")),
            r["scipy_ms"]["median"],
            " pyfftw %.2f ms" % r["pyfftw_ms"]["median"] if "pyfftw_ms" in r else "",
            r["scipy_ms"]["median"] / r["jitfft_ms"]["median"]), file=sys.stderr, flush=True)
        del plan, fw, x
    rec["load_after"] = load()
    json.dump(rec, open(os.path.join(a.out, "results.json"), "w"), indent=1)
    open(os.path.join(a.out, "README.md"), "w").write(readme(rec, a.label))


def cpu_name():
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown"


def load():
    return " ".join(open("/proc/loadavg").read().split()[:3])


def readme(rec, label):
    rs = rec["results"]
    fw = any("pyfftw_ms" in r for r in rs)
    out = ["# jitfft on %s against scipy.fft.fftn(workers=%d)%s, Python, complex64 in memory\n"
           % (label or "device %r" % rec["device"], rec["workers"], " and pyFFTW" if fw else ""),
           "```",
           "date: %s\ncommit: %s\ncommand: %s\ncpu: %d × %s\nscipy %s, numpy %s, pyFFTW %s\n"
           "load average before: %s, after: %s\nOMP_WAIT_POLICY=%s" % (
               rec["date"], rec["commit"], rec["command"], rec["cpus"], rec["cpu"], rec["scipy"],
               rec["numpy"], rec["pyfftw"], rec["load_before"], rec["load_after"],
               rec.get("omp_wait_policy")),
           "```\n",
           "Medians of %d alternated rounds after a warm-up, each call after %g ms idle, wall ms of the Python call. "
           "**ratio = scipy / jitfft** (> 1: jitfft faster). kernel: the plan's OpenCL events "
           "(VcPlan.stats(), same plan); copy: numpy.copyto of the same array, 2 threads; "
           "kernel/pass: the passes' bytes (2 × size each) at the copy rate against the "
           "kernel time (1.0 = every pass at copy speed).\n" % (rs[0]["jitfft_ms"]["count"], rec.get("gap_ms", 0)) if rs else "",
           "| size | MB | plan | jitfft ms | kernel ms | up + down ms | scipy ms | **ratio** |%s "
           "copy GB/s (2 t) | passes at copy %% | rel. L2 | load |" % (" pyFFTW ms | scipy / pyFFTW |" if fw else ""),
           "| --- | --- | --- | --- | --- | --- | --- | --- |%s --- | --- | --- | --- |" % (" --- | --- |" if fw else "")]
    for r in rs:
        j, s = r["jitfft_ms"]["median"], r["scipy_ms"]["median"]
        k = (r["kernel_ms"] or {}).get("median", float("nan"))
        ud = (r["upload_ms"] or {}).get("median", 0) + (r["download_ms"] or {}).get("median", 0)
        passes = r["plan"].get("passes") or 0
        floor = passes * 2 * r["mb"] / 1e3 / r["copy_2t_gbs"] * 1e3
        pf = " %.2f | %.2f× |" % (r["pyfftw_ms"]["median"], s / r["pyfftw_ms"]["median"]) if fw and "pyfftw_ms" in r else (" – | – |" if fw else "")
        out.append("| %d^%d | %.1f | %s r%s, %s passes | %.2f | %.2f | %.2f | %.2f | **%.2f×** |%s %.1f | %.0f%% | %.1e | %s |" % (
            r["p"], r["n"], r["mb"], r.get("algorithm"), r["plan"].get("radices"), passes, j, k, ud, s,
            s / j, pf, r["copy_2t_gbs"], 100 * floor / k if k else float("nan"), r["rel_l2"], r["load"]))
    slow = ["%d^%d %.2f×" % (r["p"], r["n"], r["scipy_ms"]["median"] / r["jitfft_ms"]["median"])
            for r in rs if r["scipy_ms"]["median"] < r["jitfft_ms"]["median"]]
    big = [r for r in rs if r["len"] >= 1 << 18]
    won = [r for r in big if r["scipy_ms"]["median"] >= 1.5 * r["jitfft_ms"]["median"]]
    out.append("\nslower than scipy: %s" % (", ".join(slow) or "none"))
    out.append("N ≥ 2^18: %d of %d sizes at ≥ 1.5× scipy" % (len(won), len(big)))
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
