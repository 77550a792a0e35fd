#!/usr/bin/env python3
"""torch peer of tools/gpu/gpu_mvl.sh (issues 13, 14): on the same GPU in the same run,
CUDA events, data on the device unless stated:
- bent: B ternary functions of n = 4 variables as uint8 (B, 81): decode eps[f] (complex64),
  torch.fft.fftn over the last 4 dims, |S|, amin/amax per function, bent = both == 9 within
  1e-3; kernel time, and end to end from pinned host memory (H2D of the bytes, the pipeline,
  the verdicts back);
- upload: pinned H2D of 3^16 uint8 against 3^16 complex64;
- decode + fftn of 3^16 from uint8;
- batched fftn over the last n dims: (2^20, 3,3,3,3) and (2^14, 2,...,2) complex64;
- a device copy of 256 MiB for the copy rate.
Usage: python3 tools/peers/peer_mvl.py [--quick] [--repeats 20] [--out FILE]
"""
import argparse, json, statistics, sys, time

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--repeats", type=int, default=20)
    ap.add_argument("--out", default="-")
    a = ap.parse_args()
    import math
    import torch
    dev = torch.device("cuda")

    def timed(fn, warmup=3):
        for _ in range(warmup):
            fn()
        torch.cuda.synchronize()
        ts = []
        for _ in range(a.repeats):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record(); fn(); e.record(); e.synchronize()
            ts.append(s.elapsed_time(e))
        return {"median": statistics.median(ts), "min": min(ts), "max": max(ts), "count": len(ts)}

    def wall(fn, warmup=2):
        for _ in range(warmup):
            fn()
        torch.cuda.synchronize()
        ts = []
        for _ in range(a.repeats):
            t0 = time.perf_counter(); fn(); torch.cuda.synchronize()
            ts.append((time.perf_counter() - t0) * 1e3)
        return {"median": statistics.median(ts), "min": min(ts), "max": max(ts), "count": len(ts)}

    rec = {"tool": "torch (cuFFT)", "torch": torch.__version__, "cuda": torch.version.cuda,
           "device": torch.cuda.get_device_name(0),
           "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "command": " ".join(sys.argv)}
    big = torch.empty(256 << 20, dtype=torch.uint8, device=dev)
    dst = torch.empty_like(big)
    t = timed(lambda: dst.copy_(big))
    rec["copy_gbs"] = 2 * big.numel() / (t["median"] * 1e-3) / 1e9
    del big, dst

    # bent classification of B ternary functions of 4 variables
    B = 1 << (10 if a.quick else 20)
    g = torch.Generator(device=dev).manual_seed(1)
    f = torch.randint(0, 3, (B, 81), device=dev, dtype=torch.uint8, generator=g)
    eps = torch.exp(2j * math.pi * torch.arange(3, device=dev) / 3).to(torch.complex64)
    def classify(fd):
        x = eps[fd.long()].reshape(-1, 3, 3, 3, 3)
        s = torch.fft.fftn(x, dim=(1, 2, 3, 4)).abs().reshape(-1, 81)
        lo, hi = s.amin(dim=1), s.amax(dim=1)
        return ((lo - 9).abs() < 1e-3) & ((hi - 9).abs() < 1e-3)
    host = f.cpu().pin_memory()
    rec["bent"] = {"functions": B, "kernel_ms": timed(lambda: classify(f)),
                   "end_to_end_ms": wall(lambda: classify(host.to(dev, non_blocking=True)).cpu()),
                   "bent_count_random": int(classify(f).sum())}
    del f, host
    torch.cuda.empty_cache()

    # upload of 3^16 as uint8 against complex64 (pinned), and decode + fftn from uint8
    n16 = 8 if a.quick else 16
    N = 3 ** n16
    hu8 = torch.randint(0, 3, (N,), dtype=torch.uint8).pin_memory()
    hc64 = torch.zeros(N, dtype=torch.complex64).pin_memory()
    du8 = torch.empty(N, dtype=torch.uint8, device=dev)
    dc64 = torch.empty(N, dtype=torch.complex64, device=dev)
    rec["upload"] = {"p": 3, "n": n16, "u8_ms": timed(lambda: du8.copy_(hu8, non_blocking=True)),
                     "c64_ms": timed(lambda: dc64.copy_(hc64, non_blocking=True))}
    rec["truth_fftn"] = {"p": 3, "n": n16, "kernel_ms": timed(
        lambda: torch.fft.fftn(eps[du8.long()].reshape((3,) * n16)))}
    del hu8, hc64, du8, dc64
    torch.cuda.empty_cache()

    # batched fftn over the last n dims
    rec["batched"] = []
    for (b, p, n) in ([(1 << 10, 3, 4), (1 << 6, 2, 10)] if a.quick else [(1 << 20, 3, 4), (1 << 14, 2, 10)]):
        shape = (b,) + (p,) * n
        x = torch.complex(torch.rand(shape, device=dev, generator=g) * 2 - 1,
                          torch.rand(shape, device=dev, generator=g) * 2 - 1)
        dims = tuple(range(1, n + 1))
        rec["batched"].append({"batch": b, "p": p, "n": n,
                               "kernel_ms": timed(lambda: torch.fft.fftn(x, dim=dims))})
        del x
        torch.cuda.empty_cache()
    text = json.dumps(rec, indent=1)
    if a.out == "-":
        print(text)
    else:
        open(a.out, "w").write(text)

if __name__ == "__main__":
    main()
