#!/usr/bin/env python3
"""cuFFT peer: times torch.fft.fftn over shape (p,)*n (complex64, data on the GPU) with CUDA
events, and a device copy for the bandwidth ceiling. Writes JSON.

Usage: python3 tools/peers/peer_cufft.py --sizes 3^12,3^16,4^13,2^28 [--repeats 30] [--out FILE]
"""
import argparse, json, statistics, sys, time

def parse_sizes(s):
    out = []
    for tok in s.split(","):
        p, n = tok.split("^")
        out.append((int(p), int(n)))
    return out

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", required=True)
    ap.add_argument("--repeats", type=int, default=30)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--out", default="-")
    a = ap.parse_args()
    import torch
    dev = torch.device("cuda")
    def timed(fn):
        for _ in range(a.warmup):
            fn()
        torch.cuda.synchronize()
        ts = []
        for _ in range(a.repeats):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record(); fn(); e.record(); e.synchronize()
            ts.append(s.elapsed_time(e))
        return {"median": statistics.median(ts), "min": min(ts), "max": max(ts), "count": len(ts)}
    rec = {
        "tool": "torch.fft.fftn (cuFFT)", "torch": torch.__version__, "cuda": torch.version.cuda,
        "device": torch.cuda.get_device_name(0), "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "command": " ".join(sys.argv), "results": [],
    }
    big = torch.empty(256 << 20, dtype=torch.uint8, device=dev)
    dst = torch.empty_like(big)
    t = timed(lambda: dst.copy_(big))
    rec["copy_gbs"] = 2 * big.numel() / (t["median"] * 1e-3) / 1e9
    del big, dst
    for p, n in parse_sizes(a.sizes):
        shape = (p,) * n
        g = torch.Generator(device=dev).manual_seed(1)
        x = torch.complex(torch.rand(shape, device=dev, generator=g) * 2 - 1,
                          torch.rand(shape, device=dev, generator=g) * 2 - 1)
        t = timed(lambda: torch.fft.fftn(x))
        rec["results"].append({"p": p, "n": n, "len": p ** n, "kernel_ms": t})
        del x
        torch.cuda.empty_cache()
    text = json.dumps(rec, indent=1)
    if a.out == "-":
        print(text)
    else:
        open(a.out, "w").write(text)

if __name__ == "__main__":
    main()
